//! Presses and drags on the map, by mouse or one finger, become edits of the chosen tool:
//! terrain and elevation painted hex by hex, hexside features on the side nearest the
//! pointer, roads from hex to hex, places toggled, units placed, picked and dragged. A drag is
//! one undo step.

use bevy::input::touch::Touches;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use super::tools::Panel;
use super::{Editing, EditorState, Tool};
use crate::client::input::pointer::SelectedHex;
use crate::client::map::camera::MapCamera;
use crate::client::map::layout::{MapLayout, screen_to_world};
use crate::editor::Edit;
use crate::rules::hex::{Facing, Hex};
use crate::rules::map::Map;
use crate::rules::scenario::At;

/// A press in progress.
#[derive(Debug, Clone, Copy)]
struct Stroke {
    last_hex: Hex,
    last_side: Option<(Hex, Facing)>,
    last_screen: Vec2,
    /// For hexsides: whether this stroke puts the feature on or takes it off.
    on: bool,
    /// The unit being dragged, and the hex it was picked on.
    dragging: Option<(u32, Hex)>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, pointer);
}

fn at(map: &Map, h: Hex) -> At {
    let c = map.coord(h);
    (c.col, c.row)
}

/// The side of `hex` nearest a world point.
fn nearest_side(layout: &MapLayout, hex: Hex, world: Vec2) -> Facing {
    let d = world - layout.center(hex);
    Facing::ALL
        .into_iter()
        .max_by(|a, b| {
            let da = (layout.center(hex + a.step()) - layout.center(hex)).dot(d);
            let db = (layout.center(hex + b.step()) - layout.center(hex)).dot(d);
            da.total_cmp(&db)
        })
        .unwrap_or(Facing::N)
}

#[allow(clippy::type_complexity)]
fn pointer(
    (mouse, touches): (Res<ButtonInput<MouseButton>>, Res<Touches>),
    (window, mut cam): (
        Query<&Window, With<PrimaryWindow>>,
        Query<(&mut Transform, &Projection), With<MapCamera>>,
    ),
    // A button blocks the panel behind it from the pointer: both are asked.
    panels: Query<&Interaction, Or<(With<Panel>, With<super::Act>)>>,
    layout: Res<MapLayout>,
    // The document, the editor's state and the selected hex, which a stroke changes.
    (mut editing, mut state, mut selected): (
        ResMut<Editing>,
        ResMut<EditorState>,
        ResMut<SelectedHex>,
    ),
    table: Res<crate::sim::Table>,
    mut stroke: Local<Option<Stroke>>,
) {
    let Ok(w) = window.single() else { return };
    let fingers: Vec<_> = touches.iter().collect();
    let (pos, down, up) = pressed_at(&mouse, &touches, w);
    let held = mouse.pressed(MouseButton::Left) || fingers.len() == 1;
    if fingers.len() > 1 {
        *stroke = None;
        editing.bypass_change_detection().0.end_stroke();
        return;
    }
    let Some(pos) = pos else { return };
    let Ok((mut cam_t, proj)) = cam.single_mut() else {
        return;
    };
    let world = screen_to_world(w.size(), &cam_t, proj, pos);
    let hex = layout.hex_at(world);
    let map = Map::new(editing.0.file.map.width, editing.0.file.map.height);
    let on_map = map.contains(hex);

    if down {
        // A press on a panel is the panel's.
        if panels.iter().any(|i| *i != Interaction::None) || !on_map {
            return;
        }
        editing.0.begin_stroke();
        let mut s = Stroke {
            last_hex: hex,
            last_side: None,
            last_screen: pos,
            on: true,
            dragging: None,
        };
        start(
            &mut editing,
            &mut state,
            &mut selected,
            (&map, &table.start.map),
            &layout,
            (hex, world),
            &mut s,
        );
        *stroke = Some(s);
        return;
    }
    let Some(mut s) = *stroke else { return };
    if held && !up {
        if state.tool == Tool::Pan {
            let scale = match proj {
                Projection::Orthographic(o) => o.scale,
                _ => 1.0,
            };
            let d = pos - s.last_screen;
            cam_t.translation += Vec3::new(-d.x * scale, d.y * scale, 0.0);
        } else if on_map {
            drag(&mut editing, &mut state, &map, &layout, hex, world, &mut s);
        }
        s.last_screen = pos;
        *stroke = Some(s);
        return;
    }
    // Released: a dragged unit goes where it was let go.
    if let Some((id, from)) = s.dragging {
        if on_map && hex != from {
            if let Some(mut u) = editing.0.unit(id).cloned() {
                u.at = at(&map, hex);
                report(&mut state, editing.0.apply(Edit::Unit(u)));
                selected.0 = Some(hex);
            }
        }
    }
    editing.bypass_change_detection().0.end_stroke();
    *stroke = None;
}

