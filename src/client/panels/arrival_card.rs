//! Reinforcements announced (issue 44, item 4): at the start of a side's turn in which its
//! reinforcements came on, a card over the map names them and where they came on, with a
//! button that goes to them (selects the first and centres the map on it). Only the side at
//! the screen's own arrivals (D-fow: the enemy's are the enemy's business); the card goes at
//! the next turn, or when closed.

use bevy::prelude::*;

use crate::client::input::pointer::SelectedHex;
use crate::client::theme::interaction::Pressed;
use crate::client::theme::palette;
use crate::client::theme::widget::{self, Layout};
use crate::rules::hex::Hex;
use crate::rules::unit::UnitId;
use crate::sim::{Table, TurnBegan};

/// The arrivals the card tells of: the turn, and each unit with the hex it came on at.
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct ArrivalCard(pub Option<(u32, Vec<(UnitId, Hex)>)>);

/// The card's buttons.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArrivalButton {
    GoToThem,
    Close,
}

#[derive(Component)]
struct CardPanel;

/// The card's words (a test reads them).
#[derive(Component)]
pub struct ArrivalText;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<ArrivalCard>()
        .add_systems(Startup, spawn)
        .add_observer(press)
        .add_systems(Update, (announce, show).chain());
}

fn spawn(mut commands: Commands) {
    commands
        .spawn((
            CardPanel,
            widget::floating()
                .top(Val::Px(
                    crate::client::theme::regions::TOP_BAR_HEIGHT + 40.0,
                ))
                .left(Val::Percent(15.0))
                .width(Val::Percent(45.0))
                .pad(UiRect::all(Val::Px(12.0)))
                .border(UiRect::all(Val::Px(2.0)))
                .hidden(),
            Interaction::default(),
            BackgroundColor(Color::srgba(0.05, 0.05, 0.04, 0.94)),
            BorderColor::all(palette::OBJECTIVE),
            GlobalZIndex(12),
            crate::client::theme::regions::Furniture,
        ))
        .with_children(|p| {
            p.spawn((ArrivalText, palette::text("", 14.0)));
            p.spawn(widget::row(0.0).margin(UiRect::top(Val::Px(8.0))))
                .with_children(|row| {
                    for (b, label) in [
                        (ArrivalButton::GoToThem, "Go to them"),
                        (ArrivalButton::Close, "Close"),
                    ] {
                        row.spawn(widget::text_button(
                            b,
                            label,
                            14.0,
                            UiRect::right(Val::Px(8.0)),
                        ));
                    }
                });
        });
}

/// A side's turn began: its own arrivals, if the side at the screen is it, make the card; any
/// other turn takes it away. Not in a replay, whose bar tells the turns.
fn announce(
    mut happened: MessageReader<crate::sim::Happened>,
    viewer: Option<Res<crate::client::seen::Viewer>>,
    players: Res<crate::sim::Players>,
    replaying: Option<Res<crate::sim::Replaying>>,
    mut card: ResMut<ArrivalCard>,
) {
    for b in happened.read().filter_map(|h| h.0.kind::<TurnBegan>()) {
        // The side at the screen; with no one side (the computer against itself), the one a
        // person plays, or else whoever's turn it is.
        let person = players.0[usize::from(b.side.0 & 1)].is_none();
        let ours = match viewer.as_ref().and_then(|v| v.0) {
            Some(side) => side == b.side,
            None => person,
        };
        card.0 = (ours && replaying.is_none() && !b.start.arrived.is_empty())
            .then(|| (b.turn, b.start.arrived.clone()));
    }
}

fn press(
    pressed: On<Pressed>,
    q: Query<&ArrivalButton>,
    mut card: ResMut<ArrivalCard>,
    table: Res<Table>,
    mut selected: ResMut<SelectedHex>,
    mut cmd: ResMut<crate::client::input::command::Selection>,
    mut aim: crate::client::map::camera::Aim,
) {
    let game = &table.board;
    let Ok(b) = q.get(pressed.entity) else { return };
    let first = card
        .0
        .as_ref()
        .and_then(|(_, units)| units.first().copied());
    card.0 = None;
    if *b != ArrivalButton::GoToThem {
        return;
    }
    // The first of them, where it stands now (it may have moved since).
    let Some((id, hex)) = first else { return };
    let at = game.unit(id).map_or(hex, |u| u.hex);
    selected.0 = Some(at);
    *cmd = crate::client::input::command::Selection {
        unit: game.unit(id).map(|u| u.id),
        ..default()
    };
    aim.look_at(at, 0.0);
}

fn show(
    card: Res<ArrivalCard>,
    table: Res<Table>,
    mut panel: Query<&mut Node, With<CardPanel>>,
    mut text: Query<&mut Text, With<ArrivalText>>,
) {
    if !card.is_changed() {
        return;
    }
    for mut n in &mut panel {
        crate::client::theme::regions::show(&mut n, card.0.is_some());
    }
    let Some((turn, units)) = &card.0 else { return };
    let words = arrival_words(&table.start, *turn, units).join("\n");
    for mut t in &mut text {
        t.0.clone_from(&words);
    }
}

/// The card's lines: the turn, then for each hex where units came on, the place and who.
pub fn arrival_words(
    start: &crate::rules::scenario::Scenario,
    turn: u32,
    units: &[(UnitId, Hex)],
) -> Vec<String> {
    let mut out = vec![format!("REINFORCEMENTS ARRIVE, turn {turn}")];
    let mut places: Vec<Hex> = Vec::new();
    for (_, h) in units {
        if !places.contains(h) {
            places.push(*h);
        }
    }
    for at in places {
        let names: Vec<&str> = units
            .iter()
            .filter(|(_, h)| *h == at)
            .filter_map(|(id, _)| {
                start
                    .reinforcements
                    .iter()
                    .find(|r| r.unit.id == *id)
                    .map(|r| r.unit.name.as_str())
            })
            .collect();
        out.push(format!("{}: {}", start.map.place(at, 4), names.join(", ")));
    }
    out
}
