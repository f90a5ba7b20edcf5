//! The aids of issue 11 driven by real input messages through the window's input path: keys,
//! mouse clicks and touch taps on the map, and the buttons as bevy's UI marks them pressed.

use bayonet::client::input::command::{Notice, Selection};
use bayonet::client::marks::highlights::Highlighted;
use bayonet::client::marks::sight_tool::SightTool;
use bayonet::client::marks::threat_overlay::ThreatOverlay;
use bayonet::client::panels::order_of_battle::{OobRow, rows};
use bayonet::client::panels::toolbar::ToolButton;
use bayonet::client::theme::aid::{Aid, Aids};
use bayonet::client::theme::settings::{Settings, SettingsFile, TOUCH_TARGET, TouchSeen};
use bayonet::rules::hex::Facing;
use bayonet::rules::map::Coord;
use bayonet::rules::order::Order;
use bayonet::rules::readiness::readiness;
use bayonet::rules::sight::look;
use bayonet::rules::threat::threats;
use bayonet::rules::unit::{Formation, Side, UnitId};
use bayonet::sim::{OrderRejected, Table, Undone};
use bevy::input::ButtonState;
use bevy::prelude::*;

use crate::rig::{Rig, field};

fn unit(r: &Rig, id: u32) -> bayonet::rules::unit::Unit {
    r.res::<Table>().board.unit(UnitId(id)).unwrap().clone()
}

fn hex(r: &Rig, col: i32, row: i32) -> bayonet::rules::hex::Hex {
    r.s.map.hex_at(Coord { col, row })
}

fn ctrl_z(r: &mut Rig) {
    r.key(KeyCode::ControlLeft, ButtonState::Pressed);
    r.frames(1);
    r.tap_key(KeyCode::KeyZ);
    r.key(KeyCode::ControlLeft, ButtonState::Released);
    r.frames(1);
}

#[test]
fn ctrl_z_and_the_undo_button_take_back_facing_and_formation_z_alone_turns() {
    let mut r = Rig::new();
    r.click(5, 5);
    assert_eq!(r.res::<Selection>().unit, Some(UnitId(7)));
    let start = unit(&r, 7);
    r.tap_key(KeyCode::KeyZ);
    let turned = unit(&r, 7);
    assert_eq!(turned.facing, Facing::NW, "Z alone turns left");
    r.tap_key(KeyCode::KeyF);
    assert_eq!(unit(&r, 7).formation, Formation::Column);
    ctrl_z(&mut r);
    assert_eq!(
        unit(&r, 7).formation,
        Formation::Line,
        "Ctrl+Z undid the formation: {:?} {:?}",
        r.res::<bayonet::sim::Table>().undo.why_not(),
        r.read::<OrderRejected>()
    );
    assert_eq!(unit(&r, 7).facing, Facing::NW, "and did not turn the unit");
    // The toolbar's button (a click or a tap on it) undoes the turn.
    r.press(ToolButton::Undo);
    assert_eq!(unit(&r, 7).facing, start.facing);
    assert_eq!(unit(&r, 7).marks, start.marks);
    assert!(r.res::<bayonet::sim::Table>().log.is_empty());
    // Nothing left: the button says why, and a press is refused with the reason.
    r.press(ToolButton::Undo);
    let refused: Vec<_> = r
        .read::<OrderRejected>()
        .into_iter()
        .filter(|o| o.order == Order::Undo)
        .collect();
    assert_eq!(refused.len(), 1);
    assert!(refused[0].reasons[0].message.starts_with("nothing to undo"));
    let why = r
        .app
        .world()
        .resource::<bayonet::sim::Table>()
        .undo
        .why_not();
    assert_eq!(
        why.as_deref(),
        Some("nothing to undo: everything since has been undone")
    );
}

