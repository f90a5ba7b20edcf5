//! RULES.md §15.3, La Bataille's assault à mêlée (seed 003), behind the melee-system seam:
//! the worked example exactly, the pre-melee checks, the chart as the rule book prints it,
//! the results, L1 and L2, exact odds against 10,000 seeded resolutions, and the computer
//! playing a whole scenario under it.

use bayonet::rules::hex::Facing;
use bayonet::rules::melee::EliminationReason;
use bayonet::rules::melee::labataille::{self, ChartResult, Effect};
use bayonet::rules::melee::{self, Declaration, MeleeSide};
use bayonet::rules::params::MeleeSystemName;
use bayonet::rules::unit::{UnitId, UnitKind};

use crate::common::{Field, inf};

fn field() -> Field {
    let mut f = Field::new(30, 20);
    f.params.melee_system = MeleeSystemName::LaBataille;
    f
}

fn decl(attackers: Vec<UnitId>, d: bayonet::rules::hex::Hex) -> Declaration {
    Declaration {
        attackers,
        defending_hex: d,
        follow_up: true,
    }
}

/// 450 C Line attack 230 C in the open: §15.3's example.
fn example() -> (Field, Declaration) {
    let mut f = field();
    let d = f.hex(15, 10);
    f.add(1, inf(), d, Facing::SW, 230);
    let a = f.attacker(0, inf(), d, Facing::SW, 450);
    (f, decl(vec![a], d))
}

fn ab(f: &Field, d: &Declaration) -> labataille::AssaultBreakdown {
    labataille::assault_breakdown(&f.board(), d)
}

fn pos(d66: u8) -> i32 {
    labataille::position(d66)
}

#[test]
fn s15_3_worked_example_450_line_attack_230_in_the_open() {
    let (f, d) = example();
    let b = ab(&f, &d);
    // Ratios 4 : 2.3 (a Line counts at most 4) and 2.3 : 4.
    assert_eq!(b.ratio_modifier, [0, -3]);
    // The defender passes on 34+ (21 of 36), the attacker on 31+ (24 of 36).
    let passing = |k: usize| {
        (1..=36)
            .filter(|p| {
                let mut at = [36; 5];
                at[k] = *p;
                let a = labataille::assault(&b, at);
                let who = b.units[1 - k].unit;
                !a.failed_before.contains(&who)
            })
            .collect::<Vec<_>>()
    };
    let def = passing(0);
    assert_eq!((def.len(), def[0]), (21, pos(34)));
    let att = passing(1);
    assert_eq!((att.len(), att[0]), (24, pos(31)));
    // Chart: 9 : 4.6 → 3:2; roll 53 → DD 0/1.
    let a = labataille::assault(&b, [pos(34), pos(31), pos(53), 1, 1]);
    assert!((a.attack - 9.0).abs() < 1e-9 && (a.defence - 4.6).abs() < 1e-9);
    assert_eq!(a.column, Some(3));
    assert_eq!(a.result, Some(ChartResult::DefenderDisrupted));
    assert_eq!(a.losses, vec![(b.units[1].unit, 100)]);
    assert_eq!(a.effects, vec![(b.units[1].unit, Effect::Retreat)]);
    assert_eq!(a.loser, Some(MeleeSide::Defender));
    // A failed defender's check ends it before the chart: no roll on it.
    let early = labataille::assault(&b, [pos(33), 1, 1, 1, 1]);
    assert_eq!(early.result, None);
    assert_eq!(
        early.rolls[1], None,
        "no attacker check once the hex is empty"
    );
    assert_eq!(early.loser, Some(MeleeSide::Defender));
}

/// The Melee Assault Chart exactly as RULES.md §15.3 prints it (D-lb-9), cell by cell.
#[test]
fn d_lb_9_the_chart_is_the_rule_books_table() {
    let table = [
        "11-23 24-32 33-41 42-51 52-56 61-65 66 . . .",
        "11-16 21-25 26-34 35-44 45-53 54-62 63-66 . . .",
        "11-13 14-22 23-31 32-41 42-46 51-55 56-64 65-66 . .",
        ". 11-15 16-24 25-34 35-43 44-52 53-61 62-66 . .",
        ". 11-12 13-21 22-31 32-36 41-45 46-54 55-64 65-66 .",
        ". . 11-14 15-24 25-33 34-42 43-51 52-61 62-66 .",
        ". . 11 12-21 22-26 31-35 36-44 45-54 55-64 65-66",
        ". . . 11-14 15-23 24-32 33-41 42-51 52-61 62-66",
        ". . . 11 12-16 21-25 26-34 35-44 45-54 55-66",
    ];
    let p = bayonet::rules::params::Parameters::defaults().labataille;
    for (c, row) in table.iter().enumerate() {
        for (i, cell) in row.split(' ').enumerate() {
            if cell == "." {
                continue;
            }
            let (lo, hi) = cell.split_once('-').unwrap_or((cell, cell));
            for p66 in pos(lo.parse().unwrap())..=pos(hi.parse().unwrap()) {
                assert_eq!(
                    labataille::chart(&p, c, p66),
                    ChartResult::ALL[i],
                    "column {c} roll {}",
                    labataille::reading(p66)
                );
            }
        }
    }
}

#[test]
fn s15_3_pre_melee_checks_who_checks() {
    // In a forest the defenders hold general order and do not check; mounted cavalry never
    // checks, nor infantry alongside it (D-lb-6).
    let (mut f, d) = example();
    f.map
        .set_terrain(d.defending_hex, bayonet::rules::map::Terrain::Forest);
    let b = ab(&f, &d);
    assert!(b.units[0].checks && !b.units[1].checks);
    let (mut f, _) = example();
    let dh = f.hex(15, 10);
    let c = f.attacker(0, UnitKind::Cavalry, dh, Facing::S, 200);
    let a = f.units[1].id;
    let b = ab(&f, &decl(vec![a, c], dh));
    assert!(
        b.units
            .iter()
            .filter(|u| u.side == MeleeSide::Attacker)
            .all(|u| !u.checks)
    );
}

