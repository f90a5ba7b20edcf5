//! Screens over the map: the start dialog (and its online section), the help, the hand-over screen, the end of a battle, and saving.

pub mod end_screen;
pub mod hand_over;
pub mod help;
pub mod online_dialog;
pub mod saving;
pub mod start;
