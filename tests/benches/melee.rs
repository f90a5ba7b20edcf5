//! Melee benchmark: time per exact odds computation and per resolution, for a melee of three
//! attacking hexes and eight units. Targets (RULES issue): odds < 10 µs, resolution < 50 µs.

#[path = "../common.rs"]
mod common;

use std::hint::black_box;
use std::time::{Duration, Instant};

use bayonet::rules::hex::Facing;
use bayonet::rules::melee::{self, Declaration};
use bayonet::rules::unit::{Formation, UnitKind};
use common::Field;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn big_melee() -> (Field, Declaration) {
    let mut f = Field::new(10, 8);
    let d = f.center();
    f.add(1, UnitKind::Infantry, d, Facing::SW, 420);
    f.add(1, UnitKind::Artillery, d, Facing::SW, 4);
    f.add(1, UnitKind::Leader, d, Facing::SW, 0);
    let mut attackers = vec![
        f.attacker(0, UnitKind::Infantry, d, Facing::SW, 300),
        f.attacker(0, UnitKind::Leader, d, Facing::SW, 0),
        f.attacker(0, UnitKind::Infantry, d, Facing::S, 250),
        f.attacker(0, UnitKind::Infantry, d, Facing::SE, 200),
    ];
    let dis = f.attacker(0, UnitKind::Cavalry, d, Facing::SE, 160);
    f.unit(dis).formation = Formation::Dismounted;
    attackers.push(dis);
    (
        f,
        Declaration {
            attackers,
            defending_hex: d,
        },
    )
}

/// Mean time of `f` over enough runs to fill about half a second.
fn time(mut f: impl FnMut(u64)) -> Duration {
    let start = Instant::now();
    let mut n = 0u64;
    while start.elapsed() < Duration::from_millis(500) {
        for _ in 0..100 {
            f(n);
            n += 1;
        }
    }
    start.elapsed() / n as u32
}

fn report(name: &str, t: Duration, target_us: f64) {
    let us = t.as_secs_f64() * 1e6;
    let verdict = if us < target_us { "within" } else { "OVER" };
    println!("{name:<42} {us:>9.3} µs   ({verdict} the {target_us} µs target)");
}

fn main() {
    let (f, decl) = big_melee();
    let board = f.board();
    assert!(melee::check(&board, &decl).is_empty());
    let b = melee::breakdown(&board, &decl);

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
}
