//! The after-action report: a whole game replayed from its save and read off turn by turn —
//! men and guns lost per side in each side turn, victory points and objectives held over the
//! turns, every melee (where, who attacked, who won, the losses) and every rout, and each
//! unit's and brigade's losses. `charts` draws it, `page` writes it as a web page;
//! `bayonet report SAVE --out DIR` does both, `--json` prints the numbers.

pub mod charts;
pub mod missions;
pub mod page;

use std::collections::BTreeMap;

use serde::Serialize;

use crate::rules::board::Board;
use crate::rules::event::Event;
use crate::rules::map::Coord;
use crate::rules::melee::MeleeSide;
use crate::rules::morale::RoutMove;
use crate::rules::scenario::{LoadError, Scenario};
use crate::rules::unit::{Side, UnitId, UnitKind};
use crate::save::{self, SaveGame};

/// One side turn, as it ended.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TurnRecord {
    pub turn: u32,
    /// The side whose turn it was.
    pub side: Side,
    pub clock: String,
    /// Men (infantry and cavalry) and guns each side lost in it.
    pub men_lost: [u32; 2],
    pub guns_lost: [u32; 2],
    /// The first side's victory points when it ended.
    pub victory_points: f64,
    /// Objective points each side held when it ended.
    pub objectives: [u32; 2],
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MeleeRecord {
    pub turn: u32,
    pub at: Coord,
    pub attacker: Side,
    /// The side that won it (`None`: no decision, or a bridge attacked).
    pub winner: Option<Side>,
    pub attacker_loss: u32,
    pub defender_loss: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RoutRecord {
    pub turn: u32,
    pub unit: UnitId,
    pub side: Side,
    pub from: Coord,
    pub to: Coord,
}

/// A unit from its arrival to the end.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct UnitRecord {
    pub id: UnitId,
    pub name: String,
    pub side: Side,
    pub brigade: String,
    pub kind: UnitKind,
    pub men_start: u32,
    pub guns_start: u32,
    pub men_end: u32,
    pub guns_end: u32,
    /// Gone from the map (eliminated, or its crew scattered).
    pub eliminated: bool,
    /// A battery that ended in the enemy's hands.
    pub captured: bool,
}

impl UnitRecord {
    /// Men lost, counted as the victory rules count them (infantry and cavalry).
    pub fn men_lost(&self) -> u32 {
        match self.kind {
            UnitKind::Infantry | UnitKind::Cavalry => {
                self.men_start - self.men_end.min(self.men_start)
            }
            _ => 0,
        }
    }

    pub fn guns_lost(&self) -> u32 {
        self.guns_start - self.guns_end.min(self.guns_start)
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BrigadeRecord {
    pub id: String,
    pub name: String,
    pub side: Side,
    pub men_lost: u32,
    pub guns_lost: u32,
    pub units: usize,
    pub eliminated: usize,
}

/// What took the men and guns a side lost (issue 58): small arms' fire, the guns', melee, and
/// the rest — routs and retreats with nowhere to go, surrender, guns captured.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct Causes {
    /// By each side's infantry and cavalry fire (aimed, opportunity and melee defensive fire):
    /// what the *other* side lost to it. Index by the side that lost.
    pub small_arms: Lost,
    pub artillery: Lost,
    pub melee: Lost,
    pub routs_and_other: Lost,
}

/// Men (infantry and cavalry, as victory counts them) and guns each side lost.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct Lost {
    pub men: [u32; 2],
    pub guns: [u32; 2],
}

