//! RULES.md §15.4, Austerlitz hand-to-hand (seed 004), behind the melee-system seam: the
//! worked example exactly, each factor and modifier, A1 and A2, the draw order, the exact odds
//! against 10,000 seeded resolutions, selection per scenario and command line, saves and
//! replays, and the computer playing a whole scenario under it.

use bayonet::rules::board::Board;
use bayonet::rules::hex::Facing;
use bayonet::rules::map::{SideFeature, Terrain};
use bayonet::rules::melee::{self, Declaration, MeleeSide};
use bayonet::rules::params::MeleeSystemName;
use bayonet::rules::unit::{CavalryKind, Formation, Quality, UnitKind};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::common::{Field, inf};

fn austerlitz(f: &mut Field) {
    f.params.melee_system = MeleeSystemName::Austerlitz;
}

/// 450 C Line attack 230 C Line frontally in the open: §15.4's example.
fn example() -> (Field, Declaration) {
    let mut f = Field::new(10, 8);
    austerlitz(&mut f);
    let d = f.center();
    f.add(1, inf(), d, Facing::SW, 230);
    let a = f.attacker(0, inf(), d, Facing::SW, 450);
    (
        f,
        Declaration {
            attackers: vec![a],
            defending_hex: d,
            follow_up: true,
        },
    )
}

fn bd(f: &Field, decl: &Declaration) -> melee::Breakdown {
    let b = f.board();
    melee::system(&b.params).breakdown(&b, decl)
}

#[test]
fn s15_4_worked_example_450_line_attack_230_line_in_the_open() {
    let (f, decl) = example();
    let b = bd(&f, &decl);
    assert_eq!(b.system, MeleeSystemName::Austerlitz);
    // P_A = 25 × 4 × 450 × 0.6 / 1500 = 18; P_D = 9.2.
    assert!(
        (b.attack_strength - 18.0).abs() < 1e-9,
        "{}",
        b.attack_strength
    );
    assert!(
        (b.defence_strength - 9.2).abs() < 1e-9,
        "{}",
        b.defence_strength
    );
    assert_eq!(b.defender_loss_range, [18.0, 54.0]);
    let [lo, hi] = b.attacker_loss_range;
    assert!((lo - 9.2).abs() < 1e-9 && (hi - 27.6).abs() < 1e-9);
    assert!(!b.cavalry_rule, "no cavalry ÷4 under Austerlitz");
    assert_eq!(b.modifiers, vec![], "no village: no casualty modifier");
    let o = b.odds();
    // "P(attacker wins) ≈ 0.92": exactly 0.9228 to four places.
    assert!(
        (o.attacker_win_probability - 0.9228).abs() < 5e-5,
        "{}",
        o.attacker_win_probability
    );
    assert!((o.expected_defender_loss - 36.0).abs() < 1e-6);
    assert!((o.expected_attacker_loss - 18.4).abs() < 1e-6);
    // The report's working names every factor.
    assert_eq!(
        b.attackers[0].adjustments[0],
        "HC 25 x EF 4 x 450 men x F line 60 % / 1500 = 18.00"
    );
}

