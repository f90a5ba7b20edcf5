//! The planning computer opponent (issue 34): small fields where one move is plainly right, and
//! it finds it; its orders pass the rules over whole games, which replay; it beats the basic
//! opponent in paired games; it thinks off the frame in the window.

use bayonet::ai::Level;
use bayonet::ai::danger::Danger;
use bayonet::ai::plan::plan_turn;
use bayonet::cli::duel;
use bayonet::rules::board::Board;
use bayonet::rules::hex::{Facing, Hex, distance};
use bayonet::rules::map::Objective;
use bayonet::rules::order::Order;
use bayonet::rules::unit::{Formation, Side, UnitId, UnitKind};
use bayonet::sim::{self, Brain, OrderRejected, Players, save};
use bevy::prelude::*;

use crate::common::{Field, inf};

fn plan(b: &Board) -> Vec<Order> {
    plan_turn(b, Side(0), Level::Skilled)
}

/// Where each unit stands once the plan's moves are made.
fn after_moves(b: &Board, orders: &[Order]) -> Board {
    let mut a = b.clone();
    for o in orders {
        if let Order::Move { unit, to, .. } = o {
            let to = to.hex(b);
            a.unit_mut(*unit).unwrap().hex = to;
        }
    }
    a
}

/// The melee declared on `d`, if any: its units.
fn melee_on(b: &Board, orders: &[Order], d: Hex) -> Option<Vec<UnitId>> {
    orders.iter().find_map(|o| match o {
        Order::Melee { units, at, .. } if at.hex(b) == d => Some(units.clone()),
        _ => None,
    })
}

/// A 300-man regiment facing south-west, and two 400-man regiments of ours: one in front of it,
/// one three hexes behind its right.
fn flank_field() -> (Field, Hex, UnitId, UnitId) {
    let mut f = Field::new(14, 12);
    let d = f.hex(6, 5);
    f.add(1, inf(), d, Facing::SW, 300);
    let front = f.attacker(0, inf(), d, Facing::SW, 400);
    let far = d + Facing::NE.step() + Facing::NE.step() + Facing::N.step();
    let round = f.add(0, inf(), far, Facing::S, 400);
    (f, d, front, round)
}

/// Item 2: an attack that combines several hexes and seeks the rear. Neither regiment alone
/// would take on 300 men (a chance of about two in five, under the skilled bar of 0.75);
/// together, one of them marched round to a rear hexside (+20 %, §9.3), they do.
#[test]
fn it_combines_hexes_and_attacks_through_the_rear() {
    let (f, d, front, round) = flank_field();
    let b = f.board();
    let orders = plan(&b);
    let units = melee_on(&b, &orders, d).unwrap_or_else(|| panic!("no melee: {orders:?}"));
    assert!(
        units.contains(&front) && units.contains(&round),
        "{units:?}"
    );
    let a = after_moves(&b, &orders);
    let defender = a.units_at(d).next().unwrap().clone();
    let from: Vec<Hex> = units.iter().map(|u| a.unit(*u).unwrap().hex).collect();
    assert!(from.iter().all(|h| distance(*h, d) == 1), "{from:?}");
    assert_ne!(from[0], from[1], "from two hexes");
    assert!(
        from.iter().any(|h| !defender.front_hexes().contains(h)),
        "one attacks through a rear hexside: {from:?}, front {:?}",
        defender.front_hexes()
    );
    // Alone, the regiment in front does not attack.
    let mut alone = f.clone();
    alone.units.retain(|u| u.id != round);
    assert_eq!(melee_on(&alone.board(), &plan(&alone.board()), d), None);
}