impl Causes {
    /// The causes in order, with their names.
    pub fn named(&self) -> [(&'static str, Lost); 4] {
        [
            ("small arms", self.small_arms),
            ("artillery", self.artillery),
            ("melee", self.melee),
            ("routs, surrender, capture", self.routs_and_other),
        ]
    }

    /// The share of both sides' men lost that fire took (small arms and artillery).
    pub fn fire_share(&self) -> f64 {
        let all: u32 = self.named().iter().map(|(_, l)| l.men[0] + l.men[1]).sum();
        let fire = self.small_arms.men[0]
            + self.small_arms.men[1]
            + self.artillery.men[0]
            + self.artillery.men[1];
        if all == 0 {
            0.0
        } else {
            fire as f64 / all as f64
        }
    }
}

/// The whole report.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AfterAction {
    pub scenario: String,
    pub sides: [String; 2],
    /// The sides' colours (red, green, blue, 0–255).
    pub colours: [(u8, u8, u8); 2],
    pub first_side: Side,
    pub map_size: (u32, u32),
    /// The map's terrain, row by row (for the battle map).
    pub terrain: Vec<Vec<crate::rules::map::Terrain>>,
    /// The objectives: name, hex and points.
    pub objectives: Vec<(String, Coord, u32)>,
    pub orders: usize,
    pub over: bool,
    pub result: crate::rules::victory::VictoryReport,
    pub turns: Vec<TurnRecord>,
    pub melees: Vec<MeleeRecord>,
    pub routs: Vec<RoutRecord>,
    /// What took the losses: fire (small arms, artillery), melee, routs and surrender.
    pub causes: Causes,
    pub units: Vec<UnitRecord>,
    pub brigades: Vec<BrigadeRecord>,
    /// What the computer intended (issue 75): each side's battle plan from its view at the
    /// start of its turns, each brigade's missions turn by turn and whether achieved.
    pub missions: Vec<missions::MissionRecord>,
}

/// What each unit had: (side it began on, kind, men, guns) by id.
type Strengths = BTreeMap<UnitId, (Side, UnitKind, u32, u32)>;

fn strengths(board: &Board, original: &BTreeMap<UnitId, Side>) -> Strengths {
    board
        .units
        .iter()
        .map(|u| {
            let side = original.get(&u.id).copied().unwrap_or(u.side);
            // A battery in the enemy's hands is lost to the side it began with.
            let guns = if u.side == side { u.guns } else { 0 };
            (u.id, (side, u.kind, u.men, guns))
        })
        .collect()
}

/// Men and guns each side lost between two readings (a unit gone counts whole; one that
/// arrived in between loses nothing by arriving).
fn lost_between(before: &Strengths, after: &Strengths) -> ([u32; 2], [u32; 2]) {
    let mut men = [0, 0];
    let mut guns = [0, 0];
    for (id, (side, kind, m, g)) in before {
        let (m2, g2) = after.get(id).map_or((0, 0), |(_, _, m, g)| (*m, *g));
        let s = side.0 as usize & 1;
        if matches!(kind, UnitKind::Infantry | UnitKind::Cavalry) {
            men[s] += m.saturating_sub(m2);
        }
        guns[s] += g.saturating_sub(g2);
    }
    (men, guns)
}

fn objectives_held(board: &Board) -> [u32; 2] {
    let mut held = [0, 0];
    for o in &board.map.objectives {
        if let Some(s) = o.owner {
            held[s.0 as usize & 1] += o.points;
        }
    }
    held
}

/// The report of a saved game: its orders replayed from the start.
pub fn of_save(saved: &SaveGame) -> Result<AfterAction, LoadError> {
    let scenario = save::scenario_of(saved)?;
    Ok(of_game(&scenario, saved.seed, &saved.orders))
}

/// Every unit of the scenario: those on the map at the start, then the reinforcements.
fn every_unit(scenario: &Scenario) -> impl Iterator<Item = &crate::rules::unit::Unit> {
    scenario.every_unit()
}

