//! RULES.md §9.4–§11: resolution, fatigue, morale, retreat, advance, capture, bridges — and
//! invariants over many random melees.

use bayonet::rules::board::Board;
use bayonet::rules::capture;
use bayonet::rules::hex::{Facing, Hex};
use bayonet::rules::map::{FullHexBridge, MapEdge, Terrain};
use bayonet::rules::melee::EliminationReason;
use bayonet::rules::melee::{self, Declaration, MeleeOutcome, MeleeSide};
use bayonet::rules::morale;
use bayonet::rules::morale::CheckReason;
use bayonet::rules::morale::MoraleResult;
use bayonet::rules::movement::{MoverClass, entry_blocked};
use bayonet::rules::params::Parameters;
use bayonet::rules::retreat::{self, RetreatChoice};
use bayonet::rules::stacking::{StackLimit, hex_load};
use bayonet::rules::unit::{Crew, Formation, Quality, Side, UnitId, UnitKind};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::common::{Field, big_melee, inf};

/// The melee alone (the defenders' fire spent), through the game's pipeline.
fn resolve(f: &Field, decl: &Declaration, seed: u64) -> (Board, MeleeOutcome) {
    crate::common::settle(f, decl, seed)
}

/// The first seed whose resolution `want`s.
fn seed_where(
    f: &Field,
    decl: &Declaration,
    want: impl Fn(&MeleeOutcome) -> bool,
) -> (Board, MeleeOutcome) {
    (0..5_000)
        .map(|s| resolve(f, decl, s))
        .find(|(_, o)| want(o))
        .expect("some seed gives the wanted result")
}

/// §9.4: a resolution is a function of the board and the seed: the same seed gives the same
/// outcome, other seeds others.
#[test]
fn same_seed_same_outcome() {
    let (f, decl) = big_melee();
    let (b1, o1) = resolve(&f, &decl, 99);
    let (b2, o2) = resolve(&f, &decl, 99);
    assert_eq!(o1, o2);
    assert_eq!(b1.units, b2.units);
    let differs = (0..20).any(|s| resolve(&f, &decl, s).1 != o1);
    assert!(differs, "other seeds give other outcomes");
}

/// §9.4: melee fatigue is §8's fatigue × 1.5 for everyone and × 2 more for the loser.
#[test]
fn melee_fatigue_is_half_again_and_double_for_the_loser() {
    let mut f = Field::new(10, 8);
    let d = f.center();
    let dd = f.add(1, inf(), d, Facing::SW, 400);
    let a = f.attacker(0, inf(), d, Facing::SW, 400);
    let decl = Declaration {
        attackers: vec![a],
        defending_hex: d,
        follow_up: true,
    };
    let mut seen_loser = [false, false];
    for seed in 0..400 {
        let (_, o) = resolve(&f, &decl, seed);
        for (id, side) in [(a, MeleeSide::Attacker), (dd, MeleeSide::Defender)] {
            let share = o
                .losses
                .iter()
                .find(|l| l.unit == id)
                .map_or(0, |l| l.share) as f64;
            let gained = o
                .fatigue
                .iter()
                .find(|g| g.unit == id)
                .map_or(0, |g| g.gained) as f64;
            let k = if o.loser == Some(side) { 3.0 } else { 1.5 };
            seen_loser[(o.loser == Some(side)) as usize] = true;
            assert!(
                gained >= (k * share).round() - 0.5 && gained <= (3.0 * k * share).round() + 0.5,
                "seed {seed}: share {share} gave fatigue {gained} (×{k})"
            );
        }
    }
    assert_eq!(seen_loser, [true, true]);
}

/// §9.4: at night each attacker adds the Night Attack Penalty (300) before the × 1.5 and the
/// loser's × 2.
#[test]
fn night_attack_penalty_adds_to_each_attacker() {
    // Against wagons (they defend at 0) the attacker loses nothing, so its fatigue is the
    // night penalty alone: 300 × 1.5, ×2 when it loses. Two men inflict nothing most of the
    // time (a tie: the attacker loses); four hundred always win.
    let mut seen = [false, false];
    for men in [400, 2] {
        let mut f = Field::new(10, 8);
        let d = f.center();
        f.add(1, UnitKind::Supply, d, Facing::SW, 10);
        let a = f.attacker(0, inf(), d, Facing::SW, men);
        f.night = true;
        let decl = Declaration {
            attackers: vec![a],
            defending_hex: d,
            follow_up: true,
        };
        for seed in 0..50 {
            let (_, o) = resolve(&f, &decl, seed);
            assert_eq!(o.attacker_loss, 0);
            let gained = o.fatigue.iter().find(|g| g.unit == a).map(|g| g.gained);
            let lost = o.loser == Some(MeleeSide::Attacker);
            seen[usize::from(lost)] = true;
            assert_eq!(gained, Some(if lost { 900 } else { 450 }), "men {men}");
        }
    }
    assert_eq!(seen, [true, true], "both branches reached");
}

/// §9.4: fatigue caps at 900, and a unit already at 900 that gains fatigue checks morale.
#[test]
fn fatigue_caps_at_900_and_a_unit_there_checks_morale() {
    let mut f = Field::new(10, 8);
    let d = f.center();
    f.add(1, UnitKind::Supply, d, Facing::SW, 10);
    let a = f.attacker(0, inf(), d, Facing::SW, 400);
    f.unit(a).fatigue = 900;
    f.night = true;
    let (b, o) = resolve(
        &f,
        &Declaration {
            attackers: vec![a],
            defending_hex: d,
            follow_up: true,
        },
        5,
    );
    assert_eq!(b.unit(a).unwrap().fatigue, 900);
    assert!(
        o.morale
            .iter()
            .any(|m| m.unit == a && m.reason == CheckReason::FatigueAtMaximum)
    );
    // By day the same attack costs it nothing (wagons defend at 0, no night penalty): it gains
    // no fatigue, so it does not check, on any seed.
    f.night = false;
    for seed in 0..50 {
        let (b, o) = resolve(
            &f,
            &Declaration {
                attackers: vec![a],
                defending_hex: d,
                follow_up: true,
            },
            seed,
        );
        assert_eq!((o.attacker_loss, b.unit(a).unwrap().fatigue), (0, 900));
        assert!(
            o.morale.iter().all(|m| m.unit != a),
            "seed {seed}: {:?}",
            o.morale
        );
    }
}

/// §9.6: the morale value and its modifiers; a failed check in one's own attack routs.
#[test]
fn morale_value_and_failed_checks_rout() {
    let mut f = Field::new(10, 8);
    let d = f.center();
    let u = f.add(0, inf(), d, Facing::N, 300);
    f.unit(u).quality = Quality::B; // 5
    f.unit(u).fatigue = 650; // high −2
    f.unit(u).disrupted = true; // −1
    f.add(0, UnitKind::Leader, d, Facing::N, 0); // +1
    let other = f.add(0, inf(), d, Facing::N, 100);
    f.unit(other).brigade = "another".into(); // −1
    let mut b = f.board();
    assert_eq!(morale::morale_value(&b, u), 2);
    b.night = true; // −2
    assert_eq!(morale::morale_value(&b, u), 0);
    let check = morale::check(
        &mut b,
        u,
        true,
        CheckReason::Losses,
        &mut ChaCha8Rng::seed_from_u64(1),
    );
    assert!(!check.passed);
    assert_eq!(check.result, MoraleResult::Routed);
    assert!(b.unit(u).unwrap().routed);
    assert!((morale::check_chance(25, 25) - 0.5).abs() < 1e-12);
    assert_eq!(morale::check_chance(0, 25), 0.0);
}

