//! Command and control (RULES.md §17): who commands whom, how far a leader's word reaches, which
//! units are in command at the start of their side's turn, leaders hit by fire and melee, and
//! their successors.

use std::collections::HashMap;

use rand::{Rng, RngExt};
use serde::{Deserialize, Serialize};

use super::board::Board;
use super::combat::UnitLoss;
use super::declaration::Declaration;
use super::hex::{Hex, distance};
use super::organisation::Fallen;
use super::unit::{CommandLevel, Post, Quality, Side, Unit, UnitId};

/// A leader's command radius in hexes (D-cc-2): by his level, halved at night.
pub fn radius(board: &Board, level: CommandLevel) -> u32 {
    let r = &board.params.command.radius;
    let hexes = match level {
        CommandLevel::Brigade => r.brigade,
        CommandLevel::Division => r.division,
        CommandLevel::Corps => r.corps,
        CommandLevel::Army => r.army,
    };
    if board.night { hexes / 2 } else { hexes }
}

/// A leader on the map, as the chain of command sees him.
struct OnMap {
    id: UnitId,
    hex: Hex,
    reach: u32,
}

/// A side's leaders on the map, found once, by the post each holds.
struct Leaders(HashMap<Post, Vec<OnMap>>);

impl Leaders {
    fn of(board: &Board, side: Side) -> Leaders {
        let mut by_post: HashMap<Post, Vec<OnMap>> = HashMap::new();
        for u in board
            .units
            .iter()
            .filter(|u| u.side == side && u.is_leader())
        {
            let post = board.organisation.post_of(u);
            by_post.entry(post).or_default().push(OnMap {
                id: u.id,
                hex: u.hex,
                reach: radius(board, u.command),
            });
        }
        Leaders(by_post)
    }

    /// The leaders whose radius keeps `u` in command (D-cc-3), of those `counts` says are in
    /// command themselves; `None`: it is in command wherever it stands. A leader answers to
    /// the next leader up his chain who is on the map (none on the map: he is in command); a
    /// unit to an in-command leader of its own chain, its brigade's or one above (a brigade
    /// whose leader is gone is commanded only through those); a unit of an independent brigade
    /// to no one.
    fn keepers(&self, board: &Board, u: &Unit, counts: impl Fn(UnitId) -> bool) -> Keepers {
        let org = &board.organisation;
        let posts = if u.is_leader() {
            let above = org.above(&org.post_of(u));
            match above.into_iter().find(|p| self.0.contains_key(p)) {
                Some(superior) => vec![superior],
                None => return Keepers(None),
            }
        } else if org.independent(&u.brigade) {
            return Keepers(None);
        } else {
            org.chain(&u.brigade)
        };
        Keepers(Some(
            posts
                .iter()
                .filter_map(|p| self.0.get(p))
                .flatten()
                .filter(|l| l.id != u.id && (u.is_leader() || counts(l.id)))
                .map(|l| (l.hex, l.reach))
                .collect(),
        ))
    }
}

/// The hexes and radii of the leaders whose reach keeps a unit in command (D-cc-3); none: it is
/// in command wherever it stands.
#[derive(Debug, Clone, PartialEq)]
pub struct Keepers(Option<Vec<(Hex, u32)>>);

impl Keepers {
    /// Whether the unit would be in command on `h`.
    pub fn keep(&self, h: Hex) -> bool {
        self.0
            .as_ref()
            .is_none_or(|k| k.iter().any(|(l, reach)| distance(*l, h) <= *reach))
    }
}

/// `side`'s units out of command now (D-cc-3), in the board's order.
pub fn out_of_command(board: &Board, side: Side) -> Vec<UnitId> {
    let leaders = Leaders::of(board, side);
    let leader_in: HashMap<UnitId, bool> = leaders
        .0
        .values()
        .flatten()
        .filter_map(|l| board.unit(l.id))
        .map(|l| (l.id, leaders.keepers(board, l, |_| true).keep(l.hex)))
        .collect();
    board
        .units
        .iter()
        .filter(|u| u.side == side)
        .filter(|u| {
            let ok = if u.is_leader() {
                leader_in[&u.id]
            } else {
                leaders.keepers(board, u, |l| leader_in[&l]).keep(u.hex)
            };
            !ok
        })
        .map(|u| u.id)
        .collect()
}

/// The leaders whose reach would keep unit `u` in command, standing as they do now and marked
/// as at the start of the turn (D-cc-3): what the computer asks of the hexes it may move a unit
/// to.
pub fn keepers(board: &Board, u: &Unit) -> Keepers {
    let leaders = Leaders::of(board, u.side);
    let marked_in = |id: UnitId| board.unit(id).is_some_and(|l| !l.out_of_command);
    leaders.keepers(board, u, marked_in)
}

/// Marks `side`'s units in or out of command for its side turn (D-cc-3); the units out.
pub fn mark(board: &mut Board, side: Side) -> Vec<UnitId> {
    let out = out_of_command(board, side);
    for u in board.units.iter_mut().filter(|u| u.side == side) {
        u.out_of_command = out.contains(&u.id);
    }
    out
}

/// Whether `u` suffers the effects of being out of command (D-cc-4): marked so, with the
/// optional rule *Command Control* on.
pub fn hampered(board: &Board, u: &Unit) -> bool {
    board.params.optional.command_control && u.out_of_command
}

/// A successor who took a fallen leader's place (D-cc-5).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Successor {
    pub fallen: UnitId,
    pub successor: UnitId,
    pub name: String,
    pub at: Hex,
}

/// The chance that a leader in a hex whose men lost `lost` of `men` is hit (D-cc-5); `men` 0:
/// a leader alone, fired on.
pub fn hit_chance(board: &Board, lost: u32, men: u32) -> f64 {
    let c = &board.params.command;
    if men == 0 {
        c.leader_hit_alone
    } else {
        (c.leader_hit * lost as f64 / men as f64).min(1.0)
    }
}

