//! The editor's right panel: the picked unit's every field, the picked objective, or else the
//! scenario's own settings (name, turns, clock, first side, victory levels, sides, brigades,
//! the commander's intent, optional rules and Parameter Data). Names are typed in place (Enter
//! keeps, Escape drops).

use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;

use super::tools::{Act, Panel, button, text};
pub use super::tools::{FieldLabel, Property};
use super::{Editing, EditorState};
use crate::client::dialogs::start::{self, Draft};
use crate::client::theme::interaction::Pressed;
use crate::client::theme::widget::{self, Layout};
use crate::editor::{Document, Edit, formations};
use crate::rules::hex::Facing;
use crate::rules::map::MapEdge;
use crate::rules::params::Parameters;
use crate::rules::scenario::{BrigadeInfo, Flag, UnitSpec};
use crate::rules::unit::{Quality, UnitKind};

#[derive(Component)]
struct Inspector;

/// What the panel was built for: rebuilt when it changes.
#[derive(Resource, Default, PartialEq, Clone, Debug)]
struct Shape(
    Option<(
        Option<u32>,
        Option<(i32, i32)>,
        Option<(i32, i32)>,
        usize,
        usize,
    )>,
);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Shape>()
        .add_observer(press)
        .add_systems(Update, (typing, (rebuild, labels).chain()));
}

const COLOURS: [(f32, f32, f32); 6] = [
    (0.16, 0.28, 0.62),
    (0.55, 0.55, 0.58),
    (0.62, 0.18, 0.16),
    (0.2, 0.45, 0.22),
    (0.45, 0.3, 0.6),
    (0.7, 0.55, 0.2),
];

/// The presets' names, as the colour button says them beside its swatch.
const COLOUR_NAMES: [&str; 6] = ["blue", "grey", "red", "green", "purple", "buff"];

/// A side's colour as a swatch on its button.
#[derive(Component)]
struct Swatch(u8);

/// Whether a unit field applies to a unit of `kind`: the inspector shows only those (no crew
/// for infantry, no command for a regiment).
pub fn applies(kind: UnitKind, f: Property) -> bool {
    match f {
        Property::UnitCrew | Property::UnitGuns => kind == UnitKind::Artillery,
        Property::UnitCavalry => kind == UnitKind::Cavalry,
        Property::UnitCommand => kind == UnitKind::Leader,
        Property::UnitWeapon | Property::UnitAmmo => {
            !matches!(kind, UnitKind::Leader | UnitKind::Supply)
        }
        Property::UnitMen | Property::UnitDisrupted | Property::UnitRouted => {
            kind != UnitKind::Leader
        }
        Property::UnitFormation => formations(kind).len() > 1,
        _ => true,
    }
}

fn rebuild(
    mut commands: Commands,
    editing: Res<Editing>,
    state: Res<EditorState>,
    mut shape: ResMut<Shape>,
    old: Query<Entity, With<Inspector>>,
) {
    // A picked name's hex: its first, so that lettering it on does not rebuild the panel.
    let label = state
        .label
        .and_then(|at| editing.0.label_at(at)?.hexes.first().copied());
    let now = Shape(Some((
        state.unit,
        state.objective,
        label,
        editing.0.file.brigades.len(),
        editing.0.file.intent.len(),
    )));
    if *shape == now {
        return;
    }
    *shape = now;
    crate::client::theme::widget::clear(&mut commands, &old);
    let doc = &editing.0;
    commands
        .spawn((
            Inspector,
            Panel,
            widget::side_panel(
                widget::floating()
                    .top(Val::Px(48.0))
                    .right(Val::Px(0.0))
                    .width(Val::Px(290.0))
                    .max_height(Val::Percent(92.0))
                    .scrolls()
                    .pad(UiRect::all(Val::Px(6.0))),
                5,
            ),
            ScrollPosition::default(),
        ))
        .with_children(|p| {
            if let Some(id) = state.unit {
                unit_fields(p, id);
            } else if let Some(first) = label {
                label_fields(p, first);
            } else if let Some(at) = state.objective {
                objective_fields(p, at);
            } else {
                scenario_fields(p, doc);
            }
        });
}

/// A field stepped down and up, with its text.
fn stepper(p: &mut ChildSpawnerCommands, f: Property) {
    p.spawn(widget::row(0.0)).with_children(|row| {
        row.spawn(button(Act::Step(f, -1))).with_children(|b| {
            b.spawn(text(" - ", 13.0));
        });
        row.spawn(button(Act::Step(f, 1))).with_children(|b| {
            b.spawn(text(" + ", 13.0));
        });
        row.spawn((FieldLabel(f), text("", 13.0)));
    });
}

