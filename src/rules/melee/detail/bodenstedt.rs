//! Bodenstedt's own record (seed 001, RULES.md §15.1): each unit's troops and combat value, the
//! column, and what each roll of the d6 does to the melee.

use serde::{Deserialize, Serialize};

use crate::rules::unit::UnitId;

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
    pub fn parse(s: &str) -> Result<Cell, TableError> {
        let bad = || TableError::BadCell(s.to_owned());
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
    /// What each roll of the d6 would do (rows 1–6), worked out at once: the odds and the
    /// resolution read them.
    #[serde(default)]
    pub rows: Vec<RowResult>,
}

/// What one row of the table does to this melee: the cell, and each unit's loss in men
/// (`u32::MAX` for a unit eliminated by ELIM).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RowResult {
    pub roll: u8,
    pub cell: Cell,
    pub losses: Vec<(UnitId, u32)>,
    pub eliminated: Vec<UnitId>,
    /// Men each side loses on this row: its losses and the men of its units ELIM takes.
    pub attacker_total: u32,
    pub defender_total: u32,
}

/// Why the Parameter Data's table gave no result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TableError {
    /// A cell that does not read as `+2/-3 L/H` (its text).
    BadCell(String),
    /// The table is short: no cell for this row (the roll) and column.
    NoCell { roll: u8, column: usize },
}

impl std::fmt::Display for TableError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TableError::BadCell(s) => {
                write!(f, "bodenstedt table cell `{s}`: expected like `+2/-3 L/H`")
            }
            TableError::NoCell { roll, column } => write!(
                f,
                "bodenstedt table: no cell for row {roll}, column {column}"
            ),
        }
    }
}

impl std::error::Error for TableError {}
