//! A side's organisation above its brigades (RULES.md §17 D-cc-1), as its scenario gives it:
//! each brigade's division, each division's corps, the independent brigades; and the leaders
//! fallen in the game, waiting for their successors.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use super::unit::{CommandLevel, Post, Unit, UnitId};

/// A brigade's place in its side's organisation.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct BrigadePlace {
    pub division: Option<String>,
    /// The corps it answers to with no division between (a corps' headquarters, its guns).
    pub corps: Option<String>,
    /// Reserve artillery, escorts: always in command (D-cc-1).
    pub independent: bool,
}

/// The organisation above the brigades, as the scenario gives it; it never changes in a game.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Organisation {
    pub brigades: HashMap<String, BrigadePlace>,
    /// Each division's corps, if it has one.
    pub divisions: HashMap<String, Option<String>>,
    /// The names the scenario gives leaders' successors (D-cc-5).
    pub successors: HashMap<UnitId, String>,
}

impl Organisation {
    /// The formations a unit of `brigade` belongs to, from its brigade up to the army.
    pub fn chain(&self, brigade: &str) -> Vec<Post> {
        let mut chain = vec![Post::Brigade(brigade.to_owned())];
        let place = self.brigades.get(brigade);
        let division = place.and_then(|b| b.division.clone());
        if let Some(d) = division {
            if let Some(Some(c)) = self.divisions.get(&d) {
                chain.push(Post::Division(d));
                chain.push(Post::Corps(c.clone()));
            } else {
                chain.push(Post::Division(d));
            }
        } else if let Some(c) = place.and_then(|b| b.corps.clone()) {
            chain.push(Post::Corps(c));
        }
        chain.push(Post::Army);
        chain
    }

    /// The formations above `post`, nearest first: read from the post itself (a leader may
    /// command a formation other than his own brigade's).
    pub fn above(&self, post: &Post) -> Vec<Post> {
        match post {
            Post::Brigade(b) => self.chain(b)[1..].to_vec(),
            Post::Division(d) => match self.divisions.get(d) {
                Some(Some(c)) => vec![Post::Corps(c.clone()), Post::Army],
                _ => vec![Post::Army],
            },
            Post::Corps(_) => vec![Post::Army],
            Post::Army => Vec::new(),
        }
    }

    /// What leader `u` commands: the scenario's `commands`, else his own brigade's formation
    /// at his level (a leader with neither commands his own brigade, as before §17).
    pub fn post_of(&self, u: &Unit) -> Post {
        if let Some(p) = &u.commands {
            return p.clone();
        }
        let chain = self.chain(&u.brigade);
        let at_level = |level: CommandLevel| chain.iter().find(|p| p.level() == level).cloned();
        at_level(u.command).unwrap_or(Post::Brigade(u.brigade.clone()))
    }

    /// Which of `commands` (each a list of formations) holds a unit of `brigade`: the first
    /// that names a formation of its chain (a team game's split command).
    pub fn first_holding(&self, brigade: &str, commands: &[Vec<Post>]) -> Option<usize> {
        let chain = self.chain(brigade);
        commands
            .iter()
            .position(|posts| posts.iter().any(|p| chain.contains(p)))
    }

    pub fn independent(&self, brigade: &str) -> bool {
        self.brigades.get(brigade).is_some_and(|b| b.independent)
    }

    /// The units (of `units`, the whole battle's: those at the start and those to come) that
    /// can never be in command under *Command Control* (D-cc-3): not leaders, their brigade not
    /// independent, and no leader of their side commanding their brigade or any formation above
    /// it — half movement and no attack for the whole game, which no scenario of the series
    /// does to a whole arm.
    pub fn never_commanded(&self, units: &[&Unit]) -> Vec<UnitId> {
        let posts: Vec<(super::unit::Side, Post)> = units
            .iter()
            .filter(|u| u.is_leader())
            .map(|u| (u.side, self.post_of(u)))
            .collect();
        units
            .iter()
            .filter(|u| !u.is_leader() && !self.independent(&u.brigade))
            .filter(|u| {
                let chain = self.chain(&u.brigade);
                !posts
                    .iter()
                    .any(|(side, p)| *side == u.side && chain.contains(p))
            })
            .map(|u| u.id)
            .collect()
    }
}

/// A leader hit and taken off the map, waiting for his successor (D-cc-5).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Fallen {
    pub leader: Unit,
    /// What he commanded.
    pub post: Post,
}
