//! RULES.md §15.1, Bodenstedt sector melee (seed 001): its numbers so far — troops, combat
//! values by hexside class, B2, the odds column and the defence bonus, the table (D-bod-7) and
//! the exact six-row odds, with the worked example. (Not yet selectable: its results are to be
//! applied by the melee-system seam in a later change.)

use bayonet::rules::hex::Facing;
use bayonet::rules::map::{SideFeature, Terrain};
use bayonet::rules::melee::Declaration;
use bayonet::rules::melee::EliminationReason;
use bayonet::rules::melee::bodenstedt::{
    self, BodenstedtParams, Cell, Letter, column, row_result, sector_breakdown, sector_odds,
};
use bayonet::rules::params::Parameters;
use bayonet::rules::unit::{CommandLevel, Crew, UnitId, UnitKind};

use crate::common::{Field, inf};

/// 450 men attack 230 through the defender's flank (SE of a hex facing N).
fn example() -> (Field, Declaration) {
    let mut f = Field::new(10, 8);
    let d = f.center();
    f.add(1, inf(), d, Facing::N, 230);
    let a = f.attacker(0, inf(), d, Facing::SE, 450);
    (
        f,
        Declaration {
            attackers: vec![a],
            defending_hex: d,
            follow_up: true,
        },
    )
}

#[test]
fn s15_1_worked_example_450_in_the_flank_of_230_in_a_town() {
    let (mut f, decl) = example();
    let b = sector_breakdown(&f.board(), &decl);
    assert_eq!(
        (b.attack_cv, b.defence_cv),
        (15, 3),
        "5 troops x 3; 3 troops x 1 (flank)"
    );
    assert_eq!(b.column, 5, "15:3 → 5:1");
    f.map.set_terrain(decl.defending_hex, Terrain::Town);
    let board = f.board();
    let b = sector_breakdown(&board, &decl);
    assert_eq!((b.raw_column, b.column), (5, 4), "in a town → 4:1");
    let r = row_result(&board, &b, 4).unwrap();
    assert_eq!(r.cell, Cell::parse("+2/-3 L/H").unwrap());
    // The defender loses 5 × 3 × 5 = 75 men and routs 3 hexes; the attacker 3 × 1 × 5 = 15.
    let loss = |id| r.losses.iter().find(|(u, _)| *u == id).unwrap().1;
    assert_eq!(loss(decl.attackers[0]), 15);
    let defender = board.units_at(decl.defending_hex).next().unwrap().id;
    assert_eq!(loss(defender), 75);
    assert_eq!(r.cell.defender_digit, -3);
    assert_eq!(r.cell.attacker_digit, 2);
}

#[test]
fn s15_1_troops_count_a_thinned_tray_in_full_batteries_by_two_guns() {
    let p = BodenstedtParams::default();
    let mut f = Field::new(10, 8);
    let d = f.center();
    let i = f.add(0, inf(), d, Facing::N, 230);
    let g = f.add(0, UnitKind::Artillery, d, Facing::N, 5);
    let w = f.add(0, UnitKind::Supply, d, Facing::N, 10);
    let l = f.add(0, UnitKind::Leader, d, Facing::N, 0);
    let b = f.board();
    let t = |id| bodenstedt::troops(&p, b.unit(id).unwrap());
    assert_eq!((t(i), t(g), t(w), t(l)), (3, 3, 0, 0));
    f.unit(g).crew = Crew::Spiked;
    assert_eq!(bodenstedt::troops(&p, f.board().unit(g).unwrap()), 0);
}

#[test]
fn s15_1_defender_cv_by_the_hexside_class_its_state_and_leaders() {
    // D-sys-3 classes for a unit facing N: front N, NE, NW; flank SE, SW; rear S.
    use bayonet::rules::melee::{Class, class};
    assert_eq!(class(Facing::N, Facing::NE), Class::Front);
    assert_eq!(class(Facing::N, Facing::SW), Class::Flank);
    assert_eq!(class(Facing::N, Facing::S), Class::Rear);
    assert_eq!(class(Facing::SE, Facing::N), Class::Flank);
    let cv_from = |side: Facing, routed: bool, isolated: bool| {
        let mut f = Field::new(10, 8);
        let d = f.center();
        let u = f.add(1, inf(), d, Facing::N, 300);
        f.unit(u).routed = routed;
        f.unit(u).isolated = isolated;
        let a = f.attacker(0, inf(), d, side, 300);
        let b = sector_breakdown(
            &f.board(),
            &Declaration {
                attackers: vec![a],
                defending_hex: d,
                follow_up: true,
            },
        );
        b.defence_cv
    };
    assert_eq!(cv_from(Facing::N, false, false), 9, "front: 3 a troop");
    assert_eq!(cv_from(Facing::S, false, false), 6, "rear: 2");
    assert_eq!(cv_from(Facing::SW, false, false), 3, "flank: 1");
    assert_eq!(cv_from(Facing::N, true, false), 3, "routed: 1");
    assert_eq!(cv_from(Facing::N, false, true), 3, "isolated: 1");
    assert_eq!(cv_from(Facing::N, true, true), 0, "both: 0");
    // The lowest class that applies: a flank and a rear attacker together give 1.
    let mut f = Field::new(10, 8);
    let d = f.center();
    f.add(1, inf(), d, Facing::N, 300);
    let a = f.attacker(0, inf(), d, Facing::S, 100);
    let b2 = f.attacker(0, inf(), d, Facing::SE, 100);
    let gl = f.attacker(0, UnitKind::Leader, d, Facing::S, 0);
    f.unit(gl).command = CommandLevel::Division;
    let dl = f.add(1, UnitKind::Leader, d, Facing::N, 0);
    let _ = dl;
    let b = sector_breakdown(
        &f.board(),
        &Declaration {
            attackers: vec![a, b2, gl],
            defending_hex: d,
            follow_up: true,
        },
    );
    assert_eq!(
        b.defence_cv,
        3 + 3,
        "3 troops x 1, and a brigade officer's 3"
    );
    assert_eq!(b.attack_cv, 3 + 3 + 5, "two troops, and a general's 5");
}

