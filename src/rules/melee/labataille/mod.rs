//! La Bataille's assault à mêlée (seed 003, RULES.md §15.3): pre-melee morale checks on the
//! d66, then the Melee Assault Chart by odds of melee values, increments lost one at a time,
//! and the checks after losses.

pub use crate::rules::params::labataille::LaBatailleParams;

use rand::RngExt;
use serde::{Deserialize, Serialize};

use super::resolve::{Resolution, take_system_loss};
use super::{Breakdown, Declaration, MeleeSide, MeleeSystem, Modifier, Odds, UnitStrength};
use super::{Budget, Class, class, fall_back_by};
use crate::rules::board::Board;
use crate::rules::hex::{Facing, Hex};
use crate::rules::map::Terrain;
use crate::rules::params::MeleeSystemName;
use crate::rules::refusal::Refusal;
use crate::rules::retreat;
use crate::rules::unit::{Crew, Formation, Quality, Unit, UnitId, UnitKind};

/// The odds columns, left to right.
pub const COLUMNS: [(&str, f64); 9] = [
    ("1:3", 1.0 / 3.0),
    ("1:2", 0.5),
    ("1:1", 1.0),
    ("3:2", 1.5),
    ("2:1", 2.0),
    ("3:1", 3.0),
    ("4:1", 4.0),
    ("5:1", 5.0),
    ("6:1", 6.0),
];

/// A chart result (the source's codes): increments lost a/d and the effect on each side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ChartResult {
    /// AR 1/0
    AttackerRouted,
    /// AD 1/0
    AttackerDisrupted,
    /// 1/0
    AttackerLoses,
    /// 1/1
    BothLose,
    /// —
    NoEffect,
    /// 0/1
    DefenderLoses,
    /// DD 0/1
    DefenderDisrupted,
    /// DD 1/2
    DefenderDisruptedBothLose,
    /// DR 0/2
    DefenderRouted,
    /// DS
    DefenderSurrenders,
}

impl ChartResult {
    pub const ALL: [ChartResult; 10] = [
        ChartResult::AttackerRouted,
        ChartResult::AttackerDisrupted,
        ChartResult::AttackerLoses,
        ChartResult::BothLose,
        ChartResult::NoEffect,
        ChartResult::DefenderLoses,
        ChartResult::DefenderDisrupted,
        ChartResult::DefenderDisruptedBothLose,
        ChartResult::DefenderRouted,
        ChartResult::DefenderSurrenders,
    ];

    pub fn code(self) -> &'static str {
        match self {
            ChartResult::AttackerRouted => "AR 1/0",
            ChartResult::AttackerDisrupted => "AD 1/0",
            ChartResult::AttackerLoses => "1/0",
            ChartResult::BothLose => "1/1",
            ChartResult::NoEffect => "-",
            ChartResult::DefenderLoses => "0/1",
            ChartResult::DefenderDisrupted => "DD 0/1",
            ChartResult::DefenderDisruptedBothLose => "DD 1/2",
            ChartResult::DefenderRouted => "DR 0/2",
            ChartResult::DefenderSurrenders => "DS",
        }
    }

    /// Increments lost [attacker, defender].
    pub fn increments(self) -> [u32; 2] {
        match self {
            ChartResult::AttackerRouted
            | ChartResult::AttackerDisrupted
            | ChartResult::AttackerLoses => [1, 0],
            ChartResult::BothLose => [1, 1],
            ChartResult::NoEffect | ChartResult::DefenderSurrenders => [0, 0],
            ChartResult::DefenderLoses | ChartResult::DefenderDisrupted => [0, 1],
            ChartResult::DefenderDisruptedBothLose => [1, 2],
            ChartResult::DefenderRouted => [0, 2],
        }
    }

    /// The effect on [attacker, defender].
    fn effects(self) -> [Option<Effect>; 2] {
        match self {
            ChartResult::AttackerRouted => [Some(Effect::Rout), None],
            ChartResult::AttackerDisrupted => [Some(Effect::Retreat), None],
            ChartResult::DefenderDisrupted | ChartResult::DefenderDisruptedBothLose => {
                [None, Some(Effect::Retreat)]
            }
            ChartResult::DefenderRouted => [None, Some(Effect::Rout)],
            ChartResult::DefenderSurrenders => [None, Some(Effect::Surrender)],
            _ => [None, None],
        }
    }
}

