//! Captured guns (§9.5, D-cap-1): the Spike and Recrew orders.

use bevy::prelude::*;

use super::Concern;
use super::desk::Desk;
use super::resources::Game;
use crate::rules::capture;
use crate::rules::order::Order;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, serve_guns.in_set(Concern::Capture));
}

fn serve_guns(mut desk: Desk, mut game: ResMut<Game>) {
    let mine = |o: &Order| matches!(o, Order::Spike { .. } | Order::Recrew { .. });
    desk.carry_out(&mut game, mine, |board, o| match o {
        Order::Spike { battery, by } => capture::spike(board, *battery, *by),
        Order::Recrew { battery, by } => capture::recrew(board, *battery, *by),
        _ => Ok(()),
    });
}
