//! RULES.md §4 facing (the six hexsides, the front, turning for movement points), §5 stacking
//! limits, and §3/§6 formation changes, each against its numbers.

use bayonet::rules::facing;
use bayonet::rules::formation;
use bayonet::rules::hex::{Facing, Hex, Hexside, distance};
use bayonet::rules::stacking::{HexLoad, StackLimit, hex_load};
use bayonet::rules::unit::{Formation, UnitKind};

use crate::common::{Field, inf};

/// §4: the six facings of a flat-topped hex in clockwise order, their steps, names and screen
/// angles (N up, then 60° clockwise each); turning, the opposite, the hexside between two
/// hexes, and the front (the faced hexside and its two neighbours).
#[test]
fn s4_the_six_facings() {
    use Facing::*;
    let want = [
        (N, (0, 1), "N", 90.0),
        (NE, (1, 0), "NE", 30.0),
        (SE, (1, -1), "SE", -30.0),
        (S, (0, -1), "S", -90.0),
        (SW, (-1, 0), "SW", -150.0),
        (NW, (-1, 1), "NW", -210.0),
    ];
    for (k, (f, step, name, deg)) in want.into_iter().enumerate() {
        assert_eq!(Facing::ALL[k], f);
        assert_eq!((f.index(), Facing::from_index(k + 6)), (k, f));
        assert_eq!(f.step(), Hex::new(step.0, step.1));
        assert_eq!(f.name(), name);
        assert!(
            (f.screen_angle() - (deg as f32).to_radians()).abs() < 1e-6,
            "{name}"
        );
        assert_eq!(f.clockwise(), Facing::ALL[(k + 1) % 6]);
        assert_eq!(f.counter_clockwise(), Facing::ALL[(k + 5) % 6]);
        assert_eq!(f.opposite(), Facing::ALL[(k + 3) % 6]);
        assert_eq!(
            f.front(),
            [Facing::ALL[(k + 5) % 6], f, Facing::ALL[(k + 1) % 6]]
        );
        let h = Hex::new(3, -2);
        assert_eq!(Facing::between(h, h + f.step()), Some(f));
        assert_eq!(bayonet::rules::hex::neighbor(h, f), h + f.step());
        for side in Facing::ALL {
            assert_eq!(f.covers(side), f.front().contains(&side));
        }
    }
    let h = Hex::new(0, 0);
    assert_eq!(Facing::between(h, h), None);
    assert_eq!(Facing::between(h, Hex::new(2, 0)), None);
    assert_eq!(distance(h, Hex::new(2, -1)), 2);
    assert_eq!(distance(h, Hex::new(3, -3)), 3);
}

/// §2: a hexside is one thing seen from either hex: each of the six sides of a hex and the
/// opposite side of its neighbour name the same hexside, kept by its N, NE or SE side.
#[test]
fn s2_a_hexside_is_the_same_from_both_hexes() {
    let h = Hex::new(2, 1);
    for f in Facing::ALL {
        let a = Hexside::new(h, f);
        assert_eq!(a, Hexside::new(h + f.step(), f.opposite()));
        assert!(
            matches!(a.side, Facing::N | Facing::NE | Facing::SE),
            "{f:?}"
        );
        let (hex, side) = if a.side == f {
            (h, f)
        } else {
            (h + f.step(), f.opposite())
        };
        assert_eq!((a.hex, a.side), (hex, side));
    }
}

