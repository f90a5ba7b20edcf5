//! The top bar (scenario, turn, clock, side to act) and the side panel describing the hex under
//! the pointer or the selected one: terrain, elevation, hexsides, roads and units.

use bevy::prelude::*;

use crate::client::input::pointer::SelectedHex;
use crate::client::theme::palette;
use crate::client::theme::regions::{Region, find};
use crate::rules::hex::{Facing, Hex};
use crate::rules::unit::{Ammo, Crew, Unit, UnitKind};
use crate::sim::Table;

/// One item of the top bar: the battle, the turn, the clock, whose turn, melees, victory.
#[derive(Component)]
struct TopBar(usize);

const TOP_ITEMS: usize = 6;

#[derive(Component)]
struct SidePanel;

/// The list of pending melees with their strengths and odds.
#[derive(Component)]
struct PendingPanel;

#[derive(Component)]
struct PendingText;

/// The pending melees' list, which scrolls when there are more than the column holds.
#[derive(Component)]
struct PendingBody;

/// "more below" under the pending melees while some are out of sight.
#[derive(Component)]
struct PendingMore;

/// The selected hex's lines, which scroll when a long results card leaves them little room.
#[derive(Component)]
pub(crate) struct UnitBody;

/// "more below" under the selected hex's lines while some are out of sight (issue 59: the
/// last line was cut under a long results card).
#[derive(Component)]
struct UnitMore;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn).add_systems(
        Update,
        (
            top_bar,
            side_panel,
            pending_melees.after(crate::client::input::odds_work::collect_odds),
            // Issue 59: many melees clipped at the column's foot; they scroll, and say so.
            crate::client::theme::regions::wheel_scrolls::<PendingBody>,
            crate::client::theme::regions::more_below::<PendingBody, PendingMore>,
            crate::client::theme::regions::wheel_scrolls::<UnitBody>,
            crate::client::theme::regions::more_below::<UnitBody, UnitMore>,
        ),
    );
}

fn spawn(mut commands: Commands, regions: Query<(Entity, &Region)>) {
    // The top bar's items wrap onto a second line in a narrow window rather than run off it.
    if let Some(bar) = find(&regions, Region::TopBar) {
        for i in 0..TOP_ITEMS {
            let item = commands
                .spawn((TopBar(i), palette::text("", 15.0), TextLayout::no_wrap()))
                .id();
            commands.entity(bar).add_child(item);
        }
    }
    // The selected hex and its units, until the selection changes (hover details are the
    // tooltip's).
    if let Some(panel) = find(&regions, Region::UnitPanel) {
        let text = commands.spawn((SidePanel, palette::text("", 13.0))).id();
        let body = commands
            .spawn((UnitBody, crate::client::theme::widget::scrolling_column()))
            .add_child(text)
            .id();
        let more = commands
            .spawn(crate::client::theme::widget::more_below_line(
                "▼ more below: scroll",
                12.0,
                palette::DIM,
            ))
            .insert(UnitMore)
            .id();
        commands.entity(panel).add_children(&[body, more]);
    }
    if let Some(panel) = find(&regions, Region::Melees) {
        commands
            .entity(panel)
            .insert((PendingPanel, BorderColor::all(palette::PENDING)));
        let text = commands.spawn((PendingText, palette::text("", 13.0))).id();
        let body = commands
            .spawn((
                PendingBody,
                crate::client::theme::widget::scrolling_column(),
            ))
            .add_child(text)
            .id();
        let more = commands
            .spawn((
                PendingMore,
                crate::client::theme::widget::more_below_line(
                    "▼ more below: scroll",
                    12.0,
                    palette::PENDING,
                ),
            ))
            .id();
        commands.entity(panel).add_children(&[body, more]);
    }
}

fn top_bar(
    table: Res<Table>,
    viewer: Option<Res<crate::client::seen::Viewer>>,
    thinking: Res<crate::sim::Thinking>,
    mut q: Query<(&TopBar, &mut Text)>,
) {
    let game = &table.board;
    if !table.is_changed()
        && !thinking.is_changed()
        && !viewer.as_ref().is_some_and(|v| v.is_changed())
    {
        return;
    }
    let turn = game.turn_state();
    // Under fog, the points as the side at the screen knows them (D-fow-7).
    let at_screen = viewer.and_then(|v| v.0);
    let vp = match at_screen {
        Some(side) => crate::rules::victory::report_as_seen(&table.start, &game, side),
        None => table.victory(),
    };
    let s = &table.start;
    let side = s.side_name(turn.side);
    let light = if turn.night { "night" } else { "day" };
    // Under fog the player should know that what is not drawn may still be there (§16).
    let o = &game.params.optional;
    let light = match (o.fog(), o.extreme_fog_of_war) {
        (_, true) => format!("{light}, extreme fog of war"),
        (true, false) => format!("{light}, fog of war"),
        _ => light.to_string(),
    };
    let status = if turn.over {
        "game over".to_string()
    } else if game.phased() {
        format!(
            "{side} {}: {} acts",
            turn.phase.name(),
            s.side_name(game.ordering_side())
        )
    } else if thinking.0 == Some(turn.side) {
        // The computer plans off the frame: the map still answers meanwhile.
        format!("{side} (computer) thinking…")
    } else {
        format!("{side} to act")
    };
    let melees = match game.pending.len() {
        0 => String::new(),
        1 => "1 melee pending".to_string(),
        n => format!("{n} melees pending"),
    };
    let items = [
        s.name.clone(),
        format!("Turn {}/{}", turn.turn, turn.last_turn),
        format!("{} ({light})", turn.clock()),
        status,
        melees,
        points_words(s, &vp, at_screen),
    ];
    for (TopBar(i), mut t) in &mut q {
        if t.0 != items[*i] {
            t.0.clone_from(&items[*i]);
        }
    }
}

