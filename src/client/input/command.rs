//! Commanding the selected unit: tap to select (again to cycle the stack), see its movement
//! range and the path and cost to the hex under the pointer, tap a reachable hex twice (or
//! click it twice) to move, turn and change formation by buttons or keys, and fire: pick Fire,
//! then a target, with the fire value shown first.

use bevy::prelude::*;

use super::pointer::{HoveredHex, SelectedHex};
use crate::client::theme::interaction::{Look, Pressed};
use crate::client::theme::keys::{self, Act, keys_of, pressed};
use crate::client::theme::regions::ToolGroup;
use crate::rules::fire;
use crate::rules::hex::Hex;
use crate::rules::movement::movement_range;
use crate::rules::order::{self, At, Order};
use crate::rules::unit::{Formation, Unit, UnitId, UnitKind};
use crate::sim::{GiveOrder, Table, UnitState};

/// Between two steps of a fire's working in the hint (the aim box splits on it).
pub const STEP: &str = " · ";

/// A tap or click on a hex that was not a drag (from the gestures).
#[derive(Message, Debug, Clone, Copy, PartialEq)]
pub struct HexTapped(pub Hex);

/// The unit under command and what the next tap will do with it.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct Selection {
    pub unit: Option<UnitId>,
    /// A reachable hex tapped once: tapping it again moves there.
    pub move_target: Option<Hex>,
    /// The next tap on an enemy picks the fire target.
    pub fire_mode: bool,
    /// The unit's brigade moves as one (§17): a drag from its units, or a tap twice, sends it.
    pub brigade: bool,
    /// Where the brigade's anchor is aimed: the hex of the drag, or of the first tap.
    pub brigade_to: Option<Hex>,
}

/// The Move orders that take the brigade of `anchor` toward `to` (`rules::brigade_move`), as
/// the side sees the board.
pub fn brigade_orders(board: &crate::rules::board::Board, anchor: UnitId, to: Hex) -> Vec<Order> {
    crate::rules::brigade_move::plan(board, anchor, to)
        .map(|m| m.orders(board))
        .unwrap_or_default()
}

/// The movement range of the unit under command.
#[derive(Resource, Default, Debug, Clone)]
pub struct Reachable(pub crate::rules::movement::Range);

pub use crate::client::theme::notice::Notice;

/// One line saying what the pointer would do here.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct Hint(pub String);

#[derive(Component, Clone, Copy, PartialEq, Eq, Debug)]
enum UnitButton {
    TurnLeft,
    TurnRight,
    Formation,
    Fire,
    /// The Command menu (§9.5, §11): spike captured guns stacked with the unit, recrew won-back
    /// guns, damage a bridge the unit faces.
    Spike,
    Recrew,
    DamageBridge,
    RepairBridge,
    /// The unit's brigade moves as one (§17).
    MoveBrigade,
    /// The Command menu in one button (the first of its four orders that applies here; each
    /// has its own key): four buttons for rare orders did not fit the toolbar's one row.
    Command,
}

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<HexTapped>()
        .add_message::<Notice>()
        .init_resource::<Selection>()
        .init_resource::<Reachable>()
        .init_resource::<Hint>()
        .add_systems(Startup, spawn_buttons)
        .add_observer(press)
        .add_systems(
            Update,
            (tap, keys).chain().in_set(crate::client::Frame::Commands),
        )
        .add_systems(
            Update,
            (follow, buttons, refresh, hint)
                .chain()
                .in_set(crate::client::Frame::AfterGame),
        );
}

/// The units in a hex as the side at the screen knows them (§16: a tap never finds an enemy it
/// does not see).
fn units_here(seen: &crate::client::seen::Seen, h: Hex) -> Vec<&Unit> {
    crate::client::counters::counter::picking_order(seen.board().units_at(h).collect())
}

