//! While a melee is dragged or a fire aimed, its odds in a compact box beside the target:
//! where the eye already is, never over the attacking hex or the hex attacked (the whole
//! breakdown stays in the hint line and the panels).

use bevy::prelude::*;

use crate::client::input::command::{Hint, Selection};
use crate::client::input::melee_drag::{DragPreview, MeleeDrag};
use crate::client::input::pointer::HoveredHex;
use crate::client::map::layout::{HEX_SIZE, world_to_screen};
use crate::client::theme::palette;
use crate::rules::hex::Hex;

/// The box's place on the screen (logical pixels) while it shows, and its words.
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct AimBox {
    pub rect: Option<Rect>,
    pub text: String,
}

#[derive(Component)]
struct AimNode;

#[derive(Component)]
struct AimText;

/// The box's letters' size.
const PX: f32 = 13.0;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<AimBox>()
        .add_systems(Startup, spawn)
        .add_systems(Update, place.in_set(crate::client::Frame::AfterGame));
}

fn spawn(mut commands: Commands) {
    commands
        .spawn((
            AimNode,
            Node {
                position_type: PositionType::Absolute,
                display: Display::None,
                padding: UiRect::axes(Val::Px(6.0), Val::Px(3.0)),
                border: UiRect::all(Val::Px(1.0)),
                ..default()
            },
            BorderColor::all(palette::PENDING),
            BackgroundColor(Color::srgba(0.05, 0.05, 0.04, 0.9)),
            GlobalZIndex(30),
        ))
        .with_children(|b| {
            b.spawn((AimText, palette::text("", PX)));
        });
}

