//! Undo (issue 11): moves, facing and formation changes come back one by one until a die is
//! rolled, an enemy comes into view or another order is given; undone orders leave the log,
//! so a save afterwards replays to the state of a game where they never happened.

use bayonet::rules::hex::Facing;
use bayonet::rules::map::Terrain;
use bayonet::rules::movement::movement_range;
use bayonet::rules::order::{self, At, Order};
use bayonet::rules::refusal::Reason;
use bayonet::rules::unit::{Formation, Side, UnitId, UnitKind};
use bayonet::sim::{OrderRejected, Undone, save};
use bevy::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::common::{Field, game, inf, read};

/// Gives an order and runs the frame that carries it out.
fn give(app: &mut App, o: Order) {
    crate::common::give(app, o);
    app.update();
}

/// Undo is refused because `hidden` came into view.
fn undo_ends_on_sight_of(app: &mut App, hidden: UnitId) {
    give(app, Order::Undo);
    let why = refusals(app);
    let name = game(app).unit(hidden).unwrap().name.clone();
    assert!(
        why[0].contains(&format!("{name} came into view")),
        "{why:?}"
    );
}

/// Marches `unit` to `to` by the shortest way.
fn march(app: &mut App, unit: UnitId, to: At) {
    give(
        app,
        Order::Move {
            unit,
            to,
            path: None,
        },
    );
}

/// Two Union regiments and a battery, the enemy far away across open ground (seen, out of
/// range: nothing a move does rolls a die or reveals anyone).
fn quiet_field() -> Field {
    let mut f = Field::new(14, 10);
    f.add(0, inf(), f.hex(2, 7), Facing::N, 300);
    f.add(0, inf(), f.hex(4, 7), Facing::N, 250);
    f.add(0, UnitKind::Artillery, f.hex(3, 8), Facing::N, 4);
    f.add(1, inf(), f.hex(11, 0), Facing::S, 300);
    f
}

fn app_of(f: &Field) -> App {
    crate::common::headless_app(f.scenario(), Some(7))
}

fn hash(app: &App) -> String {
    save::snapshot(app.world()).hash()
}

fn refusals(app: &App) -> Vec<String> {
    read::<OrderRejected>(app)
        .into_iter()
        .filter(|r| r.order == Order::Undo)
        .flat_map(|r| r.reasons)
        .map(|r| {
            assert_eq!(r.reason, Reason::NothingToUndo);
            r.message
        })
        .collect()
}

#[test]
fn moves_facing_and_formation_are_undone_one_by_one_and_leave_the_log() {
    let f = quiet_field();
    let mut app = app_of(&f);
    let start = hash(&app);
    let u = UnitId(1);
    give(
        &mut app,
        Order::Move {
            unit: u,
            to: At(2, 5),
            path: None,
        },
    );
    let after_move = hash(&app);
    give(
        &mut app,
        Order::Face {
            unit: u,
            facing: Facing::NE,
        },
    );
    let after_face = hash(&app);
    give(
        &mut app,
        Order::Formation {
            unit: u,
            formation: Formation::Column,
        },
    );
    assert_eq!(game(&app).unit(u).unwrap().formation, Formation::Column);
    assert_eq!(app.world().resource::<bayonet::sim::Table>().log.len(), 3);

    give(&mut app, Order::Undo);
    assert_eq!(game(&app).unit(u).unwrap().formation, Formation::Line);
    assert_eq!(hash(&app), after_face);
    assert_eq!(
        crate::common::events::<Undone>(&app)[0].what,
        "formation of infantry 1 to column"
    );
    give(&mut app, Order::Undo);
    assert_eq!(game(&app).unit(u).unwrap().facing, Facing::N);
    assert_eq!(hash(&app), after_move);
    give(&mut app, Order::Undo);
    assert_eq!(game(&app).unit(u).unwrap().hex, f.hex(2, 7));
    assert_eq!(hash(&app), start, "movement points and marks come back too");
    assert!(app.world().resource::<bayonet::sim::Table>().log.is_empty());

    give(&mut app, Order::Undo);
    let why = refusals(&app);
    assert_eq!(why.len(), 1, "a fourth undo has nothing to take back");
    assert!(why[0].starts_with("nothing to undo"), "{why:?}");
}

