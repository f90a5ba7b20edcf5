//! Bodenstedt sector melee (seed 001, RULES.md §15.1), its numbers: troops, combat values by
//! hexside class, the odds column with the defence bonus, the melee morale and casualty table
//! (D-bod-7, Parameter Data), the exact outcome of each of the six rows, and the system behind
//! the melee-system seam: B1, the one d6, the losses, ELIM, retreats and routs of the loser
//! (D-sys-5), the whole attacking hexes of a losing attacker (D-bod-10).

pub use super::detail::bodenstedt::{Cell, Letter, RowResult, SectorBreakdown, TableError, UnitCv};
pub use crate::rules::params::bodenstedt::BodenstedtParams;

use serde::{Deserialize, Serialize};

use super::{Class, Declaration, class, fall_back};
use crate::rules::board::Board;
use crate::rules::combat::largest_remainder;
use crate::rules::hex::Facing;
use crate::rules::map::{SideFeature, Terrain};
use crate::rules::unit::{Crew, Unit, UnitId, UnitKind};

/// The columns of the table.
/// (In ASCII: the window's font has no ≤ or ≥.)
pub const COLUMNS: [&str; 6] = ["1:2 or worse", "1:1", "2:1", "3:1", "4:1", "5:1 or better"];

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

/// The §15.1 breakdown of a sector: troops, combat values by hexside class, the column and its
/// shifts. Long because it follows the seed's worked example step by step.
pub fn sector_breakdown(board: &Board, decl: &Declaration) -> SectorBreakdown {
    let p = &board.params.bodenstedt;
    let d = decl.defending_hex;
    let (attackers, defenders) = decl.sides(board);
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
            why: format!("{t} troops x {}", p.cv_troop),
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
                why: format!("{t} troops x {per} ({why})"),
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
    let mut b = SectorBreakdown {
        attackers: att,
        defenders: def,
        attack_cv,
        defence_cv,
        raw_column,
        defence_bonus,
        column,
        rows: Vec::new(),
    };
    // A table the Parameter Data spoils gives no rows: no losses, no decision.
    b.rows = (1..=6)
        .map(|r| row_result(board, &b, r))
        .collect::<Result<_, _>>()
        .unwrap_or_default();
    b
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
pub fn cell(p: &BodenstedtParams, column: usize, roll: u8) -> Result<Cell, TableError> {
    let i = (roll as usize - 1) * COLUMNS.len() + column;
    let text = p.table.get(i).ok_or(TableError::NoCell { roll, column })?;
    Cell::parse(text)
}

/// The exact result of a roll: losses by the letters (factors per troop of the inflicting
/// side, split over the suffering side's units by troops; a cavalryman costs 2 unless no
/// infantry or artillery fights on his side), ELIM's eliminations.
pub fn row_result(board: &Board, b: &SectorBreakdown, roll: u8) -> Result<RowResult, TableError> {
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
        let units: Vec<&Unit> = suffering
            .iter()
            .filter_map(|u| board.unit(u.unit))
            .collect();
        let foot = units
            .iter()
            .any(|u| matches!(u.kind, UnitKind::Infantry | UnitKind::Artillery));
        // §15.1 with D-cr-1: whole factors go to the units by troops, largest remainder
        // first, and only then become men (a share's fraction is a factor, not lost).
        let sharing: Vec<(&UnitCv, &Unit)> = suffering
            .iter()
            .filter(|s| s.troops > 0)
            .filter_map(|s| board.unit(s.unit).map(|u| (s, u)))
            .collect();
        if sharing.is_empty() {
            continue;
        }
        let weights: Vec<f64> = sharing.iter().map(|(s, _)| s.troops as f64).collect();
        for ((s, u), whole) in sharing.iter().zip(largest_remainder(factors, &weights)) {
            let cost = if u.kind == UnitKind::Cavalry && foot {
                2
            } else {
                1
            };
            let men = whole * p.men_per_factor / cost;
            losses.push((s.unit, men.min(u.men)));
        }
    }
    let attackers: Vec<UnitId> = b.attackers.iter().map(|u| u.unit).collect();
    let total = |mine: bool| -> u32 {
        let lost: u32 = losses
            .iter()
            .filter(|(id, _)| attackers.contains(id) == mine)
            .map(|(_, m)| *m)
            .sum();
        let gone: u32 = eliminated
            .iter()
            .filter(|id| attackers.contains(id) == mine)
            .filter_map(|id| board.unit(*id))
            .map(|u| u.men)
            .sum();
        lost + gone
    };
    Ok(RowResult {
        roll,
        cell: c,
        attacker_total: total(true),
        defender_total: total(false),
        losses,
        eliminated,
    })
}