/// D-ret-1 and D-adv-1.
#[test]
fn losing_defender_retreats_away_and_winners_advance_in_order() {
    let mut f = Field::new(10, 8);
    let d = f.center();
    let dd = f.add(1, inf(), d, Facing::SW, 200);
    let a1 = f.attacker(0, inf(), d, Facing::SW, 600);
    // Together at the stacking limit (§9.1 rule 7 refuses more): both fit in the hex.
    let a2 = f.attacker(0, inf(), d, Facing::S, 400);
    let decl = Declaration {
        attackers: vec![a1, a2],
        defending_hex: d,
        follow_up: true,
    };
    let (b, o) = seed_where(&f, &decl, |o| {
        o.loser == Some(MeleeSide::Defender) && o.morale.iter().all(|m| m.passed)
    });
    let r = &o.retreats[0];
    assert_eq!(r.unit, dd);
    assert_eq!(r.from, d);
    let sw = d + Facing::SW.step();
    let s = d + Facing::S.step();
    // The farthest neighbours of the defending hex from both attacking hexes: N and NE.
    assert!(
        [d + Facing::N.step(), d + Facing::NE.step()].contains(&r.to),
        "went to {:?}",
        r.to
    );
    assert_eq!(
        r.to.unsigned_distance_to(sw)
            .min(r.to.unsigned_distance_to(s)),
        2
    );
    assert!(b.unit(dd).unwrap().marks.retreated);
    assert_eq!(o.end_of_phase_checks, vec![dd]);
    // D-adv-1: the winners move in, in declaration order.
    assert_eq!(o.advanced, vec![a1, a2]);
    assert_eq!(b.unit(a1).unwrap().hex, d);
    assert_eq!(b.unit(a2).unwrap().hex, d);
}

/// §9.4: a losing attacker stays where it is and is marked meleed.
#[test]
fn losing_attacker_stays_put() {
    let mut f = Field::new(10, 8);
    let d = f.center();
    f.add(1, inf(), d, Facing::SW, 900);
    let a = f.attacker(0, inf(), d, Facing::SW, 300);
    let decl = Declaration {
        attackers: vec![a],
        defending_hex: d,
        follow_up: true,
    };
    let (b, o) = seed_where(&f, &decl, |o| {
        o.loser == Some(MeleeSide::Attacker) && o.routs.is_empty()
    });
    assert!(o.retreats.is_empty() && o.advanced.is_empty());
    assert_eq!(b.unit(a).unwrap().hex, d + Facing::SW.step());
    assert!(b.unit(a).unwrap().marks.meleed);
}

/// D-ret-1. Attacked from the SW, the N, NE and SE neighbours are all two hexes away; NE
/// wins the tie towards the own (east) edge.
#[test]
fn retreat_prefers_hexes_outside_enemy_zoc() {
    let mut f = Field::new(10, 8);
    let d = f.center();
    let dd = f.add(1, inf(), d, Facing::SW, 200);
    let from = [d + Facing::SW.step()];
    f.attacker(0, inf(), d, Facing::SW, 300);
    let to = |f: &Field| match retreat::choose(&f.board(), dd, d, &from, MapEdge::East) {
        RetreatChoice::To { to, .. } => to,
        RetreatChoice::Surrender => panic!("expected a retreat"),
    };
    assert_eq!(to(&f), d + Facing::NE.step());
    // An enemy beyond faces the NE hex: it is in that enemy's zone of control now.
    let beyond = d + Facing::NE.step() + Facing::NE.step();
    f.add(0, inf(), beyond, Facing::SW, 100);
    assert!(f.board().in_enemy_zoc(d + Facing::NE.step(), Side(1)));
    assert_eq!(to(&f), d + Facing::SE.step());
}

/// §10: every neighbour but N is blocked terrain; a lone enemy leader, wagon or limbered
/// battery in the N hex is overrun; an unlimbered, crewed battery blocks it (the defender
/// surrenders).
#[test]
fn retreat_overruns_lone_leaders_wagons_and_limbered_guns() {
    for (kind, limbered, overrun) in [
        (UnitKind::Leader, false, true),
        (UnitKind::Supply, false, true),
        (UnitKind::Artillery, true, true),
        (UnitKind::Artillery, false, false),
    ] {
        let mut f = Field::new(10, 8);
        let d = f.center();
        let dd = f.add(1, inf(), d, Facing::SW, 200);
        let a = f.attacker(0, inf(), d, Facing::SW, 800);
        for side in [Facing::NE, Facing::SE, Facing::S, Facing::NW] {
            f.map.set_terrain(d + side.step(), Terrain::Blocked);
        }
        let lone = f.add(0, kind, d + Facing::N.step(), Facing::S, 4);
        if limbered {
            f.unit(lone).formation = bayonet::rules::unit::Formation::Limbered;
        }
        let decl = Declaration {
            attackers: vec![a],
            defending_hex: d,
            follow_up: true,
        };
        let (b, o) = seed_where(&f, &decl, |o| o.loser == Some(MeleeSide::Defender));
        let gone = o
            .eliminated
            .iter()
            .any(|e| e.unit == lone && e.reason == EliminationReason::Overrun);
        assert_eq!(gone, overrun, "{kind:?} limbered {limbered}");
        assert_eq!(b.unit(lone).is_none(), overrun, "{kind:?}");
        let at = b.unit(dd).map(|u| u.hex);
        if overrun {
            assert_eq!(at, Some(d + Facing::N.step()));
        } else {
            assert_eq!(at, None, "no hex to go to: it surrendered");
        }
    }
}

/// §10: a losing defender with no candidate hex surrenders (eliminated, counted as captured).
#[test]
fn with_no_retreat_hex_the_defender_surrenders() {
    let mut f = Field::new(10, 8);
    let d = f.center();
    let dd = f.add(1, inf(), d, Facing::SW, 100);
    let a = f.attacker(0, inf(), d, Facing::SW, 900);
    for side in [Facing::N, Facing::NE, Facing::SE, Facing::S, Facing::NW] {
        f.add(0, inf(), d + side.step(), Facing::S, 50);
    }
    let decl = Declaration {
        attackers: vec![a],
        defending_hex: d,
        follow_up: true,
    };
    let (b, o) = seed_where(&f, &decl, |o| {
        o.loser == Some(MeleeSide::Defender) && !o.eliminated.is_empty()
    });
    let e = o
        .eliminated
        .iter()
        .find(|e| e.unit == dd)
        .expect("defender eliminated");
    assert!(e.captured && e.reason == EliminationReason::NoHexToRetreatTo);
    assert!(b.unit(dd).is_none());
}

