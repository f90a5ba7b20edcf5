//! A brigade about to move as one (RULES.md §17): where each of its units would go if it were
//! sent to the hex under the pointer (or the hex of the drag, or of the first tap), worked out
//! by the rules' own plan on the side's view, and said in the hint line.

use bevy::prelude::*;

use crate::client::input::command::{Hint, Selection};
use crate::client::input::pointer::HoveredHex;
use crate::rules::brigade_move::{self, March};

/// The brigade's move as it would be given now, if a brigade is being moved and aimed.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct BrigadeMarch(pub Option<March>);

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<BrigadeMarch>().add_systems(
        Update,
        work.after(crate::client::input::command::hint)
            .in_set(crate::client::Frame::AfterGame),
    );
}

fn work(
    cmd: Res<Selection>,
    // Where the brigade is aimed: the pointer's hex, or the drag's; and whether by touch.
    (hovered, drag, touch): (
        Res<HoveredHex>,
        Res<crate::client::input::melee_drag::MeleeDrag>,
        Res<crate::client::theme::settings::TouchSeen>,
    ),
    game: Res<crate::client::seen::Seen>,
    table: Res<crate::sim::Table>,
    // The march shown, and the hint's words for it.
    (mut out, mut hint): (ResMut<BrigadeMarch>, ResMut<Hint>),
    mut last: Local<
        Option<(
            crate::rules::unit::UnitId,
            Option<crate::rules::hex::Hex>,
            bool,
        )>,
    >,
) {
    let anchor = cmd.unit.filter(|_| cmd.brigade);
    let to = cmd.brigade_to.or(hovered.0);
    // The pointer's every move changes the drag: only where it aims, and whether a drag is
    // under way, change the words.
    let now = anchor.map(|a| (a, to, drag.from.is_some()));
    if *last == now && !game.is_changed() && !cmd.is_changed() {
        return;
    }
    *last = now;
    let board = game.board();
    let Some(a) = anchor.and_then(|a| board.unit(a)) else {
        if out.0.is_some() {
            out.0 = None;
        }
        return;
    };
    let press = if touch.0 { "tap" } else { "click" };
    let brigade = brigade_move::brigade_of(board, a.id).unwrap_or_default();
    let name = table
        .start
        .post_name(a.side, &crate::rules::unit::Post::Brigade(brigade));
    let march = to.and_then(|h| brigade_move::plan(board, a.id, h));
    let text = match &march {
        None => format!(
            "Moving {name} as one: drag from its units to where {} goes, or {press} there twice (Esc: stop)",
            a.name
        ),
        Some(m) => {
            let (moving, arriving) = m.moving();
            let short: Vec<String> = m
                .legs
                .iter()
                .filter(|l| !l.arrives())
                .filter_map(|l| {
                    let who = board.unit(l.unit)?;
                    Some(format!(
                        "{}: {}",
                        who.name,
                        l.why.as_deref().unwrap_or("stays")
                    ))
                })
                .take(2)
                .collect();
            let again = if drag.from.is_some() {
                "release to move".to_string()
            } else if cmd.brigade_to.is_some() {
                format!("{press} again to move")
            } else {
                format!("{press} twice to move")
            };
            format!(
                "{name} to {}: {} of {} move, {} reach their places{}; {again}",
                board.map.coord(m.to),
                moving,
                m.legs.len(),
                arriving,
                if short.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", short.join("; "))
                }
            )
        }
    };
    if hint.0 != text {
        hint.0 = text;
    }
    if out.0 != march {
        out.0 = march;
    }
}
