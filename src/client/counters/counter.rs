//! Unit counters in side colours: a NATO symbol for the kind, the strength in bold, the
//! formation, a notch on the front edge for the facing, letters for disrupted, routed, fixed and
//! low or no ammunition, and on a stack the number of counters; a stack shows as offset
//! counters. Drawn for three distances: close, the whole counter; in the middle distance the
//! side's colour, the symbol and a larger strength; far out, a bold symbol on the side's
//! colour sized by strength, leaders as stars.

use std::collections::HashMap;

use bevy::prelude::*;

use crate::client::map::layout::{HEX_SIZE, MapLayout};
use crate::client::theme::settings::Settings;
use crate::client::z;
use crate::rules::unit::{Crew, Formation, Unit, UnitKind};
use crate::sim::{Table, UnitState};

/// A combat unit's counter, in world units (a hex is 64 wide, 55 high).
pub const SIDE: f32 = 44.0;

/// The drawing of one unit.
#[derive(Component)]
pub struct Counter;

/// A counter on its way from where it was drawn last to where the unit is now, hex by hex along
/// the path it took: moves, retreats, advances and routs show as movement, not as jumps. Kept
/// by unit, so that a counter drawn again mid-way (another unit changed) slides on.
#[derive(Debug, Clone)]
struct Slide {
    points: Vec<Vec2>,
    /// When it starts (the game clock; `None` while it waits for its beat of the show), and how
    /// long it takes.
    start: Option<f32>,
    queued: f32,
    seconds: f32,
}

/// A counter that slides (its slide is in `Slides`, by unit).
#[derive(Component)]
struct Sliding(crate::rules::unit::UnitId);

/// A slide waits at most this long for its beat (a show dropped half-way never leaves a counter
/// behind).
const LONGEST_WAIT: f32 = 12.0;

/// The counters' systems (after the game's index, and after the show queues its beats).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Drawing;

/// Where each unit's counter was last drawn (the show reads where a mover came from).
#[derive(Resource, Debug, Default)]
pub struct Drawn(pub HashMap<crate::rules::unit::UnitId, hexx::Hex>);

/// The paths of this frame's moves, by unit (their steps, not the hex left).
#[derive(Resource, Debug, Default)]
struct Paths(HashMap<crate::rules::unit::UnitId, Vec<hexx::Hex>>);

/// The slides under way, by unit.
#[derive(Resource, Debug, Default)]
struct Slides(HashMap<crate::rules::unit::UnitId, Slide>);

/// What the counters' slides wait for: the units whose moves the show will play (each slides
/// when its beat comes, at the show's pace), and those whose beat has come.
#[derive(Resource, Debug, Clone, Default)]
pub struct SlideCues {
    pub awaited: std::collections::HashSet<crate::rules::unit::UnitId>,
    pub released: Vec<crate::rules::unit::UnitId>,
    /// Seconds a hex of the show's slides.
    pub per_hex: f32,
}

/// A slide of the player's own units, a hex at a time.
const OWN_SECONDS_A_HEX: f32 = 0.1;

/// Enemy counters a mover of the side at the screen brought into sight, and when each appears:
/// when the mover's slide reaches the hex it first sees it from (RULES.md §16 D-fow-1: sight is
/// worked out after every hex a mover enters), not when the order was given.
#[derive(Resource, Debug, Default)]
pub struct Appearing(pub HashMap<crate::rules::unit::UnitId, f32>);

/// An enemy counter waiting for its mover to see it.
#[derive(Component)]
pub struct Unseen(pub crate::rules::unit::UnitId);

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Distance>()
        .init_resource::<Drawn>()
        .init_resource::<Paths>()
        .init_resource::<Slides>()
        .init_resource::<Appearing>()
        .add_systems(PostStartup, redraw)
        .add_systems(
            Update,
            (
                simplify,
                remember_paths,
                redraw.run_if(
                    units_changed
                        .or_else(resource_exists_and_changed::<crate::client::seen::Seen>)
                        .or_else(resource_changed::<Settings>)
                        .or_else(resource_exists_and_changed::<crate::client::theme::aid::Aids>)
                        .or_else(resource_changed::<Distance>),
                ),
                slide,
                appear,
            )
                .chain()
                .in_set(Drawing)
                .after(crate::sim::SimSet::Index)
                .after(crate::client::seen::Looking),
        );
}

/// How far out the view is, for the counters: close in (to `MIDDLE_BEYOND`) the whole counter;
/// in the middle distance (to `SIMPLE_BEYOND`) colour, symbol and strength; far out a bold
/// symbol sized by strength.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub enum Distance {
    #[default]
    Close,
    Middle,
    Far,
}

impl Distance {
    pub fn at(scale: f32) -> Distance {
        if scale > SIMPLE_BEYOND {
            Distance::Far
        } else if scale > MIDDLE_BEYOND {
            Distance::Middle
        } else {
            Distance::Close
        }
    }
}

