//! The one order language and the one legality check: what a preview (or the computer) is told
//! by `rules::order::check` is what the simulation does with the order; orders files, logs and
//! saves read the same language; random games replay to the same state.

use bayonet::rules::hex::Facing;
use bayonet::rules::morale::MoraleResult;
use bayonet::rules::order::{self, At, Order};
use bayonet::rules::refusal::Reason;
use bayonet::rules::scenario::{Scenario, parse};
use bayonet::rules::unit::{Formation, Side, UnitId, UnitKind};
use bayonet::sim::{self, Fired, OrderDone, OrderRejected, save};
use bevy::ecs::message::MessageCursor;
use bevy::prelude::*;
use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::common::{Field, game, game_mut, give, inf, read};

fn skirmish() -> Scenario {
    parse(
        "maps/test_skirmish.ron",
        include_str!("../maps/test_skirmish.ron"),
    )
    .unwrap()
}

/// A random small battlefield: both sides' units of every kind scattered near each other.
fn random_field(rng: &mut impl Rng) -> Field {
    let mut f = Field::new(8, 7);
    f.params.optional.artillery_capture = rng.random_bool(0.5);
    let kinds = [
        UnitKind::Infantry,
        UnitKind::Infantry,
        UnitKind::Cavalry,
        UnitKind::Artillery,
        UnitKind::Supply,
        UnitKind::Leader,
    ];
    for _ in 0..rng.random_range(4..12) {
        let h = f.hex(rng.random_range(1..7), rng.random_range(1..6));
        let side = rng.random_range(0..2u8);
        if f.units.iter().any(|u| u.hex == h && u.side.0 != side) {
            continue;
        }
        let k = kinds[rng.random_range(0..kinds.len())];
        let id = f.add(
            side,
            k,
            h,
            Facing::from_index(rng.random_range(0..6)),
            rng.random_range(2..350),
        );
        let u = f.unit(id);
        u.disrupted = rng.random_bool(0.1);
        u.routed = rng.random_bool(0.05);
        u.fatigue = rng.random_range(0..=900);
        if k == UnitKind::Infantry && rng.random_bool(0.3) {
            u.formation = Formation::Column;
        }
    }
    // Contact: enemies beside some of the first side's units, which face them.
    let first: Vec<UnitId> = f
        .units
        .iter()
        .filter(|u| u.side == Side(0))
        .map(|u| u.id)
        .collect();
    for id in first {
        if !rng.random_bool(0.6) {
            continue;
        }
        let side = Facing::from_index(rng.random_range(0..6));
        let from = f.unit(id).hex;
        let h = from + side.step();
        if !f.map.contains(h) || f.units.iter().any(|u| u.hex == h) {
            continue;
        }
        f.unit(id).facing = side;
        f.add(1, inf(), h, side.opposite(), rng.random_range(20..300));
    }
    f.night = rng.random_bool(0.1);
    f
}

/// A random order about the board as it stands: mostly plausible, sometimes nonsense.
fn random_order(b: &bayonet::rules::board::Board, rng: &mut ChaCha8Rng) -> Order {
    let any_unit = |rng: &mut ChaCha8Rng| {
        if b.units.is_empty() || rng.random_bool(0.03) {
            UnitId(999)
        } else {
            b.units[rng.random_range(0..b.units.len())].id
        }
    };
    let near = |rng: &mut ChaCha8Rng, id: UnitId| {
        let from = b.unit(id).map_or(
            b.map.hex_at(bayonet::rules::map::Coord { col: 0, row: 0 }),
            |u| u.hex,
        );
        let mut h = from;
        for _ in 0..rng.random_range(0..4) {
            h = h + Facing::from_index(rng.random_range(0..6)).step();
        }
        if rng.random_bool(0.02) {
            At(-3, 40)
        } else {
            At::of(b, h)
        }
    };
    let u = any_unit(rng);
    match rng.random_range(0..100) {
        0..=24 => Order::Move {
            unit: u,
            to: near(rng, u),
            path: None,
        },
        25..=34 => Order::Face {
            unit: u,
            facing: Facing::from_index(rng.random_range(0..6)),
        },
        35..=42 => Order::Formation {
            unit: u,
            formation: [
                Formation::Line,
                Formation::Column,
                Formation::Mounted,
                Formation::Dismounted,
                Formation::Limbered,
                Formation::Unlimbered,
            ][rng.random_range(0..6)],
        },
        43..=54 => Order::Fire {
            unit: u,
            at: near(rng, u),
        },
        55..=69 => {
            // Mostly at an enemy beside the unit.
            let beside = b.unit(u).and_then(|x| {
                Facing::ALL
                    .into_iter()
                    .map(|s| x.hex + s.step())
                    .find(|h| b.units_at(*h).any(|e| e.side != x.side))
            });
            let at = match beside {
                Some(h) if rng.random_bool(0.8) => At::of(b, h),
                _ => near(rng, u),
            };
            let from = b.unit(u).map(|x| At::of(b, x.hex));
            if rng.random_bool(0.5) {
                Order::Melee {
                    from: from.into_iter().collect(),
                    units: Vec::new(),
                    at,
                    follow_up: true,
                }
            } else {
                Order::Melee {
                    from: Vec::new(),
                    units: vec![u, any_unit(rng)],
                    at,
                    follow_up: true,
                }
            }
        }
        70..=74 => match b.pending.first() {
            Some(p) if rng.random_bool(0.8) => Order::CancelMelee {
                at: At::of(b, p.defending_hex),
            },
            _ => Order::CancelMelee { at: near(rng, u) },
        },
        75..=76 => Order::DamageBridge {
            units: vec![u],
            at: near(rng, u),
        },
        77 => Order::RepairBridge {
            unit: u,
            at: near(rng, u),
        },
        78..=80 => Order::Spike {
            battery: any_unit(rng),
            by: u,
        },
        81..=83 => Order::Recrew {
            battery: any_unit(rng),
            by: u,
        },
        84..=91 => Order::Resolve,
        92..=96 => Order::EndTurn,
        _ => Order::SetParameters {
            params: Box::new(b.params.clone()),
        },
    }
}

