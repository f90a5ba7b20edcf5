//! Every fault of the scenario as `bayonet check` reports it, live: listed at the bottom
//! (a press goes to the fault's hex and picks its unit) and ringed in red on the map.

use bevy::prelude::*;

use super::tools::{Act, Panel, button, text};
use super::{Editing, EditorState};
use crate::client::input::pointer::SelectedHex;
use crate::client::map::camera::MapCamera;
use crate::client::map::layout::{HEX_SIZE, MapLayout};
use crate::client::theme::interaction::Pressed;
use crate::client::theme::widget::{self, Layout};
use crate::client::z;
use crate::rules::map::{Coord, Map};

/// How many faults the list shows (the count says how many more).
const SHOWN: usize = 6;

#[derive(Component)]
struct FaultList;

#[derive(Component)]
struct FaultMark;

pub(super) fn plugin(app: &mut App) {
    app.add_observer(go).add_systems(Update, (list, marks));
}

fn list(
    mut commands: Commands,
    state: Res<EditorState>,
    old: Query<Entity, With<FaultList>>,
    mut was: Local<Option<Vec<String>>>,
) {
    let now: Vec<String> = state.faults.iter().map(|f| f.error.to_string()).collect();
    if was.as_ref() == Some(&now) {
        return;
    }
    *was = Some(now.clone());
    crate::client::theme::widget::clear(&mut commands, &old);
    commands
        .spawn((
            FaultList,
            Panel,
            widget::side_panel(
                widget::floating()
                    .bottom(Val::Px(0.0))
                    .left(Val::Px(240.0))
                    .right(Val::Px(300.0))
                    .pad(UiRect::all(Val::Px(4.0))),
                5,
            ),
        ))
        .with_children(|p| {
            if now.is_empty() {
                p.spawn(text(
                    "No faults: bayonet check passes; ready to play-test",
                    13.0,
                ));
                return;
            }
            p.spawn(text(
                format!(
                    "{} fault{} (bayonet check):",
                    now.len(),
                    if now.len() == 1 { "" } else { "s" }
                ),
                13.0,
            ));
            for (i, line) in now.iter().take(SHOWN).enumerate() {
                p.spawn(button(Act::Fault(i))).with_children(|b| {
                    b.spawn(text(line.clone(), 12.0));
                });
            }
        });
}

fn marks(
    mut commands: Commands,
    state: Res<EditorState>,
    editing: Res<Editing>,
    layout: Res<MapLayout>,
    old: Query<Entity, With<FaultMark>>,
) {
    if !state.is_changed() {
        return;
    }
    crate::client::theme::widget::clear(&mut commands, &old);
    let map = Map::new(editing.0.file.map.width, editing.0.file.map.height);
    for at in state.faults.iter().filter_map(|f| f.at) {
        let hex = map.hex_at(Coord {
            col: at.0,
            row: at.1,
        });
        if !map.contains(hex) {
            continue;
        }
        // A red ring round the hex, so that the unit or feature the fault is about still shows.
        let centre = layout.center(hex);
        for k in 0..6 {
            let a = k as f32 * std::f32::consts::FRAC_PI_3 + std::f32::consts::FRAC_PI_6;
            let mid = centre + Vec2::from_angle(a) * HEX_SIZE * 0.82;
            commands.spawn((
                FaultMark,
                Sprite::from_color(Color::srgb(0.95, 0.1, 0.1), Vec2::new(HEX_SIZE * 0.95, 4.0)),
                Transform {
                    translation: mid.extend(z::COUNTER + 6.0),
                    rotation: Quat::from_rotation_z(a + std::f32::consts::FRAC_PI_2),
                    ..default()
                },
            ));
        }
    }
}

/// A fault's line pressed: its unit selected, its hex in the middle of the view.
fn go(
    pressed: On<Pressed>,
    q: Query<&Act>,
    mut state: ResMut<EditorState>,
    editing: Res<Editing>,
    layout: Res<MapLayout>,
    mut selected: ResMut<SelectedHex>,
    mut cam: Query<&mut Transform, With<MapCamera>>,
) {
    if let Ok(Act::Fault(n)) = q.get(pressed.entity) {
        let Some(f) = state.faults.get(*n).cloned() else {
            return;
        };
        state.status = f.error.message.clone();
        if let Some(id) = f.unit {
            state.unit = Some(id);
            state.objective = None;
        }
        if let Some(at) = f.at {
            let map = Map::new(editing.0.file.map.width, editing.0.file.map.height);
            let hex = map.hex_at(Coord {
                col: at.0,
                row: at.1,
            });
            selected.0 = Some(hex);
            if let Ok(mut t) = cam.single_mut() {
                let c = layout.center(hex);
                t.translation.x = c.x;
                t.translation.y = c.y;
            }
        }
    }
}
