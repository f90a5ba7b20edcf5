//! Playing online: the window's orders go to the referee server instead of its own
//! simulation, and what the server decided comes back as the same outcome messages and the
//! state after them; a bar says whose turn it is and that the game is online.

use bevy::prelude::*;
use serde_json::json;

use super::line::{Heard, Line};
use crate::dispatch::{GameState, Problem, Replay};
use crate::rules::order::Order;
use crate::rules::unit::Side;
use crate::sim::outcome;
use crate::sim::{GiveOrder, OrdersElsewhere};

/// The seat this window plays, and the game as the server last told it.
#[derive(Resource, Debug, Clone, Default)]
pub struct Online {
    pub server: String,
    pub game: String,
    pub you: Side,
    pub you_name: String,
    /// The side to act, by name.
    pub side_name: String,
    /// Orders the server has taken.
    pub seq: i64,
    pub your_turn: bool,
    pub over: bool,
    /// What the bar says beyond whose turn it is: an order on its way, a refusal, the line.
    pub status: String,
    /// The line is down.
    pub lost: bool,
    /// Every order taken that the seat knows, in order (the local log a save or undo reads;
    /// under fog of war the other side's orders are not told).
    pub orders: Vec<Order>,
    /// The seat's invite (or key), for the requests beside its orders (a team game's roster).
    pub invite: String,
    /// The game's terms at the club, as last heard (its deadline, a draw offered, its end).
    pub terms: crate::dispatch::club::Terms,
}

/// What a window joining a game was told: the game with its board as the seat's side knows
/// it, and the orders since the seat's last turn, offered as a replay.
#[derive(Debug, Clone)]
pub struct Arrival {
    pub state: GameState,
    pub replay: Option<Replay>,
}

impl Online {
    /// The seat as a join's first answer (`GET /api/game?snapshot=true`) describes it.
    pub fn from_state(server: &str, state: &GameState) -> Online {
        let mut o = Online {
            server: server.to_owned(),
            ..default()
        };
        o.take_state(state);
        o.seq = state.seq;
        o
    }

    fn take_state(&mut self, s: &GameState) {
        self.game = s.game.clone();
        self.you = s.you;
        self.you_name = s.you_name.clone();
        self.side_name = s.side_name.clone();
        // Not `seq`: the state may be read after an order the records have not brought yet
        // (the next poll brings it); counting it as heard would skip that order's outcomes.
        self.your_turn = s.your_turn;
        self.over = s.over;
        if let Some(t) = &s.terms {
            self.terms = t.clone();
        }
    }

    /// The bar's words.
    pub fn bar(&self) -> String {
        let whose = if self.over {
            "the game is over".to_owned()
        } else if self.your_turn {
            format!("your turn ({})", self.you_name)
        } else {
            format!("waiting for the {}", self.side_name)
        };
        let mut s = format!("Online | game {} | {whose}", self.game);
        s.push_str(&club_words(&self.terms, self.you.0, now()));
        if !self.status.is_empty() {
            s.push_str(" - ");
            s.push_str(&self.status);
        }
        s
    }
}

