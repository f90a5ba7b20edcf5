//! Melee as seed 000 (John Tiller's *Civil War Battles*) settles it: RULES.md §9–§11.
//!
//! The interface every melee system shares (check → breakdown → odds → combat results) is
//! `MeleeSystem`; retreat, advance, capture, morale and fatigue stay outside.

mod austerlitz;
pub mod bodenstedt;
mod breakdown;
mod forecast;
pub mod impetus;
pub mod labataille;
mod odds;
mod resolve;
mod restrictions;
mod whole;

pub use crate::rules::combat::{FatigueGain, MeleeSide, Modifier, ModifierKind, UnitLoss};
pub use crate::rules::refusal::Refusal;
pub use austerlitz::{Austerlitz, austerlitz_breakdown, experience, formation_share, hand_to_hand};
pub use breakdown::{Breakdown, UnitStrength, breakdown};
pub use forecast::{Forecast, LossForecast, forecast};
pub use odds::{Odds, odds};
pub use resolve::{
    BridgeDamage, CalledOff, Elimination, EliminationReason, MeleeOutcome, Resolution, Resolved,
    Retreat, advance, begin, capture_guns, defensive_fire, end_of_phase, goes_on, loser,
    morale_checks, resolve, results, retreat, routs, strengths,
};
pub use restrictions::check;
pub use whole::{WholeOdds, whole_odds, whole_odds_exhaustive};

use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use super::board::Board;
use super::hex::Hex;
use super::params::{MeleeSystemName, Parameters};
use super::unit::UnitId;

/// A declared melee: the committed units and the defending hex they attack.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Declaration {
    /// Committed units, in declaration order (the order they advance in, D-adv-1).
    pub attackers: Vec<UnitId>,
    pub defending_hex: Hex,
    /// Impetus I2: whether the attackers follow up a defender that falls back (on unless the
    /// order says otherwise; the other systems ignore it).
    #[serde(
        default = "crate::rules::order::yes",
        skip_serializing_if = "crate::rules::order::is_yes"
    )]
    pub follow_up: bool,
}

impl Declaration {
    /// The attacking hexes, each once, in the order first committed.
    pub fn attacking_hexes(&self, board: &Board) -> Vec<Hex> {
        let mut out = Vec::new();
        for id in &self.attackers {
            if let Some(u) = board.unit(*id) {
                if !out.contains(&u.hex) {
                    out.push(u.hex);
                }
            }
        }
        out
    }

    /// The attacking side: its first committed unit's.
    pub fn side(&self, board: &Board) -> Option<super::unit::Side> {
        self.attackers
            .first()
            .and_then(|id| board.unit(*id))
            .map(|u| u.side)
    }

    /// The committed units, and the enemy units in the defending hex: the two sides.
    pub fn sides<'a>(
        &self,
        board: &'a Board,
    ) -> (
        Vec<&'a crate::rules::unit::Unit>,
        Vec<&'a crate::rules::unit::Unit>,
    ) {
        let attackers: Vec<_> = self
            .attackers
            .iter()
            .filter_map(|id| board.unit(*id))
            .collect();
        let side = attackers.first().map(|u| u.side);
        let defenders = board
            .units_at(self.defending_hex)
            .filter(|u| Some(u.side) != side)
            .collect();
        (attackers, defenders)
    }
}

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

/// Seed 000's melee system.
pub struct CivilWarBattles;

impl MeleeSystem for CivilWarBattles {
    fn check(&self, board: &Board, decl: &Declaration) -> Vec<Refusal> {
        check(board, decl)
    }
    fn breakdown(&self, board: &Board, decl: &Declaration) -> Breakdown {
        breakdown(board, decl)
    }
    fn odds(&self, b: &Breakdown) -> Odds {
        odds(b)
    }
    fn combat_results(&self, board: &mut Board, r: &mut Resolution, rng: &mut ChaCha8Rng) {
        resolve::combat_results(board, r, rng)
    }
}

/// The melee system the Parameter Data names.
pub fn system(params: &Parameters) -> &'static dyn MeleeSystem {
    match params.melee_system {
        MeleeSystemName::Tiller => &CivilWarBattles,
        MeleeSystemName::Austerlitz => &austerlitz::Austerlitz,
        MeleeSystemName::Bodenstedt => &bodenstedt::Bodenstedt,
        MeleeSystemName::Impetus => &impetus::Impetus,
        MeleeSystemName::LaBataille => &labataille::LaBataille,
    }
}

/// The lead unit of a side (D-sys-4): its non-leader with most men as for stacking (§5: a
/// battery counts its guns at `men_per_gun` each and its crew not at all); the first in order
/// on ties.
pub fn lead_unit<'a>(
    units: &[&'a crate::rules::unit::Unit],
    params: &Parameters,
) -> Option<&'a crate::rules::unit::Unit> {
    let weight = |u: &crate::rules::unit::Unit| u.stacking_men(params.stacking.men_per_gun);
    let mut best: Option<&crate::rules::unit::Unit> = None;
    for u in units.iter().filter(|u| !u.is_leader()) {
        if best.is_none_or(|b| weight(u) > weight(b)) {
            best = Some(u);
        }
    }
    best
}

/// The units of `side` in `hex` that a drag from that hex commits against `defending_hex`:
/// every unit there that may melee it (artillery and wagons stay behind). If none may, all
/// but the artillery and wagons, so that the check says why.
pub fn committable(
    board: &Board,
    hex: Hex,
    side: super::unit::Side,
    defending_hex: Hex,
) -> Vec<UnitId> {
    use super::unit::UnitKind;
    let all: Vec<_> = board
        .units_at(hex)
        .filter(|u| u.side == side && !matches!(u.kind, UnitKind::Artillery | UnitKind::Supply))
        .collect();
    let may: Vec<_> = all
        .iter()
        .filter(|u| {
            let alone = Declaration {
                attackers: vec![u.id],
                defending_hex,
                follow_up: true,
            };
            check(board, &alone).iter().all(|v| v.unit != Some(u.id))
        })
        .collect();
    let chosen = if may.iter().any(|u| !u.is_leader()) {
        may
    } else {
        all.iter().collect()
    };
    chosen.into_iter().map(|u| u.id).collect()
}
