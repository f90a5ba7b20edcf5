//! RULES.md §7, fire: who may fire (formation, the front, range), each weapon's value at range
//! and each modifier by itself, and what a volley does to its target and its firer.

use bayonet::rules::fire::{self, in_front, line_of_sight};
use bayonet::rules::hex::{Facing, Hex};
use bayonet::rules::map::{SideFeature, Terrain};
use bayonet::rules::morale::MoraleResult;
use bayonet::rules::unit::{Ammo, Formation, UnitId, UnitKind};

use crate::common::{Field, inf};

/// The exchange most of §7 starts from, on a 12×10 field: `men` rifles at (3, 4) facing NE,
/// and 300 foot in the hex ahead facing them. The field, the firer's hex, the firer, the
/// target's hex and the target.
fn face_off(men: u32) -> (Field, Hex, UnitId, Hex, UnitId) {
    let mut f = Field::new(12, 10);
    let a = f.hex(3, 4);
    let u = f.add(0, inf(), a, Facing::NE, men);
    let t = a + Facing::NE.step();
    let d = f.add(1, inf(), t, Facing::SW, 300);
    (f, a, u, t, d)
}

/// §7 / §3: cavalry fires dismounted, with a carbine when no weapon is named (2 hexes,
/// effectiveness 0.8); mounted it cannot fire.
#[test]
fn s7_dismounted_cavalry_fires_a_carbine_and_mounted_cavalry_cannot_fire() {
    let mut f = Field::new(12, 10);
    let a = f.hex(3, 4);
    let c = f.add(0, UnitKind::Cavalry, a, Facing::NE, 200);
    let t = a + Facing::NE.step();
    f.add(1, inf(), t, Facing::SW, 300);
    let far = t + Facing::NE.step() + Facing::NE.step();
    f.add(1, inf(), far, Facing::SW, 300);
    crate::common::refused(
        fire::breakdown(&f.board(), c, t, false, 1.0),
        "cannot fire in mounted formation",
    );
    f.unit(c).formation = Formation::Dismounted;
    let b = fire::breakdown(&f.board(), c, t, false, 1.0).unwrap();
    assert_eq!((b.range, b.base, b.value), (1, 160.0, 160.0));
    crate::common::refused(fire::breakdown(&f.board(), c, far, false, 1.0), "reaches 2");
}

/// §7 with D-facing-1 extended to range: the front is the half-plane within 90° of the facing,
/// the two hexes exactly abeam included; the firer's own hex is not in its front.
#[test]
fn s7_the_front_reaches_exactly_abeam_and_not_the_own_hex() {
    let a = Field::new(12, 10).center();
    let abeam_east = a + Facing::NE.step() + Facing::SE.step();
    let abeam_west = a + Facing::NW.step() + Facing::SW.step();
    assert!(in_front(a, Facing::N, abeam_east));
    assert!(in_front(a, Facing::N, abeam_west));
    assert!(!in_front(a, Facing::N, a + Facing::SE.step()));
    assert!(!in_front(a, Facing::N, abeam_east + Facing::S.step()));
    assert!(!in_front(a, Facing::N, a));
}

/// §7 / §3: only an unlimbered battery with its crew fires; limbered, uncrewed or spiked guns
/// cannot, each refused with its own reason.
#[test]
fn s7_only_unlimbered_crewed_guns_fire() {
    use bayonet::rules::unit::Crew;
    let mut f = Field::new(12, 10);
    let a = f.hex(3, 4);
    let g = f.add(0, UnitKind::Artillery, a, Facing::NE, 4);
    let t = a + Facing::NE.step() + Facing::NE.step();
    f.add(1, inf(), t, Facing::SW, 300);
    assert_eq!(
        fire::breakdown(&f.board(), g, t, false, 1.0).map(|b| b.base),
        Ok(400.0),
        "4 guns × 50 × 1, canister ×2 at 2 hexes"
    );
    f.unit(g).formation = Formation::Limbered;
    crate::common::refused(
        fire::breakdown(&f.board(), g, t, false, 1.0),
        "cannot fire in limbered formation",
    );
    f.unit(g).formation = Formation::Unlimbered;
    for (crew, why) in [
        (Crew::Uncrewed, "has no crew to fire it"),
        (Crew::Spiked, "is spiked"),
    ] {
        f.unit(g).crew = crew;
        crate::common::refused(fire::breakdown(&f.board(), g, t, false, 1.0), why);
    }
}

