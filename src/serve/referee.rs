//! The referee: each game held as a plain value of the one interpreter (`rules::game`, the same
//! one `bayonet run` plays), its orders checked and applied one at a time, the result committed
//! before it is answered. Games live on a few worker threads, each a single-threaded runtime
//! where a game waits for its commit without holding up the others.

use std::collections::HashMap;
use std::sync::Arc;

use tokio::sync::{mpsc, oneshot};

use super::db::{self, Commit, Committed, GameRow, OrderRow, Store};
use crate::dispatch::Problem;
use crate::rules::event::Outcome;
use crate::rules::order::Order;
use crate::rules::unit::Side;

/// Why a request was not answered: its kind (which gives its HTTP status) and words for the
/// player.
#[derive(Debug, Clone)]
pub struct Refused {
    pub problem: Problem,
    pub reason: String,
    pub outcomes: Vec<Outcome>,
}

impl Refused {
    pub fn new(problem: Problem, reason: impl Into<String>) -> Refused {
        Refused {
            problem,
            reason: reason.into(),
            outcomes: Vec::new(),
        }
    }
}

/// An accepted, committed order, and the game after it.
#[derive(Debug, Clone)]
pub struct Applied {
    pub row: OrderRow,
    pub game: GameRow,
    /// The board as the seat's side knows it (a `Snapshot` in RON), where it was asked for.
    pub board: Option<String>,
}

/// The turn summary a state shows (JSON).
pub fn turn_json(t: &crate::rules::board::TurnState) -> String {
    serde_json::to_string(&crate::dispatch::TurnSummary::of(t)).unwrap_or_default()
}

/// What a job asks of a game's table.
#[derive(Debug, Clone)]
enum Task {
    /// Check and apply an order.
    Order(Order),
    /// Only make the game's table ready (a new game's first order then waits for no simulation
    /// to be built).
    Warm,
    /// The board as the seat's side knows it now.
    Look,
}

struct Job {
    game: String,
    side: u8,
    /// The seat on the side (a team game's; 0 otherwise).
    seat: u8,
    task: Task,
    /// Whether the answer carries the board as the seat's side knows it.
    with_board: bool,
    after: Option<i64>,
    /// Given by the server itself (a new game's chosen rules), not by a seat.
    by_server: bool,
    reply: oneshot::Sender<Result<Applied, Refused>>,
}

/// Hands orders to the worker that holds their game.
#[derive(Clone)]
pub struct Referee {
    workers: Arc<Vec<mpsc::UnboundedSender<Job>>>,
    resident: Arc<std::sync::atomic::AtomicUsize>,
}

/// A commit waiting for the next group commit.
type Pending = (Commit, oneshot::Sender<Result<Committed, super::NotSaved>>);

impl Referee {
    /// `idle`: how long a game's simulation stays in memory without an order (it is rebuilt
    /// from the database when the next one comes).
    pub fn start(
        store: Store,
        workers: usize,
        idle: std::time::Duration,
        on_commit: Arc<dyn Fn(&Commit) + Send + Sync>,
    ) -> Referee {
        let (commits, rx) = mpsc::unbounded_channel::<Pending>();
        let resident = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        tokio::spawn(group_commit(store.clone(), rx, on_commit));
        let workers = (0..workers.max(1))
            .map(|i| {
                let (tx, rx) = mpsc::unbounded_channel();
                let store = store.clone();
                let commits = commits.clone();
                let resident = resident.clone();
                std::thread::Builder::new()
                    .name(format!("referee-{i}"))
                    .spawn(move || worker(store, commits, idle, resident, rx))
                    .expect("a referee thread");
                tx
            })
            .collect();
        Referee {
            workers: Arc::new(workers),
            resident,
        }
    }

    /// How many games' simulations are in memory now.
    pub fn resident(&self) -> usize {
        self.resident.load(std::sync::atomic::Ordering::SeqCst)
    }

    /// Checks and applies `order` for the seat of `side` in `game`, committed before the answer.
    /// With `with_board`, the answer carries the board as the seat's side knows it after.
    pub async fn order(
        &self,
        game: &str,
        side: u8,
        seat: u8,
        order: Order,
        after: Option<i64>,
        with_board: bool,
    ) -> Result<Applied, Refused> {
        self.give(
            game,
            (side, seat),
            Task::Order(order),
            after,
            false,
            with_board,
        )
        .await
    }

