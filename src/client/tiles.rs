//! The hex map drawn with bevy_ecs_tilemap: one tile per hex, a drawn texture per terrain,
//! tinted by its level and hill-shaded (`relief`).

use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use bevy_ecs_tilemap::prelude::*;

use super::layout::{HEX_HEIGHT, HEX_WIDTH, MapLayout};
use super::palette;
use super::relief;
use crate::rules::map::{Map, Terrain};
use crate::sim::Battle;

const TILE_W: u32 = 64;
const TILE_H: u32 = 56;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_tilemap)
        .add_systems(Update, retile.run_if(resource_changed::<Battle>));
}

/// The scenario is new (the first frame) or changed (the editor): each tile takes its hex's
/// terrain and relief.
fn retile(
    battle: Res<Battle>,
    layout: Res<MapLayout>,
    mut tiles: Query<(&TilePos, &mut TileTextureIndex, &mut TileColor)>,
) {
    let map = &battle.scenario.map;
    let light = relief::brightness(map, &layout);
    for (pos, mut index, mut color) in &mut tiles {
        let hex = Map::from_tile_pos([pos.x as i32, pos.y as i32]);
        let i = Terrain::ALL
            .iter()
            .position(|t| *t == map.terrain(hex))
            .unwrap_or(0) as u32;
        let c = relief::colour(light.get(&hex).copied().unwrap_or(1.0));
        if index.0 != i {
            index.0 = i;
        }
        if color.0 != c {
            color.0 = c;
        }
    }
}

fn spawn_tilemap(mut commands: Commands, battle: Res<Battle>, mut images: ResMut<Assets<Image>>) {
    let map = &battle.scenario.map;
    let texture = images.add(terrain_atlas());
    let size = TilemapSize {
        x: map.width,
        y: map.height,
    };
    let mut storage = TileStorage::empty(size);
    let tilemap = commands.spawn_empty().id();
    // Each tile's terrain and relief are `retile`'s, on the first frame.
    for hex in map.hexes() {
        let [x, y] = Map::tile_pos(hex);
        let pos = TilePos {
            x: x as u32,
            y: y as u32,
        };
        let tile = commands
            .spawn(TileBundle {
                position: pos,
                tilemap_id: TilemapId(tilemap),
                ..default()
            })
            .id();
        storage.set(&pos, tile);
    }
    let grid = TilemapGridSize {
        x: HEX_WIDTH,
        y: HEX_HEIGHT,
    };
    commands.entity(tilemap).insert(TilemapBundle {
        grid_size: grid,
        size,
        storage,
        texture: TilemapTexture::Single(texture),
        tile_size: TilemapTileSize {
            x: TILE_W as f32,
            y: TILE_H as f32,
        },
        map_type: TilemapType::Hexagon(HexCoordSystem::ColumnOdd),
        anchor: TilemapAnchor::None,
        ..default()
    });
}

/// A cheap deterministic hash for texture speckle.
fn noise(x: u32, y: u32, k: u32) -> u32 {
    let mut h =
        x.wrapping_mul(374_761_393) ^ y.wrapping_mul(668_265_263) ^ k.wrapping_mul(2_246_822_519);
    h = (h ^ (h >> 13)).wrapping_mul(1_274_126_177);
    h ^ (h >> 16)
}

/// Whether pixel (x, y) of the tile belongs to the pattern of `t`.
fn pattern(t: Terrain, x: u32, y: u32) -> bool {
    let (xi, yi) = (x as i32, y as i32);
    match t {
        Terrain::Clear => noise(x, y, 1) % 23 == 0,
        Terrain::Field => (xi + yi) % 8 < 2,
        Terrain::Orchard => (x % 12 < 4) && (y % 12 < 4),
        Terrain::Forest => {
            let cx = (x / 10) * 10 + 5;
            let cy = (y / 10) * 10 + 5 + (x / 10 % 2) * 3;
            let d = (x as i32 - cx as i32).pow(2) + (y as i32 - cy as i32).pow(2);
            d < 14 && noise(x / 10, y / 10, 7) % 5 != 0
        }
        Terrain::Rough => noise(x / 3, y / 3, 3) % 7 == 0,
        Terrain::Marsh => y % 7 == 0 && (x + y) % 9 < 5,
        Terrain::Town => (x % 14 < 8) && (y % 14 < 7) && noise(x / 14, y / 14, 5) % 3 != 0,
        Terrain::Water => (yi * 3 + ((xi as f32 / 4.0).sin() * 2.0) as i32).rem_euclid(11) == 0,
        Terrain::Blocked => (xi - yi).rem_euclid(6) < 2,
    }
}

/// One row of tiles, one per terrain in `Terrain::ALL` order, each a filled flat-topped hex.
fn terrain_atlas() -> Image {
    let n = Terrain::ALL.len() as u32;
    let (w, h) = (TILE_W * n, TILE_H);
    let mut data = vec![0u8; (w * h * 4) as usize];
    let (cx, cy) = (TILE_W as f32 / 2.0, TILE_H as f32 / 2.0);
    let s = TILE_W as f32 / 2.0;
    for (i, t) in Terrain::ALL.into_iter().enumerate() {
        let (base, pat) = palette::terrain(t);
        for y in 0..TILE_H {
            for x in 0..TILE_W {
                let (dx, dy) = ((x as f32 + 0.5 - cx).abs(), (y as f32 + 0.5 - cy).abs());
                let inside = dy <= s * 0.866 + 0.5 && 1.732 * dx + dy <= 1.732 * s + 0.5;
                if !inside {
                    continue;
                }
                let c = if pattern(t, x, y) { pat } else { base };
                let o = (((y * w) + i as u32 * TILE_W + x) * 4) as usize;
                data[o..o + 4].copy_from_slice(&[c[0], c[1], c[2], 255]);
            }
        }
    }
    Image::new(
        Extent3d {
            width: w,
            height: h,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::default(),
    )
}
