//! The other side's turn, shown (issue 31, item 1), its results cards (item 2) and replays in
//! the window (item 3), in a window-less game driven frame by frame.

use std::time::Duration;

use bayonet::client::input::command::Hint;
use bayonet::client::replay::playback::{ActionKind, ActionMark, Pace, Playback, ShownLog};
use bayonet::client::replay::watch::{Replay, SCRUB_PARTS, Watch, Watching};
use bayonet::client::reports::report::{LogLine, Report};
use bayonet::client::reports::results_card::Cards;
use bayonet::client::theme::settings::{Settings, SettingsFile};
use bayonet::rules::scenario::Scenario;
use bayonet::rules::unit::Side;
use bayonet::sim::{Brain, GiveOrder, Players, ShowHold, Table};
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;

fn seen(s: Scenario) -> App {
    let mut app =
        bayonet::client::windowless_app_with(s, bayonet::client::headless, SettingsFile(None));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        50,
    )));
    app.update();
    app
}

fn camera(app: &mut App) -> Vec2 {
    let mut q = app
        .world_mut()
        .query_filtered::<&Transform, With<bayonet::client::map::camera::MapCamera>>();
    q.single(app.world()).unwrap().translation.truncate()
}

/// A long field: a weak Union regiment faces a strong Confederate one at each end, too far apart
/// to see both at once; a Confederate battery covers the east end.
pub fn long_field() -> Scenario {
    let (w, h) = (32, 8);
    let rows = |c: char| {
        (0..h)
            .map(|_| format!("            \"{}\",", c.to_string().repeat(w)))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let text = format!(
        r#"(
    name: "Test: long field",
    map: (
        width: {w},
        height: {h},
        terrain: [
{t}
        ],
        elevation: [
{e}
        ],
        hexsides: [],
    ),
    sides: [
        (name: "Union", color: (0.16, 0.28, 0.62), edge: West),
        (name: "Confederate", color: (0.55, 0.55, 0.58), edge: East),
    ],
    first_side: 0,
    turns: 3,
    start_time: "10:00",
    victory: (major_defeat: -100, minor_defeat: -50, minor_victory: 50, major_victory: 100),
    seed: 7,
    brigades: [
        (id: "U", name: "Union brigade", side: 0),
        (id: "C", name: "Confederate brigade", side: 1),
    ],
    units: [
        (id: 1, name: "Union left", side: 0, brigade: "U", kind: Infantry, at: (2, 3), facing: NE, men: 120, quality: D),
        (id: 2, name: "Rebel left", side: 1, brigade: "C", kind: Infantry, at: (3, 3), facing: SW, men: 900, quality: B),
        (id: 3, name: "Union right", side: 0, brigade: "U", kind: Infantry, at: (28, 3), facing: NE, men: 120, quality: D),
        (id: 4, name: "Rebel right", side: 1, brigade: "C", kind: Infantry, at: (29, 3), facing: SW, men: 900, quality: B),
        (id: 5, name: "Rebel battery", side: 1, brigade: "C", kind: Artillery, at: (30, 1), facing: SW, formation: Unlimbered, men: 90, guns: 4, quality: C),
    ],
)"#,
        t = rows('.'),
        e = rows('0'),
    );
    bayonet::rules::scenario::parse("long_field.ron", &text).unwrap()
}

