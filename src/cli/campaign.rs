//! `bayonet campaign FILE --status | --autoplay`: where a campaign stands, or the computer
//! playing its battles in turn through the interpreter, each one's losses carried into the
//! next; `--save` resumes and keeps it.

use serde_json::{Value, json};

use super::CliError;
use super::args::CampaignArgs;
use crate::campaign::{Campaign, Change};
use crate::rules::game::Game;

pub fn run(args: &CampaignArgs) -> Result<i32, CliError> {
    let mut c = open(args)?;
    if !args.autoplay {
        say(args.json, status(&c));
        return Ok(0);
    }
    let computer = args
        .opponent
        .parse::<crate::sim::Opponent>()
        .map_err(|e| CliError::Option(format!("--opponent: {e}")))?
        .brain();
    let mut left = args.battles.unwrap_or(usize::MAX);
    while let Some(next) = c.battle_to_open().filter(|_| left > 0) {
        left -= 1;
        let opening = next?;
        let changes = opening.changes;
        // A battle left in its middle is carried on from its save, with the save's dice.
        let mut game = match &opening.under_way {
            Some(save) => crate::save::game_of(save)?,
            None => Game::new(opening.start, args.seed.map(|s| s + c.fought.len() as u64)),
        };
        super::autoplay::play(&mut game, [computer, computer]);
        let fought = c.finish(&game.start, &game.board).clone();
        keep(args, &c)?;
        let line = json!({"battle": fought, "carried_in": changes.len()});
        if args.json {
            println!("{line}");
        } else {
            println!(
                "{}: {} for the {} ({:+.0} points){}{}",
                fought.name,
                fought.level,
                crate::library::plural_of(&c.plan().side),
                fought.total,
                carried_words(&changes),
                if fought.why.is_empty() {
                    String::new()
                } else {
                    format!(" — {}", fought.why)
                }
            );
        }
    }
    say(args.json, status(&c));
    Ok(0)
}

/// The campaign: resumed from its save when there is one, else from its start.
fn open(args: &CampaignArgs) -> Result<Campaign, CliError> {
    if let Some(path) = &args.save
        && let Ok(text) = std::fs::read_to_string(path)
    {
        return Ok(Campaign::from_text(path, &text)?);
    }
    Ok(crate::campaign::begin(&args.file)?)
}

fn keep(args: &CampaignArgs, c: &Campaign) -> Result<(), CliError> {
    if let Some(path) = &args.save {
        std::fs::write(path, c.to_text()).map_err(|e| CliError::file(path, e))?;
    }
    Ok(())
}

fn carried_words(changes: &[Change]) -> String {
    match changes.len() {
        0 => String::new(),
        n => format!(
            ", {} carried in from earlier battles",
            crate::rules::words::count(n as u64, "unit", "units")
        ),
    }
}

/// Where the campaign stands: the battles fought, its score, and the next battle with what
/// carries into it.
pub fn status(c: &Campaign) -> Value {
    let score = c.score();
    let next = c.next_battle().map(|n| match n {
        Ok((s, changes)) => json!({
            "name": s.name,
            "briefing": c.at.as_deref().and_then(|id| c.plan().battle(id)).map(|b| b.briefing.clone()),
            "carried": changes.iter().map(|ch| {
                let mut v = json!(ch);
                v["words"] = json!(ch.words(&c.fought_name(&ch.from)));
                v
            }).collect::<Vec<_>>(),
            // The battle left in its middle: the turn it was left on.
            "under_way": c.battle.as_ref().map(|b| b.snapshot.turn),
        }),
        Err(e) => json!({"error": e.to_string()}),
    });
    json!({
        "campaign": c.plan().name,
        "side": c.plan().side,
        "fought": c.fought,
        "score": score,
        "over": c.at.is_none(),
        "next": next,
    })
}

fn say(json: bool, v: Value) {
    if json {
        println!("{v}");
        return;
    }
    println!(
        "{} (the results as the {} have them)",
        v["campaign"].as_str().unwrap_or(""),
        crate::library::plural_of(v["side"].as_str().unwrap_or(""))
    );
    for f in v["fought"].as_array().into_iter().flatten() {
        println!(
            "  {}: {}",
            f["name"].as_str().unwrap_or(""),
            f["level"].as_str().unwrap_or("")
        );
    }
    let s = &v["score"];
    println!(
        "Score: {} of {} — {}",
        s["points"],
        s["out_of"],
        s["level"].as_str().unwrap_or("")
    );
    match &v["next"] {
        Value::Null => println!("The campaign is over."),
        n => {
            println!("Next: {}", n["name"].as_str().unwrap_or(""));
            if let Some(b) = n["briefing"].as_str() {
                println!("  {b}");
            }
            if let Some(turn) = n["under_way"].as_u64() {
                println!("  Under way: left on turn {turn}; the window carries it on from there.");
            }
            for ch in n["carried"].as_array().into_iter().flatten() {
                println!("  {}", ch["words"].as_str().unwrap_or(""));
            }
        }
    }
}
