//! The other side's turn shown, and replays watched, with their controls.

pub mod playback;
pub mod show_controls;
pub mod watch;

use bevy::prelude::*;

/// The room's systems.
pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((playback::plugin, show_controls::plugin, watch::plugin));
}
