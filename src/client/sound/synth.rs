//! The game's sounds, made here by code (as the terrain art is): musket volleys of every size,
//! cannon and canister, the melee, a rout, a cheer over taken guns, the drum and bugle of a new
//! turn, the drums of reinforcements and the interface's click. Each is rendered once into mono
//! samples at `RATE`, the same every run (a seeded noise, no recording).

use super::cue::{Cue, Size};

/// Samples a second.
pub const RATE: u32 = 44_100;

const TAU: f32 = std::f32::consts::TAU;

/// A small deterministic noise (xorshift64*): the same sound every run and on every machine.
struct Noise(u64);

impl Noise {
    fn new(seed: u64) -> Noise {
        Noise(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    fn next_u32(&mut self) -> u32 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32) as u32
    }

    /// In [0, 1).
    fn unit(&mut self) -> f32 {
        (self.next_u32() >> 8) as f32 / (1u32 << 24) as f32
    }

    /// In [-1, 1).
    fn white(&mut self) -> f32 {
        self.unit() * 2.0 - 1.0
    }

    fn between(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.unit()
    }
}

/// A second-order filter (the RBJ cookbook's), for the colour of noise.
#[derive(Clone, Copy)]
struct Biquad {
    b: [f32; 3],
    a: [f32; 2],
    x: [f32; 2],
    y: [f32; 2],
}

enum Pass {
    Low,
    High,
    Band,
}

impl Biquad {
    fn new(pass: Pass, freq: f32, q: f32) -> Biquad {
        let w = TAU * freq.clamp(10.0, RATE as f32 * 0.45) / RATE as f32;
        let (s, c) = w.sin_cos();
        let alpha = s / (2.0 * q);
        let (b0, b1, b2) = match pass {
            Pass::Low => ((1.0 - c) / 2.0, 1.0 - c, (1.0 - c) / 2.0),
            Pass::High => ((1.0 + c) / 2.0, -(1.0 + c), (1.0 + c) / 2.0),
            Pass::Band => (alpha, 0.0, -alpha),
        };
        let a0 = 1.0 + alpha;
        Biquad {
            b: [b0 / a0, b1 / a0, b2 / a0],
            a: [-2.0 * c / a0, (1.0 - alpha) / a0],
            x: [0.0; 2],
            y: [0.0; 2],
        }
    }

    fn run(&mut self, x: f32) -> f32 {
        let y = self.b[0] * x + self.b[1] * self.x[0] + self.b[2] * self.x[1]
            - self.a[0] * self.y[0]
            - self.a[1] * self.y[1];
        self.x = [x, self.x[0]];
        self.y = [y, self.y[0]];
        y
    }
}

fn at(seconds: f32) -> usize {
    (seconds.max(0.0) * RATE as f32) as usize
}

fn time(i: usize) -> f32 {
    i as f32 / RATE as f32
}

/// A buffer `seconds` long.
fn silence(seconds: f32) -> Vec<f32> {
    vec![0.0; at(seconds)]
}

/// Adds `f(t)` for `len` seconds from `start` into `buf` (cut at its end).
fn add(buf: &mut [f32], start: f32, len: f32, mut f: impl FnMut(f32) -> f32) {
    let from = at(start);
    for i in 0..at(len) {
        let Some(s) = buf.get_mut(from + i) else {
            break;
        };
        *s += f(time(i));
    }
}

/// One musket's report: a crack and its duller body, `bright` of the crack kept.
fn shot(buf: &mut [f32], start: f32, gain: f32, bright: f32, n: &mut Noise) {
    let mut body = Biquad::new(Pass::Low, n.between(500.0, 900.0), 0.8);
    let mut crack = Biquad::new(Pass::High, 1800.0, 0.7);
    let seed = n.next_u32() as u64;
    let mut own = Noise::new(seed);
    add(buf, start, 0.35, |t| {
        let w = own.white();
        let attack = (t / 0.0015).min(1.0);
        let c = crack.run(w) * (-t / 0.010).exp() * bright;
        let b = body.run(w) * (-t / 0.075).exp() * 2.2;
        gain * attack * (c + b)
    });
}

