//! The headless game as Bevy ECS: units are entities, orders come in as messages, outcomes go
//! out as messages. Runs under `MinimalPlugins` + `StatesPlugin`.

pub mod components;
pub mod messages;
pub mod resources;
pub mod save;

pub mod ai_player;
mod load;
mod melee_declare;
mod melee_resolve;
mod occupancy;
mod orders;
mod turn;
mod unit_orders;

use bevy::prelude::*;

use crate::rules::scenario::Scenario;

pub use ai_player::{AiPace, Brain, Players};
pub use components::UnitState;
pub use messages::*;
pub use resources::*;
pub use turn::GamePhase;

/// Where each concern runs in a frame; ordered once, here.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SimSet {
    /// Orders are checked and applied.
    Orders,
    /// Derived state (the occupancy index) is brought up to date.
    Index,
}

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
        let seed = self.seed.unwrap_or(self.scenario.seed);
        app.insert_resource(Battle::new(self.scenario.clone()))
            .init_resource::<save::OrderLog>()
            .insert_resource(GameRng::seeded(seed))
            .insert_resource(GameSeed(seed))
            .configure_sets(Update, (SimSet::Orders, SimSet::Index).chain());
        app.add_plugins((
            messages::plugin,
            load::plugin,
            occupancy::plugin,
            melee_declare::plugin,
            melee_resolve::plugin,
            orders::plugin,
            turn::plugin,
            unit_orders::plugin,
            ai_player::plugin,
            save::plugin,
        ));
    }
}

/// A headless app with the simulation on `scenario`, ready for `update()`.
pub fn headless_app(scenario: Scenario, seed: Option<u64>) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin))
        .add_plugins(SimPlugin { scenario, seed });
    app.update();
    app
}
