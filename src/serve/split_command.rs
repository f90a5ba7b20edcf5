//! Split command (issue 62, item 6): which seat of a team game commands a unit (the first
//! whose formations, §17, hold it; else the side's first), a formation's name, and the teams
//! checked against the battle when the game is made.

use crate::dispatch::club::Teams;
use crate::rules::organisation::Organisation;
use crate::rules::scenario::Scenario;
use crate::rules::unit::{Post, Side, Unit};

/// The most seats a side may have.
pub const MOST_SEATS: usize = 8;

/// Why teams do not split a battle's command, in the words of who asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadTeams(pub String);

/// The seat (of `seats`, one side's) that commands a unit of `brigade`: the first whose
/// formations hold it, else the first.
pub fn seat_of(org: &Organisation, brigade: &str, seats: &[Vec<Post>]) -> u8 {
    org.first_holding(brigade, seats).unwrap_or(0) as u8
}

/// Every unit of the battle, those to come too.
pub fn all_units(s: &Scenario) -> impl Iterator<Item = &Unit> {
    s.every_unit()
}

/// A formation's name as the scenario gives it (its id where it has none).
pub fn post_name(s: &Scenario, p: &Post) -> String {
    let found = match p {
        Post::Brigade(b) => s
            .brigades
            .iter()
            .find(|x| x.id == *b)
            .map(|x| x.name.clone()),
        Post::Division(d) => s
            .divisions
            .iter()
            .find(|x| x.id == *d)
            .map(|x| x.name.clone()),
        Post::Corps(c) => s.corps.iter().find(|x| x.id == *c).map(|x| x.name.clone()),
        Post::Army => Some("the army".to_owned()),
    };
    found.unwrap_or_else(|| format!("{p:?}"))
}

/// Why `teams` cannot split the battle's command, in the words of who asked: a side without a
/// seat or with too many, a formation not of its side, a seat commanding no unit.
pub fn check(s: &Scenario, teams: &Teams) -> Result<(), BadTeams> {
    for side in 0..2u8 {
        let seats = &teams.sides[side as usize];
        let name = s.side_name(Side(side));
        if seats.is_empty() || seats.len() > MOST_SEATS {
            return Err(BadTeams(format!(
                "the {name} have {} seats; a team game gives each side 1 to {MOST_SEATS}",
                seats.len()
            )));
        }
        let mine: Vec<&Unit> = all_units(s).filter(|u| u.side.0 == side).collect();
        for (n, posts) in seats.iter().enumerate() {
            for p in posts {
                let held = mine
                    .iter()
                    .any(|u| *p == Post::Army || s.organisation.chain(&u.brigade).contains(p));
                if !held {
                    return Err(BadTeams(format!(
                        "seat {} of the {name}: {p:?} is no formation of the {name} in this battle",
                        n + 1
                    )));
                }
            }
            let commands = mine
                .iter()
                .filter(|u| seat_of(&s.organisation, &u.brigade, seats) as usize == n)
                .count();
            if commands == 0 {
                return Err(BadTeams(format!(
                    "seat {} of the {name} commands no unit (an earlier seat holds all it names)",
                    n + 1
                )));
            }
        }
    }
    Ok(())
}
