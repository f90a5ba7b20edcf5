//! The start dialog's choices (optional rules, Parameter Data) as an order, so that the log and
//! a replay know them.

use bevy::prelude::*;

use super::Concern;
use super::desk::Desk;
use super::resources::Game;
use crate::rules::order::Order;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, set_parameters.in_set(Concern::Settings));
}

fn set_parameters(mut desk: Desk, mut game: ResMut<Game>) {
    for o in desk.take(|o| matches!(o, Order::SetParameters { .. })) {
        let Some(o) = desk.admit(&game, &o) else {
            continue;
        };
        if let Order::SetParameters { params } = &o {
            game.params = (**params).clone();
            game.night = crate::rules::scenario::is_night(game.minutes, &game.params);
        }
        desk.done(o);
    }
}
