//! Computer players: when it is a computer side's turn, the AI plans the turn and gives its
//! orders one at a time (at a readable pace in the window), like a player would; the rules
//! refuse what they refuse.

use std::collections::VecDeque;

use bevy::prelude::*;

use super::messages::GiveOrder;
use super::resources::Game;
use crate::ai;
use crate::rules::order::Order;

/// Who plays a side when it is not a person.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Brain {
    /// The computer opponent.
    Computer,
    /// A baseline that holds its position: it ends its turns and nothing else.
    Hold,
}

/// The computer-played sides (by side index).
#[derive(Resource, Debug, Clone, Default)]
pub struct Players(pub [Option<Brain>; 2]);

/// Seconds between the computer's orders; 0 gives one order a frame.
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct AiPace(pub f32);

#[derive(Resource, Debug, Default)]
struct Queue {
    orders: VecDeque<Order>,
    planned_for: Option<(u32, u8)>,
    wait: f32,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Players>()
        .init_resource::<AiPace>()
        .init_resource::<Queue>()
        .add_systems(PreUpdate, play);
}

/// Drops the plan under way (after a game is loaded).
pub fn forget_plans(world: &mut World) {
    world.insert_resource(Queue::default());
}

fn play(world: &mut World) {
    let turn = world.resource::<Game>().turn_state();
    if turn.over {
        return;
    }
    let Some(brain) = world.resource::<Players>().0[turn.side.0 as usize & 1] else {
        return;
    };
    let key = (turn.turn, turn.side.0);
    if world.resource::<Queue>().planned_for != Some(key) {
        let orders = match brain {
            Brain::Hold => vec![Order::EndTurn],
            Brain::Computer => ai::plan_turn(&world.resource::<Game>().0, turn.side),
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
    if let Some(o) = next {
        world.write_message(GiveOrder(o));
    }
}
