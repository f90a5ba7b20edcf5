//! `bayonet serve`: the referee server. It holds games and their dice, checks and applies each
//! seat's orders with the same rules as every other player, commits each before answering, and
//! pushes what happened to the other seat.

pub mod accounts;
pub mod api;
pub mod args;
pub mod chat;
pub mod db;
mod error;
pub mod glicko;
pub mod guard;
pub mod ladder;
mod limits;
pub mod listen;
pub mod lobby;
pub mod mail;
pub mod metrics;
pub mod my_games;
pub mod notify;
pub mod outbox;
pub mod ratings;
pub mod referee;
pub mod seats;
pub mod sender;
pub mod shared;
pub mod split_command;
pub mod teams;
pub mod terms;

pub use error::{NotSaved, StartError};

use std::net::SocketAddr;
use std::sync::Arc;

pub const DEFAULT_LISTEN: &str = "0.0.0.0:7878";

/// A server listening: its address, and the task serving it.
pub struct Running {
    pub addr: SocketAddr,
    pub referee: referee::Referee,
    pub task: tokio::task::JoinHandle<()>,
}

/// What a server may be told beyond where to listen and its database.
#[derive(Debug, Clone)]
pub struct Options {
    /// The browser build to serve (`--site`).
    pub site: Option<std::path::PathBuf>,
    /// How long a game's simulation stays in memory without an order.
    pub idle: std::time::Duration,
    /// What a new game may cost: its map's hexes, its units and its turns at most.
    pub budget: Budget,
    /// How many connections at once, from one address, and how long one may idle.
    pub connections: guard::ConnectionLimits,
    /// The key that creating a game needs (`None`: anyone may).
    pub create_key: Option<String>,
    /// Reverse proxies whose `X-Forwarded-For` names the client.
    pub trust_proxy: Vec<std::net::IpAddr>,
    /// New games one client may create at once, and a second after.
    pub creation: (f64, f64),
    /// Requests one seat may make at once, and a second after.
    pub seat_requests: (f64, f64),
    /// The certificate chain and key to serve TLS with (`--tls-cert`, `--tls-key`).
    pub tls: Option<(std::path::PathBuf, std::path::PathBuf)>,
    /// How long a TLS handshake and a request's headers may take.
    pub timeouts: listen::Timeouts,
    /// How long a request's body may take to arrive whole.
    pub body_time: std::time::Duration,
    /// The most WebSockets open on one game and from one address.
    pub sockets: api::SocketLimits,
    /// How long a graceful stop waits for the requests in flight.
    pub grace: std::time::Duration,
    /// How long a game may go without an order before it is archived (`None`: never).
    pub archive_after: Option<std::time::Duration>,
    /// Tests only (no command-line option): every new game's dice seed.
    pub same_dice: Option<u64>,
    /// Where notifications go: the SMTP relay, the address they come from, the public link.
    pub delivery: outbox::Delivery,
    /// Stop gracefully on SIGTERM or Ctrl-C (`bayonet serve`; not a server inside another
    /// program, whose signals are its own).
    pub signals: bool,
}

/// The most a new game may hold (issue 45 item 2): a stranger's custom scenario costs memory
/// and work in proportion to its hexes and units, for as many turns as it has. The defaults
/// take every battle the game ships (Brandy Station: 8,000 hexes, 89 units, 36 turns) with
/// room to spare; the operator raises them with `serve --max-hexes/--max-units/--max-turns`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    pub hexes: u64,
    pub units: usize,
    pub turns: u32,
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            hexes: 20_000,
            units: 400,
            turns: 200,
        }
    }
}

impl Budget {
    /// Why `s` is more than the budget allows, in the words of the one who sent it.
    pub fn refuses(&self, s: &crate::rules::scenario::Scenario) -> Option<String> {
        let hexes = u64::from(s.map.width) * u64::from(s.map.height);
        let units = s.units.len() + s.reinforcements.len();
        if hexes > self.hexes {
            return Some(format!(
                "the map is {}×{} = {hexes} hexes; this server takes at most {} (its operator can raise --max-hexes)",
                s.map.width, s.map.height, self.hexes
            ));
        }
        if units > self.units {
            return Some(format!(
                "the scenario has {units} units; this server takes at most {} (--max-units)",
                self.units
            ));
        }
        if s.turns > self.turns {
            return Some(format!(
                "the scenario has {} turns; this server takes at most {} (--max-turns)",
                s.turns, self.turns
            ));
        }
        None
    }
}

