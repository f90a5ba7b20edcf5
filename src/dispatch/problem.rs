//! What kind of refusal an answer is: one name per kind, written by the server and read by every
//! seat (the desktop, the browser, `bayonet remote`), each with the HTTP status it goes with.

use serde::{Deserialize, Serialize};

/// Declares `Problem` from one list: each kind with its wire name, which serde writes and
/// reads, `name` gives and `ALL` lists.
macro_rules! problems {
    ($($(#[$m:meta])* $v:ident => $name:literal,)*) => {
        /// Why a request was not answered as asked. On the wire it is the refusal's `error`
        /// field (`"out_of_order"`); a seat that meets a name it does not know reads `Unknown`.
        #[derive(
            Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize,
            Deserialize,
        )]
        pub enum Problem {
            $($(#[$m])* #[serde(rename = $name)] $v,)*
        }

        impl Problem {
            pub const ALL: [Problem; <[&str]>::len(&[$($name),*])] = [$(Problem::$v),*];

            /// Its name on the wire and in the server's log and metrics.
            pub fn name(self) -> &'static str {
                match self {
                    $(Problem::$v => $name,)*
                }
            }
        }
    };
}

problems! {
    // The request itself.
    /// Not the JSON or query the request expects.
    Malformed => "malformed",
    TooLarge => "too_large",
    /// Its body came too slowly.
    TooSlow => "too_slow",
    NoSuchRequest => "no_such_request",
    TooManyRequests => "too_many_requests",
    TooManySockets => "too_many_sockets",
    /// A page of another site opening a seat's socket.
    ForeignOrigin => "foreign_origin",
    // Who asks.
    NoInvite => "no_invite",
    UnknownInvite => "unknown_invite",
    /// Games are created only with the server's key.
    NoCreateKey => "no_create_key",
    /// An order for the other side's units.
    OtherSide => "other_side",
    /// An order a seat may not give (an online game's rules are set when it is made).
    Forbidden => "forbidden",
    /// A request for an account's own things without a session (or with one that expired or
    /// was ended).
    NotSignedIn => "not_signed_in",
    /// A name and password that do not sign in (the same answer whether or not the name has
    /// an account).
    WrongPassword => "wrong_password",
    /// A name another account has (names are compared without case).
    NameTaken => "name_taken",
    /// A password too short, too long or too plain to keep an account.
    WeakPassword => "weak_password",
    // The game.
    NoGame => "no_game",
    /// No challenge of that id in the lobby (taken up, withdrawn, or never posted).
    NoChallenge => "no_challenge",
    /// A time claimed before the other side's deadline passed, a draw accepted that was not
    /// offered.
    NotDue => "not_due",
    NoScenario => "no_scenario",
    BadScenario => "bad_scenario",
    BadParameters => "bad_parameters",
    /// A team game's seats that do not split the battle's command.
    BadTeams => "bad_teams",
    /// An order for a unit another seat of the side commands (a team game).
    NotYourCommand => "not_your_command",
    /// A seat ended its part of a team game's turn; the side's turn ends when its other seats
    /// end theirs.
    WaitingForTeam => "waiting_for_team",
    /// A scenario larger than the server plays.
    OverBudget => "over_budget",
    GameOver => "game_over",
    /// The save is published only when the game is over.
    NotOver => "not_over",
    NotYourTurn => "not_your_turn",
    /// Another order was taken first: read the new orders, then give it again.
    OutOfOrder => "out_of_order",
    /// The rules refused the order (the answer's outcomes say why).
    Refused => "refused",
    Archived => "archived",
    // The server.
    Database => "database",
    Unavailable => "unavailable",
    NoRandomness => "no_randomness",
    /// A stored game that no longer reads.
    Corrupt => "corrupt",
    // Told by the seat's own end, never sent by a server.
    /// The server could not be reached.
    Unreachable => "unreachable",
    /// The server's answer did not read.
    Unreadable => "unreadable",
    /// A kind this seat does not know (a newer server), or an answer that was not a refusal.
    #[default]
    #[serde(other)]
    Unknown => "unknown",
}

impl Problem {
    /// The HTTP status the server answers it with (0: never sent by a server).
    pub fn status(self) -> u16 {
        use Problem::*;
        match self {
            Malformed => 400,
            NoInvite | UnknownInvite | NotSignedIn | WrongPassword => 401,
            NoCreateKey | OtherSide | Forbidden | ForeignOrigin | NotYourCommand => 403,
            NoGame | NoScenario | NoSuchRequest | NoChallenge => 404,
            TooSlow => 408,
            GameOver | NotOver | NotYourTurn | OutOfOrder | NameTaken | NotDue | WaitingForTeam => {
                409
            }
            Archived => 410,
            TooLarge => 413,
            BadScenario | BadParameters | BadTeams | OverBudget | Refused | WeakPassword => 422,
            TooManyRequests | TooManySockets => 429,
            Corrupt | Unknown => 500,
            Database | Unavailable | NoRandomness => 503,
            Unreachable | Unreadable => 0,
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
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
