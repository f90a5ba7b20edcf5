//! The panels round the map: the top bar and hex panel, the aids, the toolbar, the tooltip, the aim box, the arrival card, the order of battle and the unit strip.

pub mod aids;
pub mod aim_box;
pub mod arrival_card;
pub mod hud;
pub mod order_of_battle;
pub mod toolbar;
pub mod tooltip;
pub mod unit_strip;

use bevy::prelude::*;

/// The room's systems.
pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((
        toolbar::plugin,
        aids::plugin,
        order_of_battle::plugin,
        tooltip::plugin,
        aim_box::plugin,
        unit_strip::plugin,
        arrival_card::plugin,
        hud::plugin,
    ));
}
