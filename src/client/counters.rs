//! Unit counters in side colours: a symbol for the kind, the strength, a pointer for the
//! facing, marks for disrupted/routed/fixed; a stack shows as offset counters.

use std::collections::HashMap;

use bevy::prelude::*;

use super::layout::{HEX_SIZE, MapLayout};
use super::settings::Settings;
use super::z;
use crate::rules::unit::{Crew, Formation, Unit, UnitKind};
use crate::sim::{Battle, UnitState};

const SIDE: f32 = 38.0;

/// The drawing of one unit.
#[derive(Component)]
pub struct Counter;

/// A counter on its way from where it was drawn last to where the unit is now: moves,
/// retreats, advances and routs show as movement, not as jumps.
#[derive(Component)]
struct Slide {
    from: Vec2,
    to: Vec2,
    t: f32,
}

const SLIDE_SECONDS: f32 = 0.6;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(PostStartup, redraw).add_systems(
        Update,
        (
            redraw.run_if(units_changed.or_else(resource_changed::<Settings>)),
            slide,
        ),
    );
}

fn units_changed(
    changed: Query<(), Changed<UnitState>>,
    removed: RemovedComponents<UnitState>,
) -> bool {
    !changed.is_empty() || !removed.is_empty()
}

fn side_color(battle: &Battle, u: &Unit, settings: &Settings) -> Color {
    if settings.colour_blind {
        return super::palette::side_colour_blind(u.side.0);
    }
    let (r, g, b) = battle
        .scenario
        .sides
        .get(u.side.0 as usize)
        .map_or((0.5, 0.5, 0.5), |s| s.color);
    Color::srgb(r, g, b)
}

fn redraw(
    mut commands: Commands,
    old: Query<Entity, With<Counter>>,
    units: Query<&UnitState>,
    battle: Res<Battle>,
    layout: Res<MapLayout>,
    settings: Res<Settings>,
    mut drawn: Local<HashMap<crate::rules::unit::UnitId, hexx::Hex>>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    let mut stacks: HashMap<hexx::Hex, Vec<&Unit>> = HashMap::new();
    for u in &units {
        stacks.entry(u.0.hex).or_default().push(&u.0);
    }
    for (hex, mut stack) in stacks {
        // Combat units under leaders; the strongest at the bottom.
        stack.sort_by_key(|u| (u.is_leader(), std::cmp::Reverse(u.men + u.guns * 50), u.id));
        let n = stack.len() as f32;
        for (i, u) in stack.iter().enumerate() {
            let off = Vec2::new(-2.0, 2.0) * (n - 1.0) + Vec2::new(4.0, -4.0) * i as f32;
            let at = layout.center(hex) + off * 0.5;
            let z = z::COUNTER + i as f32 * 0.1;
            let e = spawn_counter(&mut commands, (&battle, &settings), u, at, z);
            if let Some(was) = drawn.insert(u.id, hex).filter(|was| *was != hex) {
                let from = layout.center(was);
                commands.entity(e).insert((
                    Slide {
                        from,
                        to: at,
                        t: 0.0,
                    },
                    Transform::from_translation(from.extend(z + 1.0)),
                ));
            }
        }
    }
}

fn slide(
    mut commands: Commands,
    time: Res<Time>,
    mut q: Query<(Entity, &mut Slide, &mut Transform)>,
) {
    for (e, mut s, mut t) in &mut q {
        s.t = (s.t + time.delta_secs() / SLIDE_SECONDS).min(1.0);
        let k = s.t * s.t * (3.0 - 2.0 * s.t);
        let p = s.from.lerp(s.to, k);
        t.translation.x = p.x;
        t.translation.y = p.y;
        if s.t >= 1.0 {
            commands.entity(e).try_remove::<Slide>();
        }
    }
}

