//! The typed edge between the server and its seats (issue 46 item 7): one list of refusal kinds
//! and one of requests, shared by the server, the desktop and the browser, each read back as
//! written.

use bayonet::dispatch::request;
use bayonet::dispatch::{Problem, Refusal, Route, Since};
use bayonet::remote::Seat;

use crate::serve::{invites, raw, server_on, temp_db};

#[test]
fn every_refusal_kind_reads_back_as_its_name_and_an_unknown_one_as_unknown() {
    for p in Problem::ALL {
        let text = serde_json::to_string(&p).unwrap();
        assert_eq!(text, format!("\"{}\"", p.name()), "{p:?}");
        assert_eq!(serde_json::from_str::<Problem>(&text).unwrap(), p);
        match p {
            // Told by the seat's own end, never by a server.
            Problem::Unreachable | Problem::Unreadable => assert_eq!(p.status(), 0),
            _ => assert!((400..600).contains(&p.status()), "{p:?}"),
        }
    }
    let names: std::collections::BTreeSet<_> = Problem::ALL.iter().map(|p| p.name()).collect();
    assert_eq!(
        names.len(),
        Problem::ALL.len(),
        "every kind has its own name"
    );
    assert_eq!(
        serde_json::from_str::<Problem>("\"a_kind_from_a_newer_server\"").unwrap(),
        Problem::Unknown
    );
}

#[test]
fn an_answer_reads_as_its_type_its_refusal_or_what_went_wrong() {
    let state = request::state(true);
    assert_eq!(state.path(), "/api/game?snapshot=true");
    assert_eq!(request::state(false).path(), "/api/game");
    // A proxy's page instead of the server's refusal: its words kept, its kind unknown.
    let r = state.answer(502, "<html>Bad Gateway</html>").unwrap_err();
    assert_eq!((r.status, r.problem), (502, Problem::Unknown));
    assert!(r.reason.contains("Bad Gateway"));
    // The server's refusal, by kind.
    let r = state
        .answer(
            409,
            r#"{"error":"not_your_turn","reason":"the Confederates' turn"}"#,
        )
        .unwrap_err();
    assert_eq!((r.status, r.problem), (409, Problem::NotYourTurn));
    // Taken, but not what the request reads.
    let r = state.answer(200, "{\"seq\": \"many\"}").unwrap_err();
    assert_eq!(r.problem, Problem::Unreadable);
    assert!(r.reason.starts_with("/api/game?snapshot=true"), "{r}");
    // The save is RON text, not JSON.
    assert_eq!(
        request::save().answer(200, "(seed: 1)").unwrap(),
        "(seed: 1)"
    );
}

#[test]
fn the_server_serves_every_route_the_seats_ask_and_refuses_others_by_kind() {
    let url = server_on(&temp_db("routes"));
    let inv = invites(&Seat::new(&url, None).create("maps/test_melee.ron").unwrap());
    let auth = format!("Bearer {}", inv[0]);
    for route in Route::ALL {
        let method = match route {
            Route::Games
            | Route::Orders
            | Route::Accounts
            | Route::Password
            | Route::DeleteAccount
            | Route::Sessions
            | Route::Claim
            | Route::SeatKey
            | Route::Accept
            | Route::Withdraw
            | Route::Rematch => "POST",
            _ => "GET",
        };
        let (status, v) = raw(&url, method, route.path(), Some(&auth), Some("{}"));
        assert_ne!(
            v["error"], "no_such_request",
            "{route:?} is served: {status} {v}"
        );
        assert_ne!(status, 405, "{route:?} is served as {method}");
    }
    let (status, v) = raw(&url, "GET", "/api/game/surrender", Some(&auth), None);
    assert_eq!(
        (status, v["error"].as_str()),
        (404, Some("no_such_request"))
    );
    // The waiting request's query reads on the server as the seat wrote it.
    let seat = Seat::new(&url, Some(&inv[0]));
    let since = |snapshot| Since {
        after: 0,
        wait: 0,
        turn: false,
        snapshot,
    };
    assert!(
        seat.send(request::events(&since(true)))
            .unwrap()
            .state
            .snapshot
            .is_some()
    );
    assert!(
        seat.send(request::events(&since(false)))
            .unwrap()
            .state
            .snapshot
            .is_none()
    );
    // A refusal read by the seat names its kind, and its status is the kind's.
    let other = Seat::new(&url, Some(&inv[1]));
    let r: Refusal = other
        .order(&bayonet::rules::order::Order::EndTurn, None)
        .unwrap_err();
    assert_eq!(
        (r.problem, r.status),
        (Problem::NotYourTurn, Problem::NotYourTurn.status())
    );
}

#[test]
fn bayonet_remote_names_the_refusals_kind_for_a_script() {
    let url = server_on(&temp_db("remote-kind"));
    let inv = invites(&Seat::new(&url, None).create("maps/test_melee.ron").unwrap());
    let out = std::process::Command::new(crate::serve::BIN)
        .args(["remote", "state", &url, "bayonet-nobody", "--json"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(1), "{v}");
    assert_eq!(
        (v["problem"].as_str(), v["status"].as_u64()),
        (Some("unknown_invite"), Some(401))
    );
    // The save of a game not over: refused by kind, and nothing written.
    let file = std::env::temp_dir().join(format!("bayonet-notover-{}.ron", std::process::id()));
    let out = std::process::Command::new(crate::serve::BIN)
        .args(["remote", "save", &url, &inv[0], "--save"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not_over (409)"));
    assert!(!file.exists());
}
