//! Every key of the game window in one table: the input systems ask it whether their action's
//! key was pressed, and the help overlay lists it, so the two cannot drift apart.

use bevy::prelude::*;

use super::aid::Aid;

/// What a key does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Act {
    Help,
    Log,
    Save,
    Load,
    Undo,
    Resolve,
    CancelMelee,
    EndPhase,
    FollowUp,
    EndTurn,
    /// Accepts what waits for a confirmation (End turn).
    Confirm,
    TurnLeft,
    TurnRight,
    AboutFace,
    Formation,
    Fire,
    Spike,
    Recrew,
    DamageBridge,
    RepairBridge,
    NextInStack,
    /// The next of the side's units that has not acted this turn (§17's issue: large battles).
    NextUnit,
    /// The selected unit's brigade moves as one: then drag, or tap twice, where it goes (§17).
    MoveBrigade,
    /// Drops the selection (and closes the help).
    Deselect,
    Aid(Aid),
    PanLeft,
    PanRight,
    PanUp,
    PanDown,
    ZoomIn,
    ZoomOut,
    /// The whole map in the window.
    ZoomAll,
    PageUp,
    PageDown,
    /// The other side's turn shown: pause or play, one action on, faster, slower.
    Pause,
    Step,
    /// A replay: one order back.
    StepBack,
    /// A replay of this game from its start.
    Watch,
    /// At a hotseat: the other player's last turn replayed.
    ReplayTurn,
    /// The after-action report.
    Report,
    /// The victory conditions: objectives, levels, losses, this turn's changes of the score.
    Victory,
    /// The briefing: the history, the side's task, its reinforcements, the rules in force.
    Briefing,
    Faster,
    Slower,
    /// Sound off, or on again.
    Mute,
}

/// A key (or keys) and what it does; `ctrl` whether Ctrl must be held with it (without it, Ctrl
/// must not be: Ctrl+Z is Undo, Z alone turns left).
#[derive(Debug, Clone, Copy)]
pub struct Binding {
    pub keys: &'static [KeyCode],
    pub ctrl: bool,
    pub shift: bool,
    pub act: Act,
    pub what: &'static str,
}

const fn k(keys: &'static [KeyCode], act: Act, what: &'static str) -> Binding {
    Binding {
        keys,
        ctrl: false,
        shift: false,
        act,
        what,
    }
}

use KeyCode as K;

