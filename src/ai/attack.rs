//! The planner's melees: for each enemy hex, attackers gathered one at a time from the hexes
//! next to it (their own, or one they can march to), each the one that raises the odds most,
//! so that attacks come from several hexes and find the flank and rear by the rules' own odds;
//! kept when the whole-resolution odds reach the plan's bar and the expected points are good.

use std::collections::HashSet;

use super::basic::facing_towards;
use super::side_turn::{Turn, objective_at};
use crate::rules::board::Board;
use crate::rules::hex::{Facing, Hex, distance};
use crate::rules::intent::Mission;
use crate::rules::melee::{self, Declaration};
use crate::rules::movement::{self, movement_range};
use crate::rules::order::{self, At, Order};
use crate::rules::planning::{self, Supposed};
use crate::rules::unit::{Formation, Side, Unit, UnitId, UnitKind};

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

/// The odds a melee on `d` by `chosen` is made at, and what it is worth to their missions: an
/// attacking brigade goes in at lower odds and counts a share of its objective as won by each
/// melee on the way (more within three hexes of it); a brigade holding one counter-attacks next
/// to it at lower odds too.
fn mission_bar(b: &Board, t: &Turn, chosen: &[UnitId], d: Hex) -> (f64, f64) {
    let mut bar = t.w.melee_odds;
    let mut worth: f64 = 0.0;
    for u in chosen.iter().filter_map(|id| b.unit(*id)) {
        let Some(k) = t.task(u) else { continue };
        match k.mission {
            // Whatever stands in its way is to be driven off; nearer the objective, more so.
            Mission::Attack => {
                // An ordered attack goes on in the dark (Franklin's did, for five hours).
                let lower = match (k.ordered, t.night) {
                    (true, true) => ORDERED_ODDS + super::side_turn::NIGHT_ODDS,
                    (true, false) => ORDERED_ODDS,
                    _ => ATTACK_ODDS,
                };
                bar = bar.min(t.w.melee_odds - lower);
                let points =
                    k.at.and_then(|a| objective_at(b, a))
                        .map_or(50.0, |o| o.points as f64);
                let near = k.at.map_or(9, |a| distance(a, d));
                worth = worth.max(points * if near <= 3 { 0.25 } else { 0.1 });
            }
            Mission::Hold | Mission::Reserve if k.at.is_some_and(|a| distance(a, d) <= 1) => {
                bar = bar.min(t.w.melee_odds - ATTACK_ODDS / 2.0);
            }
            _ => {}
        }
    }
    (bar, worth)
}

/// How much lower the odds an attacking brigade melees at (one the scenario orders to
/// attack, lower still: the commander's intent carries it in where the points alone would not).
const ATTACK_ODDS: f64 = 0.2;
const ORDERED_ODDS: f64 = 0.3;

/// The least ratio of the defenders' expected losses to the attackers' an attacking brigade
/// melees for (the basic computer's is 0.7); one the scenario orders to attack, less (history's
/// assaults on the works paid two men for one, and were made).
const TRADE: f64 = 0.7;
const ORDERED_TRADE: f64 = 0.5;

