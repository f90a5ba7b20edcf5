//! Scenario files: the RON format of `maps/`, loading, and the checks that name what is wrong.

use std::collections::{BTreeMap, HashMap, HashSet};

use serde::{Deserialize, Serialize};

use super::board::Board;
use super::hex::{Facing, Hex};
use super::map::{
    Coord, FullHexBridge, Label, LabelKind, Map, MapEdge, Objective, Road, SideFeature, Terrain,
};
use super::movement::{MoverClass, terrain_allows};
use super::params::Parameters;
use super::reinforcement::Reinforcement;
use super::stacking::{StackLimit, hex_load};
use super::unit::{
    Ammo, CavalryKind, CommandLevel, Crew, Formation, Post, Quality, Side, TurnMarks, Unit, UnitId,
    UnitKind,
};

/// A load failure: which file, where in it (when known), and what was expected.
#[derive(Debug, Clone, PartialEq)]
pub struct LoadError {
    pub file: String,
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub message: String,
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.line, self.column) {
            (Some(l), Some(c)) => write!(f, "{}:{}:{}: {}", self.file, l, c, self.message),
            (Some(l), None) => write!(f, "{}:{}: {}", self.file, l, self.message),
            _ => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

impl std::error::Error for LoadError {}

/// `(col, row)` as written in scenario files.
pub type At = (i32, i32);

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HexsideSpec {
    pub feature: SideFeature,
    /// Each hexside as a hex and the side of it.
    pub at: Vec<(At, Facing)>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoadSpec {
    pub kind: Road,
    /// Adjacent hexes in order; the road runs through each hexside between two of them.
    pub path: Vec<At>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BridgeSpec {
    pub hex: At,
    pub strength: u32,
    #[serde(default)]
    pub max: Option<u32>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ObjectiveSpec {
    pub name: String,
    pub hex: At,
    pub points: u32,
    /// The side holding it at the start (D-obj-1); without one, the side of the combat unit
    /// standing on it, else nobody.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owner: Option<u8>,
}

/// A place name: what it names, and the hex or the hexes along which it is lettered.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LabelSpec {
    pub name: String,
    pub kind: LabelKind,
    pub hexes: Vec<At>,
    /// 1 (shown at every zoom) to 3 (close in only); omitted, the kind's own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rank: Option<u8>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapSpec {
    pub width: u32,
    pub height: u32,
    /// One string per row, top row first, one letter per hex (see `maps/README.md`).
    pub terrain: Vec<String>,
    /// One string per row, a character per hex: the ground in the map's steps, 0–9 then a–z
    /// for 10–35; omitted means all 0.
    #[serde(default)]
    pub elevation: Vec<String>,
    /// Feet of one elevation step (RULES §7 D-los-1); omitted means 20.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub feet_per_level: Option<u32>,
    #[serde(default)]
    pub hexsides: Vec<HexsideSpec>,
    #[serde(default)]
    pub roads: Vec<RoadSpec>,
    #[serde(default)]
    pub bridges: Vec<BridgeSpec>,
    #[serde(default)]
    pub objectives: Vec<ObjectiveSpec>,
    #[serde(default)]
    pub supply_sources: Vec<At>,
    /// Place names: towns, hills, streams, roads, woods, farms, fords.
    #[serde(default)]
    pub labels: Vec<LabelSpec>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideInfo {
    pub name: String,
    /// sRGB, 0–1.
    pub color: (f32, f32, f32),
    /// The map edge the side retreats and traces supply towards.
    pub edge: MapEdge,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BrigadeInfo {
    pub id: String,
    pub name: String,
    pub side: u8,
    /// The division it belongs to (§17 D-cc-1); none: it answers to its corps, or the army.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub division: Option<String>,
    /// The corps it answers to directly, with no division between: a corps' headquarters,
    /// its artillery (issue 76, item 16). Only where it names no division.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub corps: Option<String>,
    /// Reserve artillery, escorts: its units are always in command (D-cc-1).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub independent: bool,
}

/// A division (§17 D-cc-1): its brigades name it; it may belong to a corps.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DivisionInfo {
    pub id: String,
    pub name: String,
    pub side: u8,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub corps: Option<String>,
}

/// A corps (§17 D-cc-1): its divisions name it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CorpsInfo {
    pub id: String,
    pub name: String,
    pub side: u8,
}

/// The first side's victory-point thresholds (§13).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VictoryThresholds {
    pub major_defeat: i32,
    pub minor_defeat: i32,
    pub minor_victory: i32,
    pub major_victory: i32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Flag {
    Disrupted,
    Routed,
    Isolated,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitSpec {
    pub id: u32,
    pub name: String,
    pub side: u8,
    pub brigade: String,
    pub kind: UnitKind,
    pub at: At,
    pub facing: Facing,
    #[serde(default)]
    pub formation: Option<Formation>,
    #[serde(default)]
    pub men: u32,
    #[serde(default)]
    pub guns: u32,
    #[serde(default)]
    pub weapon: String,
    pub quality: Quality,
    #[serde(default)]
    pub fatigue: u32,
    #[serde(default)]
    pub flags: Vec<Flag>,
    #[serde(default)]
    pub fixed_until: Option<u32>,
    #[serde(default)]
    pub ammo: Ammo,
    #[serde(default)]
    pub crew: Crew,
    /// A reinforcement: the turn it enters the map at `at` (2 to the last turn); omitted, it
    /// starts on the map.
    #[serde(default)]
    pub arrives: Option<u32>,
    /// Cavalry only: Light (the default), Heavy or Lancer (§15.4, D-aus-3).
    #[serde(default)]
    pub cavalry: Option<CavalryKind>,
    /// Leaders only: Brigade (the default), Division, Corps or Army (§15.1, D-bod-5).
    #[serde(default)]
    pub command: Option<CommandLevel>,
    /// Leaders only: the id of the brigade, division or corps he commands, or `army` (§17
    /// D-cc-1); his level follows from it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commands: Option<String>,
    /// Leaders only: his successor's name, if he falls (§17 D-cc-5).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub successor: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFile {
    pub name: String,
    #[serde(default)]
    pub description: String,
    /// When it was fought, "1863-07-03" (the library's date and year); a fictional field has
    /// none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    /// What kind of action it is, for the library: `Attack(1)` (side 1 attacks, the other
    /// defends) or `Meeting` (both come on).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub action: Option<Action>,
    pub map: MapSpec,
    pub sides: Vec<SideInfo>,
    pub first_side: u8,
    pub turns: u32,
    /// "HH:MM".
    pub start_time: String,
    pub victory: VictoryThresholds,
    #[serde(default)]
    pub seed: u64,
    /// Parameter Data fields to override, in the shape of `assets/rules/parameters.ron`.
    #[serde(default)]
    pub parameters: Option<ron::Value>,
    /// Weapons of its own (§7 D-fire-1), added to the shipped ones or replacing one of the
    /// same name: `weapons: { "Whitworth rifle": (values: [6.0, 6.0, 5.0, …]) }`.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub weapons: std::collections::BTreeMap<String, super::weapon::Weapon>,
    pub brigades: Vec<BrigadeInfo>,
    /// §17 D-cc-1: the divisions and corps above the brigades (optional).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub divisions: Vec<DivisionInfo>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub corps: Vec<CorpsInfo>,
    pub units: Vec<UnitSpec>,
    /// The commander's intent for the computer (`rules::intent`): what each side's formations
    /// are there to do, and when.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub intent: Vec<IntentSpec>,
}

/// One order of the scenario to its computer: `(side: 1, formation: "law", mission: Attack,
/// objective: "Little Round Top", until: 6)`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IntentSpec {
    pub side: u8,
    /// A brigade's, division's or corps's id; none: the whole side.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub formation: Option<String>,
    pub mission: super::intent::Mission,
    /// An objective's name; none: the mission chooses.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub objective: Option<String>,
    /// The first turn it holds (default 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<u32>,
    /// The last turn it holds (default: the battle's end).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub until: Option<u32>,
}

/// What kind of action a battle is (the library's type).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// This side (0 or 1) attacks; the other defends.
    Attack(u8),
    /// Both sides come on: a meeting engagement.
    Meeting,
}

/// The day a battle was fought.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct BattleDate {
    pub year: u16,
    pub month: u8,
    pub day: u8,
}

impl BattleDate {
    /// "1863-07-03"; `None` when it is not a day of the century.
    pub fn parse(s: &str) -> Option<BattleDate> {
        let mut parts = s.split('-').map(|p| p.parse::<u16>().ok());
        let (Some(Some(year)), Some(Some(month)), Some(Some(day)), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return None;
        };
        let sane =
            (1800..=1900).contains(&year) && (1..=12).contains(&month) && (1..=31).contains(&day);
        sane.then_some(BattleDate {
            year,
            month: month as u8,
            day: day as u8,
        })
    }
}

impl std::fmt::Display for BattleDate {
    /// "3 July 1863".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        const MONTHS: [&str; 12] = [
            "January",
            "February",
            "March",
            "April",
            "May",
            "June",
            "July",
            "August",
            "September",
            "October",
            "November",
            "December",
        ];
        write!(
            f,
            "{} {} {}",
            self.day,
            MONTHS[(self.month as usize).saturating_sub(1) % 12],
            self.year
        )
    }
}

