//! The melee report and message log: every modifier, both strengths, the loss ranges and the
//! rolls, the loser, morale, retreats, eliminations, captures and advances; rejected orders
//! with the rule they break; turn changes. Also shows what a drag would do.

use std::collections::HashMap;

use bevy::prelude::*;

pub use super::results_card::melee_lines;
use crate::client::input::melee_drag::DragPreview;
use crate::client::theme::interaction::Pressed;
use crate::client::theme::palette;
use crate::client::theme::regions::{Region, find};
use crate::client::theme::widget::{self, Layout};
use crate::rules::event::Event;
use crate::rules::order::Order;
use crate::rules::unit::UnitId;
use crate::sim::{
    Happened, MeleeCalledOff, MeleeDeclared, MeleeResolved, OrderRejected, PhaseMoraleChecked,
    Table, UnitMoved, UnitState,
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

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Report>()
        .init_resource::<LogOpen>()
        .add_systems(Startup, spawn)
        .add_observer(reopen)
        .add_systems(
            Update,
            (
                (collect.after(crate::client::seen::Looking), show).chain(),
                crate::client::theme::regions::wheel_scrolls::<History>,
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
            // A third of the window at most; the wheel or a finger scrolls the rest.
            widget::column(0.0).max_height(Val::Vh(34.0)).scrolls(),
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

/// Puts each order's refusal and each event in the log, in the order they happened.
fn collect(
    mut report: ResMut<Report>,
    table: Res<Table>,
    units: Query<&UnitState>,
    // What the log is told: events, refusals and the window's notices.
    (mut happened, mut rejected, mut done, mut notices): (
        MessageReader<Happened>,
        MessageReader<OrderRejected>,
        MessageReader<crate::sim::OrderDone>,
        MessageReader<crate::client::theme::notice::Notice>,
    ),
    mut cards: ResMut<super::results_card::Cards>,
    // The side's view of the game, where one is shown.
    seen: Option<Res<crate::client::seen::Seen>>,
) {
    // A notice is no order's outcome: it was said before whatever the frame's orders did
    // (End turn's "Press Confirm" and Enter in one frame left it the last line after the turn
    // had ended, issue 76, item 15).
    for n in notices.read() {
        report.add(n.0.clone());
    }
    for r in rejected.read() {
        for v in &r.reasons {
            report.add(format!("Refused -- {v}"));
        }
    }
    // Orders done with no event of their own are logged too, so the last line is never a
    // stale refusal (issue 76, item 10); an enemy out of sight is not followed (§16).
    for d in done.read() {
        let name = |id: UnitId| {
            units
                .iter()
                .find(|u| u.0.id == id)
                .map_or_else(|| format!("unit {}", id.0), |u| u.0.name.clone())
        };
        let known = |id: UnitId| seen.as_deref().is_none_or(|s| s.knows(id));
        if let Some(line) = done_line(&d.order, &name, &known) {
            report.add(line);
        }
    }
    let events: Vec<&Event> = happened.read().map(|h| &h.0).collect();
    if !events.is_empty() {
        let mut names: HashMap<UnitId, String> = table
            .start
            .units
            .iter()
            .map(|u| (u.id, u.name.clone()))
            .collect();
        names.extend(units.iter().map(|u| (u.0.id, u.0.name.clone())));
        let seen = seen.as_deref();
        let mut log = Log {
            report: &mut report,
            cards: &mut cards,
            table: &table,
            names: &names,
            // Under Extreme Fog of War the declaration's figures (worked out on the truth)
            // would give the enemy's strength away: the pending melees panel has estimates.
            estimates: seen.is_some_and(|s| s.view().estimates),
            command_control: table.board.params.optional.command_control,
        };
        for e in &events {
            match e {
                // An enemy that moved out of sight is not followed there (§16).
                Event::Moved(m) if seen.is_none_or(|s| s.knows(m.moved.unit)) => log.moved(m),
                // The defenders' fire before a melee is told with that melee, in its place.
                Event::Fired(f) if !crate::sim::before_a_melee(&f.0, &events) => {
                    log.fired(&f.0, "")
                }
                Event::MeleeDeclared(d) => log.declared(d),
                Event::MeleeCancelled(c) => log.report.add(format!(
                    "Melee on {} cancelled",
                    log.table.start.map.coord(c.defending_hex)
                )),
                Event::MeleeCalledOff(c) => log.called_off(c),
                Event::MeleeResolved(m) => log.resolved(m),
                Event::PhaseMoraleChecked(p) => log.phase_checks(p),
                Event::GameEnded(g) => log.report.add(format!(
                    "GAME OVER: {} ({:.0} victory points)",
                    g.0.level, g.0.total
                )),
                Event::PhaseBegan(p) => log.report.add(format!(
                    "-- {} phase: {} gives the orders --",
                    p.phase.name(),
                    log.table.start.side_name(p.side)
                )),
                Event::TurnBegan(t) => log.turn_began(t),
                Event::Undone(u) => log.report.add(format!("Undone: {}", u.what)),
                // Told within their melee's lines, or not the seat's to see.
                Event::Moved(_)
                | Event::Fired(_)
                | Event::Retreated(_)
                | Event::GunsCaptured(_)
                | Event::Advanced(_) => {}
            }
        }
    }
}

/// An order done with no event of its own, in the log's words (`None` for the others, and for
/// an enemy out of sight).
fn done_line(
    order: &Order,
    name: &impl Fn(UnitId) -> String,
    known: &impl Fn(UnitId) -> bool,
) -> Option<String> {
    Some(match order {
        Order::Face { unit, facing } if known(*unit) => {
            format!("{} faces {}", name(*unit), facing.name())
        }
        Order::Formation { unit, formation } if known(*unit) => {
            format!("{} forms {}", name(*unit), formation.name().to_lowercase())
        }
        Order::Spike { battery, by } if known(*by) => {
            format!("{} spikes the guns of {}", name(*by), name(*battery))
        }
        Order::Recrew { battery, by } if known(*by) => {
            format!("{} mans the guns of {}", name(*by), name(*battery))
        }
        Order::RepairBridge { unit, at } if known(*unit) => {
            format!("{} repairs the bridge at {at}", name(*unit))
        }
        _ => return None,
    })
}

/// The log being written, with what its lines are written from.
struct Log<'a> {
    report: &'a mut Report,
    cards: &'a mut super::results_card::Cards,
    table: &'a Table,
    names: &'a HashMap<UnitId, String>,
    estimates: bool,
    /// Whether *Command Control* is on: without it the marks mean nothing and are not told.
    command_control: bool,
}

impl Log<'_> {
    fn declared(&mut self, d: &MeleeDeclared) {
        let at = self.table.start.map.coord(d.declaration.defending_hex);
        let n = crate::rules::words::count(d.declaration.attackers.len() as u64, "unit", "units");
        self.report.add(if self.estimates {
            format!("Melee declared on {at}: {n} (estimated odds in the pending melees)")
        } else {
            format!(
                // The odds with the defenders' fire are in the pending panel, computed once there.
                "Melee declared on {at}: {n}, attack {:.0} vs {:.0}, melee alone: attacker's chance of winning {:.0}%",
                d.breakdown.attack_strength,
                d.breakdown.defence_strength,
                d.odds.attacker_win_probability * 100.0
            )
        });
    }

    fn fire_line(&self, f: &crate::rules::fire::FireOutcome) -> String {
        let (map, names) = (&self.table.start.map, self.names);
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
        // Where the firer stands, so that the target's hex is not read as the firer's (issue
        // 76, item 9); a firer gives itself away by firing (D-fow-4).
        let from = self
            .table
            .board
            .unit(f.breakdown.firer)
            .map(|u| format!(" {} →", map.coord(u.hex)))
            .unwrap_or_else(|| " fires at".into());
        // As short as the line it replaced: at 1024×768 the log's width is the map's.
        format!(
            "{}{from} {} (value {:.0}): {} lost{}",
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
    }

    /// A volley with its card; `kind` heads it (the defenders' fire before a melee).
    fn fired(&mut self, f: &crate::rules::fire::FireOutcome, kind: &str) {
        let kind = if !kind.is_empty() {
            kind
        } else if f.opportunity {
            "Opportunity fire: "
        } else {
            ""
        };
        let card = self
            .cards
            .add(super::results_card::fire_card(self.table, self.names, f));
        let line = format!("{kind}{}", self.fire_line(f));
        self.report.add_card(line, Some(card));
        self.leaders_hit(&f.leaders_hit);
    }

    fn moved(&mut self, m: &UnitMoved) {
        let to = m
            .moved
            .path
            .last()
            .map(|h| self.table.start.map.coord(*h).to_string())
            .unwrap_or_default();
        self.report.add(format!(
            "{} moves to {} ({} MP)",
            name_of(self.names, m.moved.unit),
            to,
            m.moved.cost
        ));
        for f in &m.opportunity_fire {
            self.fired(f, "");
        }
    }

    fn defensive_fire(&mut self, fire: &[crate::rules::fire::FireOutcome]) {
        for f in fire {
            let line = format!("Defensive fire: {}", self.fire_line(f));
            self.report.add(line);
            self.leaders_hit(&f.leaders_hit);
        }
    }

    fn called_off(&mut self, c: &MeleeCalledOff) {
        self.defensive_fire(&c.defensive_fire);
        let card = self.cards.add(super::results_card::called_off_card(
            self.table, self.names, c,
        ));
        let reasons: Vec<String> = c.reasons.iter().map(|r| r.to_string()).collect();
        self.report.add_card(
            format!(
                "Melee on {} called off: {}",
                self.table.start.map.coord(c.declaration.defending_hex),
                reasons.join("; ")
            ),
            Some(card),
        );
    }

    fn resolved(&mut self, m: &MeleeResolved) {
        self.defensive_fire(&m.0.defensive_fire);
        let card = self.cards.add(super::results_card::melee_card(
            self.table, self.names, &m.0,
        ));
        for (k, l) in melee_lines(self.table, self.names, &m.0)
            .into_iter()
            .enumerate()
        {
            // Its heading opens the card again.
            self.report.add_card(l, (k == 0).then_some(card));
        }
    }

    fn turn_began(&mut self, t: &crate::rules::event::TurnBegan) {
        let side = self.table.start.side_name(t.side).to_owned();
        self.report
            .add(format!("-- Turn {}, {}: {side} to act --", t.turn, t.clock));
        // §17: who took a fallen leader's place, and how many start the turn out of command.
        for s in &t.start.successors {
            self.report.add(format!(
                "{} takes command in place of {}",
                s.name,
                name_of(self.names, s.fallen)
            ));
        }
        if self.command_control && !t.start.out_of_command.is_empty() {
            let n =
                crate::rules::words::count(t.start.out_of_command.len() as u64, "unit", "units");
            self.report
                .add(format!("{side}: {n} out of command this turn"));
        }
        // The start of the turn's own steps (§6, §12), each named: lesson 5 reads the rally
        // checks here, lesson 9 the refill.
        for c in &t.start.rally_checks {
            self.report.add(format!(
                "{} tries to rally ({}): {}",
                name_of(self.names, c.unit),
                c.figures(),
                c.result
            ));
        }
        for (ids, what) in [
            (&t.start.resupplied, "refills its ammunition from a wagon"),
            (&t.start.isolated, "is cut off from supply (isolated)"),
            (&t.start.released, "is released and may move"),
        ] {
            for id in ids {
                self.report
                    .add(format!("{} {what}", name_of(self.names, *id)));
            }
        }
        for c in &t.start.still_disrupted {
            self.report.add(format!(
                "{} is out of command and stays disrupted ({})",
                name_of(self.names, c.unit),
                c.figures()
            ));
        }
    }

    fn leaders_hit(&mut self, hit: &[UnitId]) {
        for id in hit {
            let line = format!(
                "Leader hit: {} is carried from the field",
                name_of(self.names, *id)
            );
            self.report.add(line);
        }
    }

    fn phase_checks(&mut self, p: &PhaseMoraleChecked) {
        for m in &p.checks {
            self.report.add(format!(
                "End of phase: {} checks morale ({}): {} -- {}",
                name_of(self.names, m.unit),
                m.reason,
                m.figures(),
                m.result
            ));
        }
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
#[allow(clippy::type_complexity)]
fn show(
    mut commands: Commands,
    report: Res<Report>,
    // The hint's line: the drag's preview, or the hint.
    (preview, hint, mut hint_text): (
        Res<DragPreview>,
        Res<crate::client::input::command::Hint>,
        Query<&mut Text, With<HintText>>,
    ),
    open: Res<LogOpen>,
    mut panel: Query<&mut Node, (With<ReportPanel>, Without<LogLine>)>,
    // The history, its lines, and how many are spawned.
    (mut history, mut lines, mut spawned): (
        Query<(Entity, &mut ScrollPosition, &ComputedNode), With<History>>,
        Query<(&LogLine, &mut Node), Without<ReportPanel>>,
        Local<usize>,
    ),
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
                e.insert((
                    Button,
                    crate::client::theme::regions::Tip("Open its results card".into()),
                ));
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
        crate::client::theme::regions::show(&mut n, shown);
    }
    if report.is_changed() || open.is_changed() {
        for (_, mut p, node) in &mut history {
            p.0.y = node.content_size.y.max(1.0e6);
        }
    }
}

/// A click on a melee's or a fire's line opens its card again.
fn reopen(pressed: On<Pressed>, q: Query<&LogLine>, mut cards: ResMut<super::results_card::Cards>) {
    if let Some(c) = q.get(pressed.entity).ok().and_then(|l| l.card) {
        cards.reopen(c);
    }
}
