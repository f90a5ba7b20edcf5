//! A seat at a game on a referee server (`bayonet serve`), for the command line and the
//! desktop window: blocking HTTP, one request at a time, the server's refusals kept whole.

use std::time::Duration;

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::dispatch::{self, GameState, NewGame, News, OrderGiven, OrderTaken, Record};
use crate::rules::order::Order;
use crate::sim::outcome::Outcome;

/// What the server answered when it did not take a request (or why it could not be asked).
#[derive(Debug, Clone, PartialEq)]
pub struct Refusal {
    /// The HTTP status, 0 when the server could not be reached.
    pub status: u16,
    pub error: String,
    pub reason: String,
    /// Outcomes of a refused order (the rules' refusal with its reasons).
    pub outcomes: Vec<Outcome>,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.status == 0 {
            write!(f, "{}", self.reason)
        } else {
            write!(f, "{} ({}): {}", self.error, self.status, self.reason)
        }
    }
}

impl Refusal {
    fn unreachable(reason: String) -> Refusal {
        Refusal {
            status: 0,
            error: "unreachable".into(),
            reason,
            outcomes: Vec::new(),
        }
    }

    /// A refusal's answer as the server wrote it (`dispatch::Refused`), or its bare text.
    pub fn of_answer(status: u16, text: &str) -> Refusal {
        match serde_json::from_str::<dispatch::Refused>(text) {
            Ok(r) => Refusal {
                status,
                error: r.error,
                reason: r.reason,
                outcomes: r.outcomes,
            },
            Err(_) => Refusal {
                status,
                error: "error".into(),
                reason: text.to_owned(),
                outcomes: Vec::new(),
            },
        }
    }
}

/// A connection to a server, as one seat (or as nobody, to create a game).
pub struct Seat {
    /// How long a lost server is waited for (it may be restarting) before giving up.
    pub patience: Duration,
    /// Whether answers carry the whole state (a window drawing the game needs it).
    pub snapshots: bool,
    base: String,
    invite: Option<String>,
    agent: ureq::Agent,
}

/// A server address as typed: `host:port` or a URL; no trailing slash.
pub fn base_url(url: &str) -> String {
    let u = url.trim().trim_end_matches('/');
    if u.starts_with("http://") || u.starts_with("https://") {
        u.to_owned()
    } else {
        format!("http://{u}")
    }
}

/// Whether `e` says the server is not there (it may be restarting), not that it was reached
/// and could not be trusted: a certificate refused is told at once, not waited on.
fn gone(e: &ureq::Error) -> bool {
    match e {
        ureq::Error::ConnectionFailed | ureq::Error::HostNotFound => true,
        ureq::Error::Io(io) => io
            .get_ref()
            .is_none_or(|inner| inner.downcast_ref::<rustls::Error>().is_none()),
        _ => false,
    }
}

/// The certificate authorities `--ca FILE` named, trusted instead of the public ones (a
/// server with a private or self-signed certificate).
static PRIVATE_CA: std::sync::OnceLock<Vec<ureq::tls::Certificate<'static>>> =
    std::sync::OnceLock::new();

/// Trusts the certificates of the PEM file `path` (and no others) for every server this
/// process talks to over `https://`.
pub fn trust_ca(path: &std::path::Path) -> Result<(), String> {
    let pem = std::fs::read(path).map_err(|e| format!("--ca {}: {e}", path.display()))?;
    let certs = ureq::tls::parse_pem(&pem)
        .filter_map(|item| match item {
            Ok(ureq::tls::PemItem::Certificate(c)) => Some(Ok(c)),
            Ok(_) => None,
            Err(e) => Some(Err(e)),
        })
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| format!("--ca {}: not a PEM file ({e})", path.display()))?;
    if certs.is_empty() {
        return Err(format!(
            "--ca {}: no certificate in it (expected PEM, \"-----BEGIN CERTIFICATE-----\")",
            path.display()
        ));
    }
    let _ = PRIVATE_CA.set(certs);
    Ok(())
}

/// This process's own server (`bayonet host` over TLS), reached over loopback: its certificate
/// names the address friends use, not 127.0.0.1, and a connection that never leaves this
/// machine's loopback to this very process has nothing to prove.
static OWN_SERVER: std::sync::OnceLock<String> = std::sync::OnceLock::new();

/// Marks `url` (a loopback address) as this process's own server.
pub fn own_server(url: &str) {
    let _ = OWN_SERVER.set(base_url(url));
}

