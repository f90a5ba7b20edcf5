//! The help overlay's keys, each sent to the window and its effect seen (issue 30, item 4): the
//! overlay and the input systems read one key table, and this test walks that table, so a key
//! that stops working, or a new one without a check, fails here.

use bayonet::client::dialogs::help::key_lines;
use bayonet::client::gate::HelpOpen;
use bayonet::client::input::command::{Notice, Selection};
use bayonet::client::map::camera::{MapCamera, ZoomLimits, scale_of};
use bayonet::client::panels::order_of_battle::OobPage;
use bayonet::client::panels::toolbar::EndTurnArmed;
use bayonet::client::replay::playback::{Pace, Playback};
use bayonet::client::replay::watch::{Offer, Watching};
use bayonet::client::reports::report::LogOpen;
use bayonet::client::theme::aid::Aids;
use bayonet::client::theme::keys::{Act, BINDINGS, Binding};
use bayonet::client::theme::settings::Settings;
use bayonet::client::theme::settings::SettingsFile;
use bayonet::rules::hex::Facing;
use bayonet::rules::params::MeleeSystemName;
use bayonet::rules::scenario::parse;
use bayonet::rules::unit::Side;
use bayonet::rules::unit::{Formation, UnitId};
use bayonet::sim::{AiPace, Brain, Players, ShowHold, Table};
use bevy::input::ButtonState;
use bevy::prelude::*;

use crate::rig::Rig;

/// The melee field with the Union cavalry stacked on the 450 Union at 4,4.
fn stacked() -> Rig {
    let text = include_str!("../maps/test_melee.ron")
        .replace("kind: Cavalry, at: (6, 2)", "kind: Cavalry, at: (4, 4)");
    Rig::on(parse("stacked.ron", &text).unwrap(), SettingsFile(None))
}

/// `key` pressed with the modifiers `b` asks for.
fn hit(r: &mut Rig, b: &Binding, key: KeyCode) {
    if b.ctrl {
        r.key(KeyCode::ControlLeft, ButtonState::Pressed);
    }
    if b.shift {
        r.key(KeyCode::ShiftLeft, ButtonState::Pressed);
    }
    r.key(key, ButtonState::Pressed);
    r.frames(1);
    r.key(key, ButtonState::Released);
    r.key(KeyCode::ControlLeft, ButtonState::Released);
    r.key(KeyCode::ShiftLeft, ButtonState::Released);
    r.frames(1);
}

fn facing(r: &Rig, id: u32) -> Facing {
    r.res::<Table>().board.unit(UnitId(id)).unwrap().facing
}

fn camera(r: &mut Rig) -> (Vec3, f32) {
    let mut q = r
        .app
        .world_mut()
        .query_filtered::<(&Transform, &Projection), With<MapCamera>>();
    let (t, p) = q.single(r.app.world()).unwrap();
    (t.translation, scale_of(p))
}

fn notices(r: &Rig) -> Vec<String> {
    r.read::<Notice>().into_iter().map(|n| n.0).collect()
}

/// The words of the sheet open over the map (the victory conditions or the briefing).
fn sheet_text(r: &mut Rig) -> String {
    let mut q = r
        .app
        .world_mut()
        .query_filtered::<&Text, With<bayonet::client::reports::victory_panel::VictoryText>>();
    q.single(r.app.world()).unwrap().0.clone()
}

