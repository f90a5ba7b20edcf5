//! Reinforcements on the map (issue 44, item 4): where units are still to come on, one mark for
//! each side's arrival of a turn at one stretch of the map's edge, saying when and how many, in
//! their side's colour, under the counters; under fog of war only the side at the screen's own
//! (the side's view holds no other).

use std::collections::BTreeMap;

use bevy::prelude::*;

use super::layout::{HEX_HEIGHT, MapLayout};
use super::settings::Settings;
use super::z;
use crate::rules::unit::Side;
use crate::sim::Battle;

/// A mark of an entry hex.
#[derive(Component, Debug, Clone, PartialEq)]
pub struct EntryMark {
    pub side: Side,
    /// The first turn units come on there, and how many come there in all.
    pub turn: u32,
    pub units: usize,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, mark.after(super::seen::Looking));
}

fn mark(
    mut commands: Commands,
    seen: Res<super::seen::Seen>,
    battle: Res<Battle>,
    layout: Res<MapLayout>,
    settings: Res<Settings>,
    old: Query<Entity, With<EntryMark>>,
) {
    if !seen.is_changed() && !settings.is_changed() {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    let board = seen.board();
    // One mark for the units of a side that come on in one turn at one stretch of the edge
    // (within a few hexes of each other): a column of twenty regiments is one arrival.
    let mut groups: Vec<(Side, u32, Vec<crate::rules::hex::Hex>)> = Vec::new();
    for r in &board.reinforcements {
        let (side, turn, h) = (r.unit.side, r.turn, r.unit.hex);
        match groups.iter_mut().find(|(s, t, hs)| {
            *s == side && *t == turn && hs.iter().any(|x| x.unsigned_distance_to(h) <= 4)
        }) {
            Some(g) => g.2.push(h),
            None => groups.push((side, turn, vec![h])),
        }
    }
    let mut at: BTreeMap<(i32, i32, u8), (u32, usize)> = BTreeMap::new();
    for (side, turn, hexes) in groups {
        // At the hex nearest the group's middle.
        let mid = hexes.iter().map(|h| layout.center(*h)).sum::<Vec2>() / hexes.len() as f32;
        let h = *hexes
            .iter()
            .min_by(|a, b| {
                layout
                    .center(**a)
                    .distance(mid)
                    .total_cmp(&layout.center(**b).distance(mid))
            })
            .unwrap_or(&hexes[0]);
        let e = at.entry((h.x, h.y, side.0)).or_insert((turn, 0));
        e.0 = e.0.min(turn);
        e.1 += hexes.len();
    }
    for ((x, y, s), (turn, units)) in at {
        let side = Side(s);
        let colour = super::counters::side_colour(&battle, side, &settings);
        let words = if units == 1 {
            format!("Turn {turn}: 1 arrives")
        } else {
            format!("Turn {turn}: {units} arrive")
        };
        let centre = layout.center(crate::rules::hex::Hex::new(x, y));
        // Below the hex's middle, where a counter standing there leaves room.
        let spot = centre - Vec2::new(0.0, HEX_HEIGHT * 0.32);
        commands
            .spawn((
                EntryMark { side, turn, units },
                Sprite::from_color(
                    Color::srgba(0.05, 0.05, 0.04, 0.85),
                    Vec2::new(words.len() as f32 * 8.6 + 10.0, 20.0),
                ),
                Transform::from_translation(spot.extend(z::HIGHLIGHT + 0.5)),
            ))
            .with_children(|m| {
                m.spawn((
                    Text2d::new(words),
                    TextFont {
                        font_size: bevy::text::FontSize::Px(16.0),
                        ..default()
                    },
                    TextColor(colour.lighter(0.25)),
                    Transform::from_xyz(0.0, 0.0, 0.01),
                ));
            });
    }
}
