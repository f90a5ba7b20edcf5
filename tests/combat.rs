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

#[test]
fn losses_split_by_contribution_with_largest_remainder() {
    // D-cr-1.
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
