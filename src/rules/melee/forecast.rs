//! What a melee can do, as a distribution rather than one number (after Wesnoth's damage
//! calculation window): each side's loss range with its most likely value, and the chances that
//! the defender retreats, that guns are taken and that each unit is eliminated — for the melee
//! as declared, if it goes ahead.

use serde::{Deserialize, Serialize};

use super::{Breakdown, Declaration, Ending, gone_by_loss, system};
use crate::rules::board::Board;
use crate::rules::combat::{LossDistribution, split_loss};
use crate::rules::retreat::{self, RetreatChoice};
use crate::rules::unit::UnitId;

/// One side's loss: the smallest and largest it can be, and the most likely.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct LossForecast {
    pub low: u32,
    pub high: u32,
    /// The most likely value (the middlemost of equally likely ones: inside its range a loss
    /// is about evenly spread, and a side that loses all it can piles up at that end).
    pub most_likely: u32,
    pub most_likely_probability: f64,
    pub expected: f64,
}

impl LossForecast {
    fn of(d: &LossDistribution) -> LossForecast {
        // Both ends of a distribution have a chance above zero (a range's ends round to them
        // with a chance, an enumeration spans the results it has).
        let last = d.probs.len().saturating_sub(1);
        let top = d.probs.iter().copied().fold(0.0, f64::max);
        let middle = last as f64 / 2.0;
        let mode = (0..d.probs.len())
            .filter(|i| d.probs[*i] >= top - 1e-9)
            .min_by(|a, b| {
                (*a as f64 - middle)
                    .abs()
                    .total_cmp(&(*b as f64 - middle).abs())
            })
            .unwrap_or(0);
        LossForecast {
            low: d.start,
            high: d.start + last as u32,
            most_likely: d.start + mode as u32,
            most_likely_probability: d.probs.get(mode).copied().unwrap_or(0.0),
            expected: d.mean(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Forecast {
    pub attacker_loss: LossForecast,
    pub defender_loss: LossForecast,
    /// The defender loses and must retreat (§10).
    pub defender_retreats: f64,
    /// Guns that cannot retreat change side (optional Artillery Capture; without it they are
    /// eliminated, and counted in `eliminated`).
    pub guns_captured: f64,
    /// Each unit's chance to leave the board: to its losses, or surrendering with no hex to
    /// retreat to. Units that cannot be eliminated are left out.
    pub eliminated: Vec<(UnitId, f64)>,
}

/// The forecast of the melee `decl` on `board` as declared.
pub fn forecast(board: &Board, decl: &Declaration) -> Forecast {
    let system = system(&board.params);
    let b: Breakdown = system.breakdown(board, decl);
    if let Some(endings) = b.endings(board) {
        return sampled_forecast(board, &b, &endings);
    }
    let att = LossDistribution::of(b.attacker_loss_range).capped(b.attacker_capacity);
    let def = LossDistribution::of(b.defender_loss_range).capped(b.defender_capacity);
    let per_gun = board.params.combat.men_per_gun_lost;
    let hexes = decl.attacking_hexes(board);
    // P(attacker's loss < n): the defender loses when its loss is greater.
    let below = |n: u32| att.below(n);
    let mut out = Forecast {
        attacker_loss: LossForecast::of(&att),
        defender_loss: LossForecast::of(&def),
        defender_retreats: 0.0,
        guns_captured: 0.0,
        eliminated: Vec::new(),
    };
    if b.bridge_damage {
        return out;
    }
    let unit = |id: UnitId| board.unit(id);
    // Defenders: by losses, or when they lose, by having nowhere to go.
    let weights: Vec<f64> = b.defenders.iter().map(|s| s.strength).collect();
    let caps: Vec<u32> = b.defenders.iter().map(|s| s.capacity).collect();
    let stuck: Vec<bool> = b
        .defenders
        .iter()
        .map(|s| {
            unit(s.unit).is_some_and(|u| {
                retreat::cannot_retreat(board, s.unit)
                    || matches!(
                        retreat::choose(
                            board,
                            s.unit,
                            decl.defending_hex,
                            &hexes,
                            board.edge(u.side)
                        ),
                        RetreatChoice::Surrender
                    )
            })
        })
        .collect();
    let guns: Vec<bool> = b
        .defenders
        .iter()
        .map(|s| retreat::cannot_retreat(board, s.unit))
        .collect();
    let mut gone = vec![0.0; b.defenders.len()];
    for (i, p) in def.probs.iter().enumerate() {
        let loss = def.start + i as u32;
        let lose = below(loss);
        out.defender_retreats += p * lose;
        // Guns left standing after the losses are captured when the defender loses.
        let mut all_destroyed = 1.0;
        for (k, share) in split_loss(loss, &weights, &caps).into_iter().enumerate() {
            let Some(u) = unit(b.defenders[k].unit) else {
                continue;
            };
            let by_loss = gone_by_loss(u.kind, u.men, u.guns, share, per_gun);
            if guns[k] {
                all_destroyed *= by_loss;
            }
            let stuck_out = if stuck[k] && !(guns[k] && board.params.optional.artillery_capture) {
                lose
            } else {
                0.0
            };
            gone[k] += p * (by_loss + (1.0 - by_loss) * stuck_out);
        }
        if board.params.optional.artillery_capture && guns.iter().any(|g| *g) {
            out.guns_captured += p * lose * (1.0 - all_destroyed);
        }
    }
    // Attackers: by losses only (a losing attacker stays where it is).
    let weights: Vec<f64> = b.attackers.iter().map(|s| s.strength).collect();
    let caps: Vec<u32> = b.attackers.iter().map(|s| s.capacity).collect();
    let mut lost = vec![0.0; b.attackers.len()];
    for (i, p) in att.probs.iter().enumerate() {
        let loss = att.start + i as u32;
        for (k, share) in split_loss(loss, &weights, &caps).into_iter().enumerate() {
            if let Some(u) = unit(b.attackers[k].unit) {
                lost[k] += p * gone_by_loss(u.kind, u.men, u.guns, share, per_gun);
            }
        }
    }
    out.eliminated = b
        .attackers
        .iter()
        .zip(lost)
        .chain(b.defenders.iter().zip(gone))
        .filter(|(_, p)| *p > 0.0)
        .map(|(s, p)| (s.unit, p))
        .collect();
    out
}

/// The forecast from a system's own enumerated distribution.
fn sampled_forecast(board: &Board, b: &Breakdown, samples: &[Ending]) -> Forecast {
    let dist = |mine: bool| {
        let v: Vec<(u32, f64)> = samples
            .iter()
            .map(|s| {
                (
                    if mine {
                        s.attacker_loss
                    } else {
                        s.defender_loss
                    },
                    s.weight,
                )
            })
            .collect();
        let start = v.iter().map(|x| x.0).min().unwrap_or(0);
        let end = v.iter().map(|x| x.0).max().unwrap_or(0);
        let mut probs = vec![0.0; (end - start) as usize + 1];
        for (x, w) in &v {
            probs[(x - start) as usize] += w;
        }
        LossDistribution { start, probs }
    };
    let falls: f64 = samples
        .iter()
        .filter(|s| s.defender_moves)
        .map(|s| s.weight)
        .sum();
    // D-cap-1: when the defender loses, its guns that cannot retreat and are still there are
    // captured (optional rule) or eliminated.
    let stuck: Vec<UnitId> = b
        .defenders
        .iter()
        .map(|s| s.unit)
        .filter(|id| retreat::cannot_retreat(board, *id))
        .collect();
    let capture = board.params.optional.artillery_capture;
    // The chance that some stuck battery is still there to be taken.
    let taken = |s: &Ending| -> f64 {
        if !s.defender_loses {
            return 0.0;
        }
        1.0 - stuck.iter().map(|id| s.gone(*id)).product::<f64>()
    };
    let guns_captured: f64 = if capture {
        samples.iter().map(|s| s.weight * taken(s)).sum()
    } else {
        0.0
    };
    let eliminated = b
        .attackers
        .iter()
        .chain(&b.defenders)
        .map(|u| {
            let p: f64 = samples
                .iter()
                .map(|s| {
                    let lost_guns = !capture && s.defender_loses && stuck.contains(&u.unit);
                    s.weight * if lost_guns { 1.0 } else { s.gone(u.unit) }
                })
                .sum();
            (u.unit, p)
        })
        .filter(|(_, p)| *p > 0.0)
        .collect();
    Forecast {
        attacker_loss: LossForecast::of(&dist(true)),
        defender_loss: LossForecast::of(&dist(false)),
        defender_retreats: falls,
        guns_captured,
        eliminated,
    }
}
