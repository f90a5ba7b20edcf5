//! `bayonet odds` and `bayonet resolve`: one melee, broken down, and (for resolve) rolled
//! through the ECS simulation with the game's dice.

use super::CliError;
use serde_json::{Value, json};

use super::args::Melee;
use crate::rules::board::Board;
use crate::rules::event::{Event, MeleeCalledOff, PhaseMoraleChecked};
use crate::rules::hex::Hex;
use crate::rules::melee::{self, Declaration, MeleeOutcome, MeleeSide};
use crate::rules::order::{At, Order};
use crate::rules::refusal::Refusal;
use crate::rules::scenario::{self, Scenario};
use crate::rules::unit::UnitId;

/// The declaration the arguments describe: the named units, or what a drag from each
/// attacking hex commits (`melee::committable`).
fn declaration(s: &Scenario, board: &Board, args: &Melee) -> Result<Declaration, CliError> {
    let defend = args.defend;
    let hexes: Vec<Hex> = args.attack.iter().map(|c| s.map.hex_at(*c)).collect();
    let defending_hex = s.map.hex_at(defend);
    let mut attackers = Vec::new();
    for (c, h) in args.attack.iter().zip(&hexes) {
        let Some(side) = board.side_at(*h) else {
            return Err(CliError::Game(format!("attacking hex {c} holds no unit")));
        };
        if args.units.is_empty() {
            attackers.extend(melee::committable(board, *h, side, defending_hex));
        } else {
            let named = board.units_at(*h).filter(|u| args.units.contains(&u.id.0));
            attackers.extend(named.map(|u| u.id));
        }
    }
    for id in &args.units {
        if !attackers.contains(&UnitId(*id)) {
            return Err(CliError::Game(format!(
                "unit {id} is not in an attacking hex"
            )));
        }
    }
    Ok(Declaration {
        attackers,
        defending_hex: s.map.hex_at(defend),
        follow_up: true,
    })
}

fn load(args: &Melee) -> Result<Scenario, CliError> {
    let mut s = scenario::load_file(&args.file)?;
    args.rules.adjust(&mut s)?;
    Ok(s)
}

pub(super) fn unit_json(board: &Board, s: &Scenario, id: UnitId) -> Value {
    let name = board
        .unit(id)
        .or_else(|| s.units.iter().find(|u| u.id == id))
        .map(|u| u.name.clone());
    json!({ "id": id.0, "name": name })
}

pub(super) fn coord_json(s: &Scenario, h: Hex) -> Value {
    let c = s.map.coord(h);
    json!([c.col, c.row])
}