#[test]
fn undo_is_refused_after_fire_with_the_reason_in_the_log() {
    let mut r = Rig::new();
    r.click(5, 5);
    r.tap_key(KeyCode::KeyX);
    // Fire (T, then the target) rolls the dice.
    r.click(4, 4);
    r.tap_key(KeyCode::KeyT);
    r.click(5, 4);
    r.frames(2);
    assert!(unit(&r, 1).marks.fired, "the regiment fired");
    ctrl_z(&mut r);
    assert!(r.events::<Undone>().is_empty());
    let why = r.res::<bayonet::sim::Table>().undo.why_not().unwrap();
    assert!(
        why.contains("fire 450 Union at 5,4 cannot be taken back"),
        "{why}"
    );
}

#[test]
fn highlight_keys_mark_what_the_rules_say_each_unit_can_do() {
    let mut r = Rig::new();
    r.tap_key(KeyCode::Digit1);
    r.tap_key(KeyCode::Digit2);
    r.tap_key(KeyCode::Digit3);
    assert!(r.res::<Aids>().on(Aid::CanMelee));
    let board = r.res::<Table>().board.clone();
    let marks = r.res::<Highlighted>().clone();
    let mut expected = 0;
    for u in board.units.iter().filter(|u| u.side == Side(0)) {
        let ready = readiness(&board, u.id);
        for (aid, yes, l) in [
            (Aid::CanMove, ready.can_move, "M"),
            (Aid::CanFire, ready.can_fire, "F"),
            (Aid::CanMelee, ready.can_melee, "X"),
        ] {
            let shown = marks.at(u.hex, aid).contains(&l);
            let others = board
                .units_at(u.hex)
                .any(|o| o.side == Side(0) && o.id != u.id);
            if !others {
                assert_eq!(shown, yes, "{} {aid:?}", u.name);
            }
            expected += yes as usize;
        }
    }
    assert!(expected >= 5, "some units can act: {expected}");
    // 450 Union beside the enemy can melee; the Confederates are never marked in Union's turn.
    assert!(marks.at(hex(&r, 4, 4), Aid::CanMelee).contains(&"X"));
    assert!(marks.at(hex(&r, 5, 4), Aid::CanMove).is_empty());
    // Once it has fired it can no longer move or fire, and the marks follow.
    r.click(4, 4);
    r.tap_key(KeyCode::KeyT);
    r.click(5, 4);
    // Tap, order, fire, highlights: the order of client and simulation systems within a frame
    // is not fixed, so this chain may take a few frames.
    r.frames(3);
    assert!(unit(&r, 1).marks.fired);
    let marks = r.res::<Highlighted>().clone();
    assert!(marks.at(hex(&r, 4, 4), Aid::CanMove).is_empty());
    assert!(marks.at(hex(&r, 4, 4), Aid::CanFire).is_empty());
    // Off again: no marks.
    for k in [KeyCode::Digit1, KeyCode::Digit2, KeyCode::Digit3] {
        r.tap_key(k);
    }
    assert!(r.res::<Highlighted>().0.is_empty());
}

#[test]
fn disorder_ammo_and_brigade_highlights_by_button() {
    let mut r = Rig::new();
    {
        let mut g = r.app.world_mut().resource_mut::<Table>();
        g.board.unit_mut(UnitId(2)).unwrap().disrupted = true;
        g.board.unit_mut(UnitId(4)).unwrap().routed = true;
        g.board.unit_mut(UnitId(3)).unwrap().ammo = bayonet::rules::unit::Ammo::Low;
        g.board.unit_mut(UnitId(6)).unwrap().ammo = bayonet::rules::unit::Ammo::Out;
    }
    r.press(Aid::Disorder);
    r.press(Aid::Ammo);
    r.press(Aid::Brigade);
    let m = r.res::<Highlighted>().clone();
    assert_eq!(m.at(hex(&r, 5, 4), Aid::Disorder), vec!["D"]);
    assert_eq!(m.at(hex(&r, 3, 6), Aid::Disorder), vec!["R"]);
    assert_eq!(m.at(hex(&r, 2, 6), Aid::Ammo), vec!["a"]);
    assert_eq!(m.at(hex(&r, 6, 2), Aid::Ammo), vec!["A"]);
    assert!(
        m.0.iter().all(|(_, a, _)| *a != Aid::Brigade),
        "nothing selected yet"
    );
    // Select a Confederate: its brigade (C) is marked, the Union's is not.
    r.touch_tap(7, 2);
    let m = r.res::<Highlighted>().clone();
    for u in r.res::<Table>().board.units.clone() {
        let marked = !m.at(u.hex, Aid::Brigade).is_empty();
        assert_eq!(marked, u.brigade == "C", "{}", u.name);
    }
}

