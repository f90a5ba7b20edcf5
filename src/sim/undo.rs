//! Undo: before a frame's moves, facing and formation changes the state is kept (by the order
//! desk, just before it applies the first); after them the step is kept for an undo unless the
//! dice rolled, an enemy came into view or another kind of order was carried out, which closes
//! the history (`rules::undo`). An undone step leaves the order log, so saves and replays
//! never see it.

use bevy::ecs::message::MessageCursor;
use bevy::prelude::*;

use super::messages::{GiveOrder, OrderRejected};
use super::resources::{Game, GameRng};
use super::save::{self, OrderLog, Snapshot};
use super::{Concern, SimSet};
use crate::rules::order::Order;
use crate::rules::undo::{self, History, Step};
use crate::rules::{order, sight};

/// The steps that can be taken back, for this game.
#[derive(Resource, Debug, Default)]
pub struct UndoHistory {
    pub history: History<Snapshot>,
    /// The state before this frame's undoable orders, while they are carried out (kept by the
    /// order desk just before it applies the first of them).
    before: Option<(Snapshot, usize)>,
    /// The order log's length and the dice's place when the last frame's orders were done.
    seen_log: usize,
    seen_dice: u128,
}

impl UndoHistory {
    /// The order desk is about to apply `order` to `board`: before the frame's first undoable
    /// order the state is kept. The dice are where the last frame left them: had they rolled
    /// since, the frame would close the history anyway.
    pub(super) fn before(&mut self, board: &crate::rules::board::Board, order: &Order, log: usize) {
        if self.before.is_none() && undo::undoable(order) {
            self.before = Some((save::snapshot_of(board, self.seen_dice), log));
        }
    }

    /// Why Undo cannot be given now; `None` when it can.
    pub fn why_not(&self) -> Option<String> {
        self.history.why_not()
    }
}

/// A step was taken back: the state is as it was before `what`.
#[derive(Message, Debug, Clone, PartialEq)]
pub struct Undone {
    pub what: String,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<UndoHistory>()
        .add_message::<Undone>()
        .add_systems(Update, take_back.in_set(Concern::Undo))
        .add_systems(
            Update,
            keep_or_close.after(Concern::Turn).in_set(SimSet::Orders),
        );
}

fn dice(world: &World) -> u128 {
    world.resource::<GameRng>().0.get_word_pos()
}

/// Carries out this frame's Undo orders.
fn take_back(world: &mut World, mut cursor: Local<MessageCursor<GiveOrder>>) {
    let orders: Vec<Order> = cursor
        .read(world.resource::<Messages<GiveOrder>>())
        .map(|o| o.0.clone())
        .collect();
    for o in orders.iter().filter(|o| **o == Order::Undo) {
        let refused = order::check(&world.resource::<Game>().0, o).err();
        let step = match refused {
            Some(r) => Err(r),
            None => world.resource_mut::<UndoHistory>().history.pop(),
        };
        match step {
            Ok(step) => {
                let mut log = world.resource::<OrderLog>().0.clone();
                log.truncate(step.log_len);
                save::restore(world, &step.before, &log);
                let mut h = world.resource_mut::<UndoHistory>();
                h.seen_log = step.log_len;
                world.write_message(Undone { what: step.what });
            }
            Err(reasons) => {
                world.write_message(OrderRejected {
                    order: o.clone(),
                    reasons,
                });
            }
        }
    }
}

/// After the frame's orders: a step of undoable orders that revealed nothing is kept; any
/// other order done, or dice rolled, closes the history.
fn keep_or_close(world: &mut World) {
    let log_len = world.resource::<OrderLog>().0.len();
    let now_dice = dice(world);
    let h = world.resource::<UndoHistory>();
    let (seen_log, seen_dice) = (h.seen_log, h.seen_dice);
    // A quiet frame (most of them) costs two comparisons: nothing new, nothing rolled.
    if log_len == seen_log && now_dice == seen_dice && h.before.is_none() {
        return;
    }
    // Only this frame's orders are copied, never the whole log.
    let new: Vec<Order> = world.resource::<OrderLog>().0[seen_log.min(log_len)..].to_vec();
    let mut h = world.resource_mut::<UndoHistory>();
    let before = h.before.take();
    h.seen_log = log_len;
    h.seen_dice = now_dice;
    if log_len < seen_log {
        // A loaded game: its history is not ours.
        h.history.close("a game was loaded");
        return;
    }
    if new.is_empty() && now_dice == seen_dice {
        return;
    }
    // Units by name, as the player knows them (one gone from the board by its scenario name).
    let names: std::collections::HashMap<crate::rules::unit::UnitId, String> = {
        let s = &world.resource::<super::Battle>().scenario;
        let on_board = world.resource::<Game>().0.units.iter();
        s.units
            .iter()
            .chain(s.reinforcements.iter().map(|r| &r.unit))
            .chain(on_board)
            .map(|u| (u.id, u.name.clone()))
            .collect()
    };
    let name = |id: crate::rules::unit::UnitId| names.get(&id).cloned().unwrap_or(id.to_string());
    let what = new
        .iter()
        .map(|o| o.describe_with(name))
        .collect::<Vec<_>>()
        .join(", ");
    let mut h = world.resource_mut::<UndoHistory>();
    if let Some(other) = new.iter().find(|o| !undo::undoable(o)) {
        h.history.close(format!(
            "{} cannot be taken back",
            other.describe_with(name)
        ));
        return;
    }
    if now_dice != seen_dice {
        h.history.close(format!("the dice were rolled ({what})"));
        return;
    }
    let Some((snap, log_len)) = before else {
        return;
    };
    let board = &world.resource::<Game>().0;
    let mut seen = Vec::new();
    for o in &new {
        if let Order::Move { unit, .. } = o
            && let Some(was) = snap.units.iter().find(|u| u.id == *unit)
        {
            // Under fog what ends undo is an enemy the side spots now and did not before the
            // step (D-fow-5: sight within the visibility, by day or night); else an enemy any
            // line of sight now reaches.
            if crate::rules::fog::on(board) {
                for id in board.fog.newly_spotted(&snap.fog, was.side) {
                    if !seen.contains(&id) {
                        seen.push(id);
                    }
                }
            } else {
                seen.extend(sight::revealed(board, *unit, was.hex));
            }
        }
    }
    let names: Vec<String> = seen
        .iter()
        .filter_map(|id| board.unit(*id))
        .map(|u| u.name.clone())
        .collect();
    let mut h = world.resource_mut::<UndoHistory>();
    if names.is_empty() {
        h.history.push(Step {
            before: snap,
            log_len,
            what,
        });
    } else {
        h.history
            .close(format!("{} came into view ({what})", names.join(", ")));
    }
}
