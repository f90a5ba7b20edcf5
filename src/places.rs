//! Where the game keeps its files on this machine: saves (and the games of a server given no
//! `--db`) in the data folder, settings in the config folder; never in the folder it was
//! started from, which may be a checkout of the game's source.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// Reads an environment variable (the process's, or a test's).
pub type Env<'a> = &'a dyn Fn(&str) -> Option<OsString>;

fn process_env(k: &str) -> Option<OsString> {
    std::env::var_os(k)
}

/// A variable that is set and not empty; a relative `XDG_…` folder is ignored, as the XDG
/// base directory rules say.
fn var(env: Env, k: &str) -> Option<PathBuf> {
    let v = PathBuf::from(env(k).filter(|v| !v.is_empty())?);
    (!k.starts_with("XDG_") || v.is_absolute()).then_some(v)
}

/// An XDG base folder: `$xdg`, else `home_part` under `$HOME`.
fn xdg_base(env: Env, xdg: &str, home_part: &str) -> Option<PathBuf> {
    var(env, xdg).or_else(|| var(env, "HOME").map(|h| h.join(home_part)))
}

/// `$BAYONET_DATA`, else `$XDG_DATA_HOME/bayonet`, else `~/.local/share/bayonet`; `None` when
/// no home is known.
pub fn data_dir_in(env: Env) -> Option<PathBuf> {
    var(env, "BAYONET_DATA")
        .or_else(|| xdg_base(env, "XDG_DATA_HOME", ".local/share").map(|d| d.join("bayonet")))
}

/// The data folder's `saves`.
pub fn saves_dir_in(env: Env) -> Option<PathBuf> {
    data_dir_in(env).map(|d| d.join("saves"))
}

/// `$BAYONET_CONFIG`, else `$XDG_CONFIG_HOME/bayonet/settings.ron`, else
/// `~/.config/bayonet/settings.ron`.
pub fn settings_file_in(env: Env) -> Option<PathBuf> {
    var(env, "BAYONET_CONFIG").or_else(|| {
        xdg_base(env, "XDG_CONFIG_HOME", ".config").map(|d| d.join("bayonet").join("settings.ron"))
    })
}

/// The saves folder of this process's environment.
pub fn saves_dir() -> Option<PathBuf> {
    saves_dir_in(&process_env)
}

/// The settings file of this process's environment.
pub fn settings_file() -> Option<PathBuf> {
    settings_file_in(&process_env)
}

/// A save named on the command line: the file as given when there is one (a save left in the
/// working folder by an older version is still found), else the one of that name in `saves`.
pub fn find_save(given: &str, saves: Option<&Path>) -> PathBuf {
    let path = PathBuf::from(given);
    let bare = path.components().count() == 1;
    match saves {
        Some(dir) if !path.exists() && bare && dir.join(&path).exists() => dir.join(path),
        _ => path,
    }
}

/// The referee server's database when none is given: `bayonet-games.sqlite` in the data
/// folder (made if need be), or in the working folder when no home is known.
pub fn default_db_in(env: Env) -> String {
    let file = match data_dir_in(env) {
        Some(d) if std::fs::create_dir_all(&d).is_ok() => d.join("bayonet-games.sqlite"),
        _ => PathBuf::from("bayonet-games.sqlite"),
    };
    format!("sqlite:{}", file.display())
}

/// `default_db_in` of this process's environment.
pub fn default_db() -> String {
    default_db_in(&process_env)
}
