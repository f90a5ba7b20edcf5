//! The aids, at the top of the right-hand column: highlights (units that can still move, fire, melee; low or
//! out of ammunition; disrupted and routed; the selected unit's brigade and its leader), the
//! threat overlay, the line-of-sight tool, the order of battle and the hex grid. Each is a
//! toggle, by button (mouse or touch) or by key 1–9 and 0 (L and O too); under *Command
//! Control* a third row holds the out-of-command marks' (I).

use bevy::prelude::*;

use crate::client::theme::interaction::{self, Look, Pressed};
use crate::client::theme::keys::{Act, keys_of, pressed};
use crate::client::theme::regions::Tip;
use crate::client::theme::regions::{Region, find};
use crate::client::theme::widget::{self, Layout};

pub use crate::client::theme::aid::{Aid, Aids};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Aids>()
        .add_systems(Startup, spawn)
        .add_observer(press)
        .add_systems(Update, (keys, look, show_command).chain());
}

fn spawn(mut commands: Commands, regions: Query<(Entity, &Region)>) {
    let Some(column) = find(&regions, Region::Aids) else {
        return;
    };
    for a in Aid::ALL.into_iter().chain([Aid::Command]) {
        // Five to a row of the right-hand column.
        let node = widget::button_node()
            .width(Val::Percent(18.4))
            .pad(UiRect::all(Val::Px(2.0)));
        let key = keys_of(Act::Aid(a));
        let button = commands
            .spawn((
                widget::button_in(a, node),
                Name::new(format!("{a:?}")),
                Tip(format!("{} ({key})", a.name())),
            ))
            .with_children(|b| {
                b.spawn(widget::key_hint(key.split(',').next().unwrap_or(""), 10.0));
                b.spawn(widget::label_text(a.word(), 11.0));
            })
            .id();
        commands.entity(column).add_child(button);
    }
}

fn press(pressed: On<Pressed>, q: Query<&Aid>, mut aids: ResMut<Aids>) {
    if let Ok(a) = q.get(pressed.entity) {
        aids.toggle(*a);
    }
}

fn keys(
    input: Res<ButtonInput<KeyCode>>,
    mut aids: ResMut<Aids>,
    dialog: Res<crate::client::gate::DialogOpen>,
) {
    if dialog.0 {
        return;
    }
    for a in Aid::ALL.into_iter().chain([Aid::Command]) {
        if pressed(&input, Act::Aid(a)) {
            aids.toggle(a);
        }
    }
}

/// The out-of-command marks' button shows only while *Command Control* is on: without the
/// rule there are no marks to hide.
fn show_command(
    table: Res<crate::sim::Table>,
    seen: Option<Res<crate::client::seen::Seen>>,
    mut q: Query<(&Aid, &mut Node)>,
) {
    let on = crate::client::seen::command_control(&table, seen.as_deref());
    for (a, mut n) in &mut q {
        if *a == Aid::Command {
            crate::client::theme::regions::show(&mut n, on);
        }
    }
}

/// A switched-on aid's button is lit.
fn look(aids: Res<Aids>, mut q: Query<(&Aid, &mut Look)>) {
    if !aids.is_changed() {
        return;
    }
    for (a, mut look) in &mut q {
        interaction::set(&mut look, if aids.on(*a) { Look::Lit } else { Look::Plain });
    }
}
