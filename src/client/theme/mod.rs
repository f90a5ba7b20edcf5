//! The look and the words every room shares: colours, type, the screen's regions, the key table, the aids a player can switch on, the interface settings, and the widget kit every screen is built from.

pub mod aid;
pub mod fit_window;
pub mod font;
pub mod interaction;
pub mod keys;
pub mod notice;
pub mod palette;
pub mod regions;
pub mod settings;
pub(crate) mod store;
pub mod widget;
pub mod words;

use bevy::prelude::*;

/// The room's systems.
pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((settings::plugin, regions::plugin, interaction::plugin));
}
