//! The other side's turn, shown: every action of an order the computer or a remote player gave
//! (a move along its path, fire from firer to target, a melee's arrows and its result, a rout)
//! plays as a beat on the map, one after another, at the player's pace; the camera goes to each
//! beat that happens outside the view, and the computer's next order waits for the show. The
//! player can pause it, step it one beat at a time, speed it up or turn the following off.
//! The player's own actions leave the same marks, at once and without moving the camera.

use std::collections::{HashMap, VecDeque};

use bevy::prelude::*;
use serde::Serialize;

use crate::client::counters::counter::SlideCues;
use crate::client::map::camera::MapCamera;
use crate::client::map::layout::MapLayout;
use crate::client::theme::settings::Settings;
use crate::client::z;
use crate::rules::event::Event;
use crate::rules::hex::Hex;
use crate::rules::melee::MeleeSide;
use crate::rules::unit::{Side, UnitId};
use crate::sim::{AiPace, Happened, Players, ShowHold, SimSet, Table};

pub use crate::client::theme::settings::Pace;

/// One action as the map shows it.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// A unit moved along `path` (its first hex the one it left).
    Move {
        unit: UnitId,
        path: Vec<Hex>,
    },
    Fire {
        from: Hex,
        at: Hex,
        loss: u32,
        opportunity: bool,
        /// Who fired, as it is heard: men with small arms, or guns, and at what range.
        men: u32,
        guns: u32,
        range: u32,
        /// Units broke and ran from it.
        routed: bool,
    },
    /// A melee declared: its arrows.
    Declare {
        from: Vec<Hex>,
        at: Hex,
    },
    /// A melee fought (or called off): its arrows, who lost and the losses of each side.
    Melee {
        from: Vec<Hex>,
        at: Hex,
        result: String,
        attacker_loss: u32,
        defender_loss: u32,
        /// Units that retreated or advanced in it.
        movers: Vec<UnitId>,
        /// A battery changed side in it (optional Artillery Capture).
        guns_taken: bool,
    },
    Rout {
        unit: UnitId,
        from: Hex,
        to: Hex,
    },
}

/// What kind of action a beat showed (for the log of what was shown).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum ActionKind {
    Move,
    Fire,
    Declare,
    Melee,
    Rout,
}

impl Action {
    pub fn kind(&self) -> ActionKind {
        match self {
            Action::Move { .. } => ActionKind::Move,
            Action::Fire { .. } => ActionKind::Fire,
            Action::Declare { .. } => ActionKind::Declare,
            Action::Melee { .. } => ActionKind::Melee,
            Action::Rout { .. } => ActionKind::Rout,
        }
    }

    /// The hex the camera looks at for it: where it ends, or where it strikes.
    pub fn focus(&self) -> Hex {
        match self {
            Action::Move { path, .. } => path.last().copied().unwrap_or_default(),
            Action::Fire { at, .. } | Action::Declare { at, .. } | Action::Melee { at, .. } => *at,
            Action::Rout { to, .. } => *to,
        }
    }

    /// Its length at the readable pace, in seconds.
    fn seconds(&self) -> f32 {
        match self {
            Action::Move { path, .. } => {
                (path.len().saturating_sub(1) as f32 * SECONDS_A_HEX).max(0.4)
            }
            Action::Fire { .. } => 1.0,
            Action::Declare { .. } => 0.7,
            Action::Melee { .. } => 1.8,
            Action::Rout { .. } => 0.8,
        }
    }

    /// The units whose counters move in it (their slides wait for its beat).
    fn movers(&self) -> Vec<UnitId> {
        match self {
            Action::Move { unit, .. } | Action::Rout { unit, .. } => vec![*unit],
            Action::Melee { movers, .. } => movers.clone(),
            _ => Vec::new(),
        }
    }
}

/// A counter's slide at the readable pace, a hex at a time.
pub const SECONDS_A_HEX: f32 = 0.22;
/// The camera's pan to an action out of view, at the readable pace.
const PAN_SECONDS: f32 = 0.5;

