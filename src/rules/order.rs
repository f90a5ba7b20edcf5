//! The one order language — what the mouse, the touch screen, the computer, an orders file, a
//! save's log and a network client all give — and the one check of an order's legality, which
//! the simulation runs before it applies an order and the previews and the computer run before
//! they offer or give one.

use serde::{Deserialize, Serialize};

use super::board::Board;
use super::capture;
use super::facing;
use super::fire;
use super::formation;
use super::hex::{Facing, Hex};
use super::map::Coord;
use super::melee::{self, Declaration};
use super::movement::{self, movement_range, path_to};
use super::params::Parameters;
use super::refusal::{Reason, Refusal};
use super::unit::{Formation, UnitId};

/// A hex as players name it: `(column, row)` from the top-left hex (the map's `Coord`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct At(pub i32, pub i32);

impl At {
    pub fn of(board: &Board, hex: Hex) -> At {
        let c = board.map.coord(hex);
        At(c.col, c.row)
    }

    pub fn hex(self, board: &Board) -> Hex {
        board.map.hex_at(Coord {
            col: self.0,
            row: self.1,
        })
    }
}

impl std::fmt::Display for At {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{},{}", self.0, self.1)
    }
}

/// Every order of the game. The RON form is that of orders files (`maps/README.md`). A field
/// it does not know is refused by name, not ignored (`pth` for `path` must not move a unit by
/// another way).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Order {
    /// Move by the cheapest path, or along `path` (adjacent hexes, the unit's own excluded).
    Move {
        unit: UnitId,
        to: At,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        path: Option<Vec<At>>,
    },
    Face {
        unit: UnitId,
        facing: Facing,
    },
    Formation {
        unit: UnitId,
        formation: Formation,
    },
    Fire {
        unit: UnitId,
        at: At,
    },
    /// Commit units to a melee on the defending hex `at` (joining a melee pending there): the
    /// `units` named, plus what a drag from each hex of `from` commits (every unit there that
    /// may melee; artillery and wagons stay behind). `MeleeUnits(units: […], at: …)` reads too.
    #[serde(alias = "MeleeUnits")]
    Melee {
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        from: Vec<At>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        units: Vec<UnitId>,
        at: At,
        /// Impetus I2: `follow_up: false` holds the attackers in place when the defender falls
        /// back (default on).
        #[serde(
            default = "crate::rules::melee::yes",
            skip_serializing_if = "crate::rules::melee::is_yes"
        )]
        follow_up: bool,
    },
    /// Withdraw the melee pending on a hex.
    CancelMelee {
        at: At,
    },
    /// §11: the units attack an unoccupied full-hex bridge they face.
    DamageBridge {
        units: Vec<UnitId>,
        at: At,
    },
    Spike {
        battery: UnitId,
        by: UnitId,
    },
    /// §11, optional Bridge Limit and Repair: infantry in column facing a full-hex bridge sets
    /// to work on it.
    RepairBridge {
        unit: UnitId,
        at: At,
    },
    Recrew {
        battery: UnitId,
        by: UnitId,
    },
    /// A melee's winner goes on one hex (Bodenstedt's advance of up to n hexes, D-bod-8).
    Advance {
        unit: UnitId,
        to: At,
    },
    /// Resolve every pending melee, in declaration order.
    Resolve,
    /// End the acting side's turn (pending melees resolve first).
    EndTurn,
    /// Phased Play (§1): go on to the next phase of the side turn.
    EndPhase,
    /// Take back the last move, facing or formation change (`rules::undo`): it leaves the log.
    Undo,
    /// The start dialog's choices: optional rules and Parameter Data, before play begins.
    SetParameters {
        params: Box<Parameters>,
    },
}

impl Order {
    /// The unit giving a single-unit order.
    pub fn unit(&self) -> Option<UnitId> {
        match self {
            Order::Move { unit, .. }
            | Order::Face { unit, .. }
            | Order::Formation { unit, .. }
            | Order::Fire { unit, .. }
            | Order::RepairBridge { unit, .. }
            | Order::Advance { unit, .. } => Some(*unit),
            Order::Spike { by, .. } | Order::Recrew { by, .. } => Some(*by),
            _ => None,
        }
    }

    /// A short name for logs and reports.
    /// The order in a few words, units by their ids ("move #1 to 2,5"): the command line's
    /// JSON and the server's records, which readers match by id.
    pub fn describe(&self) -> String {
        self.describe_with(|id| id.to_string())
    }