/// One key of one binding: the state it needs, the key, and what must follow.
fn check(b: &Binding, key: KeyCode) {
    let what = format!("{key:?} ({})", b.what);
    let mut r = if b.act == Act::NextInStack {
        stacked()
    } else {
        Rig::new()
    };
    match b.act {
        Act::Help => {
            hit(&mut r, b, key);
            assert!(r.res::<HelpOpen>().0, "{what} opens the help");
            hit(&mut r, b, key);
            assert!(!r.res::<HelpOpen>().0, "{what} closes it again");
        }
        Act::Log => {
            hit(&mut r, b, key);
            assert!(r.res::<LogOpen>().0, "{what}");
        }
        Act::Save | Act::Load => {
            use bayonet::client::dialogs::saving::SaveDir;
            let dir =
                std::env::temp_dir().join(format!("bayonet-help-keys-{}", std::process::id()));
            std::fs::create_dir_all(&dir).unwrap();
            r.app.insert_resource(SaveDir(Some(dir.clone())));
            r.app
                .insert_resource(bayonet::client::reports::report::Report::default());
            if b.act == Act::Load {
                r.tap_key(KeyCode::F5);
            }
            hit(&mut r, b, key);
            let lines = &r.res::<bayonet::client::reports::report::Report>().lines;
            let word = if b.act == Act::Save {
                "Saved to"
            } else {
                "Loaded"
            };
            assert!(
                lines.iter().any(|l| l.starts_with(word)),
                "{what}: {lines:?}"
            );
        }
        Act::Undo => {
            r.click(5, 5);
            r.tap_key(KeyCode::KeyX);
            assert_eq!(facing(&r, 7), Facing::NE);
            hit(&mut r, b, key);
            assert_eq!(facing(&r, 7), Facing::N, "{what}");
        }
        Act::Resolve | Act::CancelMelee => {
            r.mouse_drag((4, 4), (5, 4));
            assert_eq!(r.res::<Table>().board.pending.len(), 1);
            hit(&mut r, b, key);
            assert!(r.res::<Table>().board.pending.is_empty(), "{what}");
            // Resolved, or called off by the defender's fire: fought out either way.
            let resolved = r.events::<bayonet::sim::MeleeResolved>().len()
                + r.events::<bayonet::sim::MeleeCalledOff>().len();
            let cancelled = r.events::<bayonet::sim::MeleeCancelled>().len();
            let want = if b.act == Act::Resolve {
                (1, 0)
            } else {
                (0, 1)
            };
            assert_eq!((resolved, cancelled), want, "{what}");
        }
        Act::EndPhase => {
            r.app
                .world_mut()
                .resource_mut::<Table>()
                .board
                .params
                .optional
                .phased_play = true;
            r.frames(1);
            let before = r.res::<Table>().board.turn_state().phase;
            hit(&mut r, b, key);
            assert_ne!(r.res::<Table>().board.turn_state().phase, before, "{what}");
        }
        Act::FollowUp => {
            r.app
                .world_mut()
                .resource_mut::<Table>()
                .board
                .params
                .melee_system = MeleeSystemName::Impetus;
            r.mouse_drag((4, 4), (5, 4));
            let before = r.res::<Table>().board.pending[0].follow_up;
            hit(&mut r, b, key);
            assert_ne!(
                r.res::<Table>().board.pending[0].follow_up,
                before,
                "{what}"
            );
        }
        Act::EndTurn => {
            let side = r.res::<Table>().board.turn_state().side;
            hit(&mut r, b, key);
            assert!(r.res::<EndTurnArmed>().0, "{what}: asks first");
            assert_eq!(
                r.res::<Table>().board.turn_state().side,
                side,
                "{what}: not at once"
            );
            hit(&mut r, b, key);
            assert_ne!(
                r.res::<Table>().board.turn_state().side,
                side,
                "{what}: the second press ends it"
            );
        }
        Act::Confirm => {
            let side = r.res::<Table>().board.turn_state().side;
            hit(&mut r, b, key);
            assert_eq!(
                r.res::<Table>().board.turn_state().side,
                side,
                "{what} alone does nothing"
            );
            r.tap_key(KeyCode::KeyE);
            hit(&mut r, b, key);
            assert_ne!(
                r.res::<Table>().board.turn_state().side,
                side,
                "{what} after End turn"
            );
        }
        Act::TurnLeft | Act::TurnRight | Act::AboutFace => {
            r.click(5, 5);
            hit(&mut r, b, key);
            let want = match b.act {
                Act::TurnLeft => Facing::NW,
                Act::TurnRight => Facing::NE,
                _ => Facing::S,
            };
            assert_eq!(facing(&r, 7), want, "{what}");
        }
        Act::Formation => {
            r.click(5, 5);
            let before = r.res::<Table>().board.unit(UnitId(7)).unwrap().formation;
            hit(&mut r, b, key);
            let after = r.res::<Table>().board.unit(UnitId(7)).unwrap().formation;
            assert_eq!(
                (before, after),
                (Formation::Line, Formation::Column),
                "{what}"
            );
        }
        Act::Fire => {
            r.click(4, 4);
            hit(&mut r, b, key);
            assert!(r.res::<Selection>().fire_mode, "{what}");
        }
        Act::Spike | Act::Recrew | Act::DamageBridge | Act::RepairBridge => {
            // Nothing to act on at 5,5: the key answers why, in the log.
            r.click(5, 5);
            hit(&mut r, b, key);
            let said = notices(&r);
            let want = if matches!(b.act, Act::Spike | Act::Recrew) {
                "No guns stand with Union reserve"
            } else {
                "Union reserve faces no full-hex bridge"
            };
            assert!(said.iter().any(|n| n == want), "{what}: {said:?}");
        }
        Act::NextInStack => {
            r.click(4, 4);
            let first = r.res::<Selection>().unit;
            hit(&mut r, b, key);
            let next = r.res::<Selection>().unit;
            assert!(first.is_some() && next.is_some() && next != first, "{what}");
        }
        Act::NextUnit => {
            // The Union's first unit not yet acted, then the next (test_melee: 1, 3, …).
            hit(&mut r, b, key);
            assert_eq!(r.res::<Selection>().unit.map(|u| u.0), Some(1), "{what}");
            hit(&mut r, b, key);
            assert_eq!(r.res::<Selection>().unit.map(|u| u.0), Some(3), "{what}");
        }
        Act::MoveBrigade => {
            // test_melee's Union regiment at 5,5 is of brigade U: M moves it, again stops.
            r.click(5, 5);
            hit(&mut r, b, key);
            assert!(r.res::<Selection>().brigade, "{what}");
            hit(&mut r, b, key);
            assert!(!r.res::<Selection>().brigade, "{what}: again, no longer");
        }
        Act::Deselect => {
            r.click(4, 4);
            r.app.world_mut().resource_mut::<HelpOpen>().0 = true;
            hit(&mut r, b, key);
            assert_eq!(r.res::<Selection>().unit, None, "{what}");
            assert!(!r.res::<HelpOpen>().0, "{what} closes the help");
        }
        Act::Aid(a) => {
            let before = r.res::<Aids>().on(a);
            hit(&mut r, b, key);
            assert_ne!(r.res::<Aids>().on(a), before, "{what}");
        }
        Act::PanLeft | Act::PanRight | Act::PanUp | Act::PanDown => {
            let (t0, _) = camera(&mut r);
            hit(&mut r, b, key);
            let d = camera(&mut r).0 - t0;
            let ok = match b.act {
                Act::PanLeft => d.x < 0.0,
                Act::PanRight => d.x > 0.0,
                Act::PanUp => d.y > 0.0,
                _ => d.y < 0.0,
            };
            assert!(ok, "{what}: moved {d:?}");
        }
        Act::ZoomIn | Act::ZoomOut | Act::ZoomAll => {
            // In first: the field fits the window at the farthest zoom.
            if b.act != Act::ZoomIn {
                r.tap_key(KeyCode::Equal);
                r.tap_key(KeyCode::Equal);
            }
            let (_, s0) = camera(&mut r);
            hit(&mut r, b, key);
            let (_, s) = camera(&mut r);
            match b.act {
                Act::ZoomIn => assert!(s < s0, "{what}"),
                Act::ZoomOut => assert!(s > s0, "{what}"),
                _ => assert_eq!(s, r.res::<ZoomLimits>().max, "{what}"),
            }
        }
        Act::PageUp | Act::PageDown => {
            let s = bayonet::rules::scenario::load_file(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/maps/harpers_crossing.ron"
            ))
            .unwrap();
            let mut r = Rig::on(s, SettingsFile(None));
            r.tap_key(KeyCode::KeyO);
            if b.act == Act::PageUp {
                r.tap_key(KeyCode::PageDown);
                assert_eq!(r.res::<OobPage>().0, 1);
            }
            hit(&mut r, b, key);
            let want = if b.act == Act::PageUp { 0 } else { 1 };
            assert_eq!(r.res::<OobPage>().0, want, "{what}");
        }
        Act::Pause => {
            // Paused, the computer waits; Space again plays on.
            hit(&mut r, b, key);
            assert!(r.res::<Playback>().paused, "{what}");
            assert!(r.res::<ShowHold>().0, "{what}: the computer waits");
            hit(&mut r, b, key);
            assert!(!r.res::<Playback>().paused, "{what}");
        }
        Act::Step => {
            // Paused during the computer's turn (it only ends its turns): nothing happens
            // until a step lets its order through.
            r.app.insert_resource(Players([None, Some(Brain::Hold)]));
            r.tap_key(KeyCode::Space);
            r.tap_key(KeyCode::KeyE);
            r.tap_key(KeyCode::KeyE);
            let theirs = r.res::<Table>().board.turn_state().side;
            assert_eq!(theirs, Side(1));
            r.frames(5);
            assert_eq!(r.res::<Table>().board.turn_state().side, theirs, "paused");
            hit(&mut r, b, key);
            r.frames(2);
            assert_eq!(r.res::<Table>().board.turn_state().side, Side(0), "{what}");
        }
        Act::StepBack | Act::Watch => {
            // An order, then the replay of this game: at its start, then one on, one back.
            r.click(5, 5);
            r.tap_key(KeyCode::KeyX);
            assert_eq!(facing(&r, 7), Facing::NE);
            r.tap_key(KeyCode::F7);
            assert_eq!(r.res::<Watching>().at, 0, "Watch starts at the first order");
            assert_eq!(facing(&r, 7), Facing::N, "the state at the start");
            if b.act == Act::StepBack {
                r.tap_key(KeyCode::Period);
                r.frames(2);
                assert_eq!(facing(&r, 7), Facing::NE, "one order on");
                hit(&mut r, b, key);
                assert_eq!(r.res::<Watching>().at, 0, "{what}");
                assert_eq!(facing(&r, 7), Facing::N, "{what}");
            }
        }
        Act::ReplayTurn => {
            // At a hotseat, the hand-over offers the turn just played.
            r.click(5, 5);
            r.tap_key(KeyCode::KeyX);
            r.tap_key(KeyCode::KeyE);
            r.tap_key(KeyCode::KeyE);
            assert_eq!(r.res::<Offer>().0, Some(0));
            hit(&mut r, b, key);
            let w = r.res::<Watching>();
            assert_eq!((w.at, w.timeline.len()), (0, 2), "{what}");
        }
        Act::Report => {
            // An order, then the report: worked out from this game, shown until Esc.
            r.click(5, 5);
            r.tap_key(KeyCode::KeyX);
            hit(&mut r, b, key);
            let v = r.res::<bayonet::client::reports::after_action_view::ReportView>();
            assert!(v.open, "{what}");
            assert_eq!(v.report.as_ref().map(|a| a.orders), Some(1), "{what}");
            r.tap_key(KeyCode::Escape);
            assert!(
                !r.res::<bayonet::client::reports::after_action_view::ReportView>()
                    .open
            );
        }
        Act::Victory => {
            // Issue 44, item 1: the victory conditions' figures are the rules' (the side at the
            // screen's points and level, each objective with its points, the thresholds).
            hit(&mut r, b, key);
            use bayonet::client::reports::victory_panel::{Sheet, SheetOpen};
            assert_eq!(
                r.res::<SheetOpen>().0,
                Some(Sheet::Victory),
                "{what} opens the victory conditions"
            );
            r.frames(1);
            let text = sheet_text(&mut r);
            let s = r.s.clone();
            let game = r.res::<bayonet::sim::Table>().board.clone();
            let vp = bayonet::rules::victory::report(&s, &game);
            assert!(
                text.contains(&format!(
                    "the {} stands at {:+.0} points, a {}",
                    s.side_name(s.first_side),
                    vp.total,
                    vp.level
                )),
                "{text}"
            );
            for o in &s.map.objectives {
                assert!(
                    text.contains(&format!("{} ({})", o.name, o.points)),
                    "{text}"
                );
            }
            assert!(
                text.contains(&format!(
                    "Major Victory: {} or more",
                    bayonet::client::reports::victory_panel::points(s.victory.major_victory)
                )),
                "{text}"
            );
            assert!(text.contains(&format!("Turn 1 of {}", s.turns)), "{text}");
            let last = bayonet::rules::turn::last_turn_clock(&game);
            assert!(
                text.contains(&format!(
                    "the last at {}",
                    bayonet::rules::board::clock_at(last)
                )),
                "{text}"
            );
            r.tap_key(KeyCode::Escape);
            assert_eq!(r.res::<SheetOpen>().0, None, "Esc closes it");
        }
        Act::Briefing => {
            // Issue 44, item 5: the briefing again during play: the history, the side's task,
            // the rules in force; the same key closes it.
            use bayonet::client::reports::victory_panel::{Sheet, SheetOpen};
            hit(&mut r, b, key);
            assert_eq!(r.res::<SheetOpen>().0, Some(Sheet::Briefing), "{what}");
            r.frames(1);
            let text = sheet_text(&mut r);
            let s = r.s.clone();
            let first_words: String = s
                .description
                .split_whitespace()
                .take(4)
                .collect::<Vec<_>>()
                .join(" ");
            assert!(text.contains(&first_words), "{text}");
            assert!(
                text.contains("YOUR TASK") && text.contains("OPTIONAL RULES IN FORCE"),
                "{text}"
            );
            hit(&mut r, b, key);
            assert_eq!(r.res::<SheetOpen>().0, None, "{what} closes it again");
        }
        Act::Faster | Act::Slower => {
            if b.act == Act::Slower {
                r.tap_key(KeyCode::BracketRight);
            }
            let before = r.res::<Settings>().pace;
            hit(&mut r, b, key);
            let after = r.res::<Settings>().pace;
            let want = if b.act == Act::Faster {
                Pace::Fast
            } else {
                Pace::Readable
            };
            assert_eq!((before == after, after), (false, want), "{what}");
            assert_eq!(
                r.res::<AiPace>().0,
                after.order_gap(),
                "the computer's pace"
            );
        }
        Act::Mute => {
            assert!(!r.res::<Settings>().muted);
            hit(&mut r, b, key);
            assert!(r.res::<Settings>().muted, "{what} mutes");
            hit(&mut r, b, key);
            assert!(!r.res::<Settings>().muted, "{what} unmutes");
        }
    }
}

