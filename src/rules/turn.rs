//! The start of a side's turn (§1): fatigue recovery, rally, isolation, Fixed release,
//! resupply, in that order; and the end of the game.

use std::collections::VecDeque;

use foldhash::HashSet;

use rand::{Rng, RngExt};
use serde::{Deserialize, Serialize};

use super::board::Board;
use super::formation;
use super::hex::{Hex, distance};
use super::morale::{self, CheckReason, MoraleCheck, MoraleResult};
use super::unit::{Ammo, Side, UnitId, UnitKind};

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct TurnStart {
    pub recovered: Vec<(UnitId, u32)>,
    pub rallied: Vec<UnitId>,
    pub rally_checks: Vec<MoraleCheck>,
    pub isolated: Vec<UnitId>,
    pub released: Vec<UnitId>,
    pub resupplied: Vec<UnitId>,
    /// Bridges repaired, and by how much (optional Bridge Limit and Repair).
    pub repaired: Vec<(Hex, u32)>,
    /// Reinforcements that entered the map, and where.
    #[serde(default)]
    pub arrived: Vec<(UnitId, Hex)>,
    /// Successors of leaders hit in the side's last turn (§17 D-cc-5).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub successors: Vec<super::command::Successor>,
    /// The side's units out of command for this side turn (§17 D-cc-3).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub out_of_command: Vec<UnitId>,
    /// Disrupted units out of command that failed the check to recover (§17 D-cc-4).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub still_disrupted: Vec<MoraleCheck>,
}

/// Hexes from which `side` can trace supply: no enemy unit, and no enemy zone of control
/// unless a friend stands there (§12).
fn passable(board: &Board, side: Side) -> impl Fn(Hex) -> bool + '_ {
    let enemy: HashSet<Hex> = board
        .units
        .iter()
        .filter(|u| u.side != side)
        .map(|u| u.hex)
        .collect();
    let zoc: HashSet<Hex> = board
        .units
        .iter()
        .filter(|u| u.side != side && u.exerts_zoc())
        .flat_map(|u| u.front_hexes())
        .collect();
    let friends: HashSet<Hex> = board
        .units
        .iter()
        .filter(|u| u.side == side)
        .map(|u| u.hex)
        .collect();
    move |h| {
        board.map.contains(h) && !enemy.contains(&h) && (!zoc.contains(&h) || friends.contains(&h))
    }
}

/// The hexes a flood reached, by their place on the map.
struct Reached(Vec<bool>);

impl Reached {
    fn contains(&self, map: &super::map::Map, h: Hex) -> bool {
        map.index(h).is_some_and(|i| self.0[i])
    }
}

/// Hexes reachable from `sources` through passable hexes, within `limit` steps (or any).
/// Marked on a grid of the map: the whole map is flooded for supply each side turn.
fn flood(board: &Board, side: Side, sources: Vec<Hex>, limit: Option<u32>) -> Reached {
    let ok = passable(board, side);
    let map = &board.map;
    let mut seen = vec![false; (map.width * map.height) as usize];
    let mut queue: VecDeque<(Hex, u32)> = VecDeque::new();
    for h in sources {
        if let Some(i) = map.index(h)
            && !seen[i]
            && ok(h)
        {
            seen[i] = true;
            queue.push_back((h, 0));
        }
    }
    while let Some((h, d)) = queue.pop_front() {
        if limit.is_some_and(|l| d >= l) {
            continue;
        }
        for n in h.all_neighbors() {
            if let Some(i) = map.index(n)
                && !seen[i]
                && ok(n)
            {
                seen[i] = true;
                queue.push_back((n, d + 1));
            }
        }
    }
    Reached(seen)
}

