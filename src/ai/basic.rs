//! The basic computer opponent (the first one, kept as "Basic"): plans a side turn on a copy of
//! the board with the rules' own checks, as orders a player could give. Melees it expects to win,
//! fire at the best targets in range, then moves: routed units away from the enemy, leaders and
//! wagons behind the line, guns into range, the rest towards objectives not held, facing the
//! enemy. Plain Rust, no Bevy.

use std::collections::HashSet;

use crate::rules::board::{Board, Phase};
use crate::rules::hex::{Facing, Hex, distance};
use crate::rules::melee::{self, Declaration};
use crate::rules::movement::{movement_range, mp_left};
use crate::rules::order::{self, At, Order};
use crate::rules::unit::{Formation, Side, Unit, UnitId, UnitKind};
use crate::rules::{fire, movement};

/// The lowest chance of winning for which the computer attacks.
pub const MELEE_ODDS: f64 = 0.6;

/// The facing from `from` that looks most directly at `to`.
pub fn facing_towards(from: Hex, to: Hex) -> Facing {
    Facing::towards(from, to)
}

fn enemies(b: &Board, side: Side) -> Vec<&Unit> {
    b.units.iter().filter(|u| u.side != side).collect()
}

fn nearest_enemy(b: &Board, side: Side, hex: Hex) -> Option<Hex> {
    enemies(b, side)
        .into_iter()
        .filter(|e| !e.is_leader())
        .min_by_key(|e| (distance(e.hex, hex), b.map.coord(e.hex)))
        .map(|e| e.hex)
}

fn enemy_distance(b: &Board, side: Side, hex: Hex) -> u32 {
    nearest_enemy(b, side, hex).map_or(99, |e| distance(e, hex))
}

/// Plans `side`'s whole turn from what it knows (its view under fog of war, §16 D-fow-6). The
/// orders end with Resolve (if it declared melees) and EndTurn.
pub fn plan_turn(board: &Board, side: Side) -> Vec<Order> {
    let mut b = crate::rules::planning::turn_view(board, side).board;
    let mut out = Vec::new();
    let mut busy: HashSet<UnitId> = HashSet::new();
    plan_melees(&mut b, side, &mut out, &mut busy);
    plan_fire(&mut b, side, &mut out, &mut busy, false);
    plan_moves(&mut b, side, &mut out, &mut busy);
    super::end_turn(out)
}

/// Plans the orders of the side giving them in the phase under way (Phased Play, §1): its
/// moves, its fire (the other side's, in the defensive fire phase), or its melees; each plan
/// ends the phase, the melee phase the turn.
pub fn plan_phase(board: &Board) -> Vec<Order> {
    let side = board.ordering_side();
    // From what the side knows (§16 D-fow-6).
    let mut b = crate::rules::fog::view(board, side).board;
    let mut out = Vec::new();
    let mut busy: HashSet<UnitId> = HashSet::new();
    match board.phase {
        Phase::Movement => plan_moves(&mut b, side, &mut out, &mut busy),
        Phase::DefensiveFire => plan_fire(&mut b, side, &mut out, &mut busy, true),
        Phase::OffensiveFire => plan_fire(&mut b, side, &mut out, &mut busy, false),
        Phase::Melee => {
            plan_melees(&mut b, side, &mut out, &mut busy);
            return super::end_turn(out);
        }
    }
    out.push(Order::EndPhase);
    out
}

fn plan_melees(b: &mut Board, side: Side, out: &mut Vec<Order>, busy: &mut HashSet<UnitId>) {
    let mut targets: Vec<Hex> = enemies(b, side).iter().map(|e| e.hex).collect();
    targets.sort_by_key(|h| (b.map.coord(*h).col, b.map.coord(*h).row));
    targets.dedup();
    // Objectives first.
    targets.sort_by_key(|h| !b.map.objectives.iter().any(|o| o.hex == *h));
    for d in targets {
        let mut attackers = Vec::new();
        for side_of_d in Facing::ALL {
            let h = d + side_of_d.step();
            for id in melee::committable(b, h, side, d) {
                if !busy.contains(&id) && !attackers.contains(&id) {
                    attackers.push(id);
                }
            }
        }
        let mut decl = Declaration {
            attackers,
            defending_hex: d,
            follow_up: true,
        };
        // Trim to what the rules allow (stacking), weakest last.
        while !decl.attackers.is_empty() && !melee::system(&b.params).check(b, &decl).is_empty() {
            decl.attackers.pop();
        }
        if decl
            .attackers
            .iter()
            .all(|id| b.unit(*id).is_none_or(|u| u.is_leader()))
        {
            continue;
        }
        let system = melee::system(&b.params);
        let o = system.breakdown(b, &decl).odds();
        let order = Order::Melee {
            from: Vec::new(),
            units: decl.attackers.clone(),
            at: At::of(b, d),
            follow_up: true,
        };
        if o.attacker_win_probability >= MELEE_ODDS
            && o.expected_defender_loss >= 0.7 * o.expected_attacker_loss
            && order::check(b, &order).is_ok()
            && super::give(b, order, out)
        {
            busy.extend(decl.attackers.iter().copied());
        }
    }
}

