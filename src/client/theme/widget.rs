//! The widget kit every screen is built from: buttons (their action an observer on `Pressed`,
//! their colour the kit's), labels, headings and key hints, the layouts (rows, columns, a
//! wrapping row, a box of a size), a side panel, the modal dialog's scaffold
//! (curtain, box, scrolling column, "more below") and a redraw helper for marker layers.

use bevy::prelude::*;

use super::interaction::Look;
use super::palette;
use super::regions::Tip;

/// A button's box: never smaller than a fingertip (`palette::TOUCH_TARGET` logical pixels at
/// 100 %), its label centred.
pub fn button_node() -> Node {
    let min = Val::Px(palette::TOUCH_TARGET);
    Node {
        padding: UiRect::axes(Val::Px(12.0), Val::Px(8.0)),
        border: UiRect::all(Val::Px(1.0)),
        min_height: min,
        min_width: min,
        justify_content: JustifyContent::Center,
        align_items: AlignItems::Center,
        flex_direction: FlexDirection::Column,
        ..default()
    }
}

/// An empty button in the box `node`, its marker (what a press on it does) given apart.
pub fn plain_button(node: Node) -> impl Bundle {
    (
        Button,
        node,
        Look::Plain,
        BorderColor::all(palette::TEXT),
        BackgroundColor(palette::PANEL),
    )
}

/// An empty button marked `which` (what a press on it does) in the box `node`, for a screen
/// that fills it with its own lines.
pub fn button_in<C: Component>(which: C, node: Node) -> impl Bundle {
    (which, plain_button(node))
}

/// An empty button marked `which`, `margin` round it.
pub fn button<C: Component>(which: C, margin: UiRect) -> impl Bundle {
    button_in(which, button_node().margin(margin))
}

/// A button that says `label`, marked `which`, `margin` round it.
pub fn text_button<C: Component>(
    which: C,
    label: &str,
    size: f32,
    margin: UiRect,
) -> impl Bundle + use<C> {
    (
        button(which, margin),
        children![label_text(label.to_owned(), size)],
    )
}

/// A wrapping row of a dialog's buttons, each saying its words and named `{section}:{which:?}`
/// (the browser tests tap them by name).
pub fn button_row<C: Component + Copy + std::fmt::Debug>(
    p: &mut ChildSpawnerCommands,
    section: &str,
    buttons: &[(C, &str)],
) {
    p.spawn(row(0.0).wrapping()).with_children(|r| {
        for (b, words) in buttons {
            r.spawn((
                text_button(*b, words, 14.0, UiRect::all(Val::Px(3.0))),
                Name::new(format!("{section}:{b:?}")),
            ));
        }
    });
}

/// A toolbar button: its label, and its key under it in a quieter line; its tooltip names it.
pub fn tool_button<C: Component>(
    commands: &mut Commands,
    which: C,
    label: &str,
    key: &str,
    tip: String,
) -> Entity {
    let node = button_node().pad(UiRect::axes(Val::Px(6.0), Val::Px(3.0)));
    commands
        .spawn((button_in(which, node), Tip(tip)))
        .with_children(|t| {
            t.spawn((ButtonLabel, label_text(label, 13.0)));
            if !key.is_empty() {
                t.spawn(key_hint(key, 10.0));
            }
        })
        .id()
}

/// A tool button's label (End turn's changes while it waits for the confirmation).
#[derive(Component)]
pub struct ButtonLabel;

/// A line of text at a size in pixels.
pub fn label_text(content: impl Into<String>, size: f32) -> (Text, TextFont, TextColor) {
    palette::text(content, size)
}

/// A heading, in the objective's gold.
pub fn heading(content: impl Into<String>, size: f32) -> (Text, TextFont, TextColor) {
    palette::coloured_text(content, size, palette::OBJECTIVE)
}

/// A key, or a quieter line under a label.
pub fn key_hint(content: impl Into<String>, size: f32) -> (Text, TextFont, TextColor) {
    palette::dim_text(content, size)
}

/// A row, its items centred across it, `gap` pixels apart.
pub fn row(gap: f32) -> Node {
    Node {
        column_gap: Val::Px(gap),
        align_items: AlignItems::Center,
        ..default()
    }
}

