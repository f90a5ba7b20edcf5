//! Bodenstedt sector melee (seed 001, RULES.md §15.1), its numbers: troops, combat values by
//! hexside class, the odds column with the defence bonus, the melee morale and casualty table
//! (D-bod-7, Parameter Data), and the exact outcome of each of the six rows. Not yet behind the
//! melee-system seam: its results (retreats and routs of several hexes, D-sys-5; advances of
//! up to n hexes) are still to be applied.

use serde::{Deserialize, Serialize};

use super::Declaration;
use crate::rules::board::Board;
use crate::rules::hex::Facing;
use crate::rules::map::{SideFeature, Terrain};
use crate::rules::unit::{Crew, Unit, UnitId, UnitKind};

/// §15.1's numbers (Parameter Data, `bodenstedt`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BodenstedtParams {
    pub men_per_troop: u32,
    pub guns_per_troop: u32,
    pub max_troops_per_hex: u32,
    pub cv_troop: u32,
    pub cv_rear: u32,
    pub cv_flank: u32,
    pub cv_officer: u32,
    pub cv_general: u32,
    pub defence_shift: u32,
    pub factor_l: u32,
    pub factor_m: u32,
    pub factor_h: u32,
    pub men_per_factor: u32,
    /// The melee morale and casualty table, row by row (d6 1–6), columns ≤1:2, 1:1, 2:1, 3:1,
    /// 4:1, ≥5:1; a cell is `attacker/defender digit attacker/defender letter` ("+2/-3 L/H").
    pub table: Vec<String>,
}

impl Default for BodenstedtParams {
    fn default() -> Self {
        BodenstedtParams {
            men_per_troop: 100,
            guns_per_troop: 2,
            max_troops_per_hex: 10,
            cv_troop: 3,
            cv_rear: 2,
            cv_flank: 1,
            cv_officer: 3,
            cv_general: 5,
            defence_shift: 1,
            factor_l: 1,
            factor_m: 2,
            factor_h: 3,
            men_per_factor: 5,
            table: [
                "-3/+3 H/L",
                "-2/+2 H/L",
                "-1/+1 M/L",
                "0/0 M/M",
                "+1/-1 L/M",
                "+1/-1 L/M",
                "-2/+2 H/L",
                "-1/+1 M/L",
                "0/0 M/M",
                "+1/-1 L/M",
                "+1/-1 L/M",
                "+2/-2 L/H",
                "-1/+1 M/L",
                "-1/+1 M/M",
                "+1/-1 L/M",
                "+1/-1 L/M",
                "+2/-2 L/H",
                "+2/-3 L/H",
                "-1/+1 M/M",
                "0/0 M/M",
                "+1/-1 M/M",
                "+2/-2 L/H",
                "+2/-3 L/H",
                "+3/-3 0/H",
                "0/0 M/M",
                "+1/-1 L/M",
                "+2/-2 L/H",
                "+2/-3 L/H",
                "+3/-3 0/H",
                "+3/-4 0/H",
                "0/0 L/M",
                "+2/-2 L/H",
                "+2/-2 L/H",
                "+3/-3 0/H",
                "+3/-4 0/E",
                "+4/-4 0/E",
            ]
            .map(String::from)
            .to_vec(),
        }
    }
}

impl BodenstedtParams {
    pub fn is_default(&self) -> bool {
        *self == BodenstedtParams::default()
    }
}

/// The casualty letters: factors per troop of the inflicting side, or ELIM.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Letter {
    None,
    L,
    M,
    H,
    Elim,
}

/// One cell of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cell {
    pub attacker_digit: i8,
    pub defender_digit: i8,
    /// What the attacker suffers, and the defender.
    pub attacker_letter: Letter,
    pub defender_letter: Letter,
}

impl Cell {
    /// Reads `+2/-3 L/H` (a minus may be `-` or `−`).
    pub fn parse(s: &str) -> Result<Cell, String> {
        let bad = || format!("bodenstedt table cell `{s}`: expected like `+2/-3 L/H`");
        let (digits, letters) = s.trim().split_once(' ').ok_or_else(bad)?;
        let (a, d) = digits.split_once('/').ok_or_else(bad)?;
        let (la, ld) = letters.trim().split_once('/').ok_or_else(bad)?;
        let digit = |x: &str| {
            x.replace('−', "-")
                .replace('+', "")
                .parse::<i8>()
                .map_err(|_| bad())
        };
        let letter = |x: &str| match x {
            "0" => Ok(Letter::None),
            "L" => Ok(Letter::L),
            "M" => Ok(Letter::M),
            "H" => Ok(Letter::H),
            "E" => Ok(Letter::Elim),
            _ => Err(bad()),
        };
        Ok(Cell {
            attacker_digit: digit(a)?,
            defender_digit: digit(d)?,
            attacker_letter: letter(la)?,
            defender_letter: letter(ld)?,
        })
    }
}

