//! The lesson's pointer on the map: a pulsing gold ring round the hex or the unit the step is
//! about (its button is outlined by `lesson`).

use bevy::prelude::*;

use super::panel::{Lesson, POINTED};
use crate::client::map::layout::{HEX_SIZE, MapLayout};
use crate::lesson::Point;
use crate::rules::map::Coord;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, draw.run_if(resource_exists::<Lesson>));
}

fn draw(
    mut gizmos: Gizmos,
    lesson: Res<Lesson>,
    layout: Res<MapLayout>,
    seen: Res<crate::client::seen::Seen>,
    time: Res<Time>,
) {
    let board = seen.board();
    let hex = match lesson
        .script
        .steps
        .get(lesson.progress.step)
        .and_then(|s| s.point.as_ref())
    {
        Some(Point::Hex((col, row))) => board.map.hex_at(Coord {
            col: *col,
            row: *row,
        }),
        // Where the unit stands now (a unit the side cannot see is not pointed at).
        Some(Point::Unit(id)) => match board.unit(crate::rules::unit::UnitId(*id)) {
            Some(u) => u.hex,
            None => return,
        },
        _ => return,
    };
    let c = layout.center(hex);
    let pulse = (time.elapsed_secs() * 3.0).sin().abs();
    gizmos.circle_2d(
        Isometry2d::from_translation(c),
        HEX_SIZE * (1.0 + 0.12 * pulse),
        POINTED.with_alpha(0.6 + 0.4 * pulse),
    );
}
