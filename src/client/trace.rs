//! A machine-readable trace of what a player saw happen, one `BAYONET_TRACE {json}` log line
//! each (the browser's console, the desktop's log): the game started, a melee drag's preview
//! shown, a melee declared and resolved, a save loaded, a side's turn begun, where the buttons
//! and units are on the screen. The browser test reads it.

use bevy::prelude::*;
use serde_json::json;

/// The last layout traced, as JSON: a screenshot writes it beside the picture.
#[derive(Resource, Debug, Default, Clone)]
pub struct LastLayout(pub String);

/// One line of the trace.
pub fn line(kind: &str, body: serde_json::Value) {
    info!("BAYONET_TRACE {}", json!({ "event": kind, "data": body }));
}
