//! Diagnostics: located problems in rule files and other input, rendered by miette.
//!
//! Every problem the loader, option resolver or compiler finds becomes one [`Diagnostic`]
//! with a code (`ashtapada::spec::unknown-key`, …), a message, labels on the exact characters
//! of the source (inside a Betza or expression string too) and a help line. A phase collects
//! all of them and returns [`Diagnostics`], so a designer sees every problem of a file at once.

use miette::{LabeledSpan, NamedSource, SourceCode};
use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;

/// One source text a span can point into (a rule file, or a command-line value).
pub type Source = Arc<NamedSource<String>>;

/// A byte range in one source.
#[derive(Clone, Debug)]
pub struct Span {
    /// The text the range points into.
    pub source: Source,
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// A span of `start..end` (byte offsets) in `source`, widened to the nearest character
    /// boundaries and clamped to the text: a span never starts or ends inside a multi-byte
    /// character, whatever offset a parser reported.
    pub fn new(source: &Source, start: usize, end: usize) -> Span {
        let text = source.inner();
        let start = floor_boundary(text, start);
        let end = ceil_boundary(text, end.max(start));
        Span {
            source: source.clone(),
            start,
            end,
        }
    }

    /// The start and end, snapped to character boundaries of the source (see [`Span::new`]).
    fn bounds(&self) -> (usize, usize) {
        let text = self.source.inner();
        let start = floor_boundary(text, self.start);
        (start, ceil_boundary(text, self.end.max(start)))
    }

    /// The text the span covers.
    pub fn text(&self) -> &str {
        self.source.inner().get(self.start..self.end).unwrap_or("")
    }

    /// 1-based line and column of the start, for plain-text messages.
    pub fn line_col(&self) -> (usize, usize) {
        let text = self.source.inner();
        let before = &text[..self.bounds().0];
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        (line, col)
    }

    /// The longest of the lines the span touches and of the line just before and after it
    /// (the context a report shows): its 1-based number and its length in characters. A report
    /// leaves out the source text when such a line is too long to draw.
    pub fn widest_line(&self) -> (usize, usize) {
        let text = self.source.inner();
        let (start, end) = self.bounds();
        // From the start of the line before the span's first line…
        let mut from = text[..start].rfind('\n').unwrap_or(0);
        from = text[..from].rfind('\n').map_or(0, |i| i + 1);
        // …to the end of the line after its last line.
        let mut to = text[end..].find('\n').map_or(text.len(), |i| end + i);
        if to < text.len() {
            to = text[to + 1..].find('\n').map_or(text.len(), |i| to + 1 + i);
        }
        let first = text[..from].matches('\n').count() + 1;
        let mut widest = (first, 0);
        for (i, line) in text.get(from..to).unwrap_or("").split('\n').enumerate() {
            let n = line.chars().count();
            if n > widest.1 {
                widest = (first + i, n);
            }
        }
        widest
    }

    /// The name of the source (a file path or `<builtin chaturanga>`).
    pub fn source_name(&self) -> &str {
        self.source.name()
    }
}

impl PartialEq for Span {
    fn eq(&self, other: &Span) -> bool {
        Arc::ptr_eq(&self.source, &other.source)
            && self.start == other.start
            && self.end == other.end
    }
}

