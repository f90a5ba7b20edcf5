//! Parameter Data: every number of the rule book, and the optional-rule switches (§14).
//!
//! The defaults live in `assets/rules/parameters.ron` (embedded, so the browser build needs no
//! file system); a scenario overrides any field by naming just that field.

use serde::{Deserialize, Serialize};

/// One value per mover class (§6).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PerMover {
    pub line_infantry: u32,
    pub column_infantry: u32,
    pub mounted_cavalry: u32,
    pub artillery: u32,
    pub supply: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PerTerrain<T> {
    pub clear: T,
    pub field: T,
    pub orchard: T,
    pub forest: T,
    pub rough: T,
    pub marsh: T,
    pub town: T,
    pub water: T,
    pub blocked: T,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PerKind {
    pub infantry: u32,
    pub cavalry: u32,
    pub artillery: u32,
    pub supply: u32,
    pub leader: u32,
}

impl PerKind {
    pub fn of(&self, kind: super::unit::UnitKind) -> u32 {
        use super::unit::UnitKind::*;
        match kind {
            Infantry => self.infantry,
            Cavalry => self.cavalry,
            Artillery => self.artillery,
            Supply => self.supply,
            Leader => self.leader,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stacking {
    pub max_men: u32,
    pub max_counters: u32,
    pub men_per_gun: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Clock {
    pub day_turn_minutes: u32,
    pub night_turn_minutes: u32,
    /// Minutes after midnight.
    pub dawn: u32,
    pub dusk: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Movement {
    pub allowance: PerKind,
    pub terrain: PerTerrain<PerMover>,
    pub trail: PerMover,
    pub road: PerMover,
    pub pike: PerMover,
    pub rail: PerMover,
    pub stream: PerMover,
    pub fence: PerMover,
    pub stone_wall: PerMover,
    pub embankment: PerMover,
    pub breastworks: PerMover,
    pub climb_per_level: PerMover,
    pub change_facing: PerKind,
    pub about_face: PerKind,
    pub change_formation: PerKind,
}

/// Percent modifiers by hexside feature.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HexsideModifiers {
    pub stream: i32,
    pub creek: i32,
    pub fence: i32,
    pub stone_wall: i32,
    pub embankment: i32,
    pub cut: i32,
    pub breastworks: i32,
    pub bridge: i32,
}

/// Fire (§7, D-fire-1 … D-fire-7): the loss pair, the firer's factors (multiplied), the
/// target's terms (percent, added, never below `cap`) and ammunition.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fire {
    pub lcv: u32,
    pub hcv: u32,
    /// Men-equivalent per gun: a battery fires as guns × this × its gun's value (D-fire-1).
    pub men_per_gun_value: u32,
    // D-fire-3: the firer's factors.
    pub disrupted_factor: f64,
    /// A unit that moved in its own turn and fires in it.
    pub moved_factor: f64,
    /// Dismounted cavalry (horse holders).
    pub dismounted_factor: f64,
    pub captured_gun_factor: f64,
    /// Percent added to 1 with quality's (doubled for artillery).
    pub fatigue_medium: i32,
    pub fatigue_high: i32,
    pub fatigue_max: i32,
    /// Under the optional Quality Modifiers: A/B and E/F firers.
    pub quality_good: i32,
    pub quality_poor: i32,
    // D-fire-4: the target's terms.
    pub terrain: PerTerrain<i32>,
    /// Only while the target has held its hex since its last turn.
    pub hexside: HexsideModifiers,
    pub higher_one_level: i32,
    pub higher_two_or_more: i32,
    pub column_target: i32,
    pub limbered_target: i32,
    pub mounted_target: i32,
    pub enfilade: i32,
    /// The sum of the target's terms is never below this (−90 %).
    pub cap: i32,
    /// D-fire-6 (optional Density Fire Modifier): the most a crowded hex adds (+50 %).
    pub density_max: f64,
    /// D-fire-7: the chance a fire lowers the firer's ammunition.
    pub ammo_loss_infantry_percent: u32,
    pub ammo_loss_artillery_percent: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Melee {
    pub attack_lcv: u32,
    pub attack_hcv: u32,
    // The code spells it "defence"; Parameter Data files keep the key they were written with.
    #[serde(rename = "defense_lcv")]
    pub defence_lcv: u32,
    #[serde(rename = "defense_hcv")]
    pub defence_hcv: u32,
    /// Men per Strength Point; a defending gun counts ⅓ of it.
    pub strength_point: u32,
    pub dismounted_factor: f64,
    pub routed_or_isolated_divisor: f64,
    pub retreated_divisor: f64,
    pub fatigue_medium_factor: f64,
    pub fatigue_high_factor: f64,
    pub fatigue_max_factor: f64,
    pub no_fire_bonus: i32,
    pub leader_bonus: i32,
    pub rear_bonus: i32,
    pub hexside: HexsideModifiers,
    pub elevation_per_level: i32,
    pub cavalry_charge_bonus: i32,
    pub quality_good: i32,
    pub quality_poor: i32,
    pub cavalry_rule_divisor: f64,
    pub fatigue_multiplier: f64,
    pub loser_fatigue_multiplier: f64,
    pub night_attack_penalty: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Combat {
    /// Fatigue a unit recovers at the start of its turn if it neither moved, fired nor meleed
    /// in its last turn and stands outside enemy zones of control (D-fat-2), by day and night.
    pub recovery_day: u32,
    pub recovery_night: u32,
    /// Men of loss per gun lost when artillery takes losses.
    pub men_per_gun_lost: u32,
    pub fatigue_low_factor: u32,
    pub fatigue_high_factor: u32,
    pub max_fatigue: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Morale {
    /// A unit losing L men checks with probability L / (L + this).
    pub check_base: u32,
    pub leader: i32,
    pub low_ammo: i32,
    pub night: i32,
    pub fatigue_medium: i32,
    pub fatigue_high: i32,
    pub enfilade: i32,
    pub disrupted: i32,
    pub mixed_brigades: i32,
    pub rally_leader: i32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bridges {
    pub max_strength: u32,
    pub repair_per_100_men: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Supply {
    pub range: u32,
    pub men_per_wagon_point: u32,
    pub fixed_release_range: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Victory {
    pub per_man: u32,
    pub per_gun: u32,
    pub per_wagon: u32,
    pub per_leader: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Heights {
    pub forest: u32,
    pub town: u32,
    pub orchard: u32,
    pub rough: u32,
    pub man: u32,
    pub per_level: u32,
}

/// Command radius by a leader's level, in hexes (RULES.md §17 D-cc-2); halved at night.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CommandRadius {
    pub brigade: u32,
    pub division: u32,
    pub corps: u32,
    pub army: u32,
}

/// Command and control (RULES.md §17): the command radius (D-cc-2) and the chances that a
/// leader is hit (D-cc-5).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CommandParams {
    pub radius: CommandRadius,
    /// × the share of the hex's men lost: a leader's chance to be hit with them.
    pub leader_hit: f64,
    /// A leader alone in a hex that is fired on, per fire.
    pub leader_hit_alone: f64,
}

impl Default for CommandParams {
    fn default() -> Self {
        CommandParams {
            radius: CommandRadius {
                brigade: 4,
                division: 6,
                corps: 8,
                army: 10,
            },
            leader_hit: 0.25,
            leader_hit_alone: 0.10,
        }
    }
}

impl CommandParams {
    pub fn is_default(&self) -> bool {
        *self == CommandParams::default()
    }
}

/// Sight under fog of war (RULES.md §16, D-fow-1): how far a side sees by day, in hexes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SightParams {
    /// 16 hexes: 2,000 yards at 125 yards a hex.
    pub visibility: u32,
}

impl Default for SightParams {
    fn default() -> Self {
        SightParams { visibility: 16 }
    }
}

impl SightParams {
    pub fn is_default(&self) -> bool {
        *self == SightParams::default()
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OptionalRules {
    pub quality_melee_modifiers: bool,
    pub artillery_capture: bool,
    pub full_melee_defensive_fire: bool,
    pub rout_limiting: bool,
    pub bridge_limit_and_repair: bool,
    pub isolation_effects: bool,
    pub phased_play: bool,
    /// RULES.md §16: each side sees only what its units see (left out of saves while off).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub fog_of_war: bool,
    /// §16 D-fow-2: enemy strengths are estimates; implies Fog of War.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub extreme_fog_of_war: bool,
    /// §17 D-cc-4: out-of-command units are hampered (left out of saves while off).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub command_control: bool,
    /// §17 D-cc-5: leaders may be hit by fire and melee, and are succeeded (left out of saves
    /// while off).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub leader_casualties: bool,
    /// §7 D-fire-5: a fire's raw loss is the mean of two draws (left out of saves while off).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub optional_fire_results: bool,
    /// §7 D-fire-6: a crowded hex is an easier target (left out of saves while off).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub density_fire_modifier: bool,
}

impl OptionalRules {
    /// Whether the game is played under Fog of War (Extreme Fog of War includes it, §16).
    pub fn fog(&self) -> bool {
        self.fog_of_war || self.extreme_fog_of_war
    }

    /// Switch rules on by their command-line names (`quality,capture,…`).
    pub fn enable(&mut self, names: &str) -> Result<(), ParamsError> {
        for n in names.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            match n {
                "quality" | "quality_melee_modifiers" => self.quality_melee_modifiers = true,
                "capture" | "artillery_capture" => self.artillery_capture = true,
                "full_defensive_fire" | "full_melee_defensive_fire" => {
                    self.full_melee_defensive_fire = true
                }
                "rout_limiting" => self.rout_limiting = true,
                "bridge_repair" | "bridge_limit_and_repair" => self.bridge_limit_and_repair = true,
                "isolation" | "isolation_effects" => self.isolation_effects = true,
                "phased" | "phased_play" => self.phased_play = true,
                "fog" | "fog_of_war" => self.fog_of_war = true,
                "extreme_fog" | "extreme_fog_of_war" => {
                    self.fog_of_war = true;
                    self.extreme_fog_of_war = true
                }
                "command" | "command_control" => self.command_control = true,
                "leader_casualties" | "casualties" => self.leader_casualties = true,
                "fire_results" | "optional_fire_results" => self.optional_fire_results = true,
                "density" | "density_fire_modifier" => self.density_fire_modifier = true,
                other => return Err(ParamsError::UnknownRule(other.to_owned())),
            }
        }
        Ok(())
    }
}

/// The melee systems the game knows (RULES.md §9–§11 and, later, §15). Written as a name in
/// quotes (`melee_system: "Tiller"`), so that scenario overrides can name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum MeleeSystemName {
    /// Seed 000: John Tiller's *Civil War Battles*.
    #[default]
    Tiller,
    /// Seed 004: Austerlitz's hand-to-hand formula (RULES.md §15.4).
    Austerlitz,
    /// Seed 001: Bodenstedt's sector melee (RULES.md §15.1).
    Bodenstedt,
    /// Seed 002: the impetus melee of the Napoleonic addenda (RULES.md §15.2).
    Impetus,
    /// Seed 003: La Bataille's assault à mêlée (RULES.md §15.3).
    LaBataille,
}

impl MeleeSystemName {
    pub const ALL: [MeleeSystemName; 5] = [
        MeleeSystemName::Tiller,
        MeleeSystemName::Bodenstedt,
        MeleeSystemName::Impetus,
        MeleeSystemName::LaBataille,
        MeleeSystemName::Austerlitz,
    ];

    pub fn name(self) -> &'static str {
        match self {
            MeleeSystemName::Tiller => "Tiller",
            MeleeSystemName::Austerlitz => "Austerlitz",
            MeleeSystemName::Bodenstedt => "Bodenstedt",
            MeleeSystemName::Impetus => "Impetus",
            MeleeSystemName::LaBataille => "LaBataille",
        }
    }
}

impl TryFrom<String> for MeleeSystemName {
    type Error = ParamsError;
    fn try_from(s: String) -> Result<Self, ParamsError> {
        MeleeSystemName::ALL
            .into_iter()
            .find(|m| m.name() == s)
            .ok_or(ParamsError::UnknownMeleeSystem(s))
    }
}

/// Why rules or Parameter Data were refused: the words name what the player wrote and what
/// was expected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParamsError {
    /// An optional rule's name nobody knows.
    UnknownRule(String),
    /// A melee system's name nobody knows.
    UnknownMeleeSystem(String),
    /// A parameter's path (`parameters.melee.x`) that names no parameter.
    UnknownParameter(String),
    /// A value given where a structure of fields belongs (its path).
    NotAStructure(String),
    /// The parameters could not be read (where, and the reader's words).
    Unreadable(String),
}

impl std::fmt::Display for ParamsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ParamsError::UnknownRule(r) => write!(
                f,
                "unknown optional rule `{r}`; expected one of quality, capture, \
                 full_defensive_fire, rout_limiting, bridge_repair, isolation, phased, \
                 fog, extreme_fog, command_control, leader_casualties, fire_results, density"
            ),
            ParamsError::UnknownMeleeSystem(s) => {
                let known: Vec<&str> = MeleeSystemName::ALL.iter().map(|m| m.name()).collect();
                write!(
                    f,
                    "unknown melee system `{s}`; expected one of {}",
                    known.join(", ")
                )
            }
            ParamsError::UnknownParameter(p) => write!(f, "unknown parameter `{p}`"),
            ParamsError::NotAStructure(p) => write!(f, "`{p}` expects a structure of fields"),
            ParamsError::Unreadable(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for ParamsError {}

/// The error's words, for the callers that gather errors as text (the command line's).
impl From<ParamsError> for String {
    fn from(e: ParamsError) -> String {
        e.to_string()
    }
}

impl From<MeleeSystemName> for String {
    fn from(m: MeleeSystemName) -> String {
        m.name().into()
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Parameters {
    /// Which melee system settles melees (the seam of `rules::melee`); seed 000's by default.
    #[serde(default)]
    pub melee_system: MeleeSystemName,
    pub stacking: Stacking,
    pub clock: Clock,
    pub movement: Movement,
    pub fire: Fire,
    pub melee: Melee,
    pub combat: Combat,
    pub morale: Morale,
    pub bridges: Bridges,
    pub supply: Supply,
    pub victory: Victory,
    pub heights: Heights,
    /// §16's sight under fog of war (left out of saves while it is the default).
    #[serde(default, skip_serializing_if = "SightParams::is_default")]
    pub sight: SightParams,
    /// §17's command radius and leader hits (left out of saves while they are the defaults).
    #[serde(default, skip_serializing_if = "CommandParams::is_default")]
    pub command: CommandParams,
    pub optional: OptionalRules,
    /// The weapons (§7 D-fire-2): the shipped table with the scenario's laid over it (left out
    /// of saves while they are the shipped ones).
    #[serde(default, skip_serializing_if = "super::weapon::Weapons::is_shipped")]
    pub weapons: super::weapon::Weapons,
    /// §15.4's numbers (left out of saves while they are the defaults).
    #[serde(default, skip_serializing_if = "AusterlitzParams::is_default")]
    pub austerlitz: AusterlitzParams,
    /// §15.1's numbers and table (left out of saves while they are the defaults).
    #[serde(default, skip_serializing_if = "BodenstedtParams::is_default")]
    pub bodenstedt: BodenstedtParams,
    /// §15.2's numbers and impetus table (left out of saves while they are the defaults).
    #[serde(default, skip_serializing_if = "ImpetusParams::is_default")]
    pub impetus: ImpetusParams,
    /// §15.3's numbers and chart (left out of saves while they are the defaults).
    #[serde(default, skip_serializing_if = "LaBatailleParams::is_default")]
    pub labataille: LaBatailleParams,
}

pub mod bodenstedt;
pub mod impetus;
pub mod labataille;

pub use bodenstedt::BodenstedtParams;
pub use impetus::ImpetusParams;
pub use labataille::LaBatailleParams;

/// Austerlitz hand-to-hand (RULES.md §15.4): the hand-to-hand factors (D-aus-2), the divisor
/// and the range of the loss multiplier z.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AusterlitzParams {
    pub divisor: f64,
    pub z_min: f64,
    pub z_max: f64,
    pub hc_infantry: f64,
    pub hc_light_cavalry: f64,
    pub hc_heavy_cavalry: f64,
    pub hc_lancers: f64,
    pub hc_dismounted_cavalry: f64,
    pub hc_artillery_crew: f64,
    /// Fewer casualties for infantry in a village (source: 20 %).
    pub village_reduction: f64,
}

impl Default for AusterlitzParams {
    fn default() -> Self {
        AusterlitzParams {
            divisor: 1500.0,
            z_min: 1.0,
            z_max: 3.0,
            hc_infantry: 25.0,
            hc_light_cavalry: 35.0,
            hc_heavy_cavalry: 40.0,
            hc_lancers: 40.0,
            hc_dismounted_cavalry: 20.0,
            hc_artillery_crew: 10.0,
            village_reduction: 0.2,
        }
    }
}

impl AusterlitzParams {
    pub fn is_default(&self) -> bool {
        *self == AusterlitzParams::default()
    }
}

pub const DEFAULT_PARAMETERS: &str = include_str!("../../../assets/rules/parameters.ron");
pub const DEFAULT_PARAMETERS_PATH: &str = "assets/rules/parameters.ron";

impl Parameters {
    /// The Parameter Data defaults shipped with the game.
    pub fn defaults() -> Parameters {
        // The shipped file is checked by a test; failing here is a build defect, not bad input.
        ron::from_str(DEFAULT_PARAMETERS).expect("assets/rules/parameters.ron is valid")
    }

    /// The defaults with `overrides` (a partial structure of the same shape) laid over them.
    pub fn with_overrides(overrides: &ron::Value) -> Result<Parameters, ParamsError> {
        let mut base: ron::Value = ron::from_str(DEFAULT_PARAMETERS)
            .map_err(|e| ParamsError::Unreadable(format!("{DEFAULT_PARAMETERS_PATH}: {e}")))?;
        merge(&mut base, overrides, "parameters")?;
        base.into_rust::<Parameters>()
            .map_err(|e| ParamsError::Unreadable(format!("parameter overrides: {e}")))
    }
}

fn key_name(k: &ron::Value) -> String {
    match k {
        ron::Value::String(s) => s.clone(),
        other => format!("{other:?}"),
    }
}

/// Lays `over` onto `base` field by field; names the path of a field that does not exist.
fn merge(base: &mut ron::Value, over: &ron::Value, path: &str) -> Result<(), ParamsError> {
    match (base, over) {
        (ron::Value::Map(b), ron::Value::Map(o)) => {
            for (k, v) in o.iter() {
                let name = key_name(k);
                let sub = format!("{path}.{name}");
                let slot = b
                    .iter_mut()
                    .find(|(bk, _)| key_name(bk) == name)
                    .map(|(_, bv)| bv)
                    .ok_or_else(|| ParamsError::UnknownParameter(sub.clone()))?;
                merge(slot, v, &sub)?;
            }
            Ok(())
        }
        (ron::Value::Map(_), _) => Err(ParamsError::NotAStructure(path.to_owned())),
        (b, o) => {
            *b = o.clone();
            Ok(())
        }
    }
}
