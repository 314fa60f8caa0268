//! How rule modules compose: which modules a rule file switches on (and at which key), the
//! pairs that are refused together, and the modules that need another.
//!
//! There is one list of modules, the registry ([`super::registry!`]). Each module declares in
//! its own file the keys that switch it on and what "on" means for each
//! ([`Module::SWITCHES`](super::Module::SWITCHES), [`SwitchKey`]), the pairs it is refused
//! with ([`Module::REFUSES`](super::Module::REFUSES)) and the modules it needs
//! ([`Module::NEEDS`](super::Module::NEEDS)), naming the other modules by the ids the registry
//! generates ([`ModuleId`], [`SwitchId`]), never by a string. [`switches`] and [`refusals`]
//! iterate the registry. Every pair of switches either works together, with the meaning
//! `docs/modules.md` ("Composition") gives it, or is refused with a located error naming both
//! keys; the conformance test `compose` checks every pair.
//!
//! The switches are read from the resolved YAML tree (options and `extends:` already merged),
//! so every key keeps the span it was written at — in the file, its parent or an option choice.

use super::ModuleId;
use crate::diag::{Code, Diagnostic, Diagnostics};
use crate::yaml::{Node, Value};

/// One switch of a module: the module's generated id and the index of the key in its
/// [`Module::SWITCHES`](super::Module::SWITCHES) (0 for a module's main switch).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SwitchId {
    /// The module.
    pub module: ModuleId,
    /// The index of the key among the module's switches.
    pub part: u8,
}

impl SwitchId {
    /// Switch `part` of `module`.
    pub const fn new(module: ModuleId, part: u8) -> SwitchId {
        SwitchId { module, part }
    }

    /// The main (first) switch of `module`.
    pub const fn of(module: ModuleId) -> SwitchId {
        SwitchId { module, part: 0 }
    }

    /// The key that declares this switch.
    pub fn key(self) -> &'static SwitchKey {
        &super::switch_keys(self.module)[self.part as usize]
    }
}

/// When the value at a switch's key switches the module on.
#[derive(Clone, Copy, Debug)]
pub enum On {
    /// `true`, a mapping or list with entries, any other scalar; not `~`, `false`, `[]`, `{}`.
    NonEmpty,
    /// The scalar is one of these words (`true`, `rotate`, `forbidden`).
    Words(&'static [&'static str]),
    /// The module's own test of the value.
    Test(fn(&Node) -> bool),
}

impl On {
    /// True if `n` switches the module on.
    pub fn holds(self, n: &Node) -> bool {
        match self {
            On::NonEmpty => match &n.value {
                Value::Null | Value::Bool(false) => false,
                Value::Seq(s) => !s.is_empty(),
                Value::Map(m) => !m.is_empty(),
                _ => true,
            },
            On::Words(words) => n.scalar_text().is_some_and(|t| words.contains(&t.as_str())),
            On::Test(test) => test(n),
        }
    }
}

/// `true`: the notion of "on" of a boolean key.
pub const TRUE: On = On::Words(&["true"]);

/// A key that switches a module on, declared by the module ([`Module::SWITCHES`](super::Module::SWITCHES)).
#[derive(Clone, Copy, Debug)]
pub struct SwitchKey {
    /// The switch this key is: the module's id and the key's index in its list.
    pub id: SwitchId,
    /// The switch's name, for the composition matrix and `docs/modules.md` (`start-hand`).
    pub name: &'static str,
    /// The key as a dotted path from the top of the rule file; `*` stands for every entry of a
    /// mapping (`pieces.*.royal`, `formations.*`). Under `pieces.*` the entry's name is the
    /// piece kind the switch is about; elsewhere the kind is the value's `kind:` key, if any.
    pub path: &'static str,
    /// When the value at the key switches the module on.
    pub on: On,
}

impl SwitchKey {
    /// The key as errors name it when it is needed: `*` written `KIND` (`pieces.KIND.royal`).
    pub fn needed_name(&self) -> String {
        self.path.replace('*', "KIND")
    }
}

