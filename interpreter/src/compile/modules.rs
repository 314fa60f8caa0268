//! Compiled rule modules not yet in the [`crate::rules`] registry: hands.

use crate::spec::ModulesSpec;

/// All compiled modules of a variant.
#[derive(Clone, Debug, Default)]
pub struct Modules {
    /// Captured pieces go to the capturer's hand; pieces in hand may be dropped.
    pub hands: bool,
}

/// Compiles the module sections.
pub fn compile_modules(m: &ModulesSpec) -> Modules {
    Modules { hands: m.hands }
}
