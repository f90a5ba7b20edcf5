//! The order of battle (JTS's Organization dialog): the side giving orders, brigade by brigade,
//! each unit with its men or guns, formation, fatigue, flags and what it has done this turn.
//! Selecting a row (click or tap) selects the unit and centres the map on it; long orders of
//! battle turn over in pages (PgUp/PgDn or the page buttons).

use bevy::prelude::*;

use super::aids::{Aid, Aids};
use super::camera::MapCamera;
use super::command::Command;
use super::layout::MapLayout;
use super::palette;
use super::pointer::SelectedHex;
use crate::rules::unit::{Ammo, Side, Unit, UnitId, UnitKind};
use crate::sim::{Battle, Game};

/// Rows (brigade headings and units) on one page.
pub const PAGE_ROWS: usize = 10;

/// The page shown.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq)]
pub struct OobPage(pub usize);

#[derive(Component)]
struct OobPanel;

/// The list inside the panel, rebuilt when the game changes.
#[derive(Component)]
struct OobList;

/// A unit's row: selecting it selects the unit.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct OobRow(pub UnitId);

#[derive(Component, Debug, Clone, Copy, PartialEq)]
enum Pager {
    Back,
    On,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<OobPage>()
        .add_systems(Startup, spawn)
        .add_systems(Update, (turn_page, choose, rebuild).chain());
}

fn spawn(mut commands: Commands) {
    commands
        .spawn((
            OobPanel,
            Node {
                position_type: PositionType::Absolute,
                top: Val::Px(36.0),
                left: Val::Px(136.0),
                width: Val::Px(600.0),
                max_width: Val::Percent(60.0),
                flex_direction: FlexDirection::Column,
                padding: UiRect::all(Val::Px(8.0)),
                row_gap: Val::Px(3.0),
                display: Display::None,
                ..default()
            },
            BackgroundColor(Color::srgba(0.06, 0.06, 0.05, 0.95)),
            GlobalZIndex(5),
            // Presses on the panel stay off the map.
            Interaction::default(),
        ))
        .with_children(|p| {
            p.spawn((
                OobList,
                Node {
                    flex_direction: FlexDirection::Column,
                    row_gap: Val::Px(3.0),
                    ..default()
                },
            ));
            p.spawn(Node {
                column_gap: Val::Px(8.0),
                ..default()
            })
            .with_children(|row| {
                for (pager, label) in [(Pager::Back, "Page up"), (Pager::On, "Page down")] {
                    row.spawn((
                        pager,
                        Button,
                        palette::button_node(),
                        BorderColor::all(palette::TEXT),
                        BackgroundColor(palette::PANEL),
                    ))
                    .with_children(|b| {
                        b.spawn(palette::text(label, 13.0));
                    });
                }
            });
        });
}

/// One unit's line: strength, formation, fatigue, flags, and what it has done this turn.
pub fn row_text(u: &Unit) -> String {
    let strength = match u.kind {
        UnitKind::Artillery => format!("{} guns", u.guns),
        UnitKind::Leader => "leader".to_string(),
        UnitKind::Supply => format!("{} wagons", u.men),
        _ => format!("{} men", u.men),
    };
    let mut flags = Vec::new();
    if u.routed {
        flags.push("ROUTED");
    } else if u.disrupted {
        flags.push("disrupted");
    }
    if u.is_fixed() {
        flags.push("fixed");
    }
    match u.ammo {
        Ammo::Low => flags.push("ammo low"),
        Ammo::Out => flags.push("ammo OUT"),
        Ammo::Normal => {}
    }
    if u.is_captured() {
        flags.push("captured");
    }
    let m = &u.marks;
    let done: Vec<&str> = [
        (m.moved, "moved"),
        (m.fired, "fired"),
        (m.meleed, "meleed"),
        (m.opportunity_fired, "opp. fired"),
    ]
    .iter()
    .filter(|(d, _)| *d)
    .map(|(_, w)| *w)
    .collect();
    let mut s = format!(
        "{}  {}  {}  fatigue {} ({})",
        u.name,
        strength,
        u.formation.name(),
        u.fatigue,
        u.fatigue_level().name()
    );
    if !flags.is_empty() {
        s.push_str(&format!("  [{}]", flags.join(", ")));
    }
    s.push_str(&format!(
        "  : {}",
        if done.is_empty() {
            "fresh".to_string()
        } else {
            done.join(", ")
        }
    ));
    s
}

