//! The planning opponent: plans a side turn from its side's view (§16 D-fow-6) by scoring
//! candidates in expected victory points (§13: men, guns and objectives) against the enemy's
//! next turn (`Danger`). First melees: for each enemy hex, attackers gathered from every hex
//! next to it (moving in where they can, the rear and flank hexsides found by the rules' own
//! odds) until the whole-resolution odds are good, kept when the expected points are. Then
//! every other unit picks, from the hexes it can reach, the one where its fire is worth most
//! for the least danger, with the objectives and the clock weighed in; guns stand off and mass
//! on the best targets, fire prepares the melees before Resolve, routed and worn units withdraw
//! to a leader, leaders go where they rally or lead. The stronger level weighs several plans
//! (bolder and more careful) by their expected points and keeps the best.

use std::collections::{HashMap, HashSet};

use super::basic::facing_towards;
use super::danger::{Danger, LOSS_PER_VALUE};
use super::rollout;
use crate::rules::board::{Board, Phase};
use crate::rules::hex::{Facing, Hex, distance};
use crate::rules::melee::{self, Declaration};
use crate::rules::movement::{self, movement_range};
use crate::rules::order::{self, At, Order};
use crate::rules::unit::{Formation, Side, Unit, UnitId, UnitKind};
use crate::rules::{facing, fire, formation};

/// How much the planning opponent thinks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Level {
    /// One plan, with the weights that play best against the basic opponent.
    #[default]
    Skilled,
    /// Several plans, bolder and more careful, each scored; the best is played.
    Expert,
}

impl Level {
    pub const ALL: [Level; 2] = [Level::Skilled, Level::Expert];

    pub fn name(self) -> &'static str {
        match self {
            Level::Skilled => "skilled",
            Level::Expert => "expert",
        }
    }

    fn weights(self) -> Vec<Weights> {
        let base = Weights::default();
        match self {
            Level::Skilled => vec![base],
            Level::Expert => vec![
                base,
                // Careful: danger weighs more, melees only at better odds.
                Weights {
                    danger: 1.6,
                    melee_odds: 0.7,
                    ..base
                },
                // Bold: closer, and melees at lower odds.
                Weights {
                    danger: 0.6,
                    melee_odds: 0.5,
                    approach: 3.0,
                },
                // Steady: the line holds where it stands unless fire or a melee calls.
                Weights {
                    approach: 0.5,
                    ..base
                },
            ],
        }
    }
}

/// The weights of one plan.
#[derive(Debug, Clone, Copy)]
struct Weights {
    /// Of the men a hex's danger may cost.
    danger: f64,
    /// The lowest whole-resolution chance of winning a melee is declared at.
    melee_odds: f64,
    /// Of each hex nearer the front or an objective for units out of the fight.
    approach: f64,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            danger: 1.0,
            melee_odds: 0.6,
            approach: 2.0,
        }
    }
}

/// What a plan knows of the turn, worked out once.
struct Turn {
    side: Side,
    danger: Danger,
    /// Turns left after this one, and how late it is (0 at the start, 1 in the last turn).
    turns_left: u32,
    late: f64,
    w: Weights,
    /// Under fog of war, where enemy units were last seen (§16 D-fow-3): where scouts go.
    last_seen: Vec<Hex>,
}

/// A plan: the orders, and what it expects them to gain in victory points (the danger weighed
/// alike whatever the plan's own weights).
struct Plan {
    orders: Vec<Order>,
    gain: f64,
}

/// Rollouts of each plan at the expert level (the same dice for every plan).
pub const ROLLOUTS: u64 = 3;

