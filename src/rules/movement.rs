//! Movement costs and legality of entering a hex (§6), as far as melee and retreat need them.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

// The ground's lookups are the hot path of movement, sight and supply: a fast hash (no
// defence against chosen keys is needed for hexes).
use foldhash::{HashMap, HashMapExt, HashSet, HashSetExt};

use serde::{Deserialize, Serialize};

use super::board::Board;
use super::hex::{Facing, Hex, neighbor};
use super::map::{FullHexBridge, Map, Road, SideFeature, Terrain};
use super::params::{Parameters, PerMover, PerTerrain};
use super::refusal::{Reason, Refusal};
use super::stacking::{HexLoad, StackLimit, unit_load};
use super::unit::{Formation, Unit, UnitId, UnitKind};

/// `id`'s order refused for `why` (the unit cannot go there).
fn no(id: UnitId, why: impl Into<String>) -> Refusal {
    Refusal::new(Reason::OutOfReach, Some(id), why)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoverClass {
    LineInfantry,
    ColumnInfantry,
    MountedCavalry,
    Artillery,
    Supply,
}

impl MoverClass {
    pub fn of(unit: &Unit) -> MoverClass {
        match (unit.kind, unit.formation) {
            (UnitKind::Infantry, Formation::Column) => MoverClass::ColumnInfantry,
            (UnitKind::Infantry, _) => MoverClass::LineInfantry,
            // Dismounted cavalry moves as line infantry (§6).
            (UnitKind::Cavalry, Formation::Dismounted) => MoverClass::LineInfantry,
            (UnitKind::Cavalry, _) | (UnitKind::Leader, _) => MoverClass::MountedCavalry,
            (UnitKind::Artillery, _) => MoverClass::Artillery,
            (UnitKind::Supply, _) => MoverClass::Supply,
        }
    }

    pub fn pick(self, p: &PerMover) -> u32 {
        match self {
            MoverClass::LineInfantry => p.line_infantry,
            MoverClass::ColumnInfantry => p.column_infantry,
            MoverClass::MountedCavalry => p.mounted_cavalry,
            MoverClass::Artillery => p.artillery,
            MoverClass::Supply => p.supply,
        }
    }
}

pub fn per_terrain<T: Copy>(t: &PerTerrain<T>, terrain: Terrain) -> T {
    match terrain {
        Terrain::Clear => t.clear,
        Terrain::Field => t.field,
        Terrain::Orchard => t.orchard,
        Terrain::Forest => t.forest,
        Terrain::Rough => t.rough,
        Terrain::Marsh => t.marsh,
        Terrain::Town => t.town,
        Terrain::Water => t.water,
        Terrain::Blocked => t.blocked,
    }
}

fn road_rate(params: &Parameters, road: Road) -> &PerMover {
    let m = &params.movement;
    match road {
        Road::Trail => &m.trail,
        Road::Road => &m.road,
        Road::Pike => &m.pike,
        Road::Rail => &m.rail,
    }
}

/// The strength a full-hex bridge needs for this mover class to cross: above 0; under the
/// optional Bridge Limit and Repair, ¼ of its maximum for foot (infantry, dismounted cavalry),
/// ½ for horse (cavalry, leaders), ¾ for guns and wagons (§11).
pub fn bridge_needs(params: &Parameters, class: MoverClass, b: &FullHexBridge) -> u32 {
    if !params.optional.bridge_limit_and_repair {
        return 1;
    }
    let quarters = match class {
        MoverClass::LineInfantry | MoverClass::ColumnInfantry => 1,
        MoverClass::MountedCavalry => 2,
        MoverClass::Artillery | MoverClass::Supply => 3,
    };
    (b.max * quarters).div_ceil(4).max(1)
}

/// Whether a hex's terrain lets this mover class in at all: a full-hex bridge counts while it
/// is strong enough (§2, §11).
pub fn terrain_allows(map: &Map, params: &Parameters, class: MoverClass, hex: Hex) -> bool {
    if !map.contains(hex) {
        return false;
    }
    if let Some(b) = map.bridge(hex) {
        return b.strength >= bridge_needs(params, class, b);
    }
    class.pick(&per_terrain(&params.movement.terrain, map.terrain(hex))) > 0
}

/// Why a unit may not enter a hex from the one next to it (D-move-1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Blocked {
    NotAdjacent,
    OffMap,
    BridgeDestroyed,
    BridgeTooWeak { strength: u32, max: u32, need: u32 },
    Prohibited(crate::rules::map::Terrain),
    Creek,
}

