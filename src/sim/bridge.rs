//! Bridges (§11): the Repair Bridge order (optional Bridge Limit and Repair). Damaging one is a
//! melee declaration; the repair itself comes at the start of later turns.

use bevy::prelude::*;

use super::Concern;
use super::desk::Desk;
use super::resources::Game;
use crate::rules::bridge;
use crate::rules::order::{self, Order};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, repair_bridges.in_set(Concern::Bridge));
}

fn repair_bridges(mut desk: Desk, mut game: ResMut<Game>) {
    let mine = |o: &Order| matches!(o, Order::RepairBridge { .. });
    desk.carry_out(&mut game, mine, |board, o| match o {
        Order::RepairBridge { unit, at } => {
            let h = order::place(board, *at).map_err(|r| r[0].clone())?;
            bridge::repair(board, *unit, h)
        }
        _ => Ok(()),
    });
}
