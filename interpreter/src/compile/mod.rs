//! Compiling a [`RuleSpec`] (one option assignment) into an immutable [`Variant`]: the move
//! table, reverse attack tables, promotion zones, the start position and the compiled end
//! rules. Every problem in the file is collected and reported at once.

mod attack;
mod bitboard;
mod explain;
mod fitted;
mod movetable;
mod quantity;
mod regions;
mod seats;
mod setup;
mod warnings;

pub use attack::AttackTable;
pub use attack::AttackWord;
pub use bitboard::{
    BitTable, EntryBits, FirstLeaps, FirstShape, RayBits, Word, for_each_square, ray_reach, shift,
};
pub use fitted::{FittedValues, default_weight};
pub use movetable::{
    CAPTURE, EN_PASSANT, Entry, HopLimits, HopRay, INITIAL, Leap, MoveTable, Movement, QUIET, Ray,
    Zoned, reference_moves, reference_targets,
};
pub use quantity::{QUANTITIES, Quantity, SeatRef};
pub use regions::Region;
pub use warnings::warnings;

use crate::diag::{Code, Diagnostic, Diagnostics};
use crate::dsl::{self, BetzaMove, DslErrorKind, Expr, Step, Type, join_or};
use crate::geometry::{Board, Orientation, Square};
use crate::spec::{Assignment, RuleFile, RuleSpec};
use crate::vocab::{MAX_KINDS, MAX_ORIENTS, MAX_SEATS, Piece, ResultKind, SquareSet};
use crate::yaml::{Text, unknown_name};
use std::sync::Arc;

/// One seat of a compiled variant.
#[derive(Clone, Debug)]
pub struct SeatInfo {
    /// Seat name.
    pub name: String,
    /// The seat's frame: edge and mirroring.
    pub orientation: Orientation,
    /// Index of that orientation in [`Variant::orients`].
    pub orient: u8,
    /// Display symbol, if the rule file gives one.
    pub symbol: Option<String>,
    /// Side-to-move letter in FEN.
    pub fen: String,
}

/// One piece kind of a compiled variant.
#[derive(Clone, Debug)]
pub struct KindInfo {
    /// Kind name.
    pub name: String,
    /// Upper-case letter.
    pub letter: char,
    /// The parsed Betza movement.
    pub betza: BetzaMove,
    /// Piece-frame steps (merged over the Betza groups).
    pub steps: Vec<Step>,
    /// Material value.
    pub value: i64,
    /// Royal: may not be left attacked — the engine's copy of [`crate::rules::royal`]'s mask
    /// (as [`Variant::royal_kinds`]).
    pub royal: bool,
    /// Promotion rule in a zone, chosen with the move (square-dependent promotion on the far
    /// line is [`crate::rules::promotion`]'s, after the move).
    pub promotion: Option<Promotion>,
    /// The kind this kind is the promotion of, where that kind's zone promotion lists it and
    /// its `demote:` names that kind (shogi's tokin of the pawn): FEN writes it as `+` and that
    /// kind's letter, as Fairy-Stockfish does (`+P`), and reads both forms.
    pub unpromoted: Option<crate::vocab::Kind>,
    /// The kind whose zone promotion to this kind has `remember: true` (crazyhouse: the pawn,
    /// for the queen, rook, bishop and knight): a piece promoted so carries the promoted flag
    /// ([`Piece::is_promoted`], FEN's `~`) and goes to a hand as that kind when captured.
    pub promoted_from: Option<crate::vocab::Kind>,
    /// `explain` lines of its confinement, region moves and hop restrictions.
    pub movement_notes: Vec<String>,
}

/// A compiled promotion rule.
#[derive(Clone, Debug)]
pub struct Promotion {
    /// Zone depth in lines from the far edge along the piece's facing.
    pub zone: u8,
    /// Target kinds.
    pub to: Vec<crate::vocab::Kind>,
    /// Promotion is compulsory.
    pub mandatory: bool,
    /// Lines at the far end where promotion is compulsory even if not `mandatory`.
    pub forced: u8,
    /// The promoted piece remembers its promotion (`remember: true`; see
    /// [`KindInfo::promoted_from`]).
    pub remember: bool,
    /// `squares:` the zone as a square set in each seat's frame (in place of `zone`).
    pub squares: Option<Text>,
    /// The promotion is a move of its own ([`crate::rules::in_place`]), not made on arrival.
    pub in_place: bool,
    /// Only a move that captures promotes (a flip with `flip-on: capture`,
    /// [`crate::rules::flip`]); the other moves never do.
    pub on_capture: bool,
}

/// A compiled end condition.
#[derive(Clone, Debug)]
pub struct Condition {
    /// Name, reported as the end reason.
    pub name: String,
    /// Boolean expression; its quantity ids index `quantities`.
    pub when: Expr,
    /// The quantities the expression reads.
    pub quantities: Vec<Quantity>,
    /// Result for the seat that just moved.
    pub result: ResultKind,
}

/// Compiled end rules (checkmate and stalemate, repetition and the move rule are rule modules:
/// [`crate::rules::no_moves`], [`crate::rules::repetition`], [`crate::rules::move_rule`]).
#[derive(Clone, Debug, Default)]
pub struct EndRules {
    /// No condition reads `ply`, `in_check` or `on` ([`Quantity::reads_placement`]): a move
    /// that changes neither the board's composition, the counters nor the seat to move cannot
    /// change their value.
    pub conditions_stable: bool,
    /// No condition names a seat by its place in the play ([`Quantity::reads_turn`]): the
    /// turn passing on (without completing a round) cannot change their value.
    pub conditions_turn_free: bool,
    /// Named conditions, in order.
    pub conditions: Vec<Condition>,
}

