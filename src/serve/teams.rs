//! Team games with split command (issue 62, item 6): two or more seats a side, each commanding
//! a part of its organisation (§17). Which seat commands a unit; the teams checked against the
//! battle when the game is made; the seats that ended their part of the side's turn; and the
//! roster each seat reads, crediting each seat with its men.

use std::sync::Arc;

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use sqlx::Row;

use super::api::{Server, answer, refusal, seat};
use super::referee::{Refused, db_error};
use crate::dispatch::Problem;
use crate::dispatch::club::{TeamSeat, Teams};
use crate::rules::organisation::Organisation;
use crate::rules::scenario::Scenario;
use crate::rules::unit::{Post, Side, Unit};

/// The most seats a side may have.
pub const MOST_SEATS: usize = 8;

/// The seat (of `seats`, one side's) that commands a unit of `brigade`: the first whose
/// formations hold it, else the first.
pub fn seat_of(org: &Organisation, brigade: &str, seats: &[Vec<Post>]) -> u8 {
    org.first_holding(brigade, seats).unwrap_or(0) as u8
}

/// Every unit of the battle, those to come too.
fn all_units(s: &Scenario) -> impl Iterator<Item = &Unit> {
    s.units
        .iter()
        .chain(s.reinforcements.iter().map(|r| &r.unit))
}

/// A formation's name as the scenario gives it (its id where it has none).
pub fn post_name(s: &Scenario, p: &Post) -> String {
    let found = match p {
        Post::Brigade(b) => s
            .brigades
            .iter()
            .find(|x| x.id == *b)
            .map(|x| x.name.clone()),
        Post::Division(d) => s
            .divisions
            .iter()
            .find(|x| x.id == *d)
            .map(|x| x.name.clone()),
        Post::Corps(c) => s.corps.iter().find(|x| x.id == *c).map(|x| x.name.clone()),
        Post::Army => Some("the army".to_owned()),
    };
    found.unwrap_or_else(|| format!("{p:?}"))
}

/// Why `teams` cannot split the battle's command, in the words of who asked: a side without a
/// seat or with too many, a formation not of its side, a seat commanding no unit.
pub fn check(s: &Scenario, teams: &Teams) -> Result<(), String> {
    for side in 0..2u8 {
        let seats = &teams.sides[side as usize];
        let name = s.side_name(Side(side));
        if seats.is_empty() || seats.len() > MOST_SEATS {
            return Err(format!(
                "the {name} have {} seats; a team game gives each side 1 to {MOST_SEATS}",
                seats.len()
            ));
        }
        let mine: Vec<&Unit> = all_units(s).filter(|u| u.side.0 == side).collect();
        for (n, posts) in seats.iter().enumerate() {
            for p in posts {
                let held = mine
                    .iter()
                    .any(|u| *p == Post::Army || s.organisation.chain(&u.brigade).contains(p));
                if !held {
                    return Err(format!(
                        "seat {} of the {name}: {p:?} is no formation of the {name} in this battle",
                        n + 1
                    ));
                }
            }
            let commands = mine
                .iter()
                .filter(|u| seat_of(&s.organisation, &u.brigade, seats) as usize == n)
                .count();
            if commands == 0 {
                return Err(format!(
                    "seat {} of the {name} commands no unit (an earlier seat holds all it names)",
                    n + 1
                ));
            }
        }
    }
    Ok(())
}

/// `GET /api/game/team`: the game's seats; each side's own in full, the other's command and
/// commander only until the game is over.
pub async fn roster(State(server): State<Arc<Server>>, headers: HeaderMap) -> Response {
    let s = match seat(&server, &headers, None).await {
        Ok(s) => s,
        Err(r) => return r,
    };
    match seats_for(&server, &s.game, s.side).await {
        Ok(v) => answer(&v),
        Err(r) => refusal(r),
    }
}

async fn seats_for(server: &Server, game: &str, me: u8) -> Result<Vec<TeamSeat>, Refused> {
    let pool = &server.store.pool;
    let h = server
        .store
        .teams(game)
        .await
        .map_err(db_error)?
        .ok_or_else(|| Refused::new(Problem::NoGame, "not a team game: one seat a side"))?;
    let (row, board) = server.referee.look(game, me).await?;
    let scenario = super::referee::shared_scenario(
        &row.scenario_file,
        &server
            .store
            .game(game, true)
            .await
            .map_err(db_error)?
            .map(|g| g.scenario_source)
            .unwrap_or_default(),
    )
    .map_err(|e| Refused::new(Problem::Corrupt, e.to_string()))?;
    let seen: crate::rules::snapshot::Snapshot = ron::from_str(&board)
        .map_err(|e| Refused::new(Problem::Corrupt, format!("the board does not read: {e}")))?;
    let claimed = sqlx::query(
        "SELECT c.side, c.seat, a.name FROM claims c JOIN accounts a ON a.folded = c.account
         WHERE c.game_id = $1 ORDER BY a.name",
    )
    .bind(game)
    .fetch_all(pool)
    .await
    .map_err(db_error)?;
    let mut out = Vec::new();
    for side in 0..2u8 {
        let seats = &h.teams.sides[side as usize];
        for (n, posts) in seats.iter().enumerate() {
            let n = n as u8;
            let commander = claimed.iter().find_map(|r| {
                let (sd, st) = (
                    r.try_get::<i64, _>("side").ok()?,
                    r.try_get::<i64, _>("seat").ok()?,
                );
                (sd == i64::from(side) && st == i64::from(n)).then(|| r.try_get("name").ok())?
            });
            let told = side == me || row.over;
            let of_seat = |u: &&Unit| {
                u.side.0 == side && seat_of(&scenario.organisation, &u.brigade, seats) == n
            };
            let at_start: Vec<&Unit> = all_units(&scenario).filter(of_seat).collect();
            let now: u32 = seen
                .units
                .iter()
                .filter(|u| of_seat(u))
                .map(|u| u.men)
                .sum();
            out.push(TeamSeat {
                side,
                seat: n,
                command: posts.iter().map(|p| post_name(&scenario, p)).collect(),
                commander,
                units: told.then_some(at_start.len() as u32),
                men_at_start: told.then(|| at_start.iter().map(|u| u.men).sum()),
                men_now: told.then_some(now),
                // The enemy's seats' progress in their turn is not told (D-fow-8: nor when
                // it acts).
                ended_turn: side == me && row.side == side && h.ready.contains(&n),
            });
        }
    }
    Ok(out)
}

/// The routes of team games.
pub fn routes() -> axum::Router<Arc<Server>> {
    use crate::dispatch::Route;
    use axum::routing::get;
    axum::Router::new().route(Route::Team.path(), get(roster))
}
