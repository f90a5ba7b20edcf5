//! RULES.md §15.2, the impetus melee (seed 002), behind the melee-system seam: the worked
//! example exactly, impetus, scores, losses, morale, the rounds and follow-up, close to
//! contact, I1, the winner's morale, exact odds against 10,000 seeded resolutions, and the
//! computer playing a whole scenario under it.

use bayonet::rules::hex::Facing;
use bayonet::rules::melee::impetus;
use bayonet::rules::melee::{self, Declaration, MeleeSide};
use bayonet::rules::params::MeleeSystemName;
use bayonet::rules::unit::{UnitId, UnitKind};

use crate::common::{Field, inf};

fn impetus_field() -> Field {
    let mut f = Field::new(10, 8);
    f.params.melee_system = MeleeSystemName::Impetus;
    f
}

fn decl(attackers: Vec<UnitId>, d: bayonet::rules::hex::Hex) -> Declaration {
    Declaration {
        attackers,
        defending_hex: d,
        follow_up: true,
    }
}

/// 450 C Line (not charging) attack 230 C Line frontally in the open: §15.2's example.
fn example() -> (Field, Declaration) {
    let mut f = impetus_field();
    let d = f.center();
    f.add(1, inf(), d, Facing::SW, 230);
    let a = f.attacker(0, inf(), d, Facing::SW, 450);
    (f, decl(vec![a], d))
}

fn ib(f: &Field, d: &Declaration) -> impetus::ImpetusBreakdown {
    impetus::impetus_breakdown(&f.board(), d)
}

#[test]
fn s15_2_worked_example_round_one_alone() {
    let (mut f, d) = example();
    f.params.impetus.max_rounds = 1;
    let b = ib(&f, &d);
    assert_eq!((b.attacker.impetus, b.defender.impetus), (1, 3));
    assert_eq!((b.attacker.morale, b.defender.morale), (5, 5));
    let o = impetus::impetus_odds(&b);
    let only_defender = o.outcomes.attacker_wins;
    let only_attacker = o.outcomes.defender_wins;
    let neither = o.outcomes.no_decision - o.both_move;
    // 23 %, 23 %, 8 %, 46 %: exactly 297, 297, 105 and 597 of the 1,296 dice tuples.
    for (got, want) in [
        (only_defender, 297.0),
        (only_attacker, 297.0),
        (o.both_move, 105.0),
        (neither, 597.0),
    ] {
        assert!((got * 1296.0 - want).abs() < 1e-6, "{o:?}");
    }
    assert!((o.rounds[1] - 1.0).abs() < 1e-9);
}

fn sys_odds(f: &Field, d: &Declaration) -> (melee::Breakdown, melee::Odds) {
    let board = f.board();
    let sys = melee::system(&board.params);
    let b = sys.breakdown(&board, d);
    let o = b.odds();
    (b, o)
}

/// §15.0 D-sys-6: the exact odds over all 6^4 dice tuples match 10,000 seeded resolutions on
/// the board (three rounds, the defender falling back and the attacker following up).
#[test]
fn s15_2_exact_odds_match_10000_seeded_resolutions() {
    let wide = || {
        let mut f = impetus_field();
        f.map = bayonet::rules::map::Map::new(14, 10);
        let d = f.hex(7, 5);
        (f, d)
    };
    let (mut f1, d) = wide();
    f1.add(1, inf(), d, Facing::SW, 230);
    let a = f1.attacker(0, inf(), d, Facing::SW, 450);
    let (mut f2, _) = wide();
    f2.add(1, inf(), d, Facing::N, 400);
    let c = f2.attacker(0, UnitKind::Cavalry, d, Facing::SW, 350);
    f2.unit(c).marks.mp_used = 10;
    for (f, dcl) in [(f1, decl(vec![a], d)), (f2, decl(vec![c], d))] {
        let (b, exact) = sys_odds(&f, &dcl);
        let ib = b.detail.impetus().unwrap();
        let full = impetus::impetus_odds(ib);
        let n = 10_000u64;
        let (mut wins, mut moved, mut lost_a, mut lost_d) = (0u32, 0u32, 0f64, 0f64);
        for seed in 0..n {
            let (board, out) = crate::common::settle(&f, &dcl, seed);
            wins += u32::from(out.loser == Some(MeleeSide::Defender));
            let gone = out.declaration.defending_hex;
            moved += u32::from(!board.units_at(gone).any(|u| u.side.0 == 1));
            lost_a += out.attacker_loss as f64;
            lost_d += out.defender_loss as f64;
        }
        let sd = |p: f64| (p * (1.0 - p) / n as f64).sqrt().max(1e-3);
        let p = exact.attacker_win_probability;
        let seen = wins as f64 / n as f64;
        assert!((seen - p).abs() < 4.0 * sd(p), "P(win) {p} seen {seen}");
        let q = full.outcomes.defender_retreats
            + full.outcomes.defender_routs
            + full.outcomes.defender_surrenders;
        let seen_moved = moved as f64 / n as f64;
        assert!(
            (seen_moved - q).abs() < 4.0 * sd(q),
            "P(moved) {q} seen {seen_moved}"
        );
        assert!((lost_a / n as f64 - exact.expected_attacker_loss).abs() < 1.0);
        assert!((lost_d / n as f64 - exact.expected_defender_loss).abs() < 1.0);
        assert!(p > 0.05 && p < 0.95, "{p}");
        assert!(full.rounds[2] + full.rounds[3] > 0.01, "{full:?}");
    }
}

/// §15.0 and §15.2: the computer plays a battle to its end under Impetus, no order refused, and the
/// save replays.
#[test]
fn impetus_plays_harpers_crossing_to_the_end_with_no_refused_order_and_replays() {
    let n = crate::common::computer_plays_to_the_end(MeleeSystemName::Impetus);
    assert!(n > 0, "the computer fought melees");
}

fn fight_of(f: &Field, d: &Declaration, dice: [u8; 5]) -> impetus::Fight {
    impetus::fight(&ib(f, d), dice)
}

/// D-imp-4: impetus by the lead unit, charging (D-imp-1: half the allowance spent), the
/// defender's "stood" value, 0 for a defender that retreated into the hex or is routed, and
/// Disordered halving (rounding down).
#[test]
fn d_imp_4_impetus_table_charging_and_disordered_halving() {
    let (mut f, d) = example();
    let a = d.attackers[0];
    let def = f.units[0].id;
    assert_eq!(ib(&f, &d).attacker.impetus, 1);
    f.unit(a).marks.mp_used = 6; // half of 12
    assert!(ib(&f, &d).attacker.charging);
    assert_eq!(ib(&f, &d).attacker.impetus, 2);
    f.unit(a).marks.mp_used = 5;
    assert_eq!(ib(&f, &d).attacker.impetus, 1);
    // A unit with no allowance (a scenario's choice) never charges.
    f.unit(a).marks.mp_used = 0;
    f.params.movement.allowance.infantry = 0;
    assert!(!ib(&f, &d).attacker.charging);
    f.params.movement.allowance.infantry = 12;
    f.unit(a).marks.mp_used = 6;
    f.unit(a).formation = bayonet::rules::unit::Formation::Column;
    assert_eq!(ib(&f, &d).attacker.impetus, 3);
    assert_eq!(ib(&f, &d).defender.impetus, 3, "a Line that stood");
    f.unit(def).formation = bayonet::rules::unit::Formation::Column;
    assert_eq!(ib(&f, &d).defender.impetus, 2);
    f.unit(def).marks.retreated = true;
    assert_eq!(ib(&f, &d).defender.impetus, 0, "retreated into the hex");
    f.unit(def).marks.retreated = false;
    f.unit(def).routed = true;
    assert_eq!(ib(&f, &d).defender.impetus, 0, "routed");
    f.unit(def).routed = false;
    // Disordered halves, rounding down: 3 → 1.
    f.unit(a).disrupted = true;
    let x = fight_of(&f, &d, [1, 3, 3, 6, 6]);
    assert_eq!(x.rounds[0].impetus, [1, 2]);
    // And a Disordered Column that stood: 2 → 1.
    f.unit(def).disrupted = true;
    let x = fight_of(&f, &d, [1, 3, 3, 6, 6]);
    assert_eq!(x.rounds[0].impetus, [1, 1]);
    f.unit(def).disrupted = false;
    // Mounted cavalry: 4 charging, 2 not.
    let mut g = impetus_field();
    let dh = g.center();
    g.add(1, inf(), dh, Facing::SW, 230);
    let c = g.attacker(0, UnitKind::Cavalry, dh, Facing::SW, 300);
    assert_eq!(ib(&g, &decl(vec![c], dh)).attacker.impetus, 2);
    g.unit(c).marks.mp_used = 12;
    assert_eq!(ib(&g, &decl(vec![c], dh)).attacker.impetus, 4);
}

