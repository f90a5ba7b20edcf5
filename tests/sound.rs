//! Issue 63, item 1: the battle heard. The sounds made by code (each cue a sound of its own,
//! volleys growing with the men firing, the bugle on its notes), the mixer (placing, delay,
//! voices, the device's rate), and in the window: a fire, a melee, a rout, a new turn and
//! reinforcements each ask for their sound through the audio's own message (`Sound`), placed
//! against the view; mute silences them, and the volume and mute are kept in the settings.

use std::sync::Arc;

use bayonet::client::sound::cue::{self, Cue, Size};
use bayonet::client::sound::mixer::{self, Mixer};
use bayonet::client::sound::output::{self, Bank};
use bayonet::client::sound::synth::{self, RATE};
use bayonet::client::sound::{Heard, Sound};
use bayonet::client::theme::settings::{Settings, SettingsFile};
use bayonet::rules::order::{At, Order};
use bayonet::rules::unit::UnitId;
use bayonet::sim::{GiveOrder, Happened, Table};
use bevy::input::ButtonState;
use bevy::prelude::*;

use crate::rig::{Rig, field};

fn peak(s: &[f32]) -> f32 {
    s.iter().fold(0.0f32, |m, x| m.max(x.abs()))
}

fn energy(s: &[f32]) -> f32 {
    s.iter().map(|x| x * x).sum::<f32>()
}

/// The strength of `freq` in `s` (Goertzel), per sample.
fn tone(s: &[f32], freq: f32) -> f32 {
    let w = std::f32::consts::TAU * freq / RATE as f32;
    let c = 2.0 * w.cos();
    let (mut a, mut b) = (0.0f32, 0.0f32);
    for x in s {
        let n = x + c * a - b;
        b = a;
        a = n;
    }
    (a * a + b * b - c * a * b).sqrt() / s.len() as f32
}

/// The energy above ~3 kHz (a first difference): hiss, rattle, the crack of a shot.
fn bright(s: &[f32]) -> f32 {
    s.windows(2).map(|w| (w[1] - w[0]).powi(2)).sum()
}

const ALL: [Cue; 11] = [
    Cue::Volley(Size::Small),
    Cue::Volley(Size::Medium),
    Cue::Volley(Size::Large),
    Cue::Cannon,
    Cue::Canister,
    Cue::Melee,
    Cue::Rout,
    Cue::GunsTaken,
    Cue::NewTurn,
    Cue::Reinforcements,
    Cue::Click,
];

#[test]
fn every_sound_is_made_by_code_the_same_each_time_and_never_clips() {
    for c in ALL {
        let a = synth::render(c, 0);
        assert!(!a.is_empty(), "{c:?}");
        let p = peak(&a);
        assert!(p > 0.2 && p <= 1.0, "{c:?}: peak {p}");
        assert!(a.iter().all(|x| x.is_finite()), "{c:?}");
        // It ends in silence, not a click.
        assert!(
            a.last().unwrap().abs() < 1e-3,
            "{c:?} ends at {}",
            a.last().unwrap()
        );
        assert_eq!(a, synth::render(c, 0), "{c:?} differs between two renders");
    }
    // No two cues are the same sound.
    for (i, a) in ALL.iter().enumerate() {
        for b in &ALL[i + 1..] {
            assert_ne!(synth::render(*a, 0), synth::render(*b, 0), "{a:?} = {b:?}");
        }
    }
    // A volley or a gun has takes of its own; a bugle call is one.
    assert_ne!(synth::render(Cue::Cannon, 0), synth::render(Cue::Cannon, 1));
    assert_eq!(synth::takes(Cue::NewTurn), 1);
}

#[test]
fn a_volley_is_longer_and_louder_as_more_men_fire() {
    let [s, m, l] =
        [Size::Small, Size::Medium, Size::Large].map(|z| synth::render(Cue::Volley(z), 0));
    assert!(s.len() < m.len() && m.len() < l.len());
    assert!(energy(&s) < energy(&m) && energy(&m) < energy(&l));
    assert!(peak(&s) < peak(&l));
    // Short clicks are short; the new turn's drums and bugle take seconds.
    assert!(synth::render(Cue::Click, 0).len() < RATE as usize / 10);
    assert!(synth::render(Cue::NewTurn, 0).len() > 2 * RATE as usize);
}

#[test]
fn canister_rattles_after_the_boom_and_a_cannon_does_not() {
    let (c, k) = (
        synth::render(Cue::Cannon, 0),
        synth::render(Cue::Canister, 0),
    );
    let after = |s: &[f32]| bright(&s[RATE as usize / 10..RATE as usize / 2]);
    assert!(
        after(&k) > 3.0 * after(&c),
        "canister {} cannon {}",
        after(&k),
        after(&c)
    );
}

