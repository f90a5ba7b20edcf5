//! Results cards: for each resolved melee and each fire, a card in the right-hand column (never
//! over the map) with who against whom, every modifier, the strengths, the odds it was fought
//! at, the rolls, the losses of each unit, the loser, morale checks, retreats, captures and
//! advances, in the melee system's own terms. A card stays until closed; the newest shows, and
//! the others wait behind it (< and >). The log keeps every card and opens it again on a click.

use std::collections::HashMap;

use bevy::prelude::*;

use crate::client::theme::interaction::Pressed;
use crate::client::theme::palette;
use crate::client::theme::regions::{Region, find};
use crate::client::theme::widget::{self, Layout};
use crate::rules::fire::FireOutcome;
use crate::rules::hex::Hex;
use crate::rules::melee::{MeleeOutcome, MeleeSide};
use crate::rules::unit::UnitId;
use crate::sim::Table;

/// One card: its heading and its lines.
#[derive(Debug, Clone, PartialEq)]
pub struct Card {
    pub title: String,
    pub lines: Vec<String>,
    pub at: Hex,
}

/// Every card of the game, the ones still open (oldest first) and the one showing.
#[derive(Resource, Debug, Default)]
pub struct Cards {
    pub all: Vec<Card>,
    pub open: Vec<usize>,
    pub showing: Option<usize>,
}

impl Cards {
    /// A new card, opened and shown; its number for the log.
    pub fn add(&mut self, card: Card) -> usize {
        self.all.push(card);
        let i = self.all.len() - 1;
        self.open.push(i);
        self.showing = Some(i);
        i
    }

    /// Opens card `i` again (a click on its log line).
    pub fn reopen(&mut self, i: usize) {
        if i >= self.all.len() {
            return;
        }
        if !self.open.contains(&i) {
            self.open.push(i);
            self.open.sort_unstable();
        }
        self.showing = Some(i);
    }

    /// Closes the card showing; the one before it (or after) shows.
    pub fn close(&mut self) {
        let Some(i) = self.showing else { return };
        let at = self.open.iter().position(|x| *x == i);
        self.open.retain(|x| *x != i);
        self.showing = at
            .and_then(|k| self.open.get(k.saturating_sub(1)).or(self.open.last()))
            .copied();
    }

    pub fn close_all(&mut self) {
        self.open.clear();
        self.showing = None;
    }

    /// The open card `d` places on from the one showing.
    pub fn turn(&mut self, d: i32) {
        let Some(k) = self
            .showing
            .and_then(|i| self.open.iter().position(|x| *x == i))
        else {
            return;
        };
        let k = (k as i32 + d).clamp(0, self.open.len() as i32 - 1) as usize;
        self.showing = self.open.get(k).copied();
    }
}

fn name_of(names: &HashMap<UnitId, String>, id: UnitId) -> String {
    names
        .get(&id)
        .cloned()
        .unwrap_or_else(|| format!("unit {}", id.0))
}

/// The card of one fire: firer and target, range, value and its modifiers, the loss range and
/// the loss, each unit's losses, morale, routs and eliminations.
pub fn fire_card(table: &Table, names: &HashMap<UnitId, String>, f: &FireOutcome) -> Card {
    let map = &table.start.map;
    let b = &f.breakdown;
    let n = |id| name_of(names, id);
    let kind = if f.opportunity {
        "Opportunity fire"
    } else {
        "Fire"
    };
    // The firer's own hex first, then the target's: "X at 5,8" read as X standing there (issue
    // 76, item 9); a firer gives itself away by firing (D-fow-4).
    // One line in the right-hand column at 1024×768 (the range is the next line's).
    let from = table
        .board
        .unit(b.firer)
        .map(|u| format!("{} → ", map.coord(u.hex)))
        .unwrap_or_else(|| "at ".into());
    let mut lines = vec![format!("{}: {from}{}", n(b.firer), map.coord(b.target))];
    lines.extend(b.working(table.start.params.fire.cap));
    lines.push(format!("rolled: {} lost", f.loss));
    for l in &f.losses {
        let guns = if l.guns > 0 {
            format!(", {}", crate::rules::words::count(l.guns, "gun", "guns"))
        } else {
            String::new()
        };
        lines.push(format!(
            "{}: -{}{guns}",
            n(l.unit),
            crate::rules::words::count(l.men, "man", "men")
        ));
    }
    for m in &f.morale {
        lines.push(format!(
            "{} checks morale ({}): {}: {}",
            n(m.unit),
            m.reason,
            m.figures(),
            m.result
        ));
    }
    for r in &f.routs {
        lines.push(format!(
            "{} routs {} -> {}",
            n(r.unit),
            map.coord(r.from),
            map.coord(r.to)
        ));
    }
    for e in &f.eliminated {
        lines.push(format!("{} eliminated", n(*e)));
    }
    if let Some(a) = f.ammo_now {
        lines.push(format!("{}'s ammunition now {a:?}", n(b.firer)));
    }
    if let Some((before, after)) = f.bridge {
        lines.push(format!("bridge strength {before} -> {after}"));
    }
    Card {
        title: format!("{kind}: {} lost", f.loss),
        lines,
        at: b.target,
    }
}

