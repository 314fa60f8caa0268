//! The rule modules, one file each, and their registry.
//!
//! A rule module is one unit, in the style of a Ludii ludeme or a Fairy-Stockfish variant
//! field: its file holds the keys it reads from a rule file (its schema, with defaults and
//! located errors, wherever the keys stand: top level [`Module::read`], a piece's mapping
//! [`Module::read_piece`], a piece's `promotion:` [`Module::read_promotion`], `end:`
//! [`Module::read_end`]; `spec/model.rs` reads only the core's keys), its compiled form, its
//! position-string field ([`Module::FIELD`]), its engine hooks, the keys that switch it on for the
//! composition check and what "on" means for each ([`Module::SWITCHES`]), the pairs it is
//! refused with and what it needs ([`Module::REFUSES`], [`Module::NEEDS`]), its end reasons
//! and their names ([`Module::END_REASONS`], [`EndReason::Module`]), its `explain` text
//! (module section, kinds, `end:`) and its event names. [`registry!`] lists the modules once,
//! in the order the engine runs their hooks — the same order for every variant — and
//! generates [`ModuleId`], the id by which refusals and end reasons name a module (never a
//! string). The registry is the only list of modules: composition ([`compose`]), end reasons
//! (`engine/outcome.rs`), `explain`'s `end:` section and the capability flags the engine
//! reads to keep hooks off the move loop (turn order, mates that go on, after-turn hooks,
//! scores, derived from each module's [`Module::HOOKS`]) all iterate it.
//!
//! A module's state in the position is its own bytes of `Counters::state`, declared by the
//! module ([`Module::STATE`]: how many, hashed or not), allotted in registry order
//! ([`ModuleId::state_at`]) and read and written only through the module's accessors (hashed
//! bytes through [`Host::set_state`], which keeps the position's hash in step). The module
//! also writes that state into the extended position string and reads it back, with located
//! problems: its field ([`Module::FIELD`], [`Module::write_field`], [`Module::read_field`];
//! [`field`] says where the fields stand), so `notation/` holds no module's field.
//!
//! What still lives outside a module's file (`docs/modules.md`, "Adding a module: the honest
//! touch list"): where a module changes move generation or legality, the hot path stays in
//! `engine/` and reads the module's compiled data; FEN's fields for a module's state (the
//! check field, the running count in the en-passant and half-move fields) are
//! Fairy-Stockfish's fixed format, written and read by `notation/fen.rs` through the module's
//! accessors.
//!
//! Hooks are generic over [`Host`], the narrow game interface `engine::Position` implements, so
//! this layer depends only on `diag`, `geometry`, `vocab`, `stop`, `dsl` and `yaml`, never on
//! `spec`, `compile` or `engine`.

pub mod bikjang;
pub mod capture_all;
pub mod captures;
pub mod castling;
pub mod check_count;
pub mod check_interrupt;
pub mod check_limits;
pub mod compose;
pub mod counting;
pub mod dice;
pub mod enclose;
pub mod explosion;
pub mod facing;
pub mod field;
pub mod first_move;
pub mod first_seat;
pub mod flip;
pub mod formation;
pub mod gating;
pub mod hands;
pub mod in_place;
pub mod last_royal;
pub mod mate;
pub mod mate_rule;
pub mod material_count;
pub mod move_repetition;
pub mod move_rule;
pub mod multi_step;
pub mod no_moves;
pub mod pass;
pub mod perpetual_check;
pub mod petrify;
pub mod placement;
pub mod points;
pub mod promotion;
pub mod promotion_choice;
pub mod repetition;
pub mod resign;
pub mod royal;
pub mod scoring;
pub mod team_check;
pub mod teams;
pub mod throne;
pub mod walls;

use crate::diag::{Diagnostic, Diagnostics};
use crate::geometry::{Board, Orientation, Square};
use crate::vocab::{
    Counters, EndReason, Kind, Move, Outcome, Piece, ResultKind, STATE_BYTES, Seat, SeatSet,
    SquareSet,
};
use crate::yaml::{Fields, Node, Reader, Text, unknown_name};

/// The string at `node` with its node (for spans), or a problem in `r`.
pub fn text(r: &mut Reader, node: &crate::yaml::Node, what: &str) -> Option<Text> {
    r.string(node, what).map(|value| Text {
        value,
        node: node.clone(),
    })
}

/// The piece names of the list at `node` (each with its node, for spans); problems in `r`.
pub fn piece_names(r: &mut Reader, node: &crate::yaml::Node) -> Vec<Text> {
    r.list(node)
        .into_iter()
        .filter_map(|i| text(r, i, "a piece name"))
        .collect()
}

/// What a result word needs to know of the rest of the file: a result that ranks every seat
/// (`rank`, and `loss` with more than two seats) needs `ranking:` keys.
#[derive(Clone, Copy, Debug)]
pub struct Ranks {
    /// How many seats the file has.
    pub seats: usize,
    /// True if it has `ranking:` keys.
    pub keys: bool,
}

/// A result word (`win`, `loss`, `draw`, `rank`) at `node`; one that ranks every seat without
/// `ranking:` keys is refused (every seat would tie for first), at `node`.
pub fn result(r: &mut Reader, node: &Node, ranks: Ranks) -> Option<ResultKind> {
    let res = r
        .word(node, &ResultKind::WORDS, "result")
        .and_then(ResultKind::parse)?;
    let ranks_all = res == ResultKind::Rank || (res == ResultKind::Loss && ranks.seats > 2);
    if ranks_all && !ranks.keys {
        r.error(
            Diagnostic::new(
                crate::diag::Code::SpecNeedsRanking,
                "this result ranks every seat, and the file has no `ranking:` keys",
                Some(node.span.clone()),
            )
            .label("ranks every seat")
            .help(
                "`rank`, and `loss` with more than two seats, end the game and order the seats \
                 by `ranking:`; add keys (e.g. `ranking: [\"has(seat, king)\"]`) or make this \
                 result `win` or `draw`",
            ),
        );
    }
    Some(res)
}

