//! The toolbar's game buttons: Help, Log, Save, Load, Undo, Resolve (the seed's button), Cancel
//! melee and End turn (which asks for a second press), each with its key under its label and a
//! tooltip. Undo says under its label what it would take back, or why it cannot be given.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use crate::client::dialogs::saving::SaveLoad;
use crate::client::gate::HelpOpen;
use crate::client::gate::{DialogOpen, Gate};
use crate::client::input::pointer::SelectedHex;
use crate::client::reports::report::LogOpen;
use crate::client::theme::interaction::{self, Look, Pressed};
use crate::client::theme::keys::{self, Act, keys_of, pressed};
use crate::client::theme::notice::Notice;
use crate::client::theme::regions::{Tip, ToolGroup};
use crate::client::theme::settings::Settings;
use crate::client::theme::widget::{self, ButtonLabel, Layout};
use crate::rules::order::{At, Order};
use crate::sim::{GiveOrder, Table};

#[derive(Component, Clone, Copy, PartialEq, Eq, Debug)]
pub enum ToolButton {
    Undo,
    Resolve,
    CancelMelee,
    /// Phased Play: on to the next phase (shown only under it).
    EndPhase,
    EndTurn,
    Save,
    Load,
    /// The browser: the quick save as a file, and a save file loaded (shown only there).
    Download,
    Upload,
    /// The help overlay, and the log folded or opened.
    Help,
    Log,
    /// Impetus I2: the selected (or last) pending melee's follow-up on or off (shown only under
    /// the impetus melee system).
    FollowUp,
    /// A replay of this game from its first order.
    Watch,
    /// At a hotseat, the other player's last turn replayed (offered when a turn is handed over).
    ReplayTurn,
    /// The after-action report over the map.
    Report,
    /// The victory conditions and the briefing over the map.
    Victory,
    Briefing,
}

impl ToolButton {
    /// Its word on the button.
    fn label(self) -> &'static str {
        match self {
            ToolButton::Help => "Help",
            ToolButton::Log => "Log",
            ToolButton::Undo => "Undo",
            ToolButton::Resolve => "Resolve",
            ToolButton::CancelMelee => "Cancel",
            ToolButton::EndPhase => "End phase",
            ToolButton::EndTurn => "End turn",
            ToolButton::Save => "Save",
            ToolButton::Load => "Load",
            ToolButton::Download => "Download",
            ToolButton::Upload => "Upload",
            ToolButton::FollowUp => "Follow-up",
            ToolButton::Watch => "Watch",
            ToolButton::ReplayTurn => "Replay their turn",
            ToolButton::Report => "Report",
            ToolButton::Victory => "Victory",
            ToolButton::Briefing => "Briefing",
        }
    }

    /// Its key in the one key table (the browser's file buttons have none).
    pub fn act(self) -> Option<Act> {
        Some(match self {
            ToolButton::Help => Act::Help,
            ToolButton::Log => Act::Log,
            ToolButton::Undo => Act::Undo,
            ToolButton::Resolve => Act::Resolve,
            ToolButton::CancelMelee => Act::CancelMelee,
            ToolButton::EndPhase => Act::EndPhase,
            ToolButton::EndTurn => Act::EndTurn,
            ToolButton::Save => Act::Save,
            ToolButton::Load => Act::Load,
            ToolButton::FollowUp => Act::FollowUp,
            ToolButton::Watch => Act::Watch,
            ToolButton::ReplayTurn => Act::ReplayTurn,
            ToolButton::Report => Act::Report,
            ToolButton::Victory => Act::Victory,
            ToolButton::Briefing => Act::Briefing,
            ToolButton::Download | ToolButton::Upload => return None,
        })
    }

    fn tip(self) -> String {
        match self.act() {
            Some(a) => format!("{} ({})", keys::what(a), keys_of(a)),
            None if self == ToolButton::Download => "Download the quick save as a file".into(),
            None => "Load a save file from this device".into(),
        }
    }
}

/// End turn was pressed once and waits for a second press (or Enter): ending a turn cannot be
/// undone, and E lies beside the pan keys.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq)]
pub struct EndTurnArmed(pub bool);

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<SaveLoad>()
        .init_resource::<EndTurnArmed>()
        .init_resource::<LogOpen>()
        .add_systems(Startup, spawn)
        .add_observer(press)
        .add_systems(Update, (keys.in_set(crate::client::Frame::Commands), look));
}

