//! The after-action report (issue 31, item 4): `bayonet report SAVE --out DIR --json` on a
//! whole game of each historical scenario writes the charts and the page, and its numbers add up
//! to the save's: losses per turn, per unit and per brigade sum to the game's totals, which are
//! what the victory points count.

use bayonet::after_action::{self, AfterAction};
use bayonet::cli::autoplay::autoplay_saved;
use bayonet::rules::scenario::load_file;
use bayonet::rules::unit::{Side, UnitKind};
use bayonet::sim::Brain;
use bayonet::sim::save::{self, SaveGame};

fn game(map: &str, seed: u64) -> (SaveGame, usize) {
    let s = load_file(&format!("{}/maps/{map}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let (lines, _, saved) = autoplay_saved(&s, Some(seed), [Brain::Computer, Brain::Computer]);
    let melees = lines.iter().find_map(|l| l["melees"].as_u64()).unwrap_or(0) as usize;
    (saved, melees)
}

/// The save's own count of what each side lost: the scenario's units and the reinforcements
/// that came, against the units at the end.
fn lost_in_save(saved: &SaveGame, side: Side) -> (u32, u32, u32) {
    let s = save::scenario_of(saved).unwrap();
    let end = &saved.snapshot.units;
    let waiting = &saved.snapshot.reinforcements;
    let (mut men, mut guns, mut gone) = (0, 0, 0);
    for u in s
        .units
        .iter()
        .chain(s.reinforcements.iter().map(|r| &r.unit))
        .filter(|u| u.side == side && !waiting.iter().any(|w| w.unit.id == u.id))
    {
        let now = end.iter().find(|x| x.id == u.id);
        match u.kind {
            UnitKind::Infantry | UnitKind::Cavalry => men += u.men - now.map_or(0, |n| n.men),
            UnitKind::Artillery => {
                guns += u.guns - now.filter(|n| n.side == side).map_or(0, |n| n.guns)
            }
            _ => gone += u32::from(now.is_none()),
        }
    }
    (men, guns, gone)
}

fn check_numbers(aar: &AfterAction, saved: &SaveGame, melees: usize) {
    let totals = aar.totals();
    for s in 0..2 {
        let side = Side(s as u8);
        let (men, guns, gone) = lost_in_save(saved, side);
        assert_eq!(
            totals[s],
            (men, guns),
            "{}: the turns sum to the save's losses",
            aar.scenario
        );
        let units: (u32, u32) = aar
            .units
            .iter()
            .filter(|u| u.side == side)
            .fold((0, 0), |a, u| (a.0 + u.men_lost(), a.1 + u.guns_lost()));
        assert_eq!(
            units, totals[s],
            "{}: the units sum to the totals",
            aar.scenario
        );
        let brigades: (u32, u32) = aar
            .brigades
            .iter()
            .filter(|b| b.side == side)
            .fold((0, 0), |a, b| (a.0 + b.men_lost, a.1 + b.guns_lost));
        assert_eq!(
            brigades, totals[s],
            "{}: the brigades sum to the totals",
            aar.scenario
        );
        // The victory points count the same losses (when no battery changed hands, whose
        // value the captors' rule sets).
        let captured = aar.units.iter().any(|u| u.captured);
        if !captured {
            let v = &saved.parameters.victory;
            let points = (men * v.per_man + guns * v.per_gun) as f64
                + (gone * v.per_leader.max(v.per_wagon)) as f64;
            if gone == 0 {
                assert_eq!(
                    aar.result.losses[s], points,
                    "{}: victory losses",
                    aar.scenario
                );
            }
        }
    }
    assert_eq!(
        aar.melees.len(),
        melees,
        "{}: every melee fought",
        aar.scenario
    );
    let scenario = save::scenario_of(saved).unwrap();
    assert!(
        aar.turns.len() == 2 * scenario.turns as usize,
        "{}: every side turn",
        aar.scenario
    );
    assert_eq!(aar.orders, saved.orders.len());
    assert!(aar.over);
    assert_eq!(
        aar.turns.last().unwrap().victory_points,
        aar.result.total,
        "{}: the last turn's points are the result",
        aar.scenario
    );
    let tally = aar.melee_tally();
    let decided = aar.melees.iter().filter(|m| m.winner.is_some()).count();
    assert_eq!(tally[0].0 + tally[0].1 + tally[1].0 + tally[1].1, decided);
    // Issue 58: the losses by cause add up to each side's losses, and what fire and melee took
    // is what the game's fire and melee results say they took.
    let named = aar.causes.named();
    for s in 0..2 {
        let men: u32 = named.iter().map(|(_, l)| l.men[s]).sum();
        let guns: u32 = named.iter().map(|(_, l)| l.guns[s]).sum();
        assert_eq!(
            (men, guns),
            totals[s],
            "{}: causes sum to the totals",
            aar.scenario
        );
    }
    let fire_men: u32 = (0..2)
        .map(|s| aar.causes.small_arms.men[s] + aar.causes.artillery.men[s])
        .sum();
    assert!(fire_men > 0, "{}: fire took men", aar.scenario);
    let melee_men: u32 = aar.causes.melee.men.iter().sum();
    let melee_listed: u32 = aar
        .melees
        .iter()
        .map(|m| m.attacker_loss + m.defender_loss)
        .sum();
    // A melee's own losses (crews and wagons aside): never more than its records say.
    assert!(
        melee_men <= melee_listed,
        "{}: {melee_men} > {melee_listed}",
        aar.scenario
    );
}

#[test]
fn bayonet_report_writes_the_charts_and_page_of_each_historical_scenario() {
    let dir = std::env::temp_dir().join(format!("bayonet-aar-{}", std::process::id()));
    for (map, seed) in [
        ("harpers_crossing.ron", 11),
        ("brandy_station.ron", 3),
        ("railroad_cut.ron", 3),
    ] {
        let (saved, melees) = game(map, seed);
        let file = dir.join(format!("{map}.save.ron"));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(&file, save::to_text(&saved)).unwrap();
        let out = dir.join(map.trim_end_matches(".ron"));
        let run = std::process::Command::new(env!("CARGO_BIN_EXE_bayonet"))
            .args([
                "report",
                file.to_str().unwrap(),
                "--out",
                out.to_str().unwrap(),
                "--json",
            ])
            .output()
            .unwrap();
        assert!(
            run.status.success(),
            "{map}: {}",
            String::from_utf8_lossy(&run.stderr)
        );
        let json: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap();
        let aar = after_action::of_save(&saved).unwrap();
        check_numbers(&aar, &saved, melees);
        // The JSON is the report's numbers.
        for s in 0..2 {
            assert_eq!(json["totals"][s]["men"], aar.totals()[s].0, "{map}");
        }
        assert_eq!(json["melees"].as_array().unwrap().len(), aar.melees.len());
        let page = std::fs::read_to_string(out.join("index.html")).unwrap();
        for c in after_action::charts::Chart::ALL {
            let png = std::fs::read(out.join(format!("{}.png", c.file()))).unwrap();
            assert_eq!(
                &png[..8],
                b"\x89PNG\r\n\x1a\n",
                "{map}: {} is a PNG",
                c.file()
            );
            let svg = std::fs::read_to_string(out.join(format!("{}.svg", c.file()))).unwrap();
            assert!(svg.starts_with("<svg"), "{map}: {}", c.file());
            assert!(
                page.contains(&format!("src=\"{}.png\"", c.file())),
                "{map}: the page shows {}",
                c.file()
            );
        }
        // Issue 58: the losses by cause, as a table (the chart is `losses_by_cause` above).
        assert!(page.contains("<h2>Losses by cause</h2>"), "{map}");
        for (name, _) in aar.causes.named() {
            assert!(
                page.contains(&format!("<tr><td>{name}</td>")),
                "{map}: {name}"
            );
        }
        for b in &aar.brigades {
            assert!(
                page.contains(&after_action::page::escape(&b.name)),
                "{map}: {}",
                b.name
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A save that is no game is refused with the file and the reason, and nothing is written.
#[test]
fn bayonet_report_refuses_a_bad_save() {
    let dir = std::env::temp_dir().join(format!("bayonet-aar-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("not-a-save.ron");
    std::fs::write(&file, "(units: [])").unwrap();
    let out = dir.join("out");
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_bayonet"))
        .args([
            "report",
            file.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1));
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(
        err.contains("not-a-save.ron") && err.contains("not a Bayonet save"),
        "{err}"
    );
    assert!(!out.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A short game's report adds up the same way (fast enough for the mutation check, which leaves
/// the whole-game test out); and the melee tally and the biggest melees follow the melees.
#[test]
fn the_report_of_a_short_game_adds_up_to_its_save() {
    for seed in [1, 5, 9] {
        let (saved, melees) = game("test_skirmish.ron", seed);
        let aar = after_action::of_save(&saved).unwrap();
        check_numbers(&aar, &saved, melees);
        let big = aar.biggest_melees(3);
        assert!(big.len() <= 3 && big.len() <= aar.melees.len());
        for w in big.windows(2) {
            assert!(
                w[0].attacker_loss + w[0].defender_loss >= w[1].attacker_loss + w[1].defender_loss
            );
        }
        let tally = aar.melee_tally();
        for s in 0..2 {
            let side = Side(s as u8);
            let won = aar
                .melees
                .iter()
                .filter(|m| m.attacker == side && m.winner == Some(side))
                .count();
            let lost = aar
                .melees
                .iter()
                .filter(|m| m.attacker == side && m.winner.is_some_and(|w| w != side))
                .count();
            assert_eq!(tally[s], (won, lost), "seed {seed}");
        }
        // Each unit's record is its start and end.
        for u in &aar.units {
            assert!(
                u.men_end <= u.men_start || u.kind == UnitKind::Artillery,
                "{}",
                u.name
            );
            assert_eq!(
                u.eliminated,
                !saved.snapshot.units.iter().any(|x| x.id == u.id),
                "{}",
                u.name
            );
        }
        // The page names every unit, and escapes what HTML would read.
        let page = after_action::page::html(&aar, &[("men_lost", "Men lost")]);
        for u in &aar.units {
            assert!(page.contains(&after_action::page::escape(&u.name)));
        }
        // Issue 44, item 8: each unit's row names its brigade (not its id), says what it had at
        // the end in its own terms (never an empty cell), and a wagon's points are not men.
        let units = &page[page.find("<h2>Units</h2>").unwrap()..];
        for (u, row) in aar.units.iter().zip(units.split("<tr><td>").skip(1)) {
            let cells: Vec<&str> = row
                .split("</td><td>")
                .map(|c| c.trim_end_matches("</td></tr>\n"))
                .collect();
            assert_eq!(cells[0], after_action::page::escape(&u.name));
            let brigade = aar.brigades.iter().find(|b| b.id == u.brigade).unwrap();
            assert_eq!(cells[2], after_action::page::escape(&brigade.name), "{row}");
            assert!(cells.iter().all(|c| !c.is_empty()), "an empty cell: {row}");
            if u.kind == UnitKind::Supply {
                assert!(
                    cells[3].ends_with("wagon points") || cells[3].ends_with("wagon point"),
                    "{row}"
                );
            }
            if !u.eliminated && !u.captured && u.kind == UnitKind::Infantry {
                assert_eq!(cells[5], format!("{} men", u.men_end), "{row}");
            }
        }
        assert_eq!(
            after_action::page::escape("<a & \"b\">"),
            "&lt;a &amp; &quot;b&quot;&gt;"
        );
    }
}

/// Issue 44, item 8: a chart's side is labelled with whole numbers only, each once: the melee
/// chart's ticks at halves (0, 0.5, 1, … 4.5) read 0, 1, 2, 3, 4, not "0, 0, 1, 2, 2, 2, 3, 4".
#[test]
fn a_charts_side_is_labelled_with_whole_numbers_each_once() {
    use bayonet::after_action::charts::whole_number_label;
    let labels: Vec<String> = (0..10)
        .map(|i| whole_number_label(i as f64 * 0.5))
        .filter(|l| !l.is_empty())
        .collect();
    assert_eq!(labels, ["0", "1", "2", "3", "4"]);
    assert_eq!(whole_number_label(-0.0), "0");
    assert_eq!(whole_number_label(-250.0), "-250");
    assert_eq!(whole_number_label(2.4), "");
}

/// Issue 75, item 5: what the computer intended, told after the battle. A whole skilled game of
/// Little Round Top: the report gives every brigade on the map a mission from turn 1, each
/// brigade's spans follow on without a gap or an overlap, to the last turn where it still stands, every mission names the
/// objective it was about, is judged by who held it when the span ended (the page and `--json`
/// carry it), and the Confederates, the attackers by the battle's action, begin by attacking.
#[test]
fn the_report_tells_each_brigades_missions_turn_by_turn_and_whether_achieved() {
    use bayonet::rules::intent::Mission;
    let s = load_file(&format!(
        "{}/maps/little_round_top.ron",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let skilled = Brain::Planner(bayonet::ai::Level::Skilled);
    let (_, _, saved) = autoplay_saved(&s, Some(1), [skilled, skilled]);
    let aar = after_action::of_save(&saved).unwrap();
    let last = saved.snapshot.turn;
    let mut brigades: Vec<(Side, String)> = aar
        .missions
        .iter()
        .map(|m| (m.side, m.brigade.clone()))
        .collect();
    brigades.sort();
    brigades.dedup();
    let on_map: std::collections::BTreeSet<(Side, String)> = s
        .units
        .iter()
        .filter(|u| !u.is_leader() && u.kind != UnitKind::Supply)
        .map(|u| (u.side, u.brigade.clone()))
        .collect();
    for b in &on_map {
        assert!(brigades.contains(b), "{b:?} has no mission");
    }
    for (side, brigade) in &brigades {
        let spans: Vec<_> = aar
            .missions
            .iter()
            .filter(|m| m.side == *side && &m.brigade == brigade)
            .collect();
        for w in spans.windows(2) {
            assert_eq!(w[1].from_turn, w[0].to_turn + 1, "{brigade}: {spans:?}");
        }
        let standing = saved
            .snapshot
            .units
            .iter()
            .any(|u| u.side == *side && &u.brigade == brigade && !u.is_leader());
        if standing {
            assert_eq!(spans.last().unwrap().to_turn, last, "{brigade}: {spans:?}");
        }
        for m in &spans {
            let owner = saved
                .snapshot
                .board
                .map
                .objectives
                .iter()
                .find(|o| Some(&o.name) == m.objective.as_ref())
                .map(|o| o.owner);
            if m.to_turn == last && m.mission != Mission::Screen {
                assert_eq!(
                    m.achieved,
                    owner.map(|o| o == Some(m.side)),
                    "{brigade}: {m:?}"
                );
            }
        }
    }
    let first_attack = aar
        .missions
        .iter()
        .filter(|m| m.side == Side(1) && m.from_turn == 1)
        .all(|m| m.mission == Mission::Attack);
    assert!(first_attack, "{:?}", aar.missions);
    let page = bayonet::after_action::page::html(&aar, &[]);
    assert!(page.contains("The battle plan") && page.contains("attack"));
}

/// Issue 76, item 11: a side turn in which nobody lost a man is still a side turn of the report,
/// the last one too — the Cornfield (the Union moves first) and Harper's Crossing (the
/// Confederates do), each played out with every side turn simply ended: one record per side
/// turn, and the chart's last point is the result.
#[test]
fn the_report_keeps_the_last_side_turn_when_nobody_lost_a_man() {
    use bayonet::rules::game::Game;
    use bayonet::rules::order::Order;
    for map in ["the_cornfield.ron", "harpers_crossing.ron"] {
        let s = load_file(&format!("{}/maps/{map}", env!("CARGO_MANIFEST_DIR"))).unwrap();
        let mut game = Game::new(s.clone(), Some(1));
        let mut orders = Vec::new();
        while !game.board.over {
            let o = if game.give(&Order::EndTurn).is_ok() {
                Order::EndTurn
            } else {
                game.give(&Order::EndPhase).expect("a phase ends");
                Order::EndPhase
            };
            orders.push(o);
            assert!(orders.len() < 500, "{map}: the game ends");
        }
        let aar = after_action::of_game(&s, 1, &orders);
        assert_eq!(
            aar.turns.len(),
            2 * s.turns as usize,
            "{map}: every side turn"
        );
        let last = aar.turns.last().unwrap();
        assert_eq!(
            (last.turn, last.side),
            (s.turns, s.first_side.enemy()),
            "{map}: the last side turn is the second side's of the last turn"
        );
        assert_eq!(last.victory_points, aar.result.total, "{map}");
    }
}
