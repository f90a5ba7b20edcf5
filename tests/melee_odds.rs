//! Exact odds against the dice; benchmarks live in `benches/melee.rs`.

use bayonet::rules::hex::Facing;
use bayonet::rules::melee::{self, Declaration, MeleeSide, loser, odds};
use bayonet::rules::unit::UnitKind;

use crate::common::{Field, big_melee, fire_spent, fought, inf};

/// §9.4 with §8: the exact odds (P(attacker wins), expected losses) of a melee with modifiers agree
/// with 20,000 seeded resolutions.
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
        let mut copy = fire_spent(board.clone());
        let out = fought(&mut copy, &decl, seed);
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

/// §9.4's seed example: 450 men (who have fired) attack 230 frontally in the open.
fn seed_example() -> (Field, Declaration) {
    let mut f = Field::new(10, 8);
    let d = f.center();
    f.add(1, inf(), d, Facing::SW, 230);
    let a = f.attacker(0, inf(), d, Facing::SW, 450);
    f.unit(a).marks.fired = true;
    let decl = Declaration {
        attackers: vec![a],
        defending_hex: d,
        follow_up: true,
    };
    (f, decl)
}

/// §9.4: the seed example's exact odds (expected losses 33.75 and 28.75) agree with the dice.
#[test]
fn odds_of_the_seed_example_agree_with_the_dice() {
    let (f, decl) = seed_example();
    let board = f.board();
    let o = odds(&melee::breakdown(&board, &decl));
    assert!((o.expected_defender_loss - 33.75).abs() < 1e-9);
    assert!((o.expected_attacker_loss - 28.75).abs() < 1e-9);
    let n = 20_000;
    let wins = (0..n)
        .filter(|seed| {
            let mut copy = fire_spent(board.clone());
            let out = fought(&mut copy, &decl, *seed);
            out.loser == Some(MeleeSide::Defender)
        })
        .count();
    assert!((wins as f64 / n as f64 - o.attacker_win_probability).abs() < 0.01);
}

/// §9.4: the loser is the side with the greater loss and the defender wins ties, in `loser` and in
/// the odds.
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
            follow_up: true,
        },
    );
    // 1 man × 0.6 × 1.1: defender loses 0.0165–0.0825, rounds to 0 or 1; attacker loses 0.
    let o = odds(&b);
    let p_def_loses_one = (0.0165 + 0.0825) / 2.0;
    assert!((o.attacker_win_probability - p_def_loses_one).abs() < 1e-9);
}

/// D-cr-2: 40 men attacked by 1000: the defender's loss is capped at 40, so the attacker's
/// odds count the capped loss.
#[test]
fn a_side_cannot_lose_more_than_it_has() {
    let mut f = Field::new(10, 8);
    let d = f.center();
    f.add(1, inf(), d, Facing::SW, 40);
    let a = f.attacker(0, inf(), d, Facing::SW, 1000);
    let b = melee::breakdown(
        &f.board(),
        &Declaration {
            attackers: vec![a],
            defending_hex: d,
            follow_up: true,
        },
    );
    let o = odds(&b);
    assert!(o.expected_defender_loss <= 40.0 + 1e-9);
    assert!(b.defender_loss_range[1] > 40.0);
}

/// Resolves `decl` on `s` `n` times through the game's interpreter, each with its own seed,
/// from the same start: how often the attacker won, the melee was called off, and an attacker
/// dropped.
fn through_the_sim(
    s: bayonet::rules::scenario::Scenario,
    decl: &Declaration,
    n: u64,
) -> (f64, f64, f64) {
    use bayonet::rules::event::{MeleeCalledOff, MeleeResolved};
    use bayonet::rules::order::{At, Order};
    let (mut won, mut off, mut dropped) = (0, 0, 0);
    for seed in 0..n {
        let mut game = crate::common::table(s.clone(), seed);
        let at = At::of(&game.board, decl.defending_hex);
        let mut events = Vec::new();
        for o in [
            Order::Melee {
                from: Vec::new(),
                units: decl.attackers.clone(),
                at,
                follow_up: true,
            },
            Order::Resolve,
        ] {
            events.extend(game.give(&o).unwrap().events);
        }
        let mut c = 0;
        for e in &events {
            if let Some(m) = e.kind::<MeleeResolved>() {
                won += (m.0.loser == Some(MeleeSide::Defender)) as u32;
                dropped += (m.0.declaration.attackers.len() < decl.attackers.len()) as u32;
            }
            c += e.kind::<MeleeCalledOff>().is_some() as u32;
        }
        off += c;
        dropped += c;
    }
    let n = n as f64;
    (won as f64 / n, off as f64 / n, dropped as f64 / n)
}

/// The three figures the fire decides, of two answers side by side: the attacker wins, the
/// melee is called off, some attackers drop out.
fn figures(a: &melee::WholeOdds, b: &melee::WholeOdds) -> [(f64, f64); 3] {
    [
        (a.attacker_win_probability, b.attacker_win_probability),
        (a.called_off_probability, b.called_off_probability),
        (a.attackers_drop_probability, b.attackers_drop_probability),
    ]
}

/// The odds the window shows (`whole_odds`) are the exact ones within the work budget, and
/// beyond it a sample of the fire within three standard errors of them in each figure.
fn assert_sampled_within_reach(shown: &melee::WholeOdds, exact: &melee::WholeOdds) {
    assert!(exact.exact, "{exact:?}");
    if shown.exact {
        assert_eq!(shown, exact);
        return;
    }
    assert_eq!(shown.states, 0, "{shown:?}");
    assert_eq!(shown.melee_only_probability, exact.melee_only_probability);
    let n = melee::WHOLE_ODDS_SAMPLES as f64;
    for (a, b) in figures(shown, exact) {
        let se = (b * (1.0 - b) / n).sqrt().max(1.0 / n);
        assert!(
            (a - b).abs() <= 3.0 * se,
            "sampled {a} vs exact {b}: {shown:?} {exact:?}"
        );
    }
}

fn assert_whole_odds_match(s: bayonet::rules::scenario::Scenario, decl: Declaration, n: u64) {
    let mut board = s.board();
    board.acting = s.first_side;
    let w = melee::whole_odds_exact(&board, &decl);
    assert_sampled_within_reach(&melee::whole_odds(&board, &decl), &w);
    let (won, off, dropped) = through_the_sim(s, &decl, n);
    eprintln!(
        "exact: wins {:.4} (melee only {:.4}), called off {:.4}, drops {:.4}, {} states; \
         {n} resolutions: wins {won:.4}, called off {off:.4}, drops {dropped:.4}",
        w.attacker_win_probability,
        w.melee_only_probability,
        w.called_off_probability,
        w.attackers_drop_probability,
        w.states
    );
    // Four standard errors of a proportion over 10,000 trials at most.
    let tol = 0.02;
    assert!(
        (w.attacker_win_probability - won).abs() < tol,
        "wins: exact {} vs {won} in {n}; {w:?}",
        w.attacker_win_probability
    );
    assert!(
        (w.called_off_probability - off).abs() < tol,
        "called off: exact {} vs {off}; {w:?}",
        w.called_off_probability
    );
    assert!(
        (w.attackers_drop_probability - dropped).abs() < tol,
        "drops: exact {} vs {dropped}; {w:?}",
        w.attackers_drop_probability
    );
    // The probabilities of the whole resolution add up.
    assert!(w.attacker_win_probability + w.called_off_probability <= 1.0 + 1e-9);
}

/// §1 and §9.4: the whole resolution's odds (defensive fire first, then the melee) agree with
/// 10,000 resolutions of the seed example.
#[test]
fn whole_resolution_odds_agree_with_10000_resolutions_of_the_seed_example() {
    // Seed 000's worked example: 450 attack 230 (4,4 on 5,4); the defenders fire first.
    let s = bayonet::rules::scenario::parse(
        "maps/test_melee.ron",
        include_str!("../maps/test_melee.ron"),
    )
    .unwrap();
    let board = s.board();
    let from = s.map.hex_at(bayonet::rules::map::Coord { col: 4, row: 4 });
    let d = s.map.hex_at(bayonet::rules::map::Coord { col: 5, row: 4 });
    let decl = Declaration {
        attackers: melee::committable(&board, from, s.first_side, d),
        defending_hex: d,
        follow_up: true,
    };
    let w = melee::whole_odds(&board, &decl);
    assert!((w.melee_only_probability - 0.659).abs() < 0.001, "{w:?}");
    assert!(
        w.called_off_probability > 0.0 && w.attacker_win_probability < w.melee_only_probability
    );
    assert_whole_odds_match(s, decl, 10_000);
}

