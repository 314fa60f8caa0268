//! Type checking, name resolution and code generation: [`compile_expr`] and [`Expr`].

use std::fmt;

use super::{Arg, Ast, AstKind, BinaryOp, ResolveError, Resolved, Type, UnaryOp, parse_expr};
use crate::dsl::{DslError, DslErrorKind};

/// The resolver [`compile_expr`] asks about each name (with its arguments, if any).
pub type Resolver<'a> = dyn Fn(&str, &[Arg]) -> Result<Resolved, ResolveError> + 'a;

/// The most operands pending at once while evaluating; deeper expressions are refused at
/// compile time.
const STACK: usize = 32;

/// One instruction of the postfix program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Instr {
    /// Push a constant.
    Const(i64),
    /// Push an integer quantity.
    Load(u32),
    /// Push a boolean quantity, normalised to 0 or 1.
    LoadBool(u32),
    /// Replace the top with its boolean negation.
    Not,
    /// Replace the top with its (wrapping) negation.
    Neg,
    /// Pop the top two and push the result.
    Bin(BinaryOp),
}

/// A compiled expression: a flat postfix program, cheap to clone and to evaluate.
///
/// `Display` gives the normalised source form (single spaces, minimal parentheses).
///
/// ```
/// use ashtapada::dsl::expr::{Refusal, Resolved, ResolveError, Type, compile_expr};
/// let resolve = |name: &str, _: &[_]| match name {
///     "kings_on_board" => Ok(Resolved { id: 7, ty: Type::Int }),
///     _ => Err(ResolveError { reason: Refusal::UnknownQuantity(name.into()), help: None }),
/// };
/// let expr = compile_expr("kings_on_board<=1", Type::Bool, &resolve).unwrap();
/// assert_eq!(expr.to_string(), "kings_on_board <= 1");
/// assert_eq!(expr.quantities(), [7]);
/// assert_eq!(expr.eval(&mut |_| 1), 1);
/// assert_eq!(expr.eval(&mut |_| 3), 0);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expr {
    code: Vec<Instr>,
    quantities: Vec<u32>,
    ty: Type,
    text: String,
}

impl Expr {
    /// Evaluate, asking `quantity` for the value of each resolved name id (a `Bool` quantity
    /// is true when non-zero). Booleans come out as 0 or 1. Never allocates or panics:
    /// arithmetic wraps, division or remainder by zero gives 0.
    ///
    /// Generic over the quantity source, so that each caller's lookup is inlined into the
    /// evaluation rather than called through a pointer (end conditions are judged after
    /// every turn).
    #[inline]
    pub fn eval(&self, quantity: &mut impl FnMut(u32) -> i64) -> i64 {
        // The usual end condition is one comparison of two operands (`rounds >= 30`): worked
        // out directly, without the stack (measured: a tenth of a Chaturaji playout's
        // instructions went to evaluating the four conditions after each move).
        if let [a, b, Instr::Bin(op)] = self.code[..]
            && let (Some(a), Some(b)) = (operand(a, quantity), operand(b, quantity))
        {
            return apply(op, a, b);
        }
        let mut stack = [0i64; STACK];
        let mut sp = 0usize;
        for instr in &self.code {
            let value = match *instr {
                Instr::Const(value) => value,
                Instr::Load(id) => quantity(id),
                Instr::LoadBool(id) => i64::from(quantity(id) != 0),
                Instr::Not | Instr::Neg | Instr::Bin(_) => {
                    let rhs = stack.get(sp.wrapping_sub(1)).copied().unwrap_or(0);
                    if let Instr::Bin(op) = *instr {
                        sp = sp.saturating_sub(1);
                        if let Some(lhs) = stack.get_mut(sp.wrapping_sub(1)) {
                            *lhs = apply(op, *lhs, rhs);
                        }
                    } else if let Some(top) = stack.get_mut(sp.wrapping_sub(1)) {
                        *top = match *instr {
                            Instr::Not => i64::from(rhs == 0),
                            _ => rhs.wrapping_neg(),
                        };
                    }
                    continue;
                }
            };
            if let Some(slot) = stack.get_mut(sp) {
                *slot = value;
            }
            sp = sp.saturating_add(1);
        }
        stack[0]
    }

