//! RULES.md §16 in the window (issue 33, item 2): the counters, the panels' view and the
//! last-seen markers come from the side's view; Extreme Fog of War's estimates read "~450"; at
//! a shared screen a hand-over screen hides the map between the sides' turns.

use bayonet::client::counters::counter::{Counter, LastSeenMark, StrengthNumber};
use bayonet::client::dialogs::hand_over::Ready;
use bayonet::client::gate::HandOver;
use bayonet::client::seen::Seen;
use bayonet::rules::fog;
use bayonet::rules::hex::Facing;
use bayonet::rules::order::Order;
use bayonet::rules::unit::{Side, UnitId};
use bayonet::sim::{GiveOrder, Table};
use bevy::prelude::*;

use crate::common::{Field, inf};
use crate::rig::Rig;

/// Blue's regiment at 2,6; a Grey regiment in sight at 8,6 and one far off at 30,6.
fn field(extreme: bool) -> (Field, [UnitId; 3]) {
    let mut f = Field::new(40, 12);
    f.params.optional.fog_of_war = true;
    f.params.optional.extreme_fog_of_war = extreme;
    let own = f.add(0, inf(), f.hex(2, 6), Facing::N, 300);
    let seen = f.add(1, inf(), f.hex(8, 6), Facing::N, 437);
    let far = f.add(1, inf(), f.hex(30, 6), Facing::N, 500);
    (f, [own, seen, far])
}

fn rig(f: &Field) -> Rig {
    let mut r = Rig::with_plugins(f.scenario(), bayonet::client::headless);
    r.frames(2);
    r
}

fn count<C: Component>(r: &mut Rig) -> usize {
    r.app
        .world_mut()
        .query_filtered::<(), With<C>>()
        .iter(r.app.world())
        .count()
}

/// D-fow-6: the window draws Blue's regiment and the Grey one it sees, not the one far off; the
/// panels read the same view. When the Grey regiment in sight goes out of it, its counter goes
/// and a last-seen marker stands where it was (D-fow-3).
#[test]
fn d_fow_6_the_window_draws_only_what_the_side_sees() {
    let (f, [own, seen, far]) = field(false);
    let mut r = rig(&f);
    let view = r.res::<Seen>().view().clone();
    assert_eq!(view.side, Side(0));
    assert!(view.board.unit(own).is_some() && view.board.unit(seen).is_some());
    assert!(view.board.unit(far).is_none());
    assert_eq!(count::<Counter>(&mut r), 2, "two counters drawn, not three");
    assert_eq!(count::<LastSeenMark>(&mut r), 0);
    {
        let mut game = r.app.world_mut().resource_mut::<Table>();
        let away = game
            .board
            .map
            .hex_at(bayonet::rules::map::Coord { col: 34, row: 2 });
        game.board.unit_mut(seen).unwrap().hex = away;
        fog::look_again(&mut game.board);
    }
    r.frames(2);
    assert_eq!(count::<Counter>(&mut r), 1);
    assert_eq!(count::<LastSeenMark>(&mut r), 1);
    assert_eq!(r.res::<Seen>().view().last_seen.len(), 1);
}

/// D-fow-2: under Extreme Fog of War the Grey regiment's counter reads "~450", Blue's own its
/// exact 300.
#[test]
fn d_fow_2_extreme_fog_counters_show_estimates() {
    let (f, _) = field(true);
    let mut r = rig(&f);
    let mut labels: Vec<String> = r
        .app
        .world_mut()
        .query_filtered::<&Text2d, With<StrengthNumber>>()
        .iter(r.app.world())
        .map(|t| t.0.clone())
        .collect();
    labels.sort();
    assert_eq!(labels, vec!["300".to_string(), "~450".to_string()]);
}

/// D-fow-8: two players at one screen under fog: when Blue ends its turn, a hand-over screen
/// for Grey covers the map and no order can be given until Grey's player says they are ready;
/// the window then shows Grey's view.
#[test]
fn d_fow_8_a_hand_over_screen_between_the_sides_at_one_screen() {
    let (f, [_, seen, far]) = field(false);
    let mut r = rig(&f);
    assert_eq!(r.res::<HandOver>().waiting, None);
    r.app.world_mut().write_message(GiveOrder(Order::EndTurn));
    r.frames(2);
    assert_eq!(r.res::<HandOver>().waiting, Some(Side(1)));
    assert_eq!(count::<Ready>(&mut r), 1, "the screen is up");
    // While it is up, a click on Grey's regiment selects nothing.
    let at = r.res::<Table>().board.unit(seen).unwrap().hex;
    let c = r.res::<Table>().board.map.coord(at);
    r.click(c.col, c.row);
    assert_eq!(
        r.res::<bayonet::client::input::command::Selection>().unit,
        None,
        "nothing chosen behind the screen"
    );
    r.press(Ready);
    assert_eq!(r.res::<HandOver>().waiting, None);
    assert_eq!(count::<Ready>(&mut r), 0, "the screen is gone");
    let view = r.res::<Seen>().view().clone();
    assert_eq!(view.side, Side(1));
    assert!(
        view.board.unit(far).is_some(),
        "Grey's own units, all of them"
    );
}