/// What a result does to a unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Effect {
    /// Disrupted, retreat 3 MP.
    Retreat,
    /// Routed, rout 10 hexes (surrender if it cannot finish).
    Rout,
    Surrender,
}

/// The position 1…36 of a d66 reading (11…66).
pub fn position(d66: u8) -> i32 {
    let (t, u) = ((d66 / 10) as i32, (d66 % 10) as i32);
    6 * (t - 1) + u
}

/// The d66 reading of a position.
pub fn reading(p: i32) -> u8 {
    (((p - 1) / 6 + 1) * 10 + (p - 1) % 6 + 1) as u8
}

/// The chart's result for a roll at position `p` in column `c` (0 = 1:3 … 8 = 6:1).
pub fn chart(params: &LaBatailleParams, c: usize, p: i32) -> ChartResult {
    let e = p + params.column_shift * (c as i32 + 1 - 3);
    let i = params
        .bands
        .iter()
        .position(|b| e <= *b)
        .unwrap_or(ChartResult::ALL.len() - 1);
    ChartResult::ALL[i]
}

/// The column of `attack` : `defence`, rounded down for the defender.
pub fn column(attack: f64, defence: f64) -> usize {
    if defence <= 0.0 {
        return COLUMNS.len() - 1;
    }
    let r = attack / defence;
    COLUMNS
        .iter()
        .rposition(|(_, v)| r + 1e-9 >= *v)
        .unwrap_or(0)
}

/// One unit in the assault.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AssaultUnit {
    pub unit: UnitId,
    pub name: String,
    pub side: MeleeSide,
    /// Increments n (men/100, guns/2).
    pub increments: f64,
    /// Melee value n × type × quality.
    pub mv: f64,
    /// Its MV's multiplier on the chart (flank, rear, Disordered, Routed).
    pub factor: f64,
    pub why: String,
    /// Takes the pre-melee check.
    pub checks: bool,
    /// Its morale value's position on the d66.
    pub morale: i32,
    /// Its standing roll modifiers (Disordered, Routed, leader, flank/rear, fire losses).
    pub standing: i32,
    pub mounted: bool,
    /// Unlimbered, uncrewed or spiked guns stay (D-cap-1).
    pub stays: bool,
    /// Men (and guns as men) it has to lose, one increment at a time.
    pub men: u32,
    pub guns: u32,
    pub artillery: bool,
}

/// The §15.3 breakdown.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AssaultBreakdown {
    pub units: Vec<AssaultUnit>,
    /// Pre-melee ratios [attacker, defender] and their roll modifiers.
    pub ratio: [f64; 2],
    pub ratio_modifier: [i32; 2],
    /// Whether each side starts in the enemy's zone of control (leaving it costs an increment).
    pub in_zoc: [bool; 2],
    pub params: LaBatailleParams,
    /// Men per gun lost, for a battery's increment.
    pub men_per_gun: u32,
}

/// The assault as five d66 positions make it (defender check, attacker check, chart,
/// defender's after-loss check, attacker's); a stage that does not happen reads nothing.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Assault {
    /// Each stage's reading, where it happened.
    pub rolls: [Option<u8>; 5],
    /// Units that failed a pre-melee check.
    pub failed_before: Vec<UnitId>,
    pub attack: f64,
    pub defence: f64,
    pub column: Option<usize>,
    pub result: Option<ChartResult>,
    /// Units that failed a check after losses.
    pub failed_after: Vec<UnitId>,
    /// Men (a battery's increments as men) each unit lost.
    pub losses: Vec<(UnitId, u32)>,
    pub effects: Vec<(UnitId, Effect)>,
    /// Losses [attacker, defender] in men, the surrendered included.
    pub lost: [u32; 2],
    pub loser: Option<MeleeSide>,
}

impl AssaultBreakdown {
    /// A side's chart strength (step 2): Σ MV × factor of its units not `gone` from the melee.
    pub fn strength(&self, side: MeleeSide, gone: &[bool]) -> f64 {
        self.units
            .iter()
            .zip(gone)
            .filter(|(u, gone)| u.side == side && !**gone)
            .map(|(u, _)| u.mv * u.factor)
            .sum()
    }
}

fn side_index(s: MeleeSide) -> usize {
    match s {
        MeleeSide::Attacker => 0,
        MeleeSide::Defender => 1,
    }
}

