//! Sight under fog of war (RULES.md §16): after each frame's orders have done their work (a
//! melee's retreats and advances, a turn's reinforcements), both sides look again. A mover
//! looks after every hex it enters (`opportunity::move_under_fire`), so several moves in one
//! frame each see what the last revealed; nothing else an order does needs a look before the
//! frame's end.

use bevy::prelude::*;

use super::Concern;
use super::resources::Game;
use crate::rules::fog;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, look_again.in_set(Concern::Sight));
}

fn look_again(mut game: ResMut<Game>) {
    if game.is_changed() && fog::on(&game.0) {
        // The looks follow the change that marked the game; they are not a change of their own
        // (or every frame would look again).
        fog::look_again(&mut game.bypass_change_detection().0);
    }
}