/// §15.1 rule B2: at most ten troops count from one attacking hex.
#[test]
fn b2_at_most_ten_troops_count_from_one_attacking_hex() {
    let mut f = Field::new(10, 8);
    let d = f.center();
    f.add(1, inf(), d, Facing::N, 300);
    let a = f.attacker(0, inf(), d, Facing::N, 700);
    let b = f.attacker(0, inf(), d, Facing::N, 600);
    let bd = sector_breakdown(
        &f.board(),
        &Declaration {
            attackers: vec![a, b],
            defending_hex: d,
            follow_up: true,
        },
    );
    let troops: Vec<u32> = bd.attackers.iter().map(|u| u.troops).collect();
    assert_eq!(troops, vec![7, 3], "13 troops, 10 count");
    assert_eq!(bd.attack_cv, 30);
}

#[test]
fn s15_1_columns_are_rounded_for_the_defender() {
    assert_eq!(column(15, 3), 5);
    assert_eq!(column(40, 3), 5, "≥5:1");
    assert_eq!(column(9, 4), 2, "9:4 → 2:1");
    assert_eq!(column(5, 5), 1);
    assert_eq!(column(4, 5), 0, "1:2 or worse");
    assert_eq!(column(5, 0), 5, "nothing to fight");
}

#[test]
fn s15_1_defence_bonus_one_column_for_wood_town_hill_or_brook_not_cumulative() {
    let (mut f, decl) = example();
    let col = |f: &Field| sector_breakdown(&f.board(), &decl).column;
    assert_eq!(col(&f), 5);
    let d = decl.defending_hex;
    f.map.set_elevation(d, 1);
    assert_eq!(col(&f), 4, "higher than every attacking hex");
    f.map.set_terrain(d, Terrain::Forest);
    assert_eq!(col(&f), 4, "not cumulative");
    f.map.set_elevation(d, 0);
    f.map.set_terrain(d, Terrain::Clear);
    f.feature(d, Facing::SE, SideFeature::Stream);
    assert_eq!(col(&f), 4, "the attacker crosses a brook");
}

#[test]
fn s15_1_odds_are_the_six_rows_of_the_column_exactly() {
    let (mut f, decl) = example();
    f.map.set_terrain(decl.defending_hex, Terrain::Town);
    let board = f.board();
    let b = sector_breakdown(&board, &decl);
    let o = sector_odds(&b);
    // Column 4:1: every row a negative defender digit: the attacker always wins.
    assert_eq!(o.attacker_wins, 1.0);
    assert_eq!(o.no_decision + o.defender_wins, 0.0);
    assert!(
        (o.defender_retreats - 2.0 / 6.0).abs() < 1e-12,
        "rows 1, 2: −1"
    );
    assert!(
        (o.defender_routs - 3.0 / 6.0).abs() < 1e-12,
        "rows 3–5: −2, −3, −3"
    );
    assert!(
        (o.defender_eliminated - 1.0 / 6.0).abs() < 1e-12,
        "row 6: E"
    );
    // Attacker: L, L, L, L (15 each), 0, 0 → 60/6; defender: M, M, H, H, H (50, 50, 75 ×3),
    // then ELIM of its 230 men.
    assert!(
        (o.expected_attacker_loss - 10.0).abs() < 1e-9,
        "{}",
        o.expected_attacker_loss
    );
    let want = (50.0 + 50.0 + 75.0 * 3.0 + 230.0) / 6.0;
    assert!(
        (o.expected_defender_loss - want).abs() < 1e-9,
        "{}",
        o.expected_defender_loss
    );
    assert_eq!(o.rows[5].cell.defender_letter, Letter::Elim);
    // A frontal 1:1: no decision on rows 1 and 4, … each row as the table has it.
    let mut f = Field::new(10, 8);
    let d = f.center();
    f.add(1, inf(), d, Facing::N, 300);
    let a = f.attacker(0, inf(), d, Facing::N, 300);
    let decl = Declaration {
        attackers: vec![a],
        defending_hex: d,
        follow_up: true,
    };
    let board = f.board();
    let b = sector_breakdown(&board, &decl);
    assert_eq!(b.column, 1);
    let o = sector_odds(&b);
    // 1:1 rows: −2/+2, −1/+1, −1/+1, 0/0, +1/−1, +2/−2.
    assert!((o.defender_wins - 3.0 / 6.0).abs() < 1e-12);
    assert!((o.no_decision - 1.0 / 6.0).abs() < 1e-12);
    assert!((o.attacker_wins - 2.0 / 6.0).abs() < 1e-12);
}

