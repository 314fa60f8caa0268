//! Rule-module sections not yet in the [`crate::rules`] registry: the check interrupt and
//! mates. Each section is optional; an absent section switches its module off.

use crate::yaml::Node;
use crate::yaml::Reader;

/// The optional module sections of a rule file.
#[derive(Clone, Debug, Default)]
pub struct ModulesSpec {
    /// `check: { interrupt: true }`: a seat whose royal piece is attacked after a move moves
    /// next, out of turn (nearest clockwise from the mover first); play then continues
    /// clockwise from it.
    pub check_interrupt: bool,
    /// `mate:` what happens to a seat that is due to move and has no legal move, when it does
    /// not end the game: `{ pieces: to-mater | ownerless }`. Its royal pieces become dead
    /// (inert obstacles), its hand goes to the mater (the seat that made the last move), its
    /// other pieces go to the mater (keeping their facing) or stay ownerless.
    pub mate: Option<MateSpec>,
}

/// What a mate does (`mate:`).
#[derive(Clone, Debug)]
pub struct MateSpec {
    /// The mated seat's pieces go to the mater (`to-mater`) or become ownerless.
    pub to_mater: bool,
    /// The `mate:` node, for diagnostics.
    pub node: Node,
}

/// Reads every module section present in `f`.
pub fn read_modules(r: &mut Reader, f: &mut crate::yaml::Fields<'_>) -> ModulesSpec {
    let mut m = ModulesSpec::default();
    if let Some(n) = f.opt("check")
        && let Some(mut s) = r.map(n, "check: { interrupt }")
    {
        m.check_interrupt = s
            .opt("interrupt")
            .and_then(|n| r.bool(n, "`interrupt`"))
            .unwrap_or(false);
        s.finish(r, "check", &["interrupt"]);
    }
    if let Some(n) = f.opt("mate")
        && let Some(mut s) = r.map(n, "mate: { pieces }")
    {
        let to_mater = s.opt("pieces").and_then(|n| {
            r.word(
                n,
                &["to-mater", "ownerless"],
                "what happens to a mated seat's pieces",
            )
        }) != Some("ownerless");
        s.finish(r, "mate", &["pieces"]);
        m.mate = Some(MateSpec {
            to_mater,
            node: n.clone(),
        });
    }
    m
}
