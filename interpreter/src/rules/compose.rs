//! How rule modules compose: which modules a rule file switches on (and at which key), the
//! pairs that are refused together, and the modules that need another.
//!
//! Every pair of modules a rule file can switch on ([`MODULES`]) either works together, with
//! the meaning `docs/modules.md` ("Composition") gives it, or is refused with a located error
//! naming both keys. A module of the registry declares its refusals itself
//! ([`Module::REFUSES`](super::Module::REFUSES), [`Module::NEEDS`](super::Module::NEEDS)).
//! Nothing is silently ignored; the conformance test `compose` checks every pair.
//!
//! The switches are read from the resolved YAML tree (options and `extends:` already merged),
//! so every key keeps the span it was written at — in the file, its parent or an option choice.

use crate::diag::{Code, Diagnostic, Diagnostics};
use crate::yaml::{Node, Value};

/// One rule module switched on by a rule file.
#[derive(Clone, Debug)]
pub struct Switch {
    /// The module's name, one of [`MODULES`].
    pub module: &'static str,
    /// The key that switches it on, as a dotted path (`check.interrupt`,
    /// `pieces.king.royal`), as errors name it.
    pub key: String,
    /// The key's value, for spans.
    pub node: Node,
    /// The piece kind the key is about, where it has one (`pieces.NAME.*`, `capture-all.kind`,
    /// `formations.NAME.kind`, `thrones.kind`).
    pub kind: Option<String>,
}

/// Every module a rule file can switch on, as [`Switch::module`] names them.
pub const MODULES: [&str; 35] = [
    "dice",
    "royal",
    "checkmate",
    "stalemate",
    "check-interrupt",
    "mate",
    "hands",
    "start-hand",
    "drops",
    "no-mate-drops",
    "teams",
    "repetition",
    "perpetual-check",
    "move-rule",
    "scoring",
    "formations",
    "thrones",
    "capture-all",
    "far-promotion",
    "flip",
    "resign",
    "first-seat",
    "conditions",
    "ranking",
    "mandatory-capture",
    "check-count",
    "pass",
    "bikjang",
    "material-count",
    "counting",
    "castling",
    "facing",
    "placement",
    "first-move",
    "in-place",
];

/// True if `n` is switched on: `true`, a mapping or list with entries, any other scalar.
fn on(n: &Node) -> bool {
    match &n.value {
        Value::Null | Value::Bool(false) => false,
        Value::Seq(s) => !s.is_empty(),
        Value::Map(m) => !m.is_empty(),
        _ => true,
    }
}

/// The scalar at `path` under `n` if it equals `word`.
fn is_word(n: &Node, word: &str) -> bool {
    n.scalar_text().is_some_and(|t| t == word)
}

/// A kind name written at `n.kind` (formations, thrones, capture-all).
fn kind_at(n: &Node) -> Option<String> {
    n.get("kind").and_then(Node::scalar_text)
}

