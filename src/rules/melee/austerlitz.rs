//! Austerlitz hand-to-hand (seed 004, RULES.md §15.4): each unit's strength P = HC × EF × men
//! × F × Π(1 + m) / divisor; each side loses z × the other's strength in men, z ~ U[1, 3], 20 %
//! less for infantry in a village; the greater loss loses, the defender winning ties.

use rand::{Rng, RngExt};

use super::breakdown::capacity;
use super::resolve::{Resolution, take_results};
use super::{
    Breakdown, Declaration, MeleeShow, MeleeSide, MeleeSystem, Modifier, Odds, UnitStrength,
};
use crate::rules::board::Board;
use crate::rules::combat::random_round;
use crate::rules::hex::{Facing, Hex};
use crate::rules::map::{SideFeature, Terrain};
use crate::rules::movement::{MoverClass, terrain_allows};
use crate::rules::params::MeleeSystemName;
use crate::rules::refusal::Refusal;
use crate::rules::unit::{CavalryKind, Crew, Formation, Quality, Unit, UnitKind};

/// Seed 004's melee system.
pub struct Austerlitz;

/// The hand-to-hand factor of a unit's type (D-aus-2).
pub fn hand_to_hand(board: &Board, u: &Unit) -> f64 {
    let a = &board.params.austerlitz;
    match u.kind {
        UnitKind::Infantry => a.hc_infantry,
        UnitKind::Cavalry if u.is_dismounted_cavalry() || u.formation == Formation::Dismounting => {
            a.hc_dismounted_cavalry
        }
        UnitKind::Cavalry => match u.cavalry {
            CavalryKind::Light => a.hc_light_cavalry,
            CavalryKind::Heavy => a.hc_heavy_cavalry,
            CavalryKind::Lancer => a.hc_lancers,
        },
        UnitKind::Artillery if u.crew == Crew::Crewed && !u.is_captured() => a.hc_artillery_crew,
        _ => 0.0,
    }
}

/// The experience factor (source: new battalions start at 3).
pub fn experience(q: Quality) -> f64 {
    match q {
        Quality::A => 6.0,
        Quality::B => 5.0,
        Quality::C => 4.0,
        Quality::D => 3.0,
        Quality::E => 2.0,
        Quality::F => 1.0,
    }
}

/// The formation share F (source values mapped onto Bayonet's formations).
pub fn formation_share(u: &Unit) -> (f64, &'static str) {
    if u.routed {
        return (0.4, "flight 40 %");
    }
    match (u.kind, u.formation) {
        (UnitKind::Infantry, Formation::Line) => (0.6, "line 60 %"),
        (UnitKind::Infantry, _) => (1.0, "column 100 %"),
        (UnitKind::Cavalry, Formation::Dismounted | Formation::Dismounting) => {
            (0.4, "dismounted, skirmish order 40 %")
        }
        (UnitKind::Cavalry, _) => (1.0, "mounted 100 %"),
        _ => (1.0, "100 %"),
    }
}

fn mounted(u: &Unit) -> bool {
    u.kind == UnitKind::Cavalry && u.formation == Formation::Mounted
}

/// The modifiers m of a unit fighting against the enemy's lead unit `target` in
/// `there` (D-aus-5); `crossing` is the hexside an attacker fights across.
fn modifiers(
    board: &Board,
    u: &Unit,
    target: Option<&Unit>,
    there: Hex,
    crossing: Option<(Hex, Facing)>,
) -> Vec<(f64, &'static str)> {
    let mut m = Vec::new();
    let map = &board.map;
    if let Some(t) = target {
        let ground = map.terrain(there);
        let infantry = t.kind == UnitKind::Infantry;
        if mounted(u) && infantry {
            let light = u.cavalry == CavalryKind::Light;
            if ground == Terrain::Forest && light {
                m.push((-0.35, "light cavalry against infantry in a forest"));
            }
            if matches!(ground, Terrain::Orchard | Terrain::Rough) {
                m.push(if light {
                    (-0.20, "light cavalry against infantry in the bushes")
                } else {
                    (-0.30, "cavalry against infantry in the bushes")
                });
            }
        }
        if mounted(u) && u.cavalry == CavalryKind::Heavy && mounted(t) && t.cavalry.is_light() {
            m.push((-0.15, "heavy cavalry against light cavalry"));
        }
        if mounted(u) && u.cavalry == CavalryKind::Lancer && t.kind == UnitKind::Cavalry {
            m.push((-0.20, "lancers against cavalry"));
        }
        let works =
            crossing.is_some_and(|(h, f)| map.features(h, f).contains(&SideFeature::Breastworks));
        if works && (infantry || t.kind == UnitKind::Artillery) {
            match u.kind {
                UnitKind::Cavalry => m.push((-0.80, "cavalry against an entrenchment")),
                UnitKind::Infantry => m.push((-0.60, "infantry against an entrenchment")),
                _ => {}
            }
        }
    }
    m
}

