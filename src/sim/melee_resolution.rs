//! Melee resolution: on Resolve (or End turn) each pending melee, in declaration order, runs
//! through its own schedule — defensive fire → strengths and modifiers → combat results →
//! morale → retreat → capture → advance → routs. The end-of-phase checks run when the side's
//! turn ends.

use bevy::ecs::message::MessageCursor;
use bevy::ecs::schedule::ScheduleLabel;
use bevy::prelude::*;

use super::Concern;
use super::messages::{
    Advanced, Fired, GiveOrder, GunsCaptured, MeleeCalledOff, MeleeResolved, OrderDone,
    OrderRejected, PhaseMoraleChecked, Retreated,
};
use super::resources::{Game, GameRng};
use super::save::OrderLog;
use crate::rules::fire::FireOutcome;
use crate::rules::melee::{self, Declaration, MeleeSide, Resolution};
use crate::rules::order::{self, Order};
use crate::rules::unit::UnitId;

/// The schedule run once per pending melee.
#[derive(ScheduleLabel, Debug, Clone, PartialEq, Eq, Hash)]
pub struct MeleeResolution;

/// The melee being resolved, handed from step to step.
#[derive(Resource, Debug, Default)]
pub struct MeleeUnderWay {
    /// Its place among the melees of this Resolve.
    pub seq: usize,
    pub declaration: Option<Declaration>,
    /// The defenders' fire at the attackers, before the melee.
    pub fire: Vec<FireOutcome>,
    /// Set by the strengths step; `None` while the melee is not (or no longer) going ahead.
    pub resolution: Option<Resolution>,
    /// Losing defenders that check morale at the end of the phase.
    pub losers: Vec<UnitId>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MeleeUnderWay>()
        .add_systems(Update, resolve_melees.in_set(Concern::MeleeResolution));
    let mut chain = Schedule::new(MeleeResolution);
    chain.add_systems(
        (
            defensive_fire,
            strengths,
            combat_results,
            morale,
            retreat,
            capture,
            advance,
            routs,
            report,
        )
            .chain(),
    );
    app.add_schedule(chain);
}

/// Runs the resolution chain for every pending melee when a Resolve (or End turn) order is
/// accepted.
fn resolve_melees(world: &mut World, mut cursor: Local<MessageCursor<GiveOrder>>) {
    let orders: Vec<Order> = cursor
        .read(world.resource::<Messages<GiveOrder>>())
        .map(|o| o.0.clone())
        .filter(|o| matches!(o, Order::Resolve | Order::EndTurn))
        .collect();
    for o in orders {
        let ends_phase = o == Order::EndTurn;
        let verdict = order::check(&world.resource::<Game>().0, &o);
        match (verdict, &o) {
            (Err(reasons), Order::Resolve) => {
                world.write_message(OrderRejected { order: o, reasons });
                continue;
            }
            // The turn system answers a refused End turn.
            (Err(_), _) => continue,
            (Ok(()), Order::Resolve) => {
                world.resource_mut::<OrderLog>().0.push(o.clone());
                world.write_message(OrderDone { order: o });
            }
            (Ok(()), _) => {}
        }
        resolve_pending(world);
        if ends_phase {
            end_of_phase(world);
        }
    }
}

/// Resolves the pending melees one after another; their losing defenders wait for the end of
/// the phase. Each is taken off the list as it starts, so that a result may change those still
/// waiting (a beaten Bodenstedt sector leaves its other melees, D-bod-10).
pub(super) fn resolve_pending(world: &mut World) {
    let mut losers = Vec::new();
    for seq in 0.. {
        let decl = {
            let mut game = world.resource_mut::<Game>();
            if game.pending.is_empty() {
                break;
            }
            game.pending.remove(0)
        };
        world.insert_resource(MeleeUnderWay {
            seq,
            declaration: Some(decl),
            ..default()
        });
        world.run_schedule(MeleeResolution);
        losers.extend(std::mem::take(
            &mut world.resource_mut::<MeleeUnderWay>().losers,
        ));
    }
    let mut game = world.resource_mut::<Game>();
    for id in losers {
        // A defender that loses twice still checks once.
        if !game.phase_losers.contains(&id) {
            game.phase_losers.push(id);
        }
    }
}