/// §7 / §11: a hex with no enemy in it is a target only for guns, and only where a full-hex
/// bridge stands; an empty field is no target even for guns.
#[test]
fn s7_guns_fire_at_an_empty_bridge_but_not_at_an_empty_hex() {
    let mut f = Field::new(12, 10);
    let a = f.hex(3, 4);
    let g = f.add(0, UnitKind::Artillery, a, Facing::N, 4);
    let empty = a + Facing::N.step() + Facing::N.step();
    crate::common::refused(
        fire::breakdown(&f.board(), g, empty, false, 1.0),
        "no enemy unit there (only artillery may fire at an empty bridge)",
    );
    f.map
        .set_terrain(empty, bayonet::rules::map::Terrain::Water);
    f.map.bridges.insert(
        empty,
        bayonet::rules::map::FullHexBridge {
            strength: 200,
            max: 200,
        },
    );
    assert_eq!(
        fire::breakdown(&f.board(), g, empty, false, 1.0).map(|b| b.base),
        Ok(400.0)
    );
}

/// §7: a smoothbore gun (6 hexes) keeps its full effect out to half its range, 3 hexes, and
/// halves beyond; canister doubles it at 1–2 hexes only. 4 guns × 50 men-equivalent each.
#[test]
fn s7_effect_at_range_half_range_and_canister() {
    let mut f = Field::new(16, 10);
    let a = f.hex(1, 8);
    let g = f.add(0, UnitKind::Artillery, a, Facing::N, 4);
    let t = f.add(1, inf(), a, Facing::S, 300);
    for (range, base) in [(1, 400.0), (2, 400.0), (3, 200.0), (4, 100.0), (6, 100.0)] {
        let at = (0..range).fold(a, |h, _| h + Facing::N.step());
        f.unit(t).hex = at;
        let b = fire::breakdown(&f.board(), g, at, false, 1.0).unwrap();
        assert_eq!((b.range, b.base), (range, base));
    }
    let at = (0..7).fold(a, |h, _| h + Facing::N.step());
    f.unit(t).hex = at;
    crate::common::refused(fire::breakdown(&f.board(), g, at, false, 1.0), "reaches 6");
}

/// §7 hexside modifiers, for a target that held its hex: each feature of the hexside toward the
/// firer by itself, and of several the one of largest magnitude, a penalty on equal size (as
/// D-hex-1). Rifled muskets, 300 men at 1 hex: 300 before modifiers.
#[test]
fn s7_each_hexside_modifier_and_the_largest_of_several() {
    use bayonet::rules::map::SideFeature::*;
    // (features, the one line: its feature and percent). Of two equal ones the line names the
    // first in the hexside's order (stream before creek, stone wall before breastworks).
    let cases: [(&[bayonet::rules::map::SideFeature], Option<(&str, i32)>); 14] = [
        (&[Stream], Some(("stream", -20))),
        (&[Creek], Some(("creek", -20))),
        (&[Fence], Some(("fence", -30))),
        (&[StoneWall], Some(("stone wall", -50))),
        (&[Embankment], Some(("embankment", -70))),
        (&[Cut], Some(("cut", 50))),
        (&[Breastworks], Some(("breastworks", -50))),
        (&[Ford], None),
        (&[Fence, StoneWall], Some(("stone wall", -50))),
        (&[StoneWall, Embankment], Some(("embankment", -70))),
        (&[Fence, Cut], Some(("cut", 50))),
        (&[Cut, Breastworks], Some(("breastworks", -50))),
        (&[Stream, Creek], Some(("stream", -20))),
        (&[StoneWall, Breastworks], Some(("stone wall", -50))),
    ];
    for (features, want) in cases {
        let (mut f, _, u, t, _) = face_off(300);
        for &x in features {
            f.feature(t, Facing::SW, x);
        }
        let b = fire::breakdown(&f.board(), u, t, false, 1.0).unwrap();
        let lines: Vec<(String, i32)> = b
            .modifiers
            .iter()
            .filter(|m| m.name().starts_with("hexside"))
            .map(|m| (m.name(), m.percent))
            .collect();
        let want_lines: Vec<(String, i32)> = want
            .iter()
            .map(|(n, p)| (format!("hexside: {n}"), *p))
            .collect();
        assert_eq!(lines, want_lines, "{features:?}");
        let percent = want.map_or(0, |(_, p)| p);
        assert_eq!(
            b.value,
            300.0 * (1.0 + percent as f64 / 100.0),
            "{features:?}"
        );
    }
}