fn tap(
    mut taps: MessageReader<HexTapped>,
    // What is selected: the unit under command and the hex.
    (mut cmd, mut selected): (ResMut<Selection>, ResMut<SelectedHex>),
    reach: Res<Reachable>,
    units: Query<&UnitState>,
    game: Res<crate::client::seen::Seen>,
    (mut orders, mut notices): (MessageWriter<GiveOrder>, MessageWriter<Notice>),
    (gate, aids): (
        crate::client::gate::Gate,
        Res<crate::client::theme::aid::Aids>,
    ),
) {
    // With the line-of-sight tool on, taps pick its hexes instead.
    if !gate.open() || aids.on(crate::client::theme::aid::Aid::Sight) {
        taps.clear();
        return;
    }
    for HexTapped(h) in taps.read().copied() {
        if let (true, Some(u)) = (cmd.brigade, cmd.unit) {
            if cmd.brigade_to == Some(h) {
                for o in brigade_orders(&game, u, h) {
                    orders.write(GiveOrder(o));
                }
                cmd.brigade = false;
                cmd.brigade_to = None;
            } else {
                cmd.brigade_to = Some(h);
            }
            continue;
        }
        let here = units_here(&game, h);
        let own = here.iter().any(|u| u.side == game.ordering_side());
        let enemy = here.iter().any(|u| u.side != game.ordering_side());
        if let (true, true, Some(u)) = (cmd.fire_mode, enemy, cmd.unit) {
            orders.write(GiveOrder(Order::Fire {
                unit: u,
                at: At::of(&game, h),
            }));
            cmd.fire_mode = false;
            continue;
        }
        if let Some(u) = cmd.unit.filter(|_| !own && reach.0.contains_key(&h)) {
            let at = units.iter().find(|x| x.0.id == u).map(|x| x.0.hex);
            if at != Some(h) {
                if cmd.move_target == Some(h) {
                    orders.write(GiveOrder(Order::Move {
                        unit: u,
                        to: At::of(&game, h),
                        path: None,
                    }));
                    cmd.move_target = None;
                } else {
                    cmd.move_target = Some(h);
                }
                continue;
            }
        }
        // An empty hex the selected unit cannot enter: why, and the unit stays selected (issue
        // 76, item 10: the selection was dropped without a word). Esc drops it.
        if let Some(u) = cmd
            .unit
            .and_then(|id| game.unit(id))
            .filter(|u| here.is_empty() && u.side == game.ordering_side() && u.hex != h)
        {
            let why = order::check(
                &game,
                &Order::Move {
                    unit: u.id,
                    to: At::of(&game, h),
                    path: None,
                },
            )
            .err()
            .map_or("out of its reach this turn".to_string(), |r| words(&r));
            notices.write(Notice(format!(
                "{} cannot go to {}: {why}",
                u.name,
                game.map.coord(h)
            )));
            cmd.move_target = None;
            continue;
        }
        // Select the hex; tapping it again steps through its stack.
        let ids: Vec<UnitId> = here.iter().map(|u| u.id).collect();
        let next = match cmd.unit.and_then(|u| ids.iter().position(|x| *x == u)) {
            Some(i) if selected.0 == Some(h) => ids.get((i + 1) % ids.len()).copied(),
            _ => ids.first().copied(),
        };
        selected.0 = Some(h);
        *cmd = Selection {
            unit: next,
            ..Selection::default()
        };
    }
}

fn formation_toggle(u: &Unit) -> Option<Formation> {
    use Formation::*;
    match (u.kind, u.formation) {
        (UnitKind::Infantry, Line) => Some(Column),
        (UnitKind::Infantry, Column) => Some(Line),
        (UnitKind::Cavalry, Mounted) => Some(Dismounted),
        (UnitKind::Cavalry, Dismounted) => Some(Mounted),
        (UnitKind::Artillery, Limbered) => Some(Unlimbered),
        (UnitKind::Artillery, Unlimbered) => Some(Limbered),
        _ => None,
    }
}

