//! The parsed form of an expression: [`Ast`] nodes with spans, and their normalised
//! `Display`.

use std::fmt;
use std::ops::Range;

use super::Arg;

/// A prefix operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    /// `not`: boolean negation.
    Not,
    /// `-`: integer negation.
    Neg,
}

/// An infix operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    /// `or`
    Or,
    /// `and`
    And,
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/` (truncating; by zero gives 0)
    Div,
    /// `%` (sign of the dividend; by zero gives 0)
    Rem,
}

impl BinaryOp {
    /// The operator as written.
    pub fn symbol(self) -> &'static str {
        match self {
            BinaryOp::Or => "or",
            BinaryOp::And => "and",
            BinaryOp::Eq => "==",
            BinaryOp::Ne => "!=",
            BinaryOp::Lt => "<",
            BinaryOp::Le => "<=",
            BinaryOp::Gt => ">",
            BinaryOp::Ge => ">=",
            BinaryOp::Add => "+",
            BinaryOp::Sub => "-",
            BinaryOp::Mul => "*",
            BinaryOp::Div => "/",
            BinaryOp::Rem => "%",
        }
    }

    /// Whether this is one of `== != < <= > >=`.
    pub fn is_comparison(self) -> bool {
        matches!(
            self,
            BinaryOp::Eq | BinaryOp::Ne | BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge
        )
    }

    /// Binding strength, higher binds tighter (`or` 1 … `* / %` 6; `not` is 3, `-` 7).
    pub(super) fn precedence(self) -> u8 {
        match self {
            BinaryOp::Or => 1,
            BinaryOp::And => 2,
            op if op.is_comparison() => 4,
            BinaryOp::Add | BinaryOp::Sub => 5,
            _ => 6,
        }
    }
}

/// A parsed expression node with its byte span in the source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ast {
    /// What the node is.
    pub kind: AstKind,
    /// Byte range in the source (a parenthesised node includes its parentheses).
    pub span: Range<usize>,
}

/// The kinds of [`Ast`] node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AstKind {
    /// An integer literal.
    Int(i64),
    /// `true` or `false`.
    Bool(bool),
    /// A name, with its arguments if any (at most two).
    Name {
        /// The name.
        name: String,
        /// The arguments in parentheses.
        args: Vec<Arg>,
    },
    /// A prefix operator applied to an operand.
    Unary {
        /// The operator.
        op: UnaryOp,
        /// The operand.
        operand: Box<Ast>,
    },
    /// An infix operator.
    Binary {
        /// The operator.
        op: BinaryOp,
        /// Byte range of the operator.
        op_span: Range<usize>,
        /// Left operand.
        lhs: Box<Ast>,
        /// Right operand.
        rhs: Box<Ast>,
    },
    /// A parenthesised expression (kept so that `(a < b) == c` is not a chained comparison).
    Paren(Box<Ast>),
}

impl Ast {
    /// This node without its parentheses.
    pub fn unparenthesised(&self) -> &Ast {
        match &self.kind {
            AstKind::Paren(inner) => inner.unparenthesised(),
            _ => self,
        }
    }

    /// Binding strength of the node's outermost operator (8 for operands).
    fn precedence(&self) -> u8 {
        match &self.unparenthesised().kind {
            AstKind::Unary {
                op: UnaryOp::Not, ..
            } => 3,
            AstKind::Unary {
                op: UnaryOp::Neg, ..
            } => 7,
            AstKind::Binary { op, .. } => op.precedence(),
            _ => 8,
        }
    }
}

/// The normalised source form: single spaces around infix operators, parentheses only where
/// precedence needs them.
impl fmt::Display for Ast {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let paren = |f: &mut fmt::Formatter<'_>, node: &Ast, needed: bool| {
            if needed {
                write!(f, "({node})")
            } else {
                write!(f, "{node}")
            }
        };
        match &self.kind {
            AstKind::Int(value) => write!(f, "{value}"),
            AstKind::Bool(value) => write!(f, "{value}"),
            AstKind::Name { name, args } if args.is_empty() => f.write_str(name),
            AstKind::Name { name, args } => {
                let list: Vec<String> = args.iter().map(ToString::to_string).collect();
                write!(f, "{name}({})", list.join(", "))
            }
            AstKind::Paren(inner) => write!(f, "{inner}"),
            AstKind::Unary { op, operand } => {
                let (text, prec) = match op {
                    UnaryOp::Not => ("not ", 3),
                    UnaryOp::Neg => ("-", 7),
                };
                f.write_str(text)?;
                paren(f, operand, operand.precedence() < prec)
            }
            AstKind::Binary { op, lhs, rhs, .. } => {
                let prec = op.precedence();
                let (l, r) = (lhs.precedence(), rhs.precedence());
                paren(f, lhs, l < prec || (op.is_comparison() && l == prec))?;
                write!(f, " {} ", op.symbol())?;
                paren(f, rhs, r <= prec)
            }
        }
    }
}
