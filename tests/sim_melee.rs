//! The melee through the ECS simulation: orders in, outcome messages out.

use bayonet::rules::hex::Facing;
use bayonet::rules::morale::CheckReason;
use bayonet::rules::order::Order;
use bayonet::rules::unit::{Side, UnitKind};
use bayonet::sim::{
    MeleeCancelled, MeleeDeclared, MeleeResolved, Occupancy, OrderRejected, TurnBegan, UnitState,
};
use bevy::prelude::*;

use crate::common::{Field, at, game, game_mut, give, inf, melee_drag, melee_units, read};

fn units(app: &mut App) -> Vec<bayonet::rules::unit::Unit> {
    let world = app.world_mut();
    let mut q = world.query::<&UnitState>();
    let mut v: Vec<_> = q.iter(world).map(|u| u.0.clone()).collect();
    v.sort_by_key(|u| u.id);
    v
}

/// §1: a scenario starts at turn 1 with its first side, at its start time, by day; every unit
/// becomes an entity and is in the hex index.
#[test]
fn scenario_loads_into_entities_and_the_index() {
    let s =
        bayonet::rules::scenario::parse(bayonet::DEFAULT_SCENARIO_PATH, bayonet::DEFAULT_SCENARIO)
            .unwrap();
    let n = s.units.len();
    let first = s.first_side;
    let mut app = crate::common::headless_app(s, None);
    assert_eq!(units(&mut app).len(), n);
    let index = app.world().resource::<Occupancy>();
    assert_eq!(index.0.values().map(Vec::len).sum::<usize>(), n);
    let turn = game(&app).turn_state();
    assert_eq!(
        (turn.turn, turn.side, turn.clock().as_str(), turn.night),
        (1, first, "14:00", false)
    );
}

fn duel_app() -> (App, Field) {
    let mut f = Field::new(10, 8);
    let d = f.center();
    f.add(1, inf(), d, Facing::SW, 200);
    f.attacker(0, inf(), d, Facing::SW, 600);
    f.attacker(0, inf(), d, Facing::S, 300);
    let app = crate::common::headless_app(f.scenario(), Some(11));
    (app, f)
}

/// §1 and §9.1: a declared melee stays pending with its odds until Resolve; two drags onto one hex
/// make one melee.
#[test]
fn declare_then_resolve_through_messages() {
    let (mut app, f) = duel_app();
    let d = f.center();
    let ids: Vec<_> = f
        .units
        .iter()
        .filter(|u| u.side == Side(0))
        .map(|u| u.id)
        .collect();
    // Two drags onto one hex make one melee.
    let o = melee_units(&app, vec![ids[0]], d);
    give(&mut app, o);
    app.update();
    let o = melee_units(&app, vec![ids[1]], d);
    give(&mut app, o);
    app.update();
    let declared = crate::common::events::<MeleeDeclared>(&app);
    assert_eq!(declared.last().unwrap().declaration.attackers, ids);
    assert!(declared.last().unwrap().odds.attacker_win_probability > 0.5);
    assert_eq!(game(&app).pending.len(), 1);
    give(&mut app, Order::Resolve);
    app.update();
    let resolved = crate::common::events::<MeleeResolved>(&app);
    assert_eq!(resolved.len(), 1);
    let o = &resolved[0].0;
    assert!(game(&app).pending.is_empty());
    // The world now matches the outcome: losses applied, retreats moved, index in step.
    let now = units(&mut app);
    // The defenders fired at the attackers first (half strength), then the melee.
    let fire = crate::common::events::<bayonet::sim::Fired>(&app);
    // Seed 11 gives defensive fire with losses, melee losses and a retreat: the loops below
    // check something.
    assert!(fire.iter().any(|x| !x.0.losses.is_empty()), "{fire:?}");
    assert!(!o.losses.is_empty() && !o.retreats.is_empty(), "{o:?}");
    for l in &o.losses {
        let before = f.units.iter().find(|u| u.id == l.unit).unwrap().men;
        let shot: u32 = fire
            .iter()
            .flat_map(|x| &x.0.losses)
            .filter(|x| x.unit == l.unit)
            .map(|x| x.men)
            .sum();
        if let Some(u) = now.iter().find(|u| u.id == l.unit) {
            assert_eq!(u.men, before - shot - l.men);
        }
    }
    assert!(
        fire.iter()
            .all(|x| x.0.opportunity && x.0.breakdown.factors.iter().any(|m| m.times == 0.5))
    );
    let phase: Vec<_> = crate::common::events::<bayonet::sim::PhaseMoraleChecked>(&app)
        .into_iter()
        .flat_map(|p| p.routs)
        .collect();
    for r in &o.retreats {
        // A unit that routed after its retreat (or at the end of the phase) ran on from there.
        let ran: Vec<_> = o
            .routs
            .iter()
            .chain(&phase)
            .filter(|m| m.unit == r.unit)
            .collect();
        let end = ran.last().map_or(r.to, |m| m.to);
        assert_eq!(ran.first().map_or(r.to, |m| m.from), r.to);
        assert_eq!(now.iter().find(|u| u.id == r.unit).unwrap().hex, end);
    }
    app.update();
    let index = app.world().resource::<Occupancy>();
    for u in &now {
        assert!(!index.at(u.hex).is_empty());
    }
    assert!(
        now.iter()
            .filter(|u| ids.contains(&u.id))
            .all(|u| u.marks.meleed)
    );
}

