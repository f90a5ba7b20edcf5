//! Impetus's rounds fought on the board (§15.2): the dice drawn, the movement of each round, the
//! losses, the winner's morale.

use rand::RngExt;

use super::{Fight, ImpetusBreakdown, Morale, fight};
use crate::rules::board::Board;
use crate::rules::combat::{MeleeSide, split_loss};
use crate::rules::hex::Hex;
use crate::rules::melee::resolve::take_system_loss;
use crate::rules::melee::{Resolution, fall_back};
use crate::rules::retreat;
use crate::rules::unit::UnitId;

/// The rounds fought on the board: dice in §15.2's draw order, each round's movement applied
/// as it happens (fall back, forced back, rout, follow-up), then the losses split by men with
/// D-sys-2 fatigue, and the winner's morale improvement.
///
/// Long because §15.2's rounds are applied in the seed's order, each step changing what the next
/// reads; split, the order would be spread over several functions.
pub fn impetus_results(
    board: &mut Board,
    r: &mut Resolution,
    ib: &ImpetusBreakdown,
    rng: &mut impl rand::Rng,
) -> Fight {
    let b = r.out.breakdown.clone();
    let mut dice = [1u8; 5];
    if ib.close_to_contact {
        dice[0] = rng.random_range(1..=6u8);
    }
    for die in dice.iter_mut().skip(1) {
        *die = rng.random_range(1..=6u8);
    }
    let f = fight(ib, dice);
    r.out.attacker_roll = f.attacker_loss;
    r.out.defender_roll = f.defender_loss;
    r.out.loser = f.loser;
    // Losses first, while every unit is still in the melee.
    for (units, total) in [
        (&b.attackers, f.attacker_loss),
        (&b.defenders, f.defender_loss),
    ] {
        let weights: Vec<f64> = units.iter().map(|s| s.strength).collect();
        let caps: Vec<u32> = units.iter().map(|s| s.capacity).collect();
        for (s, share) in units.iter().zip(split_loss(total, &weights, &caps)) {
            take_system_loss(board, r, s.unit, share, f.loser, rng);
        }
    }
    let d = r.out.declaration.defending_hex;
    let attackers: Vec<UnitId> = r.attackers.clone();
    let defenders: Vec<UnitId> = r.defenders.clone();
    let disorder = |board: &mut Board, ids: &[UnitId]| {
        for id in ids {
            if let Some(u) = board.unit_mut(*id) {
                u.disrupted = true;
            }
        }
    };
    if f.attacker_disordered {
        disorder(board, &attackers);
    }
    if f.defender_disordered {
        disorder(board, &defenders);
    }
    // Movement, round by round: the defender's ground follows the fight's record.
    let mut here = d;
    for round in &f.rounds {
        let [ra, rd] = round.results;
        if rd.moves() {
            let enemy: Vec<Hex> = if here == d {
                r.hexes.clone()
            } else {
                vec![ib.grounds[round.ground.saturating_sub(1)].hex]
            };
            let at_here: Vec<UnitId> = defenders
                .iter()
                .copied()
                .filter(|id| board.unit(*id).is_some_and(|u| u.hex == here))
                .collect();
            for id in at_here {
                if retreat::cannot_retreat(board, id) {
                    continue;
                }
                if rd == Morale::R {
                    if let Some(u) = board.unit_mut(id) {
                        u.routed = true;
                    }
                    if let Some(m) = crate::rules::morale::rout_move(board, id) {
                        r.out.routs.push(m);
                    }
                } else {
                    fall_back(board, id, &enemy, 1, false, &mut r.out);
                }
            }
            let vacated = !board.units_at(here).any(|u| defenders.contains(&u.id));
            let follows = f.rounds.iter().any(|x| x.ground == round.ground + 1);
            if follows && vacated {
                for id in &attackers {
                    if let Some(u) = board.unit_mut(*id).filter(|u| !u.routed) {
                        u.hex = here;
                        r.out.advanced.push(*id);
                    }
                }
            }
            // The fight goes on where the lead defender went.
            here = ib
                .defender
                .lead
                .and_then(|id| board.unit(id))
                .map_or(here, |u| u.hex);
        }
        if ra.moves() {
            let hexes: Vec<Hex> = vec![here];
            // Attackers are never guns that cannot leave (artillery may not attack, §9.1).
            for id in &attackers {
                if ra == Morale::R {
                    if let Some(u) = board.unit_mut(*id) {
                        u.routed = true;
                    }
                    if let Some(m) = crate::rules::morale::rout_move(board, *id) {
                        r.out.routs.push(m);
                    }
                } else {
                    fall_back(board, *id, &hexes, 1, false, &mut r.out);
                }
            }
        }
    }
    // The winner that stood: its morale improves once; it ends Disordered unless it broke
    // through a routed enemy; a square that fought cavalry stands instead, and may not move
    // in its next turn.
    let winner = match f.loser {
        Some(MeleeSide::Attacker) => Some((MeleeSide::Defender, &defenders)),
        Some(MeleeSide::Defender) => Some((MeleeSide::Attacker, &attackers)),
        None => None,
    };
    if let Some((side, ids)) = winner {
        let breakthrough = side == MeleeSide::Attacker && f.defender_moved == Some(Morale::R);
        let square = side == MeleeSide::Defender && ib.square;
        for id in ids {
            if let Some(u) = board.unit_mut(*id) {
                if u.is_leader() {
                    continue;
                }
                u.morale_bonus = true;
                if !breakthrough && !square {
                    u.disrupted = true;
                }
            }
        }
    }
    if ib.square && f.closing.is_some_and(|c| !c.moves()) {
        for id in &defenders {
            if let Some(u) = board.unit_mut(*id).filter(|u| u.hex == d) {
                u.hold_next_turn = true;
            }
        }
    }
    f
}
