//! Move notation: coordinates, `e2e3`, with the promotion kind's letter, `a7a8q`, and a
//! move's wall after a comma, `e2e4,e4d5` (Fairy-Stockfish's UCI for two-part moves).

use crate::engine::{DropRefusal, Position};
use crate::geometry::Square;
use crate::vocab::{Action, Move};
use std::fmt;

/// Why a well-formed move or drop is not legal here ([`MoveError::Illegal`]); its `Display`
/// is the sentence the error shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveRefusal {
    /// No piece stands on the origin square (named as the board names it, `e4`).
    NoPiece {
        /// The origin square's name.
        square: String,
    },
    /// The piece on the origin square belongs to another seat than the one to move.
    NotYours {
        /// The origin square's name.
        square: String,
        /// The piece's owner (seat name).
        owner: String,
        /// The seat to move (seat name).
        to_move: String,
    },
    /// The piece on the origin square has no legal move now.
    NoMove,
    /// The piece on the origin square has no legal move with this die value.
    NoMoveWithDie(u8),
    /// No die left shows the die written before the move.
    NoDie {
        /// The die written.
        die: u8,
        /// The dice left, in ascending order.
        left: Vec<u8>,
    },
    /// No legal move is written so in SAN here.
    NotSan {
        /// The move as written.
        text: String,
        /// The legal moves, written as a list.
        legal: String,
    },
    /// A drop breaks a rule of the hands ([`DropRefusal`]).
    Drop(DropRefusal),
    /// A drop of a kind the seat to move has none of in hand (or the variant has no hands).
    NotInHand {
        /// The seat to move (seat name).
        seat: String,
        /// The kind written (kind name).
        kind: String,
    },
    /// The game has ended: no move is legal (the outcome, "black wins (checkmate)").
    GameOver(String),
    /// Every legal move of the seat to move is a drop: pieces in hand must be placed first (a
    /// set-up phase, `placement:`; a king in hand dropped before anything else, koedem).
    PlaceFirst {
        /// The seat to move (seat name).
        seat: String,
        /// The kinds it may drop now (kind names, comma-separated).
        kinds: String,
    },
    /// A drop written with a lower-case letter while the first of two seats is to move:
    /// lower case is the second seat's in FEN, so `n@f1` is not white's `N@f1`. (Upper case
    /// is every seat's, as UCI writes drops.)
    LowerCaseDrop {
        /// The second seat, whose piece the letter names (seat name).
        owner: String,
        /// The seat to move (seat name).
        to_move: String,
        /// The drop as the seat to move writes it, its letter in upper case (`N@f1`).
        upper: String,
    },
    /// A two-part move whose move part is legal but whose wall part (after the comma) is not.
    Wall {
        /// The move part, before the comma (`e2e4`).
        main: String,
        /// The wall part, after the comma (`e4e4`).
        part: String,
        /// Where the wall part names another target square than the move's: that target.
        target: Option<String>,
    },
}

impl fmt::Display for MoveRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveRefusal::NoPiece { square } => write!(f, "there is no piece on {square}"),
            MoveRefusal::NotYours {
                square,
                owner,
                to_move,
            } => write!(
                f,
                "the piece on {square} belongs to {owner}; it is {to_move}'s turn"
            ),
            MoveRefusal::NoMove => f.write_str(NO_MOVE),
            MoveRefusal::NoMoveWithDie(d) => {
                write!(f, "no legal move with die {d} starts on that square")
            }
            MoveRefusal::NoDie { die, left } => {
                let list: Vec<String> = left.iter().map(u8::to_string).collect();
                write!(
                    f,
                    "no die left shows {die}: the dice left are {}",
                    list.join(",")
                )
            }
            MoveRefusal::NotSan { text, legal } => write!(
                f,
                "no legal move is written `{text}` in SAN here; the legal moves are {legal}"
            ),
            MoveRefusal::Drop(r) => r.fmt(f),
            MoveRefusal::NotInHand { seat, kind } => write!(f, "{seat} has no {kind} in hand"),
            MoveRefusal::GameOver(outcome) => write!(f, "the game is over: {outcome}"),
            MoveRefusal::PlaceFirst { seat, kinds } => write!(
                f,
                "{seat} must place from its hand first: every legal move now is a drop \
                 (of {kinds}), written like `K@e1`"
            ),
            MoveRefusal::LowerCaseDrop {
                owner,
                to_move,
                upper,
            } => write!(
                f,
                "a lower-case letter is {owner}'s piece, and {to_move} is to move: write \
                 `{upper}`"
            ),
            MoveRefusal::Wall {
                main,
                part,
                target: Some(to),
            } => write!(
                f,
                "the wall part `{part}`, after the comma, must start from the move's target \
                 square, {to} (`{main}` ends there)"
            ),
            MoveRefusal::Wall { main, part, .. } => write!(
                f,
                "`{main}` is legal, but its wall part `{part}`, after the comma, is not: the \
                 wall goes on an empty square the rules allow"
            ),
        }
    }
}

