//! What the other side's turn did to the player, told when his turn begins (issue 76, item 9):
//! who fired on his units and how often, the melees against them, his units routed (the rout
//! spreading too), the men and guns he lost, and the score's change with its reasons — in the
//! log and on the top bar, in every battle, and after the battle's last turn. Read from his
//! side's view (D-fow-6): a firer he has not seen is named as unseen.

use std::collections::BTreeMap;

use bevy::prelude::*;

use crate::rules::event::Event;
use crate::rules::unit::{Side, UnitId, UnitKind};
use crate::sim::{Happened, Table};

/// How long the top bar says the news.
const SHOWN_SECONDS: f32 = 8.0;

/// The news of the other side's last turn, once told.
#[derive(Resource, Debug, Default)]
pub struct TurnNews {
    /// The other side's turn being tallied (`None` in the reader's own turn).
    theirs: Option<Tally>,
    /// The last news told, whole: "The Confederate turn: …".
    pub told: Option<String>,
}

/// What struck the side not acting in one side turn.
#[derive(Debug, Default)]
struct Tally {
    struck: Side,
    /// Its men and guns when the turn began.
    men: u32,
    guns: u32,
    /// Each firer that struck his units, by name, and how often.
    firers: BTreeMap<String, u32>,
    melees: u32,
    melees_lost: u32,
    /// His units routed, in the order they ran.
    routed: Vec<String>,
}

/// The news is told: what reads it (the lesson's panel) runs after.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct Told;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<TurnNews>().add_systems(
        Update,
        tell.after(super::score_news::tell)
            .after(crate::client::seen::Looking)
            .in_set(Told),
    );
}

/// Tallies every side turn as it struck the side not acting, from the events the screen was
/// told, and tells it to that side when its turn begins (against the computer, the player; at
/// a hotseat, whoever takes the screen) or when the battle ends.
fn tell(
    mut news: ResMut<TurnNews>,
    mut happened: MessageReader<Happened>,
    seen: Res<crate::client::seen::Seen>,
    table: Res<Table>,
    mut score: ResMut<super::score_news::ScoreNews>,
    mut report: ResMut<super::report::Report>,
) {
    let reader = seen.view().side;
    let start = &table.start;
    let every = || {
        start
            .units
            .iter()
            .chain(start.reinforcements.iter().map(|r| &r.unit))
    };
    let name = |id: UnitId| -> String {
        table
            .board
            .unit(id)
            .or_else(|| every().find(|u| u.id == id))
            .map_or_else(|| format!("unit {}", id.0), |u| u.name.clone())
    };
    // His own men and guns, which he always knows.
    let strength = |side: Side| -> (u32, u32) {
        table
            .board
            .units
            .iter()
            .filter(|u| u.side == side)
            .fold((0, 0), |(m, g), u| match u.kind {
                UnitKind::Artillery => (m, g + u.guns),
                UnitKind::Infantry | UnitKind::Cavalry => (m + u.men, g),
                _ => (m, g),
            })
    };
    for h in happened.read() {
        let ended = match &h.0 {
            Event::TurnBegan(b) => Some(Some(b.side)),
            Event::GameEnded(_) => Some(None),
            _ => None,
        };
        if let Some(next) = ended {
            if let Some(t) = news.theirs.take()
                && t.struck == reader
                && next.is_none_or(|s| s == reader)
            {
                let now = strength(t.struck);
                let last = next.is_none();
                let lost = (t.men.saturating_sub(now.0), t.guns.saturating_sub(now.1));
                let other = start.side_name(t.struck.enemy());
                // The log has the score's own line just above; the top bar and the lesson's
                // panel say both. The end screen tells the last turn's score.
                report.add(words(&t, lost, other, last, None));
                let line = words(
                    &t,
                    lost,
                    other,
                    last,
                    score.turn_summary.as_deref().filter(|_| !last),
                );
                score.said = Some((line.clone(), SHOWN_SECONDS));
                news.told = Some(line);
            }
            if let Some(acting) = next {
                let (men, guns) = strength(acting.enemy());
                news.theirs = Some(Tally {
                    struck: acting.enemy(),
                    men,
                    guns,
                    ..default()
                });
            }
            continue;
        }
        let Some(t) = news.theirs.as_mut() else {
            continue;
        };
        let struck = t.struck;
        let ours = |id: UnitId| every().any(|u| u.id == id && u.side == struck);
        // D-fow-6: a firer the struck side has not seen is not named.
        let fog = crate::rules::fog::on(&table.board);
        let fire = |f: &crate::rules::fire::FireOutcome, t: &mut Tally| {
            if !f.losses.iter().any(|l| ours(l.unit)) && !f.routs.iter().any(|r| ours(r.unit)) {
                return;
            }
            let known = !fog
                || crate::rules::fog::spotted(&table.board, struck).contains(&f.breakdown.firer);
            let firer = if known {
                name(f.breakdown.firer)
            } else {
                "an unseen enemy".to_string()
            };
            *t.firers.entry(firer).or_default() += 1;
            routs(t, f.routs.iter().map(|r| r.unit), &ours, &name);
        };
        match &h.0 {
            Event::Fired(f) => fire(&f.0, t),
            Event::Moved(m) => {
                for f in &m.opportunity_fire {
                    fire(f, t);
                }
            }
            Event::MeleeResolved(m) => {
                let m = &m.0;
                let attacking = m.declaration.attackers.iter().any(|a| ours(*a));
                let defending = m.losses.iter().any(|l| ours(l.unit) && !attacking)
                    || m.breakdown.defenders.iter().any(|d| ours(d.unit));
                if attacking || defending {
                    t.melees += 1;
                    let his = if attacking {
                        crate::rules::melee::MeleeSide::Attacker
                    } else {
                        crate::rules::melee::MeleeSide::Defender
                    };
                    t.melees_lost += u32::from(m.loser == Some(his));
                }
                for f in &m.defensive_fire {
                    fire(f, t);
                }
                routs(t, m.routs.iter().map(|r| r.unit), &ours, &name);
            }
            Event::MeleeCalledOff(c) => {
                for f in &c.defensive_fire {
                    fire(f, t);
                }
            }
            Event::PhaseMoraleChecked(p) => routs(t, p.routs.iter().map(|r| r.unit), &ours, &name),
            _ => {}
        }
    }
}

