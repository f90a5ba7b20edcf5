//! Impetus melee (seed 002, RULES.md §15.2): each side's lead unit scores a die plus its
//! impetus and modifiers, both lose men by the other's score, both check morale, and the
//! fight goes on for up to three rounds on the same four dice while the defender falls back
//! and the attacker follows up.

pub use crate::rules::params::impetus::ImpetusParams;

use rand::RngExt;
use serde::{Deserialize, Serialize};

use super::resolve::{Resolution, take_system_loss};
use super::{Breakdown, Declaration, MeleeSide, MeleeSystem, Modifier, Odds, UnitStrength};
use super::{Class, class, fall_back};
use crate::rules::board::Board;
use crate::rules::combat::split_loss;
use crate::rules::hex::{Facing, Hex};
use crate::rules::map::{SideFeature, Terrain};
use crate::rules::params::MeleeSystemName;
use crate::rules::refusal::Refusal;
use crate::rules::retreat::{self, RetreatChoice};
use crate::rules::unit::{FatigueLevel, Formation, Quality, Unit, UnitId, UnitKind};

/// A morale result (D-imp-7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Morale {
    /// Stand.
    S,
    /// Stand, Disordered.
    SD,
    /// Fall back one hex keeping facing.
    FB,
    /// Forced back: one hex, Disordered, extra losses.
    FC,
    /// Rout.
    R,
}

impl Morale {
    pub fn code(self) -> &'static str {
        match self {
            Morale::S => "S",
            Morale::SD => "S/D",
            Morale::FB => "FB",
            Morale::FC => "FC",
            Morale::R => "R",
        }
    }

    fn moves(self) -> bool {
        matches!(self, Morale::FB | Morale::FC | Morale::R)
    }

    /// The result of `die` on column `c`: net = die + 5 − c.
    pub fn of(die: u8, column: i32) -> Morale {
        match die as i32 + 5 - column {
            n if n >= 3 => Morale::S,
            2 => Morale::SD,
            1 => Morale::FB,
            0 => Morale::FC,
            _ => Morale::R,
        }
    }
}

/// What a side's lead unit is, for its impetus.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum LeadKind {
    MountedCavalry,
    InfantryColumn,
    InfantryLine,
    DismountedCavalry,
    Square,
    ArtilleryUnlimbered,
    /// Limbered guns and wagons.
    Limbered,
}

impl LeadKind {
    fn of(u: &Unit, square: bool) -> LeadKind {
        match (u.kind, u.formation) {
            (UnitKind::Infantry, Formation::Column) if square => LeadKind::Square,
            (UnitKind::Infantry, Formation::Column) => LeadKind::InfantryColumn,
            (UnitKind::Infantry, _) => LeadKind::InfantryLine,
            (UnitKind::Cavalry, Formation::Mounted) => LeadKind::MountedCavalry,
            (UnitKind::Cavalry, _) => LeadKind::DismountedCavalry,
            (UnitKind::Artillery, Formation::Unlimbered) => LeadKind::ArtilleryUnlimbered,
            _ => LeadKind::Limbered,
        }
    }

    /// [charging attacker, other attacker, defender that stood].
    fn values(self, p: &ImpetusParams) -> [i32; 3] {
        match self {
            LeadKind::MountedCavalry => p.mounted_cavalry,
            LeadKind::InfantryColumn => p.infantry_column,
            LeadKind::InfantryLine => p.infantry_line,
            LeadKind::DismountedCavalry => p.dismounted_cavalry,
            LeadKind::Square => [p.infantry_column[0], p.infantry_column[1], p.square],
            LeadKind::ArtilleryUnlimbered => [0, 0, p.artillery_unlimbered],
            LeadKind::Limbered => [0, 0, p.artillery_limbered],
        }
    }

    fn infantry_or_artillery(self) -> bool {
        !matches!(self, LeadKind::MountedCavalry | LeadKind::DismountedCavalry)
    }
}

/// One side as its lead unit rates it (D-sys-4), with the modifiers that do not change from
/// round to round.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ImpetusSide {
    pub lead: Option<UnitId>,
    pub lead_name: String,
    pub kind: LeadKind,
    pub charging: bool,
    /// Round 1's impetus (before Disordered halves it).
    pub impetus: i32,
    /// The "other attacker" value (an attacker's later rounds).
    pub other: i32,
    /// Morale value M.
    pub morale: i32,
    pub disordered: bool,
    /// Men in the melee (crews for batteries; leaders none).
    pub men: u32,
    /// Score modifiers fixed for the melee (quality, leader, fatigue), by name.
    pub score: Vec<(String, i32)>,
    /// Morale column modifiers fixed for the melee (contact, leader, fatigue), by name.
    pub column: Vec<(String, i32)>,
}

impl ImpetusSide {
    fn fixed_score(&self) -> i32 {
        self.score.iter().map(|(_, v)| v).sum()
    }
    fn fixed_column(&self) -> i32 {
        self.column.iter().map(|(_, v)| v).sum()
    }
}

/// Where the defender stands in a round: the defending hex, then each hex it is predicted to
/// fall back to (§15.2 odds: retreat hexes predicted at declaration).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Ground {
    pub hex: Hex,
    /// The defender's score modifiers from its ground, by name.
    pub score: Vec<(String, i32)>,
}

