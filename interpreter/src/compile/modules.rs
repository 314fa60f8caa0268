//! Compiled rule modules not yet in the [`crate::rules`] registry: the check interrupt and
//! mates.

use crate::spec::ModulesSpec;

/// All compiled modules of a variant.
#[derive(Clone, Debug, Default)]
pub struct Modules {
    /// Check interrupt: a seat in check moves next, out of turn.
    pub check_interrupt: bool,
    /// A seat due to move with no legal move is mated and play goes on: `Some(to_mater)`.
    pub mate: Option<bool>,
}

/// Compiles the module sections.
pub fn compile_modules(m: &ModulesSpec) -> Modules {
    Modules {
        check_interrupt: m.check_interrupt,
        mate: m.mate.as_ref().map(|x| x.to_mater),
    }
}
