//! The melee report and message log: every modifier, both strengths, the loss ranges and the
//! rolls, the loser, morale, retreats, eliminations, captures and advances; rejected orders
//! with the rule they break; turn changes. Also shows what a drag would do.

use std::collections::HashMap;

use bevy::prelude::*;

use super::layout::MapLayout;
use super::melee_drag::DragPreview;
use super::palette;
use super::regions::{Region, find};
use super::z;
use crate::rules::melee::{MeleeOutcome, MeleeSide};
use crate::rules::unit::UnitId;
use crate::sim::{
    Battle, Fired, GameEnded, MeleeCalledOff, MeleeCancelled, MeleeDeclared, MeleeResolved,
    OrderRejected, PhaseMoraleChecked, TurnBegan, UnitMoved, UnitState,
};

/// A number that rises from a hex and fades: losses where they happened.
#[derive(Component)]
struct Floater(f32);

fn float(commands: &mut Commands, layout: &MapLayout, hex: hexx::Hex, text: String, color: Color) {
    commands.spawn((
        Floater(0.0),
        Text2d::new(text),
        TextFont {
            font_size: FontSize::Px(16.0),
            ..default()
        },
        TextColor(color),
        Transform::from_translation(layout.center(hex).extend(z::COUNTER + 8.0)),
    ));
}

fn floaters(
    mut commands: Commands,
    time: Res<Time>,
    mut q: Query<(Entity, &mut Floater, &mut Transform, &mut TextColor)>,
) {
    for (e, mut f, mut t, mut c) in &mut q {
        f.0 += time.delta_secs();
        t.translation.y += 12.0 * time.delta_secs();
        c.0.set_alpha((1.0 - f.0 / 3.0).max(0.0));
        if f.0 > 3.0 {
            commands.entity(e).despawn();
        }
    }
}

/// Lines shown while the log is folded (the last of the history, then what the pointer would
/// do).
const FOLDED: usize = 1;

/// Whether the log is open (the whole history, scrolling) or folded to its last line.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq)]
pub struct LogOpen(pub bool);

#[derive(Resource, Default, Debug)]
pub struct Report {
    pub lines: Vec<String>,
}

#[derive(Component)]
struct ReportText;

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
                (collect, show).chain(),
                floaters,
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
        .with_children(|c| {
            c.spawn((ReportText, palette::text("", 12.0)));
        })
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