/// Seconds since 1970 by this machine's (or the page's) clock.
fn now() -> i64 {
    #[cfg(target_arch = "wasm32")]
    return (js_sys::Date::now() / 1000.0) as i64;
    #[cfg(not(target_arch = "wasm32"))]
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

/// What the bar adds of the game's terms: its deadline, a draw offered, how it ended at the
/// club (a resignation, a claim on time, a draw agreed).
pub fn club_words(t: &crate::dispatch::club::Terms, you: u8, now: i64) -> String {
    use crate::dispatch::club::EndedBy;
    if let Some(e) = &t.ended {
        return match (e.by, e.winner) {
            (EndedBy::Battle, _) => String::new(),
            (_, None) => " | a draw agreed".into(),
            (EndedBy::Resigned, Some(w)) if w == you => " | the enemy resigned".into(),
            (EndedBy::Resigned, Some(_)) => " | you resigned".into(),
            (EndedBy::Time, Some(w)) if w == you => " | won on time".into(),
            (_, Some(_)) => " | lost on time".into(),
        };
    }
    let mut s = String::new();
    if let Some(d) = t.deadline {
        let left = d - now;
        s.push_str(&if left > 0 {
            format!(" | deadline in {} h {} min", left / 3600, left % 3600 / 60)
        } else {
            " | deadline passed".to_string()
        });
    }
    match t.draw_offer {
        Some(side) if side == you => s.push_str(" | you offered a draw"),
        Some(_) => s.push_str(" | a draw is offered (the start dialog's club answers it)"),
        None => {}
    }
    s
}

/// The line to the server.
#[derive(Resource)]
pub struct Wire(pub Line);

/// A window joining a game: the seat and the line, to put into the app before it runs.
pub fn join(app: &mut App, online: Online, line: Line, arrival: Arrival) {
    if let Some(snap) = arrival.state.board() {
        crate::sim::save::restore(app.world_mut(), &snap, &[]);
    }
    if let Some(r) = arrival.replay {
        app.insert_resource(ReplayOnJoin(r));
    }
    app.insert_resource(OrdersElsewhere)
        .insert_resource(crate::client::gate::PresetPlayers([None, None]))
        .insert_resource(crate::client::seen::Seat(online.you))
        .insert_resource(online)
        .insert_resource(Wire(line));
}

/// What the server offered as a replay when the window joined (`GET /api/game/replay`): the
/// orders given since this seat's last turn, their outcomes, and the states between them.
#[derive(Resource, Debug, Clone, Default)]
pub struct ReplayOnJoin(pub Replay);

#[derive(Component)]
struct OnlineBar;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (forward, hear, bar)
            .chain()
            .before(crate::sim::SimSet::Orders)
            .run_if(resource_exists::<Wire>),
    );
}

/// The window's orders go to the server (on the seat's turn), not to its own simulation.
fn forward(
    mut given: MessageReader<GiveOrder>,
    mut online: ResMut<Online>,
    wire: Res<Wire>,
    table: Res<crate::sim::Table>,
) {
    let game = &table.board;
    let name = |id| {
        game.unit(id)
            .map_or_else(|| id.to_string(), |u| u.name.clone())
    };
    for GiveOrder(order) in given.read() {
        if online.over {
            online.status = "the game is over".into();
        } else if !online.your_turn {
            online.status = format!("not your turn: the {} are acting", online.side_name);
        } else {
            online.status = format!("sent: {}", order.describe_with(name));
            wire.0.give(order.clone(), online.seq);
        }
    }
}

/// What the server said since the last frame: new orders' outcomes written as messages (the
/// reports and marks show them), then the state after them.
fn hear(world: &mut World) {
    let heard = world.resource::<Wire>().0.drain();
    for h in heard {
        match h {
            Heard::News { records, state } => {
                let mut online = world.resource::<Online>().clone();
                let mut fresh = false;
                for r in &records {
                    if r.seq <= online.seq {
                        continue;
                    }
                    fresh = true;
                    outcome::write(world, &r.outcomes);
                    online.orders.extend(r.order.clone());
                    online.seq = r.seq;
                    crate::client::trace::line("online", json!({"seq": r.seq, "side": r.side.0}));
                }
                online.take_state(&state);
                if fresh {
                    online.status.clear();
                }
                // Only news changes the board: a wait that ended with none (every 25 s), or
                // an order heard twice (its answer and the poll), leaves the game alone.
                let newest = state.seq >= online.seq;
                if fresh
                    && newest
                    && let Some(snap) = state.board()
                {
                    let orders = online.orders.clone();
                    crate::sim::save::restore(world, &snap, &orders);
                }
                world.insert_resource(online);
            }
            Heard::Refused(r) => {
                // A refusal by the rules comes with their reasons, shown as a local one is.
                outcome::write(world, &r.outcomes);
                let mut online = world.resource_mut::<Online>();
                online.status = match r.problem {
                    Problem::Unreachable => format!("not sent: {}", r.reason),
                    // Another order came first: the line's news brings it, then this one may
                    // be given again.
                    Problem::OutOfOrder => format!("not taken, the game moved on: {}", r.reason),
                    _ => format!("refused: {}", r.reason),
                };
                crate::client::trace::line(
                    "online_refused",
                    json!({"status": r.status, "error": r.problem, "reason": r.reason}),
                );
            }
            Heard::Condition(words) => {
                let mut online = world.resource_mut::<Online>();
                online.lost = !words.is_empty();
                online.status = words;
            }
        }
    }
}

