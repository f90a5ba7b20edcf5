//! Writes a scenario as the RON of `maps/`: formatted for people, one row of terrain a line,
//! one unit a line, hexsides grouped by feature and sorted, the same text for the same
//! scenario every time (so saves diff cleanly and a reload writes back identically).

use std::fmt::Write;

use crate::rules::hex::Hexside;
use crate::rules::map::{Coord, Map, SideFeature};
use crate::rules::scenario::{At, Flag, MapSpec, ScenarioFile, UnitSpec};
use crate::rules::unit::{Ammo, Crew};

fn quoted(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn at(a: At) -> String {
    format!("({}, {})", a.0, a.1)
}

/// A Parameter Data value in the struct syntax of `assets/rules/parameters.ron`.
fn value(v: &ron::Value) -> String {
    use ron::Value as V;
    match v {
        V::Map(m) => {
            let fields: Vec<String> = m
                .iter()
                .map(|(k, v)| match k {
                    V::String(k) => format!("{k}: {}", value(v)),
                    k => format!("{}: {}", value(k), value(v)),
                })
                .collect();
            format!("({})", fields.join(", "))
        }
        V::Seq(s) => format!("[{}]", s.iter().map(value).collect::<Vec<_>>().join(", ")),
        V::String(s) => quoted(s),
        V::Option(Some(v)) => format!("Some({})", value(v)),
        V::Option(None) => "None".into(),
        other => ron::to_string(other).unwrap_or_default(),
    }
}

fn unit(u: &UnitSpec) -> String {
    let mut f = vec![
        format!("id: {}", u.id),
        format!("name: {}", quoted(&u.name)),
        format!("side: {}", u.side),
        format!("brigade: {}", quoted(&u.brigade)),
        format!("kind: {:?}", u.kind),
        format!("at: {}", at(u.at)),
        format!("facing: {:?}", u.facing),
    ];
    if let Some(x) = u.formation {
        f.push(format!("formation: {x:?}"));
    }
    if u.men != 0 {
        f.push(format!("men: {}", u.men));
    }
    if u.guns != 0 {
        f.push(format!("guns: {}", u.guns));
    }
    if !u.weapon.is_empty() {
        f.push(format!("weapon: {}", quoted(&u.weapon)));
    }
    f.push(format!("quality: {:?}", u.quality));
    if u.fatigue != 0 {
        f.push(format!("fatigue: {}", u.fatigue));
    }
    if !u.flags.is_empty() {
        let flags: Vec<String> = u.flags.iter().map(|x: &Flag| format!("{x:?}")).collect();
        f.push(format!("flags: [{}]", flags.join(", ")));
    }
    if let Some(t) = u.fixed_until {
        f.push(format!("fixed_until: {t}"));
    }
    if u.ammo != Ammo::Normal {
        f.push(format!("ammo: {:?}", u.ammo));
    }
    if u.crew != Crew::Crewed {
        f.push(format!("crew: {:?}", u.crew));
    }
    if let Some(t) = u.arrives {
        f.push(format!("arrives: {t}"));
    }
    if let Some(c) = u.cavalry {
        f.push(format!("cavalry: {c:?}"));
    }
    if let Some(c) = u.command {
        f.push(format!("command: {c:?}"));
    }
    if let Some(c) = &u.commands {
        f.push(format!("commands: {}", quoted(c)));
    }
    if let Some(n) = &u.successor {
        f.push(format!("successor: {}", quoted(n)));
    }
    format!("({})", f.join(", "))
}

/// The file's text: `header` (its comment lines) and the scenario.
pub fn write(header: &str, s: &ScenarioFile) -> String {
    let mut o = String::new();
    o.push_str(header);
    o.push_str("(\n");
    let _ = writeln!(o, "    name: {},", quoted(&s.name));
    let _ = writeln!(o, "    description: {},", quoted(&s.description));
    if let Some(d) = &s.date {
        let _ = writeln!(o, "    date: {},", quoted(d));
    }
    if let Some(a) = &s.action {
        let _ = writeln!(o, "    action: {a:?},");
    }
    write_map(&mut o, &s.map);
    o.push_str("    sides: [\n");
    for side in &s.sides {
        let (r, g, b) = side.color;
        let _ = writeln!(
            o,
            "        (name: {}, color: ({r:?}, {g:?}, {b:?}), edge: {:?}),",
            quoted(&side.name),
            side.edge
        );
    }
    o.push_str("    ],\n");
    let _ = writeln!(o, "    first_side: {},", s.first_side);
    let _ = writeln!(o, "    turns: {},", s.turns);
    let _ = writeln!(o, "    start_time: {},", quoted(&s.start_time));
    let v = &s.victory;
    let _ = writeln!(
        o,
        "    victory: (major_defeat: {}, minor_defeat: {}, minor_victory: {}, major_victory: {}),",
        v.major_defeat, v.minor_defeat, v.minor_victory, v.major_victory
    );
    let _ = writeln!(o, "    seed: {},", s.seed);
    if let Some(p) = &s.parameters {
        let _ = writeln!(o, "    parameters: {},", value(p));
    }
    // The scenario's own weapons (§7 D-fire-1), one a line.
    if !s.weapons.is_empty() {
        o.push_str("    weapons: {\n");
        for (name, w) in &s.weapons {
            let values: Vec<String> = w.values.iter().map(|v| format!("{v:?}")).collect();
            let aliases = if w.aliases.is_empty() {
                String::new()
            } else {
                let a: Vec<String> = w.aliases.iter().map(|a| quoted(a)).collect();
                format!(", aliases: [{}]", a.join(", "))
            };
            let _ = writeln!(
                o,
                "        {}: (values: [{}]{aliases}),",
                quoted(name),
                values.join(", ")
            );
        }
        o.push_str("    },\n");
    }
    write_organisation(&mut o, s);
    o.push_str("    units: [\n");
    for u in &s.units {
        let _ = writeln!(o, "        {},", unit(u));
    }
    o.push_str("    ],\n");
    write_intent(&mut o, s);
    o.push_str(")\n");
    o
}

/// The commander's intent, one order a line, as `maps/sources/mapmaker.py` writes it.
fn write_intent(o: &mut String, s: &ScenarioFile) {
    if s.intent.is_empty() {
        return;
    }
    o.push_str("    intent: [\n");
    for d in &s.intent {
        let mut f = vec![format!("side: {}", d.side)];
        if let Some(x) = &d.formation {
            f.push(format!("formation: {}", quoted(x)));
        }
        f.push(format!("mission: {:?}", d.mission));
        if let Some(x) = &d.objective {
            f.push(format!("objective: {}", quoted(x)));
        }
        if let Some(x) = d.from {
            f.push(format!("from: {x}"));
        }
        if let Some(x) = d.until {
            f.push(format!("until: {x}"));
        }
        let _ = writeln!(o, "        ({}),", f.join(", "));
    }
    o.push_str("    ],\n");
}

/// The map: its size, terrain and elevation rows, hexsides, roads, bridges, objectives,
/// supply sources and place names.
fn write_map(o: &mut String, m: &MapSpec) {
    o.push_str("    map: (\n");
    let _ = writeln!(o, "        width: {},", m.width);
    let _ = writeln!(o, "        height: {},", m.height);
    o.push_str("        terrain: [\n");
    for row in &m.terrain {
        let _ = writeln!(o, "            {},", quoted(row));
    }
    o.push_str("        ],\n");
    if m.elevation.iter().any(|r| r.chars().any(|c| c != '0')) {
        o.push_str("        elevation: [\n");
        for row in &m.elevation {
            let _ = writeln!(o, "            {},", quoted(row));
        }
        o.push_str("        ],\n");
    }
    if let Some(f) = m.feet_per_level {
        let _ = writeln!(o, "        feet_per_level: {f},");
    }
    write_hexsides(o, m);
    o.push_str("        roads: [\n");
    for r in &m.roads {
        let path: Vec<String> = r.path.iter().map(|a| at(*a)).collect();
        let _ = writeln!(
            o,
            "            (kind: {:?}, path: [{}]),",
            r.kind,
            path.join(", ")
        );
    }
    o.push_str("        ],\n");
    let bridges: Vec<String> = m
        .bridges
        .iter()
        .map(|b| match b.max {
            Some(max) => format!("(hex: {}, strength: {}, max: {max})", at(b.hex), b.strength),
            None => format!("(hex: {}, strength: {})", at(b.hex), b.strength),
        })
        .collect();
    let _ = writeln!(o, "        bridges: [{}],", bridges.join(", "));
    o.push_str("        objectives: [\n");
    for ob in &m.objectives {
        // An owner only where the scenario names one: a map without them writes as before.
        let owner = ob.owner.map_or(String::new(), |s| format!(", owner: {s}"));
        let _ = writeln!(
            o,
            "            (name: {}, hex: {}, points: {}{owner}),",
            quoted(&ob.name),
            at(ob.hex),
            ob.points
        );
    }
    o.push_str("        ],\n");
    let sources: Vec<String> = m.supply_sources.iter().map(|a| at(*a)).collect();
    let _ = writeln!(o, "        supply_sources: [{}],", sources.join(", "));
    // Place names only where there are some: a map without them writes as it always did.
    if !m.labels.is_empty() {
        o.push_str("        labels: [\n");
        for l in &m.labels {
            let hexes: Vec<String> = l.hexes.iter().map(|a| at(*a)).collect();
            let rank = l.rank.map_or(String::new(), |r| format!(", rank: {r}"));
            let _ = writeln!(
                o,
                "            (name: {}, kind: {:?}, hexes: [{}]{rank}),",
                quoted(&l.name),
                l.kind,
                hexes.join(", ")
            );
        }
        o.push_str("        ],\n");
    }
    o.push_str("    ),\n");
}

/// Each hexside once, by its stored key, features in the rules' order, eight a line.
fn write_hexsides(o: &mut String, m: &MapSpec) {
    let map = Map::new(m.width, m.height);
    o.push_str("        hexsides: [\n");
    for feature in SideFeature::ALL {
        let mut sides: Vec<(At, usize, &str)> = m
            .hexsides
            .iter()
            .filter(|h| h.feature == feature)
            .flat_map(|h| h.at.iter())
            .map(|(a, side)| {
                let k = Hexside::new(map.hex_at(Coord { col: a.0, row: a.1 }), *side);
                let c = map.coord(k.hex);
                ((c.col, c.row), k.side.index(), name_of(k.side))
            })
            .collect();
        sides.sort();
        sides.dedup();
        for chunk in sides.chunks(8) {
            let list: Vec<String> = chunk
                .iter()
                .map(|(a, _, side)| format!("({}, {side})", at(*a)))
                .collect();
            let _ = writeln!(
                o,
                "            (feature: {feature:?}, at: [{}]),",
                list.join(", ")
            );
        }
    }
    o.push_str("        ],\n");
}

/// The chain of command above the brigades (§17), where the scenario has one, and the
/// brigades.
fn write_organisation(o: &mut String, s: &ScenarioFile) {
    if !s.corps.is_empty() {
        o.push_str("    corps: [\n");
        for c in &s.corps {
            formation(o, &c.id, &c.name, c.side, "");
        }
        o.push_str("    ],\n");
    }
    if !s.divisions.is_empty() {
        o.push_str("    divisions: [\n");
        for d in &s.divisions {
            let corps = d
                .corps
                .as_ref()
                .map(|c| format!(", corps: {}", quoted(c)))
                .unwrap_or_default();
            formation(o, &d.id, &d.name, d.side, &corps);
        }
        o.push_str("    ],\n");
    }
    o.push_str("    brigades: [\n");
    for b in &s.brigades {
        let mut more = String::new();
        if let Some(d) = &b.division {
            more.push_str(&format!(", division: {}", quoted(d)));
        }
        if let Some(c) = &b.corps {
            more.push_str(&format!(", corps: {}", quoted(c)));
        }
        if b.independent {
            more.push_str(", independent: true");
        }
        formation(o, &b.id, &b.name, b.side, &more);
    }
    o.push_str("    ],\n");
}

/// One corps, division or brigade of the organisation: its id, name and side, and `more`.
fn formation(o: &mut String, id: &str, name: &str, side: u8, more: &str) {
    let _ = writeln!(
        o,
        "        (id: {}, name: {}, side: {side}{more}),",
        quoted(id),
        quoted(name)
    );
}

fn name_of(f: crate::rules::hex::Facing) -> &'static str {
    use crate::rules::hex::Facing::*;
    match f {
        N => "N",
        NE => "NE",
        SE => "SE",
        S => "S",
        SW => "SW",
        NW => "NW",
    }
}
