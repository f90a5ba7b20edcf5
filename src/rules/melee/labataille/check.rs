//! La Bataille's own restrictions (§15.3, L1 and L2).

use super::assault_breakdown;
use crate::rules::board::Board;
use crate::rules::combat::MeleeSide;
use crate::rules::melee::{Declaration, Refusal, check};

/// §15.3's own restrictions: L1 and L2.
pub fn assault_check(board: &Board, decl: &Declaration) -> Vec<Refusal> {
    let mut out = check(board, decl);
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
