//! RULES.md §6, movement, against its tables: the terrain cost of every hex for every mover
//! class, the roads, the hexside and climbing costs, who moves as what, the allowances, and a
//! move's checks and marks.

use bayonet::rules::hex::{Facing, Hexside};
use bayonet::rules::map::{Road, SideFeature, Terrain};
use bayonet::rules::movement::{self, MoverClass, entry_cost};
use bayonet::rules::unit::{Formation, Side, UnitKind};

use crate::common::{Field, inf};

const CLASSES: [MoverClass; 5] = [
    MoverClass::LineInfantry,
    MoverClass::ColumnInfantry,
    MoverClass::MountedCavalry,
    MoverClass::Artillery,
    MoverClass::Supply,
];

/// Entry costs of one step north from the centre of a clear map, for each class, after `set`.
fn costs(
    set: impl Fn(&mut Field, bayonet::rules::hex::Hex, bayonet::rules::hex::Hex),
) -> Vec<Option<u32>> {
    let mut f = Field::new(10, 8);
    let a = f.center();
    let b = a + Facing::N.step();
    set(&mut f, a, b);
    CLASSES
        .iter()
        .map(|c| entry_cost(&f.map, &f.params, *c, a, b))
        .collect()
}

/// §6's terrain table, every row and column (0 = prohibited).
#[test]
fn s6_the_terrain_cost_table() {
    let table = [
        (Terrain::Clear, [2, 2, 2, 2, 2]),
        (Terrain::Field, [2, 2, 3, 2, 2]),
        (Terrain::Orchard, [3, 3, 4, 6, 6]),
        (Terrain::Forest, [5, 4, 6, 8, 8]),
        (Terrain::Rough, [4, 4, 6, 0, 0]),
        (Terrain::Marsh, [4, 4, 8, 0, 0]),
        (Terrain::Town, [4, 1, 2, 2, 2]),
        (Terrain::Water, [0, 0, 0, 0, 0]),
        (Terrain::Blocked, [0, 0, 0, 0, 0]),
    ];
    for (t, want) in table {
        let got = costs(|f, _, b| f.map.set_terrain(b, t));
        let want: Vec<Option<u32>> = want.iter().map(|c| (*c > 0).then_some(*c)).collect();
        assert_eq!(got, want, "{t:?}");
    }
}

/// §6: along a trail, road, pike or rail through the hexside entered, the road's rate replaces
/// the terrain's (2 / 1 / 1 / 2); line infantry takes no road rate and pays the terrain.
#[test]
fn s6_the_road_rates() {
    for (road, rate) in [
        (Road::Trail, 2),
        (Road::Road, 1),
        (Road::Pike, 1),
        (Road::Rail, 2),
    ] {
        let got = costs(|f, a, b| {
            f.map.set_terrain(b, Terrain::Forest);
            f.map.roads_mut().insert(Hexside::new(a, Facing::N), road);
        });
        assert_eq!(
            got,
            [Some(5), Some(rate), Some(rate), Some(rate), Some(rate)],
            "{road:?}"
        );
    }
}

/// §6: the added cost of crossing each hexside feature, and of each level climbed (none for
/// going down); features that add nothing to movement (a cut, a ford) add nothing.
#[test]
fn s6_hexside_and_climbing_costs() {
    let table = [
        (SideFeature::Stream, [1, 1, 2, 2, 2]),
        (SideFeature::Fence, [1, 1, 2, 2, 2]),
        (SideFeature::StoneWall, [1, 1, 2, 6, 6]),
        (SideFeature::Embankment, [2, 2, 3, 6, 6]),
        (SideFeature::Breastworks, [1, 1, 1, 1, 1]),
        (SideFeature::Cut, [0, 0, 0, 0, 0]),
    ];
    for (feature, added) in table {
        let got = costs(|f, a, _| f.feature(a, Facing::N, feature));
        let want: Vec<Option<u32>> = added.iter().map(|c| Some(2 + c)).collect();
        assert_eq!(got, want, "{feature:?}");
    }
    let got = costs(|f, a, _| {
        f.feature(a, Facing::N, SideFeature::Fence);
        f.feature(a, Facing::N, SideFeature::StoneWall);
    });
    assert_eq!(
        got,
        [Some(4), Some(4), Some(6), Some(10), Some(10)],
        "features add up"
    );
    let got = costs(|f, _, b| f.map.set_elevation(b, 3));
    assert_eq!(
        got,
        [Some(5), Some(5), Some(8), Some(8), Some(8)],
        "3 levels up"
    );
    let got = costs(|f, a, _| f.map.set_elevation(a, 3));
    assert_eq!(got, [Some(2); 5], "going down costs nothing more");
}