/// A move that cannot be read or is not legal here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// Not move notation at all.
    Syntax(String),
    /// Well-formed but not legal in this position; carries the legal moves from that square.
    Illegal {
        /// The move as written.
        text: String,
        /// Legal moves from the same origin square, in notation.
        from_same_square: Vec<String>,
        /// When no legal move starts on the origin square, why: "there is no piece on e4",
        /// "the piece on e7 belongs to black; it is white's turn", "no die left shows 6: the
        /// dice left are 2"; for a drop, the rule it breaks ([`MoveRefusal::Drop`]).
        why: Option<MoveRefusal>,
    },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Syntax(m) => f.write_str(m),
            MoveError::Illegal {
                text,
                from_same_square,
                why,
            } if text.contains(['@', '*']) => {
                match why {
                    Some(why) => write!(f, "illegal drop `{text}`: {why}")?,
                    None => write!(f, "illegal drop `{text}`: that piece cannot be dropped now")?,
                }
                if !from_same_square.is_empty() {
                    write!(
                        f,
                        "; legal drops of that piece: {}",
                        from_same_square.join(" ")
                    )?;
                }
                Ok(())
            }
            MoveError::Illegal {
                text,
                from_same_square,
                why,
            } if from_same_square.is_empty() => {
                let why = why.as_ref().unwrap_or(&MoveRefusal::NoMove);
                write!(f, "illegal move `{text}`: {why}")
            }
            MoveError::Illegal {
                text,
                from_same_square,
                why: Some(why @ MoveRefusal::Wall { .. }),
            } => write!(
                f,
                "illegal move `{text}`: {why}; legal with that move: {}",
                from_same_square.join(" ")
            ),
            MoveError::Illegal {
                text,
                from_same_square,
                ..
            } => {
                write!(
                    f,
                    "illegal move `{text}`; legal from that square: {}",
                    from_same_square.join(" ")
                )
            }
        }
    }
}

impl std::error::Error for MoveError {}

/// Writes `m` in coordinate notation: origin, target, and the promotion kind's letter in lower
/// case (`a7a8q`); a drop as the kind's letter, `@` and the square (`P@e5`, as Fairy-Stockfish
/// writes drops). A move that puts a wall ([`crate::rules::walls`]) ends with a comma, its
/// target square and the wall's square (`e2e4,e4d5`), as Fairy-Stockfish's UCI writes it.
pub fn move_to_string(pos: &Position, m: Move) -> String {
    let mut s = move_part(pos, m);
    if let Some(w) = m.wall() {
        let board = pos.variant().board;
        s.push(',');
        s.push_str(&board.name(m.to));
        s.push_str(&board.name(w));
    }
    s
}

/// [`move_to_string`] without the wall.
fn move_part(pos: &Position, m: Move) -> String {
    let v = pos.variant();
    let mut s = String::new();
    if m.die != 0 {
        s.push_str(&format!("{}:", m.die));
    }
    if let Some(k) = m.dropped() {
        // A drop on the other face of a flipping piece: `+` and the kind in hand (`+P@c3`),
        // as Fairy-Stockfish writes a promoted drop.
        if m.drop_face().is_some() {
            s.push('+');
        }
        s.push(v.kinds[k.index()].letter);
        s.push('@');
        s.push_str(&v.board.name(m.to));
        return s;
    }
    s.push_str(&v.board.name(m.from));
    s.push_str(&v.board.name(m.to));
    // A gating move: the gated kind's letter in lower case (`b1c3h`, `h1e1h`), as
    // Fairy-Stockfish writes it.
    if let Some(k) = m.gate() {
        s.push(v.kinds[k.index()].letter.to_ascii_lowercase());
    }
    if let Some(k) = m.promotes_to() {
        // A kind with one optional promotion, or one whose promoted kind a capture demotes
        // back to it (a shogi-style promoted piece, as torishogi's compulsory swallow and
        // falcon promotions), writes `+` as Fairy-Stockfish does; otherwise the new kind's
        // letter (`b7b8q`, as chess-style engines do).
        let moved = pos.piece_at(m.from).kind();
        let single_target = v
            .kinds
            .get(moved.index())
            .and_then(|i| i.promotion.as_ref())
            .filter(|p| p.to.len() == 1);
        let demotes_back = (v.rules.hands.as_ref()).is_some_and(|h| h.demoted(k) == moved);
        // Among several choices, the kind written as this one promoted (its `demote:` names
        // the mover: wolf chess's elephant, `+P`) is Fairy-Stockfish's piece promotion, `+`.
        let promoted_face = single_target.is_none() && promoted_face_of(v, k) == Some(moved);
        let shogi_style =
            single_target.is_some_and(|p| !p.mandatory || demotes_back) || promoted_face;
        if let Some(flip) = flip_suffix(pos, moved) {
            s.push(flip);
        } else if shogi_style {
            s.push('+');
        } else {
            s.push(v.kinds[k.index()].letter.to_ascii_lowercase());
        }
    }
    s
}