/// §1 and §9.4: the whole resolution's odds agree with 10,000 resolutions of a melee from three
/// hexes.
#[test]
fn whole_resolution_odds_agree_with_10000_resolutions_of_a_three_hex_melee() {
    let (f, decl) = big_melee();
    assert_whole_odds_match(f.scenario(), decl, 10_000);
}

/// §1, §9.4, §9.6: the whole resolution's odds agree with the dice when defensive fire tires,
/// disrupts and routs attackers.
#[test]
fn whole_resolution_odds_agree_with_the_dice_when_fire_can_tire_and_rout() {
    let (f, decl) = crate::common::fire_that_tires_and_routs();
    let t = std::time::Instant::now();
    let w = melee::whole_odds_exact(&f.board(), &decl);
    eprintln!("the stress case took {:?} (test build)", t.elapsed());
    assert!(w.attackers_drop_probability > 0.05, "{w:?}");
    assert_whole_odds_match(f.scenario(), decl, 10_000);
}

/// §9.4–§10: the forecast (loss ranges, retreat, guns taken, eliminations) matches 20,000
/// resolutions.
#[test]
fn the_forecast_matches_20000_resolutions() {
    // Loss ranges with their most likely values, the chance of a retreat, of guns taken and of
    // each unit's elimination, for the melee as declared, against the dice.
    let (mut f, decl) = big_melee();
    // A weak defender beside the guns, so that eliminations happen.
    let d = decl.defending_hex;
    let weak = f
        .units
        .iter()
        .find(|u| u.hex == d && u.kind == UnitKind::Infantry)
        .unwrap()
        .id;
    f.unit(weak).men = 40;
    f.params.optional.artillery_capture = true;
    let board = f.board();
    let fc = melee::forecast(&board, &decl);
    let n = 20_000u64;
    let (mut retreat, mut guns) = (0u64, 0u64);
    let mut gone: std::collections::HashMap<_, u64> = Default::default();
    let (mut att_counts, mut def_counts) = (vec![0u64; 400], vec![0u64; 400]);
    for seed in 0..n {
        let mut copy = fire_spent(board.clone());
        let o = fought(&mut copy, &decl, seed);
        assert!(
            o.attacker_loss >= fc.attacker_loss.low && o.attacker_loss <= fc.attacker_loss.high
        );
        assert!(
            o.defender_loss >= fc.defender_loss.low && o.defender_loss <= fc.defender_loss.high
        );
        att_counts[o.attacker_loss as usize] += 1;
        def_counts[o.defender_loss as usize] += 1;
        if o.loser == Some(MeleeSide::Defender) {
            retreat += 1;
            guns += !o.captured.is_empty() as u64;
        }
        for e in &o.eliminated {
            *gone.entry(e.unit).or_default() += 1;
        }
    }
    let freq = |c: u64| c as f64 / n as f64;
    assert!(
        (fc.defender_retreats - freq(retreat)).abs() < 0.015,
        "{fc:?} {retreat}"
    );
    assert!(
        (fc.guns_captured - freq(guns)).abs() < 0.015,
        "{fc:?} {guns}"
    );
    assert!(fc.guns_captured > 0.1, "{fc:?}");
    for (id, p) in &fc.eliminated {
        let seen = freq(gone.get(id).copied().unwrap_or(0));
        assert!(
            (p - seen).abs() < 0.015,
            "unit {id}: forecast {p}, seen {seen}"
        );
    }
    assert!(
        fc.eliminated.iter().any(|(id, p)| *id == weak && *p > 0.1),
        "{fc:?}"
    );
    for (id, _) in &gone {
        assert!(
            fc.eliminated.iter().any(|(x, _)| x == id),
            "unit {id} eliminated unforeseen"
        );
    }
    // The most likely losses come up as often as forecast, and nothing comes up more often.
    for (l, c) in [
        (fc.attacker_loss, &att_counts),
        (fc.defender_loss, &def_counts),
    ] {
        let seen = freq(c[l.most_likely as usize]);
        assert!(
            (seen - l.most_likely_probability).abs() < 0.01,
            "{l:?}: {seen}"
        );
        let top = freq(*c.iter().max().unwrap());
        assert!(top < l.most_likely_probability + 0.01, "{l:?}: {top}");
    }
    assert_eq!(
        fc.defender_loss.most_likely, fc.defender_loss.high,
        "the cap piles up"
    );
}

/// §15.0 D-sys-6: the shared tally of the enumerating systems counts each outcome's weight once
/// in its winner (or no decision), once in the defender's fate (staying counts nowhere), and its
/// losses in the expected losses; its odds are those sums.
#[test]
fn d_sys_6_outcomes_tally_each_weight_in_winner_fate_and_losses() {
    use bayonet::rules::melee::{Fate, Outcomes};
    let mut o = Outcomes::default();
    o.add(0.125, Some(MeleeSide::Defender), Fate::Retreats, [4, 10]);
    o.add(0.25, Some(MeleeSide::Defender), Fate::Routs, [2, 20]);
    o.add(0.0625, Some(MeleeSide::Defender), Fate::Surrenders, [0, 40]);
    o.add(0.5, Some(MeleeSide::Attacker), Fate::Stays, [30, 6]);
    o.add(0.0625, None, Fate::Stays, [8, 8]);
    assert_eq!(
        o,
        Outcomes {
            attacker_wins: 0.4375,
            no_decision: 0.0625,
            defender_wins: 0.5,
            defender_retreats: 0.125,
            defender_routs: 0.25,
            defender_surrenders: 0.0625,
            expected_attacker_loss: 0.5 + 0.5 + 0.0 + 15.0 + 0.5,
            expected_defender_loss: 1.25 + 5.0 + 2.5 + 3.0 + 0.5,
        }
    );
    let odds = o.odds();
    assert_eq!(
        (
            odds.attacker_win_probability,
            odds.expected_attacker_loss,
            odds.expected_defender_loss
        ),
        (0.4375, 16.5, 12.25)
    );
}

/// §15.0 D-sys-4: a side's lead unit is its non-leader with most men *as for stacking* (§5): a
/// battery of 4 guns weighs 200 whatever its crew (here 20, which must not count); the first in
/// order on a tie; leaders never lead.
#[test]
fn d_sys_4_the_lead_unit_has_most_men_as_for_stacking() {
    let mut f = Field::new(10, 8);
    let regiment = f.add(0, inf(), f.hex(1, 1), Facing::N, 210);
    let battery = f.add(0, UnitKind::Artillery, f.hex(2, 1), Facing::N, 4);
    f.unit(battery).men = 20;
    let twin = f.add(0, inf(), f.hex(3, 1), Facing::N, 200);
    let leader = f.add(0, UnitKind::Leader, f.hex(4, 1), Facing::N, 0);
    f.unit(leader).men = 5000;
    let b = f.board();
    let lead = |ids: &[bayonet::rules::unit::UnitId]| {
        let units: Vec<_> = ids.iter().map(|id| b.unit(*id).unwrap()).collect();
        melee::lead_unit(&units, &b.params).map(|u| u.id)
    };
    assert_eq!(
        lead(&[battery, regiment]),
        Some(regiment),
        "210 men against 4 guns (200): the crew does not count"
    );
    assert_eq!(lead(&[battery, twin]), Some(battery), "a tie: the first");
    assert_eq!(lead(&[twin, battery]), Some(twin), "a tie: the first");
    assert_eq!(lead(&[leader, regiment]), Some(regiment));
    assert_eq!(lead(&[leader]), None);
}

