//! The seam of the melee systems (RULES.md §9 and §15): what a system decides, and what it adds
//! for the player to read, so that the shared steps, the window, the report and `bayonet odds`
//! treat every system alike.

use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use super::{Breakdown, Declaration, MeleeSide, Odds, Refusal, Resolution};
use crate::rules::board::Board;
use crate::rules::params::{MeleeSystemName, Parameters};
use crate::rules::unit::Unit;

/// What becomes of the defenders in one outcome of a melee.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Fate {
    Stays,
    Retreats,
    Routs,
    Surrenders,
}

/// A system's exact distribution in the terms every system shares (§15.0 D-sys-6): who wins,
/// what becomes of the defender, the expected losses.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Outcomes {
    pub attacker_wins: f64,
    pub no_decision: f64,
    pub defender_wins: f64,
    pub defender_retreats: f64,
    pub defender_routs: f64,
    pub defender_surrenders: f64,
    pub expected_attacker_loss: f64,
    pub expected_defender_loss: f64,
}

impl Outcomes {
    /// Counts one outcome of probability `w`: its loser, the defender's fate, the losses
    /// [attacker, defender] in men.
    pub fn add(&mut self, w: f64, loser: Option<MeleeSide>, fate: Fate, lost: [u32; 2]) {
        match loser {
            Some(MeleeSide::Defender) => self.attacker_wins += w,
            Some(MeleeSide::Attacker) => self.defender_wins += w,
            None => self.no_decision += w,
        }
        match fate {
            Fate::Stays => {}
            Fate::Retreats => self.defender_retreats += w,
            Fate::Routs => self.defender_routs += w,
            Fate::Surrenders => self.defender_surrenders += w,
        }
        self.expected_attacker_loss += w * lost[0] as f64;
        self.expected_defender_loss += w * lost[1] as f64;
    }

    /// The seam's odds.
    pub fn odds(&self) -> Odds {
        Odds {
            attacker_win_probability: self.attacker_wins,
            expected_attacker_loss: self.expected_attacker_loss,
            expected_defender_loss: self.expected_defender_loss,
        }
    }
}

/// The seam of the melee systems (RULES.md §9 and §15): what differs between them. The shared
/// steps (defensive fire, morale, retreat, capture, advance, routs) stay outside, and the
/// simulation reaches a melee system only through `system`.
pub trait MeleeSystem: Send + Sync {
    /// Its name in the Parameter Data (D-sys-1).
    fn name(&self) -> MeleeSystemName;
    /// Every restriction the declaration breaks.
    fn check(&self, board: &Board, decl: &Declaration) -> Vec<Refusal>;
    /// Strengths and modifiers.
    fn breakdown(&self, board: &Board, decl: &Declaration) -> Breakdown;
    /// The exact odds of a breakdown, without rolling.
    fn odds(&self, breakdown: &Breakdown) -> Odds;
    /// Rolls the results, decides the loser and applies the losses and fatigue.
    fn combat_results(&self, board: &mut Board, r: &mut Resolution, rng: &mut ChaCha8Rng);
    /// Whether a defender that retreated checks morale at the end of the phase (§9.4); a
    /// system whose result is itself the morale says no.
    fn checks_after_retreat(&self) -> bool {
        true
    }
}

/// The lead unit of a side (D-sys-4): its non-leader with most men as for stacking (§5: a
/// battery counts its guns at `men_per_gun` each and its crew not at all); the first in order
/// on ties.
pub fn lead_unit<'a>(units: &[&'a Unit], params: &Parameters) -> Option<&'a Unit> {
    let weight = |u: &Unit| u.stacking_men(params.stacking.men_per_gun);
    let mut best: Option<&Unit> = None;
    for u in units.iter().filter(|u| !u.is_leader()) {
        if best.is_none_or(|b| weight(u) > weight(b)) {
            best = Some(u);
        }
    }
    best
}
