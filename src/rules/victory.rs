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

/// How many points `side` needs for its next level up, and that level in its own terms; `None`
/// at a Major Victory. The first side's total is `total`; the levels are its (§13): a Major
/// Defeat up to `major_defeat`, a Minor Defeat up to `minor_defeat`, a Minor Victory from
/// `minor_victory`, a Major Victory from `major_victory`.
pub fn to_next_level(start: &Scenario, total: f64, side: Side) -> Option<(f64, VictoryLevel)> {
    let t = &start.victory;
    let (a, b, c, d) = (
        t.major_defeat as f64,
        t.minor_defeat as f64,
        t.minor_victory as f64,
        t.major_victory as f64,
    );
    use VictoryLevel::*;
    // Points move in whole points (a spiked gun's half aside): past a threshold held by `<=`
    // takes one more.
    let past = |x: f64| x.floor() + 1.0;
    if side == start.first_side {
        if total <= a {
            Some((past(a - total), MinorDefeat))
        } else if total <= b {
            Some((past(b - total), Draw))
        } else if total < c {
            Some(((c - total).ceil(), MinorVictory))
        } else if total < d {
            Some(((d - total).ceil(), MajorVictory))
        } else {
            None
        }
    } else if total >= d {
        Some((past(total - d), MinorDefeat))
    } else if total >= c {
        Some((past(total - c), Draw))
    } else if total > b {
        Some(((total - b).ceil(), MinorVictory))
    } else if total > a {
        Some(((total - a).ceil(), MajorVictory))
    } else {
        None
    }
}

