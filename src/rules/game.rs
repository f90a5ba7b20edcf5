//! The one interpreter of the rules: an order is checked as its side sees it, then applied by
//! one `match` that calls each concern's rules, and what it caused comes back as events in the
//! order they happened. The window's concern systems, the referee server, the command line,
//! replays and the computer's look-ahead all give orders here; nothing else applies one.

use std::sync::Arc;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::board::{Board, Phase};
use super::event::*;
use super::melee::{self, Resolved};
use super::order::{self, Order};
use super::refusal::Refusal;
use super::scenario::Scenario;
use super::snapshot::Snapshot;
use super::undo::Undo;
use super::unit::UnitId;
use super::{
    advance, bridge, capture, facing, fire, fog, formation, movement, opportunity, turn, victory,
};

/// An order carried out: the order as it was carried out (a move under fog may stop short of
/// where it was sent) and the events it caused, in order.
#[derive(Debug, Clone, PartialEq)]
pub struct Carried {
    pub order: Order,
    pub events: Vec<Event>,
}

/// The answer to `order` as the interpreter gave it: the refusal, or the order done (as it was
/// carried out) and then its events (an Undo, which leaves the log, is told by its event
/// alone).
pub fn answer(order: &Order, given: Result<Carried, Vec<Refusal>>) -> Vec<Outcome> {
    match given {
        Err(reasons) => vec![Outcome::Rejected(OrderRejected {
            order: order.clone(),
            reasons,
        })],
        Ok(c) => {
            let done =
                (c.order != Order::Undo).then(|| Outcome::Done(OrderDone { order: c.order }));
            done.into_iter()
                .chain(c.events.into_iter().map(Outcome::Happened))
                .collect()
        }
    }
}

/// A game's changing parts, borrowed from wherever they are kept (a `Game`, or the window's
/// resources), for one order.
pub struct Parts<'a> {
    pub board: &'a mut Board,
    pub dice: &'a mut ChaCha8Rng,
    /// Every order carried out, in order.
    pub log: &'a mut Vec<Order>,
    pub undo: &'a mut Undo,
    /// The scenario as it began: victory is counted against it, and units gone from the board
    /// are named from it.
    pub start: &'a Scenario,
}

impl Parts<'_> {
    /// Gives the game an order: the refusals (in words that name nothing the ordering side has
    /// not seen, D-fow-8), or the order carried out with its events.
    pub fn give(&mut self, order: &Order) -> Result<Carried, Vec<Refusal>> {
        if *order == Order::Undo {
            return self.take_back();
        }
        let o = order::as_the_side_sees(self.board, self.board.ordering_side(), order)?;
        let dice = self.dice.get_word_pos();
        self.undo.before(self.board, dice, &o, self.log.len());
        let events = self.apply(&o).map_err(|why| vec![why])?;
        self.log.push(o.clone());
        // A melee's retreats and advances, a turn's arrivals: both sides look again (a mover
        // has looked after every hex it entered).
        if fog::on(self.board) {
            fog::look_again(self.board);
        }
        let names = names(self.start, self.board);
        self.undo
            .after(self.board, self.dice.get_word_pos(), &o, &names);
        Ok(Carried { order: o, events })
    }

    /// The step being made is complete (the window's frame is over): kept for an undo, or
    /// closing the history.
    pub fn seal(&mut self) {
        let names = names(self.start, self.board);
        self.undo.seal(self.board, self.dice.get_word_pos(), &names);
    }

    fn take_back(&mut self) -> Result<Carried, Vec<Refusal>> {
        order::check(self.board, &Order::Undo)?;
        let step = self.undo.history.pop()?;
        step.before.restore(self.board);
        if let Some(pos) = step.before.dice() {
            self.dice.set_word_pos(pos);
        }
        self.log.truncate(step.log_len);
        Ok(Carried {
            order: Order::Undo,
            events: vec![Event::Undone(Undone { what: step.what })],
        })
    }

    /// The one `match` over the orders: each concern's rules, in plain Rust.
    fn apply(&mut self, o: &Order) -> Result<Vec<Event>, Refusal> {
        let first = |r: Vec<Refusal>| {
            r.into_iter().next().unwrap_or_else(|| {
                Refusal::new(super::refusal::Reason::CannotAct, o.unit(), "refused")
            })
        };
        let board = &mut *self.board;
        let mut events = Vec::new();
        match o {
            Order::SetParameters { params } => {
                board.params = (**params).clone();
                board.night = super::scenario::is_night(board.minutes, &board.params);
            }
            Order::Face { unit, facing: to } => {
                facing::apply(board, *unit, *to)?;
            }
            Order::Formation {
                unit,
                formation: to,
            } => {
                formation::apply(board, *unit, *to)?;
            }
            Order::Move { unit, to, path } => {
                let path = order::move_path(board, *unit, *to, path.as_deref()).map_err(first)?;
                // Under Phased Play the other side fires in its own phase, not at movers
                // (D-phase-1).
                let (moved, opportunity_fire) = if board.phased() {
                    (movement::apply_move(board, *unit, &path)?, Vec::new())
                } else {
                    opportunity::move_under_fire(board, *unit, &path, self.dice)?
                };
                events.push(Event::Moved(UnitMoved {
                    moved,
                    opportunity_fire,
                }));
            }
            Order::Fire { unit, at } => {
                let target = order::place(board, *at).map_err(first)?;
                // The other side's fire in the defensive fire phase of Phased Play fires as
                // opportunity fire does.
                let defensive = board.defensive_fire_phase();
                let f = fire::fire(board, *unit, target, defensive, 1.0, self.dice)?;
                events.push(Event::Fired(Fired(f)));
            }
            Order::Spike { battery, by } => capture::spike(board, *battery, *by)?,
            Order::Recrew { battery, by } => capture::recrew(board, *battery, *by)?,
            Order::RepairBridge { unit, at } => {
                let h = order::place(board, *at).map_err(first)?;
                bridge::repair(board, *unit, h)?;
            }
            Order::Melee { .. } => {
                let (d, slot) = super::planning::declared(board, o).map_err(first)?;
                events.push(declare(board, d, slot));
            }
            Order::DamageBridge { units, at } => {
                let (d, slot) = order::declaration(board, &[], units, *at).map_err(first)?;
                events.push(declare(board, d, slot));
            }
            Order::CancelMelee { at } => {
                let h = order::place(board, *at).map_err(first)?;
                board.pending.retain(|p| p.defending_hex != h);
                events.push(Event::MeleeCancelled(MeleeCancelled { defending_hex: h }));
            }
            Order::Advance { unit, to } => {
                let h = to.hex(board);
                advance::advance(board, *unit, h)?;
                events.push(Event::Advanced(Advanced { unit: *unit, to: h }));
            }
            Order::Resolve => resolve_pending(board, self.dice, &mut events),
            Order::EndPhase => {
                // Phased Play: on to the next phase of the same side turn.
                if let Some(next) = board.phase.next() {
                    board.phase = next;
                    events.push(Event::PhaseBegan(PhaseBegan {
                        phase: next,
                        side: board.ordering_side(),
                    }));
                }
            }
            Order::EndTurn => {
                resolve_pending(board, self.dice, &mut events);
                end_of_phase(board, self.dice, &mut events);
                events.extend(next_turn(board, self.start, self.dice));
            }
            Order::Undo => {}
        }
        Ok(events)
    }
}

