//! Real input, headless: mouse and touch messages go through the same input path as the
//! window (bevy's input plugin, the gestures, the orders) to the simulation, with no renderer.

use bayonet::rules::map::Coord;
use bayonet::sim::{GiveOrder, MeleeDeclared, MeleeResolved, OrderRejected, Table};
use bevy::input::ButtonState;
use bevy::input::touch::TouchPhase;
use bevy::prelude::*;

use crate::rig::Rig;
#[test]
fn mouse_drag_to_melee_and_resolve_by_key() {
    let mut r = Rig::new();
    r.mouse_drag((4, 4), (5, 4));
    let declared = r.events::<MeleeDeclared>();
    assert_eq!(declared.len(), 1, "{:?}", r.read::<OrderRejected>());
    assert_eq!(
        declared[0].declaration.defending_hex,
        r.s.map.hex_at(Coord { col: 5, row: 4 })
    );
    assert_eq!(r.app.world().resource::<Table>().board.pending.len(), 1);
    // A second hex joins the same melee: two hexes attacking one.
    r.mouse_drag((5, 5), (5, 4));
    let pending = &r.app.world().resource::<Table>().board.pending;
    assert_eq!(pending.len(), 1);
    assert_eq!(pending[0].attackers.len(), 2);
    // R resolves.
    // (Messages live two frames, so they are read right away.)
    r.key(KeyCode::KeyR, ButtonState::Pressed);
    r.frames(2);
    assert_eq!(
        r.events::<MeleeResolved>().len(),
        1,
        "{:?}",
        r.read::<OrderRejected>()
    );
    assert!(r.app.world().resource::<Table>().board.pending.is_empty());
    r.key(KeyCode::KeyR, ButtonState::Released);
    r.frames(1);
}

#[test]
fn touch_long_press_drag_release_declares_a_melee() {
    let mut r = Rig::new();
    let (a, b) = (r.screen(4, 4), r.screen(5, 4));
    r.touch_drag(a, b, 7); // 0.7 s held still: a long press
    assert_eq!(
        r.events::<MeleeDeclared>().len(),
        1,
        "{:?}",
        r.read::<OrderRejected>()
    );
}

/// A slow tablet (a frame a second, as the browser build drew Brandy Station on a busy
/// machine): one frame with the finger held still is a long press, though bevy's game clock
/// moves a quarter second a frame at most. Counted on that clock, the drag below panned.
#[test]
fn a_long_press_counts_the_fingers_real_time_on_a_slow_device() {
    let mut r = Rig::new();
    r.app
        .insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
            std::time::Duration::from_millis(1000),
        ));
    let (a, b) = (r.screen(4, 4), r.screen(5, 4));
    r.touch_drag(a, b, 2); // the press seen, then one slow frame held still
    assert_eq!(
        r.events::<MeleeDeclared>().len(),
        1,
        "{:?}",
        r.read::<OrderRejected>()
    );
}

#[test]
fn a_short_touch_selects_and_starts_no_drag() {
    let mut r = Rig::new();
    let (a, b) = (r.screen(4, 4), r.screen(5, 4));
    r.touch(TouchPhase::Started, a);
    r.frames(1);
    r.touch(TouchPhase::Ended, a);
    r.frames(2);
    assert!(r.events::<MeleeDeclared>().is_empty());
    let cmd = r
        .app
        .world()
        .resource::<bayonet::client::input::command::Selection>();
    assert_eq!(
        cmd.unit,
        Some(bayonet::rules::unit::UnitId(1)),
        "the tap selected the unit"
    );
    // A quick drag pans (once: by the finger's own travel) instead of declaring.
    let cam = |r: &mut Rig| {
        let w = r.app.world_mut();
        w.query_filtered::<&Transform, With<bayonet::client::map::camera::MapCamera>>()
            .single(w)
            .unwrap()
            .translation
    };
    let before = cam(&mut r);
    r.touch(TouchPhase::Started, a);
    r.frames(1);
    r.touch(TouchPhase::Moved, b);
    r.frames(1);
    r.touch(TouchPhase::Ended, b);
    r.frames(2);
    assert!(r.events::<MeleeDeclared>().is_empty());
    let moved = cam(&mut r) - before;
    assert!(
        (moved.x + (b.x - a.x)).abs() < 0.5 && (moved.y - (b.y - a.y)).abs() < 0.5,
        "panned {moved:?}"
    );
}

#[test]
fn a_drag_onto_an_illegal_target_is_refused_with_its_rule() {
    let mut r = Rig::new();
    // Across the creek between 2,6 and 3,6.
    r.mouse_drag((2, 6), (3, 6));
    assert!(r.events::<MeleeDeclared>().is_empty());
    let refused = r.read::<OrderRejected>();
    assert_eq!(refused[0].reasons[0].rule, 5, "{refused:?}");
}