/// The report of `orders` played on `scenario` with `seed`.
pub fn of_game(
    scenario: &Scenario,
    seed: u64,
    orders: &[crate::rules::order::Order],
) -> AfterAction {
    let mut game = crate::rules::game::Game::new(scenario.clone(), Some(seed)).replaying();
    let original: BTreeMap<UnitId, Side> = every_unit(scenario).map(|u| (u.id, u.side)).collect();
    let b = game.board.clone();
    let mut at_turn_start = strengths(&b, &original);
    let mut turn = (
        b.turn_state().turn,
        b.turn_state().side,
        b.turn_state().clock(),
    );
    let mut out = Recorder::default();
    let kinds: BTreeMap<UnitId, UnitKind> = every_unit(scenario).map(|u| (u.id, u.kind)).collect();
    // Each unit's strength when first seen (reinforcements when they arrive).
    let mut first: Strengths = at_turn_start.clone();
    let mut intended = missions::Missions::default();
    intended.turn_began(&b, b.acting);
    for o in orders {
        let events = game.give(o).map(|c| c.events).unwrap_or_default();
        let b = &game.board;
        melees_and_routs(&events, b, turn.0, &original, scenario, &mut out);
        causes(&events, &original, &kinds, &mut out.causes);
        let began = events.iter().filter_map(|e| match e {
            Event::TurnBegan(t) => Some((t.turn, t.side, t.clock.clone())),
            _ => None,
        });
        for (t, side, clock) in began {
            let now = strengths(b, &original);
            let points = crate::rules::victory::report(scenario, b).total;
            out.turns
                .push(turn_record(&turn, &at_turn_start, &now, points, b));
            for (id, v) in &now {
                first.entry(*id).or_insert(*v);
            }
            at_turn_start = now;
            turn = (t, side, clock);
            if !b.over {
                intended.turn_began(b, side);
            }
        }
    }
    let b = game.board;
    let result = crate::rules::victory::report(scenario, &b);
    // The side turn under way when the log ends (the game's last, or a game saved mid-turn):
    // the game's end begins no turn, so no TurnBegan above recorded it, quiet or not.
    let now = strengths(&b, &original);
    out.turns
        .push(turn_record(&turn, &at_turn_start, &now, result.total, &b));
    for (id, v) in &now {
        first.entry(*id).or_insert(*v);
    }
    let units = unit_records(scenario, &b, &first, &original);
    let brigades = brigade_records(scenario, &units);
    let missions = intended.finish(&b);
    // What the events do not name a cause for is the rest: units gone with men left (a rout or
    // a retreat with nowhere to go, a surrender) and guns captured.
    let mut causes = out.causes;
    the_rest(&mut causes, &out.turns);
    AfterAction {
        scenario: scenario.name.clone(),
        sides: [
            scenario.side_name(Side(0)).to_string(),
            scenario.side_name(Side(1)).to_string(),
        ],
        colours: [0, 1].map(|i| colour_of(scenario, i)),
        first_side: scenario.first_side,
        map_size: (scenario.map.width, scenario.map.height),
        terrain: terrain_rows(scenario),
        objectives: scenario
            .map
            .objectives
            .iter()
            .map(|o| (o.name.clone(), scenario.map.coord(o.hex), o.points))
            .collect(),
        orders: orders.len(),
        over: b.over,
        result,
        turns: out.turns,
        melees: out.melees,
        routs: out.routs,
        causes,
        units,
        brigades,
        missions,
    }
}

/// What the events do not name a cause for: the side's losses less those named.
fn the_rest(causes: &mut Causes, turns: &[TurnRecord]) {
    for (s, (men, guns)) in totals_of(turns).into_iter().enumerate() {
        let named = |f: fn(&Lost) -> [u32; 2]| {
            f(&causes.small_arms)[s] + f(&causes.artillery)[s] + f(&causes.melee)[s]
        };
        causes.routs_and_other.men[s] = men.saturating_sub(named(|l| l.men));
        causes.routs_and_other.guns[s] = guns.saturating_sub(named(|l| l.guns));
    }
}

/// Side `i`'s colour as bytes (grey for a side the scenario does not colour).
fn colour_of(scenario: &Scenario, i: usize) -> (u8, u8, u8) {
    let (r, g, b) = scenario.sides.get(i).map_or((0.5, 0.5, 0.5), |s| s.color);
    let c = |x: f32| (x.clamp(0.0, 1.0) * 255.0).round() as u8;
    (c(r), c(g), c(b))
}

/// The map's terrain, row by row, for the battle map chart.
fn terrain_rows(scenario: &Scenario) -> Vec<Vec<crate::rules::map::Terrain>> {
    (0..scenario.map.height as i32)
        .map(|row| {
            (0..scenario.map.width as i32)
                .map(|col| {
                    scenario
                        .map
                        .terrain(scenario.map.hex_at(Coord { col, row }))
                })
                .collect()
        })
        .collect()
}

