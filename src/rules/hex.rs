//! Hex geometry in the game's own words: facings named by where they point on screen.
//!
//! Internally a hex is hexx's axial `Hex` (flat-topped, +y up like Bevy's world). hexx names its
//! directions for a y-down world, so facings get our own screen-true names here.

pub use hexx::Hex;
use serde::{Deserialize, Serialize};

/// One of the six hexsides of a flat-topped hex, named by where it points on screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Facing {
    N,
    NE,
    SE,
    S,
    SW,
    NW,
}

impl Facing {
    /// Clockwise from north.
    pub const ALL: [Facing; 6] = [
        Facing::N,
        Facing::NE,
        Facing::SE,
        Facing::S,
        Facing::SW,
        Facing::NW,
    ];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn from_index(i: usize) -> Facing {
        Facing::ALL[i % 6]
    }

    /// The axial step to the neighbour across this hexside (checked against hexx's layout in
    /// the tests).
    pub fn step(self) -> Hex {
        match self {
            Facing::N => Hex::new(0, 1),
            Facing::NE => Hex::new(1, 0),
            Facing::SE => Hex::new(1, -1),
            Facing::S => Hex::new(0, -1),
            Facing::SW => Hex::new(-1, 0),
            Facing::NW => Hex::new(-1, 1),
        }
    }

    pub fn clockwise(self) -> Facing {
        Facing::from_index(self.index() + 1)
    }

    pub fn counter_clockwise(self) -> Facing {
        Facing::from_index(self.index() + 5)
    }

    pub fn opposite(self) -> Facing {
        Facing::from_index(self.index() + 3)
    }

    /// The hexside from `from` to an adjacent `to`, if they are adjacent.
    pub fn between(from: Hex, to: Hex) -> Option<Facing> {
        let d = to - from;
        Facing::ALL.into_iter().find(|f| f.step() == d)
    }

    /// The facing that points most nearly from `from` towards `to`, however far (N when they
    /// are one hex).
    pub fn towards(from: Hex, to: Hex) -> Facing {
        let l = hexx::HexLayout::flat();
        let d = l.hex_to_world_pos(to) - l.hex_to_world_pos(from);
        Facing::ALL
            .into_iter()
            .max_by(|a, b| {
                let da = (l.hex_to_world_pos(from + a.step()) - l.hex_to_world_pos(from)).dot(d);
                let db = (l.hex_to_world_pos(from + b.step()) - l.hex_to_world_pos(from)).dot(d);
                da.total_cmp(&db)
            })
            .unwrap_or(Facing::N)
    }

    /// The three hexsides of the front of a unit facing `self` (D-facing-1).
    pub fn front(self) -> [Facing; 3] {
        [self.counter_clockwise(), self, self.clockwise()]
    }

    /// Whether `side` is one of the front hexsides of a unit facing `self`.
    pub fn covers(self, side: Facing) -> bool {
        self.front().contains(&side)
    }

    /// Angle on screen in radians, counter-clockwise from +x (for drawing).
    pub fn screen_angle(self) -> f32 {
        let deg = 90.0 - 60.0 * self.index() as f32;
        deg.to_radians()
    }

    pub fn name(self) -> &'static str {
        match self {
            Facing::N => "N",
            Facing::NE => "NE",
            Facing::SE => "SE",
            Facing::S => "S",
            Facing::SW => "SW",
            Facing::NW => "NW",
        }
    }
}

pub fn neighbor(hex: Hex, side: Facing) -> Hex {
    hex + side.step()
}

pub fn distance(a: Hex, b: Hex) -> u32 {
    a.unsigned_distance_to(b)
}

/// A hexside, stored once: keyed by the hex for which it is one of N, NE or SE.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Hexside {
    pub hex: Hex,
    pub side: Facing,
}

impl Hexside {
    pub fn new(hex: Hex, side: Facing) -> Hexside {
        match side {
            Facing::N | Facing::NE | Facing::SE => Hexside { hex, side },
            _ => Hexside {
                hex: neighbor(hex, side),
                side: side.opposite(),
            },
        }
    }
}
