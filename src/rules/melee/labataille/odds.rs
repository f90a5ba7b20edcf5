//! La Bataille's exact odds (D-sys-6): the d66 paths stage by stage, only where a reading
//! changes what follows.

use serde::{Deserialize, Serialize};

use super::assault::side_index;
use super::{Assault, AssaultBreakdown, ChartResult, Effect, assault, chart};
use crate::rules::combat::MeleeSide;
use crate::rules::melee::{Fate, Outcomes};
use crate::rules::unit::UnitId;

/// The exact distribution (D-sys-6): each stage is a threshold of one d66, so rolls that give
/// the same pass set (or chart result) are merged and weighted by count / 36.
pub fn outcomes(b: &AssaultBreakdown) -> Vec<(Assault, f64)> {
    let mut out = Vec::new();
    walk(b, [1; 5], 0, 1.0, Readings::Breakpoints, &mut out);
    out
}

/// The same distribution, reading all 36 positions of every stage: the reference that
/// `outcomes`' breakpoints are checked against.
pub fn outcomes_by_every_reading(b: &AssaultBreakdown) -> Vec<(Assault, f64)> {
    let mut out = Vec::new();
    walk(b, [1; 5], 0, 1.0, Readings::Every, &mut out);
    out
}

/// What a stage decides, by which the walk groups the 36 readings of its d66 position: the
/// chart's result, or the units that failed the checks before or after it.
#[derive(PartialEq)]
enum StageKey {
    Result(Option<ChartResult>),
    Failed(Vec<UnitId>),
}

fn stage_key(a: &Assault, stage: usize) -> Option<StageKey> {
    a.rolls[stage]?;
    Some(match stage {
        2 => StageKey::Result(a.result),
        0 | 1 => StageKey::Failed(a.failed_before.clone()),
        _ => StageKey::Failed(a.failed_after.clone()),
    })
}

/// Which readings of a stage the walk plays.
#[derive(Clone, Copy)]
enum Readings {
    /// Only where the stage's outcome can change: a check's outcome changes only where a
    /// unit's pass turns to a fail, the chart's only where its column's result does. The
    /// odds walk thousands of paths, and a breakdown walks them all for its loss ranges.
    Breakpoints,
    Every,
}

/// The first position of each run of positions in which stage `stage` decides alike, given
/// the positions before it (`first` is the assault with this stage at position 1).
fn breakpoints(b: &AssaultBreakdown, first: &Assault, stage: usize) -> Vec<i32> {
    let mut starts = vec![1];
    match stage {
        2 => {
            let Some(c) = first.column else {
                return starts;
            };
            starts
                .extend((2..=36).filter(|p| chart(&b.params, c, *p) != chart(&b.params, c, p - 1)));
        }
        _ => {
            // The stages' order in `assault`: defenders, attackers; the chart; defenders,
            // attackers.
            let side = if matches!(stage, 0 | 3) {
                MeleeSide::Defender
            } else {
                MeleeSide::Attacker
            };
            // The ratio modifies the checks before the chart only.
            let extra = if matches!(stage, 0 | 1) {
                b.ratio_modifier[side_index(side)]
            } else {
                0
            };
            // `passes` turns true at the first p with p + standing + extra > morale.
            starts.extend(
                b.units
                    .iter()
                    .filter(|u| u.side == side)
                    .map(|u| u.morale - u.standing - extra + 1)
                    .filter(|p| (2..=36).contains(p)),
            );
            starts.sort_unstable();
            starts.dedup();
        }
    }
    starts
}

fn walk(
    b: &AssaultBreakdown,
    pos: [i32; 5],
    stage: usize,
    w: f64,
    readings: Readings,
    out: &mut Vec<(Assault, f64)>,
) {
    if stage == 5 {
        out.push((assault(b, pos), w));
        return;
    }
    let read = |p: i32| {
        let mut at = pos;
        at[stage] = p;
        assault(b, at)
    };
    let first = read(1);
    if first.rolls[stage].is_none() {
        // The stage does not happen on this path: one branch, read nothing.
        return walk(b, pos, stage + 1, w, readings, out);
    }
    // Runs of positions [start, next start), each read once at its start.
    let starts = match readings {
        Readings::Breakpoints => breakpoints(b, &first, stage),
        Readings::Every => (1..=36).collect(),
    };
    let mut groups: Vec<(Option<StageKey>, i32, u32)> = Vec::new();
    for (k, &p) in starts.iter().enumerate() {
        let end = starts.get(k + 1).copied().unwrap_or(37);
        let key = if p == 1 {
            stage_key(&first, stage)
        } else {
            stage_key(&read(p), stage)
        };
        let count = (end - p) as u32;
        match groups.iter_mut().find(|g| g.0 == key) {
            Some(g) => g.2 += count,
            None => groups.push((key, p, count)),
        }
    }
    for (_, p, count) in groups {
        let mut at = pos;
        at[stage] = p;
        walk(b, at, stage + 1, w * count as f64 / 36.0, readings, out);
    }
}

/// The odds (D-sys-6).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AssaultOdds {
    #[serde(flatten)]
    pub outcomes: Outcomes,
    /// P(each chart result), in the chart's order; P(no chart: the pre-melee checks ended it).
    pub results: Vec<(String, f64)>,
    pub ended_before_chart: f64,
}

pub fn assault_odds(b: &AssaultBreakdown) -> AssaultOdds {
    let mut o = AssaultOdds {
        outcomes: Outcomes::default(),
        results: ChartResult::ALL
            .iter()
            .map(|r| (r.code().to_string(), 0.0))
            .collect(),
        ended_before_chart: 0.0,
    };
    let defenders: Vec<UnitId> = b
        .units
        .iter()
        .filter(|u| u.side == MeleeSide::Defender)
        .map(|u| u.unit)
        .collect();
    for (a, w) in outcomes(b) {
        let fate = a
            .effects
            .iter()
            .filter(|(id, _)| defenders.contains(id))
            .map(|(_, e)| match e {
                Effect::Retreat => Fate::Retreats,
                Effect::Rout => Fate::Routs,
                Effect::Surrender => Fate::Surrenders,
            })
            .max()
            .unwrap_or(Fate::Stays);
        o.outcomes.add(w, a.loser, fate, a.lost);
        match a.result {
            Some(r) => {
                let i = ChartResult::ALL.iter().position(|x| *x == r).unwrap_or(0);
                o.results[i].1 += w;
            }
            None => o.ended_before_chart += w,
        }
    }
    o
}
