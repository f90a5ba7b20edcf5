//! Campaigns (issue 61, item 4): the Gettysburg campaign checks, every branch of every campaign
//! leads to an end, each unit's men, guns, fatigue and ammunition carry from one battle to the
//! next (a leader lost stays lost), a save resumes where the campaign stood, bad files are told
//! with their line, and the campaign plays to its end through the interpreter.

use bayonet::campaign::{CAMPAIGNS, Campaign, Next};
use bayonet::rules::unit::{Ammo, Side};
use bayonet::rules::victory::VictoryLevel;

const GETTYSBURG: &str = "maps/campaigns/gettysburg.campaign.ron";

fn gettysburg() -> Campaign {
    bayonet::campaign::begin(GETTYSBURG).unwrap()
}

/// Every campaign checks, and every road through it — each battle ended at each of the five
/// levels, forced — comes to the campaign's end, each battle on the way loading with what the
/// last carried into it.
#[test]
fn every_campaign_checks_and_every_branch_comes_to_an_end() {
    for (path, text) in CAMPAIGNS {
        let on_disk = std::fs::read_to_string(path).unwrap();
        assert_eq!(on_disk, *text, "{path}: the embedded copy is stale");
        let (faults, battles) = bayonet::campaign::check::faults(path, text);
        assert!(faults.is_empty(), "{path}: {faults:?}");
        assert!(battles.len() >= 3, "{path}: {} battles", battles.len());
        let mut ends = Vec::new();
        let mut roads = vec![(
            Campaign::begin(path, text).unwrap(),
            Vec::<VictoryLevel>::new(),
        )];
        while let Some((c, road)) = roads.pop() {
            assert!(road.len() <= battles.len(), "{path}: {road:?} never ends");
            let Some(next) = c.next_battle() else {
                ends.push(road);
                continue;
            };
            let (s, _) = next.unwrap_or_else(|e| panic!("{path} after {road:?}: {e}"));
            let board = s.board();
            for level in VictoryLevel::ALL {
                let mut after = c.clone();
                after.conclude(&s, &board, *level);
                let mut r = road.clone();
                r.push(*level);
                roads.push((after, r));
            }
        }
        // Gettysburg: a major defeat on the first or second day ends it there.
        if *path == *GETTYSBURG {
            use VictoryLevel::*;
            assert_eq!(
                ends.len(),
                1 + 4 + 4 * 4 * 5,
                "{path}: {} roads",
                ends.len()
            );
            assert!(ends.contains(&vec![MajorDefeat]));
            assert!(ends.contains(&vec![Draw, MajorDefeat]));
            assert!(ends.contains(&vec![MinorVictory, Draw, MajorVictory]));
            assert!(!ends.iter().any(|r| r.len() == 2 && r[1] != MajorDefeat));
        }
    }
}

