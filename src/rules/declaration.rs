//! A declared melee (§9.1): the committed units and the defending hex. How it reads on a board
//! (its attacking hexes, its two sides) is `Board`'s, in `board.rs`.

use serde::{Deserialize, Serialize};

use crate::rules::hex::Hex;
use crate::rules::unit::UnitId;

/// A declared melee: the committed units and the defending hex they attack.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Declaration {
    /// Committed units, in declaration order (the order they advance in, D-adv-1).
    pub attackers: Vec<UnitId>,
    pub defending_hex: Hex,
    /// Impetus I2: whether the attackers follow up a defender that falls back (on unless the
    /// order says otherwise; the other systems ignore it).
    #[serde(default = "yes", skip_serializing_if = "is_yes")]
    pub follow_up: bool,
}

/// The default of a yes-or-no order field that is on unless said otherwise.
pub(crate) fn yes() -> bool {
    true
}

pub(crate) fn is_yes(b: &bool) -> bool {
    *b
}
