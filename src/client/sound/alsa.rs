//! The Linux desktop's sound: the system's own ALSA library (`libasound.so.2`, which every
//! desktop with sound has, and through which PulseAudio and PipeWire are reached), opened when
//! the game runs rather than linked when it is built, so that building the game needs no
//! `-dev` package (issue 63). A thread fills the device from the mixer; a machine without the
//! library or a sound card plays silent.
//!
//! The few calls are made through their C signatures; that is the only unsafe code of the game.

use std::ffi::{c_char, c_int, c_long, c_uint, c_ulong, c_void};
use std::sync::{Arc, Mutex};

use super::mixer::Mixer;
use super::synth::RATE;

type Open = unsafe extern "C" fn(*mut *mut c_void, *const c_char, c_int, c_int) -> c_int;
type SetParams =
    unsafe extern "C" fn(*mut c_void, c_int, c_int, c_uint, c_uint, c_int, c_uint) -> c_int;
type WriteI = unsafe extern "C" fn(*mut c_void, *const c_void, c_ulong) -> c_long;
type Recover = unsafe extern "C" fn(*mut c_void, c_int, c_int) -> c_int;

// From alsa/pcm.h.
const STREAM_PLAYBACK: c_int = 0;
const FORMAT_S16_LE: c_int = 2;
const ACCESS_RW_INTERLEAVED: c_int = 3;
/// How far ahead the device is filled: short enough that a volley follows its mark on the map.
const LATENCY_US: c_uint = 80_000;
/// Frames mixed at a time.
const PERIOD: usize = 512;

/// The device's calls, found in the library: made, used and dropped on the sound's own thread.
struct Device {
    // Kept loaded as long as the calls below are used.
    _lib: libloading::Library,
    pcm: *mut c_void,
    writei: WriteI,
    recover: Recover,
}

/// Why there is no sound: said once in the log, never an error to the player.
fn open() -> Result<Device, String> {
    // SAFETY: loading the system's ALSA library runs its initialisers, which is what every
    // program that links it does; the symbols are read with their documented C signatures.
    unsafe {
        let lib = libloading::Library::new("libasound.so.2")
            .map_err(|e| format!("no ALSA library ({e})"))?;
        let open: Open = *lib
            .get::<Open>(b"snd_pcm_open\0")
            .map_err(|e| e.to_string())?;
        let set: SetParams = *lib
            .get::<SetParams>(b"snd_pcm_set_params\0")
            .map_err(|e| e.to_string())?;
        let writei: WriteI = *lib
            .get::<WriteI>(b"snd_pcm_writei\0")
            .map_err(|e| e.to_string())?;
        let recover: Recover = *lib
            .get::<Recover>(b"snd_pcm_recover\0")
            .map_err(|e| e.to_string())?;
        let mut pcm: *mut c_void = std::ptr::null_mut();
        let name = c"default";
        if open(&mut pcm, name.as_ptr(), STREAM_PLAYBACK, 0) < 0 || pcm.is_null() {
            return Err("no sound device".into());
        }
        if set(
            pcm,
            FORMAT_S16_LE,
            ACCESS_RW_INTERLEAVED,
            2,
            RATE,
            1,
            LATENCY_US,
        ) < 0
        {
            return Err("the sound device refused 16-bit stereo".into());
        }
        Ok(Device {
            _lib: lib,
            pcm,
            writei,
            recover,
        })
    }
}

/// Starts the thread that plays `mixer` on the default device; `false` (and a line in the log)
/// when there is none.
pub fn start(mixer: Arc<Mutex<Mixer>>) -> bool {
    super::own_thread::start(open, move |device| play(&device, &mixer))
}

/// Mixes and writes until the device fails for good.
fn play(device: &Device, mixer: &Mutex<Mixer>) {
    let mut mixed = vec![0.0f32; PERIOD * 2];
    let mut frames = vec![0i16; PERIOD * 2];
    loop {
        match mixer.lock() {
            Ok(mut m) => m.fill(&mut mixed),
            Err(_) => return,
        }
        for (o, s) in frames.iter_mut().zip(&mixed) {
            *o = (s.clamp(-1.0, 1.0) * i16::MAX as f32) as i16;
        }
        let mut done = 0usize;
        while done < PERIOD {
            // SAFETY: `frames` holds PERIOD interleaved stereo frames; the handle is open.
            let n = unsafe {
                (device.writei)(
                    device.pcm,
                    frames[done * 2..].as_ptr() as *const c_void,
                    (PERIOD - done) as c_ulong,
                )
            };
            if n >= 0 {
                done += n as usize;
                continue;
            }
            // An underrun (the game was busy) or a suspended device: recover and go on.
            // SAFETY: as above.
            if unsafe { (device.recover)(device.pcm, n as c_int, 1) } < 0 {
                bevy::log::info!("sound stopped: the device failed ({n})");
                return;
            }
        }
    }
}
