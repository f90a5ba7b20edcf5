//! Saves, loads and replays: the same game however it is interrupted.

use bayonet::rules::order::{At, Order};
use bayonet::rules::scenario::parse;
use bayonet::sim::GiveOrder;
use bayonet::sim::save;
use bevy::prelude::*;

fn skirmish() -> bayonet::rules::scenario::Scenario {
    parse(
        "maps/test_skirmish.ron",
        include_str!("../maps/test_skirmish.ron"),
    )
    .unwrap()
}

/// The first half of a little game, as orders.
fn first_half(app: &mut App, s: &bayonet::rules::scenario::Scenario) {
    let _ = s;
    let unit = bayonet::rules::unit::UnitId;
    app.world_mut().write_message(GiveOrder(Order::Move {
        unit: unit(2),
        to: At(2, 4),
        path: None,
    }));
    app.update();
    app.world_mut().write_message(GiveOrder(Order::Fire {
        unit: unit(3),
        at: At(8, 4),
    }));
    app.update();
    app.world_mut().write_message(GiveOrder(Order::EndTurn));
    app.update();
}

fn second_half(app: &mut App) {
    for _ in 0..3 {
        app.world_mut().write_message(GiveOrder(Order::EndTurn));
        app.update();
    }
}

#[test]
fn a_saved_and_loaded_game_ends_exactly_as_an_uninterrupted_one() {
    let s = skirmish();
    let mut whole = crate::common::headless_app(s.clone(), Some(77));
    first_half(&mut whole, &s);
    second_half(&mut whole);
    let expected = save::snapshot(whole.world_mut());
    assert!(expected.over);

    let mut first = crate::common::headless_app(s.clone(), Some(77));
    first_half(&mut first, &s);
    let saved = save::save(first.world_mut());
    assert_eq!(saved.orders.len(), 3);
    assert_eq!(saved.orders[2], Order::EndTurn);
    // Through text, as on disk.
    let text = save::to_text(&saved);
    let back = save::from_text("mid.ron", &text).unwrap();
    assert_eq!(back, saved);
    let mut resumed = crate::common::load_app(&back).unwrap();
    assert_eq!(
        save::snapshot(resumed.world_mut()),
        saved.snapshot,
        "load restores the same state"
    );
    second_half(&mut resumed);
    assert_eq!(save::snapshot(resumed.world_mut()), expected);
    // And the whole log replays to the same final state.
    let end = save::save(resumed.world_mut());
    let r = save::replay(&end).unwrap();
    assert!(r.matches, "{r:?}");
    assert_eq!(r.orders, 6);
}

#[test]
fn altered_corrupt_or_foreign_saves_are_refused() {
    let s = skirmish();
    let mut app = crate::common::headless_app(s.clone(), Some(3));
    first_half(&mut app, &s);
    let text = save::to_text(&save::save(app.world_mut()));
    let altered = text.replacen("men: 400", "men: 900", 1);
    assert_ne!(altered, text);
    let e = save::from_text("x.ron", &altered).unwrap_err();
    assert!(e.message.contains("altered"), "{e}");
    let e = save::from_text("x.ron", &text[..text.len() / 2]).unwrap_err();
    assert!(e.line.is_some(), "{e}");
    let e = save::from_text("x.ron", include_str!("../maps/test_melee.ron")).unwrap_err();
    assert!(e.message.contains("not a Bayonet save"), "{e}");
}

