//! What the window shows: the board as the side at the screen knows it (RULES.md §16,
//! D-fow-6), worked out again whenever the game or the side at the screen changes. The counters,
//! the panels, the aids, the odds and the movement range read it, never the game itself.

use bevy::prelude::*;

use crate::rules::fog::{self, View};
use crate::rules::unit::Side;
use crate::sim::{Players, Table};

/// The side at the screen: the seat online, the one side a person plays against the computer,
/// the side giving orders at a shared screen; `None` (everything) when the computer plays both
/// sides or the game is over (the full figure is shown at the end, D-fow-7).
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Viewer(pub Option<Side>);

/// The seat this window holds at a referee server (put in when it joins a game): its side is
/// the one at the screen, whoever's turn it is.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seat(pub Side);

/// The board as the side at the screen knows it (its last-seen markers and whether the enemy's
/// strengths are estimates in `view`).
#[derive(Resource, Debug, Clone)]
pub struct Seen(pub View);

impl Seen {
    pub fn board(&self) -> &crate::rules::board::Board {
        &self.0.board
    }

    pub fn view(&self) -> &View {
        &self.0
    }

    /// Whether the side at the screen knows where unit `id` is now: its own, or an enemy in
    /// sight. The log and the show of the other side's turn leave out the moves of the rest
    /// (§16 D-fow-6), whose last-seen markers say where they went out of sight.
    pub fn knows(&self, id: crate::rules::unit::UnitId) -> bool {
        self.0.board.unit(id).is_some()
    }
}

impl std::ops::Deref for Seen {
    type Target = crate::rules::board::Board;

    fn deref(&self) -> &crate::rules::board::Board {
        &self.0.board
    }
}

/// Where the view is worked out: after the game's orders, before whatever draws or tells it.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Looking;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Viewer>()
        .add_systems(PreStartup, first_look)
        .add_systems(
            Update,
            (choose_viewer, work_out)
                .chain()
                .in_set(Looking)
                .after(crate::sim::SimSet::Index)
                .before(super::Frame::AfterGame),
        );
}

fn first_look(mut commands: Commands, table: Res<Table>) {
    let game = &table.board;
    commands.insert_resource(Seen(fog::view(game, game.ordering_side())));
}

/// Who is at the screen now.
fn choose_viewer(
    table: Res<Table>,
    players: Res<Players>,
    seat: Option<Res<Seat>>,
    mut viewer: ResMut<Viewer>,
) {
    let game = &table.board;
    let side = if game.over {
        None
    } else if let Some(seat) = seat {
        Some(seat.0)
    } else {
        match players.0 {
            [None, Some(_)] => Some(Side(0)),
            [Some(_), None] => Some(Side(1)),
            [None, None] => Some(game.ordering_side()),
            _ => None,
        }
    };
    viewer.set_if_neq(Viewer(side));
}

fn work_out(table: Res<Table>, viewer: Res<Viewer>, seen: Option<ResMut<Seen>>) {
    let Some(mut seen) = seen else { return };
    if !table.is_changed() && !viewer.is_changed() {
        return;
    }
    let game = &table.board;
    seen.0 = match viewer.0 {
        Some(side) => fog::view(game, side),
        None => fog::whole(game),
    };
}

/// Whether the game on screen plays under *Command Control* (§17): online, the seat's board
/// says; otherwise the scenario's parameters.
pub(super) fn command_control(table: &crate::sim::Table, seen: Option<&Seen>) -> bool {
    seen.map_or(table.start.params.optional.command_control, |s| {
        s.board().params.optional.command_control
    })
}