/// A row that wraps onto further lines.
pub fn wrap() -> Node {
    Node {
        flex_wrap: FlexWrap::Wrap,
        ..default()
    }
}

/// A column, `gap` pixels between its lines.
pub fn column(gap: f32) -> Node {
    Node {
        flex_direction: FlexDirection::Column,
        row_gap: Val::Px(gap),
        ..default()
    }
}

/// A box `w` × `h` pixels.
pub fn sized(w: f32, h: f32) -> Node {
    Node {
        width: Val::Px(w),
        height: Val::Px(h),
        ..default()
    }
}

/// A box laid over its parent at (`left`, `top`), `w` × `h` pixels.
pub fn placed(left: f32, top: f32, w: f32, h: f32) -> Node {
    Node {
        position_type: PositionType::Absolute,
        left: Val::Px(left),
        top: Val::Px(top),
        ..sized(w, h)
    }
}

/// A column laid over the screen (or its parent) where `left`, `top` … put it: a card, a
/// floating panel.
pub fn floating() -> Node {
    Node {
        position_type: PositionType::Absolute,
        ..column(0.0)
    }
}

/// A box laid over its parent from its top left corner (its size and place set after).
pub fn pinned() -> Node {
    Node {
        position_type: PositionType::Absolute,
        left: Val::Px(0.0),
        top: Val::Px(0.0),
        ..default()
    }
}

/// A box laid over the whole of its parent.
pub fn covering() -> Node {
    Node {
        position_type: PositionType::Absolute,
        left: Val::Px(0.0),
        right: Val::Px(0.0),
        top: Val::Px(0.0),
        bottom: Val::Px(0.0),
        ..default()
    }
}

/// A column that scrolls (its `ScrollPosition`) when its lines do not fit: it takes what room is
/// left, and gives it up first.
pub fn scrolling(gap: f32) -> Node {
    Node {
        flex_shrink: 1.0,
        min_height: Val::Px(0.0),
        overflow: Overflow::scroll_y(),
        ..column(gap)
    }
}

/// A side panel laid where `node` puts it, on the panel's colour, above the map at `z`;
/// presses on it stay off the map.
pub fn side_panel(node: Node, z: i32) -> impl Bundle {
    (
        node,
        Interaction::default(),
        BackgroundColor(palette::PANEL),
        GlobalZIndex(z),
    )
}

/// A column of lines as tall as its panel leaves it, which scrolls only past that (the wheel
/// and a finger scroll it: `regions::wheel_scrolls`): the results card's lines, the pending
/// melees, the selected hex's lines.
pub fn scrolling_column() -> (Node, ScrollPosition, Interaction) {
    (
        scrolling(0.0),
        ScrollPosition::default(),
        Interaction::default(),
    )
}

/// A modal dialog's curtain: over the whole window in `colour` (laid out as `node`, a
/// `covering()` box), catching every click so that none reaches the map beneath; `z` its place
/// in the stack.
pub fn curtain(node: Node, colour: Color, z: i32) -> impl Bundle {
    (
        node,
        Interaction::default(),
        BackgroundColor(colour),
        GlobalZIndex(z),
    )
}

/// A modal dialog's box: a column at `node`'s place, on the dialog colour, above the curtain.
pub fn dialog_box(node: Node, z: i32) -> impl Bundle {
    (
        Node {
            flex_direction: FlexDirection::Column,
            ..node
        },
        Interaction::default(),
        BackgroundColor(DIALOG),
        GlobalZIndex(z),
    )
}

/// The dialogs' ground: darker and more solid than a panel's.
pub const DIALOG: Color = Color::srgba(0.06, 0.06, 0.05, 0.96);

/// The line under a scrolling column that says it has more below (hidden until
/// `regions::more_below` shows it).
pub fn more_below_line(words: &str, size: f32, colour: Color) -> impl Bundle + use<> {
    (
        Visibility::Hidden,
        palette::coloured_text(words, size, colour),
    )
}

