//! Watching a game in the window: `bayonet watch SAVE`, the toolbar's Watch (this game from its
//! first order), and at a hotseat the other player's last turn offered as a replay. Play /
//! pause, one order on or back, the start and the end, a turn back or on, and a scrub bar over
//! the whole battle. Going on shows each order as the other side's turn is shown (its moves,
//! fire and melees); going back, or jumping, rebuilds the state exactly from the timeline's
//! nearest snapshot. Watching this game, the end of the replay hands the game back as it was.

use bevy::prelude::*;

use super::playback::Playback;
use crate::client::theme::interaction::Pressed;
use crate::client::theme::keys::{Act, keys_of, pressed};
use crate::client::theme::palette;
use crate::client::theme::regions::ToolGroup;
use crate::client::theme::widget::{self, ButtonLabel, Layout};
use crate::rules::order::Order;
use crate::save::timeline::Timeline;
use crate::sim::save::{self, Snapshot};
use crate::sim::{Brain, GiveOrder, Players};

/// The game as it stood when watching began, to hand back at the end.
#[derive(Debug, Clone)]
pub struct LiveGame {
    pub snapshot: Snapshot,
    pub orders: Vec<Order>,
    pub players: [Option<Brain>; 2],
}

/// A replay under way.
#[derive(Resource)]
pub struct Watching {
    pub timeline: Timeline,
    /// The state shown is the one after this many orders.
    pub at: usize,
    pub playing: bool,
    /// Watching this game: where it stood (the replay ends there and the game goes on).
    pub live: Option<LiveGame>,
    /// Each order's outcomes, when the states came from a server (an online window carries out
    /// no orders: going on shows the outcomes and puts the next state in place).
    pub outcomes: Option<Vec<Vec<crate::sim::outcome::Outcome>>>,
    wait: f32,
}

impl Watching {
    pub fn new(timeline: Timeline, at: usize, live: Option<LiveGame>) -> Watching {
        Watching {
            at: at.min(timeline.len()),
            timeline,
            playing: false,
            live,
            outcomes: None,
            wait: 0.0,
        }
    }

    /// What the bar says: the order, the turn and the side.
    pub fn words(&self, table: &crate::sim::Table) -> String {
        let t = self.timeline.turn_at(self.at);
        format!(
            "Replay: order {} of {}, turn {} ({})",
            self.at,
            self.timeline.len(),
            t.turn,
            table.start.side_name(t.side)
        )
    }
}

/// Asks to watch: this game from `from` orders on (the game handed back at the end), or a save
/// from its start.
#[derive(Message, Debug, Clone)]
pub enum Watch {
    ThisGame {
        from: usize,
    },
    Save(Box<crate::sim::save::SaveGame>),
    /// What `Offer` offers: the hotseat's last turn, or the orders an online game's server sent
    /// since this seat's last turn.
    Offered,
}

/// The orders an online game's server sent when the window joined (`online::ReplayOnJoin`),
/// as a timeline of the states it sent, with each order's outcomes.
#[derive(Resource, Clone)]
pub struct OnlineReplay {
    pub timeline: Timeline,
    pub outcomes: Vec<Vec<crate::sim::outcome::Outcome>>,
}

impl OnlineReplay {
    /// The server's answer read; `None` when it offers nothing (or nothing readable).
    pub fn read(
        scenario: &crate::rules::scenario::Scenario,
        v: &crate::dispatch::Replay,
    ) -> Option<OnlineReplay> {
        if v.records.is_empty() {
            return None;
        }
        let mut orders = Vec::new();
        let mut outcomes = Vec::new();
        for r in &v.records {
            // Under fog of war the other side's orders are not told: the replay shows their
            // outcomes and the boards between them, and an order in their place stands only in
            // the order log while the replay is watched (leaving it restores the true log).
            orders.push(r.order.clone().unwrap_or(Order::EndTurn));
            outcomes.push(r.outcomes.clone());
        }
        let states = v
            .snapshots
            .iter()
            .map(|s| ron::from_str::<Snapshot>(s).ok())
            .collect::<Option<Vec<_>>>()?;
        let timeline = Timeline::of_states(scenario.clone(), orders, states)?;
        Some(OnlineReplay { timeline, outcomes })
    }
}