/// §6: who moves as what — dismounted cavalry as line infantry, leaders as mounted cavalry —
/// and each kind's allowance (12, 24, 12, 10, 24), less what it has used.
#[test]
fn s6_mover_classes_and_allowances() {
    let mut f = Field::new(10, 8);
    let h = f.center();
    let cases = [
        (
            UnitKind::Infantry,
            Formation::Line,
            MoverClass::LineInfantry,
            12,
        ),
        (
            UnitKind::Infantry,
            Formation::Column,
            MoverClass::ColumnInfantry,
            12,
        ),
        (
            UnitKind::Cavalry,
            Formation::Mounted,
            MoverClass::MountedCavalry,
            24,
        ),
        (
            UnitKind::Cavalry,
            Formation::Dismounted,
            MoverClass::LineInfantry,
            24,
        ),
        (
            UnitKind::Artillery,
            Formation::Limbered,
            MoverClass::Artillery,
            12,
        ),
        (UnitKind::Supply, Formation::Column, MoverClass::Supply, 10),
        (
            UnitKind::Leader,
            Formation::Mounted,
            MoverClass::MountedCavalry,
            24,
        ),
    ];
    for (kind, formation, class, mp) in cases {
        let id = f.add(0, kind, h, Facing::N, 100);
        f.unit(id).formation = formation;
        f.unit(id).marks.mp_used = 3;
        let b = f.board();
        let u = b.unit(id).unwrap();
        assert_eq!(MoverClass::of(u), class, "{kind:?} {formation:?}");
        assert_eq!(movement::allowance(&b.params, u), mp, "{kind:?}");
        assert_eq!(movement::mp_left(&b.params, u), mp - 3, "{kind:?}");
    }
}

/// §6 a move checked step by step: exactly the allowance is enough and one MP more is not; no
/// empty path, no jump, no enemy hex, no overstacked hex, and entering an enemy ZOC ends the
/// move (it may end there, not go on).
#[test]
fn s6_a_move_is_checked_step_by_step() {
    let mut f = Field::new(14, 10);
    let a = f.hex(2, 8);
    let u = f.add(0, inf(), a, Facing::N, 400);
    let line = |n: usize| -> Vec<_> {
        (1..=n)
            .map(|k| (0..k).fold(a, |h, _| h + Facing::N.step()))
            .collect()
    };
    let b = f.board();
    assert_eq!(movement::check_move(&b, u, &line(5)), Ok(10));
    assert_eq!(
        movement::check_move(&b, u, &line(6)),
        Ok(12),
        "exactly the allowance"
    );
    f.unit(u).marks.mp_used = 1;
    let six = line(6);
    let c = f.board().map.coord(six[5]);
    assert_eq!(
        movement::check_move(&f.board(), u, &six),
        Err(bayonet::rules::refusal::Refusal::new(
            bayonet::rules::refusal::Reason::OutOfReach,
            Some(u),
            format!("not enough movement points to reach {c}: 12 needed, 11 left")
        ))
    );
    f.unit(u).marks.mp_used = 0;
    crate::common::refused(
        movement::check_move(&f.board(), u, &[]),
        "the path is empty",
    );
    crate::common::refused(
        movement::check_move(&f.board(), u, &[line(2)[1]]),
        "the hexes are not adjacent",
    );
    // An enemy three hexes north: its hex is closed; facing south, its front ends a move.
    let e = line(3)[2];
    let enemy = f.add(1, inf(), e, Facing::N, 300);
    crate::common::refused(
        movement::check_move(&f.board(), u, &line(3)),
        "holds enemy units",
    );
    f.unit(enemy).facing = Facing::S;
    let zoc = line(2)[1];
    assert_eq!(movement::check_move(&f.board(), u, &line(2)), Ok(4));
    let on = [line(1)[0], zoc, zoc + Facing::NE.step()];
    crate::common::refused(movement::check_move(&f.board(), u, &on), "ends the move");
    // A friendly hex with 700 men has no room for 400 more.
    let full = a + Facing::SE.step();
    f.add(0, inf(), full, Facing::N, 700);
    crate::common::refused(
        movement::check_move(&f.board(), u, &[full]),
        "would be overstacked",
    );
}

