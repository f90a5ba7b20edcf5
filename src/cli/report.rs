//! `bayonet report SAVE --out DIR [--json]`: the after-action report of a saved game, written
//! as charts (PNG and SVG) and a web page that shows them; `--json` prints its numbers.

use super::CliError;
use super::args::Report;

pub fn run(args: &Report) -> Result<i32, CliError> {
    let saved = super::saves::read(&args.save)?;
    let aar = crate::after_action::of_save(&saved)?;
    if let Some(dir) = &args.out {
        write(&aar, std::path::Path::new(dir))?;
    }
    if args.json {
        let mut v = serde_json::to_value(&aar)?;
        v["totals"] = serde_json::json!(
            aar.totals()
                .map(|(men, guns)| serde_json::json!({"men": men, "guns": guns}))
        );
        println!("{v}");
    } else {
        let t = aar.totals();
        println!(
            "{}: {} ({:+.0} points); men lost {} {} / {} {}; guns {} / {}; {} melees, {} routs",
            aar.scenario,
            aar.result.level,
            aar.result.total,
            aar.sides[0],
            t[0].0,
            aar.sides[1],
            t[1].0,
            t[0].1,
            t[1].1,
            aar.melees.len(),
            aar.routs.len()
        );
        if let Some(dir) = &args.out {
            println!("written: {dir}/index.html");
        }
    }
    Ok(0)
}

/// Every chart as PNG and SVG, and the page, into `dir` (made if missing).
pub fn write(
    aar: &crate::after_action::AfterAction,
    dir: &std::path::Path,
) -> Result<(), CliError> {
    use crate::after_action::charts::{self, Chart};
    let at = |f: &str| dir.join(f);
    std::fs::create_dir_all(dir)
        .map_err(|e| CliError::file(dir.display(), format!("cannot make the folder: {e}")))?;
    let put = |name: String, bytes: &[u8]| {
        std::fs::write(at(&name), bytes)
            .map_err(|e| CliError::file(at(&name).display(), format!("cannot write: {e}")))
    };
    let mut listed = Vec::new();
    for c in Chart::ALL {
        let png = charts::png(aar, c).map_err(CliError::Output)?;
        let svg = charts::svg(aar, c).map_err(CliError::Output)?;
        put(format!("{}.png", c.file()), &png)?;
        put(format!("{}.svg", c.file()), svg.as_bytes())?;
        listed.push((c.file(), c.title()));
    }
    put(
        "index.html".into(),
        crate::after_action::page::html(aar, &listed).as_bytes(),
    )?;
    put(
        "report.json".into(),
        serde_json::to_string_pretty(aar)?.as_bytes(),
    )
}
