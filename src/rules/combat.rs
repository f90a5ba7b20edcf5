//! The combat results engine shared by fire and melee (§8): the sides, the modifiers, loss
//! ranges, random rounding, the exact distribution of a result, splitting a loss across units,
//! guns lost, fatigue.

use rand::{Rng, RngExt};
use serde::{Deserialize, Serialize};

use super::board::Board;
use super::map::{SideFeature, Terrain};
use super::unit::{UnitId, UnitKind};

/// The two sides of a melee (a fire's firer counts as its attacker).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MeleeSide {
    Attacker,
    Defender,
}

/// What a modifier is for: each §8 fire and §9.3 melee modifier by its rule, and a melee
/// system's own working (§15), in that system's words.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ModifierKind {
    // §9.3, melee.
    NoAttackerFired,
    LeaderWithAttackers,
    LeaderWithDefenders,
    RearHexside,
    /// The attack crosses this hexside (D-hex-1: the largest).
    Hexside(SideFeature),
    /// A creek crossed at a ford (no bridge).
    Ford,
    AcrossBreastworks,
    BridgeOverCreek,
    Uphill(i32),
    CavalryCharge,
    /// Optional Quality Melee Modifiers.
    QualityGood,
    QualityPoor,
    // §8, fire.
    TargetIn(Terrain),
    TargetHigher(i32),
    Enfilade,
    TargetInColumn,
    TargetLimbered,
    TargetMountedCavalry,
    // §15.
    /// Austerlitz: infantry in a village takes fewer casualties.
    VillageInfantry,
    /// A system's own working line (Bodenstedt's odds and column, Impetus's scores, La
    /// Bataille's ratios), shown as it is.
    Working(String),
}

impl ModifierKind {
    /// The modifier in words, as the breakdown shows it.
    pub fn words(&self) -> String {
        use ModifierKind::*;
        match self {
            NoAttackerFired => "no attacker fired this turn".into(),
            LeaderWithAttackers => "leader with the attackers".into(),
            LeaderWithDefenders => "leader with the defenders".into(),
            RearHexside => "attack through a defender's rear hexside".into(),
            Hexside(f) => format!("hexside: {}", f.name()),
            Ford => "hexside: creek (ford)".into(),
            AcrossBreastworks => "across breastworks".into(),
            BridgeOverCreek => "across a creek by a bridge".into(),
            Uphill(levels) => format!("attack uphill {levels} level(s)"),
            CavalryCharge => "mounted cavalry charge over clear ground".into(),
            QualityGood => "quality: lowest is A or B".into(),
            QualityPoor => "quality: highest is E or F".into(),
            TargetIn(t) => format!("target in {}", t.name()),
            TargetHigher(levels) => format!("target {levels} level(s) higher"),
            Enfilade => "enfilade".into(),
            TargetInColumn => "target in column".into(),
            TargetLimbered => "target limbered".into(),
            TargetMountedCavalry => "target mounted cavalry".into(),
            VillageInfantry => "infantry in a village: fewer casualties".into(),
            Working(w) => w.clone(),
        }
    }
}

/// One modifier of a fire or melee breakdown: whose strength it changes, why, by how much.
/// Written with its words as `name` (what `bayonet odds` prints); read back by its kind.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Modifier {
    pub side: MeleeSide,
    pub kind: ModifierKind,
    pub percent: i32,
}

impl Modifier {
    pub fn new(side: MeleeSide, kind: ModifierKind, percent: i32) -> Modifier {
        Modifier {
            side,
            kind,
            percent,
        }
    }

    /// The modifier in words.
    pub fn name(&self) -> String {
        self.kind.words()
    }
}

impl Serialize for Modifier {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut m = s.serialize_struct("Modifier", 4)?;
        m.serialize_field("side", &self.side)?;
        m.serialize_field("kind", &self.kind)?;
        m.serialize_field("name", &self.name())?;
        m.serialize_field("percent", &self.percent)?;
        m.end()
    }
}

/// One unit's loss in a fire or melee.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UnitLoss {
    pub unit: UnitId,
    /// Men lost (crew men for a battery).
    pub men: u32,
    pub guns: u32,
    /// The unit's share of its side's loss, in men (what the loser comparison counts).
    pub share: u32,
}

/// The fatigue one unit gained from a loss, and where it stands now.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FatigueGain {
    pub unit: UnitId,
    pub gained: u32,
    pub now: u32,
}

/// `[low, high]` for combat value `value` with the pair (LCV, HCV), divided by `divisor`
/// (the cavalry rule divides the raw result).
pub fn loss_range(value: f64, lcv: u32, hcv: u32, divisor: f64) -> [f64; 2] {
    [
        lcv as f64 * value / 1000.0 / divisor,
        hcv as f64 * value / 1000.0 / divisor,
    ]
}

/// Rounds `x` up with probability equal to its fractional part.
pub fn random_round(x: f64, rng: &mut impl Rng) -> u32 {
    let n = x.floor();
    let frac = x - n;
    let up = frac > 0.0 && rng.random::<f64>() < frac;
    n as u32 + up as u32
}

