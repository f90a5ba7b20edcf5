//! What kind of refusal an answer is: one name per kind, written by the server and read by every
//! seat (the desktop, the browser, `bayonet remote`), each with the HTTP status it goes with.

use serde::{Deserialize, Serialize};

/// Why a request was not answered as asked. On the wire it is the refusal's `error` field, in
/// snake case (`"out_of_order"`); a seat that meets a name it does not know reads `Unknown`.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Problem {
    // The request itself.
    /// Not the JSON or query the request expects.
    Malformed,
    TooLarge,
    /// Its body came too slowly.
    TooSlow,
    NoSuchRequest,
    TooManyRequests,
    TooManySockets,
    /// A page of another site opening a seat's socket.
    ForeignOrigin,
    // Who asks.
    NoInvite,
    UnknownInvite,
    /// Games are created only with the server's key.
    NoCreateKey,
    /// An order for the other side's units.
    OtherSide,
    /// An order a seat may not give (an online game's rules are set when it is made).
    Forbidden,
    // The game.
    NoGame,
    NoScenario,
    BadScenario,
    BadParameters,
    /// A scenario larger than the server plays.
    OverBudget,
    GameOver,
    /// The save is published only when the game is over.
    NotOver,
    NotYourTurn,
    /// Another order was taken first: read the new orders, then give it again.
    OutOfOrder,
    /// The rules refused the order (the answer's outcomes say why).
    Refused,
    Archived,
    // The server.
    Database,
    Unavailable,
    NoRandomness,
    /// A stored game that no longer reads.
    Corrupt,
    // Told by the seat's own end, never sent by a server.
    /// The server could not be reached.
    Unreachable,
    /// The server's answer did not read.
    Unreadable,
    /// A kind this seat does not know (a newer server), or an answer that was not a refusal.
    #[default]
    #[serde(other)]
    Unknown,
}

impl Problem {
    /// The HTTP status the server answers it with (0: never sent by a server).
    pub fn status(self) -> u16 {
        use Problem::*;
        match self {
            Malformed => 400,
            NoInvite | UnknownInvite => 401,
            NoCreateKey | OtherSide | Forbidden | ForeignOrigin => 403,
            NoGame | NoScenario | NoSuchRequest => 404,
            TooSlow => 408,
            GameOver | NotOver | NotYourTurn | OutOfOrder => 409,
            Archived => 410,
            TooLarge => 413,
            BadScenario | BadParameters | OverBudget | Refused => 422,
            TooManyRequests | TooManySockets => 429,
            Corrupt | Unknown => 500,
            Database | Unavailable | NoRandomness => 503,
            Unreachable | Unreadable => 0,
        }
    }

    /// Its name on the wire and in the server's log and metrics.
    pub fn name(self) -> &'static str {
        use Problem::*;
        match self {
            Malformed => "malformed",
            TooLarge => "too_large",
            TooSlow => "too_slow",
            NoSuchRequest => "no_such_request",
            TooManyRequests => "too_many_requests",
            TooManySockets => "too_many_sockets",
            ForeignOrigin => "foreign_origin",
            NoInvite => "no_invite",
            UnknownInvite => "unknown_invite",
            NoCreateKey => "no_create_key",
            OtherSide => "other_side",
            Forbidden => "forbidden",
            NoGame => "no_game",
            NoScenario => "no_scenario",
            BadScenario => "bad_scenario",
            BadParameters => "bad_parameters",
            OverBudget => "over_budget",
            GameOver => "game_over",
            NotOver => "not_over",
            NotYourTurn => "not_your_turn",
            OutOfOrder => "out_of_order",
            Refused => "refused",
            Archived => "archived",
            Database => "database",
            Unavailable => "unavailable",
            NoRandomness => "no_randomness",
            Corrupt => "corrupt",
            Unreachable => "unreachable",
            Unreadable => "unreadable",
            Unknown => "unknown",
        }
    }

    /// Whether the same request may succeed if asked again unchanged a little later (the
    /// server or the line was away), rather than needing the seat to read or change something.
    pub fn passes(self) -> bool {
        matches!(
            self,
            Problem::Database
                | Problem::Unavailable
                | Problem::Unreachable
                | Problem::TooManyRequests
        )
    }

    pub const ALL: [Problem; 30] = {
        use Problem::*;
        [
            Malformed,
            TooLarge,
            TooSlow,
            NoSuchRequest,
            TooManyRequests,
            TooManySockets,
            ForeignOrigin,
            NoInvite,
            UnknownInvite,
            NoCreateKey,
            OtherSide,
            Forbidden,
            NoGame,
            NoScenario,
            BadScenario,
            BadParameters,
            OverBudget,
            GameOver,
            NotOver,
            NotYourTurn,
            OutOfOrder,
            Refused,
            Archived,
            Database,
            Unavailable,
            NoRandomness,
            Corrupt,
            Unreachable,
            Unreadable,
            Unknown,
        ]
    };
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
