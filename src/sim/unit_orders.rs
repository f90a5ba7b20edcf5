//! Orders to single units: move (drawing opportunity fire), face, change formation, fire.

use bevy::prelude::*;

use super::SimSet;
use super::components::{UnitState, write_back};
use super::messages::{
    FaceOrder, FireOrder, Fired, FormationOrder, MoveOrder, OrderDone, OrderRejected, UnitMoved,
};
use super::resources::{Battle, GameRng, TurnState, board_of};
use super::save::{LoggedOrder, OrderLog};
use crate::rules::board::Board;
use crate::rules::melee::Violation;
use crate::rules::movement::{movement_range, path_to};
use crate::rules::unit::UnitId;
use crate::rules::{facing, fire, formation, opportunity};

#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct UnitOrderSystems;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        act.in_set(SimSet::Orders)
            .in_set(UnitOrderSystems)
            .before(super::melee_resolve::ResolveSystems),
    );
}

enum Order {
    Move(MoveOrder),
    Face(FaceOrder),
    Formation(FormationOrder),
    Fire(FireOrder),
}

fn refuse(order: String, unit: UnitId, message: String) -> OrderRejected {
    OrderRejected {
        order,
        reasons: vec![Violation {
            rule: 0,
            unit: Some(unit),
            message,
        }],
    }
}

#[allow(clippy::too_many_arguments)]
fn act(
    mut moves: MessageReader<MoveOrder>,
    mut faces: MessageReader<FaceOrder>,
    mut forms: MessageReader<FormationOrder>,
    mut fires: MessageReader<FireOrder>,
    mut battle: ResMut<Battle>,
    turn: Res<TurnState>,
    mut rng: ResMut<GameRng>,
    mut log: ResMut<OrderLog>,
    mut units: Query<(Entity, &mut UnitState)>,
    mut commands: Commands,
    mut out: (
        MessageWriter<UnitMoved>,
        MessageWriter<Fired>,
        MessageWriter<OrderDone>,
        MessageWriter<OrderRejected>,
    ),
) {
    let mut orders: Vec<Order> = moves.read().cloned().map(Order::Move).collect();
    orders.extend(faces.read().copied().map(Order::Face));
    orders.extend(forms.read().copied().map(Order::Formation));
    orders.extend(fires.read().copied().map(Order::Fire));
    if orders.is_empty() {
        return;
    }
    let mut board = board_of(&battle, &turn, units.iter().map(|(_, u)| u));
    for order in orders {
        let (name, unit) = match &order {
            Order::Move(o) => (format!("{o:?}"), o.unit),
            Order::Face(o) => (format!("{o:?}"), o.unit),
            Order::Formation(o) => (format!("{o:?}"), o.unit),
            Order::Fire(o) => (format!("{o:?}"), o.unit),
        };
        if turn.over {
            out.3.write(refuse(name, unit, "the game is over".into()));
            continue;
        }
        if board.unit(unit).is_none_or(|u| u.side != turn.side) {
            out.3.write(refuse(
                name,
                unit,
                format!("unit {unit} is not a unit of the side whose turn it is"),
            ));
            continue;
        }
        let logged = match &order {
            Order::Move(o) => LoggedOrder::Move {
                unit: o.unit,
                to: o.to,
                path: o.path.clone(),
            },
            Order::Face(o) => LoggedOrder::Face {
                unit: o.unit,
                facing: o.facing,
            },
            Order::Formation(o) => LoggedOrder::Formation {
                unit: o.unit,
                formation: o.formation,
            },
            Order::Fire(o) => LoggedOrder::Fire {
                unit: o.unit,
                target: o.target,
            },
        };
        let result = apply(&mut board, order, &mut rng, &mut out.0, &mut out.1);
        if result.is_ok() {
            log.0.push(logged);
        }
        match result {
            Ok(()) => {
                out.2.write(OrderDone { order: name });
            }
            Err(m) => {
                out.3.write(refuse(name, unit, m));
            }
        }
    }
    write_back(&board, &mut units, &mut commands);
    if battle.scenario.map.objectives != board.map.objectives
        || battle.scenario.map.bridges != board.map.bridges
    {
        battle.scenario.map.objectives = board.map.objectives;
        battle.scenario.map.bridges = board.map.bridges;
    }
}

fn apply(
    board: &mut Board,
    order: Order,
    rng: &mut GameRng,
    moved: &mut MessageWriter<UnitMoved>,
    fired: &mut MessageWriter<Fired>,
) -> Result<(), String> {
    match order {
        Order::Move(o) => {
            let path = match o.path {
                Some(p) => p,
                None => {
                    let range = movement_range(board, o.unit);
                    path_to(&range, o.to)
                        .filter(|p| !p.is_empty())
                        .ok_or_else(|| {
                            let c = board.map.coord(o.to);
                            match crate::rules::movement::cannot_move(
                                board.unit(o.unit).expect("checked"),
                            ) {
                                Some(why) => why,
                                None => format!("{c} is out of reach this turn"),
                            }
                        })?
                }
            };
            let (m, fire) = opportunity::move_under_fire(board, o.unit, &path, &mut rng.0)?;
            moved.write(UnitMoved {
                moved: m,
                opportunity_fire: fire,
            });
        }
        Order::Face(o) => {
            facing::apply(board, o.unit, o.facing)?;
        }
        Order::Formation(o) => {
            formation::apply(board, o.unit, o.formation)?;
        }
        Order::Fire(o) => {
            let f = fire::fire(board, o.unit, o.target, false, 1.0, &mut rng.0)?;
            fired.write(Fired(f));
        }
    }
    Ok(())
}
