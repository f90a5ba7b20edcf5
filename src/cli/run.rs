//! `bayonet run FILE --orders ORDERS.ron --seed N`: plays a list of orders through the headless
//! game and prints every outcome and the final state. Refused orders are reported with their
//! rule and the run goes on.

use bevy::prelude::*;
use serde::Deserialize;
use serde_json::{Value, json};

use super::Args;
use bevy::ecs::message::MessageCursor;

use super::melee::{coord_json, outcome_json, unit_json};
use crate::rules::hex::Facing;
use crate::rules::map::Coord;
use crate::rules::scenario::{self, Scenario, ron_options};
use crate::rules::unit::{Formation, UnitId};
use crate::sim::{
    self, Battle, CancelMelee, DamageBridge, DeclareMelee, EndTurn, FaceOrder, FireOrder, Fired,
    FormationOrder, GameEnded, MeleeCancelled, MeleeDeclared, MeleeResolved, MoveOrder, OrderDone,
    OrderRejected, PhaseMoraleChecked, RecrewGuns, ResolveMelees, SpikeGuns, TurnBegan, TurnState,
    UnitMoved, UnitState, board_of,
};

/// One order of an orders file (`maps/README.md` documents the format).
#[derive(Debug, Clone, Deserialize)]
pub enum Order {
    Move {
        unit: u32,
        to: (i32, i32),
    },
    Face {
        unit: u32,
        facing: Facing,
    },
    Formation {
        unit: u32,
        formation: Formation,
    },
    Fire {
        unit: u32,
        at: (i32, i32),
    },
    /// Drags from attacking hexes to the defending hex.
    Melee {
        from: Vec<(i32, i32)>,
        at: (i32, i32),
    },
    /// Named units committed to a melee.
    MeleeUnits {
        units: Vec<u32>,
        at: (i32, i32),
    },
    CancelMelee {
        at: (i32, i32),
    },
    DamageBridge {
        units: Vec<u32>,
        at: (i32, i32),
    },
    Spike {
        battery: u32,
        by: u32,
    },
    Recrew {
        battery: u32,
        by: u32,
    },
    Resolve,
    EndTurn,
}

fn hex(s: &Scenario, at: (i32, i32)) -> hexx::Hex {
    s.map.hex_at(Coord {
        col: at.0,
        row: at.1,
    })
}

fn send(app: &mut App, s: &Scenario, order: &Order) {
    let w = app.world_mut();
    let ids = |v: &[u32]| v.iter().map(|i| UnitId(*i)).collect::<Vec<_>>();
    match order {
        Order::Move { unit, to } => {
            w.write_message(MoveOrder {
                unit: UnitId(*unit),
                to: hex(s, *to),
                path: None,
            });
        }
        Order::Face { unit, facing } => {
            w.write_message(FaceOrder {
                unit: UnitId(*unit),
                facing: *facing,
            });
        }
        Order::Formation { unit, formation } => {
            w.write_message(FormationOrder {
                unit: UnitId(*unit),
                formation: *formation,
            });
        }
        Order::Fire { unit, at } => {
            w.write_message(FireOrder {
                unit: UnitId(*unit),
                target: hex(s, *at),
            });
        }
        Order::Melee { from, at } => {
            let from_hexes = from.iter().map(|f| hex(s, *f)).collect();
            w.write_message(DeclareMelee {
                attackers: Vec::new(),
                from_hexes,
                defending_hex: hex(s, *at),
            });
        }
        Order::MeleeUnits { units, at } => {
            w.write_message(DeclareMelee::units(ids(units), hex(s, *at)));
        }
        Order::CancelMelee { at } => {
            w.write_message(CancelMelee {
                defending_hex: hex(s, *at),
            });
        }
        Order::DamageBridge { units, at } => {
            w.write_message(DamageBridge {
                attackers: ids(units),
                bridge: hex(s, *at),
            });
        }
        Order::Spike { battery, by } => {
            w.write_message(SpikeGuns {
                battery: UnitId(*battery),
                by: UnitId(*by),
            });
        }
        Order::Recrew { battery, by } => {
            w.write_message(RecrewGuns {
                battery: UnitId(*battery),
                by: UnitId(*by),
            });
        }
        Order::Resolve => {
            w.write_message(ResolveMelees);
        }
        Order::EndTurn => {
            w.write_message(EndTurn);
        }
    }
}