/// Where the pointer is, and whether it went down or up this frame: the mouse, or the one
/// finger on the screen (two fingers pinch the view).
fn pressed_at(
    mouse: &ButtonInput<MouseButton>,
    touches: &Touches,
    w: &Window,
) -> (Option<Vec2>, bool, bool) {
    let fingers: Vec<_> = touches.iter().collect();
    if let [f] = fingers.as_slice() {
        (Some(f.position()), touches.just_pressed(f.id()), false)
    } else if touches.iter_just_released().next().is_some() && fingers.is_empty() {
        let f = touches.iter_just_released().next().unwrap();
        (Some(f.position()), false, true)
    } else {
        (
            w.cursor_position(),
            mouse.just_pressed(MouseButton::Left),
            mouse.just_released(MouseButton::Left),
        )
    }
}

fn report(state: &mut EditorState, r: Result<bool, String>) {
    if let Err(e) = r {
        state.status = e;
    }
}

fn start(
    editing: &mut Editing,
    state: &mut EditorState,
    selected: &mut SelectedHex,
    (map, shown): (&Map, &Map),
    layout: &MapLayout,
    // Where the stroke begins: the hex, and the world point in it.
    (hex, world): (Hex, Vec2),
    s: &mut Stroke,
) {
    let a = at(map, hex);
    let doc = &mut editing.0;
    let r = match state.tool {
        Tool::Terrain(terrain) => doc.apply(Edit::Terrain { at: a, terrain }),
        Tool::Elevation(level) => doc.apply(Edit::Elevation { at: a, level }),
        Tool::Hexside(feature) => {
            let side = nearest_side(layout, hex, world);
            s.last_side = Some((hex, side));
            // Pressed on a hexside that has it: this stroke takes it off. (The map shown is
            // the document as last checked: each edit is checked before the next press.)
            let has = shown.has_feature(hex, side, feature);
            s.on = !has;
            doc.apply(Edit::Hexside {
                at: a,
                side,
                feature,
                on: s.on,
            })
        }
        Tool::Road(_) | Tool::EraseRoad | Tool::Pan => Ok(false),
        Tool::Bridge => {
            let has = doc.file.map.bridges.iter().any(|b| b.hex == a);
            doc.apply(Edit::Bridge {
                at: a,
                strength: (!has).then_some(100),
            })
        }
        Tool::Objective => objective(doc, state, a),
        Tool::Supply => {
            let has = doc.file.map.supply_sources.contains(&a);
            doc.apply(Edit::SupplySource { at: a, on: !has })
        }
        Tool::PlaceName => place_name(doc, state, a),
        Tool::Place(kind) => {
            let u = doc.new_unit(state.side, kind, a);
            state.unit = Some(u.id);
            state.objective = None;
            state.label = None;
            selected.0 = Some(hex);
            doc.apply(Edit::Unit(u))
        }
        Tool::Select => {
            // Again on the picked unit's hex: the next unit of the stack.
            let after = state
                .unit
                .filter(|id| doc.unit(*id).is_some_and(|u| u.at == a));
            let picked = doc.unit_at(a, after);
            state.unit = picked;
            state.objective = None;
            state.label = None;
            selected.0 = Some(hex);
            s.dragging = picked.map(|id| (id, hex));
            Ok(false)
        }
    };
    report(state, r);
}