#[test]
fn every_key_in_the_help_does_what_it_says() {
    let mut n = 0;
    for b in BINDINGS {
        for &key in b.keys {
            check(b, key);
            n += 1;
        }
    }
    assert!(n >= 45, "{n} keys checked");
    // The help lists each action once, with all its keys.
    let lines = key_lines();
    assert!(lines.iter().any(|(k, _)| k == "F1, H, ?"), "{lines:?}");
    assert!(lines.iter().any(|(k, _)| k == "Ctrl+Z"));
    assert!(lines.iter().any(|(k, _)| k == "9, O"));
}

/// Issue 30, item 3: the selection follows a unit it moves (the ring never stays behind).
#[test]
fn the_selection_follows_a_moved_unit() {
    use bayonet::client::input::pointer::SelectedHex;
    use bayonet::rules::map::Coord;
    let mut r = Rig::new();
    r.click(5, 5);
    let from = r.res::<SelectedHex>().0;
    r.click(5, 6);
    r.click(5, 6);
    let at = r.res::<Table>().board.unit(UnitId(7)).unwrap().hex;
    assert_eq!(
        at,
        r.s.map.hex_at(Coord { col: 5, row: 6 }),
        "the unit moved"
    );
    assert_eq!(
        r.res::<SelectedHex>().0,
        Some(at),
        "and the selection with it"
    );
    assert_ne!(from, Some(at));
}