/// Item 2: fire prepares the melee. A battery in range fires at the hex about to be meleed,
/// before Resolve, rather than at a nearer hex no one attacks.
#[test]
fn guns_fire_at_the_hex_about_to_be_meleed_before_resolve() {
    let (mut f, d, _, _) = flank_field();
    let other = f.hex(2, 9);
    f.add(1, inf(), other, Facing::NE, 200);
    let gun_hex = f.hex(3, 6);
    let g = f.add(0, UnitKind::Artillery, gun_hex, Facing::NE, 4);
    f.unit(g).facing = bayonet::ai::facing_towards(gun_hex, d);
    let b = f.board();
    let orders = plan(&b);
    let fire = orders
        .iter()
        .position(|o| matches!(o, Order::Fire { unit, at } if *unit == g && at.hex(&b) == d));
    let resolve = orders.iter().position(|o| *o == Order::Resolve);
    assert!(
        fire.is_some() && resolve.is_some() && fire < resolve,
        "{orders:?}"
    );
}

/// Item 2: guns massed on one target. Two batteries in reach of two enemy regiments both fire at
/// the one an attack is going in on.
#[test]
fn batteries_mass_their_fire_on_one_target() {
    let (mut f, d, _, _) = flank_field();
    // Too strong to attack, as near the guns as the regiment attacked.
    let other = f.add(1, inf(), f.hex(1, 3), Facing::SE, 700);
    let mut guns = Vec::new();
    for at in [f.hex(3, 6), f.hex(3, 7)] {
        let g = f.add(0, UnitKind::Artillery, at, Facing::NE, 4);
        f.unit(g).facing = bayonet::ai::facing_towards(at, d);
        guns.push(g);
    }
    let b = f.board();
    let orders = plan(&b);
    let targets: Vec<Hex> = guns
        .iter()
        .filter_map(|g| {
            orders.iter().find_map(|o| match o {
                Order::Fire { unit, at } if unit == g => Some(at.hex(&b)),
                _ => None,
            })
        })
        .collect();
    let other = b.unit(other).unwrap().hex;
    let ranges: Vec<(u32, u32)> = guns
        .iter()
        .map(|g| b.unit(*g).unwrap().hex)
        .map(|h| (distance(h, d), distance(h, other)))
        .collect();
    assert_eq!(targets, vec![d, d], "ranges {ranges:?}: {orders:?}");
}

/// Item 2: a limbered battery of rifled guns goes into range of the enemy, unlimbers, and stays
/// out of the reach of any enemy unit that could melee it next turn.
#[test]
fn a_battery_unlimbers_in_range_out_of_melee_reach() {
    let mut f = Field::new(20, 12);
    let e = f.hex(14, 6);
    f.add(1, inf(), e, Facing::NW, 500);
    let g = f.add(0, UnitKind::Artillery, f.hex(5, 6), Facing::NE, 4);
    f.unit(g).formation = Formation::Limbered;
    f.unit(g).weapon = "3-inch rifle".into();
    f.add(0, inf(), f.hex(9, 6), Facing::NE, 400);
    let b = f.board();
    let orders = plan(&b);
    let a = after_moves(&b, &orders);
    let at = a.unit(g).unwrap().hex;
    assert_ne!(at, b.unit(g).unwrap().hex, "it moves up: {orders:?}");
    let reach: std::collections::HashSet<Hex> = [at].into();
    assert_eq!(
        Danger::of(&b, Side(0), &reach).melee(at),
        0.0,
        "no enemy could melee it at {at:?}"
    );
    assert!(
        orders.contains(&Order::Formation {
            unit: g,
            formation: Formation::Unlimbered
        }),
        "{orders:?}"
    );
    let reach = bayonet::rules::fire::weapon_of(&a, a.unit(g).unwrap())
        .unwrap()
        .range();
    assert!(
        distance(at, e) <= reach,
        "in range: {} of {reach}",
        distance(at, e)
    );
}

