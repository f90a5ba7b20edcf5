//! The editor's tool palette (left) and file bar (top): pick what a press on the map paints
//! or places; undo, redo, save and play-test, by button or key (Ctrl+Z, Ctrl+Y, Ctrl+S, F5).

use bevy::prelude::*;

use super::{Editing, EditorState, SpawnPlayTest, Tool};
use crate::client::theme::interaction::{self, Look, Pressed};
use crate::client::theme::palette;
use crate::client::theme::widget::{self, Layout};
use crate::rules::map::{Road, SideFeature, Terrain};
use crate::rules::unit::UnitKind;

/// A value the panel shows and changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Property {
    UnitName,
    UnitSide,
    UnitBrigade,
    UnitKind,
    UnitFormation,
    UnitFacing,
    UnitMen,
    UnitGuns,
    UnitWeapon,
    UnitQuality,
    UnitFatigue,
    UnitArrives,
    UnitDisrupted,
    UnitRouted,
    UnitAmmo,
    UnitCrew,
    /// Fixed (may not move) until this turn.
    UnitFixed,
    /// Cavalry: light, heavy or lancers (§15.4).
    UnitCavalry,
    /// Leaders: brigade, division, corps or army (§15.1).
    UnitCommand,
    ObjectiveName,
    ObjectivePoints,
    /// Who holds it at the start (D-obj-1).
    ObjectiveOwner,
    /// The picked place name's name, kind and rank.
    LabelName,
    LabelKind,
    LabelRank,
    Name,
    Turns,
    Start,
    FirstSide,
    /// major defeat, minor defeat, minor victory, major victory.
    Victory(u8),
    Seed,
    SideName(u8),
    SideEdge(u8),
    SideColour(u8),
    BrigadeName(u16),
    BrigadeSide(u16),
    Rule(u8),
    Param(u8),
    /// The melee system (§15.0, D-sys-1).
    MeleeSystem,
    /// Who attacks in the battle.
    Action,
    /// A field of the commander's intent's order with this index.
    Order(u16, crate::editor::intent::OrderField),
}

/// The text of a field on the inspector, kept current by the inspector.
#[derive(Component)]
pub struct FieldLabel(pub Property);

/// What an editor button does.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub enum Act {
    Tool(Tool),
    /// The side new units are placed for.
    Side(u8),
    Undo,
    Redo,
    Save,
    PlayTest,
    /// Shares the scenario on a server (`PublishTo`), once it has no fault.
    Publish,
    /// Starts typing into a name field.
    Type(Property),
    /// Steps a field by this much (or cycles it).
    Step(Property, i32),
    DeleteUnit,
    DeleteObjective,
    DeleteLabel,
    /// Drops what is picked: the panel shows the scenario's settings.
    Deselect,
    AddBrigade(u8),
    /// A new order of the commander's intent for this side.
    AddOrder(u8),
    DeleteOrder(u16),
    /// Shows the fault with this index: the view goes to its hex and picks its unit.
    Fault(usize),
}

/// A play-test was asked for: the saved file to play.
#[derive(Message, Debug, Clone, PartialEq)]
pub struct PlayTestRequested(pub String);

/// The left palette and the top bar (the map's names keep off them).
#[derive(Component)]
#[require(crate::client::theme::regions::Furniture)]
pub struct Panel;

/// A button's caption that shows the editor's state (the file bar's labels).
#[derive(Component)]
struct FileLabel;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<PlayTestRequested>()
        .add_systems(Startup, spawn)
        .add_observer(press)
        .add_systems(
            Update,
            (
                keys,
                file_label,
                mark_tool,
                play_test,
                crate::client::theme::regions::wheel_scrolls::<Panel>,
            ),
        );
}

/// The editor's button: compact enough that every tool shows at 1024×768 without scrolling,
/// its lines side by side.
pub(super) fn button(act: Act) -> impl Bundle {
    let node = Node::default()
        .margin(UiRect::all(Val::Px(1.5)))
        .pad(UiRect::axes(Val::Px(6.0), Val::Px(3.0)))
        .border(UiRect::all(Val::Px(1.0)))
        .min_size(32.0, 32.0)
        .centred();
    widget::button_in(act, node)
}

pub(super) fn text(t: impl Into<String>, size: f32) -> impl Bundle {
    palette::text(t, size)
}