/// Issue 30, item 4: with the confirmation turned off in the settings, one End turn ends it.
#[test]
fn end_turn_without_the_confirmation_setting_ends_at_once() {
    let mut r = Rig::new();
    r.app
        .world_mut()
        .resource_mut::<bayonet::client::theme::settings::Settings>()
        .confirm_end_turn = false;
    let side = r.res::<Table>().board.turn_state().side;
    r.press(bayonet::client::panels::toolbar::ToolButton::EndTurn);
    assert_ne!(r.res::<Table>().board.turn_state().side, side);
    // With it on (the default), the button asks, and a second press ends the turn.
    let mut r = Rig::new();
    r.press(bayonet::client::panels::toolbar::ToolButton::EndTurn);
    assert_eq!(r.res::<Table>().board.turn_state().side, side);
    assert!(r.res::<EndTurnArmed>().0);
    r.press(bayonet::client::panels::toolbar::ToolButton::EndTurn);
    assert_ne!(r.res::<Table>().board.turn_state().side, side);
}

/// Issue 76, item 15: E and Enter typed within one frame end the turn, and the log's last line
/// is not End turn's stale "Press Confirm" (the notice was logged after the frame's events).
#[test]
fn end_turn_and_enter_in_one_frame_leave_no_stale_confirm_line() {
    use bevy::input::ButtonState;
    let mut r = Rig::new();
    let side = r.res::<Table>().board.turn_state().side;
    r.key(KeyCode::KeyE, ButtonState::Pressed);
    r.key(KeyCode::Enter, ButtonState::Pressed);
    r.frames(1);
    r.key(KeyCode::KeyE, ButtonState::Released);
    r.key(KeyCode::Enter, ButtonState::Released);
    r.frames(2);
    assert_ne!(
        r.res::<Table>().board.turn_state().side,
        side,
        "the turn ended"
    );
    assert!(!r.res::<EndTurnArmed>().0);
    let lines = &r.res::<bayonet::client::reports::report::Report>().lines;
    let last = lines.last().expect("the log has lines");
    assert!(!last.contains("Press Confirm"), "{lines:#?}");
}

