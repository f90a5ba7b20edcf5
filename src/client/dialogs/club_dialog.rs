//! The start dialog's club section (issue 62, items 3 and 7), under My games: the lobby (the
//! challenges open to the signed-in player, each to take up with a tap, and a challenge to post
//! for the battle on the table, with its time control and whether it is rated), and the chat
//! of the game chosen in My games (its lines as its side reads them, and a line to say).

use bevy::prelude::*;

use super::asking::Inbox;
use super::my_games_dialog::MyGamesHere;
use super::online_dialog::{Entry, OnlineForm, base_url};
use super::start::DialogBody;
use crate::client::theme::interaction::Pressed;
use crate::client::theme::palette;
use crate::client::theme::widget::{self, Layout};
use crate::dispatch::Refusal;
use crate::dispatch::account::MyGame;
use crate::dispatch::club::{Act, Challenge, ChatLine, Posted, Rung, Terms};

/// The section's buttons.
#[derive(Component, Clone, Copy, PartialEq, Eq, Debug)]
pub enum ClubButton {
    /// The lobby listed again.
    Lobby,
    /// A challenge posted for the battle on the table.
    Post,
    /// The challenge's time control, the next of `HOURS`.
    Hours,
    Rated,
    /// The listed challenge `i`, taken up.
    Accept(usize),
    /// The line typed, said to both sides, or to one's own.
    SayToAll,
    SayToSide,
    /// The chat's game: resign, offer, accept or decline a draw, claim it on time.
    Act(Act),
    /// The chat's game again, the sides exchanged, posted to the same opponent.
    Rematch,
    /// The server's ladder listed.
    Ladder,
    /// Notifications to the e-mail address and webhook typed (empty: not that way).
    Notify,
}

/// The time controls a challenge offers, in hours a side turn (none: no deadline).
pub const HOURS: [Option<u32>; 4] = [None, Some(24), Some(72), Some(168)];

/// What the section holds: the lobby as last heard, the challenge's terms, the chat shown.
#[derive(Resource, Default)]
pub struct ClubHere {
    pub lobby: Vec<Posted>,
    pub hours: usize,
    pub rated: bool,
    pub chat: Vec<ChatLine>,
    pub ladder: Vec<Rung>,
    pub said: String,
}

/// A server's answer, come back.
enum Heard {
    Lobby(Result<Vec<Posted>, Refusal>),
    Posted(Result<Posted, Refusal>),
    Accepted(Result<MyGame, Refusal>),
    Chat(Result<Vec<ChatLine>, Refusal>),
    Said(Result<ChatLine, Refusal>),
    Acted(Result<Terms, Refusal>),
    Rematched(Result<Posted, Refusal>),
    Ladder(Result<Vec<Rung>, Refusal>),
    Notify(Result<crate::dispatch::club::NotifyTo, Refusal>),
}

#[derive(Component)]
struct ChallengeRows;

#[derive(Component)]
struct ChatRows;

#[derive(Component)]
struct Said;

#[derive(Component)]
struct TermsWords;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<ClubHere>()
        .init_resource::<Inbox<Heard>>()
        .add_observer(press)
        .add_systems(
            Update,
            (
                // Below My games in the dialog.
                section.after(super::shared_dialog::section),
                chat_opened,
                heard,
                challenge_rows,
                chat_rows,
                show,
            )
                .chain(),
        );
}