/// The kind `k` is the promoted face of (its `demote:`, written `+` and that kind's letter in
/// FEN), if any.
fn promoted_face_of(
    v: &crate::compile::Variant,
    k: crate::vocab::Kind,
) -> Option<crate::vocab::Kind> {
    v.kinds.get(k.index()).and_then(|i| i.unpromoted)
}

/// The suffix of a move that flips the piece of `kind` ([`crate::rules::flip`]), as
/// Fairy-Stockfish writes it: `-` for a piece on its promoted face (a kind that a capture
/// demotes, `demote:`), which turns back; `+` otherwise. `None` for a kind that does not flip.
fn flip_suffix(pos: &Position, kind: crate::vocab::Kind) -> Option<char> {
    let v = pos.variant();
    v.rules.flip.as_ref()?.of(kind)?;
    let demoted = (v.rules.hands.as_ref()).is_some_and(|h| h.demoted(kind) != kind);
    Some(if demoted { '-' } else { '+' })
}

/// Writes any action: a move as [`move_to_string`], a roll as its values in ascending order
/// separated by commas (`4,6`), a pass as `pass`.
pub fn action_to_string(pos: &Position, a: Action) -> String {
    match a {
        Action::Move(m) => move_to_string(pos, m),
        Action::Roll(d) => {
            let mut v: Vec<String> = d
                .iter()
                .rev()
                .filter(|&&x| x != 0)
                .map(|x| x.to_string())
                .collect();
            if v.is_empty() {
                v.push("-".into());
            }
            v.join(",")
        }
        Action::Pass => "pass".into(),
        Action::Resign => "resign".into(),
    }
}

/// A board pass ([`crate::rules::pass`]) as Fairy-Stockfish writes it in UCI: the royal square
/// of the seat to move twice (`e2e2`), or without a royal piece its lowest piece's square
/// (`d4d4`, [`Position::pass_square`]); `None` where the variant has no board pass or the
/// seat has no piece (then it is written `pass`).
pub fn pass_text(pos: &Position) -> Option<String> {
    pos.variant().rules.pass.as_ref()?;
    let sq = pos.pass_square()?;
    let name = pos.variant().board.name(crate::geometry::Square(sq));
    Some(format!("{name}{name}"))
}

/// Refuses a text longer than any move or roll ([`MAX_QUOTED`](crate::diag::MAX_QUOTED)
/// characters), quoting only its start.
fn too_long(t: &str) -> Result<(), MoveError> {
    if t.chars().nth(crate::diag::MAX_QUOTED).is_none() {
        return Ok(());
    }
    Err(MoveError::Syntax(format!(
        "`{}` is not a move: a move is a few characters, e.g. `e2e3` or `1:d2d3`",
        crate::diag::excerpt(t)
    )))
}

