//! Scenario files: every map loads; broken ones are refused with their own clear message.

use bayonet::rules::map::{Coord, SideFeature, Terrain};
use bayonet::rules::params::Parameters;
use bayonet::rules::scenario::{LoadError, load_file, parse};
use bayonet::rules::unit::UnitKind;

const SMALL: &str = include_str!("../maps/test_melee.ron");

#[test]
fn every_file_in_maps_loads() {
    let mut n = 0;
    for entry in std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/maps")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "ron") {
            let s = load_file(path.to_str().unwrap()).unwrap_or_else(|e| panic!("{e}"));
            assert!(!s.units.is_empty());
            n += 1;
        }
    }
    assert!(n >= 3);
}

#[test]
fn default_scenario_has_what_the_brief_asks_for() {
    let s = parse(bayonet::DEFAULT_SCENARIO_PATH, bayonet::DEFAULT_SCENARIO).unwrap();
    assert!(s.map.width >= 24 && s.map.height >= 18);
    for side in 0..2u8 {
        let units: Vec<_> = s.units.iter().filter(|u| u.side.0 == side).collect();
        assert!(units.len() >= 12);
        for k in [UnitKind::Leader, UnitKind::Infantry, UnitKind::Supply] {
            assert!(units.iter().any(|u| u.kind == k), "side {side} lacks {k:?}");
        }
        assert!(units.iter().any(|u| u.is_mounted_cavalry()));
        assert!(units.iter().any(|u| u.is_dismounted_cavalry()));
        use bayonet::rules::unit::Formation::{Limbered, Unlimbered};
        assert!(
            units
                .iter()
                .any(|u| u.kind == UnitKind::Artillery && u.formation == Limbered)
        );
        assert!(
            units
                .iter()
                .any(|u| u.kind == UnitKind::Artillery && u.formation == Unlimbered)
        );
    }
    let feats: Vec<SideFeature> = s.map.sides.values().flatten().copied().collect();
    for f in SideFeature::ALL {
        assert!(feats.contains(&f), "no {f:?}");
    }
    let terrains: Vec<Terrain> = s.map.hexes().map(|h| s.map.terrain(h)).collect();
    for t in [
        Terrain::Forest,
        Terrain::Orchard,
        Terrain::Town,
        Terrain::Field,
        Terrain::Water,
    ] {
        assert!(terrains.contains(&t));
    }
    assert!(s.map.hexes().any(|h| s.map.elevation(h) >= 2));
    assert_eq!(s.map.bridges.len(), 1);
    let roads: Vec<_> = s.map.roads.values().copied().collect();
    assert!(roads.contains(&bayonet::rules::map::Road::Pike));
    assert!(roads.contains(&bayonet::rules::map::Road::Road));
}

#[test]
fn coordinates_are_column_and_row_from_the_top_left() {
    let s = parse("small", SMALL).unwrap();
    let c = Coord { col: 6, row: 2 };
    assert_eq!(s.map.terrain(s.map.hex_at(c)), Terrain::Forest);
    assert_eq!(s.map.coord(s.map.hex_at(c)), c);
    let u = s.units.iter().find(|u| u.id.0 == 1).unwrap();
    assert_eq!(s.map.coord(u.hex), Coord { col: 4, row: 4 });
}

#[test]
fn parameter_overrides_change_only_the_named_fields() {
    let s = parse("skirmish", include_str!("../maps/test_skirmish.ron")).unwrap();
    let d = Parameters::defaults();
    assert_eq!(s.params.melee.night_attack_penalty, 250);
    assert!(s.params.optional.artillery_capture);
    assert_eq!(s.params.melee.attack_lcv, d.melee.attack_lcv);
    assert_eq!(s.params.stacking, d.stacking);
}

fn broken(find: &str, replace: &str) -> LoadError {
    assert!(SMALL.contains(find), "test text not found: {find}");
    let text = SMALL.replacen(find, replace, 1);
    parse("broken.ron", &text).expect_err("should be refused")
}

#[test]
fn syntax_errors_give_file_line_and_column() {
    let e = broken("width: 10,", "width: ten,");
    assert_eq!(e.file, "broken.ron");
    let line = SMALL
        .lines()
        .position(|l| l.contains("width: 10,"))
        .unwrap()
        + 1;
    assert_eq!(e.line, Some(line));
    assert!(e.column.is_some());
    assert!(
        e.to_string().starts_with(&format!("broken.ron:{line}:")),
        "{e}"
    );
}

