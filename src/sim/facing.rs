//! Facing (§4): a unit turns to face a hexside, for movement points.

use bevy::prelude::*;

use super::Concern;
use super::desk::Desk;
use super::resources::Game;
use crate::rules::facing;
use crate::rules::order::Order;
use crate::rules::refusal::Reason;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, face.in_set(Concern::Facing));
}

fn face(mut desk: Desk, mut game: ResMut<Game>) {
    for order in desk.take(|o| matches!(o, Order::Face { .. })) {
        let Order::Face { unit, facing: to } = order else {
            continue;
        };
        if !desk.admit(&game, &order) {
            continue;
        }
        match facing::apply(&mut game, unit, to) {
            Ok(_) => desk.done(order),
            Err(why) => desk.refused(order, Reason::CannotAct, why),
        }
    }
}