fn spawn_counter(
    commands: &mut Commands,
    (battle, settings): (&Battle, &Settings),
    u: &Unit,
    at: Vec2,
    z: f32,
) -> Entity {
    let fill = side_color(battle, u, settings);
    let marks = super::palette::marks(settings.colour_blind);
    let ink = if fill.to_srgba().red + fill.to_srgba().green > 1.0 {
        Color::BLACK
    } else {
        Color::WHITE
    };
    let size = if u.is_leader() { SIDE * 0.7 } else { SIDE };
    let facing = u.facing.screen_angle();
    commands
        .spawn((
            Counter,
            Transform::from_translation(at.extend(z)),
            Visibility::default(),
        ))
        .with_children(|c| {
            // Facing pointer: a bar from the centre to past the edge, toward the front hexside.
            let dir = Vec2::from_angle(facing);
            let pointer = Color::srgb(1.0, 0.9, 0.15);
            c.spawn((
                Sprite::from_color(Color::BLACK, Vec2::new(HEX_SIZE * 0.5, 7.0)),
                Transform {
                    translation: (dir * HEX_SIZE * 0.55).extend(0.05),
                    rotation: Quat::from_rotation_z(facing),
                    ..default()
                },
            ));
            c.spawn((
                Sprite::from_color(pointer, Vec2::new(HEX_SIZE * 0.48, 4.0)),
                Transform {
                    translation: (dir * HEX_SIZE * 0.55).extend(0.06),
                    rotation: Quat::from_rotation_z(facing),
                    ..default()
                },
            ));
            // An arrowhead: two short bars swept back from the tip.
            for sweep in [2.5f32, -2.5] {
                c.spawn((
                    Sprite::from_color(pointer, Vec2::new(9.0, 4.0)),
                    Transform {
                        translation: (dir * HEX_SIZE * 0.76
                            + Vec2::from_angle(facing + sweep) * 3.5)
                            .extend(0.06),
                        rotation: Quat::from_rotation_z(facing + sweep),
                        ..default()
                    },
                ));
            }
            c.spawn((
                Sprite::from_color(Color::BLACK, Vec2::splat(size + 2.0)),
                Transform::from_xyz(0.0, 0.0, -0.01),
            ));
            c.spawn((
                Sprite::from_color(fill, Vec2::splat(size)),
                Transform::default(),
            ));
            if settings.colour_blind && u.side.0 == 1 {
                // The second side's pattern: a dark stripe down the left edge.
                c.spawn((
                    Sprite::from_color(Color::srgb(0.15, 0.1, 0.05), Vec2::new(5.0, size)),
                    Transform::from_xyz(-size * 0.5 + 2.5, 0.0, 0.02),
                ));
            }
            symbol(c, u, ink, size);
            let label = match u.kind {
                UnitKind::Artillery => format!("{}g", u.guns),
                UnitKind::Leader => String::new(),
                UnitKind::Supply => format!("{}w", u.men),
                _ => format!("{}", u.men),
            };
            if !label.is_empty() {
                c.spawn((
                    Text2d::new(label),
                    TextFont {
                        font_size: FontSize::Px(11.0),
                        ..default()
                    },
                    TextColor(ink),
                    Transform::from_xyz(0.0, -size * 0.32, 0.03),
                ));
            }
            let mark = if u.routed {
                Some((marks.routed, "R"))
            } else if u.disrupted {
                Some((marks.disrupted, "D"))
            } else if u.is_fixed() {
                Some((marks.fixed, "F"))
            } else {
                None
            };
            if let Some((m, letter)) = mark {
                // Colour-blind players get the state's letter, not only its colour.
                let side = if settings.colour_blind { 11.0 } else { 7.0 };
                c.spawn((
                    Sprite::from_color(m, Vec2::splat(side)),
                    Transform::from_xyz(size * 0.38, size * 0.38, 0.04),
                ));
                if settings.colour_blind {
                    c.spawn((
                        Text2d::new(letter),
                        TextFont {
                            font_size: FontSize::Px(9.0),
                            ..default()
                        },
                        TextColor(Color::BLACK),
                        Transform::from_xyz(size * 0.38, size * 0.38, 0.05),
                    ));
                }
            }
            if u.is_captured() || u.crew != Crew::Crewed {
                c.spawn((
                    Sprite::from_color(Color::srgb(0.8, 0.1, 0.6), Vec2::new(size, 3.0)),
                    Transform::from_xyz(0.0, size * 0.45, 0.04),
                ));
            }
        })
        .id()
}

/// NATO-style kind symbols drawn with bars.
fn symbol(c: &mut ChildSpawnerCommands, u: &Unit, ink: Color, size: f32) {
    let box_w = size * 0.62;
    let box_h = size * 0.36;
    let y = size * 0.1;
    let bar = |c: &mut ChildSpawnerCommands, len: f32, w: f32, at: Vec2, rot: f32| {
        c.spawn((
            Sprite::from_color(ink, Vec2::new(len, w)),
            Transform {
                translation: at.extend(0.02),
                rotation: Quat::from_rotation_z(rot),
                ..default()
            },
        ));
    };
    if u.is_leader() {
        // A diamond: the leader's mark.
        bar(c, size * 0.4, size * 0.4, Vec2::ZERO, 0.785);
        return;
    }
    // The symbol box outline.
    for (len, w, at) in [
        (box_w, 1.2, Vec2::new(0.0, y + box_h / 2.0)),
        (box_w, 1.2, Vec2::new(0.0, y - box_h / 2.0)),
        (1.2, box_h, Vec2::new(-box_w / 2.0, y)),
        (1.2, box_h, Vec2::new(box_w / 2.0, y)),
    ] {
        bar(c, len, w, at, 0.0);
    }
    let diag = (box_w.powi(2) + box_h.powi(2)).sqrt();
    let ang = box_h.atan2(box_w);
    match u.kind {
        UnitKind::Infantry => {
            bar(c, diag, 1.2, Vec2::new(0.0, y), ang);
            bar(c, diag, 1.2, Vec2::new(0.0, y), -ang);
        }
        UnitKind::Cavalry => {
            bar(c, diag, 1.2, Vec2::new(0.0, y), ang);
            if u.formation != Formation::Mounted {
                // Dismounted: the infantry cross joins the cavalry slash.
                bar(c, diag, 1.2, Vec2::new(0.0, y), -ang);
            }
        }
        UnitKind::Artillery => {
            bar(c, box_h * 0.5, box_h * 0.5, Vec2::new(0.0, y), 0.0);
            if u.formation == Formation::Limbered {
                bar(c, box_w * 0.8, 1.2, Vec2::new(0.0, y - box_h * 0.3), 0.0);
            }
        }
        UnitKind::Supply => {
            bar(c, box_w, 1.2, Vec2::new(0.0, y - box_h * 0.2), 0.0);
            bar(
                c,
                box_h * 0.3,
                box_h * 0.3,
                Vec2::new(-box_w * 0.25, y - box_h * 0.35),
                0.0,
            );
            bar(
                c,
                box_h * 0.3,
                box_h * 0.3,
                Vec2::new(box_w * 0.25, y - box_h * 0.35),
                0.0,
            );
        }
        UnitKind::Leader => {}
    }
}
