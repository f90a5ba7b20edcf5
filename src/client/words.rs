//! Player-facing words that several panels share: how a long line is cut to fit.

/// `line` cut to `max` letters with an ellipsis when it is longer (letters, not bytes: names
/// such as "Duffié" are not split inside a letter).
pub fn ellipsis(line: &str, max: usize) -> String {
    if line.chars().count() <= max {
        return line.to_string();
    }
    let cut: String = line.chars().take(max.saturating_sub(1)).collect();
    format!("{}…", cut.trim_end())
}
