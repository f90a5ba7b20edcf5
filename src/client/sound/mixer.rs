//! The desktop's mixer: the sounds playing now, each with its loudness, place and start, summed
//! into the interleaved stereo frames an audio device asks for. The device's thread fills from
//! it; the game adds to it.

use std::sync::Arc;

/// Sounds at once, at most: a big volley of fire over a whole line is a few voices, not forty.
pub const VOICES: usize = 24;

struct Voice {
    samples: Arc<[f32]>,
    /// Where in the samples the next frame is; negative while the sound waits for its start.
    pos: f64,
    left: f32,
    right: f32,
}

/// The voices playing, made at `source` samples a second, played at `rate` frames a second
/// (a device that runs at 48 kHz plays the 44.1 kHz sounds at their pitch).
pub struct Mixer {
    voices: Vec<Voice>,
    source: u32,
    rate: u32,
}

impl Mixer {
    /// A mixer whose device runs at the sounds' own rate.
    pub fn new(rate: u32) -> Mixer {
        Mixer {
            voices: Vec::new(),
            source: rate,
            rate,
        }
    }

    /// The device runs at `rate` frames a second.
    pub fn set_rate(&mut self, rate: u32) {
        self.rate = rate.max(1);
    }

    fn step(&self) -> f64 {
        self.source as f64 / self.rate as f64
    }

    /// Plays `samples` (mono, at the mixer's rate) `delay` seconds from now, `gain` loud (0–1)
    /// at `pan` (−1 left … 1 right, equal power). The oldest voice gives way when all are busy.
    pub fn start(&mut self, samples: Arc<[f32]>, gain: f32, pan: f32, delay: f32) {
        if self.voices.len() >= VOICES {
            self.voices.remove(0);
        }
        let angle = (pan.clamp(-1.0, 1.0) + 1.0) * std::f32::consts::FRAC_PI_4;
        let gain = gain.clamp(0.0, 1.0);
        self.voices.push(Voice {
            samples,
            pos: -(delay.max(0.0) as f64 * self.source as f64).floor(),
            left: gain * angle.cos(),
            right: gain * angle.sin(),
        });
    }

    /// How many sounds are playing or waiting to.
    pub fn playing(&self) -> usize {
        self.voices.len()
    }

    /// Stops every sound (the mute key).
    pub fn hush(&mut self) {
        self.voices.clear();
    }

    /// Fills `out` (left, right, left, right…) with the next frames, and drops the voices that
    /// have ended.
    pub fn fill(&mut self, out: &mut [f32]) {
        out.fill(0.0);
        let step = self.step();
        for v in &mut self.voices {
            for frame in out.chunks_exact_mut(2) {
                if v.pos >= 0.0 {
                    let i = v.pos as usize;
                    let Some(a) = v.samples.get(i) else {
                        break;
                    };
                    // Between two samples when the rates differ.
                    let b = v.samples.get(i + 1).unwrap_or(&0.0);
                    let k = (v.pos - i as f64) as f32;
                    let s = a + (b - a) * k;
                    frame[0] += s * v.left;
                    frame[1] += s * v.right;
                }
                v.pos += step;
            }
        }
        self.voices.retain(|v| v.pos < v.samples.len() as f64);
        for s in out.iter_mut() {
            *s = soft_clip(*s);
        }
    }
}

/// Loud moments (a line's volley over a battery's) bend rather than crack: straight up to 0.8,
/// then eased towards 1.
pub fn soft_clip(x: f32) -> f32 {
    let a = x.abs();
    if a <= 0.8 {
        x
    } else {
        x.signum() * (0.8 + 0.2 * ((a - 0.8) / 0.2).tanh())
    }
}
