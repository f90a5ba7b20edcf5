//! `bayonet remote …`: a seat at a game on a referee server, for scripts and tests.
//! `new URL SCENARIO` creates a game and prints its invites; `state URL INVITE` the game as the
//! seat sees it; `play URL INVITE --orders FILE` gives the file's orders, each when it is the
//! seat's turn; `save URL INVITE [--save OUT]` the finished game, for `bayonet replay`.

use serde_json::json;

use crate::dispatch::{self, GameState, Refusal};
use crate::remote::Seat;

/// Why a `remote` command did not do what it was asked: the server's refusal (its kind for a
/// script to branch on), or something here (a file, an option).
#[derive(Debug)]
enum Failure {
    Refused(Refusal),
    Here(super::CliError),
}

impl From<Refusal> for Failure {
    fn from(r: Refusal) -> Failure {
        Failure::Refused(r)
    }
}

impl<E: Into<super::CliError>> From<E> for Failure {
    fn from(e: E) -> Failure {
        Failure::Here(e.into())
    }
}

/// The exit code a script may wait and try again on (BSD's `EX_TEMPFAIL`): the server or the
/// line was away for a moment.
pub const TRY_AGAIN: i32 = 75;

/// `bayonet remote SUBCOMMAND`: the exit code (1 when the server or a file says no; `TRY_AGAIN`
/// when the server could not answer for now).
pub fn run(seat: &super::args::Remote) -> i32 {
    use super::args::Remote;
    let (result, json_out) = match seat {
        Remote::New {
            url,
            shared: Some(id),
            key,
            json,
            ..
        } => (new_shared(url, id, key.as_deref(), *json), *json),
        Remote::New {
            url,
            scenario,
            rules,
            key,
            teams: Some(teams),
            json,
            ..
        } => (
            new_teams(
                url,
                scenario.as_deref().unwrap_or_default(),
                rules.as_deref(),
                key.as_deref(),
                teams,
                *json,
            ),
            *json,
        ),
        Remote::New {
            url,
            scenario,
            rules,
            key,
            json,
            ..
        } => (
            new(
                url,
                scenario.as_deref().unwrap_or_default(),
                rules.as_deref(),
                key.as_deref(),
                *json,
            ),
            *json,
        ),
        Remote::Share {
            url,
            file,
            author,
            json,
        } => (share(url, file, author, *json), *json),
        Remote::Shared {
            url,
            get,
            out,
            json,
        } => (shared(url, get.as_deref(), out.as_deref(), *json), *json),
        Remote::State { url, invite, json } => (state(&Seat::new(url, Some(invite)), *json), *json),
        Remote::Play {
            url,
            invite,
            orders,
            json,
        } => (play(&Seat::new(url, Some(invite)), orders, *json), *json),
        Remote::Save {
            url,
            invite,
            save: out,
        } => (save(&Seat::new(url, Some(invite)), out.as_deref()), false),
        Remote::Account {
            url,
            action,
            name,
            everywhere,
            invite,
            game,
            side,
            scenario,
            hours,
            rated,
            to,
            id,
            email,
            webhook,
            json,
        } => (
            account(
                url,
                *action,
                &AccountOptions {
                    name: name.as_deref(),
                    everywhere: *everywhere,
                    invite: invite.as_deref(),
                    game: game.as_deref(),
                    side: *side,
                    challenge: dispatch::club::Challenge {
                        scenario: scenario.clone(),
                        side: *side,
                        hours: *hours,
                        rated: *rated,
                        to: to.clone(),
                        ..Default::default()
                    },
                    id: id.as_deref(),
                    notify: dispatch::club::NotifyTo {
                        email: email.clone(),
                        webhook: webhook.clone(),
                    },
                },
                *json,
            ),
            *json,
        ),
        Remote::Act {
            url,
            invite,
            act: a,
            json,
        } => (act(&Seat::new(url, Some(invite)), *a, *json), *json),
        Remote::Chat {
            url,
            invite,
            say,
            to_all,
            json,
        } => (
            chat(
                &Seat::new(url, Some(invite)),
                say.as_deref(),
                *to_all,
                *json,
            ),
            *json,
        ),
        Remote::Ladder { url, json } => (ladder(&Seat::new(url, None), *json), *json),
    };
    match result {
        Ok(()) => 0,
        Err(Failure::Here(e)) => {
            if json_out {
                println!("{}", json!({"ok": false, "error": e.to_string()}));
            } else {
                eprintln!("bayonet remote: {e}");
            }
            1
        }
        Err(Failure::Refused(r)) => {
            if json_out {
                println!(
                    "{}",
                    json!({"ok": false, "error": r.to_string(), "problem": r.problem, "status": r.status})
                );
            } else {
                eprintln!("bayonet remote: {r}");
            }
            if r.problem.passes() { TRY_AGAIN } else { 1 }
        }
    }
}

