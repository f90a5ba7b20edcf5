//! The battle plan (issue 75): each formation's mission from the scenario's intent or the board,
//! and the tactics that serve it — a brigade ordered to attack reaches and melees its objective
//! against a defender that only holds, a defender counter-attacks a lodgement, and the plan made
//! from the side's view is the same whatever the hidden enemy does (D-fow-6).

use std::sync::Arc;

use bayonet::ai::Level;
use bayonet::ai::battle_plan::{self, BattlePlan};
use bayonet::rules::event::Event;
use bayonet::rules::game::Game;
use bayonet::rules::hex::{Facing, Hex, distance};
use bayonet::rules::intent::{Directive, Intent, Mission};
use bayonet::rules::map::Objective;
use bayonet::rules::scenario::Scenario;
use bayonet::rules::unit::{Post, Side};
use bayonet::sim::Brain;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::common::{Field, inf};

fn objective(name: &str, hex: Hex, points: u32, owner: Option<Side>) -> Objective {
    Objective {
        name: name.into(),
        hex,
        points,
        owner,
        since: None,
    }
}

/// The melees fought on `d` in `events` (side 1 only holds: side 0's).
fn melees_on(events: &[Event], d: Hex) -> usize {
    events
        .iter()
        .filter(|e| matches!(e, Event::MeleeResolved(m) if m.0.declaration.defending_hex == d))
        .count()
}

/// Side 0's brigade of three 450-man regiments ten hexes west of a hill side 1 holds with one
/// 350-man regiment; side 0 holds a town worth more behind it, so that, ahead on the objectives
/// and with no order, it has no reason to attack.
fn hill_field() -> (Scenario, Hex) {
    let mut f = Field::new(22, 12);
    let hill = f.hex(15, 6);
    let town = f.hex(2, 6);
    f.map
        .objectives
        .push(objective("Town", town, 200, Some(Side(0))));
    f.map
        .objectives
        .push(objective("Hill", hill, 100, Some(Side(1))));
    f.add(1, inf(), hill, Facing::NW, 350);
    for row in [5, 6, 7] {
        f.add(0, inf(), f.hex(5, row), Facing::NE, 450);
    }
    let mut s = f.scenario();
    // Long enough that a defender would not yet go over to the attack for want of an enemy
    // (after a third of the battle) in the five turns the order gives.
    s.turns = 15;
    (s, hill)
}

fn play(s: &Scenario, seed: u64, side_turns: usize) -> Vec<Event> {
    let mut game = Game::new(s.clone(), Some(seed));
    bayonet::cli::autoplay::play_side_turns(
        &mut game,
        [Brain::Planner(Level::Skilled), Brain::Hold],
        side_turns,
    )
}

/// Issue 75, how it is checked: a brigade ordered to attack (the scenario's intent: attack the
/// Hill by turn 5) marches on it and melees it within its turns against a defender that only
/// holds; the same brigade with no order, ahead on the objectives,
/// stays at home in every one — the order, not the board, sends it. (In at least eight of ten
/// seeds: the defender's fire may break the brigade on the way, and a spent brigade rallies first.)
#[test]
fn a_brigade_ordered_to_attack_reaches_and_melees_its_objective_in_its_turns() {
    let (plain, hill) = hill_field();
    let mut ordered = plain.clone();
    ordered.intent = Arc::new(Intent {
        attacker: None,
        meeting: false,
        directives: vec![Directive {
            side: Side(0),
            formation: Some(Post::Brigade("B0".into())),
            mission: Mission::Attack,
            objective: Some(hill),
            from: 1,
            until: Some(5),
        }],
    });
    let plan = battle_plan::of(&ordered.board(), Side(0));
    let task = plan.task("B0").expect("the brigade has a task");
    assert_eq!(
        (task.mission, task.at, task.by, task.ordered),
        (Mission::Attack, Some(hill), 5, true)
    );
    // Five turns of side 0 (and side 1's between): the side turns up to turn 5's end.
    let mut reached = 0;
    for seed in 1..=10 {
        if melees_on(&play(&ordered, seed, 10), hill) > 0 {
            reached += 1;
        }
        let idle = play(&plain, seed, 10);
        assert_eq!(melees_on(&idle, hill), 0, "seed {seed}: attacked unordered");
    }
    assert!(
        reached >= 8,
        "the Hill meleed by turn 5 in {reached} of 10 seeds"
    );
}

