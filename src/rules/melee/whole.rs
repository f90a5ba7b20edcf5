//! Exact odds over the whole resolution of a melee, as the player sees it before Resolve: the
//! defenders' fire at the attacking hexes first (§1: its losses, fatigue, morale checks and any
//! rout they start), then the melee with the attackers still able to attack. Every random step
//! of that fire is enumerated with its exact probability, the states it can leave are merged,
//! and the melee-only odds are taken in each.

use std::collections::{HashMap, VecDeque};

use serde::{Deserialize, Serialize};

use super::{Declaration, MeleeSide, system};
use crate::rules::board::Board;
use crate::rules::combat::{LossDistribution, split_loss};
use crate::rules::fire;
use crate::rules::fnv::Fnv;
use crate::rules::hex::{Hex, distance};
use crate::rules::morale;
use crate::rules::unit::{FatigueLevel, Formation, Side, Unit, UnitId, UnitKind};

/// The odds of a declared melee over its whole resolution.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct WholeOdds {
    /// The attacker wins, counting the defenders' fire first.
    pub attacker_win_probability: f64,
    /// The melee alone, with every committed unit (the figure of `odds`).
    pub melee_only_probability: f64,
    /// The defenders' fire leaves no committed unit able to attack: the melee is called off.
    pub called_off_probability: f64,
    /// At least one committed unit drops out (disrupted, routed or destroyed) before the melee.
    pub attackers_drop_probability: f64,
    /// States of the board the fire can leave, after merging equal ones.
    pub states: usize,
    /// Enumerated exactly; `false` when that would take more than `WORK_BUDGET` work and the
    /// odds are the mean over `SAMPLES` seeded runs of the fire and the melee instead, shown as
    /// "about".
    #[serde(default = "super::yes")]
    pub exact: bool,
}

impl WholeOdds {
    /// Nothing counted yet but the odds of the melee alone.
    fn melee_alone(melee_only: f64) -> WholeOdds {
        WholeOdds {
            attacker_win_probability: 0.0,
            melee_only_probability: melee_only,
            called_off_probability: 0.0,
            attackers_drop_probability: 0.0,
            states: 0,
            exact: true,
        }
    }
}

/// The most work the exact enumeration of the fire does before it gives way to sampling: each
/// state passed on past a shooter and each branch of the fire (each loss, fatigue and morale
/// outcome and each way its routs spread).
/// Stacks of tired, shaken attackers under fire from five units branch into millions (minutes,
/// and the machine's memory), where the benchmark's three-hex, eight-unit melee takes under a
/// thousand; its stress case (a rout that cascades) runs past the budget. About 0.5 ms of work
/// on the bench's machine, so that what is spent before sampling takes over stays small.
/// Counted, not timed, so the answer is the same on every machine.
pub const WORK_BUDGET: usize = 3_000;

/// The most work the melee's exact odds may take at the end of an exact enumeration, counted as
/// the distinct melees (by their hexes' units) times `MeleeSystem::odds_work`: about 3.5 ms on
/// the bench's machine, with room for eight La Bataille or twenty Impetus melees, or a
/// thousand of §9's. Beyond it the odds are sampled.
pub const MELEE_WORK_BUDGET: usize = 24_000;

/// Seeded runs of the defensive fire and the melee when the work is too much: the spread of the
/// odds is at most ±3.1 % (one standard error; less where the melee after each run is taken
/// exactly), and 256 runs fit the 5 ms a finger's drag may wait (issue 32).
pub const SAMPLES: u64 = 256;

/// The most `MeleeSystem::odds_work` for which the seeded runs take the melee's exact odds after
/// each run of the fire (about 15 µs: a roll of the dice, a breakdown and the combat step, costs
/// a few); beyond it they roll its dice (`MeleeSystem::roll_loser`) once a run.
pub const ROLL_WORK: usize = 100;

/// What the fire can change of a unit: the state of the board near the melee is one of these
/// per unit (in the order of the copy's units), so that states are cheap to copy and compare.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Delta {
    hex: Hex,
    men: u32,
    guns: u32,
    fatigue: u32,
    disrupted: bool,
    routed: bool,
    opportunity_fired: bool,
    fixed: bool,
}

/// Where a unit the fire destroyed is put: far from everything, so that nothing sees it.
const GONE: Hex = Hex::new(-1_000_000, -1_000_000);

