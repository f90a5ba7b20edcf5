//! Command and control in the window (issue 47 item 3): the selected leader's radius drawn, the
//! selected unit's chain of command highlighted, out-of-command units marked.

use bayonet::client::input::command::Selection;
use bayonet::client::marks::command_radius::CommandRadius;
use bayonet::client::marks::highlights::Highlighted;
use bayonet::client::theme::aid::Aid;
use bayonet::rules::hex::distance;
use bayonet::rules::unit::UnitId;
use bayonet::sim::Table;

use crate::rig::Rig;

fn brandy() -> Rig {
    let s = bayonet::load_scenario("maps/brandy_station.ron").unwrap();
    Rig::on(s, bayonet::client::theme::settings::SettingsFile(None))
}

fn select(r: &mut Rig, id: u32) {
    r.app.world_mut().resource_mut::<Selection>().unit = Some(UnitId(id));
    r.frames(2);
}

#[test]
fn selecting_a_leader_draws_his_command_radius() {
    let mut r = brandy();
    assert!(r.res::<CommandRadius>().0.is_none());
    // Buford commands the right wing, a division: 6 hexes by day (D-cc-2).
    select(&mut r, 2);
    let radius = r.res::<CommandRadius>().0.clone().expect("a radius drawn");
    assert_eq!((radius.leader, radius.hexes), (UnitId(2), 6));
    let at = r.res::<Table>().board.unit(UnitId(2)).unwrap().hex;
    assert_eq!(radius.at, at);
    // The outline runs between the hexes 6 away and those 7 away, all the way round.
    assert_eq!(radius.outline.len(), 6 * (2 * 6 + 1));
    for (inside, beyond) in &radius.outline {
        assert_eq!((distance(*inside, at), distance(*beyond, at)), (6, 7));
    }
    // Pleasonton commands the corps: 8 hexes.
    select(&mut r, 1);
    assert_eq!(
        r.res::<CommandRadius>().0.as_ref().map(|r| r.hexes),
        Some(8)
    );
    // A regiment has none.
    select(&mut r, 4);
    assert!(r.res::<CommandRadius>().0.is_none());
}

#[test]
fn the_brigade_aid_highlights_the_chain_of_command() {
    let mut r = brandy();
    r.press(Aid::Brigade);
    // The 8th New York of Davis's brigade: its brigade, and Davis, Buford and Pleasonton above.
    select(&mut r, 4);
    let m = r.res::<Highlighted>().clone();
    let game = r.res::<Table>().board.clone();
    for u in &game.units {
        let letters = m.at(u.hex, Aid::Brigade);
        if u.is_leader() {
            let in_chain = [1, 2, 3].contains(&u.id.0);
            assert_eq!(letters.contains(&"L"), in_chain, "{}", u.name);
        } else if u.brigade == "B1" {
            let want = if u.out_of_command { "c" } else { "B" };
            assert!(letters.contains(&want), "{}: {letters:?}", u.name);
        }
    }
    // Stuart and the Confederate brigades are not in the Union regiment's chain.
    let stuart = game.unit(UnitId(101)).unwrap().hex;
    assert!(m.at(stuart, Aid::Brigade).is_empty());
}