/// The zoom crossed into another distance: the counters are drawn again in its form.
fn simplify(
    cam: Query<
        &Projection,
        (
            With<crate::client::map::camera::MapCamera>,
            Changed<Projection>,
        ),
    >,
    mut far: ResMut<Distance>,
) {
    if let Some(p) = cam.iter().next() {
        let now = Distance::at(crate::client::map::camera::scale_of(p));
        if *far != now {
            *far = now;
        }
    }
}

fn units_changed(
    changed: Query<(), Changed<UnitState>>,
    removed: RemovedComponents<UnitState>,
) -> bool {
    !changed.is_empty() || !removed.is_empty()
}

/// A side's colour on the map: the scenario's, or the colour-blind palette's.
pub fn side_colour(table: &Table, side: crate::rules::unit::Side, settings: &Settings) -> Color {
    if settings.colour_blind {
        return crate::client::theme::palette::side_colour_blind(side.0);
    }
    let (r, g, b) = table
        .start
        .sides
        .get(side.0 as usize)
        .map_or((0.5, 0.5, 0.5), |s| s.color);
    Color::srgb(r, g, b)
}

/// The ink that reads on `fill`: black on a light colour, white on a dark one.
pub fn ink_on(fill: Color) -> Color {
    let c = fill.to_srgba();
    if c.red + c.green > 1.0 {
        Color::BLACK
    } else {
        Color::WHITE
    }
}

fn remember_paths(mut happened: MessageReader<crate::sim::Happened>, mut paths: ResMut<Paths>) {
    for m in happened
        .read()
        .filter_map(|h| h.0.kind::<crate::sim::UnitMoved>())
    {
        paths.0.insert(m.moved.unit, m.moved.path.clone());
    }
}

fn redraw(
    mut commands: Commands,
    old: Query<Entity, Or<(With<Counter>, With<LastSeenMark>)>>,
    (seen, units): (Option<Res<crate::client::seen::Seen>>, Query<&UnitState>),
    // The battle's sides, the map's layout and the interface's look.
    (table, layout, settings): (Res<Table>, Res<MapLayout>, Res<Settings>),
    (mut drawn, mut paths, mut slides, time, cues): (
        ResMut<Drawn>,
        ResMut<Paths>,
        ResMut<Slides>,
        Res<Time>,
        Option<Res<SlideCues>>,
    ),
    (bold, far, mut appearing, aids): (
        Option<Res<crate::client::theme::font::Bold>>,
        Res<Distance>,
        ResMut<Appearing>,
        Option<Res<crate::client::theme::aid::Aids>>,
    ),
) {
    let now = time.elapsed_secs();
    if let Some(seen) = &seen {
        reveal_along_moves(seen.view(), &drawn, &paths, &mut appearing, now);
    }
    // The other side's moves slide at the show's pace, each when its beat comes.
    let per_hex = cues.as_ref().map_or(OWN_SECONDS_A_HEX, |c| c.per_hex);
    let bold = bold.map(|b| b.0.clone()).unwrap_or_default();
    let distance = *far;
    crate::client::theme::widget::clear(&mut commands, &old);
    // Only what the side at the screen knows (§16): unseen enemies are not drawn, and where
    // one was last seen a faint marker says what and when. (The editor, which has no side at
    // the screen, draws every unit.)
    let stacks = stacks_of(seen.as_deref(), &units);
    if let Some(view) = seen.as_ref().map(|s| s.view()) {
        for m in &view.last_seen {
            let at = layout.center(m.hex);
            let ink = (&*table, &*settings, &bold);
            spawn_last_seen(&mut commands, ink, view.side.enemy(), m, at);
        }
    }
    let estimates = seen
        .as_ref()
        .and_then(|s| s.view().estimates.then_some(s.view().side));
    // Out-of-command marks are drawn while Command Control is on (§17 D-cc-4) and their aid
    // (I) is.
    let command_marks = crate::client::seen::command_control(&table, seen.as_deref())
        && aids.is_none_or(|a| a.on(crate::client::theme::aid::Aid::Command));
    for (hex, mut stack) in stacks {
        // Combat units under leaders; the strongest at the bottom.
        drawing_order(&mut stack);
        let (total, leaders) = leaders_on_top(&mut stack);
        let n = stack.len() as f32;
        let top = stack.len() - 1;
        // The top counter of a stack carries the stack's whole strength (issue 59: "380" read
        // for 830 men), its count beside it.
        let whole = whole_of(&stack);
        for (i, u) in stack.iter().enumerate() {
            let at = layout.center(hex) + offset(i, n);
            let z = z::COUNTER + i as f32 * 0.1;
            let e = spawn_counter(
                &mut commands,
                (&table, &settings, &bold, distance, command_marks),
                (u, estimates.is_some_and(|mine| u.side != mine)),
                if i == top {
                    (at, z, total, leaders, whole)
                } else {
                    (at, z, 1, 0, None)
                },
            );
            if appearing.0.get(&u.id).is_some_and(|t| *t > now) {
                commands
                    .entity(e)
                    .insert((Visibility::Hidden, Unseen(u.id)));
            }
            let slider = Slider {
                layout: &layout,
                seen: seen.as_deref(),
                now,
                per_hex,
                awaited: cues.as_ref().is_some_and(|c| c.awaited.contains(&u.id)),
            };
            let path = paths.0.remove(&u.id);
            let was = drawn.0.insert(u.id, hex);
            let slide = slider.slide(u, was, path, (hex, at), slides.0.get(&u.id));
            start_slide(&mut commands, (e, u.id, z), slide, &mut slides);
        }
    }
    paths.0.clear();
    // A unit no longer drawn (gone out of sight) is drawn afresh where it is next seen, not slid
    // there from where it was last drawn across ground its enemy did not see.
    if let Some(seen) = &seen {
        let b = seen.board();
        drawn.0.retain(|id, _| b.unit(*id).is_some());
    }
}

