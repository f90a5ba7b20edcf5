//! The boot camp's lesson in the window (issue 48): a panel above the toolbar that says the
//! step, points at what it is about and answers a wrong action with a hint; the steps complete
//! on what the game reports (`crate::lesson::progress`), never on where the screen was touched.

use bevy::prelude::*;

use crate::client::input::command::Selection;
use crate::client::theme::interaction::Pressed;
use crate::client::theme::keys::{Act, pressed};
use crate::client::theme::palette;
use crate::client::theme::settings::Settings;
use crate::client::theme::widget::{self, Layout};
use crate::lesson::{Button, Goal, Progress, Script, Sign};
use crate::rules::event::Event;
use crate::rules::order::Order;
use crate::sim::{Brain, Happened, OrderDone, OrderRejected};

/// The lesson being played.
#[derive(Resource, Debug, Clone)]
pub struct Lesson {
    /// Its number, from 1.
    pub number: usize,
    pub script: Script,
    pub progress: Progress,
    /// What the other side's last turn did to the player's units and to the score, said at the
    /// start of his turn (the first battle, issue 59).
    pub news: Option<String>,
    /// Where the panel stands and what it keeps clear of.
    pub placed: Placed,
    /// Under `BAYONET_LESSON_WALK` (a window test), where the panel stood at each step walked.
    pub walked: Vec<(usize, Placed)>,
    /// The panel folded to its title and buttons (Hide), so that the map under it can be seen
    /// and played on a small screen; the next step unfolds it.
    pub folded: bool,
}

/// The lesson panel's buttons.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum LessonButton {
    /// A step to read is read.
    Next,
    /// The lesson again from its first step.
    Restart,
    /// On to the next lesson (after the last step), or to Harper's Crossing after the last.
    Onward,
    /// Fold the panel to its title and buttons, or unfold it.
    Fold,
}

#[derive(Component)]
struct LessonPanel;

#[derive(Component, Clone, Copy, PartialEq, Eq)]
enum Line {
    Title,
    News,
    Say,
    Hint,
}

/// Who plays a lesson: the player the Union, the computer the other side when the lesson is
/// about it; otherwise the other side holds (it only ends its turns).
fn players(script: &Script) -> [Option<Brain>; 2] {
    let other = if script.computer {
        Brain::Computer
    } else {
        Brain::Hold
    };
    [None, Some(other)]
}

/// Sets `app` up to play lesson `n` (its scenario is the app's): no start dialog.
pub fn install(app: &mut App, n: usize) {
    if let Ok((script, _)) = crate::lesson::open(n) {
        app.insert_resource(crate::client::gate::PresetPlayers(players(&script)));
        app.insert_resource(Lesson {
            number: n,
            script,
            progress: Progress::default(),
            news: None,
            placed: Placed::default(),
            walked: Vec::new(),
            folded: false,
        });
        if std::env::var_os(WALK).is_some() {
            app.insert_resource(Walk::default());
        }
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn.run_if(resource_exists::<Lesson>))
        .add_observer(press)
        .add_systems(
            Update,
            (
                watch,
                news,
                show,
                place,
                walk.run_if(resource_exists::<Walk>),
            )
                .chain()
                .after(crate::client::reports::turn_news::Told)
                .in_set(crate::client::Frame::AfterGame)
                .run_if(resource_exists::<Lesson>),
        );
}

fn spawn(mut commands: Commands) {
    let button = |b: LessonButton, label: &str| {
        (
            widget::text_button(b, label, 14.0, UiRect::ZERO),
            Name::new(format!("Lesson{b:?}")),
        )
    };
    commands.spawn((
        LessonPanel,
        crate::client::theme::regions::Furniture,
        widget::floating()
            .left(Val::Px(6.0))
            .bottom(Val::Px(crate::client::theme::regions::TOOLBAR_HEIGHT + 6.0))
            .width(Val::Px(460.0))
            .max_width(Val::Percent(58.0))
            .pad(UiRect::all(Val::Px(10.0)))
            .line_gap(6.0)
            .border(UiRect::all(Val::Px(2.0))),
        BorderColor::all(palette::LIT),
        BackgroundColor(Color::srgba(0.06, 0.06, 0.05, 0.94)),
        GlobalZIndex(6),
        Interaction::default(),
        children![
            (Line::Title, palette::dim_text("", 14.0)),
            (
                Line::News,
                palette::coloured_text("", 14.0, palette::OBJECTIVE)
            ),
            (Line::Say, palette::text("", 15.0)),
            (
                Line::Hint,
                palette::coloured_text("", 14.0, palette::PENDING)
            ),
            (
                widget::row(8.0),
                children![
                    button(LessonButton::Next, "Next"),
                    button(LessonButton::Onward, "Next lesson"),
                    button(LessonButton::Restart, "Restart lesson"),
                    button(LessonButton::Fold, "Hide"),
                ],
            ),
        ],
    ));
}