/// §15.3 rules L1 and L2: a unit that fired at another hex may not melee; no melee below 1:3.
#[test]
fn l1_a_unit_that_fired_elsewhere_may_not_melee_and_l2_no_melee_below_1_to_3() {
    let (mut f, d) = example();
    let a = d.attackers[0];
    f.unit(a).marks.fired = true;
    f.unit(a).marks.fired_at = Some(f.hex(2, 2));
    let board = f.board();
    let refusals = melee::system(&board.params).check(&board, &d);
    assert!(
        refusals.iter().any(|r| r.to_string().contains("L1")),
        "{refusals:?}"
    );
    f.unit(a).marks.fired_at = Some(d.defending_hex);
    let board = f.board();
    assert!(melee::system(&board.params).check(&board, &d).is_empty());
    // 100 against 400: 2 : 8 is below 1:3.
    let mut f = field();
    let dh = f.hex(15, 10);
    f.add(1, inf(), dh, Facing::SW, 400);
    let a = f.attacker(0, inf(), dh, Facing::SW, 100);
    let board = f.board();
    let refusals = melee::system(&board.params).check(&board, &decl(vec![a], dh));
    assert!(
        refusals.iter().any(|r| r.to_string().contains("L2")),
        "{refusals:?}"
    );
    // 100 against 300 (2 : 6) is exactly 1:3, and allowed; 100 against 301 is not.
    for (men, refused) in [(300, false), (301, true)] {
        let mut f = field();
        let dh = f.hex(15, 10);
        f.add(1, inf(), dh, Facing::SW, men);
        let a = f.attacker(0, inf(), dh, Facing::SW, 100);
        let board = f.board();
        let refusals = melee::system(&board.params).check(&board, &decl(vec![a], dh));
        assert_eq!(
            refusals.iter().any(|r| r.to_string().contains("L2")),
            refused,
            "{men}: {refusals:?}"
        );
    }
}

/// §15.3 pre-melee ratios against a hex with no troops (a lone leader): the attacker's ratio is
/// the top one (99, not a division by zero), so the breakdown survives the JSON the
/// adjudicator prints; the leader's is 0.
#[test]
fn s15_3_a_hex_without_troops_gives_the_top_ratio_and_round_trips_as_json() {
    let mut f = field();
    let dh = f.hex(15, 10);
    f.add(1, UnitKind::Leader, dh, Facing::SW, 0);
    let a = f.attacker(0, inf(), dh, Facing::SW, 450);
    let b = ab(&f, &decl(vec![a], dh));
    assert_eq!(b.ratio, [99.0, 0.0]);
    let text = serde_json::to_string(&b).unwrap();
    let back: labataille::AssaultBreakdown = serde_json::from_str(&text).unwrap();
    assert_eq!(back, b);
}

#[test]
fn s15_3_mounted_cavalry_routs_instead_of_retreating_and_ds_surrenders_the_hex() {
    let mut f = field();
    let dh = f.hex(15, 10);
    let c = f.add(1, UnitKind::Cavalry, dh, Facing::SW, 300);
    f.unit(c).quality = bayonet::rules::unit::Quality::F;
    let a = f.attacker(0, inf(), dh, Facing::SW, 900);
    let b = ab(&f, &decl(vec![a], dh));
    // 18 : 4.5 is 4:1; the cavalry takes no pre-melee check, the attacker does.
    assert!(!b.units[1].checks && b.units[0].checks);
    let params = bayonet::rules::params::Parameters::defaults().labataille;
    let col = labataille::column(18.0, 4.5);
    assert_eq!(col, 6);
    let dd = (1..=36)
        .find(|p| labataille::chart(&params, col, *p) == ChartResult::DefenderDisrupted)
        .unwrap();
    let x = labataille::assault(&b, [36, 36, dd, 36, 36]);
    assert_eq!(x.effects, vec![(c, Effect::Rout)]);
    assert_eq!(x.losses, vec![(c, 100)]);
    // DS at 66: every defender surrenders, its men counted lost.
    let x = labataille::assault(&b, [36, 36, 36, 36, 36]);
    assert_eq!(x.result, Some(ChartResult::DefenderSurrenders));
    assert_eq!(x.lost[1], 300);
    assert_eq!(x.loser, Some(MeleeSide::Defender));
}

/// §15.3 DS with a battery in the hex: every defender surrenders, so the battery's loss is all of
/// it — its guns counted as men the way its increments are (D-lb-10: `men_per_gun_lost` men a
/// gun) and its crew — beside the regiment's men.
#[test]
fn s15_3_ds_counts_a_surrendered_batterys_guns_as_men_and_its_crew() {
    let mut f = field();
    let dh = f.hex(15, 10);
    let foot = f.add(1, inf(), dh, Facing::SW, 120);
    let guns = f.add(1, UnitKind::Artillery, dh, Facing::SW, 4);
    f.unit(guns).men = 60;
    let a = f.attacker(0, inf(), dh, Facing::SW, 1500);
    let b = ab(&f, &decl(vec![a], dh));
    assert_eq!(b.men_per_gun, 25);
    let x = labataille::assault(&b, [36, 36, 36, 36, 36]);
    assert_eq!(x.result, Some(ChartResult::DefenderSurrenders), "{x:?}");
    assert_eq!(
        x.effects,
        vec![(foot, Effect::Surrender), (guns, Effect::Surrender)]
    );
    assert_eq!(x.lost, [0, 120 + 60 + 4 * 25]);
}

#[test]
fn s15_3_leaving_the_enemy_zoc_by_a_failed_check_costs_an_increment() {
    let (f, d) = example();
    let b = ab(&f, &d);
    assert_eq!(b.in_zoc, [true, true]);
    // The defender fails its pre-melee check: it leaves the hex with no chart roll, and loses
    // one increment for leaving the attacker's zone of control.
    let x = labataille::assault(&b, [1, 36, 36, 36, 36]);
    assert_eq!(x.result, None);
    assert_eq!(x.losses, vec![(b.units[1].unit, 100)]);
    // Out of the zone of control (the attacker faces away), no increment.
    let (mut f, d) = example();
    let a = d.attackers[0];
    f.unit(a).facing = Facing::SW;
    let b = ab(&f, &d);
    assert!(!b.in_zoc[1]);
    let x = labataille::assault(&b, [1, 36, 36, 36, 36]);
    assert!(x.losses.is_empty(), "{x:?}");
}