    /// A new game's chosen rules, given by the server as the game's first order.
    pub async fn set_rules(&self, game: &str, side: u8, order: Order) -> Result<Applied, Refused> {
        self.give(game, (side, 0), Task::Order(order), Some(0), true, false)
            .await
    }

    /// The game now and the board as the seat of `side` knows it (RULES.md §16 D-fow-8): only
    /// the referee, which holds the game, works it out; the database keeps the truth.
    pub async fn look(&self, game: &str, side: u8) -> Result<(GameRow, String), Refused> {
        let a = self
            .give(game, (side, 0), Task::Look, None, false, true)
            .await?;
        Ok((a.game, a.board.unwrap_or_default()))
    }

    async fn give(
        &self,
        game: &str,
        side: (u8, u8),
        task: Task,
        after: Option<i64>,
        by_server: bool,
        with_board: bool,
    ) -> Result<Applied, Refused> {
        let unavailable = || Refused::new(Problem::Unavailable, "the referee is shutting down");
        self.send(game, side, task, after, by_server, with_board)
            .map_err(|_| unavailable())?
            .await
            .map_err(|_| unavailable())?
    }

    /// Builds a game's simulation ahead of its first order; does not wait for it.
    pub fn warm(&self, game: &str) {
        let _ = self.send(game, (0, 0), Task::Warm, None, false, false);
    }

    fn send(
        &self,
        game: &str,
        (side, seat): (u8, u8),
        task: Task,
        after: Option<i64>,
        by_server: bool,
        with_board: bool,
    ) -> Result<oneshot::Receiver<Result<Applied, Refused>>, ()> {
        let (reply, answer) = oneshot::channel();
        let n = game
            .bytes()
            .fold(0usize, |h, b| h.wrapping_mul(31).wrapping_add(b as usize));
        let job = Job {
            game: game.to_owned(),
            side,
            seat,
            task,
            with_board,
            after,
            by_server,
            reply,
        };
        self.workers[n % self.workers.len()]
            .send(job)
            .map_err(|_| ())?;
        Ok(answer)
    }
}

/// Commits whatever orders are waiting in one transaction; an order that cannot go with the
/// others (another server took its place) is tried alone, so only it is refused.
async fn group_commit(
    store: Store,
    mut rx: mpsc::UnboundedReceiver<Pending>,
    on_commit: Arc<dyn Fn(&Commit) + Send + Sync>,
) {
    while let Some(first) = rx.recv().await {
        let mut batch = vec![first];
        while batch.len() < 256 {
            match rx.try_recv() {
                Ok(p) => batch.push(p),
                Err(_) => break,
            }
        }
        let commits: Vec<Commit> = batch.iter().map(|(c, _)| c.clone()).collect();
        let together = store.commit(&commits).await;
        if matches!(together, Ok(Committed::Kept)) {
            for (c, reply) in batch {
                on_commit(&c);
                let _ = reply.send(Ok(Committed::Kept));
            }
            continue;
        }
        for (c, reply) in batch {
            let alone = if commits.len() == 1 {
                together
                    .as_ref()
                    .map(|b| *b)
                    .map_err(|e| super::NotSaved(e.to_string()))
            } else {
                store
                    .commit(std::slice::from_ref(&c))
                    .await
                    .map_err(|e| super::NotSaved(e.to_string()))
            };
            if alone == Ok(Committed::Kept) {
                on_commit(&c);
            }
            let _ = reply.send(alone);
        }
    }
}

fn worker(
    store: Store,
    commits: mpsc::UnboundedSender<Pending>,
    idle: std::time::Duration,
    resident: Arc<std::sync::atomic::AtomicUsize>,
    mut jobs: mpsc::UnboundedReceiver<Job>,
) {
    let Ok(rt) = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    else {
        return;
    };
    let local = tokio::task::LocalSet::new();
    local.block_on(&rt, async move {
        let mut games: HashMap<String, mpsc::UnboundedSender<Job>> = HashMap::new();
        while let Some(job) = jobs.recv().await {
            let tx = games.entry(job.game.clone()).or_insert_with(|| {
                let (tx, rx) = mpsc::unbounded_channel();
                tokio::task::spawn_local(game_task(
                    job.game.clone(),
                    store.clone(),
                    commits.clone(),
                    idle,
                    resident.clone(),
                    rx,
                ));
                tx
            });
            if let Err(mpsc::error::SendError(job)) = tx.send(job) {
                let _ = job.reply.send(Err(Refused::new(
                    Problem::Unavailable,
                    "the game's referee stopped; try again",
                )));
                games.remove(&job.game);
            }
        }
    });
}

