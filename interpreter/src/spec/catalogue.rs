//! The catalogue: Fairy-Stockfish's built-in variants written as rule files, under
//! Fairy-Stockfish's names (issue 29), beside the seeds and the family's classics in
//! [`BUILTIN`](super::BUILTIN). Each file is `rules/catalogue/NAME.yaml` (four come from
//! `examples/`); `tests/reference/catalogue.perft` holds Fairy-Stockfish's perft for each, and
//! `docs/catalogue.md` lists them with their sources and the variants still missing.

/// Fairy-Stockfish's variants as rule files, embedded in the binary: (name, YAML text), in the
/// order `ashtapada list` shows them. Every command takes these names as it takes
/// [`BUILTIN`](super::BUILTIN)'s; a catalogue file may `extends:` any built-in.
pub const CATALOGUE: &[(&str, &str)] = &[
    (
        "nocheckatomic",
        include_str!("../../../rules/catalogue/nocheckatomic.yaml"),
    ),
    (
        "nocastle",
        include_str!("../../../rules/catalogue/nocastle.yaml"),
    ),
    (
        "raazuvaa",
        include_str!("../../../rules/catalogue/raazuvaa.yaml"),
    ),
    (
        "armageddon",
        include_str!("../../../rules/catalogue/armageddon.yaml"),
    ),
    (
        "misere",
        include_str!("../../../rules/catalogue/misere.yaml"),
    ),
    (
        "5check",
        include_str!("../../../rules/catalogue/5check.yaml"),
    ),
    ("fairy", include_str!("../../../rules/catalogue/fairy.yaml")),
    (
        "gardner",
        include_str!("../../../rules/catalogue/gardner.yaml"),
    ),
    (
        "losalamos",
        include_str!("../../../rules/catalogue/losalamos.yaml"),
    ),
    (
        "almost",
        include_str!("../../../rules/catalogue/almost.yaml"),
    ),
    (
        "amazon",
        include_str!("../../../rules/catalogue/amazon.yaml"),
    ),
    (
        "georgian",
        include_str!("../../../rules/catalogue/georgian.yaml"),
    ),
    (
        "nightrider",
        include_str!("../../../rules/catalogue/nightrider.yaml"),
    ),
    (
        "grasshopper",
        include_str!("../../../rules/catalogue/grasshopper.yaml"),
    ),
    (
        "hoppelpoppel",
        include_str!("../../../rules/catalogue/hoppelpoppel.yaml"),
    ),
    (
        "newzealand",
        include_str!("../../../rules/catalogue/newzealand.yaml"),
    ),
    (
        "paradigm",
        include_str!("../../../rules/catalogue/paradigm.yaml"),
    ),
    (
        "knightmate",
        include_str!("../../../rules/catalogue/knightmate.yaml"),
    ),
    ("legan", include_str!("../../../rules/catalogue/legan.yaml")),
    (
        "threekings",
        include_str!("../../../rules/catalogue/threekings.yaml"),
    ),
    (
        "breakthrough",
        include_str!("../../../rules/catalogue/breakthrough.yaml"),
    ),
    (
        "atomar",
        include_str!("../../../rules/catalogue/atomar.yaml"),
    ),
    (
        "atomic",
        include_str!("../../../rules/catalogue/atomic.yaml"),
    ),
    ("duck", include_str!("../../../rules/catalogue/duck.yaml")),
    (
        "amazons",
        include_str!("../../../rules/catalogue/amazons.yaml"),
    ),
    (
        "isolation",
        include_str!("../../../rules/catalogue/isolation.yaml"),
    ),
    (
        "isolation7x7",
        include_str!("../../../rules/catalogue/isolation7x7.yaml"),
    ),
    ("joust", include_str!("../../../rules/catalogue/joust.yaml")),
    (
        "petrified",
        include_str!("../../../rules/catalogue/petrified.yaml"),
    ),
    (
        "snailtrail",
        include_str!("../../../rules/catalogue/snailtrail.yaml"),
    ),
    (
        "clobber",
        include_str!("../../../rules/catalogue/clobber.yaml"),
    ),
    (
        "clobber10",
        include_str!("../../../rules/catalogue/clobber10.yaml"),
    ),
    (
        "fox-and-hounds",
        include_str!("../../../rules/catalogue/fox-and-hounds.yaml"),
    ),
    (
        "jesonmor",
        include_str!("../../../rules/catalogue/jesonmor.yaml"),
    ),
    (
        "gothic",
        include_str!("../../../rules/catalogue/gothic.yaml"),
    ),
    (
        "embassy",
        include_str!("../../../rules/catalogue/embassy.yaml"),
    ),
    ("janus", include_str!("../../../rules/catalogue/janus.yaml")),
    (
        "centaur",
        include_str!("../../../rules/catalogue/centaur.yaml"),
    ),
    (
        "chancellor",
        include_str!("../../../rules/catalogue/chancellor.yaml"),
    ),
    (
        "modern",
        include_str!("../../../rules/catalogue/modern.yaml"),
    ),
    (
        "tencubed",
        include_str!("../../../rules/catalogue/tencubed.yaml"),
    ),
    ("shako", include_str!("../../../rules/catalogue/shako.yaml")),
    (
        "courier",
        include_str!("../../../rules/catalogue/courier.yaml"),
    ),
    (
        "capahouse",
        include_str!("../../../rules/catalogue/capahouse.yaml"),
    ),
    ("loop", include_str!("../../../rules/catalogue/loop.yaml")),
    (
        "chessgi",
        include_str!("../../../rules/catalogue/chessgi.yaml"),
    ),
    (
        "pocketknight",
        include_str!("../../../rules/catalogue/pocketknight.yaml"),
    ),
    (
        "bughouse",
        include_str!("../../../rules/catalogue/bughouse.yaml"),
    ),
    (
        "placement",
        include_str!("../../../rules/catalogue/placement.yaml"),
    ),
    (
        "koedem",
        include_str!("../../../rules/catalogue/koedem.yaml"),
    ),
    (
        "seirawan",
        include_str!("../../../rules/catalogue/seirawan.yaml"),
    ),
    (
        "shouse",
        include_str!("../../../rules/catalogue/shouse.yaml"),
    ),
    (
        "minixiangqi",
        include_str!("../../../rules/catalogue/minixiangqi.yaml"),
    ),
    (
        "manchu",
        include_str!("../../../rules/catalogue/manchu.yaml"),
    ),
    (
        "supply",
        include_str!("../../../rules/catalogue/supply.yaml"),
    ),
    (
        "janggitraditional",
        include_str!("../../../rules/catalogue/janggitraditional.yaml"),
    ),
    (
        "janggicasual",
        include_str!("../../../rules/catalogue/janggicasual.yaml"),
    ),
    (
        "janggimodern",
        include_str!("../../../rules/catalogue/janggimodern.yaml"),
    ),
    ("asean", include_str!("../../../rules/catalogue/asean.yaml")),
    (
        "ai-wok",
        include_str!("../../../rules/catalogue/ai-wok.yaml"),
    ),
    (
        "karouk",
        include_str!("../../../rules/catalogue/karouk.yaml"),
    ),
    (
        "checkshogi",
        include_str!("../../../rules/catalogue/checkshogi.yaml"),
    ),
    (
        "gorogoro",
        include_str!("../../../rules/catalogue/gorogoro.yaml"),
    ),
    (
        "judkins",
        include_str!("../../../rules/catalogue/judkins.yaml"),
    ),
    (
        "euroshogi",
        include_str!("../../../rules/catalogue/euroshogi.yaml"),
    ),
    (
        "okisakishogi",
        include_str!("../../../rules/catalogue/okisakishogi.yaml"),
    ),
    (
        "yarishogi",
        include_str!("../../../rules/catalogue/yarishogi.yaml"),
    ),
    (
        "chigorin",
        include_str!("../../../rules/catalogue/chigorin.yaml"),
    ),
    (
        "sortofalmost",
        include_str!("../../../rules/catalogue/sortofalmost.yaml"),
    ),
    ("grand", include_str!("../../../rules/catalogue/grand.yaml")),
    (
        "opulent",
        include_str!("../../../rules/catalogue/opulent.yaml"),
    ),
    (
        "berolina",
        include_str!("../../../rules/catalogue/berolina.yaml"),
    ),
    (
        "torpedo",
        include_str!("../../../rules/catalogue/torpedo.yaml"),
    ),
    (
        "pawnsideways",
        include_str!("../../../rules/catalogue/pawnsideways.yaml"),
    ),
    (
        "pawnback",
        include_str!("../../../rules/catalogue/pawnback.yaml"),
    ),
    (
        "coregal",
        include_str!("../../../rules/catalogue/coregal.yaml"),
    ),
    (
        "shoshogi",
        include_str!("../../../rules/catalogue/shoshogi.yaml"),
    ),
    (
        "normal",
        include_str!("../../../rules/catalogue/normal.yaml"),
    ),
    ("mini", include_str!("../../../rules/catalogue/mini.yaml")),
    (
        "suicide",
        include_str!("../../../rules/catalogue/suicide.yaml"),
    ),
    (
        "makpong",
        include_str!("../../../rules/catalogue/makpong.yaml"),
    ),
    (
        "racingkings",
        include_str!("../../../rules/catalogue/racingkings.yaml"),
    ),
    (
        "dobutsu",
        include_str!("../../../rules/catalogue/dobutsu.yaml"),
    ),
    (
        "dragon",
        include_str!("../../../rules/catalogue/dragon.yaml"),
    ),
    (
        "fischerandom",
        include_str!("../../../rules/catalogue/fischerandom.yaml"),
    ),
    (
        "caparandom",
        include_str!("../../../rules/catalogue/caparandom.yaml"),
    ),
    (
        "giveaway",
        include_str!("../../../rules/catalogue/giveaway.yaml"),
    ),
    (
        "extinction",
        include_str!("../../../rules/catalogue/extinction.yaml"),
    ),
    (
        "kinglet",
        include_str!("../../../rules/catalogue/kinglet.yaml"),
    ),
    (
        "codrus",
        include_str!("../../../rules/catalogue/codrus.yaml"),
    ),
    (
        "perfect",
        include_str!("../../../rules/catalogue/perfect.yaml"),
    ),
    ("horde", include_str!("../../../rules/catalogue/horde.yaml")),
    (
        "spartan",
        include_str!("../../../rules/catalogue/spartan.yaml"),
    ),
    ("wolf", include_str!("../../../rules/catalogue/wolf.yaml")),
    (
        "gustav3",
        include_str!("../../../rules/catalogue/gustav3.yaml"),
    ),
    (
        "omicron",
        include_str!("../../../rules/catalogue/omicron.yaml"),
    ),
    (
        "troitzky",
        include_str!("../../../rules/catalogue/troitzky.yaml"),
    ),
    (
        "shatar",
        include_str!("../../../rules/catalogue/shatar.yaml"),
    ),
    ("micro", include_str!("../../../rules/catalogue/micro.yaml")),
    (
        "kingofthehill",
        include_str!("../../../examples/kingofthehill.yaml"),
    ),
    ("3check", include_str!("../../../examples/3check.yaml")),
    (
        "antichess",
        include_str!("../../../examples/antichess.yaml"),
    ),
    ("losers", include_str!("../../../examples/losers.yaml")),
    (
        "flipersi",
        include_str!("../../../rules/catalogue/flipersi.yaml"),
    ),
    (
        "flipello",
        include_str!("../../../rules/catalogue/flipello.yaml"),
    ),
    (
        "flipello10",
        include_str!("../../../rules/catalogue/flipello10.yaml"),
    ),
    ("ataxx", include_str!("../../../rules/catalogue/ataxx.yaml")),
];