#[test]
fn s15_1_a_cavalryman_costs_two_factors_when_infantry_fights_beside_him() {
    let mut f = Field::new(10, 8);
    let d = f.center();
    f.add(1, inf(), d, Facing::N, 300);
    let c = f.attacker(0, UnitKind::Cavalry, d, Facing::N, 200);
    let i = f.attacker(0, inf(), d, Facing::NE, 200);
    let board = f.board();
    let decl = Declaration {
        attackers: vec![c, i],
        defending_hex: d,
        follow_up: true,
    };
    let b = sector_breakdown(&board, &decl);
    // 12:9 → 1:1; row 1: −2/+2 H/L: the attackers suffer H × 3 defending troops = 9 factors,
    // split 2:2 by troops as whole factors (D-cr-1: 4.5 each, the tie's extra factor to the
    // first, the cavalry): 5 and 4. The cavalry loses ⌊5 × 5 / 2⌋ = 12 men, the infantry 20.
    let r = row_result(&board, &b, 1).unwrap();
    let loss = |id| r.losses.iter().find(|(u, _)| *u == id).unwrap().1;
    assert_eq!((loss(i), loss(c)), (20, 12));
    // Cavalry alone (6:9, ≤1:2; row 1: −3/+3 H/L) pays one factor a man: 9 × 5 = 45.
    let decl = Declaration {
        attackers: vec![c],
        defending_hex: d,
        follow_up: true,
    };
    let b = sector_breakdown(&board, &decl);
    let r = row_result(&board, &b, 1).unwrap();
    assert_eq!(b.column, 0);
    assert_eq!(r.losses.iter().find(|(u, _)| *u == c).unwrap().1, 45);
}

#[test]
fn d_bod_7_the_shipped_table_is_the_rule_books() {
    // The Parameter Data file and the built-in defaults (what saves leave out) agree.
    let p = Parameters::defaults();
    assert_eq!(p.bodenstedt, BodenstedtParams::default());
    assert!(p.austerlitz.is_default());
    for (i, c) in p.bodenstedt.table.iter().enumerate() {
        Cell::parse(c).unwrap_or_else(|e| panic!("cell {i}: {e}"));
    }
    let e = Cell::parse("+2/−3 L/X").unwrap_err().to_string();
    assert!(e.contains("expected like `+2/-3 L/H`"), "{e}");
}

use bayonet::rules::melee::{self, MeleeSide};
use bayonet::rules::params::MeleeSystemName;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn chosen(f: &mut Field) {
    f.params.melee_system = MeleeSystemName::Bodenstedt;
}

/// The rules' chain for one melee (as the simulation runs it): breakdown, combat results,
/// morale, retreat, capture, advance.
fn fight(
    f: &Field,
    decl: &Declaration,
    seed: u64,
) -> (bayonet::rules::board::Board, melee::MeleeOutcome) {
    crate::common::settle(f, decl, seed)
}

/// §15.1 rule B1: foot may not attack mounted cavalry in the open unless it is isolated; in a town
/// or forest it may.
#[test]
fn b1_foot_may_not_attack_mounted_cavalry_in_the_open_unless_isolated() {
    let mut f = Field::new(10, 8);
    chosen(&mut f);
    let d = f.center();
    let c = f.add(1, UnitKind::Cavalry, d, Facing::S, 300);
    let a = f.attacker(0, inf(), d, Facing::N, 300);
    let decl = Declaration {
        attackers: vec![a],
        defending_hex: d,
        follow_up: true,
    };
    let codes = |f: &Field| -> Vec<(u8, String)> {
        let b = f.board();
        melee::system(&b.params)
            .check(&b, &decl)
            .into_iter()
            .map(|r| (r.rule, r.code))
            .collect()
    };
    assert_eq!(
        codes(&f),
        vec![(0, "B1".to_string())],
        "B1 replaces §9.1 rule 3"
    );
    f.map.set_terrain(d, Terrain::Town);
    assert!(codes(&f).is_empty(), "in a town it may");
    f.map.set_terrain(d, Terrain::Forest);
    assert!(codes(&f).is_empty(), "in a forest it may");
    f.map.set_terrain(d, Terrain::Clear);
    f.unit(c).isolated = true;
    assert!(codes(&f).is_empty(), "isolated cavalry may be attacked");
}

#[test]
fn s15_1_each_roll_applies_its_row_losses_digits_and_loser() {
    let (mut f, decl) = example();
    chosen(&mut f);
    let d = decl.defending_hex;
    let defender = f.units.iter().find(|u| u.hex == d).unwrap().id;
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..60 {
        let roll = ChaCha8Rng::seed_from_u64(seed).random_range(1..=6u8);
        let board0 = f.board();
        let b = sector_breakdown(&board0, &decl);
        let row = row_result(&board0, &b, roll).unwrap();
        let (board, out) = fight(&f, &decl, seed);
        assert_eq!(out.attacker_roll, roll as u32);
        let lost = |id| {
            out.losses
                .iter()
                .find(|l| l.unit == id)
                .map_or(0, |l| l.men)
        };
        for (id, men) in &row.losses {
            assert_eq!(lost(*id), *men, "seed {seed} roll {roll}");
        }
        // Each side's loss is its units' losses and the men of its units ELIM takes.
        assert_eq!(
            (out.attacker_loss, out.defender_loss),
            (row.attacker_total, row.defender_total),
            "seed {seed} roll {roll}"
        );
        let want = match (row.cell.attacker_digit < 0, row.cell.defender_digit < 0) {
            (false, true) => Some(MeleeSide::Defender),
            (true, false) => Some(MeleeSide::Attacker),
            _ => None,
        };
        assert_eq!(out.loser, want, "seed {seed} roll {roll}");
        let u = board.unit(defender);
        match row.cell.defender_digit {
            -1 => {
                let u = u.expect("a retreat is one hex");
                assert_eq!(bayonet::rules::hex::distance(u.hex, d), 1);
                assert!(!u.routed);
            }
            n if n <= -2 => {
                if row.eliminated.contains(&defender) {
                    assert!(u.is_none());
                } else {
                    let u = u.expect("routed, not taken");
                    assert!(u.routed, "seed {seed}: a rout");
                    assert_eq!(
                        bayonet::rules::hex::distance(u.hex, d),
                        n.unsigned_abs() as u32,
                        "seed {seed}"
                    );
                }
            }
            _ => assert_eq!(u.map(|u| u.hex), Some(d)),
        }
        // The digit is the morale: no §9.6 check now or at the end of the phase.
        assert!(out.morale.is_empty() && out.end_of_phase_checks.is_empty());
        seen.insert(roll);
    }
    assert_eq!(seen.len(), 6, "every row was rolled");
}

