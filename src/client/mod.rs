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
pub mod theme;
pub mod trace;

use counters::counter;
use dialogs::{end_screen, hand_over, help, online_dialog, saving, start};
use input::{command, melee_drag, next_unit, odds_work, pointer};
use lesson::{lesson_marks, panel};
use map::{camera, hex_grid, hexsides, layout, mini_map, tiles};
use marks::{
    aid_marks, brigade_preview, command_radius, highlights, melee_marks, place_names, reach_marks,
    reinforcement_marks, sight_tool, threat_overlay,
};
use online::{line, seat};
use panels::{aids, aim_box, arrival_card, hud, order_of_battle, toolbar, tooltip, unit_strip};
use probe::{screen_trace, screenshot, script};
use replay::{playback, show_controls, watch};
use reports::{after_action_view, report, results_card, score_news, victory_panel};
use theme::{fit_window, font, palette, regions, settings};

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

/// The client plugins, for an app that already has the simulation.
pub fn plugin(app: &mut App) {
    app.add_plugins(input_plugin).add_plugins((
        tiles::plugin,
        hex_grid::plugin,
        hexsides::plugin,
        counter::plugin,
        place_names::plugin,
        hud::plugin,
        (melee_marks::plugin, lesson_marks::plugin),
        (reach_marks::plugin, reinforcement_marks::plugin),
        aid_marks::plugin,
        mini_map::plugin,
        screenshot::plugin,
        screen_trace::plugin,
    ));
}

/// The client's own per-frame work without the renderer: input, highlights' state, counters
/// and panels (what the client benchmark measures).
pub fn frame_plugin(app: &mut App) {
    app.add_plugins(input_plugin)
        .add_plugins((counter::plugin, place_names::plugin, hud::plugin));
}

/// Everything of the window but its drawing: input, panels, the log and its results cards, the
/// show of the other side's turn, replays and the counters (for tests of what a player sees
/// happen, without a renderer).
pub fn seen_plugin(app: &mut App) {
    app.add_plugins(input_plugin)
        .add_plugins((counter::plugin, reinforcement_marks::plugin));
}

/// The after-action report's view.
fn report_view_plugin(app: &mut App) {
    app.add_plugins(after_action_view::plugin);
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

/// The part of the client that turns input into orders, with nothing to draw: what the
/// headless input tests run.
pub fn input_plugin(app: &mut App) {
    use crate::sim::SimSet;
    app.configure_sets(
        Update,
        (Frame::Pointer, Frame::Commands)
            .chain()
            .before(SimSet::Orders),
    )
    .configure_sets(Update, Frame::AfterGame.after(SimSet::Index));
    app.add_plugins((
        settings::plugin,
        regions::plugin,
        layout::plugin,
        camera::plugin,
        pointer::plugin,
        odds_work::plugin,
        melee_drag::plugin,
        command::plugin,
        toolbar::plugin,
        start::plugin,
        saving::plugin,
    ))
    .add_plugins((
        aids::plugin,
        (
            highlights::plugin,
            command_radius::plugin,
            next_unit::plugin,
            brigade_preview::plugin,
        ),
        sight_tool::plugin,
        threat_overlay::plugin,
        order_of_battle::plugin,
        seat::plugin,
        online_dialog::plugin,
        tooltip::plugin,
        help::plugin,
        playback::plugin,
        show_controls::plugin,
        watch::plugin,
        report_view_plugin,
        seen::plugin,
        hand_over::plugin,
    ))
    .add_plugins((
        aim_box::plugin,
        unit_strip::plugin,
        victory_panel::plugin,
        end_screen::plugin,
        arrival_card::plugin,
        panel::plugin,
        // The log and the score's news are words, not drawing: the lessons read them (the
        // first battle's news, the refill's line) in the window-less tests too.
        (report::plugin, score_news::plugin, results_card::plugin),
    ));
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
/// whose Start would set the rules the replay was played under.
pub fn preset_players(
    players: Option<[Option<crate::sim::Brain>; 2]>,
    screenshot: bool,
    script: &StartupOrders,
) -> Option<[Option<crate::sim::Brain>; 2]> {
    players
        .or((script.watch).then_some([None, None]))
        .or((screenshot && !script.dialog).then_some([None, None]))
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
    if let Some(p) = preset_players(players, screenshot.is_some(), &script) {
        app.insert_resource(gate::PresetPlayers(p));
    }
    if let Some(path) = screenshot {
        // A lesson walked through its steps (a window test) is shot once it has walked them.
        let walked = script
            .lesson
            .filter(|_| std::env::var_os(panel::WALK).is_some())
            .and_then(|n| crate::lesson::open(n).ok())
            .map_or(0, |(s, _)| 8 + panel::WALK_FRAMES * s.steps.len() as u32);
        app.insert_resource(ScreenshotRequest {
            path,
            after_frames: walked.max(30),
        });
    }
    if let Some((seat, line, state)) = joined {
        seat::join(&mut app, seat, line, state);
    }
    let watch = script.watch;
    if let Some(n) = script.lesson {
        panel::install(&mut app, n);
        app.insert_resource(camera::FitWhole);
    }
    app.insert_resource(script).add_plugins(plugin);
    if let (true, Some(s)) = (watch, from) {
        app.world_mut()
            .write_message(watch::Watch::Save(Box::new(s)));
    }
    match app.run() {
        AppExit::Success => 0,
        AppExit::Error(code) => code.get() as i32,
    }
}
