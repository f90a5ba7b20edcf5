//! Bayonet: a turn-based hex wargame of American Civil War tactical combat.
//!
//! `rules` is the game in plain Rust; `sim` runs it as Bevy ECS (headless); `client` draws it
//! and takes mouse and touch input; `cli` is the command-line adjudicator.

pub mod ai;
pub mod cli;
#[cfg(feature = "client")]
pub mod client;
pub mod rules;
pub mod sim;

/// The default scenario, embedded so the game opens without a file system.
pub const DEFAULT_SCENARIO: &str = include_str!("../maps/harpers_crossing.ron");
pub const DEFAULT_SCENARIO_PATH: &str = "maps/harpers_crossing.ron";
