//! Team games (issue 62, item 6): the roster each seat reads, crediting each seat with its men
//! (`split_command` says which seat commands what).

use std::sync::Arc;

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use sqlx::Row;

use super::api::{Server, answer, refusal, seat};
use super::referee::{Refused, db_error};
use super::split_command::{all_units, post_name, seat_of};
use crate::dispatch::Problem;
use crate::dispatch::club::TeamSeat;
use crate::rules::unit::Unit;

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