fn fire_json(
    s: &Scenario,
    board: &crate::rules::board::Board,
    f: &crate::rules::fire::FireOutcome,
) -> Value {
    let u = |id: UnitId| unit_json(board, s, id);
    json!({
        "firer": u(f.breakdown.firer),
        "target": coord_json(s, f.breakdown.target),
        "opportunity": f.opportunity,
        "range": f.breakdown.range,
        "value": f.breakdown.value,
        "modifiers": f.breakdown.modifiers,
        "loss_range": f.breakdown.loss_range,
        "loss": f.loss,
        "losses": f.losses.iter().map(|l| json!({"unit": u(l.unit), "men": l.men, "guns": l.guns})).collect::<Vec<_>>(),
        "morale": f.morale.iter().map(|m| json!({"unit": u(m.unit), "roll": m.roll, "morale": m.morale, "result": m.result})).collect::<Vec<_>>(),
        "eliminated": f.eliminated.iter().map(|id| u(*id)).collect::<Vec<_>>(),
        "ammo_now": f.ammo_now.map(|a| format!("{a:?}")),
    })
}

/// Where the runner has read up to in each kind of message.
#[derive(Default)]
struct Cursors {
    rejected: MessageCursor<OrderRejected>,
    done: MessageCursor<OrderDone>,
    moved: MessageCursor<UnitMoved>,
    fired: MessageCursor<Fired>,
    declared: MessageCursor<MeleeDeclared>,
    cancelled: MessageCursor<MeleeCancelled>,
    resolved: MessageCursor<MeleeResolved>,
    phase: MessageCursor<PhaseMoraleChecked>,
    began: MessageCursor<TurnBegan>,
    ended: MessageCursor<GameEnded>,
}

fn new<M: Message + Clone>(world: &World, cursor: &mut MessageCursor<M>) -> Vec<M> {
    cursor
        .read(world.resource::<Messages<M>>())
        .cloned()
        .collect()
}

/// Everything reported since the last call.
fn events(app: &App, s: &Scenario, c: &mut Cursors) -> Vec<Value> {
    let world = app.world();
    let battle = world.resource::<Battle>();
    // Every unit the scenario began with, so that units gone since still have names.
    let mut named = battle.scenario.board();
    named.units = s.units.clone();
    let b = &named;
    let u = |id: UnitId| unit_json(b, s, id);
    let mut out = Vec::new();
    for r in new(world, &mut c.rejected) {
        for v in &r.reasons {
            out.push(json!({"event": "rejected", "rule": v.rule, "unit": v.unit.map(u), "message": v.message}));
        }
    }
    for d in new(world, &mut c.done) {
        out.push(json!({"event": "done", "order": d.order}));
    }
    for m in new(world, &mut c.moved) {
        out.push(json!({
            "event": "moved", "unit": u(m.moved.unit), "cost": m.moved.cost,
            "path": m.moved.path.iter().map(|h| coord_json(s, *h)).collect::<Vec<_>>(),
            "opportunity_fire": m.opportunity_fire.iter().map(|f| fire_json(s, b, f)).collect::<Vec<_>>(),
        }));
    }
    for f in new(world, &mut c.fired) {
        let mut v = fire_json(s, b, &f.0);
        v["event"] = json!("fired");
        out.push(v);
    }
    for d in new(world, &mut c.declared) {
        out.push(json!({
            "event": "melee_declared", "at": coord_json(s, d.declaration.defending_hex),
            "attackers": d.declaration.attackers.iter().map(|id| u(*id)).collect::<Vec<_>>(),
            "attacker_win_probability": d.odds.attacker_win_probability,
        }));
    }
    for c in new(world, &mut c.cancelled) {
        out.push(json!({"event": "melee_cancelled", "at": coord_json(s, c.defending_hex)}));
    }
    for m in new(world, &mut c.resolved) {
        let mut v =
            json!({"event": "melee_resolved", "at": coord_json(s, m.0.declaration.defending_hex)});
        outcome_json(&mut v, s, b, &m.0);
        out.push(v);
    }
    for p in new(world, &mut c.phase) {
        for m in &p.checks {
            out.push(json!({"event": "end_of_phase_morale", "unit": u(m.unit), "roll": m.roll, "morale": m.morale, "result": m.result}));
        }
    }
    for t in new(world, &mut c.began) {
        out.push(json!({
            "event": "turn_began", "turn": t.turn, "side": s.side_name(t.side), "clock": t.clock,
            "rallied": t.start.rallied.iter().map(|id| u(*id)).collect::<Vec<_>>(),
            "isolated": t.start.isolated.iter().map(|id| u(*id)).collect::<Vec<_>>(),
            "released": t.start.released.iter().map(|id| u(*id)).collect::<Vec<_>>(),
            "resupplied": t.start.resupplied.iter().map(|id| u(*id)).collect::<Vec<_>>(),
        }));
    }
    for g in new(world, &mut c.ended) {
        out.push(json!({"event": "game_ended", "victory": g.0}));
    }
    out
}

