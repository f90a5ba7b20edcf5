//! The scenario editor's document (no window): its edits, undo and redo, its faults by the
//! same checks as `bayonet check`, and its RON, which reloads to the same scenario and writes
//! back identically.

use bayonet::editor::{Document, Edit};
use bayonet::rules::hex::Facing;
use bayonet::rules::map::{Road, SideFeature, Terrain};
use bayonet::rules::scenario::parse;
use bayonet::rules::unit::UnitKind;

/// The same scenario, as the rules see it: map, units, sides, turns, rules.
fn same(a: &bayonet::rules::scenario::Scenario, b: &bayonet::rules::scenario::Scenario) {
    assert_eq!(a.name, b.name);
    assert_eq!(a.description, b.description);
    assert_eq!(a.summary().terrain, b.summary().terrain);
    for h in a.map.hexes() {
        assert_eq!(a.map.terrain(h), b.map.terrain(h));
        assert_eq!(a.map.elevation(h), b.map.elevation(h));
    }
    let sides = |s: &bayonet::rules::scenario::Scenario| {
        let mut v: Vec<_> = s
            .map
            .sides
            .iter()
            .map(|(k, f)| (k.hex.x, k.hex.y, k.side, f.clone()))
            .collect();
        v.sort_by_key(|x| (x.0, x.1, x.2));
        v
    };
    assert_eq!(sides(a), sides(b));
    let roads = |s: &bayonet::rules::scenario::Scenario| {
        let mut v: Vec<_> = s
            .map
            .roads
            .iter()
            .map(|(k, r)| (k.hex.x, k.hex.y, k.side, *r))
            .collect();
        v.sort_by_key(|x| (x.0, x.1, x.2));
        v
    };
    assert_eq!(roads(a), roads(b));
    assert_eq!(a.map.objectives, b.map.objectives);
    assert_eq!(a.map.supply_sources, b.map.supply_sources);
    assert_eq!(a.map.labels, b.map.labels);
    assert_eq!(a.units, b.units);
    assert_eq!(a.reinforcements, b.reinforcements);
    assert_eq!(a.sides, b.sides);
    assert_eq!(a.brigades, b.brigades);
    // §17: the chain of command written back whole.
    assert_eq!((&a.divisions, &a.corps), (&b.divisions, &b.corps));
    assert_eq!(a.organisation, b.organisation);
    assert_eq!(
        (a.turns, a.start_time, a.first_side, a.seed),
        (b.turns, b.start_time, b.first_side, b.seed)
    );
    assert_eq!(a.victory, b.victory);
    assert_eq!(a.params, b.params);
    // The commander's intent written back (its orders were dropped by a save once).
    assert_eq!(*a.intent, *b.intent);
}

#[test]
fn every_shipped_scenario_written_by_the_editor_loads_as_the_same_scenario() {
    for (path, text) in bayonet::SCENARIOS {
        let doc = Document::from_text(path, text).unwrap();
        let written = doc.text();
        let again = parse(path, &written).unwrap_or_else(|e| panic!("{path}: {e}"));
        same(&parse(path, text).unwrap(), &again);
        // Written again, the same text: a stable order.
        assert_eq!(
            Document::from_text(path, &written).unwrap().text(),
            written,
            "{path}"
        );
        // The file's leading comments are kept.
        if text.starts_with("//") {
            assert!(written.starts_with(text.lines().next().unwrap()), "{path}");
        }
    }
}

