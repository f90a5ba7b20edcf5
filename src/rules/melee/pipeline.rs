//! The one way a declared melee is resolved, for the game, the computer, the command line and
//! the tests alike (issue 32): defensive fire → strengths → combat results → morale → retreat →
//! capture → advance → routs, under the melee system the Parameter Data names.

use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use super::{
    Declaration, MeleeOutcome, Resolution, advance, begin, capture_guns, morale_checks, retreat,
    routs, system,
};
use crate::rules::board::Board;
use crate::rules::fire::FireOutcome;
use crate::rules::opportunity;
use crate::rules::refusal::Refusal;

/// A declared melee that did not go ahead: why, and the defenders' fire that broke it up.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CalledOff {
    pub declaration: Declaration,
    pub reasons: Vec<Refusal>,
    pub defensive_fire: Vec<crate::rules::fire::FireOutcome>,
}

/// What became of a declared melee.
#[derive(Debug, Clone, PartialEq)]
pub enum Resolved {
    Fought(Box<MeleeOutcome>),
    CalledOff(CalledOff),
}

impl Resolved {
    /// The melee as fought, if it was.
    pub fn fought(self) -> Option<MeleeOutcome> {
        match self {
            Resolved::Fought(out) => Some(*out),
            Resolved::CalledOff(_) => None,
        }
    }
}

/// Defensive fire (§1): if the melee may go ahead, the defenders' side fires at the attacking
/// hexes first, and the attackers it disrupts, routs or destroys drop out. Returns the
/// declaration left and the fire, or why the melee is called off (committed units that are no
/// longer the acting side's are dropped first: a captured battery).
pub fn defensive_fire(
    board: &mut Board,
    declared: &Declaration,
    rng: &mut ChaCha8Rng,
) -> Result<(Declaration, Vec<FireOutcome>), CalledOff> {
    let mut decl = declared.clone();
    let acting = board.acting;
    decl.attackers
        .retain(|id| board.unit(*id).is_some_and(|u| u.side == acting));
    let legal = system(&board.params).check(board, &decl).is_empty();
    fire_then_check(board, declared, decl, legal, rng)
}

/// The same for a declaration of the acting side's units already checked on this board (the
/// whole odds' seeded runs: the check before the fire is the same in every run).
pub fn defensive_fire_checked(
    board: &mut Board,
    declared: &Declaration,
    rng: &mut ChaCha8Rng,
) -> Result<(Declaration, Vec<FireOutcome>), CalledOff> {
    fire_then_check(board, declared, declared.clone(), true, rng)
}

fn fire_then_check(
    board: &mut Board,
    declared: &Declaration,
    mut decl: Declaration,
    legal: bool,
    rng: &mut ChaCha8Rng,
) -> Result<(Declaration, Vec<FireOutcome>), CalledOff> {
    let system = system(&board.params);
    let mut fire = Vec::new();
    if legal && !decl.attackers.is_empty() {
        fire = opportunity::at_melee_attackers(board, &decl, rng);
        decl.attackers
            .retain(|id| board.unit(*id).is_some_and(|u| !u.disrupted && !u.routed));
    }
    let mut reasons = system.check(board, &decl);
    if decl.attackers.is_empty() {
        reasons = vec![Refusal::melee(
            0,
            None,
            if fire.is_empty() {
                "none of the committed units can attack any more"
            } else {
                "the defenders' fire broke the attack up: no committed unit can attack"
            },
        )];
    }
    if !reasons.is_empty() {
        return Err(CalledOff {
            declaration: declared.clone(),
            reasons,
            defensive_fire: fire,
        });
    }
    Ok((decl, fire))
}

/// Strengths and modifiers under the game's melee system: the breakdown the rest of the melee
/// uses, with the defenders' fire that came before it.
pub fn strengths(board: &mut Board, decl: &Declaration, fire: Vec<FireOutcome>) -> Resolution {
    let b = system(&board.params).breakdown(board, decl);
    let mut r = begin(board, decl, b);
    r.out.defensive_fire = fire;
    r
}

/// The game's melee system rolls the combat results.
pub fn results(board: &mut Board, r: &mut Resolution, rng: &mut ChaCha8Rng) {
    super::combat_results(board, r, rng);
}

/// Whether the melee goes on past the combat results (a bridge takes the result alone, §11).
pub fn goes_on(r: &Resolution) -> bool {
    !r.out.breakdown.bridge_damage
}

/// Resolves a declared melee on `board` as the game does, under the melee system its
/// Parameter Data names: defensive fire → strengths → combat results → morale → retreat →
/// capture → advance → routs. The interpreter (`rules::game`) tells its events from what this
/// returns; the losers' end-of-phase checks wait for `end_of_phase`.
pub fn resolve(board: &mut Board, decl: &Declaration, rng: &mut ChaCha8Rng) -> Resolved {
    resolve_steps(board, decl, rng).0
}

/// `resolve`, and how many of the outcome's retreats came before its retreat step (a fall
/// back in the combat results), which the retreat step's own are told after.
pub fn resolve_steps(
    board: &mut Board,
    decl: &Declaration,
    rng: &mut ChaCha8Rng,
) -> (Resolved, usize) {
    let (decl, fire) = match defensive_fire(board, decl, rng) {
        Ok(going) => going,
        Err(off) => return (Resolved::CalledOff(off), 0),
    };
    let mut r = strengths(board, &decl, fire);
    let hexes = crate::rules::command::melee_hexes(board, &decl);
    results(board, &mut r, rng);
    r.out.leaders_hit = crate::rules::command::melee_leader_hits(board, &hexes, &r.out.losses, rng);
    let mut before_retreat = r.out.retreats.len();
    if goes_on(&r) {
        morale_checks(board, &mut r, rng);
        before_retreat = r.out.retreats.len();
        retreat(board, &mut r, system(&board.params).checks_after_retreat());
        capture_guns(board, &mut r);
        advance(board, &mut r);
        routs(board, &mut r, rng);
    }
    (Resolved::Fought(Box::new(r.out)), before_retreat)
}