fn new(
    url: &str,
    scenario: &str,
    rules: Option<&str>,
    key: Option<&str>,
    json_out: bool,
) -> Result<(), Failure> {
    // The key, where the server asks for one, goes as a seat's invite would.
    let seat = Seat::new(url, key);
    // A scenario file here is sent whole; a name the server knows is sent as a name (with its
    // text when optional rules are chosen: they are set on the scenario's Parameter Data).
    let here = std::fs::read_to_string(scenario).ok();
    let made = match (rules, here) {
        (Some(r), _) => {
            let s = crate::load_scenario(scenario)?;
            let mut p = s.params.clone();
            p.optional.enable(r)?;
            seat.create_with(&s.file, &s.source, Some(&p))
        }
        (None, Some(text)) if !crate::SCENARIOS.iter().any(|(p, _)| *p == scenario) => {
            seat.create_from(scenario, &text)
        }
        _ => seat.create(scenario),
    }?;
    if json_out {
        println!("{}", json!(made));
        return Ok(());
    }
    println!("game {} on {}", made.game, crate::remote::base_url(url));
    for s in &made.sides {
        println!("  {:<12} {}", s.name, s.invite);
    }
    println!("Keep one invite, send the other to your opponent (each plays only its own side).");
    Ok(())
}

/// A team game (issue 62): the server's battle `scenario`, its seats from the JSON file
/// `teams`; an invite per seat, named with its command.
fn new_teams(
    url: &str,
    scenario: &str,
    rules: Option<&str>,
    key: Option<&str>,
    teams: &str,
    json_out: bool,
) -> Result<(), Failure> {
    let text = std::fs::read_to_string(teams)
        .map_err(|e| super::CliError::Option(format!("--teams {teams}: {e}")))?;
    let split: dispatch::club::Teams = serde_json::from_str(&text).map_err(|e| {
        super::CliError::Option(format!(
            "--teams {teams}: line {}, column {}: {e}; expected {{\"sides\": [[[FORMATION, …], …], [[…], …]]}}",
            e.line(),
            e.column()
        ))
    })?;
    let params = match rules {
        Some(r) => {
            let mut p = crate::load_scenario(scenario)?.params;
            p.optional.enable(r)?;
            Some(p)
        }
        None => None,
    };
    let made = Seat::new(url, key).create_teams(scenario, params.as_ref(), &split)?;
    if json_out {
        println!("{}", json!(made));
        return Ok(());
    }
    println!(
        "team game {} on {}",
        made.game,
        crate::remote::base_url(url)
    );
    for s in &made.sides {
        println!(
            "  {} seat {} ({}): {}",
            s.name,
            s.seat + 1,
            s.command.join(", "),
            s.invite
        );
    }
    println!("Send each seat's invite to the player who commands it.");
    Ok(())
}

/// A game on a scenario shared on the server.
fn new_shared(url: &str, id: &str, key: Option<&str>, json_out: bool) -> Result<(), Failure> {
    let made = Seat::new(url, key).create_shared(id)?;
    if json_out {
        println!("{}", json!(made));
        return Ok(());
    }
    println!(
        "game {} of \"{}\" on {}",
        made.game,
        made.scenario,
        crate::remote::base_url(url)
    );
    for s in &made.sides {
        println!("  {:<12} {}", s.name, s.invite);
    }
    Ok(())
}

/// A scenario file shared on the server (checked here first: the server checks it again).
fn share(url: &str, file: &str, author: &str, json_out: bool) -> Result<(), Failure> {
    let text = crate::rules::scenario::read_text(file)?;
    crate::rules::scenario::parse(file, &text)?;
    let name = std::path::Path::new(file)
        .file_name()
        .map_or(file.to_string(), |n| n.to_string_lossy().to_string());
    let s = Seat::new(url, None).share(author, &name, &text)?;
    if json_out {
        println!("{}", json!(s));
    } else {
        println!(
            "shared \"{}\" as {} on {}",
            s.name,
            s.id,
            crate::remote::base_url(url)
        );
    }
    Ok(())
}