/// The layouts' small changes, chained: `widget::wrap().gap(18.0).hidden()`.
pub trait Layout: Sized {
    fn node(&mut self) -> &mut Node;
    /// Space between items along a row (or across the lines of a column).
    fn gap(mut self, px: f32) -> Self {
        self.node().column_gap = Val::Px(px);
        self
    }
    /// Space between the lines of a column (or of a wrapping row).
    fn line_gap(mut self, px: f32) -> Self {
        self.node().row_gap = Val::Px(px);
        self
    }
    /// Out of the layout until shown (`regions::show`).
    fn hidden(mut self) -> Self {
        self.node().display = Display::None;
        self
    }
    fn pad(mut self, padding: UiRect) -> Self {
        self.node().padding = padding;
        self
    }
    fn margin(mut self, margin: UiRect) -> Self {
        self.node().margin = margin;
        self
    }
    fn border(mut self, border: UiRect) -> Self {
        self.node().border = border;
        self
    }
    fn width(mut self, w: Val) -> Self {
        self.node().width = w;
        self
    }
    fn height(mut self, h: Val) -> Self {
        self.node().height = h;
        self
    }
    fn left(mut self, v: Val) -> Self {
        self.node().left = v;
        self
    }
    fn right(mut self, v: Val) -> Self {
        self.node().right = v;
        self
    }
    fn top(mut self, v: Val) -> Self {
        self.node().top = v;
        self
    }
    fn bottom(mut self, v: Val) -> Self {
        self.node().bottom = v;
        self
    }
    /// Never smaller than `w` × `h` pixels.
    fn min_size(mut self, w: f32, h: f32) -> Self {
        let n = self.node();
        n.min_width = Val::Px(w);
        n.min_height = Val::Px(h);
        self
    }
    fn max_width(mut self, w: Val) -> Self {
        self.node().max_width = w;
        self
    }
    fn max_height(mut self, h: Val) -> Self {
        self.node().max_height = h;
        self
    }
    /// What does not fit scrolls (its `ScrollPosition`).
    fn scrolls(mut self) -> Self {
        self.node().overflow = Overflow::scroll_y();
        self
    }
    /// What does not fit is cut off.
    fn clip(mut self) -> Self {
        self.node().overflow = Overflow::clip();
        self
    }
    /// Its items one under the other.
    fn as_column(mut self) -> Self {
        self.node().flex_direction = FlexDirection::Column;
        self
    }
    /// Items centred across the main axis (a row's, vertically).
    fn middle(mut self) -> Self {
        self.node().align_items = AlignItems::Center;
        self
    }
    /// Items centred along the main axis too.
    fn centred(mut self) -> Self {
        let n = self.node();
        n.justify_content = JustifyContent::Center;
        n.align_items = AlignItems::Center;
        self
    }
    /// Items spread out to both ends.
    fn spread(mut self) -> Self {
        self.node().justify_content = JustifyContent::SpaceBetween;
        self
    }
    fn wrapping(mut self) -> Self {
        self.node().flex_wrap = FlexWrap::Wrap;
        self
    }
    /// Takes what room is left along its parent.
    fn grow(mut self) -> Self {
        self.node().flex_grow = 1.0;
        self
    }
    /// Never gives up its room to its neighbours.
    fn keep(mut self) -> Self {
        self.node().flex_shrink = 0.0;
        self
    }
}

impl Layout for Node {
    fn node(&mut self) -> &mut Node {
        self
    }
}

/// A marker layer redrawn: despawns what `old` holds, so the caller spawns the layer afresh
/// (the highlights, the reach, the threats: each draws from scratch when what it shows changed).
pub fn clear<F: bevy::ecs::query::QueryFilter>(commands: &mut Commands, old: &Query<Entity, F>) {
    for e in old {
        commands.entity(e).despawn();
    }
}

/// A picture of `w` × `h` pixels from its RGBA bytes, row by row (sRGB): a chart, the terrain
/// atlas, a map in small.
pub fn picture(w: u32, h: u32, rgba: Vec<u8>) -> Image {
    use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
    Image::new(
        Extent3d {
            width: w,
            height: h,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        rgba,
        TextureFormat::Rgba8UnormSrgb,
        bevy::asset::RenderAssetUsages::default(),
    )
}
