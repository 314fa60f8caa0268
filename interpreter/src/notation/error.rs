//! [`PositionError`]: the one error type for what can be wrong with a position — written badly
//! (FEN, an extended position string, a record's start) or impossible (a [`Setup`] no game
//! reaches). Programs match on [`PositionErrorKind`]; people read [`PositionError::message`].
//!
//! [`Setup`]: super::Setup

use std::fmt;
use std::ops::Range;

/// The notation a position was written in (it decides how messages name fields).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Notation {
    /// FEN, as Fairy-Stockfish writes it (two-seat variants).
    Fen,
    /// The extended position string (any variant), or a [`Setup`](super::Setup) built by a
    /// program.
    #[default]
    Extended,
}

/// The part of a position a problem is in: the core fields of an extended position string in
/// order (see [`from_position_string`](super::from_position_string)), FEN's castling,
/// en-passant and check fields, the position as a whole, and a rule module's field
/// ([`Module`](PositionField::Module): thrones, the running count, the checks given).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PositionField {
    /// The board, with the hands.
    Board,
    /// The seat to move.
    ToMove,
    /// The dice.
    Dice,
    /// The scores.
    Scores,
    /// The capture-all kinds each seat took.
    Taken,
    /// Rounds completed.
    Rounds,
    /// Consecutive completed rounds without a capture.
    QuietRounds,
    /// Whether a capture happened in the current round.
    Capture,
    /// The seats that resigned.
    Resigned,
    /// The mates so far.
    Mates,
    /// The game's first seat.
    FirstSeat,
    /// The half-move clock.
    Halfmove,
    /// The full-move number.
    Fullmove,
    /// How the game stands.
    End,
    /// The first-move rights: FEN's castling field; the extended string's squares of the
    /// pieces holding them.
    Castling,
    /// The en-passant square (FEN's, and the extended string's last core field).
    EnPassant,
    /// FEN's check field (`3+3`: checks left to give, `check-count:`).
    Checks,
    /// The whole position (its number of fields, an empty string).
    Whole,
    /// A rule module's field in the extended position string
    /// ([`crate::rules::Module::FIELD`]): `thrones`, `count`, `checks`.
    Module(crate::rules::ModuleId),
}

impl PositionField {
    /// The core fields of an extended position string, in order; the modules' fields stand
    /// among and after them ([`crate::rules::field::Place`]).
    pub const CORE: [PositionField; 16] = [
        PositionField::Board,
        PositionField::ToMove,
        PositionField::Dice,
        PositionField::Scores,
        PositionField::Taken,
        PositionField::Rounds,
        PositionField::QuietRounds,
        PositionField::Capture,
        PositionField::Resigned,
        PositionField::Mates,
        PositionField::FirstSeat,
        PositionField::Halfmove,
        PositionField::Fullmove,
        PositionField::End,
        PositionField::Castling,
        PositionField::EnPassant,
    ];

    /// The fields that are no module's, in [`index`](Self::index) order.
    const FIXED: [PositionField; 18] = {
        let mut out = [PositionField::Whole; 18];
        let mut i = 0;
        while i < 16 {
            out[i] = PositionField::CORE[i];
            i += 1;
        }
        out[16] = PositionField::Checks;
        out
    };

    /// Number of fields (the size of per-field tables): the fixed ones and one per module.
    pub const COUNT: usize = Self::FIXED.len() + crate::rules::ModuleId::ALL.len();

    /// The field's index, `0..COUNT`: the core extended fields in order, FEN's check field,
    /// the whole position, then the modules' fields in registry order.
    pub fn index(self) -> usize {
        match self {
            PositionField::Module(id) => Self::FIXED.len() + id as usize,
            f => Self::FIXED.iter().position(|&x| x == f).unwrap_or(0),
        }
    }