/// The forecast shown before Resolve, under each system that enumerates its own dice (§15.1
/// Bodenstedt's six rows, §15.2 the impetus dice, §15.3 La Bataille's d66 paths): its loss
/// ranges hold every result, its most likely losses and expected losses come up as often as it
/// says, and so do the defender leaving the hex, the guns taken (D-cap-1, with and without
/// Artillery Capture) and each unit's elimination — against thousands of seeded resolutions of a
/// melee where all of these happen.
#[test]
fn d_sys_6_the_forecast_of_each_enumerating_system_matches_the_dice() {
    use MeleeSystemName::*;
    use bayonet::rules::params::MeleeSystemName;
    use std::collections::HashMap;
    // With Artillery Capture the guns change side; without it they are eliminated (D-cap-1).
    for (system, capture, n) in [
        (Bodenstedt, true, 3_000u64),
        (Impetus, true, 3_000),
        (LaBataille, true, 3_000),
        (Bodenstedt, false, 1_500),
        (Impetus, false, 1_500),
        (LaBataille, false, 1_500),
    ] {
        let mut f = Field::new(10, 8);
        f.params.melee_system = system;
        f.params.optional.artillery_capture = capture;
        let d = f.center();
        f.add(1, inf(), d, Facing::SW, 60);
        f.add(1, inf(), d, Facing::SW, 10);
        f.add(1, UnitKind::Artillery, d, Facing::SW, 2);
        let a = f.attacker(0, inf(), d, Facing::SW, 400);
        let b = f.attacker(0, inf(), d, Facing::S, 8);
        let decl = Declaration {
            attackers: vec![a, b],
            defending_hex: d,
            follow_up: true,
        };
        let board = f.board();
        let fc = melee::forecast(&board, &decl);
        let (mut moved, mut guns) = (0u64, 0u64);
        let mut gone: HashMap<_, u64> = HashMap::new();
        let (mut att, mut def) = (HashMap::new(), HashMap::new());
        let (mut sum_a, mut sum_d) = (0u64, 0u64);
        for seed in 0..n {
            let (after, o) = crate::common::settle(&f, &decl, seed);
            // La Bataille's losses count the surrendered too (§15.3, D-sys-6).
            let [la, ld] = o
                .rolled
                .assault()
                .map_or([o.attacker_loss, o.defender_loss], |x| x.lost);
            *att.entry(la).or_insert(0u64) += 1;
            *def.entry(ld).or_insert(0u64) += 1;
            sum_a += la as u64;
            sum_d += ld as u64;
            // Guns that cannot retreat stay (and are taken only if the defender lost).
            moved += u64::from(
                !after
                    .units_at(d)
                    .any(|u| u.side.0 == 1 && u.kind != UnitKind::Artillery),
            );
            guns += u64::from(!o.captured.is_empty());
            for u in &board.units {
                if after.unit(u.id).is_none() {
                    *gone.entry(u.id).or_default() += 1;
                }
            }
        }
        let freq = |c: u64| c as f64 / n as f64;
        let near = |p: f64, c: u64, what: &str| {
            let sd = (p * (1.0 - p) / n as f64).sqrt().max(2e-3);
            assert!(
                (p - freq(c)).abs() < 4.0 * sd,
                "{system:?} capture {capture} {what}: forecast {p}, seen {}\n{fc:?}",
                freq(c)
            );
        };
        for (l, seen, sum) in [
            (fc.attacker_loss, &att, sum_a),
            (fc.defender_loss, &def, sum_d),
        ] {
            assert!(
                seen.keys().all(|x| (l.low..=l.high).contains(x)),
                "{system:?}: {l:?} {seen:?}"
            );
            near(
                l.most_likely_probability,
                seen.get(&l.most_likely).copied().unwrap_or(0),
                "most likely loss",
            );
            let top = seen.values().max().copied().unwrap();
            assert!(
                freq(top) < l.most_likely_probability + 0.03,
                "{system:?} {l:?}"
            );
            let mean = sum as f64 / n as f64;
            assert!(
                (mean - l.expected).abs() < 0.05 * l.expected.max(10.0),
                "{system:?}: mean {mean}, {l:?}"
            );
        }
        near(fc.defender_retreats, moved, "the defender leaves");
        near(fc.guns_captured, guns, "guns taken");
        for u in &board.units {
            let p = fc
                .eliminated
                .iter()
                .find(|(id, _)| *id == u.id)
                .map_or(0.0, |x| x.1);
            near(p, gone.get(&u.id).copied().unwrap_or(0), &u.name);
        }
        assert!(
            fc.defender_retreats > 0.05 && fc.defender_retreats < 0.95,
            "{system:?} {fc:?}"
        );
        assert!(!fc.eliminated.is_empty(), "{system:?} {fc:?}");
        assert!(
            fc.eliminated.iter().all(|(_, p)| *p > 0.0),
            "only units that can be eliminated are listed: {fc:?}"
        );
    }
}

/// The forecast of §9.4's seed example exactly: each loss from the whole number below its range
/// to the one above; inside a range every whole number is equally likely, and the most likely
/// shown is the middlemost of them; the expected losses are the odds' (33.75 and 28.75); the
/// defender retreats exactly when it loses (§10); nobody can be eliminated.
#[test]
fn s9_4_the_forecast_of_the_seed_example_exactly() {
    let (f, decl) = seed_example();
    let board = f.board();
    let b = melee::breakdown(&board, &decl);
    assert_eq!(b.defender_loss_range, [11.25, 56.25]);
    let fc = melee::forecast(&board, &decl);
    let l = fc.defender_loss;
    assert_eq!((l.low, l.high, l.most_likely), (11, 57, 34));
    assert!(
        (l.most_likely_probability - 1.0 / 45.0).abs() < 1e-12,
        "{l:?}"
    );
    assert!((l.expected - 33.75).abs() < 1e-9);
    let [lo, hi] = b.attacker_loss_range;
    let l = fc.attacker_loss;
    assert_eq!(
        (l.low, l.high),
        (lo.floor() as u32, hi.ceil() as u32),
        "{b:?}"
    );
    assert_eq!(l.most_likely, (l.low + l.high) / 2, "{l:?}");
    assert!((l.expected - 28.75).abs() < 1e-9);
    let o = odds(&b);
    assert!((fc.defender_retreats - o.attacker_win_probability).abs() < 1e-12);
    assert_eq!(fc.guns_captured, 0.0);
    assert_eq!(fc.eliminated, vec![]);
}

/// D-cr-2 in the forecast: 40 men attacked by 1,000 lose at most 40, and 40 is the most likely
/// loss (the cap piles up there); the regiment is eliminated exactly when it loses all 40 (its
/// leader, who takes no loss, is not), and
/// a losing regiment with nowhere to go surrenders (§10) — so it is gone whenever it loses.
#[test]
fn d_cr_2_the_forecast_piles_a_capped_loss_on_the_cap() {
    let mut f = Field::new(10, 8);
    let d = f.center();
    let def = f.add(1, inf(), d, Facing::SW, 40);
    let leader = f.add(1, UnitKind::Leader, d, Facing::SW, 0);
    let a = f.attacker(0, inf(), d, Facing::SW, 1000);
    let decl = Declaration {
        attackers: vec![a],
        defending_hex: d,
        follow_up: true,
    };
    let board = f.board();
    let b = melee::breakdown(&board, &decl);
    let fc = melee::forecast(&board, &decl);
    let l = fc.defender_loss;
    assert_eq!((l.high, l.most_likely), (40, 40));
    let all = bayonet::rules::combat::LossDistribution::of(b.defender_loss_range);
    let p40 = 1.0 - all.below(40);
    assert!((l.most_likely_probability - p40).abs() < 1e-12, "{l:?}");
    let gone = |fc: &melee::Forecast| fc.eliminated.iter().find(|x| x.0 == def).map(|x| x.1);
    assert!((gone(&fc).unwrap() - p40).abs() < 1e-12, "{fc:?}");
    assert!(
        fc.eliminated.iter().all(|x| x.0 != leader),
        "a leader takes no loss: {fc:?}"
    );
    // Hemmed in by the map's edge and the enemy: losing is the end of it.
    let mut f2 = Field::new(10, 8);
    let d2 = f2.hex(0, 0);
    let def2 = f2.add(1, inf(), d2, Facing::SW, 300);
    let a2 = f2.add(0, inf(), f2.hex(1, 0), Facing::SW, 600);
    f2.add(0, inf(), f2.hex(0, 1), Facing::N, 600);
    f2.add(0, inf(), f2.hex(1, 1), Facing::N, 600);
    let decl2 = Declaration {
        attackers: vec![a2],
        defending_hex: d2,
        follow_up: true,
    };
    let board2 = f2.board();
    let fc2 = melee::forecast(&board2, &decl2);
    let p = fc2
        .eliminated
        .iter()
        .find(|x| x.0 == def2)
        .map(|x| x.1)
        .unwrap_or(0.0);
    assert!(fc2.defender_retreats > 0.2, "{fc2:?}");
    assert!((p - fc2.defender_retreats).abs() < 1e-9, "{fc2:?}");
}

