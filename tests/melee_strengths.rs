//! RULES.md §9.2–§9.3: base strengths and every modifier, read from the breakdown.

use bayonet::rules::hex::Facing;
use bayonet::rules::map::{SideFeature, Terrain};
use bayonet::rules::melee::{Breakdown, Declaration, MeleeSide, breakdown};
use bayonet::rules::unit::{Crew, Formation, Quality, UnitId, UnitKind};

use crate::common::{Field, inf};

fn bd(f: &Field, attackers: &[UnitId]) -> Breakdown {
    breakdown(
        &f.board(),
        &Declaration {
            attackers: attackers.to_vec(),
            defending_hex: f.center(),
            follow_up: true,
        },
    )
}

fn percent(b: &Breakdown, side: MeleeSide, name_part: &str) -> Option<i32> {
    b.modifiers
        .iter()
        .find(|m| m.side == side && m.name().contains(name_part))
        .map(|m| m.percent)
}

/// An attacker that has fired (so no +10%) from the SW against a defender facing it.
fn duel(att: u32, def: u32) -> (Field, UnitId, UnitId) {
    let mut f = Field::new(10, 8);
    let d = f.center();
    let dd = f.add(1, inf(), d, Facing::SW, def);
    let a = f.attacker(0, inf(), d, Facing::SW, att);
    f.unit(a).marks.fired = true;
    (f, a, dd)
}

/// §9.2 and §9.4: the seed's worked example, 450 attack 230: no modifier, losses 11.25–56.25 and
/// 11.5–46.
#[test]
fn seed_worked_example_450_attack_230() {
    let (f, a, _) = duel(450, 230);
    let b = bd(&f, &[a]);
    assert!(b.modifiers.is_empty(), "{:?}", b.modifiers);
    assert_eq!(b.attack_strength, 450.0);
    assert_eq!(b.defence_strength, 230.0);
    assert!((b.defender_loss_range[0] - 11.25).abs() < 1e-9);
    assert!((b.defender_loss_range[1] - 56.25).abs() < 1e-9);
    assert!((b.attacker_loss_range[0] - 11.5).abs() < 1e-9);
    assert!((b.attacker_loss_range[1] - 46.0).abs() < 1e-9);
}

/// §9.2: dismounted cavalry counts ¾ in attack and in defence.
#[test]
fn dismounted_cavalry_counts_three_quarters_in_attack_and_defence() {
    let mut f = Field::new(10, 8);
    let d = f.center();
    let dd = f.add(1, UnitKind::Cavalry, d, Facing::SW, 400);
    f.unit(dd).formation = Formation::Dismounted;
    let a = f.attacker(0, UnitKind::Cavalry, d, Facing::SW, 200);
    f.unit(a).formation = Formation::Dismounted;
    let b = bd(&f, &[a]);
    assert_eq!(b.attack_base, 150.0);
    assert_eq!(b.defence_base, 300.0);
    // D-dismount-1: caught Dismounting, it is already on foot and defends at ¾ too; infantry
    // may attack it (it is not mounted cavalry for rule 3).
    f.unit(dd).formation = Formation::Dismounting;
    let b = bd(&f, &[a]);
    assert_eq!(b.defence_base, 300.0);
    assert!(!b.cavalry_rule);
    let i = f.attacker(0, inf(), d, Facing::S, 100);
    assert!(
        bayonet::rules::melee::check(
            &f.board(),
            &Declaration {
                attackers: vec![i],
                defending_hex: d,
                follow_up: true,
            }
        )
        .is_empty()
    );
    f.unit(dd).formation = Formation::Mounted;
    assert_eq!(bd(&f, &[i]).defence_base, 400.0);
}

