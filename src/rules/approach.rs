//! The approach in sight (issue 74's sight figure): from the defenders' starting hexes, the
//! share of the attacker's approach within their reach — infantry and cavalry 4 hexes, guns
//! their range — that they can see by §7's line of sight; the library's table gives it per
//! battle. Ground beyond every defender's reach is left out: it measures what the ground
//! hides, not how far off the attacker starts.

use std::collections::BTreeSet;

use super::board::Board;
use super::hex::{Hex, distance};
use super::unit::{Side, UnitKind};

/// How far a regiment's eyes count for the figure: small arms' reach (§7).
pub const SMALL_ARMS_HEXES: u32 = 4;

/// The figure for one battle at its start.
#[derive(Debug, Clone, PartialEq)]
pub struct ApproachSeen {
    /// The side that must take the ground: its enemy holds more objective points at the start.
    pub attacker: Side,
    /// The hexes on the straight lines from each attacking unit to the nearest hex the
    /// defender holds or stands on, both ends left out, within a defender's reach.
    pub approach: usize,
    /// Of those, the hexes a defender sees within its reach.
    pub seen: usize,
}

impl ApproachSeen {
    pub fn share(&self) -> f64 {
        if self.approach == 0 {
            0.0
        } else {
            self.seen as f64 / self.approach as f64
        }
    }
}

/// The side that must attack: the one whose enemy holds more objective points; the first
/// side when they hold the same.
pub fn attacker(board: &Board) -> Side {
    let held = |s: Side| -> u32 {
        board
            .map
            .objectives
            .iter()
            .filter(|o| o.owner == Some(s))
            .map(|o| o.points)
            .sum()
    };
    let first = board.first_side;
    if held(first.enemy()) > held(first) {
        first
    } else if held(first) > held(first.enemy()) {
        first.enemy()
    } else {
        first
    }
}

/// How far a unit's eyes count for the figure.
fn reach(board: &Board, u: &super::unit::Unit) -> u32 {
    match u.kind {
        UnitKind::Infantry | UnitKind::Cavalry => SMALL_ARMS_HEXES,
        UnitKind::Artillery => super::fire::weapon_of(board, u).map_or(0, |w| w.range()),
        UnitKind::Supply | UnitKind::Leader => 0,
    }
}

/// Whether `hex` lies within the reach of one of `side`'s fighting units.
pub fn in_reach(board: &Board, side: Side, hex: Hex) -> bool {
    board
        .units
        .iter()
        .any(|u| u.side == side && distance(u.hex, hex) <= reach(board, u))
}

/// Whether one of `side`'s fighting units sees `hex` within its reach (the figure's eye).
pub fn seen_by(board: &Board, side: Side, hex: Hex) -> bool {
    board.units.iter().filter(|u| u.side == side).any(|u| {
        distance(u.hex, hex) <= reach(board, u) && super::sight::look(board, u.hex, hex).clear
    })
}

/// The figure at the board's present state (a scenario's start, by day).
pub fn approach_seen(board: &Board) -> ApproachSeen {
    let attacker = attacker(board);
    let defender = attacker.enemy();
    let mut held: Vec<Hex> = board
        .map
        .objectives
        .iter()
        .filter(|o| o.owner == Some(defender))
        .map(|o| o.hex)
        .collect();
    held.extend(
        board
            .units
            .iter()
            .filter(|u| u.side == defender && u.kind != UnitKind::Leader)
            .map(|u| u.hex),
    );
    let mut approach = BTreeSet::new();
    for u in board
        .units
        .iter()
        .filter(|u| u.side == attacker && matches!(u.kind, UnitKind::Infantry | UnitKind::Cavalry))
    {
        let Some(goal) = held
            .iter()
            .copied()
            .min_by_key(|h| (distance(u.hex, *h), h.x, h.y))
        else {
            continue;
        };
        let line: Vec<Hex> = u.hex.line_to(goal).collect();
        for h in line.iter().skip(1).take(line.len().saturating_sub(2)) {
            if board.map.contains(*h)
                && board.units_at(*h).all(|d| d.side != defender)
                && in_reach(board, defender, *h)
            {
                approach.insert((h.x, h.y));
            }
        }
    }
    let seen = approach
        .iter()
        .filter(|&&(x, y)| seen_by(board, defender, Hex::new(x, y)))
        .count();
    ApproachSeen {
        attacker,
        approach: approach.len(),
        seen,
    }
}