/// §4: turning costs the change-facing cost a hexside (infantry 2, cavalry 3, artillery 2);
/// an about face (three hexsides) costs its own (2); the same facing is no change; a unit
/// without the points, or one that has fired, may not turn.
#[test]
fn s4_turning_costs_per_hexside_and_an_about_face() {
    use Facing::*;
    assert_eq!(
        [N, NE, SE, S, SW, NW].map(|t| facing::steps(N, t)),
        [0, 1, 2, 3, 2, 1]
    );
    assert_eq!(facing::steps(NW, NE), 2);
    let mut f = Field::new(10, 8);
    let h = f.center();
    let i = f.add(0, inf(), h, N, 300);
    let c = f.add(0, UnitKind::Cavalry, h + N.step(), N, 200);
    let g = f.add(0, UnitKind::Artillery, h + S.step(), N, 4);
    let b = f.board();
    let cost = |id, to| facing::cost(&b, id, to);
    assert_eq!([NE, SE, S].map(|t| cost(i, t)), [Some(2), Some(4), Some(2)]);
    assert_eq!([NE, SE, S].map(|t| cost(c, t)), [Some(3), Some(6), Some(2)]);
    assert_eq!([NE, SE, S].map(|t| cost(g, t)), [Some(2), Some(4), Some(2)]);
    assert_eq!(cost(i, N), Some(0));
    crate::common::refused(facing::check(&b, i, N), "already faces N");
    // A leader's facing means nothing: the refusal says so, not that it already faces the
    // hexside asked (it said "already faces SE" of a leader facing NE).
    let l = f.add(0, UnitKind::Leader, h + NE.step(), NE, 0);
    crate::common::refused(
        facing::check(&f.board(), l, SE),
        "a leader has no facing to turn",
    );
    assert_eq!(
        facing::check(&b, g, SE),
        Ok(4),
        "an unlimbered battery may turn"
    );
    f.unit(i).marks.mp_used = 9;
    assert_eq!(
        facing::check(&f.board(), i, SE),
        // The apply functions refuse with a typed reason (issue 32), not a bare string.
        Err(bayonet::rules::refusal::Refusal::new(
            bayonet::rules::refusal::Reason::CannotAct,
            Some(i),
            "turning to SE costs 4 movement points; 3 left"
        ))
    );
    assert_eq!(facing::check(&f.board(), i, NE), Ok(2));
    f.unit(i).marks.mp_used = 8;
    assert_eq!(
        facing::check(&f.board(), i, SE),
        Ok(4),
        "exactly the points left"
    );
    f.unit(i).marks.mp_used = 9;
    let mut b = f.board();
    assert_eq!(facing::apply(&mut b, i, NE), Ok(2));
    let u = b.unit(i).unwrap();
    assert_eq!((u.facing, u.marks.mp_used), (NE, 11));
    f.unit(i).marks.fired = true;
    crate::common::refused(facing::check(&f.board(), i, NE), "has fired this turn");
}

/// §5: at most 1000 men (a gun as 50, a leader none) and 8 counters a hex; each excess named.
#[test]
fn s5_stacking_limits_men_and_counters() {
    let p = bayonet::rules::params::Parameters::defaults();
    assert_eq!(
        StackLimit::check(
            HexLoad {
                men: 1000,
                counters: 8
            },
            &p
        ),
        None
    );
    assert_eq!(
        StackLimit::check(
            HexLoad {
                men: 1001,
                counters: 8
            },
            &p
        ),
        Some("1001 men (guns at 50 each) of at most 1000".into())
    );
    assert_eq!(
        StackLimit::check(
            HexLoad {
                men: 1000,
                counters: 9
            },
            &p
        ),
        Some("9 counters of at most 8".into())
    );
    assert_eq!(
        StackLimit::check(
            HexLoad {
                men: 1200,
                counters: 10
            },
            &p
        ),
        Some("1200 men (guns at 50 each) of at most 1000 and 10 counters of at most 8".into())
    );
    let mut f = Field::new(10, 8);
    let h = f.center();
    f.add(0, inf(), h, Facing::N, 300);
    f.add(0, UnitKind::Artillery, h, Facing::N, 4);
    f.add(0, UnitKind::Leader, h, Facing::N, 0);
    let b = f.board();
    assert_eq!(
        hex_load(b.units_at(h), &b.params),
        HexLoad {
            men: 500,
            counters: 3
        }
    );
}