/// Adds the section to the dialog when it opens; not to a campaign's screen.
fn section(
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
                "The lobby (challenges to take up, or post one for the battle above)",
                16.0,
            ));
            widget::button_row(
                p,
                "Club",
                &[
                    (ClubButton::Lobby, "Lobby"),
                    (ClubButton::Post, "Post a challenge"),
                    (ClubButton::Hours, "Time"),
                    (ClubButton::Rated, "Rated"),
                    (ClubButton::Ladder, "Ladder"),
                ],
            );
            p.spawn((TermsWords, palette::dim_text(String::new(), 13.0)));
            p.spawn((ChallengeRows, widget::column(2.0)));
            p.spawn(widget::heading(
                "Chat (Chat beside a game in My games shows it)",
                16.0,
            ));
            p.spawn((ChatRows, widget::column(2.0)));
            p.spawn(widget::row(0.0).wrapping()).with_children(|r| {
                r.spawn(widget::label_text("Say:", 16.0));
                super::online_dialog::field(r, Entry::Say);
                for (b, words) in [
                    (ClubButton::SayToAll, "Send to all"),
                    (ClubButton::SayToSide, "Send to my side"),
                ] {
                    r.spawn((
                        widget::text_button(b, words, 14.0, UiRect::all(Val::Px(3.0))),
                        Name::new(format!("Club:{b:?}")),
                    ));
                }
            });
            p.spawn(widget::label_text(
                "This game (its Chat chosen in My games):",
                16.0,
            ));
            widget::button_row(
                p,
                "Club",
                &[
                    (ClubButton::Act(Act::OfferDraw), "Offer a draw"),
                    (ClubButton::Act(Act::AcceptDraw), "Accept the draw"),
                    (ClubButton::Act(Act::DeclineDraw), "Decline the draw"),
                    (ClubButton::Act(Act::ClaimTime), "Claim on time"),
                    (ClubButton::Act(Act::Resign), "Resign"),
                    (ClubButton::Rematch, "Rematch"),
                ],
            );
            p.spawn(widget::label_text(
                "Tell me when it is my turn, a deadline nears, a game ends, a challenge is taken up:",
                16.0,
            ));
            for (f, name) in [(Entry::Email, "E-mail"), (Entry::Webhook, "Webhook")] {
                p.spawn(widget::row(0.0).wrapping()).with_children(|r| {
                    r.spawn(widget::label_text(format!("{name}:"), 16.0));
                    super::online_dialog::field(r, f);
                });
            }
            widget::button_row(p, "Club", &[(ClubButton::Notify, "Notify me there")]);
            p.spawn((Said, palette::dim_text(String::new(), 13.0)));
        });
    }
}

/// The challenge's terms in words.
pub fn terms_words(here: &ClubHere) -> String {
    let time = match HOURS[here.hours % HOURS.len()] {
        None => "no deadline".to_string(),
        Some(h) if h % 24 == 0 => format!(
            "{} a side turn",
            crate::rules::words::count(u64::from(h / 24), "day", "days")
        ),
        Some(h) => format!("{h} h a side turn"),
    };
    let rated = if here.rated { "rated" } else { "not rated" };
    format!("A challenge you post: either side, {time}, {rated}.")
}

/// A challenge's line in the lobby.
pub fn challenge_words(p: &Posted) -> String {
    let side = match p.side {
        Some(s) => format!("{} plays the {}", p.by, p.sides[s as usize & 1]),
        None => format!("{} plays either side", p.by),
    };
    let time = p
        .hours
        .map_or("no deadline".to_string(), |h| format!("{h} h a turn"));
    let rated = if p.rated { ", rated" } else { "" };
    let to = p.to.as_ref().map_or(String::new(), |t| format!(", to {t}"));
    format!("{}: {side} ({time}{rated}{to})", p.battle)
}

fn press(
    pressed: On<Pressed>,
    q: Query<&ClubButton>,
    mut club: ResMut<ClubHere>,
    mine: Res<MyGamesHere>,
    mut form: ResMut<OnlineForm>,
    table: Res<crate::sim::Table>,
    inbox: Res<Inbox<Heard>>,
) {
    use crate::dispatch::request;
    let Ok(b) = q.get(pressed.entity) else { return };
    let server = base_url(&form.server);
    let session = mine.session.as_ref().map(|s| s.token.clone());
    match *b {
        ClubButton::Hours => club.hours = (club.hours + 1) % HOURS.len(),
        ClubButton::Rated => club.rated = !club.rated,
        ClubButton::Act(a) => {
            let Some(chat) = &mine.chat else {
                club.said = "Choose a game (its Chat in My games) first.".into();
                return;
            };
            club.said = "Asking the server…".into();
            inbox.ask(
                &server,
                Some(chat.key.clone()),
                request::act(a),
                Heard::Acted,
            );
        }
        ClubButton::Ladder => {
            club.said = "Asking for the ladder…".into();
            inbox.ask(&server, None, request::ladder(), Heard::Ladder);
        }
        ClubButton::SayToAll | ClubButton::SayToSide => {
            let Some(chat) = &mine.chat else {
                club.said = "Choose a game's Chat in My games first.".into();
                return;
            };
            let text = form.say.trim().to_owned();
            if text.is_empty() {
                club.said = "Type the line first (Say).".into();
                form.focus = Some(Entry::Say);
                return;
            }
            form.say.clear();
            let say = crate::dispatch::club::Say {
                text,
                to_all: *b == ClubButton::SayToAll,
            };
            inbox.ask(
                &server,
                Some(chat.key.clone()),
                request::say(&say),
                Heard::Said,
            );
        }
        _ if session.is_none() => club.said = "Sign in first (My games).".into(),
        ClubButton::Notify => {
            let given = |s: &str| Some(s.trim().to_owned()).filter(|s| !s.is_empty());
            let to = crate::dispatch::club::NotifyTo {
                email: given(&form.email),
                webhook: given(&form.webhook),
            };
            inbox.ask(&server, session, request::set_notify_to(&to), Heard::Notify);
        }
        ClubButton::Lobby => {
            club.said = "Asking for the lobby…".into();
            inbox.ask(&server, session, request::lobby(), Heard::Lobby);
        }
        ClubButton::Post => {
            let c = Challenge {
                scenario: Some(table.start.file.clone()),
                hours: HOURS[club.hours % HOURS.len()],
                rated: club.rated,
                ..Challenge::default()
            };
            club.said = format!("Posting a challenge: {}…", table.start.name);
            inbox.ask(&server, session, request::challenge(&c), Heard::Posted);
        }
        ClubButton::Rematch => {
            let Some(chat) = &mine.chat else {
                club.said = "Choose a game (its Chat in My games) first.".into();
                return;
            };
            let r = crate::dispatch::club::Rematch {
                game: chat.game.clone(),
                side: chat.side,
            };
            inbox.ask(&server, session, request::rematch(&r), Heard::Rematched);
        }
        ClubButton::Accept(i) => {
            let Some(p) = club.lobby.get(i) else { return };
            let id = crate::dispatch::club::ChallengeId { id: p.id.clone() };
            club.said = format!("Taking up {}'s challenge…", p.by);
            inbox.ask(&server, session, request::accept(&id), Heard::Accepted);
        }
    }
}

