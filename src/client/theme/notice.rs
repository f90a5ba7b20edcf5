//! A word to the player that is no order's outcome (a Command-menu button with nothing to act
//! on, a settings file that could not be read, End turn asking to be confirmed); the log shows
//! it. A leaf: every panel may say one.

use bevy::prelude::*;

#[derive(Message, Debug, Clone, PartialEq)]
pub struct Notice(pub String);