/// Issue 61, item 4: a campaign's battle saved in the window (F5, and the autosave at every
/// turn) is kept in the campaign's save too, so that `bayonet campaign` opened again resumes it
/// at the turn it was left.
#[test]
fn a_campaign_battle_saved_in_the_window_is_kept_in_the_campaigns_save() {
    use bayonet::client::dialogs::campaign::UnderWay;
    use bayonet::client::dialogs::saving::SaveDir;
    let dir = std::env::temp_dir().join(format!("bayonet-campaign-window-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let save = dir.join("campaign-gettysburg.ron");
    let _ = std::fs::remove_file(&save);
    let mut r = Rig::new();
    r.app.insert_resource(SaveDir(Some(dir.clone())));
    r.app
        .insert_resource(bayonet::client::reports::report::Report::default());
    let campaign = bayonet::campaign::begin("maps/campaigns/gettysburg.campaign.ron").unwrap();
    r.app.insert_resource(UnderWay {
        campaign,
        save: save.clone(),
        changes: Vec::new(),
    });
    r.app
        .world_mut()
        .write_message(GiveOrder(bayonet::rules::order::Order::EndTurn));
    r.frames(2);
    let text = std::fs::read_to_string(&save).expect("the autosave kept the campaign");
    let back = bayonet::campaign::Campaign::from_text("c.ron", &text).unwrap();
    let kept = back
        .battle
        .expect("the battle under way is in the campaign's save");
    let board = &r.app.world().resource::<Table>().board;
    assert_eq!(
        (kept.snapshot.turn, kept.snapshot.phase),
        (board.turn, board.phase)
    );
    assert_eq!(
        back.at.as_deref(),
        Some("railroad_cut"),
        "still the battle it was"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn f5_saves_and_f9_loads_the_game_in_the_window() {
    use bayonet::client::dialogs::saving::SaveDir;
    let dir = std::env::temp_dir().join("bayonet-quicksave-test");
    std::fs::create_dir_all(&dir).unwrap();
    let _ = std::fs::remove_file(dir.join("bayonet-quicksave.ron"));
    let mut r = Rig::new();
    r.app.insert_resource(SaveDir(Some(dir.clone())));
    r.app
        .insert_resource(bayonet::client::reports::report::Report::default());
    r.mouse_drag((4, 4), (5, 4));
    r.key(KeyCode::F5, ButtonState::Pressed);
    r.frames(2);
    r.key(KeyCode::F5, ButtonState::Released);
    r.frames(1);
    assert!(dir.join("bayonet-quicksave.ron").exists());
    // The log names the save's full path (issue 29: the saves folder is not where the game
    // was started, so a bare name would not tell the player where it went).
    let full = dir.join("bayonet-quicksave.ron").display().to_string();
    let said = |r: &Rig| {
        r.app
            .world()
            .resource::<bayonet::client::reports::report::Report>()
            .lines
            .clone()
    };
    assert!(
        said(&r).contains(&format!("Saved to {full}")),
        "{:?}",
        said(&r)
    );
    let saved_turn = r.app.world().resource::<Table>().board.turn_state();
    // The game goes on, then F9 brings back the saved one, pending melee and all.
    r.app
        .world_mut()
        .write_message(GiveOrder(bayonet::rules::order::Order::EndTurn));
    r.frames(2);
    assert_ne!(
        r.app.world().resource::<Table>().board.turn_state(),
        saved_turn
    );
    // The autosave at the turn's start is one short line by name (issue 59), not the path.
    let lines = said(&r);
    assert!(
        lines
            .iter()
            .any(|l| l == "Autosaved as bayonet-autosave.ron (and each turn from now on)"),
        "{lines:?}"
    );
    assert_eq!(
        lines
            .iter()
            .filter(|l| l.contains(&dir.display().to_string()))
            .count(),
        1,
        "only the player's own save names the folder: {lines:?}"
    );
    assert!(r.app.world().resource::<Table>().board.pending.is_empty());
    r.key(KeyCode::F9, ButtonState::Pressed);
    r.frames(3);
    assert_eq!(
        r.app.world().resource::<Table>().board.turn_state(),
        saved_turn
    );
    assert_eq!(r.app.world().resource::<Table>().board.pending.len(), 1);
    assert!(
        said(&r).contains(&format!("Loaded {full}")),
        "{:?}",
        said(&r)
    );
    let n = r
        .app
        .world_mut()
        .query::<&bayonet::sim::UnitState>()
        .iter(r.app.world())
        .count();
    assert_eq!(n, r.s.units.len(), "the units are the save's, once each");
}

#[test]
fn the_command_menu_spikes_captured_guns_by_key_and_says_when_there_is_nothing_to_do() {
    use bayonet::rules::order::Order;
    use bayonet::rules::unit::{Crew, Side, UnitId, UnitKind};
    use bayonet::sim::OrderDone;
    let mut r = Rig::new();
    // A Confederate battery the Union has captured stands with the Union brigade at 4,4.
    let at = r.s.map.hex_at(Coord { col: 4, row: 4 });
    {
        let mut table = r.app.world_mut().resource_mut::<Table>();
        let game = &mut table.board;
        let mut gun = game.units[0].clone();
        gun.id = UnitId(50);
        gun.name = "Captured battery".into();
        gun.kind = UnitKind::Artillery;
        gun.formation = bayonet::rules::unit::Formation::Unlimbered;
        gun.hex = at;
        gun.side = Side(0);
        gun.guns = 4;
        gun.men = 60;
        gun.crew = Crew::Crewed;
        gun.captured_from = Some(Side(1));
        gun.captured_guns = 4;
        game.units.push(gun);
    }
    r.frames(1);
    // Click the hex (no drag): the brigade is selected; G spikes the guns.
    r.click(4, 4);
    let by = r
        .app
        .world()
        .resource::<bayonet::client::input::command::Selection>()
        .unit;
    assert!(by.is_some_and(|id| id != UnitId(50)), "{by:?}");
    r.key(KeyCode::KeyG, ButtonState::Pressed);
    r.frames(2);
    let done = r.read::<OrderDone>();
    assert!(
        done.iter().any(|d| d.order
            == Order::Spike {
                battery: UnitId(50),
                by: by.unwrap()
            }),
        "{done:?} {:?}",
        r.read::<OrderRejected>()
    );
    let gun = r
        .app
        .world()
        .resource::<Table>()
        .board
        .unit(UnitId(50))
        .unwrap()
        .crew;
    assert_eq!(gun, Crew::Spiked);
    r.key(KeyCode::KeyG, ButtonState::Released);
    r.frames(1);
    // No bridge in front: B gives no order, and the log says why.
    r.key(KeyCode::KeyB, ButtonState::Pressed);
    r.frames(2);
    let said = r.read::<bayonet::client::input::command::Notice>();
    assert!(
        said.iter()
            .any(|n| n.0.contains("faces no full-hex bridge")),
        "{said:?}"
    );
}

#[test]
fn a_click_pressed_and_released_in_one_frame_selects_and_arms_no_drag() {
    // A touchpad tap (or xdotool's click) reaches the game as press and release in the same
    // frame; it is a click, not a drag left hanging.
    let mut r = Rig::new();
    let p = r.screen(4, 4);
    r.cursor(p);
    r.frames(1);
    r.mouse(ButtonState::Pressed);
    r.mouse(ButtonState::Released);
    r.frames(2);
    let drag = r
        .app
        .world()
        .resource::<bayonet::client::input::melee_drag::MeleeDrag>();
    assert_eq!(drag.from, None, "{drag:?}");
    let cmd = r
        .app
        .world()
        .resource::<bayonet::client::input::command::Selection>();
    assert!(cmd.unit.is_some(), "the brigade is selected");
}

#[test]
fn the_window_saves_to_the_data_folder_never_where_it_was_started() {
    // Issue 29: the tests run in the checkout, as a newcomer's `cargo run` does.
    use bayonet::client::dialogs::saving::SaveDir;
    let dir = SaveDir::for_run(false).0;
    assert_eq!(dir, bayonet::places::saves_dir());
    let dir = dir.expect("a home, so a saves folder");
    let here = std::env::current_dir().unwrap();
    assert!(
        !dir.starts_with(&here),
        "{} is under {}",
        dir.display(),
        here.display()
    );
    assert!(dir.ends_with("bayonet/saves") || std::env::var_os("BAYONET_DATA").is_some());
    assert_eq!(
        SaveDir::for_run(true).0,
        None,
        "a screenshot leaves no saves"
    );
}

#[test]
fn the_move_hint_says_what_it_costs_and_what_is_left_in_the_players_gesture() {
    // Issue 30, words: "costs 2 MP; 4 left", "click" with a mouse and "tap" on a touch screen.
    use bayonet::client::input::command::Hint;
    let mut r = Rig::new();
    r.click(4, 4);
    let left = {
        let game = &r.app.world().resource::<Table>().board;
        let id = game
            .units_at(r.s.map.hex_at(Coord { col: 4, row: 4 }))
            .next()
            .unwrap()
            .id;
        bayonet::rules::movement::mp_left(&game.params, game.unit(id).unwrap())
    };
    let at = r.screen(3, 4);
    r.cursor(at);
    r.frames(2);
    let hint = r.res::<Hint>().0.clone();
    let (_, after) = hint
        .split_once(": costs ")
        .unwrap_or_else(|| panic!("{hint}"));
    let (cost, rest) = after.split_once(" MP; ").unwrap();
    let (rest_left, _) = rest.split_once(" left").unwrap();
    let (cost, rest_left): (u32, u32) = (cost.parse().unwrap(), rest_left.parse().unwrap());
    assert!(cost > 0, "{hint}");
    assert_eq!(cost + rest_left, left, "{hint}");
    assert!(hint.ends_with("click twice to move"), "{hint}");
    // The same hex after a touch: the words follow the finger.
    r.app
        .world_mut()
        .insert_resource(bayonet::client::theme::settings::TouchSeen(true));
    r.cursor(r.screen(4, 4));
    r.frames(1);
    r.cursor(at);
    r.frames(2);
    let hint = r.res::<Hint>().0.clone();
    assert!(hint.ends_with("tap twice to move"), "{hint}");
}

#[test]
fn the_fire_hint_has_no_empty_brackets_and_says_click() {
    // Issue 30, words: "value 165 ()" and "tap to fire" at a desk were what it said.
    use bayonet::client::input::command::Hint;
    let mut r = Rig::new();
    r.click(4, 4);
    r.tap_key(KeyCode::KeyT);
    let at = r.screen(5, 4);
    r.cursor(at);
    r.frames(2);
    let hint = r.res::<Hint>().0.clone();
    assert!(hint.starts_with("Fire "), "{hint}");
    assert!(!hint.contains("()"), "{hint}");
    assert!(hint.ends_with("; click to fire"), "{hint}");
}

/// Issue 63's play: with a unit selected and no fire armed, the pointer over an enemy it cannot
/// move onto says what can be done to it, not "cannot reach"; over an empty hex in reach it
/// still gives the move's cost.
#[test]
fn the_hint_over_an_enemy_offers_fire_and_melee() {
    use bayonet::client::input::command::Hint;
    let mut r = Rig::new();
    r.click(4, 4);
    r.cursor(r.screen(5, 4));
    r.frames(2);
    let hint = r.res::<Hint>().0.clone();
    assert!(
        hint.starts_with("230 Confederate (enemy) at 5,4: T to fire at it"),
        "{hint}"
    );
    assert!(hint.ends_with("drag from 450 Union to melee"), "{hint}");
    // An empty hex in reach: the move's cost, as before.
    r.cursor(r.screen(3, 4));
    r.frames(2);
    let hint = r.res::<Hint>().0.clone();
    assert!(hint.contains(": costs "), "{hint}");
    assert!(!hint.contains("(enemy)"), "{hint}");
}

/// Issue 32: the drag preview never waits on the whole-resolution odds. The frame the pointer
/// comes over the defending hex says the melee is legal with its strengths and "…" for the odds
/// (worked out off the frame); a later frame shows them, exactly the rules' `whole_odds`, and
/// moving on to another hex and back asks for nothing new.
#[test]
fn the_drag_preview_shows_the_odds_when_worked_out_off_the_frame() {
    use bayonet::client::input::melee_drag::{DragPreview, WORKING, odds_words};
    use bayonet::client::input::odds_work::OddsWork;
    let mut r = Rig::new();
    let (a, b) = (r.screen(4, 4), r.screen(5, 4));
    r.mouse_drag_over((4, 4), (5, 4));
    let first = r.res::<DragPreview>().clone();
    assert!(first.legal, "{first:?}");
    assert!(
        first.text.contains("attack") && first.text.contains(WORKING),
        "{first:?}"
    );
    let mut frames = 0;
    while r.res::<OddsWork>().busy() {
        assert!(frames < 2_000, "the odds never came");
        std::thread::sleep(std::time::Duration::from_millis(1));
        r.frames(1);
        frames += 1;
    }
    r.frames(1);
    let game = &r.app.world().resource::<Table>().board;
    let at = |col, row| bayonet::rules::order::At::of(game, r.s.map.hex_at(Coord { col, row }));
    let (d, _) = bayonet::rules::order::declaration(game, &[at(4, 4)], &[], at(5, 4)).unwrap();
    let words = odds_words(&bayonet::rules::melee::whole_odds(game, &d));
    let shown = r.res::<DragPreview>().clone();
    assert!(shown.text.contains(&words), "{words} in {shown:?}");
    assert!(!shown.text.contains(WORKING), "{shown:?}");
    // Off the target and back: the odds are known, so they show at once.
    r.cursor(a);
    r.frames(1);
    r.cursor(b);
    r.frames(1);
    assert!(r.res::<DragPreview>().text.contains(&words));
    assert!(!r.res::<OddsWork>().busy());
    r.mouse(ButtonState::Released);
    r.frames(2);
    assert_eq!(r.events::<MeleeDeclared>().len(), 1);
}

/// Sampled whole odds (too many ways for the fire to go to count each) are read "about"; the
/// melee alone, always counted exactly, never is.
#[test]
fn sampled_odds_read_about_and_the_melee_alone_never_does() {
    use bayonet::client::input::melee_drag::odds_words;
    let mut w = bayonet::rules::melee::WholeOdds {
        attacker_win_probability: 0.42,
        melee_only_probability: 0.6,
        called_off_probability: 0.1,
        attackers_drop_probability: 0.3,
        states: 12,
        exact: true,
    };
    assert_eq!(
        odds_words(&w),
        "attacker's chance of winning 42% (melee alone 60%); defensive fire stops some attackers 30%, breaks \
         the attack up 10%"
    );
    w.exact = false;
    assert_eq!(
        odds_words(&w),
        "attacker's chance of winning about 42% (melee alone 60%); defensive fire stops some attackers about \
         30%, breaks the attack up about 10%"
    );
}

/// Issue 59: Ctrl+Z pressed quickly (Ctrl down, Z down and Ctrl up within one frame) undoes,
/// where it turned the unit left; Z alone still turns it.
#[test]
fn a_quick_ctrl_z_undoes_and_z_alone_turns() {
    use bayonet::rules::hex::Facing;
    use bayonet::rules::unit::{Formation, UnitId};
    let mut r = Rig::new();
    r.click(4, 4);
    let unit = |r: &Rig| {
        let u = r
            .app
            .world()
            .resource::<Table>()
            .board
            .unit(UnitId(1))
            .unwrap()
            .clone();
        (u.formation, u.facing)
    };
    assert_eq!(unit(&r), (Formation::Line, Facing::NE));
    r.tap_key(KeyCode::KeyF);
    assert_eq!(unit(&r), (Formation::Column, Facing::NE));
    r.key(KeyCode::ControlLeft, ButtonState::Pressed);
    r.key(KeyCode::KeyZ, ButtonState::Pressed);
    r.key(KeyCode::ControlLeft, ButtonState::Released);
    r.frames(1);
    r.key(KeyCode::KeyZ, ButtonState::Released);
    r.frames(2);
    assert_eq!(
        unit(&r),
        (Formation::Line, Facing::NE),
        "undone, not turned"
    );
    r.tap_key(KeyCode::KeyZ);
    assert_eq!(unit(&r), (Formation::Line, Facing::NE.counter_clockwise()));
}

/// Issue 59: the window opens no larger than its screen (1280×800 opened half off a 768×1024
/// one); a window that fits is left as it is.
#[test]
fn the_window_opens_no_larger_than_the_screen() {
    use bayonet::client::theme::fit_window::fitted;
    assert_eq!(
        fitted((1280.0, 800.0), (768.0, 1024.0)),
        Some((768.0, 800.0))
    );
    assert_eq!(
        fitted((1280.0, 800.0), (1366.0, 768.0)),
        Some((1280.0, 768.0))
    );
    assert_eq!(fitted((1280.0, 800.0), (1280.0, 800.0)), None);
    assert_eq!(fitted((1280.0, 800.0), (1920.0, 1080.0)), None);
}

/// Issue 59: a tooltip over the toolbar stands above the toolbar's top edge, covering none of its
/// buttons; over the map it goes beside the pointer, turned back at the window's edges.
#[test]
fn tooltips_over_the_toolbar_stand_above_it() {
    use bayonet::client::panels::tooltip::placed;
    let (win, size) = (Vec2::new(768.0, 1024.0), Vec2::new(200.0, 40.0));
    // Over the bottom row of a three-row toolbar whose top is at 880.
    let at = placed(Vec2::new(100.0, 1000.0), size, win, 30.0, Some(880.0));
    assert_eq!(at.y, 880.0 - 4.0 - 40.0);
    // Over the map: below and right of the pointer, clear of the hex.
    let at = placed(Vec2::new(100.0, 300.0), size, win, 30.0, Some(880.0));
    assert_eq!(at, Vec2::new(136.0, 300.0 + 30.0 * 0.87 + 6.0));
    // Near the right edge: turned back to the left.
    let at = placed(Vec2::new(700.0, 300.0), size, win, 30.0, Some(880.0));
    assert_eq!(at.x, 700.0 - 36.0 - 200.0);
    // Pointing at the hex beside the selected unit (below and right of the pointer, where the
    // tip would go): the tip goes where it leaves the selected counter clear.
    use bayonet::client::panels::tooltip::placed_clear;
    let selected = bevy::math::Rect::from_center_size(Vec2::new(160.0, 350.0), Vec2::splat(60.0));
    let at = placed_clear(
        Vec2::new(100.0, 300.0),
        size,
        win,
        30.0,
        Some(880.0),
        Some(selected),
        &[],
    );
    let tip = bevy::math::Rect::from_corners(at, at + size);
    assert!(tip.intersect(selected).is_empty(), "{at:?}");
    assert!(at.x >= 0.0 && at.y >= 0.0 && at.x + size.x <= win.x);
    // Nothing to avoid: as before.
    assert_eq!(
        placed_clear(
            Vec2::new(100.0, 300.0),
            size,
            win,
            30.0,
            Some(880.0),
            None,
            &[]
        ),
        Vec2::new(136.0, 300.0 + 30.0 * 0.87 + 6.0)
    );
    // A counter beside the pointer where the tip would go (below and right): the tip goes to
    // a corner that leaves it in sight.
    let neighbour = bevy::math::Rect::from_center_size(Vec2::new(190.0, 345.0), Vec2::splat(44.0));
    let at = placed_clear(
        Vec2::new(100.0, 300.0),
        size,
        win,
        30.0,
        Some(880.0),
        None,
        &[neighbour],
    );
    let tip = bevy::math::Rect::from_corners(at, at + size);
    assert!(tip.intersect(neighbour).is_empty(), "{at:?}");
    // Issue 76, item 5: a panel over the map where the tip would go (the lesson's, below the
    // pointer) counts before any counter: the tip goes above, off its words, though a counter
    // stands there.
    use bayonet::client::panels::tooltip::placed_among;
    let panel = bevy::math::Rect::from_corners(Vec2::new(0.0, 320.0), Vec2::new(460.0, 700.0));
    let above = bevy::math::Rect::from_center_size(Vec2::new(190.0, 250.0), Vec2::splat(44.0));
    let at = placed_among(
        Vec2::new(100.0, 300.0),
        size,
        win,
        30.0,
        Some(880.0),
        (None, &[above]),
        &[panel],
    );
    let tip = bevy::math::Rect::from_corners(at, at + size);
    assert!(tip.intersect(panel).is_empty(), "{at:?}");
}

/// Issue 61, the library by touch: a finger that starts a drag on a battle's card (a button that
/// acts on release, `OnRelease`) scrolls the library and opens nothing; let go where it was
/// pressed, the card acts; a plain button still acts as it is pressed.
#[test]
fn a_drag_that_starts_on_a_card_opens_nothing_and_a_tap_does() {
    use bayonet::client::theme::interaction::{OnRelease, Pressed};
    #[derive(Resource, Default)]
    struct Count(u32);
    let mut r = Rig::new();
    r.app.init_resource::<Count>();
    let card = r
        .app
        .world_mut()
        .spawn((Button, Interaction::None, OnRelease))
        .observe(|_: On<Pressed>, mut n: ResMut<Count>| n.0 += 1)
        .id();
    let plain = r
        .app
        .world_mut()
        .spawn((Button, Interaction::None))
        .observe(|_: On<Pressed>, mut n: ResMut<Count>| n.0 += 10)
        .id();
    let set = |r: &mut Rig, e: Entity, i: Interaction| {
        *r.app.world_mut().get_mut::<Interaction>(e).unwrap() = i;
    };
    let count = |r: &Rig| r.app.world().resource::<Count>().0;
    // A drag: pressed, the finger moves 80 px, let go.
    set(&mut r, card, Interaction::Pressed);
    r.touch(TouchPhase::Started, Vec2::new(400.0, 500.0));
    r.frames(1);
    assert_eq!(count(&r), 0, "nothing on the press itself");
    for y in [480.0, 450.0, 420.0] {
        r.touch(TouchPhase::Moved, Vec2::new(400.0, y));
        r.frames(1);
    }
    set(&mut r, card, Interaction::None);
    r.touch(TouchPhase::Ended, Vec2::new(400.0, 420.0));
    r.frames(1);
    assert_eq!(count(&r), 0, "a drag opens nothing");
    // A tap: pressed and let go where it was.
    set(&mut r, card, Interaction::Pressed);
    r.touch(TouchPhase::Started, Vec2::new(400.0, 500.0));
    r.frames(1);
    set(&mut r, card, Interaction::None);
    r.touch(TouchPhase::Ended, Vec2::new(401.0, 502.0));
    r.frames(1);
    assert_eq!(count(&r), 1, "a tap opens the card");
    // A plain button acts as it is pressed.
    set(&mut r, plain, Interaction::Pressed);
    r.frames(1);
    assert_eq!(count(&r), 11);
}

/// Issue 74 (D-los-7): over an enemy the selected unit cannot see, the hint says which hex
/// blocks, what there and by how many feet, in the rule's own words; a stack is named by its
/// fighting unit, not the leader with it.
#[test]
fn the_hint_over_an_enemy_out_of_sight_names_what_blocks_it() {
    use bayonet::client::input::command::Hint;
    use bayonet::rules::map::{Coord, Terrain};
    // A leader stands with the battery, listed first: the hint names the battery.
    let text = include_str!("../maps/test_melee.ron").replace(
        "(id: 5, name: \"Battery\"",
        "(id: 8, name: \"Col. Walton\", side: 1, brigade: \"C\", kind: Leader, at: (7, 2), facing: SW, quality: B),\n        (id: 5, name: \"Battery\"",
    );
    let mut s = bayonet::rules::scenario::parse("test_melee.ron", &text).unwrap();
    let (a, t) = (
        s.map.hex_at(Coord { col: 4, row: 4 }),
        s.map.hex_at(Coord { col: 7, row: 2 }),
    );
    assert_eq!(
        s.board().units_at(t).next().map(|u| u.name.as_str()),
        Some("Col. Walton")
    );
    let wood = a.line_to(t).nth(2).unwrap();
    s.map.set_terrain(wood, Terrain::Forest);
    let b = s.board();
    let why = bayonet::rules::sight::blocked_by(&b, &bayonet::rules::sight::look(&b, a, t))
        .expect("the wood blocks");
    assert!(
        why.starts_with("the forest at ") && why.ends_with("ft above the line"),
        "{why}"
    );
    let mut r = Rig::on(s, bayonet::client::theme::settings::SettingsFile(None));
    r.click(4, 4);
    r.cursor(r.screen(7, 2));
    r.frames(2);
    let hint = r.res::<Hint>().0.clone();
    assert_eq!(
        hint,
        format!("Battery (enemy) at 7,2: no line of sight from 450 Union: {why}")
    );
    // The fire's own preview, armed with T, says the same.
    r.tap_key(KeyCode::KeyT);
    r.cursor(r.screen(7, 2));
    r.frames(2);
    let hint = r.res::<Hint>().0.clone();
    assert!(
        hint == format!("Cannot fire there: No line of sight to the target: {why}"),
        "{hint}"
    );
}

/// Issue 76, item 19: the hint offers only what the rules would take — over an enemy out of
/// range no "T to fire" but why not, no melee offered from afar; a leader selected is offered
/// no fire and no formation.
#[test]
fn the_hint_offers_only_what_the_rules_allow() {
    use bayonet::client::input::command::Hint;
    use bayonet::rules::map::Coord;
    let mut r = Rig::new();
    // The Union regiment at 4,4 taken to 0,7, beyond its rifles' reach of the Confederates at 5,4.
    let far = {
        let t = r.res::<Table>();
        let b = &t.board;
        let i = b.units.iter().position(|u| u.name == "450 Union").unwrap();
        (i, b.map.hex_at(Coord { col: 0, row: 7 }))
    };
    r.app.world_mut().resource_mut::<Table>().board.units[far.0].hex = far.1;
    r.frames(1);
    r.click(0, 7);
    r.cursor(r.screen(5, 4));
    r.frames(2);
    let hint = r.res::<Hint>().0.clone();
    assert!(
        hint.starts_with("230 Confederate (enemy) at 5,4: 450 Union cannot fire at it: "),
        "{hint}"
    );
    assert!(
        !hint.contains("melee") && !hint.contains("T to fire"),
        "{hint}"
    );
    // A leader: turn him, step through the stack; no fire, no formation.
    let s = bayonet::load_scenario("maps/test_skirmish.ron").unwrap();
    let mut r = Rig::on(s, bayonet::client::theme::settings::SettingsFile(None));
    r.click(5, 4);
    r.frames(1);
    let leader = Some(bayonet::rules::unit::UnitId(1));
    if r.res::<bayonet::client::input::command::Selection>().unit != leader {
        r.tap_key(KeyCode::Tab);
    }
    assert_eq!(
        r.res::<bayonet::client::input::command::Selection>().unit,
        leader
    );
    r.cursor(r.screen(5, 4));
    r.frames(2);
    let hint = r.res::<Hint>().0.clone();
    assert_eq!(hint, "Union leader selected: Z/X turn, Tab next in stack");
}

/// Issue 76, item 10: an order done is logged though it has no event of its own — a refused
/// order's line is not left the last after a turn or a change of formation.
#[test]
fn a_facing_or_formation_change_is_logged_after_a_refusal() {
    use bayonet::client::reports::report::Report;
    let mut r = Rig::new();
    r.click(4, 4);
    // Refused: no melee is pending on 5,4.
    r.app
        .world_mut()
        .write_message(GiveOrder(bayonet::rules::order::Order::CancelMelee {
            at: bayonet::rules::order::At(5, 4),
        }));
    r.frames(2);
    let last = |r: &Rig| r.res::<Report>().lines.last().cloned().unwrap_or_default();
    assert!(last(&r).starts_with("Refused -- "), "{}", last(&r));
    r.tap_key(KeyCode::KeyX);
    r.frames(1);
    assert!(last(&r).starts_with("450 Union faces "), "{}", last(&r));
    r.tap_key(KeyCode::KeyF);
    r.frames(1);
    assert_eq!(last(&r), "450 Union forms column");
}

/// Issue 76, item 10: a click on an empty hex the selected unit cannot enter says why and keeps
/// the unit selected (it was dropped without a word).
#[test]
fn a_click_beyond_reach_says_why_and_keeps_the_selection() {
    use bayonet::client::input::command::Selection;
    use bayonet::client::reports::report::Report;
    let mut r = Rig::new();
    r.click(4, 4);
    let chosen = r.res::<Selection>().unit;
    assert!(chosen.is_some());
    // Moved its whole allowance first: nothing is in reach now.
    let i = r
        .res::<Table>()
        .board
        .units
        .iter()
        .position(|u| Some(u.id) == chosen)
        .unwrap();
    r.app.world_mut().resource_mut::<Table>().board.units[i]
        .marks
        .mp_used = 99;
    r.frames(1);
    r.click(2, 2);
    assert_eq!(r.res::<Selection>().unit, chosen, "still selected");
    let last = r.res::<Report>().lines.last().cloned().unwrap_or_default();
    assert!(last.starts_with("450 Union cannot go to 2,2: "), "{last}");
}

/// Issue 76, item 10: aiming a fire at a hex with a melee declared on it warns that the fire
/// may rout the defender and call the melee off.
#[test]
fn the_fire_hint_warns_of_a_melee_declared_on_the_target() {
    use bayonet::client::input::command::Hint;
    use bayonet::rules::order::{At, Order};
    let mut r = Rig::new();
    r.app.world_mut().write_message(GiveOrder(Order::Melee {
        from: vec![At(4, 4)],
        units: Vec::new(),
        at: At(5, 4),
        follow_up: true,
    }));
    r.frames(2);
    assert_eq!(r.res::<Table>().board.pending.len(), 1, "declared");
    // The cavalry at 6,2, dismounted, fires.
    for u in r
        .app
        .world_mut()
        .resource_mut::<Table>()
        .board
        .units
        .iter_mut()
    {
        if u.name == "Union cavalry" {
            u.formation = bayonet::rules::unit::Formation::Dismounted;
            u.facing = bayonet::rules::hex::Facing::SW;
        }
    }
    r.frames(1);
    r.click(6, 2);
    r.tap_key(KeyCode::KeyT);
    r.cursor(r.screen(5, 4));
    r.frames(2);
    let hint = r.res::<Hint>().0.clone();
    assert!(hint.starts_with("Fire Union cavalry at 5,4: "), "{hint}");
    assert!(
        hint.ends_with(
            "(a melee is declared on it: firing first may rout the defender and call the melee off)"
        ),
        "{hint}"
    );
}

/// Issue 76, item 9: in every battle (not only the boot camp's), when a side's turn begins the
/// news says what the other side's turn did to it — who fired on its units, what it cost — in
/// the log and on the top bar.
#[test]
fn a_turn_begins_with_what_the_other_sides_turn_did() {
    use bayonet::client::reports::report::Report;
    use bayonet::client::reports::score_news::ScoreNews;
    use bayonet::client::reports::turn_news::TurnNews;
    use bayonet::rules::order::{At, Order};
    let mut r = Rig::new();
    let give = |r: &mut Rig, o: Order| {
        r.app.world_mut().write_message(GiveOrder(o));
        r.frames(2);
    };
    give(&mut r, Order::EndTurn);
    let union_men = |r: &Rig| -> u32 {
        let b = &r.res::<Table>().board;
        b.units
            .iter()
            .filter(|u| u.side.0 == 0)
            .map(|u| u.men)
            .sum()
    };
    let before = union_men(&r);
    give(
        &mut r,
        Order::Fire {
            unit: bayonet::rules::unit::UnitId(2),
            at: At(4, 4),
        },
    );
    let after = union_men(&r);
    assert!(after < before, "the volley struck");
    assert_eq!(
        r.res::<TurnNews>().told,
        None,
        "not yet: the Confederates are still acting"
    );
    give(&mut r, Order::EndTurn);
    r.frames(2);
    let told = r
        .res::<TurnNews>()
        .told
        .clone()
        .expect("the Union's turn began");
    assert!(
        told.starts_with("The Confederate turn: 1 fire against your units (230 Confederate); "),
        "{told}"
    );
    let lost = before - after;
    assert!(
        told.contains(&format!("; {lost} men lost"))
            || told.contains(&format!("; {lost} man lost")),
        "{told}"
    );
    let logged = told.split(". ").next().unwrap().to_string() + ".";
    assert!(
        r.res::<Report>().lines.contains(&logged),
        "{logged} in the log (the score's line above it)"
    );
    assert_eq!(
        r.res::<ScoreNews>().said.as_ref().map(|s| s.0.clone()),
        Some(told)
    );
}

/// Issue 76, item 22: an objective's name keeps its place while that place stays clear — a
/// counter that stood in its way and left does not send it back and forth between turns.
#[test]
fn an_objectives_name_stays_where_it_stood_while_it_is_clear() {
    use bayonet::client::marks::place_names::PlacedNames;
    let s = bayonet::load_scenario("maps/test_skirmish.ron").unwrap();
    let mut r = Rig::on(s, bayonet::client::theme::settings::SettingsFile(None));
    r.frames(3);
    let label = |r: &Rig| {
        r.res::<PlacedNames>()
            .0
            .iter()
            .find(|p| p.text.starts_with("Miller's Farm"))
            .map(|p| p.corners)
            .expect("the objective is named")
    };
    let centre = |c: [Vec2; 4]| (c[0] + c[2]) / 2.0;
    let first = label(&r);
    // The hex under the name's place, and a Union unit put there.
    let (w, h) = (r.s.map.width as i32, r.s.map.height as i32);
    let under = (0..w)
        .flat_map(|c| (0..h).map(move |rw| (c, rw)))
        .min_by(|a, b| {
            let d = |p: &(i32, i32)| r.screen(p.0, p.1).distance(centre(first));
            d(a).total_cmp(&d(b))
        })
        .unwrap();
    let hex = r.s.map.hex_at(Coord {
        col: under.0,
        row: under.1,
    });
    let unit = r
        .res::<Table>()
        .board
        .units
        .iter()
        .position(|u| u.side.0 == 0 && u.hex != hex)
        .unwrap();
    let home = r.res::<Table>().board.units[unit].hex;
    r.app.world_mut().resource_mut::<Table>().board.units[unit].hex = hex;
    r.frames(2);
    let moved = label(&r);
    assert_ne!(moved, first, "a counter in its way moves it");
    // The counter goes back: the name stays where it now stands, clear.
    r.app.world_mut().resource_mut::<Table>().board.units[unit].hex = home;
    r.frames(2);
    assert_eq!(label(&r), moved, "it does not drift back");
}

/// Issue 76, item 22: a stack's strength of men and guns ("237·8g") is drawn small enough to
/// stay on its counter, the plain numbers at their full size.
#[test]
fn a_stacks_strength_stays_on_its_counter() {
    use bayonet::client::counters::counter::{
        DIGIT_WIDTH, NUMBER_ROOM, NUMBER_SIZE, SIDE, number_size, stack_strength,
    };
    assert_eq!(number_size(NUMBER_SIZE, "830"), NUMBER_SIZE);
    for label in [stack_strength("", 237, 8), stack_strength("~", 1237, 12)] {
        let size = number_size(NUMBER_SIZE, &label);
        let width = size * DIGIT_WIDTH * label.chars().count() as f32;
        assert!(size < NUMBER_SIZE, "{label}");
        assert!(
            width <= NUMBER_ROOM && NUMBER_ROOM < SIDE,
            "{label}: {width}"
        );
    }
}