fn tools() -> Vec<(&'static str, Vec<(Tool, String)>)> {
    vec![
        (
            "Terrain",
            Terrain::ALL
                .iter()
                .map(|t| (Tool::Terrain(*t), t.name().to_string()))
                .collect(),
        ),
        (
            "Elevation (map steps: 20 ft each, or its feet_per_level)",
            (0..=9u8)
                .map(|l| (Tool::Elevation(l), l.to_string()))
                .collect(),
        ),
        (
            "Hexsides (press again: off)",
            SideFeature::ALL
                .iter()
                .map(|f| (Tool::Hexside(*f), f.name().to_string()))
                .collect(),
        ),
        (
            "Roads (drag hex to hex)",
            Road::ALL
                .iter()
                .map(|r| (Tool::Road(*r), r.name().to_string()))
                .chain([(Tool::EraseRoad, "erase".to_string())])
                .collect(),
        ),
        (
            "Places",
            vec![
                (Tool::Bridge, "full-hex bridge".into()),
                (Tool::Objective, "objective".into()),
                (Tool::Supply, "supply source".into()),
                (Tool::PlaceName, "place name".into()),
            ],
        ),
        (
            "Units",
            vec![
                (Tool::Select, "pick / drag".into()),
                (Tool::Place(UnitKind::Infantry), "+ infantry".into()),
                (Tool::Place(UnitKind::Cavalry), "+ cavalry".into()),
                (Tool::Place(UnitKind::Artillery), "+ battery".into()),
                (Tool::Place(UnitKind::Supply), "+ wagon".into()),
                (Tool::Place(UnitKind::Leader), "+ leader".into()),
                (Tool::Pan, "pan view".into()),
            ],
        ),
    ]
}

fn spawn(mut commands: Commands, editing: Res<Editing>) {
    commands
        .spawn((
            Panel,
            widget::side_panel(
                widget::pinned()
                    .right(Val::Px(0.0))
                    .pad(UiRect::all(Val::Px(3.0)))
                    .wrapping()
                    .middle(),
                5,
            ),
        ))
        .with_children(|bar| {
            for (act, label) in [
                (Act::Undo, "Undo (Ctrl+Z)"),
                (Act::Redo, "Redo (Ctrl+Y)"),
                (Act::Save, "Save (Ctrl+S)"),
                (Act::PlayTest, "Play-test (F5)"),
                (Act::Publish, "Publish"),
            ] {
                bar.spawn(button(act)).with_children(|b| {
                    b.spawn(text(label, 14.0));
                });
            }
            bar.spawn((FileLabel, text(editing.0.path.clone(), 14.0)));
        });
    commands
        .spawn((
            Panel,
            // Between the file bar and the fault line, scrolling if the window is short.
            widget::side_panel(
                widget::floating()
                    .top(Val::Px(48.0))
                    .bottom(Val::Px(34.0))
                    .left(Val::Px(0.0))
                    .width(Val::Px(232.0))
                    .scrolls()
                    .pad(UiRect::all(Val::Px(4.0))),
                5,
            ),
            ScrollPosition::default(),
        ))
        .with_children(|p| {
            for (title, group) in tools() {
                p.spawn(text(title, 13.0));
                p.spawn(widget::wrap()).with_children(|row| {
                    for (tool, label) in group {
                        row.spawn(button(Act::Tool(tool))).with_children(|b| {
                            b.spawn(text(label, 12.0));
                        });
                    }
                });
            }
            p.spawn(text("New units join", 13.0));
            p.spawn(widget::wrap()).with_children(|row| {
                for side in 0..2u8 {
                    let name = editing
                        .0
                        .file
                        .sides
                        .get(side as usize)
                        .map_or(String::new(), |s| s.name.clone());
                    row.spawn(button(Act::Side(side))).with_children(|b| {
                        b.spawn(text(name, 12.0));
                    });
                }
            });
        });
}

/// Undo, redo, save, play-test: what the buttons and the keys share.
pub(super) fn file_act(
    act: Act,
    editing: &mut Editing,
    state: &mut EditorState,
    play: &mut MessageWriter<PlayTestRequested>,
) {
    let doc = &mut editing.0;
    match act {
        Act::Undo => {
            state.status = if doc.undo() {
                "undone"
            } else {
                "nothing to undo"
            }
            .into()
        }
        Act::Redo => {
            state.status = if doc.redo() {
                "redone"
            } else {
                "nothing to redo"
            }
            .into()
        }
        Act::Save => {
            state.status = match doc.save() {
                Ok(()) => format!("saved {}", doc.path),
                Err(e) => e,
            }
        }
        Act::PlayTest => {
            let faults = doc.check().1;
            if let Some(f) = faults.first() {
                state.status = format!(
                    "mend the faults before a play-test ({} left; first: {})",
                    faults.len(),
                    f.error.message
                );
                return;
            }
            match doc.save() {
                Ok(()) => {
                    state.status = format!("saved {}; play-testing it", doc.path);
                    play.write(PlayTestRequested(doc.path.clone()));
                }
                Err(e) => state.status = e,
            }
        }
        _ => {}
    }
}

