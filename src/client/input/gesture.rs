//! The pointer gestures of the map as a plain state machine, the same for mouse and touch:
//! press-and-drag (long press on touch) from the attacking hex to the defending hex declares a
//! melee; other drags pan; a short press is a tap. Kept free of Bevy systems so it is tested
//! headless.

use bevy::math::Vec2;

use crate::rules::hex::Hex;

/// How long a touch must hold still on its hex before a drag becomes a melee drag (seconds).
pub const LONG_PRESS: f32 = 0.5;
/// How far (screen pixels) a press may wander and still be a tap or a long press.
pub const SLOP: f32 = 10.0;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    Mouse,
    Touch,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Input {
    /// A button or finger went down at `pos` over `hex`; `own` says whether the hex holds units
    /// of the side to act.
    Down {
        pos: Vec2,
        hex: Option<Hex>,
        own: bool,
        source: Source,
        time: f32,
    },
    Move {
        pos: Vec2,
        hex: Option<Hex>,
        time: f32,
    },
    Up {
        pos: Vec2,
        hex: Option<Hex>,
        time: f32,
    },
    /// Time passes with nothing else happening.
    Tick { time: f32 },
    /// A second finger arrived (a pinch) or the window lost the pointer.
    Cancel,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Action {
    /// Move the view by this many screen pixels.
    Pan(Vec2),
    /// A melee drag began from this hex.
    MeleeArmed(Hex),
    /// The melee drag is over this hex now (or off the map).
    MeleeOver(Option<Hex>),
    /// Released over another hex: declare the melee.
    Declare {
        from: Hex,
        to: Hex,
    },
    /// A melee drag ended without a target.
    MeleeDropped,
    Tap(Hex),
}

#[derive(Debug, Clone, Copy, PartialEq, Default)]
enum State {
    #[default]
    Idle,
    Pressed {
        start: Vec2,
        last: Vec2,
        hex: Option<Hex>,
        own: bool,
        source: Source,
        since: f32,
    },
    Panning {
        last: Vec2,
    },
    Melee {
        from: Hex,
        over: Option<Hex>,
    },
}

fn arm(hex: Option<Hex>, out: &mut Vec<Action>) -> State {
    match hex {
        Some(h) => {
            out.push(Action::MeleeArmed(h));
            State::Melee {
                from: h,
                over: Some(h),
            }
        }
        None => State::Idle,
    }
}

#[derive(Debug, Clone, Default)]
pub struct Gestures {
    state: State,
}

impl Gestures {
    /// Whether a melee drag is under way (the camera must not pan then).
    pub fn in_melee_drag(&self) -> bool {
        matches!(self.state, State::Melee { .. })
    }

    pub fn handle(&mut self, input: Input) -> Vec<Action> {
        let mut out = Vec::new();
        self.state = match (self.state, input) {
            (_, Input::Cancel) => {
                if self.in_melee_drag() {
                    out.push(Action::MeleeDropped);
                }
                State::Idle
            }
            (
                State::Idle,
                Input::Down {
                    pos,
                    hex,
                    own,
                    source,
                    time,
                },
            ) => match (source, hex) {
                // On the desktop a press on the attacking units starts the drag at once.
                (Source::Mouse, Some(_)) if own => arm(hex, &mut out),
                _ => State::Pressed {
                    start: pos,
                    last: pos,
                    hex,
                    own,
                    source,
                    since: time,
                },
            },
            (pressed @ State::Pressed { .. }, input) => while_pressed(pressed, input, &mut out),
            (State::Panning { last }, Input::Move { pos, .. }) => {
                out.push(Action::Pan(pos - last));
                State::Panning { last: pos }
            }
            (State::Panning { .. }, Input::Up { .. }) => State::Idle,
            (State::Melee { from, over }, Input::Move { hex, .. }) => {
                if hex != over {
                    out.push(Action::MeleeOver(hex));
                }
                State::Melee { from, over: hex }
            }
            (State::Melee { from, .. }, Input::Up { hex, .. }) => {
                match hex {
                    Some(to) if to != from => out.push(Action::Declare { from, to }),
                    Some(h) => out.push(Action::Tap(h)),
                    None => out.push(Action::MeleeDropped),
                }
                State::Idle
            }
            (s, _) => s,
        };
        out
    }
}

/// A press not yet a pan or a drag: a long still touch on the attacking units arms a melee
/// drag, a move past the slop pans, a release taps.
fn while_pressed(state: State, input: Input, out: &mut Vec<Action>) -> State {
    let State::Pressed {
        start,
        last,
        hex,
        own,
        source,
        since,
    } = state
    else {
        return state;
    };
    // A touch held still on the attacking units long enough becomes a melee drag.
    let armed = |time: f32, pos: Vec2| {
        source == Source::Touch && own && time - since >= LONG_PRESS && pos.distance(start) <= SLOP
    };
    match input {
        Input::Tick { time } if armed(time, last) => arm(hex, out),
        Input::Move { pos, time, .. } if armed(time, pos) => arm(hex, out),
        Input::Move { pos, .. } if pos.distance(start) > SLOP => {
            out.push(Action::Pan(pos - last));
            State::Panning { last: pos }
        }
        Input::Move { pos, .. } => State::Pressed {
            start,
            last: pos,
            hex,
            own,
            source,
            since,
        },
        Input::Up { .. } => {
            if let Some(h) = hex {
                out.push(Action::Tap(h));
            }
            State::Idle
        }
        _ => state,
    }
}
