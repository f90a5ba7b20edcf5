//! Orders in, events out: the messages every kind of player uses. The events are the
//! interpreter's (`rules::event`); here they become Bevy messages.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

pub use crate::rules::event::{
    Advanced, Event, Fired, GameEnded, GunsCaptured, Kind, MeleeCalledOff, MeleeCancelled,
    MeleeDeclared, MeleeResolved, OrderDone, OrderRejected, PhaseBegan, PhaseMoraleChecked,
    Retreated, TurnBegan, Undone, UnitMoved, before_a_melee,
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

// The orders' answers are their own messages (the events an order caused are `Happened`; a
// reader of one kind picks it out with `Event::kind`).
impl Message for OrderRejected {}
impl Message for OrderDone {}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<GiveOrder>()
        .add_message::<Happened>()
        .add_message::<OrderRejected>()
        .add_message::<OrderDone>();
}
