//! Accounts (issue 62, item 1): a player registers with a name and a password (kept as an
//! argon2id hash) and signs in for a session, a random token the server keeps only as its
//! SHA-256, lapsing after thirty days; he signs out here or everywhere, changes his password
//! (which ends his other sessions) and deletes his account with its sessions. Wrong passwords
//! are counted by name in the database, so that two servers on one database count together:
//! from the third each try must wait longer, from the tenth the name is closed for a quarter of
//! an hour. A name without an account is answered as a wrong password is, in the same time.
//! Neither a password nor a token is ever written to a log (the access log has the path only).

use std::sync::Arc;

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{ConnectInfo, State};
use axum::http::HeaderMap;
use axum::response::Response;
use serde::Deserialize;
use sqlx::Row;

use super::api::{
    Server, answer, bearer, client_address, parse_json, refusal, too_many, too_many_because,
};
use super::db::{now, now_ms};
use super::referee::{Refused, db_error};
use crate::dispatch::Problem;
use crate::dispatch::account::{
    Account, Credentials, Deletion, PasswordChange, Session, SignedOut,
};

/// How long a session lasts, in seconds.
pub const SESSION_LIFE: i64 = 30 * 24 * 3600;
/// Wrong passwords for one name before each try must wait (1 s, then doubling).
pub const FREE_TRIES: i64 = 3;
/// Wrong passwords for one name before it is closed for `CLOSED_FOR` seconds.
pub const MOST_TRIES: i64 = 10;
pub const CLOSED_FOR: i64 = 15 * 60;
/// The shortest and longest password kept.
pub const PASSWORD_CHARS: (usize, usize) = (10, 200);
/// An account request's body.
const LIMIT: usize = 4096;

/// A name as accounts compare them: trimmed, in lower case.
pub(super) fn folded(name: &str) -> String {
    name.trim().to_lowercase()
}

/// A name to register: 2 to 32 letters, digits, spaces, `-`, `_` or `.`, not all spaces.
fn name_ok(name: &str) -> Result<&str, Refused> {
    let n = name.trim();
    let count = n.chars().count();
    if !(2..=32).contains(&count) || !n.chars().all(|c| c.is_alphanumeric() || " -_.".contains(c)) {
        return Err(Refused::new(
            Problem::Malformed,
            "name: expected 2 to 32 letters, digits, spaces, - _ or .",
        ));
    }
    Ok(n)
}

/// A password to keep: 10 to 200 characters, not the name, not one character repeated.
fn password_ok(password: &str, name: &str) -> Result<(), Refused> {
    let count = password.chars().count();
    let weak = |why: &str| Err(Refused::new(Problem::WeakPassword, why.to_string()));
    if count < PASSWORD_CHARS.0 || count > PASSWORD_CHARS.1 {
        return weak("password: expected 10 to 200 characters");
    }
    if folded(password) == folded(name) {
        return weak("password: it must not be the name");
    }
    let mut chars = password.chars();
    let first = chars.next();
    if chars.all(|c| Some(c) == first) {
        return weak("password: one character repeated is too easy to guess");
    }
    Ok(())
}

/// The password's argon2id hash, as PHC text (its salt and parameters in it). Slow on purpose:
/// run off the server's async threads.
async fn hash(password: String) -> Result<String, Refused> {
    let salt = super::seats::random_bytes::<16>()
        .map_err(|_| Refused::new(Problem::NoRandomness, "the system's random source failed"))?;
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::encode_b64(&salt).map_err(|e| e.to_string())?;
        argon2::Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
            .map_err(|e| e.to_string())
    })
    .await
    .map_err(|e| e.to_string())
    .and_then(|r| r)
    .map_err(|e| {
        Refused::new(
            Problem::Unavailable,
            format!("the password could not be hashed: {e}"),
        )
    })
}

/// Whether `password` is the one `stored` hashes; with no account, a hash of nothing is
/// checked instead, so that the answer takes as long either way.
async fn verify(password: String, stored: Option<String>) -> bool {
    tokio::task::spawn_blocking(move || {
        let stored = stored.unwrap_or_else(|| nobody().to_string());
        PasswordHash::new(&stored).is_ok_and(|h| {
            argon2::Argon2::default()
                .verify_password(password.as_bytes(), &h)
                .is_ok()
        })
    })
    .await
    .unwrap_or(false)
}

/// The hash a sign-in without an account is checked against (its password is random).
fn nobody() -> &'static str {
    static NOBODY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    NOBODY.get_or_init(|| {
        let salt = SaltString::encode_b64(b"bayonet-nobody!!").expect("16 bytes encode");
        let secret = super::seats::random_bytes::<16>().unwrap_or([7; 16]);
        argon2::Argon2::default()
            .hash_password(&secret, &salt)
            .map(|h| h.to_string())
            .unwrap_or_default()
    })
}