/// The shared scenarios listed, or one written to a file.
fn shared(url: &str, get: Option<&str>, out: Option<&str>, json_out: bool) -> Result<(), Failure> {
    let seat = Seat::new(url, None);
    if let Some(id) = get {
        let s = seat.shared_one(id)?;
        let path = out.map_or(s.shared.file.clone(), str::to_string);
        std::fs::write(&path, &s.source)
            .map_err(|e| Failure::Here(super::CliError::file(&path, e)))?;
        if json_out {
            println!("{}", json!({"ok": true, "file": path, "shared": s.shared}));
        } else {
            println!(
                "wrote \"{}\" by {} to {path}",
                s.shared.name, s.shared.author
            );
        }
        return Ok(());
    }
    let all = seat.shared()?;
    if json_out {
        println!("{}", json!(all));
        return Ok(());
    }
    for s in &all {
        println!(
            "{}  {} — by {}, {} units, {} turns, {}×{} hexes",
            s.id, s.name, s.author, s.units, s.turns, s.width, s.height
        );
    }
    if all.is_empty() {
        println!("no scenario is shared on {}", crate::remote::base_url(url));
    }
    Ok(())
}

fn state_line(s: &GameState) -> String {
    format!(
        "game {}: order {}, turn {} {}, {} to act{}; you are the {}",
        s.game,
        s.seq,
        s.turn.turn,
        s.turn.clock,
        s.side_name,
        if s.over { " (game over)" } else { "" },
        s.you_name,
    )
}

fn state(seat: &Seat, json_out: bool) -> Result<(), Failure> {
    let s = seat.state()?;
    if json_out {
        println!("{}", json!(s));
    } else {
        println!("{}", state_line(&s));
    }
    Ok(())
}

fn play(seat: &Seat, path: &str, json_out: bool) -> Result<(), Failure> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| super::CliError::file(path, format!("cannot read the file: {e}")))?;
    let orders = super::run::parse_orders(path, &text)?;
    let (lines, state) = seat.play(&orders)?;
    if json_out {
        println!("{}", json!({"orders": lines, "state": state}));
        return Ok(());
    }
    for l in &lines {
        let i = l.order;
        let what = orders.get(i).map(|o| o.describe()).unwrap_or_default();
        match &l.record {
            Some(r) if l.accepted => println!("[order {i}] seq {} {what}", r.seq),
            _ => println!(
                "[order {i}] refused: {what} — {}",
                l.reason.as_deref().unwrap_or("")
            ),
        }
    }
    println!("{}", state_line(&state));
    Ok(())
}

fn save(seat: &Seat, out: Option<&str>) -> Result<(), Failure> {
    let text = seat.save()?;
    match out {
        Some(f) => std::fs::write(f, &text).map_err(|e| Failure::Here(super::CliError::file(f, e))),
        None => {
            print!("{text}");
            Ok(())
        }
    }
}

/// The passwords a command needs, in order: from the environment (`BAYONET_PASSWORD`, then
/// `BAYONET_NEW_PASSWORD`), else the standard input's lines.
fn passwords(n: usize) -> Result<Vec<String>, Failure> {
    let mut out = Vec::new();
    let mut lines = std::io::stdin().lines();
    for var in ["BAYONET_PASSWORD", "BAYONET_NEW_PASSWORD"]
        .into_iter()
        .take(n)
    {
        let p = match std::env::var(var) {
            Ok(p) => p,
            Err(_) => lines
                .next()
                .and_then(|l| l.ok())
                .filter(|l| !l.is_empty())
                .ok_or_else(|| {
                    super::CliError::Option(format!(
                        "the password: set {var}, or give it on a line of the standard input"
                    ))
                })?,
        };
        out.push(p);
    }
    Ok(out)
}

/// What `bayonet remote account` was given besides its action.
struct AccountOptions<'a> {
    name: Option<&'a str>,
    everywhere: bool,
    invite: Option<&'a str>,
    game: Option<&'a str>,
    side: Option<u8>,
    challenge: dispatch::club::Challenge,
    id: Option<&'a str>,
    notify: dispatch::club::NotifyTo,
}

/// A game's terms in words.
fn terms_words(t: &dispatch::club::Terms) -> String {
    let mut parts = vec![match t.hours {
        Some(h) => format!("{h} h a side turn"),
        None => "no deadline".to_string(),
    }];
    if t.rated {
        parts.push("rated".into());
    }
    if let Some(d) = t.deadline {
        let left = d - crate::serve::db::now();
        parts.push(if left > 0 {
            format!("deadline in {} h {} min", left / 3600, left % 3600 / 60)
        } else {
            "deadline passed".to_string()
        });
    }
    if let Some(s) = t.draw_offer {
        parts.push(format!("a draw offered by side {s}"));
    }
    if let Some(e) = &t.ended {
        parts.push(match e.winner {
            Some(w) => format!("ended ({:?}): side {w} won", e.by).to_lowercase(),
            None => "ended in a draw".to_string(),
        });
    }
    parts.join(", ")
}