/// The card of a melee that did not go ahead: the defenders' fire that broke it up, or why an
/// earlier melee left it impossible.
pub fn called_off_card(
    table: &Table,
    names: &HashMap<UnitId, String>,
    c: &crate::sim::MeleeCalledOff,
) -> Card {
    let map = &table.start.map;
    let at = c.declaration.defending_hex;
    let mut lines = vec![format!(
        "{} attacking",
        c.declaration
            .attackers
            .iter()
            .map(|id| name_of(names, *id))
            .collect::<Vec<_>>()
            .join(", ")
    )];
    for f in &c.defensive_fire {
        let fire = fire_card(table, names, f);
        lines.push(format!("defensive fire: {}", fire.lines[0]));
        lines.extend(fire.lines.into_iter().skip(1).map(|l| format!("  {l}")));
    }
    for r in &c.reasons {
        lines.push(format!("called off: {r}"));
    }
    Card {
        title: format!("Melee at {}: called off", map.coord(at)),
        lines,
        at,
    }
}

/// The card of one melee: the defenders' fire before it, then the melee's whole report.
pub fn melee_card(
    table: &Table,
    names: &HashMap<UnitId, String>,
    o: &crate::rules::melee::MeleeOutcome,
) -> Card {
    let map = &table.start.map;
    let at = o.declaration.defending_hex;
    let n = |id| name_of(names, id);
    let who = |side: &[crate::rules::melee::UnitStrength]| {
        side.iter()
            .map(|s| s.name.clone())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut lines = Vec::new();
    if o.bridge.is_none() {
        lines.push(format!(
            "{} against {}",
            who(&o.breakdown.attackers),
            who(&o.breakdown.defenders)
        ));
    }
    for f in &o.defensive_fire {
        lines.push(format!(
            "defensive fire: {} at {}: {} lost",
            n(f.breakdown.firer),
            map.coord(f.breakdown.target),
            f.loss
        ));
    }
    // The odds it was fought at: the systems with their own distribution say it in their lines.
    if o.bridge.is_none() && o.breakdown.odds_words().is_none() {
        let odds = o.breakdown.odds();
        lines.push(format!(
            "odds: attacker's chance {:.0}%; expected losses: attacker {:.0}, defender {:.0}",
            odds.attacker_win_probability * 100.0,
            odds.expected_attacker_loss,
            odds.expected_defender_loss
        ));
    }
    // The working (strengths, modifiers, loss ranges and rolls), then each unit's fate on one
    // line under its side: a two-against-one melee reads without scrolling.
    if o.bridge.is_some() {
        lines.extend(melee_lines(table, names, o));
    } else {
        lines.extend(
            working_lines(names, o)
                .into_iter()
                .map(|l| l.trim_start().to_string()),
        );
        lines.extend(fates(table, names, o));
    }
    let result = match o.loser {
        Some(MeleeSide::Defender) => "the attacker won",
        Some(MeleeSide::Attacker) => "the defender held",
        None => "the bridge",
    };
    Card {
        title: format!("Melee at {}: {result}", map.coord(at)),
        lines,
        at,
    }
}

#[derive(Component)]
struct CardTitle;

/// The card's lines (the layout trace measures whether they fit).
/// "more below" under a card whose end is out of sight.
#[derive(Component)]
struct CardMore;

#[derive(Component)]
pub(crate) struct CardBody;

#[derive(Component)]
struct CardCount;

/// The card's buttons.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardButton {
    Back,
    On,
    Close,
    CloseAll,
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Cards>()
        .add_systems(Startup, spawn)
        .add_observer(press)
        .add_systems(
            Update,
            (
                show,
                crate::client::theme::regions::wheel_scrolls::<CardBody>,
                crate::client::theme::regions::more_below::<CardBody, CardMore>,
            )
                .chain(),
        );
}