/// Runs the start of `side`'s turn `turn`. Uses what units did in their last turn (for
/// recovery) before the marks are cleared.
///
/// Long because §12's start of a turn is a fixed sequence (arrivals, repairs, recovery, rally,
/// isolation, release, resupply), each step a few lines over the same side's units.
pub fn start_of_turn(board: &mut Board, side: Side, turn: u32, rng: &mut impl Rng) -> TurnStart {
    let mut out = TurnStart {
        arrived: super::reinforcement::arrive(board, side, turn),
        ..Default::default()
    };
    formation::finish_dismounting(board, side);
    out.repaired = super::bridge::repair_at_start(board, side);
    // §17: successors take their fallen leaders' places, then the side's units are marked in
    // or out of command for the turn (D-cc-3; rally moves nobody, so the marks before it are
    // the marks after it, and rally and recovery below read them).
    out.successors = super::command::successors(board, side);
    out.out_of_command = super::command::mark(board, side);
    // 1. Fatigue recovery (D-fat-2).
    let rest = if board.night {
        board.params.combat.recovery_night
    } else {
        board.params.combat.recovery_day
    };
    let ids: Vec<UnitId> = board
        .units
        .iter()
        .filter(|u| u.side == side)
        .map(|u| u.id)
        .collect();
    for &id in &ids {
        let u = board.unit(id).unwrap();
        let m = u.marks;
        let rested = !(m.moved || m.fired || m.meleed) && !board.in_enemy_zoc(u.hex, side);
        if rested && u.fatigue > 0 {
            // D-cc-4: out of command, half the usual recovery.
            let rest = if super::command::hampered(board, u) {
                rest / 2
            } else {
                rest
            };
            let r = rest.min(u.fatigue);
            board.unit_mut(id).unwrap().fatigue -= r;
            out.recovered.push((id, r));
        }
    }
    for &id in &ids {
        if let Some(u) = board.unit_mut(id) {
            u.marks = Default::default();
            u.marks.held = std::mem::take(&mut u.hold_next_turn);
        }
    }
    // 2. Rally (D-rally-1).
    for &id in &ids {
        let u = board.unit(id).unwrap();
        // D-cc-4: a routed unit out of command rallies only stacked with a leader.
        let alone = super::command::hampered(board, u)
            && !board
                .units_at(u.hex)
                .any(|l| l.side == side && l.is_leader());
        if u.routed && alone {
            continue;
        }
        if u.routed {
            let value = morale::morale_value(board, id);
            let roll = rng.random_range(1..=6u32);
            let passed = roll as i32 <= value;
            if passed {
                let u = board.unit_mut(id).unwrap();
                u.routed = false;
                u.disrupted = true;
                out.rallied.push(id);
            }
            out.rally_checks.push(MoraleCheck {
                unit: id,
                morale: value,
                roll,
                passed,
                result: if passed {
                    MoraleResult::Rallied
                } else {
                    MoraleResult::StillRouted
                },
                reason: CheckReason::Rally,
            });
        } else if u.disrupted
            && !board.in_enemy_zoc(u.hex, side)
            && super::command::hampered(board, u)
        {
            // D-cc-4: out of command, it recovers only by passing a morale check.
            let value = morale::morale_value(board, id);
            let roll = rng.random_range(1..=6u32);
            let passed = roll as i32 <= value;
            let check = MoraleCheck {
                unit: id,
                morale: value,
                roll,
                passed,
                result: if passed {
                    MoraleResult::Recovered
                } else {
                    MoraleResult::Disrupted
                },
                reason: CheckReason::Rally,
            };
            if passed {
                board.unit_mut(id).unwrap().disrupted = false;
                out.rallied.push(id);
                out.rally_checks.push(check);
            } else {
                out.still_disrupted.push(check);
            }
        } else if u.disrupted && !board.in_enemy_zoc(u.hex, side) {
            board.unit_mut(id).unwrap().disrupted = false;
            out.rallied.push(id);
        }
    }
    // 3. Isolation (§12).
    let edge = board.edge(side);
    let mut sources: Vec<Hex> = board
        .map
        .hexes()
        .filter(|h| board.map.on_edge(*h, edge))
        .collect();
    sources.extend(board.map.supply_sources.iter().copied());
    let supplied = flood(board, side, sources, None);
    for &id in &ids {
        let u = board.units.iter_mut().find(|u| u.id == id).unwrap();
        u.isolated = !supplied.contains(&board.map, u.hex);
        if u.isolated {
            out.isolated.push(id);
        }
    }
    // 4. Fixed release: by the release turn, or an enemy within range.
    let range = board.params.supply.fixed_release_range;
    for &id in &ids {
        let u = board.unit(id).unwrap();
        let Some(until) = u.fixed_until else { continue };
        let near = board
            .units
            .iter()
            .any(|e| e.side != side && distance(e.hex, u.hex) <= range);
        if turn >= until || near {
            board.unit_mut(id).unwrap().fixed_until = None;
            out.released.push(id);
        }
    }
    // 5. Resupply from wagons.
    let wagons: Vec<UnitId> = ids
        .iter()
        .copied()
        .filter(|id| board.unit(*id).is_some_and(|u| u.kind == UnitKind::Supply))
        .collect();
    for w in wagons {
        let Some(wagon) = board.unit(w) else { continue };
        let reach = flood(
            board,
            side,
            vec![wagon.hex],
            Some(board.params.supply.range),
        );
        let needy: Vec<UnitId> = ids
            .iter()
            .copied()
            .filter(|id| {
                board.unit(*id).is_some_and(|u| {
                    u.ammo != Ammo::Normal && !u.routed && reach.contains(&board.map, u.hex)
                })
            })
            .collect();
        for id in needy {
            let men = board.unit(id).map(|u| u.men.max(u.guns * 25)).unwrap_or(0);
            let cost = men.div_ceil(board.params.supply.men_per_wagon_point.max(1));
            let points = board.unit(w).map_or(0, |x| x.men);
            if points < cost.max(1) {
                break;
            }
            board.unit_mut(w).unwrap().men -= cost.max(1);
            board.unit_mut(id).unwrap().ammo = Ammo::Normal;
            out.resupplied.push(id);
        }
    }
    out
}

/// The clock a turn later (§1): a day turn's minutes on, or a night turn's, and whether it is
/// night then.
pub fn turn_later(minutes: u32, night: bool, params: &super::params::Parameters) -> (u32, bool) {
    let c = &params.clock;
    let m = minutes
        + if night {
            c.night_turn_minutes
        } else {
            c.day_turn_minutes
        };
    (m, super::scenario::is_night(m, params))
}

/// The clock of the battle's last turn, counted on from the turn `board` is in.
pub fn last_turn_clock(board: &Board) -> u32 {
    let (mut m, mut night) = (board.minutes, board.night);
    for _ in board.turn..board.last_turn {
        (m, night) = turn_later(m, night, &board.params);
    }
    m
}