/// The winner of a cell (D-sys-7): the side without a negative digit when the other has one;
/// none or both negative, no decision.
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

pub fn sector_odds(b: &SectorBreakdown) -> SectorOdds {
    // The rows were worked out with the breakdown; each is one face of the d6.
    let rows = b.rows.clone();
    let sixth = 1.0 / rows.len().max(1) as f64;
    let share =
        |f: &dyn Fn(&RowResult) -> bool| rows.iter().filter(|r| f(r)).count() as f64 * sixth;
    SectorOdds {
        attacker_wins: share(&|r| winner(&r.cell) == Some(super::MeleeSide::Attacker)),
        defender_wins: share(&|r| winner(&r.cell) == Some(super::MeleeSide::Defender)),
        no_decision: share(&|r| winner(&r.cell).is_none()),
        defender_retreats: share(&|r| r.cell.defender_digit == -1),
        defender_routs: share(&|r| r.cell.defender_digit <= -2 && r.eliminated.is_empty()),
        defender_eliminated: share(&|r| r.cell.defender_letter == Letter::Elim),
        expected_attacker_loss: rows.iter().map(|r| r.attacker_total as f64).sum::<f64>() * sixth,
        expected_defender_loss: rows.iter().map(|r| r.defender_total as f64).sum::<f64>() * sixth,
        rows,
    }
}

/// Seed 001's melee system.
pub struct Bodenstedt;

/// §9.1 with rule 3 replaced by B1: infantry and dismounted cavalry may not attack a hex
/// holding mounted cavalry unless it is Town or Forest, or the cavalry is Isolated (D-bod-1).
pub fn bodenstedt_check(board: &Board, decl: &Declaration) -> Vec<super::Refusal> {
    let mut out: Vec<super::Refusal> = super::check(board, decl)
        .into_iter()
        .filter(|r| r.rule != 3)
        .collect();
    let d = decl.defending_hex;
    let Some(side) = decl.side(board) else {
        return out;
    };
    let sheltered = matches!(board.map.terrain(d), Terrain::Town | Terrain::Forest);
    let cavalry = board
        .units_at(d)
        .any(|u| u.side != side && u.is_mounted_cavalry() && !u.isolated);
    if cavalry && !sheltered {
        for id in &decl.attackers {
            let Some(u) = board.unit(*id) else { continue };
            if u.kind == UnitKind::Infantry || u.is_dismounted_cavalry() {
                out.push(super::Refusal::system(
                    "B1",
                    Some(u.id),
                    format!(
                        "{} {} may not attack mounted cavalry in the open",
                        u.kind.name(),
                        u.name
                    ),
                ));
            }
        }
    }
    out
}

/// The seam's breakdown: the CVs as the strengths, troops as the split weights, the column and
/// its bonus as modifiers, the rows' loss extremes as the loss ranges, and the sector
/// breakdown itself for the odds and the resolution.
pub fn bodenstedt_breakdown(board: &Board, decl: &Declaration) -> super::Breakdown {
    use super::{MeleeSide, Modifier, UnitStrength};
    let sb = sector_breakdown(board, decl);
    let strengths = |side: &[UnitCv]| -> Vec<UnitStrength> {
        side.iter()
            .filter_map(|c| {
                let u = board.unit(c.unit)?;
                Some(UnitStrength {
                    unit: c.unit,
                    name: u.name.clone(),
                    nominal: u.men,
                    strength: c.troops as f64,
                    adjustments: vec![format!("CV {}: {}", c.cv, c.why)],
                    capacity: super::breakdown::capacity(board, u),
                })
            })
            .collect()
    };
    let (att, def) = (strengths(&sb.attackers), strengths(&sb.defenders));
    let total = |r: &RowResult, mine: bool| -> f64 {
        if mine {
            r.attacker_total as f64
        } else {
            r.defender_total as f64
        }
    };
    let range = |mine: bool| {
        let v: Vec<f64> = sb.rows.iter().map(|r| total(r, mine)).collect();
        [
            v.iter()
                .cloned()
                .fold(f64::INFINITY, f64::min)
                .min(1e12)
                .max(0.0),
            v.iter().cloned().fold(0.0, f64::max),
        ]
    };
    let mut modifiers = vec![Modifier {
        side: MeleeSide::Attacker,
        kind: super::ModifierKind::Working(format!(
            "odds {}:{} -> column {}",
            sb.attack_cv, sb.defence_cv, COLUMNS[sb.raw_column]
        )),
        percent: 0,
    }];
    if let Some(why) = &sb.defence_bonus {
        modifiers.push(Modifier {
            side: MeleeSide::Defender,
            kind: super::ModifierKind::Working(format!("{why}: column {}", COLUMNS[sb.column])),
            percent: 0,
        });
    }
    super::Breakdown {
        attacker_capacity: att.iter().map(|s| s.capacity).sum(),
        defender_capacity: def.iter().map(|s| s.capacity).sum(),
        attackers: att,
        defenders: def,
        attack_base: sb.attack_cv as f64,
        defence_base: sb.defence_cv as f64,
        modifiers,
        attack_factor: 1.0,
        defence_factor: 1.0,
        attack_strength: sb.attack_cv as f64,
        defence_strength: sb.defence_cv as f64,
        cavalry_rule: false,
        attacker_loss_range: range(true),
        defender_loss_range: range(false),
        bridge_damage: false,
        system: crate::rules::params::MeleeSystemName::Bodenstedt,
        detail: super::Detail::Bodenstedt(Box::new(sb)),
    }
}

