//! Scenario files (DESIGN.md's format, RULES.md §2–§3 and §13): each check of a loaded scenario
//! at its edge — the value just allowed loads, the one just past it is refused with its message —
//! and what loading builds (implied creeks, the better road, bridges, owners, reinforcements).

use bayonet::rules::hex::Facing;
use bayonet::rules::map::{Coord, Road, SideFeature};
use bayonet::rules::scenario::{Scenario, parse};
use bayonet::rules::unit::Side;

/// A small scenario: a `width` × `height` clear map, `map` added to the map's fields, `top`
/// to the scenario's, and `units` (two regiments when empty).
fn text(width: u32, height: u32, map: &str, top: &str, units: &str) -> String {
    let rows: Vec<String> = (0..height)
        .map(|_| format!("\"{}\"", ".".repeat(width as usize)))
        .collect();
    let units = if units.is_empty() {
        "(id: 1, name: \"A\", side: 0, brigade: \"U\", kind: Infantry, at: (0, 0), facing: NE, men: 300, quality: C),\n\
         (id: 2, name: \"B\", side: 1, brigade: \"C\", kind: Infantry, at: (1, 1), facing: SW, men: 300, quality: C),"
    } else {
        units
    };
    format!(
        "(\n name: \"t\",\n map: (width: {width}, height: {height}, terrain: [{}], {map}),\n \
         sides: [(name: \"Union\", color: (0.1, 0.1, 0.1), edge: West), (name: \"Confederate\", color: (0.5, 0.5, 0.5), edge: East)],\n \
         first_side: 0,\n turns: 3,\n start_time: \"10:00\",\n \
         victory: (major_defeat: -100, minor_defeat: -50, minor_victory: 50, major_victory: 100),\n \
         {top}\n brigades: [(id: \"U\", name: \"U\", side: 0), (id: \"C\", name: \"C\", side: 1)],\n \
         units: [\n{units}\n ],\n)",
        rows.join(", ")
    )
}

fn load(t: &str) -> Result<Scenario, String> {
    parse("t.ron", t).map_err(|e| e.message)
}

fn refused(t: &str, want: &str) {
    match load(t) {
        Ok(_) => panic!("loaded; expected: {want}\n{t}"),
        Err(m) => assert!(m.contains(want), "`{m}` lacks `{want}`"),
    }
}

/// The map's size: 2 to 1000 hexes each way; the terrain and elevation grids must match it.
#[test]
fn the_map_size_and_its_grids() {
    for (w, h) in [(2, 2), (1000, 2), (2, 1000)] {
        let size = load(&text(w, h, "", "", ""))
            .map(|s| (s.map.width, s.map.height, s.map.hexes().count()));
        assert_eq!(size, Ok((w, h, (w * h) as usize)));
    }
    for (w, h) in [(1, 2), (2, 1), (1001, 2), (2, 1001)] {
        refused(
            &text(
                w,
                h,
                "",
                "",
                "(id: 1, name: \"A\", side: 0, brigade: \"U\", kind: Leader, at: (0, 0), facing: N, quality: C),",
            ),
            &format!("map size {w}×{h} is out of range (2 to 1000 each way)"),
        );
    }
    let t = text(3, 3, "", "", "").replacen("\"...\", ", "", 1);
    refused(&t, "map.terrain has 2 rows; expected 3 (the map height)");
    let t = text(3, 3, "", "", "").replacen("\"...\"", "\"....\"", 1);
    refused(
        &t,
        "map.terrain row 0 has 4 letters; expected 3 (the map width)",
    );
    let elevation = |rows: &str| text(3, 2, &format!("elevation: [{rows}]"), "", "");
    let s = load(&elevation("\"012\", \"934\"")).unwrap();
    assert_eq!(s.map.elevation(s.map.hex_at(Coord { col: 0, row: 1 })), 9);
    assert_eq!(s.map.elevation(s.map.hex_at(Coord { col: 2, row: 0 })), 2);
    refused(
        &elevation("\"012\""),
        "map.elevation has 1 rows; expected 2 (the map height) or none",
    );
    refused(
        &elevation("\"012\", \"12\""),
        "map.elevation row 1 has 2 digits; expected 3",
    );
    refused(
        &elevation("\"012\", \"1X2\""),
        "map.elevation row 1, column 1: `X` is not a height: expected 0–9, or a–z for 10–35",
    );
    refused(
        &elevation("\"012\", \"1-2\""),
        "map.elevation row 1, column 1: `-` is not a height: expected 0–9, or a–z for 10–35",
    );
}

