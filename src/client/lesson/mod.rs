//! The boot camp's lesson in the window: its panel and its pointer on the map.

pub(crate) mod lesson_marks;
pub mod panel;