/// A melee declared (new, or joining the one pending on its hex), with its figures as they
/// stand.
fn declare(board: &mut Board, decl: melee::Declaration, slot: Option<usize>) -> Event {
    let system = melee::system(&board.params);
    let breakdown = system.breakdown(board, &decl);
    let odds = breakdown.odds();
    super::planning::pend(board, decl.clone(), slot);
    Event::MeleeDeclared(MeleeDeclared {
        declaration: decl,
        breakdown,
        odds,
    })
}

/// Resolves the pending melees one after another, in declaration order, through the one melee
/// pipeline; their losing defenders wait for the end of the phase. Each is taken off the list
/// as it starts, so that a result may change those still waiting (a beaten Bodenstedt sector
/// leaves its other melees, D-bod-10). A melee is told as it was fought: the defenders' fire,
/// the result, then its retreats, captured guns and advances.
fn resolve_pending(board: &mut Board, rng: &mut ChaCha8Rng, events: &mut Vec<Event>) {
    let mut seq = 0;
    while !board.pending.is_empty() {
        let decl = board.pending.remove(0);
        let (resolved, first_retreat) = melee::resolve_steps(board, &decl, rng);
        match resolved {
            Resolved::CalledOff(off) => {
                events.extend(
                    off.defensive_fire
                        .iter()
                        .cloned()
                        .map(|f| Event::Fired(Fired(f))),
                );
                events.push(Event::MeleeCalledOff(MeleeCalledOff {
                    seq,
                    declaration: off.declaration,
                    reasons: off.reasons,
                    defensive_fire: off.defensive_fire,
                }));
            }
            Resolved::Fought(out) => {
                events.extend(
                    out.defensive_fire
                        .iter()
                        .cloned()
                        .map(|f| Event::Fired(Fired(f))),
                );
                let retreats = out.retreats[first_retreat.min(out.retreats.len())..].to_vec();
                let captured: Vec<Event> = out
                    .captured
                    .iter()
                    .filter_map(|&battery| {
                        let by = board.unit(battery)?.side;
                        Some(Event::GunsCaptured(GunsCaptured { battery, by }))
                    })
                    .collect();
                let to = out.declaration.defending_hex;
                let advanced: Vec<Event> = out
                    .advanced
                    .iter()
                    .map(|&unit| Event::Advanced(Advanced { unit, to }))
                    .collect();
                if out.loser == Some(melee::MeleeSide::Defender) {
                    for id in &out.end_of_phase_checks {
                        // A defender that loses twice still checks once.
                        if !board.phase_losers.contains(id) {
                            board.phase_losers.push(*id);
                        }
                    }
                }
                events.push(Event::MeleeResolved(MeleeResolved(*out)));
                events.extend(retreats.into_iter().map(|r| Event::Retreated(Retreated(r))));
                events.extend(captured);
                events.extend(advanced);
            }
        }
        seq += 1;
    }
}