/// The order of a Command-menu button for unit `u`: the first candidate the rules accept, or
/// else the first candidate (so that the refusal says why), or nothing to aim at.
fn command_order(b: UnitButton, u: &Unit, game: &crate::rules::board::Board) -> Option<Order> {
    let here = |pred: &dyn Fn(&Unit) -> bool| -> Vec<UnitId> {
        game.units_at(u.hex)
            .filter(|x| x.id != u.id && x.kind == UnitKind::Artillery && pred(x))
            .map(|x| x.id)
            .collect()
    };
    let candidates: Vec<Order> = match b {
        UnitButton::Spike => here(&|x| x.is_captured())
            .into_iter()
            .map(|battery| Order::Spike { battery, by: u.id })
            .collect(),
        UnitButton::Recrew => here(&|x| !x.is_captured())
            .into_iter()
            .map(|battery| Order::Recrew { battery, by: u.id })
            .collect(),
        UnitButton::DamageBridge => u
            .front_hexes()
            .into_iter()
            .filter(|h| game.map.bridge(*h).is_some())
            .map(|h| Order::DamageBridge {
                units: vec![u.id],
                at: At::of(game, h),
            })
            .collect(),
        UnitButton::RepairBridge => u
            .front_hexes()
            .into_iter()
            .filter(|h| game.map.bridge(*h).is_some())
            .map(|h| Order::RepairBridge {
                unit: u.id,
                at: At::of(game, h),
            })
            .collect(),
        _ => Vec::new(),
    };
    candidates
        .iter()
        .find(|o| order::check(game, o).is_ok())
        .or(candidates.first())
        .cloned()
}

fn order(
    b: UnitButton,
    cmd: &mut ResMut<Selection>,
    game: &crate::rules::board::Board,
    orders: &mut MessageWriter<GiveOrder>,
    notices: &mut MessageWriter<Notice>,
) {
    let Some(u) = cmd
        .unit
        .and_then(|id| game.unit(id))
        .filter(|u| u.side == game.ordering_side())
    else {
        notices.write(Notice(format!(
            "{}: select one of your units first",
            b.label()
        )));
        return;
    };
    match b {
        UnitButton::TurnLeft => {
            orders.write(GiveOrder(Order::Face {
                unit: u.id,
                facing: u.facing.counter_clockwise(),
            }));
        }
        UnitButton::TurnRight => {
            orders.write(GiveOrder(Order::Face {
                unit: u.id,
                facing: u.facing.clockwise(),
            }));
        }
        UnitButton::Formation => {
            if let Some(f) = formation_toggle(u) {
                orders.write(GiveOrder(Order::Formation {
                    unit: u.id,
                    formation: f,
                }));
            }
        }
        UnitButton::Fire => cmd.fire_mode = !cmd.fire_mode,
        UnitButton::MoveBrigade if cmd.brigade => {
            cmd.brigade = false;
            cmd.brigade_to = None;
        }
        UnitButton::MoveBrigade => match crate::rules::brigade_move::brigade_of(game, u.id)
            .filter(|_| u.side == game.ordering_side())
        {
            Some(_) => {
                cmd.brigade = true;
                cmd.brigade_to = None;
                cmd.fire_mode = false;
            }
            None => {
                notices.write(Notice(format!(
                    "{} commands no one brigade: select a brigade's leader or one of its units",
                    u.name
                )));
            }
        },
        UnitButton::Command => match UnitButton::MENU
            .iter()
            .find_map(|m| command_order(*m, u, game).filter(|o| order::check(game, o).is_ok()))
        {
            Some(o) => {
                orders.write(GiveOrder(o));
            }
            None => {
                notices.write(Notice(format!(
                    "Nothing for {} to command here: no captured or won-back guns stand with it, and it faces no full-hex bridge",
                    u.name
                )));
            }
        },
        UnitButton::Spike
        | UnitButton::Recrew
        | UnitButton::DamageBridge
        | UnitButton::RepairBridge => match command_order(b, u, game) {
            Some(o) => {
                orders.write(GiveOrder(o));
            }
            None => {
                notices.write(Notice(match b {
                    UnitButton::DamageBridge | UnitButton::RepairBridge => {
                        format!("{} faces no full-hex bridge", u.name)
                    }
                    _ => format!("No guns stand with {}", u.name),
                }));
            }
        },
    }
}