/// Declares [`Code`]: each variant with its doc and its stable string.
macro_rules! codes {
    ($($(#[doc = $doc:literal])* $variant:ident = $text:literal,)*) => {
        /// The stable code of a [`Diagnostic`], which programs can match; its string
        /// ([`Code::as_str`], `ashtapada::LAYER::NAME`) is what reports print, snapshots and the
        /// documentation quote, and never changes. The layer (`spec`, `options`, `compile`,
        /// `sweep`, …) is the phase that raises it.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Code {
            $($(#[doc = $doc])* $variant,)*
        }

        impl Code {
            /// Every code, in declaration order (grouped by layer).
            pub const ALL: &'static [Code] = &[$(Code::$variant,)*];

            /// The stable string, e.g. `ashtapada::spec::unknown-key`.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(Code::$variant => concat!("ashtapada::", $text),)*
                }
            }
        }
    };
}

codes! {
    // Reading a rule file (spec, yaml).
    /// A YAML value of the wrong type: a list where a mapping is wanted, a word for a number.
    SpecType = "spec::type",
    /// A whole number out of the range its key allows.
    SpecRange = "spec::range",
    /// A name that is not defined: a piece, seat, result or other word, with "did you mean".
    SpecUnknownName = "spec::unknown-name",
    /// A variant `name:` that engine protocols cannot carry: not one word of ASCII letters,
    /// digits, `-`, `_`, `.` and `+` (at most 64 characters).
    SpecVariantName = "spec::variant-name",
    /// A mapping lacks a key it requires.
    SpecMissingKey = "spec::missing-key",
    /// A key no reader accepts in its mapping (a misspelling, with "did you mean").
    SpecUnknownKey = "spec::unknown-key",
    /// A rule file, or the input of a reader, larger than its bound.
    SpecTooLarge = "spec::too-large",
    /// A rule file with no content.
    SpecEmpty = "spec::empty",
    /// Text that is not valid YAML (a tab indent, an unclosed quote, …).
    SpecYaml = "spec::yaml",
    /// YAML nested deeper than the reader allows.
    SpecTooDeep = "spec::too-deep",
    /// A mapping key that is missing or not a name.
    SpecBadKey = "spec::bad-key",
    /// A key written twice in one mapping.
    SpecDuplicateKey = "spec::duplicate-key",
    /// A key of `dice.faces` that is not a face value from 1 to 64.
    SpecDieFace = "spec::die-face",
    /// A result that ranks every seat in a file with no `ranking:` keys.
    SpecNeedsRanking = "spec::needs-ranking",
    /// A path that is a folder, device or pipe rather than a rule file.
    SpecNotAFile = "spec::not-a-file",
    /// A rule file that cannot be read from disk.
    SpecIo = "spec::io",
    /// `extends:` names a path outside the folder of the rule file, or an empty one.
    SpecExtendsOutside = "spec::extends-outside",
    /// `extends:` files that form a cycle.
    SpecExtendsCycle = "spec::extends-cycle",
    /// An `extends:` chain with too many ancestors.
    SpecExtendsDepth = "spec::extends-depth",
    /// A file named by `extends:` or on the command line that does not read as a rule file
    /// (its text is not shown).
    SpecNotARuleFile = "spec::not-a-rule-file",
    /// A rule file whose top level is not a mapping.
    SpecNotAMapping = "spec::not-a-mapping",
    /// `lost-only:` or `except:` in a promotion without `by-file:` (they apply to far-line
    /// promotion only).
    SpecFarLineKey = "spec::far-line-key",
    /// A `flip:` with a `promotion:` or to its own kind, or `drop.either-face` without `flip:`.
    SpecFlip = "spec::flip",
    // Options: the `options:` section and `--set` values.
    /// Option `--set` twice on one command line.
    OptionsSetTwice = "options::set-twice",
    /// A `--set` value not of the form `OPTION=CHOICE`.
    OptionsSyntax = "options::syntax",
    /// A choice of an option that sets a key a choice may not set.
    OptionsChoiceKey = "options::choice-key",
    /// A numeric option whose `max` is less than its `min`.
    OptionsEmptyRange = "options::empty-range",
    /// An option with no choices.
    OptionsNoChoices = "options::no-choices",
    /// An option whose default is not among its choices.
    OptionsBadDefault = "options::bad-default",
    /// A choice's `at:` path that is empty or does not lead to a key of the file.
    OptionsBadPath = "options::bad-path",
    /// A note from `ashtapada check`: options with problems were left out while the rest of
    /// the file was checked (their choices are checked once they read).
    OptionsLeftOut = "options::left-out",
    /// `--set` names an option the rule file does not have.
    OptionsUnknown = "options::unknown",
    /// `--set` gives a choice the option does not have.
    OptionsBadChoice = "options::bad-choice",
    // Compiling a rule file.
    /// A seat's FEN letter that is empty, not ASCII letters, missing or shared with a seat.
    CompileSeatFen = "compile::seat-fen",
    /// Dice that do not compile (no faces, a face naming no piece).
    CompileDice = "compile::dice",
    /// No seat can make the first move.
    CompileNoFirstMove = "compile::no-first-move",
    /// A warning: a royal kind that `setup:` never places (for any seat), so no check or mate
    /// can ever involve it.
    CompileUnplacedRoyal = "compile::unplaced-royal",
    /// A warning: a kind that is never placed, in hand at the start, promoted to or demoted
    /// to, so no game can use it (often a misspelt name in `setup:` or `promotion.to`).
    CompileUnusedKind = "compile::unused-kind",
    /// A warning: a Betza modifier letter that changes none of the piece's moves (`vvW`,
    /// `fhW`, `nR`).
    CompileRedundantModifier = "compile::redundant-modifier",
    /// A Betza move that does not parse (at its exact characters).
    CompileBetza = "compile::betza",
    /// An expression that does not parse, resolve or type-check (at its exact characters).
    CompileExpression = "compile::expression",
    /// A number of seats out of range.
    CompileSeats = "compile::seats",
    /// Two seats with one name.
    CompileDuplicateSeat = "compile::duplicate-seat",
    /// A number of piece kinds out of range.
    CompilePieces = "compile::pieces",
    /// A piece letter that is not one ASCII letter.
    CompileLetter = "compile::letter",
    /// Two piece kinds with one letter.
    CompileDuplicateLetter = "compile::duplicate-letter",
    /// A kind listed twice in one promotion.
    CompilePromotionTwice = "compile::promotion-twice",
    /// A promotion to nothing.
    CompilePromotion = "compile::promotion",
    /// A promotion zone deeper than the board.
    CompilePromotionZone = "compile::promotion-zone",
    /// A `by-file:` promotion list whose length is not the far line's.
    CompilePromotionByFile = "compile::promotion-by-file",
    /// A `castling:` module that does not fit the setup (no royal or partner where named, a
    /// square off the board, not 1 or 2 sides).
    CompileCastling = "compile::castling",
    /// Two rule modules that cannot be combined are both switched on (the error names both
    /// keys; see docs/modules.md).
    CompileRefusedPair = "compile::refused-pair",
    /// A rule module is switched on without a module it needs (e.g. the check interrupt
    /// without a royal kind).
    CompileNeedsModule = "compile::needs-module",
    /// A square or square set of the setup that is off the board or malformed.
    CompileSquare = "compile::square",
    /// Two pieces placed on one square by the setup.
    CompileDoublePlacement = "compile::double-placement",
    /// A region (`regions:`, `confined:`, `region-moves:`) that is unknown, defined twice or
    /// used where it cannot apply.
    CompileRegion = "compile::region",
    /// A hop restriction (`hops:`) on a piece that does not hop.
    CompileHops = "compile::hops",
    /// `setup.hand:` without `hands:`, or naming a kind twice.
    CompileSetupHand = "compile::setup-hand",
    /// A set-up phase (`placement:`) whose squares are malformed or off the board, or that
    /// names a kind twice.
    CompilePlacement = "compile::placement",
    /// A promotion's `squares:` or `in-place:` that does not fit (no squares, `in-place`
    /// with far-line promotion).
    CompilePromotionSquares = "compile::promotion-squares",
    /// First-move conditions (`first-move:`) on a kind without first-move (`i`) moves.
    CompileFirstMove = "compile::first-move",
    /// A counting rule (`counting:`) that counts nothing or has a row that never applies.
    CompileCounting = "compile::counting",
    // Command-line values: sweeps, perft, positions, records, output.
    /// A sweep, or `--sweep all`, given twice.
    SweepTwice = "sweep::twice",
    /// `--sweep` names an option the rule file does not have.
    SweepUnknown = "sweep::unknown",
    /// `--sweep` lists a choice the option does not have.
    SweepBadChoice = "sweep::bad-choice",
    /// `--sweep` lists one choice twice.
    SweepRepeatedChoice = "sweep::repeated-choice",
    /// A sweep that gives only the baseline: nothing to compare.
    SweepNothingToCompare = "sweep::nothing-to-compare",
    /// A sweep with more option combinations than are played.
    SweepTooMany = "sweep::too-many",
    /// `--sweep each` together with another sweep.
    SweepEachAlone = "sweep::each-alone",
    /// A perft depth above the bound.
    PerftDepth = "perft::depth",
    /// A `--dice` roll that does not read or fit the variant.
    PerftDice = "perft::dice",
    /// A position (FEN or position string) given on the command line that does not read.
    NotationPosition = "notation::position",
    /// A game record that cannot be read from disk.
    RecordRead = "record::read",
    /// A game record that is not valid JSON or YAML of a record.
    RecordSyntax = "record::syntax",
    /// A record's options that do not fit the rules it names.
    RecordOptions = "record::options",
    /// A record's first seat that is not a seat of the variant.
    RecordFirstSeat = "record::first-seat",
    /// A record's start position that does not read.
    RecordStart = "record::start",
    /// A record's action that does not replay.
    RecordAction = "record::action",
    /// A report given to `merge` that cannot be read.
    MergeRead = "merge::read",
    /// A report given to `merge` that is not a simulation report.
    MergeReport = "merge::report",
    /// Reports given to `merge` that are not the shards of one run.
    MergeShards = "merge::shards",
    /// A plot that cannot be drawn, or whose file is neither SVG nor PNG.
    OutputPlot = "output::plot",
    /// An output file that cannot be written.
    OutputWrite = "output::write",
    /// An output file that is an input of the same command.
    OutputOverwritesInput = "output::overwrites-input",
    /// An output file inside the records folder.
    OutputInRecords = "output::in-records",
    /// Two outputs that name the same file.
    OutputSameFile = "output::same-file",
    /// `--games 0`.
    SimulateGames = "simulate::games",
    /// `--max-plies 0`.
    SimulateMaxPlies = "simulate::max-plies",
    /// A `--shard K/N` that does not read or has K ≥ N.
    SimulateShard = "simulate::shard",
    /// Shard tallies that do not add up (a bug).
    SimulateTally = "simulate::tally",
    /// A `--per-game` file that cannot be written.
    SimulatePerGame = "simulate::per-game",
    /// A `--precision` out of range, or given with `--shard`.
    SimulatePrecision = "simulate::precision",
    /// `--batch 0`.
    SimulateBatch = "simulate::batch",
    /// An unknown agent name.
    SimulateAgent = "simulate::agent",
    /// A number of agents that is neither one nor the number of seats.
    SimulateAgents = "simulate::agents",
    /// A `--records` folder that cannot be created or read, or holds other files.
    SimulateRecords = "simulate::records",
    /// A `--agent-timeout` of zero or not a number of seconds.
    SimulateAgentTimeout = "simulate::agent-timeout",
    /// An outside player (`uci:`, `cmd:`) that failed: would not start, exited, fell silent,
    /// answered garbage or an illegal action.
    SimulatePlayer = "simulate::player",
    /// A `--openings` file that does not read, or a line that is no position of the variant.
    SimulateOpenings = "simulate::openings",
}

impl Code {
    /// The layer that raises the code: `spec` for `ashtapada::spec::unknown-key`.
    pub fn layer(self) -> &'static str {
        let rest = &self.as_str()["ashtapada::".len()..];
        rest.split("::").next().unwrap_or(rest)
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for Code {
    type Err = ();

    /// The code whose string is `s` (`ashtapada::spec::unknown-key`); `Err(())` for a string
    /// that is no code's.
    fn from_str(s: &str) -> Result<Code, ()> {
        Code::ALL
            .iter()
            .copied()
            .find(|c| c.as_str() == s)
            .ok_or(())
    }
}

/// A located problem, with a stable code, labels and an optional help line.
#[derive(Clone, Debug)]
pub struct Diagnostic {
    /// Stable code such as `ashtapada::spec::unknown-key` (see [`Diagnostic::code`]).
    code: Code,
    /// One-line statement of the problem.
    pub message: String,
    /// Where it is; `None` for problems with no source text (a missing file).
    pub span: Option<Span>,
    /// Text shown at the span.
    pub label: String,
    /// Further spans in the same source, with their labels.
    pub extra: Vec<(Span, String)>,
    /// How to fix it.
    pub help: Option<String>,
    /// True for a warning: something probably unintended that does not stop the rule file
    /// from compiling (a piece no game can use). Drawn with miette's warning severity.
    pub warning: bool,
}

impl Diagnostic {
    /// A diagnostic with `code` at `span`.
    pub fn new(code: Code, message: impl Into<String>, span: Option<Span>) -> Diagnostic {
        Diagnostic {
            code,
            message: message.into(),
            span,
            label: String::from("here"),
            extra: Vec::new(),
            help: None,
            warning: false,
        }
    }

    /// A warning with `code` at `span` (see [`Diagnostic::warning`]).
    pub fn warn(code: Code, message: impl Into<String>, span: Option<Span>) -> Diagnostic {
        Diagnostic {
            warning: true,
            ..Diagnostic::new(code, message, span)
        }
    }

    /// The stable code, which programs match (its string is [`Code::as_str`]).
    pub fn code(&self) -> Code {
        self.code
    }

    /// Sets the label shown at the span.
    pub fn label(mut self, label: impl Into<String>) -> Diagnostic {
        self.label = label.into();
        self
    }

    /// Sets the help line.
    pub fn help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }

    /// Sets the help line if `help` is `Some`.
    pub fn maybe_help(mut self, help: Option<String>) -> Diagnostic {
        if help.is_some() {
            self.help = help;
        }
        self
    }

    /// Adds a secondary label (must be in the same source as the main span).
    pub fn also(mut self, span: Span, label: impl Into<String>) -> Diagnostic {
        self.extra.push((span, label.into()));
        self
    }

    /// `file:line:col: message` (the message alone for a path as given, [`COMMAND_LINE`]) —
    /// a plain one-line form for logs and the REPL, with control
    /// characters escaped ([`printable`]).
    pub fn one_line(&self) -> String {
        let line = match &self.span {
            // A path as given on the command line: the message names it already.
            Some(s) if s.source_name() == COMMAND_LINE => self.message.clone(),
            Some(s) => {
                let (l, c) = s.line_col();
                format!("{}:{l}:{c}: {}", s.source_name(), self.message)
            }
            None => self.message.clone(),
        };
        printable(&line).into_owned()
    }

    /// The same diagnostic safe to show on a terminal: control characters in the message,
    /// labels, help, source name and source text are escaped ([`printable`]; the source keeps
    /// its line breaks and tabs), with the spans moved to the same characters of the escaped
    /// text.
    pub fn printable(&self) -> Diagnostic {
        // Each source met: (the original, its escaped copy, the offsets moved).
        type Escaped = (Source, Source, Vec<(usize, usize)>);
        let mut sources: Vec<Escaped> = Vec::new();
        let mut span = |s: &Span| -> Span {
            let i = match sources
                .iter()
                .position(|(old, _, _)| Arc::ptr_eq(old, &s.source))
            {
                Some(i) => i,
                None => {
                    let (text, moved) = escape_source(s.source.inner());
                    let name = printable(s.source.name()).into_owned();
                    let new = Arc::new(NamedSource::new(name, text));
                    sources.push((s.source.clone(), new, moved));
                    sources.len() - 1
                }
            };
            let (_, new, moved) = &sources[i];
            let (start, end) = s.bounds();
            let shift = |at: usize| {
                let n = moved.partition_point(|&(from, _)| from < at);
                at + n.checked_sub(1).map_or(0, |k| moved[k].1)
            };
            Span::new(new, shift(start), shift(end))
        };
        let main = self.span.as_ref().map(&mut span);
        let extra = self
            .extra
            .iter()
            .map(|(s, l)| (span(s), printable(l).into_owned()))
            .collect();
        Diagnostic {
            code: self.code,
            message: printable(&self.message).into_owned(),
            span: main,
            label: printable(&self.label).into_owned(),
            extra,
            help: self.help.as_deref().map(|h| printable(h).into_owned()),
            warning: self.warning,
        }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Diagnostic {}

impl miette::Diagnostic for Diagnostic {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.code.as_str()))
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.warning {
            true => miette::Severity::Warning,
            false => miette::Severity::Error,
        })
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        self.span.as_ref().map(|s| &*s.source as &dyn SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let span = self.span.as_ref()?;
        let (start, end) = span.bounds();
        let main =
            LabeledSpan::new_primary_with_span(Some(self.label.clone()), (start, end - start));
        let extra = self
            .extra
            .iter()
            .filter(|(s, _)| Arc::ptr_eq(&s.source, &span.source))
            .map(|(s, l)| {
                let (start, end) = s.bounds();
                LabeledSpan::new_with_span(Some(l.clone()), (start, end - start))
            });
        Some(Box::new(std::iter::once(main).chain(extra)))
    }
}