impl Seat {
    pub fn new(url: &str, invite: Option<&str>) -> Seat {
        let tls = if OWN_SERVER.get() == Some(&base_url(url)) {
            ureq::tls::TlsConfig::builder()
                .disable_verification(true)
                .build()
        } else {
            Seat::trusted()
        };
        Seat::with_tls(url, invite, tls)
    }

    /// The TLS this process trusts: the `--ca` certificates if given, else the public roots.
    fn trusted() -> ureq::tls::TlsConfig {
        let roots = match PRIVATE_CA.get() {
            Some(certs) => ureq::tls::RootCerts::new_with_certs(certs),
            None => ureq::tls::RootCerts::WebPki,
        };
        ureq::tls::TlsConfig::builder().root_certs(roots).build()
    }

    /// The seat's invite, if it is a seat.
    pub fn invite(&self) -> Option<&str> {
        self.invite.as_deref()
    }

    fn with_tls(url: &str, invite: Option<&str>, tls: ureq::tls::TlsConfig) -> Seat {
        let agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .tls_config(tls)
            // A wait for the other side is at most 30 s on the server.
            .timeout_global(Some(Duration::from_secs(40)))
            .build()
            .into();
        Seat {
            patience: Duration::from_secs(60),
            snapshots: false,
            base: base_url(url),
            invite: invite.map(|i| i.trim().to_owned()),
            agent,
        }
    }

    fn call(
        &self,
        method: &str,
        path: &str,
        body: Option<String>,
    ) -> Result<(u16, String), Refusal> {
        let url = format!("{}{path}", self.base);
        let unreachable = |e: ureq::Error| Refusal::unreachable(format!("{url}: {e}"));
        let lost_since = std::time::Instant::now();
        // A flood refused with 429 waits what the server says, a few times; a server gone
        // (restarting) is asked again until `patience` runs out.
        for _ in 0..1000 {
            let auth = self.invite.as_ref().map(|i| format!("Bearer {i}"));
            let resp = match (method, &body) {
                ("POST", Some(b)) => {
                    let mut r = self
                        .agent
                        .post(&url)
                        .header("Content-Type", "application/json");
                    if let Some(a) = &auth {
                        r = r.header("Authorization", a);
                    }
                    r.send(b.as_str())
                }
                _ => {
                    let mut r = self.agent.get(&url);
                    if let Some(a) = &auth {
                        r = r.header("Authorization", a);
                    }
                    r.call()
                }
            };
            let mut resp = match resp {
                Ok(r) => r,
                Err(e) if gone(&e) && lost_since.elapsed() < self.patience => {
                    std::thread::sleep(Duration::from_millis(200));
                    continue;
                }
                Err(e) => return Err(unreachable(e)),
            };
            let status = resp.status().as_u16();
            if status == 429 {
                let wait = resp
                    .headers()
                    .get("retry-after")
                    .and_then(|v| v.to_str().ok())
                    .and_then(|v| v.parse::<u64>().ok())
                    .unwrap_or(1);
                std::thread::sleep(Duration::from_secs(wait.min(10)));
                continue;
            }
            let text = resp.body_mut().read_to_string().map_err(unreachable)?;
            return Ok((status, text));
        }
        Err(Refusal {
            status: 429,
            error: "too_many_requests".into(),
            reason: "the server kept refusing for too many requests".into(),
            outcomes: Vec::new(),
        })
    }

    /// A typed answer, or the server's refusal.
    fn ask<T: DeserializeOwned>(
        &self,
        method: &str,
        path: &str,
        body: Option<&impl Serialize>,
    ) -> Result<T, Refusal> {
        let body = body.map(|b| serde_json::to_string(b).unwrap_or_default());
        let (status, text) = self.call(method, path, body)?;
        if !(200..300).contains(&status) {
            return Err(Refusal::of_answer(status, &text));
        }
        serde_json::from_str(&text).map_err(|e| Refusal {
            status,
            error: "unreadable".into(),
            reason: format!("{}{path}: the answer does not read: {e}", self.base),
            outcomes: Vec::new(),
        })
    }

    fn get<T: DeserializeOwned>(&self, path: &str) -> Result<T, Refusal> {
        self.ask("GET", path, None::<&()>)
    }

    /// Creates a game of a scenario the server has; the answer names each side's invite.
    pub fn create(&self, scenario: &str) -> Result<dispatch::Created, Refusal> {
        let new = NewGame {
            scenario: Some(scenario.to_owned()),
            ..Default::default()
        };
        self.ask("POST", "/api/games", Some(&new))
    }

    /// Creates a game of a scenario's own text.
    pub fn create_from(&self, file: &str, source: &str) -> Result<dispatch::Created, Refusal> {
        self.create_with(file, source, None)
    }

