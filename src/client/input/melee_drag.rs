//! Drag to melee, as the seed describes: press (long press on touch) on the attacking hex, drag
//! to the defending hex, release. An arrow follows the drag; the target shows whether the melee
//! would be legal and, if not, the rule that fails. Other drags pan; a tap selects.

use bevy::input::touch::Touches;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use super::command::{self, HexTapped, Selection};
use super::gesture::{Action, Gestures, Input, Source};
use crate::client::map::camera::MapCamera;
use crate::client::map::layout::{MapLayout, screen_to_world};
use crate::rules::hex::Hex;
use crate::rules::melee;
use crate::rules::order::{self, At, Order};
use crate::sim::{GiveOrder, Occupancy, UnitState};

/// The gesture machine and the finger it follows.
#[derive(Resource, Default)]
pub struct GestureState {
    pub gestures: Gestures,
    touch: Option<u64>,
}

/// The melee drag under way, if any.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct MeleeDrag {
    pub from: Option<Hex>,
    pub over: Option<Hex>,
    /// Where the pointer is, in world space.
    pub pointer: Vec2,
}

/// What releasing the drag here would do.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct DragPreview {
    pub target: Option<Hex>,
    pub legal: bool,
    pub text: String,
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<GestureState>()
        .init_resource::<MeleeDrag>()
        .init_resource::<DragPreview>()
        .add_systems(
            Update,
            (feed, preview)
                .chain()
                .after(super::odds_work::collect_odds)
                .in_set(crate::client::Frame::Pointer),
        );
}

#[allow(clippy::type_complexity)]
fn feed(
    (mut state, mut drag): (ResMut<GestureState>, ResMut<MeleeDrag>),
    // The mouse and the fingers. A long press is the finger's real time: the game's clock
    // (`Time`) advances at most a quarter second a frame, so on a slow tablet a held finger
    // would never count as held.
    (buttons, touches, time): (Res<ButtonInput<MouseButton>>, Res<Touches>, Res<Time<Real>>),
    (window, mut cam): (
        Query<&Window, With<PrimaryWindow>>,
        Query<(&mut Transform, &Projection), With<MapCamera>>,
    ),
    (layout, gate, ui, mut cmd): (
        Res<MapLayout>,
        crate::client::gate::Gate,
        Query<&Interaction>,
        ResMut<Selection>,
    ),
    // The board as the side sees it, and who stands where.
    (game, occupancy, units): (
        Res<crate::client::seen::Seen>,
        Res<Occupancy>,
        Query<&UnitState>,
    ),
    // What the gesture gives: a tap on a hex, or orders.
    (mut tapped, mut orders): (MessageWriter<HexTapped>, MessageWriter<GiveOrder>),
) {
    if !gate.open() {
        return;
    }
    let Ok((mut cam_t, projection)) = cam.single_mut() else {
        return;
    };
    let Ok(win) = window.single() else { return };
    let size = win.size();
    let view = *cam_t;
    let scale = crate::client::map::camera::scale_of(projection);
    let to_world = |p: Vec2| Some(screen_to_world(size, &view, projection, p));
    let hex_at = |p: Vec2| {
        to_world(p)
            .map(|w| layout.hex_at(w))
            .filter(|h| game.map.contains(*h))
    };
    let own =
        |h: Option<Hex>| h.is_some_and(|h| own_at(&occupancy, &units, game.ordering_side(), h));
    let mut inputs = Vec::new();
    let pointing = Pointing {
        hex_at: &hex_at,
        own: &own,
        now: time.elapsed_secs(),
        // A press on a button or panel is the UI's, not the map's.
        over_ui: ui.iter().any(|i| *i != Interaction::None),
    };
    if let Some(pos) = win.cursor_position() {
        mouse(&pointing, &buttons, pos, &game, &mut orders, &mut inputs);
        if let Some(w) = to_world(pos) {
            drag.pointer = w;
        }
    }
    fingers(&pointing, &mut state, &touches, &mut inputs, &mut |p| {
        if let Some(w) = to_world(p) {
            drag.pointer = w;
        }
    });
    inputs.push(Input::Tick { time: pointing.now });
    for input in inputs {
        for action in state.gestures.handle(input) {
            match action {
                Action::Pan(d) => cam_t.translation += Vec3::new(-d.x * scale, d.y * scale, 0.0),
                Action::MeleeArmed(h) => {
                    drag.from = Some(h);
                    drag.over = Some(h);
                }
                Action::MeleeOver(h) => {
                    drag.over = h;
                    // A brigade being moved (§17) is aimed where the drag is.
                    if cmd.brigade && h.is_some() {
                        cmd.brigade_to = h;
                    }
                }
                Action::Declare { from, to } => {
                    declare(&mut cmd, &game, (from, to), &mut orders);
                    drag.from = None;
                    drag.over = None;
                }
                Action::MeleeDropped => {
                    drag.from = None;
                    drag.over = None;
                }
                Action::Tap(h) => {
                    tapped.write(HexTapped(h));
                    drag.from = None;
                    drag.over = None;
                }
            }
        }
    }
}

