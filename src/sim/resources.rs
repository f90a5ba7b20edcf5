//! Resources of the simulation: the battle, the dice, the turn, the occupancy index, the
//! pending melees.

use std::collections::HashMap;

use bevy::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::rules::board::Board;
use crate::rules::hex::Hex;
use crate::rules::melee::Declaration;
use crate::rules::scenario::{Scenario, is_night};
use crate::rules::unit::{Side, Unit};

use super::components::UnitState;

/// The scenario being played; its map is the live map (bridges lose strength).
#[derive(Resource, Debug, Clone)]
pub struct Battle {
    pub scenario: Scenario,
    /// The scenario as it began, to count losses for victory points.
    pub scenario_at_start: Scenario,
}

impl Battle {
    pub fn new(scenario: Scenario) -> Battle {
        Battle {
            scenario_at_start: scenario.clone(),
            scenario,
        }
    }

    /// The victory points as they stand.
    pub fn victory(&self, board: &Board) -> crate::rules::victory::VictoryReport {
        crate::rules::victory::report(&self.scenario_at_start, board)
    }

    /// A rules board of the battle as it stands, with these units.
    pub fn board<'a>(&self, units: impl Iterator<Item = &'a Unit>, turn: &TurnState) -> Board {
        let mut b = self.scenario.board();
        b.units = units.cloned().collect();
        b.units.sort_by_key(|u| u.id);
        b.turn = turn.turn;
        b.acting = turn.side;
        b.night = turn.night;
        b
    }
}

/// The seed the game's dice started from (saved with the game).
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameSeed(pub u64);

/// The only source of game randomness (DESIGN.md).
#[derive(Resource, Debug, Clone)]
pub struct GameRng(pub ChaCha8Rng);

impl GameRng {
    pub fn seeded(seed: u64) -> GameRng {
        GameRng(ChaCha8Rng::seed_from_u64(seed))
    }
}

/// Whose side turn it is, which turn, and the clock.
#[derive(Resource, Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TurnState {
    pub turn: u32,
    pub side: Side,
    /// Minutes after midnight of the first day (may pass 24:00).
    pub minutes: u32,
    pub night: bool,
    pub last_turn: u32,
    pub over: bool,
}

impl TurnState {
    pub fn start(s: &Scenario) -> TurnState {
        TurnState {
            turn: 1,
            side: s.first_side,
            minutes: s.start_time,
            night: is_night(s.start_time, &s.params),
            last_turn: s.turns,
            over: false,
        }
    }

    /// The clock as "HH:MM".
    pub fn clock(&self) -> String {
        let t = self.minutes % (24 * 60);
        format!("{:02}:{:02}", t / 60, t % 60)
    }
}

/// Which unit entities stand on each hex; rebuilt whenever a unit changes.
#[derive(Resource, Debug, Default)]
pub struct Occupancy(pub HashMap<Hex, Vec<Entity>>);

impl Occupancy {
    pub fn at(&self, hex: Hex) -> &[Entity] {
        self.0.get(&hex).map_or(&[], |v| v.as_slice())
    }
}

/// Declared melees waiting for Resolve, in declaration order.
#[derive(Resource, Debug, Default, Clone)]
pub struct PendingMelees(pub Vec<Declaration>);

/// Copies every unit out of the world into a board.
pub fn board_of<'a>(
    battle: &Battle,
    turn: &TurnState,
    units: impl Iterator<Item = &'a UnitState>,
) -> Board {
    battle.board(units.map(|u| &u.0), turn)
}