#[test]
fn s15_4_hand_to_hand_factors_experience_and_formation_shares() {
    let mut f = Field::new(10, 8);
    let d = f.center();
    let c = f.add(0, UnitKind::Cavalry, d, Facing::N, 300);
    let b = f.board();
    let u = |b: &Board, id| b.unit(id).unwrap().clone();
    assert_eq!(melee::hand_to_hand(&b, &u(&b, c)), 35.0, "light cavalry");
    f.unit(c).cavalry = CavalryKind::Heavy;
    assert_eq!(melee::hand_to_hand(&f.board(), &u(&f.board(), c)), 40.0);
    f.unit(c).cavalry = CavalryKind::Lancer;
    assert_eq!(melee::hand_to_hand(&f.board(), &u(&f.board(), c)), 40.0);
    f.unit(c).formation = Formation::Dismounted;
    assert_eq!(melee::hand_to_hand(&f.board(), &u(&f.board(), c)), 20.0);
    assert_eq!(
        melee::formation_share(&u(&f.board(), c)).0,
        0.4,
        "skirmish order"
    );
    let g = f.add(0, UnitKind::Artillery, d, Facing::N, 4);
    assert_eq!(
        melee::hand_to_hand(&f.board(), &u(&f.board(), g)),
        10.0,
        "crew"
    );
    f.unit(g).crew = bayonet::rules::unit::Crew::Spiked;
    assert_eq!(melee::hand_to_hand(&f.board(), &u(&f.board(), g)), 0.0);
    let l = f.add(0, UnitKind::Leader, d, Facing::N, 0);
    assert_eq!(melee::hand_to_hand(&f.board(), &u(&f.board(), l)), 0.0);
    let i = f.add(0, inf(), d, Facing::N, 300);
    assert_eq!(melee::formation_share(&u(&f.board(), i)).0, 0.6, "line");
    f.unit(i).formation = Formation::Column;
    assert_eq!(melee::formation_share(&u(&f.board(), i)).0, 1.0, "column");
    // The report names the share it used.
    assert_eq!(melee::formation_share(&u(&f.board(), i)).1, "column 100 %");
    assert_eq!(melee::formation_share(&u(&f.board(), g)), (1.0, "100 %"));
    f.unit(c).formation = Formation::Mounted;
    assert_eq!(
        melee::formation_share(&u(&f.board(), c)),
        (1.0, "mounted 100 %")
    );
    f.unit(i).routed = true;
    assert_eq!(melee::formation_share(&u(&f.board(), i)).0, 0.4, "flight");
    let ef: Vec<f64> = Quality::ALL.into_iter().map(melee::experience).collect();
    assert_eq!(ef, vec![6.0, 5.0, 4.0, 3.0, 2.0, 1.0]);
}

#[test]
fn s15_4_modifiers_entrenchment_height_forest_and_cavalry_kinds() {
    // Mounted light cavalry across breastworks at infantry: −80 %; from higher ground +10 %.
    let mut f = Field::new(10, 8);
    austerlitz(&mut f);
    let d = f.center();
    f.add(1, inf(), d, Facing::SW, 230);
    let a = f.attacker(0, UnitKind::Cavalry, d, Facing::SW, 300);
    f.feature(d, Facing::SW, SideFeature::Breastworks);
    let decl = Declaration {
        attackers: vec![a],
        defending_hex: d,
        follow_up: true,
    };
    let p = |f: &Field| bd(f, &decl).attack_strength;
    let plain = 35.0 * 4.0 * 300.0 * 1.0 / 1500.0;
    assert!((p(&f) - plain * 0.2).abs() < 1e-9, "{}", p(&f));
    let ahex = f.units.iter().find(|u| u.id == a).unwrap().hex;
    f.map.set_elevation(ahex, 1);
    assert!((p(&f) - plain * 0.2 * 1.1).abs() < 1e-9);
    // Light cavalry at infantry in a forest −35 %; heavy cavalry there is refused (A2).
    let mut f = Field::new(10, 8);
    austerlitz(&mut f);
    f.map.set_terrain(d, Terrain::Forest);
    f.add(1, inf(), d, Facing::SW, 230);
    let a = f.attacker(0, UnitKind::Cavalry, d, Facing::SW, 300);
    let decl = Declaration {
        attackers: vec![a],
        defending_hex: d,
        follow_up: true,
    };
    assert!((bd(&f, &decl).attack_strength - plain * 0.65).abs() < 1e-9);
    // Heavy against light cavalry −15 %; lancers against cavalry −20 %.
    let mut f = Field::new(10, 8);
    austerlitz(&mut f);
    f.add(1, UnitKind::Cavalry, d, Facing::SW, 300);
    let a = f.attacker(0, UnitKind::Cavalry, d, Facing::SW, 300);
    f.unit(a).cavalry = CavalryKind::Heavy;
    let decl = Declaration {
        attackers: vec![a],
        defending_hex: d,
        follow_up: true,
    };
    let heavy = 40.0 * 4.0 * 300.0 / 1500.0;
    assert!((bd(&f, &decl).attack_strength - heavy * 0.85).abs() < 1e-9);
    f.unit(a).cavalry = CavalryKind::Lancer;
    assert!((bd(&f, &decl).attack_strength - heavy * 0.8).abs() < 1e-9);
}

