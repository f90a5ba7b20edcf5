//! A melee system's own part of a breakdown and of an outcome (§15): one variant a system, each
//! holding that system's own type, so that the shared types carry it without a downcast and a
//! system is handed its own part, never another's (the match in `systems` decides which system
//! reads it, and a variant of the wrong type does not compile). Each system's types live here,
//! in its own file, below the shared breakdown that holds them.

pub mod bodenstedt;
pub mod impetus;
pub mod labataille;

use serde::{Deserialize, Serialize};

/// A breakdown's own part, by how its melee is worked out.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub enum Detail {
    /// §9's strengths and loss ranges say it all: seed 000's melees, and an empty bridge under
    /// every system (§11 damages it alike).
    #[default]
    LossRanges,
    /// §15.4: §9's loss ranges from its own strengths, drawn uniformly.
    Austerlitz,
    /// §15.1: CVs, the column and the six rows. (Boxed, as the other systems' parts: a
    /// breakdown is made and moved thousands of times a plan, and these are large.)
    Bodenstedt(Box<bodenstedt::SectorBreakdown>),
    /// §15.2: the lead units, the contact and the grounds.
    Impetus(Box<impetus::ImpetusBreakdown>),
    /// §15.3: every unit's melee value and checks.
    LaBataille(Box<labataille::AssaultBreakdown>),
}

impl Detail {
    pub fn is_loss_ranges(&self) -> bool {
        *self == Detail::LossRanges
    }
    /// Bodenstedt's part, if the breakdown is Bodenstedt's.
    pub fn bodenstedt(&self) -> Option<&bodenstedt::SectorBreakdown> {
        match self {
            Detail::Bodenstedt(d) => Some(d.as_ref()),
            _ => None,
        }
    }
    /// Impetus's part, if the breakdown is Impetus's.
    pub fn impetus(&self) -> Option<&impetus::ImpetusBreakdown> {
        match self {
            Detail::Impetus(d) => Some(d.as_ref()),
            _ => None,
        }
    }
    /// La Bataille's part, if the breakdown is La Bataille's.
    pub fn la_bataille(&self) -> Option<&labataille::AssaultBreakdown> {
        match self {
            Detail::LaBataille(d) => Some(d.as_ref()),
            _ => None,
        }
    }
}

/// An outcome's own record of the melee as fought, where the system keeps one.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub enum Rolled {
    /// The shared outcome says it all (or nothing was rolled: a melee called off).
    #[default]
    Nothing,
    /// §15.2's rounds.
    Impetus(Box<impetus::Fight>),
    /// §15.3's checks and chart.
    LaBataille(Box<labataille::Assault>),
}

impl Rolled {
    pub fn is_nothing(&self) -> bool {
        *self == Rolled::Nothing
    }
    /// Impetus's rounds, if the melee was fought under Impetus.
    pub fn fight(&self) -> Option<&impetus::Fight> {
        impetus::Fight::read(self)
    }
    /// La Bataille's assault, if the melee was fought under La Bataille.
    pub fn assault(&self) -> Option<&labataille::Assault> {
        labataille::Assault::read(self)
    }
}

/// A system's record type, read back out of the outcome that carries it.
pub trait Record: Into<Rolled> {
    fn read(r: &Rolled) -> Option<&Self>;
}

impl From<()> for Rolled {
    fn from(_: ()) -> Rolled {
        Rolled::Nothing
    }
}

impl Record for () {
    fn read(_: &Rolled) -> Option<&()> {
        Some(&())
    }
}

impl From<impetus::Fight> for Rolled {
    fn from(f: impetus::Fight) -> Rolled {
        Rolled::Impetus(Box::new(f))
    }
}

impl Record for impetus::Fight {
    fn read(r: &Rolled) -> Option<&Self> {
        match r {
            Rolled::Impetus(f) => Some(f.as_ref()),
            _ => None,
        }
    }
}

impl From<labataille::Assault> for Rolled {
    fn from(a: labataille::Assault) -> Rolled {
        Rolled::LaBataille(Box::new(a))
    }
}

impl Record for labataille::Assault {
    fn read(r: &Rolled) -> Option<&Self> {
        match r {
            Rolled::LaBataille(a) => Some(a.as_ref()),
            _ => None,
        }
    }
}
