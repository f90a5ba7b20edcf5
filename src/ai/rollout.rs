//! Rollouts, for the expert level: a plan played out through the game's own interpreter
//! (`rules::game`) with its own dice on a copy of the board the side sees, its turn ended as the
//! game ends one, then the enemy's reply, planned by the skilled opponent on that board and
//! played the same way; what the two turns changed is counted in victory points (§13: men,
//! guns, wagons, leaders and objectives).

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::rules::board::Board;
use crate::rules::game::Parts;
use crate::rules::order::Order;
use crate::rules::scenario::Scenario;
use crate::rules::undo::Undo;
use crate::rules::unit::{Side, UnitKind};

/// The victory points `side` would count on this board against the other side: its units'
/// worth less the enemy's, and its objectives less the enemy's.
pub fn points(b: &Board, side: Side) -> f64 {
    let p = &b.params.victory;
    let worth = |s: Side| -> f64 {
        b.units
            .iter()
            .filter(|u| u.side == s)
            .map(|u| match u.kind {
                UnitKind::Artillery => u.guns as f64 * p.per_gun as f64,
                UnitKind::Supply => p.per_wagon as f64,
                UnitKind::Leader => p.per_leader as f64,
                _ => u.men as f64 * p.per_man as f64,
            })
            .sum()
    };
    let held = |s: Side| -> f64 {
        b.map
            .objectives
            .iter()
            .filter(|o| o.owner == Some(s))
            .map(|o| o.points as f64)
            .sum()
    };
    worth(side) - worth(side.enemy()) + held(side) - held(side.enemy())
}

/// Gives `orders` on `b` through the game's own interpreter, the dice from `rng`; an order the
/// board no longer allows (its unit routed or gone) is refused and passed over.
pub fn play(start: &Scenario, b: &mut Board, orders: &[Order], rng: &mut ChaCha8Rng) {
    let mut parts = Parts {
        board: b,
        dice: rng,
        log: &mut Vec::new(),
        undo: &mut Undo::off(),
        start,
    };
    for o in orders {
        let _ = parts.give(o);
    }
}

/// The points `side` gains over its turn played with `orders` and the enemy's reply, one roll
/// of the dice (`seed`), each turn ended as the game ends it (its end-of-phase checks, the next
/// turn's start). `start` is the what-if battle from the plan's board
/// (`Scenario::from_board`).
pub fn play_out(
    start: &Scenario,
    board: &Board,
    side: Side,
    orders: &[Order],
    seed: u64,
    reply: impl Fn(&Board, Side) -> Vec<Order>,
) -> f64 {
    let mut b = board.clone();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let before = points(&b, side);
    play(start, &mut b, orders, &mut rng);
    play(start, &mut b, &[Order::EndTurn], &mut rng);
    if !b.over {
        let answer = reply(&b, side.enemy());
        play(start, &mut b, &answer, &mut rng);
        play(start, &mut b, &[Order::EndTurn], &mut rng);
    }
    points(&b, side) - before
}