/// §15.2 score: die + impetus + the men ratio, quality, leader, fatigue and the defender's
/// ground; losses round(score × enemy men × 1 %), half to even as the worked example reads.
#[test]
fn s15_2_scores_and_losses() {
    let (f, d) = example();
    // A: 3 + 1 + 1 (450 ≥ 1.5 × 230) = 5; D: 4 + 3 = 7.
    let x = fight_of(&f, &d, [1, 3, 4, 6, 6]);
    assert_eq!(x.rounds[0].scores, [5, 7]);
    // D loses round(5 × 4.5) = 22 (22.5 to even); A loses round(7 × 2.3) = 16.
    assert_eq!(x.rounds[0].losses, [16, 22]);
    // ≥2× and ≥3× the enemy's men: +2, +3.
    let (mut f2, d2) = example();
    f2.unit(d2.attackers[0]).men = 460;
    assert_eq!(fight_of(&f2, &d2, [1, 3, 4, 6, 6]).rounds[0].scores[0], 6);
    f2.unit(d2.attackers[0]).men = 690;
    assert_eq!(fight_of(&f2, &d2, [1, 3, 4, 6, 6]).rounds[0].scores[0], 7);
    // The defender's numbers count as well: 700 against 450 is +1 (A: 3 + 1; D: 4 + 3 + 1).
    let (mut f5, d5) = example();
    f5.units[0].men = 700;
    let x = fight_of(&f5, &d5, [1, 3, 4, 6, 6]);
    assert_eq!(x.rounds[0].scores, [4, 8]);
    // Quality A +1, E −1; fatigue High −1; a leader with the side +1.
    let (mut f3, d3) = example();
    let a = d3.attackers[0];
    f3.unit(a).quality = bayonet::rules::unit::Quality::A;
    assert_eq!(fight_of(&f3, &d3, [1, 3, 4, 6, 6]).rounds[0].scores[0], 6);
    f3.unit(a).quality = bayonet::rules::unit::Quality::E;
    assert_eq!(fight_of(&f3, &d3, [1, 3, 4, 6, 6]).rounds[0].scores[0], 4);
    f3.unit(a).quality = bayonet::rules::unit::Quality::C;
    // The defender's own: quality A +1 (D: 4 + 3 + 1).
    let dq = f3.units[0].id;
    f3.unit(dq).quality = bayonet::rules::unit::Quality::A;
    assert_eq!(fight_of(&f3, &d3, [1, 3, 4, 6, 6]).rounds[0].scores[1], 8);
    f3.unit(dq).quality = bayonet::rules::unit::Quality::C;
    f3.unit(a).fatigue = 700;
    assert_eq!(fight_of(&f3, &d3, [1, 3, 4, 6, 6]).rounds[0].scores[0], 4);
    f3.unit(a).fatigue = 0;
    let at = f3.unit(a).hex;
    let l = f3.add(0, UnitKind::Leader, at, Facing::NE, 0);
    let d3b = decl(vec![a, l], d3.defending_hex);
    assert_eq!(fight_of(&f3, &d3b, [1, 3, 4, 6, 6]).rounds[0].scores[0], 6);
    // The defender's ground: Town +1 (+2 against mounted cavalry), higher +1, a stone wall
    // crossed by every attacker +2, else a fence +1.
    let (mut f4, d4) = example();
    let dh = d4.defending_hex;
    f4.map.set_terrain(dh, bayonet::rules::map::Terrain::Town);
    assert_eq!(fight_of(&f4, &d4, [1, 3, 4, 6, 6]).rounds[0].scores[1], 8);
    f4.map.set_elevation(dh, 1);
    assert_eq!(fight_of(&f4, &d4, [1, 3, 4, 6, 6]).rounds[0].scores[1], 9);
    f4.feature(dh, Facing::SW, bayonet::rules::map::SideFeature::Fence);
    assert_eq!(fight_of(&f4, &d4, [1, 3, 4, 6, 6]).rounds[0].scores[1], 10);
    f4.feature(dh, Facing::SW, bayonet::rules::map::SideFeature::StoneWall);
    assert_eq!(fight_of(&f4, &d4, [1, 3, 4, 6, 6]).rounds[0].scores[1], 11);
}

/// D-imp-7: the morale table, net = die + 5 − column.
#[test]
fn d_imp_7_morale_results_by_column() {
    use impetus::Morale::*;
    let row = |c: i32| {
        (1..=6)
            .map(|d| impetus::Morale::of(d, c))
            .collect::<Vec<_>>()
    };
    assert_eq!(row(3), vec![S; 6]);
    assert_eq!(row(5), vec![FB, SD, S, S, S, S]);
    assert_eq!(row(7), vec![R, FC, FB, SD, S, S]);
    assert_eq!(row(9), vec![R, R, R, FC, FB, SD]);
    // Written as the table writes them.
    let codes: Vec<&str> = [S, SD, FB, FC, R].iter().map(|m| m.code()).collect();
    assert_eq!(codes, ["S", "S/D", "FB", "FC", "R"]);
    // The column: M, lost the round (+1, +2 by 3 or more), lost ≥10 %, Disordered.
    let (f, d) = example();
    // A 5 vs D 7: A lost by 2 → +1; A lost 16 of 450 (<10 %): column 6. D lost 22 of 230
    // (<10 %), won the round: column 5.
    let x = fight_of(&f, &d, [1, 3, 4, 6, 6]);
    assert_eq!(x.rounds[0].columns, [6, 5]);
    // A 8 vs D 4: D lost by 4 → +2, lost round(8 × 4.5) = 36 ≥ 23 → +1: column 8.
    let x = fight_of(&f, &d, [1, 6, 1, 6, 6]);
    assert_eq!(x.rounds[0].scores, [8, 4]);
    assert_eq!(x.rounds[0].columns[1], 8);
}

/// §15.2 contact: the best class of a committed attacker against the lead defender; flank or
/// rear gives the defender +2 and the attacker −2 on the morale column, and disorders the
/// defender before round 1 when that attacker is charging; mounted cavalry against foot in
/// the open is at least flank.
#[test]
fn s15_2_contact_flank_and_rear() {
    let mut f = impetus_field();
    let dh = f.center();
    f.add(1, inf(), dh, Facing::N, 230);
    let a = f.attacker(0, inf(), dh, Facing::S, 450);
    let b = ib(&f, &decl(vec![a], dh));
    assert_eq!(b.contact, bayonet::rules::melee::Class::Rear);
    assert!(b.defender.column.iter().any(|(_, v)| *v == 2));
    assert!(b.attacker.column.iter().any(|(_, v)| *v == -2));
    assert!(!b.defender.disordered);
    f.unit(a).marks.mp_used = 6;
    assert!(ib(&f, &decl(vec![a], dh)).defender.disordered);
    // Mounted cavalry from the front of a Line in the open: flank; in a forest: front.
    let mut g = impetus_field();
    let dh = g.center();
    g.add(1, inf(), dh, Facing::SW, 230);
    let c = g.attacker(0, UnitKind::Cavalry, dh, Facing::SW, 300);
    let cls = |g: &Field| ib(g, &decl(vec![c], dh)).contact;
    assert_eq!(cls(&g), bayonet::rules::melee::Class::Flank);
    g.map.set_terrain(dh, bayonet::rules::map::Terrain::Forest);
    assert_eq!(cls(&g), bayonet::rules::melee::Class::Front);
}