#[test]
fn edits_change_the_scenario_and_undo_and_redo_walk_them_back_and_forth() {
    let mut d = Document::new("new.ron", 12, 10);
    let t0 = d.text();
    assert!(
        d.apply(Edit::Terrain {
            at: (3, 4),
            terrain: Terrain::Forest
        })
        .unwrap()
    );
    assert!(
        d.apply(Edit::Elevation {
            at: (3, 4),
            level: 2
        })
        .unwrap()
    );
    assert!(
        !d.apply(Edit::Elevation {
            at: (3, 4),
            level: 2
        })
        .unwrap(),
        "no change, no undo step"
    );
    // Heights are the map's steps, 0–9 then a–z (D-los-1): 35 is the highest a file can hold.
    let zs = d.text().matches('z').count();
    assert!(
        d.apply(Edit::Elevation {
            at: (3, 4),
            level: 35
        })
        .unwrap()
    );
    assert_eq!(
        d.text().matches('z').count(),
        zs + 1,
        "35 steps is written z"
    );
    assert_eq!(
        d.apply(Edit::Elevation {
            at: (3, 4),
            level: 36
        }),
        Err("height 36: expected 0 to 35 steps".into())
    );
    assert!(d.undo());
    let t2 = d.text();
    assert!(d.undo());
    assert!(d.undo());
    assert_eq!(d.text(), t0);
    assert!(!d.undo(), "nothing more to undo");
    assert!(d.redo() && d.redo());
    assert_eq!(d.text(), t2);
    let s = d.check().0.unwrap();
    let h = s.map.hex_at(bayonet::rules::map::Coord { col: 3, row: 4 });
    assert_eq!((s.map.terrain(h), s.map.elevation(h)), (Terrain::Forest, 2));
    // A stroke (one drag) undoes as one step; a new edit clears redo.
    d.begin_stroke();
    for c in 0..5 {
        d.apply(Edit::Terrain {
            at: (c, 0),
            terrain: Terrain::Water,
        })
        .unwrap();
    }
    d.end_stroke();
    assert!(d.undo());
    assert_eq!(d.text(), t2);
    d.apply(Edit::Terrain {
        at: (0, 0),
        terrain: Terrain::Town,
    })
    .unwrap();
    assert!(!d.redo());
    // Refused edits name what is wrong and change nothing.
    let before = d.text();
    let e = d
        .apply(Edit::Terrain {
            at: (12, 0),
            terrain: Terrain::Town,
        })
        .unwrap_err();
    assert!(e.contains("12,0 is off the map"), "{e}");
    let e = d
        .apply(Edit::Bridge {
            at: (5, 5),
            strength: Some(100),
        })
        .unwrap_err();
    assert!(e.contains("must be on water"), "{e}");
    assert_eq!(d.text(), before);
}

#[test]
fn hexsides_are_one_thing_from_either_hex_and_roads_split_when_a_piece_is_taken() {
    let mut d = Document::new("new.ron", 8, 8);
    d.apply(Edit::Hexside {
        at: (2, 2),
        side: Facing::N,
        feature: SideFeature::StoneWall,
        on: true,
    })
    .unwrap();
    // The same hexside from the hex to the north: taking it off there removes it.
    assert!(
        d.text().contains("(feature: StoneWall, at: [((2, 2), N)])"),
        "{}",
        d.text()
    );
    d.apply(Edit::Hexside {
        at: (2, 1),
        side: Facing::S,
        feature: SideFeature::StoneWall,
        on: false,
    })
    .unwrap();
    assert!(!d.text().contains("StoneWall"));
    let e = d.apply(Edit::Hexside {
        at: (0, 0),
        side: Facing::N,
        feature: SideFeature::Fence,
        on: true,
    });
    assert!(e.unwrap_err().contains("map's edge"));
    // A road drawn hex by hex is one path; taking out its middle splits it in two.
    for c in 0..4 {
        d.apply(Edit::Road {
            from: (c, 3),
            to: (c + 1, 3),
            kind: Some(Road::Pike),
        })
        .unwrap();
    }
    assert!(
        d.text()
            .contains("(kind: Pike, path: [(0, 3), (1, 3), (2, 3), (3, 3), (4, 3)])"),
        "{}",
        d.text()
    );
    d.apply(Edit::Road {
        from: (2, 3),
        to: (1, 3),
        kind: None,
    })
    .unwrap();
    assert!(d.text().contains("(kind: Pike, path: [(0, 3), (1, 3)])"));
    assert!(
        d.text()
            .contains("(kind: Pike, path: [(2, 3), (3, 3), (4, 3)])")
    );
    let e = d.apply(Edit::Road {
        from: (0, 0),
        to: (3, 3),
        kind: Some(Road::Road),
    });
    assert!(e.unwrap_err().contains("not adjacent"));
    let s = d.check().0.unwrap();
    assert_eq!(s.map.roads.len(), 3);
}