/// Issue 30, item 3: the context buttons show only where they apply — Cancel melee while a
/// melee waits, the unit's orders while one of the side's units is selected, the Command menu
/// only with something to act on.
#[test]
fn context_buttons_keep_their_places_and_are_dimmed_where_they_do_not_apply() {
    // Issue 59: every button stands through the player's turn whatever is selected (one that
    // came and went moved the others under the pointer); one with nothing to act on is dimmed.
    use bayonet::client::panels::toolbar::ToolButton;
    use bayonet::client::theme::palette::DIMMED;
    fn shown<C: Component + PartialEq>(r: &mut Rig, which: C) -> bool {
        let mut q = r.app.world_mut().query::<(&C, &Node)>();
        q.iter(r.app.world())
            .any(|(c, n)| *c == which && n.display != Display::None)
    }
    fn dimmed(r: &mut Rig, name: &str) -> bool {
        let mut q = r.app.world_mut().query::<(&Name, &BackgroundColor)>();
        q.iter(r.app.world())
            .any(|(n, c)| n.as_str() == name && c.0 == DIMMED)
    }
    let mut r = Rig::new();
    r.frames(1);
    assert!(shown(&mut r, ToolButton::CancelMelee));
    assert!(dimmed(&mut r, "CancelMelee"), "no melee to cancel yet");
    assert!(
        shown(&mut r, ToolButton::Resolve),
        "Resolve is always there"
    );
    assert!(
        !shown(&mut r, ToolButton::FollowUp),
        "Follow-up is Impetus's, all game"
    );
    r.mouse_drag((4, 4), (5, 4));
    assert!(shown(&mut r, ToolButton::CancelMelee));
    assert!(!dimmed(&mut r, "CancelMelee"), "a melee to cancel");
    let names = |r: &mut Rig| {
        let mut q = r.app.world_mut().query::<(&Name, &Node)>();
        let mut v: Vec<String> = q
            .iter(r.app.world())
            .filter(|(_, n)| n.display != Display::None)
            .map(|(n, _)| n.to_string())
            // (A chip of the aids column is not a button of the toolbar.)
            .filter(|n| !n.starts_with("Chip"))
            .collect();
        v.sort();
        v
    };
    let unit_buttons = bayonet::client::input::command::unit_button_names();
    r.tap_key(KeyCode::Escape);
    let none = names(&mut r);
    for b in &unit_buttons {
        assert!(
            !none.contains(&b.to_string()),
            "{b} with nothing selected: {none:?}"
        );
    }
    r.click(5, 5);
    let with_unit = names(&mut r);
    for b in &unit_buttons {
        assert!(
            with_unit.contains(&b.to_string()),
            "{b} with a unit: {with_unit:?}"
        );
    }
    for b in ["TurnLeft", "TurnRight", "Formation", "Fire"] {
        assert!(!dimmed(&mut r, b), "{b} for the selected unit");
    }
    assert!(
        dimmed(&mut r, "Command"),
        "the Command menu: nothing to act on"
    );
    // Cavalry: the same buttons (Fire dimmed: mounted cavalry does not fire).
    r.click(6, 2);
    assert_eq!(names(&mut r), with_unit);
    // An enemy unit selected: none of the unit's orders are the player's.
    r.click(7, 2);
    assert_eq!(names(&mut r), none);
}