/// The columns of the table.
pub const COLUMNS: [&str; 6] = ["≤1:2", "1:1", "2:1", "3:1", "4:1", "≥5:1"];

/// How a non-leader attacker comes at a defending unit (D-sys-3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Class {
    Front,
    Flank,
    Rear,
}

/// The class of an attack on a unit facing `facing` through the hexside `side` of its hex.
pub fn class(facing: Facing, side: Facing) -> Class {
    let turn = (side.index() + 6 - facing.index()) % 6;
    match turn {
        0 | 1 | 5 => Class::Front,
        2 | 4 => Class::Flank,
        _ => Class::Rear,
    }
}

/// A unit's troops: ⌈men / 100⌉ (a thinned troop counts in full); a crewed battery ⌈guns / 2⌉;
/// wagons, uncrewed or spiked guns and leaders none.
pub fn troops(p: &BodenstedtParams, u: &Unit) -> u32 {
    match u.kind {
        UnitKind::Infantry | UnitKind::Cavalry => u.men.div_ceil(p.men_per_troop.max(1)),
        UnitKind::Artillery if u.crew == Crew::Crewed && !u.is_captured() => {
            u.guns.div_ceil(p.guns_per_troop.max(1))
        }
        _ => 0,
    }
}

/// One unit's part in its side's combat value.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UnitCv {
    pub unit: UnitId,
    pub troops: u32,
    pub cv: u32,
    /// How it was reached, in words.
    pub why: String,
}

/// The §15.1 breakdown: each unit's troops and CV, the sides' CVs, the column and the
/// defence bonus.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SectorBreakdown {
    pub attackers: Vec<UnitCv>,
    pub defenders: Vec<UnitCv>,
    pub attack_cv: u32,
    pub defence_cv: u32,
    /// The column before the defence bonus (0 = ≤1:2 … 5 = ≥5:1).
    pub raw_column: usize,
    /// Why the defender has its bonus, if it has one.
    pub defence_bonus: Option<String>,
    pub column: usize,
}

fn leader_cv(p: &BodenstedtParams, u: &Unit) -> u32 {
    if u.command.is_general() {
        p.cv_general
    } else {
        p.cv_officer
    }
}

/// The column of `a` against `d`, rounded for the defender: A ≥ D → ⌊A/D⌋:1, else 1:⌈D/A⌉.
pub fn column(a: u32, d: u32) -> usize {
    if d == 0 {
        return 5;
    }
    if a >= d { (a / d).min(5) as usize } else { 0 }
}