fn battery_melee(capture_rule: bool) -> (Field, UnitId, UnitId, Declaration) {
    let mut f = Field::new(10, 8);
    let d = f.center();
    let g = f.add(1, UnitKind::Artillery, d, Facing::SW, 4);
    let a = f.attacker(0, inf(), d, Facing::SW, 500);
    f.params.optional.artillery_capture = capture_rule;
    (
        f,
        g,
        a,
        Declaration {
            attackers: vec![a],
            defending_hex: d,
            follow_up: true,
        },
    )
}

/// D-cap-1.
#[test]
fn unlimbered_guns_of_a_losing_defender_are_eliminated_by_default() {
    let (f, g, _, decl) = battery_melee(false);
    let (b, o) = seed_where(&f, &decl, |o| {
        o.loser == Some(MeleeSide::Defender)
            && o.eliminated
                .iter()
                .any(|e| e.reason == EliminationReason::GunsCouldNotRetreat)
    });
    assert!(b.unit(g).is_none());
    assert!(o.captured.is_empty());
}

/// §9.5 (D-cap-1), Artillery Capture: guns taken change side, fire at half beside a captor, never
/// move; spiking.
#[test]
fn optional_artillery_capture_spike_recapture_recrew() {
    let (f, g, a, decl) = battery_melee(true);
    let (mut b, _) = seed_where(&f, &decl, |o| {
        o.loser == Some(MeleeSide::Defender) && !o.captured.is_empty() && !o.advanced.is_empty()
    });
    let gun = b.unit(g).unwrap().clone();
    assert_eq!(gun.side, Side(0));
    assert_eq!(gun.captured_from, Some(Side(1)));
    assert_eq!(
        b.unit(a).unwrap().hex,
        gun.hex,
        "the winners advance onto the guns"
    );
    // Captured guns fire at half while stacked with a captor, and never move.
    assert_eq!(capture::fire_factor(&b, &gun), 0.5);
    assert!(!capture::may_move(&gun));
    let value = capture::captured_gun_value(&b, &gun);
    assert_eq!(value, (gun.guns * 20) as f64);
    assert_eq!(gun.captured_guns, gun.guns);
    // D-cap-1: its captors may turn it and fire it, at half; it may not move or limber.
    let to = gun.facing.clockwise();
    assert_eq!(
        bayonet::rules::facing::check(&b, g, to),
        Ok(bayonet::rules::facing::cost(&b, g, to).unwrap())
    );
    crate::common::refused(
        bayonet::rules::formation::check(&b, g, Formation::Limbered),
        "is captured and cannot leave its hex",
    );
    let enemy = b.units.iter().find(|u| u.side == Side(1)).map(|u| u.id);
    let target = gun.hex + gun.facing.step() + gun.facing.step();
    let mut shoot = b.clone();
    shoot.units.retain(|u| u.side == Side(0));
    let mut t = shoot.unit(a).unwrap().clone();
    t.id = UnitId(900);
    t.side = Side(1);
    t.hex = target;
    shoot.units.push(t);
    let _ = enemy;
    let half = bayonet::rules::fire::breakdown(&shoot, g, target, false, 1.0).unwrap();
    assert!(
        half.factors
            .iter()
            .any(|m| m.kind.words() == "captured guns" && m.times == 0.5)
    );
    let mut own = shoot.clone();
    own.unit_mut(g).unwrap().captured_from = None;
    let full = bayonet::rules::fire::breakdown(&own, g, target, false, 1.0).unwrap();
    assert!(
        (half.value - full.value / 2.0).abs() < 1e-9,
        "{} vs {}",
        half.value,
        full.value
    );
    // Without a captor beside them the guns can neither turn nor fire.
    let mut alone = shoot.clone();
    alone.unit_mut(a).unwrap().hex = gun.hex + gun.facing.opposite().step() + Facing::S.step();
    crate::common::refused(
        bayonet::rules::facing::check(&alone, g, to),
        "a unit of yours must stand with it to turn it",
    );
    crate::common::refused(
        bayonet::rules::fire::breakdown(&alone, g, target, false, 1.0),
        "a unit of yours must stand with it to fire it",
    );
    // The guns taken are what they are worth, even if the battery loses guns after.
    b.unit_mut(g).unwrap().guns -= 1;
    let fewer = b.unit(g).unwrap().clone();
    assert_eq!(capture::captured_gun_value(&b, &fewer), value);
    b.unit_mut(g).unwrap().guns += 1;
    // Spiked: half value, no fire.
    capture::spike(&mut b, g, a).unwrap();
    let gun = b.unit(g).unwrap().clone();
    assert_eq!(gun.crew, Crew::Spiked);
    assert_eq!(capture::captured_gun_value(&b, &gun), value / 2.0);
    assert_eq!(capture::fire_factor(&b, &gun), 0.0);
    crate::common::refused(
        capture::spike(&mut b, g, a),
        "is not a captured, unspiked battery",
    );
}

/// §9.5: guns won back by melee return uncrewed and may be recrewed.
#[test]
fn guns_won_back_come_back_uncrewed_and_can_be_recrewed() {
    let (f, g, _, decl) = battery_melee(true);
    let (b, _) = seed_where(&f, &decl, |o| {
        o.loser == Some(MeleeSide::Defender) && !o.captured.is_empty() && !o.advanced.is_empty()
    });
    // The original side counter-attacks the captors and wins.
    let d = b.unit(g).unwrap().hex;
    let mut f2 = Field::new(10, 8);
    f2.adopt(&b);
    let back = f2.attacker(1, inf(), d, Facing::NE, 700);
    let decl2 = Declaration {
        attackers: vec![back],
        defending_hex: d,
        follow_up: true,
    };
    let (mut b2, _) = seed_where(&f2, &decl2, |o| {
        o.loser == Some(MeleeSide::Defender)
            && o.captured.contains(&g)
            && o.advanced.contains(&back)
    });
    let gun = b2.unit(g).unwrap().clone();
    assert_eq!(gun.side, Side(1));
    assert_eq!(gun.captured_from, None);
    assert_eq!(gun.crew, Crew::Uncrewed);
    crate::common::refused(
        capture::recrew(&mut b2, g, back),
        "the crewing unit has already acted this turn",
    );
    b2.unit_mut(back).unwrap().marks = Default::default();
    capture::recrew(&mut b2, g, back).unwrap();
    assert_eq!(b2.unit(g).unwrap().crew, Crew::Crewed);
    assert!(
        b2.unit(back).unwrap().marks.moved,
        "recrewing costs the turn"
    );
}

