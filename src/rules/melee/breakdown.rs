//! The melee breakdown (§9.2–§9.3): a flat record of numbers computed once from the map, which
//! the odds and the resolution read without looking at the map again.

use serde::{Deserialize, Serialize};

use super::{Declaration, Detail};
use crate::rules::board::Board;
use crate::rules::combat::loss_range;
use crate::rules::combat::{MeleeSide, Modifier, ModifierKind};
use crate::rules::hex::Facing;
use crate::rules::map::{SideFeature, Terrain};
use crate::rules::unit::{Crew, FatigueLevel, Formation, Quality, Unit, UnitId, UnitKind};

/// One unit's part in a side's base strength.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UnitStrength {
    pub unit: UnitId,
    pub name: String,
    /// Men (guns for artillery) before adjustment.
    pub nominal: u32,
    pub strength: f64,
    /// Each adjustment applied, in words ("dismounted ×¾", "routed ÷4" …).
    pub adjustments: Vec<String>,
    /// The most this unit can lose, in men (a gun counts as the men that remove it).
    pub capacity: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Breakdown {
    pub attackers: Vec<UnitStrength>,
    pub defenders: Vec<UnitStrength>,
    pub attack_base: f64,
    // The code spells it "defence"; saves and JSON keep the keys they were written with.
    #[serde(rename = "defense_base")]
    pub defence_base: f64,
    pub modifiers: Vec<Modifier>,
    pub attack_factor: f64,
    #[serde(rename = "defense_factor")]
    pub defence_factor: f64,
    pub attack_strength: f64,
    #[serde(rename = "defense_strength")]
    pub defence_strength: f64,
    /// Both sides entirely mounted cavalry (plus leaders): losses ÷4.
    pub cavalry_rule: bool,
    /// Losses the attacker may take, from the defence strength.
    pub attacker_loss_range: [f64; 2],
    /// Losses the defender may take, from the attack strength.
    pub defender_loss_range: [f64; 2],
    pub attacker_capacity: u32,
    pub defender_capacity: u32,
    /// The target is an unoccupied full-hex bridge (§11): only the bridge takes the result.
    pub bridge_damage: bool,
    /// The melee system that made it (D-sys-1).
    #[serde(default)]
    pub system: crate::rules::params::MeleeSystemName,
    /// The system's own breakdown, which only it reads (Bodenstedt's CVs and rows, the impetus
    /// lead units and grounds, La Bataille's melee values and checks).
    #[serde(default, skip_serializing_if = "Detail::is_loss_ranges")]
    pub detail: Detail,
}

fn fatigue_factor(board: &Board, u: &Unit) -> Option<(f64, &'static str)> {
    let m = &board.params.melee;
    match u.fatigue_level() {
        FatigueLevel::Low => None,
        FatigueLevel::Medium => Some((m.fatigue_medium_factor, "medium fatigue")),
        FatigueLevel::High => Some((m.fatigue_high_factor, "high fatigue")),
        FatigueLevel::Maximum => Some((m.fatigue_max_factor, "maximum fatigue")),
    }
}

pub(super) fn capacity(board: &Board, u: &Unit) -> u32 {
    match u.kind {
        UnitKind::Leader => 0,
        UnitKind::Artillery => u.guns * board.params.combat.men_per_gun_lost,
        _ => u.men,
    }
}

fn attack_strength_of(board: &Board, u: &Unit) -> UnitStrength {
    let m = &board.params.melee;
    let mut adjustments = Vec::new();
    let mut s = if u.is_leader() { 0.0 } else { u.men as f64 };
    if u.is_dismounted_cavalry() {
        s *= m.dismounted_factor;
        adjustments.push(format!("dismounted ×{}", m.dismounted_factor));
    }
    // D-fat-1: fatigue scales each attacking unit, and only in attack.
    if let Some((f, name)) = fatigue_factor(board, u) {
        s *= f;
        adjustments.push(format!("{name} ×{f}"));
    }
    UnitStrength {
        unit: u.id,
        name: u.name.clone(),
        nominal: u.men,
        strength: s,
        adjustments,
        capacity: capacity(board, u),
    }
}

