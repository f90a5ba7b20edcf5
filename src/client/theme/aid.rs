//! The aids a player can switch on, as a type with its words and letters (a leaf: the key
//! table and the help name them; `aids` holds their buttons and state).

use std::collections::BTreeSet;

use bevy::prelude::*;

/// One aid of the column.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Aid {
    CanMove,
    CanFire,
    CanMelee,
    Ammo,
    Disorder,
    Brigade,
    Threats,
    Sight,
    OrderOfBattle,
    /// The hex grid (on by default).
    Grid,
    /// The out-of-command marks on the counters (on by default; drawn while *Command Control*
    /// is on). Its button, the column's third row, shows only while the rule is on; it has no
    /// number (`--aids` and the keys 1–0 name the ten of `ALL`).
    Command,
}

impl Aid {
    pub const ALL: [Aid; 10] = [
        Aid::CanMove,
        Aid::CanFire,
        Aid::CanMelee,
        Aid::Ammo,
        Aid::Disorder,
        Aid::Brigade,
        Aid::Threats,
        Aid::Sight,
        Aid::OrderOfBattle,
        Aid::Grid,
    ];

    /// Its word on the button (under its key).
    pub fn word(self) -> &'static str {
        match self {
            Aid::CanMove => "Move",
            Aid::CanFire => "Fire",
            Aid::CanMelee => "Melee",
            Aid::Ammo => "Ammo",
            Aid::Disorder => "Disorder",
            Aid::Brigade => "Brigade",
            Aid::Threats => "Threats",
            Aid::Sight => "Sight",
            Aid::OrderOfBattle => "OOB",
            Aid::Grid => "Grid",
            Aid::Command => "Cmd",
        }
    }

    /// What it shows, in full (its tooltip and the help).
    pub fn name(self) -> &'static str {
        match self {
            Aid::CanMove => "Units that can still move",
            Aid::CanFire => "Units that can still fire",
            Aid::CanMelee => "Units that can still melee",
            Aid::Ammo => "Units low on or out of ammunition",
            Aid::Disorder => "Disrupted and routed units",
            Aid::Brigade => "The selected unit's brigade and its leader",
            Aid::Threats => "Threats: where the enemy can fire and melee next turn",
            Aid::Sight => "Line of sight: tap two hexes",
            Aid::OrderOfBattle => "Order of battle",
            Aid::Grid => "Hex grid",
            Aid::Command => "Out-of-command marks on the counters (Command Control)",
        }
    }

    /// The letter its marks on the map carry: shape, not colour alone, tells them apart.
    pub fn letter(self) -> &'static str {
        match self {
            Aid::CanMove => "M",
            Aid::CanFire => "F",
            Aid::CanMelee => "X",
            Aid::Ammo => "A",
            Aid::Disorder => "D",
            Aid::Brigade => "B",
            Aid::Threats => "!",
            Aid::Sight => "L",
            Aid::OrderOfBattle => "O",
            Aid::Grid => "#",
            Aid::Command => "c",
        }
    }
}

/// The aids switched on; at the start, the hex grid and the out-of-command marks.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct Aids(pub BTreeSet<Aid>);

impl Default for Aids {
    fn default() -> Self {
        Aids(BTreeSet::from([Aid::Grid, Aid::Command]))
    }
}

impl Aids {
    pub fn on(&self, a: Aid) -> bool {
        self.0.contains(&a)
    }

    pub fn toggle(&mut self, a: Aid) {
        if !self.0.remove(&a) {
            self.0.insert(a);
        }
    }
}