impl Delta {
    fn of(u: &Unit) -> Delta {
        Delta {
            hex: u.hex,
            men: u.men,
            guns: u.guns,
            fatigue: u.fatigue,
            disrupted: u.disrupted,
            routed: u.routed,
            opportunity_fired: u.marks.opportunity_fired,
            fixed: u.fixed_until.is_some(),
        }
    }

    fn apply(self, u: &mut Unit, fixed_until: Option<u32>) {
        u.hex = self.hex;
        u.men = self.men;
        u.guns = self.guns;
        u.fatigue = self.fatigue;
        u.disrupted = self.disrupted;
        u.routed = self.routed;
        u.marks.opportunity_fired = self.opportunity_fired;
        u.fixed_until = if self.fixed { fixed_until } else { None };
    }
}

/// One way the fire can leave the units near the melee, and its probability.
#[derive(Debug, Clone)]
struct State {
    units: Vec<Delta>,
    p: f64,
}

/// The copy of the board the states are played on, with each unit's Fixed turn as it began.
struct Scratch {
    board: Board,
    fixed: Vec<Option<u32>>,
    /// Where a rout ends, by the routing unit and every unit's hex, men and guns (all that
    /// `morale::rout_move` reads that the fire can change: the enemy stands still, and the
    /// stacking limit counts men and guns): the same rout recurs in many branches.
    routs: FastMap<(UnitId, Vec<(Hex, u32, u32)>), Hex>,
    /// Branches worked through so far, and how many may be.
    work: usize,
    budget: usize,
}

impl Scratch {
    /// A scratch board of the melee's neighbourhood, with `budget` branches to work through.
    fn of(board: Board, budget: usize) -> Scratch {
        let fixed = board.units.iter().map(|u| u.fixed_until).collect();
        Scratch {
            board,
            fixed,
            routs: FastMap::default(),
            work: 0,
            budget,
        }
    }

    fn load(&mut self, units: &[Delta]) {
        for ((u, d), f) in self.board.units.iter_mut().zip(units).zip(&self.fixed) {
            d.apply(u, *f);
        }
    }

    fn save(&self) -> Vec<Delta> {
        self.board.units.iter().map(Delta::of).collect()
    }

    /// Past the work budget: the enumeration gives way to sampling.
    fn spent(&self) -> bool {
        self.work > self.budget
    }

    /// `morale::rout_move` of `id` on the state loaded, remembered.
    fn rout_move(&mut self, id: UnitId) {
        let key = (
            id,
            self.board
                .units
                .iter()
                .map(|u| (u.hex, u.men, u.guns))
                .collect::<Vec<_>>(),
        );
        if let Some(to) = self.routs.get(&key) {
            if let Some(u) = self.board.unit_mut(id) {
                u.hex = *to;
            }
            return;
        }
        morale::rout_move(&mut self.board, id);
        if let Some(u) = self.board.unit(id) {
            self.routs.insert(key, u.hex);
        }
    }

    /// The unit, unless the fire destroyed it.
    fn unit(&self, id: UnitId) -> Option<&Unit> {
        self.board.unit(id).filter(|u| u.hex != GONE)
    }
}

type FastMap<K, V> = HashMap<K, V, std::hash::BuildHasherDefault<Fnv>>;

fn merge(states: Vec<State>) -> Vec<State> {
    let mut at: FastMap<Vec<Delta>, usize> = FastMap::default();
    let mut out: Vec<State> = Vec::new();
    for s in states {
        if s.p <= 0.0 {
            continue;
        }
        match at.get(&s.units) {
            Some(&i) => out[i].p += s.p,
            None => {
                at.insert(s.units.clone(), out.len());
                out.push(s);
            }
        }
    }
    out
}

/// A copy of the board with only the units the defensive fire and the melee can involve: the
/// defending and attacking hexes, the enemy units that can fire, and everything within reach
/// of a rout (so that routs and cascades are played as on the full board).
fn neighbourhood(board: &Board, decl: &Declaration) -> Board {
    let hexes = decl.attacking_hexes(board);
    let reach = board
        .units
        .iter()
        .filter_map(|u| fire::weapon_of(board, u))
        .map(|w| w.range())
        .max()
        .unwrap_or(0)
        + 10;
    let mut sub = board.clone();
    sub.units.retain(|u| {
        hexes
            .iter()
            .chain(std::iter::once(&decl.defending_hex))
            .any(|h| distance(u.hex, *h) <= reach)
    });
    sub
}

