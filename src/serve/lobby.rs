//! The lobby (issue 62, item 3): a signed-in player posts a challenge (a battle, its rules, his
//! side or either, the hours a side turn may take, rated or not, open or to one player);
//! another takes it up and the game begins with both seated as its accounts, the challenger
//! told. A rematch is a challenge to the same opponent with the sides exchanged.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::State;
use axum::extract::rejection::BytesRejection;
use axum::http::HeaderMap;
use axum::response::Response;
use sqlx::Row;

use super::accounts::signed_in;
use super::api::{Server, answer, make, parse_json, prepare, refusal};
use super::db::{Seating, TakenUp, now};
use super::referee::{Refused, db_error};
use crate::dispatch::club::{Challenge, ChallengeId, MOST_HOURS, Posted, Rematch};
use crate::dispatch::{NewGame, Problem};

const LIMIT: usize = 64 * 1024;
/// Challenges one account may have open at once.
pub const MOST_OPEN: i64 = 20;

/// The account's name as registered, from its key.
async fn name_of(server: &Server, key: &str) -> Result<Option<String>, Refused> {
    sqlx::query_scalar("SELECT name FROM accounts WHERE folded = $1")
        .bind(key)
        .fetch_optional(&server.store.pool)
        .await
        .map_err(db_error)
}

fn new_game(c: &Challenge) -> NewGame {
    NewGame {
        scenario: c.scenario.clone(),
        shared: c.shared.clone(),
        parameters: c.parameters.clone(),
        ..NewGame::default()
    }
}

/// `POST /api/lobby`: a challenge posted, checked as the game it would make is.
pub async fn post(
    State(server): State<Arc<Server>>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let c: Challenge = match parse_json(body, "the challenge", LIMIT) {
        Ok(c) => c,
        Err(r) => return r,
    };
    match posted(&server, &headers, &c).await {
        Ok(p) => answer(&p),
        Err(r) => refusal(r),
    }
}

async fn posted(server: &Server, headers: &HeaderMap, c: &Challenge) -> Result<Posted, Refused> {
    let me = signed_in(server, headers).await?;
    let bad = |why: String| Refused::new(Problem::Malformed, why);
    if c.side.is_some_and(|s| s > 1) {
        return Err(bad(
            "the side is 0 (the first), 1 (the second), or left out for either".into(),
        ));
    }
    if c.hours.is_some_and(|h| h == 0 || h > MOST_HOURS) {
        return Err(bad(format!(
            "the hours a side turn may take are 1 to {MOST_HOURS}, or left out for no deadline"
        )));
    }
    let to = match &c.to {
        Some(name) => {
            let key = super::accounts::folded(name);
            if key == me {
                return Err(bad(
                    "a challenge to yourself: leave `to` out to post it to anyone".into(),
                ));
            }
            if name_of(server, &key).await?.is_none() {
                return Err(Refused::new(
                    Problem::NoChallenge,
                    format!("no player named {name} on this server"),
                ));
            }
            key
        }
        None => String::new(),
    };
    if c.rated && c.parameters.is_some() {
        return Err(bad(
            "a rated game is played under the battle's own rules: leave `parameters` out".into(),
        ));
    }
    // Checked as the game would be, so that an accepted challenge always makes one.
    let p = prepare(server, &new_game(c)).await?;
    let pool = &server.store.pool;
    let open: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM challenges WHERE by_account = $1")
        .bind(&me)
        .fetch_one(pool)
        .await
        .map_err(db_error)?;
    if open >= MOST_OPEN {
        return Err(Refused::new(
            Problem::TooManyRequests,
            format!("you have {open} challenges open: withdraw one first"),
        ));
    }
    let id = super::seats::new_game_id()
        .map_err(|_| Refused::new(Problem::NoRandomness, "the system's random source failed"))?;
    let parameters = c
        .parameters
        .as_ref()
        .map(|p| serde_json::to_string(p).unwrap_or_default())
        .unwrap_or_default();
    sqlx::query(
        "INSERT INTO challenges (id, by_account, scenario, shared, parameters, side, hours, rated, to_account, created)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
    )
    .bind(&id)
    .bind(&me)
    .bind(c.scenario.clone().unwrap_or_default())
    .bind(c.shared.clone().unwrap_or_default())
    .bind(parameters)
    .bind(c.side.map_or(-1, i64::from))
    .bind(i64::from(c.hours.unwrap_or(0)))
    .bind(i64::from(c.rated))
    .bind(&to)
    .bind(now())
    .execute(pool)
    .await
    .map_err(db_error)?;
    drop(p);
    one(server, &id).await?.map(|(p, _)| p).ok_or_else(gone)
}

fn gone() -> Refused {
    Refused::new(
        Problem::NoChallenge,
        "no such challenge: it was taken up or withdrawn",
    )
}

