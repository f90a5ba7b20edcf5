//! RULES.md §15.1, Bodenstedt sector melee (seed 001): its numbers so far — troops, combat
//! values by hexside class, B2, the odds column and the defence bonus, the table (D-bod-7) and
//! the exact six-row odds, with the worked example. (Not yet selectable: its results are to be
//! applied by the melee-system seam in a later change.)

use bayonet::rules::hex::Facing;
use bayonet::rules::map::{SideFeature, Terrain};
use bayonet::rules::melee::Declaration;
use bayonet::rules::melee::bodenstedt::{
    self, BodenstedtParams, Cell, Letter, column, row_result, sector_breakdown, sector_odds,
};
use bayonet::rules::params::Parameters;
use bayonet::rules::unit::{Command, Crew, UnitKind};

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
        "5 troops × 3; 3 troops × 1 (flank)"
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
    use bodenstedt::{Class, class};
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
    f.unit(gl).command = Command::Division;
    let dl = f.add(1, UnitKind::Leader, d, Facing::N, 0);
    let _ = dl;
    let b = sector_breakdown(
        &f.board(),
        &Declaration {
            attackers: vec![a, b2, gl],
            defending_hex: d,
        },
    );
    assert_eq!(
        b.defence_cv,
        3 + 3,
        "3 troops × 1, and a brigade officer's 3"
    );
    assert_eq!(b.attack_cv, 3 + 3 + 5, "two troops, and a general's 5");
}

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
    let o = sector_odds(&board, &b).unwrap();
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
    };
    let board = f.board();
    let b = sector_breakdown(&board, &decl);
    assert_eq!(b.column, 1);
    let o = sector_odds(&board, &b).unwrap();
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
    };
    let b = sector_breakdown(&board, &decl);
    // 12:9 → 1:1; row 1: −2/+2 H/L: the attackers suffer H × 3 defending troops = 9 factors,
    // split 2:2 by troops → 4.5 each; the infantry loses 22 men, the cavalry 11.
    let r = row_result(&board, &b, 1).unwrap();
    let loss = |id| r.losses.iter().find(|(u, _)| *u == id).unwrap().1;
    assert_eq!((loss(i), loss(c)), (22, 11));
    // Cavalry alone (6:9, ≤1:2; row 1: −3/+3 H/L) pays one factor a man: 9 × 5 = 45.
    let decl = Declaration {
        attackers: vec![c],
        defending_hex: d,
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
    assert!(Cell::parse("+2/−3 L/X").is_err());
}
