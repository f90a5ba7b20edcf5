//! Where the battle stands, told as it happens (issue 44): the card that announces a side's
//! reinforcements (item 4), and the screen that comes up when the last turn ends, its figures
//! the after-action report's, and its buttons (item 6).

use bayonet::client::dialogs::end_screen::{EndButton, EndScreen};
use bayonet::client::reports::after_action_view::ReportView;
use bayonet::rules::order::Order;
use bayonet::sim::{GiveOrder, Table};
use bevy::input::ButtonState;
use bevy::prelude::*;

use crate::rig::Rig;

/// A melee fought, then every turn ended: the end screen's result, points, losses and biggest
/// melee are the after-action report's of the same game.
#[test]
fn the_end_screen_shows_the_after_action_reports_figures() {
    let mut r = Rig::new();
    r.mouse_drag((4, 4), (5, 4));
    r.mouse_drag((5, 5), (5, 4));
    r.key(KeyCode::KeyR, ButtonState::Pressed);
    r.frames(2);
    r.key(KeyCode::KeyR, ButtonState::Released);
    r.frames(1);
    assert!(!r.res::<EndScreen>().open, "not before the end");
    let turns = r.s.turns;
    for _ in 0..2 * turns {
        assert!(!r.res::<Table>().board.turn_state().over);
        r.app.world_mut().write_message(GiveOrder(Order::EndTurn));
        r.frames(2);
    }
    assert!(r.res::<Table>().board.turn_state().over);
    r.frames(1);
    let screen = r.res::<EndScreen>();
    assert!(screen.open, "the end screen comes up");
    let text = screen.lines.join("\n");
    let s = r.res::<bayonet::sim::Table>().start.clone();
    let aar = bayonet::after_action::of_game(
        &s,
        r.res::<bayonet::sim::Table>().seed,
        &r.res::<bayonet::sim::Table>().log,
    );
    assert!(aar.over && !aar.melees.is_empty(), "a melee was fought");
    let first = s.first_side;
    assert!(
        text.contains(&format!(
            "The {}: {} ({:+.0} points)",
            s.side_name(first),
            aar.result.level.to_string().to_uppercase(),
            aar.result.total
        )),
        "{text}"
    );
    assert!(
        text.contains(&format!("  In all {:+.0}", aar.result.total)),
        "{text}"
    );
    let totals = aar.totals();
    for side in [first, first.enemy()] {
        let (men, guns) = totals[usize::from(side.0 & 1)];
        let n = |k: u32, one: &str, many: &str| format!("{k} {}", if k == 1 { one } else { many });
        assert!(
            text.contains(&format!(
                "The {}: {}, {}",
                s.side_name(side),
                n(men, "man", "men"),
                n(guns, "gun", "guns")
            )),
            "{text}"
        );
    }
    let m = aar.biggest_melees(1)[0];
    assert!(
        text.contains(&format!(
            "1. Turn {}, {}",
            m.turn,
            s.map.place(s.map.hex_at(m.at), 3)
        )) && text.contains(&format!(
            "{} men lost attacking, {} defending",
            m.attacker_loss, m.defender_loss
        )),
        "{text}"
    );
    // The points add up: the objectives' and each kind's lines make the whole.
    let parts: f64 = text
        .lines()
        .filter(|l| {
            [
                "  Objectives ",
                "  Men ",
                "  Guns ",
                "  Wagons ",
                "  Leaders ",
                "  Captured guns ",
            ]
            .iter()
            .any(|p| l.starts_with(p))
        })
        .map(|l| {
            let n = l
                .split(':')
                .next()
                .unwrap()
                .split_whitespace()
                .last()
                .unwrap();
            n.parse::<f64>().unwrap()
        })
        .sum();
    assert_eq!(parts, aar.result.total, "{text}");
    // The report from its button; the Victory key brings the end screen back; Esc closes it.
    r.press(EndButton::Report);
    assert!(!r.res::<EndScreen>().open);
    assert!(r.res::<ReportView>().open);
    r.tap_key(KeyCode::Escape);
    r.tap_key(KeyCode::F2);
    assert!(r.res::<EndScreen>().open, "F2 brings it back");
    r.tap_key(KeyCode::Escape);
    assert!(!r.res::<EndScreen>().open, "Esc closes it");
}

/// The test field's battle with every turn ended, its end screen up.
fn played_to_the_end() -> Rig {
    let mut r = Rig::new();
    for _ in 0..2 * r.s.turns {
        r.app.world_mut().write_message(GiveOrder(Order::EndTurn));
        r.frames(2);
    }
    r.frames(1);
    assert!(r.res::<EndScreen>().open);
    r
}

