//! Melee resolution: on Resolve each pending melee, in declaration order, is resolved through the
//! one melee pipeline (defensive fire → strengths and modifiers → combat results → morale →
//! retreat → capture → advance → routs) by the interpreter. (End turn resolves them too, with
//! the turn.)

use bevy::prelude::*;

use super::Concern;
use super::desk::Desk;
use crate::rules::order::Order;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, resolve_melees.in_set(Concern::MeleeResolution));
}

fn resolve_melees(mut desk: Desk) {
    desk.carry_out(|o| matches!(o, Order::Resolve));
}
