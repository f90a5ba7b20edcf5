//! A lesson's script (issue 48): what each step says, what it points at, what completes it and
//! the hint a wrong action gets; read from its file and checked against its scenario like a
//! scenario is (every fault with its line, in the player's words).

use serde::{Deserialize, Serialize};

use crate::rules::map::Coord;
use crate::rules::scenario::{At, LoadError, Scenario};
use crate::rules::unit::UnitId;

/// One lesson of the boot camp: a small scenario and the steps that walk through it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "lesson")]
pub struct Script {
    pub title: String,
    /// The scenario's file, beside the script in `maps/lessons/`.
    pub scenario: String,
    /// Whether the computer plays the other side (the lesson on the computer's turn); otherwise
    /// the other side only stands.
    #[serde(default)]
    pub computer: bool,
    /// The optional rules the lesson is played under, as `--rules` names them ("fog").
    #[serde(default)]
    pub rules: Option<String>,
    pub steps: Vec<Step>,
}

/// What the lesson says at one step, and what completes it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "step")]
pub struct Step {
    pub say: String,
    /// What the step points at with a highlight.
    #[serde(default)]
    pub point: Option<Point>,
    pub done: Goal,
    /// What a wrong action is answered with (a refusal's reason follows it).
    #[serde(default)]
    pub hint: Option<String>,
}

/// What a step points at.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename = "thing to point at")]
pub enum Point {
    Hex(At),
    Unit(u32),
    Button(Button),
}

/// The buttons a lesson can point at or ask for (each by its key as well).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "button")]
pub enum Button {
    Help,
    Briefing,
    Victory,
    Log,
    Undo,
    Resolve,
    EndTurn,
    NextUnit,
    MoveBrigade,
    TurnLeft,
    TurnRight,
    Formation,
    Fire,
    CanMove,
    CanFire,
    CanMelee,
    Threats,
    Sight,
    OrderOfBattle,
    MiniMap,
}

impl Button {
    pub const ALL: [Button; 20] = [
        Button::Help,
        Button::Briefing,
        Button::Victory,
        Button::Log,
        Button::Undo,
        Button::Resolve,
        Button::EndTurn,
        Button::NextUnit,
        Button::MoveBrigade,
        Button::TurnLeft,
        Button::TurnRight,
        Button::Formation,
        Button::Fire,
        Button::CanMove,
        Button::CanFire,
        Button::CanMelee,
        Button::Threats,
        Button::Sight,
        Button::OrderOfBattle,
        Button::MiniMap,
    ];

    /// The window's name for it (the `Name` its button carries).
    pub fn name(self) -> String {
        format!("{self:?}")
    }
}

/// The kinds of order a step can ask for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "order")]
pub enum OrderKind {
    Move,
    Face,
    Formation,
    Fire,
    Melee,
    Resolve,
    Undo,
    EndTurn,
}

/// What can be seen to happen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "outcome")]
pub enum Seen {
    /// A unit of either side routed.
    Rout,
    /// A unit of the player's side rallied at the start of its turn.
    Rally,
    /// Fire at a unit as it moved.
    OpportunityFire,
    /// The player's next turn began (the other side's turn is over).
    YourTurn,
    /// A wagon refilled a unit of the player's side at the start of its turn.
    Resupply,
    /// The battle ended (its end screen opens).
    BattleOver,
}

/// What completes a step.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename = "goal")]
pub enum Goal {
    /// The lesson panel's Next: a step to read.
    Next,
    /// The unit selected.
    Select(u32),
    /// An order of this kind given and accepted (by this unit, to this hex, when named; a
    /// facing that puts `toward` in the unit's front; an Undo that took the unit's move back).
    Order {
        kind: OrderKind,
        #[serde(default)]
        unit: Option<u32>,
        #[serde(default)]
        to: Option<At>,
        #[serde(default)]
        toward: Option<At>,
    },
    /// A line of sight looked at with the Sight tool: two hexes picked.
    Looked,
    /// An outcome seen.
    Saw(Seen),
    /// A button pressed (or its key).
    Pressed(Button),
    /// The map zoomed in or out.
    Zoom,
    /// Two or more units of this brigade moved by one brigade move.
    MoveBrigade(String),
    /// The player's own turn, played freely: any order is right, End turn completes it.
    Play,
}

