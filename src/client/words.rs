//! Player-facing words that several panels share — the melee odds, forecast and the melee
//! system's own numbers (the drag preview, the pending melees, the report), and how a long line
//! is cut to fit.

use crate::rules::melee;

/// `line` cut to `max` letters with an ellipsis when it is longer (letters, not bytes: names
/// such as "Duffié" are not split inside a letter).
pub fn ellipsis(line: &str, max: usize) -> String {
    if line.chars().count() <= max {
        return line.to_string();
    }
    let cut: String = line.chars().take(max.saturating_sub(1)).collect();
    format!("{}…", cut.trim_end())
}

/// The odds as a player reads them: over the whole resolution, the melee alone, and what the
/// defenders' fire may do first.
pub fn odds_words(w: &melee::WholeOdds) -> String {
    let pc = |p: f64| {
        if p > 0.0 && p < 0.005 {
            "<1%".to_string()
        } else {
            format!("{:.0}%", p * 100.0)
        }
    };
    let mut s = format!(
        "attacker wins {} (melee alone {})",
        pc(w.attacker_win_probability),
        pc(w.melee_only_probability)
    );
    if w.attackers_drop_probability > 0.0 {
        s += &format!(
            "; defensive fire stops some attackers {}, breaks the attack up {}",
            pc(w.attackers_drop_probability),
            pc(w.called_off_probability)
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
/// (§15.0 D-sys-6); none for the systems whose odds are the loss ranges.
pub fn system_words(b: &melee::Breakdown) -> Option<String> {
    let pc = |p: f64| format!("{:.0}%", p * 100.0);
    let shared = |o: &melee::Outcomes, gone: &str| {
        format!(
            "A wins {}, none {}, D wins {}; D falls back {}, routs {}, {gone} {}",
            pc(o.attacker_wins),
            pc(o.no_decision),
            pc(o.defender_wins),
            pc(o.defender_retreats),
            pc(o.defender_routs),
            pc(o.defender_surrenders)
        )
    };
    if let Some(sb) = b.detail.get::<melee::bodenstedt::SectorBreakdown>() {
        let o = melee::bodenstedt::sector_odds(sb);
        let as_shared = melee::Outcomes {
            attacker_wins: o.attacker_wins,
            no_decision: o.no_decision,
            defender_wins: o.defender_wins,
            defender_retreats: o.defender_retreats,
            defender_routs: o.defender_routs,
            defender_surrenders: o.defender_eliminated,
            expected_attacker_loss: o.expected_attacker_loss,
            expected_defender_loss: o.expected_defender_loss,
        };
        return Some(format!(
            "Bodenstedt CV {}:{} column {}: {}",
            sb.attack_cv,
            sb.defence_cv,
            melee::bodenstedt::COLUMNS[sb.column],
            shared(&as_shared, "ELIM")
        ));
    }
    if let Some(ib) = b.detail.get::<melee::impetus::ImpetusBreakdown>() {
        let o = melee::impetus::impetus_odds(ib);
        return Some(format!(
            "Impetus {} vs {}, contact {:?}, follow-up {}: {}; more than one round {}",
            ib.attacker.impetus,
            ib.defender.impetus,
            ib.contact,
            if ib.follow_up { "on" } else { "off" },
            shared(&o.outcomes, "surrenders"),
            pc(o.rounds.iter().skip(2).sum())
        ));
    }
    if let Some(ab) = b.detail.get::<melee::labataille::AssaultBreakdown>() {
        let o = melee::labataille::assault_odds(ab);
        return Some(format!(
            "La Bataille MV {:.1}:{:.1}, checks A {:+} D {:+}: {}; over before the chart {}",
            b.attack_strength,
            b.defense_strength,
            ab.ratio_modifier[0],
            ab.ratio_modifier[1],
            shared(&o.outcomes, "surrenders"),
            pc(o.ended_before_chart)
        ));
    }
    None
}
