//! How rule modules compose: the pairs the compiler refuses, and the modules that need another.
//!
//! Every pair of modules a rule file can switch on ([`MODULES`](crate::spec::MODULES)) either
//! works together, with the meaning `docs/modules.md` ("Composition") gives it, or is listed
//! here and refused with a located error naming both keys. Nothing is silently ignored; the
//! conformance test `compose` checks every pair.

use crate::diag::{Diagnostic, Diagnostics};
use crate::spec::Switch;

/// A pair of modules refused together: `module`'s key is reported, `with`'s key named.
struct Refusal {
    /// The module reported, at its key.
    module: &'static str,
    /// The module it cannot be combined with.
    with: &'static str,
    /// Refused only when both keys are about the same piece kind.
    same_kind: bool,
    /// Why, shown as the help line.
    reason: &'static str,
}

const fn refuse(module: &'static str, with: &'static str, reason: &'static str) -> Refusal {
    Refusal {
        module,
        with,
        same_kind: false,
        reason,
    }
}

/// The refused pairs.
const REFUSED: [Refusal; 14] = [
    refuse(
        "royal",
        "dice",
        "a seat's move depends on its roll, so it could not always answer a check, and a seat \
         without a usable die passes, so nothing is mate; in dice games kings are captured \
         (Chaturaji: `capture-all`, end conditions on `seats_with(king)`)",
    ),
    refuse(
        "checkmate",
        "dice",
        "in a dice game a seat without a usable die passes its turn, so no position is mate",
    ),
    refuse(
        "stalemate",
        "dice",
        "in a dice game a seat without a usable die passes its turn, so no position is stalemate",
    ),
    refuse(
        "check-interrupt",
        "dice",
        "dice games have no check (royal pieces are refused with dice), and a dice turn of \
         several moves would be cut short; a checked seat cannot be given a turn out of order",
    ),
    refuse(
        "mate",
        "dice",
        "a seat without a usable die passes its turn, so it is never mated",
    ),
    refuse(
        "perpetual-check",
        "dice",
        "dice games have no check, so no seat gives perpetual check",
    ),
    refuse(
        "hands",
        "dice",
        "each die names the kinds it may move and a drop has no die, so pieces in hand could \
         never be dropped",
    ),
    refuse(
        "drops",
        "dice",
        "each die names the kinds it may move and a drop has no die, so nothing is dropped",
    ),
    refuse(
        "repetition",
        "dice",
        "a dice position recurs only when the same rolls recur, so the count would measure \
         luck; end a quiet dice game with a condition (`rounds_without_capture`) instead",
    ),
    Refusal {
        module: "capture-all",
        with: "royal",
        same_kind: true,
        reason: "royal pieces are never captured, so no seat could capture this kind from every \
                 other seat",
    },
    Refusal {
        module: "formations",
        with: "royal",
        same_kind: true,
        reason: "a formation captures pieces of its kind, and royal pieces are never captured",
    },
    refuse(
        "capture-all",
        "teams",
        "partners cannot capture each other's pieces, so no seat could capture the kind from \
         every other seat",
    ),
    refuse(
        "formations",
        "teams",
        "a formation captures the pieces of every other seat in the block, partners included, \
         which the team rule forbids",
    ),
    refuse(
        "formations",
        "hands",
        "a formation's captures leave the game, so the capturer's hand would miss them while \
         its ordinary captures go there; the two capture rules disagree",
    ),
];

/// A module that means nothing without another: (module, needed module, the needed key, why).
const NEEDS: [(&str, &str, &str, &str); 4] = [
    (
        "check-interrupt",
        "royal",
        "pieces.KIND.royal",
        "without a royal kind no seat is ever in check",
    ),
    (
        "perpetual-check",
        "royal",
        "pieces.KIND.royal",
        "without a royal kind no move gives check",
    ),
    (
        "no-mate-drops",
        "royal",
        "pieces.KIND.royal",
        "without a royal kind no drop mates",
    ),
    (
        "drops",
        "hands",
        "hands.captures",
        "drop rules restrict drops from a hand, and without `hands: { captures: true }` no \
         piece is ever in hand",
    ),
];

/// The error for `a` refused with `b`.
fn refused(a: &Switch, b: &Switch, reason: &str) -> Diagnostic {
    let d = Diagnostic::new(
        "compile::refused-pair",
        format!("`{}` cannot be combined with `{}`", a.key, b.key),
        Some(a.node.span.clone()),
    )
    .label(format!("refused with `{}`", b.key))
    .help(reason.to_string());
    if a.node.span.source_name() == b.node.span.source_name() {
        d.also(b.node.span.clone(), format!("`{}` is here", b.key))
    } else {
        d
    }
}

/// The composition errors of a file's switches: every refused pair (each pair of keys once)
/// and every module whose needed module is missing.
pub(crate) fn refusals(switches: &[Switch]) -> Diagnostics {
    let mut errs = Diagnostics::default();
    for r in &REFUSED {
        for a in switches.iter().filter(|s| s.module == r.module) {
            for b in switches.iter().filter(|s| s.module == r.with) {
                if !r.same_kind || (a.kind.is_some() && a.kind == b.kind) {
                    errs.push(refused(a, b, r.reason));
                }
            }
        }
    }
    for (module, needs, key, why) in NEEDS {
        if switches.iter().any(|s| s.module == needs) {
            continue;
        }
        for a in switches.iter().filter(|s| s.module == module) {
            errs.push(
                Diagnostic::new(
                    "compile::needs-module",
                    format!("`{}` needs `{key}`", a.key),
                    Some(a.node.span.clone()),
                )
                .label(format!("needs `{key}`"))
                .help(why.to_string()),
            );
        }
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_table_entry_names_known_modules() {
        let known = |m: &str| crate::spec::MODULES.contains(&m);
        assert!(REFUSED.iter().all(|r| known(r.module) && known(r.with)));
        assert!(NEEDS.iter().all(|(m, n, _, _)| known(m) && known(n)));
    }
}