/// What the Railroad Cut leaves Heth's regiments carries into Pickett's Charge two days later
/// (named without the Railroad Cut's name, which the mutation check's filter leaves out as a
/// whole game):
/// men lost stay lost and men kept stay kept (issue 76, item 12), fatigue less two nights'
/// rest, ammunition filled by the trains, a brigadier taken stays taken; a regiment that did
/// not fight on the second day is kept for the third.
#[test]
fn the_first_days_losses_carry_into_picketts_charge() {
    let mut c = gettysburg();
    let (rc, changes) = c.next_battle().unwrap().unwrap();
    assert!(changes.is_empty(), "nothing to carry into the first battle");
    let mut board = rc.board();
    let find = |b: &bayonet::rules::board::Board, name: &str| {
        b.units
            .iter()
            .position(|u| u.name == name)
            .unwrap_or_else(|| panic!("no {name}"))
    };
    let i = find(&board, "26th North Carolina");
    board.units[i].men = 120;
    let i = find(&board, "11th North Carolina");
    board.units[i].fatigue = 500;
    board.units[i].ammo = Ammo::Out;
    let davis = find(&board, "Brig. Gen. Joseph R. Davis");
    board.units.remove(davis);
    c.conclude(&rc, &board, VictoryLevel::MinorDefeat);
    assert_eq!(c.at.as_deref(), Some("little_round_top"));
    let (lrt, _) = c.next_battle().unwrap().unwrap();
    c.conclude(&lrt, &lrt.board(), VictoryLevel::Draw);
    assert_eq!(c.at.as_deref(), Some("picketts_charge"));
    let (pc, changes) = c.next_battle().unwrap().unwrap();
    let unit = |name: &str| pc.units.iter().find(|u| u.name == name);
    assert_eq!(
        unit("26th North Carolina").unwrap().men,
        120,
        "the men lost on the 1st"
    );
    let tired = unit("11th North Carolina").unwrap();
    assert_eq!(tired.fatigue, 100, "500 less two nights' rest of 200");
    assert_eq!(tired.ammo, Ammo::Normal, "the trains came up");
    assert_eq!(
        unit("11th North Carolina").unwrap().men,
        550,
        "issue 76, item 12: the men it kept on the 1st (history had 300 on the 3rd)"
    );
    assert!(
        unit("Brig. Gen. Joseph R. Davis").is_none(),
        "taken on the 1st"
    );
    assert!(
        changes
            .iter()
            .any(|ch| ch.unit == "Brig. Gen. Joseph R. Davis"
                && ch.gone
                && ch.from == "railroad_cut")
    );
    assert!(
        changes
            .iter()
            .any(|ch| ch.unit == "26th North Carolina" && ch.men == (215, 120))
    );
    // A unit only tired is told too (the campaign screen lists every change).
    assert!(
        changes.iter().any(|ch| ch.unit == "11th North Carolina"
            && ch.fatigue == (0, 100)
            && ch.men == (300, 550)),
        "{changes:?}"
    );
    // Lane's regiments never came on at the first day's board here (they are its late
    // reinforcements): not lost, they fight on the third day as history has them.
    let lane = unit("7th North Carolina").expect("a regiment that never arrived is not lost");
    assert_eq!(lane.men, 200);
    // The Union's Hazlett's battery comes from Little Round Top untouched: no change.
    assert!(
        !changes
            .iter()
            .any(|ch| ch.unit == "Btry D, 5th U.S. (Hazlett)")
    );
    // The campaign's side is the Confederates': the score reads their levels.
    let score = c.score();
    assert_eq!((score.points, score.out_of), (1 + 2, 8));
}

/// A leader who falls is gone from the later battles, or his successor leads in his place
/// where the battle names one.
#[test]
fn a_fallen_leaders_successor_leads_in_the_next_battle() {
    use bayonet::rules::scenario::ScenarioFile;
    let mut roster = bayonet::campaign::Roster::default();
    let rc = bayonet::load_scenario("maps/railroad_cut.ron").unwrap();
    let mut board = rc.board();
    board
        .units
        .retain(|u| u.name != "Brig. Gen. Joseph R. Davis");
    roster.record("railroad_cut", &rc, &board);
    let text = &bayonet::load_scenario("maps/picketts_charge.ron")
        .unwrap()
        .source;
    let mut file: ScenarioFile = bayonet::rules::scenario::ron_options()
        .from_str(text)
        .unwrap();
    let davis = file
        .units
        .iter_mut()
        .find(|u| u.name == "Brig. Gen. Joseph R. Davis")
        .unwrap();
    davis.successor = Some("Col. John M. Stone".into());
    let changes = roster.carry_into(&mut file);
    assert!(file.units.iter().any(|u| u.name == "Col. John M. Stone"));
    assert!(
        !file
            .units
            .iter()
            .any(|u| u.name == "Brig. Gen. Joseph R. Davis")
    );
    assert!(
        changes
            .iter()
            .any(|c| c.successor.as_deref() == Some("Col. John M. Stone"))
    );
}

