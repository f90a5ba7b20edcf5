//! The camera: starts over the whole map; pans by right/middle drag, arrow keys or WASD (left
//! and one-finger drags pan through the gestures); zooms by wheel, + and -, or pinch.

use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll, MouseScrollUnit};
use bevy::input::touch::Touches;
use bevy::prelude::*;

use super::layout::MapLayout;
use crate::rules::map::Coord;
use crate::sim::Battle;

const MIN_SCALE: f32 = 0.25;
const MAX_SCALE: f32 = 3.0;
const KEY_SPEED: f32 = 700.0;

#[derive(Component)]
pub struct MapCamera;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn)
        .add_systems(Update, (keys, mouse, touch));
}

fn spawn(mut commands: Commands, battle: Res<Battle>, layout: Res<MapLayout>) {
    let map = &battle.scenario.map;
    let corner = |col, row| layout.center(map.hex_at(Coord { col, row }));
    let a = corner(0, 0);
    let b = corner(map.width as i32 - 1, map.height as i32 - 1);
    // Leave room on the right for the side panel.
    let center = (a + b) / 2.0 + Vec2::new(120.0, -10.0);
    let extent = (b - a).abs() + Vec2::splat(80.0);
    let scale = (extent.x / 960.0)
        .max(extent.y / 720.0)
        .clamp(MIN_SCALE, MAX_SCALE);
    commands.spawn((
        MapCamera,
        Camera2d,
        Projection::Orthographic(OrthographicProjection {
            scale,
            ..OrthographicProjection::default_2d()
        }),
        Transform::from_translation(center.extend(0.0)),
    ));
}

fn zoom_by(projection: &mut Projection, factor: f32) {
    if let Projection::Orthographic(o) = projection {
        o.scale = (o.scale * factor).clamp(MIN_SCALE, MAX_SCALE);
    }
}

fn scale_of(projection: &Projection) -> f32 {
    match projection {
        Projection::Orthographic(o) => o.scale,
        _ => 1.0,
    }
}

fn keys(
    input: Res<ButtonInput<KeyCode>>,
    time: Res<Time>,
    mut cam: Query<(&mut Transform, &mut Projection), With<MapCamera>>,
) {
    let Ok((mut t, mut p)) = cam.single_mut() else {
        return;
    };
    let mut d = Vec2::ZERO;
    for (keys, v) in [
        ([KeyCode::ArrowLeft, KeyCode::KeyA], Vec2::NEG_X),
        ([KeyCode::ArrowRight, KeyCode::KeyD], Vec2::X),
        ([KeyCode::ArrowUp, KeyCode::KeyW], Vec2::Y),
        ([KeyCode::ArrowDown, KeyCode::KeyS], Vec2::NEG_Y),
    ] {
        if input.any_pressed(keys) {
            d += v;
        }
    }
    let s = scale_of(&p);
    t.translation += (d * KEY_SPEED * s * time.delta_secs()).extend(0.0);
    if input.just_pressed(KeyCode::Equal) || input.just_pressed(KeyCode::NumpadAdd) {
        zoom_by(&mut p, 0.8);
    }
    if input.just_pressed(KeyCode::Minus) || input.just_pressed(KeyCode::NumpadSubtract) {
        zoom_by(&mut p, 1.25);
    }
}

fn mouse(
    buttons: Res<ButtonInput<MouseButton>>,
    motion: Res<AccumulatedMouseMotion>,
    scroll: Res<AccumulatedMouseScroll>,
    mut cam: Query<(&mut Transform, &mut Projection), With<MapCamera>>,
    window: Query<&Window, With<bevy::window::PrimaryWindow>>,
    scrollers: Query<(&ComputedNode, &UiGlobalTransform), With<ScrollPosition>>,
) {
    // The wheel over a panel that scrolls is the panel's, not the map's.
    let over_panel = window
        .single()
        .ok()
        .and_then(|w| Some((w.cursor_position()?, w.scale_factor())))
        .is_some_and(|(c, k)| {
            scrollers.iter().any(|(node, at)| {
                let (mid, half) = (at.translation / k, node.size / k / 2.0);
                node.size.x > 0.0 && (c - mid).abs().cmple(half).all()
            })
        });
    let Ok((mut t, mut p)) = cam.single_mut() else {
        return;
    };
    // Right or middle drag pans on the desktop (left drag is kept for orders).
    if buttons.any_pressed([MouseButton::Right, MouseButton::Middle]) && motion.delta != Vec2::ZERO
    {
        let s = scale_of(&p);
        t.translation += Vec3::new(-motion.delta.x * s, motion.delta.y * s, 0.0);
    }
    if scroll.delta.y != 0.0 && !over_panel {
        let steps = match scroll.unit {
            MouseScrollUnit::Line => scroll.delta.y,
            MouseScrollUnit::Pixel => scroll.delta.y / 40.0,
        };
        zoom_by(&mut p, 0.9f32.powf(steps));
    }
}

/// Two fingers pinch to zoom. (One-finger drags are gestures: a pan, or a melee after a long
/// press.)
fn touch(touches: Res<Touches>, mut cam: Query<&mut Projection, With<MapCamera>>) {
    let Ok(mut p) = cam.single_mut() else { return };
    let active: Vec<_> = touches.iter().collect();
    if let [a, b, ..] = active.as_slice() {
        let now = a.position().distance(b.position());
        let before = a.previous_position().distance(b.previous_position());
        if now > 1.0 && before > 1.0 {
            zoom_by(&mut p, before / now);
        }
    }
}
