//! La Bataille's own record (seed 003, RULES.md §15.3): every unit's melee value and checks, and
//! the assault as the d66s made it.

use serde::{Deserialize, Serialize};

use crate::rules::combat::MeleeSide;
use crate::rules::params::labataille::LaBatailleParams;
use crate::rules::unit::UnitId;

/// A chart result (the source's codes): increments lost a/d and the effect on each side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ChartResult {
    /// AR 1/0
    AttackerRouted,
    /// AD 1/0
    AttackerDisrupted,
    /// 1/0
    AttackerLoses,
    /// 1/1
    BothLose,
    /// —
    NoEffect,
    /// 0/1
    DefenderLoses,
    /// DD 0/1
    DefenderDisrupted,
    /// DD 1/2
    DefenderDisruptedBothLose,
    /// DR 0/2
    DefenderRouted,
    /// DS
    DefenderSurrenders,
}

impl ChartResult {
    pub const ALL: [ChartResult; 10] = [
        ChartResult::AttackerRouted,
        ChartResult::AttackerDisrupted,
        ChartResult::AttackerLoses,
        ChartResult::BothLose,
        ChartResult::NoEffect,
        ChartResult::DefenderLoses,
        ChartResult::DefenderDisrupted,
        ChartResult::DefenderDisruptedBothLose,
        ChartResult::DefenderRouted,
        ChartResult::DefenderSurrenders,
    ];

    pub fn code(self) -> &'static str {
        match self {
            ChartResult::AttackerRouted => "AR 1/0",
            ChartResult::AttackerDisrupted => "AD 1/0",
            ChartResult::AttackerLoses => "1/0",
            ChartResult::BothLose => "1/1",
            ChartResult::NoEffect => "-",
            ChartResult::DefenderLoses => "0/1",
            ChartResult::DefenderDisrupted => "DD 0/1",
            ChartResult::DefenderDisruptedBothLose => "DD 1/2",
            ChartResult::DefenderRouted => "DR 0/2",
            ChartResult::DefenderSurrenders => "DS",
        }
    }

    /// Increments lost [attacker, defender].
    pub fn increments(self) -> [u32; 2] {
        match self {
            ChartResult::AttackerRouted
            | ChartResult::AttackerDisrupted
            | ChartResult::AttackerLoses => [1, 0],
            ChartResult::BothLose => [1, 1],
            ChartResult::NoEffect | ChartResult::DefenderSurrenders => [0, 0],
            ChartResult::DefenderLoses | ChartResult::DefenderDisrupted => [0, 1],
            ChartResult::DefenderDisruptedBothLose => [1, 2],
            ChartResult::DefenderRouted => [0, 2],
        }
    }

    /// The effect on [attacker, defender].
    pub fn effects(self) -> [Option<Effect>; 2] {
        match self {
            ChartResult::AttackerRouted => [Some(Effect::Rout), None],
            ChartResult::AttackerDisrupted => [Some(Effect::Retreat), None],
            ChartResult::DefenderDisrupted | ChartResult::DefenderDisruptedBothLose => {
                [None, Some(Effect::Retreat)]
            }
            ChartResult::DefenderRouted => [None, Some(Effect::Rout)],
            ChartResult::DefenderSurrenders => [None, Some(Effect::Surrender)],
            _ => [None, None],
        }
    }
}

/// What a result does to a unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Effect {
    /// Disrupted, retreat 3 MP.
    Retreat,
    /// Routed, rout 10 hexes (surrender if it cannot finish).
    Rout,
    Surrender,
}

/// One unit in the assault.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AssaultUnit {
    pub unit: UnitId,
    pub name: String,
    pub side: MeleeSide,
    /// Increments n (men/100, guns/2).
    pub increments: f64,
    /// Melee value n × type × quality.
    pub mv: f64,
    /// Its MV's multiplier on the chart (flank, rear, Disordered, Routed).
    pub factor: f64,
    pub why: String,
    /// Takes the pre-melee check.
    pub checks: bool,
    /// Its morale value's position on the d66.
    pub morale: i32,
    /// Its standing roll modifiers (Disordered, Routed, leader, flank/rear, fire losses).
    pub standing: i32,
    pub mounted: bool,
    /// Unlimbered, uncrewed or spiked guns stay (D-cap-1).
    pub stays: bool,
    /// Men (and guns as men) it has to lose, one increment at a time.
    pub men: u32,
    pub guns: u32,
    pub artillery: bool,
}

/// The §15.3 breakdown.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AssaultBreakdown {
    pub units: Vec<AssaultUnit>,
    /// Pre-melee ratios [attacker, defender] and their roll modifiers.
    pub ratio: [f64; 2],
    pub ratio_modifier: [i32; 2],
    /// Whether each side starts in the enemy's zone of control (leaving it costs an increment).
    pub in_zoc: [bool; 2],
    pub params: LaBatailleParams,
    /// Men per gun lost, for a battery's increment.
    pub men_per_gun: u32,
}

/// The assault as five d66 positions make it (defender check, attacker check, chart,
/// defender's after-loss check, attacker's); a stage that does not happen reads nothing.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Assault {
    /// Each stage's reading, where it happened.
    pub rolls: [Option<u8>; 5],
    /// Units that failed a pre-melee check.
    pub failed_before: Vec<UnitId>,
    pub attack: f64,
    pub defence: f64,
    pub column: Option<usize>,
    pub result: Option<ChartResult>,
    /// Units that failed a check after losses.
    pub failed_after: Vec<UnitId>,
    /// Men (a battery's increments as men) each unit lost.
    pub losses: Vec<(UnitId, u32)>,
    pub effects: Vec<(UnitId, Effect)>,
    /// Losses [attacker, defender] in men, the surrendered included.
    pub lost: [u32; 2],
    pub loser: Option<MeleeSide>,
}

impl AssaultBreakdown {
    /// A side's chart strength (step 2): Σ MV × factor of its units not `gone` from the melee.
    pub fn strength(&self, side: MeleeSide, gone: &[bool]) -> f64 {
        self.units
            .iter()
            .zip(gone)
            .filter(|(u, gone)| u.side == side && !**gone)
            .map(|(u, _)| u.mv * u.factor)
            .sum()
    }
}