#[test]
fn s15_4_infantry_in_a_village_takes_a_fifth_fewer_casualties() {
    let (mut f, decl) = example();
    f.map.set_terrain(decl.defending_hex, Terrain::Town);
    let b = bd(&f, &decl);
    // t = 1 − 0.2 × (all the defenders' men are infantry in the town) = 0.8.
    assert!((b.defender_loss_range[0] - 18.0 * 0.8).abs() < 1e-9);
    assert!((b.defender_loss_range[1] - 54.0 * 0.8).abs() < 1e-9);
    assert_eq!(b.attacker_loss_range[0], 9.2 * 1.0);
    assert!(
        b.modifiers
            .iter()
            .any(|m| m.side == MeleeSide::Defender && m.percent == -20)
    );
}

/// §15.4 rule A1: mounted cavalry of either side may not attack a town holding infantry
/// (dismounted it may; under Tiller A1 is no rule).
#[test]
fn a1_mounted_cavalry_may_not_attack_a_town_holding_infantry() {
    let mut f = Field::new(10, 8);
    austerlitz(&mut f);
    let d = f.center();
    f.map.set_terrain(d, Terrain::Town);
    f.add(1, UnitKind::Cavalry, d, Facing::SW, 100);
    let a = f.attacker(0, UnitKind::Cavalry, d, Facing::SW, 300);
    let decl = Declaration {
        attackers: vec![a],
        defending_hex: d,
        follow_up: true,
    };
    let codes = |f: &Field| -> Vec<String> {
        let b = f.board();
        melee::system(&b.params)
            .check(&b, &decl)
            .into_iter()
            .map(|r| r.code)
            .collect()
    };
    assert!(
        !codes(&f).contains(&"A1".to_string()),
        "only cavalry in the town"
    );
    f.add(1, inf(), d, Facing::SW, 200);
    let r = codes(&f);
    assert!(r.contains(&"A1".to_string()), "{r:?}");
    // Dismounted, the same regiment may go in; and under Tiller A1 is no rule.
    f.unit(a).formation = Formation::Dismounted;
    assert!(!codes(&f).contains(&"A1".to_string()));
    f.unit(a).formation = Formation::Mounted;
    f.params.melee_system = MeleeSystemName::Tiller;
    assert!(!codes(&f).contains(&"A1".to_string()));
    // The same for the second side's cavalry against the first side's town: "infantry there"
    // means the attackers' enemy, whichever side attacks.
    let mut g = Field::new(10, 8);
    austerlitz(&mut g);
    g.map.set_terrain(d, Terrain::Town);
    g.add(0, inf(), d, Facing::SW, 200);
    let a = g.attacker(1, UnitKind::Cavalry, d, Facing::SW, 300);
    let b = g.board();
    let refused = melee::system(&b.params).check(
        &b,
        &Declaration {
            attackers: vec![a],
            defending_hex: d,
            follow_up: true,
        },
    );
    assert!(refused.iter().any(|r| r.code == "A1"), "{refused:?}");
}