#[test]
fn a_die_rolled_by_fire_ends_undo_and_says_so() {
    let mut f = quiet_field();
    let enemy = f.add(1, inf(), f.hex(2, 4), Facing::S, 200);
    let _ = enemy;
    let mut app = app_of(&f);
    give(
        &mut app,
        Order::Face {
            unit: UnitId(2),
            facing: Facing::NW,
        },
    );
    give(
        &mut app,
        Order::Fire {
            unit: UnitId(1),
            at: At(2, 4),
        },
    );
    give(&mut app, Order::Undo);
    let why = refusals(&app);
    assert_eq!(why.len(), 1);
    assert!(
        why[0].contains("fire infantry 1 at 2,4 cannot be taken back"),
        "{why:?}"
    );
    assert_eq!(game(&app).unit(UnitId(2)).unwrap().facing, Facing::NW);
}

#[test]
fn opportunity_fire_during_a_move_ends_undo() {
    let mut f = quiet_field();
    // An enemy regiment beside the end of the move: it fires as the unit comes into range.
    f.add(1, inf(), f.hex(2, 3), Facing::S, 300);
    let mut app = app_of(&f);
    let dice = app
        .world()
        .resource::<bayonet::sim::Table>()
        .dice
        .get_word_pos();
    give(
        &mut app,
        Order::Move {
            unit: UnitId(1),
            to: At(2, 5),
            path: None,
        },
    );
    assert_ne!(
        app.world()
            .resource::<bayonet::sim::Table>()
            .dice
            .get_word_pos(),
        dice,
        "the move drew opportunity fire"
    );
    give(&mut app, Order::Undo);
    let why = refusals(&app);
    assert!(
        why[0].contains("the dice were rolled (move infantry 1 to 2,5)"),
        "{why:?}"
    );
    assert_ne!(
        game(&app).unit(UnitId(1)).unwrap().hex,
        f.hex(2, 7),
        "the move stands"
    );
}

/// A wood screens a Confederate regiment at 3,1 from the Union regiment at 2,7.
fn screened(lookout: bool) -> (Field, UnitId, UnitId) {
    let mut f = Field::new(14, 10);
    for (c, r) in [(3, 5), (3, 4), (4, 4), (4, 5), (2, 5), (2, 4)] {
        f.map.set_terrain(f.hex(c, r), Terrain::Forest);
    }
    let scout = f.add(0, inf(), f.hex(2, 7), Facing::N, 300);
    if lookout {
        // A second Union regiment that already sees the Confederates.
        f.add(0, inf(), f.hex(8, 1), Facing::N, 300);
    }
    let hidden = f.add(1, inf(), f.hex(3, 1), Facing::S, 300);
    // Smoothbores (two hexes, D-fire-2): the scout comes into their sight beyond their fire,
    // so what ends undo is the sight, not opportunity fire's dice.
    f.unit(hidden).weapon = "smoothbore musket".into();
    assert!(!bayonet::rules::sight::look(&f.board(), f.hex(2, 7), f.hex(3, 1)).clear);
    (f, scout, hidden)
}

/// Without fog every enemy is on the player's map all along, so a move into an enemy's line of
/// sight reveals nothing and can be undone (issue 59: lesson 2's Undo was refused, "15th Alabama
/// came into view", for a regiment in plain view). Under fog it ends undo (D-fow-5, below).
#[test]
fn without_fog_a_move_into_an_enemys_sight_can_be_undone() {
    let (f, scout, _) = screened(false);
    let mut app = app_of(&f);
    // Round the wood: the regiment at 3,1 is in the scout's line of sight now.
    march(&mut app, scout, At(0, 4));
    assert!(bayonet::rules::sight::look(game(&app), f.hex(0, 4), f.hex(3, 1)).clear);
    assert_eq!(
        app.world().resource::<bayonet::sim::Table>().undo.why_not(),
        None
    );
    give(&mut app, Order::Undo);
    assert!(refusals(&app).is_empty(), "{:?}", refusals(&app));
    assert_eq!(game(&app).unit(scout).unwrap().hex, f.hex(2, 7));
}

