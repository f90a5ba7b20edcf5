//! Exact odds against the dice; benchmarks live in `benches/melee.rs`.

use bayonet::rules::hex::Facing;
use bayonet::rules::melee::{self, Declaration, MeleeSide, loser, odds};
use bayonet::rules::unit::UnitKind;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::common::{Field, big_melee, inf};

#[test]
fn exact_odds_agree_with_20000_resolutions() {
    let (f, decl) = big_melee();
    let board = f.board();
    assert!(melee::check(&board, &decl).is_empty());
    let b = melee::breakdown(&board, &decl);
    let o = odds(&b);
    let n = 20_000;
    let mut wins = 0;
    let (mut att, mut def) = (0u64, 0u64);
    for seed in 0..n {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut copy = board.clone();
        let out = melee::resolve(&mut copy, &decl, &mut rng);
        if out.loser == Some(MeleeSide::Defender) {
            wins += 1;
        }
        att += out.attacker_loss as u64;
        def += out.defender_loss as u64;
    }
    let p = wins as f64 / n as f64;
    assert!(
        (p - o.attacker_win_probability).abs() < 0.01,
        "sampled {p}, exact {}",
        o.attacker_win_probability
    );
    assert!((att as f64 / n as f64 - o.expected_attacker_loss).abs() < 0.5);
    assert!((def as f64 / n as f64 - o.expected_defender_loss).abs() < 0.5);
}

#[test]
fn odds_of_the_seed_example_agree_with_the_dice() {
    let mut f = Field::new(10, 8);
    let d = f.center();
    f.add(1, inf(), d, Facing::SW, 230);
    let a = f.attacker(0, inf(), d, Facing::SW, 450);
    f.unit(a).marks.fired = true;
    let decl = Declaration {
        attackers: vec![a],
        defending_hex: d,
    };
    let board = f.board();
    let o = odds(&melee::breakdown(&board, &decl));
    assert!((o.expected_defender_loss - 33.75).abs() < 1e-9);
    assert!((o.expected_attacker_loss - 28.75).abs() < 1e-9);
    let n = 20_000;
    let wins = (0..n)
        .filter(|seed| {
            let mut copy = board.clone();
            let out = melee::resolve(&mut copy, &decl, &mut ChaCha8Rng::seed_from_u64(*seed));
            out.loser == Some(MeleeSide::Defender)
        })
        .count();
    assert!((wins as f64 / n as f64 - o.attacker_win_probability).abs() < 0.01);
}

#[test]
fn the_defender_wins_ties() {
    assert_eq!(loser(10, 10), MeleeSide::Attacker);
    assert_eq!(loser(0, 0), MeleeSide::Attacker);
    assert_eq!(loser(9, 10), MeleeSide::Defender);
    // Zero against zero strength: both lose nothing; the attacker can never win.
    let mut f = Field::new(10, 8);
    let d = f.center();
    f.add(1, UnitKind::Supply, d, Facing::SW, 10);
    let a = f.attacker(0, inf(), d, Facing::SW, 10);
    f.unit(a).fatigue = 900;
    f.unit(a).men = 1;
    let b = melee::breakdown(
        &f.board(),
        &Declaration {
            attackers: vec![a],
            defending_hex: d,
        },
    );
    // 1 man × 0.6 × 1.1: defender loses 0.0165–0.0825, rounds to 0 or 1; attacker loses 0.
    let o = odds(&b);
    let p_def_loses_one = (0.0165 + 0.0825) / 2.0;
    assert!((o.attacker_win_probability - p_def_loses_one).abs() < 1e-9);
}

#[test]
fn a_side_cannot_lose_more_than_it_has() {
    // D-cr-2: 40 men attacked by 1000: the defender's loss is capped at 40, so the attacker's
    // odds count the capped loss.
    let mut f = Field::new(10, 8);
    let d = f.center();
    f.add(1, inf(), d, Facing::SW, 40);
    let a = f.attacker(0, inf(), d, Facing::SW, 1000);
    let b = melee::breakdown(
        &f.board(),
        &Declaration {
            attackers: vec![a],
            defending_hex: d,
        },
    );
    let o = odds(&b);
    assert!(o.expected_defender_loss <= 40.0 + 1e-9);
    assert!(b.defender_loss_range[1] > 40.0);
}