#[test]
fn each_semantic_fault_has_its_own_message() {
    let cases: &[(&str, &str, &str)] = &[
        (
            "at: (4, 4), facing: NE, men: 450",
            "at: (14, 4), facing: NE, men: 450",
            "off the map",
        ),
        ("\"......FF..\",", "\"......F~..\",", "prohibited terrain"),
        (
            "(id: 6, name: \"Union cavalry\", side: 0, brigade: \"U\", kind: Cavalry, at: (6, 2)",
            "(id: 6, name: \"Union cavalry\", side: 0, brigade: \"U\", kind: Cavalry, at: (7, 2)",
            "both sides",
        ),
        ("men: 450", "men: 1450", "overstacked"),
        (
            "brigade: \"U\", kind: Infantry, at: (4, 4)",
            "brigade: \"X\", kind: Infantry, at: (4, 4)",
            "unknown brigade",
        ),
        ("(id: 2,", "(id: 1,", "used by another unit"),
        (
            "kind: Infantry, at: (4, 4), facing: NE,",
            "kind: Infantry, at: (4, 4), facing: NE, formation: Mounted,",
            "not valid for infantry",
        ),
        (
            "seed: 7,",
            "seed: 7,\n    parameters: (melee: (no_such_thing: 1)),",
            "unknown parameter `parameters.melee.no_such_thing`",
        ),
        (
            "hexsides: [",
            "bridges: [(hex: (1, 1), strength: 50)],\n        hexsides: [",
            "must be on water",
        ),
        ("start_time: \"10:00\"", "start_time: \"25:00\"", "HH:MM"),
        (
            "men: 300, quality: B)",
            "men: 300, weapon: \"lance\", quality: B)",
            "unknown weapon `lance`",
        ),
        (
            "\"..........\",\n            \"..........\",\n            \"......FF..\"",
            "\"..........\",\n            \"....x.....\",\n            \"......FF..\"",
            "unknown letter `x`",
        ),
        (
            "(feature: Creek, at: [((2, 6), NE)]),",
            "(feature: Creek, at: [((20, 6), NE)]),",
            "creek hexside at 20,6 is off the map",
        ),
    ];
    let mut messages = Vec::new();
    for (find, replace, expect) in cases {
        let e = broken(find, replace);
        assert!(
            e.to_string().contains(expect),
            "expected `{expect}` in: {e}"
        );
        messages.push(e.message.clone());
    }
    // Unit faults point at the unit's line.
    let e = broken("men: 450", "men: 1450");
    assert!(e.message.contains("overstacked"));
    let e = broken("(id: 2,", "(id: 1,");
    let line = SMALL
        .lines()
        .position(|l| l.contains("name: \"230 Confederate\""))
        .unwrap()
        + 1;
    assert_eq!(e.line, Some(line), "{e}");
    messages.sort();
    messages.dedup();
    assert_eq!(
        messages.len(),
        cases.len(),
        "every fault has its own message"
    );
}

#[test]
fn a_missing_file_is_an_error_not_a_panic() {
    let e = load_file("maps/no_such_file.ron").unwrap_err();
    assert!(e.to_string().contains("cannot read"));
}

#[test]
fn shipped_parameters_hold_the_rule_book_numbers() {
    let p = Parameters::defaults();
    assert_eq!(
        (
            p.stacking.max_men,
            p.stacking.max_counters,
            p.stacking.men_per_gun
        ),
        (1000, 8, 50)
    );
    assert_eq!(
        (
            p.melee.attack_lcv,
            p.melee.attack_hcv,
            p.melee.defence_lcv,
            p.melee.defence_hcv
        ),
        (25, 125, 50, 200)
    );
    assert_eq!(p.melee.strength_point, 24);
    assert_eq!(p.melee.night_attack_penalty, 300);
    assert_eq!(p.movement.allowance.cavalry, 24);
    assert_eq!(p.movement.terrain.forest.artillery, 8);
    assert_eq!((p.fire.lcv, p.fire.hcv), (5, 25));
    assert_eq!(p.bridges.max_strength, 200);
}

#[test]
fn the_example_in_maps_readme_loads() {
    let readme = include_str!("../maps/README.md");
    let start = readme.find("```ron\n").expect("an example") + 7;
    let end = start + readme[start..].find("```").unwrap();
    let s = parse("maps/README.md", &readme[start..end]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.units.len(), 5);
    assert_eq!(s.map.bridges.len(), 1);
    // §17: the example's chain of command reads as it is written.
    let b = s.board();
    let caldwell = b.units.iter().find(|u| u.id.0 == 5).unwrap();
    assert_eq!(
        b.organisation.post_of(caldwell),
        bayonet::rules::unit::Post::Division("D1".into())
    );
    assert_eq!(b.organisation.chain("1").len(), 4);
    // A corps' headquarters answers to its corps with no division between (issue 76, item 16).
    assert_eq!(b.organisation.chain("HQ").len(), 3);
    assert!(b.organisation.independent("A"));
    // Issue 75: its intent for the computer.
    assert_eq!(b.intent.directives.len(), 2);
}