/// A game's chat chosen in My games: its lines asked for.
fn chat_opened(mine: Res<MyGamesHere>, form: Res<OnlineForm>, inbox: Res<Inbox<Heard>>) {
    if !mine.is_changed() {
        return;
    }
    if let Some(chat) = &mine.chat
        && chat.fresh
    {
        let server = base_url(&form.server);
        inbox.ask(
            &server,
            Some(chat.key.clone()),
            crate::dispatch::request::chat(0),
            Heard::Chat,
        );
    }
}

fn heard(
    inbox: Res<Inbox<Heard>>,
    mut club: ResMut<ClubHere>,
    mut mine: ResMut<MyGamesHere>,
    form: Res<OnlineForm>,
) {
    for h in inbox.take() {
        match h {
            Heard::Lobby(Ok(l)) => {
                club.said = match l.len() {
                    0 => "The lobby is empty: post a challenge.".into(),
                    n => crate::rules::words::count(n as u64, "challenge", "challenges"),
                };
                club.lobby = l;
            }
            Heard::Posted(Ok(p)) => {
                club.said = format!("Posted: {}. It waits in the lobby for a taker.", p.battle);
                club.lobby.insert(0, p);
            }
            Heard::Accepted(Ok(g)) => {
                club.said = format!(
                    "The game has begun: you are the {} against the {}. It is in My games.",
                    g.side_name, g.other_side
                );
                club.lobby.clear();
                mine.list.insert(0, g);
            }
            Heard::Chat(Ok(lines)) => {
                if let Some(c) = mine.chat.as_mut() {
                    c.fresh = false;
                }
                club.said = format!(
                    "{} in this game's chat.",
                    crate::rules::words::count(lines.len() as u64, "line", "lines")
                );
                club.chat = lines;
            }
            Heard::Said(Ok(line)) => {
                club.said = "Said.".into();
                club.chat.push(line);
            }
            Heard::Acted(Ok(t)) => {
                club.said = terms_said(&t);
            }
            Heard::Rematched(Ok(p)) => {
                club.said = format!(
                    "A rematch is posted to {}: {}.",
                    p.to.clone().unwrap_or_default(),
                    p.battle
                );
            }
            Heard::Ladder(Ok(l)) => {
                club.said = match l.len() {
                    0 => "No rated game has ended on this server yet.".into(),
                    n => format!(
                        "The ladder: {}.",
                        crate::rules::words::count(n as u64, "player", "players")
                    ),
                };
                club.ladder = l;
            }
            Heard::Notify(Ok(n)) => {
                club.said = match (&n.email, &n.webhook) {
                    (None, None) => "No notifications: type an e-mail address or a webhook.".into(),
                    (e, w) => format!(
                        "Notifications go to {}.",
                        [e.as_deref(), w.as_deref()]
                            .into_iter()
                            .flatten()
                            .collect::<Vec<_>>()
                            .join(" and ")
                    ),
                };
            }
            Heard::Lobby(Err(e))
            | Heard::Notify(Err(e))
            | Heard::Acted(Err(e))
            | Heard::Rematched(Err(e))
            | Heard::Ladder(Err(e))
            | Heard::Posted(Err(e))
            | Heard::Accepted(Err(e))
            | Heard::Chat(Err(e))
            | Heard::Said(Err(e)) => {
                club.said = match e.problem {
                    crate::dispatch::Problem::Unreachable => {
                        format!("No server answered at {}: {}", form.server, e.reason)
                    }
                    _ => format!("The server said no: {}", e.reason),
                };
            }
        }
    }
}

