//! The melee report and message log: every modifier, both strengths, the loss ranges and the
//! rolls, the loser, morale, retreats, eliminations, captures and advances; rejected orders
//! with the rule they break; turn changes. Also shows what a drag would do.

use std::collections::HashMap;

use bevy::prelude::*;

use super::melee_drag::DragPreview;
use super::palette;
use super::regions::{Region, find};
pub use super::results_card::melee_lines;
use crate::rules::unit::UnitId;
use crate::sim::{
    Battle, Fired, GameEnded, MeleeCalledOff, MeleeCancelled, MeleeDeclared, MeleeResolved,
    OrderRejected, PhaseMoraleChecked, TurnBegan, UnitMoved, UnitState,
};

/// Lines shown while the log is folded (the last of the history, then what the pointer would
/// do).
const FOLDED: usize = 1;

/// Whether the log is open (the whole history, scrolling) or folded to its last line.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq)]
pub struct LogOpen(pub bool);

#[derive(Resource, Default, Debug)]
pub struct Report {
    pub lines: Vec<String>,
    /// The lines that open a results card, with its number.
    pub cards: HashMap<usize, usize>,
}

impl Report {
    pub fn add(&mut self, line: String) {
        self.lines.push(line);
    }

    /// A line that opens results card `card` when clicked.
    pub fn add_card(&mut self, line: String, card: Option<usize>) {
        if let Some(c) = card {
            self.cards.insert(self.lines.len(), c);
        }
        self.lines.push(line);
    }
}

#[derive(Component)]
struct ReportPanel;

/// The scrolling part of the open log.
#[derive(Component)]
struct History;

/// The line under the history: what the pointer would do here.
#[derive(Component)]
struct HintText;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Report>()
        .init_resource::<LogOpen>()
        .add_systems(Startup, spawn)
        .add_systems(
            Update,
            (
                (collect.after(super::seen::Looking), show, reopen).chain(),
                super::regions::wheel_scrolls::<History>,
            ),
        );
}

fn spawn(mut commands: Commands, regions: Query<(Entity, &Region)>) {
    let Some(log) = find(&regions, Region::Log) else {
        return;
    };
    commands.entity(log).insert(ReportPanel);
    let history = commands
        .spawn((
            History,
            Node {
                flex_direction: FlexDirection::Column,
                // A third of the window at most; the wheel or a finger scrolls the rest.
                max_height: Val::Vh(34.0),
                overflow: Overflow::scroll_y(),
                ..default()
            },
            ScrollPosition::default(),
            // The wheel and presses over the history stay off the map.
            Interaction::default(),
        ))
        .id();
    let hint = commands
        .spawn((
            HintText,
            palette::coloured_text("", 12.0, palette::OBJECTIVE),
        ))
        .id();
    commands.entity(log).add_children(&[history, hint]);
}

fn name_of(names: &HashMap<UnitId, String>, id: UnitId) -> String {
    names
        .get(&id)
        .cloned()
        .unwrap_or_else(|| format!("unit {}", id.0))
}

