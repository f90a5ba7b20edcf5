//! The battle library (issue 61, items 1-3): every battle the game ships, with its date, size,
//! length, type, difficulty by side from the measured balance, story and sources; its filters;
//! `bayonet list`.

use bayonet::library::{Difficulty, Filter, Kind, Size};

/// Every battle of `maps/` but the test fields is in the library, each historical one dated,
/// typed and measured, with its story and its sources apart.
#[test]
fn the_library_holds_every_shipped_battle_dated_typed_and_measured() {
    let lib = bayonet::library::shipped();
    let shipped: Vec<_> = bayonet::SCENARIOS
        .iter()
        .map(|(p, _)| *p)
        .filter(|p| !p.starts_with("maps/test_"))
        .collect();
    assert_eq!(lib.len(), shipped.len());
    let measured = bayonet::library::balance::all().expect("maps/library/balance.ron reads");
    for e in &lib {
        assert!(e.units[0] > 0 && e.units[1] > 0, "{}", e.path);
        assert!(e.minutes >= 10, "{}: {} minutes", e.path, e.minutes);
        assert!(!e.about.is_empty(), "{}", e.path);
        assert!(
            measured.contains_key(&e.path),
            "{}: not measured (.ci/battle-figures --write)",
            e.path
        );
        assert!(e.difficulty.is_some(), "{}", e.path);
        if e.path != bayonet::DEFAULT_SCENARIO_PATH {
            assert!(e.date.is_some(), "{}: historical, so dated", e.path);
            assert!(e.kind.is_some() && !e.action.is_empty(), "{}", e.path);
            assert!(e.sources.starts_with("Sources:"), "{}", e.path);
            assert!(!e.about.contains("Sources:"), "{}", e.path);
        }
    }
    // Oldest first, the fictional field last.
    let dates: Vec<_> = lib.iter().filter_map(|e| e.date).collect();
    assert!(dates.windows(2).all(|w| w[0] <= w[1]), "{dates:?}");
    assert!(lib.last().unwrap().date.is_none());
    // Sizes by units: Little Round Top small, Pickett's Charge large.
    let size = |p: &str| lib.iter().find(|e| e.path == p).unwrap().size;
    assert_eq!(size("maps/little_round_top.ron"), Size::Small);
    assert_eq!(size("maps/picketts_charge.ron"), Size::Large);
}

/// The filters: by year, size and type, each letting through exactly what it names.
#[test]
fn the_librarys_filters_let_through_what_they_name() {
    let lib = bayonet::library::shipped();
    let by = |f: Filter| -> Vec<String> {
        lib.iter()
            .filter(|e| f.lets_through(e))
            .map(|e| e.path.clone())
            .collect()
    };
    assert_eq!(by(Filter::default()).len(), lib.len());
    let y1862 = by(Filter {
        year: Some(1862),
        ..Default::default()
    });
    assert_eq!(
        y1862,
        vec![
            "maps/hornets_nest.ron".to_string(),
            "maps/the_cornfield.ron".to_string(),
            "maps/burnside_bridge.ron".to_string()
        ],
        "April before September, and on the 17th the Cornfield at dawn before the bridge at 10:20"
    );
    let meeting = by(Filter {
        kind: Some(Kind::Meeting),
        ..Default::default()
    });
    assert!(meeting.contains(&"maps/railroad_cut.ron".to_string()));
    assert!(!meeting.contains(&"maps/picketts_charge.ron".to_string()));
    let large_1863 = by(Filter {
        year: Some(1863),
        size: Some(Size::Large),
        kind: None,
    });
    assert!(large_1863.iter().all(|p| {
        lib.iter()
            .any(|e| &e.path == p && e.size == Size::Large && e.date.unwrap().year == 1863)
    }));
    assert!(large_1863.contains(&"maps/picketts_charge.ron".to_string()));
}

/// Difficulty from the measured balance: the side that won a tenth of the games fewer is the
/// harder; within that, even.
#[test]
fn difficulty_is_read_from_the_measured_wins() {
    let m = |w0, w1, draws| bayonet::library::Measured {
        opponent: "skilled".into(),
        seeds: 40,
        wins: [w0, w1],
        draws,
        points: (0.0, 0.0, 0.0),
        seconds_per_side_turn: 1.0,
    };
    assert_eq!(m(10, 10, 20).difficulty(), [Difficulty::Even; 2]);
    assert_eq!(
        m(9, 12, 19).difficulty(),
        [Difficulty::Even; 2],
        "3 of 40: less than a tenth"
    );
    assert_eq!(
        m(8, 12, 20).difficulty(),
        [Difficulty::Harder, Difficulty::Easier],
        "a tenth"
    );
    assert_eq!(
        m(8, 0, 32).difficulty(),
        [Difficulty::Easier, Difficulty::Harder]
    );
}

/// A scenario's library fields are checked: a date that is not a day, or an attacker that is no
/// side, is told with its line and in words.
#[test]
fn a_bad_date_or_attacker_is_told_with_its_line() {
    let text = std::fs::read_to_string("maps/little_round_top.ron").unwrap();
    for (bad, says) in [
        (
            text.replace("date: \"1863-07-02\"", "date: \"2 July 1863\""),
            "expected a day as year-month-day",
        ),
        (
            text.replace("date: \"1863-07-02\"", "date: \"1863-13-02\""),
            "year-month-day",
        ),
        (
            text.replace("action: Attack(1)", "action: Attack(2)"),
            "expected the attacking side",
        ),
    ] {
        assert_ne!(bad, text);
        let e = bayonet::rules::scenario::parse("lrt.ron", &bad).unwrap_err();
        assert!(e.message.contains(says), "{e}");
        assert!(e.line.is_some_and(|l| l > 5 && l < 10), "{e}");
    }
    let s = bayonet::rules::scenario::parse("lrt.ron", &text).unwrap();
    assert_eq!(s.date.unwrap().to_string(), "2 July 1863");
    assert_eq!(s.action, Some(bayonet::rules::scenario::Action::Attack(1)));
}
