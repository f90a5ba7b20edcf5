//! The game window: the map, counters, panels and input. It only writes orders and reads state
//! and outcome messages (DESIGN.md).

pub mod counters;
pub mod dialogs;
pub mod editor;
pub mod gate;
pub mod input;
pub mod lesson;
pub mod map;
pub mod marks;
pub mod online;
pub mod panels;
pub mod probe;
pub mod replay;
pub mod reports;
pub mod seen;
pub mod sound;
pub mod theme;
pub mod trace;

use dialogs::saving;
use lesson::panel;
use map::camera;
use online::{line, seat};
use probe::{screenshot, script};
use replay::watch;
use theme::{fit_window, font, palette, settings};

use bevy::prelude::*;
use bevy::window::WindowResolution;
use bevy_ecs_tilemap::TilemapPlugin;

use crate::rules::scenario::Scenario;
use crate::sim::SimPlugin;

pub use screenshot::ScreenshotRequest;
pub use script::StartupOrders;

/// Draw order on the map, bottom to top.
pub mod z {
    pub const GRID: f32 = 0.5;
    pub const CONTOUR: f32 = 1.0;
    pub const HEXSIDE: f32 = 2.0;
    pub const ROAD: f32 = 3.0;
    pub const BRIDGE: f32 = 4.0;
    pub const OBJECTIVE: f32 = 5.0;
    pub const HIGHLIGHT: f32 = 6.0;
    pub const COUNTER: f32 = 10.0;
}

/// The parts of a frame the client's systems run in, around the game's: the pointer and the
/// gestures, then what they command (orders given), then the game carries them out, then
/// whatever follows the game (the selection, the range, the show, the counters). Fixed here, so
/// that a tap's order is carried out in the frame it is made, whatever order the scheduler
/// would pick.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Frame {
    Pointer,
    Commands,
    AfterGame,
}

/// Present in an app that draws (a window with a renderer): each room adds its drawing too.
#[derive(Resource, Debug, Default)]
pub struct Drawing;

/// Whether `app` draws (`ClientPlugin { drawing: true }`).
pub fn draws(app: &App) -> bool {
    app.world().contains_resource::<Drawing>()
}

/// The window, for an app that already has the simulation: every room's plugin, with the
/// renderer's drawing or without it (the headless tests and the client benchmark: input,
/// panels, the log and its cards, the show of the other side's turn, replays, the counters
/// and the lesson, all but what only a renderer needs).
#[derive(Debug, Clone, Copy)]
pub struct ClientPlugin {
    pub drawing: bool,
}

impl Plugin for ClientPlugin {
    fn build(&self, app: &mut App) {
        use crate::sim::SimSet;
        if self.drawing {
            app.init_resource::<Drawing>();
        }
        app.configure_sets(
            Update,
            (Frame::Pointer, Frame::Commands)
                .chain()
                .before(SimSet::Orders),
        )
        .configure_sets(Update, Frame::AfterGame.after(SimSet::Index));
        app.add_plugins((
            theme::plugin,
            map::plugin,
            counters::plugin,
            input::plugin,
            marks::plugin,
            panels::plugin,
            reports::plugin,
            dialogs::plugin,
            replay::plugin,
            online::plugin,
            lesson::plugin,
            probe::plugin,
            seen::plugin,
            sound::plugin,
        ));
    }
}

/// The window without its drawing (`ClientPlugin { drawing: false }`), as a plugin function
/// for the window-less apps of the tests and benchmarks.
pub fn headless(app: &mut App) {
    app.add_plugins(ClientPlugin { drawing: false });
}

/// A window-less game with `plugins` of the client on top, a 1280×800 primary window entity
/// and the map camera at the origin: for input tests and benchmarks without a renderer.
pub fn windowless_app(scenario: Scenario, plugins: fn(&mut App)) -> App {
    windowless_app_with(scenario, plugins, settings::SettingsFile(None))
}

/// `windowless_app` with the interface settings read from and written to `settings` (tests
/// never touch the player's own).
pub fn windowless_app_with(
    scenario: Scenario,
    plugins: fn(&mut App),
    settings: settings::SettingsFile,
) -> App {
    windowless_base(scenario, settings, |app| {
        app.insert_resource(gate::PresetPlayers([None, None]))
            .add_plugins(plugins);
    })
}

/// The simulation of `scenario` with a window entity and no renderer, `setup` on top.
pub(crate) fn windowless_base(
    scenario: Scenario,
    settings: settings::SettingsFile,
    setup: impl FnOnce(&mut App),
) -> App {
    let mut app = App::new();
    app.insert_resource(settings);
    app.add_plugins((
        MinimalPlugins,
        bevy::state::app::StatesPlugin,
        bevy::input::InputPlugin,
        WindowPlugin {
            primary_window: Some(Window {
                resolution: WindowResolution::new(1280, 800),
                ..default()
            }),
            ..default()
        },
    ))
    .add_plugins(SimPlugin::new(scenario));
    setup(&mut app);
    // One system after another, in one fixed order run after run: tests of input must not
    // depend on how threads happened to interleave.
    crate::sim::single_threaded(&mut app);
    app.world_mut().spawn((
        camera::MapCamera,
        Transform::default(),
        Projection::Orthographic(OrthographicProjection::default_2d()),
    ));
    app
}

/// Opens the window on `scenario`; with `screenshot`, saves one frame there and exits.
pub fn run(
    scenario: Scenario,
    screenshot: Option<String>,
    script: StartupOrders,
    from: Option<crate::sim::save::SaveGame>,
    players: Option<[Option<crate::sim::Brain>; 2]>,
) -> i32 {
    run_seat(scenario, screenshot, script, from, players, None)
}

