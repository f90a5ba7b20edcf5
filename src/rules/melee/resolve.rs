//! Resolving one melee (§9.4–§10): roll both losses, find the loser, apply losses, fatigue and
//! morale, then retreat, capture and advance. Returns every fact as a `MeleeOutcome`.

use rand::{Rng, RngExt};
use serde::Serialize;

use super::{Breakdown, Declaration, MeleeSide, breakdown};
use crate::rules::board::Board;
use crate::rules::capture;
use crate::rules::combat::{fatigue_from_loss, guns_lost, roll_loss, split_loss};
use crate::rules::hex::Hex;
use crate::rules::morale::{self, MoraleCheck, RoutMove};
use crate::rules::retreat::{self, RetreatChoice};
use crate::rules::stacking::{StackLimit, unit_load};
use crate::rules::unit::{UnitId, UnitKind};

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct UnitLoss {
    pub unit: UnitId,
    /// Men lost (crew men for a battery).
    pub men: u32,
    pub guns: u32,
    /// The unit's share of its side's loss, in men (what the loser comparison counts).
    pub share: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FatigueGain {
    pub unit: UnitId,
    pub gained: u32,
    pub now: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Retreat {
    pub unit: UnitId,
    pub from: Hex,
    pub to: Hex,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Elimination {
    pub unit: UnitId,
    pub reason: String,
    /// Counted as captured for victory (surrendered, or guns taken).
    pub captured: bool,
    /// What it still had when it left the board.
    pub men: u32,
    pub guns: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BridgeDamage {
    pub hex: Hex,
    pub before: u32,
    pub after: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MeleeOutcome {
    pub declaration: Declaration,
    pub breakdown: Breakdown,
    /// The rolled results before capping at what each side has.
    pub attacker_roll: u32,
    pub defender_roll: u32,
    /// Losses actually taken, in men (D-cr-2).
    pub attacker_loss: u32,
    pub defender_loss: u32,
    /// `None` for a melee against a bridge.
    pub loser: Option<MeleeSide>,
    pub losses: Vec<UnitLoss>,
    pub fatigue: Vec<FatigueGain>,
    pub morale: Vec<MoraleCheck>,
    pub retreats: Vec<Retreat>,
    pub eliminated: Vec<Elimination>,
    /// Batteries that changed side (optional Artillery Capture).
    pub captured: Vec<UnitId>,
    pub advanced: Vec<UnitId>,
    /// Units that routed and ran (D-rout-1), the rout spreading to neighbours.
    pub routs: Vec<RoutMove>,
    /// Losing defenders that must check morale at the end of the phase.
    pub end_of_phase_checks: Vec<UnitId>,
    pub bridge: Option<BridgeDamage>,
}

fn eliminate(board: &mut Board, id: UnitId, reason: &str, captured: bool) -> Option<Elimination> {
    let u = board.remove(id)?;
    Some(Elimination {
        unit: id,
        reason: reason.into(),
        captured,
        men: u.men,
        guns: u.guns,
    })
}

/// The side with the greater loss loses; the defender wins ties (§9.4).
pub fn loser(attacker_loss: u32, defender_loss: u32) -> MeleeSide {
    if defender_loss > attacker_loss {
        MeleeSide::Defender
    } else {
        MeleeSide::Attacker
    }
}

/// Resolves a legal melee on `board` and returns what happened. Check it first with
/// `melee::check`; an illegal declaration resolves as if its faults did not matter.
pub fn resolve(board: &mut Board, decl: &Declaration, rng: &mut impl Rng) -> MeleeOutcome {
    let b = breakdown(board, decl);
    let d = decl.defending_hex;
    let attackers: Vec<UnitId> = b.attackers.iter().map(|s| s.unit).collect();
    let defenders: Vec<UnitId> = b.defenders.iter().map(|s| s.unit).collect();
    let hexes = decl.attacking_hexes(board);
    let mut out = MeleeOutcome {
        declaration: decl.clone(),
        breakdown: b.clone(),
        attacker_roll: 0,
        defender_roll: 0,
        attacker_loss: 0,
        defender_loss: 0,
        loser: None,
        losses: Vec::new(),
        fatigue: Vec::new(),
        morale: Vec::new(),
        retreats: Vec::new(),
        eliminated: Vec::new(),
        captured: Vec::new(),
        advanced: Vec::new(),
        routs: Vec::new(),
        end_of_phase_checks: Vec::new(),
        bridge: None,
    };
    for id in &attackers {
        if let Some(u) = board.unit_mut(*id) {
            u.marks.meleed = true;
        }
    }

    if b.bridge_damage {
        // §11: the result falls on the bridge alone.
        let roll = roll_loss(b.defender_loss_range, rng);
        if let Some(br) = board.map.bridge_mut(d) {
            let before = br.strength;
            br.strength = before.saturating_sub(roll);
            out.defender_roll = roll;
            out.defender_loss = before - br.strength;
            out.bridge = Some(BridgeDamage {
                hex: d,
                before,
                after: br.strength,
            });
        }
        return out;
    }

    // §12: a Fixed unit is released when meleed.
    for id in &defenders {
        if let Some(u) = board.unit_mut(*id) {
            u.fixed_until = None;
        }
    }
    out.defender_roll = roll_loss(b.defender_loss_range, rng);
    out.attacker_roll = roll_loss(b.attacker_loss_range, rng);
    out.defender_loss = out.defender_roll.min(b.defender_capacity);
    out.attacker_loss = out.attacker_roll.min(b.attacker_capacity);
    let loser = loser(out.attacker_loss, out.defender_loss);
    out.loser = Some(loser);

    let p = board.params.clone();
    let mut shares = Vec::new();
    for (side, units, total) in [
        (MeleeSide::Attacker, &b.attackers, out.attacker_loss),
        (MeleeSide::Defender, &b.defenders, out.defender_loss),
    ] {
        let weights: Vec<f64> = units.iter().map(|s| s.strength).collect();
        let caps: Vec<u32> = units.iter().map(|s| s.capacity).collect();
        for (s, share) in units.iter().zip(split_loss(total, &weights, &caps)) {
            shares.push((side, s.unit, share));
        }
    }

    let mut checks: Vec<(UnitId, &'static str)> = Vec::new();
    for &(side, id, share) in &shares {
        let Some(u) = board.unit(id) else { continue };
        let (men, guns) = if u.kind == UnitKind::Artillery {
            let g = guns_lost(share, u.guns, p.combat.men_per_gun_lost, rng);
            (share.min(u.men), g)
        } else {
            (share.min(u.men), 0)
        };
        // §9.4: melee fatigue is 1.5 × the engine's, the loser's twice that; attacking at night
        // adds the penalty to the nominal value first.
        let mut nominal = fatigue_from_loss(
            share,
            p.combat.fatigue_low_factor,
            p.combat.fatigue_high_factor,
            rng,
        ) as f64;
        if side == MeleeSide::Attacker && board.night {
            nominal += p.melee.night_attack_penalty as f64;
        }
        let mut gained = nominal * p.melee.fatigue_multiplier;
        if side == loser {
            gained *= p.melee.loser_fatigue_multiplier;
        }
        let gained = gained.round() as u32;
        let Some(u) = board.unit_mut(id) else {
            continue;
        };
        u.men -= men;
        u.guns -= guns;
        let was_max = u.fatigue >= p.combat.max_fatigue;
        u.fatigue = (u.fatigue + gained).min(p.combat.max_fatigue);
        if share > 0 || guns > 0 {
            out.losses.push(UnitLoss {
                unit: id,
                men,
                guns,
                share,
            });
        }
        if gained > 0 {
            out.fatigue.push(FatigueGain {
                unit: id,
                gained,
                now: u.fatigue,
            });
        }
        if u.is_spent() {
            continue;
        }
        if share > 0 && rng.random::<f64>() < morale::check_chance(share, p.morale.check_base) {
            checks.push((id, "losses"));
        } else if was_max && gained > 0 {
            checks.push((id, "fatigue at maximum"));
        }
    }
    // Melee happens in the acting side's turn: a failed check routs, for both sides (§9.6).
    for (id, reason) in checks {
        out.morale.push(morale::check(board, id, true, reason, rng));
    }
    for id in attackers.iter().chain(&defenders) {
        if board.unit(*id).is_some_and(|u| u.is_spent()) {
            out.eliminated
                .extend(eliminate(board, *id, "no men left", false));
        }
    }

    if loser == MeleeSide::Defender {
        let winner = board.unit(attackers[0]).map(|u| u.side);
        for &id in &defenders {
            let Some(u) = board.unit(id) else { continue };
            let edge = board.edge(u.side);
            if retreat::cannot_retreat(board, id) {
                // D-cap-1: guns that cannot retreat are captured (optional) or eliminated.
                if winner.is_some_and(|w| capture::capture(board, id, w)) {
                    out.captured.push(id);
                } else {
                    out.eliminated
                        .extend(eliminate(board, id, "guns could not retreat", true));
                }
                continue;
            }
            match retreat::choose(board, id, d, &hexes, edge) {
                RetreatChoice::To { to, overrun } => {
                    for o in overrun {
                        out.eliminated.extend(eliminate(
                            board,
                            o,
                            "overrun by a retreating enemy",
                            false,
                        ));
                    }
                    if let Some(u) = board.unit_mut(id) {
                        u.hex = to;
                        u.marks.retreated = true;
                    }
                    out.retreats.push(Retreat {
                        unit: id,
                        from: d,
                        to,
                    });
                    out.end_of_phase_checks.push(id);
                }
                RetreatChoice::Surrender => {
                    out.eliminated.extend(eliminate(
                        board,
                        id,
                        "surrendered: no hex to retreat to",
                        true,
                    ));
                }
            }
        }
        // D-adv-1: the winners advance in declaration order while the hex has room.
        let held = board.units_at(d).any(|u| Some(u.side) != winner);
        if !held {
            for &id in &attackers {
                let Some(u) = board.unit(id) else { continue };
                if u.routed || !hexes.contains(&u.hex) {
                    continue;
                }
                let load = board.load_at(d) + unit_load(u, &board.params);
                if StackLimit::check(load, &board.params).is_some() {
                    continue;
                }
                if let Some(u) = board.unit_mut(id) {
                    u.hex = d;
                    let (side, leader) = (u.side, u.is_leader());
                    crate::rules::movement::take_objectives(board, &[d], side, leader);
                }
                out.advanced.push(id);
            }
        }
    }
    let routed = routed_now(board, &out.morale);
    let (checks, routs) = morale::rout_cascade(board, routed, rng);
    out.morale.extend(checks);
    out.routs = routs;
    out
}

fn routed_now(board: &Board, checks: &[MoraleCheck]) -> Vec<(UnitId, Hex)> {
    checks
        .iter()
        .filter(|c| c.result == "routed")
        .filter_map(|c| board.unit(c.unit).map(|u| (u.id, u.hex)))
        .collect()
}

/// The automatic end-of-phase morale check of defenders that lost a melee (§9.4); those that
/// rout run, and the rout may spread.
pub fn end_of_phase(
    board: &mut Board,
    ids: &[UnitId],
    rng: &mut impl Rng,
) -> (Vec<MoraleCheck>, Vec<RoutMove>) {
    let mut checks = Vec::new();
    for id in ids {
        if board.unit(*id).is_some_and(|u| !u.routed) {
            checks.push(morale::check(
                board,
                *id,
                true,
                "lost a melee (end of phase)",
                rng,
            ));
        }
    }
    let routed = routed_now(board, &checks);
    let (more, routs) = morale::rout_cascade(board, routed, rng);
    checks.extend(more);
    (checks, routs)
}
