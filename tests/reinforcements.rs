//! Scheduled reinforcements (D-rein-1, D-rein-2): read from the scenario, off the map until
//! their turn, set down at their hex or the nearest that takes them, counted in victory only
//! once arrived; through the rules and through the game's interpreter.

use bayonet::rules::event::TurnBegan;
use bayonet::rules::hex::Facing;
use bayonet::rules::reinforcement::{Reinforcement, arrive};
use bayonet::rules::scenario::parse;
use bayonet::rules::unit::{Side, UnitId};
use bayonet::rules::victory;

use crate::common::{Field, inf};

/// The skirmish with a Union regiment due at (0,4) on turn 2 and a Confederate one on turn 3.
fn with_reinforcements(union_turn: &str) -> String {
    include_str!("../maps/test_skirmish.ron")
        .replace("turns: 2,", "turns: 3,")
        .replace(
            "    ],\n)",
            &format!(
                "        (id: 6, name: \"Union reserve\", side: 0, brigade: \"U\", kind: Infantry, at: (0, 4), facing: SE, men: 300, quality: C, arrives: {union_turn}),\n        (id: 16, name: \"Rebel reserve\", side: 1, brigade: \"C\", kind: Infantry, at: (11, 4), facing: SW, men: 300, quality: C, arrives: 3),\n    ],\n)"
            ),
        )
}

#[test]
fn d_rein_1_a_reinforcement_is_off_the_map_until_its_turn() {
    let s = parse("r.ron", &with_reinforcements("2")).unwrap();
    assert!(s.units.iter().all(|u| u.id != UnitId(6)));
    let due: Vec<(u32, u32)> = s
        .reinforcements
        .iter()
        .map(|r| (r.unit.id.0, r.turn))
        .collect();
    assert_eq!(due, vec![(6, 2), (16, 3)]);
    // Waiting units are no loss: at the start the points are even.
    let b = s.board();
    let v = victory::report(&s, &b);
    assert_eq!(v.losses, [0.0, 0.0]);
    // Turn 1 is too early; a turn outside the game is refused naming the unit and its line.
    for bad in ["1", "4"] {
        let e = parse("r.ron", &with_reinforcements(bad)).unwrap_err();
        assert!(
            e.message
                .contains("unit 6 `Union reserve`: arrives on turn")
                && e.message.contains("from 2 to 3"),
            "{e}"
        );
        assert!(e.line.is_some(), "{e}");
    }
}

#[test]
fn d_rein_1_reinforcements_arrive_at_the_start_of_their_sides_turn_in_the_game() {
    let s = parse("r.ron", &with_reinforcements("2")).unwrap();
    let mut game = crate::common::table(s.clone(), 7);
    let mut arrivals = Vec::new();
    // Union 1, Confederate 1, Union 2 (Union reserve), Confederate 2, Union 3, Confederate 3.
    for _ in 0..5 {
        let events = game
            .give(&bayonet::rules::order::Order::EndTurn)
            .unwrap()
            .events;
        for e in &events {
            if let Some(t) = e.kind::<TurnBegan>() {
                for (id, _) in &t.start.arrived {
                    arrivals.push((t.turn, t.side.0, id.0));
                }
            }
        }
    }
    assert_eq!(arrivals, vec![(2, 0, 6), (3, 1, 16)]);
    let hex = |c, r| s.map.hex_at(bayonet::rules::map::Coord { col: c, row: r });
    let on_map = |id: u32| game.board.unit(UnitId(id)).map(|u| u.hex);
    assert_eq!(on_map(6), Some(hex(0, 4)));
    assert_eq!(on_map(16), Some(hex(11, 4)));
    assert!(game.board.reinforcements.is_empty());
}

#[test]
fn d_rein_2_a_blocked_arrival_hex_sends_the_unit_to_the_nearest_that_takes_it() {
    let mut f = Field::new(10, 8);
    let planned = f.hex(0, 4);
    // An enemy on the arrival hex: the nearest hex that takes the unit, by column then row.
    f.add(1, inf(), planned, Facing::N, 300);
    let mut b = f.board();
    let mut unit = b.units[0].clone();
    unit.id = UnitId(50);
    unit.side = Side(0);
    unit.hex = planned;
    b.reinforcements = vec![Reinforcement {
        turn: 2,
        unit: unit.clone(),
    }];
    assert!(arrive(&mut b, Side(0), 1).is_empty(), "not due yet");
    assert!(arrive(&mut b, Side(1), 2).is_empty(), "not the enemy's");
    let got = arrive(&mut b, Side(0), 2);
    let at = got[0].1;
    assert_eq!(bayonet::rules::hex::distance(at, planned), 1);
    let first = planned
        .all_neighbors()
        .into_iter()
        .filter(|h| b.map.contains(*h))
        .min_by_key(|h| b.map.coord(*h))
        .unwrap();
    assert_eq!(at, first);
    assert!(b.reinforcements.is_empty());
    // Every hex within reach blocked: it waits for the next turn.
    let mut f = Field::new(3, 3);
    for c in 0..3 {
        for r in 0..3 {
            let h = f.hex(c, r);
            f.add(1, inf(), h, Facing::N, 100);
        }
    }
    let mut b = f.board();
    unit.hex = f.hex(1, 1);
    b.reinforcements = vec![Reinforcement { turn: 2, unit }];
    assert!(arrive(&mut b, Side(0), 2).is_empty());
    assert_eq!(b.reinforcements.len(), 1, "still waiting");
}

#[test]
fn d_rein_1_arrived_reinforcements_count_in_the_losses_once_on_the_map() {
    let s = parse("r.ron", &with_reinforcements("2")).unwrap();
    let mut b = s.board();
    arrive(&mut b, Side(0), 2);
    assert!(b.unit(UnitId(6)).is_some());
    b.unit_mut(UnitId(6)).unwrap().men -= 100;
    let v = victory::report(&s, &b);
    assert_eq!(v.losses[0], 100.0 * b.params.victory.per_man as f64);
    // Eliminated after arriving: all its men are lost.
    b.remove(UnitId(6));
    let v = victory::report(&s, &b);
    assert_eq!(v.losses[0], 300.0 * b.params.victory.per_man as f64);
}
