//! What lies on and across hexsides, drawn over the tiles: contour lines, creeks, fences, walls,
//! breastworks, roads, full-hex bridges and objectives' marks.

use bevy::prelude::*;

use super::layout::{HEX_SIZE, MapLayout};
use crate::client::{theme::palette, z};
use crate::rules::hex::Facing;
use crate::rules::map::SideFeature;
use crate::sim::Table;

/// Marks the sprite of a full-hex bridge, whose look follows its strength.
#[derive(Component)]
pub struct BridgeSprite(pub hexx::Hex);

pub(crate) fn plugin(app: &mut App) {
    // Drawn when the scenario is first there, and again whenever it changes (the editor).
    app.add_systems(
        Update,
        (redraw.run_if(crate::sim::new_battle), bridge_strength).chain(),
    );
}

/// Everything drawn from the map's features, so that a changed scenario can be drawn afresh.
#[derive(Component)]
struct Drawn;

fn redraw(
    mut commands: Commands,
    old: Query<Entity, With<Drawn>>,
    table: Res<Table>,
    layout: Res<MapLayout>,
) {
    crate::client::theme::widget::clear(&mut commands, &old);
    draw(commands, table, layout);
}

fn bar(color: Color, length: f32, width: f32, at: Vec2, z: f32, rot: Quat) -> impl Bundle {
    (
        Sprite::from_color(color, Vec2::new(length, width)),
        Transform {
            translation: at.extend(z),
            rotation: rot,
            ..default()
        },
    )
}

fn draw(mut commands: Commands, table: Res<Table>, layout: Res<MapLayout>) {
    let map = &table.start.map;
    contours(&mut commands, map, &layout);
    features(&mut commands, map, &layout);
    roads(&mut commands, map, &layout);
    bridges(&mut commands, map, &layout);
    objectives(&mut commands, map, &layout);
}

/// Contours: a line along every hexside where the ground changes level, heavier for an index
/// contour and for a drop of more than one level (a steep slope).
fn contours(commands: &mut Commands, map: &crate::rules::map::Map, layout: &MapLayout) {
    let range = super::relief::levels(map);
    for hex in map.hexes() {
        for side in [Facing::N, Facing::NE, Facing::SE] {
            let other = hex + side.step();
            if !map.contains(other) {
                continue;
            }
            let (a, b) = (map.elevation(hex), map.elevation(other));
            if a == b {
                continue;
            }
            let (mid, rot) = layout.hexside(hex, side);
            let heavy = super::relief::index_contour(a, b, range) || (a - b).abs() > 1;
            let (colour, width) = if heavy {
                (palette::INDEX_CONTOUR, palette::INDEX_CONTOUR_WIDTH)
            } else {
                (palette::CONTOUR, palette::CONTOUR_WIDTH)
            };
            commands.spawn((
                Drawn,
                bar(colour, HEX_SIZE * 1.02, width, mid, z::CONTOUR, rot),
            ));
        }
    }
}

/// Each hexside's features, each in its own pattern.
fn features(commands: &mut Commands, map: &crate::rules::map::Map, layout: &MapLayout) {
    for (side, features) in map.sides.iter() {
        let (mid, rot) = layout.hexside(side.hex, side.side);
        for (i, f) in features.iter().enumerate() {
            let (color, w) = palette::feature(*f);
            let width = w * HEX_SIZE;
            use palette::Pattern;
            match palette::feature_pattern(*f) {
                // Crossings are drawn across the creek, as a short plank or a sandy strip.
                Pattern::Rails | Pattern::SteppingStones => {
                    crossing(commands, *f, color, width, mid, rot);
                }
                Pattern::ZigZag(n) => {
                    // A worm fence: rails zig-zagging along the hexside.
                    for k in 0..n {
                        let off =
                            rot * Vec3::X * ((k as f32 - (n - 1) as f32 / 2.0) * HEX_SIZE * 0.2);
                        let zig = if k % 2 == 0 { 0.45 } else { -0.45 };
                        commands.spawn((
                            Drawn,
                            bar(
                                color,
                                HEX_SIZE * 0.24,
                                width,
                                mid + off.truncate(),
                                z::HEXSIDE + 0.1,
                                rot * Quat::from_rotation_z(zig),
                            ),
                        ));
                    }
                }
                pattern @ (Pattern::Stones(_) | Pattern::Hachures(_) | Pattern::Floor) => {
                    walled(commands, pattern, color, width, mid, rot);
                }
                Pattern::Teeth(n) => {
                    // Drawn a little inside the defended hex.
                    commands.spawn((
                        Drawn,
                        bar(color, HEX_SIZE * 0.9, width, mid, z::HEXSIDE + 0.2, rot),
                    ));
                    for k in 0..n {
                        let off =
                            rot * Vec3::X * ((k as f32 - (n - 1) as f32 / 2.0) * HEX_SIZE * 0.18);
                        let tooth = rot * Quat::from_rotation_z(0.8);
                        commands.spawn((
                            Drawn,
                            bar(
                                color,
                                width * 1.4,
                                width * 0.8,
                                mid + off.truncate(),
                                z::HEXSIDE + 0.2,
                                tooth,
                            ),
                        ));
                    }
                }
                _ => {
                    let z = z::HEXSIDE + i as f32 * 0.01;
                    commands.spawn((Drawn, bar(color, HEX_SIZE * 1.02, width, mid, z, rot)));
                }
            }
        }
    }
}