/// The switches of the top-level sections.
fn top_switches(root: &Node, out: &mut Vec<Switch>) {
    let mut push = |module, key: &str, node: &Node, kind| {
        out.push(Switch {
            module,
            key: key.to_string(),
            node: node.clone(),
            kind,
        })
    };
    let flags: [(&'static str, &str, &str); 5] = [
        ("check-interrupt", "check", "interrupt"),
        ("mandatory-capture", "captures", "mandatory"),
        ("hands", "hands", "captures"),
        ("scoring", "scoring", "capture"),
        ("first-seat", "match", "first-seat"),
    ];
    for (module, section, key) in flags {
        if let Some(n) = root.get(section).and_then(|s| s.get(key))
            && (is_word(n, "true") || is_word(n, "rotate"))
        {
            push(module, &format!("{section}.{key}"), n, None);
        }
    }
    // Pieces in hand at the start are a hand whatever `hands.captures` says.
    if let Some(n) = root
        .get("setup")
        .and_then(|s| s.get("hand"))
        .filter(|n| on(n))
    {
        push("start-hand", "setup.hand", n, None);
    }
    let sections: [(&'static str, &str); 11] = [
        ("dice", "dice"),
        ("counting", "counting"),
        ("castling", "castling"),
        ("placement", "placement"),
        ("check-count", "check-count"),
        ("mate", "mate"),
        ("teams", "teams"),
        ("thrones", "thrones"),
        ("capture-all", "capture-all"),
        ("ranking", "ranking"),
        ("material-count", "material-count"),
    ];
    for (module, key) in sections {
        if let Some(n) = root.get(key).filter(|n| on(n)) {
            push(module, key, n, kind_at(n));
        }
    }
    for (module, key) in [
        ("resign", "resign"),
        ("pass", "pass"),
        ("bikjang", "bikjang"),
        ("facing", "facing"),
    ] {
        if let Some(n) = root.get(key).filter(|n| is_word(n, "true")) {
            push(module, key, n, None);
        }
    }
    if let Some(all) = root.get("formations").and_then(Node::as_map) {
        for (k, n) in all.iter().filter(|(_, n)| on(n)) {
            push(
                "formations",
                &format!("formations.{}", k.name),
                n,
                kind_at(n),
            );
        }
    }
}

/// The switches of `end:`.
fn end_switches(root: &Node, out: &mut Vec<Switch>) {
    let Some(end) = root.get("end") else { return };
    let mut push = |module, key: &str, node: &Node| {
        out.push(Switch {
            module,
            key: format!("end.{key}"),
            node: node.clone(),
            kind: None,
        })
    };
    let sections: [(&'static str, &str); 5] = [
        ("checkmate", "checkmate"),
        ("stalemate", "stalemate"),
        ("repetition", "repetition"),
        ("move-rule", "move-rule"),
        ("conditions", "conditions"),
    ];
    for (module, key) in sections {
        if let Some(n) = end.get(key).filter(|n| on(n)) {
            push(module, key, n);
        }
    }
    if let Some(n) = end
        .get("repetition")
        .and_then(|r| r.get("perpetual-check"))
        .filter(|n| is_word(n, "forbidden"))
    {
        push("perpetual-check", "repetition.perpetual-check", n);
    }
}

/// The switches of the piece kinds: royal, drop rules, far-line and in-place promotion, flips,
/// first-move conditions.
fn piece_switches(root: &Node, out: &mut Vec<Switch>) {
    let Some(pieces) = root.get("pieces").and_then(Node::as_map) else {
        return;
    };
    for (k, p) in pieces {
        let mut push = |module, key: &str, node: &Node| {
            out.push(Switch {
                module,
                key: format!("pieces.{}.{key}", k.name),
                node: node.clone(),
                kind: Some(k.name.clone()),
            })
        };
        if let Some(n) = p.get("royal").filter(|n| is_word(n, "true")) {
            push("royal", "royal", n);
        }
        if let Some(d) = p.get("drop") {
            let rules = ["one-per-line", "no-mate", "mobile", "either-face"];
            let valued = ["per-line", "region"];
            if rules
                .iter()
                .any(|r| d.get(r).is_some_and(|n| is_word(n, "true")))
                || valued.iter().any(|r| d.get(r).is_some())
            {
                push("drops", "drop", d);
            }
            if let Some(n) = d.get("no-mate").filter(|n| is_word(n, "true")) {
                push("no-mate-drops", "drop.no-mate", n);
            }
        }
        let promotion = p.get("promotion");
        if let Some(n) = promotion.and_then(|pr| pr.get("by-file")).filter(|n| on(n)) {
            push("far-promotion", "promotion.by-file", n);
        }
        if let Some(n) = promotion
            .and_then(|pr| pr.get("in-place"))
            .filter(|n| is_word(n, "true"))
        {
            push("in-place", "promotion.in-place", n);
        }
        if let Some(n) = p.get("first-move").filter(|n| on(n)) {
            push("first-move", "first-move", n);
        }
        if let Some(n) = p.get("flip").filter(|n| on(n)) {
            push("flip", "flip", n);
        }
    }
}

/// Every module switched on in the resolved tree `root`, in a fixed order (top-level sections,
/// `end:`, then the pieces in file order).
pub fn switches(root: &Node) -> Vec<Switch> {
    let mut out = Vec::new();
    top_switches(root, &mut out);
    end_switches(root, &mut out);
    piece_switches(root, &mut out);
    out
}

/// A pair of modules refused together: `module`'s key is reported, `with`'s key named.
pub struct Refusal {
    /// The module reported, at its key.
    pub module: &'static str,
    /// The module it cannot be combined with.
    pub with: &'static str,
    /// Refused only when both keys are about the same piece kind.
    pub same_kind: bool,
    /// Why, shown as the help line.
    pub reason: &'static str,
}

/// A refusal of `module` with `with`, whatever kinds their keys are about.
pub const fn refuse(module: &'static str, with: &'static str, reason: &'static str) -> Refusal {
    Refusal {
        module,
        with,
        same_kind: false,
        reason,
    }
}

/// A module that means nothing without another: (module, needed module, the needed key, why).
pub type Need = (&'static str, &'static str, &'static str, &'static str);

/// The error for `a` refused with `b`.
fn refused_error(a: &Switch, b: &Switch, reason: &str) -> Diagnostic {
    let d = Diagnostic::new(
        Code::CompileRefusedPair,
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
/// and every module whose needed module is missing, by the registry's table
/// ([`super::refusal_table`]).
pub fn refusals(switches: &[Switch]) -> Diagnostics {
    let (refused, needed) = super::refusal_table();
    let mut errs = Diagnostics::default();
    for r in refused {
        for a in switches.iter().filter(|s| s.module == r.module) {
            for b in switches.iter().filter(|s| s.module == r.with) {
                if !r.same_kind || (a.kind.is_some() && a.kind == b.kind) {
                    errs.push(refused_error(a, b, r.reason));
                }
            }
        }
    }
    for &(module, needs, key, why) in needed {
        if switches.iter().any(|s| s.module == needs) {
            continue;
        }
        for a in switches.iter().filter(|s| s.module == module) {
            errs.push(
                Diagnostic::new(
                    Code::CompileNeedsModule,
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
        let known = |m: &str| MODULES.contains(&m);
        let (refused, needs) = super::super::refusal_table();
        assert!(!refused.is_empty() && !needs.is_empty());
        assert!(refused.iter().all(|r| known(r.module) && known(r.with)));
        assert!(needs.iter().all(|(m, n, _, _)| known(m) && known(n)));
    }

    /// Every registry module is switched on by some key of [`MODULES`], so the composition
    /// matrix (`tests/tests/compose.rs`) covers it: a new module must add its switch here.
    #[test]
    fn every_registry_module_has_a_switch() {
        // Registry names that differ from their switches' names.
        let aliases: [(&str, &[&str]); 4] = [
            ("checkmate", &["checkmate", "stalemate"]),
            ("in-place promotion", &["in-place"]),
            ("promotion", &["far-promotion"]),
            ("match", &["first-seat"]),
        ];
        for name in super::super::NAMES {
            let switches = aliases
                .iter()
                .find(|(n, _)| n == name)
                .map_or(vec![*name], |(_, s)| s.to_vec());
            for s in switches {
                assert!(
                    MODULES.contains(&s),
                    "module {name} has no switch `{s}` in MODULES"
                );
            }
        }
    }

    fn tree(text: &str) -> Node {
        crate::yaml::parse_yaml(&crate::diag::text_source("t.yaml", text)).unwrap()
    }

    #[test]
    fn finds_each_switch_at_its_key() {
        let root = tree(
            "check: { interrupt: true }\nhands: { captures: false }\nresign: true\n\
             pieces:\n  king: { royal: true }\n  pawn: { drop: { no-mate: true } }\n\
             end: { repetition: { count: 3, perpetual-check: forbidden }, conditions: {} }\n",
        );
        let got: Vec<(&str, String)> = switches(&root)
            .into_iter()
            .map(|s| (s.module, s.key))
            .collect();
        let want = [
            ("check-interrupt", "check.interrupt"),
            ("resign", "resign"),
            ("repetition", "end.repetition"),
            ("perpetual-check", "end.repetition.perpetual-check"),
            ("royal", "pieces.king.royal"),
            ("drops", "pieces.pawn.drop"),
            ("no-mate-drops", "pieces.pawn.drop.no-mate"),
        ];
        let want: Vec<(&str, String)> = want.iter().map(|(m, k)| (*m, k.to_string())).collect();
        assert_eq!(got, want);
        assert!(switches(&root).iter().all(|s| MODULES.contains(&s.module)));
    }
}
