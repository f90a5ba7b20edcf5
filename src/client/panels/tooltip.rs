//! The hover tooltip, by the pointer: a button's name and key, or the hex under the pointer
//! (its terrain, hexsides and units) while the selected hex's details stay in their panel.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::client::input::pointer::{HoveredHex, SelectedHex};
use crate::client::theme::palette;
use crate::client::theme::regions::{Region, find};
use crate::sim::Table;

pub use crate::client::theme::regions::Tip;

/// The tooltip's text as it stands (tests read it).
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct Tooltip(pub String);

#[derive(Component)]
struct TooltipText;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Tooltip>()
        .add_systems(Startup, spawn)
        .add_systems(Update, (say, place).chain());
}

fn spawn(mut commands: Commands, regions: Query<(Entity, &Region)>) {
    if let Some(r) = find(&regions, Region::Tooltip) {
        let t = commands.spawn((TooltipText, palette::text("", 12.0))).id();
        commands.entity(r).add_child(t);
    }
}

fn say(
    tips: Query<(&Interaction, &Tip)>,
    // The hex under the pointer, the hex selected, and whether by touch.
    (hovered, selected, touch): (
        Res<HoveredHex>,
        Res<SelectedHex>,
        Res<crate::client::theme::settings::TouchSeen>,
    ),
    (table, seen): (Res<Table>, Res<crate::client::seen::Seen>),
    command: Res<crate::client::input::command::Selection>,
    // Whether the pointer is over the interface, and whether that changed this frame.
    (over_ui, stirred): (Query<&Interaction>, Query<(), Changed<Interaction>>),
    mut out: ResMut<Tooltip>,
    threats: Res<crate::client::marks::threat_overlay::ThreatOverlay>,
) {
    // Only when something it reads changed: describing a hex is not every frame's work.
    if stirred.is_empty()
        && !(hovered.is_changed()
            || selected.is_changed()
            || touch.is_changed()
            || seen.is_changed()
            || threats.is_changed()
            || command.is_changed())
    {
        return;
    }
    let button = tips
        .iter()
        .find(|(i, _)| **i == Interaction::Hovered)
        .map(|(_, t)| t.0.clone());
    let on_ui = over_ui.iter().any(|i| *i != Interaction::None);
    // A finger has no hover: on a touch screen only the panels speak.
    let text = match button {
        Some(t) => t,
        None if touch.0 || on_ui => String::new(),
        None => match hovered.0.filter(|h| selected.0 != Some(*h)) {
            Some(h) => {
                let mut t = super::hud::describe(h, &table, seen.view(), command.unit)
                    .trim_end()
                    .to_string();
                if let Some(w) =
                    crate::client::marks::threat_overlay::threat_words(&threats, seen.board(), h)
                {
                    t = format!("{w}\n{t}");
                }
                t
            }
            None => String::new(),
        },
    };
    if out.0 != text {
        out.0 = text;
    }
}

/// Beside the pointer and clear of the hex under it, turned back inside the window near its
/// right and bottom edges; hidden while the aim box shows.
fn place(
    tip: Res<Tooltip>,
    // The window, and the map's camera.
    (window, cam): (
        Query<&Window, With<PrimaryWindow>>,
        Query<(&Transform, &Projection), With<crate::client::map::camera::MapCamera>>,
    ),
    // The screen's regions: by entity, as laid out, and their nodes.
    (regions, bars, mut nodes): (
        Query<(Entity, &Region)>,
        Query<(&Region, &ComputedNode, &UiGlobalTransform)>,
        Query<(&mut Node, &ComputedNode)>,
    ),
    mut text: Query<&mut Text, With<TooltipText>>,
    // The panels that float over the map (the lesson's): the tip keeps off them.
    furniture: Query<
        (&ComputedNode, &UiGlobalTransform, &InheritedVisibility),
        With<crate::client::theme::regions::Furniture>,
    >,
    ui_scale: Option<Res<UiScale>>,
    aim: Res<super::aim_box::AimBox>,
    // The selected hex, the hex under the pointer, the map's layout and what stands on it.
    (selected, hovered, layout, seen): (
        Res<SelectedHex>,
        Res<HoveredHex>,
        Res<crate::client::map::layout::MapLayout>,
        Res<crate::client::seen::Seen>,
    ),
) {
    let Some(e) = find(&regions, Region::Tooltip) else {
        return;
    };
    if tip.is_changed() {
        for mut t in &mut text {
            t.0.clone_from(&tip.0);
        }
    }
    let Ok((mut node, computed)) = nodes.get_mut(e) else {
        return;
    };
    let cursor = window.single().ok().and_then(|w| {
        let k = w.scale_factor();
        Some((w.cursor_position()?, w.size(), computed.size / k))
    });
    // The toolbar's top edge, in logical pixels.
    let toolbar_top = window.single().ok().and_then(|w| {
        crate::client::theme::regions::top_of(&bars, &[Region::Toolbar], w.scale_factor())
    });
    // While a melee is dragged or a fire aimed, the aim box says what matters, beside the
    // target: the tooltip makes way.
    let shown = !tip.0.is_empty() && cursor.is_some() && aim.rect.is_none();
    crate::client::theme::regions::show(&mut node, shown);
    if let Some((c, win, size)) = cursor.filter(|_| shown) {
        // Clear of the hex under the pointer, whatever the zoom.
        let r = cam.single().map_or(0.0, |(_, p)| {
            crate::client::map::layout::HEX_SIZE / crate::client::map::camera::scale_of(p)
        });
        // The selected unit's hex, on the screen.
        let avoid = selected.0.zip(cam.single().ok()).map(|(h, (t, p))| {
            let scale = crate::client::map::camera::scale_of(p);
            let at = crate::client::map::layout::world_to_screen(win, t, scale, layout.center(h));
            Rect::from_center_size(
                at,
                Vec2::splat(2.0 * crate::client::map::layout::HEX_SIZE / scale),
            )
        });
        // The counters round the pointer, on the screen.
        let counters: Vec<Rect> = cam
            .single()
            .ok()
            .zip(hovered.0)
            .map(|((t, p), at)| {
                let scale = crate::client::map::camera::scale_of(p);
                seen.board()
                    .units
                    .iter()
                    .map(|u| u.hex)
                    .filter(|h| h.unsigned_distance_to(at) <= 3 && *h != at)
                    .map(|h| {
                        let mid = crate::client::map::layout::world_to_screen(
                            win,
                            t,
                            scale,
                            layout.center(h),
                        );
                        Rect::from_center_size(
                            mid,
                            Vec2::splat(crate::client::counters::counter::SIDE / scale),
                        )
                    })
                    .collect()
            })
            .unwrap_or_default();
        let k = window.single().map_or(1.0, |w| w.scale_factor());
        let panels: Vec<Rect> = furniture
            .iter()
            .filter(|(n, _, v)| v.get() && n.size.x > 0.0)
            .map(|(n, at, _)| Rect::from_center_size(at.translation / k, n.size / k))
            .collect();
        let Vec2 { x, y } = placed_among(c, size, win, r, toolbar_top, (avoid, &counters), &panels);
        // The node's offsets are in UI pixels, which the UI scale enlarges.
        let u = ui_scale.map_or(1.0, |s| s.0).max(0.1);
        let (x, y) = (Val::Px(x.max(0.0) / u), Val::Px(y.max(0.0) / u));
        if node.left != x || node.top != y {
            node.left = x;
            node.top = y;
        }
    }
}

