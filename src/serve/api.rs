//! The server's HTTP and WebSocket interface. Every request names its seat by its invite
//! (`Authorization: Bearer INVITE`); every refusal is a 4xx with `{"error", "reason"}`.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, DefaultBodyLimit, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::{Deserialize, Serialize};
use tokio::sync::watch;

use super::db::{GameRow, OrderRow, Store};
use super::limits::Buckets;
use super::referee::{Referee, Refused, archived, db_error};
use super::seats;
use crate::dispatch::{
    self, GameState, NewGame, OrderGiven, Problem, Record, Route, Since, TurnSummary,
};
use crate::rules::order::Order;
use crate::rules::unit::Side;

/// What every request handler shares.
pub struct Server {
    pub store: Store,
    pub referee: Referee,
    /// Wakes this server's waiting clients when one of its games takes an order.
    pub bells: Bells,
    seat_limits: Buckets,
    /// A guest's invite never changes: each is looked up in the database once (an account's
    /// seat keys are not kept here: the database may drop them).
    seat_cache: Mutex<HashMap<String, (String, u8, u8)>>,
    pub(super) create_limits: Buckets,
    /// The browser build to serve (`--site`), so that an invite link opens a seat in the page.
    pub site: Option<std::path::PathBuf>,
    /// How often a waiting client's game is looked up in the database as well as waiting for
    /// its bell.
    pub poll: Duration,
    /// The most a new game may hold.
    pub budget: super::Budget,
    /// The key creating a game needs, if the operator set one.
    pub create_key: Option<String>,
    /// Reverse proxies whose `X-Forwarded-For` is believed.
    pub trust_proxy: Vec<std::net::IpAddr>,
    /// Set when the server is stopping: each WebSocket is closed with a close frame.
    pub stopping: watch::Sender<bool>,
    /// What `/metrics` reports.
    pub metrics: super::metrics::Metrics,
    /// The connections open now (the guard's count), for `/metrics`.
    pub connections: Option<super::guard::OpenCount>,
    /// The most WebSockets open at once on one game, and from one address.
    pub socket_limits: SocketLimits,
    /// The WebSockets open now, by game and by address.
    sockets: Mutex<Sockets>,
    /// How long a request's body may take to arrive whole.
    pub body_time: Duration,
    /// Tests only, never a server's option: every new game's dice seed, so that two games can
    /// differ in their orders alone.
    pub same_dice: Option<u64>,
    /// Where notifications go (`--smtp`, `--mail-from`, `--public-url`).
    pub delivery: super::outbox::Delivery,
}

/// The most WebSockets open at once (issue 45 item 3): a game has two seats, each perhaps on a
/// few devices; an address may hold several games' sockets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SocketLimits {
    pub per_game: usize,
    pub per_address: usize,
}

impl Default for SocketLimits {
    fn default() -> Self {
        SocketLimits {
            per_game: 16,
            per_address: 64,
        }
    }
}

/// The WebSockets open now.
#[derive(Default)]
struct Sockets {
    by_game: HashMap<String, usize>,
    by_address: HashMap<std::net::IpAddr, usize>,
}

impl Sockets {
    /// How many are open, in all.
    fn total(&self) -> usize {
        self.by_game.values().sum()
    }
}

/// One fewer in a count, which goes when it reaches none.
fn one_fewer<K: std::hash::Hash + Eq>(counts: &mut HashMap<K, usize>, key: &K) {
    if let Some(n) = counts.get_mut(key) {
        *n = n.saturating_sub(1);
        if *n == 0 {
            counts.remove(key);
        }
    }
}

/// An open WebSocket's place in the counts, given back when it closes.
struct SocketSlot {
    game: String,
    ip: std::net::IpAddr,
    server: Arc<Server>,
}

impl Drop for SocketSlot {
    fn drop(&mut self) {
        let mut s = self
            .server
            .sockets
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        one_fewer(&mut s.by_game, &self.game);
        one_fewer(&mut s.by_address, &self.ip);
    }
}

impl Server {
    /// Counts a new WebSocket on `game` from `ip` in, or says which limit it is over.
    fn open_socket(
        self: &Arc<Self>,
        game: &str,
        ip: std::net::IpAddr,
    ) -> Result<SocketSlot, Refused> {
        let mut s = self.sockets.lock().unwrap_or_else(|e| e.into_inner());
        if s.by_game.get(game).copied().unwrap_or(0) >= self.socket_limits.per_game {
            return Err(Refused::new(
                Problem::TooManySockets,
                format!(
                    "this game has {} live connections open, as many as the server takes; close one (another tab or device) and try again",
                    self.socket_limits.per_game
                ),
            ));
        }
        if s.by_address.get(&ip).copied().unwrap_or(0) >= self.socket_limits.per_address {
            return Err(Refused::new(
                Problem::TooManySockets,
                format!(
                    "this address has {} live connections open, as many as the server takes from one address",
                    self.socket_limits.per_address
                ),
            ));
        }
        *s.by_game.entry(game.to_owned()).or_default() += 1;
        *s.by_address.entry(ip).or_default() += 1;
        Ok(SocketSlot {
            game: game.to_owned(),
            ip,
            server: self.clone(),
        })
    }
}

/// A game's progress: its orders so far, the side to act, whether it is over.
pub type Progress = (i64, u8, bool);

/// Each game's latest progress as this server committed it, for its waiting clients to see
/// without asking the database.
#[derive(Default, Clone)]
pub struct Bells(Arc<Mutex<HashMap<String, watch::Sender<Progress>>>>);

impl Bells {
    fn with<R>(&self, game: &str, f: impl FnOnce(&watch::Sender<Progress>) -> R) -> R {
        let mut m = self.0.lock().unwrap_or_else(|e| e.into_inner());
        f(m.entry(game.to_owned())
            .or_insert_with(|| watch::channel((-1, 0, false)).0))
    }
    pub fn of(&self, game: &str) -> watch::Receiver<Progress> {
        self.with(game, |b| b.subscribe())
    }
    /// How many clients wait on a bell now, over every game: a long poll under way, an open
    /// socket.
    pub fn waiting(&self) -> usize {
        let m = self.0.lock().unwrap_or_else(|e| e.into_inner());
        m.values().map(|b| b.receiver_count()).sum()
    }

