//! The server's database: games, seats and every accepted order, in SQLite (a file, the
//! default) or PostgreSQL (shared by several servers), through one pool and portable SQL.
//! Its migrations are part of the program.

use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::{AnyPool, Row};

use crate::dispatch::club::{EndedBy, Ending, Terms};

/// The schema, one step per version; a database is brought up to the last step at start.
const MIGRATIONS: &[(i64, &str)] = &[
    (
        1,
        "CREATE TABLE games (
        id TEXT PRIMARY KEY,
        scenario_file TEXT NOT NULL,
        scenario_source TEXT NOT NULL,
        seed TEXT NOT NULL,
        seq BIGINT NOT NULL,
        side BIGINT NOT NULL,
        over BIGINT NOT NULL,
        names TEXT NOT NULL,
        turn TEXT NOT NULL,
        snapshot TEXT NOT NULL,
        created BIGINT NOT NULL,
        updated BIGINT NOT NULL
    );
    CREATE TABLE seats (
        token_hash TEXT PRIMARY KEY,
        game_id TEXT NOT NULL REFERENCES games (id),
        side BIGINT NOT NULL
    );
    CREATE TABLE orders (
        game_id TEXT NOT NULL REFERENCES games (id),
        seq BIGINT NOT NULL,
        side BIGINT NOT NULL,
        order_json TEXT NOT NULL,
        outcomes TEXT NOT NULL,
        at BIGINT NOT NULL,
        PRIMARY KEY (game_id, seq)
    )",
    ),
    // Each order's outcomes as either side perceived them under fog of war (empty without).
    (
        2,
        "ALTER TABLE orders ADD COLUMN seen TEXT NOT NULL DEFAULT ''",
    ),
    // Which sides are told of each order (bit 1: the first side, bit 2: the second): under
    // fog an enemy's order that showed a side nothing is not told to it at all, nor counted
    // in its numbering (issue 45 item 1). Orders of older games were told to both.
    (
        3,
        "ALTER TABLE orders ADD COLUMN shown BIGINT NOT NULL DEFAULT 3",
    ),
    // How many orders each side was told of, kept with the game so that a seat's own count
    // costs no query.
    (
        4,
        "ALTER TABLE games ADD COLUMN told_0 BIGINT NOT NULL DEFAULT 0;
         ALTER TABLE games ADD COLUMN told_1 BIGINT NOT NULL DEFAULT 0;
         UPDATE games SET
            told_0 = (SELECT COUNT(*) FROM orders o WHERE o.game_id = games.id AND (o.shown & 1) <> 0),
            told_1 = (SELECT COUNT(*) FROM orders o WHERE o.game_id = games.id AND (o.shown & 2) <> 0)",
    ),
    // A game left without an order for the operator's `--archive-after` is archived: closed to
    // its seats, its outcomes' text dropped, its seed and order log kept to replay it.
    (
        5,
        "ALTER TABLE games ADD COLUMN archived BIGINT NOT NULL DEFAULT 0",
    ),
    // Scenarios players share (issue 61): checked on arrival, listed with their author.
    (
        6,
        "CREATE TABLE shared (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        author TEXT NOT NULL,
        file TEXT NOT NULL,
        source TEXT NOT NULL,
        units BIGINT NOT NULL,
        turns BIGINT NOT NULL,
        width BIGINT NOT NULL,
        height BIGINT NOT NULL,
        created BIGINT NOT NULL
    )",
    ),
    // Accounts (issue 62): a name (kept as written, unique as folded to lower case) and its
    // password's argon2id hash (PHC text, its salt and parameters in it).
    (
        7,
        "CREATE TABLE accounts (
        folded TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        hash TEXT NOT NULL,
        created BIGINT NOT NULL
    )",
    ),
    // Sessions: only each token's SHA-256 is kept, so that the table read gives no one a way in.
    (
        8,
        "CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY,
        account TEXT NOT NULL,
        created BIGINT NOT NULL,
        expires BIGINT NOT NULL
    )",
    ),
    // Failed sign-ins by name, in the database so that two servers on it count them together.
    (
        9,
        "CREATE TABLE sign_in_failures (
        folded TEXT PRIMARY KEY,
        failures BIGINT NOT NULL,
        last BIGINT NOT NULL
    )",
    ),
    // Seats an account claimed with their invites: its games.
    (
        10,
        "CREATE TABLE claims (
        account TEXT NOT NULL,
        game_id TEXT NOT NULL,
        side BIGINT NOT NULL,
        claimed BIGINT NOT NULL,
        PRIMARY KEY (account, game_id, side)
    )",
    ),
    // Keys to a claimed seat, one per opening from "my games", used as its invite is; kept as
    // their hashes.
    (
        11,
        "CREATE TABLE seat_keys (
        token_hash TEXT PRIMARY KEY,
        account TEXT NOT NULL,
        game_id TEXT NOT NULL,
        side BIGINT NOT NULL,
        created BIGINT NOT NULL
    )",
    ),
    // The club (issue 62): each game's terms (its hours per side turn, 0 for none; rated; when
    // the side to act began its turn, for the deadline; a reminder sent; a draw offered, by
    // side or -1; how it ended, JSON or ''; its rating settled; the accounts seated by the
    // lobby, whose ratings it moves); challenges in the lobby; the
    // ladder; each game's chat, and how far each claimed seat has read it; where each account
    // wants its notifications, and the outbox they wait in.
    (
        12,
        "CREATE TABLE terms (
        game_id TEXT PRIMARY KEY,
        hours BIGINT NOT NULL DEFAULT 0,
        rated BIGINT NOT NULL DEFAULT 0,
        turn_began BIGINT NOT NULL,
        began_side BIGINT NOT NULL,
        reminded BIGINT NOT NULL DEFAULT 0,
        draw_offer BIGINT NOT NULL DEFAULT -1,
        ended TEXT NOT NULL DEFAULT '',
        settled BIGINT NOT NULL DEFAULT 0,
        account_0 TEXT NOT NULL DEFAULT '',
        account_1 TEXT NOT NULL DEFAULT ''
    );
    INSERT INTO terms (game_id, turn_began, began_side) SELECT id, updated, side FROM games;
    CREATE TABLE challenges (
        id TEXT PRIMARY KEY,
        by_account TEXT NOT NULL,
        scenario TEXT NOT NULL,
        shared TEXT NOT NULL,
        parameters TEXT NOT NULL,
        side BIGINT NOT NULL,
        hours BIGINT NOT NULL,
        rated BIGINT NOT NULL,
        to_account TEXT NOT NULL,
        created BIGINT NOT NULL
    );
    CREATE TABLE ratings (
        account TEXT PRIMARY KEY,
        rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL,
        games BIGINT NOT NULL,
        wins BIGINT NOT NULL,
        losses BIGINT NOT NULL,
        draws BIGINT NOT NULL,
        updated BIGINT NOT NULL
    );
    CREATE TABLE chat (
        game_id TEXT NOT NULL,
        n BIGINT NOT NULL,
        side BIGINT NOT NULL,
        author TEXT NOT NULL,
        to_all BIGINT NOT NULL,
        text TEXT NOT NULL,
        at BIGINT NOT NULL,
        PRIMARY KEY (game_id, n)
    );
    ALTER TABLE claims ADD COLUMN chat_read BIGINT NOT NULL DEFAULT 0;
    CREATE TABLE notify (
        account TEXT PRIMARY KEY,
        email TEXT NOT NULL,
        webhook TEXT NOT NULL
    );
    CREATE TABLE outbox (
        id TEXT PRIMARY KEY,
        account TEXT NOT NULL,
        channel TEXT NOT NULL,
        address TEXT NOT NULL,
        subject TEXT NOT NULL,
        body TEXT NOT NULL,
        link TEXT NOT NULL,
        created BIGINT NOT NULL,
        attempts BIGINT NOT NULL DEFAULT 0,
        next_try BIGINT NOT NULL,
        sent BIGINT NOT NULL DEFAULT 0,
        claimed_by TEXT NOT NULL DEFAULT '',
        claimed_until BIGINT NOT NULL DEFAULT 0,
        last_error TEXT NOT NULL DEFAULT ''
    )",
    ),
    // Team games (issue 62, item 6): each invite, key, claim and order has its seat on its
    // side (0 in a game of one seat a side); a team game's seats and what each commands, and
    // the seats of the side to act that ended their part of its turn.
    (
        13,
        "ALTER TABLE seats ADD COLUMN seat BIGINT NOT NULL DEFAULT 0;
         ALTER TABLE seat_keys ADD COLUMN seat BIGINT NOT NULL DEFAULT 0;
         ALTER TABLE claims ADD COLUMN seat BIGINT NOT NULL DEFAULT 0;
         ALTER TABLE orders ADD COLUMN seat BIGINT NOT NULL DEFAULT 0;
         CREATE TABLE teams (
            game_id TEXT PRIMARY KEY,
            commands TEXT NOT NULL,
            ready TEXT NOT NULL
         )",
    ),
    // A wrong password's time in milliseconds: in whole seconds a 1 s wait lasted anywhere
    // from nothing to a second, by where in its second the wrong password fell.
    (14, "UPDATE sign_in_failures SET last = last * 1000"),
    // A seat key's time in milliseconds, each newer than the last (issue 77, item 2): in whole
    // seconds keys asked for together tied, and a random one of them was dropped as the oldest.
    (15, "UPDATE seat_keys SET created = created * 1000"),
];

