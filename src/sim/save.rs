//! Saves in the window's world: the state and the log of the game in a world, a save put
//! into one (a load, a replay's jump), and a headless app carrying on from a save. The save
//! itself, as a plain value, is `crate::save`.

use bevy::prelude::*;

use super::resources::Table;
use crate::rules::order::Order;
use crate::rules::scenario::LoadError;
pub use crate::save::{
    FORMAT, ReplayReport, SaveGame, Snapshot, VERSION, from_text, game_of, replay, save_of,
    scenario_of, to_text,
};

/// The state of the game in `world` now.
pub fn snapshot(world: &World) -> Snapshot {
    world.resource::<Table>().snapshot()
}

/// A save of the game in `world` now.
pub fn save(world: &mut World) -> SaveGame {
    save_of(world.resource::<Table>())
}

/// Puts a snapshot into a simulation, with `orders` as its log; nothing before it can be
/// undone.
pub fn restore(world: &mut World, snap: &Snapshot, orders: &[Order]) {
    world.resource_mut::<Table>().restore(snap, orders);
    let phase = if snap.over {
        super::resources::GamePhase::Over
    } else {
        super::resources::GamePhase::Playing
    };
    world
        .resource_mut::<NextState<super::resources::GamePhase>>()
        .set(phase);
}

/// Replace the game being played by a save's (the scenario, the dice, the state).
#[derive(Message, Debug, Clone)]
pub struct LoadGame(pub Box<SaveGame>);

pub(super) fn plugin(app: &mut App) {
    app.add_message::<LoadGame>()
        .add_systems(PreUpdate, load_game);
}

/// Carries out `LoadGame`: the game and every resource of it are replaced by the save's; the
/// unit entities follow through the mirror.
fn load_game(world: &mut World, mut cursor: Local<bevy::ecs::message::MessageCursor<LoadGame>>) {
    let Some(saved) = cursor
        .read(world.resource::<Messages<LoadGame>>())
        .last()
        .cloned()
    else {
        return;
    };
    let _ = take_over(world, &saved.0);
}

/// The game in `world` becomes the save's: its scenario, its dice and its state (a load, or a
/// replay of the save); refused when the save's scenario does not read.
pub fn take_over(world: &mut World, saved: &SaveGame) -> Result<(), LoadError> {
    let scenario = scenario_of(saved)?;
    world.insert_resource(Table::new(scenario, Some(saved.seed)));
    restore(world, &saved.snapshot, &saved.orders);
    super::ai_player::forget_plans(world);
    Ok(())
}
