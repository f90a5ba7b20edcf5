//! The map gestures (client): long press and drag to melee on touch, press and drag with the
//! mouse, pans and taps.

use bayonet::client::input::gesture::{Action, Gestures, Input, LONG_PRESS, Source};
use bayonet::rules::hex::Hex;
use bevy::math::Vec2;

const A: Hex = Hex::new(2, 3);
const D: Hex = Hex::new(3, 3);

fn down(source: Source, own: bool, t: f32) -> Input {
    Input::Down {
        pos: Vec2::new(100.0, 100.0),
        hex: Some(A),
        own,
        source,
        time: t,
    }
}

#[test]
fn mouse_press_drag_release_declares_a_melee() {
    let mut g = Gestures::default();
    assert_eq!(
        g.handle(down(Source::Mouse, true, 0.0)),
        vec![Action::MeleeArmed(A)]
    );
    assert!(g.in_melee_drag());
    let over = g.handle(Input::Move {
        pos: Vec2::new(160.0, 100.0),
        hex: Some(D),
        time: 0.1,
    });
    assert_eq!(over, vec![Action::MeleeOver(Some(D))]);
    let up = g.handle(Input::Up {
        pos: Vec2::new(160.0, 100.0),
        hex: Some(D),
        time: 0.2,
    });
    assert_eq!(up, vec![Action::Declare { from: A, to: D }]);
    assert!(!g.in_melee_drag());
}

#[test]
fn a_click_on_own_units_selects_them() {
    let mut g = Gestures::default();
    g.handle(down(Source::Mouse, true, 0.0));
    let up = g.handle(Input::Up {
        pos: Vec2::new(101.0, 100.0),
        hex: Some(A),
        time: 0.1,
    });
    assert_eq!(up, vec![Action::Tap(A)]);
}

#[test]
fn touch_needs_a_long_press_before_the_drag() {
    let mut g = Gestures::default();
    assert!(g.handle(down(Source::Touch, true, 0.0)).is_empty());
    assert!(
        g.handle(Input::Tick {
            time: LONG_PRESS * 0.8
        })
        .is_empty(),
        "not yet"
    );
    assert_eq!(
        g.handle(Input::Tick {
            time: LONG_PRESS + 0.01
        }),
        vec![Action::MeleeArmed(A)]
    );
    g.handle(Input::Move {
        pos: Vec2::new(170.0, 90.0),
        hex: Some(D),
        time: 0.8,
    });
    let up = g.handle(Input::Up {
        pos: Vec2::new(170.0, 90.0),
        hex: Some(D),
        time: 0.9,
    });
    assert_eq!(up, vec![Action::Declare { from: A, to: D }]);
}

#[test]
fn a_quick_touch_is_a_tap_and_a_quick_drag_pans() {
    let mut g = Gestures::default();
    g.handle(down(Source::Touch, true, 0.0));
    assert_eq!(
        g.handle(Input::Up {
            pos: Vec2::new(100.0, 100.0),
            hex: Some(A),
            time: 0.2
        }),
        vec![Action::Tap(A)]
    );
    // Moving before the long press completes is a pan, even from one's own units.
    g.handle(down(Source::Touch, true, 1.0));
    let moved = g.handle(Input::Move {
        pos: Vec2::new(130.0, 100.0),
        hex: Some(D),
        time: 1.1,
    });
    assert_eq!(moved, vec![Action::Pan(Vec2::new(30.0, 0.0))]);
    assert!(
        g.handle(Input::Tick { time: 2.0 }).is_empty(),
        "a pan never turns into a melee"
    );
    assert!(
        g.handle(Input::Up {
            pos: Vec2::new(130.0, 100.0),
            hex: Some(D),
            time: 2.1
        })
        .is_empty()
    );
}

#[test]
fn a_long_press_on_enemy_or_empty_ground_does_nothing() {
    let mut g = Gestures::default();
    g.handle(down(Source::Touch, false, 0.0));
    assert!(g.handle(Input::Tick { time: 3.0 }).is_empty());
    assert!(!g.in_melee_drag());
}

#[test]
fn a_mouse_drag_from_elsewhere_pans() {
    let mut g = Gestures::default();
    g.handle(down(Source::Mouse, false, 0.0));
    assert_eq!(
        g.handle(Input::Move {
            pos: Vec2::new(100.0, 150.0),
            hex: None,
            time: 0.1
        }),
        vec![Action::Pan(Vec2::new(0.0, 50.0))]
    );
    assert_eq!(
        g.handle(Input::Move {
            pos: Vec2::new(90.0, 150.0),
            hex: None,
            time: 0.2
        }),
        vec![Action::Pan(Vec2::new(-10.0, 0.0))]
    );
}

#[test]
fn a_pinch_or_release_off_the_map_drops_the_drag() {
    let mut g = Gestures::default();
    g.handle(down(Source::Mouse, true, 0.0));
    assert_eq!(g.handle(Input::Cancel), vec![Action::MeleeDropped]);
    g.handle(down(Source::Mouse, true, 1.0));
    assert_eq!(
        g.handle(Input::Up {
            pos: Vec2::ZERO,
            hex: None,
            time: 1.2
        }),
        vec![Action::MeleeDropped]
    );
}
