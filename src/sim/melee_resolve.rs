//! Resolving the pending melees in declaration order with the game's dice: defensive fire at
//! the attackers, then losses, fatigue, morale, retreat, capture and advance through the
//! rules, then the end-of-phase checks.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use super::SimSet;
use super::components::{UnitState, write_back};
use super::messages::{Fired, MeleeResolved, OrderRejected, PhaseMoraleChecked, ResolveMelees};
use super::resources::{Battle, GameRng, PendingMelees, TurnState, board_of};
use super::save::{LoggedOrder, OrderLog};
use crate::rules::board::Board;
use crate::rules::fire::FireOutcome;
use crate::rules::melee::{self, Declaration, MeleeOutcome, Violation};
use crate::rules::morale::{MoraleCheck, RoutMove};
use crate::rules::opportunity;

#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ResolveSystems;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        resolve_on_order
            .in_set(SimSet::Orders)
            .in_set(ResolveSystems),
    );
}

/// What resolving a batch of pending melees produced.
#[derive(Default)]
pub(super) struct Batch {
    pub fire: Vec<FireOutcome>,
    pub outcomes: Vec<MeleeOutcome>,
    pub skipped: Vec<OrderRejected>,
    pub phase_checks: Vec<MoraleCheck>,
    pub phase_routs: Vec<RoutMove>,
}

/// Resolves `pending` on `board` one after another. The defenders' side fires at each melee's
/// attackers first; attackers that fire disorders, routs or destroys drop out, and a melee that
/// an earlier one made impossible is dropped with the reasons.
pub(super) fn resolve_all(
    board: &mut Board,
    pending: Vec<Declaration>,
    rng: &mut GameRng,
) -> Batch {
    let mut batch = Batch::default();
    let mut losers = Vec::new();
    for mut decl in pending {
        decl.attackers
            .retain(|id| board.unit(*id).is_some_and(|u| u.side == board.acting));
        if melee::check(board, &decl).is_empty() && !decl.attackers.is_empty() {
            batch
                .fire
                .extend(opportunity::at_melee_attackers(board, &decl, &mut rng.0));
            decl.attackers
                .retain(|id| board.unit(*id).is_some_and(|u| !u.disrupted && !u.routed));
        }
        let reasons: Vec<Violation> = melee::check(board, &decl);
        if !reasons.is_empty() {
            batch.skipped.push(OrderRejected {
                order: format!("resolve {decl:?}"),
                reasons,
            });
            continue;
        }
        let outcome = melee::resolve(board, &decl, &mut rng.0);
        losers.extend(outcome.end_of_phase_checks.iter().copied());
        batch.outcomes.push(outcome);
    }
    (batch.phase_checks, batch.phase_routs) = melee::end_of_phase(board, &losers, &mut rng.0);
    for u in board.units.iter_mut() {
        u.marks.retreated = false;
    }
    batch
}

/// Where a batch's results are written.
#[derive(SystemParam)]
pub(super) struct BatchWriters<'w> {
    fired: MessageWriter<'w, Fired>,
    resolved: MessageWriter<'w, MeleeResolved>,
    rejected: MessageWriter<'w, OrderRejected>,
    phase: MessageWriter<'w, PhaseMoraleChecked>,
}

pub(super) fn emit(batch: Batch, w: &mut BatchWriters) {
    for f in batch.fire {
        w.fired.write(Fired(f));
    }
    for r in batch.skipped {
        w.rejected.write(r);
    }
    for o in batch.outcomes {
        w.resolved.write(MeleeResolved(o));
    }
    if !batch.phase_checks.is_empty() {
        w.phase.write(PhaseMoraleChecked {
            checks: batch.phase_checks,
            routs: batch.phase_routs,
        });
    }
}

/// Copies back what the rules may change on the map: bridge strengths and objective owners.
pub(super) fn sync_map(battle: &mut Battle, board: &Board) {
    let map = &battle.scenario.map;
    if map.bridges != board.map.bridges || map.objectives != board.map.objectives {
        battle.scenario.map.bridges = board.map.bridges.clone();
        battle.scenario.map.objectives = board.map.objectives.clone();
    }
}

#[allow(clippy::too_many_arguments)]
fn resolve_on_order(
    mut orders: MessageReader<ResolveMelees>,
    mut battle: ResMut<Battle>,
    turn: Res<TurnState>,
    mut rng: ResMut<GameRng>,
    mut pending: ResMut<PendingMelees>,
    mut log: ResMut<OrderLog>,
    mut units: Query<(Entity, &mut UnitState)>,
    mut commands: Commands,
    mut w: BatchWriters,
) {
    if orders.read().count() == 0 || pending.0.is_empty() {
        return;
    }
    let mut board = board_of(&battle, &turn, units.iter().map(|(_, u)| u));
    let batch = resolve_all(&mut board, std::mem::take(&mut pending.0), &mut rng);
    log.0.push(LoggedOrder::Resolve);
    write_back(&board, &mut units, &mut commands);
    sync_map(&mut battle, &board);
    emit(batch, &mut w);
}
