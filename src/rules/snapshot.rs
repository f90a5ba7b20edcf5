//! The state of a game between two orders: everything an order can change (units, clock,
//! marks, pending melees, bridges, objectives' holders, fog memory, Parameter Data) plus where
//! the dice are. Saves, undo, the replay timeline and the referee keep these; the map's ground
//! never changes in a game and is the scenario's.

use serde::{Deserialize, Serialize};

use super::board::{Board, TurnState};
use super::declaration::Declaration;
use super::fnv;
use super::hex::Hex;
use super::map::{FullHexBridge, Objective};
use super::params::Parameters;
use super::unit::Unit;

/// The whole state of a game between two orders.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Snapshot {
    pub turn: TurnState,
    /// Parameter Data in force (the start dialog may have changed the scenario's).
    pub params: Parameters,
    pub units: Vec<Unit>,
    pub bridges: Vec<(Hex, FullHexBridge)>,
    pub objectives: Vec<Objective>,
    pub pending: Vec<Declaration>,
    /// Defenders waiting for their end-of-phase morale check.
    pub phase_losers: Vec<super::unit::UnitId>,
    /// Reinforcements not yet on the map (left out when none, so older saves keep their hash).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reinforcements: Vec<super::reinforcement::Reinforcement>,
    /// What each side knows under fog of war: its last-seen markers above all (left out when
    /// empty, so saves without fog keep their hash).
    #[serde(default, skip_serializing_if = "super::fog::Fog::is_empty")]
    pub fog: super::fog::Fog,
    /// Leaders hit, waiting for their successors (§17 D-cc-5; left out when none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fallen: Vec<super::organisation::Fallen>,
    /// Where the dice are in their stream (ChaCha word position), as decimal text.
    pub dice: String,
}

impl Snapshot {
    /// The state of a board, with the dice at `dice` (their ChaCha word position). Every field
    /// of the board is named here, kept or said to be the scenario's, so that a new field
    /// cannot be left out of saves without the compiler saying so.
    pub fn of(board: &Board, dice: u128) -> Snapshot {
        let Board {
            map,
            params,
            units,
            night: _,
            turn: _,
            acting: _,
            minutes: _,
            last_turn: _,
            over: _,
            phase: _,
            // The scenario's, never changed by an order.
            edges: _,
            first_side: _,
            organisation: _,
            pending,
            phase_losers,
            reinforcements,
            fog,
            fallen,
        } = board;
        let mut units = units.clone();
        units.sort_by_key(|u| u.id);
        let mut bridges: Vec<_> = map.bridges.iter().map(|(h, b)| (*h, *b)).collect();
        bridges.sort_by_key(|(h, _)| (h.x, h.y));
        Snapshot {
            turn: board.turn_state(),
            params: params.clone(),
            units,
            bridges,
            objectives: map.objectives.clone(),
            pending: pending.clone(),
            phase_losers: phase_losers.clone(),
            reinforcements: reinforcements.clone(),
            fog: fog.clone(),
            fallen: fallen.clone(),
            dice: dice.to_string(),
        }
    }

    /// Puts this state on `board` (a board of the same scenario); the dice's place is
    /// `dice()`'s to give to the caller's generator.
    pub fn restore(&self, board: &mut Board) {
        let Snapshot {
            turn,
            params,
            units,
            bridges,
            objectives,
            pending,
            phase_losers,
            reinforcements,
            fog,
            fallen,
            dice: _,
        } = self;
        board.units.clone_from(units);
        board.params.clone_from(params);
        board.map.bridges = bridges.iter().copied().collect();
        board.map.objectives.clone_from(objectives);
        board.pending.clone_from(pending);
        board.phase_losers.clone_from(phase_losers);
        board.reinforcements.clone_from(reinforcements);
        board.fog.clone_from(fog);
        board.fallen.clone_from(fallen);
        board.set_turn_state(turn);
    }

    /// Where the dice were (their ChaCha word position); `None` in a damaged snapshot.
    pub fn dice(&self) -> Option<u128> {
        self.dice.parse().ok()
    }

    /// A stable hash of the state, to compare replays.
    pub fn hash(&self) -> String {
        fnv::hex(&ron::to_string(self).unwrap_or_default())
    }
}
