//! Why the rules refuse an order, in players' words: a melee restriction of §9.1 by its number,
//! or a named reason ("not your turn", "out of reach" …), with the unit it concerns.

use serde::{Deserialize, Serialize};

use super::unit::UnitId;

/// The kind of fault, named as a player would name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// One of the eight melee restrictions of §9.1 (`Refusal::rule` holds its number).
    MeleeRule,
    /// The order does not describe a melee: nothing to attack, nobody committed, not adjacent.
    NotAMelee,
    GameOver,
    NotYourTurn,
    NoSuchUnit,
    /// The unit may not act now (routed, used up, Fixed, captured …).
    CannotAct,
    OutOfReach,
    CannotFire,
    /// The unit is already committed to another pending melee (§9.1 rule 6 also says so).
    AlreadyCommitted,
    NoPendingMelee,
    NoBridge,
    /// Spike or Recrew of guns that do not allow it.
    Guns,
    /// A hex that is not on the map.
    OffMap,
    /// Settings (optional rules, Parameter Data) that cannot change now.
    Settings,
    /// Phased Play: the order belongs to another phase of the turn.
    NotThisPhase,
    /// Undo with nothing that can be taken back.
    NothingToUndo,
    /// A melee system's own restriction (§15: B1…, I1…, L1…, A1…; `Refusal::code` names it).
    SystemRule,
    /// Fog of war (§16 D-fow-5): no unit of the side sees the target hex.
    Unseen,
    /// Command Control (§17 D-cc-4): the unit is out of command.
    OutOfCommand,
}

impl Reason {
    pub fn words(self) -> &'static str {
        match self {
            Reason::MeleeRule => "melee restriction",
            Reason::NotAMelee => "not a melee",
            Reason::GameOver => "the game is over",
            Reason::NotYourTurn => "not your turn",
            Reason::NoSuchUnit => "no such unit",
            Reason::CannotAct => "cannot act",
            Reason::OutOfReach => "out of reach",
            Reason::CannotFire => "cannot fire",
            Reason::AlreadyCommitted => "already committed",
            Reason::NoPendingMelee => "no melee pending",
            Reason::NoBridge => "no bridge",
            Reason::Guns => "guns",
            Reason::OffMap => "off the map",
            Reason::Settings => "settings",
            Reason::NotThisPhase => "not in this phase",
            Reason::NothingToUndo => "nothing to undo",
            Reason::Unseen => "not in sight",
            Reason::OutOfCommand => "out of command",
            Reason::SystemRule => "melee restriction",
        }
    }
}

/// One reason an order is refused. `rule` is the number in RULES.md §9.1 (1–8) for a melee
/// restriction, 0 otherwise.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Refusal {
    pub rule: u8,
    pub reason: Reason,
    pub unit: Option<UnitId>,
    pub message: String,
    /// A melee system's own restriction by its §15 code ("A1"); empty otherwise.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub code: String,
}

impl Refusal {
    /// A §9.1 restriction (rule 1–8), or, for rule 0, an order that describes no melee.
    pub fn melee(rule: u8, unit: Option<UnitId>, message: impl Into<String>) -> Refusal {
        Refusal {
            rule,
            reason: if rule == 0 {
                Reason::NotAMelee
            } else {
                Reason::MeleeRule
            },
            unit,
            message: message.into(),
            code: String::new(),
        }
    }

    /// A melee system's own restriction (§15), by its code.
    pub fn system(code: &str, unit: Option<UnitId>, message: impl Into<String>) -> Refusal {
        Refusal {
            rule: 0,
            reason: Reason::SystemRule,
            unit,
            message: message.into(),
            code: code.into(),
        }
    }

    pub fn new(reason: Reason, unit: Option<UnitId>, message: impl Into<String>) -> Refusal {
        Refusal {
            rule: if reason == Reason::AlreadyCommitted {
                6
            } else {
                0
            },
            reason,
            unit,
            message: message.into(),
            code: String::new(),
        }
    }

    /// The order names a unit that is not in the game (or no longer).
    pub fn no_such_unit(id: UnitId) -> Refusal {
        Refusal::new(
            Reason::NoSuchUnit,
            Some(id),
            format!("there is no unit {id}"),
        )
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // What is wrong first, as a sentence; then the rule it cites.
        let mut m = self.message.chars();
        let first = m
            .next()
            .map(|c| c.to_uppercase().to_string())
            .unwrap_or_default();
        let said = first + m.as_str();
        if !self.code.is_empty() {
            write!(f, "{said} (§15 rule {})", self.code)
        } else if self.rule > 0 {
            write!(f, "{said} (§9.1 rule {})", self.rule)
        } else {
            write!(f, "{said}")
        }
    }
}