/// 300 rifles at one hex against 300 foot facing them, as `tweak` leaves the field: the fire's
/// modifier lines (name, percent) and its value.
fn volley(tweak: impl Fn(&mut Field, [UnitId; 2])) -> (Vec<(String, i32)>, f64) {
    let (mut f, _, u, t, d) = face_off(300);
    tweak(&mut f, [u, d]);
    let b = fire::breakdown(&f.board(), u, t, false, 1.0).unwrap();
    let lines = b.modifiers.iter().map(|m| (m.name(), m.percent)).collect();
    (lines, b.value)
}

/// §7: a target higher by N levels −30 % × N, never below −100 % (the fire is then worth
/// nothing); a target lower gives nothing.
#[test]
fn s7_a_higher_target_minus_30_a_level_never_below_minus_100() {
    let higher = |levels: i32| {
        volley(move |f, [_, d]| {
            let t = f.board().unit(d).unwrap().hex;
            f.map.set_elevation(t, levels);
        })
    };
    assert_eq!(
        higher(1),
        (vec![("target 1 level(s) higher".into(), -30)], 210.0)
    );
    assert_eq!(higher(3).0, [("target 3 level(s) higher".into(), -90)]);
    assert_eq!(
        higher(4),
        (vec![("target 4 level(s) higher".into(), -100)], 0.0)
    );
    assert_eq!(higher(-2), (vec![], 300.0));
    // Levels are counted from the firer's hex: from level 1 to 3 is 2 up; from 2 to 1, none.
    let between = |from: i32, to: i32| {
        volley(move |f, [u, d]| {
            let (a, t) = (
                f.board().unit(u).unwrap().hex,
                f.board().unit(d).unwrap().hex,
            );
            f.map.set_elevation(a, from);
            f.map.set_elevation(t, to);
        })
    };
    assert_eq!(between(1, 3).0, [("target 2 level(s) higher".into(), -60)]);
    assert_eq!(between(2, 1), (vec![], 300.0));
    assert_eq!(between(2, 2), (vec![], 300.0));
}

/// §7: +50 % against mounted cavalry, only when every target but its leaders is mounted.
#[test]
fn s7_target_mounted_cavalry_only_when_all_are_mounted() {
    let line = ("target mounted cavalry".to_string(), 50);
    let (lines, value) = volley(|f, [_, d]| {
        f.unit(d).kind = UnitKind::Cavalry;
        f.unit(d).formation = Formation::Mounted;
        let t = f.board().unit(d).unwrap().hex;
        f.add(1, UnitKind::Leader, t, Facing::SW, 0);
    });
    assert_eq!((lines, value), (vec![line.clone()], 450.0));
    let (lines, _) = volley(|f, [_, d]| {
        f.unit(d).kind = UnitKind::Cavalry;
        f.unit(d).formation = Formation::Dismounted;
    });
    assert!(!lines.contains(&line), "{lines:?}");
    let (lines, _) = volley(|f, [_, d]| {
        f.unit(d).kind = UnitKind::Cavalry;
        f.unit(d).formation = Formation::Mounted;
        let t = f.board().unit(d).unwrap().hex;
        f.add(1, inf(), t, Facing::SW, 100);
    });
    assert!(!lines.contains(&line), "{lines:?}");
}

