//! The ground: the hex layout, the drawn terrain and its relief, hexsides and the grid, the camera, and the mini-map.

pub mod camera;
pub mod hex_grid;
pub(crate) mod hexsides;
pub mod layout;
pub mod mini_map;
pub mod relief;
pub mod terrain_art;
pub mod tiles;

use bevy::prelude::*;

/// The room's systems (its drawing only where the app draws).
pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((layout::plugin, camera::plugin));
    if super::draws(app) {
        app.add_plugins((
            tiles::plugin,
            hex_grid::plugin,
            hexsides::plugin,
            mini_map::plugin,
        ));
    }
}