#[test]
fn the_line_of_sight_tool_by_touch_taps_and_by_key() {
    let mut r = Rig::new();
    r.tap_key(KeyCode::KeyL);
    assert!(r.res::<Aids>().on(Aid::Sight));
    // Across the wood at 6,2–7,2: tap the two ends.
    r.touch_tap(5, 1);
    r.touch_tap(8, 3);
    let tool = r.res::<SightTool>().clone();
    let expect = look(&r.res::<Table>().board, hex(&r, 5, 1), hex(&r, 8, 3));
    assert_eq!(tool.sight, Some(expect));
    assert_eq!(
        r.res::<Selection>().unit,
        None,
        "taps pick the tool's hexes, not units"
    );
    let said: Vec<String> = r.read::<Notice>().into_iter().map(|n| n.0).collect();
    assert!(
        said.iter()
            .any(|s| s.starts_with("Line of sight 5,1 to 8,3:")),
        "{said:?}"
    );
    // A clear look elsewhere.
    r.touch_tap(0, 0);
    r.touch_tap(0, 5);
    let s = r.res::<SightTool>().sight.unwrap();
    assert!(s.clear && s.range == 5, "{s:?}");
    // L again: off, and the map's taps select again.
    r.tap_key(KeyCode::KeyL);
    assert_eq!(*r.res::<SightTool>(), SightTool::default());
    r.touch_tap(4, 4);
    assert_eq!(r.res::<Selection>().unit, Some(UnitId(1)));
}

/// Issue 76, item 14: Esc leaves the Sight tool (it stayed on: the next unit's taps looked).
#[test]
fn escape_leaves_the_line_of_sight_tool() {
    let mut r = Rig::new();
    r.tap_key(KeyCode::KeyL);
    r.touch_tap(5, 1);
    r.touch_tap(8, 3);
    assert!(r.res::<SightTool>().sight.is_some());
    r.tap_key(KeyCode::Escape);
    assert!(!r.res::<Aids>().on(Aid::Sight));
    assert_eq!(*r.res::<SightTool>(), SightTool::default());
    r.touch_tap(4, 4);
    assert_eq!(r.res::<Selection>().unit, Some(UnitId(1)));
}

#[test]
fn the_threat_overlay_shows_the_rules_threats_to_the_selected_unit() {
    let mut r = Rig::new();
    r.click(4, 4);
    r.tap_key(KeyCode::Digit7);
    let o = r.res::<ThreatOverlay>().clone();
    assert_eq!(o.target, Some(hex(&r, 4, 4)));
    let expect = threats(&r.res::<Table>().board, hex(&r, 4, 4), Side(0));
    assert!(!expect.is_empty());
    assert_eq!(
        o.threats.iter().map(|(t, _)| t.clone()).collect::<Vec<_>>(),
        expect
    );
    let said: Vec<String> = r.read::<Notice>().into_iter().map(|n| n.0).collect();
    assert!(
        said.iter()
            .any(|s| s.starts_with("Threats to 4,4: fire from")),
        "{said:?}"
    );
    // Selecting another hex moves the overlay there; 7 again clears it.
    r.click(2, 6);
    assert_eq!(r.res::<ThreatOverlay>().target, Some(hex(&r, 2, 6)));
    r.tap_key(KeyCode::Digit7);
    assert_eq!(*r.res::<ThreatOverlay>(), ThreatOverlay::default());
}

