//! The planner's placements: every unit not in a melee takes, of the hexes it can reach, the
//! one where its fire is worth most for the least danger, the objectives and the clock weighed
//! in; guns stand off, routed and worn units withdraw to a leader, leaders rally or lead,
//! wagons stay back, cavalry scouts under fog.

use std::collections::HashSet;

use super::basic::facing_towards;
use super::danger::LOSS_PER_VALUE;
use super::side_turn::{Turn, objective_at};
use crate::rules::board::Board;
use crate::rules::hex::{Hex, distance};
use crate::rules::intent::Mission;
use crate::rules::movement::{self, movement_range};
use crate::rules::order::{At, Order};
use crate::rules::planning::{self, Supposed};
use crate::rules::unit::{Formation, Side, Unit, UnitId, UnitKind};
use crate::rules::{command, fire};

/// What a unit's standing within its leaders' command radius is worth to a placement, under
/// *Command Control* (three hexes' approach).
const IN_COMMAND: f64 = 6.0;

/// Those `leader` commands, each with what its being in command weighs (`weight`), where they
/// stand: a leader standing within his radius of them counts their weights.
fn commanded(b: &Board, leader: &Unit) -> Vec<(Hex, f64)> {
    under(b, leader).map(|x| (x.hex, weight(b, x))).collect()
}

/// The units and leaders directly under `leader`: the units of his formation, and the leaders
/// of the formations next below it.
fn under<'a>(b: &'a Board, leader: &'a Unit) -> impl Iterator<Item = &'a Unit> + 'a {
    let org = &b.organisation;
    let post = org.post_of(leader);
    b.units
        .iter()
        .filter(move |x| x.side == leader.side && x.id != leader.id)
        .filter(move |x| {
            if x.is_leader() {
                org.above(&org.post_of(x)).first() == Some(&post)
            } else {
                org.chain(&x.brigade).contains(&post)
            }
        })
}

/// How much a unit's being in command weighs: one; a leader, one and half of those under him.
fn weight(b: &Board, x: &Unit) -> f64 {
    if x.is_leader() {
        1.0 + 0.5 * under(b, x).filter(|y| !y.is_leader()).count() as f64
    } else {
        1.0
    }
}

/// Every unit not in a melee, placed: guns first (they fire from where they stand or move to
/// fire next turn), then the line nearest the enemy first, then leaders and wagons. Returns the
/// worth of the fire and the positions.
pub(super) fn place_all(
    b: &mut Board,
    t: &Turn,
    out: &mut Vec<Order>,
    busy: &mut HashSet<UnitId>,
    moves: bool,
) -> f64 {
    let side = t.side;
    let near = |b: &Board, u: &Unit| -> u32 {
        b.units
            .iter()
            .filter(|e| e.side != side && !e.is_leader())
            .map(|e| distance(e.hex, u.hex))
            .min()
            .unwrap_or(99)
    };
    let mut order: Vec<(u8, u32, UnitId)> = b
        .units
        .iter()
        .filter(|u| u.side == side && !busy.contains(&u.id))
        .map(|u| {
            let rank = match u.kind {
                UnitKind::Artillery => 0,
                UnitKind::Leader => 2,
                UnitKind::Supply => 3,
                _ => 1,
            };
            (rank, near(b, u), u.id)
        })
        .collect();
    order.sort();
    let mut total = 0.0;
    for (_, _, id) in order {
        total += place(b, t, id, out, moves);
        busy.insert(id);
    }
    total
}

