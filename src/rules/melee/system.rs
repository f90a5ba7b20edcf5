//! The seam of the melee systems (RULES.md §9 and §15): what a system decides, and what it adds
//! for the player to read, so that the shared steps, the window, the report and `bayonet odds`
//! treat every system alike.

use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use super::detail::Record;
use super::{
    Breakdown, Declaration, MeleeOutcome, MeleeSide, Odds, Refusal, Resolution, UnitStrength,
};
use crate::rules::board::Board;
use crate::rules::combat::split_loss;
use crate::rules::params::{MeleeSystemName, Parameters};
use crate::rules::unit::{Unit, UnitId, UnitKind};

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

/// `MeleeSystem::odds_work` of odds in closed form or over a few dozen dice: §9's loss ranges
/// and Austerlitz's, about 2–4 µs with their breakdown for the worst case of the melee bench.
pub const ODDS_WORK_CLOSED_FORM: usize = 20;

/// The seam of the melee systems (RULES.md §9 and §15): what differs between them. The shared
/// steps (defensive fire, morale, retreat, capture, advance, routs) stay outside, and the
/// simulation reaches a melee system only through `systems`, which hands each system its own
/// part of a breakdown as its own type.
pub trait MeleeSystem: Send + Sync {
    /// Its own part of a breakdown (`()` where §9's numbers say it all), carried in
    /// `Breakdown::detail` under its own variant.
    type Detail;
    /// Its own record of a melee as fought (`()` where the shared outcome says it all),
    /// carried in `MeleeOutcome::rolled`.
    type Rolled: Record;

    /// Its name in the Parameter Data (D-sys-1).
    fn name(&self) -> MeleeSystemName;
    /// Every restriction the declaration breaks.
    fn check(&self, board: &Board, decl: &Declaration) -> Vec<Refusal>;
    /// Strengths and modifiers, with its own part in `detail`. Never asked of an empty bridge:
    /// `systems::Melee::breakdown` gives §9's there, which §11 works alike in every system.
    fn breakdown(&self, board: &Board, decl: &Declaration) -> Breakdown;
    /// The exact odds of a breakdown, without rolling.
    fn odds(&self, b: &Breakdown, own: &Self::Detail) -> Odds;
    /// The work of one exact `odds` (with its breakdown) of a melee of `units` units, in the
    /// units the whole odds count their work in (a branch of the defensive fire, about 0.15 µs
    /// on the 2-core machine the melee bench runs on), so that a system whose odds walk
    /// thousands of dice paths keeps the whole odds within their budget. Counted, not timed,
    /// so that the odds are the same on every machine.
    fn odds_work(&self, _units: usize) -> usize {
        ODDS_WORK_CLOSED_FORM
    }
    /// One roll of the melee's dice on `board` as it stands, where the system has a way
    /// shorter than its resolution: the side that loses. The whole odds' seeded runs take it
    /// where the exact odds are too heavy for every run; its chance of each loser is the
    /// exact odds' (D-sys-6). `None`: no shorter way than the resolution's own steps.
    fn roll_loser(
        &self,
        _board: &Board,
        _decl: &Declaration,
        _rng: &mut ChaCha8Rng,
    ) -> Option<Option<MeleeSide>> {
        None
    }
    /// Rolls the results, decides the loser and applies the losses and fatigue; its record of
    /// the melee as fought.
    fn combat_results(
        &self,
        board: &mut Board,
        r: &mut Resolution,
        own: &Self::Detail,
        rng: &mut ChaCha8Rng,
    ) -> Self::Rolled;
    /// Whether a defender that retreated checks morale at the end of the phase (§9.4); a
    /// system whose result is itself the morale says no.
    fn checks_after_retreat(&self) -> bool {
        true
    }
    /// Its exact distribution in the terms every system shares (D-sys-6, D-sys-8); `None`
    /// where its odds are §9's loss ranges alone.
    fn outcomes(&self, _b: &Breakdown, _own: &Self::Detail) -> Option<Outcomes> {
        None
    }
    /// Every way the melee can end, with its chance, where the system enumerates its dice (the
    /// forecast is read off them); `None` for the loss ranges' closed form.
    fn endings(&self, _board: &Board, _b: &Breakdown, _own: &Self::Detail) -> Option<Vec<Ending>> {
        None
    }
}