/// A loaded, checked scenario.
#[derive(Debug, Clone)]
pub struct Scenario {
    pub name: String,
    pub description: String,
    /// When it was fought (none for a fictional field).
    pub date: Option<BattleDate>,
    pub action: Option<Action>,
    pub map: Map,
    pub sides: Vec<SideInfo>,
    pub first_side: Side,
    pub turns: u32,
    /// Minutes after midnight.
    pub start_time: u32,
    pub victory: VictoryThresholds,
    pub seed: u64,
    pub params: Parameters,
    pub brigades: Vec<BrigadeInfo>,
    pub divisions: Vec<DivisionInfo>,
    pub corps: Vec<CorpsInfo>,
    /// The chain of command above the brigades, as the rules read it (§17).
    pub organisation: std::sync::Arc<super::organisation::Organisation>,
    /// What the scenario tells its computer (`rules::intent`), shared by every board.
    pub intent: std::sync::Arc<super::intent::Intent>,
    /// The units on the map at the start.
    pub units: Vec<Unit>,
    /// The units that enter later, in the file's order.
    pub reinforcements: Vec<Reinforcement>,
    /// Where it was read from and its text, so that a save can carry it.
    pub file: String,
    pub source: String,
}

impl Scenario {
    /// A fresh board for play from this scenario's start.
    pub fn board(&self) -> Board {
        let mut b = Board::new(self.map.clone(), self.params.clone(), self.units.clone());
        b.edges = [self.sides[0].edge, self.sides[1].edge];
        b.acting = self.first_side;
        b.night = is_night(self.start_time, &self.params);
        b.minutes = self.start_time;
        b.last_turn = self.turns;
        b.first_side = self.first_side;
        b.reinforcements = self.reinforcements.clone();
        b.organisation = self.organisation.clone();
        b.intent = self.intent.clone();
        // §17 D-cc-3: the first side's units are marked for its first turn as for every other.
        super::command::mark(&mut b, self.first_side);
        // Under fog of war each side starts knowing what its units see.
        super::fog::look_again(&mut b);
        b
    }

    /// A what-if battle that begins from `board` as it stands (the computer's look-ahead plays
    /// on from there through the interpreter): its losses count from this board, and it has no
    /// victory levels of its own.
    pub fn from_board(board: &Board) -> Scenario {
        Scenario {
            name: String::new(),
            description: String::new(),
            date: None,
            action: None,
            map: board.map.clone(),
            sides: Vec::new(),
            first_side: board.first_side,
            turns: board.last_turn,
            start_time: board.minutes,
            victory: VictoryThresholds {
                major_defeat: 0,
                minor_defeat: 0,
                minor_victory: 0,
                major_victory: 0,
            },
            seed: 0,
            params: board.params.clone(),
            brigades: Vec::new(),
            divisions: Vec::new(),
            corps: Vec::new(),
            organisation: board.organisation.clone(),
            intent: board.intent.clone(),
            units: board.units.clone(),
            reinforcements: board.reinforcements.clone(),
            file: String::new(),
            source: String::new(),
        }
    }

    /// Every unit of the battle: those on the map at the start, then those to come.
    pub fn every_unit(&self) -> impl Iterator<Item = &Unit> {
        self.units
            .iter()
            .chain(self.reinforcements.iter().map(|r| &r.unit))
    }

    pub fn side_name(&self, side: Side) -> &str {
        self.sides
            .get(side.0 as usize)
            .map_or("?", |s| s.name.as_str())
    }

    /// A formation of `side` by the name the scenario gives it (its id where it gives none):
    /// "1st Brigade", "the Union army".
    pub fn post_name(&self, side: Side, post: &super::unit::Post) -> String {
        use super::unit::Post;
        let named = |id: &str, found: Option<&str>| found.unwrap_or(id).to_owned();
        match post {
            Post::Brigade(b) => named(
                b,
                self.brigades.iter().find(|x| x.id == *b).map(|x| &*x.name),
            ),
            Post::Division(d) => named(
                d,
                self.divisions.iter().find(|x| x.id == *d).map(|x| &*x.name),
            ),
            Post::Corps(c) => named(c, self.corps.iter().find(|x| x.id == *c).map(|x| &*x.name)),
            Post::Army => format!("the {} army", self.side_name(side)),
        }
    }
}

pub fn ron_options() -> ron::Options {
    ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
}