/// The odds from the six rows (D-sys-6): P(attacker wins) and the expected losses.
pub fn bodenstedt_odds(sb: &SectorBreakdown) -> super::Odds {
    let o = sector_odds(sb);
    super::Odds {
        attacker_win_probability: o.attacker_wins,
        expected_attacker_loss: o.expected_attacker_loss,
        expected_defender_loss: o.expected_defender_loss,
    }
}

/// The d6, the row's losses and ELIM, the digits: the loser retreats one hex (−1) or routs
/// 2–4 (−2…−4); a losing attacker is every unit of its attacking hexes (D-bod-10).
pub fn bodenstedt_results(
    board: &mut Board,
    r: &mut super::Resolution,
    sb: &SectorBreakdown,
    rng: &mut impl rand::Rng,
) {
    use super::MeleeSide;
    use rand::RngExt;
    let roll = rng.random_range(1..=6u8);
    r.out.attacker_roll = roll as u32;
    r.out.defender_roll = roll as u32;
    let Some(row) = sb.rows.get(roll as usize - 1).cloned() else {
        return;
    };
    let loser = match winner(&row.cell) {
        Some(MeleeSide::Attacker) => Some(MeleeSide::Defender),
        Some(MeleeSide::Defender) => Some(MeleeSide::Attacker),
        None => None,
    };
    r.out.loser = loser;
    let ids: Vec<UnitId> = r.attackers.clone();
    for &(id, men) in &row.losses {
        super::resolve::take_system_loss(board, r, id, men, loser, rng);
    }
    for &id in &row.eliminated {
        if let Some(u) = board.remove(id) {
            if ids.contains(&id) {
                r.out.attacker_loss += u.men;
            } else {
                r.out.defender_loss += u.men;
            }
            r.out.eliminated.push(crate::rules::melee::Elimination {
                unit: id,
                reason: crate::rules::melee::EliminationReason::Elim,
                captured: true,
                men: u.men,
                guns: u.guns,
            });
        }
    }
    let d = r.out.declaration.defending_hex;
    // +n: the committed attackers may advance up to n hexes (D-bod-8); the shared advance takes
    // the first, a player the rest.
    if row.cell.attacker_digit > 0 && loser == Some(MeleeSide::Defender) {
        let n = row.cell.attacker_digit as u32;
        crate::rules::advance::grant(board, &ids, n);
    }
    // A routing defender runs now; a retreat of one hex is the shared §10 step that follows.
    if row.cell.defender_digit <= -2 {
        let n = row.cell.defender_digit.unsigned_abs() as u32;
        for id in r.defenders.clone() {
            if board.unit(id).is_none() || crate::rules::retreat::cannot_retreat(board, id) {
                continue;
            }
            fall_back(board, id, &r.hexes, n, true, &mut r.out);
        }
    }
    if row.cell.attacker_digit < 0 {
        let n = row.cell.attacker_digit.unsigned_abs() as u32;
        let side = ids.first().and_then(|id| board.unit(*id)).map(|u| u.side);
        let whole: Vec<UnitId> = board
            .units
            .iter()
            .filter(|u| Some(u.side) == side && r.hexes.contains(&u.hex))
            .map(|u| u.id)
            .collect();
        // D-bod-10: the beaten sector leaves the melees still waiting; one left with nobody
        // is called off when its turn comes.
        for p in &mut board.pending {
            p.attackers.retain(|id| !whole.contains(id));
        }
        for id in whole {
            if crate::rules::retreat::cannot_retreat(board, id) {
                continue;
            }
            fall_back(board, id, &[d], n, n >= 2, &mut r.out);
        }
    }
}

impl super::MeleeSystem for Bodenstedt {
    type Detail = SectorBreakdown;
    type Rolled = ();

