//! Accounts (issue 62, item 1), over HTTP against a real server on SQLite and, where the CI
//! gives one, PostgreSQL: register, sign in, the account read with its session, sign out here
//! and everywhere, the password changed (ending the other sessions), the account deleted with
//! its sessions; wrong passwords slowed, then refused; no password or token in a log line.

use std::time::Duration;

use serde_json::{Value, json};

use crate::serve::{BIN, free_port, server_on, temp_db};

/// A request with an optional session; its status and its JSON.
fn call(
    url: &str,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> (u16, Value) {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let full = format!("{url}{path}");
    let auth = token.map(|t| format!("Bearer {t}"));
    let mut resp = match method {
        "POST" => {
            let mut r = agent.post(&full).header("Content-Type", "application/json");
            if let Some(a) = &auth {
                r = r.header("Authorization", a);
            }
            r.send(body.map(|b| b.to_string()).unwrap_or_default())
        }
        "DELETE" => {
            let mut r = agent.delete(&full);
            if let Some(a) = &auth {
                r = r.header("Authorization", a);
            }
            r.call()
        }
        _ => {
            let mut r = agent.get(&full);
            if let Some(a) = &auth {
                r = r.header("Authorization", a);
            }
            r.call()
        }
    }
    .unwrap();
    let status = resp.status().as_u16();
    let text = resp.body_mut().read_to_string().unwrap();
    (
        status,
        serde_json::from_str(&text).unwrap_or(json!({"text": text})),
    )
}

fn creds(name: &str, password: &str) -> Option<Value> {
    Some(json!({"name": name, "password": password}))
}

/// Signed in: the session's token.
fn sign_in(url: &str, name: &str, password: &str) -> String {
    let (code, v) = call(url, "POST", "/api/sessions", None, creds(name, password));
    assert_eq!(code, 200, "{v}");
    v["token"].as_str().unwrap().to_string()
}

/// The whole life of an account on the server at `url`.
fn an_accounts_life(url: &str) {
    let name = "Col. Joshua Chamberlain";
    let pw = "twentieth-maine-1863";
    let (code, v) = call(url, "POST", "/api/accounts", None, creds(name, pw));
    assert_eq!(code, 200, "{v}");
    assert_eq!(v["name"], name);
    // The same name in other case is taken; a bad name and weak passwords are refused, each
    // with its reason.
    for (who, password, status, problem) in [
        (
            "col. joshua chamberlain",
            "another-good-one",
            409,
            "name_taken",
        ),
        ("x", "another-good-one", 400, "malformed"),
        ("Oates <script>", "another-good-one", 400, "malformed"),
        ("Col. William Oates", "short", 422, "weak_password"),
        ("Col. William Oates", "aaaaaaaaaaaaaa", 422, "weak_password"),
        (
            "Col. William Oates",
            "col. william oates",
            422,
            "weak_password",
        ),
    ] {
        let (code, v) = call(url, "POST", "/api/accounts", None, creds(who, password));
        assert_eq!(
            (code, v["error"].as_str()),
            (status, Some(problem)),
            "{who}: {v}"
        );
        assert!(!v["reason"].as_str().unwrap().is_empty());
    }
    // The bounds: 10 and 200 characters are kept, 9 and 201 are not.
    let long = |n: usize| ("abcdefghij".repeat(21))[..n].to_string();
    for (who, n, status) in [
        ("Pvt. Nine", 9, 422),
        ("Pvt. Ten", 10, 200),
        ("Pvt. Two Hundred", 200, 200),
        ("Pvt. Two Hundred One", 201, 422),
    ] {
        let (code, v) = call(url, "POST", "/api/accounts", None, creds(who, &long(n)));
        assert_eq!(code, status, "{n} characters: {v}");
    }
    // A wrong password and a name without an account are answered alike.
    let (c1, wrong) = call(
        url,
        "POST",
        "/api/sessions",
        None,
        creds(name, "not-the-password"),
    );
    let (c2, nobody) = call(url, "POST", "/api/sessions", None, creds("Gen. Nobody", pw));
    assert_eq!((c1, c2), (401, 401));
    assert_eq!(wrong, nobody);
    assert_eq!(wrong["error"], "wrong_password");
    // Two sessions (two devices), the name in any case.
    let here = sign_in(url, "COL. JOSHUA CHAMBERLAIN", pw);
    assert!(here.starts_with("bayonet-session-"), "{here}");
    let there = sign_in(url, name, pw);
    assert_ne!(here, there);
    let (code, me) = call(url, "GET", "/api/account", Some(&here), None);
    assert_eq!(code, 200, "{me}");
    assert_eq!(
        (me["name"].as_str(), me["sessions"].as_u64()),
        (Some(name), Some(2))
    );
    // Without a session, or with an invite or a made-up token, nothing.
    for t in [None, Some("bayonet-0123"), Some("bayonet-session-00ff")] {
        let (code, v) = call(url, "GET", "/api/account", t, None);
        assert_eq!(
            (code, v["error"].as_str()),
            (401, Some("not_signed_in")),
            "{t:?}"
        );
    }
    // The password changed: the old one is needed, the other session ends, this one stays.
    let change = |old: &str, new: &str| Some(json!({"old": old, "new": new}));
    let (code, v) = call(
        url,
        "POST",
        "/api/account/password",
        Some(&here),
        change("guess-guess-guess", "little-round-top-2"),
    );
    assert_eq!(
        (code, v["error"].as_str()),
        (401, Some("wrong_password")),
        "{v}"
    );
    let (code, v) = call(
        url,
        "POST",
        "/api/account/password",
        Some(&here),
        change(pw, "little-round-top-2"),
    );
    assert_eq!((code, v["ended"].as_u64()), (200, Some(1)), "{v}");
    assert_eq!(call(url, "GET", "/api/account", Some(&there), None).0, 401);
    assert_eq!(call(url, "GET", "/api/account", Some(&here), None).0, 200);
    assert_eq!(
        call(url, "POST", "/api/sessions", None, creds(name, pw)).0,
        401
    );
    let third = sign_in(url, name, "little-round-top-2");
    // Signed out here: that session alone; then everywhere.
    let (code, v) = call(url, "DELETE", "/api/sessions", Some(&third), None);
    assert_eq!((code, v["ended"].as_u64()), (200, Some(1)), "{v}");
    assert_eq!(call(url, "GET", "/api/account", Some(&third), None).0, 401);
    assert_eq!(call(url, "GET", "/api/account", Some(&here), None).0, 200);
    let fourth = sign_in(url, name, "little-round-top-2");
    let (code, v) = call(
        url,
        "DELETE",
        "/api/sessions?everywhere=true",
        Some(&here),
        None,
    );
    assert_eq!((code, v["ended"].as_u64()), (200, Some(2)), "{v}");
    for t in [&here, &fourth] {
        assert_eq!(call(url, "GET", "/api/account", Some(t), None).0, 401);
    }
    // Deleted, with its password again: its sessions go with it, and the name is free.
    let last = sign_in(url, name, "little-round-top-2");
    let gone = |p: &str| Some(json!({"password": p}));
    assert_eq!(
        call(
            url,
            "POST",
            "/api/account/delete",
            Some(&last),
            gone("wrong-wrong-wrong")
        )
        .0,
        401
    );
    assert_eq!(
        call(url, "GET", "/api/account", Some(&last), None).0,
        200,
        "a wrong password deletes nothing"
    );
    let (code, v) = call(
        url,
        "POST",
        "/api/account/delete",
        Some(&last),
        gone("little-round-top-2"),
    );
    assert_eq!((code, v["ended"].as_u64()), (200, Some(1)), "{v}");
    assert_eq!(call(url, "GET", "/api/account", Some(&last), None).0, 401);
    assert_eq!(
        call(
            url,
            "POST",
            "/api/sessions",
            None,
            creds(name, "little-round-top-2")
        )
        .0,
        401
    );
    assert_eq!(
        call(url, "POST", "/api/accounts", None, creds(name, pw)).0,
        200,
        "the name is free again"
    );
}

#[test]
fn an_account_registers_signs_in_and_out_changes_its_password_and_is_deleted() {
    an_accounts_life(&server_on(&temp_db("accounts")));
}

/// The same on PostgreSQL (BAYONET_TEST_POSTGRES; `.ci/run` starts one), through two servers
/// that share it: registered on one, signed in on the other.
#[test]
fn accounts_live_in_postgresql_and_two_servers_share_them() {
    let Some(pg) = crate::serve::postgres() else {
        return;
    };
    // A name of this run's own: the database outlives the test.
    let name = format!("Gen. Buford {}", std::process::id());
    let (a, b) = (server_on(&pg), server_on(&pg));
    let pw = "mcphersons-ridge-1";
    assert_eq!(
        call(&a, "POST", "/api/accounts", None, creds(&name, pw)).0,
        200
    );
    let t = sign_in(&b, &name, pw);
    let (code, me) = call(&a, "GET", "/api/account", Some(&t), None);
    assert_eq!((code, me["name"].as_str()), (200, Some(name.as_str())));
    // Wrong passwords counted on both servers together.
    for url in [&a, &b, &a] {
        assert_eq!(
            call(
                url,
                "POST",
                "/api/sessions",
                None,
                creds(&name, "wrong-wrong-wrong")
            )
            .0,
            401
        );
    }
    let (code, v) = call(&b, "POST", "/api/sessions", None, creds(&name, pw));
    assert_eq!(
        (code, v["error"].as_str()),
        (429, Some("too_many_requests")),
        "{v}"
    );
    let (code, _) = call(
        &a,
        "POST",
        "/api/account/delete",
        Some(&t),
        Some(json!({"password": pw})),
    );
    assert_eq!(code, 200);
    an_accounts_life_named(&a, &format!("Col. Chamberlain {}", std::process::id()));
}

/// `an_accounts_life`'s first steps under another name (a shared database keeps the first).
fn an_accounts_life_named(url: &str, name: &str) {
    let pw = "twentieth-maine-1863";
    assert_eq!(
        call(url, "POST", "/api/accounts", None, creds(name, pw)).0,
        200
    );
    let t = sign_in(url, name, pw);
    let (code, v) = call(
        url,
        "DELETE",
        "/api/sessions?everywhere=true",
        Some(&t),
        None,
    );
    assert_eq!((code, v["ended"].as_u64()), (200, Some(1)));
    let t = sign_in(url, name, pw);
    assert_eq!(
        call(
            url,
            "POST",
            "/api/account/delete",
            Some(&t),
            Some(json!({"password": pw}))
        )
        .0,
        200
    );
}

/// After three wrong passwords each try of the name waits (1 s, 2 s, 4 s …, the right password
/// too), after ten the name is closed for a quarter of an hour; the wait is told with
/// Retry-After and in words.
#[test]
fn wrong_passwords_make_a_name_wait_then_close_it() {
    use bayonet::serve::accounts::{CLOSED_FOR, must_wait};
    for f in 0..3 {
        assert_eq!(must_wait(f, 0), None, "{f} wrong passwords are free");
    }
    // In milliseconds: a whole second after the third, not what is left of the clock's second.
    assert_eq!(must_wait(3, 0), Some(1000));
    assert_eq!(must_wait(3, 999), Some(1));
    assert_eq!(must_wait(3, 1000), None);
    assert_eq!(must_wait(5, 1000), Some(3000));
    assert_eq!(must_wait(9, 63_000), Some(1000));
    assert_eq!(must_wait(10, 0), Some(CLOSED_FOR * 1000));
    assert_eq!(must_wait(10, CLOSED_FOR * 1000 - 1), Some(1));
    assert_eq!(must_wait(25, CLOSED_FOR * 1000), None);
    let url = server_on(&temp_db("accounts-slow"));
    let (name, pw) = ("Lt. Gen. Longstreet", "seminary-ridge-63");
    assert_eq!(
        call(&url, "POST", "/api/accounts", None, creds(name, pw)).0,
        200
    );
    for _ in 0..3 {
        assert_eq!(
            call(
                &url,
                "POST",
                "/api/sessions",
                None,
                creds(name, "cemetery-ridge")
            )
            .0,
            401
        );
    }
    let (code, v) = call(&url, "POST", "/api/sessions", None, creds(name, pw));
    assert_eq!(
        (code, v["error"].as_str()),
        (429, Some("too_many_requests")),
        "{v}"
    );
    assert!(
        v["reason"].as_str().unwrap().contains("wrong passwords"),
        "{v}"
    );
    // Another name is not slowed by this one's.
    assert_eq!(
        call(
            &url,
            "POST",
            "/api/sessions",
            None,
            creds("Gen. Lee", "x-x-x-x-x-x")
        )
        .0,
        401
    );
    std::thread::sleep(Duration::from_millis(1100));
    assert_eq!(
        call(&url, "POST", "/api/sessions", None, creds(name, pw)).0,
        200,
        "waited"
    );
}

/// The server's log (`bayonet serve`, its access log on) holds no password and no token.
#[test]
fn no_password_or_token_is_written_to_the_log() {
    use std::process::{Command, Stdio};
    let dir = std::env::temp_dir().join(format!("bayonet-accounts-log-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("serve.log");
    let port = free_port();
    let mut child = Command::new(BIN)
        .args(["serve", "--listen", &format!("127.0.0.1:{port}"), "--db"])
        .arg(format!("sqlite:{}", dir.join("db.sqlite").display()))
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&log).unwrap())
        .spawn()
        .unwrap();
    let url = format!("http://127.0.0.1:{port}");
    let t0 = std::time::Instant::now();
    while ureq::get(&format!("{url}/health")).call().is_err() {
        assert!(t0.elapsed() < Duration::from_secs(20), "the server answers");
        std::thread::sleep(Duration::from_millis(50));
    }
    let (name, pw, new) = (
        "Maj. Gen. Meade",
        "secret-of-the-potomac",
        "another-secret-1863",
    );
    assert_eq!(
        call(&url, "POST", "/api/accounts", None, creds(name, pw)).0,
        200
    );
    call(
        &url,
        "POST",
        "/api/sessions",
        None,
        creds(name, "a-wrong-secret-here"),
    );
    let t = sign_in(&url, name, pw);
    call(&url, "GET", "/api/account", Some(&t), None);
    call(
        &url,
        "POST",
        "/api/account/password",
        Some(&t),
        Some(json!({"old": pw, "new": new})),
    );
    call(&url, "DELETE", "/api/sessions", Some(&t), None);
    let _ = child.kill();
    let _ = child.wait();
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(
        text.contains("/api/sessions"),
        "the access log is on: {text}"
    );
    for secret in [
        pw,
        new,
        "a-wrong-secret-here",
        t.as_str(),
        &t["bayonet-session-".len()..],
    ] {
        assert!(!text.contains(secret), "{secret} is in the log");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `bayonet remote account`: register, sign in (the token printed alone), show, change the
/// password (read from the standard input), sign out everywhere and delete, the passwords and
/// the session never on the command line.
#[test]
fn bayonet_remote_account_signs_in_and_out_without_a_password_on_the_command_line() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let url = server_on(&temp_db("accounts-cli"));
    let run = |args: &[&str], env: &[(&str, &str)], stdin: &str| {
        let mut child = Command::new(BIN)
            .arg("remote")
            .arg("account")
            .arg(&url)
            .args(args)
            .env_remove("BAYONET_PASSWORD")
            .env_remove("BAYONET_SESSION")
            .envs(env.iter().copied())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(stdin.as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).trim().to_string(),
            String::from_utf8_lossy(&out.stderr).to_string(),
        )
    };
    let pw = [("BAYONET_PASSWORD", "iron-brigade-1863")];
    let (code, out, err) = run(
        &["register", "--name", "Brig. Gen. Solomon Meredith"],
        &pw,
        "",
    );
    assert_eq!(code, Some(0), "{out} {err}");
    assert!(out.contains("Registered"), "{out}");
    let (code, token, err) = run(
        &["sign-in", "--name", "brig. gen. solomon meredith"],
        &pw,
        "",
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(
        token.starts_with("bayonet-session-") && !token.contains(' '),
        "{token}"
    );
    let session = [("BAYONET_SESSION", token.as_str())];
    let (code, out, _) = run(&["show", "--json"], &session, "");
    assert_eq!(code, Some(0));
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["name"].as_str(), v["sessions"].as_u64()),
        (Some("Brig. Gen. Solomon Meredith"), Some(1))
    );
    // The passwords from the standard input: the old, then the new.
    let (code, out, err) = run(
        &["password"],
        &session,
        "iron-brigade-1863\nblack-hats-of-the-west\n",
    );
    assert_eq!(code, Some(0), "{out} {err}");
    // Without a password anywhere: told where to give it, in words.
    let (code, _, err) = run(
        &["sign-in", "--name", "Brig. Gen. Solomon Meredith"],
        &[],
        "",
    );
    assert_eq!(code, Some(1));
    assert!(err.contains("BAYONET_PASSWORD"), "{err}");
    let (code, out, _) = run(&["sign-out", "--everywhere"], &session, "");
    assert_eq!(
        (code, out.as_str()),
        (Some(0), "Signed out (1 session(s) ended)")
    );
    let (code, _, err) = run(&["show"], &session, "");
    assert_eq!(code, Some(1));
    assert!(err.contains("not signed in"), "{err}");
    let new_pw = [("BAYONET_PASSWORD", "black-hats-of-the-west")];
    let (_, token, _) = run(
        &["sign-in", "--name", "Brig. Gen. Solomon Meredith"],
        &new_pw,
        "",
    );
    let both = [("BAYONET_SESSION", token.as_str()), new_pw[0]];
    // A guest's seat claimed, listed, and opened by a key that `bayonet join` takes.
    let made = bayonet::remote::Seat::new(&url, None)
        .create("maps/test_melee.ron")
        .unwrap();
    let inv = crate::serve::invites(&made);
    let (code, out, err) = run(&["claim", "--invite", &inv[1]], &both, "");
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.starts_with(&format!("Claimed: game {}", made.game)),
        "{out}"
    );
    let (code, out, _) = run(&["games"], &both, "");
    assert_eq!(code, Some(0));
    assert!(
        out.starts_with(&format!("{} (side 1): maps/test_melee.ron", made.game)),
        "{out}"
    );
    let (code, key, _) = run(&["open", "--game", &made.game, "--side", "1"], &both, "");
    assert_eq!(code, Some(0));
    let by_key = bayonet::remote::Seat::new(&url, Some(&key))
        .state()
        .unwrap();
    assert_eq!(
        (by_key.game.as_str(), by_key.you.0),
        (made.game.as_str(), 1)
    );
    let (code, _, err) = run(&["open", "--game", &made.game], &both, "");
    assert_eq!(code, Some(1));
    assert!(err.contains("--side"), "{err}");
    let (code, out, _) = run(&["delete"], &both, "");
    assert_eq!(
        (code, out.as_str()),
        (Some(0), "Account deleted (1 session(s) ended)")
    );
}

