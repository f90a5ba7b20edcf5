//! The melee systems the game knows, one line each: a new system is its own file(s), its line
//! here, and its name in `MeleeSystemName` (the Parameter Data's word for it).

use super::MeleeSystem;
use super::austerlitz::Austerlitz;
use super::bodenstedt::Bodenstedt;
use super::impetus::Impetus;
use super::labataille::LaBataille;
use super::tiller::CivilWarBattles;
use crate::rules::params::{MeleeSystemName, Parameters};

/// Every melee system (D-sys-1).
pub static SYSTEMS: &[&dyn MeleeSystem] = &[
    &CivilWarBattles,
    &Bodenstedt,
    &Impetus,
    &LaBataille,
    &Austerlitz,
];

/// The melee system of this name (seed 000's if none registered it: the structure test sees
/// that every name is).
pub fn named(name: MeleeSystemName) -> &'static dyn MeleeSystem {
    SYSTEMS
        .iter()
        .copied()
        .find(|s| s.name() == name)
        .unwrap_or(&CivilWarBattles)
}

/// The melee system the Parameter Data names.
pub fn system(params: &Parameters) -> &'static dyn MeleeSystem {
    named(params.melee_system)
}
