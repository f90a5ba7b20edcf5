//! The selected hex's units as a strip of small counters at the head of its panel, as Civil
//! War Battles' unit strip: each in its side's colour with its kind and strength, formation and
//! state letters; the unit under command outlined in gold; a press on one commands it.

use bevy::prelude::*;

use crate::client::input::command::Selection;
use crate::client::input::pointer::SelectedHex;
use crate::client::theme::interaction::Pressed;
use crate::client::theme::regions::{Region, find};
use crate::client::theme::settings::Settings;
use crate::client::theme::widget::{self, Layout};
use crate::rules::unit::{Ammo, Unit, UnitId, UnitKind};
use crate::sim::Table;

/// The strip, first in the unit panel.
#[derive(Component)]
pub struct Strip;

/// One unit's chip in the strip.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct UnitChip(pub UnitId);

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn)
        .add_observer(press)
        .add_systems(Update, redraw.in_set(crate::client::Frame::AfterGame));
}

fn spawn(mut commands: Commands, regions: Query<(Entity, &Region)>) {
    if let Some(panel) = find(&regions, Region::UnitPanel) {
        let strip = commands
            .spawn((
                Strip,
                widget::wrap()
                    .gap(4.0)
                    .line_gap(4.0)
                    .margin(UiRect::bottom(Val::Px(4.0))),
            ))
            .id();
        commands.entity(panel).insert_children(0, &[strip]);
    }
}

/// A chip's three lines: kind and strength; formation; state (disrupted, routed, fixed, low or
/// no ammunition) and what it has done this turn.
pub fn chip_lines(u: &Unit) -> [String; 3] {
    let kind = match u.kind {
        UnitKind::Infantry => format!("Inf {}", u.men),
        UnitKind::Cavalry => format!("Cav {}", u.men),
        UnitKind::Artillery => format!("Art {}g", u.guns),
        UnitKind::Supply => format!("Wgn {}w", u.men),
        UnitKind::Leader => "Leader".to_string(),
    };
    let mut state: Vec<&str> = Vec::new();
    if u.routed {
        state.push("R");
    } else if u.disrupted {
        state.push("D");
    }
    if u.is_fixed() {
        state.push("F");
    }
    match u.ammo {
        Ammo::Normal => {}
        Ammo::Low => state.push("a"),
        _ => state.push("A"),
    }
    let m = u.marks;
    for (did, what) in [(m.moved, "mv"), (m.fired, "fi"), (m.meleed, "ml")] {
        if did {
            state.push(what);
        }
    }
    // The counter's own tag (Line, Col, Mtd, Dis, Limb, Unl).
    let formation = crate::client::counters::counter::formation_tag(u).to_string();
    [kind, formation, state.join(" ")]
}

fn redraw(
    mut commands: Commands,
    selected: Res<SelectedHex>,
    cmd: Res<Selection>,
    seen: Res<crate::client::seen::Seen>,
    table: Res<Table>,
    settings: Res<Settings>,
    strip: Query<(Entity, Option<&Children>), With<Strip>>,
) {
    if !(selected.is_changed() || cmd.is_changed() || seen.is_changed() || settings.is_changed()) {
        return;
    }
    let Ok((strip, kids)) = strip.single() else {
        return;
    };
    for k in kids.into_iter().flatten() {
        commands.entity(*k).despawn();
    }
    let Some(hex) = selected.0 else { return };
    for u in seen.board().units_at(hex) {
        let fill = crate::client::counters::counter::side_colour(&table, u.side, &settings);
        let ink = crate::client::counters::counter::ink_on(fill);
        let chosen = cmd.unit == Some(u.id);
        let border = if chosen {
            crate::client::theme::palette::SELECTED
        } else {
            Color::BLACK
        };
        let chip = commands
            .spawn((
                UnitChip(u.id),
                Button,
                Name::new(format!("Chip {}", u.id.0)),
                widget::column(0.0)
                    .min_size(62.0, 44.0)
                    .pad(UiRect::axes(Val::Px(4.0), Val::Px(2.0)))
                    .border(UiRect::all(Val::Px(if chosen { 3.0 } else { 1.0 }))),
                BackgroundColor(fill),
                BorderColor::all(border),
            ))
            .with_children(|b| {
                for (i, line) in chip_lines(u).into_iter().enumerate() {
                    if line.is_empty() {
                        continue;
                    }
                    let size = if i == 0 { 13.0 } else { 11.0 };
                    b.spawn(crate::client::theme::palette::coloured_text(
                        line, size, ink,
                    ));
                }
            })
            .id();
        commands.entity(strip).add_child(chip);
    }
}

/// A press on a chip commands its unit (as Tab does, going through the stack).
fn press(pressed: On<Pressed>, q: Query<&UnitChip>, mut cmd: ResMut<Selection>) {
    if let Ok(chip) = q.get(pressed.entity)
        && cmd.unit != Some(chip.0)
    {
        cmd.unit = Some(chip.0);
        cmd.move_target = None;
        cmd.fire_mode = false;
    }
}
