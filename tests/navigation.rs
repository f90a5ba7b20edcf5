//! Finding one's way about the map (issue 43, item 4): the wheel zooms about the pointer over
//! the map, and over a panel leaves the map alone.

use bayonet::client::camera::{MapCamera, scale_of};
use bayonet::client::layout::screen_to_world;
use bayonet::client::regions::Region;
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