    pub fn ring(&self, game: &str, progress: Progress) {
        self.with(game, |bell| {
            bell.send_if_modified(|p| {
                let newer = progress.0 > p.0;
                if newer {
                    *p = progress;
                }
                newer
            })
        });
    }
}

impl Server {
    /// New games one client may create at once, and how many a second it earns back.
    pub fn limit_creation(&mut self, burst: f64, per_second: f64) {
        self.create_limits = Buckets::new(burst, per_second);
    }

    /// Requests one seat may make at once, and how many a second it earns back.
    pub fn limit_seats(&mut self, burst: f64, per_second: f64) {
        self.seat_limits = Buckets::new(burst, per_second);
    }

    pub fn new(store: Store, referee: Referee, bells: Bells) -> Server {
        // On PostgreSQL another server's orders ring the bells (LISTEN/NOTIFY); the look at
        // the database is only a safety net for a notification lost while its connection was
        // being made again.
        let poll = Duration::from_millis(if store.sqlite { 1000 } else { 3000 });
        Server {
            store,
            referee,
            bells,
            // A player gives at most a few orders a second; a script playing a whole side may
            // burst, then waits the `Retry-After` it is told.
            seat_limits: Buckets::new(60.0, 30.0),
            seat_cache: Mutex::new(HashMap::new()),
            site: None,
            create_limits: Buckets::new(300.0, 20.0),
            poll,
            budget: super::Budget::default(),
            create_key: None,
            trust_proxy: Vec::new(),
            stopping: watch::channel(false).0,
            metrics: Default::default(),
            connections: None,
            socket_limits: SocketLimits::default(),
            sockets: Mutex::default(),
            body_time: Duration::from_secs(20),
            same_dice: None,
            delivery: super::outbox::Delivery::default(),
        }
    }
}

/// The largest order request (a melee naming every unit of a big stack is under 2 KB).
pub const ORDER_LIMIT: usize = 16 * 1024;
/// The largest game creation (it may carry a whole scenario's text).
pub const CREATE_LIMIT: usize = 2 * 1024 * 1024;

/// The server's routes, `more` among them (the shared scenarios', `shared::routes`), under
/// its layers.
pub fn router(server: Arc<Server>, more: Router<Arc<Server>>) -> Router {
    Router::new()
        .route(Route::Health.path(), get(|| async { "ok" }))
        .route(Route::Ready.path(), get(ready))
        .route(Route::Metrics.path(), get(metrics))
        .route(
            Route::Games.path(),
            post(create).layer(DefaultBodyLimit::max(CREATE_LIMIT)),
        )
        .route(Route::Game.path(), get(state))
        .route(Route::Scenario.path(), get(scenario))
        .route(Route::Orders.path(), post(order))
        .route(Route::Events.path(), get(events))
        .route(Route::Replay.path(), get(replay))
        .route(Route::Save.path(), get(published))
        .route(Route::Socket.path(), get(socket))
        .merge(more)
        .layer(DefaultBodyLimit::max(ORDER_LIMIT))
        .fallback(site_file)
        .layer(axum::middleware::from_fn_with_state(
            server.clone(),
            body_in_time,
        ))
        .layer(axum::middleware::from_fn_with_state(
            server.clone(),
            access_line,
        ))
        .with_state(server)
}

/// `/metrics`: the counters, in Prometheus's text format.
async fn metrics(State(server): State<Arc<Server>>) -> Response {
    let connections = server.connections.as_ref().map_or(0, |c| c.total());
    let sockets = server
        .sockets
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .total();
    let outbox = sqlx::query(
        "SELECT COUNT(*) AS n, COALESCE(SUM(CASE WHEN attempts > 0 THEN 1 ELSE 0 END), 0) AS failing
         FROM outbox WHERE sent = 0",
    )
    .fetch_one(&server.store.pool)
    .await
    .and_then(|r| {
        use sqlx::Row;
        Ok((r.try_get::<i64, _>("n")?, r.try_get::<i64, _>("failing")?))
    })
    .unwrap_or((-1, -1));
    let mut text = server.metrics.text(
        server.referee.resident(),
        connections,
        sockets,
        server.bells.waiting(),
    );
    text.push_str(&server.metrics.notices_text(outbox.0, outbox.1));
    ([(header::CONTENT_TYPE, "text/plain; version=0.0.4")], text).into_response()
}

/// A request's body, read whole within the server's `body_time` (a client that sends its
/// body a byte at a time is answered 408, not waited for), and within the largest any request
/// may have (each route's own limit applies after).
async fn body_in_time(
    State(server): State<Arc<Server>>,
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let (parts, body) = req.into_parts();
    let read =
        tokio::time::timeout(server.body_time, axum::body::to_bytes(body, CREATE_LIMIT)).await;
    match read {
        Ok(Ok(bytes)) => {
            next.run(axum::extract::Request::from_parts(
                parts,
                axum::body::Body::from(bytes),
            ))
            .await
        }
        Ok(Err(_)) => refusal(Refused::new(
            Problem::TooLarge,
            format!("the request is larger than {CREATE_LIMIT} bytes, or was cut off"),
        )),
        Err(_) => refusal(Refused::new(
            Problem::TooSlow,
            format!(
                "the request's body did not arrive within {} s",
                server.body_time.as_secs()
            ),
        )),
    }
}

/// The client a request is from: the connection's address, or, from a reverse proxy the
/// operator named, the last address its `X-Forwarded-For` adds (what that proxy saw).
pub(super) fn client_address(
    server: &Server,
    peer: std::net::IpAddr,
    headers: &HeaderMap,
) -> std::net::IpAddr {
    if !server.trust_proxy.contains(&peer) {
        return peer;
    }
    headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|h| h.to_str().ok())
        .flat_map(|h| h.split(','))
        .filter_map(|a| a.trim().parse().ok())
        .next_back()
        .unwrap_or(peer)
}

