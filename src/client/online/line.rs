//! The window's line to a referee server: orders go out, news comes back (the game's new
//! orders with their outcomes and the state after them, each order's answer, the line's own
//! condition). On the desktop two threads do the blocking HTTP; in the browser, the page's
//! `fetch`. Either way the game reads what was heard once a frame, never waiting.

use crate::dispatch::request::{self, Request};
use crate::dispatch::{GameState, OrderGiven, OrderTaken, Record, Refusal, Since};
use crate::rules::order::Order;

/// What came down the line.
#[derive(Debug, Clone)]
pub enum Heard {
    /// Orders after what was known (`records`) and the state after them (with its board).
    News {
        records: Vec<Record>,
        state: GameState,
    },
    /// An order was refused: the server's kind and words, and the rules' outcomes (or why it
    /// could not be sent).
    Refused(Refusal),
    /// The line is down (and being tried again), or back.
    Condition(String),
}

/// An order's answer as news or a refusal.
fn taken(t: Result<OrderTaken, Refusal>) -> Heard {
    match t {
        Ok(t) => Heard::News {
            records: vec![t.record],
            state: t.state,
        },
        Err(r) => Heard::Refused(r),
    }
}

/// The request that gives `order`, the seat having seen the orders up to `after`.
fn give(order: Order, after: i64) -> Request<OrderTaken> {
    request::order(&OrderGiven {
        order,
        after: Some(after),
        snapshot: true,
    })
}

/// The request that waits for the orders after `after`.
fn news_after(after: i64) -> Request<crate::dispatch::News> {
    request::events(&Since {
        after,
        wait: 25,
        turn: false,
        snapshot: true,
    })
}

#[cfg(not(target_arch = "wasm32"))]
pub use native::Line;
#[cfg(target_arch = "wasm32")]
pub use web::{Line, send};

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
                let seat = Seat::new(&url2, Some(&invite2));
                for (order, after) in to_send {
                    let h = crate::client::online::line::taken(
                        seat.send(crate::client::online::line::give(order, after)),
                    );
                    if tell2.send(h).is_err() {
                        return;
                    }
                }
            });
            let (url, invite) = (url.to_owned(), invite.to_owned());
            std::thread::spawn(move || {
                let mut seat = Seat::new(&url, Some(&invite));
                seat.patience = Duration::ZERO;
                let mut after = after;
                let mut down = false;
                loop {
                    let h = match seat.send(crate::client::online::line::news_after(after)) {
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

    /// One request to the server at `base` as the seat `invite`: its typed answer or refusal.
    pub async fn send<T>(base: &str, invite: Option<&str>, req: Request<T>) -> Result<T, Refusal> {
        let url = format!("{base}{}", req.path());
        let (status, text) = call(req.method.name(), &url, invite, req.body.clone())
            .await
            .map_err(Refusal::unreachable)?;
        req.answer(status, &text)
    }

    /// One request's status and body text, as the page's `fetch` brings them.
    async fn call(
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
                    match send(
                        &b2,
                        Some(&i2),
                        crate::client::online::line::news_after(after),
                    )
                    .await
                    {
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
                        Err(r) => {
                            down = true;
                            hear(Heard::Condition(format!(
                                "connection lost, trying again: {r}"
                            )));
                            nap(2000).await;
                        }
                    }
                }
            });
            Line { base, invite: inv }
        }

        pub fn give(&self, order: Order, after: i64) {
            let (base, invite) = (self.base.clone(), self.invite.clone());
            spawn_local(async move {
                hear(crate::client::online::line::taken(
                    send(
                        &base,
                        Some(&invite),
                        crate::client::online::line::give(order, after),
                    )
                    .await,
                ));
            });
        }

        pub fn drain(&self) -> Vec<Heard> {
            HEARD.with(|q| std::mem::take(&mut *q.borrow_mut()))
        }
    }
}
