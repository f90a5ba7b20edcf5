//! `bayonet check FILE`: load and validate a scenario; print its summary.

use super::args::Check;
use crate::rules::scenario;

pub fn run(args: &Check) -> Result<i32, String> {
    let file = args.file.as_str();
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
            // Every fault, not only the first (the editor shows the same list).
            let all = scenario::read_text(file)
                .map(|text| scenario::faults(file, &text))
                .unwrap_or_default();
            let all: Vec<scenario::LoadError> = if all.is_empty() {
                vec![e]
            } else {
                all.into_iter().map(|f| f.error).collect()
            };
            if args.json {
                let list: Vec<_> = all
                    .iter()
                    .map(|e| {
                        serde_json::json!({
                            "file": e.file, "line": e.line, "column": e.column,
                            "error": e.message,
                        })
                    })
                    .collect();
                let e = &all[0];
                println!(
                    "{}",
                    serde_json::json!({
                        "ok": false,
                        "file": e.file, "line": e.line, "column": e.column,
                        "error": e.message,
                        "faults": list,
                    })
                );
            } else {
                for e in &all {
                    eprintln!("{e}");
                }
            }
            Ok(1)
        }
    }
}
