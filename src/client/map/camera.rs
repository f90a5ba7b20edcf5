//! The camera: opens over the whole map where it fits at a readable zoom, else over the army
//! that moves first; pans by right/middle drag, arrow keys or WASD (left and one-finger drags
//! pan through the gestures); zooms by wheel (about the pointer; over a panel the wheel is the
//! panel's), + and -, or pinch, out until the whole map fits (Home goes there at once).

use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll, MouseScrollUnit};
use bevy::input::touch::Touches;
use bevy::prelude::*;

use super::layout::MapLayout;
use crate::client::theme::keys::{Act, held, pressed};
use crate::rules::map::Coord;
use crate::sim::Table;

const MIN_SCALE: f32 = 0.25;
/// The opening zoom at most: the counters' numbers stay at least 11 pixels high (they are 15
/// world units; see `counters`).
pub const OPENING_SCALE: f32 = 1.3;
const KEY_SPEED: f32 = 700.0;

#[derive(Component)]
pub struct MapCamera;

/// How far the view may zoom out — until the whole map fits the part of the window the panels
/// leave, whatever the window's size — and where the view looks then.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct ZoomLimits {
    pub max: f32,
    pub centre: Vec2,
    /// The map's corners in the world (its hexes' outer edges and a little more).
    pub lo: Vec2,
    pub hi: Vec2,
}

impl Default for ZoomLimits {
    fn default() -> Self {
        ZoomLimits {
            max: 3.0,
            centre: Vec2::ZERO,
            lo: Vec2::ZERO,
            hi: Vec2::ZERO,
        }
    }
}

use crate::client::theme::regions::{Region, TOOLBAR_HEIGHT, TOP_BAR_HEIGHT, column};

/// The part of a `window`-sized window the panels take from the map: the right-hand column, and
/// the top bar and the toolbar (in one row each, as they are in a landscape window).
fn covered(window: Vec2) -> Vec2 {
    Vec2::new(column(window.x), TOP_BAR_HEIGHT + TOOLBAR_HEIGHT)
}

/// How far the open part's centre lies from the window's (screen pixels, y down).
fn open_offset(window: Vec2) -> Vec2 {
    Vec2::new(
        -column(window.x) / 2.0,
        (TOP_BAR_HEIGHT - TOOLBAR_HEIGHT) / 2.0,
    )
}

/// The middle of the part of a `window`-sized window the panels leave the map, with a panel
/// reaching `left` pixels in from the left edge (screen pixels, y down).
pub fn open_centre(window: Vec2, left: f32) -> Vec2 {
    Vec2::new(
        (left + window.x - column(window.x)) / 2.0,
        (TOP_BAR_HEIGHT + window.y - TOOLBAR_HEIGHT) / 2.0,
    )
}

/// Moves the map's camera so that `at` (a world point) shows in the middle of the open map,
/// right of `left` (screen pixels a panel covers) in a window of `window` pixels.
pub fn look_at<'a>(
    at: Vec2,
    window: Vec2,
    left: f32,
    cams: impl IntoIterator<Item = (Mut<'a, Transform>, &'a Projection)>,
) {
    let spot = open_centre(window, left);
    for (mut t, p) in cams {
        let c = centre_on(at, spot, window, scale_of(p));
        t.translation.x = c.x;
        t.translation.y = c.y;
    }
}

/// What a screen reads to lay something over the map where a hex shows: the map's layout, the
/// window and the camera, read only.
#[derive(bevy::ecs::system::SystemParam)]
pub struct MapView<'w, 's> {
    pub layout: Res<'w, MapLayout>,
    window: Query<'w, 's, &'static Window, With<bevy::window::PrimaryWindow>>,
    cam: Query<'w, 's, (&'static Transform, &'static Projection), With<MapCamera>>,
}

impl MapView<'_, '_> {
    pub fn window(&self) -> Option<&Window> {
        self.window.single().ok()
    }

    /// The camera's place and zoom.
    pub fn camera(&self) -> Option<(&Transform, &Projection)> {
        self.cam.single().ok()
    }
}

/// What a screen needs to bring a hex into view: the map's layout, the window and the camera.
#[derive(bevy::ecs::system::SystemParam)]
pub struct Aim<'w, 's> {
    layout: Res<'w, MapLayout>,
    window: Query<'w, 's, &'static Window, With<bevy::window::PrimaryWindow>>,
    cam: Query<'w, 's, (&'static mut Transform, &'static Projection), With<MapCamera>>,
}

