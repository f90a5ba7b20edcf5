//! Side turns and the clock: ending a turn resolves what is pending, hands the turn over, and
//! moves the clock on after both sides have played.

use bevy::prelude::*;

use super::SimSet;
use super::components::UnitState;
use super::melee_resolve::{ResolveSystems, emit, run};
use super::messages::{EndTurn, MeleeResolved, OrderRejected, PhaseMoraleChecked, TurnBegan};
use super::resources::{Battle, GameRng, PendingMelees, TurnState};
use crate::rules::scenario::is_night;

/// Whether the game is still being played.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum GamePhase {
    #[default]
    Playing,
    Over,
}

pub(super) fn plugin(app: &mut App) {
    app.init_state::<GamePhase>().add_systems(
        Update,
        end_turn.in_set(SimSet::Orders).after(ResolveSystems),
    );
}

#[allow(clippy::too_many_arguments)]
fn end_turn(
    mut orders: MessageReader<EndTurn>,
    battle: ResMut<Battle>,
    mut turn: ResMut<TurnState>,
    mut rng: ResMut<GameRng>,
    mut pending: ResMut<PendingMelees>,
    mut units: Query<(Entity, &mut UnitState)>,
    mut commands: Commands,
    mut next: ResMut<NextState<GamePhase>>,
    mut writers: (
        MessageWriter<MeleeResolved>,
        MessageWriter<OrderRejected>,
        MessageWriter<PhaseMoraleChecked>,
        MessageWriter<TurnBegan>,
    ),
) {
    if orders.read().count() == 0 || turn.over {
        return;
    }
    let params = battle.scenario.params.clone();
    let first = battle.scenario.first_side;
    let batch = run(
        battle,
        &turn,
        &mut rng,
        &mut pending,
        &mut units,
        &mut commands,
    );
    emit(batch, &mut writers.0, &mut writers.1, &mut writers.2);

    let ending = turn.side;
    turn.side = ending.enemy();
    if turn.side == first {
        let step = if turn.night {
            params.clock.night_turn_minutes
        } else {
            params.clock.day_turn_minutes
        };
        turn.minutes += step;
        turn.night = is_night(turn.minutes, &params);
        if turn.turn >= turn.last_turn {
            turn.over = true;
            next.set(GamePhase::Over);
            return;
        }
        turn.turn += 1;
    }
    // What a unit did is counted per side turn.
    for (_, mut u) in units.iter_mut() {
        if u.0.side == turn.side && u.0.marks != Default::default() {
            u.0.marks = Default::default();
        }
    }
    writers.3.write(TurnBegan {
        turn: turn.turn,
        side: turn.side,
        clock: turn.clock(),
    });
}