/// The seeds: the built-in variants the project started from (`shared/spec/`), the first group
/// of `ashtapada list`; the other entries of [`BUILTIN`](super::BUILTIN) are the family's
/// classics.
pub const SEEDS: &[&str] = &["chaturanga", "chaturaji", "yonin-shogi"];

/// A group of built-in variants, as `ashtapada list` shows them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    /// The seeds ([`SEEDS`]).
    Seeds,
    /// The family's classics: the rest of [`BUILTIN`](super::BUILTIN).
    Classics,
    /// Fairy-Stockfish's catalogue ([`CATALOGUE`]).
    Catalogue,
}

impl Group {
    /// Every group, in the order `ashtapada list` shows them.
    pub const ALL: [Group; 3] = [Group::Seeds, Group::Classics, Group::Catalogue];

    /// The group's heading in `ashtapada list`.
    pub fn title(self) -> &'static str {
        match self {
            Group::Seeds => "seeds",
            Group::Classics => "classics",
            Group::Catalogue => "catalogue (Fairy-Stockfish's variants)",
        }
    }

    /// The names of the group's variants, in list order.
    pub fn names(self) -> Vec<&'static str> {
        match self {
            Group::Seeds => SEEDS.to_vec(),
            Group::Classics => super::BUILTIN
                .iter()
                .map(|(n, _)| *n)
                .filter(|n| !SEEDS.contains(n))
                .collect(),
            Group::Catalogue => CATALOGUE.iter().map(|(n, _)| *n).collect(),
        }
    }
}

