//! `bayonet sight`: the line of sight between two hexes as the rule finds it (§7 D-los-7: the
//! hex that blocks, its ground or its cover, and by how many feet), or with `--approach` the
//! share of the attacker's approach the defenders see from their starting hexes.

use serde_json::{Value, json};

use super::CliError;
use super::args::SightArgs;
use super::melee::coord_json;
use crate::rules::approach::approach_seen;
use crate::rules::scenario::{self, Scenario};
use crate::rules::sight::{Screen, blocked_by, look, words};

pub fn run(args: &SightArgs) -> Result<i32, CliError> {
    let s = scenario::load_file(&args.file)?;
    let mut board = s.board();
    board.night = args.night;
    if args.approach {
        let a = approach_seen(&board);
        let out = json!({
            "attacker": s.side_name(a.attacker),
            "approach_hexes": a.approach,
            "seen_hexes": a.seen,
            "share": a.share(),
        });
        if args.json {
            println!("{out}");
        } else {
            println!(
                "sight: the defenders see {} of the {} hexes of the {} approach ({:.0} %)",
                a.seen,
                a.approach,
                s.side_name(a.attacker),
                100.0 * a.share()
            );
        }
        return Ok(0);
    }
    let (Some(from), Some(to)) = (args.from, args.to) else {
        return Err(CliError::Game(
            "give two hexes, FROM and TO (as 3,4 5,6)".into(),
        ));
    };
    let hex = |c: crate::rules::map::Coord, what: &str| {
        if c.col < 0 || c.row < 0 || c.col >= s.map.width as i32 || c.row >= s.map.height as i32 {
            Err(CliError::Game(format!(
                "{what} hex {},{} is off the map ({} columns, {} rows, counted from 0)",
                c.col, c.row, s.map.width, s.map.height
            )))
        } else {
            Ok(s.map.hex_at(c))
        }
    };
    let (a, b) = (hex(from, "the FROM")?, hex(to, "the TO")?);
    let sight = look(&board, a, b);
    if args.json {
        println!("{}", sight_json(&s, &board, &sight));
    } else {
        println!("sight: {}", words(&board, &sight));
    }
    Ok(0)
}

fn sight_json(
    s: &Scenario,
    board: &crate::rules::board::Board,
    sight: &crate::rules::sight::Sight,
) -> Value {
    let ground = |h| board.map.ground_ft(h);
    json!({
        "from": coord_json(s, sight.from),
        "to": coord_json(s, sight.to),
        "range": sight.range,
        "clear": sight.clear,
        "night": sight.night,
        "from_ground_ft": ground(sight.from),
        "to_ground_ft": ground(sight.to),
        "blocking": sight.blocking.map(|h| coord_json(s, h)),
        "blocking_ground_ft": sight.blocking.map(ground),
        "screen": match sight.screen {
            None => Value::Null,
            Some(Screen::Ground) => json!("ground"),
            Some(Screen::Cover(t)) => json!(t.name()),
        },
        "above_line_ft": sight.blocking.map(|_| sight.above_ft),
        "why": blocked_by(board, sight),
    })
}