/// In the top bar, after the battle's items: online, whose turn, what became of the last order.
fn bar(
    mut commands: Commands,
    online: Res<Online>,
    mut text: Query<&mut Text, With<OnlineBar>>,
    regions: Query<(Entity, &crate::client::theme::regions::Region)>,
    mut made: Local<bool>,
) {
    if !*made {
        let Some(top) = crate::client::theme::regions::find(
            &regions,
            crate::client::theme::regions::Region::TopBar,
        ) else {
            return;
        };
        *made = true;
        let item = commands
            .spawn((
                Node {
                    padding: UiRect::axes(Val::Px(8.0), Val::Px(0.0)),
                    ..default()
                },
                BackgroundColor(Color::srgba(0.05, 0.05, 0.1, 0.85)),
            ))
            .with_child((
                Text::new(online.bar()),
                TextFont {
                    font_size: FontSize::Px(15.0),
                    ..default()
                },
                TextColor(Color::srgb(0.95, 0.9, 0.7)),
                OnlineBar,
            ))
            .id();
        commands.entity(top).add_child(item);
        return;
    }
    if online.is_changed() {
        for mut t in &mut text {
            t.0 = online.bar();
        }
    }
}

/// Joins the game of `invite` at `url`: the scenario and the seat, ready for `run_seat`.
#[cfg(not(target_arch = "wasm32"))]
pub fn connect(
    url: &str,
    invite: &str,
) -> Result<(crate::rules::scenario::Scenario, crate::client::Joined), String> {
    let seat = crate::remote::Seat::new(url, Some(invite));
    let sc = seat.scenario().map_err(|e| e.to_string())?;
    let scenario =
        crate::rules::scenario::parse(&sc.file, &sc.source).map_err(|e| e.to_string())?;
    let state = seat.full_state().map_err(|e| e.to_string())?;
    // The orders given since this seat's last turn, offered as a replay (none: nothing offered).
    let replay = seat.replay().ok();
    let base = crate::remote::base_url(url);
    let line = Line::open(&base, invite, state.seq);
    let mut online = Online::from_state(&base, &state);
    online.invite = invite.to_owned();
    Ok((scenario, (online, line, Arrival { state, replay })))
}

/// In the browser: joins the game of `invite` on the server that served the page, then opens
/// the window on it (the page cannot wait, so this runs when the answers come).
#[cfg(target_arch = "wasm32")]
pub fn connect_in_page(
    invite: String,
    screenshot: Option<String>,
    script: crate::client::StartupOrders,
) {
    use super::line::send;
    use crate::dispatch::request;
    wasm_bindgen_futures::spawn_local(async move {
        let base = web_sys::window()
            .and_then(|w| w.location().origin().ok())
            .unwrap_or_default();
        let seat = Some(invite.as_str());
        let joined = async {
            let sc = send(&base, seat, request::scenario())
                .await
                .map_err(|e| e.to_string())?;
            let scenario =
                crate::rules::scenario::parse(&sc.file, &sc.source).map_err(|e| e.to_string())?;
            let state = send(&base, seat, request::state(true))
                .await
                .map_err(|e| e.to_string())?;
            let replay = send(&base, seat, request::replay()).await.ok();
            Ok::<_, String>((scenario, Arrival { state, replay }))
        }
        .await;
        match joined {
            Ok((scenario, arrival)) => {
                let line = Line::open(&base, &invite, arrival.state.seq);
                let mut online = Online::from_state(&base, &arrival.state);
                online.invite = invite.clone();
                crate::client::run_seat(
                    scenario,
                    screenshot,
                    script,
                    None,
                    None,
                    Some((online, line, arrival)),
                );
            }
            Err(e) => {
                error!("bayonet: cannot join the game: {e}");
                crate::client::trace::line("online_failed", json!({"reason": e}));
            }
        }
    });
}