/// What the player does with the replay.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Replay {
    PlayPause,
    On,
    Back,
    Start,
    End,
    TurnBack,
    TurnOn,
    /// To the order this share of the way through the game (a tap on the scrub bar).
    To(u32),
    Leave,
}

#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum WatchButton {
    Start,
    Back,
    PlayPause,
    On,
    End,
    TurnBack,
    TurnOn,
    Leave,
}

impl WatchButton {
    const ALL: [WatchButton; 8] = [
        WatchButton::Start,
        WatchButton::TurnBack,
        WatchButton::Back,
        WatchButton::PlayPause,
        WatchButton::On,
        WatchButton::TurnOn,
        WatchButton::End,
        WatchButton::Leave,
    ];

    fn label(self, w: Option<&Watching>) -> &'static str {
        match self {
            WatchButton::Start => "|<",
            WatchButton::Back => "< Back",
            WatchButton::PlayPause if w.is_some_and(|w| w.playing) => "Pause",
            WatchButton::PlayPause => "Play",
            WatchButton::On => "On >",
            WatchButton::End => ">|",
            WatchButton::TurnBack => "<< Turn",
            WatchButton::TurnOn => "Turn >>",
            WatchButton::Leave if w.is_some_and(|w| w.live.is_some()) => "Back to the game",
            WatchButton::Leave => "Play from the end",
        }
    }

    fn replay(self) -> Replay {
        match self {
            WatchButton::Start => Replay::Start,
            WatchButton::Back => Replay::Back,
            WatchButton::PlayPause => Replay::PlayPause,
            WatchButton::On => Replay::On,
            WatchButton::End => Replay::End,
            WatchButton::TurnBack => Replay::TurnBack,
            WatchButton::TurnOn => Replay::TurnOn,
            WatchButton::Leave => Replay::Leave,
        }
    }

    fn key(self) -> Option<Act> {
        match self {
            WatchButton::PlayPause => Some(Act::Pause),
            WatchButton::On => Some(Act::Step),
            WatchButton::Back => Some(Act::StepBack),
            _ => None,
        }
    }

    fn tip(self) -> String {
        let what = match self {
            WatchButton::Start => "To the battle's start",
            WatchButton::Back => "One order back",
            WatchButton::PlayPause => "Play the replay, or pause it",
            WatchButton::On => "One order on, shown",
            WatchButton::End => "To the end",
            WatchButton::TurnBack => "To the start of this side turn (again: the one before)",
            WatchButton::TurnOn => "To the start of the next side turn",
            WatchButton::Leave => "Leave the replay",
        };
        match self.key() {
            Some(a) => format!("{what} ({})", keys_of(a)),
            None => what.into(),
        }
    }
}

/// At a hotseat, after a turn was handed over: where the other player's last turn began in the
/// log, until the player gives an order of their own.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq)]
pub struct Offer(pub Option<usize>);

/// The scrub bar, and its filled part.
#[derive(Component)]
pub struct ScrubBar;

#[derive(Component)]
struct ScrubFill;

/// A side turn's start on the scrub bar.
#[derive(Component)]
struct TurnTick;

#[derive(Component)]
struct WatchWords;

/// The scrub bar's steps: a tap sets the place to within one part in this many.
pub const SCRUB_PARTS: u32 = 10_000;

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<Watch>()
        .add_message::<Replay>()
        .init_resource::<Offer>()
        .add_systems(Startup, spawn)
        .add_observer(press)
        .add_systems(
            Update,
            (offer, start, built, keys, scrub, replay, play_on, look)
                .chain()
                .in_set(crate::client::Frame::Commands),
        );
}