/// I1 (replacing 9.1.3): foot (dismounted cavalry too) may not attack formed mounted cavalry
/// through its front; through its flank, or when the cavalry is Disordered or Routed, it may,
/// and so may mounted cavalry.
#[test]
fn i1_foot_may_not_attack_formed_cavalry_through_its_front() {
    let mut f = impetus_field();
    let dh = f.center();
    let c = f.add(1, UnitKind::Cavalry, dh, Facing::SW, 300);
    let a = f.attacker(0, inf(), dh, Facing::SW, 450);
    let refused = |f: &Field, who: UnitId| {
        let b = f.board();
        melee::system(&b.params).check(&b, &decl(vec![who], dh))
    };
    let r = refused(&f, a);
    let codes = |r: &[bayonet::rules::refusal::Refusal]| {
        r.iter().map(|x| x.code.clone()).collect::<Vec<_>>()
    };
    assert_eq!(codes(&r), ["I1"], "{r:?}");
    // Nothing else refuses these (9.1.3's cavalry rule gives way to I1).
    f.unit(c).disrupted = true;
    assert_eq!(refused(&f, a), []);
    f.unit(c).disrupted = false;
    f.unit(c).routed = true;
    assert_eq!(refused(&f, a), []);
    f.unit(c).routed = false;
    let flank = f.attacker(0, inf(), dh, Facing::SE, 300);
    assert_eq!(refused(&f, flank), []);
    // Dismounted cavalry is foot here; mounted cavalry may attack cavalry through its front.
    f.unit(a).kind = UnitKind::Cavalry;
    f.unit(a).formation = bayonet::rules::unit::Formation::Dismounted;
    assert_eq!(codes(&refused(&f, a)), ["I1"]);
    f.unit(a).formation = bayonet::rules::unit::Formation::Mounted;
    assert_eq!(refused(&f, a), []);
}

/// §15.2 close to contact: cavalry attacking a square checks on column M+2 with die c; failing,
/// there is no melee and it takes the same die on column M. A square's impetus is 4.
#[test]
fn s15_2_cavalry_closes_with_a_square() {
    let mut f = impetus_field();
    let dh = f.center();
    let s = f.add(1, inf(), dh, Facing::SW, 400);
    f.unit(s).formation = bayonet::rules::unit::Formation::Column;
    let c = f.attacker(0, UnitKind::Cavalry, dh, Facing::SW, 300);
    let d = decl(vec![c], dh);
    let b = ib(&f, &d);
    assert!(b.square && b.close_to_contact);
    assert_eq!(b.defender.impetus, 4);
    // M 5: column 7; c = 1 is R → no melee, then column 5: FB.
    let x = impetus::fight(&b, [1, 6, 6, 6, 6]);
    assert_eq!(x.closing, Some(impetus::Morale::R));
    assert!(x.rounds.is_empty());
    assert_eq!(x.attacker_moved, Some(impetus::Morale::FB));
    assert_eq!(x.loser, Some(MeleeSide::Attacker));
    // c = 6 is S on column 7: it closes in order and the melee is fought.
    let x = impetus::fight(&b, [6, 6, 6, 6, 6]);
    assert_eq!(x.closing, Some(impetus::Morale::S));
    assert!(!x.rounds.is_empty());
    assert_eq!(x.rounds[0].impetus[0], 2, "other 2, not halved");
    // c = 4 is S/D on column 7: it closes Disordered.
    let x = impetus::fight(&b, [4, 6, 6, 6, 6]);
    assert_eq!(x.closing, Some(impetus::Morale::SD));
    assert_eq!(x.rounds.len().min(1), 1);
    assert_eq!(x.rounds[0].impetus[0], 1, "Disordered halves its 2");
    // The odds read the five dice: 6^5 tuples.
    assert_eq!(impetus::dice_tuples(&b).len(), 7776);
}

/// §15.2 rounds: a defender that falls back is followed (attacker "other" + 1, defender 0) on
/// the same dice; forced back keeps a charging value; without follow-up the melee stops.
#[test]
fn s15_2_follow_up_rounds_on_the_same_dice() {
    let (mut f, d) = {
        let mut f = impetus_field();
        f.map = bayonet::rules::map::Map::new(14, 10);
        let dh = f.hex(7, 5);
        f.add(1, inf(), dh, Facing::SW, 230);
        let a = f.attacker(0, inf(), dh, Facing::SW, 450);
        (f, decl(vec![a], dh))
    };
    let a = d.attackers[0];
    let b = ib(&f, &d);
    assert!(b.grounds.len() >= 3, "{:?}", b.grounds);
    // Find dice where the defender falls back (FB) and the attacker stands in round 1.
    let tuples = impetus::dice_tuples(&b);
    let fb = tuples
        .iter()
        .find(|t| {
            let x = impetus::fight(&b, **t);
            x.rounds[0].results[1] == impetus::Morale::FB
                && x.rounds[0].results[0] == impetus::Morale::S
        })
        .copied()
        .unwrap();
    let x = impetus::fight(&b, fb);
    assert!(x.rounds.len() >= 2, "{x:?}");
    assert_eq!(x.rounds[1].ground, 1);
    assert_eq!(
        x.rounds[1].impetus,
        [2, 0],
        "other 1 + 1; the defender fell back"
    );
    let mut no = b.clone();
    no.follow_up = false;
    assert_eq!(impetus::fight(&no, fb).rounds.len(), 1);
    // Charging and forced back: the attacker keeps its charging value.
    f.unit(a).marks.mp_used = 12;
    let b = ib(&f, &d);
    let fc = impetus::dice_tuples(&b)
        .into_iter()
        .find(|t| {
            let x = impetus::fight(&b, *t);
            x.rounds[0].results[1] == impetus::Morale::FC
                && x.rounds[0].results[0] == impetus::Morale::S
        })
        .unwrap();
    let x = impetus::fight(&b, fc);
    assert_eq!(x.rounds[1].impetus[0], 2, "charging Line keeps 2");
    // On the board the attacker follows into the vacated hex and fights on there.
    let dh = d.defending_hex;
    let seed = (0..500)
        .find(|x| {
            crate::common::settle(&f, &d, *x)
                .1
                .rolled
                .fight()
                .is_some_and(|g| g.rounds.len() >= 2 && g.defender_fell_back >= 1)
        })
        .unwrap();
    let (board, out) = crate::common::settle(&f, &d, seed);
    assert!(out.advanced.contains(&a));
    assert_ne!(board.unit(a).unwrap().hex, f.unit(a).hex);
    let def = board.units.iter().find(|u| u.side.0 == 1).unwrap();
    assert_ne!(def.hex, dh, "the defender fell back");
}

/// §15.2: with no movement, mounted cavalry that lost the round to foot breaks off.
#[test]
fn s15_2_cavalry_that_loses_a_round_to_foot_breaks_off() {
    let mut f = impetus_field();
    let dh = f.center();
    f.add(1, inf(), dh, Facing::SW, 600);
    let c = f.attacker(0, UnitKind::Cavalry, dh, Facing::SW, 200);
    let b = ib(&f, &decl(vec![c], dh));
    let x = impetus::fight(&b, [1, 1, 6, 6, 6]);
    assert!(x.rounds[0].scores[0] < x.rounds[0].scores[1]);
    assert!(x.broke_off);
    assert_eq!(x.rounds.len(), 1);
    assert_eq!(x.loser, None);
}

/// §15.2 winner: a winner that stood improves its morale value by one, once (never below 3),
/// and ends Disordered; a square that fought cavalry stands and may not move next turn, one the
/// cavalry never reached may (D-imp-9).
#[test]
fn s15_2_the_winner_improves_its_morale_once_and_a_square_holds() {
    let (f, d) = example();
    let a = d.attackers[0];
    let seed = (0..200)
        .find(|s| crate::common::settle(&f, &d, *s).1.loser == Some(MeleeSide::Defender))
        .unwrap();
    let (board, out) = crate::common::settle(&f, &d, seed);
    assert!(out.rolled.fight().is_some());
    let u = board.unit(a).unwrap();
    assert!(u.morale_bonus);
    let breakthrough = out.rolled.fight().unwrap().defender_moved == Some(impetus::Morale::R);
    assert_eq!(u.disrupted, !breakthrough);
    let mut f2 = Field::new(10, 8);
    f2.adopt(&board);
    f2.params.melee_system = MeleeSystemName::Impetus;
    let again = ib(&f2, &decl(vec![a], d.defending_hex));
    assert_eq!(again.attacker.morale, 4, "C's 5 improved once");
    // A square that held cavalry off.
    let mut g = impetus_field();
    let dh = g.center();
    let s = g.add(1, inf(), dh, Facing::SW, 400);
    g.unit(s).formation = bayonet::rules::unit::Formation::Column;
    let c = g.attacker(0, UnitKind::Cavalry, dh, Facing::SW, 300);
    let dc = decl(vec![c], dh);
    let seed = (0..400)
        .find(|x| {
            let o = crate::common::settle(&g, &dc, *x).1;
            o.rolled.fight().is_some_and(|f| {
                f.closing
                    .is_some_and(|c| matches!(c, impetus::Morale::S | impetus::Morale::SD))
            }) && o.loser == Some(MeleeSide::Attacker)
        })
        .unwrap();
    let (board, _) = crate::common::settle(&g, &dc, seed);
    let sq = board.unit(s).unwrap();
    assert!(sq.hold_next_turn && !sq.disrupted && sq.morale_bonus);
    // Cavalry that failed to close fought no melee: the square is free to move (D-imp-9).
    let seed = (0..400)
        .find(|x| {
            let o = crate::common::settle(&g, &dc, *x).1;
            o.rolled.fight().is_some_and(|f| {
                f.closing
                    .is_some_and(|c| !matches!(c, impetus::Morale::S | impetus::Morale::SD))
            })
        })
        .unwrap();
    let (board, out) = crate::common::settle(&g, &dc, seed);
    let sq = board.unit(s).unwrap();
    assert!(!sq.hold_next_turn);
    assert_eq!(sq.morale_bonus, out.loser == Some(MeleeSide::Attacker));
}

