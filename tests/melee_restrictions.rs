//! RULES.md §9.1: who may melee; every broken restriction is reported by number.

use bayonet::rules::hex::Facing;
use bayonet::rules::map::SideFeature;
use bayonet::rules::melee::{Declaration, check};
use bayonet::rules::morale::CheckReason;
use bayonet::rules::unit::{Formation, UnitId, UnitKind};

use crate::common::{Field, inf};

fn rules_broken(f: &Field, attackers: &[UnitId]) -> Vec<u8> {
    let d = f.center();
    let v = check(
        &f.board(),
        &Declaration {
            attackers: attackers.to_vec(),
            defending_hex: d,
            follow_up: true,
        },
    );
    v.iter().map(|v| v.rule).collect()
}

fn setup() -> (Field, UnitId) {
    let mut f = Field::new(10, 8);
    let d = f.center();
    f.add(1, inf(), d, Facing::SW, 300);
    let a = f.attacker(0, inf(), d, Facing::SW, 400);
    (f, a)
}

/// §9.1: a melee that breaks none of the eight restrictions is legal.
#[test]
fn legal_melee_breaks_nothing() {
    let (f, a) = setup();
    assert_eq!(rules_broken(&f, &[a]), Vec::<u8>::new());
}

#[test]
fn rule_9_1_1_disrupted_fixed_or_routed_cannot_attack() {
    for set in [
        |u: &mut bayonet::rules::unit::Unit| u.disrupted = true,
        |u: &mut bayonet::rules::unit::Unit| u.fixed_until = Some(4),
        |u: &mut bayonet::rules::unit::Unit| u.routed = true,
    ] {
        let (mut f, a) = setup();
        set(f.unit(a));
        assert_eq!(rules_broken(&f, &[a]), vec![1]);
    }
}

#[test]
fn rule_9_1_2_attacker_must_face_the_defending_hex() {
    let (mut f, a) = setup();
    // Facing NE from the SW neighbour: the front is N, NE, SE; the defender lies NE. Legal.
    f.unit(a).facing = Facing::N;
    assert_eq!(
        rules_broken(&f, &[a]),
        Vec::<u8>::new(),
        "an adjacent front hexside counts (D-facing-1)"
    );
    f.unit(a).facing = Facing::NW;
    assert_eq!(rules_broken(&f, &[a]), vec![2]);
    f.unit(a).facing = Facing::SW;
    assert_eq!(rules_broken(&f, &[a]), vec![2]);
}

#[test]
fn rule_9_1_3_foot_cannot_attack_mounted_cavalry_unless_isolated() {
    let mut f = Field::new(10, 8);
    let d = f.center();
    let cav = f.add(1, UnitKind::Cavalry, d, Facing::SW, 300);
    let a = f.attacker(0, inf(), d, Facing::SW, 400);
    let dis = f.attacker(0, UnitKind::Cavalry, d, Facing::S, 400);
    f.unit(dis).formation = Formation::Dismounted;
    let mounted = f.attacker(0, UnitKind::Cavalry, d, Facing::SE, 200);
    assert_eq!(rules_broken(&f, &[a, dis, mounted]), vec![3, 3]);
    f.unit(cav).isolated = true;
    assert_eq!(rules_broken(&f, &[a, dis, mounted]), Vec::<u8>::new());
    // Isolation counts only under the Isolation Effects rule, here as in the strengths.
    f.params.optional.isolation_effects = false;
    assert_eq!(rules_broken(&f, &[a, dis, mounted]), vec![3, 3]);
}

#[test]
fn rule_9_1_4_artillery_and_wagons_cannot_attack() {
    let mut f = Field::new(10, 8);
    let d = f.center();
    f.add(1, inf(), d, Facing::SW, 300);
    let gun = f.attacker(0, UnitKind::Artillery, d, Facing::SW, 4);
    let wagon = f.attacker(0, UnitKind::Supply, d, Facing::S, 10);
    let a = f.attacker(0, inf(), d, Facing::SE, 100);
    assert_eq!(rules_broken(&f, &[gun, wagon, a]), vec![4, 4]);
}

