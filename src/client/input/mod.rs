//! Input turned into orders: the pointer, gestures, commanding the selected unit, the melee drag and its odds, next unit.

pub mod command;
pub mod gesture;
pub mod melee_drag;
pub mod next_unit;
pub mod odds_work;
pub mod pointer;

use bevy::prelude::*;

/// The room's systems.
pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((
        pointer::plugin,
        odds_work::plugin,
        melee_drag::plugin,
        command::plugin,
        next_unit::plugin,
    ));
}
