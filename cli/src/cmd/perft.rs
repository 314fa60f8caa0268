//! `ashtapada perft VARIANT DEPTH [--fen POS] [--dice A,B] [--divide]`; `--position` is an alias
//! of `--fen`, which reads FEN or an extended position string.

use super::{Failure, load};
use crate::args::PerftArgs;
use ashtapada::diag::{Code, Diagnostic, Span, text_source};
use ashtapada::notation::{PositionError, action_to_string, parse_position};
use ashtapada::{Position, Variant, divide, perft};
use std::io::Write;
use std::sync::Arc;

/// The deepest perft the command line runs. Chaturanga's perft 12 would already take years;
/// a larger number is a typing slip, refused before the variant is even loaded.
pub const MAX_DEPTH: u32 = 64;

/// Refuses a depth above [`MAX_DEPTH`] (for `perft` and `bench --depth`).
pub fn check_depth(depth: u32, what: &str) -> Result<(), Failure> {
    if depth <= MAX_DEPTH {
        return Ok(());
    }
    let text = depth.to_string();
    let src = text_source(what, &text);
    Err(Failure::Diagnostics(
        Diagnostic::new(
            Code::PerftDepth,
            format!("a perft depth of {depth} plies is too deep: at most {MAX_DEPTH}"),
            Some(Span::new(&src, 0, text.len())),
        )
        .label("too deep")
        .help(
            "the node count grows about tenfold per ply: depth 6 takes a second, depth 8 \
             minutes to hours",
        )
        .into(),
    ))
}

pub fn run(a: &PerftArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let (depth, dice, show_divide) = (a.depth, &a.dice, a.divide);
    check_depth(depth, "DEPTH")?;
    let variant = load(&a.v)?;
    let mut pos = match a.fen.as_deref() {
        None => Position::start(variant),
        Some(f) => parse_position(&variant, f).map_err(|e| position_failure(&variant, f, &e))?,
    };
    if !dice.is_empty() {
        let zero_checked = if dice.contains(&0) {
            Err(ashtapada::PlayError::BadRoll(ashtapada::RollError::Zero))
        } else {
            Ok(())
        };
        zero_checked.and_then(|()| pos.roll(dice)).map_err(|e| {
            let text = dice.iter().map(u8::to_string).collect::<Vec<_>>().join(",");
            let src = text_source("--dice", &text);
            Failure::Diagnostics(
                Diagnostic::new(
                    Code::PerftDice,
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

/// A position that does not read, located in the `--fen` value, with the variant's start as
/// an example in the help ([`PositionError::diagnostic`]).
fn position_failure(variant: &Arc<Variant>, text: &str, e: &PositionError) -> Failure {
    Failure::Diagnostics(e.diagnostic(variant, "--fen", text).into())
}

#[cfg(test)]
mod tests {
    fn run(args: &[&str]) -> (i32, String, String) {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let code = crate::run(
            std::iter::once("ashtapada").chain(args.iter().copied()),
            &mut out,
            &mut err,
        );
        let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
        (code, text(out), text(err))
    }

    #[test]
    fn a_depth_above_64_is_refused() {
        let (code, out, err) = run(&["perft", "chaturanga", "4294967295"]);
        assert_eq!(code, 1, "{err}");
        assert!(out.is_empty(), "{out}");
        assert!(
            err.contains("a perft depth of 4294967295 plies is too deep: at most 64"),
            "{err}"
        );
        let (code, _, err) = run(&["bench", "--depth", "65", "chaturanga"]);
        assert_eq!(code, 1, "{err}");
        assert!(err.contains("too deep"), "{err}");
        // 64 is accepted: from a mated position the search ends at once.
        let mate = "k7/2K5/8/8/8/8/8/R7 b - - 0 1";
        let (code, out, err) = run(&["perft", "chaturanga", "64", "--fen", mate]);
        assert_eq!((code, out.as_str()), (0, "nodes 0\n"), "{err}");
    }

    #[test]
    fn divide_at_depth_zero_prints_only_the_total() {
        let (code, out, err) = run(&["perft", "chaturanga", "0", "--divide"]);
        assert_eq!((code, out.as_str()), (0, "nodes 1\n"), "{err}");
    }
}
