//! The server's connection loop: each connection taken within the guard's limits, its TLS
//! handshake done (`--tls-cert`/`--tls-key`) and bounded in time, its request headers bounded
//! in time, and on a graceful stop every connection told to finish what it is answering.
//!
//! axum's own `serve` does all of this but the two time bounds: it gives hyper no timer, so a
//! client that sends a request's headers a byte at a time holds its connection as long as it
//! keeps sending (issue 45 item 3).

use std::convert::Infallible;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use axum::serve::Listener;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::sync::watch;

use super::guard::{Guarded, Peer};

/// How long a client has for a TLS handshake, and for a request's headers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timeouts {
    pub handshake: Duration,
    pub header: Duration,
}

impl Default for Timeouts {
    fn default() -> Self {
        Timeouts {
            handshake: Duration::from_secs(10),
            header: Duration::from_secs(10),
        }
    }
}

/// The server's certificate chain and key, read from PEM files, as rustls takes them.
pub fn tls_config(
    cert: &std::path::Path,
    key: &std::path::Path,
) -> Result<Arc<rustls::ServerConfig>, super::StartError> {
    use super::StartError::Tls;
    use rustls::pki_types::pem::PemObject;
    use rustls::pki_types::{CertificateDer, PrivateKeyDer};
    let read = |flag: &str, path: &std::path::Path| {
        std::fs::read(path).map_err(|e| Tls(format!("{flag} {}: {e}", path.display())))
    };
    let cert_pem = read("--tls-cert", cert)?;
    let chain = CertificateDer::pem_slice_iter(&cert_pem)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| {
            Tls(format!(
                "--tls-cert {}: not a PEM certificate chain ({e})",
                cert.display()
            ))
        })?;
    if chain.is_empty() {
        return Err(Tls(format!(
            "--tls-cert {}: no certificate in it (expected PEM, \"-----BEGIN CERTIFICATE-----\")",
            cert.display()
        )));
    }
    let key_pem = read("--tls-key", key)?;
    let private = PrivateKeyDer::from_pem_slice(&key_pem).map_err(|_| {
        Tls(format!(
            "--tls-key {}: no private key in it (expected PEM, \"-----BEGIN PRIVATE KEY-----\")",
            key.display()
        ))
    })?;
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let mut config = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| Tls(format!("TLS: {e}")))?
        .with_no_client_auth()
        .with_single_cert(chain, private)
        .map_err(|e| {
            Tls(format!(
                "--tls-cert {} and --tls-key {}: {e}",
                cert.display(),
                key.display()
            ))
        })?;
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    Ok(Arc::new(config))
}

/// Serves `router` on `listener` (over TLS with `tls`) until `stop` resolves; then no new
/// connection is taken, each open one finishes the request it is answering, and this returns
/// once all are closed or `grace` has passed.
pub async fn serve(
    mut listener: Guarded,
    router: Router,
    tls: Option<Arc<rustls::ServerConfig>>,
    timeouts: Timeouts,
    stop: impl Future<Output = ()> + Send + 'static,
    grace: Duration,
) {
    let acceptor = tls.map(tokio_rustls::TlsAcceptor::from);
    // Dropping `stopping` tells every connection to finish; each holds an `open` receiver,
    // so `open_tx.closed()` resolves when the last is gone.
    let (stopping, _) = watch::channel(());
    let (open_tx, open_rx) = watch::channel(());
    let mut stop = std::pin::pin!(stop);
    loop {
        let (io, addr) = tokio::select! {
            got = listener.accept() => got,
            _ = &mut stop => break,
        };
        let router = router.clone();
        let acceptor = acceptor.clone();
        let mut told = stopping.subscribe();
        let open = open_rx.clone();
        tokio::spawn(async move {
            let _open = open;
            match acceptor {
                Some(acceptor) => {
                    let Ok(Ok(io)) =
                        tokio::time::timeout(timeouts.handshake, acceptor.accept(io)).await
                    else {
                        return;
                    };
                    connection(io, addr, router, timeouts, &mut told).await;
                }
                None => connection(io, addr, router, timeouts, &mut told).await,
            }
        });
    }
    drop(listener);
    drop(stopping);
    drop(open_rx);
    let _ = tokio::time::timeout(grace, open_tx.closed()).await;
}

/// One connection's requests, through hyper with its header timeout.
async fn connection<I>(
    io: I,
    addr: std::net::SocketAddr,
    router: Router,
    timeouts: Timeouts,
    told: &mut watch::Receiver<()>,
) where
    I: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send + 'static,
{
    use tower::ServiceExt;
    let service = hyper::service::service_fn(move |req: hyper::Request<hyper::body::Incoming>| {
        let mut req = req.map(axum::body::Body::new);
        req.extensions_mut().insert(ConnectInfo(Peer(addr)));
        let router = router.clone();
        async move { Ok::<_, Infallible>(router.oneshot(req).await.unwrap_or_else(|e| match e {})) }
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(timeouts.header);
    let conn = builder
        .serve_connection(TokioIo::new(io), service)
        .with_upgrades();
    let mut conn = std::pin::pin!(conn);
    tokio::select! {
        _ = conn.as_mut() => return,
        _ = told.changed() => {}
    }
    conn.as_mut().graceful_shutdown();
    let _ = conn.await;
}
