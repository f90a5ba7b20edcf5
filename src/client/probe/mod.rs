//! For tests and tools: the screen trace, screenshot mode and the orders given on the command line.

pub(crate) mod screen_trace;
pub(crate) mod screenshot;
pub mod script;
