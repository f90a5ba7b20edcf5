//! `bayonet check FILE`: load and validate a scenario; print its summary.

use super::Args;
use crate::rules::scenario;

pub fn run(args: &Args) -> Result<i32, String> {
    let file = args.file()?;
    match scenario::load_file(file) {
        Ok(s) => {
            let summary = s.summary();
            if args.json {
                let mut v = serde_json::to_value(&summary).map_err(|e| e.to_string())?;
                v["ok"] = serde_json::Value::Bool(true);
                println!("{v}");
            } else {
                println!(
                    "{file}: ok — \"{}\", {}×{} hexes, {} turns, {} units{}",
                    s.name,
                    summary.width,
                    summary.height,
                    s.turns,
                    s.units.len(),
                    match s.reinforcements.len() {
                        0 => String::new(),
                        n => format!(" and {n} reinforcements"),
                    }
                );
            }
            Ok(0)
        }
        Err(e) => {
            if args.json {
                println!(
                    "{}",
                    serde_json::json!({
                        "ok": false,
                        "file": e.file, "line": e.line, "column": e.column,
                        "error": e.message,
                    })
                );
            } else {
                eprintln!("{e}");
            }
            Ok(1)
        }
    }
}