/// A field cycled by pressing its text.
fn cycle(p: &mut ChildSpawnerCommands, f: Property) {
    p.spawn(button(Act::Step(f, 1))).with_children(|b| {
        b.spawn((FieldLabel(f), text("", 13.0)));
    });
}

/// A field typed into after pressing it.
fn typed(p: &mut ChildSpawnerCommands, f: Property) {
    p.spawn(button(Act::Type(f))).with_children(|b| {
        b.spawn((FieldLabel(f), text("", 13.0)));
    });
}

/// The picked thing's delete button, and the way back to the scenario's settings.
fn delete_or_back(p: &mut ChildSpawnerCommands, delete: Act, words: &str) {
    p.spawn(Node::default()).with_children(|row| {
        row.spawn(button(delete)).with_children(|b| {
            b.spawn(text(words, 13.0));
        });
        row.spawn(button(Act::Deselect)).with_children(|b| {
            b.spawn(text("Scenario settings", 13.0));
        });
    });
}

/// The picked unit's fields.
fn unit_fields(p: &mut ChildSpawnerCommands, id: u32) {
    p.spawn(text(format!("Unit {id}"), 16.0));
    typed(p, Property::UnitName);
    for f in [
        Property::UnitSide,
        Property::UnitBrigade,
        Property::UnitKind,
        Property::UnitFormation,
        Property::UnitWeapon,
        Property::UnitQuality,
        Property::UnitDisrupted,
        Property::UnitRouted,
        Property::UnitAmmo,
        Property::UnitCrew,
        Property::UnitCavalry,
        Property::UnitCommand,
    ] {
        cycle(p, f);
    }
    for f in [
        Property::UnitFacing,
        Property::UnitMen,
        Property::UnitGuns,
        Property::UnitFatigue,
        Property::UnitArrives,
        Property::UnitFixed,
    ] {
        stepper(p, f);
    }
    delete_or_back(p, Act::DeleteUnit, "Delete unit");
}

/// The picked place name's fields.
fn label_fields(p: &mut ChildSpawnerCommands, first: (i32, i32)) {
    p.spawn(text(format!("Place name at {},{}", first.0, first.1), 16.0));
    typed(p, Property::LabelName);
    cycle(p, Property::LabelKind);
    stepper(p, Property::LabelRank);
    p.spawn(crate::client::theme::palette::dim_text(
        "Press bare hexes to letter it along them (a ridge, a stream, a road); \
         press its hex again to let it go.",
        12.0,
    ));
    delete_or_back(p, Act::DeleteLabel, "Delete place name");
}

/// The picked objective's fields.
fn objective_fields(p: &mut ChildSpawnerCommands, at: (i32, i32)) {
    p.spawn(text(format!("Objective at {},{}", at.0, at.1), 16.0));
    typed(p, Property::ObjectiveName);
    stepper(p, Property::ObjectivePoints);
    stepper(p, Property::ObjectiveOwner);
    delete_or_back(p, Act::DeleteObjective, "Delete objective");
}

/// The scenario's own fields: name, turns, victory, sides, brigades, melee system and rules.
fn scenario_fields(p: &mut ChildSpawnerCommands, doc: &Document) {
    p.spawn(text("Scenario", 16.0));
    typed(p, Property::Name);
    for f in [Property::Turns, Property::Start, Property::Seed] {
        stepper(p, f);
    }
    cycle(p, Property::FirstSide);
    p.spawn(text("Victory levels (first side's points)", 13.0));
    for i in 0..4 {
        stepper(p, Property::Victory(i));
    }
    p.spawn(text("Sides", 13.0));
    for i in 0..2 {
        typed(p, Property::SideName(i));
        p.spawn(Node::default()).with_children(|row| {
            row.spawn(button(Act::Step(Property::SideEdge(i), 1)))
                .with_children(|b| {
                    b.spawn((FieldLabel(Property::SideEdge(i)), text("", 13.0)));
                });
            row.spawn(button(Act::Step(Property::SideColour(i), 1)))
                .with_children(|b| {
                    b.spawn((
                        Swatch(i),
                        widget::sized(18.0, 18.0).margin(UiRect::right(Val::Px(6.0))),
                        BackgroundColor(Color::BLACK),
                    ));
                    b.spawn((FieldLabel(Property::SideColour(i)), text("", 13.0)));
                });
        });
    }
    p.spawn(text("Brigades", 13.0));
    for i in 0..doc.file.brigades.len() as u16 {
        p.spawn(Node::default()).with_children(|row| {
            row.spawn(button(Act::Type(Property::BrigadeName(i))))
                .with_children(|b| {
                    b.spawn((FieldLabel(Property::BrigadeName(i)), text("", 13.0)));
                });
            row.spawn(button(Act::Step(Property::BrigadeSide(i), 1)))
                .with_children(|b| {
                    b.spawn((FieldLabel(Property::BrigadeSide(i)), text("", 13.0)));
                });
        });
    }
    p.spawn(Node::default()).with_children(|row| {
        for side in 0..2u8 {
            row.spawn(button(Act::AddBrigade(side))).with_children(|b| {
                b.spawn(text(format!("+ brigade ({})", side_name(doc, side)), 13.0));
            });
        }
    });
    super::orders::fields(p, doc);
    p.spawn(text("Melee system", 13.0));
    cycle(p, Property::MeleeSystem);
    p.spawn(text("Optional rules", 13.0));
    for i in 0..crate::client::theme::words::RULES.len() as u8 {
        cycle(p, Property::Rule(i));
    }
    p.spawn(text("Parameter Data", 13.0));
    for i in 0..start::PARAMS.len() as u8 {
        stepper(p, Property::Param(i));
    }
}