impl Default for Options {
    fn default() -> Self {
        Options {
            site: None,
            idle: std::time::Duration::from_secs(600),
            budget: Budget::default(),
            connections: guard::ConnectionLimits::default(),
            create_key: None,
            trust_proxy: Vec::new(),
            creation: (300.0, 20.0),
            seat_requests: (60.0, 30.0),
            tls: None,
            timeouts: listen::Timeouts::default(),
            body_time: std::time::Duration::from_secs(20),
            sockets: api::SocketLimits::default(),
            grace: std::time::Duration::from_secs(30),
            archive_after: Some(std::time::Duration::from_secs(90 * 24 * 3600)),
            same_dice: None,
            delivery: outbox::Delivery::default(),
            signals: false,
        }
    }
}

/// The outbox's sender and the deadlines' reminders: every second, what is due, until the
/// server stops.
fn send_notifications(server: Arc<api::Server>) -> tokio::task::JoinHandle<()> {
    let me = seats::new_game_id().unwrap_or_else(|_| std::process::id().to_string());
    tokio::spawn(async move {
        loop {
            if let Err(e) = terms::remind_due(&server).await {
                bevy::log::warn!(target: "bayonet::serve", error = %e, "deadlines could not be read");
            }
            if let Err(e) = sender::deliver_due(&server, &me).await {
                bevy::log::warn!(target: "bayonet::serve", error = %e, "the outbox could not be read");
            }
            tokio::time::sleep(std::time::Duration::from_secs(1)).await;
        }
    })
}

/// Opens the database and starts serving on `listen` (port 0: any free port).
pub async fn start(listen: &str, db: &str) -> Result<Running, StartError> {
    start_with(listen, db, Options::default()).await
}

/// `start`, with `options`.
pub async fn start_with(listen: &str, db: &str, options: Options) -> Result<Running, StartError> {
    // A bad certificate is told before anything else starts.
    let tls = match &options.tls {
        Some((cert, key)) => Some(listen::tls_config(cert, key)?),
        None => None,
    };
    let store = db::Store::open(db).await?;
    let bells = api::Bells::default();
    // Orders other servers on the same PostgreSQL commit ring this server's bells too.
    let listening = {
        let (store, bells) = (store.clone(), bells.clone());
        tokio::spawn(async move {
            store
                .listen(|game, progress| bells.ring(game, progress))
                .await
        })
    };
    let ringer = bells.clone();
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
    let referee = referee::Referee::start(
        store.clone(),
        workers,
        options.idle,
        Arc::new(move |c: &db::Commit| {
            ringer.ring(&c.game_id, (c.order.seq, c.side_after, c.over_after))
        }),
    );
    // Games gone too long without an order are archived, looked for a few times in each
    // such span (at most hourly).
    let archiving = options.archive_after.map(|after| {
        let store = store.clone();
        tokio::spawn(async move {
            let every = (after / 4).clamp(
                std::time::Duration::from_millis(100),
                std::time::Duration::from_secs(3600),
            );
            loop {
                let before = db::now() - after.as_secs() as i64;
                match store.archive_idle(before).await {
                    Ok(ids) if !ids.is_empty() => {
                        bevy::log::info!(target: "bayonet::serve", archived = ids.len(), "games archived");
                    }
                    Ok(_) => {}
                    Err(e) => bevy::log::warn!(target: "bayonet::serve", "archiving: {e}"),
                }
                tokio::time::sleep(every).await;
            }
        })
    });
    let listener = tokio::net::TcpListener::bind(listen)
        .await
        .map_err(|e| StartError::Network(format!("--listen {listen}: {e}")))?;
    let addr = listener
        .local_addr()
        .map_err(|e| StartError::Network(format!("--listen {listen}: {e}")))?;
    let listener = guard::Guarded::new(listener, options.connections);
    let mut server = api::Server::new(store, referee.clone(), bells.clone());
    server.site = options.site;
    server.budget = options.budget;
    server.create_key = options.create_key;
    server.trust_proxy = options.trust_proxy;
    server.connections = Some(listener.count());
    server.socket_limits = options.sockets;
    server.body_time = options.body_time;
    server.same_dice = options.same_dice;
    server.delivery = options.delivery.clone();
    server.limit_creation(options.creation.0, options.creation.1);
    server.limit_seats(options.seat_requests.0, options.seat_requests.1);
    let server = Arc::new(server);
    let stopping = server.stopping.clone();
    let sending = send_notifications(server.clone());
    let app = api::router(
        server,
        shared::routes()
            .merge(accounts::routes())
            .merge(my_games::routes())
            .merge(lobby::routes())
            .merge(terms::routes())
            .merge(chat::routes())
            .merge(notify::routes())
            .merge(teams::routes()),
    );
    let signals = options.signals;
    let task = tokio::spawn(async move {
        // SIGTERM or Ctrl-C: no new connection is taken, and every request in flight is
        // answered (its order committed) before the server exits.
        let stop = async move {
            if !signals {
                return std::future::pending::<()>().await;
            }
            stop_asked().await;
            // Each WebSocket is told with a close frame.
            stopping.send_replace(true);
        };
        listen::serve(listener, app, tls, options.timeouts, stop, options.grace).await;
        listening.abort();
        sending.abort();
        if let Some(a) = archiving {
            a.abort();
        }
        if signals {
            // The WebSockets' close frames, sent by their own tasks, a moment to go out.
            tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        }
    });
    Ok(Running {
        addr,
        referee,
        task,
    })
}

