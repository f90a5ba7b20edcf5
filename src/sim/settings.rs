//! The start dialog's choices (optional rules, Parameter Data) as an order, so that the log and
//! a replay know them.

use bevy::prelude::*;

use super::Concern;
use super::desk::Desk;
use crate::rules::order::Order;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, set_parameters.in_set(Concern::Settings));
}

fn set_parameters(mut desk: Desk) {
    desk.carry_out(|o| matches!(o, Order::SetParameters { .. }));
}