fn side_name(doc: &Document, side: u8) -> String {
    doc.file
        .sides
        .get(side as usize)
        .map_or("?".into(), |s| s.name.clone())
}

fn params_of(doc: &Document) -> Parameters {
    doc.file
        .parameters
        .as_ref()
        .and_then(|v| Parameters::with_overrides(v).ok())
        .unwrap_or_else(Parameters::defaults)
}

fn to_value(p: &Parameters) -> Option<ron::Value> {
    ron::from_str(&ron::to_string(p).ok()?).ok()
}

/// What of `b` differs from `a`, as a Parameter Data override.
fn diff(a: &ron::Value, b: &ron::Value) -> Option<ron::Value> {
    if a == b {
        return None;
    }
    match (a, b) {
        (ron::Value::Map(x), ron::Value::Map(y)) => {
            let mut out = ron::Map::new();
            for (k, v) in y.iter() {
                let d = match x.get(k) {
                    Some(old) => diff(old, v),
                    None => Some(v.clone()),
                };
                if let Some(d) = d {
                    out.insert(k.clone(), d);
                }
            }
            (!out.is_empty()).then_some(ron::Value::Map(out))
        }
        _ => Some(b.clone()),
    }
}

/// The Parameter Data overrides that give `p` (none when it is the defaults).
fn overrides(p: &Parameters) -> Option<ron::Value> {
    diff(&to_value(&Parameters::defaults())?, &to_value(p)?)
}

fn clock(minutes: i32) -> String {
    let m = minutes.rem_euclid(24 * 60);
    format!("{:02}:{:02}", m / 60, m % 60)
}

fn minutes(t: &str) -> i32 {
    t.split_once(':')
        .and_then(|(h, m)| Some(h.trim().parse::<i32>().ok()? * 60 + m.trim().parse::<i32>().ok()?))
        .unwrap_or(8 * 60)
}

fn cycled<T: Copy + PartialEq>(all: &[T], now: T, d: i32) -> T {
    let i = all.iter().position(|x| *x == now).unwrap_or(0) as i32;
    all[(i + d).rem_euclid(all.len() as i32) as usize]
}

/// Steps (or cycles, or toggles) a field of the document.
pub(super) fn step(
    doc: &mut Document,
    state: &EditorState,
    f: Property,
    d: i32,
) -> Result<bool, String> {
    let unit = state.unit.and_then(|id| doc.unit(id).cloned());
    if let Some(mut u) = unit.filter(|_| is_unit_field(f)) {
        if !step_unit_make(doc, &mut u, f, d) && !step_unit_state(doc, &mut u, f, d) {
            return Ok(false);
        }
        return doc.apply(Edit::Unit(u));
    }
    match f {
        Property::LabelKind
        | Property::LabelRank
        | Property::ObjectivePoints
        | Property::ObjectiveOwner => step_place(doc, state, f, d),
        _ => super::orders::step(doc, f, d).unwrap_or_else(|| step_setting(doc, f, d)),
    }
}

/// A field of the picked unit.
fn is_unit_field(f: Property) -> bool {
    matches!(
        f,
        Property::UnitSide
            | Property::UnitBrigade
            | Property::UnitKind
            | Property::UnitFormation
            | Property::UnitFacing
            | Property::UnitMen
            | Property::UnitGuns
            | Property::UnitWeapon
            | Property::UnitQuality
            | Property::UnitFatigue
            | Property::UnitArrives
            | Property::UnitDisrupted
            | Property::UnitRouted
            | Property::UnitAmmo
            | Property::UnitCrew
            | Property::UnitFixed
            | Property::UnitCavalry
            | Property::UnitCommand
    )
}