/// A result in words, for `explain`: `who wins`, `who loses`, `draw`, `every seat is ranked`.
pub fn result_words(r: ResultKind, who: &str) -> String {
    match r {
        ResultKind::Win => format!("{who} wins"),
        ResultKind::Loss => format!("{who} loses"),
        ResultKind::Draw => "draw".to_string(),
        ResultKind::Rank => "every seat is ranked".to_string(),
    }
}

/// The indefinite article before `word`: `an` before a vowel letter (`an arrow`), else `a`.
pub fn article(word: &str) -> &'static str {
    if word.starts_with(['a', 'e', 'i', 'o', 'u', 'A', 'E', 'I', 'O', 'U']) {
        "an"
    } else {
        "a"
    }
}

/// `1st`, `2nd`, `3rd`, `4th`, … `11th`, `21st`.
pub fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// What a rule module's hooks may read and change: implemented by `engine::Position`.
///
/// Every change goes through these methods, so it is logged in the current undo entry and the
/// position's hash stays in step.
pub trait Host {
    /// The piece on square `sq` (empty if none).
    fn piece(&self, sq: Square) -> Piece;
    /// Replaces the piece on `sq` by `after` (empty to remove), logged for undo.
    fn edit(&mut self, sq: Square, after: Piece);
    /// The game counters: scores, capture records, rounds, resignations, mates, the modules'
    /// state.
    fn counters(&self) -> &Counters;
    /// The game counters, to change (saved whole in every undo entry).
    fn counters_mut(&mut self) -> &mut Counters;
    /// How many pieces of `kind` `seat` has on the board.
    fn kind_count(&self, seat: Seat, kind: Kind) -> u8;
    /// The squares of `seat`'s pieces.
    fn occupancy(&self, seat: Seat) -> SquareSet;
    /// The squares of `seat`'s pieces that may be of a kind in `kinds` (bit = kind index):
    /// on boards of at most 64 squares those of the kinds' live pieces and the dead pieces
    /// (from the bitboards), on larger ones every piece of `seat`; callers still test each
    /// piece's kind.
    fn occupancy_of_kinds(&self, seat: Seat, kinds: u64) -> SquareSet;
    /// Every seat of the variant.
    fn all_seats(&self) -> SeatSet;
    /// The board's size.
    fn board(&self) -> Board;
    /// True once per change that may have taken pieces from any seat other than by the move
    /// itself (a rule module's captures or edits in this action, a mate, a loaded position);
    /// reading it clears the flag it keeps for the position.
    fn take_any_loss(&mut self) -> bool;
    /// True if any royal piece of `seat` is attacked by another seat's live piece.
    fn in_check(&self, seat: Seat) -> bool;
    /// The squares of `seat`'s royal pieces.
    fn royals(&self, seat: Seat) -> SquareSet;
    /// True if square `sq` is attacked by a live piece of any seat in `seats`.
    fn attacked(&self, sq: Square, seats: SeatSet) -> bool;
    /// True if square `sq` is attacked by a live piece of a kind in `kinds` (bit = kind index)
    /// of any seat in `seats`; the other pieces still block.
    fn attacked_by_kinds(&self, sq: Square, seats: SeatSet, kinds: u64) -> bool;
    /// How many piece kinds the variant has.
    fn kinds(&self) -> usize;
    /// How many pieces of `kind` `seat` has in hand.
    fn hand(&self, seat: Seat, kind: Kind) -> u8;
    /// Sets `seat`'s hand count of `kind`, logged for undo.
    fn set_hand(&mut self, seat: Seat, kind: Kind, count: u8);
    /// Marks the current undo entry's move as one that gave check (for the perpetual-check
    /// rule, [`perpetual_check`], and [`move_repetition`]).
    fn mark_gave_check(&mut self, gave: bool);
    /// How many plies the history holds: plies played since the position was set up or
    /// loaded.
    fn plies_played(&self) -> usize;
    /// Plies since the last irreversible one (a capture, a drop, a `reset-by` move),
    /// counting from the loaded position's half-move clock: the move rule's count.
    fn halfmove(&self) -> u32;
    /// The ply `back` plies before the last one played (0: the last), or `None` beyond the
    /// history ([`plies_played`](Host::plies_played)).
    fn ply_back(&self, back: usize) -> Option<PastPly>;
    /// True if the seat that made ply `back` (which must exist) was in check just before it:
    /// the ply before it gave check ([`mark_gave_check`](Host::mark_gave_check), so only where
    /// a module marks every ply, and with two seats), or the position the history starts from
    /// has that seat in check.
    fn checked_before(&self, back: usize) -> bool;
    /// Sets byte `byte` of the modules' state ([`Counters::state`]) to `value`, keeping the
    /// position's hash in step where the byte is hashed ([`HASHED_STATE`]).
    fn set_state(&mut self, byte: usize, value: u8);

    /// How many seats the variant has.
    #[inline]
    fn seat_count(&self) -> usize {
        self.all_seats().len()
    }

    /// The seat after `seat` in turn order (clockwise).
    #[inline]
    fn next_seat(&self, seat: Seat) -> Seat {
        Seat(((seat.0 as usize + 1) % self.seat_count()) as u8)
    }

    /// True if `seat` still takes turns (not mated, not resigned).
    #[inline]
    fn is_live(&self, seat: Seat) -> bool {
        let c = self.counters();
        !(c.mated | c.resigned).contains(seat)
    }
}

/// One ply of the game's history ([`Host::ply_back`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PastPly {
    /// The seat that acted.
    pub mover: Seat,
    /// What it did.
    pub action: crate::vocab::Action,
    /// True if its move took a piece on the target square.
    pub captured: bool,
}

