//! Formation (§3, §6): line and column, mounting and dismounting, limbering and unlimbering.

use bevy::prelude::*;

use super::Concern;
use super::desk::Desk;
use super::resources::Game;
use crate::rules::formation;
use crate::rules::order::Order;
use crate::rules::refusal::Reason;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, change_formation.in_set(Concern::Formation));
}

fn change_formation(mut desk: Desk, mut game: ResMut<Game>) {
    for order in desk.take(|o| matches!(o, Order::Formation { .. })) {
        let Order::Formation {
            unit,
            formation: to,
        } = order
        else {
            continue;
        };
        if !desk.admit(&game, &order) {
            continue;
        }
        match formation::apply(&mut game, unit, to) {
            Ok(_) => desk.done(order),
            Err(why) => desk.refused(order, Reason::CannotAct, why),
        }
    }
}