/// §11.
#[test]
fn bridge_damage_falls_on_the_bridge_alone() {
    let mut f = Field::new(10, 8);
    let d = f.center();
    f.map.set_terrain(d, Terrain::Water);
    f.map.bridges.insert(
        d,
        FullHexBridge {
            strength: 40,
            max: 200,
        },
    );
    let a = f.attacker(0, inf(), d, Facing::SW, 400);
    let decl = Declaration {
        attackers: vec![a],
        defending_hex: d,
        follow_up: true,
    };
    assert!(melee::check(&f.board(), &decl).is_empty());
    let b = melee::breakdown(&f.board(), &decl);
    assert!(b.bridge_damage);
    // The forecast shows the damage alone: nobody retreats, nothing is taken or eliminated.
    let fc = melee::forecast(&f.board(), &decl);
    assert_eq!(
        (fc.defender_retreats, fc.guns_captured, fc.eliminated.len()),
        (0.0, 0.0, 0)
    );
    assert_eq!(fc.defender_loss.high, 40, "no more than the bridge has");
    let mut destroyed = false;
    for seed in 0..200 {
        let (board, o) = resolve(&f, &decl, seed);
        let dmg = o.bridge.as_ref().expect("bridge result");
        assert_eq!(o.attacker_loss, 0);
        assert!(o.losses.is_empty() && o.fatigue.is_empty());
        let roll = o.defender_roll as f64;
        assert!(
            roll >= b.defender_loss_range[0].floor() && roll <= b.defender_loss_range[1].ceil()
        );
        assert_eq!(dmg.after, 40u32.saturating_sub(o.defender_roll));
        assert_eq!(
            (dmg.before, o.defender_loss),
            (40, 40 - dmg.after),
            "the strength lost"
        );
        if dmg.after == 0 {
            destroyed = true;
            // Strength 0: impassable, so not even meleed again.
            let class = MoverClass::LineInfantry;
            assert!(
                entry_blocked(&board.map, &board.params, class, d + Facing::SW.step(), d).is_some()
            );
        }
    }
    assert!(destroyed, "440 × 125 / 1000 = 55 can beat strength 40");
    // With an enemy standing on the bridge it is an ordinary melee against that enemy; and an
    // empty hex without a bridge is no bridge attack either.
    let held = f.add(1, inf(), d, Facing::SW, 200);
    let b = melee::breakdown(&f.board(), &decl);
    assert!(!b.bridge_damage);
    assert_eq!(b.defence_base, 200.0);
    f.units.retain(|u| u.id != held);
    f.map.bridges.clear();
    assert!(!melee::breakdown(&f.board(), &decl).bridge_damage);
}

/// Random melees around one defending hex on a 9×9 field.
fn random_melee(rng: &mut ChaCha8Rng) -> Option<(Field, Declaration)> {
    let mut f = Field::new(9, 9);
    f.params.optional.artillery_capture = rng.random_bool(0.5);
    let d = f.hex(4, 4);
    let kinds = [
        UnitKind::Infantry,
        UnitKind::Cavalry,
        UnitKind::Artillery,
        UnitKind::Supply,
        UnitKind::Leader,
    ];
    for _ in 0..rng.random_range(1..=3) {
        let k = kinds[rng.random_range(0..kinds.len())];
        let id = f.add(
            1,
            k,
            d,
            Facing::from_index(rng.random_range(0..6)),
            rng.random_range(1..300),
        );
        let u = f.unit(id);
        u.routed = rng.random_bool(0.1);
        u.isolated = rng.random_bool(0.1);
        u.marks.retreated = rng.random_bool(0.1);
        if k == UnitKind::Cavalry && rng.random_bool(0.5) {
            u.formation = Formation::Dismounted;
        }
        if k == UnitKind::Artillery && rng.random_bool(0.3) {
            u.formation = Formation::Limbered;
        }
    }
    let mut attackers = Vec::new();
    let sides: Vec<Facing> = Facing::ALL
        .into_iter()
        .filter(|_| rng.random_bool(0.4))
        .collect();
    for &s in &sides {
        for _ in 0..rng.random_range(1..=2) {
            let k =
                [UnitKind::Infantry, UnitKind::Cavalry, UnitKind::Leader][rng.random_range(0..3)];
            let id = f.attacker(0, k, d, s, rng.random_range(20..400));
            f.unit(id).fatigue = rng.random_range(0..=900);
            attackers.push(id);
        }
    }
    // Bystanders of both sides around, some in the way of a retreat.
    for s in Facing::ALL {
        if sides.contains(&s) || !rng.random_bool(0.4) {
            continue;
        }
        let side = rng.random_range(0..2u8);
        let k = kinds[rng.random_range(0..kinds.len())];
        f.add(
            side,
            k,
            d + s.step(),
            Facing::from_index(rng.random_range(0..6)),
            rng.random_range(1..500),
        );
    }
    f.night = rng.random_bool(0.2);
    let decl = Declaration {
        attackers,
        defending_hex: d,
        follow_up: true,
    };
    let board = f.board();
    let stacked_ok = board
        .map
        .hexes()
        .all(|h| StackLimit::check(board.load_at(h), &board.params).is_none());
    (stacked_ok && melee::check(&board, &decl).is_empty()).then_some((f, decl))
}

fn totals(units: &[bayonet::rules::unit::Unit]) -> (u64, u64) {
    units
        .iter()
        .fold((0, 0), |(m, g), u| (m + u.men as u64, g + u.guns as u64))
}

/// §8–§10 over 10,000 random legal melees: men and guns conserved, nobody gains men, fatigue ≤ 900,
/// one loser.
#[test]
fn invariants_over_10000_random_melees() {
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let mut done = 0;
    let mut attempts = 0;
    let mut defender_lost = 0;
    while done < 10_000 {
        attempts += 1;
        assert!(attempts < 400_000, "too few legal random melees");
        let Some((f, decl)) = random_melee(&mut rng) else {
            continue;
        };
        let before = f.board();
        let (b, o) = resolve(&f, &decl, attempts);
        done += 1;
        if o.loser == Some(MeleeSide::Defender) {
            defender_lost += 1;
        }
        // Men and guns are conserved: before − losses = after + eliminated.
        let (m0, g0) = totals(&before.units);
        let (m1, g1) = totals(&b.units);
        let lost_m: u64 = o.losses.iter().map(|l| l.men as u64).sum();
        let lost_g: u64 = o.losses.iter().map(|l| l.guns as u64).sum();
        let gone_m: u64 = o.eliminated.iter().map(|e| e.men as u64).sum();
        let gone_g: u64 = o.eliminated.iter().map(|e| e.guns as u64).sum();
        assert_eq!(m0 - lost_m, m1 + gone_m, "men, attempt {attempts}");
        assert_eq!(g0 - lost_g, g1 + gone_g, "guns, attempt {attempts}");
        for u in &b.units {
            let was = before.unit(u.id).unwrap();
            assert!(u.men <= was.men && u.guns <= was.guns);
            assert!(u.fatigue <= 900);
        }
        // No overstacked hex; no hex held by both sides (captured guns change side).
        let mut hexes: Vec<Hex> = b.units.iter().map(|u| u.hex).collect();
        hexes.dedup();
        for h in hexes {
            let here: Vec<_> = b.units_at(h).collect();
            assert!(
                StackLimit::check(hex_load(here.iter().copied(), &b.params), &b.params).is_none(),
                "overstacked, attempt {attempts}"
            );
            assert!(
                here.iter().all(|u| u.side == here[0].side),
                "both sides in a hex, attempt {attempts}"
            );
        }
        // Every retreat ends one hex away in a hex of the map, where the unit stands (or from
        // where it ran); every losing defender retreated, was captured or eliminated, and
        // every elimination says why.
        for r in &o.retreats {
            assert_eq!(r.from.unsigned_distance_to(r.to), 1, "attempt {attempts}");
            assert!(b.map.contains(r.to));
            let ran = o.routs.iter().filter(|m| m.unit == r.unit).last();
            match b.unit(r.unit) {
                Some(u) => assert_eq!(u.hex, ran.map_or(r.to, |m| m.to), "attempt {attempts}"),
                None => assert!(o.eliminated.iter().any(|e| e.unit == r.unit)),
            }
        }
        if o.loser == Some(MeleeSide::Defender) {
            for s in &o.breakdown.defenders {
                let gone = o.eliminated.iter().any(|e| e.unit == s.unit);
                assert!(
                    gone || o.captured.contains(&s.unit)
                        || o.retreats.iter().any(|r| r.unit == s.unit),
                    "defender {} neither retreated, captured nor eliminated, attempt {attempts}",
                    s.unit
                );
            }
        }
        // The loser follows the losses actually taken; the defender wins ties.
        assert_eq!(
            o.loser == Some(MeleeSide::Defender),
            o.defender_loss > o.attacker_loss
        );
        assert!(
            o.attacker_loss <= o.breakdown.attacker_capacity
                && o.defender_loss <= o.breakdown.defender_capacity
        );
    }
    assert!(
        defender_lost > 1000 && defender_lost < 9000,
        "both results happen: {defender_lost}"
    );
}