/// The side turn `turn` (its number, side and clock) as it ended: what was lost between the
/// readings at its start and its end, and the points and objectives then.
fn turn_record(
    turn: &(u32, Side, String),
    start: &Strengths,
    end: &Strengths,
    victory_points: f64,
    board: &Board,
) -> TurnRecord {
    let (men_lost, guns_lost) = lost_between(start, end);
    TurnRecord {
        turn: turn.0,
        side: turn.1,
        clock: turn.2.clone(),
        men_lost,
        guns_lost,
        victory_points,
        objectives: objectives_held(board),
    }
}

fn unit_records(
    scenario: &Scenario,
    end: &Board,
    first: &Strengths,
    original: &BTreeMap<UnitId, Side>,
) -> Vec<UnitRecord> {
    let all = every_unit(scenario);
    let mut out = Vec::new();
    for u in all {
        // A reinforcement that never came is not in the battle.
        let Some((side, kind, men, guns)) = first.get(&u.id).copied() else {
            continue;
        };
        let now = end.unit(u.id);
        let captured = now.is_some_and(|n| Some(&n.side) != original.get(&u.id));
        out.push(UnitRecord {
            id: u.id,
            name: u.name.clone(),
            side,
            brigade: u.brigade.clone(),
            kind,
            men_start: men,
            guns_start: guns,
            men_end: now.map_or(0, |n| n.men),
            guns_end: if captured {
                0
            } else {
                now.map_or(0, |n| n.guns)
            },
            eliminated: now.is_none(),
            captured,
        });
    }
    out
}

fn brigade_records(scenario: &Scenario, units: &[UnitRecord]) -> Vec<BrigadeRecord> {
    let mut out: Vec<BrigadeRecord> = Vec::new();
    for u in units {
        let i = match out.iter().position(|b| b.id == u.brigade) {
            Some(i) => i,
            None => {
                let name = scenario
                    .brigades
                    .iter()
                    .find(|b| b.id == u.brigade)
                    .map_or_else(|| u.brigade.clone(), |b| b.name.clone());
                out.push(BrigadeRecord {
                    id: u.brigade.clone(),
                    name,
                    side: u.side,
                    men_lost: 0,
                    guns_lost: 0,
                    units: 0,
                    eliminated: 0,
                });
                out.len() - 1
            }
        };
        let b = &mut out[i];
        b.men_lost += u.men_lost();
        b.guns_lost += u.guns_lost();
        b.units += 1;
        b.eliminated += usize::from(u.eliminated);
    }
    out
}

#[derive(Default)]
struct Recorder {
    turns: Vec<TurnRecord>,
    melees: Vec<MeleeRecord>,
    routs: Vec<RoutRecord>,
    causes: Causes,
}

/// Each side's men and guns lost, summed over the side turns.
fn totals_of(turns: &[TurnRecord]) -> [(u32, u32); 2] {
    let mut t = [(0, 0); 2];
    for r in turns {
        for s in 0..2 {
            t[s].0 += r.men_lost[s];
            t[s].1 += r.guns_lost[s];
        }
    }
    t
}

/// The losses an order's events tell, by what took them. Every fire is told once as `Fired`
/// (a melee's defensive fire too) or inside a move (opportunity fire at a mover); a melee's own
/// losses in its result.
fn causes(
    events: &[Event],
    original: &BTreeMap<UnitId, Side>,
    kinds: &BTreeMap<UnitId, UnitKind>,
    out: &mut Causes,
) {
    let kind = |id: UnitId| kinds.get(&id).copied().unwrap_or(UnitKind::Infantry);
    let add = |lost: &mut Lost, losses: &[crate::rules::combat::UnitLoss]| {
        for l in losses {
            let s = original.get(&l.unit).map_or(0, |s| s.0 as usize & 1);
            if matches!(kind(l.unit), UnitKind::Infantry | UnitKind::Cavalry) {
                lost.men[s] += l.men;
            }
            lost.guns[s] += l.guns;
        }
    };
    let fire = |f: &crate::rules::fire::FireOutcome, out: &mut Causes| {
        let by = if kind(f.breakdown.firer) == UnitKind::Artillery {
            &mut out.artillery
        } else {
            &mut out.small_arms
        };
        add(by, &f.losses);
    };
    for e in events {
        match e {
            Event::Fired(f) => fire(&f.0, out),
            Event::Moved(m) => m.opportunity_fire.iter().for_each(|f| fire(f, out)),
            Event::MeleeResolved(m) => add(&mut out.melee, &m.0.losses),
            _ => {}
        }
    }
}

