//! What a plan of the planning computer knows of the side turn it plans (its side, the danger,
//! the time left, the weights of the plan), and the questions its placement and attacks ask of
//! the board.

use super::danger::Danger;
use crate::rules::board::Board;
use crate::rules::hex::Hex;
use crate::rules::unit::Side;

/// The weights of one plan.
#[derive(Debug, Clone, Copy)]
pub(super) struct Weights {
    /// Of the men a hex's danger may cost.
    pub(super) danger: f64,
    /// The lowest whole-resolution chance of winning a melee is declared at.
    pub(super) melee_odds: f64,
    /// Of each hex nearer the front or an objective for units out of the fight.
    pub(super) approach: f64,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            // Tried again when fire became the series' (issue 58): on Harper's Crossing,
            // skilled against basic over 40 seeds, this won 24; danger 0.5 won 22, 1.25 won 26,
            // 1.5 won 28 (29 with approach 2.5, 25 with 3.0), 2.0 won 19; melee odds 0.7 won
            // 14. None held up over the first twelve seeds or kept a fresh regiment standing to
            // trade volleys with its equal, so these stay until the weights are searched properly.
            danger: 1.0,
            melee_odds: 0.6,
            approach: 2.0,
        }
    }
}

/// What a plan knows of the turn, worked out once.
pub(super) struct Turn {
    pub(super) side: Side,
    pub(super) danger: Danger,
    /// Turns left after this one, and how late it is (0 at the start, 1 in the last turn).
    pub(super) turns_left: u32,
    pub(super) late: f64,
    pub(super) w: Weights,
    /// The hexes of the enemy units the side knows (they stand still while it plans).
    pub(super) enemies: Vec<Hex>,
    /// Under fog of war, where enemy units were last seen (§16 D-fow-3): where scouts go.
    pub(super) last_seen: Vec<Hex>,
}

pub(super) fn objective_at(b: &Board, h: Hex) -> Option<&crate::rules::map::Objective> {
    b.map.objectives.iter().find(|o| o.hex == h)
}