#[test]
fn the_new_turns_bugle_sounds_its_notes_g_c_e_g() {
    let s = synth::render(Cue::NewTurn, 0);
    // The call starts 1.4 s in, a note each 0.18 s: G4, C5, E5, then G5 held.
    let note = |k: usize| {
        let from = ((1.4 + 0.18 * k as f32 + 0.04) * RATE as f32) as usize;
        &s[from..from + (0.1 * RATE as f32) as usize]
    };
    for (k, f) in [(0, 392.0), (1, 523.25), (2, 659.25), (3, 784.0)] {
        let on = tone(note(k), f);
        for other in [392.0, 523.25, 659.25, 784.0] {
            if other != f {
                assert!(
                    on > 2.0 * tone(note(k), other),
                    "note {k}: {f} Hz {on} against {other} Hz {}",
                    tone(note(k), other)
                );
            }
        }
    }
    // The drum roll before it has no bugle in it.
    let roll = &s[RATE as usize / 10..RATE as usize * 8 / 10];
    assert!(tone(roll, 392.0) < tone(note(0), 392.0) / 4.0);
}

#[test]
fn the_cue_of_a_fire_follows_the_men_the_guns_and_the_range() {
    assert_eq!(
        cue::fire(cue::SMALL_BELOW - 1, 0, 3),
        Cue::Volley(Size::Small)
    );
    assert_eq!(cue::fire(cue::SMALL_BELOW, 0, 3), Cue::Volley(Size::Medium));
    assert_eq!(
        cue::fire(cue::MEDIUM_BELOW - 1, 0, 1),
        Cue::Volley(Size::Medium)
    );
    assert_eq!(cue::fire(cue::MEDIUM_BELOW, 0, 1), Cue::Volley(Size::Large));
    assert_eq!(cue::fire(0, 4, cue::CANISTER_RANGE), Cue::Canister);
    assert_eq!(cue::fire(0, 4, cue::CANISTER_RANGE + 1), Cue::Cannon);
}

#[test]
fn a_sound_is_loudest_at_the_views_centre_and_placed_to_its_side() {
    let half = (400.0, 300.0);
    let centre = cue::placed((0.0, 0.0), (0.0, 0.0), half);
    assert_eq!((centre.gain, centre.pan), (1.0, 0.0));
    let edge = cue::placed((400.0, 0.0), (0.0, 0.0), half);
    assert!((edge.gain - 0.5).abs() < 1e-6 && edge.pan > 0.7, "{edge:?}");
    let left = cue::placed((-200.0, 0.0), (0.0, 0.0), half);
    assert!(left.pan < 0.0 && left.gain > edge.gain, "{left:?}");
    let far = cue::placed((0.0, 9000.0), (0.0, 0.0), half);
    assert_eq!(far.gain, cue::FAR_GAIN);
    assert!(cue::placed((4000.0, 0.0), (0.0, 0.0), half).pan <= 0.8);
}

#[test]
fn the_mixer_waits_places_ends_and_gives_way() {
    let mut m = Mixer::new(100);
    let one: Arc<[f32]> = vec![0.5; 10].into();
    // 0.05 s at 100 a second: five frames of silence first.
    m.start(one.clone(), 1.0, 0.0, 0.05);
    let mut out = vec![0.0; 40];
    m.fill(&mut out);
    assert!(out[..10].iter().all(|x| *x == 0.0));
    let centre = 0.5 * std::f32::consts::FRAC_1_SQRT_2;
    assert!((out[10] - centre).abs() < 1e-6 && (out[11] - centre).abs() < 1e-6);
    m.fill(&mut out);
    m.fill(&mut out);
    assert_eq!(m.playing(), 0, "ended");
    // Hard left: nothing on the right.
    m.start(one.clone(), 1.0, -1.0, 0.0);
    m.fill(&mut out);
    assert!(out[0] > 0.49 && out[1].abs() < 1e-6);
    // The oldest voice gives way.
    for _ in 0..mixer::VOICES + 5 {
        m.start(one.clone(), 1.0, 0.0, 1.0);
    }
    assert_eq!(m.playing(), mixer::VOICES);
    m.hush();
    assert_eq!(m.playing(), 0);
    // A device at twice the sounds' rate plays each for twice as many frames (same pitch).
    let mut fast = Mixer::new(100);
    fast.set_rate(200);
    fast.start(one, 1.0, 0.0, 0.0);
    let mut out = vec![0.0; 2 * 15];
    fast.fill(&mut out);
    assert_eq!(fast.playing(), 1, "still playing after 15 of its 20 frames");
    assert_eq!(mixer::soft_clip(0.5), 0.5);
    assert!(mixer::soft_clip(0.9) < 0.9 && mixer::soft_clip(0.9) > 0.8);
    assert!(mixer::soft_clip(3.0) <= 1.0 && mixer::soft_clip(-3.0) >= -1.0);
}

