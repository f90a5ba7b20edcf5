//! Fire (§7): who may fire at what (formation, facing, range, line of sight, ammo), the fire
//! value with every modifier, and the result through the shared combat results engine.

use hexx::HexLayout;
use rand::{Rng, RngExt};
use serde::{Deserialize, Serialize};

use super::board::Board;
use super::capture;
use super::combat::{
    FatigueGain, MeleeSide, Modifier, ModifierKind, UnitLoss, loss_range, roll_fire_loss,
    split_loss, take_loss,
};
use super::hex::{Facing, Hex, distance};
use super::map::SideFeature;
use super::morale::{self, MoraleCheck};
use super::movement::per_terrain;
use super::refusal::{Reason, Refusal};
use super::unit::{Ammo, Crew, FatigueLevel, Formation, Quality, Unit, UnitId, UnitKind};
use super::weapon::{self, Weapon};

/// `id`'s order refused for `why` (the unit cannot fire so).
fn no(id: UnitId, why: impl Into<String>) -> Refusal {
    Refusal::new(Reason::CannotFire, Some(id), why)
}

/// A unit's weapon in its game's table (D-fire-2): the board's, with the scenario's weapons.
pub fn weapon_of<'a>(board: &'a Board, u: &Unit) -> Option<&'a Weapon> {
    weapon::of(u, &board.params.weapons)
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

/// One of the firer's factors (D-fire-3), multiplied into its fire.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum FactorKind {
    Disrupted,
    /// It moved in its own turn and fires in it.
    Moved,
    /// Horse holders.
    DismountedCavalry,
    CapturedGuns,
    /// 1 + fatigue % + quality % (the quality only under Quality Modifiers).
    FatigueAndQuality {
        fatigue: i32,
        quality: i32,
    },
    /// Melee defensive fire at the attackers (§1): half strength unless the optional rule.
    AtMeleeAttackers,
}

impl FactorKind {
    pub fn words(&self) -> String {
        match self {
            FactorKind::Disrupted => "firer disrupted".into(),
            FactorKind::Moved => "firer moved this turn".into(),
            FactorKind::DismountedCavalry => "dismounted cavalry (horse holders)".into(),
            FactorKind::CapturedGuns => "captured guns".into(),
            FactorKind::FatigueAndQuality { fatigue, quality } => match (fatigue, quality) {
                (0, q) => format!("firer quality {q:+}%"),
                (f, 0) => format!("firer fatigue {f:+}%"),
                (f, q) => format!("firer fatigue {f:+}%, quality {q:+}%"),
            },
            FactorKind::AtMeleeAttackers => "fire at melee attackers".into(),
        }
    }
}

/// One firer factor: why, and what it multiplies the fire by. Written with its words.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct FirerFactor {
    pub kind: FactorKind,
    pub times: f64,
}

impl Serialize for FirerFactor {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut m = s.serialize_struct("FirerFactor", 3)?;
        m.serialize_field("kind", &self.kind)?;
        m.serialize_field("name", &self.kind.words())?;
        m.serialize_field("times", &self.times)?;
        m.end()
    }
}

/// The fire of one unit at one hex, before the dice (D-fire-8: everything the player sees).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FireBreakdown {
    pub firer: UnitId,
    pub target: Hex,
    pub range: u32,
    /// The weapon fired, by the name the unit gives it, and its value at the range per man
    /// (per gun for a battery).
    pub weapon: String,
    pub per_man: f64,
    /// Who fires: men for small arms, guns for a battery (then `men` is 0).
    pub men: u32,
    pub guns: u32,
    /// Men × the value, or guns × men-equivalent per gun × the value (D-fire-1).
    pub base: f64,
    /// The firer's factors, multiplied (D-fire-3).
    pub factors: Vec<FirerFactor>,
    /// The target's terms, added (D-fire-4).
    pub modifiers: Vec<Modifier>,
    /// The terms' sum in percent, and whether the cap held it up (then the cap is used).
    pub sum: i32,
    pub capped: bool,
    /// The density factor (D-fire-6); 1 without the optional rule.
    pub density: f64,
    pub value: f64,
    pub loss_range: [f64; 2],
    /// Under Optional Fire Results the raw loss is the mean of two draws (D-fire-5).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub mean_of_two: bool,
}

