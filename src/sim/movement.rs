//! Movement (§4–§6): a unit moves hex by hex within its allowance, stacking limits and zones
//! of control, drawing opportunity fire on the way.

use bevy::prelude::*;

use super::Concern;
use super::desk::Desk;
use super::messages::UnitMoved;
use super::resources::{Game, GameRng};
use crate::rules::order::{self, Order};
use crate::rules::{movement, opportunity};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, move_units.in_set(Concern::Movement));
}

fn move_units(
    mut desk: Desk,
    mut game: ResMut<Game>,
    mut rng: ResMut<GameRng>,
    mut moved: MessageWriter<UnitMoved>,
) {
    let mine = |o: &Order| matches!(o, Order::Move { .. });
    desk.carry_out(&mut game, mine, |board, o| {
        let Order::Move { unit, to, path } = o else {
            return Ok(());
        };
        let path =
            order::move_path(board, *unit, *to, path.as_deref()).map_err(|r| r[0].clone())?;
        // Under Phased Play the other side fires in its own phase, not at movers (D-phase-1).
        let (m, fire) = if board.phased() {
            (movement::apply_move(board, *unit, &path)?, Vec::new())
        } else {
            opportunity::move_under_fire(board, *unit, &path, &mut rng.0)?
        };
        moved.write(UnitMoved {
            moved: m,
            opportunity_fire: fire,
        });
        Ok(())
    });
}
