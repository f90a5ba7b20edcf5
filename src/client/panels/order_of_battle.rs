//! The order of battle (JTS's Organization dialog): the side giving orders as its organisation
//! tree (corps, divisions, brigades; RULES.md §17), each unit with its men or guns, formation,
//! fatigue, flags, whether it is out of command and what it has done this turn. Selecting a
//! unit's row (click or tap) selects the unit and centres the map on it; selecting a heading
//! folds or unfolds it (a large battle opens with its brigades folded); long lists turn over in
//! pages (PgUp/PgDn or the page buttons).

use std::collections::BTreeSet;

use bevy::prelude::*;

use crate::client::input::command::Selection;
use crate::client::input::pointer::SelectedHex;
use crate::client::theme::aid::{Aid, Aids};
use crate::client::theme::interaction::{self, Look, Pressed};
use crate::client::theme::palette;
use crate::client::theme::widget::{self, Layout};
use crate::rules::unit::{Ammo, Side, Unit, UnitId, UnitKind};
use crate::sim::Table;

/// Rows (brigade headings and units) on one page.
pub const PAGE_ROWS: usize = 10;

/// The page shown.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq)]
pub struct OobPage(pub usize);

#[derive(Component)]
struct OobPanel;

/// The list inside the panel, rebuilt when the game changes.
#[derive(Component)]
struct OobList;

/// The tree's folded headings (`tree`); a large battle opens with its brigades folded.
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct OobFolded {
    pub headings: BTreeSet<String>,
    /// Whether the battle's first folding is done.
    pub set: bool,
}

/// A heading's row: selecting it folds or unfolds what is under it.
#[derive(Component, Debug, Clone, PartialEq)]
pub struct OobFold(pub String);

/// Rows of a side's whole tree past which its brigades open folded (three pages).
pub const FOLD_ABOVE: usize = 3 * PAGE_ROWS;

/// A unit's row: selecting it selects the unit.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct OobRow(pub UnitId);

/// A reinforcement's row: selecting it looks at the hex it comes on at.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct OobEntry(pub crate::rules::hex::Hex);

/// What a row of the list goes to.
#[derive(Debug, Clone)]
enum Row {
    Unit(UnitId),
    Entry(crate::rules::hex::Hex),
    Fold(String),
}

/// A heading pressed folds or unfolds it.
fn fold(pressed: On<Pressed>, q: Query<&OobFold>, mut folded: ResMut<OobFolded>) {
    if let Ok(f) = q.get(pressed.entity)
        && !folded.headings.remove(&f.0)
    {
        folded.headings.insert(f.0.clone());
    }
}

#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub enum Pager {
    Back,
    On,
    /// The tabs: the units on the map, and the reinforcements to come.
    Tab(OobTab),
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<OobPage>()
        .init_resource::<OobTab>()
        .init_resource::<OobFolded>()
        .add_systems(Startup, spawn)
        .add_observer(fold)
        .add_observer(page_pressed)
        .add_observer(choose)
        .add_systems(
            Update,
            (turn_page, light_tab, rebuild, under_top_bar).chain(),
        );
}

fn spawn(mut commands: Commands) {
    commands
        .spawn((
            OobPanel,
            crate::client::theme::regions::Furniture,
            crate::client::theme::regions::CoversLeft,
            // At the left, under the top bar (`under_top_bar`): the map shows to its right.
            widget::floating()
                .top(Val::Px(crate::client::theme::regions::TOP_BAR_HEIGHT + 6.0))
                .left(Val::Px(6.0))
                .width(Val::Px(640.0))
                .max_width(Val::Percent(62.0))
                .pad(UiRect::all(Val::Px(8.0)))
                .line_gap(3.0)
                .hidden(),
            BackgroundColor(Color::srgba(0.06, 0.06, 0.05, 0.95)),
            GlobalZIndex(5),
            // Presses on the panel stay off the map.
            Interaction::default(),
        ))
        .with_children(|p| {
            let tabs = [
                (Pager::Tab(OobTab::Units), "Units"),
                (Pager::Tab(OobTab::Reinforcements), "Reinforcements"),
            ];
            let pagers = [(Pager::Back, "Page up"), (Pager::On, "Page down")];
            for (buttons, gap) in [(tabs, 6.0), (pagers, 8.0)] {
                p.spawn(widget::row(gap)).with_children(|row| {
                    for (pager, label) in buttons {
                        row.spawn(widget::text_button(pager, label, 13.0, UiRect::ZERO));
                    }
                });
                if gap == 6.0 {
                    p.spawn((OobList, widget::column(3.0)));
                }
            }
        });
}

