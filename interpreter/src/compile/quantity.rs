//! Named quantities the expression language can read from a position, and the seats and kinds
//! they refer to. `docs/rule-files.md`, "Expressions", lists them.

use crate::dsl::suggest;
use crate::dsl::{Arg, Fault, Refusal, ResolveError, Resolved, Type};
use crate::vocab::{Kind, Seat};
use std::ops::Range;

/// Which seat a quantity is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatRef {
    /// The seat that made the last move.
    Mover,
    /// The other seat (two-seat variants only).
    Opponent,
    /// The seat due to move when the expression is judged (after the turn passed, the next
    /// seat; in the middle of a dice turn, the mover).
    Next,
    /// The seat being ranked (in `ranking:` keys).
    Subject,
    /// A seat by name.
    Fixed(Seat),
}

/// A quantity an expression can read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quantity {
    /// `pieces(S)`: pieces seat S has on the board, royal ones included.
    Pieces(SeatRef),
    /// `non_royal(S)`: S's pieces other than royal ones.
    NonRoyal(SeatRef),
    /// `royals(S)`: S's royal pieces on the board.
    Royals(SeatRef),
    /// `bare(S)`: S has a royal piece and no other piece.
    Bare(SeatRef),
    /// `material(S)`: the sum of the values of S's pieces on the board.
    Material(SeatRef),
    /// `count(S, K)`: S's pieces of kind K on the board.
    Count(SeatRef, Kind),
    /// `has(S, K)`: S has a piece of kind K on the board.
    Has(SeatRef, Kind),
    /// `seats_with(K)`: how many seats have a piece of kind K on the board.
    SeatsWith(Kind),
    /// `score(S)`: S's score.
    Score(SeatRef),
    /// `rounds`: rounds completed.
    Rounds,
    /// `rounds_without_capture`: consecutive completed rounds without a capture.
    RoundsWithoutCapture,
    /// `resigned`: seats that have resigned.
    Resigned,
    /// `ply`: actions played since the start position.
    Ply,
    /// A named parameter of the rule file (`params:`).
    Const(i64),
    /// `mated(S)`: S has been mated.
    Mated(SeatRef),
    /// `team_mated(S)`: S or one of its partners has been mated.
    TeamMated(SeatRef),
    /// `mated_seats`: how many seats have been mated.
    MatedSeats,
    /// `mates(S)`: mates S has made.
    Mates(SeatRef),
    /// `hand(S)`: pieces in S's hand.
    Hand(SeatRef),
    /// `in_hand(S, K)`: S's pieces of kind K in its hand.
    InHand(SeatRef, Kind),
    /// `last_mate(S)`: the order number of S's latest mate (0 = none).
    LastMate(SeatRef),
    /// `mated_at(S)`: the order number of the mate S suffered (0 = not mated).
    MatedAt(SeatRef),
    /// `in_check(S)`: a royal piece of S is attacked by another seat's live piece.
    InCheck(SeatRef),
    /// `checks(S)`: checks S has given so far (with `check-count:`,
    /// [`crate::rules::check_count`]).
    Checks(SeatRef),
    /// `on(S, K, R)`: S's pieces of kind K standing on region R (index in
    /// `Variant::regions`), read in S's own frame.
    On(SeatRef, Kind, u8),
    /// `safe_on(S, K, R)`: S's pieces of kind K standing on region R that no other seat's
    /// piece attacks (Fairy-Stockfish's `flagPieceSafe`).
    SafeOn(SeatRef, Kind, u8),
    /// `reaches(S, K, R)`: S is the seat to move and has a legal move of a piece of kind K
    /// onto region R (Fairy-Stockfish's `flagMove`: the seat's answer to a flag reached).
    Reaches(SeatRef, Kind, u8),
}

