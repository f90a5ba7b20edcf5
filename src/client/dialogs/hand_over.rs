//! The hand-over screen (RULES.md §16, D-fow-8): two players at one screen under fog of war do
//! not see each other's side; between their turns an opaque screen hides the map until the
//! next player, the device in hand, says they are ready.

use bevy::prelude::*;

use crate::client::gate::HandOver;
use crate::client::theme::interaction::{Pressed, any_pressed};
use crate::client::theme::palette;
use crate::client::theme::widget::{self, Layout};
use crate::rules::fog;
use crate::sim::{Players, Table};

/// The screen, over everything.
#[derive(Component)]
struct Screen;

/// Its "I am ready" button.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ready;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<HandOver>().add_systems(
        Update,
        (notice_the_change, ready, show)
            .chain()
            .in_set(crate::client::Frame::AfterGame),
    );
}

/// At a shared screen under fog, the side giving orders changed: hand the device over.
fn notice_the_change(table: Res<Table>, players: Res<Players>, mut h: ResMut<HandOver>) {
    let game = &table.board;
    let side = game.ordering_side();
    let shared = players.0 == [None, None];
    let changed = h.last.is_some_and(|l| l != side);
    let waiting = if game.over || !shared || !fog::on(&game) {
        None
    } else if changed {
        Some(side)
    } else {
        h.waiting
    };
    let next = HandOver {
        waiting,
        last: Some(side),
    };
    h.set_if_neq(next);
}

fn ready(
    mut presses: MessageReader<Pressed>,
    button: Query<(), With<Ready>>,
    keys: Res<ButtonInput<KeyCode>>,
    mut h: ResMut<HandOver>,
) {
    let by_button = any_pressed(&mut presses, &button);
    if h.waiting.is_some()
        && (by_button || keys.just_pressed(KeyCode::Enter) || keys.just_pressed(KeyCode::Space))
    {
        h.waiting = None;
    }
}

fn show(
    mut commands: Commands,
    h: Res<HandOver>,
    table: Res<Table>,
    screens: Query<Entity, With<Screen>>,
) {
    let game = &table.board;
    if !h.is_changed() {
        return;
    }
    for e in &screens {
        commands.entity(e).despawn();
    }
    let Some(side) = h.waiting else { return };
    let name = table.start.side_name(side).to_string();
    commands
        .spawn((
            Screen,
            crate::client::theme::regions::Furniture,
            // Clicks and taps stop here: nothing under the screen is touched.
            widget::curtain(
                widget::covering().as_column().centred().line_gap(18.0),
                Color::srgb(0.07, 0.07, 0.06),
                1000,
            ),
        ))
        .with_children(|c| {
            c.spawn(palette::text(format!("{name} to play"), 30.0));
            c.spawn(palette::text(
                format!(
                    "Turn {}, {}. Pass the device to the {name} player:\nthe map stays hidden until they are ready.",
                    game.turn,
                    game.clock()
                ),
                17.0,
            ));
            c.spawn(widget::text_button(
                Ready,
                &format!("I play {name}: show the map"),
                18.0,
                UiRect::ZERO,
            ));
        });
}