#[test]
fn faults_are_the_checks_of_bayonet_check_naming_the_unit_and_hex() {
    let mut d = Document::new("new.ron", 8, 8);
    assert!(d.check().1.is_empty(), "{:?}", d.check().1);
    let mut u = d.new_unit(0, UnitKind::Infantry, (2, 2));
    d.apply(Edit::Unit(u.clone())).unwrap();
    let mut e = d.new_unit(1, UnitKind::Cavalry, (2, 2));
    d.apply(Edit::Unit(e.clone())).unwrap();
    let faults = d.check().1;
    assert_eq!(faults.len(), 1, "{faults:?}");
    assert_eq!(faults[0].at, Some((2, 2)));
    assert!(faults[0].error.message.contains("both sides"));
    // The same text through `bayonet check`'s function gives the same list.
    let via_check = bayonet::rules::scenario::faults("new.ron", &d.text());
    assert_eq!(via_check, faults);
    e.at = (5, 5);
    d.apply(Edit::Unit(e)).unwrap();
    d.apply(Edit::Terrain {
        at: (2, 2),
        terrain: Terrain::Water,
    })
    .unwrap();
    let faults = d.check().1;
    assert_eq!(faults.len(), 1);
    assert_eq!(faults[0].unit, Some(u.id));
    assert!(
        faults[0].error.message.contains("prohibited terrain"),
        "{faults:?}"
    );
    u.at = (2, 3);
    d.apply(Edit::Unit(u)).unwrap();
    assert!(d.check().1.is_empty());
}

/// Issue 43, item 2: the editor places and edits place names. A name given hex by hex
/// letters along them; given at a hex of another name, it renames that one; the rank is set
/// and refused outside 1–3; a hex taken out shortens the line, the last one takes the name
/// away; the written file reloads to the same names, and undo walks it all back.
#[test]
fn the_editor_places_and_edits_place_names() {
    use bayonet::rules::map::{Coord, LabelKind};
    let mut d = Document::new("new.ron", 12, 10);
    let t0 = d.text();
    let run = || Some(("Mill Run".to_string(), LabelKind::Stream));
    for at in [(2, 3), (4, 3), (6, 4)] {
        assert!(d.apply(Edit::Label { at, label: run() }).unwrap());
    }
    assert!(
        !d.apply(Edit::Label {
            at: (4, 3),
            label: run()
        })
        .unwrap(),
        "a hex it has already: no change"
    );
    assert!(
        d.apply(Edit::Label {
            at: (9, 8),
            label: Some(("Hill's farm".into(), LabelKind::Farm))
        })
        .unwrap()
    );
    let s = d.check().0.unwrap();
    assert_eq!(s.map.labels.len(), 2);
    let coords: Vec<Coord> = s.map.labels[0]
        .hexes
        .iter()
        .map(|h| s.map.coord(*h))
        .collect();
    assert_eq!(
        coords,
        [(2, 3), (4, 3), (6, 4)].map(|(col, row)| Coord { col, row })
    );
    assert_eq!(s.map.labels[0].rank, 2, "a stream's own rank");
    // Renamed at one of its hexes; its rank set; a bad rank refused.
    d.apply(Edit::Label {
        at: (4, 3),
        label: Some(("Harper's Run".into(), LabelKind::Stream)),
    })
    .unwrap();
    d.apply(Edit::LabelRank {
        at: (6, 4),
        rank: Some(1),
    })
    .unwrap();
    let before = d.text();
    let e = d
        .apply(Edit::LabelRank {
            at: (6, 4),
            rank: Some(5),
        })
        .unwrap_err();
    assert!(e.contains("rank"), "{e}");
    let e = d
        .apply(Edit::LabelRank {
            at: (0, 0),
            rank: Some(1),
        })
        .unwrap_err();
    assert!(e.contains("no place name on 0,0"), "{e}");
    assert_eq!(d.text(), before, "refused edits change nothing");
    let s = d.check().0.unwrap();
    assert_eq!(
        (s.map.labels[0].name.as_str(), s.map.labels[0].rank),
        ("Harper's Run", 1)
    );
    // The file written reloads to the same names.
    let again = parse("new.ron", &d.text()).unwrap();
    assert_eq!(again.map.labels, s.map.labels);
    // A hex taken out; the farm's only hex takes it away; the run removed whole.
    d.apply(Edit::Label {
        at: (2, 3),
        label: None,
    })
    .unwrap();
    assert_eq!(d.check().0.unwrap().map.labels[0].hexes.len(), 2);
    d.apply(Edit::Label {
        at: (9, 8),
        label: None,
    })
    .unwrap();
    assert_eq!(d.check().0.unwrap().map.labels.len(), 1);
    d.apply(Edit::RemoveLabel { at: (6, 4) }).unwrap();
    assert!(d.check().0.unwrap().map.labels.is_empty());
    assert!(
        !d.text().contains("labels"),
        "no names, no list: {}",
        d.text()
    );
    while d.undo() {}
    assert_eq!(d.text(), t0);
}