/// What the player did and saw at the screen this frame: the selection, the buttons and their
/// keys, the zoom, the panel's Next, the sight tool's line.
#[derive(bevy::ecs::system::SystemParam)]
struct AtTheScreen<'w, 's> {
    cmd: Res<'w, Selection>,
    input: Res<'w, ButtonInput<KeyCode>>,
    presses: MessageReader<'w, 's, Pressed>,
    buttons: Query<'w, 's, (&'static Name, Option<&'static LessonButton>)>,
    cam: Query<'w, 's, &'static Projection, With<crate::client::map::camera::MapCamera>>,
    sight: Res<'w, crate::client::marks::sight_tool::SightTool>,
    last: Local<'s, (Option<crate::rules::unit::UnitId>, Option<f32>)>,
}

impl AtTheScreen<'_, '_> {
    fn signs(&mut self) -> Vec<Sign> {
        let mut signs = Vec::new();
        if self.cmd.unit != self.last.0 {
            self.last.0 = self.cmd.unit;
            signs.extend(self.cmd.unit.map(Sign::Selected));
        }
        let pressed_now: Vec<(String, Option<LessonButton>)> = self
            .presses
            .read()
            .filter_map(|p| self.buttons.get(p.entity).ok())
            .map(|(n, b)| (n.as_str().to_owned(), b.copied()))
            .collect();
        for b in Button::ALL {
            let by_key = act(b).is_some_and(|a| pressed(&self.input, a));
            let by_button = pressed_now.iter().any(|(n, _)| *n == b.name());
            if by_key || by_button {
                signs.push(Sign::Pressed(b));
            }
        }
        let scale = self
            .cam
            .iter()
            .next()
            .map(crate::client::map::camera::scale_of);
        if let (Some(was), Some(now)) = (self.last.1, scale)
            && (was - now).abs() > f32::EPSILON
        {
            signs.push(Sign::Zoomed);
        }
        self.last.1 = scale;
        if pressed_now
            .iter()
            .any(|(_, b)| *b == Some(LessonButton::Next))
        {
            signs.push(Sign::Next);
        }
        signs
    }
}

/// What the player did and saw this frame, as signs for the lesson: what he did at the screen,
/// then the orders the game accepted or refused and what happened.
fn watch(
    mut lesson: ResMut<Lesson>,
    (mut done, mut refused, mut happened): (
        MessageReader<OrderDone>,
        MessageReader<OrderRejected>,
        MessageReader<Happened>,
    ),
    mut screen: AtTheScreen,
    (seen, table): (Res<crate::client::seen::Seen>, Res<crate::sim::Table>),
    mut settings: ResMut<Settings>,
) {
    let mut signs = screen.signs();
    for d in done.read() {
        signs.push(Sign::Done(d.order.clone()));
    }
    for r in refused.read() {
        let why: Vec<String> = r.reasons.iter().map(|x| x.to_string()).collect();
        signs.push(Sign::Refused(r.order.clone(), why.join("; ")));
    }
    let sight = &screen.sight;
    if sight.is_changed() && sight.to.is_some() && sight.sight.is_some() {
        signs.push(Sign::Looked);
    }
    for h in happened.read() {
        // Undo answers with what it took back, not with an order done.
        if matches!(h.0, Event::Undone(_)) {
            signs.push(Sign::Done(Order::Undo));
        }
        signs.push(Sign::Happened(Box::new(h.0.clone())));
    }
    if signs.is_empty() {
        return;
    }
    // Last, so that the step an order just reached can see it: nothing to take back now.
    if let Some(why) = table.undo.why_not() {
        signs.push(Sign::UndoClosed(why));
    }
    let side = seen.view().side;
    let Lesson {
        number,
        script,
        progress,
        ..
    } = &mut *lesson;
    progress.feed(script, side, seen.board(), &signs);
    // A finished lesson is remembered (the settings are written when they change).
    let bit = 1u16 << (*number - 1).min(15);
    if progress.finished(script) && settings.lessons_done & bit == 0 {
        settings.lessons_done |= bit;
    }
}