/// What the simulation answered to the one order it was given this frame.
fn verdict(
    app: &App,
    done: &mut MessageCursor<OrderDone>,
    no: &mut MessageCursor<OrderRejected>,
) -> Option<bool> {
    let world = app.world();
    let accepted = done.read(world.resource::<Messages<OrderDone>>()).count();
    let refused: Vec<_> = no
        .read(world.resource::<Messages<OrderRejected>>())
        // A melee called off at resolution is not the order's refusal.
        .filter(|r| {
            !(r.order == Order::Resolve
                && r.reasons
                    .iter()
                    .all(|x| matches!(x.reason, Reason::MeleeRule | Reason::NotAMelee)))
        })
        .collect();
    match (accepted, refused.len()) {
        (1, 0) => Some(true),
        (0, n) if n > 0 => Some(false),
        _ => None,
    }
}

/// §9.1 and the one legality check (DESIGN.md): a preview's verdict is the simulation's, on
/// thousands of random orders.
#[test]
fn preview_and_simulation_agree_on_thousands_of_random_orders() {
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let (mut orders, mut accepted) = (0, 0);
    let mut kinds_accepted = std::collections::BTreeSet::new();
    for board_no in 0..60 {
        let f = random_field(&mut rng);
        let mut app = crate::common::headless_app(f.scenario(), Some(board_no));
        let mut done = MessageCursor::<OrderDone>::default();
        let mut no = MessageCursor::<OrderRejected>::default();
        for _ in 0..60 {
            let o = random_order(game(&app), &mut rng);
            // What a preview, or the computer, is told before the order is given.
            let preview = order::check(game(&app), &o);
            give(&mut app, o.clone());
            app.update();
            let sim = verdict(&app, &mut done, &mut no);
            assert_eq!(
                sim,
                Some(preview.is_ok()),
                "board {board_no}, {o:?}: preview said {preview:?}"
            );
            orders += 1;
            if preview.is_ok() {
                accepted += 1;
                kinds_accepted.insert(o.describe().split(' ').next().unwrap_or("").to_string());
            }
            if game(&app).over {
                break;
            }
        }
    }
    assert!(orders >= 3000, "{orders} orders");
    // Both verdicts are common, and every kind of order was carried out somewhere.
    assert!(
        accepted > orders / 10 && accepted < orders * 9 / 10,
        "{accepted} of {orders}"
    );
    for k in [
        "move",
        "face",
        "formation",
        "fire",
        "melee",
        "cancel",
        "resolve",
        "end",
    ] {
        assert!(
            kinds_accepted.contains(k),
            "no `{k}` order was accepted: {kinds_accepted:?}"
        );
    }
}

/// Orders in, outcomes out: random order sequences replay from a save to the same game hash.
#[test]
fn random_order_sequences_replay_from_a_save_to_the_same_hash() {
    let mut total = 0;
    for seed in 0..6u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(100 + seed);
        let mut app = crate::common::headless_app(skirmish(), Some(seed));
        for _ in 0..150 {
            let o = random_order(game(&app), &mut rng);
            give(&mut app, o);
            app.update();
            if game(&app).over {
                break;
            }
        }
        let saved = save::save(app.world_mut());
        total += saved.orders.len();
        let back = save::from_text("random.ron", &save::to_text(&saved)).unwrap();
        let r = save::replay(&back).unwrap();
        assert!(r.matches, "seed {seed}: {r:?}");
        // Loaded, the game is the saved one.
        let loaded = crate::common::load_app(&back).unwrap();
        assert_eq!(save::snapshot(loaded.world()).hash(), saved.hash);
    }
    assert!(total > 100, "{total} orders replayed");
}

/// One order language: orders files and save logs read and write the same orders.
#[test]
fn orders_files_and_save_logs_are_one_language() {
    let text = r#"[
        Move(unit: 2, to: (2, 4)),
        Move(unit: 2, to: (3, 4), path: [(3, 4)]),
        Face(unit: 2, facing: NE),
        Formation(unit: 4, formation: Dismounted),
        Fire(unit: 3, at: (8, 4)),
        Melee(from: [(5, 4), (6, 3)], at: (6, 4)),
        MeleeUnits(units: [2, 1], at: (6, 4)),
        CancelMelee(at: (6, 4)),
        DamageBridge(units: [2], at: (5, 0)),
        Spike(battery: 13, by: 2),
        Recrew(battery: 3, by: 2),
        Resolve,
        EndTurn,
    ]"#;
    let orders = bayonet::cli::run::parse_orders("o.ron", text).unwrap();
    assert_eq!(orders.len(), 13);
    assert_eq!(
        orders[6],
        Order::Melee {
            from: Vec::new(),
            units: vec![UnitId(2), UnitId(1)],
            at: At(6, 4),
            follow_up: true,
        }
    );
    assert_eq!(
        orders[1],
        Order::Move {
            unit: UnitId(2),
            to: At(3, 4),
            path: Some(vec![At(3, 4)])
        }
    );
    // What a save logs reads back as the same orders.
    let logged = ron::to_string(&orders).unwrap();
    let back: Vec<Order> = ron::from_str(&logged).unwrap();
    assert_eq!(back, orders);
    // Errors name the file, line and column.
    let e = bayonet::cli::run::parse_orders("o.ron", "[\n  Move(unit: 2),\n]").unwrap_err();
    assert!(e.to_string().starts_with("o.ron:2:"), "{e}");
}

/// §14: the rules chosen at the start (Parameter Data and optional rules) are an order, logged
/// and replayed like any other, and fixed once play has begun.
#[test]
fn the_start_dialogs_rules_are_an_order_logged_and_replayed() {
    let s = skirmish();
    let mut app = crate::common::headless_app(s.clone(), Some(3));
    let mut p = game(&app).params.clone();
    p.optional.artillery_capture = !p.optional.artillery_capture;
    p.melee.night_attack_penalty = 150;
    give(
        &mut app,
        Order::SetParameters {
            params: Box::new(p.clone()),
        },
    );
    app.update();
    assert_eq!(game(&app).params, p);
    let saved = save::save(app.world_mut());
    assert!(matches!(saved.orders[0], Order::SetParameters { .. }));
    assert!(save::replay(&saved).unwrap().matches);
    // Once play has begun the rules are fixed.
    give(&mut app, Order::EndTurn);
    app.update();
    let mut q = p.clone();
    q.optional.artillery_capture = !q.optional.artillery_capture;
    give(
        &mut app,
        Order::SetParameters {
            params: Box::new(q),
        },
    );
    app.update();
    let refused = read::<OrderRejected>(&app);
    assert_eq!(refused.last().unwrap().reasons[0].reason, Reason::Settings);
    assert_eq!(game(&app).params, p);
}

