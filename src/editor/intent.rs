//! The commander's intent as the editor shows and steps it: each order's side, formation,
//! mission, objective and turns, and who attacks in the battle (`rules::intent`). Plain Rust:
//! the window's panel and the tests step the same fields.

use serde::{Deserialize, Serialize};

use crate::rules::intent::Mission;
use crate::rules::scenario::{Action, IntentSpec, ScenarioFile};

/// A field of one order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum OrderField {
    Side,
    Formation,
    Mission,
    Objective,
    From,
    Until,
}

/// What a new order for `side` says: the whole side, attacking where it attacks in the battle
/// and holding otherwise, its objective its own choice, for the whole battle.
pub fn new_order(file: &ScenarioFile, side: u8) -> IntentSpec {
    let attacks = match file.action {
        Some(Action::Attack(s)) => s == side,
        Some(Action::Meeting) => true,
        None => false,
    };
    IntentSpec {
        side,
        formation: None,
        mission: if attacks {
            Mission::Attack
        } else {
            Mission::Hold
        },
        objective: None,
        from: None,
        until: None,
    }
}

/// The formations of `side` an order may be given to, the whole side (`None`) first, then its
/// corps, divisions and brigades in the file's order.
pub fn formations(file: &ScenarioFile, side: u8) -> Vec<Option<String>> {
    let mut all = vec![None];
    all.extend(
        file.corps
            .iter()
            .filter(|c| c.side == side)
            .map(|c| Some(c.id.clone())),
    );
    all.extend(
        file.divisions
            .iter()
            .filter(|d| d.side == side)
            .map(|d| Some(d.id.clone())),
    );
    all.extend(
        file.brigades
            .iter()
            .filter(|b| b.side == side)
            .map(|b| Some(b.id.clone())),
    );
    all
}

fn cycled<T: Clone + PartialEq>(all: &[T], now: &T, d: i32) -> T {
    let i = all.iter().position(|x| x == now).unwrap_or(0) as i32;
    all[(i + d).rem_euclid(all.len() as i32) as usize].clone()
}

/// The order with one field stepped by `d`: side, formation, mission and objective cycle
/// through what the scenario has; the turns step within the battle (`from` 1 is "from the
/// start", `until` past the last turn is "to the end").
pub fn step(file: &ScenarioFile, order: &IntentSpec, field: OrderField, d: i32) -> IntentSpec {
    let mut o = order.clone();
    match field {
        OrderField::Side => {
            o.side = 1 - o.side.min(1);
            // A formation belongs to one side: the order goes to the whole of the other.
            o.formation = None;
        }
        OrderField::Formation => {
            o.formation = cycled(&formations(file, o.side), &o.formation, d);
        }
        OrderField::Mission => o.mission = cycled(&Mission::ALL, &o.mission, d),
        OrderField::Objective => {
            let mut all = vec![None];
            all.extend(file.map.objectives.iter().map(|x| Some(x.name.clone())));
            o.objective = cycled(&all, &o.objective, d);
        }
        OrderField::From => {
            let from = (o.from.unwrap_or(1) as i32 + d).clamp(1, file.turns.max(1) as i32);
            o.from = (from > 1).then_some(from as u32);
        }
        OrderField::Until => {
            let last = file.turns.max(1) as i32;
            let until = (o.until.map_or(last + 1, |u| u as i32) + d)
                .clamp(o.from.unwrap_or(1) as i32, last + 1);
            o.until = (until <= last).then_some(until as u32);
        }
    }
    o
}

/// A formation's name as a player reads it: "Law's Brigade (LA)", or "the whole side".
fn formation_name(file: &ScenarioFile, id: &Option<String>) -> String {
    let Some(id) = id else {
        return "the whole side".into();
    };
    let name = file
        .brigades
        .iter()
        .find(|b| &b.id == id)
        .map(|b| b.name.as_str())
        .or_else(|| {
            file.divisions
                .iter()
                .find(|x| &x.id == id)
                .map(|x| x.name.as_str())
        })
        .or_else(|| {
            file.corps
                .iter()
                .find(|x| &x.id == id)
                .map(|x| x.name.as_str())
        });
    match name {
        Some(n) => format!("{n} ({id})"),
        None => format!("{id} (no such formation)"),
    }
}

/// A field of the order as the panel says it.
pub fn shown(file: &ScenarioFile, order: &IntentSpec, field: OrderField) -> String {
    match field {
        OrderField::Side => file
            .sides
            .get(order.side as usize)
            .map_or_else(|| format!("side {}", order.side), |s| s.name.clone()),
        OrderField::Formation => formation_name(file, &order.formation),
        OrderField::Mission => order.mission.name().into(),
        OrderField::Objective => match &order.objective {
            Some(o) => format!("objective: {o}"),
            None => "objective: its own choice".into(),
        },
        OrderField::From => format!("from turn {}", order.from.unwrap_or(1)),
        OrderField::Until => match order.until {
            Some(u) => format!("until turn {u}"),
            None => "to the end".into(),
        },
    }
}

/// The battle's action as the panel says it, with its side names.
pub fn action_shown(file: &ScenarioFile) -> String {
    let side = |s: u8| {
        file.sides
            .get(s as usize)
            .map_or_else(|| format!("side {s}"), |x| x.name.clone())
    };
    match file.action {
        Some(Action::Attack(s)) => format!("The battle: {} attacks", side(s)),
        Some(Action::Meeting) => "The battle: a meeting (both come on)".into(),
        None => "The battle: who attacks not said".into(),
    }
}

/// The next of: not said, the first side attacks, the second attacks, a meeting.
pub fn next_action(now: Option<Action>, d: i32) -> Option<Action> {
    let all = [
        None,
        Some(Action::Attack(0)),
        Some(Action::Attack(1)),
        Some(Action::Meeting),
    ];
    cycled(&all, &now, d)
}