/// `text` read as RON into `T`, or where and why it does not read (`file` names it).
pub fn read_ron<T: serde::de::DeserializeOwned>(file: &str, text: &str) -> Result<T, LoadError> {
    ron_options().from_str(text).map_err(|e| LoadError {
        file: file.into(),
        line: Some(e.span.start.line),
        column: Some(e.span.start.col),
        message: e.code.to_string(),
    })
}

/// Reads a text file, naming it in the error.
pub fn read_text(path: &str) -> Result<String, LoadError> {
    std::fs::read_to_string(path).map_err(|e| LoadError {
        file: path.into(),
        line: None,
        column: None,
        message: format!("cannot read the file: {e}"),
    })
}

/// Loads a scenario file from disk.
pub fn load_file(path: &str) -> Result<Scenario, LoadError> {
    parse(path, &read_text(path)?)
}

/// Parses and checks a scenario from its text; `file` names it in errors.
pub fn parse(file: &str, text: &str) -> Result<Scenario, LoadError> {
    let spec: ScenarioFile = ron_options().from_str(text).map_err(|e| LoadError {
        file: file.into(),
        line: Some(e.span.start.line),
        column: Some(e.span.start.col),
        message: e.code.to_string(),
    })?;
    let mut found = Vec::new();
    let built = build(spec, text, &mut found);
    let err = |line, message| LoadError {
        file: file.into(),
        line,
        column: None,
        message,
    };
    let mut s = built.map_err(|(line, message)| err(line, message))?;
    if let Some(f) = found.into_iter().next() {
        return Err(err(f.line, f.message));
    }
    s.file = file.to_string();
    s.source = text.to_string();
    Ok(s)
}

/// One fault of a scenario, and the hex or unit it is about (for the editor to point at).
#[derive(Debug, Clone, PartialEq)]
pub struct Fault {
    pub error: LoadError,
    pub at: Option<At>,
    pub unit: Option<u32>,
}

/// Every fault `bayonet check` finds in a scenario, not only the first: the same checks as
/// `parse`. A fault in the map, the sides or the rules stops the check there; the units' and
/// the hexes' faults are all listed.
pub fn faults(file: &str, text: &str) -> Vec<Fault> {
    check(file, text).1
}

/// `faults`, and the scenario as far as it stands: the map and rules, with the units that have
/// no fault of their own (what the editor shows while faults remain).
pub fn check(file: &str, text: &str) -> (Option<Scenario>, Vec<Fault>) {
    let plain = |error| Fault {
        error,
        at: None,
        unit: None,
    };
    let spec: ScenarioFile = match ron_options().from_str(text) {
        Ok(s) => s,
        Err(e) => {
            let error = LoadError {
                file: file.into(),
                line: Some(e.span.start.line),
                column: Some(e.span.start.col),
                message: e.code.to_string(),
            };
            return (None, vec![plain(error)]);
        }
    };
    let mut found = Vec::new();
    let built = match build(spec, text, &mut found) {
        Ok(mut s) => {
            s.file = file.to_string();
            s.source = text.to_string();
            Some(s)
        }
        Err((line, message)) => {
            found.insert(
                0,
                Found {
                    line,
                    at: None,
                    unit: None,
                    message,
                },
            );
            None
        }
    };
    let faults = found
        .into_iter()
        .map(|f| Fault {
            error: LoadError {
                file: file.into(),
                line: f.line,
                column: None,
                message: f.message,
            },
            at: f.at,
            unit: f.unit,
        })
        .collect();
    (built, faults)
}

/// Whether a turn starting at `minutes` after midnight is a night turn (between dusk and dawn).
pub fn is_night(minutes: u32, params: &Parameters) -> bool {
    let t = minutes % (24 * 60);
    t >= params.clock.dusk || t < params.clock.dawn
}

fn parse_time(s: &str) -> Option<u32> {
    let (h, m) = s.split_once(':')?;
    let (h, m): (u32, u32) = (h.trim().parse().ok()?, m.trim().parse().ok()?);
    (h < 24 && m < 60).then_some(h * 60 + m)
}

/// The 1-based line of the `nth` unit (from 0) with this id in the source, to point at it.
fn unit_line(text: &str, id: u32, nth: usize) -> Option<usize> {
    let needle = format!("id: {id}");
    text.lines()
        .enumerate()
        .filter(|(_, l)| {
            l.match_indices(&needle).any(|(i, _)| {
                let after = l[i + needle.len()..].chars().next();
                !after.is_some_and(|c| c.is_ascii_digit())
            })
        })
        .nth(nth)
        .map(|(i, _)| i + 1)
}

type BuildError = (Option<usize>, String);

/// A fault that stops the build, at no particular line.
fn none(m: String) -> BuildError {
    (None, m)
}

/// A fault that does not stop the check: a unit's, or a hex's.
struct Found {
    line: Option<usize>,
    at: Option<At>,
    unit: Option<u32>,
    message: String,
}

/// The scenario a file describes, checked: a fault that stops the build is returned (the map,
/// the sides, the clock, the Parameter Data); a unit's or a hex's is noted in `found` and the
/// rest checked on, so that the editor shows every one.
fn build(spec: ScenarioFile, text: &str, found: &mut Vec<Found>) -> Result<Scenario, BuildError> {
    let mut map = build_map(&spec.map)?;
    for l in &spec.map.labels {
        let at_line = |(_, m): BuildError| (named_line(text, "labels:", &l.name), m);
        let l = label(&map, l).map_err(at_line)?;
        std::sync::Arc::make_mut(&mut map.labels).push(l);
    }
    for o in &spec.map.objectives {
        if let Some(side) = o.owner.filter(|s| *s > 1) {
            return Err((
                named_line(text, "objectives:", &o.name),
                format!(
                    "objective `{}` has owner {side}; expected 0 or 1 (the side holding it at the start), or no owner",
                    o.name
                ),
            ));
        }
    }
    let start_time = check_sides_and_clock(&spec)?;
    let date = match &spec.date {
        Some(d) => Some(BattleDate::parse(d).ok_or_else(|| {
            (
                entry_line(text, "date:", "date:"),
                format!("date `{d}`: expected a day as year-month-day, like \"1863-07-03\""),
            )
        })?),
        None => None,
    };
    if let Some(Action::Attack(side)) = spec.action
        && side > 1
    {
        return Err((
            entry_line(text, "action:", "action:"),
            format!("action Attack({side}): expected the attacking side, 0 or 1"),
        ));
    }
    let mut params = match &spec.parameters {
        Some(over) => Parameters::with_overrides(over).map_err(|e| none(e.to_string()))?,
        None => Parameters::defaults(),
    };
    params.weapons = params.weapons.with(&spec.weapons).map_err(|m| {
        (
            entry_line(text, "weapons:", "weapons:"),
            format!("weapons: {m}"),
        )
    })?;
    for b in &map.bridges {
        if b.1.max > params.bridges.max_strength || b.1.strength > b.1.max {
            let c = map.coord(*b.0);
            return Err(none(format!(
                "bridge at {c}: strength {} of max {} exceeds the limit {} (or its own max)",
                b.1.strength, b.1.max, params.bridges.max_strength
            )));
        }
    }

    let mut brigade_ids = HashSet::new();
    for b in &spec.brigades {
        if b.side > 1 {
            return Err(none(format!(
                "brigade `{}` has side {}; expected 0 or 1",
                b.id, b.side
            )));
        }
        if !brigade_ids.insert(b.id.as_str()) {
            return Err(none(format!("brigade id `{}` is used twice", b.id)));
        }
    }
    let organisation = organisation(&spec, text)?;

    let (units, reinforcements) = build_units(&spec, text, &map, &params, found);
    let intent = intent(&spec, text, &map, found);
    stacking_faults(&units, &map, &params, found);
    // D-obj-1: the owner the scenario names, else the side of the combat unit on it, else
    // nobody.
    for (o, spec) in map.objectives.iter_mut().zip(&spec.map.objectives) {
        o.owner = match spec.owner {
            Some(side) => Some(Side(side)),
            None => units
                .iter()
                .find(|u| u.hex == o.hex && u.takes_objectives())
                .map(|u| u.side),
        };
    }
    Ok(Scenario {
        name: spec.name,
        description: spec.description,
        date,
        action: spec.action,
        map,
        sides: spec.sides,
        first_side: Side(spec.first_side),
        turns: spec.turns,
        start_time,
        victory: spec.victory,
        seed: spec.seed,
        params,
        brigades: spec.brigades,
        divisions: spec.divisions,
        corps: spec.corps,
        organisation: std::sync::Arc::new(organisation),
        intent: std::sync::Arc::new(intent),
        units,
        reinforcements,
        file: String::new(),
        source: String::new(),
    })
}

