//! The score explained (RULES.md §18 D-obj-2): every change of the victory points, as the side
//! at the screen counts them (D-fow-7), goes into the log with its reason, and a note under the
//! top bar says the latest for a few seconds ("+138: Pike bridge taken by the Confederate").

use bevy::prelude::*;

use crate::client::theme::palette;
use crate::rules::board::Board;
use crate::rules::victory;
use crate::sim::Table;

/// How long the top bar says a change.
const SHOWN_SECONDS: f32 = 5.0;

/// The board the score was last counted on, and what the top bar is saying of it.
#[derive(Resource, Debug, Default)]
pub struct ScoreNews {
    last: Option<Board>,
    /// The latest changes in words, and the seconds left to show them on the top bar.
    pub said: Option<(String, f32)>,
    /// The latest changes in words, kept after the top bar has let them go.
    pub latest: Vec<String>,
    /// Every change since the reader's last turn ended (the other side's turn began), in words
    /// (the victory conditions list them): what the enemy's turn did is still there when the
    /// reader's turn begins (issue 59: it read "none yet" although the score had just moved).
    pub this_turn: Vec<String>,
    /// The line that summed up the other side's turn when the reader's turn last began (the
    /// first battle's lesson panel repeats it).
    pub turn_summary: Option<String>,
    /// The same changes, to be worded again for whoever reads them at the turn's start (at a
    /// hotseat the screen changes hands).
    since: Vec<victory::ScoreChange>,
}

/// The top bar's item for the latest change.
#[derive(Component)]
pub struct NewsText;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<ScoreNews>()
        .add_systems(Startup, spawn)
        .add_systems(
            Update,
            (tell.after(crate::client::seen::Looking), show).chain(),
        );
}

/// Under the top bar's left end, over the map: a note that comes and goes must not move the
/// panels (in a narrow window the top bar would wrap onto a second line).
fn spawn(mut commands: Commands) {
    commands.spawn((
        NewsText,
        Node {
            position_type: PositionType::Absolute,
            top: Val::Px(crate::client::theme::regions::TOP_BAR_HEIGHT + 4.0),
            left: Val::Px(8.0),
            // The turn's news is long: it wraps over the map's left rather than off the window.
            max_width: Val::Percent(60.0),
            padding: UiRect::axes(Val::Px(8.0), Val::Px(3.0)),
            display: Display::None,
            ..default()
        },
        BackgroundColor(palette::PANEL),
        GlobalZIndex(6),
        palette::coloured_text("", 15.0, palette::OBJECTIVE),
    ));
}

/// Each change since the board was last counted, as the side at the screen reads it: a log
/// line apiece, and the top bar's words.
pub(crate) fn tell(
    mut happened: MessageReader<crate::sim::Happened>,
    table: Res<Table>,
    viewer: Option<Res<crate::client::seen::Viewer>>,
    mut news: ResMut<ScoreNews>,
    mut report: ResMut<super::report::Report>,
) {
    let game = &table.board;
    let start = &table.start;
    let side = viewer.and_then(|v| v.0);
    let reader = side.unwrap_or(start.first_side);
    let turns: Vec<crate::rules::unit::Side> = happened
        .read()
        .filter_map(|h| h.0.kind::<crate::sim::TurnBegan>())
        .map(|t| t.side)
        .collect();
    for s in turns {
        if s != reader {
            news.this_turn.clear();
            news.since.clear();
        } else if side.is_some() && news.last.is_some() {
            // The reader's turn begins: what the other side's turn did to the score, summed up
            // in his own points.
            let sign = if reader == start.first_side {
                1.0
            } else {
                -1.0
            };
            let moved = sign * news.since.iter().map(|c| c.points).sum::<f64>();
            news.this_turn = news.since.iter().map(|c| c.words(start, reader)).collect();
            let line = summary(&news.this_turn, moved);
            report.add(line.clone());
            news.turn_summary = Some(line.clone());
            news.said = Some((line, SHOWN_SECONDS));
        }
    }
    if !table.is_changed() {
        return;
    }
    // Under fog, the enemy's losses as the side last saw them (D-fow-7).
    let now = match side {
        Some(s) => victory::as_seen(start, &game, s),
        None => game.clone(),
    };
    // The first count is the start: nothing has changed yet, but the score may not be nought
    // (issue 59: "every opening score explained"): say why.
    if news.last.is_none() {
        report.add(opening(start, &now, reader));
    }
    let changes = news
        .last
        .as_ref()
        .map(|before| victory::changes(start, before, &now))
        .unwrap_or_default();
    let lines: Vec<String> = changes.iter().map(|c| c.words(start, reader)).collect();
    news.since.extend(changes);
    news.last = Some(now);
    if lines.is_empty() {
        return;
    }
    for l in &lines {
        report.add(l.clone());
    }
    news.said = Some((lines.join("; "), SHOWN_SECONDS));
    news.this_turn.extend(lines.iter().cloned());
    news.latest = lines;
}