/// Takes `n` increments from the units of `side` still in the melee, each from the one with
/// most men (D-lb-10).
fn take_increments(
    b: &AssaultBreakdown,
    left: &mut [(u32, u32)],
    from: &[bool],
    side: MeleeSide,
    n: u32,
    out: &mut [u32],
) {
    let p = &b.params;
    for _ in 0..n {
        let pick = b
            .units
            .iter()
            .enumerate()
            .filter(|(i, u)| u.side == side && from[*i])
            .max_by_key(|(i, _)| (left[*i].0 + left[*i].1 * 50, std::cmp::Reverse(*i)))
            .map(|(i, _)| i);
        // The biggest has nothing left only when every unit has nothing left.
        let Some(i) = pick.filter(|i| left[*i] != (0, 0)) else {
            return;
        };
        let u = &b.units[i];
        if u.artillery {
            let guns = p.guns_per_increment.min(left[i].1);
            left[i].1 -= guns;
            out[i] += guns * b.men_per_gun;
        } else {
            let men = p.men_per_increment.min(left[i].0);
            left[i].0 -= men;
            out[i] += men;
        }
    }
}

/// Whether a unit passes a check with the roll at position `p` and `extra` modifier.
fn passes(u: &AssaultUnit, p: i32, extra: i32) -> bool {
    p + u.standing + extra > u.morale
}

/// The assault for five d66 positions (1…36).
///
/// Long because §15.3's assault is one sequence of checks (L1–L6) and the chart, each reading
/// the positions the earlier ones used; kept whole to be read against the seed.
pub fn assault(b: &AssaultBreakdown, pos: [i32; 5]) -> Assault {
    let n = b.units.len();
    let mut out = Assault {
        rolls: [None; 5],
        failed_before: Vec::new(),
        attack: 0.0,
        defence: 0.0,
        column: None,
        result: None,
        failed_after: Vec::new(),
        losses: Vec::new(),
        effects: Vec::new(),
        lost: [0, 0],
        loser: None,
    };
    let mut gone = vec![false; n];
    let mut effect: Vec<Option<Effect>> = vec![None; n];
    let mut failed = [false, false];
    let present = |gone: &[bool], side: MeleeSide| {
        b.units
            .iter()
            .enumerate()
            .any(|(i, u)| u.side == side && !gone[i])
    };
    // Step 1: the defenders' check, then (with a defender left) the attackers'.
    for (stage, side) in [(0, MeleeSide::Defender), (1, MeleeSide::Attacker)] {
        if stage == 1 && !present(&gone, MeleeSide::Defender) {
            break;
        }
        let checking: Vec<usize> = (0..n)
            .filter(|i| b.units[*i].side == side && b.units[*i].checks && !gone[*i])
            .collect();
        if checking.is_empty() {
            continue;
        }
        out.rolls[stage] = Some(reading(pos[stage]));
        let extra = b.ratio_modifier[side_index(side)];
        for i in checking {
            if !passes(&b.units[i], pos[stage], extra) {
                out.failed_before.push(b.units[i].unit);
                failed[side_index(side)] = true;
                effect[i] = Some(Effect::Retreat);
                // Guns that cannot leave stay in the melee.
                gone[i] = !b.units[i].stays;
            }
        }
    }
    let mut left: Vec<(u32, u32)> = b.units.iter().map(|u| (u.men, u.guns)).collect();
    let mut lost = vec![0u32; n];
    if present(&gone, MeleeSide::Defender) && present(&gone, MeleeSide::Attacker) {
        // Step 2: the chart.
        out.attack = b.strength(MeleeSide::Attacker, &gone);
        out.defence = b.strength(MeleeSide::Defender, &gone);
        let c = column(out.attack, out.defence);
        out.column = Some(c);
        out.rolls[2] = Some(reading(pos[2]));
        let result = chart(&b.params, c, pos[2]);
        out.result = Some(result);
        let inc = result.increments();
        let effects = result.effects();
        for side in [MeleeSide::Attacker, MeleeSide::Defender] {
            let k = side_index(side);
            let present: Vec<bool> = gone.iter().map(|g| !g).collect();
            take_increments(b, &mut left, &present, side, inc[k], &mut lost);
            if let Some(e) = effects[k] {
                failed[k] = true;
                for i in (0..n).filter(|i| b.units[*i].side == side && !gone[*i]) {
                    // Mounted cavalry routs instead of retreating.
                    let e = if e == Effect::Retreat && b.units[i].mounted {
                        Effect::Rout
                    } else {
                        e
                    };
                    effect[i] = Some(e);
                }
            }
        }
        // Checks after losses: each side that lost increments and has no effect yet.
        for (stage, side) in [(3, MeleeSide::Defender), (4, MeleeSide::Attacker)] {
            let k = side_index(side);
            let units: Vec<usize> = (0..n)
                .filter(|i| b.units[*i].side == side && !gone[*i])
                .collect();
            let lost_any = units.iter().any(|i| lost[*i] > 0);
            if !lost_any || effects[k].is_some() || units.is_empty() {
                continue;
            }
            out.rolls[stage] = Some(reading(pos[stage]));
            for i in units {
                if left[i] == (0, 0) {
                    continue;
                }
                if !passes(&b.units[i], pos[stage], 0) {
                    out.failed_after.push(b.units[i].unit);
                    failed[k] = true;
                    effect[i] = Some(if b.units[i].mounted {
                        Effect::Rout
                    } else {
                        Effect::Retreat
                    });
                }
            }
        }
    }
    // A side that leaves the enemy's zone of control by a result (a failed check or the
    // chart's) loses at least one increment in all, from the units that leave.
    for side in [MeleeSide::Attacker, MeleeSide::Defender] {
        let k = side_index(side);
        let leaving: Vec<bool> = (0..n)
            .map(|i| {
                b.units[i].side == side
                    && !b.units[i].stays
                    && matches!(effect[i], Some(Effect::Retreat | Effect::Rout))
            })
            .collect();
        let lost_any = (0..n).any(|i| b.units[i].side == side && lost[i] > 0);
        if b.in_zoc[k] && !lost_any && leaving.iter().any(|l| *l) {
            take_increments(b, &mut left, &leaving, side, 1, &mut lost);
        }
    }
    for i in 0..n {
        let u = &b.units[i];
        let k = side_index(u.side);
        if lost[i] > 0 {
            out.losses.push((u.unit, lost[i]));
        }
        out.lost[k] += lost[i];
        if let Some(e) = effect[i] {
            out.effects.push((u.unit, e));
            if e == Effect::Surrender {
                out.lost[k] += left[i].0 + left[i].1 * b.men_per_gun;
            }
        }
    }
    out.loser = match failed {
        [true, false] => Some(MeleeSide::Attacker),
        [false, true] => Some(MeleeSide::Defender),
        _ => None,
    };
    out
}

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
    pub outcomes: super::Outcomes,
    /// P(each chart result), in the chart's order; P(no chart: the pre-melee checks ended it).
    pub results: Vec<(String, f64)>,
    pub ended_before_chart: f64,
}

