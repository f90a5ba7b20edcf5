//! Repairing full-hex bridges (optional Bridge Limit and Repair, §11): a *Repair Bridge* order
//! sets a unit to work on a bridge it faces; at the start of each later turn of its side the
//! bridge gains the Repair value per 100 men, up to its maximum, while the unit stays at it.

use super::board::Board;
use super::hex::Hex;
use super::refusal::{Reason, Refusal};
use super::unit::{Formation, Side, Unit, UnitId, UnitKind};

/// `id`'s order refused for `why` (no bridge work there).
fn no(id: UnitId, why: impl Into<String>) -> Refusal {
    Refusal::new(Reason::NoBridge, Some(id), why)
}

/// Whether `u` can work on the bridge at `at`: infantry in column (D-repair-1, ours: the rule's
/// "unit in column"), next to the bridge and facing it, neither disrupted nor routed.
fn at_work(u: &Unit, at: Hex) -> Result<(), Refusal> {
    if u.kind != UnitKind::Infantry || u.formation != Formation::Column {
        return Err(no(
            u.id,
            format!("{} must be infantry in column to repair a bridge", u.name),
        ));
    }
    if !u.front_hexes().contains(&at) {
        return Err(no(
            u.id,
            format!("{} must stand next to the bridge, facing it", u.name),
        ));
    }
    if u.disrupted || u.routed {
        return Err(no(u.id, format!("{} is disrupted or routed", u.name)));
    }
    Ok(())
}

/// Checks the *Repair Bridge* order.
pub fn check_repair(board: &Board, id: UnitId, at: Hex) -> Result<(), Refusal> {
    if !board.params.optional.bridge_limit_and_repair {
        return Err(no(
            id,
            "bridges are repaired only under the Bridge Limit and Repair rule",
        ));
    }
    let u = board.unit(id).ok_or_else(|| Refusal::no_such_unit(id))?;
    let b = board
        .map
        .bridge(at)
        .ok_or_else(|| no(id, "there is no full-hex bridge there"))?;
    if b.strength >= b.max {
        return Err(no(id, "the bridge is whole"));
    }
    at_work(u, at)?;
    if u.marks.moved || u.marks.fired || u.marks.meleed {
        return Err(no(id, format!("{} has already acted this turn", u.name)));
    }
    Ok(())
}

/// The *Repair Bridge* order: the unit goes to work, which takes its turn.
pub fn repair(board: &mut Board, id: UnitId, at: Hex) -> Result<(), Refusal> {
    check_repair(board, id, at)?;
    if let Some(u) = board.unit_mut(id) {
        u.repairing = Some(at);
        u.marks.moved = true;
        u.marks.fired = true;
        u.marks.meleed = true;
    }
    Ok(())
}

/// Start of `side`'s turn: each of its units still at work on a bridge adds the Repair value
/// per 100 men; one that has left it (moved away, turned, formed line …) stops. Returns each
/// bridge repaired and by how much.
pub fn repair_at_start(board: &mut Board, side: Side) -> Vec<(Hex, u32)> {
    let per_100 = board.params.bridges.repair_per_100_men;
    let mut out: Vec<(Hex, u32)> = Vec::new();
    let workers: Vec<(UnitId, Hex)> = board
        .units
        .iter()
        .filter(|u| u.side == side)
        .filter_map(|u| u.repairing.map(|h| (u.id, h)))
        .collect();
    for (id, at) in workers {
        let Some(u) = board.unit(id) else { continue };
        let men = u.men;
        let working = at_work(u, at).is_ok() && board.map.bridge(at).is_some();
        if !working {
            if let Some(u) = board.unit_mut(id) {
                u.repairing = None;
            }
            continue;
        }
        let Some(b) = board.map.bridge_mut(at) else {
            continue;
        };
        let before = b.strength;
        b.strength = (b.strength + per_100 * men / 100).min(b.max);
        let gained = b.strength - before;
        if b.strength >= b.max {
            if let Some(u) = board.unit_mut(id) {
                u.repairing = None;
            }
        }
        match out.iter_mut().find(|(h, _)| *h == at) {
            Some(slot) => slot.1 += gained,
            None => out.push((at, gained)),
        }
    }
    out
}
