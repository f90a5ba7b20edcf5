//! The boot camp's lesson in the window: its panel and its pointer on the map.

pub(crate) mod lesson_marks;
pub mod panel;

use bevy::prelude::*;

/// The room's systems (its drawing only where the app draws).
pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(panel::plugin);
    if super::draws(app) {
        app.add_plugins(lesson_marks::plugin);
    }
}
