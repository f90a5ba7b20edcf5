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

/// `bayonet edit [FILE] [--new WxH] [--screenshot OUT.png] [--size WxH]`: the scenario editor.
#[cfg(feature = "client")]
fn open_editor(argv: &[String]) -> i32 {
    let mut file = None;
    let mut size = (40, 30);
    let mut screenshot = None;
    let mut window = None;
    let mut it = argv.iter();
    let parse_size = |v: Option<&String>| {
        v.and_then(|v| v.split_once(['x', 'X']))
            .and_then(|(w, h)| Some((w.parse::<u32>().ok()?, h.parse::<u32>().ok()?)))
            .filter(|(w, h)| (2..=1000).contains(w) && (2..=1000).contains(h))
    };
    while let Some(a) = it.next() {
        match a.as_str() {
            "--new" => match parse_size(it.next()) {
                Some(s) => size = s,
                None => {
                    eprintln!("bayonet edit: --new needs a size WxH, 2 to 1000 each way (40x30)");
                    return 2;
                }
            },
            "--size" => match parse_size(it.next()) {
                Some(s) => window = Some(s),
                None => {
                    eprintln!("bayonet edit: --size needs WxH in pixels");
                    return 2;
                }
            },
            "--screenshot" => screenshot = it.next().cloned(),
            f if !f.starts_with("--") && file.is_none() => file = Some(f.to_owned()),
            other => {
                eprintln!(
                    "bayonet edit: unknown argument `{other}`\n{}",
                    bayonet::cli::USAGE
                );
                return 2;
            }
        }
    }
    let path = file.unwrap_or_else(|| "new_scenario.ron".to_owned());
    let doc = if std::path::Path::new(&path).exists() {
        match bayonet::editor::Document::open(&path) {
            Ok(d) => d,
            Err(e) => {
                eprintln!("{e}");
                return 1;
            }
        }
    } else {
        bayonet::editor::Document::new(&path, size.0, size.1)
    };
    bayonet::client::editor::run(doc, screenshot, window)
}

#[cfg(feature = "client")]
fn open_game(argv: &[String]) -> i32 {
    if argv.first().map(String::as_str) == Some("edit") {
        return open_editor(&argv[1..]);
    }
    let mut scenario_path = None;
    let mut from = None;
    let mut computer: Option<String> = None;
    let mut screenshot = None;
    let mut script = bayonet::client::StartupOrders::default();
    // Online: `join URL INVITE`, or `host` (a server here and a new game on it).
    let mut join: Option<(String, String)> = None;
    let mut host: Option<(String, String)> = None;
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
            "join" => match (it.next(), it.next()) {
                (Some(u), Some(i)) => join = Some((u.clone(), i.clone())),
                _ => {
                    eprintln!("bayonet join: expected the server's address and an invite");
                    return 2;
                }
            },
            #[cfg(not(target_arch = "wasm32"))]
            "host" => {
                host = Some((
                    bayonet::serve::DEFAULT_LISTEN.to_owned(),
                    bayonet::serve::DEFAULT_DB.to_owned(),
                ))
            }
            "--listen" | "--db" if host.is_some() => {
                let Some(v) = it.next() else {
                    eprintln!("bayonet host: {a} needs a value");
                    return 2;
                };
                if let Some(h) = host.as_mut() {
                    if a == "--listen" {
                        h.0 = v.clone();
                    } else {
                        h.1 = v.clone();
                    }
                }
            }
            // In the browser the page's address carries an invite (its server is the page's).
            "--invite" => match it.next() {
                Some(i) => join = Some((String::new(), i.clone())),
                None => {
                    eprintln!("bayonet: --invite needs an invite");
                    return 2;
                }
            },
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
    #[cfg(not(target_arch = "wasm32"))]
    if let Some((listen, db)) = host {
        let scenario = scenario_path
            .clone()
            .unwrap_or_else(|| bayonet::DEFAULT_SCENARIO_PATH.to_owned());
        let (runtime, local, made) = match bayonet::serve::host(&listen, &db, &scenario) {
            Ok(h) => h,
            Err(e) => {
                eprintln!("bayonet host: {e}");
                return 1;
            }
        };
        let port = local.rsplit(':').next().unwrap_or("7878").to_owned();
        // Listening on every interface: the address a friend on the network would use.
        let host_part = listen.rsplit_once(':').map_or("", |(h, _)| h);
        let friend = if matches!(host_part, "" | "0.0.0.0" | "[::]") {
            format!("http://{}:{port}", bayonet::serve::reachable_address())
        } else {
            format!("http://{host_part}:{port}")
        };
        let side = |n: usize| {
            (
                made["sides"][n]["name"].as_str().unwrap_or("?").to_owned(),
                made["sides"][n]["invite"].as_str().unwrap_or("").to_owned(),
            )
        };
        let ((mine, my_invite), (theirs, their_invite)) = (side(0), side(1));
        println!(
            "Hosting {scenario} at {friend} (game {}). You play the {mine}.\n\
             Send your opponent, who plays the {theirs}:\n  \
             desktop:  bayonet join {friend} {their_invite}\n  \
             browser:  {friend}/?invite={their_invite}  (a server given --site)\n\
             Your own invite, to come back later: bayonet join {friend} {my_invite}",
            made["game"].as_str().unwrap_or("?")
        );
        let code = match bayonet::client::online::connect(&local, &my_invite) {
            Ok((s, joined)) => {
                bayonet::client::run_seat(s, screenshot, script, None, None, Some(joined))
            }
            Err(e) => {
                eprintln!("bayonet host: {e}");
                1
            }
        };
        drop(runtime);
        return code;
    }
    #[cfg(not(target_arch = "wasm32"))]
    if let Some((url, invite)) = join {
        return match bayonet::client::online::connect(&url, &invite) {
            Ok((s, joined)) => {
                bayonet::client::run_seat(s, screenshot, script, None, None, Some(joined))
            }
            Err(e) => {
                eprintln!("bayonet join: {e}");
                1
            }
        };
    }
    #[cfg(target_arch = "wasm32")]
    let _ = &host;
    #[cfg(target_arch = "wasm32")]
    if let Some((_, invite)) = join {
        bayonet::client::online::connect_in_page(invite, screenshot, script);
        return 0;
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