/// A leader with troops is a gold mark on the top counter, not a counter over their number:
/// the stack's leaders are taken off it where it has troops. The stack's count before, and the
/// marks its top counter carries.
fn leaders_on_top(stack: &mut Vec<&Unit>) -> (usize, usize) {
    let total = stack.len();
    let troops = stack.iter().filter(|u| !u.is_leader()).count();
    if troops > 0 {
        stack.truncate(troops);
        (total, total - troops)
    } else {
        (total, 0)
    }
}

/// The units to draw, by hex: those the side at the screen knows (§16), or every unit where
/// no side is at the screen (the editor).
fn stacks_of<'a>(
    seen: Option<&'a crate::client::seen::Seen>,
    units: &'a Query<&UnitState>,
) -> HashMap<hexx::Hex, Vec<&'a Unit>> {
    let mut stacks: HashMap<hexx::Hex, Vec<&Unit>> = HashMap::new();
    match seen {
        Some(seen) => {
            for u in &seen.board().units {
                stacks.entry(u.hex).or_default().push(u);
            }
        }
        None => {
            for u in units {
                stacks.entry(u.0.hex).or_default().push(&u.0);
            }
        }
    }
    stacks
}

/// A counter (entity `e` of unit `id`, at height `z`) set sliding from the slide's first point,
/// or its slide over.
fn start_slide(
    commands: &mut Commands,
    (e, id, z): (Entity, crate::rules::unit::UnitId, f32),
    slide: Option<Slide>,
    slides: &mut Slides,
) {
    match slide {
        Some(s) => {
            let from = s.points[0];
            slides.0.insert(id, s);
            commands.entity(e).insert((
                Sliding(id),
                Transform::from_translation(from.extend(z + 1.0)),
            ));
        }
        None => {
            slides.0.remove(&id);
        }
    }
}

/// What a counter's slide needs: the layout, the side at the screen's view (an enemy's move is
/// drawn only along the hexes its enemy sees, §16 D-fow-6), the clock and the show's pace.
struct Slider<'a> {
    layout: &'a MapLayout,
    seen: Option<&'a crate::client::seen::Seen>,
    now: f32,
    per_hex: f32,
    /// The show will play this unit's move: it slides when its beat comes, at the show's pace.
    awaited: bool,
}

impl Slider<'_> {
    /// The slide of `u`'s counter, drawn now at `at` on `hex`, from where it was last drawn
    /// (`was`) or where it came into sight, along its path; one under way (`sliding`) slides
    /// on to where it is drawn now.
    fn slide(
        &self,
        u: &Unit,
        was: Option<hexx::Hex>,
        path: Option<Vec<hexx::Hex>>,
        (hex, at): (hexx::Hex, Vec2),
        sliding: Option<&Slide>,
    ) -> Option<Slide> {
        // An enemy's move is drawn only along the hexes its enemy sees (§16 D-fow-6): from
        // where it was last drawn, or where it came into sight.
        let mut path = path;
        if let (Some(seen), Some(p)) = (self.seen, path.as_mut())
            && u.side != seen.view().side
        {
            p.retain(|h| crate::rules::fog::sees(seen.board(), seen.view().side, *h));
        }
        let from = match (was, &path) {
            (Some(w), _) => Some(w),
            (None, Some(p)) if self.seen.is_some() && p.len() > 1 && p.last() == Some(&hex) => {
                Some(p[0])
            }
            _ => None,
        };
        match from.filter(|f| *f != hex) {
            Some(was) => {
                let mut points = vec![self.layout.center(was)];
                match path {
                    // Its path, when it ends here (a retreat or a rout goes straight).
                    Some(p) if p.last() == Some(&hex) => points.extend(
                        p[..p.len() - 1]
                            .iter()
                            .filter(|h| **h != was)
                            .map(|h| self.layout.center(*h)),
                    ),
                    _ => {}
                }
                points.push(at);
                let seconds = (points.len() - 1) as f32
                    * if self.awaited {
                        self.per_hex
                    } else {
                        OWN_SECONDS_A_HEX
                    };
                (seconds > 0.0).then(|| Slide {
                    points,
                    start: (!self.awaited).then_some(self.now),
                    queued: self.now,
                    seconds,
                })
            }
            // Drawn again mid-slide: it slides on, to where it is drawn now.
            None => sliding.cloned().map(|mut s| {
                if let Some(last) = s.points.last_mut() {
                    *last = at;
                }
                s
            }),
        }
    }
}

