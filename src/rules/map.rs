//! The battlefield: terrain, elevation, hexside features, roads, bridges, objectives.

// A fast hash for the ground's lookups (hexes need no defence against chosen keys).
use foldhash::HashMap;
use std::sync::Arc;

use hexx::{HexOrientation, OffsetHexMode};
use serde::{Deserialize, Serialize};

use super::hex::{Facing, Hex, Hexside};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Terrain {
    Clear,
    Field,
    Orchard,
    Forest,
    Rough,
    Marsh,
    Town,
    Water,
    Blocked,
}

impl Terrain {
    pub const ALL: [Terrain; 9] = [
        Terrain::Clear,
        Terrain::Field,
        Terrain::Orchard,
        Terrain::Forest,
        Terrain::Rough,
        Terrain::Marsh,
        Terrain::Town,
        Terrain::Water,
        Terrain::Blocked,
    ];

    /// The letter used in a scenario's terrain grid.
    pub fn letter(self) -> char {
        match self {
            Terrain::Clear => '.',
            Terrain::Field => 'f',
            Terrain::Orchard => 'o',
            Terrain::Forest => 'F',
            Terrain::Rough => 'r',
            Terrain::Marsh => 'm',
            Terrain::Town => 'T',
            Terrain::Water => '~',
            Terrain::Blocked => '#',
        }
    }

    pub fn from_letter(c: char) -> Option<Terrain> {
        Terrain::ALL.into_iter().find(|t| t.letter() == c)
    }

    pub fn name(self) -> &'static str {
        match self {
            Terrain::Clear => "clear",
            Terrain::Field => "field",
            Terrain::Orchard => "orchard",
            Terrain::Forest => "forest",
            Terrain::Rough => "rough",
            Terrain::Marsh => "marsh",
            Terrain::Town => "town",
            Terrain::Water => "water",
            Terrain::Blocked => "blocked",
        }
    }
}

/// A feature that lies on a hexside.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum SideFeature {
    Stream,
    Creek,
    /// A creek crossing: the hexside is a creek that may be crossed here.
    Ford,
    /// A hexside bridge over a creek; indestructible.
    Bridge,
    Fence,
    StoneWall,
    Embankment,
    Cut,
    Breastworks,
}

impl SideFeature {
    pub const ALL: [SideFeature; 9] = [
        SideFeature::Stream,
        SideFeature::Creek,
        SideFeature::Ford,
        SideFeature::Bridge,
        SideFeature::Fence,
        SideFeature::StoneWall,
        SideFeature::Embankment,
        SideFeature::Cut,
        SideFeature::Breastworks,
    ];

    pub fn name(self) -> &'static str {
        match self {
            SideFeature::Stream => "stream",
            SideFeature::Creek => "creek",
            SideFeature::Ford => "ford",
            SideFeature::Bridge => "bridge",
            SideFeature::Fence => "fence",
            SideFeature::StoneWall => "stone wall",
            SideFeature::Embankment => "embankment",
            SideFeature::Cut => "cut",
            SideFeature::Breastworks => "breastworks",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Road {
    Trail,
    Road,
    Pike,
    Rail,
}

impl Road {
    pub const ALL: [Road; 4] = [Road::Trail, Road::Road, Road::Pike, Road::Rail];

    pub fn name(self) -> &'static str {
        match self {
            Road::Trail => "trail",
            Road::Road => "road",
            Road::Pike => "pike",
            Road::Rail => "rail",
        }
    }
}

/// A full-hex bridge over a Water hex.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct FullHexBridge {
    pub strength: u32,
    pub max: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Objective {
    pub name: String,
    pub hex: Hex,
    pub points: u32,
    /// The last side to enter it (§13).
    #[serde(default)]
    pub owner: Option<super::unit::Side>,
    /// The turn its holder took it (`None`: held since the start, or by nobody).
    #[serde(default)]
    pub since: Option<u32>,
}

/// What a place name on the map names: it sets how the name is lettered (water italic in blue,
/// towns in capitals, ridges spaced out) and how far out it stays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum LabelKind {
    Town,
    /// A hill or a ridge.
    Hill,
    /// A stream or a river.
    Stream,
    Road,
    Woods,
    /// A farm, a church or another building.
    Farm,
    /// A ford or a bridge.
    Ford,
}

