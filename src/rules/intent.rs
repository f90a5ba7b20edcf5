//! The commander's intent: what a scenario tells its computer each side and formation is there
//! to do (attack an objective, hold it, stay in reserve, screen a flank) and over which turns,
//! as the series' scenarios give their computer orders. The computer weighs it against the
//! board (`ai::battle_plan`); it is never a script, and a battle without it is planned alone.

use serde::{Deserialize, Serialize};

use super::hex::Hex;
use super::organisation::Organisation;
use super::unit::{Post, Side};

/// What a formation is there to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Mission {
    /// Close with the enemy and take the objective (or, with none named, the nearest the side
    /// does not hold).
    Attack,
    /// Stand on the objective (or where it is) and fire; counter-attack a lodgement on it.
    Hold,
    /// Stay back out of the fire, ready to come up where the line is broken.
    Reserve,
    /// Keep the enemy in sight from a distance on a flank, without closing with him.
    Screen,
}

impl Mission {
    pub const ALL: [Mission; 4] = [
        Mission::Attack,
        Mission::Hold,
        Mission::Reserve,
        Mission::Screen,
    ];

    /// Its name in the game's words (the scenario file's, the report's).
    pub fn name(self) -> &'static str {
        match self {
            Mission::Attack => "attack",
            Mission::Hold => "hold",
            Mission::Reserve => "reserve",
            Mission::Screen => "screen",
        }
    }
}

/// One order of the scenario to its computer.
#[derive(Debug, Clone, PartialEq)]
pub struct Directive {
    pub side: Side,
    /// The formation it is given to (a brigade, division or corps); none: the whole side.
    pub formation: Option<Post>,
    pub mission: Mission,
    /// The objective's hex; none: the mission's own choice.
    pub objective: Option<Hex>,
    /// The first turn it holds from.
    pub from: u32,
    /// The last turn it holds, if it ends: by then an attack should have taken its objective.
    pub until: Option<u32>,
}

impl Directive {
    fn in_force(&self, turn: u32) -> bool {
        turn >= self.from && self.until.is_none_or(|u| turn <= u)
    }
}

/// The scenario's intent for its computer: who attacks (its `action`) and its directives.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Intent {
    /// The side the battle's action says attacks; none: a meeting engagement, or not said.
    pub attacker: Option<Side>,
    /// A meeting engagement: both sides come on.
    pub meeting: bool,
    pub directives: Vec<Directive>,
}

impl Intent {
    /// The directive for a formation of `side` whose chain of command is `chain` (brigade first,
    /// up to the army) on `turn`: the one naming the nearest formation of the chain, then the
    /// side's own; among equals the last given.
    pub fn directive(&self, side: Side, chain: &[Post], turn: u32) -> Option<&Directive> {
        self.directives
            .iter()
            .filter(|d| d.side == side && d.in_force(turn))
            .filter_map(|d| {
                let rank = match &d.formation {
                    Some(p) => chain.iter().position(|c| c == p)?,
                    None => chain.len(),
                };
                Some((rank, d))
            })
            .min_by_key(|(rank, _)| *rank)
            .map(|(_, d)| d)
    }

    /// The directive for brigade `brigade` of `side` on `turn` (`directive` along its chain).
    pub fn for_brigade(
        &self,
        org: &Organisation,
        side: Side,
        brigade: &str,
        turn: u32,
    ) -> Option<&Directive> {
        self.directive(side, &org.chain(brigade), turn)
    }

    /// Whether the battle's action says `side` attacks (a meeting: both; not said: neither,
    /// and the computer decides from the objectives).
    pub fn attacks(&self, side: Side) -> bool {
        self.meeting || self.attacker == Some(side)
    }
}
