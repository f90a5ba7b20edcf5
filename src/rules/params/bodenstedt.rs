//! Bodenstedt's numbers (RULES.md §15.1, Parameter Data `bodenstedt`), its table included.

use serde::{Deserialize, Serialize};

/// §15.1's numbers (Parameter Data, `bodenstedt`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BodenstedtParams {
    pub men_per_troop: u32,
    pub guns_per_troop: u32,
    pub max_troops_per_hex: u32,
    pub cv_troop: u32,
    pub cv_rear: u32,
    pub cv_flank: u32,
    pub cv_officer: u32,
    pub cv_general: u32,
    pub defence_shift: u32,
    pub factor_l: u32,
    pub factor_m: u32,
    pub factor_h: u32,
    pub men_per_factor: u32,
    /// The melee morale and casualty table, row by row (d6 1–6), columns ≤1:2, 1:1, 2:1, 3:1,
    /// 4:1, ≥5:1; a cell is `attacker/defender digit attacker/defender letter` ("+2/-3 L/H").
    pub table: Vec<String>,
}

impl Default for BodenstedtParams {
    fn default() -> Self {
        BodenstedtParams {
            men_per_troop: 100,
            guns_per_troop: 2,
            max_troops_per_hex: 10,
            cv_troop: 3,
            cv_rear: 2,
            cv_flank: 1,
            cv_officer: 3,
            cv_general: 5,
            defence_shift: 1,
            factor_l: 1,
            factor_m: 2,
            factor_h: 3,
            men_per_factor: 5,
            table: [
                "-3/+3 H/L",
                "-2/+2 H/L",
                "-1/+1 M/L",
                "0/0 M/M",
                "+1/-1 L/M",
                "+1/-1 L/M",
                "-2/+2 H/L",
                "-1/+1 M/L",
                "0/0 M/M",
                "+1/-1 L/M",
                "+1/-1 L/M",
                "+2/-2 L/H",
                "-1/+1 M/L",
                "-1/+1 M/M",
                "+1/-1 L/M",
                "+1/-1 L/M",
                "+2/-2 L/H",
                "+2/-3 L/H",
                "-1/+1 M/M",
                "0/0 M/M",
                "+1/-1 M/M",
                "+2/-2 L/H",
                "+2/-3 L/H",
                "+3/-3 0/H",
                "0/0 M/M",
                "+1/-1 L/M",
                "+2/-2 L/H",
                "+2/-3 L/H",
                "+3/-3 0/H",
                "+3/-4 0/H",
                "0/0 L/M",
                "+2/-2 L/H",
                "+2/-2 L/H",
                "+3/-3 0/H",
                "+3/-4 0/E",
                "+4/-4 0/E",
            ]
            .map(String::from)
            .to_vec(),
        }
    }
}

impl BodenstedtParams {
    pub fn is_default(&self) -> bool {
        *self == BodenstedtParams::default()
    }
}