#[test]
fn next_unit_walks_the_units_not_yet_acted_by_key_and_button() {
    use bayonet::client::input::next_unit::NextUnitButton;
    use bevy::prelude::KeyCode;
    let mut r = brandy();
    let selected = |r: &Rig| r.res::<Selection>().unit.map(|u| u.0);
    // Pleasonton, Buford, then Davis: the board's order, brigade by brigade.
    r.tap_key(KeyCode::KeyJ);
    assert_eq!(selected(&r), Some(1));
    r.press(NextUnitButton);
    assert_eq!(selected(&r), Some(2));
    // Davis has moved: he is passed over.
    {
        let mut g = r.app.world_mut().resource_mut::<Table>();
        g.board.unit_mut(UnitId(3)).unwrap().marks.moved = true;
    }
    r.frames(1);
    r.tap_key(KeyCode::KeyJ);
    assert_eq!(selected(&r), Some(4));
    let at = r.res::<Table>().board.unit(UnitId(4)).unwrap().hex;
    assert_eq!(
        r.res::<bayonet::client::input::pointer::SelectedHex>().0,
        Some(at)
    );
    // Round the whole side, every one not yet acted once, never a Confederate nor Davis.
    let waiting = bayonet::rules::readiness::not_yet_acted(
        &r.res::<Table>().board,
        bayonet::rules::unit::Side(0),
    );
    assert!(!waiting.contains(&UnitId(3)));
    let mut seen = vec![4];
    for _ in 1..waiting.len() {
        r.tap_key(KeyCode::KeyJ);
        seen.push(selected(&r).unwrap());
    }
    r.tap_key(KeyCode::KeyJ);
    assert_eq!(selected(&r), Some(4), "round again");
    seen.sort();
    let mut all: Vec<u32> = waiting.iter().map(|u| u.0).collect();
    all.sort();
    assert_eq!(seen, all);
}

/// Issue 47 item 3: the order of battle is the organisation tree; every unit of Brandy Station
/// is listed once, under its own brigade; a large battle opens folded and a heading unfolds.
#[test]
fn the_tree_lists_every_unit_of_brandy_station_once_under_its_brigade() {
    use bayonet::client::panels::order_of_battle::{Line, OobFold, OobRow, tree};
    use bevy::prelude::KeyCode;
    let mut r = brandy();
    let game = r.res::<Table>().board.clone();
    let battle = r.res::<Table>().clone();
    for side in [bayonet::rules::unit::Side(0), bayonet::rules::unit::Side(1)] {
        let lines = tree(&game, &battle, side, &Default::default());
        let mut brigade = String::new();
        let mut seen = Vec::new();
        for l in &lines {
            match &l.what {
                Line::Heading(k) => {
                    if let Some(b) = k.strip_prefix("brigade:") {
                        brigade = b.to_owned();
                    }
                }
                Line::Unit(id) => {
                    let u = game.unit(*id).unwrap();
                    // A headquarters (leaders only) has no heading of its own.
                    let headquarters = game
                        .units
                        .iter()
                        .filter(|x| x.brigade == u.brigade)
                        .all(|x| x.is_leader());
                    assert!(
                        u.brigade == brigade || headquarters,
                        "{} under its brigade",
                        u.name
                    );
                    seen.push(*id);
                }
            }
        }
        let mut all: Vec<UnitId> = game
            .units
            .iter()
            .filter(|u| u.side == side)
            .map(|u| u.id)
            .collect();
        all.sort();
        seen.sort();
        assert_eq!(seen, all, "every unit once");
    }
    // The Union's corps, then Buford's wing and its brigades, in that order and depth.
    let union = tree(
        &game,
        &battle,
        bayonet::rules::unit::Side(0),
        &Default::default(),
    );
    let heading = |k: &str| {
        union
            .iter()
            .position(|l| l.what == Line::Heading(k.into()))
            .unwrap()
    };
    assert!(
        heading("corps:CC") < heading("division:BW")
            && heading("division:BW") < heading("brigade:B1")
    );
    assert_eq!(
        [
            heading("corps:CC"),
            heading("division:BW"),
            heading("brigade:B1")
        ]
        .map(|i| union[i].depth),
        [0, 1, 2]
    );
    // In the window: opened folded (no unit row), a brigade's heading unfolds it.
    r.tap_key(KeyCode::KeyO);
    let units_listed = |r: &mut Rig| {
        let mut q = r.app.world_mut().query::<&OobRow>();
        q.iter(r.app.world()).map(|x| x.0).collect::<Vec<_>>()
    };
    assert!(
        units_listed(&mut r).is_empty(),
        "a large battle opens folded"
    );
    r.press(OobFold("brigade:B1".into()));
    r.frames(1);
    let listed = units_listed(&mut r);
    assert!(
        listed.contains(&UnitId(3)) && listed.contains(&UnitId(4)),
        "{listed:?}"
    );
    r.press(OobFold("brigade:B1".into()));
    r.frames(1);
    assert!(units_listed(&mut r).is_empty());
}

