//! The after-action report in the window: from the end screen, and any time from the toolbar's
//! Report (F6), its charts as pictures over the map with the sides' totals, in a column that
//! scrolls, until closed (Close, Esc, or Report again). The same charts `bayonet report` writes.
//! In the browser the report is the same web page `bayonet report` writes, its charts as SVG,
//! laid over the game's canvas in the page itself (its Close button takes it away).

use bevy::prelude::*;

use crate::after_action::charts::{self, Chart};
use crate::after_action::{self, AfterAction};
use crate::client::theme::interaction::Pressed;
use crate::client::theme::keys::{Act, pressed};
#[cfg(not(target_arch = "wasm32"))]
use crate::client::theme::palette;
#[cfg(not(target_arch = "wasm32"))]
use crate::client::theme::widget::{self, Layout};
use crate::sim::Table;

/// Whether the report is open, and the report as last worked out (for the log's length then).
#[derive(Resource, Default)]
pub struct ReportView {
    pub open: bool,
    pub report: Option<AfterAction>,
    built_for: Option<usize>,
}

impl ReportView {
    pub fn toggle(&mut self) {
        self.open = !self.open;
    }

    /// Keeps a report worked out elsewhere of a log `orders` long (the end screen's), so that
    /// opening it works nothing out again.
    pub fn keep(&mut self, report: AfterAction, orders: usize) {
        self.report = Some(report);
        self.built_for = Some(orders);
    }
}

#[derive(Component)]
struct Overlay;

#[derive(Component)]
struct CloseReport;

#[derive(Component)]
struct ReportBody;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<ReportView>()
        .add_observer(close)
        .add_systems(
            Update,
            (
                keys,
                build,
                crate::client::theme::regions::wheel_scrolls::<ReportBody>,
            )
                .chain(),
        );
}

fn keys(input: Res<ButtonInput<KeyCode>>, mut view: ResMut<ReportView>) {
    if view.open && pressed(&input, Act::Deselect) {
        view.open = false;
    }
}

fn close(pressed: On<Pressed>, q: Query<(), With<CloseReport>>, mut view: ResMut<ReportView>) {
    if q.contains(pressed.entity) {
        view.open = false;
    }
}

/// Opened, the report is worked out from this game's log (again when the log grew) and drawn;
/// closed, it goes.
fn build(
    mut commands: Commands,
    mut view: ResMut<ReportView>,
    overlay: Query<Entity, With<Overlay>>,
    table: Res<Table>,
    images: Option<ResMut<Assets<Image>>>,
) {
    if !view.open {
        if view.is_changed() {
            for e in &overlay {
                commands.entity(e).despawn();
            }
        }
        return;
    }
    if view.built_for == Some(table.log.len()) && !overlay.is_empty() {
        return;
    }
    for e in &overlay {
        commands.entity(e).despawn();
    }
    let kept = view
        .report
        .take()
        .filter(|_| view.built_for == Some(table.log.len()));
    let aar = kept.unwrap_or_else(|| after_action::of_game(&table.start, table.seed, &table.log));
    view.built_for = Some(table.log.len());
    #[cfg(target_arch = "wasm32")]
    {
        let _ = images;
        in_page(&aar);
        // The page's own Close takes it away; the next Report lays it over again.
        view.open = false;
    }
    #[cfg(not(target_arch = "wasm32"))]
    in_window(&mut commands, &aar, images);
    view.report = Some(aar);
}

/// The report over the map, its charts as pictures.
#[cfg(not(target_arch = "wasm32"))]
fn in_window(commands: &mut Commands, aar: &AfterAction, images: Option<ResMut<Assets<Image>>>) {
    let totals = aar.totals();
    let tally = aar.melee_tally();
    let mut lines = vec![format!(
        "{}: {} for the {} ({:+.0} victory points){}",
        aar.scenario,
        aar.result.level,
        aar.sides[aar.first_side.0 as usize & 1],
        aar.result.total,
        if aar.over { "" } else { " so far" }
    )];
    for s in 0..2 {
        lines.push(format!(
            "{}: {} men and {} guns lost; melees attacked: {} won, {} lost",
            aar.sides[s], totals[s].0, totals[s].1, tally[s].0, tally[s].1
        ));
    }
    let mut pictures = Vec::new();
    if let Some(mut images) = images {
        for c in Chart::ALL {
            if let Ok((w, h, rgba)) = charts::rgba(aar, c) {
                let image = crate::client::theme::widget::picture(w, h, rgba);
                pictures.push((images.add(image), w));
            }
        }
    }
    let close = commands
        .spawn((
            widget::text_button(CloseReport, "Close (Esc)", 13.0, UiRect::ZERO),
            Name::new("CloseReport"),
        ))
        .id();
    let head = commands
        .spawn(widget::row(12.0))
        .with_children(|h| {
            h.spawn(widget::heading("After-action report", 18.0));
        })
        .add_child(close)
        .id();
    let body = commands
        .spawn((
            ReportBody,
            widget::scrolling(8.0).grow(),
            ScrollPosition::default(),
            Interaction::default(),
        ))
        .with_children(|b| {
            b.spawn(palette::text(&lines.join("\n"), 14.0));
            // Side by side where the window is wide enough.
            b.spawn(widget::wrap().gap(8.0).line_gap(8.0))
                .with_children(|row| {
                    for (handle, w) in pictures {
                        row.spawn((
                            ImageNode::new(handle),
                            Node::default()
                                .width(Val::Px(w as f32))
                                .max_width(Val::Percent(100.0)),
                        ));
                    }
                });
        })
        .id();
    commands
        .spawn((
            Overlay,
            crate::client::theme::regions::Furniture,
            // Over everything, the pointer's tooltip too; presses over the report stay off
            // the map.
            widget::curtain(
                widget::covering()
                    .as_column()
                    .line_gap(8.0)
                    .pad(UiRect::all(Val::Px(16.0))),
                Color::srgb(0.06, 0.06, 0.05),
                30,
            ),
        ))
        .add_children(&[head, body]);
}

/// The report as a web page over the game's canvas (the browser).
#[cfg(target_arch = "wasm32")]
fn in_page(aar: &AfterAction) {
    let charts: Vec<(&str, String)> = Chart::ALL
        .iter()
        .map(|c| (c.title(), charts::svg(aar, *c).unwrap_or_default()))
        .collect();
    let page = crate::after_action::page::html_inline(aar, &charts);
    // The page's body, in a box of its own over the canvas.
    let body = page
        .split_once("<body>")
        .and_then(|(_, b)| b.rsplit_once("</body>"))
        .map_or(page.as_str(), |(b, _)| b);
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if let Some(old) = doc.get_element_by_id("bayonet-report") {
        old.remove();
    }
    let Some(root) = doc.body() else { return };
    let html = format!(
        "<div id=\"bayonet-report\" style=\"position:fixed;inset:0;overflow:auto;z-index:10;\
         background:#fff;color:#222;font-family:sans-serif;padding:12px\">\
         <button id=\"bayonet-report-close\" style=\"position:sticky;top:0;font-size:18px;\
         min-width:44px;min-height:44px\" onclick=\"this.parentElement.remove()\">Close</button>\
         {body}</div>"
    );
    let _ = root.insert_adjacent_html("beforeend", &html);
}
