//! The screen's named regions, laid out so that none covers another and the map keeps most of
//! the window: the top bar across the top, the toolbar across the bottom, a column on the right
//! (the aids, the selected unit, the pending melees, the results card, the mini-map) and the log
//! at the bottom left. Each plugin puts its content into its region; the hover tooltip floats by the pointer.

use bevy::prelude::*;

/// A region of the screen (its node carries this; the layout trace reports its rectangle).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Region {
    TopBar,
    Toolbar,
    Aids,
    UnitPanel,
    Melees,
    /// The results card of the last melee or fire (until closed).
    Results,
    MiniMap,
    Log,
    Tooltip,
}

impl Region {
    pub const ALL: [Region; 9] = [
        Region::TopBar,
        Region::Toolbar,
        Region::Aids,
        Region::UnitPanel,
        Region::Melees,
        Region::Results,
        Region::MiniMap,
        Region::Log,
        Region::Tooltip,
    ];
}

/// A panel over the map that is not one of the game's regions (the sheets, the order of battle,
/// the help, the lesson's panel, the editor's): no name stands under it, and the pointer over it
/// is not over the map (the hint does not read the map through it).
#[derive(Component, Debug, Default)]
pub struct Furniture;

/// A panel that stands along the map's left edge while it is open (the order of battle): what
/// brings a unit into view centres it right of the panel, not under it.
#[derive(Component, Debug, Default)]
pub struct CoversLeft;

/// How far in from the left (logical pixels) the open panels marked `CoversLeft` reach.
pub fn left_covered(
    panels: &Query<(&Node, &ComputedNode, &UiGlobalTransform), With<CoversLeft>>,
    scale_factor: f32,
) -> f32 {
    panels
        .iter()
        .filter(|(n, _, _)| n.display != Display::None)
        .map(|(_, c, g)| (g.translation.x + c.size.x / 2.0) / scale_factor)
        .fold(0.0, f32::max)
}

/// A group of the toolbar's buttons. The game's buttons stay at the left edge, where they never
/// move; the selected unit's come and go at the right.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum ToolGroup {
    /// Help, the log, saving and loading.
    Files,
    /// Undo, Resolve, Cancel melee, End phase, Follow-up, End turn.
    Turn,
    /// The other side's turn as it is shown: pause, step, pace, follow.
    Show,
    /// The selected unit's orders and its Command menu.
    Unit,
    /// A replay's controls and its scrub bar (a row of its own, while watching).
    Watch,
}

/// The right-hand column's share of the window's width, and the least and most it takes: wide
/// enough at 1280×800 for a two-against-one melee's results card to read without scrolling,
/// narrow enough that the map keeps 70 % of the window.
pub const COLUMN_SHARE: f32 = 0.25;
pub const COLUMN_MIN: f32 = 264.0;
pub const COLUMN_MAX: f32 = 400.0;

/// The right-hand column's width in a window `window_width` pixels wide (as the layout makes it).
pub fn column(window_width: f32) -> f32 {
    (window_width * COLUMN_SHARE).clamp(COLUMN_MIN, COLUMN_MAX)
}
/// The top bar's and the toolbar's heights in one row (as the layout trace measures them).
pub const TOP_BAR_HEIGHT: f32 = 26.0;
pub const TOOLBAR_HEIGHT: f32 = 50.0;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(PreStartup, spawn);
}

/// The region's node, for a plugin to put its content into.
pub fn find(regions: &Query<(Entity, &Region)>, which: Region) -> Option<Entity> {
    regions.iter().find(|(_, r)| **r == which).map(|(e, _)| e)
}

fn panel() -> BackgroundColor {
    BackgroundColor(super::palette::PANEL)
}

