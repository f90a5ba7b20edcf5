//! The hex grid: every hexside drawn faint over the tiles and under everything else, so that a
//! player can count range across open ground. On by default; the aids column's "0 Hex grid"
//! (key 0) hides and shows it. One line mesh for the whole map: Brandy Station has 24,000
//! hexsides, too many for a sprite each.

use bevy::asset::RenderAssetUsages;
use bevy::mesh::PrimitiveTopology;
use bevy::prelude::*;

use super::layout::{HEX_SIZE, MapLayout};
use crate::client::theme::aid::{Aid, Aids};
use crate::client::{theme::palette, z};
use crate::rules::hex::Facing;
use crate::rules::map::Map;
use crate::sim::Table;

/// The grid's entity, with how many hexsides it draws.
#[derive(Component, Debug)]
pub struct HexGrid {
    pub sides: usize,
}

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (redraw.run_if(crate::sim::new_battle), show).chain(),
    );
}

/// Each hexside once, as its two ends: a hex's three upper sides, and its lower ones where the
/// map ends.
fn hexsides(map: &Map, layout: &MapLayout) -> Vec<[Vec2; 2]> {
    let mut out = Vec::new();
    for hex in map.hexes() {
        for side in Facing::ALL {
            let own = matches!(side, Facing::N | Facing::NE | Facing::SE);
            if !own && map.contains(hex + side.step()) {
                continue;
            }
            let (mid, rot) = layout.hexside(hex, side);
            let half = (rot * Vec3::X).truncate() * HEX_SIZE / 2.0;
            out.push([mid - half, mid + half]);
        }
    }
    out
}

/// Drawn afresh when the scenario changes (the editor); without a renderer (tests) the entity
/// is there with no mesh.
fn redraw(
    mut commands: Commands,
    old: Query<Entity, With<HexGrid>>,
    table: Res<Table>,
    layout: Res<MapLayout>,
    aids: Res<Aids>,
    meshes: Option<ResMut<Assets<Mesh>>>,
    materials: Option<ResMut<Assets<ColorMaterial>>>,
) {
    crate::client::theme::widget::clear(&mut commands, &old);
    let sides = hexsides(&table.start.map, &layout);
    let mut grid = commands.spawn((
        HexGrid { sides: sides.len() },
        Transform::from_xyz(0.0, 0.0, z::GRID),
        visibility(&aids),
    ));
    if let (Some(mut meshes), Some(mut materials)) = (meshes, materials) {
        let points: Vec<[f32; 3]> = sides.iter().flatten().map(|p| [p.x, p.y, 0.0]).collect();
        let mesh = Mesh::new(PrimitiveTopology::LineList, RenderAssetUsages::RENDER_WORLD)
            .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, points);
        grid.insert((
            Mesh2d(meshes.add(mesh)),
            MeshMaterial2d(materials.add(ColorMaterial::from_color(palette::GRID))),
        ));
    }
}

fn visibility(aids: &Aids) -> Visibility {
    if aids.on(Aid::Grid) {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    }
}

fn show(aids: Res<Aids>, mut grid: Query<&mut Visibility, With<HexGrid>>) {
    if !aids.is_changed() {
        return;
    }
    let want = visibility(&aids);
    for mut v in &mut grid {
        v.set_if_neq(want);
    }
}
