//! Benchmarks with their targets: exact odds (< 10 µs) and a melee resolution (< 50 µs) for a
//! melee of three attacking hexes and eight units; the movement range of a cavalry unit on a
//! generated 200×200 map with 2,000 units (< 1 ms); the computer planning a side turn with
//! 200 units (< 2 s); through the ECS on the 2,000-unit board, a frame with no orders and one
//! melee declared and resolved; the aids there (highlights, threats: a frame, 16 ms).

#[path = "../support/headless.rs"]
mod headless;

#[path = "../common.rs"]
mod common;

use std::hint::black_box;
use std::time::{Duration, Instant};

use bayonet::rules::hex::Facing;
use bayonet::rules::melee;
use bayonet::rules::unit::UnitKind;
use common::{Field, big_melee};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Mean time of `f` over enough runs to fill about half a second (in rounds of 100 runs, or
/// of one where a run takes over a millisecond, so that a slow case is not run 100 times).
fn time(mut f: impl FnMut(u64)) -> Duration {
    let first = Instant::now();
    f(0);
    let round = if first.elapsed() > Duration::from_millis(1) {
        1
    } else {
        100
    };
    let start = Instant::now();
    let mut n = 0u64;
    while start.elapsed() < Duration::from_millis(500) {
        for _ in 0..round {
            f(n);
            n += 1;
        }
    }
    start.elapsed() / n as u32
}

/// How the whole odds were had: exactly over so many states, or by sampling.
fn how(w: &melee::WholeOdds) -> String {
    if w.exact {
        format!("exact, {} states", w.states)
    } else {
        format!("sampled, {} runs", melee::WHOLE_ODDS_SAMPLES)
    }
}

fn report(name: &str, t: Duration, target_us: f64) {
    let us = t.as_secs_f64() * 1e6;
    let verdict = if us < target_us { "within" } else { "OVER" };
    println!("{name:<42} {us:>9.3} µs   ({verdict} the {target_us} µs target)");
}

/// A 200×200 map of mixed terrain with 2,000 units, and one cavalry regiment in the middle.
fn big_map() -> (bayonet::rules::board::Board, bayonet::rules::unit::UnitId) {
    let (f, cav) = big_field();
    (f.board(), cav)
}

fn big_field() -> (Field, bayonet::rules::unit::UnitId) {
    use bayonet::rules::map::{Coord, Terrain};
    let mut f = Field::new(200, 200);
    let hexes: Vec<_> = f.map.hexes().collect();
    let terrains = [
        Terrain::Clear,
        Terrain::Field,
        Terrain::Forest,
        Terrain::Orchard,
        Terrain::Clear,
        Terrain::Town,
    ];
    for (i, h) in hexes.iter().enumerate() {
        let c = f.map.coord(*h);
        let t = terrains[(c.col as usize * 7 + c.row as usize * 13 + i / 97) % terrains.len()];
        f.map.set_terrain(*h, t);
        f.map
            .set_elevation(*h, ((c.col / 15 + c.row / 11) % 3) as i32);
    }
    let mut n = 0;
    'place: for row in (0..200).step_by(4) {
        for col in (0..200).step_by(5) {
            if n == 1999 {
                break 'place;
            }
            let side = if (row / 4 + col / 5) % 7 == 0 { 1 } else { 0 };
            let h = f.map.hex_at(Coord { col, row });
            f.add(
                side,
                UnitKind::Infantry,
                h,
                Facing::from_index((row + col) as usize),
                300,
            );
            n += 1;
        }
    }
    let start = f.map.hex_at(Coord { col: 101, row: 101 });
    let cav = f.add(0, UnitKind::Cavalry, start, Facing::N, 400);
    (f, cav)
}

