//! Fog of war (RULES.md §16): what each side sees of the enemy and knows of it, its last-seen
//! markers, the fire that gives a unit away, and `view`, the one function through which the
//! window, the aids, the computer and a server seat read the board as a side knows it.

pub use super::known::{Fog, LastSeen, Marker, Sighting, Strength};

use super::board::Board;
use super::hex::{Hex, distance};
use super::sight::look;
use super::unit::{Ammo, FatigueLevel, Quality, Side, Unit, UnitId};

/// Whether the game is played under Fog of War (Extreme Fog of War includes it).
pub fn on(board: &Board) -> bool {
    board.params.optional.fog()
}

/// How far a side sees now (D-fow-1): the Parameter Data's visibility by day, half of it in the
/// first day turn after dawn and the last before dusk, one hex at night.
pub fn visibility(board: &Board) -> u32 {
    let c = &board.params.clock;
    let time = board.minutes % (24 * 60);
    // Night by the clock as well as by the turn's flag (`scenario::is_night`'s hours).
    if board.night || time >= c.dusk || time < c.dawn {
        return 1;
    }
    let day = board.params.sight.visibility;
    let twilight = time < c.dawn + c.day_turn_minutes || time + c.day_turn_minutes >= c.dusk;
    if twilight { (day / 2).max(1) } else { day }
}

/// Whether `side` sees `hex` (D-fow-1): a unit of its own (leaders included) is next to it or
/// on it, or has line of sight to it within the visibility; facing does not matter.
pub fn sees(board: &Board, side: Side, hex: Hex) -> bool {
    let range = visibility(board);
    // A stack's units look along one line: a hex looked from in vain is not looked from again
    // (this runs for every enemy after every step of a mover).
    let mut blocked: Vec<Hex> = Vec::new();
    board.units.iter().filter(|u| u.side == side).any(|u| {
        let d = distance(u.hex, hex);
        if d <= 1 {
            return true;
        }
        if d > range || blocked.contains(&u.hex) {
            return false;
        }
        let clear = look(board, u.hex, hex).clear;
        if !clear {
            blocked.push(u.hex);
        }
        clear
    })
}

/// The enemy units `side` spots now: in a hex it sees, or given away by their fire (D-fow-4).
/// With the rule off, every enemy unit.
pub fn spotted(board: &Board, side: Side) -> Vec<UnitId> {
    let fog = on(board);
    let fired = &board.fog.fired[usize::from(side.0 & 1)];
    board
        .units
        .iter()
        .filter(|u| u.side != side)
        .filter(|u| !fog || fired.contains(&u.id) || sees(board, side, u.hex))
        .map(|u| u.id)
        .collect()
}

/// Looks again for both sides after an order or a mover's step (D-fow-1): units that passed
/// out of sight leave a last-seen marker where they were last seen (D-fow-3); a marker goes when
/// its hex is seen again (after a look that did not see it) or its unit is spotted elsewhere.
pub fn look_again(board: &mut Board) {
    if !on(board) {
        return;
    }
    for side in [Side(0), Side(1)] {
        let k = usize::from(side.0);
        let now: Vec<Sighting> = spotted(board, side)
            .into_iter()
            .filter_map(|id| board.unit(id))
            .map(|u| Sighting {
                unit: u.id,
                hex: u.hex,
                kind: u.kind,
            })
            .collect();
        let gone: Vec<Marker> = board.fog.spotted[k]
            .iter()
            .filter(|was| !now.iter().any(|s| s.unit == was.unit))
            // A unit destroyed in sight is not looked for.
            .filter(|was| board.unit(was.unit).is_some())
            .map(|was| Marker {
                unit: was.unit,
                seen: LastSeen {
                    hex: was.hex,
                    kind: was.kind,
                    turn: board.turn,
                    minutes: board.minutes,
                },
                hex_in_sight: sees(board, side, was.hex),
            })
            .collect();
        let mut markers = std::mem::take(&mut board.fog.markers[k]);
        markers.retain_mut(|m| {
            let in_sight = sees(board, side, m.seen.hex);
            let seen_again = in_sight && !m.hex_in_sight;
            m.hex_in_sight = in_sight;
            // (A unit that leaves sight now was in sight at the last look, which took its old
            // marker away: `gone` never repeats one.)
            !seen_again && !now.iter().any(|s| s.unit == m.unit)
        });
        markers.extend(gone);
        board.fog.markers[k] = markers;
        // What it sees of the enemy's strength now; a unit it saw and that is gone from the
        // board was destroyed in its sight.
        let extreme = board.params.optional.extreme_fog_of_war;
        let mut strengths = std::mem::take(&mut board.fog.strengths[k]);
        let destroyed = board.fog.spotted[k]
            .iter()
            .filter(|was| board.unit(was.unit).is_none())
            .map(|was| Strength {
                unit: was.unit,
                men: 0,
                guns: 0,
                destroyed: true,
            });
        let seen = now.iter().filter_map(|s| board.unit(s.unit)).map(|u| {
            let (men, guns) = if extreme {
                (round_to(u.men, 50), round_to(u.guns, 2))
            } else {
                (u.men, u.guns)
            };
            Strength {
                unit: u.id,
                men,
                guns,
                destroyed: false,
            }
        });
        for st in destroyed.chain(seen) {
            strengths.retain(|s| s.unit != st.unit);
            strengths.push(st);
        }
        board.fog.strengths[k] = strengths;
        board.fog.spotted[k] = now;
    }
}