/// A ford or a hexside bridge implies its creek; two roads through one hexside keep the better
/// (pike over road over rail over trail); a road's path is two adjacent hexes or more.
#[test]
fn crossings_imply_their_creek_and_the_better_road_is_kept() {
    let s = load(&text(
        6,
        6,
        "hexsides: [(feature: Ford, at: [((2, 2), N)]), (feature: Bridge, at: [((3, 3), S)])], \
         roads: [(kind: Trail, path: [(1, 1), (1, 2), (1, 3)]), (kind: Pike, path: [(1, 2), (1, 3)]), \
         (kind: Road, path: [(1, 2), (1, 1)]), (kind: Rail, path: [(1, 1), (1, 2)]), \
         (kind: Trail, path: [(3, 1), (3, 2)]), (kind: Rail, path: [(3, 1), (3, 2)]), (kind: Trail, path: [(3, 1), (3, 2)])]",
        "",
        "",
    ))
    .unwrap();
    let h = |col, row| s.map.hex_at(Coord { col, row });
    assert_eq!(
        s.map.features(h(2, 2), Facing::N),
        [SideFeature::Creek, SideFeature::Ford]
    );
    assert_eq!(
        s.map.features(h(3, 3), Facing::S),
        [SideFeature::Creek, SideFeature::Bridge]
    );
    assert!(!s.map.creek_blocks(h(2, 2), Facing::N));
    assert_eq!(s.map.road(h(1, 2), Facing::S), Some(Road::Pike));
    assert_eq!(s.map.road(h(1, 1), Facing::S), Some(Road::Road));
    assert_eq!(
        s.map.road(h(3, 1), Facing::S),
        Some(Road::Rail),
        "rail over trail"
    );
    let road = |path: &str| {
        text(
            6,
            6,
            &format!("roads: [(kind: Road, path: [{path}])]"),
            "",
            "",
        )
    };
    refused(&road("(1, 1)"), "a road needs a path of at least two hexes");
    refused(
        &road("(1, 1), (1, 3)"),
        "road path: 1,1 and 1,3 are not adjacent",
    );
    refused(&road("(1, 1), (1, 6)"), "road at 1,6 is off the map");
}