    fn name(&self) -> crate::rules::params::MeleeSystemName {
        crate::rules::params::MeleeSystemName::Bodenstedt
    }
    fn check(&self, board: &Board, decl: &Declaration) -> Vec<super::Refusal> {
        bodenstedt_check(board, decl)
    }
    fn breakdown(&self, board: &Board, decl: &Declaration) -> super::Breakdown {
        bodenstedt_breakdown(board, decl)
    }
    /// Its odds run its six rows against each other: about 7 µs with its breakdown for the
    /// worst case of the melee bench.
    fn odds_work(&self, _units: usize) -> usize {
        50
    }
    fn odds(&self, _: &super::Breakdown, sb: &SectorBreakdown) -> super::Odds {
        bodenstedt_odds(sb)
    }
    fn combat_results(
        &self,
        board: &mut Board,
        r: &mut super::Resolution,
        sb: &SectorBreakdown,
        rng: &mut rand_chacha::ChaCha8Rng,
    ) {
        bodenstedt_results(board, r, sb, rng)
    }
    /// §15.1: the table's digit is the morale; no check follows a lost melee.
    fn checks_after_retreat(&self) -> bool {
        false
    }
    fn outcomes(&self, _: &super::Breakdown, sb: &SectorBreakdown) -> Option<super::Outcomes> {
        let o = sector_odds(sb);
        Some(super::Outcomes {
            attacker_wins: o.attacker_wins,
            no_decision: o.no_decision,
            defender_wins: o.defender_wins,
            defender_retreats: o.defender_retreats,
            defender_routs: o.defender_routs,
            // ELIM takes the whole losing side: the defender's third fate here.
            defender_surrenders: o.defender_eliminated,
            expected_attacker_loss: o.expected_attacker_loss,
            expected_defender_loss: o.expected_defender_loss,
        })
    }
    /// The six rows, equally likely.
    fn endings(
        &self,
        board: &Board,
        _: &super::Breakdown,
        sb: &SectorBreakdown,
    ) -> Option<Vec<super::Ending>> {
        let sixth = 1.0 / sb.rows.len().max(1) as f64;
        Some(
            sb.rows
                .iter()
                .map(|r| super::Ending {
                    weight: sixth,
                    attacker_loss: r.attacker_total,
                    defender_loss: r.defender_total,
                    defender_moves: r.cell.defender_digit < 0,
                    defender_loses: winner(&r.cell) == Some(super::MeleeSide::Attacker),
                    gone: r
                        .eliminated
                        .iter()
                        .map(|id| (*id, 1.0))
                        .chain(
                            r.losses
                                .iter()
                                .map(|(id, m)| super::gone_by_share(board, *id, *m)),
                        )
                        .collect(),
                })
                .collect(),
        )
    }
}

impl super::MeleeShow for Bodenstedt {
    fn description(&self) -> &'static str {
        "Bodenstedt (seed 001): combat values by troop and flank, one d6 on the morale and casualty table"
    }
    fn odds_words(&self, b: &super::Breakdown, sb: &SectorBreakdown) -> Option<String> {
        use super::MeleeSystem;
        Some(format!(
            "Bodenstedt CV {}:{} column {}: {}",
            sb.attack_cv,
            sb.defence_cv,
            COLUMNS[sb.column],
            self.outcomes(b, sb)?.words("ELIM")
        ))
    }
    fn own_losses(&self) -> bool {
        true
    }
    /// The CVs, the column (and the defence bonus), and the row the d6 gave.
    fn report_lines(
        &self,
        _: &super::Breakdown,
        sb: &SectorBreakdown,
        _: Option<&()>,
        o: &super::MeleeOutcome,
        _name: &dyn Fn(UnitId) -> String,
    ) -> Vec<String> {
        let mut out = vec![format!(
            "  odds {}:{} -> {}{}",
            sb.attack_cv,
            sb.defence_cv,
            COLUMNS[sb.raw_column],
            sb.defence_bonus
                .as_ref()
                .map_or(String::new(), |w| format!(", {w}: {}", COLUMNS[sb.column]))
        )];
        if let Some(row) = sb.rows.get((o.attacker_roll as usize).saturating_sub(1)) {
            let c = row.cell;
            out.push(format!(
                "  d6 {}: attacker {:+} {:?}, defender {:+} {:?}",
                o.attacker_roll,
                c.attacker_digit,
                c.attacker_letter,
                c.defender_digit,
                c.defender_letter
            ));
        }
        out
    }
    /// Its CVs, column and the six rows.
    fn json(
        &self,
        _: &super::Breakdown,
        sb: &SectorBreakdown,
    ) -> Option<(&'static str, serde_json::Value)> {
        Some(("sector", serde_json::to_value(sb).ok()?))
    }
}
