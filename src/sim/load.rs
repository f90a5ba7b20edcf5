//! Puts the scenario on the board: one entity per unit, the turn at its start.

use bevy::prelude::*;

use super::components::UnitState;
use super::resources::{Battle, Occupancy, PendingMelees, TurnState};

pub(super) fn plugin(app: &mut App) {
    let turn = TurnState::start(&app.world().resource::<Battle>().scenario);
    app.insert_resource(turn)
        .init_resource::<Occupancy>()
        .init_resource::<PendingMelees>()
        .add_systems(Startup, spawn_units);
}

fn spawn_units(mut commands: Commands, battle: Res<Battle>) {
    for u in &battle.scenario.units {
        commands.spawn((Name::new(u.name.clone()), UnitState(u.clone())));
    }
}
