//! The computer opponent: it beats a side that only holds its ground, its orders pass the
//! rules, it keeps leaders and wagons back and routed units away, and whole computer games
//! replay to the same state.

use bayonet::ai::{MELEE_ODDS, plan_turn};
use bayonet::cli::autoplay::autoplay;
use bayonet::rules::hex::Facing;
use bayonet::rules::melee::{self, Declaration};
use bayonet::rules::order::Order;
use bayonet::rules::scenario::parse;
use bayonet::rules::unit::{Side, UnitKind};
use bayonet::sim::save;
use bayonet::sim::{Brain, OrderRejected, Players};
use bevy::prelude::*;

use crate::common::{Field, inf};

fn default_scenario() -> bayonet::rules::scenario::Scenario {
    parse(bayonet::DEFAULT_SCENARIO_PATH, bayonet::DEFAULT_SCENARIO).unwrap()
}

/// §13 with D-obj-1: against a side that only holds, over ten seeds, the computer gains on the
/// standing start on every seed and on either side (the Union holds its town and ridge from the
/// first turn, so the attacking Confederates start 350 points down), wins on average as the
/// attacker, and wins every seed as the Union.
#[test]
fn the_computer_beats_a_side_that_only_holds_over_ten_seeds() {
    let s = default_scenario();
    let (_, standing) = autoplay(&s, Some(1), [Brain::Hold, Brain::Hold]);
    assert_eq!(
        standing.total, -350.0,
        "the standing start: the Union's town and ridge"
    );
    let mut scores = Vec::new();
    for seed in 1..=10 {
        // The first side (Confederate) by the computer, then the second (Union).
        let (_, a) = autoplay(&s, Some(seed), [Brain::Hold, Brain::Computer]);
        let (_, b) = autoplay(&s, Some(seed), [Brain::Computer, Brain::Hold]);
        scores.push((seed, a.total, -b.total));
        assert!(
            a.total > standing.total + 250.0,
            "seed {seed}: the computer as Confederate scored {}",
            a.total
        );
        assert!(
            b.total < 0.0,
            "seed {seed}: the computer as Union scored {}",
            -b.total
        );
    }
    let mean = scores.iter().map(|s| s.1).sum::<f64>() / scores.len() as f64;
    assert!(mean > 0.0, "as Confederate, on average {mean}: {scores:?}");
    eprintln!("computer vs hold, (seed, as Confederate, as Union): {scores:?}");
}

/// The computer plays through the one legality check (DESIGN.md): a whole game of the default
/// scenario, computer against computer, with no order refused, and it replays from its save.
#[test]
fn computer_orders_pass_the_rules() {
    let s = default_scenario();
    let mut app = crate::common::headless_app(s, Some(5));
    app.insert_resource(Players([Some(Brain::Computer), Some(Brain::Computer)]));
    let mut rejected = bevy::ecs::message::MessageCursor::<OrderRejected>::default();
    let mut refused = 0;
    for _ in 0..20_000 {
        app.update();
        refused += rejected
            .read(app.world().resource::<Messages<OrderRejected>>())
            .count();
        if crate::common::game(&app).over {
            break;
        }
    }
    assert!(crate::common::game(&app).over, "the game reaches its end");
    let log = app.world().resource::<bayonet::sim::Table>().log.len();
    assert!(log > 100, "a real game: {log} orders");
    // The computer drops what a melee's result made impossible rather than give it.
    assert_eq!(refused, 0, "{refused} refused of {log}");
    // The whole computer game replays to the same final state.
    let saved = save::save(app.world_mut());
    assert!(save::replay(&saved).unwrap().matches);
}

/// Orders in, outcomes out: the computer's games replay from their saves on several seeds.
#[test]
fn replays_of_computer_games_match_on_several_seeds() {
    let s = parse(
        "maps/test_skirmish.ron",
        include_str!("../maps/test_skirmish.ron"),
    )
    .unwrap();
    for seed in [1, 2, 3] {
        let mut app = crate::common::headless_app(s.clone(), Some(seed));
        app.insert_resource(Players([Some(Brain::Computer), Some(Brain::Computer)]));
        for _ in 0..5_000 {
            app.update();
            if crate::common::game(&app).over {
                break;
            }
        }
        let saved = save::save(app.world_mut());
        let r = save::replay(&saved).unwrap();
        assert!(r.matches, "seed {seed}: {r:?}");
    }
}