#[allow(clippy::too_many_arguments)]
fn collect(
    mut report: ResMut<Report>,
    battle: Res<Battle>,
    units: Query<&UnitState>,
    mut resolved: MessageReader<MeleeResolved>,
    mut called: MessageReader<MeleeCalledOff>,
    mut declared: MessageReader<MeleeDeclared>,
    mut rejected: MessageReader<OrderRejected>,
    mut cancelled: MessageReader<MeleeCancelled>,
    mut phase: MessageReader<PhaseMoraleChecked>,
    (mut turns, mut phases, mut notices, mut undone): (
        MessageReader<TurnBegan>,
        MessageReader<crate::sim::PhaseBegan>,
        MessageReader<super::notice::Notice>,
        MessageReader<crate::sim::Undone>,
    ),
    mut moved: MessageReader<UnitMoved>,
    mut fired: MessageReader<Fired>,
    mut ended: MessageReader<GameEnded>,
    (mut cards, seen): (
        ResMut<super::results_card::Cards>,
        Option<Res<super::seen::Seen>>,
    ),
) {
    let mut names: HashMap<UnitId, String> = battle
        .scenario
        .units
        .iter()
        .map(|u| (u.id, u.name.clone()))
        .collect();
    names.extend(units.iter().map(|u| (u.0.id, u.0.name.clone())));
    let map = &battle.scenario.map;
    // Under Extreme Fog of War the declaration's figures (worked out on the truth) would give
    // the enemy's strength away: the pending melees panel has them as estimates.
    let estimates = seen.as_ref().is_some_and(|s| s.view().estimates);
    for d in declared.read() {
        let at = map.coord(d.declaration.defending_hex);
        let n = crate::rules::words::count(d.declaration.attackers.len() as u64, "unit", "units");
        report.add(if estimates {
            format!("Melee declared on {at}: {n} (estimated odds in the pending melees)")
        } else {
            format!(
                // The odds with the defenders' fire are in the pending panel, computed once there.
                "Melee declared on {at}: {n}, attack {:.0} vs {:.0}, melee alone: attacker wins {:.0}%",
                d.breakdown.attack_strength,
                d.breakdown.defence_strength,
                d.odds.attacker_win_probability * 100.0
            )
        });
    }
    for u in undone.read() {
        report.add(format!("Undone: {}", u.what));
    }
    for c in cancelled.read() {
        report.add(format!("Melee on {} cancelled", map.coord(c.defending_hex)));
    }
    for r in rejected.read() {
        for v in &r.reasons {
            report.add(format!("Refused -- {v}"));
        }
    }
    let fire_line = |f: &crate::rules::fire::FireOutcome, names: &HashMap<UnitId, String>| {
        let morale: Vec<String> = f
            .morale
            .iter()
            .map(|m| format!("{} {}", name_of(names, m.unit), m.result))
            .chain(f.routs.iter().map(|r| {
                format!(
                    "{} runs {} -> {}",
                    name_of(names, r.unit),
                    map.coord(r.from),
                    map.coord(r.to)
                )
            }))
            .collect();
        format!(
            "{}{} fires at {} (value {:.0}): {} lost{}",
            if f.opportunity {
                "Opportunity fire: "
            } else {
                ""
            },
            name_of(names, f.breakdown.firer),
            map.coord(f.breakdown.target),
            f.breakdown.value,
            f.loss,
            if morale.is_empty() {
                String::new()
            } else {
                format!("; {}", morale.join(", "))
            }
        )
    };
    let mut lines = Vec::new();
    // An enemy that moved out of sight is not followed there (§16).
    let known = |id: UnitId| seen.as_ref().is_none_or(|s| s.knows(id));
    for m in moved.read() {
        if !known(m.moved.unit) {
            continue;
        }
        let to = m
            .moved
            .path
            .last()
            .map(|h| map.coord(*h).to_string())
            .unwrap_or_default();
        lines.push((
            format!(
                "{} moves to {} ({} MP)",
                name_of(&names, m.moved.unit),
                to,
                m.moved.cost
            ),
            None,
        ));
        for f in &m.opportunity_fire {
            let card = cards.add(super::results_card::fire_card(&battle, &names, f));
            lines.push((fire_line(f, &names), Some(card)));
        }
    }
    let resolved: Vec<&MeleeResolved> = resolved.read().collect();
    let called: Vec<&MeleeCalledOff> = called.read().collect();
    // The defenders' fire before a melee is told with that melee, in its place.
    let before_melee =
        |f: &crate::rules::fire::FireOutcome| crate::sim::defensive_fire_of(f, &resolved, &called);
    for f in fired.read().filter(|f| !before_melee(&f.0)) {
        let card = cards.add(super::results_card::fire_card(&battle, &names, &f.0));
        lines.push((fire_line(&f.0, &names), Some(card)));
    }
    for (l, card) in std::mem::take(&mut lines) {
        report.add_card(l, card);
    }
    let mut done = resolved.into_iter();
    for seq in 0..done.len() + called.len() {
        if let Some(c) = called.iter().find(|c| c.seq == seq) {
            for f in &c.defensive_fire {
                report.add(format!(
                    "Defensive fire: {}",
                    fire_line(f, &names).replacen("Opportunity fire: ", "", 1)
                ));
            }
            let card = cards.add(super::results_card::called_off_card(&battle, &names, c));
            report.add_card(
                format!(
                    "Melee on {} called off: {}",
                    map.coord(c.declaration.defending_hex),
                    c.reasons
                        .iter()
                        .map(|r| r.to_string())
                        .collect::<Vec<_>>()
                        .join("; ")
                ),
                Some(card),
            );
            continue;
        }
        let Some(m) = done.next() else { continue };
        for f in &m.0.defensive_fire {
            report.add(format!(
                "Defensive fire: {}",
                fire_line(f, &names).replacen("Opportunity fire: ", "", 1)
            ));
        }
        let card = cards.add(super::results_card::melee_card(&battle, &names, &m.0));
        for (k, l) in melee_lines(&battle, &names, &m.0).into_iter().enumerate() {
            // Its heading opens the card again.
            report.add_card(l, (k == 0).then_some(card));
        }
    }
    for p in phase.read() {
        for m in &p.checks {
            report.add(format!(
                "End of phase: {} checks morale ({}): {} -- {}",
                name_of(&names, m.unit),
                m.reason,
                m.figures(),
                m.result
            ));
        }
    }
    for g in ended.read() {
        lines.push((
            format!("GAME OVER: {} ({:.0} victory points)", g.0.level, g.0.total),
            None,
        ));
    }
    for (l, _) in lines {
        report.add(l);
    }
    for n in notices.read() {
        report.add(n.0.clone());
    }
    for p in phases.read() {
        report.add(format!(
            "-- {} phase: {} gives the orders --",
            p.phase.name(),
            battle.scenario.side_name(p.side)
        ));
    }
    for t in turns.read() {
        report.add(format!(
            "-- Turn {}, {}: {} to act --",
            t.turn,
            t.clock,
            battle.scenario.side_name(t.side)
        ));
    }
}