/// The command test battle with brigade B1 (leader 4, regiments 10 and 11) moved onto the rig's
/// screen.
fn b1_on_screen() -> Rig {
    let s = crate::command::battle(&[(4, (5, 17)), (10, (6, 17)), (11, (6, 18))], &[]);
    Rig::on(s, bayonet::client::theme::settings::SettingsFile(None))
}

fn hexes(r: &Rig, ids: &[u32]) -> Vec<bayonet::rules::hex::Hex> {
    let g = &r.res::<Table>().board;
    ids.iter()
        .map(|id| g.unit(UnitId(*id)).unwrap().hex)
        .collect()
}

#[test]
fn a_brigade_dragged_moves_as_one_move_order_per_unit_and_undo_takes_them_back() {
    use bayonet::client::marks::brigade_preview::BrigadeMarch;
    use bayonet::client::panels::toolbar::ToolButton;
    use bayonet::rules::order::Order;
    use bevy::prelude::KeyCode;
    let mut r = b1_on_screen();
    let before = hexes(&r, &[4, 10, 11]);
    r.click(5, 17);
    assert_eq!(r.res::<Selection>().unit, Some(UnitId(4)));
    r.tap_key(KeyCode::KeyM);
    assert!(
        r.res::<Selection>().brigade,
        "M moves the selected leader's brigade"
    );
    // While the drag is held, the preview shows each unit's path and where it stops.
    r.mouse_drag_over((5, 17), (8, 17));
    let to =
        r.s.map
            .hex_at(bayonet::rules::map::Coord { col: 8, row: 17 });
    let m = r.res::<BrigadeMarch>().0.clone().expect("a preview");
    assert_eq!(m.to, to);
    assert_eq!(m.legs.len(), 3);
    assert!(m.legs.iter().all(|l| l.arrives() && !l.path.is_empty()));
    let hint = r.res::<bayonet::client::input::command::Hint>().0.clone();
    assert!(
        hint.contains("3 of 3 move") && hint.ends_with("release to move"),
        "{hint}"
    );
    assert!(
        !r.res::<bayonet::client::input::melee_drag::DragPreview>()
            .legal,
        "the drag declares no melee"
    );
    r.mouse(bevy::input::ButtonState::Released);
    r.frames(3);
    let log = r.res::<bayonet::sim::Table>().log.clone();
    assert_eq!(log.len(), 3, "{log:?}");
    assert!(log.iter().all(|o| matches!(o, Order::Move { .. })));
    let after = hexes(&r, &[4, 10, 11]);
    assert_eq!(after[0], to);
    for i in 1..3 {
        assert_eq!(after[i] - after[0], before[i] - before[0]);
    }
    assert!(
        !r.res::<Selection>().brigade,
        "the brigade has gone: the mode ends"
    );
    // One undo takes the three moves back.
    r.press(ToolButton::Undo);
    assert_eq!(hexes(&r, &[4, 10, 11]), before);
    assert!(r.res::<bayonet::sim::Table>().log.is_empty());
}

#[test]
fn a_brigade_is_sent_by_a_tap_twice_and_a_general_has_none_to_move() {
    use bayonet::client::marks::brigade_preview::BrigadeMarch;
    use bevy::prelude::KeyCode;
    let mut r = b1_on_screen();
    // A regiment of the brigade moves it too, around itself.
    r.click(6, 17);
    assert_eq!(r.res::<Selection>().unit, Some(UnitId(10)));
    r.tap_key(KeyCode::KeyM);
    r.touch_tap(9, 17);
    let m = r
        .res::<BrigadeMarch>()
        .0
        .clone()
        .expect("the first tap aims it");
    assert_eq!(m.anchor, UnitId(10));
    let hint = r.res::<bayonet::client::input::command::Hint>().0.clone();
    assert!(hint.ends_with("tap again to move"), "{hint}");
    assert!(r.res::<bayonet::sim::Table>().log.is_empty(), "not yet");
    r.touch_tap(9, 17);
    assert_eq!(r.res::<bayonet::sim::Table>().log.len(), 3);
    assert_eq!(
        hexes(&r, &[10])[0],
        r.s.map
            .hex_at(bayonet::rules::map::Coord { col: 9, row: 17 })
    );
    // The division's general commands no one brigade: M says so and changes nothing.
    select(&mut r, 3);
    r.tap_key(KeyCode::KeyM);
    assert!(!r.res::<Selection>().brigade);
    assert!(r.res::<BrigadeMarch>().0.is_none());
}

