//! The rules' fixed words (a morale result, a victory level) read back from a message: outcomes
//! travel from the referee server to its clients, and their words are `&'static str`.

use std::collections::HashSet;
use std::sync::{Mutex, OnceLock};

/// Every word the rules use in an outcome; a word read back is one of these.
const KNOWN: &[&str] = &[
    "held",
    "disrupted",
    "routed",
    "losses",
    "fatigue",
    "lost melee (end of phase)",
    "rally",
    "isolated",
    "Major Defeat",
    "Minor Defeat",
    "Draw",
    "Minor Victory",
    "Major Victory",
];

/// A word read back as `&'static str`: a known word is that word; another (an older or newer
/// game's) is kept once for the life of the process, so a client never grows by more than the
/// words its server uses.
pub fn interned(word: &str) -> &'static str {
    if let Some(k) = KNOWN.iter().find(|k| **k == word) {
        return k;
    }
    static OTHERS: OnceLock<Mutex<HashSet<&'static str>>> = OnceLock::new();
    let mut others = OTHERS
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    if let Some(w) = others.get(word) {
        return w;
    }
    let w: &'static str = Box::leak(word.to_owned().into_boxed_str());
    others.insert(w);
    w
}