/// Reads a move in coordinate notation and checks it is legal in `pos`.
///
/// A move without a promotion letter is accepted when exactly one legal move matches it (the
/// only promotion, or a mandatory one).
pub fn parse_move(pos: &mut Position, text: &str) -> Result<Move, MoveError> {
    let t = text.trim();
    too_long(t)?;
    let (die, t) = match t.split_once(':') {
        Some((d, rest)) => match d.parse::<u8>() {
            Ok(d) if d > 0 => (Some(d), rest),
            _ => {
                return Err(MoveError::Syntax(format!(
                    "`{d}` is not a die value: write e.g. `2:a1c3`"
                )));
            }
        },
        None => (None, t),
    };
    if let Some(d) = die {
        check_die(pos, d, text.trim())?;
    }
    let board = pos.variant().board;
    let whole = t;
    let (t, wall) = split_wall(pos, t)?;
    if let Some((letter, square)) = t.split_once(['@', '*']) {
        return parse_drop(pos, t, letter, square, die);
    }
    let q = quote(whole, t);
    let syntax = || MoveError::Syntax(format!("{q} is not a move: {MOVE_HINT}"));
    let (from, n1) = board.parse_square_prefix(t).ok_or_else(syntax)?;
    let (to, n2) = board.parse_square_prefix(&t[n1..]).ok_or_else(syntax)?;
    // Suffix: none; `+` (promote); `=` (do not promote); or the new kind's letter.
    let rest = &t[n1 + n2..];
    // A trailing `x` marks a capture, as the REPL writes moves (`3:a7b5x`), unless it is the
    // promotion letter of a kind.
    let (rest, marked) = match rest.strip_suffix('x') {
        Some(r) if !(r.is_empty() || r == "=") || pos.kind_for_letter('x').is_none() => (r, true),
        _ => (rest, false),
    };
    let suffix = read_suffix(pos, rest).ok_or_else(syntax)??;
    let legal = pos.legal_move_list();
    let candidates: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| m.from == from && m.to == to)
        .filter(|m| match suffix {
            Suffix::Any => true,
            Suffix::Promote => m.promotes_to().is_some(),
            Suffix::Decline => m.promotes_to().is_none() && m.gate().is_none(),
            Suffix::Kind(k) => m.promotes_to() == Some(k) || m.gate() == Some(k),
        })
        .filter(|m| !m.is_drop())
        .filter(|m| die.is_none_or(|d| m.die == d))
        .collect();
    let mut matching: Vec<Move> = (candidates.iter().copied())
        .filter(|m| {
            wall.is_none_or(|(target, w)| target.is_none_or(|s| s == to) && m.wall() == Some(w))
        })
        .collect();
    if matching.is_empty() && wall.is_some() && !candidates.is_empty() {
        return Err(wall_refused(pos, whole, t, to, wall, &candidates));
    }
    // `+` among several promotion choices: the one to the mover's promoted face (`+P`).
    if matches!(suffix, Suffix::Promote) && matching.len() > 1 {
        let moved = pos.piece_at(from).kind();
        matching.retain(|m| {
            m.promotes_to()
                .is_some_and(|k| promoted_face_of(pos.variant(), k) == Some(moved))
        });
    }
    if wall.is_none() {
        needs_no_wall(pos, t, &matching)?;
    }
    if die.is_none() && matching.iter().any(|m| m.die != matching[0].die) {
        let options: Vec<String> = matching.iter().map(|m| move_to_string(pos, *m)).collect();
        return Err(MoveError::Syntax(format!(
            "`{t}` can use either die: write one of {}",
            options.join(" ")
        )));
    }
    if marked
        && let Some(&m) = matching.first()
        && !takes_pieces(pos, m)
    {
        let no_letter = if pos.kind_for_letter('x').is_none() {
            " (`x` is no piece letter of this variant)"
        } else {
            ""
        };
        return Err(MoveError::Syntax(format!(
            "{q} is marked `x`, a capture, but it takes nothing: write it without the \
             `x`{no_letter}"
        )));
    }
    match matching.as_slice() {
        [m] => Ok(*m),
        [_, ..] if matches!(suffix, Suffix::Any) => {
            match (matching.iter()).find(|m| m.promotes_to().is_none() && m.gate().is_none()) {
                Some(m) => Ok(*m),
                None => Err(MoveError::Syntax(format!(
                    "{q} promotes: add the letter of the kind, one of {}",
                    matching
                        .iter()
                        .map(|m| move_to_string(pos, *m))
                        .collect::<Vec<_>>()
                        .join(" ")
                ))),
            }
        }
        _ => Err(MoveError::Illegal {
            text: whole.to_string(),
            from_same_square: legal
                .iter()
                .filter(|m| m.from == from)
                .map(|m| move_to_string(pos, *m))
                .collect(),
            why: Some(match (no_move_from(pos, from), die) {
                (MoveRefusal::NoMove, Some(d)) => MoveRefusal::NoMoveWithDie(d),
                (why, _) => why,
            }),
        }),
    }
}

/// The promotion part of a move, `rest`: none, `+` (promote; `-`, a flipping piece turning
/// back to its unpromoted face, Fairy-Stockfish's demotion, changes kind as a promotion
/// does), `=` (do not promote), or the new kind's letter (`=q` too). `None` when it is none
/// of these; an error for a letter that is no piece of the variant.
fn read_suffix(pos: &Position, rest: &str) -> Option<Result<Suffix, MoveError>> {
    Some(Ok(match rest {
        "" => Suffix::Any,
        "+" | "-" => Suffix::Promote,
        "=" => Suffix::Decline,
        _ => {
            let letter = rest.strip_prefix('=').unwrap_or(rest);
            let mut chars = letter.chars();
            let (Some(c), None) = (chars.next(), chars.next()) else {
                return None;
            };
            match pos.kind_for_letter(c) {
                Some(k) => Suffix::Kind(k),
                None => {
                    return Some(Err(MoveError::Syntax(format!(
                        "`{c}` is not a piece letter of this variant"
                    ))));
                }
            }
        }
    }))
}