pub fn assault_odds(b: &AssaultBreakdown) -> AssaultOdds {
    let mut o = AssaultOdds {
        outcomes: super::Outcomes::default(),
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
                Effect::Retreat => super::Fate::Retreats,
                Effect::Rout => super::Fate::Routs,
                Effect::Surrender => super::Fate::Surrenders,
            })
            .max()
            .unwrap_or(super::Fate::Stays);
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

fn quality_index(q: Quality) -> usize {
    match q {
        Quality::A => 0,
        Quality::B => 1,
        Quality::C => 2,
        Quality::D => 3,
        Quality::E => 4,
        Quality::F => 5,
    }
}

/// Increments and melee value of a unit (D-lb-1).
pub fn melee_value(p: &LaBatailleParams, u: &Unit) -> (f64, f64) {
    let n = match u.kind {
        UnitKind::Artillery => u.guns as f64 / p.guns_per_increment.max(1) as f64,
        UnitKind::Leader => 0.0,
        _ => u.men as f64 / p.men_per_increment.max(1) as f64,
    };
    let t = match u.kind {
        UnitKind::Infantry => p.type_infantry,
        UnitKind::Cavalry if u.is_mounted_cavalry() => p.type_mounted_cavalry,
        UnitKind::Cavalry => p.type_dismounted_cavalry,
        UnitKind::Artillery if u.crew == Crew::Crewed && !u.is_captured() => p.type_artillery,
        _ => 0.0,
    };
    (n, n * t * p.quality[quality_index(u.quality)])
}