/// All the problems one phase found, in source order.
#[derive(Clone, Debug, Default)]
pub struct Diagnostics(pub Vec<Diagnostic>);

/// The most problems shown in one report ([`Diagnostics::reported`]); the rest are counted.
pub const MAX_REPORTED: usize = 50;

impl Diagnostics {
    /// The problems to show — at most [`MAX_REPORTED`] — and how many more there are, to be
    /// mentioned as "…and N more problems". A file with thousands of mistakes yields a
    /// readable report, not megabytes of it.
    pub fn reported(&self) -> (&[Diagnostic], usize) {
        let n = self.0.len().min(MAX_REPORTED);
        (&self.0[..n], self.0.len() - n)
    }

    /// "…and 1 more problem", "…and 7 more problems": the line that ends a truncated report.
    pub fn more_line(more: usize) -> String {
        format!(
            "…and {more} more problem{}",
            if more == 1 { "" } else { "s" }
        )
    }

    /// Adds one problem.
    pub fn push(&mut self, d: Diagnostic) {
        self.0.push(d);
    }

    /// True when no problem was found.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Number of problems.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// `Ok(v)` if empty, else `Err(self)` with problems sorted by position and deduplicated.
    pub fn into_result<T>(mut self, v: T) -> Result<T, Diagnostics> {
        if self.0.is_empty() {
            Ok(v)
        } else {
            self.sort();
            Err(self)
        }
    }

