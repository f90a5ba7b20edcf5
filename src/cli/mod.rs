//! The command line: the adjudicator (`check`, `odds`, `fire`, `resolve`, `run`, `replay`,
//! `autoplay`, `duel`, `report`), the referee server and its seats; text, or JSON with `--json`. The parser is
//! `args::Cli`; the window's subcommands (`edit`, `play`, `join`, `host`) are the binary's.

pub mod args;
pub mod autoplay;
pub mod campaign;
mod check;
pub mod duel;
mod failure;
mod fire;
mod list;
mod melee;
#[cfg(not(target_arch = "wasm32"))]
pub mod remote;
#[cfg(not(target_arch = "wasm32"))]
pub mod report;
pub mod run;
pub mod saves;
mod sight;

pub use args::{Cli, Verb};
pub use failure::CliError;

pub use crate::panics::message as panic_message;

/// Reads the command line (`argv` without the program's name): the parsed options, or clap's
/// error (its `exit()` prints it and exits 2; for `--help` and `--version`, prints and exits 0).
pub fn parse(argv: &[String]) -> Result<Cli, clap::Error> {
    use clap::Parser;
    Cli::try_parse_from(std::iter::once("bayonet".to_owned()).chain(argv.iter().cloned()))
}

/// Runs a subcommand that needs no window; returns the process exit code, or `None` for the
/// window's own subcommands.
pub fn run(cmd: &Verb) -> Option<i32> {
    let (name, result, json) = match cmd {
        Verb::Check(a) => ("check", check::run(a), a.json),
        Verb::List(a) => ("list", list::run(a), a.json),
        Verb::Odds(a) => ("odds", melee::run(a, None), a.json),
        Verb::Fire(a) => ("fire", fire::run(a), a.json),
        Verb::Sight(a) => ("sight", sight::run(a), a.json),
        Verb::Resolve(a) => (
            "resolve",
            a.seed
                .ok_or_else(|| CliError::Option("resolve needs --seed N".to_owned()))
                .and_then(|seed| melee::run(&a.melee, Some(seed))),
            a.melee.json,
        ),
        Verb::Run(a) => ("run", run::run(a), a.json),
        Verb::Replay(a) => ("replay", saves::replay(a), a.json),
        Verb::Autoplay(a) => ("autoplay", autoplay::run(a), a.json),
        Verb::Duel(a) => ("duel", duel::run(a), a.json),
        Verb::Campaign(a) if a.autoplay || a.status || !cfg!(feature = "client") => {
            ("campaign", campaign::run(a), a.json)
        }
        Verb::Campaign(_) => return None,
        #[cfg(not(target_arch = "wasm32"))]
        Verb::Report(a) => ("report", report::run(a), a.json),
        #[cfg(not(target_arch = "wasm32"))]
        Verb::Serve(a) => return Some(crate::serve::run(a)),
        #[cfg(not(target_arch = "wasm32"))]
        Verb::Remote { seat } => return Some(remote::run(seat)),
        #[cfg(not(target_arch = "wasm32"))]
        Verb::Completions { shell } => {
            use clap::CommandFactory;
            clap_complete::generate(
                *shell,
                &mut Cli::command(),
                "bayonet",
                &mut std::io::stdout(),
            );
            return Some(0);
        }
        Verb::Edit(_) | Verb::Play(_) | Verb::Watch(_) | Verb::Join(_) | Verb::Lesson(_) => {
            return None;
        }
        #[cfg(not(target_arch = "wasm32"))]
        Verb::Host(_) => return None,
    };
    Some(result.unwrap_or_else(|e| {
        if json {
            println!(
                "{}",
                serde_json::json!({ "ok": false, "error": e.to_string() })
            );
        } else {
            eprintln!("bayonet {name}: {e}");
        }
        1
    }))
}
