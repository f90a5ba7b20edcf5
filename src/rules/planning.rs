//! The planning board: what an order does without the dice, and a unit supposed elsewhere for a
//! look, for the computer's look-ahead. Every planner changes its board here, by the rules the
//! interpreter (`rules::game`) carries orders out with, so that when a rule changes the planner
//! follows; nothing in `ai/` writes a unit's fields.

use super::board::Board;
use super::hex::{Facing, Hex};
use super::melee::Declaration;
use super::order::{self, Order};
use super::refusal::{Reason, Refusal};
use super::unit::{Formation, Side, UnitId};
use super::{facing, fire, fog, formation, movement};

/// Carries out on a planning board the part of `order` that needs no dice: a move along its path
/// (nobody fires at the mover: the planner weighs that fire itself), a change of facing or
/// formation, a melee declared (pending, as the game keeps it), a fire order's firer marked as
/// having fired at its target (the losses are the dice's). Other orders are refused: they are
/// for the game.
pub fn carry_out(board: &mut Board, order: &Order) -> Result<(), Refusal> {
    let first = |r: Vec<Refusal>| {
        r.into_iter()
            .next()
            .unwrap_or_else(|| Refusal::new(Reason::CannotAct, order.unit(), "refused"))
    };
    match order {
        Order::Move { unit, to, path } => {
            let path = order::move_path(board, *unit, *to, path.as_deref()).map_err(first)?;
            movement::apply_move(board, *unit, &path).map(|_| ())
        }
        Order::Face { unit, facing: to } => facing::apply(board, *unit, *to).map(|_| ()),
        Order::Formation {
            unit,
            formation: to,
        } => formation::apply(board, *unit, *to).map(|_| ()),
        Order::Melee { .. } => {
            let (d, slot) = declared(board, order).map_err(first)?;
            pend(board, d, slot);
            Ok(())
        }
        Order::Fire { unit, at } => {
            let target = order::place(board, *at).map_err(first)?;
            let defensive = board.defensive_fire_phase();
            fire::breakdown(board, *unit, target, defensive, 1.0)?;
            if let Some(u) = board.unit_mut(*unit) {
                fire::mark_fired(u, target, defensive);
            }
            Ok(())
        }
        _ => Err(Refusal::new(
            Reason::CannotAct,
            order.unit(),
            "the planning board carries out moves, facing, formation, melees and fire only",
        )),
    }
}

/// The side's planning board for a turn of its own: what it knows (its view, D-fow-6), with
/// the side acting.
pub fn turn_view(board: &Board, side: Side) -> fog::View {
    let mut view = fog::view(board, side);
    view.board.acting = side;
    view
}

/// A melee order's declaration as it would stand pending (with the order's follow-up, and
/// merged with the melee already declared on its hex), and its place among the pending ones
/// (None: a new one). Not a melee order: refused as nothing to declare.
pub fn declared(
    board: &Board,
    order: &Order,
) -> Result<(Declaration, Option<usize>), Vec<Refusal>> {
    let Order::Melee {
        from,
        units,
        at,
        follow_up,
    } = order
    else {
        return Err(vec![Refusal::new(
            Reason::CannotAct,
            order.unit(),
            "not a melee order",
        )]);
    };
    let (mut d, slot) = order::declaration(board, from, units, *at)?;
    d.follow_up = *follow_up;
    Ok((d, slot))
}

/// The melee `decl` pending on the board: in `slot` (joining the one declared there), or new.
pub fn pend(board: &mut Board, decl: Declaration, slot: Option<usize>) {
    match slot {
        Some(i) => board.pending[i] = decl,
        None => board.pending.push(decl),
    }
}

/// A unit as a look supposes it: where it stands, which way it faces, its formation, whether it
/// has moved this turn, or a fresh turn's marks. What is left `None` (or false) stays as it is.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Supposed {
    pub hex: Option<Hex>,
    pub facing: Option<Facing>,
    pub formation: Option<Formation>,
    /// Marked as having moved.
    pub moved: bool,
    /// A fresh turn's marks (nothing done yet).
    pub fresh: bool,
}

impl Supposed {
    pub fn at(hex: Hex) -> Supposed {
        Supposed {
            hex: Some(hex),
            ..Supposed::default()
        }
    }

    pub fn facing(self, f: Facing) -> Supposed {
        Supposed {
            facing: Some(f),
            ..self
        }
    }

    pub fn formed(self, f: Formation) -> Supposed {
        Supposed {
            formation: Some(f),
            ..self
        }
    }

    pub fn moved(self, moved: bool) -> Supposed {
        Supposed { moved, ..self }
    }

    pub fn fresh(self) -> Supposed {
        Supposed {
            fresh: true,
            ..self
        }
    }
}

/// `look` at the board with `unit` as `s` supposes it, the board put back as it was after; none
/// if there is no such unit. Suppositions nest (a unit supposed on a hex, then turned to each
/// target in turn).
pub fn supposing<R>(
    board: &mut Board,
    unit: UnitId,
    s: Supposed,
    look: impl FnOnce(&mut Board) -> R,
) -> Option<R> {
    let i = board.units.iter().position(|u| u.id == unit)?;
    let was = board.units[i].clone();
    let u = &mut board.units[i];
    if s.fresh {
        u.marks = Default::default();
    }
    if let Some(h) = s.hex {
        u.hex = h;
    }
    if let Some(f) = s.facing {
        u.facing = f;
    }
    if let Some(f) = s.formation {
        u.formation = f;
    }
    if s.moved {
        u.marks.moved = true;
    }
    let r = look(board);
    board.units[i] = was;
    Some(r)
}