/// The scenario of a game, read once and shared by every live game played on it (its map's
/// ground above all: a live game holds only what its orders change).
pub fn shared_scenario(
    file: &str,
    source: &str,
) -> Result<Arc<crate::rules::scenario::Scenario>, crate::rules::scenario::LoadError> {
    type Shared = HashMap<String, std::sync::Weak<crate::rules::scenario::Scenario>>;
    static READ: std::sync::Mutex<Option<Shared>> = std::sync::Mutex::new(None);
    let key = format!("{file}\n{}", crate::rules::fnv::hex(source));
    let mut read = READ.lock().unwrap_or_else(|e| e.into_inner());
    let read = read.get_or_insert_with(HashMap::new);
    if let Some(s) = read.get(&key).and_then(std::sync::Weak::upgrade) {
        return Ok(s);
    }
    let s = Arc::new(crate::rules::scenario::parse(file, source)?);
    // Scenarios no game holds any more are forgotten as others are read.
    read.retain(|_, w| w.strong_count() > 0);
    read.insert(key, Arc::downgrade(&s));
    Ok(s)
}

/// A game in play on this server: its simulation and how many orders it has applied.
struct Table {
    /// The game's row as this table has it (without the scenario's text).
    row: GameRow,
    game: crate::rules::game::Game,
    applied: i64,
    /// A team game's seats and what each commands (issue 62).
    teams: Option<crate::dispatch::club::Teams>,
    /// The seat that gave each step the game's undo could take back, oldest first: a seat
    /// takes back only its own.
    undo_seats: Vec<u8>,
}

impl Table {
    fn load(row: &GameRow) -> Result<Table, crate::rules::scenario::LoadError> {
        let s = shared_scenario(&row.scenario_file, &row.scenario_source)?;
        let game = crate::rules::game::Game::new(s, Some(row.seed));
        let mut row = row.clone();
        row.scenario_source = String::new();
        Ok(Table {
            row,
            game,
            applied: 0,
            teams: None,
            undo_seats: Vec::new(),
        })
    }

    /// Applies `order` given by `seat`, keeping which seat gave each step the undo holds.
    fn apply(&mut self, order: Order, seat: u8) -> Vec<Outcome> {
        let given = self.game.give(&order);
        let steps = self.game.undo.history.len();
        if steps > self.undo_seats.len() {
            self.undo_seats.resize(steps, seat);
        } else {
            self.undo_seats.truncate(steps);
        }
        crate::rules::game::answer(&order, given)
    }

    /// The seat of `side` that commands `unit` (0 in a game of one seat a side).
    fn seat_commanding(&self, side: u8, brigade: &str) -> u8 {
        self.teams.as_ref().map_or(0, |t| {
            self.game
                .start
                .organisation
                .first_holding(brigade, &t.sides[side as usize & 1])
                .unwrap_or(0) as u8
        })
    }

    /// Applies the orders committed since this table last looked (by another server, or before
    /// a restart).
    async fn catch_up(&mut self, store: &Store, game: &str) -> Result<(), Refused> {
        let rows = store.orders(game, self.applied).await.map_err(db_error)?;
        for r in rows {
            let order: Order = serde_json::from_str(&r.order_json).map_err(|e| {
                Refused::new(Problem::Corrupt, format!("order {} unreadable: {e}", r.seq))
            })?;
            self.apply(order, r.seat);
            self.applied = r.seq;
            // The row's counts were read with its seq; what came after adds to them.
            if r.seq > self.row.seq {
                self.row.tell(r.shown);
            }
        }
        let turn = self.board().turn_state();
        self.row.seq = self.applied.max(self.row.seq);
        self.row.side = turn.side.0;
        self.row.over = turn.over;
        self.row.turn = turn_json(&turn);
        Ok(())
    }

    fn board(&self) -> &crate::rules::board::Board {
        &self.game.board
    }

    /// The board as the seat of `side` knows it (RULES.md §16 D-fow-8), in RON.
    fn seat_board(&self, side: u8) -> String {
        let seen = crate::rules::fog::seat_board(self.board(), Side(side));
        // How far the dice have rolled counts every roll, the unseen enemy's too: under fog it
        // is not the seat's to know (the seat rolls nothing; the server does).
        let dice = if crate::rules::fog::on(self.board()) {
            0
        } else {
            self.game.dice.get_word_pos()
        };
        ron::to_string(&crate::rules::snapshot::Snapshot::of(&seen, dice)).unwrap_or_default()
    }
}

