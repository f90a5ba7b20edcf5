//! Side turns and the clock: ending a turn resolves what is pending, hands the turn over, moves
//! the clock on after both sides have played, runs the new side's start-of-turn steps, and
//! ends the game with its victory level after the last turn.

use bevy::prelude::*;

use super::SimSet;
use super::components::{UnitState, write_back};
use super::melee_resolve::{BatchWriters, ResolveSystems, emit, resolve_all, sync_map};
use super::messages::{EndTurn, GameEnded, TurnBegan};
use super::resources::{Battle, GameRng, PendingMelees, TurnState, board_of};
use super::save::{LoggedOrder, OrderLog};
use crate::rules::scenario::is_night;
use crate::rules::{turn as rules_turn, victory};

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
    mut battle: ResMut<Battle>,
    mut turn: ResMut<TurnState>,
    mut rng: ResMut<GameRng>,
    mut pending: ResMut<PendingMelees>,
    mut log: ResMut<OrderLog>,
    mut units: Query<(Entity, &mut UnitState)>,
    mut commands: Commands,
    mut next: ResMut<NextState<GamePhase>>,
    mut w: BatchWriters,
    mut began: MessageWriter<TurnBegan>,
    mut ended: MessageWriter<GameEnded>,
) {
    if orders.read().count() == 0 || turn.over {
        return;
    }
    let params = battle.scenario.params.clone();
    let first = battle.scenario.first_side;
    let mut board = board_of(&battle, &turn, units.iter().map(|(_, u)| u));
    let batch = resolve_all(&mut board, std::mem::take(&mut pending.0), &mut rng);
    log.0.push(LoggedOrder::EndTurn);
    emit(batch, &mut w);

    turn.side = turn.side.enemy();
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
            ended.write(GameEnded(victory::report(
                &battle.scenario_at_start,
                &board,
            )));
        } else {
            turn.turn += 1;
        }
    }
    if !turn.over {
        board.acting = turn.side;
        board.night = turn.night;
        board.turn = turn.turn;
        let start = rules_turn::start_of_turn(&mut board, turn.side, turn.turn, &mut rng.0);
        began.write(TurnBegan {
            turn: turn.turn,
            side: turn.side,
            clock: turn.clock(),
            start,
        });
    }
    write_back(&board, &mut units, &mut commands);
    sync_map(&mut battle, &board);
}
