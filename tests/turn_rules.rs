//! RULES.md §1–§7, §12–§13: movement, facing, formations, fire, opportunity fire, the start of
//! a turn, victory — and a scripted game through `bayonet run`.

use bayonet::rules::facing;
use bayonet::rules::fire;
use bayonet::rules::formation;
use bayonet::rules::hex::Facing;
use bayonet::rules::map::{FullHexBridge, Road, SideFeature, Terrain};
use bayonet::rules::movement::{MoverClass, check_move, entry_cost, movement_range, path_to};
use bayonet::rules::opportunity;
use bayonet::rules::turn::start_of_turn;
use bayonet::rules::unit::{Ammo, Formation, Side, UnitKind};
use bayonet::rules::victory;
use bayonet::rules::victory::VictoryLevel;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::common::{Field, inf};

fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// §6: entry costs by mover class and terrain, along roads, across hexsides and per level climbed.
#[test]
fn entry_costs_by_mover_terrain_road_hexside_and_climb() {
    let mut f = Field::new(10, 8);
    let a = f.center();
    let b = a + Facing::N.step();
    let cost = |f: &Field, c: MoverClass| entry_cost(&f.map, &f.params, c, a, b);
    assert_eq!(cost(&f, MoverClass::LineInfantry), Some(2));
    f.map.set_terrain(b, Terrain::Forest);
    assert_eq!(cost(&f, MoverClass::LineInfantry), Some(5));
    assert_eq!(cost(&f, MoverClass::ColumnInfantry), Some(4));
    assert_eq!(cost(&f, MoverClass::Artillery), Some(8));
    f.map.set_terrain(b, Terrain::Rough);
    assert_eq!(
        cost(&f, MoverClass::Artillery),
        None,
        "rough is prohibited to guns"
    );
    // Along a road, the road rate: column 1, line infantry none.
    f.map
        .roads_mut()
        .insert(bayonet::rules::hex::Hexside::new(a, Facing::N), Road::Road);
    assert_eq!(cost(&f, MoverClass::ColumnInfantry), Some(1));
    assert_eq!(cost(&f, MoverClass::LineInfantry), Some(4));
    f.map.roads_mut().clear();
    f.map.set_terrain(b, Terrain::Clear);
    f.feature(a, Facing::N, SideFeature::StoneWall);
    assert_eq!(cost(&f, MoverClass::Artillery), Some(2 + 6));
    f.map.set_elevation(b, 2);
    assert_eq!(cost(&f, MoverClass::LineInfantry), Some(2 + 1 + 2));
    // Creeks only at fords and bridges; a full-hex bridge at road cost while it stands.
    let mut f = Field::new(10, 8);
    f.feature(a, Facing::N, SideFeature::Creek);
    assert_eq!(cost(&f, MoverClass::LineInfantry), None);
    f.feature(a, Facing::N, SideFeature::Ford);
    assert_eq!(cost(&f, MoverClass::LineInfantry), Some(2));
    let mut f = Field::new(10, 8);
    f.map.set_terrain(b, Terrain::Water);
    assert_eq!(cost(&f, MoverClass::ColumnInfantry), None);
    f.map.bridges.insert(
        b,
        FullHexBridge {
            strength: 10,
            max: 200,
        },
    );
    assert_eq!(cost(&f, MoverClass::ColumnInfantry), Some(1));
    f.map.bridges.insert(
        b,
        FullHexBridge {
            strength: 0,
            max: 200,
        },
    );
    assert_eq!(cost(&f, MoverClass::ColumnInfantry), None);
}