/// Whether the server can serve: its database answers within a second (`/health` says only
/// that the process is alive).
async fn ready(State(server): State<Arc<Server>>) -> Response {
    let asked = tokio::time::timeout(Duration::from_secs(1), server.store.ping()).await;
    match asked {
        Ok(Ok(())) => "ready".into_response(),
        _ => {
            let mut r = refusal(Refused::new(
                Problem::Database,
                "the database does not answer; try again shortly",
            ));
            r.headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("2"));
            r
        }
    }
}

/// Whether each request is logged (`bayonet serve` does; a server inside tests or `host` does
/// not).
pub static ACCESS_LOG: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// One structured log line for each request (`tracing`, on standard error under `bayonet
/// serve`): method, path (never its query, which may carry an invite), status, milliseconds,
/// and a refusal's kind; a 5xx at error level.
async fn access_line(
    State(server): State<Arc<Server>>,
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let (method, path) = (req.method().clone(), req.uri().path().to_owned());
    let began = std::time::Instant::now();
    let r = next.run(req).await;
    let refused = r.extensions().get::<super::metrics::RefusalKind>().copied();
    server.metrics.request(&path, began.elapsed(), refused);
    if ACCESS_LOG.load(std::sync::atomic::Ordering::Relaxed) {
        let status = r.status().as_u16();
        let ms = (began.elapsed().as_secs_f64() * 10_000.0).round() / 10.0;
        let error = refused.map_or("-", |k| k.0.name());
        if status >= 500 {
            bevy::log::error!(target: "bayonet::access", %method, %path, status, ms, %error);
        } else {
            bevy::log::info!(target: "bayonet::access", %method, %path, status, ms, %error);
        }
    }
    r
}

pub(super) fn refusal(r: Refused) -> Response {
    let status = StatusCode::from_u16(r.problem.status()).unwrap_or(StatusCode::BAD_REQUEST);
    let body = dispatch::Refused {
        error: r.problem,
        reason: r.reason,
        outcomes: r.outcomes,
    };
    let mut answer = (status, axum::Json(body)).into_response();
    answer
        .extensions_mut()
        .insert(super::metrics::RefusalKind(r.problem));
    if status == StatusCode::SERVICE_UNAVAILABLE {
        // The database or a referee is away for a moment: when to ask again.
        answer
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from_static("2"));
    }
    answer
}

/// A typed answer as JSON.
pub(super) fn answer<T: Serialize>(t: &T) -> Response {
    axum::Json(t).into_response()
}

pub(super) fn too_many(wait: f64) -> Response {
    too_many_because(wait, "too many requests from this seat")
}

/// A 429 with `Retry-After`: its reason in words, then how long to wait.
pub(super) fn too_many_because(wait: f64, why: &str) -> Response {
    let secs = wait.ceil().max(1.0) as u64;
    let mut r = refusal(Refused::new(
        Problem::TooManyRequests,
        format!("{why}; wait {secs} s"),
    ));
    if let Ok(v) = HeaderValue::from_str(&secs.to_string()) {
        r.headers_mut().insert(header::RETRY_AFTER, v);
    }
    r
}

/// A request's query string read as `T`, or the JSON `{error, reason}` every other refusal
/// gives (axum's own answer to a bad query is plain text, issue 77, item 8).
pub struct Asked<T>(pub T);

impl<T, S> axum::extract::FromRequestParts<S> for Asked<T>
where
    T: serde::de::DeserializeOwned + Send,
    S: Send + Sync,
{
    type Rejection = Response;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        state: &S,
    ) -> Result<Self, Self::Rejection> {
        // A control character (a NUL above all) is in no name or id: refused at the edge, as
        // in a body (PostgreSQL cannot store a NUL, and would say "retry").
        if parts.uri.query().is_some_and(has_escaped_control) {
            return Err(refusal(Refused::new(
                Problem::Malformed,
                "the query string: a control character is in no name or id",
            )));
        }
        match Query::<T>::from_request_parts(parts, state).await {
            Ok(Query(t)) => Ok(Asked(t)),
            Err(e) => Err(refusal(Refused::new(
                Problem::Malformed,
                format!("the query string: {}", e.body_text()),
            ))),
        }
    }
}

/// The token of an `Authorization: Bearer TOKEN` header (an invite, or the create key).
pub(super) fn bearer(headers: &HeaderMap) -> Option<&str> {
    headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
}

/// A seat: the game and its side.
pub(super) struct Seat {
    pub game: String,
    pub side: u8,
    /// Its seat on the side (a team game's; 0 otherwise).
    pub seat: u8,
}

/// The seat a request names, or its refusal. `query` carries an invite where a browser's
/// WebSocket cannot send a header.
pub(super) async fn seat(
    server: &Server,
    headers: &HeaderMap,
    query: Option<&str>,
) -> Result<Seat, Response> {
    let given = bearer(headers).or(query);
    let Some(invite) = given else {
        return Err(refusal(Refused::new(
            Problem::NoInvite,
            "this request needs a seat: send `Authorization: Bearer INVITE`",
        )));
    };
    let unknown = || {
        refusal(Refused::new(
            Problem::UnknownInvite,
            "the invite is not a seat of any game on this server",
        ))
    };
    if !seats::well_formed(invite) {
        return Err(unknown());
    }
    let hash = seats::token_hash(invite);
    if let Err(wait) = server.seat_limits.take(&hash) {
        return Err(too_many(wait));
    }
    let cached = server
        .seat_cache
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(&hash)
        .cloned();
    if let Some((game, side, seat)) = cached {
        return Ok(Seat { game, side, seat });
    }
    match server.store.seat(&hash).await {
        Ok(Some(s)) => {
            // An invite never changes, so this server keeps it; a seat key is asked of the
            // database each time, so that one it dropped (pushed out by newer keys, or its
            // account deleted on another server) opens nothing (issue 77, item 2).
            if !s.revocable {
                let mut cache = server.seat_cache.lock().unwrap_or_else(|e| e.into_inner());
                if cache.len() > 100_000 {
                    cache.clear();
                }
                cache.insert(hash.clone(), (s.game.clone(), s.side, s.seat));
            }
            Ok(Seat {
                game: s.game,
                side: s.side,
                seat: s.seat,
            })
        }
        Ok(None) => Err(unknown()),
        Err(e) => Err(refusal(db_error(e))),
    }
}

