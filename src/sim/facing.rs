//! Facing (§4): a unit turns to face a hexside, for movement points.

use bevy::prelude::*;

use super::Concern;
use super::desk::Desk;
use super::resources::Game;
use crate::rules::facing;
use crate::rules::order::Order;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, face.in_set(Concern::Facing));
}

fn face(mut desk: Desk, mut game: ResMut<Game>) {
    let mine = |o: &Order| matches!(o, Order::Face { .. });
    desk.carry_out(&mut game, mine, |board, o| match o {
        Order::Face { unit, facing: to } => facing::apply(board, *unit, *to).map(|_| ()),
        _ => Ok(()),
    });
}
