//! RULES.md §2, the map: coordinates as players read them, terrain and elevation per hex (off
//! the map Blocked), hexside features and roads stored once per hexside, creeks, the edges.

use bayonet::rules::hex::Facing;
use bayonet::rules::map::{Coord, Map, MapEdge, Road, SideFeature, Terrain};

/// §2 hex terrain: each has its own letter in a scenario's grid and its own name.
#[test]
fn s2_each_terrain_has_its_letter_and_name() {
    let want = [
        (Terrain::Clear, '.', "clear"),
        (Terrain::Field, 'f', "field"),
        (Terrain::Orchard, 'o', "orchard"),
        (Terrain::Forest, 'F', "forest"),
        (Terrain::Rough, 'r', "rough"),
        (Terrain::Marsh, 'm', "marsh"),
        (Terrain::Town, 'T', "town"),
        (Terrain::Water, '~', "water"),
        (Terrain::Blocked, '#', "blocked"),
    ];
    assert_eq!(Terrain::ALL.len(), want.len());
    for (t, letter, name) in want {
        assert_eq!((t.letter(), t.name()), (letter, name));
        assert_eq!(Terrain::from_letter(letter), Some(t));
    }
    assert_eq!(Terrain::from_letter('x'), None);
}

/// §2 hexside features and roads by the names the reports and the editor use.
#[test]
fn s2_hexside_features_and_roads_by_name() {
    let names: Vec<&str> = SideFeature::ALL.iter().map(|f| f.name()).collect();
    assert_eq!(
        names,
        [
            "stream",
            "creek",
            "ford",
            "bridge",
            "fence",
            "stone wall",
            "embankment",
            "cut",
            "breastworks"
        ]
    );
    let roads: Vec<&str> = Road::ALL.iter().map(|r| r.name()).collect();
    assert_eq!(roads, ["trail", "road", "pike", "rail"]);
}

/// §2 coordinates: column from the left, row from the top, both from 0; every hex of the map
/// once, each in its own cell (setting one hex's terrain or elevation changes no other).
#[test]
fn s2_coordinates_and_one_cell_per_hex() {
    let mut m = Map::new(5, 4);
    let hexes: Vec<_> = m.hexes().collect();
    assert_eq!(hexes.len(), 20);
    for (k, &h) in hexes.iter().enumerate() {
        let c = m.coord(h);
        assert_eq!(
            c,
            Coord {
                col: k as i32 % 5,
                row: k as i32 / 5
            }
        );
        assert_eq!(m.hex_at(c), h);
        assert!(m.contains(h));
        assert_eq!(Map::from_tile_pos(Map::tile_pos(h)), h);
    }
    // Row 0 is the top: north of row 1.
    let c = |col, row| m.hex_at(Coord { col, row });
    assert_eq!(c(2, 1) + Facing::N.step(), c(2, 0));
    assert_eq!(Coord { col: 3, row: 2 }.to_string(), "3,2");
    for (k, &h) in hexes.iter().enumerate() {
        m.set_terrain(h, Terrain::Forest);
        m.set_elevation(h, k as i32 + 1);
        for (j, &o) in hexes.iter().enumerate() {
            let t = if j <= k {
                Terrain::Forest
            } else {
                Terrain::Clear
            };
            assert_eq!(m.terrain(o), t);
            assert_eq!(m.elevation(o), if j <= k { j as i32 + 1 } else { 0 });
        }
    }
}