struct Running {
    action: Action,
    t: f32,
    /// Seconds of panning before the action's marks.
    lead: f32,
    pan: Option<(Vec2, Vec2)>,
    marked: bool,
    /// Its entry in the log of what was shown.
    logged: usize,
}

/// The beats of the other side's orders still to show, and the one playing.
#[derive(Resource, Default)]
pub struct Playback {
    queue: VecDeque<Action>,
    now: Option<Running>,
    /// The player paused the show (the computer waits too).
    pub paused: bool,
    /// One beat to play while paused.
    step: bool,
}

impl Playback {
    /// Whether a beat plays or waits.
    pub fn busy(&self) -> bool {
        self.now.is_some() || !self.queue.is_empty()
    }
}

/// One beat shown, as the tests and the trace read it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Shown {
    pub kind: ActionKind,
    pub focus: Hex,
    /// Its hex lay outside the open part of the view when the beat began.
    pub was_out_of_view: bool,
    /// The camera's centre when its marks were drawn.
    pub camera: Vec2,
    /// Its hex lay in the open part of the view when its marks were drawn.
    pub in_view: bool,
    /// Its marks (line, arrows, numbers) were put on the map.
    pub marked: bool,
}

/// Every beat shown so far.
#[derive(Resource, Debug, Default)]
pub struct ShownLog(pub Vec<Shown>);

/// A mark on the map for an action: a fire's line, a melee's arrows. It fades after `left`.
#[derive(Component, Debug, Clone)]
pub struct ActionMark {
    pub action: Action,
    pub left: f32,
    pub whole: f32,
}

/// A number or word that rises from a hex and fades: losses, a melee's result.
#[derive(Component)]
pub struct Floater(f32);

/// The set the show's systems run in: after the simulation's index, before the counters.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Showing;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Playback>()
        .init_resource::<ShownLog>()
        .init_resource::<SlideCues>()
        .configure_sets(
            Update,
            Showing
                .after(SimSet::Index)
                .after(crate::client::seen::Looking)
                .before(crate::client::counters::counter::Drawing),
        )
        .add_systems(
            Update,
            (collect, play, fade, floaters, pace)
                .chain()
                .in_set(Showing),
        );
}

/// Whether `side`'s orders come from elsewhere than this screen's players: the computer, or the
/// other seat of an online game.
fn watched(
    players: &Players,
    online: Option<&crate::client::online::seat::Online>,
    side: Side,
) -> bool {
    players.0[side.0 as usize & 1].is_some() || online.is_some_and(|o| o.you != side)
}

/// Whether the orders of `side` are shown as beats: another's orders, or any in a replay.
fn is_shown(
    players: &Players,
    online: Option<&crate::client::online::seat::Online>,
    replay: bool,
    side: Side,
) -> bool {
    replay || watched(players, online, side)
}

fn side_of(table: &Table, id: UnitId) -> Side {
    table
        .board
        .unit(id)
        .or_else(|| table.start.units.iter().find(|u| u.id == id))
        .map_or(Side(0), |u| u.side)
}

fn hex_of(table: &Table, id: UnitId) -> Option<Hex> {
    table.board.unit(id).map(|u| u.hex)
}

/// A melee as the show plays it: its declaration, the defenders' fire, its result in words,
/// the men each side lost, its routs and the units that retreated or advanced.
struct Clash<'a> {
    declaration: &'a crate::rules::declaration::Declaration,
    fires: &'a [crate::rules::fire::FireOutcome],
    result: &'a str,
    losses: (u32, u32),
    routs: &'a [crate::rules::morale::RoutMove],
    movers: Vec<UnitId>,
}