/// What a unit is: its side and brigade, kind, formation, facing, men, guns and weapon.
fn step_unit_make(doc: &Document, u: &mut UnitSpec, f: Property, d: i32) -> bool {
    match f {
        Property::UnitSide => {
            u.side = 1 - u.side.min(1);
            u.brigade = doc
                .file
                .brigades
                .iter()
                .find(|b| b.side == u.side)
                .map(|b| b.id.clone())
                .unwrap_or_default();
        }
        Property::UnitBrigade => {
            let ids: Vec<String> = doc
                .file
                .brigades
                .iter()
                .filter(|b| b.side == u.side)
                .map(|b| b.id.clone())
                .collect();
            if !ids.is_empty() {
                let i = ids
                    .iter()
                    .position(|b| *b == u.brigade)
                    .map_or(0, |i| i as i32 + d);
                u.brigade = ids[i.rem_euclid(ids.len() as i32) as usize].clone();
            }
        }
        Property::UnitKind => {
            let kinds = [
                UnitKind::Infantry,
                UnitKind::Cavalry,
                UnitKind::Artillery,
                UnitKind::Supply,
                UnitKind::Leader,
            ];
            let fresh = doc.new_unit(u.side, cycled(&kinds, u.kind, d), u.at);
            u.kind = fresh.kind;
            u.men = fresh.men;
            u.guns = fresh.guns;
            u.weapon = fresh.weapon;
            u.formation = None;
            u.crew = Default::default();
        }
        Property::UnitFormation => {
            let all = formations(u.kind);
            let now = u.formation.unwrap_or(all[0]);
            u.formation = Some(cycled(&all, now, d));
        }
        Property::UnitFacing => {
            u.facing = Facing::from_index((u.facing.index() as i32 + 6 + d) as usize)
        }
        Property::UnitMen => {
            let by = match u.kind {
                UnitKind::Supply => 1,
                UnitKind::Artillery => 10,
                UnitKind::Leader => 0,
                _ => 50,
            };
            u.men = (u.men as i32 + d * by).max(0) as u32;
        }
        Property::UnitGuns if u.kind == UnitKind::Artillery => {
            u.guns = (u.guns as i32 + d).max(1) as u32
        }
        Property::UnitWeapon => {
            // The shipped weapons and the scenario's own (§7 D-fire-1).
            use crate::rules::weapon::Weapons;
            let table = Weapons::shipped()
                .with(&doc.file.weapons)
                .unwrap_or_else(|_| Weapons::shipped());
            let mut all: Vec<String> = vec![String::new()];
            all.extend(table.names().map(String::from));
            let i = all.iter().position(|w| *w == u.weapon).unwrap_or(0) as i32 + d;
            u.weapon = all[i.rem_euclid(all.len() as i32) as usize].clone();
        }
        _ => return false,
    }
    true
}

/// How a unit stands: its quality, fatigue, arrival, flags, ammunition, crew, cavalry, command
/// and fixed turns.
fn step_unit_state(doc: &Document, u: &mut UnitSpec, f: Property, d: i32) -> bool {
    match f {
        Property::UnitQuality => {
            use Quality::*;
            u.quality = cycled(&[A, B, C, D, E, F], u.quality, d);
        }
        Property::UnitFatigue => u.fatigue = (u.fatigue as i32 + d * 100).clamp(0, 900) as u32,
        Property::UnitArrives => {
            u.arrives = match (u.arrives, d > 0) {
                (None, true) => Some(2),
                (Some(t), true) => Some((t + 1).min(doc.file.turns)),
                (Some(t), false) if t > 2 => Some(t - 1),
                _ => None,
            }
        }
        Property::UnitDisrupted | Property::UnitRouted => {
            let flag = if f == Property::UnitDisrupted {
                Flag::Disrupted
            } else {
                Flag::Routed
            };
            if u.flags.contains(&flag) {
                u.flags.retain(|x| *x != flag);
            } else {
                u.flags.push(flag);
            }
        }
        Property::UnitAmmo => {
            use crate::rules::unit::Ammo::*;
            u.ammo = cycled(&[Normal, Low, Out], u.ammo, d);
        }
        Property::UnitCrew if u.kind == UnitKind::Artillery => {
            use crate::rules::unit::Crew::*;
            u.crew = cycled(&[Crewed, Uncrewed, Spiked], u.crew, d);
        }
        Property::UnitCavalry if u.kind == UnitKind::Cavalry => {
            use crate::rules::unit::CavalryKind::*;
            let now = u.cavalry.unwrap_or_default();
            u.cavalry = Some(cycled(&[Light, Heavy, Lancer], now, d)).filter(|c| *c != Light);
        }
        Property::UnitCommand if u.kind == UnitKind::Leader => {
            use crate::rules::unit::CommandLevel::*;
            let now = u.command.unwrap_or_default();
            u.command =
                Some(cycled(&[Brigade, Division, Corps, Army], now, d)).filter(|c| *c != Brigade);
        }
        Property::UnitFixed => {
            u.fixed_until = match (u.fixed_until, d > 0) {
                (None, true) => Some(2),
                (Some(t), true) => Some((t + 1).min(doc.file.turns)),
                (Some(t), false) if t > 2 => Some(t - 1),
                _ => None,
            }
        }
        _ => return false,
    }
    true
}

