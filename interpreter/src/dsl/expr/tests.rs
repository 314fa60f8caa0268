//! Tests of the expression language: precedence, types, errors with exact spans, evaluation.

use std::ops::Range;

use pest::{consumes_to, parses_to};

use super::grammar::{ExprParser, Rule};
use super::*;
use crate::dsl::suggest;

/// The tree of `ast` as an s-expression, without spans or parentheses nodes.
fn sx(ast: &Ast) -> String {
    match &ast.kind {
        AstKind::Int(v) => v.to_string(),
        AstKind::Bool(b) => b.to_string(),
        AstKind::Name { name, args } if args.is_empty() => name.clone(),
        AstKind::Name { name, args } => format!(
            "{name}[{}]",
            args.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(",")
        ),
        AstKind::Paren(inner) => sx(inner),
        AstKind::Unary { op, operand } => {
            let op = if *op == UnaryOp::Not { "not" } else { "neg" };
            format!("({op} {})", sx(operand))
        }
        AstKind::Binary { op, lhs, rhs, .. } => {
            format!("({} {} {})", op.symbol(), sx(lhs), sx(rhs))
        }
    }
}

/// The s-expression of `src`, which must parse.
fn tree(src: &str) -> String {
    sx(&parse_expr(src).unwrap_or_else(|e| panic!("{src}: {e:?}")))
}

const NAMES: [&str; 5] = [
    "kings_on_board",
    "rounds_without_capture",
    "score",
    "bare",
    "x",
];

/// A resolver for the tests: a few integer and boolean quantities.
fn resolver(name: &str, args: &[Arg]) -> Result<Resolved, ResolveError> {
    let arg = args.first();
    let int = |id| Ok(Resolved { id, ty: Type::Int });
    let boolean = |id| Ok(Resolved { id, ty: Type::Bool });
    match (name, arg) {
        ("kings_on_board", None) => int(1),
        ("rounds_without_capture", None) => int(2),
        ("score", Some(Arg::Name(seat))) if seat == "seat" => int(3),
        ("bare", Some(Arg::Name(_))) => boolean(4),
        ("x", None) => int(5),
        ("p", None) => boolean(6),
        ("q", None) => boolean(7),
        ("pieces", Some(&Arg::Int(n))) if (0..10).contains(&n) => int(100 + n as u32),
        ("score", _) => Err(ResolveError {
            reason: Refusal::NeedsSeat("score".to_owned()),
            help: Some("write `score(seat)`".to_owned()),
        }),
        _ => Err(ResolveError {
            reason: Refusal::UnknownQuantity(name.to_owned()),
            help: suggest(name, NAMES).map(|s| format!("did you mean `{s}`?")),
        }),
    }
}

/// Compile `src` for `ty` with the test resolver.
fn compile(src: &str, ty: Type) -> Result<Expr, Vec<DslError>> {
    compile_expr(src, ty, &resolver)
}

/// The errors of compiling `src` for `ty`, as `(span, message)`.
fn errors(src: &str, ty: Type) -> Vec<(Range<usize>, String)> {
    compile(src, ty)
        .expect_err(src)
        .into_iter()
        .map(|e| (e.span.clone(), e.message()))
        .collect()
}

/// Evaluate `src` (an integer or boolean expression) with the quantity values below.
fn eval(src: &str) -> i64 {
    let ty = if compile(src, Type::Int).is_ok() {
        Type::Int
    } else {
        Type::Bool
    };
    let expr = compile(src, ty).unwrap_or_else(|e| panic!("{src}: {e:?}"));
    expr.eval(&mut |id| match id {
        1 => 2,  // kings_on_board
        2 => 12, // rounds_without_capture
        3 => 41, // score(seat)
        4 => 5,  // bare(…): any non-zero is true
        5 => 7,  // x
        6 => 1,  // p
        7 => 0,  // q
        n => i64::from(n) - 100,
    })
}

#[test]
fn ast_with_spans() {
    let ast = parse_expr("score(seat) + 1").unwrap();
    let expected = Ast {
        span: 0..15,
        kind: AstKind::Binary {
            op: BinaryOp::Add,
            op_span: 12..13,
            lhs: Box::new(Ast {
                span: 0..11,
                kind: AstKind::Name {
                    name: "score".to_owned(),
                    args: vec![Arg::Name("seat".to_owned())],
                },
            }),
            rhs: Box::new(Ast {
                span: 14..15,
                kind: AstKind::Int(1),
            }),
        },
    };
    assert_eq!(ast, expected);
    let ast = parse_expr(" (not p) ").unwrap();
    assert_eq!(ast.span, 1..8);
    let AstKind::Paren(inner) = &ast.kind else {
        panic!("{ast:?}")
    };
    assert_eq!(inner.span, 2..7);
    assert_eq!(
        parse_expr("pieces(2)").unwrap().kind,
        AstKind::Name {
            name: "pieces".to_owned(),
            args: vec![Arg::Int(2)],
        }
    );
}