/// One unit's line: where it stands, strength, formation, movement points left, ammunition,
/// fatigue, flags, and what it has done this turn.
pub fn row_text(u: &Unit, board: &crate::rules::board::Board) -> String {
    let strength = match u.kind {
        UnitKind::Artillery => format!("{} guns", u.guns),
        UnitKind::Leader => "leader".to_string(),
        UnitKind::Supply => format!("{} wagons", u.men),
        _ => format!("{} men", u.men),
    };
    let mut flags = Vec::new();
    if u.routed {
        flags.push("ROUTED");
    } else if u.disrupted {
        flags.push("disrupted");
    }
    if u.is_fixed() {
        flags.push("fixed");
    }
    let ammo = match u.ammo {
        Ammo::Low => "ammo low",
        Ammo::Out => "ammo OUT",
        Ammo::Normal => "ammo full",
    };
    if u.is_captured() {
        flags.push("captured");
    }
    if crate::rules::command::hampered(board, u) {
        flags.push("out of command");
    }
    let m = &u.marks;
    let done: Vec<&str> = [
        (m.moved, "moved"),
        (m.fired, "fired"),
        (m.meleed, "meleed"),
        (m.opportunity_fired, "opp. fired"),
    ]
    .iter()
    .filter(|(d, _)| *d)
    .map(|(_, w)| *w)
    .collect();
    let mp = format!(
        "{} MP left",
        crate::rules::movement::mp_left(&board.params, u)
    );
    let mut s = format!(
        "{}  at {}  {}  {}  {mp}  {ammo}  fatigue {} ({})",
        u.name,
        board.map.coord(u.hex),
        strength,
        u.formation.name(),
        u.fatigue,
        u.fatigue_level().name()
    );
    if !flags.is_empty() {
        s.push_str(&format!("  [{}]", flags.join(", ")));
    }
    s.push_str(&format!(
        "  : {}",
        if done.is_empty() {
            "fresh".to_string()
        } else {
            done.join(", ")
        }
    ));
    s
}

/// The rows of the side's order of battle, the whole tree unfolded: headings (`None`) and
/// units.
pub fn rows(
    game: &crate::rules::board::Board,
    table: &Table,
    side: Side,
) -> Vec<(String, Option<UnitId>)> {
    tree(game, table, side, &BTreeSet::new())
        .into_iter()
        .map(|l| match l.what {
            Line::Heading(_) => (l.text, None),
            Line::Unit(id) => (l.text, Some(id)),
        })
        .collect()
}

