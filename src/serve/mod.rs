//! `bayonet serve`: the referee server. It holds games and their dice, checks and applies each
//! seat's orders with the same rules as every other player, commits each before answering, and
//! pushes what happened to the other seat.

pub mod api;
pub mod db;
mod limits;
pub mod referee;
pub mod seats;

use std::net::SocketAddr;
use std::sync::Arc;

pub const DEFAULT_LISTEN: &str = "0.0.0.0:7878";
pub const DEFAULT_DB: &str = "sqlite:bayonet-games.sqlite";

/// A server listening: its address, and the task serving it.
pub struct Running {
    pub addr: SocketAddr,
    pub task: tokio::task::JoinHandle<()>,
}

/// Opens the database and starts serving on `listen` (port 0: any free port).
pub async fn start(listen: &str, db: &str) -> Result<Running, String> {
    let store = db::Store::open(db).await?;
    let bells = api::Bells::default();
    let ringer = bells.clone();
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
    let referee = referee::Referee::start(
        store.clone(),
        workers,
        Arc::new(move |c: &db::Commit| {
            ringer.ring(&c.game_id, (c.order.seq, c.side_after, c.over_after))
        }),
    );
    let server = Arc::new(api::Server::new(store, referee, bells));
    let listener = tokio::net::TcpListener::bind(listen)
        .await
        .map_err(|e| format!("--listen {listen}: {e}"))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let app = api::router(server).into_make_service_with_connect_info::<SocketAddr>();
    let task = tokio::spawn(async move {
        if let Err(e) = axum::serve(listener, app).await {
            eprintln!("bayonet serve: {e}");
        }
    });
    Ok(Running { addr, task })
}

/// `bayonet serve [--listen ADDR] [--db URL]`: serves until killed.
pub fn run(argv: &[String]) -> i32 {
    let mut listen = DEFAULT_LISTEN.to_owned();
    let mut db = DEFAULT_DB.to_owned();
    let mut it = argv.iter();
    while let Some(a) = it.next() {
        let slot = match a.as_str() {
            "--listen" => &mut listen,
            "--db" => &mut db,
            other => {
                eprintln!(
                    "bayonet serve: unknown argument `{other}`; expected --listen ADDR, --db URL"
                );
                return 2;
            }
        };
        match it.next() {
            Some(v) => *slot = v.clone(),
            None => {
                eprintln!("bayonet serve: {a} needs a value");
                return 2;
            }
        }
    }
    let rt = match tokio::runtime::Runtime::new() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("bayonet serve: {e}");
            return 1;
        }
    };
    rt.block_on(async {
        match start(&listen, &db).await {
            Ok(r) => {
                // The database URL may hold a password: only its kind is printed.
                let kind = db.split(':').next().unwrap_or("");
                println!(
                    "bayonet serve: listening on http://{} ({kind} database)",
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