/// `bayonet remote act URL INVITE ACT`.
fn act(seat: &Seat, a: super::args::ActAction, json_out: bool) -> Result<(), Failure> {
    use super::args::ActAction as A;
    use dispatch::club::Act;
    let t = match a {
        A::Terms => seat.terms()?,
        A::Resign => seat.act(Act::Resign)?,
        A::OfferDraw => seat.act(Act::OfferDraw)?,
        A::AcceptDraw => seat.act(Act::AcceptDraw)?,
        A::DeclineDraw => seat.act(Act::DeclineDraw)?,
        A::ClaimTime => seat.act(Act::ClaimTime)?,
    };
    if json_out {
        println!("{}", json!(t));
    } else {
        println!("{}", terms_words(&t));
    }
    Ok(())
}

/// `bayonet remote chat URL INVITE [--say TEXT]`.
fn chat(seat: &Seat, say: Option<&str>, to_all: bool, json_out: bool) -> Result<(), Failure> {
    if let Some(text) = say {
        seat.say(text, to_all)?;
    }
    let lines = seat.chat(0)?;
    if json_out {
        println!("{}", json!(lines));
    } else {
        for l in &lines {
            let to = if l.to_all { "to all" } else { "to their side" };
            println!("{} ({}, {to}): {}", l.author, l.side_name, l.text);
        }
    }
    Ok(())
}

/// `bayonet remote ladder URL`.
fn ladder(seat: &Seat, json_out: bool) -> Result<(), Failure> {
    let rungs = seat.ladder()?;
    if json_out {
        println!("{}", json!(rungs));
    } else if rungs.is_empty() {
        println!("No rated game has ended on this server yet");
    } else {
        for (i, r) in rungs.iter().enumerate() {
            println!(
                "{:>3}. {:<24} {:>6.0} ±{:<4.0} {} games: {} won, {} lost, {} drawn",
                i + 1,
                r.name,
                r.rating,
                2.0 * r.deviation,
                r.games,
                r.wins,
                r.losses,
                r.draws
            );
        }
    }
    Ok(())
}

/// An option an action needs, or why it cannot go on.
fn needed<T>(v: Option<T>, what: &str) -> Result<T, Failure> {
    v.ok_or_else(|| Failure::Here(super::CliError::Option(what.to_string())))
}

