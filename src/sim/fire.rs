//! Fire (§7–§8): a unit fires at a hex in its front and range; losses, morale and the routs
//! they cause are told as `Fired`.

use bevy::prelude::*;

use super::Concern;
use super::desk::Desk;
use crate::rules::order::Order;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, fire_at_targets.in_set(Concern::Fire));
}

fn fire_at_targets(mut desk: Desk) {
    desk.carry_out(|o| matches!(o, Order::Fire { .. }));
}
