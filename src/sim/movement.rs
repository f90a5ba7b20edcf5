//! Movement (§4–§6): a unit moves hex by hex within its allowance, stacking limits and zones
//! of control, drawing opportunity fire on the way.

use bevy::prelude::*;

use super::Concern;
use super::desk::Desk;
use crate::rules::order::Order;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, move_units.in_set(Concern::Movement));
}

fn move_units(mut desk: Desk) {
    desk.carry_out(|o| matches!(o, Order::Move { .. }));
}
