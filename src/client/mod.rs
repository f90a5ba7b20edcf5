//! The game window: map, counters, panels, input. Only writes orders and reads state.

use crate::rules::scenario::Scenario;

/// Opens the window on `scenario`; with `screenshot`, saves one frame there and exits.
pub fn run(_scenario: Scenario, _screenshot: Option<String>) -> i32 {
    0
}