/// What the last move did, for [`Module::after_move`].
#[derive(Clone, Copy, Debug)]
pub struct Moved {
    /// The seat that moved.
    pub mover: Seat,
    /// The move.
    pub m: Move,
    /// The piece that moved, as it was before the move.
    pub moved: Piece,
    /// The piece that now stands on the target square (the promoted piece after a promotion).
    pub placed: Piece,
    /// The piece captured on the target square, or empty.
    pub captured: Piece,
}

/// The compile context of a module: names to resolve, the setup and a diagnostics sink.
pub struct Cx<'a> {
    /// Kind names, in kind order.
    pub kinds: &'a [&'a str],
    /// Each kind's material value, in kind order.
    pub values: &'a [i64],
    /// Seat names, in turn order.
    pub seats: &'a [String],
    /// The start position: (square, piece), in square order.
    pub setup: &'a [(Square, Piece)],
    /// Per piece of `setup`, in the same order: the setup entry (its square set) that placed
    /// it, to locate a problem with the start position in the user's file.
    pub setup_spans: &'a [crate::diag::Span],
    /// The board.
    pub board: Board,
    /// The distinct orientations of the seats, as `Variant::orients`.
    pub orients: &'a [Orientation],
    /// The index in `orients` of the first seat's orientation.
    pub first_orient: u8,
    /// The names of the regions (`regions:`), in file order.
    pub regions: &'a [&'a str],
    /// Problems found.
    pub errs: &'a mut Diagnostics,
}

impl<'a> Cx<'a> {
    /// For unit tests of a module's compile: kinds `kinds` worth `values`, seats `seats`, an
    /// empty 8×8 board with no start position, orientations or regions.
    #[cfg(test)]
    pub(crate) fn for_tests(
        kinds: &'a [&'a str],
        values: &'a [i64],
        seats: &'a [String],
        errs: &'a mut Diagnostics,
    ) -> Self {
        Cx {
            kinds,
            values,
            seats,
            setup: &[],
            setup_spans: &[],
            board: Board { files: 8, ranks: 8 },
            orients: &[],
            first_orient: 0,
            regions: &[],
            errs,
        }
    }
}

impl Cx<'_> {
    /// The kind written in `t`, or an "unknown piece" problem (with a suggestion) at its span.
    pub fn kind(&mut self, t: &Text) -> Option<Kind> {
        lookup(self.errs, t, "piece", self.kinds).map(|i| Kind(i as u8))
    }

    /// The seat written in `t`, or an "unknown seat" problem (with a suggestion) at its span.
    pub fn seat(&mut self, t: &Text) -> Option<Seat> {
        lookup(self.errs, t, "seat", self.seats).map(|i| Seat(i as u8))
    }
}

/// The index of the name written in `t` among `names`, or an "unknown `what`" problem.
fn lookup<S: AsRef<str>>(
    errs: &mut Diagnostics,
    t: &Text,
    what: &str,
    names: &[S],
) -> Option<usize> {
    let found = names.iter().position(|n| n.as_ref() == t.value);
    if found.is_none() {
        errs.push(unknown_name(
            &t.node.span,
            what,
            &t.value,
            names.iter().map(AsRef::as_ref),
        ));
    }
    found
}

/// Kind and seat names, for `explain` text.
pub struct Names<'a> {
    /// Kind names, in kind order.
    pub kinds: &'a [&'a str],
    /// Seat names, in turn order.
    pub seats: &'a [&'a str],
}

impl Names<'_> {
    /// The name of `k`.
    pub fn kind(&self, k: Kind) -> &str {
        self.kinds.get(k.index()).copied().unwrap_or("?")
    }
}

/// The hooks a module implements that the engine asks only where some module has them (kept
/// off the move loop otherwise). A module sets the flag of each such hook it implements in
/// [`Module::HOOKS`], in the same file as the hook; the registry derives
/// [`Modules::reorders_turns`], [`Modules::mates_go_on`], [`Modules::has_turn_hooks`],
/// [`Modules::has_move_hooks`] and [`Modules::keeps_score`] from them, and a test (`tests/tests/module_hooks.rs`) fails when a
/// module implements one of these hooks without its flag.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hooks {
    /// Implements [`Module::next_due`] (changes the turn order after a board move).
    pub next_due: bool,
    /// Implements [`Module::on_no_move`] (takes a seat with no legal move out of play).
    pub on_no_move: bool,
    /// Implements [`Module::after_turn`].
    pub after_turn: bool,
    /// Implements [`Module::after_move`] (may change the board, the counters or the end after
    /// any move).
    pub after_move: bool,
    /// Gives seats points (scores in reports and the evaluation).
    pub scores: bool,
}

impl Hooks {
    /// No gated hook: the default.
    pub const NONE: Hooks = Hooks {
        next_due: false,
        on_no_move: false,
        after_turn: false,
        after_move: false,
        scores: false,
    };
}

/// The part of the position a module keeps ([`Module::STATE`]): bytes of
/// [`Counters::state`], allotted in registry order ([`ModuleId::state_at`]).
#[derive(Clone, Copy, Debug)]
pub struct State {
    /// How many bytes.
    pub bytes: u8,
    /// True if the position's hash covers them (a byte's key depends on its value).
    pub hashed: bool,
}

impl State {
    /// No state: the default.
    pub const NONE: State = State {
        bytes: 0,
        hashed: false,
    };
}