/// A row of the organisation tree (RULES.md §17 D-cc-1): a formation's heading (its key, for
/// folding) or a unit, at its depth (army 0, corps 1, division 2, brigade 3, unit 4).
#[derive(Debug, Clone, PartialEq)]
pub struct TreeLine {
    pub text: String,
    pub depth: usize,
    pub what: Line,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Line {
    Heading(String),
    Unit(UnitId),
}

/// The side's organisation as a tree: its corps, their divisions, their brigades with their
/// units (leaders first), then the divisions with no corps and the brigades with no division; a
/// heading in `folded` hides what is under it. Each brigade heading counts its units and men
/// and how many are out of command; each unit's line says where it stands and its state.
pub fn tree(
    game: &crate::rules::board::Board,
    table: &Table,
    side: Side,
    folded: &BTreeSet<String>,
) -> Vec<TreeLine> {
    let s = &table.start;
    let mut out = Vec::new();
    // Each brigade with its division, or the corps it answers to directly.
    let mut brigades: Vec<(String, String, Option<String>, Option<String>)> = s
        .brigades
        .iter()
        .filter(|b| b.side == side.0)
        .map(|b| {
            (
                b.id.clone(),
                b.name.clone(),
                b.division.clone(),
                b.corps.clone(),
            )
        })
        .collect();
    for u in game.units.iter().filter(|u| u.side == side) {
        if !brigades.iter().any(|b| b.0 == u.brigade) {
            brigades.push((u.brigade.clone(), u.brigade.clone(), None, None));
        }
    }
    let brigade = |out: &mut Vec<TreeLine>, id: &str, name: &str, depth: usize| {
        out.extend(brigade_lines(game, side, folded, (id, name), depth));
    };
    let heading = |out: &mut Vec<TreeLine>, key: String, text: String, depth: usize| {
        let shut = folded.contains(&key);
        out.push(TreeLine {
            text: format!("{} {text}", if shut { "[+]" } else { "[-]" }),
            depth,
            what: Line::Heading(key),
        });
        !shut
    };
    // A formation none of whose units is on the map yet (reinforcements) has no heading.
    let present = |b: &str| game.units.iter().any(|u| u.side == side && u.brigade == b);
    let division = |out: &mut Vec<TreeLine>, id: &str, name: &str, depth: usize| {
        if !brigades
            .iter()
            .any(|b| b.2.as_deref() == Some(id) && present(&b.0))
        {
            return;
        }
        if heading(out, format!("division:{id}"), name.to_owned(), depth) {
            for (b, n, ..) in brigades.iter().filter(|b| b.2.as_deref() == Some(id)) {
                brigade(out, b, n, depth + 1);
            }
        }
    };
    let divisions: Vec<_> = s.divisions.iter().filter(|d| d.side == side.0).collect();
    for c in s.corps.iter().filter(|c| c.side == side.0) {
        if heading(&mut out, format!("corps:{}", c.id), c.name.clone(), 0) {
            // Its headquarters and guns first, then its divisions.
            for (b, n, ..) in brigades
                .iter()
                .filter(|b| b.2.is_none() && b.3.as_ref() == Some(&c.id))
            {
                brigade(&mut out, b, n, 1);
            }
            for d in divisions.iter().filter(|d| d.corps.as_ref() == Some(&c.id)) {
                division(&mut out, &d.id, &d.name, 1);
            }
        }
    }
    for d in divisions.iter().filter(|d| d.corps.is_none()) {
        division(&mut out, &d.id, &d.name, 0);
    }
    for (b, n, d, c) in &brigades {
        if d.is_none() && c.is_none() {
            brigade(&mut out, b, n, 0);
        }
    }
    out
}

/// A brigade's heading (its units, men and how many are out of command) and, unless folded,
/// its units, leaders first.
fn brigade_lines(
    game: &crate::rules::board::Board,
    side: Side,
    folded: &BTreeSet<String>,
    (id, name): (&str, &str),
    depth: usize,
) -> Vec<TreeLine> {
    let mut out = Vec::new();
    let mut units: Vec<&Unit> = game
        .units
        .iter()
        .filter(|u| u.side == side && u.brigade == id)
        .collect();
    if units.is_empty() {
        return out;
    }
    units.sort_by_key(|u| (!u.is_leader(), u.id));
    // A headquarters (leaders only) is its leaders, under the formation they command, not a
    // brigade of "1 unit, 0 men" (issue 76, item 16).
    if units.iter().all(|u| u.is_leader()) {
        return units
            .into_iter()
            .map(|u| TreeLine {
                text: row_text(u, game),
                depth,
                what: Line::Unit(u.id),
            })
            .collect();
    }
    let men: u32 = units.iter().map(|u| u.men).sum();
    let out_of = units
        .iter()
        .filter(|u| crate::rules::command::hampered(game, u))
        .count();
    let key = format!("brigade:{id}");
    let shut = folded.contains(&key);
    out.push(TreeLine {
        text: format!(
            "{} {name}: {}, {}{}",
            if shut { "[+]" } else { "[-]" },
            crate::rules::words::count(units.len() as u64, "unit", "units"),
            crate::rules::words::count(men, "man", "men"),
            if out_of > 0 {
                format!(", {out_of} out of command")
            } else {
                String::new()
            }
        ),
        depth,
        what: Line::Heading(key),
    });
    if !shut {
        out.extend(units.into_iter().map(|u| TreeLine {
            text: row_text(u, game),
            depth: depth + 1,
            what: Line::Unit(u.id),
        }));
    }
    out
}

/// The side's reinforcements still to come, in the order they arrive: when, who and where (the
/// row's words, and the hex it comes on at).
pub fn reinforcement_rows(
    game: &crate::rules::board::Board,
    side: Side,
) -> Vec<(String, crate::rules::hex::Hex)> {
    let mut due: Vec<&crate::rules::reinforcement::Reinforcement> = game
        .reinforcements
        .iter()
        .filter(|r| r.unit.side == side)
        .collect();
    due.sort_by_key(|r| (r.turn, r.unit.id));
    due.into_iter()
        .map(|r| {
            let u = &r.unit;
            let what = match u.kind {
                UnitKind::Artillery => format!("artillery, {} guns", u.guns),
                UnitKind::Leader => "leader".to_string(),
                UnitKind::Supply => format!("supply, {} wagons", u.men),
                k => format!("{}, {} men", k.name(), u.men),
            };
            let late = if r.turn < game.turn {
                " (late: its hex was held)"
            } else {
                ""
            };
            (
                format!(
                    "Turn {}: {} ({what}) at {}{late}",
                    r.turn,
                    u.name,
                    game.map.coord(u.hex)
                ),
                u.hex,
            )
        })
        .collect()
}

/// Which list the order of battle shows.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub enum OobTab {
    #[default]
    Units,
    Reinforcements,
}