impl Blocked {
    /// What is wrong, in a few words a player says first ("No bridge").
    pub fn headline(self) -> &'static str {
        match self {
            Blocked::NotAdjacent => "Not next to it",
            Blocked::OffMap => "Off the map",
            Blocked::BridgeDestroyed => "Bridge down",
            Blocked::BridgeTooWeak { .. } => "Bridge too weak",
            Blocked::Prohibited(_) => "Impassable ground",
            Blocked::Creek => "No bridge",
        }
    }

    /// Where the way is barred, said of an attack into the hex ("across this creek").
    pub fn attack_words(self) -> String {
        match self {
            Blocked::Creek => "across this creek".into(),
            Blocked::Prohibited(t) => format!("into {} it may not enter", t.name().to_lowercase()),
            other => format!("into that hex: {other}"),
        }
    }
}

impl std::fmt::Display for Blocked {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Blocked::NotAdjacent => write!(f, "the hexes are not adjacent"),
            Blocked::OffMap => write!(f, "the hex is off the map"),
            Blocked::BridgeDestroyed => write!(f, "the bridge there is destroyed"),
            Blocked::BridgeTooWeak {
                strength,
                max,
                need,
            } => write!(
                f,
                "the bridge there is too weak to cross: strength {strength} of {max}, this unit needs {need}"
            ),
            Blocked::Prohibited(t) => write!(f, "{} terrain is prohibited", t.name()),
            Blocked::Creek => write!(f, "an unbridged, unforded creek lies between"),
        }
    }
}

/// Why a unit may not enter `to` from the adjacent `from`, judged by terrain and hexside alone
/// (D-move-1); `None` when it may.
pub fn entry_blocked(
    map: &Map,
    params: &Parameters,
    class: MoverClass,
    from: Hex,
    to: Hex,
) -> Option<Blocked> {
    let Some(side) = Facing::between(from, to) else {
        return Some(Blocked::NotAdjacent);
    };
    if !map.contains(to) {
        return Some(Blocked::OffMap);
    }
    if let Some(b) = map.bridge(to) {
        if b.strength == 0 {
            return Some(Blocked::BridgeDestroyed);
        }
        let need = bridge_needs(params, class, b);
        if b.strength < need {
            return Some(Blocked::BridgeTooWeak {
                strength: b.strength,
                max: b.max,
                need,
            });
        }
    } else if !terrain_allows(map, params, class, to) {
        return Some(Blocked::Prohibited(map.terrain(to)));
    }
    if map.creek_blocks(from, side) {
        return Some(Blocked::Creek);
    }
    None
}

/// Movement points to enter `to` from `from`, or `None` when prohibited.
pub fn entry_cost(
    map: &Map,
    params: &Parameters,
    class: MoverClass,
    from: Hex,
    to: Hex,
) -> Option<u32> {
    if entry_blocked(map, params, class, from, to).is_some() {
        return None;
    }
    let side = Facing::between(from, to)?;
    let m = &params.movement;
    let road = map
        .road(from, side)
        .map(|r| class.pick(road_rate(params, r)))
        .filter(|&c| c > 0);
    let mut cost = if map.bridge(to).is_some() {
        // A full-hex bridge is entered at road cost.
        class.pick(&m.road).max(1)
    } else {
        road.unwrap_or_else(|| class.pick(&per_terrain(&m.terrain, map.terrain(to))))
    };
    for f in map.features(from, side) {
        cost += match f {
            SideFeature::Stream => class.pick(&m.stream),
            SideFeature::Fence => class.pick(&m.fence),
            SideFeature::StoneWall => class.pick(&m.stone_wall),
            SideFeature::Embankment => class.pick(&m.embankment),
            SideFeature::Breastworks => class.pick(&m.breastworks),
            _ => 0,
        };
    }
    let climb = (map.elevation(to) - map.elevation(from)).max(0) as u32;
    Some(cost + climb * class.pick(&m.climb_per_level))
}

/// A unit's movement allowance for a turn (§6).
pub fn allowance(params: &Parameters, u: &Unit) -> u32 {
    let full = params.movement.allowance.of(u.kind);
    // §17 D-cc-4: out of command, half its allowance.
    if params.optional.command_control && u.out_of_command {
        full / 2
    } else {
        full
    }
}

/// Movement points the unit has left this turn.
pub fn mp_left(params: &Parameters, u: &Unit) -> u32 {
    allowance(params, u).saturating_sub(u.marks.mp_used)
}

