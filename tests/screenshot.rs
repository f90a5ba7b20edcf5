//! The real window: `bayonet --screenshot` under Xvfb with software Vulkan renders the default
//! scenario to a PNG of the window's size with many colours.

use std::process::Command;

#[test]
fn screenshot_of_the_default_scenario() {
    let have_xvfb = Command::new("xvfb-run").arg("--help").output().is_ok();
    let in_ci = std::env::var_os("CI").is_some();
    if !have_xvfb {
        assert!(!in_ci, "CI must install xvfb (see .ci/run)");
        eprintln!("xvfb-run is not installed: skipping the window test");
        return;
    }
    let out = std::env::temp_dir().join("bayonet-screenshot-test.png");
    let _ = std::fs::remove_file(&out);
    let status = Command::new("xvfb-run")
        .args([
            "-a",
            "-s",
            "-screen 0 1280x800x24",
            env!("CARGO_BIN_EXE_bayonet"),
            "--screenshot",
        ])
        .arg(&out)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .status()
        .expect("xvfb-run runs");
    assert!(status.success(), "the game exited with {status}");
    let file = std::fs::File::open(&out).expect("the screenshot was written");
    let decoder = png::Decoder::new(std::io::BufReader::new(file));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!((info.width, info.height), (1280, 800));
    let px = info.color_type.samples();
    let colours: std::collections::HashSet<&[u8]> = buf[..info.buffer_size()].chunks(px).collect();
    assert!(
        colours.len() > 200,
        "only {} distinct colours: blank?",
        colours.len()
    );
}
