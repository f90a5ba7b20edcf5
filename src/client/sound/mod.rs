//! The battle heard (issue 63): volleys, cannon and canister, the melee, a rout, guns taken,
//! drums and bugle for a new turn, reinforcements, and the buttons' clicks. The show of the
//! other side's turn and the game's events ask for a `Sound`; the output places it by where it
//! happens against the view, at the player's volume, unless muted, on the desktop's device or
//! the page's audio. The sounds are made by code (`synth`), not recorded.

#[cfg(all(target_os = "linux", not(target_arch = "wasm32")))]
mod alsa;
pub mod cue;
mod hearing;
pub mod mixer;
pub mod output;
#[cfg(any(
    all(target_os = "linux", not(target_arch = "wasm32")),
    target_os = "windows",
    target_os = "macos"
))]
mod own_thread;
pub mod synth;
#[cfg(any(target_os = "windows", target_os = "macos"))]
mod system;
#[cfg(target_arch = "wasm32")]
mod web;

use bevy::prelude::*;
use serde::Serialize;

use crate::rules::hex::Hex;
use cue::Cue;

/// A sound asked for: `cue`, heard from `at` on the map (everywhere alike when `None`),
/// `delay` seconds from now.
#[derive(Message, Debug, Clone, Copy, PartialEq)]
pub struct Sound {
    pub cue: Cue,
    pub at: Option<Hex>,
    pub delay: f32,
}

impl Sound {
    pub fn now(cue: Cue, at: Option<Hex>) -> Sound {
        Sound {
            cue,
            at,
            delay: 0.0,
        }
    }
}

/// A sound as it went to the output: its cue, loudness after the volume, place and delay.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Played {
    pub cue: Cue,
    pub gain: f32,
    pub pan: f32,
    pub delay: f32,
}

/// The last sounds sent to the output, newest last (the trace and the tests read it).
#[derive(Resource, Debug, Default)]
pub struct Heard(pub Vec<Played>);

/// How many `Heard` keeps.
pub const HEARD_KEPT: usize = 64;

/// The sounds' systems: asked for after the game and the show, played last.
pub(crate) fn plugin(app: &mut App) {
    app.add_message::<Sound>()
        .init_resource::<Heard>()
        .init_resource::<output::Bank>();
    if !app.world().contains_resource::<output::Output>() {
        app.insert_resource(output::Output::silent());
    }
    app.add_systems(
        Update,
        (
            hearing::from_the_show,
            hearing::from_the_turn,
            hearing::from_buttons,
            output::mute_key,
            output::play,
        )
            .chain()
            .in_set(crate::client::Frame::AfterGame)
            .after(crate::client::replay::playback::Showing),
    );
}