/// A crossing drawn across the creek, as a short plank or a sandy strip.
fn crossing(
    commands: &mut Commands,
    f: SideFeature,
    color: Color,
    width: f32,
    mid: Vec2,
    rot: Quat,
) {
    let across = rot * Quat::from_rotation_z(std::f32::consts::FRAC_PI_2);
    let bridge = f == SideFeature::Bridge;
    let (len, rim) = if bridge {
        (HEX_SIZE * 0.6, Color::srgb(0.15, 0.08, 0.03))
    } else {
        (HEX_SIZE * 0.7, Color::srgb(0.95, 0.92, 0.8))
    };
    commands.spawn((Drawn, bar(color, len, width, mid, z::BRIDGE, across)));
    // A bridge's rails; a ford's stepping stones.
    for side in [-1.0f32, 1.0] {
        let off = rot * Vec3::X * (side * width * 0.45);
        let (l, w) = if bridge { (len, 2.0) } else { (len * 0.2, 3.0) };
        commands.spawn((
            Drawn,
            bar(rim, l, w, mid + off.truncate(), z::BRIDGE + 0.01, across),
        ));
    }
}

/// A wall, an embankment or a cut, outlined so that it reads on grey rough ground.
fn walled(
    commands: &mut Commands,
    pattern: palette::Pattern,
    color: Color,
    width: f32,
    mid: Vec2,
    rot: Quat,
) {
    use palette::Pattern;
    let z = z::HEXSIDE + 0.1;
    // Outlined, so that walls read on grey rough ground.
    let rim = if matches!(pattern, Pattern::Stones(_)) {
        Color::srgb(0.2, 0.2, 0.2)
    } else {
        Color::srgb(0.2, 0.14, 0.08)
    };
    commands.spawn((Drawn, bar(rim, HEX_SIZE * 1.04, width + 3.0, mid, z, rot)));
    commands.spawn((Drawn, bar(color, HEX_SIZE, width, mid, z + 0.01, rot)));
    // Stones for a wall, hachures across an embankment, a cut's floor line.
    match pattern {
        Pattern::Stones(n) => {
            for k in 0..n {
                let off = rot * Vec3::X * ((k as f32 - (n - 1) as f32 / 2.0) * HEX_SIZE * 0.2);
                commands.spawn((
                    Drawn,
                    bar(rim, 1.5, width, mid + off.truncate(), z + 0.02, rot),
                ));
            }
        }
        Pattern::Hachures(n) => {
            for k in 0..n {
                let off = rot * Vec3::X * ((k as f32 - (n - 1) as f32 / 2.0) * HEX_SIZE * 0.17);
                commands.spawn((
                    Drawn,
                    bar(rim, 1.5, width + 8.0, mid + off.truncate(), z + 0.02, rot),
                ));
            }
        }
        _ => {
            commands.spawn((
                Drawn,
                bar(
                    Color::srgb(0.62, 0.5, 0.32),
                    HEX_SIZE * 0.9,
                    1.5,
                    mid,
                    z + 0.02,
                    rot,
                ),
            ));
        }
    }
}

