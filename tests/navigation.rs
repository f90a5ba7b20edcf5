//! Finding one's way about the map (issue 43, item 4): the wheel zooms about the pointer over
//! the map, and over a panel leaves the map alone.

use bayonet::client::map::camera::{MapCamera, scale_of};
use bayonet::client::map::layout::screen_to_world;
use bayonet::client::theme::regions::Region;
use bevy::input::mouse::{MouseScrollUnit, MouseWheel};
use bevy::input::touch::TouchPhase;
use bevy::prelude::*;
use bevy::ui::{ComputedNode, UiGlobalTransform};

use super::rig::Rig;

fn wheel(rig: &mut Rig, y: f32) {
    let window = rig.window;
    rig.app.world_mut().write_message(MouseWheel {
        unit: MouseScrollUnit::Line,
        x: 0.0,
        y,
        window,
        phase: TouchPhase::Moved,
    });
    rig.frames(1);
}

fn camera(rig: &mut Rig) -> (Transform, Projection) {
    let mut q = rig
        .app
        .world_mut()
        .query_filtered::<(&Transform, &Projection), With<MapCamera>>();
    let (t, p) = q.single(rig.app.world()).unwrap();
    (*t, p.clone())
}

/// The map point under screen point `c` as the camera stands.
fn under(rig: &mut Rig, c: Vec2) -> Vec2 {
    let (t, p) = camera(rig);
    screen_to_world(Vec2::new(1280.0, 800.0), &t, &p, c)
}

#[test]
fn the_wheel_over_the_map_zooms_about_the_pointer() {
    let mut rig = Rig::new();
    // Off the window's centre, so that a zoom about the centre would move the point.
    let c = rig.screen(2, 2) + Vec2::new(7.0, -5.0);
    rig.cursor(c);
    rig.frames(1);
    let (t0, p0) = camera(&mut rig);
    let before = under(&mut rig, c);
    wheel(&mut rig, 2.0);
    let (t1, p1) = camera(&mut rig);
    assert!(
        (scale_of(&p1) - scale_of(&p0) * 0.81).abs() < 1e-4,
        "two notches in: {} → {}",
        scale_of(&p0),
        scale_of(&p1)
    );
    let after = under(&mut rig, c);
    assert!(
        before.distance(after) < 0.01,
        "the map point under the pointer stays: {before} → {after}"
    );
    assert!(
        t0.translation.distance(t1.translation) > 1.0,
        "the camera moved towards the pointer"
    );
    // And back out by the same notches: the same point still under the pointer.
    wheel(&mut rig, -2.0);
    assert!((scale_of(&camera(&mut rig).1) - scale_of(&p0)).abs() < 1e-4);
    assert!(under(&mut rig, c).distance(before) < 0.01);
}

#[test]
fn the_wheel_over_a_panel_leaves_the_map_alone() {
    let mut rig = Rig::new();
    // The unit panel laid out in the right-hand column, 300 × 400 pixels at (1100, 300).
    let mut q = rig
        .app
        .world_mut()
        .query::<(&Region, &mut ComputedNode, &mut UiGlobalTransform)>();
    let mut placed = false;
    for (r, mut n, mut at) in q.iter_mut(rig.app.world_mut()) {
        if *r == Region::UnitPanel {
            n.size = Vec2::new(300.0, 400.0);
            *at = UiGlobalTransform::from_translation(Vec2::new(1100.0, 300.0));
            placed = true;
        }
    }
    assert!(placed, "the unit panel is there");
    let (t0, p0) = camera(&mut rig);
    rig.cursor(Vec2::new(1100.0, 300.0));
    rig.frames(1);
    wheel(&mut rig, 2.0);
    let (t1, p1) = camera(&mut rig);
    assert_eq!(scale_of(&p1), scale_of(&p0), "no zoom over the panel");
    assert_eq!(t1.translation, t0.translation, "no pan over the panel");
    // A node laid over the whole window that is no panel and does not scroll (every node has
    // a scroll position in bevy_ui 0.19: that alone made the wheel dead everywhere) leaves the
    // wheel to the map; just off the panel's left edge the wheel is the map's again.
    rig.app.world_mut().spawn((
        Node::default(),
        ComputedNode {
            size: Vec2::new(1280.0, 800.0),
            ..default()
        },
        UiGlobalTransform::from_translation(Vec2::new(640.0, 400.0)),
    ));
    rig.cursor(Vec2::new(940.0, 300.0));
    rig.frames(1);
    wheel(&mut rig, 2.0);
    assert!(
        scale_of(&camera(&mut rig).1) < scale_of(&p0),
        "zoomed over the map"
    );
}