    /// The field's name in messages, e.g. `"seat to move"`.
    pub fn name(self) -> &'static str {
        match self {
            PositionField::Board => "board",
            PositionField::ToMove => "seat to move",
            PositionField::Dice => "dice",
            PositionField::Scores => "scores",
            PositionField::Taken => "taken",
            PositionField::Rounds => "rounds",
            PositionField::QuietRounds => "rounds without capture",
            PositionField::Capture => "capture this round",
            PositionField::Resigned => "resigned seats",
            PositionField::Mates => "mates",
            PositionField::FirstSeat => "first seat",
            PositionField::Halfmove => "half-move clock",
            PositionField::Fullmove => "move number",
            PositionField::End => "end",
            PositionField::Castling => "castling",
            PositionField::EnPassant => "en passant",
            PositionField::Checks => "checks",
            PositionField::Whole => "position",
            PositionField::Module(id) => id.field().map_or(id.name(), |f| f.name),
        }
    }
}

/// What is wrong with a position, with the data a program needs to act on it. Names (of
/// seats, kinds, variants) are carried as text, ready for the message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionErrorKind {
    // ---- syntax -------------------------------------------------------------------------
    /// The text is empty.
    Empty,
    /// More fields than the notation has.
    TooManyFields {
        /// The most fields there may be (in this variant: its modules' fields count).
        max: usize,
        /// The name of the last field there may be.
        last: &'static str,
    },
    /// A character the grammar does not allow here (`None`: the text ends too early).
    Unexpected {
        /// The character found.
        found: Option<char>,
        /// What the field expects (`None` in FEN, which names no field).
        expected: Option<&'static str>,
    },
    /// FEN given for a variant that does not have two seats.
    FenNeedsTwoSeats {
        /// The variant's name.
        variant: String,
        /// Its number of seats.
        seats: usize,
    },
    /// Text after FEN's six fields.
    FenExtraField {
        /// The first extra field.
        text: String,
    },
    /// A value a rule module's field cannot hold ([`crate::rules::field::FieldProblem`]'s
    /// `Invalid`), with the module's reason.
    ModuleField {
        /// Why, as the module says it.
        why: String,
    },
    /// A number too large for its field.
    NumberTooLarge {
        /// The number as written.
        text: String,
    },
    // ---- board and hands ----------------------------------------------------------------
    /// A wrong number of ranks.
    RankCount {
        /// Ranks given.
        given: usize,
        /// Ranks of the board.
        ranks: usize,
    },
    /// A rank with more squares than the board has files.
    RankTooLong {
        /// The rank, from 1.
        rank: usize,
        /// Files of the board.
        files: usize,
    },
    /// A rank with fewer squares than the board has files.
    RankTooShort {
        /// The rank, from 1.
        rank: usize,
        /// Squares given.
        squares: usize,
        /// Files of the board.
        files: usize,
    },
    /// A run of 0 empty squares.
    ZeroRun,
    /// A letter that is no kind of the variant.
    UnknownPieceLetter {
        /// The letter.
        letter: char,
        /// The variant's name.
        variant: String,
        /// The variant's kind letters.
        letters: String,
    },
    /// `+X` for a kind `X` with no promoted kind that FEN writes so.
    NoPromotedForm {
        /// The letter after `+`.
        letter: char,
    },
    /// `~` after a kind that no `remember: true` promotion gives.
    NotRemembered {
        /// The kind's letter.
        letter: char,
    },
    /// A letter or name that is no seat of the variant.
    UnknownSeat {
        /// The letter or name.
        token: String,
        /// The piece or hand entry it was read in (`xK`), if any.
        within: Option<String>,
        /// The seats, for the message (`` `r` (red), `b` (blue) ``).
        seats: String,
    },
    /// Pieces in hand in a variant without hands.
    NoHands {
        /// The variant's name.
        variant: String,
    },
    /// A kind that no capture puts in a hand.
    NotForHand {
        /// The hand entry as written.
        token: String,
        /// The kind's name.
        kind: String,
        /// The kind a capture demotes it to (`None`: it is royal, never captured).
        demotes_to: Option<String>,
    },
    /// More pieces of a kind in a hand than the game has of that kind (its start position and
    /// start hands, twice over with `hands.given`, where they come from a second board).
    HandAboveSupply {
        /// The seat whose hand it is.
        seat: String,
        /// The kind's name.
        kind: String,
        /// How many are written.
        count: u8,
        /// How many the game has.
        bound: u32,
    },
    /// A seat of a two-seat game without its royal piece, though its start position has one
    /// and the game is not over (a kingless bughouse position).
    NoRoyal {
        /// The seat's name.
        seat: String,
        /// The royal kind's name.
        kind: String,
    },
    /// More pieces of a royal kind, board and hand together, than the start position and
    /// start hand give the seat (a second general in supply's hand).
    RoyalAboveStart {
        /// The seat's name.
        seat: String,
        /// The royal kind's name.
        kind: String,
        /// How many are written.
        count: usize,
        /// How many the start gives.
        start: usize,
    },
    /// A square the setup fills with a dead piece of no seat (`setup.dead`) holds something
    /// else: such pieces never move and are never captured.
    DeadSquare {
        /// The square's name.
        square: String,
        /// The dead kind's name.
        kind: String,
    },
    /// More walls than the walls' rule leaves on the board (`walls.rule: duck`: one).
    TooManyWalls {
        /// The walls' kind name.
        kind: String,
        /// How many are on the board.
        count: usize,
    },
    /// A hand count of 0, or more than a hand holds.
    HandCount {
        /// The most pieces of a kind a hand holds.
        max: u8,
    },
    /// A board whose size is not the variant's (a [`Setup`](super::Setup) built by a program).
    BoardSize {
        /// Squares given.
        given: usize,
        /// Squares of the board.
        squares: usize,
    },
    /// A piece of a kind, owner or facing the variant does not have (a program's `Setup`).
    BadPiece {
        /// The square's index.
        square: usize,
    },
    /// FEN castling or en-passant rights (this family has neither).
    CastlingOrEnPassant {
        /// The field as written.
        text: String,
    },
    /// A wall's kind written by its letter: a wall belongs to no seat and is written `*`.
    WallLetter {
        /// The letter written.
        letter: char,
    },
    /// A letter of the castling field that names no castling side and no file.
    CastlingLetter {
        /// The letter.
        letter: char,
    },
    /// An en-passant field that is not a square of the board.
    EnPassantSquare {
        /// The field as written.
        text: String,
    },
    /// FEN's check field (`3+3`) in a variant that does not count checks (`of: None`), or
    /// with more checks left than the variant's `check-count` N (`of: Some(N)`).
    CheckField {
        /// The field as written.
        text: String,
        /// The variant's N, if it counts checks.
        of: Option<u8>,
    },
    /// A number in FEN's en-passant field (Fairy-Stockfish's count limit, `counting:`) in a
    /// variant without a counting rule.
    CountField {
        /// The field as written.
        text: String,
    },
    // ---- dice -----------------------------------------------------------------------------
    /// Dice, or a roll due, in a variant without dice.
    NoDice {
        /// The variant's name.
        variant: String,
    },
    /// More dice left than are rolled.
    TooManyDice {
        /// Dice given.
        given: usize,
        /// Dice rolled.
        count: usize,
    },
    /// A value no die shows.
    BadFace {
        /// The value as written.
        face: String,
        /// The dice's faces.
        faces: Vec<u8>,
    },
    // ---- counters -------------------------------------------------------------------------
    /// Not one score per seat.
    ScoreCount {
        /// Scores given.
        given: usize,
        /// The variant's name.
        variant: String,
        /// The seats' names.
        seats: Vec<String>,
    },
    /// A seat credited with its own king or throne.
    OwnEntry {
        /// The seat.
        seat: String,
        /// `"king"` or `"throne"`.
        what: &'static str,
    },
    /// More rounds without capture than rounds.
    QuietRounds {
        /// Rounds without capture.
        quiet: u16,
        /// Rounds completed.
        rounds: u16,
    },
    /// A move number of 0.
    MoveNumberZero,
    /// A seat mating itself.
    SelfMate {
        /// The seat.
        seat: String,
    },
    /// A seat mated twice.
    MatedTwice {
        /// The seat.
        seat: String,
    },
    /// An end field naming no end reason of the variant.
    UnknownEndReason {
        /// The name as written.
        name: String,
        /// The variant's name.
        variant: String,
        /// The end reasons there are.
        known: Vec<String>,
    },
    /// A negative score where no rule of the variant takes points away.
    NegativeScore {
        /// The seat.
        seat: String,
        /// Its score.
        score: i64,
    },
    // ---- positions no game reaches ----------------------------------------------------------
    /// A live seat other than the one to move in check.
    SeatInCheck {
        /// The seats in check.
        checked: Vec<String>,
        /// The seat to move.
        to_move: String,
    },
    /// Two royal pieces of different seats face each other on an open file where the rule
    /// file forbids it (xiangqi's flying general, [`crate::rules::facing`]): the move that
    /// made them face was not legal.
    RoyalsFace {
        /// The two seats.
        seats: Vec<String>,
    },
    /// The seat to move has resigned or been mated.
    SeatOut {
        /// The seat.
        seat: String,
        /// Mated (else resigned).
        mated: bool,
    },
    /// Every seat has resigned or been mated.
    NoSeatLeft,
    /// A dice turn in progress with no dice left.
    NoDiceLeft,
    /// A dice turn in progress whose dice move nothing.
    NoUsableDie {
        /// The dice left.
        dice: Vec<u8>,
        /// The seat to move.
        seat: String,
    },
    /// Where mates do not end the game, a seat to move with no legal move.
    WouldBeMated {
        /// The seat.
        seat: String,
    },
    /// A dead royal piece of a seat not mated.
    DeadRoyalNotMated {
        /// The kind's name.
        kind: String,
        /// The seat it faces as.
        seat: String,
    },
    /// A mated seat that owns a piece on the board.
    MatedOwnsPiece {
        /// The seat.
        seat: String,
    },
    /// A mated seat that holds pieces in hand.
    MatedHoldsHand {
        /// The seat.
        seat: String,
    },
    /// A game ended by the capture-all win with no seat having made the captures.
    CaptureAllWithoutCaptures {
        /// The win's name.
        name: String,
        /// The kind that must be captured.
        kind: String,
        /// The winner named, if any.
        winner: Option<String>,
    },
}