/// Through the ECS on the 2,000-unit board: a frame with no orders, and one melee declared and
/// resolved (two orders, one frame).
fn ecs() {
    use bayonet::rules::map::Coord;
    use bayonet::rules::order::{At, Order};
    use bayonet::sim::{GiveOrder, Table};
    let (mut f, _) = big_field();
    // A lone defender in open ground, attacked from the south-west.
    let d = f.map.hex_at(Coord { col: 102, row: 106 });
    f.units
        .retain(|u| u.hex != d && u.hex != d + Facing::SW.step());
    f.map.set_terrain(d, bayonet::rules::map::Terrain::Clear);
    f.add(1, UnitKind::Infantry, d, Facing::SW, 200);
    let a = f.attacker(0, UnitKind::Infantry, d, Facing::SW, 500);
    let mut app = headless::headless_app(f.scenario(), Some(1));
    let start = app.world().resource::<Table>().board.clone();
    report(
        "a simulation frame, no orders, 2000 units",
        time(|_| app.update()),
        100.0,
    );
    let reset = time(|_| {
        app.world_mut().resource_mut::<Table>().board = start.clone();
        app.update();
    });
    let at = At::of(&start, d);
    let melee = time(|_| {
        app.world_mut().resource_mut::<Table>().board = start.clone();
        app.world_mut().write_message(GiveOrder(Order::Melee {
            from: Vec::new(),
            units: vec![a],
            at,
            follow_up: true,
        }));
        app.world_mut().write_message(GiveOrder(Order::Resolve));
        app.update();
    });
    report(
        "melee declared + resolved via ECS, 2000 units",
        melee.saturating_sub(reset),
        1000.0,
    );
}