/// The end of the acting side's phase, with its turn (§1, §9.4): the defenders that lost a
/// melee check morale, and the retreated marks (÷2 if meleed again) lapse.
fn end_of_phase(board: &mut Board, rng: &mut ChaCha8Rng, events: &mut Vec<Event>) {
    let losers = std::mem::take(&mut board.phase_losers);
    let (checks, routs) = melee::end_of_phase(board, &losers, rng);
    for u in board.units.iter_mut().filter(|u| u.marks.retreated) {
        u.marks.retreated = false;
    }
    if !checks.is_empty() {
        events.push(Event::PhaseMoraleChecked(PhaseMoraleChecked {
            checks,
            routs,
        }));
    }
}

/// The turn passes to the other side; the clock moves on once both have played, and the game
/// ends with its victory level after the last turn; else the new side's turn starts.
fn next_turn(board: &mut Board, start: &Scenario, rng: &mut ChaCha8Rng) -> Option<Event> {
    board.phase = Phase::Movement;
    board.acting = board.acting.enemy();
    if board.acting == board.first_side {
        (board.minutes, board.night) = turn::turn_later(board.minutes, board.night, &board.params);
        if board.turn >= board.last_turn {
            board.over = true;
            return Some(Event::GameEnded(GameEnded(victory::report(start, board))));
        }
        board.turn += 1;
    }
    let (side, t) = (board.acting, board.turn);
    let begun = turn::start_of_turn(board, side, t, rng);
    // §16 D-fow-4: fire gives a unit away until the side turn ends.
    fog::side_turn_ended(board);
    Some(Event::TurnBegan(TurnBegan {
        turn: t,
        side,
        clock: board.clock(),
        start: begun,
    }))
}

/// Units by name, as the player knows them (one gone from the board by its scenario name).
/// Looked up only when an order is put in words (an undo step, what closed the history), not
/// built for every order.
fn names<'a>(start: &'a Scenario, board: &'a Board) -> impl Fn(UnitId) -> String + 'a {
    move |id| {
        board
            .unit(id)
            .or_else(|| start.units.iter().find(|u| u.id == id))
            .or_else(|| {
                start
                    .reinforcements
                    .iter()
                    .map(|r| &r.unit)
                    .find(|u| u.id == id)
            })
            .map_or_else(|| id.to_string(), |u| u.name.clone())
    }
}

/// A game as a plain value: the board, the dice, the order log and the undo history, beside
/// the scenario it began from (shared: many games of one scenario hold one copy).
#[derive(Debug, Clone)]
pub struct Game {
    pub board: Board,
    pub dice: ChaCha8Rng,
    /// The seed the dice started from.
    pub seed: u64,
    pub log: Vec<Order>,
    pub undo: Undo,
    pub start: Arc<Scenario>,
}

impl Game {
    /// A game at the scenario's start, the dice seeded with `seed` (else the scenario's).
    pub fn new(start: impl Into<Arc<Scenario>>, seed: Option<u64>) -> Game {
        let start = start.into();
        let seed = seed.unwrap_or(start.seed);
        let board = start.board();
        Game {
            board,
            dice: ChaCha8Rng::seed_from_u64(seed),
            seed,
            log: Vec::new(),
            undo: Undo::default(),
            start,
        }
    }

    /// The game replaying orders nobody will take back (a replay, the computer against itself):
    /// no undo history is kept.
    pub fn replaying(mut self) -> Game {
        self.undo = Undo::off();
        self
    }

    /// The game played in a window: a frame's orders (a brigade's moves) make one undo step.
    pub fn grouped(mut self) -> Game {
        self.undo = Undo::grouped();
        self
    }

    /// The parts an order changes.
    pub fn parts(&mut self) -> Parts<'_> {
        Parts {
            board: &mut self.board,
            dice: &mut self.dice,
            log: &mut self.log,
            undo: &mut self.undo,
            start: &self.start,
        }
    }

    /// Gives the game an order (`Parts::give`).
    pub fn give(&mut self, order: &Order) -> Result<Carried, Vec<Refusal>> {
        self.parts().give(order)
    }

    /// The game's state now, with the dice.
    pub fn snapshot(&self) -> Snapshot {
        Snapshot::of(&self.board, self.dice.get_word_pos())
    }

    /// The game becomes `snap`, with `log` as its orders so far; its undo history starts
    /// again.
    pub fn restore(&mut self, snap: &Snapshot, log: &[Order]) {
        snap.restore(&mut self.board);
        if let Some(pos) = snap.dice() {
            self.dice.set_word_pos(pos);
        }
        self.log = log.to_vec();
        self.undo = self.undo.fresh();
        self.undo.history.close("a game was loaded");
    }
}
