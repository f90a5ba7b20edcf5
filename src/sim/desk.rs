//! The order desk every concern system uses: the one legality check before an order is
//! applied, the refusal sent back with its reasons, the log of accepted orders.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use super::messages::{GiveOrder, OrderDone, OrderRejected};
use super::save::OrderLog;
use crate::rules::board::Board;
use crate::rules::order::{self, Order};

#[derive(SystemParam)]
pub(super) struct Desk<'w, 's> {
    orders: MessageReader<'w, 's, GiveOrder>,
    log: ResMut<'w, OrderLog>,
    undo: ResMut<'w, super::undo::UndoHistory>,
    done: MessageWriter<'w, OrderDone>,
    rejected: MessageWriter<'w, OrderRejected>,
}

impl Desk<'_, '_> {
    /// This frame's orders that `mine` picks out, in the order given.
    pub fn take(&mut self, mine: impl Fn(&Order) -> bool) -> Vec<Order> {
        self.orders
            .read()
            .map(|o| &o.0)
            .filter(|o| mine(o))
            .cloned()
            .collect()
    }

    /// Checks an order against the game as it stands; a refused one is answered with its
    /// reasons.
    pub fn admit(&mut self, board: &Board, order: &Order) -> bool {
        match order::check(board, order) {
            Ok(()) => true,
            Err(reasons) => {
                self.rejected.write(OrderRejected {
                    order: order.clone(),
                    reasons,
                });
                false
            }
        }
    }

    /// The order was carried out: it joins the log.
    pub fn done(&mut self, order: Order) {
        self.log.0.push(order.clone());
        self.done.write(OrderDone { order });
    }

    /// Carries out this frame's orders that `mine` picks: each checked, then applied by
    /// `apply`; done, or refused with the reason `apply` gives.
    /// The game is marked changed only when an order is applied.
    pub fn carry_out(
        &mut self,
        game: &mut ResMut<super::resources::Game>,
        mine: impl Fn(&Order) -> bool,
        mut apply: impl FnMut(&mut Board, &Order) -> Result<(), crate::rules::refusal::Refusal>,
    ) {
        for o in self.take(mine) {
            if !self.admit(&game.0, &o) {
                continue;
            }
            self.undo.before(&game.0, &o, self.log.0.len());
            match apply(&mut game.0, &o) {
                Ok(()) => self.done(o),
                Err(why) => self.refused(o, why),
            }
        }
    }

    /// The rules refused the order while applying it (the check should have caught it).
    pub fn refused(&mut self, order: Order, why: crate::rules::refusal::Refusal) {
        self.rejected.write(OrderRejected {
            order,
            reasons: vec![why],
        });
    }
}
