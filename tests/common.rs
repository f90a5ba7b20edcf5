//! A tiny battlefield builder for the tests (after Zemeroth's test scenarios).

#![allow(dead_code)]

use bayonet::rules::board::Board;
use bayonet::rules::hex::{Facing, Hex};
use bayonet::rules::map::{Coord, Map, MapEdge, SideFeature};
use bayonet::rules::params::Parameters;
use bayonet::rules::scenario::{BrigadeInfo, Scenario, SideInfo, VictoryThresholds};
use bayonet::rules::unit::{
    Ammo, Crew, Formation, Quality, Side, TurnMarks, Unit, UnitId, UnitKind,
};

#[path = "support/headless.rs"]
mod headless;
// The benches share this file and use only part of it.
#[allow(unused_imports)]
pub use headless::{OutcomeCursors, headless_app, load_app};

#[derive(Clone)]
pub struct Field {
    pub map: Map,
    pub params: Parameters,
    pub units: Vec<Unit>,
    pub night: bool,
    next: u32,
}

impl Field {
    /// An open field of clear, level ground.
    pub fn new(width: u32, height: u32) -> Field {
        Field {
            map: Map::new(width, height),
            params: Parameters::defaults(),
            units: Vec::new(),
            night: false,
            next: 1,
        }
    }

    /// Takes over the state of a board (after a melee), to build on it.
    pub fn adopt(&mut self, board: &Board) {
        self.map = board.map.clone();
        self.params = board.params.clone();
        self.units = board.units.clone();
        self.next = self.units.iter().map(|u| u.id.0).max().unwrap_or(0) + 1;
    }

    pub fn hex(&self, col: i32, row: i32) -> Hex {
        self.map.hex_at(Coord { col, row })
    }

    /// The defending hex most tests use: the middle of a 10×8 field.
    pub fn center(&self) -> Hex {
        self.hex(5, 4)
    }

    /// Adds a unit; `strength` is men (guns for artillery). Default formation per kind.
    pub fn add(
        &mut self,
        side: u8,
        kind: UnitKind,
        at: Hex,
        facing: Facing,
        strength: u32,
    ) -> UnitId {
        let id = UnitId(self.next);
        self.next += 1;
        let formation = match kind {
            UnitKind::Infantry => Formation::Line,
            UnitKind::Cavalry | UnitKind::Leader => Formation::Mounted,
            UnitKind::Artillery => Formation::Unlimbered,
            UnitKind::Supply => Formation::Column,
        };
        let (men, guns) = match kind {
            UnitKind::Artillery => (strength * 15, strength),
            UnitKind::Leader => (0, 0),
            _ => (strength, 0),
        };
        self.units.push(Unit {
            id,
            name: format!("{} {}", kind.name(), id.0),
            side: Side(side),
            brigade: format!("B{side}"),
            kind,
            formation,
            hex: at,
            facing,
            men,
            guns,
            weapon: String::new(),
            quality: Quality::C,
            fatigue: 0,
            disrupted: false,
            routed: false,
            fixed_until: None,
            isolated: false,
            ammo: Ammo::Normal,
            crew: Crew::Crewed,
            captured_from: None,
            captured_guns: 0,
            repairing: None,
            marks: TurnMarks::default(),
            cavalry: Default::default(),
            command: Default::default(),
            morale_bonus: false,
            hold_next_turn: false,
            commands: None,
            out_of_command: false,
        });
        id
    }

    /// An attacker of `side` in the hex across `side_of_d` from `d`, facing `d`.
    pub fn attacker(
        &mut self,
        side: u8,
        kind: UnitKind,
        d: Hex,
        side_of_d: Facing,
        strength: u32,
    ) -> UnitId {
        let at = d + side_of_d.step();
        self.add(side, kind, at, side_of_d.opposite(), strength)
    }

    pub fn unit(&mut self, id: UnitId) -> &mut Unit {
        self.units
            .iter_mut()
            .find(|u| u.id == id)
            .expect("unit exists")
    }

    /// Puts a feature on the hexside between `d` and its neighbour across `side`.
    pub fn feature(&mut self, d: Hex, side: Facing, f: SideFeature) {
        self.map.add_feature(d, side, f);
    }