/// The replay from the end screen's button.
#[test]
fn the_end_screens_watch_button_replays_the_game() {
    let mut r = played_to_the_end();
    r.press(EndButton::Watch);
    r.frames(2);
    assert!(!r.res::<EndScreen>().open);
    assert!(
        r.app
            .world()
            .get_resource::<bayonet::sim::Replaying>()
            .is_some(),
        "the replay is under way"
    );
}

/// Issue 59: a replay started another way than the end screen's button (the toolbar's Watch,
/// as `bayonet watch` of a finished game does) closes the end screen too: it stood over order 0.
#[test]
fn a_replay_of_a_finished_game_starts_without_the_end_screen() {
    let mut r = played_to_the_end();
    r.app
        .world_mut()
        .write_message(bayonet::client::replay::watch::Watch::ThisGame { from: 0 });
    r.frames(3);
    assert!(
        r.app
            .world()
            .get_resource::<bayonet::sim::Replaying>()
            .is_some()
    );
    assert!(!r.res::<EndScreen>().open, "the end screen over order 0");
}

/// Item 4: the Union's reserve comes on at the start of its turn 2; a card names it and its
/// place, and Go to them selects it. The Rebels' reserve, arriving in the computer's turn 3, is
/// not announced to the Union player (D-fow: the enemy's arrivals are not his to know).
#[test]
fn arrivals_are_announced_with_a_card_that_goes_to_them() {
    use bayonet::client::input::pointer::SelectedHex;
    use bayonet::client::panels::arrival_card::{ArrivalButton, ArrivalCard, ArrivalText};
    use bayonet::rules::unit::UnitId;
    let text = include_str!("../maps/test_skirmish.ron")
        .replace("turns: 2,", "turns: 3,")
        .replace(
            "    ],\n)",
            "        (id: 6, name: \"Union reserve\", side: 0, brigade: \"U\", kind: Infantry, at: (0, 4), facing: SE, men: 300, quality: C, arrives: 2),\n        (id: 16, name: \"Rebel reserve\", side: 1, brigade: \"C\", kind: Infantry, at: (11, 4), facing: SW, men: 300, quality: C, arrives: 3),\n    ],\n)",
        );
    let s = bayonet::rules::scenario::parse("r.ron", &text).unwrap();
    let mut r = Rig::on(s, bayonet::client::theme::settings::SettingsFile(None));
    r.app.insert_resource(bayonet::sim::Players([
        None,
        Some(bayonet::sim::Brain::Hold),
    ]));
    let end_turn = |r: &mut Rig| {
        r.app.world_mut().write_message(GiveOrder(Order::EndTurn));
        r.frames(6);
    };
    assert_eq!(r.res::<ArrivalCard>().0, None);
    end_turn(&mut r);
    let game = r.res::<Table>().board.clone();
    assert_eq!((game.turn, game.acting), (2, bayonet::rules::unit::Side(0)));
    let at = game.unit(UnitId(6)).expect("arrived").hex;
    assert_eq!(r.res::<ArrivalCard>().0, Some((2, vec![(UnitId(6), at)])));
    let words = {
        let mut q = r
            .app
            .world_mut()
            .query_filtered::<&Text, With<ArrivalText>>();
        q.single(r.app.world()).unwrap().0.clone()
    };
    assert!(
        words.contains("turn 2")
            && words.contains("Union reserve")
            && words.contains(&game.map.coord(at).to_string()),
        "{words}"
    );
    r.press(ArrivalButton::GoToThem);
    assert_eq!(r.res::<SelectedHex>().0, Some(at), "Go to them selects it");
    assert_eq!(r.res::<ArrivalCard>().0, None, "and the card goes");
    // Turn 3: the Rebels' reserve comes on in their turn, unannounced to the Union.
    end_turn(&mut r);
    end_turn(&mut r);
    let game = r.res::<Table>().board.clone();
    assert!(
        game.unit(UnitId(16)).is_some() || game.over,
        "the Rebels' turn 3 came"
    );
    assert_eq!(r.res::<ArrivalCard>().0, None);
}

