//! Playing at a referee server: the seat and its line.

pub mod line;
pub mod seat;

use bevy::prelude::*;

/// The room's systems.
pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(seat::plugin);
}