/// Every built-in rule file, the seeds and classics first, then the catalogue: (name, text).
pub fn all_builtins() -> impl Iterator<Item = &'static (&'static str, &'static str)> {
    super::BUILTIN.iter().chain(CATALOGUE.iter())
}

/// The built-in rule file named `name` (any group): its name and text.
pub fn builtin(name: &str) -> Option<&'static (&'static str, &'static str)> {
    all_builtins().find(|(n, _)| *n == name)
}

/// Fairy-Stockfish's variants that are not yet playable here, each with a row in
/// docs/catalogue.md's "Not yet playable" table saying what it needs. A name that has since
/// become a built-in is a built-in ([`not_yet_playable`] skips it).
pub const NOT_YET: &[&str] = &[];

/// For a name of Fairy-Stockfish's catalogue that is not yet playable here ([`NOT_YET`]),
/// the note an "unknown variant" error adds; `None` for any other name.
pub fn not_yet_playable(name: &str) -> Option<String> {
    (NOT_YET.contains(&name) && builtin(name).is_none()).then(|| {
        format!(
            "`{name}` is in Fairy-Stockfish's catalogue but not yet playable here: \
             docs/catalogue.md (\"Not yet playable\") says what it needs"
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_across_groups() {
        let mut names: Vec<&str> = all_builtins().map(|(n, _)| *n).collect();
        let count = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), count, "a name appears twice");
        for s in SEEDS {
            assert!(super::super::BUILTIN.iter().any(|(n, _)| n == s), "{s}");
        }
    }

    #[test]
    fn every_catalogue_file_names_itself() {
        for (name, text) in CATALOGUE {
            assert!(
                text.lines().any(|l| l == format!("name: {name}")),
                "{name}: the file's `name:` differs"
            );
        }
    }
}
