//! Morale (§9.6): a unit's morale value, whether a loss makes it check, and the check itself.

use rand::{Rng, RngExt};
use serde::{Deserialize, Serialize};

use super::board::Board;
use super::hex::{Hex, distance};
use super::map::Coord;
use super::movement::{MoverClass, entry_cost};
use super::stacking::{StackLimit, unit_load};
use super::unit::{Ammo, FatigueLevel, UnitId};

crate::words! {
    /// What a morale check did to the unit.
    pub enum MoraleResult {
        Held => "held",
        Disrupted => "disrupted",
        Routed => "routed",
        /// A routed unit's rally check passed: it is disrupted now (D-rally-1).
        Rallied => "rallied to disrupted",
        StillRouted => "still routed",
        /// A disrupted unit out of command passed its check to recover (§17 D-cc-4).
        Recovered => "recovered its order",
    }
}

crate::words! {
    /// Why a unit checked morale.
    pub enum CheckReason {
        /// Melee losses (§9.6).
        Losses => "losses",
        FatigueAtMaximum => "fatigue at maximum",
        FireLosses => "fire losses",
        FriendRouted => "a friend routed nearby",
        LostMelee => "lost a melee (end of phase)",
        Rally => "rally",
    }
}

impl MoraleResult {
    /// The check left the unit routed.
    pub fn routed(self) -> bool {
        matches!(self, MoraleResult::Routed | MoraleResult::StillRouted)
    }
}

/// The result of one morale check.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MoraleCheck {
    pub unit: UnitId,
    pub morale: i32,
    pub roll: u32,
    pub passed: bool,
    pub result: MoraleResult,
    pub reason: CheckReason,
}

impl MoraleCheck {
    /// The roll against the value ("7 vs 5"), or that the dice were not seen: an enemy's check
    /// under fog is told by its result alone (D-fow-6).
    pub fn figures(&self) -> String {
        if self.roll == 0 {
            "dice unseen".to_string()
        } else {
            format!("{} vs {}", self.roll, self.morale)
        }
    }

    /// The check as the other side is told it under fog: the result, not the unit's morale
    /// value nor its roll (no dice roll is 0).
    pub fn told_to_the_enemy(&mut self) {
        self.roll = 0;
        self.morale = 0;
    }
}

/// The morale value of a unit where it stands now.
pub fn morale_value(board: &Board, id: UnitId) -> i32 {
    let Some(u) = board.unit(id) else { return 0 };
    let m = &board.params.morale;
    let mut v = u.quality.morale();
    if board
        .units_at(u.hex)
        .any(|o| o.side == u.side && o.is_leader() && o.id != u.id)
    {
        v += m.leader;
    }
    if u.ammo != Ammo::Normal {
        v += m.low_ammo;
    }
    if board.night {
        v += m.night;
    }
    v += match u.fatigue_level() {
        FatigueLevel::Low => 0,
        FatigueLevel::Medium => m.fatigue_medium,
        FatigueLevel::High | FatigueLevel::Maximum => m.fatigue_high,
    };
    if u.disrupted {
        v += m.disrupted;
    }
    let mixed = board
        .units_at(u.hex)
        .any(|o| o.id != u.id && !o.is_leader() && o.side == u.side && o.brigade != u.brigade);
    if mixed && !u.is_leader() {
        v += m.mixed_brigades;
    }
    v
}

/// Chance that a unit losing `loss` men checks morale: L / (L + base).
pub fn check_chance(loss: u32, base: u32) -> f64 {
    if loss == 0 {
        0.0
    } else {
        loss as f64 / (loss + base) as f64
    }
}

/// Whether `loss` men lost call for a morale check (§9.6): one draw, with chance
/// `check_chance`; no loss, no draw.
pub fn draws_check(loss: u32, base: u32, rng: &mut impl Rng) -> bool {
    loss > 0 && rng.random::<f64>() < check_chance(loss, base)
}

/// Rolls a check for `id`; a roll above its morale fails. A failure during the side's own
/// action or from the acting side's fire or melee routs; otherwise it disrupts. Applies it.
pub fn check(
    board: &mut Board,
    id: UnitId,
    routs_on_failure: bool,
    reason: CheckReason,
    rng: &mut impl Rng,
) -> MoraleCheck {
    check_with(board, id, routs_on_failure, reason, 0, rng)
}

/// A check with `bonus` added to the morale value (Rout Limiting).
pub fn check_with(
    board: &mut Board,
    id: UnitId,
    routs_on_failure: bool,
    reason: CheckReason,
    bonus: i32,
    rng: &mut impl Rng,
) -> MoraleCheck {
    let morale = morale_value(board, id) + bonus;
    let roll = rng.random_range(1..=6u32);
    let passed = roll as i32 <= morale;
    let mut result = MoraleResult::Held;
    if !passed {
        if let Some(u) = board.unit_mut(id) {
            if routs_on_failure || u.disrupted {
                u.routed = true;
                u.disrupted = false;
                result = MoraleResult::Routed;
            } else {
                u.disrupted = true;
                result = MoraleResult::Disrupted;
            }
        }
    }
    MoraleCheck {
        unit: id,
        morale,
        roll,
        passed,
        result,
        reason,
    }
}