/// A challenge as listed, and as asked (to make its game).
async fn one(server: &Server, id: &str) -> Result<Option<(Posted, Challenge)>, Refused> {
    let row = sqlx::query(
        "SELECT c.*, a.name AS by_name, b.name AS to_name FROM challenges c
         JOIN accounts a ON a.folded = c.by_account
         LEFT JOIN accounts b ON b.folded = c.to_account WHERE c.id = $1",
    )
    .bind(id)
    .fetch_optional(&server.store.pool)
    .await
    .map_err(db_error)?;
    row.map(|r| listed(&r)).transpose()
}

fn listed(r: &sqlx::any::AnyRow) -> Result<(Posted, Challenge), Refused> {
    let get = |c: &str| r.try_get::<String, _>(c).map_err(db_error);
    let num = |c: &str| r.try_get::<i64, _>(c).map_err(db_error);
    let (scenario, shared, parameters) = (get("scenario")?, get("shared")?, get("parameters")?);
    let side = u8::try_from(num("side")?).ok();
    let hours = u32::try_from(num("hours")?).ok().filter(|h| *h > 0);
    let to = r.try_get::<Option<String>, _>("to_name").ok().flatten();
    let asked = Challenge {
        scenario: Some(scenario.clone()).filter(|s| !s.is_empty()),
        shared: Some(shared.clone()).filter(|s| !s.is_empty()),
        parameters: serde_json::from_str(&parameters).ok(),
        side,
        hours,
        rated: num("rated")? != 0,
        to: to.clone(),
    };
    let (battle, sides) = battle_of(&asked);
    Ok((
        Posted {
            id: get("id")?,
            by: get("by_name")?,
            battle,
            scenario: if shared.is_empty() { scenario } else { shared },
            sides,
            side,
            hours,
            rated: asked.rated,
            to,
            own_rules: asked.parameters.is_some(),
            posted: num("created")?,
        },
        asked,
    ))
}

/// The battle's name and its sides' (a shared scenario's by its id until it is opened).
fn battle_of(c: &Challenge) -> (String, [String; 2]) {
    let found = c.scenario.as_ref().and_then(|name| {
        crate::SCENARIOS
            .iter()
            .find(|(p, _)| p == name)
            .and_then(|(p, text)| crate::rules::scenario::parse(p, text).ok())
    });
    match found {
        Some(s) => (
            s.name.clone(),
            [0, 1].map(|i| s.side_name(crate::rules::unit::Side(i)).to_owned()),
        ),
        None => (
            c.shared
                .clone()
                .map(|id| format!("shared scenario {id}"))
                .unwrap_or_default(),
            ["first side".into(), "second side".into()],
        ),
    }
}

/// `GET /api/lobby`: the challenges open to the signed-in player (to anyone, or to him) and his
/// own, the newest first.
pub async fn list(State(server): State<Arc<Server>>, headers: HeaderMap) -> Response {
    let listed_all = async {
        let me = signed_in(&server, &headers).await?;
        let rows = sqlx::query(
            "SELECT c.*, a.name AS by_name, b.name AS to_name FROM challenges c
             JOIN accounts a ON a.folded = c.by_account
             LEFT JOIN accounts b ON b.folded = c.to_account
             WHERE c.to_account = '' OR c.to_account = $1 OR c.by_account = $1
             ORDER BY c.created DESC, c.id LIMIT 500",
        )
        .bind(&me)
        .fetch_all(&server.store.pool)
        .await
        .map_err(db_error)?;
        rows.iter()
            .map(|r| listed(r).map(|(p, _)| p))
            .collect::<Result<Vec<_>, _>>()
    };
    match listed_all.await {
        Ok(v) => answer(&v),
        Err(r) => refusal(r),
    }
}

/// `POST /api/lobby/accept`: the challenge taken up; the game begins, both seated.
pub async fn accept(
    State(server): State<Arc<Server>>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let ask: ChallengeId = match parse_json(body, "the challenge", 1024) {
        Ok(a) => a,
        Err(r) => return r,
    };
    match accepted(&server, &headers, &ask.id).await {
        Ok(g) => answer(&g),
        Err(r) => refusal(r),
    }
}