/// A guest's seat claimed by an account: "my games" lists it with whose turn it is and since
/// when, its turn first; a key to the seat opens it as its invite does (the invite still
/// works); another account may not take a key to it; the account deleted, its keys open
/// nothing and its claims are gone.
#[test]
fn a_claimed_seat_is_listed_in_my_games_and_opens_by_its_key() {
    use bayonet::dispatch::Problem;
    use bayonet::remote::Seat;
    let url = server_on(&temp_db("my-games"));
    let guest = Seat::new(&url, None);
    let first = guest.create("maps/test_melee.ron").unwrap();
    let second = guest.create("maps/test_skirmish.ron").unwrap();
    let inv1 = crate::serve::invites(&first);
    let inv2 = crate::serve::invites(&second);
    let anon = Seat::new(&url, None);
    anon.register("Capt. Hazard Stevens", "the-eleventh-hour")
        .unwrap();
    let s = anon
        .sign_in("Capt. Hazard Stevens", "the-eleventh-hour")
        .unwrap();
    let me = Seat::new(&url, Some(&s.token));
    assert!(me.my_games().unwrap().is_empty());
    // Claimed: the first game's side to move, the second's other side.
    let to_move = Seat::new(&url, Some(&inv1[0])).state().unwrap().side;
    let mine = me.claim(&inv1[to_move.0 as usize]).unwrap();
    assert!(mine.your_turn && !mine.over, "{mine:?}");
    let waiting = Seat::new(&url, Some(&inv2[0])).state().unwrap().side;
    let other = 1 - waiting.0 as usize;
    me.claim(&inv2[other]).unwrap();
    me.claim(&inv2[other]).unwrap(); // twice is once
    let listed = me.my_games().unwrap();
    assert_eq!(listed.len(), 2, "{listed:?}");
    assert_eq!(listed[0].game, first.game, "its turn first");
    assert!(listed[0].your_turn && !listed[1].your_turn);
    assert_eq!(listed[1].side as usize, other);
    assert_eq!(listed[0].scenario_file, "maps/test_melee.ron");
    assert!(listed[0].since > 0);
    // A key opens the seat as its invite does, and the invite still works.
    let key = me.seat_key(&first.game, mine.side).unwrap();
    let by_key = Seat::new(&url, Some(&key.invite)).state().unwrap();
    let by_invite = Seat::new(&url, Some(&inv1[to_move.0 as usize]))
        .state()
        .unwrap();
    assert_eq!(by_key.game, first.game);
    assert_eq!(by_key.seq, by_invite.seq);
    // Refusals: a bad invite; no session; another account's seat.
    let e = me.claim("bayonet-not-an-invite").unwrap_err();
    assert_eq!(e.problem, Problem::UnknownInvite, "{e}");
    let e = Seat::new(&url, None).my_games().unwrap_err();
    assert_eq!(e.problem, Problem::NotSignedIn, "{e}");
    anon.register("Col. Hiram Berdan", "sharpshooters-1")
        .unwrap();
    let other_s = anon
        .sign_in("Col. Hiram Berdan", "sharpshooters-1")
        .unwrap();
    let e = Seat::new(&url, Some(&other_s.token))
        .seat_key(&first.game, mine.side)
        .unwrap_err();
    assert_eq!(e.problem, Problem::Forbidden, "{e}");
    assert!(e.reason.contains("not your seat"), "{e}");
    // Deleted: the key opens nothing; the guest's invite still does.
    me.delete_account("the-eleventh-hour").unwrap();
    let e = Seat::new(&url, Some(&key.invite)).state().unwrap_err();
    assert_eq!(e.problem, Problem::UnknownInvite, "{e}");
    assert!(Seat::new(&url, Some(&inv1[0])).state().is_ok());
}