impl LabelKind {
    pub const ALL: [LabelKind; 7] = [
        LabelKind::Town,
        LabelKind::Hill,
        LabelKind::Stream,
        LabelKind::Road,
        LabelKind::Woods,
        LabelKind::Farm,
        LabelKind::Ford,
    ];

    pub fn name(self) -> &'static str {
        match self {
            LabelKind::Town => "town",
            LabelKind::Hill => "hill or ridge",
            LabelKind::Stream => "stream or river",
            LabelKind::Road => "road",
            LabelKind::Woods => "woods",
            LabelKind::Farm => "farm or building",
            LabelKind::Ford => "ford or bridge",
        }
    }

    /// How important a name of this kind is when the scenario does not say: 1 stays out to the
    /// whole map, 3 only close in.
    pub fn default_rank(self) -> u8 {
        match self {
            LabelKind::Town | LabelKind::Hill => 1,
            LabelKind::Stream | LabelKind::Woods | LabelKind::Ford => 2,
            LabelKind::Road | LabelKind::Farm => 3,
        }
    }
}

/// A place name drawn on the map. No rule reads it: it is there for the players to find the
/// ground the briefing speaks of.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Label {
    pub name: String,
    pub kind: LabelKind,
    /// The hex it names, or the hexes along which it is lettered (a ridge, a stream, a road).
    pub hexes: Vec<Hex>,
    /// 1 (the battle's great names, shown at every zoom) to 3 (close in only).
    pub rank: u8,
}

/// Column and row as players read them: column from the left, row from the top, both from 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Coord {
    pub col: i32,
    pub row: i32,
}

impl std::fmt::Display for Coord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{},{}", self.col, self.row)
    }
}

/// Feet of the rules' elevation level (§5 climbing, §7, §9): a map's own step may be finer.
pub const LEVEL_FT: u32 = 20;

/// The map of a battle. Its ground (size, terrain, elevation, hexside features, roads, supply
/// sources, place names) never changes in a game and is shared by every copy (`Arc`: a server's
/// games of one scenario, the computer's look-ahead boards); a copy that changes it gets its own
/// (`Arc::make_mut`). What orders change on it — the bridges' strength, the objectives' holders —
/// is all that its serde form carries: a game's snapshot is the board's serde form
/// (`rules::snapshot`), and the ground is the scenario's (`Map::take_ground`).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Map {
    #[serde(skip)]
    pub width: u32,
    #[serde(skip)]
    pub height: u32,
    #[serde(skip)]
    terrain: Arc<Vec<Terrain>>,
    /// The ground in the map's own steps (`feet_per_level` feet each).
    #[serde(skip)]
    elevation: Arc<Vec<i32>>,
    /// Feet of one of the map's elevation steps (RULES §7 D-los-1): 20 unless the map gives
    /// its own (the library's maps are drawn in 10-ft steps); 0 reads as 20.
    #[serde(skip)]
    pub feet_per_level: u32,
    #[serde(skip)]
    pub sides: Arc<HashMap<Hexside, Vec<SideFeature>>>,
    #[serde(skip)]
    pub roads: Arc<HashMap<Hexside, Road>>,
    /// Written in hex order, so that equal states write the same text (and hash).
    #[serde(with = "bridges_in_order")]
    pub bridges: HashMap<Hex, FullHexBridge>,
    pub objectives: Vec<Objective>,
    #[serde(skip)]
    pub supply_sources: Arc<Vec<Hex>>,
    #[serde(skip)]
    pub labels: Arc<Vec<Label>>,
}

/// The full-hex bridges as a list in hex order (a hash map's own order changes from run to run).
mod bridges_in_order {
    use super::{FullHexBridge, HashMap, Hex};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(
        bridges: &HashMap<Hex, FullHexBridge>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        let mut list: Vec<_> = bridges.iter().map(|(h, b)| (*h, *b)).collect();
        list.sort_by_key(|(h, _)| (h.x, h.y));
        list.serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<HashMap<Hex, FullHexBridge>, D::Error> {
        Ok(Vec::<(Hex, FullHexBridge)>::deserialize(d)?
            .into_iter()
            .collect())
    }
}

impl Map {
    pub fn new(width: u32, height: u32) -> Map {
        let n = (width * height) as usize;
        Map {
            width,
            height,
            terrain: Arc::new(vec![Terrain::Clear; n]),
            elevation: Arc::new(vec![0; n]),
            feet_per_level: LEVEL_FT,
            ..Default::default()
        }
    }

