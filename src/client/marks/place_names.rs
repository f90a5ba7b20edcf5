//! The map's names, at one size on the screen whatever the zoom: place names lettered as a
//! period map's (towns in capitals, hills spaced along their crest, water in blue italics along
//! the stream) and each objective's flag in its holder's colour with its name and points. They
//! thin out by rank as the zoom goes out, and each stands where it covers no counter and no
//! other name.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::client::map::camera::MapCamera;
use crate::client::map::layout::{HEX_HEIGHT, MapLayout, screen_to_world, world_to_screen};
use crate::client::seen::Seen;
use crate::client::theme::regions::{Furniture, Region};
use crate::client::theme::settings::Settings;
use crate::client::{theme::font, z};
use crate::rules::board::Board;
use crate::rules::hex::Hex;
use crate::rules::map::{Label, LabelKind};
use crate::sim::Table;

/// A name on the map: what it says, how important it is, where it is anchored and the boxes
/// it may stand in.
#[derive(Component, Debug, Clone)]
pub struct PlaceName {
    /// As drawn (a town's in capitals, a hill's spaced out).
    pub text: String,
    /// 0 for an objective (shown at every zoom, first to choose its place), else the label's
    /// rank: 1 at every zoom, 2 to the middle distance, 3 close in.
    pub rank: u8,
    /// The anchor in the world, and the angle its line runs at (radians, never upside down).
    pub at: Vec2,
    pub angle: f32,
    /// Its box on the screen in pixels, and its letters' size.
    pub size: Vec2,
    pub px: f32,
    /// The places it may stand, best first: each a world offset from the anchor (along a
    /// stream or a ridge) and a screen offset from there (round a hex's counter).
    tries: Vec<(Vec2, Vec2)>,
    /// Whether it names one hex: its screen offsets then also clear the hex's counter, at
    /// whatever size the zoom draws it.
    one_hex: bool,
}

/// An objective's flag, in the colour of the side that holds it.
#[derive(Component, Debug)]
pub struct ObjectiveFlag(pub Hex);

/// The names shown now and their boxes on the screen (each box's four corners, in logical
/// pixels from the window's top-left), for the layout trace.
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct PlacedNames(pub Vec<Placed>);

#[derive(Debug, Clone, PartialEq)]
pub struct Placed {
    pub text: String,
    pub rank: u8,
    pub corners: [Vec2; 4],
    pub px: f32,
}

/// Beyond these zooms (world units a pixel) names of rank 2 and 3 give way.
pub const MIDDLE_DISTANCE: f32 = 2.2;
pub const CLOSE_IN: f32 = 1.35;

/// The rank of a brigade's name: shown only far out, where its counters are marks too small to
/// tell apart, and placed after every place name.
pub const BRIGADE: u8 = 9;

