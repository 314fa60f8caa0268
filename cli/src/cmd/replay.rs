//! `ashtapada replay RECORD [--rules VARIANT]`: replays a game record (JSON or YAML, or a PGN
//! game of a two-seat variant) with checked play and prints the final position string, the scores and the result.

use super::Failure;
use crate::args::ReplayArgs;
use ashtapada::diag::{Code, Diagnostic, Source, Span, text_source};
use ashtapada::notation::{
    Record, ReplayError, from_fen, read_pgn, result_text, san_move, to_fen, to_position_string,
};
use ashtapada::spec::{Node, Value, parse_yaml};
use ashtapada::{Outcome, Position, Seat};
use std::io::Write;

/// What a game record is, for the help of a file that is not one.
const RECORD_HELP: &str = "a record is a JSON (or YAML) mapping with `variant`, `options`, \
                           `seed`, `first_seat`, `start`, `actions`, `turns` and `result`; see \
                           docs/records.md";

pub fn run(a: &ReplayArgs, out: &mut dyn Write, err: &mut dyn Write) -> Result<(), Failure> {
    let text = crate::output::read_record(std::path::Path::new(&a.record)).map_err(|e| {
        super::bad_input(
            Code::RecordRead,
            format!("cannot read the record `{}`: {e}", a.record),
            "give the path of a game record (JSON or YAML)",
        )
    })?;
    let src = text_source(&a.record, &text);
    if is_pgn(&a.record, &text) {
        return replay_pgn(a, &src, &text, out, err);
    }
    let record = Record::parse(&text).map_err(|e| {
        if let Some(m) = crate::output::not_a_record(&a.record, &text) {
            return super::bad_input(Code::RecordSyntax, m, RECORD_HELP);
        }
        let (start, end) = (e.span.start.min(text.len()), e.span.end.min(text.len()));
        Failure::Diagnostics(
            Diagnostic::new(
                Code::RecordSyntax,
                e.message,
                Some(Span::new(&src, start, end)),
            )
            .label("here")
            .help(RECORD_HELP)
            .into(),
        )
    })?;
    let replayed = match &a.rules {
        Some(rules) => record.replay_from(rules),
        None => record.replay(),
    };
    let mut pos = replayed.map_err(|e| failure(&src, e))?;
    let result = summary(&mut pos, record.actions.len(), out)?;
    if let Some(r) = &record.result
        && r.outcome.as_deref() != result.as_deref()
    {
        writeln!(
            err,
            "warning: the record says the result is `{}`; the replay gives `{}`",
            r.outcome.as_deref().unwrap_or("in progress"),
            result.as_deref().unwrap_or("in progress")
        )?;
    }
    Ok(())
}

/// Prints the replayed game: variant, action count, final position, scores, ranks and
/// result; returns the outcome as described (`None` while the game goes on).
fn summary(
    pos: &mut Position,
    actions: usize,
    out: &mut dyn Write,
) -> Result<Option<String>, Failure> {
    let v = pos.variant().clone();
    let seat_name = |i: usize| v.seats[i].name.as_str();
    writeln!(out, "variant {}", v.name)?;
    writeln!(out, "actions {actions}")?;
    writeln!(out, "position {}", to_position_string(pos))?;
    let scores: Vec<String> = (0..v.seats.len())
        .map(|i| format!("{} {}", seat_name(i), pos.score(Seat(i as u8))))
        .collect();
    writeln!(out, "scores {}", scores.join(", "))?;
    let outcome = pos.outcome();
    if !v.ranking.is_empty() {
        let ranks = pos.ranks();
        let mut order: Vec<usize> = (0..ranks.len()).collect();
        order.sort_by_key(|&i| (ranks[i], i));
        let parts: Vec<String> = order
            .iter()
            .map(|&i| format!("{}. {}", ranks[i], seat_name(i)))
            .collect();
        writeln!(out, "ranks {}", parts.join(", "))?;
    }
    let result = match outcome {
        Some(o) => pos.describe_outcome(o),
        None => format!("in progress, {} to move", describe_turn(pos)),
    };
    writeln!(out, "result {result}")?;
    Ok(outcome.map(|o: Outcome| pos.describe_outcome(o)))
}

