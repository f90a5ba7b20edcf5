//! Fire (§7–§8): a unit fires at a hex in its front and range; losses, morale and the routs
//! they cause come back in `Fired`.

use bevy::prelude::*;

use super::Concern;
use super::desk::Desk;
use super::messages::Fired;
use super::resources::{Game, GameRng};
use crate::rules::fire;
use crate::rules::order::{self, Order};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, fire_at_targets.in_set(Concern::Fire));
}

fn fire_at_targets(
    mut desk: Desk,
    mut game: ResMut<Game>,
    mut rng: ResMut<GameRng>,
    mut fired: MessageWriter<Fired>,
) {
    let mine = |o: &Order| matches!(o, Order::Fire { .. });
    desk.carry_out(&mut game, mine, |board, o| {
        let Order::Fire { unit, at } = o else {
            return Ok(());
        };
        let target = order::place(board, *at).map_err(|r| r[0].clone())?;
        // The other side's fire in the defensive fire phase of Phased Play fires as
        // opportunity fire does.
        let defensive = board.defensive_fire_phase();
        let f = fire::fire(board, *unit, target, defensive, 1.0, &mut rng.0)?;
        fired.write(Fired(f));
        Ok(())
    });
}