/// A rule module: one file, its keys, compiled form, hooks, explain text and events.
///
/// The hooks do nothing by default; the registry calls each present module's hook in list
/// order. The hooks the engine asks only where some module has them are declared in
/// [`HOOKS`](Module::HOOKS).
pub trait Module: Clone + std::fmt::Debug + Send + Sync + Sized + 'static {
    /// The module's name, as `explain` and errors show it.
    const NAME: &'static str;
    /// The top-level rule-file keys it owns (read by [`read`](Module::read)).
    const KEYS: &'static [&'static str];
    /// What the rule file says (read, not yet resolved against names).
    type Spec: Clone + std::fmt::Debug;
    /// The gated hooks this module implements ([`Hooks`]).
    const HOOKS: Hooks = Hooks::NONE;
    /// The state it keeps in the position ([`State`]): its bytes of [`Counters::state`],
    /// from [`ModuleId::state_at`], which only its own file reads and writes (hashed bytes
    /// through [`Host::set_state`]).
    const STATE: State = State::NONE;
    /// Its field in the extended position string ([`field::StateField`]: name, form, place),
    /// written by [`write_field`](Module::write_field) and read by
    /// [`read_field`](Module::read_field); `None` (the default) for a module without state.
    const FIELD: Option<field::StateField> = None;

    /// Its field's text for counters `c` ([`FIELD`](Module::FIELD)); `None` while its state
    /// has its start value (written `-` where a field follows). Asked only of a module with
    /// a field.
    fn write_field(_c: &Counters, _cx: &field::FieldCx<'_>) -> Option<String> {
        None
    }

    /// Reads its field's text (never empty; `-` is the start value) into counters `c`, or
    /// the problem, at bytes of `text`.
    fn read_field(
        _text: &str,
        _cx: &field::FieldCx<'_>,
        _c: &mut Counters,
    ) -> Result<(), field::FieldProblem> {
        Ok(())
    }

    /// Reads the module's keys from the rule file's top-level mapping `f`; `None` when they are
    /// absent (the module is off) or wrong (the problems are in `r`).
    fn read(r: &mut Reader, f: &mut Fields<'_>) -> Option<Self::Spec>;

    /// The keys it owns in a piece's mapping (`pieces.KIND.KEY`), read by
    /// [`read_piece`](Module::read_piece).
    const PIECE_KEYS: &'static [&'static str] = &[];

    /// Reads its keys of the mapping `f` of piece kind `piece` (`node`: that mapping) into
    /// `spec`, which the first key found creates (the module is on when some piece has one);
    /// problems in `r`. Called for every piece, in file order, after
    /// [`read`](Module::read).
    fn read_piece(
        _r: &mut Reader,
        _piece: &Text,
        _f: &mut Fields<'_>,
        _node: &Node,
        _spec: &mut Option<Self::Spec>,
    ) {
    }

    /// The keys it owns in a piece's `promotion:` mapping, read by
    /// [`read_promotion`](Module::read_promotion).
    const PROMOTION_KEYS: &'static [&'static str] = &[];

    /// Reads its keys of the `promotion:` mapping `f` of piece kind `piece` (`node`: that
    /// mapping) into `spec`, as [`read_piece`](Module::read_piece) does; true if they give
    /// the kinds it promotes to, so that the core's `to:` is not required.
    fn read_promotion(
        _r: &mut Reader,
        _piece: &Text,
        _f: &mut Fields<'_>,
        _node: &Node,
        _spec: &mut Option<Self::Spec>,
    ) -> bool {
        false
    }

    /// The keys it owns in `end:`, read by [`read_end`](Module::read_end).
    const END_KEYS: &'static [&'static str] = &[];

    /// Reads its keys of the `end:` mapping `f` into `spec` (`ranks`: for result words that
    /// rank every seat); problems in `r`.
    fn read_end(
        _r: &mut Reader,
        _f: &mut Fields<'_>,
        _ranks: Ranks,
        _spec: &mut Option<Self::Spec>,
    ) {
    }

    /// Compiles the spec; `None` if it is off or wrong (the problems are in `cx.errs`).
    fn compile(spec: &Self::Spec, cx: &mut Cx<'_>) -> Option<Self>;

    /// Refuses a combination with other modules the engine does not define, as a located
    /// error naming both keys.
    fn refuse(_spec: &Self::Spec, _all: &Specs) -> Option<Diagnostic> {
        None
    }

    /// The keys that switch this module on and what "on" means for each
    /// ([`compose::SwitchKey`]), each under this module's id ([`ModuleId`]) at its index: the
    /// composition check ([`compose::switches`]) reads them, for every registry module.
    const SWITCHES: &'static [compose::SwitchKey];

    /// The switches this module's switches are refused with ([`compose::Refusal`], `part` one
    /// of this module's switches), as located errors naming both keys; see `docs/modules.md`.
    const REFUSES: &'static [compose::Refusal] = &[];

    /// The switches this module's switches need ([`compose::Need`]).
    const NEEDS: &'static [compose::Need] = &[];

    /// Lines for `explain`'s module section.
    fn explain(&self, _names: &Names<'_>) -> Vec<String> {
        Vec::new()
    }

    /// Lines for `explain`'s entry of piece kind `kind`.
    fn explain_kind(&self, _kind: Kind, _names: &Names<'_>) -> Vec<String> {
        Vec::new()
    }

    /// Bit mask (bit = kind index) of the kinds a piece of `kind` may become under this module
    /// — a promotion, a demotion into a hand — beyond the core's zone promotion
    /// (`promotion.to`). The compiler warns about a kind that no start position, hand or
    /// change can bring into a game (`compile::unused-kind`).
    fn becomes(&self, _kind: Kind) -> u64 {
        0
    }

    /// The fixed names of the rule events it counts (for simulation reports), when they do
    /// not depend on the rule file; [`events`](Module::events) returns them by default.
    const EVENTS: &'static [&'static str] = &[];

    /// The names of the rule events it counts (for simulation reports).
    fn events(&self) -> Vec<String> {
        Self::EVENTS.iter().map(|e| e.to_string()).collect()
    }

    /// Lines for `explain`'s `end:` section (the end rules the module gives), without indent;
    /// `all` is every module, for a clause another module adds to this one's rule.
    fn explain_end(&self, _names: &Names<'_>, _all: &Modules) -> Vec<String> {
        Vec::new()
    }

    /// The names of the end reasons this module gives, [`EndReason::Module`] with this
    /// module's id and the index here, as reports, records and position strings show them
    /// (by default through [`reason_name`](Module::reason_name)).
    const END_REASONS: &'static [&'static str] = &[];

    /// The name of end reason `i` ([`END_REASONS`](Module::END_REASONS) by default; a module
    /// may take it from the rule file).
    fn reason_name(&self, i: u8) -> String {
        Self::END_REASONS
            .get(i as usize)
            .map_or_else(|| format!("{}-{i}", Self::NAME), |n| n.to_string())
    }

    /// The indices of the end reasons this module can give in this variant (`all`: every
    /// module), in order: all of [`END_REASONS`](Module::END_REASONS) by default.
    fn end_reasons(&self, _all: &Modules) -> Vec<u8> {
        (0..Self::END_REASONS.len() as u8).collect()
    }

    /// How end reason `i` ends a game written as ended in a position string's end field,
    /// which the fields cannot show otherwise (the history is not in them): `Some` with the
    /// result (`Draw`, or `Rank`: every seat ranked) where the end field may name it, `None`
    /// where it may not.
    fn stated_end(&self, _i: u8) -> Option<ResultKind> {
        None
    }

    /// `mover` has just captured `captured` (by its move or by a module's capture).
    #[inline]
    fn on_capture<H: Host>(&self, _h: &mut H, _mover: Seat, _captured: Piece) {}

    /// The move `mv` has just been played (its capture already credited); `all` is the whole
    /// registry, for modules that capture. Returns an outcome if the game ends at once.
    #[inline]
    fn after_move<H: Host>(&self, _h: &mut H, _mv: &Moved, _all: &Modules) -> Option<Outcome> {
        None
    }

    /// The game's end in a root position (loaded or at the start) that no move led to, where
    /// this module ends games after moves by the position alone (a full board); `None`: not
    /// over by this module.
    #[inline]
    fn judge_root<H: Host>(&self, _h: &H) -> Option<Outcome> {
        None
    }

    /// [`explain`](Self::explain), for modules whose words depend on the others present
    /// (`all`); the registry calls this one.
    fn explain_in(&self, names: &Names<'_>, _all: &Modules) -> Vec<String> {
        self.explain(names)
    }

    /// The seat due after `from` made a board move, where this module changes the turn order
    /// (the check interrupt); `None` leaves it to the next module, and in the end to the next
    /// live seat clockwise. Not asked in dice variants (a dice turn passes at its end).
    #[inline]
    fn next_due<H: Host>(&self, _h: &H, _from: Seat) -> Option<Seat> {
        None
    }

    /// The seat due, `seat`, has no legal move and is not the last live seat; `mater` made the
    /// last move. Returns true if this module took `seat` out of play so that the game goes on
    /// (mates, [`mate`]); if no module does, the engine ends the game as a checkmate or a
    /// stalemate. Asked only where some module [`Modules::mates_go_on`].
    fn on_no_move<H: Host>(&self, _h: &mut H, _seat: Seat, _mater: Seat) -> bool {
        false
    }

    /// A board move by `mover` has been played and the turn passed on (not in dice variants),
    /// before the end conditions are judged. Run only where [`Modules::has_turn_hooks`].
    #[inline]
    fn after_turn<H: Host>(&self, _h: &mut H, _mover: Seat) {}
}