/// The small line under Undo's label: why it cannot be given now, or what it takes back.
#[derive(Component)]
struct UndoWhyNot;

fn spawn(mut commands: Commands, groups: Query<(Entity, &ToolGroup)>) {
    let files: &[ToolButton] = if cfg!(target_arch = "wasm32") {
        &[ToolButton::Download, ToolButton::Upload, ToolButton::Report]
    } else {
        &[ToolButton::Report]
    };
    let plan: [(ToolGroup, &[ToolButton]); 3] = [
        (
            ToolGroup::Files,
            &[
                ToolButton::Help,
                ToolButton::Briefing,
                ToolButton::Victory,
                ToolButton::Log,
                ToolButton::Save,
                ToolButton::Load,
                ToolButton::Watch,
                ToolButton::ReplayTurn,
            ],
        ),
        (ToolGroup::Files, files),
        (
            ToolGroup::Turn,
            &[
                ToolButton::Undo,
                ToolButton::Resolve,
                ToolButton::CancelMelee,
                ToolButton::FollowUp,
                ToolButton::EndPhase,
                ToolButton::EndTurn,
            ],
        ),
    ];
    for (group, buttons) in plan {
        let Some((bar, _)) = groups.iter().find(|(_, g)| **g == group) else {
            continue;
        };
        for &b in buttons {
            let key = b.act().map(keys_of).unwrap_or_default();
            let key = key.split(", ").next().unwrap_or("").to_string();
            let button = widget::tool_button(&mut commands, b, b.label(), &key, b.tip());
            commands.entity(button).insert(Name::new(format!("{b:?}")));
            if b == ToolButton::EndTurn {
                // One width for "End turn" and "Confirm": the second press lands where the
                // first did, and nothing beside it moves.
                commands.entity(button).insert(
                    widget::button_node()
                        .width(Val::Px(84.0))
                        .pad(UiRect::axes(Val::Px(6.0), Val::Px(3.0))),
                );
            }
            if b == ToolButton::Undo {
                // Its second line changes with every order: a fixed width keeps the toolbar
                // from reflowing under the player's finger.
                // Three lines in the touch target's 44 px: no taller than its row.
                commands.entity(button).insert(
                    widget::button_node()
                        .width(Val::Px(144.0))
                        .clip()
                        .pad(UiRect::axes(Val::Px(6.0), Val::Px(0.0))),
                );
                let why = commands
                    .spawn((
                        UndoWhyNot,
                        widget::key_hint("", 10.0),
                        TextLayout::no_wrap(),
                    ))
                    .id();
                commands.entity(button).add_child(why);
            }
            commands.entity(bar).add_child(button);
        }
    }
}

/// What the toolbar's buttons and keys need to give their orders.
#[derive(SystemParam)]
struct Tools<'w> {
    table: Res<'w, Table>,
    selected: Res<'w, SelectedHex>,
    gate: Gate<'w>,
    orders: MessageWriter<'w, GiveOrder>,
    saves: MessageWriter<'w, SaveLoad>,
    armed: ResMut<'w, EndTurnArmed>,
    settings: Res<'w, Settings>,
    help: ResMut<'w, HelpOpen>,
    sheet: ResMut<'w, crate::client::reports::victory_panel::SheetOpen>,
    log: ResMut<'w, LogOpen>,
    notices: MessageWriter<'w, Notice>,
    watch: MessageWriter<'w, crate::client::replay::watch::Watch>,
    offer: Res<'w, crate::client::replay::watch::Offer>,
    report: Option<ResMut<'w, crate::client::reports::after_action_view::ReportView>>,
}

