//! The Melee Assault Chart (§15.3): its odds columns, the d66 positions, the result of a roll.

use super::{ChartResult, LaBatailleParams};

/// The odds columns, left to right.
pub const COLUMNS: [(&str, f64); 9] = [
    ("1:3", 1.0 / 3.0),
    ("1:2", 0.5),
    ("1:1", 1.0),
    ("3:2", 1.5),
    ("2:1", 2.0),
    ("3:1", 3.0),
    ("4:1", 4.0),
    ("5:1", 5.0),
    ("6:1", 6.0),
];

/// The position 1…36 of a d66 reading (11…66).
pub fn position(d66: u8) -> i32 {
    let (t, u) = ((d66 / 10) as i32, (d66 % 10) as i32);
    6 * (t - 1) + u
}

/// The d66 reading of a position.
pub fn reading(p: i32) -> u8 {
    (((p - 1) / 6 + 1) * 10 + (p - 1) % 6 + 1) as u8
}

/// The chart's result for a roll at position `p` in column `c` (0 = 1:3 … 8 = 6:1).
pub fn chart(params: &LaBatailleParams, c: usize, p: i32) -> ChartResult {
    let e = p + params.column_shift * (c as i32 + 1 - 3);
    let i = params
        .bands
        .iter()
        .position(|b| e <= *b)
        .unwrap_or(ChartResult::ALL.len() - 1);
    ChartResult::ALL[i]
}

/// The column of `attack` : `defence`, rounded down for the defender.
pub fn column(attack: f64, defence: f64) -> usize {
    if defence <= 0.0 {
        return COLUMNS.len() - 1;
    }
    let r = attack / defence;
    COLUMNS
        .iter()
        .rposition(|(_, v)| r + 1e-9 >= *v)
        .unwrap_or(0)
}
