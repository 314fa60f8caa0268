//! The rule modules, one file each, and their registry.
//!
//! A rule module is one unit, in the style of a Ludii ludeme or a Fairy-Stockfish variant
//! field: its file holds the keys it reads from a rule file (its schema, with defaults and
//! located errors), its compiled form, its engine hooks, its `explain` text and its event
//! names. [`registry!`] lists the modules once, in the order the engine runs their hooks —
//! the same order for every variant; adding a module means adding its file and one line there.
//!
//! Hooks are generic over [`Host`], the narrow game interface `engine::Position` implements, so
//! this layer depends only on `diag`, `geometry`, `vocab`, `stop`, `dsl` and `yaml`, never on
//! `spec`, `compile` or `engine`.

pub mod capture_all;
pub mod castling;
pub mod compose;
pub mod first_seat;
pub mod formation;
pub mod promotion;
pub mod resign;
pub mod scoring;
pub mod teams;
pub mod throne;

use crate::diag::{Diagnostic, Diagnostics};
use crate::geometry::{Board, Orientation, Square};
use crate::vocab::{Counters, Kind, Move, Outcome, Piece, Seat, SquareSet};
use crate::yaml::{Fields, Reader, Text, unknown_name};

/// The string at `node` with its node (for spans), or a problem in `r`.
pub fn text(r: &mut Reader, node: &crate::yaml::Node, what: &str) -> Option<Text> {
    r.string(node, what).map(|value| Text {
        value,
        node: node.clone(),
    })
}

