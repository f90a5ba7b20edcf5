//! `bayonet check` on a campaign: every fault, each with its line — a battle that does not
//! load, a branch to nowhere, a side no battle has, a road that never ends.

use std::collections::BTreeSet;

use super::file::{CampaignFile, Next, line_of};
use crate::rules::scenario::{LoadError, Scenario};

/// Every fault of the campaign in `text`, and its battles' scenarios where they load, in the
/// file's order.
pub fn faults(file: &str, text: &str) -> (Vec<LoadError>, Vec<(String, Scenario)>) {
    let mut found = Vec::new();
    let mut loaded = Vec::new();
    let c = match CampaignFile::parse(file, text) {
        Ok(c) => c,
        Err(e) => return (vec![e], loaded),
    };
    let mut fault = |needle: &str, message: String| {
        found.push(LoadError {
            file: file.into(),
            line: line_of(text, needle),
            column: None,
            message,
        })
    };
    if c.battles.is_empty() {
        fault("battles", "a campaign needs at least one battle".into());
    }
    let mut ids = BTreeSet::new();
    for b in &c.battles {
        if !ids.insert(b.id.as_str()) {
            fault(
                &format!("\"{}\"", b.id),
                format!(
                    "two battles are called \"{}\": each needs a name of its own",
                    b.id
                ),
            );
        }
    }
    for b in &c.battles {
        let here = format!("\"{}\"", b.scenario);
        match crate::load_scenario(&b.scenario) {
            Ok(s) => {
                if !s.sides.iter().any(|x| x.name == c.side) {
                    let names: Vec<_> = s.sides.iter().map(|x| x.name.as_str()).collect();
                    fault(
                        &here,
                        format!(
                            "the campaign is \"{}\"'s, but {} has only {}",
                            c.side,
                            b.scenario,
                            names.join(" and ")
                        ),
                    );
                }
                loaded.push((b.id.clone(), s));
            }
            Err(e) => fault(&here, format!("its battle \"{}\" does not load: {e}", b.id)),
        }
        let mut levels = BTreeSet::new();
        for branch in &b.on {
            if !levels.insert(branch.level) {
                fault(
                    &format!("\"{}\"", branch.level),
                    format!("\"{}\" names the result {} twice", b.id, branch.level),
                );
            }
        }
        for next in std::iter::once(&b.then).chain(b.on.iter().map(|x| &x.then)) {
            if let Next::Battle(to) = next
                && c.battle(to).is_none()
            {
                fault(
                    &format!("Battle(\"{to}\")"),
                    format!(
                        "\"{}\" leads to \"{to}\", which is not one of its battles",
                        b.id
                    ),
                );
            }
        }
    }
    for (needle, message) in roads(&c) {
        fault(&needle, message);
    }
    (found, loaded)
}

/// The faults of the campaign's roads: a battle no road reaches, a road that comes back to a
/// battle already fought (the campaign would never end).
fn roads(c: &CampaignFile) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let Some(first) = c.battles.first() else {
        return out;
    };
    let mut reached = BTreeSet::new();
    let mut stack = vec![(first.id.clone(), vec![first.id.clone()])];
    while let Some((at, path)) = stack.pop() {
        reached.insert(at.clone());
        let Some(b) = c.battle(&at) else { continue };
        for next in std::iter::once(&b.then).chain(b.on.iter().map(|x| &x.then)) {
            let Next::Battle(to) = next else { continue };
            if path.contains(to) {
                out.push((
                    format!("Battle(\"{to}\")"),
                    format!(
                        "the road {} → {to} comes back to a battle already fought: a campaign must end",
                        path.join(" → ")
                    ),
                ));
            } else if c.battle(to).is_some() {
                let mut p = path.clone();
                p.push(to.clone());
                stack.push((to.clone(), p));
            }
        }
    }
    for b in &c.battles {
        if !reached.contains(&b.id) {
            out.push((
                format!("\"{}\"", b.id),
                format!("no result of any battle leads to \"{}\"", b.id),
            ));
        }
    }
    out.dedup();
    out
}
