//! The `bayonet` binary: a subcommand of the adjudicator, or the game window.

use bayonet::cli::Cli;

fn main() {
    #[cfg(not(target_arch = "wasm32"))]
    end_quietly_on_a_closed_pipe();
    #[allow(unused_mut)]
    let mut argv: Vec<String> = std::env::args().skip(1).collect();
    // In the browser the page's address carries the options: `?scenario=maps/test_melee.ron`.
    #[cfg(target_arch = "wasm32")]
    if let Some(w) = web_sys::window() {
        let location = w.location();
        let query = location.search().unwrap_or_default();
        // An invite link puts the invite after `#`, which the browser never sends to a server
        // (nor a proxy's log); an older `?invite=` link still opens. Either way the address
        // bar and the history keep the page without it.
        let fragment = location.hash().unwrap_or_default();
        argv.extend(bayonet::cli::args::from_query(&query));
        argv.extend(bayonet::cli::args::from_query(
            fragment.trim_start_matches('#'),
        ));
        if query.contains("invite=") || fragment.contains("invite=") {
            let kept = bayonet::cli::args::without_invite(&query);
            let path = location.pathname().unwrap_or_default();
            if let Ok(h) = w.history() {
                let _ = h.replace_state_with_url(
                    &wasm_bindgen::JsValue::NULL,
                    "",
                    Some(&format!("{path}{kept}")),
                );
            }
        }
    }
    let cli = match bayonet::cli::parse(&argv) {
        Ok(c) => c,
        // A page has no terminal for the usage, and a link may carry keys of its own (a
        // tracker's, say): the game opens as if the address had none, and the console says why.
        #[cfg(target_arch = "wasm32")]
        Err(e) => {
            let why = format!("bayonet: the page's address is ignored: {e}");
            web_sys::console::warn_1(&why.into());
            bayonet::cli::Cli::default()
        }
        #[cfg(not(target_arch = "wasm32"))]
        Err(e) => e.exit(),
    };
    #[cfg(not(target_arch = "wasm32"))]
    if let Some(ca) = &cli.ca
        && let Err(e) = bayonet::remote::trust_ca(ca)
    {
        eprintln!("bayonet: {e}");
        std::process::exit(2);
    }
    if let Some(code) = cli.command.as_ref().and_then(bayonet::cli::run) {
        std::process::exit(code);
    }
    let code = open_game(cli);
    // In the browser the game runs on after `main` returns (the page's event loop).
    if code != 0 || !cfg!(target_arch = "wasm32") {
        std::process::exit(code);
    }
}

/// A reader that stops early (`bayonet odds … | head`) closes the pipe, and the next line
/// printed would panic: end as a Unix tool does when its reader goes (exit 141, 128 + SIGPIPE),
/// quietly, with what was printed printed.
#[cfg(not(target_arch = "wasm32"))]
fn end_quietly_on_a_closed_pipe() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = bayonet::cli::panic_message(info);
        if message.starts_with("failed printing to stdout") && message.contains("Broken pipe") {
            std::process::exit(141);
        }
        default(info);
    }));
}

/// `bayonet edit [FILE] [--new WxH] [--screenshot OUT.png] [--size WxH]`: the scenario editor.
#[cfg(feature = "client")]
fn open_editor(a: bayonet::cli::args::Edit) -> i32 {
    let path = a.file.unwrap_or_else(|| "new_scenario.ron".to_owned());
    let doc = if std::path::Path::new(&path).exists() {
        match bayonet::editor::Document::open(&path) {
            Ok(d) => d,
            Err(e) => {
                eprintln!("{e}");
                return 1;
            }
        }
    } else {
        bayonet::editor::Document::new(&path, a.new.0, a.new.1)
    };
    let author = a
        .author
        .or_else(|| std::env::var("USER").ok())
        .unwrap_or_else(|| "a player".into());
    let publish = bayonet::client::editor::PublishTo {
        server: a.server,
        author,
    };
    bayonet::client::editor::run(doc, a.screenshot, a.size, publish)
}