/// A compiled variant for one option assignment: immutable and shared (`Arc`) by every
/// position and game of it.
#[derive(Clone, Debug)]
pub struct Variant {
    /// Variant name.
    pub name: String,
    /// Display title.
    pub title: String,
    /// Where the rules come from.
    pub source: Option<String>,
    /// The full assignment: every option with its value (defaults included), in file order.
    pub assignment: Assignment,
    /// Board size.
    pub board: Board,
    /// Seats in turn order.
    pub seats: Vec<SeatInfo>,
    /// Piece kinds.
    pub kinds: Vec<KindInfo>,
    /// Distinct orientations in use.
    pub orients: Vec<Orientation>,
    /// The named regions (`regions:`), in file order.
    pub regions: Vec<Region>,
    /// Each kind's movement with its regions and hop restrictions, as the tables were built.
    pub movements: Vec<Movement>,
    /// The move table.
    pub table: MoveTable,
    /// Reverse attack tables.
    pub attacks: AttackTable,
    /// Promotion zone per (kind, orientation) combo.
    pub promo_zone: Vec<SquareSet>,
    /// Squares where promotion is compulsory (`forced:`), per (kind, orientation) combo.
    pub forced_zone: Vec<SquareSet>,
    /// Start position: (square, piece), in square order.
    pub setup: Vec<(Square, Piece)>,
    /// Every seat's pieces in hand at the start (`setup.hand:`), per kind index.
    pub start_hand: Vec<u8>,
    /// End rules.
    pub end: EndRules,
    /// True if any kind is royal (check and mate apply).
    has_royals: bool,
    /// Bit mask of the royal kinds: [`crate::rules::royal::Royal::kinds`], copied here for the
    /// move generator's hot path.
    royal_kinds: u64,
    /// Bit mask of the kinds royal only while they are the last
    /// ([`crate::rules::last_royal::LastRoyal`]'s kinds), 0 without the module: copied here so
    /// that putting and taking a piece tests one bit.
    last_royal_kinds: u64,
    /// The rule modules of the registry ([`crate::rules`]), compiled.
    pub rules: crate::rules::Modules,
    /// True when legality needs more than royal safety (drop restrictions, partners).
    needs_full_legality: bool,
    /// True when the end of a game in play is only what the last action found
    /// (`Position::ended`): dice (no mate or stalemate test) and no repetition, move-rule,
    /// counting or in-place promotion end.
    only_ended_decides: bool,
    /// The special move table: first-move (`i`) and en-passant (`e`) steps
    /// ([`MoveTable::build_special`]); empty when no kind has them.
    pub special: MoveTable,
    /// True when some kind has first-move or en-passant steps (the generator walks
    /// [`special`](Self::special) only then).
    has_special: bool,
    /// See [`Variant::in_square_order`].
    in_square_order: bool,
    /// Bit mask of the kinds with en-passant steps.
    ep_kinds: u64,
    /// Bit mask of the kinds whose pieces hold a first-move right until they move: kinds with
    /// first-move steps and the castling royal and partner. The position tracks these rights
    /// (0: it tracks none).
    right_kinds: u64,
    /// Ranking keys: integer expressions per seat, most important first, with the quantities
    /// each reads.
    pub ranking: Vec<(Expr, Vec<Quantity>)>,
    /// Per kind: the agents' value from the rule file's `values:` section, where it lists
    /// the kind (in value units, fractions allowed); `None` for the kinds it does not list
    /// (the evaluation takes their `value:`).
    pub eval_values: Vec<Option<f64>>,
    /// The search grades' fitted values and positional weights (the variant's cache file or
    /// shipped file, see [`crate::spec::fitted`]); `None` when it has neither.
    pub fitted: Option<FittedValues>,
    /// Why the fitted file did not read (a broken cache file: located diagnostics), if it did
    /// not; `fitted` is then `None`. Only the search grades read fitted values, so only what
    /// plays them reports it ([`Variant::fitted_problem`]): perft, `random` and `greedy` run.
    pub fitted_error: Option<Diagnostics>,
}

impl Variant {
    /// For what plays a search grade (`easy`, `medium`, `hard`), which evaluates with the
    /// fitted values: `Ok` when the variant's fitted file read or it has none.
    ///
    /// Errors: the fitted file (the values cache) does not read ([`Variant::fitted_error`]),
    /// located in it.
    pub fn fitted_problem(&self) -> Result<(), Diagnostics> {
        self.fitted_error.clone().map_or(Ok(()), Err)
    }

    /// The kind named `name`.
    pub fn kind_by_name(&self, name: &str) -> Option<crate::vocab::Kind> {
        self.kinds
            .iter()
            .position(|k| k.name == name)
            .map(|i| crate::vocab::Kind(i as u8))
    }

    /// The kind whose letter is `c` (case-insensitive).
    pub fn kind_by_letter(&self, c: char) -> Option<crate::vocab::Kind> {
        let c = c.to_ascii_uppercase();
        self.kinds
            .iter()
            .position(|k| k.letter == c)
            .map(|i| crate::vocab::Kind(i as u8))
    }

    /// The seat named `name`.
    pub fn seat_by_name(&self, name: &str) -> Option<crate::vocab::Seat> {
        self.seats
            .iter()
            .position(|s| s.name == name)
            .map(|i| crate::vocab::Seat(i as u8))
    }

    /// Number of seats.
    pub fn n_seats(&self) -> usize {
        self.seats.len()
    }

    /// True if any kind is royal (check and mate apply). Derived when the variant is compiled.
    #[inline]
    pub const fn has_royals(&self) -> bool {
        self.has_royals
    }