/// Plans `side`'s whole turn from what it knows; the orders end with Resolve (if it declared
/// melees) and EndTurn.
pub fn plan_turn(board: &Board, side: Side, level: Level) -> Vec<Order> {
    let view = crate::rules::fog::view(board, side);
    let last_seen: Vec<Hex> = view.last_seen.iter().map(|m| m.hex).collect();
    let mut b = view.board;
    b.acting = side;
    let danger = Danger::of(&b, side, &reachable(&b, side));
    let plans: Vec<Plan> = level
        .weights()
        .into_iter()
        .map(|w| {
            let mut t = turn(&b, side, danger.clone(), w);
            t.last_seen.clone_from(&last_seen);
            plan_with(&b, t, true)
        })
        .collect();
    // One plan is played as it is; several are each played out against the enemy's reply
    // with the same dice, and the one that gains most on average is chosen.
    let best = if plans.len() == 1 {
        plans.into_iter().next()
    } else {
        let seed = (u64::from(b.turn) << 8) | (u64::from(side.0) << 4);
        plans
            .into_iter()
            .map(|p| {
                let mut orders = p.orders.clone();
                orders.push(Order::Resolve);
                let mean = (0..ROLLOUTS)
                    .map(|k| rollout::play_out(&b, side, &orders, seed + k, skilled_reply))
                    .sum::<f64>()
                    / ROLLOUTS as f64;
                (mean + 0.001 * p.gain, p)
            })
            .max_by(|x, y| x.0.total_cmp(&y.0))
            .map(|(_, p)| p)
    };
    let mut out = best.map(|p| p.orders).unwrap_or_default();
    if out.iter().any(|o| matches!(o, Order::Melee { .. })) {
        out.push(Order::Resolve);
    }
    out.push(Order::EndTurn);
    out
}

/// Plans the orders of the side giving them in the phase under way (Phased Play, §1): its
/// moves (the placements of a whole plan), its offensive fire from where it stands, or its
/// melees from the hexes it holds; the defensive fire is the basic opponent's (fire at the best
/// target). Each plan ends the phase, the melee phase the turn.
pub fn plan_phase(board: &Board, level: Level) -> Vec<Order> {
    let side = board.ordering_side();
    if board.phase == Phase::DefensiveFire {
        return super::basic::plan_phase(board);
    }
    let view = crate::rules::fog::view(board, side);
    let mut b = view.board;
    let danger = Danger::of(&b, side, &reachable(&b, side));
    let mut t = turn(&b, side, danger, level.weights()[0]);
    t.last_seen = view.last_seen.iter().map(|m| m.hex).collect();
    let mut out: Vec<Order> = match board.phase {
        Phase::Movement => plan_with(&b, t, true)
            .orders
            .into_iter()
            .filter(|o| {
                matches!(
                    o,
                    Order::Move { .. } | Order::Face { .. } | Order::Formation { .. }
                )
            })
            .collect(),
        Phase::OffensiveFire => {
            let mut out = Vec::new();
            let mut busy = HashSet::new();
            place_all(&mut b, &t, &mut out, &mut busy, false);
            out.retain(|o| matches!(o, Order::Fire { .. } | Order::Face { .. }));
            out
        }
        _ => {
            let mut out = Vec::new();
            let mut busy = HashSet::new();
            attacks(&mut b, &t, &mut out, &mut busy, false);
            if !out.is_empty() {
                out.push(Order::Resolve);
            }
            out.push(Order::EndTurn);
            return out;
        }
    };
    out.push(Order::EndPhase);
    out
}

fn turn(b: &Board, side: Side, danger: Danger, w: Weights) -> Turn {
    let turns_left = b.last_turn.saturating_sub(b.turn);
    let late = if b.last_turn <= 1 {
        1.0
    } else {
        (b.turn.saturating_sub(1)) as f64 / (b.last_turn - 1) as f64
    };
    let mut w = w;
    // Behind on the objectives once the first third of the game is gone: attack harder, march
    // faster (the clock runs against the side).
    let held = |s: Side| -> u32 {
        b.map
            .objectives
            .iter()
            .filter(|o| o.owner == Some(s))
            .map(|o| o.points)
            .sum()
    };
    if held(side.enemy()) > held(side) && late > 0.3 {
        w.melee_odds -= 0.05;
        w.approach *= 1.5;
    }
    // By night: no one sees past the next hex; the night attack penalty wears the attackers.
    if b.night {
        w.melee_odds += 0.15;
        w.approach *= 0.25;
    }
    Turn {
        side,
        danger,
        turns_left,
        late,
        w,
        last_seen: Vec::new(),
    }
}

