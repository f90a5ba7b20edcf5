//! RULES.md §7, line of sight (D-los-1 … D-los-7): the map's own step in feet, the eyes a man's
//! height over each end, what blocks between, the brow beside either end, units never in the
//! way, night, and a blocked line that names its hex and the feet it lacks.

use bayonet::rules::fire;
use bayonet::rules::hex::{Facing, Hex};
use bayonet::rules::map::Terrain;
use bayonet::rules::scenario::parse;
use bayonet::rules::sight::{Screen, blocked_by, look};
use bayonet::rules::unit::{Formation, UnitKind};

use crate::common::{Field, inf};

/// A straight line of `n + 1` hexes running NE from (2, 8) on a 14×12 field.
fn row(n: usize) -> (Field, Vec<Hex>) {
    let f = Field::new(14, 12);
    let mut h = f.hex(2, 8);
    let mut line = vec![h];
    for _ in 0..n {
        h = h + Facing::NE.step();
        line.push(h);
    }
    (f, line)
}

/// Sets each hex's ground in the map's steps.
fn ground(f: &mut Field, line: &[Hex], steps: &[i32]) {
    for (h, s) in line.iter().zip(steps) {
        f.map.set_elevation(*h, *s);
    }
}

/// D-los-1: a map gives its own step in feet; sight reads the feet, and the rules' level
/// (climbing, fire and melee up or down hill) is the ground in 20-ft levels, rounded down.
#[test]
fn d_los_1_the_maps_own_step_in_feet() {
    let (mut f, l) = row(4);
    ground(&mut f, &l, &[0, 0, 1, 0, 0]);
    // One 20-ft step in the middle rises 14 ft over two 6-ft eyes.
    let s = look(&f.board(), l[0], l[4]);
    assert_eq!((s.clear, s.blocking, s.above_ft), (false, Some(l[2]), 14));
    // The same step on a 5-ft map stays under them.
    f.map.feet_per_level = 5;
    assert!(look(&f.board(), l[0], l[4]).clear);
    f.map.feet_per_level = 10;
    f.map.set_elevation(l[1], 3);
    assert_eq!(f.map.ground_ft(l[1]), 30);
    assert_eq!(f.map.elevation(l[1]), 1, "30 ft is one 20-ft level");
    f.map.set_elevation(l[1], 4);
    assert_eq!(f.map.elevation(l[1]), 2);
    // A scenario file gives its step and heights past 9 as letters.
    let file = |feet: &str, row0: &str| {
        format!(
            r#"(
    name: "Steps",
    map: (width: 3, height: 2, terrain: ["...", "..."], elevation: ["{row0}", "000"]{feet}),
    sides: [
        (name: "Union", color: (0.16, 0.28, 0.62), edge: South),
        (name: "Confederate", color: (0.55, 0.55, 0.58), edge: North),
    ],
    first_side: 0,
    turns: 2,
    start_time: "10:00",
    victory: (major_defeat: -100, minor_defeat: -50, minor_victory: 50, major_victory: 100),
    brigades: [(id: "U", name: "Union", side: 0), (id: "C", name: "Confederate", side: 1)],
    units: [
        (id: 1, name: "1st Regiment", side: 0, brigade: "U", kind: Infantry, at: (0, 1), facing: N, men: 700, quality: C),
        (id: 11, name: "Target", side: 1, brigade: "C", kind: Infantry, at: (2, 0), facing: S, men: 300, quality: C),
    ],
)"#
        )
    };
    let s = parse("t.ron", &file(", feet_per_level: 10", "0a2")).expect("a 10-ft map");
    assert_eq!(
        s.map
            .ground_ft(s.map.hex_at(bayonet::rules::map::Coord { col: 1, row: 0 })),
        100
    );
    assert_eq!(
        s.map
            .elevation(s.map.hex_at(bayonet::rules::map::Coord { col: 1, row: 0 })),
        5
    );
    let e = parse("t.ron", &file("", "0A2")).unwrap_err().to_string();
    assert!(e.contains("expected 0–9, or a–z for 10–35"), "{e}");
    let e = parse("t.ron", &file(", feet_per_level: 0", "000"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("feet_per_level is 0"), "{e}");
}

/// D-los-2: the eyes stand a man's height (6 ft) over each end's ground, and the cover in the
/// two end hexes never blocks.
#[test]
fn d_los_2_eyes_six_feet_over_each_end_and_the_ends_cover_never_blocks() {
    let (mut f, l) = row(4);
    f.map.feet_per_level = 1;
    ground(&mut f, &l, &[0, 0, 6, 0, 0]);
    assert!(
        look(&f.board(), l[0], l[4]).clear,
        "6 ft of ground: level with the eyes"
    );
    f.map.set_elevation(l[2], 7);
    let s = look(&f.board(), l[0], l[4]);
    assert_eq!(
        (s.blocking, s.screen, s.above_ft),
        (Some(l[2]), Some(Screen::Ground), 1)
    );
    f.map.set_elevation(l[2], 0);
    f.map.set_terrain(l[0], Terrain::Forest);
    f.map.set_terrain(l[4], Terrain::Town);
    assert!(
        look(&f.board(), l[0], l[4]).clear,
        "a man in a wood sees out of it"
    );
}