/// §9.2: a defending gun is ⅓ of a Strength Point (24 men): 8 men a gun.
#[test]
fn a_defending_gun_is_a_third_of_a_strength_point() {
    let mut f = Field::new(10, 8);
    let d = f.center();
    f.add(1, UnitKind::Artillery, d, Facing::SW, 6);
    let a = f.attacker(0, inf(), d, Facing::SW, 300);
    // Strength point 24 men: 8 men per gun.
    assert_eq!(bd(&f, &[a]).defence_base, 48.0);
}

/// §9.2: supply wagons, uncrewed and spiked guns defend at 0.
#[test]
fn wagons_uncrewed_and_spiked_guns_defend_at_zero() {
    for crew in [Crew::Uncrewed, Crew::Spiked] {
        let mut f = Field::new(10, 8);
        let d = f.center();
        let g = f.add(1, UnitKind::Artillery, d, Facing::SW, 6);
        f.unit(g).crew = crew;
        f.add(1, UnitKind::Supply, d, Facing::SW, 20);
        let a = f.attacker(0, inf(), d, Facing::SW, 300);
        assert_eq!(bd(&f, &[a]).defence_base, 0.0);
    }
}

/// §9.2: Routed or Isolated defends at ÷4, Routed and Isolated at 0.
#[test]
fn routed_or_isolated_quarter_both_zero() {
    let (mut f, a, dd) = duel(300, 400);
    f.unit(dd).routed = true;
    assert_eq!(bd(&f, &[a]).defence_base, 100.0);
    f.unit(dd).routed = false;
    f.unit(dd).isolated = true;
    assert_eq!(bd(&f, &[a]).defence_base, 100.0);
    f.unit(dd).routed = true;
    assert_eq!(bd(&f, &[a]).defence_base, 0.0);
}

/// §9.2 and §10: a unit that retreated into the hex this phase defends at ÷2.
#[test]
fn defending_again_after_a_retreat_halves() {
    let (mut f, a, dd) = duel(300, 400);
    f.unit(dd).marks.retreated = true;
    assert_eq!(bd(&f, &[a]).defence_base, 200.0);
}

/// D-fat-1.
#[test]
fn fatigue_scales_each_attacker_and_never_the_defence() {
    let (mut f, a, dd) = duel(500, 400);
    let d = f.center();
    let b2 = f.attacker(0, inf(), d, Facing::S, 100);
    f.unit(b2).marks.fired = true;
    f.unit(a).fatigue = 650; // high: ×0.8
    f.unit(b2).fatigue = 300; // medium: ×0.9
    f.unit(dd).fatigue = 900;
    let b = bd(&f, &[a, b2]);
    assert!((b.attack_base - (400.0 + 90.0)).abs() < 1e-9);
    assert_eq!(b.defence_base, 400.0);
    f.unit(a).fatigue = 900; // maximum: ×0.6
    assert!((bd(&f, &[a, b2]).attack_base - (300.0 + 90.0)).abs() < 1e-9);
}

/// D-turn-1.
#[test]
fn no_fire_bonus_only_when_no_attacker_fired() {
    let (mut f, a, _) = duel(300, 300);
    assert_eq!(percent(&bd(&f, &[a]), MeleeSide::Attacker, "fired"), None);
    f.unit(a).marks.fired = false;
    assert_eq!(
        percent(&bd(&f, &[a]), MeleeSide::Attacker, "fired"),
        Some(10)
    );
    let d = f.center();
    let other = f.attacker(0, inf(), d, Facing::S, 100);
    f.unit(other).marks.fired = true;
    assert_eq!(
        percent(&bd(&f, &[a, other]), MeleeSide::Attacker, "fired"),
        None
    );
}

/// §9.3: a leader among the attackers, or among the defenders, adds 10 % to its side.
#[test]
fn leaders_add_ten_percent_to_their_side() {
    let (mut f, a, _) = duel(300, 300);
    let d = f.center();
    let l = f.attacker(0, UnitKind::Leader, d, Facing::SW, 0);
    f.add(1, UnitKind::Leader, d, Facing::SW, 0);
    let b = bd(&f, &[a, l]);
    assert_eq!(percent(&b, MeleeSide::Attacker, "leader"), Some(10));
    assert_eq!(percent(&b, MeleeSide::Defender, "leader"), Some(10));
    assert!((b.attack_strength - 330.0).abs() < 1e-9);
    assert!((b.defence_strength - 330.0).abs() < 1e-9);
}

