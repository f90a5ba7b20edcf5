//! What happened, in words: the log, the results cards, the score's news, the victory panel and the after-action report.

pub mod after_action_view;
pub mod report;
pub mod results_card;
pub mod score_news;
pub mod victory_panel;