/// The melee report names the system and shows the lead units, each round's scores, losses
/// and morale results; the drag preview's line gives the system's own distribution.
#[cfg(feature = "client")]
/// §15.2 (D-sys-6): the melee report names the system and shows each round's scores and results.
#[test]
fn the_report_shows_the_impetus_rounds() {
    let (f, d) = example();
    let (_, out) = crate::common::settle(&f, &d, 4);
    let battle = bayonet::sim::Table::new(f.scenario(), None);
    let names = f.units.iter().map(|u| (u.id, u.name.clone())).collect();
    let text = bayonet::client::reports::report::melee_lines(&battle, &names, &out).join("\n");
    assert!(text.contains("(Impetus melee system)"), "{text}");
    assert!(
        text.contains("(InfantryLine, impetus 1, morale 5) vs"),
        "{text}"
    );
    let r = out.rolled.fight().unwrap().rounds[0];
    assert!(
        text.contains(&format!(
            "round 1: score A {} vs D {}; losses A {} D {}",
            r.scores[0], r.scores[1], r.losses[0], r.losses[1]
        )),
        "{text}"
    );
    let b = melee::system(&f.board().params).breakdown(&f.board(), &d);
    let line = bayonet::client::input::melee_drag::system_words(&b).unwrap();
    assert!(
        line.starts_with("Impetus 1 vs 3, contact Front, follow-up on: A wins "),
        "{line}"
    );
    assert!(text.contains(&format!("  odds: {line}")), "{text}");
}

/// §15.2 draws: c (only against a square), then the attacker's score die, the defender's,
/// the attacker's morale die, the defender's, each a d6, rolled once and read every round.
#[test]
fn s15_2_draw_order() {
    use rand::{RngExt, SeedableRng};
    let (f, d) = example();
    let b = ib(&f, &d);
    for seed in 0..30 {
        let (_, out) = crate::common::settle(&f, &d, seed);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let dice: Vec<u8> = (0..4).map(|_| rng.random_range(1..=6u8)).collect();
        let want = impetus::fight(&b, [1, dice[0], dice[1], dice[2], dice[3]]);
        assert_eq!(out.rolled.fight(), Some(&want), "seed {seed}");
    }
}

/// I2: the order carries follow-up on or off; a Melee order naming nobody on a hex already
/// under attack restates that melee with its follow-up, and on any other hex is refused.
#[test]
fn i2_the_melee_order_carries_follow_up() {
    use bayonet::rules::order::{At, Order};
    let (f, d) = example();
    let dh = d.defending_hex;
    let from = f.units[1].hex;
    let mut game = crate::common::table(f.scenario(), 3);
    let drag = crate::common::drag_on(&game.board, from, dh);
    game.give(&drag).unwrap();
    assert!(game.board.pending[0].follow_up);
    let hold = Order::Melee {
        from: Vec::new(),
        units: Vec::new(),
        at: At::of(&game.board, dh),
        follow_up: false,
    };
    game.give(&hold).unwrap();
    let p = &game.board.pending;
    assert_eq!((p.len(), p[0].follow_up), (1, false));
    assert_eq!(p[0].attackers, d.attackers);
    let elsewhere = Order::Melee {
        from: Vec::new(),
        units: Vec::new(),
        at: At::of(&game.board, f.hex(1, 1)),
        follow_up: false,
    };
    let refused = game.give(&elsewhere).unwrap_err();
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert_eq!(game.board.pending.len(), 1, "nothing else declared");
}

/// I2 for a player: the toolbar's Follow-up button (U), shown under the impetus system,
/// switches the selected or last pending melee.
#[cfg(feature = "client")]
/// §15.2 rule I2: the Follow-up button switches the follow-up of the pending melee.
#[test]
fn i2_the_follow_up_button_switches_the_pending_melee() {
    use bayonet::client::panels::toolbar::ToolButton;
    use bevy::prelude::KeyCode;
    let mut s = crate::rig::field();
    s.params.melee_system = MeleeSystemName::Impetus;
    let mut r = crate::rig::Rig::on(s, bayonet::client::theme::settings::SettingsFile(None));
    r.mouse_drag((4, 4), (5, 4));
    let follow = |r: &crate::rig::Rig| r.res::<bayonet::sim::Table>().board.pending[0].follow_up;
    assert!(follow(&r));
    r.press(ToolButton::FollowUp);
    assert!(!follow(&r));
    r.tap_key(KeyCode::KeyU);
    assert!(follow(&r));
}

/// The §15.2 fights the odds are tallied over: the worked example on a wide field (three
/// rounds), the same ringed by the enemy (it surrenders), and cavalry closing
/// with a square (five dice).
fn tallied_fights() -> Vec<impetus::ImpetusBreakdown> {
    let mut wide = impetus_field();
    wide.map = bayonet::rules::map::Map::new(14, 10);
    let d = wide.hex(7, 5);
    wide.add(1, inf(), d, Facing::SW, 230);
    let a = wide.attacker(0, inf(), d, Facing::SW, 450);
    let mut edge = impetus_field();
    let e = edge.center();
    edge.add(1, inf(), e, Facing::S, 230);
    let b = edge.attacker(0, inf(), e, Facing::S, 450);
    for side in Facing::ALL.into_iter().filter(|s| *s != Facing::S) {
        edge.attacker(0, inf(), e, side, 100);
    }
    let mut square = impetus_field();
    let s = square.center();
    let sq = square.add(1, inf(), s, Facing::SW, 400);
    square.unit(sq).formation = bayonet::rules::unit::Formation::Column;
    let c = square.attacker(0, UnitKind::Cavalry, s, Facing::SW, 300);
    vec![
        ib(&wide, &decl(vec![a], d)),
        ib(&edge, &decl(vec![b], e)),
        ib(&square, &decl(vec![c], s)),
    ]
}