    pub fn board(&self) -> Board {
        let mut b = Board::new(self.map.clone(), self.params.clone(), self.units.clone());
        b.night = self.night;
        b.edges = [MapEdge::West, MapEdge::East];
        b
    }

    pub fn scenario(&self) -> Scenario {
        Scenario {
            name: "test field".into(),
            description: String::new(),
            date: None,
            action: None,
            map: self.map.clone(),
            sides: vec![
                SideInfo {
                    name: "Blue".into(),
                    color: (0.2, 0.3, 0.7),
                    edge: MapEdge::West,
                },
                SideInfo {
                    name: "Grey".into(),
                    color: (0.5, 0.5, 0.5),
                    edge: MapEdge::East,
                },
            ],
            first_side: Side(0),
            turns: 3,
            start_time: 10 * 60,
            victory: VictoryThresholds {
                major_defeat: -10,
                minor_defeat: -5,
                minor_victory: 5,
                major_victory: 10,
            },
            seed: 1,
            params: self.params.clone(),
            brigades: vec![
                BrigadeInfo {
                    id: "B0".into(),
                    name: "Blue brigade".into(),
                    side: 0,
                    division: None,
                    corps: None,
                    independent: false,
                },
                BrigadeInfo {
                    id: "B1".into(),
                    name: "Grey brigade".into(),
                    side: 1,
                    division: None,
                    corps: None,
                    independent: false,
                },
            ],
            divisions: Vec::new(),
            corps: Vec::new(),
            organisation: Default::default(),
            intent: Default::default(),
            units: self.units.clone(),
            reinforcements: Vec::new(),
            file: "test field".into(),
            source: String::new(),
        }
    }
}

pub fn inf() -> UnitKind {
    UnitKind::Infantry
}

/// A melee of three attacking hexes and eight units.
pub fn big_melee() -> (Field, bayonet::rules::melee::Declaration) {
    let mut f = Field::new(10, 8);
    let d = f.center();
    f.add(1, UnitKind::Infantry, d, Facing::SW, 420);
    f.add(1, UnitKind::Artillery, d, Facing::SW, 4);
    f.add(1, UnitKind::Leader, d, Facing::SW, 0);
    let mut attackers = vec![
        f.attacker(0, UnitKind::Infantry, d, Facing::SW, 300),
        f.attacker(0, UnitKind::Leader, d, Facing::SW, 0),
        f.attacker(0, UnitKind::Infantry, d, Facing::S, 250),
        f.attacker(0, UnitKind::Infantry, d, Facing::SE, 200),
    ];
    let dis = f.attacker(0, UnitKind::Cavalry, d, Facing::SE, 160);
    f.unit(dis).formation = bayonet::rules::unit::Formation::Dismounted;
    attackers.push(dis);
    (
        f,
        bayonet::rules::melee::Declaration {
            attackers,
            defending_hex: d,
            follow_up: true,
        },
    )
}

/// The game of `s` the rules' interpreter plays, its dice seeded with `seed`: a rules test
/// gives it orders and reads the events it answers with, no Bevy (issue 60 item 4).
pub fn table(s: bayonet::rules::scenario::Scenario, seed: u64) -> bayonet::rules::game::Game {
    bayonet::rules::game::Game::new(s, Some(seed))
}

/// The order of a drag from `from` to `hex` on `board`.
pub fn drag_on(board: &Board, from: Hex, hex: Hex) -> bayonet::rules::order::Order {
    bayonet::rules::order::Order::Melee {
        from: vec![bayonet::rules::order::At::of(board, from)],
        units: Vec::new(),
        at: bayonet::rules::order::At::of(board, hex),
        follow_up: true,
    }
}

/// Gives the simulation in `app` an order (it is carried out on the next update).
pub fn give(app: &mut bevy::prelude::App, order: bayonet::rules::order::Order) {
    app.world_mut()
        .write_message(bayonet::sim::GiveOrder(order));
}

/// The events of kind `K` the simulation published in the last two frames, in order.
pub fn events<K: bayonet::sim::Kind + Clone>(app: &bevy::prelude::App) -> Vec<K> {
    read::<bayonet::sim::Happened>(app)
        .iter()
        .filter_map(|h| h.0.kind::<K>().cloned())
        .collect()
}