/// The expected points of `id`'s best fire from `h` (standing there, turned to the target,
/// having moved or not), and the target; guns count the fire of the next turn when they have
/// moved (`ready` false) at a third.
fn best_fire(b: &mut Board, t: &Turn, id: UnitId, h: Hex, moved: bool) -> Option<(f64, Hex)> {
    let reach = fire::weapon_of(b, b.unit(id)?)?.range();
    let there = Supposed::at(h).moved(moved);
    planning::supposing(b, id, there, |b| {
        let mut best: Option<(f64, Hex)> = None;
        for &e in &t.enemies {
            let r = distance(h, e);
            if r == 0 || r > reach {
                continue;
            }
            let turned = Supposed::default().facing(facing_towards(h, e));
            let value = planning::supposing(b, id, turned, |b| {
                fire::breakdown(b, id, e, false, 1.0)
                    .ok()
                    .map(|f| f.value * LOSS_PER_VALUE * target_worth(b, t, e))
            })
            .flatten();
            if let Some(v) = value.filter(|v| best.is_none_or(|(x, _)| *v > x)) {
                best = Some((v, e));
            }
        }
        best
    })
    .flatten()
}

/// Points per man lost by the units on `e`: guns are worth more than men (20 a gun for 25 men),
/// a hex about to be meleed more (its losses weaken the defence), a shaken unit more (another
/// check may rout it).
fn target_worth(b: &Board, t: &Turn, e: Hex) -> f64 {
    let mut w: f64 = 1.0;
    if b.pending.iter().any(|d| d.defending_hex == e) {
        w *= 1.6;
    }
    let units: Vec<&Unit> = b.units_at(e).filter(|u| u.side != t.side).collect();
    if units.iter().any(|u| u.disrupted && !u.routed) {
        w *= 1.2;
    }
    if units.iter().all(|u| u.routed) {
        w *= 0.8;
    }
    if objective_at(b, e).is_some() {
        w *= 1.2;
    }
    w
}

/// The danger of standing on `h` for unit `u`: the fire it may draw (of which a gun takes one
/// in 25 men as a gun, worth 20), and a melee it could not hold.
fn risk(b: &Board, t: &Turn, u: &Unit, h: Hex) -> f64 {
    let fire = t.danger.expected_fire_loss(h);
    let mine: f64 = b
        .units_at(h)
        .filter(|x| x.side == t.side && x.id != u.id && !x.is_leader())
        .map(|x| x.men as f64)
        .sum::<f64>()
        + u.men as f64;
    let melee = t.danger.melee(h);
    let over = if melee > 0.0 {
        (melee / mine.max(1.0) - 1.0).clamp(0.0, 2.0)
    } else {
        0.0
    };
    match u.kind {
        UnitKind::Artillery => {
            fire * 0.8
                + if melee > 0.0 {
                    u.guns as f64 * 20.0 * (0.3 + 0.35 * over)
                } else {
                    0.0
                }
        }
        // A leader keeps out of the reach of the enemy's melee, where a hex's losses may take
        // him (D-cc-5); a melee that needs him takes him along (`attack`).
        UnitKind::Leader => fire * 0.3 + if melee > 0.0 { 25.0 } else { 0.0 },
        UnitKind::Supply => fire + if melee > 0.0 { 40.0 } else { 0.0 },
        _ => fire + 0.15 * u.men as f64 * over,
    }
}

/// Points for where `h` stands to the objectives and the fight, for a unit that will not fire
/// this turn: on an objective not held (taken by entering, §13), on one held when the clock runs
/// out, and the approach its mission asks (`Turn::approach`).
fn standing(b: &Board, t: &Turn, u: &Unit, h: Hex, goal: Option<Hex>) -> f64 {
    let mut s = 0.0;
    if let Some(o) = objective_at(b, h) {
        if o.owner != Some(t.side) {
            s += o.points as f64 * (0.3 + t.late);
        } else if t.turns_left <= 3 {
            s += o.points as f64 * 0.2;
        }
    }
    s + t.approach(u, h, goal)
}

