//! The line-of-sight tool: with it on, tap (or click) a hex, then another; the line between
//! them is drawn, clear or stopped at the blocking hex (marked with a cross), and the log says
//! whether they see each other, which hex blocks, what there and by how many feet (the rule's
//! own words, `rules::sight::words`), and the range. With the mouse the second hex
//! follows the pointer until clicked. The rule is fire's own (`rules::sight::look`); the line
//! is drawn by `aid_marks`.

use bevy::prelude::*;

use crate::client::input::command::{HexTapped, Notice};
use crate::client::input::pointer::HoveredHex;
use crate::client::theme::aid::{Aid, Aids};
use crate::client::theme::keys::Act;
use crate::rules::hex::Hex;
use crate::rules::sight::{Sight, look, words};

/// The two hexes picked, and what the look between them found.
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct SightTool {
    pub from: Option<Hex>,
    pub to: Option<Hex>,
    pub sight: Option<Sight>,
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<SightTool>()
        .add_systems(Update, (pick, follow).chain());
}

fn pick(
    mut taps: MessageReader<HexTapped>,
    mut aids: ResMut<Aids>,
    input: Res<ButtonInput<KeyCode>>,
    game: Res<crate::client::seen::Seen>,
    mut tool: ResMut<SightTool>,
    mut notices: MessageWriter<Notice>,
) {
    // Esc leaves the tool, as it drops a selection (issue 76: the tool stayed on, and the next
    // selection's T looked instead of firing).
    if aids.on(Aid::Sight) && crate::client::theme::keys::pressed(&input, Act::Deselect) {
        aids.toggle(Aid::Sight);
    }
    if !aids.on(Aid::Sight) {
        taps.clear();
        if *tool != SightTool::default() {
            *tool = SightTool::default();
        }
        return;
    }
    for HexTapped(h) in taps.read().copied() {
        if tool.from.is_none() || tool.to.is_some() {
            *tool = SightTool {
                from: Some(h),
                to: None,
                sight: None,
            };
            continue;
        }
        let from = tool.from.unwrap_or(h);
        let s = look(&game, from, h);
        notices.write(Notice(words(&game, &s)));
        *tool = SightTool {
            from: Some(from),
            to: Some(h),
            sight: Some(s),
        };
    }
}

/// Before the second pick, the line follows the pointer.
fn follow(
    hovered: Res<HoveredHex>,
    game: Res<crate::client::seen::Seen>,
    mut tool: ResMut<SightTool>,
) {
    if !(hovered.is_changed() || tool.is_changed()) {
        return;
    }
    let (Some(from), None, Some(h)) = (tool.from, tool.to, hovered.0) else {
        return;
    };
    let s = Some(look(&game, from, h));
    if tool.sight != s {
        tool.sight = s;
    }
}
