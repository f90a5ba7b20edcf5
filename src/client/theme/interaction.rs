//! Buttons pressed and lit: one system turns bevy's `Interaction` into a `Pressed` event (an
//! observer on the button, and a message for the systems that also read keys), and one system
//! colours every button of the kit by its `Look`.

use bevy::prelude::*;

use super::palette;

/// A button was pressed (a click, a tap, or a test marking it so). Observers take it as the
/// button's action; a system that also reads a key reads it as a message.
#[derive(EntityEvent, Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pressed {
    pub entity: Entity,
}

/// A button that acts when it is let go where it was pressed, not as it is pressed: one in a
/// list a finger drags to scroll (the library's cards), where a drag that starts on it must
/// scroll the list, not open the battle.
#[derive(Component, Debug, Clone, Copy, Default)]
pub struct OnRelease;

/// How far a finger or the mouse may move (logical pixels) between press and release of an
/// `OnRelease` button and still be a tap, not a drag.
pub const TAP_SLOP: f32 = 12.0;

/// What an `OnRelease` button being held has seen: the button, and how far the pointer went.
#[derive(Default)]
struct Held {
    button: Option<Entity>,
    moved: f32,
}

/// What a kit button says by its colour: its state in the screen it belongs to. The screen sets
/// the state; `colour` alone paints.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Look {
    #[default]
    Plain,
    /// Switched on, or the one chosen.
    Lit,
    /// Waiting on the player (melees declared and not resolved; End turn asking to confirm).
    Waiting,
    /// A mode the next click is read in (Fire: the next hex clicked is the target).
    Armed,
    /// Nothing to act on now: it keeps its place, dimmed.
    Dimmed,
}

impl Look {
    /// The background for this state under the pointer as `i` says.
    pub fn colour(self, i: Interaction) -> Color {
        match (self, i) {
            (Look::Dimmed, _) => palette::DIMMED,
            (_, Interaction::Pressed) => PRESSED,
            (Look::Lit, _) => palette::LIT,
            (Look::Waiting, _) => WAITING,
            (Look::Armed, _) => ARMED,
            (Look::Plain, Interaction::Hovered) => HOVERED,
            (Look::Plain, Interaction::None) => palette::PANEL,
        }
    }
}

const PRESSED: Color = Color::srgb(0.55, 0.45, 0.15);
const HOVERED: Color = Color::srgb(0.3, 0.3, 0.25);
const WAITING: Color = Color::srgb(0.6, 0.33, 0.05);
const ARMED: Color = Color::srgb(0.6, 0.15, 0.1);

/// A screen's state for a button, set only when it differs (a change repaints).
pub fn set(look: &mut Mut<Look>, want: Look) {
    if **look != want {
        **look = want;
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<Pressed>()
        .add_systems(PreUpdate, press.after(bevy::ui::UiSystems::Focus))
        .add_systems(PostUpdate, colour);
}

/// Runs after bevy's UI focus, so that every screen's `Update` systems see this frame's presses.
/// An `OnRelease` button is pressed when it is let go, if the pointer stayed within the slop.
fn press(
    q: Query<(Entity, &Interaction, Has<OnRelease>), Changed<Interaction>>,
    touches: Option<Res<Touches>>,
    motion: Option<Res<Messages<bevy::input::mouse::MouseMotion>>>,
    mut cursor: Local<bevy::ecs::message::MessageCursor<bevy::input::mouse::MouseMotion>>,
    mut held: Local<Held>,
    mut commands: Commands,
    mut out: MessageWriter<Pressed>,
) {
    // Read every frame (not only while held), so that no old motion counts against a press.
    let moved: f32 = touches
        .as_deref()
        .map_or(0.0, |t| t.iter().map(|t| t.delta().length()).sum::<f32>())
        + motion.as_deref().map_or(0.0, |m| {
            cursor.read(m).map(|m| m.delta.length()).sum::<f32>()
        });
    if held.button.is_some() {
        held.moved += moved;
    }
    for (entity, i, on_release) in &q {
        let fire = match (*i, on_release) {
            (Interaction::Pressed, false) => true,
            (Interaction::Pressed, true) => {
                *held = Held {
                    button: Some(entity),
                    moved: 0.0,
                };
                false
            }
            (_, true) if held.button == Some(entity) => {
                let tap = held.moved <= TAP_SLOP;
                *held = Held::default();
                tap
            }
            _ => false,
        };
        if fire {
            out.write(Pressed { entity });
            commands.trigger(Pressed { entity });
        }
    }
}

/// The one system that paints buttons (those the kit built: they carry a `Look`): after every
/// screen set its states this frame, before the frame is drawn.
#[allow(clippy::type_complexity)]
fn colour(
    mut q: Query<
        (&Look, &Interaction, &mut BackgroundColor),
        Or<(Changed<Interaction>, Changed<Look>)>,
    >,
) {
    for (look, i, mut bg) in &mut q {
        let want = look.colour(*i);
        if bg.0 != want {
            bg.0 = want;
        }
    }
}

/// The systems that read presses as messages: did one of the `C` buttons get pressed?
pub fn any_pressed<C: Component>(
    presses: &mut MessageReader<Pressed>,
    q: &Query<(), With<C>>,
) -> bool {
    presses
        .read()
        .fold(false, |any, p| any | q.contains(p.entity))
}