#[test]
fn an_enemy_another_unit_already_sees_reveals_nothing() {
    let (f, scout, _) = screened(true);
    let mut app = app_of(&f);
    march(&mut app, scout, At(0, 4));
    give(&mut app, Order::Undo);
    assert!(refusals(&app).is_empty());
    assert_eq!(game(&app).unit(scout).unwrap().hex, f.hex(2, 7));
}

/// Undo of random move, facing and formation sequences leaks nothing: the save replays to the
/// hash of a game given only the orders that were kept, and its log is exactly those.
#[test]
fn random_undone_sequences_replay_to_the_game_where_they_never_happened() {
    let mut undone = 0;
    for seed in 0..12u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let skirmish = skirmish();
        let mut app = crate::common::headless_app(skirmish.clone(), None);
        let mut kept: Vec<Order> = Vec::new();
        for _ in 0..14 {
            let can_undo = app
                .world()
                .resource::<bayonet::sim::Table>()
                .undo
                .why_not()
                .is_none();
            if can_undo && rng.random_bool(0.35) {
                give(&mut app, Order::Undo);
                assert!(
                    refusals(&app).is_empty(),
                    "seed {seed}: an undo was refused"
                );
                kept.pop();
                undone += 1;
                continue;
            }
            let board = game(&app).clone();
            let own: Vec<_> = board.units.iter().filter(|u| u.side == Side(0)).collect();
            let u = own[rng.random_range(0..own.len())];
            let o = match rng.random_range(0..3) {
                0 => {
                    let range: Vec<_> = movement_range(&board, u.id).into_keys().collect();
                    if range.len() < 2 {
                        continue;
                    }
                    let mut hexes = range;
                    hexes.sort_by_key(|h| (h.x, h.y));
                    let to = hexes[rng.random_range(0..hexes.len())];
                    Order::Move {
                        unit: u.id,
                        to: At::of(&board, to),
                        path: None,
                    }
                }
                1 => Order::Face {
                    unit: u.id,
                    facing: Facing::from_index(rng.random_range(0..6)),
                },
                _ => {
                    let f = match u.kind {
                        UnitKind::Artillery => [Formation::Limbered, Formation::Unlimbered],
                        _ => [Formation::Line, Formation::Column],
                    };
                    Order::Formation {
                        unit: u.id,
                        formation: f[rng.random_range(0..2)],
                    }
                }
            };
            if order::check(&board, &o).is_err() {
                continue;
            }
            give(&mut app, o.clone());
            // The log keeps each order as it was carried out: a move with the path it took.
            let done = read::<bayonet::sim::OrderDone>(&app);
            kept.push(done.last().map_or(o, |d| d.order.clone()));
        }

        let s = save::save(app.world_mut());
        assert_eq!(
            s.orders, kept,
            "seed {seed}: the log holds only the kept orders"
        );
        let replay = save::replay(&s).unwrap();
        assert!(replay.matches, "seed {seed}: {replay:?}");
        let mut clean = crate::common::headless_app(skirmish.clone(), None);
        for o in &kept {
            give(&mut clean, o.clone());
        }
        assert_eq!(hash(&clean), s.hash, "seed {seed}");
    }
    assert!(undone > 10, "only {undone} orders were undone");
}

fn skirmish() -> bayonet::rules::scenario::Scenario {
    bayonet::rules::scenario::parse(
        "maps/test_skirmish.ron",
        include_str!("../maps/test_skirmish.ron"),
    )
    .unwrap()
}