#[test]
fn grammar_rules() {
    parses_to! { parser: ExprParser, input: "score(seat) >= 12", rule: Rule::expression,
    tokens: [expression(0, 17, [expr(0, 17, [
        call(0, 11, [ident(0, 5), arg_name(6, 10), close(10, 11)]),
        ge(12, 14),
        int(15, 17),
    ]), EOI(17, 17)])] };
    parses_to! { parser: ExprParser, input: "not (true) - -2", rule: Rule::expr,
    tokens: [expr(0, 15, [
        not(0, 3),
        paren(4, 10, [expr(5, 9, [boolean(5, 9)]), close(9, 10)]),
        sub(11, 12),
        neg(13, 14),
        int(14, 15),
    ])] };
    parses_to! { parser: ExprParser, input: "a or b and c%d", rule: Rule::expr,
    tokens: [expr(0, 14, [
        call(0, 1, [ident(0, 1)]), or(2, 4), call(5, 6, [ident(5, 6)]), and(7, 10),
        call(11, 12, [ident(11, 12)]), rem(12, 13), call(13, 14, [ident(13, 14)]),
    ])] };
}

#[test]
fn precedence() {
    assert_eq!(tree("1 + 2 * 3"), "(+ 1 (* 2 3))");
    assert_eq!(tree("1 * 2 + 3"), "(+ (* 1 2) 3)");
    assert_eq!(tree("a or b and c"), "(or a (and b c))");
    assert_eq!(tree("a and b or c"), "(or (and a b) c)");
    assert_eq!(tree("not a and b"), "(and (not a) b)");
    assert_eq!(tree("not a < b"), "(not (< a b))");
    assert_eq!(tree("a < b + 1"), "(< a (+ b 1))");
    assert_eq!(tree("-a * b"), "(* (neg a) b)");
    assert_eq!(tree("- -a"), "(neg (neg a))");
    assert_eq!(tree("a - -b"), "(- a (neg b))");
    assert_eq!(tree("(1 + 2) * 3"), "(* (+ 1 2) 3)");
    assert_eq!(
        tree("rounds_without_capture >= 12 and not bare(red)"),
        "(and (>= rounds_without_capture 12) (not bare[red]))"
    );
}

#[test]
fn left_associativity() {
    assert_eq!(tree("a - b - c"), "(- (- a b) c)");
    assert_eq!(tree("a / b % c * d"), "(* (% (/ a b) c) d)");
    assert_eq!(tree("a or b or c"), "(or (or a b) c)");
    assert_eq!(tree("a and b and c"), "(and (and a b) c)");
}

#[test]
fn every_operator() {
    for op in [
        "or", "and", "==", "!=", "<", "<=", ">", ">=", "+", "-", "*", "/", "%",
    ] {
        assert_eq!(tree(&format!("a {op} b")), format!("({op} a b)"));
    }
    assert_eq!(tree("a<=b"), "(<= a b)");
    assert_eq!(tree("not(a)"), "(not a)");
    assert_eq!(tree("-(a)"), "(neg a)");
}

#[test]
fn keywords_are_not_names() {
    assert_eq!(tree("notable and order"), "(and notable order)");
    assert_eq!(tree("true_count or false"), "(or true_count false)");
    assert_eq!(tree("_a1"), "_a1");
    assert!(parse_expr("and").is_err());
    assert!(parse_expr("true(1)").is_err());
    assert!(parse_expr("score(and)").is_err());
}

#[test]
fn chained_comparisons_are_errors() {
    let e = parse_expr("a < b < c").unwrap_err();
    assert_eq!(e.len(), 1);
    assert_eq!(e[0].span, 6..7);
    assert_eq!(e[0].message(), "comparisons cannot be chained");
    assert_eq!(parse_expr("a == b != c").unwrap_err()[0].span, 7..9);
    // Parenthesised, the first comparison is a boolean operand like any other.
    assert_eq!(tree("(a < b) == c"), "(== (< a b) c)");
    assert!(compile("(x < 1) == (x > 3)", Type::Bool).is_ok());
}

