//! Stacking limits (§5): men (guns at 50 each) and counters per hex.

use super::params::Parameters;
use super::unit::Unit;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct HexLoad {
    pub men: u32,
    pub counters: u32,
}

impl std::ops::Add for HexLoad {
    type Output = HexLoad;
    fn add(self, o: HexLoad) -> HexLoad {
        HexLoad {
            men: self.men + o.men,
            counters: self.counters + o.counters,
        }
    }
}

pub fn unit_load(u: &Unit, params: &Parameters) -> HexLoad {
    HexLoad {
        men: u.stacking_men(params.stacking.men_per_gun),
        counters: 1,
    }
}

pub fn hex_load<'a>(units: impl IntoIterator<Item = &'a Unit>, params: &Parameters) -> HexLoad {
    units
        .into_iter()
        .fold(HexLoad::default(), |acc, u| acc + unit_load(u, params))
}

pub struct StackLimit;

impl StackLimit {
    /// Describes how `load` breaks the limits, or `None` when it fits.
    pub fn check(load: HexLoad, params: &Parameters) -> Option<String> {
        let s = &params.stacking;
        let mut over = Vec::new();
        if load.men > s.max_men {
            over.push(format!(
                "{} men (guns at {} each) of at most {}",
                load.men, s.men_per_gun, s.max_men
            ));
        }
        if load.counters > s.max_counters {
            over.push(format!(
                "{} counters of at most {}",
                load.counters, s.max_counters
            ));
        }
        (!over.is_empty()).then(|| over.join(" and "))
    }
}