/// The seat a token opens: its game, side and seat on the side, and whether the database may
/// take it back (an account's seat key: pushed out by newer keys, or gone with the account; a
/// guest's invite never changes).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seated {
    pub game: String,
    pub side: u8,
    pub seat: u8,
    pub revocable: bool,
}

/// A game's terms and what they stand on: the side whose turn began when, the game's names.
pub struct ClubTerms {
    pub terms: Terms,
    pub began_side: u8,
    pub over: bool,
    pub names: [String; 2],
}

pub async fn club_terms(
    pool: &sqlx::AnyPool,
    game: &str,
) -> Result<Option<ClubTerms>, sqlx::Error> {
    let Some(r) = sqlx::query(
        "SELECT t.hours, t.rated, t.turn_began, t.began_side, t.draw_offer, t.ended, g.over, g.names
         FROM terms t JOIN games g ON g.id = t.game_id WHERE t.game_id = $1",
    )
    .bind(game)
    .fetch_optional(pool)
    .await?
    else {
        return Ok(None);
    };
    let hours: i64 = r.try_get("hours")?;
    let turn_began: i64 = r.try_get("turn_began")?;
    let began_side: i64 = r.try_get("began_side")?;
    let offer: i64 = r.try_get("draw_offer")?;
    let ended: String = r.try_get("ended")?;
    let over: i64 = r.try_get("over")?;
    let names: String = r.try_get("names")?;
    let ended: Option<Ending> = serde_json::from_str(&ended).ok();
    let hours = u32::try_from(hours).ok().filter(|h| *h > 0);
    let open = ended.is_none() && over == 0;
    Ok(Some(ClubTerms {
        terms: Terms {
            hours,
            rated: r.try_get::<i64, _>("rated")? != 0,
            deadline: hours
                .filter(|_| open)
                .map(|h| turn_began + i64::from(h) * 3600),
            draw_offer: u8::try_from(offer).ok().filter(|_| open),
            ended,
        },
        began_side: began_side as u8,
        over: over != 0,
        names: serde_json::from_str(&names).unwrap_or_default(),
    }))
}

