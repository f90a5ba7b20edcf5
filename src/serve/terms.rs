//! A game's terms (issue 62, item 5): its deadline per side turn, a reminder before it, and
//! what a seat may do besides giving orders: resign, offer, accept or decline a draw, and claim
//! the game when the other side let its deadline pass. Each ending settles a rated game and
//! tells both sides, in the transaction that ends it; the referee then takes no more orders.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::State;
use axum::extract::rejection::BytesRejection;
use axum::http::HeaderMap;
use axum::response::Response;
use sqlx::Row;

use super::api::{Server, answer, parse_json, refusal, seat};
use super::db::{ending_words, now};
use super::referee::{Refused, db_error};
use crate::dispatch::Problem;
use crate::dispatch::club::{Act, ActAsk, EndedBy, Ending, Terms};

/// How long before a deadline its side is reminded: a quarter of the time, at most six hours.
pub fn reminder_secs(hours: u32) -> i64 {
    (i64::from(hours) * 3600 / 4).min(6 * 3600)
}

/// A game's terms as its seats see them (a game made before the club: none).
pub async fn terms_of(pool: &sqlx::AnyPool, game: &str) -> Result<Terms, sqlx::Error> {
    Ok(super::db::club_terms(pool, game)
        .await?
        .map(|h| h.terms)
        .unwrap_or_default())
}

fn over_already(e: &Ending, names: &[String; 2]) -> Refused {
    Refused::new(
        Problem::GameOver,
        format!("the game is over: {}", ending_words(e, names)),
    )
}

/// Ends the game as `ending` says, once: settles it if rated and tells both sides. False when
/// it had already ended.
async fn end(
    server: &Server,
    game: &str,
    ending: &Ending,
    names: &[String; 2],
) -> Result<bool, sqlx::Error> {
    let mut tx = server.store.pool.begin().await?;
    let done = sqlx::query(
        "UPDATE terms SET ended = $1, draw_offer = -1 WHERE game_id = $2 AND ended = ''
         AND game_id IN (SELECT id FROM games WHERE id = $2 AND over = 0)",
    )
    .bind(serde_json::to_string(ending).unwrap_or_default())
    .bind(game)
    .execute(&mut *tx)
    .await?;
    if done.rows_affected() != 1 {
        tx.rollback().await?;
        return Ok(false);
    }
    sqlx::query("UPDATE games SET updated = $1 WHERE id = $2")
        .bind(ending.at)
        .bind(game)
        .execute(&mut *tx)
        .await?;
    super::ratings::settle(&mut tx, game, ending.winner, ending.at).await?;
    let notice = super::outbox::Notice {
        key: format!("{game}/ended"),
        subject: format!("The game is over: {} against {}", names[0], names[1]),
        body: ending_words(ending, names),
    };
    super::outbox::queue_for_side(&mut tx, game, None, &notice, "/", ending.at).await?;
    tx.commit().await?;
    Ok(true)
}

async fn acted(server: &Server, game: &str, me: u8, act: Act) -> Result<Terms, Refused> {
    let pool = &server.store.pool;
    let no_terms = || Refused::new(Problem::NoGame, "the game has no terms on this server");
    let h = super::db::club_terms(pool, game)
        .await
        .map_err(db_error)?
        .ok_or_else(no_terms)?;
    if let Some(e) = &h.terms.ended {
        return Err(over_already(e, &h.names));
    }
    if h.over {
        return Err(Refused::new(Problem::GameOver, "the battle is over"));
    }
    let other = 1 - (me & 1);
    let at = now();
    let ending = match act {
        Act::Resign => Some(Ending {
            by: EndedBy::Resigned,
            winner: Some(other),
            at,
        }),
        Act::ClaimTime => {
            let Some(deadline) = h.terms.deadline else {
                return Err(Refused::new(
                    Problem::NotDue,
                    "the game has no deadline to claim it on",
                ));
            };
            if h.began_side == me {
                return Err(Refused::new(
                    Problem::NotDue,
                    "it is your own side's turn: only the side waiting may claim the game",
                ));
            }
            if at <= deadline {
                return Err(Refused::new(
                    Problem::NotDue,
                    format!(
                        "the {}' deadline has not passed: {} s are left",
                        h.names[other as usize],
                        deadline - at
                    ),
                ));
            }
            Some(Ending {
                by: EndedBy::Time,
                winner: Some(me),
                at,
            })
        }
        Act::AcceptDraw | Act::OfferDraw if h.terms.draw_offer == Some(other) => Some(Ending {
            by: EndedBy::Draw,
            winner: None,
            at,
        }),
        Act::AcceptDraw => {
            return Err(Refused::new(
                Problem::NotDue,
                "no draw is offered to you: offer one instead",
            ));
        }
        Act::OfferDraw | Act::DeclineDraw => None,
    };
    match ending {
        Some(e) => {
            if !end(server, game, &e, &h.names).await.map_err(db_error)? {
                return Err(Refused::new(Problem::GameOver, "the game is over"));
            }
        }
        None => {
            let offer = if act == Act::OfferDraw {
                i64::from(me)
            } else {
                -1
            };
            sqlx::query("UPDATE terms SET draw_offer = $1 WHERE game_id = $2 AND ended = ''")
                .bind(offer)
                .bind(game)
                .execute(pool)
                .await
                .map_err(db_error)?;
            if act == Act::OfferDraw {
                let mut conn = pool.acquire().await.map_err(db_error)?;
                let notice = super::outbox::Notice {
                    key: format!("{game}/draw/{at}"),
                    subject: format!("The {} offer a draw", h.names[me as usize]),
                    body: format!(
                        "The {} offer a draw in {} against {}: accept or decline it from the game.",
                        h.names[me as usize], h.names[0], h.names[1]
                    ),
                };
                super::outbox::queue_for_side(&mut conn, game, Some(other), &notice, "/", at)
                    .await
                    .map_err(db_error)?;
            }
        }
    }
    terms_of(pool, game).await.map_err(db_error)
}

