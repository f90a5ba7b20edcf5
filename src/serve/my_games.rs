//! An account's games (issue 62, items 1 and 2): a guest's seat claimed by a signed-in player
//! with its invite; the account's games listed with whose turn it is and since when (nothing a
//! side could not see); and a key to one of its seats, which the seat then uses as its invite,
//! so that a game opens from the list without the invite kept anywhere.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::State;
use axum::extract::rejection::BytesRejection;
use axum::http::HeaderMap;
use axum::response::Response;
use sqlx::Row;

use super::accounts::signed_in;
use super::api::{Server, answer, parse_json, refusal};
use super::db::now;
use super::referee::{Refused, db_error};
use crate::dispatch::account::{Claim, MyGame, SeatAsk, SeatKey};
use crate::dispatch::{Problem, TurnSummary};

const LIMIT: usize = 4096;
/// The keys one account keeps to one seat (a device each); the oldest go first.
pub const KEYS_PER_SEAT: i64 = 8;

fn unknown() -> Refused {
    Refused::new(
        Problem::UnknownInvite,
        "the invite is not a seat of any game on this server",
    )
}

/// `POST /api/account/claim`: the invite's seat becomes one of the account's games. The invite
/// goes on working for whoever holds it.
pub async fn claim(
    State(server): State<Arc<Server>>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let c: Claim = match parse_json(body, "the claim", LIMIT) {
        Ok(c) => c,
        Err(r) => return r,
    };
    match claimed(&server, &headers, &c).await {
        Ok(g) => answer(&g),
        Err(r) => refusal(r),
    }
}