/// A request's JSON body, or why not (too large, not JSON, not the expected fields).
pub(super) fn parse_json<T: for<'de> Deserialize<'de>>(
    body: Result<Bytes, BytesRejection>,
    what: &str,
    limit: usize,
) -> Result<T, Response> {
    let body = body.map_err(|e| {
        let status = e.status().as_u16();
        let reason = if status == 413 {
            format!("{what}: the request is larger than {limit} bytes")
        } else {
            format!("{what}: {}", e.body_text())
        };
        refusal(Refused::new(
            if status == 413 {
                Problem::TooLarge
            } else {
                Problem::Malformed
            },
            reason,
        ))
    })?;
    // No request is a list: serde would read `[]` as a structure with every field left out
    // (`POST /api/account/notify` with `[]` cleared the settings, issue 77, item 6).
    if body.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'[') {
        return Err(refusal(Refused::new(
            Problem::Malformed,
            format!("{what}: expected a JSON object {{…}}, not a list"),
        )));
    }
    let parsed = serde_json::from_slice(&body).map_err(|e| {
        refusal(Refused::new(
            Problem::Malformed,
            format!("{what}: line {}, column {}: {e}", e.line(), e.column()),
        ))
    })?;
    // A NUL is in no name, id or text: PostgreSQL cannot store one, and a request that can
    // never succeed was told to retry (issue 77, item 5).
    if serde_json::from_slice::<serde_json::Value>(&body).is_ok_and(|v| has_nul(&v)) {
        return Err(refusal(Refused::new(
            Problem::Malformed,
            format!("{what}: a NUL character (\\u0000) is in no name, id or text"),
        )));
    }
    Ok(parsed)
}

/// Whether a query string carries a control character, percent-escaped (`%00`–`%1F`, `%7F`).
fn has_escaped_control(query: &str) -> bool {
    let b = query.as_bytes();
    (0..b.len().saturating_sub(2)).any(|i| {
        b[i] == b'%'
            && matches!(
                (b[i + 1].to_ascii_lowercase(), b[i + 2].to_ascii_lowercase()),
                (b'0' | b'1', b'0'..=b'9' | b'a'..=b'f') | (b'7', b'f')
            )
    })
}

/// Whether a NUL character is in any string (or key) of `v`.
fn has_nul(v: &serde_json::Value) -> bool {
    match v {
        serde_json::Value::String(s) => s.contains('\0'),
        serde_json::Value::Array(a) => a.iter().any(has_nul),
        serde_json::Value::Object(o) => o.iter().any(|(k, v)| k.contains('\0') || has_nul(v)),
        _ => false,
    }
}

/// The new game's scenario, as its file name and text: one the server has, by name, or one
/// sent whole.
fn scenario_text(new: &NewGame) -> Result<(String, String), Refused> {
    match (&new.scenario, &new.scenario_file, &new.scenario_source) {
        (Some(name), None, None) => match crate::SCENARIOS.iter().find(|(p, _)| p == name) {
            Some((p, text)) => Ok((p.to_string(), text.to_string())),
            None => {
                let known: Vec<_> = crate::SCENARIOS.iter().map(|(p, _)| *p).collect();
                Err(Refused::new(
                    Problem::NoScenario,
                    format!(
                        "no scenario `{name}` here; expected one of {}",
                        known.join(", ")
                    ),
                ))
            }
        },
        (None, Some(f), Some(s)) => Ok((f.clone(), s.clone())),
        _ => Err(Refused::new(
            Problem::Malformed,
            "expected {\"scenario\": NAME} or {\"scenario_file\": NAME, \"scenario_source\": TEXT}",
        )),
    }
}

async fn create(
    State(server): State<Arc<Server>>,
    ConnectInfo(super::guard::Peer(addr)): ConnectInfo<super::guard::Peer>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    if server
        .create_key
        .as_ref()
        .is_some_and(|key| bearer(&headers) != Some(key.as_str()))
    {
        return refusal(Refused::new(
            Problem::NoCreateKey,
            "this server creates games only for who has its key (remote new --key)",
        ));
    }
    let client = client_address(&server, addr.ip(), &headers);
    if let Err(wait) = server.create_limits.take(&client.to_string()) {
        return too_many(wait);
    }
    let new: NewGame = match parse_json(body, "the new game", CREATE_LIMIT) {
        Ok(n) => n,
        Err(r) => return r,
    };
    let made = match prepare(&server, &new).await {
        Ok(p) => make(&server, p, &super::db::Seating::default()).await,
        Err(r) => Err(r),
    };
    match made {
        Ok(m) => created(m.id, m.file, &m.scenario, &m.invites, m.teams.as_ref()),
        Err(r) => refusal(r),
    }
}

/// A new game's scenario and rules, checked, before anything is stored.
pub(super) struct Prepared {
    file: String,
    source: String,
    scenario: crate::rules::scenario::Scenario,
    rules: Option<Order>,
    teams: Option<dispatch::club::Teams>,
}

/// A game made: its id, its scenario, and each side's invite.
pub(super) struct Made {
    pub id: String,
    pub file: String,
    pub scenario: crate::rules::scenario::Scenario,
    /// Each seat's invite, its side and its seat on the side.
    pub invites: Vec<(String, u8, u8)>,
    pub teams: Option<dispatch::club::Teams>,
}

