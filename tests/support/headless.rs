//! The simulation as a headless Bevy app (the window's ECS front without a window), for tests
//! and benchmarks only: not part of the game (issue 60, item 4), so it lives beside them.

#![allow(dead_code)]

use bayonet::rules::event::Outcome;
use bayonet::rules::scenario::{LoadError, Scenario};
use bayonet::save::SaveGame;
use bayonet::sim::{Happened, OrderDone, OrderRejected, SimPlugin};
use bevy::ecs::message::MessageCursor;
use bevy::prelude::*;

/// The simulation on `scenario` in a window-less app, before its first frame.
fn unstarted(scenario: Scenario, seed: Option<u64>) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin))
        .add_plugins(SimPlugin { scenario, seed });
    bayonet::sim::single_threaded(&mut app);
    app
}

/// A headless app with the simulation on `scenario`, ready for `update()`.
pub fn headless_app(scenario: Scenario, seed: Option<u64>) -> App {
    let mut app = unstarted(scenario, seed);
    app.update();
    app
}

/// A headless game carrying on from a save.
pub fn load_app(save: &SaveGame) -> Result<App, LoadError> {
    let mut app = unstarted(bayonet::save::scenario_of(save)?, Some(save.seed));
    bayonet::sim::save::restore(app.world_mut(), &save.snapshot, &save.orders);
    app.update();
    Ok(app)
}

/// Where a reader of a world's outcomes has read up to.
#[derive(Default)]
pub struct OutcomeCursors {
    rejected: MessageCursor<OrderRejected>,
    done: MessageCursor<OrderDone>,
    happened: MessageCursor<Happened>,
}

impl OutcomeCursors {
    /// Every outcome written since the last call: refusals, the orders done, then what they
    /// caused in the order it happened.
    pub fn read(&mut self, world: &World) -> Vec<Outcome> {
        let mut out: Vec<Outcome> = self
            .rejected
            .read(world.resource::<Messages<OrderRejected>>())
            .cloned()
            .map(Outcome::Rejected)
            .collect();
        out.extend(
            self.done
                .read(world.resource::<Messages<OrderDone>>())
                .cloned()
                .map(Outcome::Done),
        );
        out.extend(
            self.happened
                .read(world.resource::<Messages<Happened>>())
                .map(|h| Outcome::Happened(h.0.clone())),
        );
        out
    }
}