/// A game's ending in words: who won and how.
pub fn ending_words(e: &Ending, names: &[String; 2]) -> String {
    let name = |s: Option<u8>| {
        s.and_then(|s| names.get(s as usize))
            .cloned()
            .unwrap_or_default()
    };
    let loser = e.winner.map(|w| 1 - (w & 1));
    match (e.by, e.winner) {
        (_, None) => "The game ended in a draw.".to_owned(),
        (EndedBy::Battle, w) => format!("The {} won the battle.", name(w)),
        (EndedBy::Resigned, w) => format!("The {} resigned: the {} won.", name(loser), name(w)),
        (EndedBy::Time, w) => format!(
            "The {} let their deadline pass: the {} claimed the game.",
            name(loser),
            name(w)
        ),
        (EndedBy::Draw, _) => "Both sides agreed a draw.".to_owned(),
    }
}

/// The bit of `shown` for the side `side`.
pub fn shown_bit(side: u8) -> i64 {
    1 << (side & 1)
}

/// The database, and whether it is SQLite (one writer at a time).
#[derive(Clone)]
pub struct Store {
    pub pool: AnyPool,
    pub sqlite: bool,
    /// The database's URL (it may hold a password: never printed), for the PostgreSQL
    /// listener's own connection.
    url: String,
}

/// The PostgreSQL channel each committed order is announced on, to every server sharing the
/// database: "GAME SEQ SIDE OVER" (issue 45 item 7).
pub const ORDERS_CHANNEL: &str = "bayonet_orders";

/// A game as its row holds it.
#[derive(Debug, Clone)]
pub struct GameRow {
    pub id: String,
    pub scenario_file: String,
    /// The scenario's text (empty where a query left it out).
    pub scenario_source: String,
    pub seed: u64,
    /// How many orders have been accepted.
    pub seq: i64,
    /// The side to act.
    pub side: u8,
    pub over: bool,
    /// The sides' names, so that no answer has to read the scenario.
    pub names: [String; 2],
    /// The turn, its clock and phase (JSON), as the state's summary shows them.
    pub turn: String,
    /// How many of its orders each side was told of (under fog an enemy's order that showed a
    /// side nothing is not told to it): each seat's own count.
    pub told: [i64; 2],
    /// Archived after going too long without an order: closed to its seats but for its save.
    pub archived: bool,
}

impl GameRow {
    /// Counts an order of the game in each side's tally of orders it was told of.
    pub fn tell(&mut self, shown: i64) {
        for s in 0..2u8 {
            self.told[usize::from(s)] += i64::from(shown & shown_bit(s) != 0);
        }
    }
}

/// Where a game stands, in one look at its row.
#[derive(Debug, Clone, Copy)]
pub struct Standing {
    pub seq: i64,
    pub side: u8,
    pub over: bool,
    pub told: [i64; 2],
    pub archived: bool,
}

/// One accepted order and what it caused.
#[derive(Debug, Clone, Default)]
pub struct OrderRow {
    pub seq: i64,
    pub side: u8,
    /// The seat that gave it on its side (a team game's; 0 otherwise).
    pub seat: u8,
    pub order_json: String,
    pub outcomes: String,
    /// Under fog of war, the outcomes as each side perceived them (JSON, `[[Outcome]; 2]`);
    /// empty when both sides saw them all.
    pub seen: String,
    /// The sides told of it (`shown_bit`s).
    pub shown: i64,
}

/// An order to commit, with the game's row after it.
#[derive(Debug, Clone)]
pub struct Commit {
    pub game_id: String,
    pub order: OrderRow,
    pub side_after: u8,
    pub over_after: bool,
    pub turn_after: String,
    /// The battle's winner, where it ended with this order (none: a draw).
    pub winner: Option<u8>,
}