/// The Union's turn ended with the computer playing the Confederates: frames run until the
/// Union's turn is back and the show is over. Checks on the way that the computer never gave an
/// order while the show held it, and that no line called a Union unit "(enemy)".
fn computers_turn(app: &mut App) -> Vec<(ActionKind, usize)> {
    app.insert_resource(Players([None, Some(Brain::Computer)]));
    app.world_mut()
        .write_message(GiveOrder(bayonet::rules::order::Order::EndTurn));
    app.update();
    let mut marks: Vec<(ActionKind, usize)> = Vec::new();
    let ours: Vec<String> = app
        .world()
        .resource::<Table>()
        .board
        .units
        .iter()
        .filter(|u| u.side == Side(0))
        .map(|u| format!("{} (enemy)", u.name))
        .collect();
    for _ in 0..5000 {
        let held = app.world().resource::<ShowHold>().0;
        let before = app.world().resource::<bayonet::sim::Table>().log.len();
        app.update();
        if held {
            assert_eq!(
                app.world().resource::<bayonet::sim::Table>().log.len(),
                before,
                "an order while the show held the computer"
            );
        }
        let mut q = app.world_mut().query::<&ActionMark>();
        for m in q.iter(app.world()) {
            let k = m.action.kind();
            match marks.iter_mut().find(|(x, _)| *x == k) {
                Some((_, n)) => *n += 1,
                None => marks.push((k, 1)),
            }
        }
        let hint = app.world().resource::<Hint>().0.clone();
        let lines = &app.world().resource::<Report>().lines;
        for o in &ours {
            assert!(!hint.contains(o.as_str()), "{hint}");
            assert!(!lines.iter().any(|l| l.contains(o.as_str())), "{o}");
        }
        if app.world().resource::<Table>().board.turn_state().side == Side(0)
            && !app.world().resource::<Playback>().busy()
        {
            return marks;
        }
    }
    panic!("the computer's turn never ended");
}

fn kinds(app: &App) -> Vec<ActionKind> {
    app.world()
        .resource::<ShownLog>()
        .0
        .iter()
        .map(|s| s.kind)
        .collect()
}

/// Issue 31, done-when 1: the computer's turn plays on the map; the camera goes to each action
/// outside the view, and fire and melee leave their marks.
#[test]
fn the_computers_turn_is_shown_and_the_camera_follows_what_is_out_of_view() {
    let mut app = seen(long_field());
    let start = camera(&mut app);
    let marks = computers_turn(&mut app);
    let log = app.world().resource::<ShownLog>().0.clone();
    let k = kinds(&app);
    for want in [ActionKind::Declare, ActionKind::Fire, ActionKind::Melee] {
        assert!(k.contains(&want), "{want:?} shown: {k:?}");
        assert!(
            marks.iter().any(|(x, n)| *x == want && *n > 0),
            "{want:?} marked on the map: {marks:?}"
        );
    }
    assert!(log.iter().all(|s| s.marked), "every beat marked: {log:#?}");
    assert!(
        log.iter().all(|s| s.in_view),
        "every action in view when its marks were drawn: {log:#?}"
    );
    let followed: Vec<_> = log.iter().filter(|s| s.was_out_of_view).collect();
    assert!(
        !followed.is_empty(),
        "the east end lies out of the first view"
    );
    // Each followed action moved the camera to it.
    let mut at = start;
    for s in &log {
        if s.was_out_of_view {
            assert_ne!(s.camera, at, "{s:?}");
        }
        at = s.camera;
    }
    // Both ends were fought over, far apart: the camera went east and came back west.
    let xs: Vec<i32> = log.iter().map(|s| s.focus.x).collect();
    assert!(
        xs.iter().any(|x| *x > 20) && xs.iter().any(|x| *x < 6),
        "{xs:?}"
    );
}

/// With following off, the camera stays where the player left it.
#[test]
fn with_following_off_the_camera_stays() {
    let mut app = seen(long_field());
    app.world_mut().resource_mut::<Settings>().follow = false;
    let start = camera(&mut app);
    computers_turn(&mut app);
    assert!(!kinds(&app).is_empty());
    assert_eq!(camera(&mut app), start);
    assert!(
        app.world()
            .resource::<ShownLog>()
            .0
            .iter()
            .any(|s| !s.in_view),
        "the east end was shown out of view"
    );
}

/// The instant pace shows nothing and the computer does not wait; the readable pace takes
/// longer than the fast one.
#[test]
fn the_pace_sets_how_long_the_computers_turn_takes() {
    let frames = |pace: Pace| {
        let mut app = seen(long_field());
        app.world_mut().resource_mut::<Settings>().pace = pace;
        let t0 = app.world().resource::<Time>().elapsed_secs();
        computers_turn(&mut app);
        let shown = app.world().resource::<ShownLog>().0.len();
        (app.world().resource::<Time>().elapsed_secs() - t0, shown)
    };
    let (readable, n1) = frames(Pace::Readable);
    let (fast, n2) = frames(Pace::Fast);
    let (instant, n3) = frames(Pace::Instant);
    assert_eq!(n1, n2, "the same beats at either pace");
    assert!(n1 >= 5);
    assert_eq!(n3, 0, "instant: no show");
    assert!(readable > fast * 2.0, "{readable} s against {fast} s");
    assert!(fast > instant, "{fast} s against {instant} s");
    assert!(instant < 2.0, "{instant} s");
}

