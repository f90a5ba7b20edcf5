//! Melee declaration (§9.1): a drag, or named units, commit attackers against a defending hex;
//! the declaration joins any melee pending there, or it is refused with every rule it breaks.

use bevy::prelude::*;

use super::Concern;
use super::desk::Desk;
use super::messages::{MeleeCancelled, MeleeDeclared};
use super::resources::Game;
use crate::rules::melee;
use crate::rules::order::{self, Order};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, declare_melees.in_set(Concern::MeleeDeclaration));
}

fn declare_melees(
    mut desk: Desk,
    mut game: ResMut<Game>,
    mut declared: MessageWriter<MeleeDeclared>,
    mut cancelled: MessageWriter<MeleeCancelled>,
) {
    let mine = |o: &Order| {
        matches!(
            o,
            Order::Melee { .. } | Order::DamageBridge { .. } | Order::CancelMelee { .. }
        )
    };
    for o in desk.take(mine) {
        let Some(o) = desk.admit(&game, &o) else {
            continue;
        };
        let found = match &o {
            Order::Melee {
                from,
                units,
                at,
                follow_up,
            } => order::declaration(&game, from, units, *at).map(|(mut d, slot)| {
                d.follow_up = *follow_up;
                (d, slot)
            }),
            Order::DamageBridge { units, at } => order::declaration(&game, &[], units, *at),
            Order::CancelMelee { at } => {
                if let Ok(h) = order::place(&game, *at) {
                    game.pending.retain(|p| p.defending_hex != h);
                    cancelled.write(MeleeCancelled { defending_hex: h });
                    desk.done(o);
                }
                continue;
            }
            _ => continue,
        };
        let Ok((decl, slot)) = found else { continue };
        let system = melee::system(&game.params);
        let breakdown = system.breakdown(&game, &decl);
        let odds = system.odds(&breakdown);
        match slot {
            Some(i) => game.pending[i] = decl.clone(),
            None => game.pending.push(decl.clone()),
        }
        declared.write(MeleeDeclared {
            declaration: decl,
            breakdown,
            odds,
        });
        desk.done(o);
    }
}
