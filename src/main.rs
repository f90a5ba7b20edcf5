//! The `bayonet` binary: a subcommand of the adjudicator, or the game window.

fn main() {
    #[allow(unused_mut)]
    let mut argv: Vec<String> = std::env::args().skip(1).collect();
    // In the browser the page's address carries the options: `?scenario=maps/test_melee.ron`.
    #[cfg(target_arch = "wasm32")]
    if let Some(q) = web_sys::window().and_then(|w| w.location().search().ok()) {
        for pair in q
            .trim_start_matches('?')
            .split('&')
            .filter(|p| !p.is_empty())
        {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            argv.push(format!("--{k}"));
            if !v.is_empty() {
                argv.push(
                    v.replace("%2F", "/")
                        .replace("%2C", ",")
                        .replace("%3E", ">"),
                );
            }
        }
    }
    if let Some(code) = bayonet::cli::run(&argv) {
        std::process::exit(code);
    }
    let code = open_game(&argv);
    // In the browser the game runs on after `main` returns (the page's event loop).
    if code != 0 || !cfg!(target_arch = "wasm32") {
        std::process::exit(code);
    }
}

#[cfg(feature = "client")]
fn open_game(argv: &[String]) -> i32 {
    let mut scenario_path = None;
    let mut from = None;
    let mut computer: Option<String> = None;
    let mut screenshot = None;
    let mut script = bayonet::client::StartupOrders::default();
    let mut it = argv.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--scenario" => scenario_path = it.next().cloned(),
            "--screenshot" => screenshot = it.next().cloned(),
            // Scripted openings, for demonstrations and screenshots.
            "--declare" => match it
                .next()
                .map(|s| bayonet::client::StartupOrders::parse_drag(s))
            {
                Some(Ok(d)) => script.declares.push(d),
                Some(Err(e)) => {
                    eprintln!("bayonet: --declare: {e}");
                    return 2;
                }
                None => {
                    eprintln!("bayonet: --declare needs FROM>TO, e.g. 14,4>13,4");
                    return 2;
                }
            },
            "--resolve" => script.resolve = true,
            "--aids" | "--select" | "--sight" | "--size" => {
                let Some(v) = it.next() else {
                    eprintln!("bayonet: {a} needs a value (see --help)");
                    return 2;
                };
                let done = match a.as_str() {
                    "--aids" => {
                        bayonet::client::StartupOrders::parse_aids(v).map(|x| script.aids = x)
                    }
                    "--select" => bayonet::cli::args::coord(v).map(|c| script.select = Some(c)),
                    "--sight" => bayonet::client::StartupOrders::parse_drag(v)
                        .map(|d| script.sight = Some(d)),
                    _ => {
                        bayonet::client::StartupOrders::parse_size(v).map(|s| script.size = Some(s))
                    }
                };
                if let Err(e) = done {
                    eprintln!("bayonet: {a}: {e}");
                    return 2;
                }
            }
            "--dialog" => script.dialog = true,
            // Who the computer plays: a side's name, `both` or `none`; skips the start dialog.
            "--computer" => computer = it.next().cloned(),
            "play" => match it.next().map(|p| bayonet::cli::saves::read(p)) {
                Some(Ok(s)) => from = Some(s),
                Some(Err(e)) => {
                    eprintln!("{e}");
                    return 1;
                }
                None => {
                    eprintln!("bayonet play: expected a SAVE file");
                    return 2;
                }
            },
            "--help" | "-h" => {
                println!("{}", bayonet::cli::USAGE);
                return 0;
            }
            other => {
                eprintln!(
                    "bayonet: unknown argument `{other}`\n{}",
                    bayonet::cli::USAGE
                );
                return 2;
            }
        }
    }
    let loaded = match (&from, &scenario_path) {
        (Some(s), _) => bayonet::sim::save::scenario_of(s),
        (None, Some(p)) => bayonet::load_scenario(p),
        (None, None) => bayonet::rules::scenario::parse(
            bayonet::DEFAULT_SCENARIO_PATH,
            bayonet::DEFAULT_SCENARIO,
        ),
    };
    match loaded {
        Ok(s) => {
            let players = match computer.as_deref().map(|c| players_for(&s, c)) {
                Some(Err(e)) => {
                    eprintln!("bayonet: --computer: {e}");
                    return 2;
                }
                Some(Ok(p)) => Some(p),
                None => None,
            };
            bayonet::client::run(s, screenshot, script, from, players)
        }
        Err(e) => {
            eprintln!("{e}");
            1
        }
    }
}

/// `--computer NAME|both|none` as who plays each side.
#[cfg(feature = "client")]
fn players_for(
    s: &bayonet::rules::scenario::Scenario,
    choice: &str,
) -> Result<[Option<bayonet::sim::Brain>; 2], String> {
    use bayonet::sim::Brain::Computer;
    match choice.to_lowercase().as_str() {
        "both" => Ok([Some(Computer), Some(Computer)]),
        "none" => Ok([None, None]),
        name => {
            let i = s
                .sides
                .iter()
                .position(|x| x.name.to_lowercase() == name)
                .ok_or_else(|| {
                    format!("no side `{choice}`; expected a side's name, both or none")
                })?;
            let mut p = [None, None];
            p[i] = Some(Computer);
            Ok(p)
        }
    }
}

#[cfg(not(feature = "client"))]
fn open_game(_argv: &[String]) -> i32 {
    eprintln!(
        "this build has no window (built without the `client` feature)\n{}",
        bayonet::cli::USAGE
    );
    2
}
