//! The referee server as strangers meet it (issue 45 items 3, 5 and 6): TLS end to end with a
//! private certificate authority; a request's headers and body bounded in time; WebSockets
//! capped per game; the operator's `/metrics`.
//!
//! `tests/tls/` holds a test certificate authority (`ca.pem`, its key thrown away) and a
//! certificate it signed for `localhost` and 127.0.0.1 (`server.pem`, `server.key`), made with
//! openssl (P-256, valid for 100 years): a fresh machine has no openssl to make one each run.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use bayonet::remote::Seat;
use bayonet::rules::order::Order;

use crate::serve::{BIN, invites, raw, runtime, temp_db};

/// The `n`th of a stream of orders that can go on as long as a test needs: the first side's
/// unit 1 turned north, then the turn taken back.
fn turn_and_back(n: i64) -> Order {
    if n % 2 == 0 {
        Order::Face {
            unit: bayonet::rules::unit::UnitId(1),
            facing: bayonet::rules::hex::Facing::N,
        }
    } else {
        Order::Undo
    }
}

/// A server in this process on a fresh SQLite file named `db`, with `options`.
fn started(db: &str, options: bayonet::serve::Options) -> bayonet::serve::Running {
    runtime()
        .block_on(bayonet::serve::start_with(
            "127.0.0.1:0",
            &temp_db(db),
            options,
        ))
        .expect("the server starts")
}

/// The options of a server with the test certificate.
fn with_tls() -> bayonet::serve::Options {
    bayonet::serve::Options {
        tls: Some((tls_file("server.pem"), tls_file("server.key"))),
        ..Default::default()
    }
}

fn tls_file(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/tls")
        .join(name)
}

/// TLS (issue 45 item 5): a server given `--tls-cert`/`--tls-key` speaks only HTTPS; a client
/// that does not trust its authority refuses it; one given `--ca` plays through it — the
/// library's seat, the desktop's line, `bayonet remote` and a `wss://` WebSocket.
#[test]
fn a_server_with_a_private_certificate_serves_https_and_wss_to_who_trusts_it() {
    let r = started("tls", with_tls());
    let port = r.addr.port();
    let url = format!("https://localhost:{port}");

    // Before the private authority is trusted, the certificate is not.
    let untrusted = Seat::new(&url, None).create("maps/test_melee.ron");
    let why = untrusted
        .expect_err("an unknown authority is refused")
        .to_string();
    assert!(
        why.to_lowercase().contains("certificate") || why.contains("UnknownIssuer"),
        "{why}"
    );
    // Plain HTTP to the TLS port gets no answer a client could take for the server's.
    let mut plain = TcpStream::connect(r.addr).unwrap();
    plain
        .set_read_timeout(Some(Duration::from_secs(5)))
        .unwrap();
    plain
        .write_all(b"GET /health HTTP/1.1\r\nhost: localhost\r\n\r\n")
        .unwrap();
    let mut got = Vec::new();
    let _ = plain.read_to_end(&mut got);
    assert!(!String::from_utf8_lossy(&got).contains("ok"), "{got:?}");

    bayonet::remote::trust_ca(&tls_file("ca.pem")).unwrap();
    let made = Seat::new(&url, None)
        .create("maps/test_melee.ron")
        .expect("created over HTTPS");
    let inv = invites(&made);
    let seat = Seat::new(&url, Some(&inv[0]));
    let taken = seat
        .order(&Order::EndTurn, Some(0))
        .expect("an order over HTTPS");
    assert_eq!(taken.record.seq, 1);

    // The desktop window's line to the server.
    #[cfg(feature = "client")]
    {
        let (scenario, _) = bayonet::client::online::seat::connect(&url, &inv[1])
            .expect("the desktop joins over HTTPS");
        assert_eq!(scenario.file, "maps/test_melee.ron");
    }

    // `bayonet remote` with `--ca`, and without it.
    let remote = |ca: bool| {
        let mut c = std::process::Command::new(BIN);
        if ca {
            c.arg("--ca").arg(tls_file("ca.pem"));
        }
        c.args(["remote", "state", &url, &inv[1], "--json"])
            .output()
            .unwrap()
    };
    let out = remote(true);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text} {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["seq"], 1, "{v}");
    let out = remote(false);
    assert!(
        !out.status.success(),
        "without --ca the certificate is not trusted"
    );
    // A `--ca` file with no certificate is named, in words.
    let bad = std::process::Command::new(BIN)
        .arg("--ca")
        .arg(tls_file("server.key"))
        .args(["remote", "state", &url, &inv[1]])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&bad.stderr);
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        err.contains("server.key") && err.contains("no certificate"),
        "{err}"
    );

    // The seat's pushed records over `wss://`.
    let pushed = runtime().block_on(async move {
        use futures_util::StreamExt;
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        let mut roots = rustls::RootCertStore::empty();
        let pem = std::fs::read(tls_file("ca.pem")).unwrap();
        use rustls::pki_types::pem::PemObject;
        for c in rustls::pki_types::CertificateDer::pem_slice_iter(&pem) {
            roots.add(c.unwrap()).unwrap();
        }
        let config = rustls::ClientConfig::builder_with_provider(std::sync::Arc::new(
            rustls::crypto::ring::default_provider(),
        ))
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_root_certificates(roots)
        .with_no_client_auth();
        let tcp = tokio::net::TcpStream::connect(("127.0.0.1", port))
            .await
            .unwrap();
        let tls = tokio_rustls::TlsConnector::from(std::sync::Arc::new(config))
            .connect("localhost".try_into().unwrap(), tcp)
            .await
            .expect("the TLS handshake");
        let mut req = format!("wss://localhost:{port}/api/game/ws?after=0")
            .into_client_request()
            .unwrap();
        req.headers_mut().insert(
            "Authorization",
            format!("Bearer {}", inv[1]).parse().unwrap(),
        );
        let (mut ws, _) = tokio_tungstenite::client_async(req, tls)
            .await
            .expect("wss");
        match tokio::time::timeout(Duration::from_secs(10), ws.next()).await {
            Ok(Some(Ok(tokio_tungstenite::tungstenite::Message::Text(t)))) => t.to_string(),
            other => panic!("no record pushed: {other:?}"),
        }
    });
    let record: serde_json::Value = serde_json::from_str(&pushed).unwrap();
    assert_eq!(record["seq"], 1, "{record}");
}

