//! Outcomes as data: the answers one order produced, read off the world in one list and
//! written back into another world. The referee server sends them to its clients, whose
//! windows show the same reports as a game played on one device.

use bevy::ecs::message::MessageCursor;
use bevy::prelude::*;

use super::messages::{Happened, OrderDone, OrderRejected};
pub use crate::rules::event::Outcome;

/// Where a reader of a world's outcomes has read up to.
#[derive(Default)]
pub struct OutcomeCursors {
    rejected: MessageCursor<OrderRejected>,
    done: MessageCursor<OrderDone>,
    happened: MessageCursor<Happened>,
}

impl OutcomeCursors {
    /// Every outcome written since the last call: refusals, the orders done, then what they
    /// caused in the order it happened (`bayonet run` prints them in this order).
    pub fn read(&mut self, world: &World) -> Vec<Outcome> {
        let mut out: Vec<Outcome> = self
            .rejected
            .read(world.resource::<Messages<OrderRejected>>())
            .cloned()
            .map(Outcome::Rejected)
            .collect();
        out.extend(
            self.done
                .read(world.resource::<Messages<OrderDone>>())
                .cloned()
                .map(Outcome::Done),
        );
        out.extend(
            self.happened
                .read(world.resource::<Messages<Happened>>())
                .map(|h| Outcome::Happened(h.0.clone())),
        );
        out
    }
}

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