    /// True if `kind` is a wall: a kind the setup places only dead (`setup.dead`), or the
    /// wall of two-part moves (`walls.piece`), of enclosing (`enclose.wall`) or of
    /// petrification (`petrify.wall`). A wall is
    /// written `*` in FEN, never by its letter.
    pub fn is_wall_kind(&self, kind: crate::vocab::Kind) -> bool {
        let mut placed = self
            .setup
            .iter()
            .filter(|(_, p)| p.kind() == kind)
            .peekable();
        let dead_only = placed.peek().is_some() && placed.all(|(_, p)| p.is_dead());
        dead_only
            || self.rules.walls.is_some_and(|w| w.piece.kind() == kind)
            || self.rules.enclose.is_some_and(|e| e.wall == Some(kind))
            || self.rules.petrify.is_some_and(|p| p.wall.kind() == kind)
    }

    /// Bit mask of the royal kinds (bit = kind index): [`crate::rules::royal::Royal::kinds`],
    /// copied for the move generator's hot path. Derived when the variant is compiled.
    #[inline]
    pub const fn royal_kinds(&self) -> u64 {
        self.royal_kinds
    }

    /// Bit mask of the kinds royal only while they are the last (bit = kind index; 0 without
    /// `last-royal:`), for the hot path of putting and taking pieces. Derived when the variant
    /// is compiled.
    #[inline]
    pub const fn last_royal_kinds(&self) -> u64 {
        self.last_royal_kinds
    }

    /// True when legality needs more than royal safety (drop restrictions, partners). Derived
    /// when the variant is compiled.
    #[inline]
    pub const fn needs_full_legality(&self) -> bool {
        self.needs_full_legality
    }

    /// True when the outcome of a position in play is only what the last action found
    /// (dice variants without a repetition, move-rule, counting or in-place promotion end):
    /// `Position::outcome` then tests nothing more. Derived when the variant is compiled.
    #[inline]
    pub const fn only_ended_decides(&self) -> bool {
        self.only_ended_decides
    }

    /// True when some kind has first-move or en-passant steps (the generator walks
    /// [`special`](Self::special) only then). Derived when the variant is compiled.
    #[inline]
    pub const fn has_special(&self) -> bool {
        self.has_special
    }

    /// True when the move generator gives each piece's leaps and rays from the bitboards, in
    /// square order, and nothing after them: every move-table entry fits its bitboards
    /// (boards of at most 64 squares), no hops, first-move or en-passant steps, castling or
    /// moves in place, and no kind with a promotion chosen with the move (which would add
    /// moves with a promoted kind). A dice turn's moves then come in the canonical order where
    /// no two dice name a common kind (`Position::game_moves_sorted`). Derived when the variant
    /// is compiled.
    #[inline]
    pub const fn in_square_order(&self) -> bool {
        self.in_square_order
    }

    /// Bit mask of the kinds with en-passant steps. Derived when the variant is compiled.
    #[inline]
    pub const fn ep_kinds(&self) -> u64 {
        self.ep_kinds
    }

    /// Bit mask of the kinds whose pieces hold a first-move right until they move (0: the
    /// position tracks none). Derived when the variant is compiled.
    #[inline]
    pub const fn right_kinds(&self) -> u64 {
        self.right_kinds
    }
}

/// Resolves `assignment` against `file` and compiles the result, with the resolved rule
/// spec it was compiled from. The checks that need play (a first seat with no legal move)
/// are the engine's: `engine::compile` runs both.
///
/// Errors: unknown options or choices, and every problem of the resolved rule file.
pub fn compile_unchecked(
    file: &RuleFile,
    assignment: &Assignment,
) -> Result<(Arc<Variant>, RuleSpec), Diagnostics> {
    let (spec, mut errs) = match file.read(assignment) {
        Ok(read) => read,
        Err(mut errs) => {
            syntax_beside(file, &mut errs);
            return Err(errs);
        }
    };
    let full = Assignment(
        file.options
            .iter()
            .map(|o| {
                (
                    o.name.clone(),
                    o.normalise(assignment.get(&o.name).unwrap_or(&o.default)),
                )
            })
            .collect(),
    );
    match compile_spec(&spec, full) {
        Ok(mut v) if errs.is_empty() => {
            match fitted::compile(file, &v) {
                Ok(f) => v.fitted = f,
                Err(mut e) => {
                    let note = format!(
                        "easy, medium and hard read this fitted-values file: fix it, write it \
                         again with `ashtapada values {} --save`, or turn the cache off with \
                         `ASHTAPADA_VALUES_CACHE=`",
                        v.name
                    );
                    for d in &mut e.0 {
                        d.help = Some(match d.help.take() {
                            Some(h) => format!("{h}; {note}"),
                            None => note.clone(),
                        });
                    }
                    v.fitted_error = Some(e);
                }
            }
            Ok((Arc::new(v), spec))
        }
        Ok(_) => Err(errs),
        Err(more) => {
            errs.0.extend(more.0);
            errs.sort();
            Err(errs)
        }
    }
}

/// Adds to the problems that stopped a rule file's reading the syntax errors of its pieces'
/// Betza and its end conditions' `when:` expressions, which need nothing else of the file: a
/// type error in `board:` or an unknown result no longer hides them until the next run. The
/// checks that need the rest (names, regions, types) wait for the file to read.
fn syntax_beside(file: &RuleFile, errs: &mut Diagnostics) {
    let (betza, when) = crate::spec::loose_texts(&file.tree);
    for t in betza.iter().filter(|t| t.value != "none") {
        for e in dsl::parse_betza(&t.value).err().unwrap_or_default() {
            errs.push(dsl_diag(Code::CompileBetza, t, &e));
        }
    }
    for t in &when {
        for e in dsl::parse_expr(&t.value).err().unwrap_or_default() {
            errs.push(expr_diag(t, &e));
        }
    }
    errs.sort();
}

