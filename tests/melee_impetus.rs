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
    let only_defender = o.attacker_wins;
    let only_attacker = o.defender_wins;
    let neither = o.no_decision - o.both_move;
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
    let o = sys.odds(&b);
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
        let ib = b.impetus.as_deref().unwrap();
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
        let q = full.defender_retreats + full.defender_routs + full.defender_surrenders;
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

#[test]
fn impetus_plays_harpers_crossing_to_the_end_with_no_refused_order_and_replays() {
    let n = crate::common::computer_plays_to_the_end(MeleeSystemName::Impetus);
    assert!(n > 0, "the computer fought melees");
}