/// Where a unit heads when it is not fighting: the nearest objective its side does not hold, the
/// one it holds that the enemy nears late in the game, or the nearest enemy.
fn goal_of(b: &Board, t: &Turn, u: &Unit) -> Option<Hex> {
    let side = t.side;
    let enemy = b
        .units
        .iter()
        .filter(|e| e.side != side && !e.is_leader())
        .min_by_key(|e| (distance(e.hex, u.hex), b.map.coord(e.hex)))
        .map(|e| e.hex);
    // The mission's objective, else the nearest not held.
    let open = t.task(u).and_then(|k| k.at).or_else(|| {
        b.map
            .objectives
            .iter()
            .filter(|o| o.owner != Some(side))
            .min_by_key(|o| distance(o.hex, u.hex))
            .map(|o| o.hex)
    });
    // Scouting under fog: mounted cavalry with no enemy in sight near it rides to where the
    // enemy was last seen, to find it again.
    let scout = u.is_mounted_cavalry() && enemy.is_none_or(|e| distance(e, u.hex) > 6);
    let last = t
        .last_seen
        .iter()
        .copied()
        .min_by_key(|h| (distance(*h, u.hex), b.map.coord(*h)));
    if let (true, Some(l)) = (scout, last) {
        return Some(l);
    }
    // A brigade holding, in reserve or screening keeps to its ground, whoever comes nearer.
    if let Some(k) = t
        .task(u)
        .filter(|k| k.mission != Mission::Attack && k.at.is_some())
    {
        return k.at;
    }
    match (open, enemy) {
        (Some(o), Some(e)) if distance(e, u.hex) + 2 < distance(o, u.hex) => Some(e),
        (Some(o), _) => Some(o),
        (None, e) => e,
    }
}

/// A unit too worn to stand in the line: routed, or disrupted, or at high fatigue.
fn worn(u: &Unit) -> bool {
    u.routed || u.disrupted || u.fatigue >= 600
}

/// Where a unit is weighed standing: the hex, whether it moved there and at what cost, and the
/// danger of it (the march's fire included).
struct Spot {
    h: Hex,
    moved: bool,
    cost: u32,
    hazard: f64,
}

/// What a unit's placement aims at: where it heads, and for a leader under Command Control
/// those he commands (their hexes and weights) and how far his command reaches.
struct Plan {
    goal: Option<Hex>,
    commanded: Vec<(Hex, f64)>,
    command_radius: u32,
}

/// Whether a unit fires where it stands: foot, dismounted horse and guns, not routed.
fn firing(u: &Unit) -> bool {
    !u.routed
        && match u.kind {
            UnitKind::Infantry => true,
            UnitKind::Cavalry => u.formation == Formation::Dismounted,
            UnitKind::Artillery => true,
            _ => false,
        }
}

/// `score` with what a worn unit on `h` makes of it: away from the enemy, to a leader (rally +1), off the enemy's reach.
fn worn_score(b: &Board, u: &Unit, h: Hex, hazard: f64, mut score: f64) -> f64 {
    // Away from the enemy, to a leader (rally +1), off the enemy's reach.
    let leader = b
        .units_at(h)
        .any(|x| x.side == u.side && x.is_leader() && x.id != u.id);
    score -= 2.0 * hazard + if leader { 0.0 } else { 5.0 };
    score += b
        .units
        .iter()
        .filter(|e| e.side != u.side && !e.is_leader())
        .map(|e| distance(e.hex, h))
        .min()
        .unwrap_or(10)
        .min(8) as f64;
    score
}

/// `score` with what a leader on `h` makes of it: with a shaken unit to rally, else with the strongest unit out of danger;
/// under Command Control, near those he commands.
fn leader_score(b: &Board, u: &Unit, h: Hex, hazard: f64, plan: &Plan, mut score: f64) -> f64 {
    // With a shaken unit to rally, else with the strongest unit out of danger.
    let here: Vec<&Unit> = b
        .units_at(h)
        .filter(|x| x.side == u.side && x.id != u.id && !x.is_leader())
        .collect();
    score += here
        .iter()
        .map(|x| if worn(x) { 30.0 } else { 5.0 })
        .sum::<f64>();
    score += here.iter().map(|x| x.men as f64 / 100.0).sum::<f64>();
    score -= 3.0 * hazard;
    if here.is_empty() {
        score -= 10.0;
    }
    let covered: f64 = plan
        .commanded
        .iter()
        .filter(|(x, _)| distance(*x, h) <= plan.command_radius)
        .map(|(_, w)| w)
        .sum();
    score += IN_COMMAND * covered / 3.0;
    score
}