/// D-los-3: a hex between blocks when its ground and cover (forest 30 ft, town 30, orchard
/// 10, rough 10) stand above the straight line between the eyes.
#[test]
fn d_los_3_ground_and_cover_above_the_line_block() {
    let (mut f, l) = row(4);
    for (t, above) in [
        (Terrain::Forest, 24),
        (Terrain::Town, 24),
        (Terrain::Orchard, 4),
        (Terrain::Rough, 4),
    ] {
        f.map.set_terrain(l[2], t);
        let s = look(&f.board(), l[0], l[4]);
        assert_eq!(
            (s.blocking, s.screen, s.above_ft),
            (Some(l[2]), Some(Screen::Cover(t)), above),
            "{t:?}"
        );
    }
    for t in [Terrain::Clear, Terrain::Field, Terrain::Marsh] {
        f.map.set_terrain(l[2], t);
        assert!(look(&f.board(), l[0], l[4]).clear, "{t:?}");
    }
    // From 40 ft up the line clears 30-ft trees at the foot: 46 → 6 ft, 31 ft over them.
    f.map.set_terrain(l[3], Terrain::Forest);
    ground(&mut f, &l, &[2, 0, 0, 0, 0]);
    let s = look(&f.board(), l[0], l[4]);
    assert_eq!((s.blocking, s.above_ft), (Some(l[3]), 14));
    f.map.set_terrain(l[3], Terrain::Clear);
    f.map.set_terrain(l[1], Terrain::Forest);
    assert!(
        look(&f.board(), l[0], l[4]).clear,
        "46 - 10 = 36 ft over 30-ft trees"
    );
    // Adjacent hexes always see each other.
    f.map.set_elevation(l[0], 9);
    assert!(look(&f.board(), l[0], l[1]).clear);
}

/// D-los-4: a hex beside either end blocks by its ground only when it stands higher than that
/// end: a line one hex behind the forward edge of its own crest sees down the slope, a line
/// behind a higher crest (the reverse slope) stays hidden, and the brow's cover still blocks.
#[test]
fn d_los_4_the_brow_beside_an_end() {
    // The issue's case: at 80 ft, over a hex of 80 ft, to a target at 60 ft two hexes off
    // (the line passes 4 ft under the middle's ground).
    let (mut f, l) = row(3);
    ground(&mut f, &l, &[4, 4, 3, 3]);
    assert!(look(&f.board(), l[0], l[2]).clear);
    assert!(look(&f.board(), l[2], l[0]).clear, "and back up");
    // Two hexes of crest in front: the second is not beside the firer and the target stands
    // lower, so it blocks by 8 ft (86 → 66 over 3 hexes passes 72.7 ft at 80 ft ground).
    ground(&mut f, &l, &[4, 4, 4, 3]);
    let s = look(&f.board(), l[0], l[3]);
    assert_eq!(
        (s.blocking, s.screen, s.above_ft),
        (Some(l[2]), Some(Screen::Ground), 8)
    );
    // A crest higher than the firer: the reverse slope hides, beside an end or not.
    ground(&mut f, &l, &[3, 4, 3, 3]);
    let s = look(&f.board(), l[0], l[2]);
    assert_eq!(
        (s.blocking, s.screen, s.above_ft),
        (Some(l[1]), Some(Screen::Ground), 14)
    );
    assert!(!look(&f.board(), l[2], l[0]).clear);
    // The brow's cover is no brow: woods beside the firer still hide the valley.
    ground(&mut f, &l, &[4, 4, 3, 3]);
    f.map.set_terrain(l[1], Terrain::Forest);
    let s = look(&f.board(), l[0], l[2]);
    assert_eq!(
        (s.blocking, s.screen),
        (Some(l[1]), Some(Screen::Cover(Terrain::Forest)))
    );
}

/// D-los-5: units never block sight: guns on a rise fire over their own infantry on the hexes
/// in front, and over the enemy's.
#[test]
fn d_los_5_guns_fire_over_troops() {
    let (mut f, l) = row(3);
    ground(&mut f, &l, &[2, 1, 1, 1]);
    let guns = f.add(0, UnitKind::Artillery, l[0], Facing::NE, 0);
    f.unit(guns).guns = 6;
    f.unit(guns).men = 0;
    f.unit(guns).formation = Formation::Unlimbered;
    f.add(0, inf(), l[1], Facing::NE, 400);
    f.add(1, inf(), l[2], Facing::SW, 400);
    f.add(1, inf(), l[3], Facing::SW, 400);
    let b = f.board();
    assert!(look(&b, l[0], l[3]).clear);
    assert_eq!(
        fire::breakdown(&b, guns, l[3], false, 1.0).map(|x| x.range),
        Ok(3)
    );
}

