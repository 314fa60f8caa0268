//! [`Events`]: the rule events of one game, counted as it is played.

use crate::compile::Variant;
use crate::engine::PlyEvents;
use crate::rules::Module;
use crate::rules::check_interrupt::CheckInterrupt;
use crate::rules::dice::DiceRules;
use crate::rules::enclose::Enclose;
use crate::rules::flip::Flips;
use crate::rules::hands::Hands;
use crate::rules::mate::Mate;
use crate::rules::resign::Resign;
use crate::rules::throne::Thrones;
use crate::vocab::Kind;

/// Most formations (`formations:` in a rule file) whose captures are counted separately.
pub const MAX_FORMATIONS: usize = 4;

/// What happened during a game, counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Events {
    /// Dice rolls.
    pub rolls: u64,
    /// Rolls that left no usable die (the turn passed at once).
    pub dead_rolls: u64,
    /// Board moves and drops.
    pub moves: u64,
    /// Pieces captured, by moves and by rule modules (Chaturaji's boat triumph) alike; not the
    /// pieces of a mated seat, which die or change hands without being captured.
    pub captures: u64,
    /// Turns ended early by `pass`.
    pub passes: u64,
    /// Resignations.
    pub resignations: u64,
    /// Pieces promoted (by a move, or by a rule module such as Chaturaji's waiting pawns).
    pub promotions: u64,
    /// Moves that turned the moving piece over to its other face ([`crate::rules::flip`]).
    pub flips: u64,
    /// Drops from a hand.
    pub drops: u64,
    /// Stones turned over by enclosing ([`crate::rules::enclose`]).
    pub turned: u64,
    /// Seats mated without the game ending at once (four-player shogi), and final mates.
    pub mates: u64,
    /// Turns given out of order by the check interrupt.
    pub check_interrupts: u64,
    /// Thrones scored.
    pub thrones: u64,
    /// Formation captures per formation of the rule file, in file order (boat triumphs).
    pub formations: [u64; MAX_FORMATIONS],
    /// Games won by the capture-all rule (Chaturaji's chaturaji): 0 or 1 per game.
    pub capture_all: u64,
}

impl Events {
    /// Adds `other`'s counts to these.
    pub fn add(&mut self, other: &Events) {
        self.rolls += other.rolls;
        self.dead_rolls += other.dead_rolls;
        self.moves += other.moves;
        self.captures += other.captures;
        self.passes += other.passes;
        self.resignations += other.resignations;
        self.promotions += other.promotions;
        self.flips += other.flips;
        self.drops += other.drops;
        self.turned += other.turned;
        self.mates += other.mates;
        self.check_interrupts += other.check_interrupts;
        self.thrones += other.thrones;
        for (a, b) in self.formations.iter_mut().zip(&other.formations) {
            *a += b;
        }
        self.capture_all += other.capture_all;
    }

    /// Counts the rule events of one action.
    pub fn record(&mut self, e: &PlyEvents) {
        self.captures += e.captures as u64;
        self.promotions += e.promotions as u64;
        self.flips += e.flips as u64;
        self.drops += e.drop as u64;
        self.turned += e.turned as u64;
        self.mates += e.mates as u64;
        self.check_interrupts += e.interrupts as u64;
        self.thrones += e.thrones as u64;
        if let Some(f) = e.formation.filter(|&f| f < MAX_FORMATIONS) {
            self.formations[f] += 1;
        }
    }

    /// The counts by name, for reports: `moves` and `captures` always; `rolls`, `dead-rolls`
    /// and `passes` with dice; `resignations` where seats may resign; `promotions` where a
    /// kind promotes; `flips` where a kind flips;
    /// `drops` with hands; `turned` with enclosing; `mates` with mates that do not end the game; `check-interrupts`
    /// with the check interrupt; `thrones` with thrones; each formation and the capture-all
    /// rule under the names the rule file gives them (`boat-triumph`, `chaturaji`).
    pub fn named(&self, v: &Variant) -> Vec<(String, u64)> {
        let mut out = Vec::new();
        self.each_named(v, |name, n| out.push((name.to_string(), n)));
        out
    }

    /// Calls `f` with each of [`named`](Self::named)'s (name, count) pairs, in the same order,
    /// without allocating.
    pub fn each_named(&self, v: &Variant, mut f: impl FnMut(&str, u64)) {
        let mut push = |name: &str, n: u64, shown: bool| {
            if shown || n > 0 {
                f(name, n);
            }
        };
        push("moves", self.moves, true);
        push("captures", self.captures, true);
        // The rule modules' fixed events, each shown where its module is on, under the name the
        // module gives it (`Module::EVENTS`); the counters' order is the report's.
        let rules = &v.rules;
        let dice = rules.dice.is_some();
        if let [rolls, dead_rolls, passes] = <DiceRules as Module>::EVENTS {
            push(rolls, self.rolls, dice);
            push(dead_rolls, self.dead_rolls, dice);
            push(passes, self.passes, dice);
        }
        let event = |events: &'static [&'static str]| events[0];
        let resignations = event(<Resign as Module>::EVENTS);
        push(
            resignations,
            self.resignations,
            rules.has_event(resignations),
        );
        push(
            "promotions",
            self.promotions,
            // A kind that flips has its flip as its zone promotion: only other promotions count.
            (v.kinds.iter().enumerate()).any(|(i, k)| {
                k.promotion.is_some()
                    && (v.rules.flip.as_ref()).is_none_or(|f| f.of(Kind(i as u8)).is_none())
            }) || v.rules.promotion.is_some(),
        );
        let flips = event(<Flips as Module>::EVENTS);
        push(flips, self.flips, rules.has_event(flips));
        let drops = event(<Hands as Module>::EVENTS);
        push(drops, self.drops, rules.has_event(drops));
        let turned = event(<Enclose as Module>::EVENTS);
        push(turned, self.turned, rules.has_event(turned));
        let mates = event(<Mate as Module>::EVENTS);
        push(mates, self.mates, rules.has_event(mates));
        let interrupts = event(<CheckInterrupt as Module>::EVENTS);
        push(
            interrupts,
            self.check_interrupts,
            rules.has_event(interrupts),
        );
        let thrones = event(<Thrones as Module>::EVENTS);
        push(thrones, self.thrones, rules.has_event(thrones));
        if let Some(forms) = &v.rules.formations {
            for (name, n) in Module::events(forms).iter().zip(self.formations) {
                push(name, n, true);
            }
        }
        if let Some(c) = &v.rules.capture_all {
            for name in Module::events(c) {
                push(&name, self.capture_all, true);
            }
        }
    }
}
