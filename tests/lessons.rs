//! The boot camp (issue 48): each lesson played to its end through the window's own input (taps,
//! clicks, drags, keys and buttons), each step completing only when its action is done, and a
//! wrong action answered with the step's hint.

use bayonet::client::lesson::panel::{Lesson, LessonButton};
use bayonet::client::theme::settings::SettingsFile;
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
    // Issue 76, item 4: what the step says the panel shows, the panel shows (it promised an
    // ammunition line the panel gives only once the ammunition runs low).
    {
        use bayonet::client::panels::hud::describe;
        let l = r.res::<Lesson>();
        let say = l.script.steps[l.progress.step].say.to_lowercase();
        let table = r.res::<bayonet::sim::Table>();
        let maine = table
            .board
            .unit(bayonet::rules::unit::UnitId(1))
            .unwrap()
            .hex;
        let view = bayonet::rules::fog::view(&table.board, table.board.acting);
        let panel = describe(maine, table, &view, None).to_lowercase();
        for (word, shown) in [
            ("men", "men"),
            ("quality", "quality"),
            ("facing", "facing"),
            ("fatigue", "fatigue"),
            ("formation", "line"),
        ] {
            assert!(
                say.contains(word) && panel.contains(shown),
                "{word}: {panel}"
            );
        }
        assert!(
            !say.contains("ammunition") || panel.contains("ammo") || say.contains("runs low"),
            "the step promises an ammunition line the panel lacks: {panel}"
        );
    }
    next(&mut r);
    // Issue 59: the counters' letters, each on a real counter of the lesson's field.
    let said = |r: &Rig| {
        let l = r.res::<Lesson>();
        l.script.steps[l.progress.step].say.clone()
    };
    let letters = said(&r);
    let g = &r.res::<bayonet::sim::Table>().board;
    for tag in ["Line", "Col", "Limb", "Unl", "Mtd", "Dis"] {
        assert!(
            letters.contains(&format!("{tag}:")) || letters.contains(&format!("{tag} ")),
            "{tag} named"
        );
        assert!(
            g.units
                .iter()
                .any(|u| u.side == bayonet::rules::unit::Side(0)
                    && bayonet::client::counters::counter::formation_tag(u) == tag),
            "a counter shows {tag}"
        );
    }
    next(&mut r);
    let numbers = said(&r);
    for mark in [
        "4g", "12w", "×2", " c ", " a ", " A ", "?", "T1", " D ", " R ",
    ] {
        assert!(numbers.contains(mark), "{mark} named: {numbers}");
    }
    let g = &r.res::<bayonet::sim::Table>().board;
    let units = |hex| g.units.iter().filter(|u| u.hex == hex).count();
    let stack = g.map.hex_at(bayonet::rules::map::Coord { col: 1, row: 7 });
    assert_eq!(units(stack), 2, "the ×2 stack at 1,7");
    // Issue 76, item 4: the column the letters point at is the stack's top counter (the
    // weakest is drawn on top), so 1,7 reads "Col ×2", not "Line ×2".
    let top = bayonet::client::counters::counter::picking_order(
        g.units.iter().filter(|u| u.hex == stack).collect(),
    );
    let top = top.last().unwrap();
    assert_eq!(
        (
            top.name.as_str(),
            bayonet::client::counters::counter::formation_tag(top)
        ),
        ("44th New York", "Col")
    );
    assert!(g.units.iter().any(|u| u.guns == 4), "a 4g battery");
    assert!(
        g.units
            .iter()
            .any(|u| u.kind == bayonet::rules::unit::UnitKind::Supply && u.men == 12),
        "a 12w wagon"
    );
    next(&mut r);
    // The help, by its key; another button first is answered with the hint.
    r.tap_key(KeyCode::Digit7);
    assert_eq!(step(&r), 5);
    assert!(hint(&r).unwrap().contains("Help"));
    r.tap_key(KeyCode::F1);
    assert_eq!(step(&r), 6);
    r.tap_key(KeyCode::Escape);
    // The zoom, by its key.
    assert_eq!(step(&r), 6);
    r.tap_key(KeyCode::Equal);
    assert_eq!(step(&r), 7);
    next(&mut r);
    assert!(finished(&r));
    r.frames(2);
    assert_eq!(
        r.res::<bayonet::client::theme::settings::Settings>()
            .lessons_done
            & 1,
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
        let g = &r.res::<bayonet::sim::Table>().board;
        let c = g
            .map
            .coord(g.unit(bayonet::rules::unit::UnitId(1)).unwrap().hex);
        (c.col, c.row)
    };
    assert_eq!(at(&r), (3, 5));
    r.press(bayonet::client::panels::toolbar::ToolButton::Undo);
    assert_eq!(at(&r), (2, 5), "undone");
    assert_eq!(step(&r), 1, "undo is never wrong, nor a step");
    // Issue 59: toward the 15th Alabama, in plain view all along (no fog), the move is undone
    // too (it was refused: "came into view"), and 5,4 is still in reach.
    r.click(2, 5);
    r.click(3, 7);
    r.click(3, 7);
    assert_eq!(at(&r), (3, 7));
    r.press(bayonet::client::panels::toolbar::ToolButton::Undo);
    assert_eq!(at(&r), (2, 5), "undone");
    r.click(2, 5);
    r.click(5, 4);
    assert_eq!(step(&r), 1, "the first click only shows the path");
    r.click(5, 4);
    assert_eq!(at(&r), (5, 4));
    assert_eq!(step(&r), 2, "the move to the ridge: {:?}", hint(&r));
    // Issue 59: into the zone of control, which the reach shows (a square: the move stops
    // there), and beyond it nothing is lit.
    r.click(6, 5);
    let stops = |r: &Rig, col, row| {
        let g = &r.res::<bayonet::sim::Table>().board;
        let hex = g.map.hex_at(bayonet::rules::map::Coord { col, row });
        r.res::<bayonet::client::input::command::Reachable>()
            .0
            .get(&hex)
            .map(|x| x.stops)
    };
    // The 15th Alabama (10,3) faces south-west: its front hexes are its zone.
    assert_eq!(stops(&r, 10, 4), Some(true), "10,4 is in the zone");
    assert_eq!(stops(&r, 9, 3), Some(true), "9,3 is in the zone");
    r.click(10, 4);
    r.click(10, 4);
    assert_eq!(crate::lessons::at(&r, 3), (10, 4));
    let lit = r
        .res::<bayonet::client::input::command::Reachable>()
        .0
        .len();
    assert!(
        lit <= 1,
        "stopped in the zone, it moves no farther this turn: {lit} hexes lit"
    );
    assert_eq!(step(&r), 3, "into the zone: {:?}", hint(&r));
    // Turning the 83rd is not turning the 20th Maine: the hint names it.
    r.tap_key(KeyCode::KeyX);
    assert_eq!(step(&r), 3);
    assert!(hint(&r).unwrap().contains("20th Maine"), "{:?}", hint(&r));
    // (The 83rd turned once: back, as it was.)
    r.tap_key(KeyCode::KeyZ);
    r.click(5, 4);
    r.tap_key(KeyCode::KeyX);
    assert_eq!(step(&r), 4, "faced the enemy: {:?}", hint(&r));
    next(&mut r);
    assert!(finished(&r));
}

