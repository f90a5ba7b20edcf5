//! Retreat after a lost melee (§10): where each defending unit goes, by D-ret-1.

use super::board::Board;
use super::hex::{Facing, Hex, distance};
use super::map::MapEdge;
use super::movement::{MoverClass, entry_cost};
use super::stacking::{StackLimit, unit_load};
use super::unit::{Crew, Formation, UnitId, UnitKind};

/// Where a retreating unit goes.
#[derive(Debug, Clone, PartialEq)]
pub enum RetreatChoice {
    /// Into `to`; the enemy units there that do not block a retreat are eliminated.
    To { to: Hex, overrun: Vec<UnitId> },
    /// No hex is possible: the unit surrenders (eliminated, counted as captured).
    Surrender,
}

/// Whether a unit cannot retreat at all (unlimbered, uncrewed or spiked guns, D-cap-1).
pub fn cannot_retreat(board: &Board, id: UnitId) -> bool {
    board.unit(id).is_some_and(|u| {
        u.kind == UnitKind::Artillery
            && (u.formation == Formation::Unlimbered || u.crew != Crew::Crewed || u.is_captured())
    })
}

/// Chooses the retreat hex for `id` out of `from`, away from `attacking_hexes`, given
/// `edge`, its side's own map edge.
pub fn choose(
    board: &Board,
    id: UnitId,
    from: Hex,
    attacking_hexes: &[Hex],
    edge: MapEdge,
) -> RetreatChoice {
    let Some(unit) = board.unit(id) else {
        return RetreatChoice::Surrender;
    };
    let class = MoverClass::of(unit);
    let mut best: Option<((bool, i64, i64, u32, i32, i32, i32), Hex, Vec<UnitId>)> = None;
    for side in Facing::ALL {
        let to = from + side.step();
        let Some(cost) = entry_cost(&board.map, &board.params, class, from, to) else {
            continue;
        };
        let here: Vec<_> = board.units_at(to).collect();
        let enemies: Vec<_> = here.iter().filter(|u| u.side != unit.side).collect();
        if enemies.iter().any(|u| u.blocks_retreat()) {
            continue;
        }
        let overrun: Vec<UnitId> = enemies.iter().map(|u| u.id).collect();
        let friendly = here.iter().filter(|u| u.side == unit.side).copied();
        let load =
            super::stacking::hex_load(friendly, &board.params) + unit_load(unit, &board.params);
        if StackLimit::check(load, &board.params).is_some() {
            continue;
        }
        let zoc = board.in_enemy_zoc(to, unit.side);
        let nearest = attacking_hexes
            .iter()
            .map(|&a| distance(a, to))
            .min()
            .unwrap_or(0) as i64;
        let total: i64 = attacking_hexes
            .iter()
            .map(|&a| distance(a, to) as i64)
            .sum();
        let c = board.map.coord(to);
        // Ordered so that smaller is better: out of ZOC, far from the attackers, cheap,
        // near the own edge, then a fixed order so the choice is reproducible.
        let key = (
            zoc,
            -nearest,
            -total,
            cost,
            board.map.distance_to_edge(to, edge),
            c.col,
            c.row,
        );
        if best.as_ref().is_none_or(|b| key < b.0) {
            best = Some((key, to, overrun));
        }
    }
    match best {
        Some((_, to, overrun)) => RetreatChoice::To { to, overrun },
        None => RetreatChoice::Surrender,
    }
}