/// The §15.2 breakdown: both sides' ratings, the contact, whether cavalry must close with a
/// square, and the grounds the rounds are fought on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ImpetusBreakdown {
    pub attacker: ImpetusSide,
    pub defender: ImpetusSide,
    pub contact: Class,
    /// The defender forms square against mounted cavalry (D-imp-2).
    pub square: bool,
    /// The attacker must first close to contact (cavalry against a square).
    pub close_to_contact: bool,
    pub follow_up: bool,
    /// Whether the committed attackers have a hex to fall back to (else FB becomes FC).
    pub attacker_can_fall_back: bool,
    /// Whether every defender can leave its hex (guns that cannot retreat hold it).
    pub defender_mobile: bool,
    /// [0] the defending hex; [k] where the defender stands after falling back k times. It
    /// ends where the defender would have no hex to fall back to (then it surrenders).
    pub grounds: Vec<Ground>,
    pub params: ImpetusParams,
}

/// One round as fought.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Round {
    /// [attacker, defender].
    pub impetus: [i32; 2],
    pub scores: [i32; 2],
    pub losses: [u32; 2],
    pub columns: [i32; 2],
    pub results: [Morale; 2],
    /// The defender's ground for this round (index into `grounds`).
    pub ground: usize,
}

/// What the four (five) dice make of a melee: deterministic given the dice.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Fight {
    /// The cavalry's close-to-contact result, when it had to close with a square.
    pub closing: Option<Morale>,
    pub rounds: Vec<Round>,
    /// Men each side lost, the FC and rout losses included.
    pub attacker_loss: u32,
    pub defender_loss: u32,
    /// The first movement result of each side (FB, FC or R).
    pub attacker_moved: Option<Morale>,
    pub defender_moved: Option<Morale>,
    /// How many hexes the defender fell back.
    pub defender_fell_back: u32,
    /// The defender routed, in whichever round (D-sys-8: its end state).
    #[serde(default)]
    pub defender_routed: bool,
    /// The defender had to fall back with no hex to go to.
    pub surrendered: bool,
    /// Mounted cavalry broke off after losing a round to infantry or artillery.
    pub broke_off: bool,
    pub attacker_disordered: bool,
    pub defender_disordered: bool,
    pub loser: Option<MeleeSide>,
}

impl Fight {
    /// What became of the defender by the end of the whole melee (D-sys-8): it surrendered,
    /// else it routed (in any round: one that fell back first and routed later has routed),
    /// else it fell back.
    pub fn defender_fate(&self) -> super::Fate {
        if self.surrendered {
            super::Fate::Surrenders
        } else if self.defender_routed {
            super::Fate::Routs
        } else if self.defender_moved.is_some() {
            super::Fate::Retreats
        } else {
            super::Fate::Stays
        }
    }
}

fn halve(impetus: i32, disordered: bool) -> i32 {
    if disordered { impetus / 2 } else { impetus }
}

/// +1, +2, +3 for ≥1.5×, ≥2×, ≥3× the enemy's men.
fn ratio(mine: u32, theirs: u32) -> i32 {
    let (m, t) = (mine as u64 * 2, theirs as u64);
    if m >= 6 * t {
        3
    } else if m >= 4 * t {
        2
    } else if m >= 3 * t {
        1
    } else {
        0
    }
}

/// `pct` % of `men`, rounded half to even: the rounding §15.2's worked example uses (450 men at
/// score 5 lose 22.5 → 22, not 10 % of 230).
fn percent(men: u32, pct: f64) -> u32 {
    (men as f64 * pct / 100.0).round_ties_even() as u32
}

/// The morale column of a side after a round: M, lost the round, lost ≥10 % in this melee,
/// Disordered, and the fixed modifiers.
fn column(side: &ImpetusSide, own: i32, enemy: i32, lost: u32, disordered: bool) -> i32 {
    let mut c = side.morale + side.fixed_column();
    if own < enemy {
        c += if enemy - own >= 3 { 2 } else { 1 };
    }
    // (A side of no men has lost nothing to count.)
    if lost * 10 >= side.men.max(1) {
        c += 1;
    }
    if disordered {
        c += 1;
    }
    c
}

