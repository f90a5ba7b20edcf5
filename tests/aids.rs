//! The players' aids' rules (issue 11): what a unit can still do (the Highlight menu), and the
//! threats to a hex next turn, each from the rules fire and melee use.

use bayonet::rules::fire;
use bayonet::rules::hex::Facing;
use bayonet::rules::map::Terrain;
use bayonet::rules::readiness::{Readiness, readiness, readiness_of_side};
use bayonet::rules::sight::look;
use bayonet::rules::threat::threats;
use bayonet::rules::unit::{Ammo, Formation, Side, UnitKind};

use crate::common::{Field, inf};

/// What each unit can still do is what §1, §6, §7 and §9.1 allow it: adjacent and facing, all
/// three; two hexes off, fire only; out of range, move only; a leader alone, no melee (§9.1);
/// after firing, no move and no second volley (§1); out of ammunition, no fire (§7); with its
/// movement points spent, no move (§6); turned away, no fire or melee (D-facing-1).
#[test]
fn readiness_follows_the_rules_of_moving_firing_and_meleeing() {
    let mut f = Field::new(12, 10);
    let d = f.center();
    let enemy = f.add(1, inf(), d, Facing::S, 300);
    let adjacent = f.attacker(0, inf(), d, Facing::S, 300);
    let two_off = f.add(0, inf(), f.hex(5, 7), Facing::N, 300);
    let far = f.add(0, inf(), f.hex(0, 9), Facing::N, 300);
    let leader = f.attacker(0, UnitKind::Leader, d, Facing::SW, 0);
    let b = f.board();
    assert_eq!(
        readiness(&b, adjacent),
        Readiness {
            can_move: true,
            can_fire: true,
            can_melee: true
        }
    );
    // Two hexes off in its front: fires, cannot melee.
    assert_eq!(
        readiness(&b, two_off),
        Readiness {
            can_move: true,
            can_fire: true,
            can_melee: false
        }
    );
    // Out of range: only moves.
    assert_eq!(
        readiness(&b, far),
        Readiness {
            can_move: true,
            can_fire: false,
            can_melee: false
        }
    );
    // A leader alone may not melee (§9.1), and has no weapon.
    assert_eq!(
        readiness(&b, leader),
        Readiness {
            can_move: true,
            can_fire: false,
            can_melee: false
        }
    );
    // The other side's unit can do nothing in this side's turn.
    assert_eq!(readiness(&b, enemy), Readiness::default());

    // After firing a unit may not move; out of ammunition it may not fire; having spent its
    // movement points it may not move; turned away, it may not melee or fire.
    f.unit(adjacent).marks.fired = true;
    f.unit(two_off).ammo = Ammo::Out;
    f.unit(far).marks.mp_used = 1000;
    let b = f.board();
    let r = readiness(&b, adjacent);
    assert!(!r.can_move && !r.can_fire, "{r:?}");
    assert!(!readiness(&b, two_off).can_fire);
    assert!(!readiness(&b, far).can_move);
    f.unit(adjacent).facing = Facing::S;
    f.unit(adjacent).marks.fired = false;
    let r = readiness(&f.board(), adjacent);
    assert!(!r.can_melee && !r.can_fire, "{r:?}");
}

/// A threat is §7's fire (the enemy turned to face the hex) and §9.1's melee after a move (§6):
/// a regiment two hexes off threatens both, a battery fire only (§9.1 rule 4), a far regiment and
/// our own units nothing; strongest first.
#[test]
fn threats_are_the_fire_and_melee_rules_on_the_enemys_next_turn() {
    let mut f = Field::new(14, 12);
    let target = f.hex(6, 6);
    let mine = f.add(0, inf(), target, Facing::N, 300);
    // Two hexes off, turned away: it would turn and fire, and could close to melee.
    let rifles = f.add(1, inf(), f.hex(6, 4), Facing::N, 300);
    // A battery five hexes off: fire only (artillery does not melee).
    let guns = f.add(1, UnitKind::Artillery, f.hex(6, 1), Facing::S, 4);
    // Far beyond reach and range.
    let distant = f.add(1, inf(), f.hex(13, 11), Facing::N, 300);
    let b = f.board();
    let t = threats(&b, target, Side(0));
    let of = |id| t.iter().find(|x| x.unit == id).cloned();
    let r = of(rifles).expect("the regiment threatens");
    // The fire value is fire's own breakdown with the regiment faced toward the hex.
    let mut faced = f.board();
    faced.unit_mut(rifles).unwrap().facing = Facing::S;
    let expect = fire::breakdown(&faced, rifles, target, false, 1.0)
        .unwrap()
        .value;
    assert_eq!(r.fire, Some(expect));
    assert!(r.melee.is_some_and(|m| m > 0.0));
    let g = of(guns).expect("the battery threatens");
    assert!(g.fire.is_some() && g.melee.is_none());
    assert!(of(distant).is_none());
    assert!(of(mine).is_none(), "own units are no threat");
    assert!(t.windows(2).all(|w| w[0].strength() >= w[1].strength()));
}

