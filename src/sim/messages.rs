//! Orders in, outcomes out: the messages every kind of player uses.

use bevy::prelude::*;

use crate::rules::hex::Hex;
use crate::rules::melee::{Breakdown, Declaration, MeleeOutcome, Odds, Violation};
use crate::rules::morale::{MoraleCheck, RoutMove};
use crate::rules::unit::{Side, UnitId};

/// Commit units to a melee on `defending_hex` (adds to a pending melee on that hex): the
/// `attackers` named, plus what a drag from each of `from_hexes` commits (every unit there
/// that may melee; artillery and wagons stay behind).
#[derive(Message, Debug, Clone, PartialEq, Default)]
pub struct DeclareMelee {
    pub attackers: Vec<UnitId>,
    pub from_hexes: Vec<Hex>,
    pub defending_hex: Hex,
}

impl DeclareMelee {
    pub fn units(attackers: Vec<UnitId>, defending_hex: Hex) -> DeclareMelee {
        DeclareMelee {
            attackers,
            from_hexes: Vec::new(),
            defending_hex,
        }
    }

    pub fn from_hex(hex: Hex, defending_hex: Hex) -> DeclareMelee {
        DeclareMelee {
            attackers: Vec::new(),
            from_hexes: vec![hex],
            defending_hex,
        }
    }
}

/// The *Damage Bridge* order (§11): the units attack an unoccupied full-hex bridge they face.
#[derive(Message, Debug, Clone, PartialEq)]
pub struct DamageBridge {
    pub attackers: Vec<UnitId>,
    pub bridge: Hex,
}

/// Withdraw the pending melee on a hex.
#[derive(Message, Debug, Clone, PartialEq)]
pub struct CancelMelee {
    pub defending_hex: Hex,
}

/// Resolve every pending melee, in declaration order (the toolbar's Resolve button).
#[derive(Message, Debug, Clone, Copy, PartialEq, Default)]
pub struct ResolveMelees;

/// End the acting side's turn (pending melees resolve first).
#[derive(Message, Debug, Clone, Copy, PartialEq, Default)]
pub struct EndTurn;

/// Spike a captured battery with a unit stacked with it.
#[derive(Message, Debug, Clone, Copy, PartialEq)]
pub struct SpikeGuns {
    pub battery: UnitId,
    pub by: UnitId,
}

/// Crew a won-back battery with a friendly unit stacked with it.
#[derive(Message, Debug, Clone, Copy, PartialEq)]
pub struct RecrewGuns {
    pub battery: UnitId,
    pub by: UnitId,
}

/// Move a unit to `to` by the cheapest path, or along `path` (adjacent hexes, own hex
/// excluded). The enemy may fire at it on the way.
#[derive(Message, Debug, Clone, PartialEq)]
pub struct MoveOrder {
    pub unit: UnitId,
    pub to: Hex,
    pub path: Option<Vec<Hex>>,
}

/// Turn a unit to face a hexside.
#[derive(Message, Debug, Clone, Copy, PartialEq)]
pub struct FaceOrder {
    pub unit: UnitId,
    pub facing: crate::rules::hex::Facing,
}

/// Change a unit's formation.
#[derive(Message, Debug, Clone, Copy, PartialEq)]
pub struct FormationOrder {
    pub unit: UnitId,
    pub formation: crate::rules::unit::Formation,
}

/// Fire a unit at a hex.
#[derive(Message, Debug, Clone, Copy, PartialEq)]
pub struct FireOrder {
    pub unit: UnitId,
    pub target: Hex,
}

/// A unit moved, and the fire it drew on the way.
#[derive(Message, Debug, Clone, PartialEq)]
pub struct UnitMoved {
    pub moved: crate::rules::movement::Moved,
    pub opportunity_fire: Vec<crate::rules::fire::FireOutcome>,
}

/// A unit fired (by order, by opportunity, or at melee attackers).
#[derive(Message, Debug, Clone, PartialEq)]
pub struct Fired(pub crate::rules::fire::FireOutcome);

/// The game ended after its last turn.
#[derive(Message, Debug, Clone, PartialEq)]
pub struct GameEnded(pub crate::rules::victory::VictoryReport);

/// An order the rules refused, with every reason.
#[derive(Message, Debug, Clone, PartialEq)]
pub struct OrderRejected {
    pub order: String,
    pub reasons: Vec<Violation>,
}

/// A melee is pending (new or grown), with its breakdown and odds as they stand.
#[derive(Message, Debug, Clone, PartialEq)]
pub struct MeleeDeclared {
    pub declaration: Declaration,
    pub breakdown: Breakdown,
    pub odds: Odds,
}

#[derive(Message, Debug, Clone, PartialEq)]
pub struct MeleeCancelled {
    pub defending_hex: Hex,
}

/// One melee resolved, with the full breakdown and every result.
#[derive(Message, Debug, Clone, PartialEq)]
pub struct MeleeResolved(pub MeleeOutcome);

/// The end-of-phase morale checks of defenders that lost melees, and any routs they caused.
#[derive(Message, Debug, Clone, PartialEq)]
pub struct PhaseMoraleChecked {
    pub checks: Vec<MoraleCheck>,
    pub routs: Vec<RoutMove>,
}

/// An order other than a melee was carried out.
#[derive(Message, Debug, Clone, PartialEq)]
pub struct OrderDone {
    pub order: String,
}

/// A side's turn began.
#[derive(Message, Debug, Clone, PartialEq)]
pub struct TurnBegan {
    pub turn: u32,
    pub side: Side,
    pub clock: String,
    pub start: crate::rules::turn::TurnStart,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<DeclareMelee>()
        .add_message::<DamageBridge>()
        .add_message::<CancelMelee>()
        .add_message::<ResolveMelees>()
        .add_message::<EndTurn>()
        .add_message::<SpikeGuns>()
        .add_message::<RecrewGuns>()
        .add_message::<OrderRejected>()
        .add_message::<MeleeDeclared>()
        .add_message::<MeleeCancelled>()
        .add_message::<MeleeResolved>()
        .add_message::<PhaseMoraleChecked>()
        .add_message::<OrderDone>()
        .add_message::<TurnBegan>()
        .add_message::<MoveOrder>()
        .add_message::<FaceOrder>()
        .add_message::<FormationOrder>()
        .add_message::<FireOrder>()
        .add_message::<UnitMoved>()
        .add_message::<Fired>()
        .add_message::<GameEnded>();
}