/// D-obj-1 in the editor: an objective's holder at the start is set and cleared, kept when the
/// objective is renamed, written to the file and read back; a side that does not exist and a hex
/// with no objective are refused and change nothing.
#[test]
fn the_editor_sets_who_holds_an_objective_at_the_start() {
    use bayonet::rules::unit::Side;
    let mut d = Document::new("new.ron", 12, 10);
    d.apply(Edit::Objective {
        at: (5, 5),
        objective: Some(("Mill".into(), 100)),
    })
    .unwrap();
    let owner = |d: &Document| d.check().0.unwrap().map.objectives[0].owner;
    assert_eq!(owner(&d), None, "nobody stands on it");
    d.apply(Edit::ObjectiveOwner {
        at: (5, 5),
        owner: Some(1),
    })
    .unwrap();
    assert_eq!(owner(&d), Some(Side(1)));
    assert!(
        d.text()
            .contains("(name: \"Mill\", hex: (5, 5), points: 100, owner: 1)")
    );
    d.apply(Edit::Objective {
        at: (5, 5),
        objective: Some(("Miller's Mill".into(), 150)),
    })
    .unwrap();
    assert_eq!(owner(&d), Some(Side(1)), "kept through a rename");
    let again = parse("new.ron", &d.text()).unwrap();
    assert_eq!(again.map.objectives[0].owner, Some(Side(1)));
    let before = d.text();
    let e = d
        .apply(Edit::ObjectiveOwner {
            at: (5, 5),
            owner: Some(2),
        })
        .unwrap_err();
    assert!(e.contains("side 0 or 1"), "{e}");
    let e = d
        .apply(Edit::ObjectiveOwner {
            at: (1, 1),
            owner: Some(0),
        })
        .unwrap_err();
    assert!(e.contains("no objective at 1,1"), "{e}");
    assert_eq!(d.text(), before, "refused edits change nothing");
    d.apply(Edit::ObjectiveOwner {
        at: (5, 5),
        owner: None,
    })
    .unwrap();
    assert_eq!(owner(&d), None);
    assert!(!d.text().contains("owner"));
}

