//! What an operator watches (`GET /metrics`, Prometheus's text format): requests and their
//! latency by route, orders taken and refused, refusals by kind, games in memory, connections
//! and WebSockets open.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use crate::dispatch::Route;

/// A refusal's kind, put on its response for the counters (the `error` of its JSON).
#[derive(Debug, Clone, Copy)]
pub struct RefusalKind(pub crate::dispatch::Problem);

/// The latency buckets' upper bounds, in seconds.
const BUCKETS: [f64; 11] = [
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 5.0,
];

/// One route's requests: a latency histogram.
#[derive(Default, Clone)]
struct Histogram {
    /// Requests at or under each bound (cumulative, as Prometheus reads them).
    under: [u64; BUCKETS.len()],
    count: u64,
    sum: f64,
}

/// The counters, shared by every request of one server.
#[derive(Default)]
pub struct Metrics {
    latency: Mutex<BTreeMap<&'static str, Histogram>>,
    refusals: Mutex<BTreeMap<&'static str, u64>>,
    pub orders_taken: AtomicU64,
    pub orders_refused: AtomicU64,
    /// Notifications sent, and tries that failed (issue 62).
    pub notices_sent: AtomicU64,
    pub notices_failed: AtomicU64,
}

impl Metrics {
    /// Counts a request to `path` that took `took`, refused as `refused` if it was.
    pub fn request(&self, path: &str, took: Duration, refused: Option<RefusalKind>) {
        // Any other path is counted as "other": a path a stranger makes up must not grow the
        // table.
        let route = Route::of_path(path).map_or("other", Route::path);
        let secs = took.as_secs_f64();
        {
            let mut latency = self.latency.lock().unwrap_or_else(|e| e.into_inner());
            let h = latency.entry(route).or_default();
            for (n, bound) in h.under.iter_mut().zip(BUCKETS) {
                if secs <= bound {
                    *n += 1;
                }
            }
            h.count += 1;
            h.sum += secs;
        }
        if let Some(RefusalKind(kind)) = refused {
            *self
                .refusals
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .entry(kind.name())
                .or_default() += 1;
        }
        if route == Route::Orders.path() {
            let counter = if refused.is_some() {
                &self.orders_refused
            } else {
                &self.orders_taken
            };
            counter.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// The text `/metrics` answers, with the gauges read now.
    pub fn text(
        &self,
        games_in_memory: usize,
        connections: usize,
        sockets: usize,
        waiting: usize,
    ) -> String {
        let mut t = String::new();
        let _ = writeln!(
            t,
            "# HELP bayonet_request_duration_seconds Time to answer a request, by route.\n\
             # TYPE bayonet_request_duration_seconds histogram"
        );
        for (route, h) in self
            .latency
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
        {
            for (n, bound) in h.under.iter().zip(BUCKETS) {
                let _ = writeln!(
                    t,
                    "bayonet_request_duration_seconds_bucket{{route=\"{route}\",le=\"{bound}\"}} {n}"
                );
            }
            let _ = writeln!(
                t,
                "bayonet_request_duration_seconds_bucket{{route=\"{route}\",le=\"+Inf\"}} {}\n\
                 bayonet_request_duration_seconds_sum{{route=\"{route}\"}} {}\n\
                 bayonet_request_duration_seconds_count{{route=\"{route}\"}} {}",
                h.count, h.sum, h.count
            );
        }
        let _ = writeln!(
            t,
            "# HELP bayonet_orders_total Orders given to this server, by whether they were taken.\n\
             # TYPE bayonet_orders_total counter\n\
             bayonet_orders_total{{result=\"taken\"}} {}\n\
             bayonet_orders_total{{result=\"refused\"}} {}",
            self.orders_taken.load(Ordering::Relaxed),
            self.orders_refused.load(Ordering::Relaxed)
        );
        let _ = writeln!(
            t,
            "# HELP bayonet_refusals_total Requests refused, by the refusal's error.\n\
             # TYPE bayonet_refusals_total counter"
        );
        for (kind, n) in self
            .refusals
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
        {
            let _ = writeln!(t, "bayonet_refusals_total{{error=\"{kind}\"}} {n}");
        }
        let _ = writeln!(
            t,
            "# HELP bayonet_games_in_memory Games whose referee is in memory now.\n\
             # TYPE bayonet_games_in_memory gauge\n\
             bayonet_games_in_memory {games_in_memory}\n\
             # HELP bayonet_connections Connections open now.\n\
             # TYPE bayonet_connections gauge\n\
             bayonet_connections {connections}\n\
             # HELP bayonet_websockets WebSockets open now.\n\
             # TYPE bayonet_websockets gauge\n\
             bayonet_websockets {sockets}\n\
             # HELP bayonet_waiting Clients waiting now for a game's news (long polls, sockets).\n\
             # TYPE bayonet_waiting gauge\n\
             bayonet_waiting {waiting}"
        );
        t
    }

    /// The notifications' lines: sent and failed tries by this server, and the outbox's
    /// unsent (`waiting`) and, of those, failed at least once (`failing`).
    pub fn notices_text(&self, waiting: i64, failing: i64) -> String {
        format!(
            "# HELP bayonet_notifications_total Notifications this server tried to send, by result.\n\
             # TYPE bayonet_notifications_total counter\n\
             bayonet_notifications_total{{result=\"sent\"}} {}\n\
             bayonet_notifications_total{{result=\"failed\"}} {}\n\
             # HELP bayonet_outbox Notifications in the outbox not yet sent, and those that failed.\n\
             # TYPE bayonet_outbox gauge\n\
             bayonet_outbox{{state=\"waiting\"}} {waiting}\n\
             bayonet_outbox{{state=\"failing\"}} {failing}\n",
            self.notices_sent.load(Ordering::Relaxed),
            self.notices_failed.load(Ordering::Relaxed),
        )
    }
}