/// D-facing-1: facing NE, the front is N, NE, SE; an attack from the SW is from the rear.
#[test]
fn attack_through_a_rear_hexside_adds_twenty() {
    let (mut f, a, dd) = duel(300, 300);
    assert_eq!(percent(&bd(&f, &[a]), MeleeSide::Attacker, "rear"), None);
    f.unit(dd).facing = Facing::NE;
    assert_eq!(
        percent(&bd(&f, &[a]), MeleeSide::Attacker, "rear"),
        Some(20)
    );
    // A front-adjacent hexside is still the front.
    f.unit(dd).facing = Facing::S;
    assert_eq!(percent(&bd(&f, &[a]), MeleeSide::Attacker, "rear"), None);
}

/// §9.3 (D-facing-1): the rear bonus needs a non-leader attacker and a non-leader defender.
#[test]
fn a_leader_alone_does_not_make_a_rear_attack() {
    let mut f = Field::new(10, 8);
    let d = f.center();
    // Facing N: the front is NW, N, NE; S, SW and SE are the rear.
    f.add(1, inf(), d, Facing::N, 300);
    let front = f.attacker(0, inf(), d, Facing::N, 300);
    let leader = f.attacker(0, UnitKind::Leader, d, Facing::S, 0);
    assert_eq!(
        percent(&bd(&f, &[front, leader]), MeleeSide::Attacker, "rear"),
        None
    );
    let rear = f.attacker(0, inf(), d, Facing::SE, 100);
    assert_eq!(
        percent(&bd(&f, &[front, leader, rear]), MeleeSide::Attacker, "rear"),
        Some(20)
    );
}

/// D-hex-1: a fence (−30%) on one attacking hexside, a stone wall (−50%) on another.
#[test]
fn only_the_largest_hexside_modifier_applies() {
    let (mut f, a, _) = duel(300, 300);
    let d = f.center();
    let b2 = f.attacker(0, inf(), d, Facing::S, 300);
    f.unit(b2).marks.fired = true;
    f.feature(d, Facing::SW, SideFeature::Fence);
    f.feature(d, Facing::S, SideFeature::StoneWall);
    let b = bd(&f, &[a, b2]);
    let hexside: Vec<_> = b
        .modifiers
        .iter()
        .filter(|m| m.name().starts_with("hexside"))
        .collect();
    assert_eq!(hexside.len(), 1);
    assert_eq!(hexside[0].percent, -50);
    assert!((b.attack_strength - 300.0).abs() < 1e-9);
    // A cut (+50%) against a stream (−20%): the cut is larger.
    let (mut f, a, _) = duel(300, 300);
    f.feature(d, Facing::SW, SideFeature::Cut);
    f.feature(d, Facing::SW, SideFeature::Stream);
    assert_eq!(
        percent(&bd(&f, &[a]), MeleeSide::Attacker, "hexside"),
        Some(50)
    );
    // Equal percentages (a stream and a ford, −20 each): the first attacker's hexside names it.
    let (mut f, a, _) = duel(300, 300);
    let b2 = f.attacker(0, inf(), d, Facing::S, 300);
    f.feature(d, Facing::SW, SideFeature::Stream);
    f.feature(d, Facing::S, SideFeature::Creek);
    f.feature(d, Facing::S, SideFeature::Ford);
    let named = |b: &bayonet::rules::melee::Breakdown| -> Vec<(String, i32)> {
        b.modifiers
            .iter()
            .filter(|m| m.name().starts_with("hexside"))
            .map(|m| (m.name(), m.percent))
            .collect()
    };
    assert_eq!(
        named(&bd(&f, &[a, b2])),
        vec![("hexside: stream".to_string(), -20)]
    );
    assert_eq!(
        named(&bd(&f, &[b2, a])),
        vec![("hexside: creek (ford)".to_string(), -20)]
    );
}