/// §7 firer fatigue: Low 0, Medium −10 %, High −20 %, Maximum −40 %, at the levels' edges.
#[test]
fn s7_firer_fatigue_by_level() {
    for (fatigue, percent) in [
        (299, 0),
        (300, -10),
        (599, -10),
        (600, -20),
        (899, -20),
        (900, -40),
    ] {
        let (lines, value) = volley(move |f, [u, _]| f.unit(u).fatigue = fatigue);
        let want: Vec<(String, i32)> = if percent == 0 {
            vec![]
        } else {
            vec![("firer fatigue".into(), percent)]
        };
        assert_eq!(lines, want, "{fatigue}");
        assert_eq!(value, 300.0 * (1.0 + percent as f64 / 100.0), "{fatigue}");
    }
}

/// §7 / §14 optional quality modifiers: firer A or B +10 %, E or F −10 %, C and D nothing; and
/// nothing for any quality with the option off.
#[test]
fn s7_optional_firer_quality() {
    use bayonet::rules::unit::Quality::*;
    for (q, percent) in [(A, 10), (B, 10), (C, 0), (D, 0), (E, -10), (F, -10)] {
        for on in [true, false] {
            let (lines, _) = volley(move |f, [u, _]| {
                f.params.optional.quality_melee_modifiers = on;
                f.unit(u).quality = q;
            });
            let quality: Vec<i32> = lines
                .iter()
                .filter(|(n, _)| n.starts_with("firer quality"))
                .map(|(_, p)| *p)
                .collect();
            let want: Vec<i32> = if on && percent != 0 {
                vec![percent]
            } else {
                vec![]
            };
            assert_eq!(quality, want, "{q:?} option {on}");
        }
    }
}

/// §1 opportunity fire at melee attackers is half strength: the factor scales the value and is
/// shown as a line of its own; at full strength there is no such line.
#[test]
fn s1_half_strength_fire_is_a_line_of_its_own() {
    let (f, _, u, t, _) = face_off(300);
    let b = fire::breakdown(&f.board(), u, t, true, 0.5).unwrap();
    assert_eq!(b.value, 150.0);
    assert_eq!(
        b.modifiers
            .iter()
            .map(|m| (m.name(), m.percent))
            .collect::<Vec<_>>(),
        [("half-strength fire at melee attackers".to_string(), -50)]
    );
    assert!(
        fire::breakdown(&f.board(), u, t, true, 1.0)
            .unwrap()
            .modifiers
            .is_empty()
    );
}

fn rng(seed: u64) -> rand_chacha::ChaCha8Rng {
    rand::SeedableRng::seed_from_u64(seed)
}

/// §7 / §1: what a volley marks. The acting side's fire marks the firer *fired* at that hex; an
/// opportunity volley marks it *opportunity-fired* only and counts the men it cost each target
/// (La Bataille's pre-melee check reads them); a Fixed target is released and listed (§12).
#[test]
fn s7_a_volley_marks_the_firer_the_target_and_releases_a_fixed_target() {
    let (mut f, _, u, t, d) = face_off(400);
    f.unit(d).fixed_until = Some(9);
    for opportunity in [false, true] {
        let mut b = f.board();
        let o = fire::fire(&mut b, u, t, opportunity, 1.0, &mut rng(5)).unwrap();
        assert!(o.loss > 0);
        let firer = b.unit(u).unwrap();
        assert_eq!(
            (firer.marks.fired, firer.marks.opportunity_fired),
            (!opportunity, opportunity)
        );
        assert_eq!(firer.marks.fired_at, (!opportunity).then_some(t));
        let target = b.unit(d).unwrap();
        assert_eq!(
            target.marks.fire_losses,
            if opportunity { o.loss } else { 0 }
        );
        assert_eq!(target.fixed_until, None);
        assert_eq!(o.released, [d]);
        assert_eq!(o.opportunity, opportunity);
    }
}

