//! Where the sounds go: each asked-for `Sound` placed against the view (louder near its centre,
//! to the side it lies on), at the player's volume, to the desktop's mixer or the page's audio;
//! none while muted. The mute key (Ctrl+M) and the volume are settings, kept between runs.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use bevy::prelude::*;

use super::cue::{self, Cue, Placed};
use super::mixer::Mixer;
use super::synth;
use super::{HEARD_KEPT, Heard, Played, Sound};
use crate::client::map::camera::MapCamera;
use crate::client::map::layout::MapLayout;
use crate::client::theme::keys::{self, Act};
use crate::client::theme::settings::Settings;

/// What plays the sounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Device {
    /// Nothing: the tests, a window asked for a screenshot, a machine without sound.
    Silent,
    /// The desktop's device, fed from the mixer by its own thread.
    Mixer,
    /// The page's audio (the browser build).
    Page,
}

/// The output: its device, and the desktop's mixer.
#[derive(Resource, Clone)]
pub struct Output {
    pub device: Device,
    pub mixer: Arc<Mutex<Mixer>>,
}

impl Output {
    pub fn silent() -> Output {
        Output {
            device: Device::Silent,
            mixer: Arc::new(Mutex::new(Mixer::new(synth::RATE))),
        }
    }

    /// The machine's own output: the page's audio in the browser, else the system's device
    /// through the mixer; silent where there is none (said once in the log).
    pub fn open() -> Output {
        let mut out = Output::silent();
        if cfg!(target_arch = "wasm32") {
            out.device = Device::Page;
            return out;
        }
        #[cfg(all(target_os = "linux", not(target_arch = "wasm32")))]
        if super::alsa::start(out.mixer.clone()) {
            out.device = Device::Mixer;
        }
        #[cfg(any(target_os = "windows", target_os = "macos"))]
        if super::system::start(out.mixer.clone()) {
            out.device = Device::Mixer;
        }
        out
    }
}

/// Whether the player asked for silence with `BAYONET_SOUND=off` (the window tests do).
pub fn switched_off() -> bool {
    std::env::var("BAYONET_SOUND").is_ok_and(|v| v == "off" || v == "0")
}

/// The sounds rendered so far (each on first use), and which take of each comes next.
#[derive(Resource, Default)]
pub struct Bank {
    samples: HashMap<(Cue, u32), Arc<[f32]>>,
    next: HashMap<Cue, u32>,
}

impl Bank {
    /// The samples of `cue`'s next take, and which take it is.
    pub fn take(&mut self, cue: Cue) -> (u32, Arc<[f32]>) {
        let n = self.next.entry(cue).or_insert(0);
        let take = *n % synth::takes(cue);
        *n = take + 1;
        let samples = self
            .samples
            .entry((cue, take))
            .or_insert_with(|| synth::render(cue, take).into())
            .clone();
        (take, samples)
    }
}

/// Of one cue, at most this many in a frame: an instant show of a whole turn's fire is a
/// roar, not forty volleys on top of each other.
const SAME_A_FRAME: usize = 2;
/// Of all cues, at most this many in a frame.
const ALL_A_FRAME: usize = 6;

/// How loud the volume setting makes a sound of loudness 1 (a square law: the low settings
/// are the fine ones).
pub fn volume_gain(volume: u32) -> f32 {
    let v = volume.min(100) as f32 / 100.0;
    v * v
}

/// Sends this frame's sounds to the output, placed against the view.
pub(super) fn play(
    mut sounds: MessageReader<Sound>,
    settings: Res<Settings>,
    (output, mut bank, mut heard): (Res<Output>, ResMut<Bank>, ResMut<Heard>),
    layout: Option<Res<MapLayout>>,
    camera: Query<(&Transform, &Projection), With<MapCamera>>,
    window: Query<&Window, With<bevy::window::PrimaryWindow>>,
) {
    let asked: Vec<Sound> = sounds.read().copied().collect();
    if asked.is_empty() || settings.muted || settings.volume == 0 {
        return;
    }
    let size = window
        .single()
        .map_or(Vec2::new(1280.0, 800.0), |w| w.size());
    let view = camera.iter().next().map(|(t, p)| {
        let scale = crate::client::map::camera::scale_of(p);
        (t.translation.truncate(), size * 0.5 * scale)
    });
    let mut counted: Vec<Cue> = Vec::new();
    for s in asked {
        if counted.len() >= ALL_A_FRAME
            || counted.iter().filter(|c| **c == s.cue).count() >= SAME_A_FRAME
        {
            continue;
        }
        counted.push(s.cue);
        let placed = match (s.at, &layout, view) {
            (Some(hex), Some(layout), Some((centre, half))) => {
                let p = layout.center(hex);
                cue::placed((p.x, p.y), (centre.x, centre.y), (half.x, half.y))
            }
            _ => cue::EVERYWHERE,
        };
        let gain = placed.gain * volume_gain(settings.volume);
        let played = Played {
            cue: s.cue,
            gain,
            pan: placed.pan,
            delay: s.delay,
        };
        send(&output, &mut bank, &played, placed);
        crate::client::trace::line("sound", serde_json::to_value(played).unwrap_or_default());
        heard.0.push(played);
    }
    let n = heard.0.len();
    if n > HEARD_KEPT {
        heard.0.drain(..n - HEARD_KEPT);
    }
}

/// Plays one sound on the output's device (nothing to do for a silent one).
fn send(output: &Output, bank: &mut Bank, played: &Played, placed: Placed) {
    match output.device {
        Device::Silent => {}
        Device::Mixer => {
            let (_, samples) = bank.take(played.cue);
            if let Ok(mut m) = output.mixer.lock() {
                m.start(samples, played.gain, placed.pan, played.delay);
            }
        }
        Device::Page => {
            #[cfg(target_arch = "wasm32")]
            {
                let (take, samples) = bank.take(played.cue);
                super::web::play(
                    (played.cue, take),
                    &samples,
                    played.gain,
                    placed.pan,
                    played.delay,
                );
            }
        }
    }
}

/// Ctrl+M: sound off, or on again (kept in the settings). Turned off here or in the start
/// dialog, what is playing stops too.
pub(super) fn mute_key(
    input: Option<Res<ButtonInput<KeyCode>>>,
    mut settings: ResMut<Settings>,
    output: Res<Output>,
    mut was_muted: Local<bool>,
) {
    if input.is_some_and(|i| keys::pressed(&i, Act::Mute)) {
        settings.muted = !settings.muted;
    }
    if settings.muted && !*was_muted {
        hush(&output);
    }
    *was_muted = settings.muted;
}

/// Stops every sound playing now.
pub fn hush(output: &Output) {
    if let Ok(mut m) = output.mixer.lock() {
        m.hush();
    }
    #[cfg(target_arch = "wasm32")]
    super::web::hush();
}
