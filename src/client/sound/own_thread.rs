//! A desktop sound device on a thread of its own: opened there, played there, never crossing
//! to another (an audio stream may not); the game waits only to hear whether it opened.

/// Opens a device on a thread of its own (`open`), then plays on it there (`play`), the device
/// never leaving that thread; `false` (and a line in the log) when it cannot be opened.
pub fn start<D>(
    open: impl FnOnce() -> Result<D, String> + Send + 'static,
    play: impl FnOnce(D) + Send + 'static,
) -> bool {
    let (tx, rx) = std::sync::mpsc::channel();
    let spawned = std::thread::Builder::new()
        .name("bayonet sound".into())
        .spawn(move || match open() {
            Ok(device) => {
                let _ = tx.send(Ok(()));
                play(device);
            }
            Err(why) => {
                let _ = tx.send(Err(why));
            }
        });
    if spawned.is_err() {
        return false;
    }
    match rx.recv() {
        Ok(Ok(())) => true,
        Ok(Err(why)) => {
            bevy::log::info!("sound off: {why}");
            false
        }
        Err(_) => false,
    }
}