/// Issue 77, items 5, 6 and 8: a list where an object is expected is refused, not read as every
/// field left out (`[]` cleared the notification settings); a NUL character in a name or id is
/// refused as such (PostgreSQL answered "database, retry" for a request that could never
/// succeed); and a bad query string gets the JSON `{error, reason}` of every other refusal, not
/// axum's plain text.
#[test]
fn bad_bodies_and_queries_are_refused_in_json_with_their_reason() {
    let url = server_on(&temp_db("accounts-bad"));
    let (name, pw) = ("Col. Strong Vincent", "little-round-top-1863");
    assert_eq!(
        call(&url, "POST", "/api/accounts", None, creds(name, pw)).0,
        200
    );
    let t = sign_in(&url, name, pw);
    let set = json!({"email": "vincent@example.org"});
    assert_eq!(
        call(&url, "POST", "/api/account/notify", Some(&t), Some(set)).0,
        200
    );
    let (code, v) = call(
        &url,
        "POST",
        "/api/account/notify",
        Some(&t),
        Some(json!([])),
    );
    assert_eq!((code, v["error"].as_str()), (400, Some("malformed")), "{v}");
    assert!(v["reason"].as_str().unwrap().contains("not a list"), "{v}");
    let (_, kept) = call(&url, "GET", "/api/account/notify", Some(&t), None);
    assert_eq!(
        kept["email"], "vincent@example.org",
        "the settings kept: {kept}"
    );
    let (code, v) = call(
        &url,
        "POST",
        "/api/sessions",
        None,
        creds("Col. Strong\u{0}Vincent", pw),
    );
    assert_eq!((code, v["error"].as_str()), (400, Some("malformed")), "{v}");
    assert!(v["reason"].as_str().unwrap().contains("NUL"), "{v}");
    let (code, v) = call(
        &url,
        "DELETE",
        "/api/sessions?everywhere=maybe",
        Some(&t),
        None,
    );
    assert_eq!((code, v["error"].as_str()), (400, Some("malformed")), "{v}");
    assert!(v["reason"].as_str().unwrap().contains("query"), "{v}");
    let (code, v) = call(
        &url,
        "DELETE",
        "/api/sessions?everywhere=tr%00ue",
        Some(&t),
        None,
    );
    assert_eq!((code, v["error"].as_str()), (400, Some("malformed")), "{v}");
    assert!(
        v["reason"].as_str().unwrap().contains("control character"),
        "{v}"
    );
    // Still signed in: the bad request changed nothing.
    assert_eq!(call(&url, "GET", "/api/account", Some(&t), None).0, 200);
}