/// Checks what a new game asks for: its scenario (one the server has, one shared here, or one
/// sent whole) within the budget, and its chosen rules.
pub(super) async fn prepare(server: &Server, new: &NewGame) -> Result<Prepared, Refused> {
    let (file, source) = match &new.shared {
        // A scenario shared here: its text from the store.
        Some(id) => match server.store.shared_one(id).await {
            Ok(Some(s)) => (s.shared.file, s.source),
            Ok(None) => return Err(super::referee::no_such_shared(id)),
            Err(e) => return Err(db_error(e)),
        },
        None => scenario_text(new)?,
    };
    let scenario = crate::rules::scenario::parse(&file, &source)
        .map_err(|e| Refused::new(Problem::BadScenario, e.to_string()))?;
    if let Some(why) = server.budget.refuses(&scenario) {
        return Err(Refused::new(Problem::OverBudget, why));
    }
    let rules = new
        .parameters
        .clone()
        .filter(|p| **p != scenario.params)
        .map(|params| Order::SetParameters { params });
    if let Some(o) = &rules {
        let mut game = crate::rules::game::Game::new(scenario.clone(), Some(0));
        if let Err(reasons) = game.give(o) {
            let why: Vec<_> = reasons.iter().map(|x| x.to_string()).collect();
            return Err(Refused::new(Problem::BadParameters, why.join("; ")));
        }
    }
    if let Some(t) = &new.teams {
        super::split_command::check(&scenario, t)
            .map_err(|why| Refused::new(Problem::BadTeams, why.0))?;
    }
    Ok(Prepared {
        file,
        source,
        scenario,
        rules,
        teams: new.teams.clone(),
    })
}

/// Makes and stores a prepared game, seated as `seating` says; a challenge it takes up that
/// another took first is refused, and nothing is stored.
pub(super) async fn make(
    server: &Server,
    p: Prepared,
    seating: &super::db::Seating,
) -> Result<Made, Refused> {
    let seed = server.same_dice.map_or_else(seats::new_seed, Ok);
    let seats_of = |side: u8| {
        p.teams
            .as_ref()
            .map_or(1, |t| t.sides[side as usize].len() as u8)
    };
    let invites: Result<Vec<_>, _> = (0..2u8)
        .flat_map(|side| (0..seats_of(side)).map(move |seat| (side, seat)))
        .map(|(side, seat)| seats::new_invite().map(|i| (i, side, seat)))
        .collect();
    let (Ok(id), Ok(seed), Ok(invites)) = (seats::new_game_id(), seed, invites) else {
        return Err(Refused::new(
            Problem::NoRandomness,
            "the system's random source failed",
        ));
    };
    let Prepared {
        file,
        source,
        scenario,
        rules,
        teams,
    } = p;
    // The game as it stands before its first order.
    let snapshot = crate::rules::game::Game::new(scenario.clone(), Some(seed)).snapshot();
    let row = GameRow {
        id: id.clone(),
        scenario_file: file.clone(),
        scenario_source: source,
        seed,
        seq: 0,
        side: snapshot.acting.0,
        over: snapshot.over,
        names: [0, 1].map(|s| scenario.side_name(Side(s)).to_owned()),
        turn: super::referee::turn_json(&snapshot.turn_state()),
        told: [0, 0],
        archived: false,
    };
    let start = ron::to_string(&snapshot).unwrap_or_default();
    let hashed: Vec<_> = invites
        .iter()
        .map(|(i, side, seat)| (seats::token_hash(i), *side, *seat))
        .collect();
    match server
        .store
        .create_game(&row, &start, &hashed, seating, teams.as_ref())
        .await
    {
        Ok(true) => {}
        Ok(false) => {
            return Err(Refused::new(
                Problem::NoChallenge,
                "the challenge was taken up or withdrawn first",
            ));
        }
        Err(e) => return Err(db_error(e)),
    }
    server.referee.warm(&id);
    if let Some(o) = rules {
        // The first side's seat gives it, before anyone can act.
        server.referee.set_rules(&id, row.side, o).await?;
    }
    Ok(Made {
        id,
        file,
        scenario,
        invites,
        teams,
    })
}

/// The answer to a game made: its id, its scenario, and each side's invite.
fn created(
    id: String,
    file: String,
    scenario: &crate::rules::scenario::Scenario,
    invites: &[(String, u8, u8)],
    teams: Option<&dispatch::club::Teams>,
) -> Response {
    let sides = invites
        .iter()
        .map(|(invite, side, seat)| dispatch::Invite {
            side: Side(*side),
            name: scenario.side_name(Side(*side)).to_owned(),
            invite: invite.clone(),
            seat: *seat,
            command: teams
                .and_then(|t| t.sides[*side as usize].get(*seat as usize))
                .map(|posts| {
                    posts
                        .iter()
                        .map(|p| super::split_command::post_name(scenario, p))
                        .collect()
                })
                .unwrap_or_default(),
        })
        .collect();
    let made = dispatch::Created {
        game: id,
        scenario: file,
        sides,
    };
    (StatusCode::CREATED, axum::Json(made)).into_response()
}

/// A game's state as a seat sees it: everything but the dice's seed, until the game is over;
/// `board` is the board as the seat's side knows it, where one was asked for (never the row's
/// snapshot, which is the whole truth). Its `seq` is the seat's own count of the orders its
/// side was told of (under fog an enemy's hidden orders are not counted).
fn state_of(row: &GameRow, seat_side: u8, board: Option<String>) -> Result<GameState, Response> {
    let names = &row.names;
    let turn: TurnSummary = serde_json::from_str(&row.turn).map_err(|e| {
        refusal(Refused::new(
            Problem::Corrupt,
            format!("the game's turn is unreadable: {e}"),
        ))
    })?;
    Ok(GameState {
        game: row.id.clone(),
        scenario: row.scenario_file.clone(),
        you: Side(seat_side),
        you_name: names[seat_side as usize & 1].clone(),
        // The seat's own count (issue 45 item 1: the enemy's hidden orders are not counted).
        seq: row.told[seat_side as usize & 1],
        side: Side(row.side),
        side_name: names[row.side as usize & 1].clone(),
        your_turn: row.side == seat_side && !row.over,
        over: row.over,
        turn,
        snapshot: board,
        seed: row.over.then(|| row.seed.to_string()),
        terms: None,
    })
}

/// The state with the game's terms at the club.
async fn with_terms(server: &Server, mut st: GameState) -> Result<GameState, Response> {
    st.terms = super::db::club_terms(&server.store.pool, &st.game)
        .await
        .map_err(|e| refusal(db_error(e)))?
        .map(|h| h.terms);
    Ok(st)
}

