//! The start dialog: the scenario (from `maps/`), who plays each side (hotseat, against the
//! computer, or watch the computer play itself), the optional rules as switches and the main
//! Parameter Data values; then the game. During the computer's turn its orders come at a readable pace (] faster, Space pauses).

use bevy::prelude::*;

use crate::client::gate::{DialogOpen, PresetPlayers};
use crate::client::theme::interaction::{Look, Pressed};
use crate::client::theme::palette;
use crate::client::theme::settings::Settings;
use crate::client::theme::widget::{self, Layout};
use crate::rules::order::Order;
use crate::rules::params::Parameters;
use crate::rules::unit::Side;
use crate::sim::{GiveOrder, Opponent, Players, Table};

pub use crate::client::theme::settings::Mode;

#[derive(Component)]
pub(crate) struct Dialog;

/// A scenario the picker offers: its file, and what the player reads on its button.
#[derive(Debug, Clone)]
struct Listed {
    path: String,
    title: String,
    /// Its size: turns and start, hexes, units.
    size: String,
    /// A test field (kept under a fold): its title begins "Test".
    test: bool,
    /// Its library card: the facts, the balance, the story; its map in small.
    entry: Option<crate::library::Entry>,
    picture: Option<Image>,
}

/// The scenarios in `maps/`, for the picker.
#[derive(Resource, Debug, Clone, Default)]
struct ScenarioList(Vec<Listed>);

/// Each scenario of the list by its title, date and size; one that does not load is offered by
/// its file name with the reason.
fn describe_maps(paths: Vec<String>) -> Vec<Listed> {
    let mut listed = paths
        .into_iter()
        .map(|path| match crate::load_scenario(&path) {
            Ok(s) => Listed {
                test: s.name.starts_with("Test"),
                entry: Some(crate::library::entry(&path, &s)),
                picture: Some(super::library::thumbnail(&s)),
                size: format!(
                    "{} turns from {:02}:{:02} · {}×{} hexes · {} units",
                    s.turns,
                    s.start_time / 60,
                    s.start_time % 60,
                    s.map.width,
                    s.map.height,
                    s.units.len() + s.reinforcements.len()
                ),
                title: s.name,
                path,
            },
            Err(e) => Listed {
                title: path.trim_start_matches("maps/").to_string(),
                size: format!("does not load: {e}"),
                test: true,
                entry: None,
                picture: None,
                path,
            },
        })
        .collect::<Vec<_>>();
    // The library's order (`library::place`), the test fields last.
    listed.sort_by_key(|m| {
        (
            m.test,
            m.entry.as_ref().map(crate::library::place),
            m.title.clone(),
        )
    });
    listed
}

/// The test fields' row of the picker, folded away until asked for.
#[derive(Component)]
struct TestFields;

/// The part of the dialog that scrolls (its title and Start stay put).
#[derive(Component)]
pub(crate) struct DialogBody;

/// The line that says the dialog's body has more below.
#[derive(Component)]
pub struct MoreBelow;

fn list_maps() -> Vec<String> {
    let mut v: Vec<String> = crate::SCENARIOS
        .iter()
        .map(|(p, _)| p.to_string())
        .collect();
    v.extend(
        std::fs::read_dir("maps")
            .map(|d| {
                d.filter_map(|e| e.ok())
                    .map(|e| e.path())
                    .filter(|p| p.extension().is_some_and(|x| x == "ron"))
                    .map(|p| p.to_string_lossy().to_string())
                    .collect::<Vec<_>>()
            })
            .unwrap_or_default(),
    );
    v.sort();
    v.dedup();
    v
}

