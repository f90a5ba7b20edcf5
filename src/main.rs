//! The `bayonet` binary: a subcommand of the adjudicator, or the game window.

fn main() {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    if let Some(code) = bayonet::cli::run(&argv) {
        std::process::exit(code);
    }
    std::process::exit(open_game(&argv));
}

#[cfg(feature = "client")]
fn open_game(argv: &[String]) -> i32 {
    let mut scenario_path = None;
    let mut from = None;
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
        (None, Some(p)) => bayonet::rules::scenario::load_file(p),
        (None, None) => bayonet::rules::scenario::parse(
            bayonet::DEFAULT_SCENARIO_PATH,
            bayonet::DEFAULT_SCENARIO,
        ),
    };
    match loaded {
        Ok(s) => bayonet::client::run(s, screenshot, script, from),
        Err(e) => {
            eprintln!("{e}");
            1
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