fn final_state(app: &mut App, s: &Scenario) -> Value {
    let world = app.world_mut();
    let mut q = world.query::<&UnitState>();
    let mut units: Vec<_> = q.iter(world).map(|u| u.0.clone()).collect();
    units.sort_by_key(|u| u.id);
    let turn = world.resource::<TurnState>().clone();
    let battle = world.resource::<Battle>();
    let board = board_of(
        battle,
        &turn,
        units
            .iter()
            .map(|u| UnitState(u.clone()))
            .collect::<Vec<_>>()
            .iter(),
    );
    let victory = battle.victory(&board);
    json!({
        "turn": turn.turn,
        "side": s.side_name(turn.side),
        "clock": turn.clock(),
        "night": turn.night,
        "over": turn.over,
        "victory": victory,
        "units": units.iter().map(|u| json!({
            "id": u.id.0, "name": u.name, "side": s.side_name(u.side),
            "at": coord_json(s, u.hex), "facing": u.facing.name(), "formation": u.formation.name(),
            "men": u.men, "guns": u.guns, "fatigue": u.fatigue,
            "disrupted": u.disrupted, "routed": u.routed, "fixed": u.is_fixed(), "isolated": u.isolated,
            "ammo": format!("{:?}", u.ammo), "captured": u.is_captured(),
        })).collect::<Vec<_>>(),
    })
}

/// Reads an orders file's text; `path` names it in errors (with line and column).
pub fn parse_orders(path: &str, text: &str) -> Result<Vec<Order>, String> {
    ron_options().from_str(text).map_err(|e| {
        format!(
            "{path}:{}:{}: {}",
            e.span.start.line, e.span.start.col, e.code
        )
    })
}

pub fn run(args: &Args) -> Result<i32, String> {
    let s = match &args.from {
        Some(f) => {
            let saved = super::saves::read(f).map_err(|e| e.to_string())?;
            crate::sim::save::scenario_of(&saved).map_err(|e| e.to_string())?
        }
        None => scenario::load_file(args.file()?).map_err(|e| e.to_string())?,
    };
    let path = args
        .orders
        .as_deref()
        .ok_or("expected --orders ORDERS.ron")?;
    let text =
        std::fs::read_to_string(path).map_err(|e| format!("{path}: cannot read the file: {e}"))?;
    let orders = parse_orders(path, &text)?;
    let mut s = s;
    if let Some(r) = &args.rules {
        s.params.optional.enable(r)?;
    }
    // Carry on from a save, or start the scenario afresh.
    let mut app = match &args.from {
        Some(f) => {
            let saved = super::saves::read(f).map_err(|e| e.to_string())?;
            crate::sim::save::load_app(&saved).map_err(|e| e.to_string())?
        }
        None => sim::headless_app(s.clone(), args.seed),
    };
    let mut log = Vec::new();
    let mut cursors = Cursors::default();
    events(&app, &s, &mut cursors);
    for (i, order) in orders.iter().enumerate() {
        send(&mut app, &s, order);
        app.update();
        for mut e in events(&app, &s, &mut cursors) {
            e["order"] = json!(i);
            log.push(e);
        }
    }
    let state = final_state(&mut app, &s);
    if let Some(out) = &args.save {
        super::saves::write(out, &crate::sim::save::save(app.world_mut()))?;
    }
    if args.json {
        println!("{}", json!({"events": log, "final": state}));
    } else {
        for e in &log {
            println!("[order {}] {}", e["order"], e);
        }
        println!(
            "final: turn {}, {}, {} to act{}; victory points {} — {}",
            state["turn"],
            state["clock"].as_str().unwrap_or(""),
            state["side"].as_str().unwrap_or(""),
            if state["over"] == true {
                " (game over)"
            } else {
                ""
            },
            state["victory"]["total"],
            state["victory"]["level"].as_str().unwrap_or("")
        );
    }
    Ok(0)
}