/// A move written without its wall (`t`) must be one that puts none: refused, with an
/// example, when its `matching` moves put walls (even a single one, as joust's `d4c2,c2d4`:
/// Fairy-Stockfish reads no move without its wall part either).
fn needs_no_wall(pos: &Position, t: &str, matching: &[Move]) -> Result<(), MoveError> {
    if matching.iter().all(|m| m.wall().is_none()) {
        return Ok(());
    }
    Err(MoveError::Syntax(format!(
        "`{t}` puts a wall as its second part: add a comma, the target square and the \
         wall's square, e.g. `{}`",
        move_to_string(pos, matching[0])
    )))
}

/// A move's text `t` without its wall part, and the wall part read ([`parse_wall`]).
#[allow(clippy::type_complexity)]
fn split_wall<'t>(
    pos: &Position,
    t: &'t str,
) -> Result<(&'t str, Option<(Option<Square>, Square)>), MoveError> {
    let Some((main, w)) = t.split_once(',') else {
        return Ok((t, None));
    };
    let v = pos.variant();
    if v.rules.walls.is_none() {
        return Err(MoveError::Syntax(format!(
            "`{t}` is not a move: {} has no two-part moves (no walls): write the move \
             without the comma and what follows it",
            v.name
        )));
    }
    Ok((main, Some(parse_wall(pos, t, w)?)))
}

/// How an error names the move part `t` of the move written `whole`: `` `e2e4` `` alone, or
/// `` `z2e4,e4d5` (its move part `z2e4`) `` where a wall part follows.
fn quote(whole: &str, t: &str) -> String {
    if whole == t {
        format!("`{t}`")
    } else {
        format!("`{whole}` (its move part `{t}`)")
    }
}

/// The refusal of the move written `whole` (move part `t`, to `to`) whose wall part is not
/// legal though its move part is: the moves it could be (`candidates`), named in full.
fn wall_refused(
    pos: &Position,
    whole: &str,
    t: &str,
    to: Square,
    wall: Option<(Option<Square>, Square)>,
    candidates: &[Move],
) -> MoveError {
    let board = pos.variant().board;
    let target = wall
        .and_then(|(target, _)| target)
        .filter(|&s| s != to)
        .map(|_| board.name(to));
    MoveError::Illegal {
        text: whole.to_string(),
        from_same_square: (candidates.iter())
            .map(|m| move_to_string(pos, *m))
            .collect(),
        why: Some(MoveRefusal::Wall {
            main: t.to_string(),
            part: whole.split_once(',').map_or("", |(_, w)| w).to_string(),
            target,
        }),
    }
}

/// The wall part of the move written `whole`, after its comma: the target square and the
/// wall's square (`e4d5`, Fairy-Stockfish's form) or the wall's square alone (`d5`).
fn parse_wall(
    pos: &Position,
    whole: &str,
    text: &str,
) -> Result<(Option<Square>, Square), MoveError> {
    let board = pos.variant().board;
    let syntax = || {
        MoveError::Syntax(format!(
            "`{whole}` is not a move: its wall part `{text}`, after the comma, is not a wall: \
             write the target square and the wall's square, e.g. `e2e4,e4d5`"
        ))
    };
    let (first, n) = board.parse_square_prefix(text).ok_or_else(syntax)?;
    if n == text.len() {
        // Fairy-Stockfish reads no such shorthand: the wall part names both squares.
        return Err(MoveError::Syntax(format!(
            "`{whole}` is not a move: its wall part `{text}` names only the wall's square: \
             write the move's target square before it, as in `e2e4,e4d5`"
        )));
    }
    match board.parse_square_prefix(&text[n..]) {
        Some((second, m)) if n + m == text.len() => Ok((Some(first), second)),
        _ => Err(syntax()),
    }
}

/// A die written before a move (`3:d2d3`, the whole `text`) must be one the seat to move
/// has left.
fn check_die(pos: &Position, d: u8, text: &str) -> Result<(), MoveError> {
    let v = pos.variant();
    if v.rules.dice.is_none() {
        return Err(MoveError::Syntax(format!(
            "{} has no dice: write the move without `{d}:`",
            v.name
        )));
    }
    // Where a roll is due, playing the move says so.
    let mut left = pos.dice();
    if !pos.awaiting_roll() && !left.contains(&d) {
        left.sort_unstable();
        return Err(MoveError::Illegal {
            text: text.to_string(),
            from_same_square: Vec::new(),
            why: Some(MoveRefusal::NoDie { die: d, left }),
        });
    }
    Ok(())
}

/// How a move is written, as the syntax errors say it (the protocols put their own
/// notation's hint in its place).
pub const MOVE_HINT: &str =
    "write origin and target squares, e.g. `e2e3`, and a promotion letter if any, e.g. `a7a8q`";

/// How a drop is written, as the syntax errors say it.
pub const DROP_HINT: &str = "write the kind's letter, `@` and the square, e.g. `P@e5`";

const NO_MOVE: &str = "no legal move starts on that square";