/// A unit fired (D-fow-4): the side it fired at sees it until the side turn ends.
pub fn gives_away(board: &mut Board, firer: UnitId) {
    if !on(board) {
        return;
    }
    let Some(side) = board.unit(firer).map(|u| u.side) else {
        return;
    };
    let at = side.enemy();
    let fired = &mut board.fog.fired[usize::from(at.0 & 1)];
    if !fired.contains(&firer) {
        fired.push(firer);
    }
}

/// The side turn ended: fire no longer gives units away, and both sides look again.
pub fn side_turn_ended(board: &mut Board) {
    board.fog.fired = Default::default();
    look_again(board);
}

/// The board as a side knows it (D-fow-6), with its last-seen markers.
#[derive(Debug, Clone)]
pub struct View {
    pub side: Side,
    /// Its own units in full, the spotted enemy as D-fow-2 allows, no unseen enemy; the other
    /// side's reinforcements and declarations left out.
    pub board: Board,
    pub last_seen: Vec<LastSeen>,
    /// Extreme Fog of War: the enemy's strengths are estimates ("about 400").
    pub estimates: bool,
}

/// The side's view (D-fow-6): the one function the window, the aids, the odds, the computer
/// opponent and a server seat read the board through. With fog off it is the whole board.
pub fn view(board: &Board, side: Side) -> View {
    if !on(board) {
        return View {
            side,
            ..whole(board)
        };
    }
    let mut b = board.clone();
    let extreme = board.params.optional.extreme_fog_of_war;
    let seen = spotted(board, side);
    b.units.retain(|u| u.side == side || seen.contains(&u.id));
    for u in b.units.iter_mut().filter(|u| u.side != side) {
        if extreme {
            estimate(u);
        } else {
            known(u);
        }
    }
    b.reinforcements.retain(|r| r.unit.side == side);
    b.fallen.retain(|f| f.leader.side == side);
    b.pending.retain(|d| {
        d.attackers
            .iter()
            .all(|id| board.unit(*id).is_some_and(|u| u.side == side))
    });
    let present = |id: &UnitId| b.units.iter().any(|u| u.id == *id);
    let losers: Vec<UnitId> = b.phase_losers.iter().copied().filter(present).collect();
    b.phase_losers = losers;
    let last_seen = board.fog.markers[usize::from(side.0 & 1)]
        .iter()
        .map(|m| m.seen)
        .collect();
    b.fog = Fog::default();
    View {
        side,
        board: b,
        last_seen,
        estimates: extreme,
    }
}

/// The board a server seat is sent (D-fow-8): the side's view, with what the side keeps in
/// memory — its last-seen markers, the enemy it spotted and that gave itself away by fire, the
/// enemy's strengths as it last saw them (D-fow-7) — and nothing of the other side's. A marker's
/// unit is the truth's alone (its id would say which unit went where): the seat's markers stand
/// for no unit. `view` of this board for the same side is `view` of the truth.
pub fn seat_board(board: &Board, side: Side) -> Board {
    // A game over is published whole (D-fow-7, D-fow-8).
    if board.over {
        return board.clone();
    }
    let mut b = view(board, side).board;
    if on(board) {
        b.fog = board.fog.known_to(side);
    }
    b
}

/// The part of a path that `side` sees (D-fow-6: an enemy move is told only along it), in order.
pub fn seen_part(board: &Board, side: Side, path: &[Hex]) -> Vec<Hex> {
    path.iter()
        .copied()
        .filter(|h| sees(board, side, *h))
        .collect()
}

/// The whole board as a view, for a spectator and for the end of the game (D-fow-7: the full
/// figure is shown at the end).
pub fn whole(board: &Board) -> View {
    View {
        side: board.ordering_side(),
        board: board.clone(),
        last_seen: Vec::new(),
        estimates: false,
    }
}

/// A spotted enemy under Fog of War (D-fow-2): all it shows, its fatigue as its level only
/// (the level's lowest value).
fn known(u: &mut Unit) {
    u.fatigue = level_floor(FatigueLevel::of(u.fatigue));
    u.marks.fire_losses = 0;
    // D-cc-6: its command mark and what a successor took over are not the side's to see.
    u.out_of_command = false;
    u.commands = None;
}

fn level_floor(l: FatigueLevel) -> u32 {
    match l {
        FatigueLevel::Low => 0,
        FatigueLevel::Medium => 300,
        FatigueLevel::High => 600,
        FatigueLevel::Maximum => 900,
    }
}

/// A spotted enemy under Extreme Fog of War (D-fow-2): its kind, formation and facing, its men
/// to the nearest 50 and its guns to the nearest 2; the rest as for an unknown average unit.
fn estimate(u: &mut Unit) {
    u.men = round_to(u.men, 50);
    u.guns = round_to(u.guns, 2);
    u.name = format!("unknown {}", u.kind.name());
    u.brigade = String::new();
    u.quality = Quality::C;
    u.fatigue = 0;
    u.disrupted = false;
    u.routed = false;
    u.ammo = Ammo::Normal;
    u.marks = Default::default();
    u.out_of_command = false;
    u.commands = None;
}

/// `n` to the nearest multiple of `step` (halves up); never 0 for a unit that has any.
pub fn round_to(n: u32, step: u32) -> u32 {
    if n == 0 {
        return 0;
    }
    (((n + step / 2) / step) * step).max(step)
}