/// §9.1 through the simulation: an illegal declaration is rejected naming its rule (2, not
/// facing), nothing is left pending, and the other side may not declare in this side's turn (§1).
#[test]
fn illegal_declarations_are_rejected_with_the_rule() {
    let (mut app, f) = duel_app();
    let d = f.center();
    let a = f.units.iter().find(|u| u.side == Side(0)).unwrap().id;
    game_mut(&mut app).unit_mut(a).unwrap().facing = Facing::SW;
    let o = melee_units(&app, vec![a], d);
    give(&mut app, o);
    app.update();
    let rejected = read::<OrderRejected>(&app);
    assert_eq!(rejected.len(), 1);
    assert_eq!(rejected[0].reasons[0].rule, 2);
    assert!(game(&app).pending.is_empty());
    // The other side may not declare in this side's turn.
    let enemy = f.units.iter().find(|u| u.side == Side(1)).unwrap().id;
    let o = melee_units(&app, vec![enemy], d + Facing::SW.step());
    give(&mut app, o);
    app.update();
    assert!(read::<OrderRejected>(&app).iter().any(|r| {
        r.reasons
            .iter()
            .any(|v| v.message.contains("side whose turn"))
    }));
}

/// §1: a pending melee can be taken back before it is resolved.
#[test]
fn a_pending_melee_can_be_cancelled() {
    let (mut app, f) = duel_app();
    let d = f.center();
    let a = f.units.iter().find(|u| u.side == Side(0)).unwrap().id;
    let o = melee_units(&app, vec![a], d);
    give(&mut app, o);
    app.update();
    let o = Order::CancelMelee { at: at(&app, d) };
    give(&mut app, o);
    app.update();
    assert_eq!(crate::common::events::<MeleeCancelled>(&app).len(), 1);
    assert!(game(&app).pending.is_empty());
}

/// §1: ending the turn resolves what is pending and hands over; marks are per side turn.
#[test]
fn ending_the_turn_resolves_pending_melees_and_hands_over() {
    let (mut app, f) = duel_app();
    let d = f.center();
    let a = f.units.iter().find(|u| u.side == Side(0)).unwrap().id;
    let o = melee_units(&app, vec![a], d);
    give(&mut app, o);
    give(&mut app, Order::EndTurn);
    app.update();
    assert_eq!(crate::common::events::<MeleeResolved>(&app).len(), 1);
    let began = crate::common::events::<TurnBegan>(&app);
    assert_eq!(began.last().map(|t| (t.turn, t.side)), Some((1, Side(1))));
    give(&mut app, Order::EndTurn);
    app.update();
    let turn = game(&app).turn_state();
    assert_eq!(
        (turn.turn, turn.side, turn.clock().as_str()),
        (2, Side(0), "10:20")
    );
    // Marks are per side turn: the attacker may melee again.
    assert!(units(&mut app).iter().all(|u| !u.marks.meleed));
}