/// D-cap-1 in the forecast: a battery that cannot retreat is taken when its side loses with
/// Artillery Capture, eliminated without it; either way it can also be destroyed by its losses
/// first. So the chance it is eliminated without the rule is its chance to be destroyed plus its
/// chance to be taken with it.
#[test]
fn d_cap_1_the_forecast_takes_or_eliminates_guns_that_cannot_retreat() {
    // 300 men nearly always beat two guns and often destroy them; 30 men may lose to them.
    for men in [300, 30] {
        let mut f = Field::new(10, 8);
        let d = f.center();
        let g = f.add(1, UnitKind::Artillery, d, Facing::SW, 2);
        let a = f.attacker(0, inf(), d, Facing::SW, men);
        let decl = Declaration {
            attackers: vec![a],
            defending_hex: d,
            follow_up: true,
        };
        let gone =
            |fc: &melee::Forecast| fc.eliminated.iter().find(|x| x.0 == g).map_or(0.0, |x| x.1);
        f.params.optional.artillery_capture = true;
        let with = melee::forecast(&f.board(), &decl);
        f.params.optional.artillery_capture = false;
        let without = melee::forecast(&f.board(), &decl);
        assert_eq!(without.guns_captured, 0.0);
        assert!(
            (gone(&without) - gone(&with) - with.guns_captured).abs() < 1e-12,
            "{with:?} {without:?}"
        );
        assert_eq!(with.defender_retreats, without.defender_retreats);
        // §8: a loss k takes ⌊k/25⌋ guns and one more with chance (k mod 25)/25: the two guns
        // are gone for sure from 50 men, with chance (k − 25)/25 from 25 to 49, never below 25.
        // The guns are taken when the battery loses (the attacker's loss is smaller) and still
        // has a gun.
        let b = melee::breakdown(&f.board(), &decl);
        let dist = bayonet::rules::combat::LossDistribution::of(b.defender_loss_range)
            .capped(b.defender_capacity);
        let att = bayonet::rules::combat::LossDistribution::of(b.attacker_loss_range)
            .capped(b.attacker_capacity);
        let (mut destroyed, mut taken) = (0.0, 0.0);
        for (i, p) in dist.probs.iter().enumerate() {
            let k = dist.start + i as u32;
            let d = match k {
                50.. => 1.0,
                25..=49 => (k - 25) as f64 / 25.0,
                _ => 0.0,
            };
            destroyed += p * d;
            taken += p * att.below(k) * (1.0 - d);
        }
        assert!(
            (gone(&with) - destroyed).abs() < 1e-12,
            "{with:?} {destroyed}"
        );
        assert!(
            (with.guns_captured - taken).abs() < 1e-12,
            "{with:?} {taken}"
        );
        if men == 300 {
            assert!(destroyed > 0.1 && taken > 0.1, "{with:?}");
        } else {
            assert!(
                with.defender_retreats > 0.1 && with.defender_retreats < 0.9,
                "the battery may win: {with:?}"
            );
        }
    }
}

/// §1, §9.4, §9.6: merging fatigue values that the rest of the fire cannot push into another
/// level loses nothing: the whole odds equal those with every value kept apart, to 1e-12, in
/// far fewer states — for the seed example, a three-hex melee and fire that tires and routs.
#[test]
fn whole_odds_merge_only_what_cannot_matter() {
    let seed = bayonet::rules::scenario::parse(
        "maps/test_melee.ron",
        include_str!("../maps/test_melee.ron"),
    )
    .unwrap();
    let (big, big_decl) = big_melee();
    // Two regiments' fire (kept apart, the guns' would take minutes) on the tired attackers.
    let (mut tired, tired_decl) = crate::common::fire_that_tires_and_routs();
    let d = tired_decl.defending_hex;
    tired.units.retain(|u| u.hex != d);
    tired.add(1, inf(), d, Facing::SW, 150);
    tired.add(1, inf(), d, Facing::SW, 60);
    let seed_board = seed.board();
    let from = seed
        .map
        .hex_at(bayonet::rules::map::Coord { col: 4, row: 4 });
    let d = seed
        .map
        .hex_at(bayonet::rules::map::Coord { col: 5, row: 4 });
    let seed_decl = Declaration {
        attackers: melee::committable(&seed_board, from, seed.first_side, d),
        defending_hex: d,
        follow_up: true,
    };
    // The state counts are those of the merging as designed (a change to it shows here).
    for (name, board, decl, states) in [
        ("seed example", seed_board, seed_decl, [22, 330]),
        ("three hexes", big.board(), big_decl, [231, 10857]),
        ("tiring fire", tired.board(), tired_decl, [2165, 160271]),
    ] {
        let merged = melee::whole_odds_exact(&board, &decl);
        let all = melee::whole_odds_exhaustive(&board, &decl);
        eprintln!(
            "{name}: {} states merged, {} kept apart",
            merged.states, all.states
        );
        for (a, b) in figures(&merged, &all) {
            assert!((a - b).abs() < 1e-12, "{name}: {merged:?} {all:?}");
        }
        assert_eq!(merged.melee_only_probability, all.melee_only_probability);
        assert_eq!([merged.states, all.states], states, "{name}");
    }
}

/// §1 with nothing to fire: when the defenders have already fired their opportunity fire, the
/// whole odds are the melee's own, in one state, nothing called off and nobody dropping out. A
/// declaration that breaks a rule, or by units not of the side whose turn it is, is called off
/// for certain.
#[test]
fn whole_odds_without_fire_are_the_melee_odds_and_an_illegal_melee_is_called_off() {
    let (mut f, decl) = big_melee();
    let d = decl.defending_hex;
    for u in f.units.iter_mut().filter(|u| u.side.0 == 1) {
        u.marks.opportunity_fired = true;
    }
    let board = f.board();
    let w = melee::whole_odds(&board, &decl);
    let alone = odds(&melee::breakdown(&board, &decl)).attacker_win_probability;
    assert_eq!(
        (w.attacker_win_probability, w.melee_only_probability),
        (alone, alone)
    );
    assert_eq!(
        (
            w.called_off_probability,
            w.attackers_drop_probability,
            w.states
        ),
        (0.0, 0.0, 1),
        "{w:?}"
    );
    assert!(alone > 0.05 && alone < 0.95, "{alone}");
    // Not adjacent: refused, so called off.
    let far = f.add(0, inf(), f.hex(0, 0), Facing::N, 300);
    let mut bad = decl.clone();
    bad.attackers.push(far);
    let w = melee::whole_odds(&f.board(), &bad);
    // Called off before any fire is played: no state, nobody counted as dropping out.
    assert_eq!(
        (
            w.attacker_win_probability,
            w.called_off_probability,
            w.attackers_drop_probability,
            w.states
        ),
        (0.0, 1.0, 0.0, 0)
    );
    // The other side's turn: the first side's units cannot attack now.
    let mut b = f.board();
    b.acting = bayonet::rules::unit::Side(1);
    let w = melee::whole_odds(&b, &decl);
    assert_eq!(
        (w.attacker_win_probability, w.called_off_probability),
        (0.0, 1.0)
    );
    assert!(board.units_at(d).count() > 0);
}

/// §1, §8, §9.6 exactly for one volley: in the seed example the defender's fire at the attacker
/// takes k men with the §8 chance P(k); the attacker then checks morale with chance k/(k + base)
/// and fails on a d6 above its morale value, dropping out (disrupted) so the melee is called off;
/// otherwise the melee goes ahead with k fewer men (its fatigue stays in the low level). The
/// whole odds are that sum, to 1e-12.
#[test]
fn whole_odds_of_one_volley_exactly() {
    use bayonet::rules::combat::LossDistribution;
    use bayonet::rules::{fire, morale};
    let (f, decl) = seed_example();
    let board = f.board();
    let a = decl.attackers[0];
    let shooter = board.units_at(decl.defending_hex).next().unwrap().id;
    let from = board.unit(a).unwrap().hex;
    let shot = fire::breakdown(&board, shooter, from, true, 0.5).unwrap();
    let dist = LossDistribution::of(shot.loss_range);
    assert!(shot.loss_range[1] * 3.0 < 300.0, "the fatigue stays low");
    let base = board.params.morale.check_base;
    let fail = d6_fails(morale::morale_value(&board, a));
    assert!(fail > 0.0 && fail < 1.0);
    let (mut win, mut off) = (0.0, 0.0);
    for (i, p) in dist.probs.iter().enumerate() {
        let k = dist.start + i as u32;
        let stops = morale::check_chance(k, base) * fail;
        off += p * stops;
        let after = after_volley(&board, shooter, &[(a, k)]);
        let o = odds(&melee::breakdown(&after, &decl)).attacker_win_probability;
        win += p * (1.0 - stops) * o;
    }
    let w = melee::whole_odds(&board, &decl);
    assert_whole_odds_exactly(&w, win, off);
    assert!(
        (w.attackers_drop_probability - off).abs() < 1e-12,
        "{w:?} {off}"
    );
    assert!(off > 0.01, "{off}");
}