/// Roads run centre to centre through the hexside they use, each class in its own style: a
/// trail dashed, a road solid, a pike broad and cased, the railroad black with ties.
fn roads(commands: &mut Commands, map: &crate::rules::map::Map, layout: &MapLayout) {
    for (side, road) in map.roads.iter() {
        let a = layout.center(side.hex);
        let b = layout.center(side.hex + side.side.step());
        let (color, w) = palette::road(*road);
        let d = b - a;
        let rot = Quat::from_rotation_z(d.y.atan2(d.x));
        let width = w * HEX_SIZE;
        let mid = (a + b) / 2.0;
        match palette::road_pattern(*road) {
            palette::Pattern::Dashes(n) => {
                for k in 0..n {
                    let p = a + d * ((k as f32 + 0.5) / n as f32);
                    commands.spawn((Drawn, bar(color, d.length() / 5.0, width, p, z::ROAD, rot)));
                }
            }
            palette::Pattern::Cased => {
                let casing = Color::srgb(0.22, 0.15, 0.08);
                commands.spawn((
                    Drawn,
                    bar(casing, d.length() + width, width + 3.0, mid, z::ROAD, rot),
                ));
                commands.spawn((
                    Drawn,
                    bar(color, d.length() + width, width, mid, z::ROAD + 0.01, rot),
                ));
            }
            palette::Pattern::Ties(n) => {
                commands.spawn((
                    Drawn,
                    bar(color, d.length() + width, width, mid, z::ROAD, rot),
                ));
                for k in 0..n {
                    let p = a + d * ((k as f32 + 0.5) / n as f32);
                    let tie = rot * Quat::from_rotation_z(std::f32::consts::FRAC_PI_2);
                    commands.spawn((Drawn, bar(color, HEX_SIZE * 0.3, 2.0, p, z::ROAD, tie)));
                }
            }
            // No road takes another pattern; were one to, a plain line.
            _ => {
                commands.spawn((
                    Drawn,
                    bar(color, d.length() + width, width, mid, z::ROAD, rot),
                ));
            }
        }
    }
}

/// The full-hex bridges, planked.
fn bridges(commands: &mut Commands, map: &crate::rules::map::Map, layout: &MapLayout) {
    for (&hex, _) in &map.bridges {
        let at = layout.center(hex);
        commands.spawn((
            Drawn,
            (
                BridgeSprite(hex),
                Sprite::from_color(
                    Color::srgb(0.5, 0.32, 0.14),
                    Vec2::new(HEX_SIZE * 0.7, HEX_SIZE * 1.7),
                ),
                Transform::from_translation(at.extend(z::BRIDGE)),
            ),
        ));
        for k in 0..5 {
            let y = (k as f32 - 2.0) * HEX_SIZE * 0.32;
            commands.spawn((
                Drawn,
                bar(
                    Color::srgb(0.32, 0.2, 0.08),
                    HEX_SIZE * 0.7,
                    1.5,
                    at + Vec2::new(0.0, y),
                    z::BRIDGE + 0.1,
                    Quat::IDENTITY,
                ),
            ));
        }
    }
}

/// Objectives: a gold diamond at the top of the hex; the flag, the name and the points stand
/// beside it at one size on the screen (`place_names`).
fn objectives(commands: &mut Commands, map: &crate::rules::map::Map, layout: &MapLayout) {
    for o in &map.objectives {
        let at = layout.center(o.hex) + Vec2::new(0.0, HEX_SIZE * 0.62);
        commands.spawn((
            Drawn,
            bar(
                Color::BLACK,
                15.0,
                15.0,
                at,
                z::OBJECTIVE,
                Quat::from_rotation_z(0.785),
            ),
        ));
        commands.spawn((
            Drawn,
            bar(
                palette::OBJECTIVE,
                12.0,
                12.0,
                at,
                z::OBJECTIVE + 0.01,
                Quat::from_rotation_z(0.785),
            ),
        ));
    }
}

/// A destroyed bridge shows broken: its deck darkens with lost strength.
fn bridge_strength(table: Res<Table>, mut q: Query<(&BridgeSprite, &mut Sprite)>) {
    if !table.is_changed() {
        return;
    }
    let game = &table.board;
    for (b, mut sprite) in &mut q {
        if let Some(br) = game.map.bridge(b.0) {
            let f = if br.max == 0 {
                0.0
            } else {
                br.strength as f32 / br.max as f32
            };
            sprite.color = Color::srgb(0.2 + 0.3 * f, 0.12 + 0.2 * f, 0.08 + 0.06 * f);
        }
    }
}
