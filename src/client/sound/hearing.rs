//! What asks for a sound: each mark the show puts on the map (a fire, a melee, a rout: at the
//! pace the other side's turn is shown, or at once for the player's own), a side's turn
//! beginning and its reinforcements arriving, and a button pressed.

use bevy::prelude::*;

use super::Sound;
use super::cue::Cue;
use crate::client::replay::playback::{Action, ActionMark, CALLED_OFF};
use crate::rules::event::Event;
use crate::sim::Happened;

/// After a volley, the men breaking are heard.
const ROUT_AFTER_FIRE: f32 = 0.7;
/// After a melee's clash, the cheer over the guns.
const CHEER_AFTER_MELEE: f32 = 1.6;
/// After the turn's drums and bugle, the reinforcements' drums.
const ARRIVALS_AFTER_CALL: f32 = 3.2;

/// The sounds of one of the show's actions, as it is marked.
pub fn of_action(action: &Action) -> Vec<Sound> {
    match action {
        Action::Fire {
            at,
            men,
            guns,
            range,
            routed,
            ..
        } => {
            let mut v = vec![Sound::now(super::cue::fire(*men, *guns, *range), Some(*at))];
            if *routed {
                v.push(Sound {
                    cue: Cue::Rout,
                    at: Some(*at),
                    delay: ROUT_AFTER_FIRE,
                });
            }
            v
        }
        Action::Melee {
            at,
            result,
            guns_taken,
            ..
        } => {
            if *result == CALLED_OFF {
                return Vec::new();
            }
            let mut v = vec![Sound::now(Cue::Melee, Some(*at))];
            if *guns_taken {
                v.push(Sound {
                    cue: Cue::GunsTaken,
                    at: Some(*at),
                    delay: CHEER_AFTER_MELEE,
                });
            }
            v
        }
        Action::Rout { from, .. } => vec![Sound::now(Cue::Rout, Some(*from))],
        // A move is seen, not heard; a declaration is the melee's, heard when it is fought.
        Action::Move { .. } | Action::Declare { .. } => Vec::new(),
    }
}

pub(super) fn from_the_show(
    marks: Query<&ActionMark, Added<ActionMark>>,
    mut sounds: MessageWriter<Sound>,
) {
    for m in &marks {
        sounds.write_batch(of_action(&m.action));
    }
}

/// A side's turn: its drums and bugle, then the drums of the reinforcements that arrived where
/// the player can see them.
pub(super) fn from_the_turn(
    mut happened: MessageReader<Happened>,
    seen: Option<Res<crate::client::seen::Seen>>,
    mut sounds: MessageWriter<Sound>,
) {
    for h in happened.read() {
        let Event::TurnBegan(t) = &h.0 else { continue };
        sounds.write(Sound::now(Cue::NewTurn, None));
        let seen_arrival = t
            .start
            .arrived
            .iter()
            .find(|(id, _)| seen.as_ref().is_none_or(|s| s.knows(*id)));
        if let Some((_, hex)) = seen_arrival {
            sounds.write(Sound {
                cue: Cue::Reinforcements,
                at: Some(*hex),
                delay: ARRIVALS_AFTER_CALL,
            });
        }
    }
}

pub(super) fn from_buttons(
    mut pressed: MessageReader<crate::client::theme::interaction::Pressed>,
    mut sounds: MessageWriter<Sound>,
) {
    if pressed.read().count() > 0 {
        sounds.write(Sound::now(Cue::Click, None));
    }
}
