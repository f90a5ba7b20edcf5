//! The scenario editor's document: a scenario file being edited, the edits that change it, undo
//! and redo, and its faults by the same checks as `bayonet check`. Plain Rust, no Bevy: the
//! window's editor (`client::editor`) and the tests drive the same edits.

pub mod intent;
pub mod writer;

use serde::{Deserialize, Serialize};

use crate::rules::hex::{Facing, Hexside};
use crate::rules::map::{Coord, LabelKind, Map, MapEdge, Road, SideFeature, Terrain};
use crate::rules::scenario::{
    self, At, BridgeSpec, BrigadeInfo, Fault, HexsideSpec, LabelSpec, MapSpec, ObjectiveSpec,
    RoadSpec, Scenario, ScenarioFile, SideInfo, UnitSpec, VictoryThresholds,
};
use crate::rules::unit::{Formation, Quality, UnitKind};

/// How many edits undo remembers.
const UNDO_DEPTH: usize = 500;

/// One change to the scenario: what the editor's tools, panels and tests give.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Edit {
    Terrain {
        at: At,
        terrain: Terrain,
    },
    Elevation {
        at: At,
        level: u8,
    },
    /// Puts a hexside feature on (or takes it off) the hexside `side` of `at`.
    Hexside {
        at: At,
        side: Facing,
        feature: SideFeature,
        on: bool,
    },
    /// A road of `kind` between two adjacent hexes; `None` takes any road there away.
    Road {
        from: At,
        to: At,
        kind: Option<Road>,
    },
    /// A full-hex bridge on a water hex; `None` takes it away.
    Bridge {
        at: At,
        strength: Option<u32>,
    },
    /// An objective at a hex (replacing the one there, keeping its owner); `None` takes it away.
    Objective {
        at: At,
        objective: Option<(String, u32)>,
    },
    /// Who holds the objective at a hex at the start (D-obj-1): a side, or `None` for the side
    /// of the combat unit on it (else nobody).
    ObjectiveOwner {
        at: At,
        owner: Option<u8>,
    },
    SupplySource {
        at: At,
        on: bool,
    },
    /// A place name at a hex. Named as a label that exists (same name and kind), the hex is
    /// added to it, so a ridge or a stream is lettered along the hexes given one by one; else
    /// the label on that hex is renamed, or a new one begun. `None` takes the hex out of the
    /// label on it (and the label away with its last hex).
    Label {
        at: At,
        label: Option<(String, LabelKind)>,
    },
    /// The rank of the place name on hex `at` (1 shown at every zoom … 3 close in only);
    /// `None` for its kind's own.
    LabelRank {
        at: At,
        rank: Option<u8>,
    },
    /// Takes away the place name on hex `at`, all its hexes.
    RemoveLabel {
        at: At,
    },
    /// Adds a unit, or replaces the unit with its id.
    Unit(UnitSpec),
    RemoveUnit {
        id: u32,
    },
    /// Adds a brigade, or replaces the one with its id.
    Brigade(BrigadeInfo),
    Side {
        index: usize,
        side: SideInfo,
    },
    Name(String),
    Description(String),
    Turns(u32),
    StartTime(String),
    FirstSide(u8),
    Victory(VictoryThresholds),
    Seed(u64),
    /// Who attacks in the battle (the library's type, and the computer's intent without
    /// orders); `None`: not said.
    Action(Option<scenario::Action>),
    /// The commander's intent's order at `index` replaced (at the end: added); `None` takes it
    /// away.
    Intent {
        index: usize,
        order: Option<scenario::IntentSpec>,
    },
    /// Parameter Data overrides, in the shape of `assets/rules/parameters.ron`.
    Parameters(Option<ron::Value>),
}

/// A scenario being edited.
#[derive(Debug, Clone)]
pub struct Document {
    pub file: ScenarioFile,
    /// Where it is saved.
    pub path: String,
    /// The file's own leading comment lines, written back on save.
    pub header: String,
    undo: Vec<ScenarioFile>,
    redo: Vec<ScenarioFile>,
    /// Inside a stroke (a drag of a tool) edits join the first one's undo step.
    stroke: bool,
    stroke_marked: bool,
    /// Changed since it was opened or last saved.
    pub dirty: bool,
}

