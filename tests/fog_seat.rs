//! Fog of war at the referee server (RULES.md §16 D-fow-8): games under Fog and Extreme Fog of
//! War on every scenario, played through the server by both seats; after every order each
//! seat's board, its records (as given and as re-read) and its replay hold nothing its side does
//! not know: no unseen enemy's id, hex or strength, and under Extreme no exact enemy strength.

use bayonet::rules::event::Event;
use std::collections::HashSet;
use std::time::{Duration, Instant};

use crate::common::OutcomeCursors;
use bayonet::dispatch::{GameState, Record};
use bayonet::remote::Seat;
use bayonet::rules::board::Board;
use bayonet::rules::fire::FireOutcome;
use bayonet::rules::fog;
use bayonet::rules::melee::UnitLoss;
use bayonet::rules::morale::MoraleCheck;
use bayonet::rules::order::Order;
use bayonet::rules::unit::{Side, UnitId};
use bayonet::sim::outcome::Outcome;
use bayonet::sim::{self, save::Snapshot};

use super::serve::{runtime, scripts_under, server_on, temp_db};

/// What a seat was sent: boards by the order they follow, and records.
#[derive(Default)]
struct Heard {
    boards: Vec<(i64, Snapshot)>,
    records: Vec<Record>,
}

impl Heard {
    /// A state sent when the game had taken `global` orders (the seat's own `seq` counts only
    /// those its side was told of).
    fn state(&mut self, s: &GameState, global: i64) {
        if let Some(b) = s.board() {
            self.boards.push((global, b));
        }
    }
}

/// The truth: the board after each order (index = orders taken) and each order's outcomes.
struct Truth {
    boards: Vec<Board>,
    outcomes: Vec<Vec<Outcome>>,
}

fn truth(scenario: &str, seed: u64, orders: &[Order]) -> Truth {
    let s = bayonet::load_scenario(scenario).unwrap();
    let mut app = crate::common::headless_app(s, Some(seed));
    let mut cursors = OutcomeCursors::default();
    cursors.read(app.world());
    let board = |app: &bevy::prelude::App| app.world().resource::<sim::Table>().board.clone();
    let mut t = Truth {
        boards: vec![board(&app)],
        outcomes: vec![Vec::new()],
    };
    for o in orders {
        app.world_mut().write_message(sim::GiveOrder(o.clone()));
        app.update();
        t.outcomes.push(cursors.read(app.world()));
        t.boards.push(board(&app));
    }
    t
}

