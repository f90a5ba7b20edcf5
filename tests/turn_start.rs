//! RULES.md §1 and §12, the start of a side's turn, each step at its edges: fatigue recovery
//! (D-fat-2), the marks cleared, rally (D-rally-1), isolation, Fixed release, resupply.

use bayonet::rules::hex::Facing;
use bayonet::rules::morale::CheckReason;
use bayonet::rules::morale::MoraleResult;
use bayonet::rules::turn::start_of_turn;
use bayonet::rules::unit::{Ammo, Side, UnitKind};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::common::{Field, inf};

fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// D-fat-2: a unit that neither moved, fired nor meleed, and stands in no enemy ZOC, recovers
/// 20 fatigue by day (60 by night), never below 0, each listed with what it recovered. Then
/// every mark of the last turn is cleared, and a unit told to hold is held this turn.
#[test]
fn d_fat_2_recovery_and_the_marks_cleared() {
    let mut f = Field::new(14, 10);
    let fresh = f.add(0, inf(), f.hex(0, 1), Facing::NE, 300);
    f.unit(fresh).fatigue = 10;
    let tired = f.add(0, inf(), f.hex(0, 3), Facing::NE, 300);
    f.unit(tired).fatigue = 100;
    let mut busy = Vec::new();
    for (k, mark) in ["moved", "fired", "meleed"].iter().enumerate() {
        let id = f.add(0, inf(), f.hex(0, 5 + k as i32), Facing::NE, 300);
        f.unit(id).fatigue = 100;
        match *mark {
            "moved" => f.unit(id).marks.moved = true,
            "fired" => f.unit(id).marks.fired = true,
            _ => f.unit(id).marks.meleed = true,
        }
        busy.push(id);
    }
    // In front of an enemy facing it: no rest.
    let watched = f.add(0, inf(), f.hex(6, 4), Facing::N, 300);
    f.unit(watched).fatigue = 100;
    f.add(1, inf(), f.hex(6, 4) + Facing::N.step(), Facing::S, 300);
    // Rested with no fatigue: nothing to recover, not listed.
    f.add(0, inf(), f.hex(0, 9), Facing::NE, 300);
    f.unit(fresh).hold_next_turn = true;
    f.unit(tired).marks.mp_used = 7;
    for (night, rest) in [(false, 20), (true, 60)] {
        let mut b = f.board();
        b.night = night;
        let r = start_of_turn(&mut b, Side(0), 2, &mut rng(1));
        assert_eq!(r.recovered, [(fresh, 10), (tired, rest)], "night {night}");
        let fatigue = |id| b.unit(id).unwrap().fatigue;
        assert_eq!((fatigue(fresh), fatigue(tired)), (0, 100 - rest));
        for &id in busy.iter().chain([&watched]) {
            assert_eq!(fatigue(id), 100);
        }
        for u in &b.units {
            let held = u.id == fresh;
            assert_eq!(u.marks.held, held, "{}", u.name);
            assert!(!u.hold_next_turn);
            assert!(!u.marks.moved && !u.marks.fired && !u.marks.meleed && u.marks.mp_used == 0);
        }
    }
}

