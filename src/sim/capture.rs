//! Captured guns (§9.5, D-cap-1): the Spike and Recrew orders.

use bevy::prelude::*;

use super::Concern;
use super::desk::Desk;
use crate::rules::order::Order;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, serve_guns.in_set(Concern::Capture));
}

fn serve_guns(mut desk: Desk) {
    desk.carry_out(|o| matches!(o, Order::Spike { .. } | Order::Recrew { .. }));
}
