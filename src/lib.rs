//! Bayonet: a turn-based hex wargame of American Civil War tactical combat.
//!
//! `rules` is the game in plain Rust; `sim` runs it as Bevy ECS (headless); `client` draws it
//! and takes mouse and touch input; `cli` is the command-line adjudicator.

pub mod after_action;
pub mod ai;
pub mod campaign;
pub mod cli;
#[cfg(feature = "client")]
pub mod client;
pub mod dispatch;
pub mod editor;
pub mod lesson;
pub mod library;
pub mod panics;
pub mod places;
#[cfg(not(target_arch = "wasm32"))]
pub mod remote;
pub mod rules;
pub mod save;
#[cfg(not(target_arch = "wasm32"))]
pub mod serve;
pub mod sim;

/// The default scenario, embedded so the game opens without a file system.
pub const DEFAULT_SCENARIO: &str = include_str!("../maps/harpers_crossing.ron");
pub const DEFAULT_SCENARIO_PATH: &str = "maps/harpers_crossing.ron";

/// Every scenario of `maps/`, embedded: the browser has no file system (a test checks that
/// none is missing).
pub const SCENARIOS: [(&str, &str); 15] = [
    ("maps/harpers_crossing.ron", DEFAULT_SCENARIO),
    (
        "maps/henry_house_hill.ron",
        include_str!("../maps/henry_house_hill.ron"),
    ),
    (
        "maps/brandy_station.ron",
        include_str!("../maps/brandy_station.ron"),
    ),
    (
        "maps/railroad_cut.ron",
        include_str!("../maps/railroad_cut.ron"),
    ),
    (
        "maps/little_round_top.ron",
        include_str!("../maps/little_round_top.ron"),
    ),
    (
        "maps/picketts_charge.ron",
        include_str!("../maps/picketts_charge.ron"),
    ),
    (
        "maps/hornets_nest.ron",
        include_str!("../maps/hornets_nest.ron"),
    ),
    (
        "maps/burnside_bridge.ron",
        include_str!("../maps/burnside_bridge.ron"),
    ),
    (
        "maps/the_cornfield.ron",
        include_str!("../maps/the_cornfield.ron"),
    ),
    (
        "maps/jacksons_flank_attack.ron",
        include_str!("../maps/jacksons_flank_attack.ron"),
    ),
    (
        "maps/brotherton_field.ron",
        include_str!("../maps/brotherton_field.ron"),
    ),
    (
        "maps/the_crater.ron",
        include_str!("../maps/the_crater.ron"),
    ),
    (
        "maps/franklin_cotton_gin.ron",
        include_str!("../maps/franklin_cotton_gin.ron"),
    ),
    (
        "maps/test_melee.ron",
        include_str!("../maps/test_melee.ron"),
    ),
    (
        "maps/test_skirmish.ron",
        include_str!("../maps/test_skirmish.ron"),
    ),
];

/// A scenario by its path: the file if there is one, else the embedded copy of a `maps/` one.
pub fn load_scenario(path: &str) -> Result<rules::scenario::Scenario, rules::scenario::LoadError> {
    let file = rules::scenario::load_file(path);
    match (&file, SCENARIOS.iter().find(|(p, _)| *p == path)) {
        (Err(_), Some((p, text))) => rules::scenario::parse(p, text),
        _ => file,
    }
}
