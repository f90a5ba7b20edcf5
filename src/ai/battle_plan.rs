//! The battle plan: each of a side's brigades given a mission for the turns left — attack an
//! objective by a turn, hold one, stay in reserve behind one, screen — from the scenario's intent
//! (`rules::intent`) where it gives one, else from what the side sees: the objectives' worth at
//! the battle's end (§13), the turns left, the strength at each objective and who must attack
//! (the battle's action). Made afresh each turn from the side's view (§16 D-fow-6), the same
//! board gives the same plan, so a mission stands until the situation changes: an objective
//! taken or lost (a lodgement is counter-attacked), a brigade spent (it rallies in reserve and
//! goes again once it has), an arrival, the light failing.

use std::collections::{BTreeMap, HashMap};

use crate::rules::board::Board;
use crate::rules::hex::{Hex, distance};
use crate::rules::intent::Mission;
use crate::rules::unit::{Side, Unit, UnitKind};

/// The fighting brigades a defender must have to keep one in reserve (with three, Harper's
/// Crossing's Union, holding one back lost 2 of 12 paired games more to the basic computer).
const RESERVE_FROM: usize = 5;

/// One brigade's mission: what, where, and by which turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Task {
    pub mission: Mission,
    /// The objective (or, with none on the map, the enemy) it is about.
    pub at: Option<Hex>,
    /// The turn by which an attack should have taken it.
    pub by: u32,
    /// Given by the scenario's intent, not chosen by the plan.
    pub ordered: bool,
    /// Spent: rallying before it goes again.
    pub spent: bool,
}

/// A side's battle plan: each brigade's task.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct BattlePlan {
    pub tasks: BTreeMap<String, Task>,
}

impl BattlePlan {
    pub fn task(&self, brigade: &str) -> Option<&Task> {
        self.tasks.get(brigade)
    }
}

/// A brigade on the board: its fighting units' men, how many are worn, and where it stands.
struct Brigade<'a> {
    name: &'a str,
    men: u32,
    worn_men: u32,
    centre: Hex,
    guns_only: bool,
}

fn brigades<'a>(b: &'a Board, side: Side) -> Vec<Brigade<'a>> {
    let mut by: BTreeMap<&str, Vec<&Unit>> = BTreeMap::new();
    for u in b
        .units
        .iter()
        .filter(|u| u.side == side && !u.is_leader() && u.kind != UnitKind::Supply)
    {
        by.entry(u.brigade.as_str()).or_default().push(u);
    }
    by.into_iter()
        .map(|(name, us)| {
            let men = us.iter().map(|u| strength(u)).sum();
            let worn_men = us
                .iter()
                .filter(|u| u.routed || u.disrupted)
                .map(|u| strength(u))
                .sum();
            // The unit nearest the brigade's middle stands for it.
            let n = us.len() as i64;
            let (x, y) = us.iter().fold((0i64, 0i64), |(x, y), u| {
                (x + i64::from(u.hex.x), y + i64::from(u.hex.y))
            });
            let mid = Hex::new((x / n) as i32, (y / n) as i32);
            let centre = us
                .iter()
                .min_by_key(|u| (distance(u.hex, mid), u.id))
                .map_or(mid, |u| u.hex);
            Brigade {
                name,
                men,
                worn_men,
                centre,
                guns_only: us.iter().all(|u| u.kind == UnitKind::Artillery),
            }
        })
        .collect()
}

/// What a unit weighs in a brigade's strength: its men, a gun as 25.
fn strength(u: &Unit) -> u32 {
    if u.kind == UnitKind::Artillery {
        u.guns * 25
    } else {
        u.men
    }
}

/// A hex's place in a fixed order, for ties.
fn key(h: Hex) -> (i32, i32) {
    (h.x, h.y)
}

/// The objective nearest `from` that `side` does not hold.
fn nearest_target(b: &Board, side: Side, from: Hex) -> Option<Hex> {
    b.map
        .objectives
        .iter()
        .filter(|o| o.owner != Some(side))
        .min_by_key(|o| (distance(o.hex, from), key(o.hex)))
        .map(|o| o.hex)
}

/// The objective `side` holds nearest `from` (the most valuable, with no `from`).
fn nearest_held(b: &Board, side: Side, from: Option<Hex>) -> Option<Hex> {
    let held = b.map.objectives.iter().filter(|o| o.owner == Some(side));
    match from {
        Some(f) => held
            .min_by_key(|o| (distance(o.hex, f), key(o.hex)))
            .map(|o| o.hex),
        None => held.max_by_key(|o| (o.points, key(o.hex))).map(|o| o.hex),
    }
}

/// The enemy's fighting men within three hexes of `h`, as the side sees them.
fn enemy_near(b: &Board, side: Side, h: Hex) -> u32 {
    b.units
        .iter()
        .filter(|u| u.side != side && !u.is_leader() && distance(u.hex, h) <= 3)
        .map(strength)
        .sum()
}

/// Whether `side` must attack now: the battle's action says it attacks (a meeting: both), or it
/// is behind on the objectives (with half the battle gone, where the action makes it the
/// defender).
fn must_attack(b: &Board, side: Side) -> bool {
    let held = |s: Side| -> u32 {
        b.map
            .objectives
            .iter()
            .filter(|o| o.owner == Some(s))
            .map(|o| o.points)
            .sum()
    };
    let said = b.intent.attacker.is_some() || b.intent.meeting;
    let half_gone = 2 * b.turn > b.last_turn || !said;
    b.intent.attacks(side) || (half_gone && held(side.enemy()) > held(side))
}

