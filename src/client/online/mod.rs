//! Playing at a referee server: the seat and its line.

pub mod line;
pub mod seat;