/// D-rout-1: infantry has 12 MP; half is 6, three clear hexes at 2 each.
#[test]
fn a_routed_unit_runs_half_its_allowance_away_from_the_enemy() {
    let mut f = Field::new(12, 9);
    let d = f.hex(5, 4);
    let u = f.add(1, inf(), d, Facing::SW, 300);
    let enemy = d + Facing::SW.step();
    f.add(0, inf(), enemy, Facing::NE, 300);
    let mut b = f.board();
    let m = morale::rout_move(&mut b, u).expect("it runs");
    assert_eq!(m.from, d);
    assert_eq!(m.to.unsigned_distance_to(enemy), 4);
    assert_eq!(b.unit(u).unwrap().hex, m.to);
    // Forest costs 5: one hex only.
    let mut f2 = Field::new(12, 9);
    let u2 = f2.add(1, inf(), d, Facing::SW, 300);
    f2.add(0, inf(), enemy, Facing::NE, 300);
    for h in f2.map.hexes().collect::<Vec<_>>() {
        f2.map.set_terrain(h, Terrain::Forest);
    }
    let mut b2 = f2.board();
    let m2 = morale::rout_move(&mut b2, u2).unwrap();
    assert_eq!(m2.to.unsigned_distance_to(d), 1);
    // "The enemy" it runs from is the enemy's fighting units: a lone enemy leader and a wagon
    // ahead of it, and a friendly regiment beside it, do not turn it; it still ends four hexes
    // from the regiment that routed it.
    // (Here the enemy stands towards the unit's own edge, so running away is not running home.)
    let run = |leader: bool, wagon: bool, friend: Option<Hex>| {
        let mut f3 = Field::new(12, 9);
        let u3 = f3.add(1, inf(), d, Facing::NE, 300);
        let enemy = d + Facing::NE.step();
        f3.add(0, inf(), enemy, Facing::SW, 300);
        if leader {
            let ahead = d + Facing::SW.step() + Facing::SW.step();
            f3.add(0, UnitKind::Leader, ahead, Facing::NE, 0);
        }
        if wagon {
            let ahead = d + Facing::S.step() + Facing::S.step();
            f3.add(0, UnitKind::Supply, ahead, Facing::N, 5);
        }
        if let Some(at) = friend {
            f3.add(1, inf(), at, Facing::SW, 300);
        }
        let mut b3 = f3.board();
        let m = morale::rout_move(&mut b3, u3).expect("it runs");
        (m.to.unsigned_distance_to(enemy), m.to)
    };
    let alone = run(false, false, None);
    assert_eq!(alone.0, 4);
    assert_eq!(run(true, false, None), alone, "an enemy leader");
    assert_eq!(
        run(false, true, None).0,
        4,
        "an enemy wagon (its hex is not entered)"
    );
    assert_eq!(
        run(false, false, Some(d + Facing::N.step())).0,
        4,
        "a friend"
    );
    // A friend where it would end does not stop it (600 men stack): it ends in that hex.
    assert_eq!(
        run(false, false, Some(alone.1)),
        alone,
        "a friend on its way"
    );
}

/// §9.6 (D-rout-1): a rout makes adjacent friends check too; Rout Limiting adds 1 per level of the
/// cascade.
#[test]
fn a_rout_spreads_to_neighbours_and_rout_limiting_steadies_them() {
    let mut f = Field::new(12, 9);
    let d = f.hex(5, 4);
    let u = f.add(1, inf(), d, Facing::SW, 300);
    let friend = f.add(1, inf(), d + Facing::N.step(), Facing::SW, 300);
    f.unit(friend).quality = Quality::F; // morale 1, and −2 at night: always fails
    f.add(
        0,
        inf(),
        d + Facing::SW.step() + Facing::SW.step(),
        Facing::NE,
        300,
    );
    f.night = true;
    let mut b = f.board();
    b.unit_mut(u).unwrap().routed = true;
    let (checks, moves) =
        morale::rout_cascade(&mut b, vec![(u, d)], &mut ChaCha8Rng::seed_from_u64(3));
    assert_eq!(checks.len(), 1);
    assert_eq!(
        (checks[0].unit, checks[0].morale, checks[0].result),
        (friend, -1, MoraleResult::Routed)
    );
    assert_eq!(moves.len(), 2, "both run");
    // Rout Limiting adds 1 per level of the cascade.
    f.params.optional.rout_limiting = true;
    let mut b = f.board();
    b.unit_mut(u).unwrap().routed = true;
    let (checks, _) = morale::rout_cascade(&mut b, vec![(u, d)], &mut ChaCha8Rng::seed_from_u64(3));
    assert_eq!(checks[0].morale, 0);
}

/// §9.6: each unit that loses L men in a melee checks morale with chance L / (L + 25); one that
/// loses none never does. Counted over 4,000 seeded melees against the exact expectation.
#[test]
fn s9_6_melee_losses_call_for_a_check_at_l_over_l_plus_base() {
    let mut f = Field::new(10, 8);
    let d = f.center();
    f.add(1, inf(), d, Facing::SW, 500);
    let a = f.attacker(0, inf(), d, Facing::SW, 500);
    let decl = Declaration {
        attackers: vec![a],
        defending_hex: d,
        follow_up: true,
    };
    let base = Parameters::defaults().morale.check_base;
    let (mut expected, mut seen, mut var) = (0.0, 0.0, 0.0);
    for seed in 0..4000 {
        let (_, o) = resolve(&f, &decl, seed);
        for l in &o.losses {
            let p = morale::check_chance(l.share, base);
            expected += p;
            var += p * (1.0 - p);
            let checked = o
                .morale
                .iter()
                .any(|m| m.unit == l.unit && m.reason == CheckReason::Losses);
            seen += f64::from(u8::from(checked));
            if l.share == 0 {
                assert!(!checked, "seed {seed}: no loss, no check");
            }
        }
    }
    assert!(
        (seen - expected).abs() < 4.0 * var.sqrt(),
        "checks {seen}, expected {expected:.1} ± {:.1}",
        var.sqrt()
    );
    assert!(expected > 500.0, "{expected}");
}