    /// The order in a few words, units as `name` calls them: the window's words ("move 19th
    /// Maine to 8,6").
    pub fn describe_with(&self, name: impl Fn(UnitId) -> String) -> String {
        match self {
            Order::Move { unit, to, .. } => format!("move {} to {to}", name(*unit)),
            Order::Face { unit, facing } => format!("face {} {}", name(*unit), facing.name()),
            Order::Formation { unit, formation } => {
                format!("formation of {} to {}", name(*unit), formation.name())
            }
            Order::Fire { unit, at } => format!("fire {} at {at}", name(*unit)),
            Order::Melee { at, .. } => format!("melee on {at}"),
            Order::CancelMelee { at } => format!("cancel the melee on {at}"),
            Order::DamageBridge { at, .. } => format!("damage the bridge at {at}"),
            Order::Spike { battery, .. } => format!("spike {}", name(*battery)),
            Order::RepairBridge { at, .. } => format!("repair the bridge at {at}"),
            Order::Recrew { battery, .. } => format!("recrew {}", name(*battery)),
            Order::Advance { unit, to } => format!("advance {} to {to}", name(*unit)),
            Order::Resolve => "resolve".into(),
            Order::EndTurn => "end turn".into(),
            Order::EndPhase => "end phase".into(),
            Order::SetParameters { .. } => "set the rules".into(),
            Order::Undo => "undo".into(),
        }
    }
}

fn one(reason: Reason, unit: Option<UnitId>, message: impl Into<String>) -> Vec<Refusal> {
    vec![Refusal::new(reason, unit, message)]
}

/// A hex of the map, or why not.
pub fn place(board: &Board, at: At) -> Result<Hex, Vec<Refusal>> {
    let h = at.hex(board);
    if board.map.contains(h) {
        Ok(h)
    } else {
        Err(one(Reason::OffMap, None, format!("{at} is off the map")))
    }
}

/// The unit exists and belongs to the side giving orders now.
fn own_unit(board: &Board, id: UnitId) -> Result<(), Vec<Refusal>> {
    match board.unit(id) {
        None => Err(vec![Refusal::no_such_unit(id)]),
        Some(u) if u.side != board.ordering_side() => Err(one(
            Reason::NotYourTurn,
            Some(id),
            format!("{} is not a unit of the side whose turn it is", u.name),
        )),
        Some(_) => Ok(()),
    }
}

/// The path a move order takes: its own, or the cheapest to `to`.
pub fn move_path(
    board: &Board,
    unit: UnitId,
    to: At,
    path: Option<&[At]>,
) -> Result<Vec<Hex>, Vec<Refusal>> {
    if let Some(p) = path {
        return p.iter().map(|a| place(board, *a)).collect();
    }
    let dest = place(board, to)?;
    let range = movement_range(board, unit);
    path_to(&range, dest)
        .filter(|p| !p.is_empty())
        .ok_or_else(|| {
            let why = board
                .unit(unit)
                .and_then(movement::cannot_move)
                .unwrap_or_else(|| format!("{to} is out of reach this turn"));
            one(Reason::OutOfReach, Some(unit), why)
        })
}

/// A melee order checked and merged with the melee already pending on its defending hex: the
/// declaration that would be pending, and its place in the pending list (None: a new one).
pub fn declaration(
    board: &Board,
    from: &[At],
    units: &[UnitId],
    at: At,
) -> Result<(Declaration, Option<usize>), Vec<Refusal>> {
    let d = place(board, at)?;
    let mut attackers: Vec<UnitId> = units.to_vec();
    for f in from {
        let h = place(board, *f)?;
        for id in melee::committable(board, h, board.acting, d) {
            if !attackers.contains(&id) {
                attackers.push(id);
            }
        }
    }
    // An order naming nobody on a hex already under attack restates that melee (Impetus
    // I2: switching its follow-up).
    let restated = board.pending.iter().any(|p| p.defending_hex == d);
    if attackers.is_empty() && !restated {
        return Err(one(
            Reason::NotAMelee,
            None,
            "no unit of yours stands there to attack",
        ));
    }
    let mut reasons = Vec::new();
    for id in &attackers {
        if let Some(u) = board.unit(*id) {
            if u.side != board.acting {
                reasons.push(Refusal::new(
                    Reason::NotYourTurn,
                    Some(*id),
                    format!("{} is not a unit of the side whose turn it is", u.name),
                ));
            }
        }
        let elsewhere = board
            .pending
            .iter()
            .any(|p| p.defending_hex != d && p.attackers.contains(id));
        if elsewhere {
            reasons.push(Refusal::new(
                Reason::AlreadyCommitted,
                Some(*id),
                format!("unit {id} is already committed to another melee this turn"),
            ));
        }
    }
    // A new drag onto a hex already under attack joins that melee.
    let slot = board.pending.iter().position(|p| p.defending_hex == d);
    let mut decl = slot.map_or_else(
        || Declaration {
            attackers: Vec::new(),
            defending_hex: d,
            follow_up: true,
        },
        |i| board.pending[i].clone(),
    );
    for id in attackers {
        if !decl.attackers.contains(&id) {
            decl.attackers.push(id);
        }
    }
    reasons.extend(melee::system(&board.params).check(board, &decl));
    if reasons.is_empty() {
        Ok((decl, slot))
    } else {
        Err(reasons)
    }
}

