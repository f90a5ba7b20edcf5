//! Why a subcommand failed, by kind: a file that would not load or be written, an option that
//! does not fit, something asked of the game that it cannot do, an answer that could not be
//! written. Its words are what the person at the command line reads.

use crate::rules::scenario::LoadError;

#[derive(Debug)]
pub enum CliError {
    /// A scenario, save or orders file that would not load (the file, the line, what was
    /// expected).
    Load(LoadError),
    /// A file that could not be read or written (its path and the system's words).
    File { path: String, why: String },
    /// An option's value that does not fit (the option, and what it expects).
    Option(String),
    /// What was asked of the game that it cannot give (no unit there, no such side).
    Game(String),
    /// The answer that could not be written (JSON, a chart).
    Output(String),
}

impl CliError {
    /// A file that could not be read or written.
    pub fn file(path: impl std::fmt::Display, why: impl std::fmt::Display) -> CliError {
        CliError::File {
            path: path.to_string(),
            why: why.to_string(),
        }
    }
}

impl std::fmt::Display for CliError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CliError::Load(e) => write!(f, "{e}"),
            CliError::File { path, why } => write!(f, "{path}: {why}"),
            CliError::Option(m) | CliError::Game(m) | CliError::Output(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for CliError {}

impl From<LoadError> for CliError {
    fn from(e: LoadError) -> CliError {
        CliError::Load(e)
    }
}

impl From<crate::rules::params::ParamsError> for CliError {
    fn from(e: crate::rules::params::ParamsError) -> CliError {
        CliError::Option(format!("--rules: {e}"))
    }
}

impl From<serde_json::Error> for CliError {
    fn from(e: serde_json::Error) -> CliError {
        CliError::Output(format!("the JSON answer: {e}"))
    }
}
