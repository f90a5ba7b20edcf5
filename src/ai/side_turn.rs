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
            // Searched when fire became the series' (issue 58), with the march's opportunity
            // fire and the melee's defensive fire counted: skilled against basic on Harper's
            // Crossing, 40 seeds (won): danger 1.0 with melee odds 0.6 and approach 2.0 22
            // (odds 0.7: 21, 0.8: 24; approach 1.0: 20, 3.0: 23), danger 0.75: 21, 1.25/0.7/3.0: 21,
            // 1.5/0.6/3.0: 29, 1.5/0.65: 30, 1.5/0.7: 31 (2.5: 30), 1.5/0.75: 32 (seeds 41-80:
            // 31), 1.75/0.7: 33 (41-80: 34), 1.75/0.65/2.5: 30, 2.0/0.7: 24. 1.75/0.7 lost
            // the first twelve seeds' test (9 won but the interval crossed zero); 1.5/0.75
            // passed it (9, interval +89 to +560): more careful of the enemy's fire, melees
            // only at good odds.
            danger: 1.5,
            melee_odds: 0.75,
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