fn main() {
    let (f, decl) = big_melee();
    let board = f.board();
    assert!(melee::check(&board, &decl).is_empty());
    let b = melee::breakdown(&board, &decl);
    // `ONLY=<system>` runs only the worst cases of that system (for profiling one).
    if std::env::var("ONLY").is_err() {
        report(
            "odds from a breakdown",
            time(|_| {
                black_box(melee::odds(black_box(&b)));
            }),
            10.0,
        );
        report(
            "breakdown from the board",
            time(|_| {
                black_box(melee::breakdown(black_box(&board), &decl));
            }),
            50.0,
        );
    }
    // The stress case (fire that tires and routs, the rout spreading) and a generated worst
    // case under each system: a finger's drag waits on these (issue 32: 5 ms at most).
    {
        let (sf, sd) = common::fire_that_tires_and_routs();
        let sb = sf.board();
        let w = melee::whole_odds(&sb, &sd);
        report(
            &format!("whole-resolution odds, stress case ({})", how(&w)),
            time(|_| {
                black_box(melee::whole_odds(black_box(&sb), &sd));
            }),
            5000.0,
        );
        for name in bayonet::rules::params::MeleeSystemName::ALL {
            let (wf, wd) = common::worst_melee(name);
            let wb = wf.board();
            assert!(
                melee::system(&wb.params).check(&wb, &wd).is_empty(),
                "{name:?}: {:?}",
                melee::system(&wb.params).check(&wb, &wd)
            );
            if std::env::var("ONLY").is_ok_and(|o| o != name.name()) {
                continue;
            }
            // What `MeleeSystem::odds_work` stands for: one exact odds of the melee, with the
            // breakdown it needs.
            let system = melee::system(&wb.params);
            report(
                &format!("breakdown + odds, worst case, {}", name.name()),
                time(|_| {
                    black_box(system.odds(&system.breakdown(black_box(&wb), &wd)));
                }),
                5000.0,
            );
            let w = melee::whole_odds(&wb, &wd);
            report(
                &format!("whole odds, worst case, {} ({})", name.name(), how(&w)),
                time(|_| {
                    black_box(melee::whole_odds(black_box(&wb), &wd));
                }),
                5000.0,
            );
        }
    }
    if std::env::var("ONLY").is_ok() {
        return;
    }
    report(
        "whole-resolution odds (defensive fire + melee)",
        time(|_| {
            black_box(melee::whole_odds(black_box(&board), &decl));
        }),
        1000.0,
    );
    {
        // The seed's worked example: one firer, no rout possible.
        let s = bayonet::rules::scenario::parse(
            "maps/test_melee.ron",
            include_str!("../../maps/test_melee.ron"),
        )
        .expect("the test map loads");
        let sb = s.board();
        let from = s.map.hex_at(bayonet::rules::map::Coord { col: 4, row: 4 });
        let d = s.map.hex_at(bayonet::rules::map::Coord { col: 5, row: 4 });
        let sd = melee::Declaration {
            attackers: melee::committable(&sb, from, s.first_side, d),
            defending_hex: d,
            follow_up: true,
        };
        report(
            "whole-resolution odds, seed's example (450 on 230)",
            time(|_| {
                black_box(melee::whole_odds(black_box(&sb), &sd));
            }),
            1000.0,
        );
    }
    let clone = time(|_| {
        black_box(board.clone());
    });
    // Attacker-loses resolutions need no retreat; the rest include choosing retreat hexes.
    let whole = time(|seed| {
        let mut copy = board.clone();
        black_box(melee::resolve(
            &mut copy,
            &decl,
            &mut ChaCha8Rng::seed_from_u64(seed),
        ));
    });
    report(
        "resolution (with retreats, board copy excluded)",
        whole.saturating_sub(clone),
        50.0,
    );
    let mut stay = board.clone();
    // A defender that cannot lose: zero attack strength, so no retreat ever happens.
    for u in stay
        .units
        .iter_mut()
        .filter(|u| decl.attackers.contains(&u.id))
    {
        u.fatigue = 0;
    }
    stay.map.set_elevation(decl.defending_hex, 9);
    let no_retreat = time(|seed| {
        let mut copy = stay.clone();
        black_box(melee::resolve(
            &mut copy,
            &decl,
            &mut ChaCha8Rng::seed_from_u64(seed),
        ));
    });
    report(
        "resolution without retreat (copy excluded)",
        no_retreat.saturating_sub(clone),
        50.0,
    );

    let (map_board, cav) = big_map();
    let reach = bayonet::rules::movement::movement_range(&map_board, cav).len();
    report(
        &format!("cavalry movement range, 200×200, 2000 units ({reach} hexes)"),
        time(|_| {
            black_box(bayonet::rules::movement::movement_range(
                black_box(&map_board),
                cav,
            ));
        }),
        1000.0,
    );

    // The aids on the same board: every unit's readiness (the highlights), the threats to the
    // cavalry's hex, a line of sight across the map. A player waits on them: a frame, 16 ms.
    let side = map_board.ordering_side();
    let own: Vec<_> = map_board
        .units
        .iter()
        .filter(|u| u.side == side)
        .map(|u| u.id)
        .collect();
    report(
        &format!(
            "highlights: readiness of {} units, 2000 on the map",
            own.len()
        ),
        time(|_| {
            black_box(bayonet::rules::readiness::readiness_of_side(
                black_box(&map_board),
                side,
            ));
        }),
        16_000.0,
    );
    let cav_hex = map_board.unit(cav).unwrap().hex;
    let n = bayonet::rules::threat::threats(&map_board, cav_hex, side).len();
    report(
        &format!("threats to one hex, 200×200, 2000 units ({n} found)"),
        time(|_| {
            black_box(bayonet::rules::threat::threats(
                black_box(&map_board),
                cav_hex,
                side,
            ));
        }),
        16_000.0,
    );
    let (a, b) = (
        map_board
            .map
            .hex_at(bayonet::rules::map::Coord { col: 0, row: 0 }),
        cav_hex,
    );
    report(
        "line of sight across 100 hexes",
        time(|_| {
            black_box(bayonet::rules::sight::look(black_box(&map_board), a, b));
        }),
        100.0,
    );

    // 100 units a side facing each other across a 60×40 field with objectives.
    let mut f = Field::new(60, 40);
    for i in 0..100 {
        let (c, r) = (10 + (i % 10) * 2, 2 + (i / 10) * 3);
        let h = f.map.hex_at(bayonet::rules::map::Coord {
            col: c as i32,
            row: r as i32,
        });
        f.add(
            0,
            if i % 7 == 0 {
                UnitKind::Artillery
            } else {
                UnitKind::Infantry
            },
            h,
            Facing::SE,
            if i % 7 == 0 { 4 } else { 300 },
        );
        let h2 = f.map.hex_at(bayonet::rules::map::Coord {
            col: 34 + c as i32,
            row: r as i32,
        });
        f.add(1, UnitKind::Infantry, h2, Facing::SW, 300);
    }
    for (k, c) in [(0, 30), (1, 32)] {
        let h = f.map.hex_at(bayonet::rules::map::Coord {
            col: c,
            row: 10 + k * 10,
        });
        f.map.objectives.push(bayonet::rules::map::Objective {
            name: format!("o{k}"),
            hex: h,
            points: 100,
            owner: None,
            since: None,
        });
    }
    let ai_board = f.board();
    report(
        "computer plans a side turn, 200 units",
        time(|_| {
            black_box(bayonet::ai::plan_turn(
                black_box(&ai_board),
                bayonet::rules::unit::Side(0),
            ));
        }),
        2_000_000.0,
    );
    ecs();
}