/// The victory points as the top bar says them: from the side at the screen (the first side's
/// when nobody is, or it is the first side), the level turned round for the other side, and how
/// far it is to the side's next level ("Minor Defeat; 120 short of a Draw").
pub fn points_words(
    s: &crate::rules::scenario::Scenario,
    vp: &crate::rules::victory::VictoryReport,
    at_screen: Option<crate::rules::unit::Side>,
) -> String {
    let side = at_screen.unwrap_or(s.first_side);
    let (points, level) = vp.for_side(s, side);
    let next = match crate::rules::victory::to_next_level(s, vp.total, side) {
        Some((short, up)) => format!("; {short:.0} short of a {up}"),
        None => String::new(),
    };
    format!("{} VP {points:+.0} ({level}{next})", s.side_name(side))
}

/// Each pending melee, numbered in the order it will resolve: where, against whom, both
/// strengths and the attacker's chance to win.
fn pending_melees(
    game: Res<crate::client::seen::Seen>,
    mut odds: ResMut<crate::client::input::odds_work::OddsWork>,
    mut text: Query<&mut Text, With<PendingText>>,
    mut panel: Query<&mut Node, With<PendingPanel>>,
    mut arrived: Local<u64>,
) {
    // Again when the game changes, or when odds it waits for come in.
    if !game.is_changed() && *arrived == odds.arrived {
        return;
    }
    *arrived = odds.arrived;
    let system = crate::rules::melee::system(&game.params);
    let mut lines = vec!["Pending melees (Resolve: R)".to_string()];
    for (i, p) in game.pending.iter().enumerate() {
        let b = system.breakdown(&game, p);
        let defender = game
            .units_at(p.defending_hex)
            .find(|u| !u.is_leader())
            .map_or("the bridge".to_string(), |u| u.name.clone());
        let from: Vec<String> = p
            .attacking_hexes(&game)
            .iter()
            .map(|h| game.map.coord(*h).to_string())
            .collect();
        let w = odds.get(&game, p);
        lines.push(format!(
            "{}. {} ({}) from {}\n   attack {:.0} vs defence {:.0}\n   {}\n   {}\n   {}{}",
            i + 1,
            defender,
            game.map.coord(p.defending_hex),
            from.join(" + "),
            b.attack_strength,
            b.defence_strength,
            crate::client::theme::words::sides_words(&b),
            w.as_ref().map_or(
                crate::client::theme::words::WORKING.to_string(),
                crate::client::theme::words::odds_words
            ),
            crate::client::theme::words::forecast_words(
                &game,
                &crate::rules::melee::forecast(&game, p)
            ),
            crate::client::theme::words::system_words(&b)
                .map_or(String::new(), |s| format!("\n   {s}"))
                + crate::client::theme::words::estimate_words(game.view())
        ));
    }
    crate::client::theme::regions::fill_panel(
        &mut text,
        &mut panel,
        &lines,
        !game.pending.is_empty(),
    );
}

fn side_panel(
    selected: Res<SelectedHex>,
    command: Res<crate::client::input::command::Selection>,
    table: Res<Table>,
    seen: Res<crate::client::seen::Seen>,
    mut q: Query<&mut Text, With<SidePanel>>,
    mut panel: Query<&mut Node, With<Region>>,
    regions: Query<(Entity, &Region)>,
) {
    if !(selected.is_changed() || seen.is_changed() || command.is_changed()) {
        return;
    }
    let text = selected
        .0
        .map(|hex| describe(hex, &table, seen.view(), command.unit));
    for mut t in &mut q {
        t.0 = text.clone().unwrap_or_default();
    }
    if let Some(mut n) = find(&regions, Region::UnitPanel).and_then(|e| panel.get_mut(e).ok()) {
        crate::client::theme::regions::show(&mut n, text.is_some());
    }
}

