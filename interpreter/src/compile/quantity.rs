//! Named quantities the expression language can read from a position, and the seats they
//! refer to. The README's "Expressions" section lists them.

use crate::dsl::suggest;
use crate::dsl::{Arg, ResolveError, Resolved, Type};
use crate::engine::Seat;

/// Which seat a quantity is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatRef {
    /// The seat that made the last move.
    Mover,
    /// The other seat (two-seat variants only).
    Opponent,
    /// The seat due to move next.
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
    /// `ply`: plies played since the start position.
    Ply,
}

/// Every quantity name with its argument and meaning, for the README and `explain`.
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
    ("ply", "", "plies played since the start position"),
];

/// For a resolver error at `span` of `src` (a call `name(arg)`), the span of the argument when
/// the error is about it: when `message` quotes the argument but not the name (`unknown seat
/// `oponent``), or the span of the name when it quotes the name only (`unknown quantity`).
pub(super) fn argument_at_fault(
    src: &str,
    span: std::ops::Range<usize>,
    message: &str,
) -> Option<std::ops::Range<usize>> {
    let call = src.get(span.clone())?;
    let open = call.find('(')?;
    let close = call.rfind(')')?;
    let name = call[..open].trim_end();
    let inner = call.get(open + 1..close)?;
    let arg = inner.trim();
    let quotes = |w: &str| !w.is_empty() && message.contains(&format!("`{w}`"));
    if quotes(arg) && !quotes(name) {
        let start = span.start + open + 1 + (inner.len() - inner.trim_start().len());
        Some(start..start + arg.len())
    } else if quotes(name) && !quotes(arg) && message.starts_with("unknown quantity") {
        Some(span.start..span.start + name.len())
    } else {
        None
    }
}

/// Resolves names for one expression; collects the quantities it reads, by id.
pub struct Resolver<'a> {
    /// Seat names, in turn order.
    pub seats: &'a [String],
    /// Whether `seat` (the ranked seat) may be used.
    pub subject: bool,
    /// The quantities read so far; an expression's ids index this list.
    pub quantities: std::cell::RefCell<Vec<Quantity>>,
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
            return Err(ResolveError {
                message: format!("`{name}` needs a seat"),
                help: Some(format!(
                    "write `{name}(SEAT)`, where SEAT is one of {}",
                    seat_list()
                )),
            });
        };
        match a.as_str() {
            "mover" => Ok(SeatRef::Mover),
            "next" => Ok(SeatRef::Next),
            "opponent" if self.seats.len() == 2 => Ok(SeatRef::Opponent),
            "opponent" => Err(ResolveError {
                message: "`opponent` is only defined for two seats".into(),
                help: Some("name the seat, or use `next`".into()),
            }),
            "seat" if self.subject => Ok(SeatRef::Subject),
            "seat" => Err(ResolveError {
                message: "`seat` (the seat being ranked) is only defined in `ranking:`".into(),
                help: Some(format!("here a seat is one of {}", seat_list())),
            }),
            other => match self.seats.iter().position(|s| s == other) {
                Some(i) => Ok(SeatRef::Fixed(Seat(i as u8))),
                None => {
                    let all = words
                        .iter()
                        .copied()
                        .chain(self.seats.iter().map(String::as_str));
                    Err(ResolveError {
                        message: format!("unknown seat `{other}`"),
                        help: Some(match suggest(other, all) {
                            Some(s) => format!("did you mean `{s}`?"),
                            None => format!("a seat is one of {}", seat_list()),
                        }),
                    })
                }
            },
        }
    }

    /// Resolves one name (with its argument) to a quantity id and type.
    pub fn resolve(&self, name: &str, arg: Option<&Arg>) -> Result<Resolved, ResolveError> {
        let q = match name {
            "pieces" => Quantity::Pieces(self.seat_ref(arg, name)?),
            "non_royal" => Quantity::NonRoyal(self.seat_ref(arg, name)?),
            "royals" => Quantity::Royals(self.seat_ref(arg, name)?),
            "bare" => Quantity::Bare(self.seat_ref(arg, name)?),
            "material" => Quantity::Material(self.seat_ref(arg, name)?),
            "ply" if arg.is_none() => Quantity::Ply,
            "ply" => {
                return Err(ResolveError {
                    message: "`ply` takes no argument".into(),
                    help: Some("write `ply` without parentheses".into()),
                });
            }
            _ => {
                return Err(ResolveError {
                    message: format!("unknown quantity `{name}`"),
                    help: Some(match suggest(name, QUANTITIES.iter().map(|q| q.0)) {
                        Some(s) => format!("did you mean `{s}`?"),
                        None => format!(
                            "the quantities are {}",
                            QUANTITIES
                                .iter()
                                .map(|q| format!("`{}`", q.0))
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                    }),
                });
            }
        };
        let ty = if matches!(q, Quantity::Bare(_)) {
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
