//! Resources of the simulation: the game state (the one source of truth), the battle as it
//! began, the dice, the occupancy index of unit entities.

use std::collections::HashMap;

use bevy::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::rules::board::Board;
use crate::rules::hex::Hex;
use crate::rules::scenario::Scenario;

pub use crate::rules::board::TurnState;

/// The game as it stands: map, units, turn and clock, pending melees. Changed only by the
/// systems that apply orders, through the rules; everything else reads it.
#[derive(Resource, Debug, Clone, Deref, DerefMut)]
pub struct Game(pub Board);

/// The scenario being played, as it began (its name, sides and map as loaded), to count
/// losses for victory points. The live map is `Game`'s.
#[derive(Resource, Debug, Clone)]
pub struct Battle {
    pub scenario: Scenario,
}

impl Battle {
    pub fn new(scenario: Scenario) -> Battle {
        Battle { scenario }
    }

    /// The victory points as they stand.
    pub fn victory(&self, board: &Board) -> crate::rules::victory::VictoryReport {
        crate::rules::victory::report(&self.scenario, board)
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

/// Which unit entities stand on each hex; rebuilt whenever a unit entity changes.
#[derive(Resource, Debug, Default)]
pub struct Occupancy(pub HashMap<Hex, Vec<Entity>>);

impl Occupancy {
    pub fn at(&self, hex: Hex) -> &[Entity] {
        self.0.get(&hex).map_or(&[], |v| v.as_slice())
    }
}

/// Every accepted order of the game so far, in the order the simulation carried them out.
#[derive(Resource, Debug, Default, Clone)]
pub struct OrderLog(pub Vec<crate::rules::order::Order>);

/// Whether the game is still being played.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum GamePhase {
    #[default]
    Playing,
    Over,
}

/// The steps that can be taken back, for this game.
#[derive(Resource, Debug, Deref, DerefMut)]
pub struct UndoHistory(pub crate::rules::undo::Undo);

impl Default for UndoHistory {
    fn default() -> Self {
        UndoHistory(crate::rules::undo::Undo::grouped())
    }
}

impl UndoHistory {
    /// A history that starts after a load: nothing before it can be taken back.
    pub fn after_load() -> UndoHistory {
        let mut h = UndoHistory::default();
        h.0.history.close("a game was loaded");
        h
    }
}