/// The defensive fire as `opportunity::at_melee_attackers` gives it: each attacking hex in
/// turn, every enemy unit able to fire at it firing once, in board order.
///
/// Exact within `WORK_BUDGET`, sampled beyond it (`WholeOdds::exact` says which).
pub fn whole_odds(board: &Board, decl: &Declaration) -> WholeOdds {
    odds_over_states(board, decl, true, [WORK_BUDGET, MELEE_WORK_BUDGET])
}

/// The same odds enumerated exactly however long it takes: the reference the sampling is
/// checked against.
pub fn whole_odds_exact(board: &Board, decl: &Declaration) -> WholeOdds {
    odds_over_states(board, decl, true, [usize::MAX; 2])
}

/// The same odds with every fatigue value kept apart (only identical states merged): the
/// reference that the merging of fatigue values is checked against. Slower, same answer.
pub fn whole_odds_exhaustive(board: &Board, decl: &Declaration) -> WholeOdds {
    odds_over_states(board, decl, false, [usize::MAX; 2])
}

/// An upper bound of the fatigue the rest of the fire at a hex can still add to a unit
/// there: each later shooter's largest loss (the top of its loss range, rounded up) at the
/// most fatigue a man lost brings. Fatigue values closer than that to the next level are
/// kept apart, the rest merged. Only fire at its own hex tires a unit. Targets only leave a
/// hex, so of the target's terms (D-fire-4) a march formation's (column, limbered, mounted)
/// can appear where such units stand with others (the loss grows by it, more where the sum
/// was held up by the cap), and enfilade, a bonus, can only vanish; the density factor only
/// falls with the men.
/// A unit that cannot fire at a hex now never can (fire only takes targets and marks away).
fn fatigue_bounds(
    board: &Board,
    hexes: &[Hex],
    shooters: &[UnitId],
    side: Side,
    factor: f64,
) -> Vec<Vec<Option<u32>>> {
    let high = board.params.combat.fatigue_high_factor;
    let f = &board.params.fire;
    let march = f
        .column_target
        .max(f.limbered_target)
        .max(f.mounted_target)
        .max(0);
    let cap = f.cap;
    let times = |sum: i32| (1.0 + f64::from(sum.max(cap)) / 100.0).max(0.0);
    hexes
        .iter()
        .map(|h| {
            let targets: Vec<&Unit> = board
                .units_at(*h)
                .filter(|u| u.side == side && !u.is_leader())
                .collect();
            let marching = |u: &&&Unit| {
                matches!(
                    u.formation,
                    Formation::Column | Formation::Limbered | Formation::Mounted
                )
            };
            let some = targets.iter().filter(marching).count();
            let may_appear = some > 0 && some < targets.len();
            shooters
                .iter()
                .map(|id| {
                    fire::breakdown(board, *id, *h, true, factor).ok().map(|b| {
                        let grow = if may_appear && times(b.sum) > 0.0 {
                            (times(b.sum + march) / times(b.sum)).max(1.0)
                        } else if may_appear {
                            // Held at nothing (a cap of −100 %): any term lifts it.
                            f64::from(u32::MAX)
                        } else {
                            1.0
                        };
                        (b.loss_range[1] * grow).ceil().min(f64::from(u32::MAX / 8)) as u32 * high
                    })
                })
                .collect()
        })
        .collect()
}

/// The melee's odds in each state after the fire, added into `out` by the states' chances:
/// called off where no committed attacker is left or a restriction is broken; states that agree
/// on the melee's hexes (`keys`) share one evaluation.
fn melee_in_each_state(
    sub: &mut Scratch,
    states: &[State],
    keys: Vec<Vec<Delta>>,
    committed: &Declaration,
    out: &mut WholeOdds,
) {
    let mut seen: FastMap<Vec<Delta>, Option<f64>> = FastMap::default();
    for (s, key) in states.iter().zip(keys) {
        sub.load(&s.units);
        let mut left = committed.clone();
        left.attackers
            .retain(|id| sub.unit(*id).is_some_and(|u| !u.disrupted && !u.routed));
        if left.attackers.len() < committed.attackers.len() {
            out.attackers_drop_probability += s.p;
        }
        let win = *seen.entry(key).or_insert_with(|| {
            // Checked again even with every committed unit still there, as the resolution
            // does: the men the fire took can break a restriction (La Bataille's L2 odds).
            if left.attackers.is_empty()
                || !system(&sub.board.params)
                    .check(&sub.board, &left)
                    .is_empty()
            {
                None
            } else {
                let b = system(&sub.board.params).breakdown(&sub.board, &left);
                Some(b.odds().attacker_win_probability)
            }
        });
        match win {
            Some(w) => out.attacker_win_probability += s.p * w,
            None => out.called_off_probability += s.p,
        }
    }
}