/// Full-hex bridges stand on water, no stronger than their own maximum or the rules' limit
/// (200); the maximum is the strength when not given. Objectives and supply sources are on the
/// map; an objective starts with the side of a unit (not a lone leader) standing on it.
#[test]
fn bridges_objectives_and_supply_sources() {
    let water = |extra: &str| {
        text(4, 4, extra, "", "").replacen("\"....\", \"....\"", "\"....\", \"..~.\"", 1)
    };
    let s = load(&water("bridges: [(hex: (2, 1), strength: 150)]")).unwrap();
    let b = s
        .map
        .bridge(s.map.hex_at(Coord { col: 2, row: 1 }))
        .unwrap();
    assert_eq!((b.strength, b.max), (150, 150));
    let s = load(&water("bridges: [(hex: (2, 1), strength: 150, max: 200)]")).unwrap();
    let b = s
        .map
        .bridge(s.map.hex_at(Coord { col: 2, row: 1 }))
        .unwrap();
    assert_eq!((b.strength, b.max), (150, 200));
    refused(
        &water("bridges: [(hex: (2, 1), strength: 150, max: 201)]"),
        "bridge at 2,1: strength 150 of max 201 exceeds the limit 200 (or its own max)",
    );
    refused(
        &water("bridges: [(hex: (2, 1), strength: 160, max: 150)]"),
        "bridge at 2,1: strength 160 of max 150",
    );
    refused(
        &water("bridges: [(hex: (1, 1), strength: 50)]"),
        "bridge at 1,1 is on clear terrain; a full-hex bridge must be on water",
    );
    let units = "(id: 1, name: \"A\", side: 0, brigade: \"U\", kind: Infantry, at: (0, 0), facing: NE, men: 300, quality: C),\n\
                 (id: 2, name: \"B\", side: 1, brigade: \"C\", kind: Leader, at: (3, 3), facing: SW, quality: C),";
    let s = load(&text(
        4,
        4,
        "objectives: [(name: \"Mill\", hex: (0, 0), points: 50), (name: \"Inn\", hex: (3, 3), points: 20), \
         (name: \"Ford\", hex: (2, 2), points: 10)], supply_sources: [(1, 3)]",
        "",
        units,
    ))
    .unwrap();
    let owners: Vec<_> = s
        .map
        .objectives
        .iter()
        .map(|o| (o.name.as_str(), o.points, o.owner))
        .collect();
    assert_eq!(
        owners,
        [
            ("Mill", 50, Some(Side(0))),
            ("Inn", 20, None),
            ("Ford", 10, None)
        ]
    );
    assert_eq!(
        *s.map.supply_sources,
        [s.map.hex_at(Coord { col: 1, row: 3 })]
    );
    refused(
        &text(
            4,
            4,
            "objectives: [(name: \"Mill\", hex: (4, 0), points: 5)]",
            "",
            "",
        ),
        "objective `Mill` at 4,0 is off the map",
    );
    refused(
        &text(4, 4, "supply_sources: [(0, 4)]", "", ""),
        "supply source at 0,4 is off the map",
    );
}

/// The scenario's own fields: two sides, the first 0 or 1, at least one turn, a 24-hour start
/// time (night by the clock), victory thresholds that rise (equal ones allowed), brigades of a
/// real side with ids used once.
#[test]
fn sides_turns_time_victory_and_brigades() {
    let base = text(4, 4, "", "", "");
    let with = |find: &str, replace: &str| {
        assert!(base.contains(find), "{find}");
        base.replacen(find, replace, 1)
    };
    refused(
        &with("first_side: 0", "first_side: 2"),
        "first_side is 2; expected 0 or 1",
    );
    let s = load(&with("first_side: 0", "first_side: 1")).unwrap();
    assert_eq!(s.first_side, Side(1));
    refused(&with("turns: 3", "turns: 0"), "turns must be at least 1");
    assert_eq!(load(&with("turns: 3", "turns: 1")).unwrap().turns, 1);
    for (time, minutes) in [
        ("00:00", 0),
        ("23:59", 23 * 60 + 59),
        (" 7 : 05", 7 * 60 + 5),
    ] {
        let s = load(&with("\"10:00\"", &format!("\"{time}\""))).unwrap();
        assert_eq!(s.start_time, minutes, "{time}");
    }
    for time in ["24:00", "10:60", "10", "ten:00", "10:xx"] {
        refused(
            &with("\"10:00\"", &format!("\"{time}\"")),
            &format!("start_time `{time}`: expected \"HH:MM\" (24-hour clock)"),
        );
    }
    let rise = "victory thresholds must rise";
    for v in [
        "(major_defeat: -40, minor_defeat: -50, minor_victory: 50, major_victory: 100)",
        "(major_defeat: -100, minor_defeat: 60, minor_victory: 50, major_victory: 100)",
        "(major_defeat: -100, minor_defeat: -50, minor_victory: 150, major_victory: 100)",
    ] {
        refused(
            &with(
                "(major_defeat: -100, minor_defeat: -50, minor_victory: 50, major_victory: 100)",
                v,
            ),
            rise,
        );
    }
    let flat = load(&with(
        "(major_defeat: -100, minor_defeat: -50, minor_victory: 50, major_victory: 100)",
        "(major_defeat: 0, minor_defeat: 0, minor_victory: 0, major_victory: 0)",
    ))
    .map(|s| s.victory.major_victory);
    assert_eq!(flat, Ok(0), "equal thresholds rise far enough");
    let one_side = with(
        ", (name: \"Confederate\", color: (0.5, 0.5, 0.5), edge: East)",
        "",
    );
    refused(&one_side, "expected 2 sides; found 1");
    refused(
        &with(
            "(id: \"C\", name: \"C\", side: 1)",
            "(id: \"C\", name: \"C\", side: 2)",
        ),
        "brigade `C` has side 2; expected 0 or 1",
    );
    refused(
        &with(
            "(id: \"C\", name: \"C\", side: 1)",
            "(id: \"U\", name: \"C\", side: 1)",
        ),
        "brigade id `U` is used twice",
    );
    let s = load(&base).unwrap();
    assert_eq!(
        (
            s.side_name(Side(0)),
            s.side_name(Side(1)),
            s.side_name(Side(2))
        ),
        ("Union", "Confederate", "?")
    );
}