pub fn shown_at(rank: u8, scale: f32) -> bool {
    match rank {
        0 | 1 => true,
        2 => scale <= MIDDLE_DISTANCE,
        BRIGADE => scale > crate::client::counters::counter::SIMPLE_BEYOND,
        _ => scale <= CLOSE_IN,
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<PlacedNames>().add_systems(
        Update,
        (
            spawn.run_if(crate::sim::new_battle),
            brigades,
            place,
            flag_colours,
        )
            .chain()
            .in_set(crate::client::Frame::AfterGame),
    );
}

/// How a label of `kind` is lettered: the text, the face, its size and colour.
fn lettering(l: &Label) -> (String, bool, f32, Color) {
    let ink = |r, g, b| Color::srgb(r, g, b);
    match l.kind {
        LabelKind::Town => (l.name.to_uppercase(), true, 14.0, ink(0.12, 0.09, 0.07)),
        LabelKind::Hill => (spaced(&l.name), true, 13.0, ink(0.40, 0.21, 0.04)),
        LabelKind::Stream => (l.name.clone(), false, 14.0, ink(0.06, 0.22, 0.62)),
        LabelKind::Ford => (l.name.clone(), false, 12.0, ink(0.06, 0.22, 0.62)),
        LabelKind::Woods => (l.name.clone(), false, 12.0, ink(0.05, 0.27, 0.07)),
        LabelKind::Road => (l.name.clone(), false, 12.0, ink(0.27, 0.16, 0.07)),
        LabelKind::Farm => (l.name.clone(), true, 12.0, ink(0.20, 0.13, 0.08)),
    }
}

/// A ridge's name as a period map letters it: capitals, spaced along its length.
fn spaced(name: &str) -> String {
    let upper = name.to_uppercase();
    let words: Vec<String> = upper
        .split_whitespace()
        .map(|w| w.chars().map(String::from).collect::<Vec<_>>().join(" "))
        .collect();
    words.join("   ")
}

/// The point `t` of the way along a line through `points` (by length), and the line's length.
fn along(points: &[Vec2], t: f32) -> Vec2 {
    let total: f32 = points.windows(2).map(|w| w[0].distance(w[1])).sum();
    let mut left = total * t;
    for w in points.windows(2) {
        let d = w[0].distance(w[1]);
        if left <= d && d > 0.0 {
            return w[0].lerp(w[1], left / d);
        }
        left -= d;
    }
    points.last().copied().unwrap_or_default()
}

/// An angle turned so that text along it reads left to right (or upwards).
fn upright(a: f32) -> f32 {
    use std::f32::consts::PI;
    let mut a = a.rem_euclid(2.0 * PI);
    if a > PI / 2.0 + 0.01 && a <= 3.0 * PI / 2.0 + 0.01 {
        a -= PI;
    }
    if a > PI {
        a -= 2.0 * PI;
    }
    a
}

/// The tries of a one-hex name round the hex (screen offsets): on it (not an objective's,
/// which leaves its hex's counter clear), then above, below, right and left, then farther
/// above and below (an objective's, farther still); the layout pushes each out past the hex's
/// counter.
fn round_a_hex(size: Vec2, objective: bool) -> Vec<(Vec2, Vec2)> {
    let (w, h) = (size.x / 2.0 + 4.0, size.y / 2.0 + 2.0);
    let mut v = vec![
        Vec2::new(0.0, -h),
        Vec2::new(0.0, h),
        Vec2::new(w, 0.0),
        Vec2::new(-w, 0.0),
        Vec2::new(0.0, -3.0 * h),
        Vec2::new(0.0, 3.0 * h),
    ];
    if objective {
        // An objective's name must stand: in a crowd it looks farther out (the diagonals, then
        // a second ring) before it would stand over a counter.
        for k in [1.0, 2.0] {
            v.extend([
                Vec2::new(w * k, -h * (k + 1.0)),
                Vec2::new(-w * k, -h * (k + 1.0)),
                Vec2::new(w * k, h * (k + 1.0)),
                Vec2::new(-w * k, h * (k + 1.0)),
            ]);
        }
        v.extend([
            Vec2::new(0.0, -5.0 * h),
            Vec2::new(0.0, 5.0 * h),
            Vec2::new(2.0 * w, 0.0),
            Vec2::new(-2.0 * w, 0.0),
        ]);
    } else {
        v.insert(0, Vec2::ZERO);
    }
    v.into_iter().map(|s| (Vec2::ZERO, s)).collect()
}

/// The flag nearest to a name's box (by the distance from the flag to the box's edge).
fn nearest_flag(b: &Boxed, flags: &[Vec2]) -> Option<Vec2> {
    let gap = |f: Vec2| ((f - b.centre).abs() - b.half).max(Vec2::ZERO).length();
    flags
        .iter()
        .copied()
        .min_by(|x, y| gap(*x).total_cmp(&gap(*y)))
}

#[derive(Component)]
struct Drawn;

fn spawn(
    mut commands: Commands,
    old: Query<Entity, With<Drawn>>,
    table: Res<Table>,
    layout: Res<MapLayout>,
    serif: Option<Res<font::Serif>>,
) {
    crate::client::theme::widget::clear(&mut commands, &old);
    let serif = serif.map(|s| s.clone()).unwrap_or_default();
    let map = &table.start.map;
    for o in &map.objectives {
        objective_name(&mut commands, &layout, o);
    }
    for l in map.labels.iter() {
        let (text, bold, px, ink) = lettering(l);
        let (face, bytes) = if bold {
            (serif.bold.clone(), font::SERIF_BOLD)
        } else {
            (serif.italic.clone(), font::SERIF_ITALIC)
        };
        let size = Vec2::new(font::width_in_ems(bytes, &text) * px + 6.0, px * 1.25 + 2.0);
        let points: Vec<Vec2> = l.hexes.iter().map(|h| layout.center(*h)).collect();
        let (at, angle, tries) = if points.len() > 1 {
            let at = along(&points, 0.5);
            let d = points[points.len() - 1] - points[0];
            let angle = upright(d.y.atan2(d.x));
            // Along its line first, then a little off it to either side.
            let normal = Vec2::from_angle(angle).perp();
            let mut tries = Vec::new();
            for k in [0.0, 1.0, -1.0, 2.0, -2.0] {
                let off = k * (size.y + 2.0);
                for t in [0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8, 0.1, 0.9] {
                    // World offset along the line; the screen offset across it (y down).
                    let across = Vec2::new(normal.x, -normal.y) * off;
                    tries.push((along(&points, t) - at, across));
                }
            }
            (at, angle, tries)
        } else {
            (
                points.first().copied().unwrap_or_default(),
                0.0,
                round_a_hex(size, false),
            )
        };
        let name = PlaceName {
            text: text.clone(),
            rank: l.rank,
            at,
            angle,
            size,
            px,
            tries,
            one_hex: l.hexes.len() == 1,
        };
        let font = TextFont {
            font: face.into(),
            font_size: FontSize::Px(px),
            ..default()
        };
        commands
            .spawn((Drawn, name, Transform::default(), Visibility::Hidden))
            .with_children(|c| {
                // A pale halo, one pixel round the letters, so that they read on woods and town.
                for d in [Vec2::X, Vec2::NEG_X, Vec2::Y, Vec2::NEG_Y] {
                    c.spawn((
                        Text2d::new(text.clone()),
                        font.clone(),
                        TextColor(Color::srgba(0.97, 0.94, 0.84, 0.85)),
                        Transform::from_translation(d.extend(0.0)),
                    ));
                }
                c.spawn((
                    Text2d::new(text.clone()),
                    font.clone(),
                    TextColor(ink),
                    Transform::from_xyz(0.0, 0.0, 0.01),
                ));
            });
    }
}

/// An objective's name and points in a dark box, with a flag in its holder's colour.
fn objective_name(commands: &mut Commands, layout: &MapLayout, o: &crate::rules::map::Objective) {
    let text = format!("{} ({})", o.name, o.points);
    let px = 13.0;
    let flag = 14.0;
    let w = font::width_in_ems(font::REGULAR, &text) * px + flag + 10.0;
    let size = Vec2::new(w, px + 6.0);
    let name = PlaceName {
        text: text.clone(),
        rank: 0,
        at: layout.center(o.hex),
        angle: 0.0,
        size,
        px,
        tries: round_a_hex(size, true),
        one_hex: true,
    };
    commands
        .spawn((Drawn, name, Transform::default(), Visibility::Hidden))
        .with_children(|c| {
            c.spawn((
                Sprite::from_color(Color::srgba(0.05, 0.05, 0.04, 0.82), size),
                Transform::from_xyz(0.0, 0.0, 0.0),
            ));
            // The flag: a pole and the holder's colour, at the box's left end.
            let x = -size.x / 2.0 + 4.0 + flag / 2.0;
            c.spawn((
                Sprite::from_color(POLE, Vec2::new(1.5, px + 2.0)),
                Transform::from_xyz(x - flag / 2.0 + 1.0, 0.0, 0.01),
            ));
            c.spawn((
                ObjectiveFlag(o.hex),
                Sprite::from_color(UNHELD, Vec2::new(flag - 3.0, px * 0.62)),
                Transform::from_xyz(x + 1.0, px * 0.18, 0.02),
            ));
            c.spawn((
                Text2d::new(text),
                TextFont {
                    font_size: FontSize::Px(px),
                    ..default()
                },
                TextColor(crate::client::theme::palette::OBJECTIVE),
                Transform::from_xyz(flag / 2.0 + 2.0, 0.0, 0.03),
            ));
        });
}

/// A brigade's name on the map.
#[derive(Component)]
struct BrigadeName;

/// A brigade's name as the map says it: the commander's in its brackets ("Davis"), else the
/// whole.
fn brigade_word(name: &str) -> &str {
    match (name.rfind('('), name.rfind(')')) {
        (Some(a), Some(b)) if b > a + 1 => &name[a + 1..b],
        _ => name,
    }
}

/// Far out, each brigade that stands together (two or more of its units, every one within
/// three hexes of their middle) is named there, in its side's colour: the units the side at
/// the screen sees.
fn brigades(
    mut commands: Commands,
    old: Query<Entity, With<BrigadeName>>,
    // The board, and the side's view of it where one is shown.
    (table, seen): (Res<Table>, Option<Res<Seen>>),
    layout: Res<MapLayout>,
    // The look: the sides' colours, the bold face.
    (settings, bold): (Option<Res<Settings>>, Option<Res<font::Bold>>),
) {
    if !table.is_changed() && !seen.as_ref().is_some_and(|s| s.is_changed()) {
        return;
    }
    crate::client::theme::widget::clear(&mut commands, &old);
    let board = seen.as_ref().map_or(&table.board, |s| s.board());
    let settings = settings.map(|s| *s).unwrap_or_default();
    let bold = bold.map(|b| b.0.clone()).unwrap_or_default();
    for b in &table.start.brigades {
        let hexes: Vec<Hex> = board
            .units
            .iter()
            .filter(|u| u.brigade == b.id && !u.is_leader())
            .map(|u| u.hex)
            .collect();
        if hexes.len() < 2 {
            continue;
        }
        let points: Vec<Vec2> = hexes.iter().map(|h| layout.center(*h)).collect();
        let mid = points.iter().copied().sum::<Vec2>() / points.len() as f32;
        let centre = layout.hex_at(mid);
        if hexes.iter().any(|h| h.unsigned_distance_to(centre) > 3) {
            continue;
        }
        let text = brigade_word(&b.name).to_string();
        let px = 12.0;
        let size = Vec2::new(font::width_in_ems(font::BOLD, &text) * px + 6.0, px + 4.0);
        let colour = crate::client::counters::counter::side_colour(
            &table,
            crate::rules::unit::Side(b.side),
            &settings,
        );
        let name = PlaceName {
            text: text.clone(),
            rank: BRIGADE,
            at: mid,
            angle: 0.0,
            size,
            px,
            tries: round_a_hex(size, false),
            one_hex: true,
        };
        let font = TextFont {
            font: bold.clone().into(),
            font_size: FontSize::Px(px),
            ..default()
        };
        commands
            .spawn((BrigadeName, name, Transform::default(), Visibility::Hidden))
            .with_children(|c| {
                // On the side's colour, in its counters' ink.
                let ink = crate::client::counters::counter::ink_on(colour);
                c.spawn((
                    Sprite::from_color(Color::BLACK, size + Vec2::splat(2.0)),
                    Transform::from_xyz(0.0, 0.0, 0.0),
                ));
                c.spawn((
                    Sprite::from_color(colour, size),
                    Transform::from_xyz(0.0, 0.0, 0.005),
                ));
                c.spawn((
                    Text2d::new(text),
                    font,
                    TextColor(ink),
                    Transform::from_xyz(0.0, 0.0, 0.01),
                ));
            });
    }
}

/// The flag's pole.
const POLE: Color = Color::srgb(0.85, 0.8, 0.65);

/// An objective nobody holds flies white.
const UNHELD: Color = Color::srgb(0.93, 0.93, 0.9);

/// A box on the screen: centre, half its width and height, and the angle it is turned (screen
/// y runs down, so a world angle turns the other way).
#[derive(Debug, Clone, Copy)]
struct Boxed {
    centre: Vec2,
    half: Vec2,
    angle: f32,
}

impl Boxed {
    fn axes(&self) -> [Vec2; 2] {
        let x = Vec2::from_angle(self.angle);
        [x, x.perp()]
    }

    fn corners(&self) -> [Vec2; 4] {
        let [x, y] = self.axes();
        let (a, b) = (x * self.half.x, y * self.half.y);
        [
            self.centre - a - b,
            self.centre + a - b,
            self.centre + a + b,
            self.centre - a + b,
        ]
    }

    /// Whether two boxes overlap (separating axes: the two boxes' own).
    fn overlaps(&self, other: &Boxed) -> bool {
        let (pa, pb) = (self.corners(), other.corners());
        !self.axes().into_iter().chain(other.axes()).any(|axis| {
            let span = |p: &[Vec2; 4]| {
                p.iter()
                    .map(|c| c.dot(axis))
                    .fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), v| {
                        (lo.min(v), hi.max(v))
                    })
            };
            let ((a0, a1), (b0, b1)) = (span(&pa), span(&pb));
            a1 <= b0 || b1 <= a0
        })
    }
}

