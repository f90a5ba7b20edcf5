//! The start dialog's "From the server" section (issue 61, item 5): the scenarios players have
//! shared on the server typed above, each with its author and size, and a button that makes a
//! game of it there (its invites fill the online section); and "Share this battle", which sends
//! the battle on the table to the server under the player's name.

use bevy::prelude::*;

use super::online_dialog::{OnlineForm, answered, base_url};
use super::start::DialogBody;
use crate::client::theme::interaction::Pressed;
use crate::client::theme::palette;
use crate::client::theme::widget::{self, Layout};
use crate::dispatch::{Created, Refusal, Shared};

/// The section's buttons.
#[derive(Component, Clone, Copy, PartialEq, Eq, Debug)]
pub enum SharedButton {
    /// Ask the server for its shared scenarios.
    List,
    /// Send the battle on the table.
    Share,
    /// A game on the listed scenario `i`.
    Play(usize),
}

/// What the server has shared, as last heard, and what the section says.
#[derive(Resource, Debug, Clone, Default)]
pub struct SharedHere {
    pub list: Vec<Shared>,
    pub said: String,
}

#[derive(Component)]
struct Rows;

#[derive(Component)]
struct Said;

/// A server's answer, come back (in the browser a few frames after the asking).
enum Heard {
    List(Result<Vec<Shared>, Refusal>),
    Shared(Result<Shared, Refusal>),
    Made(Result<Created, Refusal>),
}

#[cfg(target_arch = "wasm32")]
thread_local! {
    static HEARD: std::cell::RefCell<Vec<Heard>> = const { std::cell::RefCell::new(Vec::new()) };
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<SharedHere>()
        .add_observer(press)
        .add_systems(
            Update,
            (
                section.after(super::my_games_dialog::section),
                heard,
                rows,
                show,
            )
                .chain(),
        );
}

/// Adds the section to the dialog when it opens (after the online section); not to a
/// campaign's screen, whose battle is the campaign's.
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
                "From the server: battles players have shared",
                16.0,
            ));
            p.spawn(widget::row(0.0).wrapping()).with_children(|r| {
                r.spawn(widget::text_button(
                    SharedButton::List,
                    "Show what is shared",
                    14.0,
                    UiRect::all(Val::Px(3.0)),
                ));
                r.spawn(widget::text_button(
                    SharedButton::Share,
                    "Share this battle",
                    14.0,
                    UiRect::all(Val::Px(3.0)),
                ));
            });
            p.spawn((Rows, widget::column(2.0)));
            p.spawn((Said, palette::dim_text(String::new(), 13.0)));
        });
    }
}

/// Sends `req` to the server; its answer comes back through `heard`.
fn ask<T: serde::de::DeserializeOwned + 'static>(
    server: &str,
    req: crate::dispatch::request::Request<T>,
    wrap: fn(Result<T, Refusal>) -> Heard,
    here: &mut SharedHere,
) {
    #[cfg(not(target_arch = "wasm32"))]
    take(
        here,
        None,
        wrap(crate::remote::Seat::new(server, None).send(req)),
    );
    #[cfg(target_arch = "wasm32")]
    {
        let _ = &here;
        let server = server.to_owned();
        wasm_bindgen_futures::spawn_local(async move {
            let r = crate::client::online::line::send(&server, None, req).await;
            HEARD.with(|h| h.borrow_mut().push(wrap(r)));
        });
    }
}