/// The end of the acting side's phase, with its turn (§1, §9.4): the defenders that lost a
/// melee check morale, and the retreated marks (÷2 if meleed again) lapse.
fn end_of_phase(world: &mut World) {
    world.resource_scope(|world, mut game: Mut<Game>| {
        let losers = std::mem::take(&mut game.phase_losers);
        let mut rng = world.resource_mut::<GameRng>();
        let (checks, routs) = melee::end_of_phase(&mut game, &losers, &mut rng.0);
        for u in game.units.iter_mut().filter(|u| u.marks.retreated) {
            u.marks.retreated = false;
        }
        if !checks.is_empty() {
            world.write_message(PhaseMoraleChecked { checks, routs });
        }
    });
}

/// Defensive fire: the defenders' side fires at the attacking hexes first; attackers it
/// disrupts, routs or destroys drop out, and a melee left impossible is called off.
fn defensive_fire(
    mut game: ResMut<Game>,
    mut rng: ResMut<GameRng>,
    mut m: ResMut<MeleeUnderWay>,
    mut fired: MessageWriter<Fired>,
    mut called_off: MessageWriter<MeleeCalledOff>,
) {
    let Some(declared) = m.declaration.take() else {
        return;
    };
    match melee::defensive_fire(&mut game, &declared, &mut rng.0) {
        Ok((decl, fire)) => {
            fired.write_batch(fire.iter().cloned().map(Fired));
            m.fire = fire;
            m.declaration = Some(decl);
        }
        Err(off) => {
            fired.write_batch(off.defensive_fire.iter().cloned().map(Fired));
            called_off.write(MeleeCalledOff {
                seq: m.seq,
                declaration: off.declaration,
                reasons: off.reasons,
                defensive_fire: off.defensive_fire,
            });
        }
    }
}

/// Strengths and modifiers: the breakdown the rest of the melee uses.
fn strengths(mut game: ResMut<Game>, mut m: ResMut<MeleeUnderWay>) {
    let Some(decl) = m.declaration.clone() else {
        return;
    };
    let fire = std::mem::take(&mut m.fire);
    m.resolution = Some(melee::strengths(&mut game, &decl, fire));
}

fn combat_results(mut game: ResMut<Game>, mut rng: ResMut<GameRng>, mut m: ResMut<MeleeUnderWay>) {
    let Some(r) = m.resolution.as_mut() else {
        return;
    };
    melee::results(&mut game, r, &mut rng.0);
}

/// The melee goes on past the combat results (a bridge takes the result alone).
fn fought(m: &mut MeleeUnderWay) -> Option<&mut Resolution> {
    m.resolution.as_mut().filter(|r| melee::goes_on(r))
}

fn morale(mut game: ResMut<Game>, mut rng: ResMut<GameRng>, mut m: ResMut<MeleeUnderWay>) {
    if let Some(r) = fought(&mut m) {
        melee::morale_checks(&mut game, r, &mut rng.0);
    }
}

fn retreat(
    mut game: ResMut<Game>,
    mut m: ResMut<MeleeUnderWay>,
    mut out: MessageWriter<Retreated>,
) {
    if let Some(r) = fought(&mut m) {
        let before = r.out.retreats.len();
        let checks = melee::system(&game.params).checks_after_retreat();
        melee::retreat(&mut game, r, checks);
        out.write_batch(r.out.retreats[before..].iter().cloned().map(Retreated));
    }
}

fn capture(
    mut game: ResMut<Game>,
    mut m: ResMut<MeleeUnderWay>,
    mut out: MessageWriter<GunsCaptured>,
) {
    if let Some(r) = fought(&mut m) {
        melee::capture_guns(&mut game, r);
        for &battery in &r.out.captured {
            if let Some(u) = game.unit(battery) {
                out.write(GunsCaptured {
                    battery,
                    by: u.side,
                });
            }
        }
    }
}

fn advance(mut game: ResMut<Game>, mut m: ResMut<MeleeUnderWay>, mut out: MessageWriter<Advanced>) {
    if let Some(r) = fought(&mut m) {
        melee::advance(&mut game, r);
        let to = r.out.declaration.defending_hex;
        for &unit in &r.out.advanced {
            out.write(Advanced { unit, to });
        }
    }
}

fn routs(mut game: ResMut<Game>, mut rng: ResMut<GameRng>, mut m: ResMut<MeleeUnderWay>) {
    if let Some(r) = fought(&mut m) {
        melee::routs(&mut game, r, &mut rng.0);
    }
}

/// The whole melee, reported once its last step is done.
fn report(mut m: ResMut<MeleeUnderWay>, mut resolved: MessageWriter<MeleeResolved>) {
    let Some(r) = m.resolution.take() else {
        return;
    };
    if r.out.loser == Some(MeleeSide::Defender) {
        m.losers.extend(r.out.end_of_phase_checks.iter().copied());
    }
    resolved.write(MeleeResolved(r.out));
}