/// The names of the unit's buttons in the toolbar (as the layout trace and the tests know them).
pub fn unit_button_names() -> Vec<String> {
    UnitButton::SHOWN.iter().map(|b| format!("{b:?}")).collect()
}

impl UnitButton {
    /// The orders with a key of their own.
    const ALL: [UnitButton; 9] = [
        UnitButton::TurnLeft,
        UnitButton::TurnRight,
        UnitButton::Formation,
        UnitButton::Fire,
        UnitButton::MoveBrigade,
        UnitButton::Spike,
        UnitButton::Recrew,
        UnitButton::DamageBridge,
        UnitButton::RepairBridge,
    ];

    /// The buttons in the toolbar, always there (dimmed where they do not apply).
    const SHOWN: [UnitButton; 6] = [
        UnitButton::TurnLeft,
        UnitButton::TurnRight,
        UnitButton::Formation,
        UnitButton::Fire,
        UnitButton::MoveBrigade,
        UnitButton::Command,
    ];

    /// The Command menu's orders, in the order its button tries them.
    const MENU: [UnitButton; 4] = [
        UnitButton::Spike,
        UnitButton::Recrew,
        UnitButton::DamageBridge,
        UnitButton::RepairBridge,
    ];

    /// The keys under its label, and its tooltip.
    fn keys_and_tip(self) -> (String, String) {
        let acts: Vec<Act> = match self.act() {
            Some(a) => vec![a],
            None => Self::MENU.iter().filter_map(|m| m.act()).collect(),
        };
        let keys: Vec<String> = acts.iter().map(|a| keys_of(*a)).collect();
        let tips: Vec<String> = acts
            .iter()
            .map(|a| format!("{} ({})", keys::what(*a), keys_of(*a)))
            .collect();
        let tip = if self == UnitButton::Command {
            format!("The Command menu: {}", tips.join("; "))
        } else {
            tips.join("; ")
        };
        (keys.join(" "), tip)
    }

    /// Its key's act (the Command button has the four of its menu).
    fn act(self) -> Option<Act> {
        Some(match self {
            UnitButton::TurnLeft => Act::TurnLeft,
            UnitButton::TurnRight => Act::TurnRight,
            UnitButton::Formation => Act::Formation,
            UnitButton::Fire => Act::Fire,
            UnitButton::Spike => Act::Spike,
            UnitButton::Recrew => Act::Recrew,
            UnitButton::DamageBridge => Act::DamageBridge,
            UnitButton::RepairBridge => Act::RepairBridge,
            UnitButton::MoveBrigade => Act::MoveBrigade,
            UnitButton::Command => return None,
        })
    }

    fn label(self) -> &'static str {
        match self {
            // Short, so that every button of a player's turn stands in one row at 1280 wide
            // (the tooltips say it whole).
            UnitButton::TurnLeft => "\u{2190} Turn",
            UnitButton::TurnRight => "Turn \u{2192}",
            UnitButton::Formation => "Formation",
            UnitButton::Fire => "Fire",
            UnitButton::Spike => "Spike guns",
            UnitButton::Recrew => "Recrew guns",
            UnitButton::DamageBridge => "Damage bridge",
            UnitButton::RepairBridge => "Repair bridge",
            UnitButton::MoveBrigade => "Move brigade",
            UnitButton::Command => "Command",
        }
    }

    /// Whether the button applies to unit `u` now: the turns, formation and fire for any unit
    /// of the side giving orders; the Command menu only where it has something to act on.
    fn applies(self, u: &Unit, game: &crate::rules::board::Board) -> bool {
        match self {
            UnitButton::Formation => formation_toggle(u).is_some(),
            UnitButton::MoveBrigade => crate::rules::brigade_move::brigade_of(game, u.id).is_some(),
            UnitButton::Spike
            | UnitButton::Recrew
            | UnitButton::DamageBridge
            | UnitButton::RepairBridge => command_order(self, u, game).is_some(),
            UnitButton::Command => Self::MENU.iter().any(|m| m.applies(u, game)),
            _ => true,
        }
    }
}