/// Every hex a unit of `side` could end this turn on.
fn reachable(b: &Board, side: Side) -> HashSet<Hex> {
    let mut out = HashSet::new();
    for u in b.units.iter().filter(|u| u.side == side) {
        out.insert(u.hex);
        out.extend(movement_range(b, u.id).into_keys());
    }
    out
}

fn plan_with(b: &Board, t: Turn, moves: bool) -> Plan {
    let mut b = b.clone();
    let mut out = Vec::new();
    let mut busy: HashSet<UnitId> = HashSet::new();
    let mut gain = attacks(&mut b, &t, &mut out, &mut busy, moves);
    gain += place_all(&mut b, &t, &mut out, &mut busy, moves);
    Plan { orders: out, gain }
}

/// The skilled plan of `side` on `b` as it stands (a rollout's board, already as the planning
/// side sees it), Resolve included: the enemy's reply in a rollout.
fn skilled_reply(b: &Board, side: Side) -> Vec<Order> {
    let danger = Danger::of(b, side, &reachable(b, side));
    let mut orders = plan_with(b, turn(b, side, danger, Weights::default()), true).orders;
    orders.push(Order::Resolve);
    orders
}

fn enemy_hexes(b: &Board, side: Side) -> Vec<Hex> {
    let mut v: Vec<Hex> = b
        .units
        .iter()
        .filter(|u| u.side != side)
        .map(|u| u.hex)
        .collect();
    v.sort_by_key(|h| (b.map.coord(*h).col, b.map.coord(*h).row));
    v.dedup();
    v
}

fn objective_at(b: &Board, h: Hex) -> Option<&crate::rules::map::Objective> {
    b.map.objectives.iter().find(|o| o.hex == h)
}

/// What winning a melee on `d` is worth beyond the losses: the defenders driven off (their
/// retreat and morale), the guns that cannot retreat, and an objective taken by the advance.
fn prize(b: &Board, t: &Turn, d: Hex) -> f64 {
    let men: f64 = b
        .units_at(d)
        .filter(|u| u.side != t.side)
        .map(|u| match u.kind {
            UnitKind::Artillery if u.formation == Formation::Unlimbered => u.guns as f64 * 20.0,
            UnitKind::Supply => 25.0,
            UnitKind::Leader => 0.0,
            _ => 0.25 * u.men as f64,
        })
        .sum();
    men + objective_at(b, d).map_or(0.0, |o| {
        if o.owner == Some(t.side) {
            0.0
        } else {
            o.points as f64 * (0.5 + t.late)
        }
    })
}

fn may_attack(u: &Unit) -> bool {
    matches!(u.kind, UnitKind::Infantry | UnitKind::Cavalry)
        && !u.routed
        && !u.disrupted
        && !u.is_fixed()
        && !u.marks.meleed
        && u.formation != Formation::Dismounting
}

/// A unit that could join the attack on `d`, with the hex it would attack from and the path.
#[derive(Clone)]
struct Joiner {
    unit: UnitId,
    from: Hex,
    path: Vec<Hex>,
}