    /// [`Expr::eval`] as a boolean (non-zero is true).
    pub fn eval_bool(&self, quantity: &mut impl FnMut(u32) -> i64) -> bool {
        self.eval(quantity) != 0
    }

    /// The ids of the quantities the expression reads, each once, in order of first use.
    pub fn quantities(&self) -> Vec<u32> {
        self.quantities.clone()
    }

    /// The type of the expression (the `expected` type it was compiled for).
    pub fn ty(&self) -> Type {
        self.ty
    }
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// The value of an instruction that pushes one value (a constant or a quantity), or `None`
/// for an operator.
#[inline]
fn operand(instr: Instr, quantity: &mut impl FnMut(u32) -> i64) -> Option<i64> {
    match instr {
        Instr::Const(value) => Some(value),
        Instr::Load(id) => Some(quantity(id)),
        Instr::LoadBool(id) => Some(i64::from(quantity(id) != 0)),
        Instr::Not | Instr::Neg | Instr::Bin(_) => None,
    }
}

/// Apply an infix operator to two values (booleans as 0/1).
fn apply(op: BinaryOp, a: i64, b: i64) -> i64 {
    match op {
        BinaryOp::Or => i64::from(a != 0 || b != 0),
        BinaryOp::And => i64::from(a != 0 && b != 0),
        BinaryOp::Eq => i64::from(a == b),
        BinaryOp::Ne => i64::from(a != b),
        BinaryOp::Lt => i64::from(a < b),
        BinaryOp::Le => i64::from(a <= b),
        BinaryOp::Gt => i64::from(a > b),
        BinaryOp::Ge => i64::from(a >= b),
        BinaryOp::Add => a.wrapping_add(b),
        BinaryOp::Sub => a.wrapping_sub(b),
        BinaryOp::Mul => a.wrapping_mul(b),
        BinaryOp::Div if b == 0 => 0,
        BinaryOp::Div => a.wrapping_div(b),
        BinaryOp::Rem if b == 0 => 0,
        BinaryOp::Rem => a.wrapping_rem(b),
    }
}

/// Parse, type-check against `expected` and resolve every name, collecting all errors.
///
/// `resolve` is asked once per occurrence of a name, with its argument; its refusal becomes a
/// [`DslError`] at the name (and argument). Errors: those of
/// [`parse_expr`]; a refused name; an operand of the wrong type (at the
/// operand, "expected a boolean, found an integer"); a whole expression of the wrong type (at
/// the expression); an expression nested too deeply to evaluate on the fixed stack.
pub fn compile_expr(
    src: &str,
    expected: Type,
    resolve: &Resolver<'_>,
) -> Result<Expr, Vec<DslError>> {
    let ast = parse_expr(src)?;
    let mut compiler = Compiler {
        resolve,
        code: Vec::new(),
        quantities: Vec::new(),
        errors: Vec::new(),
        depth: 0,
        max_depth: 0,
    };
    let ty = compiler.expr(&ast);
    if let Some(ty) = ty
        && ty != expected
    {
        let help = match expected {
            Type::Bool => "a condition is a boolean: compare the value, e.g. `… >= 1`",
            Type::Int => "a value is needed here, not a condition",
        };
        compiler.errors.push(
            DslError::new(
                ast.span.clone(),
                DslErrorKind::Mismatch {
                    expected,
                    found: ty,
                },
            )
            .with_help(help),
        );
    }
    if compiler.max_depth > STACK {
        compiler.errors.push(
            DslError::new(ast.span.clone(), DslErrorKind::TooDeep)
                .with_help(format!("at most {STACK} operands may be pending at once")),
        );
    }
    if !compiler.errors.is_empty() {
        compiler.errors.sort_by_key(|e| e.span.start);
        return Err(compiler.errors);
    }
    Ok(Expr {
        code: compiler.code,
        quantities: compiler.quantities,
        ty: expected,
        text: ast.to_string(),
    })
}

/// The state of one compilation.
struct Compiler<'r> {
    resolve: &'r Resolver<'r>,
    code: Vec<Instr>,
    quantities: Vec<u32>,
    errors: Vec<DslError>,
    depth: usize,
    max_depth: usize,
}