fn challenge_rows(
    mut commands: Commands,
    club: Res<ClubHere>,
    rows: Query<Entity, With<ChallengeRows>>,
) {
    if !club.is_changed() {
        return;
    }
    for r in &rows {
        commands.entity(r).despawn_children();
        commands.entity(r).with_children(|p| {
            for (i, c) in club.lobby.iter().enumerate() {
                p.spawn(widget::row(8.0).wrapping()).with_children(|row| {
                    row.spawn((
                        widget::text_button(
                            ClubButton::Accept(i),
                            "Take up",
                            13.0,
                            UiRect::all(Val::Px(2.0)),
                        ),
                        Name::new(format!("Club:Accept:{i}")),
                        // A finger scrolling the dialog may start on it.
                        crate::client::theme::interaction::OnRelease,
                    ));
                    row.spawn(widget::label_text(challenge_words(c), 13.0));
                });
            }
            for (i, r) in club.ladder.iter().take(20).enumerate() {
                p.spawn(widget::label_text(rung_words(i, r), 13.0));
            }
        });
    }
}

/// What an act's answer says of the game.
pub fn terms_said(t: &Terms) -> String {
    use crate::dispatch::club::EndedBy;
    if let Some(e) = &t.ended {
        return match (e.by, e.winner) {
            (_, None) => "The game ended in a draw.".into(),
            (EndedBy::Resigned, Some(_)) => "You resigned: the game is over.".into(),
            (EndedBy::Time, Some(_)) => "Claimed on time: the game is yours.".into(),
            (_, Some(_)) => "The game is over.".into(),
        };
    }
    match t.draw_offer {
        Some(_) => "A draw is offered: the other side may accept it.".into(),
        None => "No draw stands.".into(),
    }
}

/// One player's line on the ladder.
pub fn rung_words(i: usize, r: &Rung) -> String {
    format!(
        "{}. {} — {:.0} (± {:.0}), {} won, {} lost, {} drawn",
        i + 1,
        r.name,
        r.rating,
        2.0 * r.deviation,
        r.wins,
        r.losses,
        r.draws
    )
}

/// A chat line's words.
pub fn line_words(l: &ChatLine) -> String {
    let to = if l.to_all { "to all" } else { "to their side" };
    format!("{} ({}, {to}): {}", l.author, l.side_name, l.text)
}

fn chat_rows(
    mut commands: Commands,
    club: Res<ClubHere>,
    mine: Res<MyGamesHere>,
    rows: Query<Entity, With<ChatRows>>,
) {
    if !club.is_changed() && !mine.is_changed() {
        return;
    }
    for r in &rows {
        commands.entity(r).despawn_children();
        commands.entity(r).with_children(|p| {
            if let Some(c) = &mine.chat {
                p.spawn(palette::dim_text(
                    format!("Game {}, as the {}:", c.game, c.side_name),
                    13.0,
                ));
            }
            // The last dozen lines: the dialog is no place to read a long chat.
            let from = club.chat.len().saturating_sub(12);
            for l in &club.chat[from..] {
                p.spawn((
                    widget::label_text(line_words(l), 13.0),
                    Name::new("Club:ChatLine"),
                ));
            }
        });
    }
}

fn show(
    club: Res<ClubHere>,
    mut said: Query<&mut Text, (With<Said>, Without<TermsWords>)>,
    mut terms: Query<&mut Text, (With<TermsWords>, Without<Said>)>,
) {
    if !club.is_changed() {
        return;
    }
    for mut t in &mut said {
        t.0.clone_from(&club.said);
    }
    for mut t in &mut terms {
        t.0 = terms_words(&club);
    }
}
