//! The help overlay (F1, H or ?, or the Help button): every key from the one key table, the
//! gestures, the highlight letters, each part of a counter, what every mark and state means,
//! and the map's legend (every terrain, and every road, hexside
//! and contour in the pattern the map draws it in: `palette::Pattern`). Esc, the same keys or its Close button shut it.

use bevy::prelude::*;

use crate::client::gate::HelpOpen;
use crate::client::theme::aid::Aid;
use crate::client::theme::interaction::{Pressed, any_pressed};
use crate::client::theme::keys::{self, Act, BINDINGS, GESTURES, keys_of};
use crate::client::theme::palette;
use crate::client::theme::widget::{self, Layout};
use crate::rules::map::{Road, SideFeature, Terrain};

#[derive(Component)]
pub struct HelpPanel;

#[derive(Component)]
pub struct CloseHelp;

/// The line that says the help has more below (wheel, or a finger, scrolls it).
#[derive(Component)]
pub struct HelpMore;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<HelpOpen>()
        .add_systems(Startup, spawn)
        .add_systems(
            Update,
            (
                close,
                show,
                crate::client::theme::regions::wheel_scrolls::<HelpPanel>,
                crate::client::theme::regions::more_below::<HelpPanel, HelpMore>,
            )
                .chain(),
        );
}