/// Whether `side` has a unit on `h`.
fn own_at(
    occupancy: &Occupancy,
    units: &Query<&UnitState>,
    side: crate::rules::unit::Side,
    h: Hex,
) -> bool {
    occupancy
        .at(h)
        .iter()
        .filter_map(|e| units.get(*e).ok())
        .any(|u| u.0.side == side)
}

/// What the gesture machine is told of a press: the hex under a point, whether the side at
/// the screen has a unit there, the time, and whether the pointer is over the interface.
struct Pointing<'a> {
    hex_at: &'a dyn Fn(Vec2) -> Option<Hex>,
    own: &'a dyn Fn(Option<Hex>) -> bool,
    now: f32,
    over_ui: bool,
}

/// The mouse at `pos`: the left button's press, drag and release as the gesture's inputs; a
/// right click on a hex under attack withdraws that melee.
fn mouse(
    p: &Pointing,
    buttons: &ButtonInput<MouseButton>,
    pos: Vec2,
    game: &crate::client::seen::Seen,
    orders: &mut MessageWriter<GiveOrder>,
    inputs: &mut Vec<Input>,
) {
    let hex = (p.hex_at)(pos);
    if buttons.just_pressed(MouseButton::Left) && !p.over_ui {
        inputs.push(Input::Down {
            pos,
            hex,
            own: (p.own)(hex),
            source: Source::Mouse,
            time: p.now,
        });
    }
    // A quick click (a touchpad tap) presses and releases within one frame: both count.
    if buttons.just_released(MouseButton::Left) {
        inputs.push(Input::Up {
            pos,
            hex,
            time: p.now,
        });
    } else if buttons.pressed(MouseButton::Left) && !buttons.just_pressed(MouseButton::Left) {
        inputs.push(Input::Move {
            pos,
            hex,
            time: p.now,
        });
    }
    // Right click on a hex under attack withdraws that melee.
    if buttons.just_pressed(MouseButton::Right) {
        if let Some(h) = hex.filter(|h| game.pending.iter().any(|p| p.defending_hex == *h)) {
            orders.write(GiveOrder(Order::CancelMelee {
                at: At::of(&game, h),
            }));
        }
    }
}

/// The fingers: one finger's press, move and release as the gesture's inputs (`pointer` told
/// where it is); a second finger cancels the gesture.
fn fingers(
    p: &Pointing,
    state: &mut GestureState,
    touches: &Touches,
    inputs: &mut Vec<Input>,
    pointer: &mut dyn FnMut(Vec2),
) {
    let fingers: Vec<_> = touches.iter().collect();
    if fingers.len() > 1 {
        inputs.push(Input::Cancel);
        state.touch = None;
    }
    for t in touches.iter_just_pressed() {
        if state.touch.is_none() && fingers.len() <= 1 && !p.over_ui {
            state.touch = Some(t.id());
            let hex = (p.hex_at)(t.position());
            inputs.push(Input::Down {
                pos: t.position(),
                hex,
                own: (p.own)(hex),
                source: Source::Touch,
                time: p.now,
            });
        }
    }
    if let Some(id) = state.touch {
        if let Some(t) = touches.get_pressed(id) {
            if t.delta() != Vec2::ZERO {
                inputs.push(Input::Move {
                    pos: t.position(),
                    hex: (p.hex_at)(t.position()),
                    time: p.now,
                });
            }
            pointer(t.position());
        }
        for t in touches.iter_just_released().filter(|t| t.id() == id) {
            inputs.push(Input::Up {
                pos: t.position(),
                hex: (p.hex_at)(t.position()),
                time: p.now,
            });
            state.touch = None;
        }
        if touches.iter_just_canceled().any(|t| t.id() == id) {
            inputs.push(Input::Cancel);
            state.touch = None;
        }
    }
}

