//! The typed rule-file model, read from a resolved [`Node`] tree (options already applied).
//!
//! Strings that the compiler checks further (piece names, Betza strings, expressions, square
//! names) keep their [`Node`], so later problems can be reported at their exact characters.
//! `docs/rule-files.md` documents every key read here (`tests/tests/docs.rs` checks it).

use crate::diag::{Code, Diagnostic};
use crate::geometry::{Edge, MAX_SIDE};
use crate::rules::{Ranks, result};
pub use crate::vocab::ResultKind;
pub use crate::yaml::Text;
use crate::yaml::{Node, Reader, Value};

/// A whole rule file, for one option assignment.
#[derive(Clone, Debug)]
pub struct RuleSpec {
    /// Variant name (`name:`), as used on the command line.
    pub name: Text,
    /// Display title (`title:`); defaults to the name.
    pub title: Option<String>,
    /// Where the rules come from (`source:`), free text.
    pub source: Option<String>,
    /// Board size (`board: { files, ranks }`) and the node, for spans.
    pub board: (u8, u8, Node),
    /// Seats in turn order (`seats:`).
    pub seats: Vec<SeatSpec>,
    /// Piece kinds (`pieces:`), in file order.
    pub pieces: Vec<PieceSpec>,
    /// Initial placement (`setup:`).
    pub setup: SetupSpec,
    /// `regions:` named square sets, each in every seat's own frame: name → square sets.
    pub regions: Vec<(Text, Vec<Text>)>,
    /// End conditions (`end:`).
    pub end: EndSpec,
    /// Ranking keys (`ranking:`): integer expressions per seat, higher ranks first.
    pub ranking: Vec<Text>,
    /// `params:` named integers that expressions may use, e.g. `round_limit: 30`.
    pub params: Vec<(Text, i64)>,
    /// The rule modules of the registry ([`crate::rules`]), as read.
    pub rules: crate::rules::Specs,
    /// Every rule module the file switches on, with its key, for the composition check.
    pub switches: Vec<super::switches::Switch>,
    /// `values:` the agents' piece values, kind name → value in the rule file's value units
    /// (fractions allowed): typically pasted from `ashtapada values`; each kind listed is
    /// valued so by the evaluation in place of its `value:` (scoring and ranking keep
    /// `value:`).
    pub values: Vec<(Text, f64)>,
}

/// One seat (`seats:` entry).
#[derive(Clone, Debug)]
pub struct SeatSpec {
    /// Seat name (`red`, `white`).
    pub name: Text,
    /// The edge the seat sits at (`edge:`), which decides its pieces' facing.
    pub edge: Edge,
    /// Mirrored frame (`mirror: true`): left and right swapped, as black in chess.
    pub mirror: bool,
    /// Display symbol (`symbol:`), e.g. `●`.
    pub symbol: Option<String>,
    /// Side-to-move letter in FEN (`fen:`); defaults to the name's first letter.
    pub fen: Option<Text>,
}

/// One piece kind (`pieces:` entry): the core's keys. The rule modules' piece keys (`royal`,
/// `demote`, `drop`, `flip`, `first-move`: [`crate::rules::piece_keys`]) are read by the
/// modules into [`RuleSpec::rules`].
#[derive(Clone, Debug)]
pub struct PieceSpec {
    /// Kind name (the mapping key).
    pub name: Text,
    /// One-letter symbol (`letter:`), upper case; FEN uses it upper case for the first seat
    /// and lower case for the second.
    pub letter: Text,
    /// Movement in Betza notation (`betza:`).
    pub betza: Text,
    /// Material value (`value:`), used by scoring, ranking and the agents.
    pub value: i64,
    /// Promotion (`promotion:`).
    pub promotion: Option<PromotionSpec>,
    /// Where its moves depend on the square: `confined:`, `region-moves:`, `hops:`.
    pub movement: MovementSpec,
}