#[test]
fn d_bod_10_a_losing_attacker_is_every_unit_of_its_attacking_hex() {
    // 1:2 odds or worse (100 men against 300 in front): row 1 is −3/+3, a rout of 3 hexes.
    let mut f = Field::new(12, 10);
    chosen(&mut f);
    let d = f.hex(6, 4);
    f.add(1, inf(), d, Facing::S, 300);
    let a = f.attacker(0, inf(), d, Facing::S, 100);
    let ahex = f.units.iter().find(|u| u.id == a).unwrap().hex;
    let by = f.add(0, inf(), ahex, Facing::N, 200);
    let decl = Declaration {
        attackers: vec![a],
        defending_hex: d,
        follow_up: true,
    };
    let seed = (0..200)
        .find(|s| ChaCha8Rng::seed_from_u64(*s).random_range(1..=6u8) == 1)
        .unwrap();
    let (board, out) = fight(&f, &decl, seed);
    assert_eq!(out.loser, Some(MeleeSide::Attacker));
    for id in [a, by] {
        let u = board.unit(id).expect("it ran");
        assert!(u.routed, "unit {id} routs with its hex");
        assert_eq!(
            bayonet::rules::hex::distance(u.hex, d),
            4,
            "three hexes further away"
        );
    }
    // The beaten sector leaves the melees still pending: `by` was also committed elsewhere.
    let d2 = f.hex(9, 4);
    f.add(1, inf(), d2, Facing::S, 100);
    let other = f.attacker(0, inf(), d2, Facing::S, 300);
    let mut board = f.board();
    board.pending.push(Declaration {
        attackers: vec![by, other],
        defending_hex: d2,
        follow_up: true,
    });
    let sys = melee::system(&board.params);
    let b = sys.breakdown(&board, &decl);
    let mut r = melee::begin(&mut board, &decl, b);
    melee::combat_results(&mut board, &mut r, &mut ChaCha8Rng::seed_from_u64(seed));
    assert_eq!(board.pending[0].attackers, vec![other]);
}

#[test]
fn s15_1_exact_odds_match_10000_seeded_resolutions() {
    for frontal in [true, false] {
        let mut f = Field::new(10, 8);
        chosen(&mut f);
        let d = f.center();
        f.add(1, inf(), d, Facing::N, 400);
        let a = f.attacker(
            0,
            inf(),
            d,
            if frontal { Facing::N } else { Facing::SE },
            350,
        );
        let decl = Declaration {
            attackers: vec![a],
            defending_hex: d,
            follow_up: true,
        };
        let board = f.board();
        let sys = melee::system(&board.params);
        let exact = sys.breakdown(&board, &decl).odds();
        let n = 10_000u64;
        let (mut wins, mut lost_a, mut lost_d) = (0u32, 0f64, 0f64);
        for seed in 0..n {
            let (_, out) = fight(&f, &decl, seed);
            wins += u32::from(out.loser == Some(MeleeSide::Defender));
            lost_a += out.attacker_loss as f64;
            lost_d += out.defender_loss as f64;
        }
        let p = exact.attacker_win_probability;
        let seen = wins as f64 / n as f64;
        let sigma = (p * (1.0 - p) / n as f64).sqrt().max(1e-3);
        assert!((seen - p).abs() < 4.0 * sigma, "P(win) {p} seen {seen}");
        assert!((lost_a / n as f64 - exact.expected_attacker_loss).abs() < 1.0);
        assert!((lost_d / n as f64 - exact.expected_defender_loss).abs() < 1.5);
    }
}

/// §15.0 and §15.1: the computer plays a battle to its end under Bodenstedt, no order refused, and
/// the save replays.
#[test]
fn bodenstedt_plays_harpers_crossing_to_the_end_with_no_refused_order_and_replays() {
    let n = crate::common::computer_plays_to_the_end(MeleeSystemName::Bodenstedt);
    assert!(n > 0, "the computer fought melees");
}

/// The melee report names the system and shows its own breakdown: the CVs, the odds column
/// and the row the d6 gave.
#[cfg(feature = "client")]
/// §15.1 (D-sys-6): the melee report names the system and shows the CVs, the odds column and the
/// row rolled.
#[test]
fn the_report_shows_bodenstedts_cvs_column_and_row() {
    let (mut f, decl) = example();
    chosen(&mut f);
    f.map.set_terrain(decl.defending_hex, Terrain::Town);
    let (_, out) = fight(&f, &decl, 3);
    let battle = bayonet::sim::Table::new(f.scenario(), None);
    let names = f.units.iter().map(|u| (u.id, u.name.clone())).collect();
    let lines = bayonet::client::reports::report::melee_lines(&battle, &names, &out);
    let text = lines.join("\n");
    assert!(text.contains("(Bodenstedt melee system)"), "{text}");
    assert!(text.contains("CV 15: 5 troops x 3"), "{text}");
    assert!(
        text.contains("CV 3: 3 troops x 1 (attacked in the flank)"),
        "{text}"
    );
    assert!(
        text.contains("odds 15:3 -> 5:1 or better, town (one column left): 4:1"),
        "{text}"
    );
    assert!(
        text.contains(&format!("d6 {}: attacker", out.attacker_roll)),
        "{text}"
    );
}

