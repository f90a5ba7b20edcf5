//! Components of a unit entity.

use bevy::prelude::*;

use crate::rules::unit::Unit;

/// A unit on the map: the rules' own record of it. Systems copy these into a `rules::Board`,
/// call the rules, and write back what changed.
#[derive(Component, Debug, Clone, PartialEq)]
pub struct UnitState(pub Unit);

/// Writes a board's units back to their entities: changed ones are updated, ones the rules
/// took off the board are despawned.
pub fn write_back(
    board: &crate::rules::board::Board,
    units: &mut Query<(Entity, &mut UnitState)>,
    commands: &mut Commands,
) {
    for (e, mut state) in units.iter_mut() {
        match board.unit(state.0.id) {
            Some(u) if *u != state.0 => state.0 = u.clone(),
            Some(_) => {}
            None => commands.entity(e).despawn(),
        }
    }
}