/// Whether a box on the screen covers any of the hex circles (radius `r`) round `centres`.
fn covers(rect: Rect, centres: &[Vec2], r: f32) -> bool {
    centres
        .iter()
        .any(|c| c.clamp(rect.min, rect.max).distance(*c) <= r)
}

/// Issue 43, item 5: a melee being dragged shows its strengths and odds in a compact box
/// beside the target that covers neither the attacking hex nor the hex attacked, and the
/// hover tooltip makes way; on release the box goes. Aiming fire does the same with the
/// fire's value and losses.
#[test]
fn a_dragged_melee_and_an_aimed_fire_show_their_odds_beside_the_target() {
    use bayonet::client::panels::aim_box::AimBox;
    use bevy::input::ButtonState;
    let mut r = Rig::new();
    // 450 Union at 4,4 dragged onto the 230 Confederates at 5,4.
    r.mouse_drag_over((4, 4), (5, 4));
    // The odds are worked out off the frame: "…" until they come in.
    let mut frames = 0;
    while r
        .app
        .world()
        .resource::<bayonet::client::input::odds_work::OddsWork>()
        .busy()
    {
        assert!(frames < 2_000, "the odds never came");
        std::thread::sleep(std::time::Duration::from_millis(1));
        r.frames(1);
        frames += 1;
    }
    r.frames(2);
    let aim = r.app.world().resource::<AimBox>().clone();
    let rect = aim.rect.expect("the box shows during the drag");
    assert!(
        aim.text.starts_with("Melee on 5,4: attack "),
        "{}",
        aim.text
    );
    assert!(
        aim.text.contains("attacker's chance of winning"),
        "{}",
        aim.text
    );
    assert!(
        aim.text.lines().count() <= 3 && aim.text.lines().all(|l| l.chars().count() <= 60),
        "compact: {}",
        aim.text
    );
    let (from, to) = (r.screen(4, 4), r.screen(5, 4));
    // The camera is at scale 1: a hex is 32 pixels from centre to corner.
    assert!(
        !covers(rect, &[from, to], 32.0),
        "{rect:?} covers a hex in play"
    );
    assert!(
        to.clamp(rect.min, rect.max).distance(to) < 60.0,
        "beside the target: {rect:?}"
    );
    // The tooltip makes way while the box shows.
    let mut q = r.app.world_mut().query::<(&Region, &Node)>();
    let tip = q
        .iter(r.app.world())
        .find(|(g, _)| **g == Region::Tooltip)
        .map(|(_, n)| n.display);
    assert_eq!(
        tip,
        Some(Display::None),
        "the tooltip is hidden while aiming"
    );
    r.mouse(ButtonState::Released);
    r.frames(2);
    assert!(
        r.app.world().resource::<AimBox>().rect.is_none(),
        "gone on release"
    );
    // Fire aimed (a fresh field): select the regiment, T, then the pointer over the enemy.
    let mut r = Rig::new();
    r.click(4, 4);
    r.tap_key(KeyCode::KeyT);
    r.cursor(to);
    r.frames(2);
    let aim = r.app.world().resource::<AimBox>().clone();
    assert!(aim.text.starts_with("Fire "), "{}", aim.text);
    assert!(
        !aim.text.contains("click"),
        "the instruction stays in the hint: {}",
        aim.text
    );
    assert!(!covers(aim.rect.unwrap(), &[from, to], 32.0));
}

