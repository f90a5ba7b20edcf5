//! Impetus melee (seed 002, RULES.md §15.2): each side's lead unit scores a die plus its
//! impetus and modifiers, both lose men by the other's score, both check morale, and the
//! fight goes on for up to three rounds on the same four dice while the defender falls back
//! and the attacker follows up.

mod breakdown;
mod check;
mod fight;
mod odds;
mod results;

pub use super::detail::impetus::{
    Fight, Ground, ImpetusBreakdown, ImpetusSide, LeadKind, Morale, Round,
};
pub use crate::rules::params::impetus::ImpetusParams;
pub use breakdown::{breakdown, charging, impetus_breakdown};
pub use check::impetus_check;
pub use fight::fight;
pub use odds::{ImpetusOdds, dice_tuples, impetus_odds};
pub use results::impetus_results;

use rand::RngExt;

use super::{
    Breakdown, Declaration, Ending, MeleeOutcome, MeleeShow, MeleeSide, MeleeSystem, Odds,
    Outcomes, Refusal, Resolution, gone_by_split,
};
use crate::rules::board::Board;
use crate::rules::params::MeleeSystemName;
use crate::rules::unit::UnitId;

/// Seed 002's melee system.
pub struct Impetus;

impl MeleeSystem for Impetus {
    type Detail = ImpetusBreakdown;
    type Rolled = Fight;

    fn name(&self) -> MeleeSystemName {
        MeleeSystemName::Impetus
    }
    fn check(&self, board: &Board, decl: &Declaration) -> Vec<Refusal> {
        impetus_check(board, decl)
    }
    fn breakdown(&self, board: &Board, decl: &Declaration) -> Breakdown {
        breakdown(board, decl)
    }
    /// Heavy: its odds fight both rounds over every tuple of dice, and so does its breakdown
    /// (for the loss ranges), however many units: about 170 µs for the worst case of the
    /// melee bench.
    fn odds_work(&self, _units: usize) -> usize {
        1_100
    }
    /// The dice of `impetus_results`, uniform over `dice_tuples`, on the lead units alone.
    fn roll_loser(
        &self,
        board: &Board,
        decl: &Declaration,
        rng: &mut rand_chacha::ChaCha8Rng,
    ) -> Option<Option<MeleeSide>> {
        if decl.sides(board).1.is_empty() {
            return None;
        }
        let ib = impetus_breakdown(board, decl);
        let mut dice = [1u8; 5];
        if ib.close_to_contact {
            dice[0] = rng.random_range(1..=6u8);
        }
        for d in &mut dice[1..] {
            *d = rng.random_range(1..=6u8);
        }
        Some(fight(&ib, dice).loser)
    }
    fn odds(&self, _: &Breakdown, ib: &ImpetusBreakdown) -> Odds {
        impetus_odds(ib).outcomes.odds()
    }
    fn combat_results(
        &self,
        board: &mut Board,
        r: &mut Resolution,
        ib: &ImpetusBreakdown,
        rng: &mut rand_chacha::ChaCha8Rng,
    ) -> Fight {
        impetus_results(board, r, ib, rng)
    }
    /// §15.2: the morale results are the checks; none follows a lost melee.
    fn checks_after_retreat(&self) -> bool {
        false
    }
    fn outcomes(&self, _: &Breakdown, ib: &ImpetusBreakdown) -> Option<Outcomes> {
        Some(impetus_odds(ib).outcomes)
    }
    /// Every dice tuple, equally likely.
    fn endings(&self, board: &Board, b: &Breakdown, ib: &ImpetusBreakdown) -> Option<Vec<Ending>> {
        let tuples = dice_tuples(ib);
        let w = 1.0 / tuples.len().max(1) as f64;
        Some(
            tuples
                .into_iter()
                .map(|t| {
                    let f = fight(ib, t);
                    let mut gone = gone_by_split(board, &b.attackers, f.attacker_loss);
                    gone.extend(gone_by_split(board, &b.defenders, f.defender_loss));
                    if f.surrendered {
                        gone.extend(b.defenders.iter().map(|s| (s.unit, 1.0)));
                    }
                    Ending {
                        weight: w,
                        attacker_loss: f.attacker_loss,
                        defender_loss: f.defender_loss,
                        defender_moves: f.defender_moved.is_some(),
                        defender_loses: f.loser == Some(MeleeSide::Defender),
                        gone,
                    }
                })
                .collect(),
        )
    }
}

impl MeleeShow for Impetus {
    fn description(&self) -> &'static str {
        "Impetus (seed 002): die + impetus + modifiers, losses by score, morale each round, up to 3 rounds"
    }
    fn odds_words(&self, _: &Breakdown, ib: &ImpetusBreakdown) -> Option<String> {
        let o = impetus_odds(ib);
        Some(format!(
            "Impetus {} vs {}, contact {:?}, follow-up {}: {}; more than one round {:.0}%",
            ib.attacker.impetus,
            ib.defender.impetus,
            ib.contact,
            if ib.follow_up { "on" } else { "off" },
            o.outcomes.words("surrenders"),
            o.rounds.iter().skip(2).sum::<f64>() * 100.0
        ))
    }
    fn own_losses(&self) -> bool {
        true
    }
    /// I2: the attackers follow up a defender that falls back, unless told not to.
    fn follows_up(&self) -> bool {
        true
    }
    /// The lead units and contact, then the rounds as they were fought.
    fn report_lines(
        &self,
        _: &Breakdown,
        ib: &ImpetusBreakdown,
        fought: Option<&Fight>,
        _: &MeleeOutcome,
        _name: &dyn Fn(UnitId) -> String,
    ) -> Vec<String> {
        let Some(f) = fought else {
            return Vec::new();
        };
        let side = |s: &ImpetusSide| {
            format!(
                "{} ({:?}{}, impetus {}, morale {})",
                s.lead_name,
                s.kind,
                if s.charging { ", charging" } else { "" },
                s.impetus,
                s.morale
            )
        };
        let mut out = vec![format!(
            "  {} vs {}; contact {:?}{}",
            side(&ib.attacker),
            side(&ib.defender),
            ib.contact,
            if ib.follow_up { "" } else { "; no follow-up" }
        )];
        if let Some(c) = f.closing {
            out.push(format!("  closing with the square: {}", c.code()));
        }
        for (i, r) in f.rounds.iter().enumerate() {
            out.push(format!(
                "  round {}: score A {} vs D {}; losses A {} D {}; morale A col {} {}, D col {} {}",
                i + 1,
                r.scores[0],
                r.scores[1],
                r.losses[0],
                r.losses[1],
                r.columns[0],
                r.results[0].code(),
                r.columns[1],
                r.results[1].code()
            ));
        }
        if f.broke_off {
            out.push("  the cavalry broke off".into());
        }
        out
    }
    /// The lead units, impetus and grounds, and the distribution over the dice: each kind of
    /// result, the rounds fought, the expected losses.
    fn json(
        &self,
        _: &Breakdown,
        ib: &ImpetusBreakdown,
    ) -> Option<(&'static str, serde_json::Value)> {
        Some((
            "impetus",
            serde_json::json!({ "breakdown": ib, "odds": impetus_odds(ib) }),
        ))
    }
}
