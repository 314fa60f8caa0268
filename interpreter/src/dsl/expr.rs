//! The expression language (grammar `grammar/expr.pest`) of end conditions and ranking keys:
//! `pieces(mover) <= 1`, `rounds_without_capture >= 12 and not bare(red)`, `score(seat) + 1`.
//!
//! # Syntax
//! - Literals: decimal integers (must fit an `i64`), `true`, `false`.
//! - Names `[a-z_][a-z0-9_]*`, optionally with up to three arguments in parentheses, names or
//!   integers: `score(seat)`, `count(pawn)`, `pieces(2)`, `on(mover, king, centre)`. What a name means is up to the caller's
//!   resolver ([`compile_expr`]). The keywords `and or not true false` are not names.
//! - Operators, lowest precedence first: `or`; `and`; prefix `not`; comparisons
//!   `== != < <= > >=` (non-associative: `a < b < c` is an error); `+ -`; `* / %`; prefix `-`.
//!   Binary operators are left-associative. Parentheses group; whitespace is free.
//!
//! # Types
//! `Int` and `Bool`. Arithmetic and `< <= > >=` take integers; `==`/`!=` take two values of
//! the same type; `and or not` take booleans. Type errors point at the offending operand.
//!
//! # Evaluation
//! [`compile_expr`] type-checks and resolves an expression into an [`Expr`]: a flat postfix
//! program evaluated on a fixed stack, without allocation. Booleans are 0 and 1; arithmetic
//! wraps on overflow; division or remainder by zero gives 0.

mod ast;
mod compile;
#[cfg(test)]
mod tests;

use std::cell::RefCell;
use std::fmt;
use std::sync::LazyLock;

use pest::Parser;
use pest::iterators::{Pair, Pairs};
use pest::pratt_parser::{Assoc, Op, PrattParser};

pub use self::ast::{Ast, AstKind, BinaryOp, UnaryOp};
pub use self::compile::{Expr, Resolver, compile_expr};
use super::error::from_pest;
use crate::dsl::{DslError, DslErrorKind};

mod grammar {
    #[derive(pest_derive::Parser)]
    #[grammar = "../../grammar/expr.pest"]
    pub(super) struct ExprParser;
}
use grammar::{ExprParser, Rule};

/// The type of an expression or a name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    /// A 64-bit signed integer.
    Int,
    /// A boolean (evaluated as 0 or 1).
    Bool,
}

impl Type {
    /// `an integer` or `a boolean`, for messages.
    pub fn with_article(self) -> &'static str {
        match self {
            Type::Int => "an integer",
            Type::Bool => "a boolean",
        }
    }
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Type::Int => "integer",
            Type::Bool => "boolean",
        })
    }
}

/// An argument of a name: `seat` in `score(seat)`, `2` in `pieces(2)`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Arg {
    /// A name argument.
    Name(String),
    /// An integer argument.
    Int(i64),
}

impl fmt::Display for Arg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Arg::Name(name) => f.write_str(name),
            Arg::Int(value) => write!(f, "{value}"),
        }
    }
}

/// What a name resolves to: an opaque id the caller understands, and its type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Resolved {
    /// The id passed back to the `quantity` callback of [`Expr::eval`].
    pub id: u32,
    /// The type of the quantity (a `Bool` quantity is true when non-zero).
    pub ty: Type,
}

pub use super::error::{Refusal, ResolveError};

/// The Pratt parser: precedence and associativity of the operators, lowest first.
static PRATT: LazyLock<PrattParser<Rule>> = LazyLock::new(|| {
    PrattParser::new()
        .op(Op::infix(Rule::or, Assoc::Left))
        .op(Op::infix(Rule::and, Assoc::Left))
        .op(Op::prefix(Rule::not))
        .op(Op::infix(Rule::eq, Assoc::Left)
            | Op::infix(Rule::ne, Assoc::Left)
            | Op::infix(Rule::lt, Assoc::Left)
            | Op::infix(Rule::le, Assoc::Left)
            | Op::infix(Rule::gt, Assoc::Left)
            | Op::infix(Rule::ge, Assoc::Left))
        .op(Op::infix(Rule::add, Assoc::Left) | Op::infix(Rule::sub, Assoc::Left))
        .op(Op::infix(Rule::mul, Assoc::Left)
            | Op::infix(Rule::div, Assoc::Left)
            | Op::infix(Rule::rem, Assoc::Left))
        .op(Op::prefix(Rule::neg))
});

