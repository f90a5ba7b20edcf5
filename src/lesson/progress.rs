//! Where a player stands in a lesson: each step completes only on what the game itself says
//! happened (orders accepted, outcomes, the selection, a button or its key), never on where
//! the screen was touched; a wrong action is answered with the step's hint.

use crate::rules::board::Board;
use crate::rules::event::Event;
use crate::rules::order::{At as OrderAt, Order};
use crate::rules::unit::{Side, UnitId};

use super::script::{Button, Goal, OrderKind, Script, Seen};

/// Something the player did or saw, as the window reports it to the lesson.
#[derive(Debug, Clone, PartialEq)]
pub enum Sign {
    /// An order the game accepted.
    Done(Order),
    /// An order the game refused, with its reasons in words.
    Refused(Order, String),
    /// Something that happened, in order.
    Happened(Box<Event>),
    Selected(UnitId),
    /// A button pressed, or its key.
    Pressed(Button),
    Zoomed,
    /// The lesson panel's Next.
    Next,
    /// The Sight tool looked from one hex to another.
    Looked,
    /// Undo can take nothing back now, and why (the dice were rolled, an enemy was seen): a
    /// step that asks for an undo is passed, never left asking for the impossible.
    UndoClosed(String),
}

/// The player's place in a lesson.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Progress {
    /// The step now shown (`steps.len()` once the lesson is done).
    pub step: usize,
    /// The hint for the last wrong action at this step.
    pub hint: Option<String>,
}

impl Progress {
    pub fn finished(&self, script: &Script) -> bool {
        self.step >= script.steps.len()
    }

    /// Takes in what happened in one frame (in order; the player's side is `side`, the board as
    /// the side sees it after the frame), completing steps and giving hints.
    pub fn feed(&mut self, script: &Script, side: Side, board: &Board, signs: &[Sign]) {
        // A brigade move is its Move orders given together: they are counted by the frame.
        // A Resolve is a melee resolved, not the key: with nothing pending it resolves nothing.
        let resolved = signs
            .iter()
            .any(|s| matches!(s, Sign::Happened(e) if matches!(**e, Event::MeleeResolved(_))));
        let moved: Vec<UnitId> = signs
            .iter()
            .filter_map(|s| match s {
                Sign::Done(Order::Move { unit, .. }) => Some(*unit),
                _ => None,
            })
            .collect();
        for sign in signs {
            let Some(step) = script.steps.get(self.step) else {
                return;
            };
            match judge(&step.done, side, board, sign, &moved, resolved) {
                Verdict::Done => {
                    self.step += 1;
                    self.hint = None;
                }
                Verdict::Passed(why) => {
                    self.step += 1;
                    self.hint = Some(format!(
                        "That could not be taken back ({why}): Undo never takes back what the \
                         dice or your men's eyes have shown. Go on from here."
                    ));
                }
                Verdict::Wrong(why) => {
                    let hint = step
                        .hint
                        .clone()
                        .unwrap_or_else(|| "Not yet: read the lesson's words again.".into());
                    let hint = match why {
                        Some(w) => format!("{hint} (The game said: {w})"),
                        None => hint,
                    };
                    // A mistake that leaves the step impossible as things stand (the unit may
                    // not move again, or cannot reach the hex this turn): say so, and the way
                    // back: Undo where the game allows it, else Restart.
                    self.hint = Some(match impossible(&step.done, board) {
                        Some(stuck) => format!(
                            "{hint} As things stand it cannot be done: {stuck}. Undo (Ctrl+Z), \
                             or if the game refuses, Restart lesson."
                        ),
                        None => hint,
                    });
                }
                Verdict::Neither => {}
            }
        }
    }
}

enum Verdict {
    Done,
    /// The step asks for what the game has made impossible: passed, with why.
    Passed(String),
    /// A wrong action, with the game's refusal when it refused.
    Wrong(Option<String>),
    Neither,
}

