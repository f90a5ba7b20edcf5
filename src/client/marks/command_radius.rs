//! The selected leader's command radius (RULES.md §17 D-cc-2) drawn on the ground: an outline
//! along the hexsides where his reach ends, so that a player sees which hexes his regiments must
//! keep within.

use bevy::prelude::*;

use crate::client::input::command::Selection;
use crate::client::map::layout::MapLayout;
use crate::client::{theme::palette, z};
use crate::rules::hex::{Hex, distance};
use crate::rules::unit::UnitId;

/// The radius drawn now: the leader, his hex, the radius in hexes, and the hexsides of its
/// outline (each as the hex inside and the hex outside).
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct CommandRadius(pub Option<Radius>);

#[derive(Debug, Clone, PartialEq)]
pub struct Radius {
    pub leader: UnitId,
    pub at: Hex,
    pub hexes: u32,
    pub outline: Vec<(Hex, Hex)>,
}

#[derive(Component)]
struct RadiusEdge;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<CommandRadius>()
        .add_systems(Update, draw.in_set(crate::client::Frame::AfterGame));
}

/// The outline of the hexes within `hexes` of `at`: every hexside between one within and one
/// beyond.
pub fn outline(at: Hex, hexes: u32) -> Vec<(Hex, Hex)> {
    let mut edges = Vec::new();
    for h in at.range(hexes) {
        for n in h.all_neighbors() {
            if distance(n, at) > hexes {
                edges.push((h, n));
            }
        }
    }
    edges
}

fn draw(
    mut commands: Commands,
    cmd: Res<Selection>,
    seen: Res<crate::client::seen::Seen>,
    layout: Res<MapLayout>,
    old: Query<Entity, With<RadiusEdge>>,
    mut shown: ResMut<CommandRadius>,
) {
    let board = seen.board();
    let want = cmd
        .unit
        .and_then(|id| board.unit(id))
        .filter(|u| u.is_leader() && u.side == seen.view().side)
        .map(|u| (u.id, u.hex, crate::rules::command::radius(board, u.command)));
    if shown.0.as_ref().map(|r| (r.leader, r.at, r.hexes)) == want {
        return;
    }
    crate::client::theme::widget::clear(&mut commands, &old);
    shown.0 = want.map(|(leader, at, hexes)| Radius {
        leader,
        at,
        hexes,
        outline: outline(at, hexes),
    });
    let Some(r) = &shown.0 else {
        return;
    };
    for (inside, beyond) in &r.outline {
        let (a, b) = (layout.center(*inside), layout.center(*beyond));
        let across = b - a;
        // A regular hexagon's side is the distance between centres over √3.
        let side = across.length() / 3f32.sqrt();
        commands.spawn((
            RadiusEdge,
            Sprite::from_color(palette::OBJECTIVE, Vec2::new(side, 3.0)),
            Transform {
                translation: ((a + b) / 2.0).extend(z::HIGHLIGHT + 0.3),
                rotation: Quat::from_rotation_z(across.to_angle() + std::f32::consts::FRAC_PI_2),
                ..default()
            },
        ));
    }
}