/// The game state of the simulation in `app`.
pub fn game(app: &bevy::prelude::App) -> &Board {
    &app.world().resource::<bayonet::sim::Table>().board
}

/// The game state, to set a test position up.
pub fn game_mut(app: &mut bevy::prelude::App) -> bevy::prelude::Mut<'_, Board> {
    app.world_mut()
        .resource_mut::<bayonet::sim::Table>()
        .map_unchanged(|t| &mut t.board)
}

/// A hex as orders name it.
pub fn at(app: &bevy::prelude::App, hex: Hex) -> bayonet::rules::order::At {
    bayonet::rules::order::At::of(game(app), hex)
}

/// The order committing `units` to a melee on `hex`.
pub fn melee_units(
    app: &bevy::prelude::App,
    units: Vec<UnitId>,
    hex: Hex,
) -> bayonet::rules::order::Order {
    bayonet::rules::order::Order::Melee {
        from: Vec::new(),
        units,
        at: at(app, hex),
        follow_up: true,
    }
}

/// The order of a drag from `from` to `hex`.
pub fn melee_drag(app: &bevy::prelude::App, from: Hex, hex: Hex) -> bayonet::rules::order::Order {
    bayonet::rules::order::Order::Melee {
        from: vec![at(app, from)],
        units: Vec::new(),
        at: at(app, hex),
        follow_up: true,
    }
}

/// Every message of a kind sent in the last two updates.
pub fn read<M: bevy::prelude::Message + Clone>(app: &bevy::prelude::App) -> Vec<M> {
    let messages = app.world().resource::<bevy::prelude::Messages<M>>();
    messages.get_cursor().read(messages).cloned().collect()
}

/// `board` with the defenders' fire spent: every unit has fired at an enemy this turn (its
/// opportunity fire), so a melee on it resolves without defensive fire (§1) — the melee alone.
pub fn fire_spent(mut board: Board) -> Board {
    for u in board.units.iter_mut() {
        u.marks.opportunity_fired = true;
    }
    board
}

/// A melee through the game's one pipeline (`melee::resolve`), fought on `board` in the
/// attackers' turn.
pub fn fought(
    board: &mut Board,
    decl: &bayonet::rules::melee::Declaration,
    seed: u64,
) -> bayonet::rules::melee::MeleeOutcome {
    use bayonet::rules::melee::Resolved;
    use rand::SeedableRng;
    // A side melees in its own turn.
    if let Some(side) = decl.side(board) {
        board.acting = side;
    }
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    match bayonet::rules::melee::resolve(board, decl, &mut rng) {
        Resolved::Fought(out) => *out,
        Resolved::CalledOff(off) => panic!("the melee was called off: {:?}", off.reasons),
    }
}

/// A whole melee on the field's board, after the defenders' fire (spent, `fire_spent`), through
/// the game's one pipeline: the system's combat results, morale, retreat, capture, advance and
/// routs, with a seeded RNG.
pub fn settle(
    f: &Field,
    decl: &bayonet::rules::melee::Declaration,
    seed: u64,
) -> (Board, bayonet::rules::melee::MeleeOutcome) {
    let mut board = fire_spent(f.board());
    let out = fought(&mut board, decl, seed);
    (board, out)
}

/// The melee system's combat results alone (its dice, losses and own movement), as the seam
/// runs them, without the shared morale, retreat, capture and advance steps that `settle` adds.
pub fn combat_results(
    mut board: Board,
    decl: &bayonet::rules::melee::Declaration,
    seed: u64,
) -> (Board, bayonet::rules::melee::MeleeOutcome) {
    use bayonet::rules::melee;
    use rand::SeedableRng;
    let sys = melee::system(&board.params);
    let b = sys.breakdown(&board, decl);
    let mut r = melee::begin(&mut board, decl, b);
    melee::combat_results(
        &mut board,
        &mut r,
        &mut rand_chacha::ChaCha8Rng::seed_from_u64(seed),
    );
    (board, r.out)
}