impl Aim<'_, '_> {
    /// The window's size in logical pixels (a window-less test's 1280 × 800 without one).
    pub fn window(&self) -> Vec2 {
        self.window
            .single()
            .map_or(Vec2::new(1280.0, 800.0), |w| w.size())
    }

    /// Physical pixels to a logical one.
    pub fn scale_factor(&self) -> f32 {
        self.window.single().map_or(1.0, |w| w.scale_factor())
    }

    /// `hex` in the middle of the open map, right of `left` (logical pixels a panel covers).
    pub fn look_at(&mut self, hex: hexx::Hex, left: f32) {
        let at = self.layout.center(hex);
        let size = self.window();
        look_at(at, size, left, &mut self.cam);
    }
}

/// Where the camera goes for world point `at` to show at screen point `spot`.
pub fn centre_on(at: Vec2, spot: Vec2, window: Vec2, scale: f32) -> Vec2 {
    Vec2::new(
        at.x - (spot.x - window.x / 2.0) * scale,
        at.y + (spot.y - window.y / 2.0) * scale,
    )
}

/// The world point to put at the open part's centre to look at `at`, moved in as far as needed
/// that no edge of the view looks off the map (where the map is larger than the view).
pub fn kept_on_map(limits: &ZoomLimits, at: Vec2, window: Vec2, scale: f32) -> Vec2 {
    let half = (window - covered(window)).max(Vec2::ZERO) / 2.0 * scale;
    let (lo, hi) = (limits.lo + half, limits.hi - half);
    let keep = |v: f32, a: f32, b: f32| if a <= b { v.clamp(a, b) } else { (a + b) / 2.0 };
    Vec2::new(keep(at.x, lo.x, hi.x), keep(at.y, lo.y, hi.y))
}

/// The zoom and centre at which the whole of `battle`'s map fits a `window`-sized window.
pub fn fit(table: &Table, layout: &MapLayout, window: Vec2) -> ZoomLimits {
    let map = &table.start.map;
    let corner = |col, row| layout.center(map.hex_at(Coord { col, row }));
    let (a, b) = (
        corner(0, 0),
        corner(map.width as i32 - 1, map.height as i32 - 1),
    );
    let lo = a.min(b) - Vec2::new(super::layout::HEX_WIDTH, super::layout::HEX_HEIGHT) * 0.6;
    let hi = a.max(b) + Vec2::new(super::layout::HEX_WIDTH, super::layout::HEX_HEIGHT) * 0.6;
    let extent = hi - lo;
    let open = (window - covered(window)).max(Vec2::splat(100.0));
    let max = (extent.x / open.x).max(extent.y / open.y).max(1.0);
    let mid = (lo + hi) / 2.0;
    ZoomLimits {
        max,
        centre: mid + Vec2::new(-open_offset(window).x, open_offset(window).y) * max,
        lo,
        hi,
    }
}

/// Open over the whole map whatever the zoom (the editor: building a battle wants all of it).
#[derive(Resource, Debug, Default)]
pub struct OpenWhole;

/// Keep the whole map in view each time the window changes size (a lesson's small field: in the
/// browser the page sizes its canvas after the first frame, and a tablet turns).
#[derive(Resource, Debug, Default)]
pub struct FitWhole;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<ZoomLimits>()
        .add_systems(Startup, spawn)
        .add_systems(Update, (refit, keys, mouse, touch).chain())
        .add_systems(
            PostUpdate,
            keep_on_map.before(bevy::transform::TransformSystems::Propagate),
        );
}

/// The window's camera, kept over the map (a window-less test's own camera stays where the
/// test puts it unless the test asks for this).
#[derive(Component)]
pub struct KeptOnMap;

/// Where the camera may stand at `scale`: the middle of the open part of the view (the window
/// less the right column, the top bar and the toolbar) stays on the map, so a pan or a zoom
/// shows at most half a view of black beyond an edge, and the map's right edge can still come
/// out from under the column (issue 59: the camera panned and zoomed far into the black).
pub fn kept_camera(limits: &ZoomLimits, window: Vec2, camera: Vec2, scale: f32) -> Vec2 {
    let off = open_offset(window);
    let to_open = Vec2::new(off.x, -off.y) * scale;
    let middle = camera + to_open;
    middle.clamp(limits.lo.min(limits.hi), limits.hi.max(limits.lo)) - to_open
}

