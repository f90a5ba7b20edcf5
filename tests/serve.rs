//! The referee server (`bayonet serve`), on loopback: two seats play apart through it; its
//! dice are its own and published at the end; a killed server carries on; bad requests are
//! refused with their reason and change nothing; many games at once.

use std::process::{Child, Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use bayonet::dispatch::{Created, GameState, Record};
use bayonet::remote::{Played, Seat};
use bayonet::rules::order::Order;
use bayonet::sim;
use serde_json::{Value, json};

pub const BIN: &str = env!("CARGO_BIN_EXE_bayonet");

/// One runtime for every in-process server of this test binary.
pub fn runtime() -> &'static tokio::runtime::Runtime {
    static RT: OnceLock<tokio::runtime::Runtime> = OnceLock::new();
    RT.get_or_init(|| {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("a runtime")
    })
}

/// A server in this process on a fresh SQLite file; its URL.
pub fn server_on(db: &str) -> String {
    let r = runtime()
        .block_on(bayonet::serve::start("127.0.0.1:0", db))
        .expect("the server starts");
    format!("http://{}", r.addr)
}

/// The CI's PostgreSQL (`.ci/postgres`), or `None` with a note where there is none (CI must
/// have it).
pub fn postgres() -> Option<String> {
    match std::env::var("BAYONET_TEST_POSTGRES") {
        Ok(pg) => Some(pg),
        Err(_) => {
            assert!(
                std::env::var("CI").is_err(),
                "CI must give BAYONET_TEST_POSTGRES (.ci/run starts PostgreSQL)"
            );
            eprintln!("skipped: BAYONET_TEST_POSTGRES is not set");
            None
        }
    }
}