/// D-fow-6: the log and the show of the other side's turn follow an enemy only while it is in
/// sight. Grey (the computer's side here,
/// its two moves given in the frame its turn begins, before it ends the turn) moves the
/// regiment Blue sees one hex, and the one far off across the field: the log tells the first
/// move and not the second.
#[test]
fn d_fow_6_the_log_tells_no_move_of_an_enemy_out_of_sight() {
    use bayonet::rules::map::Coord;
    use bayonet::rules::order::At;
    let (f, [_, seen, far]) = field(false);
    let mut r = rig(&f);
    r.app.insert_resource(bayonet::sim::Players([
        None,
        Some(bayonet::sim::Brain::Hold),
    ]));
    r.app.world_mut().write_message(GiveOrder(Order::EndTurn));
    r.frames(1);
    let game = &r.res::<Table>().board;
    let to = |c: i32, row: i32| At::of(game, game.map.hex_at(Coord { col: c, row }));
    let (near_to, far_to) = (to(9, 6), to(31, 8));
    for (unit, to) in [(seen, near_to), (far, far_to)] {
        r.app.world_mut().write_message(GiveOrder(Order::Move {
            unit,
            to,
            path: None,
        }));
    }
    r.frames(2);
    let log = r
        .res::<bayonet::client::reports::report::Report>()
        .lines
        .join("\n");
    let name = |id: UnitId| r.res::<Table>().board.unit(id).unwrap().name.clone();
    assert!(log.contains(&format!("{} moves to", name(seen))), "{log}");
    assert!(!log.contains(&name(far)), "{log}");
    // And the show of Grey's turn plays the first move, not the second.
    r.frames(80);
    let game = &r.res::<Table>().board;
    let hex = |c: i32, row: i32| game.map.hex_at(Coord { col: c, row });
    let (near_hex, far_hex) = (hex(9, 6), hex(31, 8));
    let shown: Vec<_> = r
        .res::<bayonet::client::replay::playback::ShownLog>()
        .0
        .iter()
        .map(|b| b.focus)
        .collect();
    assert!(shown.contains(&near_hex), "{shown:?}");
    assert!(!shown.contains(&far_hex), "{shown:?}");
}

/// D-fow-2: under Extreme Fog of War the odds and forecast of the drag preview and the pending
/// melees say they stand on estimates; under Fog of War they do not.
#[test]
fn d_fow_2_extreme_fog_odds_say_they_are_an_estimate() {
    use bayonet::client::theme::words::estimate_words;
    for (extreme, says) in [(true, true), (false, false)] {
        let (f, _) = field(extreme);
        let r = rig(&f);
        let words = estimate_words(r.res::<Seen>().view());
        assert_eq!(words.contains("estimate"), says, "{words}");
    }
}

/// D-fow-1 in the window: sight is worked out after every hex a mover enters, and the enemy it
/// comes to see appears when its counter's slide reaches that hex, not when the order is given.
/// Visibility 3: Blue's regiment at 2,6 does not see Grey's at 8,6; it marches to 5,6 and sees
/// it from there, the third hex of its path.
#[test]
fn d_fow_1_an_enemy_appears_as_the_mover_comes_to_see_it() {
    use bayonet::client::counters::counter::Unseen;
    use bayonet::rules::map::Coord;
    use bayonet::rules::order::At;
    let (mut f, [own, seen, _]) = field(false);
    f.params.sight.visibility = 3;
    let mut r = rig(&f);
    assert!(r.res::<Seen>().view().board.unit(seen).is_none());
    assert_eq!(count::<Counter>(&mut r), 1, "only Blue's own regiment");
    let game = &r.res::<Table>().board;
    let to = At::of(game, game.map.hex_at(Coord { col: 5, row: 6 }));
    r.app.world_mut().write_message(GiveOrder(Order::Move {
        unit: own,
        to,
        path: None,
    }));
    r.frames(1);
    assert!(
        r.res::<Seen>().view().board.unit(seen).is_some(),
        "the side sees it once the move is made"
    );
    assert_eq!(count::<Counter>(&mut r), 2, "its counter is made");
    assert_eq!(
        count::<Unseen>(&mut r),
        1,
        "but waits for the mover's slide"
    );
    // Three hexes at 0.1 s a hex; the rig's frames are 0.1 s.
    r.frames(1);
    assert_eq!(count::<Unseen>(&mut r), 1, "a hex on, it is not seen yet");
    r.frames(3);
    assert_eq!(
        count::<Unseen>(&mut r),
        0,
        "the mover has reached 5,6: it shows"
    );
}