fn keys(
    input: Res<ButtonInput<KeyCode>>,
    mut cmd: ResMut<Selection>,
    mut selected: ResMut<SelectedHex>,
    (units, seen): (Query<&UnitState>, Res<crate::client::seen::Seen>),
    (game, mut notices): (Res<Table>, MessageWriter<Notice>),
    mut orders: MessageWriter<GiveOrder>,
    gate: crate::client::gate::Gate,
) {
    if !gate.open() {
        return;
    }
    for b in UnitButton::ALL {
        if b.act().is_some_and(|a| pressed(&input, a)) {
            order(b, &mut cmd, &game.board, &mut orders, &mut notices);
        }
    }
    if pressed(&input, Act::AboutFace) {
        if let Some(u) = cmd.unit.and_then(|id| units.iter().find(|x| x.0.id == id)) {
            orders.write(GiveOrder(Order::Face {
                unit: u.0.id,
                facing: u.0.facing.opposite(),
            }));
        }
    }
    if pressed(&input, Act::NextInStack) {
        if let Some(h) = selected.0 {
            let ids: Vec<UnitId> = units_here(&seen, h).iter().map(|u| u.id).collect();
            let i = cmd
                .unit
                .and_then(|u| ids.iter().position(|x| *x == u))
                .map_or(0, |i| i + 1);
            cmd.unit = ids.get(i % ids.len().max(1)).copied();
        }
    }
    if pressed(&input, Act::Deselect) {
        *cmd = Selection::default();
        selected.0 = None;
    }
}

fn spawn_buttons(mut commands: Commands, groups: Query<(Entity, &ToolGroup)>) {
    let Some((bar, _)) = groups.iter().find(|(_, g)| **g == ToolGroup::Unit) else {
        return;
    };
    for b in UnitButton::SHOWN {
        let (keys, tip) = b.keys_and_tip();
        let button =
            crate::client::theme::widget::tool_button(&mut commands, b, b.label(), &keys, tip);
        commands.entity(button).insert(Name::new(format!("{b:?}")));
        commands.entity(bar).add_child(button);
    }
}

/// A press on one of the unit's buttons gives its order (while the player may give orders).
fn press(
    pressed: On<Pressed>,
    q: Query<&UnitButton>,
    mut cmd: ResMut<Selection>,
    (game, mut notices): (Res<Table>, MessageWriter<Notice>),
    mut orders: MessageWriter<GiveOrder>,
    gate: crate::client::gate::Gate,
) {
    if let Ok(b) = q.get(pressed.entity)
        && gate.open()
    {
        order(*b, &mut cmd, &game.board, &mut orders, &mut notices);
    }
}

fn buttons(
    mut look: Query<(&UnitButton, &mut Look, &mut Node)>,
    cmd: Res<Selection>,
    table: Res<Table>,
    gate: crate::client::gate::Gate,
    mut was_open: Local<bool>,
) {
    let game = &table.board;
    let open = gate.open();
    // The unit's buttons come together with any unit of the player's selected, each always in
    // its place (issue 59: which showed depended on the unit, so one that came and went moved
    // the others under the pointer, and a click meant for Fire turned a battery); those that do
    // not apply to the unit are dimmed. Where they do not fit the toolbar's row they stand in a
    // row above it, so the game's buttons below never move.
    let stirred = cmd.is_changed() || table.is_changed() || open != *was_open;
    *was_open = open;
    let unit = cmd
        .unit
        .and_then(|id| game.unit(id))
        .filter(|u| open && u.side == game.ordering_side());
    for (b, mut look, mut node) in &mut look {
        if stirred {
            crate::client::theme::regions::show(&mut node, unit.is_some());
        }
        let live = unit.is_some_and(|u| b.applies(u, &game));
        let lit = (*b == UnitButton::Fire && cmd.fire_mode)
            || (*b == UnitButton::MoveBrigade && cmd.brigade);
        let want = if !live {
            Look::Dimmed
        } else if lit {
            Look::Armed
        } else {
            Look::Plain
        };
        crate::client::theme::interaction::set(&mut look, want);
    }
}

