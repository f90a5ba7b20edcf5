//! Morale (§9.6): a unit's morale value, whether a loss makes it check, and the check itself.

use rand::{Rng, RngExt};
use serde::Serialize;

use super::board::Board;
use super::unit::{Ammo, FatigueLevel, UnitId};

/// The result of one morale check.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MoraleCheck {
    pub unit: UnitId,
    pub morale: i32,
    pub roll: u32,
    pub passed: bool,
    /// "held", "disrupted" or "routed".
    pub result: &'static str,
    /// Why it checked: "losses", "fatigue", "lost melee (end of phase)".
    pub reason: &'static str,
}

/// The morale value of a unit where it stands now.
pub fn morale_value(board: &Board, id: UnitId) -> i32 {
    let Some(u) = board.unit(id) else { return 0 };
    let m = &board.params.morale;
    let mut v = u.quality.morale();
    if board
        .units_at(u.hex)
        .any(|o| o.side == u.side && o.is_leader() && o.id != u.id)
    {
        v += m.leader;
    }
    if u.ammo != Ammo::Normal {
        v += m.low_ammo;
    }
    if board.night {
        v += m.night;
    }
    v += match u.fatigue_level() {
        FatigueLevel::Low => 0,
        FatigueLevel::Medium => m.fatigue_medium,
        FatigueLevel::High | FatigueLevel::Maximum => m.fatigue_high,
    };
    if u.disrupted {
        v += m.disrupted;
    }
    let mixed = board
        .units_at(u.hex)
        .any(|o| o.id != u.id && !o.is_leader() && o.side == u.side && o.brigade != u.brigade);
    if mixed && !u.is_leader() {
        v += m.mixed_brigades;
    }
    v
}

/// Chance that a unit losing `loss` men checks morale: L / (L + base).
pub fn check_chance(loss: u32, base: u32) -> f64 {
    if loss == 0 {
        0.0
    } else {
        loss as f64 / (loss + base) as f64
    }
}

/// Rolls a check for `id`; a roll above its morale fails. A failure during the side's own
/// action or from the acting side's fire or melee routs; otherwise it disrupts. Applies it.
pub fn check(
    board: &mut Board,
    id: UnitId,
    routs_on_failure: bool,
    reason: &'static str,
    rng: &mut impl Rng,
) -> MoraleCheck {
    let morale = morale_value(board, id);
    let roll = rng.random_range(1..=6u32);
    let passed = roll as i32 <= morale;
    let mut result = "held";
    if !passed {
        if let Some(u) = board.unit_mut(id) {
            if routs_on_failure || u.disrupted {
                u.routed = true;
                u.disrupted = false;
                result = "routed";
            } else {
                u.disrupted = true;
                result = "disrupted";
            }
        }
    }
    MoraleCheck {
        unit: id,
        morale,
        roll,
        passed,
        result,
        reason,
    }
}
