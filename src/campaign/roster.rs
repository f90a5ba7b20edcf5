//! What a campaign carries from one battle to the next: each unit's men, guns, fatigue and
//! ammunition as its last battle left them, and who is gone — a regiment broken up, a leader
//! killed or taken. Units are known by side and name, so a regiment absent from one battle is
//! kept, as it was, for the next one it fights.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::file::Rest;
use crate::rules::board::Board;
use crate::rules::scenario::{Scenario, ScenarioFile};
use crate::rules::unit::{Ammo, Unit, UnitKind};

/// One unit as its last battle left it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Carried {
    pub men: u32,
    pub guns: u32,
    pub fatigue: u32,
    pub ammo: Ammo,
    /// Broken up, or (a leader) killed or taken: absent from every later battle.
    pub gone: bool,
    /// The battle it last fought, by its campaign id.
    pub last: String,
}

/// Every unit that has fought, by (side's name, unit's name).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roster {
    pub units: BTreeMap<(String, String), Carried>,
}

/// What carrying over did to one unit of the next battle, for the campaign screen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Change {
    pub side: String,
    pub unit: String,
    /// The men (or a leader's name) the battle gives it, and what it brings instead.
    pub men: (u32, u32),
    pub guns: (u32, u32),
    pub fatigue: (u32, u32),
    pub ammo: (Ammo, Ammo),
    /// Gone since `from`: the unit is not in the battle (or his successor leads in his place).
    pub gone: bool,
    pub successor: Option<String>,
    /// The battle it last fought.
    pub from: String,
}

impl Roster {
    /// Records how battle `id` (begun from `start`) left its units on `board`: those on the
    /// map as they stand, those that never arrived untouched, the rest gone.
    pub fn record(&mut self, id: &str, start: &Scenario, board: &Board) {
        let began = start
            .units
            .iter()
            .chain(start.reinforcements.iter().map(|r| &r.unit));
        for u in began {
            let key = (start.side_name(u.side).to_string(), u.name.clone());
            let now = board.units.iter().find(|x| x.id == u.id);
            let waiting = board.reinforcements.iter().any(|r| r.unit.id == u.id);
            let carried = match now {
                Some(x) => as_left(x, id),
                None if waiting => continue,
                None => Carried {
                    gone: true,
                    ..as_left(u, id)
                },
            };
            self.units.insert(key, carried);
        }
    }

    /// A night's rest for every unit carried: fatigue shed, and ammunition filled where the
    /// trains come up.
    pub fn rest(&mut self, rest: Rest) {
        for c in self.units.values_mut() {
            c.fatigue = c.fatigue.saturating_sub(rest.fatigue);
            if rest.resupply {
                c.ammo = Ammo::Normal;
            }
        }
    }

    /// Carries the roster into the next battle's file: a unit it knows starts with the men and
    /// guns it ended its last battle with — fewer than history gave the battle where it bled
    /// more, more where the player kept men history lost (issue 76, item 12) — no more
    /// ammunition and no less tired; a unit gone is left out, a fallen leader replaced by his
    /// successor where the battle names one.
    pub fn carry_into(&self, file: &mut ScenarioFile) -> Vec<Change> {
        let side_names: Vec<String> = file.sides.iter().map(|s| s.name.clone()).collect();
        let mut changes = Vec::new();
        file.units.retain_mut(|u| {
            let side = side_names.get(u.side as usize).cloned().unwrap_or_default();
            let Some(c) = self.units.get(&(side.clone(), u.name.clone())) else {
                return true;
            };
            let tired = c.fatigue.max(u.fatigue);
            let ammo = worse(u.ammo, c.ammo);
            let mut change = Change {
                side,
                unit: u.name.clone(),
                men: (u.men, c.men),
                guns: (u.guns, c.guns),
                fatigue: (u.fatigue, tired),
                ammo: (u.ammo, ammo),
                gone: c.gone,
                successor: None,
                from: c.last.clone(),
            };
            let keep = if c.gone {
                match (u.kind, u.successor.take()) {
                    (UnitKind::Leader, Some(next)) => {
                        u.name = next.clone();
                        change.successor = Some(next);
                        true
                    }
                    _ => false,
                }
            } else {
                u.men = change.men.1;
                u.guns = change.guns.1;
                u.fatigue = tired;
                u.ammo = ammo;
                true
            };
            if change.gone
                || change.men.0 != change.men.1
                || change.guns.0 != change.guns.1
                || change.fatigue.0 != change.fatigue.1
                || change.ammo.0 != change.ammo.1
            {
                changes.push(change);
            }
            keep
        });
        changes
    }
}

impl Change {
    /// One unit carried over, in words: "26th North Carolina (Confederate), after The Railroad
    /// Cut, Gettysburg, 1 July 1863: 840 men (history had 215), fatigue 100". `from` is the
    /// battle it last fought, by name.
    pub fn words(&self, from: &str) -> String {
        let head = format!("{} ({}), after {from}", self.unit, self.side);
        if let Some(s) = &self.successor {
            return format!("{head}: fell; {s} leads in his place");
        }
        if self.gone {
            return format!("{head}: lost — not in this battle");
        }
        let mut parts = Vec::new();
        if self.men.0 != self.men.1 {
            parts.push(format!("{} men (history had {})", self.men.1, self.men.0));
        }
        if self.guns.0 != self.guns.1 {
            parts.push(format!(
                "{} guns (history had {})",
                self.guns.1, self.guns.0
            ));
        }
        if self.fatigue.0 != self.fatigue.1 {
            parts.push(format!("fatigue {}", self.fatigue.1));
        }
        if self.ammo.0 != self.ammo.1 {
            parts.push(
                match self.ammo.1 {
                    Ammo::Normal => "ammunition full",
                    Ammo::Low => "ammunition low",
                    Ammo::Out => "out of ammunition",
                }
                .to_string(),
            );
        }
        format!("{head}: {}", parts.join(", "))
    }
}

fn as_left(u: &Unit, id: &str) -> Carried {
    Carried {
        men: u.men,
        guns: u.guns,
        fatigue: u.fatigue,
        ammo: u.ammo,
        gone: false,
        last: id.to_string(),
    }
}

/// The lower of two ammunition states.
fn worse(a: Ammo, b: Ammo) -> Ammo {
    let rank = |x: Ammo| match x {
        Ammo::Normal => 0,
        Ammo::Low => 1,
        Ammo::Out => 2,
    };
    if rank(a) >= rank(b) { a } else { b }
}