/// The page buttons, and the tabs: a new list opens at its first page.
fn page_pressed(
    pressed: On<Pressed>,
    q: Query<&Pager>,
    aids: Res<Aids>,
    mut page: ResMut<OobPage>,
    mut tab: ResMut<OobTab>,
) {
    let Ok(p) = q.get(pressed.entity) else { return };
    if !aids.on(Aid::OrderOfBattle) {
        return;
    }
    match *p {
        Pager::On => page.0 += 1,
        Pager::Back => page.0 = page.0.saturating_sub(1),
        Pager::Tab(t) if *tab != t => {
            *tab = t;
            page.0 = 0;
        }
        Pager::Tab(_) => {}
    }
}

/// PgDn and PgUp turn the pages.
fn turn_page(input: Res<ButtonInput<KeyCode>>, aids: Res<Aids>, mut page: ResMut<OobPage>) {
    if !aids.on(Aid::OrderOfBattle) {
        return;
    }
    if crate::client::theme::keys::pressed(&input, crate::client::theme::keys::Act::PageDown) {
        page.0 += 1;
    }
    if crate::client::theme::keys::pressed(&input, crate::client::theme::keys::Act::PageUp) {
        page.0 = page.0.saturating_sub(1);
    }
}

/// The list shown is its tab lit.
fn light_tab(tab: Res<OobTab>, aids: Res<Aids>, mut q: Query<(&Pager, &mut Look)>) {
    if !(tab.is_changed() || aids.is_changed()) {
        return;
    }
    for (p, mut look) in &mut q {
        if let Pager::Tab(t) = p {
            let want = if *t == *tab { Look::Lit } else { Look::Plain };
            interaction::set(&mut look, want);
        }
    }
}

/// A unit's row selects the unit, a reinforcement's the hex it comes on at (its tooltip names
/// the hex); the map looks at it, right of the panel.
fn choose(
    pressed: On<Pressed>,
    rows: Query<(Option<&OobRow>, Option<&OobEntry>)>,
    game: Res<crate::client::seen::Seen>,
    mut cmd: ResMut<Selection>,
    mut selected: ResMut<SelectedHex>,
    panel: Query<(&ComputedNode, &UiGlobalTransform), With<OobPanel>>,
    mut aim: crate::client::map::camera::Aim,
) {
    let (hex, unit) = match rows.get(pressed.entity) {
        Ok((Some(row), _)) => match game.unit(row.0) {
            Some(u) => (u.hex, Some(u.id)),
            None => return,
        },
        Ok((None, Some(entry))) => (entry.0, None),
        _ => return,
    };
    selected.0 = Some(hex);
    *cmd = Selection { unit, ..default() };
    // In the middle of the map the panel and the right-hand column leave open.
    let k = aim.scale_factor();
    let left = panel
        .single()
        .map_or(0.0, |(n, g)| (g.translation.x + n.size.x / 2.0) / k);
    aim.look_at(hex, left);
}

/// The panel starts under the top bar as it is laid out: two lines high in a narrow window,

