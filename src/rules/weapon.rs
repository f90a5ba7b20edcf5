//! Weapons (§7 D-fire-1, D-fire-2): each a table of fire values by range, the shipped ones in
//! `assets/rules/weapons.ron`, a scenario's own laid over them.

use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

use serde::{Deserialize, Serialize};

use super::unit::{Unit, UnitKind};

/// One weapon: its fire value per man (small arms) or per gun before the ×50 (artillery) at
/// 1, 2, 3 … hexes. Its range is the table's length (D-fire-1).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weapon {
    pub values: Vec<f64>,
    /// Other names scenarios use for it ("Napoleon 12-pdr" for the 12-pdr Napoleon).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<String>,
}

impl Weapon {
    /// How far it reaches, in hexes.
    pub fn range(&self) -> u32 {
        self.values.len() as u32
    }

    /// Its value at `range` hexes; 0 out of its reach.
    pub fn at(&self, range: u32) -> f64 {
        match range {
            0 => 0.0,
            r => self.values.get(r as usize - 1).copied().unwrap_or(0.0),
        }
    }

    /// What is wrong with its table, if anything (in a scenario maker's words).
    pub fn fault(&self) -> Option<String> {
        if self.values.is_empty() {
            return Some("needs at least one value (its value at 1 hex)".into());
        }
        self.values
            .iter()
            .find(|v| !v.is_finite() || **v < 0.0)
            .map(|v| format!("has the value {v}; expected a number of 0 or more at each range"))
    }
}

/// The weapons of a game: every name and alias to its weapon, shared by every copy of the board
/// (the whole odds copy boards by the thousand).
#[derive(Debug, Clone)]
pub struct Weapons(Arc<Table>);

#[derive(Debug, PartialEq)]
struct Table {
    /// As written: one entry a weapon, under its own name.
    own: BTreeMap<String, Weapon>,
    /// Every name and alias to the weapon's own name.
    names: BTreeMap<String, String>,
}

pub const SHIPPED: &str = include_str!("../../assets/rules/weapons.ron");

impl Weapons {
    /// The weapons shipped with the game, read once.
    pub fn shipped() -> Weapons {
        static TABLE: OnceLock<Weapons> = OnceLock::new();
        TABLE
            .get_or_init(|| {
                // Checked by a test; a failure here is a build defect, not bad input.
                let own = ron::from_str(SHIPPED).expect("assets/rules/weapons.ron is valid");
                Weapons::of(own).expect("assets/rules/weapons.ron has no clashing names")
            })
            .clone()
    }

    /// A table from its weapons; refused when a name or alias is given twice.
    pub fn of(own: BTreeMap<String, Weapon>) -> Result<Weapons, WeaponError> {
        let mut names = BTreeMap::new();
        for (name, w) in &own {
            if let Some(why) = w.fault() {
                return Err(WeaponError::Unfit {
                    weapon: name.clone(),
                    why,
                });
            }
            for n in std::iter::once(name).chain(&w.aliases) {
                if let Some(other) = names.insert(n.clone(), name.clone()) {
                    return Err(WeaponError::NameTwice {
                        name: n.clone(),
                        first: other,
                        second: name.clone(),
                    });
                }
            }
        }
        Ok(Weapons(Arc::new(Table { own, names })))
    }

    /// These weapons with `extra` added, or replacing the weapon of the same name (a scenario's).
    /// A replaced weapon's aliases name the new one unless it gives its own; an extra weapon
    /// named as another's alias takes that name from it.
    pub fn with(&self, extra: &BTreeMap<String, Weapon>) -> Result<Weapons, WeaponError> {
        if extra.is_empty() {
            return Ok(self.clone());
        }
        let mut own = self.0.own.clone();
        for (name, w) in extra {
            let mut w = w.clone();
            match self.0.names.get(name) {
                Some(was) if was == name => {
                    if w.aliases.is_empty() {
                        w.aliases = own.get(name).map(|o| o.aliases.clone()).unwrap_or_default();
                    }
                }
                Some(was) => {
                    if let Some(o) = own.get_mut(was) {
                        o.aliases.retain(|a| a != name);
                    }
                }
                None => {}
            }
            own.insert(name.clone(), w);
        }
        Weapons::of(own)
    }

    /// The weapon a name (or alias) stands for.
    pub fn get(&self, name: &str) -> Option<&Weapon> {
        self.0.names.get(name).and_then(|n| self.0.own.get(n))
    }

    /// Whether `name` is a weapon's name or alias.
    pub fn knows(&self, name: &str) -> bool {
        self.0.names.contains_key(name)
    }

    /// The weapons' own names, in order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.0.own.keys().map(String::as_str)
    }

    /// Whether these are the shipped weapons (left out of saves then).
    pub fn is_shipped(&self) -> bool {
        let shipped = Weapons::shipped();
        Arc::ptr_eq(&self.0, &shipped.0) || *self.0 == *shipped.0
    }
}

impl Default for Weapons {
    fn default() -> Self {
        Weapons::shipped()
    }
}

impl PartialEq for Weapons {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || self.0.own == other.0.own
    }
}

impl Serialize for Weapons {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.own.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Weapons {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let own = BTreeMap::<String, Weapon>::deserialize(d)?;
        Weapons::of(own).map_err(serde::de::Error::custom)
    }
}

/// The name of the weapon a unit carries: its own, or its kind's usual one (D-fire-2).
pub fn name_of(u: &Unit) -> Option<&str> {
    if !u.weapon.is_empty() {
        return Some(&u.weapon);
    }
    match u.kind {
        UnitKind::Infantry => Some("rifled musket"),
        UnitKind::Cavalry => Some("carbine"),
        UnitKind::Artillery => Some("6-pdr smoothbore"),
        _ => None,
    }
}

/// A unit's weapon in `table`; none for a leader or a wagon, or a name the table lacks.
pub fn of<'a>(u: &Unit, table: &'a Weapons) -> Option<&'a Weapon> {
    name_of(u).and_then(|n| table.get(n))
}

/// Why a table of weapons was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WeaponError {
    /// A weapon's own figures do not make a weapon (`why` says which).
    Unfit { weapon: String, why: String },
    /// One name (or alias) given to two weapons.
    NameTwice {
        name: String,
        first: String,
        second: String,
    },
}

impl std::fmt::Display for WeaponError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WeaponError::Unfit { weapon, why } => write!(f, "weapon `{weapon}` {why}"),
            WeaponError::NameTwice {
                name,
                first,
                second,
            } => write!(
                f,
                "the name `{name}` is given to two weapons, `{first}` and `{second}`"
            ),
        }
    }
}

impl std::error::Error for WeaponError {}