/// D-los-6: at night a unit sees one hex.
#[test]
fn d_los_6_at_night_one_hex() {
    let (mut f, l) = row(2);
    f.night = true;
    let b = f.board();
    assert!(look(&b, l[0], l[1]).clear);
    let s = look(&b, l[0], l[2]);
    assert_eq!((s.clear, s.night, s.blocking), (false, true, None));
    assert_eq!(blocked_by(&b, &s).as_deref(), Some("at night one hex only"));
}

/// D-los-7: a blocked line says which hex, its ground or its cover, and by how many feet; the
/// same words in the Sight aid's log, the fire's refusal and `bayonet sight`.
#[test]
fn d_los_7_a_blocked_line_names_its_hex_and_the_feet() {
    let (mut f, l) = row(3);
    ground(&mut f, &l, &[4, 4, 4, 3]);
    let u = f.add(0, inf(), l[0], Facing::NE, 300);
    f.add(1, inf(), l[3], Facing::SW, 300);
    let b = f.board();
    let at = |h: Hex| bayonet::rules::order::At::of(&b, h).to_string();
    let why = fire::breakdown(&b, u, l[3], false, 1.0)
        .unwrap_err()
        .message;
    assert_eq!(
        why,
        format!(
            "no line of sight to the target: the ground at {} (80 ft) stands 8 ft above the line",
            at(l[2])
        )
    );
    assert_eq!(
        bayonet::rules::sight::words(&b, &look(&b, l[0], l[3])),
        format!(
            "Line of sight {} to {}: blocked at {}: its ground (80 ft) stands 8 ft above the \
             line, range 3 hexes",
            at(l[0]),
            at(l[3]),
            at(l[2])
        )
    );
    let mut f2 = f;
    f2.map.set_elevation(l[2], 3);
    f2.map.set_terrain(l[2], Terrain::Orchard);
    let b = f2.board();
    // 86 → 66 ft passes 72.7 ft at the orchard: 60 + 10 = 70 ft, under it; then at woods.
    assert!(look(&b, l[0], l[3]).clear);
    f2.map.set_terrain(l[2], Terrain::Forest);
    let b = f2.board();
    assert_eq!(
        blocked_by(&b, &look(&b, l[0], l[3])),
        Some(format!(
            "the forest at {} (30 ft on ground of 60 ft) stands 18 ft above the line",
            at(l[2])
        ))
    );
    // Ground above the line with a wood on it: the whole of what stands in the way is told,
    // the ground's feet first (it blocks with the wood cut down).
    f2.map.set_elevation(l[2], 4);
    let b = f2.board();
    assert_eq!(
        blocked_by(&b, &look(&b, l[0], l[3])),
        Some(format!(
            "the ground at {} (80 ft) stands 8 ft above the line, with the forest on it 38 ft",
            at(l[2])
        ))
    );
    // Night says it blocks.
    f2.night = true;
    let b = f2.board();
    assert_eq!(
        bayonet::rules::sight::words(&b, &look(&b, l[0], l[3])),
        format!(
            "Line of sight {} to {}: blocked by night (one hex only), range 3 hexes",
            at(l[0]),
            at(l[3])
        )
    );
}

/// The sight figure (issue 74): the defenders see the attacker's approach within their reach.
#[test]
fn the_approach_in_sight_counts_what_the_defenders_see_within_reach() {
    use bayonet::rules::approach::approach_seen;
    let (mut f, l) = row(8);
    // The defenders (side 1) on a hill; the attackers (side 0, moving first) 8 hexes off.
    let d = f.add(1, inf(), l[8], Facing::SW, 400);
    f.add(0, inf(), l[0], Facing::NE, 400);
    let a = approach_seen(&f.board());
    assert_eq!(
        (a.approach, a.seen),
        (4, 4),
        "a regiment reaches 4 hexes of 7, and sees them"
    );
    // A battery beside it reaches them all.
    let g = f.add(1, UnitKind::Artillery, l[8], Facing::SW, 0);
    f.unit(g).guns = 4;
    let a = approach_seen(&f.board());
    assert_eq!((a.approach, a.seen), (7, 7));
    // A wood in the way hides what lies behind it from both.
    f.map.set_terrain(l[5], Terrain::Forest);
    let a = approach_seen(&f.board());
    assert_eq!(
        (a.approach, a.seen),
        (7, 3),
        "l[5] and the two in front of it"
    );
    // Without the guns, the wood hides one of the regiment's four.
    f.units.retain(|u| u.id != g);
    let a = approach_seen(&f.board());
    assert_eq!((a.approach, a.seen), (4, 3));
    let _ = d;
}
