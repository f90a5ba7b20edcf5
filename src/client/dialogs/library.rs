//! The battle library in the start dialog (issue 61): every battle a card — its map in small,
//! its name, date, size, length, type and each side's difficulty from the measured balance, the
//! opening of its story — filtered by year, size and type; then the campaigns. A press on a
//! card opens that battle (its full story and sources show above the library once open).

use bevy::prelude::*;

use crate::client::theme::interaction::{Look, Pressed};
use crate::client::theme::palette;
use crate::client::theme::widget::{self, Layout};
use crate::library::{Entry, Filter, Kind, Size};
use crate::rules::scenario::Scenario;

/// A filter button of the library: a year, a size, a type, or "any" of one of them.
#[derive(Component, Clone, Copy, PartialEq, Eq, Debug)]
pub enum Narrow {
    Year(Option<u16>),
    Size(Option<Size>),
    Kind(Option<Kind>),
}

/// A campaign's button: its file.
#[derive(Component, Clone, PartialEq, Eq, Debug)]
pub struct CampaignButton(pub String);

/// A battle's card, with what the filters read of it.
#[derive(Component, Clone, Debug)]
pub struct Card(pub Entry);

/// The library's filter as the player has set it.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Shown(pub Filter);

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Shown>()
        .add_observer(narrow)
        .add_systems(Startup, remembered)
        .add_systems(Update, show_filtered);
}

impl Shown {
    /// The filter as the settings keep it.
    pub fn of(kept: (Option<u16>, Option<u8>, Option<u8>)) -> Shown {
        let (year, size, kind) = kept;
        Shown(Filter {
            year,
            size: size.and_then(|i| Size::ALL.get(usize::from(i)).copied()),
            kind: kind.and_then(|i| Kind::ALL.get(usize::from(i)).copied()),
        })
    }

    /// The filter as the settings keep it.
    pub fn kept(&self) -> (Option<u16>, Option<u8>, Option<u8>) {
        let place = |found: Option<usize>| found.and_then(|i| u8::try_from(i).ok());
        (
            self.0.year,
            place(
                self.0
                    .size
                    .and_then(|s| Size::ALL.iter().position(|x| *x == s)),
            ),
            place(
                self.0
                    .kind
                    .and_then(|k| Kind::ALL.iter().position(|x| *x == k)),
            ),
        )
    }
}

/// The library opens filtered as the player left it.
fn remembered(settings: Res<crate::client::theme::settings::Settings>, mut shown: ResMut<Shown>) {
    *shown = Shown::of(settings.library);
}

/// A battle's map in small: a pixel square per hex, its terrain shaded by elevation, the
/// objectives gold, each side's units in its colour.
pub fn thumbnail(s: &Scenario) -> Image {
    const PX: u32 = 3;
    let map = &s.map;
    let (w, h) = (map.width * PX, map.height * PX);
    let mut px = vec![0u8; (w * h * 4) as usize];
    let highest = map
        .hexes()
        .map(|x| map.elevation(x))
        .max()
        .unwrap_or(1)
        .max(1);
    let mut fill = |c: u32, r: u32, rgb: [u8; 3], inset: u32| {
        for y in r * PX + inset..(r + 1) * PX - inset {
            for x in c * PX + inset..(c + 1) * PX - inset {
                let i = ((y * w + x) * 4) as usize;
                px[i..i + 4].copy_from_slice(&[rgb[0], rgb[1], rgb[2], 255]);
            }
        }
    };
    for hex in map.hexes() {
        let c = map.coord(hex);
        let base = palette::terrain(map.terrain(hex)).0;
        let k = 0.7 + 0.3 * map.elevation(hex) as f32 / highest as f32;
        let shade = base.map(|v| (v as f32 * k) as u8);
        fill(c.col as u32, c.row as u32, shade, 0);
    }
    for o in map.objectives.iter() {
        let c = map.coord(o.hex);
        fill(c.col as u32, c.row as u32, [230, 190, 60], 0);
    }
    for u in s.units.iter().filter(|u| !u.is_leader()) {
        let c = map.coord(u.hex);
        let side = s
            .sides
            .get(u.side.0 as usize)
            .map_or((1.0, 1.0, 1.0), |x| x.color);
        let rgb = [side.0, side.1, side.2].map(|v| (v * 255.0) as u8);
        fill(c.col as u32, c.row as u32, rgb, 0);
    }
    crate::client::theme::widget::picture(w, h, px)
}

/// The facts line of a card: "3 July 1863 · the Confederates attack · large, 131 units · 8
/// turns · 26×30 hexes · about 4 hours".
pub fn facts(e: &Entry) -> String {
    let length = match e.minutes {
        m if m < 90 => format!("about {m} minutes"),
        m => format!("about {} hours", (m as f32 / 60.0).round()),
    };
    let mut parts = Vec::new();
    // The date once: most battles' names carry it already.
    if !e.date.is_some_and(|d| e.name.contains(&d.year.to_string())) {
        parts.push(e.when.clone());
    }
    if !e.action.is_empty() {
        parts.push(e.action.clone());
    }
    parts.push(format!("{}, {} units", e.size, e.units[0] + e.units[1]));
    parts.push(format!("{} turns", e.turns));
    parts.push(format!("{}×{} hexes", e.map.0, e.map.1));
    parts.push(length);
    parts.join(" · ")
}