/// Harper's Crossing under `system`, the skilled computer against the basic one, played to its
/// end: asserts
/// that no computer order was refused, that every melee was fought under the system, and
/// that the save replays; returns how many melees were fought.
pub fn computer_plays_to_the_end(system: bayonet::rules::params::MeleeSystemName) -> usize {
    use bayonet::sim::save;
    use bayonet::sim::{self, Brain, OrderRejected, Players};
    use bevy::prelude::*;
    let text = bayonet::DEFAULT_SCENARIO.replacen(
        "    brigades: [",
        &format!(
            "    parameters: (melee_system: \"{}\"),\n    brigades: [",
            system.name()
        ),
        1,
    );
    let s = bayonet::rules::scenario::parse("h.ron", &text).unwrap();
    let mut app = headless_app(s, Some(5));
    // The skilled (planning) opponent against the basic one: both through every system.
    app.insert_resource(Players([
        Some(sim::Opponent::Skilled.brain()),
        Some(Brain::Computer),
    ]));
    let mut rejected = bevy::ecs::message::MessageCursor::<OrderRejected>::default();
    let mut melees = bevy::ecs::message::MessageCursor::<sim::Happened>::default();
    let (mut refused, mut n) = (Vec::new(), 0);
    for _ in 0..50_000 {
        app.update();
        refused.extend(
            rejected
                .read(app.world().resource::<Messages<OrderRejected>>())
                .cloned(),
        );
        for m in melees
            .read(app.world().resource::<Messages<sim::Happened>>())
            .filter_map(|h| h.0.kind::<sim::MeleeResolved>())
        {
            assert_eq!(m.0.breakdown.system, system);
            n += 1;
        }
        if game(&app).over {
            break;
        }
    }
    assert!(game(&app).over, "the game ended");
    assert!(refused.is_empty(), "{refused:?}");
    let saved = save::save(app.world_mut());
    assert_eq!(
        saved.parameters.melee_system, system,
        "the save records the system"
    );
    assert!(save::replay(&saved).unwrap().matches, "the save replays");
    n
}

/// Asserts that `r` is refused, and that the reason says `why` (the words that matter).
#[track_caller]
pub fn refused<T: std::fmt::Debug, E: std::fmt::Debug>(r: Result<T, E>, why: &str) {
    let e = r.expect_err("refused");
    let text = format!("{e:?}");
    assert!(!why.is_empty() && text.contains(why), "refused for: {text}");
}

/// The seam's breakdown (§15.0 D-sys-4) of a one-against-one melee under an enumerating
/// system: each side one unit, its men the strength, split weight and capacity. Returns the
/// modifier lines by side.
pub fn one_against_one_on_the_seam(
    b: &bayonet::rules::melee::Breakdown,
    men: [u32; 2],
) -> Vec<(bayonet::rules::melee::MeleeSide, String)> {
    for (list, men) in [&b.attackers, &b.defenders].into_iter().zip(men) {
        assert_eq!(list.len(), 1);
        let s = &list[0];
        assert_eq!((s.nominal, s.strength, s.capacity), (men, men as f64, men));
    }
    assert_eq!([b.attacker_capacity, b.defender_capacity], men);
    b.modifiers.iter().map(|m| (m.side, m.name())).collect()
}

/// Strong fire at full strength on tired, poor attackers stacked with a disrupted friend (whose
/// rout spreads) and near a fatigue level: every branch of the whole-odds model is used.
pub fn fire_that_tires_and_routs() -> (Field, bayonet::rules::melee::Declaration) {
    let mut f = Field::new(10, 8);
    f.params.optional.full_melee_defensive_fire = true;
    let d = f.center();
    f.add(1, inf(), d, Facing::SW, 500);
    f.add(1, UnitKind::Artillery, d, Facing::SW, 6);
    let a = f.attacker(0, inf(), d, Facing::SW, 180);
    f.unit(a).fatigue = 290;
    f.unit(a).quality = bayonet::rules::unit::Quality::E;
    let friend = f.attacker(0, inf(), d, Facing::SW, 60);
    f.unit(friend).disrupted = true;
    let b = f.attacker(0, inf(), d, Facing::S, 150);
    f.unit(b).quality = bayonet::rules::unit::Quality::F;
    let decl = bayonet::rules::melee::Declaration {
        attackers: vec![a, b],
        defending_hex: d,
        follow_up: true,
    };
    (f, decl)
}