fn spawn(mut commands: Commands) {
    let top = commands
        .spawn((
            Region::TopBar,
            Node {
                width: Val::Percent(100.0),
                padding: UiRect::axes(Val::Px(10.0), Val::Px(4.0)),
                flex_wrap: FlexWrap::Wrap,
                column_gap: Val::Px(14.0),
                ..default()
            },
            panel(),
        ))
        .id();
    let log = commands
        .spawn((
            Region::Log,
            Node {
                max_width: Val::Px(620.0),
                flex_direction: FlexDirection::Column,
                padding: UiRect::all(Val::Px(6.0)),
                margin: UiRect::all(Val::Px(6.0)),
                ..default()
            },
            panel(),
        ))
        .id();
    // The map's part of the middle: transparent, the log at its bottom left.
    let open = commands
        .spawn(Node {
            flex_grow: 1.0,
            min_width: Val::Px(0.0),
            flex_direction: FlexDirection::Column,
            justify_content: JustifyContent::FlexEnd,
            align_items: AlignItems::FlexStart,
            ..default()
        })
        .add_child(log)
        .id();
    let column: Vec<Entity> = [
        Region::Aids,
        Region::UnitPanel,
        Region::Melees,
        Region::Results,
        Region::MiniMap,
    ]
    .into_iter()
    .map(|r| column_region(&mut commands, r))
    .collect();
    let right = commands
        .spawn(Node {
            width: Val::Percent(COLUMN_SHARE * 100.0),
            min_width: Val::Px(COLUMN_MIN),
            max_width: Val::Px(COLUMN_MAX),
            flex_shrink: 0.0,
            flex_direction: FlexDirection::Column,
            row_gap: Val::Px(6.0),
            padding: UiRect::all(Val::Px(6.0)),
            min_height: Val::Px(0.0),
            ..default()
        })
        .add_children(&column)
        .id();
    let middle = commands
        .spawn(Node {
            flex_grow: 1.0,
            min_height: Val::Px(0.0),
            flex_direction: FlexDirection::Row,
            ..default()
        })
        .add_children(&[open, right])
        .id();
    let groups: Vec<Entity> = [
        ToolGroup::Watch,
        ToolGroup::Files,
        ToolGroup::Turn,
        ToolGroup::Show,
        ToolGroup::Unit,
    ]
    .into_iter()
    .map(|g| tool_group(&mut commands, g))
    .collect();
    let toolbar = toolbar(&mut commands, &groups);
    commands
        .spawn(Node {
            position_type: PositionType::Absolute,
            left: Val::Px(0.0),
            right: Val::Px(0.0),
            top: Val::Px(0.0),
            bottom: Val::Px(0.0),
            flex_direction: FlexDirection::Column,
            ..default()
        })
        .add_children(&[top, middle, toolbar]);
    tooltip(&mut commands);
}

/// The toolbar: its groups of buttons in rows from the bottom up.
fn toolbar(commands: &mut Commands, groups: &[Entity]) -> Entity {
    commands
        .spawn((
            Region::Toolbar,
            Node {
                width: Val::Percent(100.0),
                // The first row at the bottom, the rows that wrap above it: the selected unit's
                // buttons, where they do not fit beside the game's, come in a row above them and
                // move none of them (issue 59).
                flex_wrap: FlexWrap::WrapReverse,
                column_gap: Val::Px(14.0),
                row_gap: Val::Px(2.0),
                padding: UiRect::all(Val::Px(3.0)),
                ..default()
            },
            panel(),
        ))
        .add_children(groups)
        .id()
}

/// By the pointer, over everything; hidden until there is something to say.
fn tooltip(commands: &mut Commands) {
    commands.spawn((
        Region::Tooltip,
        Node {
            position_type: PositionType::Absolute,
            display: Display::None,
            max_width: Val::Px(340.0),
            padding: UiRect::all(Val::Px(6.0)),
            ..default()
        },
        BackgroundColor(Color::srgba(0.03, 0.03, 0.02, 0.95)),
        GlobalZIndex(20),
    ));
}

/// A region of the right-hand column, laid out for what it holds.
fn column_region(commands: &mut Commands, r: Region) -> Entity {
    let mut node = Node {
        width: Val::Percent(100.0),
        flex_direction: FlexDirection::Column,
        ..default()
    };
    match r {
        Region::Aids => {
            node.flex_direction = FlexDirection::Row;
            node.flex_wrap = FlexWrap::Wrap;
            node.column_gap = Val::Px(4.0);
            node.row_gap = Val::Px(4.0);
        }
        // The mini-map sits at the column's foot, above the toolbar.
        Region::MiniMap => node.margin = UiRect::top(Val::Auto),
        _ => {
            node.padding = UiRect::all(Val::Px(8.0));
            node.overflow = Overflow::clip();
            node.flex_shrink = 1.0;
            node.min_height = Val::Px(0.0);
        }
    }
    if r == Region::Results {
        node.row_gap = Val::Px(4.0);
    } else if matches!(r, Region::UnitPanel | Region::Melees) {
        // Short of room, the selection's and the pending melees' panels give way first:
        // the card of what just happened is what the player reads.
        node.flex_shrink = 3.0;
    }
    if matches!(r, Region::UnitPanel | Region::Melees | Region::Results) {
        // Shown while there is a selection, melees wait, or a card is open.
        node.display = Display::None;
        node.border = UiRect::all(Val::Px(if r == Region::Melees { 2.0 } else { 0.0 }));
        return commands.spawn((r, node, panel())).id();
    }
    commands.spawn((r, node)).id()
}

/// A group of the toolbar's buttons.
fn tool_group(commands: &mut Commands, g: ToolGroup) -> Entity {
    let mut node = Node {
        flex_wrap: FlexWrap::Wrap,
        column_gap: Val::Px(4.0),
        row_gap: Val::Px(4.0),
        ..default()
    };
    if g == ToolGroup::Watch {
        // A row of its own: the replay's buttons and its scrub bar.
        node.width = Val::Percent(100.0);
        node.align_items = AlignItems::Center;
        node.display = Display::None;
    }
    if g == ToolGroup::Unit {
        // After a gap that takes the rest of the row: the game's buttons never move.
        node.margin = UiRect::left(Val::Auto);
        node.justify_content = JustifyContent::FlexEnd;
    }
    commands.spawn((g, node)).id()
}

