//! The start dialog's "My games" section (issue 62, item 2): sign in (or register) with the
//! name and password typed in the online section, claim the seat of the invite typed there,
//! and list the account's games — whose turn, the turn and clock, since when — each with a
//! button that opens it (a fresh key to the seat, used as its invite).

use bevy::prelude::*;

use super::asking::Inbox;
use super::online_dialog::{OnlineForm, base_url, join};
use super::start::DialogBody;
use crate::client::theme::interaction::Pressed;
use crate::client::theme::palette;
use crate::client::theme::widget::{self, Layout};
use crate::dispatch::Refusal;
use crate::dispatch::account::{Account, MyGame, SeatKey, Session};

/// The section's buttons.
#[derive(Component, Clone, Copy, PartialEq, Eq, Debug)]
pub enum MyGamesButton {
    SignIn,
    Register,
    /// The invite typed above becomes one of the account's games.
    Claim,
    /// The list again.
    List,
    /// The listed game `i`, opened.
    Open(usize),
    /// The listed game `i`'s chat, shown in the club section.
    Chat(usize),
}

/// The session (only in the window's memory), the games as last heard, and what the section
/// says.
#[derive(Resource, Default)]
pub struct MyGamesHere {
    pub session: Option<Session>,
    pub list: Vec<MyGame>,
    pub said: String,
    /// The game whose chat the club section shows, with a key to its seat.
    pub chat: Option<ChatWith>,
    /// The game whose chat was asked for, waiting for its key.
    chat_asked: Option<usize>,
}

/// A game's chat, opened from the list.
#[derive(Debug, Clone)]
pub struct ChatWith {
    pub game: String,
    pub side: u8,
    pub side_name: String,
    pub key: String,
    /// Its lines are still to be read.
    pub fresh: bool,
}

#[derive(Component)]
struct Rows;

#[derive(Component)]
struct Said;

/// A server's answer, come back (in the browser a few frames after the asking).
enum Heard {
    Registered(Result<Account, Refusal>),
    SignedIn(Result<Session, Refusal>),
    Claimed(Result<MyGame, Refusal>),
    List(Result<Vec<MyGame>, Refusal>),
    Key(Result<SeatKey, Refusal>),
    ChatKey(Result<SeatKey, Refusal>),
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<MyGamesHere>()
        .init_resource::<Inbox<Heard>>()
        .add_observer(press)
        .add_systems(
            Update,
            // Below the online section, whose name and password it signs in with.
            (
                section.after(super::online_dialog::section),
                heard,
                rows,
                show,
            )
                .chain(),
        );
}

/// Adds the section to the dialog when it opens; not to a campaign's screen.
pub(crate) fn section(
    mut commands: Commands,
    dialogs: Query<Entity, Added<DialogBody>>,
    campaign: Option<Res<super::campaign::UnderWay>>,
) {
    if campaign.is_some() {
        return;
    }
    for d in &dialogs {
        commands.entity(d).with_children(|p| {
            p.spawn(widget::heading(
                "My games (sign in with your name and password under Play online)",
                16.0,
            ));
            widget::button_row(
                p,
                "MyGames",
                &[
                    (MyGamesButton::SignIn, "Sign in"),
                    (MyGamesButton::Register, "Register"),
                    (MyGamesButton::Claim, "Make the invite mine"),
                    (MyGamesButton::List, "My games"),
                ],
            );
            p.spawn((Rows, widget::column(2.0)));
            p.spawn((Said, palette::dim_text(String::new(), 13.0)));
        });
    }
}