/// `bayonet remote account URL ACTION`: an account on the server (issue 62).
fn account(
    url: &str,
    action: super::args::AccountAction,
    o: &AccountOptions,
    json_out: bool,
) -> Result<(), Failure> {
    use super::args::AccountAction as A;
    let (name, everywhere) = (o.name, o.everywhere);
    let named = || needed(name, "--name: the account's name");
    let session = || {
        std::env::var("BAYONET_SESSION").map_err(|_| {
            Failure::Here(super::CliError::Option(
                "BAYONET_SESSION: the session's token, as `account sign-in` printed it".into(),
            ))
        })
    };
    let said = match action {
        A::Register => {
            let a = Seat::new(url, None).register(named()?, &passwords(1)?[0])?;
            (json!(a), format!("Registered \"{}\"", a.name))
        }
        A::SignIn => {
            let s = Seat::new(url, None).sign_in(named()?, &passwords(1)?[0])?;
            // The token alone on its line, for `export BAYONET_SESSION=$(…)`.
            (json!(s), s.token.clone())
        }
        A::Show => {
            let a = Seat::new(url, Some(&session()?)).account()?;
            (
                json!(a),
                format!("{} ({} session(s) open)", a.name, a.sessions),
            )
        }
        A::SignOut => {
            let s = Seat::new(url, Some(&session()?)).sign_out(everywhere)?;
            (
                json!(s),
                format!("Signed out ({} session(s) ended)", s.ended),
            )
        }
        A::Password => {
            let p = passwords(2)?;
            let s = Seat::new(url, Some(&session()?)).change_password(&p[0], &p[1])?;
            (
                json!(s),
                format!("Password changed ({} other session(s) ended)", s.ended),
            )
        }
        A::Delete => {
            let s = Seat::new(url, Some(&session()?)).delete_account(&passwords(1)?[0])?;
            (
                json!(s),
                format!("Account deleted ({} session(s) ended)", s.ended),
            )
        }
        A::Claim => {
            let invite = needed(o.invite, "--invite: the seat's invite")?;
            let g = Seat::new(url, Some(&session()?)).claim(invite)?;
            (
                json!(g),
                format!("Claimed: game {} as the {}", g.game, g.side_name),
            )
        }
        A::Games => {
            let games = Seat::new(url, Some(&session()?)).my_games()?;
            let lines: Vec<String> = games
                .iter()
                .map(|g| {
                    let whose = if g.over {
                        "over".to_string()
                    } else if g.your_turn {
                        "your turn".to_string()
                    } else {
                        format!("waiting on the {}", g.other_side)
                    };
                    let mut line = format!(
                        "{} (side {}): {} as the {} against the {}, turn {} {}, {whose}",
                        g.game,
                        g.side,
                        g.scenario_file,
                        g.side_name,
                        g.other_side,
                        g.turn.turn,
                        g.turn.clock
                    );
                    if g.terms.deadline.is_some() || g.terms.ended.is_some() || g.terms.rated {
                        line.push_str(&format!("; {}", terms_words(&g.terms)));
                    }
                    if g.unread > 0 {
                        line.push_str(&format!("; {} unread chat line(s)", g.unread));
                    }
                    line
                })
                .collect();
            let text = if lines.is_empty() {
                "No games yet: claim a seat with its invite".to_string()
            } else {
                lines.join("\n")
            };
            (json!(games), text)
        }
        A::Lobby => {
            let posted = Seat::new(url, Some(&session()?)).lobby()?;
            let lines: Vec<String> = posted
                .iter()
                .map(|p| {
                    let side = match p.side {
                        Some(s) => format!("plays the {}", p.sides[s as usize & 1]),
                        None => "either side".to_string(),
                    };
                    let hours = p
                        .hours
                        .map_or("no deadline".to_string(), |h| format!("{h} h a turn"));
                    let rated = if p.rated { ", rated" } else { "" };
                    let to = p.to.as_ref().map_or(String::new(), |t| format!(", to {t}"));
                    format!(
                        "{}: {} by {} ({side}, {hours}{rated}{to})",
                        p.id, p.battle, p.by
                    )
                })
                .collect();
            let text = if lines.is_empty() {
                "The lobby is empty: post a challenge".to_string()
            } else {
                lines.join("\n")
            };
            (json!(posted), text)
        }
        A::Challenge => {
            if o.challenge.scenario.is_none() {
                needed(
                    None::<()>,
                    "--scenario: the battle, as `bayonet list` names it",
                )?;
            }
            let p = Seat::new(url, Some(&session()?)).challenge(&o.challenge)?;
            (json!(p), format!("Posted: {} ({})", p.id, p.battle))
        }
        A::Accept => {
            let id = needed(o.id, "--id: the challenge's id, as `lobby` lists it")?;
            let g = Seat::new(url, Some(&session()?)).accept(id)?;
            (
                json!(g),
                format!(
                    "Accepted: game {} as the {} (side {})",
                    g.game, g.side_name, g.side
                ),
            )
        }
        A::Withdraw => {
            let id = needed(o.id, "--id: the challenge's id, as `lobby` lists it")?;
            let w = Seat::new(url, Some(&session()?)).withdraw(id)?;
            (json!(w), format!("Withdrawn: {}", w.id))
        }
        A::Rematch => {
            let game = needed(o.game, "--game: the game's id, as `games` lists it")?;
            let side = needed(o.side, "--side: your side's number in it, 0 or 1")?;
            let p = Seat::new(url, Some(&session()?)).rematch(game, side)?;
            (json!(p), format!("Rematch posted: {} ({})", p.id, p.battle))
        }
        A::Notify => {
            let set = (o.notify.email.is_some() || o.notify.webhook.is_some()).then_some(&o.notify);
            let n = Seat::new(url, Some(&session()?)).notify_to(set)?;
            let text = format!(
                "Notifications: e-mail {}, webhook {}",
                n.email.as_deref().unwrap_or("none"),
                n.webhook.as_deref().unwrap_or("none")
            );
            (json!(n), text)
        }
        A::Open => {
            let game = needed(o.game, "--game: the game's id, as `games` lists it")?;
            let side = needed(o.side, "--side: the side's number, 0 or 1")?;
            let k = Seat::new(url, Some(&session()?)).seat_key(game, side)?;
            // The key alone on its line: `bayonet join URL KEY` opens the seat.
            (json!(k), k.invite.clone())
        }
    };
    if json_out {
        println!("{}", said.0);
    } else {
        println!("{}", said.1);
    }
    Ok(())
}
