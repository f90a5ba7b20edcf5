//! A campaign under way: where it stands, the battles fought and their results, the roster it
//! carries, and its score; saved between battles (and in the middle of one) as RON that
//! resumes.

use serde::{Deserialize, Serialize};

use super::file::{CampaignFile, Next};
use super::roster::{Change, Roster};
use crate::rules::board::Board;
use crate::rules::scenario::{LoadError, Scenario, ScenarioFile};
use crate::rules::victory::VictoryLevel;
use crate::save::SaveGame;

const FORMAT: &str = "bayonet-campaign";
const VERSION: u32 = 1;

/// A battle fought, as the campaign remembers it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Fought {
    /// Its campaign id, and its scenario's name.
    pub battle: String,
    pub name: String,
    /// The result for the campaign's side.
    pub level: VictoryLevel,
    /// The first side's victory points, as the battle counted them.
    pub total: f64,
    /// Men each side lost, by the side's name.
    pub men_lost: Vec<(String, u32)>,
    /// Why the campaign went where it did after it (the branch's words), if a branch said.
    pub why: String,
}

/// The campaign's score: each result worth 0 (a major defeat) to 4 (a major victory) for the
/// campaign's side, times its battle's weight.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Score {
    pub points: u32,
    /// The most the battles fought could have given.
    pub out_of: u32,
    /// The campaign's result so far: the mean result, rounded to the nearest level.
    pub level: VictoryLevel,
}

/// The battle a campaign opens on: its scenario as the campaign carried its units in, what
/// that changed, and the save of it under way when it was left in its middle.
#[derive(Debug, Clone)]
pub struct Opening {
    pub start: Scenario,
    pub changes: Vec<Change>,
    pub under_way: Option<SaveGame>,
}

/// A campaign and how far it has gone.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Campaign {
    pub format: String,
    pub version: u32,
    /// Where its file was read from, and its text (a save resumes without it).
    pub file: String,
    pub source: String,
    /// The battle to fight next; `None` once the campaign has ended.
    pub at: Option<String>,
    pub fought: Vec<Fought>,
    pub roster: Roster,
    /// The battle under way, saved in its middle.
    #[serde(default)]
    pub battle: Option<SaveGame>,
    #[serde(skip)]
    plan: Option<CampaignFile>,
}

impl Campaign {
    /// A campaign from its start; a campaign with faults is refused with the first.
    pub fn begin(file: &str, text: &str) -> Result<Campaign, LoadError> {
        let (faults, _) = super::check::faults(file, text);
        if let Some(f) = faults.into_iter().next() {
            return Err(f);
        }
        let plan = CampaignFile::parse(file, text)?;
        Ok(Campaign {
            format: FORMAT.into(),
            version: VERSION,
            file: file.into(),
            source: text.into(),
            at: plan.battles.first().map(|b| b.id.clone()),
            fought: Vec::new(),
            roster: Roster::default(),
            battle: None,
            plan: Some(plan),
        })
    }

    /// A saved campaign, to carry on.
    pub fn from_text(file: &str, text: &str) -> Result<Campaign, LoadError> {
        let refused = |message: String| LoadError {
            file: file.into(),
            line: None,
            column: None,
            message,
        };
        if !text.contains(FORMAT) {
            return Err(refused(format!(
                "not a Bayonet campaign save (no `format: \"{FORMAT}\"`)"
            )));
        }
        let mut c: Campaign = crate::rules::scenario::read_ron(file, text)?;
        if c.version != VERSION {
            return Err(refused(format!(
                "a campaign save of version {}; this game reads version {VERSION}",
                c.version
            )));
        }
        let plan = CampaignFile::parse(&c.file, &c.source)?;
        if let Some(at) = &c.at
            && plan.battle(at).is_none()
        {
            return Err(refused(format!(
                "it stands at \"{at}\", which is not one of the campaign's battles"
            )));
        }
        c.plan = Some(plan);
        Ok(c)
    }

