//! RULES.md §13, victory: objectives held, each kind of loss at its value (men 1, guns 20,
//! wagons 25, leaders 50, captured guns per §9.5), the first side's total and the five levels at
//! their thresholds.

use bayonet::rules::hex::Facing;
use bayonet::rules::map::Objective;
use bayonet::rules::unit::{Side, UnitKind};
use bayonet::rules::victory::VictoryLevel;
use bayonet::rules::victory::report;

use crate::common::{Field, inf};

/// Both sides' forces: per side a regiment of 300, a 4-gun battery, a wagon and a leader.
fn field() -> (Field, [[bayonet::rules::unit::UnitId; 4]; 2]) {
    let mut f = Field::new(12, 10);
    let mut ids = [[bayonet::rules::unit::UnitId(0); 4]; 2];
    for side in 0..2u8 {
        let col = 2 + 6 * side as i32;
        let kinds = [
            (inf(), 300),
            (UnitKind::Artillery, 4),
            (UnitKind::Supply, 20),
            (UnitKind::Leader, 0),
        ];
        for (k, (kind, n)) in kinds.into_iter().enumerate() {
            ids[side as usize][k] = f.add(side, kind, f.hex(col, 1 + 2 * k as i32), Facing::N, n);
        }
    }
    (f, ids)
}

/// §13: each side's losses at their values — a man 1, a gun 20, a wagon 25, a leader 50 —
/// counted against the scenario's start, and the first side's total: its enemy's losses less
/// its own (D-vic-1).
#[test]
fn s13_losses_at_their_values() {
    let (f, [blue, grey]) = field();
    let s = f.scenario();
    let mut b = s.board();
    assert_eq!(report(&s, &b).losses, [0.0, 0.0]);
    b.unit_mut(grey[0]).unwrap().men -= 40;
    b.unit_mut(grey[1]).unwrap().guns -= 1;
    b.remove(grey[2]);
    b.remove(grey[3]);
    b.unit_mut(blue[0]).unwrap().men -= 7;
    let r = report(&s, &b);
    assert_eq!(r.losses, [7.0, 40.0 + 20.0 + 25.0 + 50.0]);
    assert_eq!(r.total, 135.0 - 7.0);
    // Units gone entirely count all they had: 300 men, 4 guns.
    b.remove(blue[0]);
    b.remove(blue[1]);
    assert_eq!(report(&s, &b).losses[0], 300.0 + 80.0);
    // The same board seen with the other side first: the total changes sign.
    let mut s2 = s.clone();
    s2.first_side = Side(1);
    let r2 = report(&s2, &b);
    assert_eq!(r2.total, -report(&s, &b).total);
}

/// §9.5 in §13: a battery the enemy has captured counts for its captors at 20 a gun it had when
/// taken, half when spiked.
#[test]
fn s13_captured_guns_at_the_value_their_captors_gain() {
    let (f, [_, grey]) = field();
    let s = f.scenario();
    let mut b = s.board();
    let g = b.unit_mut(grey[1]).unwrap();
    g.side = Side(0);
    g.captured_from = Some(Side(1));
    g.captured_guns = 4;
    g.guns = 3;
    assert_eq!(report(&s, &b).losses[1], 80.0);
    b.unit_mut(grey[1]).unwrap().crew = bayonet::rules::unit::Crew::Spiked;
    assert_eq!(report(&s, &b).losses[1], 40.0);
}

