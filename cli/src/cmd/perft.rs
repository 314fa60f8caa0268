//! `ashtapada perft VARIANT DEPTH [--fen POS] [--dice A,B] [--divide]`.

use super::{Failure, load};
use crate::args::PerftArgs;
use ashtapada::diag::{Diagnostic, Span, text_source};
use ashtapada::notation::{action_to_string, from_fen};
use ashtapada::{Position, divide, perft};
use std::io::Write;

pub fn run(a: &PerftArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let (depth, dice, show_divide) = (a.depth, &a.dice, a.divide);
    let variant = load(&a.v)?;
    let mut pos = match a.fen.as_deref() {
        None => Position::start(variant),
        Some(f) => from_fen(&variant, f).map_err(|e| {
            let src = text_source("--fen", f);
            Failure::Diagnostics(
                Diagnostic::new("notation::fen", e.message.clone(), Some(Span::new(&src, e.span.start.min(f.len()), e.span.end.min(f.len()))))
                    .label("here")
                    .help("FEN: ranks from the last to the first separated by `/`, then the seat to move, e.g. `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1`")
                    .into(),
            )
        })?,
    };
    if !dice.is_empty() {
        pos.roll(dice).map_err(|e| {
            let text = dice.iter().map(u8::to_string).collect::<Vec<_>>().join(",");
            let src = text_source("--dice", &text);
            Failure::Diagnostics(
                Diagnostic::new(
                    "perft::dice",
                    e.to_string(),
                    Some(Span::new(&src, 0, text.len())),
                )
                .label("this roll")
                .into(),
            )
        })?;
    }
    let nodes = if show_divide {
        let parts = divide(&mut pos, depth);
        let mut total = 0;
        for (m, n) in &parts {
            writeln!(out, "{}: {n}", action_to_string(&pos, *m))?;
            total += n;
        }
        if depth == 0 { 1 } else { total }
    } else {
        perft(&mut pos, depth)
    };
    writeln!(out, "nodes {nodes}")?;
    Ok(())
}