/// What the other side's turn is doing to the player's side, counted as it happens.
/// At the start of the player's turn, the lesson's news: the turn news every battle tells
/// (`reports::turn_news`), kept in the panel while he plays his turn.
/// The panel says it, so the banner over the map does not say it again on top of the panel (a
/// newcomer read the same news twice, the banner over the panel's head).
fn news(
    mut lesson: ResMut<Lesson>,
    told: Res<crate::client::reports::turn_news::TurnNews>,
    mut banner: ResMut<crate::client::reports::score_news::ScoreNews>,
) {
    if told.is_changed() && told.told.is_some() && lesson.news != told.told {
        lesson.news = told.told.clone();
        if banner.said.as_ref().map(|(w, _)| w) == told.told.as_ref() {
            banner.said = None;
        }
    }
}

/// The key of a button the lesson asks for (the mini-map has none).
fn act(b: Button) -> Option<Act> {
    use crate::client::theme::aid::Aid;
    Some(match b {
        Button::Help => Act::Help,
        Button::Briefing => Act::Briefing,
        Button::Victory => Act::Victory,
        Button::Log => Act::Log,
        Button::Undo => Act::Undo,
        Button::Resolve => Act::Resolve,
        Button::EndTurn => Act::EndTurn,
        Button::NextUnit => Act::NextUnit,
        Button::MoveBrigade => Act::MoveBrigade,
        Button::TurnLeft => Act::TurnLeft,
        Button::TurnRight => Act::TurnRight,
        Button::Formation => Act::Formation,
        Button::Fire => Act::Fire,
        Button::CanMove => Act::Aid(Aid::CanMove),
        Button::CanFire => Act::Aid(Aid::CanFire),
        Button::CanMelee => Act::Aid(Aid::CanMelee),
        Button::Threats => Act::Aid(Aid::Threats),
        Button::Sight => Act::Aid(Aid::Sight),
        Button::OrderOfBattle => Act::Aid(Aid::OrderOfBattle),
        Button::MiniMap => return None,
    })
}

/// Restart and Onward: the lesson again, the next one, or after the last the first battle;
/// Hide folds the panel.
fn press(
    pressed: On<Pressed>,
    q: Query<&LessonButton>,
    lesson: Option<ResMut<Lesson>>,
    mut reopen: crate::client::dialogs::start::Reopen,
) {
    let (Ok(b), Some(mut lesson)) = (q.get(pressed.entity), lesson) else {
        return;
    };
    match b {
        LessonButton::Restart => reopen.lesson(lesson.number),
        LessonButton::Onward if lesson.number < crate::lesson::COUNT => {
            reopen.lesson(lesson.number + 1)
        }
        LessonButton::Onward => reopen.table(
            &crate::library::first_battle().map_or(crate::DEFAULT_SCENARIO_PATH.into(), |e| e.path),
        ),
        LessonButton::Fold => lesson.folded = !lesson.folded,
        LessonButton::Next => {}
    }
}

/// The panel's words and buttons as the lesson stands.
fn show(
    mut lesson: ResMut<Lesson>,
    mut shown_step: Local<Option<usize>>,
    mut lines: Query<(&Line, &mut Text, &mut Node), Without<LessonButton>>,
    mut buttons: Query<(&LessonButton, &mut Node, &Children)>,
    mut labels: Query<&mut Text, Without<Line>>,
    seen: Res<crate::client::seen::Seen>,
) {
    // The words name units where they stand now: they change as the board does.
    if !lesson.is_changed() && !seen.is_changed() {
        return;
    }
    let now = |text: &str| crate::lesson::places::where_now(text, seen.board());
    // A new step unfolds the panel: its words must be read.
    if *shown_step != Some(lesson.progress.step) {
        *shown_step = Some(lesson.progress.step);
        if lesson.folded {
            lesson.bypass_change_detection().folded = false;
        }
    }
    let folded = lesson.folded;
    let Lesson {
        number,
        script,
        progress,
        ..
    } = &*lesson;
    let finished = progress.finished(script);
    let count = crate::lesson::COUNT;
    let step = script.steps.get(progress.step);
    for (line, mut t, mut node) in &mut lines {
        crate::client::theme::regions::show(&mut node, *line == Line::Title || !folded);
        let want = match line {
            Line::Title => format!(
                "Boot camp · lesson {number} of {count}: {} · step {} of {}",
                script.title,
                (progress.step + 1).min(script.steps.len()),
                script.steps.len()
            ),
            Line::Say => match step {
                Some(s) => now(&s.say),
                None if *number < count => format!(
                    "Lesson {number} done. Next: lesson {}, {}.",
                    number + 1,
                    crate::lesson::title(number + 1).unwrap_or_default()
                ),
                None => format!("The boot camp is done. {} waits.", first_battle_words()),
            },
            Line::Hint => progress.hint.as_deref().map(now).unwrap_or_default(),
            Line::News => lesson.news.clone().unwrap_or_default(),
        };
        if t.0 != want {
            t.0 = want;
        }
    }
    for (b, mut n, children) in &mut buttons {
        let shown = match b {
            LessonButton::Next => step.is_some_and(|s| s.done == Goal::Next),
            LessonButton::Onward => finished,
            LessonButton::Restart | LessonButton::Fold => true,
        };
        crate::client::theme::regions::show(&mut n, shown);
        let label = match b {
            LessonButton::Onward if *number < count => format!("Lesson {} ▶", number + 1),
            LessonButton::Onward => format!("Play {} ▶", first_battle_words()),
            LessonButton::Fold if folded => "Show lesson".into(),
            LessonButton::Fold => "Hide".into(),
            _ => String::new(),
        };
        if !label.is_empty() {
            for c in children.iter() {
                if let Ok(mut t) = labels.get_mut(c)
                    && t.0 != label
                {
                    t.0.clone_from(&label);
                }
            }
        }
    }
}

