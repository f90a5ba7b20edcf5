//! The one interpreter (`rules::game`, issue 46): the window's concern systems, the command
//! line, replays and the computer's look-ahead all apply orders through it, so a game played
//! either way reaches the same state; and a snapshot keeps every field an order can change.

use bayonet::rules::board::Board;
use bayonet::rules::game::Game;
use bayonet::rules::order::Order;
use bayonet::rules::params::MeleeSystemName;
use bayonet::rules::scenario::{self, Scenario};
use bayonet::rules::snapshot::Snapshot;
use bayonet::sim::{self, Brain, GiveOrder};

fn scenario(file: &str) -> Scenario {
    scenario::load_file(&format!("{}/maps/{file}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// The computer (`brains`) plays `game` for `side_turns` side turns through the interpreter,
/// as `bayonet autoplay` does; the orders it gave.
fn computer_plays(game: &mut Game, brains: [Brain; 2], side_turns: usize) -> Vec<Order> {
    bayonet::cli::autoplay::play_side_turns(game, brains, side_turns);
    game.log.clone()
}

/// The same orders given to the window's game (the ECS front), one a frame.
fn through_the_window(s: &Scenario, seed: u64, orders: &[Order]) -> Snapshot {
    let mut app = crate::common::headless_app(s.clone(), Some(seed));
    for o in orders {
        app.world_mut().write_message(GiveOrder(o.clone()));
        app.update();
    }
    assert!(
        sim::save::save(app.world_mut()).orders == orders,
        "the window carried out every order the interpreter did"
    );
    sim::save::snapshot(app.world())
}

/// Issue 46, done when: a game replays through `rules::game` to the same final hash as through
/// the ECS, for every scenario and melee system. The orders are the basic computer's (with
/// melees, fire, moves, facing and formation changes), for the first side turns of each
/// scenario (the whole of the small ones).
#[test]
fn every_scenario_and_melee_system_replays_the_same_through_the_interpreter_and_the_window() {
    let files = [
        ("test_melee.ron", 40),
        ("test_skirmish.ron", 40),
        ("harpers_crossing.ron", 6),
        ("railroad_cut.ron", 3),
        ("brandy_station.ron", 2),
    ];
    let mut kinds = std::collections::HashSet::new();
    for (file, turns) in files {
        for system in MeleeSystemName::ALL {
            let mut s = scenario(file);
            s.params.melee_system = system;
            let seed = 7;
            let mut game = Game::new(s.clone(), Some(seed));
            let orders = computer_plays(&mut game, [Brain::Computer; 2], turns);
            assert!(orders.len() > 2, "{file}: the computer gave orders");
            for o in &orders {
                kinds.insert(std::mem::discriminant(o));
            }
            let window = through_the_window(&s, seed, &orders);
            assert_eq!(
                window.hash(),
                game.snapshot().hash(),
                "{file} under {system:?}: {} orders",
                orders.len()
            );
        }
    }
    assert!(
        kinds.len() >= 5,
        "several kinds of order were given: {}",
        kinds.len()
    );
}

/// Issue 46, item 5: a snapshot is the board's serde form plus the dice, and carries every field
/// an order can change. The board is taken apart field by field with no `..` (a field added to
/// `Board` does not compile here until the test sets it), each changing field is set away from
/// where the game stands, the snapshot written as text, read back and put on a fresh board of
/// the scenario: the boards are the same, every field (the scenario's parts from the fresh
/// board, the rest from the text).
#[test]
fn a_snapshot_restores_every_changing_field_through_its_text() {
    use bayonet::rules::board::Phase;
    let s = scenario("harpers_crossing.ron");
    let mut game = Game::new(s.clone(), Some(3));
    computer_plays(&mut game, [Brain::Computer; 2], 3);
    let Board {
        map,
        params,
        units,
        night,
        turn,
        acting,
        // The scenario's: not in a snapshot; the board it is put on keeps its own.
        edges: _,
        minutes,
        last_turn,
        first_side: _,
        over,
        pending,
        phase_losers,
        phase,
        reinforcements,
        fog,
        organisation: _,
        intent: _,
        fallen,
    } = &mut game.board;
    *night = !*night;
    *turn += 1;
    *acting = acting.enemy();
    *minutes += 20;
    *last_turn += 1;
    *over = true;
    *phase = Phase::OffensiveFire;
    params.optional.phased_play = !params.optional.phased_play;
    units[0].men += 1;
    units.remove(1);
    pending.push(bayonet::rules::melee::Declaration {
        attackers: vec![units[0].id],
        defending_hex: units[2].hex,
        follow_up: false,
    });
    phase_losers.push(units[3].id);
    reinforcements.clear();
    if let Some(o) = map.objectives.first_mut() {
        o.owner = Some(*acting);
        o.since = Some(*turn);
    }
    fog.markers[0].clear();
    fog.fired[1].push(units[0].id);
    let bridge = map
        .bridges
        .values_mut()
        .next()
        .expect("Harper's Crossing has a bridge");
    bridge.strength -= 50;
    fallen.push(bayonet::rules::organisation::Fallen {
        leader: units[4].clone(),
        post: bayonet::rules::unit::Post::Army,
    });
    let snap = game.snapshot();
    let text = ron::to_string(&snap).unwrap();
    let back: Snapshot = ron::from_str(&text).unwrap();
    // The scenario's parts are not written: of the map, only what orders change.
    for part in ["edges:", "first_side:", "organisation:"] {
        assert!(!text.contains(part), "{part} {text}");
    }
    let map = ron::to_string(&game.board.map).unwrap();
    assert!(
        map.starts_with("(bridges:[((x:14,y:10),(strength:"),
        "{map}"
    );
    assert!(map.contains("],objectives:[(name:"), "{map}");
    for part in [
        "width",
        "terrain",
        "elevation",
        "sides:",
        "roads",
        "labels",
        "supply",
    ] {
        assert!(!map.contains(part), "{part} {map}");
    }
    let mut fresh = Game::new(s, Some(99));
    // Another state is another snapshot (by its text, its hash).
    assert_ne!(fresh.snapshot(), snap);
    assert_ne!(fresh.snapshot().hash(), snap.hash());
    fresh.restore(&back, &[]);
    assert_eq!(format!("{:?}", fresh.board), format!("{:?}", game.board));
    assert_eq!(fresh.dice.get_word_pos(), game.dice.get_word_pos());
    assert_eq!(fresh.snapshot(), snap);
    assert_eq!(fresh.snapshot().hash(), snap.hash());
}
