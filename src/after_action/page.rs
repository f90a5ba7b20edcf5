//! The after-action report as one web page: the result, the charts (their PNG files beside it,
//! the SVG a click away), the biggest melees, and every brigade's and unit's losses.

use super::AfterAction;
use crate::rules::unit::UnitKind;

/// `&`, `<`, `>` and quotes as HTML writes them.
pub fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The page, naming each chart's files as `charts` gives them (its file name without the
/// extension, and its title).
pub fn html(aar: &AfterAction, charts: &[(&str, &str)]) -> String {
    let linked: Vec<(&str, String)> = charts
        .iter()
        .map(|(file, title)| {
            (
                *title,
                format!(
                    "<a href=\"{file}.svg\"><img src=\"{file}.png\" alt=\"{}\"></a>",
                    escape(title)
                ),
            )
        })
        .collect();
    page(aar, &linked)
}

/// The page with each chart's SVG in it (the browser's window: no files).
pub fn html_inline(aar: &AfterAction, charts: &[(&str, String)]) -> String {
    let inline: Vec<(&str, String)> = charts
        .iter()
        .map(|(title, svg)| (*title, svg.clone()))
        .collect();
    page(aar, &inline)
}

/// The page, each chart given as its title and the HTML that shows it.
fn page(aar: &AfterAction, charts: &[(&str, String)]) -> String {
    let side = |s: crate::rules::unit::Side| escape(&aar.sides[s.0 as usize & 1]);
    let first = aar.first_side;
    let totals = aar.totals();
    let tally = aar.melee_tally();
    let mut h = String::new();
    h.push_str("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n");
    h.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    h.push_str(&format!(
        "<title>After-action report: {}</title>\n",
        escape(&aar.scenario)
    ));
    h.push_str(
        "<style>body{font-family:sans-serif;max-width:980px;margin:1em auto;padding:0 1em;\
         color:#222}img{max-width:100%;border:1px solid #ccc}table{border-collapse:collapse;\
         margin:0.5em 0}td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}\
         td:first-child,th:first-child{text-align:left}</style>\n</head><body>\n",
    );
    h.push_str(&format!(
        "<h1>After-action report: {}</h1>\n",
        escape(&aar.scenario)
    ));
    h.push_str(&format!(
        "<p><b>{}</b> for the {}: {:+.0} victory points; objectives held {} {} / {} {}; {} orders{}.</p>\n",
        escape(aar.result.level.words()),
        side(first),
        aar.result.total,
        side(crate::rules::unit::Side(0)),
        aar.result.objectives[0],
        side(crate::rules::unit::Side(1)),
        aar.result.objectives[1],
        aar.orders,
        if aar.over { "" } else { " (the game is not over)" }
    ));
    h.push_str("<table><tr><th>Side</th><th>Men lost</th><th>Guns lost</th><th>Melees won</th><th>Melees lost</th></tr>\n");
    for s in 0..2 {
        h.push_str(&format!(
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
            escape(&aar.sides[s]),
            totals[s].0,
            totals[s].1,
            tally[s].0,
            tally[s].1
        ));
    }
    h.push_str("</table>\n");
    h.push_str(&causes_table(aar));
    for (title, shown) in charts {
        h.push_str(&format!("<h2>{}</h2>\n<p>{shown}</p>\n", escape(title)));
    }
    h.push_str("<h2>The biggest melees</h2>\n<table><tr><th>Where</th><th>Turn</th><th>Attacker</th><th>Won by</th><th>Attacker lost</th><th>Defender lost</th></tr>\n");
    for m in aar.biggest_melees(8) {
        h.push_str(&format!(
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
            m.at,
            m.turn,
            side(m.attacker),
            m.winner.map_or("no decision".to_string(), side),
            m.attacker_loss,
            m.defender_loss
        ));
    }
    h.push_str("</table>\n<h2>Brigades</h2>\n<table><tr><th>Brigade</th><th>Side</th><th>Men lost</th><th>Guns lost</th><th>Units</th><th>Gone</th></tr>\n");
    for b in &aar.brigades {
        h.push_str(&format!(
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
            escape(&b.name),
            side(b.side),
            b.men_lost,
            b.guns_lost,
            b.units,
            b.eliminated
        ));
    }
    h.push_str("</table>\n");
    h.push_str(&missions_table(aar));
    h.push_str(&units_table(aar));
    h.push_str("</body></html>\n");
    h
}

