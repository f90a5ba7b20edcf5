//! Bridges (§11): the Repair Bridge order (optional Bridge Limit and Repair). Damaging one is a
//! melee declaration; the repair itself comes at the start of later turns.

use bevy::prelude::*;

use super::Concern;
use super::desk::Desk;
use crate::rules::order::Order;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, repair_bridges.in_set(Concern::Bridge));
}

fn repair_bridges(mut desk: Desk) {
    desk.carry_out(|o| matches!(o, Order::RepairBridge { .. }));
}