/// §9.1: a refusal names the broken rule by number and the fault in players' words.
#[test]
fn refusals_name_the_fault_in_players_words() {
    let mut f = Field::new(10, 8);
    let d = f.center();
    f.add(1, inf(), d, Facing::SW, 200);
    let a = f.attacker(0, inf(), d, Facing::SW, 300);
    f.unit(a).facing = Facing::S;
    let e = f.add(1, inf(), f.hex(1, 1), Facing::S, 200);
    let b = f.board();
    let melee = order::check(
        &b,
        &Order::Melee {
            from: Vec::new(),
            units: vec![a],
            at: At::of(&b, d),
            follow_up: true,
        },
    )
    .unwrap_err();
    assert_eq!((melee[0].rule, melee[0].reason), (2, Reason::MeleeRule));
    assert!(
        melee[0].to_string().ends_with("(§9.1 rule 2)"),
        "{}",
        melee[0]
    );
    let other = order::check(
        &b,
        &Order::Face {
            unit: e,
            facing: Facing::N,
        },
    )
    .unwrap_err();
    assert_eq!((other[0].rule, other[0].reason), (0, Reason::NotYourTurn));
    assert!(!other[0].to_string().contains("9.1"));
    let off = order::check(
        &b,
        &Order::Fire {
            unit: a,
            at: At(40, 40),
        },
    )
    .unwrap_err();
    assert_eq!(off[0].reason, Reason::OffMap);
    let mut over = b.clone();
    over.over = true;
    assert_eq!(
        order::check(&over, &Order::EndTurn).unwrap_err()[0].reason,
        Reason::GameOver
    );
}

/// §9.6 (D-rout-1): a rout caused by fire runs, and its run is reported with the fire.
#[test]
fn routs_caused_by_fire_are_reported_with_the_fire() {
    // A weak, poor regiment under heavy fire: over many seeds some rout, and each rout's run
    // is in the `Fired` outcome and on the board.
    let mut seen = 0;
    for seed in 0..300u64 {
        let mut f = Field::new(12, 8);
        let t = f.hex(6, 4);
        let target = f.add(1, inf(), t, Facing::SW, 120);
        f.unit(target).quality = bayonet::rules::unit::Quality::F;
        let firer = f.add(0, inf(), t + Facing::SW.step(), Facing::NE, 900);
        let mut app = crate::common::headless_app(f.scenario(), Some(seed));
        let at = At::of(game(&app), t);
        give(&mut app, Order::Fire { unit: firer, at });
        app.update();
        let fired = crate::common::events::<Fired>(&app);
        let out = &fired[0].0;
        let routed = out
            .morale
            .iter()
            .any(|m| m.unit == target && m.result == MoraleResult::Routed);
        let ran = out.routs.iter().find(|r| r.unit == target);
        if routed && game(&app).unit(target).is_some() {
            let ran = ran.expect("a routed unit's run is reported");
            assert_eq!(ran.from, t);
            assert_eq!(game(&app).unit(target).unwrap().hex, ran.to);
            seen += 1;
        } else {
            assert!(ran.is_none());
        }
    }
    assert!(seen > 5, "{seen} routs");
}

/// §9.4–§10: a resolution runs as steps (strengths, results, morale, retreat, capture, advance),
/// each with its message.
#[test]
fn melee_resolution_runs_as_a_chain_of_steps_with_their_own_messages() {
    use bayonet::sim::{Advanced, MeleeResolved, Retreated};
    let mut won = 0;
    for seed in 0..40u64 {
        let mut f = Field::new(10, 8);
        let d = f.center();
        f.add(1, inf(), d, Facing::SW, 120);
        let a = f.attacker(0, inf(), d, Facing::SW, 700);
        let mut app = crate::common::headless_app(f.scenario(), Some(seed));
        let o = crate::common::melee_units(&app, vec![a], d);
        give(&mut app, o);
        give(&mut app, Order::Resolve);
        app.update();
        let Some(m) = crate::common::events::<MeleeResolved>(&app).pop() else {
            continue;
        };
        let retreats: Vec<_> = crate::common::events::<Retreated>(&app)
            .into_iter()
            .map(|r| r.0)
            .collect();
        let advanced: Vec<_> = crate::common::events::<Advanced>(&app)
            .into_iter()
            .map(|x| x.unit)
            .collect();
        assert_eq!(retreats, m.0.retreats);
        assert_eq!(advanced, m.0.advanced);
        if !m.0.advanced.is_empty() {
            won += 1;
            assert_eq!(game(&app).unit(a).unwrap().hex, d);
        }
    }
    assert!(won > 10, "{won}");
}

/// The board is the one truth: a state changed on it reaches the ECS entities.
#[test]
fn a_unit_state_changed_by_a_test_reaches_the_entities() {
    let mut f = Field::new(10, 8);
    let u = f.add(0, inf(), f.hex(2, 2), Facing::N, 300);
    let mut app = crate::common::headless_app(f.scenario(), None);
    game_mut(&mut app).unit_mut(u).unwrap().men = 123;
    game_mut(&mut app).units.retain(|x| x.id != UnitId(999));
    app.update();
    let world = app.world_mut();
    let mut q = world.query::<&bayonet::sim::UnitState>();
    let men: Vec<u32> = q.iter(world).map(|s| s.0.men).collect();
    assert_eq!(men, vec![123]);
    // A unit taken off the board loses its entity.
    game_mut(&mut app).units.clear();
    app.update();
    let world = app.world_mut();
    assert_eq!(
        world
            .query::<&bayonet::sim::UnitState>()
            .iter(world)
            .count(),
        0
    );
    let _ = Side(0);
}

