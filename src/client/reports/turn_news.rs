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
    for h in happened.read() {
        let next = match &h.0 {
            Event::TurnBegan(b) => Some(b.side),
            Event::GameEnded(_) => None,
            e => {
                if let Some(t) = news.theirs.as_mut() {
                    t.take(e, &table);
                }
                continue;
            }
        };
        if let Some(t) = news.theirs.take()
            && t.struck == reader
            && next.is_none_or(|s| s == reader)
        {
            let now = strength(&table.board, t.struck);
            let last = next.is_none();
            let lost = (t.men.saturating_sub(now.0), t.guns.saturating_sub(now.1));
            let other = start.side_name(t.struck.enemy());
            // The log has the score's own line just above; the top bar and the lesson's panel
            // say both. The end screen tells the last turn's score.
            report.add(words(&t, lost, other, last, None));
            let summary = score.turn_summary.as_deref().filter(|_| !last);
            let line = words(&t, lost, other, last, summary);
            score.said = Some((line.clone(), SHOWN_SECONDS));
            news.told = Some(line);
        }
        if let Some(acting) = next {
            let (men, guns) = strength(&table.board, acting.enemy());
            news.theirs = Some(Tally {
                struck: acting.enemy(),
                men,
                guns,
                ..default()
            });
        }
    }
}

/// A side's own men and guns, which it always knows.
fn strength(board: &crate::rules::board::Board, side: Side) -> (u32, u32) {
    board
        .units
        .iter()
        .filter(|u| u.side == side)
        .fold((0, 0), |(m, g), u| match u.kind {
            UnitKind::Artillery => (m, g + u.guns),
            UnitKind::Infantry | UnitKind::Cavalry => (m + u.men, g),
            _ => (m, g),
        })
}

impl Tally {
    /// What event `e` of the turn did to the struck side.
    fn take(&mut self, e: &Event, table: &Table) {
        let fires: &[crate::rules::fire::FireOutcome] = match e {
            Event::Fired(f) => std::slice::from_ref(&f.0),
            Event::Moved(m) => &m.opportunity_fire,
            Event::MeleeCalledOff(c) => &c.defensive_fire,
            Event::MeleeResolved(m) => {
                let m = &m.0;
                let attacking = m.declaration.attackers.iter().any(|a| self.ours(table, *a));
                let defending = m
                    .breakdown
                    .defenders
                    .iter()
                    .any(|d| self.ours(table, d.unit));
                if attacking || defending {
                    self.melees += 1;
                    let his = if attacking {
                        crate::rules::melee::MeleeSide::Attacker
                    } else {
                        crate::rules::melee::MeleeSide::Defender
                    };
                    self.melees_lost += u32::from(m.loser == Some(his));
                }
                self.routs(table, m.routs.iter().map(|r| r.unit));
                &m.defensive_fire
            }
            Event::PhaseMoraleChecked(p) => {
                self.routs(table, p.routs.iter().map(|r| r.unit));
                &[]
            }
            _ => &[],
        };
        // D-fow-6: a firer the struck side has not seen is not named.
        let spotted = std::cell::OnceCell::new();
        for f in fires {
            if !f.losses.iter().any(|l| self.ours(table, l.unit))
                && !f.routs.iter().any(|r| self.ours(table, r.unit))
            {
                continue;
            }
            let firer = f.breakdown.firer;
            let known = !crate::rules::fog::on(&table.board)
                || spotted
                    .get_or_init(|| crate::rules::fog::spotted(&table.board, self.struck))
                    .contains(&firer);
            let who = if known {
                name(table, firer)
            } else {
                "an unseen enemy".to_string()
            };
            *self.firers.entry(who).or_default() += 1;
            self.routs(table, f.routs.iter().map(|r| r.unit));
        }
    }

    /// Whether `id` is of the struck side, by the order of battle (a unit destroyed too).
    fn ours(&self, table: &Table, id: UnitId) -> bool {
        table
            .start
            .every_unit()
            .any(|u| u.id == id && u.side == self.struck)
    }

    /// The struck side's units of `units` that routed, each once.
    fn routs(&mut self, table: &Table, units: impl Iterator<Item = UnitId>) {
        for u in units {
            if self.ours(table, u) {
                let n = name(table, u);
                if !self.routed.contains(&n) {
                    self.routed.push(n);
                }
            }
        }
    }
}

/// A unit by its name, on the map or gone.
fn name(table: &Table, id: UnitId) -> String {
    table
        .board
        .unit(id)
        .or_else(|| table.start.every_unit().find(|u| u.id == id))
        .map_or_else(|| format!("unit {}", id.0), |u| u.name.clone())
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
