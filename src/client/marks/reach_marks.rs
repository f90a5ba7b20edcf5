//! The selected unit's movement range drawn on the ground, under the counters: a ring where it
//! may move, a square where an enemy's zone of control stops it. (Sprites, not gizmos: gizmos
//! draw over everything, and the range's marks covered the counters' symbols.)

use bevy::prelude::*;

use crate::client::input::command::{Reachable, Selection};
use crate::client::map::layout::{HEX_SIZE, MapLayout};
use crate::client::theme::settings::Settings;
use crate::client::{theme::palette, z};

/// A mark of the movement range.
#[derive(Component)]
pub struct ReachMark;

/// The ring's picture, white, tinted per mark.
#[derive(Resource)]
struct Ring(Handle<Image>);

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Startup, make_ring).add_systems(
        Update,
        draw.run_if(resource_exists::<Ring>)
            .in_set(crate::client::Frame::AfterGame),
    );
}

/// A ring 32 pixels across, its edge softened over a pixel.
fn ring_image() -> Image {
    let n = 32u32;
    let mut data = vec![0u8; (n * n * 4) as usize];
    let c = n as f32 / 2.0;
    for y in 0..n {
        for x in 0..n {
            let d = ((x as f32 + 0.5 - c).powi(2) + (y as f32 + 0.5 - c).powi(2)).sqrt();
            // Between radius 11 and 15: the ring.
            let a = (1.0 - (d - 15.0).max(0.0))
                .min(1.0 - (11.0 - d).max(0.0))
                .clamp(0.0, 1.0);
            let o = ((y * n + x) * 4) as usize;
            data[o..o + 4].copy_from_slice(&[255, 255, 255, (a * 255.0) as u8]);
        }
    }
    crate::client::theme::widget::picture(n, n, data)
}

fn make_ring(mut commands: Commands, images: Option<ResMut<Assets<Image>>>) {
    if let Some(mut images) = images {
        commands.insert_resource(Ring(images.add(ring_image())));
    }
}

fn draw(
    mut commands: Commands,
    reach: Res<Reachable>,
    cmd: Res<Selection>,
    settings: Res<Settings>,
    layout: Res<MapLayout>,
    ring: Res<Ring>,
    old: Query<Entity, With<ReachMark>>,
) {
    if !reach.is_changed() && !cmd.is_changed() && !settings.is_changed() {
        return;
    }
    crate::client::theme::widget::clear(&mut commands, &old);
    let Some(from) = cmd.unit.and_then(|_| {
        reach
            .0
            .iter()
            .find(|(_, r)| r.prev.is_none())
            .map(|(h, _)| *h)
    }) else {
        return;
    };
    let marks = palette::marks(settings.colour_blind);
    let d = HEX_SIZE * 0.26;
    for (h, r) in &reach.0 {
        if *h == from {
            continue;
        }
        let at = layout.center(*h).extend(z::HIGHLIGHT + 0.2);
        if r.stops {
            // A zone of control ends the move there: a square, not a ring.
            commands
                .spawn((
                    ReachMark,
                    Transform::from_translation(at),
                    Visibility::default(),
                ))
                .with_children(|c| {
                    for (size, off) in [
                        (Vec2::new(d, 2.5), Vec2::new(0.0, d / 2.0)),
                        (Vec2::new(d, 2.5), Vec2::new(0.0, -d / 2.0)),
                        (Vec2::new(2.5, d), Vec2::new(d / 2.0, 0.0)),
                        (Vec2::new(2.5, d), Vec2::new(-d / 2.0, 0.0)),
                    ] {
                        c.spawn((
                            Sprite::from_color(marks.stop, size),
                            Transform::from_translation(off.extend(0.0)),
                        ));
                    }
                });
        } else {
            // A dark ring under the coloured one: it reads on pale high ground as on woods.
            commands
                .spawn((
                    ReachMark,
                    Sprite {
                        image: ring.0.clone(),
                        color: Color::srgba(0.0, 0.0, 0.0, 0.7),
                        custom_size: Some(Vec2::splat(d * 1.3)),
                        ..default()
                    },
                    Transform::from_translation(at),
                ))
                .with_children(|c| {
                    c.spawn((
                        Sprite {
                            image: ring.0.clone(),
                            color: marks.reach,
                            custom_size: Some(Vec2::splat(d)),
                            ..default()
                        },
                        Transform::from_xyz(0.0, 0.0, 0.01),
                    ));
                });
        }
    }
}