/// Why no legal move starts on `from`: it is empty, or holds another seat's piece (naming
/// both seats), or the game is over, or else the piece simply has no legal move now.
fn no_move_from(pos: &mut Position, from: crate::geometry::Square) -> MoveRefusal {
    if let Some(o) = pos.outcome() {
        return MoveRefusal::GameOver(pos.describe_outcome(o));
    }
    let v = pos.variant();
    let square = || v.board.name(from);
    let piece = pos.piece_at(from);
    let seat = |s: crate::vocab::Seat| v.seats.get(s.index()).map(|x| x.name.clone());
    match (piece.is_empty(), seat(piece.owner()), seat(pos.to_move())) {
        (true, _, _) => MoveRefusal::NoPiece { square: square() },
        (false, Some(owner), Some(to_move)) if piece.owner() != pos.to_move() => {
            MoveRefusal::NotYours {
                square: square(),
                owner,
                to_move,
            }
        }
        _ => place_first(pos).unwrap_or(MoveRefusal::NoMove),
    }
}

/// [`MoveRefusal::PlaceFirst`] where the seat to move has legal moves and every one is a
/// drop (a set-up phase or a king that must be dropped first): a board move is refused for
/// that reason, not because of its square.
fn place_first(pos: &mut Position) -> Option<MoveRefusal> {
    let moves = pos.legal_move_list();
    if moves.is_empty() || !moves.iter().all(|m| m.is_drop()) {
        return None;
    }
    let v = pos.variant();
    let mut kinds: Vec<&str> = Vec::new();
    for k in moves.iter().filter_map(|m| m.dropped()) {
        let name = v.kinds[k.index()].name.as_str();
        if !kinds.contains(&name) {
            kinds.push(name);
        }
    }
    Some(MoveRefusal::PlaceFirst {
        seat: v.seats.get(pos.to_move().index())?.name.clone(),
        kinds: kinds.join(", "),
    })
}

/// The promotion part of a move in notation.
#[derive(Clone, Copy)]
enum Suffix {
    /// Nothing written: the move without promotion if there is one, else the only promotion.
    Any,
    /// `+`: promote (to the only kind it can become).
    Promote,
    /// `=`: do not promote.
    Decline,
    /// A kind's letter: promote to it.
    Kind(crate::vocab::Kind),
}

/// Reads a drop, `P@e5` (or `P*e5`), and checks it is legal in `pos`.
fn parse_drop(
    pos: &mut Position,
    t: &str,
    letter: &str,
    square: &str,
    die: Option<u8>,
) -> Result<Move, MoveError> {
    let syntax = || MoveError::Syntax(format!("`{t}` is not a drop: {DROP_HINT}"));
    // `+P@c3`: the piece in hand dropped on its other face (a flipping piece).
    let (face, letter) = match letter.strip_prefix('+') {
        Some(rest) => (true, rest),
        None => (false, letter),
    };
    let mut cs = letter.chars();
    let (Some(c), None, false) = (cs.next(), cs.next(), square.is_empty()) else {
        return Err(syntax());
    };
    lower_case_drop(pos, t, c)?;
    let kind = pos
        .kind_for_letter(c)
        .ok_or_else(|| MoveError::Syntax(format!("`{c}` is not a piece letter of this variant")))?;
    let to = pos.variant().board.parse_square(square).ok_or_else(|| {
        MoveError::Syntax(format!("`{t}`: `{square}` is not a square of this board"))
    })?;
    let legal = pos.legal_move_list();
    // The kind in hand as written (on its other face with `+`), or else the face it is
    // dropped as, named by its own letter (`R@c3` for a pawn in hand dropped as a rook).
    let written = |m: &Move| {
        (m.dropped() == Some(kind) && m.drop_face().is_some() == face)
            || (!face && m.is_drop() && m.drop_face() == Some(kind))
    };
    if let Some(m) = legal
        .iter()
        .copied()
        .find(|m| written(m) && m.to == to && die.is_none_or(|d| m.die == d))
    {
        return Ok(m);
    }
    if let Some(o) = pos.outcome() {
        return Err(MoveError::Illegal {
            text: t.to_string(),
            from_same_square: Vec::new(),
            why: Some(MoveRefusal::GameOver(pos.describe_outcome(o))),
        });
    }
    let v = pos.variant();
    let seat = pos.to_move();
    if v.rules.hands.is_none() || pos.hand_count(seat, kind) == 0 {
        return Err(MoveError::Illegal {
            text: t.to_string(),
            from_same_square: Vec::new(),
            why: Some(MoveRefusal::NotInHand {
                seat: v.seats[seat.index()].name.clone(),
                kind: v.kinds[kind.index()].name.clone(),
            }),
        });
    }
    // Written with `+`, the piece in hand is dropped showing the face it flips to.
    let shown = v
        .rules
        .flip
        .as_ref()
        .and_then(|f| f.of(kind))
        .filter(|_| face);
    let from_same_square = legal
        .iter()
        .filter(|m| m.dropped() == Some(kind))
        .map(|m| move_to_string(pos, *m))
        .collect();
    Err(MoveError::Illegal {
        text: t.to_string(),
        from_same_square,
        why: pos.drop_refusal(kind, shown, to).map(MoveRefusal::Drop),
    })
}