/// A field of the picked label or objective.
fn step_place(
    doc: &mut Document,
    state: &EditorState,
    f: Property,
    d: i32,
) -> Result<bool, String> {
    let picked_label = state
        .label
        .and_then(|at| Some((at, doc.label_at(at)?.clone())));
    let file = &doc.file;
    match f {
        Property::LabelKind => {
            let Some((at, l)) = picked_label else {
                return Ok(false);
            };
            use crate::rules::map::LabelKind as K;
            let i = K::ALL.iter().position(|k| *k == l.kind).unwrap_or(0) as i32;
            let next = K::ALL[(i + d).rem_euclid(K::ALL.len() as i32) as usize];
            let name = Some((l.name.clone(), next));
            doc.apply(Edit::Label { at, label: name })
        }
        Property::LabelRank => {
            let Some((at, l)) = picked_label else {
                return Ok(false);
            };
            let now = l.rank.unwrap_or(l.kind.default_rank()) as i32;
            doc.apply(Edit::LabelRank {
                at,
                rank: Some((now + d).clamp(1, 3) as u8),
            })
        }
        Property::ObjectivePoints => {
            let Some(at) = state.objective else {
                return Ok(false);
            };
            let Some(o) = file.map.objectives.iter().find(|o| o.hex == at) else {
                return Ok(false);
            };
            let points = (o.points as i32 + d * 50).max(0) as u32;
            let name = o.name.clone();
            doc.apply(Edit::Objective {
                at,
                objective: Some((name, points)),
            })
        }
        Property::ObjectiveOwner => {
            let Some(at) = state.objective else {
                return Ok(false);
            };
            let Some(o) = file.map.objectives.iter().find(|o| o.hex == at) else {
                return Ok(false);
            };
            // Round the three choices: whoever stands on it, the first side, the second.
            let now = o.owner.map_or(0, |s| s as i32 + 1);
            let next = (now + d).rem_euclid(3);
            doc.apply(Edit::ObjectiveOwner {
                at,
                owner: (next > 0).then(|| (next - 1) as u8),
            })
        }
        _ => Ok(false),
    }
}

/// A field of the scenario's settings: turns, start, seed, sides, brigades, victory and rules.
fn step_setting(doc: &mut Document, f: Property, d: i32) -> Result<bool, String> {
    let file = &doc.file;
    match f {
        Property::Turns => doc.apply(Edit::Turns((file.turns as i32 + d).max(1) as u32)),
        Property::Start => {
            let t = clock(minutes(&file.start_time) + d * 20);
            doc.apply(Edit::StartTime(t))
        }
        Property::Seed => doc.apply(Edit::Seed((file.seed as i64 + d as i64).max(0) as u64)),
        Property::FirstSide => doc.apply(Edit::FirstSide(1 - file.first_side.min(1))),
        Property::Victory(i) => {
            let mut v = file.victory.clone();
            let x = match i {
                0 => &mut v.major_defeat,
                1 => &mut v.minor_defeat,
                2 => &mut v.minor_victory,
                _ => &mut v.major_victory,
            };
            *x += d * 50;
            doc.apply(Edit::Victory(v))
        }
        Property::SideEdge(i) | Property::SideColour(i) => {
            let Some(mut s) = file.sides.get(i as usize).cloned() else {
                return Ok(false);
            };
            if let Property::SideEdge(_) = f {
                use MapEdge::*;
                s.edge = cycled(&[North, East, South, West], s.edge, d);
            } else {
                s.color = cycled(&COLOURS, s.color, d);
            }
            doc.apply(Edit::Side {
                index: i as usize,
                side: s,
            })
        }
        Property::BrigadeSide(i) => {
            let Some(mut b) = file.brigades.get(i as usize).cloned() else {
                return Ok(false);
            };
            b.side = 1 - b.side.min(1);
            doc.apply(Edit::Brigade(b))
        }
        Property::MeleeSystem => {
            let mut p = params_of(doc);
            let all = crate::rules::params::MeleeSystemName::ALL;
            p.melee_system = cycled(&all, p.melee_system, d);
            doc.apply(Edit::Parameters(overrides(&p)))
        }
        Property::Rule(i) | Property::Param(i) => {
            let mut draft = Draft(params_of(doc));
            if let Property::Rule(_) = f {
                start::toggle_rule(&mut draft, i as usize);
            } else {
                let (v, by) = start::param(&mut draft, i as usize);
                *v = if d < 0 {
                    v.saturating_sub(by).max(by)
                } else {
                    *v + by
                };
            }
            doc.apply(Edit::Parameters(overrides(&draft.0)))
        }
        _ => Ok(false),
    }
}