/// `--tls-cert` and `--tls-key`, which go together.
pub fn tls_files(
    cert: Option<&std::path::PathBuf>,
    key: Option<&std::path::PathBuf>,
) -> Result<Option<(std::path::PathBuf, std::path::PathBuf)>, StartError> {
    match (cert, key) {
        (Some(c), Some(k)) => Ok(Some((c.clone(), k.clone()))),
        (None, None) => Ok(None),
        (Some(_), None) => Err(StartError::Options(
            "--tls-cert needs --tls-key (the certificate's private key)".into(),
        )),
        (None, Some(_)) => Err(StartError::Options(
            "--tls-key needs --tls-cert (the certificate chain it goes with)".into(),
        )),
    }
}

/// Resolves when the process is asked to stop: SIGTERM (a service manager, a container) or
/// Ctrl-C.
async fn stop_asked() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {}
        _ = term => {}
    }
    bevy::log::info!(target: "bayonet::serve", "stopping: answering the requests in flight");
}

/// The server's log: structured lines (`tracing`) on standard error, at `info` for this
/// crate and `warn` for the libraries unless `RUST_LOG` says otherwise; a panic is logged as
/// an error, with where it happened, before the default report.
fn log_to_stderr() {
    use bevy::log::tracing_subscriber::{EnvFilter, fmt};
    let filter =
        EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("warn,bayonet=info"));
    let _ = fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(false)
        .try_init();
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let at = info
            .location()
            .map(|l| format!("{}:{}", l.file(), l.line()))
            .unwrap_or_default();
        let message = crate::panics::message(info);
        bevy::log::error!(target: "bayonet::panic", at, message);
        default(info);
    }));
}