/// The same field, the Hill held by side 1 and taken from side 0 in the game (a lodgement) with
/// the town still side 0's; side 1 the attacker by the battle's action, so side 0 defends.
fn lodgement_field(taken_in_the_game: bool) -> (Scenario, Hex) {
    let mut f = Field::new(22, 12);
    let hill = f.hex(10, 6);
    f.map
        .objectives
        .push(objective("Town", f.hex(2, 6), 200, Some(Side(0))));
    let mut o = objective("Hill", hill, 100, Some(Side(1)));
    o.since = taken_in_the_game.then_some(1);
    f.map.objectives.push(o);
    f.add(1, inf(), hill, Facing::SW, 300);
    for row in [5, 6, 7] {
        f.add(0, inf(), f.hex(6, row), Facing::NE, 400);
    }
    let mut s = f.scenario();
    s.turns = 8;
    s.intent = Arc::new(Intent {
        attacker: Some(Side(1)),
        meeting: false,
        directives: Vec::new(),
    });
    (s, hill)
}

/// Issue 75: a defender counter-attacks a lodgement. The Hill taken from side 0 in the game is
/// counter-attacked: its brigade is given Attack on it, and a melee is fought there within
/// three of its turns in at least seven of eight seeds. Held by side 1 since the start it is no
/// lodgement: side 0, the defender, is given its town to hold.
#[test]
fn a_defender_counter_attacks_a_lodgement() {
    let (lodged, hill) = lodgement_field(true);
    let plan = battle_plan::of(&lodged.board(), Side(0));
    let task = plan.task("B0").unwrap();
    assert_eq!((task.mission, task.at), (Mission::Attack, Some(hill)));
    let (held, _) = lodgement_field(false);
    let plan = battle_plan::of(&held.board(), Side(0));
    assert_eq!(plan.task("B0").unwrap().mission, Mission::Hold);
    let met = (1..=8)
        .filter(|seed| melees_on(&play(&lodged, *seed, 6), hill) > 0)
        .count();
    assert!(met >= 7, "the lodgement meleed in {met} of 8 seeds");
}

/// A spent brigade (more than half its men routed or disrupted) rallies before it goes again:
/// its task is marked spent and its units take no mission's part; rallied, the attack is its
/// task again.
#[test]
fn a_spent_brigade_rallies_before_it_goes_again() {
    let (mut s, _) = hill_field();
    s.intent = Arc::new(Intent {
        attacker: Some(Side(0)),
        meeting: false,
        directives: Vec::new(),
    });
    let mut b = s.board();
    let fresh = battle_plan::of(&b, Side(0));
    assert!(!fresh.task("B0").unwrap().spent);
    assert_eq!(fresh.task("B0").unwrap().mission, Mission::Attack);
    let ours: Vec<_> = b
        .units
        .iter()
        .filter(|u| u.side == Side(0))
        .map(|u| u.id)
        .collect();
    for id in &ours[..2] {
        b.unit_mut(*id).unwrap().disrupted = true;
    }
    assert!(battle_plan::of(&b, Side(0)).task("B0").unwrap().spent);
    // One of three worn is a third of its men: not spent.
    b.unit_mut(ours[1]).unwrap().disrupted = false;
    assert!(!battle_plan::of(&b, Side(0)).task("B0").unwrap().spent);
}

