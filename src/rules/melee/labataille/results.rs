//! The assault on the board (§15.3): the d66s in order, the losses, retreats, routs and
//! surrenders.

use rand::RngExt;

use super::{Assault, AssaultBreakdown, Effect, assault, position};
use crate::rules::board::Board;
use crate::rules::hex::Hex;
use crate::rules::melee::resolve::take_system_loss;
use crate::rules::melee::{Budget, Resolution, fall_back_by};
use crate::rules::retreat;

/// A d66: two d6 read tens and units.
pub fn d66(rng: &mut impl rand::Rng) -> i32 {
    let t = rng.random_range(1..=6u8);
    let u = rng.random_range(1..=6u8);
    position(t * 10 + u)
}

/// The assault on the board: the d66s in §15.3's order (each stage that happens), then the
/// losses with D-sys-2 fatigue, the retreats, routs and surrenders.
pub fn assault_results(
    board: &mut Board,
    r: &mut Resolution,
    ab: &AssaultBreakdown,
    rng: &mut impl rand::Rng,
) -> Assault {
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
                    r.out.eliminated.push(crate::rules::melee::Elimination {
                        unit: id,
                        reason: crate::rules::melee::EliminationReason::DefenderSurrenders,
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
    a
}