/// The longest expression accepted, in bytes: a bound on the nesting depth, so that parsing,
/// compiling and printing never run out of stack.
pub const MAX_LEN: usize = 1024;

/// Parse an expression into an [`Ast`], collecting every problem.
///
/// Errors: an empty expression; one longer than [`MAX_LEN`] bytes; a syntax error (at the unexpected character); an integer
/// literal that does not fit an `i64` (at the literal); chained comparisons `a < b < c` (at
/// the second operator).
///
/// ```
/// use ashtapada::dsl::expr::parse_expr;
/// let ast = parse_expr("1 + 2*x  >= 3").unwrap();
/// assert_eq!(ast.to_string(), "1 + 2 * x >= 3");
/// assert_eq!(parse_expr("a < b < c").unwrap_err()[0].span, 6..7);
/// ```
pub fn parse_expr(src: &str) -> Result<Ast, Vec<DslError>> {
    if src.trim().is_empty() {
        return Err(vec![
            DslError::new(0..src.len(), DslErrorKind::EmptyExpression).with_help(
                "write a condition such as `bare(opponent)` or `pieces(mover) <= 1`, or a \
                     value such as `score(seat)`",
            ),
        ]);
    }
    if src.len() > MAX_LEN {
        return Err(vec![
            DslError::new(
                0..src.len(),
                DslErrorKind::ExpressionTooLong {
                    len: src.len(),
                    max: MAX_LEN,
                },
            )
            .with_help(
                "shorten it: a condition whose parts are joined by `or` can be split into \
                 several conditions with the same result",
            ),
        ]);
    }
    let pairs = ExprParser::parse(Rule::expression, src).map_err(|e| {
        let error = from_pest(&e, src, rule_name);
        let help = src.get(error.span.clone()).and_then(syntax_help);
        vec![match help {
            Some(help) => error.with_help(help),
            None => error,
        }]
    })?;
    let errors = RefCell::new(Vec::new());
    let expr = pairs
        .flatten()
        .find(|p| p.as_rule() == Rule::expr)
        .map(|p| build(p.into_inner(), &errors));
    let errors = errors.into_inner();
    match expr {
        Some(ast) if errors.is_empty() => Ok(ast),
        _ => Err(errors),
    }
}

/// Friendly names of the rules pest may list as expected, ranked for the list.
fn rule_name(rule: &Rule) -> Option<(u8, &'static str)> {
    Some(match rule {
        Rule::expression | Rule::expr => (0, "an expression"),
        Rule::int => (1, "a number"),
        Rule::call | Rule::ident | Rule::arg_name => (2, "a name"),
        Rule::boolean => (3, "`true`, `false`"),
        Rule::not => (4, "`not`"),
        Rule::neg => (5, "`-`"),
        Rule::paren => (6, "`(`"),
        Rule::close => (7, "`)`"),
        Rule::or
        | Rule::and
        | Rule::eq
        | Rule::ne
        | Rule::lt
        | Rule::le
        | Rule::gt
        | Rule::ge
        | Rule::add
        | Rule::sub
        | Rule::mul
        | Rule::div
        | Rule::rem => (8, "an operator"),
        Rule::EOI => (9, "the end of the expression"),
        _ => return None,
    })
}

/// A help line for a common slip at the unexpected text.
fn syntax_help(text: &str) -> Option<&'static str> {
    match text.chars().next()? {
        '=' => Some("compare with `==`"),
        '&' => Some("write `and`"),
        '|' => Some("write `or`"),
        '!' => Some("write `not`, or `!=` to compare"),
        c if c.is_ascii_uppercase() => Some("names are written in lower case"),
        _ => None,
    }
}