#[test]
fn the_orders_example_in_maps_readme_parses() {
    let readme = include_str!("../maps/README.md");
    let at = readme.find("## Orders files").unwrap();
    let start = at + readme[at..].find("```ron\n").unwrap() + 7;
    let end = start + readme[start..].find("```").unwrap();
    let orders = bayonet::cli::run::parse_orders("maps/README.md", &readme[start..end]).unwrap();
    assert_eq!(orders.len(), 13);
    let e = bayonet::cli::run::parse_orders("o.ron", "[Move(unit: 1)]").unwrap_err();
    assert!(e.to_string().starts_with("o.ron:1:"), "{e}");
}

#[test]
fn every_scenario_in_maps_is_embedded_for_the_browser_and_loads() {
    let mut on_disk: Vec<String> = std::fs::read_dir("maps")
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .map(|p| format!("maps/{}", p.file_name().unwrap().to_string_lossy()))
        .collect();
    on_disk.sort();
    let mut embedded: Vec<String> = bayonet::SCENARIOS
        .iter()
        .map(|(p, _)| p.to_string())
        .collect();
    embedded.sort();
    assert_eq!(embedded, on_disk, "add new maps to bayonet::SCENARIOS");
    for (path, text) in bayonet::SCENARIOS {
        assert_eq!(text, std::fs::read_to_string(path).unwrap(), "{path}");
        let s = bayonet::rules::scenario::parse(path, text).unwrap();
        assert!(!s.units.is_empty(), "{path}");
    }
    // Loading by path gives the scenario the embedded copy holds (the browser, with no files,
    // reads that copy).
    let embedded = bayonet::load_scenario("maps/test_melee.ron").unwrap();
    let text = bayonet::SCENARIOS
        .iter()
        .find(|(p, _)| *p == "maps/test_melee.ron")
        .unwrap()
        .1;
    assert_eq!(
        embedded.units.len(),
        bayonet::rules::scenario::parse("maps/test_melee.ron", text)
            .unwrap()
            .units
            .len()
    );
    crate::common::refused(
        bayonet::load_scenario("no/such.ron"),
        "cannot read the file: No such file",
    );
}

#[test]
fn every_fault_is_listed_naming_its_unit_or_hex_not_only_the_first() {
    // Two units broken and a hex where both sides stand: three faults, in the file's order.
    let text = SMALL
        .replacen(
            "at: (4, 4), facing: NE, men: 450",
            "at: (14, 4), facing: NE, men: 450",
            1,
        )
        .replacen("men: 90, guns: 4", "men: 90, guns: 0", 1)
        .replacen("kind: Cavalry, at: (6, 2)", "kind: Cavalry, at: (5, 4)", 1);
    let all = bayonet::rules::scenario::faults("broken.ron", &text);
    let got: Vec<(Option<u32>, Option<(i32, i32)>)> = all.iter().map(|f| (f.unit, f.at)).collect();
    assert_eq!(
        got,
        vec![
            (Some(1), Some((14, 4))),
            (Some(5), Some((7, 2))),
            (None, Some((5, 4)))
        ],
        "{all:#?}"
    );
    assert!(all[0].error.message.contains("off the map"));
    assert!(all[1].error.message.contains("a battery needs guns"));
    assert!(all[2].error.message.contains("both sides"));
    assert_eq!(all[0].error.line, Some(47));
    // parse() refuses with the first of them; a sound file has none.
    assert_eq!(parse("broken.ron", &text).unwrap_err(), all[0].error);
    assert!(bayonet::rules::scenario::faults("ok.ron", SMALL).is_empty());
    // A fault in the map stops the check there: one fault.
    let map = SMALL.replacen("width: 10,", "width: 11,", 1);
    assert_eq!(bayonet::rules::scenario::faults("m.ron", &map).len(), 1);
}

