//! The state of a game between two orders: the board's serde form — everything an order can
//! change (units, clock, marks, pending melees, bridges, objectives' holders, fog memory,
//! Parameter Data) and nothing of the scenario's (the map's ground, the edges, the organisation)
//! — plus where the dice are. Saves, undo, the replay timeline and the referee keep these.
//! Nothing is copied by hand: a field added to the board is in every snapshot unless it is
//! marked as the scenario's, and a test round-trips every field through the text.

use serde::{Deserialize, Serialize};

use super::board::Board;
use super::fnv;

/// The whole state of a game between two orders.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Snapshot {
    /// The board; read back from text, it lacks the scenario's parts until `restore` puts it
    /// on a board of the scenario.
    pub board: Board,
    /// Where the dice are in their stream (ChaCha word position), as decimal text.
    pub dice: String,
}

/// A snapshot reads as the board it holds (its units, turn, Parameter Data, fog …).
impl std::ops::Deref for Snapshot {
    type Target = Board;
    fn deref(&self) -> &Board {
        &self.board
    }
}

/// Two snapshots are equal when they write the same text: the same state and dice.
impl PartialEq for Snapshot {
    fn eq(&self, other: &Snapshot) -> bool {
        self.text() == other.text()
    }
}

impl Snapshot {
    /// The state of a board, with the dice at `dice` (their ChaCha word position); its units in
    /// id order, so that a state reached two ways is written the same.
    pub fn of(board: &Board, dice: u128) -> Snapshot {
        let mut board = board.clone();
        board.units.sort_by_key(|u| u.id);
        Snapshot {
            board,
            dice: dice.to_string(),
        }
    }

    /// Puts this state on `board` (a board of the same scenario, whose map's ground, edges and
    /// organisation it keeps); the dice's place is `dice()`'s to give to the caller's generator.
    pub fn restore(&self, board: &mut Board) {
        let mut state = self.board.clone();
        state.take_scenario(board);
        *board = state;
    }

    /// Where the dice were (their ChaCha word position); `None` in a damaged snapshot.
    pub fn dice(&self) -> Option<u128> {
        self.dice.parse().ok()
    }

    fn text(&self) -> String {
        ron::to_string(self).unwrap_or_default()
    }

    /// A stable hash of the state, to compare replays.
    pub fn hash(&self) -> String {
        fnv::hex(&self.text())
    }
}
