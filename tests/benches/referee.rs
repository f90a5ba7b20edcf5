//! What a live game costs the referee server in memory (issue 46): resident memory grown by
//! holding 300 live games of one scenario, per game. `game` holds them as the referee does now
//! (a plain `rules::game::Game` on the shared scenario); `app` as it did before (the scenario
//! read for each game and a headless Bevy app per game). One kind per run, so that one does not
//! reuse the other's freed memory:
//! `cargo bench --profile dev --bench referee -- game maps/brandy_station.ron`.

#[path = "../support/headless.rs"]
mod headless;

fn resident_kb() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let kind = args.first().map_or("game", String::as_str).to_string();
    let file = args
        .get(1)
        .cloned()
        .unwrap_or_else(|| "maps/brandy_station.ron".into());
    let path = format!("{}/{file}", env!("CARGO_MANIFEST_DIR"));
    let source = std::fs::read_to_string(&path).unwrap();
    const N: usize = 300;
    // One game first, so that what every game shares (the scenario read once, the code's own
    // first allocations) is not counted per game.
    let mut held_games = Vec::new();
    let mut held_apps = Vec::new();
    let mut hold = |seed: u64| match kind.as_str() {
        "app" => {
            let s = bayonet::rules::scenario::parse(&file, &source).unwrap();
            held_apps.push(headless::headless_app(s, Some(seed)));
        }
        _ => {
            let s = bayonet::serve::referee::shared_scenario(&file, &source).unwrap();
            held_games.push(bayonet::rules::game::Game::new(s, Some(seed)));
        }
    };
    hold(0);
    let before = resident_kb();
    for seed in 1..=N as u64 {
        hold(seed);
    }
    let after = resident_kb();
    println!(
        "{file}: {kind}: {:.1} kB resident per live game ({N} games: {} → {} kB)",
        (after.saturating_sub(before)) as f64 / N as f64,
        before,
        after
    );
}