pub fn temp_db(name: &str) -> String {
    let dir = std::env::temp_dir().join(format!("bayonet-serve-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    format!("sqlite:{}", dir.join("games.sqlite").display())
}

/// The orders of a whole game the computer played against itself, split by the side that gave
/// each: each seat's script, in order, ending the game.
fn scripts(scenario: &str, seed: u64) -> [Vec<Order>; 2] {
    scripts_under(scenario, "", seed, usize::MAX)
}

/// `scripts` of a game under the optional rules `rules` (its computer planning on what its side
/// sees under fog), its first `most` orders.
pub fn scripts_under(scenario: &str, rules: &str, seed: u64, most: usize) -> [Vec<Order>; 2] {
    let mut s = bayonet::load_scenario(scenario).expect("scenario");
    if !rules.is_empty() {
        s.params.optional.enable(rules).unwrap();
    }
    let mut app = crate::common::headless_app(s.clone(), Some(seed));
    app.insert_resource(sim::Players([
        Some(sim::Brain::Computer),
        Some(sim::Brain::Computer),
    ]));
    for _ in 0..100_000 {
        app.update();
        let w = app.world();
        if w.resource::<sim::Table>().board.over
            || w.resource::<bayonet::sim::Table>().log.len() >= most
        {
            break;
        }
    }
    let log = app.world().resource::<bayonet::sim::Table>().log.clone();
    let mut replay = crate::common::headless_app(s, Some(seed));
    let mut by_side = [Vec::new(), Vec::new()];
    for o in log {
        let side = replay
            .world()
            .resource::<sim::Table>()
            .board
            .turn_state()
            .side
            .0 as usize;
        by_side[side & 1].push(o.clone());
        replay.world_mut().write_message(sim::GiveOrder(o));
        replay.update();
    }
    assert!(
        most < usize::MAX || replay.world().resource::<sim::Table>().board.over,
        "the script ends the game"
    );
    by_side
}

pub fn invites(made: &Created) -> [String; 2] {
    let i = |n: usize| made.sides[n].invite.clone();
    [i(0), i(1)]
}

/// Plays both scripts through `urls[0]` (seat 0) and `urls[1]` (seat 1) at once; the lines.
fn play_apart(
    urls: [&str; 2],
    invites: &[String; 2],
    scripts: &[Vec<Order>; 2],
) -> [Vec<Played>; 2] {
    std::thread::scope(|sc| {
        let h: Vec<_> = (0..2)
            .map(|n| {
                let (url, inv, script) = (urls[n], &invites[n], &scripts[n]);
                sc.spawn(move || {
                    Seat::new(url, Some(inv))
                        .play(script)
                        .expect("the seat plays")
                        .0
                })
            })
            .collect();
        let mut out = h.into_iter().map(|h| h.join().expect("seat thread"));
        [out.next().unwrap(), out.next().unwrap()]
    })
}

/// `bayonet run` of the published game's orders with its published seed: the final hash.
pub fn run_hash(scenario: &str, save_text: &str) -> (String, String) {
    let save = sim::save::from_text("published", save_text).expect("the published save reads");
    let dir =
        std::env::temp_dir().join(format!("bayonet-run-{}-{}", std::process::id(), save.hash));
    std::fs::create_dir_all(&dir).unwrap();
    let orders = dir.join("orders.ron");
    std::fs::write(&orders, ron::to_string(&save.orders).unwrap()).unwrap();
    let out = Command::new(BIN)
        .args(["run", scenario, "--orders"])
        .arg(&orders)
        .args(["--seed", &save.seed.to_string(), "--json"])
        .output()
        .expect("bayonet run");
    let v: Value = serde_json::from_slice(&out.stdout).expect("run prints JSON");
    (
        v["final"]["hash"].as_str().unwrap_or("").to_owned(),
        save.hash,
    )
}

/// The game's log holds every order a seat was told was taken, at its place.
fn nothing_lost(lines: &[Vec<Played>; 2], save_text: &str) -> usize {
    let save = sim::save::from_text("published", save_text).unwrap();
    let mut acked = 0;
    for l in lines.iter().flatten().filter(|l| l.accepted) {
        let record = l.record.as_ref().expect("a taken order's record");
        let seq = record.seq as usize;
        let given = record.order.clone().expect("a seat is told its own order");
        assert_eq!(
            save.orders[seq - 1],
            given,
            "acknowledged order {seq} is in the log"
        );
        acked += 1;
    }
    assert_eq!(
        acked,
        save.orders.len(),
        "every order in the log was acknowledged to a seat"
    );
    acked
}

#[test]
fn two_seats_play_apart_to_the_end_and_the_published_game_replays() {
    let url = server_on(&temp_db("apart"));
    let scenario = "maps/harpers_crossing.ron";
    let scripts = scripts(scenario, 3);
    let made = Seat::new(&url, None).create(scenario).unwrap();
    let inv = invites(&made);
    // While the game is on, the seed stays on the server.
    let seat0 = Seat::new(&url, Some(&inv[0]));
    assert!(seat0.state().unwrap().seed.is_none());
    let early = seat0.save().unwrap_err();
    assert_eq!((early.status, early.problem.name()), (409, "not_over"));
    // The waiting side hears every order pushed over its WebSocket as it is taken.
    let ws_url = format!(
        "{}/api/game/ws?invite={}",
        url.replace("http", "ws"),
        inv[1]
    );
    let pushed = runtime().spawn(async move {
        use futures_util::StreamExt;
        let (mut ws, _) = tokio_tungstenite::connect_async(ws_url).await.expect("ws");
        let mut seqs = Vec::new();
        while let Ok(Some(Ok(m))) = tokio::time::timeout(Duration::from_secs(5), ws.next()).await {
            if let Ok(t) = m.to_text() {
                let r: Record = serde_json::from_str(t).unwrap();
                seqs.push(r.seq);
            }
        }
        seqs
    });
    let lines = play_apart([&url, &url], &inv, &scripts);
    let end = seat0.state().unwrap();
    assert!(end.over, "the scripts play the game to its end");
    let published = seat0.save().expect("published at the end");
    let acked = nothing_lost(&lines, &published);
    let (run, saved) = run_hash(scenario, &published);
    assert_eq!(
        run, saved,
        "bayonet run with the published seed reaches the server's state"
    );
    let full = seat0.full_state().unwrap();
    let from_snapshot = full.board().expect("the board");
    assert_eq!(
        from_snapshot.hash(),
        saved,
        "the server's own state is the replayed one"
    );
    assert!(
        end.seed.is_some(),
        "the seed is published once the game is over"
    );
    let replay = Command::new(BIN)
        .arg("replay")
        .arg({
            let p =
                std::env::temp_dir().join(format!("bayonet-published-{}.ron", std::process::id()));
            std::fs::write(&p, &published).unwrap();
            p
        })
        .output()
        .unwrap();
    assert!(
        replay.status.success(),
        "bayonet replay accepts the published game"
    );
    let seqs = runtime().block_on(pushed).unwrap();
    assert_eq!(
        seqs,
        (1..=acked as i64).collect::<Vec<_>>(),
        "every order pushed, in order"
    );
}

/// `bayonet serve` as its own process, on a free port; its URL.
pub fn spawn_server(db: &str, port: u16) -> (Child, String) {
    spawn_server_with(db, port, &[], &[])
}

/// `spawn_server`, with more options and environment (a test clock).
pub fn spawn_server_with(
    db: &str,
    port: u16,
    args: &[&str],
    env: &[(&str, &std::path::Path)],
) -> (Child, String) {
    let child = Command::new(BIN)
        .args([
            "serve",
            "--listen",
            &format!("127.0.0.1:{port}"),
            "--db",
            db,
        ])
        .args(args)
        .envs(env.iter().copied())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("bayonet serve starts");
    let url = format!("http://127.0.0.1:{port}");
    let t = Instant::now();
    while ureq::get(&format!("{url}/health")).call().is_err() {
        assert!(t.elapsed() < Duration::from_secs(20), "the server answers");
        std::thread::sleep(Duration::from_millis(50));
    }
    (child, url)
}

pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A game played apart by scripts while its server is killed (SIGKILL) twice in the middle and
/// started again: nothing a seat was told is lost, and the dice are the same as with no restart.
/// The server rolls its own dice, so the scripted game can end early (its orders then refused);
/// a game over before the first kill proves nothing, and a new game (new dice) is played.
fn kill_midgame(db: &str, scenario: &str) {
    for _ in 0..5 {
        if kill_midgame_once(db, scenario) {
            return;
        }
        eprintln!("the game ended before its first kill: a new game");
    }
    panic!("five games in a row ended before a third of their orders: no kill came mid-game");
}

/// One game of `kill_midgame`: false if it was over before the first kill.
fn kill_midgame_once(db: &str, scenario: &str) -> bool {
    let scripts = scripts(scenario, 5);
    let port = free_port();
    let (mut server, url) = spawn_server(db, port);
    let made = Seat::new(&url, None).create(scenario).unwrap();
    let inv = invites(&made);
    let watcher = Seat::new(&url, Some(&inv[0]));
    let lines = std::thread::scope(|sc| {
        let seats = sc.spawn(|| play_apart([&url, &url], &inv, &scripts));
        let total = (scripts[0].len() + scripts[1].len()) as i64;
        for at in [total / 3, 2 * total / 3] {
            // (Refused orders leave fewer in the log than in the scripts: a game over ends
            // the wait too.)
            let short_of = |s: &GameState| s.seq < at && !s.over;
            // The state that ended the wait is the one judged, not a second read.
            let seen = loop {
                match watcher.state() {
                    Ok(s) if !short_of(&s) => break s,
                    _ => std::thread::sleep(Duration::from_millis(20)),
                }
            };
            if at == total / 3 && seen.over {
                seats.join().unwrap();
                return None;
            }
            server.kill().unwrap();
            server.wait().unwrap();
            server = spawn_server(db, port).0;
        }
        Some(seats.join().unwrap())
    });
    let Some(lines) = lines else {
        server.kill().unwrap();
        let _ = server.wait();
        return false;
    };
    let published = watcher.save().expect("the game finished");
    nothing_lost(&lines, &published);
    let (run, saved) = run_hash(scenario, &published);
    assert_eq!(run, saved, "the same dice after the restarts as with none");
    server.kill().unwrap();
    let _ = server.wait();
    true
}

#[test]
fn a_server_killed_midgame_restarts_and_finishes_the_same_game() {
    kill_midgame(&temp_db("killed"), "maps/harpers_crossing.ron");
}

/// PostgreSQL (BAYONET_TEST_POSTGRES, a database URL; `.ci/run` starts one): two servers
/// share it, each seat talks to its own.
#[test]
fn two_servers_share_one_postgresql_and_each_seat_uses_its_own() {
    let Some(pg) = postgres() else { return };
    let scenario = "maps/test_melee.ron";
    let scripts = scripts(scenario, 2);
    let (mut a, url_a) = spawn_server(&pg, free_port());
    let (mut b, url_b) = spawn_server(&pg, free_port());
    let made = Seat::new(&url_a, None).create(scenario).unwrap();
    let inv = invites(&made);
    let lines = play_apart([&url_a, &url_b], &inv, &scripts);
    let published = Seat::new(&url_b, Some(&inv[0])).save().expect("over");
    nothing_lost(&lines, &published);
    let (run, saved) = run_hash(scenario, &published);
    assert_eq!(run, saved);
    // And a server killed and restarted on PostgreSQL carries on too.
    a.kill().unwrap();
    b.kill().unwrap();
    let _ = (a.wait(), b.wait());
    kill_midgame(&pg, scenario);
}

pub fn raw(
    url: &str,
    method: &str,
    path: &str,
    auth: Option<&str>,
    body: Option<&str>,
) -> (u16, Value) {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let full = format!("{url}{path}");
    let mut resp = if method == "POST" {
        let mut r = agent.post(&full).header("Content-Type", "application/json");
        if let Some(a) = auth {
            r = r.header("Authorization", a);
        }
        r.send(body.unwrap_or(""))
    } else {
        let mut r = agent.get(&full);
        if let Some(a) = auth {
            r = r.header("Authorization", a);
        }
        r.call()
    }
    .unwrap();
    let status = resp.status().as_u16();
    let text = resp.body_mut().read_to_string().unwrap();
    (
        status,
        serde_json::from_str(&text).unwrap_or(json!({"text": text})),
    )
}

#[test]
fn bad_requests_are_refused_with_their_reason_and_change_nothing() {
    let url = server_on(&temp_db("refusals"));
    let made = Seat::new(&url, None).create("maps/test_melee.ron").unwrap();
    let inv = invites(&made);
    let b = |i: &str| format!("Bearer {i}");
    let before = raw(&url, "GET", "/api/game", Some(&b(&inv[0])), None).1;
    let union_unit = 1; // the Union's 450 (maps/test_melee.ron)
    let cases: Vec<(&str, Option<String>, String, u16, &str)> = vec![
        (
            "no invite",
            None,
            r#"{"order":"EndTurn"}"#.into(),
            401,
            "no_invite",
        ),
        (
            "a made-up invite",
            Some(b(&format!("bayonet-{}", "0".repeat(48)))),
            r#"{"order":"EndTurn"}"#.into(),
            401,
            "unknown_invite",
        ),
        (
            "a garbled invite",
            Some(b("hello")),
            r#"{"order":"EndTurn"}"#.into(),
            401,
            "unknown_invite",
        ),
        (
            "the other side's turn",
            Some(b(&inv[1])),
            r#"{"order":"EndTurn"}"#.into(),
            409,
            "not_your_turn",
        ),
        (
            "not JSON",
            Some(b(&inv[0])),
            "EndTurn please".into(),
            400,
            "malformed",
        ),
        (
            "no such order",
            Some(b(&inv[0])),
            r#"{"order":"Surrender"}"#.into(),
            400,
            "malformed",
        ),
        (
            "an unknown field",
            Some(b(&inv[0])),
            r#"{"order":"EndTurn","dice":6}"#.into(),
            400,
            "malformed",
        ),
        (
            "oversized",
            Some(b(&inv[0])),
            format!(r#"{{"order":"EndTurn","pad":"{}"}}"#, "x".repeat(20_000)),
            413,
            "too_large",
        ),
        (
            "stale",
            Some(b(&inv[0])),
            r#"{"order":"EndTurn","after":7}"#.into(),
            409,
            "out_of_order",
        ),
        (
            "the rules changed",
            Some(b(&inv[0])),
            format!(
                r#"{{"order":{{"SetParameters":{{"params":{}}}}}}}"#,
                serde_json::to_string(
                    &bayonet::load_scenario("maps/test_melee.ron")
                        .unwrap()
                        .params
                )
                .unwrap()
            ),
            403,
            "forbidden",
        ),
        (
            "an illegal move",
            Some(b(&inv[0])),
            format!(r#"{{"order":{{"Move":{{"unit":{union_unit},"to":[99,99]}}}}}}"#),
            422,
            "refused",
        ),
        // Issue 45 item 4: a field unknown inside an order is refused by name, not ignored;
        // coordinates at any magnitude are off the map, and the referee goes on.
        (
            "a field unknown inside an order",
            Some(b(&inv[0])),
            format!(r#"{{"order":{{"Move":{{"unit":{union_unit},"to":[5,5],"pth":[[5,5]]}}}}}}"#),
            400,
            "malformed",
        ),
        (
            "a move to the largest coordinates",
            Some(b(&inv[0])),
            format!(r#"{{"order":{{"Move":{{"unit":{union_unit},"to":[2147483647,2147483647]}}}}}}"#),
            422,
            "refused",
        ),
        (
            "a path through the smallest",
            Some(b(&inv[0])),
            format!(r#"{{"order":{{"Move":{{"unit":{union_unit},"to":[1,1],"path":[[-2147483648,-2147483648]]}}}}}}"#),
            422,
            "refused",
        ),
        (
            "fire at the largest",
            Some(b(&inv[0])),
            format!(r#"{{"order":{{"Fire":{{"unit":{union_unit},"at":[2147483647,-2147483648]}}}}}}"#),
            422,
            "refused",
        ),
        (
            "a melee there",
            Some(b(&inv[0])),
            r#"{"order":{"Melee":{"from":[[2147483647,2147483647]],"at":[2147483647,2147483646]}}}"#.into(),
            422,
            "refused",
        ),
    ];
    for (what, auth, body, status, error) in cases {
        let (got, v) = raw(
            &url,
            "POST",
            "/api/game/orders",
            auth.as_deref(),
            Some(&body),
        );
        assert_eq!(
            (got, v["error"].as_str().unwrap_or("")),
            (status, error),
            "{what}: {v}"
        );
        // Issue 46 item 7: the kind is one the seats know, with the status it goes with.
        let kind = bayonet::dispatch::Refusal::of_answer(got, &v.to_string()).problem;
        assert_eq!((kind.name(), kind.status()), (error, got), "{what}");
        assert!(
            v["reason"].as_str().is_some_and(|r| r.len() > 10),
            "{what} says why: {v}"
        );
        if what.starts_with("a field unknown") {
            assert!(v["reason"].as_str().unwrap().contains("pth"), "{v}");
        }
    }
    // The other side's unit, on the other side's turn.
    Seat::new(&url, Some(&inv[0]))
        .order(&Order::EndTurn, Some(0))
        .unwrap();
    let (got, v) = raw(
        &url,
        "POST",
        "/api/game/orders",
        Some(&b(&inv[1])),
        Some(&format!(
            r#"{{"order":{{"Face":{{"unit":{union_unit},"facing":"N"}}}}}}"#
        )),
    );
    assert_eq!(
        (got, v["error"].as_str().unwrap()),
        (403, "other_side"),
        "{v}"
    );
    let after = raw(&url, "GET", "/api/game", Some(&b(&inv[0])), None).1;
    assert_eq!(after["seq"], 1, "only the one good order was taken");
    let one = Seat::new(&url, Some(&inv[0])).events(0, 0).unwrap();
    assert_eq!(one.records.len(), 1);
    assert_eq!(
        (before["seq"].as_i64(), before["side"].as_i64()),
        (Some(0), Some(0))
    );
    assert_eq!(
        after["side"], 1,
        "the end of the Union's turn, and nothing else"
    );
    // Unknown requests and wrong methods answer with a reason too.
    let (got, v) = raw(&url, "GET", "/api/nothing", None, None);
    assert_eq!(
        (got, v["error"].as_str().unwrap()),
        (404, "no_such_request")
    );
    let (got, v) = raw(
        &url,
        "POST",
        "/api/games",
        None,
        Some(r#"{"scenario":"maps/nowhere.ron"}"#),
    );
    assert_eq!(
        (got, v["error"].as_str().unwrap()),
        (404, "no_scenario"),
        "{v}"
    );
    let (got, v) = raw(
        &url,
        "POST",
        "/api/games",
        None,
        Some(r#"{"scenario_file":"x.ron","scenario_source":"(nonsense"}"#),
    );
    assert_eq!(
        (got, v["error"].as_str().unwrap()),
        (422, "bad_scenario"),
        "{v}"
    );
    // Issue 45 item 2: a custom scenario past the server's budget (a 1000×1000 map; turns
    // past counting) is refused, saying the figure and the limit; the shipped battles fit.
    let melee = std::fs::read_to_string("maps/test_melee.ron").unwrap();
    for (what, text, says) in [
        (
            "a huge map",
            {
                // 200×200, every row given: a well-formed map past the budget.
                let rows = |c: &str| {
                    format!(
                        "[{}]",
                        vec![format!("\"{}\"", c.repeat(200)); 200].join(",")
                    )
                };
                let (t0, t1) = (
                    melee.find("terrain: [").unwrap(),
                    melee.find("hexsides:").unwrap(),
                );
                format!(
                    "{}terrain: {},\n        elevation: {},\n        {}",
                    &melee[..t0],
                    rows("."),
                    rows("0"),
                    &melee[t1..]
                )
                .replacen("width: 10", "width: 200", 1)
                .replacen("height: 8", "height: 200", 1)
            },
            "hexes",
        ),
        (
            "endless turns",
            melee.replacen("turns: 3,", "turns: 4294967295,", 1),
            "turns",
        ),
    ] {
        let body = serde_json::json!({"scenario_file": "big.ron", "scenario_source": text});
        let (got, v) = raw(&url, "POST", "/api/games", None, Some(&body.to_string()));
        assert_eq!(
            (got, v["error"].as_str().unwrap_or("")),
            (422, "over_budget"),
            "{what}: {v}"
        );
        assert!(v["reason"].as_str().unwrap().contains(says), "{what}: {v}");
    }
    for (file, _) in bayonet::SCENARIOS {
        let s = bayonet::load_scenario(file).unwrap();
        assert_eq!(
            bayonet::serve::Budget::default().refuses(&s),
            None,
            "{file}"
        );
    }
    // A flood from one seat is held back, and told how long to wait.
    let mut limited = None;
    for _ in 0..200 {
        let (got, v) = raw(&url, "GET", "/api/game", Some(&b(&inv[1])), None);
        if got == 429 {
            limited = Some(v);
            break;
        }
    }
    let v = limited.expect("a flood is rate-limited");
    assert_eq!(v["error"], "too_many_requests");
    assert!(
        !v["reason"].as_str().unwrap().contains("wait 0"),
        "a wait of at least a second, as Retry-After says: {v}"
    );
    // The other seat is not held back by it.
    assert_eq!(
        raw(&url, "GET", "/api/game", Some(&b(&inv[0])), None).0,
        200
    );
}

/// Figures of a load run: orders, seconds, latencies (ms, sorted).
pub struct Load {
    orders: usize,
    wall: f64,
    latency: Vec<f64>,
}

impl Load {
    pub fn line(&self, what: &str) -> String {
        let pct = |p: f64| self.latency[((self.latency.len() - 1) as f64 * p) as usize];
        format!(
            "load, {what}: {} orders in {:.1} s = {:.0} orders/s; latency p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
            self.orders,
            self.wall,
            self.orders as f64 / self.wall,
            pct(0.5),
            pct(0.99),
            self.latency[self.latency.len() - 1]
        )
    }
}

/// `games` games at once on the server at `url`, each seat giving its script's orders in turn
/// with `think` between them; checks that every order taken is in its game. `rules`: the
/// optional rules the games are made with (`fog`: each seat is sent its side's view).
pub fn load(url: &str, games: usize, think: Duration, rules: &str) -> Load {
    let scenario = "maps/test_melee.ron";
    let script = scripts_under(scenario, rules, 9, usize::MAX);
    let s = bayonet::load_scenario(scenario).unwrap();
    let mut p = s.params.clone();
    if !rules.is_empty() {
        p.optional.enable(rules).unwrap();
    }
    // The games made, and their logs read at the end, eight requests at a time: one after
    // another they were most of the test's time, each waiting on its own round trip (over
    // TLS, a handshake each), not the server's work (issue 63, set-up time).
    let games: Vec<[String; 2]> = crate::common::on_threads(8, &vec![(); games], |_| {
        invites(
            &Seat::new(url, None)
                .create_with(&s.file, &s.source, Some(&p))
                .unwrap(),
        )
    });
    let t = Instant::now();
    let timings: Vec<(Vec<f64>, usize, [String; 2])> = std::thread::scope(|sc| {
        let handles: Vec<_> = games
            .iter()
            .map(|inv| {
                let script = &script;
                sc.spawn(move || {
                    // Each seat gives its orders in turn; its latency is the order's round trip.
                    let lat = std::sync::Mutex::new(Vec::new());
                    let taken = std::sync::atomic::AtomicUsize::new(0);
                    std::thread::scope(|s2| {
                        for n in 0..2 {
                            let (lat, taken) = (&lat, &taken);
                            s2.spawn(move || {
                                let seat = Seat::new(url, Some(&inv[n]));
                                let mut st = seat.state().unwrap();
                                for o in &script[n] {
                                    st = seat.wait_from(st).unwrap();
                                    if st.over {
                                        break;
                                    }
                                    std::thread::sleep(think);
                                    let t0 = Instant::now();
                                    let r = seat.order(o, Some(st.seq));
                                    lat.lock()
                                        .unwrap()
                                        .push(t0.elapsed().as_secs_f64() * 1000.0);
                                    match r {
                                        Ok(v) => {
                                            st = v.state;
                                            taken.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                                        }
                                        Err(e) => assert_eq!(e.status, 422, "{e}"),
                                    }
                                }
                            });
                        }
                    });
                    (lat.into_inner().unwrap(), taken.into_inner(), inv.clone())
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let wall = t.elapsed().as_secs_f64();
    let mut latency: Vec<f64> = timings.iter().flat_map(|t| t.0.clone()).collect();
    latency.sort_by(f64::total_cmp);
    crate::common::on_threads(8, &timings, |(_, taken, inv)| {
        let seat = Seat::new(url, Some(&inv[0]));
        assert!(seat.state().unwrap().over);
        // The published log, every order (a seat's own count leaves out, under fog, the
        // enemy's orders it was not told of).
        let save = sim::save::from_text("published", &seat.save().unwrap()).unwrap();
        // (Chosen rules are the game's first order, given by the server.)
        let first = usize::from(!rules.is_empty());
        assert_eq!(save.orders.len(), *taken + first, "no order lost");
    });
    Load {
        orders: latency.len(),
        wall,
        latency,
    }
}

/// 200 games at once against one server, each played by its two seats, flat out and then at
/// a quick player's pace (an order every 250 ms): every order taken is in its game's log; the
/// figures are printed (`--nocapture`) for the README.
#[test]
fn two_hundred_games_at_once_lose_no_order() {
    let url = server_on(&temp_db("load"));
    let flat_out = load(&url, 200, Duration::ZERO, "");
    println!("{}", flat_out.line("200 games flat out"));
    let paced = load(&url, 200, Duration::from_millis(250), "");
    println!("{}", paced.line("200 games, an order every 250 ms a seat"));
}

/// The same under Fog of War (RULES.md §16 D-fow-8): the server works out what each side saw
/// of every order, and no order is lost.
#[test]
fn two_hundred_games_at_once_under_fog_lose_no_order() {
    let url = server_on(&temp_db("load-fog"));
    let flat_out = load(&url, 200, Duration::ZERO, "fog");
    println!("{}", flat_out.line("200 games under fog flat out"));
    let paced = load(&url, 200, Duration::from_millis(250), "fog");
    println!(
        "{}",
        paced.line("200 games under fog, an order every 250 ms a seat")
    );
}

/// A game made with its own optional rules and Parameter Data: they are its first order
/// (given for the first side, logged and replayed like the start dialog's), in force at once.
#[test]
fn a_game_made_with_chosen_rules_plays_under_them() {
    let url = server_on(&temp_db("rules"));
    let s = bayonet::load_scenario("maps/test_melee.ron").unwrap();
    let mut p = s.params.clone();
    p.optional.enable("quality,capture").unwrap();
    p.melee.night_attack_penalty = 150;
    let made = Seat::new(&url, None)
        .create_with(&s.file, &s.source, Some(&p))
        .unwrap();
    let inv = invites(&made);
    let seat = Seat::new(&url, Some(&inv[1]));
    let news = seat.events(0, 0).unwrap();
    assert_eq!(
        news.records[0].order,
        Some(Order::SetParameters {
            params: Box::new(p.clone())
        })
    );
    let full = seat.full_state().unwrap();
    let snap = full.board().expect("the board");
    assert_eq!(snap.params, p, "the chosen rules are in force");
    assert!(!full.your_turn, "and the first side is still to act");
    // The scenario's own rules: no first order.
    let plain = invites(
        &Seat::new(&url, None)
            .create_with(&s.file, &s.source, Some(&s.params))
            .unwrap(),
    );
    assert_eq!(Seat::new(&url, Some(&plain[0])).state().unwrap().seq, 0);
}

/// A game left without orders longer than the server keeps it in memory is put away and
/// taken up again from the database, with the same dice.
#[test]
fn a_game_left_idle_is_put_away_and_taken_up_again() {
    let options = bayonet::serve::Options {
        idle: Duration::from_millis(150),
        ..Default::default()
    };
    let r = runtime()
        .block_on(bayonet::serve::start_with(
            "127.0.0.1:0",
            &temp_db("idle"),
            options,
        ))
        .unwrap();
    let url = format!("http://{}", r.addr);
    let scenario = "maps/test_melee.ron";
    let mut scripts = scripts(scenario, 4);
    let inv = invites(&Seat::new(&url, None).create(scenario).unwrap());
    // A few orders, each after a pause longer than the server keeps the game.
    let seat0 = Seat::new(&url, Some(&inv[0]));
    let mut first = Vec::new();
    for o in scripts[0].drain(..3) {
        std::thread::sleep(Duration::from_millis(400));
        assert_eq!(r.referee.resident(), 0, "the idle game was put away");
        let seq = seat0.state().unwrap().seq;
        first.push(Played {
            order: 0,
            accepted: true,
            record: Some(seat0.order(&o, Some(seq)).unwrap().record),
            status: None,
            error: None,
            reason: None,
        });
        assert_eq!(r.referee.resident(), 1, "and taken up again for the order");
    }
    let mut lines = play_apart([&url, &url], &inv, &scripts);
    lines[0].splice(0..0, first);
    let published = seat0.save().expect("the game finished");
    nothing_lost(&lines, &published);
    let (run, saved) = run_hash(scenario, &published);
    assert_eq!(run, saved, "the same dice after each pause");
}

/// Invites are kept only as their hashes: the database file never holds one.
#[test]
fn invites_are_stored_only_as_their_hashes() {
    let db = temp_db("hashed");
    let url = server_on(&db);
    let made = Seat::new(&url, None).create("maps/test_melee.ron").unwrap();
    let inv = invites(&made);
    // Used once each, so any copy the server might make of them would be there too.
    for i in &inv {
        Seat::new(&url, Some(i)).state().unwrap();
    }
    let file = db.trim_start_matches("sqlite:");
    let mut bytes = std::fs::read(file).unwrap();
    bytes.extend(std::fs::read(format!("{file}-wal")).unwrap_or_default());
    let text = String::from_utf8_lossy(&bytes);
    for i in &inv {
        assert!(!text.contains(i.as_str()), "an invite in the database");
        assert!(
            text.contains(&bayonet::serve::seats::token_hash(i)),
            "its hash is what the database keeps"
        );
    }
}

/// Issue 45 item 4: `--site` serves the files in its folder and nothing outside it: not by
/// `..`, and not through a link that leads out of the folder.
#[test]
fn the_site_serves_no_file_outside_its_folder() {
    let dir = std::env::temp_dir().join(format!("bayonet-site-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("index.html"), "<p>the page</p>").unwrap();
    let outside = std::env::temp_dir().join(format!("bayonet-secret-{}", std::process::id()));
    std::fs::write(&outside, "secret").unwrap();
    std::os::unix::fs::symlink(&outside, dir.join("leak.html")).unwrap();
    let options = bayonet::serve::Options {
        site: Some(dir.clone()),
        ..Default::default()
    };
    let r = runtime()
        .block_on(bayonet::serve::start_with(
            "127.0.0.1:0",
            &temp_db("site"),
            options,
        ))
        .unwrap();
    let url = format!("http://{}", r.addr);
    let (got, _) = raw(&url, "GET", "/index.html", None, None);
    assert_eq!(got, 200, "a file of the folder");
    for path in [
        "/leak.html",
        "/../bayonet-secret.html",
        "/%2e%2e/etc/passwd",
    ] {
        let (got, v) = raw(&url, "GET", path, None, None);
        assert_eq!(got, 404, "{path}: {v}");
        assert!(!v.to_string().contains("secret"), "{path}: {v}");
    }
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_file(&outside);
}

/// Issue 45 items 3 and 6: an operator's view of `bayonet serve` as its own process. `/ready`
/// says the database answers; each request is one line on standard error with its method,
/// path, status and time, never an invite; a WebSocket from a page of another site is refused;
/// SIGTERM stops it gracefully (an open WebSocket gets a close frame; it says so and exits 0,
/// not killed by the signal).
#[test]
fn an_operator_sees_requests_readiness_and_a_graceful_stop() {
    let port = free_port();
    let mut child = Command::new(BIN)
        .args([
            "serve",
            "--listen",
            &format!("127.0.0.1:{port}"),
            "--db",
            &temp_db("operator"),
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("bayonet serve starts");
    let url = format!("http://127.0.0.1:{port}");
    let t = Instant::now();
    while ureq::get(&format!("{url}/health")).call().is_err() {
        assert!(t.elapsed() < Duration::from_secs(20), "the server answers");
        std::thread::sleep(Duration::from_millis(50));
    }
    let (got, v) = raw(&url, "GET", "/ready", None, None);
    assert_eq!((got, v["text"].as_str()), (200, Some("ready")));
    let made = Seat::new(&url, None).create("maps/test_melee.ron").unwrap();
    let inv = invites(&made);
    let (got, _) = raw(
        &url,
        "GET",
        &format!("/api/game?invite={}", inv[0]),
        Some(&format!("Bearer {}", inv[0])),
        None,
    );
    assert_eq!(got, 200);
    // A socket opened from another site's page.
    let ws_url = format!("ws://127.0.0.1:{port}/api/game/ws?invite={}", inv[1]);
    let refused = runtime().block_on(async move {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        let mut req = ws_url.into_client_request().unwrap();
        req.headers_mut()
            .insert("Origin", "https://evil.example".parse().unwrap());
        tokio_tungstenite::connect_async(req).await.err()
    });
    assert!(
        refused
            .as_ref()
            .is_some_and(|e| e.to_string().contains("403")),
        "{refused:?}"
    );
    // A seat's socket open when the stop comes is closed with a close frame ("going away").
    let open_ws = format!("ws://127.0.0.1:{port}/api/game/ws?invite={}", inv[1]);
    let (open_tx, opened) = std::sync::mpsc::channel();
    let listening = runtime().spawn(async move {
        use futures_util::StreamExt;
        let (mut ws, _) = tokio_tungstenite::connect_async(open_ws).await.expect("ws");
        let _ = open_tx.send(());
        loop {
            match tokio::time::timeout(Duration::from_secs(10), ws.next()).await {
                Ok(Some(Ok(tokio_tungstenite::tungstenite::Message::Close(f)))) => {
                    return f.map(|f| u16::from(f.code));
                }
                Ok(Some(Ok(_))) => continue,
                _ => return None,
            }
        }
    });
    // The stop comes once the socket is open (its handshake done), not after a guess.
    opened
        .recv_timeout(Duration::from_secs(10))
        .expect("the socket opens");
    sigterm(child.id());
    let closed = runtime().block_on(listening).unwrap();
    assert_eq!(closed, Some(1001), "the socket was closed with a frame");
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(0), "a graceful stop: {status:?}");
    let mut log = String::new();
    use std::io::Read;
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut log)
        .unwrap();
    // Structured lines: key=value fields, a refusal's kind named.
    assert!(log.contains("method=GET path=/ready status=200"), "{log}");
    assert!(
        log.contains("method=POST path=/api/games status=201"),
        "{log}"
    );
    assert!(
        log.contains("method=GET path=/api/game/ws status=403")
            && log.contains("error=foreign_origin"),
        "{log}"
    );
    assert!(log.contains("INFO bayonet::access"), "{log}");
    assert!(log.contains("stopping"), "{log}");
    for i in &inv {
        assert!(!log.contains(i.as_str()), "an invite in the log: {log}");
    }
}

/// SIGTERM to `pid`, as a service manager sends it.
pub fn sigterm(pid: u32) {
    // The shell's own kill: no procps needed on a bare machine.
    let ok = Command::new("sh")
        .args(["-c", &format!("kill -TERM {pid}")])
        .status()
        .unwrap();
    assert!(ok.success());
}

/// Issue 45 item 3: connections are held within limits. Past the limit from one address a
/// connection is answered 503 with the reason and closed (never silence); a connection that
/// passes nothing for the idle time is closed, and its place is free again.
#[test]
fn connections_are_limited_per_address_and_idle_ones_closed() {
    use std::io::{Read, Write};
    use std::net::TcpStream;
    let options = bayonet::serve::Options {
        connections: bayonet::serve::guard::ConnectionLimits {
            total: 100,
            per_address: 3,
            idle: Duration::from_millis(400),
        },
        ..Default::default()
    };
    let r = runtime()
        .block_on(bayonet::serve::start_with(
            "127.0.0.1:0",
            &temp_db("connections"),
            options,
        ))
        .unwrap();
    let addr = r.addr;
    let opened = std::time::Instant::now();
    let held: Vec<TcpStream> = (0..3).map(|_| TcpStream::connect(addr).unwrap()).collect();
    let mut fourth = TcpStream::connect(addr).unwrap();
    fourth
        .set_read_timeout(Some(Duration::from_secs(5)))
        .unwrap();
    let mut answer = String::new();
    let _ = fourth.read_to_string(&mut answer);
    assert!(
        answer.starts_with("HTTP/1.1 503") && answer.contains("too many connections"),
        "{answer:?}"
    );
    // The three said nothing: each is closed by the server once the idle time has passed — a
    // read that ends (or is reset), not one that merely times out, and not before the idle
    // time.
    for mut c in held {
        c.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
        let mut buf = [0u8; 16];
        let got = c.read(&mut buf);
        let closed = match &got {
            Ok(0) => true,
            Err(e) => matches!(
                e.kind(),
                std::io::ErrorKind::ConnectionReset | std::io::ErrorKind::ConnectionAborted
            ),
            Ok(_) => false,
        };
        assert!(closed, "closed by the server: {got:?}");
        assert!(
            opened.elapsed() >= Duration::from_millis(350),
            "closed only after the idle time: {:?}",
            opened.elapsed()
        );
        let _ = c.write_all(b"GET /health HTTP/1.1\r\n\r\n");
    }
    // Their places are free again.
    let (got, _) = raw(&format!("http://{addr}"), "GET", "/ready", None, None);
    assert_eq!(got, 200);
}

/// Issue 45 item 2: the operator's choice of who creates games (`--create-key`), and the
/// per-address quota keyed by the client a named proxy reports (`--trust-proxy`): a flood of
/// creations said to come from one client through the proxy is held back, another client
/// through the same proxy is not.
#[test]
fn a_create_key_guards_new_games_and_a_named_proxy_names_the_client() {
    let options = bayonet::serve::Options {
        create_key: Some("operator-k3y".into()),
        trust_proxy: vec!["127.0.0.1".parse().unwrap()],
        // Five at once, one a minute after: a flood is held back however slow the machine.
        creation: (5.0, 1.0 / 60.0),
        ..Default::default()
    };
    let r = runtime()
        .block_on(bayonet::serve::start_with(
            "127.0.0.1:0",
            &temp_db("create-key"),
            options,
        ))
        .unwrap();
    let url = format!("http://{}", r.addr);
    let body = r#"{"scenario":"maps/test_melee.ron"}"#;
    for auth in [None, Some("Bearer wrong")] {
        let (got, v) = raw(&url, "POST", "/api/games", auth, Some(body));
        assert_eq!(
            (got, v["error"].as_str()),
            (403, Some("no_create_key")),
            "{v}"
        );
    }
    assert!(
        Seat::new(&url, Some("operator-k3y"))
            .create("maps/test_melee.ron")
            .is_ok()
    );
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let create_as = |client: &str| {
        agent
            .post(&format!("{url}/api/games"))
            .header("Content-Type", "application/json")
            .header("Authorization", "Bearer operator-k3y")
            .header("X-Forwarded-For", &format!("203.0.113.9, {client}"))
            .send(body)
            .unwrap()
            .status()
            .as_u16()
    };
    let mut held = false;
    for _ in 0..20 {
        if create_as("198.51.100.7") == 429 {
            held = true;
            break;
        }
    }
    assert!(held, "a flood from one client is held back");
    assert_eq!(create_as("198.51.100.8"), 201, "another client is not");
}