/// The threat overlay keeps §7's line of sight and §9.1's restrictions: foot beside mounted
/// cavalry threatens fire only (rule 3), cavalry behind a wood melee only (no sight, no fire).
#[test]
fn no_line_of_sight_no_fire_threat_and_melee_restrictions_hold() {
    let mut f = Field::new(14, 12);
    let target = f.hex(6, 6);
    f.add(0, UnitKind::Cavalry, target, Facing::N, 200);
    // Infantry may not melee mounted cavalry (§9.1): a regiment beside it threatens fire only.
    let foot = f.add(1, inf(), f.hex(6, 5), Facing::S, 300);
    // Behind a wood three hexes off: no sight, so no fire; close enough to reach and melee.
    for r in [4, 5] {
        f.map.set_terrain(f.hex(8, r), Terrain::Forest);
    }
    let hidden = f.add(1, UnitKind::Cavalry, f.hex(9, 4), Facing::SW, 200);
    let b = f.board();
    assert!(!look(&b, f.hex(9, 4), target).clear);
    let t = threats(&b, target, Side(0));
    let of = |id| t.iter().find(|x| x.unit == id).cloned();
    let foot_t = of(foot).unwrap();
    assert!(
        foot_t.fire.is_some() && foot_t.melee.is_none(),
        "{foot_t:?}"
    );
    // A held hex is reckoned as it stands, no notional unit beside ours: here all mounted
    // cavalry, so fire at it has that modifier (§7).
    let real = fire::breakdown(&b, foot, target, false, 1.0).unwrap();
    assert!(
        real.modifiers
            .iter()
            .any(|m| m.name() == "target mounted cavalry")
    );
    assert_eq!(foot_t.fire, Some(real.value));
    let hid = of(hidden).unwrap();
    assert!(hid.fire.is_none() && hid.melee.is_some(), "{hid:?}");
    // An empty hex is threatened too (a notional unit of ours stands in).
    let empty = f.hex(5, 8);
    assert!(threats(&b, empty, Side(0)).iter().any(|x| x.unit == foot));
    let _ = Formation::Line;
}

/// §7 line of sight as the Sight tool shows it: the range, the hex that blocks it, and at night
/// (§1) one hex only, with no hex to blame.
#[test]
fn look_names_the_blocking_hex_and_the_range() {
    let mut f = Field::new(12, 10);
    let a = f.hex(1, 5);
    let b = f.hex(7, 5);
    f.map.set_terrain(f.hex(4, 5), Terrain::Forest);
    let s = look(&f.board(), a, b);
    assert!(!s.clear);
    assert_eq!(s.range, 6);
    let block = s.blocking.expect("a blocking hex");
    assert_eq!(f.board().map.terrain(block), Terrain::Forest);
    f.map.set_terrain(f.hex(4, 5), Terrain::Clear);
    let s = look(&f.board(), a, b);
    assert!(s.clear && s.blocking.is_none());
    // Night: one hex only, with no hex to blame.
    f.night = true;
    let s = look(&f.board(), a, b);
    assert!(!s.clear && s.night && s.blocking.is_none());
}

/// A side's readiness worked out at once is each unit's own, and agrees with the one legality
/// check (§7 fire, §9.1 melee) tried at every enemy hex, on a crowded field.
#[test]
fn a_sides_readiness_at_once_is_each_units_readiness() {
    // A crowded field: artillery that reaches far (the hex-walk), muskets that reach near.
    // Over 37 enemies, so that rifles (3 hexes) walk the hexes in range and guns (6) the
    // enemy list: both ways of finding targets.
    let mut f = Field::new(24, 20);
    for i in 0..240u32 {
        let (c, r) = ((i % 24) as i32, (i / 24 * 2) as i32);
        let h = f.hex(c, r);
        if f.units.iter().any(|u| u.hex == h) {
            continue;
        }
        let kind = [
            inf(),
            UnitKind::Artillery,
            UnitKind::Cavalry,
            UnitKind::Leader,
        ][i as usize % 4];
        f.add(
            (i % 5 < 2) as u8,
            kind,
            h,
            Facing::from_index(i as usize),
            200,
        );
    }
    let b = f.board();
    let all = readiness_of_side(&b, Side(0));
    assert!(all.len() > 10);
    assert!(b.units.iter().filter(|u| u.side != Side(0)).count() > 37);
    // The oracle: every enemy hex tried with the one legality check.
    use bayonet::rules::order::{At, Order, check};
    for (id, r) in &all {
        assert_eq!(*r, readiness(&b, *id), "unit {id}");
        let enemies: Vec<_> = b.units.iter().filter(|e| e.side != Side(0)).collect();
        let fire = enemies.iter().any(|e| {
            check(
                &b,
                &Order::Fire {
                    unit: *id,
                    at: At::of(&b, e.hex),
                },
            )
            .is_ok()
        });
        let melee = enemies.iter().any(|e| {
            check(
                &b,
                &Order::Melee {
                    from: vec![],
                    units: vec![*id],
                    at: At::of(&b, e.hex),
                    follow_up: true,
                },
            )
            .is_ok()
        });
        assert_eq!((r.can_fire, r.can_melee), (fire, melee), "unit {id}");
    }
    assert!(all.iter().any(|(_, r)| r.can_fire) && all.iter().any(|(_, r)| r.can_melee));
    assert!(all.iter().any(|(_, r)| !r.can_fire));
}