/// D-cap-1: guns that are unlimbered, uncrewed, spiked or captured cannot retreat; a limbered,
/// crewed battery retreats like any unit, and so does everything that is not artillery.
#[test]
fn d_cap_1_which_guns_cannot_retreat() {
    let mut f = Field::new(10, 8);
    let d = f.center();
    let g = f.add(1, UnitKind::Artillery, d, Facing::SW, 12);
    let i = f.add(1, inf(), f.hex(1, 1), Facing::SW, 100);
    let check = |f: &mut Field, formation: Formation, crew: Crew, captured: bool| {
        f.unit(g).formation = formation;
        f.unit(g).crew = crew;
        f.unit(g).captured_from = captured.then_some(Side(0));
        retreat::cannot_retreat(&f.board(), g)
    };
    assert!(!check(&mut f, Formation::Limbered, Crew::Crewed, false));
    assert!(check(&mut f, Formation::Unlimbered, Crew::Crewed, false));
    assert!(check(&mut f, Formation::Limbered, Crew::Uncrewed, false));
    assert!(check(&mut f, Formation::Limbered, Crew::Spiked, false));
    assert!(check(&mut f, Formation::Limbered, Crew::Crewed, true));
    assert!(!retreat::cannot_retreat(&f.board(), i));
    // A limbered battery that loses a melee retreats; unlimbered, it stays to be taken.
    let a = f.attacker(0, inf(), d, Facing::SW, 300);
    let decl = Declaration {
        attackers: vec![a],
        defending_hex: d,
        follow_up: true,
    };
    let lost_standing = |o: &MeleeOutcome| {
        o.loser == Some(MeleeSide::Defender)
            && !o
                .eliminated
                .iter()
                .any(|e| e.unit == g && e.reason == EliminationReason::NoMenLeft)
    };
    check(&mut f, Formation::Limbered, Crew::Crewed, false);
    let (b, o) = seed_where(&f, &decl, lost_standing);
    assert!(o.retreats.iter().any(|r| r.unit == g), "{o:?}");
    assert_ne!(b.unit(g).map(|u| u.hex), Some(d));
    check(&mut f, Formation::Unlimbered, Crew::Crewed, false);
    let (_, o) = seed_where(&f, &decl, lost_standing);
    assert!(o.retreats.iter().all(|r| r.unit != g));
    assert!(o.eliminated.iter().any(|e| e.unit == g && e.captured));
}

/// D-ret-1: away from the attackers — first the farthest from the nearest attacking hex, then
/// the farthest from all of them together. Attacked from SW, S and N, every neighbour left is
/// next to one attacking hex; NW is nearer the other two than NE or SE are.
#[test]
fn d_ret_1_ties_on_the_nearest_attacker_go_to_the_farthest_from_all() {
    let mut f = Field::new(10, 8);
    let d = f.center();
    let u = f.add(1, inf(), d, Facing::N, 200);
    let from = [Facing::SW, Facing::S, Facing::N].map(|s| d + s.step());
    let b = f.board();
    let RetreatChoice::To { to, .. } = retreat::choose(&b, u, d, &from, b.edge(Side(1))) else {
        panic!("it can retreat");
    };
    assert!(
        [d + Facing::NE.step(), d + Facing::SE.step()].contains(&to),
        "{to:?}"
    );
}

/// D-cap-1's orders, each refusal with its reason: who may spike or recrew (a friendly,
/// steady, fighting unit stacked with the battery, not the battery itself, nor a leader,
/// wagons or other captured guns), which battery (captured and unspiked; uncrewed and its own
/// side's), and Recrew costing the crew its turn. Capture itself: only artillery, only under
/// the rule; won back, the battery is its side's again, uncrewed.
#[test]
fn d_cap_1_spike_and_recrew_refusals_and_capture() {
    use crate::common::refused;
    let mut f = Field::new(10, 8);
    let d = f.center();
    let g = f.add(0, UnitKind::Artillery, d, Facing::SW, 4);
    f.unit(g).captured_from = Some(Side(1));
    f.unit(g).captured_guns = 4;
    let crew = f.add(0, inf(), d, Facing::SW, 200);
    let away = f.add(0, inf(), f.hex(1, 1), Facing::SW, 200);
    let leader = f.add(0, UnitKind::Leader, d, Facing::SW, 0);
    let wagons = f.add(0, UnitKind::Supply, d, Facing::SW, 5);
    let b = f.board();
    assert_eq!(capture::check_spike(&b, g, crew), Ok(()));
    for (by, why) in [
        (away, "is not a friendly unit stacked with"),
        (g, "is not a friendly unit stacked with"),
        (leader, "cannot serve guns"),
        (wagons, "cannot serve guns"),
    ] {
        refused(capture::check_spike(&b, g, by), why);
    }
    type Spoil = fn(&mut bayonet::rules::unit::Unit);
    let spoils: [Spoil; 2] = [|u| u.routed = true, |u| u.disrupted = true];
    for spoil in spoils {
        let mut b2 = f.board();
        spoil(b2.unit_mut(crew).unwrap());
        refused(capture::check_spike(&b2, g, crew), "is routed or disrupted");
    }
    let mut b2 = f.board();
    capture::spike(&mut b2, g, crew).unwrap();
    assert_eq!(b2.unit(g).unwrap().crew, Crew::Spiked);
    refused(
        capture::check_spike(&b2, g, crew),
        "not a captured, unspiked battery",
    );
    refused(
        capture::check_recrew(&b, g, crew),
        "not an uncrewed battery of its own side",
    );
    // Won back by its own side: uncrewed, its own again.
    let mut b3 = f.board();
    b3.params.optional.artillery_capture = true;
    assert!(capture::capture(&mut b3, g, Side(1)));
    let u = b3.unit(g).unwrap();
    assert_eq!(
        (u.side, u.captured_from, u.captured_guns, u.crew),
        (Side(1), None, 0, Crew::Uncrewed)
    );
    let mine = b3.units.iter().position(|u| u.id == crew).unwrap();
    b3.units[mine].side = Side(1);
    assert_eq!(capture::check_recrew(&b3, g, crew), Ok(()));
    let marks: [Spoil; 3] = [
        |u| u.marks.moved = true,
        |u| u.marks.fired = true,
        |u| u.marks.meleed = true,
    ];
    for mark in marks {
        let mut b4 = b3.clone();
        mark(b4.unit_mut(crew).unwrap());
        refused(
            capture::check_recrew(&b4, g, crew),
            "already acted this turn",
        );
    }
    capture::recrew(&mut b3, g, crew).unwrap();
    assert_eq!(b3.unit(g).unwrap().crew, Crew::Crewed);
    let m = b3.unit(crew).unwrap().marks;
    assert!(
        m.moved && m.fired && m.meleed,
        "recrewing is the crew's turn"
    );
    // Taken from its own side, a routed battery changes side, steadied, worth its guns.
    let mut b5 = f.board();
    b5.params.optional.artillery_capture = true;
    let fresh = b5.units.iter().position(|u| u.id == g).unwrap();
    b5.units[fresh].captured_from = None;
    b5.units[fresh].routed = true;
    assert!(capture::capture(&mut b5, g, Side(1)));
    let u = b5.unit(g).unwrap();
    assert_eq!(
        (u.side, u.captured_from, u.captured_guns),
        (Side(1), Some(Side(0)), 4)
    );
    assert!(!u.routed && !u.disrupted);
    assert!(
        !capture::capture(&mut b5, crew, Side(1)),
        "only artillery is captured"
    );
    let mut b6 = f.board();
    b6.params.optional.artillery_capture = false;
    assert!(
        !capture::capture(&mut b6, g, Side(1)),
        "only under the optional rule"
    );
}