/// §9.3 (D-hex-1, D-mod-1): breastworks −50 % apply besides the largest hexside modifier; factors
/// multiply.
#[test]
fn breastworks_apply_besides_the_hexside_modifier() {
    let (mut f, a, _) = duel(400, 300);
    let d = f.center();
    f.feature(d, Facing::SW, SideFeature::Fence);
    f.feature(d, Facing::SW, SideFeature::Breastworks);
    let b = bd(&f, &[a]);
    assert_eq!(percent(&b, MeleeSide::Attacker, "hexside"), Some(-30));
    assert_eq!(percent(&b, MeleeSide::Attacker, "breastworks"), Some(-50));
    // D-mod-1: factors multiply: 400 × 0.7 × 0.5.
    assert!((b.attack_strength - 140.0).abs() < 1e-9);
}

/// D-hex-2.
#[test]
fn a_hexside_bridge_takes_thirty_percent_instead_of_the_creek() {
    let (mut f, a, _) = duel(400, 300);
    let d = f.center();
    f.feature(d, Facing::SW, SideFeature::Creek);
    f.feature(d, Facing::SW, SideFeature::Bridge);
    let b = bd(&f, &[a]);
    assert_eq!(percent(&b, MeleeSide::Attacker, "bridge"), Some(-30));
    assert_eq!(percent(&b, MeleeSide::Attacker, "hexside"), None);
    // Across a ford the creek's own modifier counts.
    let (mut f, a, _) = duel(400, 300);
    f.feature(d, Facing::SW, SideFeature::Creek);
    f.feature(d, Facing::SW, SideFeature::Ford);
    assert_eq!(
        percent(&bd(&f, &[a]), MeleeSide::Attacker, "creek"),
        Some(-20)
    );
}

/// D-elev-1.
#[test]
fn uphill_attacks_lose_thirty_percent_per_level_by_the_largest_climb() {
    let (mut f, a, _) = duel(400, 300);
    let d = f.center();
    let b2 = f.attacker(0, inf(), d, Facing::S, 100);
    f.unit(b2).marks.fired = true;
    f.map.set_elevation(d, 2);
    f.map.set_elevation(d + Facing::SW.step(), 1);
    let b = bd(&f, &[a, b2]);
    assert_eq!(percent(&b, MeleeSide::Attacker, "uphill"), Some(-60));
    assert!((b.attack_strength - 500.0 * 0.4).abs() < 1e-9);
    // Four levels would be −120%: never below zero.
    f.map.set_elevation(d, 4);
    f.map.set_elevation(d + Facing::SW.step(), 4);
    assert_eq!(bd(&f, &[a, b2]).attack_strength, 0.0);
    // Attacking downhill changes nothing.
    f.map.set_elevation(d, 0);
    assert_eq!(
        percent(&bd(&f, &[a, b2]), MeleeSide::Attacker, "uphill"),
        None
    );
}

/// §9.3: all attackers mounted cavalry (leaders aside), the defending and every attacking hex
/// Clear: +25 %.
#[test]
fn mounted_charge_over_clear_ground_adds_twenty_five() {
    let mut f = Field::new(10, 8);
    let d = f.center();
    f.add(1, inf(), d, Facing::SW, 300);
    let c = f.attacker(0, UnitKind::Cavalry, d, Facing::SW, 300);
    let l = f.attacker(0, UnitKind::Leader, d, Facing::SW, 0);
    f.unit(c).marks.fired = true;
    assert_eq!(
        percent(&bd(&f, &[c, l]), MeleeSide::Attacker, "charge"),
        Some(25)
    );
    // Any attacking hex not clear: no bonus.
    f.map.set_terrain(d + Facing::SW.step(), Terrain::Field);
    assert_eq!(
        percent(&bd(&f, &[c, l]), MeleeSide::Attacker, "charge"),
        None
    );
    f.map.set_terrain(d + Facing::SW.step(), Terrain::Clear);
    // Infantry with them: no bonus.
    let i = f.attacker(0, inf(), d, Facing::S, 100);
    assert_eq!(
        percent(&bd(&f, &[c, i]), MeleeSide::Attacker, "charge"),
        None
    );
}