/// Issue 59: the levels read as ranges in the reading side's own points ("Draw: −699 to
/// −576"), and each range holds exactly the totals the rules give that level (§13), for both
/// sides of every shipped battle.
#[test]
fn the_levels_read_as_ranges_that_match_the_rules() {
    use bayonet::client::reports::victory_panel::{bands, points};
    use bayonet::rules::victory::level_of;
    assert_eq!(points(-1900), "\u{2212}1,900");
    assert_eq!(points(25), "+25");
    assert_eq!(points(0), "0");
    let number = |t: &str| -> i32 {
        let t = t.trim().replace('\u{2212}', "-").replace([',', '+'], "");
        t.parse().unwrap_or_else(|_| panic!("{t:?}"))
    };
    let holds = |band: &str, x: i32| -> bool {
        if let Some(n) = band.strip_suffix(" or less") {
            x <= number(n)
        } else if let Some(n) = band.strip_suffix(" or more") {
            x >= number(n)
        } else if let Some((a, b)) = band.split_once(" to ") {
            (number(a)..=number(b)).contains(&x)
        } else {
            x == number(band)
        }
    };
    for file in [
        "maps/harpers_crossing.ron",
        "maps/railroad_cut.ron",
        "maps/brandy_station.ron",
    ] {
        let s = bayonet::load_scenario(file).unwrap();
        for side in [s.first_side, s.first_side.enemy()] {
            let list = bands(&s, side);
            for own in -4000..=4000 {
                let first = if side == s.first_side { own } else { -own };
                let level = level_of(&s.victory, first as f64);
                let level = if side == s.first_side {
                    level
                } else {
                    level.for_the_other_side()
                };
                let found: Vec<_> = list.iter().filter(|(_, b)| holds(b, own)).collect();
                assert_eq!(found.len(), 1, "{file} side {side:?} at {own}: {list:?}");
                assert_eq!(found[0].0, level, "{file} side {side:?} at {own}: {list:?}");
            }
            // The briefing speaks to the reader in his own points: where his Minor Victory
            // starts is where the ranges say.
            let text =
                bayonet::client::reports::victory_panel::briefing(&s, &s.board(), side).join("\n");
            let minor = &list[3].1;
            let from = minor.split(" to ").next().unwrap();
            assert!(
                text.contains(&format!("Your points decide: a Minor Victory from {from},")),
                "{file} side {side:?}: {text}"
            );
        }
    }
}

/// Issue 59: at the start of the player's turn a line sums up what the other side's turn did to
/// his score, and the victory panel's changes run since his last turn (they read "none yet").
#[test]
fn the_players_turn_opens_with_what_the_enemys_turn_did_to_the_score() {
    use bayonet::client::reports::score_news::ScoreNews;
    use bayonet::rules::order::At;
    use bayonet::rules::unit::{Side, UnitId};
    // A hotseat: the screen is the side's whose turn it is. The Union ends its turn.
    let mut r = Rig::with_plugins(crate::rig::field(), bayonet::client::headless);
    r.frames(1);
    assert_eq!(r.res::<Table>().board.ordering_side(), Side(0));
    r.app.world_mut().write_message(GiveOrder(Order::EndTurn));
    r.frames(2);
    // The Confederate battery at 7,2 fires on the Union cavalry at 6,2.
    r.app.world_mut().write_message(GiveOrder(Order::Fire {
        unit: UnitId(5),
        at: At(6, 2),
    }));
    r.frames(2);
    let lost = 300 - r.res::<Table>().board.unit(UnitId(6)).map_or(0, |u| u.men);
    assert!(lost > 0, "the fire cost men");
    r.app.world_mut().write_message(GiveOrder(Order::EndTurn));
    r.frames(3);
    let lines = r
        .res::<bayonet::client::reports::report::Report>()
        .lines
        .clone();
    let men = if lost == 1 { "man" } else { "men" };
    let change = format!("-{lost}: Union lost {lost} {men}");
    let want = format!("Since your last turn: -{lost} points to you ({change})");
    assert!(lines.contains(&want), "{want} in {lines:?}");
    assert_eq!(r.res::<ScoreNews>().this_turn, vec![change]);
    // A long note wraps over the map, never over the right-hand column (its aids): seen running
    // over them on a big turn of Pickett's Charge.
    let w = r
        .app
        .world_mut()
        .query_filtered::<&Window, With<bevy::window::PrimaryWindow>>()
        .single(r.app.world())
        .unwrap()
        .width();
    let column = bayonet::client::theme::regions::column(w);
    let mut q = r
        .app
        .world_mut()
        .query_filtered::<&Node, With<bayonet::client::reports::score_news::NewsText>>();
    let node = q.single(r.app.world()).unwrap();
    match node.max_width {
        Val::Px(most) => assert!(most <= w - column, "{most} of {w} beside a {column} column"),
        other => panic!("the note's width is not bounded: {other:?}"),
    }
}

/// Issue 59: the score a battle opens at is explained ("every opening score explained"): Harper's
/// Crossing opens at −350 to the Confederates because the Union holds the town and the ridge.
#[test]
fn the_opening_score_is_explained() {
    use bayonet::client::reports::score_news::opening;
    use bayonet::rules::unit::Side;
    let s = bayonet::load_scenario("maps/harpers_crossing.ron").unwrap();
    let b = s.board();
    assert_eq!(
        opening(&s, &b, Side(1)),
        "The battle opens at -350 points to you: the Union holds Harper's Crossing (200) and Seminary Ridge (150)"
    );
    assert!(opening(&s, &b, Side(0)).starts_with("The battle opens at +350 points to you"));
    let field = crate::rig::field();
    assert_eq!(
        opening(&field, &field.board(), Side(0)),
        "The battle opens at 0 points: no objective is held yet"
    );
}
