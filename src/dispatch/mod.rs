//! The seat's messages: what a referee server and its seats (the desktop window, the browser,
//! `bayonet remote`) say to each other, as the types both ends share, so that a renamed field
//! fails to compile instead of reading as a default. Under fog of war every one of them carries
//! only what the seat's side knows (RULES.md §16 D-fow-8).

pub mod account;
pub mod club;
pub mod problem;
pub mod request;
pub mod route;

use serde::{Deserialize, Serialize};

pub use problem::Problem;
pub use request::Refusal;
pub use route::Route;

use crate::rules::board::{Phase, TurnState};
use crate::rules::event::Outcome;
use crate::rules::order::Order;
use crate::rules::params::Parameters;
use crate::rules::unit::Side;
use crate::save::Snapshot;

/// The turn as a state shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TurnSummary {
    pub turn: u32,
    /// "HH:MM".
    pub clock: String,
    pub phase: Phase,
}

impl TurnSummary {
    pub fn of(t: &TurnState) -> TurnSummary {
        TurnSummary {
            turn: t.turn,
            clock: t.clock(),
            phase: t.phase,
        }
    }
}

/// The game as a seat sees it (`GET /api/game`, and after every order and wait).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameState {
    pub game: String,
    pub scenario: String,
    /// The seat's side.
    pub you: Side,
    pub you_name: String,
    /// How many orders the game has taken.
    pub seq: i64,
    /// The side to act.
    pub side: Side,
    pub side_name: String,
    pub your_turn: bool,
    pub over: bool,
    pub turn: TurnSummary,
    /// The board as the seat's side knows it (a `Snapshot` in RON), when asked for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub snapshot: Option<String>,
    /// The dice's seed, once the game is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<String>,
    /// Its terms at the club (issue 62): deadline, draw offered, how it ended.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terms: Option<club::Terms>,
}

impl GameState {
    /// The board it carries, if it carries one that reads.
    pub fn board(&self) -> Option<Snapshot> {
        ron::from_str(self.snapshot.as_deref()?).ok()
    }
}

/// One order the game took and its outcomes, as the seat's side perceived them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Record {
    pub seq: i64,
    /// Who gave it.
    pub side: Side,
    /// The order; none where it is the other side's under fog of war (what it did is told by the
    /// outcomes the seat saw).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order: Option<Order>,
    pub outcomes: Vec<Outcome>,
}

/// A new game (`POST /api/games`): a scenario the server has, or a scenario's file name and
/// text; and the Parameter Data and optional rules chosen for it.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scenario: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scenario_file: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scenario_source: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parameters: Option<Box<Parameters>>,
    /// A scenario shared on the server, by its id (`GET /api/scenarios`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shared: Option<String>,
    /// A team game: each side's seats and what each commands (issue 62).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub teams: Option<club::Teams>,
}

/// A scenario a player shares (`POST /api/scenarios`): checked on arrival as `bayonet check`
/// checks it, and refused with its faults otherwise.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SharedUpload {
    /// Who shares it, as the library shows it.
    pub author: String,
    /// Its file name ("my_ford.ron").
    pub file: String,
    pub source: String,
}

/// A shared scenario as the server lists it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Shared {
    pub id: String,
    pub name: String,
    pub author: String,
    /// When it was shared, seconds since 1970.
    pub created: i64,
    pub file: String,
    pub units: u32,
    pub turns: u32,
    pub width: u32,
    pub height: u32,
}

/// A shared scenario whole (`GET /api/scenarios/one?id=`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SharedText {
    pub shared: Shared,
    pub source: String,
}

/// A seat of a new game, its invite to give to whoever plays it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Invite {
    pub side: Side,
    pub name: String,
    pub invite: String,
    /// Its seat on the side (a team game's; 0 otherwise).
    #[serde(default)]
    pub seat: u8,
    /// What it commands, by name (a team game's; empty: the whole side).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub command: Vec<String>,
}

/// A new game made.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Created {
    pub game: String,
    pub scenario: String,
    pub sides: Vec<Invite>,
}

/// The scenario of the seat's game (`GET /api/game/scenario`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ScenarioText {
    pub file: String,
    pub source: String,
}

/// An order given (`POST /api/game/orders`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OrderGiven {
    pub order: Order,
    /// The last order the seat has seen: the order is refused if the game has moved on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub after: Option<i64>,
    /// Whether the answer carries the board.
    #[serde(default)]
    pub snapshot: bool,
}

/// An order taken: its record and the game after it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OrderTaken {
    pub record: Record,
    pub state: GameState,
}

/// The orders since the seat last heard (`GET /api/game/events`) and the game after them; one
/// record each is what the WebSocket pushes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct News {
    pub records: Vec<Record>,
    pub state: GameState,
}

/// What a seat coming back to its game is offered (`GET /api/game/replay`): the orders since
/// its side last gave one, and the board (as its side knew it) before each and after the last.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Replay {
    /// The place of the first record in the game's log.
    pub from: usize,
    pub records: Vec<Record>,
    /// `Snapshot`s in RON, one more than the records.
    pub snapshots: Vec<String>,
}

/// A refusal: the HTTP status says what kind, `error` names it, `reason` says it in words; a
/// refused order brings the rules' outcomes with their reasons.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Refused {
    pub error: Problem,
    pub reason: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub outcomes: Vec<Outcome>,
}

/// What a seat waits for (`GET /api/game/events`, the WebSocket): the orders after `after`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct Since {
    #[serde(default)]
    pub after: i64,
    /// Seconds to wait for an order when there is none yet (at most 30).
    #[serde(default)]
    pub wait: u64,
    /// Wait for the seat's turn (or the game's end), not for the next order.
    #[serde(default)]
    pub turn: bool,
    /// Whether the answer carries the board.
    #[serde(default)]
    pub snapshot: bool,
}

impl Since {
    /// As a request's query.
    pub fn query(&self) -> String {
        format!(
            "after={}&wait={}&turn={}&snapshot={}",
            self.after, self.wait, self.turn, self.snapshot
        )
    }
}
