//! Units: regiments, batteries, leaders and wagon trains, with their state.

use serde::{Deserialize, Serialize};

use super::hex::{Facing, Hex};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct UnitId(pub u32);

impl std::fmt::Display for UnitId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// The two sides, by index into the scenario's side list.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub struct Side(pub u8);

impl Side {
    pub fn enemy(self) -> Side {
        Side(1 - self.0)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum UnitKind {
    Infantry,
    Cavalry,
    Artillery,
    Supply,
    Leader,
}

impl UnitKind {
    pub fn name(self) -> &'static str {
        match self {
            UnitKind::Infantry => "infantry",
            UnitKind::Cavalry => "cavalry",
            UnitKind::Artillery => "artillery",
            UnitKind::Supply => "supply wagon",
            UnitKind::Leader => "leader",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Formation {
    Line,
    Column,
    Mounted,
    Dismounted,
    /// Cavalry part-way from mounted to dismounted.
    Dismounting,
    Limbered,
    Unlimbered,
}

impl Formation {
    pub fn valid_for(self, kind: UnitKind) -> bool {
        use Formation::*;
        match kind {
            UnitKind::Infantry => matches!(self, Line | Column),
            UnitKind::Cavalry => matches!(self, Mounted | Dismounted | Dismounting),
            UnitKind::Artillery => matches!(self, Limbered | Unlimbered),
            UnitKind::Supply => matches!(self, Column),
            UnitKind::Leader => matches!(self, Mounted),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Formation::Line => "line",
            Formation::Column => "column",
            Formation::Mounted => "mounted",
            Formation::Dismounted => "dismounted",
            Formation::Dismounting => "dismounting",
            Formation::Limbered => "limbered",
            Formation::Unlimbered => "unlimbered",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Quality {
    A,
    B,
    C,
    D,
    E,
    F,
}

impl Quality {
    /// Every quality, best first.
    pub const ALL: [Quality; 6] = [
        Quality::A,
        Quality::B,
        Quality::C,
        Quality::D,
        Quality::E,
        Quality::F,
    ];

    /// Morale value: A..F → 6..1 (§9.6).
    pub fn morale(self) -> i32 {
        6 - self as i32
    }
}

/// A leader's level of command (D-bod-5): a brigade's officer, or a general of a division,
/// corps or army.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Default,
)]
pub enum CommandLevel {
    #[default]
    Brigade,
    Division,
    Corps,
    Army,
}

impl CommandLevel {
    pub fn is_brigade(&self) -> bool {
        *self == CommandLevel::Brigade
    }

    pub fn is_general(&self) -> bool {
        !self.is_brigade()
    }
}

/// What a leader commands (D-cc-1): a brigade, division or corps by its scenario id, or the
/// army (his side).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Post {
    Brigade(String),
    Division(String),
    Corps(String),
    Army,
}

impl Post {
    /// The level of command that goes with it.
    pub fn level(&self) -> CommandLevel {
        match self {
            Post::Brigade(_) => CommandLevel::Brigade,
            Post::Division(_) => CommandLevel::Division,
            Post::Corps(_) => CommandLevel::Corps,
            Post::Army => CommandLevel::Army,
        }
    }
}

/// What kind of horse a cavalry regiment is, for the melee systems that tell them apart
/// (§15.4, D-aus-3); light unless the scenario says otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum CavalryKind {
    #[default]
    Light,
    Heavy,
    Lancer,
}

impl CavalryKind {
    pub fn is_light(&self) -> bool {
        *self == CavalryKind::Light
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Ammo {
    #[default]
    Normal,
    Low,
    Out,
}

/// What has become of a battery's crew (§9.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Crew {
    #[default]
    Crewed,
    Uncrewed,
    Spiked,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FatigueLevel {
    Low,
    Medium,
    High,
    Maximum,
}

impl FatigueLevel {
    pub fn name(self) -> &'static str {
        match self {
            FatigueLevel::Low => "low",
            FatigueLevel::Medium => "medium",
            FatigueLevel::High => "high",
            FatigueLevel::Maximum => "maximum",
        }
    }

    pub fn of(fatigue: u32) -> FatigueLevel {
        match fatigue {
            0..=299 => FatigueLevel::Low,
            300..=599 => FatigueLevel::Medium,
            600..=899 => FatigueLevel::High,
            _ => FatigueLevel::Maximum,
        }
    }
}

/// What a unit has done this side turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct TurnMarks {
    pub moved: bool,
    pub fired: bool,
    pub meleed: bool,
    /// Defended in melee this phase and retreated (defends at ÷2 if meleed again).
    pub retreated: bool,
    pub opportunity_fired: bool,
    /// Movement points spent this turn (moving, turning, changing formation).
    pub mp_used: u32,
    /// The hex it fired at this turn (La Bataille L1).
    #[serde(default)]
    pub fired_at: Option<Hex>,
    /// Men (a gun as the men that remove it) lost to opportunity fire this turn (La Bataille's
    /// pre-melee check).
    #[serde(default)]
    pub fire_losses: u32,
    /// May not move this turn (an impetus square that fought cavalry, D-imp-9).
    #[serde(default)]
    pub held: bool,
    /// Hexes it may still advance after winning a melee, and the steps taken (§15.1 D-bod-8).
    #[serde(default)]
    pub advance_left: u32,
    #[serde(default)]
    pub advance_steps: u32,
    /// Its move ended in an enemy zone of control: its movement is over for the turn (§4).
    /// (Left out of a save when false, so that saves made before it read and hash as they did.)
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub zoc_stopped: bool,
}

/// One counter on the map, as the rules see it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Unit {
    pub id: UnitId,
    pub name: String,
    pub side: Side,
    pub brigade: String,
    pub kind: UnitKind,
    pub formation: Formation,
    pub hex: Hex,
    pub facing: Facing,
    /// Men (infantry, cavalry), crew men (artillery), wagons' points (supply); 0 for leaders.
    pub men: u32,
    /// Guns (artillery only).
    pub guns: u32,
    pub weapon: String,
    pub quality: Quality,
    pub fatigue: u32,
    pub disrupted: bool,
    pub routed: bool,
    /// Fixed until this turn (inclusive); None when free.
    pub fixed_until: Option<u32>,
    pub isolated: bool,
    pub ammo: Ammo,
    pub crew: Crew,
    /// The side that owned this battery before it was captured (§9.5).
    pub captured_from: Option<Side>,
    /// Guns the battery had when it was captured: what it is worth to its captor (§9.5).
    #[serde(default)]
    pub captured_guns: u32,
    /// The full-hex bridge this unit is repairing (optional Bridge Limit and Repair, §11).
    #[serde(default)]
    pub repairing: Option<Hex>,
    pub marks: TurnMarks,
    /// Light, heavy or lancers (cavalry; left out of saves when light).
    #[serde(default, skip_serializing_if = "CavalryKind::is_light")]
    pub cavalry: CavalryKind,
    /// A leader's level of command (left out of saves at brigade level).
    #[serde(default, skip_serializing_if = "CommandLevel::is_brigade")]
    pub command: CommandLevel,
    /// The impetus winner's morale improvement, earned once (§15.2): its morale value is one
    /// better than its quality's.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub morale_bonus: bool,
    /// Held in place in its side's next turn (D-imp-9).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hold_next_turn: bool,
    /// What a leader commands, where the scenario says so or a successor took it over (§17
    /// D-cc-1); none: his own brigade's formation at his level.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commands: Option<Post>,
    /// Out of command for its side's turn (§17 D-cc-3; left out of saves while in command).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub out_of_command: bool,
}

impl Unit {
    pub fn is_leader(&self) -> bool {
        self.kind == UnitKind::Leader
    }

    /// Whether entering an objective takes it (§13, D-obj-1): a combat unit does, a leader or a
    /// wagon does not.
    pub fn takes_objectives(&self) -> bool {
        !matches!(self.kind, UnitKind::Leader | UnitKind::Supply)
    }

    pub fn is_fixed(&self) -> bool {
        self.fixed_until.is_some()
    }

    pub fn is_mounted_cavalry(&self) -> bool {
        self.kind == UnitKind::Cavalry && self.formation == Formation::Mounted
    }

    pub fn is_dismounted_cavalry(&self) -> bool {
        self.kind == UnitKind::Cavalry && self.formation == Formation::Dismounted
    }

    pub fn is_captured(&self) -> bool {
        self.captured_from.is_some()
    }

    /// Men for stacking: each gun counts as `gun_men` men (§5); a leader has no men (scenario
    /// loading refuses one with any), so counts none.
    pub fn stacking_men(&self, gun_men: u32) -> u32 {
        match self.kind {
            UnitKind::Artillery => self.guns * gun_men,
            _ => self.men,
        }
    }

    /// Whether this unit exerts a zone of control (§4).
    pub fn exerts_zoc(&self) -> bool {
        match self.kind {
            UnitKind::Leader | UnitKind::Supply => false,
            UnitKind::Artillery => {
                self.formation == Formation::Unlimbered
                    && self.crew == Crew::Crewed
                    && !self.is_captured()
                    && !self.routed
            }
            _ => !self.routed,
        }
    }

    /// Whether this unit, alone in its hex, lets a retreating enemy in (and is then eliminated)
    /// (§10).
    pub fn blocks_retreat(&self) -> bool {
        match self.kind {
            UnitKind::Leader | UnitKind::Supply => false,
            UnitKind::Artillery => {
                self.formation == Formation::Unlimbered && self.crew == Crew::Crewed
            }
            _ => true,
        }
    }

    /// The hexes in front of this unit (§4).
    pub fn front_hexes(&self) -> [Hex; 3] {
        self.facing.front().map(|f| self.hex + f.step())
    }

    pub fn fatigue_level(&self) -> FatigueLevel {
        FatigueLevel::of(self.fatigue)
    }

    /// Whether the unit is gone from play (no men and no guns; leaders never are by losses).
    pub fn is_spent(&self) -> bool {
        match self.kind {
            UnitKind::Artillery => self.guns == 0,
            UnitKind::Leader => false,
            _ => self.men == 0,
        }
    }
}

/// A unit waiting off the map for its turn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Reinforcement {
    /// The game turn on which it enters, at the start of its side's turn.
    pub turn: u32,
    /// The unit, standing at its arrival hex.
    pub unit: Unit,
}