/// `odds` (no seed), or `resolve` with the seed of its dice.
pub fn run(args: &Melee, roll: Option<u64>) -> Result<i32, CliError> {
    let s = load(args)?;
    let mut board = s.board();
    if args.night {
        board.night = true;
    }
    let decl = declaration(&s, &board, args)?;
    if let Some(u) = decl.attackers.first().and_then(|id| board.unit(*id)) {
        board.acting = u.side;
    }
    let system = melee::system(&board.params);
    let violations = system.check(&board, &decl);
    let b = system.breakdown(&board, &decl);
    let odds = b.odds();
    let legal = violations.is_empty();
    let mut out = json!({
        "legal": legal,
        "violations": violations.iter().map(|v| violation_json(&board, &s, v)).collect::<Vec<_>>(),
        "attackers": b.attackers,
        "defenders": b.defenders,
        "attack_base": b.attack_base,
        "defense_base": b.defence_base,
        "modifiers": b.modifiers,
        "attack_factor": b.attack_factor,
        "defense_factor": b.defence_factor,
        "attack_strength": b.attack_strength,
        "defense_strength": b.defence_strength,
        "cavalry_rule": b.cavalry_rule,
        "bridge_damage": b.bridge_damage,
        "system": b.system,
        "attacker_loss_range": b.attacker_loss_range,
        "defender_loss_range": b.defender_loss_range,
        "attacker_win_probability": odds.attacker_win_probability,
        "whole_resolution": melee::whole_odds(&board, &decl),
        "forecast": melee::forecast(&board, &decl),
        "expected_attacker_loss": odds.expected_attacker_loss,
        "expected_defender_loss": odds.expected_defender_loss,
        "night": board.night,
    });
    // The system's own breakdown and distribution, under its own key (Bodenstedt's `sector`:
    // CVs, column and the six rows; Impetus's `impetus` and La Bataille's `assault`: the
    // breakdown and the distribution over the dice).
    if let Some((key, value)) = b.json() {
        out[key] = value;
    }
    let mut code = 0;
    if let Some(seed) = roll {
        out["seed"] = json!(seed);
        if legal {
            let (outcome, phase) = match resolve_in_sim(&s, &board, &decl, seed)? {
                Ok(done) => done,
                Err(off) => {
                    // Broken up by the defensive fire: an outcome, reported as such.
                    out["called_off"] = json!({
                        "reasons": off.reasons.iter().map(|v| violation_json(&board, &s, v)).collect::<Vec<_>>(),
                        "reason": off.reasons.iter().map(|v| v.to_string()).collect::<Vec<_>>().join("; "),
                        "fire": off.defensive_fire.iter().map(|f| fire_json(&s, &board, f)).collect::<Vec<_>>(),
                    });
                    if args.json {
                        println!("{out}");
                    } else {
                        print_text(&out);
                    }
                    return Ok(0);
                }
            };
            outcome_json(&mut out, &s, &board, &outcome);
            let u = |id: UnitId| unit_json(&board, &s, id);
            out["end_of_phase_morale"] = phase
                .iter()
                .flat_map(|p| &p.checks)
                .map(|m| json!({"unit": u(m.unit), "morale": m.morale, "roll": m.roll, "passed": m.passed, "result": m.result, "reason": m.reason}))
                .collect();
            out["routs"] = outcome
                .routs
                .iter()
                .chain(phase.iter().flat_map(|p| &p.routs))
                .map(|r| json!({"unit": u(r.unit), "from": coord_json(&s, r.from), "to": coord_json(&s, r.to)}))
                .collect();
        } else {
            code = 1;
        }
    }
    if args.json {
        println!("{out}");
    } else {
        print_text(&out);
    }
    Ok(code)
}

fn violation_json(board: &Board, s: &Scenario, v: &Refusal) -> Value {
    json!({
        "rule": v.rule,
        "reason": v.reason.words(),
        "text": v.to_string(),
        "unit": v.unit.map(|id| unit_json(board, s, id)),
        "message": v.message,
    })
}

/// What the simulation made of the melee: its outcome with the end-of-phase checks, or the
/// melee called off.
type SimMelee = Result<(MeleeOutcome, Vec<PhaseMoraleChecked>), MeleeCalledOff>;

/// Runs the melee through the game's interpreter: declare, then resolve, as a player would.
fn resolve_in_sim(
    s: &Scenario,
    board: &Board,
    decl: &Declaration,
    seed: u64,
) -> Result<SimMelee, CliError> {
    let mut game = crate::rules::game::Game::new(s.clone(), Some(seed));
    game.board.acting = board.acting;
    game.board.night = board.night;
    let at = At::of(board, decl.defending_hex);
    let melee = Order::Melee {
        from: Vec::new(),
        units: decl.attackers.clone(),
        at,
        follow_up: true,
    };
    let mut events = Vec::new();
    // The melee is the whole phase: ending it runs the losers' end-of-phase checks.
    for o in [melee, Order::Resolve, Order::EndTurn] {
        match game.give(&o) {
            Ok(c) => events.extend(c.events),
            Err(reasons) => {
                return Err(CliError::Game(format!(
                    "the simulation refused the melee: {}",
                    reasons
                        .iter()
                        .map(|v| v.to_string())
                        .collect::<Vec<_>>()
                        .join("; ")
                )));
            }
        }
    }
    let mut outcome = None;
    let mut checks = Vec::new();
    for e in events {
        match e {
            Event::MeleeCalledOff(off) => return Ok(Err(off)),
            Event::MeleeResolved(m) if outcome.is_none() => outcome = Some(m.0),
            Event::PhaseMoraleChecked(p) => checks.push(p),
            _ => {}
        }
    }
    let outcome =
        outcome.ok_or_else(|| CliError::Game("the simulation produced no result".to_string()))?;
    Ok(Ok((outcome, checks)))
}