/// A height character of `map.elevation`: 0–9, then a–z for 10–35.
pub fn step_of(c: char) -> Option<u32> {
    if c.is_ascii_uppercase() {
        return None;
    }
    c.to_digit(36)
}

/// The character of a height in the map's steps (0–35).
pub fn step_char(step: u32) -> Option<char> {
    char::from_digit(step, 36)
}

/// The map of a scenario file: its terrain and elevation rows, then its hexside features,
/// roads, bridges, objectives and supply sources.
fn build_map(ms: &MapSpec) -> Result<Map, BuildError> {
    if ms.width < 2 || ms.height < 2 || ms.width > 1000 || ms.height > 1000 {
        return Err(none(format!(
            "map size {}×{} is out of range (2 to 1000 each way)",
            ms.width, ms.height
        )));
    }
    let mut map = Map::new(ms.width, ms.height);
    match ms.feet_per_level {
        Some(f) if !(1..=100).contains(&f) => {
            return Err(none(format!(
                "map.feet_per_level is {f}; expected the height of one elevation step, 1 to 100 \
                 feet"
            )));
        }
        Some(f) => map.feet_per_level = f,
        None => {}
    }
    if ms.terrain.len() != ms.height as usize {
        return Err(none(format!(
            "map.terrain has {} rows; expected {} (the map height)",
            ms.terrain.len(),
            ms.height
        )));
    }
    for (row, line) in ms.terrain.iter().enumerate() {
        let letters: Vec<char> = line.chars().collect();
        if letters.len() != ms.width as usize {
            return Err(none(format!(
                "map.terrain row {row} has {} letters; expected {} (the map width)",
                letters.len(),
                ms.width
            )));
        }
        for (col, c) in letters.into_iter().enumerate() {
            let t = Terrain::from_letter(c).ok_or_else(|| {
                none(format!(
                    "map.terrain row {row}, column {col}: unknown letter `{c}`; expected one of \
                     . f o F r m T ~ # (clear field orchard forest rough marsh town water blocked)"
                ))
            })?;
            let hex = map.hex_at(Coord {
                col: col as i32,
                row: row as i32,
            });
            map.set_terrain(hex, t);
        }
    }
    if !ms.elevation.is_empty() {
        if ms.elevation.len() != ms.height as usize {
            return Err(none(format!(
                "map.elevation has {} rows; expected {} (the map height) or none",
                ms.elevation.len(),
                ms.height
            )));
        }
        for (row, line) in ms.elevation.iter().enumerate() {
            let digits: Vec<char> = line.chars().collect();
            if digits.len() != ms.width as usize {
                return Err(none(format!(
                    "map.elevation row {row} has {} digits; expected {}",
                    digits.len(),
                    ms.width
                )));
            }
            for (col, c) in digits.into_iter().enumerate() {
                let e = step_of(c).ok_or_else(|| {
                    none(format!(
                        "map.elevation row {row}, column {col}: `{c}` is not a height: \
                         expected 0–9, or a–z for 10–35"
                    ))
                })?;
                let hex = map.hex_at(Coord {
                    col: col as i32,
                    row: row as i32,
                });
                map.set_elevation(hex, e as i32);
            }
        }
    }
    place_features(&mut map, ms)?;
    Ok(map)
}

/// The map's hexside features, roads, full-hex bridges, objectives and supply sources.
fn place_features(map: &mut Map, ms: &MapSpec) -> Result<(), BuildError> {
    let on_map = |map: &Map, at: At, what: &str| -> Result<Hex, BuildError> {
        let hex = map.hex_at(Coord {
            col: at.0,
            row: at.1,
        });
        if map.contains(hex) {
            Ok(hex)
        } else {
            Err((None, format!("{what} at {},{} is off the map", at.0, at.1)))
        }
    };
    for hs in &ms.hexsides {
        for &(at, side) in &hs.at {
            let hex = on_map(map, at, &format!("{} hexside", hs.feature.name()))?;
            map.add_feature(hex, side, hs.feature);
        }
    }
    // A ford or hexside bridge is a creek crossing: the creek is implied.
    let crossings: Vec<_> = map
        .sides
        .iter()
        .filter(|(_, f)| f.contains(&SideFeature::Ford) || f.contains(&SideFeature::Bridge))
        .map(|(k, _)| *k)
        .collect();
    for k in crossings {
        map.add_feature(k.hex, k.side, SideFeature::Creek);
    }
    for r in &ms.roads {
        if r.path.len() < 2 {
            return Err(none(format!(
                "a {} needs a path of at least two hexes",
                r.kind.name()
            )));
        }
        for pair in r.path.windows(2) {
            let a = on_map(map, pair[0], r.kind.name())?;
            let b = on_map(map, pair[1], r.kind.name())?;
            let side = Facing::between(a, b).ok_or_else(|| {
                none(format!(
                    "{} path: {},{} and {},{} are not adjacent",
                    r.kind.name(),
                    pair[0].0,
                    pair[0].1,
                    pair[1].0,
                    pair[1].1
                ))
            })?;
            let key = super::hex::Hexside::new(a, side);
            // Keep the better road where two meet on one hexside.
            let kind = map.roads.get(&key).map_or(r.kind, |old| {
                std::cmp::max_by_key(*old, r.kind, |k| rank(*k))
            });
            std::sync::Arc::make_mut(&mut map.roads).insert(key, kind);
        }
    }
    for b in &ms.bridges {
        let hex = on_map(map, b.hex, "bridge")?;
        if map.terrain(hex) != Terrain::Water {
            return Err(none(format!(
                "bridge at {},{} is on {} terrain; a full-hex bridge must be on water",
                b.hex.0,
                b.hex.1,
                map.terrain(hex).name()
            )));
        }
        map.bridges.insert(
            hex,
            FullHexBridge {
                strength: b.strength,
                max: b.max.unwrap_or(b.strength),
            },
        );
    }
    for o in &ms.objectives {
        let hex = on_map(map, o.hex, &format!("objective `{}`", o.name))?;
        map.objectives.push(Objective {
            name: o.name.clone(),
            hex,
            points: o.points,
            owner: None,
            since: None,
        });
    }
    for &s in &ms.supply_sources {
        let hex = on_map(map, s, "supply source")?;
        std::sync::Arc::make_mut(&mut map.supply_sources).push(hex);
    }
    Ok(())
}