/// Who plays without the start dialog: as the command line chose; a screenshot at a hotseat
/// (unless it asks for the dialog); a replay, watched (`bayonet watch`), with no dialog at all,
/// whose Start would set the rules the replay was played under; a finished game's save
/// (`finished`), nobody — its end screen over its final map, not over the library (issue 76,
/// item 13).
pub fn preset_players(
    players: Option<[Option<crate::sim::Brain>; 2]>,
    screenshot: bool,
    script: &StartupOrders,
    finished: bool,
) -> Option<[Option<crate::sim::Brain>; 2]> {
    players
        .or((script.watch || finished).then_some([None, None]))
        .or((screenshot && !script.dialog).then_some([None, None]))
}

/// A battle opened from the command line: who plays, from `computer` (a side, both or none,
/// with a level; without one, `opponent`); a new one (`fresh`, not a save's) without the start
/// dialog starts from the dialog's own rules (`dialogs::start::new_game_rules`, issue 76, item
/// 18), then `--rules`' on top. With no `computer` the dialog sets the rules at its Start.
pub fn new_battle(
    s: &mut Scenario,
    fresh: bool,
    computer: Option<&str>,
    rules: Option<&str>,
    opponent: crate::sim::Opponent,
) -> Result<Option<[Option<crate::sim::Brain>; 2]>, String> {
    let players = computer
        .map(|c| crate::sim::ai_player::players_for(s, c, opponent))
        .transpose()
        .map_err(|e| format!("--computer: {e}"))?;
    if !fresh {
        return Ok(players);
    }
    if players.is_some() {
        dialogs::start::new_game_rules(&mut s.params);
    }
    if let Some(r) = rules {
        s.params
            .optional
            .enable(r)
            .map_err(|e| format!("--rules: {e}"))?;
    }
    Ok(players)
}

/// A seat at a game on a referee server: the seat, its line, and the state it joined.
pub type Joined = (seat::Online, line::Line, seat::Arrival);

/// `run`, or with `joined`, the window of a seat at a server's game.
pub fn run_seat(
    scenario: Scenario,
    screenshot: Option<String>,
    script: StartupOrders,
    from: Option<crate::sim::save::SaveGame>,
    players: Option<[Option<crate::sim::Brain>; 2]>,
    joined: Option<Joined>,
) -> i32 {
    let title = format!("Bayonet — {}", scenario.name);
    let (w, h) = script.size.unwrap_or((1280, 800));
    let mut app = App::new();
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title,
                    resolution: WindowResolution::new(w, h),
                    // In the browser: the page's canvas, as large as the page, which takes
                    // every gesture (no browser scroll, zoom or text selection).
                    canvas: Some("#bayonet".into()),
                    fit_canvas_to_parent: true,
                    prevent_default_event_handling: true,
                    ..default()
                }),
                ..default()
            })
            .set(ImagePlugin::default_nearest()),
    )
    .add_plugins(TilemapPlugin)
    .add_plugins(font::plugin)
    .add_plugins(SimPlugin {
        scenario,
        seed: from.as_ref().map(|s| s.seed),
    })
    .insert_resource(ClearColor(palette::BACKGROUND));
    if let Some(s) = &from {
        crate::sim::save::restore(app.world_mut(), &s.snapshot, &s.orders);
    }
    app.add_plugins(fit_window::plugin);
    if script.size.is_none() && screenshot.is_none() && !cfg!(target_arch = "wasm32") {
        app.insert_resource(fit_window::FitToScreen);
    }
    app.insert_resource(saving::SaveDir::for_run(screenshot.is_some()));
    // The computer plans off the frame: the window keeps answering while it thinks.
    app.insert_resource(crate::sim::OffFrame);
    let finished = from.as_ref().is_some_and(|s| s.snapshot.over);
    if let Some(p) = preset_players(players, screenshot.is_some(), &script, finished) {
        app.insert_resource(gate::PresetPlayers(p));
    }
    let screenshot_shot = screenshot.clone();
    if let Some(path) = screenshot {
        // A lesson walked through its steps (a window test) is shot once it has walked them.
        let walked = script
            .lesson
            .filter(|_| std::env::var_os(panel::WALK).is_some())
            .and_then(|n| crate::lesson::open(n).ok())
            .map_or(0, |(s, _)| 8 + panel::WALK_FRAMES * s.steps.len() as u32);
        app.insert_resource(if walked > 0 {
            ScreenshotRequest::after(path, walked)
        } else {
            ScreenshotRequest::when_still(path, 30)
        });
        if script.layout_only {
            app.insert_resource(screenshot::LayoutOnly);
        }
    }
    if let Some(c) = script.campaign.clone() {
        app.insert_resource(c);
    }
    if let Some((seat, line, state)) = joined {
        seat::join(&mut app, seat, line, state);
    }
    let watch = script.watch;
    if let Some(n) = script.lesson {
        panel::install(&mut app, n);
        app.insert_resource(camera::FitWhole);
    }
    // Heard in a game a person plays; never in a window a test drives for its screenshot.
    if screenshot_shot.is_none() && !sound::output::switched_off() {
        app.insert_resource(sound::output::Output::open());
    }
    app.insert_resource(script)
        .add_plugins(ClientPlugin { drawing: true });
    if let (true, Some(s)) = (watch, from) {
        app.world_mut()
            .write_message(watch::Watch::Save(Box::new(s)));
    }
    match app.run() {
        AppExit::Success => 0,
        AppExit::Error(code) => code.get() as i32,
    }
}
