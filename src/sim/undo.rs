//! Undo in the window: the interpreter keeps the history (`rules::undo::Undo`); here a frame's
//! moves, facing and formation changes make one step, sealed once the frame's orders are done.

use bevy::prelude::*;

use super::desk::Desk;
use super::{Concern, SimSet};
use crate::rules::order::Order;

pub use crate::rules::event::Undone;

pub use super::resources::UndoHistory;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<UndoHistory>()
        .add_systems(Update, take_back.in_set(Concern::Undo))
        .add_systems(
            Update,
            keep_or_close.after(Concern::Turn).in_set(SimSet::Orders),
        );
}

fn take_back(mut desk: Desk) {
    desk.carry_out(|o| *o == Order::Undo);
}

/// After the frame's orders: their step is kept for an undo, or closes the history.
fn keep_or_close(mut desk: Desk) {
    desk.seal();
}
