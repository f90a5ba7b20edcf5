//! The map the editor shows follows the document: after each change the scenario is checked
//! again (`bayonet check`'s checks) and drawn as it stands, with its faults listed; units that
//! arrive later stand on their arrival hex.

use bevy::prelude::*;

use super::{Editing, EditorState};
use crate::sim::Table;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<EditorState>()
        .add_systems(Update, refresh.run_if(resource_changed::<Editing>));
}

fn refresh(editing: Res<Editing>, mut state: ResMut<EditorState>, mut table: ResMut<Table>) {
    let (scenario, faults) = editing.0.check();
    state.faults = faults;
    // A picked unit or objective that is gone is no longer picked.
    if state.unit.is_some_and(|id| editing.0.unit(id).is_none()) {
        state.unit = None;
    }
    if let Some(at) = state.objective {
        if !editing.0.file.map.objectives.iter().any(|o| o.hex == at) {
            state.objective = None;
        }
    }
    let Some(s) = scenario else { return };
    let mut game = crate::rules::game::Game::new(s, None).grouped();
    let later = game.start.reinforcements.iter().map(|r| r.unit.clone());
    game.board.units.extend(later);
    table.0 = game;
}