impl FireBreakdown {
    /// D-fire-8: the working in words, a line a step: the weapon's value at the range and who
    /// fires it, each firer factor, each target term with their sum (and the cap where it
    /// held), the density, and the value with its loss range. `cap` is Parameter Data's.
    pub fn working(&self, cap: i32) -> Vec<String> {
        let mut out = Vec::new();
        let at = format!(
            "{} at {} {}",
            self.weapon,
            self.range,
            if self.range == 1 { "hex" } else { "hexes" }
        );
        out.push(if self.guns > 0 {
            let per_gun = self.base / (self.guns as f64 * self.per_man);
            format!(
                "{} × {per_gun:.0} × {} ({at}) = {:.0}",
                super::words::count(self.guns, "gun", "guns"),
                number(self.per_man),
                self.base
            )
        } else {
            format!(
                "{} × {} ({at}) = {:.0}",
                super::words::count(self.men, "man", "men"),
                number(self.per_man),
                self.base
            )
        });
        for f in &self.factors {
            out.push(format!("  ×{} {}", number(f.times), f.kind.words()));
        }
        for m in &self.modifiers {
            out.push(format!("  {:+}% {}", m.percent, m.name()));
        }
        if !self.modifiers.is_empty() {
            out.push(if self.capped {
                format!("  target terms {:+}%, held at {cap:+}%", self.sum)
            } else {
                format!("  target terms {:+}%", self.sum)
            });
        }
        if self.density != 1.0 {
            out.push(format!("  ×{} crowded hex", number(self.density)));
        }
        out.push(format!(
            "value {:.0}; loss {:.1}-{:.1}{}",
            self.value,
            self.loss_range[0],
            self.loss_range[1],
            if self.mean_of_two {
                " (mean of two draws)"
            } else {
                ""
            }
        ));
        out
    }

    /// The target terms as applied: their sum, never below the cap (D-fire-4).
    pub fn applied_percent(&self, cap: i32) -> i32 {
        self.sum.max(cap)
    }
}

/// A value as a player writes it: 3, 0.5, 0.75, 1.25.
fn number(x: f64) -> String {
    let s = format!("{x:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// §16 D-fow-5: under fog of war a unit fires only at a hex its side sees. The firer, which has
/// line of sight, sees the hex itself within the visibility; past it another unit must.
fn unseen(board: &Board, u: &Unit, range: u32, target: Hex) -> bool {
    super::fog::on(board)
        && range > super::fog::visibility(board)
        && !super::fog::sees(board, u.side, target)
}

/// What the checks of a fire found: the enemy in the target hex, the weapon's fire per man
/// at the range, and the captured guns' factor.
struct Allowed<'a> {
    targets: Vec<&'a Unit>,
    range: u32,
    per_man: f64,
    captured: f64,
}

/// §7's checks in the rule book's order: whether `u` may fire at `target`, and what the
/// checks found; the error says why not.
fn allowed<'a>(
    board: &'a Board,
    u: &Unit,
    target: Hex,
    opportunity: bool,
) -> Result<Allowed<'a>, Refusal> {
    let firer = u.id;
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
    let w = weapon_of(board, u).ok_or_else(|| {
        no(
            firer,
            format!("{} has no known weapon {}", u.name, u.weapon),
        )
    })?;
    let range = distance(u.hex, target);
    if range == 0 || range > w.range() {
        return Err(no(
            firer,
            format!(
                "the target is {range} hexes away; {} reaches {}",
                u.name,
                w.range()
            ),
        ));
    }
    if !in_front(u.hex, u.facing, target) {
        return Err(no(
            firer,
            format!("the target is not in the front of {}", u.name),
        ));
    }
    let sight = super::sight::look(board, u.hex, target);
    if !sight.clear {
        return Err(no(firer, super::sight::why_not(board, &sight)));
    }
    if unseen(board, u, range, target) {
        return Err(Refusal::new(
            Reason::Unseen,
            Some(firer),
            "no unit of yours sees that hex (fog of war): fire only at enemies in sight",
        ));
    }
    let per_man = w.at(range);
    if per_man <= 0.0 {
        return Err(no(
            firer,
            format!("{} has no fire at {range} hexes", u.name),
        ));
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
    Ok(Allowed {
        targets,
        range,
        per_man,
        captured,
    })
}

