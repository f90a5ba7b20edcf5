//! The winner's advance after a melee, a hex per order (Bodenstedt's +n, §15.1 D-bod-8).

use bevy::prelude::*;

use super::Concern;
use super::desk::Desk;
use super::messages::Advanced;
use super::resources::Game;
use crate::rules::advance;
use crate::rules::order::Order;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, advance_after_melee.in_set(Concern::Advance));
}

fn advance_after_melee(mut desk: Desk, mut game: ResMut<Game>, mut out: MessageWriter<Advanced>) {
    let mine = |o: &Order| matches!(o, Order::Advance { .. });
    let mut done = Vec::new();
    desk.carry_out(&mut game, mine, |board, o| {
        let Order::Advance { unit, to } = o else {
            return Ok(());
        };
        let h = to.hex(board);
        advance::advance(board, *unit, h)?;
        done.push(Advanced { unit: *unit, to: h });
        Ok(())
    });
    out.write_batch(done);
}
