//! Formation (§3, §6): line and column, mounting and dismounting, limbering and unlimbering.

use bevy::prelude::*;

use super::Concern;
use super::desk::Desk;
use crate::rules::order::Order;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, change_formation.in_set(Concern::Formation));
}

fn change_formation(mut desk: Desk) {
    desk.carry_out(|o| matches!(o, Order::Formation { .. }));
}
