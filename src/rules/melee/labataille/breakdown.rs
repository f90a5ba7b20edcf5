//! The §15.3 breakdown: every unit's melee value, factor and checks, the pre-melee ratios; and
//! the seam's breakdown made from it.

use super::{AssaultBreakdown, AssaultUnit, LaBatailleParams, outcomes, position};
use crate::rules::board::Board;
use crate::rules::combat::{MeleeSide, Modifier, ModifierKind};
use crate::rules::hex::Facing;
use crate::rules::map::Terrain;
use crate::rules::melee::{Breakdown, Class, Declaration, Detail, UnitStrength, class, lead_unit};
use crate::rules::params::MeleeSystemName;
use crate::rules::retreat;
use crate::rules::unit::{Crew, Formation, Quality, Unit, UnitKind};

fn quality_index(q: Quality) -> usize {
    match q {
        Quality::A => 0,
        Quality::B => 1,
        Quality::C => 2,
        Quality::D => 3,
        Quality::E => 4,
        Quality::F => 5,
    }
}

/// Increments and melee value of a unit (D-lb-1).
pub fn melee_value(p: &LaBatailleParams, u: &Unit) -> (f64, f64) {
    let n = match u.kind {
        UnitKind::Artillery => u.guns as f64 / p.guns_per_increment.max(1) as f64,
        UnitKind::Leader => 0.0,
        _ => u.men as f64 / p.men_per_increment.max(1) as f64,
    };
    let t = match u.kind {
        UnitKind::Infantry => p.type_infantry,
        UnitKind::Cavalry if u.is_mounted_cavalry() => p.type_mounted_cavalry,
        UnitKind::Cavalry => p.type_dismounted_cavalry,
        UnitKind::Artillery if u.crew == Crew::Crewed && !u.is_captured() => p.type_artillery,
        _ => 0.0,
    };
    (n, n * t * p.quality[quality_index(u.quality)])
}

/// The §15.3 breakdown of a declaration.
///
/// Long because it gathers §15.3's increments, melee values, lead units and modifiers for both
/// sides in the seed's order.
pub fn assault_breakdown(board: &Board, decl: &Declaration) -> AssaultBreakdown {
    let p = board.params.labataille.clone();
    let d = decl.defending_hex;
    let (attackers, defenders) = decl.sides(board);
    let lead_d = lead_unit(&defenders, &board.params);
    let open = matches!(board.map.terrain(d), Terrain::Clear | Terrain::Field);
    let cavalry_with = |units: &[&Unit]| units.iter().any(|u| u.is_mounted_cavalry());
    let mut units = Vec::new();
    let mut increments = [0.0f64; 2];
    for (side, list) in [
        (MeleeSide::Attacker, &attackers),
        (MeleeSide::Defender, &defenders),
    ] {
        let with_cavalry = cavalry_with(list);
        for u in list.iter().filter(|u| !u.is_leader()) {
            let (n, mv) = melee_value(&p, u);
            let mut factor = 1.0;
            let mut why = vec![format!(
                "{n:.2} increments x type x quality {} = MV {mv:.2}",
                p.quality[quality_index(u.quality)]
            )];
            let mut standing = 0;
            let mut through = None;
            if side == MeleeSide::Attacker {
                if let (Some(t), Some(f)) = (lead_d, Facing::between(d, u.hex)) {
                    through = Some(class(t.facing, f));
                }
                match through {
                    Some(Class::Flank) => {
                        factor *= 2.0;
                        why.push("through a flank x2".into());
                    }
                    Some(Class::Rear) => {
                        factor *= 1.5;
                        why.push("through the rear x1.5".into());
                    }
                    _ => {}
                }
                let lost = u.marks.fire_losses / p.men_per_increment.max(1);
                standing += p.per_increment_lost_to_fire * lost as i32;
                let ratio_n = if u.kind == UnitKind::Infantry && u.formation == Formation::Line {
                    n.min(p.line_increments)
                } else {
                    n
                };
                increments[0] += ratio_n;
            } else {
                increments[1] += n;
            }
            if u.disrupted {
                factor *= 0.5;
                standing += p.disordered;
                why.push("Disordered x1/2".into());
            }
            if u.routed {
                let f = if u.kind == UnitKind::Cavalry {
                    0.25
                } else {
                    1.0 / 3.0
                };
                if side == MeleeSide::Defender {
                    factor *= f;
                    why.push(format!("Routed x{f:.2}"));
                }
                standing += p.routed;
            }
            if board
                .units_at(u.hex)
                .any(|o| o.side == u.side && o.is_leader())
            {
                standing += p.leader;
            }
            let flanked = side == MeleeSide::Defender
                && attackers.iter().any(|a| {
                    !a.is_leader()
                        && Facing::between(d, a.hex)
                            .is_some_and(|f| class(u.facing, f) != Class::Front)
                });
            if flanked {
                standing += p.flank_or_rear;
            }
            // Who checks before the melee: defenders in the open, then attackers; never
            // mounted cavalry, nor infantry alongside it (D-lb-6).
            let exempt = u.is_mounted_cavalry() || (u.kind == UnitKind::Infantry && with_cavalry);
            let checks = !exempt && (side == MeleeSide::Attacker || open);
            units.push(AssaultUnit {
                unit: u.id,
                name: u.name.clone(),
                side,
                increments: n,
                mv,
                factor,
                why: why.join(", "),
                checks,
                morale: position(p.morale[quality_index(u.quality)]),
                standing,
                mounted: u.is_mounted_cavalry(),
                stays: retreat::cannot_retreat(board, u.id),
                men: u.men,
                guns: if u.kind == UnitKind::Artillery {
                    u.guns
                } else {
                    0
                },
                artillery: u.kind == UnitKind::Artillery,
            });
        }
    }
    let ratio_mod = |r: f64| {
        let i = p
            .ratio_at_least
            .iter()
            .position(|t| r + 1e-9 >= *t)
            .unwrap_or(p.ratio_at_least.len());
        p.ratio_modifier[i]
    };
    let ratio = |own: f64, other: f64| if other > 0.0 { own / other } else { 99.0 };
    let r = [
        ratio(increments[0], increments[1]),
        ratio(increments[1], increments[0]),
    ];
    let side_of = |list: &[&Unit]| list.first().map(|u| u.side);
    let zoc = |list: &[&Unit]| {
        side_of(list).is_some_and(|s| list.iter().any(|u| board.in_enemy_zoc(u.hex, s)))
    };
    AssaultBreakdown {
        units,
        ratio: r,
        ratio_modifier: [ratio_mod(r[0]), ratio_mod(r[1])],
        in_zoc: [zoc(&attackers), zoc(&defenders)],
        params: p,
        men_per_gun: board.params.combat.men_per_gun_lost,
    }
}

