//! The victory conditions (F2, or the Victory button; issue 44 item 1), as the side at the
//! screen knows them (D-fow-7): where it stands and how far its next level is, every objective
//! with its holder and points, the five levels' thresholds with a mark where it stands, the
//! turns left, each side's losses by kind with their points, and this turn's changes of the
//! score with their reasons (D-obj-2).

use bevy::prelude::*;

use super::keys::{self, Act};
use super::palette;
use crate::rules::unit::Side;
use crate::rules::victory::{self, VictoryLevel};
use crate::sim::{Battle, Game};

/// Whether the victory conditions are open.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq)]
pub struct VictoryOpen(pub bool);

#[derive(Component)]
struct VictoryPanel;

/// The panel's words (a test reads them).
#[derive(Component)]
pub struct VictoryText;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<VictoryOpen>()
        .add_systems(Startup, spawn)
        .add_systems(Update, (close, fill).chain());
}

fn spawn(mut commands: Commands) {
    commands
        .spawn((
            VictoryPanel,
            Node {
                position_type: PositionType::Absolute,
                top: Val::Px(40.0),
                left: Val::Percent(10.0),
                width: Val::Percent(80.0),
                max_height: Val::Percent(85.0),
                padding: UiRect::all(Val::Px(16.0)),
                overflow: Overflow::scroll_y(),
                display: Display::None,
                ..default()
            },
            ScrollPosition::default(),
            Interaction::default(),
            BackgroundColor(Color::srgb(0.05, 0.05, 0.04)),
            GlobalZIndex(15),
            super::place_names::Furniture,
        ))
        .with_children(|p| {
            p.spawn((VictoryText, palette::text("", 14.0)));
        });
}

fn close(input: Res<ButtonInput<KeyCode>>, mut open: ResMut<VictoryOpen>) {
    if open.0 && keys::pressed(&input, Act::Deselect) {
        open.0 = false;
    }
}

#[allow(clippy::too_many_arguments)]
fn fill(
    open: Res<VictoryOpen>,
    game: Res<Game>,
    battle: Res<Battle>,
    viewer: Option<Res<super::seen::Viewer>>,
    news: Option<Res<super::score_news::ScoreNews>>,
    mut panel: Query<&mut Node, With<VictoryPanel>>,
    mut text: Query<&mut Text, With<VictoryText>>,
) {
    if !open.is_changed() && !(open.0 && game.is_changed()) {
        return;
    }
    for mut n in &mut panel {
        super::regions::show(&mut n, open.0);
    }
    if !open.0 {
        return;
    }
    let side = viewer
        .and_then(|v| v.0)
        .unwrap_or(battle.scenario.first_side);
    let this_turn = news.map(|n| n.this_turn.clone()).unwrap_or_default();
    let words = conditions(&battle.scenario, &game, side, &this_turn).join("\n");
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
    let first = start.first_side;
    let name = |s: Side| start.side_name(s).to_string();
    let (points, level) = if side == first {
        (vp.total, vp.level)
    } else {
        (0.0 - vp.total, vp.level.for_the_other_side())
    };
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
        "  Turn {} of {} ({}): {} more after this one",
        t.turn,
        t.last_turn,
        t.clock(),
        t.last_turn.saturating_sub(t.turn)
    ));
    out.push(String::new());
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
        out.push(format!("  {} ({}): {holder}{mine}", o.name, o.points));
    }
    out.push(String::new());
    out.push(format!(
        "LEVELS, in the {}'s points (> marks where it stands)",
        name(side)
    ));
    // The thresholds turned round for the second side: its Major Victory is the first side's
    // Major Defeat.
    let th = &start.victory;
    let bands: Vec<(VictoryLevel, String)> = if side == first {
        vec![
            (
                VictoryLevel::MajorDefeat,
                format!("{} or less", th.major_defeat),
            ),
            (
                VictoryLevel::MinorDefeat,
                format!("{} or less", th.minor_defeat),
            ),
            (VictoryLevel::Draw, format!("below {}", th.minor_victory)),
            (
                VictoryLevel::MinorVictory,
                format!("below {}", th.major_victory),
            ),
            (
                VictoryLevel::MajorVictory,
                format!("{} or more", th.major_victory),
            ),
        ]
    } else {
        vec![
            (
                VictoryLevel::MajorDefeat,
                format!("{} or less", -th.major_victory),
            ),
            (
                VictoryLevel::MinorDefeat,
                format!("{} or less", -th.minor_victory),
            ),
            (VictoryLevel::Draw, format!("below {}", -th.minor_defeat)),
            (
                VictoryLevel::MinorVictory,
                format!("below {}", -th.major_defeat),
            ),
            (
                VictoryLevel::MajorVictory,
                format!("{} or more", -th.major_defeat),
            ),
        ]
    };
    for (l, when) in bands {
        let here = if l == level { ">" } else { " " };
        out.push(format!(" {here} {l}: {when}"));
    }
    out.push(String::new());
    out.push("LOSSES (points)".into());
    let v = &board.params.victory;
    for s in [side, side.enemy()] {
        let l = victory::lost_by_kind(start, &seen, s);
        let as_seen = if s != side && crate::rules::fog::on(board) && !board.over {
            " as last seen"
        } else {
            ""
        };
        let n = |k: u32, one: &str, many: &str| format!("{k} {}", if k == 1 { one } else { many });
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
            format!("{}; {:.0} in all", parts.join(", "), l.points(&seen))
        };
        out.push(format!("  {}{as_seen}: {what}", name(s)));
    }
    out.push(String::new());
    out.push("THIS TURN'S CHANGES".into());
    if this_turn.is_empty() {
        out.push("  none yet".into());
    }
    out.extend(this_turn.iter().map(|l| format!("  {l}")));
    out.push(String::new());
    out.push("F2 or Esc closes".into());
    out
}
