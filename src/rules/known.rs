//! What each side knows of the other under fog of war (RULES.md §16), kept with the game state:
//! the enemy it spotted at its last look, its last-seen markers, the units their fire gave away.

use serde::{Deserialize, Serialize};

use crate::rules::hex::Hex;
use crate::rules::unit::{UnitId, UnitKind};

/// Where a side last saw an enemy unit it can no longer see (D-fow-3): its kind, and when.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct LastSeen {
    pub hex: Hex,
    pub kind: UnitKind,
    pub turn: u32,
    /// The clock when it passed out of sight, in minutes after midnight of the first day.
    pub minutes: u32,
}

/// A last-seen marker with the unit it stands for: the truth keeps the unit (to take the marker
/// away when the unit is spotted elsewhere); the side's view never shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Marker {
    pub unit: UnitId,
    pub seen: LastSeen,
    /// Whether its hex was in sight at the last look: a unit leaves sight by stepping out of a
    /// hex still in view, and its marker goes only when the hex is seen *again*, after a look
    /// that did not see it.
    pub hex_in_sight: bool,
}

/// An enemy unit a side spotted at the last look, where, and what it was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sighting {
    pub unit: UnitId,
    pub hex: Hex,
    pub kind: UnitKind,
}

/// What each side knows under fog, kept with the game (saved, replayed, undone with it); index
/// by `Side.0`. Empty while the rule is off.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fog {
    /// The enemy units each side spotted at the last look.
    pub spotted: [Vec<Sighting>; 2],
    /// Each side's last-seen markers.
    pub markers: [Vec<Marker>; 2],
    /// Enemy units each side sees wherever they are until the side turn ends, because they
    /// fired at it (D-fow-4).
    pub fired: [Vec<UnitId>; 2],
    /// The strength of each enemy unit as each side last saw it (an estimate under Extreme Fog
    /// of War; nothing for a unit it saw destroyed): its victory points count these (D-fow-7).
    #[serde(default)]
    pub strengths: [Vec<Strength>; 2],
}

/// An enemy unit's men and guns as a side last saw them, or that it saw it destroyed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Strength {
    pub unit: UnitId,
    pub men: u32,
    pub guns: u32,
    /// Destroyed in its sight (a leader alive has no men or guns either).
    #[serde(default)]
    pub destroyed: bool,
}

impl Fog {
    pub fn is_empty(&self) -> bool {
        *self == Fog::default()
    }

    /// The enemy units `side` spots now (`self`) that it did not at `before`'s last look: what
    /// a move revealed, which ends undo (RULES.md §16 D-fow-5).
    pub fn newly_spotted(&self, before: &Fog, side: crate::rules::unit::Side) -> Vec<UnitId> {
        let k = usize::from(side.0 & 1);
        self.spotted[k]
            .iter()
            .map(|s| s.unit)
            .filter(|id| !before.spotted[k].iter().any(|b| b.unit == *id))
            .collect()
    }

    /// What `side` knows, and nothing the other side does; its markers stand for no unit
    /// (`UnitId(u32::MAX)` down, one each), since which unit a marker is the side does not know.
    pub fn known_to(&self, side: crate::rules::unit::Side) -> Fog {
        let k = usize::from(side.0 & 1);
        let mut f = Fog::default();
        f.spotted[k] = self.spotted[k].clone();
        f.fired[k] = self.fired[k].clone();
        f.strengths[k] = self.strengths[k].clone();
        f.markers[k] = self.markers[k]
            .iter()
            .zip(0u32..)
            .map(|(m, i)| Marker {
                unit: UnitId(u32::MAX - i),
                ..*m
            })
            .collect();
        f
    }
}
