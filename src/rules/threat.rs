//! Threats to a hex next turn: which enemy units could fire at it (in range, with a line of
//! sight, at what fire value) and which could melee it (reach an adjacent hex, face it, and
//! pass the §9.1 restrictions). Each is worked out by the rules fire and melee use, on a copy
//! of the board where the enemy's turn has begun: its marks cleared, free to turn.

use serde::{Deserialize, Serialize};

use super::board::Board;
use super::fire;
use super::hex::{Facing, Hex, distance};
use super::melee::{self, Declaration};
use super::movement::{self, movement_range};
use super::unit::{Formation, Side, TurnMarks, Unit, UnitId, UnitKind};

/// One enemy unit that could strike the hex next turn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Threat {
    pub unit: UnitId,
    /// Its fire value at the hex (after modifiers), if it could fire at it.
    pub fire: Option<f64>,
    /// Its melee strength against the hex, if it could melee it.
    pub melee: Option<f64>,
}

impl Threat {
    /// The larger of its fire value and melee strength: what the overlay shades by.
    pub fn strength(&self) -> f64 {
        self.fire.unwrap_or(0.0).max(self.melee.unwrap_or(0.0))
    }
}

/// Unit `e` as the enemy's next turn begins: fresh marks, and the formation it fights in
/// (infantry in line; cavalry as it stands: mounted cavalry melees, dismounted fires).
fn fresh(e: &Unit) -> Unit {
    let mut u = e.clone();
    u.marks = TurnMarks::default();
    if u.kind == UnitKind::Infantry {
        u.formation = Formation::Line;
    }
    u
}

/// The board with a notional unit of `side` on `hex` if none is there, so that fire and melee
/// have a target to reckon against (a threat to an empty hex).
fn with_target(board: &Board, hex: Hex, side: Side) -> Board {
    let mut b = board.clone();
    if !b.units_at(hex).any(|u| u.side == side) {
        let mut u = b
            .units
            .iter()
            .find(|u| u.side == side && !u.is_leader())
            .cloned()
            .unwrap_or_else(|| b.units[0].clone());
        // Fire and melee find their targets by hex, never by id: any id serves, so one no
        // scenario is likely to use (and no sum that could overflow).
        u.id = UnitId(u32::MAX);
        u.side = side;
        u.hex = hex;
        u.kind = UnitKind::Infantry;
        u.formation = Formation::Line;
        u.men = 100;
        u.marks = TurnMarks::default();
        b.units.push(u);
    }
    b
}

/// The enemy units of `side` that could fire at or melee `hex` in their next turn (captured guns
/// among them while their captors man them), strongest first.
pub fn threats(board: &Board, hex: Hex, side: Side) -> Vec<Threat> {
    if board.units.is_empty() {
        return Vec::new();
    }
    // One working copy of the board: each enemy in turn is freshened in it, tried, and put back.
    let mut work = with_target(board, hex, side);
    work.acting = side.enemy();
    work.pending.clear();
    let candidates: Vec<usize> = (0..work.units.len())
        .filter(|&i| may_strike(&work, &work.units[i], hex, side))
        .collect();
    let mut out = Vec::new();
    for i in candidates {
        let was = work.units[i].clone();
        work.units[i] = fresh(&was);
        let t = Threat {
            unit: was.id,
            fire: fire_value(&mut work, i, hex),
            melee: melee_strength(&mut work, i, hex),
        };
        work.units[i] = was;
        if t.fire.is_some() || t.melee.is_some() {
            out.push(t);
        }
    }
    out.sort_by(|a, b| {
        b.strength()
            .total_cmp(&a.strength())
            .then(a.unit.cmp(&b.unit))
    });
    out
}

/// Whether unit `e` could strike `hex`, held by `side`, at all: an enemy, not routed, not a
/// leader or a wagon, within its fire range or a move and a hex. Only a shortcut past the costly
/// reckoning (its reach of movement): fire's and melee's own checks refuse all the others too.
fn may_strike(board: &Board, e: &Unit, hex: Hex, side: Side) -> bool {
    let reach = || {
        let allowance = movement::allowance(&board.params, e);
        fire::weapon_of(board, e)
            .map_or(0, |w| w.range())
            .max(allowance + 1)
    };
    e.side != side
        && !e.routed
        && !e.is_leader()
        && e.kind != UnitKind::Supply
        && distance(e.hex, hex) <= reach()
}