/// §6 / §13: a move puts the unit at the path's end, spends its cost, marks it moved and takes
/// every objective on the way for its side; a leader alone takes none.
#[test]
fn s6_a_move_spends_its_cost_and_takes_objectives_but_not_for_a_leader() {
    for (kind, takes) in [(UnitKind::Infantry, true), (UnitKind::Leader, false)] {
        let mut f = Field::new(14, 10);
        let a = f.hex(2, 5);
        let u = f.add(0, kind, a, Facing::N, if takes { 400 } else { 0 });
        let path = [
            a + Facing::N.step(),
            a + Facing::N.step() + Facing::N.step(),
        ];
        f.map.set_terrain(path[1], Terrain::Forest);
        for (k, &hex) in path.iter().enumerate() {
            f.map.objectives.push(bayonet::rules::map::Objective {
                name: format!("o{k}"),
                hex,
                points: 10,
                owner: Some(bayonet::rules::unit::Side(1)),
                since: None,
            });
        }
        let mut b = f.board();
        let m = movement::apply_move(&mut b, u, &path).unwrap();
        let cost = if takes { 2 + 5 } else { 2 + 6 };
        assert_eq!((m.unit, m.path.as_slice(), m.cost), (u, &path[..], cost));
        let moved = b.unit(u).unwrap();
        assert_eq!(
            (moved.hex, moved.marks.mp_used, moved.marks.moved),
            (path[1], cost, true)
        );
        let owner = bayonet::rules::unit::Side(if takes { 0 } else { 1 });
        assert!(
            b.map.objectives.iter().all(|o| o.owner == Some(owner)),
            "{kind:?}"
        );
    }
}

/// §2 / §11: a Water hex is closed to every mover, but a full-hex bridge on it opens it while
/// strong enough — above 0, or under Bridge Limit and Repair ¼ of its maximum for foot, ½ for
/// horse, ¾ for guns and wagons (exactly that strength is enough); off the map nothing is open.
#[test]
fn s11_a_full_hex_bridge_opens_water_while_strong_enough() {
    use bayonet::rules::map::FullHexBridge;
    use bayonet::rules::movement::terrain_allows;
    let mut f = Field::new(10, 8);
    let w = f.center();
    f.map.set_terrain(w, Terrain::Water);
    let open = |f: &Field| CLASSES.map(|c| terrain_allows(&f.map, &f.params, c, w));
    assert_eq!(open(&f), [false; 5]);
    f.map.bridges.insert(
        w,
        FullHexBridge {
            strength: 1,
            max: 200,
        },
    );
    assert_eq!(open(&f), [true; 5]);
    f.map.bridges.insert(
        w,
        FullHexBridge {
            strength: 0,
            max: 200,
        },
    );
    assert_eq!(open(&f), [false; 5]);
    f.params.optional.bridge_limit_and_repair = true;
    for (strength, want) in [
        (49, [false; 5]),
        (50, [true, true, false, false, false]),
        (100, [true, true, true, false, false]),
        (149, [true, true, true, false, false]),
        (150, [true; 5]),
    ] {
        f.map
            .bridges
            .insert(w, FullHexBridge { strength, max: 200 });
        assert_eq!(open(&f), want, "strength {strength}");
    }
    let off = f.hex(-1, 0);
    assert!(
        CLASSES
            .iter()
            .all(|c| !terrain_allows(&f.map, &f.params, *c, off))
    );
}