/// `bayonet campaign FILE [--save SAVE]`: the campaign's screen over its next battle (or over
/// its last, once it is over), resumed from its save when there is one.
#[cfg(feature = "client")]
fn open_campaign(a: bayonet::cli::args::CampaignArgs, outer: bayonet::cli::args::Window) -> i32 {
    use bayonet::client::dialogs::campaign::{UnderWay, default_save};
    let w = a.window.clone().or(outer);
    let save = a
        .save
        .clone()
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| default_save(&a.file));
    // The desktop's file, or the browser page's storage.
    let campaign = match bayonet::client::dialogs::campaign::read_save(&save) {
        Some(text) => bayonet::campaign::Campaign::from_text(&save.to_string_lossy(), &text),
        None => bayonet::campaign::begin(&a.file),
    };
    let campaign = match campaign {
        Ok(c) => c,
        Err(e) => {
            eprintln!("bayonet campaign: {e}");
            return 1;
        }
    };
    // The battle under way where it was left, else the next one from its start.
    let battle = match campaign.battle_to_open() {
        Some(b) => b,
        // Over: its screen stands over the last battle fought, as history had it.
        None => {
            let last = campaign
                .fought
                .last()
                .map(|f| f.battle.clone())
                .unwrap_or_default();
            let path = campaign
                .plan()
                .battle(&last)
                .map(|b| b.scenario.clone())
                .unwrap_or_default();
            bayonet::load_scenario(&path).map(|start| bayonet::campaign::Opening {
                start,
                changes: Vec::new(),
                under_way: None,
            })
        }
    };
    let bayonet::campaign::Opening {
        start: scenario,
        changes,
        under_way,
    } = match battle {
        Ok(b) => b,
        Err(e) => {
            eprintln!("bayonet campaign: {e}");
            return 1;
        }
    };
    let script = bayonet::client::StartupOrders {
        size: w.size,
        dialog: w.dialog,
        zoom: w.zoom,
        layout_only: w.layout_only,
        campaign: Some(UnderWay {
            campaign,
            save,
            changes,
        }),
        ..Default::default()
    };
    bayonet::client::run(scenario, w.screenshot, script, under_way, None)
}