/// A unit's hex, as (column, row).
fn at(r: &Rig, id: u32) -> (i32, i32) {
    let g = &r.res::<bayonet::sim::Table>().board;
    let c = g
        .map
        .coord(g.unit(bayonet::rules::unit::UnitId(id)).unwrap().hex);
    (c.col, c.row)
}

/// End turn, confirmed with Enter (as End turn asks by default).
fn end_turn(r: &mut Rig) {
    r.tap_key(KeyCode::KeyE);
    r.tap_key(KeyCode::Enter);
}

/// Frames until the lesson reaches `step` (the other side's turn takes some), at most `n`.
fn until_step(r: &mut Rig, want: usize, n: usize) {
    for _ in 0..n {
        if step(r) >= want {
            return;
        }
        r.frames(1);
    }
}

#[test]
fn lesson_3_formations_and_fire_to_its_end() {
    let mut r = Rig::lesson(3, SettingsFile(None));
    r.click(2, 7);
    assert_eq!(step(&r), 1);
    r.tap_key(KeyCode::KeyF);
    assert_eq!(step(&r), 2, "the formation changed: {:?}", hint(&r));
    // Fire: select the 1st Minnesota, Fire, then the target.
    r.click(5, 4);
    r.tap_key(KeyCode::KeyT);
    r.click(8, 5);
    assert_eq!(step(&r), 3, "fired: {:?}", hint(&r));
    // The Threats key is not the Sight tool.
    r.tap_key(KeyCode::Digit7);
    assert!(hint(&r).unwrap().contains("Sight"));
    r.tap_key(KeyCode::Digit8);
    assert_eq!(
        step(&r),
        3,
        "the tool open, nothing looked at yet (issue 59)"
    );
    r.click(5, 4);
    r.click(8, 5);
    assert_eq!(step(&r), 4, "a look from 5,4 to 8,5: {:?}", hint(&r));
    r.tap_key(KeyCode::Digit8);
    // Past the battery: opportunity fire.
    r.click(2, 7);
    r.click(5, 7);
    r.click(5, 7);
    assert_eq!(at(&r, 2), (5, 7));
    assert_eq!(step(&r), 5, "opportunity fire seen: {:?}", hint(&r));
    next(&mut r);
    assert!(finished(&r));
}