/// §15.0 D-sys-6: the exact distribution matches 10,000 seeded resolutions on the board.
#[test]
fn s15_3_exact_odds_match_10000_seeded_resolutions() {
    let (f1, d1) = example();
    let mut f2 = field();
    let dh = f2.hex(15, 10);
    f2.add(1, inf(), dh, Facing::N, 500);
    let a = f2.attacker(0, inf(), dh, Facing::SW, 400);
    let b2 = f2.attacker(0, UnitKind::Cavalry, dh, Facing::NW, 200);
    for (f, dcl) in [(f1, d1), (f2, decl(vec![a, b2], dh))] {
        let board = f.board();
        let sys = melee::system(&board.params);
        let bd = sys.breakdown(&board, &dcl);
        let exact = labataille::assault_odds(bd.detail.la_bataille().unwrap());
        let total: f64 = exact.outcomes.attacker_wins
            + exact.outcomes.defender_wins
            + exact.outcomes.no_decision;
        assert!((total - 1.0).abs() < 1e-9);
        let n = 10_000u64;
        let (mut wins, mut retreats, mut lost_a, mut lost_d) = (0u32, 0u32, 0f64, 0f64);
        for seed in 0..n {
            let (_, out) = crate::common::settle(&f, &dcl, seed);
            wins += u32::from(out.loser == Some(MeleeSide::Defender));
            retreats += u32::from(
                out.retreats
                    .iter()
                    .any(|r| !dcl.attackers.contains(&r.unit)),
            );
            lost_a += out.attacker_loss as f64;
            lost_d += out.defender_loss as f64;
        }
        let sd = |p: f64| (p * (1.0 - p) / n as f64).sqrt().max(1e-3);
        let p = exact.outcomes.attacker_wins;
        let seen = wins as f64 / n as f64;
        assert!((seen - p).abs() < 4.0 * sd(p), "P(win) {p} seen {seen}");
        let q = exact.outcomes.defender_retreats + exact.outcomes.defender_routs;
        let seen_r = retreats as f64 / n as f64;
        assert!(
            (seen_r - q).abs() < 4.0 * sd(q),
            "P(retreat) {q} seen {seen_r}"
        );
        assert!((lost_a / n as f64 - exact.outcomes.expected_attacker_loss).abs() < 2.0);
        assert!((lost_d / n as f64 - exact.outcomes.expected_defender_loss).abs() < 2.0);
    }
}

/// §15.3 (D-sys-1): Harper's Crossing under La Bataille, the computer on both sides, to its
/// end: no computer order refused, every melee fought as an assault à mêlée, and the save
/// replays.
#[test]
fn labataille_plays_harpers_crossing_to_the_end_with_no_refused_order_and_replays() {
    let n = crate::common::computer_plays_to_the_end(MeleeSystemName::LaBataille);
    assert!(n > 0, "the computer fought melees");
}

/// D-lb-1: MV = increments × type × quality; D-lb-2: morale values as d66 positions.
#[test]
fn d_lb_1_melee_values_and_d_lb_2_morale_values() {
    use bayonet::rules::unit::Quality::*;
    let p = bayonet::rules::params::Parameters::defaults().labataille;
    let mut f = field();
    let dh = f.hex(15, 10);
    let i = f.add(1, inf(), dh, Facing::SW, 300);
    let c = f.add(1, UnitKind::Cavalry, dh, Facing::SW, 200);
    let g = f.add(1, UnitKind::Artillery, dh, Facing::SW, 4);
    let board = f.board();
    let mv = |id| labataille::melee_value(&p, board.unit(id).unwrap());
    assert_eq!(mv(i), (3.0, 6.0));
    assert_eq!(mv(c), (2.0, 6.0));
    assert_eq!(mv(g), (2.0, 2.0));
    for (q, want) in [(A, 9.0), (B, 7.5), (C, 6.0), (D, 6.0), (E, 4.5), (F, 3.0)] {
        let mut u = board.unit(i).unwrap().clone();
        u.quality = q;
        assert_eq!(labataille::melee_value(&p, &u).1, want, "{q:?}");
    }
    let mut u = board.unit(c).unwrap().clone();
    u.formation = bayonet::rules::unit::Formation::Dismounted;
    assert_eq!(labataille::melee_value(&p, &u).1, 2.0);
    // Uncrewed or spiked guns are still increments, but of type 0.
    for crew in [
        bayonet::rules::unit::Crew::Uncrewed,
        bayonet::rules::unit::Crew::Spiked,
    ] {
        let mut u = board.unit(g).unwrap().clone();
        u.crew = crew;
        assert_eq!(labataille::melee_value(&p, &u), (2.0, 0.0), "{crew:?}");
    }
    // Morale: A 16 … F 43 on the d66, as positions 6, 9, 12, 15, 18, 21.
    let want = [6, 9, 12, 15, 18, 21];
    for (k, m) in p.morale.iter().enumerate() {
        assert_eq!(labataille::position(*m), want[k]);
    }
    assert_eq!(
        labataille::position(43) + 4,
        labataille::position(51),
        "43 + 4 = 51"
    );
}

/// D-lb-7 and the source's roll modifiers: the ratio bands, Disordered −3, Routed −6, a leader
/// +3, a defender flanked −3, −3 per increment lost to opportunity fire; the chart's factors:
/// flank ×2, rear ×1.5, Disordered ×½, routed infantry ×⅓.
#[test]
fn d_lb_7_check_modifiers_and_chart_factors() {
    let ratio = |att: u32, def: u32| {
        let mut f = field();
        let dh = f.hex(15, 10);
        f.add(1, inf(), dh, Facing::SW, def);
        let a = f.attacker(0, inf(), dh, Facing::SW, att);
        f.unit(a).formation = bayonet::rules::unit::Formation::Column;
        ab(&f, &decl(vec![a], dh)).ratio_modifier
    };
    assert_eq!(ratio(900, 300), [6, -6]);
    assert_eq!(ratio(600, 300), [3, -3]);
    assert_eq!(ratio(300, 300), [0, 0]);
    assert_eq!(ratio(300, 400), [-3, 0]);
    assert_eq!(ratio(100, 300), [-6, 6]);
    let (mut f, d) = example();
    let a = d.attackers[0];
    let def = f.units[0].id;
    f.unit(def).disrupted = true;
    f.unit(a).marks.fire_losses = 230;
    let b = ab(&f, &d);
    assert_eq!(b.units[0].standing, -6, "two increments lost to fire");
    assert_eq!(b.units[1].standing, -3);
    assert!((b.units[1].factor - 0.5).abs() < 1e-9);
    f.unit(def).disrupted = false;
    f.unit(def).routed = true;
    let b = ab(&f, &d);
    assert_eq!(b.units[1].standing, -6);
    assert!((b.units[1].factor - 1.0 / 3.0).abs() < 1e-9);
    f.unit(def).routed = false;
    let dh = d.defending_hex;
    f.add(1, UnitKind::Leader, dh, Facing::SW, 0);
    assert_eq!(ab(&f, &d).units[1].standing, 3);
    // Through the flank ×2 (and the defender −3); through the rear ×1.5.
    let mut g = field();
    let dh = g.hex(15, 10);
    g.add(1, inf(), dh, Facing::N, 230);
    let fl = g.attacker(0, inf(), dh, Facing::SW, 300);
    let b = ab(&g, &decl(vec![fl], dh));
    assert!((b.units[0].factor - 2.0).abs() < 1e-9);
    assert_eq!(b.units[1].standing, -3);
    let mut g = field();
    g.add(1, inf(), dh, Facing::N, 230);
    let re = g.attacker(0, inf(), dh, Facing::S, 300);
    assert!((ab(&g, &decl(vec![re], dh)).units[0].factor - 1.5).abs() < 1e-9);
}

