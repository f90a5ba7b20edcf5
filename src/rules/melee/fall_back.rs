//! Multi-hex retreat and rout (RULES.md §15.0, D-sys-5): a loser of a §15 system goes back
//! several §10 steps, or a number of movement points, or runs.

use super::{Elimination, EliminationReason, MeleeOutcome, Retreat};
use crate::rules::board::Board;
use crate::rules::hex::{Facing, Hex};
use crate::rules::unit::UnitId;

/// Moves a unit `steps` hexes away from `enemy` hexes, one §10 step at a time (D-sys-5): the
/// first step or surrender; later steps while a step is possible. With `rout` it ends Routed,
/// facing away. Returns the hex it ends in, or `None` if it surrendered.
pub fn fall_back(
    board: &mut Board,
    id: UnitId,
    enemy: &[Hex],
    steps: u32,
    rout: bool,
    out: &mut MeleeOutcome,
) -> Option<Hex> {
    fall_back_by(board, id, enemy, Budget::Hexes(steps), rout, out)
}

/// How far a multi-hex retreat or rout goes (D-sys-5).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Budget {
    /// n steps; blocked later = stop.
    Hexes(u32),
    /// Terrain costs up to m MP, at least one step.
    Mp(u32),
    /// Exactly n steps: unable to finish = surrender (La Bataille's rout).
    AllOf(u32),
}

/// `fall_back` with any budget.
pub fn fall_back_by(
    board: &mut Board,
    id: UnitId,
    enemy: &[Hex],
    budget: Budget,
    rout: bool,
    out: &mut MeleeOutcome,
) -> Option<Hex> {
    use crate::rules::retreat::{self, RetreatChoice};
    let from = board.unit(id)?.hex;
    let mut at = from;
    let (steps, mp, must_finish) = match budget {
        Budget::Hexes(n) => (n, u32::MAX, false),
        // Every step costs at least 1 MP (a cost of 0 is prohibited terrain), so m MP never pay
        // for more than m steps: the bound keeps a walk along a board edge from going on for ever.
        Budget::Mp(m) => (m.max(1), m, false),
        Budget::AllOf(n) => (n, u32::MAX, true),
    };
    let mut spent = 0u32;
    for step in 0..steps {
        let edge = board.edge(board.unit(id)?.side);
        let choice = retreat::choose(board, id, at, enemy, edge);
        if let RetreatChoice::To { to, .. } = &choice {
            let class = crate::rules::movement::MoverClass::of(board.unit(id)?);
            let cost =
                crate::rules::movement::entry_cost(&board.map, &board.params, class, at, *to)
                    .unwrap_or(1);
            if step > 0 && spent.saturating_add(cost) > mp {
                break;
            }
            spent = spent.saturating_add(cost);
        }
        match choice {
            RetreatChoice::To { to, overrun } => {
                for o in overrun {
                    if let Some(u) = board.remove(o) {
                        out.eliminated.push(Elimination {
                            unit: o,
                            reason: EliminationReason::Overrun,
                            captured: false,
                            men: u.men,
                            guns: u.guns,
                        });
                    }
                }
                let u = board.unit_mut(id)?;
                if let Some(f) = Facing::between(at, to) {
                    if rout {
                        u.facing = f;
                    }
                }
                u.hex = to;
                u.marks.retreated = true;
                at = to;
            }
            RetreatChoice::Surrender if step == 0 || must_finish => {
                let u = board.remove(id)?;
                out.eliminated.push(Elimination {
                    unit: id,
                    reason: if rout {
                        EliminationReason::NoWayToRun
                    } else {
                        EliminationReason::NoHexToRetreatTo
                    },
                    captured: true,
                    men: u.men,
                    guns: u.guns,
                });
                return None;
            }
            RetreatChoice::Surrender => break,
        }
    }
    if rout {
        if let Some(u) = board.unit_mut(id) {
            u.routed = true;
        }
    }
    if at != from {
        out.retreats.push(Retreat {
            unit: id,
            from,
            to: at,
        });
    }
    Some(at)
}
