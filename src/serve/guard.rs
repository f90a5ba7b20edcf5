//! Connections kept within limits (issue 45 item 3): at most so many at once, and so many from
//! one address; a connection that neither sends nor receives anything for a while is closed
//! (an idle socket, a slowloris). One over a limit is told so — an HTTP 503 with its reason —
//! and closed: never silence.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::serve::Listener;
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::time::{Instant, Sleep};

/// The limits on connections.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ConnectionLimits {
    /// Connections open at once, from everyone.
    pub total: usize,
    /// Connections open at once from one address.
    pub per_address: usize,
    /// How long a connection may pass nothing either way (longer than a long poll's 30 s).
    pub idle: Duration,
}

impl Default for ConnectionLimits {
    fn default() -> Self {
        ConnectionLimits {
            total: 4_000,
            per_address: 512,
            idle: Duration::from_secs(90),
        }
    }
}

/// How many connections are open, in all and by address.
#[derive(Default)]
struct Open {
    total: usize,
    by_address: HashMap<IpAddr, usize>,
}

/// A listener that takes connections within `ConnectionLimits`.
pub struct Guarded {
    inner: TcpListener,
    limits: ConnectionLimits,
    open: Arc<Mutex<Open>>,
}

impl Guarded {
    pub fn new(inner: TcpListener, limits: ConnectionLimits) -> Guarded {
        Guarded {
            inner,
            limits,
            open: Arc::default(),
        }
    }

    /// A handle on the count of open connections (for `/metrics`).
    pub fn count(&self) -> OpenCount {
        OpenCount(self.open.clone())
    }

    /// Counts a new connection from `ip` in, or says which limit it is over.
    fn admit(&self, ip: IpAddr) -> Result<Slot, &'static str> {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        if open.total >= self.limits.total {
            return Err("the server has as many connections as it takes; try again shortly");
        }
        let mine = open.by_address.entry(ip).or_default();
        if *mine >= self.limits.per_address {
            return Err("too many connections from this address; close some and try again");
        }
        *mine += 1;
        open.total += 1;
        Ok(Slot {
            ip,
            open: self.open.clone(),
        })
    }
}

/// The connections a `Guarded` listener has open.
#[derive(Clone)]
pub struct OpenCount(Arc<Mutex<Open>>);

impl OpenCount {
    pub fn total(&self) -> usize {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).total
    }
}

/// A connection's place in the count, given back when it closes.
struct Slot {
    ip: IpAddr,
    open: Arc<Mutex<Open>>,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        open.total = open.total.saturating_sub(1);
        if let Some(n) = open.by_address.get_mut(&self.ip) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                open.by_address.remove(&self.ip);
            }
        }
    }
}

/// The address a connection came from (what the handlers are given).
#[derive(Debug, Clone, Copy)]
pub struct Peer(pub SocketAddr);

impl Listener for Guarded {
    type Io = GuardedStream;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        loop {
            let (mut stream, addr) = match self.inner.accept().await {
                Ok(got) => got,
                // Out of descriptors, or a connection reset before it was taken: a moment's
                // pause, then on.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    continue;
                }
            };
            match self.admit(addr.ip()) {
                Ok(slot) => {
                    let idle = self.limits.idle;
                    return (
                        GuardedStream {
                            inner: stream,
                            _slot: slot,
                            idle,
                            deadline: Box::pin(tokio::time::sleep(idle)),
                        },
                        addr,
                    );
                }
                Err(why) => {
                    tokio::spawn(async move {
                        let body =
                            format!("{{\"error\":\"too_many_connections\",\"reason\":\"{why}\"}}");
                        let answer = format!(
                            "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\nretry-after: 5\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
                            body.len()
                        );
                        let _ = tokio::time::timeout(
                            Duration::from_secs(2),
                            stream.write_all(answer.as_bytes()),
                        )
                        .await;
                        let _ = stream.shutdown().await;
                    });
                }
            }
        }
    }

    fn local_addr(&self) -> std::io::Result<Self::Addr> {
        self.inner.local_addr()
    }
}

/// A connection that closes itself after `idle` with nothing passed either way.
pub struct GuardedStream {
    inner: TcpStream,
    _slot: Slot,
    idle: Duration,
    deadline: Pin<Box<Sleep>>,
}

impl GuardedStream {
    /// Something passed: the idle time starts again.
    fn moved(&mut self) {
        self.deadline.as_mut().reset(Instant::now() + self.idle);
    }

    fn timed_out(&mut self, cx: &mut Context<'_>) -> bool {
        self.deadline.as_mut().poll(cx).is_ready()
    }
}

impl AsyncRead for GuardedStream {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let before = buf.filled().len();
        match Pin::new(&mut self.inner).poll_read(cx, buf) {
            Poll::Ready(r) => {
                if buf.filled().len() > before {
                    self.moved();
                }
                Poll::Ready(r)
            }
            Poll::Pending if self.timed_out(cx) => Poll::Ready(Err(std::io::Error::new(
                std::io::ErrorKind::TimedOut,
                "the connection passed nothing for too long",
            ))),
            Poll::Pending => Poll::Pending,
        }
    }
}

impl AsyncWrite for GuardedStream {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        let r = Pin::new(&mut self.inner).poll_write(cx, buf);
        if matches!(r, Poll::Ready(Ok(n)) if n > 0) {
            self.moved();
        }
        r
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}
