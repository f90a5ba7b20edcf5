//! The trace's observers: the game started, a melee drag's preview shown, a melee declared and
//! resolved, a save loaded, a side's turn begun, each action of the other side's turn shown, a
//! replay begun and left, and where the buttons and units are on the screen (`trace`).

use bevy::prelude::*;
use serde_json::json;

use crate::client::trace::{LastLayout, line};

use crate::client::gate::DialogOpen;
use crate::client::input::melee_drag::DragPreview;
use crate::rules::event::Event;
use crate::rules::order::At;
use crate::sim::Table;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<LastLayout>()
        .add_systems(Update, (started, previewed, melees, layout, loaded, turns));
}

/// A named button was laid out anew.
type NamedButtonMoved = (
    Or<(Changed<UiGlobalTransform>, Changed<ComputedNode>)>,
    Or<(
        With<crate::client::panels::toolbar::ToolButton>,
        With<crate::client::dialogs::start::StartButton>,
    )>,
);

/// A node's rectangle on the screen, `[left, top, width, height]` in logical pixels.
fn rect(node: &ComputedNode, at: &UiGlobalTransform, k: f32) -> serde_json::Value {
    let (c, size) = (at.translation / k, node.size / k);
    let tl = c - size / 2.0;
    json!([tl.x.round(), tl.y.round(), size.x.round(), size.y.round()])
}

/// Where the named buttons and the units' hexes are on the screen (CSS / logical pixels),
/// whenever that changes: a test taps them there. Also every region's rectangle and every
/// shown button's, the map's zoom, and how high the counters' digits stand on the screen.
#[allow(clippy::type_complexity)]
fn layout(
    // The window, the map's camera and its layout.
    (window, cam, map): (
        Query<Ref<Window>, With<bevy::window::PrimaryWindow>>,
        Query<(Ref<Transform>, Ref<Projection>), With<crate::client::map::camera::MapCamera>>,
        Res<crate::client::map::layout::MapLayout>,
    ),
    moved: Query<(), NamedButtonMoved>,
    // The toolbar's buttons, and the start dialog's Start, where they are laid out.
    (tools, start): (Tools, Starts),
    (game, seen, reach, selection): (
        Res<Table>,
        Option<Res<crate::client::seen::Seen>>,
        Res<crate::client::input::command::Reachable>,
        Option<Res<crate::client::input::command::Selection>>,
    ),
    mut last: ResMut<LastLayout>,
    (regions, shown_buttons, any_moved, lesson): (
        Regions,
        Shown,
        Query<(), Or<(Changed<UiGlobalTransform>, Changed<ComputedNode>)>>,
        Option<Res<crate::client::lesson::panel::Lesson>>,
    ),
    // The buttons' names, the place names laid out, the results card and the Sight aid's look.
    (names, place_names, card, sight): (
        Query<&Name>,
        Option<Res<crate::client::marks::place_names::PlacedNames>>,
        Query<
            (&ComputedNode, &InheritedVisibility),
            With<crate::client::reports::results_card::CardBody>,
        >,
        Option<Res<crate::client::marks::sight_tool::SightTool>>,
    ),
) {
    let (Ok(w), Ok((t, p))) = (window.single(), cam.single()) else {
        return;
    };
    // Only when something on the screen moved: not a frame's work on a large battle.
    let stirred = w.is_changed()
        || t.is_changed()
        || p.is_changed()
        || game.is_changed()
        || seen.as_ref().is_some_and(|s| s.is_changed())
        || reach.is_changed()
        || selection.as_ref().is_some_and(|s| s.is_changed())
        || place_names.as_ref().is_some_and(|n| n.is_changed())
        || lesson.as_ref().is_some_and(|l| l.is_changed())
        || sight.as_ref().is_some_and(|s| s.is_changed());
    if !stirred && moved.is_empty() && any_moved.is_empty() {
        return;
    }
    let k = w.scale_factor();
    let buttons = buttons_json(k, &tools, &start, &shown_buttons, &names);
    let scale = crate::client::map::camera::scale_of(&p);
    let size = w.size();
    // The units drawn: those the side at the screen knows (§16), each hex by its place.
    let board = seen.as_ref().map_or(&game.board, |s| s.board());
    let on_screen = |hex| {
        let at = crate::client::map::layout::world_to_screen(size, &t, scale, map.center(hex));
        json!([at.x.round(), at.y.round()])
    };
    let by_place = |hexes: &mut dyn Iterator<Item = crate::rules::hex::Hex>| {
        hexes
            .map(|h| (At::of(board, h).to_string(), on_screen(h)))
            .collect::<serde_json::Map<_, _>>()
    };
    let hexes = by_place(&mut board.units.iter().map(|u| u.hex));
    // Where the selected unit may move, for a test to tap.
    let reachable = by_place(&mut reach.0.keys().copied());
    let (areas, rects) = regions_json(k, &regions, &shown_buttons, &names);
    let card_fit = card_json(&card, k);
    let digits = crate::client::counters::counter::NUMBER_SIZE
        * crate::client::theme::font::digit_height()
        / scale;
    let labels = names_json(place_names.as_deref());
    let now = json!({
        "window": [size.x, size.y],
        // The battle on the table (the library's choice).
        "battle": game.start.name,
        "buttons": buttons,
        "hexes": hexes,
        "reach": reachable,
        "regions": areas,
        "button_rects": rects,
        "scale": scale,
        "digit_px": digits,
        "counter_px": crate::client::counters::counter::SIDE / scale,
        "names": labels,
        "card": card_fit,
        "camera": [t.translation.x, t.translation.y],
        // The boot camp's lesson, where the player stands in it.
        "lesson": lesson.as_deref().map(lesson_json),
        // A brigade's move armed (Move brigade pressed, §17): the next drag or tap sends it.
        "brigade_move": selection.as_ref().is_some_and(|s| s.brigade),
        // The Sight aid's look in the log's words (D-los-7), and the hex it crosses out.
        "sight": sight.as_ref().and_then(|s| s.sight).map(|s| json!({
            "words": crate::rules::sight::words(board, &s),
            "blocking": s.blocking.map(|h| At::of(board, h).to_string()),
        })),
    })
    .to_string();
    if last.0 != now {
        line("layout", serde_json::from_str(&now).unwrap_or_default());
        last.0 = now;
    }
}