/// Whenever the view, the window or the units move: each name in turn (objectives, then by
/// rank) takes the first of its places that covers no counter, no panel and no name already
/// placed; a place name that finds none gives way, an objective's takes its first place clear
/// of panels and names.
#[allow(clippy::type_complexity)]
fn place(
    window: Query<Ref<Window>, With<PrimaryWindow>>,
    cam: Query<(Ref<Transform>, Ref<Projection>), (With<MapCamera>, Without<PlaceName>)>,
    // The board, and the side's view of it where one is shown.
    (table, seen): (Res<Table>, Option<Res<Seen>>),
    layout: Res<MapLayout>,
    mut names: Query<(Entity, Ref<PlaceName>, &mut Transform, &mut Visibility), Without<MapCamera>>,
    mut placed: ResMut<PlacedNames>,
    // Each name's place last time, by its try: kept while it is still clear, so a name does
    // not wander from its flag as the units move (issue 76, item 22).
    mut last: Local<std::collections::HashMap<Entity, usize>>,
    panels: Query<
        (
            Option<&Region>,
            Ref<ComputedNode>,
            Ref<UiGlobalTransform>,
            Option<&InheritedVisibility>,
        ),
        Or<(With<Region>, With<Furniture>)>,
    >,
) {
    let (Ok(w), Ok((t, p))) = (window.single(), cam.single()) else {
        return;
    };
    let fresh = names.iter().any(|(_, n, _, _)| n.is_added());
    let laid_out = panels
        .iter()
        .any(|(_, n, at, _)| n.is_changed() || at.is_changed());
    let moved =
        w.is_changed() || t.is_changed() || p.is_changed() || table.is_changed() || laid_out;
    if !fresh && !moved && !seen.as_ref().is_some_and(|s| s.is_changed()) {
        return;
    }
    if names.is_empty() {
        if !placed.0.is_empty() {
            placed.0.clear();
        }
        return;
    }
    let scale = crate::client::map::camera::scale_of(&p);
    let size = w.size();
    let to_screen = |v: Vec2| world_to_screen(size, &t, scale, v);
    let to_world = |s: Vec2| screen_to_world(size, &t, &p, s);
    // The counters as the side at the screen sees them, each stack's box with its offsets.
    let board = seen.as_ref().map_or(&table.board, |s| s.board());
    let half_counter = Vec2::splat(crate::client::counters::counter::SIDE / 2.0 + 4.0) / scale;
    let screen = Screen {
        size,
        camera: *t,
        scale,
        half_counter,
    };
    let mut taken = counter_boxes(board, &layout, &screen);
    let counters = taken.len();
    // The panels over the map hide what lies under them: no name stands there either (the
    // tooltip aside: it follows the pointer).
    let k = w.scale_factor();
    for (r, n, at, v) in &panels {
        let hidden = v.is_some_and(|v| !v.get());
        if r != Some(&Region::Tooltip) && !hidden && n.size.x > 0.0 && n.size.y > 0.0 {
            taken.push(Boxed {
                centre: at.translation / k,
                half: n.size / k / 2.0,
                angle: 0.0,
            });
        }
    }
    let mut order: Vec<_> = names.iter_mut().collect();
    order.sort_by_key(|(_, n, _, _)| n.rank);
    // Every objective's flag on the screen: an objective's name stands nearer its own flag than
    // any other (issue 59: "Harper's Crossing (200)" stood by the Pike bridge's flag).
    let flags: Vec<Vec2> = order
        .iter()
        .filter(|(_, n, _, _)| n.rank == 0)
        .map(|(_, n, _, _)| to_screen(n.at))
        .collect();
    let mut shown = Vec::new();
    for (entity, name, mut tf, mut vis) in order {
        let before = last.get(&entity).copied();
        let choice = shown_at(name.rank, scale)
            .then(|| choose(&name, &screen, &taken, counters, &flags, before))
            .flatten();
        match choice {
            Some((i, b)) => {
                last.insert(entity, i);
                taken.push(b);
                shown.push(stand(&name, b, &mut tf, &mut vis, &to_world, scale));
            }
            None => {
                if *vis != Visibility::Hidden {
                    *vis = Visibility::Hidden;
                }
            }
        }
    }
    if placed.0 != shown {
        placed.0 = shown;
    }
}

