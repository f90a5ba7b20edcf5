//! `bayonet run FILE --orders ORDERS.ron --seed N`: plays a list of orders through the headless
//! game and prints every outcome and the final state. Refused orders are reported with their
//! rule and the run goes on.

use bevy::prelude::*;
use serde_json::{Value, json};

use super::args::Run;

use super::melee::{coord_json, outcome_json, unit_json};
use crate::rules::order::Order;
use crate::rules::scenario::{self, Scenario, ron_options};
use crate::rules::unit::UnitId;
use crate::sim::outcome::{Outcome, OutcomeCursors};
use crate::sim::{self, Battle, GiveOrder};

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

/// Everything reported since the last call, in the order of `OutcomeCursors`.
fn events(app: &App, s: &Scenario, c: &mut OutcomeCursors) -> Vec<Value> {
    let world = app.world();
    let battle = world.resource::<Battle>();
    // Every unit the scenario began with, so that units gone since still have names.
    let mut named = battle.scenario.board();
    named.units = s.units.clone();
    let b = &named;
    let u = |id: UnitId| unit_json(b, s, id);
    let mut out = Vec::new();
    for o in c.read(world) {
        match o {
            Outcome::Rejected(r) => {
                for v in &r.reasons {
                    out.push(json!({"event": "rejected", "rule": v.rule, "reason": v.reason.words(), "unit": v.unit.map(u), "message": v.message, "text": v.to_string()}));
                }
            }
            Outcome::Done(d) => {
                out.push(json!({"event": "done", "order": d.order.describe(), "given": d.order}))
            }
            Outcome::Moved(m) => out.push(json!({
                "event": "moved", "unit": u(m.moved.unit), "cost": m.moved.cost,
                "path": m.moved.path.iter().map(|h| coord_json(s, *h)).collect::<Vec<_>>(),
                "opportunity_fire": m.opportunity_fire.iter().map(|f| fire_json(s, b, f)).collect::<Vec<_>>(),
            })),
            Outcome::Fired(f) => {
                let mut v = fire_json(s, b, &f.0);
                v["event"] = json!("fired");
                out.push(v);
            }
            Outcome::MeleeDeclared(d) => out.push(json!({
                "event": "melee_declared", "at": coord_json(s, d.declaration.defending_hex),
                "attackers": d.declaration.attackers.iter().map(|id| u(*id)).collect::<Vec<_>>(),
                "attacker_win_probability": d.odds.attacker_win_probability,
                "whole_resolution": crate::rules::melee::whole_odds(&world.resource::<sim::Game>().0, &d.declaration),
            })),
            Outcome::MeleeCancelled(c) => out.push(
                json!({"event": "melee_cancelled", "at": coord_json(s, c.defending_hex)}),
            ),
            Outcome::MeleeResolved(m) => {
                let mut v = json!({"event": "melee_resolved", "at": coord_json(s, m.0.declaration.defending_hex)});
                outcome_json(&mut v, s, b, &m.0);
                out.push(v);
            }
            Outcome::MeleeCalledOff(c) => out.push(json!({
                "event": "melee_called_off", "at": coord_json(s, c.declaration.defending_hex),
                "reason": c.reasons.iter().map(|r| r.to_string()).collect::<Vec<_>>().join("; "),
                "defensive_fire": c.defensive_fire.iter().map(|f| fire_json(s, b, f)).collect::<Vec<_>>(),
            })),
            Outcome::PhaseMoraleChecked(p) => {
                for m in &p.checks {
                    out.push(json!({"event": "end_of_phase_morale", "unit": u(m.unit), "roll": m.roll, "morale": m.morale, "result": m.result}));
                }
            }
            Outcome::TurnBegan(t) => out.push(json!({
                "event": "turn_began", "turn": t.turn, "side": s.side_name(t.side), "clock": t.clock,
                "rallied": t.start.rallied.iter().map(|id| u(*id)).collect::<Vec<_>>(),
                "isolated": t.start.isolated.iter().map(|id| u(*id)).collect::<Vec<_>>(),
                "released": t.start.released.iter().map(|id| u(*id)).collect::<Vec<_>>(),
                "resupplied": t.start.resupplied.iter().map(|id| u(*id)).collect::<Vec<_>>(),
                "repaired": t.start.repaired.iter().map(|(h, n)| json!({"at": coord_json(s, *h), "strength": n})).collect::<Vec<_>>(),
            })),
            Outcome::PhaseBegan(p) => out.push(
                json!({"event": "phase_began", "phase": p.phase.name(), "side": s.side_name(p.side)}),
            ),
            Outcome::GameEnded(g) => out.push(json!({"event": "game_ended", "victory": g.0})),
            // Steps of a melee already in its `melee_resolved` report.
            Outcome::Retreated(_) | Outcome::GunsCaptured(_) | Outcome::Advanced(_) => {}
        }
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

pub fn run(args: &Run) -> Result<i32, String> {
    let s = match &args.from {
        Some(f) => {
            let saved = super::saves::read(f).map_err(|e| e.to_string())?;
            crate::sim::save::scenario_of(&saved).map_err(|e| e.to_string())?
        }
        None => {
            let file = args
                .file
                .as_deref()
                .ok_or("expected a scenario FILE or --from SAVE")?;
            scenario::load_file(file).map_err(|e| e.to_string())?
        }
    };
    let path = args.orders.as_str();
    let text =
        std::fs::read_to_string(path).map_err(|e| format!("{path}: cannot read the file: {e}"))?;
    let orders = parse_orders(path, &text)?;
    let mut s = s;
    args.rules.adjust(&mut s)?;
    // Carry on from a save, or start the scenario afresh.
    let mut app = match &args.from {
        Some(f) => {
            let saved = super::saves::read(f).map_err(|e| e.to_string())?;
            crate::sim::save::load_app(&saved).map_err(|e| e.to_string())?
        }
        None => sim::headless_app(s.clone(), args.seed),
    };
    let mut log = Vec::new();
    let mut cursors = OutcomeCursors::default();
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
