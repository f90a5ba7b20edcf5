//! The computer's side turn: each opponent's plan at the start of every side turn of a whole
//! game of Brandy Station and of the Railroad Cut (the two largest maps), the skilled computer
//! against itself; the mean and the slowest (issue 34, item 5: a side turn within 2 s in the
//! dev build). Then the skilled computer's under Command Control and Leader Casualties (§17),
//! whose placements ask every hex whether it is within a leader's reach.

#[path = "../support/headless.rs"]
mod headless;

use std::time::Instant;

use bayonet::rules::board::Board;
use bayonet::rules::scenario::load_file;
use bayonet::sim::{self, Opponent, Players, Table};

/// The board at the start of every side turn of a game the computer plays against itself.
fn side_turns(file: &str, seed: u64, rules: Option<&str>) -> Vec<Board> {
    let mut s = load_file(&format!("{}/maps/{file}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    if let Some(r) = rules {
        s.params.optional.enable(r).unwrap();
    }
    let mut app = headless::headless_app(s, Some(seed));
    let skilled = Opponent::Skilled.brain();
    app.insert_resource(Players([Some(skilled), Some(skilled)]));
    let mut boards: Vec<Board> = Vec::new();
    let mut last = None;
    for _ in 0..200_000 {
        let b = &app.world().resource::<Table>().board;
        if b.over {
            break;
        }
        let now = (b.turn, b.ordering_side());
        if last != Some(now) {
            boards.push(b.clone());
            last = Some(now);
        }
        app.update();
    }
    boards
}

fn main() {
    const COMMAND: &str = "command_control,leader_casualties";
    for (name, file) in [
        ("Brandy Station", "brandy_station.ron"),
        ("The Railroad Cut", "railroad_cut.ron"),
    ] {
        let boards = side_turns(file, 3, None);
        for o in Opponent::ALL {
            report(name, "", o, &boards);
        }
        let boards = side_turns(file, 3, Some(COMMAND));
        report(
            name,
            " (with command and control)",
            Opponent::Skilled,
            &boards,
        );
    }
}

fn report(name: &str, rules: &str, o: Opponent, boards: &[Board]) {
    let mut times: Vec<f64> = boards
        .iter()
        .map(|b| {
            let t = Instant::now();
            std::hint::black_box(sim::ai_player::plan(o.brain(), b));
            t.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    times.sort_by(f64::total_cmp);
    let mean = times.iter().sum::<f64>() / times.len() as f64;
    println!(
        "{name}{rules}: a side turn planned by the {} computer in {mean:.1} ms on average, {:.1} ms at the slowest ({} side turns)",
        o.words(),
        times.last().unwrap_or(&0.0),
        times.len()
    );
}
