//! Who may melee whom (§9.1): every restriction broken, by the seed's number, with the unit.

use super::Declaration;
use crate::rules::board::Board;
use crate::rules::hex::Facing;
use crate::rules::movement::{MoverClass, entry_blocked};
use crate::rules::refusal::Refusal;
use crate::rules::stacking::{StackLimit, hex_load};
use crate::rules::unit::{Formation, UnitId, UnitKind};

/// Every restriction `decl` breaks; empty when the melee is legal.
///
/// Long because it is the eight restrictions of §9.1 in their order, each a short block that adds
/// its refusals; one list is what the player is shown.
pub fn check(board: &Board, decl: &Declaration) -> Vec<Refusal> {
    let mut out = Vec::new();
    let mut v = |rule: u8, unit: Option<UnitId>, message: String| {
        out.push(Refusal::melee(rule, unit, message))
    };
    let d = decl.defending_hex;
    if !board.map.contains(d) {
        v(0, None, "the defending hex is off the map".into());
        return out;
    }
    if decl.attackers.is_empty() {
        v(0, None, "no unit is committed to the melee".into());
        return out;
    }
    let mut committed = Vec::new();
    for (i, id) in decl.attackers.iter().enumerate() {
        if decl.attackers[..i].contains(id) {
            v(0, Some(*id), format!("unit {id} is committed twice"));
            continue;
        }
        match board.unit(*id) {
            Some(u) => committed.push(u),
            None => v(0, Some(*id), format!("there is no unit {id}")),
        }
    }
    let Some(first) = committed.first() else {
        return out;
    };
    let side = first.side;
    let defenders: Vec<_> = board.units_at(d).collect();
    let bridge_target = defenders.is_empty() && board.map.bridge(d).is_some();
    if defenders.is_empty() && !bridge_target {
        v(0, None, "the defending hex holds no enemy unit".into());
    }
    if defenders.iter().any(|u| u.side == side) {
        v(0, None, "the defending hex holds friendly units".into());
    }
    if !committed.iter().any(|u| !u.is_leader()) {
        v(0, None, "leaders cannot melee alone".into());
    }
    // Isolation lets infantry melee mounted cavalry only under the Isolation Effects rule, as
    // it halves strengths only then.
    let isolated =
        |u: &crate::rules::unit::Unit| u.isolated && board.params.optional.isolation_effects;
    let cavalry_defends = defenders
        .iter()
        .any(|u| u.side != side && u.is_mounted_cavalry() && !isolated(u));
    let class_name = |u: &crate::rules::unit::Unit| format!("{} {}", u.kind.name(), u.name);

    for u in &committed {
        let who = class_name(u);
        if u.side != side {
            v(0, Some(u.id), format!("{who} is not on the attacking side"));
            continue;
        }
        if Facing::between(u.hex, d).is_none() {
            v(
                0,
                Some(u.id),
                format!("{who} is not adjacent to the defending hex"),
            );
            continue;
        }
        let mut states = Vec::new();
        if u.disrupted {
            states.push("Disrupted");
        }
        if u.is_fixed() {
            states.push("Fixed");
        }
        if u.routed {
            states.push("Routed");
        }
        if !states.is_empty() {
            v(
                1,
                Some(u.id),
                format!(
                    "Not in order: {who} is {} and cannot melee attack",
                    states.join(" and ")
                ),
            );
        }
        // Leaders have no front of their own to face with (our decision, D-lead-1).
        if !u.is_leader() && !u.front_hexes().contains(&d) {
            v(
                2,
                Some(u.id),
                format!("Facing away: {who} is not facing the defending hex"),
            );
        }
        let foot = u.kind == UnitKind::Infantry || u.is_dismounted_cavalry();
        if foot && cavalry_defends {
            v(
                3,
                Some(u.id),
                format!(
                    "Mounted cavalry there: {who} cannot melee attack non-Isolated mounted cavalry"
                ),
            );
        }
        if matches!(u.kind, UnitKind::Artillery | UnitKind::Supply) {
            v(
                4,
                Some(u.id),
                format!("Guns and wagons do not charge: {who} cannot melee attack"),
            );
        }
        if let Some(why) = entry_blocked(&board.map, &board.params, MoverClass::of(u), u.hex, d) {
            v(
                5,
                Some(u.id),
                format!(
                    "{}: {who} cannot attack {}",
                    why.headline(),
                    why.attack_words()
                ),
            );
        }
        if u.marks.meleed {
            v(
                6,
                Some(u.id),
                format!("Already attacked: {who} has already melee attacked this turn"),
            );
        }
        if u.kind == UnitKind::Cavalry && u.formation == Formation::Dismounting {
            v(
                8,
                Some(u.id),
                format!("Dismounting: {who} is Dismounting and cannot melee attack"),
            );
        }
    }
    let load = hex_load(committed.iter().copied(), &board.params);
    if let Some(over) = StackLimit::check(load, &board.params) {
        v(
            7,
            None,
            format!("Too many attackers: they exceed the defending hex's stacking limits: {over}"),
        );
    }
    // §17 D-cc-4: a unit out of command may not declare a melee attack.
    for u in committed.iter().filter(|u| !u.is_leader()) {
        if crate::rules::command::hampered(board, u) {
            out.push(Refusal::new(
                crate::rules::refusal::Reason::OutOfCommand,
                Some(u.id),
                format!(
                    "Out of command: {} {} is beyond its leaders' reach and cannot melee attack",
                    u.kind.name(),
                    u.name
                ),
            ));
        }
    }
    out
}

/// The units of `side` in `hex` that a drag from that hex commits against `defending_hex`:
/// every unit there that may melee it (artillery and wagons stay behind). If none may, all
/// but the artillery and wagons, so that the check says why.
pub fn committable(
    board: &Board,
    hex: crate::rules::hex::Hex,
    side: crate::rules::unit::Side,
    defending_hex: crate::rules::hex::Hex,
) -> Vec<UnitId> {
    use crate::rules::unit::UnitKind;
    let all: Vec<_> = board
        .units_at(hex)
        .filter(|u| u.side == side && !matches!(u.kind, UnitKind::Artillery | UnitKind::Supply))
        .collect();
    let may: Vec<_> = all
        .iter()
        .filter(|u| {
            let alone = Declaration {
                attackers: vec![u.id],
                defending_hex,
                follow_up: true,
            };
            check(board, &alone).iter().all(|v| v.unit != Some(u.id))
        })
        .collect();
    let chosen = if may.iter().any(|u| !u.is_leader()) {
        may
    } else {
        all.iter().collect()
    };
    chosen.into_iter().map(|u| u.id).collect()
}
