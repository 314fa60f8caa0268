//! Rule-module sections not yet in the [`crate::rules`] registry: hands. Each section is
//! optional; an absent section switches its module off.

use crate::yaml::Reader;

/// The optional module sections of a rule file.
#[derive(Clone, Debug, Default)]
pub struct ModulesSpec {
    /// `hands: { captures: true }`: captured pieces, demoted, go to the capturer's hand, and
    /// pieces in hand may be dropped.
    pub hands: bool,
}

/// Reads every module section present in `f`.
pub fn read_modules(r: &mut Reader, f: &mut crate::yaml::Fields<'_>) -> ModulesSpec {
    let mut m = ModulesSpec::default();
    if let Some(n) = f.opt("hands")
        && let Some(mut s) = r.map(n, "hands: { captures }")
    {
        m.hands = s
            .opt("captures")
            .and_then(|n| r.bool(n, "`captures`"))
            .unwrap_or(false);
        s.finish(r, "hands", &["captures"]);
    }
    m
}