/// True for a PGN file: named `*.pgn`, or text that starts with a tag (`[`) in a file not
/// named as a record (`*.json`, `*.yaml`, `*.yml`: a broken one is reported as a record).
pub(crate) fn is_pgn(path: &str, text: &str) -> bool {
    let path = path.to_ascii_lowercase();
    if [".json", ".yaml", ".yml"].iter().any(|x| path.ends_with(x)) {
        return false;
    }
    path.ends_with(".pgn")
        || text
            .trim_start_matches('\u{feff}')
            .trim_start()
            .starts_with('[')
}

/// A PGN game replayed ([`replay_pgn_text`]).
pub(crate) struct PgnReplay {
    /// The position after the game's moves.
    pub pos: Position,
    /// How many moves were played.
    pub moves: usize,
    /// The game's result as the PGN gives it (movetext or `Result` tag), if any.
    pub result: Option<String>,
}

/// Why a PGN game does not replay: the message, a help line and where in the text (byte
/// offset and length), if at one place.
pub(crate) struct PgnFault {
    pub code: Code,
    pub message: String,
    pub help: String,
    pub at: Option<(usize, usize)>,
}

impl PgnFault {
    fn new(code: Code, message: String, help: &str, at: Option<(usize, usize)>) -> PgnFault {
        PgnFault {
            code,
            message,
            help: help.to_string(),
            at,
        }
    }
}

/// Replays the first game of PGN text (`Variant` and `FEN` tags, SAN moves): the variant is
/// `rules`, else the `Variant` tag's built-in variant (the catalogue's too; chess without one,
/// as PGN has it). Used by `replay` and the REPL's `open`.
pub(crate) fn replay_pgn_text(text: &str, rules: Option<&str>) -> Result<PgnReplay, PgnFault> {
    // A byte-order mark (as some editors write) is skipped; offsets stay the file's.
    let skip = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let game = read_pgn(&text[skip..]).map_err(|e| {
        PgnFault::new(
            Code::RecordSyntax,
            e.message,
            "a PGN game is `[Tag \"value\"]` lines, a blank line and the moves in SAN",
            Some((e.at + skip, 1)),
        )
    })?;
    let named = game.tag("Variant").unwrap_or("chess");
    let rules = match rules {
        Some(r) => r.to_string(),
        None => ashtapada::spec::all_builtins()
            .map(|(n, _)| *n)
            .find(|n| n.eq_ignore_ascii_case(named))
            .ok_or_else(|| {
                PgnFault::new(
                    Code::RecordSyntax,
                    format!(
                        "the PGN's `Variant` tag, `{}`, is not a built-in variant",
                        ashtapada::diag::excerpt(&ashtapada::diag::printable(named))
                    ),
                    "name its rule file with `--rules FILE`",
                    None,
                )
            })?
            .to_string(),
    };
    let v = ashtapada::load_variant(&rules, &ashtapada::Assignment::default()).map_err(|d| {
        PgnFault::new(
            Code::RecordSyntax,
            d.one_line(),
            "name a rule file that reads",
            None,
        )
    })?;
    let mut pos = match game.tag("FEN") {
        Some(fen) => from_fen(&v, fen).map_err(|e| {
            PgnFault::new(
                Code::RecordStart,
                format!("the PGN's `FEN` tag does not read: {}", e.message()),
                "give the FEN of a position of this variant",
                None,
            )
        })?,
        None => Position::start(v.clone()),
    };
    for (i, (word, offset)) in game.moves.iter().enumerate() {
        let before = to_fen(&pos);
        let played = san_move(&mut pos, word)
            .map_err(|e| e.to_string())
            .and_then(|m| pos.play_action(m).map_err(|e| e.to_string()));
        if let Err(e) = played {
            return Err(PgnFault::new(
                Code::RecordAction,
                format!("move {} `{word}` does not replay: {e}", i + 1),
                &format!("the position before it: {before}"),
                Some((*offset + skip, word.len())),
            ));
        }
    }
    let result = game
        .result
        .as_deref()
        .or(game.tag("Result"))
        .map(str::to_string);
    Ok(PgnReplay {
        pos,
        moves: game.moves.len(),
        result,
    })
}

