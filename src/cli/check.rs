//! `bayonet check FILE`: load and validate a scenario and print its summary, or a lesson's
//! script (`*.lesson.ron`) against its scenario.

use super::CliError;
use super::args::Check;
use crate::rules::scenario;

pub fn run(args: &Check) -> Result<i32, CliError> {
    let file = args.file.as_str();
    if crate::lesson::is_script(file) {
        return Ok(lesson(file, args.json));
    }
    if crate::campaign::is_campaign(file) {
        return Ok(campaign(file, args.json));
    }
    match scenario::load_file(file) {
        Ok(s) => {
            let summary = s.summary();
            let warnings = s.warnings();
            if args.json {
                let mut v = serde_json::to_value(&summary)?;
                v["ok"] = serde_json::Value::Bool(true);
                v["warnings"] = warnings
                    .iter()
                    .map(|w| serde_json::json!({"file": w.file, "line": w.line, "warning": w.message}))
                    .collect();
                println!("{v}");
            } else {
                for w in &warnings {
                    eprintln!("{w}");
                }
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
            tell_faults(&all, args.json);
            Ok(1)
        }
    }
}

/// A campaign: every fault, or a line that says it is sound and names its battles.
fn campaign(file: &str, json: bool) -> i32 {
    let (faults, battles) = match crate::campaign::text_of(file) {
        Ok(text) => crate::campaign::check::faults(file, &text),
        Err(e) => (vec![e], Default::default()),
    };
    if faults.is_empty() {
        let names: Vec<&str> = battles.iter().map(|(_, s)| s.name.as_str()).collect();
        if json {
            println!(
                "{}",
                serde_json::json!({"ok": true, "file": file, "battles": names})
            );
        } else {
            println!(
                "{file}: ok — a campaign of {} battles: {}",
                names.len(),
                names.join("; ")
            );
        }
        return 0;
    }
    tell_faults(&faults, json);
    1
}

/// A lesson's script: every fault, or a line that says it is sound.
fn lesson(file: &str, json: bool) -> i32 {
    let faults = crate::lesson::check_file(file);
    if faults.is_empty() {
        if json {
            println!("{}", serde_json::json!({"ok": true, "file": file}));
        } else {
            println!("{file}: ok — a lesson's script");
        }
        return 0;
    }
    tell_faults(&faults, json);
    1
}

/// Every fault, on standard error or as JSON (`ok: false`, the first fault's place, and the
/// list).
fn tell_faults(all: &[scenario::LoadError], json: bool) {
    if json {
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
        for e in all {
            eprintln!("{e}");
        }
    }
}