/// The §15.3 breakdown of a declaration.
///
/// Long because it gathers §15.3's increments, melee values, lead units and modifiers for both
/// sides in the seed's order.
pub fn assault_breakdown(board: &Board, decl: &Declaration) -> AssaultBreakdown {
    let p = board.params.labataille.clone();
    let d = decl.defending_hex;
    let (attackers, defenders) = decl.sides(board);
    let lead_d = super::lead_unit(&defenders, &board.params);
    let open = matches!(board.map.terrain(d), Terrain::Clear | Terrain::Field);
    let cavalry_with = |units: &[&Unit]| units.iter().any(|u| u.is_mounted_cavalry());
    let mut units = Vec::new();
    let mut increments = [0.0f64; 2];
    for (side, list) in [
        (MeleeSide::Attacker, &attackers),
        (MeleeSide::Defender, &defenders),
    ] {
        let with_cavalry = cavalry_with(list);
        for u in list.iter().filter(|u| !u.is_leader()) {
            let (n, mv) = melee_value(&p, u);
            let mut factor = 1.0;
            let mut why = vec![format!(
                "{n:.2} increments x type x quality {} = MV {mv:.2}",
                p.quality[quality_index(u.quality)]
            )];
            let mut standing = 0;
            let mut through = None;
            if side == MeleeSide::Attacker {
                if let (Some(t), Some(f)) = (lead_d, Facing::between(d, u.hex)) {
                    through = Some(class(t.facing, f));
                }
                match through {
                    Some(Class::Flank) => {
                        factor *= 2.0;
                        why.push("through a flank x2".into());
                    }
                    Some(Class::Rear) => {
                        factor *= 1.5;
                        why.push("through the rear x1.5".into());
                    }
                    _ => {}
                }
                let lost = u.marks.fire_losses / p.men_per_increment.max(1);
                standing += p.per_increment_lost_to_fire * lost as i32;
                let ratio_n = if u.kind == UnitKind::Infantry && u.formation == Formation::Line {
                    n.min(p.line_increments)
                } else {
                    n
                };
                increments[0] += ratio_n;
            } else {
                increments[1] += n;
            }
            if u.disrupted {
                factor *= 0.5;
                standing += p.disordered;
                why.push("Disordered x1/2".into());
            }
            if u.routed {
                let f = if u.kind == UnitKind::Cavalry {
                    0.25
                } else {
                    1.0 / 3.0
                };
                if side == MeleeSide::Defender {
                    factor *= f;
                    why.push(format!("Routed x{f:.2}"));
                }
                standing += p.routed;
            }
            if board
                .units_at(u.hex)
                .any(|o| o.side == u.side && o.is_leader())
            {
                standing += p.leader;
            }
            let flanked = side == MeleeSide::Defender
                && attackers.iter().any(|a| {
                    !a.is_leader()
                        && Facing::between(d, a.hex)
                            .is_some_and(|f| class(u.facing, f) != Class::Front)
                });
            if flanked {
                standing += p.flank_or_rear;
            }
            // Who checks before the melee: defenders in the open, then attackers; never
            // mounted cavalry, nor infantry alongside it (D-lb-6).
            let exempt = u.is_mounted_cavalry() || (u.kind == UnitKind::Infantry && with_cavalry);
            let checks = !exempt && (side == MeleeSide::Attacker || open);
            units.push(AssaultUnit {
                unit: u.id,
                name: u.name.clone(),
                side,
                increments: n,
                mv,
                factor,
                why: why.join(", "),
                checks,
                morale: position(p.morale[quality_index(u.quality)]),
                standing,
                mounted: u.is_mounted_cavalry(),
                stays: retreat::cannot_retreat(board, u.id),
                men: u.men,
                guns: if u.kind == UnitKind::Artillery {
                    u.guns
                } else {
                    0
                },
                artillery: u.kind == UnitKind::Artillery,
            });
        }
    }
    let ratio_mod = |r: f64| {
        let i = p
            .ratio_at_least
            .iter()
            .position(|t| r + 1e-9 >= *t)
            .unwrap_or(p.ratio_at_least.len());
        p.ratio_modifier[i]
    };
    let ratio = |own: f64, other: f64| if other > 0.0 { own / other } else { 99.0 };
    let r = [
        ratio(increments[0], increments[1]),
        ratio(increments[1], increments[0]),
    ];
    let side_of = |list: &[&Unit]| list.first().map(|u| u.side);
    let zoc = |list: &[&Unit]| {
        side_of(list).is_some_and(|s| list.iter().any(|u| board.in_enemy_zoc(u.hex, s)))
    };
    AssaultBreakdown {
        units,
        ratio: r,
        ratio_modifier: [ratio_mod(r[0]), ratio_mod(r[1])],
        in_zoc: [zoc(&attackers), zoc(&defenders)],
        params: p,
        men_per_gun: board.params.combat.men_per_gun_lost,
    }
}

