//! The show's controls in the toolbar while the other side's turn is shown: Pause / Play, Step
//! (one action on), the pace (readable, fast, instant) and whether the camera follows; each
//! with its key from the one key table.

use bevy::prelude::*;

use super::playback::{Playback, step, toggle_pause};
use crate::client::theme::interaction::{self, Look, Pressed};
use crate::client::theme::keys::{Act, keys_of, pressed};
use crate::client::theme::regions::ToolGroup;
use crate::client::theme::settings::Settings;
use crate::client::theme::widget::{self, ButtonLabel, Layout};
use crate::sim::{Players, Table};

#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShowButton {
    Pause,
    Step,
    Pace,
    Follow,
}

impl ShowButton {
    fn act(self) -> Option<Act> {
        match self {
            ShowButton::Pause => Some(Act::Pause),
            ShowButton::Step => Some(Act::Step),
            ShowButton::Pace => Some(Act::Faster),
            ShowButton::Follow => None,
        }
    }

    /// Its words now.
    fn label(self, playback: &Playback, settings: &Settings) -> String {
        match self {
            ShowButton::Pause if playback.paused => "Play".into(),
            ShowButton::Pause => "Pause".into(),
            ShowButton::Step => "Step".into(),
            ShowButton::Pace => format!("Pace: {}", settings.pace.words()),
            ShowButton::Follow if settings.follow => "Follow: on".into(),
            ShowButton::Follow => "Follow: off".into(),
        }
    }

    fn tip(self) -> String {
        match self {
            ShowButton::Pause => format!(
                "Pause the other side's turn, or play on ({})",
                keys_of(Act::Pause)
            ),
            ShowButton::Step => format!("While paused: the next action ({})", keys_of(Act::Step)),
            ShowButton::Pace => format!(
                "How fast the other side's turn is shown: readable, fast, instant ({} faster, {} slower)",
                keys_of(Act::Faster),
                keys_of(Act::Slower)
            ),
            ShowButton::Follow => "The camera goes to each action outside the view".into(),
        }
    }
}

const BUTTONS: [ShowButton; 4] = [
    ShowButton::Pause,
    ShowButton::Step,
    ShowButton::Pace,
    ShowButton::Follow,
];

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn)
        .add_observer(press)
        .add_systems(Update, (keys, look).chain());
}

fn spawn(mut commands: Commands, groups: Query<(Entity, &ToolGroup)>) {
    let Some((bar, _)) = groups.iter().find(|(_, g)| **g == ToolGroup::Show) else {
        return;
    };
    commands
        .entity(bar)
        .insert(widget::wrap().gap(4.0).line_gap(4.0).hidden());
    for b in BUTTONS {
        let key = b.act().map(keys_of).unwrap_or_default();
        let label = b.label(&Playback::default(), &Settings::default());
        let e = widget::tool_button(&mut commands, b, &label, &key, b.tip());
        commands.entity(e).insert(Name::new(format!("Show{b:?}")));
        commands.entity(bar).add_child(e);
    }
}

fn act(b: ShowButton, playback: &mut Playback, settings: &mut Settings) {
    match b {
        ShowButton::Pause => toggle_pause(playback),
        ShowButton::Step => step(playback),
        ShowButton::Pace => settings.pace = settings.pace.next(),
        ShowButton::Follow => settings.follow = !settings.follow,
    }
}

fn keys(
    input: Res<ButtonInput<KeyCode>>,
    mut playback: ResMut<Playback>,
    mut settings: ResMut<Settings>,
    help: Res<crate::client::gate::HelpOpen>,
    watching: Option<Res<crate::sim::Replaying>>,
) {
    if help.0 || watching.is_some() {
        return;
    }
    if pressed(&input, Act::Pause) {
        toggle_pause(&mut playback);
    }
    if pressed(&input, Act::Step) {
        step(&mut playback);
    }
    if pressed(&input, Act::Faster) {
        settings.pace = settings.pace.faster();
    }
    if pressed(&input, Act::Slower) {
        settings.pace = settings.pace.slower();
    }
}

fn press(
    pressed: On<Pressed>,
    q: Query<&ShowButton>,
    mut playback: ResMut<Playback>,
    mut settings: ResMut<Settings>,
) {
    if let Ok(b) = q.get(pressed.entity) {
        act(*b, &mut playback, &mut settings);
    }
}

/// Shown while the other side acts, or its turn is still being shown, or paused; the labels
/// follow the state.
#[allow(clippy::type_complexity)]
fn look(
    playback: Res<Playback>,
    settings: Res<Settings>,
    (game, players, online, watching): (
        Res<Table>,
        Res<Players>,
        Option<Res<crate::client::online::seat::Online>>,
        Option<Res<crate::sim::Replaying>>,
    ),
    mut group: Query<(&ToolGroup, &mut Node)>,
    buttons: Query<(&ShowButton, &Children, &mut Look)>,
    mut labels: Query<&mut Text, With<ButtonLabel>>,
) {
    let side = game.board.ordering_side();
    let theirs = players.0[side.0 as usize & 1].is_some()
        || online.as_deref().is_some_and(|o| o.you != side);
    // A replay has its own controls.
    let shown = (theirs || playback.busy() || playback.paused) && watching.is_none();
    for (g, mut n) in &mut group {
        if *g == ToolGroup::Show {
            crate::client::theme::regions::show(&mut n, shown);
        }
    }
    if !shown || !(playback.is_changed() || settings.is_changed()) {
        return;
    }
    for (b, children, mut look) in buttons {
        let words = b.label(&playback, &settings);
        for c in children.iter() {
            if let Ok(mut t) = labels.get_mut(c)
                && t.0 != words
            {
                t.0.clone_from(&words);
            }
        }
        let lit = *b == ShowButton::Pause && playback.paused;
        interaction::set(&mut look, if lit { Look::Lit } else { Look::Plain });
    }
}