/// A low thump (a body falling, a drum's shell, a foot on the ground).
fn thump(buf: &mut [f32], start: f32, freq: f32, decay: f32, gain: f32) {
    add(buf, start, decay * 6.0, |t| {
        let f = freq * (1.0 + 0.6 * (-t / 0.02).exp());
        gain * (TAU * f * t).sin() * (-t / decay).exp() * (t / 0.002).min(1.0)
    });
}

/// Steel on steel: three inharmonic partials, decaying fast.
fn clink(buf: &mut [f32], start: f32, freq: f32, gain: f32) {
    add(buf, start, 0.4, |t| {
        let e = (-t / 0.07).exp();
        gain * e
            * ((TAU * freq * t).sin()
                + 0.5 * (TAU * freq * 2.76 * t).sin()
                + 0.25 * (TAU * freq * 5.4 * t).sin())
    });
}

/// Many voices: noise through two vocal bands, its loudness following `shape(t)`.
fn voices(
    buf: &mut [f32],
    start: f32,
    len: f32,
    bands: (f32, f32),
    n: &mut Noise,
    shape: impl Fn(f32) -> f32,
) {
    let mut lo = Biquad::new(Pass::Band, bands.0, 1.2);
    let mut hi = Biquad::new(Pass::Band, bands.1, 2.0);
    let (p1, p2) = (n.between(0.0, TAU), n.between(0.0, TAU));
    add(buf, start, len, |t| {
        let w = n.white();
        let wobble = 1.0 + 0.25 * (TAU * 3.1 * t + p1).sin() + 0.15 * (TAU * 5.3 * t + p2).sin();
        (lo.run(w) * 1.6 + hi.run(w) * 0.9) * shape(t) * wobble
    });
}

/// The same sound a little later and duller: the field's echo off woods and hills.
fn echo(buf: &mut [f32], delay: f32, gain: f32) {
    let d = at(delay);
    let mut dull = Biquad::new(Pass::Low, 1200.0, 0.7);
    for i in d..buf.len() {
        buf[i] += dull.run(buf[i - d]) * gain;
    }
}

/// Scales `buf` to `peak` and fades its last 20 ms, so that no sound ends in a click.
fn finish(mut buf: Vec<f32>, peak: f32) -> Vec<f32> {
    let top = buf.iter().fold(0.0f32, |m, s| m.max(s.abs()));
    if top > 0.0 {
        for s in &mut buf {
            *s *= peak / top;
        }
    }
    let fade = at(0.02).min(buf.len());
    let n = buf.len();
    for (k, s) in buf[n - fade..].iter_mut().enumerate() {
        *s *= 1.0 - k as f32 / fade as f32;
    }
    buf
}

/// A volley: a ragged run of reports, more of them, longer and louder as more men fire.
fn volley(size: Size, variant: u32) -> Vec<f32> {
    let (shots, spread, peak) = match size {
        Size::Small => (5, 0.35, 0.5),
        Size::Medium => (14, 0.7, 0.72),
        Size::Large => (30, 1.1, 0.95),
    };
    let mut n = Noise::new(11 + variant as u64 * 101 + shots as u64);
    let mut buf = silence(spread + 1.2);
    for _ in 0..shots {
        // The first men fire together, the rest straggle.
        let t = spread * n.unit().powf(1.6);
        let g = n.between(0.5, 1.0);
        shot(&mut buf, t, g, n.between(0.4, 1.0), &mut n);
    }
    echo(&mut buf, 0.19, 0.25);
    echo(&mut buf, 0.47, 0.12);
    finish(buf, peak)
}

/// A gun: the crack, a falling boom, the rumble, and its echo; with canister, the balls'
/// rattling whirr after it.
fn cannon(canister: bool, variant: u32) -> Vec<f32> {
    let mut n = Noise::new(29 + variant as u64 * 7);
    let mut buf = silence(2.6);
    let base = n.between(38.0, 48.0);
    let mut rumble = Biquad::new(Pass::Low, 260.0, 0.8);
    let mut crack = Biquad::new(Pass::High, 1500.0, 0.7);
    let mut phase = 0.0f32;
    add(&mut buf, 0.0, 2.2, |t| {
        let w = n.white();
        let f = base + 70.0 * (-t / 0.07).exp();
        phase += TAU * f / RATE as f32;
        let boom = phase.sin() * (-t / 0.55).exp() * (t / 0.003).min(1.0);
        let roll = rumble.run(w) * (-t / 0.4).exp() * 5.0;
        let c = crack.run(w) * (-t / 0.006).exp() * 1.2;
        boom * 0.9 + roll + c
    });
    if canister {
        let mut whirr = Biquad::new(Pass::Band, 3200.0, 0.9);
        let mut hiss = Noise::new(31 + variant as u64);
        add(&mut buf, 0.04, 1.2, |t| {
            let flutter = 0.55 + 0.45 * (TAU * 27.0 * t).sin().abs();
            whirr.run(hiss.white()) * flutter * (t / 0.03).min(1.0) * (-t / 0.28).exp() * 2.4
        });
    }
    echo(&mut buf, 0.42, 0.3);
    echo(&mut buf, 0.9, 0.14);
    finish(buf, if canister { 0.95 } else { 0.9 })
}