/// Puts `lines` in a panel's text, and shows the panel or takes it off the screen (out of the
/// layout, so that the regions below it close up).
pub(crate) fn fill_panel<T: Component, P: Component>(
    text: &mut Query<&mut Text, With<T>>,
    panel: &mut Query<&mut Node, With<P>>,
    lines: &[String],
    shown: bool,
) {
    for mut t in text.iter_mut() {
        let joined = lines.join("\n");
        if t.0 != joined {
            t.0 = joined;
        }
    }
    for mut n in panel.iter_mut() {
        show(&mut n, shown);
    }
}

/// Where the top bar ends as it is laid out (two lines high in a narrow window), for what
/// sits under it.
pub(crate) fn below_top_bar(regions: &Query<(&Region, &ComputedNode)>) -> f32 {
    height(regions, Region::TopBar).unwrap_or(TOP_BAR_HEIGHT)
}

/// The highest top edge (logical pixels, `k` the window's scale factor) of those of `which`
/// that are laid out: what a box floating over the map keeps above.
pub(crate) fn top_of(
    regions: &Query<(&Region, &ComputedNode, &UiGlobalTransform)>,
    which: &[Region],
    k: f32,
) -> Option<f32> {
    regions
        .iter()
        .filter(|(r, n, _)| which.contains(r) && n.size.y > 0.0)
        .map(|(_, n, at)| (at.translation.y - n.size.y / 2.0) / k)
        .reduce(f32::min)
}

/// A region's height as it is laid out, in logical pixels.
pub(crate) fn height(regions: &Query<(&Region, &ComputedNode)>, which: Region) -> Option<f32> {
    regions
        .iter()
        .find(|(r, _)| **r == which)
        .map(|(_, n)| n.size.y * n.inverse_scale_factor)
}

/// A node in the layout, or out of it.
pub(crate) fn show(node: &mut Node, shown: bool) {
    let d = if shown { Display::Flex } else { Display::None };
    if node.display != d {
        node.display = d;
    }
}

/// What a button's tooltip says (its full name and key).
#[derive(Component, Debug, Clone, PartialEq)]
pub struct Tip(pub String);

/// The wheel, or a finger dragged up or down, over a `T` node that scrolls (its
/// `ScrollPosition`) scrolls it, within its content: the log's history, the help, the sheets,
/// the editor's panels. The camera leaves the wheel alone over them.
pub fn wheel_scrolls<T: Component>(
    mut wheel: MessageReader<bevy::input::mouse::MouseWheel>,
    touches: Option<Res<Touches>>,
    window: Query<&Window, With<bevy::window::PrimaryWindow>>,
    mut q: Query<(&mut ScrollPosition, &ComputedNode, &UiGlobalTransform), With<T>>,
) {
    let dy: f32 = wheel
        .read()
        .map(|w| match w.unit {
            bevy::input::mouse::MouseScrollUnit::Line => -w.y * 20.0,
            bevy::input::mouse::MouseScrollUnit::Pixel => -w.y,
        })
        .sum();
    let Ok(w) = window.single() else { return };
    let k = w.scale_factor();
    // Where the scrolling is asked for, and by how much: the pointer's wheel, then each finger
    // that moved.
    let mut asks: Vec<(Vec2, f32)> = Vec::new();
    if let (Some(c), true) = (w.cursor_position(), dy != 0.0) {
        asks.push((c, dy));
    }
    for t in touches.iter().flat_map(|t| t.iter()) {
        if t.delta().y != 0.0 {
            asks.push((t.position(), -t.delta().y));
        }
    }
    for (c, dy) in asks {
        for (mut p, node, at) in &mut q {
            let (mid, half) = (at.translation / k, node.size / k / 2.0);
            if node.size.x > 0.0 && (c - mid).abs().cmple(half).all() {
                let most = ((node.content_size.y - node.size.y) / k).max(0.0);
                p.0.y = (p.0.y + dy).clamp(0.0, most);
            }
        }
    }
}

/// Shows a `H` line while the `T` node that scrolls has more below what shows: that it scrolls
/// must be seen (the start dialog, the help).
pub fn more_below<T: Component, H: Component>(
    body: Query<(&ComputedNode, &ScrollPosition), With<T>>,
    mut line: Query<&mut Visibility, With<H>>,
) {
    let below = body
        .iter()
        .map(|(node, at)| (node.content_size.y - node.size.y) * node.inverse_scale_factor - at.0.y)
        .fold(0.0_f32, f32::max);
    let want = if below > 4.0 {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    for mut v in &mut line {
        if *v != want {
            *v = want;
        }
    }
}