#[test]
fn integer_literals() {
    assert_eq!(eval("9223372036854775807"), i64::MAX);
    let e = parse_expr("1 + 9223372036854775808 + 99999999999999999999").unwrap_err();
    assert_eq!(
        e.iter().map(|e| e.span.clone()).collect::<Vec<_>>(),
        [4..23, 26..46]
    );
    assert_eq!(e[0].message(), "integer `9223372036854775808` is too large");
    // The smallest integer, as the help line gives it.
    assert_eq!(eval("-9223372036854775808"), i64::MIN);
    assert_eq!(eval("0 - -9223372036854775808 + 1"), i64::MIN + 1);
    assert!(parse_expr("-9223372036854775809").is_err());
}

#[test]
fn syntax_errors_point_at_the_character() {
    let e = parse_expr("1 +").unwrap_err();
    assert_eq!(e[0].span, 3..3);
    assert!(
        e[0].message()
            .starts_with("unexpected end of input: expected a number, a name")
    );
    let e = parse_expr("a = b").unwrap_err();
    assert_eq!(
        (e[0].span.clone(), e[0].help.as_deref()),
        (2..3, Some("compare with `==`"))
    );
    assert_eq!(
        e[0].message(),
        "unexpected `=`: expected an operator or the end of the expression"
    );
    let e = parse_expr("(1 + 2").unwrap_err();
    assert_eq!(e[0].span, 6..6);
    assert!(
        e[0].message().ends_with("`)` or an operator"),
        "{}",
        e[0].message()
    );
    let e = parse_expr("Score").unwrap_err();
    assert_eq!(e[0].span, 0..1);
    assert_eq!(e[0].message(), "unexpected `S`: expected an expression");
    assert_eq!(
        e[0].help.as_deref(),
        Some("names are written in lower case")
    );
    assert_eq!(parse_expr("a && b").unwrap_err()[0].span, 2..3);
    assert_eq!(parse_expr("").unwrap_err()[0].span, 0..0);
    assert_eq!(
        parse_expr("  ").unwrap_err()[0].message(),
        "empty expression"
    );
}

#[test]
fn type_errors_point_at_the_operand() {
    let int_for_bool = "expected a boolean, found an integer".to_owned();
    let bool_for_int = "expected an integer, found a boolean".to_owned();
    assert_eq!(
        errors("1 and p", Type::Bool),
        [(0..1, int_for_bool.clone())]
    );
    assert_eq!(errors("p or x", Type::Bool), [(5..6, int_for_bool.clone())]);
    assert_eq!(
        errors("true + 1", Type::Int),
        [(0..4, bool_for_int.clone())]
    );
    assert_eq!(errors("not 3", Type::Bool), [(4..5, int_for_bool.clone())]);
    assert_eq!(errors("-true", Type::Int), [(1..5, bool_for_int.clone())]);
    assert_eq!(errors("x == p", Type::Bool), [(5..6, bool_for_int.clone())]);
    assert_eq!(
        errors("(x < 1) + 1", Type::Int),
        [(0..7, bool_for_int.clone())]
    );
    assert_eq!(errors("x < p", Type::Bool), [(4..5, bool_for_int.clone())]);
    // The whole expression has the wrong type.
    assert_eq!(
        errors(" x + 1 ", Type::Bool),
        [(1..6, int_for_bool.clone())]
    );
    assert_eq!(errors("x > 1", Type::Int), [(0..5, bool_for_int.clone())]);
    // Every error at once; an operand with an error is not blamed again.
    assert_eq!(
        errors("(1 and p) or (2 or nope)", Type::Bool),
        [
            (1..2, int_for_bool.clone()),
            (14..15, int_for_bool),
            (19..23, "unknown quantity `nope`".to_owned())
        ]
    );
}

#[test]
fn refused_names_carry_the_resolvers_help() {
    let e = compile("kings_on_bord <= 1", Type::Bool).unwrap_err();
    assert_eq!(e.len(), 1);
    assert_eq!(e[0].span, 0..13);
    assert_eq!(e[0].message(), "unknown quantity `kings_on_bord`");
    assert_eq!(e[0].help.as_deref(), Some("did you mean `kings_on_board`?"));
    let e = compile("score(red) + scor", Type::Int).unwrap_err();
    assert_eq!(e[0].span, 0..10);
    assert_eq!(e[0].help.as_deref(), Some("write `score(seat)`"));
    assert_eq!(e[1].span, 13..17);
    assert_eq!(e[1].help.as_deref(), Some("did you mean `score`?"));
}