    /// Sorts by source and position, dropping exact duplicates (the same message at the same
    /// span, adjacent or not: `check` compiles a file once per option choice, and a problem
    /// outside the options is found by every one), the first of each kept in place.
    pub fn sort(&mut self) {
        // Borrowed keys: no allocation per comparison.
        fn key(d: &Diagnostic) -> Option<(&str, usize, usize)> {
            d.span.as_ref().map(|s| (s.source_name(), s.start, s.end))
        }
        self.0.sort_by(|a, b| key(a).cmp(&key(b)));
        let mut kept: Vec<Diagnostic> = Vec::with_capacity(self.0.len());
        for d in self.0.drain(..) {
            // Duplicates share the span, so they sit in the run of equal keys at the end.
            let dup = (kept.iter().rev())
                .take_while(|k| key(k) == key(&d))
                .any(|k| k.message == d.message && k.span == d.span);
            if !dup {
                kept.push(d);
            }
        }
        self.0 = kept;
    }

    /// Renders the reported problems ([`Diagnostics::reported`]) as plain one-line messages.
    pub fn one_line(&self) -> String {
        let (shown, more) = self.reported();
        let mut lines: Vec<String> = shown.iter().map(Diagnostic::one_line).collect();
        if more > 0 {
            lines.push(Diagnostics::more_line(more));
        }
        lines.join("\n")
    }
}