/// Issue 30, item 6: the order of battle gives each unit's hex, movement points left and
/// ammunition, and its Reinforcements tab lists who arrives, when and where.
#[test]
fn the_order_of_battle_shows_hex_mp_ammo_and_the_reinforcements_to_come() {
    use bayonet::client::panels::order_of_battle::{OobTab, Pager, reinforcement_rows, row_text};
    let mut r = Rig::new();
    let line = row_text(
        r.res::<Table>().board.unit(UnitId(1)).unwrap(),
        &r.res::<Table>().board,
    );
    assert!(
        line.contains("at 4,4") && line.contains("12 MP left") && line.contains("ammo full"),
        "{line}"
    );
    // A move spends them.
    r.click(5, 5);
    r.click(5, 6);
    r.click(5, 6);
    let line = row_text(
        r.res::<Table>().board.unit(UnitId(7)).unwrap(),
        &r.res::<Table>().board,
    );
    assert!(
        line.contains("at 5,6") && !line.contains("12 MP left"),
        "{line}"
    );
    let s = bayonet::load_scenario("maps/brandy_station.ron").unwrap();
    let mut r = Rig::on(s, SettingsFile(None));
    let due = reinforcement_rows(&r.res::<Table>().board, bayonet::rules::unit::Side(0));
    assert!(
        due.iter()
            .any(|(l, _)| l.starts_with("Turn 6: Col. Alfred N. Duffié (leader) at 99,64")),
        "{due:?}"
    );
    r.tap_key(KeyCode::KeyO);
    r.press(Pager::Tab(OobTab::Reinforcements));
    assert_eq!(*r.res::<OobTab>(), OobTab::Reinforcements);
    let mut q = r.app.world_mut().query::<&Text>();
    let texts: Vec<String> = q.iter(r.app.world()).map(|t| t.0.clone()).collect();
    assert!(
        texts.iter().any(|t| t.starts_with("Reinforcements: Union")),
        "{texts:?}"
    );
    assert!(
        texts
            .iter()
            .any(|t| t.contains("Duffié") || t.starts_with("Turn ")),
        "{texts:?}"
    );
    // Issue 44, item 4: a row of the reinforcements to come is a button; pressed, it selects the
    // hex they come on at and centres the map there.
    let entries: Vec<bayonet::client::panels::order_of_battle::OobEntry> = {
        let mut q = r
            .app
            .world_mut()
            .query::<&bayonet::client::panels::order_of_battle::OobEntry>();
        q.iter(r.app.world()).copied().collect()
    };
    assert!(!entries.is_empty(), "the rows are buttons");
    let first = entries[0];
    assert_eq!(first.0, due[0].1, "the first row is the first to come");
    r.press(first);
    assert_eq!(
        r.res::<bayonet::client::input::pointer::SelectedHex>().0,
        Some(first.0)
    );
}

/// Issue 31, item 1 (in part): during the computer's turn the window still speaks from the
/// player's side — the player's own unit is not "(enemy)", and Undo offers nothing of the
/// computer's.
#[test]
fn during_the_computers_turn_the_words_stay_the_players() {
    use bayonet::client::input::command::Hint;
    use bayonet::sim::{Brain, Players};
    let mut r = Rig::new();
    r.app
        .insert_resource(Players([None, Some(Brain::Computer)]));
    r.click(5, 5);
    assert!(
        r.res::<Hint>().0.starts_with("Union reserve selected"),
        "{}",
        r.res::<Hint>().0
    );
    r.tap_key(KeyCode::KeyE);
    r.tap_key(KeyCode::KeyE);
    assert_eq!(
        r.res::<Table>().board.turn_state().side,
        bayonet::rules::unit::Side(1),
        "the computer's turn"
    );
    r.frames(1);
    let hint = r.res::<Hint>().0.clone();
    assert!(!hint.contains("(enemy)"), "{hint}");
    assert_eq!(hint, "Union reserve selected; Confederate to act");
    // The Undo button's line.
    let mut q = r.app.world_mut().query::<&Text>();
    let texts: Vec<String> = q.iter(r.app.world()).map(|t| t.0.clone()).collect();
    assert!(texts.iter().any(|t| t == "not your turn"), "{texts:?}");
    assert!(!texts.iter().any(|t| t.starts_with("back: ")), "{texts:?}");
}

