//! Replays: a jump anywhere in a whole game of Brandy Station (the largest map) rebuilds the
//! state from the timeline's nearest snapshot; target < 100 ms a jump (issue 31, item 3). Also
//! what building the timeline takes (once, when watching begins).

use std::time::Instant;

use bayonet::cli::autoplay::autoplay_saved;
use bayonet::rules::scenario::load_file;
use bayonet::save::timeline::Timeline;
use bayonet::sim::Brain;

fn main() {
    let s = load_file(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/maps/brandy_station.ron"
    ))
    .unwrap();
    let (_, _, saved) = autoplay_saved(&s, Some(3), [Brain::Computer, Brain::Computer]);
    if std::env::var("BAYONET_BENCH_DETAIL").is_ok() {
        // Where the time of a replay goes, order kind by order kind.
        let runs: usize = std::env::var("BAYONET_BENCH_DETAIL")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(1);
        for _ in 1..runs {
            let mut g = bayonet::rules::game::Game::new(s.clone(), Some(saved.seed)).replaying();
            for o in &saved.orders {
                let _ = g.give(o);
            }
        }
        let mut g = bayonet::rules::game::Game::new(s.clone(), Some(saved.seed)).replaying();
        let mut per: std::collections::BTreeMap<String, (f64, usize)> = Default::default();
        for o in &saved.orders {
            let kind = format!("{o:?}");
            let kind = kind
                .split(|c: char| !c.is_alphanumeric())
                .next()
                .unwrap_or("");
            let t = Instant::now();
            let _ = g.give(o);
            let e = per.entry(kind.to_string()).or_default();
            e.0 += t.elapsed().as_secs_f64() * 1e3;
            e.1 += 1;
        }
        for (kind, (ms, n)) in per {
            println!("  {kind}: {n} orders, {ms:.0} ms");
        }
    }
    let t0 = Instant::now();
    let t = Timeline::of_save(&saved).unwrap();
    let build = t0.elapsed();
    println!(
        "Brandy Station: {} orders, {} side turns, {} snapshots; timeline built in {:.0} ms",
        t.len(),
        t.turns.len(),
        t.snapshots(),
        build.as_secs_f64() * 1e3
    );
    let mut worst: f64 = 0.0;
    let mut sum = 0.0;
    let mut n = 0;
    // To each side turn's start, and to the order just before the next (the farthest from a
    // snapshot), each twice.
    let mut targets: Vec<usize> = t.turns.iter().map(|m| m.order).collect();
    targets.extend(t.turns.iter().skip(1).map(|m| m.order - 1));
    for _ in 0..2 {
        for &k in &targets {
            let start = Instant::now();
            std::hint::black_box(t.state_at(k));
            let ms = start.elapsed().as_secs_f64() * 1e3;
            worst = worst.max(ms);
            sum += ms;
            n += 1;
        }
    }
    let mean = sum / n as f64;
    let verdict = if worst < 100.0 { "within" } else { "OVER" };
    println!(
        "jump to an order ({n} jumps): mean {mean:.1} ms, slowest {worst:.1} ms ({verdict} the 100 ms target)"
    );
}