/// A team game's seats, and the seats of the side to act that ended their part of its turn.
#[derive(Debug, Clone, Default)]
pub struct TeamsHeld {
    pub teams: crate::dispatch::club::Teams,
    pub ready: Vec<u8>,
}

/// A new game's place at the club: its terms, the accounts seated on each side (empty: a
/// guest's invite), and the challenge it takes up.
#[derive(Debug, Clone, Default)]
pub struct Seating {
    /// Hours each side turn may take (0: no deadline).
    pub hours: u32,
    pub rated: bool,
    pub accounts: [String; 2],
    pub challenge: Option<TakenUp>,
}

/// The challenge a game takes up: its id, who posted it (told that it was taken up), the
/// battle, and who took it up, in their words.
#[derive(Debug, Clone)]
pub struct TakenUp {
    pub id: String,
    pub by: String,
    pub battle: String,
    pub accepted_by: String,
}

/// What became of a commit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Committed {
    /// Every order kept.
    Kept,
    /// One order's place in its game was taken first (by another server); none kept.
    Overtaken,
}

/// Seconds since 1970: the system's clock, moved on by the seconds written in the file that
/// `BAYONET_TEST_CLOCK` names, where a test set it (so that a deadline passes without a test
/// sleeping for a day).
pub fn now() -> i64 {
    now_ms().div_euclid(1000)
}

/// Milliseconds since 1970, on the same clock as `now`.
pub fn now_ms() -> i64 {
    static TEST_CLOCK: std::sync::OnceLock<Option<std::path::PathBuf>> = std::sync::OnceLock::new();
    let real = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0);
    let moved = TEST_CLOCK
        .get_or_init(|| std::env::var_os("BAYONET_TEST_CLOCK").map(Into::into))
        .as_ref()
        .and_then(|f| std::fs::read_to_string(f).ok())
        .and_then(|t| t.trim().parse::<i64>().ok())
        .unwrap_or(0);
    real + moved * 1000
}

/// `sqlite:FILE` may name a file that is not there yet: it is made.
fn with_create(url: &str) -> String {
    if url.starts_with("sqlite:") && !url.contains("mode=") && !url.contains(":memory:") {
        let sep = if url.contains('?') { '&' } else { '?' };
        format!("{url}{sep}mode=rwc")
    } else {
        url.to_owned()
    }
}