/// §1: the same seed and orders give the same game through the simulation.
#[test]
fn same_seed_same_game() {
    let run = || {
        let (mut app, f) = duel_app();
        let ids: Vec<_> = f
            .units
            .iter()
            .filter(|u| u.side == Side(0))
            .map(|u| u.id)
            .collect();
        let o = melee_units(&app, ids, f.center());
        give(&mut app, o);
        give(&mut app, Order::Resolve);
        app.update();
        (
            crate::common::events::<MeleeResolved>(&app),
            units(&mut app),
        )
    };
    assert_eq!(run(), run());
}

/// §3: every unit kind's state goes into the ECS world and comes back unchanged.
#[test]
fn units_of_every_kind_survive_a_round_trip_through_the_world() {
    let mut f = Field::new(10, 8);
    for (i, k) in [
        UnitKind::Infantry,
        UnitKind::Cavalry,
        UnitKind::Artillery,
        UnitKind::Supply,
        UnitKind::Leader,
    ]
    .into_iter()
    .enumerate()
    {
        let h = f.hex(i as i32, 0);
        f.add(0, k, h, Facing::S, 100);
    }
    let mut app = crate::common::headless_app(f.scenario(), None);
    assert_eq!(units(&mut app), f.units);
}

/// §9.1 rules 1 and 4: a drag commits the hex's units that may melee (leaders join), not guns; a
/// hex with none is refused by rule.
#[test]
fn a_drag_from_a_hex_commits_what_may_melee_and_leaves_guns_behind() {
    let mut f = Field::new(10, 8);
    let d = f.center();
    f.add(1, inf(), d, Facing::SW, 200);
    let a = f.attacker(0, inf(), d, Facing::SW, 300);
    let from = d + Facing::SW.step();
    let gun = f.add(0, UnitKind::Artillery, from, Facing::NE, 4);
    let tired = f.add(0, inf(), from, Facing::NE, 100);
    f.unit(tired).disrupted = true;
    let leader = f.add(0, UnitKind::Leader, from, Facing::NE, 0);
    let mut app = crate::common::headless_app(f.scenario(), None);
    let o = melee_drag(&app, from, d);
    give(&mut app, o);
    app.update();
    let declared = crate::common::events::<MeleeDeclared>(&app);
    assert_eq!(declared[0].declaration.attackers, vec![a, leader]);
    assert!(!declared[0].declaration.attackers.contains(&gun));
    // From a hex where nothing may melee, the order is refused with the reasons.
    let mut f = Field::new(10, 8);
    f.add(1, inf(), d, Facing::SW, 200);
    let only = f.attacker(0, inf(), d, Facing::SW, 300);
    f.unit(only).routed = true;
    let mut app = crate::common::headless_app(f.scenario(), None);
    let o = melee_drag(&app, from, d);
    give(&mut app, o);
    app.update();
    assert_eq!(read::<OrderRejected>(&app)[0].reasons[0].rule, 1);
}

/// §11: a Damage Bridge order against an unoccupied full-hex bridge is resolved as a melee whose
/// loss falls on the bridge alone; the attackers lose no men.
#[test]
fn the_damage_bridge_order_wears_down_an_unoccupied_bridge() {
    use bayonet::rules::map::{FullHexBridge, Terrain};

    let mut f = Field::new(10, 8);
    let d = f.center();
    f.map.set_terrain(d, Terrain::Water);
    f.map.bridges.insert(
        d,
        FullHexBridge {
            strength: 100,
            max: 200,
        },
    );
    let a = f.attacker(0, inf(), d, Facing::SW, 500);
    let mut app = crate::common::headless_app(f.scenario(), Some(4));
    let o = Order::DamageBridge {
        units: vec![a],
        at: at(&app, d),
    };
    give(&mut app, o);
    give(&mut app, Order::Resolve);
    app.update();
    let o = &crate::common::events::<MeleeResolved>(&app)[0].0;
    let dmg = o.bridge.as_ref().unwrap();
    assert!(dmg.after < 100);
    let now = game(&app).map.bridge(d).unwrap().strength;
    assert_eq!(now, dmg.after);
    assert_eq!(
        units(&mut app).iter().find(|u| u.id == a).unwrap().men,
        500,
        "no losses"
    );
    // Not a bridge: refused.
    let o = Order::DamageBridge {
        units: vec![a],
        at: at(&app, d + Facing::N.step()),
    };
    give(&mut app, o);
    app.update();
    assert!(
        read::<OrderRejected>(&app)
            .iter()
            .any(|r| r.reasons[0].message.contains("bridge"))
    );
}

