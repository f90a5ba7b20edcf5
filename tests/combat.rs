//! RULES.md §8: the combat results engine shared by fire and melee.

use bayonet::rules::combat::{
    LossDistribution, fatigue_from_loss, guns_lost, random_round, roll_loss, split_loss,
};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// §8: a loss's fractional part rounds up with probability equal to it (3.7 → 4 seven times in
/// ten); a whole number stays.
#[test]
fn fraction_rounds_up_with_its_own_probability() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let n = 20_000;
    let ups = (0..n).filter(|_| random_round(3.7, &mut rng) == 4).count();
    let share = ups as f64 / n as f64;
    assert!(
        (share - 0.7).abs() < 0.015,
        "3.7 rounded up {share} of the time"
    );
    assert!((0..1000).all(|_| random_round(5.0, &mut rng) == 5));
}

/// §8: the exact loss distribution (uniform in [low, high], then random rounding) matches 200,000
/// rolls of the seed example's 11.25–56.25.
#[test]
fn exact_distribution_matches_the_dice() {
    let range = [11.25, 56.25];
    let dist = LossDistribution::of(range);
    let total: f64 = dist.probs.iter().sum();
    assert!((total - 1.0).abs() < 1e-9);
    assert_eq!(dist.start, 11);
    assert_eq!(dist.start as usize + dist.probs.len() - 1, 57);
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let n = 200_000;
    let mut counts = vec![0u32; 70];
    for _ in 0..n {
        counts[roll_loss(range, &mut rng) as usize] += 1;
    }
    for (i, p) in dist.probs.iter().enumerate() {
        let seen = counts[dist.start as usize + i] as f64 / n as f64;
        assert!(
            (seen - p).abs() < 0.004,
            "value {}: {seen} vs {p}",
            dist.start as usize + i
        );
    }
    assert!(
        (dist.mean() - (11.25 + 56.25) / 2.0).abs() < 1e-9,
        "rounding keeps the mean"
    );
}

/// §8: a range of one point still rounds randomly; D-cr-2: a distribution capped at what the side
/// has.
#[test]
fn a_point_range_rounds_randomly() {
    let d = LossDistribution::of([2.5, 2.5]);
    assert_eq!(d.start, 2);
    assert_eq!(d.probs, vec![0.5, 0.5]);
    let capped = LossDistribution::of([10.0, 30.0]).capped(15);
    assert_eq!(capped.start as usize + capped.probs.len() - 1, 15);
    assert!((capped.probs.iter().sum::<f64>() - 1.0).abs() < 1e-9);
}

/// §8: against artillery each 25 men of loss removes a gun and a remainder r one more with chance
/// r/25; never more guns than the battery has.
#[test]
fn each_25_men_of_loss_removes_a_gun() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    assert_eq!(guns_lost(50, 6, 25, &mut rng), 2);
    assert_eq!(
        guns_lost(500, 6, 25, &mut rng),
        6,
        "never more guns than the battery has"
    );
    let n = 20_000;
    let three = (0..n)
        .filter(|_| guns_lost(60, 6, 25, &mut rng) == 3)
        .count() as f64
        / n as f64;
    assert!(
        (three - 0.4).abs() < 0.015,
        "remainder 10 of 25 removes a third gun {three} of the time"
    );
}

/// D-cr-1.
#[test]
fn losses_split_by_contribution_with_largest_remainder() {
    assert_eq!(split_loss(41, &[300.0, 100.0], &[300, 100]), vec![31, 10]);
    assert_eq!(split_loss(0, &[300.0, 100.0], &[300, 100]), vec![0, 0]);
    // A unit never loses more than it has; the rest goes to the others.
    assert_eq!(split_loss(50, &[1.0, 1.0], &[5, 100]), vec![5, 45]);
    // Leaders (capacity 0) take nothing; a side never loses more than it has (D-cr-2).
    assert_eq!(split_loss(500, &[0.0, 200.0], &[0, 120]), vec![0, 120]);
    // Units that contributed nothing share a loss only when nobody else can take it.
    assert_eq!(split_loss(10, &[0.0, 50.0], &[40, 40]), vec![0, 10]);
    assert_eq!(split_loss(10, &[0.0, 0.0], &[30, 10]), vec![8, 2]);
}

