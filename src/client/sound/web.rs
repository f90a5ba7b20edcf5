//! The browser's sound: the page's Web Audio. Browsers let a page sound only after the player
//! has touched it, so the page (`index.html`) makes its audio context on the first touch, click
//! or key and keeps it as `window.bayonetAudio`; until then the game plays silent. Each take is
//! made into an audio buffer once and played through a panner and a gain.

use std::cell::RefCell;
use std::collections::HashMap;

use wasm_bindgen::JsCast;
use web_sys::{AudioBuffer, AudioContext, AudioContextState, GainNode};

use super::cue::Cue;
use super::synth::RATE;

thread_local! {
    static BUFFERS: RefCell<HashMap<(Cue, u32), AudioBuffer>> = RefCell::new(HashMap::new());
    /// Every sound goes through it: the mute silences what is playing by it.
    static MASTER: RefCell<Option<GainNode>> = const { RefCell::new(None) };
}

/// The page's audio context, once the player has touched the page and it runs.
fn context() -> Option<AudioContext> {
    let window = web_sys::window()?;
    let ctx = js_sys::Reflect::get(&window, &"bayonetAudio".into()).ok()?;
    let ctx: AudioContext = ctx.dyn_into().ok()?;
    (ctx.state() == AudioContextState::Running).then_some(ctx)
}

fn master(ctx: &AudioContext) -> Option<GainNode> {
    MASTER.with(|m| {
        let mut m = m.borrow_mut();
        if m.is_none() {
            let g = ctx.create_gain().ok()?;
            g.connect_with_audio_node(&ctx.destination()).ok()?;
            *m = Some(g);
        }
        m.clone()
    })
}

/// Plays take `key` (`samples`, mono at `RATE`) `delay` seconds from now, `gain` loud at `pan`.
pub fn play(key: (Cue, u32), samples: &[f32], gain: f32, pan: f32, delay: f32) {
    let Some(ctx) = context() else { return };
    let _ = (|| -> Result<(), wasm_bindgen::JsValue> {
        let buffer = BUFFERS.with(|b| -> Result<AudioBuffer, wasm_bindgen::JsValue> {
            if let Some(buf) = b.borrow().get(&key) {
                return Ok(buf.clone());
            }
            let buf = ctx.create_buffer(1, samples.len().max(1) as u32, RATE as f32)?;
            buf.copy_to_channel(samples, 0)?;
            b.borrow_mut().insert(key, buf.clone());
            Ok(buf)
        })?;
        let source = ctx.create_buffer_source()?;
        source.set_buffer(Some(&buffer));
        let panner = ctx.create_stereo_panner()?;
        panner.pan().set_value(pan.clamp(-1.0, 1.0));
        let level = ctx.create_gain()?;
        level.gain().set_value(gain.clamp(0.0, 1.0));
        let Some(out) = master(&ctx) else {
            return Ok(());
        };
        source.connect_with_audio_node(&panner)?;
        panner.connect_with_audio_node(&level)?;
        level.connect_with_audio_node(&out)?;
        source.start_with_when(ctx.current_time() + delay.max(0.0) as f64)?;
        Ok(())
    })();
}

/// Silences what is playing now: its master is cut off, and the next sound gets a fresh one.
pub fn hush() {
    MASTER.with(|m| {
        if let Some(g) = m.borrow_mut().take() {
            let _ = g.disconnect();
        }
    });
}
