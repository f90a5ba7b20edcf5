//! Screenshot mode: render a few frames, save the window to a PNG, exit; and scripted opening
//! orders (`--declare`, `--resolve`) so a screenshot can show melees.

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};

use crate::rules::order::{At, Order};
use crate::sim::GiveOrder;

pub use super::script::StartupOrders;

// The command line reads aid numbers 1 to `cli::args::AIDS`: one for each aid of the column.
const _: () = assert!(crate::client::theme::aid::Aid::ALL.len() == crate::cli::args::AIDS);

fn send_script(
    mut script: ResMut<StartupOrders>,
    mut frames: Local<u32>,
    mut orders: MessageWriter<GiveOrder>,
    (mut aids, mut taps, table): (
        ResMut<crate::client::theme::aid::Aids>,
        MessageWriter<crate::client::input::command::HexTapped>,
        Res<crate::sim::Table>,
    ),
    (mut help, mut sheet, mut log, mut report): (
        ResMut<crate::client::gate::HelpOpen>,
        ResMut<crate::client::reports::victory_panel::SheetOpen>,
        ResMut<crate::client::reports::report::LogOpen>,
        Option<ResMut<crate::client::reports::after_action_view::ReportView>>,
    ),
) {
    *frames += 1;
    let map = &table.start.map;
    if *frames == 3 {
        if let Some(p) = script.open.take() {
            use crate::cli::args::Panel;
            match p {
                Panel::Help => help.0 = true,
                Panel::Victory => {
                    sheet.0 = Some(crate::client::reports::victory_panel::Sheet::Victory)
                }
                Panel::Briefing => {
                    sheet.0 = Some(crate::client::reports::victory_panel::Sheet::Briefing)
                }
                Panel::Log => log.0 = true,
                Panel::Report => {
                    if let Some(r) = report.as_mut() {
                        r.open = true;
                    }
                }
            }
        }
        for n in std::mem::take(&mut script.aids) {
            aids.0.insert(crate::client::theme::aid::Aid::ALL[n - 1]);
        }
        if let Some(c) = script.select.take() {
            taps.write(crate::client::input::command::HexTapped(map.hex_at(c)));
        }
        if script.sight.is_some() {
            aids.0.insert(crate::client::theme::aid::Aid::Sight);
        }
    }
    if let (4 | 5, Some((a, b))) = (*frames, script.sight) {
        let c = if *frames == 4 { a } else { b };
        taps.write(crate::client::input::command::HexTapped(map.hex_at(c)));
    }
    if *frames == 3 {
        for (from, to) in std::mem::take(&mut script.declares) {
            orders.write(GiveOrder(Order::Melee {
                from: vec![At(from.col, from.row)],
                units: Vec::new(),
                at: At(to.col, to.row),
                follow_up: true,
            }));
        }
    }
    if *frames == 5 && script.resolve {
        orders.write(GiveOrder(Order::Resolve));
    }
}

/// The command line's zoom and centre, once the camera is up.
fn look(
    mut script: ResMut<StartupOrders>,
    limits: Res<crate::client::map::camera::ZoomLimits>,
    layout: Res<crate::client::map::layout::MapLayout>,
    table: Res<crate::sim::Table>,
    mut cam: Query<(&mut Transform, &mut Projection), With<crate::client::map::camera::MapCamera>>,
) {
    if script.zoom.is_none() && script.look.is_none() {
        return;
    }
    let Ok((mut t, mut p)) = cam.single_mut() else {
        return;
    };
    use crate::cli::args::Zoom;
    if let Projection::Orthographic(o) = &mut *p {
        match script.zoom.take() {
            Some(Zoom::Whole) => {
                o.scale = limits.max;
                t.translation = limits.centre.extend(t.translation.z);
            }
            Some(Zoom::Scale(k)) => o.scale = k.min(limits.max.max(0.25)),
            None => {}
        }
    }
    if let Some(c) = script.look.take() {
        let at = layout.center(table.start.map.hex_at(c));
        t.translation = at.extend(t.translation.z);
    }
}

/// Asks for one screenshot of the window after some frames, then an exit.
#[derive(Resource, Debug, Clone)]
pub struct ScreenshotRequest {
    pub path: String,
    /// The frame of the shot at the latest.
    pub after_frames: u32,
    /// Shot sooner, from frame `EARLIEST` on, once the screen's layout has stood still for
    /// `STILL` frames: most of a test's window time was frames drawn after everything settled
    /// (issue 63, set-up time). A walk through a lesson waits its every frame instead.
    pub when_still: bool,
}