/// §15.4 rule A2: only light mounted cavalry may attack into a forest, refused naming the unit and
/// the rule.
#[test]
fn a2_only_light_mounted_cavalry_may_attack_into_a_forest() {
    let mut f = Field::new(10, 8);
    austerlitz(&mut f);
    let d = f.center();
    f.map.set_terrain(d, Terrain::Forest);
    f.add(1, UnitKind::Cavalry, d, Facing::SW, 100);
    let a = f.attacker(0, UnitKind::Cavalry, d, Facing::SW, 300);
    let decl = Declaration {
        attackers: vec![a],
        defending_hex: d,
        follow_up: true,
    };
    let refusals = |f: &Field| {
        let b = f.board();
        melee::system(&b.params).check(&b, &decl)
    };
    assert!(refusals(&f).iter().all(|r| r.code != "A2"), "light may");
    f.unit(a).cavalry = CavalryKind::Heavy;
    let r = refusals(&f);
    let a2 = r.iter().find(|r| r.code == "A2").expect("heavy may not");
    assert_eq!(a2.unit, Some(a));
    assert!(a2.to_string().ends_with("(§15 rule A2)"), "{a2}");
}

#[test]
fn d_aus_4_a_defender_that_could_not_enter_the_attackers_ground_adds_nothing() {
    let mut f = Field::new(10, 8);
    austerlitz(&mut f);
    let d = f.center();
    f.add(1, UnitKind::Artillery, d, Facing::SW, 4);
    let a = f.attacker(0, inf(), d, Facing::SW, 300);
    let decl = Declaration {
        attackers: vec![a],
        defending_hex: d,
        follow_up: true,
    };
    let b = bd(&f, &decl);
    let crew = b.defence_strength;
    assert!(crew > 0.0);
    assert_eq!(b.defenders[0].adjustments.len(), 1, "{:?}", b.defenders[0]);
    // Guns cannot enter rough ground: against attackers there the battery adds 0.
    let ahex = f.units.iter().find(|u| u.id == a).unwrap().hex;
    f.map.set_terrain(ahex, Terrain::Rough);
    let b = bd(&f, &decl);
    assert_eq!(b.defence_strength, 0.0);
    // The report says why.
    assert_eq!(
        b.defenders[0].adjustments.last().unwrap(),
        "could not enter the attackers' ground: adds 0 (D-aus-4)"
    );
}

/// One resolution's combat results under the scenario's system, with these dice.
fn results(f: &Field, decl: &Declaration, seed: u64) -> (u32, u32, MeleeSide) {
    let mut board = f.board();
    let sys = melee::system(&board.params);
    let b = sys.breakdown(&board, decl);
    let mut r = melee::begin(&mut board, decl, b);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    melee::combat_results(&mut board, &mut r, &mut rng);
    (
        r.out.defender_loss,
        r.out.attacker_loss,
        r.out.loser.unwrap(),
    )
}

#[test]
fn s15_4_draw_order_is_z_a_then_z_d_then_the_roundings() {
    let (f, decl) = example();
    for seed in [1, 7, 99] {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (za, zd) = (rng.random::<f64>(), rng.random::<f64>());
        let (xd, xa) = (18.0 + za * 36.0, 9.2 + zd * 18.4);
        let (rd, ra) = (rng.random::<f64>(), rng.random::<f64>());
        let round = |x: f64, u: f64| x.floor() as u32 + u32::from(u < x - x.floor());
        let (dl, al, loser) = results(&f, &decl, seed);
        assert_eq!((dl, al), (round(xd, rd), round(xa, ra)), "seed {seed}");
        // The greater loss loses; the defender wins ties (D-aus-7).
        let want = if dl > al {
            MeleeSide::Defender
        } else {
            MeleeSide::Attacker
        };
        assert_eq!(loser, want);
    }
}

