//! The boot camp's lesson in the window (issue 48): a panel above the toolbar that says the
//! step, points at what it is about and answers a wrong action with a hint; the steps complete
//! on what the game reports (`crate::lesson::progress`), never on where the screen was touched.

use bevy::prelude::*;

use super::command::Command;
use super::keys::{Act, pressed};
use super::palette;
use super::settings::Settings;
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
}

#[derive(Component)]
struct LessonPanel;

#[derive(Component, Clone, Copy, PartialEq, Eq)]
enum Line {
    Title,
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
        app.insert_resource(super::start::PresetPlayers(players(&script)));
        app.insert_resource(Lesson {
            number: n,
            script,
            progress: Progress::default(),
        });
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn.run_if(resource_exists::<Lesson>))
        .add_systems(
            Update,
            (watch, press, show, place)
                .chain()
                .in_set(super::Frame::AfterGame)
                .run_if(resource_exists::<Lesson>),
        );
}

fn spawn(mut commands: Commands) {
    let button = |b: LessonButton, label: &str| {
        (
            (
                b,
                Button,
                Name::new(format!("Lesson{b:?}")),
                palette::button_node(),
                BorderColor::all(palette::TEXT),
                BackgroundColor(palette::PANEL),
            ),
            children![palette::text(label, 14.0)],
        )
    };
    commands.spawn((
        LessonPanel,
        super::regions::Furniture,
        Node {
            position_type: PositionType::Absolute,
            left: Val::Px(6.0),
            bottom: Val::Px(super::regions::TOOLBAR_HEIGHT + 6.0),
            width: Val::Px(460.0),
            max_width: Val::Percent(58.0),
            flex_direction: FlexDirection::Column,
            padding: UiRect::all(Val::Px(10.0)),
            row_gap: Val::Px(6.0),
            border: UiRect::all(Val::Px(2.0)),
            ..default()
        },
        BorderColor::all(palette::LIT),
        BackgroundColor(Color::srgba(0.06, 0.06, 0.05, 0.94)),
        GlobalZIndex(6),
        Interaction::default(),
        children![
            (Line::Title, palette::dim_text("", 12.0)),
            (Line::Say, palette::text("", 15.0)),
            (
                Line::Hint,
                Text::new(""),
                TextFont {
                    font_size: FontSize::Px(14.0),
                    ..default()
                },
                TextColor(palette::PENDING),
            ),
            (
                Node {
                    column_gap: Val::Px(8.0),
                    ..default()
                },
                children![
                    button(LessonButton::Next, "Next"),
                    button(LessonButton::Onward, "Next lesson"),
                    button(LessonButton::Restart, "Restart lesson"),
                ],
            ),
        ],
    ));
}

/// What the player did and saw this frame, as signs for the lesson: the selection, buttons and
/// their keys, the zoom, the panel's Next, then the orders the game accepted or refused and
/// what happened.
#[allow(clippy::too_many_arguments, clippy::type_complexity)]
fn watch(
    mut lesson: ResMut<Lesson>,
    (mut done, mut refused, mut happened): (
        MessageReader<OrderDone>,
        MessageReader<OrderRejected>,
        MessageReader<Happened>,
    ),
    cmd: Res<Command>,
    input: Res<ButtonInput<KeyCode>>,
    buttons: Query<(&Interaction, &Name), Changed<Interaction>>,
    next: Query<(&Interaction, &LessonButton), Changed<Interaction>>,
    cam: Query<&Projection, With<super::camera::MapCamera>>,
    seen: Res<super::seen::Seen>,
    mut settings: ResMut<Settings>,
    mut last: Local<(Option<crate::rules::unit::UnitId>, Option<f32>)>,
    sight: Res<super::sight_tool::SightTool>,
) {
    let mut signs = Vec::new();
    if cmd.unit != last.0 {
        last.0 = cmd.unit;
        signs.extend(cmd.unit.map(Sign::Selected));
    }
    for b in Button::ALL {
        let by_key = act(b).is_some_and(|a| pressed(&input, a));
        let by_button = buttons
            .iter()
            .any(|(i, n)| *i == Interaction::Pressed && n.as_str() == b.name());
        if by_key || by_button {
            signs.push(Sign::Pressed(b));
        }
    }
    let scale = cam.iter().next().map(super::camera::scale_of);
    if let (Some(was), Some(now)) = (last.1, scale)
        && (was - now).abs() > f32::EPSILON
    {
        signs.push(Sign::Zoomed);
    }
    last.1 = scale;
    if next
        .iter()
        .any(|(i, b)| *i == Interaction::Pressed && *b == LessonButton::Next)
    {
        signs.push(Sign::Next);
    }
    for d in done.read() {
        signs.push(Sign::Done(d.order.clone()));
    }
    for r in refused.read() {
        let why: Vec<String> = r.reasons.iter().map(|x| x.to_string()).collect();
        signs.push(Sign::Refused(r.order.clone(), why.join("; ")));
    }
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
    let side = seen.view().side;
    let Lesson {
        number,
        script,
        progress,
    } = &mut *lesson;
    progress.feed(script, side, seen.board(), &signs);
    // A finished lesson is remembered (the settings are written when they change).
    let bit = 1u16 << (*number - 1).min(15);
    if progress.finished(script) && settings.lessons_done & bit == 0 {
        settings.lessons_done |= bit;
    }
}