/// Declares the registry: one line per module, `Id field: path::Type`, in hook order.
/// Generates [`ModuleId`], [`Specs`], [`Modules`], [`read_all`], [`compile_all`], [`keys`],
/// the composition tables ([`all_switch_keys`], [`all_refusals`], [`all_needs`]) and the hook
/// dispatchers.
macro_rules! registry {
    ($($id:ident $field:ident: $ty:ty),* $(,)?) => {
        /// Every module's spec, as read from a rule file (`None`: off).
        #[derive(Clone, Debug, Default)]
        pub struct Specs {
            $(
                #[doc = concat!("`", stringify!($field), "`: see [`", stringify!($ty), "`].")]
                pub $field: Option<<$ty as Module>::Spec>,
            )*
        }

        /// Every module, compiled (`None`: off).
        #[derive(Clone, Debug, Default)]
        pub struct Modules {
            $(
                #[doc = concat!("See [`", stringify!($ty), "`].")]
                pub $field: Option<$ty>,
            )*
        }

        /// A registry module, by the id the registry generates (one per line, in hook order):
        /// how composition refusals and module-owned end reasons name a module.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum ModuleId {
            $(
                #[doc = concat!("[`", stringify!($ty), "`].")]
                $id,
            )*
        }

        /// Every module's [`Module::STATE`], in registry order.
        const STATE_DECLS: &[State] = &[$(<$ty as Module>::STATE),*];

        /// Bit mask of the bytes of [`Counters::state`] the position's hash covers; the
        /// modules' state fits in [`STATE_BYTES`] (checked when the crate builds).
        pub const HASHED_STATE: u32 = {
            let (mut mask, mut at, mut i) = (0u32, 0usize, 0usize);
            while i < STATE_DECLS.len() {
                let d = STATE_DECLS[i];
                let mut b = 0;
                while d.hashed && b < d.bytes as usize {
                    mask |= 1 << (at + b);
                    b += 1;
                }
                at += d.bytes as usize;
                i += 1;
            }
            assert!(at <= STATE_BYTES, "the modules' state exceeds vocab::STATE_BYTES");
            mask
        };

        impl ModuleId {
            /// The first byte of this module's state in [`Counters::state`]: the bytes of the
            /// modules before it in the registry that keep state ([`Module::STATE`]).
            pub const fn state_at(self) -> usize {
                let (mut at, mut i) = (0usize, 0usize);
                while i < self as usize {
                    at += STATE_DECLS[i].bytes as usize;
                    i += 1;
                }
                at
            }

            /// Every module id, in registry order.
            pub const ALL: &[ModuleId] = &[$(ModuleId::$id),*];

            /// The module with registry index `i` ([`EndReason::Module`]'s first field).
            pub fn from_index(i: u8) -> Option<ModuleId> {
                ModuleId::ALL.get(i as usize).copied()
            }

            /// This module's end reason `i` ([`Module::END_REASONS`]).
            pub const fn reason(self, i: u8) -> EndReason {
                EndReason::Module(self as u8, i)
            }

            /// The module's [`Module::NAME`].
            pub const fn name(self) -> &'static str {
                match self {
                    $(ModuleId::$id => <$ty as Module>::NAME,)*
                }
            }
        }

        impl ModuleId {
            /// The module's field in the extended position string ([`Module::FIELD`]).
            pub const fn field(self) -> Option<field::StateField> {
                match self {
                    $(ModuleId::$id => <$ty as Module>::FIELD,)*
                }
            }

            /// The names of the end reasons it gives whatever the rule file says
            /// ([`Module::END_REASONS`]).
            pub const fn end_reason_names(self) -> &'static [&'static str] {
                match self {
                    $(ModuleId::$id => <$ty as Module>::END_REASONS,)*
                }
            }

            /// Every rule-file key it owns: top level, in a piece's mapping, in a piece's
            /// `promotion:`, in `end:` ([`Module::KEYS`], [`Module::PIECE_KEYS`],
            /// [`Module::PROMOTION_KEYS`], [`Module::END_KEYS`]).
            pub fn keys(self) -> Vec<&'static str> {
                match self {
                    $(ModuleId::$id => [
                        <$ty as Module>::KEYS,
                        <$ty as Module>::PIECE_KEYS,
                        <$ty as Module>::PROMOTION_KEYS,
                        <$ty as Module>::END_KEYS,
                    ]
                    .concat(),)*
                }
            }

            /// Its field's text for counters `c` ([`Module::write_field`]).
            pub fn write_field(self, c: &Counters, cx: &field::FieldCx<'_>) -> Option<String> {
                match self {
                    $(ModuleId::$id => <$ty as Module>::write_field(c, cx),)*
                }
            }

            /// Reads its field's text into counters `c` ([`Module::read_field`]).
            pub fn read_field(
                self,
                text: &str,
                cx: &field::FieldCx<'_>,
                c: &mut Counters,
            ) -> Result<(), field::FieldProblem> {
                match self {
                    $(ModuleId::$id => <$ty as Module>::read_field(text, cx, c),)*
                }
            }
        }

        impl Modules {
            /// True if module `id` is on.
            pub fn is_on(&self, id: ModuleId) -> bool {
                match id {
                    $(ModuleId::$id => self.$field.is_some(),)*
                }
            }

            /// The modules whose fields stand at `place` in this variant's position strings,
            /// in registry order: every module with a field there for
            /// [`field::Place::AfterTaken`], the modules that are on for
            /// [`field::Place::Tail`].
            pub fn fields_at(&self, place: field::Place) -> Vec<ModuleId> {
                ModuleId::ALL
                    .iter()
                    .copied()
                    .filter(|&id| {
                        id.field().is_some_and(|f| f.place == place)
                            && (place == field::Place::AfterTaken || self.is_on(id))
                    })
                    .collect()
            }
        }

        /// Every module's [`Module::NAME`], in registry order.
        pub const NAMES: &[&str] = &[$(<$ty as Module>::NAME),*];

        /// Every top-level key the modules own, in registry order.
        pub fn keys() -> Vec<&'static str> {
            let mut out = Vec::new();
            $(out.extend_from_slice(<$ty as Module>::KEYS);)*
            out
        }

        /// The switch keys module `id` declares ([`Module::SWITCHES`]).
        pub fn switch_keys(id: ModuleId) -> &'static [compose::SwitchKey] {
            match id {
                $(ModuleId::$id => <$ty as Module>::SWITCHES,)*
            }
        }

        /// Every module's switch keys, in registry order.
        pub fn all_switch_keys() -> impl Iterator<Item = &'static compose::SwitchKey> {
            ModuleId::ALL.iter().flat_map(|&id| switch_keys(id).iter())
        }

        /// Every module's refusals ([`Module::REFUSES`]), in registry order.
        pub fn all_refusals() -> impl Iterator<Item = compose::Refusal> {
            let all: [&'static [compose::Refusal]; ModuleId::ALL.len()] =
                [$(<$ty as Module>::REFUSES),*];
            all.into_iter().flatten().copied()
        }

        /// Every module's needs ([`Module::NEEDS`]), in registry order.
        pub fn all_needs() -> impl Iterator<Item = compose::Need> {
            let all: [&'static [compose::Need]; ModuleId::ALL.len()] =
                [$(<$ty as Module>::NEEDS),*];
            all.into_iter().flatten().copied()
        }

        /// Reads every module's keys from the rule file's top-level mapping; the problems of
        /// a module that still gives a spec are contained ([`Reader::contain`]).
        pub fn read_all(r: &mut Reader, f: &mut Fields<'_>) -> Specs {
            Specs {
                $($field: {
                    let mut spec = None;
                    r.contain(|r| {
                        spec = <$ty as Module>::read(r, f);
                        spec.is_some()
                    });
                    spec
                },)*
            }
        }

        /// Reads every module's keys of piece kind `piece`'s mapping `f` (`node`) into
        /// `specs` ([`Module::read_piece`]), in registry order.
        pub fn read_piece_all(
            r: &mut Reader,
            piece: &Text,
            f: &mut Fields<'_>,
            node: &Node,
            specs: &mut Specs,
        ) {
            $(<$ty as Module>::read_piece(r, piece, f, node, &mut specs.$field);)*
        }

        /// Reads every module's keys of piece kind `piece`'s `promotion:` mapping `f`
        /// (`node`) into `specs` ([`Module::read_promotion`]); true if one gives the kinds
        /// it promotes to.
        pub fn read_promotion_all(
            r: &mut Reader,
            piece: &Text,
            f: &mut Fields<'_>,
            node: &Node,
            specs: &mut Specs,
        ) -> bool {
            false $(| <$ty as Module>::read_promotion(r, piece, f, node, &mut specs.$field))*
        }

        /// Reads every module's keys of the `end:` mapping `f` into `specs`
        /// ([`Module::read_end`]); the problems of a module that still gives a spec are
        /// contained ([`Reader::contain`]).
        pub fn read_end_all(r: &mut Reader, f: &mut Fields<'_>, ranks: Ranks, specs: &mut Specs) {
            $(r.contain(|r| {
                <$ty as Module>::read_end(r, f, ranks, &mut specs.$field);
                specs.$field.is_some()
            });)*
        }

        /// Every key the modules own in a piece's mapping ([`Module::PIECE_KEYS`]), in
        /// registry order.
        pub fn piece_keys() -> Vec<&'static str> {
            [$(<$ty as Module>::PIECE_KEYS),*].concat()
        }

        /// Every key the modules own in a piece's `promotion:` mapping
        /// ([`Module::PROMOTION_KEYS`]), in registry order.
        pub fn promotion_keys() -> Vec<&'static str> {
            [$(<$ty as Module>::PROMOTION_KEYS),*].concat()
        }

        /// Every key the modules own in `end:` ([`Module::END_KEYS`]), in registry order.
        pub fn end_keys() -> Vec<&'static str> {
            [$(<$ty as Module>::END_KEYS),*].concat()
        }

        /// Compiles every module that is on, and refuses combinations no module defines.
        pub fn compile_all(specs: &Specs, cx: &mut Cx<'_>) -> Modules {
            $(
                if let Some(s) = &specs.$field
                    && let Some(d) = <$ty as Module>::refuse(s, specs)
                {
                    cx.errs.push(d);
                }
            )*
            Modules {
                $($field: specs.$field.as_ref().and_then(|s| <$ty as Module>::compile(s, cx)),)*
            }
        }

        impl Modules {
            /// Each present module's `explain` lines, in registry order.
            pub fn explain(&self, names: &Names<'_>) -> Vec<String> {
                let mut out = Vec::new();
                $(if let Some(m) = &self.$field { out.extend(m.explain_in(names, self)); })*
                out
            }

            /// The kinds a piece of `kind` may become under the present modules
            /// ([`Module::becomes`]), as a bit mask.
            pub fn becomes(&self, kind: Kind) -> u64 {
                0 $(| self.$field.as_ref().map_or(0, |m| m.becomes(kind)))*
            }

            /// Each present module's `explain` lines for the `end:` section
            /// ([`Module::explain_end`]), in registry order.
            pub fn explain_end(&self, names: &Names<'_>) -> Vec<String> {
                let mut out = Vec::new();
                $(if let Some(m) = &self.$field { out.extend(m.explain_end(names, self)); })*
                out
            }

            /// Each present module's `explain` lines for piece kind `kind`, in registry order.
            pub fn explain_kind(&self, kind: Kind, names: &Names<'_>) -> Vec<String> {
                let mut out = Vec::new();
                $(if let Some(m) = &self.$field { out.extend(m.explain_kind(kind, names)); })*
                out
            }

            /// True if a present module counts the fixed event `name` ([`Module::EVENTS`]);
            /// does not allocate.
            pub fn has_event(&self, name: &str) -> bool {
                false $(|| (self.$field.is_some() && <$ty as Module>::EVENTS.contains(&name)))*
            }

            /// Each present module's event names, in registry order.
            pub fn events(&self) -> Vec<String> {
                let mut out = Vec::new();
                $(if let Some(m) = &self.$field { out.extend(m.events()); })*
                out
            }

            /// Records a capture: the round's capture flag, then each module's hook.
            #[inline]
            pub fn on_capture<H: Host>(&self, h: &mut H, mover: Seat, captured: Piece) {
                h.counters_mut().captured_in_round = true;
                $(if let Some(m) = &self.$field { m.on_capture(h, mover, captured); })*
            }

            /// Runs the after-move hooks, each module in order, stopping at the first that ends
            /// the game. The move's own capture is recorded first, by [`on_capture`](Self::on_capture).
            #[inline]
            pub fn after_move<H: Host>(&self, h: &mut H, mv: &Moved) -> Option<Outcome> {
                $(
                    if let Some(m) = &self.$field
                        && let Some(o) = m.after_move(h, mv, self)
                    {
                        return Some(o);
                    }
                )*
                None
            }

            /// The end of a root position by the first module that ends it
            /// ([`Module::judge_root`]).
            pub fn judge_root<H: Host>(&self, h: &H) -> Option<Outcome> {
                $(
                    if let Some(m) = &self.$field
                        && let Some(o) = m.judge_root(h)
                    {
                        return Some(o);
                    }
                )*
                None
            }

            /// The seat due after `from` moved, from the first module that changes the turn
            /// order ([`Module::next_due`]); `None`: the next live seat.
            #[inline]
            pub fn next_due<H: Host>(&self, h: &H, from: Seat) -> Option<Seat> {
                $(
                    if let Some(m) = &self.$field
                        && let Some(s) = m.next_due(h, from)
                    {
                        return Some(s);
                    }
                )*
                None
            }

            /// Asks each module in order to take the seat due, which has no legal move, out of
            /// play ([`Module::on_no_move`]); true once one did.
            pub fn on_no_move<H: Host>(&self, h: &mut H, seat: Seat, mater: Seat) -> bool {
                $(
                    if let Some(m) = &self.$field
                        && m.on_no_move(h, seat, mater)
                    {
                        return true;
                    }
                )*
                false
            }

            /// Runs each module's [`Module::after_turn`] hook, in order.
            #[inline]
            pub fn after_turn<H: Host>(&self, h: &mut H, mover: Seat) {
                $(if let Some(m) = &self.$field { m.after_turn(h, mover); })*
            }

            /// Every end reason the present modules can give ([`Module::end_reasons`]), in
            /// registry order.
            pub fn end_reasons(&self) -> Vec<EndReason> {
                let mut out = Vec::new();
                $(if let Some(m) = &self.$field {
                    out.extend(m.end_reasons(self).into_iter().map(|i| ModuleId::$id.reason(i)));
                })*
                out
            }

            /// The name of module end reason `i` of module `id` ([`Module::reason_name`]);
            /// `None` if the module is off.
            pub fn reason_name(&self, id: ModuleId, i: u8) -> Option<String> {
                match id {
                    $(ModuleId::$id => self.$field.as_ref().map(|m| m.reason_name(i)),)*
                }
            }

            /// How module end reason `i` of module `id` ends a game stated in a position
            /// string ([`Module::stated_end`]); `None` if the module is off or the end field
            /// may not name it.
            pub fn stated_end(&self, id: ModuleId, i: u8) -> Option<ResultKind> {
                match id {
                    $(ModuleId::$id => self.$field.as_ref().and_then(|m| m.stated_end(i)),)*
                }
            }

            /// True if some present module has the gated hooks `want` asks for
            /// ([`Module::HOOKS`]).
            #[inline]
            fn any_hooks(&self, want: fn(Hooks) -> bool) -> bool {
                false $(|| (self.$field.is_some() && want(<$ty as Module>::HOOKS)))*
            }

            /// True if some module changes the turn order after a board move
            /// ([`Module::next_due`]).
            #[inline]
            pub fn reorders_turns(&self) -> bool {
                self.any_hooks(|h| h.next_due)
            }

            /// True if some module takes a seat with no legal move out of play and the game
            /// goes on ([`Module::on_no_move`]).
            #[inline]
            pub fn mates_go_on(&self) -> bool {
                self.any_hooks(|h| h.on_no_move)
            }

            /// True if some module has an [`Module::after_turn`] hook, so the engine runs them
            /// (a flag, to keep the move loop free of the call otherwise).
            #[inline]
            pub fn has_turn_hooks(&self) -> bool {
                self.any_hooks(|h| h.after_turn)
            }

            /// True if some module has an [`Module::after_move`] hook: a move may then do
            /// more than its own squares and rights say.
            #[inline]
            pub fn has_move_hooks(&self) -> bool {
                self.any_hooks(|h| h.after_move)
            }

            /// True if seats score points (a module with [`Hooks::scores`] is on).
            pub fn keeps_score(&self) -> bool {
                self.any_hooks(|h| h.scores)
            }
        }
    };
}