/// §15.3's own restrictions: L1 and L2.
pub fn assault_check(board: &Board, decl: &Declaration) -> Vec<Refusal> {
    let mut out = super::check(board, decl);
    let d = decl.defending_hex;
    for id in &decl.attackers {
        let Some(u) = board.unit(*id) else { continue };
        if u.marks.fired_at.is_some_and(|h| h != d) {
            out.push(Refusal::system(
                "L1",
                Some(u.id),
                format!(
                    "{} fired at another hex this turn: a unit that fired may melee only the hex it fired into",
                    u.name
                ),
            ));
        }
    }
    // With no defenders the defence is 0 and nothing is refused; with no attackers the shared
    // check has already said so.
    if !decl.attackers.is_empty() {
        let b = assault_breakdown(board, decl);
        let none = vec![false; b.units.len()];
        let (a, dv) = (
            b.strength(MeleeSide::Attacker, &none),
            b.strength(MeleeSide::Defender, &none),
        );
        if a * 3.0 < dv - 1e-9 {
            out.push(Refusal::system(
                "L2",
                None,
                format!("odds {a:.1} : {dv:.1} are below 1:3; no assault at such odds"),
            ));
        }
    }
    out
}

/// The seam's breakdown: MVs as the strengths, men as the split weights, the ratio modifiers
/// and chart factors as modifiers, the loss extremes over every path as the loss ranges.
pub fn breakdown(board: &Board, decl: &Declaration) -> Breakdown {
    let (attackers, defenders) = decl.sides(board);
    if defenders.is_empty() {
        let mut b = super::breakdown(board, decl);
        b.system = MeleeSystemName::LaBataille;
        return b;
    }
    let ab = assault_breakdown(board, decl);
    let strengths = |list: &[&Unit]| -> Vec<UnitStrength> {
        list.iter()
            .map(|u| {
                let a = ab.units.iter().find(|a| a.unit == u.id);
                UnitStrength {
                    unit: u.id,
                    name: u.name.clone(),
                    nominal: u.men,
                    strength: u.men as f64,
                    adjustments: a.map(|a| vec![a.why.clone()]).unwrap_or_default(),
                    capacity: super::breakdown::capacity(board, u),
                }
            })
            .collect()
    };
    let (att, def) = (strengths(&attackers), strengths(&defenders));
    let none = vec![false; ab.units.len()];
    let mv = |side: MeleeSide| ab.strength(side, &none);
    let mut modifiers = Vec::new();
    for (side, k) in [(MeleeSide::Attacker, 0), (MeleeSide::Defender, 1)] {
        modifiers.push(Modifier {
            side,
            kind: super::ModifierKind::Working(format!(
                "pre-melee ratio {:.2}: roll {:+}",
                ab.ratio[k], ab.ratio_modifier[k]
            )),
            percent: 0,
        });
    }
    let paths = outcomes(&ab);
    let range = |k: usize| {
        [
            paths.iter().map(|(a, _)| a.lost[k]).min().unwrap_or(0) as f64,
            paths.iter().map(|(a, _)| a.lost[k]).max().unwrap_or(0) as f64,
        ]
    };
    Breakdown {
        attacker_capacity: att.iter().map(|s| s.capacity).sum(),
        defender_capacity: def.iter().map(|s| s.capacity).sum(),
        attackers: att,
        defenders: def,
        attack_base: mv(MeleeSide::Attacker),
        defence_base: mv(MeleeSide::Defender),
        modifiers,
        attack_factor: 1.0,
        defence_factor: 1.0,
        attack_strength: mv(MeleeSide::Attacker),
        defence_strength: mv(MeleeSide::Defender),
        cavalry_rule: false,
        attacker_loss_range: range(0),
        defender_loss_range: range(1),
        bridge_damage: false,
        system: MeleeSystemName::LaBataille,
        detail: super::Detail::of(ab),
    }
}

/// A d66: two d6 read tens and units.
fn d66(rng: &mut impl rand::Rng) -> i32 {
    let t = rng.random_range(1..=6u8);
    let u = rng.random_range(1..=6u8);
    position(t * 10 + u)
}

