//! Resolving the pending melees in declaration order with the game's dice: losses, fatigue,
//! morale, retreat, capture and advance through the rules, then the end-of-phase checks.

use bevy::prelude::*;

use super::SimSet;
use super::components::{UnitState, write_back};
use super::messages::{MeleeResolved, OrderRejected, PhaseMoraleChecked, ResolveMelees};
use super::resources::{Battle, GameRng, PendingMelees, TurnState, board_of};
use crate::rules::board::Board;
use crate::rules::melee::{self, Declaration, MeleeOutcome, Violation};
use crate::rules::morale::{MoraleCheck, RoutMove};

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
    pub outcomes: Vec<MeleeOutcome>,
    pub skipped: Vec<OrderRejected>,
    pub phase_checks: Vec<MoraleCheck>,
    pub phase_routs: Vec<RoutMove>,
}

/// Resolves `pending` on `board` one after another; a melee that an earlier one made
/// impossible (its defenders gone, its attackers dead) is dropped with the reasons.
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

pub(super) fn emit(
    batch: Batch,
    resolved: &mut MessageWriter<MeleeResolved>,
    rejected: &mut MessageWriter<OrderRejected>,
    phase: &mut MessageWriter<PhaseMoraleChecked>,
) {
    for r in batch.skipped {
        rejected.write(r);
    }
    for o in batch.outcomes {
        resolved.write(MeleeResolved(o));
    }
    if !batch.phase_checks.is_empty() {
        phase.write(PhaseMoraleChecked {
            checks: batch.phase_checks,
            routs: batch.phase_routs,
        });
    }
}

#[allow(clippy::too_many_arguments)]
fn resolve_on_order(
    mut orders: MessageReader<ResolveMelees>,
    battle: ResMut<Battle>,
    turn: Res<TurnState>,
    mut rng: ResMut<GameRng>,
    mut pending: ResMut<PendingMelees>,
    mut units: Query<(Entity, &mut UnitState)>,
    mut commands: Commands,
    mut resolved: MessageWriter<MeleeResolved>,
    mut rejected: MessageWriter<OrderRejected>,
    mut phase: MessageWriter<PhaseMoraleChecked>,
) {
    if orders.read().count() == 0 || pending.0.is_empty() {
        return;
    }
    let batch = run(
        battle,
        &turn,
        &mut rng,
        &mut pending,
        &mut units,
        &mut commands,
    );
    emit(batch, &mut resolved, &mut rejected, &mut phase);
}

/// Resolves everything pending against the world's units and writes the results back.
pub(super) fn run(
    mut battle: ResMut<Battle>,
    turn: &TurnState,
    rng: &mut GameRng,
    pending: &mut PendingMelees,
    units: &mut Query<(Entity, &mut UnitState)>,
    commands: &mut Commands,
) -> Batch {
    let mut board = board_of(&battle, turn, units.iter().map(|(_, u)| u));
    let batch = resolve_all(&mut board, std::mem::take(&mut pending.0), rng);
    write_back(&board, units, commands);
    // Bridges are part of the map, which melee can change.
    if battle.scenario.map.bridges != board.map.bridges {
        battle.scenario.map.bridges = board.map.bridges;
    }
    batch
}