/// The seed whose first d6 (the table's row) is `row`.
fn seed_for_row(row: u8) -> u64 {
    (0..500)
        .find(|s| ChaCha8Rng::seed_from_u64(*s).random_range(1..=6u8) == row)
        .unwrap()
}

/// D-bod-8: +n lets the committed attackers advance up to n hexes: the shared advance takes
/// the first (into the vacated hex), a player's orders the rest, one hex at a time, and a
/// step into an enemy zone of control after the first ends it.
#[test]
fn d_bod_8_a_winner_advances_up_to_n_hexes_stopping_in_enemy_zoc() {
    use bayonet::rules::advance;
    let mut f = Field::new(14, 10);
    chosen(&mut f);
    let d = f.hex(7, 4);
    f.add(1, inf(), d, Facing::S, 100);
    let a = f.attacker(0, inf(), d, Facing::S, 1000);
    let decl = Declaration {
        attackers: vec![a],
        defending_hex: d,
        follow_up: true,
    };
    // 30 : 3 is 5:1 or better; row 3 reads +2/-3.
    let (board, out) = fight(&f, &decl, seed_for_row(3));
    assert_eq!(out.loser, Some(MeleeSide::Defender));
    assert!(out.advanced.contains(&a));
    let u = board.unit(a).unwrap();
    assert_eq!((u.hex, u.marks.advance_left), (d, 1));
    let on = d + Facing::N.step();
    assert_eq!(advance::check(&board, a, on), None);
    let mut b2 = board.clone();
    advance::advance(&mut b2, a, on).unwrap();
    assert_eq!(b2.unit(a).unwrap().hex, on);
    let again = advance::check(&b2, a, on + Facing::N.step()).unwrap();
    assert!(again.contains("no advance left"), "{again}");
    // Not two hexes at once, nor into the enemy.
    assert!(advance::check(&board, a, on + Facing::N.step()).is_some());
    // Row 4 reads +3/-3: two hexes left after the first; an enemy's zone of control stops it.
    let mut g = Field::new(14, 10);
    chosen(&mut g);
    g.add(1, inf(), d, Facing::S, 100);
    let a = g.attacker(0, inf(), d, Facing::S, 1000);
    let watcher = d + Facing::N.step() + Facing::N.step();
    g.add(1, inf(), watcher, Facing::S, 300);
    let decl = Declaration {
        attackers: vec![a],
        defending_hex: d,
        follow_up: true,
    };
    let (mut board, _) = fight(&g, &decl, seed_for_row(4));
    assert_eq!(board.unit(a).unwrap().marks.advance_left, 2);
    advance::advance(&mut board, a, on).unwrap();
    assert!(board.in_enemy_zoc(on, board.unit(a).unwrap().side));
    assert_eq!(
        board.unit(a).unwrap().marks.advance_left,
        0,
        "stopped in enemy ZOC"
    );
    // A loser, or a unit that did not fight, has no advance.
    assert!(advance::check(&board, UnitId(1), on).is_some());
}

/// The Advance order through the simulation: a drag from the winners' hex to an empty
/// neighbour after the melee moves them on; one more than the digit allows is refused.
#[test]
fn d_bod_8_the_advance_order_in_the_game() {
    use bayonet::rules::event::Event;
    use bayonet::rules::order::{self, At, Order};
    let mut f = Field::new(14, 10);
    chosen(&mut f);
    let d = f.hex(7, 4);
    f.add(1, inf(), d, Facing::S, 100);
    let a = f.attacker(0, inf(), d, Facing::S, 1000);
    let from = f.units[1].hex;
    for seed in 1..200 {
        let mut game = crate::common::table(f.scenario(), seed);
        let drag = crate::common::drag_on(&game.board, from, d);
        game.give(&drag).unwrap();
        let resolved = game.give(&Order::Resolve).unwrap().events;
        let done = resolved
            .iter()
            .filter(|e| matches!(e, Event::MeleeResolved(_)))
            .count();
        let u = game.board.unit(a).cloned();
        let Some(u) = u.filter(|u| u.marks.advance_left == 1 && u.hex == d) else {
            continue;
        };
        assert_eq!(done, 1);
        let on = d + Facing::N.step();
        let orders = order::drag_orders(&game.board, d, on);
        assert_eq!(
            orders,
            vec![Order::Advance {
                unit: u.id,
                to: At::of(&game.board, on)
            }]
        );
        for o in orders {
            game.give(&o).unwrap();
        }
        assert_eq!(game.board.unit(a).unwrap().hex, on);
        let beyond = Order::Advance {
            unit: a,
            to: At::of(&game.board, on + Facing::N.step()),
        };
        let refused = game.give(&beyond).unwrap_err();
        assert_eq!(refused.len(), 1, "{refused:?}");
        assert!(refused[0].to_string().contains("no advance left"));
        return;
    }
    panic!("no seed gave a +2 row");
}

