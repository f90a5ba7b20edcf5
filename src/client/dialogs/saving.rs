//! Saving and loading from the window: an autosave at the end of every side turn, F5 (or the
//! Save button) to save, F9 (or Load) to load the quick save of this scenario. Saves are
//! written to the data folder's `saves` (`places`; in the browser, to its local storage,
//! which the page downloads and uploads as files); `bayonet play SAVE` opens any save.

use bevy::prelude::*;

use crate::sim::TurnBegan;
use crate::sim::save;

pub const AUTOSAVE: &str = "bayonet-autosave.ron";
pub const QUICKSAVE: &str = "bayonet-quicksave.ron";

/// Where saves go; none in screenshot and test runs.
#[derive(Resource, Debug, Clone)]
pub struct SaveDir(pub Option<std::path::PathBuf>);

impl SaveDir {
    /// The saves folder of the data folder (`places`), never the folder the game was started
    /// from; in the browser, the page's local storage (`store`); none for a screenshot, which
    /// leaves nothing behind.
    pub fn for_run(screenshot: bool) -> SaveDir {
        let dir = if cfg!(target_arch = "wasm32") {
            Some(std::path::PathBuf::new())
        } else {
            crate::places::saves_dir()
        };
        SaveDir(dir.filter(|_| !screenshot))
    }
}

/// Asks for a save or a load (from the buttons).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum SaveLoad {
    Save,
    Load,
    /// The browser: save, then hand the quick save to the page as a file download.
    Download,
    /// The browser: the page asks for a save file; once read, it is loaded.
    Upload,
}

/// Where the page leaves an uploaded save for the game to load.
pub const UPLOAD: &str = "bayonet-upload.ron";

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<SaveLoad>().add_systems(
        Update,
        (
            autosave.run_if(not(resource_exists::<crate::sim::OrdersElsewhere>)),
            quicksave,
            uploaded,
        ),
    );
}

/// Writes the game as `name` in the saves folder: where it went, or what went wrong, in words.
fn write(world: &mut World, name: &str) -> Option<Result<String, String>> {
    let dir = world.get_resource::<SaveDir>()?.0.clone()?;
    let s = save::save(world);
    let written = crate::client::theme::store::write(&dir, name, &save::to_text(&s));
    // A campaign's battle is kept in the campaign's save as well: opened again, the campaign
    // resumes it where it was left.
    let kept = match world.get_resource_mut::<super::campaign::UnderWay>() {
        Some(mut u) => super::campaign::keep_battle(&mut u, s),
        None => Ok(()),
    };
    Some(match (written, kept) {
        (Ok(place), Ok(())) => Ok(format!("Saved to {place}")),
        (Err(e), _) => Err(format!("Could not save: {e}")),
        (Ok(_), Err(e)) => Err(format!("Could not save: {e}")),
    })
}

fn note(world: &mut World, text: String) {
    if let Some(mut r) = world.get_resource_mut::<crate::client::reports::report::Report>() {
        r.lines.push(text);
    }
}

fn autosave(
    world: &mut World,
    mut cursor: Local<bevy::ecs::message::MessageCursor<crate::sim::Happened>>,
    mut told: Local<bool>,
) {
    let began = cursor
        .read(world.resource::<Messages<crate::sim::Happened>>())
        .filter(|h| h.0.kind::<TurnBegan>().is_some())
        .count();
    if began > 0 {
        // A short line by name (issue 59: the whole path each turn filled the log), the first
        // time only: after that the log's last line at a turn's start is the turn's news (issue
        // 76, item 9), not the autosave's. A failure is always said; the player's own save (F5)
        // says where it went.
        match write(world, AUTOSAVE) {
            Some(Ok(_)) if !*told => {
                *told = true;
                note(
                    world,
                    format!("Autosaved as {AUTOSAVE} (and each turn from now on)"),
                );
            }
            Some(Err(e)) => note(world, e),
            _ => {}
        }
    }
}

fn quicksave(world: &mut World, mut asked: Local<bevy::ecs::message::MessageCursor<SaveLoad>>) {
    let keys = world.resource::<ButtonInput<KeyCode>>();
    let (mut save, mut load) = (
        crate::client::theme::keys::pressed(keys, crate::client::theme::keys::Act::Save),
        crate::client::theme::keys::pressed(keys, crate::client::theme::keys::Act::Load),
    );
    let (mut download, mut upload) = (false, false);
    for a in asked.read(world.resource::<Messages<SaveLoad>>()) {
        save |= *a == SaveLoad::Save;
        load |= *a == SaveLoad::Load;
        download |= *a == SaveLoad::Download;
        upload |= *a == SaveLoad::Upload;
    }
    // Online, the server keeps the game (and its dice, which this window never has): a save
    // here could not be replayed, nor a load carry on the server's game.
    if world.contains_resource::<crate::sim::OrdersElsewhere>() {
        if save || download || upload || load {
            note(
                world,
                "Online: the server keeps this game; it publishes the whole game when it ends (bayonet remote save)".into(),
            );
        }
        return;
    }
    if save || download {
        if let Some(t) = write(world, QUICKSAVE) {
            note(world, t.unwrap_or_else(|e| e));
        }
    }
    if download && !crate::client::theme::store::page("bayonetDownload", QUICKSAVE) {
        note(world, "Download needs the browser page".into());
    }
    if upload && !crate::client::theme::store::page("bayonetUpload", "") {
        note(world, "Upload needs the browser page".into());
    }
    if load {
        let t = load_quicksave(world);
        note(world, t);
    }
}

/// A save file the page uploaded: loaded like the quick save (checked first, every half
/// second of play).
fn uploaded(world: &mut World, mut since: Local<f32>) {
    *since += world.resource::<Time>().delta_secs();
    if *since < 0.5 {
        return;
    }
    *since = 0.0;
    if let Some(text) = crate::client::theme::store::take(UPLOAD) {
        let t = load_text(world, UPLOAD, Ok(text));
        note(world, t);
    }
}

/// Asks the game to load the quick save, if it is of the scenario on the map.
fn load_quicksave(world: &mut World) -> String {
    let Some(dir) = world.get_resource::<SaveDir>().and_then(|d| d.0.clone()) else {
        return "Loading is off in this mode".into();
    };
    let path = dir.join(QUICKSAVE).to_string_lossy().to_string();
    let text = crate::client::theme::store::read(&dir, QUICKSAVE);
    load_text(world, &path, text)
}

/// Loads a save's text, if it is a good save of the scenario on the map.
fn load_text(world: &mut World, path: &str, text: Result<String, String>) -> String {
    let saved = match text.and_then(|text| save::from_text(path, &text).map_err(|e| e.to_string()))
    {
        Ok(s) => s,
        Err(e) => return format!("Could not load: {e}"),
    };
    let same = save::scenario_of(&saved)
        .map(|s| s.name == world.resource::<crate::sim::Table>().start.name)
        .unwrap_or(false);
    if !same {
        return format!("{path} is a save of another scenario: open it with `bayonet play {path}`");
    }
    world.write_message(save::LoadGame(Box::new(saved)));
    format!("Loaded {path}")
}
