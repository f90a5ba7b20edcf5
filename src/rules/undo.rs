//! Undo: moves, facing and formation changes can be taken back, one by one, until something is
//! revealed (a die is rolled, an enemy comes into view) or another kind of order is given. The
//! history holds the state before each step; what a state is (`S`) is the keeper's business.

use super::board::Board;
use super::order::Order;
use super::refusal::{Reason, Refusal};
use super::snapshot::Snapshot;
use super::unit::UnitId;

/// Whether an order can be taken back: it reveals nothing by itself and rolls no die (a move's
/// opportunity fire and what it brings into view end the undo all the same).
pub fn undoable(order: &Order) -> bool {
    matches!(
        order,
        Order::Move { .. } | Order::Face { .. } | Order::Formation { .. }
    )
}

/// One step that can be taken back: the state before it, and how long the order log was.
#[derive(Debug, Clone)]
pub struct Step<S> {
    pub before: S,
    pub log_len: usize,
    /// The orders of the step, in words ("move 3 to 4,5").
    pub what: String,
}

/// The steps that can be taken back, newest last, and why no older one can.
#[derive(Debug, Clone)]
pub struct History<S> {
    steps: Vec<Step<S>>,
    /// Why the history stops where it does (shown when there is nothing to undo).
    barrier: String,
}

impl<S> Default for History<S> {
    fn default() -> Self {
        History {
            steps: Vec::new(),
            barrier: "nothing has been done yet".into(),
        }
    }
}

impl<S> History<S> {
    pub fn push(&mut self, step: Step<S>) {
        self.steps.push(step);
    }

    /// Something was revealed or done that cannot be taken back: nothing before it can be.
    pub fn close(&mut self, why: impl Into<String>) {
        self.steps.clear();
        self.barrier = why.into();
    }

    /// How many steps an undo could take back, one after another.
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// The step an undo would take back.
    pub fn last(&self) -> Option<&Step<S>> {
        self.steps.last()
    }

    /// Whether an undo may be given now, or why not.
    pub fn check(&self) -> Result<(), Vec<Refusal>> {
        if self.steps.is_empty() {
            Err(vec![Refusal::new(
                Reason::NothingToUndo,
                None,
                format!("nothing to undo: {}", self.barrier),
            )])
        } else {
            Ok(())
        }
    }

    /// Takes the last step off; the caller restores its state. Once the first step is gone the
    /// history starts again from there.
    pub fn pop(&mut self) -> Result<Step<S>, Vec<Refusal>> {
        self.check()?;
        let s = self.steps.pop().expect("checked above");
        if self.steps.is_empty() {
            self.barrier = "everything since has been undone".into();
        }
        Ok(s)
    }

    /// Why undo is not available now; `None` when it is.
    pub fn why_not(&self) -> Option<String> {
        self.check().err().map(|r| r[0].message.clone())
    }
}

/// The undo of one game, kept by the interpreter (`rules::game`): the history, and the step
/// being made. A step is one order, or, while `grouping` (the window: one frame's orders, a
/// brigade's moves), every undoable order until `seal`.
#[derive(Debug, Clone, Default)]
pub struct Undo {
    pub history: History<Snapshot>,
    pub grouping: bool,
    /// Nothing is kept: a game nobody will take back (the computer's look-ahead).
    pub off: bool,
    open: Option<Open>,
}

#[derive(Debug, Clone)]
struct Open {
    before: Snapshot,
    log_len: usize,
    orders: Vec<Order>,
}

impl Undo {
    /// Undo for a window's game: a frame's orders make one step.
    pub fn grouped() -> Undo {
        Undo {
            grouping: true,
            ..Undo::default()
        }
    }

    /// An empty history kept the way this one is (grouped, or not at all): a load starts
    /// again.
    pub fn fresh(&self) -> Undo {
        Undo {
            grouping: self.grouping,
            off: self.off,
            ..Undo::default()
        }
    }

    /// `order` is about to be carried out on `board`, with the dice at `dice` and the log
    /// `log_len` long: before a step's first undoable order its state is kept.
    pub fn before(&mut self, board: &Board, dice: u128, order: &Order, log_len: usize) {
        if !self.off && self.open.is_none() && undoable(order) {
            self.open = Some(Open {
                before: Snapshot::of(board, dice),
                log_len,
                orders: Vec::new(),
            });
        }
    }

    /// `order` was carried out. Another kind of order closes the history; an undoable one joins
    /// the step, sealed at once unless grouping.
    pub fn after(
        &mut self,
        board: &Board,
        dice: u128,
        order: &Order,
        name: &dyn Fn(UnitId) -> String,
    ) {
        if self.off {
            return;
        }
        if !undoable(order) {
            self.open = None;
            self.history.close(format!(
                "{} cannot be taken back",
                order.describe_with(name)
            ));
            return;
        }
        if let Some(open) = self.open.as_mut() {
            open.orders.push(order.clone());
        }
        if !self.grouping {
            self.seal(board, dice, name);
        }
    }

    /// The step's orders are all given: it is kept for an undo unless the dice rolled or, under
    /// fog, an enemy came into view (D-fow-5: one the side spots now and did not before).
    pub fn seal(&mut self, board: &Board, dice: u128, name: &dyn Fn(UnitId) -> String) {
        let Some(Open {
            before,
            log_len,
            orders,
        }) = self.open.take()
        else {
            return;
        };
        if orders.is_empty() {
            return;
        }
        let what = orders
            .iter()
            .map(|o| o.describe_with(name))
            .collect::<Vec<_>>()
            .join(", ");
        if before.dice() != Some(dice) {
            self.history.close(format!("the dice were rolled ({what})"));
            return;
        }
        // Only under fog can a move show the player an enemy he did not see: without it every
        // unit is on his map all along (issue 59: lesson 2's Undo was refused for a regiment in
        // plain view, "came into view" of the mover's line of sight).
        let mut seen = Vec::new();
        for o in &orders {
            if let Order::Move { unit, .. } = o
                && let Some(was) = before.units.iter().find(|u| u.id == *unit)
                && super::fog::on(board)
            {
                for id in board.fog.newly_spotted(&before.fog, was.side) {
                    if !seen.contains(&id) {
                        seen.push(id);
                    }
                }
            }
        }
        let names: Vec<String> = seen
            .iter()
            .filter_map(|id| board.unit(*id))
            .map(|u| u.name.clone())
            .collect();
        if names.is_empty() {
            self.history.push(Step {
                before,
                log_len,
                what,
            });
        } else {
            self.history
                .close(format!("{} came into view ({what})", names.join(", ")));
        }
    }

    /// An undo that keeps nothing.
    pub fn off() -> Undo {
        Undo {
            off: true,
            ..Undo::default()
        }
    }

    /// Whether Undo can be given now, or why not.
    pub fn why_not(&self) -> Option<String> {
        self.history.why_not()
    }
}