/// The text a field of the picked unit shows now; `None` for a field not the unit's.
fn unit_shown(doc: &Document, u: &UnitSpec, f: Property) -> Option<String> {
    let file = &doc.file;
    let yes = |b: bool| if b { "yes" } else { "no" };
    let text = match f {
        Property::UnitName => format!("Name: {}", u.name),
        Property::UnitSide => format!("Side: {}", side_name(doc, u.side)),
        Property::UnitBrigade => {
            let name = file
                .brigades
                .iter()
                .find(|b| b.id == u.brigade)
                .map_or("(none)", |b| b.name.as_str());
            format!("Brigade: {name}")
        }
        Property::UnitKind => format!("Kind: {}", u.kind.name()),
        Property::UnitFormation => format!(
            "Formation: {}",
            u.formation.unwrap_or(formations(u.kind)[0]).name()
        ),
        Property::UnitFacing => format!("Facing {:?}", u.facing),
        Property::UnitMen => match u.kind {
            UnitKind::Supply => format!("Wagon points {}", u.men),
            UnitKind::Artillery => format!("Crew {}", u.men),
            _ => format!("Men {}", u.men),
        },
        Property::UnitGuns => format!("Guns {}", u.guns),
        Property::UnitWeapon => format!(
            "Weapon: {}",
            if u.weapon.is_empty() {
                "(none)"
            } else {
                &u.weapon
            }
        ),
        Property::UnitQuality => format!("Quality {:?}", u.quality),
        Property::UnitFatigue => format!("Fatigue {}", u.fatigue),
        Property::UnitArrives => match u.arrives {
            None => "On the map at the start".into(),
            Some(t) => format!("Arrives on turn {t}"),
        },
        Property::UnitDisrupted => {
            format!("Disrupted: {}", yes(u.flags.contains(&Flag::Disrupted)))
        }
        Property::UnitRouted => {
            format!("Routed: {}", yes(u.flags.contains(&Flag::Routed)))
        }
        Property::UnitAmmo => format!("Ammunition: {:?}", u.ammo),
        Property::UnitCavalry if u.kind == UnitKind::Cavalry => {
            format!("Cavalry: {:?}", u.cavalry.unwrap_or_default())
        }
        Property::UnitCommand if u.kind == UnitKind::Leader => {
            format!("Command: {:?}", u.command.unwrap_or_default())
        }
        Property::UnitCavalry | Property::UnitCommand => "(cavalry / leaders only)".into(),
        Property::UnitCrew => format!("Crew: {:?}", u.crew),
        Property::UnitFixed => match u.fixed_until {
            None => "Free to move".into(),
            Some(t) => format!("Fixed until turn {t}"),
        },
        _ => return None,
    };
    Some(text)
}

/// The text a field of the picked objective or label shows now.
fn place_shown(doc: &Document, state: &EditorState, f: Property) -> String {
    let file = &doc.file;
    match f {
        Property::ObjectiveName | Property::ObjectivePoints | Property::ObjectiveOwner => {
            let o = state
                .objective
                .and_then(|at| file.map.objectives.iter().find(|o| o.hex == at));
            match (f, o) {
                (Property::ObjectiveName, Some(o)) => format!("Name: {}", o.name),
                (Property::ObjectiveOwner, Some(o)) => match o.owner {
                    Some(s) => format!(
                        "Held by {} at the start",
                        file.sides
                            .get(s as usize)
                            .map_or_else(|| format!("side {s}"), |x| x.name.clone())
                    ),
                    None => "Held by whoever stands on it".into(),
                },
                (_, Some(o)) => format!("Points {}", o.points),
                _ => String::new(),
            }
        }
        Property::LabelName | Property::LabelKind | Property::LabelRank => {
            let l = state.label.and_then(|at| doc.label_at(at));
            match (f, l) {
                (Property::LabelName, Some(l)) => format!("Name: {}", l.name),
                (Property::LabelKind, Some(l)) => format!("Names a {}", l.kind.name()),
                (_, Some(l)) => {
                    let r = l.rank.unwrap_or(l.kind.default_rank());
                    let when = ["", "every zoom", "to the middle distance", "close in only"];
                    format!("Rank {r}: shown {}", when[r as usize])
                }
                _ => String::new(),
            }
        }
        _ => String::new(),
    }
}