/// Every unit an outcome names, read off its JSON (a field added to any outcome is covered).
fn units_named(o: &Outcome) -> Vec<UnitId> {
    fn walk(v: &serde_json::Value, under: &str, out: &mut Vec<UnitId>) {
        const ONE: [&str; 3] = ["unit", "firer", "battery"];
        const MANY: [&str; 11] = [
            "attackers",
            "eliminated",
            "released",
            "captured",
            "advanced",
            "end_of_phase_checks",
            "rallied",
            "isolated",
            "resupplied",
            "recovered",
            "arrived",
        ];
        match v {
            serde_json::Value::Number(n) if ONE.contains(&under) || MANY.contains(&under) => {
                out.extend(n.as_u64().map(|n| UnitId(n as u32)));
            }
            serde_json::Value::Array(a) if MANY.contains(&under) => {
                for x in a {
                    // (`recovered` and `arrived` are pairs: the unit comes first.)
                    match x {
                        serde_json::Value::Array(pair) => out.extend(
                            pair.first()
                                .and_then(|n| n.as_u64())
                                .map(|n| UnitId(n as u32)),
                        ),
                        serde_json::Value::Number(_) => walk(x, under, out),
                        _ => walk(x, "", out),
                    }
                }
            }
            serde_json::Value::Array(a) => a.iter().for_each(|x| walk(x, "", out)),
            serde_json::Value::Object(m) => m.iter().for_each(|(k, x)| walk(x, k, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    walk(&serde_json::to_value(o).unwrap(), "", &mut out);
    out
}

/// A board sent to the seat of `side` after `k` orders holds what its side knows and no more.
fn check_board(what: &str, sent: &Snapshot, truth: &Board, side: Side, extreme: bool) {
    // A game over is published whole (D-fow-7).
    if truth.over {
        assert_eq!(
            sent.units.len(),
            truth.units.len(),
            "{what}: the end shows all"
        );
        return;
    }
    let seen: HashSet<UnitId> = fog::spotted(truth, side).into_iter().collect();
    for u in &sent.units {
        let real = truth.unit(u.id);
        if u.side == side {
            assert_eq!(Some(u), real, "{what}: its own unit {} in full", u.id);
            continue;
        }
        assert!(
            seen.contains(&u.id),
            "{what}: unseen enemy {} was sent",
            u.id
        );
        assert_eq!(
            Some(u.hex),
            real.map(|r| r.hex),
            "{what}: {} where it is",
            u.id
        );
        if extreme {
            assert!(
                u.men % 50 == 0 && u.guns % 2 == 0 && u.name.starts_with("unknown"),
                "{what}: Extreme sends an estimate, not {} men, {} guns of {}",
                u.men,
                u.guns,
                u.name
            );
        }
    }
    for u in truth.units.iter().filter(|u| u.side == side) {
        assert!(
            sent.units.iter().any(|s| s.id == u.id),
            "{what}: own {} missing",
            u.id
        );
    }
    let other = usize::from(side.enemy().0);
    let f = &sent.fog;
    assert!(
        f.spotted[other].is_empty()
            && f.markers[other].is_empty()
            && f.fired[other].is_empty()
            && f.strengths[other].is_empty(),
        "{what}: the other side's knowledge was sent"
    );
    for m in &f.markers[usize::from(side.0)] {
        assert!(
            m.unit.0 > u32::MAX - 10_000,
            "{what}: a marker names its unit {}",
            m.unit
        );
    }
    assert!(
        sent.reinforcements.iter().all(|r| r.unit.side == side),
        "{what}: the enemy's reinforcements were sent"
    );
    assert!(
        sent.pending.iter().all(|d| d
            .attackers
            .iter()
            .all(|a| truth.unit(*a).is_none_or(|u| u.side == side))),
        "{what}: the enemy's declared melees were sent"
    );
}

/// A record sent to the seat of `side` names only units its side knew, before the order or
/// after it, or saw pass; an enemy's move only along hexes it sees; the enemy's order not at all.
fn check_record(what: &str, r: &Record, before: &Board, after: &Board, side: Side, extreme: bool) {
    // (The game's rules, its first order, both sides know.)
    if r.side != side && !matches!(r.order, Some(Order::SetParameters { .. })) {
        assert!(r.order.is_none(), "{what}: the enemy's order was sent");
    }
    let mut known: HashSet<UnitId> = fog::spotted(before, side).into_iter().collect();
    known.extend(fog::spotted(after, side));
    let own = |id: UnitId| {
        before
            .unit(id)
            .or_else(|| after.unit(id))
            .is_some_and(|u| u.side == side)
    };
    for o in &r.outcomes {
        if let Outcome::Happened(Event::Moved(m)) = o
            && !own(m.moved.unit)
        {
            for h in &m.moved.path {
                assert!(
                    fog::sees(after, side, *h),
                    "{what}: an enemy move through unseen {h:?}"
                );
            }
            known.insert(m.moved.unit);
        }
    }
    // The enemy's declared melees are its own business until they are fought.
    for o in &r.outcomes {
        if let Outcome::Happened(Event::MeleeDeclared(d)) = o {
            assert!(
                d.declaration.attackers.iter().all(|a| own(*a)),
                "{what}: the enemy's declaration was sent"
            );
        }
    }
    // Where an enemy retreated, routed or advanced to is told only if the side sees it.
    for (id, hex) in moves_to(&r.outcomes)
        .into_iter()
        .filter(|(id, _)| !own(*id))
    {
        assert!(
            fog::sees(after, side, hex),
            "{what}: enemy {id} told gone to unseen {hex:?}"
        );
    }
    for o in &r.outcomes {
        if matches!(o, Outcome::Happened(Event::GameEnded(_))) {
            return;
        }
        for id in units_named(o) {
            assert!(
                own(id) || known.contains(&id),
                "{what}: unseen enemy {id} named in {o:?}"
            );
        }
        if !extreme {
            continue;
        }
        let losses = match o {
            Outcome::Happened(Event::Fired(f)) => f.0.losses.clone(),
            Outcome::Happened(Event::MeleeResolved(m)) => m.0.losses.clone(),
            _ => Vec::new(),
        };
        for l in losses.iter().filter(|l| !own(l.unit)) {
            assert!(
                l.men % 50 == 0 && l.guns % 2 == 0,
                "{what}: Extreme sends the enemy's exact loss {l:?}"
            );
        }
    }
}

/// The retreats, routs and advances an order's outcomes tell: each unit and where it went.
fn moves_to(outcomes: &[Outcome]) -> Vec<(UnitId, bayonet::rules::hex::Hex)> {
    let mut to = Vec::new();
    for o in outcomes {
        let mut fire = |f: &FireOutcome| to.extend(f.routs.iter().map(|m| (m.unit, m.to)));
        match o {
            Outcome::Happened(Event::Fired(f)) => fire(&f.0),
            Outcome::Happened(Event::Moved(m)) => m.opportunity_fire.iter().for_each(&mut fire),
            Outcome::Happened(Event::MeleeResolved(m)) => {
                m.0.defensive_fire.iter().for_each(&mut fire);
                to.extend(m.0.retreats.iter().map(|x| (x.unit, x.to)));
                to.extend(m.0.routs.iter().map(|x| (x.unit, x.to)));
            }
            Outcome::Happened(Event::Retreated(x)) => to.push((x.0.unit, x.0.to)),
            Outcome::Happened(Event::Advanced(a)) => to.push((a.unit, a.to)),
            Outcome::Happened(Event::PhaseMoraleChecked(p)) => {
                to.extend(p.routs.iter().map(|x| (x.unit, x.to)))
            }
            _ => {}
        }
    }
    to
}

/// The losses and morale checks an order's outcomes tell, wherever they are told.
fn losses_and_checks(outcomes: &[Outcome]) -> (Vec<UnitLoss>, Vec<MoraleCheck>) {
    let mut losses = Vec::new();
    let mut checks = Vec::new();
    let fire = |f: &FireOutcome, l: &mut Vec<UnitLoss>, c: &mut Vec<MoraleCheck>| {
        l.extend(f.losses.iter().cloned());
        c.extend(f.morale.iter().cloned());
    };
    for o in outcomes {
        match o {
            Outcome::Happened(Event::Fired(f)) => fire(&f.0, &mut losses, &mut checks),
            Outcome::Happened(Event::Moved(m)) => {
                for f in &m.opportunity_fire {
                    fire(f, &mut losses, &mut checks);
                }
            }
            Outcome::Happened(Event::MeleeResolved(m)) => {
                losses.extend(m.0.losses.iter().cloned());
                checks.extend(m.0.morale.iter().cloned());
            }
            Outcome::Happened(Event::PhaseMoraleChecked(p)) => {
                checks.extend(p.checks.iter().cloned())
            }
            _ => {}
        }
    }
    (losses, checks)
}

/// A record tells its side everything about its own units, and about an enemy it saw before
/// and after the order: their losses (exact, but an enemy's under Extreme) and morale checks.
fn check_told(
    what: &str,
    r: &Record,
    truth: &[Outcome],
    before: &Board,
    after: &Board,
    side: Side,
    extreme: bool,
) {
    if after.over {
        return;
    }
    let own = |id: UnitId| {
        before
            .unit(id)
            .or_else(|| after.unit(id))
            .is_some_and(|u| u.side == side)
    };
    let seen_through = |id: UnitId| {
        fog::spotted(before, side).contains(&id) && fog::spotted(after, side).contains(&id)
    };
    let (told_losses, told_checks) = losses_and_checks(&r.outcomes);
    let (losses, checks) = losses_and_checks(truth);
    for l in losses
        .iter()
        .filter(|l| own(l.unit) || (!extreme && seen_through(l.unit)))
    {
        assert!(
            told_losses.contains(l),
            "{what}: the loss {l:?} was not told"
        );
    }
    // Under Extreme, an enemy's loss is the fall of its estimate (D-fow-7).
    for l in losses
        .iter()
        .filter(|l| extreme && !own(l.unit) && seen_through(l.unit))
    {
        let Some(u) = before.unit(l.unit) else {
            continue;
        };
        let fall = |now: u32, lost: u32, step: u32| {
            fog::round_to(now, step) - fog::round_to(now.saturating_sub(lost), step)
        };
        let men = fall(u.men, l.men, 50);
        let estimate = UnitLoss {
            unit: l.unit,
            men,
            guns: fall(u.guns, l.guns, 2),
            share: men,
        };
        assert!(
            told_losses.contains(&estimate),
            "{what}: {l:?} told as {told_losses:?}"
        );
    }
    // An enemy's check is told by its result: its morale value and dice are its own (issue 45
    // item 1).
    for c in checks
        .iter()
        .filter(|c| own(c.unit) || seen_through(c.unit))
    {
        let mut told = c.clone();
        if !own(c.unit) {
            told.told_to_the_enemy();
        }
        assert!(
            told_checks.contains(&told),
            "{what}: the morale check {c:?} was not told as {told:?}"
        );
    }
    for c in told_checks.iter().filter(|c| !own(c.unit)) {
        assert_eq!(
            (c.roll, c.morale),
            (0, 0),
            "{what}: an enemy's dice told: {c:?}"
        );
    }
    // Every retreat, rout and advance of its own, and of an enemy to a hex it sees.
    let told = moves_to(&r.outcomes);
    for m in moves_to(truth) {
        if own(m.0) || fog::sees(after, side, m.1) {
            assert!(
                told.contains(&m),
                "{what}: {} going to {:?} was not told",
                m.0,
                m.1
            );
        }
    }
    // Its own fire as it was, and the enemy's too under Fog of War (it gives the firer away).
    let fires = |outcomes: &[Outcome]| {
        let mut all: Vec<FireOutcome> = Vec::new();
        for o in outcomes {
            match o {
                Outcome::Happened(Event::Fired(f)) => all.push(f.0.clone()),
                Outcome::Happened(Event::Moved(m)) => {
                    all.extend(m.opportunity_fire.iter().cloned())
                }
                _ => {}
            }
        }
        all
    };
    let told_fire = fires(&r.outcomes);
    for f in fires(truth)
        .iter()
        .filter(|f| own(f.breakdown.firer) || !extreme)
    {
        // (The same figures, to the last digit JSON keeps.)
        let same = |t: &FireOutcome| {
            let (a, b) = (&t.breakdown, &f.breakdown);
            (a.firer, a.target, a.range, &a.modifiers) == (b.firer, b.target, b.range, &b.modifiers)
                && (a.value - b.value).abs() < 1e-9 * b.value.abs().max(1.0)
                && (a.base - b.base).abs() < 1e-9 * b.base.abs().max(1.0)
                && (extreme || t.losses == f.losses)
        };
        assert!(
            told_fire.iter().any(same),
            "{what}: the fire of {} was not told as it was",
            f.breakdown.firer
        );
    }
    // Every melee fought: under Fog of War as it was; under Extreme its own losses exact and
    // the enemy's as the sum of the falls of their estimates.
    for o in truth {
        let Outcome::Happened(Event::MeleeResolved(m)) = o else {
            continue;
        };
        let m = &m.0;
        let told = r.outcomes.iter().find_map(|t| match t {
            Outcome::Happened(Event::MeleeResolved(x)) if x.0.declaration == m.declaration => {
                Some(&x.0)
            }
            _ => None,
        });
        let t = told.unwrap_or_else(|| panic!("{what}: a melee fought was not told"));
        let attacking = m.declaration.attackers.iter().any(|a| own(*a));
        let fall = |l: &UnitLoss| {
            before.unit(l.unit).map_or(0, |u| {
                fog::round_to(u.men, 50) - fog::round_to(u.men.saturating_sub(l.men), 50)
            })
        };
        let enemy: u32 = m.losses.iter().filter(|l| !own(l.unit)).map(fall).sum();
        let expect = match (extreme, attacking) {
            (false, _) => (m.attacker_loss, m.defender_loss),
            (true, true) => (m.attacker_loss, enemy),
            (true, false) => (enemy, m.defender_loss),
        };
        assert_eq!(
            (t.attacker_loss, t.defender_loss),
            expect,
            "{what}: the melee's losses"
        );
        assert_eq!(t.loser, m.loser, "{what}: who lost");
    }
    // Its own declared melees, and every melee called off that it attacked or defended. A
    // declaration's odds are the truth's under Fog of War, and under Extreme those its view
    // gives (the enemy's strengths are estimates, D-fow-2).
    let odds = |d: &bayonet::sim::messages::MeleeDeclared| {
        if !extreme {
            return d.odds.clone();
        }
        let seen = fog::seat_board(before, side);
        let system = bayonet::rules::melee::system(&seen.params);
        system.breakdown(&seen, &d.declaration).odds()
    };
    for o in truth {
        let told = |pred: &dyn Fn(&Outcome) -> bool| r.outcomes.iter().any(pred);
        match o {
            Outcome::Happened(Event::MeleeDeclared(d))
                if d.declaration.attackers.iter().any(|a| own(*a)) =>
            {
                assert!(
                    told(
                        &|t| matches!(t, Outcome::Happened(Event::MeleeDeclared(x)) if x.declaration == d.declaration
                        && (x.odds.attacker_win_probability - odds(d).attacker_win_probability)
                            .abs()
                            < 1e-9)
                    ),
                    "{what}: its declaration was not told"
                );
            }
            Outcome::Happened(Event::MeleeCalledOff(c))
                if c.declaration.attackers.iter().any(|a| own(*a))
                    || before
                        .units_at(c.declaration.defending_hex)
                        .any(|u| u.side == side) =>
            {
                assert!(
                    told(
                        &|t| matches!(t, Outcome::Happened(Event::MeleeCalledOff(x)) if x.declaration == c.declaration)
                    ),
                    "{what}: a melee it fought in, called off, was not told"
                );
            }
            _ => {}
        }
    }
}

/// One game through the server under `rules`; `most` orders at most.
fn fog_game(url: &str, db: &str, scenario: &str, rules: &str, seed: u64, most: usize) {
    let extreme = rules.contains("extreme");
    let s = bayonet::load_scenario(scenario).unwrap();
    let mut p = s.params.clone();
    p.optional.enable(rules).unwrap();
    let made = Seat::new(url, None)
        .create_with(&s.file, &s.source, Some(&p))
        .unwrap();
    let seats: Vec<Seat> = made
        .sides
        .iter()
        .map(|i| {
            let mut seat = Seat::new(url, Some(&i.invite));
            seat.snapshots = true;
            seat
        })
        .collect();
    let script = scripts_under(scenario, rules, seed, most);
    let mut next = [0usize; 2];
    let mut heard = [Heard::default(), Heard::default()];
    let mut replays = Vec::new();
    // The orders the game has taken: one seat plays at a time, so this is the truth's index
    // (it starts at the server's own first order, the chosen rules, told to both).
    let mut global = seats[0].full_state().unwrap().seq;
    for _ in 0..most {
        let st = seats[0].full_state().unwrap();
        heard[0].state(&st, global);
        let other = seats[1].full_state().unwrap();
        heard[1].state(&other, global);
        if st.over {
            break;
        }
        let n = usize::from(st.side.0 & 1);
        let mine = if n == 0 { st.seq } else { other.seq };
        let order = script[n].get(next[n]).cloned().unwrap_or(Order::EndTurn);
        next[n] += 1;
        match seats[n].order(&order, Some(mine)) {
            Ok(t) => {
                global += 1;
                heard[n].records.push(t.record);
                heard[n].state(&t.state, global);
            }
            Err(e) => assert_eq!(e.status, 422, "{e}"),
        }
        if global % 25 == 12 {
            replays.push((n, seats[n].replay().unwrap()));
        }
    }
    // Every record as each seat reads it again.
    for (n, seat) in seats.iter().enumerate() {
        heard[n].records.extend(seat.events(0, 0).unwrap().records);
    }
    // The truth, from the game's seed and log in the server's database.
    let (seed, orders, rows) = runtime().block_on(async {
        let store = bayonet::serve::db::Store::open(db).await.unwrap();
        let g = store.game(&made.game, false).await.unwrap().unwrap();
        let rows = store.orders(&made.game, 0).await.unwrap();
        let orders: Vec<Order> = rows
            .iter()
            .map(|r| serde_json::from_str(&r.order_json).unwrap())
            .collect();
        (g.seed, orders, rows)
    });
    let t = truth(scenario, seed, &orders);
    // Each side's own numbering: the game's orders it was told of, in order. An order not told
    // to a side is an enemy's that showed it nothing (issue 45 item 1).
    let told: [Vec<usize>; 2] = [0u8, 1].map(|n| {
        rows.iter()
            .filter(|r| r.shown & bayonet::serve::db::shown_bit(n) != 0)
            .map(|r| r.seq as usize)
            .collect()
    });
    for r in &rows {
        for n in [0u8, 1] {
            if r.shown & bayonet::serve::db::shown_bit(n) == 0 {
                assert_ne!(r.side, n, "{scenario}: a side's own order {} untold", r.seq);
                let seen: [Vec<Outcome>; 2] = serde_json::from_str(&r.seen).unwrap();
                assert!(
                    seen[n as usize].is_empty(),
                    "{scenario}: order {} untold but seen",
                    r.seq
                );
            }
        }
    }
    let global_of = |n: usize, k: usize| if k == 0 { 0 } else { told[n][k - 1] };
    for (n, h) in heard.iter().enumerate() {
        // Every record read again from the start, numbered 1, 2, 3 … in the seat's own count.
        let again: Vec<i64> = h.records[h.records.len() - told[n].len()..]
            .iter()
            .map(|r| r.seq)
            .collect();
        assert_eq!(
            again,
            (1..=told[n].len() as i64).collect::<Vec<_>>(),
            "{scenario} seat {n}"
        );
    }
    let mut checked = 0;
    for (n, h) in heard.iter().enumerate() {
        let side = Side(n as u8);
        for (seq, b) in &h.boards {
            let what = format!("{scenario} {rules} seat {n} board at {seq}");
            check_board(&what, b, &t.boards[*seq as usize], side, extreme);
            checked += 1;
        }
        for r in &h.records {
            let k = global_of(n, r.seq as usize);
            let what = format!("{scenario} {rules} seat {n} record {k}");
            check_record(&what, r, &t.boards[k - 1], &t.boards[k], side, extreme);
            check_told(
                &what,
                r,
                &t.outcomes[k],
                &t.boards[k - 1],
                &t.boards[k],
                side,
                extreme,
            );
            checked += 1;
        }
    }
    for (n, r) in &replays {
        let side = Side(*n as u8);
        for (i, text) in r.snapshots.iter().enumerate() {
            let b: Snapshot = ron::from_str(text).unwrap();
            let k = global_of(*n, r.from + i);
            let what = format!("{scenario} {rules} seat {n} replay board {k}");
            check_board(&what, &b, &t.boards[k], side, extreme);
        }
        for rec in &r.records {
            let k = global_of(*n, rec.seq as usize);
            let what = format!("{scenario} {rules} seat {n} replay record {k}");
            check_record(&what, rec, &t.boards[k - 1], &t.boards[k], side, extreme);
        }
    }
    // The enemy was met: a game where nothing was ever seen would prove nothing.
    let met = t
        .boards
        .iter()
        .any(|b| !fog::spotted(b, Side(0)).is_empty());
    assert!(
        met,
        "{scenario}: the sides never saw each other in {} orders",
        orders.len()
    );
    assert!(
        checked > 2 * orders.len(),
        "{scenario}: every board and record checked"
    );
}

/// Property over games on every scenario, two seeds each (one under Fog of War, one under
/// Extreme Fog of War): what each seat is sent is derivable from its side's view (D-fow-8).
#[test]
fn a_seat_is_sent_only_what_its_side_knows() {
    let db = temp_db("fog");
    let url = server_on(&db);
    let games: Vec<(&str, &str, u64)> = bayonet::SCENARIOS
        .iter()
        .enumerate()
        .flat_map(|(i, (scenario, _))| {
            [("fog", 7 + i as u64), ("extreme_fog", 31 + i as u64)]
                .map(|(rules, seed)| (*scenario, rules, seed))
        })
        .collect();
    // Four games at a time on the one server: each waits on its round trips as much as it
    // computes, and one after another they made this the test suite's last to finish (issue
    // 63, set-up time).
    crate::common::on_threads(4, &games, |&(scenario, rules, seed)| {
        fog_game(&url, &db, scenario, rules, seed, 45)
    });
}

/// A game of `scenario` under Fog on a server whose every game has the same dice; the two
/// seats, each sent boards.
fn fogged_game(url: &str, scenario: &str) -> [Seat; 2] {
    let s = bayonet::load_scenario(scenario).unwrap();
    let mut p = s.params.clone();
    p.optional.enable("fog").unwrap();
    let made = Seat::new(url, None)
        .create_with(&s.file, &s.source, Some(&p))
        .unwrap();
    [0, 1].map(|n| {
        let mut seat = Seat::new(url, Some(&made.sides[n].invite));
        seat.snapshots = true;
        seat
    })
}

/// Everything a seat is answered, as text, without the game's id (the one thing two games
/// must differ in).
fn answers(seat: &Seat) -> String {
    let mut state = serde_json::to_value(seat.full_state().unwrap()).unwrap();
    state["game"] = serde_json::Value::Null;
    let records = serde_json::to_string(&seat.events(0, 0).unwrap().records).unwrap();
    let replay = serde_json::to_string(&seat.replay().unwrap()).unwrap();
    // The club's answers too (issue 62): the game's terms, its chat, a claim on time refused,
    // the team roster refused (one seat a side).
    let terms = serde_json::to_string(&seat.terms().unwrap()).unwrap();
    let chat = serde_json::to_string(&seat.chat(0).unwrap()).unwrap();
    let claim = seat
        .act(bayonet::dispatch::club::Act::ClaimTime)
        .unwrap_err()
        .to_string();
    let team = seat.team().unwrap_err().to_string();
    format!("{state}\n{records}\n{replay}\n{terms}\n{chat}\n{claim}\n{team}")
}

/// Issue 45 item 1 (D-fow-8): the number and the timing of the enemy's hidden orders are not
/// told. Two games of Harper's Crossing under Fog with the same dice: the first side ends its
/// turn at once; in one game the other side then turns a unit the first cannot see, and turns
/// it back, ten times over, before ending its turn; in the other it ends its turn at once.
/// The first side's every answer — state, board, records, replay — is the same text in both;
/// and its long poll, waiting while the hidden orders are given, ends at its deadline, not at
/// any of them.
#[test]
fn the_count_and_timing_of_hidden_enemy_orders_are_not_told() {
    let options = bayonet::serve::Options {
        same_dice: Some(1863),
        ..Default::default()
    };
    let r = runtime()
        .block_on(bayonet::serve::start_with(
            "127.0.0.1:0",
            &temp_db("hidden-count"),
            options,
        ))
        .unwrap();
    let url = format!("http://{}", r.addr);
    let scenario = "maps/harpers_crossing.ron";
    let quiet = fogged_game(&url, scenario);
    let busy = fogged_game(&url, scenario);
    let first = usize::from(quiet[0].full_state().unwrap().side.0 & 1);
    let other = 1 - first;
    for g in [&quiet, &busy] {
        let st = g[first].full_state().unwrap();
        g[first].order(&Order::EndTurn, Some(st.seq)).unwrap();
    }
    // A unit of the other side that the first side does not see.
    let theirs = busy[other].full_state().unwrap().board().unwrap();
    let seen = busy[first].full_state().unwrap().board().unwrap();
    let hidden = theirs
        .units
        .iter()
        .filter(|u| u.side.0 as usize == other)
        .find(|u| !seen.units.iter().any(|s| s.id == u.id))
        .expect("a unit the first side cannot see");
    let turned = [
        bayonet::rules::hex::Facing::N,
        bayonet::rules::hex::Facing::S,
    ]
    .into_iter()
    .find(|f| *f != hidden.facing)
    .unwrap();
    let watching = busy[first].full_state().unwrap().seq;
    let poll = {
        let seat = Seat::new(&url, busy[first].invite());
        std::thread::spawn(move || {
            let t = Instant::now();
            let news = seat.events(watching, 3).unwrap();
            (news.records.len(), t.elapsed())
        })
    };
    // The orders come once the poll waits on the game's bell (before, they would only be
    // what it finds when it starts): the operator's `/metrics` counts the clients waiting.
    let started = Instant::now();
    let waiting = || {
        let text = ureq::get(&format!("{url}/metrics"))
            .call()
            .ok()
            .and_then(|mut r| r.body_mut().read_to_string().ok())
            .unwrap_or_default();
        text.lines()
            .find_map(|l| l.strip_prefix("bayonet_waiting "))
            .and_then(|n| n.trim().parse::<usize>().ok())
            .unwrap_or(0)
    };
    while waiting() == 0 {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "the long poll never began to wait"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    let mut given = 0;
    for _ in 0..10 {
        for order in [
            Order::Face {
                unit: hidden.id,
                facing: turned,
            },
            Order::Undo,
        ] {
            let st = busy[other].full_state().unwrap();
            busy[other]
                .order(&order, Some(st.seq))
                .expect("a hidden order");
            given += 1;
        }
    }
    let (told, waited) = poll.join().unwrap();
    assert_eq!(told, 0, "the hidden orders were told");
    assert!(
        waited >= Duration::from_millis(2900),
        "the long poll ended after {waited:?}, while {given} hidden orders were given"
    );
    for g in [&quiet, &busy] {
        let st = g[other].full_state().unwrap();
        g[other].order(&Order::EndTurn, Some(st.seq)).unwrap();
    }
    assert_eq!(
        busy[other].full_state().unwrap().seq,
        quiet[other].full_state().unwrap().seq + given,
        "the other side counts its own orders"
    );
    let (a, b) = (answers(&quiet[first]), answers(&busy[first]));
    assert!(a == b, "the first side's answers differ:\n{a}\n---\n{b}");
}
