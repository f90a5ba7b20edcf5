//! Outcomes as a side perceived them under fog of war (RULES.md §16 D-fow-6, D-fow-8): what a
//! server seat is sent of every order, and what a window shows. An enemy move is told only
//! along the part of its path in sight; the enemy's orders, declarations and what befell units
//! it never saw are left out; under Extreme Fog of War the enemy's strengths and losses are
//! estimates (the fall of the estimate, D-fow-7), and the melee and fire figures are worked out
//! on the side's view.

use std::cell::OnceCell;

use crate::rules::board::Board;
use crate::rules::fire::FireOutcome;
use crate::rules::fog;
use crate::rules::melee::{self, UnitLoss};
use crate::rules::unit::{Side, UnitId};

use crate::rules::event::{Event, Fired, MeleeResolved, Outcome, Retreated};

/// What the side knew of the board before the order and after it, and who gave the order.
struct Sides<'a> {
    before: &'a Board,
    after: &'a Board,
    side: Side,
    by: Side,
    /// The enemy units the side spotted after the order, and before or after it.
    spotted_after: Vec<UnitId>,
    spotted: Vec<UnitId>,
    extreme: bool,
    /// The boards the side knew before and after, worked out once when Extreme needs them.
    seen_before: OnceCell<Board>,
    seen_after: OnceCell<Board>,
}

