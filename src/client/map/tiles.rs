//! The hex map drawn with bevy_ecs_tilemap: one tile per hex, its terrain's drawn texture
//! (`terrain_art`, a variant by the hex's place), tinted by its level and hill-shaded (`relief`).

use bevy::prelude::*;
use bevy_ecs_tilemap::prelude::*;

use super::layout::{HEX_HEIGHT, HEX_WIDTH, MapLayout};
use super::relief;
use super::terrain_art::{self, TILE_H, TILE_W};
use crate::rules::map::Map;
use crate::sim::Table;

/// The tiles are drawn at twice the world's size and the map scaled by a half: the textures'
/// texels stay finer than the screen's pixels at a close zoom.
const TEXEL: f32 = 2.0;

/// The terrain textures' image (the help's legend shows them too).
#[derive(Resource, Debug, Clone)]
pub struct TerrainAtlas(pub Handle<Image>);

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(PreStartup, make_atlas)
        .add_systems(Startup, spawn_tilemap)
        .add_systems(
            Update,
            retile.run_if(
                crate::sim::new_battle
                    .or_else(resource_changed::<crate::client::theme::settings::Settings>),
            ),
        );
}

/// The scenario is new (the first frame) or changed (the editor): each tile takes its hex's
/// terrain and relief.
fn retile(
    table: Res<Table>,
    layout: Res<MapLayout>,
    mut tiles: Query<(&TilePos, &mut TileTextureIndex, &mut TileColor)>,
    settings: Res<crate::client::theme::settings::Settings>,
) {
    let map = &table.start.map;
    let light = relief::brightness(map, &layout);
    let range = relief::levels(map);
    for (pos, mut index, mut color) in &mut tiles {
        let hex = Map::from_tile_pos([pos.x as i32, pos.y as i32]);
        let c = map.coord(hex);
        let i = terrain_art::index(map.terrain(hex), terrain_art::variant(c.col, c.row));
        let c = relief::band_colour(
            light.get(&hex).copied().unwrap_or(1.0),
            map.elevation(hex),
            range,
            settings.relief,
        );
        if index.0 != i {
            index.0 = i;
        }
        if color.0 != c {
            color.0 = c;
        }
    }
}

fn make_atlas(mut commands: Commands, mut images: ResMut<Assets<Image>>) {
    commands.insert_resource(TerrainAtlas(images.add(terrain_atlas())));
}

fn spawn_tilemap(mut commands: Commands, table: Res<Table>, atlas: Res<TerrainAtlas>) {
    let map = &table.start.map;
    let texture = atlas.0.clone();
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
        x: HEX_WIDTH * TEXEL,
        y: HEX_HEIGHT * TEXEL,
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
        transform: Transform::from_scale(Vec3::new(1.0 / TEXEL, 1.0 / TEXEL, 1.0)),
        // One chunk for the whole map: bevy_ecs_tilemap 0.19 puts a chunk's offset outside the
        // map's scale (local × global), so a second chunk would land twice as far out. The map
        // changes only in the editor, where re-meshing it whole costs a frame.
        render_settings: TilemapRenderSettings {
            render_chunk_size: UVec2::new(map.width.max(1), map.height.max(1)),
            y_sort: false,
        },
        ..default()
    });
}

/// The terrain atlas (`terrain_art`) as an image.
fn terrain_atlas() -> Image {
    let (w, h, data) = terrain_art::atlas();
    crate::client::theme::widget::picture(w, h, data)
}