/// §9.6's morale value, one modifier at a time on a C regiment (4): a leader in the hex +1,
/// low or no ammunition −1, night −2, medium fatigue −1, high −2 (maximum too), Disrupted −1,
/// another brigade's unit in the hex −1 (a leader of another brigade does not count); a leader's
/// own value has no leader bonus from itself.
#[test]
fn s9_6_morale_value_each_modifier() {
    use bayonet::rules::unit::Ammo;
    type Change = fn(&mut Field, UnitId);
    let cases: [(Change, i32); 10] = [
        (|_, _| {}, 4),
        (
            |f, _| {
                f.add(0, UnitKind::Leader, f.center(), Facing::N, 0);
            },
            5,
        ),
        (|f, u| f.unit(u).ammo = Ammo::Low, 3),
        (|f, u| f.unit(u).ammo = Ammo::Out, 3),
        (|f, u| f.unit(u).fatigue = 300, 3),
        (|f, u| f.unit(u).fatigue = 600, 2),
        (|f, u| f.unit(u).fatigue = 900, 2),
        (|f, u| f.unit(u).disrupted = true, 3),
        (
            |f, _| {
                let o = f.add(0, inf(), f.center(), Facing::N, 100);
                f.unit(o).brigade = "another".into();
            },
            3,
        ),
        (
            |f, _| {
                let l = f.add(0, UnitKind::Leader, f.center(), Facing::N, 0);
                f.unit(l).brigade = "another".into();
            },
            5,
        ),
    ];
    for (k, (change, want)) in cases.into_iter().enumerate() {
        let mut f = Field::new(10, 8);
        let u = f.add(0, inf(), f.center(), Facing::N, 300);
        change(&mut f, u);
        let b = f.board();
        assert_eq!(morale::morale_value(&b, u), want, "case {k}");
    }
    let mut f = Field::new(10, 8);
    let u = f.add(0, inf(), f.center(), Facing::N, 300);
    f.night = true;
    assert_eq!(morale::morale_value(&f.board(), u), 2, "night");
    let l = f.add(0, UnitKind::Leader, f.center(), Facing::N, 0);
    f.night = false;
    assert_eq!(
        morale::morale_value(&f.board(), l),
        4,
        "a leader's own value: no bonus from itself"
    );
}

/// §9.6 and replays: a unit that loses nothing rolls no dice (no fatigue, no loss check), so a
/// wagon standing first in the defending hex leaves every die of the regiment beside it as it
/// would be without the wagon: the same fatigue and the same morale checks, seed for seed.
#[test]
fn s9_6_a_unit_that_loses_nothing_rolls_no_dice() {
    let setup = |wagon: bool| {
        let mut f = Field::new(10, 8);
        let d = f.center();
        if wagon {
            f.add(1, UnitKind::Supply, d, Facing::SW, 10);
        }
        let regiment = f.add(1, inf(), d, Facing::SW, 300);
        let a = f.attacker(0, inf(), d, Facing::SW, 500);
        let decl = Declaration {
            attackers: vec![a],
            defending_hex: d,
            follow_up: true,
        };
        (f, decl, regiment)
    };
    let (plain, decl, regiment) = setup(false);
    let (with_wagon, decl_w, regiment_w) = setup(true);
    let mut compared = 0;
    for seed in 0..40 {
        let (_, o) = resolve(&plain, &decl, seed);
        let (_, ow) = resolve(&with_wagon, &decl_w, seed);
        if o.defender_loss > 300 {
            continue; // the wagon would share what the regiment cannot take
        }
        let of = |o: &MeleeOutcome, id| o.fatigue.iter().find(|g| g.unit == id).map(|g| g.gained);
        let checks = |o: &MeleeOutcome, id| -> Vec<(u32, bool)> {
            o.morale
                .iter()
                .filter(|m| m.unit == id)
                .map(|m| (m.roll, m.passed))
                .collect()
        };
        assert_eq!(of(&o, regiment), of(&ow, regiment_w), "seed {seed}");
        assert_eq!(checks(&o, regiment), checks(&ow, regiment_w), "seed {seed}");
        assert!(
            ow.fatigue
                .iter()
                .all(|g| g.unit == regiment_w || g.unit == decl_w.attackers[0])
        );
        compared += 1;
    }
    assert!(compared > 30);
}

/// §9.6 (D-rout-1) in a melee: a unit its loss check routs runs away from the enemy at once,
/// and the run is in the outcome.
#[test]
fn d_rout_1_a_unit_routed_by_its_melee_losses_runs() {
    let mut f = Field::new(12, 10);
    let d = f.hex(5, 5);
    let poor = f.add(1, inf(), d, Facing::SW, 400);
    f.unit(poor).quality = Quality::F;
    let a = f.attacker(0, inf(), d, Facing::SW, 300);
    f.unit(a).quality = Quality::F;
    let decl = Declaration {
        attackers: vec![a],
        defending_hex: d,
        follow_up: true,
    };
    let (b, o) = seed_where(&f, &decl, |o| {
        o.morale.iter().any(|m| {
            m.unit == a && m.reason == CheckReason::Losses && m.result == MoraleResult::Routed
        })
    });
    let run = o
        .routs
        .iter()
        .find(|m| m.unit == a)
        .expect("the routed attacker runs");
    assert_eq!(run.from, d + Facing::SW.step());
    assert_eq!(b.unit(a).unwrap().hex, run.to);
    assert!(b.unit(a).unwrap().routed);
    assert!(
        bayonet::rules::hex::distance(run.to, d) > bayonet::rules::hex::distance(run.from, d),
        "away from the enemy"
    );
}

