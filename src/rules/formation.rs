//! Formation changes (§3, §6): line and column, mounting and dismounting (through
//! Dismounting), limbering and unlimbering, for movement points.

use super::board::Board;
use super::movement::{cannot_act, mp_left};
use super::refusal::{Reason, Refusal};
use super::unit::{Formation, UnitId, UnitKind};

/// `id`'s order refused for `why` (the unit cannot do it now).
fn no(id: UnitId, why: impl Into<String>) -> Refusal {
    Refusal::new(Reason::CannotAct, Some(id), why)
}

/// The formation a change order leads to now: dismounting cavalry passes through
/// *Dismounting* until its next turn.
fn result(kind: UnitKind, from: Formation, to: Formation) -> Option<Formation> {
    use Formation::*;
    match (kind, from, to) {
        (UnitKind::Infantry, Line, Column) | (UnitKind::Infantry, Column, Line) => Some(to),
        (UnitKind::Cavalry, Mounted, Dismounted) => Some(Dismounting),
        (UnitKind::Cavalry, Dismounted, Mounted) => Some(Mounted),
        (UnitKind::Artillery, Limbered, Unlimbered)
        | (UnitKind::Artillery, Unlimbered, Limbered) => Some(to),
        _ => None,
    }
}

/// Checks a formation change; returns its cost and the formation it gives now.
pub fn check(board: &Board, id: UnitId, to: Formation) -> Result<(u32, Formation), Refusal> {
    let u = board.unit(id).ok_or_else(|| Refusal::no_such_unit(id))?;
    if let Some(why) = cannot_act(u) {
        return Err(no(id, why));
    }
    if u.is_captured() {
        return Err(no(
            id,
            format!(
                "{} is captured and cannot leave its hex, nor limber to",
                u.name
            ),
        ));
    }
    if u.is_fixed() {
        return Err(no(
            id,
            format!("{} is Fixed and may not change formation", u.name),
        ));
    }
    let now = result(u.kind, u.formation, to).ok_or_else(|| {
        no(id, {
            format!(
                "{} in {} cannot change to {}",
                u.kind.name(),
                u.formation.name(),
                to.name()
            )
        })
    })?;
    let c = board.params.movement.change_formation.of(u.kind);
    let left = mp_left(&board.params, u);
    if c > left {
        return Err(no(
            id,
            format!("changing formation costs {c} movement points; {left} left"),
        ));
    }
    Ok((c, now))
}

pub fn apply(board: &mut Board, id: UnitId, to: Formation) -> Result<Formation, Refusal> {
    let (c, now) = check(board, id, to)?;
    let u = board
        .unit_mut(id)
        .ok_or_else(|| Refusal::no_such_unit(id))?;
    u.formation = now;
    u.marks.mp_used += c;
    u.marks.moved = true;
    Ok(now)
}

/// Start of a side's turn: cavalry that began dismounting is dismounted now.
pub fn finish_dismounting(board: &mut Board, side: super::unit::Side) {
    for u in board
        .units
        .iter_mut()
        .filter(|u| u.side == side && u.formation == Formation::Dismounting)
    {
        u.formation = Formation::Dismounted;
    }
}