/// Why a unit may not move (or turn, or change formation) at all now; `None` when it may.
pub fn cannot_act(u: &Unit) -> Option<String> {
    let who = format!("{} {}", u.kind.name(), u.name);
    if u.marks.meleed {
        Some(format!("{who} has meleed this turn"))
    } else if u.marks.fired {
        Some(format!("{who} has fired this turn and may not move"))
    } else {
        None
    }
}

/// What stands where, as a mover sees it: built once per query so that large maps stay fast.
struct Surroundings {
    enemy: HashSet<Hex>,
    zoc: HashSet<Hex>,
    load: HashMap<Hex, HexLoad>,
}

fn surroundings(board: &Board, mover: &Unit) -> Surroundings {
    surroundings_within(board, mover, u32::MAX)
}

/// The surroundings within `radius` hexes of the mover: a path of n hexes meets only units
/// within n + 1 (a zone of control reaches one hex).
fn surroundings_within(board: &Board, mover: &Unit, radius: u32) -> Surroundings {
    let mut s = Surroundings {
        enemy: HashSet::new(),
        zoc: HashSet::new(),
        load: HashMap::new(),
    };
    for u in &board.units {
        if u.id == mover.id || super::hex::distance(u.hex, mover.hex) > radius {
            continue;
        }
        if u.side != mover.side {
            s.enemy.insert(u.hex);
            if u.exerts_zoc() {
                s.zoc.extend(u.front_hexes());
            }
        } else {
            let l = s.load.entry(u.hex).or_default();
            *l = *l + unit_load(u, &board.params);
        }
    }
    s
}

/// One reachable hex: the movement points to get there and the hex before it on the way.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Reach {
    pub cost: u32,
    pub prev: Option<Hex>,
    /// Entering it ends the move (an enemy zone of control).
    pub stops: bool,
}

/// Every hex a unit can reach this turn, with how (`movement_range`).
pub type Range = HashMap<Hex, Reach>;

/// Every hex the unit can reach this turn with its movement points left, with the cheapest
/// cost (a Dijkstra over terrain, hexside, road and climb costs): no enemy hexes, entering an
/// enemy ZOC ends the move (a Disrupted unit may not enter one at all), stacking within limits
/// at every step. Empty when the unit may not move.
pub fn movement_range(board: &Board, id: UnitId) -> Range {
    let mut out = HashMap::new();
    let Some(u) = board.unit(id) else { return out };
    let start = u.hex;
    out.insert(
        start,
        Reach {
            cost: 0,
            prev: None,
            stops: false,
        },
    );
    if cannot_move(u).is_some() {
        return out;
    }
    let budget = mp_left(&board.params, u);
    let class = MoverClass::of(u);
    let s = surroundings(board, u);
    let own = unit_load(u, &board.params);
    let mut heap = BinaryHeap::new();
    heap.push(Reverse((0u32, start.x, start.y)));
    while let Some(Reverse((cost, x, y))) = heap.pop() {
        let h = Hex::new(x, y);
        if out.get(&h).is_some_and(|r| stale(r, cost)) {
            continue;
        }
        if h != start && s.zoc.contains(&h) {
            continue;
        }
        for f in Facing::ALL {
            let n = neighbor(h, f);
            let Some(c) = entry_cost(&board.map, &board.params, class, h, n) else {
                continue;
            };
            let total = cost + c;
            if total > budget || s.enemy.contains(&n) {
                continue;
            }
            let stops = s.zoc.contains(&n);
            if stops && u.disrupted {
                continue;
            }
            let load = s.load.get(&n).copied().unwrap_or_default() + own;
            if StackLimit::check(load, &board.params).is_some() {
                continue;
            }
            if out.get(&n).is_none_or(|r| total < r.cost) {
                out.insert(
                    n,
                    Reach {
                        cost: total,
                        prev: Some(h),
                        stops,
                    },
                );
                heap.push(Reverse((total, n.x, n.y)));
            }
        }
    }
    out
}

/// A heap entry of Dijkstra's at `cost` for a hex since reached more cheaply.
fn stale(r: &Reach, cost: u32) -> bool {
    r.cost < cost
}

/// Why a unit may not move at all now; `None` when it may.
pub fn cannot_move(u: &Unit) -> Option<String> {
    let who = format!("{} {}", u.kind.name(), u.name);
    if u.is_fixed() {
        return Some(format!("{who} is Fixed and may not move"));
    }
    if u.marks.held {
        return Some(format!(
            "{who} formed square against cavalry last turn and may not move this turn"
        ));
    }
    if u.kind == UnitKind::Artillery && u.formation == Formation::Unlimbered {
        return Some(format!("{who} is unlimbered: limber it to move"));
    }
    if u.formation == Formation::Dismounting {
        return Some(format!("{who} is dismounting this turn"));
    }
    if u.is_captured() {
        return Some(format!("{who} is captured and cannot leave its hex"));
    }
    if u.marks.zoc_stopped {
        return Some(format!(
            "{who} entered an enemy zone of control this turn: its movement is over"
        ));
    }
    cannot_act(u)
}