/// The units (by index) in the defending and attacking hexes as the fire began: the melee
/// depends only on them (a unit can only leave those hexes), so states that agree there share
/// one evaluation.
fn involved(board: &Board, hexes: &[Hex], defending: Hex) -> Vec<usize> {
    let melee_hexes: Vec<Hex> = hexes.iter().copied().chain([defending]).collect();
    board
        .units
        .iter()
        .enumerate()
        .filter(|(_, u)| melee_hexes.contains(&u.hex))
        .map(|(i, _)| i)
        .collect()
}

/// Each state's melee key (its involved units) and how many distinct keys there are: that
/// number says before any evaluation is made whether they fit the budget.
fn melee_keys(states: &[State], involved: &[usize]) -> (Vec<Vec<Delta>>, usize) {
    let keys: Vec<Vec<Delta>> = states
        .iter()
        .map(|s| involved.iter().map(|i| s.units[*i]).collect())
        .collect();
    let distinct = keys
        .iter()
        .collect::<std::collections::HashSet<_, std::hash::BuildHasherDefault<Fnv>>>()
        .len();
    (keys, distinct)
}

/// The share of their fire the defenders give at the attacking hexes before a melee: half,
/// or all of it under the optional rule.
fn defensive_fire_factor(board: &Board) -> f64 {
    if board.params.optional.full_melee_defensive_fire {
        1.0
    } else {
        0.5
    }
}

/// The whole odds: the melee alone, the neighbourhood, the fatigue bounds, the enumeration of the
/// fire shooter by shooter at each hex, and the melee's odds in each state. The fire's steps
/// stay in this one loop because they share the scratch board, the shooters' order and the
/// unit index, and the order of the fire must be the resolution's
/// (`opportunity::at_melee_attackers`).
fn odds_over_states(
    board: &Board,
    decl: &Declaration,
    merge_fatigue: bool,
    [budget, melee_budget]: [usize; 2],
) -> WholeOdds {
    let system = system(&board.params);
    let melee_only = system
        .breakdown(board, decl)
        .odds()
        .attacker_win_probability;
    let mut out = WholeOdds::melee_alone(melee_only);
    let mut sub = Scratch::of(neighbourhood(board, decl), budget);
    let acting = sub.board.acting;
    let mut committed = decl.clone();
    committed
        .attackers
        .retain(|id| sub.unit(*id).is_some_and(|u| u.side == acting));
    if committed.attackers.is_empty() || !system.check(&sub.board, &committed).is_empty() {
        out.called_off_probability = 1.0;
        return out;
    }
    let side = match committed.attackers.first().and_then(|id| sub.unit(*id)) {
        Some(u) => u.side,
        None => return out,
    };
    let factor = defensive_fire_factor(&sub.board);
    let hexes = committed.attacking_hexes(&sub.board);
    let shooters: Vec<UnitId> = sub
        .board
        .units
        .iter()
        .filter(|u| u.side != side)
        .map(|u| u.id)
        .collect();
    let bound = fatigue_bounds(&sub.board, &hexes, &shooters, side, factor);
    let at: HashMap<UnitId, usize> = sub
        .board
        .units
        .iter()
        .enumerate()
        .map(|(i, u)| (u.id, i))
        .collect();
    let involved = involved(&sub.board, &hexes, committed.defending_hex);
    let mut states = vec![State {
        units: sub.save(),
        p: 1.0,
    }];
    for (hi, h) in hexes.iter().enumerate() {
        for (si, shooter) in shooters.iter().enumerate() {
            // Shortcuts only (each state would be passed on unchanged below): a unit that cannot
            // fire at this hex, or has fired in every state (a unit fires once).
            if bound[hi][si].is_none() {
                continue;
            }
            if states
                .iter()
                .all(|s| s.units[at[shooter]].opportunity_fired)
            {
                continue;
            }
            let later: u32 = if merge_fatigue {
                bound[hi][si + 1..].iter().flatten().sum()
            } else {
                u32::MAX
            };
            // Each state is passed on or fired at, then merged: work even where nothing fires.
            sub.work += states.len();
            let mut grown = Vec::new();
            for s in &states {
                if s.units[at[shooter]].opportunity_fired {
                    grown.push(s.clone());
                    continue;
                }
                sub.load(&s.units);
                if sub.board.units_at(*h).all(|u| u.side != side) {
                    grown.push(s.clone());
                    continue;
                }
                let Ok(b) = fire::breakdown(&sub.board, *shooter, *h, true, factor) else {
                    grown.push(s.clone());
                    continue;
                };
                grown.extend(one_fire(&mut sub, &b, s, *shooter, later));
                if sub.spent() {
                    return sampled(&neighbourhood(board, decl), &committed, out);
                }
            }
            states = merge(grown);
        }
    }
    out.states = states.len();
    let (keys, distinct) = melee_keys(&states, &involved);
    if distinct.saturating_mul(system.odds_work(involved.len())) > melee_budget {
        return sampled(&neighbourhood(board, decl), &committed, out);
    }
    melee_in_each_state(&mut sub, &states, keys, &committed, &mut out);
    out
}