/// Paused, the computer waits; each Step lets the show on by one beat (or one order on).
#[test]
fn paused_the_computer_waits_and_step_goes_on_by_one_action() {
    let mut app = seen(long_field());
    app.world_mut().resource_mut::<Playback>().paused = true;
    app.insert_resource(Players([None, Some(Brain::Computer)]));
    app.world_mut()
        .write_message(GiveOrder(bayonet::rules::order::Order::EndTurn));
    for _ in 0..5 {
        app.update();
    }
    let before = app.world().resource::<bayonet::sim::Table>().log.len();
    for _ in 0..40 {
        app.update();
    }
    assert_eq!(
        app.world().resource::<bayonet::sim::Table>().log.len(),
        before,
        "paused"
    );
    assert!(app.world().resource::<ShownLog>().0.is_empty());
    let mut shown = 0;
    for _ in 0..3 {
        bayonet::client::replay::playback::step(&mut app.world_mut().resource_mut::<Playback>());
        for _ in 0..60 {
            app.update();
        }
        let now = app.world().resource::<ShownLog>().0.len();
        assert_eq!(now, shown + 1, "one beat a step");
        shown = now;
    }
}

/// Issue 31, item 2: a card for each melee and each fire, with the melee's whole breakdown; the
/// newest shows; closed, it stays in the log, whose line opens it again.
#[test]
fn every_melee_and_fire_has_a_results_card_the_log_reopens() {
    let mut app = seen(long_field());
    computers_turn(&mut app);
    let cards = app.world().resource::<Cards>();
    let melees = cards
        .all
        .iter()
        .filter(|c| c.title.starts_with("Melee at"))
        .count();
    let fires = cards
        .all
        .iter()
        .filter(|c| c.title.contains("ire:"))
        .count();
    let shown = kinds(&app);
    let count = |k| shown.iter().filter(|x| **x == k).count();
    assert_eq!(melees, count(ActionKind::Melee));
    // The defenders' fire before a melee is on that melee's card.
    let defensive = cards
        .all
        .iter()
        .flat_map(|c| &c.lines)
        .filter(|l| l.starts_with("defensive fire"))
        .count();
    assert!(fires >= 1);
    assert_eq!(
        fires + defensive,
        count(ActionKind::Fire),
        "{fires} fire cards"
    );
    assert_eq!(cards.open.len(), cards.all.len(), "cards stay until closed");
    assert_eq!(cards.showing, Some(cards.all.len() - 1), "the newest shows");
    let melee = cards
        .all
        .iter()
        .find(|c| c.title.starts_with("Melee at"))
        .unwrap();
    let text = melee.lines.join("\n");
    for word in [
        "against",
        "odds",
        "modifiers",
        "loss ranges",
        "men",
        "Attackers:",
        "Defenders:",
    ] {
        assert!(text.contains(word), "{word}: {text}");
    }
    // Closed, every one; a click on a melee's line in the log opens its card again.
    app.world_mut().resource_mut::<Cards>().close_all();
    app.update();
    let mut q = app.world_mut().query::<(Entity, &LogLine)>();
    let (e, card) = q
        .iter(app.world())
        .find_map(|(e, l)| l.card.map(|c| (e, c)))
        .expect("a line with a card");
    app.world_mut().entity_mut(e).insert(Interaction::Pressed);
    app.update();
    let cards = app.world().resource::<Cards>();
    assert_eq!(
        (cards.showing, cards.open.clone()),
        (Some(card), vec![card])
    );
}