/// Issue 44 item 7: Undo's second line is cut to what its button shows, at a word's end where
/// it can be, with an ellipsis; never in the middle of a name.
#[test]
fn a_cut_line_ends_at_a_word() {
    use bayonet::client::theme::words::ellipsis;
    assert_eq!(ellipsis("back: move", 26), "back: move");
    assert_eq!(
        ellipsis("back: 1st Maine Cavalry moved to 12,40", 26),
        "back: 1st Maine Cavalry…"
    );
    assert_eq!(ellipsis("abcdefghijklmnopqrstuvwxyz0123", 10), "abcdefghi…");
    assert!(
        ellipsis("back: 1st Maine Cavalry moved to 12,40", 26)
            .chars()
            .count()
            <= 26
    );
}

/// Issue 44 item 8: the help is taller than a 1280×800 window (its keys ran below the edge);
/// the wheel scrolls it within its content, and a line says that more lies below until the
/// end is reached. (The rig lays out no UI: the panel is given the size it has at 1280×800.)
#[test]
fn the_help_scrolls_and_says_when_more_lies_below() {
    use bayonet::client::dialogs::help::{HelpMore, HelpPanel};
    use bevy::input::mouse::{MouseScrollUnit, MouseWheel};
    let mut r = Rig::new();
    r.tap_key(KeyCode::F1);
    assert!(r.res::<HelpOpen>().0);
    let panel = {
        let mut q = r
            .app
            .world_mut()
            .query_filtered::<Entity, With<HelpPanel>>();
        q.single(r.app.world()).unwrap()
    };
    let more = |r: &mut Rig| {
        let mut q = r
            .app
            .world_mut()
            .query_filtered::<&Visibility, With<HelpMore>>();
        *q.single(r.app.world()).unwrap()
    };
    let scrolled = |r: &mut Rig| r.app.world().get::<ScrollPosition>(panel).unwrap().0.y;
    {
        let mut e = r.app.world_mut().entity_mut(panel);
        let mut n = e.get_mut::<ComputedNode>().unwrap();
        n.size = Vec2::new(1248.0, 744.0);
        n.content_size = Vec2::new(1248.0, 1400.0);
        n.inverse_scale_factor = 1.0;
        *e.get_mut::<UiGlobalTransform>().unwrap() =
            UiGlobalTransform::from_translation(Vec2::new(640.0, 412.0));
    }
    r.frames(1);
    assert_eq!(more(&mut r), Visibility::Inherited, "more below at the top");
    r.cursor(Vec2::new(640.0, 400.0));
    let wheel = |r: &mut Rig, lines: f32| {
        let window = r.window;
        r.app.world_mut().write_message(MouseWheel {
            unit: MouseScrollUnit::Line,
            x: 0.0,
            y: -lines,
            window,
            phase: bevy::input::touch::TouchPhase::Moved,
        });
        r.frames(1);
    };
    wheel(&mut r, 3.0);
    assert_eq!(scrolled(&mut r), 60.0);
    wheel(&mut r, 100.0);
    assert_eq!(scrolled(&mut r), 1400.0 - 744.0, "no further than its end");
    r.frames(1);
    assert_eq!(
        more(&mut r),
        Visibility::Hidden,
        "nothing more below at the end"
    );
}

/// Issue 48: the help names each part of a counter and says what every state letter and
/// formation tag the counters draw means.
#[test]
fn the_help_names_every_counter_mark_and_state_the_counters_draw() {
    use bayonet::client::dialogs::help::{COUNTER_PARTS, MEANINGS};
    use bayonet::rules::unit::{Formation, UnitKind};
    let legend: String = COUNTER_PARTS
        .iter()
        .map(|(a, b)| format!("{a} {b}\n"))
        .collect();
    let meanings: Vec<&str> = MEANINGS
        .iter()
        .flat_map(|(_, lines)| lines.iter().map(|(m, _)| *m))
        .collect();
    // Every state letter a counter can carry (counters.rs) is explained under States.
    for letter in ["D", "R", "F", "a", "A", "c"] {
        assert!(
            meanings
                .iter()
                .any(|m| m.starts_with(&format!("{letter} "))),
            "{letter} unexplained"
        );
        assert!(
            legend.contains(&format!(" {letter},")) || legend.contains(&format!(" {letter} (")),
            "{letter} not in the legend"
        );
    }
    // Every formation tag is named in the legend.
    for (kind, f) in [
        (UnitKind::Infantry, Formation::Line),
        (UnitKind::Infantry, Formation::Column),
        (UnitKind::Cavalry, Formation::Mounted),
        (UnitKind::Cavalry, Formation::Dismounted),
        (UnitKind::Artillery, Formation::Limbered),
        (UnitKind::Artillery, Formation::Unlimbered),
    ] {
        let mut u = bayonet::load_scenario("maps/test_skirmish.ron")
            .unwrap()
            .units[1]
            .clone();
        (u.kind, u.formation) = (kind, f);
        let tag = bayonet::client::counters::counter::formation_tag(&u);
        assert!(legend.contains(tag), "{tag} not in the legend");
    }
}

