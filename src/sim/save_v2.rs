//! Version 2 saves, read and carried forward: their snapshot was a hand-kept list of the board's
//! fields (turn, units, bridges, objectives …). It is checked against its own hash in that form,
//! put on the scenario's board, and the save is rewritten as the current version.

use serde::Deserialize;

use crate::rules::board::{Board, TurnState};
use crate::rules::declaration::Declaration;
use crate::rules::fnv;
use crate::rules::hex::Hex;
use crate::rules::map::{FullHexBridge, Objective};
use crate::rules::order::Order;
use crate::rules::params::Parameters;
use crate::rules::unit::Unit;

/// A version 2 save, field for field.
#[derive(Clone, serde::Serialize, Deserialize)]
pub(super) struct SaveGame {
    pub format: String,
    pub version: u32,
    pub scenario_file: String,
    pub scenario_source: String,
    pub parameters: Parameters,
    pub seed: u64,
    pub orders: Vec<Order>,
    pub snapshot: Snapshot,
    pub hash: String,
    pub checksum: String,
}

/// A version 2 snapshot, field for field (its text is what its hash was taken of).
#[derive(Clone, serde::Serialize, Deserialize)]
pub(super) struct Snapshot {
    turn: TurnState,
    params: Parameters,
    units: Vec<Unit>,
    bridges: Vec<(Hex, FullHexBridge)>,
    objectives: Vec<Objective>,
    pending: Vec<Declaration>,
    phase_losers: Vec<crate::rules::unit::UnitId>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    reinforcements: Vec<crate::rules::reinforcement::Reinforcement>,
    #[serde(default, skip_serializing_if = "crate::rules::fog::Fog::is_empty")]
    fog: crate::rules::fog::Fog,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    fallen: Vec<crate::rules::organisation::Fallen>,
    dice: String,
}

impl SaveGame {
    /// Whether the file is as it was written: its snapshot matches its hash, and the whole its
    /// checksum.
    pub fn intact(&self) -> bool {
        let mut copy = self.clone();
        copy.checksum.clear();
        let hash = |text: Result<String, ron::Error>| fnv::hex(&text.unwrap_or_default());
        hash(ron::to_string(&self.snapshot)) == self.hash
            && hash(ron::to_string(&copy)) == self.checksum
    }
}

impl Snapshot {
    /// Puts this state on `board`, a board of the save's scenario (as version 2 restored it).
    pub fn restore(&self, board: &mut Board) {
        board.units.clone_from(&self.units);
        board.params.clone_from(&self.params);
        board.map.bridges = self.bridges.iter().copied().collect();
        board.map.objectives.clone_from(&self.objectives);
        board.pending.clone_from(&self.pending);
        board.phase_losers.clone_from(&self.phase_losers);
        board.reinforcements.clone_from(&self.reinforcements);
        board.fog.clone_from(&self.fog);
        board.fallen.clone_from(&self.fallen);
        board.set_turn_state(&self.turn);
    }

    pub fn dice(&self) -> Option<u128> {
        self.dice.parse().ok()
    }
}