#[test]
fn s15_4_exact_odds_match_10000_seeded_resolutions() {
    // The example, and a closer fight where the defender often wins (a column of 300 B against
    // 400 C in line on a hill, in a village).
    let (f1, d1) = example();
    let mut f2 = Field::new(10, 8);
    austerlitz(&mut f2);
    let d = f2.center();
    f2.map.set_terrain(d, Terrain::Town);
    f2.map.set_elevation(d, 1);
    f2.add(1, inf(), d, Facing::SW, 400);
    let a = f2.attacker(0, inf(), d, Facing::SW, 300);
    f2.unit(a).formation = Formation::Column;
    f2.unit(a).quality = Quality::B;
    let d2 = Declaration {
        attackers: vec![a],
        defending_hex: d,
        follow_up: true,
    };
    for (f, decl) in [(f1, d1), (f2, d2)] {
        let b = bd(&f, &decl);
        let exact = b.odds();
        let n = 10_000;
        let (mut wins, mut lost_d, mut lost_a) = (0u32, 0f64, 0f64);
        for seed in 0..n {
            let (dl, al, loser) = results(&f, &decl, seed);
            wins += u32::from(loser == MeleeSide::Defender);
            lost_d += dl as f64;
            lost_a += al as f64;
        }
        let p = exact.attacker_win_probability;
        let seen = wins as f64 / n as f64;
        let sigma = (p * (1.0 - p) / n as f64).sqrt();
        assert!(
            (seen - p).abs() < 4.0 * sigma + 1e-9,
            "P(win) exact {p}, seen {seen}"
        );
        // Mean losses within 4 standard errors (uniform spread ≈ range / √12).
        let se = |r: [f64; 2]| (r[1] - r[0]) / 12f64.sqrt() / (n as f64).sqrt();
        let md = lost_d / n as f64;
        let ma = lost_a / n as f64;
        assert!(
            (md - exact.expected_defender_loss).abs() < 4.0 * se(b.defender_loss_range) + 0.05,
            "{md} vs {}",
            exact.expected_defender_loss
        );
        assert!(
            (ma - exact.expected_attacker_loss).abs() < 4.0 * se(b.attacker_loss_range) + 0.05,
            "{ma} vs {}",
            exact.expected_attacker_loss
        );
        assert!(p > 0.05 && p < 0.999, "{p}");
    }
}

/// §15.0 (D-sys-1): the system is chosen per scenario, recorded in saves and replayed; the computer
/// plays Austerlitz to the end.
#[test]
fn austerlitz_is_chosen_per_scenario_recorded_in_saves_and_replayed() {
    let text = bayonet::DEFAULT_SCENARIO.replacen(
        "    brigades: [",
        "    parameters: (melee_system: \"Austerlitz\"),\n    brigades: [",
        1,
    );
    let text = if bayonet::DEFAULT_SCENARIO.contains("    parameters:") {
        panic!("the default scenario has parameters of its own: merge them here")
    } else {
        text
    };
    let s = bayonet::rules::scenario::parse("h.ron", &text).unwrap();
    assert_eq!(s.params.melee_system, MeleeSystemName::Austerlitz);
    // The computer plays it to the end on both sides, every melee under Austerlitz, no order
    // refused; the save records the system and replays.
    let n = crate::common::computer_plays_to_the_end(MeleeSystemName::Austerlitz);
    assert!(n > 0, "the computer fought melees");
}

