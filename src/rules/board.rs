//! The game state the rules read and change: the map, the Parameter Data, the units, the turn
//! and clock, and the pending melees. During play it is the one source of truth. Its serde form
//! is what an order can change, and nothing else: the scenario's parts (the map's ground, the
//! edges, who plays first, the organisation) are left out, and a snapshot is that form plus the
//! dice (`rules::snapshot`).

use super::declaration::Declaration;
use super::hex::Hex;
use super::map::{Map, MapEdge};
use super::params::Parameters;
use super::stacking::{HexLoad, hex_load};
use super::unit::{Side, Unit, UnitId};

#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct Board {
    /// Its ground is the scenario's; its bridges and objectives change (`Map`'s serde form).
    pub map: Map,
    pub params: Parameters,
    pub units: Vec<Unit>,
    /// Whether the current turn is a night turn.
    pub night: bool,
    pub turn: u32,
    /// The side whose turn it is.
    pub acting: Side,
    /// Each side's own map edge (index by `Side`), where it retreats to: the scenario's.
    #[serde(skip, default = "default_edges")]
    pub edges: [MapEdge; 2],
    /// The clock: minutes after midnight of the first day (may pass 24:00).
    pub minutes: u32,
    pub last_turn: u32,
    /// The side that plays first in each turn: the scenario's.
    #[serde(skip)]
    pub first_side: Side,
    /// The game has ended after its last turn.
    pub over: bool,
    /// Declared melees waiting for Resolve, in declaration order.
    pub pending: Vec<Declaration>,
    /// Defenders that lost a melee this phase: they check morale when the phase ends, with the
    /// side's turn (§9.4).
    pub phase_losers: Vec<UnitId>,
    /// The phase of the side turn under the optional Phased Play (§1); Movement otherwise.
    pub phase: Phase,
    /// Units still off the map, waiting for their turn to arrive (not written when none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reinforcements: Vec<super::unit::Reinforcement>,
    /// What each side knows of the other under fog of war (§16; not written without fog).
    #[serde(default, skip_serializing_if = "super::known::Fog::is_empty")]
    pub fog: super::known::Fog,
    /// The organisation above the brigades (§17 D-cc-1): the scenario's, shared by every copy.
    #[serde(skip)]
    pub organisation: std::sync::Arc<super::organisation::Organisation>,
    /// What the scenario tells its computer (`rules::intent`): the scenario's, shared.
    #[serde(skip)]
    pub intent: std::sync::Arc<super::intent::Intent>,
    /// Leaders hit, waiting for their successors (§17 D-cc-5; not written when none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fallen: Vec<super::organisation::Fallen>,
}

fn default_edges() -> [MapEdge; 2] {
    [MapEdge::South, MapEdge::North]
}

/// The phases of a side turn under Phased Play (§1): the acting side moves, the other side
/// fires at it, the acting side fires, then melees.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
pub enum Phase {
    #[default]
    Movement,
    DefensiveFire,
    OffensiveFire,
    Melee,
}

impl Phase {
    pub fn name(self) -> &'static str {
        match self {
            Phase::Movement => "movement",
            Phase::DefensiveFire => "defensive fire",
            Phase::OffensiveFire => "offensive fire",
            Phase::Melee => "melee",
        }
    }

    /// The phase after this one; the melee phase ends with the turn.
    pub fn next(self) -> Option<Phase> {
        match self {
            Phase::Movement => Some(Phase::DefensiveFire),
            Phase::DefensiveFire => Some(Phase::OffensiveFire),
            Phase::OffensiveFire => Some(Phase::Melee),
            Phase::Melee => None,
        }
    }
}

impl Board {
    /// Makes this board `start` again, all but its map and Parameter Data, reusing what it
    /// holds: the seeded runs of the whole odds play the defensive fire hundreds of times on
    /// one copy, and the fire at units changes neither (a copy of a historical map each run
    /// would cost more than the fire). Every other field is named, so that a new one cannot be
    /// left out.
    pub fn restore_play(&mut self, start: &Board) {
        let Board {
            map: _,
            params: _,
            units,
            night,
            turn,
            acting,
            edges,
            minutes,
            last_turn,
            first_side,
            over,
            pending,
            phase_losers,
            phase,
            reinforcements,
            fog,
            organisation: _,
            intent: _,
            fallen,
        } = start;
        self.units.clone_from(units);
        self.night = *night;
        self.turn = *turn;
        self.acting = *acting;
        self.edges.clone_from(edges);
        self.minutes = *minutes;
        self.last_turn = *last_turn;
        self.first_side = *first_side;
        self.over = *over;
        self.pending.clone_from(pending);
        self.phase_losers.clone_from(phase_losers);
        self.phase = *phase;
        self.reinforcements.clone_from(reinforcements);
        self.fog.clone_from(fog);
        self.fallen.clone_from(fallen);
    }

