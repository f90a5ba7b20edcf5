//! Exact melee odds from a breakdown alone: both loss distributions with random rounding, each
//! capped at what the side can lose (D-cr-2), and the defender winning ties.

use serde::{Deserialize, Serialize};

use super::Breakdown;
use crate::rules::combat::LossDistribution;

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Odds {
    pub attacker_win_probability: f64,
    pub expected_attacker_loss: f64,
    pub expected_defender_loss: f64,
}

pub fn odds(b: &Breakdown) -> Odds {
    let att = LossDistribution::of(b.attacker_loss_range).capped(b.attacker_capacity);
    let def = LossDistribution::of(b.defender_loss_range).capped(b.defender_capacity);
    // The attacker wins when the defender's loss is strictly greater.
    let mut prefix = Vec::with_capacity(att.probs.len() + 1);
    prefix.push(0.0);
    for q in &att.probs {
        prefix.push(prefix.last().unwrap_or(&0.0) + q);
    }
    let below = |n: u32| {
        let k = n.saturating_sub(att.start) as usize;
        prefix[k.min(att.probs.len())]
    };
    let p: f64 = def
        .probs
        .iter()
        .enumerate()
        .map(|(i, pd)| pd * below(def.start + i as u32))
        .sum();
    let attacker_win_probability = if b.bridge_damage {
        0.0
    } else {
        p.clamp(0.0, 1.0)
    };
    Odds {
        attacker_win_probability,
        expected_attacker_loss: att.mean(),
        expected_defender_loss: def.mean(),
    }
}