/// One result: uniform in `[low, high]`, then randomly rounded.
pub fn roll_loss(range: [f64; 2], rng: &mut impl Rng) -> u32 {
    let [low, high] = range;
    let raw = low + rng.random::<f64>() * (high - low);
    random_round(raw.max(0.0), rng)
}

/// A fire's loss: as `roll_loss`, or under Optional Fire Results (§7 D-fire-5) with the raw
/// result the mean of two draws.
pub fn roll_fire_loss(range: [f64; 2], mean_of_two: bool, rng: &mut impl Rng) -> u32 {
    if !mean_of_two {
        return roll_loss(range, rng);
    }
    let [low, high] = range;
    let draws = (rng.random::<f64>() + rng.random::<f64>()) / 2.0;
    random_round((low + draws * (high - low)).max(0.0), rng)
}

/// The exact distribution of `roll_loss` over the integers: `probs[i]` is P(result = start + i).
#[derive(Debug, Clone, PartialEq)]
pub struct LossDistribution {
    pub start: u32,
    pub probs: Vec<f64>,
}

impl LossDistribution {
    pub fn of(range: [f64; 2]) -> LossDistribution {
        let [low, high] = [range[0].max(0.0), range[1].max(0.0)];
        let width = high - low;
        if width < 1e-12 {
            let n = low.floor();
            let frac = low - n;
            return LossDistribution {
                start: n as u32,
                probs: if frac > 0.0 {
                    vec![1.0 - frac, frac]
                } else {
                    vec![1.0]
                },
            };
        }
        let first = low.floor() as u32;
        let last = high.ceil() as u32;
        let probs = (first..=last)
            .map(|n| {
                let n = n as f64;
                (tent_below(high - n) - tent_below(low - n)) / width
            })
            .collect();
        LossDistribution {
            start: first,
            probs,
        }
    }

    /// The exact distribution of `roll_fire_loss`: under Optional Fire Results the raw result
    /// has the triangle's density on `[low, high]`, and each whole number takes the integral of
    /// that density against the rounding tent (both straight on each piece between their
    /// corners, so Simpson's rule is exact piece by piece).
    pub fn of_fire(range: [f64; 2], mean_of_two: bool) -> LossDistribution {
        let [low, high] = [range[0].max(0.0), range[1].max(0.0)];
        let width = high - low;
        if !mean_of_two || width < 1e-12 {
            return LossDistribution::of(range);
        }
        let mid = (low + high) / 2.0;
        let density = |x: f64| {
            let d = if x <= mid { x - low } else { high - x };
            (d * 4.0 / (width * width)).max(0.0)
        };
        let first = low.floor() as u32;
        let last = high.ceil() as u32;
        let probs = (first..=last)
            .map(|n| {
                let n = n as f64;
                let g = |x: f64| density(x) * (1.0 - (x - n).abs()).max(0.0);
                let (a, b) = (low.max(n - 1.0), high.min(n + 1.0));
                let mut corners: Vec<f64> = [a, b, mid, n]
                    .into_iter()
                    .filter(|x| (a..=b).contains(x))
                    .collect();
                corners.sort_by(f64::total_cmp);
                corners
                    .windows(2)
                    .map(|w| {
                        (w[1] - w[0]) / 6.0 * (g(w[0]) + 4.0 * g((w[0] + w[1]) / 2.0) + g(w[1]))
                    })
                    .sum::<f64>()
            })
            .collect();
        LossDistribution {
            start: first,
            probs,
        }
    }

    /// The distribution of `min(result, cap)`.
    pub fn capped(mut self, cap: u32) -> LossDistribution {
        let Some(room) = cap.checked_sub(self.start) else {
            return LossDistribution {
                start: cap,
                probs: vec![1.0],
            };
        };
        let keep = (room as usize + 1).min(self.probs.len());
        let tail: f64 = self.probs.drain(keep..).sum();
        self.probs[keep - 1] += tail;
        self
    }

    pub fn mean(&self) -> f64 {
        self.probs
            .iter()
            .enumerate()
            .map(|(i, p)| (self.start as f64 + i as f64) * p)
            .sum()
    }

    /// P(result < n).
    pub fn below(&self, n: u32) -> f64 {
        if n <= self.start {
            return 0.0;
        }
        let k = ((n - self.start) as usize).min(self.probs.len());
        self.probs[..k].iter().sum()
    }
}

/// The chance that a raw result `x` from a whole number or less rounds to it, accumulated:
/// the integral of the rounding tent 1 − |x| from −1 up to `x` (0 below −1, 1 above 1).
fn tent_below(x: f64) -> f64 {
    let t = x.clamp(-1.0, 1.0);
    if t < 0.0 {
        (t + 1.0).powi(2) / 2.0
    } else {
        1.0 - (1.0 - t).powi(2) / 2.0
    }
}