impl Store {
    /// Connects and migrates.
    pub async fn open(url: &str) -> Result<Store, super::StartError> {
        use super::StartError::{Database, Options};
        install_default_drivers();
        let sqlite = url.starts_with("sqlite:");
        if !sqlite && !url.starts_with("postgres:") && !url.starts_with("postgresql:") {
            return Err(Options(format!(
                "--db `{url}`: expected sqlite:FILE or postgres://USER:PASSWORD@HOST/DATABASE"
            )));
        }
        let pool = AnyPoolOptions::new()
            // SQLite takes one writer at a time anyway; more connections only wait on its lock.
            .max_connections(if sqlite { 4 } else { 16 })
            // A database that does not answer fails a request within seconds (503, with
            // Retry-After), not after half a minute.
            .acquire_timeout(std::time::Duration::from_secs(2))
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if sqlite {
                        use sqlx::Executor;
                        conn.execute("PRAGMA busy_timeout = 10000").await?;
                        conn.execute("PRAGMA foreign_keys = ON").await?;
                    }
                    Ok(())
                })
            })
            .connect(&with_create(url))
            .await
            .map_err(|e| Database(format!("--db: cannot open the database: {e}")))?;
        if sqlite {
            // A killed server loses nothing committed; WAL lets readers go on while one writes.
            sqlx::query("PRAGMA journal_mode = WAL")
                .execute(&pool)
                .await
                .map_err(|e| Database(format!("--db: {e}")))?;
        }
        let store = Store {
            pool,
            sqlite,
            url: url.to_owned(),
        };
        // Two servers starting together on one PostgreSQL: the loser of the race sees the
        // winner's tables on its next try.
        let mut tries = 0;
        loop {
            match store.migrate().await {
                Ok(()) => return Ok(store),
                Err(e) if tries < 5 => {
                    tries += 1;
                    let _ = e;
                    tokio::time::sleep(std::time::Duration::from_millis(200 * tries)).await;
                }
                Err(e) => return Err(Database(format!("--db: migrating the database: {e}"))),
            }
        }
    }

    async fn migrate(&self) -> Result<(), sqlx::Error> {
        sqlx::query(
            "CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT PRIMARY KEY, applied BIGINT NOT NULL)",
        )
        .execute(&self.pool)
        .await?;
        for (version, sql) in MIGRATIONS {
            let mut tx = self.pool.begin().await?;
            let done = sqlx::query("SELECT version FROM schema_migrations WHERE version = $1")
                .bind(*version)
                .fetch_optional(&mut *tx)
                .await?;
            if done.is_some() {
                continue;
            }
            for statement in sql.split(';').filter(|s| !s.trim().is_empty()) {
                sqlx::query(statement).execute(&mut *tx).await?;
            }
            sqlx::query("INSERT INTO schema_migrations (version, applied) VALUES ($1, $2)")
                .bind(*version)
                .bind(now())
                .execute(&mut *tx)
                .await?;
            tx.commit().await?;
        }
        Ok(())
    }

    /// The schema version the database is at.
    pub async fn version(&self) -> Result<i64, sqlx::Error> {
        let row = sqlx::query("SELECT MAX(version) AS v FROM schema_migrations")
            .fetch_one(&self.pool)
            .await?;
        Ok(row.try_get::<Option<i64>, _>("v")?.unwrap_or(0))
    }

    /// A new game, its seats, and the state it begins in (a `Snapshot`, RON: kept for whoever
    /// inspects the database; the server rebuilds a game from its seed and orders, and tells a
    /// seat only its side's view, which the referee works out).
    /// With `seating`: its terms, the accounts seated on it (their claims), and the challenge it
    /// takes up (false, and nothing stored, when another took it up or it was withdrawn first).
    pub async fn create_game(
        &self,
        game: &GameRow,
        start: &str,
        seats: &[(String, u8, u8)],
        seating: &Seating,
        teams: Option<&crate::dispatch::club::Teams>,
    ) -> Result<bool, sqlx::Error> {
        let mut tx = self.pool.begin().await?;
        let at = now();
        if let Some(c) = &seating.challenge {
            let gone = sqlx::query("DELETE FROM challenges WHERE id = $1")
                .bind(&c.id)
                .execute(&mut *tx)
                .await?;
            if gone.rows_affected() != 1 {
                tx.rollback().await?;
                return Ok(false);
            }
        }
        sqlx::query(
            "INSERT INTO games (id, scenario_file, scenario_source, seed, seq, side, over, names, turn, snapshot, created, updated)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
        )
        .bind(&game.id)
        .bind(&game.scenario_file)
        .bind(&game.scenario_source)
        .bind(game.seed.to_string())
        .bind(game.seq)
        .bind(game.side as i64)
        .bind(game.over as i64)
        .bind(serde_json::to_string(&game.names).unwrap_or_default())
        .bind(&game.turn)
        .bind(start)
        .bind(now())
        .bind(now())
        .execute(&mut *tx)
        .await?;
        for (hash, side, seat) in seats {
            sqlx::query(
                "INSERT INTO seats (token_hash, game_id, side, seat) VALUES ($1, $2, $3, $4)",
            )
            .bind(hash)
            .bind(&game.id)
            .bind(*side as i64)
            .bind(*seat as i64)
            .execute(&mut *tx)
            .await?;
        }
        if let Some(t) = teams {
            sqlx::query("INSERT INTO teams (game_id, commands, ready) VALUES ($1, $2, '[]')")
                .bind(&game.id)
                .bind(serde_json::to_string(t).unwrap_or_default())
                .execute(&mut *tx)
                .await?;
        }
        sqlx::query(
            "INSERT INTO terms (game_id, hours, rated, turn_began, began_side, account_0, account_1)
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(&game.id)
        .bind(i64::from(seating.hours))
        .bind(i64::from(seating.rated))
        .bind(at)
        .bind(game.side as i64)
        .bind(&seating.accounts[0])
        .bind(&seating.accounts[1])
        .execute(&mut *tx)
        .await?;
        for (side, account) in seating.accounts.iter().enumerate() {
            if account.is_empty() {
                continue;
            }
            sqlx::query(
                "INSERT INTO claims (account, game_id, side, claimed) VALUES ($1, $2, $3, $4)",
            )
            .bind(account)
            .bind(&game.id)
            .bind(side as i64)
            .bind(at)
            .execute(&mut *tx)
            .await?;
        }
        if let Some(c) = &seating.challenge {
            let notice = super::outbox::Notice {
                key: format!("{}/accepted", game.id),
                subject: format!("{} took up your challenge", c.accepted_by),
                body: format!(
                    "{} took up your challenge: {}. The game has begun.",
                    c.accepted_by, c.battle
                ),
            };
            super::outbox::queue(&mut *tx, &c.by, &notice, "/", at).await?;
        }
        tx.commit().await?;
        Ok(true)
    }

    /// A team game's seats, and the seats of the side to act that ended their part of its
    /// turn; none for a game of one seat a side.
    pub async fn teams(&self, game: &str) -> Result<Option<TeamsHeld>, sqlx::Error> {
        let row = sqlx::query("SELECT commands, ready FROM teams WHERE game_id = $1")
            .bind(game)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.and_then(|r| {
            let commands: String = r.try_get("commands").ok()?;
            let ready: String = r.try_get("ready").ok()?;
            Some(TeamsHeld {
                teams: serde_json::from_str(&commands).ok()?,
                ready: serde_json::from_str(&ready).unwrap_or_default(),
            })
        }))
    }

    /// The seats of the side to act that ended their part, kept.
    pub async fn set_ready(&self, game: &str, ready: &[u8]) -> Result<(), sqlx::Error> {
        sqlx::query("UPDATE teams SET ready = $1 WHERE game_id = $2")
            .bind(serde_json::to_string(ready).unwrap_or_default())
            .bind(game)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// How the game ended at the club (a resignation, a deadline, a draw agreed), if it did.
    pub async fn ending(&self, id: &str) -> Result<Option<Ending>, sqlx::Error> {
        let ended: Option<String> =
            sqlx::query_scalar("SELECT ended FROM terms WHERE game_id = $1")
                .bind(id)
                .fetch_optional(&self.pool)
                .await?;
        Ok(ended.and_then(|e| serde_json::from_str(&e).ok()))
    }

    /// A shared scenario stored, unless the server holds `most` already (then `false`).
    pub async fn share(
        &self,
        s: &crate::dispatch::Shared,
        source: &str,
        most: i64,
    ) -> Result<bool, sqlx::Error> {
        let mut tx = self.pool.begin().await?;
        let held: i64 = sqlx::query("SELECT COUNT(*) AS n FROM shared")
            .fetch_one(&mut *tx)
            .await?
            .try_get("n")?;
        if held >= most {
            return Ok(false);
        }
        sqlx::query(
            "INSERT INTO shared (id, name, author, file, source, units, turns, width, height, created)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
        )
        .bind(&s.id)
        .bind(&s.name)
        .bind(&s.author)
        .bind(&s.file)
        .bind(source)
        .bind(s.units as i64)
        .bind(s.turns as i64)
        .bind(s.width as i64)
        .bind(s.height as i64)
        .bind(s.created)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(true)
    }

    /// The shared scenarios, newest first (without their text).
    pub async fn shared(&self) -> Result<Vec<crate::dispatch::Shared>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT id, name, author, file, units, turns, width, height, created FROM shared
             ORDER BY created DESC, id",
        )
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(shared_row).collect()
    }

    /// One shared scenario, with its text.
    pub async fn shared_one(
        &self,
        id: &str,
    ) -> Result<Option<crate::dispatch::SharedText>, sqlx::Error> {
        let row = sqlx::query(
            "SELECT id, name, author, file, units, turns, width, height, created, source FROM shared
             WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        match row {
            Some(r) => Ok(Some(crate::dispatch::SharedText {
                shared: shared_row(&r)?,
                source: r.try_get("source")?,
            })),
            None => Ok(None),
        }
    }

    /// The game and side a seat's token hash belongs to.
    /// The game, side and seat an invite (or a key) opens.
    pub async fn seat(&self, token_hash: &str) -> Result<Option<Seated>, sqlx::Error> {
        // An invite, or a key an account was given to its claimed seat.
        let row = sqlx::query(
            "SELECT game_id, side, seat, 0 AS revocable FROM seats WHERE token_hash = $1
             UNION ALL SELECT game_id, side, seat, 1 AS revocable FROM seat_keys WHERE token_hash = $1",
        )
        .bind(token_hash)
        .fetch_optional(&self.pool)
        .await?;
        Ok(match row {
            Some(r) => Some(Seated {
                game: r.try_get("game_id")?,
                side: r.try_get::<i64, _>("side")? as u8,
                seat: r.try_get::<i64, _>("seat")? as u8,
                revocable: r.try_get::<i64, _>("revocable")? != 0,
            }),
            None => None,
        })
    }

    /// A game, with its scenario's text when `source`.
    pub async fn game(&self, id: &str, source: bool) -> Result<Option<GameRow>, sqlx::Error> {
        let row = sqlx::query(if source {
            "SELECT id, scenario_file, scenario_source, seed, seq, side, over, names, turn, told_0, told_1, archived FROM games WHERE id = $1"
        } else {
            "SELECT id, scenario_file, '' AS scenario_source, seed, seq, side, over, names, turn, told_0, told_1, archived FROM games WHERE id = $1"
        })
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        let Some(r) = row else { return Ok(None) };
        Ok(Some(GameRow {
            id: r.try_get("id")?,
            scenario_file: r.try_get("scenario_file")?,
            scenario_source: r.try_get("scenario_source")?,
            seed: r
                .try_get::<String, _>("seed")?
                .parse()
                .map_err(|e| sqlx::Error::Decode(Box::new(e)))?,
            seq: r.try_get("seq")?,
            side: r.try_get::<i64, _>("side")? as u8,
            over: r.try_get::<i64, _>("over")? != 0,
            names: serde_json::from_str(&r.try_get::<String, _>("names")?)
                .map_err(|e| sqlx::Error::Decode(Box::new(e)))?,
            turn: r.try_get("turn")?,
            told: [r.try_get("told_0")?, r.try_get("told_1")?],
            archived: r.try_get::<i64, _>("archived")? != 0,
        }))
    }

    /// How many orders the game has (cheap: one row by key).
    /// Whether the database answers at all.
    pub async fn ping(&self) -> Result<(), sqlx::Error> {
        sqlx::query("SELECT 1")
            .execute(&self.pool)
            .await
            .map(|_| ())
    }

    /// Where the game stands: its orders, the side to act, whether it is over, how many of
    /// its orders each side was told of, whether it is archived.
    pub async fn standing(&self, id: &str) -> Result<Option<Standing>, sqlx::Error> {
        let row = sqlx::query(
            "SELECT seq, side, over, told_0, told_1, archived FROM games WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| {
            Ok(Standing {
                seq: r.try_get("seq")?,
                side: r.try_get::<i64, _>("side")? as u8,
                over: r.try_get::<i64, _>("over")? != 0,
                told: [r.try_get("told_0")?, r.try_get("told_1")?],
                archived: r.try_get::<i64, _>("archived")? != 0,
            })
        })
        .transpose()
    }

    /// Archives every game whose last order (or creation) is older than `before` (seconds
    /// since the epoch): its seats are closed, the text of its outcomes dropped; its seed and
    /// order log stay, so its save can still be made. Returns the games archived.
    pub async fn archive_idle(&self, before: i64) -> Result<Vec<String>, sqlx::Error> {
        let ids: Vec<String> =
            sqlx::query_scalar("SELECT id FROM games WHERE archived = 0 AND updated < $1")
                .bind(before)
                .fetch_all(&self.pool)
                .await?;
        for id in &ids {
            let mut tx = self.pool.begin().await?;
            sqlx::query("UPDATE games SET archived = 1, snapshot = '' WHERE id = $1")
                .bind(id)
                .execute(&mut *tx)
                .await?;
            sqlx::query("UPDATE orders SET outcomes = '[]', seen = '' WHERE game_id = $1")
                .bind(id)
                .execute(&mut *tx)
                .await?;
            tx.commit().await?;
        }
        Ok(ids)
    }

    pub async fn seq(&self, id: &str) -> Result<Option<i64>, sqlx::Error> {
        Ok(self.standing(id).await?.map(|s| s.seq))
    }

    /// The game's orders after `after`, in order.
    pub async fn orders(&self, id: &str, after: i64) -> Result<Vec<OrderRow>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT seq, side, seat, order_json, outcomes, seen, shown FROM orders WHERE game_id = $1 AND seq > $2 ORDER BY seq",
        )
        .bind(id)
        .bind(after)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(OrderRow {
                    seq: r.try_get("seq")?,
                    side: r.try_get::<i64, _>("side")? as u8,
                    seat: r.try_get::<i64, _>("seat")? as u8,
                    order_json: r.try_get("order_json")?,
                    outcomes: r.try_get("outcomes")?,
                    seen: r.try_get("seen")?,
                    shown: r.try_get("shown")?,
                })
            })
            .collect()
    }

    /// The game's order that the side of `bit` numbers `told` (0: before the first), or the
    /// game's last order when it was told fewer.
    pub async fn order_told(&self, id: &str, bit: i64, told: i64) -> Result<i64, sqlx::Error> {
        if told <= 0 {
            return Ok(0);
        }
        let seq: Option<i64> = sqlx::query_scalar(
            "SELECT seq FROM orders WHERE game_id = $1 AND (shown & $2) <> 0 ORDER BY seq LIMIT 1 OFFSET $3",
        )
        .bind(id)
        .bind(bit)
        .bind(told - 1)
        .fetch_optional(&self.pool)
        .await?;
        match seq {
            Some(s) => Ok(s),
            None => Ok(self.seq(id).await?.unwrap_or(0)),
        }
    }

    /// Commits orders of several games in one transaction (group commit: one disk flush for
    /// all). Each must follow its game's last order; `Overtaken` when one did not (another
    /// server took that place first) and nothing was committed.
    pub async fn commit(&self, batch: &[Commit]) -> Result<Committed, sqlx::Error> {
        let mut tx = self.pool.begin().await?;
        for c in batch {
            let moved = sqlx::query(
                "UPDATE games SET seq = $1, side = $2, over = $3, turn = $4, updated = $5,
                 told_0 = told_0 + $8, told_1 = told_1 + $9
                 WHERE id = $6 AND seq = $7 AND archived = 0",
            )
            .bind(c.order.seq)
            .bind(c.side_after as i64)
            .bind(c.over_after as i64)
            .bind(&c.turn_after)
            .bind(now())
            .bind(&c.game_id)
            .bind(c.order.seq - 1)
            .bind(i64::from(c.order.shown & shown_bit(0) != 0))
            .bind(i64::from(c.order.shown & shown_bit(1) != 0))
            .execute(&mut *tx)
            .await?;
            if moved.rows_affected() != 1 {
                tx.rollback().await?;
                return Ok(Committed::Overtaken);
            }
            sqlx::query(
                "INSERT INTO orders (game_id, seq, side, order_json, outcomes, seen, shown, at, seat) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
            )
            .bind(&c.game_id)
            .bind(c.order.seq)
            .bind(c.order.side as i64)
            .bind(&c.order.order_json)
            .bind(&c.order.outcomes)
            .bind(&c.order.seen)
            .bind(c.order.shown)
            .bind(now())
            .bind(c.order.seat as i64)
            .execute(&mut *tx)
            .await?;
            self.club_after(&mut tx, c).await?;
            if !self.sqlite {
                // Delivered to the listening servers when (and only if) this commits.
                sqlx::query("SELECT pg_notify($1, $2)")
                    .bind(ORDERS_CHANNEL)
                    .bind(format!(
                        "{} {} {} {}",
                        c.game_id, c.order.seq, c.side_after, c.over_after as u8
                    ))
                    .execute(&mut *tx)
                    .await?;
            }
        }
        tx.commit().await?;
        Ok(Committed::Kept)
    }

    /// What the club does with an order, in its transaction: a turn passed to the other side
    /// starts its deadline and tells its players; the battle's end is the game's, settles a
    /// rated game and tells both sides.
    async fn club_after(
        &self,
        tx: &mut sqlx::Transaction<'static, sqlx::Any>,
        c: &Commit,
    ) -> Result<(), sqlx::Error> {
        let at = now();
        // The sides' names, read only where a notice is written (not for every order).
        async fn names_of(
            tx: &mut sqlx::Transaction<'static, sqlx::Any>,
            game: &str,
        ) -> Result<[String; 2], sqlx::Error> {
            let names: String = sqlx::query_scalar("SELECT names FROM games WHERE id = $1")
                .bind(game)
                .fetch_one(&mut **tx)
                .await?;
            Ok(serde_json::from_str(&names).unwrap_or_default())
        }
        if c.over_after {
            let ending = Ending {
                by: EndedBy::Battle,
                winner: c.winner,
                at,
            };
            let ended =
                sqlx::query("UPDATE terms SET ended = $1 WHERE game_id = $2 AND ended = ''")
                    .bind(serde_json::to_string(&ending).unwrap_or_default())
                    .bind(&c.game_id)
                    .execute(&mut **tx)
                    .await?;
            if ended.rows_affected() == 1 {
                let battle = names_of(tx, &c.game_id).await?;
                super::ratings::settle(&mut **tx, &c.game_id, c.winner, at).await?;
                let notice = super::outbox::Notice {
                    key: format!("{}/ended", c.game_id),
                    subject: format!("The battle is over: {} against {}", battle[0], battle[1]),
                    body: ending_words(&ending, &battle),
                };
                super::outbox::queue_for_side(&mut **tx, &c.game_id, None, &notice, "/", at)
                    .await?;
            }
            return Ok(());
        }
        let turned = sqlx::query(
            "UPDATE terms SET turn_began = $1, began_side = $2, reminded = 0
             WHERE game_id = $3 AND began_side <> $2",
        )
        .bind(at)
        .bind(c.side_after as i64)
        .bind(&c.game_id)
        .execute(&mut **tx)
        .await?;
        if turned.rows_affected() == 1 {
            sqlx::query("UPDATE teams SET ready = '[]' WHERE game_id = $1")
                .bind(&c.game_id)
                .execute(&mut **tx)
                .await?;
            let battle = names_of(tx, &c.game_id).await?;
            let mine = battle
                .get(c.side_after as usize)
                .cloned()
                .unwrap_or_default();
            let notice = super::outbox::Notice {
                key: format!("{}/{}/turn", c.game_id, c.order.seq),
                subject: format!(
                    "Your turn: the {mine} ({} against {})",
                    battle[0], battle[1]
                ),
                body: format!(
                    "The other side has ended its turn. The {mine} are waiting for your orders."
                ),
            };
            super::outbox::queue_for_side(
                &mut **tx,
                &c.game_id,
                Some(c.side_after),
                &notice,
                "/",
                at,
            )
            .await?;
        }
        Ok(())
    }

    /// On PostgreSQL, calls `heard` with each order any server commits (its game and the
    /// game's progress after it), as PostgreSQL announces it, for as long as this runs; a lost
    /// connection is made again. On SQLite (one server per file) it returns at once.
    pub async fn listen(&self, heard: impl Fn(&str, (i64, u8, bool))) {
        if self.sqlite {
            return;
        }
        loop {
            let listener = async {
                let mut l = sqlx::postgres::PgListener::connect(&self.url).await?;
                l.listen(ORDERS_CHANNEL).await?;
                Ok::<_, sqlx::Error>(l)
            };
            let mut l = match listener.await {
                Ok(l) => l,
                Err(_) => {
                    tokio::time::sleep(std::time::Duration::from_secs(1)).await;
                    continue;
                }
            };
            // `recv` makes a lost connection again itself; an error is one it could not make.
            while let Ok(n) = l.recv().await {
                let mut parts = n.payload().split(' ');
                let (Some(game), Some(seq), Some(side), Some(over)) =
                    (parts.next(), parts.next(), parts.next(), parts.next())
                else {
                    continue;
                };
                if let (Ok(seq), Ok(side)) = (seq.parse(), side.parse()) {
                    heard(game, (seq, side, over == "1"));
                }
            }
            tokio::time::sleep(std::time::Duration::from_secs(1)).await;
        }
    }
}

/// A shared scenario's listing from its row.
fn shared_row(r: &sqlx::any::AnyRow) -> Result<crate::dispatch::Shared, sqlx::Error> {
    Ok(crate::dispatch::Shared {
        id: r.try_get("id")?,
        name: r.try_get("name")?,
        author: r.try_get("author")?,
        file: r.try_get("file")?,
        units: r.try_get::<i64, _>("units")? as u32,
        turns: r.try_get::<i64, _>("turns")? as u32,
        width: r.try_get::<i64, _>("width")? as u32,
        height: r.try_get::<i64, _>("height")? as u32,
        created: r.try_get("created")?,
    })
}