/// §4, §5, §6: a move stops on entering enemy ZOC, never enters an enemy hex, and ends within
/// stacking limits.
#[test]
fn movement_range_stops_at_zoc_avoids_enemies_and_respects_stacking() {
    let mut f = Field::new(12, 10);
    let a = f.hex(2, 4);
    let u = f.add(0, inf(), a, Facing::NE, 400);
    let r = movement_range(&f.board(), u);
    // 12 MP at 2 a hex: 6 hexes away at most.
    assert!(r.keys().all(|h| h.unsigned_distance_to(a) <= 6));
    assert!(r.keys().any(|h| h.unsigned_distance_to(a) == 6));
    // An enemy facing us: its front hexes stop the move; its own hex is never entered.
    let e = a + Facing::NE.step() + Facing::NE.step() + Facing::NE.step();
    f.add(1, inf(), e, Facing::SW, 300);
    let r = movement_range(&f.board(), u);
    assert!(!r.contains_key(&e));
    let zoc = e + Facing::SW.step();
    assert!(r[&zoc].stops);
    let beyond = zoc + Facing::N.step();
    let path = path_to(&r, beyond);
    assert!(
        path.as_ref().is_none_or(|p| !p.contains(&zoc)),
        "no move goes on through a ZOC hex"
    );
    // A full friendly hex is out of reach.
    let full = a + Facing::S.step();
    f.add(0, inf(), full, Facing::N, 700);
    assert!(!movement_range(&f.board(), u).contains_key(&full));
    // Disrupted units may not enter enemy ZOC.
    f.unit(u).disrupted = true;
    assert!(!movement_range(&f.board(), u).contains_key(&zoc));
    let err = check_move(&f.board(), u, &path_to(&r, zoc).unwrap()).unwrap_err();
    assert!(err.message.contains("Disrupted"), "{err}");
}

/// §6 and §12: Fixed units, units that fired, unlimbered guns and units out of movement points
/// may not move.
#[test]
fn who_may_not_move() {
    let mut f = Field::new(10, 8);
    let a = f.center();
    let to = [a + Facing::N.step()];
    let u = f.add(0, inf(), a, Facing::N, 300);
    assert_eq!(check_move(&f.board(), u, &to), Ok(2));
    f.unit(u).fixed_until = Some(3);
    assert!(
        check_move(&f.board(), u, &to)
            .unwrap_err()
            .message
            .contains("Fixed")
    );
    f.unit(u).fixed_until = None;
    f.unit(u).marks.fired = true;
    assert!(
        check_move(&f.board(), u, &to)
            .unwrap_err()
            .message
            .contains("fired")
    );
    let g = f.add(0, UnitKind::Artillery, a + Facing::S.step(), Facing::N, 4);
    assert!(
        check_move(&f.board(), g, &[a + Facing::S.step() + Facing::S.step()])
            .unwrap_err()
            .message
            .contains("unlimbered")
    );
    // Not enough movement points.
    let c = f.add(0, inf(), f.hex(0, 0), Facing::S, 100);
    f.unit(c).marks.mp_used = 11;
    assert!(
        check_move(&f.board(), c, &[f.hex(0, 1)])
            .unwrap_err()
            .message
            .contains("movement points")
    );
}

/// §4: facing changes cost 2 / 3 a hexside (infantry / cavalry), about face 2; Fixed units may
/// turn, units that fired may not.
#[test]
fn facing_costs_and_limits() {
    let mut f = Field::new(10, 8);
    let u = f.add(0, inf(), f.center(), Facing::N, 300);
    let c = f.add(0, UnitKind::Cavalry, f.hex(1, 1), Facing::N, 300);
    let b = f.board();
    assert_eq!(facing::cost(&b, u, Facing::NE), Some(2));
    assert_eq!(facing::cost(&b, u, Facing::SE), Some(4));
    assert_eq!(facing::cost(&b, u, Facing::S), Some(2), "about face");
    assert_eq!(facing::cost(&b, c, Facing::NW), Some(3));
    let mut b = f.board();
    facing::apply(&mut b, u, Facing::SE).unwrap();
    assert_eq!(b.unit(u).unwrap().facing, Facing::SE);
    assert_eq!(b.unit(u).unwrap().marks.mp_used, 4);
    // Fixed units may turn; units that fired may not.
    f.unit(u).fixed_until = Some(5);
    assert_eq!(facing::check(&f.board(), u, Facing::NE), Ok(2));
    f.unit(u).marks.fired = true;
    crate::common::refused(
        facing::check(&f.board(), u, Facing::NE),
        "has fired this turn and may not move",
    );
}

