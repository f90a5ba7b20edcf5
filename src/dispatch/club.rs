//! The club's messages (issue 62, items 3, 5, 7 and 8): challenges posted to the lobby and
//! accepted, a game's terms (its time control, whether it is rated, a draw offered, how it
//! ended), what a seat may do besides giving orders (resign, offer or accept a draw, claim a
//! game whose deadline passed, ask for a rematch), a game's chat, and the ladder.

use serde::{Deserialize, Serialize};

use crate::rules::params::Parameters;

/// The longest time control a challenge may set, in hours per side turn (two weeks).
pub const MOST_HOURS: u32 = 14 * 24;
/// The longest chat line, in characters.
pub const MOST_CHAT: usize = 1000;

/// A challenge to post in the lobby: the battle (one the server has, or a scenario shared on
/// it), its optional rules, the side the challenger plays (either: the server draws it), the
/// hours each side turn may take (none: no deadline), rated or not, and open to anyone or
/// to one named player.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Challenge {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scenario: Option<String>,
    /// A scenario shared on the server, by its id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shared: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parameters: Option<Box<Parameters>>,
    /// The challenger's side, 0 or 1; none: either.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<u8>,
    /// Hours each side turn may take; none: no deadline.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hours: Option<u32>,
    #[serde(default)]
    pub rated: bool,
    /// The one player who may accept it; none: anyone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
}

/// A challenge as the lobby lists it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Posted {
    pub id: String,
    /// Who posted it, by his account's name.
    pub by: String,
    /// The battle's name, and its file (or the shared scenario's id).
    pub battle: String,
    pub scenario: String,
    /// The sides' names, first and second.
    pub sides: [String; 2],
    /// The challenger's side; none: either.
    pub side: Option<u8>,
    pub hours: Option<u32>,
    pub rated: bool,
    pub to: Option<String>,
    /// Whether the optional rules differ from the battle's own.
    pub own_rules: bool,
    /// Seconds since 1970.
    pub posted: i64,
}

/// A challenge named: to accept, or to withdraw.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ChallengeId {
    pub id: String,
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndedBy {
    /// The battle's last turn, or a side's collapse (§18): the rules' result.
    Battle,
    /// A side gave up.
    Resigned,
    /// A side let its deadline pass and the other claimed the game.
    Time,
    /// Both sides agreed.
    Draw,
}

/// A game's end: how, the winning side (none: a draw), when.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ending {
    pub by: EndedBy,
    pub winner: Option<u8>,
    /// Seconds since 1970.
    pub at: i64,
}

/// A game's terms as a seat of it sees them.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Terms {
    pub hours: Option<u32>,
    pub rated: bool,
    /// When the side to act must have ended its turn (seconds since 1970); none without a time
    /// control or once the game has ended.
    pub deadline: Option<i64>,
    /// The side that offered a draw, if one stands.
    pub draw_offer: Option<u8>,
    pub ended: Option<Ending>,
}

/// What a seat does besides giving orders (`POST /api/game/act`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Act {
    Resign,
    OfferDraw,
    /// Accept the other side's offer.
    AcceptDraw,
    /// Decline it (or take back one's own).
    DeclineDraw,
    /// The other side's deadline passed: the game is won.
    ClaimTime,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActAsk {
    pub act: Act,
}

/// A rematch asked for from "my games": the same battle and terms, the sides exchanged,
/// posted to the other player.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Rematch {
    pub game: String,
    pub side: u8,
}

/// A chat line to send: to one's own side, or to both.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Say {
    pub text: String,
    #[serde(default)]
    pub to_all: bool,
}

/// A chat line as a seat reads it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ChatLine {
    /// Its number in the game's chat.
    pub n: i64,
    /// The side that said it, by number and name.
    pub side: u8,
    pub side_name: String,
    /// Who said it: his account's name, or the side's for a guest.
    pub author: String,
    pub to_all: bool,
    pub text: String,
    pub at: i64,
}

/// One player on the ladder: his Glicko-2 rating, its deviation and volatility, and his record
/// in rated games.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Rung {
    pub name: String,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub games: u32,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
}

/// Where the signed-in player wants his notifications (your turn, a deadline near, a game's
/// end, a challenge taken up): an e-mail address, a webhook (a JSON POST a chat channel takes),
/// both or neither.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NotifyTo {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub webhook: Option<String>,
}

/// A team game's seats (issue 62, item 6): for each side, its seats in order, each the
/// formations (§17: corps, divisions, brigades, by their scenario ids) it commands. A unit is
/// commanded from the first seat whose formations hold it; one that none holds (the army's
/// commander, a brigade left out) from the side's first seat.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Teams {
    pub sides: [Vec<Vec<crate::rules::unit::Post>>; 2],
}

/// One seat of a team game as its side's seats see it: its place, what it commands, who holds
/// it, and (its own side's, or everyone's once the game is over) how its men fared.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TeamSeat {
    pub side: u8,
    pub seat: u8,
    /// The formations it commands, by name.
    pub command: Vec<String>,
    /// The account that claimed it, if one did.
    pub commander: Option<String>,
    /// Its units, men at the start (reinforcements included) and now; hidden (none) for the
    /// other side until the game is over.
    pub units: Option<u32>,
    pub men_at_start: Option<u32>,
    pub men_now: Option<u32>,
    /// Whether it has ended its part of the side's turn.
    pub ended_turn: bool,
}