/// The text a field shows now.
fn shown(doc: &Document, state: &EditorState, f: Property) -> String {
    if let Some((typing, buffer)) = &state.typing {
        if *typing == f {
            return format!("{buffer}|");
        }
    }
    if let Some(text) = state
        .unit
        .and_then(|id| doc.unit(id))
        .and_then(|u| unit_shown(doc, u, f))
    {
        return text;
    }
    if let Some(text) = super::orders::shown(doc, f) {
        return text;
    }
    let file = &doc.file;
    match f {
        Property::ObjectiveName
        | Property::ObjectivePoints
        | Property::ObjectiveOwner
        | Property::LabelName
        | Property::LabelKind
        | Property::LabelRank => place_shown(doc, state, f),
        Property::Name => format!("Name: {}", file.name),
        Property::Turns => format!("Turns {}", file.turns),
        Property::Start => format!("Starts at {}", file.start_time),
        Property::Seed => format!("Seed {}", file.seed),
        Property::FirstSide => format!("Moves first: {}", side_name(doc, file.first_side)),
        Property::Victory(i) => {
            let v = &file.victory;
            let (name, x) = match i {
                0 => ("Major defeat at or below", v.major_defeat),
                1 => ("Minor defeat at or below", v.minor_defeat),
                2 => ("Minor victory from", v.minor_victory),
                _ => ("Major victory from", v.major_victory),
            };
            format!("{name} {x}")
        }
        Property::SideName(i) => format!("Side {}: {}", i, side_name(doc, i)),
        Property::SideEdge(i) => format!(
            "retreats {:?}",
            file.sides.get(i as usize).map_or(MapEdge::West, |s| s.edge)
        ),
        Property::SideColour(i) => {
            let c = file
                .sides
                .get(i as usize)
                .map_or((0.0, 0.0, 0.0), |s| s.color);
            let name = COLOURS
                .iter()
                .position(|x| *x == c)
                .map_or("own colour", |i| COLOUR_NAMES[i]);
            format!("colour: {name}")
        }
        Property::BrigadeName(i) => file
            .brigades
            .get(i as usize)
            .map_or(String::new(), |b| format!("{} ({})", b.name, b.id)),
        Property::BrigadeSide(i) => file
            .brigades
            .get(i as usize)
            .map_or(String::new(), |b| side_name(doc, b.side)),
        Property::Rule(i) => {
            let mut d = Draft(params_of(doc));
            format!(
                "{}: {}",
                crate::client::theme::words::RULES[i as usize],
                if *start::rule(&mut d, i as usize) {
                    "on"
                } else {
                    "off"
                }
            )
        }
        Property::MeleeSystem => {
            let m = params_of(doc).melee_system;
            format!(
                "{}: {}",
                m.name(),
                crate::rules::melee::named(m).description()
            )
        }
        Property::Param(i) => {
            let mut d = Draft(params_of(doc));
            format!(
                "{} {}",
                start::PARAMS[i as usize],
                start::param(&mut d, i as usize).0
            )
        }
        _ => String::new(),
    }
}

#[allow(clippy::type_complexity)]
fn labels(
    editing: Res<Editing>,
    state: Res<EditorState>,
    mut q: Query<(Ref<FieldLabel>, &mut Text, &ChildOf)>,
    mut nodes: Query<&mut Node>,
    mut swatches: Query<(Ref<Swatch>, &mut BackgroundColor)>,
) {
    let all = editing.is_changed() || state.is_changed();
    let kind = state.unit.and_then(|id| editing.0.unit(id)).map(|u| u.kind);
    for (l, mut t, parent) in &mut q {
        // A label of a panel just rebuilt is filled in too.
        if !all && !l.is_added() {
            continue;
        }
        let s = shown(&editing.0, &state, l.0);
        if t.0 != s {
            t.0 = s;
        }
        // A field that does not apply to the unit's kind: its button (or row) is not shown.
        if let (Some(k), Ok(mut n)) = (kind, nodes.get_mut(parent.parent())) {
            let d = if applies(k, l.0) {
                Display::Flex
            } else {
                Display::None
            };
            if n.display != d {
                n.display = d;
            }
        }
    }
    for (sw, mut bg) in &mut swatches {
        if all || sw.is_added() {
            let c = editing
                .0
                .file
                .sides
                .get(sw.0 as usize)
                .map_or((0.0, 0.0, 0.0), |s| s.color);
            bg.0 = Color::srgb(c.0, c.1, c.2);
        }
    }
}

/// The current text of a typed field.
fn current(doc: &Document, state: &EditorState, f: Property) -> String {
    let file = &doc.file;
    match f {
        Property::UnitName => state
            .unit
            .and_then(|id| doc.unit(id))
            .map(|u| u.name.clone()),
        Property::ObjectiveName => state
            .objective
            .and_then(|at| file.map.objectives.iter().find(|o| o.hex == at))
            .map(|o| o.name.clone()),
        Property::LabelName => state
            .label
            .and_then(|at| doc.label_at(at))
            .map(|l| l.name.clone()),
        Property::Name => Some(file.name.clone()),
        Property::SideName(i) => file.sides.get(i as usize).map(|s| s.name.clone()),
        Property::BrigadeName(i) => file.brigades.get(i as usize).map(|b| b.name.clone()),
        _ => None,
    }
    .unwrap_or_default()
}

