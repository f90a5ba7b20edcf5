//! The toolbar: Save, Load, Resolve (the seed's button), Cancel melee and End turn, with keys
//! R, C and E.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use super::palette;
use super::pointer::SelectedHex;
use super::saving::SaveLoad;
use super::start::Gate;
use crate::rules::order::{At, Order};
use crate::sim::{Game, GiveOrder};

#[derive(Component, Clone, Copy, PartialEq, Eq, Debug)]
pub enum ToolButton {
    Resolve,
    CancelMelee,
    /// Phased Play: on to the next phase (shown only under it).
    EndPhase,
    EndTurn,
    Save,
    Load,
}

impl ToolButton {
    fn label(self) -> &'static str {
        match self {
            ToolButton::Resolve => "Resolve (R)",
            ToolButton::CancelMelee => "Cancel melee (C)",
            ToolButton::EndPhase => "End phase (P)",
            ToolButton::EndTurn => "End turn (E)",
            ToolButton::Save => "Save (F5)",
            ToolButton::Load => "Load (F9)",
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<SaveLoad>()
        .add_systems(Startup, spawn)
        .add_systems(Update, (press, keys, look));
}

fn spawn(mut commands: Commands) {
    // The toolbar, and above the unit's buttons End phase alone (Phased Play only), so that the
    // bottom row never grows over the log.
    let rows: [(f32, &[ToolButton]); 2] = [
        (
            8.0,
            &[
                ToolButton::Save,
                ToolButton::Load,
                ToolButton::Resolve,
                ToolButton::CancelMelee,
                ToolButton::EndTurn,
            ],
        ),
        (146.0, &[ToolButton::EndPhase]),
    ];
    for (bottom, buttons) in rows {
        commands
            .spawn(Node {
                position_type: PositionType::Absolute,
                bottom: Val::Px(bottom),
                right: Val::Px(8.0),
                column_gap: Val::Px(8.0),
                ..default()
            })
            .with_children(|bar| {
                for &b in buttons {
                    bar.spawn((
                        b,
                        Button,
                        Node {
                            padding: UiRect::axes(Val::Px(12.0), Val::Px(12.0)),
                            border: UiRect::all(Val::Px(2.0)),
                            ..default()
                        },
                        BorderColor::all(palette::TEXT),
                        BackgroundColor(palette::PANEL),
                    ))
                    .with_children(|t| {
                        t.spawn((palette::text(b.label(), 16.0),));
                    });
                }
            });
    }
}

/// What the toolbar's buttons and keys need to give their orders.
#[derive(SystemParam)]
struct Tools<'w> {
    game: Res<'w, Game>,
    selected: Res<'w, SelectedHex>,
    gate: Gate<'w>,
    orders: MessageWriter<'w, GiveOrder>,
    saves: MessageWriter<'w, SaveLoad>,
}

impl Tools<'_> {
    fn act(&mut self, b: ToolButton) {
        if !self.gate.open() {
            return;
        }
        match b {
            ToolButton::Resolve => {
                self.orders.write(GiveOrder(Order::Resolve));
            }
            ToolButton::CancelMelee => {
                // The melee on the selected hex, or else the last one declared.
                let pending = &self.game.pending;
                let target = self
                    .selected
                    .0
                    .filter(|h| pending.iter().any(|p| p.defending_hex == *h))
                    .or_else(|| pending.last().map(|p| p.defending_hex));
                if let Some(h) = target {
                    let at = At::of(&self.game, h);
                    self.orders.write(GiveOrder(Order::CancelMelee { at }));
                }
            }
            ToolButton::EndTurn => {
                self.orders.write(GiveOrder(Order::EndTurn));
            }
            ToolButton::EndPhase => {
                self.orders.write(GiveOrder(Order::EndPhase));
            }
            ToolButton::Save => {
                self.saves.write(SaveLoad::Save);
            }
            ToolButton::Load => {
                self.saves.write(SaveLoad::Load);
            }
        }
    }
}

fn press(q: Query<(&Interaction, &ToolButton), Changed<Interaction>>, mut tools: Tools) {
    for (i, b) in &q {
        if *i == Interaction::Pressed {
            tools.act(*b);
        }
    }
}

/// R, C and E; F5 and F9 are the saving plugin's.
fn keys(input: Res<ButtonInput<KeyCode>>, mut tools: Tools) {
    for (key, b) in [
        (KeyCode::KeyR, ToolButton::Resolve),
        (KeyCode::KeyC, ToolButton::CancelMelee),
        (KeyCode::KeyE, ToolButton::EndTurn),
        (KeyCode::KeyP, ToolButton::EndPhase),
    ] {
        if input.just_pressed(key) {
            tools.act(b);
        }
    }
}

/// Buttons light up under the pointer, and Resolve glows while melees wait.
fn look(
    mut q: Query<(&Interaction, &ToolButton, &mut BackgroundColor, &mut Node)>,
    game: Res<Game>,
) {
    for (i, b, mut bg, mut node) in &mut q {
        let shown = *b != ToolButton::EndPhase || game.phased();
        let display = if shown { Display::Flex } else { Display::None };
        if node.display != display {
            node.display = display;
        }
        let waiting = *b == ToolButton::Resolve && !game.pending.is_empty();
        bg.0 = match (i, waiting, game.over) {
            (_, _, true) => Color::srgb(0.2, 0.2, 0.2),
            (Interaction::Pressed, _, _) => Color::srgb(0.55, 0.45, 0.15),
            (Interaction::Hovered, _, _) => Color::srgb(0.3, 0.3, 0.25),
            (_, true, _) => Color::srgb(0.6, 0.33, 0.05),
            _ => palette::PANEL,
        };
    }
}
