//! The measured balance of each battle (`maps/library/balance.ron`, written by `.ci/battle-figures
//! --write`): the computer against itself, and what it says of each side's difficulty.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::Difficulty;

/// One battle's measurement.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Measured {
    /// The computer that played both sides, and how many games (seeds 1 to `seeds`).
    pub opponent: String,
    pub seeds: u32,
    /// Games each side won (at least a minor victory), by the side's number, and the draws.
    pub wins: [u32; 2],
    pub draws: u32,
    /// The first side's points: lowest, median, highest.
    pub points: (f64, f64, f64),
    /// How long the computer took over a side turn, on the measuring machine.
    pub seconds_per_side_turn: f64,
}

impl Measured {
    /// A side is the harder one when it won fewer games than the other by a tenth of all the
    /// games or more.
    pub fn difficulty(&self) -> [Difficulty; 2] {
        let games = (self.wins[0] + self.wins[1] + self.draws).max(1) as f64;
        let gap = (self.wins[0] as f64 - self.wins[1] as f64) / games;
        match gap {
            g if g <= -0.1 => [Difficulty::Harder, Difficulty::Easier],
            g if g >= 0.1 => [Difficulty::Easier, Difficulty::Harder],
            _ => [Difficulty::Even, Difficulty::Even],
        }
    }
}

const BALANCE: &str = include_str!("../../maps/library/balance.ron");

/// Every measurement, by the scenario's path.
pub fn all() -> Result<BTreeMap<String, Measured>, crate::rules::scenario::LoadError> {
    crate::rules::scenario::read_ron("maps/library/balance.ron", BALANCE)
}

/// The measurement of the scenario at `path`, if it was measured (the file is read once: the
/// library asks for every battle when the start dialog opens).
pub fn of(path: &str) -> Option<Measured> {
    static READ: std::sync::OnceLock<BTreeMap<String, Measured>> = std::sync::OnceLock::new();
    READ.get_or_init(|| all().unwrap_or_default())
        .get(path)
        .cloned()
}