impl From<Diagnostic> for Diagnostics {
    fn from(d: Diagnostic) -> Diagnostics {
        Diagnostics(vec![d])
    }
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.len() {
            1 => write!(f, "{}", self.0[0].message),
            n => write!(f, "{n} problems found"),
        }
    }
}

impl std::error::Error for Diagnostics {}

impl miette::Diagnostic for Diagnostics {
    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn miette::Diagnostic> + 'a>> {
        Some(Box::new(
            self.0.iter().map(|d| d as &dyn miette::Diagnostic),
        ))
    }
}

/// The name of the source that holds a path as given on the command line (the span of a
/// problem with the file itself, which has no text of its own to point into).
pub const COMMAND_LINE: &str = "command line";

/// `n` with a noun in the right number, for messages: `count(1, "rank", "ranks")` is
/// `1 rank`, `count(8, "rank", "ranks")` is `8 ranks`.
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// True for the characters a terminal acts on rather than shows: the C0 and C1 controls and
/// DEL (ESC starts colour and OSC sequences), and the bidirectional formatting characters
/// that reorder what follows them (U+200E, U+200F, U+202A–U+202E, U+2066–U+2069).
fn is_unsafe(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
        // The byte-order mark: invisible, so a quoted text would look unchanged.
        || c == '\u{feff}'
}