/// §7 with §8: fire at a battery is split by its guns as men (25 a gun) and takes guns; a
/// target with nothing left is removed and listed as eliminated.
#[test]
fn s7_fire_at_guns_takes_guns_and_a_spent_target_is_eliminated() {
    let mut f = Field::new(12, 10);
    let a = f.hex(3, 4);
    let u = f.add(0, inf(), a, Facing::NE, 1000);
    let t = a + Facing::NE.step();
    let g = f.add(1, UnitKind::Artillery, t, Facing::SW, 1);
    let mut seen = 0;
    for seed in 0..200 {
        let mut b = f.board();
        let o = fire::fire(&mut b, u, t, false, 1.0, &mut rng(seed)).unwrap();
        // 1000 × 5..25 / 1000 = 5..25 men, against one gun of 25: all of it at most.
        assert!(o.loss >= 5 && o.loss <= 25, "{}", o.loss);
        match b.unit(g) {
            None => {
                assert_eq!(o.eliminated, [g]);
                seen += 1;
            }
            Some(left) => {
                assert_eq!(left.guns, 1);
                assert!(o.eliminated.is_empty());
            }
        }
    }
    // A loss of r < 25 men takes the gun with chance r / 25: about 60 % over 5..25.
    assert!(seen > 80 && seen < 160, "{seen}");
}

/// §7 ammunition: each volley may cost ammunition, infantry 4 %, artillery 12 % (PDT); Normal
/// goes to Low, Low to Out.
#[test]
fn s7_ammunition_loss_infantry_4_artillery_12_low_then_out() {
    let mut f = Field::new(12, 10);
    let a = f.hex(3, 4);
    let i = f.add(0, inf(), a, Facing::NE, 300);
    let g = f.add(0, UnitKind::Artillery, a, Facing::NE, 4);
    let t = a + Facing::NE.step();
    f.add(1, inf(), t, Facing::SW, 900);
    let n = 3000;
    for (firer, p) in [(i, 0.04), (g, 0.12)] {
        for ammo in [Ammo::Normal, Ammo::Low] {
            f.unit(firer).ammo = ammo;
            let mut lost = 0;
            for seed in 0..n {
                let mut b = f.board();
                // Low ammunition fires only as opportunity fire.
                let o =
                    fire::fire(&mut b, firer, t, ammo == Ammo::Low, 1.0, &mut rng(seed)).unwrap();
                let now = b.unit(firer).unwrap().ammo;
                assert_eq!(o.ammo_now, (now != ammo).then_some(now));
                if now != ammo {
                    assert_eq!(
                        now,
                        if ammo == Ammo::Normal {
                            Ammo::Low
                        } else {
                            Ammo::Out
                        }
                    );
                    lost += 1;
                }
            }
            let share = lost as f64 / n as f64;
            let sd = (p * (1.0 - p) / n as f64).sqrt();
            assert!((share - p).abs() < 4.0 * sd, "{firer:?} {ammo:?}: {share}");
        }
        f.unit(firer).ammo = Ammo::Normal;
    }
    // At 0 % a volley never costs ammunition; at 100 % always.
    for (percent, lost) in [(0, false), (100, true)] {
        f.params.fire.ammo_loss_infantry_percent = percent;
        for seed in 0..500 {
            let mut b = f.board();
            let o = fire::fire(&mut b, i, t, false, 1.0, &mut rng(seed)).unwrap();
            assert_eq!(
                o.ammo_now,
                lost.then_some(Ammo::Low),
                "{percent} %, seed {seed}"
            );
        }
    }
}

