//! A campaign's file (`maps/campaigns/*.campaign.ron`, maps/README.md): its battles in order,
//! where each result leads, the rest between battles, and how the campaign is scored.

use serde::{Deserialize, Serialize};

use crate::rules::scenario::LoadError;
use crate::rules::victory::VictoryLevel;

/// A campaign as written.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CampaignFile {
    pub name: String,
    #[serde(default)]
    pub description: String,
    /// The side whose results the branches and the score read, by name ("Confederate"): the
    /// other side's player reads every level the other way round.
    pub side: String,
    /// The battles; the first is where the campaign opens.
    pub battles: Vec<BattleEntry>,
}

/// One battle of a campaign.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BattleEntry {
    /// How the branches name it.
    pub id: String,
    /// Its scenario, a path under the repository root ("maps/railroad_cut.ron").
    pub scenario: String,
    /// What the campaign screen says before it: the days between, the orders.
    #[serde(default)]
    pub briefing: String,
    /// What the night before it gives back.
    #[serde(default)]
    pub rest: Rest,
    /// How much its result weighs in the campaign's score (1 unless said).
    #[serde(default = "one")]
    pub weight: u32,
    /// Where the campaign goes after it, for any result no branch names.
    pub then: Next,
    /// Results that lead elsewhere.
    #[serde(default)]
    pub on: Vec<Branch>,
}

fn one() -> u32 {
    1
}

/// What rest between two battles restores to every carried unit.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rest {
    /// Fatigue points each unit sheds.
    #[serde(default)]
    pub fatigue: u32,
    /// Whether the trains come up: ammunition back to what the battle gives.
    #[serde(default)]
    pub resupply: bool,
}

/// A result of the campaign's side, and where it leads.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Branch {
    pub level: VictoryLevel,
    pub then: Next,
    /// Why, in the campaign screen's words ("Heth is thrown back: Lee does not attack again").
    #[serde(default)]
    pub why: String,
}

/// The next battle, or the campaign's end.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Next {
    Battle(String),
    End,
}

impl CampaignFile {
    /// The battle of this id.
    pub fn battle(&self, id: &str) -> Option<&BattleEntry> {
        self.battles.iter().find(|b| b.id == id)
    }

    /// Reads a campaign from its text; `file` names it in the error.
    pub fn parse(file: &str, text: &str) -> Result<CampaignFile, LoadError> {
        crate::rules::scenario::read_ron(file, text)
    }
}

impl BattleEntry {
    /// Where the campaign goes after this battle ended at `level` (the campaign side's).
    pub fn next(&self, level: VictoryLevel) -> (&Next, &str) {
        self.on
            .iter()
            .find(|b| b.level == level)
            .map_or((&self.then, ""), |b| (&b.then, b.why.as_str()))
    }
}

/// The line (from 1) of `text` where `needle` first stands, for a fault's place.
pub(crate) fn line_of(text: &str, needle: &str) -> Option<usize> {
    text.find(needle)
        .map(|at| text[..at].matches('\n').count() + 1)
}