#[derive(Component, Clone, Copy, PartialEq, Debug)]
pub enum Control {
    Scenario(usize),
    /// A lesson of the boot camp, from 1.
    Lesson(usize),
    Mode(Mode),
    /// The computer opponent (remembered): Basic or Skilled.
    Opponent(Opponent),
    Rule(usize),
    Param(usize, i32),
    /// The melee system (§15.0, D-sys-1): cycles through the systems the game has.
    MeleeSystem,
    /// The interface settings (remembered between runs): UI scale − / +, colour-blind palette.
    UiScale(i32),
    ColourBlind,
    /// How elevation is drawn: contour bands or shading (remembered).
    Relief,
    /// End turn asks for a second press (remembered).
    ConfirmEndTurn,
    /// The sound's volume − / + (remembered).
    Volume(i32),
    /// Sound off, or on (remembered; Ctrl+M).
    Mute,
    /// Shows or hides the test fields.
    TestFold,
    Start,
}

#[derive(Component)]
struct Label(Control);

/// The dialog's Start button (the browser test finds it by this).
#[derive(Component)]
pub struct StartButton;

pub(crate) const PARAMS: [&str; 5] = [
    "Night attack penalty",
    "Strength point (men)",
    "Stacking: men per hex",
    "Day turn (minutes)",
    "Visibility (hexes, fog of war)",
];

/// The optional rules and Parameter Data as the dialog has them; given to the game as one
/// order when the battle starts.
#[derive(Resource, Debug, Clone)]
pub struct Draft(pub Parameters);

pub(crate) fn rule(b: &mut Draft, i: usize) -> &mut bool {
    crate::client::theme::words::rule_switch(&mut b.0.optional, i)
}

/// Switches rule `i` of `crate::client::theme::words::RULES`; Extreme Fog of War goes with Fog of War (§16).
pub(crate) fn toggle_rule(b: &mut Draft, i: usize) {
    let v = rule(b, i);
    *v = !*v;
    let o = &mut b.0.optional;
    match i {
        7 if !o.fog_of_war => o.extreme_fog_of_war = false,
        8 if o.extreme_fog_of_war => o.fog_of_war = true,
        _ => {}
    }
}

