//! The headless game as Bevy ECS, the front of the one interpreter (`rules::game`): orders come
//! in as `GiveOrder` messages, one system hands them all to the interpreter in the order they
//! were given, what happened goes out as `Happened` messages in order, and unit entities mirror
//! the units for drawing. Runs under `MinimalPlugins` + `StatesPlugin`.

pub mod components;
pub mod messages;
pub mod resources;
pub mod save;

pub mod ai_player;
mod desk;
pub mod mirror;
mod orders;
pub mod outcome;

use bevy::prelude::*;

use crate::rules::scenario::Scenario;

pub use crate::rules::event::Undone;
pub use ai_player::{AiPace, Brain, OffFrame, Opponent, Players, ShowHold, Thinking};
pub use components::UnitState;
pub use messages::*;
pub use mirror::UnitEntities;
pub use resources::*;

/// Where each part runs in a frame; ordered once, here.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SimSet {
    /// Orders are checked and applied.
    Orders,
    /// Unit entities and the occupancy index follow the game.
    Index,
}

/// Present when another game carries out the orders (the referee server's, for a window playing
/// online): the orders this world is given travel there, and only outcomes and the state come
/// back, so nothing here may apply them or roll its own dice.
#[derive(Resource, Debug, Default)]
pub struct OrdersElsewhere;

/// Present while the window shows a replay: its orders come from the log being replayed, and
/// neither a player nor the computer gives any.
#[derive(Resource, Debug, Default)]
pub struct Replaying;

/// The simulation: give it a scenario, drive it with orders.
pub struct SimPlugin {
    pub scenario: Scenario,
    /// Overrides the scenario's seed.
    pub seed: Option<u64>,
}

impl SimPlugin {
    pub fn new(scenario: Scenario) -> SimPlugin {
        SimPlugin {
            scenario,
            seed: None,
        }
    }
}

impl Plugin for SimPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(Table::new(self.scenario.clone(), self.seed))
            .configure_sets(Update, (SimSet::Orders, SimSet::Index).chain())
            .configure_sets(
                Update,
                SimSet::Orders.run_if(not(resource_exists::<OrdersElsewhere>)),
            );
        app.add_plugins((messages::plugin, mirror::plugin, orders::plugin))
            .add_plugins((ai_player::plugin, save::plugin));
    }
}

/// Headless, the systems run one after another anyway: handing each to a thread pool
/// costs more than it runs (0.9 ms against 14 µs a quiet frame on 2 cores).
pub fn single_threaded(app: &mut App) {
    use bevy::ecs::schedule::SingleThreadedExecutor;
    let mut schedules = app.world_mut().resource_mut::<Schedules>();
    for (_, s) in schedules.iter_mut() {
        s.set_executor(SingleThreadedExecutor::new());
    }
}