fn judge(
    goal: &Goal,
    side: Side,
    board: &Board,
    sign: &Sign,
    moved: &[UnitId],
    resolved: bool,
) -> Verdict {
    let wrong_order = |sign: &Sign| match sign {
        Sign::Refused(_, why) => Verdict::Wrong(Some(why.clone())),
        // Undo puts things back: never wrong.
        Sign::Done(Order::Undo) => Verdict::Neither,
        Sign::Done(_) => Verdict::Wrong(None),
        _ => Verdict::Neither,
    };
    match (goal, sign) {
        (Goal::Next, Sign::Next) => Verdict::Done,
        (Goal::Next, _) => Verdict::Neither,
        (Goal::Select(id), Sign::Selected(u)) if u.0 == *id => Verdict::Done,
        (Goal::Select(_), Sign::Selected(_)) => Verdict::Wrong(None),
        (Goal::Select(_), s) => wrong_order(s),
        (
            Goal::Order {
                kind: OrderKind::Undo,
                ..
            },
            Sign::UndoClosed(why),
        ) => Verdict::Passed(why.clone()),
        // A Resolve that resolved nothing (the melee cancelled, or none declared) is not the
        // step; declaring the melee again is the way there.
        (
            Goal::Order {
                kind: OrderKind::Resolve,
                ..
            },
            Sign::Done(Order::Resolve),
        ) if !resolved => Verdict::Wrong(Some("there was no melee to resolve".into())),
        (
            Goal::Order {
                kind: OrderKind::Resolve,
                ..
            },
            Sign::Done(Order::Melee { .. } | Order::CancelMelee { .. }),
        ) => Verdict::Neither,
        (
            Goal::Order {
                kind,
                unit,
                to,
                toward,
            },
            Sign::Done(o),
        ) if fits(board, o, *kind, *unit, *to) && faces(board, o, *toward) => Verdict::Done,
        // Facing away, or undoing another unit's order: the step's hint (issue 59: "Well faced"
        // came for any facing, and any undo passed).
        (
            Goal::Order {
                kind: OrderKind::Undo,
                ..
            },
            Sign::Done(Order::Undo),
        ) => Verdict::Wrong(None),
        (Goal::Order { .. }, s) => wrong_order(s),
        (Goal::Saw(seen), Sign::Happened(e)) if saw(*seen, side, e) => Verdict::Done,
        (Goal::Saw(_), _) => Verdict::Neither,
        (Goal::Pressed(b), Sign::Pressed(p)) if b == p => Verdict::Done,
        (Goal::Pressed(_), Sign::Pressed(_)) => Verdict::Wrong(None),
        (Goal::Pressed(_), s) => wrong_order(s),
        (Goal::Looked, Sign::Looked) => Verdict::Done,
        // Opening the tool is the way there, not the step.
        (Goal::Looked, Sign::Pressed(Button::Sight)) => Verdict::Neither,
        (Goal::Looked, Sign::Pressed(_)) => Verdict::Wrong(None),
        (Goal::Looked, s) => wrong_order(s),
        (Goal::Zoom, Sign::Zoomed) => Verdict::Done,
        (Goal::Zoom, _) => Verdict::Neither,
        (Goal::MoveBrigade(b), Sign::Done(Order::Move { .. }))
            if moved
                .iter()
                .filter(|u| board.unit(**u).is_some_and(|u| &u.brigade == b))
                .count()
                >= 2 =>
        {
            Verdict::Done
        }
        (Goal::MoveBrigade(_), s) => wrong_order(s),
        (Goal::Play, Sign::Done(Order::EndTurn)) => Verdict::Done,
        (Goal::Play, _) => Verdict::Neither,
    }
}

