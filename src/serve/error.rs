//! Why the server could not start, or a game could not be hosted on it: each failure by the
//! stage it happened at, with the words the person who started it reads.

/// A server that did not start (or `bayonet host`'s game that was not made).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StartError {
    /// The command line's options (`--tls-cert` without `--tls-key`, a `--db` of no known kind,
    /// an unknown optional rule).
    Options(String),
    /// The certificate or its key could not be read or used.
    Tls(String),
    /// The database could not be opened or brought up to date.
    Database(String),
    /// The address could not be listened on, or the runtime started.
    Network(String),
    /// `bayonet host`'s scenario would not load.
    Scenario(String),
    /// `bayonet host`'s game could not be made on the server just started.
    Game(String),
}

impl std::fmt::Display for StartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StartError::Options(m)
            | StartError::Tls(m)
            | StartError::Database(m)
            | StartError::Network(m)
            | StartError::Scenario(m)
            | StartError::Game(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for StartError {}

/// An order the database did not keep (its words): told to the seat as a refusal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotSaved(pub String);

impl std::fmt::Display for NotSaved {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}
