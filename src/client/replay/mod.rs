//! The other side's turn shown, and replays watched, with their controls.

pub mod playback;
pub mod show_controls;
pub mod watch;
