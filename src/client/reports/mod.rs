//! What happened, in words: the log, the results cards, the score's news, the victory panel and the after-action report.

pub mod after_action_view;
pub mod report;
pub mod results_card;
pub mod score_news;
pub mod turn_news;
pub mod victory_panel;

use bevy::prelude::*;

/// The room's systems.
pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((
        after_action_view::plugin,
        victory_panel::plugin,
        report::plugin,
        score_news::plugin,
        turn_news::plugin,
        results_card::plugin,
    ));
}
