//! The historical scenarios (Brandy Station; the Railroad Cut): at the series' scale, with
//! the features their period maps show, in the start dialog's list, and played to the end by
//! the computer on both sides with its orders passing the rules; and the battles drawn for the
//! library (issue 61: Little Round Top, Burnside's Bridge, Henry House Hill, the Hornet's Nest,
//! Pickett's Charge), each of its size, sourced, organised, named, measured and played to its
//! end.

use bayonet::rules::map::{Road, SideFeature};
use bayonet::rules::scenario::{Scenario, parse};
use bayonet::sim::save;
use bayonet::sim::{Brain, OrderRejected, Players};
use bevy::prelude::*;

const HISTORICAL: [&str; 2] = ["maps/brandy_station.ron", "maps/railroad_cut.ron"];

fn load(path: &str) -> Scenario {
    let text = bayonet::SCENARIOS
        .iter()
        .find(|(p, _)| *p == path)
        .unwrap_or_else(|| panic!("{path} is not in bayonet::SCENARIOS (the start dialog)"))
        .1;
    parse(path, text).unwrap()
}

#[test]
fn historical_scenarios_are_at_the_series_scale_with_their_maps_features() {
    for path in HISTORICAL {
        let s = load(path);
        let sum = s.summary();
        assert!(
            sum.width >= 80 && sum.height >= 60,
            "{path}: {}×{}",
            sum.width,
            sum.height
        );
        let all = s.units.len() + s.reinforcements.len();
        assert!(all >= 85, "{path}: {all} units");
        assert!(
            !s.reinforcements.is_empty(),
            "{path}: reinforcements by turn"
        );
        assert!(
            s.reinforcements
                .iter()
                .all(|r| r.turn >= 2 && r.turn <= s.turns),
            "{path}"
        );
        for word in ["Sources:", "Approximations:", "Official Records"] {
            assert!(
                s.description.contains(word),
                "{path}: description lacks {word}"
            );
        }
        for f in ["creek", "ford", "stream", "fence", "stone wall"] {
            assert!(
                sum.hexside_features.get(f).copied().unwrap_or(0) > 0,
                "{path}: no {f} in {:?}",
                sum.hexside_features
            );
        }
        for r in [Road::Road, Road::Pike, Road::Rail] {
            assert!(sum.roads.contains_key(r.name()), "{path}: no {}", r.name());
        }
        assert!(sum.objectives >= 6, "{path}");
        let high = s.map.hexes().map(|h| s.map.elevation(h)).max().unwrap();
        assert!(high >= 5, "{path}: highest level {high}");
        assert!(
            sum.terrain.get("forest").copied().unwrap_or(0) > 100,
            "{path}: {:?}",
            sum.terrain
        );
        // Every leader, regiment and battery has a real name; ids are unique (checked on load).
        assert!(s.units.iter().all(|u| u.name.len() > 5));
    }
    // The railroad cut: its cuts, its fill and the pike bridge over Marsh Creek.
    let rc = load("maps/railroad_cut.ron").summary();
    for f in [
        SideFeature::Cut,
        SideFeature::Embankment,
        SideFeature::Bridge,
    ] {
        assert!(
            rc.hexside_features.contains_key(f.name()),
            "{:?}",
            rc.hexside_features
        );
    }
}

/// Plays a whole game with the computer on both sides; returns (orders, refused).
fn play_out(s: &Scenario, seed: u64) -> (App, usize, usize) {
    let mut app = crate::common::headless_app(s.clone(), Some(seed));
    app.insert_resource(Players([Some(Brain::Computer), Some(Brain::Computer)]));
    let mut rejected = bevy::ecs::message::MessageCursor::<OrderRejected>::default();
    let mut refused = 0;
    for _ in 0..400_000 {
        app.update();
        refused += rejected
            .read(app.world().resource::<Messages<OrderRejected>>())
            .count();
        if crate::common::game(&app).over {
            break;
        }
    }
    let log = app.world().resource::<bayonet::sim::Table>().log.len();
    (app, log, refused)
}

#[test]
fn brandy_station_plays_to_the_end_with_the_computer_on_both_sides() {
    let s = load("maps/brandy_station.ron");
    let (app, log, refused) = play_out(&s, 2);
    let g = crate::common::game(&app);
    assert!(
        g.over && g.turn == s.turns,
        "the game reaches turn {}",
        s.turns
    );
    assert!(g.reinforcements.is_empty(), "every reinforcement arrived");
    assert!(log > 500, "a real game: {log} orders");
    assert_eq!(refused, 0, "{refused} refused of {log}");
}

#[test]
fn the_railroad_cut_plays_to_the_end_with_the_computer_on_both_sides_and_replays() {
    let s = load("maps/railroad_cut.ron");
    let (mut app, log, refused) = play_out(&s, 3);
    let g = crate::common::game(&app);
    assert!(g.over && g.turn == s.turns);
    assert!(g.reinforcements.is_empty(), "every reinforcement arrived");
    assert!(log > 500, "a real game: {log} orders");
    assert_eq!(refused, 0, "{refused} refused of {log}");
    let saved = save::save(app.world_mut());
    assert!(save::replay(&saved).unwrap().matches);
}