/// D-fow-2: under Extreme Fog of War the threats to Blue's regiment stand on the enemy's
/// estimated strengths, and the overlay's words say so; under Fog of War they do not.
#[test]
fn d_fow_2_extreme_fog_threats_say_they_are_an_estimate() {
    use bayonet::client::marks::threat_overlay::ThreatOverlay;
    use bayonet::client::theme::notice::Notice;
    for extreme in [true, false] {
        let (f, _) = field(extreme);
        let mut r = rig(&f);
        r.click(2, 6);
        r.tap_key(KeyCode::Digit7);
        let o = r.res::<ThreatOverlay>().clone();
        assert!(!o.threats.is_empty(), "Grey's regiment threatens Blue's");
        assert_eq!(o.estimate, extreme);
        let said: Vec<String> = r.read::<Notice>().into_iter().map(|n| n.0).collect();
        let line = said.iter().find(|s| s.starts_with("Threats to")).unwrap();
        assert_eq!(line.ends_with("(estimate)"), extreme, "{line}");
    }
}

/// D-fow-6 over a game: Harper's Crossing under Fog of War, the Confederates (who move first)
/// against a Union that holds; after every order of the computer's plan for them, every counter
/// the window has drawn is a Confederate unit or a Union unit they spot in the truth.
#[test]
fn d_fow_6_over_a_game_the_window_draws_nothing_its_side_does_not_see() {
    use bayonet::client::counters::counter::Drawn;
    use bayonet::sim::{Brain, Players};
    let mut s = bayonet::load_scenario("maps/harpers_crossing.ron").unwrap();
    s.params.optional.enable("fog").unwrap();
    let script = crate::serve::scripts_under("maps/harpers_crossing.ron", "fog", 5, 60);
    let mut r = Rig::with_plugins(s, bayonet::client::headless);
    r.app.insert_resource(Players([Some(Brain::Hold), None]));
    r.frames(2);
    let (mut checked, mut hidden) = (0, 0);
    for o in &script[1] {
        // The Union's turns: it holds (its brain ends them).
        for _ in 0..50 {
            if r.res::<Table>().board.ordering_side() == Side(1) || r.res::<Table>().board.over {
                break;
            }
            r.frames(1);
        }
        r.app.world_mut().write_message(GiveOrder(o.clone()));
        r.frames(2);
        let truth = r.res::<Table>().board.clone();
        if truth.over {
            break;
        }
        let seen = fog::spotted(&truth, Side(1));
        for id in r.res::<Drawn>().0.keys() {
            let u = truth.unit(*id).expect("a drawn unit is on the board");
            assert!(
                u.side == Side(1) || seen.contains(id),
                "{} is drawn, unseen",
                u.name
            );
        }
        hidden += truth
            .units
            .iter()
            .filter(|u| u.side == Side(0) && !seen.contains(&u.id))
            .count();
        checked += 1;
    }
    assert!(checked > 20, "{checked} orders checked");
    assert!(hidden > 0, "some of the Union was out of sight");
}

/// Words from the player's side: the top bar's victory points are the side at the screen's,
/// the level turned round for the second side.
#[test]
fn the_top_bar_counts_the_points_of_the_side_at_the_screen() {
    use bayonet::client::panels::hud::points_words;
    use bayonet::rules::victory::{VictoryLevel, VictoryReport};
    assert_eq!(
        VictoryLevel::MajorDefeat.for_the_other_side(),
        VictoryLevel::MajorVictory
    );
    assert_eq!(VictoryLevel::Draw.for_the_other_side(), VictoryLevel::Draw);
    let (f, _) = field(false);
    let s = f.scenario();
    let vp = VictoryReport {
        objectives: [100, 0],
        losses: [0.0, 150.0],
        total: 7.0,
        level: VictoryLevel::MinorVictory,
    };
    assert_eq!(s.first_side, Side(0));
    assert_eq!(
        points_words(&s, &vp, Some(Side(0))),
        "Blue VP +7 (Minor Victory; 3 short of a Major Victory)"
    );
    assert_eq!(
        points_words(&s, &vp, None),
        "Blue VP +7 (Minor Victory; 3 short of a Major Victory)"
    );
    assert_eq!(
        points_words(&s, &vp, Some(Side(1))),
        "Grey VP -7 (Minor Defeat; 3 short of a Draw)"
    );
    let level = VictoryReport {
        total: 0.0,
        level: VictoryLevel::Draw,
        ..vp
    };
    assert_eq!(
        points_words(&s, &level, Some(Side(1))),
        "Grey VP +0 (Draw; 5 short of a Minor Victory)"
    );
}

