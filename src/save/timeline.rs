//! A game's history as a timeline, for replays: the state after any order of the log, rebuilt
//! exactly from the scenario, the seed and the orders, starting from the nearest snapshot kept
//! on the way (at every side turn's start, and at least every `SPACING` orders), so that a jump
//! anywhere replays only a few orders.

use std::sync::Arc;

use crate::rules::event::Event;
use crate::rules::game::Game;
use crate::rules::order::Order;
use crate::rules::scenario::LoadError;
use crate::rules::scenario::Scenario;
use crate::rules::unit::Side;
use crate::save::{self, SaveGame, Snapshot};

/// At most this many orders lie between two snapshots.
pub const SPACING: usize = 16;

/// Where a side turn began in the log: before order `order`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TurnMark {
    pub order: usize,
    pub turn: u32,
    pub side: Side,
}

/// The whole history of one game.
#[derive(Clone)]
pub struct Timeline {
    pub scenario: Arc<Scenario>,
    pub seed: u64,
    pub orders: Vec<Order>,
    /// The state before order `k` (after `k` orders), for each kept `k`, in order.
    snapshots: Vec<(usize, Snapshot)>,
    /// Every side turn's start, in order (the game's first included).
    pub turns: Vec<TurnMark>,
}

impl Timeline {
    /// Replays `orders` on `scenario` with `seed` once, through the interpreter, keeping the
    /// snapshots.
    pub fn build(scenario: Scenario, seed: u64, orders: Vec<Order>) -> Timeline {
        let scenario = Arc::new(scenario);
        let mut game = Game::new(scenario.clone(), Some(seed)).replaying();
        let first = game.board.turn_state();
        let mut turns = vec![TurnMark {
            order: 0,
            turn: first.turn,
            side: first.side,
        }];
        let mut snapshots = vec![(0, game.snapshot())];
        for (i, o) in orders.iter().enumerate() {
            let n = i + 1;
            let began: Vec<TurnMark> = match game.give(o) {
                Ok(c) => c
                    .events
                    .iter()
                    .filter_map(|e| match e {
                        Event::TurnBegan(t) => Some(TurnMark {
                            order: n,
                            turn: t.turn,
                            side: t.side,
                        }),
                        _ => None,
                    })
                    .collect(),
                Err(_) => Vec::new(),
            };
            let far = n - snapshots.last().map_or(0, |(k, _)| *k) >= SPACING;
            if !began.is_empty() || far {
                snapshots.push((n, game.snapshot()));
            }
            turns.extend(began);
        }
        // And the end, where a jump to it is most often asked for.
        if snapshots.last().map(|(k, _)| *k) != Some(orders.len()) {
            snapshots.push((orders.len(), game.snapshot()));
        }
        Timeline {
            scenario,
            seed,
            orders,
            snapshots,
            turns,
        }
    }

    /// A timeline known by its states rather than rebuilt from the dice (what a server sends a
    /// seat: the state before each order and after the last). `None` unless there is one state
    /// more than there are orders.
    pub fn of_states(
        scenario: Scenario,
        orders: Vec<Order>,
        states: Vec<Snapshot>,
    ) -> Option<Timeline> {
        if states.len() != orders.len() + 1 {
            return None;
        }
        let mut turns: Vec<TurnMark> = Vec::new();
        for (k, s) in states.iter().enumerate() {
            let m = TurnMark {
                order: k,
                turn: s.turn,
                side: s.acting,
            };
            // The game's end begins no turn.
            let new = turns
                .last()
                .is_none_or(|t| t.turn != m.turn || t.side != m.side);
            if new && !s.over {
                turns.push(m);
            }
        }
        Some(Timeline {
            scenario: Arc::new(scenario),
            seed: 0,
            orders,
            snapshots: states.into_iter().enumerate().collect(),
            turns,
        })
    }

    /// The timeline of a saved game.
    pub fn of_save(s: &SaveGame) -> Result<Timeline, LoadError> {
        let scenario = save::scenario_of(s)?;
        Ok(Timeline::build(scenario, s.seed, s.orders.clone()))
    }

    /// How many orders the game has.
    pub fn len(&self) -> usize {
        self.orders.len()
    }

    pub fn is_empty(&self) -> bool {
        self.orders.is_empty()
    }

    /// How many snapshots are kept.
    pub fn snapshots(&self) -> usize {
        self.snapshots.len()
    }

    /// After how many orders each snapshot was kept, in order.
    pub fn snapshot_places(&self) -> Vec<usize> {
        self.snapshots.iter().map(|(k, _)| *k).collect()
    }

    /// The state after the first `n` orders (the whole game for `n` past its end): the nearest
    /// snapshot at or before `n`, and the orders from there replayed.
    pub fn state_at(&self, n: usize) -> Snapshot {
        let n = n.min(self.orders.len());
        let at = self.snapshots.partition_point(|(k, _)| *k <= n);
        let (k, snap) = &self.snapshots[at.saturating_sub(1)];
        if *k == n {
            return snap.clone();
        }
        let mut game = Game::new(self.scenario.clone(), Some(self.seed)).replaying();
        game.restore(snap, &self.orders[..*k]);
        for o in &self.orders[*k..n] {
            let _ = game.give(o);
        }
        game.snapshot()
    }

    /// The states after orders `from` to `to` as `side` knew them (RULES.md §16 D-fow-8): what
    /// a server seat is sent of a replay. One simulation turns them all into boards.
    pub fn states_as_seen(&self, from: usize, to: usize, side: Side) -> Vec<Snapshot> {
        let mut game = None;
        (from..=to)
            .map(|n| {
                let snap = self.state_at(n);
                if !snap.params.optional.fog() {
                    return snap;
                }
                let game =
                    game.get_or_insert_with(|| Game::new(self.scenario.clone(), Some(self.seed)));
                game.restore(&snap, &[]);
                let dice = snap.dice().unwrap_or(0);
                Snapshot::of(&crate::rules::fog::seat_board(&game.board, side), dice)
            })
            .collect()
    }

    /// The side turn under way after `n` orders.
    pub fn turn_at(&self, n: usize) -> TurnMark {
        let at = self.turns.partition_point(|t| t.order <= n);
        self.turns[at.saturating_sub(1)]
    }

    /// Where side turn `turn` of `side` began, if the game got there.
    pub fn start_of(&self, turn: u32, side: Side) -> Option<usize> {
        self.turns
            .iter()
            .find(|t| t.turn == turn && t.side == side)
            .map(|t| t.order)
    }
}
