//! Scheduled reinforcements: units that enter the map at a hex on a turn (D-rein-1, D-rein-2).

use super::board::Board;
use super::hex::{Hex, distance};
use super::movement::{MoverClass, terrain_allows};
use super::stacking::{StackLimit, hex_load};
use super::unit::{Side, Unit, UnitId};

pub use super::unit::Reinforcement;

/// How far from its arrival hex a blocked reinforcement may be set down (D-rein-2).
const DISPLACE_LIMIT: u32 = 6;

/// Brings on `side`'s reinforcements due by `turn`, in the scenario's order; returns each
/// arrival and the hex it entered at. One that finds no hex this turn waits for the next.
pub fn arrive(board: &mut Board, side: Side, turn: u32) -> Vec<(UnitId, Hex)> {
    let mut out = Vec::new();
    let mut waiting = Vec::new();
    for r in std::mem::take(&mut board.reinforcements) {
        let due = r.unit.side == side && r.turn <= turn;
        match due.then(|| entry_hex(board, &r.unit)).flatten() {
            Some(hex) => {
                let mut unit = r.unit;
                unit.hex = hex;
                out.push((unit.id, hex));
                board.units.push(unit);
            }
            None => waiting.push(r),
        }
    }
    board.reinforcements = waiting;
    out
}

/// The planned hex if it takes the unit; else the nearest that does (no enemy, terrain it may
/// enter, stacking within the limit), nearest first, then by column and row.
fn entry_hex(board: &Board, unit: &Unit) -> Option<Hex> {
    let class = MoverClass::of(unit);
    let fits = |h: Hex| {
        board.map.contains(h)
            && board.side_at(h).is_none_or(|s| s == unit.side)
            && terrain_allows(&board.map, &board.params, class, h)
            && StackLimit::check(
                hex_load(
                    board.units_at(h).chain(std::iter::once(unit)),
                    &board.params,
                ),
                &board.params,
            )
            .is_none()
    };
    (0..=DISPLACE_LIMIT).find_map(|d| {
        let mut ring: Vec<Hex> = if d == 0 {
            vec![unit.hex]
        } else {
            unit.hex.ring(d).collect()
        };
        ring.retain(|h| distance(*h, unit.hex) == d && fits(*h));
        ring.sort_by_key(|h| board.map.coord(*h));
        ring.first().copied()
    })
}