#[test]
fn the_bank_renders_each_take_once_and_takes_turns() {
    let mut b = Bank::default();
    let (t0, a) = b.take(Cue::Cannon);
    let (t1, _) = b.take(Cue::Cannon);
    let (t2, _) = b.take(Cue::Cannon);
    let (t3, d) = b.take(Cue::Cannon);
    assert_eq!((t0, t1, t2, t3), (0, 1, 2, 0));
    assert!(Arc::ptr_eq(&a, &d), "take 0 rendered twice");
    assert_eq!(output::volume_gain(100), 1.0);
    assert_eq!(output::volume_gain(0), 0.0);
    assert!((output::volume_gain(50) - 0.25).abs() < 1e-6);
}

/// Every `Sound` asked for, as the test's own reader sees them.
#[derive(Resource, Default)]
struct Asked(Vec<Sound>);

fn listen(mut r: MessageReader<Sound>, mut asked: ResMut<Asked>) {
    asked.0.extend(r.read().copied());
}

fn rig(settings: SettingsFile) -> Rig {
    let mut r = Rig::on(field(), settings);
    r.app.init_resource::<Asked>().add_systems(Last, listen);
    r.frames(2);
    r
}

fn asked(r: &Rig) -> Vec<Cue> {
    r.app
        .world()
        .resource::<Asked>()
        .0
        .iter()
        .map(|s| s.cue)
        .collect()
}

fn heard(r: &Rig) -> Vec<Cue> {
    r.app
        .world()
        .resource::<Heard>()
        .0
        .iter()
        .map(|p| p.cue)
        .collect()
}

fn give(r: &mut Rig, o: Order) {
    r.app.world_mut().write_message(GiveOrder(o));
    r.frames(3);
}

/// A fire of the 450 Union at the 230 Confederates beside it: a large volley, heard at the
/// target, near the view's centre.
#[test]
fn a_fire_asks_for_its_volley_placed_where_it_lands() {
    let mut r = rig(SettingsFile(None));
    give(
        &mut r,
        Order::Fire {
            unit: UnitId(1),
            at: At(5, 4),
        },
    );
    let s = r.app.world().resource::<Asked>().0.clone();
    let target = r
        .app
        .world()
        .resource::<Table>()
        .board
        .map
        .hex_at(bayonet::rules::map::Coord { col: 5, row: 4 });
    assert!(
        s.iter()
            .any(|s| s.cue == Cue::Volley(Size::Large) && s.at == Some(target)),
        "{s:?}"
    );
    let played = r.app.world().resource::<Heard>().0.clone();
    let v = played
        .iter()
        .find(|p| p.cue == Cue::Volley(Size::Large))
        .expect("played");
    let expect = output::volume_gain(Settings::default().volume);
    assert!(v.gain > 0.2 * expect && v.gain <= expect, "{v:?}");
}

#[test]
fn a_melee_and_a_new_turn_ask_for_their_sounds() {
    // The first seed whose melee is fought (the defenders' fire may call it off).
    for seed in 0..40 {
        let mut r = rig(SettingsFile(None));
        r.app.world_mut().resource_mut::<Table>().reseed(seed);
        give(
            &mut r,
            Order::Melee {
                from: vec![At(4, 4)],
                units: Vec::new(),
                at: At(5, 4),
                follow_up: true,
            },
        );
        give(&mut r, Order::Resolve);
        let a = asked(&r);
        if !a.contains(&Cue::Melee) {
            continue;
        }
        assert!(heard(&r).contains(&Cue::Melee));
        assert!(!a.contains(&Cue::NewTurn));
        give(&mut r, Order::EndTurn);
        assert!(asked(&r).contains(&Cue::NewTurn), "{:?}", asked(&r));
        assert!(heard(&r).contains(&Cue::NewTurn));
        return;
    }
    panic!("no seed fought the melee");
}