#[test]
fn rule_9_1_5_no_attack_across_an_unbridged_creek() {
    let (mut f, a) = setup();
    let d = f.center();
    f.feature(d, Facing::SW, SideFeature::Creek);
    assert_eq!(rules_broken(&f, &[a]), vec![5]);
    // Issue 44 item 7: what is wrong first, in the player's words, with the unit's plain name;
    // then the rule.
    let said = check(
        &f.board(),
        &Declaration {
            attackers: vec![a],
            defending_hex: d,
            follow_up: true,
        },
    )[0]
    .to_string();
    let name = &f.board().unit(a).unwrap().name.clone();
    assert!(
        said.starts_with("No bridge: ")
            && said.contains(&format!("{name} cannot attack across this creek"))
            && said.ends_with("(§9.1 rule 5)")
            && !said.contains('`'),
        "{said}"
    );
    // A ford or a hexside bridge makes the creek crossable.
    let mut forded = f.map.clone();
    forded.add_feature(d, Facing::SW, SideFeature::Ford);
    f.map = forded;
    assert_eq!(rules_broken(&f, &[a]), Vec::<u8>::new());
}

#[test]
fn rule_9_1_5_no_attack_into_prohibited_terrain() {
    let (mut f, a) = setup();
    let d = f.center();
    // Blocked ground is prohibited to every mover (D-move-1).
    f.map.set_terrain(d, bayonet::rules::map::Terrain::Blocked);
    assert_eq!(rules_broken(&f, &[a]), vec![5]);
}

#[test]
fn rule_9_1_6_once_per_turn() {
    let (mut f, a) = setup();
    f.unit(a).marks.meleed = true;
    assert_eq!(rules_broken(&f, &[a]), vec![6]);
}

#[test]
fn rule_9_1_7_attackers_together_within_the_defending_hex_stacking_limit() {
    let mut f = Field::new(10, 8);
    let d = f.center();
    f.add(1, inf(), d, Facing::SW, 100);
    let a = f.attacker(0, inf(), d, Facing::SW, 600);
    let b = f.attacker(0, inf(), d, Facing::S, 400);
    // 1000 men is the limit (D-stack-1): exactly at it is legal, one more is not.
    assert_eq!(rules_broken(&f, &[a, b]), Vec::<u8>::new());
    f.unit(b).men = 401;
    assert_eq!(rules_broken(&f, &[a, b]), vec![7]);
    // Counters: a regiment and eight leaders are nine counters, over the limit of 8.
    let mut f = Field::new(10, 8);
    f.add(1, inf(), d, Facing::SW, 100);
    let mut all = vec![f.attacker(0, inf(), d, Facing::SW, 100)];
    for _ in 0..8 {
        all.push(f.attacker(0, UnitKind::Leader, d, Facing::S, 0));
    }
    assert_eq!(rules_broken(&f, &all), vec![7]);
}

#[test]
fn rule_9_1_8_dismounting_cavalry_cannot_attack() {
    let mut f = Field::new(10, 8);
    let d = f.center();
    f.add(1, inf(), d, Facing::SW, 300);
    let c = f.attacker(0, UnitKind::Cavalry, d, Facing::SW, 300);
    f.unit(c).formation = Formation::Dismounting;
    assert_eq!(rules_broken(&f, &[c]), vec![8]);
}

/// §9.1: an illegal melee reports every rule it breaks, by number, with the unit at fault.
#[test]
fn every_broken_rule_is_reported_with_its_unit() {
    let mut f = Field::new(10, 8);
    let d = f.center();
    f.add(1, inf(), d, Facing::SW, 300);
    let a = f.attacker(0, inf(), d, Facing::SW, 400);
    f.unit(a).disrupted = true;
    f.unit(a).facing = Facing::SW;
    f.unit(a).marks.meleed = true;
    let v = check(
        &f.board(),
        &Declaration {
            attackers: vec![a],
            defending_hex: d,
            follow_up: true,
        },
    );
    let rules: Vec<u8> = v.iter().map(|v| v.rule).collect();
    assert_eq!(rules, vec![1, 2, 6]);
    assert!(v.iter().all(|v| v.unit == Some(a)));
    assert!(v[1].message.contains("not facing"), "{}", v[1].message);
}