/// The whole strength a stack's top counter carries (issue 59: "380" read for 830 men): men
/// (not crews or wagons) and guns; `None` for a lone counter.
fn whole_of(stack: &[&Unit]) -> Option<(u32, u32)> {
    (stack.len() > 1).then(|| {
        let men: u32 = stack
            .iter()
            .filter(|u| !matches!(u.kind, UnitKind::Artillery | UnitKind::Supply))
            .map(|u| u.men)
            .sum();
        let guns: u32 = stack.iter().map(|u| u.guns).sum();
        (men, guns)
    })
}

/// The `i`th of `n` counters' offset in a stack: a little each, the whole stack within 3 units
/// either way, so that a stack never reaches a neighbour's counter.
fn offset(i: usize, n: f32) -> Vec2 {
    let step = if n > 1.0 {
        (6.0 / (n - 1.0)).min(2.0)
    } else {
        0.0
    };
    Vec2::new(-1.0, 1.0) * step * (n - 1.0) / 2.0 + Vec2::new(1.0, -1.0) * step * i as f32
}

/// The enemy units the side at the screen sees now and did not before (not drawn), each with
/// the time its mover's slide reaches the first hex of its path it is seen from.
fn reveal_along_moves(
    view: &crate::rules::fog::View,
    drawn: &Drawn,
    paths: &Paths,
    appearing: &mut Appearing,
    now: f32,
) {
    appearing.0.retain(|_, t| *t > now);
    if drawn.0.is_empty() {
        return;
    }
    let b = &view.board;
    let movers: Vec<(&crate::rules::unit::UnitId, &Vec<hexx::Hex>)> = paths
        .0
        .iter()
        .filter(|(id, p)| !p.is_empty() && b.unit(**id).is_some_and(|u| u.side == view.side))
        .collect();
    if movers.is_empty() {
        return;
    }
    let new: Vec<&Unit> = b
        .units
        .iter()
        .filter(|u| u.side != view.side && !drawn.0.contains_key(&u.id))
        .collect();
    // For each mover, its board copy walked along its path: the first step from which each new
    // enemy is seen (step `i` is entered when `i + 1` hexes of the slide are done).
    let mut first: HashMap<crate::rules::unit::UnitId, usize> = HashMap::new();
    for (id, path) in movers {
        let mut at = b.clone();
        for (i, h) in path.iter().enumerate() {
            if let Some(m) = at.unit_mut(*id) {
                m.hex = *h;
            }
            for u in new
                .iter()
                .filter(|u| crate::rules::fog::sees(&at, view.side, u.hex))
            {
                let step = first.entry(u.id).or_insert(i);
                *step = (*step).min(i);
            }
        }
    }
    for (id, i) in first {
        appearing
            .0
            .insert(id, now + (i + 1) as f32 * OWN_SECONDS_A_HEX);
    }
}

/// A counter whose mover has come to see it shows.
fn appear(
    mut commands: Commands,
    time: Res<Time>,
    appearing: Res<Appearing>,
    waiting: Query<(Entity, &Unseen)>,
) {
    let now = time.elapsed_secs();
    for (e, u) in &waiting {
        if appearing.0.get(&u.0).is_none_or(|t| *t <= now) {
            commands
                .entity(e)
                .insert(Visibility::Inherited)
                .remove::<Unseen>();
        }
    }
}

fn slide(
    mut commands: Commands,
    time: Res<Time>,
    mut slides: ResMut<Slides>,
    cues: Option<ResMut<SlideCues>>,
    mut q: Query<(Entity, &Sliding, &mut Transform)>,
) {
    let now = time.elapsed_secs();
    if let Some(mut c) = cues {
        let released: Vec<_> = c.released.drain(..).collect();
        for id in released {
            c.awaited.remove(&id);
            if let Some(s) = slides.0.get_mut(&id) {
                s.start.get_or_insert(now);
            }
        }
    }
    for (e, sliding, mut t) in &mut q {
        let Some(s) = slides.0.get_mut(&sliding.0) else {
            commands.entity(e).try_remove::<Sliding>();
            continue;
        };
        if s.start.is_none() && now - s.queued > LONGEST_WAIT {
            s.start = Some(now);
        }
        let k = s
            .start
            .map_or(0.0, |start| ((now - start) / s.seconds).clamp(0.0, 1.0));
        // Along the path at an even pace, easing in at its start and out at its end.
        let legs = (s.points.len() - 1).max(1) as f32;
        let eased = k * k * (3.0 - 2.0 * k);
        let along = if legs > 1.0 {
            k * 0.5 + eased * 0.5
        } else {
            eased
        } * legs;
        let i = (along.floor() as usize).min(s.points.len().saturating_sub(2));
        let p = s.points[i].lerp(s.points[(i + 1).min(s.points.len() - 1)], along - i as f32);
        t.translation.x = p.x;
        t.translation.y = p.y;
        if k >= 1.0 {
            commands.entity(e).try_remove::<Sliding>();
            slides.0.remove(&sliding.0);
        }
    }
}

