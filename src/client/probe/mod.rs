//! For tests and tools: the screen trace, screenshot mode and the orders given on the command line.

pub(crate) mod screen_trace;
pub(crate) mod screenshot;
pub mod script;

use bevy::prelude::*;

/// The room's systems (its drawing only where the app draws).
pub(crate) fn plugin(app: &mut App) {
    if super::draws(app) {
        app.add_plugins((screenshot::plugin, screen_trace::plugin));
    }
}