impl Goal {
    /// The unit the player acts with to complete the step, where the step names one: the
    /// lesson's panel keeps it in sight.
    pub fn unit(&self) -> Option<u32> {
        match self {
            Goal::Select(id) => Some(*id),
            Goal::Order { unit, .. } => *unit,
            _ => None,
        }
    }
}

impl Script {
    /// Reads a script; `file` names it in errors (with the line of the fault).
    pub fn parse(file: &str, text: &str) -> Result<Script, LoadError> {
        crate::rules::scenario::ron_options()
            .from_str(text)
            .map_err(|e| LoadError {
                file: file.into(),
                line: Some(e.span.start.line),
                column: Some(e.span.start.col),
                message: in_words(&e.code.to_string()),
            })
    }

    /// Every fault of the script against its scenario: a step that names a unit the scenario
    /// lacks, a hex off its map, a brigade it has not; no steps; an empty say. Each with the
    /// line of the step (`text` is the script's own text).
    pub fn faults(&self, file: &str, text: &str, s: &Scenario) -> Vec<LoadError> {
        let mut found = Vec::new();
        let lines = step_lines(text);
        if self.steps.is_empty() {
            found.push(LoadError {
                file: file.into(),
                line: None,
                column: None,
                message: "a lesson needs at least one step".into(),
            });
        }
        if let Some(r) = &self.rules {
            let mut optional = s.params.optional.clone();
            if let Err(message) = optional.enable(r).map_err(|e| e.to_string()) {
                found.push(LoadError {
                    file: file.into(),
                    line: text
                        .lines()
                        .position(|l| l.contains("rules:"))
                        .map(|i| i + 1),
                    column: None,
                    message,
                });
            }
        }
        for (i, step) in self.steps.iter().enumerate() {
            let fault = |message: String| LoadError {
                file: file.into(),
                line: lines.get(i).copied(),
                column: None,
                message: format!("step {}: {message}", i + 1),
            };
            let unit = |id: u32| {
                (!s.units.iter().any(|u| u.id == UnitId(id)))
                    .then(|| fault(format!("there is no unit {id} in {}", s.file)))
            };
            let hex = |(col, row): At| {
                (!s.map.contains(s.map.hex_at(Coord { col, row }))).then(|| {
                    fault(format!(
                        "the hex {col},{row} is off the map ({}×{} hexes)",
                        s.map.width, s.map.height
                    ))
                })
            };
            if step.say.trim().is_empty() {
                found.push(fault("it says nothing (\"say\" is empty)".into()));
            }
            match &step.point {
                Some(Point::Unit(id)) => found.extend(unit(*id)),
                Some(Point::Hex(at)) => found.extend(hex(*at)),
                _ => {}
            }
            match &step.done {
                Goal::Select(id) => found.extend(unit(*id)),
                Goal::Order {
                    unit: u,
                    to,
                    toward,
                    ..
                } => {
                    found.extend(u.and_then(unit));
                    found.extend(to.and_then(hex));
                    found.extend(toward.and_then(hex));
                }
                Goal::MoveBrigade(b) if !s.brigades.iter().any(|x| &x.id == b) => {
                    found.push(fault(format!("there is no brigade \"{b}\" in {}", s.file)))
                }
                _ => {}
            }
        }
        found
    }
}

/// The line each step opens on: each `say:` starts one.
fn step_lines(text: &str) -> Vec<usize> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| l.trim_start().starts_with("say:"))
        .map(|(i, _)| i + 1)
        .collect()
}

/// The reader's message in the author's words: "unknown button `Resolv`" for serde's
/// "Unexpected variant named `Resolv` in enum `button`".
fn in_words(message: &str) -> String {
    let Some(rest) = message.strip_prefix("Unexpected variant named ") else {
        return message.replace("in enum", "for a").replace("struct ", "");
    };
    match rest.split_once(" in enum ") {
        Some((name, tail)) => {
            let (kind, expected) = tail.split_once(", ").unwrap_or((tail, ""));
            let kind = kind.trim_matches('`');
            format!(
                "unknown {kind} {name}{}",
                if expected.is_empty() {
                    String::new()
                } else {
                    format!("; {expected}")
                }
            )
        }
        None => message.into(),
    }
}