/// The melee as the dice [c, attacker score, defender score, attacker morale, defender morale]
/// make it (c read only when cavalry closes with a square).
///
/// Long because §15.2's rounds read the same five dice in a fixed order; the round loop and its
/// ending conditions are kept together.
pub fn fight(b: &ImpetusBreakdown, dice: [u8; 5]) -> Fight {
    let p = &b.params;
    let (a, d) = (&b.attacker, &b.defender);
    let mut f = Fight {
        closing: None,
        rounds: Vec::new(),
        attacker_loss: 0,
        defender_loss: 0,
        attacker_moved: None,
        defender_moved: None,
        defender_fell_back: 0,
        defender_routed: false,
        surrendered: false,
        broke_off: false,
        attacker_disordered: a.disordered,
        defender_disordered: d.disordered,
        loser: None,
    };
    let (mut men_a, mut men_d) = (a.men, d.men);
    if b.close_to_contact {
        let c = dice[0];
        let closing = Morale::of(c, a.morale + 2);
        f.closing = Some(closing);
        match closing {
            Morale::S => {}
            Morale::SD => f.attacker_disordered = true,
            _ => {
                // No melee: the cavalry takes the same die read on its own column.
                let r = Morale::of(c, a.morale);
                apply_attacker(b, &mut f, r, men_a, false);
                f.loser = f.attacker_moved.map(|_| MeleeSide::Attacker);
                return f;
            }
        }
    }
    let [_, die_a, die_d, morale_a, morale_d] = dice;
    let mut imp = [a.impetus, d.impetus];
    let mut ground = 0;
    for _ in 0..p.max_rounds.max(1) {
        let g = &b.grounds[ground];
        let terrain: i32 = g.score.iter().map(|(_, v)| v).sum();
        let s_a = (die_a as i32
            + halve(imp[0], f.attacker_disordered)
            + a.fixed_score()
            + ratio(men_a, men_d))
        .max(0);
        let s_d = (die_d as i32
            + halve(imp[1], f.defender_disordered)
            + d.fixed_score()
            + terrain
            + ratio(men_d, men_a))
        .max(0);
        let loss_a = percent(men_d * s_d as u32, p.loss_pct_per_point).min(men_a);
        let loss_d = percent(men_a * s_a as u32, p.loss_pct_per_point).min(men_d);
        men_a -= loss_a;
        men_d -= loss_d;
        f.attacker_loss += loss_a;
        f.defender_loss += loss_d;
        let c_a = column(a, s_a, s_d, f.attacker_loss, f.attacker_disordered);
        let c_d = column(d, s_d, s_a, f.defender_loss, f.defender_disordered);
        let (r_a, r_d) = (Morale::of(morale_a, c_a), Morale::of(morale_d, c_d));
        f.rounds.push(Round {
            impetus: [
                halve(imp[0], f.attacker_disordered),
                halve(imp[1], f.defender_disordered),
            ],
            scores: [s_a, s_d],
            losses: [loss_a, loss_d],
            columns: [c_a, c_d],
            results: [r_a, r_d],
            ground,
        });
        let both_routed = r_a == Morale::R && r_d == Morale::R;
        apply_attacker(b, &mut f, r_a, men_a, both_routed);
        let defender_to = apply_defender(b, &mut f, r_d, &mut men_d, ground, both_routed);
        if r_a.moves() || r_d.moves() {
            // `defender_to` is a ground only for a defender that can leave; after the last
            // round following up would change nothing.
            let follows = matches!(r_d, Morale::FB | Morale::FC)
                && !r_a.moves()
                && b.follow_up
                && defender_to.is_some();
            if !follows {
                break;
            }
            // The attacker follows into the vacated hex: charging kept after FC.
            ground = defender_to.unwrap_or(ground);
            imp = [
                if r_d == Morale::FC {
                    a.impetus
                } else {
                    a.other + p.follow_up_bonus
                },
                0,
            ];
            continue;
        }
        // No movement: cavalry that lost the round to foot or guns breaks off.
        let lost_a =
            s_a < s_d && a.kind == LeadKind::MountedCavalry && d.kind.infantry_or_artillery();
        let lost_d =
            s_d < s_a && d.kind == LeadKind::MountedCavalry && a.kind.infantry_or_artillery();
        if lost_a || lost_d {
            f.broke_off = true;
            break;
        }
        imp = [a.other, imp[1]];
    }
    f.loser = match (f.attacker_moved.is_some(), f.defender_moved.is_some()) {
        (true, false) => Some(MeleeSide::Attacker),
        (false, true) => Some(MeleeSide::Defender),
        _ => None,
    };
    f
}

/// Applies the attacker's result. Its men after the extra losses are not needed: an attacker
/// that moves ends the melee.
fn apply_attacker(b: &ImpetusBreakdown, f: &mut Fight, r: Morale, men: u32, both: bool) {
    let p = &b.params;
    let r = if r == Morale::FB && !b.attacker_can_fall_back {
        Morale::FC
    } else {
        r
    };
    match r {
        Morale::S => {}
        Morale::SD => f.attacker_disordered = true,
        Morale::FB => {}
        Morale::FC => {
            f.attacker_disordered = true;
            f.attacker_loss += percent(men, p.fc_loss_pct).min(men);
        }
        Morale::R => {
            if !both {
                f.attacker_loss += percent(men, p.rout_loss_pct).min(men);
            }
        }
    }
    if r.moves() && f.attacker_moved.is_none() {
        f.attacker_moved = Some(r);
    }
}

/// Applies the defender's result; returns the ground it falls back to, if it falls back.
fn apply_defender(
    b: &ImpetusBreakdown,
    f: &mut Fight,
    r: Morale,
    men: &mut u32,
    ground: usize,
    both: bool,
) -> Option<usize> {
    let p = &b.params;
    let next = (ground + 1 < b.grounds.len() && b.defender_mobile).then_some(ground + 1);
    let r = if r == Morale::FB && next.is_none() {
        Morale::FC
    } else {
        r
    };
    match r {
        Morale::S | Morale::FB => {}
        Morale::SD => f.defender_disordered = true,
        Morale::FC => {
            f.defender_disordered = true;
            let extra = percent(*men, p.fc_loss_pct).min(*men);
            *men -= extra;
            f.defender_loss += extra;
        }
        // Routers are not followed (D-imp-5): the men left after this are not needed.
        Morale::R => {
            if !both {
                f.defender_loss += percent(*men, p.rout_loss_pct).min(*men);
            }
        }
    }
    if !r.moves() {
        return None;
    }
    if f.defender_moved.is_none() {
        f.defender_moved = Some(r);
    }
    if r == Morale::R {
        f.defender_routed = true;
        return None;
    }
    if next.is_none() && ground + 1 >= b.grounds.len() {
        f.surrendered = true;
        return None;
    }
    f.defender_fell_back += 1;
    next
}

