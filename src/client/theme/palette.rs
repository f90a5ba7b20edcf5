//! Colours of the map and the counters: presentation data, apart from the rules.

use bevy::prelude::*;

use crate::rules::map::{Road, SideFeature, Terrain};

pub const BACKGROUND: Color = Color::srgb(0.12, 0.12, 0.11);
pub const PANEL: Color = Color::srgba(0.08, 0.08, 0.07, 0.88);
pub const TEXT: Color = Color::srgb(0.93, 0.91, 0.85);
pub const HOVER: Color = Color::srgba(1.0, 1.0, 0.6, 0.9);
pub const SELECTED: Color = Color::srgba(1.0, 0.85, 0.2, 1.0);
/// Contours: a thin brown line along the hexsides where the ground changes level, as a period
/// map's; an index contour (every fifth level) or a steep drop heavier and darker.
pub const CONTOUR: Color = Color::srgba(0.42, 0.24, 0.08, 0.85);
pub const INDEX_CONTOUR: Color = Color::srgba(0.32, 0.16, 0.04, 0.9);
/// Their widths in world units (a hex is 64 across), on the map and in the legend alike.
pub const CONTOUR_WIDTH: f32 = 2.4;
pub const INDEX_CONTOUR_WIDTH: f32 = 4.0;
/// The hex grid: dark and faint, so that it reads on every terrain without hiding any.
pub const GRID: Color = Color::srgba(0.0, 0.0, 0.0, 0.45);
/// A switched-on or chosen button.
pub const LIT: Color = Color::srgb(0.45, 0.32, 0.08);
pub const OBJECTIVE: Color = Color::srgb(0.95, 0.78, 0.15);
/// A unit out of command (§17): orange, apart from the objective's gold and the routed red.
pub const OUT_OF_COMMAND: Color = Color::srgb(1.0, 0.5, 0.1);
/// Text for the panels and buttons, at a size in pixels.
pub fn text(content: impl Into<String>, size: f32) -> (Text, TextFont, TextColor) {
    (
        Text::new(content),
        TextFont {
            font_size: FontSize::Px(size),
            ..default()
        },
        TextColor(TEXT),
    )
}

/// A quieter line under a label (a button's key).
pub const DIM: Color = Color::srgb(0.68, 0.66, 0.60);

/// Text in the quieter colour.
pub fn dim_text(content: impl Into<String>, size: f32) -> (Text, TextFont, TextColor) {
    coloured_text(content, size, DIM)
}

/// Text in `colour` (headings in the objective's gold).
pub fn coloured_text(
    content: impl Into<String>,
    size: f32,
    colour: Color,
) -> (Text, TextFont, TextColor) {
    let (t, f, _) = text(content, size);
    (t, f, TextColor(colour))
}

/// Pending melees: their arrows on the map and their panel.
pub const PENDING: Color = Color::srgb(1.0, 0.55, 0.1);

/// Base colour and pattern colour of each terrain's tile.
pub fn terrain(t: Terrain) -> ([u8; 3], [u8; 3]) {
    match t {
        Terrain::Clear => ([170, 190, 120], [160, 182, 112]),
        Terrain::Field => ([214, 196, 118], [186, 166, 92]),
        Terrain::Orchard => ([160, 188, 110], [70, 120, 50]),
        Terrain::Forest => ([62, 110, 52], [36, 78, 32]),
        Terrain::Rough => ([150, 140, 120], [105, 95, 80]),
        Terrain::Marsh => ([120, 150, 130], [70, 110, 150]),
        Terrain::Town => ([196, 180, 160], [140, 70, 60]),
        Terrain::Water => ([70, 120, 190], [100, 150, 210]),
        Terrain::Blocked => ([70, 66, 62], [40, 38, 36]),
    }
}

/// Colour and width (as a share of the hex size) of a hexside feature.
pub fn feature(f: SideFeature) -> (Color, f32) {
    match f {
        SideFeature::Stream => (Color::srgb(0.35, 0.6, 0.95), 0.10),
        SideFeature::Creek => (Color::srgb(0.15, 0.35, 0.85), 0.18),
        SideFeature::Ford => (Color::srgb(0.85, 0.75, 0.45), 0.16),
        SideFeature::Bridge => (Color::srgb(0.45, 0.28, 0.12), 0.30),
        SideFeature::Fence => (Color::srgb(0.80, 0.62, 0.36), 0.06),
        SideFeature::StoneWall => (Color::srgb(0.62, 0.62, 0.60), 0.14),
        SideFeature::Embankment => (Color::srgb(0.66, 0.55, 0.34), 0.14),
        SideFeature::Cut => (Color::srgb(0.25, 0.2, 0.15), 0.16),
        SideFeature::Breastworks => (Color::srgb(0.35, 0.22, 0.1), 0.16),
    }
}