/// §1, §8, D-cr-1, §9.6 exactly for one volley at two regiments stacked in the attacking hex:
/// the loss k is split by largest remainder over their men, each checks on its share and drops
/// out if it fails; the melee goes ahead with those left, and is called off if neither is.
#[test]
fn whole_odds_of_one_volley_at_a_stack_exactly() {
    use bayonet::rules::combat::{LossDistribution, split_loss};
    use bayonet::rules::{fire, morale};
    let mut f = Field::new(10, 8);
    let d = f.center();
    let shooter = f.add(1, inf(), d, Facing::SW, 400);
    let a = f.attacker(0, inf(), d, Facing::SW, 250);
    let b = f.attacker(0, inf(), d, Facing::SW, 150);
    let decl = Declaration {
        attackers: vec![a, b],
        defending_hex: d,
        follow_up: true,
    };
    let board = f.board();
    let from = board.unit(a).unwrap().hex;
    let shot = fire::breakdown(&board, shooter, from, true, 0.5).unwrap();
    let dist = LossDistribution::of(shot.loss_range);
    assert!(shot.loss_range[1] * 3.0 < 300.0, "the fatigue stays low");
    let base = board.params.morale.check_base;
    let fail = |id| d6_fails(morale::morale_value(&board, id));
    let (mut win, mut off, mut drop) = (0.0, 0.0, 0.0);
    for (i, p) in dist.probs.iter().enumerate() {
        let k = dist.start + i as u32;
        let shares = split_loss(k, &[250.0, 150.0], &[250, 150]);
        let stop: Vec<f64> = [a, b]
            .iter()
            .zip(&shares)
            .map(|(id, s)| morale::check_chance(*s, base) * fail(*id))
            .collect();
        let after = after_volley(&board, shooter, &[(a, shares[0]), (b, shares[1])]);
        for (left, q) in [
            (vec![a, b], (1.0 - stop[0]) * (1.0 - stop[1])),
            (vec![b], stop[0] * (1.0 - stop[1])),
            (vec![a], (1.0 - stop[0]) * stop[1]),
            (vec![], stop[0] * stop[1]),
        ] {
            if left.len() < 2 {
                drop += p * q;
            }
            if left.is_empty() {
                off += p * q;
                continue;
            }
            let mut now = after.clone();
            for id in [a, b].into_iter().filter(|id| !left.contains(id)) {
                now.unit_mut(id).unwrap().disrupted = true;
            }
            let dl = Declaration {
                attackers: left,
                ..decl.clone()
            };
            win += p * q * odds(&melee::breakdown(&now, &dl)).attacker_win_probability;
        }
    }
    let w = melee::whole_odds(&board, &decl);
    assert_whole_odds_exactly(&w, win, off);
    assert!(
        (w.attackers_drop_probability - drop).abs() < 1e-12,
        "{w:?} {drop}"
    );
    assert!(drop > 2.0 * off && off > 0.0, "{w:?}");
}

/// §1, §9.6, D-rout-1 exactly for one volley at a committed regiment stacked with a disrupted
/// friend that is not attacking: each checks on its share of the loss; the regiment that fails
/// is disrupted and drops out; the friend that fails routs, runs, and its neighbours — the
/// regiment — check in turn (with Rout Limiting, one better), routing if they fail. With the
/// friend facing away the volley is in enfilade: more men and −2 to both checks (§9.6), not to
/// the rout's. The whole odds are that sum, to 1e-12.
#[test]
fn whole_odds_of_a_volley_that_starts_a_rout_exactly() {
    use bayonet::rules::combat::{LossDistribution, split_loss};
    use bayonet::rules::{fire, morale};
    for (limiting, enfilade, far, next) in [
        (false, false, false, false),
        (true, false, false, false),
        (false, true, false, false),
        (false, false, true, false),
        (true, false, false, true),
    ] {
        let mut f = Field::new(10, 8);
        f.params.optional.rout_limiting = limiting;
        let d = f.center();
        let shooter = f.add(1, inf(), d, Facing::SW, 400);
        let a = f.attacker(0, inf(), d, Facing::SW, 250);
        let friend = f.attacker(0, inf(), d, Facing::SW, 150);
        f.unit(friend).disrupted = true;
        if enfilade {
            f.unit(friend).facing = Facing::SW;
        }
        let mut decl = Declaration {
            attackers: vec![a],
            defending_hex: d,
            follow_up: true,
        };
        // A regiment attacking from behind the shooter (it cannot fire there), two hexes from
        // the friend: not its neighbour, so the rout never makes it check.
        if far {
            decl.attackers
                .push(f.attacker(0, inf(), d, Facing::NE, 200));
        }
        // A regiment behind the stack (no attacker, not fired at): it checks when the friend
        // runs, and the regiment checks again, a level further on, when it runs.
        let behind = next.then(|| {
            let at = board_hex(&f, friend) + Facing::SW.step();
            f.add(0, inf(), at, Facing::NE, 200)
        });
        let alone = Declaration {
            attackers: decl.attackers[1..].to_vec(),
            ..decl.clone()
        };
        let board = f.board();
        let from = board.unit(a).unwrap().hex;
        let shot = fire::breakdown(&board, shooter, from, true, 0.5).unwrap();
        let dist = LossDistribution::of(shot.loss_range);
        assert!(shot.loss_range[1] * 3.0 < 300.0, "the fatigue stays low");
        assert_eq!(
            shot.modifiers.iter().any(|m| m.name() == "enfilade"),
            enfilade
        );
        let base = board.params.morale.check_base;
        let fails = d6_fails;
        let bonus = if enfilade {
            board.params.morale.enfilade
        } else {
            0
        };
        let fail_friend = fails(morale::morale_value(&board, friend) + bonus);
        let fail_a = fails(morale::morale_value(&board, a) + bonus);
        let fail_a_cascade = fails(morale::morale_value(&board, a) + limiting as i32);
        let fail_a_later = fails(morale::morale_value(&board, a) + 2 * limiting as i32);
        let fail_behind = behind.map_or(0.0, |b| {
            fails(morale::morale_value(&board, b) + limiting as i32)
        });
        assert!(
            fail_friend > fail_a && fail_a > 0.0 && fail_friend < 1.0,
            "{fail_friend} {fail_a}"
        );
        let (mut win, mut drop) = (0.0, 0.0);
        for (i, p) in dist.probs.iter().enumerate() {
            let k = dist.start + i as u32;
            let s = split_loss(k, &[250.0, 150.0], &[250, 150]);
            let a_fails = morale::check_chance(s[0], base) * fail_a;
            let f_routs = morale::check_chance(s[1], base) * fail_friend;
            // The regiment attacks if it held its own check and, when the friend routed, the
            // cascade's check too (a regiment disrupted by its own check has dropped out
            // whatever the cascade does to it).
            let cascade =
                (1.0 - fail_a_cascade) * ((1.0 - fail_behind) + fail_behind * (1.0 - fail_a_later));
            let goes = (1.0 - a_fails) * ((1.0 - f_routs) + f_routs * cascade);
            drop += p * (1.0 - goes);
            let after = after_volley(&board, shooter, &[(a, s[0])]);
            let o = |d: &Declaration| odds(&melee::breakdown(&after, d)).attacker_win_probability;
            win += p * goes * o(&decl);
            if far {
                win += p * (1.0 - goes) * o(&alone);
            }
        }
        let off = if far { 0.0 } else { drop };
        let w = melee::whole_odds(&board, &decl);
        assert!(
            (w.attacker_win_probability - win).abs() < 1e-12,
            "limiting {limiting}, enfilade {enfilade}: {w:?} {win}"
        );
        assert!(
            (w.called_off_probability - off).abs() < 1e-12,
            "limiting {limiting}, enfilade {enfilade}: {w:?} {off}"
        );
        assert!(
            (w.attackers_drop_probability - drop).abs() < 1e-12,
            "{w:?} {drop}"
        );
    }
}