/// The 1-based line of the entry named `name` in the source's list `section` (`labels:`,
/// `objectives:`): the first such line after the list's start, to point at it.
fn named_line(text: &str, section: &str, name: &str) -> Option<usize> {
    entry_line(
        text,
        section,
        &format!("name: {}", ron::to_string(name).ok()?),
    )
}

/// The line of the entry `id: "ID"` in the list `section`.
fn id_line(text: &str, section: &str, id: &str) -> Option<usize> {
    entry_line(text, section, &format!("id: {}", ron::to_string(id).ok()?))
}

/// The first line holding `needle` in the list `section` (from the list's own line, else, for
/// a map written on one line, the first that opens it).
fn entry_line(text: &str, section: &str, needle: &str) -> Option<usize> {
    let start = text
        .lines()
        .position(|l| l.trim_start().starts_with(section))
        .or_else(|| text.lines().position(|l| l.contains(section)))?;
    text.lines()
        .enumerate()
        .skip(start)
        .find(|(_, l)| l.contains(needle))
        .map(|(i, _)| i + 1)
}

/// The commander's intent (`rules::intent`), checked: each directive's side, formation,
/// objective and turns; one at fault is noted in `found` and left out.
fn intent(
    spec: &ScenarioFile,
    text: &str,
    map: &super::map::Map,
    found: &mut Vec<Found>,
) -> super::intent::Intent {
    use super::intent::{Directive, Intent};
    use super::unit::Post;
    let attacker = match spec.action {
        Some(Action::Attack(s)) => Some(Side(s)),
        _ => None,
    };
    let mut out = Intent {
        attacker,
        meeting: spec.action == Some(Action::Meeting),
        directives: Vec::new(),
    };
    // The line of each entry: the k-th `side:` after the list's own line.
    let start = text
        .lines()
        .position(|l| l.trim_start().starts_with("intent:"));
    let lines: Vec<usize> = start.map_or_else(Vec::new, |s| {
        text.lines()
            .enumerate()
            .skip(s)
            .filter(|(_, l)| l.contains("side:"))
            .map(|(i, _)| i + 1)
            .collect()
    });
    for (k, d) in spec.intent.iter().enumerate() {
        let mut fault = |message: String| {
            found.push(Found {
                line: lines.get(k).copied(),
                at: None,
                unit: None,
                message: format!("intent {}: {message}", k + 1),
            })
        };
        if d.side > 1 {
            fault(format!("side {}; expected 0 or 1", d.side));
            continue;
        }
        let formation = match &d.formation {
            None => None,
            Some(id) => {
                let of = |side: u8| side == d.side;
                let post = if spec.brigades.iter().any(|b| &b.id == id && of(b.side)) {
                    Some(Post::Brigade(id.clone()))
                } else if spec.divisions.iter().any(|x| &x.id == id && of(x.side)) {
                    Some(Post::Division(id.clone()))
                } else if spec.corps.iter().any(|x| &x.id == id && of(x.side)) {
                    Some(Post::Corps(id.clone()))
                } else {
                    None
                };
                if post.is_none() {
                    fault(format!(
                        "formation `{id}`: expected the id of one of side {}'s brigades, divisions or corps",
                        d.side
                    ));
                    continue;
                }
                post
            }
        };
        let objective = match &d.objective {
            None => None,
            Some(name) => match map.objectives.iter().find(|o| &o.name == name) {
                Some(o) => Some(o.hex),
                None => {
                    fault(format!(
                        "objective `{name}`: expected the name of one of the map's objectives"
                    ));
                    continue;
                }
            },
        };
        let from = d.from.unwrap_or(1);
        let until = d.until;
        if from == 0 || from > spec.turns || until.is_some_and(|u| u < from || u > spec.turns) {
            fault(format!(
                "turns {from} to {}: expected turns within the battle's 1 to {}, the first not after the last",
                until.map_or("the end".to_string(), |u| u.to_string()),
                spec.turns
            ));
            continue;
        }
        out.directives.push(Directive {
            side: Side(d.side),
            formation,
            mission: d.mission,
            objective,
            from,
            until,
        });
    }
    out
}

/// The chain of command above the brigades (§17 D-cc-1), checked: every corps and division
/// named once, on side 0 or 1, and every division's corps and brigade's division one of its
/// own side's.
fn organisation(
    spec: &ScenarioFile,
    text: &str,
) -> Result<super::organisation::Organisation, BuildError> {
    use super::organisation::{BrigadePlace, Organisation};
    let mut corps: HashMap<&str, u8> = HashMap::new();
    for c in &spec.corps {
        let at = || id_line(text, "corps:", &c.id);
        if let Some(why) = side_fault("corps", &c.id, c.side) {
            return Err((at(), why));
        }
        if corps.insert(c.id.as_str(), c.side).is_some() {
            return Err((at(), format!("corps id `{}` is used twice", c.id)));
        }
    }
    let mut org = Organisation::default();
    for d in &spec.divisions {
        let at = || id_line(text, "divisions:", &d.id);
        if let Some(why) = side_fault("division", &d.id, d.side) {
            return Err((at(), why));
        }
        if let Some(c) = &d.corps {
            let found = corps.get(c.as_str()).copied();
            if let Some(why) =
                above_fault(("division", &d.id, d.side), ("corps", "corps", c), found)
            {
                return Err((at(), why));
            }
        }
        if org
            .divisions
            .insert(d.id.clone(), d.corps.clone())
            .is_some()
        {
            return Err((at(), format!("division id `{}` is used twice", d.id)));
        }
    }
    for b in &spec.brigades {
        let at = || id_line(text, "brigades:", &b.id);
        if let (Some(d), Some(c)) = (&b.division, &b.corps) {
            return Err((
                at(),
                format!(
                    "brigade `{}` names division `{d}` and corps `{c}`: a brigade under a \
                     division is in the division's corps; name one of them",
                    b.id
                ),
            ));
        }
        if let Some(c) = &b.corps {
            let found = corps.get(c.as_str()).copied();
            if let Some(why) = above_fault(("brigade", &b.id, b.side), ("corps", "corps", c), found)
            {
                return Err((at(), why));
            }
        }
        if let Some(d) = &b.division {
            let found = spec.divisions.iter().find(|x| &x.id == d).map(|x| x.side);
            if let Some(why) = above_fault(
                ("brigade", &b.id, b.side),
                ("division", "divisions", d),
                found,
            ) {
                return Err((id_line(text, "brigades:", &b.id), why));
            }
        }
        org.brigades.insert(
            b.id.clone(),
            BrigadePlace {
                division: b.division.clone(),
                corps: b.corps.clone(),
                independent: b.independent,
            },
        );
    }
    for u in &spec.units {
        if let Some(n) = &u.successor {
            org.successors.insert(UnitId(u.id), n.clone());
        }
    }
    Ok(org)
}

