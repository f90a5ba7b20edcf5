//! The start dialog's "Play online" section: a server's address and an invite, typed in (or
//! carried by the page's address); Join opens the window as that seat, New game makes a game
//! of this scenario on the server and fills in the first side's invite (the other is shown,
//! to send to the opponent).

use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;

use super::start::DialogBody;
use crate::client::theme::interaction::Pressed;
use crate::client::theme::widget::{self, Layout};

/// A text field of the section, and what it holds.
#[derive(Component, Clone, Copy, PartialEq, Eq, Debug)]
pub enum Entry {
    Server,
    Invite,
    /// The name a shared scenario goes under, and the account's name (issue 62).
    Author,
    /// The account's password: shown as dots, never kept beyond the window.
    Password,
    /// A line to say in a game's chat (the club section).
    Say,
    /// Where the account's notifications go: an e-mail address, a webhook.
    Email,
    Webhook,
}

/// The section's buttons.
#[derive(Component, Clone, Copy, PartialEq, Eq, Debug)]
pub enum OnlineButton {
    Entry(Entry),
    Join,
    NewGame,
}

/// What the fields hold, which one takes typing, and what the section says.
#[derive(Resource, Debug, Clone)]
pub struct OnlineForm {
    pub server: String,
    pub invite: String,
    pub author: String,
    pub password: String,
    pub say: String,
    pub email: String,
    pub webhook: String,
    pub focus: Option<Entry>,
    pub said: String,
}

impl Default for OnlineForm {
    fn default() -> Self {
        // In the browser the server is the page's own (it serves the game, `--site`).
        #[cfg(target_arch = "wasm32")]
        let server = web_sys::window()
            .and_then(|w| w.location().origin().ok())
            .unwrap_or_default();
        #[cfg(not(target_arch = "wasm32"))]
        let server = "http://127.0.0.1:7878".to_owned();
        OnlineForm {
            server,
            invite: String::new(),
            author: String::new(),
            password: String::new(),
            say: String::new(),
            email: String::new(),
            webhook: String::new(),
            focus: None,
            said: "Join a game with its invite, or make a new one on the server.".into(),
        }
    }
}

#[derive(Component)]
struct FieldText(Entry);

/// A field to tap and type into, named for a test's tap (`Online:Say`).
pub(crate) fn field(r: &mut ChildSpawnerCommands, f: Entry) {
    r.spawn((
        widget::button(OnlineButton::Entry(f), UiRect::all(Val::Px(3.0))),
        Name::new(format!("Online:{f:?}")),
    ))
    .with_child((widget::label_text(String::new(), 16.0), FieldText(f)));
}

/// A server's address as typed: `host:port` or a URL, without a trailing slash.
pub(crate) fn base_url(typed: &str) -> String {
    let u = typed.trim().trim_end_matches('/');
    if u.starts_with("http://") || u.starts_with("https://") {
        u.to_owned()
    } else {
        format!("http://{u}")
    }
}

#[derive(Component)]
struct Said;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<OnlineForm>()
        .add_observer(press)
        .add_systems(Update, (section, typing, heard, show).chain());
}

/// Adds the section to the dialog when it opens.
pub(crate) fn section(
    mut commands: Commands,
    dialogs: Query<Entity, Added<DialogBody>>,
    form: Res<OnlineForm>,
    campaign: Option<Res<super::campaign::UnderWay>>,
) {
    // A campaign's battle is played here, its losses carried on: not online.
    if campaign.is_some() {
        return;
    }
    for d in &dialogs {
        let text = |t: String| widget::label_text(t, 16.0);
        let button = |b: OnlineButton| widget::button(b, UiRect::all(Val::Px(3.0)));
        let row = || widget::row(0.0).wrapping();
        commands.entity(d).with_children(|p| {
            p.spawn(text(
                "Play online (a referee server holds the game and its dice)".into(),
            ));
            for (f, name) in [
                (Entry::Server, "Server"),
                (Entry::Invite, "Invite"),
                (
                    Entry::Author,
                    "Your name (to share a battle, or your account's)",
                ),
                (Entry::Password, "Password (your account's)"),
            ] {
                p.spawn(row()).with_children(|r| {
                    r.spawn(text(format!("{name}:")));
                    field(r, f);
                });
            }
            p.spawn(row()).with_children(|r| {
                // The page goes when it is pressed: on the finger's lifting, not its touch.
                r.spawn((
                    button(OnlineButton::Join),
                    crate::client::theme::interaction::OnRelease,
                ))
                .with_child(text("Join".into()));
                r.spawn(button(OnlineButton::NewGame))
                    .with_child(text("New game on the server".into()));
            });
            p.spawn((text(form.said.clone()), Said));
        });
    }
}

fn press(
    pressed: On<Pressed>,
    q: Query<&OnlineButton>,
    mut form: ResMut<OnlineForm>,
    table: Res<crate::sim::Table>,
    draft: Option<Res<super::start::Draft>>,
    mut exit: MessageWriter<AppExit>,
) {
    if let Ok(b) = q.get(pressed.entity) {
        match *b {
            OnlineButton::Entry(f) => form.focus = Some(f),
            OnlineButton::Join => {
                if form.invite.trim().is_empty() {
                    form.said = "Type the invite first (or open its link).".into();
                    return;
                }
                join(&mut form, &mut exit);
            }
            OnlineButton::NewGame => {
                // The dialog's rules and Parameter Data are the new game's.
                let params = draft.as_ref().map(|d| d.0.clone());
                new_game(&mut form, &table.start, params)
            }
        }
    }
}

