//! The scenario editor driven by real input, headless: mouse and touch messages, key presses
//! and typed text through the editor's own input path (no renderer). A scenario made from
//! nothing this way saves, reloads identically and plays to its end.

use bayonet::client::editor::{Act, Editing, EditorState, PlayTestRequested, Property, Tool};
use bayonet::editor::Document;
use bayonet::rules::hex::Facing;
use bayonet::rules::map::{Coord, Road, SideFeature, Terrain};
use bayonet::rules::unit::{Quality, UnitKind};
use bevy::input::ButtonState;
use bevy::prelude::*;

use crate::rig::Rig;

fn doc(r: &Rig) -> &Document {
    &r.res::<Editing>().0
}

fn letter(r: &Rig, c: usize, row: usize) -> char {
    doc(r).file.map.terrain[row].chars().nth(c).unwrap()
}

/// A screen point on hex (c, r) near its side `f` (where a hexside tool takes that side).
fn near_side(r: &Rig, c: i32, row: i32, f: Facing) -> Vec2 {
    let a = r.screen(c, row);
    let h = r.s.map.hex_at(Coord { col: c, row }) + f.step();
    let n = r.s.map.coord(h);
    let b = r.screen(n.col, n.row);
    a.lerp(b, 0.4)
}

fn click_at(r: &mut Rig, p: Vec2) {
    r.cursor(p);
    r.frames(1);
    r.mouse(ButtonState::Pressed);
    r.frames(1);
    r.mouse(ButtonState::Released);
    r.frames(2);
}

fn ctrl(r: &mut Rig, key: KeyCode) {
    r.key(KeyCode::ControlLeft, ButtonState::Pressed);
    r.frames(1);
    r.tap_key(key);
    r.key(KeyCode::ControlLeft, ButtonState::Released);
    r.frames(1);
}

fn backspace(r: &mut Rig) {
    use bevy::input::keyboard::{Key, KeyboardInput};
    let window = r.window;
    r.app.world_mut().write_message(KeyboardInput {
        key_code: KeyCode::Backspace,
        logical_key: Key::Backspace,
        state: ButtonState::Pressed,
        text: None,
        repeat: false,
        window,
    });
    r.frames(1);
}

