//! The assault as five d66 positions make it (§15.3): the checks before the melee, the chart,
//! increments lost one at a time, the checks after losses; deterministic given the positions.

use super::{Assault, AssaultBreakdown, AssaultUnit, Effect, chart, column, reading};
use crate::rules::combat::MeleeSide;

pub(super) fn side_index(s: MeleeSide) -> usize {
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