/// D-fow-6, as a property: under fog of war the plan side 0 makes (its battle plan and its whole
/// turn's orders) is the same whatever the enemy it cannot see is and does — 40 draws of hidden
/// regiments, their number, strength and places all beyond sight, against the same seen board.
#[test]
fn the_plan_from_the_sides_view_is_the_same_whatever_the_hidden_enemy_does() {
    let mut f = Field::new(40, 12);
    f.params.optional.fog_of_war = true;
    let hill = f.hex(12, 6);
    f.map
        .objectives
        .push(objective("Hill", hill, 100, Some(Side(1))));
    f.map
        .objectives
        .push(objective("Far farm", f.hex(36, 3), 150, Some(Side(1))));
    for row in [4, 6, 8] {
        f.add(0, inf(), f.hex(3, row), Facing::NE, 400);
    }
    // Seen: one regiment on the hill.
    f.add(1, inf(), hill, Facing::SW, 300);
    let mut s = f.scenario();
    s.turns = 10;
    s.intent = Arc::new(Intent {
        attacker: Some(Side(0)),
        meeting: false,
        directives: Vec::new(),
    });
    let seen = s.board();
    let base_plan = battle_plan::of(
        &bayonet::rules::planning::turn_view(&seen, Side(0)).board,
        Side(0),
    );
    let base_orders = bayonet::ai::plan::plan_turn(&seen, Side(0), Level::Skilled);
    assert!(
        !base_plan.tasks.is_empty() && base_orders.len() > 1,
        "a plan to compare"
    );
    let mut rng = ChaCha8Rng::seed_from_u64(75);
    for draw in 0..40 {
        let mut g = f.clone();
        for _ in 0..rng.random_range(1..6) {
            // Beyond the 16 hexes a regiment sees by day, from every one of side 0's.
            let at = g.hex(rng.random_range(21..40), rng.random_range(0..12));
            if g.units.iter().any(|u| u.hex == at) {
                continue;
            }
            let facing = Facing::ALL[rng.random_range(0..6)];
            let id = g.add(1, inf(), at, facing, rng.random_range(100..900));
            if rng.random_bool(0.5) {
                g.unit(id).disrupted = true;
            }
        }
        let mut hs = g.scenario();
        hs.turns = s.turns;
        hs.intent = s.intent.clone();
        let hidden = hs.board();
        assert!(
            hidden
                .units
                .iter()
                .filter(|u| u.side == Side(1) && u.hex != hill)
                .all(|u| !bayonet::rules::fog::sees(&hidden, Side(0), u.hex)
                    && distance(u.hex, f.hex(3, 6)) > 16),
            "draw {draw}: a hidden regiment is seen"
        );
        let view = bayonet::rules::planning::turn_view(&hidden, Side(0)).board;
        let plan: BattlePlan = battle_plan::of(&view, Side(0));
        assert_eq!(plan, base_plan, "draw {draw}: the battle plan differs");
        assert_eq!(
            bayonet::ai::plan::plan_turn(&hidden, Side(0), Level::Skilled),
            base_orders,
            "draw {draw}: the orders differ"
        );
    }
}

/// Issue 75: a defender whose enemy does not come goes over to the attack. Side 0 ahead on the
/// objectives, with no order and no enemy within five hexes, holds for the first third of the
/// battle and attacks the Hill after it; with an enemy regiment four hexes off, it holds on.
#[test]
fn a_defender_whose_enemy_does_not_come_goes_over_to_the_attack() {
    let (s, hill) = hill_field();
    let mut b = s.board();
    assert_eq!(b.last_turn, 15);
    let mission = |b: &bayonet::rules::board::Board| {
        let t = *battle_plan::of(b, Side(0)).task("B0").unwrap();
        (t.mission, t.at)
    };
    b.turn = 5;
    assert_eq!(mission(&b).0, Mission::Hold);
    b.turn = 6;
    assert_eq!(mission(&b), (Mission::Attack, Some(hill)));
    let near = b
        .units
        .iter()
        .find(|u| u.side == Side(1))
        .map(|u| u.id)
        .unwrap();
    let at = b.map.hex_at(bayonet::rules::map::Coord { col: 9, row: 6 });
    b.unit_mut(near).unwrap().hex = at;
    assert_eq!(mission(&b).0, Mission::Hold);
}

