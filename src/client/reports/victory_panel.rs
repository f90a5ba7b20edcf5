//! Two sheets over the map, as the side at the screen knows the battle (D-fow-7). The victory
//! conditions (F2, or the Victory button; issue 44 item 1): where the side stands and how far its
//! next level is, every objective with its holder and points, the five levels' thresholds with a
//! mark where it stands, the turns left, each side's losses by kind with their points, and this
//! turn's changes of the score with their reasons (D-obj-2). The briefing (F3, or the Briefing
//! button; item 5): the history, the side's task, the levels, its reinforcements and the
//! optional rules in force.

use bevy::prelude::*;

use crate::client::theme::keys::{self, Act};
use crate::client::theme::palette;
use crate::rules::unit::Side;
use crate::rules::victory::{self, VictoryLevel};
use crate::sim::Table;

/// The sheets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sheet {
    Victory,
    Briefing,
}

/// The sheet open over the map, if any.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq)]
pub struct SheetOpen(pub Option<Sheet>);

impl SheetOpen {
    /// Opens `sheet`, or closes it when it is the one open.
    pub fn toggle(&mut self, sheet: Sheet) {
        self.0 = if self.0 == Some(sheet) {
            None
        } else {
            Some(sheet)
        };
    }
}

#[derive(Component)]
struct VictoryPanel;

/// The panel's words (a test reads them).
#[derive(Component)]
pub struct VictoryText;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<SheetOpen>()
        .add_systems(Startup, spawn)
        .add_systems(
            Update,
            (
                (close, fill).chain(),
                crate::client::theme::regions::wheel_scrolls::<VictoryPanel>,
            ),
        );
}

fn spawn(mut commands: Commands) {
    commands
        .spawn((VictoryPanel, sheet(80.0, 15)))
        .with_children(|p| {
            p.spawn((VictoryText, palette::text("", 14.0)));
        });
}

/// A sheet over the map, `width` percent of the window wide and centred, at layer `z`; hidden
/// until shown, its lines in a column that scrolls (the victory conditions, the briefing, the
/// end of the battle).
pub(crate) fn sheet(width: f32, z: i32) -> impl Bundle {
    (
        Node {
            position_type: PositionType::Absolute,
            top: Val::Px(40.0),
            left: Val::Percent((100.0 - width) / 2.0),
            width: Val::Percent(width),
            max_height: Val::Percent(88.0),
            padding: UiRect::all(Val::Px(16.0)),
            flex_direction: FlexDirection::Column,
            overflow: Overflow::scroll_y(),
            display: Display::None,
            ..default()
        },
        ScrollPosition::default(),
        Interaction::default(),
        BackgroundColor(Color::srgb(0.05, 0.05, 0.04)),
        GlobalZIndex(z),
        crate::client::theme::regions::Furniture,
    )
}

fn close(input: Res<ButtonInput<KeyCode>>, mut open: ResMut<SheetOpen>) {
    if open.0.is_some() && keys::pressed(&input, Act::Deselect) {
        open.0 = None;
    }
}

fn fill(
    open: Res<SheetOpen>,
    table: Res<Table>,
    viewer: Option<Res<crate::client::seen::Viewer>>,
    news: Option<Res<super::score_news::ScoreNews>>,
    mut panel: Query<&mut Node, With<VictoryPanel>>,
    mut text: Query<&mut Text, With<VictoryText>>,
) {
    let game = &table.board;
    if !open.is_changed() && !(open.0.is_some() && table.is_changed()) {
        return;
    }
    for mut n in &mut panel {
        crate::client::theme::regions::show(&mut n, open.0.is_some());
    }
    let side = viewer.and_then(|v| v.0).unwrap_or(table.start.first_side);
    let words = match open.0 {
        None => return,
        Some(Sheet::Victory) => {
            let this_turn = news.map(|n| n.this_turn.clone()).unwrap_or_default();
            conditions(&table.start, &game, side, &this_turn)
        }
        Some(Sheet::Briefing) => briefing(&table.start, &game, side),
    }
    .join("\n");
    for mut t in &mut text {
        if t.0 != words {
            t.0.clone_from(&words);
        }
    }
}