/// §4 / §6 in the movement range: entering an enemy ZOC ends the move there, but a unit that
/// starts its move in one may leave it. A corridor of open hexes (the rest Blocked) running
/// north: the enemy's ZOC covers its second hex.
#[test]
fn s4_a_zoc_hex_ends_the_move_but_a_unit_may_start_in_one() {
    let mut f = Field::new(10, 12);
    let a = f.hex(4, 10);
    let corridor: Vec<_> = (0..5)
        .map(|k| (0..k).fold(a, |h, _| h + Facing::N.step()))
        .collect();
    for h in f.map.hexes().collect::<Vec<_>>() {
        if !corridor.contains(&h) {
            f.map.set_terrain(h, Terrain::Blocked);
        }
    }
    let u = f.add(0, inf(), a, Facing::N, 300);
    // An enemy NE of the corridor's second hex, facing S (its front: SE, S, SW, the last that hex).
    let e = corridor[1] + Facing::NE.step();
    f.map.set_terrain(e, Terrain::Clear);
    f.add(1, inf(), e, Facing::S, 300);
    let b = f.board();
    assert!(b.in_enemy_zoc(corridor[1], Side(0)));
    assert!(!b.in_enemy_zoc(corridor[2], Side(0)) && !b.in_enemy_zoc(a, Side(0)));
    let r = movement::movement_range(&b, u);
    let mut reached: Vec<_> = r.keys().copied().collect();
    reached.sort_by_key(|h| (h.x, h.y));
    let mut want = vec![a, corridor[1]];
    want.sort_by_key(|h| (h.x, h.y));
    assert_eq!(reached, want, "no further than the ZOC hex");
    assert!(r[&corridor[1]].stops && !r[&a].stops);
    // "Entering an enemy ZOC ends the unit's movement for the turn": after the move into it,
    // no second move (issue 59: one from the zone was allowed, and reached 10 hexes).
    let mut moved = f.board();
    movement::apply_move(&mut moved, u, &[corridor[1]]).unwrap();
    assert!(moved.unit(u).unwrap().marks.zoc_stopped);
    assert_eq!(
        movement::movement_range(&moved, u).len(),
        1,
        "its own hex only"
    );
    crate::common::refused(
        movement::check_move(&moved, u, &[corridor[2]]),
        "entered an enemy zone of control this turn: its movement is over",
    );
    // Starting in the ZOC hex, it may go on up the corridor (3 hexes of clear for 6 MP, and
    // back to its start).
    f.unit(u).hex = corridor[1];
    let r = movement::movement_range(&f.board(), u);
    for h in [a, corridor[2], corridor[3], corridor[4]] {
        assert!(r.contains_key(&h), "{:?}", f.board().map.coord(h));
    }
    assert_eq!(r[&corridor[4]].cost, 6);
    assert_eq!(
        movement::path_to(&r, corridor[4]),
        Some(vec![corridor[2], corridor[3], corridor[4]])
    );
}