/// D-rally-1: a Routed unit rolls a d6 and rallies to Disrupted when the roll is at most its
/// morale value; a Disrupted unit recovers by itself unless it stands in an enemy ZOC.
#[test]
fn d_rally_1_rally_on_a_roll_at_most_the_morale_value() {
    let mut f = Field::new(14, 10);
    let routed = f.add(0, inf(), f.hex(0, 2), Facing::NE, 300);
    f.unit(routed).routed = true;
    let shaken = f.add(0, inf(), f.hex(0, 5), Facing::NE, 300);
    f.unit(shaken).disrupted = true;
    let pinned = f.add(0, inf(), f.hex(6, 4), Facing::N, 300);
    f.unit(pinned).disrupted = true;
    f.add(1, inf(), f.hex(6, 4) + Facing::N.step(), Facing::S, 300);
    let mut seen = [0, 0];
    for seed in 0..200 {
        let mut b = f.board();
        let r = start_of_turn(&mut b, Side(0), 2, &mut rng(seed));
        let c = &r.rally_checks;
        assert_eq!(c.len(), 1);
        assert_eq!((c[0].unit, c[0].reason), (routed, CheckReason::Rally));
        assert_eq!(c[0].passed, c[0].roll as i32 <= c[0].morale, "{c:?}");
        let u = b.unit(routed).unwrap();
        assert_eq!((u.routed, u.disrupted), (!c[0].passed, c[0].passed));
        let want = if c[0].passed {
            MoraleResult::Rallied
        } else {
            MoraleResult::StillRouted
        };
        assert_eq!(c[0].result, want);
        seen[c[0].passed as usize] += 1;
        assert!(!b.unit(shaken).unwrap().disrupted);
        assert!(b.unit(pinned).unwrap().disrupted, "in an enemy ZOC");
        let mut rallied = r.rallied.clone();
        rallied.sort();
        let mut want = vec![shaken];
        if c[0].passed {
            want.push(routed);
        }
        want.sort();
        assert_eq!(rallied, want);
    }
    assert!(seen[0] > 0 && seen[1] > 0, "{seen:?}");
}

/// §12: a unit is isolated when no path of hexes without enemies — and without enemy ZOC,
/// unless a friend stands there — leads to its own map edge or a supply source.
#[test]
fn s12_isolation_traces_past_enemy_zoc_only_through_friends() {
    // A column of enemies, facing west, cuts the map from top to bottom at column 5; our unit
    // is east of it, our edge is West.
    let mut f = Field::new(10, 6);
    let ours = f.add(0, inf(), f.hex(8, 2), Facing::N, 300);
    for row in 0..6 {
        f.add(1, inf(), f.hex(5, row), Facing::NW, 50);
        f.add(1, inf(), f.hex(5, row), Facing::SW, 50);
    }
    let mut b = f.board();
    let r = start_of_turn(&mut b, Side(0), 2, &mut rng(1));
    assert_eq!(r.isolated, [ours]);
    assert!(b.unit(ours).unwrap().isolated);
    // A supply source behind the line supplies it.
    let mut b = f.board();
    std::sync::Arc::make_mut(&mut b.map.supply_sources).push(f.hex(9, 5));
    assert!(
        start_of_turn(&mut b, Side(0), 2, &mut rng(1))
            .isolated
            .is_empty()
    );
    // A gap in the line at row 2: the others Routed (no ZOC, but their hexes closed), the one
    // north of the gap facing into it. The gap is in its ZOC: still cut off; a friend standing
    // in the gap opens the path.
    let mut g = Field::new(10, 6);
    let ours = g.add(0, inf(), g.hex(8, 2), Facing::N, 300);
    for row in [0, 1, 3, 4, 5] {
        let e = g.add(1, inf(), g.hex(5, row), Facing::S, 50);
        g.unit(e).routed = row != 1;
    }
    let gap = g.hex(5, 2);
    assert!(g.board().in_enemy_zoc(gap, Side(0)));
    let r = start_of_turn(&mut g.board(), Side(0), 2, &mut rng(1));
    assert_eq!(r.isolated, [ours]);
    g.add(0, inf(), gap, Facing::N, 50);
    let r = start_of_turn(&mut g.board(), Side(0), 2, &mut rng(1));
    assert!(r.isolated.is_empty(), "{:?}", r.isolated);
}

/// §12: a Fixed unit is released on its release turn (not before), or by an enemy within 5
/// hexes (not 6).
#[test]
fn s12_fixed_release_on_its_turn_or_by_an_enemy_within_five() {
    let mut f = Field::new(16, 6);
    let u = f.add(0, inf(), f.hex(2, 2), Facing::NE, 300);
    f.unit(u).fixed_until = Some(3);
    let e = f.add(1, inf(), f.hex(8, 2), Facing::SW, 300);
    let released = |f: &Field, turn| {
        let mut b = f.board();
        let r = start_of_turn(&mut b, Side(0), turn, &mut rng(1));
        assert_eq!(r.released.contains(&u), !b.unit(u).unwrap().is_fixed());
        r.released.contains(&u)
    };
    assert_eq!(bayonet::rules::hex::distance(f.hex(2, 2), f.hex(8, 2)), 6);
    assert!(!released(&f, 2));
    assert!(released(&f, 3));
    f.unit(e).hex = f.hex(7, 2);
    assert!(released(&f, 2), "an enemy 5 hexes away");
}

