//! Movement (§4–§6): a unit moves hex by hex within its allowance, stacking limits and zones
//! of control, drawing opportunity fire on the way.

use bevy::prelude::*;

use super::Concern;
use super::desk::Desk;
use super::messages::UnitMoved;
use super::resources::{Game, GameRng};
use crate::rules::order::{self, Order};
use crate::rules::refusal::Reason;
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
    for o in desk.take(|o| matches!(o, Order::Move { .. })) {
        let Order::Move { unit, to, path } = &o else {
            continue;
        };
        if !desk.admit(&game, &o) {
            continue;
        }
        let Ok(path) = order::move_path(&game, *unit, *to, path.as_deref()) else {
            continue;
        };
        // Under Phased Play the other side fires in its own phase, not at movers (D-phase-1).
        let result = if game.phased() {
            movement::apply_move(&mut game, *unit, &path).map(|m| (m, Vec::new()))
        } else {
            opportunity::move_under_fire(&mut game, *unit, &path, &mut rng.0)
        };
        match result {
            Ok((m, fire)) => {
                moved.write(UnitMoved {
                    moved: m,
                    opportunity_fire: fire,
                });
                desk.done(o);
            }
            Err(why) => desk.refused(o, Reason::OutOfReach, why),
        }
    }
}
