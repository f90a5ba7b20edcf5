//! What a unit can still do this turn (JTS's Highlight menu): move, fire, melee. Each answer is
//! the one legality check's (`order::check`) or the rule it calls, never a copy.

use foldhash::HashSet;

use super::board::Board;
use super::fire;
use super::hex::{Facing, Hex, distance};
use super::movement;
use super::order::{self, At, Order};
use super::unit::{Side, Unit, UnitId};

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
    let enemy = enemy_hexes(board, u.side);
    of_unit(board, u, &enemy)
}

/// The readiness of every unit of `side`, with the enemy's hexes found once (the highlights
/// ask for all of them at a time).
pub fn readiness_of_side(board: &Board, side: Side) -> Vec<(UnitId, Readiness)> {
    let enemy = enemy_hexes(board, side);
    board
        .units
        .iter()
        .filter(|u| u.side == side)
        .map(|u| (u.id, of_unit(board, u, &enemy)))
        .collect()
}

fn enemy_hexes(board: &Board, side: Side) -> HashSet<Hex> {
    board
        .units
        .iter()
        .filter(|e| e.side != side)
        .map(|e| e.hex)
        .collect()
}

fn of_unit(board: &Board, u: &Unit, enemy: &HashSet<Hex>) -> Readiness {
    let id = u.id;
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
        can_fire: can_fire(board, u, enemy),
        can_melee: can_melee(board, u, enemy),
    }
}

fn can_fire(board: &Board, u: &Unit, enemy: &HashSet<Hex>) -> bool {
    if fire::cannot_fire(u, board.defensive_fire_phase()).is_some() {
        return false;
    }
    let reach = fire::weapon_of(board, u).map_or(0, |w| w.range());
    let near = |h: &&Hex| distance(u.hex, **h) <= reach;
    let targets: Vec<Hex> = if walk_the_enemy_list(enemy.len(), reach) {
        enemy.iter().filter(near).copied().collect()
    } else {
        u.hex.range(reach).filter(|h| enemy.contains(h)).collect()
    };
    targets.into_iter().any(|h| {
        order::check(
            board,
            &Order::Fire {
                unit: u.id,
                at: At::of(board, h),
            },
        )
        .is_ok()
    })
}

/// Whether the enemy's hexes are fewer than the hexes in range (3r(r + 1) + 1), so that
/// walking them is the quicker way to the same targets.
fn walk_the_enemy_list(enemy_hexes: usize, reach: u32) -> bool {
    (enemy_hexes as u32) < 3 * reach * (reach + 1) + 1
}

fn can_melee(board: &Board, u: &Unit, enemy: &HashSet<Hex>) -> bool {
    Facing::ALL.into_iter().map(|f| u.hex + f.step()).any(|h| {
        enemy.contains(&h)
            && order::check(
                board,
                &Order::Melee {
                    from: Vec::new(),
                    units: vec![u.id],
                    at: At::of(board, h),
                    follow_up: true,
                },
            )
            .is_ok()
    })
}

/// `side`'s units that have done nothing yet this turn (not moved, turned, fired or meleed),
/// not routed, in the board's order (brigade by brigade, as the scenario lists them): what
/// **Next unit** walks through.
pub fn not_yet_acted(board: &Board, side: Side) -> Vec<UnitId> {
    board
        .units
        .iter()
        .filter(|u| u.side == side && !u.routed)
        .filter(|u| {
            let m = u.marks;
            !(m.moved || m.fired || m.meleed || m.mp_used > 0)
        })
        .map(|u| u.id)
        .collect()
}

/// The unit Next unit goes to after `current` (the first when none): the next of
/// `not_yet_acted` in the board's order, round to the start.
pub fn next_to_act(board: &Board, side: Side, current: Option<UnitId>) -> Option<UnitId> {
    let waiting = not_yet_acted(board, side);
    let after = current.and_then(|c| board.units.iter().position(|u| u.id == c));
    let place = |id: &UnitId| board.units.iter().position(|u| u.id == *id);
    match after {
        Some(a) => waiting
            .iter()
            .find(|id| place(id).is_some_and(|p| p > a))
            .or(waiting.first())
            .copied(),
        None => waiting.first().copied(),
    }
}