/// Under *Leader Casualties*: rolls for each of `side`'s leaders at `hex`, whose other units
/// had `men` men and lost `lost` of them (`fired`: the hex was fired on, so a leader alone there
/// may be hit); the leaders hit are taken off the map to wait for their successors.
pub fn leader_hits(
    board: &mut Board,
    hex: Hex,
    side: Side,
    lost: u32,
    men: u32,
    fired: bool,
    rng: &mut impl Rng,
) -> Vec<UnitId> {
    if !board.params.optional.leader_casualties || (men == 0 && !fired) {
        return Vec::new();
    }
    let p = hit_chance(board, lost, men);
    if p <= 0.0 {
        return Vec::new();
    }
    let leaders: Vec<UnitId> = board
        .units_at(hex)
        .filter(|u| u.side == side && u.is_leader())
        .map(|u| u.id)
        .collect();
    let mut hit = Vec::new();
    for id in leaders {
        if rng.random::<f64>() < p
            && let Some(u) = board.remove(id)
        {
            let post = board.organisation.post_of(&u);
            board.fallen.push(Fallen { leader: u, post });
            hit.push(id);
        }
    }
    hit
}

/// The non-leader men of `side` at `hex`.
pub fn men_at(board: &Board, hex: Hex, side: Side) -> u32 {
    board
        .units_at(hex)
        .filter(|u| u.side == side && !u.is_leader())
        .map(|u| u.men)
        .sum()
}

/// One grade lower, F staying F (D-cc-5).
fn lower(q: Quality) -> Quality {
    match q {
        Quality::A => Quality::B,
        Quality::B => Quality::C,
        Quality::C => Quality::D,
        Quality::D => Quality::E,
        Quality::E | Quality::F => Quality::F,
    }
}

/// The id a successor takes: clear of every id a scenario may use (they are under 100,000).
pub const SUCCESSOR_IDS: u32 = 100_000;

/// A fallen leader's successor's name: the scenario's, else "Col. SURNAME's successor".
fn successor_name(board: &Board, fallen: &Unit) -> String {
    if let Some(n) = board.organisation.successors.get(&fallen.id) {
        return n.clone();
    }
    let surname = fallen
        .name
        .split_whitespace()
        .last()
        .unwrap_or("the general");
    format!("Col. {surname}'s successor")
}

/// At the start of `side`'s turn: each of its fallen leaders' successors appears with the unit
/// of his formation nearest where he fell (D-cc-5); a formation with no unit left gets none.
pub fn successors(board: &mut Board, side: Side) -> Vec<Successor> {
    let (mine, rest): (Vec<Fallen>, Vec<Fallen>) = std::mem::take(&mut board.fallen)
        .into_iter()
        .partition(|f| f.leader.side == side);
    board.fallen = rest;
    let mut out = Vec::new();
    for f in mine {
        let org = &board.organisation;
        let near = board
            .units
            .iter()
            .filter(|u| u.side == side && !u.is_leader())
            .filter(|u| org.chain(&u.brigade).contains(&f.post))
            .min_by_key(|u| (distance(u.hex, f.leader.hex), u.id))
            .map(|u| u.hex);
        let Some(at) = near else { continue };
        let mut s = f.leader.clone();
        s.id = UnitId(SUCCESSOR_IDS + f.leader.id.0);
        s.name = successor_name(board, &f.leader);
        s.quality = lower(f.leader.quality);
        s.hex = at;
        s.commands = Some(f.post.clone());
        s.marks = Default::default();
        s.out_of_command = false;
        out.push(Successor {
            fallen: f.leader.id,
            successor: s.id,
            name: s.name.clone(),
            at,
        });
        board.units.push(s);
    }
    out
}

/// The hexes a melee is fought from and at, each with its side, its units and their men
/// before the melee's losses (D-cc-5 counts a hex's loss against these).
pub struct MeleeHexes(Vec<(Hex, Side, Vec<UnitId>, u32)>);

/// `MeleeHexes` of `decl` as the board stands before the combat results.
pub fn melee_hexes(board: &Board, decl: &Declaration) -> MeleeHexes {
    let mut hexes: Vec<(Hex, Side)> = Vec::new();
    if let Some(side) = board.units_at(decl.defending_hex).map(|u| u.side).next() {
        hexes.push((decl.defending_hex, side));
    }
    for id in &decl.attackers {
        if let Some(u) = board.unit(*id)
            && !hexes.contains(&(u.hex, u.side))
        {
            hexes.push((u.hex, u.side));
        }
    }
    MeleeHexes(
        hexes
            .into_iter()
            .map(|(h, side)| {
                // A hex holds one side's units, and a leader takes no loss of men.
                let ids = board.units_at(h).map(|u| u.id).collect();
                (h, side, ids, men_at(board, h, side))
            })
            .collect(),
    )
}

/// Under *Leader Casualties*: each hex of a melee that lost men rolls for its leaders (D-cc-5).
pub fn melee_leader_hits(
    board: &mut Board,
    hexes: &MeleeHexes,
    losses: &[UnitLoss],
    rng: &mut impl Rng,
) -> Vec<UnitId> {
    if !board.params.optional.leader_casualties {
        return Vec::new();
    }
    let mut hit = Vec::new();
    for (hex, side, ids, men) in &hexes.0 {
        let lost: u32 = losses
            .iter()
            .filter(|l| ids.contains(&l.unit))
            .map(|l| l.men)
            .sum();
        if lost > 0 {
            hit.extend(leader_hits(board, *hex, *side, lost, *men, false, rng));
        }
    }
    hit
}