fn wrong() -> Refused {
    Refused::new(
        Problem::WrongPassword,
        "no account has that name and password",
    )
}

fn signed_out() -> Refused {
    Refused::new(
        Problem::NotSignedIn,
        "not signed in (or the session ended): sign in again",
    )
}

/// `POST /api/accounts`: an account registered; the name is refused if another account has it
/// (compared without case).
pub async fn register(
    State(server): State<Arc<Server>>,
    ConnectInfo(super::guard::Peer(addr)): ConnectInfo<super::guard::Peer>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let client = client_address(&server, addr.ip(), &headers);
    if let Err(wait) = server.create_limits.take(&client.to_string()) {
        return too_many(wait);
    }
    let c: Credentials = match parse_json(body, "the account", LIMIT) {
        Ok(c) => c,
        Err(r) => return r,
    };
    match registered(&server, &c).await {
        Ok(a) => answer(&a),
        Err(r) => refusal(r),
    }
}

async fn registered(server: &Server, c: &Credentials) -> Result<Account, Refused> {
    let name = name_ok(&c.name)?;
    password_ok(&c.password, name)?;
    let hashed = hash(c.password.clone()).await?;
    let created = now();
    let done =
        sqlx::query("INSERT INTO accounts (folded, name, hash, created) VALUES ($1, $2, $3, $4)")
            .bind(folded(name))
            .bind(name)
            .bind(&hashed)
            .bind(created)
            .execute(&server.store.pool)
            .await;
    match done {
        Ok(_) => Ok(Account {
            name: name.to_string(),
            created,
            sessions: 0,
        }),
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Err(Refused::new(
            Problem::NameTaken,
            format!("the name \"{name}\" has an account already: choose another"),
        )),
        Err(e) => Err(db_error(e)),
    }
}

/// `POST /api/sessions`: signed in; a session's token. Wrong passwords for a name make the
/// next try wait, then close the name for a while.
pub async fn sign_in(
    State(server): State<Arc<Server>>,
    ConnectInfo(super::guard::Peer(addr)): ConnectInfo<super::guard::Peer>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let c: Credentials = match parse_json(body, "the name and password", LIMIT) {
        Ok(c) => c,
        Err(r) => return r,
    };
    let client = client_address(&server, addr.ip(), &headers);
    match session_for(&server, &c, client).await {
        Ok(s) => answer(&s),
        Err(Wait::For(ms, why)) => {
            too_many_because(ms as f64 / 1000.0, &format!("{why} for this name"))
        }
        Err(Wait::Refused(r)) => refusal(r),
    }
}

enum Wait {
    /// Milliseconds to wait, and why.
    For(i64, String),
    Refused(Refused),
}

impl From<Refused> for Wait {
    fn from(r: Refused) -> Wait {
        Wait::Refused(r)
    }
}

/// Where a name's wrong passwords from one address are counted: the waits and the closing
/// after ten are the name's *from that address* (issue 77, item 7: counted by the name alone,
/// ten wrong passwords every quarter hour from anywhere kept its owner out for good; now a
/// stranger shuts out only himself, and the owner's right password from his own address opens).
fn failures_key(folded: &str, client: std::net::IpAddr) -> String {
    format!("{folded}{FAILURES_APART}{client}")
}

/// What parts a name from an address in `sign_in_failures` (no name holds it).
const FAILURES_APART: char = '\u{1}';

async fn session_for(
    server: &Server,
    c: &Credentials,
    client: std::net::IpAddr,
) -> Result<Session, Wait> {
    let key = folded(&c.name);
    let tried = failures_key(&key, client);
    let pool = &server.store.pool;
    let t = now();
    let failed = sqlx::query("SELECT failures, last FROM sign_in_failures WHERE folded = $1")
        .bind(&tried)
        .fetch_optional(pool)
        .await
        .map_err(db_error)?;
    if let Some(r) = failed {
        let (failures, last): (i64, i64) = (
            r.try_get("failures").map_err(db_error)?,
            r.try_get("last").map_err(db_error)?,
        );
        if let Some(wait) = must_wait(failures, now_ms() - last) {
            return Err(Wait::For(wait, format!("{failures} wrong passwords")));
        }
    }
    let row = sqlx::query("SELECT name, hash FROM accounts WHERE folded = $1")
        .bind(&key)
        .fetch_optional(pool)
        .await
        .map_err(db_error)?;
    let (name, stored) = match row {
        Some(r) => (
            r.try_get::<String, _>("name").map_err(db_error)?,
            Some(r.try_get::<String, _>("hash").map_err(db_error)?),
        ),
        None => (String::new(), None),
    };
    let known = stored.is_some();
    if !verify(c.password.clone(), stored).await || !known {
        sqlx::query(
            "INSERT INTO sign_in_failures (folded, failures, last) VALUES ($1, 1, $2)
             ON CONFLICT (folded) DO UPDATE SET failures = sign_in_failures.failures + 1, last = $2",
        )
        .bind(&tried)
        // The wait runs from the answer, not from the ask: checking a password takes a while.
        .bind(now_ms())
        .execute(pool)
        .await
        .map_err(db_error)?;
        return Err(wrong().into());
    }
    sqlx::query("DELETE FROM sign_in_failures WHERE folded = $1")
        .bind(&tried)
        .execute(pool)
        .await
        .map_err(db_error)?;
    let token = super::seats::new_session()
        .map_err(|_| Refused::new(Problem::NoRandomness, "the system's random source failed"))?;
    let expires = t + SESSION_LIFE;
    sqlx::query(
        "INSERT INTO sessions (token_hash, account, created, expires) VALUES ($1, $2, $3, $4)",
    )
    .bind(super::seats::token_hash(&token))
    .bind(&key)
    .bind(t)
    .bind(expires)
    .execute(pool)
    .await
    .map_err(db_error)?;
    Ok(Session {
        token,
        name,
        expires,
    })
}