fn morale_value(p: &ImpetusParams, u: &Unit) -> i32 {
    let i = match u.quality {
        Quality::A => 0,
        Quality::B => 1,
        Quality::C => 2,
        Quality::D => 3,
        Quality::E => 4,
        Quality::F => 5,
    };
    let m = p.morale[i] - i32::from(u.morale_bonus);
    m.max(p.morale_floor)
}

/// Charging (D-imp-1): it spent at least `charge_fraction` of its allowance this turn.
pub fn charging(board: &Board, u: &Unit) -> bool {
    let allowance = crate::rules::movement::allowance(&board.params, u);
    allowance > 0
        && u.marks.mp_used as f64 >= board.params.impetus.charge_fraction * allowance as f64
}

fn quality_score(q: Quality) -> i32 {
    match q {
        Quality::A | Quality::B => 1,
        Quality::E | Quality::F => -1,
        _ => 0,
    }
}

fn fatigue(u: &Unit) -> i32 {
    match u.fatigue_level() {
        FatigueLevel::High => 1,
        FatigueLevel::Maximum => 2,
        _ => 0,
    }
}

fn side(
    board: &Board,
    units: &[&Unit],
    attacking: bool,
    square: bool,
    charge: bool,
) -> ImpetusSide {
    let p = &board.params.impetus;
    let lead = super::lead_unit(units, &board.params);
    let kind = lead.map_or(LeadKind::Limbered, |u| LeadKind::of(u, square));
    let values = kind.values(p);
    let stood = lead.is_some_and(|u| !u.routed && !u.marks.retreated);
    let impetus = if attacking {
        if charge { values[0] } else { values[1] }
    } else if stood {
        values[2]
    } else {
        0
    };
    let mut score = Vec::new();
    let mut column = Vec::new();
    if let Some(u) = lead {
        let q = quality_score(u.quality);
        if q != 0 {
            score.push((format!("quality {:?}", u.quality), q));
        }
        if fatigue(u) > 0 {
            score.push((format!("fatigue {}", u.fatigue_level().name()), -fatigue(u)));
            column.push((format!("fatigue {}", u.fatigue_level().name()), fatigue(u)));
        }
    }
    if units.iter().any(|u| u.is_leader()) {
        score.push(("leader with the side".into(), 1));
        column.push(("leader with the side".into(), -1));
    }
    ImpetusSide {
        lead: lead.map(|u| u.id),
        lead_name: lead.map_or_else(String::new, |u| u.name.clone()),
        kind,
        charging: attacking && charge,
        impetus,
        other: values[1],
        morale: lead.map_or(p.morale[5], |u| morale_value(p, u)),
        disordered: lead.is_some_and(|u| u.disrupted),
        men: units.iter().filter(|u| !u.is_leader()).map(|u| u.men).sum(),
        score,
        column,
    }
}

/// The defender's score modifiers from the ground at `hex`, attacked from `from`.
fn ground(board: &Board, hex: Hex, from: &[Hex], cavalry: bool) -> Ground {
    let map = &board.map;
    let mut score = Vec::new();
    if matches!(map.terrain(hex), Terrain::Town | Terrain::Forest) {
        let v = if cavalry { 2 } else { 1 };
        score.push((
            format!(
                "{:?} against {}",
                map.terrain(hex),
                if cavalry { "mounted cavalry" } else { "foot" }
            ),
            v,
        ));
    }
    if !from.is_empty() && from.iter().all(|h| map.elevation(hex) > map.elevation(*h)) {
        score.push(("higher than every attacking hex".into(), 1));
    }
    let crossing = |strong: bool| {
        !from.is_empty()
            && from.iter().all(|h| {
                Facing::between(*h, hex).is_some_and(|f| {
                    map.features(*h, f).iter().any(|s| {
                        if strong {
                            matches!(
                                s,
                                SideFeature::StoneWall
                                    | SideFeature::Breastworks
                                    | SideFeature::Embankment
                            )
                        } else {
                            matches!(
                                s,
                                SideFeature::StoneWall
                                    | SideFeature::Breastworks
                                    | SideFeature::Embankment
                                    | SideFeature::Fence
                                    | SideFeature::Stream
                                    | SideFeature::Creek
                                    | SideFeature::Ford
                            )
                        }
                    })
                })
            })
    };
    if crossing(true) {
        score.push((
            "every attacker crosses a wall, breastworks or embankment".into(),
            2,
        ));
    } else if crossing(false) {
        score.push(("every attacker crosses a fence, stream or creek".into(), 1));
    }
    Ground { hex, score }
}

