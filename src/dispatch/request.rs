//! The one seat client, apart from how its requests travel: each request names its route, query
//! and body, and reads its own answer into its type or a `Refusal`. The desktop's blocking HTTP
//! (`remote::Seat`) and the browser's `fetch` (`client::line`) are two transports that only
//! carry the bytes.

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::problem::Problem;
use super::route::Route;
use super::{
    Created, GameState, NewGame, News, OrderGiven, OrderTaken, Replay, ScenarioText, Since,
};
use crate::rules::event::Outcome;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    Get,
    Post,
    Delete,
}

impl Method {
    pub fn name(self) -> &'static str {
        match self {
            Method::Get => "GET",
            Method::Post => "POST",
            Method::Delete => "DELETE",
        }
    }
}

/// One request, and how its answer reads.
pub struct Request<T> {
    pub method: Method,
    pub route: Route,
    /// Without the `?`; empty for none.
    pub query: String,
    /// JSON, for a `POST`.
    pub body: Option<String>,
    /// An answer's text read as `T`; only JSON can fail to read.
    read: fn(&str) -> Result<T, serde_json::Error>,
}

impl<T> Request<T> {
    /// The path and query to ask.
    pub fn path(&self) -> String {
        if self.query.is_empty() {
            self.route.path().to_owned()
        } else {
            format!("{}?{}", self.route.path(), self.query)
        }
    }

    /// The answer `status`, `text` as this request's type, or the refusal it is.
    pub fn answer(&self, status: u16, text: &str) -> Result<T, Refusal> {
        if !(200..300).contains(&status) {
            return Err(Refusal::of_answer(status, text));
        }
        (self.read)(text).map_err(|e| Refusal {
            status,
            problem: Problem::Unreadable,
            reason: format!("{}: the server's answer does not read: {e}", self.path()),
            outcomes: Vec::new(),
        })
    }
}

fn json<T: DeserializeOwned>(text: &str) -> Result<T, serde_json::Error> {
    serde_json::from_str(text)
}

fn text(t: &str) -> Result<String, serde_json::Error> {
    Ok(t.to_owned())
}

fn get<T: DeserializeOwned>(route: Route, query: String) -> Request<T> {
    Request {
        method: Method::Get,
        route,
        query,
        body: None,
        read: json::<T>,
    }
}

fn post<T: DeserializeOwned>(route: Route, body: &impl Serialize) -> Request<T> {
    Request {
        method: Method::Post,
        route,
        query: String::new(),
        body: Some(serde_json::to_string(body).unwrap_or_default()),
        read: json::<T>,
    }
}

/// A new game; the answer names each side's invite.
pub fn create(new: &NewGame) -> Request<Created> {
    post(Route::Games, new)
}

/// The game as the seat sees it now, with the board as its side knows it if `snapshot`.
pub fn state(snapshot: bool) -> Request<GameState> {
    let query = if snapshot { "snapshot=true" } else { "" };
    get(Route::Game, query.to_owned())
}

/// The scenario's file name and text.
pub fn scenario() -> Request<ScenarioText> {
    get(Route::Scenario, String::new())
}

/// The orders given since the seat's side last gave one, with the boards between them.
pub fn replay() -> Request<Replay> {
    get(Route::Replay, String::new())
}

/// An order given.
pub fn order(given: &OrderGiven) -> Request<OrderTaken> {
    post(Route::Orders, given)
}

/// The orders since `since.after`, waiting for them as `since` says.
pub fn events(since: &Since) -> Request<News> {
    get(Route::Events, since.query())
}

/// A scenario shared on the server; the answer is how the server lists it.
pub fn share(upload: &super::SharedUpload) -> Request<super::Shared> {
    post(Route::Shared, upload)
}

/// The scenarios shared on the server, newest first.
pub fn shared() -> Request<Vec<super::Shared>> {
    get(Route::Shared, String::new())
}

/// One shared scenario, whole.
pub fn shared_one(id: &str) -> Request<super::SharedText> {
    let query = form_urlencoded::Serializer::new(String::new())
        .append_pair("id", id)
        .finish();
    get(Route::SharedOne, query)
}

/// An account registered (issue 62).
pub fn register(c: &super::account::Credentials) -> Request<super::account::Account> {
    post(Route::Accounts, c)
}

/// Signed in: a session, whose token the seat then sends as its bearer.
pub fn sign_in(c: &super::account::Credentials) -> Request<super::account::Session> {
    post(Route::Sessions, c)
}

/// The signed-in account.
pub fn account() -> Request<super::account::Account> {
    get(Route::Account, String::new())
}

/// Signed out: this session, or every one of the account's.
pub fn sign_out(everywhere: bool) -> Request<super::account::SignedOut> {
    let query = if everywhere { "everywhere=true" } else { "" };
    Request {
        method: Method::Delete,
        ..get(Route::Sessions, query.to_owned())
    }
}