/// What the lesson points at: a bright gold, apart from the amber of a lit button.
pub const POINTED: Color = Color::srgb(1.0, 0.84, 0.2);

/// The environment variable that makes a lesson walk through its steps by itself, a few frames
/// each, noting where the panel stood (for the window test that no step's target is covered).
pub const WALK: &str = "BAYONET_LESSON_WALK";

/// The frames since the walk began.
#[derive(Resource, Debug, Default)]
struct Walk(u32);

/// Frames a walked step takes: its words laid out, then the panel placed by them.
pub const WALK_FRAMES: u32 = 3;

/// One step further each `WALK_FRAMES`, noting where the panel stood at the step left.
fn walk(mut lesson: ResMut<Lesson>, mut w: ResMut<Walk>) {
    w.0 += 1;
    if w.0 < 6 || w.0 % WALK_FRAMES != 0 || lesson.progress.finished(&lesson.script) {
        return;
    }
    let entry = (lesson.progress.step, lesson.placed.clone());
    lesson.walked.push(entry);
    lesson.progress.step += 1;
}

/// Where the lesson panel stands, and what it keeps clear of (logical pixels): the layout trace
/// reports it, and a window test reads it for every step of every lesson.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Placed {
    pub panel: Rect,
    /// What the step is about (the hex, the unit, the button), the selected unit's hex, the
    /// log opened whole and any sheet open over the map.
    pub clear: Vec<Rect>,
}

impl Placed {
    /// Whether the panel covers anything it should keep clear of.
    pub fn covers(&self) -> bool {
        self.clear
            .iter()
            .any(|c| !c.intersect(self.panel).is_empty())
    }
}

/// Of the places the panel may stand (each its top-left corner), the first that covers none of
/// `clear`, else the one that covers least of it.
pub fn choose(size: Vec2, places: &[Vec2], clear: &[Rect]) -> usize {
    let covered = |at: Vec2| -> f32 {
        let r = Rect::from_corners(at, at + size);
        clear
            .iter()
            .map(|c| {
                let i = c.intersect(r);
                if i.is_empty() {
                    0.0
                } else {
                    i.width() * i.height()
                }
            })
            .sum()
    };
    let mut best = (0, f32::INFINITY);
    for (i, at) in places.iter().enumerate() {
        let c = covered(*at);
        if c == 0.0 {
            return i;
        }
        if c < best.1 {
            best = (i, c);
        }
    }
    best.0
}