#[test]
fn saves_are_written_atomically_by_the_command_line() {
    let dir = std::env::temp_dir().join("bayonet-save-test");
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("game.ron");
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_bayonet"))
        .args([
            "run",
            "maps/test_skirmish.ron",
            "--orders",
            "tests/data/short_game.ron",
            "--seed",
            "4",
            "--save",
        ])
        .arg(&out)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(status.status.success());
    assert!(!dir.join("game.ron.tmp").exists());
    let replay = std::process::Command::new(env!("CARGO_BIN_EXE_bayonet"))
        .args(["replay"])
        .arg(&out)
        .arg("--json")
        .output()
        .unwrap();
    assert!(replay.status.success());
    let v: serde_json::Value = serde_json::from_slice(&replay.stdout).unwrap();
    assert_eq!(v["matches"], true);
    // A damaged save: exit 1 with the reason, the file left as it was.
    std::fs::write(&out, "(format: \"bayonet-save\", version: 1,").unwrap();
    let bad = std::process::Command::new(env!("CARGO_BIN_EXE_bayonet"))
        .args(["replay"])
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("game.ron:"));
}

#[test]
fn a_version_1_save_is_refused_naming_its_version() {
    let s = skirmish();
    let mut app = crate::common::headless_app(s, Some(5));
    app.world_mut().write_message(GiveOrder(Order::EndTurn));
    app.update();
    let text = save::to_text(&save::save(app.world_mut()));
    // The current version reads back to the same save, to the letter.
    assert_eq!(
        save::to_text(&save::from_text("v4.ron", &text).unwrap()),
        text
    );
    let old = text.replacen("version: 4", "version: 1", 1);
    let e = save::from_text("old.ron", &old).unwrap_err();
    assert_eq!(e.file, "old.ron");
    assert!(e.message.contains("save version 1"), "{}", e.message);
    assert!(e.message.contains("reads version 4"), "{}", e.message);
}

/// Issue 58: a save made before fire was rewritten (RULES.md §7; save versions 2 and 3) was
/// played under the old fire, which this Bayonet no longer has: it could not replay as it was
/// played, so it is refused with a reason that says so, naming its version (a version 2 save
/// written by the last build that wrote them, and a version 3 header).
#[test]
fn a_save_from_before_the_fire_rewrite_is_refused_saying_why() {
    let v2 = include_str!("data/version2_save.ron");
    assert!(v2.contains("version: 2,"));
    let s = skirmish();
    let mut app = crate::common::headless_app(s, Some(5));
    app.world_mut().write_message(GiveOrder(Order::EndTurn));
    app.update();
    let v3 = save::to_text(&save::save(app.world_mut())).replacen("version: 4", "version: 3", 1);
    for (text, version) in [(v2.to_string(), 2), (v3, 3)] {
        let e = save::from_text("old.ron", &text).unwrap_err();
        assert_eq!(e.file, "old.ron");
        assert!(
            e.message.contains(&format!("save version {version}")),
            "{}",
            e.message
        );
        assert!(e.message.contains("old fire rules"), "{}", e.message);
        assert!(e.message.contains("cannot be replayed"), "{}", e.message);
    }
}

/// §15.0: a save names each melee system's numbers only where the scenario changed them (a
/// save made before the systems existed loads with their defaults), and a changed one is kept.
#[test]
fn a_save_leaves_out_each_systems_numbers_while_they_are_the_defaults() {
    use bayonet::rules::params::Parameters;
    let text = |p: &Parameters| ron::to_string(p).expect("parameters serialize");
    let base = Parameters::defaults();
    let plain = text(&base);
    let systems = ["austerlitz:", "bodenstedt:", "impetus:", "labataille:"];
    for s in systems {
        assert!(!plain.contains(s), "{s} written though default");
    }
    let mut changed = [base.clone(), base.clone(), base.clone(), base.clone()];
    changed[0].austerlitz.divisor = 1000.0;
    changed[1].bodenstedt.men_per_troop += 1;
    changed[2].impetus.max_rounds = 2;
    changed[3].labataille.men_per_increment = 50;
    for (p, s) in changed.iter().zip(systems) {
        let t = text(p);
        for other in systems {
            assert_eq!(t.contains(other), other == s, "{s}: {other} in {t}");
        }
        let back: Parameters = ron::from_str(&t).expect("parameters load");
        assert_eq!(&back, p, "{s}");
    }
}
