//! The outbox's sender (issue 62, item 4): on every server, each due notification is taken by a
//! short claim in the database (two servers on one database never both take it), sent by
//! e-mail through the operator's relay or by webhook, and marked sent; or tried again later,
//! waiting longer each time, its failure logged and counted for the operator.

use std::sync::atomic::Ordering;

use sqlx::Row;

use super::api::Server;
use super::db::now;
use super::mail::Undelivered;
use super::outbox::Delivery;

/// How long a sender holds a notification it took before another may take it (a server killed
/// while sending).
const CLAIM_SECS: i64 = 20;
/// The longest wait between two tries.
const MOST_WAIT: i64 = 3600;

fn send_webhook(url: &str, id: &str, n: &Due, link: &str) -> Result<(), Undelivered> {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .timeout_global(Some(std::time::Duration::from_secs(10)))
        .http_status_as_error(false)
        .build()
        .into();
    let text = format!("{}\n{}", n.subject, link);
    // `text` is what Slack and Mattermost show, `content` what Discord shows.
    let body = serde_json::json!({
        "text": text,
        "content": text,
        "subject": n.subject,
        "body": n.body,
        "link": link,
        "id": id,
    });
    match agent
        .post(url)
        .header("Content-Type", "application/json")
        .header("Idempotency-Key", id)
        .send(body.to_string())
    {
        Ok(r) if r.status().is_success() => Ok(()),
        Ok(r) => Err(Undelivered(format!("the webhook answered {}", r.status()))),
        Err(e) => Err(Undelivered(format!(
            "the webhook could not be reached: {e}"
        ))),
    }
}

/// One notification due to be sent.
struct Due {
    id: String,
    channel: String,
    address: String,
    subject: String,
    body: String,
    link: String,
    attempts: i64,
}

fn send(delivery: &Delivery, n: &Due) -> Result<(), Undelivered> {
    let link = match &delivery.public_url {
        Some(base) => format!("{}{}", base.trim_end_matches('/'), n.link),
        None => n.link.clone(),
    };
    match n.channel.as_str() {
        "email" => match &delivery.smtp {
            Some(relay) => super::mail::send(
                relay,
                &super::mail::Mail {
                    from: &delivery.mail_from,
                    to: &n.address,
                    subject: &n.subject,
                    text: &n.body,
                    link: &link,
                    id: &n.id,
                },
            ),
            None => Err(Undelivered(
                "no SMTP relay: the operator starts the server with --smtp HOST:PORT".into(),
            )),
        },
        _ => send_webhook(&n.address, &n.id, n, &link),
    }
}

/// Takes, sends and marks what is due, once; how many went.
pub async fn deliver_due(server: &Server, me: &str) -> Result<usize, sqlx::Error> {
    let pool = &server.store.pool;
    let at = now();
    let rows = sqlx::query(
        "SELECT id, channel, address, subject, body, link, attempts FROM outbox
         WHERE sent = 0 AND next_try <= $1 AND claimed_until < $1 ORDER BY created, id LIMIT 32",
    )
    .bind(at)
    .fetch_all(pool)
    .await?;
    let mut sent = 0;
    for r in rows {
        let due = Due {
            id: r.try_get("id")?,
            channel: r.try_get("channel")?,
            address: r.try_get("address")?,
            subject: r.try_get("subject")?,
            body: r.try_get("body")?,
            link: r.try_get("link")?,
            attempts: r.try_get("attempts")?,
        };
        // Each claim runs from when it is taken: stamped from the batch's start, the later
        // claims of a batch slower than a claim (a slow relay) were born expired, and another
        // server sent the same e-mail again (issue 77, item 4).
        let claimed = now();
        let took = sqlx::query(
            "UPDATE outbox SET claimed_by = $1, claimed_until = $2
             WHERE id = $3 AND sent = 0 AND claimed_until < $4",
        )
        .bind(me)
        .bind(claimed + CLAIM_SECS)
        .bind(&due.id)
        .bind(claimed)
        .execute(pool)
        .await?;
        if took.rows_affected() != 1 {
            continue;
        }
        let delivery = server.delivery.clone();
        let (due, result) = tokio::task::spawn_blocking(move || {
            let result = send(&delivery, &due);
            (due, result)
        })
        .await
        .map_err(|e| sqlx::Error::Protocol(format!("the sender stopped: {e}")))?;
        match result {
            Ok(()) => {
                sqlx::query("UPDATE outbox SET sent = $1, last_error = '' WHERE id = $2")
                    .bind(now())
                    .bind(&due.id)
                    .execute(pool)
                    .await?;
                server.metrics.notices_sent.fetch_add(1, Ordering::Relaxed);
                bevy::log::info!(target: "bayonet::serve", notice = %due.id, channel = %due.channel, "notification sent");
                sent += 1;
            }
            Err(Undelivered(why)) => {
                let wait = (1i64 << due.attempts.clamp(0, 12))
                    .saturating_mul(2)
                    .min(MOST_WAIT);
                sqlx::query(
                    "UPDATE outbox SET attempts = attempts + 1, next_try = $1, claimed_until = 0,
                     last_error = $2 WHERE id = $3",
                )
                .bind(now() + wait)
                .bind(&why)
                .bind(&due.id)
                .execute(pool)
                .await?;
                server
                    .metrics
                    .notices_failed
                    .fetch_add(1, Ordering::Relaxed);
                bevy::log::warn!(target: "bayonet::serve", notice = %due.id, channel = %due.channel, attempts = due.attempts + 1, retry_in_s = wait, error = %why, "notification not delivered");
            }
        }
    }
    Ok(sent)
}