/// D-lb-10: increments are taken one at a time from the side's unit with most men; D-lb-11:
/// a side that lost increments checks after, and a failing unit takes the AD/DD effect.
#[test]
fn d_lb_10_increments_from_the_biggest_unit_and_d_lb_11_checks_after_losses() {
    let mut f = field();
    let dh = f.hex(15, 10);
    let big = f.add(1, inf(), dh, Facing::SW, 250);
    let small = f.add(1, inf(), dh, Facing::SW, 200);
    f.map.set_terrain(dh, bayonet::rules::map::Terrain::Forest);
    let a = f.attacker(0, inf(), dh, Facing::SW, 1000);
    let b = ab(&f, &decl(vec![a], dh));
    let p = bayonet::rules::params::Parameters::defaults().labataille;
    let c = labataille::column(b.units[0].mv * b.units[0].factor, 9.0);
    // DR 0/2: 100 from the 250 (now 150), then 100 from the 200.
    let dr = (1..=36)
        .find(|x| labataille::chart(&p, c, *x) == ChartResult::DefenderRouted)
        .unwrap();
    let x = labataille::assault(&b, [36, 36, dr, 36, 36]);
    assert_eq!(x.losses, vec![(big, 100), (small, 100)]);
    // 0/1: the defenders check after the loss; at roll 11 (position 1) they fail.
    let zero_one = (1..=36)
        .find(|x| labataille::chart(&p, c, *x) == ChartResult::DefenderLoses)
        .unwrap();
    let x = labataille::assault(&b, [36, 36, zero_one, 1, 36]);
    assert_eq!(x.failed_after.len(), 2);
    assert_eq!(x.loser, Some(MeleeSide::Defender));
    assert!(x.effects.iter().all(|(_, e)| *e == Effect::Retreat));
    assert_eq!(x.rolls[4], None, "the attacker lost nothing: no check");
    let x = labataille::assault(&b, [36, 36, zero_one, 36, 36]);
    assert!(x.failed_after.is_empty());
    assert_eq!(x.loser, None, "a loss alone decides nothing");
}

/// §15.3 draws: the d66s in order — defender check, attacker check, chart, after-loss checks
/// — each two d6 read tens then units; a stage that does not happen draws nothing.
#[test]
fn s15_3_draw_order() {
    use rand::{RngExt, SeedableRng};
    let (f, d) = example();
    for seed in 0..40 {
        let (_, out) = crate::common::settle(&f, &d, seed);
        let a = out.rolled.assault().cloned().unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        for k in 0..5 {
            if let Some(r) = a.rolls[k] {
                let t = rng.random_range(1..=6u8);
                let u = rng.random_range(1..=6u8);
                assert_eq!(r, t * 10 + u, "seed {seed} stage {k}");
            }
        }
    }
}

/// The melee report names the system and shows the pre-melee checks, the odds column and
/// the chart's result.
#[cfg(feature = "client")]
/// §15.3 (D-sys-6): the melee report names the system and shows the checks, the column and the
/// chart result.
#[test]
fn the_report_shows_the_checks_column_and_chart_result() {
    let (f, d) = example();
    let seed = (0..100)
        .find(|s| {
            crate::common::settle(&f, &d, *s)
                .1
                .rolled
                .assault()
                .unwrap()
                .result
                .is_some()
        })
        .unwrap();
    let (_, out) = crate::common::settle(&f, &d, seed);
    let a = out.rolled.assault().cloned().unwrap();
    let battle = bayonet::sim::Table::new(f.scenario(), None);
    let names = f.units.iter().map(|u| (u.id, u.name.clone())).collect();
    let text = bayonet::client::reports::report::melee_lines(&battle, &names, &out).join("\n");
    assert!(text.contains("(LaBataille melee system)"), "{text}");
    assert!(
        text.contains(&format!(
            "pre-melee checks: D d66 {} (-3)",
            a.rolls[0].unwrap()
        )),
        "{text}"
    );
    assert!(
        text.contains(&format!(
            "chart: MV 9.0 vs 4.6 -> 3:2, d66 {}: {}",
            a.rolls[2].unwrap(),
            a.result.unwrap().code()
        )),
        "{text}"
    );
    let b = melee::system(&f.board().params).breakdown(&f.board(), &d);
    let line = bayonet::client::input::melee_drag::system_words(&b).unwrap();
    assert!(
        line.starts_with("La Bataille MV 9.0:4.6, checks A +0 D -3: A wins "),
        "{line}"
    );
}

/// The §15.3 assaults the odds are checked on: the worked example, a quality F cavalry
/// regiment against 900 (no defender check, DS on the chart), and a regiment with a cavalry
/// regiment beside it (no attacker check) against 500.
fn tallied_assaults() -> Vec<labataille::AssaultBreakdown> {
    let (f1, d1) = example();
    let mut f2 = field();
    let dh = f2.hex(15, 10);
    let c = f2.add(1, UnitKind::Cavalry, dh, Facing::SW, 300);
    f2.unit(c).quality = bayonet::rules::unit::Quality::F;
    let a = f2.attacker(0, inf(), dh, Facing::SW, 900);
    let mut f3 = field();
    f3.add(1, inf(), dh, Facing::N, 500);
    let i = f3.attacker(0, inf(), dh, Facing::SW, 400);
    let k = f3.attacker(0, UnitKind::Cavalry, dh, Facing::NW, 200);
    vec![
        ab(&f1, &d1),
        ab(&f2, &decl(vec![a], dh)),
        ab(&f3, &decl(vec![i, k], dh)),
    ]
}

