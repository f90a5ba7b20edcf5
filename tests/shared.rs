//! Scenarios shared through the server (issue 61, item 5): upload, list, download and a game
//! created on one, over HTTP; a malformed, faulty, oversized or over-budget upload refused with
//! its reason, and nothing stored.

use crate::serve::{raw, server_on, temp_db};
use bayonet::dispatch::Problem;
use bayonet::remote::Seat;

#[test]
fn a_shared_scenario_is_listed_downloaded_and_played() {
    let url = server_on(&temp_db("shared"));
    let seat = Seat::new(&url, None);
    assert!(seat.shared().unwrap().is_empty(), "nothing shared yet");
    let text = std::fs::read_to_string("maps/little_round_top.ron").unwrap();
    let s = seat
        .share("Colonel Oates", "my_round_top.ron", &text)
        .unwrap();
    assert_eq!(s.name, "Little Round Top, Gettysburg, 2 July 1863");
    assert_eq!(
        (s.author.as_str(), s.units, s.turns),
        ("Colonel Oates", 14, 8)
    );
    assert_eq!((s.width, s.height), (20, 16));
    let listed = seat.shared().unwrap();
    assert_eq!(listed, vec![s.clone()]);
    let whole = seat.shared_one(&s.id).unwrap();
    assert_eq!(whole.source, text, "the text comes back as it went");
    assert_eq!(whole.shared, s);
    // A game on it: both seats see the shared battle.
    let made = seat.create_shared(&s.id).unwrap();
    let invites = crate::serve::invites(&made);
    let state = Seat::new(&url, Some(&invites[0])).state().unwrap();
    assert_eq!(state.game, made.game);
    let scen = Seat::new(&url, Some(&invites[1])).scenario().unwrap();
    assert_eq!(
        (scen.file.as_str(), scen.source.as_str()),
        ("my_round_top.ron", text.as_str())
    );
    // An id the server never gave.
    let no = seat.shared_one("0123456789abcdef").unwrap_err();
    assert_eq!(no.problem, Problem::NoScenario, "{no}");
    let no = seat.create_shared("0123456789abcdef").unwrap_err();
    assert_eq!(no.problem, Problem::NoScenario, "{no}");
}

#[test]
fn a_bad_upload_is_refused_with_its_reason_and_nothing_is_stored() {
    let url = server_on(&temp_db("shared-bad"));
    let seat = Seat::new(&url, None);
    let text = std::fs::read_to_string("maps/burnside_bridge.ron").unwrap();
    let upload = |author: &str, file: &str, source: &str| {
        serde_json::json!({"author": author, "file": file, "source": source}).to_string()
    };
    // Each refusal, its kind and a word of its reason.
    // Just past the server's 2 MiB: a body far past it may be cut off while it is still being
    // sent (the server answers and closes), which the client sees as a broken pipe.
    let limit = bayonet::serve::api::CREATE_LIMIT;
    let huge = format!("{}{}", text, " ".repeat(limit + 2048 - text.len()));
    let faulty = text.replace("turns: 10,", "turns: 0,");
    let broken = text.replace("units: [", "units: [[");
    // Past the server's budget, as for a custom game: turns past counting.
    let over = text.replacen("turns: 10,", "turns: 4294967295,", 1);
    let cases: Vec<(String, u16, &str, &str)> = vec![
        ("{not json".to_string(), 400, "malformed", "line"),
        (upload("", "x.ron", &text), 400, "malformed", "author"),
        (
            upload("Me", "../../etc/passwd", &text),
            400,
            "malformed",
            "file name",
        ),
        (
            upload("Me", "x.ron", &broken),
            422,
            "bad_scenario",
            "x.ron:",
        ),
        (upload("Me", "x.ron", &faulty), 422, "bad_scenario", "turns"),
        (
            upload("Me", "x.ron", &huge),
            413,
            "too_large",
            "larger than",
        ),
        (upload("Me", "x.ron", &over), 422, "over_budget", "turns"),
    ];
    for (body, status, kind, says) in cases {
        let (got, v) = raw(&url, "POST", "/api/scenarios", None, Some(&body));
        assert_eq!(
            (got, v["error"].as_str().unwrap_or("")),
            (status, kind),
            "{v}"
        );
        let reason = v["reason"].as_str().unwrap_or_default();
        assert!(reason.contains(says), "{kind}: {reason}");
        assert!(seat.shared().unwrap().is_empty(), "{kind}: nothing stored");
    }
    // The server keeps running: a good one is taken after them.
    assert!(seat.share("Me", "x.ron", &text).is_ok());
    assert_eq!(seat.shared().unwrap().len(), 1);
}