/// A bad certificate or key is refused before the server starts, naming the file.
#[test]
fn a_bad_certificate_is_named_and_the_server_does_not_start() {
    for (cert, key, expect) in [
        ("server.key", "server.key", "no certificate in it"),
        ("server.pem", "server.pem", "no private key in it"),
        ("missing.pem", "server.key", "missing.pem"),
    ] {
        let options = bayonet::serve::Options {
            tls: Some((tls_file(cert), tls_file(key))),
            ..Default::default()
        };
        let got = runtime().block_on(bayonet::serve::start_with(
            "127.0.0.1:0",
            &temp_db("bad-tls"),
            options,
        ));
        let Err(e) = got else {
            panic!("{cert} and {key} were taken")
        };
        assert!(
            matches!(e, bayonet::serve::StartError::Tls(_)) && e.to_string().contains(expect),
            "{e}"
        );
    }
    let out = std::process::Command::new(BIN)
        .args(["serve", "--listen", "127.0.0.1:0", "--tls-cert"])
        .arg(tls_file("server.pem"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--tls-cert needs --tls-key"));
}

/// Issue 45 item 3: a client that sends its request's headers, or its body, too slowly is
/// answered or closed within the server's time, long before the idle time; a slow TLS
/// handshake is cut off too.
#[test]
fn slow_headers_slow_bodies_and_slow_handshakes_are_cut_off() {
    let options = bayonet::serve::Options {
        tls: None,
        timeouts: bayonet::serve::listen::Timeouts {
            handshake: Duration::from_millis(500),
            header: Duration::from_millis(500),
        },
        body_time: Duration::from_millis(500),
        ..Default::default()
    };
    let r = started("slow", options.clone());
    let read_all = |c: &mut TcpStream| {
        c.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        let t = Instant::now();
        let mut got = Vec::new();
        let _ = c.read_to_end(&mut got);
        (String::from_utf8_lossy(&got).into_owned(), t.elapsed())
    };
    // Headers begun and never finished (a slowloris): closed at the header time.
    let mut c = TcpStream::connect(r.addr).unwrap();
    c.write_all(b"GET /health HTTP/1.1\r\nhost: x\r\n").unwrap();
    let (_, took) = read_all(&mut c);
    assert!(took < Duration::from_secs(5), "closed after {took:?}");
    // A body promised and sent in part: 408 with the reason, as JSON.
    let mut c = TcpStream::connect(r.addr).unwrap();
    c.write_all(
        b"POST /api/games HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{\"scen",
    )
    .unwrap();
    let (answer, took) = read_all(&mut c);
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains("\"error\":\"too_slow\""), "{answer}");
    assert!(took < Duration::from_secs(5), "answered after {took:?}");
    // The same, whole and in time, is served.
    let (got, _) = raw(&format!("http://{}", r.addr), "GET", "/health", None, None);
    assert_eq!(got, 200);

    // A TLS server whose client opens a connection and never says hello.
    let tls = bayonet::serve::Options {
        tls: Some((tls_file("server.pem"), tls_file("server.key"))),
        ..options
    };
    let r = started("slow-tls", tls);
    let mut c = TcpStream::connect(r.addr).unwrap();
    let (_, took) = read_all(&mut c);
    assert!(took < Duration::from_secs(5), "closed after {took:?}");
}

/// Issue 45 items 3 and 6: WebSockets are capped per game (the one over is refused with its
/// reason), and `/metrics` counts orders taken and refused, refusals by kind, games in memory,
/// connections and WebSockets.
#[test]
fn websockets_are_capped_per_game_and_metrics_count_what_happened() {
    let options = bayonet::serve::Options {
        sockets: bayonet::serve::api::SocketLimits {
            per_game: 2,
            per_address: 10,
        },
        ..Default::default()
    };
    let r = started("sockets", options);
    let url = format!("http://{}", r.addr);
    let made = Seat::new(&url, None).create("maps/test_melee.ron").unwrap();
    let inv = invites(&made);
    let seat = Seat::new(&url, Some(&inv[0]));
    seat.order(&Order::EndTurn, Some(0)).unwrap();
    // The other side's order out of turn, and a stale `after`: two refusals.
    let _ = Seat::new(&url, Some(&inv[1])).order(&Order::Resolve, Some(0));
    let _ = raw(&url, "GET", "/api/game", Some("Bearer nonsense"), None);

    let ws = format!("ws://{}/api/game/ws?invite={}", r.addr, inv[1]);
    let (opened, third) = runtime().block_on(async move {
        let a = tokio_tungstenite::connect_async(ws.clone())
            .await
            .expect("first");
        let b = tokio_tungstenite::connect_async(ws.clone())
            .await
            .expect("second");
        let third = tokio_tungstenite::connect_async(ws.clone()).await.err();
        (vec![a, b], third)
    });
    let third = third.map(|e| e.to_string()).unwrap_or_default();
    assert!(
        third.contains("429"),
        "the third socket on the game: {third}"
    );

    let mut resp = ureq::get(&format!("{url}/metrics")).call().unwrap();
    let text = resp.body_mut().read_to_string().unwrap();
    let line = |name: &str| {
        text.lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.rsplit(' ').next())
            .and_then(|n| n.parse::<f64>().ok())
            .unwrap_or_else(|| panic!("no {name} in {text}"))
    };
    assert_eq!(
        line("bayonet_orders_total{result=\"taken\"}"),
        1.0,
        "{text}"
    );
    assert_eq!(
        line("bayonet_orders_total{result=\"refused\"}"),
        1.0,
        "{text}"
    );
    assert_eq!(
        line("bayonet_refusals_total{error=\"unknown_invite\"}"),
        1.0,
        "{text}"
    );
    assert_eq!(
        line("bayonet_refusals_total{error=\"too_many_sockets\"}"),
        1.0,
        "{text}"
    );
    assert_eq!(line("bayonet_games_in_memory"), 1.0, "{text}");
    assert_eq!(line("bayonet_websockets"), 2.0, "{text}");
    // Both sockets listen to the game's bell (each from its first news on).
    let waiting = || {
        let mut resp = ureq::get(&format!("{url}/metrics")).call().unwrap();
        let text = resp.body_mut().read_to_string().unwrap();
        text.lines()
            .find_map(|l| l.strip_prefix("bayonet_waiting "))
            .and_then(|n| n.trim().parse::<usize>().ok())
    };
    let t = std::time::Instant::now();
    while waiting() != Some(2) && t.elapsed() < Duration::from_secs(5) {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(waiting(), Some(2), "{text}");
    assert!(line("bayonet_connections") >= 3.0, "{text}");
    assert_eq!(
        line("bayonet_request_duration_seconds_count{route=\"/api/game/orders\"}"),
        2.0,
        "{text}"
    );
    drop(opened);
}

/// Issue 45 item 7: an order one server takes reaches a seat's WebSocket on another server
/// sharing the PostgreSQL through LISTEN/NOTIFY, not a poll: each of 100 orders arrives well
/// inside half the safety net's 3 s poll (a poll would leave about half of them later than
/// that; all 100 sooner by chance is 2^-100). The latency itself (median and 99th percentile)
/// is printed as a figure, not asserted: a timing threshold on a 2-core CI is a bench's work
/// (issue 60, item 4).
#[test]
fn an_order_reaches_the_other_servers_seat_by_push_not_poll() {
    let Some(pg) = crate::serve::postgres() else {
        return;
    };
    let start = || {
        runtime()
            .block_on(bayonet::serve::start("127.0.0.1:0", &pg))
            .expect("a server on PostgreSQL")
    };
    let (a, b) = (start(), start());
    let url_a = format!("http://{}", a.addr);
    let made = Seat::new(&url_a, None)
        .create("maps/test_melee.ron")
        .unwrap();
    let inv = invites(&made);
    let ws = format!("ws://{}/api/game/ws?after=0&invite={}", b.addr, inv[1]);
    let (tx, rx) = std::sync::mpsc::channel::<(i64, Instant)>();
    runtime().spawn(async move {
        use futures_util::StreamExt;
        let (mut ws, _) = tokio_tungstenite::connect_async(ws).await.expect("ws on B");
        let _ = tx.send((i64::MIN, Instant::now()));
        while let Some(Ok(m)) = ws.next().await {
            if let tokio_tungstenite::tungstenite::Message::Text(t) = m {
                let v: serde_json::Value = serde_json::from_str(&t).unwrap();
                let _ = tx.send((v["seq"].as_i64().unwrap_or(-1), Instant::now()));
            }
        }
    });
    // The orders start once the socket on B is open.
    let (first, _) = rx.recv_timeout(Duration::from_secs(10)).expect("ws on B");
    assert_eq!(first, i64::MIN, "nothing came before the socket opened");
    let seat = Seat::new(&url_a, Some(&inv[0]));
    let mut push = Vec::new();
    for i in 0..100 {
        let order = turn_and_back(i);
        let taken = seat.order(&order, Some(i)).expect("taken on A");
        let answered = Instant::now();
        let (seq, at) = rx
            .recv_timeout(Duration::from_secs(5))
            .expect("pushed by B");
        assert_eq!(seq, taken.record.seq);
        push.push(at.saturating_duration_since(answered));
    }
    push.sort();
    let (p99, worst) = (push[98], push[99]);
    eprintln!("cross-server push: median {:?}, p99 {:?}", push[50], p99);
    assert!(
        worst < Duration::from_millis(1500),
        "an order came as late as a poll would bring it: {worst:?} ({push:?})"
    );
}

/// A TCP relay between a server and PostgreSQL that a test can cut (every connection dropped,
/// new ones refused) and mend: a database outage without stopping the CI's database.
struct Relay {
    addr: std::net::SocketAddr,
    cut: std::sync::Arc<std::sync::atomic::AtomicBool>,
    generation: tokio::sync::watch::Sender<u64>,
}

impl Relay {
    fn to(target: std::net::SocketAddr) -> Relay {
        use std::sync::atomic::Ordering;
        let listener = runtime()
            .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
            .unwrap();
        let addr = listener.local_addr().unwrap();
        let cut = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let (generation, _) = tokio::sync::watch::channel(0u64);
        let (c, g) = (cut.clone(), generation.clone());
        runtime().spawn(async move {
            while let Ok((mut inbound, _)) = listener.accept().await {
                if c.load(Ordering::SeqCst) {
                    continue;
                }
                let mut cutting = g.subscribe();
                tokio::spawn(async move {
                    let Ok(mut outbound) = tokio::net::TcpStream::connect(target).await else {
                        return;
                    };
                    tokio::select! {
                        _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound) => {}
                        _ = cutting.changed() => {}
                    }
                });
            }
        });
        Relay {
            addr,
            cut,
            generation,
        }
    }

    fn set_cut(&self, cut: bool) {
        self.cut.store(cut, std::sync::atomic::Ordering::SeqCst);
        if cut {
            self.generation.send_modify(|g| *g += 1);
        }
    }
}