    /// Takes `from`'s scenario parts (what the serde form leaves out: the map's ground, the
    /// edges, who plays first, the organisation) for this board, whose state stays: a
    /// snapshot's board put back on its scenario.
    pub fn take_scenario(&mut self, from: &mut Board) {
        self.map.take_ground(&mut from.map);
        self.edges = from.edges;
        self.first_side = from.first_side;
        self.organisation = std::mem::take(&mut from.organisation);
        self.intent = std::mem::take(&mut from.intent);
    }

    pub fn new(map: Map, params: Parameters, units: Vec<Unit>) -> Board {
        Board {
            map,
            params,
            units,
            night: false,
            turn: 1,
            acting: Side(0),
            edges: default_edges(),
            minutes: 12 * 60,
            last_turn: 1,
            first_side: Side(0),
            over: false,
            pending: Vec::new(),
            phase_losers: Vec::new(),
            phase: Phase::Movement,
            reinforcements: Vec::new(),
            fog: super::known::Fog::default(),
            organisation: Default::default(),
            intent: Default::default(),
            fallen: Vec::new(),
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

/// Whose side turn it is, which turn, and the clock: the board's turn fields as one value
/// (saved in snapshots, shown in the top bar).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TurnState {
    pub turn: u32,
    pub side: Side,
    /// Minutes after midnight of the first day (may pass 24:00).
    pub minutes: u32,
    pub night: bool,
    pub last_turn: u32,
    pub over: bool,
    #[serde(default)]
    pub phase: Phase,
}

impl TurnState {
    /// The clock as "HH:MM".
    pub fn clock(&self) -> String {
        clock_at(self.minutes)
    }
}

/// A time of day as "HH:MM", from minutes after midnight of the first day.
pub fn clock_at(minutes: u32) -> String {
    let t = minutes % (24 * 60);
    format!("{:02}:{:02}", t / 60, t % 60)
}

impl Board {
    pub fn turn_state(&self) -> TurnState {
        TurnState {
            turn: self.turn,
            side: self.acting,
            minutes: self.minutes,
            night: self.night,
            last_turn: self.last_turn,
            over: self.over,
            phase: self.phase,
        }
    }

    /// Whether the optional Phased Play is in force.
    pub fn phased(&self) -> bool {
        self.params.optional.phased_play
    }

    /// The side that gives orders now: the acting side, but the other side in the Defensive
    /// Fire phase of Phased Play.
    pub fn ordering_side(&self) -> Side {
        if self.phased() && self.phase == Phase::DefensiveFire {
            self.acting.enemy()
        } else {
            self.acting
        }
    }

    /// Whether fire now is the other side's defensive fire (Phased Play): it fires as
    /// opportunity fire does (once, low ammunition allowed, a failed check disrupts).
    pub fn defensive_fire_phase(&self) -> bool {
        self.phased() && self.phase == Phase::DefensiveFire
    }

    pub fn set_turn_state(&mut self, t: &TurnState) {
        self.turn = t.turn;
        self.acting = t.side;
        self.minutes = t.minutes;
        self.night = t.night;
        self.last_turn = t.last_turn;
        self.over = t.over;
        self.phase = t.phase;
    }

    /// The clock as "HH:MM".
    pub fn clock(&self) -> String {
        self.turn_state().clock()
    }
}

/// A declared melee as it stands on the board.
impl Declaration {
    /// The attacking hexes, each once, in the order first committed.
    pub fn attacking_hexes(&self, board: &Board) -> Vec<Hex> {
        let mut out = Vec::new();
        for id in &self.attackers {
            if let Some(u) = board.unit(*id) {
                if !out.contains(&u.hex) {
                    out.push(u.hex);
                }
            }
        }
        out
    }

    /// The attacking side: its first committed unit's.
    pub fn side(&self, board: &Board) -> Option<Side> {
        self.attackers
            .first()
            .and_then(|id| board.unit(*id))
            .map(|u| u.side)
    }

    /// The committed units, and the enemy units in the defending hex: the two sides.
    pub fn sides<'a>(&self, board: &'a Board) -> (Vec<&'a Unit>, Vec<&'a Unit>) {
        let attackers: Vec<_> = self
            .attackers
            .iter()
            .filter_map(|id| board.unit(*id))
            .collect();
        let side = attackers.first().map(|u| u.side);
        let defenders = board
            .units_at(self.defending_hex)
            .filter(|u| Some(u.side) != side)
            .collect();
        (attackers, defenders)
    }
}
