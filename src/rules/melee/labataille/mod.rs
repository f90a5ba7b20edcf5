//! La Bataille's assault à mêlée (seed 003, RULES.md §15.3): pre-melee morale checks on the
//! d66, then the Melee Assault Chart by odds of melee values, increments lost one at a time,
//! and the checks after losses.

mod assault;
mod breakdown;
mod chart;
mod check;
mod odds;
mod results;

pub use super::detail::labataille::{Assault, AssaultBreakdown, AssaultUnit, ChartResult, Effect};
pub use crate::rules::params::labataille::LaBatailleParams;
pub use assault::assault;
pub use breakdown::{assault_breakdown, breakdown, melee_value};
pub use chart::{COLUMNS, chart, column, position, reading};
pub use check::assault_check;
pub use odds::{AssaultOdds, assault_odds, outcomes, outcomes_by_every_reading};
pub use results::{assault_results, d66};

use super::{
    Breakdown, Declaration, Ending, MeleeOutcome, MeleeShow, MeleeSide, MeleeSystem, Odds,
    Outcomes, Refusal, Resolution, gone_by_share,
};
use crate::rules::board::Board;
use crate::rules::params::MeleeSystemName;
use crate::rules::retreat;
use crate::rules::unit::UnitId;

/// Seed 003's melee system.
pub struct LaBataille;

impl MeleeSystem for LaBataille {
    type Detail = AssaultBreakdown;
    type Rolled = Assault;

    fn name(&self) -> MeleeSystemName {
        MeleeSystemName::LaBataille
    }
    fn check(&self, board: &Board, decl: &Declaration) -> Vec<Refusal> {
        assault_check(board, decl)
    }
    fn breakdown(&self, board: &Board, decl: &Declaration) -> Breakdown {
        breakdown(board, decl)
    }
    /// Its odds walk five d66 positions stage by stage, and so does its breakdown (for the
    /// loss ranges): each unit's check can split a stage, so the paths grow with the units,
    /// about as their square: 0.4 ms for the ten units of the melee bench's worst case.
    fn odds_work(&self, units: usize) -> usize {
        24 * units * units
    }
    /// Five d66 positions, uniform as `outcomes` weighs them, through one assault.
    fn roll_loser(
        &self,
        board: &Board,
        decl: &Declaration,
        rng: &mut rand_chacha::ChaCha8Rng,
    ) -> Option<Option<MeleeSide>> {
        if decl.sides(board).1.is_empty() {
            return None;
        }
        let ab = assault_breakdown(board, decl);
        let mut pos = [1; 5];
        for p in &mut pos {
            *p = d66(rng);
        }
        Some(assault(&ab, pos).loser)
    }
    fn odds(&self, _: &Breakdown, ab: &AssaultBreakdown) -> Odds {
        assault_odds(ab).outcomes.odds()
    }
    fn combat_results(
        &self,
        board: &mut Board,
        r: &mut Resolution,
        ab: &AssaultBreakdown,
        rng: &mut rand_chacha::ChaCha8Rng,
    ) -> Assault {
        assault_results(board, r, ab, rng)
    }
    /// §15.3: the pre-melee and after-loss checks are the morale; no §9.6 check follows.
    fn checks_after_retreat(&self) -> bool {
        false
    }
    fn outcomes(&self, _: &Breakdown, ab: &AssaultBreakdown) -> Option<Outcomes> {
        Some(assault_odds(ab).outcomes)
    }
    /// Every d66 path, by its chance.
    fn endings(&self, board: &Board, b: &Breakdown, ab: &AssaultBreakdown) -> Option<Vec<Ending>> {
        Some(
            outcomes(ab)
                .into_iter()
                .map(|(a, w)| {
                    let gone = a
                        .effects
                        .iter()
                        // Guns that cannot retreat stay for the capture step instead.
                        .filter(|(id, e)| {
                            *e == Effect::Surrender && !retreat::cannot_retreat(board, *id)
                        })
                        .map(|(id, _)| (*id, 1.0))
                        .chain(a.losses.iter().map(|(id, m)| gone_by_share(board, *id, *m)))
                        .collect();
                    Ending {
                        weight: w,
                        attacker_loss: a.lost[0],
                        defender_loss: a.lost[1],
                        defender_moves: a
                            .effects
                            .iter()
                            .any(|(id, _)| b.defenders.iter().any(|s| s.unit == *id)),
                        defender_loses: a.loser == Some(MeleeSide::Defender),
                        gone,
                    }
                })
                .collect(),
        )
    }
}

impl MeleeShow for LaBataille {
    fn description(&self) -> &'static str {
        "La Bataille (seed 003): pre-melee morale on the d66, then the assault chart by odds of melee values"
    }
    fn odds_words(&self, b: &Breakdown, ab: &AssaultBreakdown) -> Option<String> {
        let o = assault_odds(ab);
        Some(format!(
            "La Bataille MV {:.1}:{:.1}, checks A {:+} D {:+}: {}; over before the chart {:.0}%",
            b.attack_strength,
            b.defence_strength,
            ab.ratio_modifier[0],
            ab.ratio_modifier[1],
            o.outcomes.words("surrenders"),
            o.ended_before_chart * 100.0
        ))
    }
    fn own_losses(&self) -> bool {
        true
    }
    /// The checks before the melee, the chart, and the checks after losses, as rolled.
    fn report_lines(
        &self,
        _: &Breakdown,
        ab: &AssaultBreakdown,
        rolled: Option<&Assault>,
        _: &MeleeOutcome,
        name: &dyn Fn(UnitId) -> String,
    ) -> Vec<String> {
        let Some(a) = rolled else {
            return Vec::new();
        };
        let roll = |k: usize| a.rolls[k].map_or("-".to_string(), |r| r.to_string());
        let failed = |ids: &[UnitId]| {
            if ids.is_empty() {
                "all pass".to_string()
            } else {
                let v: Vec<String> = ids.iter().map(|id| name(*id)).collect();
                format!("{} fail", v.join(", "))
            }
        };
        let mut out = vec![format!(
            "  pre-melee checks: D d66 {} ({:+}), A d66 {} ({:+}): {}",
            roll(0),
            ab.ratio_modifier[1],
            roll(1),
            ab.ratio_modifier[0],
            failed(&a.failed_before)
        )];
        if let (Some(c), Some(r)) = (a.column, a.result) {
            out.push(format!(
                "  chart: MV {:.1} vs {:.1} -> {}, d66 {}: {}",
                a.attack,
                a.defence,
                COLUMNS[c].0,
                roll(2),
                r.code()
            ));
        }
        if a.rolls[3].is_some() || a.rolls[4].is_some() {
            out.push(format!(
                "  after losses: D d66 {}, A d66 {}: {}",
                roll(3),
                roll(4),
                failed(&a.failed_after)
            ));
        }
        out
    }
    /// Every unit's MV and checks, the ratios, and the distribution over the d66 paths: each
    /// chart result, the checks, the expected losses.
    fn json(
        &self,
        _: &Breakdown,
        ab: &AssaultBreakdown,
    ) -> Option<(&'static str, serde_json::Value)> {
        Some((
            "assault",
            serde_json::json!({ "breakdown": ab, "odds": assault_odds(ab) }),
        ))
    }
}
