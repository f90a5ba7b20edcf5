//! Screens over the map: the start dialog (and its online section), the help, the hand-over screen, the end of a battle, and saving.

pub mod asking;
pub mod campaign;
pub mod club_dialog;
pub mod end_screen;
pub mod hand_over;
pub mod help;
pub mod library;
pub mod my_games_dialog;
pub mod online_dialog;
pub mod saving;
pub mod shared_dialog;
pub mod start;
pub mod team_credit;

use bevy::prelude::*;

/// The room's systems.
pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((
        start::plugin,
        library::plugin,
        saving::plugin,
        online_dialog::plugin,
        shared_dialog::plugin,
        my_games_dialog::plugin,
        club_dialog::plugin,
        help::plugin,
        hand_over::plugin,
        end_screen::plugin,
        team_credit::plugin,
    ));
}