/// Refuses a drop `t` written with the lower-case letter `c` while the first of two seats is
/// to move ([`MoveRefusal::LowerCaseDrop`]): in FEN a lower-case letter is the second seat's
/// piece. The REPL and the engine protocols read drops through here alike.
fn lower_case_drop(pos: &Position, t: &str, c: char) -> Result<(), MoveError> {
    let v = pos.variant();
    let seat = pos.to_move();
    if v.seats.len() != 2 || seat.index() != 0 || !c.is_ascii_lowercase() {
        return Ok(());
    }
    Err(MoveError::Illegal {
        text: t.to_string(),
        from_same_square: Vec::new(),
        why: Some(MoveRefusal::LowerCaseDrop {
            owner: v.seats[1].name.clone(),
            to_move: v.seats[0].name.clone(),
            upper: t.replacen(c, &c.to_ascii_uppercase().to_string(), 1),
        }),
    })
}

/// Reads any action in the notation of [`action_to_string`]: `pass`, `resign`, a roll as its
/// values separated by commas (`4,6`), or a move (checked with [`parse_move`]).
///
/// Moves must be legal in `pos`; whether a roll, a pass or a resignation is allowed is checked
/// when it is played ([`Position::play_action`]).
pub fn parse_action(pos: &mut Position, text: &str) -> Result<Action, MoveError> {
    let t = text.trim();
    too_long(t)?;
    match t {
        "pass" => return Ok(Action::Pass),
        "resign" => return Ok(Action::Resign),
        _ => {}
    }
    if pass_text(pos).is_some_and(|p| p == t) {
        return Ok(Action::Pass);
    }
    if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit() || b == b',') {
        no_roll_without_dice(pos, t)?;
        let mut dice = [0u8; crate::vocab::MAX_DICE];
        let values: Vec<&str> = t.split(',').collect();
        if values.len() > dice.len() {
            return Err(MoveError::Syntax(format!(
                "`{t}`: a roll has at most {} dice",
                dice.len()
            )));
        }
        for (slot, v) in dice.iter_mut().zip(&values) {
            *slot = match v.parse::<u8>() {
                Ok(d) if d > 0 => d,
                _ => {
                    return Err(MoveError::Syntax(format!(
                        "`{t}` is not a roll: write the dice values separated by commas, e.g. `4,6`"
                    )));
                }
            };
        }
        dice.sort_unstable_by(|a, b| b.cmp(a));
        return Ok(Action::Roll(dice));
    }
    parse_move(pos, t).map(Action::Move)
}

/// Refuses digits (`t`) as an action in a variant without dice: `0000` is UCI's null move
/// (an engine's "no move"), anything else is not a move.
fn no_roll_without_dice(pos: &Position, t: &str) -> Result<(), MoveError> {
    let v = pos.variant();
    if v.rules.dice.is_some() {
        return Ok(());
    }
    Err(MoveError::Syntax(if t == "0000" {
        format!(
            "`0000` is the null move (UCI's \"no move\"): the player offers no move, but {} \
             has to move here",
            v.seats[pos.to_move().index()].name
        )
    } else {
        format!(
            "`{t}` is not a move: {} has no dice to roll; write origin and target squares, \
             e.g. `e2e3`",
            v.name
        )
    }))
}

/// True if playing `m` (legal in `pos`) leaves fewer pieces on the board than it found, not
/// counting a dropped piece: it captures, by moving onto a piece or through a rule module that
/// takes pieces. `pos` is handed back as it was.
pub fn takes_pieces(pos: &mut Position, m: Move) -> bool {
    let before = occupied(pos);
    pos.play_unchecked(m);
    let after = occupied(pos);
    pos.undo();
    after < before + m.is_drop() as usize
}