/// A corps or division on a side that is not 0 or 1.
fn side_fault(kind: &str, id: &str, side: u8) -> Option<String> {
    (side > 1).then(|| format!("{kind} `{id}` has side {side}; expected 0 or 1"))
}

/// A formation `(kind, id, side)` naming the formation above it `(kind, list, id)`, found on
/// side `found` (none: not in its list): not there, or of the other side.
fn above_fault(
    (kind, id, side): (&str, &str, u8),
    (above, list, above_id): (&str, &str, &str),
    found: Option<u8>,
) -> Option<String> {
    match found {
        None => Some(format!(
            "{kind} `{id}` names {above} `{above_id}`, which is not in `{list}`"
        )),
        Some(s) if s != side => Some(format!(
            "{kind} `{id}` names {above} `{above_id}` of the other side"
        )),
        Some(_) => None,
    }
}

/// What a leader's `commands` names (§17 D-cc-1), checked against the organisation and his side
/// and level; `None` when he has no `commands`.
fn post_of_spec(spec: &ScenarioFile, u: &UnitSpec) -> Result<Option<Post>, PostError> {
    let Some(id) = &u.commands else {
        return Ok(None);
    };
    if u.kind != UnitKind::Leader {
        return Err(PostError::NotALeader);
    }
    let (post, side) = if id == "army" {
        (Post::Army, u.side)
    } else if let Some(b) = spec.brigades.iter().find(|b| &b.id == id) {
        (Post::Brigade(id.clone()), b.side)
    } else if let Some(d) = spec.divisions.iter().find(|d| &d.id == id) {
        (Post::Division(id.clone()), d.side)
    } else if let Some(c) = spec.corps.iter().find(|c| &c.id == id) {
        (Post::Corps(id.clone()), c.side)
    } else {
        return Err(PostError::NoSuchFormation(id.clone()));
    };
    if side != u.side {
        return Err(PostError::OtherSide(id.clone()));
    }
    if let Some(level) = u.command.filter(|l| *l != post.level()) {
        return Err(PostError::LevelDisagrees {
            level,
            id: id.clone(),
            post: post.level(),
        });
    }
    Ok(Some(post))
}

/// Why a leader's `commands` was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
enum PostError {
    NotALeader,
    /// No brigade, division or corps has the id.
    NoSuchFormation(String),
    /// The formation is the other side's.
    OtherSide(String),
    /// His `command` level is not the level of the formation he commands.
    LevelDisagrees {
        level: CommandLevel,
        id: String,
        post: CommandLevel,
    },
}

impl std::fmt::Display for PostError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PostError::NotALeader => f.write_str("only a leader commands a formation (`commands`)"),
            PostError::NoSuchFormation(id) => write!(
                f,
                "commands `{id}`: no brigade, division or corps has that id (or write `army`)"
            ),
            PostError::OtherSide(id) => {
                write!(f, "commands `{id}`, a formation of the other side")
            }
            PostError::LevelDisagrees { level, id, post } => write!(
                f,
                "command {level:?} disagrees with commands `{id}` (a {post:?} command)"
            ),
        }
    }
}

/// A place name, checked: a name to draw, at least one hex, every hex on the map, a rank of 1
/// to 3.
fn label(map: &Map, l: &LabelSpec) -> Result<Label, BuildError> {
    let name = l.name.trim();
    if name.is_empty() {
        return Err(none(format!(
            "a {} label has no name; give it the name to draw",
            l.kind.name()
        )));
    }
    if l.hexes.is_empty() {
        return Err(none(format!(
            "label `{name}` has no hexes; expected the hex it names, or the hexes it runs along"
        )));
    }
    let rank = l.rank.unwrap_or(l.kind.default_rank());
    if !(1..=3).contains(&rank) {
        return Err(none(format!(
            "label `{name}` has rank {rank}; expected 1 (shown at every zoom), 2 or 3 (close in only)"
        )));
    }
    let mut hexes = Vec::new();
    for &at in &l.hexes {
        let hex = map.hex_at(Coord {
            col: at.0,
            row: at.1,
        });
        if !map.contains(hex) {
            return Err(none(format!(
                "label `{name}` at {},{} is off the map ({}×{} hexes)",
                at.0, at.1, map.width, map.height
            )));
        }
        hexes.push(hex);
    }
    Ok(Label {
        name: name.to_string(),
        kind: l.kind,
        hexes,
        rank,
    })
}

/// The sides, the turns, the clock and the victory thresholds; the start time in minutes.
fn check_sides_and_clock(spec: &ScenarioFile) -> Result<u32, BuildError> {
    if spec.sides.len() != 2 {
        return Err(none(format!(
            "expected 2 sides; found {}",
            spec.sides.len()
        )));
    }
    if spec.first_side > 1 {
        return Err(none(format!(
            "first_side is {}; expected 0 or 1",
            spec.first_side
        )));
    }
    if spec.turns == 0 {
        return Err(none("turns must be at least 1".into()));
    }
    let start_time = parse_time(&spec.start_time).ok_or_else(|| {
        none(format!(
            "start_time `{}`: expected \"HH:MM\" (24-hour clock)",
            spec.start_time
        ))
    })?;
    let v = &spec.victory;
    if !(v.major_defeat <= v.minor_defeat
        && v.minor_defeat <= v.minor_victory
        && v.minor_victory <= v.major_victory)
    {
        return Err(none(
            "victory thresholds must rise: major_defeat ≤ minor_defeat ≤ minor_victory ≤ major_victory"
                .into(),
        ));
    }
    Ok(start_time)
}

