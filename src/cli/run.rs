//! `bayonet run FILE --orders ORDERS.ron --seed N`: plays a list of orders through the headless
//! game and prints every outcome and the final state. Refused orders are reported with their
//! rule and the run goes on.

use super::CliError;
use serde_json::{Value, json};

use super::args::Run;

use super::melee::{coord_json, fire_json, outcome_json, unit_json};
use crate::rules::event::{Event, Outcome};
use crate::rules::game::Game;
use crate::rules::order::Order;
use crate::rules::scenario::{self, Scenario, ron_options};
use crate::rules::unit::UnitId;

/// The answer to one order, as JSON lines: its refusal, or the order done and what it caused.
fn events(game: &Game, s: &Scenario, answer: Vec<Outcome>) -> Vec<Value> {
    // Every unit the scenario began with, so that units gone since still have names.
    let mut named = game.start.board();
    named.units = s.units.clone();
    let b = &named;
    let u = |id: UnitId| unit_json(b, s, id);
    let mut out = Vec::new();
    for o in answer {
        let e = match o {
            Outcome::Rejected(r) => {
                for v in &r.reasons {
                    out.push(json!({"event": "rejected", "rule": v.rule, "reason": v.reason.words(), "unit": v.unit.map(u), "message": v.message, "text": v.to_string()}));
                }
                continue;
            }
            Outcome::Done(d) => {
                out.push(json!({"event": "done", "order": d.order.describe(), "given": d.order}));
                continue;
            }
            Outcome::Happened(e) => e,
        };
        match e {
            Event::Moved(m) => out.push(json!({
                "event": "moved", "unit": u(m.moved.unit), "cost": m.moved.cost,
                "path": m.moved.path.iter().map(|h| coord_json(s, *h)).collect::<Vec<_>>(),
                "opportunity_fire": m.opportunity_fire.iter().map(|f| fire_json(s, b, f)).collect::<Vec<_>>(),
            })),
            Event::Fired(f) => {
                let mut v = fire_json(s, b, &f.0);
                v["event"] = json!("fired");
                out.push(v);
            }
            Event::MeleeDeclared(d) => out.push(json!({
                "event": "melee_declared", "at": coord_json(s, d.declaration.defending_hex),
                "attackers": d.declaration.attackers.iter().map(|id| u(*id)).collect::<Vec<_>>(),
                "attacker_win_probability": d.odds.attacker_win_probability,
                "whole_resolution": crate::rules::melee::whole_odds(&game.board, &d.declaration),
            })),
            Event::MeleeCancelled(c) => out.push(
                json!({"event": "melee_cancelled", "at": coord_json(s, c.defending_hex)}),
            ),
            Event::MeleeResolved(m) => {
                let mut v = json!({"event": "melee_resolved", "at": coord_json(s, m.0.declaration.defending_hex)});
                outcome_json(&mut v, s, b, &m.0);
                out.push(v);
            }
            Event::MeleeCalledOff(c) => out.push(json!({
                "event": "melee_called_off", "at": coord_json(s, c.declaration.defending_hex),
                "reason": c.reasons.iter().map(|r| r.to_string()).collect::<Vec<_>>().join("; "),
                "defensive_fire": c.defensive_fire.iter().map(|f| fire_json(s, b, f)).collect::<Vec<_>>(),
            })),
            Event::PhaseMoraleChecked(p) => {
                for m in &p.checks {
                    out.push(json!({"event": "end_of_phase_morale", "unit": u(m.unit), "roll": m.roll, "morale": m.morale, "result": m.result}));
                }
            }
            Event::TurnBegan(t) => out.push(json!({
                "event": "turn_began", "turn": t.turn, "side": s.side_name(t.side), "clock": t.clock,
                "rallied": t.start.rallied.iter().map(|id| u(*id)).collect::<Vec<_>>(),
                "isolated": t.start.isolated.iter().map(|id| u(*id)).collect::<Vec<_>>(),
                "released": t.start.released.iter().map(|id| u(*id)).collect::<Vec<_>>(),
                "resupplied": t.start.resupplied.iter().map(|id| u(*id)).collect::<Vec<_>>(),
                "repaired": t.start.repaired.iter().map(|(h, n)| json!({"at": coord_json(s, *h), "strength": n})).collect::<Vec<_>>(),
            })),
            Event::PhaseBegan(p) => out.push(
                json!({"event": "phase_began", "phase": p.phase.name(), "side": s.side_name(p.side)}),
            ),
            Event::GameEnded(g) => out.push(json!({"event": "game_ended", "victory": g.0})),
            // Steps of a melee already in its `melee_resolved` report.
            Event::Retreated(_) | Event::GunsCaptured(_) | Event::Advanced(_) => {}
            Event::Undone(d) => out.push(json!({"event": "undone", "what": d.what})),
        }
    }
    out
}

fn final_state(game: &Game, s: &Scenario) -> Value {
    let board = &game.board;
    let mut units = board.units.clone();
    units.sort_by_key(|u| u.id);
    let turn = board.turn_state();
    let victory = crate::rules::victory::report(&game.start, board);
    json!({
        "hash": game.snapshot().hash(),
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
pub fn parse_orders(path: &str, text: &str) -> Result<Vec<Order>, CliError> {
    ron_options().from_str(text).map_err(|e| {
        CliError::Load(crate::rules::scenario::LoadError {
            file: path.to_owned(),
            line: Some(e.span.start.line),
            column: Some(e.span.start.col),
            message: e.code.to_string(),
        })
    })
}

pub fn run(args: &Run) -> Result<i32, CliError> {
    let s = match &args.from {
        Some(f) => {
            let saved = super::saves::read(f)?;
            crate::save::scenario_of(&saved)?
        }
        None => {
            let file = args.file.as_deref().ok_or_else(|| {
                CliError::Option("expected a scenario FILE or --from SAVE".into())
            })?;
            scenario::load_file(file)?
        }
    };
    let path = args.orders.as_str();
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError::file(path, format!("cannot read the file: {e}")))?;
    let orders = parse_orders(path, &text)?;
    let mut s = s;
    args.rules.adjust(&mut s)?;
    // Carry on from a save, or start the scenario afresh.
    let mut game = match &args.from {
        Some(f) => {
            let saved = super::saves::read(f)?;
            crate::save::game_of(&saved)?
        }
        None => Game::new(s.clone(), args.seed),
    };
    let mut log = Vec::new();
    for (i, order) in orders.iter().enumerate() {
        let answer = crate::rules::game::answer(order, game.give(order));
        for mut e in events(&game, &s, answer) {
            e["order"] = json!(i);
            log.push(e);
        }
    }
    let state = final_state(&game, &s);
    if let Some(out) = &args.save {
        super::saves::write(out, &crate::save::save_of(&game))?;
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