/// `POST /api/game/act`: the seat resigns, offers, accepts or declines a draw, or claims the
/// game on time; the answer is the game's terms after. `GET`: the terms.
pub async fn act(
    State(server): State<Arc<Server>>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let s = match seat(&server, &headers, None).await {
        Ok(s) => s,
        Err(r) => return r,
    };
    let ask: ActAsk = match parse_json(body, "the act", 1024) {
        Ok(a) => a,
        Err(r) => return r,
    };
    match acted(&server, &s.game, s.side, ask.act).await {
        Ok(t) => answer(&t),
        Err(r) => refusal(r),
    }
}

pub async fn terms(State(server): State<Arc<Server>>, headers: HeaderMap) -> Response {
    let s = match seat(&server, &headers, None).await {
        Ok(s) => s,
        Err(r) => return r,
    };
    match terms_of(&server.store.pool, &s.game).await {
        Ok(t) => answer(&t),
        Err(e) => refusal(db_error(e)),
    }
}

/// Queues the reminders due now (a deadline near, once per side turn); how many.
pub async fn remind_due(server: &Server) -> Result<usize, sqlx::Error> {
    let pool = &server.store.pool;
    let at = now();
    let rows = sqlx::query(
        "SELECT t.game_id, t.hours, t.turn_began, t.began_side, g.names FROM terms t
         JOIN games g ON g.id = t.game_id
         WHERE t.hours > 0 AND t.reminded = 0 AND t.ended = '' AND g.over = 0 AND g.archived = 0
         LIMIT 200",
    )
    .fetch_all(pool)
    .await?;
    let mut queued = 0;
    for r in rows {
        let game: String = r.try_get("game_id")?;
        let hours: i64 = r.try_get("hours")?;
        let began: i64 = r.try_get("turn_began")?;
        let side: i64 = r.try_get("began_side")?;
        let deadline = began + hours * 3600;
        if at < deadline - reminder_secs(hours as u32) {
            continue;
        }
        let names: [String; 2] =
            serde_json::from_str(&r.try_get::<String, _>("names")?).unwrap_or_default();
        let mut tx = pool.begin().await?;
        let took = sqlx::query(
            "UPDATE terms SET reminded = 1 WHERE game_id = $1 AND reminded = 0 AND turn_began = $2",
        )
        .bind(&game)
        .bind(began)
        .execute(&mut *tx)
        .await?;
        if took.rows_affected() == 1 {
            let mine = names.get(side as usize).cloned().unwrap_or_default();
            let left = ((deadline - at).max(0) + 59) / 60;
            let notice = super::outbox::Notice {
                key: format!("{game}/{began}/reminder"),
                subject: format!(
                    "Your turn ends in {} h {} min: the {mine}",
                    left / 60,
                    left % 60
                ),
                body: format!(
                    "The {mine} have {} h {} min left to end their turn in {} against {}; after that the other side may claim the game.",
                    left / 60,
                    left % 60,
                    names[0],
                    names[1]
                ),
            };
            super::outbox::queue_for_side(&mut tx, &game, Some(side as u8), &notice, "/", at)
                .await?;
            queued += 1;
        }
        tx.commit().await?;
    }
    Ok(queued)
}

/// The routes of a game's terms.
pub fn routes() -> axum::Router<Arc<Server>> {
    use crate::dispatch::Route;
    use axum::routing::get;
    axum::Router::new().route(Route::Act.path(), get(terms).post(act))
}
