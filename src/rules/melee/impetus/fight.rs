//! The fight on the dice (§15.2): scores, losses and morale round by round, the defender falling
//! back and the attacker following, deterministic given the dice.

use super::{Fight, ImpetusBreakdown, ImpetusSide, LeadKind, Morale, Round};
use crate::rules::combat::MeleeSide;
use crate::rules::melee::Fate;

impl ImpetusSide {
    fn fixed_score(&self) -> i32 {
        self.score.iter().map(|(_, v)| v).sum()
    }
    fn fixed_column(&self) -> i32 {
        self.column.iter().map(|(_, v)| v).sum()
    }
}

impl Fight {
    /// What became of the defender by the end of the whole melee (D-sys-8): it surrendered,
    /// else it routed (in any round: one that fell back first and routed later has routed),
    /// else it fell back.
    pub fn defender_fate(&self) -> Fate {
        if self.surrendered {
            Fate::Surrenders
        } else if self.defender_routed {
            Fate::Routs
        } else if self.defender_moved.is_some() {
            Fate::Retreats
        } else {
            Fate::Stays
        }
    }
}

fn halve(impetus: i32, disordered: bool) -> i32 {
    if disordered { impetus / 2 } else { impetus }
}

/// +1, +2, +3 for ≥1.5×, ≥2×, ≥3× the enemy's men.
fn ratio(mine: u32, theirs: u32) -> i32 {
    let (m, t) = (mine as u64 * 2, theirs as u64);
    if m >= 6 * t {
        3
    } else if m >= 4 * t {
        2
    } else if m >= 3 * t {
        1
    } else {
        0
    }
}

/// `pct` % of `men`, rounded half to even: the rounding §15.2's worked example uses (450 men at
/// score 5 lose 22.5 → 22, not 10 % of 230).
fn percent(men: u32, pct: f64) -> u32 {
    (men as f64 * pct / 100.0).round_ties_even() as u32
}

/// The morale column of a side after a round: M, lost the round, lost ≥10 % in this melee,
/// Disordered, and the fixed modifiers.
fn column(side: &ImpetusSide, own: i32, enemy: i32, lost: u32, disordered: bool) -> i32 {
    let mut c = side.morale + side.fixed_column();
    if own < enemy {
        c += if enemy - own >= 3 { 2 } else { 1 };
    }
    // (A side of no men has lost nothing to count.)
    if lost * 10 >= side.men.max(1) {
        c += 1;
    }
    if disordered {
        c += 1;
    }
    c
}

