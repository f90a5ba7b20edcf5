//! Replays (issue 31, item 3): a whole game's timeline gives the exact state after every order,
//! going forward and back, against a straight replay of the same orders and `bayonet run`.

use std::sync::OnceLock;

use bayonet::rules::order::Order;
use bayonet::rules::scenario::{Scenario, load_file};
use bayonet::save::timeline::{SPACING, Timeline};
use bayonet::sim::save::{self, SaveGame};
use bayonet::sim::{Brain, GiveOrder, Players, Table};

pub fn harpers() -> Scenario {
    load_file(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/maps/harpers_crossing.ron"
    ))
    .unwrap()
}

/// A whole game of Harper's Crossing, the computer on both sides: its save, and the state's
/// hash after each of its orders, replayed one at a time as `bayonet run` does.
pub fn whole_game() -> &'static (SaveGame, Vec<String>) {
    static GAME: OnceLock<(SaveGame, Vec<String>)> = OnceLock::new();
    GAME.get_or_init(|| {
        let mut app = crate::common::headless_app(harpers(), Some(11));
        app.insert_resource(Players([Some(Brain::Computer), Some(Brain::Computer)]));
        for _ in 0..100_000 {
            app.update();
            if app.world().resource::<Table>().board.over {
                break;
            }
        }
        assert!(
            app.world().resource::<Table>().board.over,
            "the game ran to its end"
        );
        let saved = save::save(app.world_mut());
        let mut again = crate::common::headless_app(harpers(), Some(saved.seed));
        let mut hashes = vec![save::snapshot(again.world()).hash()];
        for o in &saved.orders {
            again.world_mut().write_message(GiveOrder(o.clone()));
            again.update();
            hashes.push(save::snapshot(again.world()).hash());
        }
        (saved, hashes)
    })
}

#[test]
fn a_timeline_gives_the_exact_state_after_every_order_forward_and_back() {
    let (saved, hashes) = whole_game();
    let n = saved.orders.len();
    assert!(n > 100, "a whole game has many orders ({n})");
    assert_eq!(
        hashes[n], saved.hash,
        "the straight replay ends where the game did"
    );
    let t = Timeline::of_save(saved).unwrap();
    assert_eq!(t.len(), n);
    // Snapshots at every side turn's start and at most SPACING orders apart.
    assert!(t.snapshots() >= n / SPACING, "{} snapshots", t.snapshots());
    assert!(
        t.turns.len() >= 20,
        "every side turn marked: {}",
        t.turns.len()
    );
    for k in 0..=n {
        assert_eq!(t.state_at(k).hash(), hashes[k], "forward, after order {k}");
    }
    for k in (0..=n).rev() {
        assert_eq!(t.state_at(k).hash(), hashes[k], "back, after order {k}");
    }
    // Each side turn's start is where the log says a turn began.
    for m in &t.turns[1..] {
        let before = &saved.orders[m.order - 1];
        assert!(
            matches!(before, Order::EndTurn | Order::EndPhase),
            "turn {} began after {before:?}",
            m.turn
        );
        assert_eq!(t.state_at(m.order).turn, m.turn);
        assert_eq!(t.state_at(m.order).acting, m.side);
    }
}