/// D-bod-8's Advance, each refusal with its reason; the first step may enter an enemy zone of
/// control without stopping; an advance takes an objective; routed or spent units do not
/// advance.
#[test]
fn d_bod_8_advance_refusals_first_step_and_objectives() {
    use bayonet::rules::advance;
    let mut f = Field::new(14, 10);
    let d = f.hex(7, 4);
    let u = f.add(0, inf(), d, Facing::N, 300);
    f.unit(u).marks.advance_left = 2;
    let enemy = d + Facing::N.step() + Facing::N.step();
    f.add(1, inf(), enemy, Facing::S, 300);
    let n = d + Facing::N.step();
    f.map.set_terrain(d + Facing::NE.step(), Terrain::Blocked);
    f.add(1, inf(), d + Facing::SE.step(), Facing::N, 100);
    // A unit beside it that won nothing does not advance.
    f.add(0, inf(), d, Facing::N, 50);
    let crowd = d + Facing::S.step();
    f.add(0, inf(), crowd, Facing::N, 1500);
    let b = f.board();
    let why = |to| advance::check(&b, u, to).unwrap_or_default();
    assert!(why(enemy).contains("one hex at a time"), "{}", why(enemy));
    assert!(why(d + Facing::NE.step()).contains("cannot enter that ground"));
    assert!(why(d + Facing::SE.step()).contains("does not enter the enemy"));
    assert!(why(crowd).contains("would overstack"), "{}", why(crowd));
    assert_eq!(advance::check(&b, u, n), None);
    assert_eq!(
        advance::advancing(&b, d, bayonet::rules::unit::Side(0)),
        vec![u]
    );
    assert!(advance::advancing(&b, d, bayonet::rules::unit::Side(1)).is_empty());
    // The first step into the enemy's zone of control goes on; an objective there is taken.
    let mut g = f;
    g.map.objectives.push(bayonet::rules::map::Objective {
        hex: n,
        name: "Knoll".into(),
        points: 50,
        owner: None,
        since: None,
    });
    let mut b = g.board();
    assert!(b.in_enemy_zoc(n, bayonet::rules::unit::Side(0)));
    advance::advance(&mut b, u, n).unwrap();
    let m = b.unit(u).unwrap().marks;
    assert_eq!(
        (m.advance_left, m.advance_steps),
        (1, 1),
        "the first step does not stop"
    );
    assert_eq!(
        b.map.objectives[0].owner,
        Some(bayonet::rules::unit::Side(0))
    );
    // Routed, it does not advance at all.
    let mut r = g.board();
    r.unit_mut(u).unwrap().routed = true;
    assert!(advance::check(&r, u, n).unwrap().contains("is routed"));
    assert!(advance::advancing(&r, d, bayonet::rules::unit::Side(0)).is_empty());
    // The shared advance's step counts against it.
    let mut s = g.board();
    advance::stepped(&mut s, u);
    let m = s.unit(u).unwrap().marks;
    assert_eq!((m.advance_left, m.advance_steps), (1, 1));
}

/// An outcome to collect `fall_back_by`'s retreats and eliminations in (any melee's, emptied).
fn empty_outcome() -> melee::MeleeOutcome {
    let (f, decl) = example();
    let (_, mut out) = crate::common::settle(&f, &decl, 1);
    out.retreats.clear();
    out.eliminated.clear();
    out
}

/// D-sys-5: *Retreat m MP* spends terrain costs (clear ground is 2 MP to line infantry) and
/// takes at least one step; *Retreat n* takes n steps. Each step here goes one hex farther
/// from the enemy, so the distance counts the steps.
#[test]
fn d_sys_5_a_retreat_of_m_mp_spends_terrain_costs_and_takes_at_least_one_step() {
    use bayonet::rules::hex::distance;
    use bayonet::rules::melee::{Budget, fall_back_by};
    let mut f = Field::new(14, 8);
    let from = f.hex(3, 3);
    let enemy = from + Facing::NW.step();
    let u = f.add(1, inf(), from, Facing::NW, 300);
    let steps = |budget: Budget| {
        let mut board = f.board();
        let mut out = empty_outcome();
        let end = fall_back_by(&mut board, u, &[enemy], budget, false, &mut out)
            .expect("open ground behind: no surrender");
        assert_eq!(board.unit(u).map(|x| x.hex), Some(end));
        let moved = distance(enemy, end) - 1;
        assert_eq!(out.retreats.len(), usize::from(moved > 0), "{budget:?}");
        moved
    };
    assert_eq!(steps(Budget::Mp(4)), 2, "2 + 2 MP is exactly the budget");
    assert_eq!(steps(Budget::Mp(5)), 2, "a third hex would cost 6");
    assert_eq!(steps(Budget::Mp(3)), 1, "a second hex would cost 4");
    assert_eq!(
        steps(Budget::Mp(1)),
        1,
        "the first step is taken whatever it costs"
    );
    assert_eq!(steps(Budget::Mp(0)), 1);
    assert_eq!(steps(Budget::Mp(6)), 3);
    assert_eq!(steps(Budget::Hexes(3)), 3);
    assert_eq!(steps(Budget::Hexes(1)), 1);
    assert_eq!(steps(Budget::AllOf(4)), 4);
    // Forest costs line infantry 5: a 4 MP retreat into it stops after that one hex.
    let mut forest = f.board();
    for h in forest.map.hexes().collect::<Vec<_>>() {
        if h != from {
            forest.map.set_terrain(h, Terrain::Forest);
        }
    }
    let into_forest = |mp| {
        let mut board = forest.clone();
        let end = fall_back_by(
            &mut board,
            u,
            &[enemy],
            Budget::Mp(mp),
            false,
            &mut empty_outcome(),
        );
        end.map(|e| distance(enemy, e) - 1)
    };
    assert_eq!(into_forest(9), Some(1), "5 + 5 MP is over 9");
    assert_eq!(into_forest(10), Some(2), "5 + 5 MP is 10");
}