impl Quantity {
    /// True if the value can change by a move that changes neither the board's composition,
    /// the counters nor the seat to move (a quiet move): `ply`, `in_check` and `on` — end
    /// conditions reading one are judged after every move.
    pub fn reads_placement(self) -> bool {
        matches!(
            self,
            Quantity::Ply
                | Quantity::InCheck(_)
                | Quantity::On(..)
                | Quantity::SafeOn(..)
                | Quantity::Reaches(..)
        )
    }

    /// The seat the quantity is read for, if it names one.
    pub fn seat(self) -> Option<SeatRef> {
        match self {
            Quantity::Pieces(s)
            | Quantity::NonRoyal(s)
            | Quantity::Royals(s)
            | Quantity::Bare(s)
            | Quantity::Material(s)
            | Quantity::Count(s, _)
            | Quantity::Has(s, _)
            | Quantity::Score(s)
            | Quantity::Mated(s)
            | Quantity::TeamMated(s)
            | Quantity::Mates(s)
            | Quantity::Hand(s)
            | Quantity::InHand(s, _)
            | Quantity::LastMate(s)
            | Quantity::MatedAt(s)
            | Quantity::InCheck(s)
            | Quantity::Checks(s)
            | Quantity::On(s, _, _)
            | Quantity::SafeOn(s, _, _)
            | Quantity::Reaches(s, _, _) => Some(s),
            Quantity::SeatsWith(_)
            | Quantity::Rounds
            | Quantity::RoundsWithoutCapture
            | Quantity::Resigned
            | Quantity::Ply
            | Quantity::Const(_)
            | Quantity::MatedSeats => None,
        }
    }

    /// True if the value depends on whose turn it is: the quantity names a seat by its place
    /// in the play (the mover, the opponent, the seat to move, the seat ranked), not by name.
    pub fn reads_turn(self) -> bool {
        self.seat().is_some_and(|s| !matches!(s, SeatRef::Fixed(_)))
    }
}

/// Every quantity name with its arguments and meaning, for `docs/rule-files.md` and `explain`.
pub const QUANTITIES: &[(&str, &str, &str)] = &[
    (
        "pieces",
        "SEAT",
        "pieces the seat has on the board, royal ones included",
    ),
    (
        "non_royal",
        "SEAT",
        "the seat's pieces other than royal ones",
    ),
    ("royals", "SEAT", "the seat's royal pieces on the board"),
    (
        "bare",
        "SEAT",
        "boolean: the seat has a royal piece and nothing else",
    ),
    (
        "material",
        "SEAT",
        "sum of the values of the seat's pieces on the board",
    ),
    (
        "count",
        "SEAT, KIND",
        "the seat's pieces of that kind on the board",
    ),
    (
        "has",
        "SEAT, KIND",
        "boolean: the seat has a piece of that kind on the board",
    ),
    (
        "seats_with",
        "KIND",
        "how many seats have a piece of that kind on the board",
    ),
    ("score", "SEAT", "the seat's score"),
    (
        "rounds",
        "",
        "rounds completed (a round ends when the turn passes the first seat again)",
    ),
    (
        "rounds_without_capture",
        "",
        "consecutive completed rounds without a capture",
    ),
    ("resigned", "", "how many seats have resigned"),
    ("ply", "", "actions played since the start position"),
    ("mated", "SEAT", "boolean: the seat has been mated"),
    (
        "team_mated",
        "SEAT",
        "boolean: the seat or one of its partners has been mated",
    ),
    ("mated_seats", "", "how many seats have been mated"),
    ("mates", "SEAT", "mates the seat has made"),
    ("hand", "SEAT", "pieces in the seat's hand"),
    (
        "in_hand",
        "SEAT, KIND",
        "the seat's pieces of that kind in its hand",
    ),
    (
        "last_mate",
        "SEAT",
        "order number of the seat's latest mate (1 = the game's first mate; 0 = none)",
    ),
    (
        "mated_at",
        "SEAT",
        "order number of the mate the seat suffered (0 = not mated)",
    ),
    (
        "in_check",
        "SEAT",
        "boolean: a royal piece of the seat is attacked (false without royal pieces)",
    ),
    (
        "checks",
        "SEAT",
        "checks the seat has given so far (needs `check-count:`)",
    ),
    (
        "on",
        "SEAT, KIND, REGION",
        "the seat's pieces of that kind on the region's squares (in the seat's own frame)",
    ),
    (
        "safe_on",
        "SEAT, KIND, REGION",
        "the seat's pieces of that kind on the region's squares that no other seat attacks",
    ),
    (
        "reaches",
        "SEAT, KIND, REGION",
        "boolean: the seat is to move and has a legal move of a piece of that kind onto the region",
    ),
];