    /// The tilemap's offset position (column, row counted from the bottom) of a hex.
    pub fn tile_pos(hex: Hex) -> [i32; 2] {
        hex.to_offset_coordinates(OffsetHexMode::Odd, HexOrientation::Flat)
    }

    /// The hex of a tile position (the inverse of `tile_pos`).
    pub fn from_tile_pos(pos: [i32; 2]) -> Hex {
        Hex::from_offset_coordinates(pos, OffsetHexMode::Odd, HexOrientation::Flat)
    }

    /// The hex at `c`. Coordinates far off the map (as an order from outside may carry, at any
    /// magnitude) come to a hex just off its edge, which every rule refuses as off the map,
    /// with no arithmetic that could overflow.
    pub fn hex_at(&self, c: Coord) -> Hex {
        let near = |v: i32, n: u32| v.clamp(-2, n.min(1 << 20) as i32 + 1);
        let (col, row) = (near(c.col, self.width), near(c.row, self.height));
        Hex::from_offset_coordinates(
            [col, self.height as i32 - 1 - row],
            OffsetHexMode::Odd,
            HexOrientation::Flat,
        )
    }

    pub fn coord(&self, hex: Hex) -> Coord {
        let [col, r] = Map::tile_pos(hex);
        Coord {
            col,
            row: self.height as i32 - 1 - r,
        }
    }

    /// Where `hex` is, as a player names it: the nearest objective or place name within
    /// `within` hexes, and the column and row ("Pike bridge, 12,5"; "12,5" far from any name).
    pub fn place(&self, hex: Hex, within: u32) -> String {
        let named = self
            .objectives
            .iter()
            .map(|o| (o.name.as_str(), hex.unsigned_distance_to(o.hex)))
            .chain(self.labels.iter().filter_map(|l| {
                let d = l.hexes.iter().map(|h| hex.unsigned_distance_to(*h)).min()?;
                Some((l.name.as_str(), d))
            }))
            .filter(|(_, d)| *d <= within)
            .min_by_key(|(_, d)| *d);
        match named {
            Some((name, 0)) => format!("{name}, {}", self.coord(hex)),
            Some((name, _)) => format!("near {name}, {}", self.coord(hex)),
            None => self.coord(hex).to_string(),
        }
    }

    pub fn contains(&self, hex: Hex) -> bool {
        let c = self.coord(hex);
        c.col >= 0 && c.row >= 0 && c.col < self.width as i32 && c.row < self.height as i32
    }

    /// A hex's place in the map's row-major grid; `None` off the map.
    pub fn index(&self, hex: Hex) -> Option<usize> {
        self.contains(hex).then(|| {
            let c = self.coord(hex);
            (c.row as u32 * self.width + c.col as u32) as usize
        })
    }

    /// Off-map hexes read as Blocked.
    pub fn terrain(&self, hex: Hex) -> Terrain {
        self.index(hex)
            .map_or(Terrain::Blocked, |i| self.terrain[i])
    }

    pub fn set_terrain(&mut self, hex: Hex, t: Terrain) {
        if let Some(i) = self.index(hex) {
            Arc::make_mut(&mut self.terrain)[i] = t;
        }
    }

    /// The level of §5, §7 and §9 (climbing, fire and melee up or down hill): the ground in
    /// 20-ft levels, rounded down, whatever the map's own step (D-los-1).
    pub fn elevation(&self, hex: Hex) -> i32 {
        self.ground_ft(hex).div_euclid(LEVEL_FT as i32)
    }

    /// The height of a hex's ground in feet, at the map's own step (D-los-1): what sight reads.
    pub fn ground_ft(&self, hex: Hex) -> i32 {
        self.steps(hex) * self.step_ft() as i32
    }

    /// The ground in the map's own steps, as its file writes it.
    pub fn steps(&self, hex: Hex) -> i32 {
        self.index(hex).map_or(0, |i| self.elevation[i])
    }