/// The toolbar's buttons.
type Tools<'w, 's> = Query<
    'w,
    's,
    (
        &'static crate::client::panels::toolbar::ToolButton,
        &'static ComputedNode,
        &'static UiGlobalTransform,
    ),
>;

/// The start dialog's Start.
type Starts<'w, 's> = Query<
    'w,
    's,
    (
        &'static crate::client::dialogs::start::StartButton,
        &'static ComputedNode,
        &'static UiGlobalTransform,
    ),
>;

/// The screen's regions.
type Regions<'w, 's> = Query<
    'w,
    's,
    (
        &'static crate::client::theme::regions::Region,
        &'static ComputedNode,
        &'static UiGlobalTransform,
        &'static InheritedVisibility,
    ),
>;

/// Every button, with whether it shows.
type Shown<'w, 's> = Query<
    'w,
    's,
    (
        Entity,
        &'static ComputedNode,
        &'static UiGlobalTransform,
        &'static InheritedVisibility,
    ),
    With<Button>,
>;

/// The named buttons' centres: the toolbar's, Start, and the results card's, the show's and
/// the replay's by their names.
fn buttons_json(
    k: f32,
    tools: &Tools,
    start: &Starts,
    shown_buttons: &Shown,
    names: &Query<&Name>,
) -> serde_json::Map<String, serde_json::Value> {
    let mut buttons = serde_json::Map::new();
    let mut put = |name: String, node: &ComputedNode, at: &UiGlobalTransform| {
        if node.size.x > 0.0 {
            let c = at.translation / k;
            buttons.insert(name, json!([c.x.round(), c.y.round()]));
        }
    };
    for (b, n, at) in tools {
        put(format!("{b:?}"), n, at);
    }
    for (_, n, at) in start {
        put("Start".into(), n, at);
    }
    // The results card's, the show's and the replay's buttons, by their names.
    for (e, n, at, v) in shown_buttons {
        let name = names.get(e).map(|n| n.to_string()).unwrap_or_default();
        if v.get()
            && ["Card", "Watch", "Show"]
                .iter()
                .any(|p| name.starts_with(p))
        {
            put(name, n, at);
        }
    }
    buttons
}

/// Every region's rectangle and every shown button's, by name.
fn regions_json(
    k: f32,
    regions: &Regions,
    shown_buttons: &Shown,
    names: &Query<&Name>,
) -> (
    serde_json::Map<String, serde_json::Value>,
    Vec<serde_json::Value>,
) {
    let mut areas = serde_json::Map::new();
    for (r, n, at, v) in regions {
        if n.size.x > 0.0 && n.size.y > 0.0 && v.get() {
            areas.insert(format!("{r:?}"), rect(n, at, k));
        }
    }
    let mut rects = Vec::new();
    for (e, n, at, v) in shown_buttons {
        if n.size.x > 0.0 && v.get() {
            let name = names.get(e).map(|n| n.to_string()).unwrap_or_default();
            rects.push(json!({ "name": name, "rect": rect(n, at, k) }));
        }
    }
    (areas, rects)
}

