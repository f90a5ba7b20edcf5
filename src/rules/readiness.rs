//! What a unit can still do this turn (JTS's Highlight menu): move, fire, melee. Each answer is
//! the one legality check's (`order::check`) or the rule it calls, never a copy.

use super::board::Board;
use super::fire;
use super::hex::{Facing, distance};
use super::movement;
use super::order::{self, At, Order};
use super::unit::{Unit, UnitId};

/// The three things a unit may still do now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Readiness {
    pub can_move: bool,
    pub can_fire: bool,
    pub can_melee: bool,
}

/// Whether the side giving orders may still move, fire with or melee with unit `id` now: it
/// has movement points and may move; some enemy hex is a legal fire target; some adjacent
/// enemy hex is a legal melee for it.
pub fn readiness(board: &Board, id: UnitId) -> Readiness {
    let Some(u) = board.unit(id) else {
        return Readiness::default();
    };
    if u.side != board.ordering_side() || board.over {
        return Readiness::default();
    }
    let probe = |o: Order| order::in_phase(board, &o).is_ok();
    let can_move = probe(Order::Move {
        unit: id,
        to: At::of(board, u.hex),
        path: None,
    }) && movement::cannot_move(u).is_none()
        && movement::mp_left(&board.params, u) > 0;
    Readiness {
        can_move,
        can_fire: can_fire(board, u),
        can_melee: can_melee(board, u),
    }
}

fn can_fire(board: &Board, u: &Unit) -> bool {
    if fire::cannot_fire(u, board.defensive_fire_phase()).is_some() {
        return false;
    }
    let reach = fire::weapon_of(u, fire::weapons()).map_or(0, |w| w.range);
    board
        .units
        .iter()
        .filter(|e| e.side != u.side && distance(u.hex, e.hex) <= reach)
        .any(|e| {
            order::check(
                board,
                &Order::Fire {
                    unit: u.id,
                    at: At::of(board, e.hex),
                },
            )
            .is_ok()
        })
}

fn can_melee(board: &Board, u: &Unit) -> bool {
    Facing::ALL.into_iter().map(|f| u.hex + f.step()).any(|h| {
        board.units_at(h).any(|e| e.side != u.side)
            && order::check(
                board,
                &Order::Melee {
                    from: Vec::new(),
                    units: vec![u.id],
                    at: At::of(board, h),
                },
            )
            .is_ok()
    })
}
