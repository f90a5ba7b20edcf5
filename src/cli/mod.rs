//! The command-line adjudicator: `check`, `odds`, `resolve`, `run`. Prints text, or JSON with
//! `--json`.

pub mod args;
pub mod autoplay;
mod check;
mod melee;
#[cfg(not(target_arch = "wasm32"))]
pub mod remote;
pub mod run;
pub mod saves;

pub use args::Args;

/// Runs a subcommand; returns the process exit code, or `None` when `argv` names none.
pub fn run(argv: &[String]) -> Option<i32> {
    let (cmd, rest) = argv.split_first()?;
    #[cfg(not(target_arch = "wasm32"))]
    match cmd.as_str() {
        "serve" => return Some(crate::serve::run(rest)),
        "remote" => return Some(remote::run(rest)),
        _ => {}
    }
    if !matches!(
        cmd.as_str(),
        "check" | "odds" | "resolve" | "run" | "replay" | "autoplay" | "help" | "--help" | "-h"
    ) {
        return None;
    }
    let args = match Args::parse(rest) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("bayonet {cmd}: {e}");
            return Some(2);
        }
    };
    let result = match cmd.as_str() {
        "check" => check::run(&args),
        "odds" => melee::run(&args, false),
        "resolve" => melee::run(&args, true),
        "run" => run::run(&args),
        "replay" => saves::replay(&args),
        "autoplay" => autoplay::run(&args),
        "help" | "--help" | "-h" => {
            println!("{}", USAGE);
            Ok(0)
        }
        _ => return None,
    };
    Some(result.unwrap_or_else(|e| {
        if args.json {
            println!("{}", serde_json::json!({ "ok": false, "error": e }));
        } else {
            eprintln!("bayonet {cmd}: {e}");
        }
        1
    }))
}

pub const USAGE: &str = "\
bayonet                                   open the game on the default scenario
bayonet --scenario FILE                   open the game on FILE
        [--computer SIDE|both|none]       who the computer plays (skips the start dialog)
bayonet --screenshot OUT.png [--scenario FILE]
                                          render one frame, save it, exit
        [--declare C,R>C,R …] [--resolve] [--dialog]
                                          scripted opening drags (and Resolve); keep the
                                          start dialog open
        [--aids 1,2,…] [--select C,R] [--sight C,R>C,R] [--size WxH]
                                          aids switched on (their numbers in the aids
                                          column), a hex selected, a line-of-sight look,
                                          the window's size (any window, not only shots)
bayonet check FILE [--json]               validate a scenario (every fault, not the first)
bayonet edit [FILE] [--new WxH] [--screenshot OUT.png] [--size WxH]
                                          the scenario editor on FILE (a new map of WxH
                                          hexes when FILE does not exist; default 40x30)
bayonet odds FILE --attack C,R[;C,R…] --defend C,R [--units ID,…] [--night]
             [--rules quality,capture,…] [--melee-system Tiller|Bodenstedt|Austerlitz] [--json]
                                          the melee breakdown and exact odds, no dice
bayonet resolve FILE --attack … --defend … --seed N [same options] [--json]
                                          resolve one melee with the game's dice
bayonet run FILE --orders ORDERS.ron [--seed N] [--rules …] [--json]
                                          play a list of orders; print every outcome and
                                          the final state [--save OUT.ron] [--from SAVE]
bayonet replay SAVE [--json]              replay a save's orders from the start; exit 1 if
                                          the state differs from the saved one
bayonet play SAVE                         open the game from a save
bayonet autoplay FILE [--seed N] [--hold SIDE] [--json]
                                          the computer against itself (or a side that
                                          only holds), the whole scenario
bayonet host [--scenario FILE] [--listen ADDR] [--db URL]
                                          play a friend: a server here, a new game on it;
                                          prints the friend's invite, opens your side
bayonet join URL INVITE                   open the window on a server's game as that seat
bayonet serve [--listen ADDR] [--db URL] [--site DIR]
                                          the referee server for games played apart (default
                                          0.0.0.0:7878, sqlite:bayonet-games.sqlite; or
                                          --db postgres://USER:PASS@HOST/DB); --site serves
                                          the browser build, so /?invite=… opens a seat
bayonet remote new|state|play|save …      a seat at a server's game (bayonet remote --help)
Coordinates are column,row from the map's top-left hex (0,0), as in maps/README.md.";