impl Tools<'_> {
    /// The melee on the selected hex, or else the last one declared.
    fn target(&self) -> Option<crate::rules::melee::Declaration> {
        let pending = &self.table.board.pending;
        self.selected
            .0
            .and_then(|h| pending.iter().find(|p| p.defending_hex == h))
            .or_else(|| pending.last())
            .cloned()
    }

    /// The buttons that are the player's at any time (help, the sheets, the log, watching, the
    /// report): done, or false for a button that gives an order.
    fn at_any_time(&mut self, b: ToolButton) -> bool {
        match b {
            ToolButton::Help => {
                self.help.0 = !self.help.0;
                true
            }
            ToolButton::Victory => {
                self.sheet
                    .toggle(crate::client::reports::victory_panel::Sheet::Victory);
                true
            }
            ToolButton::Briefing => {
                self.sheet
                    .toggle(crate::client::reports::victory_panel::Sheet::Briefing);
                true
            }
            ToolButton::Log => {
                self.log.0 = !self.log.0;
                true
            }
            // Watching is the player's at any time but during a replay (the bar has its own).
            ToolButton::Watch => {
                if !self.gate.watching() {
                    self.watch
                        .write(crate::client::replay::watch::Watch::ThisGame { from: 0 });
                }
                true
            }
            ToolButton::ReplayTurn => {
                if self.offer.0.is_some() && !self.gate.watching() {
                    self.watch
                        .write(crate::client::replay::watch::Watch::Offered);
                }
                true
            }
            ToolButton::Report => {
                if let Some(v) = self.report.as_mut() {
                    v.toggle();
                }
                true
            }
            _ => false,
        }
    }

    fn act(&mut self, b: ToolButton) {
        // The help and the log are the player's at any time, the computer's turn too.
        if self.at_any_time(b) {
            return;
        }
        if !self.gate.open() {
            return;
        }
        if b != ToolButton::EndTurn && self.armed.0 {
            self.armed.0 = false;
        }
        match b {
            ToolButton::Help
            | ToolButton::Victory
            | ToolButton::Briefing
            | ToolButton::Log
            | ToolButton::Watch
            | ToolButton::ReplayTurn
            | ToolButton::Report => {}
            ToolButton::Undo => {
                self.orders.write(GiveOrder(Order::Undo));
            }
            ToolButton::Resolve => {
                self.orders.write(GiveOrder(Order::Resolve));
            }
            ToolButton::CancelMelee | ToolButton::FollowUp
                if self.table.board.pending.is_empty() =>
            {
                self.notices.write(Notice(
                    "No melee is declared: nothing to cancel or change".into(),
                ));
            }
            ToolButton::CancelMelee => {
                if let Some(p) = self.target() {
                    let at = At::of(&self.table.board, p.defending_hex);
                    self.orders.write(GiveOrder(Order::CancelMelee { at }));
                }
            }
            ToolButton::FollowUp => {
                if let Some(p) = self.target() {
                    let order = Order::Melee {
                        from: Vec::new(),
                        units: Vec::new(),
                        at: At::of(&self.table.board, p.defending_hex),
                        follow_up: !p.follow_up,
                    };
                    self.orders.write(GiveOrder(order));
                }
            }
            ToolButton::EndTurn => {
                if self.armed.0 || !self.settings.confirm_end_turn {
                    self.armed.0 = false;
                    self.orders.write(GiveOrder(Order::EndTurn));
                } else {
                    self.armed.0 = true;
                    self.notices.write(Notice(
                        "End the turn? Press Confirm (the same button), or E or Enter; Esc keeps it".into(),
                    ));
                }
            }
            ToolButton::EndPhase => {
                self.orders.write(GiveOrder(Order::EndPhase));
            }
            ToolButton::Save => {
                self.saves.write(SaveLoad::Save);
            }
            ToolButton::Load => {
                self.saves.write(SaveLoad::Load);
            }
            ToolButton::Download => {
                self.saves.write(SaveLoad::Download);
            }
            ToolButton::Upload => {
                self.saves.write(SaveLoad::Upload);
            }
        }
    }
}

fn press(pressed: On<Pressed>, q: Query<&ToolButton>, mut tools: Tools) {
    if let Ok(b) = q.get(pressed.entity) {
        tools.act(*b);
    }
}

/// The buttons' keys (from the one key table); Enter confirms End turn, Esc withdraws it.
fn keys(input: Res<ButtonInput<KeyCode>>, mut tools: Tools, dialog: Res<DialogOpen>) {
    if dialog.0 {
        return;
    }
    for b in [
        ToolButton::Help,
        ToolButton::Victory,
        ToolButton::Briefing,
        ToolButton::Log,
        ToolButton::Undo,
        ToolButton::Resolve,
        ToolButton::CancelMelee,
        ToolButton::EndTurn,
        ToolButton::EndPhase,
        ToolButton::FollowUp,
        ToolButton::Watch,
        ToolButton::ReplayTurn,
        ToolButton::Report,
    ] {
        if b.act().is_some_and(|a| pressed(&input, a)) {
            tools.act(b);
        }
    }
    if tools.armed.0 && pressed(&input, Act::Confirm) {
        tools.act(ToolButton::EndTurn);
    }
    if tools.armed.0 && pressed(&input, Act::Deselect) {
        tools.armed.0 = false;
    }
}

