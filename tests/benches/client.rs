//! Client benchmark at scale: a generated 200×200 scenario with 2,000 units — how long it takes
//! to load (target < 2 s), and what the client's own systems cost a frame without the GPU
//! renderer: input, selection and movement range, counters, panels (target < 4 ms).

#[path = "../support/headless.rs"]
mod headless;

use std::hint::black_box;
use std::time::{Duration, Instant};

use bayonet::rules::scenario::parse;
use bevy::input::mouse::MouseButtonInput;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

/// A scenario text of 200×200 hexes and 2,000 units.
fn big_scenario() -> String {
    let (w, h) = (200, 200);
    let letters = ['.', 'f', 'F', 'o', '.', 'T'];
    let rows: Vec<String> = (0..h)
        .map(|r| {
            format!(
                "\"{}\"",
                (0..w)
                    .map(|c| letters[(c * 7 + r * 13) % 6])
                    .collect::<String>()
            )
        })
        .collect();
    let mut units = Vec::new();
    let mut id = 1;
    for r in (0..h).step_by(4) {
        for c in (0..w).step_by(5) {
            if id > 2000 {
                break;
            }
            let side = if c < 100 { 0 } else { 1 };
            units.push(format!(
                "(id: {id}, name: \"Regiment {id}\", side: {side}, brigade: \"B{side}\", kind: Infantry, at: ({c}, {r}), facing: N, men: 300, quality: C)"
            ));
            id += 1;
        }
    }
    format!(
        "(name: \"Big\", map: (width: {w}, height: {h}, terrain: [{}]),
          sides: [(name: \"Blue\", color: (0.2, 0.3, 0.7), edge: West), (name: \"Grey\", color: (0.5, 0.5, 0.5), edge: East)],
          first_side: 0, turns: 10, start_time: \"10:00\",
          victory: (major_defeat: -10, minor_defeat: -5, minor_victory: 5, major_victory: 10),
          brigades: [(id: \"B0\", name: \"Blue\", side: 0), (id: \"B1\", name: \"Grey\", side: 1)],
          units: [{}])",
        rows.join(", "),
        units.join(", ")
    )
}

/// The pointer sweeps the map and clicks now and then (hover, selection, movement range) for
/// 200 frames; the mean time of a frame.
fn sweep(app: &mut App) -> Duration {
    let window = app
        .world_mut()
        .query_filtered::<Entity, With<PrimaryWindow>>()
        .single(app.world())
        .unwrap();
    let frames = 200;
    let start = Instant::now();
    for i in 0..frames {
        let x = 100.0 + (i as f32 * 37.0) % 1000.0;
        let y = 100.0 + (i as f32 * 23.0) % 600.0;
        app.world_mut()
            .get_mut::<Window>(window)
            .unwrap()
            .set_cursor_position(Some(Vec2::new(x, y)));
        if i % 20 == 0 {
            let state = if i % 40 == 0 {
                bevy::input::ButtonState::Pressed
            } else {
                bevy::input::ButtonState::Released
            };
            app.world_mut().write_message(MouseButtonInput {
                button: MouseButton::Left,
                state,
                window,
            });
        }
        app.update();
        black_box(&app);
    }
    start.elapsed() / frames
}

fn report(name: &str, t: Duration, target_ms: f64) {
    let ms = t.as_secs_f64() * 1e3;
    let verdict = if ms < target_ms { "within" } else { "OVER" };
    println!("{name:<52} {ms:>9.3} ms   ({verdict} the {target_ms} ms target)");
}

fn main() {
    let text = big_scenario();
    let start = Instant::now();
    let s = parse("big.ron", &text).expect("the generated scenario is valid");
    report(
        "load a 200×200 scenario with 2,000 units",
        start.elapsed(),
        2000.0,
    );

    let mut app = bayonet::client::windowless_app(s, bayonet::client::headless);
    let start = Instant::now();
    app.update();
    report(
        "first frame (spawning 2,000 counters)",
        start.elapsed(),
        2000.0,
    );
    report(
        "client systems per frame (no renderer)",
        sweep(&mut app),
        4.0,
    );
    for path in ["maps/brandy_station.ron", "maps/railroad_cut.ron"] {
        historical(path);
    }
}

/// A shipped historical scenario: load, the client's frames, the computer's side turns and a
/// whole game of the computer against itself.
fn historical(path: &str) {
    let text = std::fs::read_to_string(path).expect("run from the repository root");
    let start = Instant::now();
    let s = parse(path, &text).expect("a shipped scenario loads");
    println!(
        "\n{path}: {}×{} hexes, {} units",
        s.map.width,
        s.map.height,
        s.units.len() + s.reinforcements.len()
    );
    report("load", start.elapsed(), 2000.0);
    // The editor checks the whole scenario again after every edit (what a stroke of the
    // brush costs): one edit, then the write, parse and checks of `bayonet check`.
    let mut doc = bayonet::editor::Document::from_text(path, &text).unwrap();
    let start = Instant::now();
    let n = 10;
    for i in 0..n {
        let terrain = if i % 2 == 0 {
            bayonet::rules::map::Terrain::Forest
        } else {
            bayonet::rules::map::Terrain::Field
        };
        doc.apply(bayonet::editor::Edit::Terrain {
            at: (10, 10),
            terrain,
        })
        .unwrap();
        black_box(doc.check());
    }
    report(
        "editor: one edit and the full check",
        start.elapsed() / n,
        100.0,
    );
    let mut app = bayonet::client::windowless_app(s.clone(), bayonet::client::headless);
    let start = Instant::now();
    app.update();
    report("first frame", start.elapsed(), 2000.0);
    report(
        "client systems per frame (no renderer)",
        sweep(&mut app),
        4.0,
    );
    // The computer plays both sides to the end; each side turn timed from its start to the
    // next side's (planning and carrying out every order through the simulation).
    use bayonet::sim::{Brain, Players, Table};
    let mut app = headless::headless_app(s, Some(1));
    app.insert_resource(Players([Some(Brain::Computer), Some(Brain::Computer)]));
    let game_start = Instant::now();
    let mut turn_start = Instant::now();
    let mut key = (0, 0);
    let mut turns: Vec<Duration> = Vec::new();
    for _ in 0..400_000 {
        app.update();
        let g = &app.world().resource::<Table>().board;
        let now = (g.turn, g.acting.0);
        if now != key || g.over {
            turns.push(turn_start.elapsed());
            turn_start = Instant::now();
            key = now;
        }
        if g.over {
            break;
        }
    }
    let whole = game_start.elapsed();
    let worst = turns.iter().max().copied().unwrap_or_default();
    let mean = whole / turns.len().max(1) as u32;
    report("computer side turn, mean", mean, 2000.0);
    report("computer side turn, slowest", worst, 2000.0);
    report(
        &format!(
            "whole game, computer both sides ({} side turns)",
            turns.len()
        ),
        whole,
        f64::INFINITY,
    );
}