impl Sides<'_> {
    fn side_of(&self, id: UnitId) -> Option<Side> {
        self.before
            .unit(id)
            .or_else(|| self.after.unit(id))
            .map(|u| u.side)
    }
    fn own(&self, id: UnitId) -> bool {
        self.side_of(id) == Some(self.side)
    }
    /// Its own units, and the enemy it spotted.
    fn knows(&self, id: UnitId) -> bool {
        self.own(id) || self.spotted.contains(&id)
    }
    fn sees(&self, hex: crate::rules::hex::Hex) -> bool {
        fog::sees(self.after, self.side, hex)
    }
    /// A unit's move from `from` to `to` (a retreat, a rout, an advance) is told if the unit is
    /// its own or it sees where the unit went.
    fn tells_move(&self, id: UnitId, to: crate::rules::hex::Hex) -> bool {
        self.own(id) || self.sees(to)
    }
    /// An enemy unit's loss as the side perceives it under Extreme Fog of War: the fall of its
    /// estimate (D-fow-7).
    fn loss(&self, l: &mut UnitLoss) {
        if !self.extreme || self.own(l.unit) {
            return;
        }
        let (men, guns) = self
            .before
            .unit(l.unit)
            .map_or((l.men, l.guns), |u| (u.men, u.guns));
        l.men = fog::round_to(men, 50) - fog::round_to(men.saturating_sub(l.men), 50);
        l.guns = fog::round_to(guns, 2) - fog::round_to(guns.saturating_sub(l.guns), 2);
        l.share = l.men;
    }
    fn fire(&self, f: &mut FireOutcome) {
        for l in &mut f.losses {
            self.loss(l);
        }
        f.loss = f.losses.iter().map(|l| l.men).sum();
        f.morale.retain(|c| self.knows(c.unit));
        self.checks(&mut f.morale);
        f.routs.retain(|r| self.tells_move(r.unit, r.to));
        f.eliminated.retain(|id| self.knows(*id));
        f.released.retain(|id| self.own(*id));
        f.leaders_hit.retain(|id| self.knows(*id));
        if self.extreme && !self.own(f.breakdown.firer) {
            // The enemy firer's strength is known only as an estimate: its fire is worked out
            // on the side's view (without the ½ of fire at melee attackers, which the view
            // cannot tell), or not at all where the view has no such firer.
            let seen = self
                .seen_after
                .get_or_init(|| fog::seat_board(self.after, self.side));
            match crate::rules::fire::breakdown(
                &seen,
                f.breakdown.firer,
                f.breakdown.target,
                f.opportunity,
                1.0,
            ) {
                Ok(b) => f.breakdown = b,
                Err(_) => {
                    f.breakdown.base = 0.0;
                    // The firer's own state (disrupted, tired) is not the side's to know.
                    f.breakdown.factors.clear();
                    f.breakdown.value = 0.0;
                    f.breakdown.loss_range = [0.0, 0.0];
                }
            }
        }
    }
    /// A melee's figures for a side that knows the enemy's strength only as estimates: its
    /// breakdown and odds as the side's view works them out.
    fn melee_figures(&self, decl: &melee::Declaration) -> (melee::Breakdown, melee::Odds) {
        let seen = self
            .seen_before
            .get_or_init(|| fog::seat_board(self.before, self.side));
        let system = melee::system(&seen.params);
        let b = system.breakdown(&seen, decl);
        let o = b.odds();
        (b, o)
    }
    fn attacks(&self, decl: &melee::Declaration) -> bool {
        decl.attackers.iter().any(|id| self.own(*id))
    }
    fn defends(&self, decl: &melee::Declaration) -> bool {
        self.before
            .units_at(decl.defending_hex)
            .any(|u| u.side == self.side)
    }
    fn resolved(&self, m: &mut melee::MeleeOutcome) {
        for f in &mut m.defensive_fire {
            self.fire(f);
        }
        for l in &mut m.losses {
            self.loss(l);
        }
        m.morale.retain(|c| self.knows(c.unit));
        self.checks(&mut m.morale);
        m.retreats.retain(|r| self.tells_move(r.unit, r.to));
        m.routs.retain(|r| self.tells_move(r.unit, r.to));
        m.end_of_phase_checks.retain(|id| self.own(*id));
        m.leaders_hit.retain(|id| self.knows(*id));
        if self.extreme {
            let attacking = self.attacks(&m.declaration);
            let enemy_loss: u32 = m
                .losses
                .iter()
                .filter(|l| !self.own(l.unit))
                .map(|l| l.men)
                .sum();
            if attacking {
                (m.defender_roll, m.defender_loss) = (enemy_loss, enemy_loss);
            } else {
                (m.attacker_roll, m.attacker_loss) = (enemy_loss, enemy_loss);
            }
            m.breakdown = self.melee_figures(&m.declaration).0;
            m.rolled = Default::default();
        }
    }
    /// An enemy's morale checks told by their results alone (D-fow-6: its morale value and
    /// its dice are its own).
    fn checks(&self, checks: &mut [crate::rules::morale::MoraleCheck]) {
        for c in checks.iter_mut().filter(|c| !self.own(c.unit)) {
            c.told_to_the_enemy();
        }
    }

    fn turn_start(&self, t: &mut crate::rules::turn::TurnStart) {
        // What happened to enemy units at the start of their turn is seen only where they are.
        let knows_now = |id: &UnitId| self.own(*id) || self.spotted_after.contains(id);
        // How much fatigue an enemy shed is a figure of its own (D-fow-2 shows only its level).
        t.recovered.retain(|(id, _)| self.own(*id));
        t.rallied.retain(knows_now);
        t.rally_checks.retain(|c| knows_now(&c.unit));
        self.checks(&mut t.rally_checks);
        t.isolated.retain(knows_now);
        t.released.retain(knows_now);
        t.resupplied.retain(knows_now);
        t.arrived.retain(|(id, _)| knows_now(id));
        // D-cc-6: the enemy's command marks are not the side's to see; a successor is seen
        // where he stands in sight.
        t.out_of_command.retain(|id| self.own(*id));
        t.successors.retain(|s| knows_now(&s.successor));
        t.still_disrupted.retain(|c| knows_now(&c.unit));
        self.checks(&mut t.still_disrupted);
    }

    fn one(&self, o: &Outcome) -> Option<Outcome> {
        let mine = self.by == self.side;
        let mut o = o.clone();
        let e = match &mut o {
            Outcome::Rejected(_) | Outcome::Done(_) => return mine.then_some(o),
            Outcome::Happened(e) => e,
        };
        let kept = match e {
            Event::MeleeCancelled(_) | Event::Undone(_) => mine,
            Event::Moved(m) => {
                for f in &mut m.opportunity_fire {
                    self.fire(f);
                }
                if !self.own(m.moved.unit) {
                    m.moved.path = fog::seen_part(self.after, self.side, &m.moved.path);
                }
                !m.moved.path.is_empty()
            }
            Event::Fired(Fired(f)) => {
                self.fire(f);
                true
            }
            // (The other side's declarations are not told at all: working out their figures
            // on the view too costs nothing that matters.)
            Event::MeleeDeclared(d) => {
                if self.extreme {
                    (d.breakdown, d.odds) = self.melee_figures(&d.declaration);
                }
                self.attacks(&d.declaration)
            }
            Event::MeleeCalledOff(c) => {
                for f in &mut c.defensive_fire {
                    self.fire(f);
                }
                self.attacks(&c.declaration) || self.defends(&c.declaration)
            }
            Event::MeleeResolved(MeleeResolved(m)) => {
                self.resolved(m);
                true
            }
            Event::Retreated(Retreated(r)) => self.tells_move(r.unit, r.to),
            Event::Advanced(a) => self.tells_move(a.unit, a.to),
            Event::PhaseMoraleChecked(p) => {
                p.checks.retain(|c| self.knows(c.unit));
                self.checks(&mut p.checks);
                p.routs.retain(|r| self.tells_move(r.unit, r.to));
                !(p.checks.is_empty() && p.routs.is_empty())
            }
            Event::TurnBegan(t) => {
                self.turn_start(&mut t.start);
                true
            }
            Event::GunsCaptured(_) | Event::PhaseBegan(_) | Event::GameEnded(_) => true,
        };
        kept.then_some(o)
    }
}

/// The outcomes of one order, given by `by`, as `side` perceived them (D-fow-6): `before` and
/// `after` are the true boards either side of the order. With fog of war off, all of them.
pub fn as_seen_by(
    outcomes: &[Outcome],
    before: &Board,
    after: &Board,
    by: Side,
    side: Side,
) -> Vec<Outcome> {
    if !fog::on(after) || after.over {
        return outcomes.to_vec();
    }
    let spotted_after = fog::spotted(after, side);
    let mut spotted = fog::spotted(before, side);
    spotted.extend(spotted_after.iter().copied());
    let s = Sides {
        before,
        after,
        side,
        by,
        spotted_after,
        spotted,
        extreme: after.params.optional.extreme_fog_of_war,
        seen_before: OnceCell::new(),
        seen_after: OnceCell::new(),
    };
    outcomes.iter().filter_map(|o| s.one(o)).collect()
}
