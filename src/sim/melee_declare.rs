//! Declaring melees: each declaration is checked against §9.1 and kept pending, or rejected
//! with every rule it breaks.

use bevy::prelude::*;

use super::SimSet;
use super::components::UnitState;
use super::messages::{
    CancelMelee, DamageBridge, DeclareMelee, MeleeCancelled, MeleeDeclared, OrderRejected,
};
use super::resources::{Battle, PendingMelees, TurnState, board_of};
use super::save::{LoggedOrder, OrderLog};
use crate::rules::melee::{self, Declaration, Violation};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (declare, cancel)
            .chain()
            .in_set(SimSet::Orders)
            .after(super::unit_orders::UnitOrderSystems)
            .before(super::melee_resolve::ResolveSystems),
    );
}

#[allow(clippy::too_many_arguments)]
fn declare(
    mut orders: MessageReader<DeclareMelee>,
    mut bridge_orders: MessageReader<DamageBridge>,
    battle: Res<Battle>,
    turn: Res<TurnState>,
    units: Query<&UnitState>,
    mut pending: ResMut<PendingMelees>,
    mut log: ResMut<OrderLog>,
    mut declared: MessageWriter<MeleeDeclared>,
    mut rejected: MessageWriter<OrderRejected>,
) {
    let board = board_of(&battle, &turn, units.iter());
    let mut all: Vec<(String, DeclareMelee, LoggedOrder)> = Vec::new();
    for o in bridge_orders.read() {
        let unoccupied = board.units_at(o.bridge).next().is_none();
        if board.map.bridge(o.bridge).is_none() || !unoccupied {
            rejected.write(OrderRejected {
                order: format!("{o:?}"),
                reasons: vec![Violation {
                    rule: 0,
                    unit: None,
                    message: "there is no unoccupied full-hex bridge there".into(),
                }],
            });
            continue;
        }
        let logged = LoggedOrder::DamageBridge {
            attackers: o.attackers.clone(),
            bridge: o.bridge,
        };
        all.push((
            format!("{o:?}"),
            DeclareMelee::units(o.attackers.clone(), o.bridge),
            logged,
        ));
    }
    all.extend(orders.read().map(|o| {
        let logged = LoggedOrder::Declare {
            attackers: o.attackers.clone(),
            from_hexes: o.from_hexes.clone(),
            defending_hex: o.defending_hex,
        };
        (format!("{o:?}"), o.clone(), logged)
    }));
    for (name, mut order, logged) in all {
        for h in order.from_hexes.clone() {
            for id in melee::committable(&board, h, turn.side, order.defending_hex) {
                if !order.attackers.contains(&id) {
                    order.attackers.push(id);
                }
            }
        }
        if order.attackers.is_empty() {
            rejected.write(OrderRejected {
                order: name,
                reasons: vec![Violation {
                    rule: 0,
                    unit: None,
                    message: "no unit of the side whose turn it is stands there".into(),
                }],
            });
            continue;
        }
        let mut reasons = Vec::new();
        if turn.over {
            reasons.push(Violation {
                rule: 0,
                unit: None,
                message: "the game is over".into(),
            });
        }
        for id in &order.attackers {
            if board.unit(*id).is_some_and(|u| u.side != turn.side) {
                reasons.push(Violation {
                    rule: 0,
                    unit: Some(*id),
                    message: format!("unit {id} does not belong to the side whose turn it is"),
                });
            }
            let elsewhere = pending
                .0
                .iter()
                .any(|p| p.defending_hex != order.defending_hex && p.attackers.contains(id));
            if elsewhere {
                reasons.push(Violation {
                    rule: 6,
                    unit: Some(*id),
                    message: format!("unit {id} is already committed to another melee this turn"),
                });
            }
        }
        // A new drag onto a hex already under attack joins that melee.
        let slot = pending
            .0
            .iter()
            .position(|p| p.defending_hex == order.defending_hex);
        let mut decl = slot.map_or_else(
            || Declaration {
                attackers: Vec::new(),
                defending_hex: order.defending_hex,
            },
            |i| pending.0[i].clone(),
        );
        for id in &order.attackers {
            if !decl.attackers.contains(id) {
                decl.attackers.push(*id);
            }
        }
        reasons.extend(melee::check(&board, &decl));
        if !reasons.is_empty() {
            rejected.write(OrderRejected {
                order: name,
                reasons,
            });
            continue;
        }
        let breakdown = melee::breakdown(&board, &decl);
        let odds = melee::odds(&breakdown);
        match slot {
            Some(i) => pending.0[i] = decl.clone(),
            None => pending.0.push(decl.clone()),
        }
        log.0.push(logged);
        declared.write(MeleeDeclared {
            declaration: decl,
            breakdown,
            odds,
        });
    }
}

fn cancel(
    mut orders: MessageReader<CancelMelee>,
    mut pending: ResMut<PendingMelees>,
    mut log: ResMut<OrderLog>,
    mut cancelled: MessageWriter<MeleeCancelled>,
    mut rejected: MessageWriter<OrderRejected>,
) {
    for order in orders.read() {
        let before = pending.0.len();
        pending.0.retain(|p| p.defending_hex != order.defending_hex);
        if pending.0.len() < before {
            log.0.push(LoggedOrder::Cancel {
                defending_hex: order.defending_hex,
            });
            cancelled.write(MeleeCancelled {
                defending_hex: order.defending_hex,
            });
        } else {
            rejected.write(OrderRejected {
                order: format!("{order:?}"),
                reasons: vec![Violation {
                    rule: 0,
                    unit: None,
                    message: "no melee is pending on that hex".into(),
                }],
            });
        }
    }
}
