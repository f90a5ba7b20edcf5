//! Resolving one melee (§9.4–§10): roll both losses, find the loser, apply losses, fatigue and
//! morale, then retreat, capture and advance. Returns every fact as a `MeleeOutcome`.

use rand::Rng;
use serde::{Deserialize, Serialize};

use super::{Breakdown, Declaration, MeleeSide, Rolled};
use crate::rules::board::Board;
use crate::rules::capture;
use crate::rules::combat::{FatigueGain, UnitLoss, roll_loss, split_loss, take_loss};
use crate::rules::hex::Hex;
use crate::rules::morale::{self, CheckReason, MoraleCheck, RoutMove};
use crate::rules::retreat::{self, RetreatChoice};
use crate::rules::stacking::{StackLimit, unit_load};
use crate::rules::unit::UnitId;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Retreat {
    pub unit: UnitId,
    pub from: Hex,
    pub to: Hex,
}

crate::words! {
    /// Why a unit left the board in a melee.
    pub enum EliminationReason {
        NoMenLeft => "no men left",
        Overrun => "overrun by a retreating enemy",
        NoHexToRetreatTo => "surrendered: no hex to retreat to",
        NoWayToRun => "surrendered: no way to run",
        GunsCouldNotRetreat => "guns could not retreat",
        /// Bodenstedt's ELIM (§15.1).
        Elim => "eliminated (ELIM)",
        /// La Bataille's DS (§15.3).
        DefenderSurrenders => "surrendered (DS)",
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Elimination {
    pub unit: UnitId,
    pub reason: EliminationReason,
    /// Counted as captured for victory (surrendered, or guns taken).
    pub captured: bool,
    /// What it still had when it left the board.
    pub men: u32,
    pub guns: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BridgeDamage {
    pub hex: Hex,
    pub before: u32,
    pub after: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MeleeOutcome {
    pub declaration: Declaration,
    /// The defenders' fire at the attacking hexes just before the melee (§1), in order.
    pub defensive_fire: Vec<crate::rules::fire::FireOutcome>,
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
    /// The system's own record of the melee as fought (the impetus rounds, La Bataille's checks
    /// and chart), for the report.
    #[serde(default, skip_serializing_if = "Rolled::is_nothing")]
    pub rolled: Rolled,
    /// Leaders hit among either side's (optional Leader Casualties, §17 D-cc-5).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub leaders_hit: Vec<UnitId>,
}

fn eliminate(
    board: &mut Board,
    id: UnitId,
    reason: EliminationReason,
    captured: bool,
) -> Option<Elimination> {
    let u = board.remove(id)?;
    Some(Elimination {
        unit: id,
        reason,
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

/// A melee under way, passed from step to step of its resolution: defensive fire (outside),
/// strengths, combat results, morale, retreat, capture, advance, routs.
#[derive(Debug, Clone, PartialEq)]
pub struct Resolution {
    pub attackers: Vec<UnitId>,
    pub defenders: Vec<UnitId>,
    /// The attacking hexes as the melee began.
    pub hexes: Vec<Hex>,
    /// Units that must check morale after the losses, and why.
    pub checks_due: Vec<(UnitId, CheckReason)>,
    pub out: MeleeOutcome,
}

/// Strengths and modifiers: the breakdown, fixed for the rest of the resolution. The attackers
/// have meleed; a Fixed defender is released (§12).
pub fn begin(board: &mut Board, decl: &Declaration, b: Breakdown) -> Resolution {
    let attackers: Vec<UnitId> = b.attackers.iter().map(|s| s.unit).collect();
    let defenders: Vec<UnitId> = b.defenders.iter().map(|s| s.unit).collect();
    let hexes = decl.attacking_hexes(board);
    for id in &attackers {
        if let Some(u) = board.unit_mut(*id) {
            u.marks.meleed = true;
        }
    }
    if !b.bridge_damage {
        for id in &defenders {
            if let Some(u) = board.unit_mut(*id) {
                u.fixed_until = None;
            }
        }
    }
    Resolution {
        attackers,
        defenders,
        hexes,
        checks_due: Vec::new(),
        out: MeleeOutcome {
            declaration: decl.clone(),
            defensive_fire: Vec::new(),
            breakdown: b,
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
            rolled: Rolled::Nothing,
            leaders_hit: Vec::new(),
        },
    }
}

/// Combat results (§9.4, §11): both losses rolled (the defender's first), the loser, each
/// side's loss split by strength and taken with its fatigue; who must check morale.
pub fn combat_results(board: &mut Board, r: &mut Resolution, rng: &mut impl Rng) {
    let b = r.out.breakdown.clone();
    let d = r.out.declaration.defending_hex;
    let out = &mut r.out;
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
        return;
    }
    let defender_roll = roll_loss(b.defender_loss_range, rng);
    let attacker_roll = roll_loss(b.attacker_loss_range, rng);
    take_results(board, r, rng, defender_roll, attacker_roll);
}

/// The losses rolled, taken: capped at what each side has (D-cr-2), the loser (§9.4), each
/// side's loss split by strength and taken with its fatigue (D-sys-2: the same for every
/// system), and who must check morale.
pub fn take_results(
    board: &mut Board,
    r: &mut Resolution,
    rng: &mut impl Rng,
    defender_roll: u32,
    attacker_roll: u32,
) {
    let b = r.out.breakdown.clone();
    let out = &mut r.out;
    out.defender_roll = defender_roll;
    out.attacker_roll = attacker_roll;
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
    let night = board.night;
    for &(side, id, share) in &shares {
        // §9.4: melee fatigue is 1.5 × the engine's, the loser's twice that; attacking at night
        // adds the penalty to the nominal value first.
        let fatigue = melee_fatigue(&p, night, side, Some(loser));
        let Some(t) = take_loss(board, id, share, fatigue, rng) else {
            continue;
        };
        out.losses.extend(t.loss);
        out.fatigue.extend(t.fatigue);
        if t.spent {
            continue;
        }
        if morale::draws_check(share, p.morale.check_base, rng) {
            r.checks_due.push((id, CheckReason::Losses));
        } else if t.was_max && t.gained > 0 {
            r.checks_due.push((id, CheckReason::FatigueAtMaximum));
        }
    }
}

/// The fatigue a unit of `side` gains from a melee loss (D-sys-2, as §9.4): the §8 nominal
/// value, plus the night penalty for attackers, ×1.5, and ×2 more for the loser.
pub fn melee_fatigue(
    p: &crate::rules::params::Parameters,
    night: bool,
    side: MeleeSide,
    loser: Option<MeleeSide>,
) -> impl FnOnce(u32) -> u32 + use<> {
    let (penalty, times, loser_times) = (
        p.melee.night_attack_penalty as f64,
        p.melee.fatigue_multiplier,
        p.melee.loser_fatigue_multiplier,
    );
    move |nominal: u32| {
        let mut nominal = nominal as f64;
        if side == MeleeSide::Attacker && night {
            nominal += penalty;
        }
        let mut gained = nominal * times;
        if Some(side) == loser {
            gained *= loser_times;
        }
        gained.round() as u32
    }
}

/// The systems with their own loss tables (§15): `men` taken from unit `id`, with D-sys-2
/// fatigue, into the outcome; no §9.6 check follows.
pub fn take_system_loss(
    board: &mut Board,
    r: &mut Resolution,
    id: UnitId,
    men: u32,
    loser: Option<MeleeSide>,
    rng: &mut impl Rng,
) {
    let side = if r.attackers.contains(&id) {
        MeleeSide::Attacker
    } else {
        MeleeSide::Defender
    };
    let fatigue = melee_fatigue(&board.params, board.night, side, loser);
    let Some(t) = take_loss(board, id, men, fatigue, rng) else {
        return;
    };
    match side {
        MeleeSide::Attacker => r.out.attacker_loss += men,
        MeleeSide::Defender => r.out.defender_loss += men,
    }
    r.out.losses.extend(t.loss);
    r.out.fatigue.extend(t.fatigue);
}

/// Morale (§9.6): the checks the losses called for (melee happens in the acting side's turn:
/// a failed check routs, on both sides); units with nothing left are eliminated.
pub fn morale_checks(board: &mut Board, r: &mut Resolution, rng: &mut impl Rng) {
    for (id, reason) in std::mem::take(&mut r.checks_due) {
        r.out
            .morale
            .push(morale::check(board, id, true, reason, rng));
    }
    for id in r.attackers.iter().chain(&r.defenders) {
        if board.unit(*id).is_some_and(|u| u.is_spent()) {
            r.out
                .eliminated
                .extend(eliminate(board, *id, EliminationReason::NoMenLeft, false));
        }
    }
}

/// Retreat (§10, D-ret-1): losing defenders that can retreat go one hex, away from the
/// attacking hexes; those with nowhere to go surrender. Guns that cannot retreat wait for
/// the capture step. With `checks` (the system's `checks_after_retreat`) those that retreat
/// check morale at the end of the phase.
pub fn retreat(board: &mut Board, r: &mut Resolution, checks: bool) {
    if r.out.loser != Some(MeleeSide::Defender) {
        return;
    }
    let d = r.out.declaration.defending_hex;
    for &id in &r.defenders {
        let Some(u) = board.unit(id) else { continue };
        // Already gone by its system's own result (a rout of several hexes).
        if u.hex != d {
            continue;
        }
        let edge = board.edge(u.side);
        if retreat::cannot_retreat(board, id) {
            continue;
        }
        match retreat::choose(board, id, d, &r.hexes, edge) {
            RetreatChoice::To { to, overrun } => {
                for o in overrun {
                    r.out
                        .eliminated
                        .extend(eliminate(board, o, EliminationReason::Overrun, false));
                }
                if let Some(u) = board.unit_mut(id) {
                    u.hex = to;
                    u.marks.retreated = true;
                }
                r.out.retreats.push(Retreat {
                    unit: id,
                    from: d,
                    to,
                });
                if checks {
                    r.out.end_of_phase_checks.push(id);
                }
            }
            RetreatChoice::Surrender => {
                r.out.eliminated.extend(eliminate(
                    board,
                    id,
                    EliminationReason::NoHexToRetreatTo,
                    true,
                ));
            }
        }
    }
}

/// Capture (D-cap-1): losing guns that cannot retreat are captured (optional rule) or
/// eliminated.
pub fn capture_guns(board: &mut Board, r: &mut Resolution) {
    if r.out.loser != Some(MeleeSide::Defender) {
        return;
    }
    let winner = r
        .attackers
        .first()
        .and_then(|a| board.unit(*a))
        .map(|u| u.side);
    for &id in &r.defenders {
        if board.unit(id).is_none() || !retreat::cannot_retreat(board, id) {
            continue;
        }
        if winner.is_some_and(|w| capture::capture(board, id, w)) {
            r.out.captured.push(id);
        } else {
            r.out.eliminated.extend(eliminate(
                board,
                id,
                EliminationReason::GunsCouldNotRetreat,
                true,
            ));
        }
    }
}

/// Advance (D-adv-1): when the defending hex is empty of the enemy, the winners move in, in
/// declaration order, while it has room; routed winners stay.
pub fn advance(board: &mut Board, r: &mut Resolution) {
    if r.out.loser != Some(MeleeSide::Defender) {
        return;
    }
    let d = r.out.declaration.defending_hex;
    let winner = r
        .attackers
        .first()
        .and_then(|a| board.unit(*a))
        .map(|u| u.side);
    let held = board.units_at(d).any(|u| Some(u.side) != winner);
    if held {
        return;
    }
    for &id in &r.attackers {
        let Some(u) = board.unit(id) else { continue };
        if u.routed || !r.hexes.contains(&u.hex) {
            continue;
        }
        let load = board.load_at(d) + unit_load(u, &board.params);
        if StackLimit::check(load, &board.params).is_some() {
            continue;
        }
        if let Some(u) = board.unit_mut(id) {
            u.hex = d;
            let (side, takes) = (u.side, u.takes_objectives());
            crate::rules::movement::take_objectives(board, &[d], side, takes);
        }
        crate::rules::advance::stepped(board, id);
        r.out.advanced.push(id);
    }
}

/// Routs (§9.6, D-rout-1): units the morale checks routed run, and the rout may spread.
pub fn routs(board: &mut Board, r: &mut Resolution, rng: &mut impl Rng) {
    let (checks, routs) = morale::routs_after(board, &r.out.morale, rng);
    r.out.morale.extend(checks);
    // After the system's own routs (an impetus R runs in its combat results).
    r.out.routs.extend(routs);
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
            checks.push(morale::check(board, *id, true, CheckReason::LostMelee, rng));
        }
    }
    let (more, routs) = morale::routs_after(board, &checks, rng);
    checks.extend(more);
    (checks, routs)
}