/// §15.0 D-sys-6 under §15.2: the odds weigh every dice tuple once and equally, and sort each
/// fight by its loser, the defender's end state (D-sys-8: surrendered, else routed in any
/// round, else fell back), who moved and how many rounds it lasted.
#[test]
fn d_sys_6_impetus_odds_tally_every_dice_tuple_once() {
    let mut seen = [0.0f64; 4]; // routs, surrenders, attacker moves, both move
    for b in tallied_fights() {
        let tuples = impetus::dice_tuples(&b);
        let w = 1.0 / tuples.len() as f64;
        let mut want = melee::Outcomes::default();
        let (mut attacker_moves, mut both_move) = (0.0, 0.0);
        let mut rounds = vec![0.0; 4];
        for t in &tuples {
            let x = impetus::fight(&b, *t);
            // D-sys-8: the defender's end state, read off the rounds as fought.
            let routed = x.rounds.iter().any(|r| r.results[1] == impetus::Morale::R);
            let fate = if x.surrendered {
                melee::Fate::Surrenders
            } else if routed {
                melee::Fate::Routs
            } else if x.defender_moved.is_some() {
                melee::Fate::Retreats
            } else {
                melee::Fate::Stays
            };
            want.add(w, x.loser, fate, [x.attacker_loss, x.defender_loss]);
            attacker_moves += w * f64::from(u8::from(x.attacker_moved.is_some()));
            both_move += w * f64::from(u8::from(
                x.attacker_moved.is_some() && x.defender_moved.is_some(),
            ));
            rounds[x.rounds.len()] += w;
        }
        let got = impetus::impetus_odds(&b);
        let close = |a: f64, b: f64| (a - b).abs() < 1e-12;
        let o = &got.outcomes;
        for (g, w) in [
            (o.attacker_wins, want.attacker_wins),
            (o.defender_wins, want.defender_wins),
            (o.no_decision, want.no_decision),
            (o.defender_retreats, want.defender_retreats),
            (o.defender_routs, want.defender_routs),
            (o.defender_surrenders, want.defender_surrenders),
            (o.expected_attacker_loss, want.expected_attacker_loss),
            (o.expected_defender_loss, want.expected_defender_loss),
            (got.attacker_moves, attacker_moves),
            (got.both_move, both_move),
        ] {
            assert!(close(g, w), "{got:?} want {want:?}");
        }
        assert_eq!(got.rounds.len(), 4);
        for (g, w) in got.rounds.iter().zip(&rounds) {
            assert!(close(*g, *w), "{:?} want {rounds:?}", got.rounds);
        }
        for (s, v) in seen.iter_mut().zip([
            want.defender_routs,
            want.defender_surrenders,
            attacker_moves,
            both_move,
        ]) {
            *s += v;
        }
    }
    // Each way of sorting a fight was met by some tuple: the checks above are not vacuous.
    assert!(seen.iter().all(|s| *s > 0.01), "{seen:?}");
}

/// §15.0 D-sys-8 under §15.2: on the seed's example (room to fall back three times) a
/// defender that falls back in round 1 and routs in round 2 has routed: the odds count the
/// end state, and so many seeded resolutions end with the defender Routed.
#[test]
fn d_sys_8_impetus_odds_count_the_defenders_end_state() {
    let mut f = impetus_field();
    f.map = bayonet::rules::map::Map::new(14, 10);
    let d = f.hex(7, 5);
    let defender = f.add(1, inf(), d, Facing::SW, 230);
    let a = f.attacker(0, inf(), d, Facing::SW, 450);
    let dcl = decl(vec![a], d);
    let b = ib(&f, &dcl);
    let o = impetus::impetus_odds(&b).outcomes;
    // The first movement alone would give retreats 0.394 and routs 0.093.
    assert!(
        (o.defender_retreats - 0.215).abs() < 0.01 && (o.defender_routs - 0.272).abs() < 0.01,
        "{o:?}"
    );
    let later = impetus::dice_tuples(&b)
        .into_iter()
        .map(|t| impetus::fight(&b, t))
        .find(|x| {
            x.defender_moved == Some(impetus::Morale::FB)
                && x.rounds
                    .last()
                    .is_some_and(|r| r.results[1] == impetus::Morale::R)
        })
        .expect("a fight where the defender falls back, then routs");
    assert_eq!(later.defender_fate(), melee::Fate::Routs);
    let n = 6_000u64;
    let routed = (0..n)
        .filter(|seed| {
            let (board, _) = crate::common::settle(&f, &dcl, *seed);
            board.unit(defender).is_some_and(|u| u.routed)
        })
        .count() as f64
        / n as f64;
    let sd = (o.defender_routs * (1.0 - o.defender_routs) / n as f64).sqrt();
    assert!(
        (routed - o.defender_routs).abs() < 4.0 * sd,
        "seen {routed}, odds {}",
        o.defender_routs
    );
}

/// §15.2's example on a 14×10 field, room to fall back three times.
fn wide_example() -> (Field, Declaration) {
    let mut f = impetus_field();
    f.map = bayonet::rules::map::Map::new(14, 10);
    let d = f.hex(7, 5);
    f.add(1, inf(), d, Facing::SW, 230);
    let a = f.attacker(0, inf(), d, Facing::SW, 450);
    (f, decl(vec![a], d))
}

/// The first seed whose fight, resolved on the board, is as `want`ed.
fn seed_where(f: &Field, d: &Declaration, want: impl Fn(&impetus::Fight) -> bool) -> u64 {
    (0..5000)
        .find(|s| {
            crate::common::settle(f, d, *s)
                .1
                .rolled
                .fight()
                .is_some_and(&want)
        })
        .expect("some seed gives such a fight")
}

fn unit_of(b: &bayonet::rules::board::Board, id: UnitId) -> &bayonet::rules::unit::Unit {
    b.unit(id).expect("the unit is on the board")
}

/// §15.2 on the board, the attacker's results: R routs it (it runs and is Routed); FC puts it
/// one hex back, Disordered, facing as it was; FB one hex back, facing as it was, in order.
/// The defender that stood won: its morale improves and it ends Disordered.
#[test]
fn s15_2_on_the_board_the_attackers_rout_forced_back_and_fall_back() {
    use bayonet::rules::hex::distance;
    use impetus::Morale::{FB, FC, R};
    let (f, d) = wide_example();
    let (a, def, dh) = (d.attackers[0], f.units[0].id, d.defending_hex);
    let (from, facing) = (f.units[1].hex, f.units[1].facing);
    for result in [R, FC, FB] {
        let s = seed_where(&f, &d, |x| {
            x.attacker_moved == Some(result) && x.defender_moved.is_none() && x.rounds.len() == 1
        });
        let (board, out) = crate::common::settle(&f, &d, s);
        let u = unit_of(&board, a);
        assert_eq!(u.routed, result == R, "{result:?}");
        assert_ne!(u.hex, from, "{result:?}");
        if result == R {
            assert!(
                out.routs
                    .iter()
                    .any(|m| m.unit == a && m.from == from && m.to == u.hex)
            );
        } else {
            assert_eq!(
                (distance(u.hex, from), distance(u.hex, dh)),
                (1, 2),
                "{result:?}"
            );
            assert_eq!(u.facing, facing, "{result:?}");
            assert_eq!(u.disrupted, result == FC, "{result:?}");
            assert!(out.retreats.iter().any(|r| r.unit == a && r.to == u.hex));
        }
        let w = unit_of(&board, def);
        assert_eq!(w.hex, dh, "{result:?}");
        assert!(w.morale_bonus && w.disrupted, "{result:?}");
    }
}

/// §15.2 on the board, the defender's results: R routs it out of the hex (Routed) and the
/// attacker broke through (morale improved, not Disordered); FB and FC with no follow-up put it
/// one hex back (FC Disordered), and the attacker that stood won (morale improved, Disordered).
/// With follow-up off (I2) no second round is fought, but the winner still takes the vacated
/// hex (D-adv-1).
#[test]
fn s15_2_on_the_board_the_defenders_rout_and_fall_back() {
    use bayonet::rules::hex::distance;
    use impetus::Morale::{FB, FC, R};
    let (f, mut d) = wide_example();
    d.follow_up = false;
    let (a, def, dh) = (d.attackers[0], f.units[0].id, d.defending_hex);
    let from = f.units[1].hex;
    for result in [R, FC, FB] {
        let s = seed_where(&f, &d, |x| {
            x.defender_moved == Some(result) && x.attacker_moved.is_none() && x.rounds.len() == 1
        });
        let (board, out) = crate::common::settle(&f, &d, s);
        let u = unit_of(&board, def);
        assert_eq!(u.routed, result == R, "{result:?}");
        assert_ne!(u.hex, dh, "{result:?}");
        if result == R {
            assert!(
                out.routs
                    .iter()
                    .any(|m| m.unit == def && m.from == dh && m.to == u.hex)
            );
        } else {
            assert_eq!(
                (distance(u.hex, dh), distance(u.hex, from)),
                (1, 2),
                "{result:?}"
            );
            assert_eq!(u.disrupted, result == FC, "{result:?}");
        }
        let w = unit_of(&board, a);
        assert!(w.morale_bonus, "{result:?}");
        assert_eq!(w.disrupted, result != R, "{result:?}");
        assert_eq!(
            w.hex, dh,
            "{result:?}: the winner takes the vacated hex (D-adv-1)"
        );
    }
}

