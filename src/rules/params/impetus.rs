//! The impetus melee's numbers (RULES.md §15.2, Parameter Data `impetus`).

use serde::{Deserialize, Serialize};

/// §15.2's numbers (Parameter Data `impetus`). Impetus triples are [charging attacker, other
/// attacker, defender that stood] (D-imp-4).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ImpetusParams {
    /// Morale value M by quality A…F (lower is better).
    pub morale: [i32; 6],
    pub morale_floor: i32,
    /// The share of its allowance an attacker must have spent this turn to be charging.
    pub charge_fraction: f64,
    pub follow_up_bonus: i32,
    /// Men lost a round per point of the enemy's score, in % of the enemy's men.
    pub loss_pct_per_point: f64,
    pub fc_loss_pct: f64,
    pub rout_loss_pct: f64,
    pub max_rounds: u32,
    pub mounted_cavalry: [i32; 3],
    pub infantry_column: [i32; 3],
    pub infantry_line: [i32; 3],
    pub dismounted_cavalry: [i32; 3],
    /// A square's impetus against mounted cavalry ("six ranks").
    pub square: i32,
    pub artillery_unlimbered: i32,
    pub artillery_limbered: i32,
}

impl Default for ImpetusParams {
    fn default() -> Self {
        ImpetusParams {
            morale: [3, 4, 5, 6, 7, 8],
            morale_floor: 3,
            charge_fraction: 0.5,
            follow_up_bonus: 1,
            loss_pct_per_point: 1.0,
            fc_loss_pct: 5.0,
            rout_loss_pct: 10.0,
            max_rounds: 3,
            mounted_cavalry: [4, 2, 1],
            infantry_column: [3, 2, 2],
            infantry_line: [2, 1, 3],
            dismounted_cavalry: [1, 1, 2],
            square: 4,
            artillery_unlimbered: 1,
            artillery_limbered: 0,
        }
    }
}

impl ImpetusParams {
    pub fn is_default(&self) -> bool {
        *self == ImpetusParams::default()
    }
}
