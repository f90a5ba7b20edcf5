//! The campaign screen (issue 61, item 4): between battles, in the start dialog's place — the
//! campaign's story, the battles fought and their results, its score, the next battle's
//! briefing and what carries into it; after the battle the end screen's "Carry on the
//! campaign" records the result, saves the campaign and opens its screen again.

use bevy::prelude::*;

use crate::campaign::{Campaign, Change};
use crate::client::theme::palette;
use crate::client::theme::widget;
use crate::rules::scenario::Scenario;

/// The campaign the window's battle belongs to: where it stands, where it is saved, and what
/// it carried into this battle.
#[derive(Resource, Debug, Clone)]
pub struct UnderWay {
    pub campaign: Campaign,
    pub save: std::path::PathBuf,
    pub changes: Vec<Change>,
}

/// Where a campaign is kept when no save is named: the game's saves, else the system's
/// temporary folder.
pub fn default_save(file: &str) -> std::path::PathBuf {
    let stem = std::path::Path::new(file)
        .file_name()
        .map(|n| {
            n.to_string_lossy()
                .trim_end_matches(".campaign.ron")
                .to_string()
        })
        .unwrap_or_else(|| "campaign".into());
    // In the browser the name alone: the page's storage keeps it under that name.
    let dir = if cfg!(target_arch = "wasm32") {
        std::path::PathBuf::new()
    } else {
        crate::places::saves_dir().unwrap_or_else(std::env::temp_dir)
    };
    dir.join(format!("campaign-{stem}.ron"))
}

/// A campaign's save as text: the file on the desktop, the page's storage in the browser;
/// `None` when there is none yet.
pub fn read_save(save: &std::path::Path) -> Option<String> {
    let (dir, name) = place(save);
    crate::client::theme::store::read(&dir, &name).ok()
}

/// A save's folder and name, as the window's store keeps them.
fn place(save: &std::path::Path) -> (std::path::PathBuf, String) {
    let dir = save.parent().map(|d| d.to_path_buf()).unwrap_or_default();
    let name = save
        .file_name()
        .map_or("campaign.ron".into(), |n| n.to_string_lossy().to_string());
    (dir, name)
}

/// The screen's lines, in the dialog's scrolling column: `start` is the battle the window
/// holds (the next one, or the last fought when the campaign is over).
pub fn screen(d: &mut ChildSpawnerCommands, u: &UnderWay, start: &Scenario) {
    let c = &u.campaign;
    let plan = c.plan();
    let side = crate::library::plural_of(&plan.side);
    d.spawn(widget::label_text(plan.description.clone(), 13.0));
    if !c.fought.is_empty() {
        d.spawn(widget::heading("Battles fought", 16.0));
        for f in &c.fought {
            let lost: Vec<String> = f.men_lost.iter().map(|(s, m)| format!("{s} {m}")).collect();
            d.spawn(widget::label_text(
                format!(
                    "{} — {} for the {side} (men lost: {})",
                    f.name,
                    f.level,
                    lost.join(", ")
                ),
                14.0,
            ));
            if !f.why.is_empty() {
                d.spawn(palette::dim_text(f.why.clone(), 12.0));
            }
        }
        let s = c.score();
        d.spawn(widget::label_text(
            format!(
                "Campaign score: {} of {} — {} for the {side}",
                s.points, s.out_of, s.level
            ),
            15.0,
        ));
    }
    let Some(id) = c.at.as_deref() else {
        d.spawn(widget::heading("The campaign is over", 16.0));
        return;
    };
    d.spawn(widget::heading(format!("Next: {}", start.name), 16.0));
    if let Some(save) = &c.battle {
        d.spawn(widget::label_text(
            format!(
                "Under way: left on turn {} of {}. Start carries it on from there.",
                save.snapshot.turn, start.turns
            ),
            14.0,
        ));
    }
    if let Some(b) = plan.battle(id) {
        d.spawn(widget::label_text(b.briefing.clone(), 13.0));
    }
    d.spawn(widget::heading("What carries over", 16.0));
    if u.changes.is_empty() {
        d.spawn(palette::dim_text(
            if c.fought.is_empty() {
                "Nothing yet: every unit comes to this first battle as history had it.".to_string()
            } else {
                "None of this battle's units fought before: all come as history had them."
                    .to_string()
            },
            12.0,
        ));
    }
    const SHOWN: usize = 14;
    for ch in u.changes.iter().take(SHOWN) {
        d.spawn(palette::dim_text(ch.words(&c.fought_name(&ch.from)), 12.0));
    }
    if u.changes.len() > SHOWN {
        d.spawn(palette::dim_text(
            format!("… and {} more units", u.changes.len() - SHOWN),
            12.0,
        ));
    }
}

/// The battle under way saved into the campaign too (with every autosave and F5), so that
/// the campaign opened again resumes it where it was left.
pub fn keep_battle(u: &mut UnderWay, save: crate::save::SaveGame) -> Result<(), String> {
    u.campaign.keep(save);
    write(u)
}

fn write(u: &UnderWay) -> Result<(), String> {
    let (dir, name) = place(&u.save);
    crate::client::theme::store::write(&dir, &name, &u.campaign.to_text())
        .map(|_| ())
        .map_err(|e| format!("cannot save the campaign: {e}"))
}

/// The battle is over: its result recorded, the campaign saved, and its screen opened again
/// (the next battle's, or the campaign's end).
pub fn carry_on(
    u: &mut UnderWay,
    start: &Scenario,
    board: &crate::rules::board::Board,
) -> Result<(), String> {
    if u.campaign.at.is_some() {
        u.campaign.finish(start, board);
    }
    write(u)
}