/// §13: objectives count for the side that holds them, the first side's less the enemy's;
/// the level from the total against the thresholds (here −10, −5, 5, 10): at or below a defeat
/// threshold is that defeat, at or above a victory threshold that victory, between them a Draw.
#[test]
fn s13_objectives_and_the_five_levels_at_their_thresholds() {
    let (mut f, _) = field();
    for (k, points) in [4u32, 5, 10, 11].into_iter().enumerate() {
        f.map.objectives.push(Objective {
            name: format!("o{k}"),
            hex: f.hex(5, k as i32),
            points,
            owner: None,
            since: None,
        });
    }
    let s = f.scenario();
    let mut b = s.board();
    let mut level = |owners: [Option<u8>; 4]| {
        for (o, w) in b.map.objectives.iter_mut().zip(owners) {
            o.owner = w.map(Side);
        }
        let r = report(&s, &b);
        (r.objectives, r.total, r.level)
    };
    assert_eq!(level([None; 4]), ([0, 0], 0.0, VictoryLevel::Draw));
    assert_eq!(
        level([Some(0), None, None, None]),
        ([4, 0], 4.0, VictoryLevel::Draw)
    );
    assert_eq!(
        level([None, Some(0), None, None]),
        ([5, 0], 5.0, VictoryLevel::MinorVictory)
    );
    assert_eq!(
        level([Some(0), Some(0), None, None]),
        ([9, 0], 9.0, VictoryLevel::MinorVictory)
    );
    assert_eq!(
        level([None, None, Some(0), None]),
        ([10, 0], 10.0, VictoryLevel::MajorVictory)
    );
    assert_eq!(
        level([Some(1), None, None, None]),
        ([0, 4], -4.0, VictoryLevel::Draw)
    );
    assert_eq!(
        level([None, Some(1), None, None]),
        ([0, 5], -5.0, VictoryLevel::MinorDefeat)
    );
    assert_eq!(
        level([Some(0), None, None, Some(1)]),
        ([4, 11], -7.0, VictoryLevel::MinorDefeat)
    );
    assert_eq!(
        level([None, None, Some(1), None]),
        ([0, 10], -10.0, VictoryLevel::MajorDefeat)
    );
    assert_eq!(
        level([None, None, None, Some(1)]),
        ([0, 11], -11.0, VictoryLevel::MajorDefeat)
    );
}

/// §13 with reinforcements: a unit still to arrive has lost nothing; once on the map, its
/// losses count.
#[test]
fn s13_reinforcements_count_once_they_have_arrived() {
    let (f, _) = field();
    let mut s = f.scenario();
    let mut late = s.units[0].clone();
    late.id = bayonet::rules::unit::UnitId(99);
    s.reinforcements
        .push(bayonet::rules::reinforcement::Reinforcement {
            turn: 2,
            unit: late.clone(),
        });
    let mut b = s.board();
    assert_eq!(report(&s, &b).losses, [0.0, 0.0], "not yet arrived");
    b.reinforcements.clear();
    late.men = 250;
    b.units.push(late);
    assert_eq!(report(&s, &b).losses, [50.0, 0.0]);
}

/// §14 Parameter Data in §13: the values a man, a gun, a wagon and a leader are worth are the
/// scenario's (here 3, 7, 11, 13): each loss counts at its own value.
#[test]
fn s13_loss_values_are_parameter_data() {
    let (mut f, [_, grey]) = field();
    let v = &mut f.params.victory;
    (v.per_man, v.per_gun, v.per_wagon, v.per_leader) = (3, 7, 11, 13);
    let s = f.scenario();
    let mut b = s.board();
    b.unit_mut(grey[0]).unwrap().men -= 10;
    b.unit_mut(grey[1]).unwrap().guns -= 2;
    b.remove(grey[2]);
    b.remove(grey[3]);
    assert_eq!(report(&s, &b).losses[1], 30.0 + 14.0 + 11.0 + 13.0);
}

/// D-obj-2: every change of the score has a reason that can be told in one line. Over two whole
/// computer games of Harper's Crossing, order by order, the changes `victory::changes` gives
/// add up exactly to the change of the total; objectives taken and men lost are among them.
#[test]
fn d_obj_2_every_change_of_the_score_has_its_reason() {
    use bayonet::rules::victory::{ScoreReason, changes};
    use bayonet::sim::Brain;
    let s =
        bayonet::rules::scenario::parse(bayonet::DEFAULT_SCENARIO_PATH, bayonet::DEFAULT_SCENARIO)
            .unwrap();
    let (mut taken, mut men) = (0, 0);
    for seed in [1, 2] {
        let (_, _, saved) =
            bayonet::cli::autoplay::autoplay_saved(&s, Some(seed), [Brain::Computer; 2]);
        let mut game = crate::common::table(s.clone(), seed);
        let mut before = game.board.clone();
        for o in saved.orders {
            game.give(&o).expect("a saved order is carried out again");
            let now = game.board.clone();
            let moved = report(&s, &now).total - report(&s, &before).total;
            let told = changes(&s, &before, &now);
            let sum: f64 = told.iter().map(|c| c.points).sum();
            assert!(
                (sum - moved).abs() < 1e-6,
                "seed {seed}: {told:?} add to {sum}, not {moved}"
            );
            assert!(
                told.iter()
                    .all(|c| c.points != 0.0 || matches!(c.reason, ScoreReason::Objective { .. }))
            );
            taken += told
                .iter()
                .filter(|c| matches!(c.reason, ScoreReason::Objective { .. }))
                .count();
            men += told
                .iter()
                .filter(|c| matches!(c.reason, ScoreReason::Men { .. }))
                .count();
            before = now;
        }
    }
    assert!(
        taken >= 2 && men >= 10,
        "{taken} objectives changed hands, {men} men losses"
    );
}

