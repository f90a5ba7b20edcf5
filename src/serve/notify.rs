//! Where an account's notifications go (issue 62, item 4): by e-mail, by webhook, both or
//! neither, as the player chooses.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::State;
use axum::extract::rejection::BytesRejection;
use axum::http::HeaderMap;
use axum::response::Response;
use sqlx::Row;

use super::accounts::signed_in;
use super::api::{Server, answer, parse_json, refusal};
use super::referee::{Refused, db_error};
use crate::dispatch::Problem;
use crate::dispatch::club::NotifyTo;

async fn read(server: &Server, account: &str) -> Result<NotifyTo, Refused> {
    let row = sqlx::query("SELECT email, webhook FROM notify WHERE account = $1")
        .bind(account)
        .fetch_optional(&server.store.pool)
        .await
        .map_err(db_error)?;
    let get = |c: &str| -> Option<String> {
        row.as_ref()
            .and_then(|r| r.try_get::<String, _>(c).ok())
            .filter(|s| !s.is_empty())
    };
    Ok(NotifyTo {
        email: get("email"),
        webhook: get("webhook"),
    })
}

/// `GET /api/account/notify`: where the signed-in player's notifications go.
pub async fn shown(State(server): State<Arc<Server>>, headers: HeaderMap) -> Response {
    let got = async {
        let me = signed_in(&server, &headers).await?;
        read(&server, &me).await
    };
    match got.await {
        Ok(n) => answer(&n),
        Err(r) => refusal(r),
    }
}

/// `POST /api/account/notify`: where they go from now on (a field left out: not that way).
pub async fn set(
    State(server): State<Arc<Server>>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let to: NotifyTo = match parse_json(body, "where notifications go", 4096) {
        Ok(t) => t,
        Err(r) => return r,
    };
    let done = async {
        let me = signed_in(&server, &headers).await?;
        let email = to.email.as_deref().map(str::trim).unwrap_or("");
        let webhook = to.webhook.as_deref().map(str::trim).unwrap_or("");
        if !email.is_empty() && !super::mail::address_ok(email) {
            return Err(Refused::new(
                Problem::Malformed,
                format!("`{email}` is not an e-mail address"),
            ));
        }
        if !webhook.is_empty()
            && (!(webhook.starts_with("https://") || webhook.starts_with("http://"))
                || webhook.len() > 2000
                || webhook.chars().any(|c| c.is_whitespace() || c.is_control()))
        {
            return Err(Refused::new(
                Problem::Malformed,
                "a webhook is an http:// or https:// address of at most 2000 characters",
            ));
        }
        sqlx::query(
            "INSERT INTO notify (account, email, webhook) VALUES ($1, $2, $3)
             ON CONFLICT (account) DO UPDATE SET email = $2, webhook = $3",
        )
        .bind(&me)
        .bind(email)
        .bind(webhook)
        .execute(&server.store.pool)
        .await
        .map_err(db_error)?;
        read(&server, &me).await
    };
    match done.await {
        Ok(n) => answer(&n),
        Err(r) => refusal(r),
    }
}

/// The routes of an account's notifications, and of the ladder.
pub fn routes() -> axum::Router<Arc<Server>> {
    use crate::dispatch::Route;
    use axum::routing::get;
    axum::Router::new()
        .route(Route::Notify.path(), get(shown).post(set))
        .route(Route::Ladder.path(), get(super::ladder::ladder))
        .route(Route::LadderPage.path(), get(super::ladder::page))
}
