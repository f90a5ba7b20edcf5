//! Keeps the hex-occupancy index in step with the units.

use bevy::prelude::*;

use super::SimSet;
use super::components::UnitState;
use super::resources::Occupancy;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(PostStartup, rebuild)
        .add_systems(Update, rebuild.run_if(units_changed).in_set(SimSet::Index));
}

fn units_changed(
    changed: Query<(), Changed<UnitState>>,
    removed: RemovedComponents<UnitState>,
) -> bool {
    !changed.is_empty() || !removed.is_empty()
}

fn rebuild(mut index: ResMut<Occupancy>, units: Query<(Entity, &UnitState)>) {
    index.0.clear();
    let mut all: Vec<_> = units.iter().collect();
    all.sort_by_key(|(_, u)| u.0.id);
    for (e, u) in all {
        index.0.entry(u.0.hex).or_default().push(e);
    }
}
