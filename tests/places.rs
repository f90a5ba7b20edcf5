//! Where the game keeps its files (issue 29): the data and config folders from the
//! environment, saves found by name, nothing written where the game was started.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use bayonet::places::{data_dir_in, find_save, saves_dir_in, settings_file_in};

fn env(vars: &[(&str, &str)]) -> impl Fn(&str) -> Option<OsString> + use<> {
    let vars: Vec<(String, String)> = vars
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    move |k: &str| {
        vars.iter()
            .find(|(n, _)| n == k)
            .map(|(_, v)| OsString::from(v))
    }
}

#[test]
fn saves_go_to_the_data_folder_of_xdg_else_home_unless_bayonet_data_says() {
    let home = env(&[("HOME", "/home/ann")]);
    assert_eq!(
        saves_dir_in(&home),
        Some(PathBuf::from("/home/ann/.local/share/bayonet/saves"))
    );
    let xdg = env(&[("HOME", "/home/ann"), ("XDG_DATA_HOME", "/data")]);
    assert_eq!(
        saves_dir_in(&xdg),
        Some(PathBuf::from("/data/bayonet/saves"))
    );
    let ours = env(&[
        ("HOME", "/home/ann"),
        ("XDG_DATA_HOME", "/data"),
        ("BAYONET_DATA", "/games/bayonet"),
    ]);
    assert_eq!(data_dir_in(&ours), Some(PathBuf::from("/games/bayonet")));
    assert_eq!(
        saves_dir_in(&ours),
        Some(PathBuf::from("/games/bayonet/saves"))
    );
    // Empty variables are unset; a relative XDG folder is ignored (the XDG rule).
    let odd = env(&[
        ("HOME", "/home/ann"),
        ("XDG_DATA_HOME", "rel"),
        ("BAYONET_DATA", ""),
    ]);
    assert_eq!(
        saves_dir_in(&odd),
        Some(PathBuf::from("/home/ann/.local/share/bayonet/saves"))
    );
    assert_eq!(saves_dir_in(&env(&[])), None, "no home, no saves");
    // BAYONET_DATA is the user's own word: taken as given, relative or not.
    let rel = env(&[("HOME", "/home/ann"), ("BAYONET_DATA", "games")]);
    assert_eq!(saves_dir_in(&rel), Some(PathBuf::from("games/saves")));
}

#[test]
fn settings_stay_in_the_config_folder() {
    let e = env(&[("HOME", "/home/ann")]);
    assert_eq!(
        settings_file_in(&e),
        Some(PathBuf::from("/home/ann/.config/bayonet/settings.ron"))
    );
    let e = env(&[("HOME", "/home/ann"), ("XDG_CONFIG_HOME", "/cfg")]);
    assert_eq!(
        settings_file_in(&e),
        Some(PathBuf::from("/cfg/bayonet/settings.ron"))
    );
    let e = env(&[("HOME", "/home/ann"), ("BAYONET_CONFIG", "/x/s.ron")]);
    assert_eq!(settings_file_in(&e), Some(PathBuf::from("/x/s.ron")));
}

#[test]
fn a_save_is_found_where_given_else_by_name_among_the_saves() {
    let root = std::env::temp_dir().join(format!("bayonet-find-save-{}", std::process::id()));
    let saves = root.join("saves");
    std::fs::create_dir_all(&saves).unwrap();
    std::fs::write(saves.join("only-in-saves.ron"), "x").unwrap();
    std::fs::write(saves.join("Cargo.toml"), "x").unwrap();
    // A bare name the working folder lacks: the saves folder's.
    assert_eq!(
        find_save("only-in-saves.ron", Some(&saves)),
        saves.join("only-in-saves.ron")
    );
    // A file in the working folder (an old autosave, say) wins over one of the same name.
    assert_eq!(
        find_save("Cargo.toml", Some(&saves)),
        PathBuf::from("Cargo.toml")
    );
    // A path with folders is the user's: taken as given, even when missing.
    assert_eq!(
        find_save("sub/only-in-saves.ron", Some(&saves)),
        PathBuf::from("sub/only-in-saves.ron")
    );
    assert_eq!(
        find_save("gone.ron", Some(&saves)),
        PathBuf::from("gone.ron")
    );
    assert_eq!(find_save("gone.ron", None), PathBuf::from("gone.ron"));
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn the_server_keeps_its_games_in_the_data_folder() {
    let root = std::env::temp_dir().join(format!("bayonet-default-db-{}", std::process::id()));
    let e = env(&[("BAYONET_DATA", root.to_str().unwrap())]);
    assert_eq!(
        bayonet::places::default_db_in(&e),
        format!("sqlite:{}", root.join("bayonet-games.sqlite").display())
    );
    assert!(root.is_dir(), "the folder is made for the database");
    std::fs::remove_dir_all(&root).unwrap();
    assert_eq!(
        bayonet::places::default_db_in(&env(&[])),
        "sqlite:bayonet-games.sqlite"
    );
}

/// The checkout's own files, by name (top level and `maps/`), to see that a run added none (the
/// window's screenshot test asks: without the window, nothing does).
#[cfg_attr(not(feature = "client"), allow(dead_code))]
pub fn checkout_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut all = Vec::new();
    for dir in [root.to_path_buf(), root.join("maps")] {
        for e in std::fs::read_dir(&dir).unwrap().flatten() {
            all.push(e.path());
        }
    }
    all.sort();
    all
}

#[test]
fn the_game_reads_its_own_environment() {
    // The window, `play` and the server call these: they must read the process's variables
    // (the tests run with a home, as a player does).
    let process = |k: &str| std::env::var_os(k);
    assert!(saves_dir_in(&process).is_some(), "tests run with a home");
    assert_eq!(bayonet::places::saves_dir(), saves_dir_in(&process));
    assert_eq!(bayonet::places::settings_file(), settings_file_in(&process));
    assert!(bayonet::places::settings_file().is_some());
    assert_eq!(
        bayonet::places::default_db(),
        bayonet::places::default_db_in(&process)
    );
    assert_ne!(
        bayonet::places::default_db(),
        "sqlite:bayonet-games.sqlite",
        "the data folder's, not the working folder's"
    );
}