/// §15.2: a round with no movement and no winner leaves each side as its results made it (S/D
/// Disordered), where it stood, and neither side's morale improves.
#[test]
fn s15_2_on_the_board_a_drawn_fight_disorders_only_the_side_that_took_s_d() {
    let (mut f, d) = wide_example();
    let (a, def, dh) = (d.attackers[0], f.units[0].id, d.defending_hex);
    f.unit(def).men = 400; // 230 never takes S/D and stands
    for (att, dfd) in [(false, false), (true, false), (false, true), (true, true)] {
        let s = seed_where(&f, &d, |x| {
            x.loser.is_none()
                && x.attacker_moved.is_none()
                && x.defender_moved.is_none()
                && x.attacker_disordered == att
                && x.defender_disordered == dfd
        });
        let (board, _) = crate::common::settle(&f, &d, s);
        let (u, w) = (unit_of(&board, a), unit_of(&board, def));
        assert_eq!((u.disrupted, w.disrupted), (att, dfd));
        assert_eq!((u.hex, w.hex), (f.units[1].hex, dh));
        assert!(!u.morale_bonus && !w.morale_bonus);
    }
}

/// §15.2: an attacker with no hex to fall back to is forced back instead (FB → FC: Disordered,
/// 5 % more lost); the breakdown knows whether it has one.
#[test]
fn s15_2_an_attacker_that_cannot_fall_back_is_forced_back() {
    let (mut f, d) = example();
    assert!(ib(&f, &d).attacker_can_fall_back);
    let at = f.units[1].hex;
    for side in Facing::ALL {
        let h = at + side.step();
        if h != d.defending_hex && f.map.contains(h) {
            f.add(1, inf(), h, side.opposite(), 100);
        }
    }
    let hemmed = ib(&f, &d);
    assert!(!hemmed.attacker_can_fall_back);
    let mut open = hemmed.clone();
    open.attacker_can_fall_back = true;
    let t = impetus::dice_tuples(&open)
        .into_iter()
        .find(|t| {
            let x = impetus::fight(&open, *t);
            x.attacker_moved == Some(impetus::Morale::FB) && !x.attacker_disordered
        })
        .expect("some dice fall the attacker back");
    let (x, y) = (impetus::fight(&open, t), impetus::fight(&hemmed, t));
    assert_eq!(y.attacker_moved, Some(impetus::Morale::FC));
    assert!(y.attacker_disordered);
    let men = 450 - x.attacker_loss;
    assert_eq!(
        y.attacker_loss,
        x.attacker_loss + (men as f64 * 0.05).round_ties_even() as u32
    );
}

/// §15.2: when both sides move there is no winner: each falls back from where it fought, no
/// attacker takes the defending hex, and neither side's morale improves.
#[test]
fn s15_2_on_the_board_when_both_sides_fall_back_nobody_advances() {
    use bayonet::rules::hex::distance;
    use impetus::Morale::FB;
    let (f, d) = wide_example();
    let (a, def, dh) = (d.attackers[0], f.units[0].id, d.defending_hex);
    let from = f.units[1].hex;
    let s = seed_where(&f, &d, |x| {
        x.attacker_moved == Some(FB) && x.defender_moved == Some(FB) && x.rounds.len() == 1
    });
    let (board, out) = crate::common::settle(&f, &d, s);
    assert_eq!(out.loser, None);
    assert!(out.advanced.is_empty(), "{:?}", out.advanced);
    let (u, w) = (unit_of(&board, a), unit_of(&board, def));
    assert_eq!((distance(u.hex, from), distance(u.hex, dh)), (1, 2));
    assert_eq!((distance(w.hex, dh), distance(w.hex, from)), (1, 2));
    assert!(!u.morale_bonus && !w.morale_bonus);
}

fn named(list: &[(String, i32)]) -> Vec<(&str, i32)> {
    list.iter().map(|(n, v)| (n.as_str(), *v)).collect()
}

/// D-imp-6 and D-imp-7, the lead unit's modifiers by name: none for a fresh C unit; fatigue
/// High −1 score and +1 column, Maximum −2 and +2; a leader with the side +1 score and −1
/// column; the contact's column modifiers name the flank or the rear.
#[test]
fn d_imp_6_and_7_the_lead_units_modifiers_by_name() {
    let (mut f, d) = example();
    let a = d.attackers[0];
    let b = ib(&f, &d);
    assert!(
        b.attacker.score.is_empty() && b.attacker.column.is_empty(),
        "{b:?}"
    );
    assert!(
        b.defender.score.is_empty() && b.defender.column.is_empty(),
        "{b:?}"
    );
    f.unit(a).fatigue = 650;
    let b = ib(&f, &d);
    assert_eq!(named(&b.attacker.score), [("fatigue high", -1)]);
    assert_eq!(named(&b.attacker.column), [("fatigue high", 1)]);
    f.unit(a).fatigue = 900;
    let b = ib(&f, &d);
    assert_eq!(named(&b.attacker.score), [("fatigue maximum", -2)]);
    assert_eq!(named(&b.attacker.column), [("fatigue maximum", 2)]);
    f.unit(a).fatigue = 0;
    let at = f.units[1].hex;
    let l = f.add(0, UnitKind::Leader, at, Facing::NE, 0);
    let b = ib(&f, &decl(vec![a, l], d.defending_hex));
    assert_eq!(named(&b.attacker.score), [("leader with the side", 1)]);
    assert_eq!(named(&b.attacker.column), [("leader with the side", -1)]);
    // From the flank and from the rear.
    for (facing, what) in [(Facing::SE, "flank"), (Facing::NE, "rear")] {
        let mut g = impetus_field();
        let dh = g.center();
        g.add(1, inf(), dh, Facing::SW, 230);
        let x = g.attacker(0, inf(), dh, facing, 450);
        let b = ib(&g, &decl(vec![x], dh));
        let attacked = format!("attacked in the {what}");
        let attacking = format!("attacking the {what}");
        assert_eq!(named(&b.defender.column), [(attacked.as_str(), 2)]);
        assert_eq!(named(&b.attacker.column), [(attacking.as_str(), -2)]);
    }
}

/// §15.2 contact: mounted cavalry is at least in the flank of dismounted cavalry in the open as
/// of infantry, but a square has no flank to it: from the front it is front contact.
#[test]
fn s15_2_mounted_cavalry_contact_against_dismounted_cavalry_and_a_square() {
    use bayonet::rules::melee::Class;
    use bayonet::rules::unit::Formation;
    let mut f = impetus_field();
    let dh = f.center();
    let t = f.add(1, UnitKind::Cavalry, dh, Facing::SW, 300);
    f.unit(t).formation = Formation::Dismounted;
    let c = f.attacker(0, UnitKind::Cavalry, dh, Facing::SW, 300);
    let b = ib(&f, &decl(vec![c], dh));
    assert_eq!(b.contact, Class::Flank);
    // D-imp-4: dismounted cavalry that stood has impetus 2.
    assert_eq!(
        (b.defender.kind, b.defender.impetus),
        (impetus::LeadKind::DismountedCavalry, 2)
    );
    f.unit(t).formation = Formation::Mounted;
    assert_eq!(ib(&f, &decl(vec![c], dh)).contact, Class::Front);
    f.unit(t).kind = UnitKind::Infantry;
    f.unit(t).formation = Formation::Column;
    let b = ib(&f, &decl(vec![c], dh));
    assert!(b.square);
    assert_eq!(b.contact, Class::Front);
}

