//! Orders on the map: the arrow of a melee drag with its target marked legal (green) or not
//! (red); every pending melee with its arrows (its strengths and odds are in the HUD's panel); the selected unit's
//! path (its range is drawn under the counters: `reach_marks`), and its fire mode; and the marks of actions as the show plays them
//! (a fire's line, a melee's arrows), fading as they age.

use bevy::prelude::*;

use crate::client::input::command::{Reachable, Selection};
use crate::client::input::melee_drag::{DragPreview, MeleeDrag};
use crate::client::input::pointer::HoveredHex;
use crate::client::map::layout::{HEX_SIZE, MapLayout};
use crate::client::theme::palette;
use crate::rules::hex::Hex;
use crate::rules::movement::path_to;
use crate::sim::UnitState;

const PENDING: Color = palette::PENDING;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Startup, thicker_lines)
        .add_systems(Update, (draw, draw_command, draw_brigade, draw_actions));
}

fn thicker_lines(mut store: ResMut<GizmoConfigStore>) {
    let (config, _) = store.config_mut::<DefaultGizmoConfigGroup>();
    config.line.width = 4.0;
}

fn outline(gizmos: &mut Gizmos, layout: &MapLayout, hex: Hex, color: Color) {
    let c = layout.center(hex);
    let corners = (0..=6)
        .map(|k| c + Vec2::from_angle(k as f32 * std::f32::consts::FRAC_PI_3) * HEX_SIZE * 0.95);
    gizmos.linestrip_2d(corners, color);
}

fn draw(
    mut gizmos: Gizmos,
    layout: Res<MapLayout>,
    cmd: Res<Selection>,
    // The melee being dragged, and what it would be.
    (drag, preview): (Res<MeleeDrag>, Res<DragPreview>),
    game: Res<crate::client::seen::Seen>,
    units: Query<&UnitState>,
    settings: Res<crate::client::theme::settings::Settings>,
) {
    let marks = palette::marks(settings.colour_blind);
    for p in &game.pending {
        let to = layout.center(p.defending_hex);
        let mut from: Vec<Hex> = Vec::new();
        for u in units.iter().filter(|u| p.attackers.contains(&u.0.id)) {
            if !from.contains(&u.0.hex) {
                from.push(u.0.hex);
            }
        }
        for h in from {
            let a = layout.center(h);
            gizmos.arrow_2d(a, a.lerp(to, 0.8), PENDING);
        }
        outline(&mut gizmos, &layout, p.defending_hex, PENDING);
    }
    // A drag that moves a brigade is drawn as the brigade's paths (`draw_brigade`).
    if let Some(from) = drag.from.filter(|_| !cmd.brigade) {
        let a = layout.center(from);
        let tip = match drag.over {
            Some(h) if h != from => layout.center(h),
            _ => drag.pointer,
        };
        let color = if preview.legal {
            marks.legal
        } else {
            marks.illegal
        };
        outline(&mut gizmos, &layout, from, Color::WHITE);
        if a.distance(tip) > 4.0 {
            gizmos.arrow_2d(a, tip, color);
        }
        if let Some(t) = preview.target {
            outline(&mut gizmos, &layout, t, color);
            if !preview.legal {
                // A cross, so that a refused target differs in shape, not only in colour.
                let c = layout.center(t);
                let d = HEX_SIZE * 0.4;
                gizmos.line_2d(c + Vec2::new(-d, -d), c + Vec2::new(d, d), color);
                gizmos.line_2d(c + Vec2::new(-d, d), c + Vec2::new(d, -d), color);
            }
        }
    }
}

fn draw_command(
    mut gizmos: Gizmos,
    layout: Res<MapLayout>,
    cmd: Res<Selection>,
    reach: Res<Reachable>,
    hovered: Res<HoveredHex>,
    units: Query<&UnitState>,
) {
    let Some(u) = cmd.unit.and_then(|id| units.iter().find(|x| x.0.id == id)) else {
        return;
    };
    let target = cmd.move_target.or(hovered.0).filter(|_| !cmd.brigade);
    if let Some(path) = target.and_then(|t| path_to(&reach.0, t)) {
        let mut pts = vec![layout.center(u.0.hex)];
        pts.extend(path.iter().map(|h| layout.center(*h)));
        gizmos.linestrip_2d(pts, Color::srgb(0.55, 0.85, 1.0));
    }
    if cmd.fire_mode {
        gizmos.circle_2d(
            layout.center(u.0.hex),
            HEX_SIZE * 0.8,
            Color::srgb(0.95, 0.2, 0.1),
        );
    }
}

