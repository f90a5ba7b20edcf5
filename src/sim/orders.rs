//! The frame's orders, handed to the one interpreter (`rules::game`) in the order they were
//! given, whatever they are: each refused with its reasons or carried out, its events published
//! in order; then the frame's undoable orders make one undo step, and a game that has ended
//! is marked over.

use bevy::prelude::*;

use super::SimSet;
use super::desk::Desk;
use super::resources::GamePhase;
use crate::rules::event::Event;

pub(super) fn plugin(app: &mut App) {
    app.init_state::<GamePhase>()
        .add_systems(Update, carry_out.in_set(SimSet::Orders));
}

fn carry_out(mut desk: Desk, mut next: ResMut<NextState<GamePhase>>) {
    let events = desk.carry_out();
    desk.seal();
    if events.iter().any(|e| matches!(e, Event::GameEnded(_))) {
        next.set(GamePhase::Over);
    }
}