/// The password changed; the account's other sessions end.
pub fn change_password(p: &super::account::PasswordChange) -> Request<super::account::SignedOut> {
    post(Route::Password, p)
}

/// The account deleted, with its sessions.
pub fn delete_account(d: &super::account::Deletion) -> Request<super::account::SignedOut> {
    post(Route::DeleteAccount, d)
}

/// A guest's seat claimed by the signed-in account, with its invite.
pub fn claim(c: &super::account::Claim) -> Request<super::account::MyGame> {
    post(Route::Claim, c)
}

/// The signed-in account's games, its turn first.
pub fn my_games() -> Request<Vec<super::account::MyGame>> {
    get(Route::MyGames, String::new())
}

/// A key to one of the account's seats, used after as its invite.
pub fn seat_key(ask: &super::account::SeatAsk) -> Request<super::account::SeatKey> {
    post(Route::SeatKey, ask)
}

/// The challenges open to the signed-in player, and his own (issue 62).
pub fn lobby() -> Request<Vec<super::club::Posted>> {
    get(Route::Lobby, String::new())
}

/// A challenge posted to the lobby.
pub fn challenge(c: &super::club::Challenge) -> Request<super::club::Posted> {
    post(Route::Lobby, c)
}

/// A challenge taken up: the game it began, as "my games" lists it.
pub fn accept(id: &super::club::ChallengeId) -> Request<super::account::MyGame> {
    post(Route::Accept, id)
}

/// The player's own challenge withdrawn.
pub fn withdraw(id: &super::club::ChallengeId) -> Request<super::club::ChallengeId> {
    post(Route::Withdraw, id)
}

/// A game again, the sides exchanged: a challenge to the same opponent.
pub fn rematch(r: &super::club::Rematch) -> Request<super::club::Posted> {
    post(Route::Rematch, r)
}

/// The seat's game's terms.
pub fn terms() -> Request<super::club::Terms> {
    get(Route::Act, String::new())
}

/// The seat resigns, offers, accepts or declines a draw, or claims the game on time.
pub fn act(a: super::club::Act) -> Request<super::club::Terms> {
    post(Route::Act, &super::club::ActAsk { act: a })
}

/// The chat lines the seat's side may read, after line `after`.
pub fn chat(after: i64) -> Request<Vec<super::club::ChatLine>> {
    get(Route::Chat, format!("after={after}"))
}

/// A chat line said.
pub fn say(s: &super::club::Say) -> Request<super::club::ChatLine> {
    post(Route::Chat, s)
}

/// Where the signed-in player's notifications go.
pub fn notify_to() -> Request<super::club::NotifyTo> {
    get(Route::Notify, String::new())
}

/// Where they go from now on.
pub fn set_notify_to(n: &super::club::NotifyTo) -> Request<super::club::NotifyTo> {
    post(Route::Notify, n)
}

/// A team game's seats, as the seat's side may know them.
pub fn team() -> Request<Vec<super::club::TeamSeat>> {
    get(Route::Team, String::new())
}

/// The ladder: the rated players, best first.
pub fn ladder() -> Request<Vec<super::club::Rung>> {
    get(Route::Ladder, String::new())
}

/// The finished game as a save (RON text: its seed and order log).
pub fn save() -> Request<String> {
    Request {
        method: Method::Get,
        route: Route::Save,
        query: String::new(),
        body: None,
        read: text,
    }
}

/// What the server answered when it did not take a request, or why it could not be asked.
#[derive(Debug, Clone, PartialEq)]
pub struct Refusal {
    /// The HTTP status, 0 when no server answered.
    pub status: u16,
    pub problem: Problem,
    pub reason: String,
    /// Outcomes of a refused order (the rules' refusal with its reasons).
    pub outcomes: Vec<Outcome>,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.status == 0 {
            write!(f, "{}", self.reason)
        } else {
            write!(f, "{} ({}): {}", self.problem, self.status, self.reason)
        }
    }
}

impl Refusal {
    /// The server could not be reached (`reason` says where and why).
    pub fn unreachable(reason: String) -> Refusal {
        Refusal {
            status: 0,
            problem: Problem::Unreachable,
            reason,
            outcomes: Vec::new(),
        }
    }

    /// A refusal's answer as the server wrote it (`super::Refused`), or its bare text (a proxy's
    /// page, an older server).
    pub fn of_answer(status: u16, text: &str) -> Refusal {
        match serde_json::from_str::<super::Refused>(text) {
            Ok(r) => Refusal {
                status,
                problem: r.error,
                reason: r.reason,
                outcomes: r.outcomes,
            },
            Err(_) => Refusal {
                status,
                problem: Problem::Unknown,
                reason: text.to_owned(),
                outcomes: Vec::new(),
            },
        }
    }
}