/// A piece's region-dependent movement and hop restrictions.
#[derive(Clone, Debug, Default)]
pub struct MovementSpec {
    /// `confined: REGION`: its moves end inside this region (its rays stop at its border).
    pub confined: Option<Text>,
    /// `region-moves:` extra moves while it stands in a region.
    pub region_moves: Vec<RegionMoveSpec>,
    /// `hops: { not-over: [..] }`: kinds its hops may not pass over.
    pub not_over: Vec<Text>,
    /// `hops: { not-capturing: [..] }`: kinds its hops may not capture.
    pub not_capturing: Vec<Text>,
}

/// One `region-moves:` entry: `{ in: REGION, betza: MOVES, within: REGION? }`.
#[derive(Clone, Debug)]
pub struct RegionMoveSpec {
    /// The region it must stand in (`in:`).
    pub region: Text,
    /// The extra moves, in Betza (`betza:`).
    pub betza: Text,
    /// The region these moves must stay in (`within:`), if any.
    pub within: Option<Text>,
}

/// How a piece kind promotes (`promotion:`): the core's keys. The rule modules' promotion
/// keys (`by-file`, `in-place`, …: [`crate::rules::promotion_keys`]) are read by the modules
/// into [`RuleSpec::rules`].
#[derive(Clone, Debug)]
pub struct PromotionSpec {
    /// Depth of the promotion zone (`zone:`): the lines farthest along the piece's facing.
    pub zone: u8,
    /// Kinds it may promote to (`to:`).
    pub to: Vec<Text>,
    /// Promotion is compulsory on reaching the zone (`mandatory:`, default true).
    pub mandatory: bool,
    /// `forced: N`: promotion is compulsory for a move ending in the last N lines, even when
    /// `mandatory: false` (a shogi pawn on its last line).
    pub forced: u8,
    /// `remember: true`: the promoted piece remembers its promotion; captured into a hand it
    /// goes there as this kind (crazyhouse's promoted pawn; FEN writes it with `~`).
    pub remember: bool,
    /// `squares:` the zone as a square set in each seat's frame, in place of `zone:`.
    pub squares: Option<Text>,
    /// The node, for spans.
    pub node: Node,
}

/// Initial placement (`setup:`).
#[derive(Clone, Debug, Default)]
pub struct SetupSpec {
    /// `army:`: square set (in each seat's own frame) → piece kind, placed for every seat.
    pub army: Vec<(Text, Text)>,
    /// `place:`: seat → (square set in board coordinates → piece kind).
    pub place: Vec<(Text, Vec<(Text, Text)>)>,
    /// `dead:`: square set (in board coordinates) → piece kind, placed as dead pieces of no
    /// seat: inert obstacles that never move, attack or are captured (a board's cut-out
    /// squares, four-player chess's corners).
    pub dead: Vec<(Text, Text)>,
    /// `hand:`: piece kind → count, in every seat's hand at the start (a set-up phase places
    /// them, [`crate::rules::placement`]; needs `hands:`).
    pub hand: Vec<(Text, u8)>,
    /// The `hand:` node, for spans.
    pub hand_node: Option<Node>,
}

/// End conditions (`end:`). `checkmate`, `stalemate`, `repetition` (`count`, `result`) and
/// `move-rule` are rule modules' keys ([`crate::rules::end_keys`]), read by the modules into
/// [`RuleSpec::rules`].
#[derive(Clone, Debug, Default)]
pub struct EndSpec {
    /// `conditions:`: named conditions, tested in order after every move.
    pub conditions: Vec<ConditionSpec>,
}

/// A named end condition (`end.conditions.NAME`).
#[derive(Clone, Debug)]
pub struct ConditionSpec {
    /// Its name (the mapping key), reported as the end reason.
    pub name: Text,
    /// A boolean expression (`when:`).
    pub when: Text,
    /// The result for the seat that just moved (`result:`).
    pub result: ResultKind,
}