/// A generated worst case of a melee the game can declare, under `system`: three attacking
/// hexes with 990 men committed, two regiments in each (one of quality E, in two of the hexes
/// tired to just short of a fatigue level, and one of quality F), and a disrupted regiment
/// stacked in the first whose rout can spread; against a full defending hex whose regiments and battery
/// fire at full strength, with a second enemy regiment and battery beside it that fire too.
pub fn worst_melee(
    system: bayonet::rules::params::MeleeSystemName,
) -> (Field, bayonet::rules::melee::Declaration) {
    use bayonet::rules::unit::Quality;
    let mut f = Field::new(14, 12);
    f.params.melee_system = system;
    f.params.optional.full_melee_defensive_fire = true;
    let d = f.hex(7, 6);
    f.add(1, UnitKind::Infantry, d, Facing::SW, 450);
    f.add(1, UnitKind::Artillery, d, Facing::S, 6);
    f.add(1, UnitKind::Infantry, d, Facing::SE, 300);
    let beside = d + Facing::NW.step();
    f.add(1, UnitKind::Infantry, beside, Facing::SW, 400);
    f.add(1, UnitKind::Artillery, d + Facing::NE.step(), Facing::SE, 4);
    let mut attackers = Vec::new();
    for (side, tired) in [(Facing::SW, 290), (Facing::S, 590), (Facing::SE, 0)] {
        let a = f.attacker(0, UnitKind::Infantry, d, side, 220);
        f.unit(a).fatigue = tired;
        f.unit(a).quality = Quality::E;
        let b = f.attacker(0, UnitKind::Infantry, d, side, 110);
        f.unit(b).quality = Quality::F;
        attackers.push(a);
        attackers.push(b);
    }
    let shaken = f.attacker(0, UnitKind::Infantry, d, Facing::SW, 100);
    f.unit(shaken).disrupted = true;
    (
        f,
        bayonet::rules::melee::Declaration {
            attackers,
            defending_hex: d,
            follow_up: true,
        },
    )
}

/// A window-less game on `map` with its start dialog open (no players preset), its interface
/// settings kept in `file`, laid out over two frames.
#[cfg(feature = "client")]
pub fn start_dialog_app(
    map: &str,
    file: &bayonet::client::theme::settings::SettingsFile,
) -> bevy::prelude::App {
    let s = bayonet::load_scenario(map).unwrap();
    let mut app = bayonet::client::windowless_app_with(s, bayonet::client::headless, file.clone());
    app.world_mut()
        .remove_resource::<bayonet::client::gate::PresetPlayers>();
    app.update();
    app.update();
    app
}

/// Presses a start-dialog control for one frame, as a click would, and lets it go.
#[cfg(feature = "client")]
pub fn press_control(
    app: &mut bevy::prelude::App,
    which: bayonet::client::dialogs::start::Control,
) {
    use bevy::prelude::*;
    let mut q = app
        .world_mut()
        .query::<(&bayonet::client::dialogs::start::Control, &mut Interaction)>();
    for (c, mut i) in q.iter_mut(app.world_mut()) {
        if *c == which {
            *i = Interaction::Pressed;
        }
    }
    app.update();
    let mut q = app.world_mut().query::<&mut Interaction>();
    for mut i in q.iter_mut(app.world_mut()) {
        *i = Interaction::None;
    }
    app.update();
}

/// `f` over `items` on `threads` threads, each taking its share of them in order; the answers
/// in the items' order. For tests that wait on round trips or windows far more than they
/// compute (issue 63, set-up time).
pub fn on_threads<T: Sync, R: Send>(
    threads: usize,
    items: &[T],
    f: impl Fn(&T) -> R + Sync,
) -> Vec<R> {
    let f = &f;
    let share = items.len().div_ceil(threads.max(1)).max(1);
    std::thread::scope(|sc| {
        let handles: Vec<_> = items
            .chunks(share)
            .map(|some| sc.spawn(move || some.iter().map(f).collect::<Vec<_>>()))
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    })
}