fn spawn(mut commands: Commands, groups: Query<(Entity, &ToolGroup)>) {
    let Some((bar, _)) = groups.iter().find(|(_, g)| **g == ToolGroup::Watch) else {
        return;
    };
    let words = commands.spawn((WatchWords, palette::text("", 13.0))).id();
    let mut buttons = vec![words];
    for b in WatchButton::ALL {
        let key = b.key().map(keys_of).unwrap_or_default();
        let e = widget::tool_button(&mut commands, b, b.label(None), &key, b.tip());
        commands.entity(e).insert(Name::new(format!("Watch{b:?}")));
        buttons.push(e);
    }
    let fill = commands
        .spawn((
            ScrubFill,
            widget::pinned()
                .width(Val::Percent(0.0))
                .height(Val::Percent(100.0)),
            BackgroundColor(palette::OBJECTIVE.with_alpha(0.6)),
        ))
        .id();
    let scrub = commands
        .spawn((
            ScrubBar,
            Name::new("ScrubBar"),
            Button,
            // A finger's size: the bar is dragged on a tablet.
            Node::default()
                .grow()
                .min_size(160.0, palette::TOUCH_TARGET)
                .border(UiRect::all(Val::Px(1.0))),
            BorderColor::all(palette::TEXT),
            BackgroundColor(palette::BACKGROUND),
            crate::client::theme::regions::Tip("The whole battle: tap or drag to go there".into()),
        ))
        .add_child(fill)
        .id();
    buttons.push(scrub);
    commands.entity(bar).add_children(&buttons);
}

/// At a hotseat, each hand-over offers the turn just played as a replay; the new side's first
/// order withdraws the offer.
fn offer(
    mut commands: Commands,
    mut offer: ResMut<Offer>,
    mut turn_start: Local<usize>,
    (joined, table): (
        Option<Res<crate::client::online::seat::ReplayOnJoin>>,
        Res<crate::sim::Table>,
    ),
    mut done: MessageReader<crate::sim::OrderDone>,
    mut happened: MessageReader<crate::sim::Happened>,
    (players, online, watching): (
        Res<Players>,
        Option<Res<crate::client::online::seat::Online>>,
        Option<Res<Watching>>,
    ),
) {
    if watching.is_some() {
        done.clear();
        happened.clear();
        return;
    }
    // Online, once: what the server sent on joining.
    if let Some(j) = joined {
        if let Some(r) = OnlineReplay::read(&table.start, &j.0) {
            commands.insert_resource(r);
            offer.0 = Some(0);
        }
        commands.remove_resource::<crate::client::online::seat::ReplayOnJoin>();
        return;
    }
    if done.read().count() > 0 && offer.0.is_some() {
        offer.0 = None;
    }
    if happened
        .read()
        .any(|h| h.0.kind::<crate::sim::TurnBegan>().is_some())
    {
        let hotseat = players.0 == [None, None] && online.is_none();
        offer.0 = (hotseat && table.log.len() > *turn_start).then_some(*turn_start);
        *turn_start = table.log.len();
    }
}

