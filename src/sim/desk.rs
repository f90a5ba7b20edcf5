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

    /// Checks an order against the game as its side sees it (`order::as_the_side_sees`: the
    /// whole board without fog); the order to carry out, or `None` when it was refused and
    /// answered with its reasons (in words that name nothing the side has not seen).
    pub fn admit(&mut self, board: &Board, order: &Order) -> Option<Order> {
        match order::as_the_side_sees(board, board.ordering_side(), order) {
            Ok(o) => Some(o),
            Err(reasons) => {
                self.rejected.write(OrderRejected {
                    order: order.clone(),
                    reasons,
                });
                None
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
            let Some(o) = self.admit(&game.0, &o) else {
                continue;
            };
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