fn defence_strength_of(board: &Board, u: &Unit) -> UnitStrength {
    let m = &board.params.melee;
    let mut adjustments = Vec::new();
    let (nominal, mut s) = match u.kind {
        UnitKind::Leader => (0, 0.0),
        UnitKind::Supply => {
            adjustments.push("supply wagons defend at 0".into());
            (u.men, 0.0)
        }
        UnitKind::Artillery if u.crew != Crew::Crewed || u.is_captured() => {
            adjustments.push("uncrewed, spiked or captured guns defend at 0".into());
            (u.guns, 0.0)
        }
        UnitKind::Artillery => {
            let per_gun = m.strength_point as f64 / 3.0;
            adjustments.push(format!(
                "{} guns × ⅓ strength point ({per_gun} men)",
                u.guns
            ));
            (u.guns, u.guns as f64 * per_gun)
        }
        _ => (u.men, u.men as f64),
    };
    // D-dismount-1 (ours): cavalry caught Dismounting is already on foot, so it defends as
    // dismounted cavalry (and is not mounted cavalry for rule 3 or the cavalry rule).
    let on_foot = u.kind == UnitKind::Cavalry
        && matches!(u.formation, Formation::Dismounted | Formation::Dismounting);
    if on_foot {
        s *= m.dismounted_factor;
        adjustments.push(format!("dismounted ×{}", m.dismounted_factor));
    }
    // Isolation counts in melee under the Isolation Effects rule (on by default).
    let isolated = u.isolated && board.params.optional.isolation_effects;
    if u.routed && isolated {
        s = 0.0;
        adjustments.push("routed and isolated: 0".into());
    } else if u.routed || isolated {
        s /= m.routed_or_isolated_divisor;
        let what = if u.routed { "routed" } else { "isolated" };
        adjustments.push(format!("{what} ÷{}", m.routed_or_isolated_divisor));
    }
    if u.marks.retreated {
        s /= m.retreated_divisor;
        adjustments.push(format!(
            "already defended and retreated ÷{}",
            m.retreated_divisor
        ));
    }
    UnitStrength {
        unit: u.id,
        name: u.name.clone(),
        nominal,
        strength: s,
        adjustments,
        capacity: capacity(board, u),
    }
}

fn hexside_percent(board: &Board, f: SideFeature) -> Option<i32> {
    let h = &board.params.melee.hexside;
    match f {
        SideFeature::Stream => Some(h.stream),
        SideFeature::Creek => Some(h.creek),
        SideFeature::Fence => Some(h.fence),
        SideFeature::StoneWall => Some(h.stone_wall),
        SideFeature::Embankment => Some(h.embankment),
        SideFeature::Cut => Some(h.cut),
        _ => None,
    }
}

fn quality_modifier(board: &Board, units: &[&Unit], side: MeleeSide, out: &mut Vec<Modifier>) {
    let m = &board.params.melee;
    let q: Vec<Quality> = units
        .iter()
        .filter(|u| !u.is_leader())
        .map(|u| u.quality)
        .collect();
    let (Some(worst), Some(best)) = (q.iter().max(), q.iter().min()) else {
        return;
    };
    if *worst <= Quality::B {
        out.push(Modifier::new(
            side,
            ModifierKind::QualityGood,
            m.quality_good,
        ));
    }
    if *best >= Quality::E {
        out.push(Modifier::new(
            side,
            ModifierKind::QualityPoor,
            m.quality_poor,
        ));
    }
}