/// Reports a DSL error inside `text` at its exact characters.
///
/// A syntax error "unexpected `x`: expected …" is split: the head is the message, the
/// "expected …" part the label; an unknown name is labelled "not a known …".
fn dsl_diag(code: Code, text: &Text, e: &dsl::DslError) -> Diagnostic {
    let (message, label) = match &e.kind {
        DslErrorKind::Unexpected { found, expected } if !expected.is_empty() => {
            let head = DslErrorKind::Unexpected {
                found: found.clone(),
                expected: Vec::new(),
            };
            (head.to_string(), format!("expected {}", join_or(expected)))
        }
        DslErrorKind::Refused(r) => match r.unknown() {
            Some(what) => (e.message(), format!("not a known {what}")),
            None => (e.message(), e.message()),
        },
        _ => (e.message(), e.message()),
    };
    Diagnostic::new(code, message, Some(text.node.inner_span(e.span.clone())))
        .label(label)
        .maybe_help(e.help.clone())
}

/// Reports an expression error inside `text`: as [`dsl_diag`], with the span of a syntax error
/// widened from its first character to the whole word (`and`, not `a`), the span of a refused
/// name narrowed to the part at fault (an argument, the name), and a help line for syntax
/// errors.
fn expr_diag(text: &Text, e: &dsl::DslError) -> Diagnostic {
    let src = text.value.as_str();
    let mut e = e.clone();
    let is_word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let starts_word = src
        .as_bytes()
        .get(e.span.start)
        .is_some_and(|b| is_word(*b));
    let wants_close = |e: &dsl::DslError| matches!(&e.kind, DslErrorKind::Unexpected { expected, .. } if expected[..] == ["`)`"]);
    if let DslErrorKind::Unexpected { found: Some(_), .. } = &e.kind
        && e.span.len() == 1
        && starts_word
    {
        let end = src[e.span.start..]
            .bytes()
            .position(|b| !is_word(b))
            .map_or(src.len(), |n| e.span.start + n);
        let word = &src[e.span.start..end];
        if let DslErrorKind::Unexpected { found, .. } = &mut e.kind {
            *found = Some(word.to_string());
        }
        e.span = e.span.start..end;
        if e.help.is_none() && matches!(word, "and" | "or") && !wants_close(&e) {
            e.help = Some(format!(
                "`{word}` joins two conditions and needs one on each side, e.g. \
                 `bare(opponent) {word} not bare(mover)`: remove the extra `{word}` or add the \
                 missing condition"
            ));
        }
    } else if let DslErrorKind::Refused(r) = &e.kind {
        e.span = quantity::fault_span(src, e.span.clone(), r.fault());
    }
    if e.help.is_none() && wants_close(&e) {
        e.help = Some(
            "a `(` before this point is never closed: add `)` where its argument ends, \
             e.g. `bare(opponent) and not bare(mover)`"
                .to_string(),
        );
    }
    if e.help.is_none() && matches!(e.kind, DslErrorKind::Unexpected { .. }) {
        e.help = Some(
            "an expression combines quantities such as `bare(mover)` or `pieces(opponent)` and \
             numbers with `and`, `or`, `not`, comparisons (`==`, `!=`, `<`, `<=`, `>`, `>=`) and \
             `+ - * / %`"
                .to_string(),
        );
    }
    dsl_diag(Code::CompileExpression, text, &e)
}

/// The kind called `t` among `kinds`, or an "unknown piece" problem (with a suggestion)
/// at `t`'s span.
pub(crate) fn kind_named(
    t: &Text,
    kinds: &[&str],
    errs: &mut Diagnostics,
) -> Option<crate::vocab::Kind> {
    match kinds.iter().position(|n| *n == t.value) {
        Some(i) => Some(crate::vocab::Kind(i as u8)),
        None => {
            errs.push(unknown_name(
                &t.node.span,
                "piece",
                &t.value,
                kinds.iter().copied(),
            ));
            None
        }
    }
}

/// Per kind: its `values:` entry, if any; an unknown kind name is a problem in `errs`.
fn compile_eval_values(
    spec: &RuleSpec,
    kinds: &[KindInfo],
    errs: &mut Diagnostics,
) -> Vec<Option<f64>> {
    let names: Vec<&str> = kinds.iter().map(|k| k.name.as_str()).collect();
    let mut out = vec![None; kinds.len()];
    for (t, x) in &spec.values {
        if let Some(k) = kind_named(t, &names, errs) {
            out[k.index()] = Some(*x);
        }
    }
    out
}