#[cfg(feature = "client")]
fn open_game(cli: Cli) -> i32 {
    use bayonet::cli::Verb;
    if let Some(Verb::Campaign(a)) = &cli.command {
        return open_campaign(a.clone(), cli.window);
    }
    let watch = matches!(cli.command, Some(Verb::Watch(_)));
    let Asked {
        window: w,
        from,
        mut join,
        host,
    } = match asked(cli) {
        Ok(a) => a,
        Err(code) => return code,
    };
    // In the browser the page's address carries an invite (its server is the page's).
    if let Some(i) = &w.invite {
        join = Some((String::new(), i.clone()));
    }
    let scenario_path = w.scenario;
    let rules = w.rules;
    let screenshot = w.screenshot;
    let computer = w.computer;
    let script = bayonet::client::StartupOrders {
        declares: w.declare,
        resolve: w.resolve,
        dialog: w.dialog,
        aids: w.aids,
        select: w.select,
        sight: w.sight,
        size: w.size,
        zoom: w.zoom,
        look: w.look,
        watch,
        open: w.open,
        lesson: w.lesson,
        layout_only: w.layout_only,
        campaign: None,
    };
    #[cfg(not(target_arch = "wasm32"))]
    if let Some(h) = host {
        return host_game(
            h,
            scenario_path.as_deref(),
            rules.as_deref(),
            screenshot,
            script,
        );
    }
    #[cfg(not(target_arch = "wasm32"))]
    if let Some((url, invite)) = join {
        return match bayonet::client::online::seat::connect(&url, &invite) {
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
        bayonet::client::online::seat::connect_in_page(invite, screenshot, script);
        return 0;
    }
    // A lesson of the boot camp: its scenario, the other side held or played by the computer.
    if let Some(n) = script.lesson {
        // A lesson's field is small: all of it in view, whatever the window.
        let mut script = script;
        script.zoom.get_or_insert(bayonet::cli::args::Zoom::Whole);
        return match bayonet::lesson::open(n) {
            // Who plays is the lesson's (`client::lesson::install`).
            Ok((_, s)) => bayonet::client::run(s, screenshot, script, None, None),
            Err(e) => {
                eprintln!("{e}");
                1
            }
        };
    }
    let opening = Opening {
        from,
        scenario_path,
        rules,
        computer,
    };
    open_battle(opening, screenshot, script)
}

/// What the command asks the window to open: its window options, a save to play or watch,
/// a game online to join, a game to host.
#[cfg(feature = "client")]
struct Asked {
    window: bayonet::cli::args::Window,
    from: Option<bayonet::save::SaveGame>,
    join: Option<(String, String)>,
    #[cfg(not(target_arch = "wasm32"))]
    host: Option<bayonet::cli::args::Host>,
    #[cfg(target_arch = "wasm32")]
    host: Option<()>,
}

/// The command's verb read: what to open, or the exit code when it is done already (the
/// editor ran) or cannot be (a save that does not read).
#[cfg(feature = "client")]
fn asked(cli: Cli) -> Result<Asked, i32> {
    use bayonet::cli::Verb;
    let outer = cli.window;
    let mut from = None;
    // `watch SAVE` opens as `play SAVE` does, then replays it from its first order.
    let watch = matches!(cli.command, Some(Verb::Watch(_)));
    // Online: `join URL INVITE`, or `host` (a server here and a new game on it).
    let mut join: Option<(String, String)> = None;
    #[cfg(not(target_arch = "wasm32"))]
    let mut host: Option<bayonet::cli::args::Host> = None;
    // (No server in a page.)
    #[cfg(target_arch = "wasm32")]
    let host: Option<()> = None;
    let w = match cli.command {
        Some(Verb::Edit(a)) => return Err(open_editor(a)),
        Some(Verb::Play(a) | Verb::Watch(a)) => {
            let dir = bayonet::places::saves_dir();
            match a.save.as_deref() {
                // `play` alone: the start dialog, where a save can be loaded too (issue 59: it
                // was an error).
                None if !watch => {}
                None => {
                    eprintln!(
                        "bayonet watch: which game? Give a save: `bayonet watch SAVE`{}",
                        dir.as_ref()
                            .map(|d| format!(" (the game's saves are in {})", d.display()))
                            .unwrap_or_default()
                    );
                    return Err(2);
                }
                Some(save) => {
                    let path = bayonet::places::find_save(save, dir.as_deref());
                    match bayonet::cli::saves::read(&path.to_string_lossy()) {
                        Ok(s) => from = Some(s),
                        Err(e) => {
                            eprintln!("{e}");
                            return Err(1);
                        }
                    }
                }
            }
            a.window.or(outer)
        }
        Some(Verb::Join(a)) => {
            join = Some((a.url, a.invite));
            a.window.or(outer)
        }
        Some(Verb::Lesson(a)) => {
            let mut w = a.window.or(outer);
            w.lesson = Some(a.number);
            w
        }
        #[cfg(not(target_arch = "wasm32"))]
        Some(Verb::Host(a)) => {
            let window = a.window.clone().or(outer);
            host = Some(a);
            window
        }
        _ => outer,
    };
    Ok(Asked {
        window: w,
        from,
        join,
        host,
    })
}

/// What a battle in the window opens from: a save, or a scenario with the rules and players
/// the command line chose.
#[cfg(feature = "client")]
struct Opening {
    from: Option<bayonet::save::SaveGame>,
    scenario_path: Option<String>,
    rules: Option<String>,
    computer: Option<String>,
}

/// Opens the window on a battle: a save's, a scenario file's, or the default.
#[cfg(feature = "client")]
fn open_battle(
    o: Opening,
    screenshot: Option<String>,
    script: bayonet::client::StartupOrders,
) -> i32 {
    let Opening {
        from,
        scenario_path,
        rules,
        computer,
    } = o;
    let loaded = match (&from, &scenario_path) {
        (Some(s), _) => bayonet::save::scenario_of(s),
        (None, Some(p)) => bayonet::load_scenario(p),
        (None, None) => bayonet::rules::scenario::parse(
            bayonet::DEFAULT_SCENARIO_PATH,
            bayonet::DEFAULT_SCENARIO,
        ),
    };
    match loaded {
        Ok(mut s) => {
            let fresh = from.is_none();
            let (computer, rules) = (computer.as_deref(), rules.as_deref());
            let players =
                match bayonet::client::new_battle(&mut s, fresh, computer, rules, opponent()) {
                    Ok(p) => p,
                    Err(e) => {
                        eprintln!("bayonet: {e}");
                        return 2;
                    }
                };
            bayonet::client::run(s, screenshot, script, from, players)
        }
        Err(e) => {
            eprintln!("{e}");
            1
        }
    }
}

/// `bayonet host`: a server here and a new game on it; the host plays one side in this
/// window, and the other side's invite is printed for the friend.
#[cfg(all(feature = "client", not(target_arch = "wasm32")))]
fn host_game(
    h: bayonet::cli::args::Host,
    scenario_path: Option<&str>,
    rules: Option<&str>,
    screenshot: Option<String>,
    script: bayonet::client::StartupOrders,
) -> i32 {
    let scenario = scenario_path.unwrap_or(bayonet::DEFAULT_SCENARIO_PATH);
    let listen = h.listen;
    let db = h.db.unwrap_or_else(bayonet::places::default_db);
    let hosted = bayonet::serve::tls_files(h.tls_cert.as_ref(), h.tls_key.as_ref())
        .and_then(|tls| bayonet::serve::host(&listen, &db, scenario, rules, tls));
    let (runtime, local, made) = match hosted {
        Ok(h) => h,
        Err(e) => {
            eprintln!("bayonet host: {e}");
            return 1;
        }
    };
    let scheme = local.split("://").next().unwrap_or("http").to_owned();
    let port = local.rsplit(':').next().unwrap_or("7878").to_owned();
    // Listening on every interface: the address a friend on the network would use.
    let host_part = listen.rsplit_once(':').map_or("", |(h, _)| h);
    let friend = if matches!(host_part, "" | "0.0.0.0" | "[::]") {
        format!("{scheme}://{}:{port}", bayonet::serve::reachable_address())
    } else {
        format!("{scheme}://{host_part}:{port}")
    };
    let side = |n: usize| {
        made.sides
            .get(n)
            .map_or_else(Default::default, |s| (s.name.clone(), s.invite.clone()))
    };
    // `--side NAME`, else the side that moves first: the host plays at once while the
    // friend is sent the invite, rather than opening onto a wait.
    let first = made.sides.first().and_then(|s| {
        bayonet::remote::Seat::new(&local, Some(&s.invite))
            .state()
            .ok()
            .map(|st| st.side)
    });
    let n = match &h.side {
        Some(name) => match made
            .sides
            .iter()
            .position(|s| s.name.eq_ignore_ascii_case(name.trim()))
        {
            Some(n) => n,
            None => {
                let names: Vec<&str> = made.sides.iter().map(|s| s.name.as_str()).collect();
                eprintln!(
                    "bayonet host: --side {name}: this battle's sides are {}",
                    names.join(" and ")
                );
                return 2;
            }
        },
        None => made
            .sides
            .iter()
            .position(|s| Some(s.side) == first)
            .unwrap_or(0),
    };
    let ((mine, my_invite), (theirs, their_invite)) = (side(n), side(1 - n.min(1)));
    println!(
        "Hosting {scenario} at {friend} (game {}). You play the {mine}.\n\
         Send your opponent, who plays the {theirs}:\n  \
         desktop:  bayonet join {friend} {their_invite}\n  \
         browser:  {friend}/#invite={their_invite}  (a server given --site)\n\
         Your own invite, to come back later: bayonet join {friend} {my_invite}",
        made.game
    );
    let code = match bayonet::client::online::seat::connect(&local, &my_invite) {
        Ok((s, joined)) => {
            bayonet::client::run_seat(s, screenshot, script, None, None, Some(joined))
        }
        Err(e) => {
            eprintln!("bayonet host: {e}");
            1
        }
    };
    drop(runtime);
    code
}

/// The opponent last chosen in the start dialog: `--computer`'s level where it names none.
#[cfg(feature = "client")]
fn opponent() -> bayonet::sim::Opponent {
    let file = bayonet::client::theme::settings::SettingsFile::from_env();
    bayonet::client::theme::settings::load(&file).0.opponent
}

#[cfg(not(feature = "client"))]
fn open_game(_cli: Cli) -> i32 {
    eprintln!(
        "this build has no window (built without the `client` feature); `bayonet --help` lists \
         the subcommands it has"
    );
    2
}