/// Melees: for each enemy hex (objectives first, then the weakest), attackers gathered one at a
/// time, each the one (and from the hex) that best raises the melee's odds, until they are good
/// or no one adds; kept when the whole-resolution odds reach the plan's bar and the expected
/// points (losses both ways, the prize, the danger of the hexes moved into) are positive.
/// Returns the worth of the melees kept.
fn attacks(
    b: &mut Board,
    t: &Turn,
    out: &mut Vec<Order>,
    busy: &mut HashSet<UnitId>,
    moves: bool,
) -> f64 {
    let side = t.side;
    let sys = melee::system(&b.params);
    let mut targets: Vec<Hex> = enemy_hexes(b, side)
        .into_iter()
        .filter(|d| b.units_at(*d).any(|u| u.side != side && !u.is_leader()))
        .filter(|d| {
            b.units
                .iter()
                .any(|u| u.side == side && may_attack(u) && distance(u.hex, *d) <= 8)
        })
        .collect();
    let defence = |b: &Board, d: Hex| -> u32 {
        b.units_at(d)
            .filter(|u| u.side != side)
            .map(|u| u.men)
            .sum()
    };
    targets.sort_by_key(|d| (objective_at(b, *d).is_none(), defence(b, *d)));
    let mut total = 0.0;
    for d in targets {
        let mut trial = b.clone();
        let mut orders = Vec::new();
        let mut chosen: Vec<UnitId> = Vec::new();
        let mut moved: Vec<(UnitId, Hex, Hex)> = Vec::new();
        let mut refused: HashSet<(UnitId, Hex)> = HashSet::new();
        loop {
            let cands = joiners(&trial, side, d, busy, &chosen, moves);
            let mut best: Option<(f64, Joiner)> = None;
            for j in cands {
                if refused.contains(&(j.unit, j.from)) {
                    continue;
                }
                let Some(p) = try_odds(&mut trial, sys, d, &chosen, &j) else {
                    continue;
                };
                if best.as_ref().is_none_or(|(q, _)| p > *q) {
                    best = Some((p, j));
                }
            }
            let Some((_, j)) = best else { break };
            // Move in and face the defending hex, for real on the trial board.
            let Some(u) = trial.unit(j.unit).cloned() else {
                break;
            };
            let mut steps = Vec::new();
            if !j.path.is_empty() {
                if movement::apply_move(&mut trial, j.unit, &j.path).is_err() {
                    refused.insert((j.unit, j.from));
                    continue;
                }
                steps.push(Order::Move {
                    unit: j.unit,
                    to: At::of(&trial, j.from),
                    path: None,
                });
            }
            let f = facing_towards(j.from, d);
            if trial.unit(j.unit).is_some_and(|u| u.facing != f) {
                if facing::apply(&mut trial, j.unit, f).is_err() {
                    // Back out: the unit cannot face the hex from there.
                    if let Some(m) = trial.unit_mut(j.unit) {
                        *m = u.clone();
                    }
                    refused.insert((j.unit, j.from));
                    continue;
                }
                steps.push(Order::Face {
                    unit: j.unit,
                    facing: f,
                });
            }
            let decl = Declaration {
                attackers: chosen.iter().copied().chain([j.unit]).collect(),
                defending_hex: d,
                follow_up: true,
            };
            if !sys.check(&trial, &decl).is_empty() {
                if let Some(m) = trial.unit_mut(j.unit) {
                    *m = u.clone();
                }
                refused.insert((j.unit, j.from));
                continue;
            }
            if u.hex != j.from {
                moved.push((j.unit, u.hex, j.from));
            }
            orders.extend(steps);
            chosen.push(j.unit);
            let o = sys.odds(&sys.breakdown(&trial, &decl));
            if o.attacker_win_probability >= 0.9 || chosen.len() >= 8 {
                break;
            }
        }
        if chosen.is_empty() {
            continue;
        }
        // A leader next to the hex joins (+10 %), if one is free there.
        let decl = Declaration {
            attackers: chosen.clone(),
            defending_hex: d,
            follow_up: true,
        };
        let whole = melee::whole_odds(&trial, &decl);
        let o = sys.odds(&sys.breakdown(&trial, &decl));
        let p = whole.attacker_win_probability;
        let men: f64 = chosen
            .iter()
            .filter_map(|id| trial.unit(*id))
            .map(|u| u.men as f64)
            .sum();
        let exposure: f64 = moved
            .iter()
            .map(|(_, from, to)| {
                (t.danger.expected_fire_loss(*to) - t.danger.expected_fire_loss(*from)).max(0.0)
            })
            .sum();
        let value = o.expected_defender_loss * (1.0 - whole.called_off_probability)
            - o.expected_attacker_loss
            + p * prize(&trial, t, d)
            - (1.0 - p) * 0.1 * men
            - t.w.danger * exposure;
        let order = Order::Melee {
            from: Vec::new(),
            units: chosen.clone(),
            at: At::of(&trial, d),
            follow_up: true,
        };
        if p >= t.w.melee_odds && value > 0.0 && order::check(&trial, &order).is_ok() {
            *b = trial;
            busy.extend(chosen.iter().copied());
            b.pending.push(decl);
            out.extend(orders);
            out.push(order);
            total += value + (t.w.danger - 1.0) * exposure;
        }
    }
    total
}