#[test]
fn evaluation_worked_by_hand() {
    assert_eq!(eval("2 + 3 * 4 - 1"), 13);
    assert_eq!(eval("(2 + 3) * 4"), 20);
    assert_eq!(eval("7 / 2"), 3);
    assert_eq!(eval("-7 / 2"), -3);
    assert_eq!(eval("-7 % 3"), -1);
    assert_eq!(eval("7 % -3"), 1);
    assert_eq!(eval("5 / 0"), 0);
    assert_eq!(eval("5 % (x - 7)"), 0);
    assert_eq!(eval("score(seat) + 1"), 42);
    assert_eq!(eval("kings_on_board <= 1"), 0);
    assert_eq!(eval("kings_on_board <= 2"), 1);
    assert_eq!(eval("rounds_without_capture >= 12 and not bare(red)"), 0);
    assert_eq!(eval("rounds_without_capture >= 12 and not q"), 1);
    assert_eq!(eval("bare(red) == p"), 1);
    assert_eq!(eval("p != q or false"), 1);
    // `not` binds looser than `==`: not ((p and q) == true) = not (false == true).
    assert_eq!(eval("not (p and q) == true"), 1);
    assert_eq!(eval("(not (p and q)) == true"), 1);
    assert_eq!(eval("(not p) == true"), 0);
    assert_eq!(eval("pieces(3) * -x"), -21);
    assert_eq!(eval("x > 6 and x < 8 and x != 7"), 0);
}

/// One operator between two operands is evaluated without the stack: every operator, with
/// quantities (x = 7, rounds_without_capture = 12), a constant and a boolean (`bare(red)`,
/// any non-zero value, reads as 1), worked by hand.
#[test]
fn two_operand_expressions_worked_by_hand() {
    let cases = [
        ("x < rounds_without_capture", 1),
        ("x <= 7", 1),
        ("x > 7", 0),
        ("rounds_without_capture >= x", 1),
        ("x == 7", 1),
        ("x != 7", 0),
        ("x + rounds_without_capture", 19),
        ("x - rounds_without_capture", -5),
        ("x * rounds_without_capture", 84),
        ("rounds_without_capture / x", 1),
        ("rounds_without_capture % x", 5),
        ("x / 0", 0),
        ("bare(red) == p", 1),
        ("bare(red) and q", 0),
        ("bare(red) or q", 1),
    ];
    for (src, value) in cases {
        assert_eq!(eval(src), value, "{src}");
    }
}

#[test]
fn arithmetic_wraps() {
    assert_eq!(eval("9223372036854775807 + 1"), i64::MIN);
    assert_eq!(eval("-9223372036854775807 - 2"), i64::MAX);
    assert_eq!(eval("(-9223372036854775807 - 1) / -1"), i64::MIN);
    assert_eq!(eval("(-9223372036854775807 - 1) % -1"), 0);
    assert_eq!(eval("9223372036854775807 * 2"), -2);
}

#[test]
fn quantities_in_order_of_first_use() {
    let e = compile("x + score(seat) * x - pieces(2)", Type::Int).unwrap();
    assert_eq!(e.quantities(), [5, 3, 102]);
    assert_eq!(e.ty(), Type::Int);
    assert!(compile("1 + 2", Type::Int).unwrap().quantities().is_empty());
}

#[test]
fn display_is_normalised_and_round_trips() {
    let cases = [
        ("((1+2))*3", "(1 + 2) * 3"),
        ("not(x<1)", "not x < 1"),
        ("(not p)==q", "(not p) == q"),
        ("not (p and q)", "not (p and q)"),
        ("-(x+1)", "-(x + 1)"),
        ("x-(1-2)", "x - (1 - 2)"),
        ("(x-1)-2", "x - 1 - 2"),
        ("(x<1)==(x>2)", "(x < 1) == (x > 2)"),
        ("p or (q and p)", "p or q and p"),
        ("(p or q) and p", "(p or q) and p"),
        ("score( seat )+pieces(2)>=1", "score(seat) + pieces(2) >= 1"),
    ];
    for (src, normal) in cases {
        let ty = if compile(src, Type::Int).is_ok() {
            Type::Int
        } else {
            Type::Bool
        };
        let expr = compile(src, ty).unwrap_or_else(|e| panic!("{src}: {e:?}"));
        assert_eq!(expr.to_string(), normal);
        assert_eq!(tree(normal), tree(src), "{src}");
    }
}

#[test]
fn deep_nesting_is_refused_not_overflowed() {
    let deep = format!("{}1{}", "1 + (".repeat(40), ")".repeat(40));
    let e = compile(&deep, Type::Int).unwrap_err();
    assert_eq!(e[0].message(), "expression is nested too deeply");
    let fine = format!("{}1{}", "1 + (".repeat(30), ")".repeat(30));
    assert_eq!(compile(&fine, Type::Int).unwrap().eval(&mut |_| 0), 31);
    // Left-nested chains need no depth.
    let long = vec!["x"; 200].join(" + ");
    assert_eq!(compile(&long, Type::Int).unwrap().eval(&mut |_| 2), 400);
}

