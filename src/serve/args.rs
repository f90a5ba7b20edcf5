//! The referee server's options on the command line (`bayonet serve`); the command line's
//! parser (`cli::args`) takes them from here.

use clap::Args;

#[derive(Debug, Clone, Args)]
pub struct Serve {
    /// Where the server listens
    #[arg(long, value_name = "ADDR", default_value = super::DEFAULT_LISTEN)]
    pub listen: String,
    /// The games' database: sqlite:FILE or postgres://USER:PASS@HOST/DB (default:
    /// bayonet-games.sqlite in the data folder)
    #[arg(long, value_name = "URL")]
    pub db: Option<String>,
    /// Serve the browser build from DIR too, so that /#invite=… opens a seat
    #[arg(long, value_name = "DIR")]
    pub site: Option<std::path::PathBuf>,
    /// The most hexes a new game's map may have (columns × rows)
    #[arg(long, value_name = "N", default_value_t = 20_000)]
    pub max_hexes: u64,
    /// The most units a new game may have, reinforcements included
    #[arg(long, value_name = "N", default_value_t = 400)]
    pub max_units: usize,
    /// The most turns a new game may have
    #[arg(long, value_name = "N", default_value_t = 200)]
    pub max_turns: u32,
    /// Seconds a game stays in memory without an order (it is taken up again from the
    /// database when one comes)
    #[arg(long, value_name = "SECS", default_value_t = 600)]
    pub idle: u64,
    /// Days a game may go without an order before it is archived: closed to its seats but for
    /// its save, its outcomes' text dropped (0: never)
    #[arg(long, value_name = "DAYS", default_value_t = 90)]
    pub archive_after: u64,
    /// The most connections open at once (each over it is answered 503 and closed)
    #[arg(long, value_name = "N", default_value_t = 4_000)]
    pub max_connections: usize,
    /// The most connections open at once from one address (a proxy in front counts as one)
    #[arg(long, value_name = "N", default_value_t = 512)]
    pub max_connections_per_address: usize,
    /// Seconds a connection may pass nothing either way before it is closed
    #[arg(long, value_name = "SECS", default_value_t = 90)]
    pub idle_connection: u64,
    /// Only who shows this key (`Authorization: Bearer KEY`; `remote new --key`) may create
    /// games; without it anyone may
    #[arg(long, value_name = "KEY")]
    pub create_key: Option<String>,
    /// A reverse proxy in front, whose X-Forwarded-For names the client for the per-address
    /// limits (repeatable); from any other address the header is ignored
    #[arg(long, value_name = "ADDR")]
    pub trust_proxy: Vec<std::net::IpAddr>,
    /// New games one client may create at once (its quota, per server)
    #[arg(long, value_name = "N", default_value_t = 300.0)]
    pub new_games_at_once: f64,
    /// New games a second a client earns back after that
    #[arg(long, value_name = "N", default_value_t = 20.0)]
    pub new_games_per_second: f64,
    /// Requests one seat may make at once (429 with Retry-After over it)
    #[arg(long, value_name = "N", default_value_t = 60.0)]
    pub seat_requests_at_once: f64,
    /// Requests a second a seat earns back after that
    #[arg(long, value_name = "N", default_value_t = 30.0)]
    pub seat_requests_per_second: f64,
    /// Serve HTTPS and WSS with this certificate chain (PEM; with --tls-key)
    #[arg(long, value_name = "FILE")]
    pub tls_cert: Option<std::path::PathBuf>,
    /// The certificate's private key (PEM)
    #[arg(long, value_name = "FILE")]
    pub tls_key: Option<std::path::PathBuf>,
    /// Seconds a client has for the TLS handshake, and again for a request's headers
    #[arg(long, value_name = "SECS", default_value_t = 10)]
    pub header_timeout: u64,
    /// Seconds a client has to send a request's body (408 after)
    #[arg(long, value_name = "SECS", default_value_t = 20)]
    pub body_timeout: u64,
    /// The most live connections (WebSockets) open at once on one game
    #[arg(long, value_name = "N", default_value_t = 16)]
    pub max_sockets_per_game: usize,
    /// The most live connections (WebSockets) open at once from one address
    #[arg(long, value_name = "N", default_value_t = 64)]
    pub max_sockets_per_address: usize,
    /// Seconds a graceful stop (SIGTERM, Ctrl-C) waits for the requests in flight
    #[arg(long, value_name = "SECS", default_value_t = 30)]
    pub grace: u64,
    /// The SMTP relay notifications are e-mailed through (plain SMTP, as a relay on this
    /// machine or its private network takes it); without it e-mails wait in the outbox
    #[arg(long, value_name = "HOST:PORT")]
    pub smtp: Option<String>,
    /// The address notifications come from
    #[arg(long, value_name = "ADDRESS", default_value = "bayonet@localhost")]
    pub mail_from: String,
    /// The address players reach this server at (https://club.example.org), for the links in
    /// notifications
    #[arg(long, value_name = "URL")]
    pub public_url: Option<String>,
}
