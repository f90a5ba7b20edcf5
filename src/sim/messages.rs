//! Orders in, events out: the messages every kind of player uses. The events are the
//! interpreter's (`rules::event`); here they become Bevy messages.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

pub use crate::rules::event::{
    Advanced, Event, Fired, GameEnded, GunsCaptured, MeleeCalledOff, MeleeCancelled, MeleeDeclared,
    MeleeResolved, OrderDone, OrderRejected, PhaseBegan, PhaseMoraleChecked, Retreated, TurnBegan,
    Undone, UnitMoved, before_a_melee,
};
use crate::rules::order::Order;

/// An order given to the game, by anyone: a player's click or touch, the computer, an orders
/// file, a replayed log, a test.
#[derive(Message, Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GiveOrder(pub Order);

/// Something happened in the game, in the order it happened: what the window animates, reports
/// and logs.
#[derive(Message, Debug, Clone, PartialEq)]
pub struct Happened(pub Event);

// Each kind of event is also its own message, for the readers that want one kind only; they
// are written from `Happened` (`tell_each_kind`), never by a rule.
impl Message for OrderRejected {}
impl Message for OrderDone {}
impl Message for UnitMoved {}
impl Message for Fired {}
impl Message for GameEnded {}
impl Message for MeleeDeclared {}
impl Message for MeleeCancelled {}
impl Message for MeleeCalledOff {}
impl Message for MeleeResolved {}
impl Message for PhaseMoraleChecked {}
impl Message for Retreated {}
impl Message for GunsCaptured {}
impl Message for Advanced {}
impl Message for PhaseBegan {}
impl Message for TurnBegan {}
impl Message for Undone {}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<GiveOrder>()
        .add_message::<Happened>()
        .add_message::<OrderRejected>()
        .add_message::<OrderDone>()
        .add_message::<MeleeDeclared>()
        .add_message::<MeleeCancelled>()
        .add_message::<MeleeResolved>()
        .add_message::<MeleeCalledOff>()
        .add_message::<Retreated>()
        .add_message::<GunsCaptured>()
        .add_message::<Advanced>()
        .add_message::<PhaseMoraleChecked>()
        .add_message::<TurnBegan>()
        .add_message::<PhaseBegan>()
        .add_message::<UnitMoved>()
        .add_message::<Fired>()
        .add_message::<GameEnded>()
        .add_message::<Undone>()
        .add_systems(Update, tell_each_kind.in_set(super::SimSet::Index));
}

/// Each event again as the message of its kind.
fn tell_each_kind(
    world: &mut World,
    mut cursor: Local<bevy::ecs::message::MessageCursor<Happened>>,
) {
    let events: Vec<Event> = cursor
        .read(world.resource::<Messages<Happened>>())
        .map(|h| h.0.clone())
        .collect();
    for e in events {
        match e {
            Event::Moved(m) => drop(world.write_message(m)),
            Event::Fired(m) => drop(world.write_message(m)),
            Event::MeleeDeclared(m) => drop(world.write_message(m)),
            Event::MeleeCancelled(m) => drop(world.write_message(m)),
            Event::MeleeCalledOff(m) => drop(world.write_message(m)),
            Event::MeleeResolved(m) => drop(world.write_message(m)),
            Event::Retreated(m) => drop(world.write_message(m)),
            Event::GunsCaptured(m) => drop(world.write_message(m)),
            Event::Advanced(m) => drop(world.write_message(m)),
            Event::PhaseMoraleChecked(m) => drop(world.write_message(m)),
            Event::TurnBegan(m) => drop(world.write_message(m)),
            Event::PhaseBegan(m) => drop(world.write_message(m)),
            Event::GameEnded(m) => drop(world.write_message(m)),
            Event::Undone(m) => drop(world.write_message(m)),
        }
    }
}