#[test]
fn a_rout_asks_for_its_sound_where_the_men_broke() {
    let mut r = rig(SettingsFile(None));
    let from = r
        .app
        .world()
        .resource::<Table>()
        .board
        .unit(UnitId(2))
        .unwrap()
        .hex;
    let to = r
        .app
        .world()
        .resource::<Table>()
        .board
        .unit(UnitId(4))
        .unwrap()
        .hex;
    r.app
        .world_mut()
        .write_message(Happened(bayonet::rules::event::Event::PhaseMoraleChecked(
            bayonet::rules::event::PhaseMoraleChecked {
                checks: Vec::new(),
                routs: vec![bayonet::rules::morale::RoutMove {
                    unit: UnitId(2),
                    from,
                    to,
                }],
            },
        )));
    r.frames(3);
    let s = r.app.world().resource::<Asked>().0.clone();
    assert!(
        s.iter().any(|s| s.cue == Cue::Rout && s.at == Some(from)),
        "{s:?}"
    );
    assert!(heard(&r).contains(&Cue::Rout));
}

fn settings_file(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("bayonet-sound-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("settings.ron")
}

fn ctrl_m(r: &mut Rig) {
    r.key(KeyCode::ControlLeft, ButtonState::Pressed);
    r.frames(1);
    r.tap_key(KeyCode::KeyM);
    r.key(KeyCode::ControlLeft, ButtonState::Released);
    r.frames(1);
}

/// Muted (Ctrl+M), the same fire is asked for and not played; the mute is kept in the settings
/// file and a fresh window starts muted; Ctrl+M again plays it. A volume of 0 is silence too.
#[test]
fn mute_silences_every_sound_and_is_kept_in_the_settings() {
    let file = settings_file("mute");
    let mut r = rig(SettingsFile(Some(file.clone())));
    assert!(!r.app.world().resource::<Settings>().muted);
    ctrl_m(&mut r);
    assert!(r.app.world().resource::<Settings>().muted);
    // M alone is the brigade move, not the mute.
    r.tap_key(KeyCode::KeyM);
    assert!(r.app.world().resource::<Settings>().muted);
    let kept = std::fs::read_to_string(&file).expect("settings written");
    assert!(kept.contains("muted: true"), "{kept}");

    let mut again = rig(SettingsFile(Some(file.clone())));
    assert!(again.app.world().resource::<Settings>().muted, "kept");
    give(
        &mut again,
        Order::Fire {
            unit: UnitId(1),
            at: At(5, 4),
        },
    );
    give(&mut again, Order::EndTurn);
    assert!(asked(&again).contains(&Cue::Volley(Size::Large)));
    assert!(asked(&again).contains(&Cue::NewTurn));
    assert!(heard(&again).is_empty(), "muted: {:?}", heard(&again));

    ctrl_m(&mut again);
    assert!(!again.app.world().resource::<Settings>().muted);
    give(&mut again, Order::EndTurn);
    assert_eq!(heard(&again), vec![Cue::NewTurn]);

    // The volume is a setting kept the same way; at 0 nothing plays.
    again.app.world_mut().resource_mut::<Settings>().volume = 0;
    again.frames(1);
    give(&mut again, Order::EndTurn);
    assert_eq!(heard(&again), vec![Cue::NewTurn], "volume 0 still played");
    let kept = std::fs::read_to_string(&file).unwrap();
    assert!(kept.contains("volume: 0"), "{kept}");
    let _ = std::fs::remove_dir_all(file.parent().unwrap());
}

/// A window-less game has no device: its sounds go nowhere and nothing is rendered for them.
#[test]
fn tests_are_silent() {
    let r = rig(SettingsFile(None));
    let out = r.app.world().resource::<output::Output>();
    assert_eq!(out.device, output::Device::Silent);
}

/// Reinforcements entering are heard where they enter, after the turn's drums and bugle.
#[test]
fn reinforcements_are_heard_where_they_enter_after_the_turns_call() {
    let mut r = rig(SettingsFile(None));
    let hex = r
        .app
        .world()
        .resource::<Table>()
        .board
        .unit(UnitId(3))
        .unwrap()
        .hex;
    let start = bayonet::rules::turn::TurnStart {
        arrived: vec![(UnitId(3), hex)],
        ..Default::default()
    };
    r.app
        .world_mut()
        .write_message(Happened(bayonet::rules::event::Event::TurnBegan(
            bayonet::rules::event::TurnBegan {
                turn: 2,
                side: bayonet::rules::unit::Side(0),
                clock: "10:20".into(),
                start,
            },
        )));
    r.frames(2);
    let s = r.app.world().resource::<Asked>().0.clone();
    let call = s
        .iter()
        .find(|s| s.cue == Cue::NewTurn)
        .expect("the turn's call");
    let come = s
        .iter()
        .find(|s| s.cue == Cue::Reinforcements)
        .expect("the arrivals");
    assert_eq!((call.at, call.delay), (None, 0.0));
    assert_eq!(come.at, Some(hex));
    assert!(come.delay > 2.0, "{come:?}");
}
