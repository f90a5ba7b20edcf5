//! Opportunity fire (§1): the side not acting fires by itself at enemies that move into its
//! range, line of sight and front, and at melee attackers just before a melee resolves — each
//! unit at most once per enemy turn.

use rand::Rng;

use super::board::Board;
use super::declaration::Declaration;
use super::fire::{self, FireOutcome};
use super::hex::Hex;
use super::movement::{self, Moved};
use super::refusal::Refusal;
use super::unit::{Side, UnitId};

/// Every unit of `side` that may fire at `target` now fires once (scaled by `factor`).
fn volley(
    board: &mut Board,
    side: Side,
    target: Hex,
    factor: f64,
    rng: &mut impl Rng,
) -> Vec<FireOutcome> {
    let shooters: Vec<UnitId> = board
        .units
        .iter()
        .filter(|u| u.side == side)
        .map(|u| u.id)
        .collect();
    let mut out = Vec::new();
    for id in shooters {
        if board.units_at(target).all(|u| u.side == side) {
            break;
        }
        // Most of a side is out of range or facing away: passed over before the full check
        // (which words its refusal), as the full check would refuse them.
        let reaches = board.unit(id).is_some_and(|u| {
            let range = super::hex::distance(u.hex, target);
            fire::weapon_of(board, u).is_some_and(|w| range > 0 && range <= w.range())
                && fire::in_front(u.hex, u.facing, target)
        });
        if !reaches {
            continue;
        }
        // A unit that may not fire is refused before any dice are rolled.
        if let Ok(o) = fire::fire(board, id, target, true, factor, rng) {
            out.push(o);
        }
    }
    out
}

/// Moves a unit hex by hex; after each step the enemy may fire at it. A mover that is hit into
/// disorder, routed or destroyed stops where it is.
pub fn move_under_fire(
    board: &mut Board,
    id: UnitId,
    path: &[Hex],
    rng: &mut impl Rng,
) -> Result<(Moved, Vec<FireOutcome>), Refusal> {
    movement::check_move(board, id, path)?;
    let side = board
        .unit(id)
        .map(|u| u.side)
        .ok_or_else(|| Refusal::no_such_unit(id))?;
    let mut fired = Vec::new();
    let mut done = Moved {
        unit: id,
        path: Vec::new(),
        cost: 0,
    };
    for &step in path {
        let m = movement::apply_move(board, id, &[step])?;
        done.path.push(step);
        done.cost += m.cost;
        // §16 D-fow-1: sight is worked out again after every hex a mover enters.
        super::fog::look_again(board);
        let before = board.unit(id).map(|u| (u.disrupted, u.routed));
        fired.extend(volley(board, side.enemy(), step, 1.0, rng));
        let after = board.unit(id).map(|u| (u.disrupted, u.routed));
        if after.is_none() || after != before || board.unit(id).is_some_and(|u| u.hex != step) {
            break;
        }
    }
    Ok((done, fired))
}

/// Defensive fire at the attacking hexes of a melee about to resolve: half strength, or full
/// under the optional *Full Melee Defensive Fire*.
pub fn at_melee_attackers(
    board: &mut Board,
    decl: &Declaration,
    rng: &mut impl Rng,
) -> Vec<FireOutcome> {
    let Some(side) = decl
        .attackers
        .first()
        .and_then(|id| board.unit(*id))
        .map(|u| u.side)
    else {
        return Vec::new();
    };
    let factor = if board.params.optional.full_melee_defensive_fire {
        1.0
    } else {
        0.5
    };
    let mut out = Vec::new();
    for h in decl.attacking_hexes(board) {
        out.extend(volley(board, side.enemy(), h, factor, rng));
    }
    out
}