/// The number of occupied squares of `pos`'s board.
fn occupied(pos: &Position) -> usize {
    let board = pos.variant().board;
    (0..board.ranks as i32)
        .flat_map(|r| (0..board.files as i32).map(move |f| (f, r)))
        .filter_map(|(f, r)| board.square(f, r))
        .filter(|&sq| !pos.piece_at(sq).is_empty())
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::load_variant;
    use crate::spec::Assignment;

    /// Chaturanga: white's ratha on a1, black's ashva on a5 and a pawn on h7 (hand-made).
    fn position() -> Position {
        let v = load_variant("chaturanga", &Assignment::default()).expect("built in");
        crate::notation::from_fen(&v, "4k3/7p/8/n7/8/8/8/R3K3 w - - 0 1").expect("valid")
    }

    /// Crazyhouse, a knight in each hand: `n@e4` is black's knight, refused while white is to
    /// move (with the drop white writes); `N@e4` plays; black drops its own with either case.
    #[test]
    fn a_lower_case_drop_is_the_second_seats() {
        let v = load_variant("crazyhouse", &Assignment::default()).expect("built in");
        let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nn] w KQkq - 0 1";
        let mut pos = crate::notation::from_fen(&v, fen).expect("valid");
        let e = parse_move(&mut pos, "n@e4").expect_err("black's letter");
        assert_eq!(
            e.to_string(),
            "illegal drop `n@e4`: a lower-case letter is black's piece, and white is to move: \
             write `N@e4`"
        );
        let e = parse_move(&mut pos, "+n@e4").expect_err("black's letter, any form");
        assert!(e.to_string().contains("write `+N@e4`"), "{e}");
        let m = parse_move(&mut pos, "N@e4").expect("white's knight");
        pos.play(m).expect("legal");
        for text in ["n@e5", "N@e5"] {
            let mut black = pos.clone();
            assert!(parse_move(&mut black, text).is_ok(), "{text}");
        }
    }

    #[test]
    fn a_capture_mark_reads_back_and_must_be_true() {
        let mut pos = position();
        let plain = parse_move(&mut pos, "a1a5").expect("legal");
        assert_eq!(parse_move(&mut pos, "a1a5x").expect("a capture"), plain);
        assert!(takes_pieces(&mut pos, plain));
        let e = parse_move(&mut pos, "a1a4x").expect_err("takes nothing");
        assert!(e.to_string().contains("takes nothing"), "{e}");
        let quiet = parse_move(&mut pos, "a1a4").expect("legal");
        assert!(!takes_pieces(&mut pos, quiet));
    }

    /// Torishogi's compulsory promotions (the swallow to a goose, the falcon to an eagle) are
    /// written `+`, as Fairy-Stockfish writes them (its `go perft 1` from this position lists
    /// `a6a7+`), and read back; chess-style promotions keep the new kind's letter.
    #[test]
    fn shogi_style_compulsory_promotions_are_written_with_a_plus() {
        let v = load_variant("torishogi", &Assignment::default()).expect("built in");
        let mut pos = crate::notation::from_fen(&v, "6k/S6/7/7/7/7/K6[] w - - 0 1").expect("valid");
        let mut moves: Vec<String> = pos
            .legal_move_list()
            .into_iter()
            .map(|m| move_to_string(&pos, m))
            .collect();
        moves.sort();
        assert_eq!(moves, ["a1a2", "a1b1", "a1b2", "a6a7+"]);
        let m = parse_move(&mut pos, "a6a7+").expect("legal");
        assert!(m.promotes_to().is_some());
        let mut pos =
            crate::notation::from_fen(&v, "6k/7/3F3/7/7/7/K6[] w - - 0 1").expect("valid");
        let promoting: Vec<String> = pos
            .legal_move_list()
            .into_iter()
            .filter(|m| m.promotes_to().is_some())
            .map(|m| move_to_string(&pos, m))
            .collect();
        assert!(
            !promoting.is_empty() && promoting.iter().all(|t| t.ends_with('+')),
            "{promoting:?}"
        );
        let _ = parse_move(&mut pos, &promoting[0]).expect("reads back");
        let chess = load_variant("chess", &Assignment::default()).expect("built in");
        let mut pos =
            crate::notation::from_fen(&chess, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1").expect("valid");
        let mut promotions: Vec<String> = pos
            .legal_move_list()
            .into_iter()
            .filter(|m| m.promotes_to().is_some())
            .map(|m| move_to_string(&pos, m))
            .collect();
        promotions.sort();
        assert_eq!(promotions, ["a7a8b", "a7a8n", "a7a8q", "a7a8r"]);
    }

    /// `0000` (UCI's null move) in a game without dice is named as such, not "not a roll".
    #[test]
    fn digits_in_a_game_without_dice_are_not_a_roll() {
        let mut pos = position();
        let e = parse_action(&mut pos, "0000").unwrap_err().to_string();
        assert!(e.contains("null move") && !e.contains("roll"), "{e}");
        let e = parse_action(&mut pos, "46").unwrap_err().to_string();
        assert!(e.contains("no dice"), "{e}");
        let dice = load_variant("chaturaji", &Assignment::default()).expect("built in");
        let mut pos = Position::start(dice);
        assert!(matches!(parse_action(&mut pos, "4,6"), Ok(Action::Roll(_))));
    }
}