/// §6, §4, §7 through the simulation: move, face and fire orders go in as messages and come out
/// as outcome messages; an order of the side not to act is refused (§1).
#[test]
fn unit_orders_through_messages() {
    use bayonet::rules::unit::Formation;
    use bayonet::sim::{Fired, UnitMoved};
    let mut f = Field::new(12, 10);
    let a = f.hex(3, 4);
    let u = f.add(0, inf(), a, Facing::NE, 400);
    let t = a + Facing::NE.step() + Facing::NE.step() + Facing::NE.step();
    let e = f.add(1, inf(), t, Facing::SW, 300);
    let mut app = crate::common::headless_app(f.scenario(), Some(2));
    let one = a + Facing::NE.step();
    let o = Order::Move {
        unit: u,
        to: at(&app, one),
        path: None,
    };
    give(&mut app, o);
    app.update();
    let moved = crate::common::events::<UnitMoved>(&app);
    assert_eq!(moved[0].moved.path, vec![one]);
    assert_eq!(units(&mut app).iter().find(|x| x.id == u).unwrap().hex, one);
    give(
        &mut app,
        Order::Face {
            unit: u,
            facing: Facing::N,
        },
    );
    give(
        &mut app,
        Order::Formation {
            unit: u,
            formation: Formation::Column,
        },
    );
    app.update();
    let now = units(&mut app).into_iter().find(|x| x.id == u).unwrap();
    assert_eq!(
        (now.facing, now.formation, now.marks.mp_used),
        (Facing::N, Formation::Column, 2 + 2 + 4)
    );
    // In column it cannot fire; the refusal says why.
    let o = Order::Fire {
        unit: u,
        at: at(&app, t),
    };
    give(&mut app, o);
    app.update();
    assert!(
        read::<OrderRejected>(&app)
            .iter()
            .any(|r| r.reasons[0].message.contains("column"))
    );
    // The enemy cannot be ordered in this side's turn.
    let o = Order::Move {
        unit: e,
        to: at(&app, t + Facing::N.step()),
        path: None,
    };
    give(&mut app, o);
    app.update();
    assert!(
        read::<OrderRejected>(&app)
            .iter()
            .any(|r| r.reasons[0].message.contains("side whose turn"))
    );
    assert!(crate::common::events::<Fired>(&app).is_empty());
}

/// §1: opportunity fire at melee attackers just before the melee resolves can break it up; the
/// melee is then reported called off with that fire, not refused and not resolved.
#[test]
fn a_melee_called_off_is_reported_after_its_fire_and_nothing_is_refused() {
    use bayonet::sim::{Fired, MeleeCalledOff};
    let s = bayonet::rules::scenario::parse(
        "maps/test_melee.ron",
        include_str!("../maps/test_melee.ron"),
    )
    .unwrap();
    let mut app = crate::common::headless_app(s.clone(), Some(7));
    let from = s.map.hex_at(bayonet::rules::map::Coord { col: 4, row: 4 });
    let d = s.map.hex_at(bayonet::rules::map::Coord { col: 5, row: 4 });
    let o = melee_drag(&app, from, d);
    give(&mut app, o);
    app.update();
    give(&mut app, Order::Resolve);
    app.update();
    let off = crate::common::events::<MeleeCalledOff>(&app);
    assert_eq!(off.len(), 1);
    assert_eq!(off[0].seq, 0);
    assert_eq!(off[0].declaration.defending_hex, d);
    let fired: Vec<_> = crate::common::events::<Fired>(&app)
        .into_iter()
        .map(|f| f.0)
        .collect();
    assert_eq!(off[0].defensive_fire, fired);
    assert!(read::<OrderRejected>(&app).is_empty());
    assert!(crate::common::events::<MeleeResolved>(&app).is_empty());
    assert!(game(&app).pending.is_empty());
}

