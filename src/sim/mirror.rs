//! Unit entities mirror the units of `Game` (spawned, updated, despawned as the game changes),
//! and the occupancy index follows them: what the window draws and picks.

use std::collections::{HashMap, HashSet};

use bevy::prelude::*;

use super::SimSet;
use super::components::UnitState;
use super::resources::{Occupancy, Table};
use crate::rules::unit::UnitId;

/// The entity of each unit on the board.
#[derive(Resource, Debug, Default)]
pub struct UnitEntities(pub HashMap<UnitId, Entity>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<UnitEntities>()
        .init_resource::<Occupancy>()
        .add_systems(Startup, mirror_units)
        .add_systems(PostStartup, index)
        .add_systems(
            Update,
            (
                mirror_units.run_if(resource_changed::<Table>),
                index.run_if(units_changed),
            )
                .chain()
                .in_set(SimSet::Index),
        );
}

fn mirror_units(
    table: Res<Table>,
    mut entities: ResMut<UnitEntities>,
    mut units: Query<&mut UnitState>,
    mut commands: Commands,
) {
    let game = &table.board;
    let mut present = HashSet::with_capacity(game.units.len());
    for u in &game.units {
        present.insert(u.id);
        match entities.0.get(&u.id).copied() {
            Some(e) => {
                if let Ok(mut s) = units.get_mut(e) {
                    if s.0 != *u {
                        s.0 = u.clone();
                    }
                }
            }
            None => {
                let e = commands
                    .spawn((Name::new(u.name.clone()), UnitState(u.clone())))
                    .id();
                entities.0.insert(u.id, e);
            }
        }
    }
    entities.0.retain(|id, e| {
        let keep = present.contains(id);
        if !keep {
            commands.entity(*e).despawn();
        }
        keep
    });
}

fn units_changed(
    changed: Query<(), Changed<UnitState>>,
    removed: RemovedComponents<UnitState>,
) -> bool {
    !changed.is_empty() || !removed.is_empty()
}

fn index(mut index: ResMut<Occupancy>, units: Query<(Entity, &UnitState)>) {
    index.0.clear();
    let mut all: Vec<_> = units.iter().collect();
    all.sort_by_key(|(_, u)| u.0.id);
    for (e, u) in all {
        index.0.entry(u.0.hex).or_default().push(e);
    }
}