/// Top-level keys of a resolved rule file, besides those of [`crate::rules::keys`].
pub const TOP_KEYS: [&str; 14] = [
    "params", "name", "title", "source", "extends", "board", "seats", "pieces", "setup", "end",
    "ranking", "options", "regions", "values",
];

/// True if `key` is a top-level rule-file key (core or a rule module's).
pub fn is_top_key(key: &str) -> bool {
    TOP_KEYS.contains(&key) || crate::rules::keys().contains(&key)
}

fn text(r: &mut Reader, node: &Node, what: &str) -> Option<Text> {
    let value = r.string(node, what)?;
    Some(Text {
        value,
        node: node.clone(),
    })
}

/// Every piece's `betza:` and every end condition's `when:`, read from the rule file's tree
/// alone (texts that are missing or not strings left out, with no problems reported): for
/// reporting their syntax when the rest of the file could not be read, so that the designer
/// sees every problem of the file at once (the compiler's syntax check beside the reading's
/// problems).
pub fn loose_texts(root: &Node) -> (Vec<Text>, Vec<Text>) {
    let mut r = Reader::default();
    let mut each = |section: Option<&Node>, key: &str| -> Vec<Text> {
        (section.and_then(Node::as_map).unwrap_or_default().iter())
            .filter_map(|(_, v)| v.get(key))
            .filter_map(|n| text(&mut r, n, "a text"))
            .collect()
    };
    let betza = each(root.get("pieces"), "betza");
    let when = each(root.get("end").and_then(|e| e.get("conditions")), "when");
    (betza, when)
}

/// The longest variant name.
pub const MAX_VARIANT_NAME: usize = 64;

/// The words of UCI's `option` line (`option name … type combo default … var …`): a
/// variant named one of them could not be told apart from the line's keywords.
const UCI_OPTION_WORDS: [&str; 6] = ["name", "type", "default", "min", "max", "var"];

/// True if `name` is a variant name every protocol can carry — one word of ASCII letters,
/// digits, `-`, `_`, `.` and `+`, at most [`MAX_VARIANT_NAME`] characters: UCI's
/// `UCI_Variant` combo, XBoard's `variant` and PGN's `Variant` tag are read word by word.
/// Otherwise reports it, located, and returns false.
fn variant_name_ok(r: &mut Reader, name: &Text) -> bool {
    let v = &name.value;
    let good = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | '+');
    let bad = v.chars().find(|&c| !good(c));
    let keyword = UCI_OPTION_WORDS.contains(&v.as_str());
    if bad.is_none() && !v.is_empty() && v.len() <= MAX_VARIANT_NAME && !keyword {
        return true;
    }
    let why = match bad {
        None if keyword => {
            "it is a keyword of UCI's `option` line, which lists the variants".to_string()
        }
        Some(c) if c.is_whitespace() => "it contains white space".to_string(),
        Some(c) => format!("it contains `{}`", c.escape_default()),
        None if v.is_empty() => "it is empty".to_string(),
        None => format!("it is longer than {MAX_VARIANT_NAME} characters"),
    };
    let suggestion: String = v
        .trim()
        .chars()
        .map(|c| if good(c) { c.to_ascii_lowercase() } else { '-' })
        .take(MAX_VARIANT_NAME)
        .collect();
    let suggestion = if keyword {
        format!("my-{suggestion}")
    } else {
        suggestion
    };
    r.error(
        Diagnostic::new(
            Code::SpecVariantName,
            format!(
                "the variant name `{}` cannot be carried by the engine protocols: {why}",
                crate::diag::excerpt(&crate::diag::printable(v))
            ),
            Some(name.node.span.clone()),
        )
        .label("not one word")
        .help(format!(
            "a name is one word of letters, digits, `-`, `_`, `.` and `+` (UCI's `UCI_Variant` \
             list and PGN's `Variant` tag are read word by word), e.g. `{suggestion}`; put the \
             full title in `title:`"
        )),
    );
    false
}