/// The difficulty line: each side's, from the measured balance.
pub fn difficulty(e: &Entry) -> String {
    match (e.difficulty, &e.measured) {
        (Some([a, b]), Some(m)) => format!(
            "Against the computer: {} {a}, {} {b} (measured: {} wins, {} draws, {} wins in {} games)",
            e.sides[0], e.sides[1], m.wins[0], m.draws, m.wins[1], m.seeds
        ),
        _ => "Balance not measured".into(),
    }
}

/// The opening of a battle's story, cut at a sentence near `most` characters.
pub fn opening(about: &str, most: usize) -> String {
    if about.chars().count() <= most {
        return about.to_string();
    }
    let cut: String = about.chars().take(most).collect();
    match cut.rfind(". ") {
        Some(i) if i > most / 3 => cut[..=i].to_string(),
        _ => format!("{}…", cut.trim_end()),
    }
}

/// The filter rows: years the library holds, sizes and types, each with "any".
pub fn filters(d: &mut ChildSpawnerCommands, entries: &[Entry]) {
    let mut years: Vec<u16> = entries
        .iter()
        .filter_map(|e| e.date.map(|d| d.year))
        .collect();
    years.sort();
    years.dedup();
    d.spawn(widget::wrap().gap(4.0)).with_children(|row| {
        let mut button = |n: Narrow, words: String| {
            row.spawn((
                widget::text_button(n, &words, 13.0, UiRect::all(Val::Px(2.0))),
                // The trace names it, for a test's tap.
                Name::new(format!("Filter:{words}")),
            ));
        };
        button(Narrow::Year(None), "Every year".into());
        for y in years {
            button(Narrow::Year(Some(y)), y.to_string());
        }
        button(Narrow::Size(None), "Any size".into());
        for s in Size::ALL {
            button(Narrow::Size(Some(*s)), s.to_string());
        }
        button(Narrow::Kind(None), "Any type".into());
        for k in Kind::ALL {
            button(Narrow::Kind(Some(*k)), k.to_string());
        }
    });
}

/// A battle's card inside its button: the map in small, then its lines.
pub fn card(b: &mut ChildSpawnerCommands, e: &Entry, picture: Option<Handle<Image>>, aspect: f32) {
    let width = 96.0;
    let height = (width * aspect).clamp(40.0, 110.0);
    b.spawn(widget::row(10.0).width(Val::Percent(100.0)))
        .with_children(|row| {
            if let Some(p) = picture {
                row.spawn((ImageNode::new(p), widget::sized(width, height)));
            }
            row.spawn(widget::column(2.0).grow()).with_children(|col| {
                col.spawn(widget::label_text(e.name.clone(), 14.0));
                col.spawn(palette::dim_text(facts(e), 11.0));
                col.spawn(palette::dim_text(difficulty(e), 11.0));
                col.spawn(widget::label_text(opening(&e.about, 150), 11.0));
            });
        });
}

/// The campaigns, after the battles: each a button that opens its campaign screen.
pub fn campaigns(d: &mut ChildSpawnerCommands) {
    // Only the files: loading and checking every battle of every campaign is the campaign
    // screen's work, not the start dialog's.
    let all: Vec<(String, crate::campaign::CampaignFile)> = crate::campaign::CAMPAIGNS
        .iter()
        .filter_map(|(p, _)| crate::campaign::plan(p).ok().map(|c| (p.to_string(), c)))
        .collect();
    if all.is_empty() {
        return;
    }
    d.spawn(widget::heading("Campaigns", 16.0));
    d.spawn(widget::wrap()).with_children(|row| {
        for (path, c) in all {
            row.spawn((
                widget::button(CampaignButton(path.clone()), UiRect::all(Val::Px(3.0))),
                // The browser test finds it by its name.
                Name::new(format!("Campaign:{path}")),
                crate::client::theme::interaction::OnRelease,
            ))
            .with_children(|b| {
                b.spawn(widget::label_text(c.name.clone(), 14.0));
                b.spawn(palette::dim_text(
                    format!(
                        "{} battles, the next chosen by the last result; losses carried over",
                        c.battles.len()
                    ),
                    11.0,
                ));
            });
        }
    });
}

/// A filter pressed: that year, size or type (or any).
fn narrow(
    pressed: On<Pressed>,
    q: Query<&Narrow>,
    mut shown: ResMut<Shown>,
    mut settings: ResMut<crate::client::theme::settings::Settings>,
) {
    let Ok(n) = q.get(pressed.entity) else { return };
    match *n {
        Narrow::Year(y) => shown.0.year = y,
        Narrow::Size(s) => shown.0.size = s,
        Narrow::Kind(k) => shown.0.kind = k,
    }
    settings.library = shown.kept();
}

/// The cards the filter lets through, shown; the filter buttons lit as they stand.
fn show_filtered(
    shown: Res<Shown>,
    mut cards: Query<(&Card, &mut Node)>,
    mut buttons: Query<(&Narrow, &mut Look)>,
) {
    if !shown.is_changed() {
        return;
    }
    for (c, mut node) in &mut cards {
        crate::client::theme::regions::show(&mut node, shown.0.lets_through(&c.0));
    }
    for (n, mut look) in &mut buttons {
        let on = match *n {
            Narrow::Year(y) => shown.0.year == y,
            Narrow::Size(s) => shown.0.size == s,
            Narrow::Kind(k) => shown.0.kind == k,
        };
        crate::client::theme::interaction::set(&mut look, if on { Look::Lit } else { Look::Plain });
    }
}
