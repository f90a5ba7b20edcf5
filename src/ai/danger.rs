//! The danger of a hex in the enemy's next turn, as the planning opponent weighs it: the fire
//! the enemy units it knows of could put on it from where they stand (by the rules' own fire
//! values, the hex's terrain counted), and the men that could reach a hex next to it and melee
//! it. Worked out once a turn for the hexes the side's units can reach, on one working copy.

use std::collections::{HashMap, HashSet};

use crate::rules::board::Board;
use crate::rules::hex::Hex;
use crate::rules::movement::movement_range;
use crate::rules::threat;
use crate::rules::unit::{Side, UnitId, UnitKind};

/// Mean men lost per point of fire value: §8's uniform result between LCV 5 and HCV 25 per 1000.
pub const LOSS_PER_VALUE: f64 = 15.0 / 1000.0;

/// What the enemy could do to each hex of a set in its next turn.
#[derive(Debug, Clone, Default)]
pub struct Danger {
    fire: HashMap<Hex, f64>,
    melee: HashMap<Hex, f64>,
    /// Each enemy unit's fire value at the hexes it reaches, for "who shoots here".
    pub shooters: HashMap<Hex, Vec<(UnitId, f64)>>,
    /// The enemy units that would fire at a unit of the side moving into each hex now, as they
    /// stand (§1 opportunity fire: in range, in front, unlimbered), with the value.
    pub watchers: HashMap<Hex, Vec<(UnitId, f64)>>,
}

impl Danger {
    /// The summed fire value of the enemy units that could fire at `hex`.
    pub fn fire(&self, hex: Hex) -> f64 {
        self.fire.get(&hex).copied().unwrap_or(0.0)
    }

    /// The men of the enemy units that could melee `hex`.
    pub fn melee(&self, hex: Hex) -> f64 {
        self.melee.get(&hex).copied().unwrap_or(0.0)
    }

    /// The men a unit standing on `hex` may expect to lose to the enemy's fire next turn. Each
    /// enemy unit fires once, at one of several targets: the strongest fire counts whole, the
    /// rest at half.
    pub fn expected_fire_loss(&self, hex: Hex) -> f64 {
        let Some(list) = self.shooters.get(&hex) else {
            return 0.0;
        };
        let top = list.iter().map(|(_, v)| *v).fold(0.0, f64::max);
        (top + 0.5 * (self.fire(hex) - top)) * LOSS_PER_VALUE
    }

    /// The men a unit may expect to lose to opportunity fire marching along `path` (the hexes
    /// entered, in order): each enemy unit fires once (§1), at the first hex of the path it
    /// watches, at full strength. Before issue 58 this was a quarter of what it is now, and
    /// the planner marched through it as if it were not there.
    pub fn path_fire_loss(&self, path: &[Hex]) -> f64 {
        let mut fired: Vec<UnitId> = Vec::new();
        let mut value = 0.0;
        for h in path {
            for (id, v) in self.watchers.get(h).into_iter().flatten() {
                if !fired.contains(id) {
                    fired.push(*id);
                    value += v;
                }
            }
        }
        value * LOSS_PER_VALUE
    }

    /// The enemy's danger to each of `hexes` (held by `side`) as the board stands.
    pub fn of(board: &Board, side: Side, hexes: &HashSet<Hex>) -> Danger {
        let mut d = Danger::default();
        let mut work = threat::enemy_turn(board, side);
        let list: Vec<Hex> = hexes.iter().copied().collect();
        for s in threat::fire_on(&mut work, side, &list) {
            *d.fire.entry(s.hex).or_default() += s.value;
            d.shooters.entry(s.hex).or_default().push((s.unit, s.value));
            if s.watching {
                d.watchers.entry(s.hex).or_default().push((s.unit, s.value));
            }
        }
        // Melee: the hexes next to where each enemy unit able to attack could be next turn.
        for i in 0..work.units.len() {
            let e = &work.units[i];
            if e.side == side
                || e.routed
                || e.is_leader()
                || matches!(e.kind, UnitKind::Artillery | UnitKind::Supply)
                // Out of command under Command Control it may not attack (D-cc-4): as it was
                // marked at its last turn's start, the best guess of its next.
                || crate::rules::command::hampered(&work, e)
            {
                continue;
            }
            let men = e.men as f64;
            let reach = movement_range(&work, e.id);
            let mut near: HashSet<Hex> = HashSet::new();
            for at in reach.keys() {
                near.extend(at.all_neighbors());
            }
            for h in near.intersection(hexes) {
                *d.melee.entry(*h).or_default() += men;
            }
        }
        d
    }
}