/// The start dialog's Melee system button chooses the system; Start gives it to the game as
/// the Parameter Data order, logged and saved like any other.
#[cfg(feature = "client")]
#[test]
fn the_start_dialog_chooses_the_melee_system() {
    use bayonet::client::dialogs::start::Control;
    use bayonet::rules::order::Order;
    use bevy::prelude::*;
    let s = bayonet::load_scenario("maps/test_melee.ron").unwrap();
    let mut app = bayonet::client::windowless_app(s, bayonet::client::headless);
    app.world_mut()
        .remove_resource::<bayonet::client::gate::PresetPlayers>();
    app.update();
    app.update();
    let press = crate::common::press_control;
    // Tiller, then Bodenstedt, Impetus, La Bataille and Austerlitz, each with its line.
    for name in ["Bodenstedt", "Impetus", "LaBataille", "Austerlitz"] {
        press(&mut app, Control::MeleeSystem);
        let label: Vec<String> = app
            .world_mut()
            .query::<&Text>()
            .iter(app.world())
            .map(|t| t.0.clone())
            .filter(|t| t.starts_with(&format!("{name}: ")))
            .collect();
        assert_eq!(
            label.len(),
            1,
            "the button names the system and says what it is"
        );
    }
    press(&mut app, Control::Start);
    app.update();
    let game = crate::common::game(&app);
    assert_eq!(game.params.melee_system, MeleeSystemName::Austerlitz);
    let log = &app.world().resource::<bayonet::sim::Table>().log;
    assert!(
        matches!(&log[0], Order::SetParameters { params } if params.melee_system == MeleeSystemName::Austerlitz)
    );
}

/// The attack strength of `kind` (mounted, `cav` kind) against 230 infantry in the defending hex
/// of terrain `ground`, with no other modifier.
fn attack_on(ground: Terrain, kind: UnitKind, cav: CavalryKind) -> (f64, f64) {
    let mut f = Field::new(10, 8);
    austerlitz(&mut f);
    let d = f.center();
    f.map.set_terrain(d, ground);
    f.add(1, inf(), d, Facing::SW, 230);
    let a = f.attacker(0, kind, d, Facing::SW, 300);
    f.unit(a).cavalry = cav;
    let decl = Declaration {
        attackers: vec![a],
        defending_hex: d,
        follow_up: true,
    };
    let b = bd(&f, &decl);
    let hc = melee::hand_to_hand(&f.board(), f.board().unit(a).unwrap());
    (b.attack_strength, hc * 4.0 * 300.0 / 1500.0)
}

/// §15.4 D-aus-5: cavalry against infantry in the bushes (Orchard or Rough): light −20 %, other
/// cavalry −30 %; in a forest only light cavalry −35 % (heavy is refused there by A2, and its
/// strength has no forest modifier); infantry attacking gets none of these.
#[test]
fn d_aus_5_cavalry_against_infantry_in_the_bushes_and_the_forest() {
    use CavalryKind::*;
    for (ground, kind, cav, factor) in [
        (Terrain::Orchard, UnitKind::Cavalry, Light, 0.8),
        (Terrain::Rough, UnitKind::Cavalry, Light, 0.8),
        (Terrain::Orchard, UnitKind::Cavalry, Heavy, 0.7),
        (Terrain::Rough, UnitKind::Cavalry, Lancer, 0.7),
        (Terrain::Forest, UnitKind::Cavalry, Light, 0.65),
        (Terrain::Forest, UnitKind::Cavalry, Heavy, 1.0),
        (Terrain::Clear, UnitKind::Cavalry, Light, 1.0),
        (Terrain::Rough, inf(), Light, 0.6),
        (Terrain::Forest, inf(), Light, 0.6),
    ] {
        let (p, plain) = attack_on(ground, kind, cav);
        assert!(
            (p - plain * factor).abs() < 1e-9,
            "{kind:?} {cav:?} into {ground:?}: {p} vs {plain} × {factor}"
        );
    }
}

