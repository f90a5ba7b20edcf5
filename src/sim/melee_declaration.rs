//! Melee declaration (§9.1): a drag, or named units, commit attackers against a defending hex;
//! the declaration joins any melee pending there, or it is refused with every rule it breaks.
//! Damaging a bridge is declared the same way; a pending melee may be withdrawn.

use bevy::prelude::*;

use super::Concern;
use super::desk::Desk;
use crate::rules::order::Order;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, declare_melees.in_set(Concern::MeleeDeclaration));
}

fn declare_melees(mut desk: Desk) {
    desk.carry_out(|o| {
        matches!(
            o,
            Order::Melee { .. } | Order::DamageBridge { .. } | Order::CancelMelee { .. }
        )
    });
}