fn join_and(names: &[String]) -> String {
    match names {
        [one] => format!("{one} is"),
        _ => format!("{} are", names.join(" and ")),
    }
}

fn list(values: &[u8], sep: &str) -> String {
    values
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(sep)
}

impl PositionErrorKind {
    /// The message of a piece the variant cannot have so: a promoted or remembered form it
    /// has not, a hand above the game's supply, too many walls, a missing royal piece.
    fn fmt_pieces(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PositionErrorKind as K;
        match self {
            K::NoPromotedForm { letter } => write!(
                f,
                "`+{letter}`: no kind of this variant is written as the promotion of `{letter}`"
            ),
            K::NotRemembered { letter } => write!(
                f,
                "`{letter}~`: no promotion of this variant remembers that it made a `{letter}`"
            ),

            K::HandAboveSupply {
                seat,
                kind,
                count,
                bound,
            } => write!(
                f,
                "{seat}'s hand holds {count} of kind {kind}, more than the {bound} the game \
                 can give it (from its start position and hands)"
            ),
            K::TooManyWalls { kind, count } => write!(
                f,
                "{count} walls ({kind}) stand on the board, but the walls' rule `duck` keeps \
                 one: write at most one `*`"
            ),
            K::NoRoyal { seat, kind } => write!(
                f,
                "{seat} has no {kind} on the board or in hand: the game needs one while it goes on"
            ),
            K::DeadSquare { square, kind } => write!(
                f,
                "{square} holds the game's {kind}, an obstacle of no seat that never moves or \
                 leaves: write it there"
            ),
            K::RoyalAboveStart {
                seat,
                kind,
                count,
                start,
            } => write!(
                f,
                "{seat} has {count} of the royal {kind} on the board and in hand, but the game \
                 gives it {start}, and no promotion makes more"
            ),
            _ => Ok(()),
        }
    }

