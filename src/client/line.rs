//! The window's line to a referee server: orders go out, news comes back (the game's new
//! orders with their outcomes and the state after them, each order's answer, the line's own
//! condition). On the desktop two threads do the blocking HTTP; in the browser, the page's
//! `fetch`. Either way the game reads what was heard once a frame, never waiting.

use crate::dispatch::{GameState, OrderTaken, Record};
use crate::rules::order::Order;
use crate::sim::outcome::Outcome;

/// What came down the line.
#[derive(Debug, Clone)]
pub enum Heard {
    /// Orders after what was known (`records`) and the state after them (with its board).
    News {
        records: Vec<Record>,
        state: GameState,
    },
    /// An order was refused: the server's status, its words, and the rules' outcomes.
    Refused {
        status: u16,
        reason: String,
        outcomes: Vec<Outcome>,
    },
    /// The line is down (and being tried again), or back.
    Condition(String),
}

/// An order's taken answer as news.
fn taken(t: OrderTaken) -> Heard {
    Heard::News {
        records: vec![t.record],
        state: t.state,
    }
}

/// The server's answer to an order, as news or a refusal.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
fn answered(status: u16, text: &str) -> Heard {
    if (200..300).contains(&status) {
        match serde_json::from_str::<OrderTaken>(text) {
            Ok(t) => return taken(t),
            Err(e) => {
                return Heard::Refused {
                    status: 0,
                    reason: format!("the server's answer does not read: {e}"),
                    outcomes: Vec::new(),
                };
            }
        }
    }
    match serde_json::from_str::<crate::dispatch::Refused>(text) {
        Ok(r) => Heard::Refused {
            status,
            reason: r.reason,
            outcomes: r.outcomes,
        },
        Err(_) => Heard::Refused {
            status,
            reason: text.to_owned(),
            outcomes: Vec::new(),
        },
    }
}

/// (The desktop's `remote::Seat` writes its own.)
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
fn order_body(order: &Order, after: i64) -> String {
    let given = crate::dispatch::OrderGiven {
        order: order.clone(),
        after: Some(after),
        snapshot: true,
    };
    serde_json::to_string(&given).unwrap_or_default()
}

/// Where to ask for orders after `after`, waiting for them (the desktop asks through `remote::Seat`).
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
fn events_path(after: i64) -> String {
    format!("/api/game/events?after={after}&wait=25&snapshot=true")
}

#[cfg(not(target_arch = "wasm32"))]
pub use native::Line;
#[cfg(target_arch = "wasm32")]
pub use web::{Line, call};

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use std::sync::Mutex;
    use std::sync::mpsc::{Receiver, Sender, channel};
    use std::time::Duration;

    use super::*;
    use crate::remote::Seat;

    pub struct Line {
        orders: Sender<(Order, i64)>,
        heard: Mutex<Receiver<Heard>>,
    }

    impl Line {
        /// Opens the line for the seat `invite` at `url`, hearing orders after `after`.
        pub fn open(url: &str, invite: &str, after: i64) -> Line {
            let (orders, to_send) = channel::<(Order, i64)>();
            let (tell, heard) = channel::<Heard>();
            let (url2, invite2, tell2) = (url.to_owned(), invite.to_owned(), tell.clone());
            std::thread::spawn(move || {
                let mut seat = Seat::new(&url2, Some(&invite2));
                seat.snapshots = true;
                for (order, after) in to_send {
                    let h = match seat.order(&order, Some(after)) {
                        Ok(t) => super::taken(t),
                        Err(r) => Heard::Refused {
                            status: r.status,
                            reason: r.reason,
                            outcomes: r.outcomes,
                        },
                    };
                    if tell2.send(h).is_err() {
                        return;
                    }
                }
            });
            let (url, invite) = (url.to_owned(), invite.to_owned());
            std::thread::spawn(move || {
                let mut seat = Seat::new(&url, Some(&invite));
                seat.snapshots = true;
                seat.patience = Duration::ZERO;
                let mut after = after;
                let mut down = false;
                loop {
                    let h = match seat.events(after, 25) {
                        Ok(news) => {
                            if let Some(last) = news.records.last() {
                                after = after.max(last.seq);
                            }
                            if down {
                                down = false;
                                let _ = tell.send(Heard::Condition(String::new()));
                            }
                            Heard::News {
                                records: news.records,
                                state: news.state,
                            }
                        }
                        Err(r) => {
                            down = true;
                            std::thread::sleep(Duration::from_secs(2));
                            Heard::Condition(format!("connection lost, trying again: {r}"))
                        }
                    };
                    if tell.send(h).is_err() {
                        return;
                    }
                }
            });
            Line {
                orders,
                heard: Mutex::new(heard),
            }
        }

        pub fn give(&self, order: Order, after: i64) {
            let _ = self.orders.send((order, after));
        }

        pub fn drain(&self) -> Vec<Heard> {
            let rx = self.heard.lock().unwrap_or_else(|e| e.into_inner());
            rx.try_iter().collect()
        }
    }
}