/// The odds as the mean over `SAMPLES` seeded runs of the defensive fire on `board` (the
/// neighbourhood), each followed by the melee: its exact odds where they cost no more than a
/// roll of its dice (`ROLL_WORK`), else one roll (Impetus's and La Bataille's odds play
/// thousands of dice paths). Either way each run's figure has the whole resolution's chance as
/// its mean, so the spread is at most ±3.1 % (one standard error at 256 runs). `committed`
/// holds the acting side's units only and has been checked on `board`.
fn sampled(board: &Board, committed: &Declaration, mut out: WholeOdds) -> WholeOdds {
    use rand::SeedableRng;
    let system = system(&board.params);
    let w = 1.0 / SAMPLES as f64;
    out.exact = false;
    out.states = 0;
    out.attacker_win_probability = 0.0;
    out.called_off_probability = 0.0;
    out.attackers_drop_probability = 0.0;
    // The melee depends only on the units in its hexes: runs that leave them alike share one
    // evaluation.
    let hexes: Vec<Hex> = committed
        .attacking_hexes(board)
        .into_iter()
        .chain([committed.defending_hex])
        .collect();
    let units = board
        .units
        .iter()
        .filter(|u| hexes.contains(&u.hex))
        .count();
    let exact_melee = system.odds_work(units) <= ROLL_WORK;
    let mut seen: FastMap<(Vec<UnitId>, Vec<Delta>), f64> = FastMap::default();
    let mut b = board.clone();
    for seed in 0..SAMPLES {
        b.restore_play(board);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let run = super::pipeline::defensive_fire_checked(&mut b, committed, &mut rng);
        let dropped = committed
            .attackers
            .iter()
            .any(|id| b.unit(*id).is_none_or(|u| u.disrupted || u.routed));
        if dropped {
            out.attackers_drop_probability += w;
        }
        let win = match run {
            Ok((left, _)) if exact_melee => {
                let here = b
                    .units
                    .iter()
                    .filter(|u| hexes.contains(&u.hex))
                    .map(Delta::of)
                    .collect();
                *seen
                    .entry((left.attackers.clone(), here))
                    .or_insert_with(|| system.breakdown(&b, &left).odds().attacker_win_probability)
            }
            Ok((left, _)) => {
                let loser = system.roll_loser(&mut b, &left, &mut rng);
                f64::from(u8::from(loser == Some(MeleeSide::Defender)))
            }
            Err(_) => {
                out.called_off_probability += w;
                0.0
            }
        };
        out.attacker_win_probability += w * win;
    }
    out
}

/// The level a fatigue value is in, and the value where the next one begins.
fn next_level(f: u32) -> (FatigueLevel, u32) {
    let l = FatigueLevel::of(f);
    let next = match l {
        FatigueLevel::Low => 300,
        FatigueLevel::Medium => 600,
        FatigueLevel::High => 900,
        FatigueLevel::Maximum => u32::MAX,
    };
    (l, next)
}