/// Issue 77, item 7: a stranger's wrong passwords hold back only the stranger. Through a trusted
/// proxy, wrong passwords from one client make that client wait (its right password refused
/// until the wait is over) while the owner, from another address, signs in at once; the
/// owner's sign-in does not lift the stranger's wait.
#[test]
fn a_stranger_cannot_keep_a_player_out() {
    let options = bayonet::serve::Options {
        trust_proxy: vec!["127.0.0.1".parse().unwrap()],
        ..Default::default()
    };
    let r = crate::serve::runtime()
        .block_on(bayonet::serve::start_with(
            "127.0.0.1:0",
            &temp_db("accounts-stranger"),
            options,
        ))
        .unwrap();
    let url = format!("http://{}", r.addr);
    let (name, pw) = ("Col. Joshua Chamberlain", "twentieth-maine-1863");
    assert_eq!(
        call(&url, "POST", "/api/accounts", None, creds(name, pw)).0,
        200
    );
    let from = |client: &str, password: &str| -> u16 {
        let agent: ureq::Agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .build()
            .into();
        agent
            .post(&format!("{url}/api/sessions"))
            .header("Content-Type", "application/json")
            .header("X-Forwarded-For", client)
            .send(json!({"name": name, "password": password}).to_string())
            .unwrap()
            .status()
            .as_u16()
    };
    let stranger = "203.0.113.9";
    for _ in 0..3 {
        assert_eq!(from(stranger, "wrong-wrong-wrong"), 401);
    }
    // Three wrong: the stranger now waits, even with the right password.
    assert_eq!(from(stranger, pw), 429);
    // The owner, elsewhere, is not held back; and his sign-in does not free the stranger.
    assert_eq!(from("198.51.100.7", pw), 200);
    assert_eq!(from(stranger, pw), 429);
}
