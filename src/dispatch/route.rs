//! The server's requests by name: the one list of paths the router serves, the metrics count
//! and the seats ask, so that a path changed on one end fails to compile on the other.

/// A request the server answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Route {
    Health,
    Ready,
    Metrics,
    /// `POST`: a new game.
    Games,
    /// The seat's game now.
    Game,
    Scenario,
    /// `POST`: an order.
    Orders,
    /// The orders since the seat last heard, waiting for one.
    Events,
    /// The orders since the seat's side last gave one, with the boards between them.
    Replay,
    /// The finished game's seed and orders.
    Save,
    /// The seat's WebSocket.
    Socket,
    /// Scenarios shared by players: `GET` the list, `POST` one (issue 61).
    Shared,
    /// One shared scenario's text (`?id=`).
    SharedOne,
    /// `POST`: an account registered (issue 62).
    Accounts,
    /// The signed-in account: `GET` it.
    Account,
    /// `POST`: the signed-in account's password changed.
    Password,
    /// `POST`: the signed-in account deleted, with its sessions.
    DeleteAccount,
    /// `POST`: signed in (a session); `DELETE`: signed out here, or everywhere.
    Sessions,
    /// `POST`: a guest's seat claimed by the signed-in account.
    Claim,
    /// The signed-in account's games.
    MyGames,
    /// `POST`: a key to one of the account's seats, to open it.
    SeatKey,
    /// The lobby: `GET` the challenges open to the account, `POST` one.
    Lobby,
    /// `POST`: a challenge taken up; the game begins.
    Accept,
    /// `POST`: the account's own challenge withdrawn.
    Withdraw,
    /// `POST`: a game of the account's again, the sides exchanged, as a challenge.
    Rematch,
    /// The seat's game's terms: `GET` them; `POST` resign, offer, accept or decline a draw, or
    /// claim on time.
    Act,
    /// The game's chat: `GET` the lines the seat's side may read, `POST` one.
    Chat,
    /// Where the account's notifications go: `GET`, `POST`.
    Notify,
    /// The rated players, best first.
    Ladder,
    /// A team game's seats: what each commands, who holds it, how its men fared.
    Team,
    /// The ladder as a web page.
    LadderPage,
}

impl Route {
    pub const ALL: [Route; 31] = [
        Route::Health,
        Route::Ready,
        Route::Metrics,
        Route::Games,
        Route::Game,
        Route::Scenario,
        Route::Orders,
        Route::Events,
        Route::Replay,
        Route::Save,
        Route::Socket,
        Route::Shared,
        Route::SharedOne,
        Route::Accounts,
        Route::Account,
        Route::Password,
        Route::DeleteAccount,
        Route::Sessions,
        Route::Claim,
        Route::MyGames,
        Route::SeatKey,
        Route::Lobby,
        Route::Accept,
        Route::Withdraw,
        Route::Rematch,
        Route::Act,
        Route::Chat,
        Route::Notify,
        Route::Ladder,
        Route::Team,
        Route::LadderPage,
    ];

    pub fn path(self) -> &'static str {
        match self {
            Route::Health => "/health",
            Route::Ready => "/ready",
            Route::Metrics => "/metrics",
            Route::Games => "/api/games",
            Route::Game => "/api/game",
            Route::Scenario => "/api/game/scenario",
            Route::Orders => "/api/game/orders",
            Route::Events => "/api/game/events",
            Route::Replay => "/api/game/replay",
            Route::Save => "/api/game/save",
            Route::Socket => "/api/game/ws",
            Route::Shared => "/api/scenarios",
            Route::SharedOne => "/api/scenarios/one",
            Route::Accounts => "/api/accounts",
            Route::Account => "/api/account",
            Route::Password => "/api/account/password",
            Route::DeleteAccount => "/api/account/delete",
            Route::Sessions => "/api/sessions",
            Route::Claim => "/api/account/claim",
            Route::MyGames => "/api/account/games",
            Route::SeatKey => "/api/account/seat",
            Route::Lobby => "/api/lobby",
            Route::Accept => "/api/lobby/accept",
            Route::Withdraw => "/api/lobby/withdraw",
            Route::Rematch => "/api/account/rematch",
            Route::Act => "/api/game/act",
            Route::Chat => "/api/game/chat",
            Route::Notify => "/api/account/notify",
            Route::Ladder => "/api/ladder",
            Route::Team => "/api/game/team",
            Route::LadderPage => "/ladder",
        }
    }

    /// The route of a request's path (without its query), if it is one.
    pub fn of_path(path: &str) -> Option<Route> {
        Route::ALL.into_iter().find(|r| r.path() == path)
    }
}