/// Whether the rules may still change: before anything has happened in the game.
fn untouched(board: &Board) -> bool {
    board.turn == 1
        && board.acting == board.first_side
        && board.pending.is_empty()
        && board.units.iter().all(|u| u.marks == Default::default())
}

/// Under Phased Play, whether the order belongs to the phase (§1): moves and the Command
/// menu in the movement phase, the other side's fire in the defensive fire phase, fire in the
/// offensive fire phase, melees in the melee phase.
pub fn in_phase(board: &Board, order: &Order) -> Result<(), Vec<Refusal>> {
    use super::board::Phase::*;
    let ok = match order {
        Order::SetParameters { .. } | Order::Undo => true,
        Order::EndPhase => board.phase != Melee,
        Order::EndTurn => board.phase != DefensiveFire,
        Order::Move { .. }
        | Order::Face { .. }
        | Order::Formation { .. }
        | Order::Spike { .. }
        | Order::Recrew { .. }
        | Order::RepairBridge { .. } => board.phase == Movement,
        Order::Fire { .. } => matches!(board.phase, DefensiveFire | OffensiveFire),
        Order::Melee { .. }
        | Order::DamageBridge { .. }
        | Order::CancelMelee { .. }
        | Order::Advance { .. }
        | Order::Resolve => board.phase == Melee,
    };
    if ok {
        return Ok(());
    }
    let why = match order {
        Order::EndPhase => "the melee phase ends with the turn: End turn".to_string(),
        Order::EndTurn => "the other side is firing: it ends its defensive fire first".to_string(),
        _ => format!(
            "not in the {} phase: {} belongs to another phase (Phased Play)",
            board.phase.name(),
            order.describe()
        ),
    };
    Err(one(Reason::NotThisPhase, order.unit(), why))
}

/// The one legality check of an order against the game as it stands: every reason it is
/// refused, or `Ok`.
pub fn check(board: &Board, order: &Order) -> Result<(), Vec<Refusal>> {
    if board.over {
        return Err(one(Reason::GameOver, order.unit(), "the game is over"));
    }
    if board.phased() {
        in_phase(board, order)?;
    } else if *order == Order::EndPhase {
        return Err(one(
            Reason::NotThisPhase,
            None,
            "turns have phases only under Phased Play",
        ));
    }
    match order {
        Order::Move { unit, to, path } => {
            own_unit(board, *unit)?;
            let p = move_path(board, *unit, *to, path.as_deref())?;
            movement::check_move(board, *unit, &p).map_err(|r| vec![r])?;
        }
        Order::Face { unit, facing: f } => {
            own_unit(board, *unit)?;
            facing::check(board, *unit, *f).map_err(|r| vec![r])?;
        }
        Order::Formation { unit, formation: f } => {
            own_unit(board, *unit)?;
            formation::check(board, *unit, *f).map_err(|r| vec![r])?;
        }
        Order::Fire { unit, at } => {
            own_unit(board, *unit)?;
            let h = place(board, *at)?;
            fire::breakdown(board, *unit, h, board.defensive_fire_phase(), 1.0)
                .map_err(|r| vec![r])?;
        }
        Order::Melee {
            from, units, at, ..
        } => {
            declaration(board, from, units, *at)?;
        }
        Order::CancelMelee { at } => {
            let h = place(board, *at)?;
            if !board.pending.iter().any(|p| p.defending_hex == h) {
                return Err(one(
                    Reason::NoPendingMelee,
                    None,
                    format!("no melee is pending on {at}"),
                ));
            }
        }
        Order::DamageBridge { units, at } => {
            let h = place(board, *at)?;
            if board.map.bridge(h).is_none() || board.units_at(h).next().is_some() {
                return Err(one(
                    Reason::NoBridge,
                    None,
                    format!("there is no unoccupied full-hex bridge at {at}"),
                ));
            }
            declaration(board, &[], units, *at)?;
        }
        Order::Spike { battery, by } => {
            own_unit(board, *by)?;
            capture::check_spike(board, *battery, *by).map_err(|r| vec![r])?;
        }
        Order::Recrew { battery, by } => {
            own_unit(board, *by)?;
            capture::check_recrew(board, *battery, *by).map_err(|r| vec![r])?;
        }
        Order::Advance { unit, to } => {
            own_unit(board, *unit)?;
            let h = place(board, *to)?;
            if let Some(why) = super::advance::check(board, *unit, h) {
                return Err(one(Reason::CannotAct, Some(*unit), why));
            }
        }
        Order::RepairBridge { unit, at } => {
            own_unit(board, *unit)?;
            let h = place(board, *at)?;
            super::bridge::check_repair(board, *unit, h).map_err(|r| vec![r])?;
        }
        // Whether there is a step to take back is the undo history's to say (`rules::undo`).
        Order::Resolve | Order::EndTurn | Order::EndPhase | Order::Undo => {}
        Order::SetParameters { .. } => {
            if !untouched(board) {
                return Err(one(
                    Reason::Settings,
                    None,
                    "the rules can change only before the first order of the game",
                ));
            }
        }
    }
    Ok(())
}

