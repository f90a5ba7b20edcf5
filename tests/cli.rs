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
    // The defenders' half-strength fire (230 men) sometimes disrupts the one attacker: that
    // calls the melee off, and the chance to win is lower by about as much (see melee_odds
    // for the comparison with 10,000 resolutions).
    assert!(off > 0.01 && off < 0.04, "{w}");
    assert!(whole < melee_only && whole > melee_only - 0.05, "{w}");
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
