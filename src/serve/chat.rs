//! A game's chat (issue 62, item 7): a seat says a line to its own side or to both; a seat reads
//! the lines its side may (its side's and those to all), kept with the game. The server adds
//! nothing of the game to them, so nothing in the chat comes from what a side cannot see.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::State;
use axum::extract::rejection::BytesRejection;
use axum::http::HeaderMap;
use axum::response::Response;
use sqlx::Row;

use super::api::{Server, answer, parse_json, refusal, seat};
use super::db::now;
use super::referee::{Refused, db_error};
use crate::dispatch::Problem;
use crate::dispatch::club::{ChatLine, MOST_CHAT, Say};

/// The lines a game keeps at most.
pub const MOST_LINES: i64 = 5000;

/// Who says a line from `side`: the account that claimed the seat, where one alone did, else
/// the side's name.
async fn author(
    server: &Server,
    game: &str,
    side: u8,
    side_name: &str,
) -> Result<String, sqlx::Error> {
    let names: Vec<String> = sqlx::query_scalar(
        "SELECT a.name FROM claims c JOIN accounts a ON a.folded = c.account
         WHERE c.game_id = $1 AND c.side = $2 ORDER BY a.name",
    )
    .bind(game)
    .bind(side as i64)
    .fetch_all(&server.store.pool)
    .await?;
    Ok(match names.as_slice() {
        [one] => one.clone(),
        _ => side_name.to_owned(),
    })
}

async fn names_of(server: &Server, game: &str) -> Result<[String; 2], Refused> {
    let names: Option<String> = sqlx::query_scalar("SELECT names FROM games WHERE id = $1")
        .bind(game)
        .fetch_optional(&server.store.pool)
        .await
        .map_err(db_error)?;
    names
        .and_then(|n| serde_json::from_str(&n).ok())
        .ok_or_else(|| Refused::new(Problem::NoGame, "no such game"))
}

/// `POST /api/game/chat`: a line said.
pub async fn say(
    State(server): State<Arc<Server>>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let s = match seat(&server, &headers, None).await {
        Ok(s) => s,
        Err(r) => return r,
    };
    let said: Say = match parse_json(body, "the chat line", 8 * 1024) {
        Ok(a) => a,
        Err(r) => return r,
    };
    let done = async {
        let text = said.text.trim();
        if text.is_empty() || text.chars().count() > MOST_CHAT {
            return Err(Refused::new(
                Problem::Malformed,
                format!("a chat line is 1 to {MOST_CHAT} characters"),
            ));
        }
        let text: String = text
            .chars()
            .map(|c| if c.is_control() && c != '\n' { ' ' } else { c })
            .collect();
        let names = names_of(&server, &s.game).await?;
        let who = author(&server, &s.game, s.side, &names[s.side as usize & 1])
            .await
            .map_err(db_error)?;
        // Numbered in the game; two lines said at once take two numbers (the second tries
        // again after the first).
        for _ in 0..5 {
            let n: i64 =
                sqlx::query_scalar("SELECT COALESCE(MAX(n), 0) + 1 FROM chat WHERE game_id = $1")
                    .bind(&s.game)
                    .fetch_one(&server.store.pool)
                    .await
                    .map_err(db_error)?;
            if n > MOST_LINES {
                return Err(Refused::new(
                    Problem::TooLarge,
                    format!("this game's chat is full ({MOST_LINES} lines)"),
                ));
            }
            let kept = sqlx::query(
                "INSERT INTO chat (game_id, n, side, author, to_all, text, at) VALUES ($1, $2, $3, $4, $5, $6, $7)
                 ON CONFLICT (game_id, n) DO NOTHING",
            )
            .bind(&s.game)
            .bind(n)
            .bind(s.side as i64)
            .bind(&who)
            .bind(i64::from(said.to_all))
            .bind(&text)
            .bind(now())
            .execute(&server.store.pool)
            .await
            .map_err(db_error)?;
            if kept.rows_affected() == 1 {
                return Ok(ChatLine {
                    n,
                    side: s.side,
                    side_name: names[s.side as usize & 1].clone(),
                    author: who,
                    to_all: said.to_all,
                    text,
                    at: now(),
                });
            }
        }
        Err(Refused::new(
            Problem::Unavailable,
            "the chat is busy; say it again",
        ))
    };
    match done.await {
        Ok(l) => answer(&l),
        Err(r) => refusal(r),
    }
}

/// The lines `side` may read, after line `after`.
pub async fn lines_for(
    server: &Server,
    game: &str,
    side: u8,
    after: i64,
) -> Result<Vec<ChatLine>, Refused> {
    let names = names_of(server, game).await?;
    let rows = sqlx::query(
        "SELECT n, side, author, to_all, text, at FROM chat
         WHERE game_id = $1 AND n > $2 AND (to_all = 1 OR side = $3) ORDER BY n LIMIT 1000",
    )
    .bind(game)
    .bind(after)
    .bind(side as i64)
    .fetch_all(&server.store.pool)
    .await
    .map_err(db_error)?;
    rows.iter()
        .map(|r| {
            let side = r.try_get::<i64, _>("side")? as u8 & 1;
            Ok(ChatLine {
                n: r.try_get("n")?,
                side,
                side_name: names[side as usize].clone(),
                author: r.try_get("author")?,
                to_all: r.try_get::<i64, _>("to_all")? != 0,
                text: r.try_get("text")?,
                at: r.try_get("at")?,
            })
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()
        .map_err(db_error)
}

/// How many lines `side` may read that another side said after line `read`.
pub async fn unread(server: &Server, game: &str, side: u8, read: i64) -> Result<u32, Refused> {
    let n: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM chat WHERE game_id = $1 AND n > $2 AND side <> $3 AND (to_all = 1 OR side = $3)",
    )
    .bind(game)
    .bind(read)
    .bind(side as i64)
    .fetch_one(&server.store.pool)
    .await
    .map_err(db_error)?;
    Ok(n as u32)
}

/// `GET /api/game/chat[?after=N]`: the lines the seat's side may read; the accounts holding the
/// seat have read them.
pub async fn read(
    State(server): State<Arc<Server>>,
    headers: HeaderMap,
    query: axum::extract::RawQuery,
) -> Response {
    let s = match seat(&server, &headers, None).await {
        Ok(s) => s,
        Err(r) => return r,
    };
    let after = query
        .0
        .as_deref()
        .and_then(|q| {
            form_urlencoded::parse(q.as_bytes())
                .find(|(k, _)| k == "after")
                .and_then(|(_, v)| v.parse::<i64>().ok())
        })
        .unwrap_or(0);
    let got = async {
        let lines = lines_for(&server, &s.game, s.side, after).await?;
        if let Some(last) = lines.last() {
            sqlx::query(
                "UPDATE claims SET chat_read = $1 WHERE game_id = $2 AND side = $3 AND chat_read < $1",
            )
            .bind(last.n)
            .bind(&s.game)
            .bind(s.side as i64)
            .execute(&server.store.pool)
            .await
            .map_err(db_error)?;
        }
        Ok::<_, Refused>(lines)
    };
    match got.await {
        Ok(l) => answer(&l),
        Err(r) => refusal(r),
    }
}

/// The chat's routes.
pub fn routes() -> axum::Router<Arc<Server>> {
    use crate::dispatch::Route;
    use axum::routing::get;
    axum::Router::new().route(Route::Chat.path(), get(read).post(say))
}