/// §15.0 D-sys-6 under §15.3: the exact odds (each stage's rolls merged by what they do)
/// agree with 200,000 assaults on uniformly random d66 rolls, within 5 σ, in who loses, the
/// defender's fate, the chart's results and the expected losses; the outcomes' weights sum
/// to one and each is the assault its rolls make.
#[test]
fn d_sys_6_la_bataille_odds_match_200000_random_assaults() {
    use rand::{RngExt, SeedableRng};
    let n = 200_000u32;
    let mut met = [0u32; 3];
    for (k, b) in tallied_assaults().iter().enumerate() {
        let all = labataille::outcomes(b);
        let total: f64 = all.iter().map(|(_, w)| w).sum();
        assert!((total - 1.0).abs() < 1e-12, "{total}");
        for (a, _) in &all {
            let at = a.rolls.map(|r| r.map_or(1, labataille::position));
            assert_eq!(&labataille::assault(b, at), a);
        }
        let exact = labataille::assault_odds(b);
        let defenders: Vec<UnitId> = b
            .units
            .iter()
            .filter(|u| u.side == MeleeSide::Defender)
            .map(|u| u.unit)
            .collect();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(k as u64);
        // [attacker wins, defender wins, no decision, retreats, routs, surrenders, no chart]
        // then each chart result; and the sums and squares of the losses.
        let mut count = vec![0u32; 7 + ChartResult::ALL.len()];
        let (mut sum, mut squares) = ([0f64; 2], [0f64; 2]);
        for _ in 0..n {
            let pos: [i32; 5] = std::array::from_fn(|_| rng.random_range(1..=36));
            let a = labataille::assault(b, pos);
            count[match a.loser {
                Some(MeleeSide::Defender) => 0,
                Some(MeleeSide::Attacker) => 1,
                None => 2,
            }] += 1;
            let fate = a
                .effects
                .iter()
                .filter(|(id, _)| defenders.contains(id))
                .map(|(_, e)| match e {
                    Effect::Retreat => 3,
                    Effect::Rout => 4,
                    Effect::Surrender => 5,
                })
                .max();
            if let Some(i) = fate {
                count[i] += 1;
            }
            match a.result {
                Some(r) => count[7 + ChartResult::ALL.iter().position(|x| *x == r).unwrap()] += 1,
                None => count[6] += 1,
            }
            for s in 0..2 {
                sum[s] += a.lost[s] as f64;
                squares[s] += (a.lost[s] as f64).powi(2);
            }
        }
        let o = &exact.outcomes;
        let mut want = vec![
            o.attacker_wins,
            o.defender_wins,
            o.no_decision,
            o.defender_retreats,
            o.defender_routs,
            o.defender_surrenders,
            exact.ended_before_chart,
        ];
        want.extend(exact.results.iter().map(|(_, p)| *p));
        let nf = n as f64;
        for (i, (c, p)) in count.iter().zip(&want).enumerate() {
            let seen = *c as f64 / nf;
            let sd = (p * (1.0 - p) / nf).sqrt().max(1.0 / nf);
            assert!(
                (seen - p).abs() < 5.0 * sd,
                "assault {k}, tally {i}: {p} seen {seen}"
            );
        }
        for (s, p) in [o.expected_attacker_loss, o.expected_defender_loss]
            .iter()
            .enumerate()
        {
            let mean = sum[s] / nf;
            let sd = ((squares[s] / nf - mean * mean) / nf).sqrt().max(1.0 / nf);
            assert!(
                (mean - p).abs() < 5.0 * sd,
                "assault {k}, side {s}: {p} seen {mean}"
            );
        }
        // Not vacuous: each assault ends before the chart on some rolls and gives at least
        // five of the chart's results on others; over the three, every fate is met.
        assert!(count[6] > 0, "{count:?}");
        assert!(
            count[7..].iter().filter(|c| **c > 0).count() >= 5,
            "{count:?}"
        );
        for (f, c) in met.iter_mut().zip(&count[3..6]) {
            *f += c;
        }
    }
    assert!(met.iter().all(|m| *m > 0), "{met:?}");
}

/// §15.0 D-sys-6 under §15.3: the walk that reads each stage's d66 only where an outcome can
/// change (a unit's check turning from fail to pass, the chart's result changing along its
/// column) gives exactly the distribution of reading all 36 positions of every stage, paths and
/// weights alike, on the tallied assaults, the bench's worst case and 120 generated ones
/// (qualities, sizes, fatigue, disorder, cavalry and guns on both sides).
#[test]
fn d_sys_6_la_bataille_breakpoints_give_the_same_distribution_as_every_reading() {
    use bayonet::rules::unit::Quality;
    let mut cases = tallied_assaults();
    let (wf, wd) = crate::common::worst_melee(MeleeSystemName::LaBataille);
    cases.push(ab(&wf, &wd));
    let qualities = Quality::ALL;
    for k in 0..120usize {
        let mut f = field();
        let dh = f.hex(15, 10);
        let kinds = [inf(), UnitKind::Cavalry, UnitKind::Artillery];
        let n_def = 1 + k % 2;
        for j in 0..n_def {
            let kind = kinds[(k / 2 + j) % 3];
            let size = if kind == UnitKind::Artillery {
                2 + (k % 5) as u32
            } else {
                120 + (k as u32 * 37 + j as u32 * 91) % 600
            };
            let id = f.add(1, kind, dh, Facing::ALL[(k + j) % 6], size);
            f.unit(id).quality = qualities[(k * 5 + j) % 6];
            f.unit(id).fatigue = ((k * 97 + j * 13) % 800) as u32;
        }
        let mut attackers = Vec::new();
        for j in 0..1 + k % 3 {
            let side = Facing::ALL[(k + 2 * j) % 6];
            let kind = if (k + j) % 4 == 3 {
                UnitKind::Cavalry
            } else {
                inf()
            };
            let a = f.attacker(0, kind, dh, side, 100 + ((k * 53 + j * 211) % 700) as u32);
            f.unit(a).quality = qualities[(k + 3 * j) % 6];
            f.unit(a).fatigue = ((k * 61 + j * 29) % 700) as u32;
            f.unit(a).disrupted = (k + j) % 7 == 0;
            attackers.push(a);
        }
        cases.push(ab(&f, &decl(attackers, dh)));
    }
    let mut paths = 0;
    for (k, b) in cases.iter().enumerate() {
        let fast = labataille::outcomes(b);
        assert_eq!(fast, labataille::outcomes_by_every_reading(b), "case {k}");
        paths += fast.len();
    }
    // Not vacuous: the cases walk many paths between them.
    assert!(paths > 2_000, "{paths}");
}

/// The first seed whose assault, resolved on the board, is as `want`ed.
fn seed_where(
    f: &crate::common::Field,
    d: &Declaration,
    want: impl Fn(&labataille::Assault) -> bool,
) -> u64 {
    (0..20_000)
        .find(|s| {
            crate::common::settle(f, d, *s)
                .1
                .rolled
                .assault()
                .is_some_and(&want)
        })
        .expect("some seed gives such an assault")
}

fn effect_of(a: &labataille::Assault, id: UnitId) -> Option<Effect> {
    a.effects.iter().find(|(u, _)| *u == id).map(|(_, e)| *e)
}

/// Men the unit lost in the assault.
fn lost_by(a: &labataille::Assault, id: UnitId) -> u32 {
    a.losses
        .iter()
        .filter(|(u, _)| *u == id)
        .map(|(_, m)| m)
        .sum()
}