/// How a hexside feature, a road or a contour is drawn: the map draws it so, and the legend draws
/// a small copy, so the two cannot differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pattern {
    /// One bar (streams, creeks).
    Solid,
    /// A bar with a dark casing (roads, pikes).
    Cased,
    /// Short bars in a row (trails).
    Dashes(u8),
    /// Rails zig-zagging (worm fences).
    ZigZag(u8),
    /// An outlined bar with stones across it (stone walls).
    Stones(u8),
    /// An outlined bar with hachures standing out of it (embankments).
    Hachures(u8),
    /// An outlined dark bar with a pale floor line (cuts).
    Floor,
    /// A bar with teeth (breastworks).
    Teeth(u8),
    /// A plank across a creek with rails on its sides (bridges) or stepping stones (fords).
    Rails,
    SteppingStones,
    /// A black line with ties across it (railroads).
    Ties(u8),
}

pub fn feature_pattern(f: SideFeature) -> Pattern {
    match f {
        SideFeature::Stream | SideFeature::Creek => Pattern::Solid,
        SideFeature::Ford => Pattern::SteppingStones,
        SideFeature::Bridge => Pattern::Rails,
        SideFeature::Fence => Pattern::ZigZag(5),
        SideFeature::StoneWall => Pattern::Stones(5),
        SideFeature::Embankment => Pattern::Hachures(6),
        SideFeature::Cut => Pattern::Floor,
        SideFeature::Breastworks => Pattern::Teeth(5),
    }
}

pub fn road_pattern(r: Road) -> Pattern {
    match r {
        Road::Trail => Pattern::Dashes(3),
        Road::Road | Road::Pike => Pattern::Cased,
        Road::Rail => Pattern::Ties(4),
    }
}

/// Contours: a line along the hexside.
pub const CONTOUR_PATTERN: Pattern = Pattern::Solid;

pub fn road(r: Road) -> (Color, f32) {
    match r {
        Road::Trail => (Color::srgb(0.55, 0.40, 0.25), 0.05),
        Road::Road => (Color::srgb(0.72, 0.55, 0.32), 0.08),
        Road::Pike => (Color::srgb(0.88, 0.84, 0.74), 0.12),
        Road::Rail => (Color::srgb(0.1, 0.1, 0.1), 0.05),
    }
}

/// The smallest button a finger can hit (logical pixels, Apple's and Google's guidance).
pub const TOUCH_TARGET: f32 = 44.0;

/// A button that has nothing to act on now: it keeps its place, dimmed.
pub const DIMMED: Color = Color::srgb(0.2, 0.2, 0.2);

/// The colours of marks that must be told apart: the usual ones, or the Okabe–Ito palette
/// that colour-blind players can tell apart (the marks differ in shape as well).
#[derive(Debug, Clone, Copy)]
pub struct Marks {
    pub legal: Color,
    pub illegal: Color,
    pub reach: Color,
    pub stop: Color,
    pub fire_threat: Color,
    pub melee_threat: Color,
    pub routed: Color,
    pub disrupted: Color,
    pub fixed: Color,
    pub sight_clear: Color,
    pub sight_blocked: Color,
}

pub fn marks(colour_blind: bool) -> Marks {
    if colour_blind {
        // Okabe & Ito (2008): blue, vermillion, sky blue, orange, reddish purple, yellow.
        Marks {
            legal: Color::srgb(0.0, 0.45, 0.70),
            illegal: Color::srgb(0.84, 0.37, 0.0),
            reach: Color::srgba(0.34, 0.71, 0.91, 0.9),
            stop: Color::srgba(0.90, 0.62, 0.0, 0.9),
            fire_threat: Color::srgb(0.90, 0.62, 0.0),
            melee_threat: Color::srgb(0.80, 0.47, 0.65),
            routed: Color::srgb(0.84, 0.37, 0.0),
            disrupted: Color::srgb(0.94, 0.89, 0.26),
            fixed: Color::srgb(0.6, 0.6, 0.6),
            sight_clear: Color::srgb(0.34, 0.71, 0.91),
            sight_blocked: Color::srgb(0.84, 0.37, 0.0),
        }
    } else {
        Marks {
            legal: Color::srgb(0.2, 0.95, 0.3),
            illegal: Color::srgb(0.95, 0.15, 0.15),
            reach: Color::srgba(0.55, 0.85, 1.0, 0.8),
            stop: Color::srgba(1.0, 0.6, 0.3, 0.8),
            fire_threat: Color::srgb(1.0, 0.55, 0.1),
            melee_threat: Color::srgb(0.95, 0.15, 0.15),
            routed: Color::srgb(0.9, 0.1, 0.1),
            disrupted: Color::srgb(1.0, 0.8, 0.0),
            fixed: Color::srgb(0.6, 0.6, 0.6),
            sight_clear: Color::srgb(0.3, 0.95, 0.4),
            sight_blocked: Color::srgb(0.95, 0.15, 0.15),
        }
    }
}

/// The sides' colours under the colour-blind palette (blue and orange); the second side's
/// counters also carry a stripe, so the sides differ in pattern too.
pub fn side_colour_blind(side: u8) -> Color {
    if side == 0 {
        Color::srgb(0.0, 0.45, 0.70)
    } else {
        Color::srgb(0.90, 0.62, 0.0)
    }
}