impl Compiler<'_> {
    /// Emit an instruction, tracking the stack depth.
    fn emit(&mut self, instr: Instr) {
        match instr {
            Instr::Const(_) | Instr::Load(_) | Instr::LoadBool(_) => {
                self.depth += 1;
                self.max_depth = self.max_depth.max(self.depth);
            }
            Instr::Bin(_) => self.depth = self.depth.saturating_sub(1),
            Instr::Not | Instr::Neg => {}
        }
        self.code.push(instr);
    }

    /// Compile a node; its type, or `None` if it is unknown after an error (no further errors
    /// are reported about it).
    fn expr(&mut self, ast: &Ast) -> Option<Type> {
        match &ast.kind {
            AstKind::Int(value) => {
                self.emit(Instr::Const(*value));
                Some(Type::Int)
            }
            AstKind::Bool(value) => {
                self.emit(Instr::Const(i64::from(*value)));
                Some(Type::Bool)
            }
            AstKind::Name { name, args } => match (self.resolve)(name, args) {
                Ok(Resolved { id, ty }) => {
                    self.emit(match ty {
                        Type::Int => Instr::Load(id),
                        Type::Bool => Instr::LoadBool(id),
                    });
                    if !self.quantities.contains(&id) {
                        self.quantities.push(id);
                    }
                    Some(ty)
                }
                Err(ResolveError { reason, help }) => {
                    self.errors.push(DslError {
                        span: ast.span.clone(),
                        kind: DslErrorKind::Refused(reason),
                        help,
                    });
                    self.emit(Instr::Const(0));
                    None
                }
            },
            AstKind::Paren(inner) => self.expr(inner),
            AstKind::Unary { op, operand } => {
                let got = self.expr(operand);
                let (want, symbol, instr) = match op {
                    UnaryOp::Not => (Type::Bool, "not", Instr::Not),
                    UnaryOp::Neg => (Type::Int, "-", Instr::Neg),
                };
                self.expect(operand, got, want, symbol);
                self.emit(instr);
                Some(want)
            }
            AstKind::Binary { op, lhs, rhs, .. } => {
                let (l, r) = (self.expr(lhs), self.expr(rhs));
                let result = match op {
                    BinaryOp::Or | BinaryOp::And => {
                        self.expect(lhs, l, Type::Bool, op.symbol());
                        self.expect(rhs, r, Type::Bool, op.symbol());
                        Type::Bool
                    }
                    BinaryOp::Eq | BinaryOp::Ne => {
                        if let (Some(l), Some(r)) = (l, r)
                            && l != r
                        {
                            self.mismatch(
                                rhs,
                                l,
                                r,
                                format!("both sides of `{}` must have the same type", op.symbol()),
                            );
                        }
                        Type::Bool
                    }
                    _ => {
                        self.expect(lhs, l, Type::Int, op.symbol());
                        self.expect(rhs, r, Type::Int, op.symbol());
                        if op.is_comparison() {
                            Type::Bool
                        } else {
                            Type::Int
                        }
                    }
                };
                self.emit(Instr::Bin(*op));
                Some(result)
            }
        }
    }

    /// Report `ast` unless its type `got` is `want` (or unknown).
    fn expect(&mut self, ast: &Ast, got: Option<Type>, want: Type, symbol: &str) {
        if let Some(got) = got
            && got != want
        {
            let plural = match want {
                Type::Int => "integers",
                Type::Bool => "booleans",
            };
            self.mismatch(
                ast,
                want,
                got,
                format!("the operands of `{symbol}` are {plural}"),
            );
        }
    }

    /// An "expected …, found …" error at `ast`.
    fn mismatch(&mut self, ast: &Ast, want: Type, got: Type, help: String) {
        self.errors.push(
            DslError::new(
                ast.span.clone(),
                DslErrorKind::Mismatch {
                    expected: want,
                    found: got,
                },
            )
            .with_help(help),
        );
    }
}