/// The report of one melee, in lines.
pub fn melee_lines(
    battle: &Battle,
    names: &HashMap<UnitId, String>,
    o: &MeleeOutcome,
) -> Vec<String> {
    let map = &battle.scenario.map;
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
    // Bodenstedt (§15.1): the CVs, the column and the row the d6 gave.
    // The other systems' per-unit working (Bodenstedt's CVs, Austerlitz's HC x EF x ...).
    if b.system != crate::rules::params::MeleeSystemName::Tiller {
        for s in b.attackers.iter().chain(&b.defenders) {
            if let Some(w) = s.adjustments.first() {
                out.push(format!("  {}: {w}", s.name));
            }
        }
    }
    if let Some(sb) = &b.sector {
        use crate::rules::melee::bodenstedt::COLUMNS;
        out.push(format!(
            "  odds {}:{} -> {}{}",
            sb.attack_cv,
            sb.defence_cv,
            COLUMNS[sb.raw_column],
            sb.defence_bonus
                .as_ref()
                .map_or(String::new(), |w| format!(", {w}: {}", COLUMNS[sb.column]))
        ));
        if let Some(row) = sb.rows.get((o.attacker_roll as usize).saturating_sub(1)) {
            let c = row.cell;
            out.push(format!(
                "  d6 {}: attacker {:+} {:?}, defender {:+} {:?}",
                o.attacker_roll,
                c.attacker_digit,
                c.attacker_letter,
                c.defender_digit,
                c.defender_letter
            ));
        }
    }
    let mods: Vec<String> = b
        .modifiers
        .iter()
        .map(|m| {
            format!(
                "{}{:+}% {}",
                if m.side == MeleeSide::Attacker {
                    "A"
                } else {
                    "D"
                },
                m.percent,
                m.name
            )
        })
        .collect();
    system_lines(b, o, &n, &mut out);
    // The exact distribution the melee was fought at (§15.0 D-sys-6).
    if let Some(w) = super::words::system_words(b) {
        out.push(format!("  odds: {w}"));
    }
    if b.sector.is_some() || b.impetus.is_some() || b.assault.is_some() {
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
            b.defense_base,
            b.defense_strength,
            if b.cavalry_rule {
                " (cavalry rule: losses /4)"
            } else {
                ""
            }
        ));
        if !mods.is_empty() {
            out.push(format!("  modifiers: {}", mods.join("; ")));
        }
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
    for l in &o.losses {
        let guns = if l.guns > 0 {
            format!(", {} guns", l.guns)
        } else {
            String::new()
        };
        out.push(format!("  {}: -{} men{guns}", n(l.unit), l.men));
    }
    for m in &o.morale {
        out.push(format!(
            "  {} checks morale ({}): {} vs {} -- {}",
            n(m.unit),
            m.reason,
            m.roll,
            m.morale,
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
    mut commands: Commands,
    layout: Res<MapLayout>,
) {
    let mut names: HashMap<UnitId, String> = battle
        .scenario
        .units
        .iter()
        .map(|u| (u.id, u.name.clone()))
        .collect();
    names.extend(units.iter().map(|u| (u.0.id, u.0.name.clone())));
    let map = &battle.scenario.map;
    let mut add = |l: String| report.lines.push(l);
    for d in declared.read() {
        add(format!(
            // The odds with the defenders' fire are in the pending panel, computed once there.
            "Melee declared on {}: {} units, attack {:.0} vs {:.0}, melee alone: attacker wins {:.0}%",
            map.coord(d.declaration.defending_hex),
            d.declaration.attackers.len(),
            d.breakdown.attack_strength,
            d.breakdown.defense_strength,
            d.odds.attacker_win_probability * 100.0
        ));
    }
    for u in undone.read() {
        add(format!("Undone: {}", u.what));
    }
    for c in cancelled.read() {
        add(format!("Melee on {} cancelled", map.coord(c.defending_hex)));
    }
    for r in rejected.read() {
        for v in &r.reasons {
            add(format!("Refused -- {v}"));
        }
    }
    let loss_colour = Color::srgb(1.0, 0.25, 0.2);
    let fire_line = |f: &crate::rules::fire::FireOutcome,
                     names: &HashMap<UnitId, String>,
                     commands: &mut Commands| {
        if f.loss > 0 {
            float(
                commands,
                &layout,
                f.breakdown.target,
                format!("-{}", f.loss),
                loss_colour,
            );
        }
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
    for m in moved.read() {
        let to = m
            .moved
            .path
            .last()
            .map(|h| map.coord(*h).to_string())
            .unwrap_or_default();
        lines.push(format!(
            "{} moves to {} ({} MP)",
            name_of(&names, m.moved.unit),
            to,
            m.moved.cost
        ));
        for f in &m.opportunity_fire {
            lines.push(fire_line(f, &names, &mut commands));
        }
    }
    let resolved: Vec<&MeleeResolved> = resolved.read().collect();
    let called: Vec<&MeleeCalledOff> = called.read().collect();
    // The defenders' fire before a melee is told with that melee, in its place.
    let before_melee = |f: &crate::rules::fire::FireOutcome| {
        resolved.iter().any(|m| m.0.defensive_fire.contains(f))
            || called.iter().any(|c| c.defensive_fire.contains(f))
    };
    for f in fired.read().filter(|f| !before_melee(&f.0)) {
        lines.push(fire_line(&f.0, &names, &mut commands));
    }
    for l in std::mem::take(&mut lines) {
        add(l);
    }
    let mut done = resolved.into_iter();
    for seq in 0..done.len() + called.len() {
        if let Some(c) = called.iter().find(|c| c.seq == seq) {
            for f in &c.defensive_fire {
                add(format!(
                    "Defensive fire: {}",
                    fire_line(f, &names, &mut commands).replacen("Opportunity fire: ", "", 1)
                ));
            }
            add(format!(
                "Melee on {} called off: {}",
                map.coord(c.declaration.defending_hex),
                c.reasons
                    .iter()
                    .map(|r| r.to_string())
                    .collect::<Vec<_>>()
                    .join("; ")
            ));
            continue;
        }
        let Some(m) = done.next() else { continue };
        for f in &m.0.defensive_fire {
            add(format!(
                "Defensive fire: {}",
                fire_line(f, &names, &mut commands).replacen("Opportunity fire: ", "", 1)
            ));
        }
        let d = m.0.declaration.defending_hex;
        if m.0.defender_loss > 0 {
            float(
                &mut commands,
                &layout,
                d,
                format!("-{}", m.0.defender_loss),
                Color::srgb(1.0, 0.25, 0.2),
            );
        }
        for l in melee_lines(&battle, &names, &m.0) {
            add(l);
        }
    }
    for p in phase.read() {
        for m in &p.checks {
            add(format!(
                "End of phase: {} checks morale ({}): {} vs {} -- {}",
                name_of(&names, m.unit),
                m.reason,
                m.roll,
                m.morale,
                m.result
            ));
        }
    }
    for g in ended.read() {
        lines.push(format!(
            "GAME OVER: {} ({:.0} victory points)",
            g.0.level, g.0.total
        ));
    }
    for l in lines {
        add(l);
    }
    for n in notices.read() {
        add(n.0.clone());
    }
    for p in phases.read() {
        add(format!(
            "-- {} phase: {} gives the orders --",
            p.phase.name(),
            battle.scenario.side_name(p.side)
        ));
    }
    for t in turns.read() {
        add(format!(
            "-- Turn {}, {}: {} to act --",
            t.turn,
            t.clock,
            battle.scenario.side_name(t.side)
        ));
    }
}

#[allow(clippy::too_many_arguments, clippy::type_complexity)]
fn show(
    report: Res<Report>,
    preview: Res<DragPreview>,
    hint: Res<super::command::Hint>,
    open: Res<LogOpen>,
    mut text: Query<&mut Text, (With<ReportText>, Without<HintText>)>,
    mut hint_text: Query<&mut Text, (With<HintText>, Without<ReportText>)>,
    mut panel: Query<&mut Node, With<ReportPanel>>,
    mut history: Query<(&mut ScrollPosition, &ComputedNode), With<History>>,
) {
    if !report.is_changed() && !preview.is_changed() && !hint.is_changed() && !open.is_changed() {
        return;
    }
    // Open: the whole game's history, scrolled to its foot; folded: its last line.
    let keep = if open.0 { report.lines.len() } else { FOLDED };
    let lines: Vec<String> = report.lines[report.lines.len().saturating_sub(keep)..].to_vec();
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
    let shown = !lines.is_empty() || !now.is_empty();
    let joined = lines.join("\n");
    for mut t in &mut text {
        if t.0 != joined {
            t.0.clone_from(&joined);
        }
    }
    for mut n in &mut panel {
        super::regions::show(&mut n, shown);
    }
    if report.is_changed() || open.is_changed() {
        for (mut p, node) in &mut history {
            p.0.y = node.content_size.y.max(1.0e6);
        }
    }
}

/// The impetus rounds (§15.2) and La Bataille's checks and chart (§15.3) as they were rolled.
fn system_lines(
    b: &crate::rules::melee::Breakdown,
    o: &MeleeOutcome,
    n: &dyn Fn(UnitId) -> String,
    out: &mut Vec<String>,
) {
    if let (Some(ib), Some(f)) = (&b.impetus, &o.fight) {
        let side = |s: &crate::rules::melee::impetus::ImpetusSide| {
            format!(
                "{} ({:?}{}, impetus {}, morale {})",
                s.lead_name,
                s.kind,
                if s.charging { ", charging" } else { "" },
                s.impetus,
                s.morale
            )
        };
        out.push(format!(
            "  {} vs {}; contact {:?}{}",
            side(&ib.attacker),
            side(&ib.defender),
            ib.contact,
            if ib.follow_up { "" } else { "; no follow-up" }
        ));
        if let Some(c) = f.closing {
            out.push(format!("  closing with the square: {}", c.code()));
        }
        for (i, r) in f.rounds.iter().enumerate() {
            out.push(format!(
                "  round {}: score A {} vs D {}; losses A {} D {}; morale A col {} {}, D col {} {}",
                i + 1,
                r.scores[0],
                r.scores[1],
                r.losses[0],
                r.losses[1],
                r.columns[0],
                r.results[0].code(),
                r.columns[1],
                r.results[1].code()
            ));
        }
        if f.broke_off {
            out.push("  the cavalry broke off".into());
        }
    }
    if let (Some(ab), Some(a)) = (&b.assault, &o.assault) {
        let roll = |k: usize| a.rolls[k].map_or("-".to_string(), |r| r.to_string());
        let failed = |ids: &[UnitId]| {
            if ids.is_empty() {
                "all pass".to_string()
            } else {
                let v: Vec<String> = ids.iter().map(|id| n(*id)).collect();
                format!("{} fail", v.join(", "))
            }
        };
        out.push(format!(
            "  pre-melee checks: D d66 {} ({:+}), A d66 {} ({:+}): {}",
            roll(0),
            ab.ratio_modifier[1],
            roll(1),
            ab.ratio_modifier[0],
            failed(&a.failed_before)
        ));
        if let (Some(c), Some(r)) = (a.column, a.result) {
            out.push(format!(
                "  chart: MV {:.1} vs {:.1} -> {}, d66 {}: {}",
                a.attack,
                a.defence,
                crate::rules::melee::labataille::COLUMNS[c].0,
                roll(2),
                r.code()
            ));
        }
        if a.rolls[3].is_some() || a.rolls[4].is_some() {
            out.push(format!(
                "  after losses: D d66 {}, A d66 {}: {}",
                roll(3),
                roll(4),
                failed(&a.failed_after)
            ));
        }
    }
}