/// Fold a flat `expr` pair sequence into an [`Ast`] with the Pratt parser.
fn build(pairs: Pairs<'_, Rule>, errors: &RefCell<Vec<DslError>>) -> Ast {
    PRATT
        .map_primary(|p| primary(p, errors))
        .map_prefix(|op, operand| {
            let op_kind = if op.as_rule() == Rule::not {
                UnaryOp::Not
            } else {
                UnaryOp::Neg
            };
            // `-9223372036854775808`, the smallest integer: its digits alone are one too many.
            if op_kind == UnaryOp::Neg
                && matches!(operand.kind, AstKind::Int(i64::MIN))
                && errors
                    .borrow()
                    .last()
                    .is_some_and(|e| e.span == operand.span)
            {
                errors.borrow_mut().pop();
                return Ast {
                    span: op.as_span().start()..operand.span.end,
                    kind: AstKind::Int(i64::MIN),
                };
            }
            Ast {
                span: op.as_span().start()..operand.span.end,
                kind: AstKind::Unary {
                    op: op_kind,
                    operand: Box::new(operand),
                },
            }
        })
        .map_infix(|lhs, op, rhs| {
            let op_span = op.as_span().start()..op.as_span().end();
            let op = binary_op(op.as_rule());
            if op.is_comparison()
                && let AstKind::Binary { op: first, .. } = &lhs.kind
                && first.is_comparison()
            {
                errors.borrow_mut().push(
                    DslError::new(op_span.clone(), DslErrorKind::ChainedComparison)
                        .with_help("join two comparisons with `and`, e.g. `a < b and b < c`"),
                );
            }
            Ast {
                span: lhs.span.start..rhs.span.end,
                kind: AstKind::Binary {
                    op,
                    op_span,
                    lhs: Box::new(lhs),
                    rhs: Box::new(rhs),
                },
            }
        })
        .parse(pairs)
}

/// The operator of an infix rule.
fn binary_op(rule: Rule) -> BinaryOp {
    match rule {
        Rule::or => BinaryOp::Or,
        Rule::and => BinaryOp::And,
        Rule::eq => BinaryOp::Eq,
        Rule::ne => BinaryOp::Ne,
        Rule::lt => BinaryOp::Lt,
        Rule::le => BinaryOp::Le,
        Rule::gt => BinaryOp::Gt,
        Rule::ge => BinaryOp::Ge,
        Rule::add => BinaryOp::Add,
        Rule::sub => BinaryOp::Sub,
        Rule::mul => BinaryOp::Mul,
        Rule::div => BinaryOp::Div,
        _ => BinaryOp::Rem,
    }
}

/// An operand: literal, name or parenthesised expression.
fn primary(pair: Pair<'_, Rule>, errors: &RefCell<Vec<DslError>>) -> Ast {
    let span = pair.as_span().start()..pair.as_span().end();
    let kind = match pair.as_rule() {
        Rule::int => AstKind::Int(int_literal(&pair, errors)),
        Rule::boolean => AstKind::Bool(pair.as_str() == "true"),
        Rule::paren => {
            let inner = pair.into_inner().find(|p| p.as_rule() == Rule::expr);
            let inner = inner.map_or(
                Ast {
                    kind: AstKind::Int(0),
                    span: span.clone(),
                },
                |p| build(p.into_inner(), errors),
            );
            AstKind::Paren(Box::new(inner))
        }
        _ => {
            let mut inner = pair.into_inner();
            let name = inner.next().map_or("", |p| p.as_str()).to_owned();
            let args = inner
                .filter_map(|p| match p.as_rule() {
                    Rule::int => Some(Arg::Int(int_literal(&p, errors))),
                    Rule::ident | Rule::arg_name => Some(Arg::Name(p.as_str().to_owned())),
                    _ => None,
                })
                .collect();
            AstKind::Name { name, args }
        }
    };
    Ast { kind, span }
}

/// The value of an integer literal, or 0 with an error at the literal if it overflows
/// (`i64::MIN` for `9223372036854775808`, which is in range after a `-`; the prefix takes the
/// error back).
fn int_literal(pair: &Pair<'_, Rule>, errors: &RefCell<Vec<DslError>>) -> i64 {
    pair.as_str().parse().unwrap_or_else(|_| {
        let span = pair.as_span();
        let min = pair.as_str() == "9223372036854775808";
        errors.borrow_mut().push(
            DslError::new(
                span.start()..span.end(),
                DslErrorKind::IntegerTooLarge(span.as_str().to_owned()),
            )
            .with_help(format!("integers range from {} to {}", i64::MIN, i64::MAX)),
        );
        if min { i64::MIN } else { 0 }
    })
}