fn press(
    pressed: On<Pressed>,
    q: Query<&SharedButton>,
    mut here: ResMut<SharedHere>,
    mut form: ResMut<OnlineForm>,
    table: Res<crate::sim::Table>,
) {
    let Ok(b) = q.get(pressed.entity) else { return };
    let server = base_url(&form.server);
    match *b {
        SharedButton::List => {
            here.said = format!("Asking {server}…");
            ask(
                &server,
                crate::dispatch::request::shared(),
                Heard::List,
                &mut here,
            );
        }
        SharedButton::Share => {
            if form.author.trim().is_empty() {
                here.said = "Type your name first (Your name, above): the server lists it.".into();
                form.focus = Some(super::online_dialog::Entry::Author);
                return;
            }
            let s = &table.start;
            let file = std::path::Path::new(&s.file)
                .file_name()
                .map_or("battle.ron".into(), |n| n.to_string_lossy().to_string());
            let up = crate::dispatch::SharedUpload {
                author: form.author.trim().to_owned(),
                file,
                source: s.source.clone(),
            };
            here.said = format!("Sending \"{}\" to {server}…", s.name);
            ask(
                &server,
                crate::dispatch::request::share(&up),
                Heard::Shared,
                &mut here,
            );
        }
        SharedButton::Play(i) => {
            let Some(s) = here.list.get(i) else { return };
            let new = crate::dispatch::NewGame {
                shared: Some(s.id.clone()),
                ..Default::default()
            };
            form.said = format!("Making a game of \"{}\" on {server}…", s.name);
            let req = crate::dispatch::request::create(&new);
            #[cfg(not(target_arch = "wasm32"))]
            take(
                &mut here,
                Some(&mut form),
                Heard::Made(crate::remote::Seat::new(&server, None).send(req)),
            );
            #[cfg(target_arch = "wasm32")]
            ask(&server, req, Heard::Made, &mut here);
        }
    }
}

/// An answer taken in: the list, a scenario shared, a game made.
fn take(here: &mut SharedHere, form: Option<&mut OnlineForm>, h: Heard) {
    match h {
        Heard::List(Ok(list)) => {
            here.said = match list.len() {
                0 => "Nothing is shared on this server yet.".into(),
                n => format!(
                    "{} shared on the server, newest first.",
                    crate::rules::words::count(n as u64, "battle", "battles")
                ),
            };
            here.list = list;
        }
        Heard::Shared(Ok(s)) => {
            here.said = format!("Shared: \"{}\" by {} (its id: {}).", s.name, s.author, s.id);
            here.list.insert(0, s);
        }
        Heard::List(Err(e)) | Heard::Shared(Err(e)) => {
            here.said = format!("The server said no: {e}");
        }
        Heard::Made(r) => {
            if let Some(f) = form {
                answered(f, r);
            }
        }
    }
}

/// Answers come back in the browser a few frames later.
fn heard(mut here: ResMut<SharedHere>, mut form: ResMut<OnlineForm>) {
    #[cfg(target_arch = "wasm32")]
    for h in HEARD.with(|h| std::mem::take(&mut *h.borrow_mut())) {
        take(&mut here, Some(&mut form), h);
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = (&mut here, &mut form);
}

/// The list's rows, redrawn when it changes: each shared battle with its author and size, and
/// its button.
fn rows(mut commands: Commands, here: Res<SharedHere>, rows: Query<Entity, With<Rows>>) {
    if !here.is_changed() {
        return;
    }
    for r in &rows {
        commands.entity(r).despawn_children();
        commands.entity(r).with_children(|p| {
            for (i, s) in here.list.iter().enumerate() {
                p.spawn(widget::row(8.0).wrapping()).with_children(|row| {
                    row.spawn(widget::text_button(
                        SharedButton::Play(i),
                        "Play it online",
                        13.0,
                        UiRect::all(Val::Px(2.0)),
                    ));
                    row.spawn(widget::label_text(
                        format!(
                            "{} — by {}, {} units, {} turns, {}×{} hexes (from the server)",
                            s.name, s.author, s.units, s.turns, s.width, s.height
                        ),
                        13.0,
                    ));
                });
            }
        });
    }
}

fn show(here: Res<SharedHere>, mut said: Query<&mut Text, With<Said>>) {
    if !here.is_changed() {
        return;
    }
    for mut t in &mut said {
        t.0.clone_from(&here.said);
    }
}