/// §12 resupply: a wagon refills units short of ammunition within 5 hexes of it (traced as for
/// isolation), one point per 10 men (a gun as 25), rounded up; not Routed units, nor units
/// farther, nor once its points run short.
#[test]
fn s12_resupply_from_wagons_within_five_hexes_one_point_per_ten_men() {
    let mut f = Field::new(16, 8);
    let w = f.hex(2, 4);
    let wagon = f.add(0, UnitKind::Supply, w, Facing::N, 100);
    let east = |n: i32| {
        (0..n).fold(w, |h, k| {
            h + if k % 2 == 0 { Facing::NE } else { Facing::SE }.step()
        })
    };
    let near = f.add(0, inf(), east(5), Facing::N, 301);
    let far = f.add(0, inf(), east(6), Facing::N, 300);
    let guns = f.add(0, UnitKind::Artillery, w + Facing::S.step(), Facing::N, 2);
    let routed = f.add(0, inf(), w + Facing::N.step(), Facing::N, 200);
    f.unit(routed).routed = true;
    for id in [near, far, guns, routed] {
        f.unit(id).ammo = Ammo::Low;
    }
    let mut b = f.board();
    let r = start_of_turn(&mut b, Side(0), 2, &mut rng(1));
    let mut got = r.resupplied.clone();
    got.sort();
    let mut want = vec![near, guns];
    want.sort();
    assert_eq!(got, want);
    let ammo = |id| b.unit(id).unwrap().ammo;
    assert_eq!(
        (ammo(near), ammo(guns), ammo(far), ammo(routed)),
        (Ammo::Normal, Ammo::Normal, Ammo::Low, Ammo::Low)
    );
    // 301 men: 31 points; 2 guns as 50 men: 5.
    assert_eq!(b.unit(wagon).unwrap().men, 100 - 31 - 5);
    // A wagon of exactly 31 points serves 301 men, and is empty after.
    f.unit(wagon).men = 31;
    f.unit(guns).ammo = Ammo::Normal;
    let mut b = f.board();
    let r = start_of_turn(&mut b, Side(0), 2, &mut rng(1));
    assert_eq!(r.resupplied, [near]);
    assert_eq!(b.unit(wagon).unwrap().men, 0);
    // A wagon of 30 points cannot serve 301 men.
    f.unit(wagon).men = 30;
    f.unit(guns).ammo = Ammo::Normal;
    let mut b = f.board();
    let r = start_of_turn(&mut b, Side(0), 2, &mut rng(1));
    assert!(r.resupplied.is_empty());
    assert_eq!(b.unit(wagon).unwrap().men, 30);
}

/// §4 / §12: supply is traced past a Routed enemy's front (a routed unit exerts no ZOC), not past
/// a steady one's, along a one-hex corridor to the West edge.
#[test]
fn s12_supply_passes_a_routed_enemys_front() {
    use bayonet::rules::map::Terrain;
    let mut f = Field::new(6, 2);
    for col in 0..6 {
        f.map.set_terrain(f.hex(col, 1), Terrain::Blocked);
    }
    let e_hex = f.hex(2, 1);
    f.map.set_terrain(e_hex, Terrain::Clear);
    let ours = f.add(0, inf(), f.hex(5, 0), Facing::N, 300);
    let e = f.add(1, inf(), e_hex, Facing::N, 100);
    assert!(f.board().in_enemy_zoc(f.hex(2, 0), Side(0)));
    let r = start_of_turn(&mut f.board(), Side(0), 2, &mut rng(1));
    assert_eq!(r.isolated, [ours], "cut off by the steady enemy's front");
    f.unit(e).routed = true;
    let r = start_of_turn(&mut f.board(), Side(0), 2, &mut rng(1));
    assert!(r.isolated.is_empty(), "{:?}", r.isolated);
}