pub(super) fn key_text(name: &str, key_span: &crate::diag::Span) -> Text {
    Text {
        value: name.to_string(),
        node: Node {
            value: Value::Str(name.to_string()),
            span: key_span.clone(),
        },
    }
}

/// Reads the typed model from a resolved tree; `None` if anything was wrong (see `r.errors`)
/// other than unknown keys, which are reported and ignored, and problems a rule module's
/// reader found in its own top-level or `end:` keys ([`Reader::contain`]), which leave the
/// module's spec as far as it read (or out), so that the compiler still checks the rest.
pub fn read_spec(r: &mut Reader, root: &Node) -> Option<RuleSpec> {
    let before = r.stopping();
    let mut f = r.map(root, "a rule file")?;
    let name = f
        .req(r, "name", "the variant's name")
        .and_then(|n| text(r, n, "a name"))
        .filter(|n| variant_name_ok(r, n));
    let title = f.opt("title").and_then(|n| r.string(n, "a title"));
    let source = f.opt("source").and_then(|n| r.string(n, "a source note"));
    f.opt("extends");
    f.opt("options");
    let board = f
        .req(r, "board", "the board size")
        .and_then(|n| read_board(r, n));
    let seats = f
        .req(r, "seats", "the seats in turn order")
        .map(|n| read_seats(r, n))
        .unwrap_or_default();
    // The modules' top-level keys first: their piece and end keys add to their specs.
    let mut rules = crate::rules::read_all(r, &mut f);
    let pieces = f
        .req(r, "pieces", "the piece kinds")
        .map(|n| read_pieces(r, n, &mut rules))
        .unwrap_or_default();
    let setup = f
        .req(r, "setup", "the initial placement")
        .map(|n| read_setup(r, n))
        .unwrap_or_default();
    let regions = f
        .opt("regions")
        .map(|n| read_regions(r, n))
        .unwrap_or_default();
    let ranking: Vec<Text> = f
        .opt("ranking")
        .map(|n| {
            r.list(n)
                .into_iter()
                .filter_map(|i| text(r, i, "a ranking expression"))
                .collect()
        })
        .unwrap_or_default();
    let ranks = Ranks {
        seats: seats.len(),
        keys: !ranking.is_empty(),
    };
    let end = f
        .opt("end")
        .map(|n| read_end(r, n, ranks, &mut rules))
        .unwrap_or_default();
    let params = f
        .opt("params")
        .map(|n| read_params(r, n))
        .unwrap_or_default();
    let values = f
        .opt("values")
        .map(|n| read_values(r, n, 1000.0))
        .unwrap_or_default();
    let mut keys = crate::rules::keys();
    keys.extend_from_slice(&TOP_KEYS);
    f.finish(r, "the rule file", &keys);
    if r.stopping() > before {
        return None;
    }
    Some(RuleSpec {
        name: name?,
        title,
        source,
        board: board?,
        seats,
        pieces,
        setup,
        regions,
        end,
        ranking,
        params,
        rules,
        switches: super::switches::switches(root),
        values,
    })
}

/// `params:`, parameter name → integer.
fn read_params(r: &mut Reader, node: &Node) -> Vec<(Text, i64)> {
    let Some(mut s) = r.map(node, "parameter name → integer") else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (k, v) in s.rest() {
        if let Some(i) = r.int(v, i64::MIN, i64::MAX, "a parameter") {
            out.push((key_text(&k.name, &k.span), i));
        }
    }
    out
}

/// `values:`, kind name → a number from 0 to `max` (1000 for piece values; the kind names are
/// checked when compiled).
pub(super) fn read_values(r: &mut Reader, node: &Node, max: f64) -> Vec<(Text, f64)> {
    let Some(mut s) = r.map(node, "kind name → value") else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (k, v) in s.rest() {
        let x = match v.value {
            Value::Int(i) => Some(i as f64),
            Value::Float(f) => Some(f),
            _ => None,
        };
        match x.filter(|x| (0.0..=max).contains(x)) {
            Some(x) => out.push((key_text(&k.name, &k.span), x)),
            None => r.expected(v, &format!("a value from 0 to {max}")),
        }
    }
    out
}

