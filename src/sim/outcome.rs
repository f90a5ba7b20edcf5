//! Outcomes as data, written into a world: the referee server sends its clients the answers
//! each order produced, and a window playing online writes them here, so that it shows the
//! same reports as a game played on one device.

use bevy::prelude::*;

use super::messages::Happened;
pub use crate::rules::event::Outcome;

/// Writes outcomes into `world` as the messages they were, for its readers (the window's
/// reports and marks) to see this frame.
pub fn write(world: &mut World, outcomes: &[Outcome]) {
    for o in outcomes.iter().cloned() {
        match o {
            Outcome::Rejected(m) => drop(world.write_message(m)),
            Outcome::Done(m) => drop(world.write_message(m)),
            Outcome::Happened(e) => drop(world.write_message(Happened(e))),
        }
    }
}
