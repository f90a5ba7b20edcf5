//! Request limits: a token bucket per seat (and per address for games created), so one flood
//! cannot starve the other games.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Instant;

pub struct Buckets {
    /// Requests a key may make at once.
    burst: f64,
    /// Requests a second it earns back.
    rate: f64,
    held: Mutex<HashMap<String, (f64, Instant)>>,
}

impl Buckets {
    pub fn new(burst: f64, rate: f64) -> Buckets {
        Buckets {
            burst,
            rate,
            held: Mutex::new(HashMap::new()),
        }
    }

    /// Takes one request from `key`'s bucket; `Err(seconds)` to wait when it is empty.
    pub fn take(&self, key: &str) -> Result<(), f64> {
        let now = Instant::now();
        let mut held = self.held.lock().unwrap_or_else(|e| e.into_inner());
        // Forget keys long full again, so the table stays small.
        if held.len() > 10_000 {
            let full = self.burst / self.rate;
            held.retain(|_, (_, t)| now.duration_since(*t).as_secs_f64() < full);
        }
        let (tokens, last) = held.entry(key.to_owned()).or_insert((self.burst, now));
        *tokens = (*tokens + now.duration_since(*last).as_secs_f64() * self.rate).min(self.burst);
        *last = now;
        if *tokens >= 1.0 {
            *tokens -= 1.0;
            Ok(())
        } else {
            Err((1.0 - *tokens) / self.rate)
        }
    }
}