/// §9.3, Quality Melee Modifiers: lowest-quality attacker A/B +10 %, highest E/F −10 %, leaders
/// left out; the same for the defenders.
#[test]
fn optional_quality_modifiers() {
    let (mut f, a, dd) = duel(300, 300);
    f.unit(a).quality = Quality::B;
    f.unit(dd).quality = Quality::E;
    assert_eq!(
        bd(&f, &[a]).modifiers.len(),
        0,
        "off unless the optional rule is on"
    );
    f.params.optional.quality_melee_modifiers = true;
    let b = bd(&f, &[a]);
    assert_eq!(percent(&b, MeleeSide::Attacker, "quality"), Some(10));
    assert_eq!(percent(&b, MeleeSide::Defender, "quality"), Some(-10));
    // The lowest-quality attacker decides the bonus; leaders are left out: an F leader with
    // the good regiment leaves its +10, which it would cancel if it counted.
    let d = f.center();
    let l = f.attacker(0, UnitKind::Leader, d, Facing::S, 0);
    f.unit(l).quality = Quality::F;
    assert_eq!(
        percent(&bd(&f, &[a, l]), MeleeSide::Attacker, "quality"),
        Some(10)
    );
    let poor = f.attacker(0, inf(), d, Facing::S, 100);
    f.unit(poor).quality = Quality::D;
    f.unit(poor).marks.fired = true;
    assert_eq!(
        percent(&bd(&f, &[a, poor, l]), MeleeSide::Attacker, "quality"),
        None
    );
}

/// §9.4's cavalry rule: mounted cavalry against mounted cavalry, both sides' loss ranges ÷4.
#[test]
fn cavalry_rule_quarters_both_loss_ranges() {
    let mut f = Field::new(10, 8);
    let d = f.center();
    f.add(1, UnitKind::Cavalry, d, Facing::SW, 400);
    let c = f.attacker(0, UnitKind::Cavalry, d, Facing::SW, 400);
    f.unit(c).marks.fired = true;
    f.map.set_terrain(d, Terrain::Field); // no charge bonus
    let b = bd(&f, &[c]);
    assert!(b.cavalry_rule);
    assert!((b.defender_loss_range[0] - 25.0 * 400.0 / 1000.0 / 4.0).abs() < 1e-9);
    assert!((b.attacker_loss_range[1] - 200.0 * 400.0 / 1000.0 / 4.0).abs() < 1e-9);
}

/// §9.2 and §14: without Isolation Effects an Isolated defender defends in full.
#[test]
fn isolation_effects_can_be_switched_off() {
    let (mut f, a, dd) = duel(300, 400);
    f.unit(dd).isolated = true;
    assert_eq!(bd(&f, &[a]).defence_base, 100.0);
    f.params.optional.isolation_effects = false;
    assert_eq!(bd(&f, &[a]).defence_base, 400.0);
}