/// Checks a fire and works out its value (§7, in the rule book's order: the checks, then the
/// firer's factors and the target's terms); the error says why it may not fire.
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
    let Allowed {
        targets,
        range,
        per_man,
        captured,
    } = allowed(board, u, target, opportunity)?;
    let p = &board.params.fire;
    let base = match u.kind {
        UnitKind::Artillery => u.guns as f64 * p.men_per_gun_value as f64 * per_man,
        _ => u.men as f64 * per_man,
    };
    let factors = firer_factors(board, u, opportunity, factor, captured);
    let modifiers = target_terms(board, u, target, &targets);
    let sum: i32 = modifiers.iter().map(|m| m.percent).sum();
    let applied = sum.max(p.cap);
    let density = if board.params.optional.density_fire_modifier {
        density_factor(board, target, u.side)
    } else {
        1.0
    };
    let value = base
        * factors.iter().map(|f| f.times).product::<f64>()
        * (1.0 + applied as f64 / 100.0).max(0.0)
        * density;
    Ok(FireBreakdown {
        firer,
        target,
        range,
        weapon: weapon::name_of(u).unwrap_or_default().to_string(),
        per_man,
        men: if u.kind == UnitKind::Artillery {
            0
        } else {
            u.men
        },
        guns: if u.kind == UnitKind::Artillery {
            u.guns
        } else {
            0
        },
        base,
        factors,
        modifiers,
        sum,
        capped: sum < p.cap,
        density,
        value,
        loss_range: loss_range(value, p.lcv, p.hcv, 1.0),
        mean_of_two: board.params.optional.optional_fire_results,
    })
}

/// D-fire-3: the firer's factors, multiplied; `factor` is the melee defensive fire's share.
fn firer_factors(
    board: &Board,
    u: &Unit,
    opportunity: bool,
    factor: f64,
    captured: f64,
) -> Vec<FirerFactor> {
    let p = &board.params.fire;
    let mut out = Vec::new();
    let mut times = |kind: FactorKind, times: f64| {
        if times != 1.0 {
            out.push(FirerFactor { kind, times });
        }
    };
    if u.disrupted {
        times(FactorKind::Disrupted, p.disrupted_factor);
    }
    // Opportunity fire comes in the enemy's turn: what the unit did in its own does not count.
    if !opportunity && u.marks.moved {
        times(FactorKind::Moved, p.moved_factor);
    }
    if u.is_dismounted_cavalry() {
        times(FactorKind::DismountedCavalry, p.dismounted_factor);
    }
    if u.is_captured() {
        times(FactorKind::CapturedGuns, captured);
    }
    let fatigue = match u.fatigue_level() {
        FatigueLevel::Low => 0,
        FatigueLevel::Medium => p.fatigue_medium,
        FatigueLevel::High => p.fatigue_high,
        FatigueLevel::Maximum => p.fatigue_max,
    } * if u.kind == UnitKind::Artillery { 2 } else { 1 };
    let quality = if !board.params.optional.quality_melee_modifiers {
        0
    } else if u.quality <= Quality::B {
        p.quality_good
    } else if u.quality >= Quality::E {
        p.quality_poor
    } else {
        0
    };
    times(
        FactorKind::FatigueAndQuality { fatigue, quality },
        (1.0 + (fatigue + quality) as f64 / 100.0).max(0.0),
    );
    times(FactorKind::AtMeleeAttackers, factor);
    out
}