/// Whether any of `chosen` attacks on the scenario's orders.
fn ordered(t: &Turn, b: &Board, chosen: &[UnitId]) -> bool {
    chosen.iter().filter_map(|id| b.unit(*id)).any(|u| {
        t.task(u)
            .is_some_and(|k| k.ordered && k.mission == Mission::Attack)
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
pub(super) fn attacks(
    b: &mut Board,
    t: &Turn,
    out: &mut Vec<Order>,
    busy: &mut HashSet<UnitId>,
    moves: bool,
) -> f64 {
    let side = t.side;
    let sys = melee::system(&b.params);
    let mut targets: Vec<Hex> = t
        .enemies
        .iter()
        .copied()
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
        let Gathered {
            chosen,
            orders,
            moved,
        } = gather(&mut trial, t, d, busy, moves);
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
        let o = sys.breakdown(&trial, &decl).odds();
        let p = whole.attacker_win_probability;
        let men: f64 = chosen
            .iter()
            .filter_map(|id| trial.unit(*id))
            .map(|u| u.men as f64)
            .sum();
        // The march in draws the enemy's opportunity fire, and staying there its next turn's.
        let exposure: f64 = moved
            .iter()
            .map(|(_, from, to, path)| {
                t.danger.path_fire_loss(path)
                    + (t.danger.expected_fire_loss(*to) - t.danger.expected_fire_loss(*from))
                        .max(0.0)
            })
            .sum();
        let (bar, intent) = mission_bar(&trial, t, &chosen, d);
        let nerve = if intent > 0.0 {
            t.w.danger * super::side_turn::ATTACK_NERVE
        } else {
            t.w.danger
        };
        let value = o.expected_defender_loss * (1.0 - whole.called_off_probability)
            - o.expected_attacker_loss
            - defensive_fire_loss(&trial, t, &chosen, &moved)
            + p * (prize(&trial, t, d) + intent)
            - (1.0 - p) * 0.1 * men
            - nerve * exposure;
        let order = Order::Melee {
            from: Vec::new(),
            units: chosen.clone(),
            at: At::of(&trial, d),
            follow_up: true,
        };
        // An attacking brigade trades men as the basic computer does, where the exchange is
        // not ruinous: the objective is the prize, not the points of this melee alone.
        let trade = if ordered(t, &trial, &chosen) {
            ORDERED_TRADE
        } else {
            TRADE
        };
        let worth_it = value > 0.0
            || (intent > 0.0 && o.expected_defender_loss >= trade * o.expected_attacker_loss);
        if p >= bar && worth_it && order::check(&trial, &order).is_ok() {
            out.extend(orders);
            if super::give(&mut trial, order, out) {
                busy.extend(chosen.iter().copied());
            }
            *b = trial;
            total += value + (t.w.danger - 1.0) * exposure;
        }
    }
    total
}

/// The attackers gathered against `d` on the trial board, the orders that brought them (moves
/// and turns, carried out there) and who marched from where by which path.
struct Gathered {
    chosen: Vec<UnitId>,
    orders: Vec<Order>,
    moved: Vec<(UnitId, Hex, Hex, Vec<Hex>)>,
}

/// Gathers attackers against `d` one at a time, each the unit and the hex next to it that
/// raises the melee odds most, until the odds reach 90 % or eight have joined.
fn gather(trial: &mut Board, t: &Turn, d: Hex, busy: &HashSet<UnitId>, moves: bool) -> Gathered {
    let side = t.side;
    let sys = melee::system(&trial.params);
    let mut orders = Vec::new();
    let mut chosen: Vec<UnitId> = Vec::new();
    let mut moved: Vec<(UnitId, Hex, Hex, Vec<Hex>)> = Vec::new();
    let mut refused: HashSet<(UnitId, Hex)> = HashSet::new();
    loop {
        let cands = joiners(trial, side, d, busy, &chosen, moves);
        let mut best: Option<(f64, Joiner)> = None;
        for j in cands {
            if refused.contains(&(j.unit, j.from)) {
                continue;
            }
            let Some(p) = try_odds(trial, sys, d, &chosen, &j) else {
                continue;
            };
            if best.as_ref().is_none_or(|(q, _)| p > *q) {
                best = Some((p, j));
            }
        }
        let Some((_, j)) = best else { break };
        // Move in and face the defending hex, for real on the trial board; backed out if
        // the rules refuse it.
        let Some(u) = trial.unit(j.unit).cloned() else {
            break;
        };
        let before = trial.clone();
        let mut steps = Vec::new();
        let f = facing_towards(j.from, d);
        let decl = Declaration {
            attackers: chosen.iter().copied().chain([j.unit]).collect(),
            defending_hex: d,
            follow_up: true,
        };
        let joined = (j.path.is_empty() || super::go(trial, j.unit, j.from, &j.path, &mut steps))
            && (trial.unit(j.unit).is_none_or(|u| u.facing == f)
                || super::give(
                    trial,
                    Order::Face {
                        unit: j.unit,
                        facing: f,
                    },
                    &mut steps,
                ))
            && sys.check(trial, &decl).is_empty();
        if !joined {
            *trial = before;
            refused.insert((j.unit, j.from));
            continue;
        }
        if u.hex != j.from {
            moved.push((j.unit, u.hex, j.from, j.path.clone()));
        }
        orders.extend(steps);
        chosen.push(j.unit);
        let o = sys.breakdown(trial, &decl).odds();
        if o.attacker_win_probability >= 0.9 || chosen.len() >= 8 {
            break;
        }
    }
    Gathered {
        chosen,
        orders,
        moved,
    }
}

/// The men the attackers may expect to lose to the defenders' fire just before the melee (§1:
/// half strength unless *Full Melee Defensive Fire*), from the enemy units watching their hexes
/// that did not already fire at a march in (each fires once a turn).
fn defensive_fire_loss(
    b: &Board,
    t: &Turn,
    chosen: &[UnitId],
    moved: &[(UnitId, Hex, Hex, Vec<Hex>)],
) -> f64 {
    let factor = if b.params.optional.full_melee_defensive_fire {
        1.0
    } else {
        0.5
    };
    let mut fired: HashSet<UnitId> = HashSet::new();
    for (_, _, _, path) in moved {
        for h in path {
            fired.extend(
                t.danger
                    .watchers
                    .get(h)
                    .into_iter()
                    .flatten()
                    .map(|(id, _)| *id),
            );
        }
    }
    let mut value = 0.0;
    let hexes: HashSet<Hex> = chosen
        .iter()
        .filter_map(|id| b.unit(*id))
        .map(|u| u.hex)
        .collect();
    for h in hexes {
        for (id, v) in t.danger.watchers.get(&h).into_iter().flatten() {
            if fired.insert(*id) {
                value += factor * v;
            }
        }
    }
    value * super::danger::LOSS_PER_VALUE
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
    sys: melee::Melee,
    d: Hex,
    chosen: &[UnitId],
    j: &Joiner,
) -> Option<f64> {
    let decl = Declaration {
        attackers: chosen.iter().copied().chain([j.unit]).collect(),
        defending_hex: d,
        follow_up: true,
    };
    let standing = Supposed::at(j.from).facing(facing_towards(j.from, d));
    planning::supposing(b, j.unit, standing, |b| {
        sys.check(b, &decl)
            .is_empty()
            .then(|| sys.breakdown(b, &decl).odds().attacker_win_probability)
    })
    .flatten()
}
