//! The end of a battle (issue 44 item 6): a screen over the map with the result and its level
//! against the thresholds, the points broken down (objectives, men, guns, wagons, leaders,
//! captured guns), each side's losses in men and guns, the three biggest melees, and buttons
//! for the after-action report, watching the replay and a new battle. Its figures are the
//! after-action report's, worked out once from the game's log when the last turn ends; the
//! Victory button (F2) opens it again once the battle is over.

use bevy::prelude::*;

use crate::after_action::{self, AfterAction};
use crate::client::theme::interaction::Pressed;
use crate::client::theme::keys::{self, Act};
use crate::client::theme::palette;
use crate::client::theme::widget::{self, Layout};
use crate::rules::board::Board;
use crate::rules::scenario::Scenario;
use crate::rules::unit::Side;
use crate::rules::victory;
use crate::sim::Table;

/// Whether the end screen is up, and its words (a test reads them).
#[derive(Resource, Debug, Default)]
pub struct EndScreen {
    pub open: bool,
    pub lines: Vec<String>,
}

/// The end screen's buttons.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum EndButton {
    Report,
    Watch,
    NewBattle,
    /// Only in a campaign's battle: record the result and go on to the campaign's screen.
    Campaign,
    Close,
}

impl EndButton {
    const ALL: [EndButton; 4] = [
        EndButton::Report,
        EndButton::Watch,
        EndButton::NewBattle,
        EndButton::Close,
    ];

    fn label(self) -> &'static str {
        match self {
            EndButton::Report => "After-action report",
            EndButton::Watch => "Watch the replay",
            EndButton::NewBattle => "New battle",
            EndButton::Campaign => "Carry on the campaign",
            EndButton::Close => "Close",
        }
    }
}

#[derive(Component)]
struct EndPanel;

#[derive(Component)]
struct EndText;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<EndScreen>()
        .add_systems(Startup, spawn)
        .add_observer(press)
        .add_systems(
            Update,
            (
                (at_the_end, reopen, close, replayed, show).chain(),
                crate::client::theme::regions::wheel_scrolls::<EndPanel>,
            ),
        );
}

fn spawn(mut commands: Commands, campaign: Option<Res<super::campaign::UnderWay>>) {
    commands
        .spawn((
            EndPanel,
            crate::client::reports::victory_panel::sheet(84.0, 16),
        ))
        .with_children(|p| {
            p.spawn((EndText, palette::text("", 14.0)));
            p.spawn(widget::wrap().margin(UiRect::top(Val::Px(12.0))).keep())
                .with_children(|row| {
                    if campaign.is_some() {
                        row.spawn(widget::text_button(
                            EndButton::Campaign,
                            EndButton::Campaign.label(),
                            15.0,
                            UiRect::all(Val::Px(4.0)),
                        ));
                    }
                    for b in EndButton::ALL {
                        row.spawn(widget::text_button(
                            b,
                            b.label(),
                            15.0,
                            UiRect::all(Val::Px(4.0)),
                        ));
                    }
                });
        });
}

/// When the last turn ends (or a finished game is opened), the screen comes up with the
/// after-action report's figures; not during a replay, which has its own bar.
fn at_the_end(
    table: Res<Table>,
    // Who looks, and whether it is a replay.
    (viewer, replaying): (
        Option<Res<crate::client::seen::Viewer>>,
        Option<Res<crate::sim::Replaying>>,
    ),
    mut screen: ResMut<EndScreen>,
    mut report: Option<ResMut<crate::client::reports::after_action_view::ReportView>>,
    mut was_over: Local<bool>,
) {
    let game = &table.board;
    let over = game.turn_state().over;
    if over && !*was_over && replaying.is_none() {
        let aar = after_action::of_game(&table.start, table.seed, &table.log);
        let side = viewer.and_then(|v| v.0).unwrap_or(table.start.first_side);
        screen.lines = end_lines(&table.start, &game, &aar, side);
        screen.open = true;
        if let Some(r) = report.as_mut() {
            r.open = false;
            r.keep(aar, table.log.len());
        }
    }
    *was_over = over;
}

/// A replay begun (the end screen's Watch, the toolbar's, `bayonet watch` of a finished game)
/// starts from order 0, where the end of the battle is not (issue 59: the end screen stood over
/// it); Victory (F2) brings it back.
fn replayed(
    watching: Option<Res<crate::client::replay::watch::Watching>>,
    mut screen: ResMut<EndScreen>,
) {
    if watching.is_some_and(|w| w.is_added()) && screen.open {
        screen.open = false;
    }
}

/// Once the battle is over, the Victory button (F2) brings the end screen back.
fn reopen(
    table: Res<Table>,
    mut sheet: ResMut<crate::client::reports::victory_panel::SheetOpen>,
    mut screen: ResMut<EndScreen>,
) {
    let game = &table.board;
    if game.turn_state().over
        && !screen.lines.is_empty()
        && sheet.0 == Some(crate::client::reports::victory_panel::Sheet::Victory)
    {
        sheet.0 = None;
        screen.open = true;
    }
}