/// The game now as the seat sees it, with its side's board if `board` (the referee works that
/// out; the database holds only the truth).
async fn state_now(server: &Server, seat: &Seat, board: bool) -> Result<GameState, Response> {
    if board {
        // (The referee may still hold a game archived since: the database says.)
        standing(server, seat).await?;
        let (row, b) = server
            .referee
            .look(&seat.game, seat.side)
            .await
            .map_err(refusal)?;
        return with_terms(server, state_of(&row, seat.side, Some(b))?).await;
    }
    let g = playing(server, seat, false).await?;
    with_terms(server, state_of(&g, seat.side, None)?).await
}

/// Where the seat's game stands, or the refusal of a game gone or archived.
async fn standing(server: &Server, seat: &Seat) -> Result<super::db::Standing, Response> {
    match server.store.standing(&seat.game).await {
        Ok(Some(s)) if s.archived => Err(refusal(archived())),
        Ok(Some(s)) => Ok(s),
        Ok(None) => Err(refusal(no_game())),
        Err(e) => Err(refusal(db_error(e))),
    }
}

/// The refusal of a seat whose game is no longer on the server.
fn no_game() -> Refused {
    Refused::new(Problem::NoGame, "the seat's game is gone")
}

/// The game's order the seat numbers `told`.
async fn order_told(server: &Server, seat: &Seat, told: i64) -> Result<i64, Refused> {
    server
        .store
        .order_told(&seat.game, super::db::shown_bit(seat.side), told)
        .await
        .map_err(db_error)
}

/// The seat's game, archived or not.
async fn game_of(server: &Server, seat: &Seat, source: bool) -> Result<GameRow, Response> {
    match server.store.game(&seat.game, source).await {
        Ok(Some(g)) => Ok(g),
        Ok(None) => Err(refusal(no_game())),
        Err(e) => Err(refusal(db_error(e))),
    }
}

/// The seat's game while it is played (not archived).
async fn playing(server: &Server, seat: &Seat, source: bool) -> Result<GameRow, Response> {
    let g = game_of(server, seat, source).await?;
    if g.archived {
        return Err(refusal(archived()));
    }
    Ok(g)
}

#[derive(Deserialize)]
struct Full {
    /// Whether the answer carries the whole state (a `Snapshot`, RON), for a window to draw.
    #[serde(default)]
    snapshot: bool,
}

async fn state(
    State(server): State<Arc<Server>>,
    headers: HeaderMap,
    Asked(full): Asked<Full>,
) -> Response {
    let seat = match seat(&server, &headers, None).await {
        Ok(s) => s,
        Err(r) => return r,
    };
    match state_now(&server, &seat, full.snapshot).await {
        Ok(s) => answer(&s),
        Err(r) => r,
    }
}

/// What a seat coming back to its game is offered as a replay: the orders given since its side
/// last gave one (the other side's turn, or turns), each with its outcomes, and the state before
/// each and after the last, rebuilt from the game's scenario, seed and log.
async fn replay(State(server): State<Arc<Server>>, headers: HeaderMap) -> Response {
    let seat = match seat(&server, &headers, None).await {
        Ok(s) => s,
        Err(r) => return r,
    };
    let g = match playing(&server, &seat, true).await {
        Ok(g) => g,
        Err(r) => return r,
    };
    let rows = match server.store.orders(&seat.game, 0).await {
        Ok(r) => r,
        Err(e) => return refusal(db_error(e)),
    };
    let from = rows
        .iter()
        .rposition(|r| r.side == seat.side)
        .map_or(0, |i| i + 1);
    // In the seat's own numbering, and only what it was told of: an enemy's hidden orders
    // are neither replayed nor counted.
    let bit = super::db::shown_bit(seat.side);
    let base = rows[..from].iter().filter(|r| r.shown & bit != 0).count();
    let since = match records_for(&rows[from..], seat.side, base as i64) {
        Ok(s) => s,
        Err(r) => return r,
    };
    let told: Vec<bool> = rows[from..].iter().map(|r| r.shown & bit != 0).collect();
    if since.is_empty() {
        return answer(&dispatch::Replay {
            from: base,
            ..Default::default()
        });
    }
    let mut orders = Vec::with_capacity(rows.len());
    for r in &rows {
        match serde_json::from_str::<Order>(&r.order_json) {
            Ok(o) => orders.push(o),
            Err(e) => {
                return refusal(Refused::new(
                    Problem::Corrupt,
                    format!("order {} unreadable: {e}", r.seq),
                ));
            }
        }
    }
    let scenario = match crate::rules::scenario::parse(&g.scenario_file, &g.scenario_source) {
        Ok(s) => s,
        Err(e) => return refusal(Refused::new(Problem::Corrupt, e.to_string())),
    };
    let n = orders.len();
    let side = Side(seat.side);
    // A replay of the whole log, each state as the seat's side knew it (D-fow-8): off the
    // server's async threads.
    let states = tokio::task::spawn_blocking(move || {
        let t = crate::save::timeline::Timeline::build(scenario, g.seed, orders);
        // The state before the first, and after each order the seat was told of.
        t.states_as_seen(from, n, side)
            .iter()
            .enumerate()
            .filter(|(i, _)| *i == 0 || told[i - 1])
            .map(|(_, s)| ron::to_string(s).unwrap_or_default())
            .collect::<Vec<String>>()
    })
    .await
    .unwrap_or_default();
    answer(&dispatch::Replay {
        from: base,
        records: since,
        snapshots: states,
    })
}

async fn scenario(State(server): State<Arc<Server>>, headers: HeaderMap) -> Response {
    let seat = match seat(&server, &headers, None).await {
        Ok(s) => s,
        Err(r) => return r,
    };
    match playing(&server, &seat, true).await {
        Ok(g) => answer(&dispatch::ScenarioText {
            file: g.scenario_file,
            source: g.scenario_source,
        }),
        Err(r) => r,
    }
}