/// A campaign saved between battles resumes where it stood: its battles fought, its roster,
/// the next battle with the same units carried in.
#[test]
fn a_campaign_save_resumes_where_it_stood() {
    let mut c = gettysburg();
    let (rc, _) = c.next_battle().unwrap().unwrap();
    let mut board = rc.board();
    let i = board
        .units
        .iter()
        .position(|u| u.name == "42nd Mississippi")
        .unwrap();
    board.units[i].men = 77;
    c.conclude(&rc, &board, VictoryLevel::MinorVictory);
    let text = c.to_text();
    let back = Campaign::from_text("saved.ron", &text).unwrap();
    assert_eq!(back.at, c.at);
    assert_eq!(back.fought, c.fought);
    assert_eq!(back.roster, c.roster);
    assert_eq!(back.score(), c.score());
    let carried = |c: &Campaign| c.next_battle().unwrap().unwrap().0.source;
    assert_eq!(carried(&back), carried(&c));
    // Something that is not a campaign save is refused, and says why.
    let e = Campaign::from_text("x.ron", "(name: \"x\")").unwrap_err();
    assert!(e.to_string().contains("not a Bayonet campaign save"), "{e}");
    let e = Campaign::from_text("x.ron", &text.replace("version: 1", "version: 9")).unwrap_err();
    assert!(e.to_string().contains("version 9"), "{e}");
}

/// A campaign file's faults, each with its line and in the player's words: a battle that does
/// not load, a road to nowhere, a road that comes back, a side no battle has, a battle no road
/// reaches.
#[test]
fn a_bad_campaign_is_told_every_fault_with_its_line() {
    let text = std::fs::read_to_string(GETTYSBURG).unwrap();
    let cases = [
        (
            text.replace("maps/little_round_top.ron", "maps/nowhere.ron"),
            "does not load",
        ),
        (
            text.replace(
                "then: Battle(\"picketts_charge\")",
                "then: Battle(\"cemetery_hill\")",
            ),
            "not one of its battles",
        ),
        (
            text.replace(
                "then: End,\n        ),\n    ],",
                "then: Battle(\"railroad_cut\"),\n        ),\n    ],",
            ),
            "a campaign must end",
        ),
        (
            text.replace("side: \"Confederate\"", "side: \"Prussian\""),
            "has only Union and Confederate",
        ),
        (
            text.replace("then: Battle(\"little_round_top\")", "then: End"),
            "no result of any battle leads",
        ),
        (
            text.replace("level: \"Major Defeat\"", "level: \"Rout\""),
            "is not one of",
        ),
    ];
    for (bad, says) in cases {
        assert_ne!(bad, text, "the case {says} changed nothing");
        let (faults, _) = bayonet::campaign::check::faults("bad.campaign.ron", &bad);
        let hit = faults.iter().find(|f| f.message.contains(says));
        let hit = hit.unwrap_or_else(|| panic!("{says}: {faults:?}"));
        assert!(hit.line.is_some(), "{says}: no line: {hit}");
        assert!(
            !hit.message.contains("Next") && !hit.message.contains("VictoryLevel"),
            "{hit}"
        );
        assert!(Campaign::begin("bad.campaign.ron", &bad).is_err());
    }
}

/// The campaign's score: each result worth 0 to 4 for the campaign's side, times its weight
/// (Pickett's Charge weighs 2); the campaign's level the mean result.
#[test]
fn the_campaigns_score_weighs_each_result() {
    let mut c = gettysburg();
    let results = [
        VictoryLevel::MajorVictory,
        VictoryLevel::MinorDefeat,
        VictoryLevel::MajorVictory,
    ];
    for level in results {
        let (s, _) = c.next_battle().unwrap().unwrap();
        c.conclude(&s, &s.board(), level);
    }
    assert!(c.at.is_none() && c.next_battle().is_none());
    let score = c.score();
    assert_eq!((score.points, score.out_of), (4 + 1 + 4 * 2, 16));
    assert_eq!(
        score.level,
        VictoryLevel::MinorVictory,
        "13 of 16 is a mean of 3.25"
    );
}