/// §3 / §6 formation changes: line ⇄ column (infantry 4 MP), mounted → dismounting (cavalry 6;
/// dismounted at its next turn) and dismounted → mounted, limbered ⇄ unlimbered (artillery 3);
/// nothing else; not without the points, not Fixed, not captured. A change marks the unit moved.
#[test]
fn s3_formation_changes_and_their_costs() {
    use Formation::*;
    let mut f = Field::new(10, 8);
    let h = f.center();
    let cases = [
        (UnitKind::Infantry, Line, Column, Ok((4, Column))),
        (UnitKind::Infantry, Column, Line, Ok((4, Line))),
        (UnitKind::Cavalry, Mounted, Dismounted, Ok((6, Dismounting))),
        (UnitKind::Cavalry, Dismounted, Mounted, Ok((6, Mounted))),
        (
            UnitKind::Artillery,
            Limbered,
            Unlimbered,
            Ok((3, Unlimbered)),
        ),
        (UnitKind::Artillery, Unlimbered, Limbered, Ok((3, Limbered))),
        (
            UnitKind::Infantry,
            Line,
            Mounted,
            Err("infantry in line cannot change to mounted"),
        ),
        (
            UnitKind::Cavalry,
            Dismounting,
            Mounted,
            Err("cavalry in dismounting cannot change to mounted"),
        ),
        (
            UnitKind::Artillery,
            Limbered,
            Limbered,
            Err("artillery in limbered cannot change to limbered"),
        ),
        (
            UnitKind::Supply,
            Column,
            Line,
            Err("supply wagon in column cannot change to line"),
        ),
    ];
    for (kind, from, to, want) in cases {
        let id = f.add(0, kind, h, Facing::N, 4);
        f.unit(id).formation = from;
        let got = formation::check(&f.board(), id, to);
        assert_eq!(
            got,
            want.map_err(|m| bayonet::rules::refusal::Refusal::new(
                bayonet::rules::refusal::Reason::CannotAct,
                Some(id),
                m
            )),
            "{kind:?} {from:?} → {to:?}"
        );
        if let Ok((cost, now)) = want {
            let mut b = f.board();
            assert_eq!(formation::apply(&mut b, id, to), Ok(now));
            let u = b.unit(id).unwrap();
            assert_eq!(
                (u.formation, u.marks.mp_used, u.marks.moved),
                (now, cost, true)
            );
            // Without the points.
            let all = bayonet::rules::movement::allowance(&b.params, u);
            f.unit(id).marks.mp_used = all - cost + 1;
            assert_eq!(
                formation::check(&f.board(), id, to),
                Err(bayonet::rules::refusal::Refusal::new(
                    bayonet::rules::refusal::Reason::CannotAct,
                    Some(id),
                    format!(
                        "changing formation costs {cost} movement points; {} left",
                        cost - 1
                    )
                ))
            );
            f.unit(id).marks.mp_used = all - cost;
            assert_eq!(
                formation::check(&f.board(), id, to),
                Ok((cost, now)),
                "exactly enough"
            );
            f.unit(id).marks.mp_used = 0;
            f.unit(id).fixed_until = Some(5);
            crate::common::refused(
                formation::check(&f.board(), id, to),
                "is Fixed and may not change formation",
            );
            f.unit(id).fixed_until = None;
            f.unit(id).captured_from = Some(bayonet::rules::unit::Side(1));
            crate::common::refused(formation::check(&f.board(), id, to), "is captured");
            f.unit(id).captured_from = None;
        }
    }
    // Dismounting cavalry is dismounted at the start of its side's next turn.
    let c = f.add(1, UnitKind::Cavalry, h + Facing::N.step(), Facing::N, 100);
    f.unit(c).formation = Dismounting;
    let mut b = f.board();
    formation::finish_dismounting(&mut b, bayonet::rules::unit::Side(0));
    assert_eq!(
        b.unit(c).unwrap().formation,
        Dismounting,
        "the other side's turn"
    );
    formation::finish_dismounting(&mut b, bayonet::rules::unit::Side(1));
    assert_eq!(b.unit(c).unwrap().formation, Dismounted);
}
