//! Outcomes as data: every message one order produced, read off the world in one list and
//! written back into another world. The referee server sends them to its clients, whose
//! windows show the same reports as a game played on one device.

use bevy::ecs::message::MessageCursor;
use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use super::messages::*;

/// One message of the game's outcomes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Outcome {
    Rejected(OrderRejected),
    Done(OrderDone),
    Moved(UnitMoved),
    Fired(Fired),
    MeleeDeclared(MeleeDeclared),
    MeleeCancelled(MeleeCancelled),
    MeleeCalledOff(MeleeCalledOff),
    MeleeResolved(MeleeResolved),
    Retreated(Retreated),
    GunsCaptured(GunsCaptured),
    Advanced(Advanced),
    PhaseMoraleChecked(PhaseMoraleChecked),
    TurnBegan(TurnBegan),
    PhaseBegan(PhaseBegan),
    GameEnded(GameEnded),
}

impl Outcome {
    /// The refusal's reasons, when the order was refused.
    pub fn refusal(&self) -> Option<&OrderRejected> {
        match self {
            Outcome::Rejected(r) => Some(r),
            _ => None,
        }
    }
}

/// Where a reader of a world's outcomes has read up to, kind by kind.
#[derive(Default)]
pub struct OutcomeCursors {
    rejected: MessageCursor<OrderRejected>,
    done: MessageCursor<OrderDone>,
    moved: MessageCursor<UnitMoved>,
    fired: MessageCursor<Fired>,
    declared: MessageCursor<MeleeDeclared>,
    cancelled: MessageCursor<MeleeCancelled>,
    called_off: MessageCursor<MeleeCalledOff>,
    resolved: MessageCursor<MeleeResolved>,
    retreated: MessageCursor<Retreated>,
    captured: MessageCursor<GunsCaptured>,
    advanced: MessageCursor<Advanced>,
    phase_morale: MessageCursor<PhaseMoraleChecked>,
    turn: MessageCursor<TurnBegan>,
    phase: MessageCursor<PhaseBegan>,
    ended: MessageCursor<GameEnded>,
}

fn read<M: Message + Clone>(
    world: &World,
    cursor: &mut MessageCursor<M>,
    wrap: fn(M) -> Outcome,
    out: &mut Vec<Outcome>,
) {
    out.extend(
        cursor
            .read(world.resource::<Messages<M>>())
            .cloned()
            .map(wrap),
    );
}

impl OutcomeCursors {
    /// Every outcome written since the last call. Kinds come in the order a report reads them
    /// (refusal, the order done, what it caused, the turn that began after it); `bayonet run`
    /// prints them in this order.
    pub fn read(&mut self, world: &World) -> Vec<Outcome> {
        let mut out = Vec::new();
        read(world, &mut self.rejected, Outcome::Rejected, &mut out);
        read(world, &mut self.done, Outcome::Done, &mut out);
        read(world, &mut self.moved, Outcome::Moved, &mut out);
        read(world, &mut self.fired, Outcome::Fired, &mut out);
        read(world, &mut self.declared, Outcome::MeleeDeclared, &mut out);
        read(
            world,
            &mut self.cancelled,
            Outcome::MeleeCancelled,
            &mut out,
        );
        read(world, &mut self.resolved, Outcome::MeleeResolved, &mut out);
        read(
            world,
            &mut self.called_off,
            Outcome::MeleeCalledOff,
            &mut out,
        );
        read(world, &mut self.retreated, Outcome::Retreated, &mut out);
        read(world, &mut self.captured, Outcome::GunsCaptured, &mut out);
        read(world, &mut self.advanced, Outcome::Advanced, &mut out);
        read(
            world,
            &mut self.phase_morale,
            Outcome::PhaseMoraleChecked,
            &mut out,
        );
        read(world, &mut self.turn, Outcome::TurnBegan, &mut out);
        read(world, &mut self.phase, Outcome::PhaseBegan, &mut out);
        read(world, &mut self.ended, Outcome::GameEnded, &mut out);
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
            Outcome::Moved(m) => drop(world.write_message(m)),
            Outcome::Fired(m) => drop(world.write_message(m)),
            Outcome::MeleeDeclared(m) => drop(world.write_message(m)),
            Outcome::MeleeCancelled(m) => drop(world.write_message(m)),
            Outcome::MeleeCalledOff(m) => drop(world.write_message(m)),
            Outcome::MeleeResolved(m) => drop(world.write_message(m)),
            Outcome::Retreated(m) => drop(world.write_message(m)),
            Outcome::GunsCaptured(m) => drop(world.write_message(m)),
            Outcome::Advanced(m) => drop(world.write_message(m)),
            Outcome::PhaseMoraleChecked(m) => drop(world.write_message(m)),
            Outcome::TurnBegan(m) => drop(world.write_message(m)),
            Outcome::PhaseBegan(m) => drop(world.write_message(m)),
            Outcome::GameEnded(m) => drop(world.write_message(m)),
        }
    }
}