/// The box's place: right of the target where that is clear, else the next side clear of the
/// hexes in play and inside the window.
#[test]
fn the_aim_box_goes_where_it_covers_no_hex_in_play() {
    use bayonet::client::panels::aim_box::beside;
    let window = Vec2::new(1280.0, 800.0);
    let size = Vec2::new(200.0, 24.0);
    // The attacker left of the target: the box goes right.
    let tl = beside(
        Vec2::new(600.0, 400.0),
        &[Vec2::new(545.0, 400.0), Vec2::new(600.0, 400.0)],
        32.0,
        size,
        window,
    );
    assert!(tl.x > 632.0, "{tl}");
    // The attacker right of the target: the box goes left.
    let tl = beside(
        Vec2::new(600.0, 400.0),
        &[Vec2::new(655.0, 400.0), Vec2::new(600.0, 400.0)],
        32.0,
        size,
        window,
    );
    assert!(tl.x + size.x < 568.0, "{tl}");
    // At the window's right edge, never outside it.
    let tl = beside(
        Vec2::new(1260.0, 400.0),
        &[Vec2::new(1260.0, 400.0)],
        32.0,
        size,
        window,
    );
    assert!(tl.x + size.x <= window.x && tl.x >= 0.0, "{tl}");
}

/// A trackpad's pinch zooms about the pointer too: fingers apart, in.
#[test]
fn a_trackpad_pinch_zooms_about_the_pointer() {
    use bevy::input::gestures::PinchGesture;
    let mut rig = Rig::new();
    let c = rig.screen(3, 5);
    rig.cursor(c);
    rig.frames(1);
    let before = under(&mut rig, c);
    let s0 = scale_of(&camera(&mut rig).1);
    rig.app.world_mut().write_message(PinchGesture(0.25));
    rig.frames(1);
    let s1 = scale_of(&camera(&mut rig).1);
    assert!((s1 - s0 / 1.25).abs() < 1e-4, "{s0} → {s1}");
    assert!(under(&mut rig, c).distance(before) < 0.01);
}

/// Issue 43, item 5: the selected hex's units as a strip of small counters, each with its
/// kind and strength, formation and state; the unit under command outlined; a press on a chip
/// commands that unit.
#[test]
fn the_selected_hex_shows_its_units_as_a_strip_and_a_chip_commands_its_unit() {
    use bayonet::client::input::command::Selection;
    use bayonet::client::panels::unit_strip::UnitChip;
    use bayonet::rules::unit::UnitId;
    // The test field with a leader joining the 450 Union at 4,4.
    let text = include_str!("../maps/test_melee.ron").replace(
        "(id: 6, name: \"Union cavalry\"",
        "(id: 8, name: \"Col. Reed\", side: 0, brigade: \"U\", kind: Leader, at: (4, 4), facing: NE, quality: B),\n        (id: 6, name: \"Union cavalry\"",
    );
    let s = bayonet::rules::scenario::parse("field.ron", &text).unwrap();
    let mut r = Rig::on(s, bayonet::client::theme::settings::SettingsFile(None));
    r.click(4, 4);
    r.frames(1);
    let chips = |r: &mut Rig| -> Vec<(UnitId, Vec<String>)> {
        let mut q = r.app.world_mut().query::<(&UnitChip, &Children)>();
        let found: Vec<(UnitId, Vec<Entity>)> = q
            .iter(r.app.world())
            .map(|(c, k)| (c.0, k.iter().collect()))
            .collect();
        found
            .into_iter()
            .map(|(id, kids)| {
                let lines = kids
                    .iter()
                    .filter_map(|k| r.app.world().get::<Text>(*k).map(|t| t.0.clone()))
                    .collect();
                (id, lines)
            })
            .collect()
    };
    let strip = chips(&mut r);
    assert_eq!(strip.len(), 2, "{strip:?}");
    let regiment = strip
        .iter()
        .find(|(id, _)| *id == UnitId(1))
        .expect("the regiment's chip");
    assert_eq!(
        regiment.1[..2],
        ["Inf 450".to_string(), "Line".to_string()],
        "{regiment:?}"
    );
    let leader = strip
        .iter()
        .find(|(id, _)| *id == UnitId(8))
        .expect("the leader's chip");
    assert_eq!(leader.1[0], "Leader");
    r.press(UnitChip(UnitId(8)));
    r.frames(1);
    assert_eq!(r.app.world().resource::<Selection>().unit, Some(UnitId(8)));
    r.press(UnitChip(UnitId(1)));
    r.frames(1);
    assert_eq!(r.app.world().resource::<Selection>().unit, Some(UnitId(1)));
    // Another hex, another strip: the battery across the way, its guns and formation.
    r.click(7, 2);
    r.frames(1);
    let strip = chips(&mut r);
    assert_eq!(strip.len(), 1, "{strip:?}");
    assert_eq!(strip[0].1[..2], ["Art 4g".to_string(), "Unl".to_string()]);
}