/// §9.3's hexside table, each feature alone (D-hex-1 then picks one): stream −20, creek (a ford)
/// −20, fence −30, stone wall −50, embankment −70, cut +50; a stone wall and a cut tie at 50 and
/// the penalty counts, whichever hexside is read first.
#[test]
fn d_hex_1_each_hexside_modifier_and_the_tie_goes_to_the_penalty() {
    let d = Field::new(10, 8).center();
    for (feature, want, name) in [
        (SideFeature::Stream, -20, "hexside: stream"),
        (SideFeature::Creek, -20, "hexside: creek (ford)"),
        (SideFeature::Fence, -30, "hexside: fence"),
        (SideFeature::StoneWall, -50, "hexside: stone wall"),
        (SideFeature::Embankment, -70, "hexside: embankment"),
        (SideFeature::Cut, 50, "hexside: cut"),
    ] {
        let (mut f, a, _) = duel(300, 300);
        f.feature(d, Facing::SW, feature);
        let b = bd(&f, &[a]);
        let m: Vec<_> = b
            .modifiers
            .iter()
            .filter(|m| m.name().starts_with("hexside"))
            .collect();
        assert_eq!(m.len(), 1, "{feature:?}");
        assert_eq!(
            (m[0].percent, m[0].name()),
            (want, name.to_string()),
            "{feature:?}"
        );
    }
    for (first, second) in [
        (SideFeature::Cut, SideFeature::StoneWall),
        (SideFeature::StoneWall, SideFeature::Cut),
    ] {
        let (mut f, a, _) = duel(300, 300);
        let b2 = f.attacker(0, inf(), d, Facing::S, 300);
        f.unit(b2).marks.fired = true;
        f.feature(d, Facing::SW, first);
        f.feature(d, Facing::S, second);
        assert_eq!(
            percent(&bd(&f, &[a, b2]), MeleeSide::Attacker, "hexside"),
            Some(-50),
            "{first:?} then {second:?}"
        );
    }
}

/// §9.4's cavalry rule needs both sides wholly mounted cavalry (leaders aside): foot on
/// either side, or a side of leaders alone, and the losses are not quartered.
#[test]
fn cavalry_rule_needs_both_sides_wholly_mounted() {
    let base = || {
        let mut f = Field::new(10, 8);
        let d = f.center();
        let dc = f.add(1, UnitKind::Cavalry, d, Facing::SW, 400);
        let c = f.attacker(0, UnitKind::Cavalry, d, Facing::SW, 400);
        f.unit(c).marks.fired = true;
        (f, c, dc)
    };
    let (f, c, _) = base();
    assert!(bd(&f, &[c]).cavalry_rule);
    let (mut f, c, _) = base();
    let d = f.center();
    let foot = f.attacker(0, inf(), d, Facing::S, 100);
    assert!(!bd(&f, &[c, foot]).cavalry_rule, "foot with the attackers");
    let l = f.attacker(0, UnitKind::Leader, d, Facing::SE, 0);
    assert!(bd(&f, &[c, l]).cavalry_rule, "a leader does not count");
    assert!(!bd(&f, &[l]).cavalry_rule, "leaders alone are not cavalry");
    let (mut f, c, _) = base();
    f.add(1, inf(), d, Facing::SW, 50);
    assert!(!bd(&f, &[c]).cavalry_rule, "foot with the defenders");
    let (mut f, c, dc) = base();
    f.unit(dc).formation = Formation::Dismounted;
    assert!(!bd(&f, &[c]).cavalry_rule, "dismounted defenders");
}

/// D-cr-2: a side loses at most what it has: men, and for a battery its guns at 25 men each;
/// a leader adds nothing.
#[test]
fn d_cr_2_capacity_counts_men_guns_and_no_leaders() {
    let mut f = Field::new(10, 8);
    let d = f.center();
    f.add(1, UnitKind::Artillery, d, Facing::SW, 4);
    f.add(1, UnitKind::Leader, d, Facing::SW, 0);
    f.add(1, inf(), d, Facing::SW, 130);
    let a = f.attacker(0, inf(), d, Facing::SW, 400);
    let l = f.attacker(0, UnitKind::Leader, d, Facing::SW, 0);
    let b = bd(&f, &[a, l]);
    assert_eq!(b.defender_capacity, 4 * 25 + 130);
    assert_eq!(b.attacker_capacity, 400);
    let caps: Vec<u32> = b.defenders.iter().map(|s| s.capacity).collect();
    assert_eq!(caps, vec![100, 0, 130]);
}
