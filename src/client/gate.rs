//! What stands between a person and the map: whether the start dialog, the help or the
//! hand-over screen is up, who plays from the command line, and so whether a person may give
//! orders now — read by every room of the window, so it lives below them all.

use bevy::prelude::*;

use crate::rules::unit::Side;
use crate::sim::{Brain, Players, Table};

/// Whether the dialog is open (the map takes no orders meanwhile).
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct DialogOpen(pub bool);

/// Who plays, as chosen on the command line (skips the dialog).
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PresetPlayers(pub [Option<Brain>; 2]);

/// Whether a person may give orders now: no dialog open, and not the computer's turn.
#[derive(bevy::ecs::system::SystemParam)]
pub struct Gate<'w> {
    dialog: Res<'w, DialogOpen>,
    players: Res<'w, Players>,
    table: Res<'w, Table>,
    watching: Option<Res<'w, crate::sim::Replaying>>,
    hand_over: Option<Res<'w, HandOver>>,
}

impl Gate<'_> {
    /// The start dialog is open.
    pub fn dialog_open(&self) -> bool {
        self.dialog.0
    }

    /// A replay is under way.
    pub fn watching(&self) -> bool {
        self.watching.is_some()
    }

    /// No dialog open, not the computer's turn, no replay under way, and no hand-over screen
    /// up.
    pub fn open(&self) -> bool {
        !self.dialog.0
            && self.watching.is_none()
            && self.hand_over.as_ref().is_none_or(|h| h.waiting.is_none())
            && self.players.0[self.table.board.ordering_side().0 as usize & 1].is_none()
    }

    /// The side the window speaks for: the one person's against the computer, whoever's turn it
    /// is; else the side giving orders (two players at one device, or watching the computer).
    pub fn viewer(&self) -> Side {
        match self.players.0 {
            [None, Some(_)] => Side(0),
            [Some(_), None] => Side(1),
            _ => self.table.board.ordering_side(),
        }
    }
}

/// Whether the help is open.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq)]
pub struct HelpOpen(pub bool);

/// The side whose player must take the screen before the map shows again.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct HandOver {
    pub waiting: Option<Side>,
    pub(crate) last: Option<Side>,
}
