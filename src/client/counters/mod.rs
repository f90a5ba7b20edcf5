//! The units on the map as counters.

pub mod counter;
