//! `bayonet run FILE --orders ORDERS.ron --seed N`: plays a list of orders through the headless
//! game and prints every outcome and the final state. Refused orders are reported with their
//! rule and the run goes on.

use bevy::prelude::*;
use serde_json::{Value, json};

use super::Args;
use bevy::ecs::message::MessageCursor;

use super::melee::{coord_json, outcome_json, unit_json};
use crate::rules::order::Order;
use crate::rules::scenario::{self, Scenario, ron_options};
use crate::rules::unit::UnitId;
use crate::sim::{
    self, Battle, Fired, GameEnded, GiveOrder, MeleeCalledOff, MeleeCancelled, MeleeDeclared,
    MeleeResolved, OrderDone, OrderRejected, PhaseBegan, PhaseMoraleChecked, TurnBegan, UnitMoved,
};

pub(super) fn fire_json(
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
        "routs": f.routs.iter().map(|r| json!({"unit": u(r.unit), "from": coord_json(s, r.from), "to": coord_json(s, r.to)})).collect::<Vec<_>>(),
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
    called_off: MessageCursor<MeleeCalledOff>,
    phase: MessageCursor<PhaseMoraleChecked>,
    began: MessageCursor<TurnBegan>,
    phases: MessageCursor<PhaseBegan>,
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
            out.push(json!({"event": "rejected", "rule": v.rule, "reason": v.reason.words(), "unit": v.unit.map(u), "message": v.message, "text": v.to_string()}));
        }
    }
    for d in new(world, &mut c.done) {
        out.push(json!({"event": "done", "order": d.order.describe(), "given": d.order}));
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
            "whole_resolution": crate::rules::melee::whole_odds(&world.resource::<sim::Game>().0, &d.declaration),
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
    for c in new(world, &mut c.called_off) {
        out.push(json!({
            "event": "melee_called_off", "at": coord_json(s, c.declaration.defending_hex),
            "reason": c.reasons.iter().map(|r| r.to_string()).collect::<Vec<_>>().join("; "),
            "defensive_fire": c.defensive_fire.iter().map(|f| fire_json(s, b, f)).collect::<Vec<_>>(),
        }));
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
            "repaired": t.start.repaired.iter().map(|(h, n)| json!({"at": coord_json(s, *h), "strength": n})).collect::<Vec<_>>(),
        }));
    }
    for p in new(world, &mut c.phases) {
        out.push(
            json!({"event": "phase_began", "phase": p.phase.name(), "side": s.side_name(p.side)}),
        );
    }
    for g in new(world, &mut c.ended) {
        out.push(json!({"event": "game_ended", "victory": g.0}));
    }
    out
}

fn final_state(app: &mut App, s: &Scenario) -> Value {
    let world = app.world();
    let board = &world.resource::<sim::Game>().0;
    let mut units = board.units.clone();
    units.sort_by_key(|u| u.id);
    let turn = board.turn_state();
    let victory = world.resource::<Battle>().victory(board);
    json!({
        "hash": crate::sim::save::snapshot(world).hash(),
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
        app.world_mut().write_message(GiveOrder(order.clone()));
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