/// `text` safe to show on a terminal: every control or bidirectional formatting character
/// except the line break is written as a Rust escape (`\u{1b}` for ESC, `\t` for a tab), so
/// that text from a rule file or a record — a name, a description, a move — cannot move the
/// cursor, recolour the terminal, set its title or reorder a line. Borrowed when there is
/// nothing to escape.
///
/// ```
/// use ashtapada::diag::printable;
/// assert_eq!(printable("red\u{1b}[2Jx"), "red\\u{1b}[2Jx");
/// assert_eq!(printable("a\tb\nc"), "a\\tb\nc");
/// assert_eq!(printable("\u{feff}{}"), "\\u{feff}{}");
/// assert!(matches!(printable("plain é"), std::borrow::Cow::Borrowed(_)));
/// ```
pub fn printable(text: &str) -> Cow<'_, str> {
    if !text.chars().any(|c| c != '\n' && is_unsafe(c)) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c != '\n' && is_unsafe(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// A source text with its unsafe characters escaped as [`printable`] does, except line breaks,
/// tabs and the carriage return of a CRLF line end (which the report draws itself), and the
/// offsets it moved: `(old byte offset of an escaped character, bytes added up to and
/// including it)`, in order.
fn escape_source(text: &str) -> (String, Vec<(usize, usize)>) {
    let keep = |i: usize, c: char| {
        c == '\n' || c == '\t' || (c == '\r' && text.as_bytes().get(i + 1) == Some(&b'\n'))
    };
    if !text
        .char_indices()
        .any(|(i, c)| is_unsafe(c) && !keep(i, c))
    {
        return (text.to_string(), Vec::new());
    }
    let mut out = String::with_capacity(text.len() + 16);
    let mut moved = Vec::new();
    let mut added = 0;
    for (i, c) in text.char_indices() {
        if is_unsafe(c) && !keep(i, c) {
            let before = out.len();
            out.extend(c.escape_default());
            added += out.len() - before - c.len_utf8();
            moved.push((i, added));
        } else {
            out.push(c);
        }
    }
    (out, moved)
}

/// The most characters of an input a message quotes ([`excerpt`]).
pub const MAX_QUOTED: usize = 40;

/// `text` as a message quotes it: whole up to [`MAX_QUOTED`] characters, else its first
/// characters, `…` and the length, so that a pasted megabyte is not echoed back.
///
/// ```
/// use ashtapada::diag::excerpt;
/// assert_eq!(excerpt("e2e3"), "e2e3");
/// assert_eq!(excerpt(&"a".repeat(100)), format!("{}… (100 characters)", "a".repeat(40)));
/// ```
pub fn excerpt(text: &str) -> Cow<'_, str> {
    excerpt_at(text, MAX_QUOTED)
}