/// The path from the unit's hex to `to` through a range, start excluded.
pub fn path_to(range: &Range, to: Hex) -> Option<Vec<Hex>> {
    let mut path = vec![to];
    let mut at = range.get(&to)?;
    while let Some(p) = at.prev {
        path.push(p);
        at = range.get(&p)?;
    }
    path.pop();
    path.reverse();
    Some(path)
}

/// A move made.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Moved {
    pub unit: UnitId,
    pub path: Vec<Hex>,
    pub cost: u32,
}

/// Checks a move along `path` (adjacent hexes, the unit's own hex excluded) step by step, and
/// returns its cost, or why it is refused.
pub fn check_move(board: &Board, id: UnitId, path: &[Hex]) -> Result<u32, Refusal> {
    let u = board.unit(id).ok_or_else(|| Refusal::no_such_unit(id))?;
    if let Some(why) = cannot_move(u) {
        return Err(no(id, why));
    }
    if path.is_empty() {
        return Err(no(id, "the path is empty"));
    }
    let class = MoverClass::of(u);
    let s = surroundings_within(board, u, path.len() as u32 + 1);
    let own = unit_load(u, &board.params);
    let budget = mp_left(&board.params, u);
    let mut at = u.hex;
    let mut cost = 0;
    for (i, &n) in path.iter().enumerate() {
        let c = board.map.coord(n);
        if let Some(why) = entry_blocked(&board.map, &board.params, class, at, n) {
            return Err(no(
                id,
                format!("{}: cannot enter {c}: {why}", why.headline()),
            ));
        }
        cost += entry_cost(&board.map, &board.params, class, at, n).unwrap_or(0);
        if cost > budget {
            return Err(no(
                id,
                format!("not enough movement points to reach {c}: {cost} needed, {budget} left"),
            ));
        }
        if s.enemy.contains(&n) {
            return Err(no(id, format!("{c} holds enemy units")));
        }
        let load = s.load.get(&n).copied().unwrap_or_default() + own;
        if let Some(over) = StackLimit::check(load, &board.params) {
            return Err(no(id, format!("{c} would be overstacked: {over}")));
        }
        if s.zoc.contains(&n) {
            if u.disrupted {
                return Err(no(
                    id,
                    format!(
                        "{c} is in an enemy zone of control, which a Disrupted unit may not enter"
                    ),
                ));
            }
            if i + 1 < path.len() {
                return Err(no(
                    id,
                    format!("entering the enemy zone of control at {c} ends the move"),
                ));
            }
        }
        at = n;
    }
    Ok(cost)
}

/// Moves the unit along a checked path.
pub fn apply_move(board: &mut Board, id: UnitId, path: &[Hex]) -> Result<Moved, Refusal> {
    let cost = check_move(board, id, path)?;
    let to = *path.last().ok_or_else(|| no(id, "empty path"))?;
    // §4: entering an enemy zone of control ends the unit's movement for the turn, not only
    // this move (issue 59: a second move from the zone was allowed).
    let in_zoc = board
        .unit(id)
        .is_some_and(|u| board.in_enemy_zoc(to, u.side));
    let u = board
        .unit_mut(id)
        .ok_or_else(|| Refusal::no_such_unit(id))?;
    u.hex = to;
    u.marks.mp_used += cost;
    u.marks.moved = true;
    u.marks.zoc_stopped |= in_zoc;
    let (side, takes) = (u.side, u.takes_objectives());
    take_objectives(board, path, side, takes);
    Ok(Moved {
        unit: id,
        path: path.to_vec(),
        cost,
    })
}

/// Objectives belong to the last side whose combat unit entered them (§13, D-obj-1); a leader
/// or a wagon takes none.
pub fn take_objectives(board: &mut Board, path: &[Hex], side: super::unit::Side, takes: bool) {
    if !takes {
        return;
    }
    let turn = board.turn;
    for o in board
        .map
        .objectives
        .iter_mut()
        .filter(|o| path.contains(&o.hex) && o.owner != Some(side))
    {
        o.owner = Some(side);
        o.since = Some(turn);
    }
}
