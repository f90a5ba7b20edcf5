//! Relief at a glance: each hex's brightness from its elevation level (low ground darker, high
//! ground lighter) and a hill-shade lit from the north-west, worked out once from the map.

pub use crate::client::theme::settings::Relief;
use std::collections::HashMap;

use bevy::prelude::*;

use super::layout::MapLayout;
use crate::rules::hex::Hex;
use crate::rules::map::Map;

/// The darkest level's brightness and the lightest's: the lowest ground keeps enough of its
/// colour to tell woods from fields, the highest is not washed out.
pub const LOWEST: f32 = 0.60;
pub const HIGHEST: f32 = 0.97;
/// How much a slope facing the light gains, or one facing away loses, at the steepest; and
/// per level a hex that it rises or falls towards the light.
const SHADE: f32 = 0.14;
const SHADE_PER_LEVEL: f32 = 0.25;
/// The light comes from the north-west (world y is north).
const LIGHT: Vec2 = Vec2::new(
    -std::f32::consts::FRAC_1_SQRT_2,
    std::f32::consts::FRAC_1_SQRT_2,
);

/// The map's lowest and highest levels.
pub fn levels(map: &Map) -> (i32, i32) {
    let mut it = map.hexes().map(|h| map.elevation(h));
    let first = it.next().unwrap_or(0);
    it.fold((first, first), |(lo, hi), e| (lo.min(e), hi.max(e)))
}

/// The brightness of level `e` on a map whose levels run `lo..=hi`: every level its own step,
/// the whole range used whatever the map's levels.
pub fn tint(e: i32, (lo, hi): (i32, i32)) -> f32 {
    if hi <= lo {
        return (LOWEST + HIGHEST) / 2.0 + 0.1;
    }
    LOWEST + (HIGHEST - LOWEST) * (e - lo) as f32 / (hi - lo) as f32
}

/// The ground's slope at each hex, in levels per hex towards higher ground: the elevation
/// field averaged over each hex and its neighbours first, so that a long slope shades
/// smoothly rather than only at its contour lines.
pub fn slopes(map: &Map, layout: &MapLayout) -> HashMap<Hex, Vec2> {
    let smooth: HashMap<Hex, f32> = map
        .hexes()
        .map(|h| {
            let near: Vec<i32> = std::iter::once(h)
                .chain(h.all_neighbors())
                .filter(|n| map.contains(*n))
                .map(|n| map.elevation(n))
                .collect();
            (h, near.iter().sum::<i32>() as f32 / near.len() as f32)
        })
        .collect();
    map.hexes()
        .map(|h| {
            let here = smooth[&h];
            let at = layout.center(h);
            let (mut g, mut n) = (Vec2::ZERO, 0.0);
            for nb in h.all_neighbors() {
                if let Some(e) = smooth.get(&nb) {
                    let d = (layout.center(nb) - at).normalize_or_zero();
                    g += d * (e - here);
                    n += 1.0;
                }
            }
            // Six neighbours around give three times the slope along any one direction.
            (h, if n > 0.0 { g * 2.0 / n } else { Vec2::ZERO })
        })
        .collect()
}

/// How much brighter (or, below zero, darker) a slope is under the north-west light: a face
/// turned to the light (its ground rising away to the south-east) is lit.
pub fn hill_shade(slope: Vec2) -> f32 {
    (SHADE_PER_LEVEL * (-slope).dot(LIGHT)).clamp(-SHADE, SHADE)
}

/// Each hex's brightness: its level's tint and its hill-shade.
pub fn brightness(map: &Map, layout: &MapLayout) -> HashMap<Hex, f32> {
    let range = levels(map);
    slopes(map, layout)
        .into_iter()
        .map(|(h, s)| {
            let b = tint(map.elevation(h), range) + hill_shade(s);
            (h, b.clamp(0.45, 1.0))
        })
        .collect()
}

/// The tile colour that carries a brightness: a touch warmer on high ground, as a period map's
/// buff hills.
pub fn colour(b: f32) -> Color {
    Color::srgb(b, b * 0.99, b * 0.95)
}

/// The tile colour of brightness `b` on level `e` (the map's levels `lo..=hi`), as `relief`
/// draws elevation: in bands, odd levels above the lowest warm (buff) and even ones cool
/// (grey-green), a step an eye tells at a glance.
pub fn band_colour(b: f32, e: i32, (lo, _hi): (i32, i32), relief: Relief) -> Color {
    match relief {
        Relief::Shaded => colour(b),
        Relief::Bands if (e - lo).rem_euclid(2) == 1 => Color::srgb(b, b * 0.93, b * 0.78),
        Relief::Bands => Color::srgb(b * 0.94, b * 0.99, b * 0.97),
    }
}

/// Whether a contour between levels `a` and `b` is an index contour, drawn heavier: on a map
/// of more than five levels, every fifth.
pub fn index_contour(a: i32, b: i32, (lo, hi): (i32, i32)) -> bool {
    hi - lo > 5 && (a.min(b) + 1..=a.max(b)).any(|l| l % 5 == 0)
}