/// His units in `units` that routed, each once.
fn routs(
    t: &mut Tally,
    units: impl Iterator<Item = UnitId>,
    ours: &impl Fn(UnitId) -> bool,
    name: &impl Fn(UnitId) -> String,
) {
    for u in units.filter(|u| ours(*u)) {
        let n = name(u);
        if !t.routed.contains(&n) {
            t.routed.push(n);
        }
    }
}

/// The news in words: "The Confederate turn: 3 fires against your units (Moorman's Battery
/// 2, an unseen enemy 1), 1 melee (lost); routed: the 20th Maine and the 83rd Pennsylvania
/// with it; 112 men and 2 guns lost. <the score's change>."
fn words(
    t: &Tally,
    (men, guns): (u32, u32),
    other: &str,
    last: bool,
    score: Option<&str>,
) -> String {
    use crate::rules::words::count;
    let fires: u32 = t.firers.values().sum();
    let mut parts = Vec::new();
    if fires > 0 {
        let who: Vec<String> = t
            .firers
            .iter()
            .map(|(n, k)| {
                if *k > 1 {
                    format!("{n} ×{k}")
                } else {
                    n.clone()
                }
            })
            .collect();
        parts.push(format!(
            "{} against your units ({})",
            count(fires, "fire", "fires"),
            who.join(", ")
        ));
    }
    if t.melees > 0 {
        parts.push(format!(
            "{} ({} lost)",
            count(t.melees, "melee", "melees"),
            t.melees_lost
        ));
    }
    if !t.routed.is_empty() {
        parts.push(match t.routed.split_first() {
            Some((first, [])) => format!("{first} routed"),
            Some((first, rest)) => format!("{first} routed, {} with it", rest.join(", ")),
            None => String::new(),
        });
    }
    let struck = if parts.is_empty() && men == 0 && guns == 0 {
        "nothing struck your units".to_string()
    } else {
        let mut lost = count(men, "man", "men");
        if guns > 0 {
            lost += &format!(" and {}", count(guns, "gun", "guns"));
        }
        parts.push(format!("{lost} lost"));
        parts.join("; ")
    };
    let which = if last { ", the last of the battle" } else { "" };
    match score {
        Some(s) if !s.is_empty() => format!("The {other} turn{which}: {struck}. {s}."),
        _ => format!("The {other} turn{which}: {struck}."),
    }
}
