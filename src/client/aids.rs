//! The aids column on the left: highlights (units that can still move, fire, melee; low or
//! out of ammunition; disrupted and routed; the selected unit's brigade and its leader), the
//! threat overlay, the line-of-sight tool, the order of battle and the hex grid. Each is a
//! toggle, by button (mouse or touch) or by key 1–9 and 0 (L and O too).

use std::collections::BTreeSet;

use bevy::prelude::*;

use super::palette;

/// One aid of the column.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Aid {
    CanMove,
    CanFire,
    CanMelee,
    Ammo,
    Disorder,
    Brigade,
    Threats,
    Sight,
    OrderOfBattle,
    /// The hex grid (on by default).
    Grid,
}

impl Aid {
    pub const ALL: [Aid; 10] = [
        Aid::CanMove,
        Aid::CanFire,
        Aid::CanMelee,
        Aid::Ammo,
        Aid::Disorder,
        Aid::Brigade,
        Aid::Threats,
        Aid::Sight,
        Aid::OrderOfBattle,
        Aid::Grid,
    ];

    pub fn label(self) -> &'static str {
        match self {
            Aid::CanMove => "1 Can move",
            Aid::CanFire => "2 Can fire",
            Aid::CanMelee => "3 Can melee",
            Aid::Ammo => "4 Ammunition",
            Aid::Disorder => "5 Disorder",
            Aid::Brigade => "6 Brigade",
            Aid::Threats => "7 Threats",
            Aid::Sight => "8 Sight (L)",
            Aid::OrderOfBattle => "9 Order of\nbattle (O)",
            Aid::Grid => "0 Hex grid",
        }
    }

    /// The letter its marks on the map carry: shape, not colour alone, tells them apart.
    pub fn letter(self) -> &'static str {
        match self {
            Aid::CanMove => "M",
            Aid::CanFire => "F",
            Aid::CanMelee => "X",
            Aid::Ammo => "A",
            Aid::Disorder => "D",
            Aid::Brigade => "B",
            Aid::Threats => "!",
            Aid::Sight => "L",
            Aid::OrderOfBattle => "O",
            Aid::Grid => "#",
        }
    }

    fn keys(self) -> &'static [KeyCode] {
        match self {
            Aid::CanMove => &[KeyCode::Digit1],
            Aid::CanFire => &[KeyCode::Digit2],
            Aid::CanMelee => &[KeyCode::Digit3],
            Aid::Ammo => &[KeyCode::Digit4],
            Aid::Disorder => &[KeyCode::Digit5],
            Aid::Brigade => &[KeyCode::Digit6],
            Aid::Threats => &[KeyCode::Digit7],
            Aid::Sight => &[KeyCode::Digit8, KeyCode::KeyL],
            Aid::OrderOfBattle => &[KeyCode::Digit9, KeyCode::KeyO],
            Aid::Grid => &[KeyCode::Digit0],
        }
    }
}

/// The aids switched on; at the start, the hex grid alone.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct Aids(pub BTreeSet<Aid>);

impl Default for Aids {
    fn default() -> Self {
        Aids(BTreeSet::from([Aid::Grid]))
    }
}

impl Aids {
    pub fn on(&self, a: Aid) -> bool {
        self.0.contains(&a)
    }

    pub fn toggle(&mut self, a: Aid) {
        if !self.0.remove(&a) {
            self.0.insert(a);
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Aids>()
        .add_systems(Startup, spawn)
        .add_systems(Update, (press, keys, look).chain());
}

fn spawn(mut commands: Commands) {
    commands
        .spawn(Node {
            position_type: PositionType::Absolute,
            top: Val::Px(36.0),
            left: Val::Px(6.0),
            width: Val::Px(124.0),
            flex_direction: FlexDirection::Column,
            row_gap: Val::Px(4.0),
            ..default()
        })
        .with_children(|col| {
            for a in Aid::ALL {
                col.spawn((
                    a,
                    Button,
                    palette::button_node(),
                    BorderColor::all(palette::TEXT),
                    BackgroundColor(palette::PANEL),
                ))
                .with_children(|b| {
                    b.spawn(palette::text(a.label(), 12.0));
                });
            }
        });
}

fn press(q: Query<(&Interaction, &Aid), Changed<Interaction>>, mut aids: ResMut<Aids>) {
    for (i, a) in &q {
        if *i == Interaction::Pressed {
            aids.toggle(*a);
        }
    }
}

fn keys(
    input: Res<ButtonInput<KeyCode>>,
    mut aids: ResMut<Aids>,
    dialog: Res<super::start::DialogOpen>,
) {
    if dialog.0 || super::toolbar::ctrl(&input) {
        return;
    }
    for a in Aid::ALL {
        if input.any_just_pressed(a.keys().iter().copied()) {
            aids.toggle(a);
        }
    }
}

/// A switched-on aid's button is lit.
fn look(aids: Res<Aids>, mut q: Query<(&Aid, &Interaction, &mut BackgroundColor)>) {
    for (a, i, mut bg) in &mut q {
        let want = match (aids.on(*a), i) {
            (true, _) => Color::srgb(0.45, 0.32, 0.08),
            (false, Interaction::Hovered) => Color::srgb(0.3, 0.3, 0.25),
            _ => palette::PANEL,
        };
        if bg.0 != want {
            bg.0 = want;
        }
    }
}