/// After every pan and zoom (mouse, keys, fingers, a jump to a unit), the camera is kept over
/// the map.
fn keep_on_map(
    limits: Res<ZoomLimits>,
    window: Query<&Window, With<bevy::window::PrimaryWindow>>,
    mut cam: Query<
        (&mut Transform, &Projection),
        (
            With<KeptOnMap>,
            Or<(Changed<Transform>, Changed<Projection>)>,
        ),
    >,
) {
    let Ok(w) = window.single() else { return };
    if limits.hi == limits.lo {
        return;
    }
    for (mut t, p) in &mut cam {
        let now = t.translation.truncate();
        let kept = kept_camera(&limits, w.size(), now, scale_of(p));
        if (kept - now).length() > 0.01 {
            t.translation.x = kept.x;
            t.translation.y = kept.y;
        }
    }
}

fn spawn(
    mut commands: Commands,
    table: Res<Table>,
    layout: Res<MapLayout>,
    window: Query<&Window, With<bevy::window::PrimaryWindow>>,
    mut limits: ResMut<ZoomLimits>,
    whole: Option<Res<OpenWhole>>,
    already: Query<(), With<MapCamera>>,
) {
    let size = window
        .single()
        .map_or(Vec2::new(1280.0, 800.0), |w| w.size());
    *limits = fit(&table, &layout, size);
    // A window-less app (the input tests) brings its own camera, at the origin.
    if !already.is_empty() {
        return;
    }
    // The whole map when it fits at a readable zoom; else a readable zoom over the army of the
    // side that moves first.
    let (scale, centre) = if limits.max <= OPENING_SCALE || whole.is_some() {
        (limits.max, limits.centre)
    } else {
        let s = &table.start;
        let own: Vec<Vec2> = s
            .units
            .iter()
            .filter(|u| u.side == s.first_side)
            .map(|u| layout.center(u.hex))
            .collect();
        let mid = own.iter().copied().sum::<Vec2>() / own.len().max(1) as f32;
        let mid = if own.is_empty() { limits.centre } else { mid };
        let k = OPENING_SCALE;
        // Kept inside the map, so that no edge of the view looks off it.
        let half = (size - covered(size)) / 2.0 * k;
        let (lo, hi) = (limits.lo + half, limits.hi - half);
        let mid = Vec2::new(
            mid.x.clamp(lo.x.min(hi.x), hi.x.max(lo.x)),
            mid.y.clamp(lo.y.min(hi.y), hi.y.max(lo.y)),
        );
        (
            k,
            mid + Vec2::new(-open_offset(size).x, open_offset(size).y) * k,
        )
    };
    commands.spawn((
        MapCamera,
        KeptOnMap,
        Camera2d,
        Projection::Orthographic(OrthographicProjection {
            scale,
            ..OrthographicProjection::default_2d()
        }),
        Transform::from_translation(centre.extend(0.0)),
    ));
}

/// A new window size, a new farthest zoom.
fn refit(
    window: Query<Ref<Window>, With<bevy::window::PrimaryWindow>>,
    table: Res<Table>,
    layout: Res<MapLayout>,
    mut limits: ResMut<ZoomLimits>,
    mut cam: Query<(&mut Transform, &mut Projection), With<MapCamera>>,
    whole: Option<Res<FitWhole>>,
    mut last: Local<crate::sim::LastBattle>,
) {
    let Ok(w) = window.single() else { return };
    if !last.changed(&table) && !w.is_changed() {
        return;
    }
    let now = fit(&table, &layout, w.size());
    if *limits != now {
        *limits = now;
        for (mut t, mut p) in &mut cam {
            let s = if whole.is_some() {
                t.translation = now.centre.extend(t.translation.z);
                now.max
            } else {
                scale_of(&p).min(now.max)
            };
            set_scale(&mut p, s);
        }
    }
}

fn set_scale(projection: &mut Projection, scale: f32) {
    if let Projection::Orthographic(o) = projection {
        if o.scale != scale {
            o.scale = scale;
        }
    }
}

fn zoom_by(projection: &mut Projection, factor: f32, max: f32) {
    if let Projection::Orthographic(o) = projection {
        o.scale = (o.scale * factor).clamp(MIN_SCALE, max.max(MIN_SCALE));
    }
}

pub fn scale_of(projection: &Projection) -> f32 {
    match projection {
        Projection::Orthographic(o) => o.scale,
        _ => 1.0,
    }
}