fn press(
    pressed: On<Pressed>,
    q: Query<&EndButton>,
    mut screen: ResMut<EndScreen>,
    mut report: Option<ResMut<crate::client::reports::after_action_view::ReportView>>,
    mut watch: MessageWriter<crate::client::replay::watch::Watch>,
    table: Res<Table>,
    mut reopen: super::start::Reopen,
    mut campaign: Option<ResMut<super::campaign::UnderWay>>,
) {
    if let Ok(b) = q.get(pressed.entity) {
        screen.open = false;
        match b {
            EndButton::Report => {
                if let Some(r) = report.as_mut() {
                    r.open = true;
                }
            }
            EndButton::Watch => {
                watch.write(crate::client::replay::watch::Watch::ThisGame { from: 0 });
            }
            // A fresh window on this battle's start dialog, which offers every battle.
            EndButton::NewBattle => reopen.table(&table.start.file),
            EndButton::Campaign => {
                if let Some(u) = campaign.as_mut() {
                    match super::campaign::carry_on(u, &table.start, &table.board) {
                        Ok(()) => reopen.campaign_saved(&u.campaign.file, &u.save),
                        Err(e) => screen.lines.push(e),
                    }
                }
            }
            EndButton::Close => {}
        }
    }
}

fn close(input: Res<ButtonInput<KeyCode>>, mut screen: ResMut<EndScreen>) {
    if screen.open && keys::pressed(&input, Act::Deselect) {
        screen.open = false;
    }
}

fn show(
    screen: Res<EndScreen>,
    mut panel: Query<&mut Node, With<EndPanel>>,
    mut text: Query<&mut Text, With<EndText>>,
) {
    if !screen.is_changed() {
        return;
    }
    for mut n in &mut panel {
        crate::client::theme::regions::show(&mut n, screen.open);
    }
    let words = screen.lines.join("\n");
    for mut t in &mut text {
        if t.0 != words {
            t.0.clone_from(&words);
        }
    }
}

/// The end screen in lines, as `side` reads it: the after-action report's result, points and
/// losses, the level's place among the thresholds, and the points broken down from the final
/// board (the fog lifts at the end, D-fow-7).
pub fn end_lines(start: &Scenario, board: &Board, aar: &AfterAction, side: Side) -> Vec<String> {
    let name = |s: Side| start.side_name(s).to_string();
    let (points, level) = aar.result.for_side(start, side);
    let t = board.turn_state();
    let mut out = vec![
        format!("THE BATTLE IS OVER: {}", start.name),
        format!(
            "The {}: {} ({points:+.0} points), after {} turns, at {}",
            name(side),
            level.to_string().to_uppercase(),
            t.last_turn,
            t.clock()
        ),
        String::new(),
        "LEVELS, in your points".into(),
    ];
    for (l, when) in crate::client::reports::victory_panel::bands(start, side) {
        let here = if l == level { ">" } else { " " };
        out.push(format!(" {here} {l}: {when}"));
    }
    out.push(String::new());
    out.push(format!("YOUR POINTS, as the {}", name(side)));
    let i = |s: Side| usize::from(s.0 & 1);
    let (mine, theirs) = (side, side.enemy());
    let held = |s: Side| -> String {
        let names: Vec<String> = board
            .map
            .objectives
            .iter()
            .filter(|o| o.owner == Some(s))
            .map(|o| format!("{} {}", o.name, o.points))
            .collect();
        if names.is_empty() {
            "none".into()
        } else {
            names.join(", ")
        }
    };
    let objectives =
        aar.result.objectives[i(mine)] as f64 - aar.result.objectives[i(theirs)] as f64;
    out.push(format!(
        "  Objectives {objectives:+.0}: yours {} ({}), the enemy's {} ({})",
        aar.result.objectives[i(mine)],
        held(mine),
        aar.result.objectives[i(theirs)],
        held(theirs)
    ));
    let v = &board.params.victory;
    let [lm, lt] = [mine, theirs].map(|s| victory::lost_by_kind(start, board, s));
    for (what, own, enemy, per) in [
        ("Men", lm.men, lt.men, v.per_man),
        ("Guns", lm.guns, lt.guns, v.per_gun),
        ("Wagons", lm.wagons, lt.wagons, v.per_wagon),
        ("Leaders", lm.leaders, lt.leaders, v.per_leader),
    ] {
        let pts = (enemy * per) as f64 - (own * per) as f64;
        out.push(format!(
            "  {what} {pts:+.0}: the enemy lost {enemy}, you {own} ({} each)",
            crate::rules::words::count(per, "point", "points")
        ));
    }
    out.push(format!(
        "  Captured guns {:+.0}: taken from the enemy {:.0}, lost to it {:.0}",
        lt.captured - lm.captured,
        lt.captured,
        lm.captured
    ));
    out.push(format!("  In all {points:+.0}"));
    out.push(String::new());
    out.push("LOSSES".into());
    let totals = aar.totals();
    for s in [mine, theirs] {
        let (men, guns) = totals[i(s)];
        let n = crate::rules::words::count;
        out.push(format!(
            "  The {}: {}, {}",
            name(s),
            n(men, "man", "men"),
            n(guns, "gun", "guns")
        ));
    }
    out.push(String::new());
    out.extend(biggest_melees(start, board, aar));
    out
}

/// The three biggest melees: when, where, who attacked and how it went, the men lost.
fn biggest_melees(start: &Scenario, board: &Board, aar: &AfterAction) -> Vec<String> {
    let name = |s: Side| start.side_name(s).to_string();
    let mut out = Vec::new();
    out.push("THE BIGGEST MELEES".into());
    let biggest = aar.biggest_melees(3);
    if biggest.is_empty() {
        out.push("  none was fought".into());
    }
    for (k, m) in biggest.iter().enumerate() {
        let result = match m.winner {
            Some(w) if w == m.attacker => "and won".to_string(),
            Some(_) => "and were thrown back".to_string(),
            None => "with no decision".to_string(),
        };
        out.push(format!(
            "  {}. Turn {}, {}: the {} attacked {result}; {} men lost attacking, {} defending",
            k + 1,
            m.turn,
            board.map.place(board.map.hex_at(m.at), 3),
            name(m.attacker),
            m.attacker_loss,
            m.defender_loss
        ));
    }
    out
}