/// The map's view on the screen: the window's size, the camera and its zoom, and half a
/// counter's box at this zoom.
struct Screen {
    size: Vec2,
    camera: Transform,
    scale: f32,
    half_counter: Vec2,
}

impl Screen {
    /// Where a point of the map stands on the screen.
    fn at(&self, world: Vec2) -> Vec2 {
        world_to_screen(self.size, &self.camera, self.scale, world)
    }
}

/// The counters on the screen (only they can be in a name's way), each stack's box.
fn counter_boxes(board: &Board, layout: &MapLayout, screen: &Screen) -> Vec<Boxed> {
    let mut taken: Vec<Boxed> = Vec::new();
    let mut hexes: Vec<Hex> = board.units.iter().map(|u| u.hex).collect();
    hexes.sort_by_key(|h| (h.x, h.y));
    hexes.dedup();
    // Only the counters on the screen can be in a name's way.
    for h in hexes {
        let centre = screen.at(layout.center(h));
        if centre.cmpge(-screen.half_counter).all()
            && centre.cmple(screen.size + screen.half_counter).all()
        {
            taken.push(Boxed {
                centre,
                half: screen.half_counter,
                angle: 0.0,
            });
        }
    }
    taken
}

/// The first of a name's places that is wholly in the window and clear of what stands already
/// (`taken`: the counters first, then panels and the names placed); `None` where it gives way.
fn choose(
    name: &PlaceName,
    screen: &Screen,
    taken: &[Boxed],
    counters: usize,
    flags: &[Vec2],
    before: Option<usize>,
) -> Option<(usize, Boxed)> {
    // How far past the window a name may stand and still be laid out (a long one half in).
    let margin = Vec2::splat(200.0);
    let anchor = screen.at(name.at);
    // An objective's name goes with its flag: named only while the flag is in the
    // window (a name far from its flag would name the wrong ground).
    let on_screen = if name.rank == 0 {
        anchor.cmpge(Vec2::ZERO).all() && anchor.cmple(screen.size).all()
    } else {
        anchor.cmpge(-margin).all() && anchor.cmple(screen.size + margin).all()
    };
    // Round a hex, the offsets grow with the counter as the zoom comes in.
    let grow = if name.one_hex {
        screen.half_counter.y.max(HEX_HEIGHT * 0.3 / screen.scale)
    } else {
        0.0
    };
    let boxes: Vec<Boxed> = name
        .tries
        .iter()
        .map(|(world, off)| {
            let push = off.normalize_or_zero() * grow;
            Boxed {
                centre: screen.at(name.at + *world) + *off + push,
                half: name.size / 2.0,
                angle: -name.angle,
            }
        })
        .collect();
    if !on_screen {
        return None;
    }
    // Wholly inside the window (a name cut by its edge reads as another name), and
    // clear of what stands already.
    let inside = |b: &Boxed| {
        b.corners()
            .iter()
            .all(|c| c.cmpge(Vec2::ZERO).all() && c.cmple(screen.size).all())
    };
    let clear = |b: &Boxed, from: usize| inside(b) && taken[from..].iter().all(|o| !b.overlaps(o));
    let own = |b: &Boxed| name.rank != 0 || nearest_flag(b, &flags) == Some(anchor);
    let tried = || boxes.iter().copied().enumerate();
    // Where it stood last, while that is still clear; else the first clear place.
    let kept = before
        .and_then(|i| boxes.get(i).map(|b| (i, *b)))
        .filter(|(_, b)| clear(b, 0) && own(b));
    let choice = kept.or_else(|| tried().find(|(_, b)| clear(b, 0) && own(b)));
    // An objective's name crowded by counters on every side still stands, over a
    // counter if it must, but never under a panel or over another name; by another
    // flag only when nowhere by its own is free.
    if choice.is_none() && name.rank == 0 {
        return tried()
            .find(|(_, b)| clear(b, counters) && own(b))
            .or_else(|| tried().find(|(_, b)| clear(b, counters)));
    }
    choice
}

