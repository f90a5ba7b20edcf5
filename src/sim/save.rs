//! Saves and replays: the order log of every accepted order, a snapshot of the state with its
//! hash, and the game rebuilt from either. Text in, text out: the files are the callers' job.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use super::components::UnitState;
use super::messages::*;
use super::resources::{Battle, GameRng, PendingMelees, TurnState};
use crate::rules::hex::{Facing, Hex};
use crate::rules::map::{FullHexBridge, Objective};
use crate::rules::melee::Declaration;
use crate::rules::params::Parameters;
use crate::rules::scenario::{self, LoadError, Scenario, ron_options};
use crate::rules::unit::{Formation, Unit, UnitId};

pub const FORMAT: &str = "bayonet-save";
pub const VERSION: u32 = 1;

/// One accepted order, as the simulation received it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum LoggedOrder {
    Declare {
        attackers: Vec<UnitId>,
        from_hexes: Vec<Hex>,
        defending_hex: Hex,
    },
    DamageBridge {
        attackers: Vec<UnitId>,
        bridge: Hex,
    },
    Cancel {
        defending_hex: Hex,
    },
    Resolve,
    EndTurn,
    Move {
        unit: UnitId,
        to: Hex,
        path: Option<Vec<Hex>>,
    },
    Face {
        unit: UnitId,
        facing: Facing,
    },
    Formation {
        unit: UnitId,
        formation: Formation,
    },
    Fire {
        unit: UnitId,
        target: Hex,
    },
    Spike {
        battery: UnitId,
        by: UnitId,
    },
    Recrew {
        battery: UnitId,
        by: UnitId,
    },
}

impl LoggedOrder {
    /// Gives the order to the simulation again.
    pub fn send(&self, world: &mut World) {
        match self.clone() {
            LoggedOrder::Declare {
                attackers,
                from_hexes,
                defending_hex,
            } => {
                world.write_message(DeclareMelee {
                    attackers,
                    from_hexes,
                    defending_hex,
                });
            }
            LoggedOrder::DamageBridge { attackers, bridge } => {
                world.write_message(DamageBridge { attackers, bridge });
            }
            LoggedOrder::Cancel { defending_hex } => {
                world.write_message(CancelMelee { defending_hex });
            }
            LoggedOrder::Resolve => {
                world.write_message(ResolveMelees);
            }
            LoggedOrder::EndTurn => {
                world.write_message(EndTurn);
            }
            LoggedOrder::Move { unit, to, path } => {
                world.write_message(MoveOrder { unit, to, path });
            }
            LoggedOrder::Face { unit, facing } => {
                world.write_message(FaceOrder { unit, facing });
            }
            LoggedOrder::Formation { unit, formation } => {
                world.write_message(FormationOrder { unit, formation });
            }
            LoggedOrder::Fire { unit, target } => {
                world.write_message(FireOrder { unit, target });
            }
            LoggedOrder::Spike { battery, by } => {
                world.write_message(SpikeGuns { battery, by });
            }
            LoggedOrder::Recrew { battery, by } => {
                world.write_message(RecrewGuns { battery, by });
            }
        }
    }
}

/// Every accepted order of the game so far, in the order the simulation carried them out.
#[derive(Resource, Debug, Default, Clone)]
pub struct OrderLog(pub Vec<LoggedOrder>);

/// The whole state of a game between two orders.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Snapshot {
    pub turn: TurnState,
    pub units: Vec<Unit>,
    pub bridges: Vec<(Hex, FullHexBridge)>,
    pub objectives: Vec<Objective>,
    pub pending: Vec<Declaration>,
    /// Where the dice are in their stream (ChaCha word position), as decimal text.
    pub dice: String,
}

/// FNV-1a over text: stable across runs, platforms and Rust versions.
fn fnv(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

impl Snapshot {
    /// A stable hash of the state, to compare replays.
    pub fn hash(&self) -> String {
        fnv(&ron::to_string(self).unwrap_or_default())
    }
}

impl SaveGame {
    /// A hash of everything in the save but itself: any change to the file shows.
    pub fn compute_checksum(&self) -> String {
        let mut copy = self.clone();
        copy.checksum.clear();
        fnv(&ron::to_string(&copy).unwrap_or_default())
    }
}

/// A saved game: everything needed to carry on, and to replay it from the start.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SaveGame {
    pub format: String,
    pub version: u32,
    pub scenario_file: String,
    pub scenario_source: String,
    pub parameters: Parameters,
    pub seed: u64,
    pub orders: Vec<LoggedOrder>,
    pub snapshot: Snapshot,
    /// The snapshot's hash (what a replay must reach).
    pub hash: String,
    /// The whole save's hash.
    pub checksum: String,
}

/// The state of the game in `world` now.
pub fn snapshot(world: &mut World) -> Snapshot {
    let mut q = world.query::<&UnitState>();
    let mut units: Vec<Unit> = q.iter(world).map(|u| u.0.clone()).collect();
    units.sort_by_key(|u| u.id);
    let battle = world.resource::<Battle>();
    let mut bridges: Vec<_> = battle
        .scenario
        .map
        .bridges
        .iter()
        .map(|(h, b)| (*h, *b))
        .collect();
    bridges.sort_by_key(|(h, _)| (h.x, h.y));
    Snapshot {
        turn: world.resource::<TurnState>().clone(),
        units,
        bridges,
        objectives: battle.scenario.map.objectives.clone(),
        pending: world.resource::<PendingMelees>().0.clone(),
        dice: world.resource::<GameRng>().0.get_word_pos().to_string(),
    }
}

