//! The screen a player reads: the font draws every name the scenarios use (issue 30, words).

use bayonet::client::font::{BOLD, REGULAR, missing_glyphs, scenario_words};

/// Every scenario in `maps/`, loaded.
fn scenarios() -> Vec<bayonet::rules::scenario::Scenario> {
    let mut files: Vec<_> = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/maps"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|p| bayonet::rules::scenario::load_file(p.to_str().unwrap()).unwrap())
        .collect()
}

#[test]
fn the_font_draws_every_name_of_every_scenario() {
    let all = scenarios();
    assert!(all.len() >= 5, "the maps folder holds the scenarios");
    let mut seen_accent = false;
    for s in &all {
        for w in scenario_words(s) {
            seen_accent |= w.contains('é');
            for (face, font) in [("regular", REGULAR), ("bold", BOLD)] {
                let missing = missing_glyphs(font, &w);
                assert!(
                    missing.is_empty(),
                    "{}: the {face} face lacks {missing:?} of {w:?}",
                    s.name
                );
            }
        }
    }
    // Brandy Station's Duffié is why the font was changed.
    assert!(seen_accent, "the names checked include Duffié");
}

#[test]
fn the_glyph_check_finds_letters_the_font_lacks() {
    // Latin-1 and the interface's own signs are there; Chinese is not.
    assert!(missing_glyphs(REGULAR, "Duffié Münster ñ ß × − … ≥ ▲ → ½").is_empty());
    assert_eq!(missing_glyphs(REGULAR, "Lee 李 李"), vec!['李']);
    assert_eq!(missing_glyphs(b"not a font", "ab"), vec!['a', 'b']);
}