/// A line of the log; `card` when a click opens its results card again.
#[derive(Component)]
pub struct LogLine {
    pub line: usize,
    pub card: Option<usize>,
}

/// Shows the history (the whole of it open, its last line folded) and the hint. Lines are
/// spawned as they come, one node each, so that a melee's or fire's line can be clicked.
#[allow(clippy::too_many_arguments, clippy::type_complexity)]
fn show(
    mut commands: Commands,
    report: Res<Report>,
    preview: Res<DragPreview>,
    hint: Res<super::command::Hint>,
    open: Res<LogOpen>,
    mut hint_text: Query<&mut Text, With<HintText>>,
    mut panel: Query<&mut Node, (With<ReportPanel>, Without<LogLine>)>,
    mut history: Query<(Entity, &mut ScrollPosition, &ComputedNode), With<History>>,
    mut lines: Query<(&LogLine, &mut Node), Without<ReportPanel>>,
    mut spawned: Local<usize>,
) {
    if !report.is_changed() && !preview.is_changed() && !hint.is_changed() && !open.is_changed() {
        return;
    }
    let total = report.lines.len();
    // Open: the whole game's history, scrolled to its foot; folded: its last line.
    let first_shown = if open.0 {
        0
    } else {
        total.saturating_sub(FOLDED)
    };
    let display = |i: usize| {
        if i >= first_shown {
            Display::Flex
        } else {
            Display::None
        }
    };
    if report.is_changed() || open.is_changed() {
        for (l, mut n) in &mut lines {
            let d = display(l.line);
            if n.display != d {
                n.display = d;
            }
        }
    }
    if let Ok((h, _, _)) = history.single() {
        for i in *spawned..total {
            let card = report.cards.get(&i).copied();
            let colour = if card.is_some() {
                palette::OBJECTIVE
            } else {
                palette::TEXT
            };
            let mut e = commands.spawn((
                LogLine { line: i, card },
                palette::coloured_text(&report.lines[i], 12.0, colour),
                Node {
                    display: display(i),
                    ..default()
                },
            ));
            if card.is_some() {
                e.insert((Button, super::regions::Tip("Open its results card".into())));
            }
            let e = e.id();
            commands.entity(h).add_child(e);
        }
        *spawned = total;
    }
    let now = if !preview.text.is_empty() {
        format!(">> {}", preview.text)
    } else if !hint.0.is_empty() {
        format!(">> {}", hint.0)
    } else {
        String::new()
    };
    for mut t in &mut hint_text {
        if t.0 != now {
            t.0.clone_from(&now);
        }
    }
    let shown = total > 0 || !now.is_empty();
    for mut n in &mut panel {
        super::regions::show(&mut n, shown);
    }
    if report.is_changed() || open.is_changed() {
        for (_, mut p, node) in &mut history {
            p.0.y = node.content_size.y.max(1.0e6);
        }
    }
}

/// A click on a melee's or a fire's line opens its card again.
fn reopen(
    q: Query<(&Interaction, &LogLine), Changed<Interaction>>,
    mut cards: ResMut<super::results_card::Cards>,
) {
    for (i, l) in &q {
        if let (Interaction::Pressed, Some(c)) = (i, l.card) {
            cards.reopen(c);
        }
    }
}