/// D-sys-5: no legal first step is surrender (eliminated, captured); blocked later the retreat
/// (or Bodenstedt's rout) stops where it is, but La Bataille's rout of exactly n hexes
/// (`AllOf`) surrenders when it cannot finish. The unit stands in water it cannot re-enter,
/// with one dry hex beside it that leads nowhere.
#[test]
fn d_sys_5_no_first_step_surrenders_blocked_later_stops_unless_it_must_finish() {
    use bayonet::rules::melee::{Budget, fall_back_by};
    let mut f = Field::new(10, 8);
    let from = f.center();
    let dry = from + Facing::SE.step();
    for h in f.map.hexes().collect::<Vec<_>>() {
        if h != dry {
            f.map.set_terrain(h, Terrain::Water);
        }
    }
    let enemy = from + Facing::NW.step();
    let u = f.add(1, inf(), from, Facing::NW, 300);
    let run = |f: &Field, budget: Budget, rout: bool| {
        let mut board = f.board();
        let mut out = empty_outcome();
        let end = fall_back_by(&mut board, u, &[enemy], budget, rout, &mut out);
        (board, out, end)
    };
    for (budget, rout) in [
        (Budget::Hexes(3), false),
        (Budget::Hexes(3), true),
        (Budget::Mp(6), false),
    ] {
        let (board, out, end) = run(&f, budget, rout);
        assert_eq!(
            end,
            Some(dry),
            "{budget:?}: stops after the one step it has"
        );
        let x = board.unit(u).expect("not surrendered");
        assert_eq!((x.hex, x.routed), (dry, rout));
        assert!(out.eliminated.is_empty());
        assert_eq!(
            out.retreats
                .iter()
                .map(|r| (r.unit, r.from, r.to))
                .collect::<Vec<_>>(),
            [(u, from, dry)]
        );
    }
    let (board, out, end) = run(&f, Budget::AllOf(3), true);
    assert_eq!(end, None, "La Bataille's rout cannot finish its hexes");
    assert!(board.unit(u).is_none());
    let e = &out.eliminated[..];
    assert_eq!(e.len(), 1);
    assert_eq!((e[0].unit, e[0].captured, e[0].men), (u, true, 300));
    assert_eq!(e[0].reason, EliminationReason::NoWayToRun);
    // With the dry hex flooded too there is no first step at all.
    let mut shut = Field::new(10, 8);
    shut.adopt(&f.board());
    shut.map.set_terrain(dry, Terrain::Water);
    for (budget, rout, why) in [
        (Budget::Hexes(2), false, EliminationReason::NoHexToRetreatTo),
        (Budget::Mp(3), false, EliminationReason::NoHexToRetreatTo),
        (Budget::Hexes(2), true, EliminationReason::NoWayToRun),
    ] {
        let (board, out, end) = run(&shut, budget, rout);
        assert_eq!(end, None, "{budget:?}");
        assert!(board.unit(u).is_none());
        assert_eq!(out.eliminated.len(), 1);
        assert_eq!(
            (out.eliminated[0].unit, out.eliminated[0].captured),
            (u, true)
        );
        assert_eq!(out.eliminated[0].reason, why);
        assert!(out.retreats.is_empty());
    }
}

/// §15.1 letters with D-cr-1: a side's casualty factors are split over its units by troops as
/// whole factors, by largest remainder, and only then turned into men, so the side loses what
/// the table says.
#[test]
fn s15_1_letters_split_whole_factors_by_largest_remainder() {
    let mut f = Field::new(10, 8);
    let d = f.center();
    let ids: Vec<UnitId> = (0..3).map(|_| f.add(1, inf(), d, Facing::N, 100)).collect();
    let a = f.attacker(0, inf(), d, Facing::N, 500);
    chosen(&mut f);
    f.params.bodenstedt.table = vec!["0/0 L/L".to_string(); 36];
    let board = f.board();
    let decl = Declaration {
        attackers: vec![a],
        defending_hex: d,
        follow_up: true,
    };
    let b = sector_breakdown(&board, &decl);
    let r = row_result(&board, &b, 3).unwrap();
    let loss = |id| r.losses.iter().find(|(u, _)| *u == id).unwrap().1;
    // 5 attacking troops × L (1) = 5 factors over three troops: 2, 2, 1 → 10, 10, 5 men. A
    // share of 1⅔ factors each, floored as men, would lose 8 each: 24, not the table's 25.
    let lost: Vec<u32> = ids.iter().map(|id| loss(*id)).collect();
    assert_eq!(lost, [10, 10, 5]);
    assert_eq!(r.defender_total, 25);
    // 3 defending troops × L = 3 factors, all on the one attacker: 15 men.
    assert_eq!(loss(a), 15);
}

