//! The battle library (issue 61): every battle the game ships, with what a player chooses one
//! by — its date, size, length, type, the difficulty of each side from the measured balance,
//! its story and its sources. The window's library screen and `bayonet list` read it.

pub mod balance;

use serde::Serialize;

pub use balance::Measured;

use crate::rules::scenario::{Action, BattleDate, Scenario};
use crate::rules::unit::Side;

crate::words! {
    /// How big a battle is, by its units: a brigade or two, a division a side, a corps or more.
    pub enum Size {
        Small => "small",
        Medium => "medium",
        Large => "large",
    }
}

crate::words! {
    /// How hard a side is to win with against the computer, from the measured balance.
    pub enum Difficulty {
        Easier => "easier",
        Even => "even",
        Harder => "harder",
    }
}

crate::words! {
    /// The library's type filter: an attack on a held position, or a meeting engagement.
    pub enum Kind {
        Attack => "attack",
        Meeting => "meeting",
    }
}

/// One battle of the library.
#[derive(Debug, Clone, Serialize)]
pub struct Entry {
    pub path: String,
    pub name: String,
    pub date: Option<BattleDate>,
    /// "3 July 1863", or "a fictional field".
    pub when: String,
    /// The hour it begins, in minutes after midnight: two actions of one day (the Cornfield at
    /// dawn, Burnside's Bridge in the morning) are listed in the order they were fought.
    pub starts: u32,
    pub kind: Option<Kind>,
    /// Who attacks, in words: "the Confederates attack", "a meeting engagement".
    pub action: String,
    pub sides: [String; 2],
    /// The side that moves first, whose points the victory levels count.
    pub first_side: u8,
    pub units: [usize; 2],
    pub turns: u32,
    pub map: (u32, u32),
    pub size: Size,
    /// About how long a player takes over it, in minutes.
    pub minutes: u32,
    /// Each side's difficulty against the computer; `None` where it was not measured.
    pub difficulty: Option<[Difficulty; 2]>,
    pub measured: Option<Measured>,
    /// The story, and the sources and approximations (the description split at "Sources:").
    pub about: String,
    pub sources: String,
}

/// What the library is filtered by; `None` lets every battle through.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Filter {
    pub year: Option<u16>,
    pub size: Option<Size>,
    pub kind: Option<Kind>,
}

impl Filter {
    pub fn lets_through(&self, e: &Entry) -> bool {
        self.year
            .is_none_or(|y| e.date.is_some_and(|d| d.year == y))
            && self.size.is_none_or(|s| e.size == s)
            && self.kind.is_none_or(|k| e.kind == Some(k))
    }
}

/// The size of a battle of `units` units in all.
pub fn size_of(units: usize) -> Size {
    match units {
        0..25 => Size::Small,
        25..100 => Size::Medium,
        _ => Size::Large,
    }
}

/// About how long a player takes over a battle: a minute and a half a turn to read it and end
/// it, and a quarter of a minute for each of the larger side's units, each turn; plus the
/// computer's own turns, as measured.
pub fn minutes(turns: u32, units: [usize; 2], computer_seconds_per_turn: f64) -> u32 {
    let mine = units[0].max(units[1]) as f64;
    let per_turn = 1.5 + 0.25 * mine + computer_seconds_per_turn / 60.0;
    (turns as f64 * per_turn / 5.0).round() as u32 * 5
}

/// The library's entry for a scenario.
pub fn entry(path: &str, s: &Scenario) -> Entry {
    let mut units = [0, 0];
    for u in s
        .units
        .iter()
        .chain(s.reinforcements.iter().map(|r| &r.unit))
    {
        units[u.side.0 as usize & 1] += 1;
    }
    let measured = balance::of(path);
    let difficulty = measured.as_ref().map(|m| m.difficulty());
    let (about, sources) = match s.description.split_once("Sources:") {
        Some((a, b)) => (
            a.trim().to_string(),
            format!("Sources:{b}").trim().to_string(),
        ),
        None => (s.description.trim().to_string(), String::new()),
    };
    let plural = |side: u8| plural_of(s.side_name(Side(side)));
    Entry {
        path: path.to_string(),
        name: s.name.clone(),
        date: s.date,
        when: s.date.map_or("a fictional field".into(), |d| d.to_string()),
        starts: s.start_time,
        kind: s.action.map(|a| match a {
            Action::Attack(_) => Kind::Attack,
            Action::Meeting => Kind::Meeting,
        }),
        action: match s.action {
            Some(Action::Attack(side)) => format!("the {} attack", plural(side)),
            Some(Action::Meeting) => "a meeting engagement".into(),
            None => String::new(),
        },
        sides: [
            s.side_name(Side(0)).to_string(),
            s.side_name(Side(1)).to_string(),
        ],
        first_side: s.first_side.0,
        units,
        turns: s.turns,
        map: (s.map.width, s.map.height),
        size: size_of(units[0] + units[1]),
        minutes: minutes(
            s.turns,
            units,
            measured.as_ref().map_or(0.0, |m| m.seconds_per_side_turn),
        ),
        difficulty,
        measured,
        about,
        sources,
    }
}

/// "Confederates", "Union" (the Union's men are the Union).
pub fn plural_of(side: &str) -> String {
    match side {
        "Union" => "Union".into(),
        s if s.ends_with('s') => s.into(),
        s => format!("{s}s"),
    }
}

/// The battle the boot camp leads on to: the shortest small one the game ships (a newcomer's
/// first battle should be over in one sitting), else the shortest of all.
pub fn first_battle() -> Option<Entry> {
    let all = shipped();
    let shortest = |small: bool| {
        all.iter()
            .filter(|e| !small || e.size == Size::Small)
            .min_by_key(|e| (e.minutes, e.units[0] + e.units[1], e.name.clone()))
            .cloned()
    };
    shortest(true).or_else(|| shortest(false))
}

/// Every battle the game ships (not the test fields), oldest first, the fictional ones last.
pub fn shipped() -> Vec<Entry> {
    let mut out: Vec<Entry> = crate::SCENARIOS
        .iter()
        .filter(|(p, _)| !p.starts_with("maps/test_"))
        .filter_map(|(p, _)| crate::load_scenario(p).ok().map(|s| entry(p, &s)))
        .collect();
    out.sort_by_key(place);
    out
}

/// Where a battle stands in the library: oldest first, two actions of one day in the order
/// they were fought, the fictional fields after them.
pub fn place(e: &Entry) -> (bool, Option<BattleDate>, u32, String) {
    (e.date.is_none(), e.date, e.starts, e.name.clone())
}