impl<'a> Clash<'a> {
    fn called_off(c: &'a crate::rules::event::MeleeCalledOff) -> Clash<'a> {
        Clash {
            declaration: &c.declaration,
            fires: &c.defensive_fire,
            result: CALLED_OFF,
            losses: (0, 0),
            routs: &[],
            movers: Vec::new(),
        }
    }

    fn resolved(o: &'a crate::rules::melee::MeleeOutcome) -> Clash<'a> {
        Clash {
            declaration: &o.declaration,
            fires: &o.defensive_fire,
            result: match o.loser {
                Some(MeleeSide::Defender) => "attacker won",
                Some(MeleeSide::Attacker) => "defender held",
                None => "no decision",
            },
            losses: (o.attacker_loss, o.defender_loss),
            routs: &o.routs,
            movers: o
                .retreats
                .iter()
                .map(|r| r.unit)
                .chain(o.advanced.iter().copied())
                .collect(),
        }
    }
}

/// A melee's result when it did not go ahead.
pub const CALLED_OFF: &str = "called off";

/// The side of a melee's attackers (the side giving orders, if none is left).
fn attackers_side(table: &Table, d: &crate::rules::declaration::Declaration) -> Side {
    d.attackers
        .first()
        .map_or(table.board.ordering_side(), |id| side_of(table, *id))
}

/// A fire's beat: from the firer's hex (the target's, when the firer is gone) to the target.
fn fire_action(table: &Table, f: &crate::rules::fire::FireOutcome) -> Action {
    Action::Fire {
        from: hex_of(table, f.breakdown.firer).unwrap_or(f.breakdown.target),
        at: f.breakdown.target,
        loss: f.loss,
        opportunity: f.opportunity,
        men: f.breakdown.men,
        guns: f.breakdown.guns,
        range: f.breakdown.range,
        routed: !f.routs.is_empty(),
    }
}

/// A move's beat: from `left`, the hex where its counter is still drawn, along its steps.
fn move_action(m: &crate::rules::movement::Moved, left: Option<Hex>) -> Action {
    let mut path = Vec::with_capacity(m.path.len() + 1);
    path.extend(left);
    path.extend(m.path.iter().copied());
    Action::Move { unit: m.unit, path }
}

/// The hexes a melee's attackers strike from, where its declaration was not seen.
fn attack_from(table: &Table, d: &crate::rules::declaration::Declaration) -> Vec<Hex> {
    let at = d.defending_hex;
    let mut v: Vec<Hex> = Vec::new();
    for id in &d.attackers {
        if let Some(h) = hex_of(table, *id).filter(|h| *h != at && !v.contains(h)) {
            v.push(h);
        }
    }
    v
}

/// A melee's beats: the defenders' fire, the clash from `from`, then its routs.
fn clash_actions(table: &Table, from: Vec<Hex>, c: Clash<'_>) -> Vec<Action> {
    let mut out: Vec<Action> = c.fires.iter().map(|f| fire_action(table, f)).collect();
    out.push(Action::Melee {
        from,
        at: c.declaration.defending_hex,
        result: c.result.to_owned(),
        attacker_loss: c.losses.0,
        defender_loss: c.losses.1,
        movers: c.movers,
        guns_taken: false,
    });
    out.extend(c.routs.iter().map(|r| Action::Rout {
        unit: r.unit,
        from: r.from,
        to: r.to,
    }));
    out
}

/// The outcomes of this frame's orders, as beats: queued when the other side gave the order,
/// else marked on the map at once.
fn collect(
    mut commands: Commands,
    (table, players, online, replay): (
        Res<Table>,
        Res<Players>,
        Option<Res<crate::client::online::seat::Online>>,
        Option<Res<crate::sim::Replaying>>,
    ),
    mut happened: MessageReader<Happened>,
    mut attack_hexes: Local<HashMap<Hex, Vec<Hex>>>,
    mut playback: ResMut<Playback>,
    (layout, settings, drawn, mut cues, seen): (
        Res<MapLayout>,
        Res<Settings>,
        Option<Res<crate::client::counters::counter::Drawn>>,
        ResMut<SlideCues>,
        Option<Res<crate::client::seen::Seen>>,
    ),
) {
    let online = online.as_deref();
    let replay = replay.is_some();
    let is_watched = |side: Side| is_shown(&players, online, replay, side);
    let other = |s: Side| Side(1 - (s.0 & 1));
    let fire = |f: &crate::rules::fire::FireOutcome| fire_action(&table, f);
    let mut beats: Vec<(Action, bool)> = Vec::new();
    let events: Vec<&Event> = happened.read().map(|h| &h.0).collect();
    // A melee's beats, shown or not as its attackers' side is.
    let melee = |beats: &mut Vec<(Action, bool)>,
                 attack_hexes: &mut HashMap<Hex, Vec<Hex>>,
                 c: Clash<'_>| {
        let d = c.declaration;
        let shown = is_watched(attackers_side(&table, d));
        let from = attack_hexes
            .remove(&d.defending_hex)
            .unwrap_or_else(|| attack_from(&table, d));
        beats.extend(
            clash_actions(&table, from, c)
                .into_iter()
                .map(|a| (a, shown)),
        );
    };
    for e in events.iter().copied() {
        match e {
            // The show plays no move of an enemy out of sight (§16): its marker says where it
            // went.
            Event::Moved(m) if seen.as_ref().is_none_or(|s| s.knows(m.moved.unit)) => {
                let side = side_of(&table, m.moved.unit);
                let left = drawn.as_ref().and_then(|d| d.0.get(&m.moved.unit)).copied();
                beats.push((move_action(&m.moved, left), is_watched(side)));
                for f in &m.opportunity_fire {
                    beats.push((fire(f), is_watched(side)));
                }
            }
            // The defenders' fire before a melee is played with that melee.
            Event::Fired(f) if !crate::sim::before_a_melee(&f.0, &events) => {
                let side = side_of(&table, f.0.breakdown.firer);
                beats.push((fire(&f.0), is_watched(side)));
            }
            Event::MeleeDeclared(d) => {
                let at = d.declaration.defending_hex;
                let from = attack_from(&table, &d.declaration);
                attack_hexes.insert(at, from.clone());
                let side = attackers_side(&table, &d.declaration);
                beats.push((Action::Declare { from, at }, is_watched(side)));
            }
            Event::MeleeCalledOff(c) => melee(&mut beats, &mut attack_hexes, Clash::called_off(c)),
            Event::MeleeResolved(m) => {
                melee(&mut beats, &mut attack_hexes, Clash::resolved(&m.0));
            }
            // Guns taken in a melee are heard with it.
            Event::GunsCaptured(_) => {
                if let Some((Action::Melee { guns_taken, .. }, _)) = beats
                    .iter_mut()
                    .rev()
                    .find(|(a, _)| matches!(a, Action::Melee { .. }))
                {
                    *guns_taken = true;
                }
            }
            Event::PhaseMoraleChecked(p) => {
                for r in &p.routs {
                    let side = other(side_of(&table, r.unit));
                    beats.push((
                        Action::Rout {
                            unit: r.unit,
                            from: r.from,
                            to: r.to,
                        },
                        is_watched(side),
                    ));
                }
            }
            _ => {}
        }
    }
    let factor = settings.pace.factor();
    cues.per_hex = SECONDS_A_HEX * factor;
    for (action, shown) in beats {
        if shown && settings.pace != Pace::Instant {
            cues.awaited.extend(action.movers());
            playback.queue.push_back(action);
        } else {
            mark(&mut commands, &layout, &action, 1.0);
        }
    }
}

/// The open part of the view (inside the panels), in world units, at camera `centre` and
/// `scale` in a `window`-sized window.
fn open_view(centre: Vec2, scale: f32, window: Vec2) -> (Vec2, Vec2) {
    use crate::client::theme::regions::{TOOLBAR_HEIGHT, TOP_BAR_HEIGHT, column};
    let world = |sx: f32, sy: f32| {
        Vec2::new(
            centre.x + (sx - window.x / 2.0) * scale,
            centre.y - (sy - window.y / 2.0) * scale,
        )
    };
    // Half a hex inside the panels, so that a counter cut by the edge counts as out of view
    // (and the map's edge hex, where the camera stops at the map's edge, as in it).
    let m = crate::client::map::layout::HEX_WIDTH * 0.5 / scale.max(0.01);
    let a = world(m, TOP_BAR_HEIGHT + m);
    let b = world(
        window.x - column(window.x) - m,
        window.y - TOOLBAR_HEIGHT - m,
    );
    (a.min(b), a.max(b))
}

fn inside(p: Vec2, (lo, hi): (Vec2, Vec2)) -> bool {
    p.cmpge(lo).all() && p.cmple(hi).all()
}

/// What starting a beat reads: the look, the map, how far the camera may go, the window, and
/// the log of what was shown.
struct Beat<'a> {
    settings: &'a Settings,
    layout: &'a MapLayout,
    limits: Option<crate::client::map::camera::ZoomLimits>,
    size: Vec2,
    log: &'a mut ShownLog,
}