fn temp(name: &str) -> String {
    let dir = std::env::temp_dir().join(format!("bayonet-editor-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name).to_string_lossy().into_owned()
}

#[test]
fn painting_terrain_by_mouse_drag_is_one_undo_step_and_ctrl_z_y_walk_it() {
    let mut r = Rig::editor(Document::new(&temp("paint.ron"), 12, 10));
    r.press(Act::Tool(Tool::Terrain(Terrain::Forest)));
    r.mouse_drag((3, 3), (5, 3));
    assert_eq!(
        (letter(&r, 3, 3), letter(&r, 4, 3), letter(&r, 5, 3)),
        ('F', 'F', 'F')
    );
    assert_eq!(letter(&r, 6, 3), '.');
    // The map the window draws follows: the live scenario has the forest.
    let s = &r.res::<bayonet::sim::Table>().start;
    assert_eq!(
        s.map.terrain(s.map.hex_at(Coord { col: 4, row: 3 })),
        Terrain::Forest
    );
    ctrl(&mut r, KeyCode::KeyZ);
    assert_eq!(
        (letter(&r, 3, 3), letter(&r, 5, 3)),
        ('.', '.'),
        "one drag, one undo"
    );
    ctrl(&mut r, KeyCode::KeyY);
    assert_eq!(letter(&r, 4, 3), 'F');
    // Undo by the button too.
    r.press(Act::Undo);
    assert_eq!(letter(&r, 4, 3), '.');
    r.press(Act::Redo);
    assert_eq!(letter(&r, 4, 3), 'F');
}

#[test]
fn touch_drag_paints_elevation_and_a_press_on_a_hexside_toggles_its_feature() {
    let mut r = Rig::editor(Document::new(&temp("touch.ron"), 12, 10));
    r.press(Act::Tool(Tool::Elevation(3)));
    let (a, b) = (r.screen(2, 2), r.screen(2, 4));
    r.touch_drag(a, b, 1);
    let e = &doc(&r).file.map.elevation;
    let at = |c: usize, row: usize| e[row].chars().nth(c).unwrap();
    assert_eq!(
        (at(2, 2), at(2, 3), at(2, 4), at(2, 5)),
        ('3', '3', '3', '0')
    );
    // A creek on the north side of (6,5), from a press near that side; again: off.
    r.press(Act::Tool(Tool::Hexside(SideFeature::Creek)));
    let p = near_side(&r, 6, 5, Facing::N);
    click_at(&mut r, p);
    assert!(
        doc(&r)
            .text()
            .contains("(feature: Creek, at: [((6, 5), N)])"),
        "{}",
        doc(&r).text()
    );
    click_at(&mut r, p);
    assert!(!doc(&r).text().contains("Creek"));
    // The same side seen from the hex to the north is the same hexside.
    click_at(&mut r, p);
    r.press(Act::Tool(Tool::Hexside(SideFeature::Ford)));
    let q = near_side(&r, 6, 4, Facing::S);
    click_at(&mut r, q);
    let s = doc(&r).check().0.unwrap();
    let k = bayonet::rules::hex::Hexside::new(s.map.hex_at(Coord { col: 6, row: 5 }), Facing::N);
    assert_eq!(
        s.map.sides[&k].iter().copied().collect::<Vec<_>>(),
        vec![SideFeature::Creek, SideFeature::Ford]
    );
}

#[test]
fn a_fault_shows_live_naming_its_hex_and_a_press_on_it_picks_the_unit() {
    let mut r = Rig::editor(Document::new(&temp("faults.ron"), 12, 10));
    assert!(r.res::<EditorState>().faults.is_empty());
    r.press(Act::Side(0));
    r.press(Act::Tool(Tool::Place(UnitKind::Infantry)));
    r.click(4, 4);
    r.press(Act::Side(1));
    r.click(4, 4);
    let faults = r.res::<EditorState>().faults.clone();
    assert_eq!(faults.len(), 1, "{faults:?}");
    assert_eq!(faults[0].at, Some((4, 4)));
    assert!(
        faults[0]
            .error
            .message
            .contains("hex 4,4 holds units of both sides")
    );
    // Painting the hex as water: now both units stand on prohibited terrain, each named.
    r.press(Act::Tool(Tool::Terrain(Terrain::Water)));
    r.click(4, 4);
    let faults = r.res::<EditorState>().faults.clone();
    assert_eq!(
        faults.iter().map(|f| f.unit).collect::<Vec<_>>(),
        vec![Some(1), Some(2)]
    );
    r.press(Act::Fault(1));
    assert_eq!(
        r.res::<EditorState>().unit,
        Some(2),
        "the fault's unit is picked"
    );
    // A play-test is refused while faults remain.
    r.press(Act::PlayTest);
    assert!(r.read::<PlayTestRequested>().is_empty());
    assert!(r.res::<EditorState>().status.contains("mend the faults"));
    ctrl(&mut r, KeyCode::KeyZ);
    ctrl(&mut r, KeyCode::KeyZ);
    assert!(
        r.res::<EditorState>().faults.is_empty(),
        "undone: no faults"
    );
}

#[test]
fn a_scenario_made_from_scratch_in_the_editor_saves_reloads_identically_and_plays() {
    let path = temp("scratch.ron");
    let _ = std::fs::remove_file(&path);
    // 13 × 8 hexes: all of it in the rig's 1280 × 800 window with the camera at the origin.
    let mut r = Rig::editor(Document::new(&path, 13, 8));
    // The ground: a wood, a hill, a creek with a ford, a road over it.
    r.press(Act::Tool(Tool::Terrain(Terrain::Forest)));
    r.mouse_drag((7, 1), (9, 1));
    r.press(Act::Tool(Tool::Elevation(2)));
    r.mouse_drag((6, 5), (6, 7));
    r.press(Act::Tool(Tool::Hexside(SideFeature::Creek)));
    for row in 0..8 {
        let p = near_side(&r, 8, row, Facing::NE);
        click_at(&mut r, p);
    }
    r.press(Act::Tool(Tool::Road(Road::Road)));
    r.mouse_drag((1, 4), (12, 4));
    r.press(Act::Tool(Tool::Objective));
    r.click(10, 4);
    r.press(Act::Step(Property::ObjectivePoints, 1));
    r.press(Act::Type(Property::ObjectiveName));
    // The field starts with the name it has ("Objective 1"): rub it out, type another.
    for _ in 0.."Objective 1".len() {
        backspace(&mut r);
    }
    r.type_line("Miller's Mill");
    r.press(Act::Tool(Tool::Supply));
    r.click(0, 4);
    r.click(12, 4);
    // The order of battle: a Union brigade and a Confederate one, with a reinforcement.
    r.press(Act::Side(0));
    r.press(Act::Tool(Tool::Place(UnitKind::Infantry)));
    r.click(3, 4);
    r.press(Act::Step(Property::UnitMen, 1));
    // The panel shows the picked unit's fields as they now are.
    let shown: Vec<String> = r
        .app
        .world_mut()
        .query::<&Text>()
        .iter(r.app.world())
        .map(|t| t.0.clone())
        .collect();
    assert!(shown.iter().any(|t| t == "Men 450"), "{shown:?}");
    assert!(shown.iter().any(|t| t == "Kind: infantry"), "{shown:?}");
    r.press(Act::Step(Property::UnitQuality, 1));
    r.press(Act::Type(Property::UnitName));
    r.type_line(" (1st Minnesota)");
    r.press(Act::Tool(Tool::Place(UnitKind::Artillery)));
    r.click(3, 5);
    r.press(Act::Step(Property::UnitFormation, 1));
    r.press(Act::Tool(Tool::Place(UnitKind::Leader)));
    r.click(3, 4);
    r.press(Act::Step(Property::UnitCommand, 1));
    r.press(Act::Side(1));
    r.press(Act::Tool(Tool::Place(UnitKind::Infantry)));
    r.click(11, 3);
    r.press(Act::Tool(Tool::Place(UnitKind::Cavalry)));
    r.click(12, 6);
    r.press(Act::Step(Property::UnitArrives, 1));
    r.press(Act::Step(Property::UnitArrives, 1));
    r.press(Act::Step(Property::UnitFacing, 1));
    r.press(Act::Step(Property::UnitCavalry, 1));
    // Drag the Confederate infantry one hex west.
    r.press(Act::Tool(Tool::Select));
    r.mouse_drag((11, 3), (10, 3));
    // The scenario's settings.
    r.press(Act::Deselect);
    for _ in 0..6 {
        r.press(Act::Step(Property::Turns, -1));
    }
    r.press(Act::Step(Property::Rule(1), 1));
    r.press(Act::Type(Property::Name));
    r.type_line(" at Miller's Ford");
    r.press(Act::AddBrigade(0));

    let d = doc(&r).clone();
    let f = &d.file;
    assert_eq!(f.name, "New scenario at Miller's Ford");
    assert_eq!(f.turns, 6);
    assert_eq!(f.map.objectives.len(), 1);
    assert_eq!(
        (
            f.map.objectives[0].name.as_str(),
            f.map.objectives[0].points
        ),
        ("Miller's Mill", 150)
    );
    assert_eq!(f.map.supply_sources, vec![(0, 4), (12, 4)]);
    assert_eq!(f.brigades.len(), 3);
    let u1 = d.unit(1).unwrap();
    assert_eq!(
        (u1.name.as_str(), u1.men, u1.quality),
        ("Union infantry 1 (1st Minnesota)", 450, Quality::D)
    );
    let gun = d.unit(2).unwrap();
    assert_eq!(
        gun.formation,
        Some(bayonet::rules::unit::Formation::Unlimbered)
    );
    assert_eq!(d.unit(4).unwrap().at, (10, 3), "dragged");
    let cav = d.unit(5).unwrap();
    assert_eq!((cav.arrives, cav.facing), (Some(3), Facing::NW));
    assert_eq!(cav.cavalry, Some(bayonet::rules::unit::CavalryKind::Heavy));
    assert_eq!(
        d.unit(3).unwrap().command,
        Some(bayonet::rules::unit::CommandLevel::Division)
    );
    let s = d.check();
    assert!(s.1.is_empty(), "{:?}", s.1);
    let s = s.0.unwrap();
    assert!(s.params.optional.artillery_capture);
    assert_eq!(s.map.roads.len(), 11, "a road across the map: 11 hexsides");
    assert_eq!(s.reinforcements.len(), 1);

    // Save (Ctrl+S), reload: the same text, the same scenario.
    ctrl(&mut r, KeyCode::KeyS);
    assert!(!doc(&r).dirty);
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text, doc(&r).text());
    let again = Document::open(&path).unwrap();
    assert_eq!(again.text(), text, "reloads identically");
    let loaded = bayonet::rules::scenario::load_file(&path).unwrap();
    assert_eq!(loaded.units, s.units);
    // Play-test: the saved file is what is played; the computer plays it to its end.
    r.press(Act::PlayTest);
    assert_eq!(
        r.read::<PlayTestRequested>(),
        vec![PlayTestRequested(path.clone())]
    );
    let (lines, report) = bayonet::cli::autoplay::autoplay(
        &loaded,
        Some(4),
        [bayonet::sim::Brain::Computer, bayonet::sim::Brain::Computer],
    );
    assert!(lines.len() >= 12, "six turns of two sides: {lines:?}");
    assert!(bayonet::rules::victory::VictoryLevel::ALL.contains(&report.level));
}

#[test]
fn bridges_erasing_roads_deleting_and_the_scenarios_sides_and_rules_by_input() {
    let mut r = Rig::editor(Document::new(&temp("more.ron"), 12, 10));
    // A full-hex bridge only on water: refused on clear ground with the reason, then built.
    r.press(Act::Tool(Tool::Bridge));
    r.click(5, 5);
    assert!(doc(&r).file.map.bridges.is_empty());
    assert!(r.res::<EditorState>().status.contains("must be on water"));
    r.press(Act::Tool(Tool::Terrain(Terrain::Water)));
    r.click(5, 5);
    r.press(Act::Tool(Tool::Bridge));
    r.click(5, 5);
    assert_eq!(doc(&r).file.map.bridges.len(), 1);
    r.click(5, 5);
    assert!(
        doc(&r).file.map.bridges.is_empty(),
        "a second press takes it away"
    );
    // A pike drawn and half erased by drags.
    r.press(Act::Tool(Tool::Road(Road::Pike)));
    r.mouse_drag((1, 3), (4, 3));
    r.press(Act::Tool(Tool::EraseRoad));
    // (The hex line from (1,3) to (4,3) dips through (3,4).)
    r.mouse_drag((3, 4), (4, 3));
    let roads = &doc(&r).file.map.roads;
    assert_eq!(roads.len(), 1, "{roads:?}");
    assert_eq!(roads[0].path, vec![(1, 3), (2, 3), (3, 4)]);
    assert_eq!(doc(&r).check().0.unwrap().map.roads.len(), 2);
    // A unit and an objective placed, then deleted from the inspector.
    r.press(Act::Tool(Tool::Place(UnitKind::Artillery)));
    r.click(2, 6);
    r.press(Act::Step(Property::UnitAmmo, 1));
    r.press(Act::Step(Property::UnitCrew, 1));
    r.press(Act::Step(Property::UnitFixed, 1));
    r.press(Act::Step(Property::UnitFatigue, 1));
    r.press(Act::Step(Property::UnitGuns, 1));
    let u = doc(&r).file.units[0].clone();
    assert_eq!(
        (u.ammo, u.crew, u.fixed_until, u.fatigue, u.guns),
        (
            bayonet::rules::unit::Ammo::Low,
            bayonet::rules::unit::Crew::Uncrewed,
            Some(2),
            100,
            5
        )
    );
    assert_eq!(doc(&r).file.units.len(), 1);
    r.press(Act::DeleteUnit);
    assert!(doc(&r).file.units.is_empty());
    r.press(Act::Tool(Tool::Objective));
    r.click(7, 6);
    r.press(Act::DeleteObjective);
    assert!(doc(&r).file.map.objectives.is_empty());
    // With nothing picked the panel is the scenario's: its sides, brigades and Parameter Data.
    r.press(Act::Step(Property::SideEdge(0), 1));
    assert_eq!(
        doc(&r).file.sides[0].edge,
        bayonet::rules::map::MapEdge::North
    );
    r.press(Act::Type(Property::SideName(1)));
    r.type_line(" Army");
    assert_eq!(doc(&r).file.sides[1].name, "Confederate Army");
    r.press(Act::Step(Property::BrigadeSide(0), 1));
    assert_eq!(doc(&r).file.brigades[0].side, 1);
    r.press(Act::Step(Property::Param(0), 1));
    let s = doc(&r).check().0.unwrap();
    let d = bayonet::rules::params::Parameters::defaults();
    assert_eq!(
        s.params.melee.night_attack_penalty,
        d.melee.night_attack_penalty + 50
    );
    assert!(
        doc(&r)
            .text()
            .contains("parameters: (melee: (night_attack_penalty: "),
        "{}",
        doc(&r).text()
    );
    r.press(Act::Step(Property::Param(0), -1));
    assert!(
        doc(&r).file.parameters.is_none(),
        "back to the defaults: no overrides written"
    );
    r.press(Act::Step(Property::MeleeSystem, 1));
    assert!(
        doc(&r)
            .text()
            .contains("parameters: (melee_system: \"Bodenstedt\"),")
    );
    for name in ["Impetus", "LaBataille", "Austerlitz"] {
        r.press(Act::Step(Property::MeleeSystem, 1));
        assert!(
            doc(&r)
                .text()
                .contains(&format!("parameters: (melee_system: \"{name}\"),")),
            "{}",
            doc(&r).text()
        );
    }
    let s = doc(&r).check().0.unwrap();
    assert_eq!(
        s.params.melee_system,
        bayonet::rules::params::MeleeSystemName::Austerlitz
    );
}

/// Issue 30, item 7: the inspector shows only the fields that apply to the unit's kind — no
/// crew or guns for infantry, no command for a regiment, no men for a leader.
#[test]
fn the_inspector_shows_only_the_fields_of_the_units_kind() {
    use bayonet::client::editor::applies;
    for (kind, shown, hidden) in [
        (
            UnitKind::Infantry,
            vec![
                Property::UnitMen,
                Property::UnitFormation,
                Property::UnitWeapon,
            ],
            vec![
                Property::UnitCrew,
                Property::UnitGuns,
                Property::UnitCavalry,
                Property::UnitCommand,
            ],
        ),
        (
            UnitKind::Artillery,
            vec![Property::UnitCrew, Property::UnitGuns],
            vec![Property::UnitCavalry, Property::UnitCommand],
        ),
        (
            UnitKind::Cavalry,
            vec![Property::UnitCavalry, Property::UnitFormation],
            vec![Property::UnitCrew, Property::UnitCommand],
        ),
        (
            UnitKind::Leader,
            vec![Property::UnitCommand, Property::UnitFacing],
            vec![
                Property::UnitMen,
                Property::UnitCrew,
                Property::UnitWeapon,
                Property::UnitAmmo,
            ],
        ),
    ] {
        for f in shown {
            assert!(applies(kind, f), "{kind:?} shows {f:?}");
        }
        for f in hidden {
            assert!(!applies(kind, f), "{kind:?} hides {f:?}");
        }
    }
    // In the window: an infantry unit picked, its Crew button is out of the layout.
    let mut r = Rig::editor(Document::new(&temp("inspect.ron"), 12, 10));
    r.press(Act::Tool(Tool::Place(UnitKind::Infantry)));
    r.click(4, 4);
    r.frames(2);
    assert!(
        r.res::<EditorState>().unit.is_some(),
        "the new unit is picked"
    );
    let hidden = |r: &mut Rig, f: Property| {
        let world = r.app.world_mut();
        let mut q = world.query::<(&bayonet::client::editor::FieldLabel, &ChildOf)>();
        let parents: Vec<Entity> = q
            .iter(world)
            .filter(|(l, _)| l.0 == f)
            .map(|(_, p)| p.parent())
            .collect();
        assert!(!parents.is_empty(), "{f:?} has a label");
        parents.iter().all(|p| {
            world
                .get::<Node>(*p)
                .is_some_and(|n| n.display == Display::None)
        })
    };
    assert!(hidden(&mut r, Property::UnitCrew));
    assert!(hidden(&mut r, Property::UnitCommand));
    assert!(!hidden(&mut r, Property::UnitMen));
}

/// Issue 43, item 2: the editor places and edits place names by input — a press begins one
/// and picks it, presses on bare hexes letter it along them, its name is typed, its kind and
/// rank stepped; a press on its hex lets it go, and the next bare hex begins another; Delete
/// takes the picked one away; the file saved names them all.
#[test]
fn place_names_are_placed_lettered_along_and_edited_by_input() {
    use bayonet::rules::map::LabelKind;
    let mut r = Rig::editor(Document::new(&temp("names.ron"), 12, 10));
    r.press(Act::Tool(Tool::PlaceName));
    r.click(2, 3);
    assert_eq!(doc(&r).file.map.labels.len(), 1);
    assert_eq!(r.res::<EditorState>().label, Some((2, 3)));
    r.click(4, 3);
    r.click(6, 4);
    r.press(Act::Type(Property::LabelName));
    for _ in 0.."Place 1".len() {
        backspace(&mut r);
    }
    r.type_line("Mill Run");
    r.press(Act::Step(Property::LabelKind, 1));
    r.press(Act::Step(Property::LabelKind, 1));
    r.press(Act::Step(Property::LabelRank, -1));
    let l = doc(&r).file.map.labels[0].clone();
    assert_eq!((l.name.as_str(), l.kind), ("Mill Run", LabelKind::Stream));
    assert_eq!(l.hexes, vec![(2, 3), (4, 3), (6, 4)]);
    assert_eq!(l.rank, Some(1));
    // Its hex again lets it go; a bare hex then begins another.
    r.click(4, 3);
    assert_eq!(r.res::<EditorState>().label, None);
    r.click(9, 8);
    assert_eq!(doc(&r).file.map.labels.len(), 2);
    assert_eq!(doc(&r).file.map.labels[1].hexes, vec![(9, 8)]);
    r.press(Act::DeleteLabel);
    assert_eq!(doc(&r).file.map.labels.len(), 1);
    let s = doc(&r).check().0.expect("the document builds");
    assert_eq!(s.map.labels[0].name, "Mill Run");
    assert!(
        doc(&r).text().contains(
            "(name: \"Mill Run\", kind: Stream, hexes: [(2, 3), (4, 3), (6, 4)], rank: 1)"
        )
    );
}

/// Issue 75, item 3: the commander's intent in the editor's window — who attacks and an order
/// added, its formation, mission and objective pressed through, its text on the panel, and
/// removed, all by the panel's own buttons.
#[test]
fn the_panel_gives_the_computer_its_orders() {
    use bayonet::editor::intent::OrderField;
    use bayonet::rules::intent::Mission;
    use bayonet::rules::scenario::Action;
    let mut r = Rig::editor(Document::new(&temp("orders.ron"), 12, 10));
    r.press(Act::Tool(Tool::Objective));
    r.click(7, 6);
    r.press(Act::Deselect);
    r.frames(2);
    r.press(Act::Step(Property::Action, 1));
    assert_eq!(doc(&r).file.action, Some(Action::Attack(0)));
    r.press(Act::AddOrder(0));
    r.frames(2);
    assert_eq!(doc(&r).file.intent.len(), 1);
    assert_eq!(doc(&r).file.intent[0].mission, Mission::Attack);
    r.press(Act::Step(Property::Order(0, OrderField::Formation), 1));
    r.press(Act::Step(Property::Order(0, OrderField::Objective), 1));
    r.press(Act::Step(Property::Order(0, OrderField::Until), -1));
    let o = doc(&r).file.intent[0].clone();
    assert_eq!(o.formation.as_deref(), Some("U1"));
    assert_eq!(
        o.objective.as_deref(),
        doc(&r).file.map.objectives.first().map(|x| x.name.as_str())
    );
    assert_eq!(o.until, Some(doc(&r).file.turns));
    // The panel says it in words.
    r.frames(2);
    let texts: Vec<String> = {
        let world = r.app.world_mut();
        let mut q = world.query::<(&bayonet::client::editor::FieldLabel, &Text)>();
        q.iter(world).map(|(_, t)| t.0.clone()).collect()
    };
    for want in [
        "Union attacks",
        "1st Brigade (U1)",
        "attack",
        "until turn 12",
    ] {
        assert!(
            texts.iter().any(|t| t.contains(want)),
            "{want:?} not on the panel: {texts:?}"
        );
    }
    // Checked as `bayonet check` would: no fault; saved, the order is in the file.
    assert!(doc(&r).check().1.is_empty(), "{:?}", doc(&r).check().1);
    assert!(doc(&r).text().contains("intent: ["), "{}", doc(&r).text());
    r.press(Act::DeleteOrder(0));
    assert!(doc(&r).file.intent.is_empty());
}
