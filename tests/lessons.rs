//! The boot camp (issue 48): each lesson played to its end through the window's own input (taps,
//! clicks, drags, keys and buttons), each step completing only when its action is done, and a
//! wrong action answered with the step's hint.

use bayonet::client::lesson::{Lesson, LessonButton};
use bayonet::client::settings::SettingsFile;
use bevy::prelude::KeyCode;

use crate::rig::Rig;

fn step(r: &Rig) -> usize {
    r.res::<Lesson>().progress.step
}

fn hint(r: &Rig) -> Option<String> {
    r.res::<Lesson>().progress.hint.clone()
}

fn finished(r: &Rig) -> bool {
    let l = r.res::<Lesson>();
    l.progress.finished(&l.script)
}

/// The panel's Next, pressed.
fn next(r: &mut Rig) {
    r.press(LessonButton::Next);
}

#[test]
fn lesson_1_the_map_and_the_counters_to_its_end() {
    let dir = std::env::temp_dir().join(format!("bayonet-lesson-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let file = dir.join("settings.ron");
    let mut r = Rig::lesson(1, SettingsFile(Some(file.clone())));
    assert_eq!(step(&r), 0);
    next(&mut r);
    assert_eq!(step(&r), 1, "Next reads on");
    // Select the 20th Maine: the 83rd Pennsylvania is the wrong unit.
    r.click(2, 6);
    assert_eq!(step(&r), 1, "a wrong unit does not complete the step");
    assert!(hint(&r).unwrap().contains("another unit"), "{:?}", hint(&r));
    r.click(3, 5);
    assert_eq!(step(&r), 2);
    assert_eq!(hint(&r), None, "the hint goes with the step");
    next(&mut r);
    // The help, by its key; another button first is answered with the hint.
    r.tap_key(KeyCode::Digit7);
    assert_eq!(step(&r), 3);
    assert!(hint(&r).unwrap().contains("Help"));
    r.tap_key(KeyCode::F1);
    assert_eq!(step(&r), 4);
    r.tap_key(KeyCode::Escape);
    // The zoom, by its key.
    assert_eq!(step(&r), 4);
    r.tap_key(KeyCode::Equal);
    assert_eq!(step(&r), 5);
    next(&mut r);
    assert!(finished(&r));
    r.frames(2);
    assert_eq!(
        r.res::<bayonet::client::settings::Settings>().lessons_done & 1,
        1,
        "the lesson is remembered as done"
    );
    r.frames(2);
    let saved = std::fs::read_to_string(&file).unwrap();
    assert!(saved.contains("lessons_done: 1"), "{saved}");
}

#[test]
fn lesson_2_moving_and_facing_to_its_end() {
    let mut r = Rig::lesson(2, SettingsFile(None));
    r.click(2, 5);
    assert_eq!(step(&r), 1);
    // A move elsewhere is the wrong move: the hint, and undo puts it back.
    r.click(3, 5);
    r.click(3, 5);
    assert_eq!(step(&r), 1);
    assert!(hint(&r).unwrap().contains("5,4"), "{:?}", hint(&r));
    let at = |r: &Rig| {
        let g = r.res::<bayonet::sim::Game>();
        let c = g
            .map
            .coord(g.unit(bayonet::rules::unit::UnitId(1)).unwrap().hex);
        (c.col, c.row)
    };
    assert_eq!(at(&r), (3, 5));
    r.press(bayonet::client::toolbar::ToolButton::Undo);
    assert_eq!(at(&r), (2, 5), "undone");
    assert_eq!(step(&r), 1, "undo is never wrong, nor a step");
    r.click(2, 5);
    r.click(5, 4);
    assert_eq!(step(&r), 1, "the first click only shows the path");
    r.click(5, 4);
    assert_eq!(at(&r), (5, 4));
    assert_eq!(step(&r), 2, "the move to the ridge: {:?}", hint(&r));
    next(&mut r);
    r.tap_key(KeyCode::KeyX);
    assert_eq!(step(&r), 4);
    next(&mut r);
    assert!(finished(&r));
}
