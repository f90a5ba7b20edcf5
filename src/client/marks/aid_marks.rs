//! The aids' lines on the map: the line of sight (clear, or dashed past the cross on its
//! blocking hex) and the threat overlay's rings (could fire) and hexagons (could melee) round
//! each threatening unit, with the threatened hex outlined: shapes, not colours alone.

use bevy::prelude::*;

use super::sight_tool::SightTool;
use super::threat_overlay::ThreatOverlay;
use crate::client::map::layout::{HEX_SIZE, MapLayout};
use crate::client::theme::settings::Settings;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, (draw_sight, draw_threats));
}

fn hexagon(gizmos: &mut Gizmos, c: Vec2, r: f32, color: Color) {
    let corners = (0..=6).map(|k| c + Vec2::from_angle(k as f32 * std::f32::consts::FRAC_PI_3) * r);
    gizmos.linestrip_2d(corners, color);
}

fn draw_threats(
    mut gizmos: Gizmos,
    overlay: Res<ThreatOverlay>,
    layout: Res<MapLayout>,
    settings: Res<Settings>,
) {
    let Some(target) = overlay.target else { return };
    let m = crate::client::theme::palette::marks(settings.colour_blind);
    hexagon(
        &mut gizmos,
        layout.center(target),
        HEX_SIZE * 0.95,
        Color::WHITE,
    );
    for (t, hex) in &overlay.threats {
        let c = layout.center(*hex);
        if t.fire.is_some() {
            gizmos.circle_2d(c, HEX_SIZE * 0.7, m.fire_threat);
        }
        if t.melee.is_some() {
            hexagon(&mut gizmos, c, HEX_SIZE * 0.88, m.melee_threat);
        }
    }
}

fn draw_sight(
    mut gizmos: Gizmos,
    tool: Res<SightTool>,
    layout: Res<MapLayout>,
    settings: Res<Settings>,
) {
    let Some(s) = tool.sight else { return };
    let m = crate::client::theme::palette::marks(settings.colour_blind);
    let (a, b) = (layout.center(s.from), layout.center(s.to));
    gizmos.circle_2d(a, HEX_SIZE * 0.3, Color::WHITE);
    match s.blocking {
        None if s.clear => {
            gizmos.line_2d(a, b, m.sight_clear);
        }
        None => {
            dashed(&mut gizmos, a, b, m.sight_blocked);
        }
        Some(block) => {
            let c = layout.center(block);
            gizmos.line_2d(a, c, m.sight_clear);
            // Beyond the blocking hex the line is dashed: unseen.
            dashed(&mut gizmos, c, b, m.sight_blocked);
            let d = HEX_SIZE * 0.45;
            gizmos.line_2d(c + Vec2::new(-d, -d), c + Vec2::new(d, d), m.sight_blocked);
            gizmos.line_2d(c + Vec2::new(-d, d), c + Vec2::new(d, -d), m.sight_blocked);
        }
    }
}

fn dashed(gizmos: &mut Gizmos, a: Vec2, b: Vec2, color: Color) {
    let n = ((a.distance(b) / 10.0) as usize).max(1);
    for i in (0..n).step_by(2) {
        let t0 = i as f32 / n as f32;
        let t1 = ((i + 1) as f32 / n as f32).min(1.0);
        gizmos.line_2d(a.lerp(b, t0), a.lerp(b, t1), color);
    }
}
