//! Seed 000's melee system (John Tiller's *Civil War Battles*, RULES.md §9): strengths and
//! modifiers, loss ranges, the defender winning ties.

use rand_chacha::ChaCha8Rng;

use super::{Breakdown, Declaration, MeleeShow, MeleeSystem, Odds, Refusal, Resolution};
use super::{breakdown, check, odds};
use crate::rules::board::Board;
use crate::rules::params::MeleeSystemName;

/// Seed 000's melee system.
pub struct CivilWarBattles;

impl MeleeSystem for CivilWarBattles {
    type Detail = ();
    type Rolled = ();

    fn name(&self) -> MeleeSystemName {
        MeleeSystemName::Tiller
    }
    fn check(&self, board: &Board, decl: &Declaration) -> Vec<Refusal> {
        check(board, decl)
    }
    fn breakdown(&self, board: &Board, decl: &Declaration) -> Breakdown {
        breakdown(board, decl)
    }
    fn odds(&self, b: &Breakdown, _: &()) -> Odds {
        odds(b)
    }
    fn combat_results(&self, board: &mut Board, r: &mut Resolution, _: &(), rng: &mut ChaCha8Rng) {
        super::resolve::combat_results(board, r, rng)
    }
}

impl MeleeShow for CivilWarBattles {
    fn description(&self) -> &'static str {
        "Civil War Battles (seed 000): loss ranges from strengths and modifiers"
    }
    /// Its modifiers say it all; each unit's adjustments stay in the breakdown.
    fn shows_unit_working(&self) -> bool {
        false
    }
}