fn read_board(r: &mut Reader, node: &Node) -> Option<(u8, u8, Node)> {
    let mut f = r.map(node, "the board size: { files, ranks }")?;
    let max = MAX_SIDE as i64;
    let files = f
        .req(r, "files", "the number of files")
        .and_then(|n| r.int(n, 1, max, "the number of files"));
    let ranks = f
        .req(r, "ranks", "the number of ranks")
        .and_then(|n| r.int(n, 1, max, "the number of ranks"));
    f.finish(r, "`board`", &["files", "ranks"]);
    Some((files? as u8, ranks? as u8, node.clone()))
}

fn read_seats(r: &mut Reader, node: &Node) -> Vec<SeatSpec> {
    let mut out = Vec::new();
    let Value::Seq(items) = &node.value else {
        r.expected(node, "a list of seats");
        return out;
    };
    for item in items {
        let Some(mut f) = r.map(item, "a seat") else {
            continue;
        };
        let name = f
            .req(r, "name", "the seat's name")
            .and_then(|n| text(r, n, "a name"));
        let edge = f
            .req(r, "edge", "the board edge the seat sits at")
            .and_then(|n| r.word(n, &["south", "west", "north", "east"], "edge"))
            .and_then(Edge::parse);
        let mirror = f
            .opt("mirror")
            .and_then(|n| r.bool(n, "`mirror`"))
            .unwrap_or(false);
        let symbol = f.opt("symbol").and_then(|n| r.string(n, "a symbol"));
        let fen = f.opt("fen").and_then(|n| text(r, n, "a FEN letter"));
        f.finish(r, "a seat", &["name", "edge", "mirror", "symbol", "fen"]);
        if let (Some(name), Some(edge)) = (name, edge) {
            out.push(SeatSpec {
                name,
                edge,
                mirror,
                symbol,
                fen,
            });
        }
    }
    out
}

/// `pieces:`, kind name → piece; the modules' piece keys go to `rules`.
fn read_pieces(r: &mut Reader, node: &Node, rules: &mut crate::rules::Specs) -> Vec<PieceSpec> {
    let mut out = Vec::new();
    let Some(mut all) = r.map(node, "piece name → piece") else {
        return out;
    };
    for (k, v) in all.rest() {
        let Some(mut f) = r.map(v, "a piece") else {
            continue;
        };
        let letter = f
            .req(r, "letter", "the piece's letter")
            .and_then(|n| text(r, n, "a letter"));
        let betza = f
            .req(r, "betza", "the piece's movement in Betza notation")
            .and_then(|n| text(r, n, "a Betza string"));
        let value = f
            .opt("value")
            .and_then(|n| r.int(n, -1_000_000, 1_000_000, "a piece value"))
            .unwrap_or(0);
        let name = key_text(&k.name, &k.span);
        let promotion = f
            .opt("promotion")
            .and_then(|n| read_promotion(r, n, &name, rules));
        crate::rules::read_piece_all(r, &name, &mut f, v, rules);
        let movement = read_movement(r, &mut f);
        let mut known = vec![
            "letter",
            "betza",
            "value",
            "promotion",
            "confined",
            "region-moves",
            "hops",
        ];
        known.extend(crate::rules::piece_keys());
        f.finish(r, "a piece", &known);
        if let (Some(letter), Some(betza)) = (letter, betza) {
            out.push(PieceSpec {
                name,
                letter,
                betza,
                value,
                promotion,
                movement,
            });
        }
    }
    out
}