/// §9.1: a hex with no enemy unit cannot be meleed (reported as rule 0).
#[test]
fn an_empty_hex_or_a_friendly_hex_is_no_melee() {
    let mut f = Field::new(10, 8);
    let d = f.center();
    let a = f.attacker(0, inf(), d, Facing::SW, 400);
    assert_eq!(rules_broken(&f, &[a]), vec![0]);
    f.add(0, inf(), d, Facing::SW, 100);
    assert!(rules_broken(&f, &[a]).contains(&0));
}

/// §9.1: leaders may join an attack, but a leader alone is no melee.
#[test]
fn leaders_join_but_cannot_attack_alone() {
    let (mut f, a) = setup();
    let d = f.center();
    let l = f.attacker(0, UnitKind::Leader, d, Facing::SW, 0);
    assert_eq!(rules_broken(&f, &[a, l]), Vec::<u8>::new());
    assert_eq!(rules_broken(&f, &[l]), vec![0]);
}

/// Rule 3 is about mounted cavalry only: foot may attack dismounted cavalry.
#[test]
fn rule_9_1_3_dismounted_cavalry_may_be_attacked_by_foot() {
    let mut f = Field::new(10, 8);
    let d = f.center();
    let cav = f.add(1, UnitKind::Cavalry, d, Facing::SW, 300);
    f.unit(cav).formation = Formation::Dismounted;
    let a = f.attacker(0, inf(), d, Facing::SW, 400);
    assert_eq!(rules_broken(&f, &[a]), Vec::<u8>::new());
    f.unit(cav).formation = Formation::Mounted;
    assert_eq!(rules_broken(&f, &[a]), vec![3]);
}

/// What a drag from a hex commits: every unit there that may melee (leaders too); artillery and
/// wagons stay behind; a unit that may not (Disrupted) stays; if none may, all but the guns and
/// wagons, so that the check names why.
#[test]
fn a_drag_commits_every_unit_of_the_hex_that_may_melee() {
    use bayonet::rules::melee::committable;
    let mut f = Field::new(10, 8);
    let d = f.center();
    f.add(1, inf(), d, Facing::SW, 300);
    let a = f.attacker(0, inf(), d, Facing::SW, 400);
    let from = f.units[1].hex;
    let shaken = f.add(0, inf(), from, Facing::NE, 200);
    f.unit(shaken).disrupted = true;
    let guns = f.add(0, UnitKind::Artillery, from, Facing::NE, 2);
    let wagons = f.add(0, UnitKind::Supply, from, Facing::NE, 5);
    let leader = f.add(0, UnitKind::Leader, from, Facing::NE, 0);
    let side = f.units[1].side;
    assert_eq!(committable(&f.board(), from, side, d), vec![a, leader]);
    f.unit(a).disrupted = true;
    assert_eq!(
        committable(&f.board(), from, side, d),
        vec![a, shaken, leader],
        "none may: all but {guns} and {wagons}, for the check to say why"
    );
}

/// §9.4: the defenders that lost a melee check morale at the end of the phase; a failed check
/// routs and runs (D-rout-1); a unit already routed does not check again.
#[test]
fn end_of_phase_checks_the_losing_defenders_and_routs_the_failures() {
    use bayonet::rules::melee::end_of_phase;
    use bayonet::rules::unit::Quality;
    use rand::SeedableRng;
    let mut f = Field::new(10, 8);
    let d = f.center();
    let loser = f.add(1, inf(), d, Facing::SW, 300);
    f.unit(loser).quality = Quality::F;
    f.unit(loser).disrupted = true;
    f.attacker(0, inf(), d, Facing::SW, 400);
    let ran_before = f.add(1, inf(), f.hex(8, 1), Facing::SW, 100);
    f.unit(ran_before).routed = true;
    f.night = true;
    let mut board = f.board();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let (checks, routs) = end_of_phase(&mut board, &[loser, ran_before], &mut rng);
    assert_eq!(checks.len(), 1, "{checks:?}");
    assert_eq!(checks[0].unit, loser);
    assert_eq!(checks[0].reason, CheckReason::LostMelee);
    assert!(
        checks[0].morale <= 0,
        "F, disrupted, at night: it cannot pass"
    );
    assert!(!checks[0].passed);
    assert!(board.unit(loser).unwrap().routed);
    assert_eq!(routs.len(), 1);
    assert_eq!((routs[0].unit, routs[0].from), (loser, d));
    assert_eq!(board.unit(loser).unwrap().hex, routs[0].to);
}