/// The rows of the side's order of battle: brigade headings (`None`) and units, in the
/// scenario's brigade order, leaders first.
pub fn rows(
    game: &crate::rules::board::Board,
    battle: &Battle,
    side: Side,
) -> Vec<(String, Option<UnitId>)> {
    let mut out = Vec::new();
    let mut brigades: Vec<(String, String)> = battle
        .scenario
        .brigades
        .iter()
        .filter(|b| b.side == side.0)
        .map(|b| (b.id.clone(), b.name.clone()))
        .collect();
    for u in game.units.iter().filter(|u| u.side == side) {
        if !brigades.iter().any(|(id, _)| *id == u.brigade) {
            brigades.push((u.brigade.clone(), u.brigade.clone()));
        }
    }
    for (id, name) in brigades {
        let mut units: Vec<&Unit> = game
            .units
            .iter()
            .filter(|u| u.side == side && u.brigade == id)
            .collect();
        if units.is_empty() {
            continue;
        }
        units.sort_by_key(|u| (!u.is_leader(), u.id));
        let men: u32 = units.iter().map(|u| u.men).sum();
        out.push((format!("{name}: {} units, {men} men", units.len()), None));
        out.extend(units.into_iter().map(|u| (row_text(u), Some(u.id))));
    }
    out
}

fn turn_page(
    q: Query<(&Interaction, &Pager), Changed<Interaction>>,
    input: Res<ButtonInput<KeyCode>>,
    aids: Res<Aids>,
    mut page: ResMut<OobPage>,
) {
    if !aids.on(Aid::OrderOfBattle) {
        return;
    }
    let mut step = |dir: i32| {
        page.0 = (page.0 as i32 + dir).max(0) as usize;
    };
    for (i, p) in &q {
        if *i == Interaction::Pressed {
            step(if *p == Pager::On { 1 } else { -1 });
        }
    }
    if super::keys::pressed(&input, super::keys::Act::PageDown) {
        step(1);
    }
    if super::keys::pressed(&input, super::keys::Act::PageUp) {
        step(-1);
    }
}

#[allow(clippy::too_many_arguments)]
fn choose(
    q: Query<(&Interaction, &OobRow), Changed<Interaction>>,
    game: Res<Game>,
    layout: Res<MapLayout>,
    mut cmd: ResMut<Command>,
    mut selected: ResMut<SelectedHex>,
    mut cam: Query<&mut Transform, With<MapCamera>>,
) {
    for (i, row) in &q {
        if *i != Interaction::Pressed {
            continue;
        }
        let Some(u) = game.unit(row.0) else { continue };
        selected.0 = Some(u.hex);
        *cmd = Command {
            unit: Some(u.id),
            ..default()
        };
        let at = layout.center(u.hex);
        for mut t in &mut cam {
            t.translation.x = at.x;
            t.translation.y = at.y;
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn rebuild(
    mut commands: Commands,
    aids: Res<Aids>,
    game: Res<Game>,
    battle: Res<Battle>,
    mut page: ResMut<OobPage>,
    mut panel: Query<&mut Node, With<OobPanel>>,
    list: Query<Entity, With<OobList>>,
    children: Query<&Children>,
) {
    if !(aids.is_changed() || game.is_changed() || page.is_changed()) {
        return;
    }
    let on = aids.on(Aid::OrderOfBattle);
    for mut n in &mut panel {
        let d = if on { Display::Flex } else { Display::None };
        if n.display != d {
            n.display = d;
        }
    }
    let Ok(list) = list.single() else { return };
    for c in children.iter_descendants(list).collect::<Vec<_>>() {
        commands.entity(c).try_despawn();
    }
    if !on {
        return;
    }
    let side = game.ordering_side();
    let all = rows(&game, &battle, side);
    let pages = all.len().div_ceil(PAGE_ROWS).max(1);
    if page.0 >= pages {
        page.0 = pages - 1;
    }
    let title = format!(
        "Order of battle: {} (page {} of {pages})",
        battle.scenario.side_name(side),
        page.0 + 1
    );
    commands.entity(list).with_children(|l| {
        l.spawn(palette::text(title, 15.0));
        for (text, unit) in all.into_iter().skip(page.0 * PAGE_ROWS).take(PAGE_ROWS) {
            match unit {
                None => {
                    l.spawn(palette::text(text, 13.0));
                }
                Some(id) => {
                    let mut node = palette::button_node();
                    node.align_items = AlignItems::FlexStart;
                    l.spawn((
                        OobRow(id),
                        Button,
                        node,
                        BorderColor::all(Color::srgba(0.93, 0.91, 0.85, 0.3)),
                        BackgroundColor(palette::PANEL),
                    ))
                    .with_children(|b| {
                        b.spawn(palette::text(text, 12.0));
                    });
                }
            }
        }
    });
}
