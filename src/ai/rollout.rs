//! Rollouts, for the expert level: a plan played out with the rules' own dice on a copy of the
//! board the side sees (its moves under the enemy's opportunity fire, its fire, its melees
//! resolved), then the enemy's reply, planned by the skilled opponent on that board and played
//! the same way; what the two turns changed is counted in victory points (§13: men, guns,
//! wagons, leaders and objectives).

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::rules::board::Board;
use crate::rules::melee::{self, Declaration};
use crate::rules::movement::{self, movement_range};
use crate::rules::opportunity;
use crate::rules::order::Order;
use crate::rules::unit::{Side, UnitKind};
use crate::rules::{facing, fire, formation, turn};

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

/// Gives `orders` on `b` as the game would, the dice from `rng`; an order the board no longer
/// allows (its unit routed or gone) is passed over.
pub fn play(b: &mut Board, orders: &[Order], rng: &mut ChaCha8Rng) {
    for o in orders {
        match o {
            Order::Move { unit, to, .. } => {
                let to = to.hex(b);
                let range = movement_range(b, *unit);
                if let Some(path) = movement::path_to(&range, to) {
                    let _ = opportunity::move_under_fire(b, *unit, &path, rng);
                }
            }
            Order::Face { unit, facing: f } => {
                let _ = facing::apply(b, *unit, *f);
            }
            Order::Formation { unit, formation: f } => {
                let _ = formation::apply(b, *unit, *f);
            }
            Order::Fire { unit, at } => {
                let at = at.hex(b);
                let _ = fire::fire(b, *unit, at, false, 1.0, rng);
            }
            Order::Melee {
                units,
                at,
                follow_up,
                ..
            } => b.pending.push(Declaration {
                attackers: units.clone(),
                defending_hex: at.hex(b),
                follow_up: *follow_up,
            }),
            Order::Resolve | Order::EndTurn => {
                for d in std::mem::take(&mut b.pending) {
                    melee::resolve(b, &d, rng);
                }
            }
            _ => {}
        }
    }
}

/// The points `side` gains over its turn played with `orders` and the enemy's reply, one roll
/// of the dice (`seed`).
pub fn play_out(
    board: &Board,
    side: Side,
    orders: &[Order],
    seed: u64,
    reply: impl Fn(&Board, Side) -> Vec<Order>,
) -> f64 {
    let mut b = board.clone();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let before = points(&b, side);
    play(&mut b, orders, &mut rng);
    let enemy = side.enemy();
    b.acting = enemy;
    let t = b.turn;
    turn::start_of_turn(&mut b, enemy, t, &mut rng);
    let answer = reply(&b, enemy);
    play(&mut b, &answer, &mut rng);
    points(&b, side) - before
}
