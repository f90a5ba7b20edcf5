//! The whole-resolution odds the panels show, worked out off the frame: a drag over a hex, or a
//! pending melee, asks for them; the first ask starts the work on the task pool and the panel
//! shows "…" until it is done, so a frame never waits on the odds (issue 32).

use bevy::prelude::*;
use bevy::tasks::futures::check_ready;
use bevy::tasks::{AsyncComputeTaskPool, Task};

use crate::rules::board::Board;
use crate::rules::melee::{self, Declaration, WholeOdds};

/// The odds worked out for the game as it stands, and those under way.
#[derive(Resource, Default)]
pub struct OddsWork {
    done: Vec<(Declaration, WholeOdds)>,
    running: Vec<(Declaration, Task<WholeOdds>)>,
    /// Bumped when odds come in, so that the panels that asked show them.
    pub arrived: u64,
}

impl OddsWork {
    /// The odds of `decl` on `board` (the game as it stands) if they are known; otherwise the
    /// work is started, once, and the answer is "not yet".
    pub fn get(&mut self, board: &Board, decl: &Declaration) -> Option<WholeOdds> {
        if let Some((_, w)) = self.done.iter().find(|(d, _)| d == decl) {
            return Some(*w);
        }
        if !self.running.iter().any(|(d, _)| d == decl) {
            let (board, d) = (board.clone(), decl.clone());
            let task =
                AsyncComputeTaskPool::get().spawn(async move { melee::whole_odds(&board, &d) });
            self.running.push((decl.clone(), task));
        }
        None
    }

    /// Whether any odds are still being worked out.
    pub fn busy(&self) -> bool {
        !self.running.is_empty()
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<OddsWork>()
        .add_systems(Update, collect_odds.in_set(crate::client::Frame::Pointer));
}

/// Takes in the odds that are ready; a change to the game drops the rest (dropping a task
/// cancels it) and forgets what was known.
pub(crate) fn collect_odds(mut work: ResMut<OddsWork>, game: Res<crate::client::seen::Seen>) {
    if game.is_changed() {
        if !work.done.is_empty() || !work.running.is_empty() {
            work.done.clear();
            work.running.clear();
        }
        return;
    }
    if work.running.is_empty() {
        return;
    }
    let mut came = false;
    let running = std::mem::take(&mut work.running);
    for (d, mut task) in running {
        match check_ready(&mut task) {
            Some(w) => {
                work.done.push((d, w));
                came = true;
            }
            None => work.running.push((d, task)),
        }
    }
    if came {
        work.arrived += 1;
    }
}