/// The §15.2 breakdown of a declaration.
pub fn impetus_breakdown(board: &Board, decl: &Declaration) -> ImpetusBreakdown {
    let p = board.params.impetus.clone();
    let d = decl.defending_hex;
    let (attackers, defenders) = decl.sides(board);
    let hexes = decl.attacking_hexes(board);
    let lead_a = super::lead_unit(&attackers, &board.params);
    let lead_d = super::lead_unit(&defenders, &board.params);
    let cavalry = lead_a.is_some_and(|u| u.is_mounted_cavalry());
    let square = cavalry
        && lead_d.is_some_and(|u| u.kind == UnitKind::Infantry && u.formation == Formation::Column);
    // Contact: the best class of a committed non-leader against the lead defender.
    let mut contact = Class::Front;
    let mut charging_flank = false;
    if let Some(t) = lead_d {
        for u in attackers.iter().filter(|u| !u.is_leader()) {
            let Some(side) = Facing::between(d, u.hex) else {
                continue;
            };
            let mut c = class(t.facing, side);
            let open = !matches!(board.map.terrain(d), Terrain::Town | Terrain::Forest);
            if u.is_mounted_cavalry()
                && (t.kind == UnitKind::Infantry || t.is_dismounted_cavalry())
                && !square
                && open
            {
                c = c.max(Class::Flank);
            }
            if c != Class::Front && charging(board, u) {
                charging_flank = true;
            }
            contact = contact.max(c);
        }
    }
    let charge = lead_a.is_some_and(|u| charging(board, u));
    let mut a = side(board, &attackers, true, false, charge);
    let mut def = side(board, &defenders, false, square, false);
    if contact != Class::Front {
        let what = if contact == Class::Rear {
            "rear"
        } else {
            "flank"
        };
        def.column.push((format!("attacked in the {what}"), 2));
        a.column.push((format!("attacking the {what}"), -2));
        if charging_flank {
            def.disordered = true;
        }
    }
    // The grounds: the defending hex, then where the lead defender would fall back to.
    let mut grounds = vec![ground(board, d, &hexes, cavalry)];
    let defender_mobile = defenders
        .iter()
        .all(|u| !retreat::cannot_retreat(board, u.id));
    if let Some(t) = lead_d {
        let mut b = board.clone();
        let (mut from, mut enemy) = (d, hexes.clone());
        let ids: Vec<UnitId> = defenders.iter().map(|u| u.id).collect();
        let att: Vec<UnitId> = attackers.iter().map(|u| u.id).collect();
        for _ in 0..p.max_rounds.max(1) {
            let edge = b.edge(t.side);
            let RetreatChoice::To { to, .. } = retreat::choose(&b, t.id, from, &enemy, edge) else {
                break;
            };
            for id in &ids {
                if let Some(u) = b.unit_mut(*id) {
                    u.hex = to;
                }
            }
            for id in &att {
                if let Some(u) = b.unit_mut(*id) {
                    u.hex = from;
                }
            }
            grounds.push(ground(&b, to, &[from], cavalry));
            enemy = vec![from];
            from = to;
        }
    }
    let attacker_can_fall_back = lead_a.is_some_and(|u| {
        let edge = board.edge(u.side);
        !matches!(
            retreat::choose(board, u.id, u.hex, &[d], edge),
            RetreatChoice::Surrender
        )
    });
    ImpetusBreakdown {
        attacker: a,
        defender: def,
        contact,
        square,
        close_to_contact: square,
        follow_up: decl.follow_up,
        attacker_can_fall_back,
        defender_mobile,
        grounds,
        params: p,
    }
}

/// The exact odds (D-sys-6): every tuple of the four (five) dice, equally likely.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ImpetusOdds {
    #[serde(flatten)]
    pub outcomes: super::Outcomes,
    /// P(the attacker moves), P(both sides move): with `outcomes`, the shape §15.2's example
    /// gives (only the defender, only the attacker, both, neither).
    pub attacker_moves: f64,
    pub both_move: f64,
    /// P(the melee lasted 1, 2, 3 … rounds).
    pub rounds: Vec<f64>,
}

/// Every equally likely dice tuple: c (when read) and the four dice.
pub fn dice_tuples(b: &ImpetusBreakdown) -> Vec<[u8; 5]> {
    let cs: Vec<u8> = if b.close_to_contact {
        (1..=6).collect()
    } else {
        vec![1]
    };
    let mut out = Vec::with_capacity(cs.len() * 1296);
    for c in cs {
        for i in 0..1296u32 {
            let d = |k: u32| (i / 6u32.pow(k) % 6) as u8 + 1;
            out.push([c, d(3), d(2), d(1), d(0)]);
        }
    }
    out
}

pub fn impetus_odds(b: &ImpetusBreakdown) -> ImpetusOdds {
    let tuples = dice_tuples(b);
    let w = 1.0 / tuples.len() as f64;
    let mut o = ImpetusOdds {
        outcomes: super::Outcomes::default(),
        attacker_moves: 0.0,
        both_move: 0.0,
        rounds: vec![0.0; b.params.max_rounds.max(1) as usize + 1],
    };
    for t in tuples {
        let f = fight(b, t);
        o.outcomes.add(
            w,
            f.loser,
            f.defender_fate(),
            [f.attacker_loss, f.defender_loss],
        );
        if f.attacker_moved.is_some() {
            o.attacker_moves += w;
            if f.defender_moved.is_some() {
                o.both_move += w;
            }
        }
        o.rounds[f.rounds.len()] += w;
    }
    o
}