/// Every battle drawn for the library (issue 61), with its size: small, medium (a division a
/// side, 30 to 60 units) or large (a corps or more, 100 units or more).
const LIBRARY: [(&str, bayonet::library::Size); 10] = [
    ("maps/little_round_top.ron", bayonet::library::Size::Small),
    ("maps/burnside_bridge.ron", bayonet::library::Size::Small),
    ("maps/henry_house_hill.ron", bayonet::library::Size::Medium),
    ("maps/hornets_nest.ron", bayonet::library::Size::Medium),
    ("maps/picketts_charge.ron", bayonet::library::Size::Large),
    ("maps/the_cornfield.ron", bayonet::library::Size::Large),
    (
        "maps/jacksons_flank_attack.ron",
        bayonet::library::Size::Large,
    ),
    ("maps/brotherton_field.ron", bayonet::library::Size::Medium),
    ("maps/the_crater.ron", bayonet::library::Size::Small),
    (
        "maps/franklin_cotton_gin.ron",
        bayonet::library::Size::Small,
    ),
];

/// Issue 61, item 1: every battle drawn for the library is of its size (a medium one 30 to 60
/// units, a large one 100 or more), dated and typed, sourced with its approximations told,
/// every brigade in its division with a leader where history put one (§17), objectives held as
/// history had them (§18), places named, levels rising and said in its description; and its
/// balance measured (`maps/library/balance.ron`).
#[test]
fn the_library_battles_are_of_their_size_sourced_organised_named_and_measured() {
    use bayonet::library::Size;
    use bayonet::rules::unit::UnitKind;
    let measured = bayonet::library::balance::all().unwrap();
    for (path, size) in LIBRARY {
        let s = load(path);
        let all = s.units.len() + s.reinforcements.len();
        let fits = match size {
            Size::Small => (8..=15).contains(&all),
            Size::Medium => (30..=60).contains(&all),
            Size::Large => all >= 100,
        };
        assert!(fits, "{path}: {all} units for a {size} battle");
        assert_eq!(bayonet::library::size_of(all), size, "{path}");
        assert!(
            s.date.is_some() && s.action.is_some(),
            "{path}: dated and typed"
        );
        for word in ["Sources:", "Approximations:", "Official Records", "levels"] {
            assert!(s.description.contains(word), "{path}: lacks {word}");
        }
        // In its division; or (issue 76, item 16) a corps' headquarters or guns under the
        // corps itself, or the army's headquarters: its generals only, commanding the army.
        let army_headquarters = |b: &str| {
            s.units
                .iter()
                .chain(s.reinforcements.iter().map(|r| &r.unit))
                .filter(|u| u.brigade == b)
                .all(|u| u.commands == Some(bayonet::rules::unit::Post::Army))
        };
        for b in &s.brigades {
            assert!(
                b.division.is_some() || b.corps.is_some() || army_headquarters(&b.id),
                "{path}: brigade {} answers to nobody",
                b.id
            );
        }
        let leaders = s
            .units
            .iter()
            .chain(s.reinforcements.iter().map(|r| &r.unit))
            .filter(|u| u.kind == UnitKind::Leader);
        assert!(leaders.clone().count() >= 2, "{path}");
        assert!(
            leaders.clone().all(|l| l.commands.is_some()),
            "{path}: a leader commands nothing"
        );
        assert!(s.map.objectives.len() >= 3, "{path}");
        assert!(s.map.objectives.iter().any(|o| o.owner.is_some()), "{path}");
        assert!(
            s.map.labels.len() >= 6,
            "{path}: {} names",
            s.map.labels.len()
        );
        let v = &s.victory;
        assert!(
            v.major_defeat < v.minor_defeat
                && v.minor_defeat < v.minor_victory
                && v.minor_victory < v.major_victory,
            "{path}: {v:?}"
        );
        assert!(
            s.description.contains(&format!("{}", v.minor_victory)),
            "{path}"
        );
        assert!(measured.contains_key(path), "{path}: not measured");
    }
}

/// Issue 61, how it is checked: every battle plays to its end with the computer on both sides,
/// headless, through the interpreter, no order refused, both sides fighting, and the game
/// replays from its save; with the basic computer (the one whose games set the levels) and the
/// skilled one.
#[test]
fn the_library_battles_play_to_the_end_with_the_computer_on_both_sides_through_the_interpreter() {
    use bayonet::rules::event::Event;
    use bayonet::rules::game::Game;
    for (path, _) in LIBRARY {
        let s = load(path);
        for (brain, seed) in [
            (Brain::Computer, 1),
            (bayonet::sim::Opponent::Skilled.brain(), 2),
        ] {
            let mut game = Game::new(s.clone(), Some(seed)).replaying();
            let events = bayonet::cli::autoplay::play(&mut game, [brain; 2]);
            let b = &game.board;
            assert!(
                b.over && b.turn == s.turns,
                "{path}: turn {} of {}",
                b.turn,
                s.turns
            );
            assert!(
                b.reinforcements.is_empty(),
                "{path}: every reinforcement arrived"
            );
            let fired = events
                .iter()
                .filter(|e| matches!(e, Event::Fired(_)))
                .count();
            // Every battle is fought, Jackson's flank attack in the Wilderness too (issue 75:
            // before the battle plan the skilled computer never came within sight there).
            assert!(fired > 0, "{path}: {brain:?} fired {fired} times");
            let saved = bayonet::save::save_of(&game);
            assert!(
                save::replay(&saved).unwrap().matches,
                "{path}: the save replays"
            );
        }
    }
}
