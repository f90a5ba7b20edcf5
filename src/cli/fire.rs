//! `bayonet fire`: one unit's fire at one hex broken down (§7 D-fire-8) with its loss range and
//! the chance of each loss, no dice; what `bayonet odds` is for a melee.

use super::CliError;
use serde_json::{Value, json};

use super::args::FireArgs;
use super::melee::{coord_json, unit_json};
use crate::rules::combat::LossDistribution;
use crate::rules::fire;
use crate::rules::scenario;
use crate::rules::unit::UnitId;

pub fn run(args: &FireArgs) -> Result<i32, CliError> {
    let mut s = scenario::load_file(&args.file)?;
    args.rules.adjust(&mut s)?;
    let mut board = s.board();
    if args.night {
        board.night = true;
    }
    let id = UnitId(args.unit);
    let Some(u) = board.unit(id) else {
        return Err(CliError::Game(format!(
            "unit {} is not on the map at the start of {}",
            args.unit, args.file
        )));
    };
    let (c, r) = (args.at.col, args.at.row);
    if c < 0 || r < 0 || c >= s.map.width as i32 || r >= s.map.height as i32 {
        return Err(CliError::Game(format!(
            "hex {c},{r} is off the map ({} columns, {} rows, counted from 0)",
            s.map.width, s.map.height
        )));
    }
    // Opportunity fire comes in the enemy's turn; any other in the firer's own.
    board.acting = if args.opportunity {
        u.side.enemy()
    } else {
        u.side
    };
    let target = s.map.hex_at(args.at);
    let out = match fire::breakdown(&board, id, target, args.opportunity, 1.0) {
        Err(why) => json!({
            "legal": false,
            "firer": unit_json(&board, &s, id),
            "target": coord_json(&s, target),
            "reason": why.message,
        }),
        Ok(b) => {
            let dist = LossDistribution::of_fire(b.loss_range, b.mean_of_two);
            let chances: Vec<Value> = dist
                .probs
                .iter()
                .enumerate()
                .filter(|(_, p)| **p > 0.0)
                .map(|(i, p)| json!([dist.start + i as u32, p]))
                .collect();
            let cap = board.params.fire.cap;
            json!({
                "legal": true,
                "firer": unit_json(&board, &s, id),
                "target": coord_json(&s, target),
                "opportunity": args.opportunity,
                "range": b.range,
                "weapon": b.weapon,
                "value_at_range": b.per_man,
                "men": b.men,
                "guns": b.guns,
                "base": b.base,
                "factors": b.factors,
                "target_terms": b.modifiers,
                "terms_sum": b.sum,
                "cap": cap,
                "capped": b.capped,
                "terms_applied": b.applied_percent(cap),
                "density": b.density,
                "value": b.value,
                "loss_range": b.loss_range,
                "mean_of_two": b.mean_of_two,
                "expected_loss": dist.mean(),
                "loss_chances": chances,
                "working": b.working(cap),
            })
        }
    };
    if args.json {
        println!("{out}");
    } else if let Some(why) = out["reason"].as_str() {
        println!("fire: cannot fire: {why}");
    } else {
        println!(
            "fire: {} at {}",
            out["firer"]["name"].as_str().unwrap_or(""),
            args.at
        );
        for l in out["working"].as_array().into_iter().flatten() {
            println!("  {}", l.as_str().unwrap_or(""));
        }
        println!(
            "  expected loss {:.1}",
            out["expected_loss"].as_f64().unwrap_or(0.0)
        );
    }
    Ok(0)
}