/// The strength number's size in world units: at the opening zoom (`camera::OPENING_SCALE`) its
/// digits (0.73 of it in DejaVu Sans) stand 11 pixels high.
pub const NUMBER_SIZE: f32 = 20.0;
/// In the middle distance the number is larger: its digits stand 9 pixels high at its far end.
pub const MIDDLE_NUMBER_SIZE: f32 = 24.0;
/// The formation tag's and the state letters' size: 9 pixels at the close distance's far end.
pub const TAG_SIZE: f32 = 12.5;
/// In the middle distance they are larger (8 pixels at its far end), so that a routed regiment
/// still reads R and a column Col there (issue 59: they vanished).
pub const MIDDLE_TAG_SIZE: f32 = 16.0;
/// Farther out than this the counters show colour, symbol and strength only; farther than
/// `SIMPLE_BEYOND` a bold symbol sized by strength.
pub const MIDDLE_BEYOND: f32 = 1.35;
pub const SIMPLE_BEYOND: f32 = 1.9;

/// A counter's detail: hidden when zoomed far out.
#[derive(Component)]
pub struct Detail;

/// The strength number of a counter (its size is measured by the layout test).
#[derive(Component)]
pub struct StrengthNumber;

/// Formation as a tag on the counter: line and column, mounted and dismounted, limbered and
/// unlimbered read apart without the side panel.
pub fn formation_tag(u: &Unit) -> &'static str {
    match (u.kind, u.formation) {
        (UnitKind::Infantry, Formation::Line) => "Line",
        (UnitKind::Infantry, Formation::Column) => "Col",
        (UnitKind::Cavalry, Formation::Mounted) => "Mtd",
        (UnitKind::Cavalry, Formation::Dismounted) => "Dis",
        (UnitKind::Artillery, Formation::Limbered) => "Limb",
        (UnitKind::Artillery, Formation::Unlimbered) => "Unl",
        _ => "",
    }
}

/// A last-seen marker (D-fow-3): where an enemy unit was last seen, what it was and when.
#[derive(Component)]
pub struct LastSeenMark;

/// A faint counter in the enemy's colour with its kind and "T3?" (the turn it was last seen):
/// it informs, and cannot be fired at or meleed.
fn spawn_last_seen(
    commands: &mut Commands,
    (table, settings, bold): (&Table, &Settings, &Handle<Font>),
    side: crate::rules::unit::Side,
    m: &crate::rules::fog::LastSeen,
    at: Vec2,
) {
    let colour = side_colour(table, side, settings);
    commands
        .spawn((
            LastSeenMark,
            Transform::from_translation(at.extend(z::COUNTER - 0.5)),
            Visibility::default(),
        ))
        .with_children(|c| {
            c.spawn(Sprite::from_color(
                Color::srgba(0.0, 0.0, 0.0, 0.45),
                Vec2::splat(SIDE + 2.0),
            ));
            c.spawn((
                Sprite::from_color(colour.with_alpha(0.35), Vec2::splat(SIDE)),
                Transform::from_xyz(0.0, 0.0, 0.01),
            ));
            // A big "?", the kind under it, the turn it was last seen: readable at the default
            // zoom without being taken for a unit.
            let kind = match m.kind {
                crate::rules::unit::UnitKind::Infantry => "inf",
                crate::rules::unit::UnitKind::Cavalry => "cav",
                crate::rules::unit::UnitKind::Artillery => "guns",
                crate::rules::unit::UnitKind::Leader => "ldr",
                crate::rules::unit::UnitKind::Supply => "wgn",
            };
            for (text, size, y) in [
                ("?".to_string(), 20.0, 7.0),
                (format!("{kind} T{}", m.turn), 11.0, -12.0),
            ] {
                c.spawn((
                    Text2d::new(text),
                    TextFont {
                        font: bold.clone().into(),
                        font_size: FontSize::Px(size),
                        ..default()
                    },
                    TextColor(Color::WHITE),
                    Transform::from_xyz(0.0, y, 0.02),
                ));
            }
        });
}

/// A counter's side at this zoom. Far out its size tells its strength (a 600-man regiment
/// full size), within the hex: never over a neighbour's; in the middle distance a little
/// wider, for the larger number.
fn counter_size(u: &Unit, distance: Distance) -> f32 {
    match (u.is_leader(), distance == Distance::Far) {
        (true, _) => SIDE * 0.6,
        (false, true) => {
            SIDE * (0.5 + 0.5 * ((u.men + u.guns * 50) as f32 / 600.0).sqrt()).min(1.05)
        }
        (false, false) if distance == Distance::Middle => SIDE + 2.0,
        (false, false) => SIDE,
    }
}