/// What standing at `at` is worth to `u` by its kind (a worn unit keeps away, a leader goes to
/// those he rallies and commands, wagons stay near the line, guns and the line fire or close
/// on the goal), and the hex it fires at from there.
fn score_at(b: &mut Board, t: &Turn, u: &Unit, at: &Spot, plan: &Plan) -> (f64, Option<Hex>) {
    let (h, moved, hazard) = (at.h, at.moved, at.hazard);
    let (id, side, goal) = (u.id, t.side, plan.goal);
    let mut score = -t.danger_weight(u) * hazard;
    let mut target = None;
    match u.kind {
        _ if worn(u) => score = worn_score(b, u, h, hazard, score),
        UnitKind::Leader => score = leader_score(b, u, h, hazard, plan, score),
        UnitKind::Supply => {
            let friends = super::line_units(b, side, u.id)
                .filter(|f| distance(f.hex, h) <= 5)
                .count() as f64;
            score += friends - 3.0 * hazard;
        }
        UnitKind::Artillery => {
            let unlimbered = u.formation == Formation::Unlimbered;
            if unlimbered && !moved {
                if let Some((v, e)) = best_fire(b, t, id, h, false) {
                    score += v;
                    target = Some(e);
                } else {
                    score -= 1.0;
                }
            } else {
                // Moves (limbered) and unlimbers to fire next turn, if points are left.
                let left = movement::mp_left(&b.params, &u).saturating_sub(at.cost);
                let can_unlimber = left >= 3;
                if can_unlimber {
                    let unlimbered = Supposed::default().formed(Formation::Unlimbered).fresh();
                    let next =
                        planning::supposing(b, id, unlimbered, |b| best_fire(b, t, id, h, false));
                    score += next.flatten().map_or(0.0, |(v, _)| 0.5 * v);
                }
                score += 0.3 * standing(b, t, u, h, goal);
            }
        }
        _ => {
            let fires = firing(u) && {
                let left = movement::mp_left(&b.params, &u).saturating_sub(at.cost);
                u.formation != Formation::Column || left >= 4
            };
            let fire = if fires {
                // Infantry fires in line.
                let formed = Supposed {
                    formation: (u.kind == UnitKind::Infantry).then_some(Formation::Line),
                    ..Supposed::default()
                };
                planning::supposing(b, id, formed, |b| best_fire(b, t, id, h, moved)).flatten()
            } else {
                None
            };
            if let Some((v, e)) = fire {
                score += v;
                target = Some(e);
                // Standing on an objective while firing still counts; an attack goes on
                // closing while it fires.
                let on = t.attacking(u).then_some(goal).flatten();
                score += standing(b, t, u, h, on);
            } else {
                score += standing(b, t, u, h, goal);
            }
        }
    }
    (score, target)
}

