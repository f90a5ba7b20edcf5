//! Melee: RULES.md §9–§11 and the four other systems of §15.
//!
//! A declared melee goes through one pipeline (`pipeline`): defensive fire, then the game's
//! melee system (`MeleeSystem`, reached through `systems`) for strengths, odds and combat
//! results, then the steps every system shares (morale, retreat, capture, advance, routs). Each
//! system lives in its own file or folder; its own part of a breakdown travels as its variant of
//! `Detail`, its record of a melee as fought as its variant of `Rolled`, and what it shows the
//! player is its `MeleeShow`.

mod austerlitz;
pub mod bodenstedt;
mod breakdown;
mod detail;
mod fall_back;
mod forecast;
mod hexside_class;
pub mod impetus;
pub mod labataille;
mod odds;
mod pipeline;
mod resolve;
mod restrictions;
mod system;
mod systems;
mod tiller;
mod whole;

pub use crate::rules::combat::{FatigueGain, MeleeSide, Modifier, ModifierKind, UnitLoss};
pub use crate::rules::declaration::Declaration;
pub(crate) use crate::rules::declaration::{is_yes, yes};
pub use crate::rules::refusal::Refusal;
pub use austerlitz::{Austerlitz, austerlitz_breakdown, experience, formation_share, hand_to_hand};
pub use breakdown::{Breakdown, UnitStrength, breakdown};
pub use detail::{Detail, Record, Rolled};
pub use fall_back::{Budget, fall_back, fall_back_by};
pub use forecast::{Forecast, LossForecast, forecast};
pub use hexside_class::{Class, class};
pub use odds::{Odds, odds};
pub use pipeline::{
    CalledOff, Resolved, defensive_fire, goes_on, resolve, resolve_steps, results, strengths,
};
pub use resolve::{
    BridgeDamage, Elimination, EliminationReason, MeleeOutcome, Resolution, Retreat, advance,
    begin, capture_guns, end_of_phase, loser, morale_checks, retreat, routs,
};
pub use restrictions::{check, committable};
pub use system::{
    Ending, Fate, MeleeShow, MeleeSystem, Outcomes, gone_by_loss, gone_by_share, gone_by_split,
    lead_unit,
};
pub use systems::{Melee, all, combat_results, named, system};
pub use tiller::CivilWarBattles;
pub use whole::{
    SAMPLES as WHOLE_ODDS_SAMPLES, WholeOdds, whole_odds, whole_odds_exact, whole_odds_exhaustive,
};