/// `regions:` region name → square sets (one string or a list of them).
fn read_regions(r: &mut Reader, node: &Node) -> Vec<(Text, Vec<Text>)> {
    let Some(mut f) = r.map(node, "region name → squares") else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (k, v) in f.rest() {
        let sets: Vec<Text> = r
            .list(v)
            .into_iter()
            .filter_map(|i| text(r, i, "squares such as `d1-f3` or `a1 b2`"))
            .collect();
        out.push((key_text(&k.name, &k.span), sets));
    }
    out
}

/// A piece's `confined:`, `region-moves:` and `hops:` keys.
fn read_movement(r: &mut Reader, f: &mut crate::yaml::Fields<'_>) -> MovementSpec {
    let names = |r: &mut Reader, n: &Node| -> Vec<Text> {
        r.list(n)
            .into_iter()
            .filter_map(|i| text(r, i, "a piece name"))
            .collect()
    };
    let mut out = MovementSpec {
        confined: f.opt("confined").and_then(|n| text(r, n, "a region name")),
        ..MovementSpec::default()
    };
    if let Some(n) = f.opt("hops")
        && let Some(mut h) = r.map(n, "hop restrictions: { not-over, not-capturing }")
    {
        out.not_over = h.opt("not-over").map(|n| names(r, n)).unwrap_or_default();
        out.not_capturing = h
            .opt("not-capturing")
            .map(|n| names(r, n))
            .unwrap_or_default();
        h.finish(r, "hop restrictions", &["not-over", "not-capturing"]);
    }
    for item in f.opt("region-moves").map(|n| r.list(n)).unwrap_or_default() {
        let Some(mut m) = r.map(item, "a region move: { in, betza, within }") else {
            continue;
        };
        let region = m
            .req(r, "in", "the region the piece stands in")
            .and_then(|n| text(r, n, "a region name"));
        let betza = m
            .req(r, "betza", "the extra moves in Betza notation")
            .and_then(|n| text(r, n, "a Betza string"));
        let within = m.opt("within").and_then(|n| text(r, n, "a region name"));
        m.finish(r, "a region move", &["in", "betza", "within"]);
        if let (Some(region), Some(betza)) = (region, betza) {
            out.region_moves.push(RegionMoveSpec {
                region,
                betza,
                within,
            });
        }
    }
    out
}

/// A piece's `promotion:` (`piece`: its kind's name); the modules' promotion keys go to
/// `rules`.
fn read_promotion(
    r: &mut Reader,
    node: &Node,
    piece: &Text,
    rules: &mut crate::rules::Specs,
) -> Option<PromotionSpec> {
    let mut f = r.map(node, "a promotion rule")?;
    let squares = f
        .opt("squares")
        .and_then(|n| text(r, n, "squares such as `a8 b7 c6`"));
    let zone = match (&squares, f.opt("zone")) {
        (Some(_), None) => Some(0),
        (_, Some(n)) => r.int(n, 1, MAX_SIDE as i64, "the zone depth"),
        (None, None) => f
            .req(r, "zone", "the zone depth in lines (or `squares:`)")
            .and_then(|n| r.int(n, 1, MAX_SIDE as i64, "the zone depth")),
    };
    let gives_to = crate::rules::read_promotion_all(r, piece, &mut f, node, rules);
    let kinds = |r: &mut Reader, n: &Node| -> Vec<Text> {
        r.list(n)
            .into_iter()
            .filter_map(|i| text(r, i, "a piece name"))
            .collect()
    };
    let to = match (gives_to, f.opt("to")) {
        (_, Some(n)) => Some(kinds(r, n)),
        (true, None) => Some(Vec::new()),
        (false, None) => f
            .req(r, "to", "the kinds it promotes to")
            .map(|n| kinds(r, n)),
    };
    let forced = f
        .opt("forced")
        .and_then(|n| r.int(n, 0, MAX_SIDE as i64, "the forced depth"))
        .unwrap_or(0) as u8;
    let mandatory = f
        .opt("mandatory")
        .and_then(|n| r.bool(n, "`mandatory`"))
        .unwrap_or(true);
    let remember = f
        .opt("remember")
        .and_then(|n| r.bool(n, "`remember`"))
        .unwrap_or(false);
    let mut known = vec!["zone", "to", "mandatory", "forced", "remember", "squares"];
    known.extend(crate::rules::promotion_keys());
    f.finish(r, "a promotion rule", &known);
    Some(PromotionSpec {
        zone: zone? as u8,
        to: to?,
        mandatory,
        forced,
        remember,
        squares,
        node: node.clone(),
    })
}

