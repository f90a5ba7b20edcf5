//! The mini-map (jump map) at the foot of the right-hand column: the whole battlefield in
//! small, both sides' units as dots in their colours, the view as a rectangle; a click or a tap
//! (or a drag) on it centres the view there.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use super::camera::{MapCamera, ZoomLimits, scale_of};
use super::layout::MapLayout;
use crate::client::theme::palette;
use crate::client::theme::regions::{COLUMN_MIN, Region, find};
use crate::client::theme::settings::Settings;
use crate::sim::Table;

/// Pixels of the mini-map's picture per hex, across.
const PX_PER_HEX: f32 = 4.0;
/// The mini-map's height at most (logical pixels); a tall map is drawn narrower.
const MAX_HEIGHT: f32 = 200.0;
/// Nor more than this share of the window's height (a 768-pixel window keeps its map).
const MAX_HEIGHT_SHARE: f32 = 0.2;

#[derive(Component)]
struct MiniImage;

/// The view's rectangle on the mini-map.
#[derive(Component)]
struct ViewBox;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn)
        .add_systems(Update, (paint, frame_view, jump, under_dialogs).chain());
}

/// Off while the start dialog or the help is open: the picture would show through them.
fn under_dialogs(
    dialog: Res<crate::client::gate::DialogOpen>,
    help: Res<crate::client::gate::HelpOpen>,
    mut q: Query<&mut Node, With<MiniImage>>,
) {
    if dialog.is_changed() || help.is_changed() {
        for mut n in &mut q {
            crate::client::theme::regions::show(&mut n, !dialog.0 && !help.0);
        }
    }
}

/// The world point under `at`, a point of the mini-map shown in the `rect` `[left, top, width,
/// height]` of the screen, for a map whose world corners are `lo` and `hi`.
pub fn mini_to_world(rect: [f32; 4], at: Vec2, lo: Vec2, hi: Vec2) -> Vec2 {
    let u = ((at.x - rect[0]) / rect[2].max(1.0)).clamp(0.0, 1.0);
    let v = ((at.y - rect[1]) / rect[3].max(1.0)).clamp(0.0, 1.0);
    Vec2::new(lo.x + u * (hi.x - lo.x), hi.y - v * (hi.y - lo.y))
}

/// Where a world point falls on the mini-map, as shares of its width and height from its
/// top-left corner.
pub fn world_to_mini(p: Vec2, lo: Vec2, hi: Vec2) -> Vec2 {
    let d = (hi - lo).max(Vec2::splat(1.0));
    Vec2::new((p.x - lo.x) / d.x, (hi.y - p.y) / d.y)
}

/// The mini-map's size on the screen for a map of world extent `d` in a window `window_h`
/// pixels high.
fn shown_size(d: Vec2, window_h: f32) -> Vec2 {
    let w = COLUMN_MIN - 12.0;
    let h = w * d.y / d.x.max(1.0);
    let most = MAX_HEIGHT.min(window_h * MAX_HEIGHT_SHARE);
    if h > most {
        Vec2::new(most * d.x / d.y.max(1.0), most)
    } else {
        Vec2::new(w, h)
    }
}

fn spawn(mut commands: Commands, regions: Query<(Entity, &Region)>) {
    let Some(r) = find(&regions, Region::MiniMap) else {
        return;
    };
    let view = commands
        .spawn((
            ViewBox,
            Node {
                position_type: PositionType::Absolute,
                border: UiRect::all(Val::Px(2.0)),
                ..default()
            },
            BorderColor::all(palette::SELECTED),
        ))
        .id();
    let image = commands
        .spawn((
            MiniImage,
            Name::new("MiniMap"),
            ImageNode::default(),
            Node::default(),
            Button,
            crate::client::theme::regions::Tip("Mini-map: click or tap to look there".into()),
        ))
        .add_child(view)
        .id();
    commands
        .entity(r)
        .insert((
            BackgroundColor(Color::BLACK),
            Node {
                // As wide as its picture, at the column's foot (its black frame no wider).
                align_self: AlignSelf::Center,
                margin: UiRect::top(Val::Auto),
                padding: UiRect::all(Val::Px(0.0)),
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                ..default()
            },
        ))
        .add_child(image);
}

fn rgb(c: Color) -> [u8; 4] {
    let s = c.to_srgba();
    [
        (s.red * 255.0) as u8,
        (s.green * 255.0) as u8,
        (s.blue * 255.0) as u8,
        255,
    ]
}