/// `replay` of a PGN file ([`replay_pgn_text`]), its faults located in the file.
fn replay_pgn(
    a: &ReplayArgs,
    src: &Source,
    text: &str,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<(), Failure> {
    let mut game = replay_pgn_text(text, a.rules.as_deref()).map_err(|f| {
        let span = f.at.map(|(start, len)| {
            let start = start.min(text.len());
            Span::new(src, start, (start + len.max(1)).min(text.len()))
        });
        let d = Diagnostic::new(f.code, f.message, span.clone());
        let d = if span.is_some() { d.label("here") } else { d };
        Failure::Diagnostics(d.help(f.help).into())
    })?;
    summary(&mut game.pos, game.moves, out)?;
    let replayed = result_text(&mut game.pos);
    if let Some(r) = game.result.as_deref()
        && r != "*"
        && r != replayed
    {
        writeln!(
            err,
            "warning: the PGN says the result is `{r}`; the replay gives `{replayed}`"
        )?;
    }
    Ok(())
}

/// "red (roll due)", "red (dice 1,5)".
fn describe_turn(pos: &Position) -> String {
    let seat = &pos.variant().seats[pos.to_move().index()].name;
    if pos.awaiting_roll() {
        format!("{seat} (roll due)")
    } else if pos.variant().rules.dice.is_some() {
        let d: Vec<String> = pos.dice().iter().rev().map(u8::to_string).collect();
        format!("{seat} (dice {})", d.join(","))
    } else {
        seat.clone()
    }
}

/// A replay error as a diagnostic located in the record file.
fn failure(src: &Source, e: ReplayError) -> Failure {
    let tree = parse_yaml(src).ok();
    let field = |key: &str| tree.as_ref().and_then(|t| t.get(key));
    let d = match &e {
        // The record's options do not fit the rules (`--rules` of another variant): one report
        // at the record's `options`, not one per option located on a command line.
        ReplayError::Variant(d)
            if !d.0.is_empty() && d.0.iter().all(|x| x.code().layer() == "options") =>
        {
            let problems: Vec<&str> = d.0.iter().map(|x| x.message.as_str()).collect();
            Diagnostic::new(
                Code::RecordOptions,
                format!(
                    "the record's options do not fit these rules: {}",
                    problems.join("; ")
                ),
                field("options").map(|n| n.span.clone()),
            )
            .label("these options")
            .help("replay with the rules the game was played under, or edit the record's `options`")
        }
        ReplayError::Variant(d) => return Failure::Diagnostics(d.clone()),
        ReplayError::FirstSeat(_) => Diagnostic::new(
            Code::RecordFirstSeat,
            e.to_string(),
            field("first_seat").map(|n| n.span.clone()),
        )
        .label("this seat"),
        ReplayError::Start(pe) => Diagnostic::new(
            Code::RecordStart,
            format!("the start position does not read: {}", pe.message()),
            field("start").map(|n| n.inner_span(pe.span.clone())),
        )
        .label("here"),
        ReplayError::Action { index, before, .. } => {
            let node: Option<&Node> = field("actions").and_then(|n| match &n.value {
                Value::Seq(items) => items.get(*index),
                _ => None,
            });
            Diagnostic::new(
                Code::RecordAction,
                e.to_string(),
                node.map(|n| n.span.clone()),
            )
            .label("this action")
            .help(format!("the position before it: {before}"))
        }
    };
    Failure::Diagnostics(d.into())
}
