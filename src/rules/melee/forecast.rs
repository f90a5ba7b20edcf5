//! What a melee can do, as a distribution rather than one number (after Wesnoth's damage
//! calculation window): each side's loss range with its most likely value, and the chances that
//! the defender retreats, that guns are taken and that each unit is eliminated — for the melee
//! as declared, if it goes ahead.

use serde::{Deserialize, Serialize};

use super::{Breakdown, Declaration, system};
use crate::rules::board::Board;
use crate::rules::combat::{LossDistribution, split_loss};
use crate::rules::retreat::{self, RetreatChoice};
use crate::rules::unit::{UnitId, UnitKind};

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
        let last = d.probs.iter().rposition(|p| *p > 0.0).unwrap_or(0);
        let first = d.probs.iter().position(|p| *p > 0.0).unwrap_or(0);
        let top = d.probs.iter().copied().fold(0.0, f64::max);
        let middle = (first + last) as f64 / 2.0;
        let mode = (0..d.probs.len())
            .filter(|i| d.probs[*i] >= top - 1e-9)
            .min_by(|a, b| {
                (*a as f64 - middle)
                    .abs()
                    .total_cmp(&(*b as f64 - middle).abs())
            })
            .unwrap_or(0);
        LossForecast {
            low: d.start + first as u32,
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

/// Chance that a unit taking `share` of its side's loss is eliminated by it: men for foot and
/// horse, guns for a battery (one per `per_gun` men, one more with the remainder's chance).
fn gone_by_loss(kind: UnitKind, men: u32, guns: u32, share: u32, per_gun: u32) -> f64 {
    match kind {
        UnitKind::Leader => 0.0,
        UnitKind::Artillery => {
            let per = per_gun.max(1);
            let (whole, rem) = (share / per, share % per);
            if whole >= guns {
                1.0
            } else if whole + 1 >= guns {
                rem as f64 / per as f64
            } else {
                0.0
            }
        }
        _ => (share >= men && men > 0) as u8 as f64,
    }
}

/// The forecast of the melee `decl` on `board` as declared.
pub fn forecast(board: &Board, decl: &Declaration) -> Forecast {
    let b: Breakdown = system(&board.params).breakdown(board, decl);
    if let Some(sb) = &b.sector {
        return sector_forecast(board, &b, sb);
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

/// Bodenstedt's forecast (§15.1): the six rows of the column, equally likely.
fn sector_forecast(
    board: &Board,
    b: &Breakdown,
    sb: &super::bodenstedt::SectorBreakdown,
) -> Forecast {
    let men_of = |id: &UnitId| board.unit(*id).map_or(0, |u| u.men);
    let total = |r: &super::bodenstedt::RowResult, mine: bool| {
        if mine {
            r.attacker_total
        } else {
            r.defender_total
        }
    };
    let dist = |mine: bool| {
        let v: Vec<u32> = sb.rows.iter().map(|r| total(r, mine)).collect();
        let start = v.iter().copied().min().unwrap_or(0);
        let end = v.iter().copied().max().unwrap_or(0);
        let mut probs = vec![0.0; (end - start) as usize + 1];
        for x in &v {
            probs[(x - start) as usize] += 1.0 / v.len().max(1) as f64;
        }
        LossDistribution { start, probs }
    };
    let sixth = 1.0 / sb.rows.len().max(1) as f64;
    let falls = sb.rows.iter().filter(|r| r.cell.defender_digit < 0).count() as f64 * sixth;
    let guns = b
        .defenders
        .iter()
        .any(|s| retreat::cannot_retreat(board, s.unit));
    let eliminated = b
        .attackers
        .iter()
        .chain(&b.defenders)
        .map(|s| {
            let p = sb
                .rows
                .iter()
                .filter(|r| {
                    r.eliminated.contains(&s.unit)
                        || r.losses
                            .iter()
                            .any(|(id, m)| *id == s.unit && *m >= men_of(id) && *m > 0)
                })
                .count() as f64
                * sixth;
            (s.unit, p)
        })
        .filter(|(_, p)| *p > 0.0)
        .collect();
    Forecast {
        attacker_loss: LossForecast::of(&dist(true)),
        defender_loss: LossForecast::of(&dist(false)),
        defender_retreats: falls,
        guns_captured: if guns && board.params.optional.artillery_capture {
            falls
        } else {
            0.0
        },
        eliminated,
    }
}