/// D-fire-4: the target's terms, each in percent (they are added and capped by the caller).
fn target_terms(board: &Board, u: &Unit, target: Hex, targets: &[&Unit]) -> Vec<Modifier> {
    let p = &board.params.fire;
    let mut mods = Vec::new();
    let mut add = |kind: ModifierKind, percent: i32| {
        if percent != 0 {
            mods.push(Modifier::new(MeleeSide::Attacker, kind, percent))
        }
    };
    let terrain = board.map.terrain(target);
    add(
        ModifierKind::TargetIn(terrain),
        per_terrain(&p.terrain, terrain),
    );
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
            // As D-hex-1: the one feature of largest size, a penalty on equal size.
            if v != 0 && best.is_none_or(|(b, _)| (v.abs(), -v) > (b.abs(), -b)) {
                best = Some((v, *f));
            }
        }
        if let Some((v, f)) = best {
            add(ModifierKind::Hexside(f), v);
        }
    }
    let climb = board.map.elevation(target) - board.map.elevation(u.hex);
    match climb {
        ..=0 => {}
        1 => add(ModifierKind::TargetHigher(1), p.higher_one_level),
        n => add(ModifierKind::TargetHigher(n), p.higher_two_or_more),
    }
    // A march formation is a term when every unit that can be hit is in one; a mixed hex is
    // named for its largest unit.
    let combat: Vec<&&Unit> = targets.iter().filter(|t| !t.is_leader()).collect();
    let marching = |t: &Unit| match t.formation {
        Formation::Column => Some((ModifierKind::TargetInColumn, p.column_target)),
        Formation::Limbered => Some((ModifierKind::TargetLimbered, p.limbered_target)),
        Formation::Mounted => Some((ModifierKind::TargetMountedCavalry, p.mounted_target)),
        _ => None,
    };
    if !combat.is_empty() && combat.iter().all(|t| marching(t).is_some()) {
        let largest = combat
            .iter()
            .max_by_key(|t| t.men + t.guns * board.params.stacking.men_per_gun)
            .and_then(|t| marching(t));
        if let Some((kind, percent)) = largest {
            add(kind, percent);
        }
    }
    let enfilade = side_to_firer.is_some_and(|s| combat.iter().any(|t| !t.facing.covers(s)));
    if enfilade {
        add(ModifierKind::Enfilade, p.enfilade);
    }
    mods
}

/// D-fire-6: clamp(1 + max × (r − ⅔) / ⅓, 1, 1 + max), r the target hex's men as stacking
/// counts them (a gun as 50 men, not its crew) over the stacking limit.
pub fn density_factor(board: &Board, target: Hex, firing_side: super::unit::Side) -> f64 {
    let s = &board.params.stacking;
    let load = super::stacking::hex_load(
        board.units_at(target).filter(|t| t.side != firing_side),
        &board.params,
    );
    let r = load.men as f64 / s.max_men.max(1) as f64;
    let most = board.params.fire.density_max;
    (1.0 + most * (r - 2.0 / 3.0) * 3.0).clamp(1.0, 1.0 + most)
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

/// The firer has fired at `target` this turn (as opportunity fire, or its own).
pub fn mark_fired(u: &mut Unit, target: Hex, opportunity: bool) {
    if opportunity {
        u.marks.opportunity_fired = true;
    } else {
        u.marks.fired = true;
        u.marks.fired_at = Some(target);
    }
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
    let roll = roll_fire_loss(b.loss_range, b.mean_of_two, rng);
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
    mark_fired(u, target, opportunity);
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