pub fn sector_breakdown(board: &Board, decl: &Declaration) -> SectorBreakdown {
    let p = &board.params.bodenstedt;
    let d = decl.defending_hex;
    let attackers: Vec<&Unit> = decl
        .attackers
        .iter()
        .filter_map(|id| board.unit(*id))
        .collect();
    let side = attackers.first().map(|u| u.side);
    let defenders: Vec<&Unit> = board.units_at(d).filter(|u| Some(u.side) != side).collect();
    // B2: at most ten troops count from one attacking hex (the first two ranks).
    let mut att = Vec::new();
    let mut per_hex: std::collections::HashMap<crate::rules::hex::Hex, u32> = Default::default();
    for u in &attackers {
        if u.is_leader() {
            att.push(UnitCv {
                unit: u.id,
                troops: 0,
                cv: leader_cv(p, u),
                why: format!(
                    "{} leader",
                    if u.command.is_general() {
                        "general"
                    } else {
                        "brigade"
                    }
                ),
            });
            continue;
        }
        let room = p
            .max_troops_per_hex
            .saturating_sub(*per_hex.get(&u.hex).unwrap_or(&0));
        let t = troops(p, u).min(room);
        *per_hex.entry(u.hex).or_default() += t;
        att.push(UnitCv {
            unit: u.id,
            troops: t,
            cv: t * p.cv_troop,
            why: format!("{t} troops × {}", p.cv_troop),
        });
    }
    let classes: Vec<Facing> = attackers
        .iter()
        .filter(|u| !u.is_leader())
        .filter_map(|u| Facing::between(d, u.hex))
        .collect();
    let isolated = |u: &Unit| u.isolated && board.params.optional.isolation_effects;
    let def: Vec<UnitCv> = defenders
        .iter()
        .map(|u| {
            if u.is_leader() {
                return UnitCv {
                    unit: u.id,
                    troops: 0,
                    cv: leader_cv(p, u),
                    why: "leader in the hex".into(),
                };
            }
            let t = troops(p, u);
            // The lowest value of the classes the attacks come through (flank 1 < rear 2).
            let by_class = |c: Class| match c {
                Class::Front => (p.cv_troop, "attacked in front"),
                Class::Flank => (p.cv_flank, "attacked in the flank"),
                Class::Rear => (p.cv_rear, "attacked in the rear"),
            };
            let lowest = classes
                .iter()
                .map(|s| by_class(class(u.facing, *s)))
                .min_by_key(|(cv, _)| *cv)
                .unwrap_or(by_class(Class::Front));
            let (per, why) = match (u.routed, isolated(u)) {
                (true, true) => (0, "routed and isolated".to_string()),
                (true, false) | (false, true) => (1, "routed or isolated".to_string()),
                _ => (lowest.0, lowest.1.to_string()),
            };
            UnitCv {
                unit: u.id,
                troops: t,
                cv: t * per,
                why: format!("{t} troops × {per} ({why})"),
            }
        })
        .collect();
    let attack_cv = att.iter().map(|c| c.cv).sum();
    let defence_cv = def.iter().map(|c| c.cv).sum();
    let raw_column = column(attack_cv, defence_cv);
    let map = &board.map;
    let hexes = decl.attacking_hexes(board);
    let ground = map.terrain(d);
    let higher = !hexes.is_empty() && hexes.iter().all(|h| map.elevation(d) > map.elevation(*h));
    let across = |h: &crate::rules::hex::Hex| {
        Facing::between(d, *h).is_some_and(|s| {
            map.features(d, s).iter().any(|f| {
                matches!(
                    f,
                    SideFeature::Stream
                        | SideFeature::Creek
                        | SideFeature::Ford
                        | SideFeature::Fence
                        | SideFeature::StoneWall
                        | SideFeature::Breastworks
                )
            })
        })
    };
    let attacker_hexes: Vec<_> = attackers
        .iter()
        .filter(|u| !u.is_leader())
        .map(|u| u.hex)
        .collect();
    let defence_bonus = if matches!(ground, Terrain::Forest | Terrain::Town) {
        Some(format!("{} (one column left)", ground.name()))
    } else if higher {
        Some("higher than every attacking hex (one column left)".into())
    } else if !attacker_hexes.is_empty() && attacker_hexes.iter().all(across) {
        Some("every attacker crosses a brook or a wall (one column left)".into())
    } else {
        None
    };
    let column = if defence_bonus.is_some() {
        raw_column.saturating_sub(p.defence_shift as usize)
    } else {
        raw_column
    };
    SectorBreakdown {
        attackers: att,
        defenders: def,
        attack_cv,
        defence_cv,
        raw_column,
        defence_bonus,
        column,
    }
}

/// What one row of the table does to this melee: the cell, and each unit's loss in men
/// (`u32::MAX` for a unit eliminated by ELIM).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RowResult {
    pub roll: u8,
    pub cell: Cell,
    pub losses: Vec<(UnitId, u32)>,
    pub eliminated: Vec<UnitId>,
}

fn factor(p: &BodenstedtParams, l: Letter) -> u32 {
    match l {
        Letter::None | Letter::Elim => 0,
        Letter::L => p.factor_l,
        Letter::M => p.factor_m,
        Letter::H => p.factor_h,
    }
}

/// The table's cell for a roll of `roll` (1–6) in `column`.
pub fn cell(p: &BodenstedtParams, column: usize, roll: u8) -> Result<Cell, String> {
    let i = (roll as usize - 1) * COLUMNS.len() + column;
    let text = p
        .table
        .get(i)
        .ok_or_else(|| format!("bodenstedt table: no cell for row {roll}, column {column}"))?;
    Cell::parse(text)
}

