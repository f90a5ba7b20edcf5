//! Screenshot mode: render a few frames, save the window to a PNG, exit.

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};

/// Asks for one screenshot of the window after some frames, then an exit.
#[derive(Resource, Debug, Clone)]
pub struct ScreenshotRequest {
    pub path: String,
    pub after_frames: u32,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, take.run_if(resource_exists::<ScreenshotRequest>));
}

fn take(mut commands: Commands, mut req: ResMut<ScreenshotRequest>, mut frames: Local<u32>) {
    *frames += 1;
    if *frames != req.after_frames {
        return;
    }
    let path = std::mem::take(&mut req.path);
    commands
        .spawn(Screenshot::primary_window())
        .observe(save_to_disk(path))
        .observe(
            |_: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
                exit.write(AppExit::Success);
            },
        );
}