/// §7's heights (PDT): a man's eye 6 ft above his ground, a level 20 ft; orchard and rough
/// 10 ft, town and forest 30 ft; at night one hex, the adjacent one, is still seen.
#[test]
fn sight_uses_the_heights_of_terrain_eyes_and_levels() {
    let mut f = Field::new(12, 10);
    let (a, mid, b) = (f.hex(1, 5), f.hex(3, 5), f.hex(5, 5));
    for t in [
        Terrain::Orchard,
        Terrain::Rough,
        Terrain::Town,
        Terrain::Forest,
    ] {
        f.map.set_terrain(mid, t);
        let s = look(&f.board(), a, b);
        assert_eq!(
            s.blocking,
            Some(mid),
            "{t:?} (10 ft or more) hides men on level ground"
        );
    }
    // On a ridge a man stands 26 ft up: rough on the ridge (30 ft) still hides him...
    for h in [a, f.hex(2, 5), mid, f.hex(4, 5), b] {
        f.map.set_elevation(h, 1);
    }
    f.map.set_terrain(mid, Terrain::Rough);
    assert!(!look(&f.board(), a, b).clear);
    // ...and clear ground on the ridge does not.
    f.map.set_terrain(mid, Terrain::Clear);
    assert!(look(&f.board(), a, b).clear);

    // Looking up a slope: from level 0 (eye 6 ft) to level 3 (66 ft) over three hexes, the
    // line is 46 ft high two hexes out: rough on level 1 there (30 ft) does not block.
    let mut g = Field::new(12, 10);
    let (lo, hi) = (g.hex(1, 5), g.hex(4, 5));
    g.map.set_elevation(hi, 3);
    let two_out = g.hex(3, 5);
    g.map.set_elevation(two_out, 1);
    g.map.set_terrain(two_out, Terrain::Rough);
    let s = look(&g.board(), lo, hi);
    assert_eq!(s.range, 3);
    assert!(s.clear, "{s:?}");
    // A wood there (50 ft) does, so that hex is on the line.
    g.map.set_terrain(two_out, Terrain::Forest);
    assert_eq!(look(&g.board(), lo, hi).blocking, Some(two_out));
    g.map.set_terrain(two_out, Terrain::Rough);

    // Night: the next hex is seen, two hexes are not.
    g.night = true;
    let b = g.board();
    assert!(look(&b, lo, g.hex(2, 5)).clear);
    assert!(!look(&b, lo, g.hex(3, 5)).clear);
}

/// §7: a hex blocks only when its ground and cover *exceed* the line between the eyes; level
/// with it, it does not.
#[test]
fn cover_level_with_the_line_of_sight_does_not_block() {
    let mut f = Field::new(12, 10);
    let (a, b) = (f.hex(1, 5), f.hex(6, 5));
    f.map.set_elevation(b, 1);
    let first = a.line_to(b).nth(1).unwrap();
    // Eyes at 6 ft and 26 ft, five hexes apart: one hex out the line is 10 ft up, as high as
    // an orchard on level ground.
    f.map.set_terrain(first, Terrain::Orchard);
    let s = look(&f.board(), a, b);
    assert_eq!(s.range, 5);
    assert!(s.clear, "{s:?}");
    // Rough on a rise there would stand above it.
    f.map.set_elevation(first, 1);
    assert_eq!(look(&f.board(), a, b).blocking, Some(first));
}

