//! What the computer intended, told after the battle (issue 75): the battle plan
//! (`ai::battle_plan`) each side's computer makes from its view at the start of each of its
//! turns, each brigade's mission kept as one span while it stays the same, and whether it was
//! achieved when the span ended — an attack's objective taken, a hold's kept.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::ai::battle_plan;
use crate::rules::board::Board;
use crate::rules::intent::Mission;
use crate::rules::map::Coord;
use crate::rules::unit::Side;

/// One brigade's mission over the turns it lasted.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MissionRecord {
    pub side: Side,
    pub brigade: String,
    pub mission: Mission,
    /// The objective (or hex) it was about, and the objective's name.
    pub at: Option<Coord>,
    pub objective: Option<String>,
    pub from_turn: u32,
    pub to_turn: u32,
    /// By which turn the attack was due.
    pub by: u32,
    /// Given by the scenario's intent.
    pub ordered: bool,
    /// Its objective its side's when the span ended: taken (an attack) or kept (a hold, a
    /// reserve); none where it was about no objective (a screen, a spent brigade rallying).
    pub achieved: Option<bool>,
}

/// The spans being kept, by side and brigade.
#[derive(Default)]
pub(super) struct Missions {
    open: BTreeMap<(u8, String), MissionRecord>,
    pub(super) done: Vec<MissionRecord>,
}

impl Missions {
    /// The plan `side` makes at the start of its turn on `b`: each brigade's span carried on
    /// when its mission is the same, else ended (judged on `b`) and a new one begun.
    pub(super) fn turn_began(&mut self, b: &Board, side: Side) {
        let view = crate::rules::planning::turn_view(b, side).board;
        let plan = battle_plan::of(&view, side);
        for (brigade, task) in &plan.tasks {
            let mission = if task.spent {
                // Rallying: shown as a reserve about nothing.
                (Mission::Reserve, None)
            } else {
                (task.mission, task.at)
            };
            let at = mission.1.map(|h| b.map.coord(h));
            let key = (side.0, brigade.clone());
            if let Some(r) = self.open.get_mut(&key)
                && r.mission == mission.0
                && r.at == at
            {
                r.to_turn = b.turn;
                continue;
            }
            if let Some(r) = self.open.remove(&key) {
                self.done.push(judged(r, b));
            }
            let objective = mission.1.and_then(|h| {
                b.map
                    .objectives
                    .iter()
                    .find(|o| o.hex == h)
                    .map(|o| o.name.clone())
            });
            self.open.insert(
                key,
                MissionRecord {
                    side,
                    brigade: brigade.clone(),
                    mission: mission.0,
                    at,
                    objective,
                    from_turn: b.turn,
                    to_turn: b.turn,
                    by: task.by,
                    ordered: task.ordered,
                    achieved: None,
                },
            );
        }
    }

    /// Every span, those still open judged on the last board; in the order they began.
    pub(super) fn finish(mut self, b: &Board) -> Vec<MissionRecord> {
        let open = std::mem::take(&mut self.open);
        self.done.extend(open.into_values().map(|r| judged(r, b)));
        self.done
            .sort_by_key(|r| (r.from_turn, r.side.0, r.brigade.clone()));
        self.done
    }
}

/// `r` judged on `b`: whether its objective is its side's.
fn judged(mut r: MissionRecord, b: &Board) -> MissionRecord {
    r.achieved = match (r.mission, &r.objective) {
        (Mission::Screen, _) | (_, None) => None,
        (_, Some(name)) => b
            .map
            .objectives
            .iter()
            .find(|o| &o.name == name)
            .map(|o| o.owner == Some(r.side)),
    };
    r
}
