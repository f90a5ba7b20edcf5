//! **Next unit** (a key and a toolbar button): selects the next of the side's units that has not
//! acted this turn, brigade by brigade, and centres the map on it; what a large battle is played
//! through without hunting for the counters left behind.

use bevy::prelude::*;

use super::command::Selection;
use super::pointer::SelectedHex;
use crate::client::theme::interaction::{Pressed, any_pressed};
use crate::client::theme::keys::{Act, keys_of, pressed};
use crate::client::theme::regions::{CoversLeft, ToolGroup, left_covered};
use crate::rules::readiness::next_to_act;

/// The toolbar's Next unit button.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct NextUnitButton;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn)
        .add_systems(Update, next.in_set(crate::client::Frame::Commands));
}

fn spawn(mut commands: Commands, groups: Query<(Entity, &ToolGroup)>) {
    let Some((bar, _)) = groups.iter().find(|(_, g)| **g == ToolGroup::Turn) else {
        return;
    };
    let key = keys_of(Act::NextUnit);
    let tip = format!(
        "{} ({key})",
        crate::client::theme::keys::what(Act::NextUnit)
    );
    let button =
        crate::client::theme::widget::tool_button(&mut commands, NextUnitButton, "Next", &key, tip);
    commands.entity(button).insert(Name::new("NextUnit"));
    commands.entity(bar).insert_children(0, &[button]);
}

fn next(
    // The key, or the button.
    (input, mut presses, button): (
        Res<ButtonInput<KeyCode>>,
        MessageReader<Pressed>,
        Query<(), With<NextUnitButton>>,
    ),
    seen: Res<crate::client::seen::Seen>,
    mut cmd: ResMut<Selection>,
    mut selected: ResMut<SelectedHex>,
    mut aim: crate::client::map::camera::Aim,
    gate: crate::client::gate::Gate,
    left: Query<(&Node, &ComputedNode, &UiGlobalTransform), With<CoversLeft>>,
) {
    let by_button = any_pressed(&mut presses, &button);
    let asked = pressed(&input, Act::NextUnit) || by_button;
    if !asked || !gate.open() {
        return;
    }
    let board = seen.board();
    let Some(id) = next_to_act(board, seen.view().side, cmd.unit) else {
        return;
    };
    let Some(hex) = board.unit(id).map(|u| u.hex) else {
        return;
    };
    *cmd = Selection {
        unit: Some(id),
        ..default()
    };
    selected.0 = Some(hex);
    // Right of the order of battle, where it is open (issue 76, item 5).
    let k = aim.scale_factor();
    aim.look_at(hex, left_covered(&left, k));
}
