//! Which hex the pointer is over (mouse hover) and which one is selected (click or tap).

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::client::map::camera::MapCamera;
use crate::client::map::layout::{HEX_SIZE, MapLayout, screen_to_world};
use crate::client::{theme::palette, z};
use crate::rules::hex::Hex;
use crate::sim::Table;

/// The hex under the mouse, if on the map.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct HoveredHex(pub Option<Hex>);

/// The hex last clicked or tapped (set by the gestures).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct SelectedHex(pub Option<Hex>);

#[derive(Component)]
struct Marker(bool);

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<HoveredHex>()
        .init_resource::<SelectedHex>()
        .add_systems(Startup, spawn_markers)
        .add_systems(
            Update,
            (hover, place_markers)
                .chain()
                .in_set(crate::client::Frame::Pointer),
        );
}

fn hover(
    window: Query<&Window, With<PrimaryWindow>>,
    cam: Query<(&Transform, &Projection), With<MapCamera>>,
    layout: Res<MapLayout>,
    table: Res<Table>,
    mut hovered: ResMut<HoveredHex>,
    regions: Query<(
        &crate::client::theme::regions::Region,
        &ComputedNode,
        &UiGlobalTransform,
    )>,
    furniture: Query<
        (&ComputedNode, &UiGlobalTransform),
        With<crate::client::theme::regions::Furniture>,
    >,
) {
    let (Ok(w), Ok((t, p))) = (window.single(), cam.single()) else {
        return;
    };
    // Over a panel or the toolbar the pointer is on the screen's furniture, not the map.
    let k = w.scale_factor();
    let under = |c: Vec2, n: &ComputedNode, at: &UiGlobalTransform| {
        let (mid, half) = (at.translation / k, n.size / k / 2.0);
        n.size.x > 0.0 && (c - mid).abs().cmple(half).all()
    };
    // (A sheet or the order of battle open over the map covers it too: issue 59, the hint read
    // "cannot reach 63,6" under a row of the order of battle.)
    let on_panel = |c: Vec2| {
        regions.iter().any(|(r, n, at)| {
            *r != crate::client::theme::regions::Region::Tooltip && under(c, n, at)
        }) || furniture.iter().any(|(n, at)| under(c, n, at))
    };
    let hex = w
        .cursor_position()
        .filter(|c| !on_panel(*c))
        .map(|c| layout.hex_at(screen_to_world(w.size(), t, p, c)))
        .filter(|h| table.start.map.contains(*h));
    if hovered.0 != hex {
        hovered.0 = hex;
    }
}

fn spawn_markers(mut commands: Commands) {
    for selected in [false, true] {
        let color = if selected {
            palette::SELECTED
        } else {
            palette::HOVER
        };
        commands
            .spawn((Marker(selected), Transform::default(), Visibility::Hidden))
            .with_children(|c| {
                for k in 0..6 {
                    let a = k as f32 * std::f32::consts::FRAC_PI_3 + std::f32::consts::FRAC_PI_6;
                    let mid = Vec2::from_angle(a) * HEX_SIZE * 0.866;
                    c.spawn((
                        Sprite::from_color(
                            color,
                            Vec2::new(HEX_SIZE, if selected { 3.0 } else { 2.0 }),
                        ),
                        Transform {
                            translation: mid.extend(0.0),
                            rotation: Quat::from_rotation_z(a + std::f32::consts::FRAC_PI_2),
                            ..default()
                        },
                    ));
                }
            });
    }
}

fn place_markers(
    hovered: Res<HoveredHex>,
    selected: Res<SelectedHex>,
    layout: Res<MapLayout>,
    mut q: Query<(&Marker, &mut Transform, &mut Visibility)>,
) {
    for (m, mut t, mut v) in &mut q {
        let hex = if m.0 { selected.0 } else { hovered.0 };
        match hex {
            Some(h) => {
                t.translation = layout
                    .center(h)
                    .extend(z::HIGHLIGHT + m.0 as u8 as f32 * 0.1);
                *v = Visibility::Visible;
            }
            None => *v = Visibility::Hidden,
        }
    }
}