/// Compiles a resolved spec; `assignment` is recorded in the variant.
pub fn compile_spec(spec: &RuleSpec, assignment: Assignment) -> Result<Variant, Diagnostics> {
    let mut errs = crate::rules::compose::refusals(&spec.switches);
    let (files, ranks, board_node) = &spec.board;
    let board = Board {
        files: *files,
        ranks: *ranks,
    };

    let (seats, orients) = compile_seats(spec, board_node, &mut errs);
    let names: Vec<&str> = spec.pieces.iter().map(|p| p.name.value.as_str()).collect();
    let (mut kinds, unparsed) = compile_kinds(spec, board_node, &mut errs);
    let regions = regions::compile_regions(spec, board, &orients, &mut errs);
    let movements = regions::compile_movements(spec, &mut kinds, &names, &regions, &mut errs);
    compile_promotions(spec, &mut kinds, &names, &seats, board, &mut errs);
    // Read with the other problems, so that `check` reports an unknown kind here with them.
    let eval_values = compile_eval_values(spec, &kinds, &mut errs);

    let params: Vec<(String, i64)> = spec
        .params
        .iter()
        .map(|(t, v)| (t.value.clone(), *v))
        .collect();
    let seat_names: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
    let region_names: Vec<&str> = regions.iter().map(|r| r.name.as_str()).collect();
    let end = compile_end(spec, &names, &seat_names, &params, &region_names, &mut errs);
    let ranking = compile_ranking(spec, &names, &seat_names, &params, &region_names, &mut errs);

    // Setup.
    let (setup_pieces, setup_spans) = setup::place(spec, board, &seats, &names, &mut errs);
    let start_hand = setup::start_hand(spec, &names, &mut errs);
    let values: Vec<i64> = kinds.iter().map(|k| k.value).collect();
    let mut rules = crate::rules::compile_all(
        &spec.rules,
        &mut crate::rules::Cx {
            kinds: &names,
            values: &values,
            seats: &seat_names,
            setup: &setup_pieces,
            setup_spans: &setup_spans,
            board,
            orients: &orients,
            first_orient: seats.first().map_or(0, |s| s.orient),
            regions: &region_names,
            errs: &mut errs,
        },
    );

    if let Some(fm) = &spec.rules.first_move {
        // A kind whose Betza did not parse is reported once, for its Betza.
        let has_initial = |name: &str| {
            (names.iter().position(|n| *n == name))
                .is_some_and(|i| unparsed[i] || kinds[i].steps.iter().any(|s| s.initial))
        };
        crate::rules::first_move::refuse_without_initial(fm, &has_initial, &mut errs);
    }
    if !errs.is_empty() {
        errs.sort();
        return Err(errs);
    }

    let (table, attacks, special) = move_tables(&kinds, &movements, board, &orients, &rules);
    let (has_special, ep_kinds, right_kinds) = (special.has, special.ep_kinds, special.right_kinds);
    let special = special.table;
    if let Some(h) = rules.hands.as_mut() {
        fill_drop_squares(h, &table, &regions, board, orients.len());
    }
    let (promo_zone, forced_zone) = promotion_zones(&kinds, &orients, board, &mut errs);
    if !errs.is_empty() {
        errs.sort();
        return Err(errs);
    }
    let royal_kinds = rules.royal.map_or(0, |r| r.kinds);
    for (i, k) in kinds.iter_mut().enumerate() {
        k.royal = royal_kinds >> i & 1 == 1;
    }
    let has_royals = royal_kinds != 0 || rules.last_royal.is_some();
    let needs_full_legality = needs_full_legality(&rules, &start_hand, royal_kinds);
    let in_square_order = in_square_order(&table, has_special, &rules, &kinds);
    Ok(Variant {
        name: spec.name.value.clone(),
        title: spec
            .title
            .clone()
            .unwrap_or_else(|| spec.name.value.clone()),
        source: spec.source.clone(),
        assignment,
        board,
        seats,
        kinds,
        orients,
        regions,
        movements,
        table,
        attacks,
        promo_zone,
        forced_zone,
        setup: setup_pieces,
        start_hand,
        end,
        has_royals,
        royal_kinds,
        last_royal_kinds: rules.last_royal.as_ref().map_or(0, |lr| lr.kinds),
        needs_full_legality,
        only_ended_decides: rules.dice.is_some()
            && rules.repetition.is_none()
            && rules.move_rule.is_none()
            && rules.counting.is_none()
            && rules.in_place.is_none(),
        special,
        has_special,
        in_square_order,
        ep_kinds,
        right_kinds,
        rules,
        ranking,
        eval_values,
        fitted: None,
        fitted_error: None,
    })
}

/// [`Variant::in_square_order`], from the move table, whether some kind has first-move or
/// en-passant steps, the rule modules and the kinds.
fn in_square_order(
    table: &MoveTable,
    has_special: bool,
    rules: &crate::rules::Modules,
    kinds: &[KindInfo],
) -> bool {
    table.bits.all_fit
        && !table.has_hops
        && !has_special
        && rules.castling.is_none()
        && rules.in_place.is_none()
        && kinds.iter().all(|k| k.promotion.is_none())
}

/// The drop squares of each kind and orientation (`Hands::squares`), from its drop rules,
/// the regions and, for `mobile`, whether the kind has a move from a square on an empty board.
fn fill_drop_squares(
    h: &mut crate::rules::hands::Hands,
    table: &MoveTable,
    regions: &[Region],
    board: Board,
    n_orients: usize,
) {
    let empty = [Piece::EMPTY; 256];
    h.fill_squares(
        board.len(),
        n_orients,
        |r, o| regions[r as usize].squares[o],
        |combo, sq| {
            let mut any = false;
            table.walk(combo, sq, &empty, |_| false, |_, _, _| any = true);
            any
        },
    );
}

/// True if legality needs the full test of every move: partners to protect, no-mate drops,
/// a royal piece in hand at the start (its drop is tested before any royal stands), or
/// pieces royal only while they are the last ([`crate::rules::last_royal`]: a promotion may
/// make one royal where it stands attacked).
fn needs_full_legality(rules: &crate::rules::Modules, start_hand: &[u8], royal_kinds: u64) -> bool {
    rules
        .teams
        .as_ref()
        .is_some_and(|t| t.partners.iter().any(|p| !p.is_empty()))
        || rules
            .hands
            .as_ref()
            .is_some_and(|h| h.drops.iter().any(|d| d.no_mate))
        || start_hand
            .iter()
            .enumerate()
            .any(|(k, &n)| n > 0 && royal_kinds >> k & 1 == 1)
        || rules.last_royal.is_some()
        || rules.explosions.is_some_and(|e| e.mutual != 0)
}