/// D-obj-2, issue 59: a leader lost is told by name ("+50: Union lost 1 leader" named nobody).
#[test]
fn d_obj_2_a_leader_lost_is_named() {
    use bayonet::rules::victory::{ScoreReason, changes};
    let (f, [_, grey]) = field();
    let s = f.scenario();
    let before = s.board();
    let mut after = before.clone();
    let name = after.unit(grey[3]).unwrap().name.clone();
    after.remove(grey[3]);
    let told = changes(&s, &before, &after);
    let leader = told
        .iter()
        .find(|c| matches!(c.reason, ScoreReason::Leaders { .. }))
        .expect("the leader's loss");
    let words = leader.words(&s, Side(0));
    assert!(
        words.ends_with(&format!("lost 1 leader ({name}, fallen)")),
        "{words}"
    );
}

/// D-obj-2's words, as each side reads them: its own points first, then why.
#[test]
fn d_obj_2_a_change_in_the_players_words() {
    use bayonet::rules::victory::{ScoreChange, ScoreReason};
    let s =
        bayonet::rules::scenario::parse(bayonet::DEFAULT_SCENARIO_PATH, bayonet::DEFAULT_SCENARIO)
            .unwrap();
    // Harper's Crossing: the Confederates (side 1) move first.
    assert_eq!(s.first_side, Side(1));
    let (union, confederate) = (Side(0), Side(1));
    let taken = ScoreChange {
        reason: ScoreReason::Objective {
            name: "Pike bridge".into(),
            by: Some(confederate),
            from: None,
        },
        points: 100.0,
    };
    assert_eq!(
        taken.words(&s, confederate),
        "+100: Pike bridge taken by the Confederate"
    );
    assert_eq!(
        taken.words(&s, union),
        "-100: Pike bridge taken by the Confederate"
    );
    let lost = ScoreChange {
        reason: ScoreReason::Men {
            side: union,
            count: 1,
        },
        points: 1.0,
    };
    assert_eq!(lost.words(&s, union), "-1: Union lost 1 man");
}

/// Issue 44, item 1: how far each side is from its next level up, in its own terms — for every
/// total from −130 to +130 on thresholds −100 / −50 / +50 / +100, adding the points it is short
/// (to its own side) reaches that level, and one point fewer does not.
#[test]
fn each_side_is_told_how_far_its_next_level_is() {
    use bayonet::rules::victory::{VictoryLevel, to_next_level};
    let mut f = Field::new(4, 4);
    f.add(0, UnitKind::Infantry, f.hex(0, 0), Facing::N, 100);
    let mut s = f.scenario();
    s.victory.major_defeat = -100;
    s.victory.minor_defeat = -50;
    s.victory.minor_victory = 50;
    s.victory.major_victory = 100;
    // The level a total stands at (§13's thresholds, as the report has them).
    let level = |t: f64| bayonet::rules::victory::level_of(&s.victory, t);
    let first = s.first_side;
    for t in -130..=130 {
        let t = t as f64;
        for side in [first, first.enemy()] {
            // The side's own level, and a total moved by `k` of its own points.
            let own = |x: f64| {
                if side == first {
                    level(x)
                } else {
                    level(x).for_the_other_side()
                }
            };
            let moved = |k: f64| if side == first { t + k } else { t - k };
            match to_next_level(&s, t, side) {
                Some((short, up)) => {
                    assert!(short >= 1.0, "{t} {side:?}");
                    assert_eq!(own(moved(short)), up, "{t} {side:?}: {short} short");
                    assert_eq!(
                        own(moved(short - 1.0)),
                        own(t),
                        "{t} {side:?}: {short} short"
                    );
                }
                None => assert_eq!(own(t), VictoryLevel::MajorVictory, "{t} {side:?}"),
            }
        }
    }
    // At -70, a Minor Defeat: 21 points short of a Draw (-49 is the first total above -50).
    assert_eq!(
        to_next_level(&s, -70.0, first),
        Some((21.0, VictoryLevel::Draw))
    );
}