/// §15.2's own restriction I1 (replacing 9.1.3): foot may not attack formed mounted cavalry
/// through its front.
pub fn impetus_check(board: &Board, decl: &Declaration) -> Vec<Refusal> {
    let mut out: Vec<Refusal> = super::check(board, decl)
        .into_iter()
        .filter(|r| r.rule != 3)
        .collect();
    let d = decl.defending_hex;
    let Some(side) = decl.side(board) else {
        return out;
    };
    let cavalry: Vec<&Unit> = board
        .units_at(d)
        .filter(|u| u.side != side && u.is_mounted_cavalry() && !u.disrupted && !u.routed)
        .collect();
    for id in &decl.attackers {
        let Some(u) = board.unit(*id) else { continue };
        if u.kind != UnitKind::Infantry && !u.is_dismounted_cavalry() {
            continue;
        }
        let Some(through) = Facing::between(d, u.hex) else {
            continue;
        };
        if let Some(c) = cavalry
            .iter()
            .find(|c| class(c.facing, through) == Class::Front)
        {
            out.push(Refusal::system(
                "I1",
                Some(u.id),
                format!(
                    "{} {} may not attack formed mounted cavalry {} through its front; only through its flank or rear",
                    u.kind.name(),
                    u.name,
                    c.name
                ),
            ));
        }
    }
    out
}

/// The seam's breakdown: men as the strengths and split weights, the impetus working as
/// modifiers, the loss extremes over every dice tuple as the loss ranges.
pub fn breakdown(board: &Board, decl: &Declaration) -> Breakdown {
    let (attackers, defenders) = decl.sides(board);
    if defenders.is_empty() {
        // An empty bridge is damaged by §11 in every system.
        let mut b = super::breakdown(board, decl);
        b.system = MeleeSystemName::Impetus;
        return b;
    }
    let ib = impetus_breakdown(board, decl);
    let strengths = |units: &[&Unit], s: &ImpetusSide| -> Vec<UnitStrength> {
        units
            .iter()
            .map(|u| UnitStrength {
                unit: u.id,
                name: u.name.clone(),
                nominal: u.men,
                strength: u.men as f64,
                adjustments: if Some(u.id) == s.lead {
                    vec![format!(
                        "lead unit: {:?}, impetus {}, morale {}",
                        s.kind, s.impetus, s.morale
                    )]
                } else {
                    Vec::new()
                },
                capacity: super::breakdown::capacity(board, u),
            })
            .collect()
    };
    let (att, def) = (
        strengths(&attackers, &ib.attacker),
        strengths(&defenders, &ib.defender),
    );
    let mut modifiers = Vec::new();
    for (side, s) in [
        (MeleeSide::Attacker, &ib.attacker),
        (MeleeSide::Defender, &ib.defender),
    ] {
        for (name, v) in &s.score {
            modifiers.push(Modifier {
                side,
                kind: super::ModifierKind::Working(format!("score {v:+}: {name}")),
                percent: 0,
            });
        }
    }
    for (name, v) in &ib.grounds[0].score {
        modifiers.push(Modifier {
            side: MeleeSide::Defender,
            kind: super::ModifierKind::Working(format!("score {v:+}: {name}")),
            percent: 0,
        });
    }
    let fights: Vec<Fight> = dice_tuples(&ib)
        .into_iter()
        .map(|t| fight(&ib, t))
        .collect();
    let range = |f: &dyn Fn(&Fight) -> u32| {
        [
            fights.iter().map(f).min().unwrap_or(0) as f64,
            fights.iter().map(f).max().unwrap_or(0) as f64,
        ]
    };
    Breakdown {
        attacker_capacity: att.iter().map(|s| s.capacity).sum(),
        defender_capacity: def.iter().map(|s| s.capacity).sum(),
        attackers: att,
        defenders: def,
        attack_base: ib.attacker.impetus as f64,
        defence_base: ib.defender.impetus as f64,
        modifiers,
        attack_factor: 1.0,
        defence_factor: 1.0,
        attack_strength: ib.attacker.impetus as f64,
        defence_strength: ib.defender.impetus as f64,
        cavalry_rule: false,
        attacker_loss_range: range(&|f| f.attacker_loss),
        defender_loss_range: range(&|f| f.defender_loss),
        bridge_damage: false,
        system: MeleeSystemName::Impetus,
        detail: super::Detail::of(ib),
    }
}