fn small_button(commands: &mut Commands, which: CardButton, label: &str) -> Entity {
    let node = widget::button_node().pad(UiRect::axes(Val::Px(6.0), Val::Px(2.0)));
    commands
        .spawn((
            widget::button_in(which, node),
            crate::client::theme::regions::Tip(match which {
                CardButton::Back => "The card before".into(),
                CardButton::On => "The card after".into(),
                CardButton::Close => "Close this card (the log keeps it)".into(),
                CardButton::CloseAll => "Close every card".into(),
            }),
            Name::new(format!("Card{which:?}")),
        ))
        .with_children(|t| {
            t.spawn(widget::label_text(label, 12.0));
        })
        .id()
}

fn spawn(mut commands: Commands, regions: Query<(Entity, &Region)>) {
    let Some(region) = find(&regions, Region::Results) else {
        return;
    };
    let back = small_button(&mut commands, CardButton::Back, "<");
    let count = commands
        .spawn((CardCount, palette::dim_text("", 11.0)))
        .id();
    let on = small_button(&mut commands, CardButton::On, ">");
    let close = small_button(&mut commands, CardButton::Close, "Close");
    let all = small_button(&mut commands, CardButton::CloseAll, "All");
    let bar = commands
        .spawn(widget::row(4.0))
        .add_children(&[back, count, on])
        .id();
    let gap = commands.spawn(Node::default().grow()).id();
    let head = commands
        .spawn(widget::row(4.0))
        .add_children(&[bar, gap, close, all])
        .id();
    let title = commands
        .spawn((
            CardTitle,
            palette::coloured_text("", 13.0, palette::OBJECTIVE),
        ))
        .id();
    let body = commands
        .spawn((CardBody, crate::client::theme::widget::scrolling_column()))
        .with_children(|c| {
            c.spawn(palette::text("", 12.0));
        })
        .id();
    // A long card's end below the column's foot: it scrolls, and says so (issue 59).
    let more = commands
        .spawn((
            CardMore,
            widget::more_below_line("▼ more below: scroll", 12.0, palette::DIM),
        ))
        .id();
    commands
        .entity(region)
        .add_children(&[head, title, body, more]);
}

fn press(pressed: On<Pressed>, q: Query<&CardButton>, mut cards: ResMut<Cards>) {
    match q.get(pressed.entity) {
        Ok(CardButton::Back) => cards.turn(-1),
        Ok(CardButton::On) => cards.turn(1),
        Ok(CardButton::Close) => cards.close(),
        Ok(CardButton::CloseAll) => cards.close_all(),
        Err(_) => {}
    }
}