/// The out-of-command marks (D-cc-4) can be hidden without a keyboard: under *Command Control*
/// the aids column has their button, which toggles the same aid as the I key; without the rule
/// the button is out of the layout (there are no marks to hide).
#[test]
fn the_out_of_command_marks_button_shows_under_the_rule_and_toggles_the_marks() {
    use bevy::prelude::{Display, KeyCode, Node};
    let shown = |r: &mut Rig| {
        let mut q = r.app.world_mut().query::<(&Aid, &Node)>();
        let w = r.app.world();
        q.iter(w)
            .find(|(a, _)| **a == Aid::Command)
            .map(|(_, n)| n.display != Display::None)
            .expect("the button is spawned")
    };
    let mut r = brandy();
    assert!(!shown(&mut r), "hidden without the rule");
    let mut s = bayonet::load_scenario("maps/brandy_station.ron").unwrap();
    s.params.optional.command_control = true;
    let mut r = Rig::on(s, bayonet::client::theme::settings::SettingsFile(None));
    r.frames(1);
    assert!(shown(&mut r), "shown under the rule");
    let on = |r: &Rig| {
        r.res::<bayonet::client::theme::aid::Aids>()
            .on(Aid::Command)
    };
    assert!(on(&r), "on by default");
    r.press(Aid::Command);
    assert!(!on(&r), "the button hides the marks");
    r.tap_key(KeyCode::KeyI);
    assert!(on(&r), "and the key shows them again");
}

/// Issue 59: "out of command" is shown only under *Command Control* (Gregg read "out of
/// command" in a Brandy Station game without the rule).
#[test]
fn out_of_command_is_shown_only_under_command_control() {
    use bayonet::client::panels::order_of_battle::row_text;
    let s = bayonet::load_scenario("maps/brandy_station.ron").unwrap();
    let mut b = s.board();
    let id = b.units.iter().find(|u| !u.is_leader()).unwrap().id;
    b.unit_mut(id).unwrap().out_of_command = true;
    let u = b.unit(id).unwrap().clone();
    assert!(
        !row_text(&u, &b).contains("out of command"),
        "{}",
        row_text(&u, &b)
    );
    b.params.optional.command_control = true;
    assert!(
        row_text(&u, &b).contains("out of command"),
        "{}",
        row_text(&u, &b)
    );
}

/// Issue 59: a click on a stack of a leader and his regiment picks the regiment (the leader is
/// a mark on its counter), and Tab steps on to the leader.
#[test]
fn a_click_on_a_leader_and_his_regiment_picks_the_regiment() {
    // The leader first in the file, so first on the board's list of the hex.
    let text = include_str!("../maps/test_melee.ron").replace(
        "        (id: 1, name: \"450 Union\"",
        "        (id: 8, name: \"Col. Test\", side: 0, brigade: \"U\", kind: Leader, at: (4, 4), facing: N, quality: C),\n        (id: 1, name: \"450 Union\"",
    );
    let s = bayonet::rules::scenario::parse("test_melee.ron", &text).unwrap();
    let mut r = Rig::on(s, bayonet::client::theme::settings::SettingsFile(None));
    r.click(4, 4);
    assert_eq!(r.res::<Selection>().unit, Some(UnitId(1)));
    r.tap_key(bevy::prelude::KeyCode::Tab);
    assert_eq!(r.res::<Selection>().unit, Some(UnitId(8)));
}