/// The first side's level at `total` points (§13): a Major Defeat up to `major_defeat`, a
/// Minor Defeat up to `minor_defeat`, a Minor Victory from `minor_victory`, a Major Victory
/// from `major_victory`, a Draw between.
pub fn level_of(t: &super::scenario::VictoryThresholds, total: f64) -> VictoryLevel {
    if total <= t.major_defeat as f64 {
        VictoryLevel::MajorDefeat
    } else if total <= t.minor_defeat as f64 {
        VictoryLevel::MinorDefeat
    } else if total < t.minor_victory as f64 {
        VictoryLevel::Draw
    } else if total < t.major_victory as f64 {
        VictoryLevel::MinorVictory
    } else {
        VictoryLevel::MajorVictory
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

/// What a side has lost since the scenario began, by kind (§13): men, guns, wagons and leaders
/// gone, and the points of its batteries in the enemy's hands (at the value their captors gain,
/// counted instead of their guns).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Lost {
    pub men: u32,
    pub guns: u32,
    pub wagons: u32,
    pub leaders: u32,
    pub captured: f64,
}

impl Lost {
    /// The points these losses are worth.
    pub fn points(&self, board: &Board) -> f64 {
        let v = &board.params.victory;
        (self.men * v.per_man
            + self.guns * v.per_gun
            + self.wagons * v.per_wagon
            + self.leaders * v.per_leader) as f64
            + self.captured
    }
}

/// `side`'s losses since the scenario began.
pub fn lost_by_kind(start: &Scenario, board: &Board, side: Side) -> Lost {
    let mut l = Lost::default();
    let arrived = start
        .reinforcements
        .iter()
        .map(|r| &r.unit)
        .filter(|u| !board.reinforcements.iter().any(|w| w.unit.id == u.id));
    for s in start.units.iter().chain(arrived).filter(|u| u.side == side) {
        let now = board.unit(s.id);
        match (s.kind, now) {
            (UnitKind::Leader, None) => l.leaders += 1,
            (UnitKind::Supply, None) => l.wagons += 1,
            (UnitKind::Artillery, Some(u)) if u.side != side => {
                l.captured += capture::captured_gun_value(board, u)
            }
            (UnitKind::Artillery, n) => l.guns += s.guns.saturating_sub(n.map_or(0, |u| u.guns)),
            (UnitKind::Infantry | UnitKind::Cavalry, n) => {
                l.men += s.men.saturating_sub(n.map_or(0, |u| u.men))
            }
            _ => {}
        }
    }
    l
}

impl VictoryReport {
    /// The points and the level as `side` has them: the first side's, or turned round for the
    /// other (its Minor Victory is the first side's Minor Defeat).
    pub fn for_side(&self, start: &Scenario, side: Side) -> (f64, VictoryLevel) {
        if side == start.first_side {
            (self.total, self.level)
        } else {
            // (Not `-total`: no "-0" for a level game.)
            (0.0 - self.total, self.level.for_the_other_side())
        }
    }
}

/// Points lost by `side` since the scenario began.
fn lost(start: &Scenario, board: &Board, side: Side) -> f64 {
    lost_by_kind(start, board, side).points(board)
}

/// Why the score moved (D-obj-2).
#[derive(Debug, Clone, PartialEq)]
pub enum ScoreReason {
    /// An objective changed hands: its name, its new holder (`None`: nobody) and the old.
    Objective {
        name: String,
        by: Option<Side>,
        from: Option<Side>,
    },
    /// A side lost men, guns, wagons or leaders, or had batteries captured.
    Men {
        side: Side,
        count: u32,
    },
    Guns {
        side: Side,
        count: u32,
    },
    Wagons {
        side: Side,
        count: u32,
    },
    Leaders {
        side: Side,
        count: u32,
        /// Who fell (those gone from the map since), so that the line names them.
        names: Vec<String>,
    },
    Captured {
        side: Side,
    },
}

/// One change of the score: why, and the points it moved for the first side.
#[derive(Debug, Clone, PartialEq)]
pub struct ScoreChange {
    pub reason: ScoreReason,
    pub points: f64,
}

impl ScoreChange {
    /// The change in one line as `side` reads it: its own points, and why ("+138: Pike bridge
    /// taken by the Confederate", "-45: Union lost 45 men").
    pub fn words(&self, start: &Scenario, side: Side) -> String {
        let pts = if side == start.first_side {
            self.points
        } else {
            -self.points
        };
        let name = |s: Side| start.side_name(s).to_string();
        let n = crate::rules::words::count;
        let why = match &self.reason {
            ScoreReason::Objective {
                name: o,
                by: Some(b),
                ..
            } => {
                format!("{o} taken by the {}", name(*b))
            }
            ScoreReason::Objective {
                name: o, by: None, ..
            } => format!("{o} left empty"),
            ScoreReason::Men { side, count } => {
                format!("{} lost {}", name(*side), n(*count, "man", "men"))
            }
            ScoreReason::Guns { side, count } => {
                format!("{} lost {}", name(*side), n(*count, "gun", "guns"))
            }
            ScoreReason::Wagons { side, count } => {
                format!("{} lost {}", name(*side), n(*count, "wagon", "wagons"))
            }
            ScoreReason::Leaders { side, count, names } if !names.is_empty() => format!(
                "{} lost {} ({}, fallen)",
                name(*side),
                n(*count, "leader", "leaders"),
                names.join(", ")
            ),
            ScoreReason::Leaders { side, count, .. } => {
                format!("{} lost {}", name(*side), n(*count, "leader", "leaders"))
            }
            ScoreReason::Captured { side } => format!("{} guns captured", name(*side)),
        };
        format!("{:+.0}: {why}", pts)
    }
}

/// Every change of the first side's points from `before` to `after`, each with its reason
/// (D-obj-2): the objectives that changed hands, then each side's losses by kind. They add up
/// to the change of `report`'s total.
pub fn changes(start: &Scenario, before: &Board, after: &Board) -> Vec<ScoreChange> {
    let first = start.first_side;
    let worth = |holder: Option<Side>, pts: u32| match holder {
        Some(s) if s == first => pts as f64,
        Some(_) => -(pts as f64),
        None => 0.0,
    };
    let mut out = Vec::new();
    for (a, b) in before.map.objectives.iter().zip(&after.map.objectives) {
        if a.owner != b.owner {
            out.push(ScoreChange {
                reason: ScoreReason::Objective {
                    name: b.name.clone(),
                    by: b.owner,
                    from: a.owner,
                },
                points: worth(b.owner, b.points) - worth(a.owner, a.points),
            });
        }
    }
    let v = &after.params.victory;
    for side in [first, first.enemy()] {
        // A side's loss is the enemy's gain: against the first side when it is the first's.
        let sign = if side == first { -1.0 } else { 1.0 };
        let (x, y) = (
            lost_by_kind(start, before, side),
            lost_by_kind(start, after, side),
        );
        type Reason = fn(Side, u32) -> ScoreReason;
        let kinds: [(Reason, u32, u32, u32); 4] = [
            (
                |side, count| ScoreReason::Men { side, count },
                x.men,
                y.men,
                v.per_man,
            ),
            (
                |side, count| ScoreReason::Guns { side, count },
                x.guns,
                y.guns,
                v.per_gun,
            ),
            (
                |side, count| ScoreReason::Wagons { side, count },
                x.wagons,
                y.wagons,
                v.per_wagon,
            ),
            (
                |side, count| ScoreReason::Leaders {
                    side,
                    count,
                    names: Vec::new(),
                },
                x.leaders,
                y.leaders,
                v.per_leader,
            ),
        ];
        for (reason, was, now, per) in kinds {
            if was != now {
                let mut reason = reason(side, was.abs_diff(now));
                if let ScoreReason::Leaders { names, .. } = &mut reason {
                    // Issue 59: "+50: Union lost 1 leader" named nobody.
                    *names = before
                        .units
                        .iter()
                        .filter(|u| u.side == side && u.is_leader())
                        .filter(|u| after.unit(u.id).is_none())
                        .map(|u| u.name.clone())
                        .collect();
                }
                out.push(ScoreChange {
                    reason,
                    points: sign * (now as f64 - was as f64) * per as f64,
                });
            }
        }
        if (y.captured - x.captured).abs() > 1e-9 {
            out.push(ScoreChange {
                reason: ScoreReason::Captured { side },
                points: sign * (y.captured - x.captured),
            });
        }
    }
    out
}

/// The victory points as `side` knows them during play under fog of war (D-fow-7): the
/// objectives and its own losses exactly, the enemy's losses as it last saw each unit (a unit
/// never seen counted as it began). With fog off, or the game over, the full figure.
pub fn report_as_seen(start: &Scenario, board: &Board, side: Side) -> VictoryReport {
    report(start, &as_seen(start, board, side))
}

/// The board as `side` counts the score on it (D-fow-7): the enemy's units as it last saw
/// them. With fog off, or the game over, the board itself.
pub fn as_seen(start: &Scenario, board: &Board, side: Side) -> Board {
    if !super::fog::on(board) || board.over {
        return board.clone();
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
    b
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
    let level = level_of(&start.victory, total);
    VictoryReport {
        objectives,
        losses,
        total,
        level,
    }
}