/// §7 enfilade (+50 %) is fire through a rear hexside of a target unit; a leader with the
/// regiment, facing away, does not make it so. A leader alone is no mounted-cavalry target.
#[test]
fn s7_leaders_neither_open_an_enfilade_nor_count_as_mounted_cavalry() {
    let enfilade = ("enfilade".to_string(), 50);
    let (lines, _) = volley(|f, [_, d]| {
        let t = f.board().unit(d).unwrap().hex;
        f.add(1, UnitKind::Leader, t, Facing::NE, 0);
    });
    assert!(!lines.contains(&enfilade), "{lines:?}");
    let (lines, value) = volley(|f, [_, d]| f.unit(d).facing = Facing::NE);
    assert_eq!((lines, value), (vec![enfilade], 450.0));
    let (lines, value) = volley(|f, [_, d]| {
        f.unit(d).kind = UnitKind::Leader;
        f.unit(d).formation = Formation::Mounted;
        f.unit(d).men = 0;
    });
    assert_eq!((lines, value), (vec![], 300.0));
}

/// §7 with D-cr-1: a volley's loss is split across the units in the hex by what each can lose —
/// a regiment its men, a battery 25 men a gun — by largest remainder; a leader with them takes
/// none. 100 men beside 4 guns (100 as men): halves, to within the odd man.
#[test]
fn d_cr_1_fire_loss_split_by_men_and_guns_as_men_and_none_to_a_leader() {
    let mut f = Field::new(12, 10);
    let a = f.hex(3, 4);
    let u = f.add(0, inf(), a, Facing::NE, 1000);
    let t = a + Facing::NE.step();
    let foot = f.add(1, inf(), t, Facing::SW, 100);
    let guns = f.add(1, UnitKind::Artillery, t, Facing::SW, 4);
    let leader = f.add(1, UnitKind::Leader, t, Facing::SW, 0);
    for seed in 0..100 {
        let mut b = f.board();
        let o = fire::fire(&mut b, u, t, false, 1.0, &mut rng(seed)).unwrap();
        let share = |id| {
            o.losses
                .iter()
                .find(|l| l.unit == id)
                .map_or(0, |l| l.share)
        };
        let (s_foot, s_guns) = (share(foot), share(guns));
        assert_eq!(s_foot + s_guns, o.loss, "seed {seed}");
        assert!(
            s_foot.abs_diff(s_guns) <= 1,
            "seed {seed}: {s_foot} and {s_guns}"
        );
        assert_eq!(share(leader), 0);
        assert!(b.unit(leader).is_some());
    }
}

/// §7: fire needs a firing formation, range, the target in front and in sight, and ammunition (Low
/// only as opportunity fire).
#[test]
fn fire_needs_formation_range_front_sight_and_ammo() {
    let mut f = Field::new(12, 10);
    let a = f.hex(3, 4);
    let u = f.add(0, inf(), a, Facing::NE, 300);
    let t2 = a + Facing::NE.step() + Facing::NE.step();
    f.add(1, inf(), t2, Facing::SW, 300);
    let b = f.board();
    assert_eq!(
        fire::breakdown(&b, u, t2, false, 1.0).map(|f| f.range),
        Ok(2)
    );
    let far = t2 + Facing::NE.step() + Facing::NE.step();
    f.add(1, inf(), far, Facing::SW, 300);
    assert!(
        fire::breakdown(&f.board(), u, far, false, 1.0)
            .unwrap_err()
            .message
            .contains("reaches 3")
    );
    f.unit(u).facing = Facing::SW;
    assert!(
        fire::breakdown(&f.board(), u, t2, false, 1.0)
            .unwrap_err()
            .message
            .contains("front")
    );
    f.unit(u).facing = Facing::NE;
    f.map.set_terrain(a + Facing::NE.step(), Terrain::Forest);
    assert!(!line_of_sight(&f.board(), a, t2));
    assert!(
        fire::breakdown(&f.board(), u, t2, false, 1.0)
            .unwrap_err()
            .message
            .contains("line of sight")
    );
    // From a ridge the forest no longer hides it: 3 levels (60 ft) + 6 ft against 30 ft trees.
    f.map.set_elevation(a, 3);
    f.map.set_elevation(t2, 3);
    assert!(line_of_sight(&f.board(), a, t2));
    f.map.set_terrain(a + Facing::NE.step(), Terrain::Clear);
    f.unit(u).formation = Formation::Column;
    assert!(
        fire::breakdown(&f.board(), u, t2, false, 1.0)
            .unwrap_err()
            .message
            .contains("column")
    );
    f.unit(u).formation = Formation::Line;
    f.unit(u).ammo = Ammo::Low;
    crate::common::refused(
        fire::breakdown(&f.board(), u, t2, false, 1.0),
        "is low on ammunition: it may only fire at units that come to it",
    );
    assert_eq!(
        fire::breakdown(&f.board(), u, t2, true, 1.0).map(|f| f.range),
        Ok(2),
        "low ammo may opportunity-fire"
    );
    f.unit(u).ammo = Ammo::Out;
    crate::common::refused(
        fire::breakdown(&f.board(), u, t2, true, 1.0),
        "is out of ammunition",
    );
    // The front reaches 90° either side of the facing.
    assert!(in_front(a, Facing::N, a + Facing::NE.step()));
    assert!(!in_front(a, Facing::N, a + Facing::SE.step()));
}

