//! Scenarios shared through the server (issue 61, item 5): a player uploads one, the server
//! checks it as `bayonet check` does and keeps it with its author and date, refusing it with
//! its faults otherwise (or when it is larger than the server plays); anyone lists them, reads
//! one whole, and creates a game on one (`NewGame::shared`).

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{ConnectInfo, State};
use axum::http::HeaderMap;
use axum::response::Response;
use serde::Deserialize;

use super::api::{CREATE_LIMIT, Server, answer, client_address, parse_json, refusal, too_many};
use super::referee::{Refused, db_error, no_such_shared};
use crate::dispatch::{Problem, Shared, SharedUpload};

/// The most scenarios a server keeps.
pub const MOST_SHARED: i64 = 2000;

/// `POST /api/scenarios`: a scenario shared, checked; nothing is stored unless it passes.
pub async fn share(
    State(server): State<Arc<Server>>,
    ConnectInfo(super::guard::Peer(addr)): ConnectInfo<super::guard::Peer>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let client = client_address(&server, addr.ip(), &headers);
    if let Err(wait) = server.create_limits.take(&client.to_string()) {
        return too_many(wait);
    }
    let up: SharedUpload = match parse_json(body, "the shared scenario", CREATE_LIMIT) {
        Ok(u) => u,
        Err(r) => return r,
    };
    let listing = match checked(&server, &up) {
        Ok(s) => s,
        Err(r) => return refusal(r),
    };
    match server.store.share(&listing, &up.source, MOST_SHARED).await {
        Ok(true) => answer(&listing),
        Ok(false) => refusal(Refused::new(
            Problem::OverBudget,
            format!("this server keeps at most {MOST_SHARED} shared scenarios, and is full"),
        )),
        Err(e) => refusal(db_error(e)),
    }
}

/// The upload checked: its author and file name, then the scenario itself (every fault, as
/// `bayonet check` gives them), then the server's budget; its listing if it passes.
fn checked(server: &Server, up: &SharedUpload) -> Result<Shared, Refused> {
    let author = up.author.trim();
    if author.is_empty() || author.chars().count() > 40 || author.chars().any(char::is_control) {
        return Err(Refused::new(
            Problem::Malformed,
            "author: expected a name of 1 to 40 characters",
        ));
    }
    let file = up.file.trim();
    let plain = !file.is_empty()
        && file.len() <= 80
        && file.ends_with(".ron")
        && file
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_-.".contains(c));
    if !plain {
        return Err(Refused::new(
            Problem::Malformed,
            "file: expected a file name ending .ron, of letters, digits, - _ and . (no folders)",
        ));
    }
    let s = match crate::rules::scenario::parse(file, &up.source) {
        Ok(s) => s,
        Err(_) => {
            let faults: Vec<String> = crate::rules::scenario::faults(file, &up.source)
                .into_iter()
                .map(|f| f.error.to_string())
                .collect();
            return Err(Refused::new(Problem::BadScenario, faults.join("; ")));
        }
    };
    if let Some(why) = server.budget.refuses(&s) {
        return Err(Refused::new(Problem::OverBudget, why));
    }
    let id = super::seats::new_game_id()
        .map_err(|_| Refused::new(Problem::NoRandomness, "the system's random source failed"))?;
    Ok(Shared {
        id,
        name: s.name.clone(),
        author: author.to_string(),
        created: super::db::now(),
        file: file.to_string(),
        units: (s.units.len() + s.reinforcements.len()) as u32,
        turns: s.turns,
        width: s.map.width,
        height: s.map.height,
    })
}

/// `GET /api/scenarios`: the shared scenarios, newest first.
pub async fn list(State(server): State<Arc<Server>>) -> Response {
    match server.store.shared().await {
        Ok(all) => answer(&all),
        Err(e) => refusal(db_error(e)),
    }
}

#[derive(Deserialize)]
pub struct Which {
    id: String,
}

/// `GET /api/scenarios/one?id=`: one shared scenario, whole.
pub async fn one(
    State(server): State<Arc<Server>>,
    super::api::Asked(which): super::api::Asked<Which>,
) -> Response {
    match server.store.shared_one(&which.id).await {
        Ok(Some(s)) => answer(&s),
        Ok(None) => refusal(no_such_shared(&which.id)),
        Err(e) => refusal(db_error(e)),
    }
}

/// The routes of shared scenarios, for the server's router.
pub fn routes() -> axum::Router<Arc<Server>> {
    use crate::dispatch::Route;
    use axum::extract::DefaultBodyLimit;
    use axum::routing::get;
    axum::Router::new()
        .route(
            Route::Shared.path(),
            get(list)
                .post(share)
                .layer(DefaultBodyLimit::max(CREATE_LIMIT)),
        )
        .route(Route::SharedOne.path(), get(one))
}