/// Publish: the scenario saved and shared on the server, once it has no fault; what the
/// server said, in the status line.
fn publish_now(editing: &mut Editing, to: &super::PublishTo) -> String {
    let doc = &mut editing.0;
    let faults = doc.check().1;
    if let Some(f) = faults.first() {
        return format!(
            "mend the faults before publishing ({} left; first: {})",
            faults.len(),
            f.error.message
        );
    }
    if let Err(e) = doc.save() {
        return e;
    }
    let file = std::path::Path::new(&doc.path)
        .file_name()
        .map_or("scenario.ron".into(), |n| n.to_string_lossy().to_string());
    #[cfg(not(target_arch = "wasm32"))]
    {
        let seat = crate::remote::Seat::new(&to.server, None);
        match seat.share(&to.author, &file, &doc.text()) {
            Ok(s) => format!(
                "published \"{}\" on {} as {} (id {})",
                s.name, to.server, s.author, s.id
            ),
            Err(e) => format!("the server did not take it: {e}"),
        }
    }
    #[cfg(target_arch = "wasm32")]
    {
        let _ = (to, file);
        "publish from the desktop editor (`bayonet edit FILE --server URL`)".into()
    }
}

fn press(
    pressed: On<Pressed>,
    q: Query<&Act>,
    mut editing: ResMut<Editing>,
    mut state: ResMut<EditorState>,
    mut play: MessageWriter<PlayTestRequested>,
    publish: Option<Res<super::PublishTo>>,
) {
    match q.get(pressed.entity) {
        Ok(Act::Tool(t)) => {
            state.tool = *t;
            state.status = format!("tool: {t:?}");
        }
        Ok(Act::Side(s)) => state.side = *s,
        Ok(act @ (Act::Undo | Act::Redo | Act::Save | Act::PlayTest)) => {
            file_act(*act, &mut editing, &mut state, &mut play)
        }
        Ok(Act::Publish) => {
            if let Some(to) = publish.as_deref() {
                state.status = publish_now(&mut editing, to);
            }
        }
        _ => {}
    }
}

fn keys(
    input: Res<ButtonInput<KeyCode>>,
    mut editing: ResMut<Editing>,
    mut state: ResMut<EditorState>,
    mut play: MessageWriter<PlayTestRequested>,
) {
    if state.typing.is_some() {
        return;
    }
    let ctrl = input.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    let shift = input.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    let act = if ctrl && input.just_pressed(KeyCode::KeyZ) {
        Some(if shift { Act::Redo } else { Act::Undo })
    } else if ctrl && input.just_pressed(KeyCode::KeyY) {
        Some(Act::Redo)
    } else if ctrl && input.just_pressed(KeyCode::KeyS) {
        Some(Act::Save)
    } else if input.just_pressed(KeyCode::F5) {
        Some(Act::PlayTest)
    } else {
        None
    };
    if let Some(a) = act {
        file_act(a, &mut editing, &mut state, &mut play);
    }
}

fn file_label(
    editing: Res<Editing>,
    state: Res<EditorState>,
    mut q: Query<&mut Text, With<FileLabel>>,
) {
    if !editing.is_changed() && !state.is_changed() {
        return;
    }
    let doc = &editing.0;
    let line = format!(
        "{}{}  |  {}",
        doc.path,
        if doc.dirty { " (modified)" } else { "" },
        state.status
    );
    for mut t in &mut q {
        if t.0 != line {
            t.0 = line.clone();
        }
    }
}

/// The chosen tool and side stand out.
fn mark_tool(state: Res<EditorState>, mut q: Query<(&Act, &mut Look)>) {
    if !state.is_changed() {
        return;
    }
    for (act, mut look) in &mut q {
        let on = match act {
            Act::Tool(t) => *t == state.tool,
            Act::Side(s) => *s == state.side,
            _ => continue,
        };
        interaction::set(&mut look, if on { Look::Lit } else { Look::Plain });
    }
}

/// A play-test opens the saved scenario in a game window of its own; the editor stays open.
fn play_test(mut asked: MessageReader<PlayTestRequested>, spawn: Res<SpawnPlayTest>) {
    for PlayTestRequested(path) in asked.read() {
        if !spawn.0 {
            continue;
        }
        #[cfg(not(target_arch = "wasm32"))]
        if let Ok(exe) = std::env::current_exe() {
            let _ = std::process::Command::new(exe)
                .args(["--scenario", path])
                .spawn();
        }
        #[cfg(target_arch = "wasm32")]
        let _ = path;
    }
}
