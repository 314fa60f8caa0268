//! Checks on the seats: their FEN letters.

use crate::diag::{Code, Diagnostic, Diagnostics};
use crate::spec::SeatSpec;

/// The side-to-move field of each seat in FEN (`fen:`, by default the first letter of the
/// seat's name), checked: one or more ASCII letters (the FEN grammar reads letters there, so
/// `/`, digits, spaces and `-` would make positions unreadable), and unique across seats (or
/// the seat to move is ambiguous). Problems are pushed to `errs`, located at the `fen:` value,
/// or at the seat's name when the letter came from it.
pub(super) fn fen_letters(seats: &[SeatSpec], errs: &mut Diagnostics) -> Vec<String> {
    let mut out: Vec<String> = Vec::with_capacity(seats.len());
    for s in seats {
        let name = &s.name.value;
        let (fen, node) = match &s.fen {
            Some(t) => (t.value.clone(), &t.node),
            None => (
                name.chars().next().map(String::from).unwrap_or_default(),
                &s.name.node,
            ),
        };
        let letters = !fen.is_empty() && fen.bytes().all(|b| b.is_ascii_alphabetic());
        if !letters && s.fen.is_some() {
            let (message, label) = if fen.is_empty() {
                (format!("the FEN letter of seat `{name}` is empty"), "empty")
            } else {
                (
                    format!(
                        "the FEN letter of seat `{name}` is `{fen}`: only ASCII letters may be used"
                    ),
                    "not ASCII letters only",
                )
            };
            errs.push(
                Diagnostic::new(Code::CompileSeatFen, message, Some(node.span.clone()))
                    .label(label)
                    .help(
                        "FEN names the seat to move with letters only (no `/`, digits, spaces \
                         or `-`): write one or more letters, e.g. `w`",
                    ),
            );
        } else if !letters {
            errs.push(
                Diagnostic::new(
                    Code::CompileSeatFen,
                    format!(
                        "seat `{name}` needs a `fen:` letter: its name does not start with an \
                         ASCII letter"
                    ),
                    Some(node.span.clone()),
                )
                .label("no FEN letter from this name")
                .help("add a letter for FEN to the seat, e.g. `fen: w`"),
            );
        } else if let Some(j) = out.iter().position(|f| *f == fen)
            && seats[j].name.value != *name
        {
            let prev = &seats[j];
            let prev_node = prev.fen.as_ref().map_or(&prev.name.node, |t| &t.node);
            let defaulted = if s.fen.is_none() || prev.fen.is_none() {
                " (a seat without `fen:` uses the first letter of its name)"
            } else {
                ""
            };
            errs.push(
                Diagnostic::new(
                    Code::CompileSeatFen,
                    format!(
                        "seats `{}` and `{name}` both use the FEN letter `{fen}`",
                        prev.name.value
                    ),
                    Some(node.span.clone()),
                )
                .label("second use")
                .also(prev_node.span.clone(), "first use")
                .help(format!(
                    "FEN names the seat to move by this letter, so each seat needs its own: \
                     give one of them another `fen:`{defaulted}"
                )),
            );
        }
        out.push(fen);
    }
    out
}