/// Issue 45 item 6: PostgreSQL away. `/ready` says 503 (with Retry-After) within about a
/// second, `/health` still answers, a request that needs the database fails within 2 s
/// with 503 and Retry-After; when the database is back, so is the server, and no order was
/// half taken.
#[test]
fn a_postgresql_outage_is_told_at_once_and_the_server_recovers() {
    let Some(pg) = crate::serve::postgres() else {
        return;
    };
    let rest = pg.split("://").nth(1).unwrap();
    let (who, rest) = rest.split_once('@').unwrap();
    let (host, db) = rest.split_once('/').unwrap();
    let target: std::net::SocketAddr = host.parse().unwrap();
    let relay = Relay::to(target);
    let through = format!("postgres://{who}@{}/{db}", relay.addr);
    let r = runtime()
        .block_on(bayonet::serve::start("127.0.0.1:0", &through))
        .expect("a server through the relay");
    let url = format!("http://{}", r.addr);
    let made = Seat::new(&url, None).create("maps/test_melee.ron").unwrap();
    let inv = invites(&made);
    let seat = Seat::new(&url, Some(&inv[0]));
    seat.order(&Order::EndTurn, Some(0)).unwrap();
    assert_eq!(raw(&url, "GET", "/ready", None, None).0, 200);

    relay.set_cut(true);
    let t = Instant::now();
    let (got, _) = raw(&url, "GET", "/ready", None, None);
    assert_eq!(got, 503, "ready while the database is away");
    assert!(
        t.elapsed() < Duration::from_millis(1800),
        "{:?}",
        t.elapsed()
    );
    assert_eq!(
        raw(&url, "GET", "/health", None, None).0,
        200,
        "alive all the same"
    );
    let ask = || {
        let agent: ureq::Agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .build()
            .into();
        let t = Instant::now();
        let resp = agent
            .post(&format!("{url}/api/game/orders"))
            .header("Authorization", &format!("Bearer {}", inv[1]))
            .send_json(serde_json::json!({"order": "EndTurn", "after": 1}))
            .unwrap();
        (
            resp.status().as_u16(),
            resp.headers().contains_key("retry-after"),
            t.elapsed(),
        )
    };
    let (status, retry, took) = ask();
    assert_eq!(
        (status, retry),
        (503, true),
        "an order while the database is away"
    );
    assert!(
        took < Duration::from_secs(2) + Duration::from_millis(500),
        "{took:?}"
    );

    relay.set_cut(false);
    let t = Instant::now();
    while raw(&url, "GET", "/ready", None, None).0 != 200 {
        assert!(
            t.elapsed() < Duration::from_secs(20),
            "the server comes back"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    let (status, _, _) = ask();
    assert_eq!(status, 200, "the order is taken once the database is back");
    let state = Seat::new(&url, Some(&inv[1])).state().unwrap();
    assert_eq!(state.seq, 2, "nothing half taken in between");
}

/// The 200-game load test over TLS, under Fog of War: no order lost; its figures go in the
/// README beside the plain ones.
#[test]
fn two_hundred_games_at_once_over_tls_lose_no_order() {
    let r = started("load-tls", with_tls());
    bayonet::remote::trust_ca(&tls_file("ca.pem")).unwrap();
    let url = format!("https://localhost:{}", r.addr.port());
    let flat_out = crate::serve::load(&url, 200, Duration::ZERO, "fog");
    println!("{}", flat_out.line("200 games over TLS under fog flat out"));
    let paced = crate::serve::load(&url, 200, Duration::from_millis(250), "fog");
    println!(
        "{}",
        paced.line("200 games over TLS under fog, an order every 250 ms a seat")
    );
}

/// Issue 45 item 6: SIGTERM while orders are in flight. Eight seats give orders as fast as
/// they are answered; the server is told to stop in the middle. It exits 0; every order it
/// answered as taken is in the database when it is started again on the same file, and no
/// other: the request a seat sends after the stop finds the connection closed, never an order
/// taken whose answer was lost.
#[test]
fn orders_in_flight_under_sigterm_are_answered_and_kept() {
    let db = temp_db("sigterm");
    let port = crate::serve::free_port();
    let (mut server, url) = crate::serve::spawn_server(&db, port);
    let games: Vec<[String; 2]> = (0..8)
        .map(|_| invites(&Seat::new(&url, None).create("maps/test_melee.ron").unwrap()))
        .collect();
    let stop = std::sync::atomic::AtomicBool::new(false);
    let results: Vec<(i64, i64, usize)> = std::thread::scope(|sc| {
        let seats: Vec<_> = games
            .iter()
            .map(|inv| {
                let (url, stop) = (&url, &stop);
                sc.spawn(move || {
                    let mut seat = Seat::new(url, Some(&inv[0]));
                    seat.patience = Duration::ZERO;
                    let (mut taken, mut cut) = (0i64, 0usize);
                    let mut after_stop = 0;
                    for i in 0.. {
                        let order = turn_and_back(i);
                        match seat.order(&order, Some(taken)) {
                            Ok(t) => {
                                assert_eq!(t.record.seq, taken + 1);
                                taken += 1;
                            }
                            // The connection went with the stop: taken or not, unknown.
                            Err(e) if e.status == 0 => {
                                cut += 1;
                                break;
                            }
                            Err(e) => panic!("{e}"),
                        }
                        if stop.load(std::sync::atomic::Ordering::SeqCst) {
                            after_stop += 1;
                            if after_stop > 200 {
                                break;
                            }
                        }
                    }
                    (taken, i64::from(after_stop), cut)
                })
            })
            .collect();
        std::thread::sleep(Duration::from_millis(700));
        stop.store(true, std::sync::atomic::Ordering::SeqCst);
        crate::serve::sigterm(server.id());
        seats.into_iter().map(|s| s.join().unwrap()).collect()
    });
    let status = server.wait().unwrap();
    eprintln!("each seat's orders taken, taken after the stop was sent, cut off: {results:?}");
    assert_eq!(status.code(), Some(0), "a graceful stop");
    assert!(
        results.iter().all(|r| r.0 > 0),
        "every seat had orders taken: {results:?}"
    );
    let (mut again, url) = crate::serve::spawn_server(&db, port);
    for (inv, (taken, _, cut)) in games.iter().zip(&results) {
        let kept = Seat::new(&url, Some(&inv[0])).state().unwrap().seq;
        // An order the server received was answered before it stopped: none is kept whose
        // answer was cut off, and none answered is lost.
        assert_eq!(kept, *taken, "taken {taken}, cut off {cut}, kept {kept}");
    }
    again.kill().unwrap();
    let _ = again.wait();
}

/// Issue 45 item 2: a game left without an order for `archive_after` is archived: its seats
/// are answered 410 `archived` (state, events, orders), but its save is published and replays
/// the game; another game, still played, is not touched.
#[test]
fn a_game_left_too_long_is_archived_and_its_save_still_replays() {
    let options = bayonet::serve::Options {
        archive_after: Some(Duration::from_secs(2)),
        ..Default::default()
    };
    let r = started("archive", options);
    let url = format!("http://{}", r.addr);
    let made = Seat::new(&url, None).create("maps/test_melee.ron").unwrap();
    let inv = invites(&made);
    let seat = Seat::new(&url, Some(&inv[0]));
    seat.order(&Order::EndTurn, Some(0)).unwrap();
    let kept = Seat::new(&url, None).create("maps/test_melee.ron").unwrap();
    let busy = Seat::new(&url, Some(&invites(&kept)[0]));
    // One game is played on (an order a second), the other left alone.
    let t = Instant::now();
    let mut n = 0;
    let archived = loop {
        assert!(t.elapsed() < Duration::from_secs(20), "archived in time");
        let order = turn_and_back(n);
        busy.order(&order, Some(n))
            .expect("the game played on stays open");
        n += 1;
        std::thread::sleep(Duration::from_millis(500));
        match seat.state() {
            Ok(_) => continue,
            Err(e) => break e,
        }
    };
    assert_eq!(
        (archived.status, archived.problem.name()),
        (410, "archived"),
        "{archived}"
    );
    assert!(archived.reason.contains("save"), "{archived}");
    let refused = Seat::new(&url, Some(&inv[1])).order(&Order::EndTurn, Some(1));
    assert_eq!(refused.map_err(|e| e.status).err(), Some(410));
    let news = seat.events(0, 0);
    assert_eq!(news.map_err(|e| e.status).err(), Some(410));
    // The save: the seed and the log, replayed here to the same state.
    let text = seat.save().expect("an archived game's save");
    let save = bayonet::sim::save::from_text("archived", &text).unwrap();
    assert_eq!(save.orders, vec![Order::EndTurn]);
    let (run, saved) = crate::serve::run_hash("maps/test_melee.ron", &text);
    assert_eq!(run, saved, "the archived game's save replays to its state");
    assert!(
        busy.state().is_ok(),
        "the game still played is not archived"
    );
}
