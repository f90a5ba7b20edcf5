//! The toolbar: Resolve (the seed's button), Cancel melee and End turn, with keys R, C and E.

use bevy::prelude::*;

use super::palette;
use super::pointer::SelectedHex;
use crate::sim::{CancelMelee, EndTurn, PendingMelees, ResolveMelees, TurnState};

#[derive(Component, Clone, Copy, PartialEq, Eq, Debug)]
pub enum ToolButton {
    Resolve,
    CancelMelee,
    EndTurn,
    Save,
    Load,
}

impl ToolButton {
    fn label(self) -> &'static str {
        match self {
            ToolButton::Resolve => "Resolve (R)",
            ToolButton::CancelMelee => "Cancel melee (C)",
            ToolButton::EndTurn => "End turn (E)",
            ToolButton::Save => "Save (F5)",
            ToolButton::Load => "Load (F9)",
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<super::saving::SaveLoad>()
        .add_systems(Startup, spawn)
        .add_systems(Update, (press, keys, look));
}

fn spawn(mut commands: Commands) {
    commands
        .spawn(Node {
            position_type: PositionType::Absolute,
            bottom: Val::Px(8.0),
            right: Val::Px(8.0),
            column_gap: Val::Px(8.0),
            ..default()
        })
        .with_children(|bar| {
            for b in [
                ToolButton::Save,
                ToolButton::Load,
                ToolButton::Resolve,
                ToolButton::CancelMelee,
                ToolButton::EndTurn,
            ] {
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
                    t.spawn((
                        Text::new(b.label()),
                        TextFont {
                            font_size: FontSize::Px(16.0),
                            ..default()
                        },
                        TextColor(palette::TEXT),
                    ));
                });
            }
        });
}

fn act(
    b: ToolButton,
    pending: &PendingMelees,
    selected: &SelectedHex,
    resolve: &mut MessageWriter<ResolveMelees>,
    cancel: &mut MessageWriter<CancelMelee>,
    end: &mut MessageWriter<EndTurn>,
) {
    match b {
        ToolButton::Resolve => {
            resolve.write(ResolveMelees);
        }
        ToolButton::CancelMelee => {
            // The melee on the selected hex, or else the last one declared.
            let target = selected
                .0
                .filter(|h| pending.0.iter().any(|p| p.defending_hex == *h))
                .or_else(|| pending.0.last().map(|p| p.defending_hex));
            if let Some(h) = target {
                cancel.write(CancelMelee { defending_hex: h });
            }
        }
        ToolButton::EndTurn => {
            end.write(EndTurn);
        }
        // Handled by the saving plugin.
        ToolButton::Save | ToolButton::Load => {}
    }
}

fn press(
    q: Query<(&Interaction, &ToolButton), Changed<Interaction>>,
    pending: Res<PendingMelees>,
    selected: Res<SelectedHex>,
    mut resolve: MessageWriter<ResolveMelees>,
    mut cancel: MessageWriter<CancelMelee>,
    mut end: MessageWriter<EndTurn>,
    gate: super::start::Gate,
    mut saves: MessageWriter<super::saving::SaveLoad>,
) {
    if !gate.open() {
        return;
    }
    for (i, b) in &q {
        if *i == Interaction::Pressed {
            match b {
                ToolButton::Save => {
                    saves.write(super::saving::SaveLoad::Save);
                }
                ToolButton::Load => {
                    saves.write(super::saving::SaveLoad::Load);
                }
                _ => act(*b, &pending, &selected, &mut resolve, &mut cancel, &mut end),
            }
        }
    }
}

fn keys(
    input: Res<ButtonInput<KeyCode>>,
    pending: Res<PendingMelees>,
    selected: Res<SelectedHex>,
    mut resolve: MessageWriter<ResolveMelees>,
    mut cancel: MessageWriter<CancelMelee>,
    mut end: MessageWriter<EndTurn>,
    gate: super::start::Gate,
) {
    if !gate.open() {
        return;
    }
    for (key, b) in [
        (KeyCode::KeyR, ToolButton::Resolve),
        (KeyCode::KeyC, ToolButton::CancelMelee),
        (KeyCode::KeyE, ToolButton::EndTurn),
    ] {
        if input.just_pressed(key) {
            act(b, &pending, &selected, &mut resolve, &mut cancel, &mut end);
        }
    }
}

/// Buttons light up under the pointer, and Resolve glows while melees wait.
fn look(
    mut q: Query<(&Interaction, &ToolButton, &mut BackgroundColor)>,
    pending: Res<PendingMelees>,
    turn: Res<TurnState>,
) {
    for (i, b, mut bg) in &mut q {
        let waiting = *b == ToolButton::Resolve && !pending.0.is_empty();
        bg.0 = match (i, waiting, turn.over) {
            (_, _, true) => Color::srgb(0.2, 0.2, 0.2),
            (Interaction::Pressed, _, _) => Color::srgb(0.55, 0.45, 0.15),
            (Interaction::Hovered, _, _) => Color::srgb(0.3, 0.3, 0.25),
            (_, true, _) => Color::srgb(0.6, 0.33, 0.05),
            _ => palette::PANEL,
        };
    }
}
