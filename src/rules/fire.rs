//! Fire (§7): who may fire at what (formation, facing, range, line of sight, ammo), the fire
//! value with every modifier, and the result through the shared combat results engine.

use std::collections::BTreeMap;

use hexx::HexLayout;
use rand::{Rng, RngExt};
use serde::{Deserialize, Serialize};

use super::board::Board;
use super::capture;
use super::combat::{
    FatigueGain, MeleeSide, Modifier, ModifierKind, UnitLoss, loss_range, roll_loss, split_loss,
    take_loss,
};
use super::hex::{Facing, Hex, distance};
use super::map::SideFeature;
use super::morale::{self, MoraleCheck};
use super::movement::per_terrain;
use super::refusal::{Reason, Refusal};
use super::unit::{Ammo, Crew, FatigueLevel, Formation, Quality, Unit, UnitId, UnitKind};

/// `id`'s order refused for `why` (the unit cannot fire so).
fn no(id: UnitId, why: impl Into<String>) -> Refusal {
    Refusal::new(Reason::CannotFire, Some(id), why)
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weapon {
    pub range: u32,
    pub effectiveness: f64,
    pub canister: bool,
}

pub const WEAPONS: &str = include_str!("../../assets/rules/weapons.ron");

/// The weapons table shipped with the game, read once: fire checks it for every shot the
/// player or the computer considers.
pub fn weapons() -> &'static BTreeMap<String, Weapon> {
    static TABLE: std::sync::OnceLock<BTreeMap<String, Weapon>> = std::sync::OnceLock::new();
    // Checked by a test; a failure here is a build defect, not bad input.
    TABLE.get_or_init(|| ron::from_str(WEAPONS).expect("assets/rules/weapons.ron is valid"))
}

/// A unit's weapon; a unit with none named carries its kind's usual one.
pub fn weapon_of(u: &Unit, table: &BTreeMap<String, Weapon>) -> Option<Weapon> {
    let name = if u.weapon.is_empty() {
        match u.kind {
            UnitKind::Infantry => "rifled musket",
            UnitKind::Cavalry => "carbine",
            UnitKind::Artillery => "smoothbore gun",
            _ => return None,
        }
    } else {
        u.weapon.as_str()
    };
    table.get(name).cloned()
}

/// Whether `target` lies in the front of a unit at `from` facing `facing`: within 90° of the
/// facing direction, the arc its three front hexsides open onto (D-facing-1 extended to range).
pub fn in_front(from: Hex, facing: Facing, target: Hex) -> bool {
    let layout = HexLayout::flat();
    let a = layout.hex_to_world_pos(from);
    let t = layout.hex_to_world_pos(target) - a;
    let f = layout.hex_to_world_pos(from + facing.step()) - a;
    t.length() > 0.0 && f.dot(t) >= -1e-4
}

/// Line of sight (§7), as `sight::look` finds it: the one rule, not a copy.
pub fn line_of_sight(board: &Board, from: Hex, to: Hex) -> bool {
    super::sight::look(board, from, to).clear
}

/// Why `firer` may not fire now at all; `None` when it may. `opportunity` allows low ammo.
pub fn cannot_fire(u: &Unit, opportunity: bool) -> Option<String> {
    // Named only when it may not: the check runs for every shooter in every branch of the
    // whole odds, and an allocation each time was a fifth of their cost.
    let who = || format!("{} {}", u.kind.name(), u.name);
    let formation_ok = match u.kind {
        UnitKind::Infantry => u.formation == Formation::Line,
        UnitKind::Cavalry => u.formation == Formation::Dismounted,
        UnitKind::Artillery => u.formation == Formation::Unlimbered,
        _ => false,
    };
    if !formation_ok {
        return Some(format!(
            "{} cannot fire in {} formation",
            who(),
            u.formation.name()
        ));
    }
    match u.crew {
        Crew::Crewed => {}
        Crew::Uncrewed => return Some(format!("{} has no crew to fire it", who())),
        Crew::Spiked => return Some(format!("{} is spiked", who())),
    }
    if u.routed {
        return Some(format!("{} is routed", who()));
    }
    if u.marks.meleed {
        return Some(format!("{} has meleed this turn", who()));
    }
    if opportunity {
        if u.marks.opportunity_fired {
            return Some(format!("{} has already fired at this enemy turn", who()));
        }
    } else {
        if u.marks.fired {
            return Some(format!("{} has already fired this turn", who()));
        }
        if u.kind == UnitKind::Artillery && u.marks.moved {
            return Some(format!("{} has moved this turn", who()));
        }
    }
    match u.ammo {
        Ammo::Out => Some(format!("{} is out of ammunition", who())),
        Ammo::Low if !opportunity => Some(format!(
            "{} is low on ammunition: it may only fire at units that come to it",
            who()
        )),
        _ => None,
    }
}