/// What a melee system adds for the player, so that the window, the report and `bayonet odds`
/// show any system without knowing which it is.
pub trait MeleeShow: MeleeSystem {
    /// One line for the start dialog and the editor: its seed text and how it works.
    fn description(&self) -> &'static str;
    /// Its own odds in one line (the drag preview, the pending melees, the report); `None` for
    /// a system whose odds are the loss ranges.
    fn odds_words(&self, _b: &Breakdown, _own: &Self::Detail) -> Option<String> {
        None
    }
    /// Whether a declaration's follow-up (I2) means anything to it: the window offers the
    /// Follow up switch only then.
    fn follows_up(&self) -> bool {
        false
    }
    /// Its losses come from its own table, not from §9.4's loss ranges (the report then shows
    /// the losses alone).
    fn own_losses(&self) -> bool {
        false
    }
    /// Whether the report shows each unit's working (its first adjustment: Bodenstedt's CVs,
    /// Austerlitz's HC × EF × …).
    fn shows_unit_working(&self) -> bool {
        true
    }
    /// Its own report lines: its breakdown, and the melee as it was fought (`rolled`, where the
    /// outcome holds its record; `name` names a unit).
    fn report_lines(
        &self,
        _b: &Breakdown,
        _own: &Self::Detail,
        _rolled: Option<&Self::Rolled>,
        _o: &MeleeOutcome,
        _name: &dyn Fn(UnitId) -> String,
    ) -> Vec<String> {
        Vec::new()
    }
    /// Its own part of `bayonet odds`' JSON: the key it goes under, and the value.
    fn json(
        &self,
        _b: &Breakdown,
        _own: &Self::Detail,
    ) -> Option<(&'static str, serde_json::Value)> {
        None
    }
}

impl Outcomes {
    /// The distribution in words; `gone` names the defender's third fate ("surrenders",
    /// Bodenstedt's "ELIM").
    pub fn words(&self, gone: &str) -> String {
        let pc = |p: f64| format!("{:.0}%", p * 100.0);
        format!(
            "A wins {}, none {}, D wins {}; D falls back {}, routs {}, {gone} {}",
            pc(self.attacker_wins),
            pc(self.no_decision),
            pc(self.defender_wins),
            pc(self.defender_retreats),
            pc(self.defender_routs),
            pc(self.defender_surrenders)
        )
    }
}

/// One way a melee can end, with its chance, for the systems whose odds enumerate their dice.
#[derive(Debug, Clone, PartialEq)]
pub struct Ending {
    pub weight: f64,
    pub attacker_loss: u32,
    pub defender_loss: u32,
    /// The defender leaves its hex (retreat, rout or surrender).
    pub defender_moves: bool,
    /// The defender lost (D-cap-1: only then are guns that cannot retreat taken).
    pub defender_loses: bool,
    /// Each unit's chance to leave the board in this ending (a battery's guns lost are still
    /// random once its share of men is known); units not named stay.
    pub gone: Vec<(UnitId, f64)>,
}

impl Ending {
    /// The chance that unit `id` leaves the board in this ending: its ways out (surrender,
    /// losses) are independent, so the chance that not all of them miss.
    pub fn gone(&self, id: UnitId) -> f64 {
        1.0 - self
            .gone
            .iter()
            .filter(|(u, _)| *u == id)
            .map(|(_, p)| 1.0 - p)
            .product::<f64>()
    }
}

/// Chance that a unit taking `share` of its side's loss is eliminated by it: men for foot and
/// horse, guns for a battery (one per `per_gun` men, one more with the remainder's chance).
pub fn gone_by_loss(kind: UnitKind, men: u32, guns: u32, share: u32, per_gun: u32) -> f64 {
    match kind {
        UnitKind::Leader => 0.0,
        UnitKind::Artillery => {
            let per = per_gun.max(1);
            let (whole, rem) = (share / per, share % per);
            if whole >= guns {
                1.0
            } else if whole + 1 >= guns {
                rem as f64 / per as f64
            } else {
                0.0
            }
        }
        _ => (share >= men) as u8 as f64,
    }
}

/// Unit `id`'s chance to be eliminated by a share of `men`, on `board`.
pub fn gone_by_share(board: &Board, id: UnitId, men: u32) -> (UnitId, f64) {
    let per_gun = board.params.combat.men_per_gun_lost;
    let p = board
        .unit(id)
        .map_or(0.0, |u| gone_by_loss(u.kind, u.men, u.guns, men, per_gun));
    (id, p)
}

/// A side's loss split as the resolution splits it (D-cr-1), and each unit's chance to be
/// eliminated by its share.
pub fn gone_by_split(board: &Board, units: &[UnitStrength], loss: u32) -> Vec<(UnitId, f64)> {
    let weights: Vec<f64> = units.iter().map(|s| s.strength).collect();
    let caps: Vec<u32> = units.iter().map(|s| s.capacity).collect();
    units
        .iter()
        .zip(split_loss(loss, &weights, &caps))
        .map(|(s, share)| gone_by_share(board, s.unit, share))
        .collect()
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