fn spawn_counter(
    commands: &mut Commands,
    (table, settings, bold, distance, command_marks): (
        &Table,
        &Settings,
        &Handle<Font>,
        Distance,
        bool,
    ),
    (u, estimated): (&Unit, bool),
    (at, z, stack, leaders, whole): (Vec2, f32, usize, usize, Option<(u32, u32)>),
) -> Entity {
    let fill = side_colour(table, u.side, settings);
    let marks = crate::client::theme::palette::marks(settings.colour_blind);
    let ink = ink_on(fill);
    let simple = distance == Distance::Far;
    let size = counter_size(u, distance);
    let facing = u.facing.screen_angle();
    let detail = if simple {
        Visibility::Hidden
    } else {
        Visibility::Inherited
    };
    let tag_size = if distance == Distance::Middle {
        MIDDLE_TAG_SIZE
    } else {
        TAG_SIZE
    };
    let look = Look {
        distance,
        size,
        ink,
        detail,
        tag_size,
    };
    commands
        .spawn((
            Counter,
            Transform::from_translation(at.extend(z)),
            Visibility::default(),
        ))
        .with_children(|c| {
            notch(c, &look, facing);
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
            if simple {
                far_symbol(c, u, ink, size);
            } else {
                symbol(c, u, ink, size, detail, distance == Distance::Middle);
            }
            strength(c, &look, u, estimated, whole, bold);
            top_strip(c, &look, u, stack, &marks, command_marks);
            if leaders > 0 && !simple {
                c.spawn(small(
                    &look,
                    "◆".repeat(leaders),
                    crate::client::theme::palette::OBJECTIVE,
                    size * 0.33,
                    -size * 0.05,
                ));
            }
            // §17: out of command, an orange band down the counter's left edge (seen in the
            // middle distance too) and a "c" among the state letters close in; shown while
            // Command Control is on.
            if u.out_of_command && command_marks && !simple {
                c.spawn((
                    Sprite::from_color(
                        crate::client::theme::palette::OUT_OF_COMMAND,
                        Vec2::new(4.0, size),
                    ),
                    Transform::from_xyz(-size * 0.5 + 2.0, 0.0, 0.045),
                ));
            }
            if u.is_captured() || u.crew != Crew::Crewed {
                c.spawn((
                    Sprite::from_color(Color::srgb(0.8, 0.1, 0.6), Vec2::new(size, 3.0)),
                    Transform::from_xyz(0.0, -size * 0.47, 0.04),
                ));
            }
        })
        .id()
}

/// How a counter is drawn at this zoom: its size, its ink on the side's colour, whether its
/// details show, and the size of its top strip's letters.
struct Look {
    distance: Distance,
    size: f32,
    ink: Color,
    detail: Visibility,
    tag_size: f32,
}

/// A small letter of the counter's top strip, shown close in and in the middle distance (a
/// planner reads them at the middle zoom too).
fn small(look: &Look, text: String, colour: Color, x: f32, y: f32) -> impl Bundle {
    (
        Detail,
        look.detail,
        Text2d::new(text),
        TextFont {
            font_size: FontSize::Px(look.tag_size),
            ..default()
        },
        TextColor(colour),
        Transform::from_xyz(x, y, 0.05),
    )
}

/// Facing: a notch just outside the counter's front edge, toward the hexside it faces: it
/// covers no letter of the counter, and stays inside the hex.
fn notch(c: &mut ChildSpawnerCommands, look: &Look, facing: f32) {
    let dir = Vec2::from_angle(facing);
    let notch = dir * (HEX_SIZE * 0.86);
    let across = Quat::from_rotation_z(facing + std::f32::consts::FRAC_PI_2);
    c.spawn((
        Detail,
        look.detail,
        Sprite::from_color(Color::BLACK, Vec2::new(18.0, 6.0)),
        Transform {
            translation: notch.extend(0.05),
            rotation: across,
            ..default()
        },
    ));
    c.spawn((
        Detail,
        look.detail,
        Sprite::from_color(Color::srgb(1.0, 0.9, 0.15), Vec2::new(16.0, 3.5)),
        Transform {
            translation: notch.extend(0.06),
            rotation: across,
            ..default()
        },
    ));
}

/// The strength number: men, guns or wagons, the stack's whole where it stands for the stack;
/// under Extreme Fog of War the enemy's is an estimate (D-fow-2).
fn strength(
    c: &mut ChildSpawnerCommands,
    look: &Look,
    u: &Unit,
    estimated: bool,
    whole: Option<(u32, u32)>,
    bold: &Handle<Font>,
) {
    let about = if estimated { "~" } else { "" };
    let label = match (u.kind, whole) {
        (UnitKind::Leader, _) => String::new(),
        (_, Some((men, guns))) => stack_strength(about, men, guns),
        (UnitKind::Artillery, None) => format!("{about}{}g", u.guns),
        (UnitKind::Supply, None) => format!("{}w", u.men),
        (_, None) => format!("{about}{}", u.men),
    };
    if !label.is_empty() {
        let base = if look.distance == Distance::Middle {
            MIDDLE_NUMBER_SIZE
        } else {
            NUMBER_SIZE
        };
        c.spawn((
            Detail,
            StrengthNumber,
            look.detail,
            TextFont {
                font: bold.clone().into(),
                font_size: FontSize::Px(number_size(base, &label)),
                ..default()
            },
            Text2d::new(label),
            TextColor(look.ink),
            Transform::from_xyz(
                0.0,
                if look.distance == Distance::Middle {
                    -look.size * 0.29
                } else {
                    -look.size * 0.25
                },
                0.03,
            ),
        ));
    }
}