    /// The message of a syntax or board problem.
    fn fmt_text(&self, f: &mut fmt::Formatter<'_>) -> Option<fmt::Result> {
        use PositionErrorKind as K;
        let count = crate::diag::count;
        Some(match self {
            K::Empty => f.write_str("the position string is empty: it needs at least the board"),
            K::TooManyFields { max, last } => write!(
                f,
                "too many fields: a position string of this variant has at most {max} (the last \
                 is the {last} field)"
            ),
            K::Unexpected { found, expected } => match (found, expected) {
                (Some(c), Some(e)) => write!(f, "unexpected `{c}`: expected {e}"),
                (None, Some(e)) => write!(f, "ends too early: expected {e}"),
                (Some(c), None) => write!(f, "unexpected `{c}` in the position string"),
                (None, None) => f.write_str("the position string ends too early"),
            },
            K::FenNeedsTwoSeats { variant, seats } => write!(
                f,
                "FEN describes two-seat positions; {variant} has {}",
                count(*seats, "seat", "seats")
            ),
            K::FenExtraField { text } => write!(
                f,
                "unexpected `{text}` after the move number: FEN has six fields (board, seat to \
                 move, castling, en passant, half-move clock, move number)"
            ),
            K::NumberTooLarge { text } => write!(f, "`{text}` is too large"),
            K::RankCount { given, ranks } => write!(
                f,
                "{} given; the board has {ranks}",
                count(*given, "rank", "ranks")
            ),
            K::RankTooLong { rank, files } => {
                write!(f, "rank {rank} has more than {files} squares")
            }
            K::RankTooShort {
                rank,
                squares,
                files,
            } => write!(
                f,
                "rank {rank} has {}; the board has {files} files",
                count(*squares, "square", "squares")
            ),
            K::ZeroRun => f.write_str("a run of 0 empty squares"),
            K::UnknownPieceLetter {
                letter,
                variant,
                letters,
            } => write!(
                f,
                "`{letter}` is not a piece of {variant} (letters: {letters})"
            ),
            K::UnknownSeat {
                token,
                within,
                seats,
            } => match within {
                Some(w) => write!(f, "`{token}` in `{w}` is not a seat; the seats are {seats}"),
                None => write!(f, "`{token}` is not a seat; the seats are {seats}"),
            },
            K::NoHands { variant } => {
                write!(f, "{variant} has no pieces in hand: leave out the brackets")
            }
            K::NotForHand {
                token,
                kind,
                demotes_to,
            } => match demotes_to {
                None => write!(
                    f,
                    "`{token}` cannot be in a hand: a {kind} is royal and is never captured"
                ),
                Some(d) => write!(
                    f,
                    "`{token}` cannot be in a hand: a captured {kind} goes to the hand as a {d}"
                ),
            },
            K::HandCount { max } => write!(f, "a hand holds 1 to {max} pieces of a kind"),
            K::HandAboveSupply { .. }
            | K::TooManyWalls { .. }
            | K::NoRoyal { .. }
            | K::RoyalAboveStart { .. }
            | K::DeadSquare { .. }
            | K::NoPromotedForm { .. }
            | K::NotRemembered { .. } => return Some(self.fmt_pieces(f)),
            K::BoardSize { given, squares } => {
                write!(f, "{given} squares given; the board has {squares}")
            }
            K::BadPiece { square } => write!(
                f,
                "the piece on square {square} is not of this variant (kind, owner or facing)"
            ),
            K::CastlingOrEnPassant { text } => write!(
                f,
                "`{text}`: this variant has no castling or en passant; write `-`"
            ),
            K::CastlingLetter { letter } => write!(
                f,
                "`{letter}` names no castling side or file (castling letters such as `KQkq`, \
                 or the files of pieces with first-move rights)"
            ),
            K::EnPassantSquare { text } => {
                write!(
                    f,
                    "`{text}` is not a square of the board; write a square or `-`"
                )
            }
            K::CheckField { text, of: None } => write!(
                f,
                "`{text}`: this variant does not count checks; leave the check field out"
            ),
            K::CheckField { text, of: Some(n) } => write!(
                f,
                "`{text}`: a seat has at most {n} checks to give (`{n}+{n}` left at the start)"
            ),
            _ => return None,
        })
    }