/// §8: fatigue from a loss is uniform over [loss, 3 × loss], every value reached; no loss, no
/// fatigue.
#[test]
fn fatigue_from_loss_is_between_one_and_three_times_the_loss() {
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..5_000 {
        let f = fatigue_from_loss(20, 1, 3, &mut rng);
        assert!((20..=60).contains(&f));
        seen.insert(f);
    }
    assert_eq!(seen.len(), 41, "every value in [20, 60] turns up");
    // Other factors scale the same way (the parameters may set them).
    assert!((0..500).all(|_| (40..=60).contains(&fatigue_from_loss(20, 2, 3, &mut rng))));
    assert_eq!(fatigue_from_loss(0, 1, 3, &mut rng), 0);
}

/// §8/§9.4: fatigue gained is capped at 900; a unit already at 900 is "at maximum" (a melee
/// then calls for a morale check), one at 899 is not; a loss of nothing is no loss.
#[test]
fn fatigue_caps_at_900_and_was_max_means_already_there() {
    use bayonet::rules::combat::take_loss;
    use bayonet::rules::hex::Facing;
    let mut f = crate::common::Field::new(10, 8);
    let u = f.add(1, crate::common::inf(), f.center(), Facing::N, 300);
    for (before, gain, now, was_max) in [
        (899, 450, 900, false),
        (900, 10, 900, true),
        (500, 0, 500, false),
    ] {
        f.unit(u).fatigue = before;
        let mut b = f.board();
        let t = take_loss(&mut b, u, 20, |_| gain, &mut ChaCha8Rng::seed_from_u64(1)).unwrap();
        assert_eq!(
            (b.unit(u).unwrap().fatigue, t.was_max, t.gained),
            (now, was_max, gain)
        );
        assert_eq!(t.fatigue.is_some(), gain > 0);
        assert_eq!(b.unit(u).unwrap().men, 280);
        assert!(!t.spent);
    }
    let mut b = f.board();
    let t = take_loss(&mut b, u, 0, |_| 0, &mut ChaCha8Rng::seed_from_u64(1)).unwrap();
    assert_eq!(t.loss, None);
    let t = take_loss(&mut b, u, 300, |_| 0, &mut ChaCha8Rng::seed_from_u64(1)).unwrap();
    assert!(t.spent, "no men left");
}

/// The chance of each whole result by brute force: many raw results spread evenly over
/// `[low, high]` (clamped at 0), each rounded up with probability equal to its fraction.
fn tent_by_quadrature(low: f64, high: f64) -> std::collections::BTreeMap<u32, f64> {
    let (low, high) = (low.max(0.0), high.max(0.0));
    let steps = 200_000;
    let mut p = std::collections::BTreeMap::new();
    for k in 0..steps {
        let x = low + (high - low) * (k as f64 + 0.5) / steps as f64;
        let n = x.floor();
        *p.entry(n as u32).or_insert(0.0) += (1.0 - (x - n)) / steps as f64;
        *p.entry(n as u32 + 1).or_insert(0.0) += (x - n) / steps as f64;
    }
    p
}

/// §8: the exact distribution of a result (uniform in [low, high], then random rounding) is the
/// integral of the rounding tent — checked value by value against brute force, for ranges inside
/// one whole number, across several, from a whole number, below zero (clamped) and of one point.
#[test]
fn exact_distribution_is_the_integral_of_the_rounding_tent() {
    for [low, high] in [
        [0.3, 0.8],
        [0.5, 2.5],
        [2.0, 5.0],
        [11.25, 56.25],
        [-1.0, 1.5],
        [1.7, 2.2],
    ] {
        let d = LossDistribution::of([low, high]);
        let want = tent_by_quadrature(low, high);
        assert_eq!(d.start, low.max(0.0).floor() as u32, "[{low}, {high}]");
        assert_eq!(
            d.start as usize + d.probs.len() - 1,
            high.ceil() as usize,
            "[{low}, {high}] ends at the whole number above"
        );
        for (i, p) in d.probs.iter().enumerate() {
            let n = d.start + i as u32;
            let w = want.get(&n).copied().unwrap_or(0.0);
            assert!(
                (p - w).abs() < 1e-6,
                "[{low}, {high}]: P({n}) = {p}, want {w}"
            );
        }
        let mid = (low.max(0.0) + high.max(0.0)) / 2.0;
        assert!(
            (d.mean() - mid).abs() < 1e-9,
            "[{low}, {high}] keeps its mean"
        );
    }
    // One point: a whole number is certain; a fraction splits by it.
    assert_eq!(LossDistribution::of([3.0, 3.0]).probs, vec![1.0]);
    assert_eq!(LossDistribution::of([3.0, 3.0]).start, 3);
    let d = LossDistribution::of([2.25, 2.25]);
    assert_eq!((d.start, d.probs), (2, vec![0.75, 0.25]));
    let d = LossDistribution::of([-2.0, -1.0]);
    assert_eq!(
        (d.start, d.probs),
        (0, vec![1.0]),
        "a negative range is no loss"
    );
}

