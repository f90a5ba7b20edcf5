//! The computer opponents, plain Rust with no Bevy: the basic one (greedy, turn by turn) and the
//! planning one (candidate placements and melees scored by expected victory points against the
//! enemy's next turn), each planning from its side's view only (§16 D-fow-6).

pub mod attack;
pub mod basic;
pub mod danger;
pub mod placement;
pub mod plan;
pub mod rollout;

pub use basic::{MELEE_ODDS, facing_towards, plan_phase, plan_turn};
pub use plan::Level;