/// Issue 59: the melee's words list both sides' terms — the defender's too: a routed regiment's
/// "routed ÷4" (told nowhere before), the attacker's "+10 %" spelled out.
#[test]
fn the_melee_words_list_both_sides_terms() {
    use bayonet::rules::hex::Facing;
    use bayonet::rules::melee::{Declaration, breakdown};
    let mut f = crate::common::Field::new(10, 8);
    let d = f.center();
    let dd = f.add(1, crate::common::inf(), d, Facing::SW, 248);
    f.unit(dd).routed = true;
    let a = f.attacker(0, crate::common::inf(), d, Facing::SW, 702);
    let b = breakdown(
        &f.board(),
        &Declaration {
            attackers: vec![a],
            defending_hex: d,
            follow_up: true,
        },
    );
    let w = bayonet::client::theme::words::sides_words(&b);
    let (att, def) = w.split_once("; defender: ").unwrap();
    assert!(att.starts_with("attacker: +10 % "), "{w}");
    assert!(def.contains("routed ÷4"), "{w}");
    assert!(!att.contains("routed"), "{w}");
}

/// Issue 59: the terms the results cards use are explained in the help's glossary.
#[test]
fn the_help_explains_the_cards_terms() {
    use bayonet::client::dialogs::help::MEANINGS;
    let marks: Vec<&str> = MEANINGS
        .iter()
        .flat_map(|(_, lines)| lines.iter().map(|(m, _)| *m))
        .collect();
    for term in [
        "Quality",
        "Morale 6 vs 5",
        "Enfilade",
        "Value",
        "Loss range",
    ] {
        assert!(
            marks.iter().any(|m| m.starts_with(term)),
            "{term} unexplained"
        );
    }
}

#[test]
fn one_system_colours_every_kit_button_by_its_state_and_the_pointer() {
    // Issue 60: the kit's colour system paints from `Look` and `Interaction`; a screen only
    // says the state. An aid switched on is lit; a pressed or hovered plain button shows it.
    use bayonet::client::theme::aid::Aid;
    use bayonet::client::theme::interaction::Look;
    use bayonet::client::theme::palette::{DIMMED, LIT, PANEL};
    fn colour_of(r: &mut Rig, a: Aid) -> Color {
        let mut q = r.app.world_mut().query::<(&Aid, &BackgroundColor)>();
        q.iter(r.app.world())
            .find(|(x, _)| **x == a)
            .map(|(_, c)| c.0)
            .unwrap()
    }
    fn set<C: Component>(r: &mut Rig, which: Aid, v: C) {
        let mut q = r.app.world_mut().query::<(Entity, &Aid)>();
        let e = q
            .iter(r.app.world())
            .find(|(_, x)| **x == which)
            .map(|(e, _)| e)
            .unwrap();
        r.app.world_mut().entity_mut(e).insert(v);
    }
    let mut r = Rig::new();
    r.frames(1);
    let on = r.res::<bayonet::client::theme::aid::Aids>().on(Aid::Grid);
    let (was, then) = if on { (LIT, PANEL) } else { (PANEL, LIT) };
    assert_eq!(colour_of(&mut r, Aid::Grid), was, "lit only while on");
    r.press(Aid::Grid);
    assert_eq!(colour_of(&mut r, Aid::Grid), then, "a press switches it");
    r.press(Aid::Grid);
    assert_eq!(colour_of(&mut r, Aid::Grid), was, "and back");
    if on {
        r.press(Aid::Grid);
    }
    assert_eq!(colour_of(&mut r, Aid::Grid), PANEL, "off, it is plain");
    set(&mut r, Aid::Grid, Interaction::Hovered);
    r.frames(1);
    let hovered = colour_of(&mut r, Aid::Grid);
    assert!(
        hovered != PANEL && hovered != LIT,
        "under the pointer: {hovered:?}"
    );
    set(&mut r, Aid::Grid, Look::Dimmed);
    r.frames(1);
    assert_eq!(
        colour_of(&mut r, Aid::Grid),
        DIMMED,
        "dimmed beats the pointer"
    );
}