/// The units on the map at the start and the reinforcements; each unit's fault is noted in
/// `found` and the unit left out.
fn build_units(
    spec: &ScenarioFile,
    text: &str,
    map: &Map,
    params: &Parameters,
    found: &mut Vec<Found>,
) -> (Vec<Unit>, Vec<Reinforcement>) {
    let mut units = Vec::new();
    let mut reinforcements = Vec::new();
    let mut ids = HashSet::new();
    for (i, u) in spec.units.iter().enumerate() {
        let nth = spec.units[..i].iter().filter(|o| o.id == u.id).count();
        let at_unit = |m: String| {
            (
                unit_line(text, u.id, nth),
                format!("unit {} `{}`: {m}", u.id, u.name),
            )
        };
        // A unit's fault is noted and the next unit checked: the editor shows them all.
        macro_rules! unit_fault {
            ($m:expr $(,)?) => {{
                let (line, message) = at_unit($m);
                found.push(Found {
                    line,
                    at: Some(u.at),
                    unit: Some(u.id),
                    message,
                });
                continue;
            }};
        }
        if !ids.insert(u.id) {
            unit_fault!("this id is used by another unit".into());
        }
        let formation = u.formation.unwrap_or(match u.kind {
            UnitKind::Infantry => Formation::Line,
            UnitKind::Cavalry | UnitKind::Leader => Formation::Mounted,
            UnitKind::Artillery => Formation::Limbered,
            UnitKind::Supply => Formation::Column,
        });
        if let Some(why) = unit_fault(spec, u, formation, params) {
            unit_fault!(why);
        }
        let post = match post_of_spec(spec, u) {
            Ok(p) => p,
            Err(why) => unit_fault!(why.to_string()),
        };
        let hex = map.hex_at(Coord {
            col: u.at.0,
            row: u.at.1,
        });
        if !map.contains(hex) {
            unit_fault!(format!("position {},{} is off the map", u.at.0, u.at.1));
        }
        let unit = unit_of(u, formation, hex, post);
        if !terrain_allows(&map, &params, MoverClass::of(&unit), hex) {
            unit_fault!(format!(
                "stands on {} at {},{}, which is prohibited terrain for it",
                map.terrain(hex).name(),
                u.at.0,
                u.at.1
            ));
        }
        match u.arrives {
            None => units.push(unit),
            Some(t) if (2..=spec.turns).contains(&t) => {
                reinforcements.push(Reinforcement { turn: t, unit })
            }
            Some(t) => {
                unit_fault!(format!(
                    "arrives on turn {t}; expected a turn from 2 to {} (the last)",
                    spec.turns
                ));
            }
        }
    }

    (units, reinforcements)
}

/// The unit a scenario's unit spec places, in `formation` on `hex`, commanding `post` if a
/// leader: as it starts, nothing done yet this turn.
fn unit_of(u: &UnitSpec, formation: Formation, hex: Hex, post: Option<Post>) -> Unit {
    Unit {
        id: UnitId(u.id),
        name: u.name.clone(),
        side: Side(u.side),
        brigade: u.brigade.clone(),
        kind: u.kind,
        formation,
        hex,
        facing: u.facing,
        men: u.men,
        guns: u.guns,
        weapon: u.weapon.clone(),
        quality: u.quality,
        fatigue: u.fatigue,
        disrupted: u.flags.contains(&Flag::Disrupted),
        routed: u.flags.contains(&Flag::Routed),
        fixed_until: u.fixed_until,
        isolated: u.flags.contains(&Flag::Isolated),
        ammo: u.ammo,
        crew: u.crew,
        captured_from: None,
        captured_guns: 0,
        repairing: None,
        marks: TurnMarks::default(),
        cavalry: u.cavalry.unwrap_or_default(),
        command: post
            .as_ref()
            .map_or(u.command.unwrap_or_default(), Post::level),
        morale_bonus: false,
        hold_next_turn: false,
        commands: post,
        out_of_command: false,
    }
}

/// What is wrong with a unit's own fields, if anything: its side and brigade, its formation,
/// men and guns for its kind, fatigue, weapon, and the marks only some kinds may carry.
fn unit_fault(
    spec: &ScenarioFile,
    u: &UnitSpec,
    formation: Formation,
    params: &Parameters,
) -> Option<String> {
    let weapons = &params.weapons;
    if u.side > 1 {
        return Some(format!("side {} does not exist; expected 0 or 1", u.side));
    }
    match spec.brigades.iter().find(|b| b.id == u.brigade) {
        None => return Some(format!("unknown brigade `{}`", u.brigade)),
        Some(b) if b.side != u.side => {
            return Some(format!("brigade `{}` belongs to the other side", u.brigade));
        }
        _ => {}
    }
    if !formation.valid_for(u.kind) {
        return Some(format!(
            "formation {} is not valid for {}",
            formation.name(),
            u.kind.name()
        ));
    }
    match u.kind {
        UnitKind::Infantry | UnitKind::Cavalry | UnitKind::Supply if u.men == 0 => {
            return Some("needs men (wagon points for a supply wagon) above 0".into());
        }
        UnitKind::Artillery if u.guns == 0 => {
            return Some("a battery needs guns above 0".into());
        }
        UnitKind::Leader if u.men != 0 || u.guns != 0 => {
            return Some("a leader has no men or guns".into());
        }
        k if k != UnitKind::Artillery && u.guns != 0 => {
            return Some(format!("{} cannot have guns", k.name()));
        }
        _ => {}
    }
    if u.fatigue > params.combat.max_fatigue {
        return Some(format!(
            "fatigue {} is above the maximum {}",
            u.fatigue, params.combat.max_fatigue
        ));
    }
    if !u.weapon.is_empty() && !weapons.knows(&u.weapon) {
        let known: Vec<&str> = weapons.names().collect();
        return Some(format!(
            "unknown weapon `{}`; expected one of {} (or a weapon of the scenario's own `weapons`)",
            u.weapon,
            known.join(", ")
        ));
    }
    if u.cavalry.is_some() && u.kind != UnitKind::Cavalry {
        return Some("only cavalry can be Light, Heavy or Lancer".into());
    }
    if u.command.is_some() && u.kind != UnitKind::Leader {
        return Some("only a leader has a level of command".into());
    }
    if u.crew != Crew::Crewed && u.kind != UnitKind::Artillery {
        return Some("only artillery can be uncrewed or spiked".into());
    }
    None
}