/// The seats and their distinct orientations; problems go to `errs`.
fn compile_seats(
    spec: &RuleSpec,
    board_node: &crate::yaml::Node,
    errs: &mut Diagnostics,
) -> (Vec<SeatInfo>, Vec<Orientation>) {
    if spec.seats.is_empty() || spec.seats.len() > MAX_SEATS {
        errs.push(
            Diagnostic::new(
                Code::CompileSeats,
                format!(
                    "a variant needs 1 to {MAX_SEATS} seats, this one has {}",
                    spec.seats.len()
                ),
                Some(board_node.span.clone()),
            )
            .label("in this rule file")
            .help("list the seats under `seats:` in turn order, e.g. `- { name: white, edge: south }`"),
        );
    }
    let mut orients: Vec<Orientation> = Vec::new();
    let mut seats = Vec::new();
    let fens = seats::fen_letters(&spec.seats, errs);
    for (i, s) in spec.seats.iter().enumerate() {
        if let Some(prev) = spec.seats[..i]
            .iter()
            .find(|p| p.name.value == s.name.value)
        {
            errs.push(
                Diagnostic::new(
                    Code::CompileDuplicateSeat,
                    format!("two seats are called `{}`", s.name.value),
                    Some(s.name.node.span.clone()),
                )
                .label("second seat with this name")
                .also(prev.name.node.span.clone(), "first here")
                .help("give every seat its own name"),
            );
        }
        let o = Orientation {
            edge: s.edge,
            mirrored: s.mirror,
        };
        let oi = orients.iter().position(|x| *x == o).unwrap_or_else(|| {
            orients.push(o);
            orients.len() - 1
        });
        let fen = fens[i].clone();
        seats.push(SeatInfo {
            name: s.name.value.clone(),
            orientation: o,
            orient: oi as u8,
            symbol: s.symbol.clone(),
            fen,
        });
    }
    if orients.len() > MAX_ORIENTS {
        orients.truncate(MAX_ORIENTS);
    }

    (seats, orients)
}

/// The piece kinds, without promotion, demotion or move-rule links; problems go to `errs`.
/// Each kind of `pieces:`, in order — one for every piece, so that indices agree with
/// `pieces:` at every later stage: a piece whose Betza does not parse is given no moves (its
/// errors end the compile), and its entry in the second list is true.
fn compile_kinds(
    spec: &RuleSpec,
    board_node: &crate::yaml::Node,
    errs: &mut Diagnostics,
) -> (Vec<KindInfo>, Vec<bool>) {
    if spec.pieces.is_empty() || spec.pieces.len() > MAX_KINDS {
        errs.push(
            Diagnostic::new(
                Code::CompilePieces,
                format!(
                    "a variant needs 1 to {MAX_KINDS} piece kinds, this one has {}",
                    spec.pieces.len()
                ),
                Some(board_node.span.clone()),
            )
            .label("in this rule file")
            .help(format!(
                "declare from 1 to {MAX_KINDS} kinds under `pieces:`, e.g. `king: {{ letter: K, betza: K }}`"
            )),
        );
    }
    let mut kinds = Vec::new();
    let mut unparsed = vec![false; spec.pieces.len()];
    for (i, p) in spec.pieces.iter().enumerate() {
        let letter = p.letter.value.chars().next().unwrap_or(' ');
        if p.letter.value.chars().count() != 1 || !letter.is_ascii_alphabetic() {
            errs.push(
                Diagnostic::new(
                    Code::CompileLetter,
                    format!("the letter of `{}` must be one ASCII letter", p.name.value),
                    Some(p.letter.node.span.clone()),
                )
                .label("not one letter")
                .help("FEN and move notation use one letter per kind, e.g. `letter: N`"),
            );
        }
        let letter = letter.to_ascii_uppercase();
        if let Some(prev) = spec.pieces[..i]
            .iter()
            .find(|q| q.letter.value.eq_ignore_ascii_case(&p.letter.value))
        {
            errs.push(
                Diagnostic::new(
                    Code::CompileDuplicateLetter,
                    format!(
                        "`{}` and `{}` both use the letter `{letter}`",
                        prev.name.value, p.name.value
                    ),
                    Some(p.letter.node.span.clone()),
                )
                .label("second use")
                .also(prev.letter.node.span.clone(), "first use")
                .help("letters are case-insensitive and must be unique: pick another letter"),
            );
        }
        // `betza: none`: a piece that never moves (Fairy-Stockfish's immobile piece: reversi's
        // stones, which only drops place and enclosing turns over).
        let parsed = if p.betza.value == "none" {
            Ok(BetzaMove {
                source: p.betza.value.clone(),
                groups: Vec::new(),
            })
        } else {
            dsl::parse_betza(&p.betza.value)
        };
        let betza = match parsed {
            Ok(b) => b,
            Err(es) => {
                for e in &es {
                    errs.push(dsl_diag(Code::CompileBetza, &p.betza, e));
                }
                // A kind that failed keeps its place (no moves), so that every later stage
                // indexes the kinds as `pieces:` lists them; the errors end the compile.
                unparsed[i] = true;
                BetzaMove {
                    source: p.betza.value.clone(),
                    groups: Vec::new(),
                }
            }
        };
        let steps = betza.steps();
        kinds.push(KindInfo {
            name: p.name.value.clone(),
            letter,
            betza,
            steps,
            value: p.value,
            royal: false,
            promotion: None,
            unpromoted: None,
            promoted_from: None,
            movement_notes: Vec::new(),
        });
    }
    (kinds, unparsed)
}

/// Fills each kind's [`KindInfo::unpromoted`] and [`KindInfo::promoted_from`] from the zone
/// promotions compiled (names already checked: unknown ones are skipped here).
fn link_promotions(spec: &RuleSpec, kinds: &mut [KindInfo], names: &[&str]) {
    let index = |t: &Text| names.iter().position(|n| *n == t.value);
    for i in 0..kinds.len() {
        let Some(pr) = kinds[i].promotion.clone() else {
            continue;
        };
        for to in pr.to {
            let Some(target) = kinds.get_mut(to.index()).filter(|_| to.index() != i) else {
                continue;
            };
            let demote = (spec.pieces.get(to.index()))
                .and_then(|p| of_kind(spec.rules.hands.as_ref().map(|h| &h.demote), &p.name));
            if demote.and_then(index) == Some(i) {
                target.unpromoted = Some(crate::vocab::Kind(i as u8));
            }
            if pr.remember && target.promoted_from.is_none() {
                target.promoted_from = Some(crate::vocab::Kind(i as u8));
            }
        }
    }
}