/// Puts a typed name into the document.
fn commit(
    doc: &mut Document,
    state: &EditorState,
    f: Property,
    name: String,
) -> Result<bool, String> {
    if name.trim().is_empty() {
        return Err("a name cannot be empty".into());
    }
    match f {
        Property::UnitName => match state.unit.and_then(|id| doc.unit(id).cloned()) {
            Some(mut u) => {
                u.name = name;
                doc.apply(Edit::Unit(u))
            }
            None => Ok(false),
        },
        Property::ObjectiveName => {
            let Some(at) = state.objective else {
                return Ok(false);
            };
            let points = doc
                .file
                .map
                .objectives
                .iter()
                .find(|o| o.hex == at)
                .map_or(100, |o| o.points);
            doc.apply(Edit::Objective {
                at,
                objective: Some((name, points)),
            })
        }
        Property::LabelName => {
            let Some(at) = state.label else {
                return Ok(false);
            };
            let kind = doc.label_at(at).map(|l| l.kind);
            match kind {
                Some(kind) => doc.apply(Edit::Label {
                    at,
                    label: Some((name, kind)),
                }),
                None => Ok(false),
            }
        }
        Property::Name => doc.apply(Edit::Name(name)),
        Property::SideName(i) => match doc.file.sides.get(i as usize).cloned() {
            Some(mut s) => {
                s.name = name;
                doc.apply(Edit::Side {
                    index: i as usize,
                    side: s,
                })
            }
            None => Ok(false),
        },
        Property::BrigadeName(i) => match doc.file.brigades.get(i as usize).cloned() {
            Some(mut b) => {
                b.name = name;
                doc.apply(Edit::Brigade(b))
            }
            None => Ok(false),
        },
        _ => Ok(false),
    }
}

fn press(
    pressed: On<Pressed>,
    q: Query<&Act>,
    mut editing: ResMut<Editing>,
    mut state: ResMut<EditorState>,
) {
    if let Ok(act) = q.get(pressed.entity) {
        let r = match *act {
            Act::Step(f, d) => step(&mut editing.0, &state, f, d),
            Act::Type(f) => {
                let now = current(&editing.0, &state, f);
                state.typing = Some((f, now));
                Ok(false)
            }
            Act::DeleteUnit => match state.unit.take() {
                Some(id) => editing.0.apply(Edit::RemoveUnit { id }),
                None => Ok(false),
            },
            Act::DeleteLabel => match state.label.take() {
                Some(at) => editing.0.apply(Edit::RemoveLabel { at }),
                None => Ok(false),
            },
            Act::DeleteObjective => match state.objective.take() {
                Some(at) => editing.0.apply(Edit::Objective {
                    at,
                    objective: None,
                }),
                None => Ok(false),
            },
            Act::Deselect => {
                state.unit = None;
                state.objective = None;
                state.label = None;
                Ok(false)
            }
            Act::AddOrder(side) => super::orders::add(&mut editing.0, side),
            Act::DeleteOrder(i) => super::orders::remove(&mut editing.0, i),
            Act::AddBrigade(side) => {
                let doc = &editing.0;
                let n = doc.file.brigades.len() + 1;
                let mut id = format!("B{n}");
                while doc.file.brigades.iter().any(|b| b.id == id) {
                    id.push('x');
                }
                let ordinal = doc.file.brigades.iter().filter(|b| b.side == side).count() + 1;
                editing.0.apply(Edit::Brigade(BrigadeInfo {
                    id,
                    name: format!("Brigade {ordinal}"),
                    side,
                    division: None,
                    corps: None,
                    independent: false,
                }))
            }
            _ => Ok(false),
        };
        if let Err(e) = r {
            state.status = e;
        }
    }
}

fn typing(
    mut keys: MessageReader<KeyboardInput>,
    mut editing: ResMut<Editing>,
    mut state: ResMut<EditorState>,
) {
    for k in keys.read() {
        if !k.state.is_pressed() {
            continue;
        }
        let Some((field, mut buffer)) = state.typing.clone() else {
            continue;
        };
        match &k.logical_key {
            Key::Enter => {
                state.typing = None;
                if let Err(e) = commit(&mut editing.0, &state, field, buffer) {
                    state.status = e;
                }
                continue;
            }
            Key::Escape => {
                state.typing = None;
                continue;
            }
            Key::Backspace => {
                buffer.pop();
            }
            Key::Space => buffer.push(' '),
            Key::Character(c) => buffer.push_str(c),
            _ => continue,
        }
        state.typing = Some((field, buffer));
    }
}
