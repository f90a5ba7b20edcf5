//! What a panic said, for the logs of the window, the command line and the server.

/// A panic's message, as `panic!` wrote it (empty when it carried something else).
pub fn message<'a>(info: &'a std::panic::PanicHookInfo<'_>) -> &'a str {
    let p = info.payload();
    p.downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| p.downcast_ref::<&str>().copied())
        .unwrap_or("")
}