/// §7: fire value = men × effectiveness at range (halved beyond half range), and each terrain,
/// hexside and fatigue modifier.
#[test]
fn fire_value_and_modifiers() {
    let (mut f, a, u, t, d) = face_off(300);
    let v = |f: &Field| fire::breakdown(&f.board(), u, t, false, 1.0).unwrap();
    // Rifled musket, 1 hex: full effect, 300 × 1.
    assert_eq!(v(&f).value, 300.0);
    assert_eq!(v(&f).loss_range, [1.5, 7.5]);
    f.map.set_terrain(t, Terrain::Forest);
    assert_eq!(v(&f).value, 150.0);
    f.map.set_terrain(t, Terrain::Clear);
    f.feature(t, Facing::SW, SideFeature::StoneWall);
    assert_eq!(
        v(&f).value,
        150.0,
        "a wall protects a unit that held its hex"
    );
    f.unit(d).marks.moved = true;
    assert_eq!(v(&f).value, 300.0, "but not one that just moved in");
    f.unit(d).marks.moved = false;
    f.map.sides_mut().clear();
    f.unit(d).facing = Facing::NE;
    assert_eq!(v(&f).value, 450.0, "enfilade through a rear hexside +50%");
    f.unit(d).facing = Facing::SW;
    f.unit(u).fatigue = 650;
    assert_eq!(v(&f).value, 240.0, "high fatigue −20%");
    f.unit(u).fatigue = 0;
    // Beyond half range the effect halves: 2 hexes of a 3-hex rifle.
    let t2 = t + Facing::NE.step();
    f.add(1, inf(), t2, Facing::SW, 300);
    f.unit(d).hex = f.hex(11, 9);
    assert_eq!(
        fire::breakdown(&f.board(), u, t2, false, 1.0)
            .unwrap()
            .value,
        150.0
    );
    // Guns: 4 × 50, canister ×2 within 2 hexes; artillery fatigue counts double.
    let g = f.add(0, UnitKind::Artillery, a, Facing::NE, 4);
    let gv = fire::breakdown(&f.board(), g, t2, false, 1.0).unwrap();
    assert_eq!(gv.value, 400.0);
    f.unit(g).fatigue = 300;
    assert_eq!(
        fire::breakdown(&f.board(), g, t2, false, 1.0)
            .unwrap()
            .value,
        320.0
    );
}

