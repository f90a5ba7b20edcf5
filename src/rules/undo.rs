//! Undo: moves, facing and formation changes can be taken back, one by one, until something is
//! revealed (a die is rolled, an enemy comes into view) or another kind of order is given. The
//! history holds the state before each step; what a state is (`S`) is the keeper's business.

use super::order::Order;
use super::refusal::{Reason, Refusal};

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