/// D-cr-2: a distribution capped at what a side has piles the chance of every larger result on
/// the cap; a cap below the smallest result is certain; a cap above the largest changes nothing.
/// `below(n)` is the chance of less than n.
#[test]
fn d_cr_2_capped_distribution_and_the_chance_below() {
    let full = LossDistribution::of([10.0, 30.0]);
    let capped = full.clone().capped(15);
    assert_eq!(capped.start, 10);
    assert_eq!(capped.probs.len(), 6);
    assert_eq!(capped.probs[..5], full.probs[..5]);
    let tail: f64 = full.probs[5..].iter().sum();
    assert!((capped.probs[5] - tail).abs() < 1e-12);
    assert!(tail > 0.7, "most of [10, 30] lies at 15 or above");
    let none = full.clone().capped(4);
    assert_eq!((none.start, none.probs), (4, vec![1.0]));
    assert_eq!(full.clone().capped(31), full);
    assert_eq!(full.clone().capped(30), full);

    let d = LossDistribution::of([0.5, 2.5]);
    assert_eq!(d.below(0), 0.0);
    assert!((d.below(1) - d.probs[0]).abs() < 1e-12);
    assert!((d.below(3) - (d.probs[0] + d.probs[1] + d.probs[2])).abs() < 1e-12);
    assert!((d.below(99) - 1.0).abs() < 1e-12);
    assert_eq!(
        full.below(10),
        0.0,
        "nothing lies below the smallest result"
    );
    assert!((full.below(11) - full.probs[0]).abs() < 1e-12);
    assert!((full.below(15) - full.probs[..5].iter().sum::<f64>()).abs() < 1e-12);
    assert!(
        (capped.mean()
            - (10.0 * capped.probs[0]
                + 15.0 * tail
                + (1..5)
                    .map(|i| (10 + i) as f64 * capped.probs[i])
                    .sum::<f64>()))
        .abs()
            < 1e-9
    );
}

/// §8: the range is LCV‰ to HCV‰ of the combat value, divided by the cavalry divisor.
#[test]
fn loss_range_is_per_mille_of_the_value_over_the_divisor() {
    use bayonet::rules::combat::loss_range;
    assert_eq!(loss_range(250.0, 45, 225, 1.0), [11.25, 56.25]);
    assert_eq!(loss_range(250.0, 45, 225, 2.0), [5.625, 28.125]);
}

/// §8 and replays: a whole-number result draws no die (the next die is the same as from a
/// fresh generator); a point range gives its number; a range below zero gives nothing.
#[test]
fn whole_results_draw_no_dice() {
    use rand::RngExt;
    let fresh = ChaCha8Rng::seed_from_u64(9).random::<u64>();
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    assert_eq!(random_round(5.0, &mut rng), 5);
    assert_eq!(random_round(0.0, &mut rng), 0);
    assert_eq!(
        rng.random::<u64>(),
        fresh,
        "no die drawn for a whole number"
    );
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    assert_eq!(guns_lost(50, 6, 25, &mut rng), 2);
    assert_eq!(guns_lost(0, 6, 25, &mut rng), 0);
    assert_eq!(rng.random::<u64>(), fresh, "no die drawn for whole guns");
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    assert!((0..200).all(|_| roll_loss([4.0, 4.0], &mut rng) == 4));
    assert!((0..200).all(|_| roll_loss([-3.0, -1.0], &mut rng) == 0));
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..2_000 {
        seen.insert(roll_loss([2.0, 5.0], &mut rng));
    }
    assert_eq!(seen.into_iter().collect::<Vec<_>>(), vec![2, 3, 4, 5]);
    assert!((0..2_000).all(|_| guns_lost(60, 6, 25, &mut rng) >= 2));
}