/// Issue 43, item 2: place names load with their kind, hexes and rank (the kind's own rank
/// when none is given); a nameless one, one with no hexes, one off the map and one of a rank
/// outside 1–3 are each refused with their own message at the label's line.
#[test]
fn place_names_load_and_bad_ones_are_refused_at_their_line() {
    use bayonet::rules::map::LabelKind;
    let with = |labels: &str| {
        SMALL.replacen(
            "            (feature: Creek, at: [((2, 6), NE)]),\n        ],\n",
            &format!(
                "            (feature: Creek, at: [((2, 6), NE)]),\n        ],\n        labels: [\n{labels}\n        ],\n"
            ),
            1,
        )
    };
    let good = with(
        "            (name: \"Mill Run\", kind: Stream, hexes: [(1, 6), (3, 6), (5, 6)]),\n            (name: \"Kelly's\", kind: Farm, hexes: [(6, 2)], rank: 1),",
    );
    assert_ne!(good, SMALL, "the labels went in");
    let s = parse("labels.ron", &good).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.map.labels.len(), 2);
    let run = &s.map.labels[0];
    assert_eq!(
        (run.name.as_str(), run.kind),
        ("Mill Run", LabelKind::Stream)
    );
    let coords: Vec<_> = run.hexes.iter().map(|h| s.map.coord(*h)).collect();
    assert_eq!(
        coords,
        [(1, 6), (3, 6), (5, 6)].map(|(col, row)| Coord { col, row })
    );
    assert_eq!(run.rank, 2, "a stream's own rank");
    assert_eq!(s.map.labels[1].rank, 1, "the rank given");

    for (label, expect) in [
        (
            "(name: \" \", kind: Town, hexes: [(1, 1)]),",
            "a town label has no name",
        ),
        (
            "(name: \"Nowhere\", kind: Town, hexes: []),",
            "has no hexes",
        ),
        (
            "(name: \"Far\", kind: Hill, hexes: [(1, 1), (12, 3)]),",
            "`Far` at 12,3 is off the map",
        ),
        (
            "(name: \"Low\", kind: Woods, hexes: [(1, 1)], rank: 4),",
            "rank 4",
        ),
    ] {
        let text = with(&format!(
            "            (name: \"Fine\", kind: Farm, hexes: [(0, 0)]),\n            {label}"
        ));
        let e = parse("labels.ron", &text).expect_err(label);
        assert!(e.message.contains(expect), "{label}: {e}");
        let line = text.lines().position(|l| l.contains(label)).unwrap() + 1;
        assert_eq!(e.line, Some(line), "{label}: {e}");
        assert!(!e.message.contains("LabelSpec"), "{e}");
    }
    // An unknown kind is the parser's refusal, at its line.
    let text = with("            (name: \"X\", kind: Mountain, hexes: [(1, 1)]),");
    let e = parse("labels.ron", &text).expect_err("unknown kind");
    assert_eq!(
        e.line,
        Some(text.lines().position(|l| l.contains("Mountain")).unwrap() + 1)
    );
}

/// Issue 43, item 2: the three battles name their ground — Brandy Station its ridges, rivers
/// and fords; the Railroad Cut its ridges and runs; Harper's Crossing its river and run.
#[test]
fn the_battles_name_their_ground() {
    use bayonet::rules::map::LabelKind;
    for (path, names) in [
        (
            "maps/brandy_station.ron",
            &[
                "Fleetwood Hill",
                "Yew Ridge",
                "Rappahannock River",
                "Beverly's Ford",
            ][..],
        ),
        (
            "maps/railroad_cut.ron",
            &[
                "Herr Ridge",
                "McPherson's Ridge",
                "Willoughby Run",
                "Chambersburg Pike",
            ][..],
        ),
        (
            "maps/harpers_crossing.ron",
            &["Cashtown River", "Harper's Run", "Lower ford"][..],
        ),
    ] {
        let s = load_file(path).unwrap();
        for n in names {
            assert!(s.map.labels.iter().any(|l| l.name == *n), "{path}: {n}");
        }
        for kind in [LabelKind::Hill, LabelKind::Stream, LabelKind::Ford] {
            assert!(
                s.map.labels.iter().any(|l| l.kind == kind),
                "{path}: {kind:?}"
            );
        }
    }
    // Fleetwood Hill's and Yew Ridge's names run along their crests: each hex of them stands
    // at least two levels above the ground six hexes east and west of it.
    let s = load_file("maps/brandy_station.ron").unwrap();
    for ridge in ["Fleetwood Hill", "Yew Ridge"] {
        let hill = s.map.labels.iter().find(|l| l.name == ridge).unwrap();
        assert!(hill.hexes.len() >= 3);
        for h in &hill.hexes {
            let c = s.map.coord(*h);
            let e = s.map.elevation(*h);
            for dc in [-6, 6] {
                let side = s.map.hex_at(Coord {
                    col: c.col + dc,
                    row: c.row,
                });
                assert!(
                    e >= s.map.elevation(side) + 2,
                    "{ridge} at {c} is on the crest"
                );
            }
        }
    }
}