/// How long (in milliseconds) a sign-in must wait after `failures` wrong passwords, the last
/// `since` milliseconds ago; `None` when it may try now.
pub fn must_wait(failures: i64, since: i64) -> Option<i64> {
    let wait = 1000
        * if failures >= MOST_TRIES {
            CLOSED_FOR
        } else if failures >= FREE_TRIES {
            1 << (failures - FREE_TRIES).min(10)
        } else {
            0
        };
    (since < wait).then_some(wait - since)
}

/// The account a request's session belongs to (its folded name), or why there is none.
pub async fn signed_in(server: &Server, headers: &HeaderMap) -> Result<String, Refused> {
    let token = bearer(headers)
        .filter(|t| t.starts_with(super::seats::SESSION_PREFIX))
        .ok_or_else(signed_out)?;
    let row = sqlx::query("SELECT account, expires FROM sessions WHERE token_hash = $1")
        .bind(super::seats::token_hash(token))
        .fetch_optional(&server.store.pool)
        .await
        .map_err(db_error)?
        .ok_or_else(signed_out)?;
    let expires: i64 = row.try_get("expires").map_err(db_error)?;
    if expires <= now() {
        return Err(signed_out());
    }
    row.try_get("account").map_err(db_error)
}

/// `GET /api/account`: the signed-in account.
pub async fn account(State(server): State<Arc<Server>>, headers: HeaderMap) -> Response {
    let found = async {
        let key = signed_in(&server, &headers).await?;
        let pool = &server.store.pool;
        let r = sqlx::query("SELECT name, created FROM accounts WHERE folded = $1")
            .bind(&key)
            .fetch_optional(pool)
            .await
            .map_err(db_error)?
            .ok_or_else(signed_out)?;
        let sessions: i64 =
            sqlx::query("SELECT COUNT(*) AS n FROM sessions WHERE account = $1 AND expires > $2")
                .bind(&key)
                .bind(now())
                .fetch_one(pool)
                .await
                .map_err(db_error)?
                .try_get("n")
                .map_err(db_error)?;
        Ok::<_, Refused>(Account {
            name: r.try_get("name").map_err(db_error)?,
            created: r.try_get("created").map_err(db_error)?,
            sessions: sessions as u32,
        })
    };
    match found.await {
        Ok(a) => answer(&a),
        Err(r) => refusal(r),
    }
}

#[derive(Deserialize)]
pub struct Everywhere {
    #[serde(default)]
    everywhere: bool,
}

/// `DELETE /api/sessions[?everywhere=true]`: this session ended, or every one of the account's.
pub async fn sign_out(
    State(server): State<Arc<Server>>,
    super::api::Asked(how): super::api::Asked<Everywhere>,
    headers: HeaderMap,
) -> Response {
    let ended = async {
        let key = signed_in(&server, &headers).await?;
        let q = if how.everywhere {
            sqlx::query("DELETE FROM sessions WHERE account = $1").bind(key)
        } else {
            let token = bearer(&headers).unwrap_or_default();
            sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
                .bind(super::seats::token_hash(token))
        };
        let done = q.execute(&server.store.pool).await.map_err(db_error)?;
        Ok::<_, Refused>(SignedOut {
            ended: done.rows_affected() as u32,
        })
    };
    match ended.await {
        Ok(s) => answer(&s),
        Err(r) => refusal(r),
    }
}