/// Issue 75: a brigade the scenario orders to attack goes on until three in four of its men are
/// worn, not half (history's ordered assaults — Pickett's, Cleburne's — were pressed past
/// half): two of its three regiments disrupted leave it attacking, where the same brigade
/// attacking by the battle's action alone is spent (the test above); all three, and it rallies.
#[test]
fn an_ordered_attack_is_spent_only_at_three_in_four_worn() {
    let (mut s, hill) = hill_field();
    s.intent = Arc::new(Intent {
        attacker: Some(Side(0)),
        meeting: false,
        directives: vec![Directive {
            side: Side(0),
            formation: Some(Post::Brigade("B0".into())),
            mission: Mission::Attack,
            objective: Some(hill),
            from: 1,
            until: None,
        }],
    });
    let mut b = s.board();
    let ours: Vec<_> = b
        .units
        .iter()
        .filter(|u| u.side == Side(0))
        .map(|u| u.id)
        .collect();
    for id in &ours[..2] {
        b.unit_mut(*id).unwrap().disrupted = true;
    }
    let task = *battle_plan::of(&b, Side(0)).task("B0").unwrap();
    assert!(task.ordered && !task.spent, "two of three worn: {task:?}");
    b.unit_mut(ours[2]).unwrap().routed = true;
    assert!(battle_plan::of(&b, Side(0)).task("B0").unwrap().spent);
}

/// One side-0 regiment next to a side-1 regiment on the Hill, the defender's men chosen so the
/// melee's whole-resolution odds are about even (47 % to 53 %): below a plain attack's bar
/// (55 %), above an ordered one's (45 %). Side 0 attacks by the battle's action; `ordered`
/// adds the scenario's order to take the Hill.
fn even_melee(ordered: bool) -> (Scenario, Hex) {
    use bayonet::rules::melee::{Declaration, whole_odds};
    for men in (200..=360).step_by(5) {
        let mut f = Field::new(8, 6);
        let hill = f.hex(3, 3);
        f.map
            .objectives
            .push(objective("Hill", hill, 100, Some(Side(1))));
        let a = f.add(0, inf(), f.hex(2, 3), Facing::SE, 450);
        f.add(1, inf(), hill, Facing::NW, men);
        let mut s = f.scenario();
        s.turns = 6;
        s.intent = Arc::new(Intent {
            attacker: Some(Side(0)),
            meeting: false,
            directives: ordered
                .then(|| Directive {
                    side: Side(0),
                    formation: Some(Post::Brigade("B0".into())),
                    mission: Mission::Attack,
                    objective: Some(hill),
                    from: 1,
                    until: None,
                })
                .into_iter()
                .collect(),
        });
        let decl = Declaration {
            attackers: vec![a],
            defending_hex: hill,
            follow_up: true,
        };
        let p = whole_odds(&s.board(), &decl).attacker_win_probability;
        if (0.47..0.53).contains(&p) {
            return (s, hill);
        }
    }
    panic!("no defender's strength gives even odds");
}

/// Issue 75: an attack the scenario orders melees at lower odds than one the battle's action
/// alone sends (the commander's intent carries it in): at even odds the ordered regiment goes
/// in, in every one of eight seeds, and the plain one in none.
#[test]
fn an_ordered_attack_melees_at_odds_a_plain_one_declines() {
    let (plain, hill) = even_melee(false);
    let (ordered, _) = even_melee(true);
    // Declared, whatever the defenders' fire then does to it (it may call the attack off).
    let declared = |events: &[Event]| {
        events
            .iter()
            .filter(|e| matches!(e, Event::MeleeDeclared(m) if m.declaration.defending_hex == hill))
            .count()
    };
    for seed in 1..=8 {
        assert_eq!(declared(&play(&plain, seed, 1)), 0, "seed {seed}: plain");
        assert!(
            declared(&play(&ordered, seed, 1)) > 0,
            "seed {seed}: ordered"
        );
    }
}