/// Issue 76, item 16: the Cornfield's I Corps heads its own headquarters and guns — Hooker's
/// line straight under the corps, not a brigade of "1 unit, 0 men" under Doubleday's division —
/// then its divisions.
#[test]
fn the_cornfields_corps_heads_its_general_and_guns_before_its_divisions() {
    use bayonet::client::panels::order_of_battle::{Line, tree};
    let s = bayonet::load_scenario("maps/the_cornfield.ron").unwrap();
    let app = bayonet::client::windowless_app(s, |_| {});
    let table = app.world().resource::<Table>().clone();
    let union = tree(
        &table.board,
        &table,
        bayonet::rules::unit::Side(0),
        &Default::default(),
    );
    let at = |what: Line| union.iter().position(|l| l.what == what).unwrap();
    let hooker = table
        .board
        .units
        .iter()
        .find(|u| u.name == "Maj. Gen. Joseph Hooker")
        .unwrap()
        .id;
    let (corps, general, guns, division) = (
        at(Line::Heading("corps:I".into())),
        at(Line::Unit(hooker)),
        at(Line::Heading("brigade:IA".into())),
        at(Line::Heading("division:D1".into())),
    );
    assert!(
        corps < general && general < division && guns < division,
        "{union:?}"
    );
    assert_eq!((union[general].depth, union[guns].depth), (1, 1));
    assert!(
        !union
            .iter()
            .any(|l| l.what == Line::Heading("brigade:HK".into())),
        "no heading for a headquarters"
    );
    assert!(
        !union.iter().any(|l| l.text.ends_with(", 0 men")),
        "{union:?}"
    );
}

/// Issue 76, item 5: with the order of battle open along the left, Next unit (J) centres the unit
/// in the map's open part right of the panel, not under it (it used the whole window's middle).
#[test]
fn next_unit_centres_right_of_an_open_order_of_battle() {
    use bayonet::client::map::camera::{centre_on, open_centre};
    use bayonet::client::theme::regions::CoversLeft;
    use bevy::prelude::*;
    use bevy::ui::UiGlobalTransform;
    let mut r = brandy();
    r.tap_key(KeyCode::KeyO);
    // No layout runs in the rig: the panel is given the place it has at 1280×800, 330 wide.
    {
        let w = r.app.world_mut();
        let panel = w
            .query_filtered::<Entity, With<CoversLeft>>()
            .single(w)
            .expect("the order of battle covers the left");
        let node = ComputedNode {
            size: Vec2::new(330.0, 600.0),
            ..Default::default()
        };
        w.entity_mut(panel).insert((
            node,
            UiGlobalTransform::from_translation(Vec2::new(6.0 + 165.0, 332.0)),
        ));
    }
    r.tap_key(KeyCode::KeyJ);
    let (centre, cam) = selected_and_camera(&mut r);
    let window = Vec2::new(1280.0, 800.0);
    let scale = 1.0;
    let right_of_panel = centre_on(centre, open_centre(window, 336.0), window, scale);
    let under_it = centre_on(centre, open_centre(window, 0.0), window, scale);
    assert!(
        (cam - right_of_panel).length() < 1.0,
        "the camera at {cam}, right of the panel {right_of_panel}, the window's middle {under_it}"
    );
    // Closed, the panel covers nothing.
    r.tap_key(KeyCode::KeyO);
    r.tap_key(KeyCode::KeyJ);
    let (centre, cam) = selected_and_camera(&mut r);
    assert!((cam - centre_on(centre, open_centre(window, 0.0), window, scale)).length() < 1.0);
}

/// The selected unit's hex centre and the map camera's place.
fn selected_and_camera(r: &mut Rig) -> (bevy::prelude::Vec2, bevy::prelude::Vec2) {
    use bevy::prelude::*;
    let id = r.res::<Selection>().unit.expect("a unit selected");
    let hex = r.res::<Table>().board.unit(id).unwrap().hex;
    let centre = r
        .res::<bayonet::client::map::layout::MapLayout>()
        .center(hex);
    let mut q = r
        .app
        .world_mut()
        .query_filtered::<&Transform, With<bayonet::client::map::camera::MapCamera>>();
    (
        centre,
        q.single(r.app.world()).unwrap().translation.truncate(),
    )
}