/// The one gate every order a side gives passes under fog (D-fow-5, D-fow-6, D-fow-8): the
/// order is checked on the side's view, so that a refusal says nothing the side does not know;
/// a move takes its path on the view and, on the truth, goes as far along it as the rules let
/// it (an unseen enemy's zone of control stops it there). Returns the order to carry out on the
/// truth, or the refusals. With fog off, or the game over, it is `check` on the truth (a move
/// given without its path gets the cheapest path there).
pub fn as_the_side_sees(
    truth: &Board,
    side: super::unit::Side,
    order: &Order,
) -> Result<Order, Vec<Refusal>> {
    if !super::fog::on(truth) || truth.over {
        // A move is carried out, and logged, along the path found now: the cheapest path is
        // worked out once, and a replay follows the same hexes without looking for them again.
        let order = match order {
            Order::Move {
                unit,
                to,
                path: None,
            } if !truth.over => {
                // What `check` refuses first is refused first here too.
                if truth.phased() {
                    in_phase(truth, order)?;
                }
                own_unit(truth, *unit)?;
                let p = move_path(truth, *unit, *to, None)?;
                Order::Move {
                    unit: *unit,
                    to: *to,
                    path: Some(p.iter().map(|h| At::of(truth, *h)).collect()),
                }
            }
            o => o.clone(),
        };
        check(truth, &order)?;
        return Ok(order);
    }
    let view = super::fog::view(truth, side).board;
    check(&view, order)?;
    let order = match order {
        Order::Move { unit, to, path } => {
            let p = move_path(&view, *unit, *to, path.as_deref())?;
            let mut n = p.len();
            while n > 0 && movement::check_move(truth, *unit, &p[..n]).is_err() {
                n -= 1;
            }
            if n == 0 {
                return Err(unseen_in_the_way(Some(*unit)));
            }
            Order::Move {
                unit: *unit,
                to: At::of(truth, p[n - 1]),
                path: Some(p[..n].iter().map(|h| At::of(truth, *h)).collect()),
            }
        }
        o => o.clone(),
    };
    // What the view allows the truth should allow too; where it would not, the answer still
    // names nothing unseen.
    check(truth, &order).map_err(|_| unseen_in_the_way(order.unit()))?;
    Ok(order)
}

/// The words for an order the truth refuses and the side's view does not: the same whatever
/// stands unseen.
fn unseen_in_the_way(unit: Option<UnitId>) -> Vec<Refusal> {
    one(
        Reason::CannotAct,
        unit,
        "the order cannot be carried out as things stand",
    )
}

/// What a drag from `from` to `to` orders: a winner's advance when units there may still
/// advance and `to` holds no enemy (D-bod-8), else a melee on `to`.
pub fn drag_orders(board: &Board, from: Hex, to: Hex) -> Vec<Order> {
    let side = board.ordering_side();
    let movers = super::advance::advancing(board, from, side);
    let enemy = board.units_at(to).any(|u| u.side != side);
    if !movers.is_empty() && !enemy {
        let at = At::of(board, to);
        return movers
            .into_iter()
            .map(|unit| Order::Advance { unit, to: at })
            .collect();
    }
    vec![Order::Melee {
        from: vec![At::of(board, from)],
        units: Vec::new(),
        at: At::of(board, to),
        follow_up: true,
    }]
}