/// Issue 60 item 3: the window keeps one game, `sim::Table`. An order changes it, but the map
/// is drawn again only when another battle is put on the table (a load), never at an order.
#[test]
fn the_battle_is_new_only_when_another_is_put_on_the_table() {
    let mut app = crate::common::headless_app(skirmish(), Some(1));
    let new_battle = app.world_mut().register_system(sim::new_battle);
    let ask = |app: &mut App| app.world_mut().run_system(new_battle).unwrap();
    assert!(ask(&mut app), "the first battle is new to the map");
    assert!(!ask(&mut app), "and only the first time");
    let b = game(&app);
    let u = b
        .units
        .iter()
        .find(|u| u.side == b.ordering_side() && !u.is_leader())
        .unwrap();
    let (unit, facing) = (u.id, u.facing.clockwise());
    give(&mut app, Order::Face { unit, facing });
    app.update();
    assert!(
        read::<OrderRejected>(&app).is_empty(),
        "{:?}",
        read::<OrderRejected>(&app)
    );
    assert_eq!(
        game(&app).unit(unit).unwrap().facing,
        facing,
        "the order was carried out"
    );
    assert_eq!(app.world().resource::<sim::Table>().log.len(), 1);
    assert!(!ask(&mut app), "an order is not a new battle");
    let saved = save::save(app.world_mut());
    save::take_over(app.world_mut(), &saved).unwrap();
    assert!(ask(&mut app), "a load puts another battle on the table");
    assert_eq!(
        app.world().resource::<sim::Table>().log.len(),
        1,
        "with its log"
    );
    assert!(!ask(&mut app));
}

/// §1 Phased Play: which orders belong to which phase — moves and the Command menu to the
/// movement phase, fire to both fire phases, melees, bridge attacks, advances and Resolve to the
/// melee phase; End phase everywhere but the melee phase (which ends with the turn), End turn
/// everywhere but the other side's defensive fire; rules and Undo at any time. An order out of
/// its phase is refused for that reason, naming the phase and the order.
#[test]
fn s1_phased_play_orders_belong_to_their_phases() {
    use bayonet::rules::board::Phase::{self, *};
    let u = UnitId(1);
    let at = At(3, 3);
    let params = Box::new(bayonet::rules::params::Parameters::defaults());
    let orders: [(Order, &[Phase]); 16] = [
        (
            Order::Move {
                unit: u,
                to: at,
                path: None,
            },
            &[Movement],
        ),
        (
            Order::Face {
                unit: u,
                facing: Facing::N,
            },
            &[Movement],
        ),
        (
            Order::Formation {
                unit: u,
                formation: Formation::Column,
            },
            &[Movement],
        ),
        (Order::Spike { battery: u, by: u }, &[Movement]),
        (Order::Recrew { battery: u, by: u }, &[Movement]),
        (Order::RepairBridge { unit: u, at }, &[Movement]),
        (Order::Fire { unit: u, at }, &[DefensiveFire, OffensiveFire]),
        (
            Order::Melee {
                from: vec![at],
                units: Vec::new(),
                at,
                follow_up: true,
            },
            &[Melee],
        ),
        (Order::DamageBridge { units: vec![u], at }, &[Melee]),
        (Order::CancelMelee { at }, &[Melee]),
        (Order::Advance { unit: u, to: at }, &[Melee]),
        (Order::Resolve, &[Melee]),
        (Order::EndPhase, &[Movement, DefensiveFire, OffensiveFire]),
        (Order::EndTurn, &[Movement, OffensiveFire, Melee]),
        (
            Order::Undo,
            &[Movement, DefensiveFire, OffensiveFire, Melee],
        ),
        (
            Order::SetParameters {
                params: params.clone(),
            },
            &[Movement, DefensiveFire, OffensiveFire, Melee],
        ),
    ];
    let mut f = Field::new(10, 8);
    f.params.optional.phased_play = true;
    let mut b = f.board();
    for (order, phases) in &orders {
        for phase in [Movement, DefensiveFire, OffensiveFire, Melee] {
            b.phase = phase;
            let got = order::in_phase(&b, order);
            if phases.contains(&phase) {
                assert_eq!(got, Ok(()), "{order:?} in {phase:?}");
                continue;
            }
            let r = got.expect_err("out of its phase");
            assert_eq!((r.len(), r[0].reason), (1, Reason::NotThisPhase));
            assert_eq!(r[0].unit, order.unit());
            // A refusal is said as a sentence: its message with a capital (issue 44 item 7).
            let text = r[0].message.clone();
            assert!(r[0].to_string().starts_with(|c: char| c.is_uppercase()));
            let want = match order {
                Order::EndPhase => "the melee phase ends with the turn: End turn".to_string(),
                Order::EndTurn => {
                    "the other side is firing: it ends its defensive fire first".to_string()
                }
                _ => {
                    let name = match phase {
                        Movement => "movement",
                        DefensiveFire => "defensive fire",
                        OffensiveFire => "offensive fire",
                        Melee => "melee",
                    };
                    format!("not in the {name} phase: {}", order.describe())
                }
            };
            assert!(text.contains(&want), "{text}");
        }
    }
}

/// The orders' short names, as logs and reports give them, and the unit each names.
#[test]
fn orders_describe_themselves_and_name_their_unit() {
    let (u, v) = (UnitId(4), UnitId(7));
    let at = At(2, 5);
    let cases = [
        (
            Order::Move {
                unit: u,
                to: at,
                path: None,
            },
            "move #4 to 2,5",
            Some(u),
        ),
        (
            Order::Face {
                unit: u,
                facing: Facing::SE,
            },
            "face #4 SE",
            Some(u),
        ),
        (
            Order::Formation {
                unit: u,
                formation: Formation::Column,
            },
            "formation of #4 to column",
            Some(u),
        ),
        (Order::Fire { unit: u, at }, "fire #4 at 2,5", Some(u)),
        (
            Order::Melee {
                from: vec![],
                units: vec![u],
                at,
                follow_up: true,
            },
            "melee on 2,5",
            None,
        ),
        (Order::CancelMelee { at }, "cancel the melee on 2,5", None),
        (
            Order::DamageBridge { units: vec![u], at },
            "damage the bridge at 2,5",
            None,
        ),
        (Order::Spike { battery: u, by: v }, "spike #4", Some(v)),
        (
            Order::RepairBridge { unit: u, at },
            "repair the bridge at 2,5",
            Some(u),
        ),
        (Order::Recrew { battery: u, by: v }, "recrew #4", Some(v)),
        (
            Order::Advance { unit: u, to: at },
            "advance #4 to 2,5",
            Some(u),
        ),
        (Order::Resolve, "resolve", None),
        (Order::EndTurn, "end turn", None),
        (Order::EndPhase, "end phase", None),
        (Order::Undo, "undo", None),
        (
            Order::SetParameters {
                params: Box::new(bayonet::rules::params::Parameters::defaults()),
            },
            "set the rules",
            None,
        ),
    ];
    for (order, text, unit) in cases {
        assert_eq!(order.describe(), text);
        assert_eq!(order.unit(), unit, "{text}");
    }
}