/// The entry of kind `name` in a module's per-kind list (as read from the pieces' keys).
fn of_kind<'a, T>(list: Option<&'a Vec<(Text, T)>>, name: &Text) -> Option<&'a T> {
    let mut entries = list.into_iter().flatten();
    entries.find(|(k, _)| k.value == name.value).map(|(_, t)| t)
}

/// Each kind's zone promotion (needs every kind's name); problems go to `errs`.
fn compile_promotions(
    spec: &RuleSpec,
    kinds: &mut [KindInfo],
    names: &[&str],
    seats: &[SeatInfo],
    board: Board,
    errs: &mut Diagnostics,
) {
    let kind_of = |t: &Text, errs: &mut Diagnostics| kind_named(t, names, errs);
    for (i, p) in spec.pieces.iter().enumerate() {
        // A flip (`crate::rules::flip`) is a compulsory promotion to its one kind with every
        // square in the zone; its name is resolved (and reported) by the module.
        let far = of_kind(spec.rules.promotion.as_ref(), &p.name).is_some();
        let flips = spec.rules.flip.as_ref();
        if let Some(t) = of_kind(flips.map(|f| &f.pairs), &p.name)
            && p.promotion.is_none()
            && let (Some(to), Some(k)) =
                (names.iter().position(|n| *n == t.value), kinds.get_mut(i))
        {
            k.promotion = Some(Promotion {
                zone: crate::geometry::MAX_SIDE,
                to: vec![crate::vocab::Kind(to as u8)],
                mandatory: true,
                forced: 0,
                remember: false,
                squares: None,
                in_place: false,
                on_capture: flips.is_some_and(|f| f.on_capture(&p.name.value)),
            });
        }
        let Some(pr) = &p.promotion else { continue };
        let to: Vec<_> = pr.to.iter().filter_map(|t| kind_of(t, errs)).collect();
        for (j, t) in pr.to.iter().enumerate() {
            if let Some(first) = pr.to[..j].iter().find(|f| f.value == t.value) {
                errs.push(
                    Diagnostic::new(
                        Code::CompilePromotionTwice,
                        format!(
                            "`{}` is listed twice in the promotion of `{}`",
                            t.value, p.name.value
                        ),
                        Some(t.node.span.clone()),
                    )
                    .label("second time")
                    .also(first.node.span.clone(), "first time")
                    .help("list each kind once in `to:`"),
                );
            }
        }
        if pr.to.is_empty() && !far {
            errs.push(
                Diagnostic::new(
                    Code::CompilePromotion,
                    format!("`{}` promotes to nothing", p.name.value),
                    Some(pr.node.span.clone()),
                )
                .label("`to:` lists no kind")
                .help("list at least one kind in `to:`"),
            );
        }
        let depth = seats
            .iter()
            .map(|s| s.orientation.depth(board))
            .min()
            .unwrap_or(board.ranks);
        if pr.zone > depth {
            errs.push(
                Diagnostic::new(
                    Code::CompilePromotionZone,
                    format!(
                        "a promotion zone of {} lines is deeper than the board ({})",
                        pr.zone,
                        crate::diag::count(depth.into(), "line", "lines")
                    ),
                    Some(pr.node.get("zone").unwrap_or(&pr.node).span.clone()),
                )
                .label("zone too deep")
                .help(format!(
                    "`zone:` counts lines from the far edge: use 1 to {depth}"
                )),
            );
        }
        refuse_void_promotion(&p.name, pr, errs);
        if let Some(k) = kinds.get_mut(i)
            && !far
        {
            k.promotion = Some(Promotion {
                zone: pr.zone,
                to,
                mandatory: pr.mandatory,
                forced: pr.forced,
                remember: pr.remember,
                squares: pr.squares.clone(),
                in_place: of_kind(spec.rules.in_place.as_ref(), &p.name).is_some(),
                on_capture: false,
            });
        }
    }
    link_promotions(spec, kinds, names);
}

/// The end rules: the named conditions (the other end rules are modules); problems go to
/// `errs`.
fn compile_end(
    spec: &RuleSpec,
    names: &[&str],
    seat_names: &[String],
    params: &[(String, i64)],
    regions: &[&str],
    errs: &mut Diagnostics,
) -> EndRules {
    let mut end = EndRules {
        ..EndRules::default()
    };
    for c in &spec.end.conditions {
        let resolver = quantity::Resolver {
            seats: seat_names,
            kinds: names,
            params,
            subject: false,
            regions,
            counts_checks: spec.rules.check_count.is_some(),
            quantities: Default::default(),
        };
        match dsl::compile_expr(&c.when.value, Type::Bool, &|n, a| resolver.resolve(n, a)) {
            Ok(when) => end.conditions.push(Condition {
                name: c.name.value.clone(),
                when,
                quantities: resolver.quantities.into_inner(),
                result: c.result,
            }),
            Err(es) => {
                for e in &es {
                    errs.push(expr_diag(&c.when, e));
                }
            }
        }
    }
    end.conditions_stable = !end
        .conditions
        .iter()
        .any(|c| c.quantities.iter().any(|q| q.reads_placement()));
    end.conditions_turn_free = !end
        .conditions
        .iter()
        .any(|c| c.quantities.iter().any(|q| q.reads_turn()));
    end
}

