//! Saves and replays, as plain values: a save is the order log of every accepted order, a
//! snapshot of the state with its hash, and the scenario it was played on; a game is rebuilt
//! from either, and a replay checks the one against the other. Text in, text out: the files are
//! the callers' job. No Bevy: the command line, the server and the window share it (the
//! window's own part, putting a save into its world, is `sim::save`).

pub mod timeline;

use serde::{Deserialize, Serialize};

use crate::rules::fnv;
use crate::rules::order::Order;
use crate::rules::params::Parameters;
use crate::rules::scenario::{self, LoadError, Scenario, ron_options};

pub const FORMAT: &str = "bayonet-save";
/// Version 2: orders in the one order language (`rules::order::Order`), unit ids as plain
/// numbers, Parameter Data in the snapshot. Version 3: the snapshot is the board's own serde
/// form. Version 4: fire as the series fires (RULES.md §7 rewritten: weapon tables by range,
/// summed target terms); a game of an earlier version was played under the old fire, which
/// this Bayonet no longer has, so it could not replay as it was played and is refused.
pub const VERSION: u32 = 4;

pub use crate::rules::snapshot::Snapshot;

impl SaveGame {
    /// A hash of everything in the save but itself: any change to the file shows.
    pub fn compute_checksum(&self) -> String {
        let mut copy = self.clone();
        copy.checksum.clear();
        fnv::hex(&ron::to_string(&copy).unwrap_or_default())
    }
}

/// A saved game: everything needed to carry on, and to replay it from the start.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SaveGame {
    pub format: String,
    pub version: u32,
    pub scenario_file: String,
    pub scenario_source: String,
    pub parameters: Parameters,
    pub seed: u64,
    pub orders: Vec<Order>,
    pub snapshot: Snapshot,
    /// The snapshot's hash (what a replay must reach).
    pub hash: String,
    /// The whole save's hash.
    pub checksum: String,
}

/// A save of a game.
pub fn save_of(game: &crate::rules::game::Game) -> SaveGame {
    save_parts(&game.start, game.seed, game.log.clone(), game.snapshot())
}

fn save_parts(start: &Scenario, seed: u64, orders: Vec<Order>, snap: Snapshot) -> SaveGame {
    let mut s = SaveGame {
        format: FORMAT.into(),
        version: VERSION,
        scenario_file: start.file.clone(),
        scenario_source: start.source.clone(),
        parameters: start.params.clone(),
        seed,
        orders,
        hash: snap.hash(),
        snapshot: snap,
        checksum: String::new(),
    };
    s.checksum = s.compute_checksum();
    s
}

/// A game carrying on from a save, without a window.
pub fn game_of(save: &SaveGame) -> Result<crate::rules::game::Game, LoadError> {
    let mut g = crate::rules::game::Game::new(scenario_of(save)?, Some(save.seed));
    g.restore(&save.snapshot, &save.orders);
    Ok(g)
}

pub fn to_text(save: &SaveGame) -> String {
    let pretty = ron::ser::PrettyConfig::default();
    ron::ser::to_string_pretty(save, pretty).unwrap_or_default()
}

/// A save refused, for `message`, with no place in the file to point at.
fn refused(file: &str, message: String) -> LoadError {
    LoadError {
        file: file.into(),
        line: None,
        column: None,
        message,
    }
}

const ALTERED: &str = "the snapshot does not match its hash: the file was altered or damaged";

/// The save's text read as `T`, or where and why it does not read.
fn parsed<T: serde::de::DeserializeOwned>(file: &str, text: &str) -> Result<T, LoadError> {
    crate::rules::scenario::read_ron(file, text)
}

/// Reads a save; a corrupt or foreign file is refused with where and why.
pub fn from_text(file: &str, text: &str) -> Result<SaveGame, LoadError> {
    if !text.contains(FORMAT) {
        return Err(refused(
            file,
            "not a Bayonet save (no `format: \"bayonet-save\"`)".into(),
        ));
    }
    #[derive(Deserialize)]
    struct Header {
        format: String,
        version: u32,
    }
    if let Ok(h) = ron_options().from_str::<Header>(text) {
        if h.format != FORMAT {
            return Err(refused(
                file,
                format!("format `{}` is not `{FORMAT}`", h.format),
            ));
        }
        if h.version == 2 || h.version == 3 {
            return Err(refused(
                file,
                format!(
                    "this game was saved by an earlier Bayonet (save version {}), under the old \
                     fire rules (a quarter of the series' fire); fire is now as the series \
                     fires (RULES.md §7), so the game cannot be replayed as it was played. \
                     Finish it in the Bayonet that saved it, or start the scenario again",
                    h.version
                ),
            ));
        }
        if h.version != VERSION {
            return Err(refused(
                file,
                format!(
                    "save version {} is not supported: this Bayonet reads version {VERSION} \
                     (version 1 saves logged orders in a form that is no longer read; replay \
                     the game from its scenario)",
                    h.version
                ),
            ));
        }
    }
    let save: SaveGame = parsed(file, text)?;
    if save.snapshot.hash() != save.hash || save.compute_checksum() != save.checksum {
        return Err(refused(file, ALTERED.into()));
    }
    Ok(save)
}

/// A save's scenario (its file's name and text) with the save's parameters.
fn scenario_with(file: &str, source: &str, params: &Parameters) -> Result<Scenario, LoadError> {
    let mut s = scenario::parse(file, source)?;
    s.params = params.clone();
    Ok(s)
}

/// The scenario a save was played on, with the save's parameters.
pub fn scenario_of(save: &SaveGame) -> Result<Scenario, LoadError> {
    scenario_with(&save.scenario_file, &save.scenario_source, &save.parameters)
}

/// What replaying a save found.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ReplayReport {
    pub orders: usize,
    pub saved_hash: String,
    pub replayed_hash: String,
    pub matches: bool,
}

/// Plays the save's order log again from the scenario's start with its seed, and compares the
/// state reached with the saved snapshot.
pub fn replay(save: &SaveGame) -> Result<ReplayReport, LoadError> {
    let mut g = crate::rules::game::Game::new(scenario_of(save)?, Some(save.seed)).replaying();
    for o in &save.orders {
        let _ = g.give(o);
    }
    let h = g.snapshot().hash();
    Ok(ReplayReport {
        orders: save.orders.len(),
        matches: h == save.hash,
        saved_hash: save.hash.clone(),
        replayed_hash: h,
    })
}