/// The units that could attack `d` and from where: each free unit able to melee, from its own
/// hex if next to `d`, or (when moves are allowed) from each hex next to `d` it can reach.
fn joiners(
    b: &Board,
    side: Side,
    d: Hex,
    busy: &HashSet<UnitId>,
    chosen: &[UnitId],
    moves: bool,
) -> Vec<Joiner> {
    let around: Vec<Hex> = Facing::ALL.iter().map(|f| d + f.step()).collect();
    let mut out = Vec::new();
    for u in b.units.iter().filter(|u| {
        u.side == side
            && may_attack(u)
            && !busy.contains(&u.id)
            && !chosen.contains(&u.id)
            && distance(u.hex, d) <= 1 + movement::allowance(&b.params, u) / 2
    }) {
        if around.contains(&u.hex) {
            out.push(Joiner {
                unit: u.id,
                from: u.hex,
                path: Vec::new(),
            });
            continue;
        }
        if !moves || u.marks.fired {
            continue;
        }
        let range = movement_range(b, u.id);
        for h in &around {
            if b.units_at(*h).any(|x| x.side != side) {
                continue;
            }
            if let Some(path) = range.get(h).and_then(|_| movement::path_to(&range, *h)) {
                out.push(Joiner {
                    unit: u.id,
                    from: *h,
                    path,
                });
            }
        }
    }
    out
}

/// The melee-only chance of winning with `j` added to `chosen`, `j` standing on its hex facing
/// `d` (the board put back after); none if the rules refuse it.
fn try_odds(
    b: &mut Board,
    sys: &dyn melee::MeleeSystem,
    d: Hex,
    chosen: &[UnitId],
    j: &Joiner,
) -> Option<f64> {
    let i = b.units.iter().position(|u| u.id == j.unit)?;
    let was = b.units[i].clone();
    b.units[i].hex = j.from;
    b.units[i].facing = facing_towards(j.from, d);
    let decl = Declaration {
        attackers: chosen.iter().copied().chain([j.unit]).collect(),
        defending_hex: d,
        follow_up: true,
    };
    let p = if sys.check(b, &decl).is_empty() {
        Some(sys.odds(&sys.breakdown(b, &decl)).attacker_win_probability)
    } else {
        None
    };
    b.units[i] = was;
    p
}

/// Every unit not in a melee, placed: guns first (they fire from where they stand or move to
/// fire next turn), then the line nearest the enemy first, then leaders and wagons. Returns the
/// worth of the fire and the positions.
fn place_all(
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
    let i = b.units.iter().position(|u| u.id == id)?;
    let was = b.units[i].clone();
    let w = fire::weapon_of(&was, fire::weapons())?;
    b.units[i].hex = h;
    if moved {
        b.units[i].marks.moved = true;
    }
    let mut best: Option<(f64, Hex)> = None;
    for e in enemy_hexes(b, t.side) {
        let r = distance(h, e);
        if r == 0 || r > w.range {
            continue;
        }
        b.units[i].facing = facing_towards(h, e);
        if let Ok(f) = fire::breakdown(b, id, e, false, 1.0) {
            let v = f.value * LOSS_PER_VALUE * target_worth(b, t, e);
            if best.is_none_or(|(x, _)| v > x) {
                best = Some((v, e));
            }
        }
    }
    b.units[i] = was;
    best
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
        UnitKind::Leader => fire * 0.3 + if melee > 0.0 { 25.0 } else { 0.0 },
        UnitKind::Supply => fire + if melee > 0.0 { 40.0 } else { 0.0 },
        _ => fire + 0.15 * u.men as f64 * over,
    }
}