    /// The message of a dice or counter problem.
    fn fmt_counters(&self, f: &mut fmt::Formatter<'_>) -> Option<fmt::Result> {
        use PositionErrorKind as K;
        Some(match self {
            K::ModuleField { why } => f.write_str(why),
            K::CountField { text } => write!(
                f,
                "`{text}`: this variant has no counting rule, so the en-passant field holds no \
                 count's limit; write `-` or a square"
            ),
            K::NoDice { variant } => write!(f, "{variant} has no dice: write `-`"),
            K::TooManyDice { given, count } => {
                write!(f, "{given} dice left, but {count} dice are rolled")
            }
            K::BadFace { face, faces } => write!(
                f,
                "a die cannot show `{face}`; its faces are {}",
                list(faces, ", ")
            ),
            K::ScoreCount {
                given,
                variant,
                seats,
            } => write!(
                f,
                "{given} scores given; {variant} has {} seats ({})",
                seats.len(),
                seats.join(", ")
            ),
            K::OwnEntry { seat, what } => write!(f, "{seat} cannot have its own {what}"),
            K::QuietRounds { quiet, rounds } => write!(
                f,
                "{quiet} rounds without capture, but only {rounds} rounds completed"
            ),
            K::MoveNumberZero => f.write_str("the move number starts at 1"),
            K::SelfMate { seat } => write!(f, "{seat} cannot mate itself"),
            K::MatedTwice { seat } => write!(f, "{seat} is mated twice"),
            K::UnknownEndReason {
                name,
                variant,
                known,
            } => {
                if known.is_empty() {
                    write!(
                        f,
                        "`{name}` is not an end reason: {variant} has no end conditions"
                    )
                } else {
                    write!(
                        f,
                        "`{name}` is not an end reason: the end reasons are {}",
                        known.join(", ")
                    )
                }
            }
            K::NegativeScore { seat, score } => write!(
                f,
                "{seat} has {score} points, but no rule of this variant takes points away"
            ),
            K::WallLetter { letter } => write!(
                f,
                "`{letter}` is a wall, which belongs to no seat: write it `*`"
            ),
            _ => return None,
        })
    }

