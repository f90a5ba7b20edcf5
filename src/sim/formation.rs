//! Formation (§3, §6): line and column, mounting and dismounting, limbering and unlimbering.

use bevy::prelude::*;

use super::Concern;
use super::desk::Desk;
use super::resources::Game;
use crate::rules::formation;
use crate::rules::order::Order;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, change_formation.in_set(Concern::Formation));
}

fn change_formation(mut desk: Desk, mut game: ResMut<Game>) {
    let mine = |o: &Order| matches!(o, Order::Formation { .. });
    desk.carry_out(&mut game, mine, |board, o| match o {
        Order::Formation {
            unit,
            formation: to,
        } => formation::apply(board, *unit, *to).map(|_| ()),
        _ => Ok(()),
    });
}