/// The top strip: the formation at the left, the state letters in the middle (each on a dark
/// chip: the state reads by letter, not colour alone), the stack's count at the right.
fn top_strip(
    c: &mut ChildSpawnerCommands,
    look: &Look,
    u: &Unit,
    stack: usize,
    marks: &crate::client::theme::palette::Marks,
    command_marks: bool,
) {
    let top = look.size * 0.36;
    let tag = formation_tag(u);
    let tag_width = tag.len() as f32 * look.tag_size * 0.55 + 2.0;
    // Close in centred on the left half; in the middle distance, with its larger
    // letters, from the counter's left edge.
    let tag_x = if look.distance == Distance::Middle {
        -look.size * 0.47 + tag_width / 2.0
    } else {
        -look.size * 0.2
    };
    if !tag.is_empty() {
        // Pale letters on a dark chip read on every side's colour.
        c.spawn((
            Detail,
            look.detail,
            Sprite::from_color(
                Color::srgba(0.0, 0.0, 0.0, 0.62),
                Vec2::new(tag_width, look.tag_size + 1.0),
            ),
            Transform::from_xyz(tag_x, top, 0.04),
        ));
        c.spawn(small(look, tag.into(), Color::WHITE, tag_x, top));
    }
    let state = if u.routed {
        Some((marks.routed, "R"))
    } else if u.disrupted {
        Some((marks.disrupted, "D"))
    } else if u.is_fixed() {
        Some((marks.fixed, "F"))
    } else {
        None
    };
    let ammo = match u.ammo {
        crate::rules::unit::Ammo::Normal => None,
        crate::rules::unit::Ammo::Low => Some((marks.disrupted, "a")),
        _ => Some((marks.routed, "A")),
    };
    let command = (u.out_of_command && command_marks)
        .then_some((crate::client::theme::palette::OUT_OF_COMMAND, "c"));
    let mut x = if tag.is_empty() {
        look.size * 0.16
    } else {
        (look.size * 0.16).max(tag_x + tag_width / 2.0 + look.tag_size * 0.45)
    };
    for (m, letter) in [state, ammo, command].into_iter().flatten() {
        // A dark chip under each letter: the state reads by letter, not colour alone.
        c.spawn((
            Detail,
            look.detail,
            Sprite::from_color(
                Color::srgba(0.0, 0.0, 0.0, 0.8),
                Vec2::new(look.tag_size * 0.8, look.tag_size + 1.0),
            ),
            Transform::from_xyz(x, top, 0.04),
        ));
        c.spawn(small(look, letter.into(), m, x, top));
        x += look.tag_size * 0.85;
    }
    if stack > 1 && !u.is_leader() {
        // The stack's count where the state letters leave room.
        c.spawn(small(
            look,
            format!("×{stack}"),
            look.ink,
            x.max(look.size * 0.33),
            top,
        ));
    }
}