/// Opens the seat: the page goes to the invite's link; the desktop opens a window on it and
/// closes this one.
pub(crate) fn join(form: &mut OnlineForm, exit: &mut MessageWriter<AppExit>) {
    let (server, invite) = (base_url(&form.server), form.invite.trim().to_owned());
    #[cfg(target_arch = "wasm32")]
    {
        let _ = exit;
        if let Some(w) = web_sys::window() {
            let l = w.location();
            let _ = l.assign(&format!("{server}/#invite={invite}"));
            // On the server's own page only the fragment changed, which does not load the page
            // again: the game reads its invite when it starts, so start it again.
            if l.origin().ok().as_deref() == Some(server.as_str()) {
                let _ = l.reload();
            }
        }
    }
    #[cfg(not(target_arch = "wasm32"))]
    match std::env::current_exe().and_then(|exe| {
        std::process::Command::new(exe)
            .args(["join", &server, &invite])
            .spawn()
    }) {
        Ok(_) => {
            exit.write(AppExit::Success);
        }
        Err(e) => form.said = format!("Cannot open the game: {e}"),
    }
}

/// Makes a game of this scenario on the server; its invites fill the section.
fn new_game(
    form: &mut OnlineForm,
    scenario: &crate::rules::scenario::Scenario,
    params: Option<crate::rules::params::Parameters>,
) {
    let server = base_url(&form.server);
    let params = params.filter(|p| *p != scenario.params);
    let body = crate::dispatch::NewGame {
        scenario: None,
        scenario_file: Some(scenario.file.clone()),
        scenario_source: Some(scenario.source.clone()),
        parameters: params.map(Box::new),
        shared: None,
        teams: None,
    };
    form.said = format!("Making a game on {server}…");
    let made = crate::dispatch::request::create(&body);
    #[cfg(not(target_arch = "wasm32"))]
    answered(form, crate::remote::Seat::new(&server, None).send(made));
    #[cfg(target_arch = "wasm32")]
    wasm_bindgen_futures::spawn_local(async move {
        let r = crate::client::online::line::send(&server, None, made).await;
        MADE.with(|m| *m.borrow_mut() = Some(r));
    });
}

#[cfg(target_arch = "wasm32")]
thread_local! {
    static MADE: std::cell::RefCell<Option<Result<crate::dispatch::Created, crate::dispatch::Refusal>>> =
        const { std::cell::RefCell::new(None) };
}

/// A new game's answer (in the browser it comes a few frames later).
fn heard(mut form: ResMut<OnlineForm>) {
    #[cfg(target_arch = "wasm32")]
    if let Some(r) = MADE.with(|m| m.borrow_mut().take()) {
        answered(&mut form, r);
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = &mut form;
}

pub(crate) fn answered(
    form: &mut OnlineForm,
    made: Result<crate::dispatch::Created, crate::dispatch::Refusal>,
) {
    match made {
        Ok(v) => {
            let side = |n: usize| {
                v.sides
                    .get(n)
                    .map_or_else(Default::default, |s| (s.name.clone(), s.invite.clone()))
            };
            let ((mine, my_invite), (theirs, their_invite)) = (side(0), side(1));
            info!("bayonet: new game; the {theirs}' invite: {their_invite}");
            form.invite = my_invite;
            form.said = format!(
                "Game made: you play the {mine} (Join). Send the {theirs}' invite to your opponent:\n{their_invite}"
            );
        }
        Err(e) => {
            form.said = match e.problem {
                crate::dispatch::Problem::NoCreateKey => format!(
                    "This server makes games only for who has its key; ask its host, or make the game there with `bayonet remote new --key`. ({})",
                    e.reason
                ),
                crate::dispatch::Problem::Unreachable => {
                    format!("No server answered at {}: {}", form.server, e.reason)
                }
                _ => format!("The server did not make the game: {e}"),
            }
        }
    }
}

/// Typing into the focused field: characters, Backspace, Escape to leave it.
fn typing(mut keys: MessageReader<KeyboardInput>, mut form: ResMut<OnlineForm>) {
    for k in keys.read() {
        if !k.state.is_pressed() {
            continue;
        }
        let Some(f) = form.focus else { continue };
        let text = match f {
            Entry::Server => &mut form.server,
            Entry::Invite => &mut form.invite,
            Entry::Author => &mut form.author,
            Entry::Password => &mut form.password,
            Entry::Say => &mut form.say,
            Entry::Email => &mut form.email,
            Entry::Webhook => &mut form.webhook,
        };
        match &k.logical_key {
            Key::Backspace => {
                text.pop();
            }
            Key::Escape | Key::Enter => form.focus = None,
            Key::Character(c) if text.len() < 256 => {
                text.extend(c.chars().filter(|c| !c.is_control()));
            }
            // A name has spaces ("Col. Strong Vincent"): the space bar is a key of its own.
            Key::Space if text.len() < 256 => text.push(' '),
            _ => {}
        }
    }
}

fn show(
    form: Res<OnlineForm>,
    mut fields: Query<(&mut Text, &FieldText), Without<Said>>,
    mut said: Query<&mut Text, With<Said>>,
) {
    for (mut t, f) in &mut fields {
        let dots;
        let v = match f.0 {
            Entry::Server => &form.server,
            Entry::Invite => &form.invite,
            Entry::Author => &form.author,
            Entry::Say => &form.say,
            Entry::Email => &form.email,
            Entry::Webhook => &form.webhook,
            // Never the password itself on the screen.
            Entry::Password => {
                dots = "•".repeat(form.password.chars().count());
                &dots
            }
        };
        let focused = form.focus == Some(f.0);
        let shown = if v.is_empty() && !focused {
            "(tap to type)".to_owned()
        } else if focused {
            format!("{v}|")
        } else {
            v.clone()
        };
        if t.0 != shown {
            t.0 = shown;
        }
    }
    for mut t in &mut said {
        if t.0 != form.said {
            t.0 = form.said.clone();
        }
    }
}