/// The key lines, as the help lists them: "F1, H, ?  Help: …" (one line per action).
pub fn key_lines() -> Vec<(String, &'static str)> {
    let mut out: Vec<(String, &'static str)> = Vec::new();
    let mut seen: Vec<Act> = Vec::new();
    for b in BINDINGS {
        if seen.contains(&b.act) {
            continue;
        }
        seen.push(b.act);
        out.push((keys_of(b.act), keys::what(b.act)));
    }
    out
}

/// Each part of a counter, where it sits and what it says (as `counters` draws it).
pub const COUNTER_PARTS: &[(&str, &str)] = &[
    (
        "Its colour",
        "the side: the scenario's colours (a pattern too with the colour-blind palette)",
    ),
    (
        "The box in the middle",
        "the kind: crossed lines infantry, one slash cavalry (a cross joins it dismounted), a dot guns, wheels wagons",
    ),
    (
        "A gold ◆ on a counter",
        "a leader stacked with it (one for each); a leader alone is a small counter with a diamond (an objective is a flag with its name and points)",
    ),
    (
        "The number at the bottom",
        "its strength: men; guns as 4g; wagons as 12w; ~ before it, an estimate (Extreme Fog of War)",
    ),
    (
        "Top left",
        "the formation: Line or Col (infantry), Mtd or Dis (cavalry), Limb or Unl (guns)",
    ),
    (
        "Letters at the top right",
        "its state, each on a dark chip: D, R, F, a, A, c (below)",
    ),
    (
        "×2, ×3",
        "counters in the hex's stack (Tab steps through them)",
    ),
    (
        "The notch on an edge",
        "its facing: the hexside it faces; it fires and melees through its front",
    ),
    (
        "An orange band down the left",
        "out of command (Command Control; the I key or the Cmd aid hides it)",
    ),
    (
        "A magenta bar at the bottom",
        "guns captured, or without their crew",
    ),
    (
        "A faint counter with ? and T3?",
        "an enemy last seen there on turn 3 (Fog of War): not a target",
    ),
    (
        "Far out",
        "a bold kind's mark sized by strength; leaders as gold stars",
    ),
];

/// What each mark and state on the map means, in the rules' words (RULES.md).
pub const MEANINGS: &[(&str, &[(&str, &str)])] = &[
    (
        "States",
        &[
            (
                "D  Disrupted",
                "may not melee-attack nor enter an enemy's zone of control; morale −1; recovers at the start of its turn when out of the enemy's zone of control",
            ),
            (
                "R  Routed",
                "runs from the enemy and cannot attack; a morale check at the start of its turn rallies it to Disrupted (+1 with a leader in the hex)",
            ),
            (
                "F  Fixed",
                "may fire and turn but not move or melee-attack, until released: fired on or meleed, the scenario's turn, or an enemy within 5 hexes",
            ),
            (
                "a  Low ammunition",
                "fires only as opportunity fire; a wagon within 5 hexes refills it at the start of the turn",
            ),
            (
                "A  Out of ammunition",
                "cannot fire until a wagon resupplies it",
            ),
            (
                "c  Out of command",
                "beyond its leaders' radius at the start of the turn: under Command Control half movement, no melee attack",
            ),
            (
                "Fatigue",
                "from marching and fighting; lowers morale (the unit panel gives it); rest recovers it",
            ),
            (
                "Isolated",
                "no path free of the enemy to its map edge or a supply source: its melee defence is a quarter (the unit panel says so)",
            ),
        ],
    ),
    (
        "On the map",
        &[
            (
                "Lit hexes round the selected unit",
                "where it can move this turn; a line shows the path to the hex under the pointer",
            ),
            (
                "A gold hex outline",
                "the selected hex; a pale one, the hex under the pointer",
            ),
            (
                "An orange arrow into an enemy",
                "a melee declared and waiting for Resolve; its odds are in the panel",
            ),
            (
                "A green or red target while dragging",
                "the melee the drag would declare is allowed (green) or not (red, with the reason)",
            ),
            (
                "Shaded hexes (Threats)",
                "where the enemy can fire or melee next turn, darker for more",
            ),
            (
                "A gold outline round a leader",
                "his command radius: his units inside it are in command",
            ),
            (
                "Blue and orange paths (Move brigade)",
                "each unit's march: blue reaches its place, orange stops short, a cross marks a place not reached",
            ),
            (
                "A flag with points",
                "an objective: its name, its points and the side that holds it",
            ),
            (
                "A pulsing gold ring",
                "what the boot camp's lesson points at",
            ),
        ],
    ),
    (
        "How fire is worked out (RULES.md §7; the preview and the card show each step)",
        &[
            (
                "The weapon",
                "men × the weapon's value at the range: rifled musket 4, 3, 2, 1 a man at 1 to 4 hexes; a battery guns × 50 × its gun's value (12-pdr Napoleon 11 at 1 hex, 9 at 2 … out to 13). No halving with range",
            ),
            (
                "The firer",
                "multiplied: disrupted ×0.5, moved this turn ×0.5 (not opportunity fire), dismounted cavalry ×0.75, captured guns ×0.5, tired −10 %, −20 %, −40 % (double for guns)",
            ),
            (
                "The target",
                "added, never below −90 %: forest −40 %, town and rough −30 %, orchard and field −10 %; a stone wall −40 %, fence −20 %, breastworks −30 % it held; higher −20 % (two levels −40 %); column, limbered or mounted +40 %; fired on through its rear +40 %",
            ),
            (
                "The loss",
                "between 5 and 25 men per 1000 of the value (700 rifles at 2 hexes: 10 to 52 men); each 25 men of a battery's loss is a gun; each loss may force a morale check",
            ),
        ],
    ),
    (
        "Words on the cards (issue 59: they spoke in terms nobody explained)",
        &[
            (
                "Quality A to F",
                "a unit's drill and spirit: its morale is 6 for A down to 1 for F",
            ),
            (
                "Morale 6 vs 5",
                "a morale check: a die (1 to 6) against the unit's morale, after its pluses and minuses (a leader with it +1; night −2; tired −1 or −2; low ammunition −1; fired on in enfilade −2; disrupted −1). A roll above the morale fails: disrupted, or routed if its own side was acting",
            ),
            (
                "Enfilade",
                "fire or an attack through the target's rear hexsides, where it cannot answer: +40 % to fire, +20 % to a melee, and −2 to its morale",
            ),
            (
                "Value",
                "a fire's strength: the weapon's value at the range times men (or guns × 50), with the firer's factors and the target's terms",
            ),
            (
                "Loss range",
                "the fewest and the most men a fire or a melee may cost: a fire's value × 5 to × 25 per 1000; in a melee each side's by the other's strength (the defender's 25 to 125 per 1000 of the attack). The roll falls anywhere between, evenly",
            ),
        ],
    ),
];

fn column(p: &mut ChildSpawnerCommands, title: &str, fill: impl FnOnce(&mut ChildSpawnerCommands)) {
    p.spawn(widget::column(2.0).max_width(Val::Px(420.0)))
        .with_children(|c| {
            c.spawn(widget::heading(title, 15.0));
            fill(c);
        });
}

/// A swatch of `colour`, `w` by `h`, and its name.
fn swatch(c: &mut ChildSpawnerCommands, colour: Color, w: f32, h: f32, name: &str) {
    c.spawn(widget::row(8.0)).with_children(|row| {
        row.spawn(widget::sized(28.0, 14.0).centred())
            .with_child((widget::sized(w, h), BackgroundColor(colour)));
        row.spawn(palette::text(name, 12.0));
    });
}

/// A terrain's name beside a hex of its texture, as the map draws it.
fn texture_swatch(c: &mut ChildSpawnerCommands, atlas: &Handle<Image>, t: Terrain) {
    use crate::client::map::terrain_art::{TILE_H, TILE_W, index};
    let i = index(t, 0) as f32;
    let corner = Vec2::new(i * TILE_W as f32, 0.0);
    c.spawn(widget::row(8.0)).with_children(|row| {
        row.spawn((
            ImageNode::new(atlas.clone()).with_rect(Rect::from_corners(
                corner,
                corner + Vec2::new(TILE_W as f32, TILE_H as f32),
            )),
            widget::sized(32.0, 28.0),
        ));
        row.spawn(palette::text(t.name(), 12.0));
    });
}

/// A legend swatch's box.
const SWATCH: Vec2 = Vec2::new(36.0, 16.0);

/// The marks that draw `pattern` in a swatch: (colour, width, height, centre x, centre y, turn
/// in radians) of each.
fn pattern_marks(
    colour: Color,
    h: f32,
    pattern: palette::Pattern,
) -> Vec<(Color, f32, f32, f32, f32, f32)> {
    use palette::Pattern;
    const W: f32 = SWATCH.x;
    const H: f32 = SWATCH.y;
    let dark = Color::srgb(0.2, 0.15, 0.08);
    // (colour, width, height, centre x, centre y, turn in radians) of each mark.
    let mut marks: Vec<(Color, f32, f32, f32, f32, f32)> = Vec::new();
    let mid = H / 2.0;
    match pattern {
        Pattern::Solid => marks.push((colour, W, h, W / 2.0, mid, 0.0)),
        Pattern::Cased => {
            marks.push((dark, W, h + 3.0, W / 2.0, mid, 0.0));
            marks.push((colour, W, h, W / 2.0, mid, 0.0));
        }
        Pattern::Dashes(n) => {
            for k in 0..n {
                let x = (k as f32 + 0.5) * W / n as f32;
                let len = W / n as f32 * 0.6;
                marks.push((colour, len, h.max(2.0), x, mid, 0.0));
            }
        }
        Pattern::ZigZag(n) => {
            for k in 0..n {
                let x = (k as f32 + 0.5) * W / n as f32;
                let turn = if k % 2 == 0 { 0.45 } else { -0.45 };
                marks.push((colour, W / n as f32 * 1.2, h.max(2.0), x, mid, turn));
            }
        }
        Pattern::Stones(n) | Pattern::Hachures(n) | Pattern::Teeth(n) => {
            let rim = if matches!(pattern, Pattern::Stones(_)) {
                Color::srgb(0.2, 0.2, 0.2)
            } else {
                dark
            };
            if !matches!(pattern, Pattern::Teeth(_)) {
                marks.push((rim, W, h + 3.0, W / 2.0, mid, 0.0));
            }
            marks.push((colour, W, h, W / 2.0, mid, 0.0));
            for k in 0..n {
                let x = (k as f32 + 0.5) * W / n as f32;
                match pattern {
                    Pattern::Stones(_) => marks.push((rim, 1.5, h, x, mid, 0.0)),
                    Pattern::Hachures(_) => marks.push((rim, 1.5, h + 8.0, x, mid, 0.0)),
                    _ => marks.push((colour, h * 1.4, h * 0.8, x, mid - h, 0.8)),
                }
            }
        }
        Pattern::Floor => {
            marks.push((dark, W, h + 3.0, W / 2.0, mid, 0.0));
            marks.push((colour, W, h, W / 2.0, mid, 0.0));
            marks.push((
                Color::srgb(0.62, 0.5, 0.32),
                W * 0.9,
                1.5,
                W / 2.0,
                mid,
                0.0,
            ));
        }
        Pattern::Rails | Pattern::SteppingStones => {
            // Across a creek: the creek's blue, the crossing over it.
            marks.push((
                palette::feature(SideFeature::Creek).0,
                W,
                5.0,
                W / 2.0,
                mid,
                0.0,
            ));
            marks.push((colour, 12.0, H, W / 2.0, mid, 0.0));
            let rim = if pattern == Pattern::Rails {
                Color::srgb(0.15, 0.08, 0.03)
            } else {
                Color::srgb(0.95, 0.92, 0.8)
            };
            for side in [-1.0f32, 1.0] {
                let (w, hh) = if pattern == Pattern::Rails {
                    (2.0, H)
                } else {
                    (3.0, 3.0)
                };
                marks.push((rim, w, hh, W / 2.0 + side * 4.5, mid, 0.0));
            }
        }
        Pattern::Ties(n) => {
            marks.push((colour, W, h, W / 2.0, mid, 0.0));
            for k in 0..n {
                let x = (k as f32 + 0.5) * W / n as f32;
                marks.push((colour, 2.0, 9.0, x, mid, 0.0));
            }
        }
    }
    marks
}

/// A legend entry drawn in the map's own pattern (`palette::Pattern`), small: `colour` at
/// thickness `h` in a 36 by 16 box, and its name.
fn pattern_swatch(
    c: &mut ChildSpawnerCommands,
    colour: Color,
    h: f32,
    pattern: palette::Pattern,
    name: &str,
) {
    let marks = pattern_marks(colour, h, pattern);
    c.spawn(widget::row(8.0)).with_children(|row| {
        // On open ground, as on the map: dark marks (the railroad, contours) read there.
        row.spawn((
            widget::sized(SWATCH.x, SWATCH.y),
            BackgroundColor(rgb(palette::terrain(Terrain::Clear).0)),
        ))
        .with_children(|b| {
            for (colour, w, hh, x, y, turn) in marks {
                b.spawn((
                    widget::placed(x - w / 2.0, y - hh / 2.0, w, hh),
                    UiTransform::from_rotation(Rot2::radians(turn)),
                    BackgroundColor(colour),
                ));
            }
        });
        row.spawn(palette::text(name, 12.0));
    });
}

fn rgb(c: [u8; 3]) -> Color {
    Color::srgb_u8(c[0], c[1], c[2])
}

fn spawn(
    mut commands: Commands,
    table: Res<crate::sim::Table>,
    atlas: Option<Res<crate::client::map::tiles::TerrainAtlas>>,
    settings: Option<Res<crate::client::theme::settings::Settings>>,
) {
    let relief = settings.map_or(crate::client::theme::settings::Relief::default(), |s| {
        s.relief
    });
    commands.spawn((
        HelpMore,
        widget::floating()
            .bottom(Val::Px(20.0))
            .right(Val::Px(36.0))
            .pad(UiRect::axes(Val::Px(8.0), Val::Px(3.0))),
        BackgroundColor(palette::PANEL),
        GlobalZIndex(41),
        Visibility::Hidden,
        children![palette::text(
            "▼ more below: scroll with the wheel, or drag",
            13.0
        )],
    ));
    commands
        .spawn((
            HelpPanel,
            crate::client::theme::regions::Furniture,
            // Presses on the help stay off the map.
            widget::curtain(
                widget::covering()
                    .left(Val::Px(16.0))
                    .right(Val::Px(16.0))
                    .top(Val::Px(40.0))
                    .bottom(Val::Px(16.0))
                    .pad(UiRect::all(Val::Px(14.0)))
                    .wrapping()
                    .gap(28.0)
                    .line_gap(12.0)
                    .scrolls()
                    .hidden(),
                Color::srgb(0.06, 0.06, 0.05),
                40,
            ),
            ScrollPosition::default(),
        ))
        .with_children(|p| {
            column(p, "Legend: a counter", |c| {
                for (part, what) in COUNTER_PARTS {
                    c.spawn(palette::text(*part, 12.0));
                    c.spawn(palette::dim_text(format!("    {what}"), 12.0));
                }
            });
            column(p, "Keys", |c| {
                for (k, what) in key_lines() {
                    c.spawn(Node::default().gap(8.0)).with_children(|row| {
                        row.spawn((
                            // Never narrower where the description wraps (issue 76, item 19:
                            // F2, F3 and M stood out of line).
                            Node::default().width(Val::Px(110.0)).keep(),
                            children![palette::text(k, 12.0)],
                        ));
                        row.spawn(palette::dim_text(what, 12.0));
                    });
                }
            });
            column(p, "Gestures", gestures);
            column(p, "What does this mean?", |c| {
                for (group, lines) in MEANINGS {
                    c.spawn(palette::coloured_text(*group, 15.0, palette::OBJECTIVE));
                    for (mark, what) in *lines {
                        c.spawn(palette::text(*mark, 12.0));
                        c.spawn(palette::dim_text(format!("    {what}"), 12.0));
                    }
                }
            });
            column(p, "Legend: terrain", |c| {
                terrain_legend(c, atlas.as_deref(), &table.start.map, relief);
            });
        });
}

/// The gestures, the highlight letters with their keys, and the close button.
fn gestures(c: &mut ChildSpawnerCommands) {
    for (g, what) in GESTURES {
        c.spawn(palette::text(*g, 12.0));
        c.spawn(palette::dim_text(format!("    {what}"), 12.0));
    }
    c.spawn(palette::coloured_text(
        "Highlight letters",
        15.0,
        palette::OBJECTIVE,
    ));
    for a in Aid::ALL {
        c.spawn(palette::text(
            format!("{}  {} ({})", a.letter(), a.name(), keys_of(Act::Aid(a))),
            12.0,
        ));
    }
    c.spawn(widget::text_button(
        CloseHelp,
        "Close (Esc)",
        14.0,
        UiRect::ZERO,
    ));
}

/// The legend of the ground: each terrain in its texture, the roads and hexsides in their
/// patterns, this map's levels in their tints, the contours and the objective's colour.
fn terrain_legend(
    c: &mut ChildSpawnerCommands,
    atlas: Option<&crate::client::map::tiles::TerrainAtlas>,
    map: &crate::rules::map::Map,
    relief: crate::client::theme::settings::Relief,
) {
    for t in Terrain::ALL {
        match atlas {
            Some(a) => texture_swatch(c, &a.0, t),
            None => swatch(c, rgb(palette::terrain(t).0), 26.0, 14.0, t.name()),
        }
    }
    c.spawn(palette::coloured_text("Roads", 15.0, palette::OBJECTIVE));
    for r in Road::ALL {
        let (colour, w) = palette::road(r);
        let h = (w * crate::client::map::layout::HEX_SIZE * 0.6).max(2.0);
        pattern_swatch(c, colour, h, palette::road_pattern(r), r.name());
    }
    c.spawn(palette::coloured_text("Hexsides", 15.0, palette::OBJECTIVE));
    for f in SideFeature::ALL {
        let (colour, w) = palette::feature(f);
        let h = (w * crate::client::map::layout::HEX_SIZE * 0.6).max(2.0);
        pattern_swatch(c, colour, h, palette::feature_pattern(f), f.name());
    }
    c.spawn(palette::coloured_text(
        "Elevation (20 ft a level)",
        15.0,
        palette::OBJECTIVE,
    ));
    // This map's levels, each in its own tint on open ground, lowest first.
    let (lo, hi) = crate::client::map::relief::levels(map);
    let clear = palette::terrain(Terrain::Clear).0;
    for level in lo..=hi {
        let b = crate::client::map::relief::tint(level, (lo, hi));
        let [r, g, bl] = clear.map(|v| v as f32 / 255.0);
        let tone = crate::client::map::relief::band_colour(b, level, (lo, hi), relief).to_srgba();
        swatch(
            c,
            Color::srgb(r * tone.red, g * tone.green, bl * tone.blue),
            26.0,
            14.0,
            &format!(
                "level {level}{}",
                match level {
                    l if l == lo && hi > lo => " (lowest)",
                    l if l == hi && hi > lo => " (highest)",
                    _ => "",
                }
            ),
        );
    }
    pattern_swatch(
        c,
        palette::CONTOUR,
        palette::CONTOUR_WIDTH,
        palette::CONTOUR_PATTERN,
        "contour (the ground changes level)",
    );
    pattern_swatch(
        c,
        palette::INDEX_CONTOUR,
        palette::INDEX_CONTOUR_WIDTH,
        palette::CONTOUR_PATTERN,
        "index contour (every 5th level) or a steep drop",
    );
    c.spawn(palette::dim_text(
        "Slopes facing north-west are lit, south-east in shade.",
        12.0,
    ));
    swatch(
        c,
        palette::OBJECTIVE,
        12.0,
        12.0,
        "objective (name and points)",
    );
}

fn close(
    input: Res<ButtonInput<KeyCode>>,
    mut presses: MessageReader<Pressed>,
    button: Query<(), With<CloseHelp>>,
    mut open: ResMut<HelpOpen>,
) {
    let pressed = any_pressed(&mut presses, &button);
    if open.0 && (pressed || keys::pressed(&input, Act::Deselect)) {
        open.0 = false;
    }
}

fn show(open: Res<HelpOpen>, mut q: Query<&mut Node, With<HelpPanel>>) {
    if open.is_changed() {
        for mut n in &mut q {
            crate::client::theme::regions::show(&mut n, open.0);
        }
    }
}
