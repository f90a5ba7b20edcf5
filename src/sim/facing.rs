//! Facing (§4): a unit turns to face a hexside, for movement points.

use bevy::prelude::*;

use super::Concern;
use super::desk::Desk;
use crate::rules::order::Order;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, face.in_set(Concern::Facing));
}

fn face(mut desk: Desk) {
    desk.carry_out(|o| matches!(o, Order::Face { .. }));
}
