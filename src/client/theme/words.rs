//! Player-facing words that several panels share — the melee odds, forecast and the melee
//! system's own numbers (the drag preview, the pending melees, the report), and how a long line
//! is cut to fit.

use crate::rules::melee;
use crate::rules::params::{OptionalRules, Parameters};

/// `line` cut to `max` letters with an ellipsis when it is longer (letters, not bytes: names
/// such as "Duffié" are not split inside a letter).
pub fn ellipsis(line: &str, max: usize) -> String {
    if line.chars().count() <= max {
        return line.to_string();
    }
    let cut: String = line.chars().take(max.saturating_sub(1)).collect();
    // At a word's end where there is one in the second half, not in the middle of a name.
    let at = cut
        .rfind(' ')
        .filter(|i| *i >= cut.len() / 2)
        .unwrap_or(cut.len());
    format!("{}…", cut[..at].trim_end())
}

/// What the panels say while the whole odds are being worked out (off the frame).
pub const WORKING: &str = "attacker's chance of winning … (working out the odds)";

/// The odds as a player reads them: over the whole resolution, the melee alone, and what the
/// defenders' fire may do first; "about" where they come from a sample of the fire (too many
/// ways for it to go to count each).
/// Under Extreme Fog of War, what the odds and forecast stand on (D-fow-2): the enemy's
/// strengths are estimates.
pub fn estimate_words(seen: &crate::rules::fog::View) -> &'static str {
    if seen.estimates {
        "\n   (an estimate: the enemy's strengths are guesses under extreme fog)"
    } else {
        ""
    }
}

pub fn odds_words(w: &melee::WholeOdds) -> String {
    let pc = |p: f64| {
        if p > 0.0 && p < 0.005 {
            "<1%".to_string()
        } else {
            format!("{:.0}%", p * 100.0)
        }
    };
    // The melee alone is always counted exactly; what the fire may do first is sampled.
    let whole = |p: f64| {
        if w.exact {
            pc(p)
        } else {
            format!("about {}", pc(p))
        }
    };
    let mut s = format!(
        "attacker's chance of winning {} (melee alone {})",
        whole(w.attacker_win_probability),
        pc(w.melee_only_probability)
    );
    if w.attackers_drop_probability > 0.0 {
        s += &format!(
            "; defensive fire stops some attackers {}, breaks the attack up {}",
            whole(w.attackers_drop_probability),
            whole(w.called_off_probability)
        );
    }
    s
}

/// What the melee may cost, if it goes ahead: both loss ranges with the most likely value, the
/// retreat, guns captured, and each unit that may be eliminated.
pub fn forecast_words(board: &crate::rules::board::Board, f: &melee::Forecast) -> String {
    let range =
        |l: &melee::LossForecast| format!("{}-{} (most likely {})", l.low, l.high, l.most_likely);
    let mut s = format!(
        "if it goes ahead: attacker loses {}, defender {}; defender retreats {:.0}%",
        range(&f.attacker_loss),
        range(&f.defender_loss),
        f.defender_retreats * 100.0
    );
    if f.guns_captured > 0.0 {
        s += &format!(", guns captured {:.0}%", f.guns_captured * 100.0);
    }
    let lost: Vec<String> = f
        .eliminated
        .iter()
        .filter(|(_, p)| *p >= 0.005)
        .filter_map(|(id, p)| {
            board
                .unit(*id)
                .map(|u| format!("{} {:.0}%", u.name, p * 100.0))
        })
        .collect();
    if !lost.is_empty() {
        s += &format!("; eliminated: {}", lost.join(", "));
    }
    s
}

/// The chosen system's own distribution, in a line: what kind of result each side may get
/// (§15.0 D-sys-6), in the system's own words; none for the systems whose odds are the loss
/// ranges.
pub fn system_words(b: &melee::Breakdown) -> Option<String> {
    b.odds_words()
}

/// Both sides' terms of a melee, the defender's as well as the attacker's (issue 59: a routed
/// regiment's "÷4" was told nowhere): each side's modifiers, and each unit's own adjustments
/// where the system keeps them apart from its working ("routed ÷4", "dismounted ×0.5").
pub fn sides_words(b: &melee::Breakdown) -> String {
    use crate::rules::combat::MeleeSide;
    let own = !melee::named(b.system).shows_unit_working();
    let side = |which: MeleeSide, units: &[melee::UnitStrength]| -> String {
        let mut parts: Vec<String> = b
            .modifiers
            .iter()
            .filter(|m| m.side == which)
            .map(|m| {
                let sign = if m.percent < 0 { "\u{2212}" } else { "+" };
                format!("{sign}{} % {}", m.percent.unsigned_abs(), m.name())
            })
            .collect();
        if own {
            for u in units {
                parts.extend(u.adjustments.iter().map(|a| format!("{} {a}", u.name)));
            }
        }
        if parts.is_empty() {
            "nothing".into()
        } else {
            parts.join(", ")
        }
    };
    format!(
        "attacker: {}; defender: {}",
        side(MeleeSide::Attacker, &b.attackers),
        side(MeleeSide::Defender, &b.defenders)
    )
}

/// The optional rules, all of them carried out.
pub const RULES: [&str; 11] = [
    "Quality melee modifiers",
    "Artillery capture",
    "Full melee defensive fire",
    "Rout limiting",
    "Isolation effects",
    "Bridge limit and repair",
    "Phased play",
    "Fog of war",
    "Extreme fog of war",
    "Command control",
    "Leader casualties",
];

/// The switch of optional rule `i` of `RULES`.
pub fn rule_switch(o: &mut OptionalRules, i: usize) -> &mut bool {
    match i {
        0 => &mut o.quality_melee_modifiers,
        1 => &mut o.artillery_capture,
        2 => &mut o.full_melee_defensive_fire,
        3 => &mut o.rout_limiting,
        4 => &mut o.isolation_effects,
        5 => &mut o.bridge_limit_and_repair,
        6 => &mut o.phased_play,
        7 => &mut o.fog_of_war,
        8 => &mut o.extreme_fog_of_war,
        9 => &mut o.command_control,
        _ => &mut o.leader_casualties,
    }
}

/// The names of the optional rules `p` has on.
pub fn rules_in_force(p: &Parameters) -> Vec<&'static str> {
    let mut o = p.optional.clone();
    (0..RULES.len())
        .filter(|i| *rule_switch(&mut o, *i))
        .map(|i| RULES[i])
        .collect()
}