/// A placed unit's last orders where it stands: the formation it wants (guns unlimber in reach
/// of the enemy, infantry forms line near it), the facing to its target or the nearest enemy,
/// and its fire.
fn form_face_fire(
    b: &mut Board,
    side: Side,
    id: UnitId,
    target: Option<Hex>,
    out: &mut Vec<Order>,
) {
    let Some(now) = b.unit(id).cloned() else {
        return;
    };
    if now.is_leader() || now.kind == UnitKind::Supply || now.routed {
        return;
    }
    let nearest = b
        .units
        .iter()
        .filter(|e| e.side != side && !e.is_leader())
        .min_by_key(|e| (distance(e.hex, now.hex), b.map.coord(e.hex)))
        .map(|e| e.hex);
    let reach = fire::weapon_of(b, &now).map_or(0, |w| w.range());
    let want = match (
        now.kind,
        now.formation,
        nearest.map(|e| distance(e, now.hex)),
    ) {
        // Guns unlimber where they will have a target next turn, never next to the enemy.
        (UnitKind::Artillery, Formation::Limbered, Some(d)) if d >= 2 && d <= reach => {
            Some(Formation::Unlimbered)
        }
        (UnitKind::Infantry, Formation::Column, Some(d)) if d <= 5 || target.is_some() => {
            Some(Formation::Line)
        }
        _ => None,
    };
    if let Some(f) = want {
        super::form(b, id, f, out);
    }
    if let Some(look) = target.or(nearest) {
        let f = facing_towards(now.hex, look);
        if b.unit(id).is_some_and(|x| x.facing != f) {
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
    if let Some(e) = target {
        let o = Order::Fire {
            unit: id,
            at: At::of(b, e),
        };
        super::give(b, o, out);
    }
}

/// Places one unit: the hex, formation and facing it ends on, and its fire. Returns what the
/// placement is worth.
fn place(b: &mut Board, t: &Turn, id: UnitId, out: &mut Vec<Order>, moves: bool) -> f64 {
    let Some(u) = b.unit(id).cloned() else {
        return 0.0;
    };
    let side = t.side;
    let range: movement::Range = if moves && movement::cannot_move(&u).is_none() {
        movement_range(b, id)
    } else {
        [(
            u.hex,
            movement::Reach {
                cost: 0,
                prev: None,
                stops: false,
            },
        )]
        .into_iter()
        .collect()
    };
    let goal = goal_of(b, t, &u);
    // Under Command Control a unit out of its leaders' reach is slowed and may not attack
    // (D-cc-4): a cost, as its leaders stand (they are placed after the line, to follow); a
    // leader is drawn to those he commands.
    let cc = b.params.optional.command_control;
    let keepers = cc.then(|| (command::keepers(b, &u), IN_COMMAND * weight(b, &u)));
    let plan = Plan {
        goal,
        commanded: if cc && u.is_leader() {
            commanded(b, &u)
        } else {
            Vec::new()
        },
        command_radius: command::radius(b, u.command),
    };
    let mut best: Option<(f64, Hex, Option<Hex>, f64)> = None;
    for (h, r) in &range {
        let h = *h;
        if h != u.hex && b.units_at(h).any(|x| x.side != side) {
            continue;
        }
        let moved = h != u.hex;
        // The march draws the enemy's opportunity fire on the way (§1).
        let march = if moved {
            movement::path_to(&range, h).map_or(0.0, |p| t.danger.path_fire_loss(&p))
        } else {
            0.0
        };
        let hazard = risk(b, t, &u, h) + march;
        let spot = Spot {
            h,
            moved,
            cost: r.cost,
            hazard,
        };
        let (mut score, target) = score_at(b, t, &u, &spot, &plan);
        if let Some((k, cost)) = &keepers
            && !k.keep(h)
        {
            score -= cost;
        }
        // Prefer the cheaper way to the same score; then a fixed order.
        let score = score - 0.001 * r.cost as f64;
        if best
            .is_none_or(|(s, bh, ..)| score > s || (score == s && b.map.coord(h) < b.map.coord(bh)))
        {
            best = Some((score, h, target, hazard));
        }
    }
    let Some((score, to, target, hazard)) = best else {
        return 0.0;
    };
    // The same placement with the danger weighed as every plan weighs it.
    let score = score + (t.w.danger - 1.0) * hazard;
    // The orders: limber to move, move, form, face, fire.
    if to != u.hex {
        if u.kind == UnitKind::Artillery && u.formation == Formation::Unlimbered {
            return 0.0;
        }
        if let Some(path) = movement::path_to(&range, to) {
            super::go(b, id, to, &path, out);
        }
    } else if u.kind == UnitKind::Artillery
        && u.formation == Formation::Unlimbered
        && target.is_none()
        && moves
    {
        // No target here: limber, to find one next turn.
        super::form(b, id, Formation::Limbered, out);
        return score;
    }
    form_face_fire(b, side, id, target, out);
    score
}