#[cfg(target_arch = "wasm32")]
mod web {
    use std::cell::RefCell;

    use wasm_bindgen::{JsCast, JsValue};
    use wasm_bindgen_futures::{JsFuture, spawn_local};

    use super::*;

    thread_local! {
        /// What was heard, for the next frame (the page has one thread).
        static HEARD: RefCell<Vec<Heard>> = const { RefCell::new(Vec::new()) };
    }

    fn hear(h: Heard) {
        HEARD.with(|q| q.borrow_mut().push(h));
    }

    pub struct Line {
        base: String,
        invite: String,
    }

    /// One request: its status and body text.
    pub async fn call(
        method: &str,
        url: &str,
        invite: Option<&str>,
        body: Option<String>,
    ) -> Result<(u16, String), String> {
        let err = |e: JsValue| format!("{url}: {e:?}");
        let opts = web_sys::RequestInit::new();
        opts.set_method(method);
        if let Some(b) = &body {
            opts.set_body(&JsValue::from_str(b));
        }
        let req = web_sys::Request::new_with_str_and_init(url, &opts).map_err(err)?;
        if let Some(i) = invite {
            req.headers()
                .set("Authorization", &format!("Bearer {i}"))
                .map_err(err)?;
        }
        if body.is_some() {
            req.headers()
                .set("Content-Type", "application/json")
                .map_err(err)?;
        }
        let window = web_sys::window().ok_or("no window")?;
        let resp: web_sys::Response = JsFuture::from(window.fetch_with_request(&req))
            .await
            .map_err(err)?
            .dyn_into()
            .map_err(err)?;
        let text = JsFuture::from(resp.text().map_err(err)?)
            .await
            .map_err(err)?
            .as_string()
            .unwrap_or_default();
        Ok((resp.status(), text))
    }

    async fn nap(ms: i32) {
        let p = js_sys::Promise::new(&mut |resolve, _| {
            if let Some(w) = web_sys::window() {
                let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms);
            }
        });
        let _ = JsFuture::from(p).await;
    }

    impl Line {
        pub fn open(url: &str, invite: &str, after: i64) -> Line {
            let (base, inv) = (url.trim_end_matches('/').to_owned(), invite.to_owned());
            let (b2, i2) = (base.clone(), inv.clone());
            spawn_local(async move {
                let mut after = after;
                let mut down = false;
                loop {
                    let url = format!("{b2}{}", super::events_path(after));
                    match call("GET", &url, Some(&i2), None).await {
                        Ok((200, text)) => {
                            match serde_json::from_str::<crate::dispatch::News>(&text) {
                                Ok(news) => {
                                    if let Some(last) = news.records.last() {
                                        after = after.max(last.seq);
                                    }
                                    if down {
                                        down = false;
                                        hear(Heard::Condition(String::new()));
                                    }
                                    hear(Heard::News {
                                        records: news.records,
                                        state: news.state,
                                    });
                                }
                                Err(e) => {
                                    down = true;
                                    hear(Heard::Condition(format!(
                                        "the server's news does not read: {e}"
                                    )));
                                    nap(2000).await;
                                }
                            }
                        }
                        Ok((status, text)) => {
                            down = true;
                            hear(Heard::Condition(format!(
                                "the server answered {status}: {text}"
                            )));
                            nap(2000).await;
                        }
                        Err(e) => {
                            down = true;
                            hear(Heard::Condition(format!(
                                "connection lost, trying again: {e}"
                            )));
                            nap(2000).await;
                        }
                    }
                }
            });
            Line { base, invite: inv }
        }

        pub fn give(&self, order: Order, after: i64) {
            let url = format!("{}/api/game/orders", self.base);
            let invite = self.invite.clone();
            let body = super::order_body(&order, after);
            spawn_local(async move {
                match call("POST", &url, Some(&invite), Some(body)).await {
                    Ok((status, text)) => hear(super::answered(status, &text)),
                    Err(e) => hear(Heard::Refused {
                        status: 0,
                        reason: e,
                        outcomes: Vec::new(),
                    }),
                }
            });
        }

        pub fn drain(&self) -> Vec<Heard> {
            HEARD.with(|q| std::mem::take(&mut *q.borrow_mut()))
        }
    }
}
