//! The boot camp (issue 48; artillery, cavalry and supply, the first battle: issue 59): short lessons, each a small scenario in `maps/lessons/` and a
//! script of steps that walks a new player through one idea by doing it. Plain Rust: the window
//! shows a lesson and reports what the player does; `progress` judges it.

pub mod places;
pub mod progress;
pub mod script;

pub use progress::{Progress, Sign};
pub use script::{Button, Goal, Point, Script, Step};

use crate::rules::scenario::{LoadError, Scenario};

/// Every lesson's script, in order, with its text, and its scenario's text: embedded, as the
/// browser has no file system (a test checks each against the files).
pub const LESSONS: [(&str, &str, &str); 11] = [
    lesson!("1_the_map"),
    lesson!("2_moving"),
    lesson!("3_fire"),
    lesson!("4_melee"),
    lesson!("5_morale"),
    lesson!("6_the_enemy"),
    lesson!("7_command"),
    lesson!("8_artillery"),
    lesson!("9_cavalry_and_supply"),
    lesson!("10_under_fire"),
    lesson!("11_first_battle"),
];

macro_rules! lesson {
    ($name:literal) => {
        (
            concat!("maps/lessons/", $name, ".lesson.ron"),
            include_str!(concat!("../../maps/lessons/", $name, ".lesson.ron")),
            include_str!(concat!("../../maps/lessons/", $name, ".ron")),
        )
    };
}
use lesson;

/// How many lessons there are.
pub const COUNT: usize = LESSONS.len();

/// Lesson `n` (from 1): its script and its scenario, from the files when they are there (an
/// author's edits show at once), else the embedded copies.
pub fn open(n: usize) -> Result<(Script, Scenario), LoadError> {
    let (path, script, scenario_text) = script(n)?;
    let scenario_path = scenario_path(path, &script);
    let mut scenario = match std::fs::read_to_string(&scenario_path) {
        Ok(t) => crate::rules::scenario::parse(&scenario_path, &t)?,
        Err(_) => crate::rules::scenario::parse(&scenario_path, scenario_text)?,
    };
    if let Some(r) = &script.rules {
        scenario
            .params
            .optional
            .enable(r)
            .map_err(|message| LoadError {
                file: path.to_string(),
                line: None,
                column: None,
                message: message.to_string(),
            })?;
    }
    Ok((script, scenario))
}

/// Lesson `n`'s script (the file, else the embedded copy), with its path and the embedded text
/// of its scenario.
fn script(n: usize) -> Result<(&'static str, Script, &'static str), LoadError> {
    let Some((path, text, scenario_text)) = n.checked_sub(1).and_then(|i| LESSONS.get(i)) else {
        return Err(LoadError {
            file: format!("lesson {n}"),
            line: None,
            column: None,
            message: format!("there is no lesson {n}: the boot camp has lessons 1 to {COUNT}"),
        });
    };
    let on_disk = std::fs::read_to_string(path).ok();
    let script = Script::parse(path, on_disk.as_deref().unwrap_or(text))?;
    Ok((path, script, scenario_text))
}

/// Lesson `n`'s title (its script alone is read: what the start dialog lists).
pub fn title(n: usize) -> Option<String> {
    script(n).ok().map(|(_, s, _)| s.title)
}

/// The scenario a script names, beside it.
pub fn scenario_path(script_path: &str, script: &Script) -> String {
    match std::path::Path::new(script_path).parent() {
        Some(dir) if !dir.as_os_str().is_empty() => {
            dir.join(&script.scenario).to_string_lossy().into_owned()
        }
        _ => script.scenario.clone(),
    }
}

/// Every fault of the script at `path` (`bayonet check`): the script's own, then its
/// scenario's, then each step against the scenario.
pub fn check_file(path: &str) -> Vec<LoadError> {
    let text = match crate::rules::scenario::read_text(path) {
        Ok(t) => t,
        Err(e) => return vec![e],
    };
    let script = match Script::parse(path, &text) {
        Ok(s) => s,
        Err(e) => return vec![e],
    };
    let scenario = match crate::rules::scenario::load_file(&scenario_path(path, &script)) {
        Ok(s) => s,
        Err(e) => return vec![e],
    };
    script.faults(path, &text, &scenario)
}

/// Whether a file is a lesson's script (by its name).
pub fn is_script(path: &str) -> bool {
    path.ends_with(".lesson.ron")
}
