//! Saving and loading from the window: an autosave at the end of every side turn, F5 (or the
//! Save button) to save, F9 (or Load) to load the quick save of this scenario. Saves are
//! written next to where the game was started; `bayonet play SAVE` opens any save.

use bevy::prelude::*;

use crate::sim::TurnBegan;
use crate::sim::save;

pub const AUTOSAVE: &str = "bayonet-autosave.ron";
pub const QUICKSAVE: &str = "bayonet-quicksave.ron";

/// Where saves go; none in screenshot and test runs.
#[derive(Resource, Debug, Clone)]
pub struct SaveDir(pub Option<std::path::PathBuf>);

/// Asks for a save or a load (from the buttons).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum SaveLoad {
    Save,
    Load,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<SaveLoad>()
        .add_systems(Update, (autosave, quicksave));
}

fn write(world: &mut World, name: &str) -> Option<String> {
    let dir = world.get_resource::<SaveDir>()?.0.clone()?;
    let path = dir.join(name);
    let s = save::save(world);
    let path = path.to_string_lossy().to_string();
    Some(match crate::cli::saves::write(&path, &s) {
        Ok(()) => format!("Saved to {path}"),
        Err(e) => format!("Could not save: {e}"),
    })
}

fn note(world: &mut World, text: String) {
    if let Some(mut r) = world.get_resource_mut::<super::report::Report>() {
        r.lines.push(text);
    }
}

fn autosave(world: &mut World, mut cursor: Local<bevy::ecs::message::MessageCursor<TurnBegan>>) {
    let began = cursor.read(world.resource::<Messages<TurnBegan>>()).count();
    if began > 0 {
        if let Some(t) = write(world, AUTOSAVE) {
            note(world, t);
        }
    }
}

fn quicksave(world: &mut World, mut asked: Local<bevy::ecs::message::MessageCursor<SaveLoad>>) {
    let keys = world.resource::<ButtonInput<KeyCode>>();
    let (mut save, mut load) = (
        keys.just_pressed(KeyCode::F5),
        keys.just_pressed(KeyCode::F9),
    );
    for a in asked.read(world.resource::<Messages<SaveLoad>>()) {
        save |= *a == SaveLoad::Save;
        load |= *a == SaveLoad::Load;
    }
    if save {
        if let Some(t) = write(world, QUICKSAVE) {
            note(world, t);
        }
    }
    if load {
        let t = load_quicksave(world);
        note(world, t);
    }
}

/// Asks the game to load the quick save, if it is of the scenario on the map.
fn load_quicksave(world: &mut World) -> String {
    let Some(dir) = world.get_resource::<SaveDir>().and_then(|d| d.0.clone()) else {
        return "Loading is off in this mode".into();
    };
    let path = dir.join(QUICKSAVE).to_string_lossy().to_string();
    let saved = match crate::cli::saves::read(&path) {
        Ok(s) => s,
        Err(e) => return format!("Could not load: {e}"),
    };
    let same = save::scenario_of(&saved)
        .map(|s| s.name == world.resource::<crate::sim::Battle>().scenario.name)
        .unwrap_or(false);
    if !same {
        return format!("{path} is a save of another scenario: open it with `bayonet play {path}`");
    }
    world.write_message(save::LoadGame(Box::new(saved)));
    format!("Loaded {path}")
}