/// §6: formation changes cost their MP (infantry 4, cavalry 6, artillery 3); cavalry passes through
/// Dismounting.
#[test]
fn formation_changes_and_dismounting() {
    let mut f = Field::new(10, 8);
    let i = f.add(0, inf(), f.center(), Facing::N, 300);
    let c = f.add(0, UnitKind::Cavalry, f.hex(1, 1), Facing::N, 300);
    let g = f.add(0, UnitKind::Artillery, f.hex(8, 1), Facing::N, 4);
    let mut b = f.board();
    assert_eq!(
        formation::apply(&mut b, i, Formation::Column),
        Ok(Formation::Column)
    );
    assert_eq!(b.unit(i).unwrap().marks.mp_used, 4);
    assert_eq!(
        formation::apply(&mut b, c, Formation::Dismounted),
        Ok(Formation::Dismounting)
    );
    assert_eq!(
        formation::apply(&mut b, g, Formation::Limbered),
        Ok(Formation::Limbered)
    );
    crate::common::refused(
        formation::check(&b, i, Formation::Mounted),
        "infantry in column cannot change to mounted",
    );
    // The dismounting cavalry is dismounted at the start of its next turn.
    start_of_turn(&mut b, Side(0), 2, &mut rng(1));
    assert_eq!(b.unit(c).unwrap().formation, Formation::Dismounted);
}

/// §1: opportunity fire at a mover entering range, once per enemy turn.
#[test]
fn opportunity_fire_at_a_mover_once_per_enemy_turn() {
    let mut f = Field::new(12, 10);
    let e = f.hex(6, 4);
    let shooter = f.add(1, inf(), e, Facing::SW, 500);
    let start = e + Facing::SW.step() + Facing::SW.step() + Facing::SW.step() + Facing::SW.step();
    let u = f.add(0, inf(), start, Facing::NE, 300);
    let path = [start + Facing::NE.step()];
    let mut b = f.board();
    let (m, fire) = opportunity::move_under_fire(&mut b, u, &path, &mut rng(3)).unwrap();
    assert_eq!(
        (m.path.as_slice(), m.cost),
        (&path[..], 2),
        "one clear hex: 2 MP"
    );
    assert_eq!(fire.len(), 1);
    assert!(fire[0].opportunity);
    assert!(b.unit(shooter).unwrap().marks.opportunity_fired);
    // It has fired this enemy turn: the next step draws nothing.
    // (Steadied first, so that the move is not refused for a disorder the fire caused.)
    let next = [path[0] + Facing::N.step()];
    let mover = b.unit_mut(u).expect("it survived the volley");
    mover.disrupted = false;
    mover.routed = false;
    let (moved, again) = opportunity::move_under_fire(&mut b, u, &next, &mut rng(4)).unwrap();
    assert_eq!(moved.path, next);
    assert!(again.is_empty());
}

/// §1 and §12 (D-rally-1): the start of a turn recovers fatigue, rallies, tests isolation, releases
/// Fixed units and resupplies, in that order.
#[test]
fn start_of_turn_recovery_rally_isolation_release_resupply() {
    let mut f = Field::new(12, 10);
    let rested = f.add(0, inf(), f.hex(0, 2), Facing::NE, 300);
    f.unit(rested).fatigue = 100;
    let busy = f.add(0, inf(), f.hex(0, 4), Facing::NE, 300);
    f.unit(busy).fatigue = 100;
    f.unit(busy).marks.moved = true;
    let shaken = f.add(0, inf(), f.hex(0, 6), Facing::NE, 300);
    f.unit(shaken).disrupted = true;
    let fixed = f.add(0, inf(), f.hex(0, 8), Facing::NE, 300);
    f.unit(fixed).fixed_until = Some(3);
    let thirsty = f.add(0, inf(), f.hex(1, 5), Facing::NE, 300);
    f.unit(thirsty).ammo = Ammo::Low;
    let wagon = f.add(0, UnitKind::Supply, f.hex(1, 6), Facing::NE, 50);
    // A unit cut off: enemies all round it, far to the east.
    let cut = f.add(0, inf(), f.hex(9, 4), Facing::NE, 300);
    let ring: Vec<_> = Facing::ALL.iter().map(|s| f.hex(9, 4) + s.step()).collect();
    for h in ring {
        f.add(1, inf(), h, Facing::from_index(0), 50);
    }
    let mut b = f.board();
    let r = start_of_turn(&mut b, Side(0), 2, &mut rng(1));
    assert_eq!(
        b.unit(rested).unwrap().fatigue,
        80,
        "20 by day when rested (D-fat-2)"
    );
    assert_eq!(b.unit(busy).unwrap().fatigue, 100);
    assert!(!b.unit(shaken).unwrap().disrupted, "D-rally-1");
    assert!(r.isolated.contains(&cut) && b.unit(cut).unwrap().isolated);
    assert!(!b.unit(rested).unwrap().isolated);
    assert!(
        b.unit(fixed).unwrap().is_fixed(),
        "turn 2 of 3: still fixed"
    );
    assert_eq!(b.unit(thirsty).unwrap().ammo, Ammo::Normal);
    assert_eq!(b.unit(wagon).unwrap().men, 50 - 30, "1 point per 10 men");
    let r = start_of_turn(&mut b, Side(0), 3, &mut rng(1));
    assert!(r.released.contains(&fixed));
}

