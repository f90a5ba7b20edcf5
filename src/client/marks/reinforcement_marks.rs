//! Reinforcements on the map (issue 44, item 4): where units are still to come on, one mark for
//! each side's arrival of a turn at one stretch of the map's edge, saying when and how many, in
//! their side's colour, under the counters; under fog of war only the side at the screen's own
//! (the side's view holds no other).

use std::collections::BTreeMap;

use bevy::prelude::*;

use crate::client::map::layout::{HEX_HEIGHT, MapLayout};
use crate::client::theme::settings::Settings;
use crate::client::z;
use crate::rules::unit::Side;
use crate::sim::Table;

/// A mark of an entry hex.
#[derive(Component, Debug, Clone, PartialEq)]
pub struct EntryMark {
    pub side: Side,
    /// The first turn units come on there, and how many come there in all.
    pub turn: u32,
    pub units: usize,
    /// Each turn units come on there, and how many.
    pub turns: Vec<(u32, usize)>,
}

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, mark.after(crate::client::seen::Looking));
}

fn mark(
    mut commands: Commands,
    seen: Res<crate::client::seen::Seen>,
    table: Res<Table>,
    layout: Res<MapLayout>,
    settings: Res<Settings>,
    old: Query<Entity, With<EntryMark>>,
) {
    if !seen.is_changed() && !settings.is_changed() {
        return;
    }
    crate::client::theme::widget::clear(&mut commands, &old);
    let board = seen.board();
    // One mark for the units of a side that come on at one stretch of the edge (within a few
    // hexes of each other), whatever the turn: a column of twenty regiments is one arrival, and
    // a stretch where brigades come on turn after turn one mark listing the turns (issue 59:
    // a mark a turn stood over the others).
    let mut groups: Vec<(Side, Vec<(u32, crate::rules::hex::Hex)>)> = Vec::new();
    for r in &board.reinforcements {
        let (side, turn, h) = (r.unit.side, r.turn, r.unit.hex);
        match groups
            .iter_mut()
            .find(|(s, hs)| *s == side && hs.iter().any(|(_, x)| x.unsigned_distance_to(h) <= 4))
        {
            Some(g) => g.1.push((turn, h)),
            None => groups.push((side, vec![(turn, h)])),
        }
    }
    for (side, arrivals) in groups {
        // At the hex nearest the group's middle.
        let hexes: Vec<_> = arrivals.iter().map(|(_, h)| *h).collect();
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
        let mut by_turn: BTreeMap<u32, usize> = BTreeMap::new();
        for (t, _) in &arrivals {
            *by_turn.entry(*t).or_default() += 1;
        }
        let (x, y, s) = (h.x, h.y, side.0);
        let turn = by_turn.keys().next().copied().unwrap_or(0);
        let units = arrivals.len();
        let lines: Vec<String> = by_turn
            .iter()
            .map(|(t, n)| match n {
                1 => format!("Turn {t}: 1 arrives"),
                n => format!("Turn {t}: {n} arrive"),
            })
            .collect();
        let words = lines.join("\n");
        let widest = lines.iter().map(|l| l.len()).max().unwrap_or(0);
        let side = Side(s);
        let colour = crate::client::counters::counter::side_colour(&table, side, &settings);
        let centre = layout.center(crate::rules::hex::Hex::new(x, y));
        // Below the hex's middle, where a counter standing there leaves room.
        let spot = centre - Vec2::new(0.0, HEX_HEIGHT * 0.32);
        commands
            .spawn((
                EntryMark {
                    side,
                    turn,
                    units,
                    turns: by_turn.iter().map(|(t, n)| (*t, *n)).collect(),
                },
                Sprite::from_color(
                    Color::srgba(0.05, 0.05, 0.04, 0.85),
                    Vec2::new(widest as f32 * 8.6 + 10.0, 20.0 * lines.len() as f32),
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