/// A fire's figures and results, as JSON.
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
        "weapon": f.breakdown.weapon,
        "value_at_range": f.breakdown.per_man,
        "base": f.breakdown.base,
        "factors": f.breakdown.factors,
        "value": f.breakdown.value,
        "modifiers": f.breakdown.modifiers,
        "terms_sum": f.breakdown.sum,
        "capped": f.breakdown.capped,
        "density": f.breakdown.density,
        "loss_range": f.breakdown.loss_range,
        "loss": f.loss,
        "losses": f.losses.iter().map(|l| json!({"unit": u(l.unit), "men": l.men, "guns": l.guns})).collect::<Vec<_>>(),
        "morale": f.morale.iter().map(|m| json!({"unit": u(m.unit), "roll": m.roll, "morale": m.morale, "result": m.result})).collect::<Vec<_>>(),
        "eliminated": f.eliminated.iter().map(|id| u(*id)).collect::<Vec<_>>(),
        "ammo_now": f.ammo_now.map(|a| format!("{a:?}")),
        "routs": f.routs.iter().map(|r| json!({"unit": u(r.unit), "from": coord_json(s, r.from), "to": coord_json(s, r.to)})).collect::<Vec<_>>(),
    })
}

pub(super) fn outcome_json(out: &mut Value, s: &Scenario, board: &Board, o: &MeleeOutcome) {
    let u = |id: UnitId| unit_json(board, s, id);
    out["defensive_fire"] = o
        .defensive_fire
        .iter()
        .map(|f| fire_json(s, board, f))
        .collect();
    out["attacker_roll"] = json!(o.attacker_roll);
    out["defender_roll"] = json!(o.defender_roll);
    out["attacker_loss"] = json!(o.attacker_loss);
    out["defender_loss"] = json!(o.defender_loss);
    out["loser"] = json!(o.loser.map(|l| match l {
        MeleeSide::Attacker => "attacker",
        MeleeSide::Defender => "defender",
    }));
    out["losses"] = o
        .losses
        .iter()
        .map(|l| json!({"unit": u(l.unit), "men": l.men, "guns": l.guns, "share": l.share}))
        .collect();
    out["fatigue"] = o
        .fatigue
        .iter()
        .map(|f| json!({"unit": u(f.unit), "gained": f.gained, "now": f.now}))
        .collect();
    out["morale"] = o
        .morale
        .iter()
        .map(|m| json!({"unit": u(m.unit), "morale": m.morale, "roll": m.roll, "passed": m.passed, "result": m.result, "reason": m.reason}))
        .collect();
    out["retreats"] = o
        .retreats
        .iter()
        .map(|r| json!({"unit": u(r.unit), "from": coord_json(s, r.from), "to": coord_json(s, r.to)}))
        .collect();
    out["eliminated"] = o
        .eliminated
        .iter()
        .map(|e| json!({"unit": u(e.unit), "reason": e.reason, "captured": e.captured}))
        .collect();
    out["captured"] = o.captured.iter().map(|id| u(*id)).collect();
    out["advanced"] = o.advanced.iter().map(|id| u(*id)).collect();
    out["end_of_phase_checks"] = o.end_of_phase_checks.iter().map(|id| u(*id)).collect();
    out["bridge"] = json!(
        o.bridge
            .as_ref()
            .map(|b| json!({"hex": coord_json(s, b.hex), "before": b.before, "after": b.after}))
    );
}

