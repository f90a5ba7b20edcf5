//! Orders about captured guns (§9.5): spike and recrew.

use bevy::prelude::*;

use super::SimSet;
use super::components::{UnitState, write_back};
use super::messages::{OrderDone, OrderRejected, RecrewGuns, SpikeGuns};
use super::resources::{Battle, TurnState, board_of};
use super::save::{LoggedOrder, OrderLog};
use crate::rules::capture;
use crate::rules::melee::Violation;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, guns.in_set(SimSet::Orders));
}

#[allow(clippy::too_many_arguments)]
fn guns(
    mut spikes: MessageReader<SpikeGuns>,
    mut recrews: MessageReader<RecrewGuns>,
    battle: Res<Battle>,
    turn: Res<TurnState>,
    mut units: Query<(Entity, &mut UnitState)>,
    mut commands: Commands,
    mut log: ResMut<OrderLog>,
    mut done: MessageWriter<OrderDone>,
    mut rejected: MessageWriter<OrderRejected>,
) {
    let orders: Vec<(String, bool, _, _)> = spikes
        .read()
        .map(|o| (format!("{o:?}"), true, o.battery, o.by))
        .chain(
            recrews
                .read()
                .map(|o| (format!("{o:?}"), false, o.battery, o.by)),
        )
        .collect();
    for (name, spike, battery, by) in orders {
        let mut board = board_of(&battle, &turn, units.iter().map(|(_, u)| u));
        let own = board.unit(by).is_some_and(|u| u.side == turn.side);
        let result = if !own {
            Err("the unit giving the order is not of the side whose turn it is".to_string())
        } else if spike {
            capture::spike(&mut board, battery, by)
        } else {
            capture::recrew(&mut board, battery, by)
        };
        match result {
            Ok(()) => {
                log.0.push(if spike {
                    LoggedOrder::Spike { battery, by }
                } else {
                    LoggedOrder::Recrew { battery, by }
                });
                write_back(&board, &mut units, &mut commands);
                done.write(OrderDone { order: name });
            }
            Err(message) => {
                rejected.write(OrderRejected {
                    order: name,
                    reasons: vec![Violation {
                        rule: 0,
                        unit: Some(battery),
                        message,
                    }],
                });
            }
        }
    }
}
