//! The threat overlay: for the selected unit (or the selected hex), each enemy unit that could
//! fire at it or melee it next turn is shaded by its strength; the tooltip over it gives its fire
//! value and melee strength, and the log sums them up. The rules are
//! `rules::threat`'s; `aid_marks` draws the rings (fire) and hexagons (melee).

use bevy::prelude::*;

use crate::client::input::command::{Notice, Selection};
use crate::client::input::pointer::SelectedHex;
use crate::client::map::layout::{HEX_SIZE, MapLayout};
use crate::client::theme::aid::{Aid, Aids};
use crate::client::theme::settings::Settings;
use crate::client::z;
use crate::rules::hex::Hex;
use crate::rules::order::At;
use crate::rules::threat::{Threat, threats};
use crate::rules::unit::Side;

/// The hex under threat and the threats to it, with where each threatening unit stands.
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct ThreatOverlay {
    pub target: Option<Hex>,
    pub threats: Vec<(Threat, Hex)>,
    /// The threatening units' strengths are estimates (Extreme Fog of War, D-fow-2): the
    /// figures say so.
    pub estimate: bool,
}

#[derive(Component)]
struct Shade;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<ThreatOverlay>()
        .add_systems(Update, (work_out, shade).chain());
}

fn work_out(
    aids: Res<Aids>,
    game: Res<crate::client::seen::Seen>,
    cmd: Res<Selection>,
    selected: Res<SelectedHex>,
    mut overlay: ResMut<ThreatOverlay>,
    mut notices: MessageWriter<Notice>,
) {
    if !(aids.is_changed() || game.is_changed() || cmd.is_changed() || selected.is_changed()) {
        return;
    }
    let unit = cmd.unit.and_then(|id| game.unit(id));
    let target = if aids.on(Aid::Threats) {
        unit.map(|u| u.hex).or(selected.0)
    } else {
        None
    };
    let Some(hex) = target else {
        if *overlay != ThreatOverlay::default() {
            *overlay = ThreatOverlay::default();
        }
        return;
    };
    let side: Side = unit
        .map(|u| u.side)
        .or_else(|| game.side_at(hex))
        .unwrap_or(game.ordering_side());
    let found: Vec<(Threat, Hex)> = threats(&game, hex, side)
        .into_iter()
        .filter_map(|t| game.unit(t.unit).map(|u| (t, u.hex)))
        .collect();
    let view = game.view();
    let next = ThreatOverlay {
        target: Some(hex),
        threats: found,
        estimate: view.estimates && side == view.side,
    };
    if *overlay != next {
        notices.write(Notice(summary(&game, &next)));
        *overlay = next;
    }
}

/// The threats in one line, for the log.
pub fn summary(game: &crate::rules::board::Board, o: &ThreatOverlay) -> String {
    let Some(hex) = o.target else {
        return String::new();
    };
    let fire: Vec<f64> = o.threats.iter().filter_map(|(t, _)| t.fire).collect();
    let melee: Vec<f64> = o.threats.iter().filter_map(|(t, _)| t.melee).collect();
    if fire.is_empty() && melee.is_empty() {
        return format!("Threats to {}: none next turn", At::of(game, hex));
    }
    // Only the kinds of threat there are: no "fire from 0 units (value -0)".
    let units = |n: usize| crate::rules::words::count(n as u64, "unit", "units");
    let mut parts = Vec::new();
    if !fire.is_empty() {
        let value = fire.iter().sum::<f64>();
        parts.push(format!(
            "fire from {} (value {value:.0})",
            units(fire.len())
        ));
    }
    if !melee.is_empty() {
        let strength = melee.iter().sum::<f64>();
        parts.push(format!(
            "melee from {} (strength {strength:.0})",
            units(melee.len())
        ));
    }
    format!(
        "Threats to {}: {}{}",
        At::of(game, hex),
        parts.join("; "),
        if o.estimate { " (estimate)" } else { "" }
    )
}

/// What the unit at `hex` threatens, as the tooltip says it ("threatens 19th Maine: fire value
/// 120, melee strength 550"), if it is one of the overlay's.
pub fn threat_words(
    overlay: &ThreatOverlay,
    game: &crate::rules::board::Board,
    hex: Hex,
) -> Option<String> {
    let t = overlay
        .threats
        .iter()
        .find(|(_, h)| *h == hex)
        .map(|(t, _)| t)?;
    let target = overlay
        .target
        .and_then(|h| {
            game.units_at(h)
                .find(|u| !u.is_leader())
                .map(|u| u.name.clone())
        })
        .unwrap_or_else(|| "the hex".to_string());
    let mut parts = Vec::new();
    if let Some(f) = t.fire {
        parts.push(format!("fire value {f:.0}"));
    }
    if let Some(x) = t.melee {
        parts.push(format!("melee strength {x:.0}"));
    }
    Some(format!(
        "Threatens {target} next turn: {}{}",
        parts.join(", "),
        if overlay.estimate { " (estimate)" } else { "" }
    ))
}

/// A translucent shade under each threatening unit, deeper the stronger it is, and its values.
fn shade(
    mut commands: Commands,
    overlay: Res<ThreatOverlay>,
    settings: Res<Settings>,
    layout: Res<MapLayout>,
    old: Query<Entity, With<Shade>>,
) {
    if !overlay.is_changed() && !settings.is_changed() {
        return;
    }
    crate::client::theme::widget::clear(&mut commands, &old);
    let m = crate::client::theme::palette::marks(settings.colour_blind);
    let max = overlay
        .threats
        .iter()
        .map(|(t, _)| t.strength())
        .fold(1.0, f64::max);
    for (t, hex) in &overlay.threats {
        let k = (t.strength() / max) as f32;
        let base = if t.melee.is_some() {
            m.melee_threat
        } else {
            m.fire_threat
        };
        let at = layout.center(*hex);
        // The values are the hover tooltip's (`threat_words`): a label here would lie over this
        // counter and the next.
        commands.spawn((
            Shade,
            Sprite::from_color(base.with_alpha(0.15 + 0.5 * k), Vec2::splat(HEX_SIZE * 1.5)),
            Transform::from_translation(at.extend(z::HIGHLIGHT - 0.5)),
        ));
    }
}