/// D-cr-1: the largest remainders get the odd men, ties to the first unit; when the first
/// round leaves men over (a unit full), they go round again to those with room.
#[test]
fn d_cr_1_largest_remainder_ties_and_rounds() {
    assert_eq!(split_loss(1, &[1.0, 1.0], &[10, 10]), vec![1, 0]);
    assert_eq!(
        split_loss(2, &[1.0, 1.0, 1.0], &[10, 10, 10]),
        vec![1, 1, 0]
    );
    assert_eq!(
        split_loss(3, &[1.0, 2.0, 4.0], &[10, 10, 10]),
        vec![0, 1, 2]
    );
    assert_eq!(
        split_loss(5, &[1.0, 2.0, 4.0], &[10, 10, 10]),
        vec![1, 1, 3]
    );
    assert_eq!(
        split_loss(10, &[3.0, 1.0, 0.0], &[2, 10, 10]),
        vec![2, 8, 0]
    );
    assert_eq!(split_loss(9, &[1.0, 1.0, 1.0], &[1, 1, 20]), vec![1, 1, 7]);
    // A unit with no room (a leader) takes no part in the rounding: the others' remainders
    // decide it, as if it were not there.
    assert_eq!(split_loss(5, &[1.0, 1.0, 2.0], &[0, 10, 10]), vec![0, 2, 3]);
    // A unit part-filled in one round is filled only up to its room in the next.
    assert_eq!(
        split_loss(20, &[10.0, 1.0, 0.01], &[1, 10, 100]),
        vec![1, 10, 9]
    );
    assert_eq!(
        split_loss(100, &[1.0, 1.0], &[3, 4]),
        vec![3, 4],
        "never more than all"
    );
}

/// §8: a battery's share takes guns first (one per 25 men, whole here so no die), then men up
/// to what it has; the outcome reports men, guns and share, and the fatigue it now has; a
/// battery with no guns left is spent; an infantry share takes no guns.
#[test]
fn a_battery_share_takes_guns_and_men() {
    use bayonet::rules::combat::take_loss;
    use bayonet::rules::hex::Facing;
    use bayonet::rules::unit::UnitKind;
    let mut f = crate::common::Field::new(10, 8);
    let g = f.add(1, UnitKind::Artillery, f.center(), Facing::N, 4);
    let i = f.add(1, crate::common::inf(), f.hex(2, 2), Facing::N, 300);
    f.unit(g).fatigue = 100;
    let mut b = f.board();
    let t = take_loss(&mut b, g, 50, |n| n * 2, &mut ChaCha8Rng::seed_from_u64(1)).unwrap();
    let l = t.loss.unwrap();
    assert_eq!((l.unit, l.men, l.guns, l.share), (g, 50, 2, 50));
    let gain = t.fatigue.unwrap();
    assert_eq!(gain.unit, g);
    assert!((100..=300).contains(&gain.gained) && gain.gained % 2 == 0);
    assert_eq!(gain.now, 100 + gain.gained);
    assert_eq!(b.unit(g).unwrap().fatigue, gain.now);
    assert_eq!((b.unit(g).unwrap().men, b.unit(g).unwrap().guns), (10, 2));
    assert!(!t.spent);
    let t = take_loss(&mut b, g, 60, |_| 0, &mut ChaCha8Rng::seed_from_u64(1)).unwrap();
    let l = t.loss.unwrap();
    assert_eq!(
        (l.men, l.guns, l.share),
        (10, 2, 60),
        "men up to what it has, guns too"
    );
    assert!(t.spent, "no guns left");
    let t = take_loss(&mut b, i, 30, |_| 0, &mut ChaCha8Rng::seed_from_u64(1)).unwrap();
    assert_eq!(t.loss.unwrap().guns, 0);
    assert_eq!((b.unit(i).unwrap().men, b.unit(i).unwrap().guns), (270, 0));
    assert_eq!(
        take_loss(
            &mut b,
            bayonet::rules::unit::UnitId(99),
            5,
            |_| 0,
            &mut ChaCha8Rng::seed_from_u64(1)
        ),
        None
    );
}