    pub fn to_text(&self) -> String {
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default()).unwrap_or_default()
    }

    /// The campaign as written.
    pub fn plan(&self) -> &CampaignFile {
        self.plan
            .as_ref()
            .expect("a campaign is made by begin or from_text")
    }

    /// The next battle, with what the campaign carries into it, and what that changed; `None`
    /// once the campaign is over.
    pub fn next_battle(&self) -> Option<Result<(Scenario, Vec<Change>), LoadError>> {
        let entry = self.plan().battle(self.at.as_deref()?)?;
        Some(self.carried_into(&entry.scenario))
    }

    /// The battle to open: the one under way where it was saved in its middle, with that save
    /// to carry on from; else the next one from its start. `None` once the campaign is over.
    pub fn battle_to_open(&self) -> Option<Result<Opening, LoadError>> {
        let next = self.next_battle()?;
        Some(next.and_then(|(start, changes)| match &self.battle {
            Some(save) => Ok(Opening {
                start: crate::save::scenario_of(save)?,
                changes,
                under_way: Some(save.clone()),
            }),
            None => Ok(Opening {
                start,
                changes,
                under_way: None,
            }),
        }))
    }

    /// The battle under way, saved in its middle (the window's autosave and F5 keep it here),
    /// to resume when the campaign is opened again.
    pub fn keep(&mut self, save: SaveGame) {
        if self.at.is_some() {
            self.battle = Some(save);
        }
    }

    fn carried_into(&self, path: &str) -> Result<(Scenario, Vec<Change>), LoadError> {
        let base = crate::load_scenario(path)?;
        let mut file: ScenarioFile = crate::rules::scenario::read_ron(path, &base.source)?;
        let changes = self.roster.carry_into(&mut file);
        let header = format!(
            "// {path}, as the campaign \"{}\" carries its units into it.\n",
            self.plan().name
        );
        let text = crate::editor::writer::write(&header, &file);
        let s = crate::rules::scenario::parse(path, &text)?;
        Ok((s, changes))
    }

    /// The result of the battle begun from `start` and ended on `board`, for the campaign's
    /// side.
    pub fn level_of(&self, start: &Scenario, board: &Board) -> VictoryLevel {
        let level = crate::rules::victory::report(start, board).level;
        if start.side_name(start.first_side) == self.plan().side {
            level
        } else {
            level.for_the_other_side()
        }
    }

    /// The battle begun from `start` ended on `board`: its result recorded, its units carried,
    /// and the campaign moved on.
    pub fn finish(&mut self, start: &Scenario, board: &Board) -> &Fought {
        let level = self.level_of(start, board);
        self.conclude(start, board, level)
    }

    /// `finish`, with the result given (a test walks every branch this way).
    pub fn conclude(&mut self, start: &Scenario, board: &Board, level: VictoryLevel) -> &Fought {
        let id = self.at.clone().unwrap_or_default();
        let report = crate::rules::victory::report(start, board);
        self.roster.record(&id, start, board);
        let (next, why) = match self.plan().battle(&id) {
            Some(entry) => {
                let (n, w) = entry.next(level);
                (n.clone(), w.to_string())
            }
            None => (Next::End, String::new()),
        };
        self.at = match next {
            Next::Battle(b) => Some(b),
            Next::End => None,
        };
        if let Some(rest) = self
            .at
            .as_deref()
            .and_then(|b| self.plan().battle(b))
            .map(|b| b.rest)
        {
            self.roster.rest(rest);
        }
        self.battle = None;
        self.fought.push(Fought {
            battle: id,
            name: start.name.clone(),
            level,
            total: report.total,
            men_lost: (0..2)
                .map(|i| {
                    let side = crate::rules::unit::Side(i);
                    let lost = crate::rules::victory::lost_by_kind(start, board, side);
                    (start.side_name(side).to_string(), lost.men)
                })
                .collect(),
            why,
        });
        self.fought.last().expect("just pushed")
    }

    /// A battle of the campaign by its name where it has been fought (else its id): what a
    /// unit carried over names as the battle it came from.
    pub fn fought_name(&self, id: &str) -> String {
        self.fought
            .iter()
            .rev()
            .find(|f| f.battle == id)
            .map_or(id.to_string(), |f| f.name.clone())
    }

    /// The score of the battles fought.
    pub fn score(&self) -> Score {
        let mut points = 0;
        let mut out_of = 0;
        for f in &self.fought {
            let w = self.plan().battle(&f.battle).map_or(1, |b| b.weight);
            points += worth(f.level) * w;
            out_of += 4 * w;
        }
        let mean = if out_of == 0 {
            2.0
        } else {
            4.0 * points as f64 / out_of as f64
        };
        let level = VictoryLevel::ALL[(mean.round() as usize).min(4)];
        Score {
            points,
            out_of,
            level,
        }
    }
}

/// A result's worth in the campaign's score.
pub fn worth(level: VictoryLevel) -> u32 {
    VictoryLevel::ALL
        .iter()
        .position(|l| *l == level)
        .unwrap_or(2) as u32
}
