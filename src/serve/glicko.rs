//! Glicko-2 ratings (Glickman, "Example of the Glicko-2 system", 2013), as the ladder keeps
//! them: each rated game is a rating period of its own for both players (as the large online
//! clubs do), so a rating moves as soon as a game ends.

use std::f64::consts::PI;

/// Glickman's scale between the Glicko and the Glicko-2 numbers.
const SCALE: f64 = 173.7178;
/// How far volatility may move in a period (Glickman suggests 0.3 to 1.2).
pub const TAU: f64 = 0.5;
const EPSILON: f64 = 0.000_001;

/// A player's rating, its deviation and volatility, on the Glicko scale (1500, 350, 0.06 to
/// begin with).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

impl Default for Rating {
    fn default() -> Rating {
        Rating {
            rating: 1500.0,
            deviation: 350.0,
            volatility: 0.06,
        }
    }
}

/// One game of the period: the opponent's rating before it, and the score (1 a win, ½ a draw,
/// 0 a loss).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Game {
    pub opponent: Rating,
    pub score: f64,
}

fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (PI * PI)).sqrt()
}

fn expected(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

/// The rating after a period of `games` (Glickman's steps 1 to 8); a period without games only
/// widens the deviation.
pub fn rate(player: Rating, games: &[Game], tau: f64) -> Rating {
    let mu = (player.rating - 1500.0) / SCALE;
    let phi = player.deviation / SCALE;
    let sigma = player.volatility;
    if games.is_empty() {
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        return Rating {
            deviation: phi_star * SCALE,
            ..player
        };
    }
    let each: Vec<(f64, f64, f64)> = games
        .iter()
        .map(|gm| {
            let mu_j = (gm.opponent.rating - 1500.0) / SCALE;
            let phi_j = gm.opponent.deviation / SCALE;
            (g(phi_j), expected(mu, mu_j, phi_j), gm.score)
        })
        .collect();
    let v = 1.0
        / each
            .iter()
            .map(|(gj, e, _)| gj * gj * e * (1.0 - e))
            .sum::<f64>();
    let improvement: f64 = each.iter().map(|(gj, e, s)| gj * (s - e)).sum();
    let delta = v * improvement;
    let sigma2 = volatility(delta, phi, v, sigma, tau);
    let phi_star = (phi * phi + sigma2 * sigma2).sqrt();
    let phi2 = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    let mu2 = mu + phi2 * phi2 * improvement;
    Rating {
        rating: SCALE * mu2 + 1500.0,
        deviation: SCALE * phi2,
        volatility: sigma2,
    }
}

/// Step 5: the new volatility, by the Illinois algorithm.
fn volatility(delta: f64, phi: f64, v: f64, sigma: f64, tau: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 && k < 1000.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let (mut fa, mut fb) = (f(big_a), f(big_b));
    let mut steps = 0;
    while (big_b - big_a).abs() > EPSILON && steps < 200 {
        let c = big_a + (big_a - big_b) * fa / (fb - fa);
        let fc = f(c);
        if fc * fb <= 0.0 {
            big_a = big_b;
            fa = fb;
        } else {
            fa /= 2.0;
        }
        big_b = c;
        fb = fc;
        steps += 1;
    }
    (big_a / 2.0).exp()
}

/// Both players after one game between them: `score` is the first's (1, ½ or 0).
pub fn after_game(first: Rating, second: Rating, score: f64) -> (Rating, Rating) {
    (
        rate(
            first,
            &[Game {
                opponent: second,
                score,
            }],
            TAU,
        ),
        rate(
            second,
            &[Game {
                opponent: first,
                score: 1.0 - score,
            }],
            TAU,
        ),
    )
}