/// The melee: a roar of voices, steel striking steel, blows and a few shots.
fn melee() -> Vec<f32> {
    let mut n = Noise::new(53);
    let len = 2.6;
    let mut buf = silence(len + 0.6);
    voices(&mut buf, 0.0, len, (520.0, 1150.0), &mut n, |t| {
        (t / 0.35).min(1.0) * ((len - t) / 0.6).clamp(0.0, 1.0) * 0.5
    });
    for _ in 0..16 {
        let t = n.between(0.1, len - 0.3);
        clink(&mut buf, t, n.between(1700.0, 3100.0), n.between(0.12, 0.3));
    }
    for _ in 0..7 {
        let t = n.between(0.1, len - 0.3);
        thump(&mut buf, t, n.between(55.0, 90.0), 0.05, 0.5);
    }
    for _ in 0..4 {
        let t = n.between(0.2, len - 0.4);
        shot(&mut buf, t, 0.45, 0.8, &mut n);
    }
    finish(buf, 0.85)
}

/// A rout: a falling cry, running feet, dropped muskets clattering.
fn rout() -> Vec<f32> {
    let mut n = Noise::new(71);
    let len = 2.2;
    let mut buf = silence(len + 0.3);
    // The cry falls as the men turn and run: its bands sweep down.
    let mut lo = Biquad::new(Pass::Band, 900.0, 1.4);
    let mut hi = Biquad::new(Pass::Band, 1700.0, 2.0);
    add(&mut buf, 0.0, 1.4, |t| {
        if (t * RATE as f32) as usize % 64 == 0 {
            let k = 1.0 - 0.5 * (t / 1.4);
            let (xl, yl, xh, yh) = (lo.x, lo.y, hi.x, hi.y);
            lo = Biquad::new(Pass::Band, 900.0 * k, 1.4);
            hi = Biquad::new(Pass::Band, 1700.0 * k, 2.0);
            (lo.x, lo.y, hi.x, hi.y) = (xl, yl, xh, yh);
        }
        let w = n.white();
        (lo.run(w) * 1.4 + hi.run(w)) * (t / 0.12).min(1.0) * ((1.4 - t) / 0.5).clamp(0.0, 1.0)
    });
    let mut t = 0.3;
    while t < len - 0.2 {
        thump(
            &mut buf,
            t,
            n.between(70.0, 110.0),
            0.03,
            0.35 * (1.0 - t / len),
        );
        t += n.between(0.07, 0.16);
    }
    for _ in 0..4 {
        let t = n.between(0.4, 1.6);
        clink(&mut buf, t, n.between(700.0, 1300.0), 0.2);
    }
    finish(buf, 0.7)
}

/// Taken guns: three swelling cheers.
fn cheer() -> Vec<f32> {
    let mut n = Noise::new(89);
    let mut buf = silence(2.6);
    for k in 0..3 {
        let start = k as f32 * 0.72;
        voices(&mut buf, start, 0.7, (700.0, 1250.0), &mut n, |t| {
            (t / 0.18).min(1.0) * ((0.7 - t) / 0.3).clamp(0.0, 1.0)
        });
    }
    finish(buf, 0.75)
}

/// A snare stroke: the snares' rattle over the shell's thump.
fn stroke(buf: &mut [f32], start: f32, gain: f32, n: &mut Noise) {
    let mut snares = Biquad::new(Pass::Band, 2200.0, 0.8);
    let seed = n.next_u32() as u64;
    let mut own = Noise::new(seed);
    add(buf, start, 0.2, |t| {
        gain * snares.run(own.white()) * (-t / 0.045).exp() * 2.0
    });
    thump(buf, start, 190.0, 0.035, gain * 0.6);
}