fn keys(
    input: Res<ButtonInput<KeyCode>>,
    time: Res<Time>,
    limits: Res<ZoomLimits>,
    mut cam: Query<(&mut Transform, &mut Projection), With<MapCamera>>,
) {
    let Ok((mut t, mut p)) = cam.single_mut() else {
        return;
    };
    let mut d = Vec2::ZERO;
    for (act, v) in [
        (Act::PanLeft, Vec2::NEG_X),
        (Act::PanRight, Vec2::X),
        (Act::PanUp, Vec2::Y),
        (Act::PanDown, Vec2::NEG_Y),
    ] {
        if held(&input, act) {
            d += v;
        }
    }
    let s = scale_of(&p);
    t.translation += (d * KEY_SPEED * s * time.delta_secs()).extend(0.0);
    if pressed(&input, Act::ZoomIn) {
        zoom_by(&mut p, 0.8, limits.max);
    }
    if pressed(&input, Act::ZoomOut) {
        zoom_by(&mut p, 1.25, limits.max);
    }
    if pressed(&input, Act::ZoomAll) {
        t.translation = limits.centre.extend(t.translation.z);
        set_scale(&mut p, limits.max);
    }
}

/// Whether screen point `c` (logical pixels) lies on the screen's furniture rather than the
/// map: a panel (the tooltip aside: it follows the pointer) or any node that scrolls (a dialog,
/// the help). The wheel there is the panel's.
pub fn over_furniture(
    c: Vec2,
    k: f32,
    nodes: &Query<(&ComputedNode, &UiGlobalTransform, &Node, Option<&Region>)>,
) -> bool {
    nodes.iter().any(|(n, at, node, region)| {
        let (mid, half) = (at.translation / k, n.size / k / 2.0);
        let scrolls = [node.overflow.x, node.overflow.y].contains(&OverflowAxis::Scroll);
        let panel = region.is_some_and(|r| *r != Region::Tooltip);
        (scrolls || panel) && n.size.x > 0.0 && (c - mid).abs().cmple(half).all()
    })
}

/// The wheel zooms about the pointer: the map point under it stays under it.
fn mouse(
    // The mouse: its buttons, its motion and its wheel this frame.
    (buttons, motion, scroll): (
        Res<ButtonInput<MouseButton>>,
        Res<AccumulatedMouseMotion>,
        Res<AccumulatedMouseScroll>,
    ),
    mut cam: Query<(&mut Transform, &mut Projection), With<MapCamera>>,
    window: Query<&Window, With<bevy::window::PrimaryWindow>>,
    nodes: Query<(&ComputedNode, &UiGlobalTransform, &Node, Option<&Region>)>,
    limits: Res<ZoomLimits>,
    mut pinch: MessageReader<bevy::input::gestures::PinchGesture>,
) {
    let Ok((mut t, mut p)) = cam.single_mut() else {
        return;
    };
    // A trackpad's pinch (where the platform reports one; elsewhere it comes as the wheel):
    // apart zooms in.
    let pinched: f32 = pinch.read().map(|g| g.0).sum();
    // Right or middle drag pans on the desktop (left drag is kept for orders).
    if buttons.any_pressed([MouseButton::Right, MouseButton::Middle]) && motion.delta != Vec2::ZERO
    {
        let s = scale_of(&p);
        t.translation += Vec3::new(-motion.delta.x * s, motion.delta.y * s, 0.0);
    }
    if scroll.delta.y == 0.0 && pinched == 0.0 {
        return;
    }
    let Ok(w) = window.single() else { return };
    let cursor = w.cursor_position();
    if cursor.is_some_and(|c| over_furniture(c, w.scale_factor(), &nodes)) {
        return;
    }
    let steps = match scroll.unit {
        MouseScrollUnit::Line => scroll.delta.y,
        MouseScrollUnit::Pixel => scroll.delta.y / 40.0,
    };
    let under = cursor.map(|c| super::layout::screen_to_world(w.size(), &t, &p, c));
    let factor = 0.9f32.powf(steps) / (1.0 + pinched).max(0.2);
    zoom_by(&mut p, factor, limits.max);
    if let (Some(c), Some(under)) = (cursor, under) {
        t.translation = centre_on(under, c, w.size(), scale_of(&p)).extend(t.translation.z);
    }
}

/// Two fingers pinch to zoom. (One-finger drags are gestures: a pan, or a melee after a long
/// press.)
fn touch(
    touches: Res<Touches>,
    mut cam: Query<&mut Projection, With<MapCamera>>,
    limits: Res<ZoomLimits>,
) {
    let Ok(mut p) = cam.single_mut() else { return };
    let active: Vec<_> = touches.iter().collect();
    if let [a, b, ..] = active.as_slice() {
        let now = a.position().distance(b.position());
        let before = a.previous_position().distance(b.previous_position());
        if now > 1.0 && before > 1.0 {
            zoom_by(&mut p, before / now, limits.max);
        }
    }
}