/// §15.3 on the board: a retreat (AD, DD or a failed check) disrupts and moves the unit back
/// within 3 MP (one clear hex at least); a rout moves it 10 hexes, Routed; DS removes the
/// defenders as captured, their men lost; each side's increments come off its units.
#[test]
fn s15_3_on_the_board_retreats_routs_and_surrender() {
    use bayonet::rules::hex::distance;
    let (f, d) = example();
    let (a, def, dh) = (d.attackers[0], f.units[0].id, d.defending_hex);
    let from = f.units[1].hex;
    for (who, at, enemy) in [(def, dh, from), (a, from, dh)] {
        let s = seed_where(&f, &d, |x| effect_of(x, who) == Some(Effect::Retreat));
        let (board, out) = crate::common::settle(&f, &d, s);
        let x = out.rolled.assault().unwrap();
        let u = board.unit(who).expect("still on the board");
        assert!(u.disrupted && !u.routed);
        // Clear costs 2 MP a hex here: 3 MP is one hex, away from the enemy.
        assert_eq!(
            (distance(u.hex, at), distance(u.hex, enemy)),
            (1, 2),
            "{x:?}"
        );
        assert!(
            out.retreats
                .iter()
                .any(|r| r.unit == who && r.from == at && r.to == u.hex)
        );
        let lost: u32 = x
            .losses
            .iter()
            .filter(|(id, _)| *id == who)
            .map(|(_, m)| m)
            .sum();
        let men = if who == a { 450 } else { 230 };
        assert_eq!(u.men, men - lost);
    }
    // The defender routs (DR, only at better odds): 10 hexes on, Routed.
    let mut f = f;
    // A column of 1,200 may attack only where the scenario allows such a stack (§9.1 rule 7).
    f.params.stacking.max_men = 1200;
    f.unit(a).men = 1200;
    f.unit(a).formation = bayonet::rules::unit::Formation::Column;
    let s = seed_where(&f, &d, |x| effect_of(x, def) == Some(Effect::Rout));
    let (board, out) = crate::common::settle(&f, &d, s);
    let u = board.unit(def).expect("it ran");
    assert!(u.routed);
    assert_eq!(distance(u.hex, dh), 10, "{:?}", out.retreats);
    // DS: the cavalry surrenders, captured, its men lost.
    let mut g = field();
    let gh = g.hex(15, 10);
    let c = g.add(1, UnitKind::Cavalry, gh, Facing::SW, 300);
    g.unit(c).quality = bayonet::rules::unit::Quality::F;
    // Foot may attack mounted cavalry only when it is Isolated (§9.1 rule 3).
    g.unit(c).isolated = true;
    let i = g.attacker(0, inf(), gh, Facing::SW, 900);
    let gd = decl(vec![i], gh);
    let s = seed_where(&g, &gd, |x| {
        x.result == Some(ChartResult::DefenderSurrenders)
    });
    let (board, out) = crate::common::settle(&g, &gd, s);
    assert!(board.unit(c).is_none());
    let e = out
        .eliminated
        .iter()
        .find(|e| e.unit == c)
        .expect("eliminated");
    assert!(
        e.captured && e.reason == EliminationReason::DefenderSurrenders && e.men == 300,
        "{e:?}"
    );
    assert_eq!(out.defender_loss, 300);
}

/// §15.3 with D-cap-1: guns that cannot retreat stay where they are on a retreat result, for
/// the capture step, which takes them (with Artillery Capture they change side, Disrupted).
#[test]
fn s15_3_guns_that_cannot_retreat_stay_for_the_capture_step() {
    let mut f = field();
    let dh = f.hex(15, 10);
    let g = f.add(1, UnitKind::Artillery, dh, Facing::SW, 8);
    let a = f.attacker(0, inf(), dh, Facing::SW, 600);
    let d = decl(vec![a], dh);
    let s = seed_where(&f, &d, |x| effect_of(x, g) == Some(Effect::Retreat));
    let (board, out) = crate::common::settle(&f, &d, s);
    assert!(board.unit(g).is_none());
    let e = out.eliminated.iter().find(|e| e.unit == g).expect("taken");
    assert!(
        e.captured && e.reason == EliminationReason::GunsCouldNotRetreat,
        "{e:?}"
    );
    assert_eq!(e.guns, 6, "8 less the increment lost");
    f.params.optional.artillery_capture = true;
    let (board, out) = crate::common::settle(&f, &d, s);
    let u = board.unit(g).expect("the battery changed side");
    assert_eq!((u.side.0, u.hex, u.guns), (0, dh, 6));
    assert!(out.captured.contains(&g));
}

/// §15.3 with D-cap-1, before the capture step: guns that cannot retreat are Disrupted where
/// they stand on a retreat result (the AD/DD effect less the move), but on DS they are left as
/// they are, still on the map, for §9.5 to take.
#[test]
fn s15_3_guns_that_cannot_retreat_are_disrupted_in_place_but_left_as_they_are_on_ds() {
    for (men, want) in [(600, Effect::Retreat), (1500, Effect::Surrender)] {
        let mut f = field();
        // 1,500 men may attack only where the scenario allows such a stack (§9.1 rule 7).
        f.params.stacking.max_men = 1500;
        let dh = f.hex(15, 10);
        let g = f.add(1, UnitKind::Artillery, dh, Facing::SW, 8);
        let a = f.attacker(0, inf(), dh, Facing::SW, men);
        let d = decl(vec![a], dh);
        let s = seed_where(&f, &d, |x| effect_of(x, g) == Some(want));
        let (board, _) = crate::common::combat_results(f.board(), &d, s);
        let u = board.unit(g).expect("the guns stay for the capture step");
        assert_eq!(
            (u.hex, u.disrupted),
            (dh, want == Effect::Retreat),
            "{want:?}"
        );
    }
}

/// §15.3 "No §9.6 checks" with the shared §10 step (§15.0): when one of two defenders fails its
/// check and falls back, the defenders lost; the other, still in the hex, is retreated one hex
/// by §10 and makes no end-of-phase morale check.
#[test]
fn s15_3_a_defender_left_in_the_hex_retreats_by_10_without_a_morale_check() {
    let mut f = field();
    let dh = f.hex(15, 10);
    let one = f.add(1, inf(), dh, Facing::SW, 230);
    let two = f.add(1, inf(), dh, Facing::SW, 230);
    // One roll a side, compared unit by unit (D-lb-8): an F fails where an A stands.
    f.unit(one).quality = bayonet::rules::unit::Quality::F;
    f.unit(two).quality = bayonet::rules::unit::Quality::A;
    let a = f.attacker(0, inf(), dh, Facing::SW, 900);
    let d = decl(vec![a], dh);
    let s = seed_where(&f, &d, |x| {
        x.loser == Some(MeleeSide::Defender)
            && effect_of(x, one) == Some(Effect::Retreat)
            && effect_of(x, two).is_none()
    });
    let (board, out) = crate::common::settle(&f, &d, s);
    let moved: Vec<_> = out.retreats.iter().filter(|r| r.unit == two).collect();
    assert_eq!(moved.len(), 1, "{:?}", out.retreats);
    assert_eq!(moved[0].from, dh);
    assert_eq!(board.unit(two).map(|u| u.hex), Some(moved[0].to));
    assert!(
        out.end_of_phase_checks.is_empty(),
        "{:?}",
        out.end_of_phase_checks
    );
}