/// A brigade about to move as one: each unit's path, a ring where it stops, and a cross on the
/// place it will not reach (shape as well as colour).
fn draw_brigade(
    mut gizmos: Gizmos,
    layout: Res<MapLayout>,
    // The editor draws these marks but moves no brigade.
    march: Option<Res<super::brigade_preview::BrigadeMarch>>,
) {
    let Some(m) = march.as_ref().and_then(|m| m.0.as_ref()) else {
        return;
    };
    let going = Color::srgb(0.55, 0.85, 1.0);
    let short = Color::srgb(1.0, 0.7, 0.2);
    outline(&mut gizmos, &layout, m.to, Color::WHITE);
    for l in &m.legs {
        let mut pts = vec![layout.center(l.from)];
        pts.extend(l.path.iter().map(|h| layout.center(*h)));
        let colour = if l.arrives() { going } else { short };
        if pts.len() > 1 {
            gizmos.linestrip_2d(pts, colour);
        }
        gizmos.circle_2d(layout.center(l.stop()), HEX_SIZE * 0.45, colour);
        if !l.arrives() {
            let c = layout.center(l.place);
            let d = HEX_SIZE * 0.25;
            gizmos.line_2d(c + Vec2::new(-d, -d), c + Vec2::new(d, d), short);
            gizmos.line_2d(c + Vec2::new(-d, d), c + Vec2::new(d, -d), short);
        }
    }
}

/// The marks of actions just shown: fire as a line from the firer's hex to the target's with a
/// ring on the target (dashed for opportunity fire), a melee as arrows into the defending hex in
/// the colour of who won, a declaration as the pending melee's arrows.
fn draw_actions(
    mut gizmos: Gizmos,
    layout: Res<MapLayout>,
    marks: Query<&crate::client::replay::playback::ActionMark>,
) {
    use crate::client::replay::playback::Action;
    for m in &marks {
        let alpha = (m.left / m.whole * 2.0).clamp(0.0, 1.0);
        match &m.action {
            Action::Fire {
                from,
                at,
                opportunity,
                ..
            } => {
                let colour = Color::srgba(1.0, 0.55, 0.1, alpha);
                let (a, b) = (layout.center(*from), layout.center(*at));
                if *opportunity {
                    let n = 8;
                    for k in (0..n).step_by(2) {
                        let (s, e) = (k as f32 / n as f32, (k + 1) as f32 / n as f32);
                        gizmos.line_2d(a.lerp(b, s), a.lerp(b, e), colour);
                    }
                } else {
                    gizmos.line_2d(a, b, colour);
                }
                gizmos.circle_2d(b, HEX_SIZE * 0.5, colour);
            }
            Action::Declare { from, at } => {
                let to = layout.center(*at);
                for h in from {
                    let a = layout.center(*h);
                    gizmos.arrow_2d(a, a.lerp(to, 0.8), PENDING.with_alpha(alpha));
                }
            }
            Action::Melee {
                from, at, result, ..
            } => {
                let colour = if result.starts_with("attacker") {
                    Color::srgba(1.0, 0.3, 0.2, alpha)
                } else {
                    Color::srgba(0.4, 0.7, 1.0, alpha)
                };
                let to = layout.center(*at);
                for h in from {
                    let a = layout.center(*h);
                    gizmos.arrow_2d(a, a.lerp(to, 0.8), colour);
                }
                outline(&mut gizmos, &layout, *at, colour);
            }
            Action::Rout { from, to, .. } => {
                let colour = Color::srgba(0.95, 0.9, 0.3, alpha);
                gizmos.arrow_2d(layout.center(*from), layout.center(*to), colour);
            }
            Action::Move { .. } => {}
        }
    }
}