/// The victory conditions in lines, as `side` reads them.
pub fn conditions(
    start: &crate::rules::scenario::Scenario,
    board: &crate::rules::board::Board,
    side: Side,
    this_turn: &[String],
) -> Vec<String> {
    let seen = victory::as_seen(start, board, side);
    let vp = victory::report(start, &seen);
    let name = |s: Side| start.side_name(s).to_string();
    let (points, level) = vp.for_side(start, side);
    let mut out = vec![format!(
        "VICTORY CONDITIONS: the {} stands at {points:+.0} points, a {level}",
        name(side)
    )];
    out.push(match victory::to_next_level(start, vp.total, side) {
        Some((short, up)) => format!("  {short:.0} points short of a {up}"),
        None => "  the best there is: hold it to the end".to_string(),
    });
    let t = board.turn_state();
    out.push(format!(
        "  Turn {} of {} ({}): {} more after this one; the last at {}",
        t.turn,
        t.last_turn,
        t.clock(),
        t.last_turn.saturating_sub(t.turn),
        crate::rules::board::clock_at(crate::rules::turn::last_turn_clock(board))
    ));
    out.push(String::new());
    out.extend(objectives(start, &seen, side));
    out.push(String::new());
    out.push(format!(
        "LEVELS, in the {}'s points (> marks where it stands)",
        name(side)
    ));
    let bands = bands(start, side);
    for (l, when) in bands {
        let here = if l == level { ">" } else { " " };
        out.push(format!(" {here} {l}: {when}"));
    }
    out.push(String::new());
    out.extend(losses(start, board, &seen, side));
    out.push(String::new());
    out.push("CHANGES SINCE YOUR LAST TURN".into());
    if this_turn.is_empty() {
        out.push("  none yet".into());
    }
    out.extend(this_turn.iter().map(|l| format!("  {l}")));
    out.push(String::new());
    out.push("F2 or Esc closes".into());
    out
}

/// Each objective with its points and who holds it, as `side` has seen it, since when.
fn objectives(
    start: &crate::rules::scenario::Scenario,
    seen: &crate::rules::board::Board,
    side: Side,
) -> Vec<String> {
    let name = |s: Side| start.side_name(s).to_string();
    let mut out = Vec::new();
    out.push("OBJECTIVES (points: held by)".into());
    for o in &seen.map.objectives {
        let holder = o
            .owner
            .map_or("nobody".to_string(), |s| format!("the {}", name(s)));
        let mine = match o.owner {
            Some(s) if s == side => " (yours)",
            Some(_) => " (the enemy's)",
            None => "",
        };
        // Since when: the turn it was taken, or the start for a holder the scenario set.
        let since = match (o.owner, o.since) {
            (None, _) => String::new(),
            (Some(_), None) => ", from the start".to_string(),
            (Some(_), Some(n)) => format!(", since turn {n}"),
        };
        out.push(format!(
            "  {} ({}): {holder}{mine}{since}",
            o.name, o.points
        ));
    }
    out
}

/// Each side's losses by kind, in points (the enemy's as last seen under fog).
fn losses(
    start: &crate::rules::scenario::Scenario,
    board: &crate::rules::board::Board,
    seen: &crate::rules::board::Board,
    side: Side,
) -> Vec<String> {
    let name = |s: Side| start.side_name(s).to_string();
    let mut out = Vec::new();
    out.push("LOSSES (points)".into());
    let v = &board.params.victory;
    for s in [side, side.enemy()] {
        let l = victory::lost_by_kind(start, seen, s);
        let as_seen = if s != side && crate::rules::fog::on(board) && !board.over {
            " as last seen"
        } else {
            ""
        };
        let n = crate::rules::words::count;
        let mut parts: Vec<String> = [
            (l.men, "man", "men", v.per_man),
            (l.guns, "gun", "guns", v.per_gun),
            (l.wagons, "wagon", "wagons", v.per_wagon),
            (l.leaders, "leader", "leaders", v.per_leader),
        ]
        .into_iter()
        .filter(|(k, ..)| *k > 0)
        .map(|(k, one, many, per)| format!("{} ({})", n(k, one, many), k * per))
        .collect();
        if l.captured > 0.0 {
            parts.push(format!("guns captured ({:.0})", l.captured));
        }
        let what = if parts.is_empty() {
            "nothing yet".to_string()
        } else {
            format!("{}; {:.0} in all", parts.join(", "), l.points(seen))
        };
        out.push(format!("  {}{as_seen}: {what}", name(s)));
    }
    out
}

/// The five levels, each with the range of points that gives it, in `side`'s own points
/// ("Draw: −699 to −576"; issue 59: "Draw: below 200" read as if 0 were a Draw too).
pub fn bands(start: &crate::rules::scenario::Scenario, side: Side) -> Vec<(VictoryLevel, String)> {
    let (md, mnd, mnv, mjv) = own_thresholds(start, side);
    let p = |x: i32| points(x);
    let range = |lo: i32, hi: i32| {
        if lo >= hi {
            p(lo)
        } else {
            format!("{} to {}", p(lo), p(hi))
        }
    };
    // For the first side a Major Defeat is at or below `major_defeat`, a Minor Defeat at or
    // below `minor_defeat`, a Minor Victory from `minor_victory`, a Major from `major_victory`
    // (`rules::victory::level_of`); the second side's, negated, are the same shape.
    vec![
        (VictoryLevel::MajorDefeat, format!("{} or less", p(md))),
        (VictoryLevel::MinorDefeat, range(md + 1, mnd)),
        (VictoryLevel::Draw, range(mnd + 1, mnv - 1)),
        (VictoryLevel::MinorVictory, range(mnv, mjv - 1)),
        (VictoryLevel::MajorVictory, format!("{} or more", p(mjv))),
    ]
}