/// Why the step's order can no longer be given (its unit gone, unable to move or act, or the
/// hex out of its reach for the rest of the turn), if it cannot.
fn impossible(goal: &Goal, board: &Board) -> Option<String> {
    let Goal::Order {
        kind,
        unit: Some(id),
        to,
        ..
    } = goal
    else {
        return None;
    };
    let id = UnitId(*id);
    let Some(u) = board.unit(id) else {
        return Some("the unit it needs is gone".into());
    };
    use crate::rules::movement;
    match kind {
        OrderKind::Move => {
            if let Some(why) = movement::cannot_move(u) {
                return Some(why);
            }
            let (col, row) = (*to)?;
            let hex = board.map.hex_at(crate::rules::map::Coord { col, row });
            (hex != u.hex && !movement::movement_range(board, id).contains_key(&hex))
                .then(|| format!("{} cannot reach {col},{row} this turn", u.name))
        }
        OrderKind::Formation | OrderKind::Face => movement::cannot_act(u),
        _ => None,
    }
}

/// Whether an accepted order is the one asked for.
fn fits(
    board: &Board,
    o: &Order,
    kind: OrderKind,
    unit: Option<u32>,
    to: Option<(i32, i32)>,
) -> bool {
    let kind_fits = matches!(
        (kind, o),
        (OrderKind::Move, Order::Move { .. })
            | (OrderKind::Face, Order::Face { .. })
            | (OrderKind::Formation, Order::Formation { .. })
            | (OrderKind::Fire, Order::Fire { .. })
            | (OrderKind::Melee, Order::Melee { .. })
            | (OrderKind::Resolve, Order::Resolve)
            | (OrderKind::Undo, Order::Undo)
            | (OrderKind::EndTurn, Order::EndTurn)
    );
    // A melee names its attackers, or the hexes they were dragged from; an Undo took the named
    // unit's move back (it has not moved now).
    let unit_fits = unit.is_none_or(|id| match o {
        Order::Undo => board.unit(UnitId(id)).is_some_and(|u| !u.marks.moved),
        Order::Melee { units, from, .. } => {
            units.contains(&UnitId(id))
                || board
                    .unit(UnitId(id))
                    .is_some_and(|u| from.contains(&OrderAt::of(board, u.hex)))
        }
        _ => o.unit() == Some(UnitId(id)),
    });
    let to_fits = to.is_none_or(|(col, row)| match o {
        Order::Move { to, .. } => *to == OrderAt(col, row),
        Order::Fire { at, .. } | Order::Melee { at, .. } => *at == OrderAt(col, row),
        _ => false,
    });
    kind_fits && unit_fits && to_fits
}

/// Whether a facing order put `toward` in the unit's front (any order, when none is named).
fn faces(board: &Board, o: &Order, toward: Option<(i32, i32)>) -> bool {
    let Some((col, row)) = toward else {
        return true;
    };
    match o {
        Order::Face { unit, facing } => board.unit(*unit).is_some_and(|u| {
            let at = board.map.hex_at(crate::rules::map::Coord { col, row });
            crate::rules::fire::in_front(u.hex, *facing, at)
        }),
        _ => true,
    }
}

/// Whether `e` shows what `seen` asks for.
fn saw(seen: Seen, side: Side, e: &Event) -> bool {
    match (seen, e) {
        (Seen::Rout, Event::MeleeResolved(m)) => routed(&m.0.morale),
        (Seen::Rout, Event::Fired(f)) => routed(&f.0.morale),
        (Seen::Rout, Event::PhaseMoraleChecked(p)) => routed(&p.checks),
        (Seen::Rally, Event::TurnBegan(t)) => t.side == side && !t.start.rallied.is_empty(),
        (Seen::OpportunityFire, Event::Moved(m)) => !m.opportunity_fire.is_empty(),
        (Seen::YourTurn, Event::TurnBegan(t)) => t.side == side,
        (Seen::Resupply, Event::TurnBegan(t)) => t.side == side && !t.start.resupplied.is_empty(),
        (Seen::BattleOver, Event::GameEnded(_)) => true,
        _ => false,
    }
}

/// Whether any of these checks routed its unit.
fn routed(checks: &[crate::rules::morale::MoraleCheck]) -> bool {
    checks
        .iter()
        .any(|c| c.result == crate::rules::morale::MoraleResult::Routed)
}