fn show(
    time: Res<Time>,
    mut news: ResMut<ScoreNews>,
    mut text: Query<(&mut Text, &mut Node), With<NewsText>>,
    regions: Query<(&crate::client::theme::regions::Region, &ComputedNode)>,
    window: Query<&Window, With<bevy::window::PrimaryWindow>>,
) {
    let below = crate::client::theme::regions::below_top_bar(&regions) + 4.0;
    // A long note wraps over the map, not over the right-hand column's aids.
    let room = window.single().map_or(Val::Auto, |w| {
        let free = w.width() - crate::client::theme::regions::column(w.width()) - 16.0;
        Val::Px(free.max(200.0))
    });
    let words = match news.said.as_mut() {
        Some((w, left)) => {
            *left -= time.delta_secs();
            if *left > 0.0 {
                w.clone()
            } else {
                String::new()
            }
        }
        None => String::new(),
    };
    if words.is_empty() && news.said.is_some() {
        news.said = None;
    }
    for (mut t, mut n) in &mut text {
        if t.0 != words {
            t.0.clone_from(&words);
        }
        if n.top != Val::Px(below) {
            n.top = Val::Px(below);
        }
        if n.max_width != room {
            n.max_width = room;
        }
        crate::client::theme::regions::show(&mut n, !words.is_empty());
    }
}

/// The line that opens a player's turn: how the other side's turn moved his points, and why.
pub fn summary(changes: &[String], moved: f64) -> String {
    if changes.is_empty() {
        "Since your last turn the score has not moved".into()
    } else {
        format!(
            "Since your last turn: {:+.0} points to you ({})",
            moved,
            changes.join("; ")
        )
    }
}

/// The line that explains the score a battle opens at, in `reader`'s points: the objectives each
/// side holds at the start (D-obj-1).
pub fn opening(
    start: &crate::rules::scenario::Scenario,
    b: &Board,
    reader: crate::rules::unit::Side,
) -> String {
    let held = |s: crate::rules::unit::Side| -> (u32, Vec<String>) {
        let mine: Vec<_> = b
            .map
            .objectives
            .iter()
            .filter(|o| o.owner == Some(s))
            .collect();
        (
            mine.iter().map(|o| o.points).sum(),
            mine.iter()
                .map(|o| format!("{} ({})", o.name, o.points))
                .collect(),
        )
    };
    let (own, own_names) = held(reader);
    let (theirs, their_names) = held(reader.enemy());
    let total = i64::from(own) - i64::from(theirs);
    let mut why = Vec::new();
    for (s, names) in [(reader, own_names), (reader.enemy(), their_names)] {
        if !names.is_empty() {
            why.push(format!(
                "the {} holds {}",
                start.side_name(s),
                names.join(" and ")
            ));
        }
    }
    if why.is_empty() {
        "The battle opens at 0 points: no objective is held yet".into()
    } else {
        format!(
            "The battle opens at {total:+} points to you: {}",
            why.join("; ")
        )
    }
}
