//! The order desk: it hands the frame's orders to the one interpreter (`rules::game`), sends
//! back each refusal with its reasons, and publishes what each order caused, in order, as
//! `Happened`.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use super::messages::{GiveOrder, Happened, OrderDone, OrderRejected};
use super::resources::Table;
use crate::rules::event::Event;
use crate::rules::game::Parts;
use crate::rules::order::Order;

#[derive(SystemParam)]
pub(super) struct Desk<'w, 's> {
    orders: MessageReader<'w, 's, GiveOrder>,
    table: ResMut<'w, Table>,
    done: MessageWriter<'w, OrderDone>,
    rejected: MessageWriter<'w, OrderRejected>,
    happened: MessageWriter<'w, Happened>,
}

impl Desk<'_, '_> {
    /// The game's parts, for the interpreter. The game is marked changed only when an order is
    /// carried out (the mirror and the window follow changes).
    fn parts(&mut self) -> Parts<'_> {
        self.table.bypass_change_detection().0.parts()
    }

    /// Carries out this frame's orders, every one, in the order given: each refused with its
    /// reasons, or done and its events published. Returns the events.
    pub fn carry_out(&mut self) -> Vec<Event> {
        let orders: Vec<Order> = self.orders.read().map(|o| o.0.clone()).collect();
        let mut all = Vec::new();
        for o in orders {
            match self.parts().give(&o) {
                Err(reasons) => {
                    self.rejected.write(OrderRejected { order: o, reasons });
                }
                Ok(carried) => {
                    self.table.set_changed();
                    if carried.order != Order::Undo {
                        self.done.write(OrderDone {
                            order: carried.order,
                        });
                    }
                    self.happened
                        .write_batch(carried.events.iter().cloned().map(Happened));
                    all.extend(carried.events);
                }
            }
        }
        all
    }

    /// The frame's orders are all carried out: its undoable ones make one step.
    pub fn seal(&mut self) {
        self.parts().seal();
    }
}
