//! The historical scenarios (Brandy Station; the Railroad Cut): at the series' scale, with
//! the features their period maps show, in the start dialog's list, and played to the end by
//! the computer on both sides with its orders passing the rules.

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