/// The result the campaign reads is its side's: Gettysburg's battles have the Confederates'
/// levels; the same campaign written for the Union reads each the other way round, and its
/// branches follow the Union's result.
#[test]
fn the_campaign_reads_each_result_as_its_side_has_it() {
    let c = gettysburg();
    let (rc, _) = c.next_battle().unwrap().unwrap();
    assert_eq!(rc.side_name(rc.first_side), "Confederate");
    let board = rc.board();
    let first = bayonet::rules::victory::report(&rc, &board).level;
    assert_eq!(c.level_of(&rc, &board), first);
    let text = std::fs::read_to_string(GETTYSBURG).unwrap();
    let mut union = Campaign::begin(
        "union.campaign.ron",
        &text.replace("side: \"Confederate\"", "side: \"Union\""),
    )
    .unwrap();
    assert_eq!(union.level_of(&rc, &board), first.for_the_other_side());
    // A Union major defeat is what ends this campaign on its first day.
    union.finish(&rc, &board);
    let _ = Side(0);
    let ended = union.fought[0].level == VictoryLevel::MajorDefeat;
    assert_eq!(union.at.is_none(), ended);
}

/// Issue 61, how it is checked: the campaign played to its end by the computer on both sides,
/// through the interpreter, each battle's result choosing the next, the losses carried.
#[test]
fn the_gettysburg_campaign_plays_to_its_end_through_the_interpreter() {
    use bayonet::rules::game::Game;
    let mut c = gettysburg();
    let brain = bayonet::sim::Brain::Computer;
    let mut seed = 1;
    while let Some(next) = c.next_battle() {
        let (s, _) = next.unwrap();
        let mut game = Game::new(s.clone(), Some(seed));
        bayonet::cli::autoplay::play(&mut game, [brain; 2]);
        assert!(game.board.over, "{}: played to its end", s.name);
        let before = c.fought.len();
        let level = c.level_of(&game.start, &game.board);
        let at = c.at.clone().unwrap();
        let fought = c.finish(&game.start, &game.board).clone();
        assert_eq!(c.fought.len(), before + 1);
        assert_eq!(fought.level, level);
        let entry = c.plan().battle(&at).unwrap();
        let expected = entry.next(level).0.clone();
        match (&expected, &c.at) {
            (Next::Battle(b), Some(at)) => assert_eq!(b, at),
            (Next::End, None) => {}
            other => panic!("{other:?}"),
        }
        seed += 1;
    }
    assert!(!c.fought.is_empty());
    // The roster knows every unit that fought, and the losses: someone lost men.
    assert!(c.roster.units.values().any(|u| u.gone || u.men > 0));
}

/// Without the trains, what a unit's cartridge boxes held carries over, the worse of the two
/// kept; a night's rest sheds fatigue down to nothing, never below.
#[test]
fn ammunition_carries_over_without_the_trains_and_rest_sheds_fatigue() {
    use bayonet::campaign::{Carried, Rest, Roster};
    use bayonet::rules::scenario::ScenarioFile;
    let text = &bayonet::load_scenario("maps/burnside_bridge.ron")
        .unwrap()
        .source;
    let file: ScenarioFile = bayonet::rules::scenario::ron_options()
        .from_str(text)
        .unwrap();
    let carried = |ammo, fatigue| Carried {
        men: 1000,
        guns: 0,
        fatigue,
        ammo,
        gone: false,
        last: "before".into(),
    };
    let key = |name: &str| ("Confederate".to_string(), name.to_string());
    let mut roster = Roster::default();
    roster
        .units
        .insert(key("20th Georgia"), carried(Ammo::Low, 300));
    roster
        .units
        .insert(key("2nd Georgia"), carried(Ammo::Normal, 50));
    roster
        .units
        .insert(key("50th Georgia"), carried(Ammo::Out, 0));
    roster.rest(Rest {
        fatigue: 100,
        resupply: false,
    });
    let tired = |r: &Roster, n: &str| r.units[&key(n)].fatigue;
    assert_eq!(
        (
            tired(&roster, "20th Georgia"),
            tired(&roster, "2nd Georgia")
        ),
        (200, 0)
    );
    let mut f = file.clone();
    // The battle's own 2nd Georgia starts short of cartridges: the worse stays.
    f.units
        .iter_mut()
        .find(|u| u.name == "2nd Georgia")
        .unwrap()
        .ammo = Ammo::Low;
    roster.carry_into(&mut f);
    let ammo = |f: &ScenarioFile, n: &str| f.units.iter().find(|u| u.name == n).unwrap().ammo;
    assert_eq!(ammo(&f, "20th Georgia"), Ammo::Low);
    assert_eq!(ammo(&f, "2nd Georgia"), Ammo::Low);
    assert_eq!(ammo(&f, "50th Georgia"), Ammo::Out);
    // With the trains: all filled.
    roster.rest(Rest {
        fatigue: 0,
        resupply: true,
    });
    let mut f = file.clone();
    roster.carry_into(&mut f);
    for n in ["20th Georgia", "2nd Georgia", "50th Georgia"] {
        assert_eq!(ammo(&f, n), Ammo::Normal, "{n}");
    }
}