/// §15.2 results, over every dice tuple of the worked example on a wide field, ringed in, and
/// fought by two poor regiments:
/// each round costs its losses; FC then costs 5 % of the men left, R 10 % unless both sides
/// routed (then nobody wins); an FB with no hex to fall back to is an FC, and a defender with
/// nowhere to go surrenders.
#[test]
fn s15_2_forced_back_and_rout_cost_extra_men() {
    use impetus::Morale::{FB, FC, R};
    let pct = |men: u32, p: f64| (men as f64 * p / 100.0).round_ties_even() as u32;
    // Extras seen: attacker FC, attacker R, defender FC, defender R, both routed.
    let mut seen = [0u32; 5];
    let mut fights = tallied_fights();
    fights.truncate(2);
    // Two poor regiments (F): both can rout in one round.
    let (mut f, d) = wide_example();
    for u in f.units.iter_mut() {
        u.quality = bayonet::rules::unit::Quality::F;
    }
    fights.push(ib(&f, &d));
    for b in fights {
        for t in impetus::dice_tuples(&b) {
            let x = impetus::fight(&b, t);
            let mut men = [b.attacker.men, b.defender.men];
            let mut lost = [0u32; 2];
            for r in &x.rounds {
                let both = r.results == [R, R];
                seen[4] += u32::from(both);
                let can_go = [
                    b.attacker_can_fall_back,
                    b.defender_mobile && r.ground + 1 < b.grounds.len(),
                ];
                for s in 0..2 {
                    men[s] -= r.losses[s];
                    lost[s] += r.losses[s];
                    let extra = match r.results[s] {
                        FB if !can_go[s] => pct(men[s], 5.0),
                        FC => pct(men[s], 5.0),
                        R if !both => pct(men[s], 10.0),
                        _ => 0,
                    };
                    if extra > 0 {
                        seen[2 * s + usize::from(r.results[s] == R)] += 1;
                    }
                    men[s] -= extra;
                    lost[s] += extra;
                }
            }
            assert_eq!([x.attacker_loss, x.defender_loss], lost, "{t:?} {x:?}");
            let last = x.rounds.last().expect("a round");
            let stuck = b.grounds.len() == 1 && matches!(last.results[1], FB | FC);
            assert_eq!(x.surrendered, stuck, "{t:?} {x:?}");
            if last.results == [R, R] {
                assert_eq!(x.loser, None);
            }
        }
    }
    assert!(seen.iter().all(|s| *s > 0), "{seen:?}");
}

fn stood(m: impetus::Morale) -> bool {
    matches!(m, impetus::Morale::S | impetus::Morale::SD)
}

/// The first dice tuple whose fight is as `want`ed.
fn tuple_where(
    b: &impetus::ImpetusBreakdown,
    want: impl Fn(&impetus::Fight) -> bool,
) -> impetus::Fight {
    impetus::dice_tuples(b)
        .into_iter()
        .map(|t| impetus::fight(b, t))
        .find(|x| want(x))
        .expect("some dice give such a fight")
}

/// §15.2 rounds with no movement: the attacker fights on with its "other" value and the
/// defender keeps its own; mounted cavalry, attacker or defender, that loses such a round to
/// foot breaks off (the melee ends undecided); against cavalry it fights on.
#[test]
fn s15_2_a_round_without_movement() {
    let (mut f, d) = wide_example();
    f.unit(d.attackers[0]).marks.mp_used = 12; // a charging Line: 2, then 1
    let b = ib(&f, &d);
    let x = tuple_where(&b, |x| {
        x.rounds.len() >= 2 && x.rounds[0].results == [impetus::Morale::S, impetus::Morale::S]
    });
    assert_eq!(x.rounds[0].impetus, [2, 3]);
    assert_eq!(x.rounds[1].impetus, [1, 3]);
    // Defending cavalry, attacked through its flank by foot.
    let mut g = impetus_field();
    let dh = g.center();
    g.add(1, UnitKind::Cavalry, dh, Facing::SW, 300);
    let a = g.attacker(0, inf(), dh, Facing::SE, 300);
    let b = ib(&g, &decl(vec![a], dh));
    let lost = |x: &impetus::Fight, s: usize| {
        let r = &x.rounds[0];
        r.results.iter().all(|m| stood(*m)) && r.scores[s] < r.scores[1 - s]
    };
    let x = tuple_where(&b, |x| lost(x, 1));
    assert!(
        x.broke_off && x.rounds.len() == 1 && x.loser.is_none(),
        "{x:?}"
    );
    let x = tuple_where(&b, |x| lost(x, 0));
    assert!(!x.broke_off && x.rounds.len() > 1, "{x:?}");
    let tied = |x: &impetus::Fight| {
        let r = &x.rounds[0];
        r.results.iter().all(|m| stood(*m)) && r.scores[0] == r.scores[1]
    };
    // A tied round is nobody's loss: the cavalry fights on, defending or attacking foot.
    let x = tuple_where(&b, tied);
    assert!(!x.broke_off && x.rounds.len() > 1, "{x:?}");
    let mut k = impetus_field();
    k.add(1, inf(), dh, Facing::SW, 600);
    let m = k.attacker(0, UnitKind::Cavalry, dh, Facing::SW, 200);
    let x = tuple_where(&ib(&k, &decl(vec![m], dh)), tied);
    assert!(!x.broke_off && x.rounds.len() > 1, "{x:?}");
    // Cavalry against cavalry fights on whoever loses the round.
    let mut h = impetus_field();
    h.add(1, UnitKind::Cavalry, dh, Facing::SW, 300);
    let c = h.attacker(0, UnitKind::Cavalry, dh, Facing::SW, 300);
    let b = ib(&h, &decl(vec![c], dh));
    for s in 0..2 {
        let x = tuple_where(&b, |x| lost(x, s));
        assert!(!x.broke_off && x.rounds.len() > 1, "{s}: {x:?}");
    }
}

/// D-imp-4's table for the defender that stood: mounted cavalry 1, unlimbered guns 1, limbered
/// guns and wagons 0; and for attackers not yet tested: a Column not charging 2, dismounted
/// cavalry 1 charging or not.
#[test]
fn d_imp_4_the_rest_of_the_impetus_table() {
    use bayonet::rules::unit::Formation;
    use impetus::LeadKind;
    for (kind, formation, lead, want) in [
        (
            UnitKind::Cavalry,
            Formation::Mounted,
            LeadKind::MountedCavalry,
            1,
        ),
        (
            UnitKind::Artillery,
            Formation::Unlimbered,
            LeadKind::ArtilleryUnlimbered,
            1,
        ),
        (
            UnitKind::Artillery,
            Formation::Limbered,
            LeadKind::Limbered,
            0,
        ),
        (UnitKind::Supply, Formation::Column, LeadKind::Limbered, 0),
    ] {
        let mut f = impetus_field();
        let dh = f.center();
        let t = f.add(1, kind, dh, Facing::SW, 4);
        f.unit(t).formation = formation;
        let a = f.attacker(0, inf(), dh, Facing::SW, 450);
        let b = ib(&f, &decl(vec![a], dh));
        assert_eq!(
            (b.defender.kind, b.defender.impetus),
            (lead, want),
            "{kind:?}"
        );
    }
    for (kind, formation, lead, values) in [
        (
            UnitKind::Infantry,
            Formation::Column,
            LeadKind::InfantryColumn,
            [3, 2],
        ),
        (
            UnitKind::Cavalry,
            Formation::Dismounted,
            LeadKind::DismountedCavalry,
            [1, 1],
        ),
    ] {
        let mut f = impetus_field();
        let dh = f.center();
        f.add(1, inf(), dh, Facing::SW, 230);
        let a = f.attacker(0, kind, dh, Facing::SW, 450);
        f.unit(a).formation = formation;
        let allowance = bayonet::rules::movement::allowance(&f.params, &f.units[1]);
        for (spent, want) in [(allowance, values[0]), (0, values[1])] {
            f.unit(a).marks.mp_used = spent;
            let b = ib(&f, &decl(vec![a], dh));
            assert_eq!(
                (b.attacker.kind, b.attacker.impetus),
                (lead, want),
                "{kind:?}"
            );
            assert_eq!(b.attacker.other, values[1]);
        }
    }
}

/// §15.0 D-sys-4 and D-sys-6 under §15.2, the seam's breakdown (what the report and the
/// previews show): men as strengths and split weights, the lead units named with their
/// impetus, each score modifier of either side and of the defender's ground as a line, and
/// the loss ranges the least and most any dice tuple costs.
#[test]
fn d_sys_6_the_impetus_breakdown_on_the_seam() {
    let (mut f, d) = example();
    let a = d.attackers[0];
    f.unit(a).quality = bayonet::rules::unit::Quality::A;
    f.map
        .set_terrain(d.defending_hex, bayonet::rules::map::Terrain::Town);
    let board = f.board();
    let b = melee::system(&board.params).breakdown(&board, &d);
    let ib = b.detail.impetus().expect("the impetus breakdown");
    let lines = crate::common::one_against_one_on_the_seam(&b, [450, 230]);
    assert_eq!(
        b.attackers[0].adjustments,
        ["lead unit: InfantryLine, impetus 1, morale 3"]
    );
    assert_eq!(
        b.defenders[0].adjustments,
        ["lead unit: InfantryLine, impetus 3, morale 5"]
    );
    assert_eq!(
        lines
            .iter()
            .map(|(s, l)| (*s, l.as_str()))
            .collect::<Vec<_>>(),
        [
            (MeleeSide::Attacker, "score +1: quality A"),
            (MeleeSide::Defender, "score +1: Town against foot"),
        ]
    );
    assert_eq!((b.attack_strength, b.defence_strength), (1.0, 3.0));
    let fights: Vec<impetus::Fight> = impetus::dice_tuples(ib)
        .into_iter()
        .map(|t| impetus::fight(ib, t))
        .collect();
    let ends = |g: fn(&impetus::Fight) -> u32| {
        [
            fights.iter().map(g).min().unwrap() as f64,
            fights.iter().map(g).max().unwrap() as f64,
        ]
    };
    assert_eq!(b.attacker_loss_range, ends(|x| x.attacker_loss));
    assert_eq!(b.defender_loss_range, ends(|x| x.defender_loss));
    assert!(b.attacker_loss_range[0] < b.attacker_loss_range[1]);
    assert!(b.defender_loss_range[0] < b.defender_loss_range[1]);
}

