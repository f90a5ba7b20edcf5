//! The units on the map as counters.

pub mod counter;

use bevy::prelude::*;

/// The room's systems.
pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(counter::plugin);
}