/// The breakdown of a declared melee. Units that do not exist are left out (the restrictions
/// report them).
///
/// Long because it follows §9.2–§9.4 step by step (base strengths, each modifier in the
/// table's order, the loss ranges), each step reading what the ones before worked out.
pub fn breakdown(board: &Board, decl: &Declaration) -> Breakdown {
    let m = &board.params.melee;
    let map = &board.map;
    let d = decl.defending_hex;
    let (attackers, defenders) = decl.sides(board);
    let bridge_damage = defenders.is_empty() && map.bridge(d).is_some();

    let att: Vec<UnitStrength> = attackers
        .iter()
        .map(|u| attack_strength_of(board, u))
        .collect();
    let def: Vec<UnitStrength> = defenders
        .iter()
        .map(|u| defence_strength_of(board, u))
        .collect();
    let attack_base: f64 = att.iter().map(|s| s.strength).sum();
    let defence_base: f64 = def.iter().map(|s| s.strength).sum();

    let mut mods = Vec::new();
    let mut add = |side: MeleeSide, kind: ModifierKind, percent: i32| {
        mods.push(Modifier::new(side, kind, percent))
    };
    use MeleeSide::{Attacker, Defender};
    // D-turn-1: "fired" means fired during this side turn.
    if !attackers.is_empty() && attackers.iter().all(|u| !u.marks.fired) {
        add(Attacker, ModifierKind::NoAttackerFired, m.no_fire_bonus);
    }
    if attackers.iter().any(|u| u.is_leader()) {
        add(Attacker, ModifierKind::LeaderWithAttackers, m.leader_bonus);
    }
    // D-facing-1: through a hexside that is not in a defender's front.
    let rear = attackers.iter().filter(|a| !a.is_leader()).any(|a| {
        let Some(side_from_d) = Facing::between(d, a.hex) else {
            return false;
        };
        defenders
            .iter()
            .filter(|u| !u.is_leader())
            .any(|u| !u.facing.covers(side_from_d))
    });
    if rear && !bridge_damage {
        add(Attacker, ModifierKind::RearHexside, m.rear_bonus);
    }
    let hexes = decl.attacking_hexes(board);
    // D-hex-1: the single hexside modifier of largest magnitude (a penalty on equal size);
    // D-hex-2: a hexside bridge replaces its creek's own modifier.
    let mut largest: Option<(i32, ModifierKind)> = None;
    let mut breastworks = false;
    let mut bridge = false;
    for &h in &hexes {
        let Some(side_to_d) = Facing::between(h, d) else {
            continue;
        };
        let fs = map.features(h, side_to_d);
        let bridged = fs.contains(&SideFeature::Bridge);
        bridge |= bridged;
        breastworks |= fs.contains(&SideFeature::Breastworks);
        for &f in fs {
            if f == SideFeature::Creek && bridged {
                continue;
            }
            let Some(p) = hexside_percent(board, f) else {
                continue;
            };
            let kind = if f == SideFeature::Creek {
                ModifierKind::Ford
            } else {
                ModifierKind::Hexside(f)
            };
            let better = match largest {
                None => true,
                Some((q, _)) => p.abs() > q.abs() || (p.abs() == q.abs() && p < q),
            };
            if better {
                largest = Some((p, kind));
            }
        }
    }
    if let Some((p, kind)) = largest {
        add(Attacker, kind, p);
    }
    if breastworks {
        add(
            Attacker,
            ModifierKind::AcrossBreastworks,
            m.hexside.breastworks,
        );
    }
    if bridge {
        add(Attacker, ModifierKind::BridgeOverCreek, m.hexside.bridge);
    }
    // D-elev-1: the largest climb among the attacking hexes.
    let climb = hexes
        .iter()
        .map(|&h| map.elevation(d) - map.elevation(h))
        .max()
        .unwrap_or(0);
    if climb > 0 {
        let p = (m.elevation_per_level * climb).max(-100);
        add(Attacker, ModifierKind::Uphill(climb), p);
    }
    let charging = attackers.iter().any(|u| u.is_mounted_cavalry())
        && attackers
            .iter()
            .all(|u| u.is_mounted_cavalry() || u.is_leader());
    if charging
        && map.terrain(d) == Terrain::Clear
        && hexes.iter().all(|&h| map.terrain(h) == Terrain::Clear)
    {
        add(
            Attacker,
            ModifierKind::CavalryCharge,
            m.cavalry_charge_bonus,
        );
    }
    if defenders.iter().any(|u| u.is_leader()) {
        add(Defender, ModifierKind::LeaderWithDefenders, m.leader_bonus);
    }
    if board.params.optional.quality_melee_modifiers {
        quality_modifier(board, &attackers, Attacker, &mut mods);
        quality_modifier(board, &defenders, Defender, &mut mods);
    }

    // D-mod-1: each modifier is a factor (1 + p); factors multiply.
    let factor = |side: MeleeSide| {
        mods.iter()
            .filter(|x| x.side == side)
            .map(|x| (1.0 + x.percent as f64 / 100.0).max(0.0))
            .product::<f64>()
    };
    let attack_factor = factor(Attacker);
    let defence_factor = factor(Defender);
    let attack_strength = attack_base * attack_factor;
    let defence_strength = defence_base * defence_factor;

    let all_mounted = |us: &[&Unit]| {
        us.iter().any(|u| u.is_mounted_cavalry())
            && us.iter().all(|u| u.is_mounted_cavalry() || u.is_leader())
    };
    let cavalry_rule = all_mounted(&attackers) && all_mounted(&defenders);
    let divisor = if cavalry_rule {
        m.cavalry_rule_divisor
    } else {
        1.0
    };
    let defender_loss_range = loss_range(attack_strength, m.attack_lcv, m.attack_hcv, divisor);
    let attacker_loss_range = if bridge_damage {
        [0.0, 0.0]
    } else {
        loss_range(defence_strength, m.defence_lcv, m.defence_hcv, divisor)
    };
    let attacker_capacity = att.iter().map(|s| s.capacity).sum();
    let defender_capacity = if bridge_damage {
        map.bridge(d).map_or(0, |b| b.strength)
    } else {
        def.iter().map(|s| s.capacity).sum()
    };
    Breakdown {
        attackers: att,
        defenders: def,
        attack_base,
        defence_base,
        modifiers: mods,
        attack_factor,
        defence_factor,
        attack_strength,
        defence_strength,
        cavalry_rule,
        attacker_loss_range,
        defender_loss_range,
        attacker_capacity,
        defender_capacity,
        bridge_damage,
        system: crate::rules::params::MeleeSystemName::Tiller,
        detail: Detail::LossRanges,
    }
}