async fn accepted(
    server: &Server,
    headers: &HeaderMap,
    id: &str,
) -> Result<crate::dispatch::account::MyGame, Refused> {
    let me = signed_in(server, headers).await?;
    let row = sqlx::query("SELECT by_account, to_account FROM challenges WHERE id = $1")
        .bind(id)
        .fetch_optional(&server.store.pool)
        .await
        .map_err(db_error)?
        .ok_or_else(gone)?;
    let by: String = row.try_get("by_account").map_err(db_error)?;
    let to: String = row.try_get("to_account").map_err(db_error)?;
    if by == me {
        return Err(Refused::new(
            Problem::Forbidden,
            "your own challenge: another player takes it up (withdraw it instead)",
        ));
    }
    if !to.is_empty() && to != me {
        // Told as the lobby shows it to him: a challenge to another is not his to see.
        return Err(gone());
    }
    let (posted, asked) = one(server, id).await?.ok_or_else(gone)?;
    let mine = name_of(server, &me).await?.unwrap_or_default();
    let challenger_side = match asked.side {
        Some(s) => s,
        None => {
            let b = super::seats::random_bytes::<1>().map_err(|_| {
                Refused::new(Problem::NoRandomness, "the system's random source failed")
            })?;
            b[0] & 1
        }
    };
    let mut accounts = [String::new(), String::new()];
    accounts[challenger_side as usize] = by.clone();
    accounts[1 - challenger_side as usize] = me.clone();
    let seating = Seating {
        hours: asked.hours.unwrap_or(0),
        rated: asked.rated,
        accounts,
        challenge: Some(TakenUp {
            id: id.to_owned(),
            by,
            battle: posted.battle.clone(),
            accepted_by: mine,
        }),
    };
    let p = prepare(server, &new_game(&asked)).await?;
    let made = make(server, p, &seating).await?;
    super::my_games::listing(server, &made.id, 1 - challenger_side)
        .await?
        .ok_or_else(gone)
}

/// `POST /api/lobby/withdraw`: the signed-in player's own challenge taken down.
pub async fn withdraw(
    State(server): State<Arc<Server>>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let ask: ChallengeId = match parse_json(body, "the challenge", 1024) {
        Ok(a) => a,
        Err(r) => return r,
    };
    let done = async {
        let me = signed_in(&server, &headers).await?;
        let gone_now = sqlx::query("DELETE FROM challenges WHERE id = $1 AND by_account = $2")
            .bind(&ask.id)
            .bind(&me)
            .execute(&server.store.pool)
            .await
            .map_err(db_error)?;
        if gone_now.rows_affected() != 1 {
            return Err(gone());
        }
        Ok(ask.clone())
    };
    match done.await {
        Ok(a) => answer(&a),
        Err(r) => refusal(r),
    }
}

/// `POST /api/account/rematch`: one of the account's games again, the same battle and terms,
/// the sides exchanged, as a challenge to the player who had the other side.
pub async fn rematch(
    State(server): State<Arc<Server>>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let ask: Rematch = match parse_json(body, "the rematch", 1024) {
        Ok(a) => a,
        Err(r) => return r,
    };
    let made = async {
        let me = signed_in(&server, &headers).await?;
        let pool = &server.store.pool;
        let r = sqlx::query(
            "SELECT t.hours, t.rated, t.account_0, t.account_1, g.scenario_file FROM terms t
             JOIN games g ON g.id = t.game_id WHERE t.game_id = $1",
        )
        .bind(&ask.game)
        .fetch_optional(pool)
        .await
        .map_err(db_error)?
        .ok_or_else(|| Refused::new(Problem::NoGame, "no such game of yours"))?;
        let players: [String; 2] = [
            r.try_get("account_0").map_err(db_error)?,
            r.try_get("account_1").map_err(db_error)?,
        ];
        let side = ask.side & 1;
        if players[side as usize] != me || players[1 - side as usize].is_empty() {
            return Err(Refused::new(
                Problem::Forbidden,
                "a rematch is asked for by one of the two players the lobby seated",
            ));
        }
        let file: String = r.try_get("scenario_file").map_err(db_error)?;
        if !crate::SCENARIOS.iter().any(|(p, _)| *p == file) {
            return Err(Refused::new(
                Problem::NoScenario,
                "a rematch is played on one of the server's battles",
            ));
        }
        let other = name_of(&server, &players[1 - side as usize])
            .await?
            .unwrap_or_default();
        let hours: i64 = r.try_get("hours").map_err(db_error)?;
        let c = Challenge {
            scenario: Some(file),
            side: Some(1 - side),
            hours: u32::try_from(hours).ok().filter(|h| *h > 0),
            rated: r.try_get::<i64, _>("rated").map_err(db_error)? != 0,
            to: Some(other),
            ..Challenge::default()
        };
        posted(&server, &headers, &c).await
    };
    match made.await {
        Ok(p) => answer(&p),
        Err(r) => refusal(r),
    }
}

/// The lobby's routes.
pub fn routes() -> axum::Router<Arc<Server>> {
    use crate::dispatch::Route;
    use axum::routing::{get, post as posting};
    axum::Router::new()
        .route(Route::Lobby.path(), get(list).post(post))
        .route(Route::Accept.path(), posting(accept))
        .route(Route::Withdraw.path(), posting(withdraw))
        .route(Route::Rematch.path(), posting(rematch))
}