/// The place-name tool at `a`: a name's hex picks it (the picked one's own lets it go); with a
/// name picked, a bare hex letters it on along there; else a new name begins.
fn place_name(
    doc: &mut crate::editor::Document,
    state: &mut EditorState,
    a: At,
) -> Result<bool, String> {
    state.unit = None;
    state.objective = None;
    let labels = &doc.file.map.labels;
    let here = labels.iter().position(|l| l.hexes.contains(&a));
    let picked = state
        .label
        .and_then(|p| labels.iter().position(|l| l.hexes.contains(&p)));
    match (here, picked) {
        // A name's hex picks it (the picked one's own: lets it go).
        (Some(i), Some(j)) if i == j => {
            state.label = None;
            Ok(false)
        }
        (Some(_), _) => {
            state.label = Some(a);
            Ok(false)
        }
        // With a name picked, a bare hex letters it on along there.
        (None, Some(j)) => {
            let l = &labels[j];
            let named = Some((l.name.clone(), l.kind));
            doc.apply(Edit::Label {
                at: a,
                label: named,
            })
        }
        (None, None) => {
            let n = labels.len() + 1;
            state.label = Some(a);
            doc.apply(Edit::Label {
                at: a,
                label: Some((format!("Place {n}"), crate::rules::map::LabelKind::Town)),
            })
        }
    }
}

/// The objective tool at `a`: picks the objective there, or makes one.
fn objective(
    doc: &mut crate::editor::Document,
    state: &mut EditorState,
    a: At,
) -> Result<bool, String> {
    state.unit = None;
    state.label = None;
    state.objective = Some(a);
    if doc.file.map.objectives.iter().any(|o| o.hex == a) {
        Ok(false)
    } else {
        let n = doc.file.map.objectives.len() + 1;
        doc.apply(Edit::Objective {
            at: a,
            objective: Some((format!("Objective {n}"), 100)),
        })
    }
}

fn drag(
    editing: &mut Editing,
    state: &mut EditorState,
    map: &Map,
    layout: &MapLayout,
    hex: Hex,
    world: Vec2,
    s: &mut Stroke,
) {
    let a = at(map, hex);
    // A quick drag may skip hexes: paint the hexes between as well.
    let between: Vec<At> = s
        .last_hex
        .line_to(hex)
        .skip(1)
        .filter(|h| map.contains(*h))
        .map(|h| at(map, h))
        .collect();
    let r = match state.tool {
        Tool::Terrain(terrain) if hex != s.last_hex => between
            .into_iter()
            .map(|a| editing.0.apply(Edit::Terrain { at: a, terrain }))
            .collect::<Result<Vec<bool>, String>>()
            .map(|v| v.contains(&true)),
        Tool::Elevation(level) if hex != s.last_hex => between
            .into_iter()
            .map(|a| editing.0.apply(Edit::Elevation { at: a, level }))
            .collect::<Result<Vec<bool>, String>>()
            .map(|v| v.contains(&true)),
        Tool::Hexside(feature) => {
            let side = nearest_side(layout, hex, world);
            // Only once the pointer is well onto a side (not near the middle of the hex).
            let off = (world - layout.center(hex)).length();
            if s.last_side == Some((hex, side)) || off < 14.0 {
                Ok(false)
            } else {
                s.last_side = Some((hex, side));
                editing.0.apply(Edit::Hexside {
                    at: a,
                    side,
                    feature,
                    on: s.on,
                })
            }
        }
        Tool::Road(_) | Tool::EraseRoad if hex != s.last_hex => {
            let kind = match state.tool {
                Tool::Road(k) => Some(k),
                _ => None,
            };
            let from = at(map, s.last_hex);
            // A quick drag may skip a hex: the road follows the hexes between.
            let path: Vec<Hex> = s.last_hex.line_to(hex).collect();
            let mut r = Ok(false);
            let mut prev = from;
            for h in path.into_iter().skip(1) {
                let to = at(map, h);
                r = editing.0.apply(Edit::Road {
                    from: prev,
                    to,
                    kind,
                });
                prev = to;
            }
            r
        }
        _ => Ok(false),
    };
    s.last_hex = hex;
    report(state, r);
}