/// §9.1 rule 6 in the order check: a unit committed to a melee pending on one hex may not be
/// committed to another (refused as already committed, rule 6); it may be named again on its
/// own melee's hex, and others may attack elsewhere. An order naming nobody restates a pending
/// melee, but on a hex under no attack it is no melee.
#[test]
fn s9_1_rule_6_a_unit_committed_to_one_melee_may_not_join_another() {
    use bayonet::rules::melee::Declaration;
    let mut f = Field::new(14, 10);
    let d1 = f.hex(4, 4);
    let d2 = f.hex(9, 4);
    f.add(1, inf(), d1, Facing::SW, 200);
    f.add(1, inf(), d2, Facing::SW, 200);
    let a1 = f.attacker(0, inf(), d1, Facing::SW, 300);
    let a2 = f.attacker(0, inf(), d2, Facing::SW, 300);
    let mut b = f.board();
    b.pending.push(Declaration {
        attackers: vec![a1],
        defending_hex: d1,
        follow_up: true,
    });
    let at = |h| At::of(&b, h);
    let (again, slot) = order::declaration(&b, &[], &[a1], at(d1)).unwrap();
    assert_eq!((again.attackers, slot), (vec![a1], Some(0)));
    let (other, slot) = order::declaration(&b, &[], &[a2], at(d2)).unwrap();
    assert_eq!((other.attackers, slot), (vec![a2], None));
    let refused = order::declaration(&b, &[], &[a1], at(d2)).unwrap_err();
    let committed: Vec<_> = refused
        .iter()
        .filter(|r| r.reason == Reason::AlreadyCommitted)
        .map(|r| (r.unit, r.rule, r.message.as_str()))
        .collect();
    let text = format!("unit {a1} is already committed to another melee this turn");
    assert_eq!(committed, [(Some(a1), 6, text.as_str())]);
    let (restated, slot) = order::declaration(&b, &[], &[], at(d1)).unwrap();
    assert_eq!((restated.attackers, slot), (vec![a1], Some(0)));
    let none = order::declaration(&b, &[], &[], at(d2)).unwrap_err();
    assert_eq!(
        none.iter()
            .map(|r| (r.reason, r.message.as_str()))
            .collect::<Vec<_>>(),
        [(Reason::NotAMelee, "no unit of yours stands there to attack")]
    );
}

/// Orders files and logs (`maps/README.md`): a melee's follow-up (Impetus I2) is on unless
/// written `follow_up: false`; the written form leaves the default out, and both read back.
#[test]
fn a_melees_follow_up_is_written_only_when_off() {
    for (follow_up, written) in [(true, false), (false, true)] {
        let o = Order::Melee {
            from: vec![At(1, 2)],
            units: Vec::new(),
            at: At(2, 2),
            follow_up,
        };
        let text = ron::to_string(&o).unwrap();
        assert_eq!(text.contains("follow_up"), written, "{text}");
        assert_eq!(ron::from_str::<Order>(&text).unwrap(), o);
    }
    let o: Order = ron::from_str("Melee(from: [(1, 2)], at: (2, 2))").unwrap();
    assert!(
        matches!(
            o,
            Order::Melee {
                follow_up: true,
                ..
            }
        ),
        "{o:?}"
    );
}

/// D-bod-8 with the drag gesture: a drag from a hex whose units may still advance to a hex
/// without enemies orders each of them to advance there; onto an enemy (or from a hex with
/// nobody to advance) it is a melee order. Friends in the hex dragged to do not stop an advance.
#[test]
fn a_drag_is_an_advance_for_winners_with_an_advance_left_else_a_melee() {
    let mut f = Field::new(12, 10);
    let h = f.hex(4, 4);
    let winner = f.add(0, inf(), h, Facing::N, 300);
    // Beside it a regiment with no advance left: it stays.
    f.add(0, inf(), h, Facing::N, 200);
    f.unit(winner).marks.advance_left = 2;
    let empty = h + Facing::N.step();
    let friendly = h + Facing::NW.step();
    f.add(0, inf(), friendly, Facing::N, 100);
    let enemy = h + Facing::NE.step();
    f.add(1, inf(), enemy, Facing::SW, 100);
    let b = f.board();
    let melee = |to| Order::Melee {
        from: vec![At::of(&b, h)],
        units: Vec::new(),
        at: At::of(&b, to),
        follow_up: true,
    };
    let advance = |to| Order::Advance {
        unit: winner,
        to: At::of(&b, to),
    };
    assert_eq!(order::drag_orders(&b, h, empty), [advance(empty)]);
    assert_eq!(order::drag_orders(&b, h, friendly), [advance(friendly)]);
    assert_eq!(order::drag_orders(&b, h, enemy), [melee(enemy)]);
    let mut none = b.clone();
    none.unit_mut(winner).unwrap().marks.advance_left = 0;
    assert_eq!(order::drag_orders(&none, h, empty), [melee(empty)]);
}