/// Where a routed unit ran (D-rout-1).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RoutMove {
    pub unit: UnitId,
    pub from: Hex,
    pub to: Hex,
}

fn nearest_enemy(board: &Board, hex: Hex, side: super::unit::Side) -> u32 {
    board
        .units
        .iter()
        .filter(|e| e.side != side && !e.is_leader() && e.kind != super::unit::UnitKind::Supply)
        .map(|e| distance(e.hex, hex))
        .min()
        .unwrap_or(u32::MAX)
}

/// D-rout-1: a routed unit moves away from the enemy, a hex at a time, up to half its movement
/// allowance: each step to the enterable hex farthest from the nearest enemy, never nearer,
/// never into an enemy's hex or zone of control or an overstacked hex.
pub fn rout_move(board: &mut Board, id: UnitId) -> Option<RoutMove> {
    let u = board.unit(id)?.clone();
    let a = &board.params.movement.allowance;
    let mut left = match u.kind {
        super::unit::UnitKind::Infantry => a.infantry,
        super::unit::UnitKind::Cavalry => a.cavalry,
        super::unit::UnitKind::Artillery => a.artillery,
        super::unit::UnitKind::Supply => a.supply,
        super::unit::UnitKind::Leader => a.leader,
    } / 2;
    if !super::capture::may_move(&u) || super::retreat::cannot_retreat(board, id) {
        return None;
    }
    let class = MoverClass::of(&u);
    let edge = board.edge(u.side);
    let mut at = u.hex;
    loop {
        let here = nearest_enemy(board, at, u.side);
        let mut best: Option<((std::cmp::Reverse<u32>, i32, Coord), Hex, u32)> = None;
        for f in super::hex::Facing::ALL {
            let to = at + f.step();
            let Some(cost) = entry_cost(&board.map, &board.params, class, at, to) else {
                continue;
            };
            // No test for enemy zones of control is needed: a hex in one is next to a fighting
            // enemy, so never farther from the nearest than `here` (at least 1), and the
            // never-nearer test below keeps the run out of it.
            if cost > left
                || board.units_at(to).any(|o| o.side != u.side)
                || StackLimit::check(
                    board.load_at(to) + unit_load(&u, &board.params),
                    &board.params,
                )
                .is_some()
            {
                continue;
            }
            let away = nearest_enemy(board, to, u.side);
            if away <= here && here != u32::MAX {
                continue;
            }
            let key = (
                std::cmp::Reverse(away),
                board.map.distance_to_edge(to, edge),
                board.map.coord(to),
            );
            if best.as_ref().is_none_or(|b| key < b.0) {
                best = Some((key, to, cost));
            }
        }
        let Some((_, to, cost)) = best else { break };
        left -= cost;
        at = to;
        if let Some(m) = board.unit_mut(id) {
            m.hex = to;
        }
    }
    (at != u.hex).then_some(RoutMove {
        unit: id,
        from: u.hex,
        to: at,
    })
}

/// A rout spreads: friendly units next to where a unit routed check morale (with Rout Limiting,
/// +1 per level of the cascade); those that fail rout and run in turn.
pub fn rout_cascade(
    board: &mut Board,
    first: Vec<(UnitId, Hex)>,
    rng: &mut impl Rng,
) -> (Vec<MoraleCheck>, Vec<RoutMove>) {
    let mut checks = Vec::new();
    let mut moves = Vec::new();
    let mut wave = first;
    let mut level = 0;
    while !wave.is_empty() {
        level += 1;
        let mut next = Vec::new();
        for (id, from) in wave {
            if let Some(m) = rout_move(board, id) {
                moves.push(m);
            }
            let side = match board.unit(id) {
                Some(u) => u.side,
                None => continue,
            };
            let near: Vec<UnitId> = board
                .units
                .iter()
                .filter(|o| {
                    o.side == side && !o.routed && !o.is_leader() && distance(o.hex, from) <= 1
                })
                .map(|o| o.id)
                .collect();
            for n in near {
                let bonus = if board.params.optional.rout_limiting {
                    level
                } else {
                    0
                };
                let c = check_with(board, n, true, CheckReason::FriendRouted, bonus, rng);
                if c.result == MoraleResult::Routed {
                    let at = board.unit(n).map(|u| u.hex).unwrap_or(from);
                    next.push((n, at));
                }
                checks.push(c);
            }
        }
        wave = next;
    }
    (checks, moves)
}

/// The routs that `checks` started: each unit that routed runs, and the rout may spread
/// (§9.6, D-rout-1). Returns the further checks and every rout move.
pub fn routs_after(
    board: &mut Board,
    checks: &[MoraleCheck],
    rng: &mut impl Rng,
) -> (Vec<MoraleCheck>, Vec<RoutMove>) {
    let routed: Vec<(UnitId, Hex)> = checks
        .iter()
        .filter(|c| c.result == MoraleResult::Routed)
        .filter_map(|c| board.unit(c.unit).map(|u| (u.id, u.hex)))
        .collect();
    rout_cascade(board, routed, rng)
}
