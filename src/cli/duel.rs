//! `bayonet duel FILE --first AI --second AI --seeds N`: the yardstick of the computer
//! opponents. Each seed is played twice, the two opponents trading sides, so that each side's
//! result under one opponent is held against the other's in the same seat with the same dice to
//! begin with; prints the wins, draws and losses of the first opponent by seat and the mean
//! victory-point difference with its 95 % interval.

use super::CliError;
use serde::Serialize;
use serde_json::json;

use super::args::Duel;
use crate::rules::scenario::{self, Scenario};
use crate::rules::unit::Side;
use crate::rules::victory::VictoryReport;
use crate::sim::Brain;

/// A side's victory points in a finished game (the report counts them for the first side).
fn points(s: &Scenario, r: &VictoryReport, side: Side) -> f64 {
    if side == s.first_side {
        r.total
    } else {
        -r.total
    }
}

/// One seed's two games: `as_side[k]` is the game where the first opponent played side `k`.
#[derive(Debug, Clone, Serialize)]
pub struct Pair {
    pub seed: u64,
    /// The first side's total in each game.
    pub totals: [f64; 2],
    /// For each seat (side), the first opponent's points there, and the second's.
    pub first_points: [f64; 2],
    pub second_points: [f64; 2],
    /// For each seat (side), the first opponent's points there less the second's. (Points are
    /// zero-sum, so both seats of a seed give the same difference.)
    pub difference: [f64; 2],
}

/// How the first opponent did in a seat (or in both), against the second in the same seat.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Tally {
    pub wins: usize,
    pub draws: usize,
    pub losses: usize,
    pub mean: f64,
    /// The 95 % interval of the mean (normal approximation; none from fewer than two pairs).
    pub interval: Option<[f64; 2]>,
}

/// The mean of `d` and its 95 % interval: mean ± 1.96 × the sample's standard deviation / √n.
pub fn mean_interval(d: &[f64]) -> (f64, Option<[f64; 2]>) {
    let n = d.len() as f64;
    if d.is_empty() {
        return (0.0, None);
    }
    let mean = d.iter().sum::<f64>() / n;
    if d.len() < 2 {
        return (mean, None);
    }
    let var = d.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    let half = 1.96 * (var / n).sqrt();
    (mean, Some([mean - half, mean + half]))
}

/// The wins, draws and losses of differences, and their mean with its interval.
pub fn tally(d: &[f64]) -> Tally {
    let (mean, interval) = mean_interval(d);
    Tally {
        wins: d.iter().filter(|x| **x > 0.0).count(),
        draws: d.iter().filter(|x| **x == 0.0).count(),
        losses: d.iter().filter(|x| **x < 0.0).count(),
        mean,
        interval,
    }
}

/// Plays seed `seed` twice: the first opponent as side 0, then as side 1.
pub fn pair(s: &Scenario, first: Brain, second: Brain, seed: u64) -> Pair {
    let game = |brains| super::autoplay::autoplay(s, Some(seed), brains).1;
    let g = [game([first, second]), game([second, first])];
    let first_points = [0u8, 1].map(|k| points(s, &g[usize::from(k)], Side(k)));
    let second_points = [0u8, 1].map(|k| points(s, &g[usize::from(1 - k)], Side(k)));
    Pair {
        seed,
        totals: [g[0].total, g[1].total],
        first_points,
        second_points,
        difference: [0, 1].map(|k| first_points[k] - second_points[k]),
    }
}

pub fn run(args: &Duel) -> Result<i32, CliError> {
    let mut s = scenario::load_file(&args.file)?;
    args.rules.adjust(&mut s)?;
    let first: Brain =
        (args.first.parse()).map_err(|e| CliError::Option(format!("--first: {e}")))?;
    let second: Brain =
        (args.second.parse()).map_err(|e| CliError::Option(format!("--second: {e}")))?;
    if args.seeds == 0 {
        return Err(CliError::Option("--seeds: at least one".into()));
    }
    let pairs: Vec<Pair> = (args.from..args.from + args.seeds)
        .map(|seed| pair(&s, first, second, seed))
        .collect();
    let seat = |k: usize| tally(&pairs.iter().map(|p| p.difference[k]).collect::<Vec<_>>());
    let seats = [seat(0), seat(1)];
    // One observation a seed: the two seats' differences averaged (not counted twice).
    let both = tally(
        &pairs
            .iter()
            .map(|p| (p.difference[0] + p.difference[1]) / 2.0)
            .collect::<Vec<_>>(),
    );
    let mean_of = |k: usize, f: fn(&Pair) -> [f64; 2]| {
        pairs.iter().map(|p| f(p)[k]).sum::<f64>() / pairs.len() as f64
    };
    if args.json {
        let by_seat: Vec<_> = seats
            .iter()
            .enumerate()
            .map(|(k, t)| {
                json!({
                    "side": s.side_name(Side(k as u8)),
                    "first_points": mean_of(k, |p| p.first_points),
                    "second_points": mean_of(k, |p| p.second_points),
                    "tally": t,
                })
            })
            .collect();
        println!(
            "{}",
            json!({
                "scenario": s.name,
                "first": first.name(),
                "second": second.name(),
                "seeds": args.seeds,
                "games": pairs.len() * 2,
                "pairs": pairs,
                "seats": by_seat,
                "per_seed": both,
            })
        );
        return Ok(0);
    }
    println!(
        "{}: {} against {}, {} seeds ({} games, each seed with both pairings)",
        s.name,
        first.name(),
        second.name(),
        args.seeds,
        pairs.len() * 2
    );
    println!(
        "{:<14} {:>8} {:>8} {:>5} {:>6} {:>7}   mean difference (95% interval)",
        "seat",
        first.name(),
        second.name(),
        "wins",
        "draws",
        "losses",
    );
    let line = |name: &str, points: Option<(f64, f64)>, t: &Tally| {
        let iv = t.interval.map_or("(too few seeds)".to_owned(), |[lo, hi]| {
            format!("({lo:+.1} to {hi:+.1})")
        });
        let (a, b) = points.map_or((String::new(), String::new()), |(a, b)| {
            (format!("{a:+.0}"), format!("{b:+.0}"))
        });
        println!(
            "{:<14} {a:>8} {b:>8} {:>5} {:>6} {:>7}   {:+.1} {iv}",
            name, t.wins, t.draws, t.losses, t.mean
        );
    };
    for (k, t) in seats.iter().enumerate() {
        let points = (
            mean_of(k, |p| p.first_points),
            mean_of(k, |p| p.second_points),
        );
        line(s.side_name(Side(k as u8)), Some(points), t);
    }
    line("per seed", None, &both);
    println!(
        "(each opponent's mean points in that seat; a win is a seed where {} scored more there than {})",
        first.name(),
        second.name()
    );
    Ok(0)
}
