//! The orders given on the command line (`--declare`, `--resolve`, `--select`, aids, panels),
//! sent to the window once the game is up: what a screenshot or a test script shows.

use bevy::prelude::*;

use crate::rules::map::Coord;

/// Orders given on the command line, sent once the game is up.
#[derive(Resource, Debug, Clone, Default)]
pub struct StartupOrders {
    /// Drags from an attacking hex to a defending hex.
    pub declares: Vec<(Coord, Coord)>,
    pub resolve: bool,
    /// Keep the start dialog open in screenshot mode.
    pub dialog: bool,
    /// Aids to switch on, by their place in the aids column (1–10; the tenth's button says 0).
    pub aids: Vec<usize>,
    /// A hex to select (as a tap would).
    pub select: Option<Coord>,
    /// The two hexes of a line-of-sight look.
    pub sight: Option<(Coord, Coord)>,
    /// The window's size in logical pixels.
    pub size: Option<(u32, u32)>,
    /// The map's zoom, and the hex it is centred on, at the start.
    pub zoom: Option<crate::cli::args::Zoom>,
    pub look: Option<Coord>,
    /// Watch the save the window opens on from its first order (`bayonet watch`).
    pub watch: bool,
    /// A panel open at the start.
    pub open: Option<crate::cli::args::Panel>,
    /// The boot camp's lesson being played (`--lesson N`).
    pub lesson: Option<usize>,
    /// A window a layout test drives (`--layout-only`): laid out, never drawn.
    pub layout_only: bool,
    /// The campaign this battle belongs to (`bayonet campaign FILE`): its screen opens first.
    pub campaign: Option<crate::client::dialogs::campaign::UnderWay>,
}
