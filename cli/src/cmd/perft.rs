//! `ashtapada perft VARIANT DEPTH [--fen POS] [--divide]`.

use super::{Failure, load};
use crate::args::VariantArgs;
use ashtapada::diag::{Diagnostic, Span, text_source};
use ashtapada::notation::{from_fen, move_to_string};
use ashtapada::{Position, divide, perft};
use std::io::Write;

pub fn run(
    v: &VariantArgs,
    depth: u32,
    fen: Option<&str>,
    show_divide: bool,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let variant = load(v)?;
    let mut pos = match fen {
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
    let nodes = if show_divide {
        let parts = divide(&mut pos, depth);
        let mut total = 0;
        for (m, n) in &parts {
            writeln!(out, "{}: {n}", move_to_string(&pos, *m))?;
            total += n;
        }
        if depth == 0 { 1 } else { total }
    } else {
        perft(&mut pos, depth)
    };
    writeln!(out, "nodes {nodes}")?;
    Ok(())
}
