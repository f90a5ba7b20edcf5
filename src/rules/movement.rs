//! Movement costs and legality of entering a hex (§6), as far as melee and retreat need them.

use super::hex::{Facing, Hex};
use super::map::{Map, Road, SideFeature, Terrain};
use super::params::{Parameters, PerMover, PerTerrain};
use super::unit::{Formation, Unit, UnitKind};

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

/// Whether a hex's terrain lets this mover class in at all: a full-hex bridge counts while its
/// strength is above 0 (§2, §11).
pub fn terrain_allows(map: &Map, params: &Parameters, class: MoverClass, hex: Hex) -> bool {
    if !map.contains(hex) {
        return false;
    }
    if let Some(b) = map.bridge(hex) {
        return b.strength > 0;
    }
    class.pick(&per_terrain(&params.movement.terrain, map.terrain(hex))) > 0
}

/// Why a unit may not enter `to` from the adjacent `from`, judged by terrain and hexside alone
/// (D-move-1); `None` when it may.
pub fn entry_blocked(
    map: &Map,
    params: &Parameters,
    class: MoverClass,
    from: Hex,
    to: Hex,
) -> Option<String> {
    let Some(side) = Facing::between(from, to) else {
        return Some("the hexes are not adjacent".into());
    };
    if !map.contains(to) {
        return Some("the hex is off the map".into());
    }
    if let Some(b) = map.bridge(to) {
        if b.strength == 0 {
            return Some("the bridge there is destroyed".into());
        }
    } else if !terrain_allows(map, params, class, to) {
        return Some(format!("{} terrain is prohibited", map.terrain(to).name()));
    }
    if map.creek_blocks(from, side) {
        return Some("an unbridged, unforded creek lies between".into());
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
    let climb = map.elevation(to) - map.elevation(from);
    if climb > 0 {
        cost += climb as u32 * class.pick(&m.climb_per_level);
    }
    Some(cost)
}