/// The ranking keys, each with the quantities it reads; problems go to `errs`.
fn compile_ranking(
    spec: &RuleSpec,
    names: &[&str],
    seat_names: &[String],
    params: &[(String, i64)],
    regions: &[&str],
    errs: &mut Diagnostics,
) -> Vec<(Expr, Vec<Quantity>)> {
    let mut ranking = Vec::new();
    for t in &spec.ranking {
        let resolver = quantity::Resolver {
            seats: seat_names,
            kinds: names,
            params,
            subject: true,
            regions,
            counts_checks: spec.rules.check_count.is_some(),
            quantities: Default::default(),
        };
        // A ranking key is an integer or a boolean (true ranks above false).
        let compiled = dsl::compile_expr(&t.value, Type::Int, &|n, a| resolver.resolve(n, a))
            .or_else(|e| {
                dsl::compile_expr(&t.value, Type::Bool, &|n, a| resolver.resolve(n, a))
                    .map_err(|_| e)
            });
        match compiled {
            Ok(e) => ranking.push((e, resolver.quantities.into_inner())),
            Err(es) => {
                for e in &es {
                    errs.push(expr_diag(t, e));
                }
            }
        }
    }
    ranking
}

/// The promotions `check` would otherwise pass though they never take effect (the fresh
/// tester): a kind that promotes to itself, and `forced:` deeper than the zone.
fn refuse_void_promotion(name: &Text, pr: &crate::spec::PromotionSpec, errs: &mut Diagnostics) {
    if let Some(own) = pr.to.iter().find(|t| t.value == name.value) {
        errs.push(
            Diagnostic::new(
                Code::CompilePromotion,
                format!("`{}` promotes to itself", name.value),
                Some(own.node.span.clone()),
            )
            .label("its own kind")
            .help("list only the kinds it becomes; to make promotion optional, leave `mandatory:` false"),
        );
    }
    if pr.squares.is_none() && !pr.mandatory && pr.forced > pr.zone {
        errs.push(
            Diagnostic::new(
                Code::CompilePromotionZone,
                format!(
                    "promotion is forced in the last {} but the zone has only {}",
                    crate::diag::count(pr.forced.into(), "line", "lines"),
                    crate::diag::count(pr.zone.into(), "line", "lines")
                ),
                Some(pr.node.get("forced").unwrap_or(&pr.node).span.clone()),
            )
            .label("deeper than the zone")
            .help(format!(
                "a piece promotes only in its zone: give `forced:` 1 to {}",
                pr.zone
            )),
        );
    }
}

/// The promotion and forced-promotion zones per (kind, orientation) combo.
fn promotion_zones(
    kinds: &[KindInfo],
    orients: &[Orientation],
    board: Board,
    errs: &mut Diagnostics,
) -> (Vec<SquareSet>, Vec<SquareSet>) {
    let mut promo_zone = vec![SquareSet::default(); kinds.len() * orients.len()];
    let mut forced_zone = vec![SquareSet::default(); kinds.len() * orients.len()];
    for (k, info) in kinds.iter().enumerate() {
        let Some(p) = &info.promotion else { continue };
        for (oi, o) in orients.iter().enumerate() {
            let depth = o.depth(board);
            if let Some(t) = &p.squares {
                match setup::square_set(t, board, *o) {
                    Ok(list) => {
                        for sq in list {
                            promo_zone[k * orients.len() + oi].insert(sq.0);
                        }
                    }
                    Err(d) if oi == 0 => errs.push(d),
                    Err(_) => {}
                }
            }
            for sq in board.squares() {
                if p.squares.is_none() && o.forward_line(board, sq) + p.zone >= depth {
                    promo_zone[k * orients.len() + oi].insert(sq.0);
                }
                if o.forward_line(board, sq) + p.forced >= depth {
                    forced_zone[k * orients.len() + oi].insert(sq.0);
                }
            }
        }
    }
    (promo_zone, forced_zone)
}

/// The special table and its kind masks ([`Variant::special`]).
struct Special {
    table: MoveTable,
    has: bool,
    ep_kinds: u64,
    right_kinds: u64,
}

/// The move table and attack table (without first-move steps) and the special table.
fn move_tables(
    kinds: &[KindInfo],
    movements: &[Movement],
    board: Board,
    orients: &[Orientation],
    rules: &crate::rules::Modules,
) -> (MoveTable, AttackTable, Special) {
    let plain: Vec<Movement> = movements.iter().map(|m| m.only(&|s| !s.initial)).collect();
    let table = MoveTable::build_moves(board, orients, &plain);
    let attacks = AttackTable::build_moves(board, orients, &plain);
    // Every step of a kind, its region moves' (`region-moves`) included.
    let all_steps: Vec<Vec<Step>> = (kinds.iter().zip(movements))
        .map(|(k, m)| {
            let zoned = m.zoned.iter().flat_map(|z| z.steps.iter().copied());
            k.steps.iter().copied().chain(zoned).collect()
        })
        .collect();
    let kind_mask = |f: &dyn Fn(&Step) -> bool| {
        all_steps
            .iter()
            .enumerate()
            .filter(|(_, s)| s.iter().any(f))
            .fold(0u64, |m, (i, _)| m | 1 << i)
    };
    let ep_kinds = kind_mask(&|s| s.en_passant);
    let initial_kinds = kind_mask(&|s| s.initial);
    let castling_kinds = rules
        .castling
        .as_ref()
        .map_or(0, |c| 1u64 << c.royal.0 | c.partners);
    let has_special = ep_kinds | initial_kinds != 0;
    let special = if has_special {
        MoveTable::build_special(board, orients, movements)
    } else {
        MoveTable::default()
    };
    (
        table,
        attacks,
        Special {
            table: special,
            has: has_special,
            ep_kinds,
            // Under gating every kind starting on a first line holds a right: its gate.
            right_kinds: initial_kinds
                | castling_kinds
                | rules.gating.as_ref().map_or(0, |g| g.kinds),
        },
    )
}
