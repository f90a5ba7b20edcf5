//! A seat at a game on a referee server (`bayonet serve`), for the command line and the
//! desktop window: blocking HTTP, one request at a time, the server's refusals kept whole.

use std::time::Duration;

use serde_json::{Value, json};

use crate::rules::order::Order;

/// What the server answered when it did not take a request (or why it could not be asked).
#[derive(Debug, Clone, PartialEq)]
pub struct Refusal {
    /// The HTTP status, 0 when the server could not be reached.
    pub status: u16,
    pub error: String,
    pub reason: String,
    /// Outcomes of a refused order (the rules' refusal with its reasons).
    pub body: Value,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.status == 0 {
            write!(f, "{}", self.reason)
        } else {
            write!(f, "{} ({}): {}", self.error, self.status, self.reason)
        }
    }
}

/// A connection to a server, as one seat (or as nobody, to create a game).
pub struct Seat {
    /// How long a lost server is waited for (it may be restarting) before giving up.
    pub patience: Duration,
    /// Whether answers carry the whole state (a window drawing the game needs it).
    pub snapshots: bool,
    base: String,
    invite: Option<String>,
    agent: ureq::Agent,
}

/// A server address as typed: `host:port` or a URL; no trailing slash.
pub fn base_url(url: &str) -> String {
    let u = url.trim().trim_end_matches('/');
    if u.starts_with("http://") || u.starts_with("https://") {
        u.to_owned()
    } else {
        format!("http://{u}")
    }
}

impl Seat {
    pub fn new(url: &str, invite: Option<&str>) -> Seat {
        let agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            // A wait for the other side is at most 30 s on the server.
            .timeout_global(Some(Duration::from_secs(40)))
            .build()
            .into();
        Seat {
            patience: Duration::from_secs(60),
            snapshots: false,
            base: base_url(url),
            invite: invite.map(|i| i.trim().to_owned()),
            agent,
        }
    }

    fn call(
        &self,
        method: &str,
        path: &str,
        body: Option<&Value>,
    ) -> Result<(u16, String), Refusal> {
        let url = format!("{}{path}", self.base);
        let unreachable = |e: ureq::Error| Refusal {
            status: 0,
            error: "unreachable".into(),
            reason: format!("{url}: {e}"),
            body: Value::Null,
        };
        let lost_since = std::time::Instant::now();
        // A flood refused with 429 waits what the server says, a few times; a server gone
        // (restarting) is asked again until `patience` runs out.
        for _ in 0..1000 {
            let auth = self.invite.as_ref().map(|i| format!("Bearer {i}"));
            let resp = match (method, body) {
                ("POST", Some(b)) => {
                    let mut r = self.agent.post(&url);
                    if let Some(a) = &auth {
                        r = r.header("Authorization", a);
                    }
                    r.send_json(b)
                }
                _ => {
                    let mut r = self.agent.get(&url);
                    if let Some(a) = &auth {
                        r = r.header("Authorization", a);
                    }
                    r.call()
                }
            };
            let mut resp = match resp {
                Ok(r) => r,
                Err(
                    e @ (ureq::Error::Io(_)
                    | ureq::Error::ConnectionFailed
                    | ureq::Error::HostNotFound),
                ) if lost_since.elapsed() < self.patience => {
                    let _ = e;
                    std::thread::sleep(Duration::from_millis(200));
                    continue;
                }
                Err(e) => return Err(unreachable(e)),
            };
            let status = resp.status().as_u16();
            if status == 429 {
                let wait = resp
                    .headers()
                    .get("retry-after")
                    .and_then(|v| v.to_str().ok())
                    .and_then(|v| v.parse::<u64>().ok())
                    .unwrap_or(1);
                std::thread::sleep(Duration::from_secs(wait.min(10)));
                continue;
            }
            let text = resp.body_mut().read_to_string().map_err(unreachable)?;
            return Ok((status, text));
        }
        Err(Refusal {
            status: 429,
            error: "too_many_requests".into(),
            reason: "the server kept refusing for too many requests".into(),
            body: Value::Null,
        })
    }

    /// A JSON answer, or the server's refusal.
    fn json(&self, method: &str, path: &str, body: Option<&Value>) -> Result<Value, Refusal> {
        let (status, text) = self.call(method, path, body)?;
        let v: Value = serde_json::from_str(&text).unwrap_or_else(|_| json!({"text": text}));
        if (200..300).contains(&status) {
            Ok(v)
        } else {
            Err(Refusal {
                status,
                error: v["error"].as_str().unwrap_or("error").to_owned(),
                reason: v["reason"]
                    .as_str()
                    .map(str::to_owned)
                    .unwrap_or_else(|| text.clone()),
                body: v,
            })
        }
    }

    /// Creates a game of a scenario the server has; the answer names each side's invite.
    pub fn create(&self, scenario: &str) -> Result<Value, Refusal> {
        self.json("POST", "/api/games", Some(&json!({"scenario": scenario})))
    }

