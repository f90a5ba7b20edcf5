//! Where hexes are on screen: one hexx layout shared by the tilemap, the overlays and picking.

use bevy::prelude::*;
use hexx::HexLayout;

use crate::rules::hex::{Facing, Hex};

/// Width of a flat-topped hex in world units; its height is width × √3 / 2.
pub const HEX_WIDTH: f32 = 64.0;
pub const HEX_HEIGHT: f32 = HEX_WIDTH * 0.866_025_4;
/// Centre to corner.
pub const HEX_SIZE: f32 = HEX_WIDTH / 2.0;

#[derive(Resource, Debug, Clone)]
pub struct MapLayout(pub HexLayout);

impl MapLayout {
    pub fn center(&self, hex: Hex) -> Vec2 {
        self.0.hex_to_world_pos(hex)
    }

    pub fn hex_at(&self, world: Vec2) -> Hex {
        self.0.world_pos_to_hex(world)
    }

    /// The midpoint of a hexside, and the rotation that lays a bar along it.
    pub fn hexside(&self, hex: Hex, side: Facing) -> (Vec2, Quat) {
        let a = self.center(hex);
        let b = self.center(hex + side.step());
        let mid = (a + b) / 2.0;
        let dir = (b - a).normalize_or_zero();
        // A bar along the hexside lies across the line joining the two centres.
        let angle = dir.y.atan2(dir.x) + std::f32::consts::FRAC_PI_2;
        (mid, Quat::from_rotation_z(angle))
    }
}

/// Where a world point stands on the screen (logical pixels from the window's top-left): the
/// inverse of `screen_to_world`.
pub fn world_to_screen(window_size: Vec2, camera: &Transform, scale: f32, world: Vec2) -> Vec2 {
    let d = (world - camera.translation.truncate()) / scale;
    Vec2::new(window_size.x / 2.0 + d.x, window_size.y / 2.0 - d.y)
}

/// The world point under a screen point (logical pixels from the window's top-left), for the
/// map's orthographic camera: the same sum the renderer does, without needing it, so input
/// works (and is tested) headless.
pub fn screen_to_world(
    window_size: Vec2,
    camera: &Transform,
    projection: &Projection,
    screen: Vec2,
) -> Vec2 {
    let scale = match projection {
        Projection::Orthographic(o) => o.scale,
        _ => 1.0,
    };
    let centred = Vec2::new(
        screen.x - window_size.x / 2.0,
        window_size.y / 2.0 - screen.y,
    );
    camera.translation.truncate() + centred * scale
}

pub(crate) fn plugin(app: &mut App) {
    app.insert_resource(MapLayout(
        HexLayout::flat().with_rect_size(Vec2::new(HEX_WIDTH, HEX_HEIGHT)),
    ));
}