/// The panel's home is above the toolbar and the folded log at the left (the toolbar two rows
/// high in a narrow window); when it would cover what the step is about, the selected unit,
/// the log opened whole or a sheet open over the map, it stands under the top bar instead, or
/// at the right above the toolbar (issue 59: it covered the unit just moved, the log's lines
/// and the order of battle's rows). The button the step points at is outlined in a pulsing
/// gold.
#[allow(clippy::type_complexity)]
fn place(
    mut lesson: ResMut<Lesson>,
    time: Res<Time>,
    (window, cam, layout, seen, cmd): (
        Query<&Window, With<bevy::window::PrimaryWindow>>,
        Query<(&Transform, &Projection), With<crate::client::map::camera::MapCamera>>,
        Res<crate::client::map::layout::MapLayout>,
        Res<crate::client::seen::Seen>,
        Res<Selection>,
    ),
    (regions, sheets): (Regions, Sheets),
    mut panel: Query<(&mut Node, &ComputedNode), With<LessonPanel>>,
    // The buttons by name, and the one outlined last.
    (mut named, mut outlined): (Buttons, Local<Option<Entity>>),
) {
    use crate::client::theme::regions::{Region, TOOLBAR_HEIGHT};
    let (Ok(w), Ok((t, p))) = (window.single(), cam.single()) else {
        return;
    };
    let k = w.scale_factor();
    let rect = |n: &ComputedNode, at: &UiGlobalTransform| {
        Rect::from_center_size(at.translation / k, n.size / k)
    };
    let height_of = |which: Region| {
        regions
            .iter()
            .find(|(r, n, _)| **r == which && n.size.y > 0.0)
            .map(|(_, n, _)| n.size.y / k)
    };
    let bar = height_of(Region::Toolbar).unwrap_or(TOOLBAR_HEIGHT);
    // Over the log folded to its line (its margin 6 each way), which says what the selected
    // unit's orders will do: a brigade's march, a fire's target.
    let log = height_of(Region::Log).unwrap_or(0.0);
    let folded = if log > 0.0 && log <= 80.0 {
        log + 12.0
    } else {
        0.0
    };
    let bottom = bar + folded + 4.0;
    let scale = crate::client::map::camera::scale_of(p);
    let board = seen.board();
    let hex_rect = |hex| {
        let at =
            crate::client::map::layout::world_to_screen(w.size(), t, scale, layout.center(hex));
        Rect::from_center_size(
            at,
            Vec2::splat(2.0 * crate::client::map::layout::HEX_SIZE / scale),
        )
    };
    let step = lesson.script.steps.get(lesson.progress.step).cloned();
    let (mut clear, pointed) = pointed_at(step.as_ref(), board, &hex_rect);
    // The unit the step has the player act with, wherever its point is (issue 59: lesson 2's
    // third step pointed at the march's end, and the panel covered the regiment to select).
    let acting = step.as_ref().and_then(|s| s.done.unit());
    for id in cmd.unit.iter().map(|u| u.0).chain(acting) {
        if let Some(u) = board.unit(crate::rules::unit::UnitId(id)) {
            clear.push(hex_rect(u.hex));
        }
    }
    clear.extend(fire_targets(board, &cmd, seen.view().side).map(hex_rect));
    if log > 80.0
        && let Some((_, n, at)) = regions.iter().find(|(r, _, _)| **r == Region::Log)
    {
        clear.push(rect(n, at));
    }
    for (n, at, v) in &sheets {
        if v.get() && n.size.x > 0.0 && n.size.y > 0.0 {
            clear.push(rect(n, at));
        }
    }
    let now = pointed.as_deref().and_then(|want| {
        named
            .iter()
            .find(|(_, n, _, _, _)| n.as_str() == want)
            .map(|(e, _, _, c, at)| (e, rect(c, at)))
    });
    if let Some((_, r)) = now {
        clear.push(r);
    }
    let now = now.map(|(e, _)| e);
    let win = w.size();
    let top =
        height_of(Region::TopBar).unwrap_or(crate::client::theme::regions::TOP_BAR_HEIGHT) + 34.0;
    for (mut n, c) in &mut panel {
        let placed = Placed {
            panel: stand(&mut n, c.size / k, win, (top, bottom), &clear),
            clear: clear.clone(),
        };
        if lesson.placed != placed {
            lesson.placed = placed;
        }
    }
    outline(&mut named, &mut outlined, now, time.elapsed_secs());
}

/// With a fire armed (T), every enemy hex the selected unit may fire at: the panel must not
/// cover the target (issue 76, item 5: lesson 10's battery and the village).
fn fire_targets<'a>(
    board: &'a crate::rules::board::Board,
    cmd: &'a Selection,
    side: crate::rules::unit::Side,
) -> impl Iterator<Item = crate::rules::hex::Hex> + 'a {
    use crate::rules::order::{At, Order, check};
    let firer = cmd.unit.filter(|_| cmd.fire_mode);
    board
        .units
        .iter()
        .filter(move |e| e.side != side)
        .filter(move |e| {
            firer.is_some_and(|unit| {
                let at = At::of(board, e.hex);
                check(board, &Order::Fire { unit, at }).is_ok()
            })
        })
        .map(|e| e.hex)
}

