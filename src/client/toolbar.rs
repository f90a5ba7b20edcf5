//! The toolbar: Save, Load, Undo, Resolve (the seed's button), Cancel melee and End turn, with
//! keys Ctrl+Z, R, C and E. Undo says under its label why it cannot be given when it cannot.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use super::dock::DockRow;
use super::palette;
use super::pointer::SelectedHex;
use super::saving::SaveLoad;
use super::start::Gate;
use crate::rules::order::{At, Order};
use crate::sim::{Game, GiveOrder, UndoHistory};

#[derive(Component, Clone, Copy, PartialEq, Eq, Debug)]
pub enum ToolButton {
    Undo,
    Resolve,
    CancelMelee,
    /// Phased Play: on to the next phase (shown only under it).
    EndPhase,
    EndTurn,
    Save,
    Load,
    /// The browser: the quick save as a file, and a save file loaded (shown only there).
    Download,
    Upload,
    /// Impetus I2: the selected (or last) pending melee's follow-up on or off (shown only under
    /// the impetus melee system).
    FollowUp,
}

impl ToolButton {
    fn label(self) -> &'static str {
        match self {
            ToolButton::Undo => "Undo (Ctrl+Z)",
            ToolButton::Resolve => "Resolve (R)",
            ToolButton::CancelMelee => "Cancel melee (C)",
            ToolButton::EndPhase => "End phase (P)",
            ToolButton::EndTurn => "End turn (E)",
            ToolButton::Save => "Save (F5)",
            ToolButton::Load => "Load (F9)",
            ToolButton::Download => "Download save",
            ToolButton::Upload => "Upload save",
            ToolButton::FollowUp => "Follow-up (U)",
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<SaveLoad>()
        .add_systems(Startup, spawn)
        .add_systems(Update, (press, keys, look));
}

/// The small line under Undo's label: why it cannot be given now.
#[derive(Component)]
struct UndoWhyNot;

fn spawn(mut commands: Commands, rows: Query<(Entity, &DockRow)>) {
    // The toolbar, and above the unit's buttons End phase alone (Phased Play only).
    let files: &[ToolButton] = if cfg!(target_arch = "wasm32") {
        &[ToolButton::Download, ToolButton::Upload]
    } else {
        &[]
    };
    let plan: [(u8, &[ToolButton]); 3] = [
        (
            0,
            &[
                ToolButton::Save,
                ToolButton::Load,
                ToolButton::Undo,
                ToolButton::Resolve,
                ToolButton::CancelMelee,
                ToolButton::EndTurn,
            ],
        ),
        (3, &[ToolButton::EndPhase, ToolButton::FollowUp]),
        (3, files),
    ];
    for (row, buttons) in plan {
        let Some((bar, _)) = rows.iter().find(|(_, r)| r.0 == row) else {
            continue;
        };
        for &b in buttons {
            let mut node = palette::button_node();
            node.padding = UiRect::axes(Val::Px(12.0), Val::Px(10.0));
            node.border = UiRect::all(Val::Px(2.0));
            if b == ToolButton::Undo {
                // Its second line changes with every order: a fixed width keeps the toolbar
                // from reflowing under the player's finger.
                node.width = Val::Px(190.0);
                node.overflow = Overflow::clip();
            }
            let button = commands
                .spawn((
                    b,
                    Button,
                    node,
                    BorderColor::all(palette::TEXT),
                    BackgroundColor(palette::PANEL),
                ))
                .with_children(|t| {
                    t.spawn((palette::text(b.label(), 16.0),));
                    if b == ToolButton::Undo {
                        t.spawn((UndoWhyNot, palette::text("", 10.0)));
                    }
                })
                .id();
            commands.entity(bar).add_child(button);
        }
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
    /// The melee on the selected hex, or else the last one declared.
    fn target(&self) -> Option<crate::rules::melee::Declaration> {
        let pending = &self.game.pending;
        self.selected
            .0
            .and_then(|h| pending.iter().find(|p| p.defending_hex == h))
            .or_else(|| pending.last())
            .cloned()
    }

    fn act(&mut self, b: ToolButton) {
        if !self.gate.open() {
            return;
        }
        match b {
            ToolButton::Undo => {
                self.orders.write(GiveOrder(Order::Undo));
            }
            ToolButton::Resolve => {
                self.orders.write(GiveOrder(Order::Resolve));
            }
            ToolButton::CancelMelee => {
                if let Some(p) = self.target() {
                    let at = At::of(&self.game, p.defending_hex);
                    self.orders.write(GiveOrder(Order::CancelMelee { at }));
                }
            }
            ToolButton::FollowUp => {
                if let Some(p) = self.target() {
                    let order = Order::Melee {
                        from: Vec::new(),
                        units: Vec::new(),
                        at: At::of(&self.game, p.defending_hex),
                        follow_up: !p.follow_up,
                    };
                    self.orders.write(GiveOrder(order));
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
            ToolButton::Download => {
                self.saves.write(SaveLoad::Download);
            }
            ToolButton::Upload => {
                self.saves.write(SaveLoad::Upload);
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

/// Whether Ctrl is held (Ctrl+Z is Undo, Z alone turns left).
pub fn ctrl(input: &ButtonInput<KeyCode>) -> bool {
    input.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight])
}

/// Ctrl+Z, R, C and E; F5 and F9 are the saving plugin's.
fn keys(input: Res<ButtonInput<KeyCode>>, mut tools: Tools) {
    if ctrl(&input) {
        if input.just_pressed(KeyCode::KeyZ) {
            tools.act(ToolButton::Undo);
        }
        return;
    }
    for (key, b) in [
        (KeyCode::KeyR, ToolButton::Resolve),
        (KeyCode::KeyC, ToolButton::CancelMelee),
        (KeyCode::KeyE, ToolButton::EndTurn),
        (KeyCode::KeyP, ToolButton::EndPhase),
        (KeyCode::KeyU, ToolButton::FollowUp),
    ] {
        if input.just_pressed(key) {
            tools.act(b);
        }
    }
}

/// Buttons light up under the pointer, Resolve glows while melees wait, and Undo is dimmed
/// with its reason while it cannot be given.
fn look(
    mut q: Query<(&Interaction, &ToolButton, &mut BackgroundColor, &mut Node)>,
    game: Res<Game>,
    undo: Res<UndoHistory>,
    mut why: Query<&mut Text, With<UndoWhyNot>>,
) {
    if undo.is_changed() {
        // What Undo would take back, or why it cannot ("the dice were rolled (…)"), cut to
        // fit the button; the whole of it is in the log when Undo is pressed.
        let line = match (undo.why_not(), undo.history.last()) {
            (None, Some(step)) => format!("back: {}", step.what),
            (why, _) => why
                .unwrap_or_default()
                .trim_start_matches("nothing to undo: ")
                .to_string(),
        };
        let short: String = line.chars().take(27).collect();
        let short = if short.len() < line.len() {
            format!("{short}...")
        } else {
            short
        };
        for mut t in &mut why {
            if t.0 != short {
                t.0 = short.clone();
            }
        }
    }
    for (i, b, mut bg, mut node) in &mut q {
        let shown = match b {
            ToolButton::EndPhase => game.phased(),
            ToolButton::FollowUp => {
                game.params.melee_system == crate::rules::params::MeleeSystemName::Impetus
            }
            _ => true,
        };
        let display = if shown { Display::Flex } else { Display::None };
        if node.display != display {
            node.display = display;
        }
        let waiting = *b == ToolButton::Resolve && !game.pending.is_empty();
        let dim = game.over || (*b == ToolButton::Undo && undo.why_not().is_some());
        bg.0 = match (i, waiting, dim) {
            (_, _, true) => Color::srgb(0.2, 0.2, 0.2),
            (Interaction::Pressed, _, _) => Color::srgb(0.55, 0.45, 0.15),
            (Interaction::Hovered, _, _) => Color::srgb(0.3, 0.3, 0.25),
            (_, true, _) => Color::srgb(0.6, 0.33, 0.05),
            _ => palette::PANEL,
        };
    }
}