/// A name stood at its chosen box: its transform at the zoom and shown (each written only
/// when it changes, so that nothing downstream redraws for nothing); what the trace says of it.
fn stand(
    name: &PlaceName,
    b: Boxed,
    tf: &mut Mut<Transform>,
    vis: &mut Mut<Visibility>,
    to_world: &dyn Fn(Vec2) -> Vec2,
    scale: f32,
) -> Placed {
    let at = to_world(b.centre);
    let z = if name.rank == 0 {
        z::COUNTER + 7.0
    } else {
        z::COUNTER + 6.0
    };
    let now = Transform {
        translation: at.extend(z),
        rotation: Quat::from_rotation_z(name.angle),
        scale: Vec3::new(scale, scale, 1.0),
    };
    if **tf != now {
        **tf = now;
    }
    if **vis != Visibility::Inherited {
        **vis = Visibility::Inherited;
    }
    Placed {
        text: name.text.clone(),
        rank: name.rank,
        corners: b.corners(),
        px: name.px,
    }
}

/// Each objective's flag in its holder's colour (as the side at the screen knows it).
fn flag_colours(
    seen: Option<Res<Seen>>,
    table: Res<Table>,
    settings: Option<Res<Settings>>,
    mut flags: Query<(&ObjectiveFlag, &mut Sprite)>,
) {
    let board = seen.as_ref().map_or(&table.board, |s| s.board());
    let settings = settings.map(|s| *s).unwrap_or_default();
    for (f, mut sprite) in &mut flags {
        let owner = board
            .map
            .objectives
            .iter()
            .find(|o| o.hex == f.0)
            .and_then(|o| o.owner);
        let c = owner.map_or(UNHELD, |s| {
            crate::client::counters::counter::side_colour(&table, s, &settings)
        });
        if sprite.color != c {
            sprite.color = c;
        }
    }
}
