//! Bridges (§11): the Repair Bridge order (optional Bridge Limit and Repair). Damaging one is a
//! melee declaration; the repair itself comes at the start of later turns.

use bevy::prelude::*;

use super::Concern;
use super::desk::Desk;
use super::resources::Game;
use crate::rules::bridge;
use crate::rules::order::{self, Order};
use crate::rules::refusal::Reason;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, repair_bridges.in_set(Concern::Bridge));
}

fn repair_bridges(mut desk: Desk, mut game: ResMut<Game>) {
    for o in desk.take(|o| matches!(o, Order::RepairBridge { .. })) {
        let Order::RepairBridge { unit, at } = o else {
            continue;
        };
        if !desk.admit(&game, &o) {
            continue;
        }
        let Ok(h) = order::place(&game, at) else {
            continue;
        };
        match bridge::repair(&mut game, unit, h) {
            Ok(()) => desk.done(o),
            Err(why) => desk.refused(o, Reason::NoBridge, why),
        }
    }
}
