//! Moving a brigade as one (RULES.md §17): each of its units is sent toward its place in the
//! same arrangement around the anchor's new hex, as far as its own allowance, stacking, zones
//! of control and the rules let it go. What comes out is ordinary Move orders, one per unit
//! that goes anywhere: the log, undo, replays and the server see nothing else.

use super::board::Board;
use super::hex::{Hex, distance};
use super::movement::{self, movement_range, path_to};
use super::order::{self, At, Order};
use super::unit::{Post, Side, UnitId};

/// One unit's part of a brigade's move.
#[derive(Debug, Clone, PartialEq)]
pub struct Leg {
    pub unit: UnitId,
    pub from: Hex,
    /// Its place in the arrangement around the anchor's new hex.
    pub place: Hex,
    /// The hexes it moves through, the last where it stops; empty: it stays.
    pub path: Vec<Hex>,
    /// Why it stays, or stops short of its place.
    pub why: Option<String>,
}

impl Leg {
    /// Where the unit ends its move.
    pub fn stop(&self) -> Hex {
        self.path.last().copied().unwrap_or(self.from)
    }

    /// Whether it gets to its place.
    pub fn arrives(&self) -> bool {
        self.stop() == self.place
    }
}

/// A brigade's move, worked out before any of it is given.
#[derive(Debug, Clone, PartialEq)]
pub struct March {
    pub brigade: String,
    pub anchor: UnitId,
    pub to: Hex,
    /// In the order the moves are given (the units nearest the destination first, so that
    /// those behind find room).
    pub legs: Vec<Leg>,
}

impl March {
    /// One Move order for each unit that goes anywhere, in order.
    pub fn orders(&self, board: &Board) -> Vec<Order> {
        self.legs
            .iter()
            .filter(|l| !l.path.is_empty())
            .map(|l| Order::Move {
                unit: l.unit,
                to: At::of(board, l.stop()),
                path: Some(l.path.iter().map(|h| At::of(board, *h)).collect()),
            })
            .collect()
    }

    /// How many of its units move, and how many reach their places.
    pub fn moving(&self) -> (usize, usize) {
        let moving = self.legs.iter().filter(|l| !l.path.is_empty()).count();
        let arriving = self
            .legs
            .iter()
            .filter(|l| !l.path.is_empty() && l.arrives())
            .count();
        (moving, arriving)
    }
}

/// The brigade that unit `id` moves with: a brigade's leader or one of its units; a leader of
/// a division or corps moves alone (he has no one brigade).
pub fn brigade_of(board: &Board, id: UnitId) -> Option<String> {
    let u = board.unit(id)?;
    if !u.is_leader() {
        return Some(u.brigade.clone());
    }
    match board.organisation.post_of(u) {
        Post::Brigade(b) => Some(b),
        _ => None,
    }
}

/// The units of `side`'s brigade `brigade` on the map: its regiments, batteries and wagons,
/// and the leader who commands it.
pub fn members(board: &Board, side: Side, brigade: &str) -> Vec<UnitId> {
    let org = &board.organisation;
    board
        .units
        .iter()
        .filter(|u| u.side == side)
        .filter(|u| {
            if u.is_leader() {
                org.post_of(u) == Post::Brigade(brigade.to_owned())
            } else {
                u.brigade == brigade
            }
        })
        .map(|u| u.id)
        .collect()
}

/// The brigade of unit `anchor`, moved so that `anchor` goes to `to` and the others keep their
/// places around it: worked out on a copy of `board` (the side's view, in the window), each
/// unit in turn by the movement rules, so that each finds the room the ones before it left.
/// `None` when the unit moves with no brigade.
pub fn plan(board: &Board, anchor: UnitId, to: Hex) -> Option<March> {
    let brigade = brigade_of(board, anchor)?;
    let a = board.unit(anchor)?;
    let (side, centre) = (a.side, a.hex);
    let mut units: Vec<(UnitId, Hex, Hex)> = members(board, side, &brigade)
        .into_iter()
        .filter_map(|id| board.unit(id))
        .map(|u| (u.id, u.hex, to + (u.hex - centre)))
        .collect();
    // Those nearest the destination first.
    units.sort_by_key(|&(id, from, _)| (distance(from, to), id));
    let mut b = board.clone();
    let legs = units
        .into_iter()
        .map(|(unit, from, place)| leg(&mut b, unit, from, place))
        .collect();
    Some(March {
        brigade,
        anchor,
        to,
        legs,
    })
}

/// One unit's move toward `place` on the working copy `b`, made there so that the next unit
/// sees it.
fn leg(b: &mut Board, unit: UnitId, from: Hex, place: Hex) -> Leg {
    let stays = |why: String| Leg {
        unit,
        from,
        place,
        path: Vec::new(),
        why: (from != place).then_some(why),
    };
    if from == place {
        return stays(String::new());
    }
    let range = movement_range(b, unit);
    // The reachable hex nearest its place, the cheapest of those; never one farther than where
    // it stands.
    let best = range
        .iter()
        .min_by_key(|(h, r)| (distance(**h, place), r.cost, h.x, h.y))
        .map(|(h, _)| *h)
        .filter(|h| distance(*h, place) < distance(from, place));
    let Some(stop) = best else {
        let why = b
            .unit(unit)
            .and_then(movement::cannot_move)
            .unwrap_or_else(|| "cannot get any nearer its place".into());
        return stays(why);
    };
    let path = path_to(&range, stop).unwrap_or_default();
    let o = Order::Move {
        unit,
        to: At::of(b, stop),
        path: Some(path.iter().map(|h| At::of(b, *h)).collect()),
    };
    if let Err(r) = order::check(b, &o) {
        return stays(r[0].message.clone());
    }
    if let Err(r) = movement::apply_move(b, unit, &path) {
        return stays(r.message);
    }
    let why = (stop != place).then(|| short_of(b, &range, stop, place));
    Leg {
        unit,
        from,
        place,
        path,
        why,
    }
}

/// Why a unit stops at `stop`, short of its place.
fn short_of(b: &Board, range: &movement::Range, stop: Hex, place: Hex) -> String {
    if !b.map.contains(place) {
        "its place would be off the map".into()
    } else if range.get(&stop).is_some_and(|r| r.stops) {
        format!(
            "an enemy's zone of control at {} ends its move",
            b.map.coord(stop)
        )
    } else {
        format!(
            "stops at {}: as far as its movement points, the ground and stacking allow",
            b.map.coord(stop)
        )
    }
}