/// §15.0 D-sys-4 and D-sys-6 under §15.3, the seam's breakdown: men as strengths and split
/// weights, each unit's melee-value line, the melee values (MV × factor) as the strengths, the
/// pre-melee ratios as lines, and the loss ranges the least and most any outcome costs.
#[test]
fn d_sys_6_the_la_bataille_breakdown_on_the_seam() {
    let (f, d) = example();
    let board = f.board();
    let b = melee::system(&board.params).breakdown(&board, &d);
    let ab = b.detail.la_bataille().expect("the assault breakdown");
    let lines = crate::common::one_against_one_on_the_seam(&b, [450, 230]);
    assert_eq!(b.attackers[0].adjustments, [ab.units[0].why.clone()]);
    assert_eq!(
        b.attackers[0].adjustments,
        ["4.50 increments x type x quality 1 = MV 9.00"]
    );
    assert_eq!((b.attack_strength, b.defence_strength), (9.0, 4.6));
    assert_eq!((b.attack_base, b.defence_base), (9.0, 4.6));
    assert_eq!(
        lines
            .iter()
            .map(|(s, l)| (*s, l.as_str()))
            .collect::<Vec<_>>(),
        [
            (MeleeSide::Attacker, "pre-melee ratio 1.74: roll +0"),
            (MeleeSide::Defender, "pre-melee ratio 0.57: roll -3"),
        ]
    );
    let all = labataille::outcomes(ab);
    let ends = |k: usize| {
        [
            all.iter().map(|(a, _)| a.lost[k]).min().unwrap() as f64,
            all.iter().map(|(a, _)| a.lost[k]).max().unwrap() as f64,
        ]
    };
    assert_eq!(b.attacker_loss_range, ends(0));
    assert_eq!(b.defender_loss_range, ends(1));
    assert!(b.attacker_loss_range[0] < b.attacker_loss_range[1]);
    assert!(b.defender_loss_range[0] < b.defender_loss_range[1]);
}

/// D-lb-9: the odds list every chart result under the source's code, in the chart's order
/// (AR 1/0 … DS), each with its chance; together with the pre-melee end they sum to one.
#[test]
fn d_lb_9_the_odds_name_each_chart_result_by_its_code() {
    let (f, d) = example();
    let o = labataille::assault_odds(&ab(&f, &d));
    let codes: Vec<&str> = o.results.iter().map(|(c, _)| c.as_str()).collect();
    assert_eq!(
        codes,
        [
            "AR 1/0", "AD 1/0", "1/0", "1/1", "-", "0/1", "DD 0/1", "DD 1/2", "DR 0/2", "DS"
        ]
    );
    let each: Vec<&str> = ChartResult::ALL.iter().map(|r| r.code()).collect();
    assert_eq!(each, codes);
    let total: f64 = o.results.iter().map(|(_, p)| p).sum::<f64>() + o.ended_before_chart;
    assert!((total - 1.0).abs() < 1e-12, "{total}");
}

/// §15.3's chart effects (D-lb-9): on every outcome of the dice, AR routs each attacker that
/// fought it and AD makes it retreat (disrupted); DD (both kinds) makes each defender retreat,
/// DR rout and DS surrender; the other results move nobody who passed the checks; the side
/// alone moved lost the melee. Checked over a weak, an even and a strong attack, so that each
/// result has a chance.
#[test]
fn d_lb_9_each_chart_result_has_its_effect_on_every_outcome() {
    use ChartResult::*;
    let mut seen = std::collections::HashSet::new();
    for men in [150, 450, 1500] {
        let mut f = field();
        let dh = f.hex(15, 10);
        let def = f.add(1, inf(), dh, Facing::SW, 300);
        let a = f.attacker(0, inf(), dh, Facing::SW, men);
        let d = decl(vec![a], dh);
        for (x, w) in labataille::outcomes(&ab(&f, &d)) {
            let Some(r) = x.result.filter(|_| w > 0.0) else {
                continue;
            };
            seen.insert(r.code());
            let (want_a, want_d) = match r {
                AttackerRouted => (Some(Effect::Rout), None),
                AttackerDisrupted => (Some(Effect::Retreat), None),
                DefenderDisrupted | DefenderDisruptedBothLose => (None, Some(Effect::Retreat)),
                DefenderRouted => (None, Some(Effect::Rout)),
                DefenderSurrenders => (None, Some(Effect::Surrender)),
                _ => (None, None),
            };
            let after = |id| x.failed_after.contains(&id);
            if !after(a) {
                assert_eq!(effect_of(&x, a), want_a, "{men}: {r:?} {x:?}");
            }
            if !after(def) && want_d != Some(Effect::Surrender) {
                assert_eq!(effect_of(&x, def), want_d, "{men}: {r:?} {x:?}");
            }
            if want_d == Some(Effect::Surrender) {
                assert_eq!(effect_of(&x, def), want_d, "{men}: {r:?}");
            }
            // The side that alone was moved lost the melee.
            match (effect_of(&x, a).is_some(), effect_of(&x, def).is_some()) {
                (true, false) => assert_eq!(x.loser, Some(MeleeSide::Attacker), "{x:?}"),
                (false, true) => assert_eq!(x.loser, Some(MeleeSide::Defender), "{x:?}"),
                _ => assert_eq!(x.loser, None, "{x:?}"),
            }
        }
    }
    let mut seen: Vec<_> = seen.into_iter().collect();
    seen.sort();
    assert_eq!(seen.len(), 10, "{seen:?}");
}

/// §15.3's odds columns (D-lb-7): the ratio rounded down for the defender to a column of the
/// chart, 1:3 the leftmost for any worse ratio, and a defence of nothing (only leaders or
/// wagons in the hex) the rightmost, 6:1.
#[test]
fn d_lb_7_the_columns_round_down_and_no_defence_is_the_last() {
    use labataille::{COLUMNS, column};
    let names = |c: usize| COLUMNS[c].0;
    assert_eq!(names(column(1.0, 0.0)), "6:1");
    assert_eq!(names(column(0.0, 0.0)), "6:1");
    assert_eq!(names(column(1.0, 10.0)), "1:3");
    assert_eq!(names(column(4.9, 10.0)), "1:3");
    assert_eq!(names(column(5.0, 10.0)), "1:2");
    assert_eq!(names(column(14.9, 10.0)), "1:1");
    assert_eq!(names(column(15.0, 10.0)), "3:2");
    assert_eq!(names(column(59.0, 10.0)), "5:1");
    assert_eq!(names(column(600.0, 10.0)), "6:1");
}