/// The thresholds in `side`'s own points, in the first side's shape (a Major Defeat at or
/// below the first, a Minor Defeat at or below the second, a Minor Victory from the third, a
/// Major from the fourth): turned round for the second side, whose Major Victory is the first
/// side's Major Defeat and whose points are the first side's negated.
pub fn own_thresholds(
    start: &crate::rules::scenario::Scenario,
    side: Side,
) -> (i32, i32, i32, i32) {
    let th = &start.victory;
    if side == start.first_side {
        (
            th.major_defeat,
            th.minor_defeat,
            th.minor_victory,
            th.major_victory,
        )
    } else {
        (
            -th.major_victory,
            -th.minor_victory,
            -th.minor_defeat,
            -th.major_defeat,
        )
    }
}

/// Points as the panels write them: signed, with a true minus and thousands grouped
/// ("+1,900", "−575", "0").
pub fn points(x: i32) -> String {
    let digits = x.unsigned_abs().to_string();
    let mut grouped = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(c);
    }
    match x.signum() {
        -1 => format!("\u{2212}{grouped}"),
        1 => format!("+{grouped}"),
        _ => grouped,
    }
}

/// The briefing in lines, as `side` reads it: the history, its task (the objectives to hold
/// and to take), the levels, its own reinforcements (D-fow: not the enemy's), the rules.
pub fn briefing(
    start: &crate::rules::scenario::Scenario,
    board: &crate::rules::board::Board,
    side: Side,
) -> Vec<String> {
    let name = |s: Side| start.side_name(s).to_string();
    let mut out = vec![start.name.to_uppercase(), String::new()];
    out.extend(wrap(&start.description, 100));
    out.push(String::new());
    out.push(format!("YOUR TASK, as the {}", name(side)));
    // The objectives as the scenario set them out (D-obj-1): the side's own to hold, the rest
    // to take.
    let (hold, take): (Vec<_>, Vec<_>) = start
        .map
        .objectives
        .iter()
        .partition(|o| o.owner == Some(side));
    let list = |v: &[&crate::rules::map::Objective]| {
        v.iter()
            .map(|o| format!("{} ({})", o.name, o.points))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if !hold.is_empty() {
        out.push(format!("  Hold: {}", list(&hold)));
    }
    if !take.is_empty() {
        out.push(format!("  Take: {}", list(&take)));
    }
    out.push(format!(
        "  and make the enemy lose more than you: a man is worth {}, a gun {}, a wagon {}, a leader {}",
        board.params.victory.per_man,
        board.params.victory.per_gun,
        board.params.victory.per_wagon,
        board.params.victory.per_leader
    ));
    // In the reading side's own points and terms (issue 59: the Union was told "the
    // Confederate's points decide").
    let (_, mnd, mnv, mjv) = own_thresholds(start, side);
    out.push(format!(
        "  Your points decide: a Minor Victory from {}, a Major Victory from {}; a Draw from {} to {}; below that a defeat (F2: where you stand)",
        points(mnv),
        points(mjv),
        points(mnd + 1),
        points(mnv - 1),
    ));
    out.push(format!(
        "  {} turns from {}",
        start.turns,
        crate::rules::board::clock_at(start.start_time)
    ));
    out.push(String::new());
    out.push("YOUR REINFORCEMENTS".into());
    let mut own: Vec<_> = start
        .reinforcements
        .iter()
        .filter(|r| r.unit.side == side)
        .collect();
    own.sort_by_key(|r| r.turn);
    if own.is_empty() {
        out.push("  none".into());
    }
    // One line a turn: where they come on, and who.
    let mut turns: Vec<u32> = own.iter().map(|r| r.turn).collect();
    turns.dedup();
    for t in turns {
        let those: Vec<_> = own.iter().filter(|r| r.turn == t).collect();
        let arrived = !those
            .iter()
            .any(|r| board.reinforcements.iter().any(|w| w.unit.id == r.unit.id));
        let names: Vec<&str> = those.iter().map(|r| r.unit.name.as_str()).collect();
        out.extend(wrap(
            &format!(
                "  turn {t}{}, near {}: {}",
                if arrived { " (arrived)" } else { "" },
                start.map.coord(those[0].unit.hex),
                names.join(", ")
            ),
            110,
        ));
    }
    out.push(String::new());
    let rules = crate::client::theme::words::rules_in_force(&board.params);
    out.push(format!(
        "OPTIONAL RULES IN FORCE: {}",
        if rules.is_empty() {
            "none".to_string()
        } else {
            rules.join(", ")
        }
    ));
    out.push(String::new());
    out.push("F3 or Esc closes".into());
    out
}

/// `text` in lines of at most about `width` characters, broken between words.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut line = String::new();
    for w in text.split_whitespace() {
        if !line.is_empty() && line.len() + 1 + w.len() > width {
            out.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(w);
    }
    if !line.is_empty() {
        out.push(line);
    }
    out
}
