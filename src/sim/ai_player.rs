//! Computer players: when it is a computer side's turn, the AI plans the turn and gives its
//! orders one at a time (at a readable pace in the window), like a player would; the rules
//! refuse what they refuse. In the window the planning runs off the frame (a task), so the map
//! keeps answering while the computer thinks; headless, it plans at once.

use std::collections::VecDeque;

use bevy::prelude::*;

use super::messages::GiveOrder;
use super::resources::Table;
use crate::ai;
use bevy::tasks::futures::check_ready;
use bevy::tasks::{AsyncComputeTaskPool, Task, TaskPool};

use crate::rules::board::{Board, Phase};
use crate::rules::order::Order;
use crate::rules::unit::Side;

/// Who plays a side when it is not a person.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Brain {
    /// The basic computer opponent (greedy, turn by turn).
    Computer,
    /// The planning computer opponent, at a level.
    Planner(ai::Level),
    /// A baseline that holds its position: it ends its turns and nothing else.
    Hold,
}

impl Brain {
    /// The name `bayonet duel` and the saves know it by.
    pub fn name(self) -> &'static str {
        match self {
            Brain::Computer => "basic",
            Brain::Planner(l) => l.name(),
            Brain::Hold => "hold",
        }
    }
}

impl std::str::FromStr for Brain {
    type Err = String;

    fn from_str(s: &str) -> Result<Brain, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "basic" | "computer" => Ok(Brain::Computer),
            "hold" => Ok(Brain::Hold),
            "skilled" => Ok(Brain::Planner(ai::Level::Skilled)),
            "expert" => Err(RETIRED.to_string()),
            other => Err(format!(
                "no computer opponent `{other}`: expected skilled (the planning computer), basic (the first computer) or hold (ends its turns, nothing else)"
            )),
        }
    }
}

/// The computer-played sides (by side index).
#[derive(Resource, Debug, Clone, Default)]
pub struct Players(pub [Option<Brain>; 2]);

/// Seconds between the computer's orders; 0 gives one order a frame.
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct AiPace(pub f32);

/// The window is still showing what the last order did (its moves, fire and melees, at the
/// player's pace, or paused): the computer's next order waits for it, as a player's would.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq)]
pub struct ShowHold(pub bool);

/// The opponents offered in the start dialog and by `--computer SIDE:LEVEL`, the one chosen
/// remembered in the settings.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
pub enum Opponent {
    /// The first computer opponent: greedy, turn by turn.
    Basic,
    /// The planning opponent, one plan a turn (a settings file that remembers the retired
    /// expert reads as it).
    #[default]
    #[serde(alias = "Expert")]
    Skilled,
}

/// What asking for the expert computer is told.
pub const RETIRED: &str = "the expert computer was retired: it did not beat the skilled one on \
     three battles (README); expected skilled (the planning computer), basic (the first \
     computer) or hold (ends its turns, nothing else)";

impl Opponent {
    pub const ALL: [Opponent; 2] = [Opponent::Basic, Opponent::Skilled];

    pub fn brain(self) -> Brain {
        match self {
            Opponent::Basic => Brain::Computer,
            Opponent::Skilled => Brain::Planner(ai::Level::Skilled),
        }
    }

    /// The opponent in the start dialog's words.
    pub fn words(self) -> &'static str {
        match self {
            Opponent::Basic => "Basic",
            Opponent::Skilled => "Skilled",
        }
    }
}

impl std::str::FromStr for Opponent {
    type Err = String;

    fn from_str(s: &str) -> Result<Opponent, String> {
        Opponent::ALL
            .into_iter()
            .find(|o| o.words().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| {
                if s.trim().eq_ignore_ascii_case("expert") {
                    RETIRED.to_string()
                } else {
                    format!("no opponent `{s}`: expected basic or skilled")
                }
            })
    }
}

/// `--computer NAME|both|none[:LEVEL]` as who plays each side of `s`: the opponent at LEVEL
/// (basic or skilled), else `otherwise`.
pub fn players_for(
    s: &crate::rules::scenario::Scenario,
    choice: &str,
    otherwise: Opponent,
) -> Result<[Option<Brain>; 2], String> {
    let (who, level) = match choice.split_once(':') {
        Some((who, level)) => (who, level.parse::<Opponent>()?),
        None => (choice, otherwise),
    };
    let computer = Some(level.brain());
    match who.trim().to_lowercase().as_str() {
        "both" => Ok([computer, computer]),
        "none" => Ok([None, None]),
        name => {
            let i = s
                .sides
                .iter()
                .position(|x| x.name.to_lowercase() == name)
                .ok_or_else(|| format!("no side `{who}`; expected a side's name, both or none"))?;
            let mut p = [None, None];
            p[i] = computer;
            Ok(p)
        }
    }
}

