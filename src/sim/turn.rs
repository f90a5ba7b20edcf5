//! Side turns and the clock: ending a turn (the pending melees resolved first, by the
//! resolution system) hands the turn over, moves the clock on after both sides have played,
//! runs the new side's start-of-turn steps, and ends the game with its victory level after
//! the last turn.

use bevy::prelude::*;

use super::Concern;
use super::desk::Desk;
use super::messages::{GameEnded, PhaseBegan, TurnBegan};
use super::resources::{Battle, Game, GameRng};
use crate::rules::board::Phase;
use crate::rules::order::Order;
use crate::rules::{turn as rules_turn, victory};

/// Whether the game is still being played.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum GamePhase {
    #[default]
    Playing,
    Over,
}

pub(super) fn plugin(app: &mut App) {
    app.init_state::<GamePhase>()
        .add_systems(Update, end_turn.in_set(Concern::Turn));
}

fn end_turn(
    mut desk: Desk,
    mut game: ResMut<Game>,
    battle: Res<Battle>,
    mut rng: ResMut<GameRng>,
    mut next: ResMut<NextState<GamePhase>>,
    mut began: MessageWriter<TurnBegan>,
    mut ended: MessageWriter<GameEnded>,
    mut phases: MessageWriter<PhaseBegan>,
) {
    for o in desk.take(|o| matches!(o, Order::EndTurn | Order::EndPhase)) {
        let Some(o) = desk.admit(&game, &o) else {
            continue;
        };
        if o == Order::EndPhase {
            // Phased Play: on to the next phase of the same side turn.
            if let Some(next) = game.phase.next() {
                game.phase = next;
                phases.write(PhaseBegan {
                    phase: next,
                    side: game.ordering_side(),
                });
            }
            desk.done(o);
            continue;
        }
        desk.done(o);
        let game = &mut game.0;
        game.phase = Phase::Movement;
        game.acting = game.acting.enemy();
        if game.acting == game.first_side {
            (game.minutes, game.night) =
                rules_turn::turn_later(game.minutes, game.night, &game.params);
            if game.turn >= game.last_turn {
                game.over = true;
                next.set(GamePhase::Over);
                ended.write(GameEnded(victory::report(&battle.scenario, game)));
                continue;
            }
            game.turn += 1;
        }
        let (side, turn) = (game.acting, game.turn);
        let start = rules_turn::start_of_turn(game, side, turn, &mut rng.0);
        // §16 D-fow-4: fire gives a unit away until the side turn ends.
        crate::rules::fog::side_turn_ended(game);
        began.write(TurnBegan {
            turn,
            side,
            clock: game.clock(),
            start,
        });
    }
}
