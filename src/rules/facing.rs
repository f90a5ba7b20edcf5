//! Changing facing (§4): one hexside at a time, or about face, for movement points.

use super::board::Board;
use super::hex::Facing;
use super::movement::{cannot_act, mp_left};
use super::refusal::{Reason, Refusal};
use super::unit::UnitId;

/// `id`'s order refused for `why` (the unit cannot do it now).
fn no(id: UnitId, why: impl Into<String>) -> Refusal {
    Refusal::new(Reason::CannotAct, Some(id), why)
}

/// Hexside steps between two facings (0–3).
pub fn steps(from: Facing, to: Facing) -> u32 {
    let d = (to.index() + 6 - from.index()) % 6;
    d.min(6 - d) as u32
}

/// Movement points to turn from the current facing to `to`: each hexside turned costs the
/// change-facing cost, except an about face, which costs its own (our reading of §4's two
/// numbers: turning two hexsides is two changes).
pub fn cost(board: &Board, id: UnitId, to: Facing) -> Option<u32> {
    let u = board.unit(id)?;
    let m = &board.params.movement;
    Some(match steps(u.facing, to) {
        0 => 0,
        3 => m.about_face.of(u.kind),
        n => n * m.change_facing.of(u.kind),
    })
}

/// Checks a facing change; Fixed units and unlimbered batteries may turn.
pub fn check(board: &Board, id: UnitId, to: Facing) -> Result<u32, Refusal> {
    let u = board.unit(id).ok_or_else(|| Refusal::no_such_unit(id))?;
    if let Some(why) = cannot_act(u) {
        return Err(no(id, why));
    }
    // D-cap-1: captured guns turn only while a unit of their captors is stacked with them.
    if u.is_captured() && !super::capture::manned(board, u) {
        return Err(no(
            id,
            format!(
                "{} is captured: a unit of yours must stand with it to turn it",
                u.name
            ),
        ));
    }
    if u.facing == to {
        return Err(no(id, format!("{} already faces {}", u.name, to.name())));
    }
    // A leader's facing means nothing (it neither fires nor melees): nothing to turn.
    if u.is_leader() {
        return Err(no(
            id,
            format!("{} is a leader: a leader has no facing to turn", u.name),
        ));
    }
    let c = cost(board, id, to).unwrap_or(0);
    let left = mp_left(&board.params, u);
    if c > left {
        return Err(no(
            id,
            format!(
                "turning to {} costs {c} movement points; {left} left",
                to.name()
            ),
        ));
    }
    Ok(c)
}

pub fn apply(board: &mut Board, id: UnitId, to: Facing) -> Result<u32, Refusal> {
    let c = check(board, id, to)?;
    let u = board
        .unit_mut(id)
        .ok_or_else(|| Refusal::no_such_unit(id))?;
    u.facing = to;
    u.marks.mp_used += c;
    Ok(c)
}