fn read_squares_map(r: &mut Reader, node: &Node, what: &str) -> Vec<(Text, Text)> {
    let Some(mut f) = r.map(node, what) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (k, v) in f.rest() {
        if let Some(piece) = text(r, v, "a piece name") {
            out.push((key_text(&k.name, &k.span), piece));
        }
    }
    out
}

fn read_setup(r: &mut Reader, node: &Node) -> SetupSpec {
    let Some(mut f) = r.map(node, "the setup") else {
        return SetupSpec::default();
    };
    let army = f
        .opt("army")
        .map(|n| read_squares_map(r, n, "square → piece, in each seat's frame"))
        .unwrap_or_default();
    let mut army = army;
    if let Some(n) = f.opt("scharnagl") {
        super::scharnagl::apply(r, n, &mut army);
    }
    let dead = f
        .opt("dead")
        .map(|n| read_squares_map(r, n, "square → piece, in board coordinates"))
        .unwrap_or_default();
    let mut place = Vec::new();
    if let Some(p) = f.opt("place")
        && let Some(mut pf) = r.map(p, "seat → (square → piece)")
    {
        for (k, v) in pf.rest() {
            place.push((
                key_text(&k.name, &k.span),
                read_squares_map(r, v, "square → piece"),
            ));
        }
    }
    let hand_node = f.opt("hand").cloned();
    let mut hand = Vec::new();
    if let Some(h) = &hand_node
        && let Some(mut hf) = r.map(h, "piece → count in hand")
    {
        for (k, v) in hf.rest() {
            if let Some(n) = r.int(v, 1, 255, "a count in hand") {
                hand.push((key_text(&k.name, &k.span), n as u8));
            }
        }
    }
    f.finish(
        r,
        "the setup",
        &["army", "dead", "place", "hand", "scharnagl"],
    );
    SetupSpec {
        army,
        dead,
        place,
        hand,
        hand_node,
    }
}

/// `end:`; the rule modules' keys go to `rules` (see [`EndSpec`]).
fn read_end(r: &mut Reader, node: &Node, ranks: Ranks, rules: &mut crate::rules::Specs) -> EndSpec {
    let mut end = EndSpec::default();
    let Some(mut f) = r.map(node, "the end conditions") else {
        return end;
    };
    crate::rules::read_end_all(r, &mut f, ranks, rules);
    if let Some(n) = f.opt("conditions")
        && let Some(mut cf) = r.map(n, "condition name → { when, result }")
    {
        for (k, v) in cf.rest() {
            let Some(mut c) = r.map(v, "a condition: { when, result }") else {
                continue;
            };
            let when = c
                .req(r, "when", "a boolean expression")
                .and_then(|n| text(r, n, "an expression"));
            let res = c
                .req(r, "result", "win, loss or draw, for the seat that moved")
                .and_then(|n| result(r, n, ranks));
            c.finish(r, "a condition", &["when", "result"]);
            if let (Some(when), Some(result)) = (when, res) {
                end.conditions.push(ConditionSpec {
                    name: key_text(&k.name, &k.span),
                    when,
                    result,
                });
            }
        }
    }
    let mut known = crate::rules::end_keys();
    known.push("conditions");
    f.finish(r, "`end`", &known);
    end
}