fn press(
    pressed: On<Pressed>,
    q: Query<&MyGamesButton>,
    mut here: ResMut<MyGamesHere>,
    mut form: ResMut<OnlineForm>,
    inbox: Res<Inbox<Heard>>,
) {
    use crate::dispatch::request;
    let Ok(b) = q.get(pressed.entity) else { return };
    let server = base_url(&form.server);
    let creds = crate::dispatch::account::Credentials {
        name: form.author.trim().to_owned(),
        password: form.password.clone(),
    };
    let session = here.session.as_ref().map(|s| s.token.clone());
    match *b {
        MyGamesButton::SignIn | MyGamesButton::Register
            if creds.name.is_empty() || creds.password.is_empty() =>
        {
            here.said = "Type your name and password first (under Play online).".into();
            form.focus = Some(if creds.name.is_empty() {
                super::online_dialog::Entry::Author
            } else {
                super::online_dialog::Entry::Password
            });
        }
        MyGamesButton::SignIn => {
            here.said = format!("Signing in on {server}…");
            let req = request::sign_in(&creds);
            inbox.ask(&server, None, req, Heard::SignedIn);
        }
        MyGamesButton::Register => {
            here.said = format!("Registering on {server}…");
            let req = request::register(&creds);
            inbox.ask(&server, None, req, Heard::Registered);
        }
        _ if session.is_none() => here.said = "Sign in first.".into(),
        MyGamesButton::Claim => {
            let invite = form.invite.trim().to_owned();
            if invite.is_empty() {
                here.said = "Type the invite first (Invite, under Play online).".into();
                return;
            }
            let req = request::claim(&crate::dispatch::account::Claim { invite });
            inbox.ask(&server, session, req, Heard::Claimed);
        }
        MyGamesButton::List => {
            here.said = "Asking for your games…".into();
            let req = request::my_games();
            inbox.ask(&server, session, req, Heard::List);
        }
        MyGamesButton::Chat(i) => {
            let Some(g) = here.list.get(i) else { return };
            let ask_for = crate::dispatch::account::SeatAsk {
                game: g.game.clone(),
                side: g.side,
            };
            here.said = format!("Opening game {}'s chat…", g.game);
            here.chat_asked = Some(i);
            let req = request::seat_key(&ask_for);
            inbox.ask(&server, session, req, Heard::ChatKey);
        }
        MyGamesButton::Open(i) => {
            let Some(g) = here.list.get(i) else { return };
            let ask_for = crate::dispatch::account::SeatAsk {
                game: g.game.clone(),
                side: g.side,
            };
            here.said = format!("Opening game {}…", g.game);
            let req = request::seat_key(&ask_for);
            inbox.ask(&server, session, req, Heard::Key);
        }
    }
}

/// An answer taken in.
fn take(
    here: &mut MyGamesHere,
    form: &mut OnlineForm,
    exit: &mut MessageWriter<AppExit>,
    h: Heard,
) {
    match h {
        Heard::Registered(Ok(a)) => {
            here.said = format!("Registered \"{}\": now Sign in.", a.name);
        }
        Heard::SignedIn(Ok(s)) => {
            here.said = format!("Signed in as {}.", s.name);
            here.session = Some(s);
            // The password is not kept once it has served.
            form.password.clear();
        }
        Heard::Claimed(Ok(g)) => {
            here.said = format!("Game {} is yours, as the {}.", g.game, g.side_name);
            here.list
                .retain(|m| (m.game.as_str(), m.side) != (g.game.as_str(), g.side));
            here.list.insert(0, g);
        }
        Heard::List(Ok(list)) => {
            let yours = list.iter().filter(|g| g.your_turn).count();
            here.said = match list.len() {
                0 => "No games yet: make an invite yours to list its game here.".into(),
                n => format!(
                    "{}; your turn in {yours}.",
                    crate::rules::words::count(n as u64, "game", "games")
                ),
            };
            here.list = list;
        }
        Heard::Key(Ok(k)) => {
            form.invite = k.invite;
            join(form, exit);
        }
        Heard::ChatKey(Ok(k)) => {
            let asked = here
                .chat_asked
                .take()
                .and_then(|i| here.list.get(i).cloned());
            if let Some(g) = asked {
                here.said = format!("Game {}'s chat is below.", g.game);
                here.chat = Some(ChatWith {
                    game: g.game,
                    side: g.side,
                    side_name: g.side_name,
                    key: k.invite,
                    fresh: true,
                });
            }
        }
        Heard::Registered(Err(e))
        | Heard::SignedIn(Err(e))
        | Heard::Claimed(Err(e))
        | Heard::List(Err(e))
        | Heard::Key(Err(e))
        | Heard::ChatKey(Err(e)) => {
            if e.problem == crate::dispatch::Problem::NotSignedIn {
                here.session = None;
            }
            here.said = format!("The server said no: {e}");
        }
    }
}

/// Answers come back (in the browser a few frames after the asking).
fn heard(
    inbox: Res<Inbox<Heard>>,
    mut here: ResMut<MyGamesHere>,
    mut form: ResMut<OnlineForm>,
    mut exit: MessageWriter<AppExit>,
) {
    for h in inbox.take() {
        take(&mut here, &mut form, &mut exit, h);
    }
}

