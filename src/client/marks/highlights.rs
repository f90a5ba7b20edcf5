//! Highlights on the map (JTS's Highlight menu): a lettered badge at a fixed corner of each hex
//! whose units can still move (M), fire (F) or melee (X), are low on (a) or out of (A)
//! ammunition, are disrupted (D) or routed (R), or belong to the selected unit's brigade (B)
//! or lead it (L). Letter and corner tell them apart without colour.

use std::collections::BTreeSet;

use bevy::prelude::*;

use crate::client::input::command::Selection;
use crate::client::map::layout::{HEX_SIZE, MapLayout};
use crate::client::theme::aid::{Aid, Aids};
use crate::client::theme::palette;
use crate::client::theme::settings::Settings;
use crate::client::z;
use crate::rules::hex::Hex;
use crate::rules::readiness::readiness_of_side;
use crate::rules::unit::{Ammo, UnitKind};

/// Every badge to draw: the hex, the aid, its letter. Sorted, one per hex, aid and letter.
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct Highlighted(pub BTreeSet<(HexKey, Aid, &'static str)>);

/// A hex as a sortable key.
pub type HexKey = (i32, i32);

impl Highlighted {
    /// The letters shown on `hex` for `aid`.
    pub fn at(&self, hex: Hex, aid: Aid) -> Vec<&'static str> {
        self.0
            .iter()
            .filter(|(h, a, _)| *h == (hex.x, hex.y) && *a == aid)
            .map(|(_, _, l)| *l)
            .collect()
    }
}

#[derive(Component)]
struct Badge;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Highlighted>()
        .add_systems(Update, (work_out, draw).chain());
}

fn work_out(
    aids: Res<Aids>,
    game: Res<crate::client::seen::Seen>,
    cmd: Res<Selection>,
    mut out: ResMut<Highlighted>,
) {
    if !(aids.is_changed() || game.is_changed() || cmd.is_changed()) {
        return;
    }
    let mut set = BTreeSet::new();
    let key = |h: Hex| (h.x, h.y);
    let wants_readiness = [Aid::CanMove, Aid::CanFire, Aid::CanMelee]
        .iter()
        .any(|a| aids.on(*a));
    let side = game.ordering_side();
    let ready: std::collections::HashMap<_, _> = if wants_readiness {
        readiness_of_side(&game, side).into_iter().collect()
    } else {
        Default::default()
    };
    for u in &game.units {
        if let Some(r) = ready.get(&u.id) {
            for (aid, yes, l) in [
                (Aid::CanMove, r.can_move, "M"),
                (Aid::CanFire, r.can_fire, "F"),
                (Aid::CanMelee, r.can_melee, "X"),
            ] {
                if yes && aids.on(aid) {
                    set.insert((key(u.hex), aid, l));
                }
            }
        }
        if aids.on(Aid::Ammo) && u.kind != UnitKind::Leader {
            match u.ammo {
                Ammo::Low => {
                    set.insert((key(u.hex), Aid::Ammo, "a"));
                }
                Ammo::Out => {
                    set.insert((key(u.hex), Aid::Ammo, "A"));
                }
                Ammo::Normal => {}
            }
        }
        if aids.on(Aid::Disorder) && (u.routed || u.disrupted) {
            let l = if u.routed { "R" } else { "D" };
            set.insert((key(u.hex), Aid::Disorder, l));
        }
    }
    if aids.on(Aid::Brigade)
        && let Some(sel) = cmd.unit.and_then(|id| game.unit(id))
    {
        // §17: the brigade, each of its units in (B) or out of command (c), and every leader
        // of its chain of command, up to the army's (L).
        let org = &game.board().organisation;
        let chain = org.chain(&sel.brigade);
        for u in game.units.iter().filter(|u| u.side == sel.side) {
            let l = if u.is_leader() {
                if !chain.contains(&org.post_of(u)) {
                    continue;
                }
                "L"
            } else if u.brigade != sel.brigade {
                continue;
            } else if crate::rules::command::hampered(game.board(), u) {
                "c"
            } else {
                "B"
            };
            set.insert((key(u.hex), Aid::Brigade, l));
        }
    }
    if out.0 != set {
        out.0 = set;
    }
}

fn colour(aid: Aid, letter: &str, settings: &Settings) -> Color {
    let m = crate::client::theme::palette::marks(settings.colour_blind);
    match (aid, letter) {
        (Aid::CanMove, _) => m.reach,
        (Aid::CanFire, _) => m.fire_threat,
        (Aid::CanMelee, _) => m.melee_threat,
        (Aid::Ammo, "A") => m.illegal,
        (Aid::Ammo, _) => m.disrupted,
        (Aid::Disorder, "R") => m.routed,
        (Aid::Disorder, _) => m.disrupted,
        (Aid::Brigade, "c") => palette::OUT_OF_COMMAND,
        _ => Color::WHITE,
    }
}

/// The corner of the hex each aid's badge sits in.
fn corner(aid: Aid) -> Vec2 {
    let k = match aid {
        Aid::CanMove => 2,
        Aid::CanFire => 1,
        Aid::CanMelee => 0,
        Aid::Ammo => 5,
        Aid::Disorder => 4,
        _ => 3,
    };
    Vec2::from_angle(k as f32 * std::f32::consts::FRAC_PI_3) * HEX_SIZE * 0.72
}

fn draw(
    mut commands: Commands,
    marks: Res<Highlighted>,
    settings: Res<Settings>,
    layout: Res<MapLayout>,
    old: Query<Entity, With<Badge>>,
) {
    if !marks.is_changed() && !settings.is_changed() {
        return;
    }
    crate::client::theme::widget::clear(&mut commands, &old);
    // Two letters of one aid on a hex (low and out of ammunition) share its corner.
    let mut seen: BTreeSet<(HexKey, Aid)> = BTreeSet::new();
    for &((x, y), aid, letter) in &marks.0 {
        let hex = Hex::new(x, y);
        let nudge = if seen.insert(((x, y), aid)) { 0.0 } else { 9.0 };
        let at = layout.center(hex) + corner(aid) + Vec2::new(nudge, 0.0);
        commands
            .spawn((
                Badge,
                Sprite::from_color(Color::BLACK, Vec2::splat(17.0)),
                Transform::from_translation(at.extend(z::COUNTER + 2.0)),
            ))
            .with_children(|b| {
                b.spawn((
                    Sprite::from_color(colour(aid, letter, &settings), Vec2::splat(15.0)),
                    Transform::from_xyz(0.0, 0.0, 0.01),
                ));
                b.spawn((
                    Text2d::new(letter),
                    TextFont {
                        font_size: FontSize::Px(12.0),
                        ..default()
                    },
                    TextColor(Color::BLACK),
                    Transform::from_xyz(0.0, 0.0, 0.02),
                ));
            });
    }
}
