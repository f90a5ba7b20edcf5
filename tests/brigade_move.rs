//! Moving a brigade as one (RULES.md §17, issue 47 item 4): each unit goes toward its place in
//! the same arrangement around the anchor's new hex, as far as the movement rules let it, by
//! ordinary Move orders that the game accepts one by one; undo takes the group back in one
//! step when they were given as one.

use bayonet::rules::brigade_move::{self, March};
use bayonet::rules::game::Game;
use bayonet::rules::hex::{Facing, distance, neighbor};
use bayonet::rules::order::Order;
use bayonet::rules::undo::Undo;
use bayonet::rules::unit::UnitId;

use super::command::{at, battle};

fn hexes(g: &Game, ids: &[u32]) -> Vec<bayonet::rules::hex::Hex> {
    ids.iter()
        .map(|id| g.board.unit(UnitId(*id)).unwrap().hex)
        .collect()
}

/// Gives every order of the march; each must be accepted.
fn give(g: &mut Game, m: &March) -> Vec<Order> {
    let orders = m.orders(&g.board);
    for o in &orders {
        g.give(o)
            .unwrap_or_else(|r| panic!("{o:?} refused: {}", r[0]));
    }
    orders
}

#[test]
fn a_brigade_moves_to_its_leaders_new_hex_keeping_its_arrangement() {
    let mut g = Game::new(battle(&[], &[]), Some(1));
    // Brigade B1: its leader 4 and regiments 10 and 11.
    let before = hexes(&g, &[4, 10, 11]);
    let to = at(&g.board, 7, 10);
    let m = brigade_move::plan(&g.board, UnitId(4), to).expect("leader 4 commands a brigade");
    assert_eq!(m.brigade, "B1");
    let mut units: Vec<u32> = m.legs.iter().map(|l| l.unit.0).collect();
    units.sort();
    assert_eq!(
        units,
        vec![4, 10, 11],
        "the brigade's leader and its units, no one else"
    );
    assert_eq!(m.moving(), (3, 3));
    let orders = give(&mut g, &m);
    assert_eq!(orders.len(), 3, "one ordinary Move per unit");
    assert!(orders.iter().all(|o| matches!(o, Order::Move { .. })));
    let after = hexes(&g, &[4, 10, 11]);
    assert_eq!(after[0], to);
    for i in 1..3 {
        assert_eq!(
            after[i] - after[0],
            before[i] - before[0],
            "unit {} keeps its place beside the leader",
            [4, 10, 11][i]
        );
    }
    // The other brigades stay where they were.
    assert_eq!(
        hexes(&g, &[5, 12]),
        vec![at(&g.board, 5, 12), at(&g.board, 6, 12)]
    );
}

#[test]
fn a_unit_chosen_moves_its_brigade_around_itself_and_a_general_moves_alone() {
    let g = Game::new(battle(&[], &[]), Some(1));
    let to = at(&g.board, 8, 10);
    let m = brigade_move::plan(&g.board, UnitId(10), to).unwrap();
    assert_eq!(m.brigade, "B1");
    let leg = |id: u32| m.legs.iter().find(|l| l.unit.0 == id).unwrap().clone();
    assert_eq!(leg(10).place, to);
    assert_eq!(
        leg(4).place,
        to + (at(&g.board, 5, 10) - at(&g.board, 6, 10))
    );
    // The division's general (3) and the corps' (2) command no one brigade.
    assert!(brigade_move::plan(&g.board, UnitId(3), to).is_none());
    assert!(brigade_move::plan(&g.board, UnitId(2), to).is_none());
}

#[test]
fn units_too_far_from_their_places_stop_where_their_movement_points_run_out() {
    let mut g = Game::new(battle(&[], &[]), Some(1));
    let to = at(&g.board, 30, 10);
    let before = hexes(&g, &[4, 10, 11]);
    let m = brigade_move::plan(&g.board, UnitId(4), to).unwrap();
    assert_eq!(m.moving(), (3, 0));
    for l in &m.legs {
        assert!(distance(l.stop(), l.place) < distance(l.from, l.place));
        let why = l.why.as_deref().unwrap_or_default();
        assert!(why.contains("movement points"), "{why}");
    }
    give(&mut g, &m);
    let after = hexes(&g, &[4, 10, 11]);
    for (i, id) in [4, 10, 11].iter().enumerate() {
        let l = m.legs.iter().find(|l| l.unit.0 == *id).unwrap();
        assert_eq!(after[i], l.stop(), "unit {id} stops where the preview said");
        assert_ne!(after[i], before[i]);
    }
}

#[test]
fn a_unit_whose_place_is_the_enemys_stops_in_its_zone_of_control_and_says_so() {
    // The Confederate regiment 51 (facing SW) stands where leader 4 is sent.
    let s = battle(&[(51, (8, 10))], &[]);
    let mut g = Game::new(s, Some(1));
    let enemy = at(&g.board, 8, 10);
    let m = brigade_move::plan(&g.board, UnitId(4), enemy).unwrap();
    let leader = m.legs.iter().find(|l| l.unit == UnitId(4)).unwrap();
    assert_eq!(distance(leader.stop(), enemy), 1);
    let front: Vec<_> = [Facing::S, Facing::SW, Facing::NW]
        .iter()
        .map(|f| neighbor(enemy, *f))
        .collect();
    assert!(front.contains(&leader.stop()), "stops in the enemy's front");
    assert!(
        leader.why.as_deref().unwrap().contains("zone of control"),
        "{:?}",
        leader.why
    );
    give(&mut g, &m);
}

#[test]
fn undo_takes_a_brigade_move_given_as_one_step_back_whole() {
    let mut g = Game::new(battle(&[], &[]), Some(1));
    g.undo = Undo::grouped();
    let before = hexes(&g, &[4, 10, 11]);
    let m = brigade_move::plan(&g.board, UnitId(4), at(&g.board, 7, 10)).unwrap();
    give(&mut g, &m);
    g.parts().seal();
    assert_eq!(g.log.len(), 3);
    assert_ne!(hexes(&g, &[4, 10, 11]), before);
    g.give(&Order::Undo)
        .expect("the brigade's move can be taken back");
    assert_eq!(hexes(&g, &[4, 10, 11]), before, "every unit back at once");
    assert!(g.log.is_empty());
    assert!(g.give(&Order::Undo).is_err(), "one step, not three");
}

#[test]
fn units_that_may_not_move_stay_with_the_reason() {
    // A brigade that went as far as it could toward its places can go no nearer them.
    let mut g = Game::new(battle(&[], &[]), Some(1));
    let far = at(&g.board, 30, 11);
    let m = brigade_move::plan(&g.board, UnitId(10), far).unwrap();
    give(&mut g, &m);
    let again = brigade_move::plan(&g.board, UnitId(10), far).unwrap();
    assert_eq!(
        again.moving().0,
        0,
        "no movement points left to any of them"
    );
    assert!(again.orders(&g.board).is_empty());
    for l in &again.legs {
        assert_eq!(l.why.as_deref(), Some("cannot get any nearer its place"));
    }
}