/// What one game's row says: the scenario, the sides, the turn, whose turn and since when.
pub fn row_words(g: &MyGame, now: i64) -> String {
    let whose = if g.over {
        "over".to_string()
    } else if g.your_turn {
        "YOUR TURN".to_string()
    } else {
        format!("the {} to move", g.other_side)
    };
    let ago = (now - g.since).max(0);
    let since = match ago {
        0..120 => "just now".to_string(),
        120..7200 => format!("{} min ago", ago / 60),
        7200..172_800 => format!("{} h ago", ago / 3600),
        _ => format!("{} days ago", ago / 86_400),
    };
    let file = std::path::Path::new(&g.scenario_file)
        .file_stem()
        .map_or(g.scenario_file.clone(), |s| {
            s.to_string_lossy().replace('_', " ")
        });
    let mut words = format!(
        "{file}: you are the {} against the {} — turn {} ({}), {whose}, last move {since}",
        g.side_name, g.other_side, g.turn.turn, g.turn.clock
    );
    if let Some(e) = &g.terms.ended {
        let names = if g.side == 0 {
            [g.side_name.clone(), g.other_side.clone()]
        } else {
            [g.other_side.clone(), g.side_name.clone()]
        };
        words.push_str(&format!(" — {}", ended_words(e, &names)));
    } else if let Some(d) = g.terms.deadline {
        let left = d - now;
        let whose = if g.your_turn { "yours" } else { "theirs" };
        words.push_str(&if left > 0 {
            format!(
                " — the deadline ({whose}) in {} h {} min",
                left / 3600,
                left % 3600 / 60
            )
        } else {
            format!(" — the deadline ({whose}) has passed")
        });
    }
    if let Some(s) = g.terms.draw_offer {
        words.push_str(if s == g.side {
            " — you offered a draw"
        } else {
            " — a DRAW IS OFFERED to you"
        });
    }
    if g.unread > 0 {
        words.push_str(&format!(
            " — {} unread",
            crate::rules::words::count(u64::from(g.unread), "chat line", "chat lines")
        ));
    }
    words
}

/// How a game ended, in the list's words.
fn ended_words(e: &crate::dispatch::club::Ending, names: &[String; 2]) -> String {
    use crate::dispatch::club::EndedBy;
    let name = |s: u8| names[s as usize & 1].clone();
    match (e.by, e.winner) {
        (_, None) => "a draw".to_string(),
        (EndedBy::Resigned, Some(w)) => format!("the {} resigned", name(1 - (w & 1))),
        (EndedBy::Time, Some(w)) => format!("won on time by the {}", name(w)),
        (_, Some(w)) => format!("won by the {}", name(w)),
    }
}

fn rows(mut commands: Commands, here: Res<MyGamesHere>, rows: Query<Entity, With<Rows>>) {
    if !here.is_changed() {
        return;
    }
    // The browser has no system clock but the page's.
    #[cfg(target_arch = "wasm32")]
    let now = (js_sys::Date::now() / 1000.0) as i64;
    #[cfg(not(target_arch = "wasm32"))]
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64);
    for r in &rows {
        commands.entity(r).despawn_children();
        commands.entity(r).with_children(|p| {
            for (i, g) in here.list.iter().enumerate() {
                p.spawn(widget::row(8.0).wrapping()).with_children(|row| {
                    row.spawn((
                        widget::text_button(
                            MyGamesButton::Open(i),
                            "Open",
                            13.0,
                            UiRect::all(Val::Px(2.0)),
                        ),
                        Name::new(format!("MyGames:Open:{i}")),
                        // The page goes on the press: were it pressed on the finger's touch,
                        // the tablet's lifting would go to a page no longer there.
                        crate::client::theme::interaction::OnRelease,
                    ));
                    row.spawn((
                        widget::text_button(
                            MyGamesButton::Chat(i),
                            "Chat",
                            13.0,
                            UiRect::all(Val::Px(2.0)),
                        ),
                        Name::new(format!("MyGames:Chat:{i}")),
                        crate::client::theme::interaction::OnRelease,
                    ));
                    row.spawn(widget::label_text(row_words(g, now), 13.0));
                });
            }
        });
    }
}

fn show(here: Res<MyGamesHere>, mut said: Query<&mut Text, With<Said>>) {
    if !here.is_changed() {
        return;
    }
    for mut t in &mut said {
        t.0.clone_from(&here.said);
    }
}
