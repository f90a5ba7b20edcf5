//! The ground: the hex layout, the drawn terrain and its relief, hexsides and the grid, the camera, and the mini-map.

pub mod camera;
pub mod hex_grid;
pub(crate) mod hexsides;
pub mod layout;
pub mod mini_map;
pub mod relief;
pub mod terrain_art;
pub mod tiles;