/// The seam's breakdown: MVs as the strengths, men as the split weights, the ratio modifiers
/// and chart factors as modifiers, the loss extremes over every path as the loss ranges.
pub fn breakdown(board: &Board, decl: &Declaration) -> Breakdown {
    let (attackers, defenders) = decl.sides(board);
    let ab = assault_breakdown(board, decl);
    let strengths = |list: &[&Unit]| -> Vec<UnitStrength> {
        list.iter()
            .map(|u| {
                let a = ab.units.iter().find(|a| a.unit == u.id);
                UnitStrength {
                    unit: u.id,
                    name: u.name.clone(),
                    nominal: u.men,
                    strength: u.men as f64,
                    adjustments: a.map(|a| vec![a.why.clone()]).unwrap_or_default(),
                    capacity: crate::rules::melee::breakdown::capacity(board, u),
                }
            })
            .collect()
    };
    let (att, def) = (strengths(&attackers), strengths(&defenders));
    let none = vec![false; ab.units.len()];
    let mv = |side: MeleeSide| ab.strength(side, &none);
    let mut modifiers = Vec::new();
    for (side, k) in [(MeleeSide::Attacker, 0), (MeleeSide::Defender, 1)] {
        modifiers.push(Modifier {
            side,
            kind: ModifierKind::Working(format!(
                "pre-melee ratio {:.2}: roll {:+}",
                ab.ratio[k], ab.ratio_modifier[k]
            )),
            percent: 0,
        });
    }
    let paths = outcomes(&ab);
    let range = |k: usize| {
        [
            paths.iter().map(|(a, _)| a.lost[k]).min().unwrap_or(0) as f64,
            paths.iter().map(|(a, _)| a.lost[k]).max().unwrap_or(0) as f64,
        ]
    };
    Breakdown {
        attacker_capacity: att.iter().map(|s| s.capacity).sum(),
        defender_capacity: def.iter().map(|s| s.capacity).sum(),
        attackers: att,
        defenders: def,
        attack_base: mv(MeleeSide::Attacker),
        defence_base: mv(MeleeSide::Defender),
        modifiers,
        attack_factor: 1.0,
        defence_factor: 1.0,
        attack_strength: mv(MeleeSide::Attacker),
        defence_strength: mv(MeleeSide::Defender),
        cavalry_rule: false,
        attacker_loss_range: range(0),
        defender_loss_range: range(1),
        bridge_damage: false,
        system: MeleeSystemName::LaBataille,
        detail: Detail::LaBataille(Box::new(ab)),
    }
}