/// The key of a button the lesson asks for (the mini-map has none).
fn act(b: Button) -> Option<Act> {
    use super::aids::Aid;
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

/// Restart and Onward: the lesson again, the next one, or after the last the first battle.
fn press(
    lesson: Res<Lesson>,
    q: Query<(&Interaction, &LessonButton), Changed<Interaction>>,
    window: Query<&Window>,
    mut exit: MessageWriter<AppExit>,
) {
    for (i, b) in &q {
        if *i != Interaction::Pressed {
            continue;
        }
        let size = window
            .single()
            .ok()
            .map(|w| (w.width().round() as u32, w.height().round() as u32));
        match b {
            LessonButton::Restart => super::start::open_lesson(lesson.number, size, &mut exit),
            LessonButton::Onward if lesson.number < crate::lesson::COUNT => {
                super::start::open_lesson(lesson.number + 1, size, &mut exit)
            }
            LessonButton::Onward => {
                super::start::open_battle(crate::DEFAULT_SCENARIO_PATH, size, &mut exit)
            }
            LessonButton::Next => {}
        }
    }
}

/// The panel's words and buttons as the lesson stands.
fn show(
    lesson: Res<Lesson>,
    mut lines: Query<(&Line, &mut Text)>,
    mut buttons: Query<(&LessonButton, &mut Node, &Children)>,
    mut labels: Query<&mut Text, Without<Line>>,
) {
    if !lesson.is_changed() {
        return;
    }
    let Lesson {
        number,
        script,
        progress,
    } = &*lesson;
    let finished = progress.finished(script);
    let count = crate::lesson::COUNT;
    let step = script.steps.get(progress.step);
    for (line, mut t) in &mut lines {
        let want = match line {
            Line::Title => format!(
                "Boot camp · lesson {number} of {count}: {} · step {} of {}",
                script.title,
                (progress.step + 1).min(script.steps.len()),
                script.steps.len()
            ),
            Line::Say => match step {
                Some(s) => s.say.clone(),
                None if *number < count => format!(
                    "Lesson {number} done. Next: lesson {}, {}.",
                    number + 1,
                    crate::lesson::title(number + 1).unwrap_or_default()
                ),
                None => "The boot camp is done. Harper's Crossing waits.".into(),
            },
            Line::Hint => progress.hint.clone().unwrap_or_default(),
        };
        if t.0 != want {
            t.0 = want;
        }
    }
    for (b, mut n, children) in &mut buttons {
        let shown = match b {
            LessonButton::Next => step.is_some_and(|s| s.done == Goal::Next),
            LessonButton::Onward => finished,
            LessonButton::Restart => true,
        };
        super::regions::show(&mut n, shown);
        if *b == LessonButton::Onward {
            let label = if *number < count {
                format!("Lesson {} ▶", number + 1)
            } else {
                "Play Harper's Crossing ▶".into()
            };
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

/// The panel sits above the toolbar and the folded log as they are laid out (the toolbar two
/// rows high in a narrow window); the button the step points at is outlined in a pulsing gold.
fn place(
    lesson: Res<Lesson>,
    time: Res<Time>,
    regions: Query<(&super::regions::Region, &ComputedNode)>,
    mut panel: Query<&mut Node, With<LessonPanel>>,
    mut named: Query<(Entity, &Name, &mut BorderColor), With<Interaction>>,
    mut outlined: Local<Option<Entity>>,
) {
    use super::regions::{Region, TOOLBAR_HEIGHT, height};
    let bar = height(&regions, Region::Toolbar).unwrap_or(TOOLBAR_HEIGHT);
    // Over the log folded to its line (its margin 6 each way), which says what the selected
    // unit's orders will do: a brigade's march, a fire's target. The log opened whole is
    // covered.
    let log = height(&regions, Region::Log)
        .filter(|h| *h > 0.0 && *h <= 80.0)
        .map_or(0.0, |h| h + 12.0);
    let bottom = Val::Px(bar + log + 4.0);
    for mut n in &mut panel {
        if n.bottom != bottom {
            n.bottom = bottom;
        }
    }
    let pointed = match lesson
        .script
        .steps
        .get(lesson.progress.step)
        .and_then(|s| s.point.clone())
    {
        Some(crate::lesson::Point::Button(b)) => Some(b.name()),
        _ => None,
    };
    let now = pointed.as_deref().and_then(|want| {
        named
            .iter()
            .find(|(_, n, _)| n.as_str() == want)
            .map(|(e, _, _)| e)
    });
    if *outlined != now
        && let Some(was) = outlined.take()
        && let Ok((_, _, mut b)) = named.get_mut(was)
    {
        *b = BorderColor::all(palette::TEXT);
    }
    *outlined = now;
    if let Some(e) = now
        && let Ok((_, _, mut b)) = named.get_mut(e)
    {
        // A slow pulse, so the eye finds it.
        let glow = 0.55 + 0.45 * (time.elapsed_secs() * 3.0).sin().abs();
        *b = BorderColor::all(POINTED.with_alpha(glow));
    }
}