pub(crate) fn param(b: &mut Draft, i: usize) -> (&mut u32, u32) {
    let p = &mut b.0;
    match i {
        0 => (&mut p.melee.night_attack_penalty, 50),
        1 => (&mut p.melee.strength_point, 3),
        2 => (&mut p.stacking.max_men, 100),
        3 => (&mut p.clock.day_turn_minutes, 5),
        _ => (&mut p.sight.visibility, 2),
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.insert_resource(DialogOpen(true))
        .add_systems(Startup, open)
        .add_observer(press)
        .add_observer(open_campaign)
        .add_systems(
            Update,
            (
                labels,
                scroll,
                crate::client::theme::regions::more_below::<DialogBody, MoreBelow>,
            )
                .chain(),
        );
}

fn open(
    mut commands: Commands,
    mut images: Option<ResMut<Assets<Image>>>,
    preset: Option<Res<PresetPlayers>>,
    mut players: ResMut<Players>,
    mut dialog: ResMut<DialogOpen>,
    table: Res<Table>,
    settings: Res<Settings>,
    campaign: Option<Res<super::campaign::UnderWay>>,
) {
    let game = &table.board;
    commands.insert_resource(Draft(game.params.clone()));
    if let Some(p) = preset {
        players.0 = p.0;
        dialog.0 = false;
        return;
    }
    let mut draft = Draft(game.params.clone());
    new_game_rules(&mut draft.0);
    commands.insert_resource(draft);
    let s = &table.start;
    // A campaign's battle: the campaign's screen, and who plays it.
    if let Some(u) = campaign {
        let words = if u.campaign.at.is_some() {
            "Fight this battle"
        } else {
            "Look over the field"
        };
        let body = scaffold(&mut commands, &u.campaign.plan().name, words);
        commands.entity(body).with_children(|d| {
            super::campaign::screen(d, &u, s);
            who_plays(d, s);
            opponents(d);
        });
        return;
    }
    let maps = ScenarioList(describe_maps(list_maps()));
    let body = scaffold(&mut commands, &s.name, "Start the battle");
    // The boot camp: first for a newcomer (no battle started, no lesson done), after the
    // battles for everyone else.
    let newcomer = !settings.played && settings.lessons_done == 0;
    commands.entity(body).with_children(|d| {
        if newcomer {
            // The boot camp first, then the library, then the battle Start begins.
            boot_camp(d, &settings, true);
            battles(d, &maps, images.as_deref_mut());
            super::library::campaigns(d);
            d.spawn(widget::heading(format!("This battle: {}", s.name), 16.0));
            d.spawn(label(s.description.clone(), 13.0));
            who_plays(d, s);
            opponents(d);
        } else {
            // The battle Start begins and who plays it first, under Start (issue 76, item 17):
            // a battle picked in the library opens a fresh window, which then reads
            // pick-and-start in one screen; the library and the battle's whole story below.
            d.spawn(widget::heading(format!("This battle: {}", s.name), 16.0));
            who_plays(d, s);
            opponents(d);
            battles(d, &maps, images.as_deref_mut());
            // A campaign opens by its own subcommand (in the browser, `campaign=FILE`).
            super::library::campaigns(d);
            // The battle Start begins, whole: its story, sources, approximations and levels.
            d.spawn(widget::heading(format!("The story of {}", s.name), 16.0));
            d.spawn(label(s.description.clone(), 13.0));
            boot_camp(d, &settings, false);
        }
        rules(d);
        interface(d);
    });
    commands.insert_resource(maps);
}

/// The rules a new game in the window starts from, the dialog's and `--computer`'s alike
/// (issue 76, item 18): the scenario's, under Fog of War unless the player turns it off, as
/// Civil War Battles' players play (§16).
pub fn new_game_rules(p: &mut Parameters) {
    p.optional.fog_of_war = true;
}

/// One of the dialog's controls, its lines filled by the caller.
fn control(c: Control) -> impl Bundle {
    widget::button(c, UiRect::all(Val::Px(3.0)))
}

fn label(t: String, size: f32) -> (Text, TextFont, TextColor) {
    widget::label_text(t, size)
}

/// A control whose words `labels` writes as the settings and the draft stand.
fn labelled(d: &mut ChildSpawnerCommands, c: Control, size: f32) {
    d.spawn(control(c)).with_children(|b| {
        b.spawn((Label(c), label(String::new(), size)));
    });
}

/// A control that says `words`.
fn worded(d: &mut ChildSpawnerCommands, c: Control, words: String, size: f32) {
    d.spawn(control(c)).with_children(|b| {
        b.spawn(label(words, size));
    });
}

/// The curtain over the map until Start, the dialog's box with the battle's name and Start
/// beside it, and the column that scrolls (with its "more below"); returns the column.
fn scaffold(commands: &mut Commands, name: &str, start: &str) -> Entity {
    // A curtain over the map until Start: the rules (Fog of War among them) are not yet in
    // force, and the enemy's deployment must not show round the dialog or through it.
    commands.spawn((
        Dialog,
        crate::client::theme::regions::Furniture,
        widget::curtain(widget::covering(), palette::BACKGROUND, 9),
    ));
    let dialog = commands
        .spawn((
            Dialog,
            crate::client::theme::regions::Furniture,
            widget::dialog_box(
                widget::floating()
                    .top(Val::Px(36.0))
                    .left(Val::Percent(8.0))
                    .width(Val::Percent(84.0))
                    .max_height(Val::Percent(92.0))
                    .pad(UiRect::all(Val::Px(18.0)))
                    .line_gap(6.0),
                10,
            ),
        ))
        .with_children(|d| {
            // Start sits beside the title, so that it is on screen however small the window.
            d.spawn(widget::row(0.0).spread().wrapping())
                .with_children(|row| {
                    row.spawn(label(name.to_owned(), 22.0));
                    row.spawn((control(Control::Start), StartButton))
                        .with_children(|b| {
                            b.spawn(label(start.into(), 18.0));
                        });
                });
        })
        .id();
    // The rest scrolls in a small window (or at a large UI scale): wheel or drag.
    let body = commands
        .spawn((
            DialogBody,
            widget::scrolling(6.0),
            ScrollPosition::default(),
        ))
        .id();
    commands.entity(dialog).add_child(body);
    // That it scrolls must show: a line under the part that scrolls while more lies below.
    let more = commands
        .spawn((
            MoreBelow,
            widget::more_below_line(
                "▼ more below: scroll with the wheel, or drag",
                13.0,
                palette::DIM,
            ),
            Node::default().margin(UiRect::top(Val::Px(4.0))).keep(),
        ))
        .id();
    commands.entity(dialog).add_child(more);
    body
}

/// The boot camp's lessons, each marked done once finished; a newcomer is told to start there.
fn boot_camp(d: &mut ChildSpawnerCommands, settings: &Settings, newcomer: bool) {
    d.spawn(label(
        if newcomer {
            "New to Bayonet? Start with the boot camp: eleven short lessons, each one idea \
             learned by doing it, the last a small battle"
                .into()
        } else {
            "Boot camp: eleven short lessons".into()
        },
        16.0,
    ));
    d.spawn(widget::wrap()).with_children(|row| {
        for i in 0..crate::lesson::COUNT {
            let n = i + 1;
            let title = crate::lesson::title(n).unwrap_or_default();
            let done = settings.lessons_done & (1 << i) != 0;
            row.spawn(control(Control::Lesson(n))).with_children(|b| {
                b.spawn(label(format!("{n}. {title}"), 14.0));
                if done {
                    b.spawn(palette::dim_text("✓ done", 11.0));
                }
            });
        }
    });
}

/// The battle library: its filters, then a card for each battle (`library`); the test fields
/// folded away under their own button.
fn battles(
    d: &mut ChildSpawnerCommands,
    maps: &ScenarioList,
    mut images: Option<&mut Assets<Image>>,
) {
    if maps.0.is_empty() {
        return;
    }
    d.spawn(widget::heading("Battles", 16.0));
    let entries: Vec<_> = maps
        .0
        .iter()
        .filter(|m| !m.test)
        .filter_map(|m| m.entry.clone())
        .collect();
    super::library::filters(d, &entries);
    let entry = |row: &mut ChildSpawnerCommands, i: usize, m: &Listed| {
        row.spawn(control(Control::Scenario(i))).with_children(|b| {
            b.spawn(label(m.title.clone(), 14.0));
            b.spawn(palette::dim_text(m.size.clone(), 11.0));
        });
    };
    d.spawn(widget::wrap()).with_children(|row| {
        for (i, m) in maps.0.iter().enumerate().filter(|(_, m)| !m.test) {
            let Some(e) = &m.entry else { continue };
            let picture = m.picture.as_ref().zip(images.as_deref_mut());
            let aspect = e.map.1 as f32 / e.map.0.max(1) as f32;
            // Three a row in a wide window, two in a narrow one.
            let node = widget::button_node()
                .margin(UiRect::all(Val::Px(3.0)))
                .width(Val::Percent(32.0))
                .min_size(280.0, 0.0)
                .max_width(Val::Percent(100.0));
            row.spawn((
                Control::Scenario(i),
                super::library::Card(e.clone()),
                // The trace names it, for a test's tap.
                Name::new(format!("Battle:{}", m.path)),
                widget::plain_button(node),
                // A finger dragging the library to scroll it may start on a card.
                crate::client::theme::interaction::OnRelease,
            ))
            .with_children(|b| {
                let handle = picture.map(|(p, images)| images.add(p.clone()));
                super::library::card(b, e, handle, aspect);
            });
        }
    });
    if maps.0.iter().any(|m| m.test) {
        labelled(d, Control::TestFold, 13.0);
        d.spawn((TestFields, widget::wrap().hidden()))
            .with_children(|row| {
                for (i, m) in maps.0.iter().enumerate().filter(|(_, m)| m.test) {
                    entry(row, i, m);
                }
            });
    }
}

/// Who plays: either side against the computer, two players at one device, or the computer
/// against itself.
fn who_plays(d: &mut ChildSpawnerCommands, s: &crate::rules::scenario::Scenario) {
    d.spawn(label("Who plays".into(), 16.0));
    d.spawn(widget::wrap()).with_children(|row| {
        let against = |me: u8| {
            format!(
                "I play {} (computer: {})",
                s.side_name(Side(me)),
                s.side_name(Side(1 - me))
            )
        };
        let modes = [
            (Mode::Play(0), against(0)),
            (Mode::Play(1), against(1)),
            (Mode::Hotseat, "Two players, one device".to_string()),
            (Mode::Watch, "Watch the computer play both".to_string()),
        ];
        for (m, words) in modes {
            worded(row, Control::Mode(m), words, 14.0);
        }
    });
}

/// The computer opponent's three strengths.
fn opponents(d: &mut ChildSpawnerCommands) {
    d.spawn(label("Computer opponent".into(), 16.0));
    d.spawn(widget::wrap()).with_children(|row| {
        for o in Opponent::ALL {
            let words = match o {
                Opponent::Basic => "Basic (the first computer)",
                Opponent::Skilled => "Skilled (plans its turn)",
            };
            worded(row, Control::Opponent(o), words.to_string(), 14.0);
        }
    });
}

/// The rules the game starts under: the melee system, the optional rules and the Parameter
/// Data.
fn rules(d: &mut ChildSpawnerCommands) {
    d.spawn(label("Melee system".into(), 16.0));
    labelled(d, Control::MeleeSystem, 13.0);
    d.spawn(label("Optional rules".into(), 16.0));
    d.spawn(widget::wrap()).with_children(|row| {
        for i in 0..crate::client::theme::words::RULES.len() {
            labelled(row, Control::Rule(i), 13.0);
        }
    });
    d.spawn(label("Parameter Data".into(), 16.0));
    d.spawn(widget::wrap().gap(18.0)).with_children(|wrap| {
        for i in 0..PARAMS.len() {
            wrap.spawn(widget::row(0.0)).with_children(|row| {
                worded(row, Control::Param(i, -1), " - ".into(), 14.0);
                worded(row, Control::Param(i, 1), " + ".into(), 14.0);
                row.spawn((Label(Control::Param(i, 0)), label(String::new(), 14.0)));
            });
        }
    });
}

/// The interface's own settings, kept from one game to the next.
fn interface(d: &mut ChildSpawnerCommands) {
    d.spawn(label("Interface (remembered)".into(), 16.0));
    d.spawn(widget::row(0.0).wrapping()).with_children(|row| {
        worded(row, Control::UiScale(-1), " - ".into(), 14.0);
        worded(row, Control::UiScale(1), " + ".into(), 14.0);
        row.spawn((Label(Control::UiScale(0)), label(String::new(), 14.0)));
        for c in [
            Control::ColourBlind,
            Control::Relief,
            Control::ConfirmEndTurn,
        ] {
            labelled(row, c, 13.0);
        }
    });
    d.spawn(widget::row(0.0).wrapping()).with_children(|row| {
        labelled(row, Control::Mute, 13.0);
        worded(row, Control::Volume(-1), " - ".into(), 14.0);
        worded(row, Control::Volume(1), " + ".into(), 14.0);
        row.spawn((Label(Control::Volume(0)), label(String::new(), 14.0)));
    });
}

/// A press on one of the dialog's controls: another battle or lesson opens a fresh window, the
/// interface's settings change at once, the rules go into the draft, and Start begins the game.
// In the browser a new scenario reloads the page instead of exiting.
#[cfg_attr(target_arch = "wasm32", allow(unused_mut, unused_variables))]
fn press(
    pressed: On<Pressed>,
    q: Query<&Control>,
    (mut draft, mut settings): (Option<ResMut<Draft>>, ResMut<Settings>),
    maps: Option<Res<ScenarioList>>,
    mut fold: Query<&mut Node, With<TestFields>>,
    mut reopen: Reopen,
    mut start: Starting,
) {
    let Ok(c) = q.get(pressed.entity) else { return };
    match *c {
        // Another battle: open it in a fresh game window and close this one.
        Control::Scenario(i) => {
            if let Some(m) = maps.as_ref().and_then(|m| m.0.get(i)) {
                reopen.table(&m.path);
            }
        }
        Control::Lesson(n) => reopen.lesson(n),
        Control::TestFold => {
            for mut n in &mut fold {
                let shown = n.display == Display::None;
                crate::client::theme::regions::show(&mut n, shown);
            }
        }
        Control::Rule(_) | Control::MeleeSystem | Control::Param(..) => {
            if let Some(d) = draft.as_mut() {
                rule_control(*c, d);
            }
        }
        Control::Start => start.begin(&mut settings, draft.as_deref()),
        _ => setting(*c, &mut settings),
    }
}

/// A campaign of the library pressed: its campaign screen, in a fresh window of this size.
fn open_campaign(
    pressed: On<Pressed>,
    q: Query<&super::library::CampaignButton>,
    mut reopen: Reopen,
) {
    if let Ok(c) = q.get(pressed.entity) {
        reopen.campaign(&c.0);
    }
}

/// A fresh window (a fresh page in the browser) in place of this one, of its size: another
/// battle, a lesson.
#[derive(bevy::ecs::system::SystemParam)]
pub(crate) struct Reopen<'w, 's> {
    window: Query<'w, 's, &'static Window, With<bevy::window::PrimaryWindow>>,
    exit: MessageWriter<'w, AppExit>,
}

impl Reopen<'_, '_> {
    /// The window's size in whole pixels.
    fn size(&self) -> Option<(u32, u32)> {
        self.window
            .single()
            .ok()
            .map(|w| (w.width().round() as u32, w.height().round() as u32))
    }

    pub(crate) fn table(&mut self, file: &str) {
        let size = self.size();
        open_battle(file, size, &mut self.exit);
    }

    pub(crate) fn lesson(&mut self, n: usize) {
        let size = self.size();
        open_lesson(n, size, &mut self.exit);
    }

    /// A campaign's screen (`bayonet campaign FILE`), where it stands or from its start.
    pub(crate) fn campaign(&mut self, file: &str) {
        let size = self.size();
        reopen(|w| w.another_campaign(file, size, None), &mut self.exit);
    }

    /// A campaign's screen from its save, after one of its battles.
    pub(crate) fn campaign_saved(&mut self, file: &str, save: &std::path::Path) {
        let size = self.size();
        let save = save.to_string_lossy().to_string();
        reopen(
            |w| w.another_campaign(file, size, Some(&save)),
            &mut self.exit,
        );
    }
}

/// The interface's own controls: they change the settings at once (and are kept).
fn setting(c: Control, settings: &mut Settings) {
    use crate::client::theme::settings::Relief;
    match c {
        Control::Mode(m) => settings.who_plays = m,
        Control::Opponent(o) => settings.opponent = o,
        Control::UiScale(dir) => settings.step(dir),
        Control::ColourBlind => settings.colour_blind = !settings.colour_blind,
        Control::Volume(dir) => {
            settings.step_volume(dir);
            // A step up from silence is a step towards hearing it.
            if dir > 0 {
                settings.muted = false;
            }
        }
        Control::Mute => settings.muted = !settings.muted,
        Control::Relief => {
            settings.relief = match settings.relief {
                Relief::Bands => Relief::Shaded,
                Relief::Shaded => Relief::Bands,
            }
        }
        Control::ConfirmEndTurn => settings.confirm_end_turn = !settings.confirm_end_turn,
        _ => {}
    }
}

/// The rules' controls: an optional rule, the melee system or a Parameter Data value, in the
/// draft the game starts under.
fn rule_control(c: Control, d: &mut Draft) {
    match c {
        Control::Rule(r) => toggle_rule(d, r),
        Control::MeleeSystem => {
            let all = crate::rules::params::MeleeSystemName::ALL;
            let i = all.iter().position(|m| *m == d.0.melee_system).unwrap_or(0);
            d.0.melee_system = all[(i + 1) % all.len()];
        }
        Control::Param(p, dir) => {
            let (v, step) = param(d, p);
            *v = if dir < 0 {
                v.saturating_sub(step).max(step)
            } else {
                *v + step
            };
        }
        _ => {}
    }
}

/// What Start needs: the players to seat, the rules to give as an order, the dialog to close.
#[derive(bevy::ecs::system::SystemParam)]
struct Starting<'w, 's> {
    commands: Commands<'w, 's>,
    dialog_q: Query<'w, 's, Entity, With<Dialog>>,
    table: Res<'w, Table>,
    orders: MessageWriter<'w, GiveOrder>,
    players: ResMut<'w, Players>,
    dialog: ResMut<'w, DialogOpen>,
    replaying: Option<Res<'w, crate::sim::Replaying>>,
}

impl Starting<'_, '_> {
    fn begin(&mut self, settings: &mut Settings, draft: Option<&Draft>) {
        // From now on the boot camp is offered after the battles, not before.
        settings.played = true;
        let computer = settings.opponent.brain();
        self.players.0 = match settings.who_plays {
            Mode::Hotseat => [None, None],
            Mode::Play(0) => [None, Some(computer)],
            Mode::Play(_) => [Some(computer), None],
            Mode::Watch => [Some(computer), Some(computer)],
        };
        // The chosen rules are an order: logged, saved and replayed like any other; a replay
        // keeps the rules it was played under.
        if let Some(d) =
            draft.filter(|d| d.0 != self.table.board.params && self.replaying.is_none())
        {
            self.orders.write(GiveOrder(Order::SetParameters {
                params: Box::new(d.0.clone()),
            }));
        }
        self.dialog.0 = false;
        for e in &self.dialog_q {
            self.commands.entity(e).despawn();
        }
    }
}

/// Opens the battle in `file` in a fresh game window and closes this one. The window's size,
/// optional rules and aids go with it (not the first battle's script). In the browser the page
/// reloads on its new address.
pub(crate) fn open_battle(file: &str, size: Option<(u32, u32)>, exit: &mut MessageWriter<AppExit>) {
    reopen(|w| w.another_battle(file, size), exit);
}

/// The game again with the options `argv` makes of these: the page's address in the browser,
/// a new process (and this window closed) on the desktop.
fn reopen(
    argv: impl Fn(&crate::cli::args::Window) -> Vec<String>,
    exit: &mut MessageWriter<AppExit>,
) {
    #[cfg(target_arch = "wasm32")]
    {
        let _ = &exit;
        if let Some(w) = web_sys::window() {
            let now = w.location().search().unwrap_or_default();
            let opened = crate::cli::parse(&crate::cli::args::from_query(&now))
                .map(|c| c.window)
                .unwrap_or_default();
            let _ = w
                .location()
                .set_search(&crate::cli::args::to_query(&argv(&opened)));
        }
    }
    #[cfg(not(target_arch = "wasm32"))]
    if let Ok(exe) = std::env::current_exe() {
        let args: Vec<String> = std::env::args().skip(1).collect();
        let opened = crate::cli::parse(&args)
            .map(|c| c.window)
            .unwrap_or_default();
        if std::process::Command::new(exe)
            .args(argv(&opened))
            .spawn()
            .is_ok()
        {
            exit.write(AppExit::Success);
        }
    }
}

/// Opens lesson `n` of the boot camp in a fresh window (a fresh page in the browser), as
/// `open_battle` opens a battle.
pub(crate) fn open_lesson(n: usize, size: Option<(u32, u32)>, exit: &mut MessageWriter<AppExit>) {
    reopen(|w| w.another_lesson(n, size), exit);
}

/// Whether two scenario paths name one file ("maps/x.ron" and "./maps/x.ron").
fn same_file(a: &str, b: &str) -> bool {
    let name = |p: &str| std::path::Path::new(p).file_name().map(|n| n.to_owned());
    name(a) == name(b)
}

fn labels(
    maps: Option<Res<ScenarioList>>,
    table: Res<Table>,
    draft: Option<ResMut<Draft>>,
    settings: Res<Settings>,
    mut texts: Query<(&Label, &mut Text)>,
    mut buttons: Query<(&Control, &mut Look)>,
) {
    let Some(mut draft) = draft else { return };
    if !draft.is_changed() && !settings.is_changed() {
        return;
    }
    for (l, mut t) in &mut texts {
        t.0 = match l.0 {
            Control::Rule(r) => format!(
                "{}: {}",
                crate::client::theme::words::RULES[r],
                if *rule(&mut draft, r) { "ON" } else { "off" }
            ),
            Control::Param(p, _) => format!("  {}: {}", PARAMS[p], *param(&mut draft, p).0),
            Control::MeleeSystem => format!(
                "{}: {}",
                draft.0.melee_system.name(),
                crate::rules::melee::named(draft.0.melee_system).description()
            ),
            Control::UiScale(_) => format!("  UI scale: {} %", settings.ui_scale),
            Control::ColourBlind => format!(
                "Colour-blind palette: {}",
                if settings.colour_blind { "ON" } else { "off" }
            ),
            Control::Relief => format!("Elevation: {}", settings.relief.name()),
            Control::Mute => format!("Sound: {}", if settings.muted { "off" } else { "ON" }),
            Control::Volume(_) => format!("  Volume: {} %", settings.volume.min(100)),
            Control::ConfirmEndTurn => format!(
                "End turn asks to confirm: {}",
                if settings.confirm_end_turn {
                    "ON"
                } else {
                    "off"
                }
            ),
            Control::TestFold => "Test fields (for checking the rules) ▸".to_string(),
            _ => continue,
        };
    }
    for (c, mut look) in &mut buttons {
        let on = match *c {
            Control::Mode(m) => m == settings.who_plays,
            Control::Opponent(o) => o == settings.opponent,
            Control::Rule(r) => *rule(&mut draft, r),
            Control::ColourBlind => settings.colour_blind,
            Control::ConfirmEndTurn => settings.confirm_end_turn,
            Control::Mute => !settings.muted,
            // The scenario being set up.
            Control::Scenario(i) => maps
                .as_ref()
                .and_then(|m| m.0.get(i))
                .is_some_and(|m| same_file(&m.path, &table.start.file)),
            _ => false,
        };
        crate::client::theme::interaction::set(&mut look, if on { Look::Lit } else { Look::Plain });
    }
}

/// The mouse wheel, or a finger dragged up or down, scrolls the dialog.
fn scroll(
    mut wheel: MessageReader<bevy::input::mouse::MouseWheel>,
    touches: Res<Touches>,
    mut q: Query<&mut ScrollPosition, With<DialogBody>>,
) {
    let mut dy: f32 = wheel
        .read()
        .map(|w| match w.unit {
            bevy::input::mouse::MouseScrollUnit::Line => -w.y * 24.0,
            bevy::input::mouse::MouseScrollUnit::Pixel => -w.y,
        })
        .sum();
    dy -= touches.iter().map(|t| t.delta().y).sum::<f32>();
    if dy == 0.0 {
        return;
    }
    for mut p in &mut q {
        p.0.y = (p.0.y + dy).max(0.0);
    }
}
