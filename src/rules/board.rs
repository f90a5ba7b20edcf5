//! The game state the rules read and change: the map, the Parameter Data and the units.

use super::hex::Hex;
use super::map::{Map, MapEdge};
use super::params::Parameters;
use super::stacking::{HexLoad, hex_load};
use super::unit::{Side, Unit, UnitId};

#[derive(Debug, Clone)]
pub struct Board {
    pub map: Map,
    pub params: Parameters,
    pub units: Vec<Unit>,
    /// Whether the current turn is a night turn.
    pub night: bool,
    pub turn: u32,
    /// The side whose turn it is.
    pub acting: Side,
    /// Each side's own map edge (index by `Side`), where it retreats to.
    pub edges: [MapEdge; 2],
}

impl Board {
    pub fn new(map: Map, params: Parameters, units: Vec<Unit>) -> Board {
        Board {
            map,
            params,
            units,
            night: false,
            turn: 1,
            acting: Side(0),
            edges: [MapEdge::South, MapEdge::North],
        }
    }

    pub fn unit(&self, id: UnitId) -> Option<&Unit> {
        self.units.iter().find(|u| u.id == id)
    }

    pub fn unit_mut(&mut self, id: UnitId) -> Option<&mut Unit> {
        self.units.iter_mut().find(|u| u.id == id)
    }

    pub fn units_at(&self, hex: Hex) -> impl Iterator<Item = &Unit> + '_ {
        self.units.iter().filter(move |u| u.hex == hex)
    }

    pub fn side_at(&self, hex: Hex) -> Option<Side> {
        self.units_at(hex).next().map(|u| u.side)
    }

    pub fn load_at(&self, hex: Hex) -> HexLoad {
        hex_load(self.units_at(hex), &self.params)
    }

    /// Whether `hex` lies in the zone of control of a unit hostile to `side` (§4).
    pub fn in_enemy_zoc(&self, hex: Hex, side: Side) -> bool {
        self.units
            .iter()
            .any(|u| u.side != side && u.exerts_zoc() && u.front_hexes().contains(&hex))
    }

    /// Takes a unit off the board.
    pub fn remove(&mut self, id: UnitId) -> Option<Unit> {
        let i = self.units.iter().position(|u| u.id == id)?;
        Some(self.units.remove(i))
    }

    pub fn edge(&self, side: Side) -> MapEdge {
        self.edges[side.0 as usize & 1]
    }
}