#[allow(clippy::type_complexity)]
fn show(
    cards: Res<Cards>,
    mut region: Query<(&Region, &mut Node)>,
    mut title: Query<&mut Text, (With<CardTitle>, Without<CardCount>)>,
    mut count: Query<&mut Text, (With<CardCount>, Without<CardTitle>)>,
    body: Query<&Children, With<CardBody>>,
    mut texts: Query<&mut Text, (Without<CardTitle>, Without<CardCount>)>,
    mut scroll: Query<&mut ScrollPosition, With<CardBody>>,
) {
    if !cards.is_changed() {
        return;
    }
    let card = cards.showing.and_then(|i| cards.all.get(i));
    for (r, mut n) in &mut region {
        if *r == Region::Results {
            crate::client::theme::regions::show(&mut n, card.is_some());
        }
    }
    let Some(card) = card else { return };
    for mut t in &mut title {
        t.0.clone_from(&card.title);
    }
    let k = cards
        .showing
        .and_then(|i| cards.open.iter().position(|x| *x == i))
        .map_or(0, |k| k + 1);
    for mut t in &mut count {
        t.0 = format!("{k} of {}", cards.open.len());
    }
    let joined = card.lines.join("\n");
    for children in &body {
        for c in children.iter() {
            if let Ok(mut t) = texts.get_mut(c) {
                t.0.clone_from(&joined);
            }
        }
    }
    for mut p in &mut scroll {
        p.0.y = 0.0;
    }
}

/// The report of one melee, in lines.
pub fn melee_lines(
    table: &Table,
    names: &HashMap<UnitId, String>,
    o: &MeleeOutcome,
) -> Vec<String> {
    let map = &table.start.map;
    let b = &o.breakdown;
    let c = |h| map.coord(h).to_string();
    let n = |id| name_of(names, id);
    let mut out = Vec::new();
    if let Some(br) = &o.bridge {
        out.push(format!(
            "Bridge at {} attacked: strength {} -> {}{}",
            c(br.hex),
            br.before,
            br.after,
            if br.after == 0 { " (destroyed)" } else { "" }
        ));
        return out;
    }
    let who = match o.loser {
        Some(MeleeSide::Defender) => "the defender lost",
        Some(MeleeSide::Attacker) => "the attacker lost",
        None => "no decision",
    };
    out.push(format!(
        "MELEE on {}: {who} ({} melee system)",
        c(o.declaration.defending_hex),
        b.system.name()
    ));
    out.extend(working_lines(names, o));
    for l in &o.losses {
        let guns = if l.guns > 0 {
            format!(", {}", crate::rules::words::count(l.guns, "gun", "guns"))
        } else {
            String::new()
        };
        out.push(format!(
            "  {}: -{}{guns}",
            n(l.unit),
            crate::rules::words::count(l.men, "man", "men")
        ));
    }
    for m in &o.morale {
        out.push(format!(
            "  {} checks morale ({}): {} -- {}",
            n(m.unit),
            m.reason,
            m.figures(),
            m.result
        ));
    }
    for r in &o.retreats {
        out.push(format!(
            "  {} retreats {} -> {}",
            n(r.unit),
            c(r.from),
            c(r.to)
        ));
    }
    for r in &o.routs {
        out.push(format!(
            "  {} routs {} -> {}",
            n(r.unit),
            c(r.from),
            c(r.to)
        ));
    }
    for e in &o.eliminated {
        out.push(format!("  {} eliminated: {}", n(e.unit), e.reason));
    }
    for g in &o.captured {
        out.push(format!("  {} captured", n(*g)));
    }
    for a in &o.advanced {
        out.push(format!(
            "  {} advances into {}",
            n(*a),
            c(o.declaration.defending_hex)
        ));
    }
    out
}