/// A released melee drag: the brigade being moved (§17) goes where it was dropped, else the
/// drag's orders (a melee declared, or a move).
fn declare(
    cmd: &mut ResMut<Selection>,
    game: &crate::client::seen::Seen,
    (from, to): (Hex, Hex),
    orders: &mut MessageWriter<GiveOrder>,
) {
    match cmd.unit.filter(|_| cmd.brigade) {
        Some(anchor) => {
            for o in command::brigade_orders(&game, anchor, to) {
                orders.write(GiveOrder(o));
            }
            cmd.brigade = false;
            cmd.brigade_to = None;
        }
        None => {
            for o in order::drag_orders(&game, from, to) {
                orders.write(GiveOrder(o));
            }
        }
    }
}

/// Works out, while dragging, whether releasing over the hex beneath would make a legal melee:
/// the same check the simulation makes of the order.
fn preview(
    cmd: Res<Selection>,
    drag: Res<MeleeDrag>,
    game: Res<crate::client::seen::Seen>,
    mut out: ResMut<DragPreview>,
    mut odds: ResMut<super::odds_work::OddsWork>,
    mut last: Local<(Option<(Hex, Hex)>, u64)>,
) {
    // The pointer moves every frame of a drag; the verdict changes only with the hexes, or
    // when the odds it waits for come in.
    let now = (drag.from.zip(drag.over), odds.arrived);
    if !game.is_changed() && !cmd.is_changed() && *last == now {
        return;
    }
    *last = now;
    // A drag that moves a brigade declares no melee.
    let (Some(from), Some(to), false) = (drag.from, drag.over, cmd.brigade) else {
        if *out != DragPreview::default() {
            *out = DragPreview::default();
        }
        return;
    };
    if from == to {
        *out = DragPreview {
            target: None,
            legal: false,
            text: "Drag to the hex to attack.".into(),
        };
        return;
    }
    let board = game.board();
    let c = board.map.coord(to);
    let advance = order::drag_orders(board, from, to);
    if matches!(advance.first(), Some(Order::Advance { .. })) {
        let refused = advance.iter().find_map(|o| order::check(board, o).err());
        *out = match refused {
            None => DragPreview {
                target: Some(to),
                legal: true,
                text: format!(
                    "Advance {} to {c} (the melee's winner goes on)",
                    crate::rules::words::count(advance.len() as u64, "unit", "units")
                ),
            },
            Some(r) => DragPreview {
                target: Some(to),
                legal: false,
                text: format!("Illegal: {}", r[0]),
            },
        };
        return;
    }
    let (from, at) = (vec![At::of(board, from)], At::of(board, to));
    let o = Order::Melee {
        from: from.clone(),
        units: Vec::new(),
        at,
        follow_up: true,
    };
    *out = match order::check(board, &o).and_then(|()| order::declaration(board, &from, &[], at)) {
        Ok((decl, _)) => {
            let system = melee::system(&board.params);
            let b = system.breakdown(board, &decl);
            let w = odds.get(board, &decl);
            DragPreview {
                target: Some(to),
                legal: true,
                text: format!(
                    "Melee on {c}: attack {:.0} vs defence {:.0}; {}\n   {}\n   {}{}",
                    b.attack_strength,
                    b.defence_strength,
                    w.as_ref().map_or(WORKING.to_string(), odds_words),
                    crate::client::theme::words::sides_words(&b),
                    forecast_words(board, &melee::forecast(board, &decl)),
                    system_words(&b).map_or(String::new(), |s| format!("\n   {s}"))
                        + crate::client::theme::words::estimate_words(game.view())
                ),
            }
        }
        Err(refusals) => DragPreview {
            target: Some(to),
            legal: false,
            text: format!("Illegal: {}", refusals[0]),
        },
    };
}

pub use crate::client::theme::words::{WORKING, forecast_words, odds_words, system_words};
