//! The command-line adjudicator, run as a user would: `bayonet check | odds | resolve`.

use std::process::Command;

use serde_json::Value;

fn bayonet(args: &[&str]) -> (i32, Value, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_bayonet"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs");
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    let json = serde_json::from_str(&stdout).unwrap_or(Value::Null);
    (
        out.status.code().unwrap_or(-1),
        json,
        stdout + &String::from_utf8_lossy(&out.stderr),
    )
}

#[test]
fn check_accepts_every_map_and_summarises() {
    for f in [
        "maps/harpers_crossing.ron",
        "maps/test_melee.ron",
        "maps/test_skirmish.ron",
    ] {
        let (code, v, text) = bayonet(&["check", f, "--json"]);
        assert_eq!(code, 0, "{text}");
        assert_eq!(v["ok"], true);
    }
    let (_, v, _) = bayonet(&["check", "maps/harpers_crossing.ron", "--json"]);
    assert_eq!(v["width"], 28);
    assert_eq!(v["units"]["Union"]["infantry"], 7);
    assert_eq!(v["hexside_features"]["ford"], 1);
    assert!(v["terrain"]["water"].as_u64().unwrap() > 0);
}

#[test]
fn check_rejects_a_broken_file_with_exit_1() {
    let dir = std::env::temp_dir().join("bayonet-cli-test");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("broken.ron");
    let text = include_str!("../maps/test_melee.ron").replace("width: 10,", "width: ten,");
    std::fs::write(&path, text).unwrap();
    let (code, v, _) = bayonet(&["check", path.to_str().unwrap(), "--json"]);
    assert_eq!(code, 1);
    assert_eq!(v["ok"], false);
    assert!(v["line"].as_u64().unwrap() > 0);
    let (code, _, text) = bayonet(&["check", path.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(text.contains("broken.ron:"), "{text}");
}

#[test]
fn odds_print_the_breakdown_without_rolling() {
    let (code, v, text) = bayonet(&[
        "odds",
        "maps/test_melee.ron",
        "--attack",
        "4,4",
        "--defend",
        "5,4",
        "--json",
    ]);
    assert_eq!(code, 0, "{text}");
    assert_eq!(v["legal"], true);
    assert_eq!(v["attack_base"], 450.0);
    assert_eq!(v["defense_base"], 230.0);
    assert_eq!(v["modifiers"][0]["percent"], 10);
    assert_eq!(v["modifiers"][0]["side"], "attacker");
    let range = v["defender_loss_range"].as_array().unwrap();
    assert!((range[0].as_f64().unwrap() - 12.375).abs() < 1e-9);
    assert!((v["attacker_loss_range"][1].as_f64().unwrap() - 46.0).abs() < 1e-9);
    let p = v["attacker_win_probability"].as_f64().unwrap();
    assert!(p > 0.0 && p < 1.0);
    assert!(v.get("loser").is_none());
}

#[test]
fn illegal_melees_still_print_the_breakdown() {
    let (code, v, _) = bayonet(&[
        "odds",
        "maps/test_melee.ron",
        "--attack",
        "2,6",
        "--defend",
        "3,6",
        "--json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(v["legal"], false);
    assert_eq!(v["violations"][0]["rule"], 5);
    assert_eq!(v["violations"][0]["unit"]["id"], 3);
    assert_eq!(v["attack_base"], 300.0);
}

#[test]
fn resolve_rolls_through_the_simulation_and_repeats_with_the_seed() {
    let args = [
        "resolve",
        "maps/test_melee.ron",
        "--attack",
        "4,4",
        "--defend",
        "5,4",
        "--seed",
        "3",
        "--json",
    ];
    let (code, v, text) = bayonet(&args);
    assert_eq!(code, 0, "{text}");
    for key in [
        "attacker_loss",
        "defender_loss",
        "loser",
        "losses",
        "fatigue",
        "morale",
        "retreats",
        "eliminated",
        "captured",
        "advanced",
    ] {
        assert!(v.get(key).is_some(), "missing {key}");
    }
    let (_, again, _) = bayonet(&args);
    assert_eq!(v, again);
    let loser = v["loser"].as_str().unwrap();
    assert!(loser == "attacker" || loser == "defender");
    if loser == "defender" {
        assert_eq!(v["retreats"][0]["from"], serde_json::json!([5, 4]));
    }
}

#[test]
fn optional_rules_and_night_from_the_command_line() {
    let (_, v, _) = bayonet(&[
        "odds",
        "maps/test_melee.ron",
        "--attack",
        "6,2",
        "--defend",
        "7,2",
        "--rules",
        "quality,capture",
        "--night",
        "--json",
    ]);
    assert_eq!(v["night"], true);
    // Cavalry quality B: the lowest attacker is B, +10% under the quality rule.
    assert!(
        v["modifiers"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["name"].as_str().unwrap().contains("quality"))
    );
    let (code, _, text) = bayonet(&[
        "odds",
        "maps/test_melee.ron",
        "--attack",
        "6,2",
        "--defend",
        "7,2",
        "--rules",
        "bogus",
    ]);
    assert_eq!(code, 1);
    assert!(text.contains("unknown optional rule"));
}

#[test]
fn bad_arguments_are_explained() {
    let (code, _, text) = bayonet(&[
        "odds",
        "maps/test_melee.ron",
        "--attack",
        "x",
        "--defend",
        "5,4",
    ]);
    assert_eq!(code, 2);
    assert!(text.contains("COLUMN,ROW"), "{text}");
    let (code, _, text) = bayonet(&[
        "resolve",
        "maps/test_melee.ron",
        "--attack",
        "4,4",
        "--defend",
        "5,4",
    ]);
    assert_eq!(code, 1);
    assert!(text.contains("--seed"), "{text}");
}

#[test]
fn a_melee_broken_up_by_defensive_fire_is_an_outcome_not_a_refusal() {
    // The seed's worked example (450 attack 230): with seed 7 the defenders' half-strength fire
    // disrupts the attackers, so the melee is called off, and that is reported, with the fire.
    let args = [
        "resolve",
        "maps/test_melee.ron",
        "--attack",
        "4,4",
        "--defend",
        "5,4",
        "--seed",
        "7",
        "--json",
    ];
    let (code, v, text) = bayonet(&args);
    assert_eq!(code, 0, "{text}");
    let off = &v["called_off"];
    assert!(
        off["reason"]
            .as_str()
            .unwrap()
            .contains("fire broke the attack up"),
        "{off}"
    );
    let fire = off["fire"].as_array().unwrap();
    assert_eq!(fire.len(), 1);
    assert_eq!(fire[0]["morale"][0]["result"], "disrupted");
    assert!(v.get("loser").is_none());
    // The plain text says so, after the fire.
    let (code, _, text) = bayonet(&args[..8]);
    assert_eq!(code, 0);
    let fire_at = text.find("defensive fire:").expect(&text);
    let off_at = text.find("called off:").expect(&text);
    assert!(fire_at < off_at, "{text}");
    // Another seed: the melee goes ahead, and its defensive fire comes with the outcome.
    let (code, v, _) = bayonet(&[
        "resolve",
        "maps/test_melee.ron",
        "--attack",
        "4,4",
        "--defend",
        "5,4",
        "--seed",
        "3",
        "--json",
    ]);
    assert_eq!(code, 0);
    assert!(v.get("called_off").is_none());
    assert_eq!(v["defensive_fire"].as_array().unwrap().len(), 1);
}

#[test]
fn odds_give_the_whole_resolution_beside_the_melee_alone() {
    let (code, v, text) = bayonet(&[
        "odds",
        "maps/test_melee.ron",
        "--attack",
        "4,4",
        "--defend",
        "5,4",
        "--json",
    ]);
    assert_eq!(code, 0, "{text}");
    let melee_only = v["attacker_win_probability"].as_f64().unwrap();
    let w = &v["whole_resolution"];
    assert_eq!(w["melee_only_probability"].as_f64().unwrap(), melee_only);
    let whole = w["attacker_win_probability"].as_f64().unwrap();
    let off = w["called_off_probability"].as_f64().unwrap();
    // The defenders' half-strength fire (230 rifled muskets at 1 hex: 230 × 4 × ½, a loss of
    // 2.3 to 11.5 men) sometimes disrupts the one attacker: that calls the melee off, and the
    // chance to win is lower by about as much (see melee_odds for the comparison with 10,000
    // resolutions).
    assert!(off > 0.04 && off < 0.1, "{w}");
    assert!(whole < melee_only && whole > melee_only - 0.1, "{w}");
}

#[test]
fn melee_system_on_the_command_line_overrides_the_scenarios() {
    let base = [
        "maps/test_melee.ron",
        "--attack",
        "4,4",
        "--defend",
        "5,4",
        "--json",
    ];
    let run = |cmd: &str, extra: &[&str]| {
        let mut a = vec![cmd];
        a.extend(base);
        a.extend(extra);
        bayonet(&a)
    };
    let (code, v, text) = run("odds", &["--melee-system", "Austerlitz"]);
    assert_eq!(code, 0, "{text}");
    assert_eq!(v["system"], "Austerlitz");
    let p = v["attacker_win_probability"].as_f64().unwrap();
    assert!((p - 0.9228).abs() < 5e-5, "{p}");
    let (_, tiller, _) = run("odds", &[]);
    assert_eq!(tiller["system"], "Tiller");
    assert_ne!(
        tiller["attacker_win_probability"],
        v["attacker_win_probability"]
    );
    // resolve rolls under it; a name the game does not know is refused, naming those it does.
    let (code, v, text) = run("resolve", &["--seed", "3", "--melee-system", "Austerlitz"]);
    assert_eq!(code, 0, "{text}");
    assert_eq!(v["system"], "Austerlitz", "{v}");
    assert_eq!(
        v["attackers"][0]["adjustments"][0],
        "HC 25 x EF 4 x 450 men x F line 60 % / 1500 = 18.00"
    );
    // Impetus and La Bataille add their own distribution to the same top-level fields.
    let (code, v, text) = run("odds", &["--melee-system", "Impetus"]);
    assert_eq!(code, 0, "{text}");
    assert_eq!(v["system"], "Impetus");
    let o = &v["impetus"]["odds"];
    let sum = o["attacker_wins"].as_f64().unwrap()
        + o["no_decision"].as_f64().unwrap()
        + o["defender_wins"].as_f64().unwrap();
    assert!((sum - 1.0).abs() < 1e-9, "{o}");
    assert_eq!(v["attacker_win_probability"], o["attacker_wins"]);
    let (code, v, text) = run("odds", &["--melee-system", "LaBataille"]);
    assert_eq!(code, 0, "{text}");
    assert_eq!(
        v["assault"]["odds"]["results"].as_array().unwrap().len(),
        10
    );
    assert_eq!(
        v["attacker_win_probability"],
        v["assault"]["odds"]["attacker_wins"]
    );
    let (code, _, text) = run("odds", &["--melee-system", "Kriegsspiel"]);
    assert_eq!(code, 2, "{text}");
    assert!(
        text.contains(
            "unknown melee system `Kriegsspiel`; expected one of Tiller, Bodenstedt, Impetus, LaBataille, Austerlitz"
        ),
        "{text}"
    );
    let (code, v, text) = run("odds", &["--melee-system", "Bodenstedt"]);
    assert_eq!(code, 0, "{text}");
    assert_eq!(v["system"], "Bodenstedt");
    // 5 troops (CV 15) against 3 in front (CV 9): 1:1, the attacker wins on rows 5 and 6.
    assert!((v["attacker_win_probability"].as_f64().unwrap() - 1.0 / 3.0).abs() < 1e-12);
    assert_eq!(v["sector"]["column"], 1);
    assert_eq!(v["sector"]["rows"].as_array().unwrap().len(), 6);
    assert_eq!(
        v["sector"]["rows"][4]["cell"]["defender_digit"], -1,
        "row 5 of 1:1: +1/−1"
    );
}

/// The command line parsed as the binary parses it.
fn parse(argv: &[&str]) -> Result<bayonet::cli::Cli, clap::Error> {
    bayonet::cli::parse(&argv.iter().map(|s| s.to_string()).collect::<Vec<_>>())
}

/// The README's command list between its `bayonet --help` markers, as the README shows it.
fn readme_help() -> String {
    let readme = include_str!("../README.md");
    let start = readme
        .find("<!-- bayonet --help -->")
        .expect("the README marks its command list");
    let body = &readme[start..];
    let open = body
        .find("```text\n")
        .expect("a text block after the marker")
        + "```text\n".len();
    let close = body[open..].find("```").expect("the block closes");
    body[open..open + close].to_owned()
}

#[test]
fn help_lists_every_subcommand_and_the_readme_quotes_it() {
    let (code, _, text) = bayonet(&["--help"]);
    assert_eq!(code, 0, "{text}");
    for sub in [
        "check",
        "edit",
        "odds",
        "resolve",
        "run",
        "replay",
        "play",
        "autoplay",
        "duel",
        "list",
        "campaign",
        "host",
        "join",
        "serve",
        "remote",
        "completions",
    ] {
        assert!(
            text.lines()
                .any(|l| l.trim_start().starts_with(&format!("{sub} "))),
            "`{sub}` is missing from --help:\n{text}"
        );
    }
    assert!(text.contains("--scenario <FILE>"), "{text}");
    assert_eq!(
        readme_help(),
        text,
        "the README's command list is not `bayonet --help`: paste the new help between its markers"
    );
}

#[test]
fn the_parser_is_well_formed() {
    // clap checks names, ids and positions of every subcommand only when asked (or when that
    // subcommand is parsed): a clash would otherwise panic the first user to type it.
    use clap::CommandFactory;
    bayonet::cli::Cli::command().debug_assert();
}

#[test]
fn each_subcommand_has_its_own_help() {
    let (code, _, text) = bayonet(&["autoplay", "--help"]);
    assert_eq!(code, 0, "{text}");
    assert!(
        text.contains("Usage: bayonet autoplay [OPTIONS] <FILE>"),
        "{text}"
    );
    for o in [
        "--seed <N>",
        "--hold <SIDE>",
        "--rules",
        "--melee-system",
        "--json",
    ] {
        assert!(text.contains(o), "autoplay --help lacks {o}:\n{text}");
    }
    let (code, _, text) = bayonet(&["remote", "play", "--help"]);
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("--orders <ORDERS.ron>"), "{text}");
    let (code, _, text) = bayonet(&["help", "odds"]);
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("--defend <C,R>"), "{text}");
}

#[test]
fn a_bad_option_is_named_with_a_hint_and_exit_2() {
    let (code, _, text) = bayonet(&["odds", "maps/test_melee.ron", "--bogus"]);
    assert_eq!(code, 2, "{text}");
    assert!(text.contains("unexpected argument '--bogus'"), "{text}");
    assert!(text.contains("Usage: bayonet odds"), "{text}");
    // A near miss is told the option it was meant to be.
    let (code, _, text) = bayonet(&["check", "maps/test_melee.ron", "--jsn"]);
    assert_eq!(code, 2, "{text}");
    assert!(text.contains("'--json'"), "{text}");
    let (code, _, text) = bayonet(&["chek", "maps/test_melee.ron"]);
    assert_eq!(code, 2, "{text}");
    assert!(text.contains("'check'"), "{text}");
    // A missing value or file is a usage error too, named.
    let (code, _, text) = bayonet(&["odds", "maps/test_melee.ron", "--attack", "4,4"]);
    assert_eq!(code, 2, "{text}");
    assert!(text.contains("--defend <C,R>"), "{text}");
}

#[test]
fn version_and_shell_completions() {
    let (code, _, text) = bayonet(&["--version"]);
    assert_eq!(code, 0);
    assert_eq!(
        text.trim(),
        format!("bayonet {}", env!("CARGO_PKG_VERSION"))
    );
    let (code, _, text) = bayonet(&["completions", "bash"]);
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("_bayonet()"), "{text}");
    assert!(text.contains("autoplay"), "{text}");
    let (code, _, text) = bayonet(&["completions", "tcsh"]);
    assert_eq!(code, 2, "{text}");
}

#[test]
fn the_pages_address_is_read_as_options() {
    use bayonet::cli::args::from_query;
    assert_eq!(
        from_query("?scenario=maps%2Ftest_melee.ron&declare=14%2C4%3E13%2C4&resolve&aids=1,2"),
        [
            "--scenario",
            "maps/test_melee.ron",
            "--declare",
            "14,4>13,4",
            "--resolve",
            "--aids",
            "1,2"
        ]
    );
    // A form's `+` is a space, and an escape the old three-case decoder missed is decoded.
    assert_eq!(from_query("invite=a+b%20c%7E"), ["--invite", "a b c~"]);
    assert!(from_query("").is_empty());
    let cli = bayonet::cli::parse(&from_query("?declare=14%2C4%3E13%2C4&size=1024x768")).unwrap();
    let c = |col, row| bayonet::rules::map::Coord { col, row };
    assert_eq!(cli.window.declare, [(c(14, 4), c(13, 4))]);
    assert_eq!(cli.window.size, Some((1024, 768)));
    assert!(cli.command.is_none());
}

#[test]
fn window_options_before_a_subcommand_join_its_own() {
    let argv: Vec<String> = [
        ["--screenshot", "a.png", "--declare", "1,1>2,1", "--resolve"].as_slice(),
        &[
            "--computer",
            "both",
            "play",
            "s.ron",
            "--declare",
            "3,3>4,3",
        ],
        &[
            "--aids", "2,7", "--dialog", "--size", "1024x768", "--select", "3,4",
        ],
    ]
    .concat()
    .into_iter()
    .map(String::from)
    .collect();
    let cli = bayonet::cli::parse(&argv).unwrap();
    let Some(bayonet::cli::Verb::Play(p)) = cli.command else {
        panic!("play parsed as {:?}", cli.command);
    };
    assert_eq!(p.save.as_deref(), Some("s.ron"));
    let w = p.window.or(cli.window);
    assert_eq!(w.screenshot.as_deref(), Some("a.png"));
    assert_eq!(w.declare.len(), 2);
    assert_eq!(w.declare[0].0.col, 1, "the earlier drag first");
    assert_eq!(w.aids, [2, 7]);
    assert!(
        w.resolve && w.dialog,
        "a switch given on either side of the subcommand holds"
    );
    assert_eq!(w.computer.as_deref(), Some("both"));
    assert_eq!(w.size, Some((1024, 768)));
    assert_eq!(
        w.select,
        Some(bayonet::rules::map::Coord { col: 3, row: 4 })
    );
    assert_eq!((w.scenario, w.sight, w.invite), (None, None, None));
    for bad in [
        ["--aids", "10"],
        ["--aids", "-1"],
        ["--size", "100x100"],
        ["--select", "3"],
    ] {
        assert!(parse(&bad).is_err(), "{bad:?} accepted");
    }
}

#[test]
fn sizes_on_the_command_line_are_checked_each_way() {
    let new = |a: &[&str]| match parse(a).map(|c| c.command) {
        Ok(Some(bayonet::cli::Verb::Edit(e))) => Ok(e.new),
        Ok(other) => panic!("{other:?}"),
        Err(e) => Err(e.to_string()),
    };
    assert_eq!(
        new(&["edit", "m.ron"]),
        Ok((40, 30)),
        "a new map's default size"
    );
    assert_eq!(new(&["edit", "--new", "30x20"]), Ok((30, 20)));
    assert_eq!(new(&["edit", "--new", "2X1000"]), Ok((2, 1000)));
    for bad in ["1x20", "30x1", "1001x20", "30x1001", "30", "ax20"] {
        let e = new(&["edit", "--new", bad]).unwrap_err();
        assert!(e.contains("2 to 1000"), "{bad}: {e}");
    }
    // A window: 320–8192 wide, 240–8192 high; one side in range is not enough.
    assert!(parse(&["--size", "1024x768"]).is_ok());
    for bad in ["1024x100", "100x768", "9000x768", "1024x9000"] {
        assert!(parse(&["--size", bad]).is_err(), "{bad} accepted");
    }
}

#[test]
fn named_units_are_read_as_ids() {
    let base = ["odds", "m.ron", "--attack", "4,4;3,4", "--defend", "5,4"];
    let Ok(bayonet::cli::Verb::Odds(m)) =
        parse(&[&base[..], &["--units", "3, 17"]].concat()).map(|c| c.command.unwrap())
    else {
        panic!("odds did not parse");
    };
    assert_eq!(m.units, [3, 17]);
    assert_eq!(m.attack.len(), 2);
    let e = parse(&[&base[..], &["--units", "3,x"]].concat()).unwrap_err();
    assert!(e.to_string().contains("`x` is not a unit id"), "{e}");
}

/// One melee pipeline (issue 32): the same melee, seed and system give the same outcome through
/// every entry point — the rules' `melee::resolve`, the ECS simulation (declare, Resolve) and
/// `bayonet resolve` — defensive fire included, under each of the five systems.
#[test]
fn one_melee_pipeline_every_entry_point_gives_the_same_outcome() {
    use bayonet::rules::melee::{self, Declaration};
    use bayonet::rules::order::{At, Order};
    use bayonet::rules::params::MeleeSystemName::*;
    use bayonet::sim::{self, MeleeResolved};
    use rand::SeedableRng;
    let mut fired = 0;
    for (system, name) in [
        (Tiller, "Tiller"),
        (Bodenstedt, "Bodenstedt"),
        (Impetus, "Impetus"),
        (LaBataille, "LaBataille"),
        (Austerlitz, "Austerlitz"),
    ] {
        for seed in [3u64, 8] {
            let mut s = bayonet::rules::scenario::load_file("maps/test_melee.ron").unwrap();
            s.params.melee_system = system;
            let mut board = s.board();
            let at = |col, row| s.map.hex_at(bayonet::rules::map::Coord { col, row });
            let (from, defending_hex) = (at(4, 4), at(5, 4));
            let side = board.side_at(from).unwrap();
            board.acting = side;
            let decl = Declaration {
                attackers: melee::committable(&board, from, side, defending_hex),
                defending_hex,
                follow_up: true,
            };
            let mut sim_app = crate::common::headless_app(s.clone(), Some(seed));
            sim_app
                .world_mut()
                .resource_mut::<sim::Table>()
                .board
                .acting = side;
            let rules = melee::resolve(
                &mut board,
                &decl,
                &mut rand_chacha::ChaCha8Rng::seed_from_u64(seed),
            )
            .fought()
            .expect("the melee goes ahead");
            fired += rules.defensive_fire.len();
            let at = At::of(
                &sim_app.world().resource::<sim::Table>().board,
                defending_hex,
            );
            crate::common::give(
                &mut sim_app,
                Order::Melee {
                    from: Vec::new(),
                    units: decl.attackers.clone(),
                    at,
                    follow_up: true,
                },
            );
            crate::common::give(&mut sim_app, Order::Resolve);
            sim_app.update();
            let in_sim: Vec<MeleeResolved> = crate::common::events(&sim_app);
            assert_eq!(in_sim.len(), 1, "{name} seed {seed}");
            assert_eq!(
                in_sim[0].0, rules,
                "{name} seed {seed}: the sim and the rules"
            );
            assert_eq!(
                sim_app.world().resource::<sim::Table>().board.units,
                board.units,
                "{name} seed {seed}: the board after"
            );
            let (code, v, text) = bayonet(&[
                "resolve",
                "maps/test_melee.ron",
                "--attack",
                "4,4",
                "--defend",
                "5,4",
                "--seed",
                &seed.to_string(),
                "--melee-system",
                name,
                "--json",
            ]);
            assert_eq!(code, 0, "{text}");
            let cli = (
                v["attacker_loss"].as_u64(),
                v["defender_loss"].as_u64(),
                v["defensive_fire"].as_array().map(Vec::len),
                v["retreats"].as_array().map(Vec::len),
                v["losses"].as_array().map(|l| {
                    l.iter()
                        .map(|x| (x["unit"]["id"].as_u64(), x["men"].as_u64()))
                        .collect::<Vec<_>>()
                }),
            );
            let want = (
                Some(rules.attacker_loss as u64),
                Some(rules.defender_loss as u64),
                Some(rules.defensive_fire.len()),
                Some(rules.retreats.len()),
                Some(
                    rules
                        .losses
                        .iter()
                        .map(|l| (Some(l.unit.0 as u64), Some(l.men as u64)))
                        .collect::<Vec<_>>(),
                ),
            );
            assert_eq!(
                cli, want,
                "{name} seed {seed}: the command line and the rules"
            );
        }
    }
    assert!(fired > 0, "the defenders fired before some melee");
}

/// Issue 34's yardstick: the 95 % interval of a mean difference is the normal approximation,
/// and a tally counts wins, draws and losses by the sign of each difference.
#[test]
fn duel_tallies_differences_with_a_95_percent_interval() {
    use bayonet::cli::duel::{mean_interval, tally};
    let (mean, iv) = mean_interval(&[1.0, 2.0, 3.0, 4.0]);
    let [lo, hi] = iv.unwrap();
    assert!((mean - 2.5).abs() < 1e-12);
    // sd = √(5/3); half-width 1.96 × sd / 2.
    assert!((hi - 2.5 - 1.96 * (5.0f64 / 3.0).sqrt() / 2.0).abs() < 1e-12);
    assert!((2.5 - lo - (hi - 2.5)).abs() < 1e-12);
    assert_eq!(mean_interval(&[7.0]), (7.0, None));
    let t = tally(&[3.0, 0.0, -1.0, 5.0]);
    assert_eq!((t.wins, t.draws, t.losses), (2, 1, 1));
    assert!((t.mean - 1.75).abs() < 1e-12);
}

/// `bayonet duel`: each seed played with both pairings; each seat's difference is the first
/// opponent's points there less the second's, from the two games' totals (points are zero-sum,
/// so both seats of a seed agree); an unknown opponent is refused with the names it knows.
#[test]
fn duel_plays_each_seed_with_both_pairings() {
    let (code, v, err) = bayonet(&[
        "duel",
        "maps/test_melee.ron",
        "--first",
        "skilled",
        "--second",
        "hold",
        "--seeds",
        "2",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(v["games"], 4);
    assert_eq!(
        (v["first"].as_str(), v["second"].as_str()),
        (Some("skilled"), Some("hold"))
    );
    let pairs = v["pairs"].as_array().unwrap();
    assert_eq!(pairs.len(), 2);
    for p in pairs {
        let t = |i: usize| p["totals"][i].as_f64().unwrap();
        let d = |i: usize| p["difference"][i].as_f64().unwrap();
        // maps/test_melee.ron's first side is side 0: the first opponent's points as side 0
        // less the second's as side 0.
        assert_eq!(d(0), t(0) - t(1), "{p}");
        assert_eq!(d(1), d(0), "{p}");
    }
    for s in v["seats"].as_array().unwrap() {
        let t = &s["tally"];
        let n = ["wins", "draws", "losses"].map(|k| t[k].as_u64().unwrap());
        assert_eq!(n.iter().sum::<u64>(), 2, "{s}");
    }
    let (code, _, err) = bayonet(&[
        "duel",
        "maps/test_melee.ron",
        "--first",
        "clever",
        "--second",
        "hold",
    ]);
    assert_eq!(code, 1);
    assert!(
        err.contains("--first: no computer opponent `clever`")
            && err.contains("skilled")
            && err.contains("basic"),
        "{err}"
    );
    // `autoplay --opponent` names the opponent playing both sides, and refuses one it lacks.
    let (code, v, err) = bayonet(&[
        "autoplay",
        "maps/test_melee.ron",
        "--seed",
        "2",
        "--opponent",
        "skilled",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let s = bayonet::load_scenario("maps/test_melee.ron").unwrap();
    let skilled = bayonet::sim::Opponent::Skilled.brain();
    let (_, r) = bayonet::cli::autoplay::autoplay(&s, Some(2), [skilled, skilled]);
    assert_eq!(v["victory"]["total"].as_f64(), Some(r.total), "{v}");
    // Issue 75: the expert computer was retired, and asking for it says so.
    let (code, _, err) = bayonet(&["autoplay", "maps/test_melee.ron", "--opponent", "expert"]);
    assert_ne!(code, 0);
    assert!(err.contains("the expert computer was retired"), "{err}");
    let (code, _, err) = bayonet(&["autoplay", "maps/test_melee.ron", "--opponent", "best"]);
    assert_ne!(code, 0);
    assert!(err.contains("--opponent: no opponent `best`"), "{err}");
}

/// Issue 44, item 8: choosing another battle in the start dialog opens it with the window's
/// size (as it is now, else as given), the optional rules and the aids, and without the first
/// battle's script; the page's address carries the same, read back as the same options.
#[test]
fn another_battle_keeps_the_windows_size_rules_and_aids() {
    let argv: Vec<String> = [
        "--size",
        "1024x768",
        "--rules",
        "fog,quality",
        "--aids",
        "1,7",
        "--scenario",
        "maps/harpers_crossing.ron",
        "--declare",
        "14,4>13,4",
        "--resolve",
        "--zoom",
        "whole",
    ]
    .map(String::from)
    .to_vec();
    let w = bayonet::cli::parse(&argv).unwrap().window;
    let file = "maps/brandy_station.ron";
    let next = w.another_battle(file, None);
    assert_eq!(
        next,
        [
            "--scenario",
            file,
            "--size",
            "1024x768",
            "--rules",
            "fog,quality",
            "--aids",
            "1,7"
        ]
    );
    // The window as the player left it wins over the size it was opened at.
    let resized = w.another_battle(file, Some((900, 700)));
    assert_eq!(&resized[2..4], ["--size", "900x700"]);
    let opened = bayonet::cli::parse(&next).unwrap().window;
    assert_eq!(
        (
            opened.scenario.as_deref(),
            opened.size,
            opened.rules.as_deref()
        ),
        (Some(file), Some((1024, 768)), Some("fog,quality"))
    );
    assert!(opened.declare.is_empty() && !opened.resolve && opened.zoom.is_none());
    // In the browser: the address, and back.
    let q = bayonet::cli::args::to_query(&next);
    assert_eq!(
        q,
        "scenario=maps%2Fbrandy_station.ron&size=1024x768&rules=fog%2Cquality&aids=1%2C7"
    );
    assert_eq!(bayonet::cli::args::from_query(&q), next);
    assert_eq!(
        bayonet::cli::args::to_query(&["--resolve".to_string(), "--aids".into(), "2".into()]),
        "resolve&aids=2"
    );
}

/// Issue 61, item 4, in the browser: a campaign opens on the page's address as it opens on the
/// command line — `bayonet campaign FILE --save SAVE --size WxH` written as the address and read
/// back as that command, whatever order the address gives them in.
#[test]
fn a_campaign_opens_from_the_pages_address() {
    let w = bayonet::cli::parse(&["--size".to_string(), "1024x768".to_string()])
        .unwrap()
        .window;
    let file = "maps/campaigns/gettysburg.campaign.ron";
    let next = w.another_campaign(file, None, Some("campaign-gettysburg.ron"));
    let q = bayonet::cli::args::to_query(&next);
    assert_eq!(
        q,
        "campaign=maps%2Fcampaigns%2Fgettysburg.campaign.ron&save=campaign-gettysburg.ron&size=1024x768"
    );
    assert_eq!(bayonet::cli::args::from_query(&q), next);
    let reordered = bayonet::cli::args::from_query(&format!(
        "?size=1024x768&campaign={}",
        "maps%2Fcampaigns%2Fgettysburg.campaign.ron"
    ));
    let cli = bayonet::cli::parse(&reordered).unwrap();
    match cli.command {
        Some(bayonet::cli::Verb::Campaign(c)) => {
            assert_eq!(c.file, file);
            assert_eq!(c.window.size, Some((1024, 768)));
        }
        other => panic!("not the campaign: {other:?}"),
    }
}

/// A reader that stops early (`bayonet odds … | head`): the pipe closes before the output is
/// written, and the command ends as a Unix tool does (141, 128 + SIGPIPE), without a panic.
#[cfg(unix)]
#[test]
fn a_closed_pipe_ends_the_command_quietly() {
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_bayonet"))
        .args([
            "odds",
            "maps/test_melee.ron",
            "--attack",
            "4,4",
            "--defend",
            "5,4",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The reader goes before a line is read.
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(out.status.code(), Some(141), "{err}");
}

/// Issue 48: the lesson panel's Restart and its next lesson open `--lesson N` in the window's
/// size (the page's address `?lesson=N` in the browser); `bayonet lesson N` takes 1 to 7 and
/// refuses another number in words.
#[test]
fn a_lesson_opens_by_its_number_and_another_number_is_refused() {
    let w = bayonet::cli::parse(&["--size".to_string(), "768x1024".to_string()])
        .unwrap()
        .window;
    let next = w.another_lesson(5, None);
    assert_eq!(next, ["--lesson", "5", "--size", "768x1024"]);
    assert_eq!(
        bayonet::cli::args::to_query(&next),
        "lesson=5&size=768x1024"
    );
    let opened = bayonet::cli::parse(&bayonet::cli::args::from_query("?lesson=5")).unwrap();
    assert_eq!(opened.window.lesson, Some(5));
    let sub = bayonet::cli::parse(&["lesson".to_string(), "7".to_string()]).unwrap();
    assert!(matches!(sub.command, Some(bayonet::cli::Verb::Lesson(ref l)) if l.number == 7));
    let count = bayonet::lesson::COUNT;
    for bad in [
        "0".to_string(),
        (count + 1).to_string(),
        "melee".to_string(),
    ] {
        let e = bayonet::cli::parse(&["lesson".to_string(), bad.clone()])
            .err()
            .unwrap_or_else(|| panic!("lesson {bad} taken"));
        assert!(
            e.to_string()
                .contains(&format!("expected a lesson's number, 1 to {count}")),
            "{e}"
        );
    }
}

/// A clear 12×10 field for `bayonet fire`: a Union regiment of 700 rifled muskets (id 1) and a
/// battery of six Napoleons (id 2) at (5, 9) facing north, Confederate regiments 1 to 4 hexes
/// north of them (ids 11–14), and `extra` written into the scenario (its own weapons).
fn fire_range(extra: &str, weapon: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("bayonet-fire-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("range{}.ron", extra.len() + weapon.len()));
    let rows = vec!["\"............\""; 10].join(", ");
    let level = vec!["\"000000000000\""; 10].join(", ");
    let text = format!(
        r#"(
    name: "Fire range",
    map: (width: 12, height: 10, terrain: [{rows}], elevation: [{level}]),
    sides: [
        (name: "Union", color: (0.16, 0.28, 0.62), edge: South),
        (name: "Confederate", color: (0.55, 0.55, 0.58), edge: North),
    ],
    first_side: 0,
    turns: 2,
    start_time: "10:00",
    victory: (major_defeat: -100, minor_defeat: -50, minor_victory: 50, major_victory: 100),
    {extra}
    brigades: [(id: "U", name: "Union", side: 0), (id: "C", name: "Confederate", side: 1)],
    units: [
        (id: 1, name: "1st Regiment", side: 0, brigade: "U", kind: Infantry, at: (5, 9), facing: N, men: 700, weapon: "{weapon}", quality: C),
        (id: 2, name: "Battery A", side: 0, brigade: "U", kind: Artillery, at: (5, 9), facing: N, formation: Unlimbered, men: 120, guns: 6, weapon: "12-pdr Napoleon", quality: C),
        (id: 11, name: "Target 1", side: 1, brigade: "C", kind: Infantry, at: (5, 8), facing: S, men: 300, quality: C),
        (id: 12, name: "Target 2", side: 1, brigade: "C", kind: Infantry, at: (5, 7), facing: S, men: 300, quality: C),
        (id: 13, name: "Target 3", side: 1, brigade: "C", kind: Infantry, at: (5, 6), facing: S, men: 300, quality: C),
        (id: 14, name: "Target 4", side: 1, brigade: "C", kind: Infantry, at: (5, 5), facing: S, men: 300, quality: C),
        (id: 15, name: "Target 5", side: 1, brigade: "C", kind: Infantry, at: (5, 4), facing: S, men: 300, quality: C),
    ],
)"#
    );
    std::fs::write(&path, text).unwrap();
    path
}

/// RULES.md §7's table of expected losses, reproduced through `bayonet fire --json`: 700
/// rifled muskets at a fresh target in the open, 1 hex 14–70 (mean 42), 2 hexes 10.5–52.5
/// (31.5), 3 hexes 7–35 (21), 4 hexes 3.5–17.5 (10.5); six Napoleons at 1 hex 16.5–82.5
/// (49.5). No dice: the same answer every time.
#[test]
fn d_fire_bayonet_fire_reproduces_the_expected_loss_table() {
    let path = fire_range("", "rifled musket");
    let file = path.to_str().unwrap();
    for (unit, at, range, low, high, mean) in [
        ("1", "5,8", 1, 14.0, 70.0, 42.0),
        ("1", "5,7", 2, 10.5, 52.5, 31.5),
        ("1", "5,6", 3, 7.0, 35.0, 21.0),
        ("1", "5,5", 4, 3.5, 17.5, 10.5),
        ("2", "5,8", 1, 16.5, 82.5, 49.5),
    ] {
        let (code, v, text) = bayonet(&["fire", file, "--unit", unit, "--at", at, "--json"]);
        assert_eq!(code, 0, "{text}");
        assert_eq!(v["legal"], true, "{text}");
        assert_eq!(v["range"], range);
        let lr = &v["loss_range"];
        let close = |x: &Value, y: f64| (x.as_f64().unwrap() - y).abs() < 1e-9;
        assert!(
            close(&lr[0], low) && close(&lr[1], high),
            "{unit} at {at}: {lr}"
        );
        assert!(
            close(&v["expected_loss"], mean),
            "{unit} at {at}: {}",
            v["expected_loss"]
        );
        let total: f64 = v["loss_chances"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c[1].as_f64().unwrap())
            .sum();
        assert!((total - 1.0).abs() < 1e-9);
    }
    // Out of reach, and in words without --json.
    let (code, v, _) = bayonet(&["fire", file, "--unit", "1", "--at", "5,4", "--json"]);
    assert_eq!((code, &v["legal"]), (0, &Value::Bool(false)));
    assert!(v["reason"].as_str().unwrap().contains("reaches 4"), "{v}");
    let (code, _, text) = bayonet(&["fire", file, "--unit", "1", "--at", "5,7"]);
    assert_eq!(code, 0);
    assert!(
        text.contains("700 men × 3 (rifled musket at 2 hexes) = 2100"),
        "{text}"
    );
    let (code, _, text) = bayonet(&["fire", file, "--unit", "9", "--at", "5,7"]);
    assert_eq!(code, 1);
    assert!(text.contains("unit 9 is not on the map"), "{text}");
}

/// D-fire-1/2: a scenario's own weapon fires by its table in `bayonet fire`, and `bayonet check`
/// names an unknown weapon with its line and the weapons it knows.
#[test]
fn d_fire_2_a_scenarios_weapons_and_an_unknown_weapon_named_with_its_line() {
    let own = r#"weapons: { "Whitworth rifle": (values: [6.0, 6.0, 5.0, 5.0, 4.0]) },"#;
    let path = fire_range(own, "Whitworth rifle");
    let file = path.to_str().unwrap();
    let (code, v, text) = bayonet(&["fire", file, "--unit", "1", "--at", "5,5", "--json"]);
    assert_eq!(code, 0, "{text}");
    assert_eq!(v["weapon"], "Whitworth rifle");
    assert_eq!(v["value"].as_f64(), Some(700.0 * 5.0));
    let path = fire_range("", "Whitworth rifle");
    let file = path.to_str().unwrap();
    let (code, v, text) = bayonet(&["check", file, "--json"]);
    assert_eq!(code, 1, "{text}");
    let line = std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .position(|l| l.contains("id: 1,"))
        .unwrap()
        + 1;
    let all = v.to_string();
    assert!(all.contains("unknown weapon `Whitworth rifle`"), "{all}");
    assert!(all.contains("rifled musket"), "{all}");
    assert!(all.contains(&format!("\"line\":{line}")), "{all}");
}

/// Issue 61, item 3: `bayonet list` prints the library — the boot camp first, every battle with
/// its date, size, length, type and each side's difficulty, the campaigns — and its filters
/// narrow it; a filter's word it does not know is refused saying which it knows.
#[test]
fn bayonet_list_prints_the_library_and_narrows_it() {
    let (code, v, text) = bayonet(&["list", "--json"]);
    assert_eq!(code, 0, "{text}");
    assert_eq!(v["boot_camp"]["lessons"], 11);
    let battles = v["battles"].as_array().unwrap();
    assert_eq!(battles.len(), bayonet::library::shipped().len());
    let pc = battles
        .iter()
        .find(|b| b["path"] == "maps/picketts_charge.ron")
        .unwrap();
    assert_eq!(pc["size"], "large");
    assert_eq!(pc["kind"], "attack");
    assert_eq!(pc["action"], "the Confederates attack");
    assert_eq!(pc["when"], "3 July 1863");
    assert_eq!(pc["difficulty"].as_array().unwrap().len(), 2);
    assert!(pc["sources"].as_str().unwrap().starts_with("Sources:"));
    assert_eq!(
        v["campaigns"][0]["path"],
        "maps/campaigns/gettysburg.campaign.ron"
    );
    let (_, small, _) = bayonet(&["list", "--size", "small", "--year", "1863", "--json"]);
    let paths: Vec<&str> = small["battles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["path"].as_str().unwrap())
        .collect();
    assert_eq!(paths, vec!["maps/little_round_top.ron"]);
    let (code, _, text) = bayonet(&["list"]);
    assert_eq!(code, 0);
    assert!(text.starts_with("New to the game? The boot camp"), "{text}");
    assert!(
        text.contains("Pickett's Charge, Gettysburg, 3 July 1863\n  large (131 units"),
        "{text}"
    );
    assert!(
        text.contains("Harper's Crossing — a fictional field"),
        "{text}"
    );
    let (code, _, text) = bayonet(&["list", "--size", "huge"]);
    assert_ne!(code, 0);
    assert!(
        text.contains("expected one of small, medium, large"),
        "{text}"
    );
}

/// Issue 61, item 4: `bayonet check` on a campaign names its battles in order; `bayonet campaign
/// --status` says where a fresh one stands; `--autoplay --battles 1 --save` plays one battle
/// and a second run resumes from the save.
#[test]
fn bayonet_campaign_checks_tells_where_it_stands_and_resumes() {
    let (code, v, text) = bayonet(&["check", "maps/campaigns/gettysburg.campaign.ron", "--json"]);
    assert_eq!(code, 0, "{text}");
    assert_eq!(v["battles"][0], "The Railroad Cut, Gettysburg, 1 July 1863");
    assert_eq!(v["battles"][2], "Pickett's Charge, Gettysburg, 3 July 1863");
    let save = std::env::temp_dir().join(format!("bayonet-campaign-{}.ron", std::process::id()));
    let _ = std::fs::remove_file(&save);
    let save = save.to_string_lossy().to_string();
    let file = "maps/campaigns/gettysburg.campaign.ron";
    let (code, v, text) = bayonet(&["campaign", file, "--status", "--json", "--save", &save]);
    assert_eq!(code, 0, "{text}");
    assert_eq!(
        v["next"]["name"],
        "The Railroad Cut, Gettysburg, 1 July 1863"
    );
    assert_eq!(v["fought"].as_array().unwrap().len(), 0);
    // One battle more of the campaign, the basic computer on both sides, kept in the save.
    let one_more = |seed: &[&str]| {
        let mut args = vec![
            "campaign",
            file,
            "--autoplay",
            "--battles",
            "1",
            "--opponent",
            "basic",
            "--save",
            &save,
        ];
        args.extend_from_slice(seed);
        let (code, _, text) = bayonet(&args);
        assert_eq!(code, 0, "{text}");
    };
    one_more(&["--seed", "3"]);
    let (_, v, _) = bayonet(&["campaign", file, "--status", "--json", "--save", &save]);
    assert_eq!(
        v["fought"].as_array().unwrap().len(),
        1,
        "resumed from the save"
    );
    assert_eq!(v["fought"][0]["battle"], "railroad_cut");
    // Issue 76, item 12: the carry list says what the save says — a unit gone is lost, not
    // "70 → 70 men" — in the same words as the window's campaign screen. Little Round Top next,
    // then Pickett's Charge, where the first day's regiments come again.
    one_more(&[]);
    let (_, v, _) = bayonet(&["campaign", file, "--status", "--json", "--save", &save]);
    assert_eq!(v["fought"].as_array().unwrap().len(), 2);
    let (_, _, text) = bayonet(&["campaign", file, "--status", "--save", &save]);
    let carried = v["next"]["carried"].as_array().unwrap();
    assert!(!carried.is_empty(), "the first day's losses carry on");
    for ch in carried {
        let words = ch["words"].as_str().unwrap();
        assert!(text.contains(words), "{words} in {text}");
        assert_eq!(
            words.ends_with("lost — not in this battle") || ch["successor"].is_string(),
            ch["gone"] == true,
            "{words}"
        );
        assert!(
            words.contains(", after The Railroad Cut")
                || words.contains(", after Little Round Top"),
            "the battle it came from by name: {words}"
        );
    }
    let _ = std::fs::remove_file(&save);
}

/// Issue 74 (D-los-7): `bayonet sight FILE FROM TO` says clear, or the hex that blocks, its
/// ground or cover and by how many feet, as the rule finds it; `--json` the same in fields;
/// `--approach` the sight figure; a hex off the map is refused with the map's size.
#[test]
fn bayonet_sight_explains_a_look_and_gives_the_approach_figure() {
    use bayonet::rules::map::Coord;
    use bayonet::rules::sight::{look, words};
    let file = "maps/harpers_crossing.ron";
    let s = bayonet::rules::scenario::load_file(&format!("{}/{file}", env!("CARGO_MANIFEST_DIR")))
        .unwrap();
    let b = s.board();
    let at = |col, row| s.map.hex_at(Coord { col, row });
    let l = look(&b, at(3, 1), at(7, 4));
    let (code, _, text) = bayonet(&["sight", file, "3,1", "7,4"]);
    assert_eq!(code, 0, "{text}");
    assert_eq!(text.trim(), format!("sight: {}", words(&b, &l)));
    let (code, v, text) = bayonet(&["sight", file, "3,1", "7,4", "--json"]);
    assert_eq!(code, 0, "{text}");
    let blocking = s.map.coord(l.blocking.expect("blocked"));
    assert_eq!(v["clear"], false);
    assert_eq!(v["screen"], "ground");
    assert_eq!(
        v["blocking"],
        serde_json::json!([blocking.col, blocking.row])
    );
    assert_eq!(v["above_line_ft"], l.above_ft);
    assert_eq!(
        v["blocking_ground_ft"],
        s.map.ground_ft(l.blocking.unwrap())
    );
    let (code, v, _) = bayonet(&["sight", file, "3,1", "4,1", "--json"]);
    assert_eq!((code, v["clear"].as_bool()), (0, Some(true)));
    let (code, v, text) = bayonet(&["sight", file, "--approach", "--json"]);
    assert_eq!(code, 0, "{text}");
    let a = bayonet::rules::approach::approach_seen(&b);
    assert_eq!(v["approach_hexes"], a.approach);
    assert_eq!(v["seen_hexes"], a.seen);
    assert!(a.approach > 0 && a.seen <= a.approach);
    let (code, _, text) = bayonet(&["sight", file, "99,1", "3,3"]);
    assert_eq!(code, 1, "{text}");
    assert!(
        text.contains("the FROM hex 99,1 is off the map (28 columns, 20 rows, counted from 0)"),
        "{text}"
    );
}

/// Issue 76, item 20: autoplay's summary says its figures are points, each by its side's name.
#[test]
fn autoplay_says_its_losses_are_points() {
    let (code, _, out) = bayonet(&["autoplay", "maps/test_skirmish.ron", "--seed", "1"]);
    assert_eq!(code, 0, "{out}");
    let last = out
        .lines()
        .rev()
        .find(|l| l.contains("points:"))
        .unwrap_or_default();
    assert!(
        last.contains("objectives held Union ") && last.contains("; losses Union "),
        "{last}"
    );
    assert!(last.trim_end().ends_with("points)"), "{last}");
    assert!(!last.contains('['), "no bare arrays: {last}");
}
