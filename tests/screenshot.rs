//! The real window: `bayonet --screenshot` under Xvfb with software Vulkan renders the default
//! scenario to a PNG of the window's size with many colours; with a melee pending, and with its
//! report open.

use std::process::Command;

/// Runs the game under Xvfb to a screenshot; returns the pixels, or `None` without Xvfb
/// (outside CI).
fn shoot(name: &str, extra: &[&str]) -> Option<Vec<u8>> {
    shoot_with(name, &[], extra)
}

/// `shoot` with arguments before `--screenshot` (a subcommand such as `edit FILE`).
fn shoot_with(name: &str, lead: &[&str], extra: &[&str]) -> Option<Vec<u8>> {
    let have_xvfb = Command::new("xvfb-run").arg("--help").output().is_ok();
    if !have_xvfb {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must install xvfb (see .ci/run)"
        );
        eprintln!("xvfb-run is not installed: skipping the window test");
        return None;
    }
    let out = std::env::temp_dir().join(format!("bayonet-{name}.png"));
    let _ = std::fs::remove_file(&out);
    let status = Command::new("xvfb-run")
        .args([
            "-a",
            "-s",
            "-screen 0 1280x800x24",
            env!("CARGO_BIN_EXE_bayonet"),
        ])
        .args(lead)
        .arg("--screenshot")
        .arg(&out)
        .args(extra)
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
    buf.truncate(info.buffer_size());
    let colours: std::collections::HashSet<&[u8]> = buf.chunks(px).collect();
    assert!(
        colours.len() > 200,
        "only {} distinct colours: blank?",
        colours.len()
    );
    Some(buf)
}

#[test]
fn screenshot_of_the_default_scenario() {
    shoot("screenshot-test", &[]);
}

#[test]
fn screenshots_with_a_melee_pending_and_with_its_report() {
    // 52nd North Carolina (14,4) on the 6th Wisconsin (13,4), in the Confederates' turn.
    let Some(plain) = shoot("plain", &[]) else {
        return;
    };
    let pending = shoot("melee-pending", &["--declare", "14,4>13,4"]).unwrap();
    let report = shoot("melee-report", &["--declare", "14,4>13,4", "--resolve"]).unwrap();
    let differ = |a: &[u8], b: &[u8]| a.iter().zip(b).filter(|(x, y)| x != y).count();
    assert!(differ(&plain, &pending) > 500, "the pending melee shows");
    // Its strengths and odds are in the right-hand panel (screen space, 14 px text), not on
    // the map over the counters: that region changes a lot, in a 1280×800 window.
    let region = |img: &[u8]| -> Vec<u8> {
        let px = img.len() / (1280 * 800);
        (140..240)
            .flat_map(|y| img[(y * 1280 + 980) * px..(y * 1280 + 1270) * px].to_vec())
            .collect()
    };
    assert!(
        differ(&region(&plain), &region(&pending)) > 10_000,
        "the pending-melee panel shows"
    );
    assert!(differ(&pending, &report) > 5000, "the report shows");
}

#[test]
fn screenshot_of_the_editor_on_a_historical_scenario() {
    // The editor on a copy (it may write nothing, but a copy keeps maps/ safe regardless).
    let copy = std::env::temp_dir().join(format!("bayonet-edit-{}.ron", std::process::id()));
    std::fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/maps/railroad_cut.ron"),
        &copy,
    )
    .unwrap();
    let Some(px) = shoot_with("editor", &["edit", copy.to_str().unwrap()], &[]) else {
        return;
    };
    // The panels: the tool palette's dark column on the left edge, map colours beyond it.
    let n = px.len() / (1280 * 800);
    let at = |x: usize, y: usize| &px[(y * 1280 + x) * n..(y * 1280 + x) * n + 3];
    let dark = |p: &[u8]| p.iter().map(|c| *c as u32).sum::<u32>() < 200;
    assert!(
        dark(at(228, 700)),
        "palette at the left: {:?}",
        at(228, 700)
    );
    assert!(
        !dark(at(640, 400)),
        "the map in the middle: {:?}",
        at(640, 400)
    );
    // The file is unchanged: a screenshot saves nothing.
    assert_eq!(
        std::fs::read_to_string(&copy).unwrap(),
        include_str!("../maps/railroad_cut.ron")
    );
}

#[test]
fn the_game_started_in_the_checkout_saves_to_the_data_folder_and_writes_nothing_there() {
    // Issue 29: the real window, started from the source tree with a home of its own; the
    // computer plays both sides until its first side turn ends and the autosave is written.
    if Command::new("xvfb-run").arg("--help").output().is_err() {
        assert!(std::env::var_os("CI").is_none(), "CI must install xvfb");
        eprintln!("xvfb-run is not installed: skipping the window test");
        return;
    }
    let home = std::env::temp_dir().join(format!("bayonet-home-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(&home).unwrap();
    let save = home.join(".local/share/bayonet/saves/bayonet-autosave.ron");
    // The other side's turn shown at once, not at a reader's pace: the test waits on the
    // autosave, not on the show (issue 63: 26 s of the tests' time was this window waiting).
    let config = home.join(".config/bayonet");
    std::fs::create_dir_all(&config).unwrap();
    std::fs::write(config.join("settings.ron"), "(pace: Instant)").unwrap();
    let before = super::places::checkout_files();
    let script = format!(
        "\"$0\" --computer both --size 1024x768 & pid=$!; \
         for i in $(seq 1500); do [ -f '{}' ] && break; sleep 0.2; done; kill $pid; wait $pid; true",
        save.display()
    );
    let status = Command::new("xvfb-run")
        .args(["-a", "-s", "-screen 0 1024x768x24", "sh", "-c", &script])
        .arg(env!("CARGO_BIN_EXE_bayonet"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("HOME", &home)
        .env_remove("XDG_DATA_HOME")
        .env_remove("XDG_CONFIG_HOME")
        .env_remove("BAYONET_DATA")
        .env_remove("BAYONET_CONFIG")
        // Tests are silent (issue 63).
        .env("BAYONET_SOUND", "off")
        .status()
        .expect("xvfb-run runs");
    assert!(status.success(), "{status}");
    let text = std::fs::read_to_string(&save).expect("an autosave in the data folder's saves");
    assert!(text.contains("bayonet-save"), "{text:.200}");
    let added: Vec<_> = super::places::checkout_files()
        .into_iter()
        .filter(|f| !before.contains(f))
        .collect();
    assert!(
        added.is_empty(),
        "the game wrote into the checkout: {added:?}"
    );
    std::fs::remove_dir_all(&home).unwrap();
}

/// Issue 44, item 8: before Start the map is curtained: the enemy's deployment shows neither
/// round the start dialog nor through it (Fog of War, on for a new game, is not yet in force).
/// Down the left margin, clear of the dialog, every pixel is the curtain's one colour.
#[test]
fn the_start_dialog_curtains_the_map() {
    let Some(px) = shoot("dialog-curtain", &["--dialog"]) else {
        return;
    };
    let n = px.len() / (1280 * 800);
    let at = |x: usize, y: usize| px[(y * 1280 + x) * n..(y * 1280 + x) * n + 3].to_vec();
    let first = at(30, 40);
    for y in (40..790).step_by(5) {
        assert_eq!(at(30, y), first, "the map shows at 30,{y}");
    }
}