#[test]
fn the_timelines_end_is_what_bayonet_run_prints() {
    let (saved, _) = whole_game();
    let dir = std::env::temp_dir().join(format!("bayonet-replays-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let orders = dir.join("orders.ron");
    std::fs::write(&orders, ron::to_string(&saved.orders).unwrap()).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_bayonet"))
        .args([
            "run",
            concat!(env!("CARGO_MANIFEST_DIR"), "/maps/harpers_crossing.ron"),
            "--orders",
            orders.to_str().unwrap(),
            "--seed",
            &saved.seed.to_string(),
            "--json",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let t = Timeline::of_save(saved).unwrap();
    assert_eq!(v["final"]["hash"], t.state_at(t.len()).hash());
    let _ = std::fs::remove_dir_all(dir);
}

/// The same on a short game (the skirmish field, the computer on both sides): fast enough for
/// the mutation check, which leaves the whole-game tests out.
#[test]
fn a_timeline_of_a_short_game_gives_every_orders_state() {
    let s = load_file(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/maps/test_skirmish.ron"
    ))
    .unwrap();
    let (_, _, saved) =
        bayonet::cli::autoplay::autoplay_saved(&s, Some(5), [Brain::Computer, Brain::Computer]);
    let mut again = crate::common::headless_app(s.clone(), Some(saved.seed));
    let mut hashes = vec![save::snapshot(again.world()).hash()];
    for o in &saved.orders {
        again.world_mut().write_message(GiveOrder(o.clone()));
        again.update();
        hashes.push(save::snapshot(again.world()).hash());
    }
    let t = Timeline::of_save(&saved).unwrap();
    assert_eq!(t.len(), saved.orders.len());
    assert!(!t.is_empty());
    for k in (0..=t.len()).rev() {
        assert_eq!(t.state_at(k).hash(), hashes[k], "order {k}");
    }
    assert_eq!(
        t.state_at(t.len() + 5).hash(),
        saved.hash,
        "past the end: the end"
    );
    // The turn marks: each side turn's start, in order, with its turn and side.
    let marks: Vec<(u32, u8)> = t.turns.iter().map(|m| (m.turn, m.side.0)).collect();
    let mut want = Vec::new();
    for k in 0..=t.len() {
        let st = t.state_at(k).turn_state();
        // The game's end begins no turn.
        if !st.over && want.last() != Some(&(st.turn, st.side.0)) {
            want.push((st.turn, st.side.0));
        }
    }
    assert_eq!(marks, want);
    for m in &t.turns {
        assert_eq!(t.turn_at(m.order), *m);
        assert_eq!(t.start_of(m.turn, m.side), Some(m.order));
        if m.order > 0 {
            assert_ne!(t.turn_at(m.order - 1), *m);
        }
    }
    assert_eq!(t.start_of(99, bayonet::rules::unit::Side(0)), None);
    // Snapshots at most SPACING orders apart, one at each side turn's start and at the end, and
    // never more than orders and turns need.
    let places = t.snapshot_places();
    assert_eq!((places[0], *places.last().unwrap()), (0, t.len()));
    assert!(
        places
            .windows(2)
            .all(|w| w[0] < w[1] && w[1] - w[0] <= SPACING),
        "{places:?}"
    );
    for m in &t.turns {
        assert!(
            places.contains(&m.order),
            "turn {} at {}: {places:?}",
            m.turn,
            m.order
        );
    }
    assert_eq!(places.len(), t.snapshots());
    assert!(t.snapshots() <= t.len() / SPACING + t.turns.len() + 2);
    // Known by its states, a timeline gives them back as they are.
    let states: Vec<_> = (0..=t.len()).map(|k| t.state_at(k)).collect();
    let known = Timeline::of_states(s.clone(), saved.orders.clone(), states.clone()).unwrap();
    assert_eq!(
        known.turns[..],
        t.turns[..],
        "marks as the states show them"
    );
    for k in 0..=t.len() {
        assert_eq!(known.state_at(k), states[k]);
    }
    assert!(Timeline::of_states(s.clone(), saved.orders.clone(), states[1..].to_vec()).is_none());
    // A game with no orders yet: its start, and nothing to step through.
    let none = Timeline::build(s.clone(), 5, Vec::new());
    assert!(none.is_empty() && none.len() == 0);
    assert_eq!(none.state_at(3).hash(), hashes[0]);
    assert_eq!((none.snapshot_places(), none.turns.len()), (vec![0], 1));
}

/// Issue 44 item 8: `bayonet watch SAVE` opens on the replay with no start dialog over its bar
/// (whose Start would have set the dialog's rules, Fog of War among them, on the replay).
#[cfg(feature = "client")]
#[test]
fn watching_a_save_skips_the_start_dialog() {
    use bayonet::client::StartupOrders;
    use bayonet::client::preset_players;
    let watch = StartupOrders {
        watch: true,
        ..Default::default()
    };
    assert_eq!(
        preset_players(None, false, &watch, false),
        Some([None, None])
    );
    assert_eq!(
        preset_players(None, true, &watch, false),
        Some([None, None])
    );
    let play = StartupOrders::default();
    assert_eq!(
        preset_players(None, false, &play, false),
        None,
        "a new game asks"
    );
    // Issue 76, item 13: a finished game's save opens on its map and end screen, not on the
    // library, whose dialog kept Esc and the report's key from the map.
    assert_eq!(preset_players(None, false, &play, true), Some([None, None]));
    let dialog = StartupOrders {
        dialog: true,
        ..Default::default()
    };
    assert_eq!(preset_players(None, true, &dialog, false), None);
    assert_eq!(preset_players(None, true, &play, false), Some([None, None]));
    let chosen = [None, Some(bayonet::sim::Brain::Hold)];
    assert_eq!(
        preset_players(Some(chosen), false, &watch, false),
        Some(chosen)
    );
}