    /// The message of a position no game reaches.
    fn fmt_unreachable(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PositionErrorKind as K;
        match self {
            K::SeatInCheck { checked, to_move } => write!(
                f,
                "{} in check but {to_move} is to move: no legal game reaches this position \
                 (the seat in check moves next)",
                join_and(checked)
            ),
            K::RoyalsFace { seats } => write!(
                f,
                "{} facing each other with their royal pieces on an open file, which the rule \
                 file forbids (the flying general): no legal game reaches this position",
                join_and(seats)
            ),
            K::SeatOut { seat, mated } => write!(
                f,
                "{seat} {} and takes no more turns",
                if *mated {
                    "has been mated"
                } else {
                    "has resigned"
                }
            ),
            K::NoSeatLeft => f.write_str(
                "every seat has resigned or been mated: the game ends before the last seat \
                 is out",
            ),
            K::NoDiceLeft => f.write_str(
                "no dice left and no roll due while the game goes on: write `roll` (and the \
                 next seat to move) or the dice left",
            ),
            K::NoUsableDie { dice, seat } => write!(
                f,
                "no die left ({}) moves a piece of {seat}, so this turn is over: write `roll` \
                 and the next seat to move",
                list(dice, ",")
            ),
            K::WouldBeMated { seat } => write!(
                f,
                "{seat} has no legal move, so it would already be mated (loading a position \
                 plays nothing): load the position before the mating move"
            ),
            K::DeadRoyalNotMated { kind, seat } => write!(
                f,
                "a dead {kind} of {seat}, but {seat} has not been mated: a royal piece dies \
                 only when its seat is mated (add the mate to the mates field)"
            ),
            K::MatedOwnsPiece { seat } => write!(
                f,
                "{seat} has been mated (the mates field) but owns this piece: a mated seat's \
                 pieces go to its mater or to nobody"
            ),
            K::MatedHoldsHand { seat } => write!(
                f,
                "{seat} has been mated (the mates field) but holds pieces in hand: a mated \
                 seat's hand goes to its mater"
            ),
            K::CaptureAllWithoutCaptures { name, kind, winner } => match winner {
                Some(w) => write!(
                    f,
                    "the game is over by `{name}`, but {w} has not taken every other seat's \
                     {kind} while keeping its own (the taken field)"
                ),
                None => write!(
                    f,
                    "the game is over by `{name}`, but no seat has taken every other seat's \
                     {kind} while keeping its own (the taken field)"
                ),
            },
            _ => Ok(()),
        }
    }
}