/// The rounds fought on the board: dice in §15.2's draw order, each round's movement applied
/// as it happens (fall back, forced back, rout, follow-up), then the losses split by men with
/// D-sys-2 fatigue, and the winner's morale improvement.
///
/// Long because §15.2's rounds are applied in the seed's order, each step changing what the next
/// reads; split, the order would be spread over several functions.
pub fn impetus_results(board: &mut Board, r: &mut Resolution, rng: &mut impl rand::Rng) {
    let b = r.out.breakdown.clone();
    let Some(ib) = b
        .detail
        .get::<ImpetusBreakdown>()
        .filter(|_| !b.bridge_damage)
    else {
        return super::resolve::combat_results(board, r, rng);
    };
    let mut dice = [1u8; 5];
    if ib.close_to_contact {
        dice[0] = rng.random_range(1..=6u8);
    }
    for die in dice.iter_mut().skip(1) {
        *die = rng.random_range(1..=6u8);
    }
    let f = fight(ib, dice);
    r.out.attacker_roll = f.attacker_loss;
    r.out.defender_roll = f.defender_loss;
    r.out.loser = f.loser;
    r.out.rolled = super::Detail::of(f.clone());
    // Losses first, while every unit is still in the melee.
    for (units, total) in [
        (&b.attackers, f.attacker_loss),
        (&b.defenders, f.defender_loss),
    ] {
        let weights: Vec<f64> = units.iter().map(|s| s.strength).collect();
        let caps: Vec<u32> = units.iter().map(|s| s.capacity).collect();
        for (s, share) in units.iter().zip(split_loss(total, &weights, &caps)) {
            take_system_loss(board, r, s.unit, share, f.loser, rng);
        }
    }
    let d = r.out.declaration.defending_hex;
    let attackers: Vec<UnitId> = r.attackers.clone();
    let defenders: Vec<UnitId> = r.defenders.clone();
    let disorder = |board: &mut Board, ids: &[UnitId]| {
        for id in ids {
            if let Some(u) = board.unit_mut(*id) {
                u.disrupted = true;
            }
        }
    };
    if f.attacker_disordered {
        disorder(board, &attackers);
    }
    if f.defender_disordered {
        disorder(board, &defenders);
    }
    // Movement, round by round: the defender's ground follows the fight's record.
    let mut here = d;
    for round in &f.rounds {
        let [ra, rd] = round.results;
        if rd.moves() {
            let enemy: Vec<Hex> = if here == d {
                r.hexes.clone()
            } else {
                vec![ib.grounds[round.ground.saturating_sub(1)].hex]
            };
            let at_here: Vec<UnitId> = defenders
                .iter()
                .copied()
                .filter(|id| board.unit(*id).is_some_and(|u| u.hex == here))
                .collect();
            for id in at_here {
                if retreat::cannot_retreat(board, id) {
                    continue;
                }
                if rd == Morale::R {
                    if let Some(u) = board.unit_mut(id) {
                        u.routed = true;
                    }
                    if let Some(m) = crate::rules::morale::rout_move(board, id) {
                        r.out.routs.push(m);
                    }
                } else {
                    fall_back(board, id, &enemy, 1, false, &mut r.out);
                }
            }
            let vacated = !board.units_at(here).any(|u| defenders.contains(&u.id));
            let follows = f.rounds.iter().any(|x| x.ground == round.ground + 1);
            if follows && vacated {
                for id in &attackers {
                    if let Some(u) = board.unit_mut(*id).filter(|u| !u.routed) {
                        u.hex = here;
                        r.out.advanced.push(*id);
                    }
                }
            }
            // The fight goes on where the lead defender went.
            here = ib
                .defender
                .lead
                .and_then(|id| board.unit(id))
                .map_or(here, |u| u.hex);
        }
        if ra.moves() {
            let hexes: Vec<Hex> = vec![here];
            // Attackers are never guns that cannot leave (artillery may not attack, §9.1).
            for id in &attackers {
                if ra == Morale::R {
                    if let Some(u) = board.unit_mut(*id) {
                        u.routed = true;
                    }
                    if let Some(m) = crate::rules::morale::rout_move(board, *id) {
                        r.out.routs.push(m);
                    }
                } else {
                    fall_back(board, *id, &hexes, 1, false, &mut r.out);
                }
            }
        }
    }
    // The winner that stood: its morale improves once; it ends Disordered unless it broke
    // through a routed enemy; a square that fought cavalry stands instead, and may not move
    // in its next turn.
    let winner = match f.loser {
        Some(MeleeSide::Attacker) => Some((MeleeSide::Defender, &defenders)),
        Some(MeleeSide::Defender) => Some((MeleeSide::Attacker, &attackers)),
        None => None,
    };
    if let Some((side, ids)) = winner {
        let breakthrough = side == MeleeSide::Attacker && f.defender_moved == Some(Morale::R);
        let square = side == MeleeSide::Defender && ib.square;
        for id in ids {
            if let Some(u) = board.unit_mut(*id) {
                if u.is_leader() {
                    continue;
                }
                u.morale_bonus = true;
                if !breakthrough && !square {
                    u.disrupted = true;
                }
            }
        }
    }
    if ib.square && f.closing.is_some_and(|c| !c.moves()) {
        for id in &defenders {
            if let Some(u) = board.unit_mut(*id).filter(|u| u.hex == d) {
                u.hold_next_turn = true;
            }
        }
    }
}

/// Seed 002's melee system.
pub struct Impetus;