/// An order's record as the seat of `side` is told it (RULES.md §16 D-fow-8): under fog, the
/// outcomes as its side perceived them, and the other side's order not at all.
fn record_for(r: &OrderRow, side: u8, told: i64) -> Result<Record, Response> {
    let corrupt = |what: &str, e: serde_json::Error| {
        refusal(Refused::new(
            Problem::Corrupt,
            format!("order {}: its {what} is unreadable: {e}", r.seq),
        ))
    };
    let order: Order = serde_json::from_str(&r.order_json).map_err(|e| corrupt("order", e))?;
    if r.seen.is_empty() {
        let outcomes = serde_json::from_str(&r.outcomes).map_err(|e| corrupt("outcomes", e))?;
        return Ok(Record {
            seq: told,
            side: Side(r.side),
            order: Some(order),
            outcomes,
        });
    }
    let [a, b]: [Vec<crate::rules::event::Outcome>; 2] =
        serde_json::from_str(&r.seen).map_err(|e| corrupt("outcomes as seen", e))?;
    Ok(Record {
        seq: told,
        side: Side(r.side),
        order: (r.side == side).then_some(order),
        outcomes: if side & 1 == 0 { a } else { b },
    })
}

/// The rows the seat of `side` is told of, as its records, numbered on from `told` (what it
/// numbers the order before the first).
fn records_for(rows: &[OrderRow], side: u8, told: i64) -> Result<Vec<Record>, Response> {
    let bit = super::db::shown_bit(side);
    rows.iter()
        .filter(|r| r.shown & bit != 0)
        .enumerate()
        .map(|(i, r)| record_for(r, side, told + 1 + i as i64))
        .collect()
}

async fn order(
    State(server): State<Arc<Server>>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let seat = match seat(&server, &headers, None).await {
        Ok(s) => s,
        Err(r) => return r,
    };
    let given: OrderGiven = match parse_json(body, "the order", ORDER_LIMIT) {
        Ok(g) => g,
        Err(r) => return r,
    };
    // `after` is in the seat's own numbering: the game's order it names is looked up, so that
    // an order given on a stale view is refused (one of two racing orders wins).
    let after = match given.after {
        None => None,
        Some(mine) => {
            let (now, told_now) = match standing(&server, &seat).await {
                Ok(st) => (st.seq, st.told[usize::from(seat.side & 1)]),
                Err(r) => return r,
            };
            if mine != told_now {
                return refusal(Refused::new(
                    Problem::OutOfOrder,
                    format!(
                        "the order was given after order {mine}, but the game is at order {told_now}: read the new orders first"
                    ),
                ));
            }
            Some(now)
        }
    };
    match server
        .referee
        .order(
            &seat.game,
            seat.side,
            seat.seat,
            given.order,
            after,
            given.snapshot,
        )
        .await
    {
        Ok(applied) => {
            let told = applied.game.told[seat.side as usize & 1];
            let taken = record_for(&applied.row, seat.side, told).and_then(|record| {
                Ok(dispatch::OrderTaken {
                    record,
                    state: state_of(&applied.game, seat.side, applied.board)?,
                })
            });
            match taken {
                Ok(t) => answer(&t),
                Err(r) => r,
            }
        }
        // Another order came first (the referee counts every order, the enemy's hidden ones
        // too: its numbers are not the seat's to hear).
        Err(r) if r.problem == Problem::OutOfOrder => refusal(Refused::new(
            Problem::OutOfOrder,
            "another order was taken first: read the new orders first",
        )),
        Err(r) => refusal(r),
    }
}

/// The socket's invite (a browser cannot put a header on a WebSocket).
#[derive(Deserialize)]
struct SocketInvite {
    invite: Option<String>,
}

/// What a waiting client waits for.
#[derive(Clone, Copy)]
enum Until {
    /// Any order after this one.
    After(i64),
    /// This side's turn or the end, after this order.
    Turn(i64, u8),
}

/// The seat's records after the order `until` names (in the seat's own numbering), waiting up
/// to `wait` for what it waits for. An enemy's order the seat is not told of does not end the
/// wait: when the enemy acts unseen, the answer comes no sooner than if it had not acted.
async fn records_after(
    server: &Server,
    seat: &Seat,
    until: Until,
    wait: Duration,
) -> Result<Vec<Record>, Response> {
    let deadline = tokio::time::Instant::now() + wait;
    let mut bell = server.bells.of(&seat.game);
    let asked = match until {
        Until::After(a) | Until::Turn(a, _) => a,
    };
    // The game's order the seat numbers `asked` (its last, when it asks after what it has;
    // a count beyond its own is taken as its own).
    let st = standing(server, seat).await?;
    let told_now = st.told[usize::from(seat.side & 1)];
    let base = asked.clamp(0, told_now);
    let after = if base == told_now {
        st.seq
    } else {
        order_told(server, seat, base).await.map_err(refusal)?
    };
    let ask = || async {
        standing(server, seat)
            .await
            .map(|st| (st.seq, st.side, st.over))
    };
    let mut known = (st.seq, st.side, st.over);
    // The game's orders up to here were read and none was told to the seat.
    let mut read = after;
    loop {
        let (seq, side, over) = known;
        let ready = match until {
            Until::After(_) => seq > read,
            Until::Turn(_, you) => seq >= after && (side == you || over),
        };
        if ready {
            let rows = server
                .store
                .orders(&seat.game, after)
                .await
                .map_err(|e| refusal(db_error(e)))?;
            let records = records_for(&rows, seat.side, base)?;
            if !records.is_empty() || matches!(until, Until::Turn(..)) {
                return Ok(records);
            }
            read = rows.last().map_or(seq, |r| r.seq).max(read);
        }
        let now = tokio::time::Instant::now();
        if now >= deadline {
            return Ok(Vec::new());
        }
        let nap = (deadline - now).min(server.poll);
        tokio::select! {
            rung = bell.changed() => {
                let p = *bell.borrow_and_update();
                if rung.is_ok() && p.0 > known.0 {
                    known = p;
                }
            }
            // A notification lost while the listener was connecting again: the database says.
            _ = tokio::time::sleep(nap) => known = ask().await?,
        }
    }
}