/// The melee's working as the system fought it: each unit's working where the system shows it,
/// its own lines, the exact odds in its words, the strengths, modifiers, loss ranges and rolls.
fn working_lines(names: &HashMap<UnitId, String>, o: &MeleeOutcome) -> Vec<String> {
    let b = &o.breakdown;
    let n = |id| name_of(names, id);
    let mut out = Vec::new();
    let system = crate::rules::melee::named(b.system);
    // The system's per-unit working (Bodenstedt's CVs, Austerlitz's HC x EF x ...).
    if system.shows_unit_working() {
        for s in b.attackers.iter().chain(&b.defenders) {
            if let Some(w) = s.adjustments.first() {
                out.push(format!("  {}: {w}", s.name));
            }
        }
    }
    // The system's own working and the melee as it fought it (Bodenstedt's row, the impetus
    // rounds, La Bataille's checks and chart).
    out.extend(b.report_lines(o, &n));
    // The exact distribution the melee was fought at (§15.0 D-sys-6).
    if let Some(w) = b.odds_words() {
        out.push(format!("  odds: {w}"));
    }
    if system.own_losses() {
        // These systems' losses come from their own tables, not from loss ranges.
        out.push(format!(
            "  losses: attacker {}, defender {}",
            o.attacker_loss, o.defender_loss
        ));
    } else {
        out.push(format!(
            "  attack {:.0} -> {:.1}, defence {:.0} -> {:.1}{}",
            b.attack_base,
            b.attack_strength,
            b.defence_base,
            b.defence_strength,
            if b.cavalry_rule {
                " (cavalry rule: losses /4)"
            } else {
                ""
            }
        ));
        out.push(format!(
            "  modifiers: {}",
            crate::client::theme::words::sides_words(b)
        ));
        out.push(format!(
            "  loss ranges: attacker {:.1}-{:.1}, defender {:.1}-{:.1}; rolled: attacker {}, defender {}",
            b.attacker_loss_range[0],
            b.attacker_loss_range[1],
            b.defender_loss_range[0],
            b.defender_loss_range[1],
            o.attacker_loss,
            o.defender_loss
        ));
    }
    out
}

/// Each unit's fate in one line under its side's heading: the men and guns it lost, its morale
/// check, and where it went (retreat, rout, advance) or how it left the board.
fn fates(table: &Table, names: &HashMap<UnitId, String>, o: &MeleeOutcome) -> Vec<String> {
    let map = &table.start.map;
    let b = &o.breakdown;
    let c = |h| map.coord(h).to_string();
    let fate = |id: UnitId| -> String {
        let mut parts = Vec::new();
        if let Some(l) = o.losses.iter().find(|l| l.unit == id) {
            parts.push(if l.guns > 0 {
                format!(
                    "-{}, {}",
                    crate::rules::words::count(l.men, "man", "men"),
                    crate::rules::words::count(l.guns, "gun", "guns")
                )
            } else {
                format!("-{}", crate::rules::words::count(l.men, "man", "men"))
            });
        }
        for m in o.morale.iter().filter(|m| m.unit == id) {
            // A melee's own check is for its losses; any other reason is said.
            let why = if m.reason == crate::rules::morale::CheckReason::Losses {
                String::new()
            } else {
                format!(" ({})", m.reason)
            };
            parts.push(format!("morale{why} {}: {}", m.figures(), m.result));
        }
        for r in o.retreats.iter().filter(|r| r.unit == id) {
            parts.push(format!("retreats to {}", c(r.to)));
        }
        for r in o.routs.iter().filter(|r| r.unit == id) {
            parts.push(format!("routs to {}", c(r.to)));
        }
        for e in o.eliminated.iter().filter(|e| e.unit == id) {
            parts.push(format!("eliminated: {}", e.reason));
        }
        if o.captured.contains(&id) {
            parts.push("captured".into());
        }
        if o.advanced.contains(&id) {
            parts.push("advances".into());
        }
        if parts.is_empty() {
            parts.push("no loss".into());
        }
        format!("  {}: {}", name_of(names, id), parts.join("; "))
    };
    let mut out = Vec::new();
    let mut told: Vec<UnitId> = Vec::new();
    for (heading, side) in [("Attackers", &b.attackers), ("Defenders", &b.defenders)] {
        out.push(format!("{heading}:"));
        for s in side.iter() {
            out.push(fate(s.unit));
            told.push(s.unit);
        }
    }
    // Neighbours the rout spread to, and anyone else the melee touched.
    let others: Vec<UnitId> = o
        .losses
        .iter()
        .map(|l| l.unit)
        .chain(o.morale.iter().map(|m| m.unit))
        .chain(o.routs.iter().map(|r| r.unit))
        .chain(o.eliminated.iter().map(|e| e.unit))
        .chain(o.captured.iter().copied())
        .fold(Vec::new(), |mut v, id| {
            if !told.contains(&id) && !v.contains(&id) {
                v.push(id);
            }
            v
        });
    if !others.is_empty() {
        out.push("Others:".into());
        out.extend(others.into_iter().map(fate));
    }
    out
}
