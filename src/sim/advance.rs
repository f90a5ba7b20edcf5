//! The winner's advance after a melee, a hex per order (Bodenstedt's +n, §15.1 D-bod-8).

use bevy::prelude::*;

use super::Concern;
use super::desk::Desk;
use crate::rules::order::Order;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, advance_after_melee.in_set(Concern::Advance));
}

fn advance_after_melee(mut desk: Desk) {
    desk.carry_out(|o| matches!(o, Order::Advance { .. }));
}