/// Begins a replay: the timeline built, the state rebuilt at its first order, nobody giving
/// orders meanwhile.
fn start(world: &mut World, mut cursor: Local<bevy::ecs::message::MessageCursor<Watch>>) {
    let Some(ask) = cursor
        .read(world.resource::<Messages<Watch>>())
        .last()
        .cloned()
    else {
        return;
    };
    let live_now = |world: &World| LiveGame {
        snapshot: save::snapshot(world),
        orders: world.resource::<crate::sim::Table>().log.clone(),
        players: world.resource::<Players>().0,
    };
    let ask = match ask {
        Watch::Offered => match world.remove_resource::<OnlineReplay>() {
            Some(r) => {
                world.resource_mut::<Offer>().0 = None;
                let live = live_now(world);
                let mut w = Watching::new(r.timeline, 0, Some(live));
                w.outcomes = Some(r.outcomes);
                begin(world, w);
                return;
            }
            None => Watch::ThisGame {
                from: world.resource::<Offer>().0.unwrap_or(0),
            },
        },
        a => a,
    };
    let (timeline, at, live) = match ask {
        Watch::Offered => return,
        Watch::ThisGame { from } => {
            let table = world.resource::<crate::sim::Table>();
            let (seed, scenario) = (table.seed, (*table.start).clone());
            let live = live_now(world);
            let orders = live.orders.clone();
            if world.contains_resource::<crate::sim::OffFrame>() {
                // The window keeps drawing while the game is replayed once for its timeline;
                // nobody gives orders meanwhile.
                let task =
                    bevy::tasks::AsyncComputeTaskPool::get_or_init(bevy::tasks::TaskPool::default)
                        .spawn(async move { Timeline::build(scenario, seed, orders) });
                world.insert_resource(crate::sim::Replaying);
                world.insert_resource(Building {
                    task,
                    at: from,
                    live,
                });
                return;
            }
            (Timeline::build(scenario, seed, orders), from, Some(live))
        }
        // The save's scenario and parameters in place of this game's, then its timeline.
        Watch::Save(s) => match save::take_over(world, &s).and_then(|()| Timeline::of_save(&s)) {
            Ok(t) => (t, 0, None),
            Err(e) => {
                world.write_message(crate::client::theme::notice::Notice(format!(
                    "Cannot watch: {e}"
                )));
                return;
            }
        },
    };
    begin(world, Watching::new(timeline, at, live));
}

/// A game's timeline being built off the frame, and where its replay will begin.
#[derive(Resource)]
struct Building {
    task: bevy::tasks::Task<Timeline>,
    at: usize,
    live: LiveGame,
}

/// The timeline built off the frame is ready: its replay begins.
fn built(world: &mut World) {
    let Some(mut b) = world.get_resource_mut::<Building>() else {
        return;
    };
    let Some(timeline) = bevy::tasks::futures::check_ready(&mut b.task) else {
        return;
    };
    let Some(b) = world.remove_resource::<Building>() else {
        return;
    };
    begin(world, Watching::new(timeline, b.at, Some(b.live)));
}

/// The replay `w` begins: nobody gives orders meanwhile, and the state is its first.
fn begin(world: &mut World, w: Watching) {
    world.resource_mut::<Players>().0 = [None, None];
    world.insert_resource(crate::sim::Replaying);
    go_to(world, &w, w.at);
    world.insert_resource(w);
    crate::client::trace::line(
        "watch",
        serde_json::json!({"orders": world.resource::<Watching>().timeline.len()}),
    );
}

/// Puts the state after `n` orders into the game (no show: a jump).
fn go_to(world: &mut World, w: &Watching, n: usize) {
    let snap = w.timeline.state_at(n);
    // The dice are the game's own stream (its seed), at the snapshot's place in it.
    world
        .resource_mut::<crate::sim::Table>()
        .reseed(w.timeline.seed);
    save::restore(world, &snap, &w.timeline.orders[..n.min(w.timeline.len())]);
    *world.resource_mut::<Playback>() = Playback::default();
}

fn keys(
    input: Res<ButtonInput<KeyCode>>,
    watching: Option<Res<Watching>>,
    mut out: MessageWriter<Replay>,
) {
    if watching.is_none() {
        return;
    }
    if pressed(&input, Act::Pause) {
        out.write(Replay::PlayPause);
    }
    if pressed(&input, Act::Step) {
        out.write(Replay::On);
    }
    if pressed(&input, Act::StepBack) {
        out.write(Replay::Back);
    }
}

fn press(pressed: On<Pressed>, q: Query<&WatchButton>, mut out: MessageWriter<Replay>) {
    if let Ok(b) = q.get(pressed.entity) {
        out.write(b.replay());
    }
}