/// §9.4 odds: the computer declares a melee only at good odds and keeps leaders and wagons out of
/// the fight.
#[test]
fn it_attacks_only_with_good_odds_and_keeps_leaders_and_wagons_back() {
    let mut f = Field::new(12, 10);
    let d = f.hex(6, 4);
    f.add(1, inf(), d, Facing::SW, 150);
    let strong = f.attacker(0, inf(), d, Facing::SW, 700);
    // Two hexes from the enemy, not next to it (so not in the melee).
    let leader = f.add(
        0,
        UnitKind::Leader,
        d + Facing::SE.step() + Facing::SE.step(),
        Facing::NE,
        0,
    );
    let wagon = f.add(
        0,
        UnitKind::Supply,
        d + Facing::NW.step() + Facing::NW.step(),
        Facing::NE,
        10,
    );
    let b = f.board();
    let orders = plan_turn(&b, Side(0));
    let decl = orders.iter().find_map(|o| match o {
        Order::Melee { units, at, .. } => Some(Declaration {
            attackers: units.clone(),
            defending_hex: at.hex(&b),
            follow_up: true,
        }),
        _ => None,
    });
    let decl = decl.expect("a 700 against 150 melee is declared");
    assert!(decl.attackers.contains(&strong));
    assert!(melee::odds(&melee::breakdown(&b, &decl)).attacker_win_probability >= MELEE_ODDS);
    assert_eq!(orders.last(), Some(&Order::EndTurn));
    assert!(orders.contains(&Order::Resolve));
    // Leaders and wagons end at least three hexes from the enemy.
    let mut b2 = b.clone();
    for o in &orders {
        if let Order::Move { unit, to, .. } = o {
            let to = to.hex(&b);
            b2.unit_mut(*unit).unwrap().hex = to;
        }
    }
    for id in [leader, wagon] {
        let at = b2.unit(id).unwrap().hex;
        assert!(
            at.unsigned_distance_to(d) >= 3,
            "{id} at distance {}",
            at.unsigned_distance_to(d)
        );
    }
    // Against a much stronger defender it does not attack.
    let mut f = Field::new(12, 10);
    f.add(1, inf(), d, Facing::SW, 900);
    f.attacker(0, inf(), d, Facing::SW, 150);
    assert!(
        !plan_turn(&f.board(), Side(0))
            .iter()
            .any(|o| matches!(o, Order::Melee { .. }))
    );
}

/// §9.6 and §7: the computer's routed units move away from the enemy, and its guns fire when they
/// may.
#[test]
fn routed_units_run_and_guns_fire_when_they_can() {
    let mut f = Field::new(14, 10);
    let e = f.hex(8, 4);
    f.add(1, inf(), e, Facing::SW, 400);
    let r = f.add(
        0,
        inf(),
        e + Facing::SW.step() + Facing::SW.step(),
        Facing::NE,
        200,
    );
    f.unit(r).routed = true;
    let g = f.add(0, UnitKind::Artillery, f.hex(4, 2), Facing::NE, 4);
    f.unit(g).facing = bayonet::ai::facing_towards(f.hex(4, 2), e);
    let b = f.board();
    let orders = plan_turn(&b, Side(0));
    let before = b.unit(r).unwrap().hex.unsigned_distance_to(e);
    let moved_to = orders.iter().find_map(|o| match o {
        Order::Move { unit, to, .. } if *unit == r => Some(to.hex(&b)),
        _ => None,
    });
    assert!(
        moved_to.is_some_and(|to| to.unsigned_distance_to(e) > before),
        "the routed unit runs"
    );
    assert!(
        orders
            .iter()
            .any(|o| matches!(o, Order::Fire { unit, .. } if *unit == g)),
        "{orders:?}"
    );
}