/// §7 with §8 and §9.6: fire losses at LCV 5 / HCV 25, the target released if Fixed, morale checks
/// and ammunition loss.
#[test]
fn fire_results_losses_morale_and_ammo() {
    let (mut f, _, u, t, d) = face_off(400);
    f.unit(d).fixed_until = Some(9);
    let mut low = 0;
    let mut disorder = 0;
    let mut opportunity_failed = 0;
    for seed in 0..2000 {
        let mut b = f.board();
        let o = fire::fire(&mut b, u, t, false, 1.0, &mut rng(seed)).unwrap();
        assert!(o.loss >= 2 && o.loss <= 10, "400 × 5..25 / 1000");
        assert_eq!(b.unit(d).unwrap().men, 300 - o.loss);
        assert!(b.unit(u).unwrap().marks.fired);
        assert_eq!(b.unit(d).unwrap().fixed_until, None, "fired on: released");
        if o.ammo_now.is_some() {
            low += 1;
        }
        if o.morale.iter().any(|m| !m.passed) {
            disorder += 1;
            assert_eq!(
                o.morale[0].result,
                MoraleResult::Routed,
                "the acting side's fire routs"
            );
        }
        // Opportunity fire only disrupts.
        let mut b = f.board();
        let o = fire::fire(&mut b, u, t, true, 1.0, &mut rng(seed)).unwrap();
        if let Some(m) = o.morale.iter().find(|m| !m.passed) {
            assert_eq!(m.result, MoraleResult::Disrupted);
            opportunity_failed += 1;
        }
    }
    let share = low as f64 / 2000.0;
    assert!((share - 0.04).abs() < 0.015, "ammo loss about 4%: {share}");
    assert!(
        disorder > 0 && opportunity_failed > 0,
        "both branches reached"
    );
}

/// §9.6: −2 fired on in enfilade. The same fire from the front and through the rear; every
/// morale check it calls for is two lower in enfilade.
#[test]
fn morale_after_fire_in_enfilade_is_two_lower() {
    let mut checked = [0, 0];
    for seed in 0..200u64 {
        for (k, facing) in [Facing::SW, Facing::NE].into_iter().enumerate() {
            let mut f = Field::new(8, 8);
            let a = f.hex(3, 4);
            let u = f.add(0, inf(), a, Facing::NE, 900);
            let t = a + Facing::NE.step();
            let d = f.add(1, inf(), t, facing, 120);
            let mut b = f.board();
            let expected = bayonet::rules::morale::morale_value(&b, d) - 2 * k as i32;
            let out = fire::fire(&mut b, u, t, false, 1.0, &mut rng(seed)).unwrap();
            assert_eq!(
                out.breakdown
                    .modifiers
                    .iter()
                    .any(|m| m.name() == "enfilade"),
                k == 1
            );
            for m in out.morale.iter().filter(|m| m.unit == d) {
                assert_eq!(m.morale, expected, "seed {seed}, facing {facing:?}");
                checked[k] += 1;
            }
        }
    }
    assert!(checked[0] > 20 && checked[1] > 20, "{checked:?}");
}

/// §1 Phased Play / §7: only the other side's Defensive Fire phase fires as opportunity fire
/// does (low ammunition allowed); the acting side's Offensive Fire does not, and without Phased
/// Play there is no defensive fire phase.
#[test]
fn s1_only_the_defensive_fire_phase_fires_as_opportunity_fire() {
    use bayonet::rules::board::Phase;
    use bayonet::rules::order::{self, At, Order};
    let (mut f, a, u, t, d) = face_off(300);
    f.params.optional.phased_play = true;
    f.unit(u).ammo = Ammo::Low;
    f.unit(d).ammo = Ammo::Low;
    let mut b = f.board();
    let fire_at = |b: &bayonet::rules::board::Board, unit, h| {
        order::check(
            b,
            &Order::Fire {
                unit,
                at: At::of(b, h),
            },
        )
    };
    b.phase = Phase::OffensiveFire;
    assert!(!b.defensive_fire_phase());
    crate::common::refused(fire_at(&b, u, t), "is low on ammunition");
    b.phase = Phase::DefensiveFire;
    assert!(b.defensive_fire_phase());
    assert_eq!(fire_at(&b, d, a), Ok(()));
    b.params.optional.phased_play = false;
    assert!(!b.defensive_fire_phase());
}
