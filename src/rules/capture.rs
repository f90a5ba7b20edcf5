//! Optional Artillery Capture (§9.5, D-cap-1): capture, spike, recapture, recrew, and what guns
//! are worth for victory.

use super::board::Board;
use super::refusal::{Reason, Refusal};
use super::unit::{Crew, Side, Unit, UnitId, UnitKind};

/// `id`'s order refused for `why` (the guns may not be so served).
fn no(id: UnitId, why: impl Into<String>) -> Refusal {
    Refusal::new(Reason::Guns, Some(id), why)
}

/// Takes a battery that could not retreat from a lost melee. With the optional rule it changes
/// side and stays; a battery taken back by its own side comes back uncrewed. Returns whether
/// it was captured (false: the caller eliminates it).
pub fn capture(board: &mut Board, id: UnitId, winner: Side) -> bool {
    if !board.params.optional.artillery_capture {
        return false;
    }
    let Some(u) = board.unit_mut(id) else {
        return false;
    };
    if u.kind != UnitKind::Artillery {
        return false;
    }
    if u.captured_from == Some(winner) {
        // Won back: it is ours again, and needs a crew.
        u.captured_from = None;
        u.captured_guns = 0;
        u.crew = Crew::Uncrewed;
    } else {
        u.captured_from = Some(u.side);
        u.captured_guns = u.guns;
    }
    u.side = winner;
    u.routed = false;
    u.disrupted = false;
    true
}

/// Whether a unit of `side` that can serve guns stands in `battery`'s hex.
fn served_by(board: &Board, battery: &Unit, by: UnitId) -> Result<(), Refusal> {
    let Some(b) = board.unit(by) else {
        return Err(Refusal::no_such_unit(by));
    };
    if b.hex != battery.hex || b.side != battery.side || b.id == battery.id {
        return Err(no(
            battery.id,
            format!(
                "{} is not a friendly unit stacked with {}",
                b.name, battery.name
            ),
        ));
    }
    if matches!(b.kind, UnitKind::Leader | UnitKind::Supply) || b.is_captured() {
        return Err(no(battery.id, format!("{} cannot serve guns", b.name)));
    }
    if b.routed || b.disrupted {
        return Err(no(battery.id, format!("{} is routed or disrupted", b.name)));
    }
    Ok(())
}

/// Checks the *Spike* order: a unit stacked with a captured, unspiked battery spikes it.
pub fn check_spike(board: &Board, battery: UnitId, by: UnitId) -> Result<(), Refusal> {
    let Some(b) = board.unit(battery) else {
        return Err(Refusal::no_such_unit(battery));
    };
    if !b.is_captured() || b.crew == Crew::Spiked {
        return Err(no(
            battery,
            format!("{} is not a captured, unspiked battery", b.name),
        ));
    }
    served_by(board, b, by)
}

/// The *Spike* order.
pub fn spike(board: &mut Board, battery: UnitId, by: UnitId) -> Result<(), Refusal> {
    check_spike(board, battery, by)?;
    if let Some(b) = board.unit_mut(battery) {
        b.crew = Crew::Spiked;
    }
    Ok(())
}

/// Checks the *Recrew* order: a friendly unit stacked with a won-back battery crews it, if it
/// has not acted this turn.
pub fn check_recrew(board: &Board, battery: UnitId, by: UnitId) -> Result<(), Refusal> {
    let Some(b) = board.unit(battery) else {
        return Err(Refusal::no_such_unit(battery));
    };
    if b.is_captured() || b.crew != Crew::Uncrewed {
        return Err(no(
            battery,
            format!("{} is not an uncrewed battery of its own side", b.name),
        ));
    }
    served_by(board, b, by)?;
    let used = board
        .unit(by)
        .is_some_and(|u| u.marks.moved || u.marks.fired || u.marks.meleed);
    if used {
        return Err(no(battery, "the crewing unit has already acted this turn"));
    }
    Ok(())
}

/// The *Recrew* order; it costs the crewing unit its turn.
pub fn recrew(board: &mut Board, battery: UnitId, by: UnitId) -> Result<(), Refusal> {
    check_recrew(board, battery, by)?;
    if let Some(u) = board.unit_mut(by) {
        u.marks.moved = true;
        u.marks.fired = true;
        u.marks.meleed = true;
    }
    if let Some(b) = board.unit_mut(battery) {
        b.crew = Crew::Crewed;
    }
    Ok(())
}

/// A captured battery may not leave its hex.
pub fn may_move(u: &Unit) -> bool {
    !u.is_captured()
}

/// Whether a captured battery has a unit of its captors stacked with it to turn and fire it
/// (D-cap-1). (The battery itself, being captured, never counts.)
pub fn manned(board: &Board, u: &Unit) -> bool {
    board
        .units_at(u.hex)
        .any(|o| o.side == u.side && !o.is_captured() && !o.is_leader())
}

/// Fire strength factor of a battery: captured guns fire at half, and only while stacked with a
/// unit of the capturing side; spiked or uncrewed guns not at all.
pub fn fire_factor(board: &Board, u: &Unit) -> f64 {
    if u.kind != UnitKind::Artillery {
        return 1.0;
    }
    if u.crew != Crew::Crewed && !u.is_captured() || u.crew == Crew::Spiked {
        return 0.0;
    }
    if u.is_captured() {
        return if manned(board, u) {
            board.params.fire.captured_gun_factor
        } else {
            0.0
        };
    }
    1.0
}

/// Victory points for the guns of a captured battery to its captor: full value, half if spiked.
pub fn captured_gun_value(board: &Board, u: &Unit) -> f64 {
    if !u.is_captured() {
        return 0.0;
    }
    // Valued at the guns taken, whatever befalls the battery after.
    let full = (u.captured_guns.max(u.guns) * board.params.victory.per_gun) as f64;
    if u.crew == Crew::Spiked {
        full / 2.0
    } else {
        full
    }
}
