//! The end of a battle (issue 44 item 6): the screen that comes up when the last turn ends, its
//! figures the after-action report's, and its buttons.

use bayonet::client::after_action_view::ReportView;
use bayonet::client::end_screen::{EndButton, EndScreen};
use bayonet::rules::order::Order;
use bayonet::sim::save::OrderLog;
use bayonet::sim::{Battle, Game, GameSeed, GiveOrder};
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
        assert!(!r.res::<Game>().turn_state().over);
        r.app.world_mut().write_message(GiveOrder(Order::EndTurn));
        r.frames(2);
    }
    assert!(r.res::<Game>().turn_state().over);
    r.frames(1);
    let screen = r.res::<EndScreen>();
    assert!(screen.open, "the end screen comes up");
    let text = screen.lines.join("\n");
    let s = r.res::<Battle>().scenario.clone();
    let aar = bayonet::after_action::of_game(&s, r.res::<GameSeed>().0, &r.res::<OrderLog>().0);
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

/// The replay from the end screen's button.
#[test]
fn the_end_screens_watch_button_replays_the_game() {
    let mut r = Rig::new();
    for _ in 0..2 * r.s.turns {
        r.app.world_mut().write_message(GiveOrder(Order::EndTurn));
        r.frames(2);
    }
    r.frames(1);
    assert!(r.res::<EndScreen>().open);
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
