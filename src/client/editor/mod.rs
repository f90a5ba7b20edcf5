//! The scenario editor: a mode of the game window (`bayonet edit [FILE]`) that paints the map,
//! builds the order of battle and sets the scenario's rules with mouse or touch, shows every
//! fault as `bayonet check` finds it, undoes and redoes, saves RON and play-tests.

mod fault_list;
mod inspector;
mod orders;
mod painting;
mod tools;
mod view;

use bevy::prelude::*;
use bevy::window::WindowResolution;
use bevy_ecs_tilemap::TilemapPlugin;

use crate::editor::Document;
use crate::rules::map::{Road, SideFeature, Terrain};
use crate::rules::scenario::{At, Fault};
use crate::rules::unit::UnitKind;
use crate::sim::SimPlugin;

pub use inspector::{FieldLabel, Property, applies};
pub use tools::{Act, PlayTestRequested};

/// The scenario being edited.
#[derive(Resource, Debug, Clone)]
pub struct Editing(pub Document);

/// What a press on the map does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tool {
    Terrain(Terrain),
    Elevation(u8),
    Hexside(SideFeature),
    Road(Road),
    EraseRoad,
    Bridge,
    Objective,
    Supply,
    /// A place name: a press on a hex without one begins one (or, with one picked, letters it
    /// on along that hex); a press on a name's hex picks it.
    PlaceName,
    /// Places a new unit of this kind for the chosen side.
    Place(UnitKind),
    /// Picks a unit (again: the next in the stack); drags it to another hex.
    Select,
    /// One-finger drags move the view (touch screens have no right button).
    Pan,
}

/// The editor's state apart from the document: the tool, the side new units join, what is
/// picked, what is being typed, the faults and the last message.
#[derive(Resource, Debug, Clone)]
pub struct EditorState {
    pub tool: Tool,
    pub side: u8,
    pub unit: Option<u32>,
    pub objective: Option<At>,
    /// The picked place name, by one of its hexes.
    pub label: Option<At>,
    /// A name being typed: the field and the text so far.
    pub typing: Option<(Property, String)>,
    pub faults: Vec<Fault>,
    pub status: String,
}

impl Default for EditorState {
    fn default() -> Self {
        EditorState {
            tool: Tool::Select,
            side: 0,
            unit: None,
            objective: None,
            label: None,
            typing: None,
            faults: Vec::new(),
            status: String::new(),
        }
    }
}

/// Whether play-tests start a game window (tests check the request instead).
#[derive(Resource, Debug, Clone, Copy)]
pub struct SpawnPlayTest(pub bool);

/// The editor's input, panels and document handling, with nothing drawn by the renderer: what
/// the headless editor tests run.
pub fn input_plugin(app: &mut App) {
    // The play window's messages that shared parts write (settings' notices, scripted taps).
    app.add_message::<super::theme::notice::Notice>()
        .add_message::<super::input::command::HexTapped>();
    app.add_plugins((
        super::theme::settings::plugin,
        super::theme::interaction::plugin,
        super::map::layout::plugin,
        super::input::pointer::plugin,
        view::plugin,
        tools::plugin,
        painting::plugin,
        inspector::plugin,
        fault_list::plugin,
    ));
}

/// The whole editor in a window: its input and panels, and the map drawn as in play.
pub fn plugin(app: &mut App) {
    app.add_plugins(input_plugin).add_plugins((
        super::map::tiles::plugin,
        super::map::hexsides::plugin,
        super::counters::counter::plugin,
        super::marks::place_names::plugin,
        super::map::camera::plugin,
        super::probe::screenshot::plugin,
    ));
}

fn shown(doc: &Document) -> crate::rules::scenario::Scenario {
    // A document whose map cannot be built (never one the editor makes) opens as a new map of
    // its size, so that its faults can be read and mended.
    doc.check().0.unwrap_or_else(|| {
        Document::new(
            &doc.path,
            doc.file.map.width.max(2),
            doc.file.map.height.max(2),
        )
        .check()
        .0
        .expect("a new map always builds")
    })
}

/// A window-less editor on `doc`, with a 1280×800 primary window entity and the map camera at
/// the origin, for the headless input tests.
pub fn windowless(doc: Document) -> App {
    super::windowless_base(
        shown(&doc),
        super::theme::settings::SettingsFile(None),
        |app| {
            app.insert_resource(Editing(doc))
                .insert_resource(SpawnPlayTest(false))
                .add_plugins(input_plugin);
        },
    )
}

/// Opens the editor window on `doc`; with `screenshot`, saves one frame there and exits.
/// Where Publish shares the scenario, and under whose name (`bayonet edit --server --author`).
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct PublishTo {
    pub server: String,
    pub author: String,
}

pub fn run(
    doc: Document,
    screenshot: Option<String>,
    size: Option<(u32, u32)>,
    publish: PublishTo,
) -> i32 {
    let (w, h) = size.unwrap_or((1280, 800));
    let mut app = App::new();
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: format!("Bayonet editor — {}", doc.path),
                    resolution: WindowResolution::new(w, h),
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
    .add_plugins(super::theme::font::plugin)
    .add_plugins(SimPlugin::new(shown(&doc)))
    .insert_resource(ClearColor(super::theme::palette::BACKGROUND))
    .insert_resource(Editing(doc))
    .insert_resource(publish)
    .insert_resource(super::map::camera::OpenWhole)
    .insert_resource(SpawnPlayTest(screenshot.is_none()));
    if let Some(path) = screenshot {
        // The editor has no layout trace to tell when it is still: its 30th frame.
        app.insert_resource(super::ScreenshotRequest::after(path, 30));
    }
    app.add_plugins(plugin);
    match app.run() {
        AppExit::Success => 0,
        AppExit::Error(code) => code.get() as i32,
    }
}