/// The screen's regions, each with its box.
type Regions<'w, 's> = Query<
    'w,
    's,
    (
        &'static crate::client::theme::regions::Region,
        &'static ComputedNode,
        &'static UiGlobalTransform,
    ),
>;

/// The sheets that open over the map (the order of battle, the victory panel …).
type Sheets<'w, 's> = Query<
    'w,
    's,
    (
        &'static ComputedNode,
        &'static UiGlobalTransform,
        &'static InheritedVisibility,
    ),
    (
        With<crate::client::theme::regions::Furniture>,
        Without<LessonPanel>,
    ),
>;

/// The buttons, by name, with their outline.
type Buttons<'w, 's> = Query<
    'w,
    's,
    (
        Entity,
        &'static Name,
        &'static mut BorderColor,
        &'static ComputedNode,
        &'static UiGlobalTransform,
    ),
    With<Interaction>,
>;

/// What the step points at: the hex or unit to keep clear of the panel, or the button's name.
fn pointed_at(
    step: Option<&crate::lesson::Step>,
    board: &crate::rules::board::Board,
    hex_rect: &dyn Fn(crate::rules::hex::Hex) -> Rect,
) -> (Vec<Rect>, Option<String>) {
    let mut clear = Vec::new();
    let mut pointed = None;
    match step.and_then(|s| s.point.as_ref()) {
        Some(crate::lesson::Point::Hex((col, row))) => {
            clear.push(hex_rect(board.map.hex_at(crate::rules::map::Coord {
                col: *col,
                row: *row,
            })));
        }
        Some(crate::lesson::Point::Unit(id)) => {
            if let Some(u) = board.unit(crate::rules::unit::UnitId(*id)) {
                clear.push(hex_rect(u.hex));
            }
        }
        Some(crate::lesson::Point::Button(b)) => pointed = Some(b.name()),
        None => {}
    }
    (clear, pointed)
}

/// The panel at the first of its places (above the toolbar at the left, under the top bar, at
/// the right above the toolbar) that keeps `clear` clear; its box.
fn stand(
    n: &mut Mut<Node>,
    size: Vec2,
    win: Vec2,
    (top, bottom): (f32, f32),
    clear: &[Rect],
) -> Rect {
    let right = win.x - crate::client::theme::regions::column(win.x) - size.x - 6.0;
    let places = [
        Vec2::new(6.0, win.y - bottom - size.y),
        Vec2::new(6.0, top),
        Vec2::new(right.max(6.0), win.y - bottom - size.y),
    ];
    let i = if size.x > 0.0 {
        choose(size, &places, clear)
    } else {
        0
    };
    let (want_top, want_bottom) = match i {
        1 => (Val::Px(top), Val::Auto),
        _ => (Val::Auto, Val::Px(bottom)),
    };
    let left = Val::Px(places[i].x);
    if n.top != want_top || n.bottom != want_bottom || n.left != left {
        n.top = want_top;
        n.bottom = want_bottom;
        n.left = left;
    }
    Rect::from_corners(places[i], places[i] + size)
}

/// The button the step points at outlined in a pulsing gold (a slow pulse, so the eye finds
/// it); the one outlined before given back its own border.
fn outline(
    named: &mut Buttons,
    outlined: &mut Local<Option<Entity>>,
    now: Option<Entity>,
    secs: f32,
) {
    if **outlined != now
        && let Some(was) = outlined.take()
        && let Ok((_, _, mut b, _, _)) = named.get_mut(was)
    {
        *b = BorderColor::all(palette::TEXT);
    }
    **outlined = now;
    if let Some(e) = now
        && let Ok((_, _, mut b, _, _)) = named.get_mut(e)
    {
        let glow = 0.55 + 0.45 * (secs * 3.0).sin().abs();
        *b = BorderColor::all(POINTED.with_alpha(glow));
    }
}

/// The battle the boot camp leads on to, as its last words and button say it: its name, size
/// and about how long it takes. Read once: the library's entries parse every shipped battle,
/// and the panel's words are rebuilt at each change of the lesson.
fn first_battle_words() -> String {
    static WORDS: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    WORDS
        .get_or_init(|| match crate::library::first_battle() {
            Some(e) => format!(
                "{} ({}, about {} minutes)",
                e.name,
                e.size.words(),
                e.minutes
            ),
            None => "Harper's Crossing".into(),
        })
        .clone()
}