/// §9.5 (D-cap-1): a captured battery is manned only by a unit of its captors that is neither a
/// leader nor itself a captured battery: alone, beside another captured battery or with a
/// leader only it neither fires nor turns; *Recrew* is only for an uncrewed battery of one's own.
#[test]
fn d_cap_1_only_a_captor_regiment_mans_captured_guns_and_recrew_needs_uncrewed_guns() {
    let mut f = Field::new(10, 8);
    let h = f.center();
    let g = f.add(0, UnitKind::Artillery, h, Facing::N, 4);
    f.unit(g).captured_from = Some(Side(1));
    let manned = |f: &Field| {
        let b = f.board();
        capture::manned(&b, b.unit(g).unwrap())
    };
    let factor = |f: &Field| {
        let b = f.board();
        capture::fire_factor(&b, b.unit(g).unwrap())
    };
    assert!(!manned(&f), "alone");
    assert_eq!(factor(&f), 0.0);
    let g2 = f.add(0, UnitKind::Artillery, h, Facing::N, 2);
    f.unit(g2).captured_from = Some(Side(1));
    assert!(!manned(&f), "beside another captured battery");
    f.add(0, UnitKind::Leader, h, Facing::N, 0);
    assert!(!manned(&f), "with a leader only");
    crate::common::refused(
        bayonet::rules::facing::check(&f.board(), g, Facing::NE),
        "a unit of yours must stand with it",
    );
    let captor = f.add(0, inf(), h, Facing::N, 100);
    assert!(manned(&f));
    assert_eq!(factor(&f), 0.5);
    // Recrew: a crewed battery of one's own, or a captured one, is no battery to recrew.
    let own = f.add(0, UnitKind::Artillery, h, Facing::N, 2);
    let own_factor = |f: &Field| {
        let b = f.board();
        capture::fire_factor(&b, b.unit(own).unwrap())
    };
    assert_eq!(own_factor(&f), 1.0);
    crate::common::refused(
        capture::check_recrew(&f.board(), own, captor),
        "is not an uncrewed battery of its own side",
    );
    f.unit(g2).crew = Crew::Uncrewed;
    crate::common::refused(
        capture::check_recrew(&f.board(), g2, captor),
        "is not an uncrewed battery of its own side",
    );
    f.unit(own).crew = Crew::Uncrewed;
    assert_eq!(own_factor(&f), 0.0, "uncrewed guns do not fire");
    assert_eq!(capture::check_recrew(&f.board(), own, captor), Ok(()));
}

/// D-rout-1 and D-cap-1: a routed unit never runs to a hex no farther from the enemy (with every
/// farther neighbour water it stays), and unlimbered guns, which cannot retreat, do not run.
#[test]
fn d_rout_1_a_rout_never_runs_level_or_nearer_and_unlimbered_guns_stay() {
    let mut f = Field::new(12, 9);
    let d = f.hex(5, 4);
    let u = f.add(1, inf(), d, Facing::NE, 300);
    // The enemy faces away, so the two hexes beside both are level with d and in no ZOC.
    f.add(0, inf(), d + Facing::NE.step(), Facing::NE, 300);
    for side in [Facing::S, Facing::SW, Facing::NW] {
        f.map.set_terrain(d + side.step(), Terrain::Water);
    }
    let mut b = f.board();
    assert_eq!(morale::rout_move(&mut b, u), None);
    assert_eq!(b.unit(u).unwrap().hex, d);
    // Open ground: it runs; an unlimbered battery in its place does not.
    let mut f = Field::new(12, 9);
    let g = f.add(1, UnitKind::Artillery, d, Facing::NE, 4);
    f.add(0, inf(), d + Facing::NE.step(), Facing::SW, 300);
    let mut b = f.board();
    assert_eq!(morale::rout_move(&mut b, g), None);
    f.unit(g).formation = Formation::Limbered;
    let mut b = f.board();
    assert!(morale::rout_move(&mut b, g).is_some(), "limbered, it runs");
}

/// D-rout-1 over 3,000 random fields: a run never ends in an enemy's hex or zone of control or
/// overstacked, ends farther from the enemy's fighting units than it began, and goes at most
/// three clear hexes (half of 12 MP).
#[test]
fn d_rout_1_invariants_over_random_fields() {
    let mut rng = ChaCha8Rng::seed_from_u64(16);
    let mut ran = 0;
    for _ in 0..3_000 {
        let mut f = Field::new(10, 9);
        let d = f.hex(5, 4);
        let u = f.add(1, inf(), d, Facing::ALL[rng.random_range(0..6)], 300);
        for _ in 0..rng.random_range(1..5) {
            let h = f.hex(rng.random_range(0..10), rng.random_range(0..9));
            if h != d {
                let facing = Facing::ALL[rng.random_range(0..6)];
                let side = rng.random_range(0..2u8);
                let men = [100, 300, 800][rng.random_range(0..3)];
                f.add(side, inf(), h, facing, men);
            }
        }
        let nearest = |b: &Board, at: Hex| {
            b.units
                .iter()
                .filter(|e| e.side != Side(1))
                .map(|e| e.hex.unsigned_distance_to(at))
                .min()
        };
        let mut b = f.board();
        let before = nearest(&b, d);
        let Some(m) = morale::rout_move(&mut b, u) else {
            continue;
        };
        ran += 1;
        let to = m.to;
        assert!(!b.in_enemy_zoc(to, Side(1)), "{m:?}");
        assert!(b.units_at(to).all(|o| o.side == Side(1)), "{m:?}");
        assert!(
            StackLimit::check(b.load_at(to), &b.params).is_none(),
            "{m:?}"
        );
        // (With no enemy on the field it simply runs home.)
        if before.is_some() {
            assert!(nearest(&b, to) > before, "{m:?}");
        }
        assert!((1..=3).contains(&to.unsigned_distance_to(d)), "{m:?}");
    }
    assert!(ran > 1_000, "{ran} runs");
}

/// D-ret-1's order serves the rout too (D-rout-1): among hexes equally far from the enemy it
/// runs towards its own map edge (east for the second side), not the first hexside in turn.
#[test]
fn d_rout_1_ties_go_towards_the_own_edge() {
    let mut f = Field::new(12, 9);
    let d = f.hex(5, 4);
    let u = f.add(1, inf(), d, Facing::S, 300);
    f.add(0, inf(), d + Facing::S.step(), Facing::S, 300);
    let mut b = f.board();
    let m = morale::rout_move(&mut b, u).expect("it runs");
    assert_eq!(m.to.unsigned_distance_to(d + Facing::S.step()), 4);
    assert!(
        b.map.coord(m.to).col > b.map.coord(d).col,
        "east, towards its own edge: {m:?}"
    );
}

/// §10 / §5: a retreat never overstacks. Its best hex (NE, as above) is taken while its friends
/// there leave room (700 + 200 men), and passed over once they alone nearly fill it (900 + 200).
#[test]
fn s10_a_retreat_passes_over_a_hex_its_friends_would_overstack() {
    let choice = |friends: u32| {
        let mut f = Field::new(10, 8);
        let d = f.center();
        let dd = f.add(1, inf(), d, Facing::SW, 200);
        let from = [d + Facing::SW.step()];
        f.attacker(0, inf(), d, Facing::SW, 300);
        f.add(1, inf(), d + Facing::NE.step(), Facing::SW, friends);
        // Some(whether it went NE) when it retreats; None when it surrenders.
        match retreat::choose(&f.board(), dd, d, &from, MapEdge::East) {
            RetreatChoice::To { to, .. } => Some(to == d + Facing::NE.step()),
            RetreatChoice::Surrender => None,
        }
    };
    assert_eq!(choice(700), Some(true));
    assert_eq!(choice(900), Some(false), "another hex, not a surrender");
}
