//! What the game can be heard to do, and where: the cues of a fire (its size, or the guns and
//! whether they fired canister), a melee, a rout, guns taken, a new turn, reinforcements and a
//! button; and how loud and how far left or right a cue at a place sounds from the view.

use serde::Serialize;

/// How many muskets a volley has: a company's ragged fire, a regiment's, a brigade's line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Size {
    Small,
    Medium,
    Large,
}

/// A sound the game asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Cue {
    /// Small arms, by the number of men firing.
    Volley(Size),
    /// A battery's fire at range.
    Cannon,
    /// A battery's fire close in: canister (the series' short-range values, §7).
    Canister,
    Melee,
    Rout,
    /// A battery that changed side (optional Artillery Capture).
    GunsTaken,
    /// Drums and the bugle: a side's turn began.
    NewTurn,
    /// Reinforcements entered the map.
    Reinforcements,
    /// A button pressed.
    Click,
}

/// Men fewer than this fire a small volley.
pub const SMALL_BELOW: u32 = 150;
/// Men fewer than this (and at least `SMALL_BELOW`) fire a medium one; more, a large one.
pub const MEDIUM_BELOW: u32 = 400;
/// A battery at this range or closer fires canister.
pub const CANISTER_RANGE: u32 = 2;

/// The cue of a fire: `guns` firing at `range` (a battery), else `men` with small arms.
pub fn fire(men: u32, guns: u32, range: u32) -> Cue {
    if guns > 0 {
        return if range <= CANISTER_RANGE {
            Cue::Canister
        } else {
            Cue::Cannon
        };
    }
    Cue::Volley(if men < SMALL_BELOW {
        Size::Small
    } else if men < MEDIUM_BELOW {
        Size::Medium
    } else {
        Size::Large
    })
}

/// How a cue sounds from where the player looks: its loudness (0–1, before the volume) and
/// its place between the left speaker (−1) and the right (1).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Placed {
    pub gain: f32,
    pub pan: f32,
}

/// The quietest a cue far outside the view gets: the other end of the battle is still heard.
pub const FAR_GAIN: f32 = 0.2;

/// A cue at `at` heard from a view centred on `centre` that reaches `half` either way (world
/// units): full at the centre, half as loud at the view's edge, `FAR_GAIN` far beyond it; to
/// the side it lies on, never wholly in one speaker.
pub fn placed(at: (f32, f32), centre: (f32, f32), half: (f32, f32)) -> Placed {
    let dx = (at.0 - centre.0) / half.0.max(1.0);
    let dy = (at.1 - centre.1) / half.1.max(1.0);
    let d2 = dx * dx + dy * dy;
    Placed {
        gain: (1.0 / (1.0 + d2)).max(FAR_GAIN),
        pan: (dx * 0.8).clamp(-0.8, 0.8),
    }
}

/// Where no place goes with a cue (a new turn, a button): in the middle, at full loudness.
pub const EVERYWHERE: Placed = Placed {
    gain: 1.0,
    pan: 0.0,
};