/// Issue 58: what took the men, each side's and the share of both sides' losses.
fn causes_table(aar: &AfterAction) -> String {
    let mut h = String::new();
    h.push_str(&format!(
        "<h2>Losses by cause</h2>\n<table><tr><th>Cause</th><th>{} men</th><th>{} men</th><th>Share of all men lost</th><th>{} guns</th><th>{} guns</th></tr>\n",
        escape(&aar.sides[0]),
        escape(&aar.sides[1]),
        escape(&aar.sides[0]),
        escape(&aar.sides[1])
    ));
    let named = aar.causes.named();
    let all: u32 = named.iter().map(|(_, l)| l.men[0] + l.men[1]).sum();
    for (name, l) in named {
        let share = if all == 0 {
            0.0
        } else {
            100.0 * (l.men[0] + l.men[1]) as f64 / all as f64
        };
        h.push_str(&format!(
            "<tr><td>{name}</td><td>{}</td><td>{}</td><td>{share:.0} %</td><td>{}</td><td>{}</td></tr>\n",
            l.men[0], l.men[1], l.guns[0], l.guns[1]
        ));
    }
    h.push_str("</table>\n");
    h
}

/// Every unit: its side and brigade, its strength at the start, lost and at the end.
fn units_table(aar: &AfterAction) -> String {
    let side = |s: crate::rules::unit::Side| escape(&aar.sides[s.0 as usize & 1]);
    let mut h = String::new();
    h.push_str("<h2>Units</h2>\n<table><tr><th>Unit</th><th>Side</th><th>Brigade</th><th>At the start</th><th>Lost</th><th>At the end</th></tr>\n");
    for u in &aar.units {
        // The brigade by its name (its id only where the scenario named none).
        let brigade = aar
            .brigades
            .iter()
            .find(|b| b.id == u.brigade)
            .map_or(u.brigade.as_str(), |b| b.name.as_str());
        let lost = strength(
            u.kind,
            u.men_start - u.men_end.min(u.men_start),
            u.guns_lost(),
        );
        let leader = u.kind == UnitKind::Leader;
        let start = if leader {
            "leader".to_string()
        } else {
            strength(u.kind, u.men_start, u.guns_start)
        };
        let end = if u.captured {
            "captured".to_string()
        } else if u.eliminated {
            "gone".to_string()
        } else if leader {
            "leader".to_string()
        } else {
            strength(u.kind, u.men_end, u.guns_end)
        };
        h.push_str(&format!(
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{end}</td></tr>\n",
            escape(&u.name),
            side(u.side),
            escape(brigade),
            start,
            if lost.is_empty() {
                "none".to_string()
            } else {
                lost
            },
        ));
    }
    h.push_str("</table>\n");
    h
}

/// A unit's strength in its own terms: men; a battery's guns and crew; a wagon's wagon points.
/// Nothing for none.
fn strength(kind: UnitKind, men: u32, guns: u32) -> String {
    let n = |k: u32, one: &str, many: &str| format!("{k} {}", if k == 1 { one } else { many });
    match kind {
        UnitKind::Supply if men > 0 => n(men, "wagon point", "wagon points"),
        UnitKind::Artillery if guns > 0 || men > 0 => {
            format!("{}, {} crew", n(guns, "gun", "guns"), men)
        }
        _ if men > 0 => n(men, "man", "men"),
        _ => String::new(),
    }
}

/// Issue 75: what the computer intended — each brigade's missions turn by turn (the battle plan
/// it makes from each side's view; where a player commanded a side, what the computer would have
/// planned for it) and whether each was achieved.
fn missions_table(aar: &AfterAction) -> String {
    let mut h = String::from(
        "<h2>The battle plan</h2>\n<p>What the computer intended for each brigade, from its side's view at the start of its turns, and whether it was achieved when the mission ended (an attack's objective taken, a hold's kept).</p>\n<table><tr><th>Turns</th><th>Side</th><th>Brigade</th><th>Mission</th><th>Objective</th><th>Due by</th><th>Achieved</th></tr>\n",
    );
    let side = |s: crate::rules::unit::Side| escape(&aar.sides[s.0 as usize & 1]);
    let brigade = |s: crate::rules::unit::Side, id: &str| {
        aar.brigades
            .iter()
            .find(|b| b.side == s && b.id == id)
            .map_or(id.to_string(), |b| b.name.clone())
    };
    for m in &aar.missions {
        h.push_str(&format!(
            "<tr><td>{}–{}</td><td>{}</td><td>{}</td><td>{}{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
            m.from_turn,
            m.to_turn,
            side(m.side),
            escape(&brigade(m.side, &m.brigade)),
            m.mission.name(),
            if m.ordered { " (ordered)" } else { "" },
            escape(m.objective.as_deref().unwrap_or("—")),
            if m.mission == crate::rules::intent::Mission::Attack {
                m.by.to_string()
            } else {
                String::new()
            },
            match m.achieved {
                Some(true) => "yes",
                Some(false) => "no",
                None => "—",
            }
        ));
    }
    h.push_str("</table>\n");
    h
}