impl fmt::Display for PositionErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(r) = self.fmt_text(f) {
            return r;
        }
        if let Some(r) = self.fmt_counters(f) {
            return r;
        }
        self.fmt_unreachable(f)
    }
}

/// A position that is written badly or that no game reaches: what is wrong
/// ([`kind`](Self::kind)), in which field, and where in the text.
///
/// Spans are byte ranges in the text the position was read from; for a
/// [`Setup`](super::Setup) built by a program they are empty (`0..0`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    /// What is wrong.
    pub kind: PositionErrorKind,
    /// The field the problem is in.
    pub field: PositionField,
    /// Byte range of the offending part (a piece, a rank, a value, or the whole field).
    pub span: Range<usize>,
    /// Byte range of the whole field the problem is in (the whole text for a field that was
    /// left out).
    pub field_span: Range<usize>,
    /// The notation of the text, which decides how the message names the field.
    pub notation: Notation,
}

impl PositionError {
    /// The message: the field's name (except FEN's board and the whole position), then what
    /// is wrong, e.g. `"dice: a die cannot show `7`; its faces are 1, 2, 3, 4, 5, 6"`.
    pub fn message(&self) -> String {
        let named = match self.field {
            PositionField::Whole => false,
            PositionField::Board => self.notation == Notation::Extended,
            _ => true,
        };
        if named {
            format!("{}: {}", self.field.name(), self.kind)
        } else {
            self.kind.to_string()
        }
    }
}

impl PositionError {
    /// The error as a located diagnostic: the position `text` as a source named `source`
    /// (`--fen`, `position`), the offending part labelled, and a help that gives `variant`'s
    /// start as an example (FEN and the extended string for two seats, the extended string
    /// for more; only a pointer to `docs/positions.md` where the start itself does not read,
    /// as a rule file's setup may be a position no game reaches).
    pub fn diagnostic(
        &self,
        variant: &std::sync::Arc<crate::compile::Variant>,
        source: &str,
        text: &str,
    ) -> crate::diag::Diagnostic {
        use crate::diag::{Code, Diagnostic, Span, text_source};
        let src = text_source(source, text);
        let (start, end) = (
            self.span.start.min(text.len()),
            self.span.end.min(text.len()),
        );
        let setup = crate::engine::Position::start(variant.clone());
        let example = super::to_position_string(&setup);
        let help = if super::parse_position(variant, &example).is_err() {
            "see docs/positions.md, \"Position strings\", for the fields and what is refused"
                .to_string()
        } else if variant.seats.len() == 2 {
            format!(
                "write FEN, e.g. `{}`, or an extended position string, e.g. `{example}` (see \
                 docs/positions.md, \"Position strings\")",
                super::to_fen(&setup)
            )
        } else {
            format!(
                "write an extended position string, e.g. the start: `{example}` (see \
                 docs/positions.md, \"Position strings\")"
            )
        };
        Diagnostic::new(
            Code::NotationPosition,
            self.message(),
            Some(Span::new(&src, start, end)),
        )
        .label("here")
        .help(help)
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at column {})", self.message(), self.span.start + 1)
    }
}

impl std::error::Error for PositionError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn field_indices_follow_the_extended_order() {
        for (i, f) in PositionField::CORE.iter().enumerate() {
            assert_eq!(f.index(), i);
        }
        assert_eq!(PositionField::Checks.index(), 16);
        assert_eq!(PositionField::Whole.index(), 17);
        let last = *crate::rules::ModuleId::ALL.last().unwrap();
        assert_eq!(
            PositionField::Module(last).index() + 1,
            PositionField::COUNT
        );
        assert_eq!(
            PositionField::Module(crate::rules::ModuleId::Thrones).name(),
            "thrones"
        );
    }

    #[test]
    fn fen_board_errors_name_no_field() {
        let mut e = PositionError {
            kind: PositionErrorKind::ZeroRun,
            field: PositionField::Board,
            span: 0..1,
            field_span: 0..1,
            notation: Notation::Fen,
        };
        assert_eq!(e.message(), "a run of 0 empty squares");
        e.notation = Notation::Extended;
        assert_eq!(e.message(), "board: a run of 0 empty squares");
        assert_eq!(
            e.to_string(),
            "board: a run of 0 empty squares (at column 1)"
        );
    }
}