/// Issue 31, item 3, in the window: the toolbar's Watch replays this game from its first order;
/// each step on shows one order and reaches the state a straight replay reaches, each step back
/// rebuilds the one before; at the end the game is handed back as it was.
#[test]
fn watching_this_game_steps_forward_and_back_exactly() {
    let mut app = seen(long_field());
    computers_turn(&mut app);
    let live = bayonet::sim::save::snapshot(app.world()).hash();
    let orders = app.world().resource::<bayonet::sim::Table>().log.clone();
    let mut straight = crate::common::headless_app(long_field(), None);
    let mut hashes = vec![bayonet::sim::save::snapshot(straight.world()).hash()];
    for o in &orders {
        straight.world_mut().write_message(GiveOrder(o.clone()));
        straight.update();
        hashes.push(bayonet::sim::save::snapshot(straight.world()).hash());
    }
    app.world_mut().write_message(Watch::ThisGame { from: 0 });
    app.update();
    let hash = |app: &App| bayonet::sim::save::snapshot(app.world()).hash();
    assert_eq!(hash(&app), hashes[0], "the start");
    assert!(app.world().contains_resource::<bayonet::sim::Replaying>());
    for k in 1..=orders.len() {
        app.world_mut().write_message(Replay::On);
        app.update();
        while app.world().resource::<Playback>().busy() {
            app.update();
        }
        assert_eq!(app.world().resource::<Watching>().at, k);
        assert_eq!(hash(&app), hashes[k], "on to order {k}");
    }
    assert!(
        !app.world().resource::<ShownLog>().0.is_empty(),
        "going on shows the orders"
    );
    for k in (0..orders.len()).rev() {
        app.world_mut().write_message(Replay::Back);
        app.update();
        assert_eq!(hash(&app), hashes[k], "back to order {k}");
    }
    // A jump by the scrub bar, then the end, then back to the game.
    app.world_mut().write_message(Replay::To(SCRUB_PARTS / 2));
    app.update();
    let half = (orders.len() as f64 / 2.0).round() as usize;
    assert_eq!(hash(&app), hashes[half]);
    // Issue 44 item 8: after the jump neither the card nor the log's last line is the order
    // before it: the card is closed, and the log says where the replay stands.
    assert_eq!(app.world().resource::<Cards>().showing, None);
    let last = app
        .world()
        .resource::<bayonet::client::reports::report::Report>()
        .lines
        .last()
        .cloned()
        .unwrap_or_default();
    assert!(
        last.starts_with(&format!("Replay: order {half} of {}", orders.len())),
        "{last}"
    );
    app.world_mut().write_message(Replay::Leave);
    app.update();
    assert!(!app.world().contains_resource::<Watching>());
    assert_eq!(hash(&app), live, "the game handed back as it stood");
    assert_eq!(app.world().resource::<bayonet::sim::Table>().log, orders);
}

/// Issue 31, item 2, under every melee system: the card carries the system's own breakdown.
#[test]
fn a_melee_card_under_every_system_has_its_own_breakdown() {
    use bayonet::rules::order::{At, Order};
    use bayonet::rules::params::MeleeSystemName as M;
    for (system, word) in [
        (M::Tiller, "loss ranges"),
        (M::Austerlitz, "odds:"),
        (M::Bodenstedt, "d6 "),
        (M::Impetus, "round 1"),
        (M::LaBataille, "pre-melee checks"),
    ] {
        // The first seed whose melee is fought (the defenders' fire may call one off).
        let mut app = seen(crate::rig::field());
        for seed in 0..40 {
            app = seen(crate::rig::field());
            app.world_mut()
                .resource_mut::<bayonet::sim::Table>()
                .reseed(seed);
            app.world_mut()
                .resource_mut::<Table>()
                .board
                .params
                .melee_system = system;
            for o in [
                Order::Melee {
                    from: vec![At(4, 4)],
                    units: Vec::new(),
                    at: At(5, 4),
                    follow_up: true,
                },
                Order::Resolve,
            ] {
                app.world_mut().write_message(GiveOrder(o));
                app.update();
            }
            app.update();
            if !app.world().resource::<bayonet::sim::Table>().log.is_empty()
                && app
                    .world()
                    .resource::<Cards>()
                    .all
                    .iter()
                    .any(|c| c.title.starts_with("Melee at 5,4: the"))
            {
                break;
            }
        }
        let cards = app.world().resource::<Cards>();
        let card = cards
            .all
            .iter()
            .find(|c| c.title.starts_with("Melee at 5,4: the"))
            .unwrap_or_else(|| panic!("{system:?}: {:?}", cards.all));
        let text = card.lines.join("\n");
        assert!(text.contains(word), "{system:?}: {word:?} in {text}");
        assert!(
            text.contains("men"),
            "{system:?}: losses per unit in {text}"
        );
        assert!(text.contains("odds"), "{system:?}: the odds in {text}");
    }
}

