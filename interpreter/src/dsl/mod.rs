//! The small languages inside rule files, parsed with pest: Betza movement notation
//! ([`betza`], grammar `grammar/betza.pest`) and the expression language of end conditions and
//! ranking keys ([`expr`], grammar `grammar/expr.pest`).
//!
//! Every problem is a [`DslError`] located by a byte range into the DSL string; the parsers
//! collect all the problems they can instead of stopping at the first. [`suggest()`] picks the
//! "did you mean" candidate for any unknown name.

pub mod betza;
mod error;
pub mod expr;
mod suggest;

pub use betza::{BetzaMove, Group, Hop, Legs, Modality, Step, lame_path, parse_betza};
pub(crate) use error::join_or;
pub use error::{DslError, DslErrorKind, Fault, Refusal, ResolveError};
pub use expr::{
    Arg, Ast, AstKind, BinaryOp, Expr, Resolved, Resolver, Type, UnaryOp, compile_expr, parse_expr,
};
pub use suggest::suggest;