fn print_text(v: &Value) {
    let legal = v["legal"].as_bool().unwrap_or(false);
    println!("melee: {}", if legal { "legal" } else { "ILLEGAL" });
    if let Some(system) = v["system"]
        .as_str()
        .or_else(|| v["breakdown"]["system"].as_str())
    {
        println!("melee system: {system}");
    }
    for x in v["violations"].as_array().into_iter().flatten() {
        println!(
            "  rule {}: {}",
            x["rule"],
            x["message"].as_str().unwrap_or("")
        );
    }
    for (side, key) in [("attackers", "attackers"), ("defenders", "defenders")] {
        println!("{side}:");
        for u in v[key].as_array().into_iter().flatten() {
            println!(
                "  {:<28} {:>5} → {:>8.2}  {}",
                u["name"].as_str().unwrap_or(""),
                u["nominal"],
                u["strength"].as_f64().unwrap_or(0.0),
                u["adjustments"]
                    .as_array()
                    .map(|a| a
                        .iter()
                        .filter_map(|x| x.as_str())
                        .collect::<Vec<_>>()
                        .join(", "))
                    .unwrap_or_default()
            );
        }
    }
    println!(
        "base strengths: attack {:.2}, defence {:.2}",
        v["attack_base"].as_f64().unwrap_or(0.0),
        v["defense_base"].as_f64().unwrap_or(0.0)
    );
    for m in v["modifiers"].as_array().into_iter().flatten() {
        println!(
            "  {:<9} {:+4}%  {}",
            m["side"].as_str().unwrap_or(""),
            m["percent"],
            m["name"].as_str().unwrap_or("")
        );
    }
    println!(
        "adjusted: attack {:.2}, defence {:.2}",
        v["attack_strength"].as_f64().unwrap_or(0.0),
        v["defense_strength"].as_f64().unwrap_or(0.0)
    );
    let r = |k: &str| {
        format!(
            "{:.2}–{:.2}",
            v[k][0].as_f64().unwrap_or(0.0),
            v[k][1].as_f64().unwrap_or(0.0)
        )
    };
    println!(
        "loss ranges: attacker {}, defender {}",
        r("attacker_loss_range"),
        r("defender_loss_range")
    );
    println!(
        "attacker wins with probability {:.4}; expected losses: attacker {:.2}, defender {:.2}",
        v["attacker_win_probability"].as_f64().unwrap_or(0.0),
        v["expected_attacker_loss"].as_f64().unwrap_or(0.0),
        v["expected_defender_loss"].as_f64().unwrap_or(0.0)
    );
    print_outcome(v);
}

/// The text form's second half: the odds over the whole resolution, the forecast if it goes
/// ahead, and what happened when it was fought (called off, or the rolls and their results).
fn print_outcome(v: &Value) {
    let w = &v["whole_resolution"];
    if let Some(p) = w["attacker_win_probability"].as_f64() {
        println!(
            "over the whole resolution (the defenders fire first): attacker wins {:.4}; \
             fire stops an attacker {:.4}, breaks the attack up {:.4}",
            p,
            w["attackers_drop_probability"].as_f64().unwrap_or(0.0),
            w["called_off_probability"].as_f64().unwrap_or(0.0)
        );
    }
    let f = &v["forecast"];
    if f.is_object() {
        let l = |k: &str| {
            format!(
                "{}-{} (most likely {})",
                f[k]["low"], f[k]["high"], f[k]["most_likely"]
            )
        };
        println!(
            "if it goes ahead: attacker loses {}, defender loses {}; defender retreats {:.4}, guns captured {:.4}",
            l("attacker_loss"),
            l("defender_loss"),
            f["defender_retreats"].as_f64().unwrap_or(0.0),
            f["guns_captured"].as_f64().unwrap_or(0.0)
        );
    }
    if let Some(off) = v.get("called_off") {
        for f in off["fire"].as_array().into_iter().flatten() {
            println!(
                "defensive fire: {} at {} (value {:.0}): {} lost",
                f["firer"]["name"].as_str().unwrap_or(""),
                f["target"],
                f["value"].as_f64().unwrap_or(0.0),
                f["loss"]
            );
        }
        println!("called off: {}", off["reason"].as_str().unwrap_or(""));
    }
    if v.get("loser").is_some() {
        println!(
            "rolled: attacker loses {}, defender loses {}; loser: {}",
            v["attacker_loss"], v["defender_loss"], v["loser"]
        );
        for k in [
            "losses",
            "fatigue",
            "morale",
            "retreats",
            "eliminated",
            "captured",
            "advanced",
        ] {
            let list = v[k].as_array().cloned().unwrap_or_default();
            if !list.is_empty() {
                println!("{k}:");
                for x in list {
                    println!("  {x}");
                }
            }
        }
    }
}
