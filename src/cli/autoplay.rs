//! `bayonet autoplay FILE --seed N`: the computer against itself (or against a side that only
//! holds its ground, `--hold SIDE`), the whole scenario, headless; a line per side turn and the
//! victory result.

use super::CliError;
use serde_json::{Value, json};

use super::args::Autoplay;
use crate::rules::event::Event;
use crate::rules::game::Game;
use crate::rules::order::Order;
use crate::rules::scenario::{self, Scenario};
use crate::rules::victory::VictoryReport;
use crate::sim::Brain;

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
) -> (Vec<Value>, VictoryReport, crate::save::SaveGame) {
    let mut game = Game::new(s.clone(), seed).replaying();
    let mut lines = Vec::new();
    let mut melee_count = 0;
    for e in play(&mut game, brains) {
        match e {
            Event::MeleeResolved(_) => melee_count += 1,
            Event::TurnBegan(t) => lines.push((t.turn, t.side, t.clock)),
            _ => {}
        }
    }
    let saved = crate::save::save_of(&game);
    let result = crate::rules::victory::report(&game.start, &game.board);
    let summary = lines
        .into_iter()
        .map(|(turn, side, clock)| json!({"turn": turn, "side": s.side_name(side), "clock": clock}))
        .chain(std::iter::once(json!({"melees": melee_count})))
        .collect();
    (summary, result, saved)
}

/// The computer plays `game` to its end against itself, as it does in the window: a plan at
/// the start of each side turn (or phase), its orders given one by one, an order the turn's
/// events have made impossible (its unit routed or gone) passed over. Returns every event.
pub fn play(game: &mut Game, brains: [Brain; 2]) -> Vec<Event> {
    play_side_turns(game, brains, usize::MAX)
}

/// `play`, for at most `side_turns` side turns.
pub fn play_side_turns(game: &mut Game, brains: [Brain; 2], side_turns: usize) -> Vec<Event> {
    let mut events = Vec::new();
    let mut ended = 0;
    let mut orders = std::collections::VecDeque::new();
    let mut planned_for = None;
    // A side turn takes at most a few hundred orders; this bounds a runaway game.
    for _ in 0..200_000 {
        let b = &game.board;
        if b.over || ended >= side_turns {
            break;
        }
        let side = b.ordering_side();
        let key = (b.turn, side.0, b.phase as u8);
        if planned_for != Some(key) {
            orders = crate::sim::ai_player::plan(brains[side.0 as usize & 1], b).into();
            planned_for = Some(key);
        }
        let Some(o) = orders.pop_front() else {
            // A plan that does not end its turn: nothing more will happen.
            break;
        };
        let keep = match crate::rules::order::check(&game.board, &o) {
            Ok(()) => true,
            Err(_) => matches!(o, Order::EndTurn | Order::EndPhase),
        };
        if keep && let Ok(c) = game.give(&o) {
            ended += c
                .events
                .iter()
                .filter(|e| matches!(e, Event::TurnBegan(_) | Event::GameEnded(_)))
                .count();
            events.extend(c.events);
        }
    }
    events
}

pub fn run(args: &Autoplay) -> Result<i32, CliError> {
    let mut s = scenario::load_file(&args.file)?;
    args.rules.adjust(&mut s)?;
    let computer = args
        .opponent
        .parse::<crate::sim::Opponent>()
        .map_err(|e| CliError::Option(format!("--opponent: {e}")))?
        .brain();
    let mut brains = [computer, computer];
    if let Some(h) = &args.hold {
        let i = s
            .sides
            .iter()
            .position(|x| x.name.eq_ignore_ascii_case(h))
            .or_else(|| h.parse().ok())
            .filter(|i| *i < 2);
        let i = i.ok_or_else(|| {
            CliError::Option(format!("--hold: no side `{h}` (give its name or 0/1)"))
        })?;
        brains[i] = Brain::Hold;
    }
    let (turns, result, saved) = autoplay_saved(&s, args.seed, brains);
    if let Some(out) = &args.save {
        super::saves::write(out, &saved)?;
    }
    if args.json {
        // What took the men (issue 58): the after-action report's reading of the game.
        let aar = crate::after_action::of_save(&saved)?;
        println!(
            "{}",
            json!({"turns": turns, "victory": result, "causes": aar.causes, "men_lost": aar.totals(), "men": men_of(&aar), "held": held_at_the_end(&saved), "side_turns": aar.turns.len()})
        );
    } else {
        for t in &turns {
            println!("{t}");
        }
        // Every figure says what it is: points, not men (issue 76: "losses [361.0, 391.0]").
        let [a, b] = [
            s.side_name(crate::rules::unit::Side(0)),
            s.side_name(crate::rules::unit::Side(1)),
        ];
        println!(
            "{}: {} ({:+.0} points: objectives held {a} {} and {b} {} points; losses {a} {:.0} \
             and {b} {:.0} points)",
            s.side_name(s.first_side),
            result.level,
            result.total,
            result.objectives[0],
            result.objectives[1],
            result.losses[0],
            result.losses[1]
        );
    }
    Ok(0)
}

/// Each side's men (infantry and cavalry) over the game, those who came later included: what
/// its losses are a share of.
fn men_of(aar: &crate::after_action::AfterAction) -> [u32; 2] {
    let mut men = [0, 0];
    for u in &aar.units {
        if matches!(
            u.kind,
            crate::rules::unit::UnitKind::Infantry | crate::rules::unit::UnitKind::Cavalry
        ) {
            men[u.side.0 as usize & 1] += u.men_start;
        }
    }
    men
}

/// Each objective's name and the side holding it at the end (none: nobody).
fn held_at_the_end(saved: &crate::save::SaveGame) -> Vec<(String, Option<u8>)> {
    saved
        .snapshot
        .board
        .map
        .objectives
        .iter()
        .map(|o| (o.name.clone(), o.owner.map(|s| s.0)))
        .collect()
}
