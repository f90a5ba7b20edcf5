//! Accounts' messages (issue 62, item 1): what a player sends to register, sign in, change his
//! password or delete his account, and what the server answers.

use serde::{Deserialize, Serialize};

/// A name and a password: to register, or to sign in.
#[derive(Clone, PartialEq, Serialize, Deserialize)]
pub struct Credentials {
    pub name: String,
    pub password: String,
}

/// Never the password, in a log or a test's failure.
impl std::fmt::Debug for Credentials {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Credentials")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

/// A session begun: the token to send as `Authorization: Bearer …` (the server keeps only its
/// hash), the account's name as registered, and when it lapses.
#[derive(Clone, PartialEq, Serialize, Deserialize)]
pub struct Session {
    pub token: String,
    pub name: String,
    /// Seconds since 1970.
    pub expires: i64,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("name", &self.name)
            .field("expires", &self.expires)
            .finish_non_exhaustive()
    }
}

/// The signed-in account as the server knows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Account {
    pub name: String,
    /// When it was registered, seconds since 1970.
    pub created: i64,
    /// Its sessions open now (on every device).
    pub sessions: u32,
}

/// A password changed: the old one proves it is the owner.
#[derive(Clone, PartialEq, Serialize, Deserialize)]
pub struct PasswordChange {
    pub old: String,
    pub new: String,
}

impl std::fmt::Debug for PasswordChange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("PasswordChange { .. }")
    }
}

/// An account deleted: its password again, so that a session left open cannot do it.
#[derive(Clone, PartialEq, Serialize, Deserialize)]
pub struct Deletion {
    pub password: String,
}

impl std::fmt::Debug for Deletion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Deletion { .. }")
    }
}

/// What signing out ended: this session, or every one of the account's.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct SignedOut {
    pub ended: u32,
}

/// A guest's seat claimed by the signed-in account: the seat's invite (sent in the body, the
/// session being the request's bearer).
#[derive(Clone, PartialEq, Serialize, Deserialize)]
pub struct Claim {
    pub invite: String,
}

impl std::fmt::Debug for Claim {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Claim { .. }")
    }
}

/// One of the account's games, as "my games" lists it: nothing its side could not see.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MyGame {
    pub game: String,
    /// The account's side, by number and name.
    pub side: u8,
    pub side_name: String,
    pub other_side: String,
    pub scenario_file: String,
    pub turn: super::TurnSummary,
    /// The side to give orders now is the account's.
    pub your_turn: bool,
    pub over: bool,
    /// When the game last took an order (or was made), seconds since 1970.
    pub since: i64,
    /// Its time control, rating, draw offered and ending (issue 62).
    #[serde(default)]
    pub terms: super::club::Terms,
    /// Chat lines from the other side (or one's own side's other seats) not yet read.
    #[serde(default)]
    pub unread: u32,
}

/// A seat of the account's to open: the game and side.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SeatAsk {
    pub game: String,
    pub side: u8,
}

/// A key to the seat, used as its invite is (`Authorization: Bearer KEY`): each device that
/// opens the game from "my games" gets its own.
#[derive(Clone, PartialEq, Serialize, Deserialize)]
pub struct SeatKey {
    pub invite: String,
}

impl std::fmt::Debug for SeatKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SeatKey { .. }")
    }
}