async fn claimed(server: &Server, headers: &HeaderMap, c: &Claim) -> Result<MyGame, Refused> {
    let account = signed_in(server, headers).await?;
    if !super::seats::well_formed(&c.invite) {
        return Err(unknown());
    }
    let super::db::Seated {
        game, side, seat, ..
    } = server
        .store
        .seat(&super::seats::token_hash(&c.invite))
        .await
        .map_err(db_error)?
        .ok_or_else(unknown)?;
    let pool = &server.store.pool;
    let held = holds(pool, &account, &game, side).await?;
    if held.is_none() {
        sqlx::query(
            "INSERT INTO claims (account, game_id, side, claimed, seat) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(&account)
        .bind(&game)
        .bind(side as i64)
        .bind(now())
        .bind(seat as i64)
        .execute(pool)
        .await
        .map_err(db_error)?;
    }
    listing(server, &game, side).await?.ok_or_else(unknown)
}

/// The seat on `side` that `account` claimed, if it claimed one.
async fn holds(
    pool: &sqlx::AnyPool,
    account: &str,
    game: &str,
    side: u8,
) -> Result<Option<u8>, Refused> {
    sqlx::query_scalar::<_, i64>(
        "SELECT seat FROM claims WHERE account = $1 AND game_id = $2 AND side = $3",
    )
    .bind(account)
    .bind(game)
    .bind(side as i64)
    .fetch_optional(pool)
    .await
    .map(|r| r.map(|s| s as u8))
    .map_err(db_error)
}

/// One game as the list shows it to `side`.
pub(super) async fn listing(
    server: &Server,
    game: &str,
    side: u8,
) -> Result<Option<MyGame>, Refused> {
    let Some(g) = server.store.game(game, false).await.map_err(db_error)? else {
        return Ok(None);
    };
    let since: i64 = sqlx::query("SELECT updated FROM games WHERE id = $1")
        .bind(game)
        .fetch_one(&server.store.pool)
        .await
        .map_err(db_error)?
        .try_get("updated")
        .map_err(db_error)?;
    let turn: TurnSummary = serde_json::from_str(&g.turn).map_err(|e| {
        Refused::new(
            Problem::Corrupt,
            format!("game {game}: its turn does not read: {e}"),
        )
    })?;
    let me = side as usize & 1;
    let terms = super::terms::terms_of(&server.store.pool, game)
        .await
        .map_err(db_error)?;
    let read: i64 = sqlx::query_scalar(
        "SELECT COALESCE(MAX(chat_read), 0) FROM claims WHERE game_id = $1 AND side = $2",
    )
    .bind(game)
    .bind(side as i64)
    .fetch_one(&server.store.pool)
    .await
    .map_err(db_error)?;
    let unread = super::chat::unread(server, game, side, read).await?;
    let ended = terms.ended.is_some();
    Ok(Some(MyGame {
        game: g.id.clone(),
        side,
        side_name: g.names[me].clone(),
        other_side: g.names[1 - me].clone(),
        scenario_file: g.scenario_file.clone(),
        turn,
        your_turn: !g.over && !ended && g.side == side,
        over: g.over || ended,
        since,
        terms,
        unread,
    }))
}

/// `GET /api/account/games`: the account's games, its turn first, then the latest.
pub async fn my_games(State(server): State<Arc<Server>>, headers: HeaderMap) -> Response {
    let listed = async {
        let account = signed_in(&server, &headers).await?;
        let rows = sqlx::query("SELECT game_id, side FROM claims WHERE account = $1")
            .bind(&account)
            .fetch_all(&server.store.pool)
            .await
            .map_err(db_error)?;
        let mut out = Vec::new();
        for r in rows {
            let game: String = r.try_get("game_id").map_err(db_error)?;
            let side: i64 = r.try_get("side").map_err(db_error)?;
            if let Some(g) = listing(&server, &game, side as u8).await? {
                out.push(g);
            }
        }
        out.sort_by_key(|g| (!g.your_turn, g.over, -g.since, g.game.clone()));
        Ok::<_, Refused>(out)
    };
    match listed.await {
        Ok(v) => answer(&v),
        Err(r) => refusal(r),
    }
}

/// `POST /api/account/seat`: a fresh key to one of the account's seats; another account's
/// seat is refused.
pub async fn seat_key(
    State(server): State<Arc<Server>>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let ask: SeatAsk = match parse_json(body, "the seat", LIMIT) {
        Ok(a) => a,
        Err(r) => return r,
    };
    let key = async {
        let account = signed_in(&server, &headers).await?;
        let pool = &server.store.pool;
        let Some(seat) = holds(pool, &account, &ask.game, ask.side).await? else {
            return Err(Refused::new(
                Problem::Forbidden,
                "not your seat: claim it with its invite first",
            ));
        };
        let invite = super::seats::new_invite().map_err(|_| {
            Refused::new(Problem::NoRandomness, "the system's random source failed")
        })?;
        // Each key newer than the seat's last, to the millisecond, so that the oldest go
        // first however fast they are asked for (in whole seconds a random one went). Read
        // before the transaction: SQLite cannot turn a reading transaction into a writing one
        // while another server writes ("database is locked").
        let last: Option<i64> = sqlx::query_scalar(
            "SELECT MAX(created) FROM seat_keys WHERE account = $1 AND game_id = $2 AND side = $3",
        )
        .bind(&account)
        .bind(&ask.game)
        .bind(ask.side as i64)
        .fetch_one(pool)
        .await
        .map_err(db_error)?;
        let created = super::db::now_ms().max(last.map_or(0, |l| l + 1));
        let mut tx = pool.begin().await.map_err(db_error)?;
        sqlx::query("INSERT INTO seat_keys (token_hash, account, game_id, side, created, seat) VALUES ($1, $2, $3, $4, $5, $6)")
            .bind(super::seats::token_hash(&invite))
            .bind(&account)
            .bind(&ask.game)
            .bind(ask.side as i64)
            .bind(created)
            .bind(seat as i64)
            .execute(&mut *tx)
            .await
            .map_err(db_error)?;
        // The oldest beyond the last few go (a device that has not opened it for long).
        sqlx::query(
            "DELETE FROM seat_keys WHERE account = $1 AND game_id = $2 AND side = $3 AND token_hash NOT IN
             (SELECT token_hash FROM seat_keys WHERE account = $1 AND game_id = $2 AND side = $3
              ORDER BY created DESC, token_hash LIMIT $4)",
        )
        .bind(&account)
        .bind(&ask.game)
        .bind(ask.side as i64)
        .bind(KEYS_PER_SEAT)
        .execute(&mut *tx)
        .await
        .map_err(db_error)?;
        tx.commit().await.map_err(db_error)?;
        Ok::<_, Refused>(SeatKey { invite })
    };
    match key.await {
        Ok(k) => answer(&k),
        Err(r) => refusal(r),
    }
}

/// The routes of an account's games.
pub fn routes() -> axum::Router<Arc<Server>> {
    use crate::dispatch::Route;
    use axum::routing::{get, post};
    axum::Router::new()
        .route(Route::Claim.path(), post(claim))
        .route(Route::MyGames.path(), get(my_games))
        .route(Route::SeatKey.path(), post(seat_key))
}