/// What a rule module's hooks may read and change: implemented by `engine::Position`.
///
/// Every change goes through these methods, so it is logged in the current undo entry and the
/// position's hash stays in step.
pub trait Host {
    /// The piece on square `sq` (empty if none).
    fn piece(&self, sq: u8) -> Piece;
    /// Replaces the piece on `sq` by `after` (empty to remove), logged for undo.
    fn edit(&mut self, sq: u8, after: Piece);
    /// The game counters: scores, capture records, thrones, rounds, resignations, mates.
    fn counters(&self) -> &Counters;
    /// The game counters, to change (saved whole in every undo entry).
    fn counters_mut(&mut self) -> &mut Counters;
    /// How many pieces of `kind` `seat` has on the board.
    fn kind_count(&self, seat: Seat, kind: Kind) -> u8;
    /// The squares of `seat`'s pieces.
    fn occupancy(&self, seat: Seat) -> SquareSet;
    /// Bit mask of all seats of the variant.
    fn seat_mask(&self) -> u8;
    /// The board's size.
    fn board(&self) -> Board;
    /// True once per change that may have taken pieces from any seat other than by the move
    /// itself (a rule module's captures or edits in this action, a mate, a loaded position);
    /// reading it clears the flag it keeps for the position.
    fn take_any_loss(&mut self) -> bool;
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
    /// The board.
    pub board: Board,
    /// The distinct orientations of the seats, as `Variant::orients`.
    pub orients: &'a [Orientation],
    /// The index in `orients` of the first seat's orientation.
    pub first_orient: u8,
    /// Problems found.
    pub errs: &'a mut Diagnostics,
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

/// A rule module: one file, its keys, compiled form, hooks, explain text and events.
///
/// The hooks do nothing by default; the registry calls each present module's hook in list
/// order.
pub trait Module: Clone + std::fmt::Debug + Send + Sync + Sized + 'static {
    /// The module's name, as `explain` and errors show it.
    const NAME: &'static str;
    /// The top-level rule-file keys it owns (read by [`read`](Module::read)).
    const KEYS: &'static [&'static str];
    /// What the rule file says (read, not yet resolved against names).
    type Spec: Clone + std::fmt::Debug;

    /// Reads the module's keys from the rule file's top-level mapping `f`; `None` when they are
    /// absent (the module is off) or wrong (the problems are in `r`).
    fn read(r: &mut Reader, f: &mut Fields<'_>) -> Option<Self::Spec>;

    /// Compiles the spec; `None` if it is off or wrong (the problems are in `cx.errs`).
    fn compile(spec: &Self::Spec, cx: &mut Cx<'_>) -> Option<Self>;

    /// Refuses a combination with other modules the engine does not define, as a located
    /// error naming both keys.
    fn refuse(_spec: &Self::Spec, _all: &Specs) -> Option<Diagnostic> {
        None
    }

    /// The modules this one is refused with ([`compose::Refusal`], this module's name as
    /// `module`), as located errors naming both keys; see `docs/modules.md`.
    const REFUSES: &'static [compose::Refusal] = &[];

    /// The modules this one needs ([`compose::Need`]).
    const NEEDS: &'static [compose::Need] = &[];

    /// Lines for `explain`'s module section.
    fn explain(&self, _names: &Names<'_>) -> Vec<String> {
        Vec::new()
    }

    /// Lines for `explain`'s entry of piece kind `kind`.
    fn explain_kind(&self, _kind: Kind, _names: &Names<'_>) -> Vec<String> {
        Vec::new()
    }

    /// The names of the rule events it counts (for simulation reports).
    fn events(&self) -> Vec<String> {
        Vec::new()
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
}

/// Declares the registry: one line per module, `field: path::Type`, in hook order. Generates
/// [`Specs`], [`Modules`], [`read_all`], [`compile_all`], [`keys`] and the hook dispatchers.
macro_rules! registry {
    ($($field:ident: $ty:ty),* $(,)?) => {
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

        /// Every top-level key the modules own, in registry order.
        pub fn keys() -> Vec<&'static str> {
            let mut out = Vec::new();
            $(out.extend_from_slice(<$ty as Module>::KEYS);)*
            out
        }

        /// The composition table: every registry module's refusals and needs, then those of
        /// the modules not yet in the registry ([`compose::PENDING`]).
        pub fn refusal_table() -> (Vec<&'static compose::Refusal>, Vec<&'static compose::Need>) {
            let mut refused: Vec<&'static compose::Refusal> = Vec::new();
            let mut needs: Vec<&'static compose::Need> = Vec::new();
            $(
                refused.extend(<$ty as Module>::REFUSES.iter());
                needs.extend(<$ty as Module>::NEEDS.iter());
            )*
            refused.extend(compose::PENDING.iter());
            needs.extend(compose::PENDING_NEEDS.iter());
            (refused, needs)
        }

        /// Reads every module's keys from the rule file's top-level mapping.
        pub fn read_all(r: &mut Reader, f: &mut Fields<'_>) -> Specs {
            Specs { $($field: <$ty as Module>::read(r, f),)* }
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
                $(if let Some(m) = &self.$field { out.extend(m.explain(names)); })*
                out
            }

            /// Each present module's `explain` lines for piece kind `kind`, in registry order.
            pub fn explain_kind(&self, kind: Kind, names: &Names<'_>) -> Vec<String> {
                let mut out = Vec::new();
                $(if let Some(m) = &self.$field { out.extend(m.explain_kind(kind, names)); })*
                out
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
        }
    };
}

registry! {
    scoring: scoring::Scoring,
    formations: formation::Formations,
    thrones: throne::Thrones,
    promotion: promotion::FarPromotion,
    capture_all: capture_all::CaptureAll,
    teams: teams::Teams,
    resign: resign::Resign,
    first_seat: first_seat::RotateFirstSeat,
    castling: castling::Castling,
}

impl Modules {
    /// Bit mask of `seat`'s partners ([`teams`]; 0 without teams).
    #[inline]
    pub fn partners(&self, seat: Seat) -> u8 {
        self.teams.as_ref().map_or(0, |t| t.partners[seat.index()])
    }

    /// True if seats score points ([`scoring`], [`throne`] or [`capture_all`] is on).
    pub fn keeps_score(&self) -> bool {
        self.scoring.is_some() || self.thrones.is_some() || self.capture_all.is_some()
    }
}