/// The history itself: the step an undo would take back is the newest, in words; popping the
/// last one says everything since has been undone, and closing it says why nothing can be.
#[test]
fn the_history_offers_its_newest_step_and_says_why_not() {
    use bayonet::rules::undo::{History, Step};
    let step = |n: u32, what: &str| Step {
        before: n,
        log_len: n as usize,
        what: what.into(),
    };
    let mut h = History::<u32>::default();
    assert!(h.last().is_none());
    assert_eq!(
        h.why_not().as_deref(),
        Some("nothing to undo: nothing has been done yet")
    );
    h.push(step(1, "move #1 to 2,3"));
    h.push(step(2, "face #1 N"));
    assert_eq!(
        h.last().map(|s| (s.before, s.what.as_str())),
        Some((2, "face #1 N"))
    );
    assert_eq!(h.why_not(), None);
    assert_eq!(h.pop().map(|s| s.log_len), Ok(2));
    assert_eq!(h.last().map(|s| s.before), Some(1));
    assert_eq!(h.pop().map(|s| s.before), Ok(1));
    assert_eq!(
        h.why_not().as_deref(),
        Some("nothing to undo: everything since has been undone")
    );
    h.push(step(3, "move #2 to 1,1"));
    h.close("the enemy fired");
    assert!(h.last().is_none());
    let r = h.pop().expect_err("closed");
    assert_eq!(r[0].reason, Reason::NothingToUndo);
    assert_eq!(r[0].message, "nothing to undo: the enemy fired");
}

/// RULES.md §16 D-fow-5: under fog what ends undo is an enemy the side now spots. Visibility 4:
/// the regiment rounding the wood to 0,4 has the Confederates at 3,1 (five hexes off) in its
/// line of sight but too far off to see (the step is undone); from 0,3, four hexes off, beyond
/// their fire, it sees them, and the step cannot be undone.
#[test]
fn d_fow_5_under_fog_undo_ends_when_an_enemy_is_spotted() {
    let (mut f, scout, hidden) = screened(false);
    f.params.optional.fog_of_war = true;
    f.params.sight.visibility = 4;
    // A Confederate regiment a Union lookout already sees, four hexes off: seeing it still is
    // nothing new.
    f.add(0, inf(), f.hex(11, 8), Facing::N, 300);
    let known = f.add(1, inf(), f.hex(11, 4), Facing::S, 300);
    let mut app = app_of(&f);
    march(&mut app, scout, At(0, 4));
    assert!(bayonet::rules::sight::look(game(&app), f.hex(0, 4), f.hex(3, 1)).clear);
    assert!(!bayonet::rules::fog::spotted(game(&app), Side(0)).contains(&hidden));
    assert!(bayonet::rules::fog::spotted(game(&app), Side(0)).contains(&known));
    give(&mut app, Order::Undo);
    assert!(
        refusals(&app).is_empty(),
        "in line of sight, out of sight range"
    );
    assert_eq!(game(&app).unit(scout).unwrap().hex, f.hex(2, 7));
    march(&mut app, scout, At(0, 3));
    assert!(bayonet::rules::fog::spotted(game(&app), Side(0)).contains(&hidden));
    undo_ends_on_sight_of(&mut app, hidden);
}

/// A frame's orders make one undo step in the window's game, after a load as before it (the
/// load's fresh history keeps the game's grouping; issue 60 item 3).
#[test]
fn after_a_load_a_frames_orders_are_still_undone_as_one_step() {
    let f = quiet_field();
    let mut app = app_of(&f);
    let snap = save::snapshot(app.world());
    save::restore(app.world_mut(), &snap, &[]);
    app.update();
    let (a, b) = (UnitId(1), UnitId(2));
    crate::common::give(
        &mut app,
        Order::Face {
            unit: a,
            facing: Facing::NE,
        },
    );
    crate::common::give(
        &mut app,
        Order::Face {
            unit: b,
            facing: Facing::NE,
        },
    );
    app.update();
    let faces = |app: &App| [a, b].map(|u| game(app).unit(u).unwrap().facing);
    assert_eq!(faces(&app), [Facing::NE, Facing::NE]);
    give(&mut app, Order::Undo);
    assert_eq!(
        faces(&app),
        [Facing::N, Facing::N],
        "one step took back both"
    );
}
