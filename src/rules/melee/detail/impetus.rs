//! Impetus's own record (seed 002, RULES.md §15.2): both sides' ratings, the grounds the rounds
//! are fought on, and the rounds as the dice made them.

use serde::{Deserialize, Serialize};

use crate::rules::combat::MeleeSide;
use crate::rules::hex::Hex;
use crate::rules::melee::Class;
use crate::rules::params::impetus::ImpetusParams;
use crate::rules::unit::UnitId;

/// A morale result (D-imp-7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Morale {
    /// Stand.
    S,
    /// Stand, Disordered.
    SD,
    /// Fall back one hex keeping facing.
    FB,
    /// Forced back: one hex, Disordered, extra losses.
    FC,
    /// Rout.
    R,
}

impl Morale {
    pub fn code(self) -> &'static str {
        match self {
            Morale::S => "S",
            Morale::SD => "S/D",
            Morale::FB => "FB",
            Morale::FC => "FC",
            Morale::R => "R",
        }
    }

    pub fn moves(self) -> bool {
        matches!(self, Morale::FB | Morale::FC | Morale::R)
    }

    /// The result of `die` on column `c`: net = die + 5 − c.
    pub fn of(die: u8, column: i32) -> Morale {
        match die as i32 + 5 - column {
            n if n >= 3 => Morale::S,
            2 => Morale::SD,
            1 => Morale::FB,
            0 => Morale::FC,
            _ => Morale::R,
        }
    }
}

/// What a side's lead unit is, for its impetus.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum LeadKind {
    MountedCavalry,
    InfantryColumn,
    InfantryLine,
    DismountedCavalry,
    Square,
    ArtilleryUnlimbered,
    /// Limbered guns and wagons.
    Limbered,
}

/// One side as its lead unit rates it (D-sys-4), with the modifiers that do not change from
/// round to round.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ImpetusSide {
    pub lead: Option<UnitId>,
    pub lead_name: String,
    pub kind: LeadKind,
    pub charging: bool,
    /// Round 1's impetus (before Disordered halves it).
    pub impetus: i32,
    /// The "other attacker" value (an attacker's later rounds).
    pub other: i32,
    /// Morale value M.
    pub morale: i32,
    pub disordered: bool,
    /// Men in the melee (crews for batteries; leaders none).
    pub men: u32,
    /// Score modifiers fixed for the melee (quality, leader, fatigue), by name.
    pub score: Vec<(String, i32)>,
    /// Morale column modifiers fixed for the melee (contact, leader, fatigue), by name.
    pub column: Vec<(String, i32)>,
}

/// Where the defender stands in a round: the defending hex, then each hex it is predicted to
/// fall back to (§15.2 odds: retreat hexes predicted at declaration).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Ground {
    pub hex: Hex,
    /// The defender's score modifiers from its ground, by name.
    pub score: Vec<(String, i32)>,
}

/// The §15.2 breakdown: both sides' ratings, the contact, whether cavalry must close with a
/// square, and the grounds the rounds are fought on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ImpetusBreakdown {
    pub attacker: ImpetusSide,
    pub defender: ImpetusSide,
    pub contact: Class,
    /// The defender forms square against mounted cavalry (D-imp-2).
    pub square: bool,
    /// The attacker must first close to contact (cavalry against a square).
    pub close_to_contact: bool,
    pub follow_up: bool,
    /// Whether the committed attackers have a hex to fall back to (else FB becomes FC).
    pub attacker_can_fall_back: bool,
    /// Whether every defender can leave its hex (guns that cannot retreat hold it).
    pub defender_mobile: bool,
    /// [0] the defending hex; [k] where the defender stands after falling back k times. It
    /// ends where the defender would have no hex to fall back to (then it surrenders).
    pub grounds: Vec<Ground>,
    pub params: ImpetusParams,
}

/// One round as fought.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Round {
    /// [attacker, defender].
    pub impetus: [i32; 2],
    pub scores: [i32; 2],
    pub losses: [u32; 2],
    pub columns: [i32; 2],
    pub results: [Morale; 2],
    /// The defender's ground for this round (index into `grounds`).
    pub ground: usize,
}

/// What the four (five) dice make of a melee: deterministic given the dice.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Fight {
    /// The cavalry's close-to-contact result, when it had to close with a square.
    pub closing: Option<Morale>,
    pub rounds: Vec<Round>,
    /// Men each side lost, the FC and rout losses included.
    pub attacker_loss: u32,
    pub defender_loss: u32,
    /// The first movement result of each side (FB, FC or R).
    pub attacker_moved: Option<Morale>,
    pub defender_moved: Option<Morale>,
    /// How many hexes the defender fell back.
    pub defender_fell_back: u32,
    /// The defender routed, in whichever round (D-sys-8: its end state).
    #[serde(default)]
    pub defender_routed: bool,
    /// The defender had to fall back with no hex to go to.
    pub surrendered: bool,
    /// Mounted cavalry broke off after losing a round to infantry or artillery.
    pub broke_off: bool,
    pub attacker_disordered: bool,
    pub defender_disordered: bool,
    pub loser: Option<MeleeSide>,
}