/// A press or drag on the scrub bar goes to that place in the battle.
fn scrub(
    q: Query<(&Interaction, &ComputedNode, &UiGlobalTransform), With<ScrubBar>>,
    window: Query<&Window, With<bevy::window::PrimaryWindow>>,
    touches: Res<Touches>,
    mut out: MessageWriter<Replay>,
    mut last: Local<Option<u32>>,
) {
    let Ok(w) = window.single() else { return };
    let k = w.scale_factor();
    let pointer = w
        .cursor_position()
        .or_else(|| touches.iter().next().map(|t| t.position()));
    for (i, node, at) in &q {
        if *i != Interaction::Pressed {
            *last = None;
            continue;
        }
        let Some(p) = pointer else { continue };
        let (mid, half) = (at.translation / k, node.size / k / 2.0);
        if half.x <= 0.0 {
            continue;
        }
        let share = ((p.x - (mid.x - half.x)) / (2.0 * half.x)).clamp(0.0, 1.0);
        let part = (share * SCRUB_PARTS as f32).round() as u32;
        if *last != Some(part) {
            *last = Some(part);
            out.write(Replay::To(part));
        }
    }
}

/// Carries out the player's replay controls.
fn replay(world: &mut World, mut cursor: Local<bevy::ecs::message::MessageCursor<Replay>>) {
    let asks: Vec<Replay> = cursor
        .read(world.resource::<Messages<Replay>>())
        .copied()
        .collect();
    for ask in asks {
        let Some(mut w) = world.remove_resource::<Watching>() else {
            return;
        };
        let len = w.timeline.len();
        let jump = |n: usize| Some(n.min(len));
        let target = match ask {
            Replay::PlayPause => {
                w.playing = !w.playing && w.at < len;
                None
            }
            Replay::On => {
                w.playing = false;
                step_on(world, &mut w);
                None
            }
            Replay::Back => {
                w.playing = false;
                jump(w.at.saturating_sub(1))
            }
            Replay::Start => jump(0),
            Replay::End => jump(len),
            Replay::TurnBack => {
                let t = w.timeline.turn_at(w.at);
                // At a turn's start already: the one before.
                if t.order == w.at && w.at > 0 {
                    jump(w.timeline.turn_at(w.at - 1).order)
                } else {
                    jump(t.order)
                }
            }
            Replay::TurnOn => jump(
                w.timeline
                    .turns
                    .iter()
                    .find(|t| t.order > w.at)
                    .map_or(len, |t| t.order),
            ),
            Replay::To(part) => jump(
                ((part.min(SCRUB_PARTS) as f64 / SCRUB_PARTS as f64) * len as f64).round() as usize,
            ),
            Replay::Leave => {
                leave(world, w);
                return;
            }
        };
        if let Some(n) = target {
            w.playing = false;
            go_to(world, &w, n);
            w.at = n;
            // The card and the log's last line were the order before the jump: the card goes,
            // and the log says where the replay now stands.
            if let Some(mut cards) =
                world.get_resource_mut::<crate::client::reports::results_card::Cards>()
            {
                cards.open.clear();
                cards.showing = None;
            }
            let words = w.words(world.resource::<crate::sim::Table>());
            if let Some(mut log) =
                world.get_resource_mut::<crate::client::reports::report::Report>()
            {
                log.add(words);
            }
        }
        trace_place(&w);
        world.insert_resource(w);
    }
}

fn trace_place(w: &Watching) {
    crate::client::trace::line(
        "replay_at",
        serde_json::json!({"at": w.at, "of": w.timeline.len(), "playing": w.playing}),
    );
}

/// The next order given, for the show to play; or, with the server's states, its outcomes
/// told and the state after it put in place.
fn step_on(world: &mut World, w: &mut Watching) {
    if w.at >= w.timeline.len() {
        return;
    }
    match &w.outcomes {
        Some(all) => {
            let told = all.get(w.at).cloned().unwrap_or_default();
            crate::sim::outcome::write(world, &told);
            let snap = w.timeline.state_at(w.at + 1);
            save::restore(world, &snap, &w.timeline.orders[..w.at + 1]);
        }
        None => {
            let o = w.timeline.orders[w.at].clone();
            world.write_message(GiveOrder(o));
        }
    }
    w.at += 1;
}