/// The selection follows the unit under command when it moves, retreats or advances: the ring
/// never stays on the hex it left.
/// (It compares the unit's hex with the one it last saw, not the game's change: whether the
/// order was carried out before or after it ran in a frame does not matter.)
fn follow(
    cmd: Res<Selection>,
    game: Res<crate::client::seen::Seen>,
    mut selected: ResMut<SelectedHex>,
    mut seen: Local<Option<(crate::rules::unit::UnitId, Hex)>>,
) {
    let now = cmd.unit.and_then(|id| game.unit(id)).map(|u| (u.id, u.hex));
    if let (Some((id, hex)), Some((was_id, was))) = (now, *seen) {
        if id == was_id && hex != was && selected.0 != Some(hex) {
            selected.0 = Some(hex);
        }
    }
    *seen = now;
}

/// Recomputes the movement range when the unit under command or any unit changes.
fn refresh(
    cmd: Res<Selection>,
    game: Res<crate::client::seen::Seen>,
    mut reach: ResMut<Reachable>,
) {
    if !cmd.is_changed() && !game.is_changed() {
        return;
    }
    reach.0.clear();
    let Some(id) = cmd.unit else { return };
    if game
        .unit(id)
        .is_some_and(|u| u.side == game.ordering_side())
    {
        reach.0 = movement_range(&game, id);
    }
}

