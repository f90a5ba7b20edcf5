//! The computer opponents, plain Rust with no Bevy: the basic one (greedy, turn by turn) and the
//! planning one (candidate placements and melees scored by expected victory points against the
//! enemy's next turn), each planning from its side's view only (§16 D-fow-6).

pub mod attack;
pub mod basic;
pub mod battle_plan;
pub mod danger;
pub mod placement;
pub mod plan;
pub mod side_turn;

pub use basic::{MELEE_ODDS, facing_towards, plan_phase, plan_turn};
pub use plan::Level;

use crate::rules::board::Board;
use crate::rules::hex::Hex;
use crate::rules::order::{At, Order};
use crate::rules::unit::{Formation, Side, Unit, UnitId, UnitKind};

/// Ends the orders of a turn (or of a melee phase): Resolve if they declare a melee, then
/// EndTurn.
fn end_turn(mut out: Vec<Order>) -> Vec<Order> {
    if out.iter().any(|o| matches!(o, Order::Melee { .. })) {
        out.push(Order::Resolve);
    }
    out.push(Order::EndTurn);
    out
}

/// Gives `order` if the rules allow it, carrying it out on the planning board
/// (`rules::planning`).
fn give(b: &mut Board, order: Order, out: &mut Vec<Order>) -> bool {
    let done = crate::rules::planning::carry_out(b, &order).is_ok();
    if done {
        out.push(order);
    }
    done
}

/// Changes a unit's formation on the planning board and gives the order, if the rules allow.
fn form(b: &mut Board, unit: UnitId, formation: Formation, out: &mut Vec<Order>) {
    give(b, Order::Formation { unit, formation }, out);
}

/// Moves a unit along `path` to `to` on the planning board and gives the order (by the cheapest
/// path, which `path` is), if the rules allow.
fn go(b: &mut Board, unit: UnitId, to: Hex, path: &[Hex], out: &mut Vec<Order>) -> bool {
    let along = Order::Move {
        unit,
        to: At::of(b, to),
        path: Some(path.iter().map(|h| At::of(b, *h)).collect()),
    };
    let done = crate::rules::planning::carry_out(b, &along).is_ok();
    if done {
        out.push(Order::Move {
            unit,
            to: At::of(b, to),
            path: None,
        });
    }
    done
}

/// The side's fighting units (no leaders, no wagons) other than `except`.
fn line_units(b: &Board, side: Side, except: UnitId) -> impl Iterator<Item = &Unit> {
    b.units.iter().filter(move |f| {
        f.side == side && f.id != except && !f.is_leader() && f.kind != UnitKind::Supply
    })
}