/// §3 each unit's own checks, one fault each: side, brigade, what it is made of (men, guns),
/// fatigue up to 900, cavalry kind, command and crew only where they belong, and when it
/// arrives (turn 2 to the last).
#[test]
fn each_units_checks() {
    let unit = |fields: &str| {
        text(
            4,
            4,
            "",
            "",
            &format!(
                "(id: 1, name: \"A\", side: 0, brigade: \"U\", {fields}, at: (0, 0), facing: NE, quality: C),\n\
                 (id: 2, name: \"B\", side: 1, brigade: \"C\", kind: Infantry, at: (3, 3), facing: SW, men: 300, quality: C),"
            ),
        )
    };
    let ok = [
        "kind: Infantry, men: 1",
        "kind: Supply, men: 5",
        "kind: Artillery, guns: 1",
        "kind: Leader",
        "kind: Infantry, men: 300, fatigue: 900",
        "kind: Cavalry, men: 100, cavalry: Heavy",
        "kind: Leader, command: Corps",
        "kind: Artillery, guns: 2, crew: Spiked",
        "kind: Infantry, men: 100, arrives: 2",
        "kind: Infantry, men: 100, arrives: 3",
    ];
    for fields in ok {
        let loaded = load(&unit(fields)).map(|s| {
            let u = s
                .units
                .iter()
                .chain(s.reinforcements.iter().map(|r| &r.unit));
            u.filter(|u| u.id.0 == 1).count()
        });
        assert_eq!(loaded, Ok(1), "{fields}");
    }
    let s = load(&unit("kind: Infantry, men: 100, arrives: 3")).unwrap();
    assert_eq!(
        (
            s.units.len(),
            s.reinforcements.len(),
            s.reinforcements[0].turn
        ),
        (1, 1, 3)
    );
    let bad = [
        (
            "kind: Infantry, men: 0",
            "needs men (wagon points for a supply wagon) above 0",
        ),
        ("kind: Cavalry, men: 0", "needs men"),
        ("kind: Supply, men: 0", "needs men"),
        (
            "kind: Artillery, guns: 0, men: 50",
            "a battery needs guns above 0",
        ),
        ("kind: Leader, men: 5", "a leader has no men or guns"),
        ("kind: Leader, guns: 1", "a leader has no men or guns"),
        (
            "kind: Infantry, men: 100, guns: 2",
            "infantry cannot have guns",
        ),
        (
            "kind: Infantry, men: 300, fatigue: 901",
            "fatigue 901 is above the maximum 900",
        ),
        (
            "kind: Infantry, men: 100, cavalry: Lancer",
            "only cavalry can be Light, Heavy or Lancer",
        ),
        (
            "kind: Infantry, men: 100, command: Army",
            "only a leader has a level of command",
        ),
        (
            "kind: Infantry, men: 100, crew: Uncrewed",
            "only artillery can be uncrewed or spiked",
        ),
        (
            "kind: Infantry, men: 100, arrives: 1",
            "arrives on turn 1; expected a turn from 2 to 3 (the last)",
        ),
        ("kind: Infantry, men: 100, arrives: 4", "arrives on turn 4"),
    ];
    for (fields, why) in bad {
        refused(&unit(fields), &format!("unit 1 `A`: {why}"));
    }
    let t = unit("kind: Infantry, men: 100").replacen(
        "side: 0, brigade: \"U\"",
        "side: 2, brigade: \"U\"",
        1,
    );
    refused(&t, "unit 1 `A`: side 2 does not exist; expected 0 or 1");
    let t = unit("kind: Infantry, men: 100").replacen(
        "side: 0, brigade: \"U\"",
        "side: 0, brigade: \"C\"",
        1,
    );
    refused(&t, "unit 1 `A`: brigade `C` belongs to the other side");
}