/// §1, §8, §9.6 exactly for one volley at a regiment stacked with a disrupted battery: the loss
/// is split over the regiment's men and 25 men a gun; the battery loses a gun per 25 men and
/// one more with the remainder's chance; with no gun left it is gone (no check), else it checks
/// and, failing, routs — and the regiment checks for the rout.
#[test]
fn whole_odds_of_a_volley_at_a_battery_exactly() {
    use bayonet::rules::combat::{LossDistribution, split_loss};
    use bayonet::rules::{fire, morale};
    let mut f = Field::new(10, 8);
    let d = f.center();
    f.params.optional.full_melee_defensive_fire = true;
    // 250 rifled muskets at 1 hex: 1000, a loss of 5 to 25 (D-fire-2).
    let shooter = f.add(1, inf(), d, Facing::SW, 250);
    let a = f.attacker(0, inf(), d, Facing::SW, 20);
    let g = f.attacker(0, UnitKind::Artillery, d, Facing::SW, 1);
    f.unit(g).disrupted = true;
    let decl = Declaration {
        attackers: vec![a],
        defending_hex: d,
        follow_up: true,
    };
    let board = f.board();
    let from = board.unit(a).unwrap().hex;
    let shot = fire::breakdown(&board, shooter, from, true, 1.0).unwrap();
    let dist = LossDistribution::of(shot.loss_range);
    assert!(shot.loss_range[1] * 3.0 < 300.0, "the fatigue stays low");
    let base = board.params.morale.check_base;
    let fails = d6_fails;
    let fail_a = fails(morale::morale_value(&board, a));
    let fail_g = fails(morale::morale_value(&board, g));
    assert!(fail_g > 0.0 && fail_g < 1.0 && fail_a > 0.0);
    let (mut win, mut off, mut gun_gone) = (0.0, 0.0, 0.0);
    for (i, p) in dist.probs.iter().enumerate() {
        let k = dist.start + i as u32;
        let s = split_loss(k, &[20.0, 25.0], &[20, 25]);
        // One gun: gone for sure from 25 men, else with chance share/25.
        let gone = if s[1] >= 25 { 1.0 } else { s[1] as f64 / 25.0 };
        gun_gone += p * gone;
        let routs = (1.0 - gone) * morale::check_chance(s[1], base) * fail_g;
        let goes = (1.0 - morale::check_chance(s[0], base) * fail_a) * (1.0 - routs * fail_a);
        off += p * (1.0 - goes);
        let after = after_volley(&board, shooter, &[(a, s[0])]);
        win += p * goes * odds(&melee::breakdown(&after, &decl)).attacker_win_probability;
    }
    assert!(gun_gone > 0.05 && gun_gone < 0.95, "{gun_gone} {shot:?}");
    let w = melee::whole_odds(&board, &decl);
    assert_whole_odds_exactly(&w, win, off);
}

/// D-cr-1 in the forecast: an attacker is eliminated by its share of its side's loss (split by
/// strength, never beyond what it has) reaching its men — exactly the sum over the attackers'
/// loss; a losing attacker stays where it is, so losses are its only way out.
#[test]
fn d_cr_1_the_forecast_eliminates_attackers_by_their_share() {
    use bayonet::rules::combat::{LossDistribution, split_loss};
    let mut f = Field::new(10, 8);
    let d = f.center();
    f.add(1, inf(), d, Facing::SW, 400);
    // A spent, poor regiment beside a few fresh, good men: the few weigh more for their size.
    let big = f.attacker(0, inf(), d, Facing::SW, 100);
    f.unit(big).fatigue = 900;
    f.unit(big).quality = bayonet::rules::unit::Quality::F;
    let tiny = f.attacker(0, inf(), d, Facing::S, 10);
    f.unit(tiny).quality = bayonet::rules::unit::Quality::A;
    let decl = Declaration {
        attackers: vec![big, tiny],
        defending_hex: d,
        follow_up: true,
    };
    let board = f.board();
    let b = melee::breakdown(&board, &decl);
    let fc = melee::forecast(&board, &decl);
    let att = LossDistribution::of(b.attacker_loss_range).capped(b.attacker_capacity);
    let weights: Vec<f64> = b.attackers.iter().map(|s| s.strength).collect();
    let caps: Vec<u32> = b.attackers.iter().map(|s| s.capacity).collect();
    let mut want = [0.0; 2];
    for (i, p) in att.probs.iter().enumerate() {
        let shares = split_loss(att.start + i as u32, &weights, &caps);
        for (k, men) in [100, 10].into_iter().enumerate() {
            want[k] += p * (shares[k] >= men) as u8 as f64;
        }
    }
    let p = |id| {
        fc.eliminated
            .iter()
            .find(|x| x.0 == id)
            .map_or(0.0, |x| x.1)
    };
    assert!((p(tiny) - want[1]).abs() < 1e-12, "{fc:?} {want:?} {b:?}");
    assert!(p(tiny) > 0.1 && p(tiny) < 0.9, "{fc:?}");
    assert_eq!((p(big), want[0]), (0.0, 0.0));
}

/// §9.6: the chance that a check fails, a d6 above the morale value (the exact volley tests').
/// The board after `shooter`'s volley took `hits` (unit, men) and before the melee.
fn after_volley(
    board: &bayonet::rules::board::Board,
    shooter: bayonet::rules::unit::UnitId,
    hits: &[(bayonet::rules::unit::UnitId, u32)],
) -> bayonet::rules::board::Board {
    let mut after = board.clone();
    for (u, k) in hits {
        after.unit_mut(*u).expect("the unit hit").men -= k;
    }
    after
        .unit_mut(shooter)
        .expect("the shooter")
        .marks
        .opportunity_fired = true;
    after
}

/// The whole odds' chance of winning and of the melee being called off, to 1e-12.
fn assert_whole_odds_exactly(w: &melee::WholeOdds, win: f64, off: f64) {
    assert!(
        (w.attacker_win_probability - win).abs() < 1e-12,
        "{w:?} {win}"
    );
    assert!(
        (w.called_off_probability - off).abs() < 1e-12,
        "{w:?} {off}"
    );
}

fn board_hex(f: &Field, id: bayonet::rules::unit::UnitId) -> bayonet::rules::hex::Hex {
    f.units.iter().find(|u| u.id == id).expect("the unit").hex
}

fn d6_fails(morale: i32) -> f64 {
    (6 - morale).clamp(0, 6) as f64 / 6.0
}

/// §1 with §15.3's L2 exactly: the resolution checks the declaration again after the
/// defenders' fire, and under La Bataille the men the fire takes can leave the attack below
/// 1:3 with every committed unit still there (204 men, MV 4.08, against 600, MV 12: any loss
/// over 4 men). The whole odds call such a melee off, volley by volley, to 1e-12.
#[test]
fn whole_odds_call_off_an_attack_the_fire_leaves_below_1_to_3_under_la_bataille() {
    use bayonet::rules::combat::LossDistribution;
    use bayonet::rules::{fire, morale};
    let mut f = Field::new(10, 8);
    f.params.melee_system = bayonet::rules::params::MeleeSystemName::LaBataille;
    let d = f.center();
    let shooter = f.add(1, inf(), d, Facing::SW, 600);
    let a = f.attacker(0, inf(), d, Facing::SW, 204);
    let decl = Declaration {
        attackers: vec![a],
        defending_hex: d,
        follow_up: true,
    };
    let board = f.board();
    let system = melee::system(&board.params);
    assert!(system.check(&board, &decl).is_empty());
    let from = board.unit(a).unwrap().hex;
    let shot = fire::breakdown(&board, shooter, from, true, 0.5).unwrap();
    let dist = LossDistribution::of(shot.loss_range);
    let base = board.params.morale.check_base;
    let fail = d6_fails(morale::morale_value(&board, a));
    let (mut win, mut off, mut refused) = (0.0, 0.0, 0.0);
    for (i, p) in dist.probs.iter().enumerate() {
        let k = dist.start + i as u32;
        let stops = morale::check_chance(k, base) * fail;
        let after = after_volley(&board, shooter, &[(a, k)]);
        if system.check(&after, &decl).is_empty() {
            let o = system.breakdown(&after, &decl).odds();
            win += p * (1.0 - stops) * o.attacker_win_probability;
            off += p * stops;
        } else {
            assert!(k > 4, "{k}");
            off += p;
            refused += p * (1.0 - stops);
        }
    }
    assert!(refused > 0.1, "{refused}");
    let w = melee::whole_odds(&board, &decl);
    assert_whole_odds_exactly(&w, win, off);
}