/// Whether a defender's brigade has waited long enough for an enemy that does not come: a third
/// of the battle gone and no enemy it knows within five hexes of it. Then it goes over to the
/// attack (a defender facing a passive enemy exploits it, issue 75).
fn idle(b: &Board, side: Side, br: &Brigade) -> bool {
    3 * b.turn > b.last_turn && !br.guns_only && enemy_within(b, side, br.centre, 5) == 0
}

/// The enemy's fighting units the side knows within `r` hexes of `h`.
fn enemy_within(b: &Board, side: Side, h: Hex, r: u32) -> usize {
    b.units
        .iter()
        .filter(|u| u.side != side && !u.is_leader() && distance(u.hex, h) <= r)
        .count()
}

/// `side`'s battle plan on `b` (the side's view).
pub fn of(b: &Board, side: Side) -> BattlePlan {
    let mut plan = BattlePlan::default();
    let all = brigades(b, side);
    let last = b.last_turn.max(1);
    let attacking = must_attack(b, side);
    // Men already given to each objective, so that the plan spreads its brigades by worth.
    let mut given: HashMap<Hex, u32> = HashMap::new();
    // The brigades nearest the enemy are given their missions first.
    let mut order: Vec<&Brigade> = all.iter().collect();
    let front = |br: &Brigade| -> u32 {
        b.units
            .iter()
            .filter(|u| u.side != side && !u.is_leader())
            .map(|u| distance(u.hex, br.centre))
            .min()
            .unwrap_or(99)
    };
    order.sort_by_key(|br| (front(br), br.name));
    // A defender keeps its brigade farthest from the enemy back as the reserve, if it has
    // enough to spare one.
    let fighting = order.iter().filter(|br| !br.guns_only).count();
    let reserve = (!attacking && fighting >= RESERVE_FROM)
        .then(|| {
            order
                .iter()
                .rev()
                .find(|br| !br.guns_only)
                .map(|br| br.name)
        })
        .flatten();
    for br in order {
        let directive = b.intent.for_brigade(&b.organisation, side, br.name, b.turn);
        // A brigade is spent with half its men worn; one the scenario orders to attack goes
        // on until three in four are (Pickett's and Cleburne's brigades were not pulled back
        // at half).
        let ordered_attack = directive.is_some_and(|d| d.mission == Mission::Attack);
        let spent = br.men > 0
            && if ordered_attack {
                4 * br.worn_men > 3 * br.men
            } else {
                2 * br.worn_men > br.men
            };
        // A lodgement: an objective the enemy took in the game, near the brigade.
        let lodgement = b
            .map
            .objectives
            .iter()
            .filter(|o| o.owner == Some(side.enemy()) && o.since.is_some())
            .filter(|o| distance(o.hex, br.centre) <= 6)
            .min_by_key(|o| (distance(o.hex, br.centre), key(o.hex)))
            .map(|o| o.hex);
        let task = if let Some(d) = directive {
            let at = d.objective.or_else(|| match d.mission {
                Mission::Attack => nearest_target(b, side, br.centre),
                _ => nearest_held(b, side, Some(br.centre)),
            });
            Task {
                mission: d.mission,
                at,
                by: d.until.unwrap_or(last),
                ordered: true,
                spent,
            }
        } else if let Some(l) = lodgement.filter(|_| !br.guns_only) {
            Task {
                mission: Mission::Attack,
                at: Some(l),
                by: last,
                ordered: false,
                spent,
            }
        } else if Some(br.name) == reserve {
            Task {
                mission: Mission::Reserve,
                at: nearest_held(b, side, None),
                by: last,
                ordered: false,
                spent,
            }
        } else if attacking || idle(b, side, br) {
            let at = choose(b, side, br, &given, |o| o.owner != Some(side));
            Task {
                mission: if at.is_some() {
                    Mission::Attack
                } else {
                    Mission::Hold
                },
                at: at.or_else(|| nearest_held(b, side, Some(br.centre))),
                // An attack should be in by two turns before the end, to hold what it takes.
                by: last.saturating_sub(2).max(b.turn),
                ordered: false,
                spent,
            }
        } else {
            // Its own objectives and those nobody holds yet (a defender stands on the ground
            // in dispute, not only behind it).
            let at = choose(b, side, br, &given, |o| o.owner != Some(side.enemy()))
                .or_else(|| nearest_target(b, side, br.centre));
            Task {
                mission: Mission::Hold,
                at,
                by: last,
                ordered: false,
                spent,
            }
        };
        if let Some(h) = task.at {
            *given.entry(h).or_default() += br.men;
        }
        plan.tasks.insert(br.name.to_owned(), task);
    }
    plan
}

/// The objective (of those `wanted` keeps) a brigade is best given: the most worth for the
/// distance, less where others are already given to it, more where the enemy there is weak.
fn choose(
    b: &Board,
    side: Side,
    br: &Brigade,
    given: &HashMap<Hex, u32>,
    wanted: impl Fn(&crate::rules::map::Objective) -> bool,
) -> Option<Hex> {
    b.map
        .objectives
        .iter()
        .filter(|o| wanted(o))
        .map(|o| {
            let there = given.get(&o.hex).copied().unwrap_or(0) as f64;
            let enemy = enemy_near(b, side, o.hex) as f64;
            // Distance weighs most, so that a brigade marching on its objective keeps to it
            // (its choice firms as it nears); others given to it and the enemy there spread
            // the brigades out.
            let far = distance(o.hex, br.centre) as f64 + 3.0;
            let worth = o.points as f64 / (far * far) / (1.0 + there / (enemy + 1500.0));
            (worth, o.hex)
        })
        .max_by(|x, y| x.0.total_cmp(&y.0).then(key(y.1).cmp(&key(x.1))))
        .map(|(_, h)| h)
}