/// A unit's strength P, with the working written out.
fn strength(
    board: &Board,
    u: &Unit,
    mods: &[(f64, &'static str)],
    reach: bool,
) -> (UnitStrength, f64) {
    let a = &board.params.austerlitz;
    let hc = hand_to_hand(board, u);
    let ef = experience(u.quality);
    let (f, fname) = formation_share(u);
    let product: f64 = mods.iter().map(|(m, _)| 1.0 + m).product();
    let p = if reach {
        hc * ef * u.men as f64 * f * product / a.divisor
    } else {
        0.0
    };
    let mut adjustments = vec![format!(
        "HC {hc} x EF {ef} x {} men x F {fname}{} / {} = {p:.2}",
        u.men,
        if mods.is_empty() {
            String::new()
        } else {
            format!(" x {product:.2}")
        },
        a.divisor
    )];
    for (m, name) in mods {
        adjustments.push(format!("{name} {:+.0} %", m * 100.0));
    }
    if !reach {
        adjustments.push("could not enter the attackers' ground: adds 0 (D-aus-4)".into());
    }
    let s = UnitStrength {
        unit: u.id,
        name: u.name.clone(),
        nominal: u.men,
        // The losses are split by men (D-cr-1 with men as the weights).
        strength: u.men as f64,
        adjustments,
        capacity: capacity(board, u),
    };
    (s, p)
}

/// The share of a side's men that are infantry in a Town hex: 20 % fewer casualties for them.
fn village(board: &Board, units: &[&Unit]) -> f64 {
    let all: u32 = units.iter().map(|u| u.men).sum();
    if all == 0 {
        return 1.0;
    }
    let inside: u32 = units
        .iter()
        .filter(|u| u.kind == UnitKind::Infantry && board.map.terrain(u.hex) == Terrain::Town)
        .map(|u| u.men)
        .sum();
    1.0 - board.params.austerlitz.village_reduction * inside as f64 / all as f64
}

/// The §15.4 breakdown: every unit's P and its working, each side's S, the village factors,
/// the loss ranges [z_min, z_max] × S × t.
pub fn austerlitz_breakdown(board: &Board, decl: &Declaration) -> Breakdown {
    let d = decl.defending_hex;
    let (attackers, defenders) = decl.sides(board);
    let (lead_a, lead_d) = (
        super::lead_unit(&attackers, &board.params),
        super::lead_unit(&defenders, &board.params),
    );
    let map = &board.map;
    let hexes = decl.attacking_hexes(board);
    let att: Vec<(UnitStrength, f64)> = attackers
        .iter()
        .map(|u| {
            let mut mods = modifiers(
                board,
                u,
                lead_d,
                d,
                Facing::between(u.hex, d).map(|f| (u.hex, f)),
            );
            if map.elevation(u.hex) > map.elevation(d) {
                mods.push((0.10, "higher than the enemy"));
            }
            strength(board, u, &mods, true)
        })
        .collect();
    let def: Vec<(UnitStrength, f64)> = defenders
        .iter()
        .map(|u| {
            let there = lead_a.map_or(d, |a| a.hex);
            let mut mods = modifiers(board, u, lead_a, there, None);
            if !hexes.is_empty() && hexes.iter().all(|h| map.elevation(d) > map.elevation(*h)) {
                mods.push((0.10, "higher than every attacking hex"));
            }
            // D-aus-4: it fights only attackers on ground it could itself enter.
            let reach = hexes
                .iter()
                .any(|h| terrain_allows(map, &board.params, MoverClass::of(u), *h));
            strength(board, u, &mods, reach)
        })
        .collect();
    let s_a: f64 = att.iter().map(|(_, p)| p).sum();
    let s_d: f64 = def.iter().map(|(_, p)| p).sum();
    let (att, def): (Vec<UnitStrength>, Vec<UnitStrength>) = (
        att.into_iter().map(|(s, _)| s).collect(),
        def.into_iter().map(|(s, _)| s).collect(),
    );
    let (t_def, t_att) = (village(board, &defenders), village(board, &attackers));
    let a = &board.params.austerlitz;
    let mut modifiers = Vec::new();
    for (side, t) in [(MeleeSide::Defender, t_def), (MeleeSide::Attacker, t_att)] {
        if t < 1.0 {
            modifiers.push(Modifier {
                side,
                kind: super::ModifierKind::VillageInfantry,
                percent: ((t - 1.0) * 100.0).round() as i32,
            });
        }
    }
    Breakdown {
        attacker_capacity: att.iter().map(|s| s.capacity).sum(),
        defender_capacity: def.iter().map(|s| s.capacity).sum(),
        attackers: att,
        defenders: def,
        attack_base: s_a,
        defence_base: s_d,
        modifiers,
        attack_factor: 1.0,
        defence_factor: 1.0,
        attack_strength: s_a,
        defence_strength: s_d,
        cavalry_rule: false,
        // The defender loses z_A × S_A × t_def; the attacker z_D × S_D × t_att.
        defender_loss_range: [a.z_min * s_a * t_def, a.z_max * s_a * t_def],
        attacker_loss_range: [a.z_min * s_d * t_att, a.z_max * s_d * t_att],
        bridge_damage: false,
        system: MeleeSystemName::Austerlitz,
        detail: super::Detail::Austerlitz,
    }
}

/// §15.4's own restrictions: A1, A2.
pub fn austerlitz_check(board: &Board, decl: &Declaration) -> Vec<Refusal> {
    let mut out = super::check(board, decl);
    let d = decl.defending_hex;
    let Some(side) = decl.side(board) else {
        return out;
    };
    let ground = board.map.terrain(d);
    let infantry_there = board
        .units_at(d)
        .any(|u| u.side != side && u.kind == UnitKind::Infantry);
    for id in &decl.attackers {
        let Some(u) = board.unit(*id) else { continue };
        if !mounted(u) {
            continue;
        }
        if ground == Terrain::Town && infantry_there {
            out.push(Refusal::system(
                "A1",
                Some(u.id),
                format!(
                    "mounted cavalry {} may not attack a town holding infantry",
                    u.name
                ),
            ));
        }
        if ground == Terrain::Forest && !u.cavalry.is_light() {
            out.push(Refusal::system(
                "A2",
                Some(u.id),
                format!(
                    "only light cavalry may attack into a forest; {} is {:?}",
                    u.name, u.cavalry
                ),
            ));
        }
    }
    out
}

/// Combat results in §15.4's draw order: z_A, z_D, then the rounding of the defender's loss
/// and of the attacker's; the rest as every system takes losses.
pub fn austerlitz_results(board: &mut Board, r: &mut Resolution, rng: &mut impl Rng) {
    let b = r.out.breakdown.clone();
    let draw = |range: [f64; 2], u: f64| range[0] + u * (range[1] - range[0]);
    let (z_a, z_d) = (rng.random::<f64>(), rng.random::<f64>());
    let x_def = draw(b.defender_loss_range, z_a).max(0.0);
    let x_att = draw(b.attacker_loss_range, z_d).max(0.0);
    let defender_roll = random_round(x_def, rng);
    let attacker_roll = random_round(x_att, rng);
    take_results(board, r, rng, defender_roll, attacker_roll);
}

impl MeleeSystem for Austerlitz {
    type Detail = ();
    type Rolled = ();

    fn name(&self) -> MeleeSystemName {
        MeleeSystemName::Austerlitz
    }
    fn check(&self, board: &Board, decl: &Declaration) -> Vec<Refusal> {
        austerlitz_check(board, decl)
    }
    fn breakdown(&self, board: &Board, decl: &Declaration) -> Breakdown {
        austerlitz_breakdown(board, decl)
    }
    fn odds(&self, b: &Breakdown, _: &()) -> Odds {
        // The same sum as §9's: two independent uniform losses, each rounded as §8.
        super::odds(b)
    }
    fn combat_results(
        &self,
        board: &mut Board,
        r: &mut Resolution,
        _: &(),
        rng: &mut rand_chacha::ChaCha8Rng,
    ) {
        austerlitz_results(board, r, rng)
    }
}

impl MeleeShow for Austerlitz {
    fn description(&self) -> &'static str {
        "Austerlitz (seed 004): HC x EF x men x formation x modifiers, losses U[1,3] x strength"
    }
}