/// The picture: terrain, shaded by elevation as the map is, and a dot for each hex with units.
fn paint(
    // The battle, and the board as the side sees it.
    (table, game): (Res<Table>, Res<crate::client::seen::Seen>),
    layout: Res<MapLayout>,
    limits: Res<ZoomLimits>,
    settings: Res<Settings>,
    images: Option<ResMut<Assets<Image>>>,
    mut q: Query<(&mut ImageNode, &mut Node), With<MiniImage>>,
    window: Query<&Window, With<PrimaryWindow>>,
    mut battle: Local<crate::sim::LastBattle>,
) {
    let new_battle = battle.changed(&table);
    let Some(mut images) = images else { return };
    let first = q.iter().any(|(i, _)| i.image == Handle::default());
    if !(first || new_battle || game.is_changed() || limits.is_changed()) {
        return;
    }
    let map = &game.map;
    let (lo, hi) = (limits.lo, limits.hi);
    let d = (hi - lo).max(Vec2::splat(1.0));
    let w = (map.width as f32 * PX_PER_HEX).ceil().max(8.0) as u32;
    let h = (w as f32 * d.y / d.x).ceil().max(8.0) as u32;
    let mut px = vec![0u8; (w * h * 4) as usize];
    let highest = map
        .hexes()
        .map(|x| map.elevation(x))
        .max()
        .unwrap_or(1)
        .max(1);
    let cell = Vec2::new(
        super::layout::HEX_WIDTH / d.x * w as f32,
        super::layout::HEX_HEIGHT / d.y * h as f32,
    );
    let mut fill = |centre: Vec2, half: Vec2, c: [u8; 4]| {
        let (x0, x1) = (
            (centre.x - half.x).floor() as i32,
            (centre.x + half.x).ceil() as i32,
        );
        let (y0, y1) = (
            (centre.y - half.y).floor() as i32,
            (centre.y + half.y).ceil() as i32,
        );
        for y in y0.max(0)..y1.min(h as i32) {
            for x in x0.max(0)..x1.min(w as i32) {
                let i = ((y as u32 * w + x as u32) * 4) as usize;
                px[i..i + 4].copy_from_slice(&c);
            }
        }
    };
    let at = |hex| world_to_mini(layout.center(hex), lo, hi) * Vec2::new(w as f32, h as f32);
    for hex in map.hexes() {
        let base = palette::terrain(map.terrain(hex)).0;
        let k = 0.78 + 0.22 * map.elevation(hex) as f32 / highest as f32;
        let c = [
            (base[0] as f32 * k) as u8,
            (base[1] as f32 * k) as u8,
            (base[2] as f32 * k) as u8,
            255,
        ];
        fill(at(hex), cell * Vec2::new(0.5, 0.5), c);
    }
    for u in game.units.iter().filter(|u| !u.is_leader()) {
        let c = if settings.colour_blind {
            palette::side_colour_blind(u.side.0)
        } else {
            table
                .start
                .sides
                .get(u.side.0 as usize)
                .map_or(Color::WHITE, |s| {
                    Color::srgb(s.color.0, s.color.1, s.color.2)
                })
        };
        // A dark rim so that a dot reads on every terrain.
        fill(at(u.hex), cell * 0.42, [0, 0, 0, 255]);
        fill(at(u.hex), cell * 0.3, rgb(c));
    }
    let image = crate::client::theme::widget::picture(w, h, px);
    let window_h = window.single().map_or(800.0, |w| w.height());
    let size = shown_size(d, window_h);
    for (mut node_image, mut node) in &mut q {
        let old = std::mem::replace(&mut node_image.image, images.add(image.clone()));
        if old != Handle::default() {
            images.remove(&old);
        }
        node.width = Val::Px(size.x);
        node.height = Val::Px(size.y);
    }
}

/// The rectangle of the map the window shows, on the mini-map.
fn frame_view(
    cam: Query<(&Transform, &Projection), With<MapCamera>>,
    window: Query<&Window, With<PrimaryWindow>>,
    limits: Res<ZoomLimits>,
    mut boxes: Query<&mut Node, With<ViewBox>>,
) {
    let (Ok((t, p)), Ok(w)) = (cam.single(), window.single()) else {
        return;
    };
    let size = shown_size((limits.hi - limits.lo).max(Vec2::splat(1.0)), w.height());
    let half = w.size() / 2.0 * scale_of(p);
    let c = t.translation.truncate();
    let a = world_to_mini(c + Vec2::new(-half.x, half.y), limits.lo, limits.hi) * size;
    let b = world_to_mini(c + Vec2::new(half.x, -half.y), limits.lo, limits.hi) * size;
    let (a, b) = (a.clamp(Vec2::ZERO, size), b.clamp(Vec2::ZERO, size));
    for mut n in &mut boxes {
        let want = (
            Val::Px(a.x),
            Val::Px(a.y),
            Val::Px((b.x - a.x).max(4.0)),
            Val::Px((b.y - a.y).max(4.0)),
        );
        if (n.left, n.top, n.width, n.height) != want {
            (n.left, n.top, n.width, n.height) = want;
        }
    }
}

/// Pressed (or dragged while pressed): the view centres on that point.
fn jump(
    q: Query<(&Interaction, &ComputedNode, &UiGlobalTransform), With<MiniImage>>,
    window: Query<&Window, With<PrimaryWindow>>,
    touches: Res<bevy::input::touch::Touches>,
    limits: Res<ZoomLimits>,
    mut cam: Query<(&mut Transform, &Projection), With<MapCamera>>,
) {
    let Ok(w) = window.single() else { return };
    let k = w.scale_factor();
    let Some(at) = w
        .cursor_position()
        .or_else(|| touches.iter().next().map(|t| t.position()))
    else {
        return;
    };
    for (i, node, g) in &q {
        if *i != Interaction::Pressed {
            continue;
        }
        let (c, size) = (g.translation / k, node.size / k);
        let rect = [c.x - size.x / 2.0, c.y - size.y / 2.0, size.x, size.y];
        let p = mini_to_world(rect, at, limits.lo, limits.hi);
        // That point in the middle of the open map, not under the column.
        let spot = super::camera::open_centre(w.size(), 0.0);
        for (mut t, proj) in &mut cam {
            let c = super::camera::centre_on(p, spot, w.size(), scale_of(proj));
            t.translation.x = c.x;
            t.translation.y = c.y;
        }
    }
}
