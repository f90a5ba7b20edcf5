//! Save files on disk: written atomically (a temporary file, then a rename), read with clear
//! errors; and `bayonet replay SAVE`.

use super::CliError;
use serde_json::json;

use super::args::Replay;
use crate::rules::scenario::LoadError;
use crate::save::{self, SaveGame};

/// Writes a save next to its final name first, then renames it into place, so a crash never
/// leaves half a save behind.
pub fn write(path: &str, s: &SaveGame) -> Result<(), CliError> {
    let tmp = format!("{path}.tmp");
    std::fs::write(&tmp, save::to_text(s))
        .map_err(|e| CliError::file(&tmp, format!("cannot write: {e}")))?;
    std::fs::rename(&tmp, path).map_err(|e| CliError::file(path, format!("cannot replace: {e}")))
}

pub fn read(path: &str) -> Result<SaveGame, LoadError> {
    save::from_text(path, &crate::rules::scenario::read_text(path)?)
}

/// `bayonet replay SAVE`: exit 0 when the replay reaches the saved state, 1 otherwise.
pub fn replay(args: &Replay) -> Result<i32, CliError> {
    let s = read(&args.save)?;
    let r = save::replay(&s)?;
    if args.json {
        println!("{}", json!(r));
    } else {
        println!(
            "{} orders replayed: state {} (saved {}): {}",
            r.orders,
            r.replayed_hash,
            r.saved_hash,
            if r.matches { "identical" } else { "DIFFERENT" }
        );
    }
    Ok(if r.matches { 0 } else { 1 })
}
