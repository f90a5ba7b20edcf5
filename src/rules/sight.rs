//! Line of sight (§7, D-los-1…7): whether two hexes see each other, and if not the hex that
//! blocks, what there blocks (its ground or the cover on it) and by how many feet; the one rule
//! that fire, the line-of-sight tool, the threat overlay and fog of war all use.

use serde::{Deserialize, Serialize};

use super::board::Board;
use super::hex::{Hex, distance};
use super::map::Terrain;

/// What stands in the way at the blocking hex (D-los-7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Screen {
    /// The ground itself: a crest or a hill between the two.
    Ground,
    /// The cover on the hex's ground: a wood, a town, an orchard, rough ground.
    Cover(Terrain),
}

/// What a look from one hex to another finds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sight {
    pub from: Hex,
    pub to: Hex,
    /// Hexes between the two centres.
    pub range: u32,
    pub clear: bool,
    /// The first hex whose ground or cover rises above the line; `None` when clear, or when
    /// night alone stops the look.
    pub blocking: Option<Hex>,
    /// Night limits sight to one hex (§7).
    pub night: bool,
    /// At the blocking hex: what rises above the line (D-los-7).
    #[serde(default)]
    pub screen: Option<Screen>,
    /// At the blocking hex: by how many feet its top stands above the line, rounded up.
    #[serde(default)]
    pub above_ft: u32,
}

/// A terrain's height over its hex's ground (Parameter Data `heights`).
pub fn cover_ft(board: &Board, t: Terrain) -> u32 {
    let h = &board.params.heights;
    match t {
        Terrain::Forest => h.forest,
        Terrain::Town => h.town,
        Terrain::Orchard => h.orchard,
        Terrain::Rough => h.rough,
        _ => 0,
    }
}

/// Line of sight (§7): no hex between whose top (ground and cover, D-los-3) rises above the
/// straight line between the eyes, a man's height over each end's ground (D-los-2); a hex next
/// to either end blocks by its ground only when it stands higher than that end (the brow,
/// D-los-4); units never block (D-los-5); at night one hex only (D-los-6).
pub fn look(board: &Board, from: Hex, to: Hex) -> Sight {
    let range = distance(from, to);
    let mut s = Sight {
        from,
        to,
        range,
        clear: true,
        blocking: None,
        night: board.night,
        screen: None,
        above_ft: 0,
    };
    if board.night && range > 1 {
        s.clear = false;
        return s;
    }
    let map = &board.map;
    let man = board.params.heights.man as f64;
    let ground = |x: Hex| map.ground_ft(x).max(0) as f64;
    let (ga, gb) = (ground(from), ground(to));
    let (ea, eb) = (ga + man, gb + man);
    // Walked, not collected: the fog looks from every unit at every enemy after each step.
    let line = from.line_to(to);
    let len = line.len();
    let n = len.saturating_sub(1).max(1) as f64;
    let last = len.saturating_sub(1);
    let found = line
        .enumerate()
        .skip(1)
        .take(len.saturating_sub(2))
        .find_map(|(i, x)| {
            let g = ground(x);
            let sight = ea + (eb - ea) * i as f64 / n;
            let t = map.terrain(x);
            let cover = cover_ft(board, t) as f64;
            // D-los-4: beside an end, ground no higher than that end's is the brow its men
            // stand on, not a screen; the cover on it still is.
            let brow = (i == 1 && g <= ga) || (i + 1 == last && g <= gb);
            let screen = if !brow && g > sight {
                Screen::Ground
            } else if cover > 0.0 && g + cover > sight {
                Screen::Cover(t)
            } else {
                return None;
            };
            let top = match screen {
                Screen::Ground => g,
                Screen::Cover(_) => g + cover,
            };
            Some((x, screen, (top - sight - 1e-9).ceil().max(1.0) as u32))
        });
    if let Some((x, screen, above)) = found {
        s.blocking = Some(x);
        s.screen = Some(screen);
        s.above_ft = above;
    }
    s.clear = s.blocking.is_none();
    s
}

/// The look in a player's words (D-los-7): clear, or the hex that blocks, what there blocks
/// and by how many feet.
pub fn words(board: &Board, s: &Sight) -> String {
    let range = format!(
        "range {} hex{}",
        s.range,
        if s.range == 1 { "" } else { "es" }
    );
    let name = |h: Hex| board.map.coord(h).to_string();
    let (a, b) = (name(s.from), name(s.to));
    match (s.clear, s.blocking) {
        (true, _) => format!("Line of sight {a} to {b}: clear, {range}"),
        (false, Some(h)) => format!(
            "Line of sight {a} to {b}: blocked at {}: {}, {range}",
            name(h),
            screen_words(board, s, h, false)
        ),
        (false, None) => {
            format!("Line of sight {a} to {b}: blocked by night (one hex only), {range}")
        }
    }
}

/// What rises above the line at `h`, and by how much: its ground (with the cover on it, when
/// there is any: the whole of what stands in the way), or its cover on lower ground. `named`
/// names the hex in the words (a refusal's), else the words follow "blocked at HEX".
fn screen_words(board: &Board, s: &Sight, h: Hex, named: bool) -> String {
    let ground = board.map.ground_ft(h);
    let t = board.map.terrain(h);
    let cover = cover_ft(board, t);
    let at = if named {
        format!(" at {}", board.map.coord(h))
    } else {
        String::new()
    };
    match s.screen {
        Some(Screen::Ground) => {
            let first = if named {
                format!("the ground{at} ({ground} ft)")
            } else {
                format!("its ground ({ground} ft)")
            };
            let on_it = if cover > 0 {
                format!(", with the {} on it {} ft", t.name(), s.above_ft + cover)
            } else {
                String::new()
            };
            format!("{first} stands {} ft above the line{on_it}", s.above_ft)
        }
        Some(Screen::Cover(t)) => format!(
            "the {}{} ({} ft on ground of {ground} ft) stands {} ft above the line",
            t.name(),
            if named { at } else { " there".into() },
            cover_ft(board, t),
            s.above_ft
        ),
        None => "something stands above the line".into(),
    }
}

/// Why a fire has no line of sight, as its refusal says it: the blocking hex, what and how much.
pub fn why_not(board: &Board, s: &Sight) -> String {
    match blocked_by(board, s) {
        Some(why) => format!("no line of sight to the target: {why}"),
        None => "no line of sight to the target".into(),
    }
}

/// What stops a look, in a player's words; `None` when nothing does.
pub fn blocked_by(board: &Board, s: &Sight) -> Option<String> {
    if s.clear {
        return None;
    }
    Some(match s.blocking {
        Some(h) => screen_words(board, s, h, true),
        None => "at night one hex only".into(),
    })
}