registry! {
    Dice dice: dice::DiceRules,
    Scoring scoring: scoring::Scoring,
    Formations formations: formation::Formations,
    Thrones thrones: throne::Thrones,
    Promotion promotion: promotion::FarPromotion,
    Flip flip: flip::Flips,
    InPlace in_place: in_place::InPlacePromotion,
    PromotionChoice promotion_choice: promotion_choice::PromotionChoice,
    CaptureAll capture_all: capture_all::CaptureAll,
    Hands hands: hands::Hands,
    Placement placement: placement::Placement,
    CheckInterrupt check_interrupt: check_interrupt::CheckInterrupt,
    Points points: points::Points,
    Mate mate: mate::Mate,
    PerpetualCheck perpetual_check: perpetual_check::PerpetualCheck,
    Teams teams: teams::Teams,
    TeamCheck team_check: team_check::TeamCheck,
    Resign resign: resign::Resign,
    FirstSeat first_seat: first_seat::RotateFirstSeat,
    Royal royal: royal::Royal,
    LastRoyal last_royal: last_royal::LastRoyal,
    NoMoves no_moves: no_moves::NoMoves,
    Repetition repetition: repetition::Repetition,
    MoveRule move_rule: move_rule::MoveRule,
    Facing facing: facing::Facing,
    Pass pass: pass::Pass,
    Bikjang bikjang: bikjang::Bikjang,
    MaterialCount material_count: material_count::MaterialCount,
    Castling castling: castling::Castling,
    Captures captures: captures::MandatoryCapture,
    CheckCount check_count: check_count::CheckCount,
    FirstMove first_move: first_move::FirstMove,
    MultiStep multi_step: multi_step::MultiStep,
    Counting counting: counting::Counting,
    CheckLimits check_limits: check_limits::CheckLimits,
    Explosions explosions: explosion::Explosions,
    Gating gating: gating::Gating,
    Enclose enclose: enclose::Enclose,
    Walls walls: walls::Walls,
    Petrify petrify: petrify::Petrify,
    MateRule mate_rule: mate_rule::MateRule,
    MoveRepetition move_repetition: move_repetition::MoveRepetition,
}

impl Modules {
    /// `seat`'s partners ([`teams`]; none without teams).
    #[inline]
    pub fn partners(&self, seat: Seat) -> SeatSet {
        self.teams
            .as_ref()
            .map_or(SeatSet::EMPTY, |t| t.partners[seat.index()])
    }

    /// The seats whose pieces give `seat` check, among `all` other seats: all of them, or only
    /// its opponents under [`team_check`].
    #[inline]
    pub fn checkers(&self, seat: Seat, all: SeatSet) -> SeatSet {
        match &self.team_check {
            Some(_) => all - self.partners(seat),
            None => all,
        }
    }
}

/// Reads `yaml` (a top-level mapping) with `M`'s schema: the spec and the problems' messages
/// (for the modules' unit tests).
#[cfg(test)]
pub(crate) fn read_with<M: Module>(yaml: &str) -> (Option<M::Spec>, Vec<String>) {
    let tree = crate::yaml::parse_yaml(&crate::diag::text_source("t.yaml", yaml)).unwrap();
    let mut r = Reader::default();
    let mut f = r.map(&tree, "a rule file").unwrap();
    let spec = M::read(&mut r, &mut f);
    (spec, r.errors.0.iter().map(|d| d.message.clone()).collect())
}