pub fn describe(
    hex: Hex,
    table: &Table,
    seen: &crate::rules::fog::View,
    chosen: Option<crate::rules::unit::UnitId>,
) -> String {
    let map = &seen.board.map;
    let c = map.coord(hex);
    let mut out = format!(
        "Hex {c}: {}, ground {} ft (level {})\n",
        map.terrain(hex).name(),
        map.ground_ft(hex),
        map.elevation(hex)
    );
    if let Some(b) = map.bridge(hex) {
        out += &format!("Full-hex bridge, strength {}/{}\n", b.strength, b.max);
    }
    for o in map.objectives.iter().filter(|o| o.hex == hex) {
        out += &format!("Objective: {} ({} points)\n", o.name, o.points);
    }
    for side in Facing::ALL {
        let feats: Vec<&str> = map.features(hex, side).iter().map(|f| f.name()).collect();
        let road = map.road(hex, side).map(|r| r.name());
        if feats.is_empty() && road.is_none() {
            continue;
        }
        let mut parts = feats;
        if let Some(r) = road {
            parts.push(r);
        }
        out += &format!("  {} side: {}\n", side.name(), parts.join(", "));
    }
    // Only what the side at the screen knows (§16 D-fow-6).
    let here: Vec<&Unit> = seen.board.units_at(hex).collect();
    if !here.is_empty() {
        out += "\n";
    }
    for u in here {
        if Some(u.id) == chosen {
            out += "> ";
        }
        let estimated = seen.estimates && u.side != seen.side;
        // A turn's marks are the acting side's: the enemy's from its own turn are over.
        let acting = u.side == seen.board.acting;
        out += &unit_line(table, u, estimated, acting, &seen.board);
    }
    for m in seen.last_seen.iter().filter(|m| m.hex == hex) {
        out += &format!(
            "\nLast seen here: {} {}, turn {} at {}\n",
            table.start.side_name(seen.side.enemy()),
            m.kind.name(),
            m.turn,
            crate::rules::board::clock_at(m.minutes)
        );
    }
    out
}

/// What a leader commands, by the scenario's name for it (§17 D-cc-1).
fn commands(table: &Table, u: &Unit) -> String {
    let s = &table.start;
    format!(
        "commands {}",
        s.post_name(u.side, &s.organisation.post_of(u))
    )
}

/// A unit in one line; an enemy under Extreme Fog of War as the estimate it is (D-fow-2); what
/// it has done this turn only while its side is acting.
fn unit_line(
    table: &Table,
    u: &Unit,
    estimated: bool,
    acting: bool,
    board: &crate::rules::board::Board,
) -> String {
    let side = table.start.side_name(u.side);
    if estimated {
        let strength = match u.kind {
            UnitKind::Artillery => format!("about {} guns", u.guns),
            UnitKind::Leader => "leader".to_string(),
            _ => format!("about {} men", u.men),
        };
        return format!(
            "{side} {} ({strength}), {}, facing {} (estimate)\n",
            u.kind.name(),
            u.formation.name(),
            u.facing.name()
        );
    }
    let strength = match u.kind {
        UnitKind::Leader => commands(table, u),
        UnitKind::Artillery => format!("{} guns, {} crew", u.guns, u.men),
        UnitKind::Supply => format!("{} wagon points", u.men),
        _ => format!("{} men", u.men),
    };
    let fatigue = u.fatigue_level().name();
    let mut flags = Vec::new();
    if u.disrupted {
        flags.push("disrupted".to_string());
    }
    if u.routed {
        flags.push("routed".to_string());
    }
    if let Some(t) = u.fixed_until {
        flags.push(format!("fixed until turn {t}"));
    }
    if u.isolated {
        flags.push("isolated".to_string());
    }
    if u.ammo != Ammo::Normal {
        flags.push(format!("ammo {:?}", u.ammo).to_lowercase());
    }
    if u.crew != Crew::Crewed {
        flags.push(format!("{:?}", u.crew).to_lowercase());
    }
    if u.is_captured() {
        flags.push("captured".to_string());
    }
    // Only under Command Control does the mark mean anything (issue 59: Gregg was "out of
    // command" in a game without the rule).
    if crate::rules::command::hampered(board, u) {
        flags.push("out of command".to_string());
    }
    let m = if acting { u.marks } else { Default::default() };
    let mut done = Vec::new();
    for (did, what) in [
        (m.moved, "moved"),
        (m.fired, "fired"),
        (m.meleed, "meleed"),
        (m.opportunity_fired, "opportunity-fired"),
    ] {
        if did {
            done.push(what);
        }
    }
    if m.mp_used > 0 {
        flags.push(format!("{} MP used", m.mp_used));
    }
    if !done.is_empty() {
        flags.push(format!("has {} this turn", done.join(", ")));
    }
    format!(
        "{} ({side})\n  {}, {}, {}, quality {:?}, facing {}\n  fatigue {} ({fatigue}){}{}\n",
        u.name,
        u.kind.name(),
        u.formation.name(),
        strength,
        u.quality,
        u.facing.name(),
        u.fatigue,
        if u.weapon.is_empty() {
            String::new()
        } else {
            format!(", {}", u.weapon)
        },
        if flags.is_empty() {
            String::new()
        } else {
            format!("\n  {}", flags.join(", "))
        },
    )
}