/// The assault on the board: the d66s in §15.3's order (each stage that happens), then the
/// losses with D-sys-2 fatigue, the retreats, routs and surrenders.
pub fn assault_results(board: &mut Board, r: &mut Resolution, rng: &mut impl rand::Rng) {
    let b = r.out.breakdown.clone();
    let Some(ab) = b
        .detail
        .get::<AssaultBreakdown>()
        .filter(|_| !b.bridge_damage)
    else {
        return super::resolve::combat_results(board, r, rng);
    };
    // Roll stage by stage: a stage that does not happen draws nothing.
    let mut pos = [1i32; 5];
    for stage in 0..5 {
        if assault(ab, pos).rolls[stage].is_some() {
            pos[stage] = d66(rng);
        }
    }
    let a = assault(ab, pos);
    r.out.attacker_roll = a.lost[0];
    r.out.defender_roll = a.lost[1];
    r.out.loser = a.loser;
    r.out.rolled = super::Detail::of(a.clone());
    for &(id, men) in &a.losses {
        take_system_loss(board, r, id, men, a.loser, rng);
    }
    let d = r.out.declaration.defending_hex;
    let lp = &ab.params;
    for &(id, e) in &a.effects {
        let Some(u) = board.unit(id) else { continue };
        if u.is_spent() {
            continue;
        }
        let attacker = r.attackers.contains(&id);
        let enemy: Vec<Hex> = if attacker { vec![d] } else { r.hexes.clone() };
        match e {
            // Guns that cannot retreat stay for the capture step (§9.5).
            _ if retreat::cannot_retreat(board, id) => {
                if let Some(u) = board.unit_mut(id) {
                    u.disrupted |= e != Effect::Surrender;
                }
            }
            Effect::Surrender => {
                if let Some(u) = board.remove(id) {
                    r.out.defender_loss += u.men;
                    r.out.eliminated.push(super::Elimination {
                        unit: id,
                        reason: super::EliminationReason::DefenderSurrenders,
                        captured: true,
                        men: u.men,
                        guns: u.guns,
                    });
                }
            }
            Effect::Retreat => {
                if let Some(u) = board.unit_mut(id) {
                    u.disrupted = true;
                }
                fall_back_by(
                    board,
                    id,
                    &enemy,
                    Budget::Mp(lp.retreat_mp),
                    false,
                    &mut r.out,
                );
            }
            Effect::Rout => {
                fall_back_by(
                    board,
                    id,
                    &enemy,
                    Budget::AllOf(lp.rout_hexes),
                    true,
                    &mut r.out,
                );
            }
        }
    }
}

/// Seed 003's melee system.
pub struct LaBataille;