/// Issue 32: each rule that refuses an order says why as a typed reason, with the unit it
/// concerns, set where the rule is (not by the order check or the simulation wrapping a string):
/// fire that cannot be given, guns that may not be spiked, a bridge that may not be repaired,
/// a move out of reach, a turn the unit cannot make, an advance it has not won, a unit that is
/// not there.
#[test]
fn every_refused_order_says_its_typed_reason_and_unit() {
    let mut f = Field::new(16, 7);
    let a = f.add(0, inf(), f.hex(2, 3), Facing::N, 300);
    let g = f.add(0, UnitKind::Artillery, f.hex(2, 5), Facing::N, 4);
    let b = f.board();
    let one = |o: Order| {
        let r = order::check(&b, &o).expect_err("refused");
        (r[0].reason, r[0].unit)
    };
    // No enemy in the hex fired at.
    assert_eq!(
        one(Order::Fire {
            unit: a,
            at: At::of(&b, f.hex(2, 2)),
        }),
        (Reason::CannotFire, Some(a))
    );
    // A battery of one's own, not captured: nothing to spike.
    assert_eq!(
        one(Order::Spike { battery: g, by: a }),
        (Reason::Guns, Some(g))
    );
    // Bridge Limit and Repair is off.
    assert_eq!(
        one(Order::RepairBridge {
            unit: a,
            at: At::of(&b, f.hex(2, 2)),
        }),
        (Reason::NoBridge, Some(a))
    );
    // Eleven hexes in one go are beyond an infantry line's movement points.
    assert_eq!(
        one(Order::Move {
            unit: a,
            to: At::of(&b, f.hex(13, 3)),
            path: None,
        }),
        (Reason::OutOfReach, Some(a))
    );
    // Already facing north.
    assert_eq!(
        one(Order::Face {
            unit: a,
            facing: Facing::N,
        }),
        (Reason::CannotAct, Some(a))
    );
    // No melee won: no advance.
    assert_eq!(
        one(Order::Advance {
            unit: a,
            to: At::of(&b, f.hex(2, 2)),
        }),
        (Reason::CannotAct, Some(a))
    );
    assert_eq!(
        one(Order::Face {
            unit: UnitId(99),
            facing: Facing::S,
        }),
        (Reason::NoSuchUnit, Some(UnitId(99)))
    );
    // The apply functions say the same as the check.
    let mut applied = b.clone();
    assert_eq!(
        bayonet::rules::capture::spike(&mut applied, g, a).map_err(|r| (r.reason, r.unit)),
        Err((Reason::Guns, Some(g)))
    );
    assert_eq!(
        bayonet::rules::fire::fire(
            &mut applied,
            a,
            f.hex(2, 2),
            false,
            1.0,
            &mut ChaCha8Rng::seed_from_u64(1)
        )
        .map_err(|r| (r.reason, r.unit)),
        Err((Reason::CannotFire, Some(a)))
    );
}

/// Issue 45 item 4: coordinates at any magnitude (as an order from outside may carry) are off
/// the map, refused as such by the check and by the game, with no overflow anywhere: a move
/// there, along a path there, fire, a melee and an advance there.
#[test]
fn coordinates_at_any_magnitude_are_off_the_map_and_panic_nothing() {
    let mut app = crate::common::headless_app(skirmish(), Some(1));
    let board = game(&app).clone();
    let unit = board
        .units
        .iter()
        .find(|u| u.side == board.acting)
        .unwrap()
        .id;
    for far in [
        At(i32::MAX, i32::MAX),
        At(i32::MIN, i32::MIN),
        At(i32::MAX, i32::MIN),
        At(-1, 2),
        At(2_000_000_000, 3),
    ] {
        let orders = [
            Order::Move {
                unit,
                to: far,
                path: None,
            },
            Order::Move {
                unit,
                to: far,
                path: Some(vec![far, far]),
            },
            Order::Fire { unit, at: far },
            Order::Melee {
                from: vec![far],
                units: Vec::new(),
                at: far,
                follow_up: true,
            },
            Order::Advance { unit, to: far },
            Order::CancelMelee { at: far },
        ];
        for o in orders {
            let r = order::check(&board, &o).expect_err("off the map");
            assert!(r.iter().any(|v| v.reason == Reason::OffMap), "{o:?}: {r:?}");
            assert!(r[0].to_string().contains(&far.to_string()), "{r:?}");
            give(&mut app, o.clone());
            app.update();
            assert!(
                read::<OrderRejected>(&app).iter().any(|r| r.order == o),
                "{o:?}"
            );
        }
    }
}