/// The exact result of a roll: losses by the letters (factors per troop of the inflicting
/// side, split over the suffering side's units by troops; a cavalryman costs 2 unless no
/// infantry or artillery fights on his side), ELIM's eliminations.
pub fn row_result(board: &Board, b: &SectorBreakdown, roll: u8) -> Result<RowResult, String> {
    let p = &board.params.bodenstedt;
    let c = cell(p, b.column, roll)?;
    let mut losses = Vec::new();
    let mut eliminated = Vec::new();
    let troops_of = |side: &[UnitCv]| side.iter().map(|u| u.troops).sum::<u32>();
    for (suffering, inflicting, letter) in [
        (&b.attackers, &b.defenders, c.attacker_letter),
        (&b.defenders, &b.attackers, c.defender_letter),
    ] {
        if letter == Letter::Elim {
            eliminated.extend(suffering.iter().map(|u| u.unit));
            continue;
        }
        let factors = factor(p, letter) * troops_of(inflicting);
        let own = troops_of(suffering);
        let units: Vec<&Unit> = suffering
            .iter()
            .filter_map(|u| board.unit(u.unit))
            .collect();
        let foot = units
            .iter()
            .any(|u| matches!(u.kind, UnitKind::Infantry | UnitKind::Artillery));
        for s in suffering.iter().filter(|s| s.troops > 0) {
            let Some(u) = board.unit(s.unit) else {
                continue;
            };
            let share = factors as f64 * s.troops as f64 / own.max(1) as f64;
            let cost = if u.kind == UnitKind::Cavalry && foot {
                2.0
            } else {
                1.0
            };
            let men = (share * p.men_per_factor as f64 / cost).floor() as u32;
            losses.push((s.unit, men.min(u.men)));
        }
    }
    Ok(RowResult {
        roll,
        cell: c,
        losses,
        eliminated,
    })
}

/// The loser of a cell (D-sys-7): the side with a negative digit; none or both, no decision.
pub fn winner(c: &Cell) -> Option<super::MeleeSide> {
    match (c.attacker_digit < 0, c.defender_digit < 0) {
        (false, true) => Some(super::MeleeSide::Attacker),
        (true, false) => Some(super::MeleeSide::Defender),
        _ => None,
    }
}

/// The exact odds: the one d6, six equally likely rows of the final column.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SectorOdds {
    pub attacker_wins: f64,
    pub no_decision: f64,
    pub defender_wins: f64,
    /// P(the defender retreats one hex), P(it routs 2–4 hexes), P(it is eliminated).
    pub defender_retreats: f64,
    pub defender_routs: f64,
    pub defender_eliminated: f64,
    pub expected_attacker_loss: f64,
    pub expected_defender_loss: f64,
    pub rows: Vec<RowResult>,
}

pub fn sector_odds(board: &Board, b: &SectorBreakdown) -> Result<SectorOdds, String> {
    let rows: Vec<RowResult> = (1..=6)
        .map(|r| row_result(board, b, r))
        .collect::<Result<_, _>>()?;
    let sixth = 1.0 / 6.0;
    let share =
        |f: &dyn Fn(&RowResult) -> bool| rows.iter().filter(|r| f(r)).count() as f64 * sixth;
    let attackers: Vec<UnitId> = b.attackers.iter().map(|u| u.unit).collect();
    let men = |r: &RowResult, mine: bool| -> f64 {
        r.losses
            .iter()
            .filter(|(id, _)| attackers.contains(id) == mine)
            .map(|(_, m)| *m as f64)
            .sum::<f64>()
    };
    let elim_men = |r: &RowResult, mine: bool| -> f64 {
        r.eliminated
            .iter()
            .filter(|id| attackers.contains(id) == mine)
            .filter_map(|id| board.unit(*id))
            .map(|u| u.men as f64)
            .sum::<f64>()
    };
    Ok(SectorOdds {
        attacker_wins: share(&|r| winner(&r.cell) == Some(super::MeleeSide::Attacker)),
        defender_wins: share(&|r| winner(&r.cell) == Some(super::MeleeSide::Defender)),
        no_decision: share(&|r| winner(&r.cell).is_none()),
        defender_retreats: share(&|r| r.cell.defender_digit == -1),
        defender_routs: share(&|r| r.cell.defender_digit <= -2 && r.eliminated.is_empty()),
        defender_eliminated: share(&|r| r.cell.defender_letter == Letter::Elim),
        expected_attacker_loss: rows
            .iter()
            .map(|r| men(r, true) + elim_men(r, true))
            .sum::<f64>()
            * sixth,
        expected_defender_loss: rows
            .iter()
            .map(|r| men(r, false) + elim_men(r, false))
            .sum::<f64>()
            * sixth,
        rows,
    })
}