/// The box's words: the first line of the drag's verdict (the strengths, then the odds, each
/// clause on a line of its own), or the aimed fire's value and losses, without the
/// instructions after them.
pub fn words(drag: &DragPreview, dragging: bool, fire_mode: bool, hint: &str) -> String {
    let text = if dragging && drag.target.is_some() {
        drag.text.lines().next().unwrap_or("").trim()
    } else if fire_mode && (hint.starts_with("Fire ") || hint.starts_with("Cannot fire")) {
        let t = hint.split("; click").next().unwrap_or(hint);
        t.split("; tap").next().unwrap_or(t).trim()
    } else {
        ""
    };
    // A fire: its name, then each step of its working on a line (D-fire-8).
    if text.starts_with("Fire ")
        && let Some((head, steps)) = text.split_once(": ")
    {
        return std::iter::once(format!("{head}:"))
            .chain(
                steps
                    .split(crate::client::input::command::STEP)
                    .map(str::to_string),
            )
            .collect::<Vec<_>>()
            .join("\n");
    }
    text.split("; ")
        .flat_map(|clause| clause.split(", losses "))
        .enumerate()
        .map(|(i, c)| match (i, text.starts_with("Fire ")) {
            (1, true) => format!("losses {c}"),
            // The defenders' fire, said short enough for the box.
            _ => c
                .replace("stops some attackers", "stops some")
                .replace("breaks the attack up", "breaks it up"),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Where a box of `size` goes beside the hex at `target` (screen points, y down), clear of
/// every hex in `avoid` (each a circle of radius `r` on the screen) and inside the window:
/// right of the target, then left, below and above.
pub fn beside(target: Vec2, avoid: &[Vec2], r: f32, size: Vec2, window: Vec2) -> Vec2 {
    let gap = r + 6.0;
    let tries = [
        Vec2::new(gap, -size.y / 2.0),
        Vec2::new(-gap - size.x, -size.y / 2.0),
        Vec2::new(-size.x / 2.0, gap),
        Vec2::new(-size.x / 2.0, -gap - size.y),
        Vec2::new(gap, gap),
        Vec2::new(-gap - size.x, -gap - size.y),
    ];
    let fits = |tl: Vec2| {
        let inside =
            tl.x >= 0.0 && tl.y >= 0.0 && tl.x + size.x <= window.x && tl.y + size.y <= window.y;
        let clear = avoid.iter().all(|c| {
            // The nearest point of the box to the hex's centre is farther than its radius.
            let near = c.clamp(tl, tl + size);
            near.distance(*c) > r
        });
        inside && clear
    };
    tries
        .iter()
        .map(|t| target + *t)
        .find(|tl| fits(*tl))
        .unwrap_or(target + tries[0])
}

/// Before the box is laid out, its size as its letters would make it.
fn guessed_size(words: &str) -> Vec2 {
    let longest = words.lines().map(|l| l.chars().count()).max().unwrap_or(0);
    Vec2::new(
        longest as f32 * PX * 0.5 + 14.0,
        words.lines().count() as f32 * PX * 1.3 + 8.0,
    )
}

/// The box's node at `rect` (in window pixels), or hidden; changed only when it moves.
fn put(n: &mut Node, rect: Option<Rect>, ui_scale: f32) {
    match rect {
        Some(r) => {
            // The node's offsets are in UI pixels, which the UI scale enlarges.
            let u = ui_scale.max(0.1);
            let (x, y) = (Val::Px(r.min.x / u), Val::Px(r.min.y / u));
            if n.display != Display::Flex || n.left != x || n.top != y {
                n.display = Display::Flex;
                n.left = x;
                n.top = y;
            }
        }
        None => {
            if n.display != Display::None {
                n.display = Display::None;
            }
        }
    }
}

#[allow(clippy::type_complexity)]
fn place(
    // What is aimed: the drag and its preview, the selected unit (its Fire mode), the hint's
    // words, the hex under the pointer.
    (drag, preview, cmd, hint, hovered): (
        Res<MeleeDrag>,
        Res<DragPreview>,
        Res<Selection>,
        Res<Hint>,
        Res<HoveredHex>,
    ),
    view: crate::client::map::camera::MapView,
    game: Res<crate::client::seen::Seen>,
    mut aim: ResMut<AimBox>,
    // The box and its words.
    (mut node, mut text): (
        Query<(&mut Node, &ComputedNode), With<AimNode>>,
        Query<&mut Text, With<AimText>>,
    ),
    ui_scale: Option<Res<UiScale>>,
    regions: Query<(
        &crate::client::theme::regions::Region,
        &ComputedNode,
        &UiGlobalTransform,
    )>,
) {
    let layout = &view.layout;
    let (Some(w), Some((t, p))) = (view.window(), view.camera()) else {
        return;
    };
    // The box keeps above the log's line (the hint), which says the same words (issue 59: an
    // illegal melee's box lay over it).
    let k = w.scale_factor();
    use crate::client::theme::regions::Region;
    let hint_top =
        crate::client::theme::regions::top_of(&regions, &[Region::Log, Region::Toolbar], k)
            .unwrap_or(f32::MAX);
    let dragging = drag.from.is_some();
    let words = words(&preview, dragging, cmd.fire_mode, &hint.0);
    let target = if dragging { preview.target } else { hovered.0 };
    let from = if dragging {
        drag.from
    } else {
        cmd.unit.and_then(|id| game.board().unit(id)).map(|u| u.hex)
    };
    let now = match (target, words.is_empty()) {
        (Some(target), false) => {
            let scale = crate::client::map::camera::scale_of(p);
            let size = w.size();
            let to_screen = |h: Hex| world_to_screen(size, t, scale, layout.center(h));
            let avoid: Vec<Vec2> = [Some(target), from]
                .into_iter()
                .flatten()
                .map(to_screen)
                .collect();
            let laid = node
                .single()
                .ok()
                .map(|(_, c)| c.size / k)
                .filter(|s| s.x > 0.0);
            let box_size = laid.unwrap_or_else(|| guessed_size(&words));
            let room = Vec2::new(size.x, hint_top.min(size.y));
            let tl = beside(to_screen(target), &avoid, HEX_SIZE / scale, box_size, room);
            AimBox {
                rect: Some(Rect::from_corners(tl, tl + box_size)),
                text: words,
            }
        }
        _ => AimBox::default(),
    };
    if *aim != now {
        *aim = now;
    }
    if let Ok((mut n, _)) = node.single_mut() {
        put(&mut n, aim.rect, ui_scale.map_or(1.0, |s| s.0));
    }
    if aim.is_changed() {
        for mut tx in &mut text {
            tx.0.clone_from(&aim.text);
        }
    }
}
