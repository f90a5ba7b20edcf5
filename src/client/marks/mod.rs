//! Marks drawn over the map: highlights, reach, threats, the command radius, sight lines, melee arrows, a brigade's preview, reinforcements and the map's names.

pub(crate) mod aid_marks;
pub mod brigade_preview;
pub mod command_radius;
pub mod highlights;
pub(crate) mod melee_marks;
pub mod place_names;
pub mod reach_marks;
pub mod reinforcement_marks;
pub mod sight_tool;
pub mod threat_overlay;

use bevy::prelude::*;

/// The room's systems (its drawing only where the app draws).
pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((
        highlights::plugin,
        command_radius::plugin,
        brigade_preview::plugin,
        sight_tool::plugin,
        threat_overlay::plugin,
        place_names::plugin,
        reinforcement_marks::plugin,
    ));
    if super::draws(app) {
        app.add_plugins((melee_marks::plugin, reach_marks::plugin, aid_marks::plugin));
    }
}
