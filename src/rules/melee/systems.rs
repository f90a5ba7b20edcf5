//! The melee systems the game knows, and the one place that reaches them: by name for what
//! comes before a breakdown (the restrictions, the breakdown itself, the system's constants),
//! and by the breakdown's own part after it, so that each system is handed its own type. A new
//! system is its own file(s), its arm in each match here, its variant in `Detail`, and its name
//! in `MeleeSystemName` (the Parameter Data's word for it); the compiler finds a missing arm.

use rand_chacha::ChaCha8Rng;

use super::austerlitz::Austerlitz;
use super::bodenstedt::Bodenstedt;
use super::detail::{Detail, Record};
use super::impetus::Impetus;
use super::labataille::LaBataille;
use super::tiller::CivilWarBattles;
use super::{
    Breakdown, Declaration, Ending, MeleeOutcome, MeleeShow, MeleeSide, MeleeSystem, Odds, Refusal,
    Resolution,
};
use crate::rules::board::Board;
use crate::rules::params::{MeleeSystemName, Parameters};
use crate::rules::unit::UnitId;

/// The system of a name, as `$s`.
macro_rules! by_name {
    ($name:expr, |$s:ident| $body:expr) => {
        match $name {
            MeleeSystemName::Tiller => {
                let $s = &CivilWarBattles;
                $body
            }
            MeleeSystemName::Bodenstedt => {
                let $s = &Bodenstedt;
                $body
            }
            MeleeSystemName::Impetus => {
                let $s = &Impetus;
                $body
            }
            MeleeSystemName::LaBataille => {
                let $s = &LaBataille;
                $body
            }
            MeleeSystemName::Austerlitz => {
                let $s = &Austerlitz;
                $body
            }
        }
    };
}

/// The system that works a breakdown out, as `$s`, and its own part of it, as `$d`.
macro_rules! by_detail {
    ($detail:expr, |$s:ident, $d:ident| $body:expr) => {
        match $detail {
            Detail::LossRanges => {
                let ($s, $d) = (&CivilWarBattles, &());
                $body
            }
            Detail::Austerlitz => {
                let ($s, $d) = (&Austerlitz, &());
                $body
            }
            Detail::Bodenstedt($d) => {
                let $s = &Bodenstedt;
                $body
            }
            Detail::Impetus($d) => {
                let $s = &Impetus;
                $body
            }
            Detail::LaBataille($d) => {
                let $s = &LaBataille;
                $body
            }
        }
    };
}

/// A melee system, by its name in the Parameter Data (D-sys-1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Melee(MeleeSystemName);

/// Every melee system (D-sys-1).
pub fn all() -> impl Iterator<Item = Melee> {
    MeleeSystemName::ALL.iter().map(|n| Melee(*n))
}

/// The melee system of this name.
pub fn named(name: MeleeSystemName) -> Melee {
    Melee(name)
}

/// The melee system the Parameter Data names.
pub fn system(params: &Parameters) -> Melee {
    Melee(params.melee_system)
}

impl Melee {
    /// The name its system gives itself (the structure test sees that it is the name it was
    /// asked by).
    pub fn name(self) -> MeleeSystemName {
        by_name!(self.0, |s| s.name())
    }
    pub fn description(self) -> &'static str {
        by_name!(self.0, |s| s.description())
    }
    pub fn check(self, board: &Board, decl: &Declaration) -> Vec<Refusal> {
        by_name!(self.0, |s| s.check(board, decl))
    }
    /// Strengths and modifiers. An empty bridge is damaged by §11 alike under every system:
    /// §9's breakdown, under the system's name.
    pub fn breakdown(self, board: &Board, decl: &Declaration) -> Breakdown {
        if decl.sides(board).1.is_empty() {
            let mut b = super::breakdown(board, decl);
            b.system = self.0;
            return b;
        }
        by_name!(self.0, |s| s.breakdown(board, decl))
    }
    pub fn odds_work(self, units: usize) -> usize {
        by_name!(self.0, |s| s.odds_work(units))
    }
    /// One roll of the melee's dice on `board` as it stands: the side that loses (D-sys-6).
    pub fn roll_loser(
        self,
        board: &mut Board,
        decl: &Declaration,
        rng: &mut ChaCha8Rng,
    ) -> Option<MeleeSide> {
        by_name!(self.0, |s| s.roll_loser(board, decl, rng))
            .unwrap_or_else(|| roll_by_resolution(self, board, decl, rng))
    }
    pub fn checks_after_retreat(self) -> bool {
        by_name!(self.0, |s| s.checks_after_retreat())
    }
    pub fn follows_up(self) -> bool {
        by_name!(self.0, |s| s.follows_up())
    }
    pub fn own_losses(self) -> bool {
        by_name!(self.0, |s| s.own_losses())
    }
    pub fn shows_unit_working(self) -> bool {
        by_name!(self.0, |s| s.shows_unit_working())
    }
}

/// One roll of a melee's dice through the resolution's own steps (its breakdown and combat
/// results), on a copy's worth of `board`: where a system has no shorter way, and for an empty
/// bridge under every system.
fn roll_by_resolution(
    system: Melee,
    board: &mut Board,
    decl: &Declaration,
    rng: &mut ChaCha8Rng,
) -> Option<MeleeSide> {
    let b = system.breakdown(board, decl);
    let mut r = super::begin(board, decl, b);
    combat_results(board, &mut r, rng);
    r.out.loser
}

/// Rolls the results by the system that made the resolution's breakdown, and keeps its record
/// of the melee in the outcome.
pub fn combat_results(board: &mut Board, r: &mut Resolution, rng: &mut ChaCha8Rng) {
    let detail = r.out.breakdown.detail.clone();
    r.out.rolled = by_detail!(&detail, |s, d| s.combat_results(board, r, d, rng).into());
}

/// What a breakdown says, read by the system that made it.
impl Breakdown {
    /// The exact odds, without rolling.
    pub fn odds(&self) -> Odds {
        by_detail!(&self.detail, |s, d| s.odds(self, d))
    }
    /// Every way the melee can end, with its chance, where its system enumerates its dice.
    pub fn endings(&self, board: &Board) -> Option<Vec<Ending>> {
        by_detail!(&self.detail, |s, d| s.endings(board, self, d))
    }
    /// Its system's own odds in one line; `None` where the odds are the loss ranges.
    pub fn odds_words(&self) -> Option<String> {
        by_detail!(&self.detail, |s, d| s.odds_words(self, d))
    }
    /// Its system's own part of `bayonet odds`' JSON: the key, and the value.
    pub fn json(&self) -> Option<(&'static str, serde_json::Value)> {
        by_detail!(&self.detail, |s, d| s.json(self, d))
    }
    /// Its system's own report lines for the melee as fought (`o`, whose breakdown it is).
    pub fn report_lines(&self, o: &MeleeOutcome, name: &dyn Fn(UnitId) -> String) -> Vec<String> {
        by_detail!(&self.detail, |s, d| s.report_lines(
            self,
            d,
            Record::read(&o.rolled),
            o,
            name
        ))
    }
}