/// Item 2: a routed regiment withdraws from the enemy to where a leader can rally it (+1, §9.6),
/// the leader going to meet it.
#[test]
fn a_routed_regiment_withdraws_to_a_leader() {
    let mut f = Field::new(20, 12);
    let e = f.hex(12, 6);
    f.add(1, inf(), e, Facing::NW, 500);
    let r = f.add(0, inf(), f.hex(10, 6), Facing::NE, 200);
    f.unit(r).routed = true;
    let l = f.add(0, UnitKind::Leader, f.hex(4, 6), Facing::NE, 0);
    let b = f.board();
    let orders = plan(&b);
    let a = after_moves(&b, &orders);
    let (ru, lu) = (a.unit(r).unwrap(), a.unit(l).unwrap());
    assert!(
        distance(ru.hex, e) > distance(f.hex(10, 6), e),
        "{orders:?}"
    );
    assert_eq!(ru.hex, lu.hex, "the leader stands with it: {orders:?}");
}

/// Item 2: reserves come up. A regiment ten hexes behind the line marches towards the objective
/// the enemy holds.
#[test]
fn reserves_are_brought_up() {
    let mut f = Field::new(24, 12);
    let obj = f.hex(16, 6);
    f.map.objectives.push(Objective {
        name: "Crossroads".into(),
        hex: obj,
        points: 100,
        owner: Some(Side(1)),
        since: None,
    });
    f.add(1, inf(), obj, Facing::NW, 300);
    f.add(0, inf(), f.hex(11, 6), Facing::NE, 300);
    let reserve = f.add(0, inf(), f.hex(1, 6), Facing::NE, 300);
    f.unit(reserve).formation = Formation::Column;
    let mut b = f.board();
    b.last_turn = 10;
    let orders = plan(&b);
    let a = after_moves(&b, &orders);
    assert!(
        distance(a.unit(reserve).unwrap().hex, obj) + 4 <= distance(f.hex(1, 6), obj),
        "{orders:?}"
    );
}

/// Item 2: holding an objective late. In the last turn a regiment on an objective its side holds
/// stays on it, with an enemy that could retake it near.
#[test]
fn in_the_last_turn_it_holds_the_objective() {
    let mut f = Field::new(20, 12);
    let obj = f.hex(8, 6);
    f.map.objectives.push(Objective {
        name: "Ridge".into(),
        hex: obj,
        points: 150,
        owner: Some(Side(0)),
        since: None,
    });
    let u = f.add(0, inf(), obj, Facing::NE, 300);
    f.add(1, inf(), f.hex(13, 6), Facing::NW, 250);
    let mut b = f.board();
    b.last_turn = 8;
    b.turn = 8;
    let orders = plan(&b);
    assert!(
        !orders
            .iter()
            .any(|o| matches!(o, Order::Move { unit, .. } if *unit == u)),
        "{orders:?}"
    );
}

/// Item 2: attacking an objective early. With the game young, a regiment marches onto an
/// objective no one holds (§13: the last side to enter it holds it).
#[test]
fn early_it_takes_an_open_objective() {
    let mut f = Field::new(20, 12);
    let obj = f.hex(8, 6);
    f.map.objectives.push(Objective {
        name: "Mill".into(),
        hex: obj,
        points: 100,
        owner: None,
        since: None,
    });
    let u = f.add(0, inf(), f.hex(5, 6), Facing::NE, 300);
    f.add(1, inf(), f.hex(17, 6), Facing::NW, 250);
    let mut b = f.board();
    b.last_turn = 12;
    let orders = plan(&b);
    assert_eq!(
        after_moves(&b, &orders).unit(u).unwrap().hex,
        obj,
        "{orders:?}"
    );
}

/// Item 2: night respected. An attack worth making by day is not made by night (§9.4's night
/// attack penalty, visibility one hex).
#[test]
fn a_close_attack_by_day_is_not_made_by_night() {
    let mut f = Field::new(14, 10);
    let d = f.hex(6, 4);
    f.add(1, inf(), d, Facing::SW, 300);
    // 900 against 300: a chance of 0.78 over the whole resolution (the skilled bar is 0.75).
    f.attacker(0, inf(), d, Facing::SW, 900);
    let day = f.board();
    assert!(melee_on(&day, &plan(&day), d).is_some(), "{:?}", plan(&day));
    let mut night = day.clone();
    night.night = true;
    assert_eq!(melee_on(&night, &plan(&night), d), None);
}