async fn events(
    State(server): State<Arc<Server>>,
    headers: HeaderMap,
    Asked(since): Asked<Since>,
) -> Response {
    let seat = match seat(&server, &headers, None).await {
        Ok(s) => s,
        Err(r) => return r,
    };
    let wait = Duration::from_secs(since.wait.min(30));
    let until = if since.turn {
        Until::Turn(since.after, seat.side)
    } else {
        Until::After(since.after)
    };
    let records = match records_after(&server, &seat, until, wait).await {
        Ok(r) => r,
        Err(r) => return r,
    };
    match state_now(&server, &seat, since.snapshot).await {
        Ok(state) => answer(&dispatch::News { records, state }),
        Err(r) => r,
    }
}

/// The finished game, seed and every order, as a save `bayonet replay` checks.
async fn published(State(server): State<Arc<Server>>, headers: HeaderMap) -> Response {
    let seat = match seat(&server, &headers, None).await {
        Ok(s) => s,
        Err(r) => return r,
    };
    // An archived game is published as a finished one is: nobody plays it any more.
    let g = match game_of(&server, &seat, true).await {
        Ok(g) => g,
        Err(r) => return r,
    };
    if !g.over && !g.archived {
        return refusal(Refused::new(
            Problem::NotOver,
            "the dice's seed and the order log are published when the game is over",
        ));
    }
    let orders = match server.store.orders(&g.id, 0).await {
        Ok(o) => o,
        Err(e) => return refusal(db_error(e)),
    };
    let scenario = match crate::rules::scenario::parse(&g.scenario_file, &g.scenario_source) {
        Ok(s) => s,
        Err(e) => return refusal(Refused::new(Problem::Corrupt, e.to_string())),
    };
    // The save is the game replayed here from its seed and log: what either player checks.
    let mut game = crate::rules::game::Game::new(scenario, Some(g.seed)).replaying();
    for r in &orders {
        if let Ok(o) = serde_json::from_str::<Order>(&r.order_json) {
            let _ = game.give(&o);
        }
    }
    let save = crate::save::save_of(&game);
    (
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        crate::save::to_text(&save),
    )
        .into_response()
}

/// Pushes each new record to the seat as it is committed (JSON text messages), until either
/// end closes.
async fn socket(
    State(server): State<Arc<Server>>,
    ConnectInfo(super::guard::Peer(addr)): ConnectInfo<super::guard::Peer>,
    headers: HeaderMap,
    Asked(since): Asked<Since>,
    Asked(invite): Asked<SocketInvite>,
    ws: WebSocketUpgrade,
) -> Response {
    // A page of another site may not open a seat's socket in its visitor's browser: the
    // Origin, when a browser sends one, must be this server's own.
    if let Some(origin) = headers.get(header::ORIGIN).and_then(|o| o.to_str().ok()) {
        let host = headers
            .get(header::HOST)
            .and_then(|h| h.to_str().ok())
            .unwrap_or("");
        let origin_host = origin.split("://").nth(1).unwrap_or(origin);
        if origin_host != host {
            return refusal(Refused::new(
                Problem::ForeignOrigin,
                format!("a page of {origin} may not open this server's sockets"),
            ));
        }
    }
    let seat = match seat(&server, &headers, invite.invite.as_deref()).await {
        Ok(s) => s,
        Err(r) => return r,
    };
    let client = client_address(&server, addr.ip(), &headers);
    let slot = match server.open_socket(&seat.game, client) {
        Ok(slot) => slot,
        Err(r) => return refusal(r),
    };
    let after = since.after;
    ws.max_message_size(ORDER_LIMIT)
        .on_upgrade(move |socket| push(server, seat, after, socket, slot))
}

async fn push(
    server: Arc<Server>,
    seat: Seat,
    mut after: i64,
    mut socket: WebSocket,
    _slot: SocketSlot,
) {
    let mut stop = server.stopping.subscribe();
    loop {
        tokio::select! {
            _ = stop.changed() => {
                let frame = axum::extract::ws::CloseFrame {
                    code: axum::extract::ws::close_code::AWAY,
                    reason: "the server is stopping".into(),
                };
                let _ = socket.send(Message::Close(Some(frame))).await;
                return;
            }
            got = records_after(&server, &seat, Until::After(after), Duration::from_secs(30)) => {
                let Ok(records) = got else { return };
                for record in records {
                    after = record.seq;
                    let text = serde_json::to_string(&record).unwrap_or_default();
                    if socket.send(Message::Text(text.into())).await.is_err() {
                        return;
                    }
                }
            }
            msg = socket.recv() => match msg {
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                _ => {}
            },
        }
    }
}

/// A file of the browser build (`--site`), or the refusal of an unknown request.
async fn site_file(State(server): State<Arc<Server>>, uri: axum::http::Uri) -> Response {
    let unknown = || {
        refusal(Refused::new(
            Problem::NoSuchRequest,
            "no such request; see the README's `bayonet serve` section",
        ))
    };
    let Some(dir) = &server.site else {
        return unknown();
    };
    let path = uri.path().trim_start_matches('/');
    let path = if path.is_empty() { "index.html" } else { path };
    if path.starts_with("api/") || path.split('/').any(|c| c.is_empty() || c.starts_with('.')) {
        return unknown();
    }
    let kind = match path.rsplit('.').next().unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" => "text/javascript",
        "wasm" => "application/wasm",
        "png" => "image/png",
        "css" => "text/css",
        "json" => "application/json",
        "webmanifest" => "application/manifest+json",
        _ => "application/octet-stream",
    };
    // No file outside the folder, a link leading out of it included.
    let (Ok(root), Ok(file)) = (
        tokio::fs::canonicalize(dir).await,
        tokio::fs::canonicalize(dir.join(path)).await,
    ) else {
        return unknown();
    };
    if !file.starts_with(&root) {
        return unknown();
    }
    match tokio::fs::read(file).await {
        Ok(bytes) => ([(header::CONTENT_TYPE, kind)], bytes).into_response(),
        Err(_) => unknown(),
    }
}
