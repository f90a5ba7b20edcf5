//! Victory points and the victory level (§13).

use serde::{Deserialize, Serialize};

use super::board::Board;
use super::capture;
use super::scenario::Scenario;
use super::unit::{Side, UnitKind};

crate::words! {
    /// The victory level of the first side (§13), from its total.
    pub enum VictoryLevel {
        MajorDefeat => "Major Defeat",
        MinorDefeat => "Minor Defeat",
        Draw => "Draw",
        MinorVictory => "Minor Victory",
        MajorVictory => "Major Victory",
    }
}

impl VictoryLevel {
    /// The same result as the other side has it: a minor victory for one is a minor defeat
    /// for the other.
    pub fn for_the_other_side(self) -> VictoryLevel {
        match self {
            VictoryLevel::MajorDefeat => VictoryLevel::MajorVictory,
            VictoryLevel::MinorDefeat => VictoryLevel::MinorVictory,
            VictoryLevel::Draw => VictoryLevel::Draw,
            VictoryLevel::MinorVictory => VictoryLevel::MinorDefeat,
            VictoryLevel::MajorVictory => VictoryLevel::MajorDefeat,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VictoryReport {
    /// Objective points held by each side.
    pub objectives: [u32; 2],
    /// What each side has lost, in points.
    pub losses: [f64; 2],
    /// The first side's total: its objectives less the enemy's, plus the enemy's losses, less
    /// its own (D-vic-1: points are relative, so either side's gains count).
    pub total: f64,
    pub level: VictoryLevel,
}

/// Points lost by `side` since the scenario began: men, guns (captured batteries at the value
/// their captors gain), wagons and leaders gone.
fn lost(start: &Scenario, board: &Board, side: Side) -> f64 {
    let v = &board.params.victory;
    let mut pts = 0.0;
    let arrived = start
        .reinforcements
        .iter()
        .map(|r| &r.unit)
        .filter(|u| !board.reinforcements.iter().any(|w| w.unit.id == u.id));
    for s in start.units.iter().chain(arrived).filter(|u| u.side == side) {
        let now = board.unit(s.id);
        pts += match (s.kind, now) {
            (UnitKind::Leader, None) => v.per_leader as f64,
            (UnitKind::Supply, None) => v.per_wagon as f64,
            (UnitKind::Artillery, Some(u)) if u.side != side => {
                capture::captured_gun_value(board, u)
            }
            (UnitKind::Artillery, n) => {
                (s.guns.saturating_sub(n.map_or(0, |u| u.guns)) * v.per_gun) as f64
            }
            (UnitKind::Infantry | UnitKind::Cavalry, n) => {
                (s.men.saturating_sub(n.map_or(0, |u| u.men)) * v.per_man) as f64
            }
            _ => 0.0,
        };
    }
    pts
}

/// The victory points as `side` knows them during play under fog of war (D-fow-7): the
/// objectives and its own losses exactly, the enemy's losses as it last saw each unit (a unit
/// never seen counted as it began). With fog off, or the game over, the full figure.
pub fn report_as_seen(start: &Scenario, board: &Board, side: Side) -> VictoryReport {
    if !super::fog::on(board) || board.over {
        return report(start, board);
    }
    let known = &board.fog.strengths[usize::from(side.0 & 1)];
    let mut b = board.clone();
    let enemy = start
        .units
        .iter()
        .chain(start.reinforcements.iter().map(|r| &r.unit))
        .filter(|u| u.side != side);
    for s in enemy {
        let last = known.iter().find(|k| k.unit == s.id);
        // A unit seen destroyed stays off the board; the rest stand as last seen, or as they
        // began if never seen.
        if last.is_some_and(|k| k.destroyed) {
            b.units.retain(|u| u.id != s.id);
            continue;
        }
        // Under Extreme Fog of War the side knows the enemy's strength only as an estimate, and
        // its losses as the fall of the estimate from the estimate of the unit as it began.
        let extreme = board.params.optional.extreme_fog_of_war;
        let fall = |began: u32, now: u32, step: u32| {
            let from = if extreme {
                super::fog::round_to(began, step)
            } else {
                began
            };
            began.saturating_sub(from.saturating_sub(now))
        };
        let (men, guns) = last.map_or((s.men, s.guns), |k| {
            (fall(s.men, k.men, 50), fall(s.guns, k.guns, 2))
        });
        match b.unit_mut(s.id) {
            Some(u) => (u.men, u.guns) = (men, guns),
            None => b.units.push(super::unit::Unit {
                men,
                guns,
                ..s.clone()
            }),
        }
    }
    report(start, &b)
}

pub fn report(start: &Scenario, board: &Board) -> VictoryReport {
    let first = start.first_side;
    let mut objectives = [0, 0];
    for o in &board.map.objectives {
        if let Some(s) = o.owner {
            objectives[s.0 as usize & 1] += o.points;
        }
    }
    let losses = [lost(start, board, Side(0)), lost(start, board, Side(1))];
    let (f, e) = (first.0 as usize & 1, 1 - (first.0 as usize & 1));
    let total = objectives[f] as f64 - objectives[e] as f64 + losses[e] - losses[f];
    let t = &start.victory;
    let level = if total <= t.major_defeat as f64 {
        VictoryLevel::MajorDefeat
    } else if total <= t.minor_defeat as f64 {
        VictoryLevel::MinorDefeat
    } else if total < t.minor_victory as f64 {
        VictoryLevel::Draw
    } else if total < t.major_victory as f64 {
        VictoryLevel::MinorVictory
    } else {
        VictoryLevel::MajorVictory
    };
    VictoryReport {
        objectives,
        losses,
        total,
        level,
    }
}