fn plan_fire(
    b: &mut Board,
    side: Side,
    out: &mut Vec<Order>,
    busy: &mut HashSet<UnitId>,
    defensive: bool,
) {
    let shooters: Vec<UnitId> = b
        .units
        .iter()
        .filter(|u| u.side == side && !busy.contains(&u.id))
        .map(|u| u.id)
        .collect();
    let mut targets: Vec<Hex> = enemies(b, side).iter().map(|e| e.hex).collect();
    targets.dedup();
    for id in shooters {
        let best = targets
            .iter()
            .filter_map(|t| fire::breakdown(b, id, *t, defensive, 1.0).ok())
            .max_by(|x, y| x.value.total_cmp(&y.value));
        if let Some(f) = best {
            let fire = Order::Fire {
                unit: id,
                at: At::of(b, f.target),
            };
            if f.value >= 40.0 && super::give(b, fire, out) {
                busy.insert(id);
            }
        }
    }
}

/// Where a unit should go this turn, from the hexes it can reach.
fn goal(b: &Board, u: &Unit, reach: &[(Hex, u32)]) -> Option<Hex> {
    let side = u.side;
    let edge = b.edge(side);
    let score = |h: Hex| -> i64 {
        let e = enemy_distance(b, side, h) as i64;
        match u.kind {
            _ if u.routed => -e * 10 + b.map.distance_to_edge(h, edge) as i64,
            UnitKind::Leader | UnitKind::Supply => {
                // Behind the line: near friends, never closer than three hexes to the enemy.
                let friends = super::line_units(b, side, u.id)
                    .map(|f| distance(f.hex, h))
                    .min()
                    .unwrap_or(0) as i64;
                friends * 2
                    + if e < 3 { 100 } else { 0 }
                    + if u.kind == UnitKind::Supply && e < 5 {
                        20
                    } else {
                        0
                    }
            }
            _ => {
                let target = b
                    .map
                    .objectives
                    .iter()
                    .filter(|o| o.owner != Some(side))
                    .map(|o| o.hex)
                    .min_by_key(|o| distance(*o, u.hex))
                    .or_else(|| nearest_enemy(b, side, u.hex));
                let to_target = target.map_or(0, |t| distance(t, h)) as i64;
                // Guns stand off: not next to the enemy.
                let exposed = if u.kind == UnitKind::Artillery && e < 3 {
                    50
                } else {
                    0
                };
                to_target * 3 + exposed + if e == 0 { 1000 } else { 0 }
            }
        }
    };
    reach
        .iter()
        .min_by_key(|(h, cost)| (score(*h), *cost, b.map.coord(*h)))
        .map(|(h, _)| *h)
}

fn plan_moves(b: &mut Board, side: Side, out: &mut Vec<Order>, busy: &mut HashSet<UnitId>) {
    let movers: Vec<UnitId> = b
        .units
        .iter()
        .filter(|u| u.side == side && !busy.contains(&u.id))
        .map(|u| u.id)
        .collect();
    for id in movers {
        let Some(u) = b.unit(id).cloned() else {
            continue;
        };
        // A unit holding an objective stays and faces the enemy.
        let holding =
            b.map.objectives.iter().any(|o| o.hex == u.hex) && !u.is_leader() && !u.routed;
        if !holding {
            if u.kind == UnitKind::Artillery && u.formation == Formation::Unlimbered {
                // No target (it would have fired): limber up to move next turn.
                super::form(b, id, Formation::Limbered, out);
                continue;
            }
            let range = movement_range(b, id);
            let reach: Vec<(Hex, u32)> = range.iter().map(|(h, r)| (*h, r.cost)).collect();
            if let Some(to) = goal(b, &u, &reach).filter(|to| *to != u.hex) {
                if let Some(path) = movement::path_to(&range, to) {
                    super::go(b, id, to, &path, out);
                }
            }
        }
        let Some(now) = b.unit(id).cloned() else {
            continue;
        };
        if now.routed || now.is_leader() || now.kind == UnitKind::Supply {
            continue;
        }
        let near = nearest_enemy(b, side, now.hex);
        // Guns unlimber within reach of the enemy; infantry deploys into line near it.
        let want = match (now.kind, now.formation, near.map(|e| distance(e, now.hex))) {
            (UnitKind::Artillery, Formation::Limbered, Some(d)) if d <= 6 && d >= 2 => {
                Some(Formation::Unlimbered)
            }
            (UnitKind::Infantry, Formation::Column, Some(d)) if d <= 4 => Some(Formation::Line),
            _ => None,
        };
        if let Some(f) = want {
            super::form(b, id, f, out);
        }
        if let Some(e) = near {
            let f = facing_towards(now.hex, e);
            if f != now.facing && mp_left(&b.params, &now) > 0 {
                super::give(
                    b,
                    Order::Face {
                        unit: id,
                        facing: f,
                    },
                    out,
                );
            }
        }
    }
}