/// Issue 45 item 4, a bounded fuzz run in every test run: orders and scenarios as a stranger
/// might send them — valid texts with bytes replaced, cut, doubled, and numbers swapped for the
/// extremes — are read, and what reads is checked through the gate a seat's order passes, with
/// no panic anywhere (a panic names the input that caused it).
#[test]
fn no_mangled_order_or_scenario_panics_the_referee() {
    use bayonet::dispatch::OrderGiven;
    let board = bayonet::load_scenario("maps/harpers_crossing.ron")
        .unwrap()
        .board();
    let mut foggy = board.clone();
    foggy.params.optional.fog_of_war = true;
    bayonet::rules::fog::look_again(&mut foggy);
    let side = board.acting;
    let mut rng = ChaCha8Rng::seed_from_u64(45);
    let seeds: Vec<String> = {
        let mut app = crate::common::headless_app(skirmish(), Some(3));
        app.insert_resource(sim::Players([
            Some(sim::Brain::Computer),
            Some(sim::Brain::Computer),
        ]));
        for _ in 0..300 {
            app.update();
        }
        app.world()
            .resource::<bayonet::sim::Table>()
            .log
            .iter()
            .map(|o| {
                serde_json::to_string(&OrderGiven {
                    order: o.clone(),
                    after: Some(3),
                    snapshot: false,
                })
                .unwrap()
            })
            .collect()
    };
    assert!(seeds.len() > 10, "orders to start from");
    let extremes = [
        "2147483647",
        "-2147483648",
        "4294967295",
        "99999999999999999999",
        "-1",
        "1e308",
        "null",
        "[]",
        "{}",
        "\"\"",
    ];
    let mangle = |text: &str, rng: &mut ChaCha8Rng| -> String {
        let mut b = text.as_bytes().to_vec();
        match rng.random_range(0..4) {
            0 if !b.is_empty() => {
                let i = rng.random_range(0..b.len());
                b[i] = rng.random_range(32..127);
            }
            1 if !b.is_empty() => {
                let i = rng.random_range(0..b.len());
                b.truncate(i);
            }
            2 => {
                let i = rng.random_range(0..=b.len());
                let piece = b[i..].to_vec();
                b.splice(i..i, piece);
            }
            _ => {
                // A number replaced by an extreme.
                let s = String::from_utf8_lossy(&b).to_string();
                let digits: Vec<usize> = s
                    .char_indices()
                    .filter(|(_, c)| c.is_ascii_digit())
                    .map(|(i, _)| i)
                    .collect();
                if let Some(&i) = digits.get(rng.random_range(0..digits.len().max(1))) {
                    let end = s[i..]
                        .find(|c: char| !c.is_ascii_digit())
                        .map_or(s.len(), |k| i + k);
                    let x = extremes[rng.random_range(0..extremes.len())];
                    return format!("{}{x}{}", &s[..i], &s[end..]);
                }
                return s;
            }
        }
        String::from_utf8_lossy(&b).to_string()
    };
    let mut read = 0;
    for _ in 0..3_000 {
        let text = mangle(&seeds[rng.random_range(0..seeds.len())], &mut rng);
        let text = if rng.random_bool(0.3) {
            mangle(&text, &mut rng)
        } else {
            text
        };
        let outcome = std::panic::catch_unwind(|| {
            if let Ok(g) = serde_json::from_str::<OrderGiven>(&text) {
                let _ = order::as_the_side_sees(&board, side, &g.order);
                let _ = order::as_the_side_sees(&foggy, side, &g.order);
                let _ = order::check(&board, &g.order);
                true
            } else {
                false
            }
        });
        read += usize::from(outcome.as_ref().is_ok_and(|r| *r));
        assert!(outcome.is_ok(), "panicked on {text}");
    }
    assert!(read > 100, "enough mangled orders still read: {read}");
    let source = std::fs::read_to_string("maps/test_melee.ron").unwrap();
    for _ in 0..400 {
        let text = mangle(&source, &mut rng);
        let outcome = std::panic::catch_unwind(|| {
            if let Ok(s) = bayonet::rules::scenario::parse("fuzz.ron", &text) {
                let b = s.board();
                let _ = order::check(&b, &Order::EndTurn);
            }
        });
        assert!(outcome.is_ok(), "panicked on the scenario:\n{text}");
    }
}

/// Which variant of `Order` an order is: a `match` with every variant, so that a new variant
/// does not compile here until the test below gives one of it.
fn variant(o: &Order) -> usize {
    match o {
        Order::Move { .. } => 0,
        Order::Face { .. } => 1,
        Order::Formation { .. } => 2,
        Order::Fire { .. } => 3,
        Order::Melee { .. } => 4,
        Order::CancelMelee { .. } => 5,
        Order::DamageBridge { .. } => 6,
        Order::Spike { .. } => 7,
        Order::RepairBridge { .. } => 8,
        Order::Recrew { .. } => 9,
        Order::Advance { .. } => 10,
        Order::Resolve => 11,
        Order::EndTurn => 12,
        Order::EndPhase => 13,
        Order::Undo => 14,
        Order::SetParameters { .. } => 15,
    }
}
const VARIANTS: usize = 16;

/// Issue 60, item 3: an order of every variant given in one frame is carried out, in the order
/// given — as the plain interpreter carries the same orders out one after another: the same
/// events in the same order, the same refusals, the same log and board. The list puts orders
/// where the order matters (a melee cancelled then declared again, a move after the turn has
/// ended), so applying them by kind would differ; and every variant is answered, none dropped.
#[test]
fn every_order_given_in_one_frame_is_carried_out_in_the_order_given() {
    let s = parse("test_melee.ron", include_str!("../maps/test_melee.ron")).unwrap();
    let u = UnitId;
    let orders = vec![
        Order::SetParameters {
            params: Box::new(s.params.clone()),
        },
        Order::Formation {
            unit: u(3),
            formation: Formation::Column,
        },
        Order::Undo,
        Order::Face {
            unit: u(3),
            facing: Facing::N,
        },
        Order::Move {
            unit: u(3),
            to: At(2, 5),
            path: None,
        },
        Order::Fire {
            unit: u(6),
            at: At(7, 2),
        },
        Order::Melee {
            from: vec![At(4, 4)],
            units: vec![],
            at: At(5, 4),
            follow_up: true,
        },
        Order::CancelMelee { at: At(5, 4) },
        Order::Melee {
            from: vec![],
            units: vec![u(1)],
            at: At(5, 4),
            follow_up: true,
        },
        Order::DamageBridge {
            units: vec![u(1)],
            at: At(4, 3),
        },
        Order::Spike {
            battery: u(5),
            by: u(6),
        },
        Order::RepairBridge {
            unit: u(3),
            at: At(2, 4),
        },
        Order::Recrew {
            battery: u(5),
            by: u(6),
        },
        Order::Resolve,
        Order::Advance {
            unit: u(1),
            to: At(5, 4),
        },
        Order::EndPhase,
        Order::EndTurn,
        Order::Move {
            unit: u(6),
            to: At(6, 3),
            path: None,
        },
        Order::Face {
            unit: u(4),
            facing: Facing::N,
        },
    ];
    let mut seen = [false; VARIANTS];
    for o in &orders {
        seen[variant(o)] = true;
    }
    assert!(seen.iter().all(|s| *s), "every variant is given: {seen:?}");

    // The plain interpreter, one order after another.
    let mut plain = bayonet::rules::game::Game::new(s.clone(), Some(7));
    // A frame's orders make one undo step, as in the window.
    plain.undo = bayonet::rules::undo::Undo::grouped();
    let mut events = Vec::new();
    let mut refused = Vec::new();
    for o in &orders {
        match plain.give(o) {
            Ok(c) => events.extend(c.events),
            Err(_) => refused.push(o.clone()),
        }
    }
    plain.parts().seal();
    assert!(
        refused.len() >= 3 && refused.len() + 6 <= orders.len(),
        "the list exercises both answers: {} of {} refused",
        refused.len(),
        orders.len()
    );

    // The ECS front, every order in one frame.
    let mut app = crate::common::headless_app(s, Some(7));
    for o in &orders {
        give(&mut app, o.clone());
    }
    app.update();
    let happened: Vec<_> = read::<sim::Happened>(&app)
        .into_iter()
        .map(|h| h.0)
        .collect();
    let rejected: Vec<Order> = read::<OrderRejected>(&app)
        .into_iter()
        .map(|r| r.order)
        .collect();
    let done = read::<OrderDone>(&app).len();
    assert_eq!(rejected, refused, "the same orders refused");
    assert_eq!(happened, events, "the same events, in the same order");
    assert_eq!(
        done + rejected.len()
            + usize::from(orders.contains(&Order::Undo) && !refused.contains(&Order::Undo)),
        orders.len(),
        "every order answered"
    );
    assert_eq!(app.world().resource::<bayonet::sim::Table>().log, plain.log);
    assert_eq!(game(&app).ordering_side(), plain.board.ordering_side());
    assert_eq!(
        format!(
            "{:?}",
            bayonet::rules::snapshot::Snapshot::of(game(&app), 0)
        ),
        format!(
            "{:?}",
            bayonet::rules::snapshot::Snapshot::of(&plain.board, 0)
        ),
        "the same board"
    );
}