    /// Feet of one of the map's steps.
    pub fn step_ft(&self) -> u32 {
        if self.feet_per_level == 0 {
            LEVEL_FT
        } else {
            self.feet_per_level
        }
    }

    /// Sets a hex's ground in the map's own steps.
    pub fn set_elevation(&mut self, hex: Hex, e: i32) {
        if let Some(i) = self.index(hex) {
            Arc::make_mut(&mut self.elevation)[i] = e;
        }
    }

    pub fn hexes(&self) -> impl Iterator<Item = Hex> + '_ {
        (0..self.height as i32).flat_map(move |row| {
            (0..self.width as i32).map(move |col| self.hex_at(Coord { col, row }))
        })
    }

    pub fn features(&self, a: Hex, side: Facing) -> &[SideFeature] {
        self.sides
            .get(&Hexside::new(a, side))
            .map_or(&[], |v| v.as_slice())
    }

    pub fn has_feature(&self, a: Hex, side: Facing, f: SideFeature) -> bool {
        self.features(a, side).contains(&f)
    }

    pub fn add_feature(&mut self, a: Hex, side: Facing, f: SideFeature) {
        let v = Arc::make_mut(&mut self.sides)
            .entry(Hexside::new(a, side))
            .or_default();
        if !v.contains(&f) {
            v.push(f);
            v.sort();
        }
    }

    /// The roads to change (a scenario being built, a test's ground): this map's own copy.
    pub fn roads_mut(&mut self) -> &mut HashMap<Hexside, Road> {
        Arc::make_mut(&mut self.roads)
    }

    /// The hexside features to change: this map's own copy.
    pub fn sides_mut(&mut self) -> &mut HashMap<Hexside, Vec<SideFeature>> {
        Arc::make_mut(&mut self.sides)
    }

    pub fn road(&self, a: Hex, side: Facing) -> Option<Road> {
        self.roads.get(&Hexside::new(a, side)).copied()
    }

    /// A creek hexside is crossable only by a ford or a hexside bridge.
    pub fn creek_blocks(&self, a: Hex, side: Facing) -> bool {
        let f = self.features(a, side);
        f.contains(&SideFeature::Creek)
            && !f.contains(&SideFeature::Ford)
            && !f.contains(&SideFeature::Bridge)
    }

    /// Takes `from`'s ground (what the serde form leaves out) for this map, whose bridges and
    /// objectives stay: a snapshot's map put back on its scenario's ground. Every field is named,
    /// so that a new one is put on one side or the other.
    pub fn take_ground(&mut self, from: &mut Map) {
        let Map {
            width,
            height,
            terrain,
            elevation,
            feet_per_level,
            sides,
            roads,
            bridges: _,
            objectives: _,
            supply_sources,
            labels,
        } = std::mem::take(from);
        self.width = width;
        self.height = height;
        self.terrain = terrain;
        self.elevation = elevation;
        self.feet_per_level = feet_per_level;
        self.sides = sides;
        self.roads = roads;
        self.supply_sources = supply_sources;
        self.labels = labels;
    }

    pub fn bridge(&self, hex: Hex) -> Option<&FullHexBridge> {
        self.bridges.get(&hex)
    }

    pub fn bridge_mut(&mut self, hex: Hex) -> Option<&mut FullHexBridge> {
        self.bridges.get_mut(&hex)
    }

    /// A map-edge hex on the given edge.
    pub fn on_edge(&self, hex: Hex, edge: MapEdge) -> bool {
        let c = self.coord(hex);
        match edge {
            MapEdge::North => c.row == 0,
            MapEdge::South => c.row == self.height as i32 - 1,
            MapEdge::West => c.col == 0,
            MapEdge::East => c.col == self.width as i32 - 1,
        }
    }

    /// Hexes from `hex` to its own map edge, in rows or columns (used to break retreat ties).
    pub fn distance_to_edge(&self, hex: Hex, edge: MapEdge) -> i32 {
        let c = self.coord(hex);
        match edge {
            MapEdge::North => c.row,
            MapEdge::South => self.height as i32 - 1 - c.row,
            MapEdge::West => c.col,
            MapEdge::East => self.width as i32 - 1 - c.col,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MapEdge {
    North,
    South,
    East,
    West,
}
