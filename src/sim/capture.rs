//! Captured guns (§9.5, D-cap-1): the Spike and Recrew orders.

use bevy::prelude::*;

use super::Concern;
use super::desk::Desk;
use super::resources::Game;
use crate::rules::capture;
use crate::rules::order::Order;
use crate::rules::refusal::Reason;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, serve_guns.in_set(Concern::Capture));
}

fn serve_guns(mut desk: Desk, mut game: ResMut<Game>) {
    for o in desk.take(|o| matches!(o, Order::Spike { .. } | Order::Recrew { .. })) {
        if !desk.admit(&game, &o) {
            continue;
        }
        let result = match o {
            Order::Spike { battery, by } => capture::spike(&mut game, battery, by),
            Order::Recrew { battery, by } => capture::recrew(&mut game, battery, by),
            _ => continue,
        };
        match result {
            Ok(()) => desk.done(o),
            Err(why) => desk.refused(o, Reason::Guns, why),
        }
    }
}