/// Its fire at the hex from where it stands, turned to face it.
fn fire_value(b: &mut Board, i: usize, hex: Hex) -> Option<f64> {
    let (id, at, facing) = (b.units[i].id, b.units[i].hex, b.units[i].facing);
    let mut value = None;
    for f in Facing::ALL
        .into_iter()
        .filter(|f| fire::in_front(at, *f, hex))
    {
        b.units[i].facing = f;
        if let Ok(fb) = fire::breakdown(b, id, hex, false, 1.0) {
            value = Some(fb.value);
            break;
        }
    }
    b.units[i].facing = facing;
    value
}

/// Its melee strength against the hex from the best adjacent hex it can reach, facing it.
fn melee_strength(b: &mut Board, i: usize, hex: Hex) -> Option<f64> {
    let u = b.units[i].clone();
    if u.kind == UnitKind::Artillery {
        return None;
    }
    let range = movement_range(b, u.id);
    let decl = Declaration {
        attackers: vec![u.id],
        defending_hex: hex,
        follow_up: true,
    };
    let sys = melee::system(&b.params);
    let mut best: Option<f64> = None;
    for f in Facing::ALL {
        let from = hex + f.step();
        let reach = if from == u.hex {
            Some(0)
        } else {
            range.get(&from).map(|r| r.cost)
        };
        let Some(cost) = reach else { continue };
        let m = &mut b.units[i];
        m.hex = from;
        m.facing = f.opposite();
        m.marks.mp_used = cost;
        if sys.check(b, &decl).is_empty() {
            let s = sys.breakdown(b, &decl).attack_strength;
            best = Some(best.map_or(s, |x: f64| x.max(s)));
        }
    }
    b.units[i] = u;
    best
}

/// The board as the enemy of `side` begins its next turn, for the planner's weighing of it: the
/// enemy acting, no melee pending, its units' marks cleared and its infantry in line (as it
/// fires).
pub fn enemy_turn(board: &Board, side: Side) -> Board {
    let mut work = board.clone();
    work.acting = side.enemy();
    work.pending.clear();
    for e in work.units.iter_mut().filter(|e| e.side != side) {
        e.marks = TurnMarks::default();
        if e.kind == UnitKind::Infantry {
            e.formation = Formation::Line;
        }
    }
    work
}

/// One enemy unit's fire at a hex next turn, as the planner weighs it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Shot {
    pub hex: Hex,
    pub unit: UnitId,
    /// Its fire value there (defensive fire's, turned to face it, guns unlimbered).
    pub value: f64,
    /// It watches the hex as it stands (in front, not limbered): a unit of `side` moving in now
    /// draws its opportunity fire (§1).
    pub watching: bool,
}

/// Every enemy unit's fire at each of `hexes` (held by `side`) on `work` (`enemy_turn`'s board),
/// against a notional line of 100 men there: by the rules' own fire values, the hex's terrain
/// counted. `work` is as it was after.
pub fn fire_on(work: &mut Board, side: Side, hexes: &[Hex]) -> Vec<Shot> {
    let mut out = Vec::new();
    let Some(mut target) = work.units.iter().find(|u| u.side == side).cloned() else {
        return out;
    };
    target.id = UnitId(u32::MAX);
    target.kind = UnitKind::Infantry;
    target.formation = Formation::Line;
    target.men = 100;
    target.marks = TurnMarks::default();
    let ti = work.units.len();
    let table = work.params.weapons.clone();
    // Leaders and wagons have no weapon, and fire refuses routed units itself.
    let shooters: Vec<(usize, u32)> = work
        .units
        .iter()
        .enumerate()
        .filter(|(_, e)| e.side != side)
        .filter_map(|(i, e)| super::weapon::of(e, &table).map(|w| (i, w.range())))
        .collect();
    work.units.push(target);
    for &h in hexes {
        work.units[ti].hex = h;
        for &(i, range) in &shooters {
            let (at, facing, formation) = {
                let e = &work.units[i];
                (e.hex, e.facing, e.formation)
            };
            // Out of its reach (or its own hex): fire would refuse it; skipped for speed.
            if !(1..=range).contains(&distance(at, h)) {
                continue;
            }
            let limbered = formation == Formation::Limbered;
            let watching = fire::in_front(at, facing, h) && !limbered;
            if limbered {
                work.units[i].formation = Formation::Unlimbered;
            }
            work.units[i].facing = Facing::towards(at, h);
            if let Ok(f) = fire::breakdown(work, work.units[i].id, h, true, 1.0) {
                out.push(Shot {
                    hex: h,
                    unit: work.units[i].id,
                    value: f.value,
                    watching,
                });
            }
            work.units[i].facing = facing;
            work.units[i].formation = formation;
        }
    }
    work.units.pop();
    out
}