/// The results card's lines: how tall they are, and how tall the part of them that shows.
fn card_json(
    card: &Query<
        (&ComputedNode, &InheritedVisibility),
        With<crate::client::reports::results_card::CardBody>,
    >,
    k: f32,
) -> Option<serde_json::Value> {
    card.iter()
        .find(|(n, v)| v.get() && n.size.y > 0.0)
        .map(|(n, _)| json!([(n.content_size.y / k).round(), (n.size.y / k).round()]))
}

/// The names on the map: each one's box (four corners) and letter size in pixels.
fn names_json(
    placed: Option<&crate::client::marks::place_names::PlacedNames>,
) -> Vec<serde_json::Value> {
    placed
        .map(|n| {
            n.0.iter()
                .map(|p| {
                    json!({
                        "text": p.text,
                        "rank": p.rank,
                        "px": p.px,
                        "corners": p.corners.iter().map(|c| [c.x.round(), c.y.round()]).collect::<Vec<_>>(),
                    })
                })
                .collect()
        })
        .unwrap_or_default()
}

/// Where the player stands in the boot camp's lesson, the panel and its walk.
fn lesson_json(l: &crate::client::lesson::panel::Lesson) -> serde_json::Value {
    json!({
        "number": l.number,
        "step": l.progress.step,
        "steps": l.script.steps.len(),
        "hint": l.progress.hint,
        "panel": rect_of(l.placed.panel),
        "walked": l.walked.iter().map(|(step, p)| json!({
            "step": step,
            "covers": p.covers(),
            "panel": rect_of(p.panel),
            "clear": p.clear.iter().map(|r| rect_of(*r)).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
    })
}

/// A rectangle as the trace gives one: left, top, width, height, in logical pixels.
fn rect_of(r: Rect) -> serde_json::Value {
    json!([
        r.min.x.round(),
        r.min.y.round(),
        r.width().round(),
        r.height().round()
    ])
}

/// The game begun: the turn and the side to give orders (a game resumed from a save begins
/// where it was left).
fn started(dialog: Res<DialogOpen>, table: Res<Table>, mut said: Local<bool>) {
    if !dialog.0 && !*said {
        *said = true;
        let b = &table.board;
        line(
            "started",
            json!({ "turn": b.turn, "side": b.ordering_side().0, "phase": format!("{:?}", b.phase) }),
        );
    }
}

fn previewed(preview: Res<DragPreview>, table: Res<Table>) {
    let game = &table.board;
    if !preview.is_changed() {
        return;
    }
    if let Some(t) = preview.target {
        line(
            "preview",
            json!({ "target": At::of(&game, t).to_string(), "legal": preview.legal, "text": preview.text }),
        );
    }
}

/// The men each defensive fire took, unit by unit: `[[unit, men], …]`.
fn fire_losses(fire: &[crate::rules::fire::FireOutcome]) -> serde_json::Value {
    json!(
        fire.iter()
            .flat_map(|f| f.losses.iter().map(|l| json!([l.unit, l.men])))
            .collect::<Vec<_>>()
    )
}

fn melees(mut happened: MessageReader<crate::sim::Happened>, table: Res<Table>) {
    let game = &table.board;
    for h in happened.read() {
        match &h.0 {
            Event::MeleeDeclared(d) => line(
                "declared",
                json!({
                    "at": At::of(&game, d.declaration.defending_hex).to_string(),
                    "attackers": d.declaration.attackers,
                    "odds": d.odds.attacker_win_probability,
                }),
            ),
            Event::MeleeCalledOff(c) => line(
                "called_off",
                json!({
                    "at": At::of(&game, c.declaration.defending_hex).to_string(),
                    "reason": c.reasons.first().map(|r| r.message.clone()),
                    "fire_losses": fire_losses(&c.defensive_fire),
                }),
            ),
            Event::MeleeResolved(r) => {
                let mut body = json!(r.0);
                body["fire_losses"] = fire_losses(&r.0.defensive_fire);
                line("resolved", body);
            }
            _ => {}
        }
    }
}

/// A save was loaded (the quick save, or a file the page uploaded).
fn loaded(mut loads: MessageReader<crate::sim::save::LoadGame>) {
    for l in loads.read() {
        line(
            "loaded",
            json!({ "orders": l.0.orders.len(), "hash": l.0.hash }),
        );
    }
}

/// A side's turn began (after a person's End turn, or the computer's).
fn turns(mut happened: MessageReader<crate::sim::Happened>) {
    for t in happened
        .read()
        .filter_map(|h| h.0.kind::<crate::sim::TurnBegan>())
    {
        line(
            "turn",
            json!({ "turn": t.turn, "side": t.side.0, "clock": t.clock }),
        );
    }
}