/// [`excerpt`] with its own bound: `text` whole up to `max` characters, else its first `max`
/// characters, `…` and the length.
pub fn excerpt_at(text: &str, max: usize) -> Cow<'_, str> {
    match text.char_indices().nth(max) {
        None => Cow::Borrowed(text),
        Some((cut, _)) => Cow::Owned(format!(
            "{}… ({} characters)",
            &text[..cut],
            text.chars().count()
        )),
    }
}

/// The largest character boundary of `text` at or before byte `i` (the text's length when `i`
/// is past its end).
fn floor_boundary(text: &str, i: usize) -> usize {
    let mut i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The smallest character boundary of `text` at or after byte `i` (at most the text's length).
fn ceil_boundary(text: &str, i: usize) -> usize {
    let mut i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i += 1;
    }
    i
}

/// A source for a text that did not come from a file (a command-line value, a REPL line).
pub fn text_source(name: &str, text: &str) -> Source {
    Arc::new(NamedSource::new(name, text.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `check` compiles a file once per option choice: three problems found by each of two
    /// compiles, interleaved at one span, are each reported once, in their first order.
    #[test]
    fn sorting_drops_every_duplicate_at_a_span_not_only_adjacent_ones() {
        let src = text_source("t", "end: { move-repetition: {} }");
        let at = || Some(Span::new(&src, 6, 20));
        let d = |m: &str| Diagnostic::new(Code::SpecRange, m, at());
        let mut all = Diagnostics(vec![d("a"), d("b"), d("c"), d("a"), d("b"), d("c")]);
        all.push(Diagnostic::new(Code::SpecRange, "a", None));
        all.sort();
        let shown: Vec<&str> = all.0.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(shown, ["a", "a", "b", "c"]);
        assert!(all.0[0].span.is_none());
    }

    #[test]
    fn widest_line_covers_the_span_and_one_line_of_context() {
        let src = text_source("t", "ab\nabcd\nabcdef\nx\nabcdefghij");
        // On `abcd` (line 2): lines 1 to 3.
        assert_eq!(Span::new(&src, 4, 5).widest_line(), (3, 6));
        // On the first line: lines 1 and 2.
        assert_eq!(Span::new(&src, 0, 1).widest_line(), (2, 4));
        // On `x`: lines 3 to 5.
        assert_eq!(Span::new(&src, 15, 16).widest_line(), (5, 10));
        // At the very end.
        assert_eq!(Span::new(&src, 27, 27).widest_line(), (5, 10));
        let long = text_source("t", &format!("{}name: x", " ".repeat(70_000)));
        assert_eq!(Span::new(&long, 70_000, 70_004).widest_line(), (1, 70_007));
    }

    #[test]
    fn spans_land_on_character_boundaries() {
        // `é` is bytes 0..2, `€` bytes 2..5.
        let src = text_source("t", "é€x");
        let s = Span::new(&src, 1, 1);
        assert_eq!((s.start, s.end), (0, 2));
        let s = Span::new(&src, 3, 4);
        assert_eq!((s.start, s.end), (2, 5));
        assert_eq!(s.text(), "€");
        assert_eq!(Span::new(&src, 9, 12).start, 6);
        // A span whose fields were set inside a character still reads and draws.
        let mut s = Span::new(&src, 0, 0);
        (s.start, s.end) = (1, 4);
        assert_eq!((s.line_col(), s.widest_line()), ((1, 1), (1, 3)));
    }

    #[test]
    fn printable_diagnostics_escape_the_source_and_keep_their_spans() {
        // ESC (1 byte) becomes `\u{1b}` (6 bytes): a span after it moves by 5.
        let src = text_source("t.yaml", "a: \u{1b}]0;x\u{7}\nb: bad\n");
        let d = Diagnostic::new(
            Code::SpecYaml,
            "bad `\u{1b}[31m`",
            Some(Span::new(&src, 13, 16)),
        )
        .help("no \u{9b}");
        let p = d.printable();
        let s = p.span.as_ref().unwrap();
        assert_eq!(s.source.inner(), "a: \\u{1b}]0;x\\u{7}\nb: bad\n");
        assert_eq!(s.text(), "bad");
        assert_eq!(s.line_col(), (2, 4));
        assert_eq!(p.message, "bad `\\u{1b}[31m`");
        assert_eq!(p.help.as_deref(), Some("no \\u{9b}"));
        // A span over the escaped character covers its whole escape.
        let p = Diagnostic::new(Code::SpecYaml, "m", Some(Span::new(&src, 3, 4))).printable();
        assert_eq!(p.span.unwrap().text(), "\\u{1b}");
    }

    #[test]
    fn reported_keeps_the_first_fifty_and_counts_the_rest() {
        let d = |i: usize| Diagnostic::new(Code::SpecYaml, format!("problem {i}"), None);
        let many = Diagnostics((0..MAX_REPORTED + 7).map(d).collect());
        let (shown, more) = many.reported();
        assert_eq!((shown.len(), more), (MAX_REPORTED, 7));
        assert!(many.one_line().ends_with("\n…and 7 more problems"));
        let few = Diagnostics((0..3).map(d).collect());
        assert_eq!(few.reported().1, 0);
        assert_eq!(few.one_line().lines().count(), 3);
        assert_eq!(Diagnostics::more_line(1), "…and 1 more problem");
    }
}