/// §13: victory points from objectives held and losses, compared with the thresholds.
#[test]
fn victory_level_from_objectives_and_losses() {
    let s = bayonet::rules::scenario::parse("skirmish", include_str!("../maps/test_skirmish.ron"))
        .unwrap();
    let mut b = s.board();
    let r = victory::report(&s, &b);
    assert_eq!((r.total, r.level), (0.0, VictoryLevel::Draw));
    b.map.objectives[0].owner = Some(Side(0));
    assert_eq!(victory::report(&s, &b).level, VictoryLevel::MinorVictory);
    b.unit_mut(bayonet::rules::unit::UnitId(12)).unwrap().men -= 60;
    let r = victory::report(&s, &b);
    assert_eq!((r.total, r.level), (110.0, VictoryLevel::MajorVictory));
    b.remove(bayonet::rules::unit::UnitId(1));
    assert_eq!(
        victory::report(&s, &b).total,
        60.0,
        "a lost leader costs 50"
    );
}

fn run_orders(file: &str) -> serde_json::Value {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_bayonet"))
        .args([
            "run",
            "maps/test_skirmish.ron",
            "--orders",
            file,
            "--seed",
            "5",
            "--json",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// §1 and §13: a scripted game plays to its end and its victory level; refused orders are reported
/// and play goes on.
#[test]
fn a_scripted_game_plays_to_its_victory_level() {
    let v = run_orders("tests/data/short_game.ron");
    let events = v["events"].as_array().unwrap();
    assert_eq!(v["final"]["over"], true);
    assert_eq!(v["final"]["victory"]["level"], "Minor Victory");
    assert_eq!(v["final"]["victory"]["objectives"][0], 50);
    // The refused orders are reported with their reasons and the game went on.
    let refused: Vec<_> = events.iter().filter(|e| e["event"] == "rejected").collect();
    assert_eq!(refused.len(), 2);
    assert!(
        refused[0]["message"]
            .as_str()
            .unwrap()
            .contains("already fired")
    );
    assert!(events.iter().any(|e| e["event"] == "game_ended"));
    let moved = events.iter().find(|e| e["event"] == "moved").unwrap();
    assert_eq!(
        moved["path"].as_array().unwrap().last().unwrap(),
        &serde_json::json!([2, 4])
    );
    // Holding still the whole game is a draw.
    let hold = run_orders("tests/data/hold.ron");
    assert_eq!(hold["final"]["victory"]["level"], "Draw");
    assert_eq!(hold["final"]["clock"], "19:00");
}

/// §7 and §11: at night one sees one hex; guns that moved may not fire; artillery, not infantry,
/// may fire at an empty full-hex bridge.
#[test]
fn night_sight_moved_guns_and_bridges() {
    let mut f = Field::new(12, 10);
    let a = f.hex(3, 4);
    let g = f.add(0, UnitKind::Artillery, a, Facing::NE, 4);
    let t2 = a + Facing::NE.step() + Facing::NE.step();
    f.add(1, inf(), t2, Facing::SW, 300);
    assert_eq!(
        fire::breakdown(&f.board(), g, t2, false, 1.0).map(|f| f.range),
        Ok(2)
    );
    // At night one can see one hex.
    f.night = true;
    assert!(
        fire::breakdown(&f.board(), g, t2, false, 1.0)
            .unwrap_err()
            .message
            .contains("sight")
    );
    f.night = false;
    // Guns that moved this turn may not fire.
    f.unit(g).marks.moved = true;
    assert!(
        fire::breakdown(&f.board(), g, t2, false, 1.0)
            .unwrap_err()
            .message
            .contains("moved")
    );
    f.unit(g).marks.moved = false;
    // Artillery may fire at an empty full-hex bridge; infantry may not.
    let br = a + Facing::N.step() + Facing::N.step();
    f.map.set_terrain(br, Terrain::Water);
    f.map.bridges.insert(
        br,
        FullHexBridge {
            strength: 200,
            max: 200,
        },
    );
    f.unit(g).facing = Facing::N;
    let mut b = f.board();
    let o = fire::fire(&mut b, g, br, false, 1.0, &mut rng(2)).unwrap();
    let (before, after) = o.bridge.unwrap();
    assert_eq!(before, 200);
    assert_eq!(after, 200 - o.loss);
    let i = f.add(0, inf(), a + Facing::N.step(), Facing::N, 300);
    crate::common::refused(
        fire::breakdown(&f.board(), i, br, false, 1.0),
        "no enemy unit there (only artillery may fire at an empty bridge)",
    );
}

/// D-rally-1 and §9.6: a Routed unit rallies to Disrupted only on a passed check; rest by night
/// recovers more fatigue.
#[test]
fn routed_units_rally_only_on_a_passed_check_and_night_rest_recovers_more() {
    let mut f = Field::new(12, 10);
    let u = f.add(0, inf(), f.hex(0, 4), Facing::NE, 300);
    f.unit(u).routed = true;
    f.unit(u).fatigue = 200;
    let (mut rallied, mut stayed) = (0, 0);
    for seed in 0..300 {
        let mut b = f.board();
        b.night = true;
        let r = start_of_turn(&mut b, Side(0), 2, &mut rng(seed));
        let now = b.unit(u).unwrap();
        assert_eq!(now.fatigue, 140, "60 by night");
        let c = &r.rally_checks[0];
        // Quality C (4), medium fatigue no (200 is low), night −2: morale 2.
        assert_eq!(c.morale, 2);
        if c.passed {
            rallied += 1;
            assert!(!now.routed && now.disrupted);
        } else {
            stayed += 1;
            assert!(now.routed);
        }
    }
    assert!(
        rallied > 60 && stayed > 150,
        "a third rally: {rallied} of 300"
    );
}

/// §12: Fixed units are released on their turn, by an enemy within five hexes, or when meleed.
#[test]
fn fixed_units_are_released_by_a_near_enemy_or_a_melee() {
    let mut f = Field::new(14, 10);
    let u = f.add(0, inf(), f.hex(2, 4), Facing::NE, 300);
    f.unit(u).fixed_until = Some(9);
    let far = f.add(1, inf(), f.hex(12, 4), Facing::SW, 300);
    let mut b = f.board();
    assert!(
        !start_of_turn(&mut b, Side(0), 2, &mut rng(1))
            .released
            .contains(&u)
    );
    // An enemy within five hexes releases it.
    f.unit(far).hex = f.hex(6, 4);
    let mut b = f.board();
    assert!(
        start_of_turn(&mut b, Side(0), 2, &mut rng(1))
            .released
            .contains(&u)
    );
    // So does being meleed.
    let mut f = Field::new(14, 10);
    let d = f.hex(6, 4);
    let u = f.add(1, inf(), d, Facing::SW, 300);
    f.unit(u).fixed_until = Some(9);
    let a = f.attacker(0, inf(), d, Facing::SW, 300);
    let mut b = f.board();
    let decl = bayonet::rules::melee::Declaration {
        attackers: vec![a],
        defending_hex: d,
        follow_up: true,
    };
    crate::common::fought(&mut b, &decl, 1);
    assert!(b.unit(u).is_none_or(|x| !x.is_fixed()));
}

/// §4: the six facings point where their names say on the drawn map, and turn as named.
#[test]
fn facings_point_where_their_names_say_on_screen() {
    // hexx's flat layout with +y up, as the tilemap draws it.
    let l = hexx::HexLayout::flat();
    let o = l.hex_to_world_pos(hexx::Hex::ZERO);
    for f in Facing::ALL {
        let d = l.hex_to_world_pos(f.step()) - o;
        let angle = d.y.atan2(d.x);
        assert!(
            (angle - f.screen_angle())
                .rem_euclid(std::f32::consts::TAU)
                .min((f.screen_angle() - angle).rem_euclid(std::f32::consts::TAU))
                < 1e-3,
            "{f:?}"
        );
    }
    assert_eq!(Facing::N.opposite(), Facing::S);
    assert_eq!(Facing::NW.clockwise(), Facing::N);
    assert_eq!(Facing::NE.front(), [Facing::N, Facing::NE, Facing::SE]);
}

/// §4 and §10: who exerts a ZOC (not leaders, routed or limbered/uncrewed/spiked guns) and who
/// blocks a retreat.
#[test]
fn who_exerts_a_zone_of_control_and_who_blocks_a_retreat() {
    let mut f = Field::new(10, 8);
    let h = f.hex(5, 4);
    let u = f.add(1, inf(), h, Facing::N, 300);
    let front = h + Facing::N.step();
    let side = Side(0);
    assert!(f.board().in_enemy_zoc(front, side));
    assert!(
        !f.board().in_enemy_zoc(h + Facing::S.step(), side),
        "only the front"
    );
    f.unit(u).routed = true;
    assert!(
        !f.board().in_enemy_zoc(front, side),
        "routed units exert none"
    );
    for (kind, formation) in [
        (UnitKind::Leader, Formation::Mounted),
        (UnitKind::Supply, Formation::Column),
        (UnitKind::Artillery, Formation::Limbered),
    ] {
        let mut f = Field::new(10, 8);
        let g = f.add(1, kind, h, Facing::N, 4);
        f.unit(g).formation = formation;
        let b = f.board();
        assert!(!b.in_enemy_zoc(front, side), "{kind:?} exerts none");
        assert!(
            !b.unit(g).unwrap().blocks_retreat(),
            "{kind:?} alone lets a retreat in"
        );
    }
    let mut f = Field::new(10, 8);
    let g = f.add(1, UnitKind::Artillery, h, Facing::N, 4);
    assert!(
        f.board().in_enemy_zoc(front, side),
        "unlimbered, crewed guns do"
    );
    f.unit(g).crew = bayonet::rules::unit::Crew::Spiked;
    assert!(!f.board().in_enemy_zoc(front, side));
    assert!(!f.board().unit(g).unwrap().blocks_retreat());
}

/// §11 optional: a damaged bridge carries foot at ¼ of its maximum, horse at ½, guns and
/// wagons at ¾; infantry in column facing it repairs 6 per 100 men each later turn.
#[test]
fn bridge_limit_and_repair_sets_the_strength_each_arm_needs_and_mends_bridges() {
    use bayonet::rules::movement::entry_blocked;
    use bayonet::rules::order::{self, At, Order};
    let mut f = Field::new(10, 8);
    let br = f.hex(5, 4);
    f.map.set_terrain(br, Terrain::Water);
    f.map.bridges.insert(
        br,
        FullHexBridge {
            strength: 60,
            max: 200,
        },
    );
    let from = br + Facing::SW.step();
    let class = |k: UnitKind, form: Formation| {
        let mut f2 = Field::new(3, 3);
        let id = f2.add(0, k, f2.hex(1, 1), Facing::N, 100);
        f2.unit(id).formation = form;
        MoverClass::of(f2.unit(id))
    };
    let inf_c = class(UnitKind::Infantry, Formation::Column);
    let cav = class(UnitKind::Cavalry, Formation::Mounted);
    let guns = class(UnitKind::Artillery, Formation::Limbered);
    let blocked = |f: &Field, c| entry_blocked(&f.map, &f.params, c, from, br).is_some();
    // Without the rule any strength above 0 carries everyone.
    assert!(!blocked(&f, inf_c) && !blocked(&f, cav) && !blocked(&f, guns));
    f.params.optional.bridge_limit_and_repair = true;
    assert!(!blocked(&f, inf_c), "60 ≥ 50 for foot");
    assert!(blocked(&f, cav), "60 < 100 for horse");
    assert!(blocked(&f, guns), "60 < 150 for guns");
    f.map.bridges.get_mut(&br).unwrap().strength = 100;
    assert!(!blocked(&f, cav) && blocked(&f, guns));
    f.map.bridges.get_mut(&br).unwrap().strength = 150;
    assert!(!blocked(&f, guns));
    f.map.bridges.get_mut(&br).unwrap().strength = 100;
    // Repair: 400 men in column facing the bridge.
    let w = f.add(0, inf(), from, Facing::NE, 400);
    f.unit(w).formation = Formation::Column;
    let b = f.board();
    let o = Order::RepairBridge {
        unit: w,
        at: At::of(&b, br),
    };
    assert_eq!(order::check(&b, &o), Ok(()));
    let mut off = b.clone();
    off.params.optional.bridge_limit_and_repair = false;
    crate::common::refused(
        order::check(&off, &o),
        "bridges are repaired only under the Bridge Limit and Repair rule",
    );
    let mut line = b.clone();
    line.unit_mut(w).unwrap().formation = Formation::Line;
    crate::common::refused(
        order::check(&line, &o),
        "must be infantry in column to repair a bridge",
    );
    // Neither disrupted nor routed, and not after acting this turn.
    type Spoil = fn(&mut bayonet::rules::unit::Unit);
    let spoils: [(Spoil, &str); 5] = [
        (|u| u.disrupted = true, "is disrupted or routed"),
        (|u| u.routed = true, "is disrupted or routed"),
        (|u| u.marks.moved = true, "has already acted this turn"),
        (|u| u.marks.fired = true, "has already acted this turn"),
        (|u| u.marks.meleed = true, "has already acted this turn"),
    ];
    for (spoil, why) in spoils {
        let mut c = b.clone();
        spoil(c.unit_mut(w).unwrap());
        crate::common::refused(order::check(&c, &o), why);
    }
    let mut b = b;
    bayonet::rules::bridge::repair(&mut b, w, br).unwrap();
    assert!(b.unit(w).unwrap().marks.moved, "it takes the unit's turn");
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let s = start_of_turn(&mut b, Side(0), 2, &mut rng);
    assert_eq!(s.repaired, vec![(br, 24)]);
    assert_eq!(b.map.bridge(br).unwrap().strength, 124);
    // It keeps at it each turn until it leaves the bridge.
    start_of_turn(&mut b, Side(0), 3, &mut rng);
    assert_eq!(b.map.bridge(br).unwrap().strength, 148);
    b.unit_mut(w).unwrap().facing = Facing::S;
    let s = start_of_turn(&mut b, Side(0), 4, &mut rng);
    assert!(s.repaired.is_empty());
    assert_eq!(b.unit(w).unwrap().repairing, None);
    assert_eq!(b.map.bridge(br).unwrap().strength, 148);
    // Two regiments at one bridge: one entry, both their work (24 + 12).
    let mut two = f.board();
    let w2 = f.units.iter().map(|u| u.id.0).max().unwrap() + 1;
    let mut second = two.unit(w).unwrap().clone();
    second.id = bayonet::rules::unit::UnitId(w2);
    second.men = 200;
    second.hex = br + Facing::S.step();
    second.facing = Facing::N;
    two.units.push(second);
    bayonet::rules::bridge::repair(&mut two, w, br).unwrap();
    bayonet::rules::bridge::repair(&mut two, bayonet::rules::unit::UnitId(w2), br).unwrap();
    let s = start_of_turn(&mut two, Side(0), 2, &mut rng);
    assert_eq!(s.repaired, vec![(br, 36)]);
    assert_eq!(two.map.bridge(br).unwrap().strength, 136);
}

/// §1 optional Phased Play: each order in its phase; the other side fires in the defensive
/// fire phase (as opportunity fire does); no opportunity fire at movers (D-phase-1).
#[test]
fn phased_play_runs_movement_defensive_fire_offensive_fire_and_melee_in_turn() {
    use bayonet::rules::board::Phase;
    use bayonet::rules::event::UnitMoved;
    use bayonet::rules::order::{At, Order};
    use bayonet::rules::refusal::Reason;
    let mut f = Field::new(12, 8);
    f.params.optional.phased_play = true;
    let a = f.hex(3, 4);
    let mover = f.add(0, inf(), a, Facing::NE, 400);
    let e = a + Facing::NE.step() + Facing::NE.step() + Facing::NE.step();
    let enemy = f.add(1, inf(), e, Facing::SW, 400);
    let mut game = crate::common::table(f.scenario(), 3);
    let not_now = |game: &mut bayonet::rules::game::Game, o: Order| {
        let refused = game.give(&o).expect_err("refused in this phase");
        assert_eq!(refused[0].reason, Reason::NotThisPhase, "{o:?}");
    };
    let at = |game: &bayonet::rules::game::Game, h| At::of(&game.board, h);
    // Movement: fire is refused, a move is made with no fire drawn.
    let o = Order::Fire {
        unit: mover,
        at: at(&game, e),
    };
    not_now(&mut game, o);
    let o = Order::Move {
        unit: mover,
        to: at(&game, a + Facing::NE.step()),
        path: None,
    };
    let events = game.give(&o).unwrap().events;
    let moved: Vec<&UnitMoved> = events.iter().filter_map(|e| e.kind()).collect();
    assert_eq!(moved.len(), 1);
    assert!(moved[0].opportunity_fire.is_empty());
    // Defensive fire: the other side gives the orders; the mover's side cannot end its turn.
    game.give(&Order::EndPhase).unwrap();
    assert_eq!(game.board.phase, Phase::DefensiveFire);
    assert_eq!(game.board.ordering_side(), Side(1));
    not_now(&mut game, Order::EndTurn);
    let o = Order::Fire {
        unit: enemy,
        at: at(&game, a + Facing::NE.step()),
    };
    let done = game.give(&o);
    assert!(done.is_ok(), "{done:?}");
    assert!(game.board.unit(enemy).unwrap().marks.opportunity_fired);
    // Offensive fire, then melee; the melee phase ends with the turn.
    game.give(&Order::EndPhase).unwrap();
    assert_eq!(game.board.phase, Phase::OffensiveFire);
    let o = Order::Move {
        unit: mover,
        to: at(&game, a),
        path: None,
    };
    not_now(&mut game, o);
    game.give(&Order::EndPhase).unwrap();
    assert_eq!(game.board.phase, Phase::Melee);
    not_now(&mut game, Order::EndPhase);
    game.give(&Order::EndTurn).unwrap();
    assert_eq!(
        (game.board.acting, game.board.phase),
        (Side(1), Phase::Movement)
    );
}

/// §1, Phased Play: the computer plays a phased game to its end, and the save replays.
#[test]
fn the_computer_plays_a_phased_game_to_the_end_and_it_replays() {
    use bayonet::sim::{self, Brain, OrderRejected, Players, save};
    let mut s = bayonet::rules::scenario::parse(
        "maps/test_skirmish.ron",
        include_str!("../maps/test_skirmish.ron"),
    )
    .unwrap();
    s.params.optional.phased_play = true;
    let mut app = crate::common::headless_app(s, Some(4));
    // The skilled (planning) opponent against the basic one, phase by phase.
    app.insert_resource(Players([
        Some(sim::Opponent::Skilled.brain()),
        Some(Brain::Computer),
    ]));
    let mut refused = bevy::ecs::message::MessageCursor::<OrderRejected>::default();
    let mut n = 0;
    for _ in 0..5_000 {
        app.update();
        n += refused
            .read(
                app.world()
                    .resource::<bevy::prelude::Messages<OrderRejected>>(),
            )
            .count();
        if crate::common::game(&app).over {
            break;
        }
    }
    assert!(crate::common::game(&app).over, "the phased game ends");
    let saved = save::save(app.world_mut());
    let phases = saved
        .orders
        .iter()
        .filter(|o| **o == bayonet::rules::order::Order::EndPhase)
        .count();
    assert!(phases >= 3 * 2, "each side turn has its phases: {phases}");
    assert!(
        n * 10 < saved.orders.len(),
        "{n} refused of {}",
        saved.orders.len()
    );
    assert!(save::replay(&saved).unwrap().matches);
}

/// Issue 44 item 1: the clock of the last turn, counted on through night turns' longer steps
/// (§1), and the same step the end of a turn takes.
#[test]
fn the_last_turns_clock_counts_night_turns_at_their_length() {
    let f = Field::new(4, 4);
    let mut b = f.board();
    b.params.clock.day_turn_minutes = 20;
    b.params.clock.night_turn_minutes = 60;
    b.params.clock.dusk = 19 * 60;
    b.params.clock.dawn = 5 * 60;
    b.minutes = 18 * 60 + 20;
    b.night = false;
    b.turn = 1;
    b.last_turn = 4;
    // Turn 2 at 18:40, turn 3 at 19:00 (night), turn 4 an hour on.
    assert_eq!(bayonet::rules::turn::last_turn_clock(&b), 20 * 60);
    b.turn = 4;
    assert_eq!(bayonet::rules::turn::last_turn_clock(&b), b.minutes);
    assert_eq!(
        bayonet::rules::turn::turn_later(18 * 60 + 40, false, &b.params),
        (19 * 60, true)
    );
}