/// §1's clock: night from dusk (18:00) to dawn (06:00), dusk included, dawn not, on any day.
#[test]
fn night_runs_from_dusk_to_dawn() {
    let p = bayonet::rules::params::Parameters::defaults();
    let night = |h: u32, m: u32| bayonet::rules::scenario::is_night(h * 60 + m, &p);
    assert!(!night(6, 0) && night(5, 59));
    assert!(night(18, 0) && !night(17, 59));
    assert!(night(0, 0) && !night(12, 0));
    assert!(!night(24 + 6, 0) && night(24 + 18, 0), "the next day too");
}

/// The board a scenario starts: its edges, first side, turns, clock and reinforcements.
#[test]
fn the_board_a_scenario_starts() {
    let t = text(4, 4, "", "", "")
        .replacen("first_side: 0", "first_side: 1", 1)
        .replacen("\"10:00\"", "\"19:30\"", 1)
        .replacen(
            "men: 300, quality: C),\n",
            "men: 300, quality: C),\n(id: 3, name: \"R\", side: 0, brigade: \"U\", kind: Infantry, at: (0, 1), facing: NE, men: 200, quality: C, arrives: 2),\n",
            1,
        );
    let s = load(&t).unwrap();
    let b = s.board();
    use bayonet::rules::map::MapEdge;
    assert_eq!(b.edges, [MapEdge::West, MapEdge::East]);
    assert_eq!((b.acting, b.first_side), (Side(1), Side(1)));
    assert_eq!((b.minutes, b.night, b.last_turn), (19 * 60 + 30, true, 3));
    assert_eq!(b.clock(), "19:30");
    assert_eq!(b.units.len(), 2);
    assert_eq!(b.reinforcements.len(), 1);
    assert_eq!(b.reinforcements[0].unit.name, "R");
}

/// A unit's fault points at its own line, not at the line of a unit whose id begins the same
/// (`id: 1` is not `id: 12`); the error reads file:line: message.
#[test]
fn a_units_fault_points_at_its_line() {
    let units = "(id: 12, name: \"A\", side: 0, brigade: \"U\", kind: Infantry, at: (0, 0), facing: NE, men: 300, quality: C),\n\
                 (id: 2, name: \"B\", side: 1, brigade: \"C\", kind: Infantry, at: (1, 1), facing: SW, men: 300, quality: C),\n\
                 (id: 1, name: \"C\", side: 0, brigade: \"U\", kind: Infantry, at: (0, 2), facing: NE, men: 0, quality: C),";
    let t = text(4, 4, "", "", units);
    let e = parse("t.ron", &t).unwrap_err();
    let line = t
        .lines()
        .position(|l| l.contains("(id: 1, name: \"C\""))
        .unwrap()
        + 1;
    assert_eq!(e.line, Some(line), "{e}");
    assert_eq!(e.column, None);
    assert_eq!(
        e.to_string(),
        format!("t.ron:{line}: unit 1 `C`: needs men (wagon points for a supply wagon) above 0")
    );
    // A second unit with the same id is pointed at on its own line.
    let t = text(4, 4, "", "", &units.replace("id: 1,", "id: 2,"));
    let e = parse("t.ron", &t).unwrap_err();
    assert_eq!(e.line, Some(line), "{e}");
    assert!(e.message.contains("this id is used by another unit"), "{e}");
    // A fault of the map has no line: file: message.
    let e = parse("t.ron", &text(1, 2, "", "", "")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "t.ron: map size 1×2 is out of range (2 to 1000 each way)"
    );
}