/// The table, in the order the help lists it.
pub const BINDINGS: &[Binding] = &[
    k(
        &[K::F1, K::KeyH],
        Act::Help,
        "Help: keys, gestures and the map's legend",
    ),
    Binding {
        shift: true,
        ..k(&[K::Slash], Act::Help, "Help (?)")
    },
    k(
        &[K::F2],
        Act::Victory,
        "Victory conditions: objectives, levels, losses and the score's changes",
    ),
    k(
        &[K::F3],
        Act::Briefing,
        "Briefing: the history, your task, your reinforcements, the rules in force",
    ),
    k(
        &[K::KeyK],
        Act::Log,
        "Log: open the whole history, or fold it to one line",
    ),
    k(&[K::F5], Act::Save, "Save the game"),
    k(&[K::F9], Act::Load, "Load the saved game"),
    k(
        &[K::F7],
        Act::Watch,
        "Watch this battle from its first order",
    ),
    k(
        &[K::F8],
        Act::ReplayTurn,
        "Hotseat: replay the other player's last turn",
    ),
    k(
        &[K::F6],
        Act::Report,
        "After-action report: the battle's charts (Esc closes)",
    ),
    Binding {
        ctrl: true,
        ..k(
            &[K::KeyZ],
            Act::Undo,
            "Undo the last order (until dice are rolled)",
        )
    },
    k(&[K::KeyR], Act::Resolve, "Resolve the declared melees"),
    k(
        &[K::KeyC],
        Act::CancelMelee,
        "Cancel the selected (or last) melee",
    ),
    k(&[K::KeyP], Act::EndPhase, "End the phase (Phased Play)"),
    k(
        &[K::KeyU],
        Act::FollowUp,
        "Follow-up on or off for the melee (Impetus)",
    ),
    k(
        &[K::KeyE],
        Act::EndTurn,
        "End turn (press again, or Enter, to confirm)",
    ),
    k(
        &[K::Enter, K::NumpadEnter],
        Act::Confirm,
        "Confirm ending the turn",
    ),
    k(&[K::KeyZ], Act::TurnLeft, "Turn the selected unit left"),
    k(&[K::KeyX], Act::TurnRight, "Turn it right"),
    k(&[K::KeyV], Act::AboutFace, "About face"),
    k(
        &[K::KeyF],
        Act::Formation,
        "Change formation (line/column, mounted, limbered)",
    ),
    k(&[K::KeyT], Act::Fire, "Fire: then tap the target"),
    k(&[K::KeyG], Act::Spike, "Spike captured guns in the hex"),
    k(&[K::KeyY], Act::Recrew, "Recrew won-back guns in the hex"),
    k(
        &[K::KeyB],
        Act::DamageBridge,
        "Damage the bridge the unit faces",
    ),
    k(
        &[K::KeyN],
        Act::RepairBridge,
        "Repair the bridge the unit faces",
    ),
    k(&[K::Tab], Act::NextInStack, "Next unit in the stack"),
    k(
        &[K::KeyJ],
        Act::NextUnit,
        "Next unit: the next that has not acted this turn",
    ),
    k(
        &[K::KeyM],
        Act::MoveBrigade,
        "Move the selected unit's brigade as one: then drag from it, or click twice, where it goes",
    ),
    k(
        &[K::Escape],
        Act::Deselect,
        "Drop the selection; close the help",
    ),
    k(
        &[K::Digit1],
        Act::Aid(Aid::CanMove),
        "Highlight: can move (M)",
    ),
    k(
        &[K::Digit2],
        Act::Aid(Aid::CanFire),
        "Highlight: can fire (F)",
    ),
    k(
        &[K::Digit3],
        Act::Aid(Aid::CanMelee),
        "Highlight: can melee (X)",
    ),
    k(
        &[K::Digit4],
        Act::Aid(Aid::Ammo),
        "Highlight: low or no ammunition (A)",
    ),
    k(
        &[K::Digit5],
        Act::Aid(Aid::Disorder),
        "Highlight: disrupted and routed (D)",
    ),
    k(
        &[K::Digit6],
        Act::Aid(Aid::Brigade),
        "Highlight: the selected unit's brigade (B)",
    ),
    k(
        &[K::Digit7],
        Act::Aid(Aid::Threats),
        "Threats of the enemy's next turn (!)",
    ),
    k(
        &[K::Digit8, K::KeyL],
        Act::Aid(Aid::Sight),
        "Line-of-sight tool",
    ),
    k(
        &[K::Digit9, K::KeyO],
        Act::Aid(Aid::OrderOfBattle),
        "Order of battle",
    ),
    k(&[K::Digit0], Act::Aid(Aid::Grid), "Hex grid"),
    k(
        &[K::KeyI],
        Act::Aid(Aid::Command),
        "Out-of-command marks on the counters (c), under Command Control",
    ),
    k(&[K::ArrowLeft, K::KeyA], Act::PanLeft, "Pan left"),
    k(&[K::ArrowRight, K::KeyD], Act::PanRight, "Pan right"),
    k(&[K::ArrowUp, K::KeyW], Act::PanUp, "Pan up"),
    k(&[K::ArrowDown, K::KeyS], Act::PanDown, "Pan down"),
    k(&[K::Equal, K::NumpadAdd], Act::ZoomIn, "Zoom in"),
    k(&[K::Minus, K::NumpadSubtract], Act::ZoomOut, "Zoom out"),
    k(&[K::Home], Act::ZoomAll, "The whole map"),
    k(&[K::PageUp], Act::PageUp, "Order of battle: page back"),
    k(&[K::PageDown], Act::PageDown, "Order of battle: page on"),
    k(
        &[K::Space],
        Act::Pause,
        "The other side's turn: pause, or play on",
    ),
    k(
        &[K::Period],
        Act::Step,
        "Paused: show the next action (a replay: the next order)",
    ),
    k(&[K::Comma], Act::StepBack, "A replay: one order back"),
    k(
        &[K::BracketRight],
        Act::Faster,
        "Show the other side's turn faster (readable, fast, instant)",
    ),
    k(&[K::BracketLeft], Act::Slower, "Show it slower"),
    Binding {
        ctrl: true,
        ..k(&[K::KeyM], Act::Mute, "Sound off, or on again")
    },
];