impl MeleeSystem for Impetus {
    fn description(&self) -> &'static str {
        "Impetus (seed 002): die + impetus + modifiers, losses by score, morale each round, up to 3 rounds"
    }
    fn name(&self) -> crate::rules::params::MeleeSystemName {
        crate::rules::params::MeleeSystemName::Impetus
    }
    fn check(&self, board: &Board, decl: &Declaration) -> Vec<Refusal> {
        impetus_check(board, decl)
    }
    fn breakdown(&self, board: &Board, decl: &Declaration) -> Breakdown {
        breakdown(board, decl)
    }
    /// Heavy: its odds fight both rounds over every tuple of dice, and so does its breakdown
    /// (for the loss ranges), however many units: about 170 µs for the worst case of the
    /// melee bench.
    fn odds_work(&self, _units: usize) -> usize {
        1_100
    }
    /// The dice of `impetus_results`, uniform over `dice_tuples`, on the lead units alone.
    fn roll_loser(
        &self,
        board: &mut Board,
        decl: &Declaration,
        rng: &mut rand_chacha::ChaCha8Rng,
    ) -> Option<MeleeSide> {
        if decl.sides(board).1.is_empty() {
            return super::system::roll_by_resolution(self, board, decl, rng);
        }
        let ib = impetus_breakdown(board, decl);
        let mut dice = [1u8; 5];
        if ib.close_to_contact {
            dice[0] = rng.random_range(1..=6u8);
        }
        for d in &mut dice[1..] {
            *d = rng.random_range(1..=6u8);
        }
        fight(&ib, dice).loser
    }
    fn odds(&self, b: &Breakdown) -> Odds {
        let Some(ib) = b.detail.get::<ImpetusBreakdown>() else {
            return super::odds(b);
        };
        impetus_odds(ib).outcomes.odds()
    }
    fn combat_results(
        &self,
        board: &mut Board,
        r: &mut Resolution,
        rng: &mut rand_chacha::ChaCha8Rng,
    ) {
        impetus_results(board, r, rng)
    }
    /// §15.2: the morale results are the checks; none follows a lost melee.
    fn checks_after_retreat(&self) -> bool {
        false
    }

    fn outcomes(&self, b: &Breakdown) -> Option<super::Outcomes> {
        Some(impetus_odds(b.detail.get::<ImpetusBreakdown>()?).outcomes)
    }
    fn odds_words(&self, b: &Breakdown) -> Option<String> {
        let ib = b.detail.get::<ImpetusBreakdown>()?;
        let o = impetus_odds(ib);
        Some(format!(
            "Impetus {} vs {}, contact {:?}, follow-up {}: {}; more than one round {:.0}%",
            ib.attacker.impetus,
            ib.defender.impetus,
            ib.contact,
            if ib.follow_up { "on" } else { "off" },
            o.outcomes.words("surrenders"),
            o.rounds.iter().skip(2).sum::<f64>() * 100.0
        ))
    }
    fn own_losses(&self) -> bool {
        true
    }
    /// I2: the attackers follow up a defender that falls back, unless told not to.
    fn follows_up(&self) -> bool {
        true
    }
    /// The lead units and contact, then the rounds as they were fought.
    fn report_lines(
        &self,
        b: &Breakdown,
        o: &super::MeleeOutcome,
        _name: &dyn Fn(UnitId) -> String,
    ) -> Vec<String> {
        let (Some(ib), Some(f)) = (b.detail.get::<ImpetusBreakdown>(), o.rolled.get::<Fight>())
        else {
            return Vec::new();
        };
        let side = |s: &ImpetusSide| {
            format!(
                "{} ({:?}{}, impetus {}, morale {})",
                s.lead_name,
                s.kind,
                if s.charging { ", charging" } else { "" },
                s.impetus,
                s.morale
            )
        };
        let mut out = vec![format!(
            "  {} vs {}; contact {:?}{}",
            side(&ib.attacker),
            side(&ib.defender),
            ib.contact,
            if ib.follow_up { "" } else { "; no follow-up" }
        )];
        if let Some(c) = f.closing {
            out.push(format!("  closing with the square: {}", c.code()));
        }
        for (i, r) in f.rounds.iter().enumerate() {
            out.push(format!(
                "  round {}: score A {} vs D {}; losses A {} D {}; morale A col {} {}, D col {} {}",
                i + 1,
                r.scores[0],
                r.scores[1],
                r.losses[0],
                r.losses[1],
                r.columns[0],
                r.results[0].code(),
                r.columns[1],
                r.results[1].code()
            ));
        }
        if f.broke_off {
            out.push("  the cavalry broke off".into());
        }
        out
    }
    /// The lead units, impetus and grounds, and the distribution over the dice: each kind of
    /// result, the rounds fought, the expected losses.
    fn json(&self, b: &Breakdown) -> Option<(&'static str, serde_json::Value)> {
        let ib = b.detail.get::<ImpetusBreakdown>()?;
        Some((
            "impetus",
            serde_json::json!({ "breakdown": ib, "odds": impetus_odds(ib) }),
        ))
    }
    /// Every dice tuple, equally likely.
    fn endings(&self, board: &Board, b: &Breakdown) -> Option<Vec<super::Ending>> {
        let ib = b.detail.get::<ImpetusBreakdown>()?;
        let tuples = dice_tuples(ib);
        let w = 1.0 / tuples.len().max(1) as f64;
        Some(
            tuples
                .into_iter()
                .map(|t| {
                    let f = fight(ib, t);
                    let mut gone = super::gone_by_split(board, &b.attackers, f.attacker_loss);
                    gone.extend(super::gone_by_split(board, &b.defenders, f.defender_loss));
                    if f.surrendered {
                        gone.extend(b.defenders.iter().map(|s| (s.unit, 1.0)));
                    }
                    super::Ending {
                        weight: w,
                        attacker_loss: f.attacker_loss,
                        defender_loss: f.defender_loss,
                        defender_moves: f.defender_moved.is_some(),
                        defender_loses: f.loser == Some(MeleeSide::Defender),
                        gone,
                    }
                })
                .collect(),
        )
    }
}