/// A bugle's note: the harmonics of a brass tone, scooped up to pitch, with a little vibrato.
fn note(buf: &mut [f32], start: f32, freq: f32, len: f32, gain: f32) {
    let mut phase = 0.0f32;
    add(buf, start, len + 0.05, |t| {
        let scoop = 1.0 - 0.03 * (-t / 0.03).exp();
        let vib = 1.0 + 0.003 * (TAU * 5.0 * t).sin() * (t / 0.15).min(1.0);
        phase += TAU * freq * scoop * vib / RATE as f32;
        let bright = 0.5 + 0.5 * (t / 0.06).min(1.0);
        let mut s = 0.0;
        for h in 1..=8 {
            let a = bright.powi(h - 1) / h as f32;
            s += a * (phase * h as f32).sin();
        }
        let env = (t / 0.025).min(1.0) * ((len + 0.05 - t) / 0.05).clamp(0.0, 1.0);
        gain * s * env * (1.0 - 0.15 * (t / len.max(0.01)).min(1.0))
    });
}

/// The bugle's notes: the harmonics of a bugle pitched in G (G4, C5, E5, G5).
const G4: f32 = 392.0;
const C5: f32 = 523.25;
const E5: f32 = 659.25;
const G5: f32 = 784.0;

fn call(buf: &mut [f32], start: f32, notes: &[(f32, f32)]) {
    let mut t = start;
    for &(f, len) in notes {
        note(buf, t, f, len * 0.9, 0.3);
        t += len;
    }
}

/// A new turn: a drum roll swelling to two strokes, then the bugle's call.
fn new_turn() -> Vec<f32> {
    let mut n = Noise::new(97);
    let mut buf = silence(3.4);
    let mut t = 0.0;
    while t < 0.85 {
        stroke(&mut buf, t, 0.25 + 0.5 * t, &mut n);
        t += 1.0 / 22.0;
    }
    stroke(&mut buf, 0.95, 0.9, &mut n);
    stroke(&mut buf, 1.15, 0.9, &mut n);
    call(
        &mut buf,
        1.4,
        &[
            (G4, 0.18),
            (C5, 0.18),
            (E5, 0.18),
            (G5, 0.45),
            (E5, 0.18),
            (G5, 0.6),
        ],
    );
    finish(buf, 0.8)
}

/// Reinforcements: a marching drum's cadence and the bugle's "forward".
fn reinforcements() -> Vec<f32> {
    let mut n = Noise::new(103);
    let mut buf = silence(2.8);
    for (k, t) in [0.0, 0.3, 0.6, 0.75, 0.9, 1.2, 1.5, 1.65]
        .iter()
        .enumerate()
    {
        stroke(&mut buf, *t, if k % 4 == 0 { 0.9 } else { 0.55 }, &mut n);
    }
    call(
        &mut buf,
        1.8,
        &[(C5, 0.14), (C5, 0.14), (E5, 0.14), (G5, 0.5)],
    );
    finish(buf, 0.7)
}

/// A soft click of a button.
fn click() -> Vec<f32> {
    let mut buf = silence(0.04);
    add(&mut buf, 0.0, 0.04, |t| {
        ((TAU * 2400.0 * t).sin() + 0.5 * (TAU * 1200.0 * t).sin())
            * (-t / 0.005).exp()
            * (t / 0.0005).min(1.0)
    });
    finish(buf, 0.25)
}

/// How many takes a cue has: a volley or a gun heard twice in a row is not the same take.
pub fn takes(cue: Cue) -> u32 {
    match cue {
        Cue::Volley(_) | Cue::Cannon | Cue::Canister => 3,
        _ => 1,
    }
}

/// The samples of `cue`'s take `take` (mono, at `RATE`).
pub fn render(cue: Cue, take: u32) -> Vec<f32> {
    let take = take % takes(cue);
    match cue {
        Cue::Volley(size) => volley(size, take),
        Cue::Cannon => cannon(false, take),
        Cue::Canister => cannon(true, take),
        Cue::Melee => melee(),
        Cue::Rout => rout(),
        Cue::GunsTaken => cheer(),
        Cue::NewTurn => new_turn(),
        Cue::Reinforcements => reinforcements(),
        Cue::Click => click(),
    }
}