/// A hex that holds both sides, or more than the stacking limit, is noted in `found`.
fn stacking_faults(units: &[Unit], map: &Map, params: &Parameters, found: &mut Vec<Found>) {
    let mut by_hex: HashMap<Hex, Vec<&Unit>> = HashMap::new();
    for u in units {
        by_hex.entry(u.hex).or_default().push(u);
    }
    let mut hexes: Vec<_> = by_hex.keys().copied().collect();
    hexes.sort_by_key(|h| map.coord(*h));
    for hex in hexes {
        let here = &by_hex[&hex];
        let c = map.coord(hex);
        let at = Some((c.col, c.row));
        if here.iter().any(|u| u.side != here[0].side) {
            found.push(Found {
                line: None,
                at,
                unit: None,
                message: format!("hex {c} holds units of both sides"),
            });
            continue;
        }
        let load = hex_load(here.iter().copied(), params);
        if let Some(over) = StackLimit::check(load, params) {
            found.push(Found {
                line: None,
                at,
                unit: None,
                message: format!("hex {c} is overstacked: {over}"),
            });
        }
    }
}

fn rank(r: Road) -> u8 {
    match r {
        Road::Trail => 0,
        Road::Rail => 1,
        Road::Road => 2,
        Road::Pike => 3,
    }
}

/// What `bayonet check --json` prints for a valid scenario.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Summary {
    pub name: String,
    pub width: u32,
    pub height: u32,
    pub turns: u32,
    pub units: BTreeMap<String, BTreeMap<String, u32>>,
    pub terrain: BTreeMap<String, u32>,
    pub hexside_features: BTreeMap<String, u32>,
    pub roads: BTreeMap<String, u32>,
    pub full_hex_bridges: u32,
    pub objectives: u32,
    /// Units that enter later.
    pub reinforcements: u32,
}

impl Scenario {
    /// What the scenario allows but a player would not expect, each with the line of the unit
    /// it names: units that can never be in command under *Command Control* (D-cc-3); a
    /// leader whose headquarters stands under another formation than the one he commands (a
    /// corps commander's under one of his divisions: issue 76, item 16); a leader on the
    /// field before anyone he commands (item 21).
    pub fn warnings(&self) -> Vec<LoadError> {
        let all: Vec<&Unit> = self.every_unit().collect();
        let mut out = self.never_commanded_warnings(&all);
        out.extend(self.headquarters_warnings(&all));
        out.extend(self.early_leader_warnings());
        out
    }

    /// A warning at unit `id`'s line.
    fn warning_at(&self, id: UnitId, message: String) -> LoadError {
        LoadError {
            file: self.file.clone(),
            line: unit_line(&self.source, id.0, 0),
            column: None,
            message: format!("warning: {message}"),
        }
    }

    /// Leaders whose own brigade stands under a formation of their level or below other than
    /// the one they command: a corps commander's headquarters listed under one of his divisions
    /// reads, in the order of battle, as a brigade of that division. (Headquarters answering to
    /// the army, several generals together, are a small battle's way and pass.)
    fn headquarters_warnings(&self, all: &[&Unit]) -> Vec<LoadError> {
        all.iter()
            .filter(|u| u.is_leader())
            .filter_map(|u| {
                let post = u.commands.as_ref()?;
                let chain = self.organisation.chain(&u.brigade);
                let below = chain[1..]
                    .iter()
                    .find(|p| *p != post && p.level() <= post.level())?;
                if *post == Post::Brigade(u.brigade.clone()) {
                    return None;
                }
                let under = self.post_name(u.side, below);
                let fix = match post {
                    Post::Corps(c) => format!("give the brigade `corps: \"{c}\"` and no division"),
                    Post::Army => "give the brigade no division or corps".to_string(),
                    Post::Division(d) => format!("give the brigade `division: \"{d}\"`"),
                    Post::Brigade(b) => format!("put him in brigade \"{b}\""),
                };
                Some(self.warning_at(
                    u.id,
                    format!(
                        "{} commands {} but his headquarters, brigade \"{}\", stands under {under}: \
                         {fix}",
                        u.name,
                        self.post_name(u.side, post),
                        u.brigade
                    ),
                ))
            })
            .collect()
    }

    /// Leaders on the field before any unit they command: a brigadier walking alone for turns.
    fn early_leader_warnings(&self) -> Vec<LoadError> {
        let arrivals: Vec<(&Unit, u32)> = self
            .units
            .iter()
            .map(|u| (u, 1))
            .chain(self.reinforcements.iter().map(|r| (&r.unit, r.turn)))
            .collect();
        arrivals
            .iter()
            .filter(|(u, _)| u.is_leader())
            .filter_map(|(u, turn)| {
                let post = self.organisation.post_of(u);
                let first = arrivals
                    .iter()
                    .filter(|(x, _)| !x.is_leader() && x.side == u.side)
                    .filter(|(x, _)| self.organisation.chain(&x.brigade).contains(&post))
                    .map(|(_, t)| *t)
                    .min()?;
                (first > *turn).then(|| {
                    self.warning_at(
                        u.id,
                        format!(
                            "{} is on the field from turn {turn} but the first of {} comes on \
                             turn {first}: let him arrive with them",
                            u.name,
                            self.post_name(u.side, &post)
                        ),
                    )
                })
            })
            .collect()
    }

    /// Units that can never be in command under *Command Control* (D-cc-3).
    fn never_commanded_warnings(&self, all: &[&Unit]) -> Vec<LoadError> {
        self.organisation
            .never_commanded(&all)
            .into_iter()
            .filter_map(|id| all.iter().find(|u| u.id == id))
            .map(|u| {
                self.warning_at(
                    u.id,
                    format!(
                        "{} (brigade \"{}\") can never be in command under Command Control: no \
                         leader commands its brigade or a division, corps or army above it, and \
                         the brigade is not independent; give the brigade a leader or a \
                         division, or mark it independent",
                        u.name, u.brigade
                    ),
                )
            })
            .collect()
    }

    pub fn summary(&self) -> Summary {
        let mut units: BTreeMap<String, BTreeMap<String, u32>> = BTreeMap::new();
        for u in self
            .units
            .iter()
            .chain(self.reinforcements.iter().map(|r| &r.unit))
        {
            *units
                .entry(self.side_name(u.side).to_string())
                .or_default()
                .entry(u.kind.name().to_string())
                .or_default() += 1;
        }
        let mut terrain = BTreeMap::new();
        for h in self.map.hexes() {
            *terrain
                .entry(self.map.terrain(h).name().to_string())
                .or_default() += 1;
        }
        let mut hexside_features = BTreeMap::new();
        for fs in self.map.sides.values() {
            for f in fs {
                *hexside_features.entry(f.name().to_string()).or_default() += 1;
            }
        }
        let mut roads = BTreeMap::new();
        for r in self.map.roads.values() {
            *roads.entry(r.name().to_string()).or_default() += 1;
        }
        Summary {
            name: self.name.clone(),
            width: self.map.width,
            height: self.map.height,
            turns: self.turns,
            units,
            terrain,
            hexside_features,
            roads,
            full_hex_bridges: self.map.bridges.len() as u32,
            objectives: self.map.objectives.len() as u32,
            reinforcements: self.reinforcements.len() as u32,
        }
    }
}