#[test]
fn the_order_of_battle_lists_the_side_and_a_row_selects_and_centres_the_unit() {
    let mut r = Rig::new();
    r.tap_key(KeyCode::KeyO);
    let listed: Vec<UnitId> = {
        let mut q = r.app.world_mut().query::<&OobRow>();
        q.iter(r.app.world()).map(|x| x.0).collect()
    };
    let expect: Vec<UnitId> = rows(&r.res::<Table>().board, r.res::<Table>(), Side(0))
        .into_iter()
        .filter_map(|(_, u)| u)
        .collect();
    assert_eq!(listed, expect);
    assert_eq!(listed.len(), 4, "the four Union units");
    r.press(OobRow(UnitId(6)));
    assert_eq!(r.res::<Selection>().unit, Some(UnitId(6)));
    let centre = r
        .res::<bayonet::client::map::layout::MapLayout>()
        .center(hex(&r, 6, 2));
    let cam = {
        let mut q = r
            .app
            .world_mut()
            .query_filtered::<&Transform, With<bayonet::client::map::camera::MapCamera>>();
        q.single(r.app.world()).unwrap().translation
    };
    // The unit shows in the middle of the map's open part, right of the panel (no layout here:
    // the panel is measured as nothing) and left of the right-hand column.
    use bayonet::client::map::camera::{centre_on, open_centre};
    let window = Vec2::new(1280.0, 800.0);
    let spot = open_centre(window, 0.0);
    // The column takes a quarter of a 1280-pixel window (320 pixels).
    // The top bar (26) and the toolbar's one row (50) leave the map 26 to 750.
    assert_eq!(spot, Vec2::new(480.0, 388.0));
    assert_eq!(cam.truncate(), centre_on(centre, spot, window, 1.0));
    assert_eq!(cam.truncate(), centre + Vec2::new(160.0, -12.0));
    // The row says what the unit has done: once it has fired it is no longer fresh.
    let line =
        bayonet::client::panels::order_of_battle::row_text(&unit(&r, 1), &r.res::<Table>().board);
    assert!(
        line.contains("450 men") && line.ends_with("fresh"),
        "{line}"
    );
    // The rig's screen positions assume the camera at the origin.
    {
        let mut q = r
            .app
            .world_mut()
            .query_filtered::<&mut Transform, With<bayonet::client::map::camera::MapCamera>>();
        q.single_mut(r.app.world_mut()).unwrap().translation = Vec3::ZERO;
    }
    r.click(4, 4);
    r.tap_key(KeyCode::KeyT);
    r.click(5, 4);
    r.frames(2);
    let line =
        bayonet::client::panels::order_of_battle::row_text(&unit(&r, 1), &r.res::<Table>().board);
    assert!(line.ends_with(": fired"), "{line}");
}

#[test]
fn every_button_is_at_least_a_fingertip() {
    let mut r = Rig::new();
    r.tap_key(KeyCode::KeyO);
    let mut q = r.app.world_mut().query_filtered::<&Node, With<Button>>();
    let mut n = 0;
    for node in q.iter(r.app.world()) {
        n += 1;
        assert!(
            matches!(node.min_height, Val::Px(h) if h >= TOUCH_TARGET),
            "{node:?}"
        );
        assert!(matches!(node.min_width, Val::Px(w) if w >= TOUCH_TARGET));
    }
    assert!(n >= 30, "{n} buttons");
}