/// The planning opponent plays through the one legality check: a whole game of the default
/// scenario against the basic opponent, no order refused, and it replays from its save.
#[test]
fn planner_orders_pass_the_rules_and_replay() {
    let s =
        bayonet::rules::scenario::parse(bayonet::DEFAULT_SCENARIO_PATH, bayonet::DEFAULT_SCENARIO)
            .unwrap();
    for (seed, level) in [(2, Level::Skilled), (3, Level::Skilled)] {
        let mut app = crate::common::headless_app(s.clone(), Some(seed));
        app.insert_resource(Players([
            Some(Brain::Planner(level)),
            Some(Brain::Computer),
        ]));
        let mut rejected = bevy::ecs::message::MessageCursor::<OrderRejected>::default();
        let mut refused = Vec::new();
        for _ in 0..20_000 {
            app.update();
            refused.extend(
                rejected
                    .read(app.world().resource::<Messages<OrderRejected>>())
                    .cloned(),
            );
            if crate::common::game(&app).over {
                break;
            }
        }
        assert!(crate::common::game(&app).over, "the game reaches its end");
        assert!(refused.is_empty(), "{level:?}: refused {refused:?}");
        let saved = save::save(app.world_mut());
        assert!(save::replay(&saved).unwrap().matches);
    }
}

/// Done-when, in small: on Harper's Crossing the skilled opponent scores more than the basic one
/// in the same seat in at least 9 of 12 paired games (`bayonet duel`'s pairs), the mean
/// difference's interval above zero. (Twelve seeds since D-obj-1 gave the Union its town and
/// ridge from the start: the games spread wider, 8 seeds left the interval touching zero.)
#[test]
fn the_skilled_opponent_beats_the_basic_one_in_paired_games() {
    let s =
        bayonet::rules::scenario::parse(bayonet::DEFAULT_SCENARIO_PATH, bayonet::DEFAULT_SCENARIO)
            .unwrap();
    let pairs: Vec<duel::Pair> = (1..=12)
        .map(|seed| duel::pair(&s, Brain::Planner(Level::Skilled), Brain::Computer, seed))
        .collect();
    let t = duel::tally(&pairs.iter().map(|p| p.difference[0]).collect::<Vec<_>>());
    assert!(t.wins >= 9, "{t:?}");
    assert!(t.interval.is_some_and(|[lo, _]| lo > 0.0), "{t:?}");
}

