//! A team game's end (issue 62, item 6): the end screen and the battle's log credit each seat
//! — its command, who held it, its men at the start and at the end — as the server's roster
//! tells them once the battle is over.

use bevy::prelude::*;

use super::asking::Inbox;
use super::end_screen::EndScreen;
use crate::client::online::seat::Online;
use crate::dispatch::Refusal;
use crate::dispatch::club::TeamSeat;

/// The roster, come back.
struct Heard(Result<Vec<TeamSeat>, Refusal>);

/// Whether the roster was asked for.
#[derive(Resource, Default)]
struct Asked(bool);

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Inbox<Heard>>()
        .init_resource::<Asked>()
        .add_systems(Update, (ask, heard).chain());
}

/// Asks once, when the end screen opens in an online game.
fn ask(
    screen: Res<EndScreen>,
    online: Option<Res<Online>>,
    mut asked: ResMut<Asked>,
    inbox: Res<Inbox<Heard>>,
) {
    let Some(o) = online else { return };
    if asked.0 || !screen.open || screen.lines.is_empty() || o.invite.is_empty() {
        return;
    }
    asked.0 = true;
    inbox.ask(
        &o.server,
        Some(o.invite.clone()),
        crate::dispatch::request::team(),
        |r| Heard(r),
    );
}

/// Each seat's lines, after the result (a game of one seat a side has no roster: nothing).
pub fn credit_lines(seats: &[TeamSeat], sides: &[String; 2]) -> Vec<String> {
    if seats.is_empty() {
        return Vec::new();
    }
    let mut out = vec![String::new(), "Each seat's part:".to_string()];
    for s in seats {
        let who = s.commander.clone().unwrap_or_else(|| "a guest".into());
        let men = match (s.men_at_start, s.men_now) {
            (Some(a), Some(n)) => format!(": {a} men at the start, {n} at the end"),
            _ => String::new(),
        };
        out.push(format!(
            "  the {}, seat {} ({}), {who}{men}",
            sides[s.side as usize & 1],
            s.seat + 1,
            s.command.join(", ")
        ));
    }
    out
}

/// The credit goes on the end screen and, kept, at the end of the battle's log.
fn heard(
    inbox: Res<Inbox<Heard>>,
    mut screen: ResMut<EndScreen>,
    mut log: Option<ResMut<crate::client::reports::report::Report>>,
    table: Res<crate::sim::Table>,
) {
    for Heard(r) in inbox.take() {
        if let Ok(seats) = r {
            let sides = [0, 1].map(|s| {
                table
                    .start
                    .side_name(crate::rules::unit::Side(s))
                    .to_owned()
            });
            let lines = credit_lines(&seats, &sides);
            if let Some(log) = log.as_mut() {
                for l in lines.iter().filter(|l| !l.is_empty()) {
                    log.add(l.trim_start().to_owned());
                }
            }
            screen.lines.extend(lines);
        }
    }
}
