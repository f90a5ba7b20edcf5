//! Puts the scenario on the board: the game state at its start.

use bevy::prelude::*;

use super::resources::{Battle, Game};

pub(super) fn plugin(app: &mut App) {
    let board = app.world().resource::<Battle>().scenario.board();
    app.insert_resource(Game(board));
}