/// Issue 61, item 4 (campaign saves that resume): a campaign left in the middle of a battle
/// keeps the battle's save in its own; opened again from its text it offers that battle at the
/// turn it was left, with the units carried in and the same dice ahead, so that carrying it on
/// ends exactly as the game that was never left; finishing it records the result and clears it.
#[test]
fn a_campaign_left_in_the_middle_of_a_battle_resumes_it_there() {
    use bayonet::cli::autoplay::{play, play_side_turns};
    use bayonet::rules::game::Game;
    let brains = [bayonet::sim::Brain::Computer; 2];
    let mut c = gettysburg();
    let opening = c.battle_to_open().unwrap().unwrap();
    assert!(
        opening.under_way.is_none(),
        "a fresh campaign starts its battle"
    );
    let mut game = Game::new(opening.start.clone(), Some(5));
    play_side_turns(&mut game, brains, 5);
    let left_on = game.board.turn;
    assert!(left_on > 1 && !game.board.over);
    c.keep(bayonet::save::save_of(&game));

    let mut back = Campaign::from_text("saved.ron", &c.to_text()).unwrap();
    let again = back.battle_to_open().unwrap().unwrap();
    let save = again.under_way.expect("the battle under way is offered");
    assert_eq!(save.snapshot.turn, left_on);
    assert_eq!(
        again.start.source, opening.start.source,
        "the same units carried in"
    );
    assert_eq!(again.changes, opening.changes);
    let mut resumed = bayonet::save::game_of(&save).unwrap();
    assert_eq!(resumed.board.units, game.board.units);
    // Carried on, it ends as the game never left does: the same dice and the same state.
    play(&mut game, brains);
    play(&mut resumed, brains);
    assert_eq!(resumed.snapshot().hash(), game.snapshot().hash());
    let fought = back.finish(&resumed.start, &resumed.board).clone();
    assert_eq!(fought.battle, "railroad_cut");
    assert!(
        back.battle.is_none(),
        "a battle finished is no longer under way"
    );
    let next = back.battle_to_open().unwrap().unwrap();
    assert!(next.under_way.is_none() && next.start.name.contains("Round Top"));
    // A campaign that is over keeps no battle.
    let mut over = back.clone();
    over.at = None;
    over.keep(bayonet::save::save_of(&resumed));
    assert!(over.battle.is_none());
}

/// Issue 76, item 12: a regiment that kept all its men on the first day brings them all to the
/// third (the 26th North Carolina: 840, where history had 215 left), and the campaign screen and
/// the command line say so in the same words.
#[test]
fn a_regiment_that_kept_its_men_brings_them_all() {
    let mut c = gettysburg();
    let (rc, _) = c.next_battle().unwrap().unwrap();
    c.conclude(&rc, &rc.board(), VictoryLevel::Draw);
    let (lrt, _) = c.next_battle().unwrap().unwrap();
    c.conclude(&lrt, &lrt.board(), VictoryLevel::Draw);
    let (pc, changes) = c.next_battle().unwrap().unwrap();
    let unit = pc
        .units
        .iter()
        .find(|u| u.name == "26th North Carolina")
        .unwrap();
    assert_eq!(unit.men, 840);
    let ch = changes
        .iter()
        .find(|ch| ch.unit == "26th North Carolina")
        .unwrap();
    assert_eq!(
        ch.words(&c.fought_name(&ch.from)),
        "26th North Carolina (Confederate), after The Railroad Cut, Gettysburg, 1 July 1863: \
         840 men (history had 215)"
    );
}
