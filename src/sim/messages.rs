//! Orders in, outcomes out: the messages every kind of player uses.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::rules::hex::Hex;
use crate::rules::melee::{Breakdown, Declaration, MeleeOutcome, Odds};
use crate::rules::morale::{MoraleCheck, RoutMove};
use crate::rules::order::Order;
use crate::rules::refusal::Refusal;
use crate::rules::unit::{Side, UnitId};

/// An order given to the game, by anyone: a player's click or touch, the computer, an orders
/// file, a replayed log, a test.
#[derive(Message, Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GiveOrder(pub Order);

/// A unit moved, and the fire it drew on the way.
#[derive(Message, Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UnitMoved {
    pub moved: crate::rules::movement::Moved,
    pub opportunity_fire: Vec<crate::rules::fire::FireOutcome>,
}

/// A unit fired (by order, by opportunity, or at melee attackers).
#[derive(Message, Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Fired(pub crate::rules::fire::FireOutcome);

/// The game ended after its last turn.
#[derive(Message, Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameEnded(pub crate::rules::victory::VictoryReport);

/// An order the rules refused, with every reason.
#[derive(Message, Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OrderRejected {
    pub order: Order,
    pub reasons: Vec<Refusal>,
}

/// A melee is pending (new or grown), with its breakdown and odds as they stand.
#[derive(Message, Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MeleeDeclared {
    pub declaration: Declaration,
    pub breakdown: Breakdown,
    /// The melee alone (`rules::melee::whole_odds` gives the whole resolution, for a display).
    pub odds: Odds,
}

#[derive(Message, Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MeleeCancelled {
    pub defending_hex: Hex,
}

/// A pending melee that did not go ahead: the defenders' fire broke the attack up (its results
/// come with it, first), or an earlier melee left it impossible. `seq` is its place among the
/// melees of its Resolve, as is each `MeleeResolved`'s.
#[derive(Message, Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MeleeCalledOff {
    pub seq: usize,
    pub declaration: Declaration,
    pub reasons: Vec<Refusal>,
    pub defensive_fire: Vec<crate::rules::fire::FireOutcome>,
}

/// One melee resolved, with the full breakdown and every result.
#[derive(Message, Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MeleeResolved(pub MeleeOutcome);

/// Whether `f` was the defenders' fire before one of these melees (every fire is a `Fired`;
/// a report tells this one with its melee, in its place).
pub fn defensive_fire_of(
    f: &crate::rules::fire::FireOutcome,
    resolved: &[&MeleeResolved],
    called: &[&MeleeCalledOff],
) -> bool {
    resolved.iter().any(|m| m.0.defensive_fire.contains(f))
        || called.iter().any(|c| c.defensive_fire.contains(f))
}

/// The end-of-phase morale checks of defenders that lost melees, and any routs they caused.
#[derive(Message, Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PhaseMoraleChecked {
    pub checks: Vec<MoraleCheck>,
    pub routs: Vec<RoutMove>,
}

/// An order was accepted and carried out.
#[derive(Message, Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OrderDone {
    pub order: Order,
}

/// A losing defender retreated (a step of melee resolution).
#[derive(Message, Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Retreated(pub crate::rules::melee::Retreat);

/// A battery that could not retreat changed side (optional Artillery Capture).
#[derive(Message, Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GunsCaptured {
    pub battery: UnitId,
    pub by: Side,
}

/// A winning attacker advanced into the defending hex (or, by an Advance order, a hex on).
#[derive(Message, Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Advanced {
    pub unit: UnitId,
    pub to: Hex,
}

/// Phased Play: a phase of the side turn began; `side` gives its orders.
#[derive(Message, Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PhaseBegan {
    pub phase: crate::rules::board::Phase,
    pub side: Side,
}

/// A side's turn began.
#[derive(Message, Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TurnBegan {
    pub turn: u32,
    pub side: Side,
    pub clock: String,
    pub start: crate::rules::turn::TurnStart,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<GiveOrder>()
        .add_message::<OrderRejected>()
        .add_message::<OrderDone>()
        .add_message::<MeleeDeclared>()
        .add_message::<MeleeCancelled>()
        .add_message::<MeleeResolved>()
        .add_message::<MeleeCalledOff>()
        .add_message::<Retreated>()
        .add_message::<GunsCaptured>()
        .add_message::<Advanced>()
        .add_message::<PhaseMoraleChecked>()
        .add_message::<TurnBegan>()
        .add_message::<PhaseBegan>()
        .add_message::<UnitMoved>()
        .add_message::<Fired>()
        .add_message::<GameEnded>();
}
