//! The game's typeface: DejaVu Sans Condensed (Latin-1 and more, `assets/fonts/`) in place of
//! Bevy's ASCII-only default, so that "Duffié" and "Münster" read as written; bold for the
//! counters' numbers.

use bevy::prelude::*;

use crate::rules::scenario::Scenario;

pub const REGULAR: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSansCondensed.ttf");
pub const BOLD: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSansCondensed-Bold.ttf");
/// The map's place names, lettered as a period map's: DejaVu Serif Condensed, bold for towns
/// and hills, italic for water, woods and roads.
pub const SERIF_BOLD: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSerifCondensed-Bold.ttf");
pub const SERIF_ITALIC: &[u8] =
    include_bytes!("../../../assets/fonts/DejaVuSerifCondensed-Italic.ttf");

/// The bold face (the counters' strength numbers).
#[derive(Resource, Debug, Clone, Default)]
pub struct Bold(pub Handle<Font>);

/// The place names' faces (`SERIF_BOLD`, `SERIF_ITALIC`).
#[derive(Resource, Debug, Clone, Default)]
pub struct Serif {
    pub bold: Handle<Font>,
    pub italic: Handle<Font>,
}

/// The letters of `text` that `font` has no glyph for (line breaks and tabs aside), each once.
pub fn missing_glyphs(font: &[u8], text: &str) -> Vec<char> {
    use skrifa::MetadataProvider;
    let Ok(f) = skrifa::FontRef::new(font) else {
        return text.chars().collect();
    };
    let map = f.charmap();
    let mut out: Vec<char> = text
        .chars()
        .filter(|c| !c.is_control() && map.map(*c).is_none())
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// How high a digit ("0") of the bold face stands, as a share of the font size (its outline's
/// height over the em): the counters' numbers are this times their size, on the screen divided
/// by the zoom.
pub fn digit_height() -> f32 {
    use skrifa::MetadataProvider;
    use skrifa::raw::TableProvider;
    let measured = skrifa::FontRef::new(BOLD).ok().and_then(|f| {
        let gid = f.charmap().map('0')?;
        let metrics = f.glyph_metrics(
            skrifa::instance::Size::unscaled(),
            skrifa::instance::LocationRef::default(),
        );
        let bounds = metrics.bounds(gid)?;
        let em = f.head().ok()?.units_per_em() as f32;
        Some((bounds.y_max - bounds.y_min) / em)
    });
    measured.unwrap_or(0.0)
}

/// How wide `text` sets in `font`, as a share of the font size (the sum of its letters'
/// advances over the em; kerning aside, which only narrows it): what a label's box is laid
/// out by before the renderer has set it.
pub fn width_in_ems(font: &[u8], text: &str) -> f32 {
    use skrifa::MetadataProvider;
    use skrifa::raw::TableProvider;
    let Ok(f) = skrifa::FontRef::new(font) else {
        return text.chars().count() as f32 * 0.6;
    };
    let em = f.head().map_or(2048.0, |h| h.units_per_em() as f32);
    let metrics = f.glyph_metrics(
        skrifa::instance::Size::unscaled(),
        skrifa::instance::LocationRef::default(),
    );
    let map = f.charmap();
    text.chars()
        .map(|c| {
            map.map(c)
                .and_then(|g| metrics.advance_width(g))
                .map_or(0.6, |a| a / em)
        })
        .sum()
}

/// Every name a scenario puts on the screen: its title and description, the sides, brigades,
/// units (and reinforcements) and objectives.
pub fn scenario_words(s: &Scenario) -> Vec<String> {
    let mut out = vec![s.name.clone(), s.description.clone()];
    out.extend(s.sides.iter().map(|x| x.name.clone()));
    out.extend(s.brigades.iter().map(|b| b.name.clone()));
    out.extend(s.units.iter().map(|u| u.name.clone()));
    out.extend(s.reinforcements.iter().map(|r| r.unit.name.clone()));
    out.extend(s.map.objectives.iter().map(|o| o.name.clone()));
    out.extend(s.map.labels.iter().map(|l| l.name.clone()));
    out
}

pub(crate) fn plugin(app: &mut App) {
    let mut fonts = app.world_mut().resource_mut::<Assets<Font>>();
    // Every text that names no font uses the default handle: this face, everywhere at once.
    let _ = fonts.insert(AssetId::default(), Font::from_bytes(REGULAR.to_vec()));
    let bold = fonts.add(Font::from_bytes(BOLD.to_vec()));
    let serif = Serif {
        bold: fonts.add(Font::from_bytes(SERIF_BOLD.to_vec())),
        italic: fonts.add(Font::from_bytes(SERIF_ITALIC.to_vec())),
    };
    app.insert_resource(Bold(bold)).insert_resource(serif);
}
