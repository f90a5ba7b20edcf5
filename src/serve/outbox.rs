//! Notifications (issue 62, item 4) queued: each one is written to the outbox in the same
//! transaction as what caused it (an order that passed the turn, a game's end, a challenge
//! accepted, a deadline near), under an id made of its cause, so none is lost across a restart
//! and none is written twice (`sender` sends them).

use sqlx::{AnyConnection, Row};

/// Where notifications go from this server: the SMTP relay (`HOST:PORT`) and the address they
/// come from, and the address players open their games at (the links).
#[derive(Debug, Clone, Default)]
pub struct Delivery {
    pub smtp: Option<String>,
    pub mail_from: String,
    pub public_url: Option<String>,
}

/// What a notification says.
#[derive(Debug, Clone)]
pub struct Notice {
    /// What caused it, unique per cause and account ("game/seq/turn").
    pub key: String,
    pub subject: String,
    pub body: String,
}

/// Queues `notice` for `account`, by each way he asked for; a notice already queued (the same
/// key) is not queued again.
pub async fn queue(
    conn: &mut AnyConnection,
    account: &str,
    notice: &Notice,
    link: &str,
    at: i64,
) -> Result<(), sqlx::Error> {
    let Some(row) = sqlx::query("SELECT email, webhook FROM notify WHERE account = $1")
        .bind(account)
        .fetch_optional(&mut *conn)
        .await?
    else {
        return Ok(());
    };
    for channel in ["email", "webhook"] {
        let address: String = row.try_get(channel)?;
        if address.is_empty() {
            continue;
        }
        sqlx::query(
            "INSERT INTO outbox (id, account, channel, address, subject, body, link, created, next_try)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) ON CONFLICT (id) DO NOTHING",
        )
        .bind(format!("{}/{account}/{channel}", notice.key))
        .bind(account)
        .bind(channel)
        .bind(address)
        .bind(&notice.subject)
        .bind(&notice.body)
        .bind(link)
        .bind(at)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// Queues `notice` for every account seated on `side` of `game` (none: both sides).
pub async fn queue_for_side(
    conn: &mut AnyConnection,
    game: &str,
    side: Option<u8>,
    notice: &Notice,
    link: &str,
    at: i64,
) -> Result<(), sqlx::Error> {
    let rows = sqlx::query("SELECT DISTINCT account, side FROM claims WHERE game_id = $1")
        .bind(game)
        .fetch_all(&mut *conn)
        .await?;
    for r in rows {
        let s: i64 = r.try_get("side")?;
        if side.is_none_or(|x| i64::from(x) == s) {
            let account: String = r.try_get("account")?;
            queue(conn, &account, notice, link, at).await?;
        }
    }
    Ok(())
}
