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

/// The ladder as a page a player opens in any browser (`GET /ladder`): rank, name, rating with
/// its 95 % interval, and the record.
pub async fn page(State(server): State<Arc<Server>>) -> Response {
    use axum::response::IntoResponse;
    let resp = ladder(State(server)).await;
    let (parts, body) = resp.into_parts();
    if !parts.status.is_success() {
        return Response::from_parts(parts, body);
    }
    let bytes = axum::body::to_bytes(body, 4 << 20)
        .await
        .unwrap_or_default();
    let rungs: Vec<Rung> = serde_json::from_slice(&bytes).unwrap_or_default();
    let rows: String = rungs
        .iter()
        .enumerate()
        .map(|(i, r)| {
            format!(
                "<tr><td>{}</td><td>{}</td><td>{:.0}</td><td>± {:.0}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
                i + 1,
                crate::after_action::page::escape(&r.name),
                r.rating,
                2.0 * r.deviation,
                r.games,
                r.wins,
                r.losses,
                r.draws
            )
        })
        .collect();
    let empty = if rungs.is_empty() {
        "<p>No rated game has ended on this server yet.</p>"
    } else {
        ""
    };
    let html = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width\"><title>Bayonet: the ladder</title>\
         <style>body{{font-family:serif;background:#1e1d19;color:#eee;margin:2em}}table{{border-collapse:collapse}}td,th{{padding:.3em .8em;border-bottom:1px solid #555;text-align:right}}td:nth-child(2),th:nth-child(2){{text-align:left}}</style></head>\
         <body><h1>The ladder</h1><p>Glicko-2 ratings from rated games played on this server; the interval is two deviations either side.</p>{empty}\
         <table><tr><th>#</th><th>Player</th><th>Rating</th><th>Interval</th><th>Games</th><th>Won</th><th>Lost</th><th>Drawn</th></tr>\n{rows}</table></body></html>"
    );
    (
        [(axum::http::header::CONTENT_TYPE, "text/html; charset=utf-8")],
        html,
    )
        .into_response()
}