#[test]
fn lesson_4_melee_by_drags_to_its_end() {
    let mut r = Rig::lesson(4, SettingsFile(None));
    // Resolve before any melee is declared: the hint, not the step.
    r.tap_key(KeyCode::KeyR);
    assert_eq!(step(&r), 0);
    assert!(hint(&r).is_some());
    r.mouse_drag((6, 4), (6, 5));
    assert_eq!(step(&r), 1, "declared: {:?}", hint(&r));
    // The same regiment again is not the one asked to join.
    r.mouse_drag((6, 4), (6, 5));
    assert_eq!(step(&r), 1, "the 20th Maine again does not join");
    r.mouse_drag((5, 5), (6, 5));
    assert_eq!(step(&r), 2, "joined: {:?}", hint(&r));
    r.press(bayonet::client::panels::toolbar::ToolButton::Resolve);
    assert_eq!(step(&r), 3);
    let resolved = r.res::<bayonet::sim::Table>().board.pending.is_empty();
    assert!(resolved, "the melee was fought");
    next(&mut r);
    assert!(finished(&r));
}

#[test]
fn lesson_5_morale_rout_and_rally_to_its_end() {
    let mut r = Rig::lesson(5, SettingsFile(None));
    next(&mut r);
    r.mouse_drag((6, 4), (6, 5));
    r.mouse_drag((5, 5), (6, 5));
    assert_eq!(step(&r), 1, "declaring is not yet the rout");
    r.tap_key(KeyCode::KeyR);
    assert_eq!(step(&r), 2, "the Alabamians routed");
    next(&mut r);
    // Turning a regiment is not ending the turn: the hint.
    r.click(2, 5);
    r.tap_key(KeyCode::KeyX);
    assert_eq!(step(&r), 3);
    assert!(hint(&r).unwrap().contains("End turn"), "{:?}", hint(&r));
    end_turn(&mut r);
    assert!(step(&r) >= 4, "the turn ended: {:?}", hint(&r));
    until_step(&mut r, 5, 200);
    assert_eq!(step(&r), 5, "the rally at the start of the Union's turn");
    next(&mut r);
    assert!(finished(&r));
}

#[test]
fn lesson_6_the_enemy_turn_fog_undo_and_threats_to_its_end() {
    let mut r = Rig::lesson(6, SettingsFile(None));
    assert!(
        r.res::<bayonet::sim::Table>()
            .board
            .params
            .optional
            .fog_of_war
    );
    r.tap_key(KeyCode::Digit7);
    assert_eq!(step(&r), 1);
    r.click(2, 5);
    r.click(3, 5);
    r.click(3, 5);
    assert_eq!(at(&r, 1), (3, 5));
    assert_eq!(step(&r), 2);
    // Turning is not undoing.
    r.tap_key(KeyCode::KeyX);
    assert_eq!(step(&r), 2);
    assert!(hint(&r).unwrap().contains("Undo"));
    // Issue 59: the first Undo takes the turn back, which is not the move: still the hint.
    r.press(bayonet::client::panels::toolbar::ToolButton::Undo);
    assert_eq!(step(&r), 2);
    r.press(bayonet::client::panels::toolbar::ToolButton::Undo);
    assert_eq!(at(&r, 1), (2, 5));
    assert_eq!(step(&r), 3);
    end_turn(&mut r);
    assert_eq!(step(&r), 4);
    until_step(&mut r, 5, 600);
    assert_eq!(step(&r), 5, "the computer's turn is over");
    next(&mut r);
    assert!(finished(&r));
}

/// Issue 76, item 1: a move the 15th Alabama's opportunity fire met cannot be undone (the dice
/// were rolled): the step that asks for the undo is passed with why, never left asking for it.
#[test]
fn lesson_6_a_move_that_rolled_dice_passes_the_undo_step_with_why() {
    let mut r = Rig::lesson(6, SettingsFile(None));
    r.tap_key(KeyCode::Digit7);
    assert_eq!(step(&r), 1);
    r.click(2, 5);
    r.click(6, 5);
    r.click(6, 5);
    let why = r.res::<bayonet::sim::Table>().undo.why_not();
    assert!(
        why.as_deref().is_some_and(|w| w.contains("dice")),
        "the 15th Alabama fired as the 20th Maine came on: {why:?}"
    );
    assert_eq!(step(&r), 3, "the undo step passed: {:?}", hint(&r));
    assert!(
        hint(&r).is_some_and(|h| h.contains("could not be taken back")),
        "{:?}",
        hint(&r)
    );
    end_turn(&mut r);
    assert_eq!(step(&r), 4);
}

/// The map camera back at the origin, where the rig's clicks reckon from.
fn recentre(r: &mut Rig) {
    let mut q = r
        .app
        .world_mut()
        .query_filtered::<&mut bevy::prelude::Transform, bevy::prelude::With<bayonet::client::map::camera::MapCamera>>();
    for mut t in q.iter_mut(r.app.world_mut()) {
        t.translation.x = 0.0;
        t.translation.y = 0.0;
    }
}

