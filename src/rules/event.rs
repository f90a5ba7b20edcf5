//! What happened: one enum of past-tense facts, in the order they happened, that the one
//! interpreter (`rules::game`) returns for every order it carries out; and the answer a player
//! is given for an order (refused, or done and what it caused). The window, the server's
//! records, saves, the command line's JSON and the replays all read these.

use serde::{Deserialize, Serialize};

use super::hex::Hex;
use super::melee::{Breakdown, Declaration, MeleeOutcome, Odds};
use super::morale::{MoraleCheck, RoutMove};
use super::order::Order;
use super::refusal::Refusal;
use super::unit::{Side, UnitId};

/// A unit moved, and the fire it drew on the way.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UnitMoved {
    pub moved: super::movement::Moved,
    pub opportunity_fire: Vec<super::fire::FireOutcome>,
}

/// A unit fired (by order, by opportunity, or at melee attackers).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Fired(pub super::fire::FireOutcome);

/// The game ended after its last turn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameEnded(pub super::victory::VictoryReport);

/// An order the rules refused, with every reason.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OrderRejected {
    pub order: Order,
    pub reasons: Vec<Refusal>,
}

/// A melee is pending (new or grown), with its breakdown and odds as they stand.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MeleeDeclared {
    pub declaration: Declaration,
    pub breakdown: Breakdown,
    /// The melee alone (`rules::melee::whole_odds` gives the whole resolution, for a display).
    pub odds: Odds,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MeleeCancelled {
    pub defending_hex: Hex,
}

/// A pending melee that did not go ahead: the defenders' fire broke the attack up (its results
/// come with it, first), or an earlier melee left it impossible. `seq` is its place among the
/// melees of its Resolve, as is each `MeleeResolved`'s.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MeleeCalledOff {
    pub seq: usize,
    pub declaration: Declaration,
    pub reasons: Vec<Refusal>,
    pub defensive_fire: Vec<super::fire::FireOutcome>,
}

/// One melee resolved, with the full breakdown and every result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MeleeResolved(pub MeleeOutcome);

/// Whether `f` was the defenders' fire before one of the melees among `events` (every fire is
/// a `Fired`; a report tells this one with its melee, in its place).
pub fn before_a_melee(f: &super::fire::FireOutcome, events: &[&Event]) -> bool {
    events.iter().any(|e| match e {
        Event::MeleeResolved(m) => m.0.defensive_fire.contains(f),
        Event::MeleeCalledOff(c) => c.defensive_fire.contains(f),
        _ => false,
    })
}

/// The end-of-phase morale checks of defenders that lost melees, and any routs they caused.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PhaseMoraleChecked {
    pub checks: Vec<MoraleCheck>,
    pub routs: Vec<RoutMove>,
}

/// An order was accepted and carried out.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OrderDone {
    pub order: Order,
}

/// A losing defender retreated (a step of melee resolution).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Retreated(pub super::melee::Retreat);

/// A battery that could not retreat changed side (optional Artillery Capture).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GunsCaptured {
    pub battery: UnitId,
    pub by: Side,
}

/// A winning attacker advanced into the defending hex (or, by an Advance order, a hex on).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Advanced {
    pub unit: UnitId,
    pub to: Hex,
}

/// Phased Play: a phase of the side turn began; `side` gives its orders.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PhaseBegan {
    pub phase: super::board::Phase,
    pub side: Side,
}

/// A side's turn began.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TurnBegan {
    pub turn: u32,
    pub side: Side,
    pub clock: String,
    pub start: super::turn::TurnStart,
}

/// A step was taken back: the state is as it was before `what`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Undone {
    pub what: String,
}

/// One thing that happened, in the order it happened. Variant names are the JSON names every
/// reader has always been sent.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Event {
    Moved(UnitMoved),
    Fired(Fired),
    MeleeDeclared(MeleeDeclared),
    MeleeCancelled(MeleeCancelled),
    MeleeCalledOff(MeleeCalledOff),
    MeleeResolved(MeleeResolved),
    Retreated(Retreated),
    GunsCaptured(GunsCaptured),
    Advanced(Advanced),
    PhaseMoraleChecked(PhaseMoraleChecked),
    TurnBegan(TurnBegan),
    PhaseBegan(PhaseBegan),
    GameEnded(GameEnded),
    Undone(Undone),
}

/// The answer to an order, as a player is told it: refused with its reasons, or done, then
/// what it caused. Events keep their own names in JSON (`{"Moved": …}`), as they always were.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Outcome {
    Rejected(OrderRejected),
    Done(OrderDone),
    #[serde(untagged)]
    Happened(Event),
}

impl Outcome {
    /// The refusal's reasons, when the order was refused.
    pub fn refusal(&self) -> Option<&OrderRejected> {
        match self {
            Outcome::Rejected(r) => Some(r),
            _ => None,
        }
    }

    /// What happened, when this is an event.
    pub fn event(&self) -> Option<&Event> {
        match self {
            Outcome::Happened(e) => Some(e),
            _ => None,
        }
    }
}

/// An event of one kind, picked out of the one stream (`Event::kind`): what a reader that wants
/// one kind only asks for, in place of a message per kind.
pub trait Kind: Sized {
    fn pick(e: &Event) -> Option<&Self>;
}

macro_rules! kinds {
    ($($variant:ident => $kind:ty),* $(,)?) => {
        $(impl Kind for $kind {
            fn pick(e: &Event) -> Option<&Self> {
                match e {
                    Event::$variant(x) => Some(x),
                    _ => None,
                }
            }
        })*
    };
}

kinds! {
    Moved => UnitMoved,
    Fired => Fired,
    MeleeDeclared => MeleeDeclared,
    MeleeCancelled => MeleeCancelled,
    MeleeCalledOff => MeleeCalledOff,
    MeleeResolved => MeleeResolved,
    Retreated => Retreated,
    GunsCaptured => GunsCaptured,
    Advanced => Advanced,
    PhaseMoraleChecked => PhaseMoraleChecked,
    TurnBegan => TurnBegan,
    PhaseBegan => PhaseBegan,
    GameEnded => GameEnded,
    Undone => Undone,
}

impl Event {
    /// The event as kind `K`, if it is one.
    pub fn kind<K: Kind>(&self) -> Option<&K> {
        K::pick(self)
    }
}
