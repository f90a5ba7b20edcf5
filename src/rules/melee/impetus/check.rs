//! Impetus's own restriction (§15.2, I1).

use crate::rules::board::Board;
use crate::rules::hex::Facing;
use crate::rules::melee::{Class, Declaration, Refusal, check, class};
use crate::rules::unit::{Unit, UnitKind};

/// §15.2's own restriction I1 (replacing 9.1.3): foot may not attack formed mounted cavalry
/// through its front.
pub fn impetus_check(board: &Board, decl: &Declaration) -> Vec<Refusal> {
    let mut out: Vec<Refusal> = check(board, decl)
        .into_iter()
        .filter(|r| r.rule != 3)
        .collect();
    let d = decl.defending_hex;
    let Some(side) = decl.side(board) else {
        return out;
    };
    let cavalry: Vec<&Unit> = board
        .units_at(d)
        .filter(|u| u.side != side && u.is_mounted_cavalry() && !u.disrupted && !u.routed)
        .collect();
    for id in &decl.attackers {
        let Some(u) = board.unit(*id) else { continue };
        if u.kind != UnitKind::Infantry && !u.is_dismounted_cavalry() {
            continue;
        }
        let Some(through) = Facing::between(d, u.hex) else {
            continue;
        };
        if let Some(c) = cavalry
            .iter()
            .find(|c| class(c.facing, through) == Class::Front)
        {
            out.push(Refusal::system(
                "I1",
                Some(u.id),
                format!(
                    "{} {} may not attack formed mounted cavalry {} through its front; only through its flank or rear",
                    u.kind.name(),
                    u.name,
                    c.name
                ),
            ));
        }
    }
    out
}