/// §15.2 odds "retreat hexes predicted at declaration": the defender falls back up to three
/// times, each ground the hex it would go to, rated as a defending hex attacked from the hex it
/// left (Town, higher, a fence crossed); a round fought there scores it.
#[test]
fn s15_2_the_grounds_fallen_back_to_are_rated_as_defending_hexes() {
    let (mut f, d) = wide_example();
    let b = ib(&f, &d);
    assert_eq!(b.grounds.len(), 4, "{:?}", b.grounds);
    assert_eq!(b.grounds[0].hex, d.defending_hex);
    for k in 1..4 {
        let (from, to) = (b.grounds[k - 1].hex, b.grounds[k].hex);
        assert_eq!(bayonet::rules::hex::distance(from, to), 1);
        assert!(b.grounds[k].score.is_empty());
    }
    // Every hex the defender could go to first: a higher Town behind a fence.
    let dh = d.defending_hex;
    let from = f.units[1].hex;
    for side in Facing::ALL {
        let n = dh + side.step();
        if n != from {
            f.map.set_terrain(n, bayonet::rules::map::Terrain::Town);
            f.map.set_elevation(n, 1);
            f.feature(n, side.opposite(), bayonet::rules::map::SideFeature::Fence);
        }
    }
    let rated = ib(&f, &d);
    assert_eq!(bayonet::rules::hex::distance(rated.grounds[1].hex, dh), 1);
    assert!(rated.grounds[0].score.is_empty());
    assert_eq!(
        named(&rated.grounds[1].score),
        [
            ("Town against foot", 1),
            ("higher than every attacking hex", 1),
            ("every attacker crosses a fence, stream or creek", 1)
        ]
    );
    // A follow-up round there: the defender scores 3 more on the same dice.
    let x = tuple_where(&b, |x| x.rounds.len() >= 2 && x.rounds[1].ground == 1);
    let dice = impetus::dice_tuples(&b)
        .into_iter()
        .find(|t| impetus::fight(&b, *t) == x)
        .unwrap();
    let y = impetus::fight(&rated, dice);
    assert_eq!(y.rounds[0], x.rounds[0]);
    assert_eq!(y.rounds[1].scores[1], x.rounds[1].scores[1] + 3);
}

/// §15.2 follow-up on the board (I2 on): a defender that falls back (FB) from the defending
/// hex goes one hex away from the attacking hex, the attacker that stood follows into the hex
/// it left, and the next round is fought on the new ground; falling back again there, the
/// defender goes away from the hex the attacker followed into — the ground before.
#[test]
fn s15_2_on_the_board_the_attacker_follows_up_and_the_defender_falls_back_from_it() {
    use bayonet::rules::hex::distance;
    use bayonet::rules::retreat::{RetreatChoice, choose};
    use impetus::Morale::FB;
    // The attacker comes from the NE facing S (the defending hex is its SW front hex), so the
    // hex beside both (N) is outside its zone of control: falling back "away from the ground
    // it is on" would take the defender there, next to the attacker; away from the attacking
    // hex it goes S. The defender's own edge is east.
    let mut f = impetus_field();
    f.map = bayonet::rules::map::Map::new(14, 12);
    let dh = f.hex(7, 4);
    let def = f.add(1, inf(), dh, Facing::N, 230);
    let a = f.add(0, inf(), dh + Facing::NE.step(), Facing::S, 450);
    let d = decl(vec![a], dh);
    let from = dh + Facing::NE.step();
    let s = (0..5000)
        .find(|s| {
            crate::common::combat_results(f.board(), &d, *s)
                .1
                .rolled
                .fight()
                .is_some_and(|x| {
                    x.rounds.len() >= 3
                        && x.rounds[0].results == [impetus::Morale::S, FB]
                        && x.rounds[1].results[1] == FB
                        && x.rounds.iter().all(|r| stood(r.results[0]))
                })
        })
        .expect("some seed falls back twice");
    let (board, out) = crate::common::combat_results(f.board(), &d, s);
    let fight = out.rolled.fight().unwrap();
    assert_eq!((fight.rounds[0].ground, fight.rounds[1].ground), (0, 1));
    // Round one: away from the attacking hex, and the attacker takes the hex left.
    let before = f.board();
    let RetreatChoice::To { to: first, .. } = choose(
        &before,
        def,
        dh,
        &[from],
        before.edge(before.unit(def).unwrap().side),
    ) else {
        panic!("room to fall back")
    };
    assert_eq!((first, distance(first, from)), (dh + Facing::S.step(), 2));
    // Round two: away from the defending hex, where the attacker now stands.
    let mut mid = before.clone();
    mid.unit_mut(def).unwrap().hex = first;
    mid.unit_mut(a).unwrap().hex = dh;
    let RetreatChoice::To { to: second, .. } = choose(
        &mid,
        def,
        first,
        &[dh],
        mid.edge(mid.unit(def).unwrap().side),
    ) else {
        panic!("room to fall back again")
    };
    assert_eq!(distance(second, dh), 2);
    let grounds: Vec<_> = ib(&f, &d).grounds.iter().map(|g| g.hex).collect();
    assert_eq!(grounds[..3], [dh, first, second]);
    // The attacker followed into each ground the defender left while a round was still to
    // come: it stands on the ground before the last round's.
    let n = fight.rounds.len();
    let u = unit_of(&board, a);
    assert_eq!(
        (u.hex, u.routed),
        (grounds[fight.rounds[n - 2].ground], false)
    );
    assert!(out.advanced.contains(&a));
    let moves: Vec<_> = out
        .retreats
        .iter()
        .filter(|r| r.unit == def)
        .map(|r| (r.from, r.to))
        .collect();
    assert_eq!(moves[..2], [(dh, first), (first, second)]);
}

/// §15.2 with the shared §10 step: a defender routed by its result (R) that cannot run (every
/// hex about it as near an enemy, §9.6's rout never goes nearer or level) is still in the hex
/// when its side lost; the §10 step moves it one hex, and under Impetus — whose results are the
/// morale — it makes no end-of-phase check.
#[test]
fn s15_2_a_routed_defender_that_cannot_run_retreats_without_an_end_of_phase_check() {
    let mut f = impetus_field();
    f.map = bayonet::rules::map::Map::new(14, 12);
    let dh = f.hex(7, 5);
    let def = f.add(1, inf(), dh, Facing::N, 230);
    let a = f.add(0, inf(), dh + Facing::N.step(), Facing::S, 450);
    for side in [Facing::S, Facing::SE, Facing::SW] {
        f.add(0, inf(), dh + side.step() + side.step(), Facing::N, 100);
    }
    let d = decl(vec![a], dh);
    let s = seed_where(&f, &d, |x| x.defender_moved == Some(impetus::Morale::R));
    let (board, out) = crate::common::settle(&f, &d, s);
    assert_eq!(out.loser, Some(MeleeSide::Defender));
    assert!(out.routs.iter().all(|m| m.unit != def), "it could not run");
    let u = unit_of(&board, def);
    assert!(u.routed);
    let moved: Vec<_> = out
        .retreats
        .iter()
        .filter(|r| r.unit == def)
        .map(|r| (r.from, r.to))
        .collect();
    assert_eq!(moved, [(dh, u.hex)]);
    assert!(
        out.end_of_phase_checks.is_empty(),
        "{:?}",
        out.end_of_phase_checks
    );
}