/// §15.1: losses are split over a side's units by troops, so a leader and a wagon (no troops)
/// are not among the units that lose men on any row, though they stand in the hex.
#[test]
fn s15_1_units_without_troops_take_no_share_of_a_rows_losses() {
    let (mut f, decl) = example();
    let d = decl.defending_hex;
    let leader = f.add(1, UnitKind::Leader, d, Facing::N, 0);
    let wagon = f.add(1, UnitKind::Supply, d, Facing::N, 20);
    let board = f.board();
    let b = sector_breakdown(&board, &decl);
    let listed: Vec<(UnitId, u32)> = b.defenders.iter().map(|u| (u.unit, u.troops)).collect();
    assert!(
        listed.contains(&(leader, 0)) && listed.contains(&(wagon, 0)),
        "{listed:?}"
    );
    let defender = b.defenders[0].unit;
    let mut rows_with_losses = 0;
    for roll in 1..=6 {
        let r = row_result(&board, &b, roll).expect("a table row");
        let ids: Vec<UnitId> = r.losses.iter().map(|(id, _)| *id).collect();
        assert_eq!(ids, [decl.attackers[0], defender], "row {roll}");
        rows_with_losses += usize::from(r.losses.iter().any(|(_, m)| *m > 0));
    }
    assert_eq!(rows_with_losses, 6);
}

/// The Bodenstedt field of the worked example with every cell of the table (Parameter Data,
/// D-bod-7) set to `cell`, so that any roll reads it.
fn every_row(cell: &str) -> (Field, Declaration) {
    let (mut f, decl) = example();
    chosen(&mut f);
    f.params.bodenstedt.table = vec![cell.to_string(); 36];
    (f, decl)
}

/// D-bod-7 (the table is Parameter Data) with §15.1's ELIM: a table that eliminates the
/// attacker takes every attacker as captured and counts all its men as the attackers' loss.
#[test]
fn d_bod_7_an_attacker_elim_counts_all_its_men_as_the_attackers_loss() {
    let (f, decl) = every_row("-1/+1 E/L");
    let a = decl.attackers[0];
    let (board, out) = crate::common::combat_results(f.board(), &decl, 3);
    assert!(board.unit(a).is_none());
    assert_eq!(out.attacker_loss, 450);
    assert_eq!(out.loser, Some(MeleeSide::Attacker));
    let e: Vec<_> = out
        .eliminated
        .iter()
        .map(|e| (e.unit, e.captured, e.men))
        .collect();
    assert_eq!(e, [(a, true, 450)]);
    assert_eq!(out.eliminated[0].reason, EliminationReason::Elim);
}

/// D-bod-8: only a winning attacker's +n grants an advance of n. A +2 with no decision (no
/// negative digit on either side) grants nothing, and a defender beaten while the attacker's
/// digit is 0 leaves the advance an attacker already had as it was.
#[test]
fn d_bod_8_an_advance_only_for_a_winning_attacker_with_a_plus_digit() {
    let left = |cell: &str, before: u32| {
        let (mut f, decl) = every_row(cell);
        let a = decl.attackers[0];
        f.unit(a).marks.advance_left = before;
        let (board, out) = crate::common::combat_results(f.board(), &decl, 3);
        (
            out.loser,
            board.unit(a).expect("it won or drew").marks.advance_left,
        )
    };
    assert_eq!(left("+2/-1 L/L", 0), (Some(MeleeSide::Defender), 2));
    assert_eq!(left("+2/-1 L/L", 5), (Some(MeleeSide::Defender), 2));
    assert_eq!(left("+2/0 L/L", 0), (None, 0), "no decision: no advance");
    assert_eq!(
        left("0/-1 L/L", 1),
        (Some(MeleeSide::Defender), 1),
        "+0 grants nothing"
    );
}

/// §15.1 with D-cap-1: a routing defender runs its hexes at once, but unlimbered guns with it
/// never retreat: they stay in the hex for the capture step.
#[test]
fn s15_1_a_routing_defenders_unlimbered_guns_stay_for_the_capture_step() {
    let (mut f, decl) = every_row("+1/-3 L/L");
    let d = decl.defending_hex;
    let guns = f.add(1, UnitKind::Artillery, d, Facing::N, 2);
    let (board, out) = crate::common::combat_results(f.board(), &decl, 3);
    let foot = board
        .units
        .iter()
        .find(|u| u.side.0 == 1 && u.kind == UnitKind::Infantry);
    let foot = foot.expect("the infantry ran");
    assert!(foot.routed);
    assert_eq!(bayonet::rules::hex::distance(foot.hex, d), 3);
    let g = board.unit(guns).expect("the guns stay");
    assert_eq!((g.hex, g.routed), (d, false));
    assert!(out.retreats.iter().all(|r| r.unit != guns));
}

/// D-bod-10: a sector that is not beaten (attacker digit 0, no decision) stays in the melees
/// still waiting, and does not move.
#[test]
fn d_bod_10_a_drawn_sector_keeps_its_other_pending_melees() {
    let (mut f, decl) = every_row("0/0 L/L");
    let a = decl.attackers[0];
    let ahex = f.units.iter().find(|u| u.id == a).unwrap().hex;
    let by = f.add(0, inf(), ahex, Facing::N, 200);
    let d2 = ahex + Facing::S.step() + Facing::S.step();
    f.add(1, inf(), d2, Facing::N, 100);
    let mut board = f.board();
    board.pending.push(Declaration {
        attackers: vec![by],
        defending_hex: d2,
        follow_up: true,
    });
    let (after, out) = crate::common::combat_results(board, &decl, 3);
    assert_eq!(out.loser, None);
    assert_eq!(after.pending[0].attackers, vec![by]);
    assert_eq!(after.unit(a).map(|u| u.hex), Some(ahex));
    assert!(out.retreats.is_empty());
}
