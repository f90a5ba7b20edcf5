//! A rated game's end moves both players' Glicko-2 ratings (issue 62, item 8), once, in the
//! transaction that ends it.

use sqlx::{AnyConnection, Row};

use super::glicko::{Rating, after_game};

async fn rating_of(conn: &mut AnyConnection, account: &str) -> Result<Rating, sqlx::Error> {
    let row = sqlx::query("SELECT rating, deviation, volatility FROM ratings WHERE account = $1")
        .bind(account)
        .fetch_optional(&mut *conn)
        .await?;
    Ok(match row {
        Some(r) => Rating {
            rating: r.try_get("rating")?,
            deviation: r.try_get("deviation")?,
            volatility: r.try_get("volatility")?,
        },
        None => Rating::default(),
    })
}

async fn keep(
    conn: &mut AnyConnection,
    account: &str,
    r: Rating,
    score: f64,
    at: i64,
) -> Result<(), sqlx::Error> {
    let (w, l, d) = match score {
        s if s > 0.75 => (1, 0, 0),
        s if s < 0.25 => (0, 1, 0),
        _ => (0, 0, 1),
    };
    sqlx::query(
        "INSERT INTO ratings (account, rating, deviation, volatility, games, wins, losses, draws, updated)
         VALUES ($1, $2, $3, $4, 1, $5, $6, $7, $8)
         ON CONFLICT (account) DO UPDATE SET rating = $2, deviation = $3, volatility = $4,
         games = ratings.games + 1, wins = ratings.wins + $5, losses = ratings.losses + $6,
         draws = ratings.draws + $7, updated = $8",
    )
    .bind(account)
    .bind(r.rating)
    .bind(r.deviation)
    .bind(r.volatility)
    .bind(w)
    .bind(l)
    .bind(d)
    .bind(at)
    .execute(conn)
    .await?;
    Ok(())
}

/// Settles a rated game that just ended (`winner`: the side that won; none, a draw): both
/// players' ratings move once, however often this is called. A game not rated, or whose seats
/// were not two accounts, moves nothing.
pub async fn settle(
    conn: &mut AnyConnection,
    game: &str,
    winner: Option<u8>,
    at: i64,
) -> Result<(), sqlx::Error> {
    let Some(row) =
        sqlx::query("SELECT rated, settled, account_0, account_1 FROM terms WHERE game_id = $1")
            .bind(game)
            .fetch_optional(&mut *conn)
            .await?
    else {
        return Ok(());
    };
    let rated: i64 = row.try_get("rated")?;
    let settled: i64 = row.try_get("settled")?;
    let players: [String; 2] = [row.try_get("account_0")?, row.try_get("account_1")?];
    if rated == 0
        || settled != 0
        || players.iter().any(String::is_empty)
        || players[0] == players[1]
    {
        return Ok(());
    }
    let took = sqlx::query("UPDATE terms SET settled = 1 WHERE game_id = $1 AND settled = 0")
        .bind(game)
        .execute(&mut *conn)
        .await?;
    if took.rows_affected() != 1 {
        return Ok(());
    }
    let first = rating_of(conn, &players[0]).await?;
    let second = rating_of(conn, &players[1]).await?;
    let score = match winner {
        Some(0) => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    };
    let (a, b) = after_game(first, second, score);
    keep(conn, &players[0], a, score, at).await?;
    keep(conn, &players[1], b, 1.0 - score, at).await?;
    Ok(())
}
