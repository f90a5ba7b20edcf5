//! The rules of the game in plain Rust, with no Bevy: data in, data out, dice through an RNG.

pub mod board;
pub mod bridge;
pub mod capture;
pub mod combat;
pub mod facing;
pub mod fire;
pub mod fnv;
pub mod formation;
pub mod hex;
pub mod map;
pub mod melee;
pub mod morale;
pub mod movement;
pub mod opportunity;
pub mod order;
pub mod params;
pub mod refusal;
pub mod retreat;
pub mod scenario;
pub mod sight;
pub mod stacking;
pub mod turn;
pub mod undo;
pub mod unit;
pub mod victory;
