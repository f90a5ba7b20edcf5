//! The rules' words and fingerprints: a refusal as players read it (§9.1's rule number, §15's
//! code), each reason's words, the words read back from a server, and the FNV-1a fingerprint
//! saves carry.

use bayonet::rules::refusal::{Reason, Refusal};
use bayonet::rules::unit::UnitId;

/// A refusal reads as its message, a sentence, then "(§9.1 rule n)" for a melee restriction or "(§15 rule
/// code)" for a system's own; an already-committed unit is §9.1 rule 6; rule 0 is "not a melee".
#[test]
fn a_refusal_names_its_rule() {
    let r = Refusal::melee(3, Some(UnitId(2)), "not facing");
    assert_eq!(
        (r.reason, r.rule, r.unit),
        (Reason::MeleeRule, 3, Some(UnitId(2)))
    );
    assert_eq!(r.to_string(), "Not facing (§9.1 rule 3)");
    let r = Refusal::melee(0, None, "nobody there");
    assert_eq!(
        (r.reason, r.to_string()),
        (Reason::NotAMelee, "Nobody there".into())
    );
    let r = Refusal::system("L2", None, "odds below 1:3");
    assert_eq!(
        (r.reason, r.rule, r.code.as_str()),
        (Reason::SystemRule, 0, "L2")
    );
    assert_eq!(r.to_string(), "Odds below 1:3 (§15 rule L2)");
    let r = Refusal::new(Reason::AlreadyCommitted, Some(UnitId(4)), "committed");
    assert_eq!(
        (r.rule, r.to_string()),
        (6, "Committed (§9.1 rule 6)".into())
    );
    let r = Refusal::new(Reason::OffMap, None, "9,9 is off the map");
    assert_eq!((r.rule, r.to_string()), (0, "9,9 is off the map".into()));
    let r = Refusal::new(Reason::OutOfReach, None, "");
    assert_eq!(r.to_string(), "", "nothing to say, nothing said");
}

/// Each reason's words, as the client's refusal line and the JSON give them.
#[test]
fn each_reason_has_its_words() {
    use Reason::*;
    let want = [
        (MeleeRule, "melee restriction"),
        (NotAMelee, "not a melee"),
        (GameOver, "the game is over"),
        (NotYourTurn, "not your turn"),
        (NoSuchUnit, "no such unit"),
        (CannotAct, "cannot act"),
        (OutOfReach, "out of reach"),
        (CannotFire, "cannot fire"),
        (AlreadyCommitted, "already committed"),
        (NoPendingMelee, "no melee pending"),
        (NoBridge, "no bridge"),
        (Guns, "guns"),
        (OffMap, "off the map"),
        (Settings, "settings"),
        (NotThisPhase, "not in this phase"),
        (NothingToUndo, "nothing to undo"),
        (SystemRule, "melee restriction"),
    ];
    for (r, words) in want {
        assert_eq!(r.words(), words, "{r:?}");
    }
}

/// Issue 32 (types, not strings): the rules' fixed words are enums that travel by their words
/// — a morale result, its reason, a victory level, an elimination's reason — so a message from
/// the referee server reads back as the same value, and a word no rule has is refused with
/// the words it could have been.
#[test]
fn the_rules_fixed_words_read_back_as_their_values() {
    use bayonet::rules::melee::EliminationReason;
    use bayonet::rules::morale::{CheckReason, MoraleResult};
    use bayonet::rules::victory::VictoryLevel;
    fn round_trip<
        T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
    >(
        all: &[T],
        words: impl Fn(&T) -> &'static str,
    ) {
        for v in all {
            let text = serde_json::to_string(v).unwrap();
            assert_eq!(
                text,
                format!("\"{}\"", words(v)),
                "{v:?} travels by its words"
            );
            assert_eq!(&serde_json::from_str::<T>(&text).unwrap(), v);
        }
        let mut seen: Vec<&str> = all.iter().map(&words).collect();
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), all.len(), "no two values share words");
    }
    round_trip(MoraleResult::ALL, |v| v.words());
    round_trip(CheckReason::ALL, |v| v.words());
    round_trip(VictoryLevel::ALL, |v| v.words());
    round_trip(EliminationReason::ALL, |v| v.words());
    assert_eq!(MoraleResult::Routed.to_string(), "routed");
    assert_eq!(VictoryLevel::MinorVictory.words(), "Minor Victory");
    assert_eq!(
        CheckReason::LostMelee.words(),
        "lost a melee (end of phase)"
    );
    let e = serde_json::from_str::<MoraleResult>("\"a word from a newer game\"").unwrap_err();
    assert!(
        e.to_string().contains("held, disrupted, routed"),
        "the refusal names the words it knows: {e}"
    );
}