#[test]
fn lesson_7_command_to_its_end() {
    let mut r = Rig::lesson(7, SettingsFile(None));
    assert!(
        r.res::<bayonet::sim::Table>()
            .board
            .params
            .optional
            .command_control
    );
    // The 1st Brigade's regiments stand beyond every leader of their chain, as step 3 says.
    for (id, out) in [(7, true), (8, true), (3, false), (4, false)] {
        let g = &r.res::<bayonet::sim::Table>().board;
        assert_eq!(
            g.unit(bayonet::rules::unit::UnitId(id))
                .unwrap()
                .out_of_command,
            out,
            "unit {id}"
        );
    }
    r.click(2, 4);
    assert_eq!(step(&r), 1);
    r.tap_key(KeyCode::Digit9);
    assert_eq!(step(&r), 2);
    r.tap_key(KeyCode::Digit9);
    next(&mut r);
    r.tap_key(KeyCode::KeyJ);
    assert_eq!(step(&r), 4);
    // One regiment alone is not the brigade: the hint, and undo.
    // Next unit centred the map on the unit: the rig's clicks reckon from the camera at the
    // origin, where a player would click where the counter now is.
    recentre(&mut r);
    r.click(3, 5);
    r.click(4, 5);
    r.click(4, 5);
    assert_eq!(at(&r, 4), (4, 5));
    assert_eq!(step(&r), 4);
    assert!(hint(&r).unwrap().contains("Move brigade"));
    r.press(bayonet::client::panels::toolbar::ToolButton::Undo);
    assert_eq!(at(&r, 4), (3, 5));
    // The other brigade moved as one is not the 3rd Brigade: the hint, and one undo.
    let before = (at(&r, 7), at(&r, 8));
    r.tap_key(KeyCode::Escape);
    r.click(0, 9);
    assert_eq!(
        r.res::<bayonet::client::input::command::Selection>().unit,
        Some(bayonet::rules::unit::UnitId(6)),
        "Colonel Tilton selected"
    );
    r.tap_key(KeyCode::KeyM);
    r.click(1, 8);
    r.click(1, 8);
    assert_ne!((at(&r, 7), at(&r, 8)), before, "the 1st Brigade marched");
    assert_eq!(step(&r), 4);
    assert!(hint(&r).unwrap().contains("Move brigade"));
    r.press(bayonet::client::panels::toolbar::ToolButton::Undo);
    assert_eq!(
        (at(&r, 7), at(&r, 8)),
        before,
        "one undo takes the march back"
    );
    r.click(2, 4);
    r.tap_key(KeyCode::KeyM);
    r.click(5, 4);
    r.click(5, 4);
    assert_eq!(at(&r, 2), (5, 4), "Vincent went where he was sent");
    assert_eq!(step(&r), 5, "the brigade moved: {:?}", hint(&r));
    next(&mut r);
    assert!(finished(&r));
}