/// Where the tooltip goes (its top left, logical pixels) for the pointer at `c`, the tooltip
/// `size`, the window `win`, the hex under the pointer `r` pixels across: beside the pointer and
/// clear of the hex, turned back inside the window; over the toolbar (below `toolbar_top`), above
/// the toolbar's top edge, so that it covers none of its buttons (issue 59: a tip over the
/// bottom row covered the row above).
pub fn placed(c: Vec2, size: Vec2, win: Vec2, r: f32, toolbar_top: Option<f32>) -> Vec2 {
    placed_clear(c, size, win, r, toolbar_top, None, &[])
}

/// `placed`, and clear of `avoid` (the selected unit's hex: issue 59, the tip of the hex
/// beside it covered the counter the player was giving orders to): of the pointer's four
/// corners, those that leave it clear and stay in the window; of them, the one that covers
/// the fewest of the `counters` near the pointer (issue 59: the tip hid the neighbouring
/// counter), the first on a tie.
pub fn placed_clear(
    c: Vec2,
    size: Vec2,
    win: Vec2,
    r: f32,
    toolbar_top: Option<f32>,
    avoid: Option<Rect>,
    counters: &[Rect],
) -> Vec2 {
    placed_among(c, size, win, r, toolbar_top, (avoid, counters), &[])
}

/// `placed_clear`, and off the `panels` over the map first of all (issue 76, item 5: in
/// portrait the tip of a hex beside the lesson's panel was drawn over its words).
pub fn placed_among(
    c: Vec2,
    size: Vec2,
    win: Vec2,
    r: f32,
    toolbar_top: Option<f32>,
    (avoid, counters): (Option<Rect>, &[Rect]),
    panels: &[Rect],
) -> Vec2 {
    let (dx, dy) = ((r + 6.0).max(18.0), (r * 0.87 + 6.0).max(22.0));
    let right = c.x + dx + size.x <= win.x;
    let below = c.y + dy + size.y <= win.y;
    let x_of = |right: bool| if right { c.x + dx } else { c.x - dx - size.x };
    let y_of = |below: bool| match toolbar_top {
        Some(top) if c.y >= top => top - 4.0 - size.y,
        _ if below => c.y + dy,
        _ => c.y - dy - size.y,
    };
    let first = Vec2::new(x_of(right), y_of(below));
    if avoid.is_none() && counters.is_empty() && panels.is_empty() {
        return first;
    }
    let fits =
        |at: Vec2| at.x >= 0.0 && at.y >= 0.0 && at.x + size.x <= win.x && at.y + size.y <= win.y;
    let covers = |at: Vec2, r: &Rect| !Rect::from_corners(at, at + size).intersect(*r).is_empty();
    [
        (right, below),
        (!right, below),
        (right, !below),
        (!right, !below),
    ]
    .into_iter()
    .map(|(r, b)| Vec2::new(x_of(r), y_of(b)))
    .filter(|at| fits(*at) && !avoid.is_some_and(|a| covers(*at, &a)))
    .min_by_key(|at| {
        (
            panels.iter().filter(|r| covers(*at, r)).count(),
            counters.iter().filter(|r| covers(*at, r)).count(),
        )
    })
    .unwrap_or(first)
}