/// Issue 75, item 3: the commander's intent in the editor — who attacks, and each order's side,
/// formation, mission, objective and turns stepped, written, checked, undone and taken away.
#[test]
fn the_editor_gives_the_computer_its_orders_and_who_attacks() {
    use bayonet::editor::intent::{self, OrderField};
    use bayonet::rules::intent::Mission;
    use bayonet::rules::scenario::Action;
    let (path, text) = bayonet::SCENARIOS
        .iter()
        .find(|(p, _)| p.ends_with("little_round_top.ron"))
        .unwrap();
    let mut doc = Document::from_text(path, text).unwrap();
    let before = doc.file.intent.len();
    assert_eq!(before, 4, "history's orders at Little Round Top");
    // Who attacks: cycled through not said, either side, a meeting.
    assert_eq!(doc.file.action, Some(Action::Attack(1)));
    let next = intent::next_action(doc.file.action, 1);
    assert_eq!(next, Some(Action::Meeting));
    doc.apply(Edit::Action(next)).unwrap();
    assert!(intent::action_shown(&doc.file).contains("meeting"));
    assert!(doc.apply(Edit::Action(Some(Action::Attack(2)))).is_err());
    // A new order for the Union: in a meeting both sides come on, so it attacks.
    let mut o = intent::new_order(&doc.file, 0);
    assert_eq!(
        (o.side, o.mission, &o.formation),
        (0, Mission::Attack, &None)
    );
    // Its formation steps through the Union's own, the whole side first.
    let union = intent::formations(&doc.file, 0);
    assert_eq!(union[0], None);
    assert!(union.len() > 2);
    for f in &union[1..] {
        let id = f.as_deref().unwrap();
        assert!(
            doc.file.brigades.iter().any(|b| b.id == id && b.side == 0)
                || doc.file.divisions.iter().any(|d| d.id == id && d.side == 0)
                || doc.file.corps.iter().any(|c| c.id == id && c.side == 0),
            "{id} is not a Union formation"
        );
    }
    o = intent::step(&doc.file, &o, OrderField::Formation, 1);
    assert_eq!(o.formation, union[1]);
    assert!(intent::shown(&doc.file, &o, OrderField::Formation).contains('('));
    o = intent::step(&doc.file, &o, OrderField::Mission, 2);
    assert_eq!(o.mission, Mission::Reserve);
    o = intent::step(&doc.file, &o, OrderField::Objective, 1);
    assert_eq!(
        o.objective.as_deref(),
        Some(doc.file.map.objectives[0].name.as_str())
    );
    // Turns: from the start and to the end are written as nothing.
    o = intent::step(&doc.file, &o, OrderField::From, 2);
    assert_eq!(o.from, Some(3));
    o = intent::step(&doc.file, &o, OrderField::Until, -1);
    assert_eq!(o.until, Some(doc.file.turns));
    o = intent::step(&doc.file, &o, OrderField::Until, 1);
    assert_eq!(o.until, None);
    assert_eq!(
        intent::shown(&doc.file, &o, OrderField::Until),
        "to the end"
    );
    o = intent::step(&doc.file, &o, OrderField::From, -5);
    assert_eq!(o.from, None);
    // Until never before from.
    let mut late = intent::step(&doc.file, &o, OrderField::From, 4);
    late = intent::step(&doc.file, &late, OrderField::Until, -100);
    assert_eq!(late.until, late.from);
    doc.apply(Edit::Intent {
        index: before,
        order: Some(o.clone()),
    })
    .unwrap();
    assert!(
        doc.apply(Edit::Intent {
            index: before + 5,
            order: Some(o.clone()),
        })
        .is_err()
    );
    // Written, read back and checked: the order is the Union formation's, with no fault.
    let (s, faults) = doc.check();
    assert!(faults.is_empty(), "{faults:?}");
    let s = s.unwrap();
    assert_eq!(s.intent.directives.len(), before + 1);
    let d = s.intent.directives.last().unwrap();
    assert_eq!(d.side, bayonet::rules::unit::Side(0));
    assert_eq!(d.mission, Mission::Reserve);
    assert!(d.formation.is_some());
    assert!(s.intent.meeting);
    // Changing its side gives it to the whole of the other side (a formation is one side's).
    let other = intent::step(&doc.file, &o, OrderField::Side, 1);
    assert_eq!((other.side, other.formation), (1, None));
    // A formation of the wrong side typed into the file is a fault of `bayonet check`.
    let mut wrong = o.clone();
    wrong.side = 1;
    doc.apply(Edit::Intent {
        index: before,
        order: Some(wrong),
    })
    .unwrap();
    let (_, faults) = doc.check();
    assert!(
        faults
            .iter()
            .any(|f| f.error.message.contains(&format!("intent {}", before + 1))),
        "{faults:?}"
    );
    // Undo walks it back; taking an order away removes it.
    assert!(doc.undo());
    assert_eq!(doc.file.intent[before], o);
    doc.apply(Edit::Intent {
        index: 0,
        order: None,
    })
    .unwrap();
    assert_eq!(doc.file.intent.len(), before);
    assert_eq!(doc.file.intent.last(), Some(&o));
}