/// D-lb-10: increments come off one at a time from the unit with most men, a gun counting 50,
/// as it stands after the increments before. Beside 230 infantry a battery of 60 crew gives
/// the first increment (2 guns, their men) with 4 guns (260) and, with 6 guns (360, then 260),
/// the second too; with 4 it has 160 left and the second comes off the infantry — on every
/// outcome where the defender loses one or two increments and nobody fails a check.
#[test]
fn d_lb_10_an_increment_comes_off_the_biggest_unit_a_gun_counting_fifty() {
    for (n, want) in [(4, [[1, 0], [1, 1]]), (6, [[1, 0], [2, 0]])] {
        let mut f = field();
        let dh = f.hex(15, 10);
        let foot = f.add(1, inf(), dh, Facing::SW, 230);
        let guns = f.add(1, UnitKind::Artillery, dh, Facing::SW, n);
        f.unit(guns).men = 60;
        let a = f.attacker(0, inf(), dh, Facing::SW, 900);
        let b = ab(&f, &decl(vec![a], dh));
        let per = [b.men_per_gun * 2, 100];
        let mut seen = [0, 0];
        for (x, w) in labataille::outcomes(&b) {
            let Some(k) = x.result.map(|r| r.increments()[1] as usize) else {
                continue;
            };
            if w <= 0.0 || !x.failed_before.is_empty() || !x.failed_after.is_empty() || k == 0 {
                continue;
            }
            let [g, i] = want[k - 1];
            assert_eq!(
                (lost_by(&x, guns), lost_by(&x, foot)),
                (g * per[0], i * per[1]),
                "{n} guns: {x:?}"
            );
            seen[k - 1] += 1;
        }
        assert!(seen[0] > 0 && seen[1] > 0, "{seen:?}");
    }
}

/// D-lb-10 for regiments: 400 and 250 men in the defending hex lose two increments both from
/// the 400 (300 left after the first is still the most), on every outcome where the defender
/// loses two and nobody fails a check.
#[test]
fn d_lb_10_two_increments_both_from_the_regiment_still_biggest() {
    let mut f = field();
    let dh = f.hex(15, 10);
    let big = f.add(1, inf(), dh, Facing::SW, 400);
    let small = f.add(1, inf(), dh, Facing::SW, 250);
    let a = f.attacker(0, inf(), dh, Facing::SW, 1300);
    let b = ab(&f, &decl(vec![a], dh));
    let mut seen = 0;
    for (x, w) in labataille::outcomes(&b) {
        let two = x.result.is_some_and(|r| r.increments()[1] == 2);
        if w <= 0.0 || !two || !x.failed_before.is_empty() || !x.failed_after.is_empty() {
            continue;
        }
        assert_eq!((lost_by(&x, big), lost_by(&x, small)), (200, 0), "{x:?}");
        seen += 1;
    }
    assert!(seen > 0);
}

/// D-lb-11: the checks after losses are only for a side that lost increments and has no chart
/// effect yet: on every outcome where the chart gave a side an effect (AR, AD; DD, DR), that
/// side rolls no after-loss check (stage 4 the attacker's, 3 the defender's).
#[test]
fn d_lb_11_no_after_loss_check_for_a_side_the_chart_already_moved() {
    use ChartResult::*;
    let mut met = [0, 0];
    for men in [150, 450, 1500] {
        let mut f = field();
        let dh = f.hex(15, 10);
        f.add(1, inf(), dh, Facing::SW, 300);
        let a = f.attacker(0, inf(), dh, Facing::SW, men);
        let d = decl(vec![a], dh);
        for (x, w) in labataille::outcomes(&ab(&f, &d)) {
            let Some(r) = x.result.filter(|_| w > 0.0) else {
                continue;
            };
            if matches!(r, AttackerRouted | AttackerDisrupted) {
                assert_eq!(x.rolls[4], None, "{men}: {x:?}");
                met[0] += 1;
            }
            if matches!(
                r,
                DefenderDisrupted | DefenderDisruptedBothLose | DefenderRouted
            ) {
                assert_eq!(x.rolls[3], None, "{men}: {x:?}");
                met[1] += 1;
            }
        }
    }
    assert!(met[0] > 0 && met[1] > 0, "{met:?}");
}

/// D-lb-7's chart strengths: each side's is its units' MV times their factors — a defender
/// Disordered counts half, an attack through the defender's flank double.
#[test]
fn d_lb_7_the_chart_strengths_are_mv_times_the_factors() {
    let mut f = field();
    let dh = f.hex(15, 10);
    let def = f.add(1, inf(), dh, Facing::N, 300);
    f.unit(def).disrupted = true;
    let a = f.attacker(0, inf(), dh, Facing::SE, 450);
    let b = ab(&f, &decl(vec![a], dh));
    let (ua, ud) = (&b.units[0], &b.units[1]);
    assert_eq!((ua.unit, ud.unit), (a, def));
    assert_eq!((ua.factor, ud.factor), (2.0, 0.5));
    let x = labataille::assault(&b, [36, 36, 36, 36, 36]);
    assert!(x.result.is_some(), "{x:?}");
    assert!((x.attack - ua.mv * 2.0).abs() < 1e-12, "{x:?}");
    assert!((x.defence - ud.mv * 0.5).abs() < 1e-12, "{x:?}");
}

/// §15.0 D-sys-6: La Bataille says its own distribution in a line, as the drag preview and the
/// pending melees show it: both sides' melee values, the pre-melee checks' roll modifiers, the
/// chance of each result, and of the melee ending before the chart.
#[test]
fn d_sys_6_la_bataille_words_its_own_odds() {
    let (f, d) = example();
    let board = f.board();
    let system = melee::system(&board.params);
    let b = system.breakdown(&board, &d);
    let o = labataille::assault_odds(b.detail.la_bataille().unwrap());
    // 450 men against 230 (D-lb-1 melee values); the defender checks at −3 for the ratio.
    assert_eq!(
        b.odds_words().expect("La Bataille words its odds"),
        "La Bataille MV 9.0:4.6, checks A +0 D -3: A wins 54%, none 18%, D wins 28%; D falls \
         back 56%, routs 0%, surrenders 0%; over before the chart 61%"
    );
    assert!((o.ended_before_chart - 0.61).abs() < 0.005, "{o:?}");
}