#[test]
fn settings_are_remembered_between_runs_and_a_bad_file_is_reported_not_fatal() {
    let dir = std::env::temp_dir().join(format!("bayonet-settings-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let file = dir.join("bayonet").join("settings.ron");
    let mut r = Rig::on(field(), SettingsFile(Some(file.clone())));
    assert_eq!(*r.res::<Settings>(), Settings::default());
    {
        let mut s = r.app.world_mut().resource_mut::<Settings>();
        s.step(1);
        s.step(1);
        s.colour_blind = true;
        s.confirm_end_turn = false;
    }
    r.frames(1);
    let again = Rig::on(field(), SettingsFile(Some(file.clone())));
    assert_eq!(
        *again.res::<Settings>(),
        Settings {
            ui_scale: 150,
            colour_blind: true,
            confirm_end_turn: false,
            ..Settings::default()
        }
    );
    // The scale stays within 75–200 %, and a touch screen never goes below 100 %.
    let mut s = Settings::default();
    for _ in 0..10 {
        s.step(-1);
    }
    assert_eq!(s.ui_scale, 75);
    assert_eq!(s.effective_scale(false), 0.75);
    assert_eq!(s.effective_scale(true), 1.0);
    for _ in 0..10 {
        s.step(1);
    }
    assert_eq!(s.effective_scale(false), 2.0);
    // A touch marks the screen a touch screen.
    let mut t = Rig::on(field(), SettingsFile(Some(file.clone())));
    t.touch_tap(1, 1);
    assert!(t.res::<TouchSeen>().0);
    // A damaged file: defaults, and the log says where and what.
    std::fs::write(&file, "(ui_scale: \"big\")").unwrap();
    let mut bad = Rig::on(field(), SettingsFile(Some(file.clone())));
    bad.frames(1);
    assert_eq!(*bad.res::<Settings>(), Settings::default());
    let said: Vec<String> = bad.read::<Notice>().into_iter().map(|n| n.0).collect();
    assert!(
        said.iter()
            .any(|s| s.contains("settings.ron:1:") && s.contains("defaults used")),
        "{said:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_hex_grid_outlines_every_hexside_once_and_key_0_hides_it() {
    // Issue 30: a grid, on by default, so that range can be counted across open ground.
    use bayonet::client::map::hex_grid::HexGrid;
    let mut r = Rig::new();
    r.app.add_plugins(bayonet::client::map::hex_grid::plugin);
    r.frames(1);
    assert!(r.res::<Aids>().on(Aid::Grid), "on at the start");
    // Every hexside once: a side between two map hexes counts for both, so half each; a side
    // on the map's edge counts whole.
    let map = &r.s.map;
    let halves: usize = map
        .hexes()
        .flat_map(|h| Facing::ALL.map(|f| if map.contains(h + f.step()) { 1 } else { 2 }))
        .sum();
    let grid = |r: &mut Rig| -> Vec<(usize, Visibility)> {
        r.app
            .world_mut()
            .query::<(&HexGrid, &Visibility)>()
            .iter(r.app.world())
            .map(|(g, v)| (g.sides, *v))
            .collect()
    };
    assert_eq!(grid(&mut r), [(halves / 2, Visibility::Inherited)]);
    r.key(KeyCode::Digit0, ButtonState::Pressed);
    r.frames(1);
    r.key(KeyCode::Digit0, ButtonState::Released);
    r.frames(1);
    assert!(!r.res::<Aids>().on(Aid::Grid));
    assert_eq!(grid(&mut r)[0].1, Visibility::Hidden, "0 hides it");
    r.press(Aid::Grid);
    assert_eq!(
        grid(&mut r)[0].1,
        Visibility::Inherited,
        "its button shows it"
    );
}

#[test]
fn the_threats_line_names_only_the_kinds_of_threat_there_are() {
    // Issue 30, words: never "fire from 0 units (value -0)".
    use bayonet::client::marks::threat_overlay::summary;
    use bayonet::rules::threat::Threat;
    let r = Rig::new();
    let game = r.res::<Table>().board.clone();
    let at = hex(&r, 4, 4);
    let threat = |fire, melee| {
        (
            Threat {
                unit: UnitId(2),
                fire,
                melee,
            },
            hex(&r, 5, 4),
        )
    };
    let line = |threats| {
        summary(
            &game,
            &ThreatOverlay {
                target: Some(at),
                threats,
                estimate: false,
            },
        )
    };
    assert_eq!(
        line(vec![threat(None, Some(450.0))]),
        "Threats to 4,4: melee from 1 unit (strength 450)"
    );
    assert_eq!(
        line(vec![
            threat(Some(115.4), None),
            threat(Some(50.0), Some(200.0))
        ]),
        "Threats to 4,4: fire from 2 units (value 165); melee from 1 unit (strength 200)"
    );
    assert_eq!(line(vec![]), "Threats to 4,4: none next turn");
}
