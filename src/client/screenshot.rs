//! Screenshot mode: render a few frames, save the window to a PNG, exit; and scripted opening
//! orders (`--declare`, `--resolve`) so a screenshot can show melees.

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};

use crate::cli::args::coord;
use crate::rules::map::Coord;
use crate::rules::order::{At, Order};
use crate::sim::GiveOrder;

/// Orders given on the command line, sent once the game is up.
#[derive(Resource, Debug, Clone, Default)]
pub struct StartupOrders {
    /// Drags from an attacking hex to a defending hex.
    pub declares: Vec<(Coord, Coord)>,
    pub resolve: bool,
    /// Keep the start dialog open in screenshot mode.
    pub dialog: bool,
}

impl StartupOrders {
    /// Reads `C,R>C,R`.
    pub fn parse_drag(s: &str) -> Result<(Coord, Coord), String> {
        let (a, b) = s
            .split_once('>')
            .ok_or_else(|| format!("`{s}`: expected FROM>TO, e.g. 14,4>13,4"))?;
        Ok((coord(a)?, coord(b)?))
    }
}

fn send_script(
    mut script: ResMut<StartupOrders>,
    mut frames: Local<u32>,
    mut orders: MessageWriter<GiveOrder>,
) {
    *frames += 1;
    if *frames == 3 {
        for (from, to) in std::mem::take(&mut script.declares) {
            orders.write(GiveOrder(Order::Melee {
                from: vec![At(from.col, from.row)],
                units: Vec::new(),
                at: At(to.col, to.row),
            }));
        }
    }
    if *frames == 5 && script.resolve {
        orders.write(GiveOrder(Order::Resolve));
    }
}

/// Asks for one screenshot of the window after some frames, then an exit.
#[derive(Resource, Debug, Clone)]
pub struct ScreenshotRequest {
    pub path: String,
    pub after_frames: u32,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, take.run_if(resource_exists::<ScreenshotRequest>))
        .add_systems(Update, send_script.run_if(resource_exists::<StartupOrders>));
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