/// Saves fingerprint their text with FNV-1a (64 bits, 16 hex digits): the published test
/// vectors, so a save's hash is the same on every platform and Rust version.
#[test]
fn the_save_fingerprint_is_fnv_1a() {
    use bayonet::rules::fnv::hex;
    assert_eq!(hex(""), "cbf29ce484222325");
    assert_eq!(hex("a"), "af63dc4c8601ec8c");
    assert_eq!(hex("foobar"), "85944171f73967e8");
}

/// §15: the start dialog's line for each melee system names its seed text (000 is the Tiller
/// melee the game began with, 001–004 the four others) and, but for Tiller's, its name.
#[test]
fn s15_each_melee_system_is_described_by_its_seed() {
    use bayonet::rules::params::MeleeSystemName::{self, *};
    let seeds: [(MeleeSystemName, &str); 5] = [
        (Tiller, "Civil War Battles (seed 000): "),
        (Bodenstedt, "Bodenstedt (seed 001): "),
        (Impetus, "Impetus (seed 002): "),
        (LaBataille, "La Bataille (seed 003): "),
        (Austerlitz, "Austerlitz (seed 004): "),
    ];
    for (system, opening) in seeds {
        let d = bayonet::rules::melee::named(system).description();
        assert!(
            d.starts_with(opening) && d.len() > opening.len() + 20,
            "{d}"
        );
    }
}

/// §15: what each melee system adds for the player follows its rules. I2's follow-up means
/// something only under Impetus (§15.2). The losses come from the system's own table, not
/// §9.4's loss ranges, under Bodenstedt (§15.1), Impetus and La Bataille (§15.3). Each unit's
/// working is shown but under seed 000, whose modifiers say it all. A defender that retreated
/// checks morale after the melee only where the system's result is not itself the morale (§9.4,
/// seed 000 and Austerlitz).
#[test]
fn s15_each_melee_system_shows_what_its_rules_add() {
    use bayonet::rules::params::MeleeSystemName::{self, *};
    for n in MeleeSystemName::ALL {
        let m = bayonet::rules::melee::named(n);
        assert_eq!(m.follows_up(), n == Impetus, "{n:?}: follow-up");
        assert_eq!(
            m.own_losses(),
            matches!(n, Bodenstedt | Impetus | LaBataille),
            "{n:?}: own losses"
        );
        assert_eq!(m.shows_unit_working(), n != Tiller, "{n:?}: unit working");
        assert_eq!(
            m.checks_after_retreat(),
            matches!(n, Tiller | Austerlitz),
            "{n:?}: checks after retreat"
        );
    }
}

/// A morale check in words: its roll against the value, or, told to the enemy under fog
/// (issue 45 item 1, D-fow-6), its result alone — "dice unseen", with neither figure kept.
#[test]
fn a_morale_check_says_its_dice_or_that_they_were_unseen() {
    use bayonet::rules::morale::{CheckReason, MoraleCheck, MoraleResult};
    let mut c = MoraleCheck {
        unit: UnitId(3),
        morale: 5,
        roll: 7,
        passed: false,
        result: MoraleResult::Disrupted,
        reason: CheckReason::ALL[0],
    };
    assert_eq!(c.figures(), "7 vs 5");
    c.told_to_the_enemy();
    assert_eq!(
        (c.roll, c.morale, c.result),
        (0, 0, MoraleResult::Disrupted)
    );
    assert_eq!(c.figures(), "dice unseen");
}