/// Points for where `h` stands to the objectives and the fight, for a unit that will not fire
/// this turn: on an objective not held (taken by entering, §13), on one held when the clock runs
/// out, and each hex nearer the nearest objective not held or the nearest enemy.
fn standing(b: &Board, t: &Turn, u: &Unit, h: Hex, goal: Option<Hex>) -> f64 {
    let mut s = 0.0;
    if let Some(o) = objective_at(b, h) {
        if o.owner != Some(t.side) {
            s += o.points as f64 * (0.3 + t.late);
        } else if t.turns_left <= 3 {
            s += o.points as f64 * 0.2;
        }
    }
    if let Some(g) = goal {
        let now = distance(u.hex, g) as f64;
        let then = distance(h, g) as f64;
        s += t.w.approach * (now - then);
    }
    s
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
    let open = b
        .map
        .objectives
        .iter()
        .filter(|o| o.owner != Some(side))
        .min_by_key(|o| distance(o.hex, u.hex))
        .map(|o| o.hex);
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

/// Places one unit: the hex, formation and facing it ends on, and its fire. Returns what the
/// placement is worth.
fn place(b: &mut Board, t: &Turn, id: UnitId, out: &mut Vec<Order>, moves: bool) -> f64 {
    let Some(u) = b.unit(id).cloned() else {
        return 0.0;
    };
    let side = t.side;
    let range: HashMap<Hex, movement::Reach> = if moves && movement::cannot_move(&u).is_none() {
        movement_range(b, id)
    } else {
        HashMap::from([(
            u.hex,
            movement::Reach {
                cost: 0,
                prev: None,
                stops: false,
            },
        )])
    };
    let goal = goal_of(b, t, &u);
    let firing = |u: &Unit| {
        !u.routed
            && match u.kind {
                UnitKind::Infantry => true,
                UnitKind::Cavalry => u.formation == Formation::Dismounted,
                UnitKind::Artillery => true,
                _ => false,
            }
    };
    let mut best: Option<(f64, Hex, Option<Hex>, f64)> = None;
    for (h, r) in &range {
        let h = *h;
        if h != u.hex && b.units_at(h).any(|x| x.side != side) {
            continue;
        }
        let moved = h != u.hex;
        let hazard = risk(b, t, &u, h);
        let mut score = -t.w.danger * hazard;
        let mut target = None;
        match u.kind {
            _ if worn(&u) => {
                // Away from the enemy, to a leader (rally +1), off the enemy's reach.
                let leader = b
                    .units_at(h)
                    .any(|x| x.side == side && x.is_leader() && x.id != u.id);
                score -= 2.0 * risk(b, t, &u, h) + if leader { 0.0 } else { 5.0 };
                score += b
                    .units
                    .iter()
                    .filter(|e| e.side != side && !e.is_leader())
                    .map(|e| distance(e.hex, h))
                    .min()
                    .unwrap_or(10)
                    .min(8) as f64;
            }
            UnitKind::Leader => {
                // With a shaken unit to rally, else with the strongest unit out of danger.
                let here: Vec<&Unit> = b
                    .units_at(h)
                    .filter(|x| x.side == side && x.id != u.id && !x.is_leader())
                    .collect();
                score += here
                    .iter()
                    .map(|x| if worn(x) { 30.0 } else { 5.0 })
                    .sum::<f64>();
                score += here.iter().map(|x| x.men as f64 / 100.0).sum::<f64>();
                score -= 3.0 * risk(b, t, &u, h);
                if here.is_empty() {
                    score -= 10.0;
                }
            }
            UnitKind::Supply => {
                let friends = b
                    .units
                    .iter()
                    .filter(|f| {
                        f.side == side
                            && f.id != u.id
                            && !f.is_leader()
                            && f.kind != UnitKind::Supply
                    })
                    .filter(|f| distance(f.hex, h) <= 5)
                    .count() as f64;
                score += friends - 3.0 * risk(b, t, &u, h);
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
                    let left = movement::mp_left(&b.params, &u).saturating_sub(r.cost);
                    let can_unlimber = left >= 3;
                    let i = b.units.iter().position(|x| x.id == id);
                    if let (true, Some(i)) = (can_unlimber, i) {
                        let was = b.units[i].clone();
                        b.units[i].formation = Formation::Unlimbered;
                        b.units[i].marks = Default::default();
                        let next = best_fire(b, t, id, h, false);
                        b.units[i] = was;
                        score += next.map_or(0.0, |(v, _)| 0.5 * v);
                    }
                    score += 0.3 * standing(b, t, &u, h, goal);
                }
            }
            _ => {
                let fires = firing(&u) && {
                    let left = movement::mp_left(&b.params, &u).saturating_sub(r.cost);
                    u.formation != Formation::Column || left >= 4
                };
                let fire = if fires {
                    let i = b.units.iter().position(|x| x.id == id);
                    let mut f = None;
                    if let Some(i) = i {
                        let was = b.units[i].formation;
                        if u.kind == UnitKind::Infantry {
                            b.units[i].formation = Formation::Line;
                        }
                        f = best_fire(b, t, id, h, moved);
                        b.units[i].formation = was;
                    }
                    f
                } else {
                    None
                };
                if let Some((v, e)) = fire {
                    score += v;
                    target = Some(e);
                    // Standing on an objective while firing still counts.
                    score += standing(b, t, &u, h, None);
                } else {
                    score += standing(b, t, &u, h, goal);
                }
            }
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
            if movement::apply_move(b, id, &path).is_ok() {
                out.push(Order::Move {
                    unit: id,
                    to: At::of(b, to),
                    path: None,
                });
            }
        }
    } else if u.kind == UnitKind::Artillery
        && u.formation == Formation::Unlimbered
        && target.is_none()
        && moves
    {
        // No target here: limber, to find one next turn.
        if formation::apply(b, id, Formation::Limbered).is_ok() {
            out.push(Order::Formation {
                unit: id,
                formation: Formation::Limbered,
            });
        }
        return score;
    }
    let Some(now) = b.unit(id).cloned() else {
        return score;
    };
    if now.is_leader() || now.kind == UnitKind::Supply || now.routed {
        return score;
    }
    let nearest = b
        .units
        .iter()
        .filter(|e| e.side != side && !e.is_leader())
        .min_by_key(|e| (distance(e.hex, now.hex), b.map.coord(e.hex)))
        .map(|e| e.hex);
    let reach = fire::weapon_of(&now, fire::weapons()).map_or(0, |w| w.range);
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
        if formation::apply(b, id, f).is_ok() {
            out.push(Order::Formation {
                unit: id,
                formation: f,
            });
        }
    }
    if let Some(look) = target.or(nearest) {
        let f = facing_towards(now.hex, look);
        if b.unit(id).is_some_and(|x| x.facing != f) && facing::apply(b, id, f).is_ok() {
            out.push(Order::Face {
                unit: id,
                facing: f,
            });
        }
    }
    if let Some(e) = target {
        let o = Order::Fire {
            unit: id,
            at: At::of(b, e),
        };
        if fire::breakdown(b, id, e, false, 1.0).is_ok() {
            out.push(o);
            if let Some(m) = b.unit_mut(id) {
                m.marks.fired = true;
            }
        }
    }
    score
}