/// The signed-in account's name and hash, its password checked first.
async fn owner(server: &Server, headers: &HeaderMap, password: &str) -> Result<String, Refused> {
    let key = signed_in(server, headers).await?;
    let stored: String = sqlx::query("SELECT hash FROM accounts WHERE folded = $1")
        .bind(&key)
        .fetch_optional(&server.store.pool)
        .await
        .map_err(db_error)?
        .ok_or_else(signed_out)?
        .try_get("hash")
        .map_err(db_error)?;
    if verify(password.to_string(), Some(stored)).await {
        Ok(key)
    } else {
        Err(Refused::new(
            Problem::WrongPassword,
            "that is not the account's password",
        ))
    }
}

/// `POST /api/account/password`: the password changed; the account's other sessions end.
pub async fn change_password(
    State(server): State<Arc<Server>>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let p: PasswordChange = match parse_json(body, "the passwords", LIMIT) {
        Ok(p) => p,
        Err(r) => return r,
    };
    let changed = async {
        let key = owner(&server, &headers, &p.old).await?;
        password_ok(&p.new, &key)?;
        let hashed = hash(p.new.clone()).await?;
        let pool = &server.store.pool;
        let mut tx = pool.begin().await.map_err(db_error)?;
        sqlx::query("UPDATE accounts SET hash = $1 WHERE folded = $2")
            .bind(&hashed)
            .bind(&key)
            .execute(&mut *tx)
            .await
            .map_err(db_error)?;
        let this = super::seats::token_hash(bearer(&headers).unwrap_or_default());
        let done = sqlx::query("DELETE FROM sessions WHERE account = $1 AND token_hash <> $2")
            .bind(&key)
            .bind(&this)
            .execute(&mut *tx)
            .await
            .map_err(db_error)?;
        tx.commit().await.map_err(db_error)?;
        Ok::<_, Refused>(SignedOut {
            ended: done.rows_affected() as u32,
        })
    };
    match changed.await {
        Ok(s) => answer(&s),
        Err(r) => refusal(r),
    }
}

/// `POST /api/account/delete`: the account deleted with its sessions, its count of wrong
/// passwords, its claims and the keys to its seats; its password again proves it is the owner.
pub async fn delete(
    State(server): State<Arc<Server>>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let d: Deletion = match parse_json(body, "the password", LIMIT) {
        Ok(d) => d,
        Err(r) => return r,
    };
    let deleted = async {
        let key = owner(&server, &headers, &d.password).await?;
        let mut tx = server.store.pool.begin().await.map_err(db_error)?;
        let ended = sqlx::query("DELETE FROM sessions WHERE account = $1")
            .bind(&key)
            .execute(&mut *tx)
            .await
            .map_err(db_error)?
            .rows_affected();
        sqlx::query("DELETE FROM accounts WHERE folded = $1")
            .bind(&key)
            .execute(&mut *tx)
            .await
            .map_err(db_error)?;
        // The name's wrong passwords from every address.
        let prefix = format!("{key}{FAILURES_APART}");
        sqlx::query("DELETE FROM sign_in_failures WHERE substr(folded, 1, $2) = $1")
            .bind(&prefix)
            .bind(prefix.chars().count() as i32)
            .execute(&mut *tx)
            .await
            .map_err(db_error)?;
        // Its games' claims and the keys to their seats go too (the guests' invites stay), and
        // everything else kept by its name, so that nothing of it passes to whoever registers
        // the name next (issue 77, item 1): where its notifications went and the mail waiting
        // for it, its place on the ladder, its challenges, and its seats in the lobby's games
        // (a rated game of its own then moves no one's rating, and no one may ask a rematch
        // of it in its name).
        for sql in [
            "DELETE FROM claims WHERE account = $1",
            "DELETE FROM seat_keys WHERE account = $1",
            "DELETE FROM notify WHERE account = $1",
            "DELETE FROM outbox WHERE account = $1",
            "DELETE FROM ratings WHERE account = $1",
            "DELETE FROM challenges WHERE by_account = $1",
            "DELETE FROM challenges WHERE to_account = $1",
            "UPDATE terms SET account_0 = '' WHERE account_0 = $1",
            "UPDATE terms SET account_1 = '' WHERE account_1 = $1",
        ] {
            sqlx::query(sql)
                .bind(&key)
                .execute(&mut *tx)
                .await
                .map_err(db_error)?;
        }
        tx.commit().await.map_err(db_error)?;
        Ok::<_, Refused>(SignedOut {
            ended: ended as u32,
        })
    };
    match deleted.await {
        Ok(s) => answer(&s),
        Err(r) => refusal(r),
    }
}

/// The routes of accounts and sessions, for the server's router.
pub fn routes() -> axum::Router<Arc<Server>> {
    use crate::dispatch::Route;
    use axum::routing::{get, post};
    axum::Router::new()
        .route(Route::Accounts.path(), post(register))
        .route(Route::Account.path(), get(account))
        .route(Route::Password.path(), post(change_password))
        .route(Route::DeleteAccount.path(), post(delete))
        .route(Route::Sessions.path(), post(sign_in).delete(sign_out))
}