/// The list's rows on its tab: the tree's lines (a heading folds, a unit picks) or the
/// reinforcements due (each picks its entry hex), with their depth.
fn list_rows(
    tab: OobTab,
    game: &crate::rules::board::Board,
    table: &Table,
    side: Side,
    folded: &BTreeSet<String>,
) -> Vec<(String, Option<Row>, usize)> {
    match tab {
        OobTab::Units => tree(game, table, side, folded)
            .into_iter()
            .map(|l| {
                let row = match l.what {
                    Line::Heading(k) => Row::Fold(k),
                    Line::Unit(id) => Row::Unit(id),
                };
                (l.text, Some(row), l.depth)
            })
            .collect(),
        OobTab::Reinforcements => {
            let due = reinforcement_rows(game, side);
            if due.is_empty() {
                vec![("No more reinforcements are due.".to_string(), None, 0)]
            } else {
                due.into_iter()
                    .map(|(t, hex)| (t, Some(Row::Entry(hex)), 0))
                    .collect()
            }
        }
    }
}

/// One row of the list: words, or a button for what it picks, indented by its depth.
fn list_row(l: &mut ChildSpawnerCommands, text: String, row: Option<Row>, depth: usize) {
    match row {
        None => {
            l.spawn(palette::text(text, 13.0));
        }
        Some(row) => {
            let mut node = widget::button_node();
            node.align_items = AlignItems::FlexStart;
            // The tree's depth as an indent.
            node.margin.left = Val::Px(14.0 * depth as f32);
            let mut e = l.spawn(widget::plain_button(node));
            match row {
                Row::Unit(id) => e.insert(OobRow(id)),
                Row::Entry(hex) => e.insert(OobEntry(hex)),
                Row::Fold(key) => e.insert(OobFold(key)),
            };
            e.insert(BorderColor::all(Color::srgba(0.93, 0.91, 0.85, 0.3)))
                .with_children(|b| {
                    b.spawn(palette::text(text, 12.0));
                });
        }
    }
}

/// where the score's line would otherwise be covered.
fn under_top_bar(
    regions: Query<(&crate::client::theme::regions::Region, &ComputedNode)>,
    mut panel: Query<&mut Node, With<OobPanel>>,
) {
    let top = Val::Px(crate::client::theme::regions::below_top_bar(&regions) + 6.0);
    for mut n in &mut panel {
        if n.top != top {
            n.top = top;
        }
    }
}

fn rebuild(
    mut commands: Commands,
    aids: Res<Aids>,
    game: Res<crate::client::seen::Seen>,
    table: Res<Table>,
    mut page: ResMut<OobPage>,
    (tab, mut folded): (Res<OobTab>, ResMut<OobFolded>),
    // The panel, its list and what the list holds.
    (mut panel, list, children): (
        Query<&mut Node, With<OobPanel>>,
        Query<Entity, With<OobList>>,
        Query<&Children>,
    ),
) {
    if !(aids.is_changed()
        || game.is_changed()
        || page.is_changed()
        || tab.is_changed()
        || folded.is_changed())
    {
        return;
    }
    let on = aids.on(Aid::OrderOfBattle);
    for mut n in &mut panel {
        let d = if on { Display::Flex } else { Display::None };
        if n.display != d {
            n.display = d;
        }
    }
    let Ok(list) = list.single() else { return };
    for c in children.iter_descendants(list).collect::<Vec<_>>() {
        commands.entity(c).try_despawn();
    }
    if !on {
        return;
    }
    let side = game.ordering_side();
    if !folded.set {
        // A large battle opens on its formations, each brigade folded: one page shows them.
        folded.set = true;
        let all = tree(&game, &table, side, &BTreeSet::new());
        if all.len() > FOLD_ABOVE {
            folded.headings = all
                .into_iter()
                .filter_map(|l| match l.what {
                    Line::Heading(k) if k.starts_with("brigade:") => Some(k),
                    _ => None,
                })
                .collect();
        }
    }
    let all = list_rows(*tab, &game, &table, side, &folded.headings);
    let pages = all.len().div_ceil(PAGE_ROWS).max(1);
    if page.0 >= pages {
        page.0 = pages - 1;
    }
    let what = match *tab {
        OobTab::Units => "Order of battle",
        OobTab::Reinforcements => "Reinforcements",
    };
    let title = format!(
        "{what}: {} (page {} of {pages})",
        table.start.side_name(side),
        page.0 + 1
    );
    let shown = all.into_iter().skip(page.0 * PAGE_ROWS).take(PAGE_ROWS);
    commands.entity(list).with_children(|l| {
        l.spawn(palette::text(title, 15.0));
        for (text, row, depth) in shown {
            list_row(l, text, row, depth);
        }
    });
}