/// The answer for an archived game's seat.
pub fn archived() -> Refused {
    Refused::new(
        Problem::Archived,
        "the game went too long without an order and was archived; its save (GET /api/game/save, `bayonet remote save`) still replays it",
    )
}

/// No shared scenario of this id (issue 61).
pub fn no_such_shared(id: &str) -> Refused {
    Refused::new(
        Problem::NoScenario,
        format!("no shared scenario `{id}` here (GET /api/scenarios lists them)"),
    )
}

pub fn db_error(e: sqlx::Error) -> Refused {
    Refused::new(
        Problem::Database,
        format!("the database did not answer: {e}"),
    )
}

async fn game_task(
    game: String,
    store: Store,
    commits: mpsc::UnboundedSender<Pending>,
    idle: std::time::Duration,
    resident: Arc<std::sync::atomic::AtomicUsize>,
    mut jobs: mpsc::UnboundedReceiver<Job>,
) {
    let mut table: Option<Table> = None;
    loop {
        let job = match tokio::time::timeout(idle, jobs.recv()).await {
            Ok(Some(job)) => job,
            Ok(None) => return,
            // A game left alone (a player away for days) gives its memory back.
            Err(_) => {
                if table.take().is_some() {
                    resident.fetch_sub(1, std::sync::atomic::Ordering::SeqCst);
                }
                continue;
            }
        };
        let had = table.is_some();
        let answer = decide(&game, &store, &commits, &mut table, &job).await;
        // Counted before the answer goes, so whoever reads the answer reads the count.
        match (had, table.is_some()) {
            (false, true) => drop(resident.fetch_add(1, std::sync::atomic::Ordering::SeqCst)),
            (true, false) => drop(resident.fetch_sub(1, std::sync::atomic::Ordering::SeqCst)),
            _ => {}
        }
        let _ = job.reply.send(answer);
    }
}

/// The game at the table: loaded from the database on its first order, and brought up to date
/// with the orders another server took since this one's last.
async fn sit_down(game: &str, store: &Store, table: &mut Option<Table>) -> Result<(), Refused> {
    let no_game = || Refused::new(Problem::NoGame, format!("no game `{game}`"));
    match table {
        None => {
            let row = store
                .game(game, true)
                .await
                .map_err(db_error)?
                .ok_or_else(no_game)?;
            if row.archived {
                return Err(archived());
            }
            let mut t =
                Table::load(&row).map_err(|e| Refused::new(Problem::Corrupt, e.to_string()))?;
            t.teams = store.teams(game).await.map_err(db_error)?.map(|h| h.teams);
            t.catch_up(store, game).await?;
            *table = Some(t);
        }
        // A PostgreSQL game may have taken orders at another server since this one's last:
        // they are applied here first. (On SQLite this server is the only writer; were it
        // not, the commit's own check would still refuse an order out of turn.)
        Some(t) if !store.sqlite => {
            let seq = store
                .seq(game)
                .await
                .map_err(db_error)?
                .ok_or_else(no_game)?;
            if t.applied > seq {
                *table = None;
                return Err(Refused::new(
                    Problem::Database,
                    "the game went back in the database; try again",
                ));
            }
            if seq > t.applied {
                t.catch_up(store, game).await?;
            }
        }
        Some(_) => {}
    }
    Ok(())
}