/// The fire of one unit at one hex, before the dice.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FireBreakdown {
    pub firer: UnitId,
    pub target: Hex,
    pub range: u32,
    pub base: f64,
    pub modifiers: Vec<Modifier>,
    pub value: f64,
    pub loss_range: [f64; 2],
}

/// §16 D-fow-5: under fog of war a unit fires only at a hex its side sees. The firer, which has
/// line of sight, sees the hex itself within the visibility; past it another unit must.
fn unseen(board: &Board, u: &Unit, range: u32, target: Hex) -> bool {
    super::fog::on(board)
        && range > super::fog::visibility(board)
        && !super::fog::sees(board, u.side, target)
}

/// Checks a fire and works out its value; the error says why it may not fire.
///
/// One function for the whole of §7's checks and modifiers in the rule book's order, so that a
/// reader can hold it against the table; each step is a few lines and they share the firer,
/// the target hex and the running value.
pub fn breakdown(
    board: &Board,
    firer: UnitId,
    target: Hex,
    opportunity: bool,
    factor: f64,
) -> Result<FireBreakdown, Refusal> {
    let u = board
        .unit(firer)
        .ok_or_else(|| Refusal::no_such_unit(firer))?;
    if let Some(why) = cannot_fire(u, opportunity) {
        return Err(no(firer, why));
    }
    let targets: Vec<&Unit> = board
        .units_at(target)
        .filter(|t| t.side != u.side)
        .collect();
    let bridge = board.map.bridge(target).is_some();
    if targets.is_empty() && !(bridge && u.kind == UnitKind::Artillery) {
        return Err(no(
            firer,
            "no enemy unit there (only artillery may fire at an empty bridge)",
        ));
    }
    let table = weapons();
    let w = weapon_of(u, table).ok_or_else(|| {
        no(
            firer,
            format!("{} has no known weapon {}", u.name, u.weapon),
        )
    })?;
    let range = distance(u.hex, target);
    if range == 0 || range > w.range {
        return Err(no(
            firer,
            format!(
                "the target is {range} hexes away; {} reaches {}",
                u.name, w.range
            ),
        ));
    }
    if !in_front(u.hex, u.facing, target) {
        return Err(no(
            firer,
            format!("the target is not in the front of {}", u.name),
        ));
    }
    if !line_of_sight(board, u.hex, target) {
        return Err(no(firer, "no line of sight to the target"));
    }
    if unseen(board, u, range, target) {
        return Err(Refusal::new(
            Reason::Unseen,
            Some(firer),
            "no unit of yours sees that hex (fog of war): fire only at enemies in sight",
        ));
    }
    let p = &board.params.fire;
    let mut eff = w.effectiveness;
    if range as f64 > w.range as f64 / 2.0 {
        eff /= 2.0;
    }
    let mut base = match u.kind {
        UnitKind::Artillery => u.guns as f64 * p.men_per_gun_value as f64 * eff,
        _ => u.men as f64 * eff,
    };
    let mut mods = Vec::new();
    let mut add = |kind: ModifierKind, percent: i32| {
        mods.push(Modifier::new(MeleeSide::Attacker, kind, percent))
    };
    if w.canister && range <= 2 {
        base *= 2.0;
    }
    let t = per_terrain(&p.terrain, board.map.terrain(target));
    if t != 0 {
        add(ModifierKind::TargetIn(board.map.terrain(target)), t);
    }
    let line: Vec<Hex> = u.hex.line_to(target).collect();
    let before = line
        .get(line.len().saturating_sub(2))
        .copied()
        .unwrap_or(u.hex);
    let side_to_firer = Facing::between(target, before);
    let held = targets.iter().all(|t| !t.marks.moved);
    if let (Some(side), true) = (side_to_firer, held) {
        let h = &p.hexside;
        let mut best: Option<(i32, SideFeature)> = None;
        for f in board.map.features(target, side) {
            let v = match f {
                SideFeature::Stream => h.stream,
                SideFeature::Creek => h.creek,
                SideFeature::Fence => h.fence,
                SideFeature::StoneWall => h.stone_wall,
                SideFeature::Embankment => h.embankment,
                SideFeature::Cut => h.cut,
                SideFeature::Breastworks => h.breastworks,
                _ => 0,
            };
            // As D-hex-1: the largest magnitude, a penalty on equal size.
            if v != 0 && best.is_none_or(|(b, _)| (v.abs(), -v) > (b.abs(), -b)) {
                best = Some((v, *f));
            }
        }
        if let Some((v, f)) = best {
            add(ModifierKind::Hexside(f), v);
        }
    }
    let climb = board.map.elevation(target) - board.map.elevation(u.hex);
    if climb > 0 {
        add(
            ModifierKind::TargetHigher(climb),
            (p.higher_per_level * climb).max(-100),
        );
    }
    let enfilade = side_to_firer.is_some_and(|s| {
        targets
            .iter()
            .filter(|t| !t.is_leader())
            .any(|t| !t.facing.covers(s))
    });
    if enfilade {
        add(ModifierKind::Enfilade, p.enfilade);
    }
    let combat: Vec<_> = targets.iter().filter(|t| !t.is_leader()).collect();
    if !combat.is_empty() && combat.iter().all(|t| t.is_mounted_cavalry()) {
        add(ModifierKind::TargetMountedCavalry, p.mounted_target);
    }
    let fat = match u.fatigue_level() {
        FatigueLevel::Low => 0,
        FatigueLevel::Medium => p.fatigue_medium,
        FatigueLevel::High => p.fatigue_high,
        FatigueLevel::Maximum => p.fatigue_max,
    };
    if fat != 0 {
        let fat = if u.kind == UnitKind::Artillery {
            fat * 2
        } else {
            fat
        };
        add(ModifierKind::FirerFatigue, fat.max(-100));
    }
    if board.params.optional.quality_melee_modifiers {
        if u.quality <= Quality::B {
            add(ModifierKind::FirerQualityGood, p.quality_good);
        } else if u.quality >= Quality::E {
            add(ModifierKind::FirerQualityPoor, p.quality_poor);
        }
    }
    let captured = capture::fire_factor(board, u);
    if u.is_captured() && captured == 0.0 {
        return Err(no(
            firer,
            format!(
                "{} is captured: a unit of yours must stand with it to fire it",
                u.name
            ),
        ));
    }
    let value = base
        * factor
        * captured
        * mods
            .iter()
            .map(|m| (1.0 + m.percent as f64 / 100.0).max(0.0))
            .product::<f64>();
    if captured < 1.0 {
        mods.push(Modifier::new(
            MeleeSide::Attacker,
            ModifierKind::CapturedGuns,
            ((captured - 1.0) * 100.0).round() as i32,
        ));
    }
    if factor != 1.0 {
        mods.push(Modifier::new(
            MeleeSide::Attacker,
            ModifierKind::HalfStrengthAtMeleeAttackers,
            ((factor - 1.0) * 100.0).round() as i32,
        ));
    }
    Ok(FireBreakdown {
        firer,
        target,
        range,
        base,
        modifiers: mods,
        value,
        loss_range: loss_range(value, p.lcv, p.hcv, 1.0),
    })
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FireOutcome {
    pub breakdown: FireBreakdown,
    pub opportunity: bool,
    pub loss: u32,
    pub losses: Vec<UnitLoss>,
    pub fatigue: Vec<FatigueGain>,
    pub morale: Vec<MoraleCheck>,
    pub eliminated: Vec<UnitId>,
    pub released: Vec<UnitId>,
    pub ammo_now: Option<Ammo>,
    pub bridge: Option<(u32, u32)>,
    /// Units that routed from this fire and ran (D-rout-1), the rout spreading to neighbours.
    pub routs: Vec<morale::RoutMove>,
    /// Leaders hit in the target hex (optional Leader Casualties, §17 D-cc-5).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub leaders_hit: Vec<UnitId>,
}

/// Fires `firer` at `target` (checked first) and applies the result. `factor` scales the fire
/// (½ for opportunity fire at melee attackers).
///
/// Long because §7–§9.6's results of one fire (losses, guns, fatigue, morale, routs and their
/// cascade, marks) are applied in the resolution's order, which the whole odds mirror.
pub fn fire(
    board: &mut Board,
    firer: UnitId,
    target: Hex,
    opportunity: bool,
    factor: f64,
    rng: &mut impl Rng,
) -> Result<FireOutcome, Refusal> {
    let b = breakdown(board, firer, target, opportunity, factor)?;
    // The few figures read while the board changes (a copy of all the Parameter Data was a
    // tenth of a fire's cost).
    let men_per_gun_lost = board.params.combat.men_per_gun_lost;
    let (check_base, enfilade_bonus) =
        (board.params.morale.check_base, board.params.morale.enfilade);
    let ammo_loss = [
        board.params.fire.ammo_loss_artillery_percent,
        board.params.fire.ammo_loss_infantry_percent,
    ];
    let side = board
        .unit(firer)
        .map(|u| u.side)
        .ok_or_else(|| no(firer, "no firer"))?;
    let roll = roll_loss(b.loss_range, rng);
    let enfilade = b.modifiers.iter().any(|m| m.kind == ModifierKind::Enfilade);
    let mut out = FireOutcome {
        breakdown: b,
        opportunity,
        loss: 0,
        losses: Vec::new(),
        fatigue: Vec::new(),
        morale: Vec::new(),
        eliminated: Vec::new(),
        released: Vec::new(),
        ammo_now: None,
        bridge: None,
        routs: Vec::new(),
        leaders_hit: Vec::new(),
    };
    let men_before = super::command::men_at(board, target, side.enemy());
    let targets: Vec<UnitId> = board
        .units_at(target)
        .filter(|t| t.side != side)
        .map(|t| t.id)
        .collect();
    if targets.is_empty() {
        if let Some(br) = board.map.bridge_mut(target) {
            let before = br.strength;
            br.strength = before.saturating_sub(roll);
            out.bridge = Some((before, br.strength));
            out.loss = before - br.strength;
        }
    } else {
        let caps: Vec<u32> = targets
            .iter()
            .filter_map(|id| board.unit(*id))
            // A leader has no men, so takes no share (D-cr-1).
            .map(|u| match u.kind {
                UnitKind::Artillery => u.guns * men_per_gun_lost,
                _ => u.men,
            })
            .collect();
        let weights: Vec<f64> = caps.iter().map(|c| *c as f64).collect();
        let shares = split_loss(roll, &weights, &caps);
        out.loss = shares.iter().sum();
        for (&id, &share) in targets.iter().zip(&shares) {
            let Some(was_fixed) = board.unit(id).map(|u| u.is_fixed()) else {
                continue;
            };
            let Some(t) = take_loss(board, id, share, |nominal| nominal, rng) else {
                continue;
            };
            if opportunity {
                if let Some(u) = board.unit_mut(id) {
                    u.marks.fire_losses += share;
                }
            }
            // §12: a Fixed unit is released when fired on.
            if let Some(u) = board.unit_mut(id) {
                u.fixed_until = None;
            }
            if was_fixed {
                out.released.push(id);
            }
            out.losses.extend(t.loss);
            out.fatigue.extend(t.fatigue);
            if t.spent {
                board.remove(id);
                out.eliminated.push(id);
                continue;
            }
            if morale::draws_check(share, check_base, rng) {
                // Fire by the side acting routs; opportunity fire only disrupts (§9.6).
                // §9.6: −2 when fired on in enfilade.
                let bonus = if enfilade { enfilade_bonus } else { 0 };
                out.morale.push(morale::check_with(
                    board,
                    id,
                    !opportunity,
                    morale::CheckReason::FireLosses,
                    bonus,
                    rng,
                ));
            }
        }
    }
    // §17 D-cc-5: the leaders where the fire landed, before anyone runs from it.
    out.leaders_hit =
        super::command::leader_hits(board, target, side.enemy(), out.loss, men_before, true, rng);
    let (more, routs) = morale::routs_after(board, &out.morale, rng);
    out.morale.extend(more);
    out.routs = routs;
    super::fog::gives_away(board, firer);
    let Some(u) = board.unit_mut(firer) else {
        return Ok(out);
    };
    if opportunity {
        u.marks.opportunity_fired = true;
    } else {
        u.marks.fired = true;
        u.marks.fired_at = Some(target);
    }
    let chance = if u.kind == UnitKind::Artillery {
        ammo_loss[0]
    } else {
        ammo_loss[1]
    };
    if rng.random_range(0..100) < chance {
        u.ammo = match u.ammo {
            Ammo::Normal => Ammo::Low,
            _ => Ammo::Out,
        };
        out.ammo_now = Some(u.ammo);
    }
    Ok(out)
}
