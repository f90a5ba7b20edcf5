//! Line of sight (§7): whether two hexes see each other, and if not the hex that blocks; the
//! one rule that fire, the line-of-sight tool, the threat overlay and fog of war all use.

use serde::{Deserialize, Serialize};

use super::board::Board;
use super::hex::{Hex, distance};
use super::map::Terrain;

/// What a look from one hex to another finds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sight {
    pub from: Hex,
    pub to: Hex,
    /// Hexes between the two centres.
    pub range: u32,
    pub clear: bool,
    /// The first hex whose ground and cover rise above the line; `None` when clear, or when
    /// night alone stops the look.
    pub blocking: Option<Hex>,
    /// Night limits sight to one hex (§7).
    pub night: bool,
}

fn terrain_height(board: &Board, t: Terrain) -> u32 {
    let h = &board.params.heights;
    match t {
        Terrain::Forest => h.forest,
        Terrain::Town => h.town,
        Terrain::Orchard => h.orchard,
        Terrain::Rough => h.rough,
        _ => 0,
    }
}

/// Line of sight (§7): no hex between whose ground and cover rise above the straight line
/// between the eyes (a man's height above each end's ground); at night one hex only.
pub fn look(board: &Board, from: Hex, to: Hex) -> Sight {
    let range = distance(from, to);
    let mut s = Sight {
        from,
        to,
        range,
        clear: true,
        blocking: None,
        night: board.night,
    };
    if board.night && range > 1 {
        s.clear = false;
        return s;
    }
    let h = &board.params.heights;
    let eye = |x: Hex| (board.map.elevation(x).max(0) as u32 * h.per_level + h.man) as f64;
    let (ea, eb) = (eye(from), eye(to));
    // Walked, not collected: the fog looks from every unit at every enemy after each step.
    let line = from.line_to(to);
    let len = line.len();
    let n = len.saturating_sub(1).max(1) as f64;
    s.blocking = line
        .enumerate()
        .skip(1)
        .take(len.saturating_sub(2))
        .find(|&(i, x)| {
            let ground = board.map.elevation(x).max(0) as u32 * h.per_level;
            let top = (ground + terrain_height(board, board.map.terrain(x))) as f64;
            let sight = ea + (eb - ea) * i as f64 / n;
            top > sight
        })
        .map(|(_, x)| x);
    s.clear = s.blocking.is_none();
    s
}