/// A threat to an empty hex is reckoned against a regiment like our first (not a leader, not
/// the enemy's), standing there as it stands: here facing N, so a volley from the north meets
/// its front; a unit facing S, as the enemy's first does, would be fired on in enfilade.
#[test]
fn a_threat_to_an_empty_hex_is_reckoned_against_a_regiment_like_ours() {
    let target = |f: &Field| f.hex(6, 6);
    let field = |held: Option<Facing>| {
        let mut f = Field::new(14, 12);
        f.add(1, inf(), f.hex(12, 10), Facing::S, 300);
        f.add(0, UnitKind::Leader, f.hex(1, 1), Facing::S, 0);
        f.add(0, inf(), f.hex(1, 10), Facing::N, 300);
        let north = f.add(1, inf(), f.hex(6, 4), Facing::S, 300);
        if let Some(facing) = held {
            f.add(0, inf(), target(&f), facing, 100);
        }
        (f, north)
    };
    let (f, north) = field(None);
    let t = threats(&f.board(), target(&f), Side(0));
    let got = t.iter().find(|x| x.unit == north).expect("it threatens");
    let fired = |facing| {
        let (f, north) = field(Some(facing));
        fire::breakdown(&f.board(), north, target(&f), false, 1.0).unwrap()
    };
    let want = fired(Facing::N);
    assert!(!want.modifiers.iter().any(|m| m.name() == "enfilade"));
    assert_eq!(got.fire, Some(want.value));
    assert!(
        fired(Facing::S).value > want.value,
        "the rear would be enfiladed"
    );
}

/// A threat's strength is the larger of its fire value and its melee strength. The overlay's
/// list is sorted by it, as `threats_are_the_fire_and_melee_rules_on_the_enemys_next_turn`
/// checks.
#[test]
fn a_threats_strength_is_its_larger_blow() {
    use bayonet::rules::threat::Threat;
    let t = |fire, melee| Threat {
        unit: bayonet::rules::unit::UnitId(1),
        fire,
        melee,
    };
    assert_eq!(t(Some(120.0), Some(300.0)).strength(), 300.0);
    assert_eq!(t(Some(450.0), Some(300.0)).strength(), 450.0);
    assert_eq!(t(Some(2.5), None).strength(), 2.5);
    assert_eq!(t(None, Some(7.0)).strength(), 7.0);
}

/// §9.5 / D-cap-1: captured guns manned by a regiment of their captors fire at the captured
/// factor, so they threaten as they would fire; left alone they cannot fire, and do not.
#[test]
fn d_cap_1_manned_captured_guns_threaten_and_unmanned_ones_do_not() {
    let mut f = Field::new(14, 12);
    let target = f.hex(6, 8);
    f.add(0, inf(), target, Facing::N, 300);
    let at = f.hex(6, 5);
    let guns = f.add(1, UnitKind::Artillery, at, Facing::S, 4);
    f.unit(guns).captured_from = Some(Side(0));
    let captors = f.add(1, inf(), at, Facing::S, 300);
    let b = f.board();
    let want = fire::breakdown(&b, guns, target, false, 1.0).unwrap();
    assert!(
        want.factors
            .iter()
            .any(|m| m.kind.words() == "captured guns")
    );
    let t = threats(&b, target, Side(0));
    let of = |t: &[bayonet::rules::threat::Threat]| t.iter().find(|x| x.unit == guns).cloned();
    assert_eq!(of(&t).and_then(|g| g.fire), Some(want.value));
    f.unit(captors).hex = f.hex(13, 0);
    assert_eq!(of(&threats(&f.board(), target, Side(0))), None);
}

/// §6 / §9.1: the enemy's reach for melee is its movement allowance: mounted cavalry along a
/// road (1 MP a hex) threatens melee from 25 hexes (24 hexes to close, then the melee), not 26.
#[test]
fn s6_a_melee_threat_reaches_as_far_as_a_move_along_a_road() {
    use bayonet::rules::hex::Hexside;
    use bayonet::rules::map::Road;
    let reach = |d: i32| {
        let mut f = Field::new(7, 32);
        let target = f.hex(3, 2);
        f.add(0, inf(), target, Facing::S, 300);
        let at = f.hex(3, 2 + d);
        let cav = f.add(1, UnitKind::Cavalry, at, Facing::N, 300);
        for r in 2..=2 + d {
            let h = f.hex(3, r);
            f.map
                .roads_mut()
                .insert(Hexside::new(h, Facing::N), Road::Road);
        }
        let t = threats(&f.board(), target, Side(0));
        t.iter().find(|x| x.unit == cav).and_then(|x| x.melee)
    };
    let got: Vec<bool> = (23..=26).map(|d| reach(d).is_some()).collect();
    assert_eq!(got, [true, true, true, false]);
}