/// Where the middle of the open part of a 1280×800 view lies in the world, for a camera at
/// `camera` and `scale` (the right column and the bars taken off).
fn open_middle(camera: Vec2, scale: f32) -> Vec2 {
    use bayonet::client::theme::regions::{TOOLBAR_HEIGHT, TOP_BAR_HEIGHT, column};
    camera
        + Vec2::new(
            -column(1280.0) / 2.0,
            -(TOP_BAR_HEIGHT - TOOLBAR_HEIGHT) / 2.0,
        ) * scale
}

/// Issue 59: the window's camera pans no farther than the map: held arrow keys carry the
/// middle of the open view to the map's edge and no farther (at most half a view of black), in
/// each of the four directions; a pan inside the map moves freely; a camera without the mark (a
/// test's own) is not held, so the hold is the system's doing.
#[test]
fn the_window_camera_is_kept_over_the_map() {
    use bayonet::client::map::camera::{KeptOnMap, ZoomLimits};
    use bevy::input::ButtonState;
    let s = bayonet::load_scenario("maps/harpers_crossing.ron").unwrap();
    let mut rig = Rig::on(s, bayonet::client::theme::settings::SettingsFile(None));
    let limits = *rig.app.world().resource::<ZoomLimits>();
    assert!(limits.hi.x - limits.lo.x > 1000.0, "{limits:?}");
    let cam = rig
        .app
        .world_mut()
        .query_filtered::<Entity, With<MapCamera>>()
        .single(rig.app.world())
        .unwrap();
    let mid = (limits.lo + limits.hi) / 2.0;
    let place = |rig: &mut Rig, at: Vec2| {
        let mut t = rig.app.world_mut().get_mut::<Transform>(cam).unwrap();
        t.translation.x = at.x;
        t.translation.y = at.y;
    };
    // Unheld: a long pan right runs off the map.
    place(&mut rig, mid);
    rig.frames(1);
    rig.key(KeyCode::ArrowRight, ButtonState::Pressed);
    rig.frames(120);
    rig.key(KeyCode::ArrowRight, ButtonState::Released);
    rig.frames(1);
    assert!(open_middle(rig.camera(), 1.0).x > limits.hi.x + 500.0);
    rig.app.world_mut().entity_mut(cam).insert(KeptOnMap);
    // Inside the map, a short pan moves by its full length.
    place(&mut rig, mid);
    rig.frames(1);
    let before = rig.camera();
    rig.key(KeyCode::ArrowLeft, ButtonState::Pressed);
    rig.frames(2);
    rig.key(KeyCode::ArrowLeft, ButtonState::Released);
    rig.frames(1);
    let moved = before.x - rig.camera().x;
    assert!(moved > 100.0, "a pan inside the map moved {moved}");
    for (key, check) in [
        (KeyCode::ArrowRight, 0),
        (KeyCode::ArrowLeft, 1),
        (KeyCode::ArrowUp, 2),
        (KeyCode::ArrowDown, 3),
    ] {
        place(&mut rig, mid);
        rig.frames(1);
        rig.key(key, ButtonState::Pressed);
        rig.frames(150);
        rig.key(key, ButtonState::Released);
        rig.frames(1);
        let m = open_middle(rig.camera(), 1.0);
        let (got, edge) = match check {
            0 => (m.x, limits.hi.x),
            1 => (m.x, limits.lo.x),
            2 => (m.y, limits.hi.y),
            _ => (m.y, limits.lo.y),
        };
        assert!(
            (got - edge).abs() < 1.0,
            "{key:?}: the open view's middle at {got}, the map's edge at {edge}"
        );
    }
}