/// Resolves names for one expression; collects the quantities it reads, by id.
pub struct Resolver<'a> {
    /// Seat names, in turn order.
    pub seats: &'a [String],
    /// Kind names.
    pub kinds: &'a [&'a str],
    /// Named parameters of the rule file.
    pub params: &'a [(String, i64)],
    /// Whether `seat` (the ranked seat) may be used.
    pub subject: bool,
    /// Region names (`regions:`), in file order, for `on(SEAT, KIND, REGION)`.
    pub regions: &'a [&'a str],
    /// Whether checks are counted (`check-count:`), for `checks(SEAT)`.
    pub counts_checks: bool,
    /// The quantities read so far; an expression's ids index this list.
    pub quantities: std::cell::RefCell<Vec<Quantity>>,
}

/// The span, in `src`, of the part of the call `name(arg, …)` at `span` that `fault` names:
/// the name, an argument, or the whole call (also when the call has no such part).
pub(super) fn fault_span(src: &str, span: Range<usize>, fault: Fault) -> Range<usize> {
    let whole = span.clone();
    let Some(call) = src.get(span.clone()) else {
        return whole;
    };
    let (Some(open), Some(close)) = (call.find('('), call.rfind(')')) else {
        return whole;
    };
    match fault {
        Fault::Call => whole,
        Fault::Name => span.start..span.start + call[..open].trim_end().len(),
        Fault::Arg(index) => {
            let Some(inner) = call.get(open + 1..close) else {
                return whole;
            };
            let mut offset = open + 1;
            for (i, part) in inner.split(',').enumerate() {
                if i == index {
                    let start = span.start + offset + (part.len() - part.trim_start().len());
                    return start..start + part.trim().len();
                }
                offset += part.len() + 1;
            }
            whole
        }
    }
}

fn refuse(reason: Refusal, help: Option<String>) -> ResolveError {
    ResolveError { reason, help }
}

