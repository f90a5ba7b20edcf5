//! A winner's advance of several hexes (Bodenstedt's +n digit, §15.1 D-bod-8): the shared
//! advance (D-adv-1) takes each winner one hex into the vacated hex; a player may then move it
//! on, a hex per order, up to n hexes in all, stopping once it enters an enemy zone of control
//! after its first step.

use super::board::Board;
use super::hex::{Hex, distance};
use super::movement::{MoverClass, entry_cost, take_objectives};
use super::refusal::{Reason, Refusal};
use super::stacking::{StackLimit, unit_load};
use super::unit::{Side, UnitId};

/// `id`'s order refused for `why` (the unit cannot do it now).
fn no(id: UnitId, why: impl Into<String>) -> Refusal {
    Refusal::new(Reason::CannotAct, Some(id), why)
}

/// Grants `n` hexes of advance to each of `units` (the first is the shared advance).
pub fn grant(board: &mut Board, units: &[UnitId], n: u32) {
    for id in units {
        if let Some(u) = board.unit_mut(*id) {
            u.marks.advance_left = n;
            u.marks.advance_steps = 0;
        }
    }
}

/// Counts a step a unit took by the shared advance.
pub fn stepped(board: &mut Board, id: UnitId) {
    if let Some(u) = board.unit_mut(id) {
        u.marks.advance_left = u.marks.advance_left.saturating_sub(1);
        u.marks.advance_steps += 1;
    }
}

/// The units of `side` in `hex` that may still advance.
pub fn advancing(board: &Board, hex: Hex, side: Side) -> Vec<UnitId> {
    board
        .units_at(hex)
        .filter(|u| u.side == side && u.marks.advance_left > 0 && !u.routed)
        .map(|u| u.id)
        .collect()
}

/// Why `id` may not advance into `to` now; `None` when it may.
pub fn check(board: &Board, id: UnitId, to: Hex) -> Option<String> {
    let Some(u) = board.unit(id) else {
        return Some(format!("no unit {id}"));
    };
    let who = format!("{} {}", u.kind.name(), u.name);
    if u.marks.advance_left == 0 {
        return Some(format!(
            "{who} has no advance left (only a melee's winner advances)"
        ));
    }
    if u.routed {
        return Some(format!("{who} is routed"));
    }
    if distance(u.hex, to) != 1 {
        return Some(format!(
            "{who} advances one hex at a time, to a neighbouring hex"
        ));
    }
    if !board.map.contains(to) {
        return Some("that hex is off the map".into());
    }
    if entry_cost(&board.map, &board.params, MoverClass::of(u), u.hex, to).is_none() {
        return Some(format!("{who} cannot enter that ground"));
    }
    if board.units_at(to).any(|o| o.side != u.side) {
        return Some("an advance does not enter the enemy: declare a melee".into());
    }
    let load = board.load_at(to) + unit_load(u, &board.params);
    if let Some(why) = StackLimit::check(load, &board.params) {
        return Some(format!("{who} would overstack: {why:?}"));
    }
    None
}

/// Moves `id` one hex on into `to` (checked first).
pub fn advance(board: &mut Board, id: UnitId, to: Hex) -> Result<(), Refusal> {
    if let Some(why) = check(board, id, to) {
        return Err(no(id, why));
    }
    let Some(u) = board.unit_mut(id) else {
        return Err(Refusal::no_such_unit(id));
    };
    u.hex = to;
    u.marks.advance_left -= 1;
    u.marks.advance_steps += 1;
    let (side, takes, later) = (u.side, u.takes_objectives(), u.marks.advance_steps > 1);
    // After its first step, entering an enemy zone of control ends the advance.
    if later && board.in_enemy_zoc(to, side) {
        if let Some(u) = board.unit_mut(id) {
            u.marks.advance_left = 0;
        }
    }
    take_objectives(board, &[to], side, takes);
    Ok(())
}