/// §6 who may move at all, each refused for its own reason: a limbered battery moves, an
/// unlimbered one must limber first; a square held after fighting cavalry (D-imp-9), cavalry
/// part-way through dismounting, and captured guns may not move; a unit that meleed may not.
#[test]
fn s6_who_may_move_at_all() {
    let mut f = Field::new(10, 8);
    let a = f.center();
    let to = [a + Facing::N.step()];
    let g = f.add(0, UnitKind::Artillery, a, Facing::N, 4);
    f.unit(g).formation = Formation::Limbered;
    assert_eq!(movement::check_move(&f.board(), g, &to), Ok(2));
    f.unit(g).formation = Formation::Unlimbered;
    crate::common::refused(
        movement::check_move(&f.board(), g, &to),
        "is unlimbered: limber it to move",
    );
    f.unit(g).formation = Formation::Limbered;
    f.unit(g).captured_from = Some(Side(1));
    crate::common::refused(
        movement::check_move(&f.board(), g, &to),
        "is captured and cannot leave its hex",
    );
    let i = f.add(0, inf(), a + Facing::S.step(), Facing::N, 300);
    f.unit(i).marks.held = true;
    crate::common::refused(
        movement::check_move(&f.board(), i, &[a + Facing::SE.step()]),
        "formed square against cavalry last turn",
    );
    f.unit(i).marks.held = false;
    f.unit(i).marks.meleed = true;
    crate::common::refused(
        movement::check_move(&f.board(), i, &[a + Facing::SE.step()]),
        "has meleed this turn",
    );
    let c = f.add(0, UnitKind::Cavalry, a + Facing::NW.step(), Facing::N, 200);
    f.unit(c).formation = Formation::Dismounting;
    crate::common::refused(
        movement::check_move(&f.board(), c, &[a + Facing::NW.step() + Facing::N.step()]),
        "is dismounting this turn",
    );
}

/// §6: of two equally cheap ways to a hex the range keeps the first it finds — Dijkstra's order,
/// by cost and then hex — so a move's path does not change from one look to the next. Two hexes
/// east (via NE then SE, or SE then NE, 4 MP either way) the path runs through the SE hex.
#[test]
fn s6_the_first_of_equally_cheap_paths_is_kept() {
    let mut f = Field::new(10, 8);
    let a = f.center();
    let u = f.add(0, inf(), a, Facing::N, 300);
    let t = a + Facing::NE.step() + Facing::SE.step();
    let r = movement::movement_range(&f.board(), u);
    assert_eq!(r[&t].cost, 4);
    assert_eq!(
        movement::path_to(&r, t),
        Some(vec![a + Facing::SE.step(), t])
    );
}

/// D-obj-1 / §13: only a combat unit takes an objective; a wagon driving onto one leaves it
/// with its holder, and an infantry regiment on the same path takes it.
#[test]
fn d_obj_1_a_wagon_takes_no_objective() {
    for (kind, men, takes) in [
        (UnitKind::Supply, 10, false),
        (UnitKind::Infantry, 300, true),
    ] {
        let mut f = Field::new(8, 8);
        let a = f.hex(2, 5);
        let u = f.add(0, kind, a, Facing::N, men);
        let to = a + Facing::N.step();
        f.map.objectives.push(bayonet::rules::map::Objective {
            name: "depot".into(),
            hex: to,
            points: 10,
            owner: Some(bayonet::rules::unit::Side(1)),
            since: None,
        });
        let mut b = f.board();
        b.turn = 3;
        if kind == UnitKind::Supply {
            b.unit_mut(u).unwrap().formation = bayonet::rules::unit::Formation::Column;
        }
        movement::apply_move(&mut b, u, &[to]).unwrap();
        let want = bayonet::rules::unit::Side(if takes { 0 } else { 1 });
        assert_eq!(b.map.objectives[0].owner, Some(want), "{kind:?}");
        // Issue 44 item 1: since when held: the turn it was taken, or the start.
        let since = if takes { Some(3) } else { None };
        assert_eq!(b.map.objectives[0].since, since, "{kind:?}");
        // Walking back through a hex already held keeps the turn it was taken.
        if takes {
            use bayonet::rules::unit::Side;
            b.turn = 5;
            movement::take_objectives(&mut b, &[to], Side(0), true);
            assert_eq!(b.map.objectives[0].since, Some(3));
            movement::take_objectives(&mut b, &[to], Side(1), true);
            assert_eq!(b.map.objectives[0].since, Some(5), "retaken");
        }
    }
}