/// The fatigue a unit can end with after gaining uniformly from `low` to `high`, with its
/// probability; values that land in the same level with more room to the next level than the
/// rest of the fire can add are merged (they cannot differ in anything the melee uses).
fn fatigue_outcomes(now: u32, low: u32, high: u32, max: u32, later: u32) -> Vec<(u32, f64)> {
    let share = 1.0 / (high - low + 1) as f64;
    let mut out: Vec<(u32, f64)> = Vec::new();
    // The representative of each level's safe values.
    let mut safe: [Option<usize>; 4] = [None; 4];
    for g in low..=high {
        let f = (now + g).min(max);
        let (level, next) = next_level(f);
        if next.saturating_sub(f) > later {
            match safe[level as usize] {
                Some(i) => out[i].1 += share,
                None => {
                    safe[level as usize] = Some(out.len());
                    out.push((f, share));
                }
            }
        } else {
            // Kept as it is (a value met twice, at the cap, is merged with the states).
            out.push((f, share));
        }
    }
    out
}

/// A morale check's chance of failing: a d6 above the morale value (§9.6).
fn fails(morale: i32) -> f64 {
    (6 - morale).clamp(0, 6) as f64 / 6.0
}

/// Every way one unit's fire at hex `b.target` can end, from state `s`.
///
/// Long because the loss split, the guns lost, the fatigue gained and the morale check of each
/// target are nested branches of one volley, played as `fire::fire` plays them, in its order.
fn one_fire(
    sub: &mut Scratch,
    b: &fire::FireBreakdown,
    s: &State,
    shooter: UnitId,
    later: u32,
) -> Vec<State> {
    let dist = LossDistribution::of_fire(b.loss_range, b.mean_of_two);
    let enfilade = b
        .modifiers
        .iter()
        .any(|m| m.kind == crate::rules::combat::ModifierKind::Enfilade);
    let c = sub.board.params.combat.clone();
    let (check_base, enfilade_bonus) = (
        sub.board.params.morale.check_base,
        sub.board.params.morale.enfilade,
    );
    sub.load(&s.units);
    let Some(side) = sub.unit(shooter).map(|u| u.side) else {
        return vec![s.clone()];
    };
    let targets: Vec<(UnitId, UnitKind)> = sub
        .board
        .units_at(b.target)
        .filter(|t| t.side != side)
        .map(|t| (t.id, t.kind))
        .collect();
    let caps: Vec<u32> = targets
        .iter()
        .filter_map(|(id, _)| sub.unit(*id))
        // A leader has no men: it takes no share.
        .map(|u| match u.kind {
            UnitKind::Artillery => u.guns * c.men_per_gun_lost,
            _ => u.men,
        })
        .collect();
    let weights: Vec<f64> = caps.iter().map(|c| *c as f64).collect();
    let index: FastMap<UnitId, usize> = targets
        .iter()
        .filter_map(|(t, _)| {
            sub.board
                .units
                .iter()
                .position(|u| u.id == *t)
                .map(|i| (*t, i))
        })
        .collect();
    let mut out = Vec::new();
    for (i, pk) in dist.probs.iter().enumerate() {
        if sub.spent() {
            // Given up: the caller samples instead.
            return out;
        }
        let k = dist.start + i as u32;
        let shares = split_loss(k, &weights, &caps);
        // (units, probability, units routed by this fire)
        let mut partial: Vec<(Vec<Delta>, f64, Vec<(UnitId, Hex)>)> =
            vec![(s.units.clone(), s.p * pk, Vec::new())];
        for (&(t, kind), &share) in targets.iter().zip(&shares) {
            let ti = index[&t];
            if share == 0 {
                // Untouched, but a Fixed unit fired on is released (§12).
                for (units, _, _) in partial.iter_mut() {
                    units[ti].fixed = false;
                }
                continue;
            }
            let mut grown = Vec::with_capacity(partial.len() * 3);
            for (units, q, routed) in partial {
                let now = units[ti];
                if now.hex == GONE {
                    grown.push((units, q, routed));
                    continue;
                }
                let guns = if kind == UnitKind::Artillery {
                    let per = c.men_per_gun_lost.max(1);
                    let (whole, rem) = (share / per, share % per);
                    let extra = rem as f64 / per as f64;
                    [
                        (whole.min(now.guns), 1.0 - extra),
                        ((whole + 1).min(now.guns), extra),
                    ]
                } else {
                    [(0, 1.0), (0, 0.0)]
                };
                let tired = fatigue_outcomes(
                    now.fatigue,
                    share * c.fatigue_low_factor,
                    share * c.fatigue_high_factor,
                    c.max_fatigue,
                    later,
                );
                // The morale value depends on the rest of the hex as this state has it.
                sub.load(&units);
                let check = morale::check_chance(share, check_base);
                let bonus = if enfilade { enfilade_bonus } else { 0 };
                for &(g, pg) in &guns {
                    for &(f, pf) in &tired {
                        let q = q * pg * pf;
                        if q <= 0.0 {
                            continue;
                        }
                        let mut d = now;
                        d.men -= share.min(d.men);
                        d.guns -= g;
                        d.fatigue = f;
                        d.fixed = false;
                        // (A leader takes no share: it never comes here.)
                        let spent = match kind {
                            UnitKind::Artillery => d.guns == 0,
                            _ => d.men == 0,
                        };
                        let with = |d: Delta| {
                            let mut v = units.clone();
                            v[ti] = d;
                            v
                        };
                        if spent {
                            d.hex = GONE;
                            grown.push((with(d), q, routed.clone()));
                            continue;
                        }
                        if check <= 0.0 {
                            grown.push((with(d), q, routed.clone()));
                            continue;
                        }
                        let fail = {
                            let x = sub.board.units.get_mut(ti).expect("indexed");
                            (x.fatigue, x.disrupted) = (d.fatigue, d.disrupted);
                            fails(morale::morale_value(&sub.board, t) + bonus)
                        };
                        grown.push((with(d), q * (1.0 - check * fail), routed.clone()));
                        if fail > 0.0 {
                            let mut r = routed.clone();
                            // Opportunity fire disrupts; a disrupted unit that fails routs.
                            if d.disrupted {
                                d.routed = true;
                                d.disrupted = false;
                                r.push((t, d.hex));
                            } else {
                                d.disrupted = true;
                            }
                            grown.push((with(d), q * check * fail, r));
                        }
                    }
                }
            }
            sub.work += grown.len();
            partial = grown;
        }
        for (units, q, routed) in partial {
            sub.load(&units);
            if let Some(f) = sub.board.unit_mut(shooter) {
                f.marks.opportunity_fired = true;
            }
            if routed.is_empty() {
                out.push(State {
                    units: sub.save(),
                    p: q,
                });
            } else {
                out.extend(cascade(sub, routed, q));
            }
        }
    }
    out
}