/// §15.4 D-aus-5: the entrenchment (a Breastworks hexside crossed) costs attacking infantry
/// 60 % against infantry or artillery, not against cavalry; the defenders fight across nothing.
/// A defender higher than every attacking hex gets +10 %, not if one attacking hex is as high.
#[test]
fn d_aus_5_entrenchment_and_the_defenders_height() {
    let mut f = Field::new(10, 8);
    austerlitz(&mut f);
    let d = f.center();
    let def = f.add(1, inf(), d, Facing::SW, 230);
    let a = f.attacker(0, inf(), d, Facing::SW, 300);
    let b = f.attacker(0, inf(), d, Facing::S, 300);
    f.feature(d, Facing::SW, SideFeature::Breastworks);
    let decl = Declaration {
        attackers: vec![a, b],
        defending_hex: d,
        follow_up: true,
    };
    let one = 25.0 * 4.0 * 300.0 * 0.6 / 1500.0;
    let defender = 25.0 * 4.0 * 230.0 * 0.6 / 1500.0;
    let x = bd(&f, &decl);
    assert!(
        (x.attack_strength - one * (0.4 + 1.0)).abs() < 1e-9,
        "{x:?}"
    );
    assert!((x.defence_strength - defender).abs() < 1e-9);
    // Against artillery the same; against cavalry no entrenchment.
    f.unit(def).kind = UnitKind::Artillery;
    f.unit(def).formation = Formation::Unlimbered;
    f.unit(def).guns = 2;
    assert!((bd(&f, &decl).attack_strength - one * 1.4).abs() < 1e-9);
    f.unit(def).kind = UnitKind::Cavalry;
    f.unit(def).formation = Formation::Mounted;
    f.unit(def).guns = 0;
    assert!((bd(&f, &decl).attack_strength - one * 2.0).abs() < 1e-9);
    f.unit(def).kind = UnitKind::Infantry;
    f.unit(def).formation = Formation::Line;
    // Height: above both attacking hexes +10 %; one of them as high, nothing.
    f.map.set_elevation(d, 2);
    assert!((bd(&f, &decl).defence_strength - defender * 1.1).abs() < 1e-9);
    let bhex = f.units.iter().find(|u| u.id == b).unwrap().hex;
    f.map.set_elevation(bhex, 2);
    assert!((bd(&f, &decl).defence_strength - defender).abs() < 1e-9);
    // The attacker on the higher hex gets its +10 % only when higher than the defender's.
    f.map.set_elevation(bhex, 3);
    let x = bd(&f, &decl);
    assert!(
        (x.attack_strength - one * (0.4 + 1.1)).abs() < 1e-9,
        "{x:?}"
    );
}

/// §15.4 D-aus-5: a defender's modifiers are judged against the attackers' lead unit on the
/// ground it fights from: the defenders' light cavalry against infantry attacking from a forest
/// −35 %, from rough ground −20 %; heavy defending cavalry against light attacking cavalry −15 %.
#[test]
fn d_aus_5_defenders_judge_the_lead_attacker_and_its_ground() {
    let mut f = Field::new(10, 8);
    austerlitz(&mut f);
    let d = f.center();
    f.add(1, UnitKind::Cavalry, d, Facing::SW, 300);
    let big = f.attacker(0, inf(), d, Facing::SW, 400);
    let small = f.attacker(0, inf(), d, Facing::S, 100);
    let decl = Declaration {
        attackers: vec![small, big],
        defending_hex: d,
        follow_up: true,
    };
    let plain = 35.0 * 4.0 * 300.0 / 1500.0;
    let hex_of = |f: &Field, id| f.units.iter().find(|u| u.id == id).unwrap().hex;
    assert!((bd(&f, &decl).defence_strength - plain).abs() < 1e-9);
    // The lead unit is the bigger regiment: its ground counts, the other's does not.
    f.map.set_terrain(hex_of(&f, small), Terrain::Forest);
    assert!((bd(&f, &decl).defence_strength - plain).abs() < 1e-9);
    f.map.set_terrain(hex_of(&f, big), Terrain::Forest);
    assert!((bd(&f, &decl).defence_strength - plain * 0.65).abs() < 1e-9);
    f.map.set_terrain(hex_of(&f, big), Terrain::Rough);
    assert!((bd(&f, &decl).defence_strength - plain * 0.8).abs() < 1e-9);
    // Heavy defending cavalry against a light cavalry lead: −15 %.
    let mut g = Field::new(10, 8);
    austerlitz(&mut g);
    let hc = g.add(1, UnitKind::Cavalry, d, Facing::SW, 300);
    g.unit(hc).cavalry = CavalryKind::Heavy;
    let lc = g.attacker(0, UnitKind::Cavalry, d, Facing::SW, 300);
    let decl = Declaration {
        attackers: vec![lc],
        defending_hex: d,
        follow_up: true,
    };
    let heavy = 40.0 * 4.0 * 300.0 / 1500.0;
    assert!((bd(&g, &decl).defence_strength - heavy * 0.85).abs() < 1e-9);
    // Dismounted, the light cavalry is no longer "light cavalry" to charge.
    g.unit(lc).formation = Formation::Dismounted;
    assert!((bd(&g, &decl).defence_strength - heavy).abs() < 1e-9);
}

