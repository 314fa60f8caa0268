//! Loading a variant: the rule file read and compiled ([`compile_unchecked`]), then the checks
//! that need play.

use super::position::Position;
use crate::compile::{Variant, compile_unchecked};
use crate::diag::{Code, Diagnostic, Diagnostics};
use crate::spec::{Assignment, RuleFile, RuleSpec};
use std::sync::Arc;

/// Resolves `assignment` against `file` and compiles the result.
///
/// Errors: unknown options or choices, every problem of the resolved rule file, and a seat
/// that may begin a game where mates do not end it with no legal move at the start
/// (`compile::no-first-move`).
pub fn compile(file: &RuleFile, assignment: &Assignment) -> Result<Arc<Variant>, Diagnostics> {
    let (v, spec) = compile_unchecked(file, assignment)?;
    check_start(v, &spec)
}

/// [`compile`], with the compiled variant's warnings ([`crate::compile::warnings`]: a royal
/// kind never placed, a kind no game can use), which do not stop it from compiling.
///
/// Errors: those of [`compile`].
pub fn compile_with_warnings(
    file: &RuleFile,
    assignment: &Assignment,
) -> Result<(Arc<Variant>, Diagnostics), Diagnostics> {
    let (v, spec) = compile_unchecked(file, assignment)?;
    let warnings = crate::compile::warnings(&v, &spec);
    Ok((check_start(v, &spec)?, warnings))
}

/// Loads `variant` (a built-in name or a path) and compiles it with `assignment`.
///
/// Errors: the file does not read, and those of [`compile`].
pub fn load_variant(variant: &str, assignment: &Assignment) -> Result<Arc<Variant>, Diagnostics> {
    let file = crate::spec::load(variant)?;
    compile(&file, assignment)
}

/// Refuses a variant whose mates do not end the game (`mate:`, no dice) when a seat that may
/// begin the game (each seat in turn with `match: { first-seat: rotate }`) has no legal move
/// at the start while another seat takes turns: nobody has moved, so nobody could mate it, and
/// the position reader refuses the same position. (A lone seat with no legal move ends the
/// game at once, as a stalemate or checkmate.)
fn check_start(v: Arc<Variant>, spec: &RuleSpec) -> Result<Arc<Variant>, Diagnostics> {
    let Some(mate) = spec.rules.mate.as_ref().filter(|_| v.rules.dice.is_none()) else {
        return Ok(v);
    };
    let firsts = if v.rules.first_seat.is_some() {
        v.seats.len() as u64
    } else {
        1
    };
    for game in 0..firsts {
        let mut pos = Position::start_for_game(v.clone(), game);
        if pos.outcome().is_none() && !pos.has_legal_move() {
            let seat = &v.seats[pos.to_move().index()].name;
            return Err(Diagnostic::new(
                Code::CompileNoFirstMove,
                format!("{seat} has no legal move at the start, so nobody could mate it"),
                Some(mate.node.span.clone()),
            )
            .label("mates do not end the game")
            .help(format!(
                "give {seat} a piece that can move in `setup:`, or let another seat begin"
            ))
            .into());
        }
    }
    Ok(v)
}