/// A save of the game in `world` now.
pub fn save(world: &mut World) -> SaveGame {
    let seed = world.resource::<super::resources::GameSeed>().0;
    let snap = snapshot(world);
    let battle = world.resource::<Battle>();
    let start = &battle.scenario_at_start;
    let mut s = SaveGame {
        format: FORMAT.into(),
        version: VERSION,
        scenario_file: start.file.clone(),
        scenario_source: start.source.clone(),
        parameters: battle.scenario.params.clone(),
        seed,
        orders: world.resource::<OrderLog>().0.clone(),
        hash: snap.hash(),
        snapshot: snap,
        checksum: String::new(),
    };
    s.checksum = s.compute_checksum();
    s
}

pub fn to_text(save: &SaveGame) -> String {
    let pretty = ron::ser::PrettyConfig::default();
    ron::ser::to_string_pretty(save, pretty).unwrap_or_default()
}

/// Reads a save; a corrupt or foreign file is refused with where and why.
pub fn from_text(file: &str, text: &str) -> Result<SaveGame, LoadError> {
    let err = |line, column, message: String| LoadError {
        file: file.into(),
        line,
        column,
        message,
    };
    if !text.contains(FORMAT) {
        return Err(err(
            None,
            None,
            "not a Bayonet save (no `format: \"bayonet-save\"`)".into(),
        ));
    }
    let save: SaveGame = ron_options().from_str(text).map_err(|e| {
        err(
            Some(e.span.start.line),
            Some(e.span.start.col),
            e.code.to_string(),
        )
    })?;
    if save.format != FORMAT {
        return Err(err(
            None,
            None,
            format!("format `{}` is not `{FORMAT}`", save.format),
        ));
    }
    if save.version != VERSION {
        return Err(err(
            None,
            None,
            format!(
                "save version {} is not supported (expected {VERSION})",
                save.version
            ),
        ));
    }
    if save.snapshot.hash() != save.hash || save.compute_checksum() != save.checksum {
        return Err(err(
            None,
            None,
            "the snapshot does not match its hash: the file was altered or damaged".into(),
        ));
    }
    Ok(save)
}

/// The scenario a save was played on, with the save's parameters.
pub fn scenario_of(save: &SaveGame) -> Result<Scenario, LoadError> {
    let mut s = scenario::parse(&save.scenario_file, &save.scenario_source)?;
    s.params = save.parameters.clone();
    Ok(s)
}

/// Puts a snapshot into a freshly built simulation (before its first update).
pub fn restore(world: &mut World, snap: &Snapshot, orders: &[LoggedOrder]) {
    {
        let mut battle = world.resource_mut::<Battle>();
        battle.scenario.units = snap.units.clone();
        battle.scenario.map.bridges = snap.bridges.iter().copied().collect();
        battle.scenario.map.objectives = snap.objectives.clone();
    }
    *world.resource_mut::<TurnState>() = snap.turn.clone();
    world.resource_mut::<PendingMelees>().0 = snap.pending.clone();
    if let Ok(pos) = snap.dice.parse::<u128>() {
        world.resource_mut::<GameRng>().0.set_word_pos(pos);
    }
    world.resource_mut::<OrderLog>().0 = orders.to_vec();
    if snap.turn.over {
        world
            .resource_mut::<NextState<super::turn::GamePhase>>()
            .set(super::turn::GamePhase::Over);
    }
}

/// Replace the game being played by a save's (the scenario, the dice, the state).
#[derive(Message, Debug, Clone)]
pub struct LoadGame(pub Box<SaveGame>);

pub(super) fn plugin(app: &mut App) {
    app.add_message::<LoadGame>()
        .add_systems(PreUpdate, load_game);
}

/// Carries out `LoadGame`: the units are replaced and every resource of the game reset to the
/// save's.
fn load_game(world: &mut World, mut cursor: Local<bevy::ecs::message::MessageCursor<LoadGame>>) {
    let Some(saved) = cursor
        .read(world.resource::<Messages<LoadGame>>())
        .last()
        .cloned()
    else {
        return;
    };
    let Ok(scenario) = scenario_of(&saved.0) else {
        return;
    };
    let mut q = world.query_filtered::<Entity, With<UnitState>>();
    let old: Vec<Entity> = q.iter(world).collect();
    for e in old {
        world.despawn(e);
    }
    world.insert_resource(Battle::new(scenario));
    world.insert_resource(GameRng::seeded(saved.0.seed));
    world.insert_resource(super::resources::GameSeed(saved.0.seed));
    restore(world, &saved.0.snapshot, &saved.0.orders);
    super::ai_player::forget_plans(world);
    let units = world.resource::<Battle>().scenario.units.clone();
    for u in units {
        world.spawn((Name::new(u.name.clone()), UnitState(u)));
    }
}

/// A headless game carrying on from a save.
pub fn load_app(save: &SaveGame) -> Result<App, LoadError> {
    let s = scenario_of(save)?;
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin))
        .add_plugins(super::SimPlugin {
            scenario: s,
            seed: Some(save.seed),
        });
    restore(app.world_mut(), &save.snapshot, &save.orders);
    app.update();
    Ok(app)
}

/// What replaying a save found.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ReplayReport {
    pub orders: usize,
    pub saved_hash: String,
    pub replayed_hash: String,
    pub matches: bool,
}

/// Plays the save's order log again from the scenario's start with its seed, and compares the
/// state reached with the saved snapshot.
pub fn replay(save: &SaveGame) -> Result<ReplayReport, LoadError> {
    let s = scenario_of(save)?;
    let mut app = super::headless_app(s, Some(save.seed));
    for o in &save.orders {
        o.send(app.world_mut());
        app.update();
    }
    let h = snapshot(app.world_mut()).hash();
    Ok(ReplayReport {
        orders: save.orders.len(),
        matches: h == save.hash,
        saved_hash: save.hash.clone(),
        replayed_hash: h,
    })
}