/// Splits `total` across units in proportion to `weights`, by largest remainder, never giving
/// a unit more than its `capacity` (D-cr-1); what a full unit cannot take goes to the others.
/// The shares add up to `min(total, Σ capacity)`.
pub fn split_loss(total: u32, weights: &[f64], capacity: &[u32]) -> Vec<u32> {
    let mut share = vec![0u32; weights.len()];
    let mut left = total.min(capacity.iter().sum());
    let mut open: Vec<usize> = (0..weights.len()).filter(|&i| capacity[i] > 0).collect();
    // Each round hands out all that is left, or fills a unit up and drops it: so one round a
    // unit at most (and no endless loop).
    for _ in 0..weights.len() {
        if left == 0 {
            break;
        }
        let mut w: Vec<f64> = open.iter().map(|&i| weights[i].max(0.0)).collect();
        if w.iter().sum::<f64>() <= 0.0 {
            // Nobody with room contributed strength: weigh them by what they can lose (they
            // have had nothing yet, a unit of no weight getting no remainder).
            w = open.iter().map(|&i| capacity[i] as f64).collect();
        }
        for (k, give) in largest_remainder(left, &w).into_iter().enumerate() {
            let i = open[k];
            let give = give.min(capacity[i] - share[i]);
            share[i] += give;
            left -= give;
        }
        open.retain(|&i| share[i] < capacity[i]);
    }
    share
}

/// `total` split into whole parts in proportion to `weights` (at least one above zero): each
/// gets the floor of its exact share, and what is left goes one each to the largest fractions
/// (the first on ties).
pub fn largest_remainder(total: u32, weights: &[f64]) -> Vec<u32> {
    let sum: f64 = weights.iter().sum();
    let exact: Vec<f64> = weights.iter().map(|w| total as f64 * w / sum).collect();
    let mut out: Vec<u32> = exact.iter().map(|e| e.floor() as u32).collect();
    let rest = total.saturating_sub(out.iter().sum());
    let mut order: Vec<usize> = (0..weights.len()).collect();
    order.sort_by(|&a, &b| {
        (exact[b] - exact[b].floor())
            .total_cmp(&(exact[a] - exact[a].floor()))
            .then(a.cmp(&b))
    });
    // The fractions add up to `rest` and each is below one, so more than `rest` units have a
    // fraction (hence a weight) above zero, and they sort first: one pass hands out the rest.
    for i in order.into_iter().take(rest as usize) {
        out[i] += 1;
    }
    out
}

/// Guns lost by a battery taking `men` of loss: one per `men_per_gun` and one more with
/// probability remainder / `men_per_gun` (§8).
pub fn guns_lost(men: u32, guns: u32, men_per_gun: u32, rng: &mut impl Rng) -> u32 {
    let per = men_per_gun.max(1);
    let whole = men / per;
    let rem = men % per;
    let extra = rem > 0 && rng.random_range(0..per) < rem;
    (whole + extra as u32).min(guns)
}

/// Nominal fatigue from a loss: uniform in `[low × loss, high × loss]` (§8).
pub fn fatigue_from_loss(loss: u32, low: u32, high: u32, rng: &mut impl Rng) -> u32 {
    if loss == 0 {
        return 0;
    }
    rng.random_range(loss * low..=loss * high)
}

/// What one unit's share of a loss did to it.
#[derive(Debug, Clone, PartialEq)]
pub struct Taken {
    pub loss: Option<UnitLoss>,
    pub fatigue: Option<FatigueGain>,
    /// Fatigue it gained (after the caller's multipliers).
    pub gained: u32,
    /// It was at maximum fatigue before (§9.4: gaining more calls for a morale check).
    pub was_max: bool,
    /// No men and no guns left: the caller takes it off the board.
    pub spent: bool,
}

/// The one application of a loss to a unit, for fire and melee alike (§8): guns lost per
/// `men_per_gun_lost` men of a battery's share, men, nominal fatigue uniform in
/// [low × share, high × share] turned into what the unit gains by `fatigue` (melee multiplies
/// it), capped at the maximum. Dice: guns lost, then fatigue.
pub fn take_loss(
    board: &mut Board,
    id: UnitId,
    share: u32,
    fatigue: impl FnOnce(u32) -> u32,
    rng: &mut impl Rng,
) -> Option<Taken> {
    let p = &board.params.combat;
    let (low, high, per_gun, max) = (
        p.fatigue_low_factor,
        p.fatigue_high_factor,
        p.men_per_gun_lost,
        p.max_fatigue,
    );
    let u = board.unit(id)?;
    let guns = if u.kind == UnitKind::Artillery {
        guns_lost(share, u.guns, per_gun, rng)
    } else {
        0
    };
    let men = share.min(u.men);
    let gained = fatigue(fatigue_from_loss(share, low, high, rng));
    let u = board.unit_mut(id)?;
    u.men -= men;
    u.guns -= guns;
    let was_max = u.fatigue >= max;
    u.fatigue = (u.fatigue + gained).min(max);
    Some(Taken {
        // Guns go only with men (`guns_lost` of no men is none).
        loss: (share > 0).then_some(UnitLoss {
            unit: id,
            men,
            guns,
            share,
        }),
        fatigue: (gained > 0).then_some(FatigueGain {
            unit: id,
            gained,
            now: u.fatigue,
        }),
        gained,
        was_max,
        spent: u.is_spent(),
    })
}