impl Beat<'_> {
    /// The beat of `action` begins, the camera at `view` (its centre and scale): logged, with a
    /// pan to it first when it lies outside the open view and the show follows.
    fn start(&mut self, action: Action, (centre, scale): (Vec2, f32)) -> Running {
        let at = self.layout.center(action.focus());
        let out = !inside(at, open_view(centre, scale, self.size));
        let pan = (out && self.settings.follow).then(|| {
            let spot = crate::client::map::camera::open_centre(self.size, 0.0);
            let look = self.limits.map_or(at, |l| {
                crate::client::map::camera::kept_on_map(&l, at, self.size, scale)
            });
            (
                centre,
                crate::client::map::camera::centre_on(look, spot, self.size, scale),
            )
        });
        self.log.0.push(Shown {
            kind: action.kind(),
            focus: action.focus(),
            was_out_of_view: out,
            camera: centre,
            in_view: !out,
            marked: false,
        });
        Running {
            lead: if pan.is_some() {
                PAN_SECONDS * self.settings.pace.factor()
            } else {
                0.0
            },
            action,
            t: 0.0,
            pan,
            marked: false,
            logged: self.log.0.len() - 1,
        }
    }
}

/// Plays the beat under way, or starts the next: pans to it when it lies outside the view,
/// then puts its marks on the map; holds the computer while any remains.
fn play(
    mut commands: Commands,
    // The show: where it stands, its log, whether it holds the computer, its slides' beat.
    (mut playback, mut log, mut hold, mut cues): (
        ResMut<Playback>,
        ResMut<ShownLog>,
        ResMut<ShowHold>,
        ResMut<SlideCues>,
    ),
    time: Res<Time>,
    settings: Res<Settings>,
    layout: Res<MapLayout>,
    // The window, and the camera the show pans.
    (window, mut cam, limits): (
        Query<&Window, With<bevy::window::PrimaryWindow>>,
        Query<(&mut Transform, &Projection), With<MapCamera>>,
        Option<Res<crate::client::map::camera::ZoomLimits>>,
    ),
) {
    let limits = limits.map(|l| *l);
    let size = window
        .single()
        .map_or(Vec2::new(1280.0, 800.0), |w| w.size());
    let factor = settings.pace.factor();
    let pb = &mut *playback;
    if pb.now.is_none() && (!pb.paused || pb.step) {
        if let Some(action) = pb.queue.pop_front() {
            let view = cam.iter().next().map_or((Vec2::ZERO, 1.0), |(t, p)| {
                (
                    t.translation.truncate(),
                    crate::client::map::camera::scale_of(p),
                )
            });
            let mut beat = Beat {
                settings: &settings,
                layout: &layout,
                limits,
                size,
                log: &mut log,
            };
            pb.now = Some(beat.start(action, view));
        }
    }
    let stepping = pb.step;
    if let Some(r) = &mut pb.now {
        if !pb.paused || stepping {
            r.t += time.delta_secs();
        }
        if let Some((from, to)) = r.pan {
            let k = if r.lead > 0.0 {
                (r.t / r.lead).clamp(0.0, 1.0)
            } else {
                1.0
            };
            let k = k * k * (3.0 - 2.0 * k);
            for (mut t, _) in &mut cam {
                let p = from.lerp(to, k);
                t.translation.x = p.x;
                t.translation.y = p.y;
            }
        }
        if !r.marked && r.t >= r.lead {
            r.marked = true;
            cues.released.extend(r.action.movers());
            mark(&mut commands, &layout, &r.action, factor.max(0.3));
            if let Some((centre, scale)) = cam.iter().next().map(|(t, p)| {
                (
                    t.translation.truncate(),
                    crate::client::map::camera::scale_of(p),
                )
            }) {
                let at = layout.center(r.action.focus());
                if let Some(e) = log.0.get_mut(r.logged) {
                    e.camera = centre;
                    e.in_view = inside(at, open_view(centre, scale, size));
                    e.marked = true;
                }
            }
            if let Some(e) = log.0.get(r.logged) {
                crate::client::trace::line("shown", serde_json::to_value(e).unwrap_or_default());
            }
        }
        if r.marked && r.t >= r.lead + r.action.seconds() * factor {
            pb.now = None;
            pb.step = false;
        }
    }
    // Paused, the computer waits too; a step lets its next order through when no beat waits.
    let busy = pb.busy() || (pb.paused && !pb.step);
    if hold.0 != busy {
        hold.0 = busy;
    }
}

