//! La Bataille's numbers (RULES.md §15.3, Parameter Data `labataille`), its chart included.

use serde::{Deserialize, Serialize};

/// §15.3's numbers (Parameter Data `labataille`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LaBatailleParams {
    pub men_per_increment: u32,
    pub guns_per_increment: u32,
    /// Melee value per increment by type (D-lb-1).
    pub type_infantry: f64,
    pub type_mounted_cavalry: f64,
    pub type_dismounted_cavalry: f64,
    pub type_artillery: f64,
    /// By quality A…F.
    pub quality: [f64; 6],
    /// Morale values on the d66 by quality A…F (D-lb-2).
    pub morale: [u8; 6],
    /// Pre-melee ratio thresholds and roll modifiers (D-lb-7): ≥3, ≥2, ≥1, ≥½, else.
    pub ratio_at_least: [f64; 4],
    pub ratio_modifier: [i32; 5],
    pub disordered: i32,
    pub routed: i32,
    pub leader: i32,
    pub flank_or_rear: i32,
    pub per_increment_lost_to_fire: i32,
    /// An attacking Line counts at most this many increments in the ratio.
    pub line_increments: f64,
    pub retreat_mp: u32,
    pub rout_hexes: u32,
    /// The chart (D-lb-9): a roll at position p in column c (1 = 1:3 … 9 = 6:1) reads
    /// E = p + `column_shift`(c − 3); the result is the first band E falls at or under.
    pub column_shift: i32,
    pub bands: [i32; 9],
}

impl Default for LaBatailleParams {
    fn default() -> Self {
        LaBatailleParams {
            men_per_increment: 100,
            guns_per_increment: 2,
            type_infantry: 2.0,
            type_mounted_cavalry: 3.0,
            type_dismounted_cavalry: 1.0,
            type_artillery: 1.0,
            quality: [1.5, 1.25, 1.0, 1.0, 0.75, 0.5],
            morale: [16, 23, 26, 33, 36, 43],
            ratio_at_least: [3.0, 2.0, 1.0, 0.5],
            ratio_modifier: [6, 3, 0, -3, -6],
            disordered: -3,
            routed: -6,
            leader: 3,
            flank_or_rear: -3,
            per_increment_lost_to_fire: -3,
            line_increments: 4.0,
            retreat_mp: 3,
            rout_hexes: 10,
            column_shift: 3,
            bands: [3, 8, 13, 19, 24, 29, 34, 40, 46],
        }
    }
}

impl LaBatailleParams {
    pub fn is_default(&self) -> bool {
        *self == LaBatailleParams::default()
    }
}
