//! The window opens no larger than the screen it opens on (issue 59: 1280×800 on a 768×1024
//! screen put half the game off the screen). A size given with `--size` is kept as given.

use bevy::prelude::*;
use bevy::window::{Monitor, MonitorSelection, PrimaryMonitor, PrimaryWindow, WindowPosition};

/// Present until the window has been fitted to its screen (once, when the screen is known).
#[derive(Resource)]
pub struct FitToScreen;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, fit.run_if(resource_exists::<FitToScreen>));
}

/// The window's size on a screen of `screen` (both in logical pixels), if it must shrink to
/// fit (a window as large as the screen stays: the desktop maximises it).
pub fn fitted(window: (f32, f32), screen: (f32, f32)) -> Option<(f32, f32)> {
    let room = (screen.0.floor(), screen.1.floor());
    (window.0 > room.0 || window.1 > room.1).then(|| (window.0.min(room.0), window.1.min(room.1)))
}

/// The monitors are known from the first frames on; until then there is nothing to fit to.
fn fit(
    mut commands: Commands,
    monitors: Query<&Monitor, With<PrimaryMonitor>>,
    mut windows: Query<&mut Window, With<PrimaryWindow>>,
) {
    let Ok(m) = monitors.single() else {
        return;
    };
    let scale = m.scale_factor.max(0.1) as f32;
    let screen = (
        m.physical_width as f32 / scale,
        m.physical_height as f32 / scale,
    );
    if let Ok(mut w) = windows.single_mut()
        && let Some((width, height)) = fitted((w.width(), w.height()), screen)
    {
        info!("the window fitted to the screen: {width}×{height}");
        w.resolution.set(width, height);
        w.position = WindowPosition::Centered(MonitorSelection::Primary);
    }
    commands.remove_resource::<FitToScreen>();
}