/// A step of a rout cascade (`morale::rout_cascade`): a routed unit runs and its neighbours
/// check morale, or one neighbour's check.
#[derive(Clone)]
enum Step {
    Run { id: UnitId, from: Hex, level: i32 },
    Check { id: UnitId, level: i32 },
}

/// Every way the routs started by this fire can spread, as `morale::rout_cascade` plays them.
fn cascade(sub: &mut Scratch, first: Vec<(UnitId, Hex)>, p: f64) -> Vec<State> {
    let queue: VecDeque<Step> = first
        .into_iter()
        .map(|(id, from)| Step::Run { id, from, level: 1 })
        .collect();
    let mut out = Vec::new();
    let mut work = vec![(sub.save(), queue, p)];
    while let Some((units, mut queue, q)) = work.pop() {
        sub.work += 1;
        if sub.spent() {
            return out;
        }
        sub.load(&units);
        let Some(step) = queue.pop_front() else {
            out.push(State { units, p: q });
            continue;
        };
        match step {
            Step::Run { id, from, level } => {
                sub.rout_move(id);
                if let Some(side) = sub.unit(id).map(|u| u.side) {
                    let near: Vec<UnitId> = sub
                        .board
                        .units
                        .iter()
                        .filter(|o| {
                            o.hex != GONE
                                && o.side == side
                                && !o.routed
                                && !o.is_leader()
                                && distance(o.hex, from) <= 1
                        })
                        .map(|o| o.id)
                        .collect();
                    for n in near.into_iter().rev() {
                        queue.push_front(Step::Check { id: n, level });
                    }
                }
                work.push((sub.save(), queue, q));
            }
            Step::Check { id, level } => {
                let bonus = if sub.board.params.optional.rout_limiting {
                    level
                } else {
                    0
                };
                let fail = fails(morale::morale_value(&sub.board, id) + bonus);
                if fail < 1.0 {
                    work.push((units.clone(), queue.clone(), q * (1.0 - fail)));
                }
                if fail > 0.0 {
                    if let Some(u) = sub.board.unit_mut(id) {
                        u.routed = true;
                        u.disrupted = false;
                        let at = u.hex;
                        queue.push_back(Step::Run {
                            id,
                            from: at,
                            level: level + 1,
                        });
                    }
                    work.push((sub.save(), queue, q * fail));
                }
            }
        }
    }
    out
}