/// §1 with §8's fatigue: where two regiments fire at one attacking hex, a fatigue value the
/// second volley can still push into the next level (the most it adds is its largest loss at 3
/// fatigue a man) is kept apart from the rest; the merged odds agree with every value kept
/// apart to 1e-12, the attacker starting where the first volley can leave it exactly that far
/// from High fatigue, and a little nearer and further.
#[test]
fn whole_odds_keep_apart_a_fatigue_the_next_volley_can_push_a_level_up() {
    use bayonet::rules::fire;
    let mut f = Field::new(10, 8);
    let d = f.center();
    f.add(1, inf(), d, Facing::SW, 300);
    let second = f.add(1, inf(), d, Facing::SW, 300);
    let a = f.attacker(0, inf(), d, Facing::SW, 700);
    let decl = Declaration {
        attackers: vec![a],
        defending_hex: d,
        follow_up: true,
    };
    let from = f.units[2].hex;
    let shot = fire::breakdown(&f.board(), second, from, true, 0.5).unwrap();
    let most = shot.loss_range[1].ceil() as u32 * f.params.combat.fatigue_high_factor;
    let mut counts = Vec::new();
    for start in [600 - most - 7, 600 - most - 6, 600 - most - 5] {
        f.unit(a).fatigue = start;
        counts.push(merged_against_exhaustive(&f.board(), &decl));
    }
    // The state counts of the merging as designed: a looser bound keeps more apart.
    assert_eq!(most, 45);
    assert_eq!(counts, [[1851, 2775], [1860, 2775], [1863, 2775]]);
}

/// §1 with §7's "target mounted cavalry" (+40 %, D-fire-4): once the foot stacked with mounted cavalry
/// has run, the second volley hits the cavalry alone and its loss can be half as large again
/// as first worked out; the fatigue values kept apart allow for that, and the merged odds
/// agree with every value kept apart to 1e-12.
#[test]
fn whole_odds_allow_for_the_mounted_target_bonus_of_a_later_volley() {
    let mut f = Field::new(10, 8);
    let d = f.center();
    f.add(1, inf(), d, Facing::SW, 150);
    f.add(1, inf(), d, Facing::SW, 150);
    let c = f.attacker(0, UnitKind::Cavalry, d, Facing::SW, 300);
    let from = f.units[2].hex;
    let foot = f.add(0, inf(), from, Facing::NE, 300);
    f.unit(foot).disrupted = true;
    f.unit(foot).quality = bayonet::rules::unit::Quality::F;
    let decl = Declaration {
        attackers: vec![c],
        defending_hex: d,
        follow_up: true,
    };
    let mut counts = Vec::new();
    for start in [588, 590, 592] {
        f.unit(c).fatigue = start;
        counts.push(merged_against_exhaustive(&f.board(), &decl));
    }
    assert_eq!(counts, [[1571, 24751], [1340, 24751], [1142, 24751]]);
}

/// §1 with §8's fatigue and §7's "target mounted cavalry": the allowance for a later volley's
/// mounted-target bonus is made only where mounted cavalry stands with other units that can
/// run — not for cavalry alone, and a leader with it (it takes no fire) does not count. The
/// merged odds agree with every fatigue value kept apart to 1e-12, with the state counts of
/// the merging as designed (a needless allowance keeps more apart).
#[test]
fn whole_odds_make_no_mounted_allowance_for_cavalry_alone_or_with_a_leader() {
    use bayonet::rules::fire;
    let mut f = Field::new(10, 8);
    let d = f.center();
    f.add(1, inf(), d, Facing::SW, 300);
    let second = f.add(1, inf(), d, Facing::SW, 300);
    let c = f.attacker(0, UnitKind::Cavalry, d, Facing::SW, 400);
    let from = f.units[2].hex;
    let decl = Declaration {
        attackers: vec![c],
        defending_hex: d,
        follow_up: true,
    };
    let shot = fire::breakdown(&f.board(), second, from, true, 0.5).unwrap();
    let most = shot.loss_range[1].ceil() as u32 * f.params.combat.fatigue_high_factor;
    let mut counts = Vec::new();
    for leader in [false, true] {
        if leader {
            f.add(0, UnitKind::Leader, from, Facing::NE, 0);
        }
        for start in [600 - most - 9, 600 - most - 6, 600 - most - 3] {
            f.unit(c).fatigue = start;
            counts.push(merged_against_exhaustive(&f.board(), &decl));
        }
    }
    assert_eq!(most, 63);
    let alone = [[3585, 5355], [3606, 5355], [3606, 5355]];
    assert_eq!(
        counts,
        [alone, alone].concat(),
        "the leader changes nothing"
    );
}

/// §1, §8, §9.6 exactly for one volley whose fatigue can cross a level: a loss of k brings a
/// fatigue gain drawn evenly from k × the low factor to k × the high factor (Parameter Data;
/// here 2 and 3, so the low end counts), and the attacker's morale check uses the level it
/// ends in (Medium: one worse). The attacker starts just below Medium; the whole odds are the
/// sum over every loss and every gain, to 1e-12.
#[test]
fn whole_odds_of_one_volley_over_every_fatigue_gain_exactly() {
    use bayonet::rules::combat::LossDistribution;
    use bayonet::rules::{fire, morale};
    let (mut f, decl) = seed_example();
    f.params.combat.fatigue_low_factor = 2;
    let a = decl.attackers[0];
    let shooter = f.board().units_at(decl.defending_hex).next().unwrap().id;
    // Pistols (1 a man at 1 hex, D-fire-2): a volley of 230 × ½, the losses this case counts.
    f.unit(shooter).weapon = "pistol".into();
    let board = f.board();
    let from = board.unit(a).unwrap().hex;
    let shot = fire::breakdown(&board, shooter, from, true, 0.5).unwrap();
    let dist = LossDistribution::of(shot.loss_range);
    // Losses of 0 to 3: from 295 a loss of 2 (gain 4–6) crosses on two gains of three, 3 always.
    assert_eq!((dist.start, dist.probs.len()), (0, 4));
    let start = 295;
    f.unit(a).fatigue = start;
    let board = f.board();
    let base = board.params.morale.check_base;
    let (mut win, mut off, mut crossed) = (0.0, 0.0, 0.0);
    for (i, p) in dist.probs.iter().enumerate() {
        let k = dist.start + i as u32;
        let gains = 2 * k..=3 * k;
        let each = 1.0 / gains.clone().count() as f64;
        for g in gains {
            let mut after = after_volley(&board, shooter, &[(a, k)]);
            after.unit_mut(a).unwrap().fatigue = start + g;
            if start + g >= 300 {
                crossed += p * each;
            }
            let stops = morale::check_chance(k, base) * d6_fails(morale::morale_value(&after, a));
            off += p * each * stops;
            let o = odds(&melee::breakdown(&after, &decl)).attacker_win_probability;
            win += p * each * (1.0 - stops) * o;
        }
    }
    assert!(crossed > 0.4 && crossed < 0.6, "{crossed}");
    let w = melee::whole_odds(&board, &decl);
    assert_whole_odds_exactly(&w, win, off);
    let all = melee::whole_odds_exhaustive(&board, &decl);
    assert_whole_odds_exactly(&all, win, off);
}

/// The whole odds with fatigue values merged agree with every value kept apart, to 1e-12;
/// returns the two state counts [merged, kept apart].
fn merged_against_exhaustive(
    board: &bayonet::rules::board::Board,
    decl: &Declaration,
) -> [usize; 2] {
    let merged = melee::whole_odds_exact(board, decl);
    let all = melee::whole_odds_exhaustive(board, decl);
    for (x, y) in [
        (
            merged.attacker_win_probability,
            all.attacker_win_probability,
        ),
        (merged.called_off_probability, all.called_off_probability),
    ] {
        assert!((x - y).abs() < 1e-12, "{merged:?} {all:?}");
    }
    [merged.states, all.states]
}

