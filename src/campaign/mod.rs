//! Campaigns (issue 61): battles linked in order, the next chosen by the last result, each
//! unit's men, guns, fatigue and ammunition carried from one to the next, and a score over
//! them all. Plain Rust: the window's campaign screen, `bayonet campaign` and the tests read it.

pub mod check;
pub mod file;
pub mod progress;
pub mod roster;

pub use file::{BattleEntry, Branch, CampaignFile, Next, Rest};
pub use progress::{Campaign, Fought, Opening, Score};
pub use roster::{Carried, Change, Roster};

use crate::rules::scenario::LoadError;

/// Every campaign of `maps/campaigns/`, embedded: the browser has no file system (a test checks
/// that none is missing).
pub const CAMPAIGNS: [(&str, &str); 1] = [(
    "maps/campaigns/gettysburg.campaign.ron",
    include_str!("../../maps/campaigns/gettysburg.campaign.ron"),
)];

/// Whether `path` names a campaign's file rather than a scenario's.
pub fn is_campaign(path: &str) -> bool {
    path.ends_with(".campaign.ron")
}

/// A campaign's text by its path: the file if there is one, else the embedded copy.
pub fn text_of(path: &str) -> Result<String, LoadError> {
    match (
        crate::rules::scenario::read_text(path),
        CAMPAIGNS.iter().find(|(p, _)| *p == path),
    ) {
        (Ok(t), _) => Ok(t),
        (Err(_), Some((_, t))) => Ok((*t).to_string()),
        (Err(e), None) => Err(e),
    }
}

/// A campaign's file as written, without loading its battles (what a list of campaigns
/// needs: its name, side and battles).
pub fn plan(path: &str) -> Result<CampaignFile, LoadError> {
    CampaignFile::parse(path, &text_of(path)?)
}

/// A campaign from its start.
pub fn begin(path: &str) -> Result<Campaign, LoadError> {
    Campaign::begin(path, &text_of(path)?)
}