/// A window a layout test drives (`--layout-only`): laid out every frame as when drawn, never
/// drawn; its shot writes the layout only. Under the software rendering of the tests' machines
/// drawing was two thirds of a window test's work, and most window tests read the layout, not
/// the pixels (issue 63, set-up time).
#[derive(Resource, Debug, Clone, Copy)]
pub struct LayoutOnly;

/// A frame of a window laid out without drawing takes at least this long: about as long as a
/// drawn frame under software rendering, so that what is worked out off the frame (a melee's
/// odds, the computer's plan, an image loading) comes in within as many frames as it does in
/// a drawn window, and the frames counted before a shot mean what they mean there.
pub const UNDRAWN_FRAME: std::time::Duration = std::time::Duration::from_millis(40);

/// The earliest frame of a shot taken when the screen stands still: the opening script acts
/// on frames 3 to 5 and what it does is laid out within two frames more.
pub const EARLIEST: u32 = 10;
/// Frames without a change of the traced layout (the buttons, the regions, the hexes on the
/// screen, the camera, the names, the cards) before the screen counts as still.
pub const STILL: u32 = 4;

impl ScreenshotRequest {
    /// A shot after `frames` frames, however still the screen.
    pub fn after(path: String, frames: u32) -> ScreenshotRequest {
        ScreenshotRequest {
            path,
            after_frames: frames,
            when_still: false,
        }
    }

    /// A shot as soon as the screen is still, after `at_most` frames whatever it does.
    pub fn when_still(path: String, at_most: u32) -> ScreenshotRequest {
        ScreenshotRequest {
            path,
            after_frames: at_most,
            when_still: true,
        }
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, take.run_if(resource_exists::<ScreenshotRequest>))
        .add_systems(Last, (undrawn, paced).run_if(resource_exists::<LayoutOnly>))
        .add_systems(
            Update,
            (send_script, look).run_if(resource_exists::<StartupOrders>),
        );
}

/// The camera draws nothing: the renderer takes no inactive camera's view, while the layout
/// of the panels and the map's names (the client's own, from the window and the camera's
/// place) goes on.
fn undrawn(mut cameras: Query<&mut Camera>) {
    for mut c in &mut cameras {
        if c.is_active {
            c.is_active = false;
        }
    }
}

/// Each frame at least `UNDRAWN_FRAME` long.
fn paced(mut last: Local<Option<std::time::Instant>>) {
    if let Some(t) = *last {
        std::thread::sleep(UNDRAWN_FRAME.saturating_sub(t.elapsed()));
    }
    *last = Some(std::time::Instant::now());
}

fn take(
    mut commands: Commands,
    mut req: ResMut<ScreenshotRequest>,
    (mut frames, mut still): (Local<u32>, Local<u32>),
    layout: Option<Res<crate::client::trace::LastLayout>>,
    odds: Option<Res<crate::client::input::odds_work::OddsWork>>,
    (undrawn, mut exit): (Option<Res<LayoutOnly>>, MessageWriter<AppExit>),
) {
    *frames += 1;
    // A window without the layout's trace never counts as still.
    match layout.as_ref() {
        Some(l) if !l.is_changed() => *still += 1,
        _ => *still = 0,
    }
    let settled = req.when_still && *frames >= EARLIEST && *still >= STILL;
    // Once; and a panel still waiting on its odds (worked out off the frame) is shot when they
    // are in.
    if (*frames < req.after_frames && !settled)
        || req.path.is_empty()
        || odds.is_some_and(|o| o.busy())
    {
        return;
    }
    let path = std::mem::take(&mut req.path);
    // The screen's rectangles as they were drawn, for the layout test.
    if let Some(l) = layout {
        if let Err(e) = std::fs::write(format!("{path}.layout.json"), &l.0) {
            warn!("could not write the layout beside {path}: {e}");
        }
    }
    if undrawn.is_some() {
        exit.write(AppExit::Success);
        return;
    }
    commands
        .spawn(Screenshot::primary_window())
        .observe(save_to_disk(path))
        .observe(
            |_: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
                exit.write(AppExit::Success);
            },
        );
}