/// The computer plans off the frame (in the window): set by the client.
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct OffFrame;

/// The side whose computer is working out its plan now, for the window's "thinking" line.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq)]
pub struct Thinking(pub Option<Side>);

#[derive(Resource, Default)]
struct Queue {
    orders: VecDeque<Order>,
    planned_for: Option<(u32, u8, u8)>,
    wait: f32,
    /// The plan being worked out off the frame, and for which turn, side and phase.
    task: Option<((u32, u8, u8), Task<Vec<Order>>)>,
}

/// The orders `brain` gives for the side ordering now.
pub fn plan(brain: Brain, game: &Board) -> Vec<Order> {
    let side = game.ordering_side();
    match (brain, game.phased()) {
        (Brain::Hold, false) => vec![Order::EndTurn],
        (Brain::Hold, true) if game.phase == Phase::Melee => vec![Order::EndTurn],
        (Brain::Hold, true) => vec![Order::EndPhase],
        (Brain::Computer, false) => ai::plan_turn(game, side),
        (Brain::Computer, true) => ai::plan_phase(game),
        (Brain::Planner(l), false) => ai::plan::plan_turn(game, side, l),
        (Brain::Planner(l), true) => ai::plan::plan_phase(game, l),
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Players>()
        .init_resource::<AiPace>()
        .init_resource::<Queue>()
        .init_resource::<ShowHold>()
        .init_resource::<Thinking>()
        .add_systems(PreUpdate, play);
}

/// Drops the plan under way (after a game is loaded).
pub fn forget_plans(world: &mut World) {
    world.insert_resource(Queue::default());
    world.insert_resource(Thinking(None));
}

/// The plan for `key` once the task working it out has finished (started on the first call);
/// `Thinking` names the side meanwhile.
fn think_off_frame(world: &mut World, brain: Brain, key: (u32, u8, u8)) -> Option<Vec<Order>> {
    let queue = world.resource::<Queue>();
    if queue.task.as_ref().is_none_or(|(k, _)| *k != key) {
        let game = world.resource::<Table>().board.clone();
        let task = AsyncComputeTaskPool::get_or_init(TaskPool::default)
            .spawn(async move { plan(brain, &game) });
        world.resource_mut::<Queue>().task = Some((key, task));
        world.resource_mut::<Thinking>().0 = Some(Side(key.1));
        return None;
    }
    let mut queue = world.resource_mut::<Queue>();
    let (_, task) = queue.task.as_mut()?;
    let done = check_ready(task)?;
    queue.task = None;
    world.resource_mut::<Thinking>().0 = None;
    Some(done)
}

fn play(world: &mut World) {
    let game = &world.resource::<Table>().board;
    if game.over || world.resource::<ShowHold>().0 || world.contains_resource::<super::Replaying>()
    {
        return;
    }
    // Under Phased Play the other side gives the orders of the defensive fire phase.
    let side = game.ordering_side();
    let Some(brain) = world.resource::<Players>().0[side.0 as usize & 1] else {
        return;
    };
    let key = (game.turn, side.0, game.phase as u8);
    if world.resource::<Queue>().planned_for != Some(key) {
        let orders = if world.contains_resource::<OffFrame>() {
            match think_off_frame(world, brain, key) {
                Some(orders) => orders,
                None => return,
            }
        } else {
            plan(brain, &world.resource::<Table>().board)
        };
        let mut queue = world.resource_mut::<Queue>();
        queue.orders = orders.into();
        queue.planned_for = Some(key);
        queue.wait = 0.0;
    }
    let pace = world.resource::<AiPace>().0;
    let dt = world.get_resource::<Time>().map_or(0.0, |t| t.delta_secs());
    let next = {
        let mut queue = world.resource_mut::<Queue>();
        queue.wait -= dt;
        if queue.wait > 0.0 {
            return;
        }
        queue.wait = pace;
        queue.orders.pop_front()
    };
    // The plan was made at the start of the turn; a melee's result may since have moved or
    // taken the unit an order was for, or its target (a rout of several hexes). Such an order
    // is dropped here rather than given and refused: the rest of the plan goes on.
    let next = next.and_then(|o| {
        let game = &world.resource::<Table>().board;
        match crate::rules::order::check(game, &o) {
            Ok(()) => Some(o),
            Err(_) if matches!(o, Order::EndTurn | Order::EndPhase) => Some(o),
            Err(_) => None,
        }
    });
    if let Some(o) = next {
        world.write_message(GiveOrder(o));
    }
}