/// Ends the replay: this game handed back as it stood; a save watched stays at its end, and
/// is played on from there by the one at the screen.
fn leave(world: &mut World, w: Watching) {
    *world.resource_mut::<Playback>() = Playback::default();
    world.remove_resource::<crate::sim::Replaying>();
    match w.live {
        Some(live) => {
            save::restore(world, &live.snapshot, &live.orders);
            world.resource_mut::<Players>().0 = live.players;
        }
        None => {
            let n = w.timeline.len();
            go_to(world, &w, n);
        }
    }
    crate::client::trace::line("watch_left", serde_json::json!({}));
}

/// Playing: the next order once the show of the last is over; at the end, this game is handed
/// back.
fn play_on(world: &mut World) {
    let dt = world.get_resource::<Time>().map_or(0.0, |t| t.delta_secs());
    let busy = world.resource::<Playback>().busy();
    let gap = world
        .resource::<crate::client::theme::settings::Settings>()
        .pace
        .order_gap();
    let Some(mut w) = world.remove_resource::<Watching>() else {
        return;
    };
    if w.playing && !busy {
        w.wait -= dt;
        if w.wait <= 0.0 {
            w.wait = gap;
            step_on(world, &mut w);
            trace_place(&w);
            if w.at >= w.timeline.len() {
                w.playing = false;
                if w.live.is_some() {
                    leave(world, w);
                    return;
                }
            }
        }
    }
    world.insert_resource(w);
}

#[allow(clippy::type_complexity)]
fn look(
    mut commands: Commands,
    // The scrub bar, its turns' ticks and how far it is filled.
    (bar, ticks, mut fill): (
        Query<Entity, With<ScrubBar>>,
        Query<Entity, With<TurnTick>>,
        Query<&mut Node, With<ScrubFill>>,
    ),
    watching: Option<Res<Watching>>,
    table: Res<crate::sim::Table>,
    mut groups: Query<(&ToolGroup, &mut Node), Without<ScrubFill>>,
    // The buttons, their labels, and the bar's words.
    (buttons, mut labels, mut words): (
        Query<(&WatchButton, &Children)>,
        Query<&mut Text, (With<ButtonLabel>, Without<WatchWords>)>,
        Query<&mut Text, (With<WatchWords>, Without<ButtonLabel>)>,
    ),
) {
    let on = watching.is_some();
    for (g, mut n) in &mut groups {
        match g {
            ToolGroup::Watch => crate::client::theme::regions::show(&mut n, on),
            // While watching, nobody gives orders: the game's own buttons make way.
            ToolGroup::Turn | ToolGroup::Unit => crate::client::theme::regions::show(&mut n, !on),
            ToolGroup::Show | ToolGroup::Files => {}
        }
    }
    let Some(w) = watching else { return };
    if !w.is_changed() {
        return;
    }
    if w.is_added() {
        // A tick at each side turn's start: the turns read off the bar, and a tap finds one.
        for e in &ticks {
            commands.entity(e).despawn();
        }
        let len = w.timeline.len().max(1) as f32;
        for b in &bar {
            for t in w.timeline.turns.iter().skip(1) {
                let tick = commands
                    .spawn((
                        TurnTick,
                        widget::pinned()
                            .left(Val::Percent(t.order as f32 / len * 100.0))
                            .width(Val::Px(1.0))
                            .height(Val::Percent(if t.side == w.timeline.turns[0].side {
                                100.0
                            } else {
                                50.0
                            })),
                        BackgroundColor(palette::TEXT.with_alpha(0.5)),
                    ))
                    .id();
                commands.entity(b).add_child(tick);
            }
        }
    }
    for (b, children) in &buttons {
        let label = b.label(Some(&w));
        for c in children.iter() {
            if let Ok(mut t) = labels.get_mut(c)
                && t.0 != label
            {
                t.0 = label.into();
            }
        }
    }
    let said = w.words(&table);
    for mut t in &mut words {
        if t.0 != said {
            t.0.clone_from(&said);
        }
    }
    let share = if w.timeline.is_empty() {
        100.0
    } else {
        w.at as f32 / w.timeline.len() as f32 * 100.0
    };
    for mut n in &mut fill {
        n.width = Val::Percent(share);
    }
}
