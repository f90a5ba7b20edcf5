//! A seat at a game on a referee server (`bayonet serve`), for the command line and the
//! desktop window: blocking HTTP, one request at a time, the server's refusals kept whole.

use std::time::Duration;

use serde::Serialize;

use crate::dispatch::request::{self, Request};
use crate::dispatch::{
    self, GameState, NewGame, News, OrderGiven, OrderTaken, Problem, Record, Since,
};
use crate::rules::order::Order;

pub use crate::dispatch::Refusal;

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
                ("DELETE", _) => {
                    let mut r = self.agent.delete(&url);
                    if let Some(a) = &auth {
                        r = r.header("Authorization", a);
                    }
                    r.call()
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
            status: Problem::TooManyRequests.status(),
            problem: Problem::TooManyRequests,
            reason: "the server kept refusing for too many requests".into(),
            outcomes: Vec::new(),
        })
    }

    /// A request's typed answer, or the server's refusal.
    pub fn send<T>(&self, req: Request<T>) -> Result<T, Refusal> {
        let (status, text) = self.call(req.method.name(), &req.path(), req.body.clone())?;
        req.answer(status, &text)
    }

    /// Creates a game of a scenario the server has; the answer names each side's invite.
    pub fn create(&self, scenario: &str) -> Result<dispatch::Created, Refusal> {
        let new = NewGame {
            scenario: Some(scenario.to_owned()),
            ..Default::default()
        };
        self.send(request::create(&new))
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
            shared: None,
            teams: None,
        };
        self.send(request::create(&new))
    }

    /// Creates a team game of a scenario the server has: each side's seats and their commands.
    pub fn create_teams(
        &self,
        scenario: &str,
        parameters: Option<&crate::rules::params::Parameters>,
        teams: &dispatch::club::Teams,
    ) -> Result<dispatch::Created, Refusal> {
        let new = NewGame {
            scenario: Some(scenario.to_owned()),
            parameters: parameters.map(|p| Box::new(p.clone())),
            teams: Some(teams.clone()),
            ..Default::default()
        };
        self.send(request::create(&new))
    }

    /// Creates a game of a scenario shared on the server, by its id.
    pub fn create_shared(&self, id: &str) -> Result<dispatch::Created, Refusal> {
        let new = NewGame {
            shared: Some(id.to_owned()),
            ..Default::default()
        };
        self.send(request::create(&new))
    }

    /// Shares a scenario on the server, as `author`.
    pub fn share(
        &self,
        author: &str,
        file: &str,
        source: &str,
    ) -> Result<dispatch::Shared, Refusal> {
        self.send(request::share(&dispatch::SharedUpload {
            author: author.to_owned(),
            file: file.to_owned(),
            source: source.to_owned(),
        }))
    }

    /// An account registered on the server (issue 62).
    pub fn register(
        &self,
        name: &str,
        password: &str,
    ) -> Result<dispatch::account::Account, Refusal> {
        self.send(request::register(&dispatch::account::Credentials {
            name: name.to_owned(),
            password: password.to_owned(),
        }))
    }

    /// Signed in: the session; `Seat::new(url, Some(&session.token))` then speaks for the
    /// account.
    pub fn sign_in(
        &self,
        name: &str,
        password: &str,
    ) -> Result<dispatch::account::Session, Refusal> {
        self.send(request::sign_in(&dispatch::account::Credentials {
            name: name.to_owned(),
            password: password.to_owned(),
        }))
    }

    /// The signed-in account (this seat's bearer is its session's token).
    pub fn account(&self) -> Result<dispatch::account::Account, Refusal> {
        self.send(request::account())
    }

    /// Signed out: this session, or every one of the account's.
    pub fn sign_out(&self, everywhere: bool) -> Result<dispatch::account::SignedOut, Refusal> {
        self.send(request::sign_out(everywhere))
    }

    /// The password changed; the account's other sessions end.
    pub fn change_password(
        &self,
        old: &str,
        new: &str,
    ) -> Result<dispatch::account::SignedOut, Refusal> {
        self.send(request::change_password(
            &dispatch::account::PasswordChange {
                old: old.to_owned(),
                new: new.to_owned(),
            },
        ))
    }

    /// The account deleted, with its sessions.
    pub fn delete_account(&self, password: &str) -> Result<dispatch::account::SignedOut, Refusal> {
        self.send(request::delete_account(&dispatch::account::Deletion {
            password: password.to_owned(),
        }))
    }

    /// A guest's seat claimed by the signed-in account (this seat's bearer is the session).
    pub fn claim(&self, invite: &str) -> Result<dispatch::account::MyGame, Refusal> {
        self.send(request::claim(&dispatch::account::Claim {
            invite: invite.to_owned(),
        }))
    }

    /// The signed-in account's games, its turn first.
    pub fn my_games(&self) -> Result<Vec<dispatch::account::MyGame>, Refusal> {
        self.send(request::my_games())
    }

    /// The lobby: the challenges open to the signed-in player, and his own.
    pub fn lobby(&self) -> Result<Vec<dispatch::club::Posted>, Refusal> {
        self.send(request::lobby())
    }

    /// A challenge posted.
    pub fn challenge(
        &self,
        c: &dispatch::club::Challenge,
    ) -> Result<dispatch::club::Posted, Refusal> {
        self.send(request::challenge(c))
    }

    /// A challenge taken up; the game it began.
    pub fn accept(&self, id: &str) -> Result<dispatch::account::MyGame, Refusal> {
        self.send(request::accept(&dispatch::club::ChallengeId {
            id: id.to_owned(),
        }))
    }

    /// One's own challenge withdrawn.
    pub fn withdraw(&self, id: &str) -> Result<dispatch::club::ChallengeId, Refusal> {
        self.send(request::withdraw(&dispatch::club::ChallengeId {
            id: id.to_owned(),
        }))
    }

    /// A rematch of one of the account's games, posted to the same opponent.
    pub fn rematch(&self, game: &str, side: u8) -> Result<dispatch::club::Posted, Refusal> {
        self.send(request::rematch(&dispatch::club::Rematch {
            game: game.to_owned(),
            side,
        }))
    }

    /// The seat's game's terms.
    pub fn terms(&self) -> Result<dispatch::club::Terms, Refusal> {
        self.send(request::terms())
    }

    /// Resign, offer, accept or decline a draw, claim on time.
    pub fn act(&self, a: dispatch::club::Act) -> Result<dispatch::club::Terms, Refusal> {
        self.send(request::act(a))
    }

    /// The chat lines the seat's side may read, after line `after`.
    pub fn chat(&self, after: i64) -> Result<Vec<dispatch::club::ChatLine>, Refusal> {
        self.send(request::chat(after))
    }

    /// A chat line said, to the seat's side or to all.
    pub fn say(&self, text: &str, to_all: bool) -> Result<dispatch::club::ChatLine, Refusal> {
        self.send(request::say(&dispatch::club::Say {
            text: text.to_owned(),
            to_all,
        }))
    }

    /// Where the account's notifications go; with `set`, set first.
    pub fn notify_to(
        &self,
        set: Option<&dispatch::club::NotifyTo>,
    ) -> Result<dispatch::club::NotifyTo, Refusal> {
        match set {
            Some(n) => self.send(request::set_notify_to(n)),
            None => self.send(request::notify_to()),
        }
    }

    /// A team game's seats.
    pub fn team(&self) -> Result<Vec<dispatch::club::TeamSeat>, Refusal> {
        self.send(request::team())
    }

    /// The ladder.
    pub fn ladder(&self) -> Result<Vec<dispatch::club::Rung>, Refusal> {
        self.send(request::ladder())
    }

    /// A key to one of the account's seats: `Seat::new(url, Some(&key.invite))` is that seat.
    pub fn seat_key(&self, game: &str, side: u8) -> Result<dispatch::account::SeatKey, Refusal> {
        self.send(request::seat_key(&dispatch::account::SeatAsk {
            game: game.to_owned(),
            side,
        }))
    }

    /// The scenarios shared on the server, newest first.
    pub fn shared(&self) -> Result<Vec<dispatch::Shared>, Refusal> {
        self.send(request::shared())
    }

    /// One shared scenario, whole.
    pub fn shared_one(&self, id: &str) -> Result<dispatch::SharedText, Refusal> {
        self.send(request::shared_one(id))
    }

    /// The game as this seat sees it now.
    pub fn state(&self) -> Result<GameState, Refusal> {
        self.send(request::state(false))
    }

    /// The game now, with the board as this seat's side knows it (`state.snapshot`).
    pub fn full_state(&self) -> Result<GameState, Refusal> {
        self.send(request::state(true))
    }

    /// The scenario's file name and text.
    pub fn scenario(&self) -> Result<dispatch::ScenarioText, Refusal> {
        self.send(request::scenario())
    }

    /// The orders given since this seat's side last gave one, with the boards between them.
    pub fn replay(&self) -> Result<dispatch::Replay, Refusal> {
        self.send(request::replay())
    }

    /// Gives an order; `after` is the last order this seat has seen.
    pub fn order(&self, order: &Order, after: Option<i64>) -> Result<OrderTaken, Refusal> {
        let given = OrderGiven {
            order: order.clone(),
            after,
            snapshot: self.snapshots,
        };
        self.send(request::order(&given))
    }

    /// The orders after `after`, waiting up to `wait` seconds for one.
    pub fn events(&self, after: i64, wait: u64) -> Result<News, Refusal> {
        self.send(request::events(&Since {
            after,
            wait,
            turn: false,
            snapshot: self.snapshots,
        }))
    }

    /// The finished game as a save (seed and order log).
    pub fn save(&self) -> Result<String, Refusal> {
        self.send(request::save())
    }

    /// Waits (as long as it takes) until it is this seat's turn or the game is over; returns
    /// the state then.
    pub fn wait_for_turn(&self) -> Result<GameState, Refusal> {
        self.wait_from(self.state()?)
    }

    /// Waits from a state already known.
    pub fn wait_from(&self, mut state: GameState) -> Result<GameState, Refusal> {
        while !state.your_turn && !state.over {
            let news: News = self.send(request::events(&Since {
                after: state.seq,
                wait: 25,
                turn: true,
                snapshot: false,
            }))?;
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
    pub error: Option<Problem>,
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
                Err(r) if r.problem == Problem::OutOfOrder || r.status >= 500 => {
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
                    error: Some(r.problem),
                    reason: Some(r.reason),
                },
                Err(r) => return Err(r),
            };
            lines.push(line);
        }
        Ok((lines, state))
    }
}