/// One rule module switched on by a rule file.
#[derive(Clone, Debug)]
pub struct Switch {
    /// The switch: the module's generated id and which of its keys.
    pub id: SwitchId,
    /// The key that switches it on, as a dotted path (`check.interrupt`,
    /// `pieces.king.royal`), as errors name it.
    pub key: String,
    /// The key's value, for spans.
    pub node: Node,
    /// The piece kind the key is about, where it has one (`pieces.NAME.*`, `capture-all.kind`,
    /// `formations.NAME.kind`, `thrones.kind`).
    pub kind: Option<String>,
}

impl Switch {
    /// The switch's name ([`SwitchKey::name`]).
    pub fn name(&self) -> &'static str {
        self.id.key().name
    }
}

/// Where a switch's key sits, for the order of [`switches`]: top-level sections, then `end:`,
/// then the pieces in file order.
fn place(path: &str, piece: Option<usize>) -> (u8, usize) {
    if path.starts_with("pieces.") {
        (2, piece.unwrap_or(0))
    } else if path.starts_with("end.") {
        (1, 0)
    } else {
        (0, 0)
    }
}

/// Pushes the switches of `key` found under `n` (the rest of the path `rest`), with the key
/// written so far in `at`, the piece kind so far and the piece's index in the file.
fn walk(
    key: &SwitchKey,
    n: &Node,
    rest: &[&str],
    at: String,
    piece: Option<(String, usize)>,
    out: &mut Vec<(Switch, (u8, usize))>,
) {
    let Some((first, rest)) = rest.split_first() else {
        if key.on.holds(n) {
            let kind = match &piece {
                Some((name, _)) => Some(name.clone()),
                None => n.get("kind").and_then(Node::scalar_text),
            };
            let sort = place(key.path, piece.as_ref().map(|p| p.1));
            out.push((
                Switch {
                    id: key.id,
                    key: at,
                    node: n.clone(),
                    kind,
                },
                sort,
            ));
        }
        return;
    };
    let join = |name: &str| {
        if at.is_empty() {
            name.to_string()
        } else {
            format!("{at}.{name}")
        }
    };
    if *first == "*" {
        let Some(entries) = n.as_map() else { return };
        let under_pieces = at == "pieces";
        for (i, (k, child)) in entries.iter().enumerate() {
            let piece = if under_pieces {
                Some((k.name.clone(), i))
            } else {
                piece.clone()
            };
            walk(key, child, rest, join(&k.name), piece, out);
        }
    } else if let Some(child) = n.get(first) {
        walk(key, child, rest, join(first), piece, out);
    }
}

/// Every module switched on in the resolved tree `root`, by every registry module's
/// [`SwitchKey`]s, in a fixed order: top-level sections, `end:`, then the pieces in file order
/// (each part in registry order).
pub fn switches(root: &Node) -> Vec<Switch> {
    let mut out = Vec::new();
    for key in super::all_switch_keys() {
        let path: Vec<&str> = key.path.split('.').collect();
        walk(key, root, &path, String::new(), None, &mut out);
    }
    out.sort_by_key(|(_, place)| *place);
    out.into_iter().map(|(s, _)| s).collect()
}

/// Every switch's name ([`SwitchKey::name`]), in registry order: the composition matrix's
/// rows (`tests/tests/compose.rs`).
pub fn switch_names() -> Vec<&'static str> {
    super::all_switch_keys().map(|k| k.name).collect()
}

/// A pair of switches refused together: `part`'s key is reported, `with`'s key named.
#[derive(Clone, Copy, Debug)]
pub struct Refusal {
    /// The declaring module's switch reported, at its key.
    pub part: SwitchId,
    /// The switch it cannot be combined with.
    pub with: SwitchId,
    /// Refused only when both keys are about the same piece kind.
    pub same_kind: bool,
    /// Why, shown as the help line.
    pub reason: &'static str,
}

/// A refusal of `part` with `with`, whatever kinds their keys are about.
pub const fn refuse(part: SwitchId, with: SwitchId, reason: &'static str) -> Refusal {
    Refusal {
        part,
        with,
        same_kind: false,
        reason,
    }
}