/// Whether the seat may give this order now: after the orders it has read, in a game not over,
/// in its side's turn, with its own units only (worked out on what its side knows, D-fow-6,
/// D-fow-8: an enemy it has not seen is no unit at all to it); the rules are the server's.
fn may_give(t: &Table, job: &Job, order: &Order) -> Result<(), Refused> {
    if let Some(after) = job.after
        && after != t.applied
    {
        return Err(Refused::new(
            Problem::OutOfOrder,
            format!(
                "the order was given after order {after}, but the game is at order {}: read the new orders first",
                t.applied
            ),
        ));
    }
    let board = &t.game.board;
    let turn = board.turn_state();
    if turn.over {
        return Err(Refused::new(Problem::GameOver, "the game is over"));
    }
    if let Order::SetParameters { .. } = order
        && !job.by_server
    {
        return Err(Refused::new(
            Problem::Forbidden,
            "an online game's rules are set when it is created",
        ));
    }
    let start = t.game.start.clone();
    let name = |s: u8| start.side_name(Side(s)).to_owned();
    if turn.side.0 != job.side {
        return Err(Refused::new(
            Problem::NotYourTurn,
            format!(
                "it is the {}'s turn, not the {}'s",
                name(turn.side.0),
                name(job.side)
            ),
        ));
    }
    // Every answer from here on is worked out on what the seat's side knows (D-fow-6, D-fow-8):
    // an enemy it has not seen is no unit at all to it.
    let known = crate::rules::fog::view(board, Side(job.side)).board;
    let mut named = named_units(order);
    // A melee's drag commits whatever of the side stands on its hexes: each is named.
    if let Order::Melee { from, .. } = order {
        for at in from {
            let h = at.hex(&known);
            named.extend(
                known
                    .units
                    .iter()
                    .filter(|u| u.side.0 == job.side && u.hex == h)
                    .map(|u| u.id),
            );
        }
    }
    for id in named {
        let Some(u) = known.unit(id) else { continue };
        if u.side.0 != job.side {
            return Err(Refused::new(
                Problem::OtherSide,
                format!(
                    "{} ({id}) belongs to the {}; this seat plays the {}",
                    u.name,
                    name(u.side.0),
                    name(job.side)
                ),
            ));
        }
        // A team game: only the seat's own part of the side.
        let by = t.seat_commanding(job.side, &u.brigade);
        if by != job.seat {
            return Err(Refused::new(
                Problem::NotYourCommand,
                format!(
                    "not your command: {} ({id}) is commanded from seat {} of the {}",
                    u.name,
                    by + 1,
                    name(job.side)
                ),
            ));
        }
    }
    if *order == Order::Undo
        && t.teams.is_some()
        && t.undo_seats.last().is_some_and(|s| *s != job.seat)
    {
        return Err(Refused::new(
            Problem::NotYourCommand,
            "not your command: the last order to take back is another seat's",
        ));
    }
    Ok(())
}

/// Sends the order's row to the database's writer and waits: the game goes on only if the
/// commit holds; otherwise the table is rebuilt from the database before the next order.
async fn send_commit(
    commits: &mpsc::UnboundedSender<Pending>,
    table: &mut Option<Table>,
    commit: Commit,
    row: OrderRow,
    game_after: GameRow,
    board: Option<String>,
) -> Result<Applied, Refused> {
    let (reply, done) = oneshot::channel();
    // The simulation has moved on; unless the commit holds, it must be rebuilt from the
    // database before the next order.
    let lost = |table: &mut Option<Table>, r: Refused| {
        *table = None;
        Err(r)
    };
    if commits.send((commit, reply)).is_err() {
        return lost(
            table,
            Refused::new(Problem::Unavailable, "the server is shutting down"),
        );
    }
    match done.await {
        Ok(Ok(Committed::Kept)) => {
            if let Some(t) = table.as_mut() {
                t.applied += 1;
                t.row = game_after.clone();
            }
            Ok(Applied {
                row,
                game: game_after,
                board,
            })
        }
        Ok(Ok(Committed::Overtaken)) => lost(
            table,
            Refused::new(
                Problem::OutOfOrder,
                "another order took this one's place; read the new orders and give it again",
            ),
        ),
        Ok(Err(e)) => lost(
            table,
            Refused::new(Problem::Database, format!("the order was not saved: {e}")),
        ),
        Err(_) => lost(
            table,
            Refused::new(Problem::Unavailable, "the server is shutting down"),
        ),
    }
}

