//! Impetus's exact odds (D-sys-6): every tuple of the four (five) dice, equally likely.

use serde::{Deserialize, Serialize};

use super::{ImpetusBreakdown, fight};
use crate::rules::melee::Outcomes;

/// The exact odds (D-sys-6): every tuple of the four (five) dice, equally likely.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ImpetusOdds {
    #[serde(flatten)]
    pub outcomes: Outcomes,
    /// P(the attacker moves), P(both sides move): with `outcomes`, the shape §15.2's example
    /// gives (only the defender, only the attacker, both, neither).
    pub attacker_moves: f64,
    pub both_move: f64,
    /// P(the melee lasted 1, 2, 3 … rounds).
    pub rounds: Vec<f64>,
}

/// Every equally likely dice tuple: c (when read) and the four dice.
pub fn dice_tuples(b: &ImpetusBreakdown) -> Vec<[u8; 5]> {
    let cs: Vec<u8> = if b.close_to_contact {
        (1..=6).collect()
    } else {
        vec![1]
    };
    let mut out = Vec::with_capacity(cs.len() * 1296);
    for c in cs {
        for i in 0..1296u32 {
            let d = |k: u32| (i / 6u32.pow(k) % 6) as u8 + 1;
            out.push([c, d(3), d(2), d(1), d(0)]);
        }
    }
    out
}

pub fn impetus_odds(b: &ImpetusBreakdown) -> ImpetusOdds {
    let tuples = dice_tuples(b);
    let w = 1.0 / tuples.len() as f64;
    let mut o = ImpetusOdds {
        outcomes: Outcomes::default(),
        attacker_moves: 0.0,
        both_move: 0.0,
        rounds: vec![0.0; b.params.max_rounds.max(1) as usize + 1],
    };
    for t in tuples {
        let f = fight(b, t);
        o.outcomes.add(
            w,
            f.loser,
            f.defender_fate(),
            [f.attacker_loss, f.defender_loss],
        );
        if f.attacker_moved.is_some() {
            o.attacker_moves += w;
            if f.defender_moved.is_some() {
                o.both_move += w;
            }
        }
        o.rounds[f.rounds.len()] += w;
    }
    o
}