/// §15.4: t = 1 − 0.2 × the share of a side's men that are infantry in a Town hex — for each
/// side, on its own men (cavalry and men outside a town do not count); the modifier names it.
#[test]
fn s15_4_the_village_share_counts_infantry_men_in_a_town_only() {
    let mut f = Field::new(10, 8);
    austerlitz(&mut f);
    let d = f.center();
    f.map.set_terrain(d, Terrain::Town);
    f.add(1, inf(), d, Facing::SW, 300);
    f.add(1, UnitKind::Cavalry, d, Facing::SW, 100);
    let a = f.attacker(0, inf(), d, Facing::SW, 300);
    let b = f.attacker(0, inf(), d, Facing::S, 100);
    let bhex = f.units.iter().find(|u| u.id == b).unwrap().hex;
    f.map.set_terrain(bhex, Terrain::Town);
    let decl = Declaration {
        attackers: vec![a, b],
        defending_hex: d,
        follow_up: true,
    };
    let x = bd(&f, &decl);
    let (t_def, t_att) = (1.0 - 0.2 * 0.75, 1.0 - 0.2 * 0.25);
    assert!(
        (x.defender_loss_range[0] - x.attack_strength * t_def).abs() < 1e-9,
        "{x:?}"
    );
    assert!((x.defender_loss_range[1] - 3.0 * x.attack_strength * t_def).abs() < 1e-9);
    assert!((x.attacker_loss_range[0] - x.defence_strength * t_att).abs() < 1e-9);
    assert!((x.attacker_loss_range[1] - 3.0 * x.defence_strength * t_att).abs() < 1e-9);
    let pct: Vec<(MeleeSide, i32)> = x.modifiers.iter().map(|m| (m.side, m.percent)).collect();
    assert_eq!(
        pct,
        vec![(MeleeSide::Defender, -15), (MeleeSide::Attacker, -5)]
    );
}

/// D-aus-2: cavalry dismounting fights as dismounted (HC 20, skirmish order 40 %); captured guns
/// have no crew of their own (HC 0); wagons 0.
#[test]
fn d_aus_2_dismounting_cavalry_captured_guns_and_wagons() {
    let mut f = Field::new(10, 8);
    let d = f.center();
    let c = f.add(0, UnitKind::Cavalry, d, Facing::N, 300);
    f.unit(c).formation = Formation::Dismounting;
    let g = f.add(0, UnitKind::Artillery, d, Facing::N, 4);
    f.unit(g).captured_from = Some(bayonet::rules::unit::Side(1));
    let w = f.add(0, UnitKind::Supply, d, Facing::N, 10);
    let b = f.board();
    let u = |id| b.unit(id).unwrap();
    assert_eq!(melee::hand_to_hand(&b, u(c)), 20.0);
    assert_eq!(melee::formation_share(u(c)).0, 0.4);
    assert_eq!(melee::hand_to_hand(&b, u(g)), 0.0, "captured");
    assert_eq!(melee::hand_to_hand(&b, u(w)), 0.0, "a wagon");
    assert_eq!(melee::formation_share(u(w)).0, 1.0);
}