/// The melees and routs an order's events tell, recorded for side turn `turn`.
fn melees_and_routs(
    events: &[Event],
    board: &Board,
    turn: u32,
    original: &BTreeMap<UnitId, Side>,
    scenario: &Scenario,
    out: &mut Recorder,
) {
    let side_of = |id: UnitId| original.get(&id).copied().unwrap_or(Side(0));
    let coord = |h| scenario.map.coord(h);
    let mut routs: Vec<RoutMove> = Vec::new();
    let resolved = events.iter().filter_map(|e| match e {
        Event::MeleeResolved(m) => Some(m),
        _ => None,
    });
    for m in resolved {
        let o = &m.0;
        routs.extend(o.routs.iter().cloned());
        routs.extend(
            o.defensive_fire
                .iter()
                .flat_map(|f| f.routs.iter().cloned()),
        );
        if o.bridge.is_some() {
            continue;
        }
        let attacker = o
            .declaration
            .attackers
            .first()
            .map_or(board.ordering_side(), |id| side_of(*id));
        let defender = Side(1 - (attacker.0 & 1));
        out.melees.push(MeleeRecord {
            turn,
            at: coord(o.declaration.defending_hex),
            attacker,
            winner: match o.loser {
                Some(MeleeSide::Defender) => Some(attacker),
                Some(MeleeSide::Attacker) => Some(defender),
                None => None,
            },
            attacker_loss: o.attacker_loss,
            defender_loss: o.defender_loss,
        });
    }
    // Routs in the order the report has always listed them: melees', then called-off melees',
    // fire's, movers' and the end-of-phase checks'.
    for e in events {
        if let Event::MeleeCalledOff(c) = e {
            routs.extend(
                c.defensive_fire
                    .iter()
                    .flat_map(|f| f.routs.iter().cloned()),
            );
        }
    }
    for e in events {
        if let Event::Fired(f) = e {
            routs.extend(f.0.routs.iter().cloned());
        }
    }
    for e in events {
        if let Event::Moved(m) = e {
            routs.extend(
                m.opportunity_fire
                    .iter()
                    .flat_map(|f| f.routs.iter().cloned()),
            );
        }
    }
    for e in events {
        if let Event::PhaseMoraleChecked(p) = e {
            routs.extend(p.routs.iter().cloned());
        }
    }
    // A fire inside a melee is told twice (as a fire and in the melee): once is enough.
    let mut seen = std::collections::HashSet::new();
    for r in routs {
        if seen.insert((r.unit, r.from, r.to)) {
            out.routs.push(RoutRecord {
                turn,
                unit: r.unit,
                side: side_of(r.unit),
                from: coord(r.from),
                to: coord(r.to),
            });
        }
    }
}

impl AfterAction {
    /// Each side's whole losses (men, guns), summed over the turns.
    pub fn totals(&self) -> [(u32, u32); 2] {
        totals_of(&self.turns)
    }

    /// Melees each side attacked in and won, and attacked in and lost.
    pub fn melee_tally(&self) -> [(usize, usize); 2] {
        let mut t = [(0, 0); 2];
        for m in &self.melees {
            let s = m.attacker.0 as usize & 1;
            match m.winner {
                Some(w) if w == m.attacker => t[s].0 += 1,
                Some(_) => t[s].1 += 1,
                None => {}
            }
        }
        t
    }

    /// The biggest melees, by the men both sides lost in them.
    pub fn biggest_melees(&self, n: usize) -> Vec<&MeleeRecord> {
        let mut v: Vec<&MeleeRecord> = self.melees.iter().collect();
        v.sort_by_key(|m| std::cmp::Reverse(m.attacker_loss + m.defender_loss));
        v.truncate(n);
        v
    }
}
