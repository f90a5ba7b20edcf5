//! Resources of the simulation: the game being played (the one source of truth) and the
//! occupancy index of unit entities.

use std::collections::HashMap;
use std::sync::Arc;

use crate::rules::game::Game;
use crate::rules::hex::Hex;
use crate::rules::scenario::Scenario;
use bevy::prelude::*;

pub use crate::rules::board::TurnState;

/// The game being played, the one `rules::game::Game`: the board (map, units, turn and clock,
/// pending melees), the dice, the order log, the undo history and the scenario as it began.
/// Changed only by the order desk, through the interpreter; everything else reads it. It is
/// marked changed only when an order is carried out (the mirror and the window follow changes).
#[derive(Resource, Debug, Clone, Deref, DerefMut)]
pub struct Table(pub Game);

impl Table {
    /// The scenario at its start, the dice seeded with `seed` (else the scenario's); a frame's
    /// orders make one undo step.
    pub fn new(scenario: Scenario, seed: Option<u64>) -> Table {
        Table(Game::new(scenario, seed).grouped())
    }

    /// The dice start again from `seed` (a replay's jump, a test's fixed dice).
    pub fn reseed(&mut self, seed: u64) {
        self.dice = rand::SeedableRng::seed_from_u64(seed);
        self.seed = seed;
    }

    /// The victory points as they stand.
    pub fn victory(&self) -> crate::rules::victory::VictoryReport {
        crate::rules::victory::report(&self.start, &self.board)
    }
}

/// Whether the battle on the table is another than when the asking system last asked (the
/// first time, a load, the editor's change, a replay's start), not merely a step of the same
/// one: the map is drawn again only then. The last battle seen is held, so its address cannot
/// be taken by the next.
pub fn new_battle(table: Res<Table>, mut last: Local<LastBattle>) -> bool {
    last.changed(&table)
}

/// The battle a system last drew, for `new_battle`.
#[derive(Debug, Default)]
pub struct LastBattle(Option<Arc<Scenario>>);

impl LastBattle {
    /// Whether the table's battle is another than the last one seen; it is the last one now.
    pub fn changed(&mut self, table: &Table) -> bool {
        if self
            .0
            .as_ref()
            .is_some_and(|s| Arc::ptr_eq(s, &table.start))
        {
            return false;
        }
        self.0 = Some(table.start.clone());
        true
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

/// Whether the game is still being played.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum GamePhase {
    #[default]
    Playing,
    Over,
}