/// `bayonet serve [--listen ADDR] [--db URL] [--site DIR]`: serves until killed.
pub fn run(args: &args::Serve) -> i32 {
    log_to_stderr();
    let listen = &args.listen;
    let db = args.db.clone().unwrap_or_else(crate::places::default_db);
    let rt = match tokio::runtime::Runtime::new() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("bayonet serve: {e}");
            return 1;
        }
    };
    rt.block_on(async {
        let site = args.site.clone();
        if let Some(d) = &site
            && !d.join("index.html").is_file()
        {
            eprintln!(
                "bayonet serve: --site {}: no index.html there (build it with .ci/web)",
                d.display()
            );
            return 2;
        }
        // A sender no message can carry is said at the start, not found in each e-mail's retries.
        if !mail::sender_ok(&args.mail_from) {
            eprintln!(
                "bayonet serve: --mail-from {:?} is not an address e-mail can come from: expected \
                 a name, an @ and a domain, such as bayonet@club.example.org",
                args.mail_from
            );
            return 2;
        }
        let tls = match tls_files(args.tls_cert.as_ref(), args.tls_key.as_ref()) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("bayonet serve: {e}");
                return 2;
            }
        };
        api::ACCESS_LOG.store(true, std::sync::atomic::Ordering::Relaxed);
        let options = Options {
            site,
            idle: std::time::Duration::from_secs(args.idle),
            budget: Budget {
                hexes: args.max_hexes,
                units: args.max_units,
                turns: args.max_turns,
            },
            connections: guard::ConnectionLimits {
                total: args.max_connections,
                per_address: args.max_connections_per_address,
                idle: std::time::Duration::from_secs(args.idle_connection),
            },
            create_key: args.create_key.clone(),
            trust_proxy: args.trust_proxy.clone(),
            creation: (args.new_games_at_once, args.new_games_per_second),
            seat_requests: (args.seat_requests_at_once, args.seat_requests_per_second),
            tls,
            timeouts: listen::Timeouts {
                handshake: std::time::Duration::from_secs(args.header_timeout),
                header: std::time::Duration::from_secs(args.header_timeout),
            },
            body_time: std::time::Duration::from_secs(args.body_timeout),
            sockets: api::SocketLimits {
                per_game: args.max_sockets_per_game,
                per_address: args.max_sockets_per_address,
            },
            grace: std::time::Duration::from_secs(args.grace),
            archive_after: (args.archive_after > 0)
                .then(|| std::time::Duration::from_secs(args.archive_after * 24 * 3600)),
            same_dice: None,
            delivery: outbox::Delivery {
                smtp: args.smtp.clone(),
                mail_from: args.mail_from.clone(),
                public_url: args.public_url.clone(),
            },
            signals: true,
        };
        let scheme = if options.tls.is_some() {
            "https"
        } else {
            "http"
        };
        match start_with(&listen, &db, options).await {
            Ok(r) => {
                // The database URL may hold a password: only its kind is printed.
                let kind = db.split(':').next().unwrap_or("");
                println!(
                    "bayonet serve: listening on {scheme}://{} ({kind} database)",
                    r.addr
                );
                let _ = r.task.await;
                0
            }
            Err(e) => {
                eprintln!("bayonet serve: {e}");
                1
            }
        }
    })
}

/// `bayonet host`: a server in this process (on `listen`, with `db`) and a new game of
/// `scenario` on it, under the optional rules `rules` (Fog of War when none are named, as a new
/// game in the window is: RULES.md §16). Returns the runtime serving it (keep it), the server's
/// local address, and the game's invites as the server gave them.
pub fn host(
    listen: &str,
    db: &str,
    scenario: &str,
    rules: Option<&str>,
    tls: Option<(std::path::PathBuf, std::path::PathBuf)>,
) -> Result<(tokio::runtime::Runtime, String, crate::dispatch::Created), StartError> {
    let s = crate::load_scenario(scenario).map_err(|e| StartError::Scenario(e.to_string()))?;
    let mut params = s.params.clone();
    params
        .optional
        .enable(rules.unwrap_or("fog"))
        .map_err(|e| StartError::Options(format!("--rules: {e}")))?;
    let rt = tokio::runtime::Runtime::new().map_err(|e| StartError::Network(e.to_string()))?;
    let scheme = if tls.is_some() { "https" } else { "http" };
    let options = Options {
        tls,
        ..Options::default()
    };
    let running = rt.block_on(start_with(listen, db, options))?;
    let local = format!("{scheme}://127.0.0.1:{}", running.addr.port());
    crate::remote::own_server(&local);
    let seat = crate::remote::Seat::new(&local, None);
    let made = seat
        .create_with(&s.file, &s.source, Some(&params))
        .map_err(|e| StartError::Game(e.to_string()))?;
    Ok((rt, local, made))
}

/// This machine's address as a friend on the same network would reach it (the address of the
/// interface a route out would use; loopback when there is none).
pub fn reachable_address() -> String {
    std::net::UdpSocket::bind("0.0.0.0:0")
        .and_then(|s| {
            s.connect("192.0.2.1:9")?;
            s.local_addr()
        })
        .map(|a| a.ip().to_string())
        .unwrap_or_else(|_| "127.0.0.1".into())
}
