//! Hexside classes (RULES.md §15.0, D-sys-3): an attack through a defending unit's front, flank
//! or rear, as the §15 systems rate it.

use serde::{Deserialize, Serialize};

use crate::rules::hex::Facing;

/// How a non-leader attacker comes at a defending unit (D-sys-3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Class {
    Front,
    Flank,
    Rear,
}

/// The class of an attack on a unit facing `facing` through the hexside `side` of its hex.
pub fn class(facing: Facing, side: Facing) -> Class {
    let turn = (side.index() + 6 - facing.index()) % 6;
    match turn {
        0 | 1 | 5 => Class::Front,
        2 | 4 => Class::Flank,
        _ => Class::Rear,
    }
}