/// Issue 48 item 2: the start dialog offers the boot camp's lessons first to a newcomer
/// (no battle started, no lesson done), and after the battles once one has been started.
#[test]
fn the_start_dialog_offers_the_boot_camp_first_to_a_newcomer() {
    use bayonet::client::dialogs::start::Control;
    use bevy::prelude::*;
    let order = |settings: SettingsFile| {
        let s = bayonet::load_scenario("maps/harpers_crossing.ron").unwrap();
        let mut app = bayonet::client::windowless_app_with(s, bayonet::client::headless, settings);
        app.world_mut()
            .remove_resource::<bayonet::client::gate::PresetPlayers>();
        app.update();
        app.update();
        let mut controls: Vec<(Entity, Control)> = app
            .world_mut()
            .query::<(Entity, &Control)>()
            .iter(app.world())
            .map(|(e, c)| (e, *c))
            .collect();
        // In the order they were spawned, top to bottom.
        controls.sort_by_key(|(e, _)| e.index());
        let first = |f: fn(&Control) -> bool| controls.iter().position(|(_, c)| f(c)).unwrap();
        let lessons: Vec<usize> = controls
            .iter()
            .filter_map(|(_, c)| match c {
                Control::Lesson(n) => Some(*n),
                _ => None,
            })
            .collect();
        assert_eq!(lessons, (1..=bayonet::lesson::COUNT).collect::<Vec<_>>());
        let newcomer_line = app
            .world_mut()
            .query::<&Text>()
            .iter(app.world())
            .any(|t| t.0.starts_with("New to Bayonet?"));
        (
            first(|c| matches!(c, Control::Lesson(_)))
                < first(|c| matches!(c, Control::Scenario(_))),
            newcomer_line,
        )
    };
    assert_eq!(
        order(SettingsFile(None)),
        (true, true),
        "first for a newcomer"
    );
    let dir = std::env::temp_dir().join(format!("bayonet-played-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("settings.ron");
    std::fs::write(&file, "(played: true)").unwrap();
    assert_eq!(
        order(SettingsFile(Some(file))),
        (false, false),
        "after the battles"
    );
}

/// Issue 59, lesson 8: artillery, through the window's input — the battery selected,
/// unlimbered, fired at long range, the other battery's canister, infantry brought beside the
/// guns. A wrong order is answered with the hint and completes nothing.
#[test]
fn lesson_8_artillery_to_its_end() {
    use bayonet::rules::unit::{Formation, UnitId};
    let mut r = Rig::lesson(8, SettingsFile(None));
    r.click(2, 5);
    assert_eq!(step(&r), 1);
    r.tap_key(KeyCode::KeyF);
    assert_eq!(step(&r), 2, "unlimbered: {:?}", hint(&r));
    let formation = |r: &Rig| {
        r.res::<bayonet::sim::Table>()
            .board
            .unit(UnitId(1))
            .unwrap()
            .formation
    };
    assert_eq!(formation(&r), Formation::Unlimbered);
    // Turning the 20th Maine is not the fire asked for: the hint.
    r.click(7, 8);
    r.tap_key(KeyCode::KeyX);
    assert_eq!(step(&r), 2);
    assert!(hint(&r).unwrap().contains("4,4"), "{:?}", hint(&r));
    r.click(4, 4);
    r.tap_key(KeyCode::KeyT);
    r.click(11, 4);
    assert_eq!(step(&r), 3, "long-range fire: {:?}", hint(&r));
    r.click(8, 6);
    r.tap_key(KeyCode::KeyT);
    r.click(10, 6);
    assert_eq!(step(&r), 4, "canister: {:?}", hint(&r));
    r.click(7, 8);
    r.click(8, 7);
    r.click(8, 7);
    assert_eq!(at(&r, 3), (8, 7));
    assert_eq!(step(&r), 5, "beside the guns: {:?}", hint(&r));
    next(&mut r);
    assert!(finished(&r));
}

/// Issue 59, lesson 9: cavalry and supply, through the window's input — the cavalry selected,
/// ridden round the battery's flank, the charge dragged and resolved, the other regiment
/// dismounted, the wagon brought within reach of the regiment low on ammunition, and the refill
/// at the start of the next turn (with its line in the log). Wrong orders get the hint.
#[test]
fn lesson_9_cavalry_and_supply_to_its_end() {
    use bayonet::rules::unit::{Ammo, Formation, UnitId};
    let mut r = Rig::lesson(9, SettingsFile(None));
    // The field's middle in the middle of the window (the rig's window shows fewer rows than
    // the lesson's opening zoom does).
    r.look_at(7, 7);
    r.click(11, 1);
    assert_eq!(
        step(&r),
        1,
        "{:?} {:?}",
        hint(&r),
        r.res::<bayonet::client::input::command::Selection>().unit
    );
    // Another hex than the one asked for: the hint, and the move taken back.
    r.click(12, 2);
    r.click(12, 2);
    assert_eq!(step(&r), 1);
    assert!(hint(&r).unwrap().contains("11,6"), "{:?}", hint(&r));
    r.press(bayonet::client::panels::toolbar::ToolButton::Undo);
    assert_eq!(
        at(&r, 1),
        (11, 1),
        "{:?}",
        r.res::<bayonet::client::reports::report::Report>().lines
    );
    r.click(11, 1);
    r.click(11, 6);
    r.click(11, 6);
    assert_eq!(at(&r, 1), (11, 6));
    assert_eq!(step(&r), 2, "behind the guns: {:?}", hint(&r));
    let men = r
        .res::<bayonet::sim::Table>()
        .board
        .unit(UnitId(1))
        .unwrap()
        .men;
    assert_eq!(men, 320, "round the guns' front, no fire met the riders");
    r.mouse_drag((11, 6), (10, 6));
    assert_eq!(step(&r), 3, "the charge declared: {:?}", hint(&r));
    // Issue 76, item 2: cancelled, then Resolve with nothing pending: not the charge (the guns
    // still stand), the hint; declared again, it is.
    r.tap_key(KeyCode::KeyC);
    assert!(
        r.res::<bayonet::sim::Table>().board.pending.is_empty(),
        "cancelled"
    );
    r.press(bayonet::client::panels::toolbar::ToolButton::Resolve);
    assert_eq!(step(&r), 3, "nothing was resolved");
    assert!(
        hint(&r).is_some_and(|h| h.contains("no melee to resolve")),
        "{:?}",
        hint(&r)
    );
    assert!(
        r.res::<bayonet::sim::Table>()
            .board
            .unit(UnitId(11))
            .is_some()
    );
    r.mouse_drag((11, 6), (10, 6));
    assert_eq!(step(&r), 3, "declared again: {:?}", hint(&r));
    r.press(bayonet::client::panels::toolbar::ToolButton::Resolve);
    assert_eq!(step(&r), 4, "charged home: {:?}", hint(&r));
    let g = &r.res::<bayonet::sim::Table>().board;
    let battery = g.unit(UnitId(11));
    assert!(
        battery.is_none_or(|b| b.side == g.unit(UnitId(1)).map_or(b.side, |c| c.side)),
        "the guns left alone are taken: {battery:?}"
    );
    next(&mut r);
    r.click(5, 11);
    r.tap_key(KeyCode::KeyF);
    assert_eq!(step(&r), 6, "dismounting: {:?}", hint(&r));
    let f = r
        .res::<bayonet::sim::Table>()
        .board
        .unit(UnitId(2))
        .unwrap()
        .formation;
    assert!(
        matches!(f, Formation::Dismounted | Formation::Dismounting),
        "{f:?}"
    );
    let ammo = |r: &Rig| {
        r.res::<bayonet::sim::Table>()
            .board
            .unit(UnitId(3))
            .unwrap()
            .ammo
    };
    assert_eq!(ammo(&r), Ammo::Low);
    r.click(0, 8);
    r.click(3, 8);
    r.click(3, 8);
    assert_eq!(at(&r, 4), (3, 8));
    assert_eq!(step(&r), 7, "the wagon moved up: {:?}", hint(&r));
    end_turn(&mut r);
    until_step(&mut r, 8, 400);
    assert_eq!(step(&r), 8, "refilled at the start of the Union's turn");
    assert_eq!(ammo(&r), Ammo::Normal);
    let log = r
        .res::<bayonet::client::reports::report::Report>()
        .lines
        .join("\n");
    assert!(
        log.contains("14th Brooklyn refills its ammunition from a wagon"),
        "{log}"
    );
    next(&mut r);
    assert!(finished(&r));
}

/// Issue 59, lesson 11: the first battle, four turns against the Basic computer, played to its
/// end screen; at the start of each of the player's turns after the first the panel says what
/// the computer's turn did and how the score moved. Orders of every kind are free play (no
/// hint); the turn ends on End turn.
#[test]
fn lesson_11_the_first_battle_to_its_end_screen() {
    let mut r = Rig::lesson(11, SettingsFile(None));
    assert_eq!(
        r.res::<bayonet::sim::Players>().0[1],
        Some(bayonet::sim::Brain::Computer),
        "the Basic computer plays the Confederates"
    );
    next(&mut r);
    r.tap_key(KeyCode::F2);
    assert_eq!(step(&r), 2, "the victory panel: {:?}", hint(&r));
    r.tap_key(KeyCode::F2);
    // Free play: an order is not a wrong action.
    r.click(4, 4);
    r.click(6, 4);
    r.click(6, 4);
    assert_eq!(at(&r, 2), (6, 4));
    assert_eq!(step(&r), 2);
    assert_eq!(hint(&r), None);
    for turn in 1..=4 {
        let play = 2 + 2 * (turn - 1);
        assert_eq!(step(&r), play, "turn {turn}");
        end_turn(&mut r);
        until_step(&mut r, play + 2, 1500);
        if turn < 4 {
            assert_eq!(step(&r), play + 2, "the computer played turn {turn}");
            let news = r.res::<Lesson>().news.clone().unwrap_or_default();
            assert!(news.starts_with("The Confederate turn: "), "{news}");
            // Told once, in the panel: not again in the banner over it (a play-test read both).
            let banner = &r
                .res::<bayonet::client::reports::score_news::ScoreNews>()
                .said;
            assert!(
                banner.as_ref().is_none_or(|(w, _)| *w != news),
                "{banner:?}"
            );
            assert!(
                news.to_lowercase().contains("since your last turn"),
                "{news}"
            );
        }
    }
    assert_eq!(step(&r), 10, "the battle ended: {:?}", hint(&r));
    r.frames(3);
    // Issue 76, item 6: the computer's final turn is told too, not the turn before's line.
    let news = r.res::<Lesson>().news.clone().unwrap_or_default();
    assert!(
        news.starts_with("The Confederate turn, the last of the battle: "),
        "{news}"
    );
    let end = r.res::<bayonet::client::dialogs::end_screen::EndScreen>();
    assert!(end.open, "the end screen is up");
    assert!(
        end.lines.iter().any(|l| l.contains("THE BATTLE IS OVER")),
        "{:?}",
        end.lines
    );
    next(&mut r);
    assert!(finished(&r));
    // Issue 76, item 7: the boot camp leads on to a small battle, the shortest the game ships,
    // not Harper's Crossing (medium, about an hour).
    let first = bayonet::library::first_battle().unwrap();
    assert_eq!(first.size, bayonet::library::Size::Small, "{}", first.name);
    for e in bayonet::library::shipped() {
        assert!(
            e.minutes >= first.minutes,
            "{} is shorter than {}",
            e.name,
            first.name
        );
    }
    assert_ne!(first.path, bayonet::DEFAULT_SCENARIO_PATH);
    r.frames(2);
    let texts: Vec<String> = {
        let world = r.app.world_mut();
        let mut q = world.query::<&bevy::prelude::Text>();
        q.iter(world).map(|t| t.0.clone()).collect()
    };
    let offer = format!(
        "Play {} (small, about {} minutes)",
        first.name, first.minutes
    );
    assert!(
        texts.iter().any(|t| t.starts_with(&offer)),
        "{offer:?} not offered: {texts:?}"
    );
}

/// Issue 59: a mistake that makes a step impossible as things stand gets the hint and says so,
/// with the way back (Undo, or Restart where the game refuses it): lesson 2's move to 5,4 with
/// the 20th Maine's movement spent on a wrong march; with it unspent, the plain hint.
#[test]
fn a_step_made_impossible_says_so_and_offers_restart() {
    use bayonet::lesson::{Progress, Sign};
    use bayonet::rules::order::{At, Order};
    use bayonet::rules::unit::{Side, UnitId};
    let (script, s) = bayonet::lesson::open(2).unwrap();
    let mut board = s.board();
    let mut p = Progress {
        step: 1,
        hint: None,
    };
    let wrong = Sign::Done(Order::Move {
        unit: UnitId(1),
        to: At(3, 5),
        path: None,
    });
    p.feed(&script, Side(0), &board, std::slice::from_ref(&wrong));
    assert_eq!(p.step, 1);
    let plain = p.hint.clone().unwrap();
    assert!(
        plain.contains("5,4") && !plain.contains("cannot be done"),
        "{plain}"
    );
    board.unit_mut(UnitId(1)).unwrap().marks.mp_used = 1000;
    p.feed(&script, Side(0), &board, &[wrong]);
    let stuck = p.hint.clone().unwrap();
    assert!(
        stuck.starts_with(&plain)
            && stuck.contains("cannot be done: 20th Maine cannot reach 5,4 this turn")
            && stuck.contains("Restart lesson"),
        "{stuck}"
    );
}

/// Issue 59: the lesson panel folds to its title and buttons (Hide) so that the units it asks
/// for can be seen and played on a small screen (at 1024×768 it covered the 83rd Pennsylvania in
/// the first battle), unfolds on Show lesson, and a new step unfolds it by itself.
#[test]
fn the_lesson_panel_folds_and_a_new_step_unfolds_it() {
    use bevy::prelude::{Display, Node, Text};
    let mut r = Rig::lesson(11, SettingsFile(None));
    let say = |r: &Rig| {
        let l = r.res::<Lesson>();
        l.script.steps[l.progress.step].say.clone()
    };
    // Whether the step's words show in the panel.
    let words_shown = |r: &mut Rig| {
        let want = say(r);
        let mut q = r.app.world_mut().query::<(&Text, &Node)>();
        let found: Vec<bool> = q
            .iter(r.app.world())
            .filter(|(t, _)| t.0 == want)
            .map(|(_, n)| n.display != Display::None)
            .collect();
        assert_eq!(found.len(), 1, "the step's words are in the panel once");
        found[0]
    };
    r.frames(2);
    assert!(words_shown(&mut r));
    r.press(LessonButton::Fold);
    assert!(r.res::<Lesson>().folded);
    assert!(!words_shown(&mut r), "folded: the words are hidden");
    assert_eq!(step(&r), 0, "folding is no lesson action");
    r.press(LessonButton::Fold);
    assert!(!r.res::<Lesson>().folded);
    assert!(words_shown(&mut r), "unfolded again");
    r.press(LessonButton::Fold);
    next(&mut r);
    assert_eq!(step(&r), 1);
    assert!(!r.res::<Lesson>().folded, "a new step unfolds the panel");
    assert!(words_shown(&mut r), "and its words show");
}

/// Issue 59: the lesson panel keeps clear of the unit a step has the player act with, even
/// where the step points elsewhere: lesson 2's third step points at the march's end (10,4) and
/// names the 83rd Pennsylvania (6,5) to select; at 1024×768 the panel covered it.
#[test]
fn the_lesson_panel_keeps_clear_of_the_unit_a_step_acts_with() {
    let mut r = Rig::lesson(2, SettingsFile(None));
    r.click(2, 5);
    r.click(5, 4);
    r.click(5, 4);
    assert_eq!(step(&r), 2, "at the zone-of-control step: {:?}", hint(&r));
    // The 20th Maine is selected: only the step says which unit matters now.
    r.frames(2);
    let at = r.screen(6, 5);
    let clear = &r.res::<Lesson>().placed.clear;
    assert!(
        clear.iter().any(|c| c.contains(at)),
        "the 83rd Pennsylvania's hex {at:?} is among what the panel keeps clear of: {clear:?}"
    );
}

/// Issue 76, item 4: a lesson's words give a unit's hex where it stands now — after a wrong
/// move lesson 2's hint names the 83rd Pennsylvania where it went, not the script's 6,5.
#[test]
fn lesson_2_a_hint_names_a_unit_where_it_stands_now() {
    use bayonet::lesson::places::where_now;
    let (script, s) = bayonet::lesson::open(2).unwrap();
    let hint = script
        .steps
        .iter()
        .find_map(|st| {
            st.hint
                .clone()
                .filter(|h| h.contains("83rd Pennsylvania (6,5)"))
        })
        .expect("the zone-of-control step's hint");
    let mut board = s.board();
    assert_eq!(where_now(&hint, &board), hint, "where the script put it");
    let i = board
        .units
        .iter()
        .position(|u| u.name == "83rd Pennsylvania")
        .unwrap();
    board.units[i].hex = board
        .map
        .hex_at(bayonet::rules::map::Coord { col: 7, row: 5 });
    let now = where_now(&hint, &board);
    assert!(now.contains("83rd Pennsylvania (7,5)"), "{now}");
    assert!(!now.contains("(6,5)"), "{now}");
    // Words that give no hex are left as they are.
    assert_eq!(
        where_now("the 83rd Pennsylvania (in column)", &board),
        "the 83rd Pennsylvania (in column)"
    );
}

/// Issue 76, item 5: with a fire armed (T) the lesson panel keeps clear of every enemy the
/// selected unit may fire at (lesson 11's panel moved over the village its battery aimed at):
/// lesson 8's Battery A, 4th U.S. at 8,6 and the 2nd Florida at 10,6.
#[test]
fn the_lesson_panel_keeps_clear_of_the_targets_of_an_armed_fire() {
    use bayonet::rules::order::{At, Order, check};
    let mut r = Rig::lesson(8, SettingsFile(None));
    r.click(8, 6);
    r.tap_key(KeyCode::KeyT);
    r.frames(2);
    let board = r.res::<bayonet::sim::Table>().board.clone();
    let battery = board
        .units
        .iter()
        .find(|u| u.name == "Battery A, 4th U.S.")
        .unwrap();
    let fire = Order::Fire {
        unit: battery.id,
        at: At(10, 6),
    };
    assert!(check(&board, &fire).is_ok(), "a target in range");
    let at = r.screen(10, 6);
    let clear = &r.res::<Lesson>().placed.clear;
    assert!(
        clear.iter().any(|c| c.contains(at)),
        "the 2nd Florida's hex {at:?} is among what the panel keeps clear of: {clear:?}"
    );
}

/// Issue 76, item 8: lesson 10, what the first battle punishes — a column put into line, a march
/// round a line's flank and fire through its rear hexside (enfilade, in the fire's own terms), a
/// rout's spread read, and a battery the mist hides (beyond the five hexes' sight the lesson
/// sets) firing in the Confederates' turn.
#[test]
fn lesson_10_under_fire_to_its_end() {
    use bayonet::rules::combat::ModifierKind;
    use bayonet::rules::fire;
    use bayonet::rules::order::Order;
    use bayonet::rules::unit::{Formation, UnitId};
    let mut r = Rig::lesson(10, SettingsFile(None));
    next(&mut r);
    assert_eq!(step(&r), 1);
    r.click(1, 5);
    r.tap_key(KeyCode::KeyF);
    assert_eq!(step(&r), 2, "the column formed line: {:?}", hint(&r));
    let board = |r: &Rig| r.res::<bayonet::sim::Table>().board.clone();
    assert_eq!(
        board(&r).unit(UnitId(2)).unwrap().formation,
        Formation::Line
    );
    // Another hex than the flank is not the step.
    r.click(4, 8);
    r.click(5, 8);
    r.click(5, 8);
    assert_eq!(step(&r), 2, "5,8 is not the flank: {:?}", hint(&r));
    r.click(7, 7);
    r.click(7, 7);
    assert_eq!(at(&r, 1), (7, 7));
    assert_eq!(step(&r), 3, "round the flank: {:?}", hint(&r));
    // The fire the step asks for is in enfilade, as its words say.
    let b = board(&r);
    // Either regiment the step offers is struck through its rear from 7,7.
    for id in [11, 12] {
        let target = b.unit(UnitId(id)).unwrap().hex;
        let f =
            fire::breakdown(&b, UnitId(1), target, false, 1.0).expect("the 6th Wisconsin may fire");
        assert!(
            f.modifiers.iter().any(|m| m.kind == ModifierKind::Enfilade),
            "fire from 7,7 strikes unit {id}'s rear: {:?}",
            f.modifiers
        );
    }
    r.tap_key(KeyCode::KeyT);
    r.click(7, 5);
    assert_eq!(step(&r), 4, "fired: {:?}", hint(&r));
    // The log names where the firer stood, then its target (issue 76, item 9: "X at 7,5" read
    // as X standing there).
    let lines = &r.res::<bayonet::client::reports::report::Report>().lines;
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("6th Wisconsin 7,7 → 7,5")),
        "{lines:#?}"
    );
    next(&mut r);
    assert_eq!(step(&r), 5);
    // The mist hides the battery from every Union unit as the turn ends (the step's words).
    let b = board(&r);
    let battery = b.unit(UnitId(14)).unwrap().hex;
    assert!(!bayonet::rules::fog::sees(
        &b,
        bayonet::rules::unit::Side(0),
        battery
    ));
    assert!(
        bayonet::rules::fog::visibility(&b) == 5,
        "the lesson's mist"
    );
    end_turn(&mut r);
    until_step(&mut r, 7, 600);
    assert_eq!(
        step(&r),
        7,
        "the Confederates' turn is over: {:?}",
        hint(&r)
    );
    // The battery on Bell's Knoll fired, from beyond what the Union could see.
    let g = r.res::<bayonet::sim::Table>();
    let fired: Vec<&Order> = g
        .log
        .iter()
        .filter(|o| matches!(o, Order::Fire { unit, .. } if *unit == UnitId(14)))
        .collect();
    assert!(!fired.is_empty(), "the hidden battery fired: {:?}", g.log);
    next(&mut r);
    assert!(finished(&r));
}
