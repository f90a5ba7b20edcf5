//! Fire (§7–§8): a unit fires at a hex in its front and range; losses, morale and the routs
//! they cause come back in `Fired`.

use bevy::prelude::*;

use super::Concern;
use super::desk::Desk;
use super::messages::Fired;
use super::resources::{Game, GameRng};
use crate::rules::fire;
use crate::rules::order::{self, Order};
use crate::rules::refusal::Reason;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, fire_at_targets.in_set(Concern::Fire));
}

fn fire_at_targets(
    mut desk: Desk,
    mut game: ResMut<Game>,
    mut rng: ResMut<GameRng>,
    mut fired: MessageWriter<Fired>,
) {
    for o in desk.take(|o| matches!(o, Order::Fire { .. })) {
        let Order::Fire { unit, at } = o else {
            continue;
        };
        if !desk.admit(&game, &o) {
            continue;
        }
        let Ok(target) = order::place(&game, at) else {
            continue;
        };
        // The other side's fire in the defensive fire phase of Phased Play fires as
        // opportunity fire does.
        let defensive = game.defensive_fire_phase();
        match fire::fire(&mut game, unit, target, defensive, 1.0, &mut rng.0) {
            Ok(f) => {
                fired.write(Fired(f));
                desk.done(o);
            }
            Err(why) => desk.refused(o, Reason::CannotFire, why),
        }
    }
}