/// The melee as the dice [c, attacker score, defender score, attacker morale, defender morale]
/// make it (c read only when cavalry closes with a square).
///
/// Long because §15.2's rounds read the same five dice in a fixed order; the round loop and its
/// ending conditions are kept together.
pub fn fight(b: &ImpetusBreakdown, dice: [u8; 5]) -> Fight {
    let p = &b.params;
    let (a, d) = (&b.attacker, &b.defender);
    let mut f = Fight {
        closing: None,
        rounds: Vec::new(),
        attacker_loss: 0,
        defender_loss: 0,
        attacker_moved: None,
        defender_moved: None,
        defender_fell_back: 0,
        defender_routed: false,
        surrendered: false,
        broke_off: false,
        attacker_disordered: a.disordered,
        defender_disordered: d.disordered,
        loser: None,
    };
    let (mut men_a, mut men_d) = (a.men, d.men);
    if b.close_to_contact {
        let c = dice[0];
        let closing = Morale::of(c, a.morale + 2);
        f.closing = Some(closing);
        match closing {
            Morale::S => {}
            Morale::SD => f.attacker_disordered = true,
            _ => {
                // No melee: the cavalry takes the same die read on its own column.
                let r = Morale::of(c, a.morale);
                apply_attacker(b, &mut f, r, men_a, false);
                f.loser = f.attacker_moved.map(|_| MeleeSide::Attacker);
                return f;
            }
        }
    }
    let [_, die_a, die_d, morale_a, morale_d] = dice;
    let mut imp = [a.impetus, d.impetus];
    let mut ground = 0;
    for _ in 0..p.max_rounds.max(1) {
        let g = &b.grounds[ground];
        let terrain: i32 = g.score.iter().map(|(_, v)| v).sum();
        let s_a = (die_a as i32
            + halve(imp[0], f.attacker_disordered)
            + a.fixed_score()
            + ratio(men_a, men_d))
        .max(0);
        let s_d = (die_d as i32
            + halve(imp[1], f.defender_disordered)
            + d.fixed_score()
            + terrain
            + ratio(men_d, men_a))
        .max(0);
        let loss_a = percent(men_d * s_d as u32, p.loss_pct_per_point).min(men_a);
        let loss_d = percent(men_a * s_a as u32, p.loss_pct_per_point).min(men_d);
        men_a -= loss_a;
        men_d -= loss_d;
        f.attacker_loss += loss_a;
        f.defender_loss += loss_d;
        let c_a = column(a, s_a, s_d, f.attacker_loss, f.attacker_disordered);
        let c_d = column(d, s_d, s_a, f.defender_loss, f.defender_disordered);
        let (r_a, r_d) = (Morale::of(morale_a, c_a), Morale::of(morale_d, c_d));
        f.rounds.push(Round {
            impetus: [
                halve(imp[0], f.attacker_disordered),
                halve(imp[1], f.defender_disordered),
            ],
            scores: [s_a, s_d],
            losses: [loss_a, loss_d],
            columns: [c_a, c_d],
            results: [r_a, r_d],
            ground,
        });
        let both_routed = r_a == Morale::R && r_d == Morale::R;
        apply_attacker(b, &mut f, r_a, men_a, both_routed);
        let defender_to = apply_defender(b, &mut f, r_d, &mut men_d, ground, both_routed);
        if r_a.moves() || r_d.moves() {
            // `defender_to` is a ground only for a defender that can leave; after the last
            // round following up would change nothing.
            let follows = matches!(r_d, Morale::FB | Morale::FC)
                && !r_a.moves()
                && b.follow_up
                && defender_to.is_some();
            if !follows {
                break;
            }
            // The attacker follows into the vacated hex: charging kept after FC.
            ground = defender_to.unwrap_or(ground);
            imp = [
                if r_d == Morale::FC {
                    a.impetus
                } else {
                    a.other + p.follow_up_bonus
                },
                0,
            ];
            continue;
        }
        // No movement: cavalry that lost the round to foot or guns breaks off.
        let lost_a =
            s_a < s_d && a.kind == LeadKind::MountedCavalry && d.kind.infantry_or_artillery();
        let lost_d =
            s_d < s_a && d.kind == LeadKind::MountedCavalry && a.kind.infantry_or_artillery();
        if lost_a || lost_d {
            f.broke_off = true;
            break;
        }
        imp = [a.other, imp[1]];
    }
    f.loser = match (f.attacker_moved.is_some(), f.defender_moved.is_some()) {
        (true, false) => Some(MeleeSide::Attacker),
        (false, true) => Some(MeleeSide::Defender),
        _ => None,
    };
    f
}

/// Applies the attacker's result. Its men after the extra losses are not needed: an attacker
/// that moves ends the melee.
fn apply_attacker(b: &ImpetusBreakdown, f: &mut Fight, r: Morale, men: u32, both: bool) {
    let p = &b.params;
    let r = if r == Morale::FB && !b.attacker_can_fall_back {
        Morale::FC
    } else {
        r
    };
    match r {
        Morale::S => {}
        Morale::SD => f.attacker_disordered = true,
        Morale::FB => {}
        Morale::FC => {
            f.attacker_disordered = true;
            f.attacker_loss += percent(men, p.fc_loss_pct).min(men);
        }
        Morale::R => {
            if !both {
                f.attacker_loss += percent(men, p.rout_loss_pct).min(men);
            }
        }
    }
    if r.moves() && f.attacker_moved.is_none() {
        f.attacker_moved = Some(r);
    }
}

/// Applies the defender's result; returns the ground it falls back to, if it falls back.
fn apply_defender(
    b: &ImpetusBreakdown,
    f: &mut Fight,
    r: Morale,
    men: &mut u32,
    ground: usize,
    both: bool,
) -> Option<usize> {
    let p = &b.params;
    let next = (ground + 1 < b.grounds.len() && b.defender_mobile).then_some(ground + 1);
    let r = if r == Morale::FB && next.is_none() {
        Morale::FC
    } else {
        r
    };
    match r {
        Morale::S | Morale::FB => {}
        Morale::SD => f.defender_disordered = true,
        Morale::FC => {
            f.defender_disordered = true;
            let extra = percent(*men, p.fc_loss_pct).min(*men);
            *men -= extra;
            f.defender_loss += extra;
        }
        // Routers are not followed (D-imp-5): the men left after this are not needed.
        Morale::R => {
            if !both {
                f.defender_loss += percent(*men, p.rout_loss_pct).min(*men);
            }
        }
    }
    if !r.moves() {
        return None;
    }
    if f.defender_moved.is_none() {
        f.defender_moved = Some(r);
    }
    if r == Morale::R {
        f.defender_routed = true;
        return None;
    }
    if next.is_none() && ground + 1 >= b.grounds.len() {
        f.surrendered = true;
        return None;
    }
    f.defender_fell_back += 1;
    next
}