/// Item 5: in the window the computer thinks off the frame: the frame that starts its turn
/// returns before the plan is made, the top bar's `Thinking` names its side meanwhile, and its
/// orders follow once the plan is ready.
#[test]
fn the_computer_thinks_off_the_frame() {
    let s =
        bayonet::rules::scenario::parse(bayonet::DEFAULT_SCENARIO_PATH, bayonet::DEFAULT_SCENARIO)
            .unwrap();
    let mut app = crate::common::headless_app(s, Some(4));
    app.insert_resource(sim::OffFrame);
    let first = crate::common::game(&app).turn_state().side;
    app.insert_resource(Players([Some(Brain::Planner(Level::Skilled)); 2]));
    app.update();
    assert_eq!(app.world().resource::<sim::Thinking>().0, Some(first));
    assert!(app.world().resource::<bayonet::sim::Table>().log.is_empty());
    for _ in 0..2_000 {
        app.update();
        if !app.world().resource::<bayonet::sim::Table>().log.is_empty() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    assert!(!app.world().resource::<bayonet::sim::Table>().log.is_empty());
    assert_eq!(app.world().resource::<sim::Thinking>().0, None);
}

/// Item 3: `--computer SIDE:LEVEL` names the opponent; without a level it is the one last
/// chosen; a level or side the game does not have is refused with what it expected.
#[test]
fn the_opponent_is_chosen_by_side_and_level() {
    use bayonet::sim::Opponent;
    use bayonet::sim::ai_player::players_for;
    let s =
        bayonet::rules::scenario::parse(bayonet::DEFAULT_SCENARIO_PATH, bayonet::DEFAULT_SCENARIO)
            .unwrap();
    let skilled = Brain::Planner(Level::Skilled);
    assert_eq!(
        players_for(&s, "Confederate:skilled", Opponent::Basic),
        Ok([None, Some(skilled)])
    );
    // Issue 75: the retired expert is refused, saying so.
    let retired = players_for(&s, "Confederate:expert", Opponent::Basic).unwrap_err();
    assert!(retired.contains("retired"), "{retired}");
    assert_eq!(
        players_for(&s, "union", Opponent::Basic),
        Ok([Some(Brain::Computer), None])
    );
    assert_eq!(
        players_for(&s, "both", Opponent::Skilled),
        Ok([Some(Brain::Planner(Level::Skilled)); 2])
    );
    assert_eq!(
        players_for(&s, "none:skilled", Opponent::Basic),
        Ok([None, None])
    );
    let bad = players_for(&s, "union:best", Opponent::Basic).unwrap_err();
    assert!(bad.contains("basic or skilled"), "{bad}");
    let bad = players_for(&s, "prussia", Opponent::Basic).unwrap_err();
    assert!(bad.contains("no side `prussia`"), "{bad}");
    // A settings file that remembers the retired expert reads as Skilled, not as a fault.
    assert_eq!(ron::from_str::<Opponent>("Expert"), Ok(Opponent::Skilled));
    // The names `bayonet duel` takes are the same.
    for o in Opponent::ALL {
        assert_eq!(o.words().to_lowercase().parse::<Brain>(), Ok(o.brain()));
    }
}

/// Item 3: the start dialog offers Basic and Skilled (the expert retired, issue 75); the one
/// pressed plays the other
/// side when the battle starts, and is remembered in the settings for the next game.
#[cfg(feature = "client")]
#[test]
fn the_start_dialog_chooses_the_opponent_and_remembers_it() {
    use bayonet::client::dialogs::start::Control;
    use bayonet::client::theme::settings::{self, Settings, SettingsFile};
    use bayonet::sim::Opponent;
    let dir = std::env::temp_dir().join(format!("bayonet-opponent-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let file = SettingsFile(Some(dir.join("settings.ron")));
    let s = bayonet::load_scenario("maps/test_melee.ron").unwrap();
    let mut app = bayonet::client::windowless_app_with(s, bayonet::client::headless, file.clone());
    app.world_mut()
        .remove_resource::<bayonet::client::gate::PresetPlayers>();
    app.update();
    app.update();
    assert_eq!(
        app.world().resource::<Settings>().opponent,
        Opponent::Skilled
    );
    let press = crate::common::press_control;
    let buttons: Vec<Control> = app
        .world_mut()
        .query::<&Control>()
        .iter(app.world())
        .copied()
        .filter(|c| matches!(c, Control::Opponent(_)))
        .collect();
    assert_eq!(buttons.len(), 2, "{buttons:?}");
    press(&mut app, Control::Opponent(Opponent::Basic));
    press(&mut app, Control::Start);
    // "I play <first side>" is the dialog's first choice: the computer plays the other.
    assert_eq!(
        app.world().resource::<Players>().0,
        [None, Some(Brain::Computer)]
    );
    app.update();
    assert_eq!(settings::load(&file).0.opponent, Opponent::Basic);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 44 item 7: "Who plays" is remembered like the opponent: the next start dialog comes
/// up with the choice last made, and Start plays it.
#[cfg(feature = "client")]
#[test]
fn the_start_dialog_remembers_who_plays() {
    use bayonet::client::dialogs::start::Control;
    use bayonet::client::theme::settings::{self, Mode, SettingsFile};
    let dir = std::env::temp_dir().join(format!("bayonet-who-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let file = SettingsFile(Some(dir.join("settings.ron")));
    let open = |file: &SettingsFile| crate::common::start_dialog_app("maps/test_melee.ron", file);
    let mut app = open(&file);
    crate::common::press_control(&mut app, Control::Mode(Mode::Play(1)));
    app.update();
    assert_eq!(settings::load(&file).0.who_plays, Mode::Play(1));
    drop(app);
    let mut app = open(&file);
    crate::common::press_control(&mut app, Control::Start);
    let computer = app
        .world()
        .resource::<bayonet::client::theme::settings::Settings>()
        .opponent
        .brain();
    assert_eq!(
        app.world().resource::<Players>().0,
        [Some(computer), None],
        "the second side, as last chosen"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Item 2: scouting under fog of war. Mounted cavalry with no enemy in sight rides towards
/// where the enemy was last seen (§16 D-fow-3's marker); with no marker it has nowhere to go.
#[test]
fn under_fog_cavalry_scouts_where_the_enemy_was_last_seen() {
    use bayonet::rules::fog;
    let mut f = Field::new(40, 12);
    f.params.optional.fog_of_war = true;
    let scout = f.add(0, UnitKind::Cavalry, f.hex(2, 6), Facing::NE, 200);
    let foe = f.add(1, inf(), f.hex(12, 6), Facing::NW, 300);
    let mut never = f.clone();
    never.unit(foe).hex = never.hex(30, 6);
    let mut b = f.board();
    fog::look_again(&mut b);
    let was = b.unit(foe).unwrap().hex;
    b.unit_mut(foe).unwrap().hex = b.map.hex_at(bayonet::rules::map::Coord { col: 30, row: 6 });
    b.turn = 2;
    b.last_turn = 10;
    fog::look_again(&mut b);
    assert_eq!(fog::view(&b, Side(0)).last_seen.len(), 1);
    let before = distance(b.unit(scout).unwrap().hex, was);
    let orders = plan(&b);
    let after = distance(after_moves(&b, &orders).unit(scout).unwrap().hex, was);
    assert!(after + 4 <= before, "{before} -> {after}: {orders:?}");
    // Never seen: no marker, no ride.
    let mut n = never.board();
    n.turn = 2;
    n.last_turn = 10;
    fog::look_again(&mut n);
    let orders = plan(&n);
    assert!(
        !orders
            .iter()
            .any(|o| matches!(o, Order::Move { unit, .. } if *unit == scout)),
        "{orders:?}"
    );
}

/// Item 2: attacking when behind. Half way through the game, a melee at a chance of about 0.73
/// (below the usual 0.75) is not made while the objectives are even, and is made when the enemy
/// holds more of them.
#[test]
fn behind_on_objectives_it_attacks_at_lower_odds() {
    let mut f = Field::new(20, 10);
    let d = f.hex(6, 4);
    f.add(1, inf(), d, Facing::SW, 300);
    f.attacker(0, inf(), d, Facing::SW, 780);
    f.map.objectives.push(Objective {
        name: "Far hill".into(),
        hex: f.hex(18, 8),
        points: 100,
        owner: None,
        since: None,
    });
    let mut even = f.board();
    even.last_turn = 12;
    even.turn = 6;
    let decl = bayonet::rules::melee::Declaration {
        attackers: even
            .units
            .iter()
            .filter(|u| u.side == Side(0))
            .map(|u| u.id)
            .collect(),
        defending_hex: d,
        follow_up: true,
    };
    let p = bayonet::rules::melee::whole_odds(&even, &decl).attacker_win_probability;
    // Under the skilled bar (0.75), over the bar lowered when behind (0.70).
    assert!((0.70..0.75).contains(&p), "{p}");
    assert_eq!(melee_on(&even, &plan(&even), d), None);
    let mut behind = even.clone();
    behind.map.objectives[0].owner = Some(Side(1));
    assert!(
        melee_on(&behind, &plan(&behind), d).is_some(),
        "{:?}",
        plan(&behind)
    );
}

/// Item 2: worn units are withdrawn. A disrupted regiment and one at high fatigue (§9.6) in
/// range of an enemy as strong fall back out of its reach, where a fresh one stands and fires.
#[test]
fn worn_units_fall_back_out_of_reach() {
    for worn in ["fresh", "disrupted", "fatigued"] {
        let mut f = Field::new(20, 10);
        let e = f.hex(10, 5);
        f.add(1, inf(), e, Facing::NW, 500);
        let u = f.add(0, inf(), f.hex(7, 5), Facing::NE, 500);
        match worn {
            "disrupted" => f.unit(u).disrupted = true,
            "fatigued" => f.unit(u).fatigue = 700,
            _ => {}
        }
        let b = f.board();
        let orders = plan(&b);
        if worn == "fresh" {
            assert!(
                orders.iter().any(
                    |o| matches!(o, Order::Fire { unit, at } if *unit == u && at.hex(&b) == e)
                ),
                "{orders:?}"
            );
            continue;
        }
        let at = after_moves(&b, &orders).unit(u).unwrap().hex;
        let reach: std::collections::HashSet<Hex> = [at].into();
        let d = Danger::of(&b, Side(0), &reach);
        assert!(
            distance(at, e) > distance(f.hex(7, 5), e),
            "{worn}: {orders:?}"
        );
        assert_eq!(d.melee(at), 0.0, "{worn}: out of melee reach at {at:?}");
    }
}

/// The danger the planner weighs: the men of the enemy that could melee a hex next turn, and the
/// fire it could put on it from where it stands, by the rules' own fire values (§7); each enemy
/// unit fires once, so a second shooter's fire counts at half.
#[test]
fn the_danger_of_a_hex_is_the_enemys_reach_and_fire() {
    let mut f = Field::new(30, 10);
    let a = f.add(1, inf(), f.hex(10, 5), Facing::NW, 500);
    let near = f.hex(9, 5);
    let shot = f.hex(8, 5);
    let far = f.hex(2, 5);
    f.add(0, inf(), f.hex(1, 1), Facing::NE, 300);
    let b = f.board();
    let hexes: std::collections::HashSet<Hex> = [near, shot, far].into();
    let d = Danger::of(&b, Side(0), &hexes);
    assert_eq!(d.melee(near), 500.0);
    assert_eq!(d.melee(far), 0.0);
    assert_eq!(d.fire(far), 0.0);
    assert_eq!(d.expected_fire_loss(far), 0.0);
    // One shooter: its value at the hex, 15 men lost per 1000 of it (§8: LCV 5, HCV 25).
    let mut turned = b.clone();
    turned.acting = Side(1);
    turned.unit_mut(a).unwrap().facing = bayonet::ai::facing_towards(f.hex(10, 5), shot);
    let mut target = turned.units[1].clone();
    target.id = UnitId(99);
    target.hex = shot;
    turned.units.push(target);
    let v = bayonet::rules::fire::breakdown(&turned, a, shot, true, 1.0)
        .unwrap()
        .value;
    assert!(v > 0.0);
    assert_eq!(d.fire(shot), v);
    assert!((d.expected_fire_loss(shot) - v * 0.015).abs() < 1e-9);
    // A second shooter as strong: the fire sums, the expected loss counts it at half.
    let mut two = f.clone();
    two.add(1, inf(), two.hex(10, 6), Facing::NW, 500);
    let d2 = Danger::of(&two.board(), Side(0), &hexes);
    let (top, all) = (
        d2.shooters[&shot].iter().map(|x| x.1).fold(0.0, f64::max),
        d2.fire(shot),
    );
    assert!(all > top && top > 0.0);
    assert!((d2.expected_fire_loss(shot) - (top + 0.5 * (all - top)) * 0.015).abs() < 1e-9);
    assert_eq!(d2.melee(near), 1000.0);
    // Routed units, guns, wagons and leaders make no melee (§9.1).
    let mut none = Field::new(30, 10);
    let r = none.add(1, inf(), none.hex(10, 5), Facing::NW, 400);
    none.unit(r).routed = true;
    none.add(1, UnitKind::Artillery, none.hex(10, 4), Facing::NW, 4);
    none.add(1, UnitKind::Supply, none.hex(9, 6), Facing::NW, 10);
    none.add(1, UnitKind::Leader, none.hex(10, 6), Facing::NW, 0);
    none.add(0, inf(), none.hex(1, 1), Facing::NE, 300);
    let d3 = Danger::of(&none.board(), Side(0), &hexes);
    assert_eq!(d3.melee(near), 0.0);
}

/// Issue 58: what a march costs in opportunity fire (§1), as the planner weighs it: each enemy
/// unit watching a hex of the path (in range, in front, unlimbered) fires once, at full
/// strength; one facing away, or limbered, does not watch; entering its hexes again adds nothing.
#[test]
fn a_march_counts_each_watchers_opportunity_fire_once() {
    let mut f = Field::new(30, 10);
    let a = f.add(1, inf(), f.hex(10, 5), Facing::NW, 500);
    f.add(0, inf(), f.hex(1, 1), Facing::NE, 300);
    let path = [f.hex(8, 5), f.hex(7, 5), f.hex(8, 5)];
    let hexes: std::collections::HashSet<Hex> = path.iter().copied().collect();
    let d = Danger::of(&f.board(), Side(0), &hexes);
    let v = d.watchers[&f.hex(8, 5)][0].1;
    assert!(v > 0.0);
    assert!((d.path_fire_loss(&path[..1]) - v * 0.015).abs() < 1e-9);
    assert_eq!(d.path_fire_loss(&path), d.path_fire_loss(&path[..1]));
    // Facing away: no opportunity fire, though next turn it may turn and fire (the danger).
    f.unit(a).facing = Facing::SE;
    let d = Danger::of(&f.board(), Side(0), &hexes);
    assert_eq!(d.path_fire_loss(&path), 0.0);
    assert!(d.fire(f.hex(8, 5)) > 0.0);
}

/// Issue 76, item 18: a battle begun with `--computer` (no start dialog) starts under the
/// dialog's own rules — Fog of War, as a new game in the dialog — with `--rules` on top; a
/// save keeps its own; no `--computer` leaves the rules to the dialog.
#[cfg(feature = "client")]
#[test]
fn computer_from_the_command_line_starts_under_the_dialogs_rules() {
    use bayonet::client::new_battle;
    use bayonet::sim::Opponent;
    let scenario =
        bayonet::rules::scenario::parse(bayonet::DEFAULT_SCENARIO_PATH, bayonet::DEFAULT_SCENARIO)
            .unwrap();
    assert!(!scenario.params.optional.fog_of_war, "the scenario's own");
    let mut dialog = scenario.params.clone();
    bayonet::client::dialogs::start::new_game_rules(&mut dialog);
    let mut s = scenario.clone();
    let p = new_battle(
        &mut s,
        true,
        Some("Confederate:basic"),
        None,
        Opponent::Skilled,
    )
    .unwrap();
    assert_eq!(p, Some([None, Some(Brain::Computer)]));
    assert_eq!(s.params, dialog, "the dialog's rules");
    assert!(s.params.optional.fog_of_war);
    let mut s = scenario.clone();
    new_battle(
        &mut s,
        true,
        Some("both"),
        Some("command_control"),
        Opponent::Skilled,
    )
    .unwrap();
    assert!(s.params.optional.fog_of_war && s.params.optional.command_control);
    let mut s = scenario.clone();
    new_battle(
        &mut s,
        false,
        Some("both"),
        Some("command_control"),
        Opponent::Skilled,
    )
    .unwrap();
    assert_eq!(s.params, scenario.params, "a save keeps its rules");
    let mut s = scenario.clone();
    assert_eq!(
        new_battle(&mut s, true, None, None, Opponent::Skilled),
        Ok(None)
    );
    assert_eq!(s.params, scenario.params, "the dialog will set them");
    let e = new_battle(&mut s, true, Some("prussia"), None, Opponent::Skilled).unwrap_err();
    assert!(e.starts_with("--computer: no side `prussia`"), "{e}");
}