/// The gestures, for the help (the gestures module and the camera do them).
pub const GESTURES: &[(&str, &str)] = &[
    (
        "Click / tap a hex",
        "select it; again: the next unit of the stack",
    ),
    (
        "Click / tap twice where it can reach",
        "move the selected unit there",
    ),
    (
        "Drag from your hex to an enemy's (long press first on touch)",
        "declare a melee",
    ),
    ("Right-drag, or one finger", "pan the map"),
    ("Wheel, or pinch", "zoom"),
    ("Click / tap the mini-map", "look there"),
];

/// Whether a modifier is down, or went down or up this frame: a quick Ctrl+Z comes as Ctrl down,
/// Z down and Ctrl up within one frame, and is still Undo (issue 59: it turned the unit left).
fn modifier(input: &ButtonInput<KeyCode>, keys: [KeyCode; 2]) -> bool {
    input.any_pressed(keys) || input.any_just_pressed(keys) || input.any_just_released(keys)
}

pub fn ctrl(input: &ButtonInput<KeyCode>) -> bool {
    modifier(input, [K::ControlLeft, K::ControlRight])
}

fn shift(input: &ButtonInput<KeyCode>) -> bool {
    modifier(input, [K::ShiftLeft, K::ShiftRight])
}

fn bindings(act: Act) -> impl Iterator<Item = &'static Binding> {
    BINDINGS.iter().filter(move |b| b.act == act)
}

/// Whether a key of `act` went down this frame (with Ctrl as the binding wants it; a binding
/// that asks for Shift wants it held, the others do not mind).
pub fn pressed(input: &ButtonInput<KeyCode>, act: Act) -> bool {
    bindings(act).any(|b| {
        b.ctrl == ctrl(input)
            && (!b.shift || shift(input))
            && input.any_just_pressed(b.keys.iter().copied())
    })
}

/// Whether a key of `act` is held (the pan keys).
pub fn held(input: &ButtonInput<KeyCode>, act: Act) -> bool {
    bindings(act).any(|b| b.ctrl == ctrl(input) && input.any_pressed(b.keys.iter().copied()))
}

/// A key as the keyboard's cap names it.
pub fn key_name(key: KeyCode) -> String {
    let s = format!("{key:?}");
    let s = s
        .trim_start_matches("Key")
        .trim_start_matches("Digit")
        .replace("Arrow", "")
        .replace("Numpad", "Pad ");
    match s.as_str() {
        "Equal" => "+".into(),
        "Minus" => "-".into(),
        "Slash" => "/".into(),
        "Escape" => "Esc".into(),
        "PageUp" => "PgUp".into(),
        "PageDown" => "PgDn".into(),
        "Period" => ".".into(),
        "Comma" => ",".into(),
        "BracketRight" => "]".into(),
        "BracketLeft" => "[".into(),
        _ => s,
    }
}

/// All the keys of `act`'s bindings, as the help and the tooltips write them ("Ctrl+Z",
/// "9, O", "?").
pub fn keys_of(act: Act) -> String {
    bindings(act)
        .flat_map(|b| {
            b.keys.iter().map(move |k| match (b.ctrl, b.shift, *k) {
                (_, true, K::Slash) => "?".to_string(),
                (true, _, k) => format!("Ctrl+{}", key_name(k)),
                (_, _, k) => key_name(k),
            })
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// What `act` does, as the table says it first.
pub fn what(act: Act) -> &'static str {
    bindings(act).next().map_or("", |b| b.what)
}