pub(crate) fn hint(
    cmd: Res<Selection>,
    reach: Res<Reachable>,
    // Where the pointer is, and whether the player plays by touch.
    (hovered, touch): (
        Res<HoveredHex>,
        Res<crate::client::theme::settings::TouchSeen>,
    ),
    game: Res<crate::client::seen::Seen>,
    mut out: ResMut<Hint>,
    gate: crate::client::gate::Gate,
    table: Res<crate::sim::Table>,
) {
    if !(cmd.is_changed()
        || reach.is_changed()
        || hovered.is_changed()
        || touch.is_changed()
        || game.is_changed())
    {
        return;
    }
    // The brigade's words are its preview's (`brigade_march`).
    if cmd.brigade {
        return;
    }
    // The player's own gesture: a tap on a touch screen, a click with a mouse.
    let press = if touch.0 { "tap" } else { "click" };
    let board = game.board();
    let side_name = |s: crate::rules::unit::Side| table.start.side_name(s).to_string();
    let verdict = |o: Order| order::check(board, &o).map_err(|r| words(&r));
    let text = match (cmd.unit.and_then(|id| board.unit(id)), hovered.0) {
        // Words from the player's side, the computer's turn too.
        (Some(u), _) if u.side != gate.viewer() => format!("{} (enemy)", u.name),
        (Some(u), _) if !gate.open() => format!(
            "{} selected; {} to act",
            u.name,
            side_name(board.ordering_side())
        ),
        (Some(u), Some(h)) if cmd.fire_mode => match verdict(Order::Fire {
            unit: u.id,
            at: At::of(board, h),
        })
        .and_then(|()| fire::breakdown(board, u.id, h, false, 1.0).map_err(|r| words(&[r])))
        {
            Ok(b) => {
                // D-fire-8: the working on one line, each step as the card gives it (the aim
                // box puts each on a line of its own).
                let working: Vec<String> = b
                    .working(board.params.fire.cap)
                    .iter()
                    .map(|l| l.trim().to_string())
                    .collect();
                // Issue 76, item 10: a melee declared on the target may be emptied by this fire.
                let melee = if board.pending.iter().any(|p| p.defending_hex == h) {
                    " (a melee is declared on it: firing first may rout the defender and call \
                     the melee off)"
                } else {
                    ""
                };
                format!(
                    "Fire {} at {}: {}; {press} to fire{melee}",
                    u.name,
                    board.map.coord(h),
                    working.join(STEP)
                )
            }
            Err(why) => format!("Cannot fire there: {why}"),
        },
        (Some(u), Some(h)) if h != u.hex => match reach.0.get(&h).filter(|_| {
            verdict(Order::Move {
                unit: u.id,
                to: At::of(board, h),
                path: None,
            })
            .is_ok()
        }) {
            Some(r) => format!(
                "Move {} to {}: costs {} MP; {} left{}; {}",
                u.name,
                board.map.coord(h),
                r.cost,
                crate::rules::movement::mp_left(&board.params, u).saturating_sub(r.cost),
                if r.stops {
                    " (enemy zone of control: the move ends)"
                } else {
                    ""
                },
                if cmd.move_target == Some(h) {
                    format!("{press} again to move")
                } else {
                    format!("{press} twice to move")
                }
            ),
            // Over an enemy the player wants to know what he can do to it, not that he cannot
            // move onto it (issue 63's play: the line read like a refusal after a fire).
            // A stack is named by a fighting unit, not the leader with it (the veteran's play).
            None => match board
                .units_at(h)
                .filter(|e| e.side != u.side)
                .min_by_key(|e| e.is_leader())
            {
                // D-los-7: a line that cannot reach it says where and by how much.
                Some(e) => match crate::rules::sight::blocked_by(
                    board,
                    &crate::rules::sight::look(board, u.hex, h),
                ) {
                    Some(why) => format!(
                        "{} (enemy) at {}: no line of sight from {}: {why}",
                        e.name,
                        board.map.coord(h),
                        u.name
                    ),
                    _ => format!(
                        "{} (enemy) at {}: {}",
                        e.name,
                        board.map.coord(h),
                        against_enemy(board, u, h, &verdict)
                    ),
                },
                None => format!("{} cannot reach {}", u.name, board.map.coord(h)),
            },
        },
        (Some(u), _) => format!("{} selected: {}", u.name, keys_for(u)),
        _ => String::new(),
    };
    if out.0 != text {
        out.0 = text;
    }
}

/// What the selected unit `u` can do to the enemy at `h`, as the rules judge it (issue 76, item
/// 19: fire was offered against a battery 13 hexes off, and for a leader): fire where a fire
/// would be taken, a melee where a drag from its hex would be; else why not.
fn against_enemy(
    board: &crate::rules::board::Board,
    u: &Unit,
    h: Hex,
    verdict: &impl Fn(Order) -> Result<(), String>,
) -> String {
    let fire = verdict(Order::Fire {
        unit: u.id,
        at: At::of(board, h),
    });
    let melee = verdict(Order::Melee {
        from: vec![At::of(board, u.hex)],
        units: Vec::new(),
        at: At::of(board, h),
        follow_up: true,
    })
    .is_ok();
    match (fire, melee) {
        (Ok(()), true) => format!("T to fire at it, or drag from {} to melee", u.name),
        (Ok(()), false) => "T to fire at it".to_string(),
        (Err(_), true) => format!("drag from {} to melee", u.name),
        (Err(why), false) => format!("{} cannot fire at it: {why}", u.name),
    }
}

/// The keys that act on the selected unit `u`, by what it is: a leader or a wagon neither
/// fires nor changes formation.
fn keys_for(u: &Unit) -> &'static str {
    match u.kind {
        UnitKind::Leader | UnitKind::Supply => "Z/X turn, Tab next in stack",
        _ => "Z/X turn, F formation, T fire, Tab next in stack",
    }
}

/// Refusals as one line for the hint.
fn words(r: &[crate::rules::refusal::Refusal]) -> String {
    r.iter()
        .map(|r| r.to_string())
        .collect::<Vec<_>>()
        .join("; ")
}
