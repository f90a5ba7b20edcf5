//! Side turns and the clock: ending a turn (the pending melees resolved first, and the losers'
//! end-of-phase checks) hands the turn over, moves the clock on after both sides have played,
//! runs the new side's start-of-turn steps, and ends the game with its victory level after the
//! last turn; under Phased Play, ending a phase begins the next.

use bevy::prelude::*;

use super::Concern;
use super::desk::Desk;
use crate::rules::event::Event;
use crate::rules::order::Order;

pub use super::resources::GamePhase;

pub(super) fn plugin(app: &mut App) {
    app.init_state::<GamePhase>()
        .add_systems(Update, end_turn.in_set(Concern::Turn));
}

fn end_turn(mut desk: Desk, mut next: ResMut<NextState<GamePhase>>) {
    let events = desk.carry_out(|o| matches!(o, Order::EndTurn | Order::EndPhase));
    if events.iter().any(|e| matches!(e, Event::GameEnded(_))) {
        next.set(GamePhase::Over);
    }
}