/// NATO-style kind symbols drawn with bars; in the middle distance larger, with heavier
/// strokes, over the larger number.
fn symbol(
    c: &mut ChildSpawnerCommands,
    u: &Unit,
    ink: Color,
    size: f32,
    detail: Visibility,
    middle: bool,
) {
    // In the middle distance the box is the close one's, lower, under the larger letters.
    let (box_w, box_h, y) = if middle {
        (size * 0.56, size * 0.28, size * 0.06)
    } else {
        (size * 0.56, size * 0.3, size * 0.1)
    };
    let stroke = if middle { 2.4 } else { 1.2 };
    let bar = |c: &mut ChildSpawnerCommands, len: f32, w: f32, at: Vec2, rot: f32| {
        c.spawn((
            Detail,
            detail,
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
        (box_w, stroke, Vec2::new(0.0, y + box_h / 2.0)),
        (box_w, stroke, Vec2::new(0.0, y - box_h / 2.0)),
        (stroke, box_h, Vec2::new(-box_w / 2.0, y)),
        (stroke, box_h, Vec2::new(box_w / 2.0, y)),
    ] {
        bar(c, len, w, at, 0.0);
    }
    let diag = (box_w.powi(2) + box_h.powi(2)).sqrt();
    let ang = box_h.atan2(box_w);
    match u.kind {
        UnitKind::Infantry => {
            bar(c, diag, stroke, Vec2::new(0.0, y), ang);
            bar(c, diag, stroke, Vec2::new(0.0, y), -ang);
        }
        UnitKind::Cavalry => {
            bar(c, diag, stroke, Vec2::new(0.0, y), ang);
            if u.formation != Formation::Mounted {
                // Dismounted: the infantry cross joins the cavalry slash.
                bar(c, diag, stroke, Vec2::new(0.0, y), -ang);
            }
        }
        UnitKind::Artillery => {
            bar(c, box_h * 0.5, box_h * 0.5, Vec2::new(0.0, y), 0.0);
            if u.formation == Formation::Limbered {
                bar(c, box_w * 0.8, stroke, Vec2::new(0.0, y - box_h * 0.3), 0.0);
            }
        }
        UnitKind::Supply => {
            bar(c, box_w, stroke, Vec2::new(0.0, y - box_h * 0.2), 0.0);
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

/// Far out: the kind's mark drawn bold across the whole counter, so that a counter of a few
/// pixels still reads as infantry, cavalry, guns or wagons; a leader as a gold star.
fn far_symbol(c: &mut ChildSpawnerCommands, u: &Unit, ink: Color, size: f32) {
    let stroke = (size * 0.16).max(3.0);
    let bar =
        |c: &mut ChildSpawnerCommands, colour: Color, len: f32, w: f32, at: Vec2, rot: f32| {
            c.spawn((
                FarMark,
                Sprite::from_color(colour, Vec2::new(len, w)),
                Transform {
                    translation: at.extend(0.02),
                    rotation: Quat::from_rotation_z(rot),
                    ..default()
                },
            ));
        };
    let diag = size * 0.9 * std::f32::consts::SQRT_2;
    let q = std::f32::consts::FRAC_PI_4;
    match u.kind {
        UnitKind::Leader => {
            // A star: two squares turned an eighth apart, gold on the side's colour.
            let gold = crate::client::theme::palette::OBJECTIVE;
            for r in [0.0, q] {
                bar(c, Color::BLACK, size * 1.25, size * 1.25, Vec2::ZERO, r);
            }
            for r in [0.0, q] {
                c.spawn((
                    FarMark,
                    Sprite::from_color(gold, Vec2::splat(size * 1.05)),
                    Transform {
                        translation: Vec2::ZERO.extend(0.03),
                        rotation: Quat::from_rotation_z(r),
                        ..default()
                    },
                ));
            }
        }
        UnitKind::Infantry => {
            bar(c, ink, diag, stroke, Vec2::ZERO, q);
            bar(c, ink, diag, stroke, Vec2::ZERO, -q);
        }
        UnitKind::Cavalry => {
            bar(c, ink, diag, stroke, Vec2::ZERO, q);
            if u.formation != Formation::Mounted {
                bar(c, ink, diag, stroke, Vec2::ZERO, -q);
            }
        }
        UnitKind::Artillery => {
            bar(c, ink, size * 0.5, size * 0.5, Vec2::ZERO, 0.0);
        }
        UnitKind::Supply => {
            bar(c, ink, size * 0.8, stroke, Vec2::ZERO, 0.0);
            bar(c, ink, stroke, size * 0.5, Vec2::ZERO, 0.0);
        }
    }
}

/// A far-out counter's mark (its kind's symbol, or a leader's star): what the far-out test
/// counts.
#[derive(Component)]
pub struct FarMark;

/// A stack's counters from the bottom up: its fighting units, the strongest at the bottom, then
/// its leaders (drawn as a mark on the top counter).
fn drawing_order(stack: &mut [&Unit]) {
    stack.sort_by_key(|u| (u.is_leader(), std::cmp::Reverse(u.men + u.guns * 50), u.id));
}

/// A stack's units in the order a click or Tab picks them: its fighting units, the strongest
/// first, then its leaders (issue 59: a click on a leader and his regiment picked the leader,
/// who is only a mark on the regiment's counter).
pub fn picking_order(mut stack: Vec<&Unit>) -> Vec<&Unit> {
    drawing_order(&mut stack);
    stack
}

/// The strength number's size: `base`, or smaller where a long one ("237·8g", a stack's men
/// and guns) would run past its counter's sides into the facing marks (issue 76, item 22):
/// the bold digits are about 0.62 of the size wide, and 40 of the counter's 44 take them.
pub fn number_size(base: f32, label: &str) -> f32 {
    let chars = label.chars().count().max(1) as f32;
    base.min(NUMBER_ROOM / (DIGIT_WIDTH * chars))
}

/// The width a strength number may take on its counter, and a bold digit's width per size.
pub const NUMBER_ROOM: f32 = 40.0;
pub const DIGIT_WIDTH: f32 = 0.62;

/// A stack's whole strength as its top counter writes it: the men of its regiments, and its
/// guns ("830", "450·6g", "8g").
pub fn stack_strength(about: &str, men: u32, guns: u32) -> String {
    match (men, guns) {
        (_, 0) => format!("{about}{men}"),
        (0, g) => format!("{about}{g}g"),
        (m, g) => format!("{about}{m}\u{b7}{g}g"),
    }
}
