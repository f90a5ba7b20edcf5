//! `bayonet autoplay FILE --seed N`: the computer against itself (or against a side that only
//! holds its ground, `--hold SIDE`), the whole scenario, headless; a line per side turn and the
//! victory result.

use bevy::ecs::message::MessageCursor;
use bevy::prelude::*;
use serde_json::{Value, json};

use super::args::Autoplay;
use crate::rules::scenario::{self, Scenario};
use crate::rules::victory::VictoryReport;
use crate::sim::{self, Battle, Brain, Game, MeleeResolved, Players, TurnBegan};

/// Plays a whole game; returns the per-turn lines and the result.
pub fn autoplay(
    s: &Scenario,
    seed: Option<u64>,
    brains: [Brain; 2],
) -> (Vec<Value>, VictoryReport) {
    let (lines, result, _) = autoplay_saved(s, seed, brains);
    (lines, result)
}

/// `autoplay`, and the finished game as a save.
pub fn autoplay_saved(
    s: &Scenario,
    seed: Option<u64>,
    brains: [Brain; 2],
) -> (Vec<Value>, VictoryReport, crate::sim::save::SaveGame) {
    let mut app = sim::headless_app(s.clone(), seed);
    app.insert_resource(Players([Some(brains[0]), Some(brains[1])]));
    let mut began = MessageCursor::<TurnBegan>::default();
    let mut melees = MessageCursor::<MeleeResolved>::default();
    let mut lines = Vec::new();
    let mut melee_count = 0;
    // A side turn takes at most a few hundred orders; this bounds a runaway game.
    for _ in 0..200_000 {
        app.update();
        let world = app.world();
        melee_count += melees
            .read(world.resource::<Messages<MeleeResolved>>())
            .count();
        for t in began.read(world.resource::<Messages<TurnBegan>>()) {
            lines.push((t.turn, t.side, t.clock.clone()));
        }
        if world.resource::<Game>().over {
            break;
        }
    }
    let saved = crate::sim::save::save(app.world_mut());
    let world = app.world();
    let result = world
        .resource::<Battle>()
        .victory(&world.resource::<Game>().0);
    let summary = lines
        .into_iter()
        .map(|(turn, side, clock)| json!({"turn": turn, "side": s.side_name(side), "clock": clock}))
        .chain(std::iter::once(json!({"melees": melee_count})))
        .collect();
    (summary, result, saved)
}

pub fn run(args: &Autoplay) -> Result<i32, String> {
    let mut s = scenario::load_file(&args.file).map_err(|e| e.to_string())?;
    args.rules.adjust(&mut s)?;
    let computer = args
        .opponent
        .parse::<crate::sim::Opponent>()
        .map_err(|e| format!("--opponent: {e}"))?
        .brain();
    let mut brains = [computer, computer];
    if let Some(h) = &args.hold {
        let i = s
            .sides
            .iter()
            .position(|x| x.name.eq_ignore_ascii_case(h))
            .or_else(|| h.parse().ok())
            .filter(|i| *i < 2);
        let i = i.ok_or_else(|| format!("--hold: no side `{h}` (give its name or 0/1)"))?;
        brains[i] = Brain::Hold;
    }
    let (turns, result, saved) = autoplay_saved(&s, args.seed, brains);
    if let Some(out) = &args.save {
        super::saves::write(out, &saved)?;
    }
    if args.json {
        println!("{}", json!({"turns": turns, "victory": result}));
    } else {
        for t in &turns {
            println!("{t}");
        }
        println!(
            "{}: {} ({:+.0} points: objectives {:?}, losses {:?})",
            s.side_name(s.first_side),
            result.level,
            result.total,
            result.objectives,
            result.losses
        );
    }
    Ok(0)
}
