//! Components of a unit entity: a mirror of the unit in `Game`, for drawing and picking.

use bevy::prelude::*;

use crate::rules::unit::Unit;

/// A unit on the map, as `Game` holds it; kept in step by the mirror system, never changed
/// anywhere else.
#[derive(Component, Debug, Clone, PartialEq)]
pub struct UnitState(pub Unit);