impl Resolver<'_> {
    fn seat_ref(&self, arg: Option<&Arg>, name: &str) -> Result<SeatRef, ResolveError> {
        let words = ["mover", "opponent", "next", "seat"];
        let seat_list = || {
            let mut all: Vec<String> = words[..3].iter().map(|w| format!("`{w}`")).collect();
            if self.subject {
                all.push("`seat`".into());
            }
            all.extend(self.seats.iter().map(|s| format!("`{s}`")));
            all.join(", ")
        };
        let Some(Arg::Name(a)) = arg else {
            return Err(refuse(
                Refusal::NeedsSeat(name.to_string()),
                Some(format!(
                    "write `{name}(SEAT)`, where SEAT is one of {}",
                    seat_list()
                )),
            ));
        };
        match a.as_str() {
            "mover" => Ok(SeatRef::Mover),
            "next" => Ok(SeatRef::Next),
            // With no seats at all, that problem is reported already: do not add one per use.
            "opponent" if self.seats.len() == 2 || self.seats.is_empty() => Ok(SeatRef::Opponent),
            "opponent" => Err(refuse(
                Refusal::OpponentNeedsTwoSeats { arg: 0 },
                Some("name the seat, or use `next`".into()),
            )),
            "seat" if self.subject => Ok(SeatRef::Subject),
            "seat" => Err(refuse(
                Refusal::SeatOutsideRanking { arg: 0 },
                Some(format!("here a seat is one of {}", seat_list())),
            )),
            other => match self.seats.iter().position(|s| s == other) {
                Some(i) => Ok(SeatRef::Fixed(Seat(i as u8))),
                None => {
                    let all = words
                        .iter()
                        .copied()
                        .chain(self.seats.iter().map(String::as_str));
                    Err(refuse(
                        Refusal::UnknownSeat {
                            name: other.to_string(),
                            arg: 0,
                        },
                        Some(match suggest(other, all) {
                            Some(s) => format!("did you mean `{s}`?"),
                            None => format!("a seat is one of {}", seat_list()),
                        }),
                    ))
                }
            },
        }
    }

    fn kind(&self, arg: Option<&Arg>, index: usize, name: &str) -> Result<Kind, ResolveError> {
        let Some(Arg::Name(a)) = arg else {
            let kinds: Vec<String> = self.kinds.iter().map(|k| format!("`{k}`")).collect();
            return Err(refuse(
                Refusal::NeedsKind(name.to_string()),
                Some(format!(
                    "write `{name}(KIND)`, where KIND is one of {}",
                    kinds.join(", ")
                )),
            ));
        };
        match self.kinds.iter().position(|k| k == a) {
            Some(i) => Ok(Kind(i as u8)),
            None => Err(refuse(
                Refusal::UnknownPiece {
                    name: a.clone(),
                    arg: index,
                },
                Some(match suggest(a, self.kinds.iter().copied()) {
                    Some(s) => format!("did you mean `{s}`?"),
                    None => format!(
                        "the kinds are {}",
                        self.kinds
                            .iter()
                            .map(|k| format!("`{k}`"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                }),
            )),
        }
    }

    fn region(&self, arg: Option<&Arg>, index: usize, name: &str) -> Result<u8, ResolveError> {
        let listed = || {
            if self.regions.is_empty() {
                "the file has no `regions:`; add one, e.g. `regions: { centre: [d4, e4, d5, e5] }`"
                    .to_string()
            } else {
                let all: Vec<String> = self.regions.iter().map(|r| format!("`{r}`")).collect();
                format!("the regions are {}", all.join(", "))
            }
        };
        let Some(Arg::Name(a)) = arg else {
            return Err(refuse(
                Refusal::NeedsRegion(name.to_string()),
                Some(format!("write `{name}(SEAT, KIND, REGION)`; {}", listed())),
            ));
        };
        match self.regions.iter().position(|r| r == a) {
            Some(i) => Ok(i as u8),
            None => Err(refuse(
                Refusal::UnknownRegion {
                    name: a.clone(),
                    arg: index,
                },
                Some(match suggest(a, self.regions.iter().copied()) {
                    Some(s) => format!("did you mean `{s}`?"),
                    None => listed(),
                }),
            )),
        }
    }

    fn checks(&self, arg: Option<&Arg>) -> Result<Quantity, ResolveError> {
        if !self.counts_checks {
            return Err(refuse(
                Refusal::ChecksNotCounted,
                Some(
                    "add `check-count: N` (checks are counted, and FEN carries the checks each \
                     seat has left of N)"
                        .into(),
                ),
            ));
        }
        Ok(Quantity::Checks(self.seat_ref(arg, "checks")?))
    }

    /// Resolves one name (with its arguments) to a quantity id and type.
    pub fn resolve(&self, name: &str, args: &[Arg]) -> Result<Resolved, ResolveError> {
        let arity = QUANTITIES.iter().find(|q| q.0 == name).map(|q| {
            if q.1.is_empty() {
                0
            } else {
                q.1.split(", ").count()
            }
        });
        if let Some(n) = arity
            && n != args.len()
        {
            let sig = QUANTITIES.iter().find(|q| q.0 == name).map_or("", |q| q.1);
            return Err(refuse(
                Refusal::Arity {
                    name: name.to_string(),
                    takes: n,
                    given: args.len(),
                },
                Some(if sig.is_empty() {
                    format!("write `{name}`")
                } else {
                    format!("write `{name}({sig})`")
                }),
            ));
        }
        let (a0, a1, a2) = (args.first(), args.get(1), args.get(2));
        let q = match name {
            "pieces" => Quantity::Pieces(self.seat_ref(a0, name)?),
            "non_royal" => Quantity::NonRoyal(self.seat_ref(a0, name)?),
            "royals" => Quantity::Royals(self.seat_ref(a0, name)?),
            "bare" => Quantity::Bare(self.seat_ref(a0, name)?),
            "material" => Quantity::Material(self.seat_ref(a0, name)?),
            "count" => Quantity::Count(self.seat_ref(a0, name)?, self.kind(a1, 1, name)?),
            "has" => Quantity::Has(self.seat_ref(a0, name)?, self.kind(a1, 1, name)?),
            "seats_with" => Quantity::SeatsWith(self.kind(a0, 0, name)?),
            "score" => Quantity::Score(self.seat_ref(a0, name)?),
            "rounds" => Quantity::Rounds,
            "rounds_without_capture" => Quantity::RoundsWithoutCapture,
            "resigned" => Quantity::Resigned,
            "ply" => Quantity::Ply,
            "mated" => Quantity::Mated(self.seat_ref(a0, name)?),
            "team_mated" => Quantity::TeamMated(self.seat_ref(a0, name)?),
            "mated_seats" => Quantity::MatedSeats,
            "mates" => Quantity::Mates(self.seat_ref(a0, name)?),
            "hand" => Quantity::Hand(self.seat_ref(a0, name)?),
            "in_hand" => Quantity::InHand(self.seat_ref(a0, name)?, self.kind(a1, 1, name)?),
            "last_mate" => Quantity::LastMate(self.seat_ref(a0, name)?),
            "mated_at" => Quantity::MatedAt(self.seat_ref(a0, name)?),
            "in_check" => Quantity::InCheck(self.seat_ref(a0, name)?),
            "checks" => self.checks(a0)?,
            "on" => Quantity::On(
                self.seat_ref(a0, name)?,
                self.kind(a1, 1, name)?,
                self.region(a2, 2, name)?,
            ),
            "safe_on" => Quantity::SafeOn(
                self.seat_ref(a0, name)?,
                self.kind(a1, 1, name)?,
                self.region(a2, 2, name)?,
            ),
            "reaches" => Quantity::Reaches(
                self.seat_ref(a0, name)?,
                self.kind(a1, 1, name)?,
                self.region(a2, 2, name)?,
            ),
            _ => match self.params.iter().find(|(p, _)| p == name) {
                Some((_, v)) if args.is_empty() => Quantity::Const(*v),
                Some(_) => {
                    return Err(refuse(Refusal::ParameterArgument(name.to_string()), None));
                }
                None => {
                    let names = QUANTITIES
                        .iter()
                        .map(|q| q.0)
                        .chain(self.params.iter().map(|(p, _)| p.as_str()));
                    return Err(refuse(
                        Refusal::UnknownQuantity(name.to_string()),
                        Some(match suggest(name, names.clone()) {
                            Some(s) => format!("did you mean `{s}`?"),
                            None => format!(
                                "the quantities are {}",
                                names
                                    .map(|q| format!("`{q}`"))
                                    .collect::<Vec<_>>()
                                    .join(", ")
                            ),
                        }),
                    ));
                }
            },
        };
        let ty = if matches!(
            q,
            Quantity::Bare(_)
                | Quantity::Has(..)
                | Quantity::Mated(_)
                | Quantity::TeamMated(_)
                | Quantity::InCheck(_)
                | Quantity::Reaches(..)
        ) {
            Type::Bool
        } else {
            Type::Int
        };
        let mut qs = self.quantities.borrow_mut();
        let id = qs.iter().position(|x| *x == q).unwrap_or_else(|| {
            qs.push(q);
            qs.len() - 1
        });
        Ok(Resolved { id: id as u32, ty })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dsl::{compile_expr, parse_expr};
    use crate::spec::{Assignment, load_str};

    /// The backticked snippets of `help` that parse as expressions (`bare(opponent)`, not `==`).
    fn examples(help: &str) -> Vec<String> {
        help.split('`')
            .skip(1)
            .step_by(2)
            .filter(|s| s.chars().any(|c| c.is_ascii_lowercase()) && parse_expr(s).is_ok())
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn expressions_suggested_by_help_lines_compile() {
        let mut helps: Vec<String> = Vec::new();
        helps.extend(parse_expr("").unwrap_err()[0].help.clone());
        let long = "1 + ".repeat(300) + "1";
        helps.extend(parse_expr(&long).unwrap_err()[0].help.clone());
        let file = "extends: chaturanga\nend: { conditions: { x: { when: ~, result: win } } }\n";
        let e = load_str("t.yaml", file)
            .and_then(|f| super::super::compile_unchecked(&f, &Assignment::default()))
            .unwrap_err();
        helps.extend(e.0.iter().filter_map(|d| d.help.clone()));
        let file =
            "extends: chaturanga\nend: { conditions: { x: { when: 'a ==', result: win } } }\n";
        let e = load_str("t.yaml", file)
            .and_then(|f| super::super::compile_unchecked(&f, &Assignment::default()))
            .unwrap_err();
        helps.extend(e.0.iter().filter_map(|d| d.help.clone()));

        let seats = ["white".to_string(), "black".to_string()];
        let resolver = Resolver {
            seats: &seats,
            kinds: &["raja", "padati"],
            params: &[],
            subject: true,
            regions: &["centre"],
            counts_checks: true,
            quantities: Default::default(),
        };
        let resolve = |n: &str, a: &[Arg]| resolver.resolve(n, a);
        let mut checked = 0;
        for help in &helps {
            for ex in examples(help) {
                let ok = compile_expr(&ex, Type::Bool, &resolve).is_ok()
                    || compile_expr(&ex, Type::Int, &resolve).is_ok();
                assert!(ok, "`{ex}`, suggested by \"{help}\", does not compile");
                checked += 1;
            }
        }
        assert!(checked >= 4, "{helps:?}");
    }

    #[test]
    fn refusals_point_at_the_part_of_the_call_at_fault() {
        let seats = ["white".to_string(), "black".to_string()];
        let resolver = Resolver {
            seats: &seats,
            kinds: &["raja", "padati"],
            params: &[("limit".to_string(), 3)],
            subject: false,
            regions: &["centre"],
            counts_checks: false,
            quantities: Default::default(),
        };
        let refusal = |n: &str, a: &[Arg]| resolver.resolve(n, a).unwrap_err().reason;
        let name = |s: &str| Arg::Name(s.to_string());
        // `count(white, padatti)`: the second argument names no kind.
        let r = refusal("count", &[name("white"), name("padatti")]);
        assert_eq!(
            r,
            Refusal::UnknownPiece {
                name: "padatti".into(),
                arg: 1
            }
        );
        let src = "x + count(white,  padatti) > 0";
        assert_eq!(&src[fault_span(src, 4..26, r.fault())], "padatti");
        // `count(white, white)`: the second `white`, not the first.
        let r = refusal("count", &[name("white"), name("white")]);
        let src = "count(white, white)";
        assert_eq!(fault_span(src, 0..src.len(), r.fault()), 13..18);
        // A seat where there is none; `seat` outside `ranking:`; an unknown quantity.
        let r = refusal("pieces", &[name("whte")]);
        assert_eq!(r.fault(), Fault::Arg(0));
        assert_eq!(
            refusal("bare", &[name("seat")]),
            Refusal::SeatOutsideRanking { arg: 0 }
        );
        let r = refusal("piecs", &[name("white")]);
        assert_eq!(r, Refusal::UnknownQuantity("piecs".into()));
        assert_eq!(fault_span("piecs (white)", 0..13, r.fault()), 0..5);
        // The whole call: a wrong number of arguments, a parameter with one, no parentheses.
        let r = refusal("pieces", &[]);
        assert_eq!(r.to_string(), "`pieces` takes 1 argument, not 0");
        assert_eq!(fault_span("pieces", 0..6, r.fault()), 0..6);
        let r = refusal("limit", &[name("white")]);
        assert_eq!(r.to_string(), "the parameter `limit` takes no argument");
        assert_eq!(fault_span("limit(white)", 0..12, r.fault()), 0..12);
        assert_eq!(fault_span("piecs", 0..5, Fault::Name), 0..5);
        // `on`'s third argument is a region: a misspelt one is named at the argument, a
        // missing one is the whole call; `checks` without `check-count:` is its name.
        let r = refusal("on", &[name("white"), name("raja"), name("center")]);
        assert_eq!(
            r,
            Refusal::UnknownRegion {
                name: "center".into(),
                arg: 2
            }
        );
        let src = "on(white, raja,  center) > 0";
        assert_eq!(&src[fault_span(src, 0..24, r.fault())], "center");
        let r = refusal("on", &[name("white"), name("raja"), Arg::Int(3)]);
        assert_eq!(r, Refusal::NeedsRegion("on".into()));
        let r = refusal("checks", &[name("white")]);
        assert_eq!(r, Refusal::ChecksNotCounted);
        assert_eq!(fault_span("checks(white)", 0..13, r.fault()), 0..6);
    }

    #[test]
    fn the_new_quantities_resolve_with_their_types() {
        let seats = ["white".to_string(), "black".to_string()];
        let resolver = Resolver {
            seats: &seats,
            kinds: &["raja", "padati"],
            params: &[],
            subject: false,
            regions: &["home", "centre"],
            counts_checks: true,
            quantities: Default::default(),
        };
        let name = |s: &str| Arg::Name(s.to_string());
        let on = resolver
            .resolve("on", &[name("mover"), name("raja"), name("centre")])
            .unwrap();
        assert_eq!(on.ty, Type::Int);
        let in_check = resolver.resolve("in_check", &[name("black")]).unwrap();
        assert_eq!(in_check.ty, Type::Bool);
        let checks = resolver.resolve("checks", &[name("next")]).unwrap();
        assert_eq!(checks.ty, Type::Int);
        assert_eq!(
            resolver.quantities.borrow()[..],
            [
                Quantity::On(SeatRef::Mover, Kind(0), 1),
                Quantity::InCheck(SeatRef::Fixed(Seat(1))),
                Quantity::Checks(SeatRef::Next),
            ]
        );
        // Only `on` and `in_check` depend on where pieces stand (conditions judged every move).
        assert!(Quantity::On(SeatRef::Mover, Kind(0), 1).reads_placement());
        assert!(Quantity::InCheck(SeatRef::Mover).reads_placement());
        assert!(!Quantity::Checks(SeatRef::Mover).reads_placement());
    }

    /// A quantity reads the turn when it names a seat by its place in the play; by name, or
    /// with no seat at all, it does not (the end-of-turn judging is skipped only for those).
    #[test]
    fn quantities_naming_a_seat_by_its_place_read_the_turn() {
        let king = Kind(0);
        for q in [
            Quantity::Score(SeatRef::Mover),
            Quantity::Pieces(SeatRef::Opponent),
            Quantity::Has(SeatRef::Next, king),
            Quantity::Material(SeatRef::Subject),
            Quantity::On(SeatRef::Next, king, 0),
        ] {
            assert!(q.reads_turn(), "{q:?}");
        }
        for q in [
            Quantity::Score(SeatRef::Fixed(Seat(1))),
            Quantity::SeatsWith(king),
            Quantity::Rounds,
            Quantity::RoundsWithoutCapture,
            Quantity::Resigned,
            Quantity::Ply,
            Quantity::Const(3),
            Quantity::MatedSeats,
        ] {
            assert!(!q.reads_turn(), "{q:?}");
        }
    }
}