/// Issue 44, item 8: the selected hex's panel says what a unit has done this turn only while its
/// side is acting; an enemy regiment's marks from its own turn ("6 MP used, has moved") are over
/// in the player's turn and are not shown.
#[test]
fn an_enemys_marks_from_its_own_turn_are_not_shown_in_the_players() {
    use bayonet::client::panels::hud::describe;
    let s =
        bayonet::rules::scenario::parse(bayonet::DEFAULT_SCENARIO_PATH, bayonet::DEFAULT_SCENARIO)
            .unwrap();
    let battle = bayonet::sim::Table::new(s.clone(), None);
    let mut board = s.board();
    let acting = board.acting;
    // A unit of each side, both marked as having moved 6 MP.
    let mut hexes = Vec::new();
    for side in [acting, acting.enemy()] {
        let u = board.units.iter_mut().find(|u| u.side == side).unwrap();
        u.marks.mp_used = 6;
        u.marks.moved = true;
        hexes.push(u.hex);
    }
    let view = bayonet::rules::fog::view(&board, acting);
    let own = describe(hexes[0], &battle, &view, None);
    let enemy = describe(hexes[1], &battle, &view, None);
    assert!(
        own.contains("6 MP used") && own.contains("has moved this turn"),
        "{own}"
    );
    assert!(
        !enemy.contains("MP used") && !enemy.contains("this turn"),
        "{enemy}"
    );
}

/// Issue 44, item 4: each hex where reinforcements will come on is marked with the first turn
/// and how many (Brandy Station: both sides' with fog off); under fog of war only the side at
/// the screen's own, never the enemy's.
#[test]
fn reinforcements_are_marked_where_they_come_on_the_sides_own_under_fog() {
    use bayonet::client::marks::reinforcement_marks::EntryMark;
    use std::collections::BTreeSet;
    let mut s = bayonet::load_scenario("maps/brandy_station.ron").unwrap();
    let marks = |s: &bayonet::rules::scenario::Scenario| {
        let mut app = bayonet::client::windowless_app_with(
            s.clone(),
            bayonet::client::headless,
            bayonet::client::theme::settings::SettingsFile(None),
        );
        app.update();
        app.update();
        let side = app.world().resource::<bayonet::client::seen::Seen>().0.side;
        let mut q = app.world_mut().query::<&EntryMark>();
        (side, q.iter(app.world()).cloned().collect::<Vec<_>>())
    };
    let (_, open) = marks(&s);
    let sides: BTreeSet<u8> = open.iter().map(|m| m.side.0).collect();
    assert_eq!(sides.len(), 2, "both sides' entries with fog off: {open:?}");
    let due = s.reinforcements.len();
    assert_eq!(open.iter().map(|m| m.units).sum::<usize>(), due);
    let first = s.reinforcements.iter().map(|r| r.turn).min().unwrap();
    assert!(open.iter().any(|m| m.turn == first));
    // Issue 59: Gregg's and Duffié's brigades come on turn after turn at one stretch of the
    // east edge: one mark lists the turns (a mark a turn stood over the others).
    let union: Vec<_> = open.iter().filter(|m| m.side.0 == 0).collect();
    assert!(
        union.iter().any(|m| m
            .turns
            .iter()
            .map(|(t, _)| *t)
            .collect::<Vec<_>>()
            .starts_with(&[4, 5, 6, 7])),
        "{union:?}"
    );
    for m in &open {
        assert_eq!(m.turns.iter().map(|(_, n)| n).sum::<usize>(), m.units);
    }
    s.params.optional.fog_of_war = true;
    let (side, fogged) = marks(&s);
    assert!(!fogged.is_empty(), "the side's own");
    assert!(fogged.iter().all(|m| m.side == side), "{fogged:?}");
}