/// Issue 60 item 5: the computer plans through the rules. The planning board
/// (`rules::planning::carry_out`) carries out a move, a change of facing or formation, a melee
/// declared and a fire order as the game does, less the dice: whatever the game carries out the
/// planning board carries out too, and where no fire came of it the two boards are the same; a
/// fire order marks its firer as the game does.
#[test]
fn the_planning_board_carries_out_an_order_as_the_game_does() {
    use bayonet::rules::event::Event;
    use bayonet::rules::game::Game;
    use bayonet::rules::planning;
    let mut rng = ChaCha8Rng::seed_from_u64(60);
    let mut compared = [0usize; 5];
    for board_no in 0..600 {
        let mut f = random_field(&mut rng);
        f.params.optional.fog_of_war = false;
        let mut game = Game::new(f.scenario(), Some(board_no));
        for _ in 0..12 {
            // Fire at random hexes seldom finds a target: some are aimed at the nearest enemy.
            let b = &game.board;
            let aimed = b
                .units
                .iter()
                .filter(|u| u.side == b.ordering_side())
                .find_map(|u| {
                    let e = b
                        .units
                        .iter()
                        .filter(|e| e.side != u.side)
                        .min_by_key(|e| bayonet::rules::hex::distance(u.hex, e.hex))?;
                    Some(Order::Fire {
                        unit: u.id,
                        at: At::of(b, e.hex),
                    })
                });
            let o = match aimed {
                Some(fire) if rng.random_bool(0.2) => fire,
                _ => random_order(b, &mut rng),
            };
            let kind = match &o {
                Order::Move { .. } => 0,
                Order::Face { .. } => 1,
                Order::Formation { .. } => 2,
                Order::Melee { .. } => 3,
                Order::Fire { .. } => 4,
                _ => {
                    let _ = game.give(&o);
                    continue;
                }
            };
            let mut plan = game.board.clone();
            let planned = planning::carry_out(&mut plan, &o);
            let Ok(carried) = game.give(&o) else {
                continue;
            };
            assert!(
                planned.is_ok(),
                "{o:?}: the game carried it out, the planning board refused: {planned:?}"
            );
            let fired = carried.events.iter().any(|e| match e {
                Event::Fired(_) => true,
                Event::Moved(m) => !m.opportunity_fire.is_empty(),
                _ => false,
            });
            if kind == 4 {
                let id = o.unit().unwrap();
                let marks = |b: &bayonet::rules::board::Board| b.unit(id).map(|u| u.marks.clone());
                assert_eq!(marks(&plan), marks(&game.board), "{o:?}: the firer's marks");
            } else if !fired {
                assert_eq!(
                    serde_json::to_value(&plan).unwrap(),
                    serde_json::to_value(&game.board).unwrap(),
                    "{o:?}: the planning board is the game's"
                );
            } else {
                continue;
            }
            compared[kind] += 1;
        }
    }
    for (kind, n) in ["moves", "facings", "formations", "melees", "fires"]
        .iter()
        .zip(compared)
    {
        assert!(n >= 10, "only {n} {kind} compared: {compared:?}");
    }
}

/// Issue 60 item 5: a look at the board with a unit supposed elsewhere (`rules::planning::
/// supposing`) sees the unit as supposed — where it stands, its facing and formation, moved,
/// its marks fresh — and only that unit; afterwards the board is as it was.
#[test]
fn a_supposed_unit_is_seen_as_supposed_and_put_back() {
    use bayonet::rules::planning::{Supposed, supposing};
    let mut f = Field::new(10, 8);
    let u = f.add(0, inf(), f.hex(2, 2), Facing::N, 300);
    let other = f.add(0, inf(), f.hex(6, 2), Facing::N, 300);
    f.unit(u).marks.fired = true;
    let mut b = f.board();
    let before = serde_json::to_value(&b).unwrap();
    let there = f.hex(4, 3);
    let s = Supposed::at(there)
        .facing(Facing::SE)
        .formed(Formation::Column)
        .moved(true)
        .fresh();
    let seen = supposing(&mut b, u, s, |b| {
        let x = b.unit(u).unwrap();
        let o = b.unit(other).unwrap();
        (
            x.hex,
            x.facing,
            x.formation,
            x.marks.moved,
            x.marks.fired,
            o.hex,
        )
    });
    assert_eq!(
        seen,
        Some((
            there,
            Facing::SE,
            Formation::Column,
            true,
            false,
            f.hex(6, 2)
        )),
        "the unit as supposed, the other as it stands"
    );
    assert_eq!(serde_json::to_value(&b).unwrap(), before, "put back");
    // What a supposition leaves out stays as it is.
    let kept = supposing(&mut b, u, Supposed::default(), |b| {
        let x = b.unit(u).unwrap();
        (x.hex, x.facing, x.formation, x.marks.moved, x.marks.fired)
    });
    assert_eq!(
        kept,
        Some((f.hex(2, 2), Facing::N, Formation::Line, false, true))
    );
    assert_eq!(
        supposing(&mut b, UnitId(999), s, |_| ()),
        None,
        "no such unit"
    );
}
