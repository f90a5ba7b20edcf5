//! `bayonet list [--year Y] [--size S] [--type T] [--json]`: the battle library as the window's
//! library screen shows it, the boot camp first, then the campaigns.

use serde_json::json;

use super::CliError;
use super::args::List;
use crate::library::{Filter, Kind, Size};

pub fn run(args: &List) -> Result<i32, CliError> {
    let word = |flag: &str, given: &Option<String>, all: &[&str]| -> Result<(), CliError> {
        match given {
            Some(g) if !all.contains(&g.to_lowercase().as_str()) => Err(CliError::Option(format!(
                "--{flag} `{g}`: expected one of {}",
                all.join(", ")
            ))),
            _ => Ok(()),
        }
    };
    word("size", &args.size, &["small", "medium", "large"])?;
    word("type", &args.kind, &["attack", "meeting"])?;
    let filter = Filter {
        year: args.year,
        size: args
            .size
            .as_deref()
            .and_then(|s| Size::of_words(&s.to_lowercase())),
        kind: args
            .kind
            .as_deref()
            .and_then(|k| Kind::of_words(&k.to_lowercase())),
    };
    let battles: Vec<_> = crate::library::shipped()
        .into_iter()
        .filter(|e| filter.lets_through(e))
        .collect();
    let campaigns: Vec<_> = crate::campaign::CAMPAIGNS
        .iter()
        .filter_map(|(p, _)| crate::campaign::plan(p).ok().map(|c| (p, c)))
        .map(
            |(p, c)| json!({"path": p, "name": c.name, "battles": c.battles.len(), "side": c.side}),
        )
        .collect();
    if args.json {
        println!(
            "{}",
            json!({
                "boot_camp": {"lessons": crate::lesson::COUNT, "command": "bayonet lesson 1"},
                "battles": battles,
                "campaigns": campaigns,
            })
        );
        return Ok(0);
    }
    println!(
        "New to the game? The boot camp: {} short lessons (`bayonet lesson 1`).\n",
        crate::lesson::COUNT
    );
    for e in &battles {
        let difficulty = match e.difficulty {
            Some([a, b]) => format!("{}: {a}, {}: {b}", e.sides[0], e.sides[1]),
            None => "not measured".into(),
        };
        // The date once: most battles' names carry it already.
        match e.date {
            Some(d) if e.name.contains(&d.year.to_string()) => println!("{}", e.name),
            _ => println!("{} — {}", e.name, e.when),
        }
        println!(
            "  {} ({} units: {} {}, {} {}), {} turns, {}×{} hexes, about {} minutes; {}; difficulty {}",
            e.size,
            e.units[0] + e.units[1],
            e.units[0],
            e.sides[0],
            e.units[1],
            e.sides[1],
            e.turns,
            e.map.0,
            e.map.1,
            e.minutes,
            if e.action.is_empty() {
                "—"
            } else {
                &e.action
            },
            difficulty
        );
        println!("  {}", e.path);
    }
    if !campaigns.is_empty() {
        println!("\nCampaigns:");
        for c in &campaigns {
            println!(
                "  {} — {} battles ({}): `bayonet campaign {}`",
                c["name"].as_str().unwrap_or(""),
                c["battles"],
                c["side"].as_str().unwrap_or(""),
                c["path"].as_str().unwrap_or("")
            );
        }
    }
    Ok(0)
}