/// Issue 32: the whole odds stay exact while the fire's branches fit the work budget (the seed's
/// example: the same figures as the unbounded enumeration, to the bit), and beyond it (the
/// three-hex melee since fire is the series', the stress case, and a generated worst case under
/// every system, whose branches run to millions) they are a sample of the fire, said to be one,
/// within three standard errors of the exact figures where those can be had; the sample is
/// seeded, so the same every time.
#[test]
fn whole_odds_beyond_the_work_budget_are_a_seeded_sample_near_the_exact_odds() {
    let (seed, seed_decl) = seed_example();
    let b = seed.board();
    let shown = melee::whole_odds(&b, &seed_decl);
    assert!(shown.exact && shown.states > 1, "{shown:?}");
    assert_eq!(shown, melee::whole_odds_exact(&b, &seed_decl));
    // The three-hex melee's fire (a regiment and a battery, at the series' strength) branches
    // past the budget: a sample near its exact odds.
    let (big, big_decl) = big_melee();
    let b = big.board();
    let shown = melee::whole_odds(&b, &big_decl);
    assert!(!shown.exact, "{shown:?}");
    assert_sampled_within_reach(&shown, &melee::whole_odds_exact(&b, &big_decl));
    let (stress, decl) = crate::common::fire_that_tires_and_routs();
    let b = stress.board();
    let shown = melee::whole_odds(&b, &decl);
    assert!(
        !shown.exact,
        "the stress case is over the budget: {shown:?}"
    );
    assert_sampled_within_reach(&shown, &melee::whole_odds_exact(&b, &decl));
    assert_eq!(shown, melee::whole_odds(&b, &decl), "seeded");
    for name in bayonet::rules::params::MeleeSystemName::ALL {
        let (f, decl) = crate::common::worst_melee(name);
        let b = f.board();
        assert!(
            melee::system(&b.params).check(&b, &decl).is_empty(),
            "{name:?}"
        );
        let w = melee::whole_odds(&b, &decl);
        assert!(!w.exact && w.states == 0, "{name:?}: {w:?}");
        // The fire at seven units breaks some of them up in most runs, and sometimes all.
        assert!(
            w.attackers_drop_probability > 0.3 && w.called_off_probability > 0.0,
            "{name:?}: {w:?}"
        );
        assert!(
            w.attacker_win_probability + w.called_off_probability <= 1.0 + 1e-9
                && w.attacker_win_probability < w.melee_only_probability,
            "{name:?}: {w:?}"
        );
    }
}

/// §15.0 D-sys-6: one roll of a system's dice (`roll_loser`, what the whole odds' sampled runs
/// take where the exact odds are heavy) has the attacker win as often as the system's exact
/// odds say, within four standard errors over 20,000 seeds: under every system, on the
/// generated worst case (ten units) and on 400 against 300 in the open.
#[test]
fn d_sys_6_a_roll_of_each_systems_dice_wins_as_often_as_its_exact_odds_say() {
    use rand::SeedableRng;
    let n = 20_000u64;
    for name in bayonet::rules::params::MeleeSystemName::ALL {
        let (worst, worst_decl) = crate::common::worst_melee(name);
        let mut small = Field::new(12, 10);
        small.params.melee_system = name;
        let d = small.center();
        small.add(1, inf(), d, Facing::SW, 300);
        let a = small.attacker(0, inf(), d, Facing::SW, 400);
        let small_decl = Declaration {
            attackers: vec![a],
            defending_hex: d,
            follow_up: true,
        };
        for (what, board, decl) in [
            ("worst", worst.board(), worst_decl),
            ("400 on 300", small.board(), small_decl),
        ] {
            let system = melee::system(&board.params);
            assert!(system.check(&board, &decl).is_empty(), "{name:?} {what}");
            let p = system
                .breakdown(&board, &decl)
                .odds()
                .attacker_win_probability;
            let mut wins = 0u32;
            let mut copy = board.clone();
            for seed in 0..n {
                copy.restore_play(&board);
                let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
                wins += u32::from(
                    system.roll_loser(&mut copy, &decl, &mut rng) == Some(MeleeSide::Defender),
                );
            }
            let seen = f64::from(wins) / n as f64;
            let sd = (p * (1.0 - p) / n as f64).sqrt().max(1.0 / n as f64);
            eprintln!("{name:?} {what}: exact {p:.4}, rolled {seen:.4}");
            assert!(
                (seen - p).abs() < 4.0 * sd,
                "{name:?} {what}: exact {p} rolled {seen}"
            );
        }
    }
}

/// The sampled runs' reset: after a melee resolved on a copy (losses, retreats, marks) and a
/// changed clock and pending list, `restore_play` makes the copy the start board again.
#[test]
fn restore_play_makes_a_played_copy_the_start_board_again() {
    use rand::SeedableRng;
    let (f, decl) = big_melee();
    let board = f.board();
    let mut copy = board.clone();
    let out = melee::resolve(
        &mut copy,
        &decl,
        &mut rand_chacha::ChaCha8Rng::seed_from_u64(3),
    );
    copy.turn += 1;
    copy.minutes += 20;
    copy.night = !copy.night;
    copy.over = true;
    copy.pending.push(decl.clone());
    copy.phase_losers.push(decl.attackers[0]);
    assert_ne!(format!("{copy:?}"), format!("{board:?}"), "{out:?}");
    copy.restore_play(&board);
    assert_eq!(format!("{copy:?}"), format!("{board:?}"));
}

/// Issue 32: the whole odds weigh each system's exact melee odds by their cost. One volley at
/// the generated worst case's ten units leaves a few dozen different melees: under §9 (a few
/// microseconds each) the odds stay exact; under La Bataille (its walk, 0.4 ms for ten units)
/// and Impetus (every tuple of dice, 0.17 ms) they would take over the melee budget, so they
/// are a seeded sample; a two-unit La Bataille melee's walk is cheap, and its odds exact.
#[test]
fn whole_odds_weigh_each_systems_melee_odds_by_their_cost() {
    use bayonet::rules::params::MeleeSystemName;
    for (name, exact) in [
        (MeleeSystemName::Tiller, true),
        (MeleeSystemName::LaBataille, false),
        (MeleeSystemName::Impetus, false),
    ] {
        let (b, decl) = one_shooter_at_the_worst_case(name, name, 200);
        let all = melee::whole_odds_exact(&b, &decl);
        assert!(all.states > 25, "{name:?}: {all:?}");
        let w = melee::whole_odds(&b, &decl);
        assert_eq!(w.exact, exact, "{name:?}: {w:?}");
        if exact {
            assert_eq!(w, all);
        }
    }
    let (f, decl) = one_volley_at_two_units_under_la_bataille();
    let w = melee::whole_odds(&f.board(), &decl);
    assert!(w.exact && w.states > 4, "{w:?}");
    // A volley of 3,000 men leaves 488 different melees: 7 µs each under Bodenstedt is over
    // the melee budget, 3 µs each under §9 within it (the fire's own branches fit either way).
    for (name, exact) in [
        (MeleeSystemName::Bodenstedt, false),
        (MeleeSystemName::Tiller, true),
    ] {
        let (b, decl) = one_shooter_at_the_worst_case(MeleeSystemName::Bodenstedt, name, 3_000);
        let w = melee::whole_odds(&b, &decl);
        assert_eq!(w.exact, exact, "{name:?}: {w:?}");
        assert!(!exact || w.states == 488, "{w:?}");
    }
}

/// The generated worst case under `made_for`, fought under `system`, its attackers fresh and
/// steady and one defending regiment of `men` left to fire (the rest have fired): the fire's
/// branches fit the work budget.
fn one_shooter_at_the_worst_case(
    made_for: bayonet::rules::params::MeleeSystemName,
    system: bayonet::rules::params::MeleeSystemName,
    men: u32,
) -> (bayonet::rules::board::Board, Declaration) {
    let (f, decl) = crate::common::worst_melee(made_for);
    let mut b = f.board();
    b.params.melee_system = system;
    for u in b.units.iter_mut().filter(|u| u.side.0 == 0) {
        (u.fatigue, u.disrupted) = (0, false);
    }
    let mut kept = false;
    for u in b.units.iter_mut().filter(|u| u.side.0 == 1) {
        if kept || u.kind != UnitKind::Infantry {
            u.marks.opportunity_fired = true;
        } else {
            u.men = men;
            // A pistol (1 a man at 1 hex, D-fire-2): the one volley this case weighs against the
            // melee's cost, at the size it was built around.
            u.weapon = "pistol".into();
            kept = true;
        }
    }
    (b, decl)
}

fn one_volley_at_two_units_under_la_bataille() -> (Field, Declaration) {
    let mut f = Field::new(10, 8);
    f.params.melee_system = bayonet::rules::params::MeleeSystemName::LaBataille;
    let d = f.center();
    f.add(1, inf(), d, Facing::SW, 600);
    let a = f.attacker(0, inf(), d, Facing::SW, 204);
    let decl = Declaration {
        attackers: vec![a],
        defending_hex: d,
        follow_up: true,
    };
    (f, decl)
}
