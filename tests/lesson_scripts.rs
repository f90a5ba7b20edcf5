//! The boot camp's scripts (issue 48), without a window: each lesson's files check clean and are
//! the copies the game carries, and a script that names what its scenario lacks is refused at
//! its line, in words.

/// The lessons' files check clean (`bayonet check` on each script), and the copies the game
/// carries (the browser has no files) are the files.
#[test]
fn every_lesson_checks_clean_and_is_carried_as_it_is_on_disk() {
    for (path, text, scenario) in bayonet::lesson::LESSONS {
        assert_eq!(bayonet::lesson::check_file(path), vec![], "{path}");
        assert_eq!(std::fs::read_to_string(path).unwrap(), text, "{path}");
        let (script, _) = bayonet::lesson::open(
            1 + bayonet::lesson::LESSONS
                .iter()
                .position(|l| l.0 == path)
                .unwrap(),
        )
        .unwrap();
        let beside = bayonet::lesson::scenario_path(path, &script);
        assert_eq!(
            std::fs::read_to_string(&beside).unwrap(),
            scenario,
            "{beside}"
        );
    }
    // Every lesson's last step is read and then opens the next (the panel's Onward).
    for n in 1..=bayonet::lesson::COUNT {
        let (script, _) = bayonet::lesson::open(n).unwrap();
        assert_eq!(
            script.steps.last().map(|s| s.done.clone()),
            Some(bayonet::lesson::Goal::Next),
            "lesson {n}"
        );
    }
    assert!(bayonet::lesson::open(0).is_err());
    assert!(bayonet::lesson::open(bayonet::lesson::COUNT + 1).is_err());
}

/// A script that names a unit its scenario lacks, a hex off its map or a button the game has
/// not is refused, each fault with its line, in words (not the reader's type names).
#[test]
fn a_step_naming_an_unknown_unit_hex_or_button_is_refused_with_its_line() {
    use bayonet::lesson::Script;
    let (_, scenario) = bayonet::lesson::open(4).unwrap();
    let good = bayonet::lesson::LESSONS[3].1;
    let bad = good.replace("point: Unit(2),", "point: Unit(99),").replace(
        "to: (6, 5)),\n            hint: \"First the 20th",
        "to: (60, 5)),\n            hint: \"First the 20th",
    );
    let script = Script::parse("bad.lesson.ron", &bad).unwrap();
    let faults = script.faults("bad.lesson.ron", &bad, &scenario);
    let said: Vec<String> = faults.iter().map(|f| f.to_string()).collect();
    assert_eq!(faults.len(), 2, "{said:?}");
    let line_of = |needle: &str| {
        1 + bad
            .lines()
            .position(|l| l.contains("say:") && l.contains(needle))
            .unwrap()
    };
    assert_eq!(faults[0].line, Some(line_of("Melee: drag from")));
    assert!(
        said[0].contains("the hex 60,5 is off the map (12×10 hexes)"),
        "{said:?}"
    );
    assert_eq!(faults[1].line, Some(line_of("Attackers join")));
    assert!(said[1].contains("there is no unit 99"), "{said:?}");
    // A button the game has not: the reader's error, in words, at its line.
    let bad = good.replace("Button(Resolve)", "Button(Resolv)");
    let e = Script::parse("bad.lesson.ron", &bad).unwrap_err();
    let line = 1 + bad.lines().position(|l| l.contains("Resolv)")).unwrap();
    assert_eq!(e.line, Some(line));
    assert!(
        e.message.starts_with("unknown button `Resolv`"),
        "{}",
        e.message
    );
    assert!(!e.message.contains("enum"), "{}", e.message);
}

/// Issue 59: each step's check is exact. Lesson 2's facing step wants the 15th Alabama in the
/// 20th Maine's front (it said "Well faced" for any facing); lesson 4's first melee is the
/// 20th Maine's (any attacker passed, so joining was never learned); lesson 6's undo is the
/// 20th Maine's move taken back (any undo passed); lesson 3's Sight step is a look between two
/// hexes (opening the tool passed).
#[test]
fn every_step_checks_the_exact_action() {
    use bayonet::lesson::{Button, Progress, Sign};
    use bayonet::rules::hex::Facing;
    use bayonet::rules::order::{At, Order};
    use bayonet::rules::unit::{Side, UnitId};
    let at_step = |n: usize, step: usize| {
        let (script, s) = bayonet::lesson::open(n).unwrap();
        let p = Progress { step, hint: None };
        (script, s.board(), p)
    };
    // Lesson 2, step 3 (from 0): the 20th Maine on the ridge at 5,4.
    let (script, mut b, mut p) = at_step(2, 3);
    b.unit_mut(UnitId(1)).unwrap().hex =
        b.map.hex_at(bayonet::rules::map::Coord { col: 5, row: 4 });
    let face = |f: Facing| {
        Sign::Done(Order::Face {
            unit: UnitId(1),
            facing: f,
        })
    };
    p.feed(&script, Side(0), &b, &[face(Facing::SW)]);
    assert_eq!(p.step, 3, "facing away is not well faced");
    assert!(
        p.hint.as_deref().is_some_and(|h| h.contains("10,3")),
        "{:?}",
        p.hint
    );
    p.feed(&script, Side(0), &b, &[face(Facing::NE)]);
    assert_eq!(p.step, 4);
    // Lesson 4, step 0: the 83rd Pennsylvania's melee first is not the step.
    let (script, b, mut p) = at_step(4, 0);
    let melee = |u: u32| {
        Sign::Done(Order::Melee {
            from: Vec::new(),
            units: vec![UnitId(u)],
            at: At(6, 5),
            follow_up: true,
        })
    };
    p.feed(&script, Side(0), &b, &[melee(2)]);
    assert_eq!(p.step, 0);
    p.feed(&script, Side(0), &b, &[melee(1)]);
    assert_eq!(p.step, 1);
    // Lesson 6, step 2: an undo that leaves the 20th Maine moved is not the step.
    let (script, mut b, mut p) = at_step(6, 2);
    b.unit_mut(UnitId(1)).unwrap().marks.moved = true;
    p.feed(&script, Side(0), &b, &[Sign::Done(Order::Undo)]);
    assert_eq!(p.step, 2);
    assert!(p.hint.is_some());
    b.unit_mut(UnitId(1)).unwrap().marks.moved = false;
    p.feed(&script, Side(0), &b, &[Sign::Done(Order::Undo)]);
    assert_eq!(p.step, 3);
    // Lesson 3, step 3: Sight pressed opens the tool; the look between two hexes is the step.
    let (script, b, mut p) = at_step(3, 3);
    p.feed(&script, Side(0), &b, &[Sign::Pressed(Button::Sight)]);
    assert_eq!((p.step, p.hint.clone()), (3, None));
    p.feed(&script, Side(0), &b, &[Sign::Looked]);
    assert_eq!(p.step, 4);
}