/// The marks of an action, for `k` of their readable length.
fn mark(commands: &mut Commands, layout: &MapLayout, action: &Action, k: f32) {
    let whole = (action.seconds() + 1.2) * k;
    let loss = Color::srgb(1.0, 0.25, 0.2);
    match action {
        Action::Fire { at, loss: n, .. } if *n > 0 => {
            float(commands, layout, *at, format!("-{n}"), loss)
        }
        Action::Melee {
            at,
            from,
            result,
            attacker_loss,
            defender_loss,
            ..
        } => {
            float(commands, layout, *at, result.clone(), Color::WHITE);
            if *defender_loss > 0 {
                float(commands, layout, *at, format!("-{defender_loss}"), loss);
            }
            if let (Some(h), true) = (from.first(), *attacker_loss > 0) {
                float(commands, layout, *h, format!("-{attacker_loss}"), loss);
            }
        }
        _ => {}
    }
    if !matches!(action, Action::Move { .. }) {
        commands.spawn(ActionMark {
            action: action.clone(),
            left: whole,
            whole,
        });
    }
}

fn float(commands: &mut Commands, layout: &MapLayout, hex: Hex, text: String, color: Color) {
    // A second number at a hex rises from a little lower, so that the two never overlap.
    commands.spawn((
        Floater(0.0),
        Text2d::new(text),
        TextFont {
            font_size: bevy::text::FontSize::Px(16.0),
            ..default()
        },
        TextColor(color),
        Transform::from_translation(layout.center(hex).extend(z::COUNTER + 8.0)),
    ));
}