    /// Creates a game of a scenario's own text.
    pub fn create_from(&self, file: &str, source: &str) -> Result<Value, Refusal> {
        self.create_with(file, source, None)
    }

    /// Creates a game of a scenario's text with its Parameter Data and optional rules.
    pub fn create_with(
        &self,
        file: &str,
        source: &str,
        parameters: Option<&crate::rules::params::Parameters>,
    ) -> Result<Value, Refusal> {
        let mut body = json!({"scenario_file": file, "scenario_source": source});
        if let Some(p) = parameters {
            body["parameters"] = json!(p);
        }
        self.json("POST", "/api/games", Some(&body))
    }

    /// Any GET request of the server's interface, as JSON.
    pub fn json_get(&self, path: &str) -> Result<Value, Refusal> {
        self.json("GET", path, None)
    }

    /// The game as this seat sees it now.
    pub fn state(&self) -> Result<Value, Refusal> {
        self.json("GET", "/api/game", None)
    }

    /// The game now, with the whole state (`state.snapshot`, a `sim::save::Snapshot` in RON).
    pub fn full_state(&self) -> Result<Value, Refusal> {
        self.json("GET", "/api/game?snapshot=true", None)
    }

    /// The scenario's file name and text.
    pub fn scenario(&self) -> Result<(String, String), Refusal> {
        let v = self.json("GET", "/api/game/scenario", None)?;
        Ok((
            v["file"].as_str().unwrap_or("").to_owned(),
            v["source"].as_str().unwrap_or("").to_owned(),
        ))
    }

    /// Gives an order; `after` is the last order this seat has seen.
    pub fn order(&self, order: &Order, after: Option<i64>) -> Result<Value, Refusal> {
        let mut body = json!({"order": order, "snapshot": self.snapshots});
        if let Some(a) = after {
            body["after"] = json!(a);
        }
        self.json("POST", "/api/game/orders", Some(&body))
    }

    /// The orders after `after`, waiting up to `wait` seconds for one.
    pub fn events(&self, after: i64, wait: u64) -> Result<Value, Refusal> {
        self.json(
            "GET",
            &format!(
                "/api/game/events?after={after}&wait={wait}&snapshot={}",
                self.snapshots
            ),
            None,
        )
    }

    /// The finished game as a save (seed and order log).
    pub fn save(&self) -> Result<String, Refusal> {
        let (status, text) = self.call("GET", "/api/game/save", None)?;
        if status == 200 {
            return Ok(text);
        }
        let v: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
        Err(Refusal {
            status,
            error: v["error"].as_str().unwrap_or("error").to_owned(),
            reason: v["reason"].as_str().unwrap_or(&text).to_owned(),
            body: v,
        })
    }

    /// Waits (as long as it takes) until it is this seat's turn or the game is over; returns
    /// the state then.
    pub fn wait_for_turn(&self) -> Result<Value, Refusal> {
        self.wait_from(self.state()?)
    }

    /// Waits from a state already known.
    pub fn wait_from(&self, mut state: Value) -> Result<Value, Refusal> {
        while state["your_turn"] != true && state["over"] != true {
            let seq = state["seq"].as_i64().unwrap_or(0);
            state = self.json(
                "GET",
                &format!("/api/game/events?after={seq}&wait=25&turn=true"),
                None,
            )?["state"]
                .clone();
        }
        Ok(state)
    }
}

impl Seat {
    /// Gives each order when it is this seat's turn, until the orders or the game run out; a
    /// line per order: taken (with its record) or refused (with the server's reason). An order
    /// whose answer was lost (the server went down) is found in the game's log, not given twice.
    pub fn play(&self, orders: &[Order]) -> Result<(Vec<Value>, Value), Refusal> {
        let mut lines = Vec::new();
        let mut state = self.state()?;
        for (i, order) in orders.iter().enumerate() {
            state = self.wait_from(state)?;
            if state["over"] == true {
                break;
            }
            let seq = state["seq"].as_i64().unwrap_or(0);
            let line = match self.order(order, Some(seq)) {
                Ok(v) => {
                    state = v["state"].clone();
                    json!({"order": i, "accepted": true, "record": v["record"]})
                }
                Err(r) if r.error == "out_of_order" || r.status >= 500 => {
                    // Taken before the answer was lost? It is then the next record, and ours.
                    let next = self.events(seq, 0)?;
                    let first = &next["records"][0];
                    state = next["state"].clone();
                    if first["seq"] == json!(seq + 1)
                        && first["side"] == state["you"]
                        && first["order"] == json!(order)
                    {
                        json!({"order": i, "accepted": true, "record": first})
                    } else {
                        return Err(r);
                    }
                }
                Err(r) if r.status >= 400 && r.status < 500 => {
                    json!({"order": i, "accepted": false, "status": r.status, "error": r.error, "reason": r.reason})
                }
                Err(r) => return Err(r),
            };
            lines.push(line);
        }
        Ok((lines, state))
    }
}
