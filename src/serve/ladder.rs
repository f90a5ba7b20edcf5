//! The ladder (issue 62, item 8): the rated players, best first (`ratings` moves them).

use std::sync::Arc;

use axum::extract::State;
use axum::response::Response;
use sqlx::Row;

use super::api::{Server, answer, refusal};
use super::referee::db_error;
use crate::dispatch::club::Rung;

/// `GET /api/ladder`: every rated player, by rating (the most certain first among equals).
pub async fn ladder(State(server): State<Arc<Server>>) -> Response {
    let listed = async {
        let rows = sqlx::query(
            "SELECT a.name, r.rating, r.deviation, r.volatility, r.games, r.wins, r.losses, r.draws
             FROM ratings r JOIN accounts a ON a.folded = r.account
             ORDER BY r.rating DESC, r.deviation, a.name LIMIT 500",
        )
        .fetch_all(&server.store.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(Rung {
                    name: r.try_get("name")?,
                    rating: r.try_get("rating")?,
                    deviation: r.try_get("deviation")?,
                    volatility: r.try_get("volatility")?,
                    games: r.try_get::<i64, _>("games")? as u32,
                    wins: r.try_get::<i64, _>("wins")? as u32,
                    losses: r.try_get::<i64, _>("losses")? as u32,
                    draws: r.try_get::<i64, _>("draws")? as u32,
                })
            })
            .collect::<Result<Vec<_>, sqlx::Error>>()
    };
    match listed.await {
        Ok(v) => answer(&v),
        Err(e) => refusal(db_error(e)),
    }
}