impl Document {
    /// Opens a scenario file (any RON it can read, even one with faults to mend).
    pub fn open(path: &str) -> Result<Document, scenario::LoadError> {
        Document::from_text(path, &scenario::read_text(path)?)
    }

    pub fn from_text(path: &str, text: &str) -> Result<Document, scenario::LoadError> {
        let file: ScenarioFile =
            scenario::ron_options()
                .from_str(text)
                .map_err(|e| scenario::LoadError {
                    file: path.into(),
                    line: Some(e.span.start.line),
                    column: Some(e.span.start.col),
                    message: e.code.to_string(),
                })?;
        let header = text
            .lines()
            .take_while(|l| l.trim_start().starts_with("//") || l.trim().is_empty())
            .map(|l| format!("{l}\n"))
            .collect();
        Ok(Document::with(file, path, header))
    }

    /// A new scenario: a map of clear, level ground of this size, two sides, no units.
    pub fn new(path: &str, width: u32, height: u32) -> Document {
        let side = |name: &str, color, edge| SideInfo {
            name: name.into(),
            color,
            edge,
        };
        let file = ScenarioFile {
            name: "New scenario".into(),
            description: String::new(),
            date: None,
            action: None,
            map: MapSpec {
                width,
                height,
                terrain: vec![".".repeat(width as usize); height as usize],
                elevation: vec!["0".repeat(width as usize); height as usize],
                feet_per_level: None,
                hexsides: Vec::new(),
                roads: Vec::new(),
                bridges: Vec::new(),
                objectives: Vec::new(),
                supply_sources: Vec::new(),
                labels: Vec::new(),
            },
            sides: vec![
                side("Union", (0.16, 0.28, 0.62), MapEdge::West),
                side("Confederate", (0.55, 0.55, 0.58), MapEdge::East),
            ],
            first_side: 0,
            turns: 12,
            start_time: "08:00".into(),
            victory: VictoryThresholds {
                major_defeat: -300,
                minor_defeat: -100,
                minor_victory: 100,
                major_victory: 300,
            },
            seed: 1,
            parameters: None,
            weapons: Default::default(),
            divisions: Vec::new(),
            corps: Vec::new(),
            brigades: vec![
                BrigadeInfo {
                    id: "U1".into(),
                    name: "1st Brigade".into(),
                    side: 0,
                    division: None,
                    corps: None,
                    independent: false,
                },
                BrigadeInfo {
                    id: "C1".into(),
                    name: "1st Brigade".into(),
                    side: 1,
                    division: None,
                    corps: None,
                    independent: false,
                },
            ],
            units: Vec::new(),
            intent: Vec::new(),
        };
        let mut d = Document::with(file, path, String::new());
        d.dirty = true;
        d
    }

    fn with(file: ScenarioFile, path: &str, header: String) -> Document {
        Document {
            file,
            path: path.into(),
            header,
            undo: Vec::new(),
            redo: Vec::new(),
            stroke: false,
            stroke_marked: false,
            dirty: false,
        }
    }

    /// The scenario as the file would be written.
    pub fn text(&self) -> String {
        writer::write(&self.header, &self.file)
    }

    /// The scenario as far as it stands, and every fault `bayonet check` would report.
    pub fn check(&self) -> (Option<Scenario>, Vec<Fault>) {
        scenario::check(&self.path, &self.text())
    }

    /// Writes the file (atomically: a crash leaves the old one whole).
    pub fn save(&mut self) -> Result<(), String> {
        self.save_as(&self.path.clone())
    }

    pub fn save_as(&mut self, path: &str) -> Result<(), String> {
        let tmp = format!("{path}.saving");
        std::fs::write(&tmp, self.text())
            .and_then(|_| std::fs::rename(&tmp, path))
            .map_err(|e| format!("cannot write {path}: {e}"))?;
        self.path = path.into();
        self.dirty = false;
        Ok(())
    }