#[test]
fn suggestions() {
    let names = ["kings_on_board", "rounds_without_capture", "score", "bare"];
    assert_eq!(suggest("kings_on_bord", names), Some("kings_on_board"));
    assert_eq!(
        suggest("rounds_without_captures", names),
        Some("rounds_without_capture")
    );
    assert_eq!(suggest("Score", names), Some("score"));
    assert_eq!(suggest("bar", names), Some("bare"));
    assert_eq!(suggest("scores", ["score", "scare"]), Some("score"));
    assert_eq!(suggest("queen", names), None);
    assert_eq!(suggest("", names), None);
    // Equally near: the more similar (Jaro–Winkler) wins.
    assert_eq!(suggest("a", ["b", "ab"]), Some("ab"));
    assert_eq!(suggest("x", Vec::<&str>::new()), None);
}
#[test]
fn long_and_deep_inputs_are_errors_not_crashes() {
    let negs = format!("{}x", "-".repeat(1023));
    assert_eq!(compile(&negs, Type::Int).unwrap().eval(&mut |_| 7), -7);
    let parens = format!("{}1{}", "(".repeat(511), ")".repeat(511));
    assert_eq!(compile(&parens, Type::Int).unwrap().to_string(), "1");
    let long = format!("{}x", "-".repeat(1024));
    let e = parse_expr(&long).unwrap_err();
    assert_eq!(e[0].span, 0..1025);
    assert_eq!(
        e[0].message(),
        "expression is too long (1025 bytes, at most 1024)"
    );
}

#[test]
fn random_inputs_never_panic() {
    let tokens = [
        "x",
        "p",
        "q",
        "score(seat)",
        "pieces(3)",
        "nope",
        "1",
        "0",
        "9223372036854775807",
        "true",
        "false",
        "(",
        ")",
        "+",
        "-",
        "*",
        "/",
        "%",
        "==",
        "!=",
        "<",
        "<=",
        ">",
        ">=",
        "and",
        "or",
        "not",
        " ",
        "=",
        "!",
        "é",
        "(seat)",
    ];
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = |n: usize| {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) as usize % n
    };
    let mut compiled = 0;
    for _ in 0..10_000 {
        let len = 1 + next(8);
        let src: Vec<&str> = (0..len).map(|_| tokens[next(tokens.len())]).collect();
        let src = src.join(if next(2) == 0 { " " } else { "" });
        for ty in [Type::Int, Type::Bool] {
            let result = compile(&src, ty);
            for e in result.as_ref().err().into_iter().flatten() {
                assert!(src.get(e.span.clone()).is_some(), "{src}: {e:?}");
            }
            if let Ok(expr) = result {
                compiled += 1;
                for value in [0, 1, -1, i64::MIN, i64::MAX] {
                    let _ = expr.eval(&mut |_| value);
                }
                assert_eq!(tree(&expr.to_string()), tree(&src), "{src}");
            }
        }
    }
    assert!(
        compiled > 100,
        "only {compiled} random expressions compiled"
    );
}

/// Arguments name seats and kinds as rule files do, hyphens included; outside an argument
/// list `-` is still subtraction.
#[test]
fn hyphenated_argument_names() {
    assert_eq!(
        tree("count(seat, promoted-silver) - 1"),
        "(- count[seat,promoted-silver] 1)"
    );
    assert_eq!(tree("bare(red-team)"), "bare[red-team]");
    assert_eq!(tree("x-x"), "(- x x)");
    assert_eq!(tree("score(seat)-x"), "(- score[seat] x)");
    // A hyphen must join two parts.
    assert!(parse_expr("bare(red-)").is_err());
    assert!(parse_expr("bare(-red)").is_err());
    assert!(parse_expr("bare(a--b)").is_err());
}

#[test]
fn a_name_takes_up_to_three_arguments() {
    assert_eq!(
        tree("on(mover, king, centre) > 0"),
        "(> on[mover,king,centre] 0)"
    );
    assert_eq!(
        tree("count(mover, promoted-silver)"),
        "count[mover,promoted-silver]"
    );
    // A fourth argument is a syntax error, at its comma.
    let e = parse_expr("on(mover, king, centre, 2)").unwrap_err();
    assert_eq!(e[0].span.start, 22);
}