    /// Creates a game of a scenario's text with its Parameter Data and optional rules.
    pub fn create_with(
        &self,
        file: &str,
        source: &str,
        parameters: Option<&crate::rules::params::Parameters>,
    ) -> Result<dispatch::Created, Refusal> {
        let new = NewGame {
            scenario: None,
            scenario_file: Some(file.to_owned()),
            scenario_source: Some(source.to_owned()),
            parameters: parameters.map(|p| Box::new(p.clone())),
        };
        self.ask("POST", "/api/games", Some(&new))
    }

    /// The game as this seat sees it now.
    pub fn state(&self) -> Result<GameState, Refusal> {
        self.get("/api/game")
    }

    /// The game now, with the board as this seat's side knows it (`state.snapshot`).
    pub fn full_state(&self) -> Result<GameState, Refusal> {
        self.get("/api/game?snapshot=true")
    }

    /// The scenario's file name and text.
    pub fn scenario(&self) -> Result<dispatch::ScenarioText, Refusal> {
        self.get("/api/game/scenario")
    }

    /// The orders given since this seat's side last gave one, with the boards between them.
    pub fn replay(&self) -> Result<dispatch::Replay, Refusal> {
        self.get("/api/game/replay")
    }

    /// Gives an order; `after` is the last order this seat has seen.
    pub fn order(&self, order: &Order, after: Option<i64>) -> Result<OrderTaken, Refusal> {
        let given = OrderGiven {
            order: order.clone(),
            after,
            snapshot: self.snapshots,
        };
        self.ask("POST", "/api/game/orders", Some(&given))
    }

    /// The orders after `after`, waiting up to `wait` seconds for one.
    pub fn events(&self, after: i64, wait: u64) -> Result<News, Refusal> {
        self.get(&format!(
            "/api/game/events?after={after}&wait={wait}&snapshot={}",
            self.snapshots
        ))
    }

    /// The finished game as a save (seed and order log).
    pub fn save(&self) -> Result<String, Refusal> {
        let (status, text) = self.call("GET", "/api/game/save", None)?;
        if status == 200 {
            return Ok(text);
        }
        Err(Refusal::of_answer(status, &text))
    }

    /// Waits (as long as it takes) until it is this seat's turn or the game is over; returns
    /// the state then.
    pub fn wait_for_turn(&self) -> Result<GameState, Refusal> {
        self.wait_from(self.state()?)
    }

    /// Waits from a state already known.
    pub fn wait_from(&self, mut state: GameState) -> Result<GameState, Refusal> {
        while !state.your_turn && !state.over {
            let news: News = self.get(&format!(
                "/api/game/events?after={}&wait=25&turn=true",
                state.seq
            ))?;
            state = news.state;
        }
        Ok(state)
    }
}

/// What became of one order of a script (`Seat::play`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Played {
    /// Its place in the script.
    pub order: usize,
    pub accepted: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub record: Option<Record>,
    /// Why it was refused (the server's status, error and words).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<u16>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

impl Seat {
    /// Gives each order when it is this seat's turn, until the orders or the game run out; a
    /// line per order: taken (with its record) or refused (with the server's reason). An order
    /// whose answer was lost (the server went down) is found in the game's log, not given twice.
    pub fn play(&self, orders: &[Order]) -> Result<(Vec<Played>, GameState), Refusal> {
        let mut lines = Vec::new();
        let mut state = self.state()?;
        for (i, order) in orders.iter().enumerate() {
            state = self.wait_from(state)?;
            if state.over {
                break;
            }
            let seq = state.seq;
            let taken = |record| Played {
                order: i,
                accepted: true,
                record: Some(record),
                status: None,
                error: None,
                reason: None,
            };
            let line = match self.order(order, Some(seq)) {
                Ok(t) => {
                    state = t.state;
                    taken(t.record)
                }
                Err(r) if r.error == "out_of_order" || r.status >= 500 => {
                    // Taken before the answer was lost? It is then the next record, and ours.
                    let next = self.events(seq, 0)?;
                    state = next.state;
                    match next.records.into_iter().next() {
                        Some(first)
                            if first.seq == seq + 1
                                && first.side == state.you
                                && first.order.as_ref() == Some(order) =>
                        {
                            taken(first)
                        }
                        _ => return Err(r),
                    }
                }
                Err(r) if r.status >= 400 && r.status < 500 => Played {
                    order: i,
                    accepted: false,
                    record: None,
                    status: Some(r.status),
                    error: Some(r.error),
                    reason: Some(r.reason),
                },
                Err(r) => return Err(r),
            };
            lines.push(line);
        }
        Ok((lines, state))
    }
}