async fn decide(
    game: &str,
    store: &Store,
    commits: &mpsc::UnboundedSender<Pending>,
    table: &mut Option<Table>,
    job: &Job,
) -> Result<Applied, Refused> {
    sit_down(game, store, table).await?;
    let t = table.as_mut().expect("loaded above");
    let order = match &job.task {
        Task::Order(o) => o.clone(),
        Task::Warm => {
            return Ok(Applied {
                row: OrderRow::default(),
                game: t.row.clone(),
                board: None,
            });
        }
        Task::Look => {
            return Ok(Applied {
                row: OrderRow::default(),
                game: t.row.clone(),
                board: Some(t.seat_board(job.side)),
            });
        }
    };
    may_give(t, job, &order)?;
    // A game the club ended (a resignation, a deadline, a draw agreed) takes no more orders.
    if let Some(e) = store.ending(game).await.map_err(db_error)? {
        let names = [0, 1].map(|s| t.game.start.side_name(Side(s)).to_owned());
        return Err(Refused::new(
            Problem::GameOver,
            format!("the game is over: {}", db::ending_words(&e, &names)),
        ));
    }
    let board = &t.game.board;
    // Under fog the outcomes are told to each side as it perceived them, which needs the board
    // as it stood before the order.
    let before = crate::rules::fog::on(board).then(|| board.clone());
    // The game's order desk checks it on what the seat's side knows (`as_the_side_sees`), so
    // a refusal names nothing unseen.
    // A team game's side turn ends when each of its seats has ended its part.
    if order == Order::EndTurn
        && let Some(teams) = &t.teams
    {
        let seats = teams.sides[job.side as usize & 1].len() as u8;
        let mut ready = store
            .teams(game)
            .await
            .map_err(db_error)?
            .map(|h| h.ready)
            .unwrap_or_default();
        if !ready.contains(&job.seat) {
            ready.push(job.seat);
        }
        let waiting: Vec<String> = (0..seats)
            .filter(|s| !ready.contains(s))
            .map(|s| (s + 1).to_string())
            .collect();
        if !waiting.is_empty() {
            store.set_ready(game, &ready).await.map_err(db_error)?;
            return Err(Refused::new(
                Problem::WaitingForTeam,
                format!(
                    "your part of the turn is ended; the {}' turn ends when seat {} ends theirs",
                    t.game.start.side_name(Side(job.side)),
                    waiting.join(" and ")
                ),
            ));
        }
    }
    let outcomes = t.apply(order.clone(), job.seat);
    if let Some(r) = outcomes.iter().find_map(Outcome::refusal) {
        let mut refused = Refused::new(
            Problem::Refused,
            r.reasons
                .iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join("; "),
        );
        refused.outcomes = outcomes.clone();
        return Err(refused);
    }
    // The order as the desk carried it out (a move under fog as far as the truth let it
    // go): what the log keeps, so that a replay needs no second reading of the fog.
    let order = outcomes
        .iter()
        .find_map(|o| match o {
            Outcome::Done(d) => Some(d.order.clone()),
            _ => None,
        })
        .unwrap_or(order);
    let now = t.board();
    let after = now.turn_state();
    let mut shown = db::shown_bit(0) | db::shown_bit(1);
    let seen = before.map_or_else(String::new, |b| {
        let each = [0, 1].map(|s| {
            crate::rules::perceived::as_seen_by(&outcomes, &b, now, Side(job.side), Side(s))
        });
        // An enemy's order that showed a side nothing is not told to it (D-fow-8): neither
        // that it was given nor when.
        shown = (0..2u8)
            .filter(|&s| s == job.side || !each[s as usize].is_empty())
            .map(db::shown_bit)
            .sum();
        serde_json::to_string(&each).unwrap_or_default()
    });
    let board = job.with_board.then(|| t.seat_board(job.side));
    let row = OrderRow {
        seq: t.applied + 1,
        side: job.side,
        seat: job.seat,
        order_json: serde_json::to_string(&order).unwrap_or_default(),
        outcomes: serde_json::to_string(&outcomes).unwrap_or_default(),
        seen,
        shown,
    };
    // The battle's winner, where this order ended it (§13: the first side's level).
    let winner = after.over.then(|| {
        let start = &t.game.start;
        let level = crate::rules::victory::report(start, now).level;
        use crate::rules::victory::VictoryLevel::*;
        match level {
            MinorVictory | MajorVictory => Some(start.first_side.0),
            MinorDefeat | MajorDefeat => Some(start.first_side.enemy().0),
            Draw => None,
        }
    });
    let commit = Commit {
        game_id: game.to_owned(),
        order: row.clone(),
        side_after: after.side.0,
        over_after: after.over,
        turn_after: turn_json(&after),
        winner: winner.flatten(),
    };
    let mut game_after = t.row.clone();
    game_after.seq = row.seq;
    game_after.tell(row.shown);
    game_after.side = commit.side_after;
    game_after.over = commit.over_after;
    game_after.turn = commit.turn_after.clone();
    send_commit(commits, table, commit, row, game_after, board).await
}

/// Every unit an order names as its own (the seat must own them all).
fn named_units(order: &Order) -> Vec<crate::rules::unit::UnitId> {
    match order {
        Order::Melee { units, .. } | Order::DamageBridge { units, .. } => units.clone(),
        o => o.unit().into_iter().collect(),
    }
}