/// `bayonet check --json`'s summary: units per side and kind (reinforcements included),
/// terrain, hexside features, roads, bridges and objectives counted.
#[test]
fn the_summary_counts_what_the_scenario_holds() {
    let t = text(
        3,
        2,
        "hexsides: [(feature: Fence, at: [((0, 0), S), ((1, 0), S)])], roads: [(kind: Road, path: [(0, 1), (1, 1), (2, 1)])], \
         objectives: [(name: \"Mill\", hex: (2, 0), points: 5)]",
        "",
        "(id: 1, name: \"A\", side: 0, brigade: \"U\", kind: Infantry, at: (0, 0), facing: NE, men: 300, quality: C),\n\
         (id: 2, name: \"B\", side: 1, brigade: \"C\", kind: Infantry, at: (1, 1), facing: SW, men: 300, quality: C),\n\
         (id: 3, name: \"R\", side: 1, brigade: \"C\", kind: Leader, at: (2, 1), facing: SW, quality: C, arrives: 2),",
    )
    .replacen("\"...\"", "\".F~\"", 1);
    let s = load(&t).unwrap().summary();
    let json = serde_json::to_value(&s).unwrap();
    assert_eq!(
        json,
        serde_json::json!({
            "name": "t", "width": 3, "height": 2, "turns": 3,
            "units": {"Union": {"infantry": 1}, "Confederate": {"infantry": 1, "leader": 1}},
            "terrain": {"clear": 4, "forest": 1, "water": 1},
            "hexside_features": {"fence": 2},
            "roads": {"road": 2},
            "full_hex_bridges": 0,
            "objectives": 1,
            "reinforcements": 1,
        })
    );
}

/// D-obj-1: an objective's `owner` holds it at the start; without one, the side of the combat
/// unit standing on it (a leader or a wagon holds none), else nobody; an owner that is no side
/// is refused with the objective's own line, in words.
#[test]
fn d_obj_1_an_objectives_holder_at_the_start() {
    let units = "(id: 1, name: \"A\", side: 0, brigade: \"U\", kind: Infantry, at: (0, 0), facing: NE, men: 300, quality: C),\n\
                 (id: 2, name: \"B\", side: 1, brigade: \"C\", kind: Leader, at: (3, 3), facing: SW, quality: C),\n\
                 (id: 3, name: \"W\", side: 1, brigade: \"C\", kind: Supply, at: (2, 2), facing: SW, men: 10, quality: D),\n\
                 (id: 4, name: \"D\", side: 1, brigade: \"C\", kind: Infantry, at: (1, 3), facing: SW, men: 300, quality: C),";
    let objectives = "objectives: [(name: \"Mill\", hex: (0, 0), points: 50), (name: \"Inn\", hex: (3, 3), points: 20), \
         (name: \"Ford\", hex: (2, 2), points: 10), (name: \"Barn\", hex: (1, 3), points: 5, owner: 0), \
         (name: \"Church\", hex: (3, 0), points: 5, owner: 1)]";
    let s = load(&text(4, 4, objectives, "", units)).unwrap();
    let owners: Vec<_> = s
        .map
        .objectives
        .iter()
        .map(|o| (o.name.as_str(), o.owner))
        .collect();
    assert_eq!(
        owners,
        [
            ("Mill", Some(Side(0))),
            ("Inn", None),
            ("Ford", None),
            ("Barn", Some(Side(0))),
            ("Church", Some(Side(1)))
        ]
    );
    // The score counts them from the first turn: the first side's 55 less the second's 5.
    let v = bayonet::rules::victory::report(&s, &s.board());
    assert_eq!(v.objectives, [55, 5]);
    // An owner that is no side: refused at the objective's own line.
    let t = text(
        4,
        4,
        "objectives: [(name: \"Mill\", hex: (0, 0), points: 50),\n (name: \"Inn\", hex: (3, 3), points: 20, owner: 2)]",
        "",
        "",
    );
    let e = parse("t.ron", &t).unwrap_err();
    let line = t.lines().position(|l| l.contains("\"Inn\"")).unwrap() + 1;
    assert_eq!(e.line, Some(line), "{e}");
    assert!(
        e.message
            .contains("objective `Inn` has owner 2; expected 0 or 1 (the side holding it at the start), or no owner"),
        "{e}"
    );
}