/// Issue 31, done-when 2, in the window: `bayonet watch` of a whole Harper's Crossing game,
/// stepped on to its end and back to its start, reaches at every order the state a straight
/// replay of the orders reaches (`replays::whole_game`, checked there against `bayonet run`).
#[test]
fn watching_a_whole_harpers_crossing_game_forward_and_back_in_the_window() {
    let (saved, hashes) = crate::replays::whole_game();
    let mut app = seen(crate::replays::harpers());
    app.world_mut().resource_mut::<Settings>().pace = Pace::Instant;
    app.world_mut()
        .write_message(Watch::Save(Box::new(saved.clone())));
    app.update();
    let hash = |app: &App| bayonet::sim::save::snapshot(app.world()).hash();
    assert_eq!(hash(&app), hashes[0]);
    let n = saved.orders.len();
    for k in 1..=n {
        app.world_mut().write_message(Replay::On);
        app.update();
        assert_eq!(hash(&app), hashes[k], "on to order {k}");
    }
    for k in (0..n).rev() {
        app.world_mut().write_message(Replay::Back);
        app.update();
        assert_eq!(hash(&app), hashes[k], "back to order {k}");
    }
    // A turn on, and back: each lands on a side turn's start.
    app.world_mut().write_message(Replay::TurnOn);
    app.update();
    let at = app.world().resource::<Watching>().at;
    let t = &app.world().resource::<Watching>().timeline;
    assert_eq!(t.turns[1].order, at);
    assert_eq!(hash(&app), hashes[at]);
    app.world_mut().write_message(Replay::End);
    app.update();
    assert_eq!(hash(&app), saved.hash, "the end is the save's");
}

/// D-obj-2 in the window: every change of the score the side at the screen can count goes into
/// the log with its reason, in that side's points ("-45: Union lost 45 men"); the log's changes
/// add up to the change of the top bar's points over the computer's turn, and the top bar says
/// the latest.
#[test]
fn each_change_of_the_score_is_logged_with_its_reason() {
    use bayonet::client::reports::score_news::ScoreNews;
    let s = long_field();
    let mut app = seen(s.clone());
    let side = app
        .world()
        .get_resource::<bayonet::client::seen::Viewer>()
        .and_then(|v| v.0)
        .unwrap_or(s.first_side);
    let points = |app: &App| {
        let g = &app.world().resource::<Table>().board;
        let vp = bayonet::rules::victory::report_as_seen(&s, g, side).total;
        if side == s.first_side { vp } else { -vp }
    };
    let before = points(&app);
    let logged = app.world().resource::<Report>().lines.len();
    computers_turn(&mut app);
    let after = points(&app);
    let lines: Vec<String> = app.world().resource::<Report>().lines[logged..]
        .iter()
        .filter(|l| {
            (l.starts_with('+') || l.starts_with('-'))
                && l.split(": ")
                    .next()
                    .is_some_and(|p| p[1..].parse::<u32>().is_ok())
        })
        .cloned()
        .collect();
    let sum: f64 = lines
        .iter()
        .map(|l| l.split(':').next().unwrap().parse::<f64>().unwrap())
        .sum();
    assert!(after != before, "the computer's turn moved the score");
    assert_eq!(sum, after - before, "{lines:?}");
    assert!(
        lines
            .iter()
            .all(|l| l.contains(" lost ") || l.contains(" taken by ")),
        "{lines:?}"
    );
    // The top bar said the latest for its few seconds; the latest are the log's last.
    let latest = app.world().resource::<ScoreNews>().latest.clone();
    assert!(
        !latest.is_empty() && lines.ends_with(&latest),
        "{latest:?} {lines:?}"
    );
}
