//! Windows' and macOS's sound: the system's usual audio (WASAPI, Core Audio) through cpal,
//! which needs nothing installed to build there. The device's own thread fills from the mixer
//! at the device's own rate and channels.

use std::sync::{Arc, Mutex};

use cpal::traits::{DeviceTrait, HostTrait, StreamTrait};

use super::mixer::Mixer;

/// Starts the default output device playing `mixer`; `false` (and a line in the log) when
/// there is none. The stream lives on a parked thread of its own (it may not cross threads).
pub fn start(mixer: Arc<Mutex<Mixer>>) -> bool {
    super::own_thread::start(
        move || open(mixer),
        |stream| loop {
            std::thread::park();
            let _ = &stream;
        },
    )
}

fn open(mixer: Arc<Mutex<Mixer>>) -> Result<cpal::Stream, String> {
    let device = cpal::default_host()
        .default_output_device()
        .ok_or("no sound device")?;
    let supported = device.default_output_config().map_err(|e| e.to_string())?;
    let config = supported.config();
    if let Ok(mut m) = mixer.lock() {
        m.set_rate(config.sample_rate);
    }
    let channels = (config.channels as usize).max(1);
    let stream = match supported.sample_format() {
        cpal::SampleFormat::F32 => build::<f32>(&device, config, channels, mixer, |s| s),
        cpal::SampleFormat::I16 => build::<i16>(&device, config, channels, mixer, |s| {
            (s.clamp(-1.0, 1.0) * i16::MAX as f32) as i16
        }),
        other => return Err(format!("the sound device wants {other} samples")),
    }?;
    stream.play().map_err(|e| e.to_string())?;
    Ok(stream)
}

/// A stream of `T` samples over `channels` (the mixer's left and right on the first two; one
/// channel hears their mean).
fn build<T: cpal::SizedSample + Send + 'static>(
    device: &cpal::Device,
    config: cpal::StreamConfig,
    channels: usize,
    mixer: Arc<Mutex<Mixer>>,
    convert: fn(f32) -> T,
) -> Result<cpal::Stream, String> {
    let mut stereo: Vec<f32> = Vec::new();
    device
        .build_output_stream(
            config,
            move |out: &mut [T], _: &cpal::OutputCallbackInfo| {
                let frames = out.len() / channels;
                stereo.resize(frames * 2, 0.0);
                match mixer.lock() {
                    Ok(mut m) => m.fill(&mut stereo),
                    Err(_) => stereo.fill(0.0),
                }
                for (frame, lr) in out.chunks_exact_mut(channels).zip(stereo.chunks_exact(2)) {
                    for (c, s) in frame.iter_mut().enumerate() {
                        *s = convert(match (channels, c) {
                            (1, _) => (lr[0] + lr[1]) * 0.5,
                            (_, 0) => lr[0],
                            (_, 1) => lr[1],
                            _ => 0.0,
                        });
                    }
                }
            },
            |e| bevy::log::warn!("sound: {e}"),
            None,
        )
        .map_err(|e| e.to_string())
}