/// §2: a hex off the map reads Blocked at level 0, and setting it changes nothing (a map of
/// 5 × 4: one step past each edge is off it).
#[test]
fn s2_off_the_map_is_blocked() {
    let mut m = Map::new(5, 4);
    let c = |col, row| m.hex_at(Coord { col, row });
    let off = [c(-1, 0), c(0, -1), c(5, 0), c(0, 4), c(4, 4), c(5, 3)];
    let on = [c(0, 0), c(4, 0), c(0, 3), c(4, 3)];
    for h in on {
        assert!(m.contains(h));
    }
    for h in off {
        assert!(!m.contains(h), "{:?}", m.coord(h));
        m.set_terrain(h, Terrain::Forest);
        m.set_elevation(h, 3);
        assert_eq!((m.terrain(h), m.elevation(h)), (Terrain::Blocked, 0));
    }
    assert!(
        m.hexes()
            .all(|h| m.terrain(h) == Terrain::Clear && m.elevation(h) == 0)
    );
}

/// §2: a hexside's features and road are stored once, so both hexes read them across the same
/// side; a feature is listed once, in order.
#[test]
fn s2_hexside_features_and_roads_are_shared_by_both_hexes() {
    let mut m = Map::new(6, 6);
    let a = m.hex_at(Coord { col: 2, row: 2 });
    let b = a + Facing::NE.step();
    m.add_feature(a, Facing::NE, SideFeature::StoneWall);
    m.add_feature(b, Facing::SW, SideFeature::Stream);
    m.add_feature(a, Facing::NE, SideFeature::StoneWall);
    let both = [SideFeature::Stream, SideFeature::StoneWall];
    assert_eq!(m.features(a, Facing::NE), both);
    assert_eq!(m.features(b, Facing::SW), both);
    assert!(m.has_feature(b, Facing::SW, SideFeature::StoneWall));
    assert!(!m.has_feature(a, Facing::N, SideFeature::StoneWall));
    assert!(m.features(a, Facing::N).is_empty());
    m.roads_mut()
        .insert(bayonet::rules::hex::Hexside::new(a, Facing::NE), Road::Pike);
    assert_eq!(m.road(b, Facing::SW), Some(Road::Pike));
    assert_eq!(m.road(a, Facing::SE), None);
}

/// §2 / §6: a creek hexside blocks unless it has a ford or a hexside bridge; no creek, no block.
#[test]
fn s2_a_creek_blocks_unless_forded_or_bridged() {
    let cases: [(&[SideFeature], bool); 5] = [
        (&[], false),
        (&[SideFeature::Stream], false),
        (&[SideFeature::Creek], true),
        (&[SideFeature::Creek, SideFeature::Ford], false),
        (&[SideFeature::Creek, SideFeature::Bridge], false),
    ];
    for (features, blocks) in cases {
        let mut m = Map::new(6, 6);
        let a = m.hex_at(Coord { col: 2, row: 2 });
        for &f in features {
            m.add_feature(a, Facing::S, f);
        }
        assert_eq!(m.creek_blocks(a, Facing::S), blocks, "{features:?}");
        assert_eq!(m.creek_blocks(a + Facing::S.step(), Facing::N), blocks);
    }
}

/// §2 map edges (each side's own edge, for retreats): which hexes lie on each edge, and how
/// many rows or columns from it a hex is.
#[test]
fn s2_map_edges_and_distance_to_them() {
    let m = Map::new(5, 4);
    let c = |col, row| m.hex_at(Coord { col, row });
    let h = c(1, 2);
    let want = [
        (MapEdge::North, 2),
        (MapEdge::South, 1),
        (MapEdge::West, 1),
        (MapEdge::East, 3),
    ];
    for (edge, d) in want {
        assert_eq!(m.distance_to_edge(h, edge), d, "{edge:?}");
        assert!(!m.on_edge(h, edge));
    }
    for (hex, edge) in [
        (c(2, 0), MapEdge::North),
        (c(2, 3), MapEdge::South),
        (c(0, 1), MapEdge::West),
        (c(4, 1), MapEdge::East),
    ] {
        assert!(m.on_edge(hex, edge), "{edge:?}");
        assert_eq!(m.distance_to_edge(hex, edge), 0);
        let others = want.iter().filter(|(e, _)| *e != edge);
        assert!(others.clone().all(|(e, _)| !m.on_edge(hex, *e)), "{edge:?}");
    }
}