/// Resolve glows while melees wait, End turn while it asks to confirm, and Undo is dimmed
/// with its reason while it cannot be given.
#[allow(clippy::type_complexity)]
fn look(
    mut q: Query<(&ToolButton, &mut Look, &mut Node, &mut Tip, &Children)>,
    table: Res<Table>,
    armed: Res<EndTurnArmed>,
    mut why: Query<&mut Text, (With<UndoWhyNot>, Without<ButtonLabel>)>,
    mut labels: Query<&mut Text, With<ButtonLabel>>,
    (gate, mut was_open, offer): (
        Gate,
        Local<Option<bool>>,
        Res<crate::client::replay::watch::Offer>,
    ),
) {
    let game = &table.board;
    let undo = &table.undo;
    // During the computer's turn Undo is not the player's: it offers nothing of the computer's.
    let open = gate.open();
    let turned = *was_open != Some(open);
    *was_open = Some(open);
    if table.is_changed() || turned {
        // What Undo would take back, or why it cannot ("the dice were rolled (…)"), cut to
        // fit the button; the whole of it is in the log when Undo is pressed.
        let line = match (undo.why_not(), undo.history.last()) {
            _ if !open => "not your turn".to_string(),
            (None, Some(step)) => format!("back: {}", step.what),
            (why, _) => why
                .unwrap_or_default()
                .trim_start_matches("nothing to undo: ")
                .to_string(),
        };
        // 23 characters of the 10 px face fit the button's 132 px inside its padding.
        let short = crate::client::theme::words::ellipsis(&line, 23);
        for mut t in &mut why {
            if t.0 != short {
                t.0.clone_from(&short);
            }
        }
        // The whole of it in the tooltip.
        for (b, _, _, mut tip, _) in &mut q {
            if *b == ToolButton::Undo {
                tip.0 = format!("{} ({}): {line}", keys::what(Act::Undo), keys_of(Act::Undo));
            }
        }
    }
    for (b, mut look, mut node, _, children) in &mut q {
        // Context buttons only where they apply.
        // While the other side gives its orders, the buttons that give orders make way for the
        // show's controls (Undo stays, saying whose turn it is).
        let orders = matches!(
            b,
            ToolButton::Resolve
                | ToolButton::CancelMelee
                | ToolButton::EndPhase
                | ToolButton::FollowUp
                | ToolButton::EndTurn
        );
        // What the rules of the game offer stays in place all game (dimmed while it has nothing
        // to act on): a button that came with the first declared melee moved End turn.
        let shown = match b {
            _ if orders && !open && !gate.dialog_open() => false,
            ToolButton::EndPhase => game.phased(),
            ToolButton::FollowUp => crate::rules::melee::system(&game.params).follows_up(),
            ToolButton::ReplayTurn => offer.0.is_some() && !gate.watching(),
            _ => true,
        };
        let idle =
            matches!(b, ToolButton::CancelMelee | ToolButton::FollowUp) && game.pending.is_empty();
        if *b == ToolButton::EndTurn {
            let want = if armed.0 { "Confirm" } else { "End turn" };
            for c in children {
                if let Ok(mut t) = labels.get_mut(*c) {
                    if t.0 != want {
                        t.0 = want.to_string();
                    }
                }
            }
        }
        let display = if shown { Display::Flex } else { Display::None };
        if node.display != display {
            node.display = display;
        }
        let waiting = *b == ToolButton::Resolve && !game.pending.is_empty();
        let waiting = waiting || (*b == ToolButton::EndTurn && armed.0);
        let dim =
            game.over || idle || (*b == ToolButton::Undo && (undo.why_not().is_some() || !open));
        let want = match (waiting, dim) {
            (_, true) => Look::Dimmed,
            (true, _) => Look::Waiting,
            _ => Look::Plain,
        };
        interaction::set(&mut look, want);
    }
}