impl MeleeSystem for LaBataille {
    fn description(&self) -> &'static str {
        "La Bataille (seed 003): pre-melee morale on the d66, then the assault chart by odds of melee values"
    }
    fn name(&self) -> crate::rules::params::MeleeSystemName {
        crate::rules::params::MeleeSystemName::LaBataille
    }
    fn check(&self, board: &Board, decl: &Declaration) -> Vec<Refusal> {
        assault_check(board, decl)
    }
    fn breakdown(&self, board: &Board, decl: &Declaration) -> Breakdown {
        breakdown(board, decl)
    }
    /// Its odds walk five d66 positions stage by stage, and so does its breakdown (for the
    /// loss ranges): each unit's check can split a stage, so the paths grow with the units,
    /// about as their square: 0.4 ms for the ten units of the melee bench's worst case.
    fn odds_work(&self, units: usize) -> usize {
        24 * units * units
    }
    /// Five d66 positions, uniform as `outcomes` weighs them, through one assault.
    fn roll_loser(
        &self,
        board: &mut Board,
        decl: &Declaration,
        rng: &mut rand_chacha::ChaCha8Rng,
    ) -> Option<MeleeSide> {
        if decl.sides(board).1.is_empty() {
            return super::system::roll_by_resolution(self, board, decl, rng);
        }
        let ab = assault_breakdown(board, decl);
        let mut pos = [1; 5];
        for p in &mut pos {
            *p = d66(rng);
        }
        assault(&ab, pos).loser
    }
    fn odds(&self, b: &Breakdown) -> Odds {
        let Some(ab) = b.detail.get::<AssaultBreakdown>() else {
            return super::odds(b);
        };
        assault_odds(ab).outcomes.odds()
    }
    fn combat_results(
        &self,
        board: &mut Board,
        r: &mut Resolution,
        rng: &mut rand_chacha::ChaCha8Rng,
    ) {
        assault_results(board, r, rng)
    }
    /// §15.3: the pre-melee and after-loss checks are the morale; no §9.6 check follows.
    fn checks_after_retreat(&self) -> bool {
        false
    }

    fn outcomes(&self, b: &Breakdown) -> Option<super::Outcomes> {
        Some(assault_odds(b.detail.get::<AssaultBreakdown>()?).outcomes)
    }
    fn odds_words(&self, b: &Breakdown) -> Option<String> {
        let ab = b.detail.get::<AssaultBreakdown>()?;
        let o = assault_odds(ab);
        Some(format!(
            "La Bataille MV {:.1}:{:.1}, checks A {:+} D {:+}: {}; over before the chart {:.0}%",
            b.attack_strength,
            b.defence_strength,
            ab.ratio_modifier[0],
            ab.ratio_modifier[1],
            o.outcomes.words("surrenders"),
            o.ended_before_chart * 100.0
        ))
    }
    fn own_losses(&self) -> bool {
        true
    }
    /// The checks before the melee, the chart, and the checks after losses, as rolled.
    fn report_lines(
        &self,
        b: &Breakdown,
        o: &super::MeleeOutcome,
        name: &dyn Fn(UnitId) -> String,
    ) -> Vec<String> {
        let (Some(ab), Some(a)) = (
            b.detail.get::<AssaultBreakdown>(),
            o.rolled.get::<Assault>(),
        ) else {
            return Vec::new();
        };
        let roll = |k: usize| a.rolls[k].map_or("-".to_string(), |r| r.to_string());
        let failed = |ids: &[UnitId]| {
            if ids.is_empty() {
                "all pass".to_string()
            } else {
                let v: Vec<String> = ids.iter().map(|id| name(*id)).collect();
                format!("{} fail", v.join(", "))
            }
        };
        let mut out = vec![format!(
            "  pre-melee checks: D d66 {} ({:+}), A d66 {} ({:+}): {}",
            roll(0),
            ab.ratio_modifier[1],
            roll(1),
            ab.ratio_modifier[0],
            failed(&a.failed_before)
        )];
        if let (Some(c), Some(r)) = (a.column, a.result) {
            out.push(format!(
                "  chart: MV {:.1} vs {:.1} -> {}, d66 {}: {}",
                a.attack,
                a.defence,
                COLUMNS[c].0,
                roll(2),
                r.code()
            ));
        }
        if a.rolls[3].is_some() || a.rolls[4].is_some() {
            out.push(format!(
                "  after losses: D d66 {}, A d66 {}: {}",
                roll(3),
                roll(4),
                failed(&a.failed_after)
            ));
        }
        out
    }
    /// Every unit's MV and checks, the ratios, and the distribution over the d66 paths: each
    /// chart result, the checks, the expected losses.
    fn json(&self, b: &Breakdown) -> Option<(&'static str, serde_json::Value)> {
        let ab = b.detail.get::<AssaultBreakdown>()?;
        Some((
            "assault",
            serde_json::json!({ "breakdown": ab, "odds": assault_odds(ab) }),
        ))
    }
    /// Every d66 path, by its chance.
    fn endings(&self, board: &Board, b: &Breakdown) -> Option<Vec<super::Ending>> {
        let ab = b.detail.get::<AssaultBreakdown>()?;
        Some(
            outcomes(ab)
                .into_iter()
                .map(|(a, w)| {
                    let gone = a
                        .effects
                        .iter()
                        // Guns that cannot retreat stay for the capture step instead.
                        .filter(|(id, e)| {
                            *e == Effect::Surrender && !retreat::cannot_retreat(board, *id)
                        })
                        .map(|(id, _)| (*id, 1.0))
                        .chain(
                            a.losses
                                .iter()
                                .map(|(id, m)| super::gone_by_share(board, *id, *m)),
                        )
                        .collect();
                    super::Ending {
                        weight: w,
                        attacker_loss: a.lost[0],
                        defender_loss: a.lost[1],
                        defender_moves: a
                            .effects
                            .iter()
                            .any(|(id, _)| b.defenders.iter().any(|s| s.unit == *id)),
                        defender_loses: a.loser == Some(MeleeSide::Defender),
                        gone,
                    }
                })
                .collect(),
        )
    }
}