/// A switch that means nothing without another.
#[derive(Clone, Copy, Debug)]
pub struct Need {
    /// The declaring module's switch that needs `needs`.
    pub part: SwitchId,
    /// The switch it needs (named in the error by its key, [`SwitchKey::needed_name`]).
    pub needs: SwitchId,
    /// Another switch that satisfies the need as well as `needs` does (`None`: only `needs`).
    pub or: Option<SwitchId>,
    /// A third switch that satisfies the need too (`None`: none).
    pub or_also: Option<SwitchId>,
    /// Why, shown as the help line.
    pub why: &'static str,
}

/// `part` needs `needs`, because `why`.
pub const fn need(part: SwitchId, needs: SwitchId, why: &'static str) -> Need {
    Need {
        part,
        needs,
        or: None,
        or_also: None,
        why,
    }
}

/// `part` needs `needs` or `or`, because `why`.
pub const fn need_either(part: SwitchId, needs: SwitchId, or: SwitchId, why: &'static str) -> Need {
    Need {
        part,
        needs,
        or: Some(or),
        or_also: None,
        why,
    }
}

/// `part` needs `needs`, `or` or `also`, because `why`.
pub const fn need_any(
    part: SwitchId,
    needs: SwitchId,
    (or, also): (SwitchId, SwitchId),
    why: &'static str,
) -> Need {
    Need {
        part,
        needs,
        or: Some(or),
        or_also: Some(also),
        why,
    }
}

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
/// and every switch whose needed switch is missing, by every registry module's
/// [`Module::REFUSES`](super::Module::REFUSES) and [`Module::NEEDS`](super::Module::NEEDS).
pub fn refusals(switches: &[Switch]) -> Diagnostics {
    let mut errs = Diagnostics::default();
    for r in super::all_refusals() {
        for a in switches.iter().filter(|s| s.id == r.part) {
            for b in switches.iter().filter(|s| s.id == r.with) {
                if !r.same_kind || (a.kind.is_some() && a.kind == b.kind) {
                    errs.push(refused_error(a, b, r.reason));
                }
            }
        }
    }
    for n in super::all_needs() {
        if switches
            .iter()
            .any(|s| s.id == n.needs || Some(s.id) == n.or || Some(s.id) == n.or_also)
        {
            continue;
        }
        let key = n.needs.key().needed_name();
        for a in switches.iter().filter(|s| s.id == n.part) {
            errs.push(
                Diagnostic::new(
                    Code::CompileNeedsModule,
                    format!("`{}` needs `{key}`", a.key),
                    Some(a.node.span.clone()),
                )
                .label(format!("needs `{key}`"))
                .help(n.why.to_string()),
            );
        }
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every module declares its switches and its table entries under its own id, each switch
    /// at its index, so that an id names one key.
    #[test]
    fn every_module_declares_its_own_switches_and_entries() {
        for &id in ModuleId::ALL {
            let keys = super::super::switch_keys(id);
            assert!(!keys.is_empty(), "{id:?} declares no switch");
            for (i, k) in keys.iter().enumerate() {
                assert_eq!(k.id, SwitchId::new(id, i as u8), "{id:?} switch {}", k.name);
            }
        }
        let refusals: Vec<Refusal> = super::super::all_refusals().collect();
        let needs: Vec<Need> = super::super::all_needs().collect();
        assert!(!refusals.is_empty() && !needs.is_empty());
        for r in refusals {
            // Each id resolves to a declared key (panics otherwise).
            let _ = (r.part.key(), r.with.key());
        }
        for n in needs {
            let _ = (n.part.key(), n.needs.key());
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
        let mut got: Vec<(&str, String)> = switches(&root)
            .into_iter()
            .map(|s| (s.name(), s.key))
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
        let mut want: Vec<(&str, String)> = want.iter().map(|(m, k)| (*m, k.to_string())).collect();
        // Within a section the order is the registry's; compare as sets.
        got.sort();
        want.sort();
        assert_eq!(got, want);
    }

    #[test]
    fn a_needed_key_is_named_with_kind() {
        let royal = super::super::royal::ROYAL;
        assert_eq!(royal.key().needed_name(), "pieces.KIND.royal");
    }
}
