//! Marks drawn over the map: highlights, reach, threats, the command radius, sight lines, melee arrows, a brigade's preview, reinforcements and the map's names.

pub(crate) mod aid_marks;
pub mod brigade_preview;
pub mod command_radius;
pub mod highlights;
pub(crate) mod melee_marks;
pub mod place_names;
pub mod reach_marks;
pub mod reinforcement_marks;
pub mod sight_tool;
pub mod threat_overlay;