/// Issue 75: the scenario's intent for its computer (`maps/README.md`): read into directives
/// (the formation found by its id at its level, the objective by its name, the turns defaulted
/// to the whole battle) and the battle's action into who attacks; every faulty entry is
/// reported — its number, its line, what was expected — and `bayonet check` lists them all.
#[test]
fn the_commanders_intent_and_its_faults() {
    use bayonet::rules::intent::Mission;
    use bayonet::rules::unit::Post;
    let objective = "objectives: [(name: \"Mill\", hex: (2, 2), points: 50, owner: 1)]";
    let ok = text(
        4,
        4,
        objective,
        "action: Attack(0),\n intent: [\n  (side: 0, formation: \"U\", mission: Attack, objective: \"Mill\", until: 2),\n  (side: 1, mission: Hold, from: 2),\n ],",
        "",
    );
    let s = load(&ok).unwrap();
    let i = &s.intent;
    assert_eq!(i.attacker, Some(Side(0)));
    assert!(!i.meeting);
    assert_eq!(i.directives.len(), 2);
    let attack = &i.directives[0];
    assert_eq!(
        (
            attack.formation.clone(),
            attack.mission,
            attack.objective.map(|h| s.map.coord(h)),
            attack.from,
            attack.until
        ),
        (
            Some(Post::Brigade("U".into())),
            Mission::Attack,
            Some(Coord { col: 2, row: 2 }),
            1,
            Some(2)
        )
    );
    assert_eq!(
        (
            i.directives[1].formation.clone(),
            i.directives[1].from,
            i.directives[1].until
        ),
        (None, 2, None)
    );
    // The board carries it to the computer.
    assert_eq!(s.board().intent.directives, i.directives);
    let bad = text(
        4,
        4,
        objective,
        "intent: [\n  (side: 0, formation: \"C\", mission: Attack),\n  (side: 1, mission: Hold, objective: \"Mills\"),\n  (side: 0, mission: Reserve, from: 3, until: 2),\n  (side: 2, mission: Screen),\n ],",
        "",
    );
    let faults = bayonet::rules::scenario::faults("t.ron", &bad);
    let messages: Vec<String> = faults.iter().map(|f| f.error.to_string()).collect();
    assert_eq!(faults.len(), 4, "{messages:#?}");
    let want = [
        "intent 1: formation `C`: expected the id of one of side 0's brigades, divisions or corps",
        "intent 2: objective `Mills`: expected the name of one of the map's objectives",
        "intent 3: turns 3 to 2: expected turns within the battle's 1 to 3, the first not after the last",
        "intent 4: side 2; expected 0 or 1",
    ];
    let first = bad
        .lines()
        .position(|l| l.contains("formation: \"C\""))
        .unwrap()
        + 1;
    for (k, (f, w)) in faults.iter().zip(want).enumerate() {
        assert!(f.error.message.contains(w), "{} lacks {w}", f.error.message);
        assert_eq!(f.error.line, Some(first + k), "{}", f.error.message);
    }
    refused(&bad, "intent 1: formation `C`");
}