    /// Starts a stroke: the edits until `end_stroke` undo as one.
    pub fn begin_stroke(&mut self) {
        self.stroke = true;
        self.stroke_marked = false;
    }

    pub fn end_stroke(&mut self) {
        self.stroke = false;
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    pub fn undo(&mut self) -> bool {
        let Some(before) = self.undo.pop() else {
            return false;
        };
        self.redo.push(std::mem::replace(&mut self.file, before));
        self.dirty = true;
        true
    }

    pub fn redo(&mut self) -> bool {
        let Some(after) = self.redo.pop() else {
            return false;
        };
        self.undo.push(std::mem::replace(&mut self.file, after));
        self.dirty = true;
        true
    }

    /// Applies an edit; returns whether anything changed, or why it cannot be made.
    pub fn apply(&mut self, edit: Edit) -> Result<bool, String> {
        let mut next = self.file.clone();
        change(&mut next, edit)?;
        if next == self.file {
            return Ok(false);
        }
        if !self.stroke || !self.stroke_marked {
            self.undo.push(std::mem::replace(&mut self.file, next));
            if self.undo.len() > UNDO_DEPTH {
                self.undo.remove(0);
            }
            self.stroke_marked = true;
        } else {
            self.file = next;
        }
        self.redo.clear();
        self.dirty = true;
        Ok(true)
    }

    /// The unit standing at `at` (or arriving there) that comes after `after` in the file's
    /// order, for picking through a stack.
    pub fn unit_at(&self, at: At, after: Option<u32>) -> Option<u32> {
        let here: Vec<u32> = self
            .file
            .units
            .iter()
            .filter(|u| u.at == at)
            .map(|u| u.id)
            .collect();
        let i = after
            .and_then(|a| here.iter().position(|x| *x == a))
            .map_or(0, |i| i + 1);
        here.get(i % here.len().max(1)).copied()
    }

    pub fn unit(&self, id: u32) -> Option<&UnitSpec> {
        self.file.units.iter().find(|u| u.id == id)
    }

    /// The place name lettered on hex `at`, if any.
    pub fn label_at(&self, at: At) -> Option<&LabelSpec> {
        self.file.map.labels.iter().find(|l| l.hexes.contains(&at))
    }

    /// A fresh unit of `kind` for `side` at `at`, in that side's first brigade, with the
    /// fields a new regiment, battery, wagon or leader usually has.
    pub fn new_unit(&self, side: u8, kind: UnitKind, at: At) -> UnitSpec {
        let id = self.file.units.iter().map(|u| u.id).max().unwrap_or(0) + 1;
        let brigade = self
            .file
            .brigades
            .iter()
            .find(|b| b.side == side)
            .map(|b| b.id.clone())
            .unwrap_or_default();
        let (men, guns, weapon) = match kind {
            UnitKind::Infantry => (400, 0, "rifled musket"),
            UnitKind::Cavalry => (300, 0, "carbine"),
            UnitKind::Artillery => (100, 4, "Napoleon 12-pdr"),
            UnitKind::Supply => (10, 0, ""),
            UnitKind::Leader => (0, 0, ""),
        };
        let facing = match self.file.sides.get(side as usize).map(|s| s.edge) {
            Some(MapEdge::West) => Facing::NE,
            Some(MapEdge::East) => Facing::SW,
            Some(MapEdge::North) => Facing::S,
            _ => Facing::N,
        };
        let side_name = self
            .file
            .sides
            .get(side as usize)
            .map_or("?", |s| s.name.as_str());
        UnitSpec {
            id,
            name: format!("{side_name} {} {id}", kind.name()),
            side,
            brigade,
            kind,
            at,
            facing,
            formation: None,
            men,
            guns,
            weapon: weapon.into(),
            quality: Quality::C,
            fatigue: 0,
            flags: Vec::new(),
            fixed_until: None,
            ammo: Default::default(),
            crew: Default::default(),
            arrives: None,
            cavalry: None,
            command: None,
            commands: None,
            successor: None,
        }
    }
}

fn geometry(m: &MapSpec) -> Map {
    Map::new(m.width, m.height)
}

fn cell(m: &MapSpec, at: At) -> Result<(usize, usize), String> {
    if at.0 < 0 || at.1 < 0 || at.0 >= m.width as i32 || at.1 >= m.height as i32 {
        return Err(format!("hex {},{} is off the map", at.0, at.1));
    }
    Ok((at.0 as usize, at.1 as usize))
}

fn set_char(rows: &mut [String], (col, row): (usize, usize), c: char) {
    let mut chars: Vec<char> = rows[row].chars().collect();
    chars[col] = c;
    rows[row] = chars.into_iter().collect();
}

/// The hexside of `at` facing `side`, as the one stored key.
fn key(map: &Map, at: At, side: Facing) -> Hexside {
    Hexside::new(
        map.hex_at(Coord {
            col: at.0,
            row: at.1,
        }),
        side,
    )
}

/// A hexside feature put on, or taken off, the hexside `side` of `at`.
fn hexside(
    m: &mut MapSpec,
    at: At,
    side: Facing,
    feature: SideFeature,
    on: bool,
) -> Result<(), String> {
    cell(m, at)?;
    let map = geometry(m);
    let k = key(&map, at, side);
    if !map.contains(k.hex + k.side.step()) || !map.contains(k.hex) {
        return Err(format!(
            "hexside {side:?} of {},{} is the map's edge",
            at.0, at.1
        ));
    }
    for spec in m.hexsides.iter_mut().filter(|s| s.feature == feature) {
        spec.at.retain(|(a, s)| key(&map, *a, *s) != k);
    }
    m.hexsides.retain(|s| !s.at.is_empty());
    if on {
        let c = map.coord(k.hex);
        let here = ((c.col, c.row), k.side);
        match m.hexsides.iter_mut().find(|s| s.feature == feature) {
            Some(spec) => spec.at.push(here),
            None => m.hexsides.push(HexsideSpec {
                feature,
                at: vec![here],
            }),
        }
    }
    Ok(())
}

/// A road of `kind` between two adjacent hexes (splitting any road that crossed there); `None`
/// takes the roads there away.
fn road(m: &mut MapSpec, from: At, to: At, kind: Option<Road>) -> Result<(), String> {
    cell(m, from)?;
    cell(m, to)?;
    let map = geometry(m);
    let (a, b) = (
        map.hex_at(Coord {
            col: from.0,
            row: from.1,
        }),
        map.hex_at(Coord {
            col: to.0,
            row: to.1,
        }),
    );
    if Facing::between(a, b).is_none() {
        return Err(format!(
            "{},{} and {},{} are not adjacent",
            from.0, from.1, to.0, to.1
        ));
    }
    // Take the hexside out of every road that uses it (splitting a longer road).
    let mut roads = Vec::new();
    for r in std::mem::take(&mut m.roads) {
        let mut part: Vec<At> = Vec::new();
        for &h in &r.path {
            let crosses = part
                .last()
                .is_some_and(|p| (*p == from && h == to) || (*p == to && h == from));
            if crosses {
                if part.len() > 1 {
                    roads.push(RoadSpec {
                        kind: r.kind,
                        path: std::mem::take(&mut part),
                    });
                }
                part = Vec::new();
            }
            part.push(h);
        }
        if part.len() > 1 {
            roads.push(RoadSpec {
                kind: r.kind,
                path: part,
            });
        }
    }
    m.roads = roads;
    if let Some(kind) = kind {
        // Extend a road of the same kind that ends here, else start one.
        match m
            .roads
            .iter_mut()
            .find(|r| r.kind == kind && r.path.last() == Some(&from))
        {
            Some(r) => r.path.push(to),
            None => m.roads.push(RoadSpec {
                kind,
                path: vec![from, to],
            }),
        }
    }
    Ok(())
}

/// An objective set at `at`, changed, or taken away.
fn set_objective(m: &mut MapSpec, at: At, objective: Option<(String, u32)>) -> Result<(), String> {
    cell(m, at)?;
    let i = m.objectives.iter().position(|o| o.hex == at);
    match (i, objective) {
        (Some(i), Some((name, points))) => {
            m.objectives[i] = ObjectiveSpec {
                name,
                hex: at,
                points,
                owner: m.objectives[i].owner,
            }
        }
        (None, Some((name, points))) => m.objectives.push(ObjectiveSpec {
            name,
            hex: at,
            points,
            owner: None,
        }),
        (Some(i), None) => {
            m.objectives.remove(i);
        }
        (None, None) => {}
    }
    Ok(())
}

/// A place name at `at`: the hex joins a label of that name and kind, renames the one there, or
/// starts one; `None` takes the hex out of its label.
fn set_label(m: &mut MapSpec, at: At, label: Option<(String, LabelKind)>) -> Result<(), String> {
    cell(m, at)?;
    let here = m.labels.iter().position(|l| l.hexes.contains(&at));
    match label {
        Some((name, kind)) => {
            if name.trim().is_empty() {
                return Err("a place name needs a name to draw".into());
            }
            let same = m
                .labels
                .iter()
                .position(|l| l.name == name && l.kind == kind);
            match (same, here) {
                (Some(i), _) => {
                    if !m.labels[i].hexes.contains(&at) {
                        m.labels[i].hexes.push(at);
                    }
                }
                (None, Some(i)) => {
                    m.labels[i].name = name;
                    m.labels[i].kind = kind;
                }
                (None, None) => m.labels.push(LabelSpec {
                    name,
                    kind,
                    hexes: vec![at],
                    rank: None,
                }),
            }
        }
        None => {
            if let Some(i) = here {
                m.labels[i].hexes.retain(|h| *h != at);
                if m.labels[i].hexes.is_empty() {
                    m.labels.remove(i);
                }
            }
        }
    }
    Ok(())
}

/// An edit of the map's own: ground, hexsides, roads, bridges, objectives, place names, supply.
fn change_map(m: &mut MapSpec, edit: Edit) -> Result<(), String> {
    match edit {
        Edit::Terrain { at, terrain } => {
            let c = cell(m, at)?;
            set_char(&mut m.terrain, c, terrain.letter());
            if terrain != Terrain::Water {
                m.bridges.retain(|b| b.hex != at);
            }
        }
        Edit::Elevation { at, level } => {
            let c = cell(m, at)?;
            let Some(ch) = crate::rules::scenario::step_char(level as u32) else {
                return Err(format!("height {level}: expected 0 to 35 steps"));
            };
            if m.elevation.is_empty() {
                m.elevation = vec!["0".repeat(m.width as usize); m.height as usize];
            }
            set_char(&mut m.elevation, c, ch);
        }
        Edit::Hexside {
            at,
            side,
            feature,
            on,
        } => hexside(m, at, side, feature, on)?,
        Edit::Road { from, to, kind } => road(m, from, to, kind)?,
        Edit::Bridge { at, strength } => {
            let (col, row) = cell(m, at)?;
            m.bridges.retain(|b| b.hex != at);
            if let Some(strength) = strength {
                if m.terrain[row].chars().nth(col) != Some('~') {
                    return Err(format!(
                        "a full-hex bridge must be on water; {},{} is not",
                        at.0, at.1
                    ));
                }
                m.bridges.push(BridgeSpec {
                    hex: at,
                    strength,
                    max: None,
                });
            }
        }
        Edit::Objective { at, objective } => set_objective(m, at, objective)?,
        Edit::ObjectiveOwner { at, owner } => {
            if owner.is_some_and(|s| s > 1) {
                return Err(format!(
                    "an objective is held by side 0 or 1, or by whoever stands on it; not side {}",
                    owner.unwrap_or_default()
                ));
            }
            let Some(o) = m.objectives.iter_mut().find(|o| o.hex == at) else {
                return Err(format!("no objective at {},{}", at.0, at.1));
            };
            o.owner = owner;
        }
        Edit::Label { at, label } => set_label(m, at, label)?,
        Edit::LabelRank { at, rank } => {
            if rank.is_some_and(|r| !(1..=3).contains(&r)) {
                return Err("a place name's rank is 1 (every zoom), 2 or 3 (close in only)".into());
            }
            let Some(l) = m.labels.iter_mut().find(|l| l.hexes.contains(&at)) else {
                return Err(format!("no place name on {},{}", at.0, at.1));
            };
            l.rank = rank;
        }
        Edit::RemoveLabel { at } => {
            m.labels.retain(|l| !l.hexes.contains(&at));
        }
        Edit::SupplySource { at, on } => {
            cell(m, at)?;
            m.supply_sources.retain(|s| *s != at);
            if on {
                m.supply_sources.push(at);
            }
        }
        // The scenario's own edits are `change`'s.
        _ => {}
    }
    Ok(())
}

fn change(f: &mut ScenarioFile, edit: Edit) -> Result<(), String> {
    match edit {
        Edit::Unit(u) => {
            cell(&f.map, u.at)?;
            if let Some(f) = u.formation {
                if !f.valid_for(u.kind) {
                    return Err(format!(
                        "formation {} is not valid for {}",
                        f.name(),
                        u.kind.name()
                    ));
                }
            }
            match f.units.iter_mut().find(|x| x.id == u.id) {
                Some(x) => *x = u,
                None => f.units.push(u),
            }
        }
        Edit::RemoveUnit { id } => f.units.retain(|u| u.id != id),
        Edit::Brigade(b) => match f.brigades.iter_mut().find(|x| x.id == b.id) {
            Some(x) => {
                // A brigade that changes side takes its units with it.
                let (id, side) = (b.id.clone(), b.side);
                *x = b;
                for u in f.units.iter_mut().filter(|u| u.brigade == id) {
                    u.side = side;
                }
            }
            None => f.brigades.push(b),
        },
        Edit::Side { index, side } => {
            let s = f
                .sides
                .get_mut(index)
                .ok_or_else(|| format!("side {index}: there are two, 0 and 1"))?;
            *s = side;
        }
        Edit::Name(n) => f.name = n,
        Edit::Description(d) => f.description = d,
        Edit::Turns(t) => {
            if t == 0 {
                return Err("a scenario needs at least one turn".into());
            }
            f.turns = t;
        }
        Edit::StartTime(t) => f.start_time = t,
        Edit::FirstSide(s) => {
            if s > 1 {
                return Err(format!("first side {s}: expected 0 or 1"));
            }
            f.first_side = s;
        }
        Edit::Victory(v) => f.victory = v,
        Edit::Seed(s) => f.seed = s,
        Edit::Action(a) => {
            if let Some(scenario::Action::Attack(s)) = a {
                if s > 1 {
                    return Err(format!("the attacking side {s}: expected 0 or 1"));
                }
            }
            f.action = a;
        }
        Edit::Intent { index, order } => {
            if index > f.intent.len() {
                return Err(format!(
                    "order {}: there are {} orders",
                    index + 1,
                    f.intent.len()
                ));
            }
            match order {
                Some(o) if index == f.intent.len() => f.intent.push(o),
                Some(o) => f.intent[index] = o,
                None if index < f.intent.len() => {
                    f.intent.remove(index);
                }
                None => {}
            }
        }
        Edit::Parameters(p) => {
            if let Some(v) = &p {
                crate::rules::params::Parameters::with_overrides(v)?;
            }
            f.parameters = p;
        }
        map_edit @ (Edit::Terrain { .. }
        | Edit::Elevation { .. }
        | Edit::Hexside { .. }
        | Edit::Road { .. }
        | Edit::Bridge { .. }
        | Edit::Objective { .. }
        | Edit::ObjectiveOwner { .. }
        | Edit::Label { .. }
        | Edit::LabelRank { .. }
        | Edit::RemoveLabel { .. }
        | Edit::SupplySource { .. }) => change_map(&mut f.map, map_edit)?,
    }
    Ok(())
}

/// The formations a unit of `kind` may take, the default first.
pub fn formations(kind: UnitKind) -> Vec<Formation> {
    use Formation::*;
    [
        Line,
        Column,
        Mounted,
        Dismounted,
        Dismounting,
        Limbered,
        Unlimbered,
    ]
    .into_iter()
    .filter(|f| f.valid_for(kind))
    .collect()
}