fn fade(mut commands: Commands, time: Res<Time>, mut q: Query<(Entity, &mut ActionMark)>) {
    for (e, mut m) in &mut q {
        m.left -= time.delta_secs();
        if m.left <= 0.0 {
            commands.entity(e).despawn();
        }
    }
}

fn floaters(
    mut commands: Commands,
    time: Res<Time>,
    mut q: Query<(Entity, &mut Floater, &mut Transform, &mut TextColor)>,
) {
    for (e, mut f, mut t, mut c) in &mut q {
        f.0 += time.delta_secs();
        t.translation.y += 12.0 * time.delta_secs();
        c.0.set_alpha((1.0 - f.0 / 3.0).max(0.0));
        if f.0 > 3.0 {
            commands.entity(e).despawn();
        }
    }
}

/// The computer's pause between orders follows the pace.
fn pace(settings: Res<Settings>, mut ai: ResMut<AiPace>) {
    let gap = settings.pace.order_gap();
    if ai.0 != gap {
        ai.0 = gap;
    }
}

/// Pause or play the show.
pub fn toggle_pause(playback: &mut Playback) {
    playback.paused = !playback.paused;
}

/// One beat on, while paused (or the computer's next order, when no beat waits).
pub fn step(playback: &mut Playback) {
    playback.step = true;
}