/// RULES §1, §9.4, §10: a defender that retreated keeps its mark for the rest of the phase
/// (÷2 when meleed again after another Resolve), and the losing defenders check morale
/// once, when the side's turn ends.
#[test]
fn the_phase_ends_with_the_turn_not_with_each_resolve() {
    use bayonet::sim::PhaseMoraleChecked;
    let mut tried = 0;
    for seed in 0..60u64 {
        let mut f = Field::new(12, 10);
        let d = f.hex(5, 4);
        let def = f.add(1, inf(), d, Facing::SW, 150);
        let a = f.attacker(0, inf(), d, Facing::SW, 900);
        let spare = f.add(0, inf(), f.hex(0, 0), Facing::S, 300);
        let mut app = crate::common::headless_app(f.scenario(), Some(seed));
        let o = melee_units(&app, vec![a], d);
        give(&mut app, o);
        give(&mut app, Order::Resolve);
        app.update();
        let Some(first) = crate::common::events::<MeleeResolved>(&app).pop() else {
            continue;
        };
        let Some(r) = first.0.retreats.iter().find(|r| r.unit == def).cloned() else {
            continue;
        };
        if game(&app)
            .unit(def)
            .is_none_or(|u| u.routed || u.hex != r.to)
        {
            continue;
        }
        tried += 1;
        assert!(
            crate::common::events::<PhaseMoraleChecked>(&app).is_empty(),
            "not at Resolve"
        );
        assert!(game(&app).unit(def).unwrap().marks.retreated);
        assert_eq!(game(&app).phase_losers, vec![def]);
        // A fresh regiment comes up beside the new hex and attacks it after another Resolve.
        let side = Facing::ALL
            .into_iter()
            .find(|s| {
                let h = r.to + s.step();
                game(&app).map.contains(h) && game(&app).units_at(h).next().is_none()
            })
            .unwrap();
        {
            let mut g = game_mut(&mut app);
            let u = g.unit_mut(spare).unwrap();
            u.hex = r.to + side.step();
            u.facing = side.opposite();
        }
        app.update();
        let o = melee_units(&app, vec![spare], r.to);
        give(&mut app, o);
        give(&mut app, Order::Resolve);
        app.update();
        let second = crate::common::events::<MeleeResolved>(&app)
            .pop()
            .expect("second melee resolves");
        let halved = second
            .0
            .breakdown
            .defenders
            .iter()
            .find(|s| s.unit == def)
            .unwrap();
        assert!(
            halved
                .adjustments
                .iter()
                .any(|x| x.contains("retreated ÷2")),
            "{:?}",
            halved.adjustments
        );
        assert!(
            crate::common::events::<PhaseMoraleChecked>(&app).is_empty(),
            "not at Resolve"
        );
        // The turn ends: the phase's losers check morale, once each, and the marks lapse.
        let steady = game(&app).unit(def).is_some_and(|u| !u.routed);
        give(&mut app, Order::EndTurn);
        app.update();
        let phase = crate::common::events::<PhaseMoraleChecked>(&app);
        let checks = phase
            .iter()
            .flat_map(|p| &p.checks)
            .filter(|c| c.unit == def && c.reason == CheckReason::LostMelee)
            .count();
        assert_eq!(checks, steady as usize);
        assert!(game(&app).units.iter().all(|u| !u.marks.retreated));
        assert!(game(&app).phase_losers.is_empty());
        if tried >= 3 {
            break;
        }
    }
    assert!(tried >= 3, "{tried}");
}

/// Orders in, outcomes out (DESIGN.md): a frame with no order changes nothing.
#[test]
fn a_frame_with_no_orders_leaves_the_game_untouched() {
    // No system copies or rewrites the game without an order (so the mirror, the panels and
    // the previews do no work on quiet frames).
    let (mut app, _) = duel_app();
    app.update();
    let before = app
        .world()
        .get_resource_ref::<bayonet::sim::Table>()
        .unwrap()
        .last_changed();
    for _ in 0..3 {
        app.update();
    }
    let after = app
        .world()
        .get_resource_ref::<bayonet::sim::Table>()
        .unwrap()
        .last_changed();
    assert_eq!(before, after);
    // An order does change it.
    give(&mut app, Order::EndTurn);
    app.update();
    let now = app
        .world()
        .get_resource_ref::<bayonet::sim::Table>()
        .unwrap()
        .last_changed();
    assert_ne!(now, after);
}
