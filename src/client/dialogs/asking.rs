//! Asking a server from a dialog: the desktop asks and waits (a short request to the player's
//! own server); the browser cannot wait, so the answer comes a few frames later. Either way it
//! lands in the dialog's inbox, which the dialog empties each frame.

use std::sync::{Arc, Mutex};

use bevy::prelude::*;

use crate::dispatch::Refusal;
use crate::dispatch::request::Request;

/// Answers come back, of the dialog's own kind `H`.
#[derive(Resource)]
pub struct Inbox<H>(Arc<Mutex<Vec<H>>>);

impl<H> Default for Inbox<H> {
    fn default() -> Self {
        Inbox(Arc::new(Mutex::new(Vec::new())))
    }
}

impl<H: Send + 'static> Inbox<H> {
    /// Sends `req` to `server` as `bearer` (a session or a seat's key); its answer, wrapped,
    /// comes to this inbox.
    pub fn ask<T: serde::de::DeserializeOwned + 'static>(
        &self,
        server: &str,
        bearer: Option<String>,
        req: Request<T>,
        wrap: fn(Result<T, Refusal>) -> H,
    ) {
        let inbox = self.0.clone();
        #[cfg(not(target_arch = "wasm32"))]
        {
            let answer = crate::remote::Seat::new(server, bearer.as_deref()).send(req);
            inbox
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push(wrap(answer));
        }
        #[cfg(target_arch = "wasm32")]
        {
            let server = server.to_owned();
            wasm_bindgen_futures::spawn_local(async move {
                let r = crate::client::online::line::send(&server, bearer.as_deref(), req).await;
                inbox
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push(wrap(r));
            });
        }
    }

    /// What came back since the last look.
    pub fn take(&self) -> Vec<H> {
        std::mem::take(&mut *self.0.lock().unwrap_or_else(|e| e.into_inner()))
    }
}
