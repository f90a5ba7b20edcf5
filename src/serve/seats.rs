//! Seats: one invite per side, a secret token the server keeps only as its hash.

use sha2::{Digest, Sha256};

/// What every invite begins with, so a pasted one is recognisable.
pub const PREFIX: &str = "bayonet-";

/// A fresh invite: 24 bytes from the system's random source, in hex.
pub fn new_invite() -> std::io::Result<String> {
    Ok(format!("{PREFIX}{}", hex(&random_bytes::<24>()?)))
}

/// What every session token begins with (issue 62), so that it is told from an invite.
pub const SESSION_PREFIX: &str = "bayonet-session-";

/// A fresh session token: 32 bytes from the system's random source, in hex.
pub fn new_session() -> std::io::Result<String> {
    Ok(format!("{SESSION_PREFIX}{}", hex(&random_bytes::<32>()?)))
}

/// A fresh game id: shorter, not secret (it names the game in logs and published saves).
pub fn new_game_id() -> std::io::Result<String> {
    Ok(hex(&random_bytes::<8>()?))
}

/// A fresh seed for a game's dice.
pub fn new_seed() -> std::io::Result<u64> {
    Ok(u64::from_le_bytes(random_bytes::<8>()?))
}

pub(super) fn random_bytes<const N: usize>() -> std::io::Result<[u8; N]> {
    use std::io::Read;
    let mut b = [0u8; N];
    std::fs::File::open("/dev/urandom")?.read_exact(&mut b)?;
    Ok(b)
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// What the database keeps of an invite.
pub fn token_hash(invite: &str) -> String {
    hex(&Sha256::digest(invite.trim().as_bytes()))
}

/// An invite's shape, checked before any database look-up.
pub fn well_formed(invite: &str) -> bool {
    let t = invite.trim();
    t.len() == PREFIX.len() + 48
        && t.starts_with(PREFIX)
        && t[PREFIX.len()..].bytes().all(|b| b.is_ascii_hexdigit())
}
