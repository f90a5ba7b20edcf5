//! The §15.2 breakdown: each side's lead unit and its impetus, the contact, the square, the
//! grounds the defender would fall back over; and the seam's breakdown made from it.

use super::{
    Fight, Ground, ImpetusBreakdown, ImpetusParams, ImpetusSide, LeadKind, dice_tuples, fight,
};
use crate::rules::board::Board;
use crate::rules::combat::{MeleeSide, Modifier, ModifierKind};
use crate::rules::hex::{Facing, Hex};
use crate::rules::map::{SideFeature, Terrain};
use crate::rules::melee::{Breakdown, Class, Declaration, Detail, UnitStrength, class, lead_unit};
use crate::rules::params::MeleeSystemName;
use crate::rules::retreat::{self, RetreatChoice};
use crate::rules::unit::{FatigueLevel, Formation, Quality, Unit, UnitId, UnitKind};

impl LeadKind {
    pub(super) fn of(u: &Unit, square: bool) -> LeadKind {
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
    pub(super) fn values(self, p: &ImpetusParams) -> [i32; 3] {
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

    pub(super) fn infantry_or_artillery(self) -> bool {
        !matches!(self, LeadKind::MountedCavalry | LeadKind::DismountedCavalry)
    }
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
    let lead = lead_unit(units, &board.params);
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
    let lead_a = lead_unit(&attackers, &board.params);
    let lead_d = lead_unit(&defenders, &board.params);
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

/// The seam's breakdown: men as the strengths and split weights, the impetus working as
/// modifiers, the loss extremes over every dice tuple as the loss ranges.
pub fn breakdown(board: &Board, decl: &Declaration) -> Breakdown {
    let (attackers, defenders) = decl.sides(board);
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
                capacity: crate::rules::melee::breakdown::capacity(board, u),
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
                kind: ModifierKind::Working(format!("score {v:+}: {name}")),
                percent: 0,
            });
        }
    }
    for (name, v) in &ib.grounds[0].score {
        modifiers.push(Modifier {
            side: MeleeSide::Defender,
            kind: ModifierKind::Working(format!("score {v:+}: {name}")),
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
        detail: Detail::Impetus(Box::new(ib)),
    }
}
