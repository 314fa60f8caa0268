//! Tests of Betza parsing: the grammar rule by rule, exact step sets worked by hand, errors
//! with exact spans.

use pest::{consumes_to, parses_to};

use super::grammar::{BetzaParser, Rule};
use super::*;

use Modality::{Both, CaptureOnly, MoveOnly};

/// The merged steps of `src`, sorted, as `(dx, dy, range, modality, lame)`.
fn steps(src: &str) -> Vec<(i8, i8, u8, Modality, bool)> {
    let mv = parse_betza(src).unwrap_or_else(|e| panic!("{src}: {e:?}"));
    let mut out: Vec<_> = mv
        .steps()
        .iter()
        .map(|s| (s.dx, s.dy, s.range, s.modality, s.lame))
        .collect();
    out.sort();
    out
}

/// `vectors` with the same range, modality and lameness, sorted.
fn all(
    vectors: &[(i8, i8)],
    range: u8,
    modality: Modality,
    lame: bool,
) -> Vec<(i8, i8, u8, Modality, bool)> {
    let mut out: Vec<_> = vectors
        .iter()
        .map(|&(dx, dy)| (dx, dy, range, modality, lame))
        .collect();
    out.sort();
    out
}

const ORTHO: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const DIAG: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];
const KNIGHT: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The errors of `src` as `(span, message)`.
fn errors(src: &str) -> Vec<(Range<usize>, String)> {
    parse_betza(src)
        .expect_err(src)
        .into_iter()
        .map(|e| (e.span.clone(), e.message()))
        .collect()
}

/// The spans of the errors of `src`, as `(start, end)`.
fn spans(src: &str) -> Vec<(usize, usize)> {
    errors(src)
        .into_iter()
        .map(|(s, _)| (s.start, s.end))
        .collect()
}

/// A syntax error does not hide the problems of the groups before it (the fresh tester:
/// `Kxyz!` named only the `!`); groups that do not read alone are left to the syntax error.
#[test]
fn a_syntax_error_keeps_the_problems_before_it() {
    assert_eq!(spans("Kxyz!"), [(1, 2), (2, 3), (3, 4), (4, 5)]);
    let e = errors("Kxyz!");
    assert_eq!(e[0].1, "`x` is not a Betza modifier");
    assert_eq!(spans("K!"), [(1, 2)]);
}

#[test]
fn grammar_atoms() {
    parses_to! { parser: BetzaParser, input: "W", rule: Rule::betza,
    tokens: [betza(0, 1, [group(0, 1, [atom(0, 1)]), EOI(1, 1)])] };
    parses_to! { parser: BetzaParser, input: "NZ", rule: Rule::betza,
    tokens: [betza(0, 2, [group(0, 1, [atom(0, 1)]), group(1, 2, [atom(1, 2)]), EOI(2, 2)])] };
}

#[test]
fn grammar_doubled_riders_and_ranges() {
    parses_to! { parser: BetzaParser, input: "NN", rule: Rule::betza,
    tokens: [betza(0, 2, [group(0, 2, [doubled(0, 2)]), EOI(2, 2)])] };
    parses_to! { parser: BetzaParser, input: "W12", rule: Rule::betza,
    tokens: [betza(0, 3, [group(0, 3, [atom(0, 1), range(1, 3)]), EOI(3, 3)])] };
    parses_to! { parser: BetzaParser, input: "NN2", rule: Rule::betza,
    tokens: [betza(0, 3, [group(0, 3, [doubled(0, 2), range(2, 3)]), EOI(3, 3)])] };
    // Three of a letter: a rider, then a leaper.
    parses_to! { parser: BetzaParser, input: "WWW", rule: Rule::betza,
    tokens: [betza(0, 3, [group(0, 2, [doubled(0, 2)]), group(2, 3, [atom(2, 3)]), EOI(3, 3)])] };
}

#[test]
fn grammar_modifiers() {
    parses_to! { parser: BetzaParser, input: "mfW", rule: Rule::betza,
    tokens: [betza(0, 3, [group(0, 3, [modality(0, 1), direction(1, 2), atom(2, 3)]), EOI(3, 3)])] };
    parses_to! { parser: BetzaParser, input: "nN", rule: Rule::betza,
    tokens: [betza(0, 2, [group(0, 2, [lame(0, 1), atom(1, 2)]), EOI(2, 2)])] };
    parses_to! { parser: BetzaParser, input: "cvR", rule: Rule::betza,
    tokens: [betza(0, 3, [group(0, 3, [modality(0, 1), direction(1, 2), atom(2, 3)]), EOI(3, 3)])] };
}

#[test]
fn grammar_compounds_and_unknown_letters() {
    parses_to! { parser: BetzaParser, input: "KQ3", rule: Rule::betza,
    tokens: [betza(0, 3, [group(0, 1, [atom(0, 1)]), group(1, 3, [atom(1, 2), range(2, 3)]), EOI(3, 3)])] };
    parses_to! { parser: BetzaParser, input: "qX", rule: Rule::betza,
    tokens: [betza(0, 2, [group(0, 2, [unknown_modifier(0, 1), unknown_atom(1, 2)]), EOI(2, 2)])] };
    parses_to! { parser: BetzaParser, input: "Kf", rule: Rule::betza,
    tokens: [betza(0, 2, [group(0, 1, [atom(0, 1)]), dangling(1, 2, [direction(1, 2)]), EOI(2, 2)])] };
}

#[test]
fn king_has_eight_leaps() {
    let mut expected: Vec<(i8, i8)> = ORTHO.to_vec();
    expected.extend(DIAG);
    assert_eq!(steps("K"), all(&expected, 1, Both, false));
}

#[test]
fn chaturanga_pawn() {
    assert_eq!(
        steps("mfWcfF"),
        [
            (-1, 1, 1, CaptureOnly, false),
            (0, 1, 1, MoveOnly, false),
            (1, 1, 1, CaptureOnly, false)
        ]
    );
}

#[test]
fn shogi_gold_silver_pawn() {
    let mut gold = ORTHO.to_vec();
    gold.extend([(1, 1), (-1, 1)]);
    assert_eq!(steps("WfF"), all(&gold, 1, Both, false));
    let mut silver = DIAG.to_vec();
    silver.push((0, 1));
    assert_eq!(steps("FfW"), all(&silver, 1, Both, false));
    assert_eq!(steps("fW"), all(&[(0, 1)], 1, Both, false));
}

#[test]
fn dragon_king_rook_and_leapers() {
    let mut dragon = all(&ORTHO, 0, Both, false);
    dragon.extend(all(&DIAG, 1, Both, false));
    dragon.sort();
    assert_eq!(steps("RF"), dragon);
    assert_eq!(steps("R"), all(&ORTHO, 0, Both, false));
    assert_eq!(steps("WW"), steps("R"));
    assert_eq!(
        steps("A"),
        all(&[(2, 2), (2, -2), (-2, -2), (-2, 2)], 1, Both, false)
    );
    assert_eq!(steps("N"), all(&KNIGHT, 1, Both, false));
    assert_eq!(steps("W2"), all(&ORTHO, 2, Both, false));
    assert_eq!(steps("W1"), steps("W"));
    assert_eq!(steps("NN2"), all(&KNIGHT, 2, Both, false));
    assert_eq!(steps("KK"), steps("Q"));
}

#[test]
fn range_on_a_compound_applies_to_every_part() {
    assert_eq!(steps("K2"), steps("W2F2"));
    assert_eq!(steps("Q3"), steps("W3F3"));
    assert_eq!(steps("R1"), steps("W"));
    let k2 = parse_betza("K2").unwrap();
    assert!(k2.groups[0].rider);
    assert_eq!(k2.groups[0].range, Some(2));
    assert!(!parse_betza("W1").unwrap().groups[0].rider);
}

#[test]
fn lame_leaps() {
    assert_eq!(steps("nN"), all(&KNIGHT, 1, Both, true));
    assert!(steps("nA")[0].4);
    // A W or F step passes no square: `n` is dropped.
    assert_eq!(steps("nK"), steps("K"));
}

#[test]
fn oblique_direction_pairs_follow_xbetza() {
    assert_eq!(steps("frN"), all(&[(2, 1)], 1, Both, false));
    assert_eq!(steps("rfN"), all(&[(1, 2)], 1, Both, false));
    assert_eq!(steps("ffN"), all(&[(1, 2), (-1, 2)], 1, Both, false));
    assert_eq!(steps("fN"), steps("ffN"));
    assert_eq!(steps("fsN"), all(&[(2, 1), (-2, 1)], 1, Both, false));
    assert_eq!(steps("lvN"), all(&[(-1, 2), (-1, -2)], 1, Both, false));
    assert_eq!(
        steps("vN"),
        all(&[(1, 2), (-1, 2), (1, -2), (-1, -2)], 1, Both, false)
    );
    assert_eq!(
        steps("sN"),
        all(&[(2, 1), (-2, 1), (2, -1), (-2, -1)], 1, Both, false)
    );
    assert_eq!(
        steps("fhN"),
        all(&[(1, 2), (-1, 2), (2, 1), (-2, 1)], 1, Both, false)
    );
    assert_eq!(steps("blC"), all(&[(-3, -1)], 1, Both, false));
}

#[test]
fn orthogonal_and_diagonal_directions() {
    assert_eq!(steps("vR"), all(&[(0, 1), (0, -1)], 0, Both, false));
    assert_eq!(steps("sW"), all(&[(1, 0), (-1, 0)], 1, Both, false));
    assert_eq!(steps("lrW"), steps("sW"));
    assert_eq!(steps("fbR"), steps("vR"));
    assert_eq!(
        steps("fsW"),
        all(&[(0, 1), (1, 0), (-1, 0)], 1, Both, false)
    );
    assert_eq!(steps("flF"), all(&[(-1, 1)], 1, Both, false));
    assert_eq!(steps("lfF"), steps("flF"));
    assert_eq!(steps("fsF"), steps("fF"));
    assert_eq!(steps("vF"), steps("F"));
    assert_eq!(steps("frK"), all(&[(1, 1)], 1, Both, false));
    assert_eq!(steps("fhW"), steps("fW"));
    assert_eq!(steps("bB"), all(&[(1, -1), (-1, -1)], 0, Both, false));
}

#[test]
fn move_and_capture_halves_merge() {
    assert_eq!(steps("mWcW"), steps("W"));
    assert_eq!(steps("WmW"), steps("W"));
    assert_eq!(steps("KW"), steps("K"));
}

/// A step that another of its vector covers keeps only what the cover does not give.
#[test]
fn covered_steps_keep_only_what_their_cover_does_not_give() {
    assert_eq!(steps("WR"), steps("R"));
    assert_eq!(steps("KQ"), steps("Q"));
    assert_eq!(steps("RW2"), steps("R"));
    assert_eq!(steps("NNmN"), steps("NN"));
    assert_eq!(steps("NNnN"), steps("NN"));
    // The rook ray only moves: the wazir leap keeps its captures.
    let mut want = all(&ORTHO, 1, CaptureOnly, false);
    want.extend(all(&ORTHO, 0, MoveOnly, false));
    want.sort();
    assert_eq!(steps("WmR"), want);
    // A move-only wazir under a capture-only rook keeps its moves.
    let mut want = all(&ORTHO, 1, MoveOnly, false);
    want.extend(all(&ORTHO, 0, CaptureOnly, false));
    want.sort();
    assert_eq!(steps("mWcR"), want);
    // W2 reaches two squares, not all the rook's: the rook covers it, not the other way.
    assert_eq!(steps("mRW2"), {
        let mut w = all(&ORTHO, 2, CaptureOnly, false);
        w.extend(all(&ORTHO, 0, MoveOnly, false));
        w.sort();
        w
    });
    // Different vectors are not merged: D leaps over what R rides through.
    assert_eq!(steps("DR").len(), 8);
    assert_eq!(Both.minus(MoveOnly), Some(CaptureOnly));
    assert_eq!(MoveOnly.minus(CaptureOnly), Some(MoveOnly));
    assert_eq!(CaptureOnly.minus(Both), None);
}

#[test]
fn groups_keep_their_source() {
    let mv = parse_betza("mfWcfF").unwrap();
    let g = &mv.groups[1];
    assert_eq!(
        (g.span.clone(), g.modifiers.as_str(), g.atom),
        (3..6, "cf", 'F')
    );
    assert_eq!((g.rider, g.range), (false, None));
    assert_eq!(mv.to_string(), "mfWcfF");
    assert_eq!("NN".parse::<BetzaMove>().unwrap().groups[0].atom, 'N');
    // Steps of a group run clockwise from forward.
    let k = parse_betza("K").unwrap();
    let order: Vec<(i8, i8)> = k.groups[0].steps.iter().map(|s| (s.dx, s.dy)).collect();
    assert_eq!(order[..2], [(0, 1), (1, 0)]);
    assert_eq!(order[4..6], [(1, 1), (1, -1)]);
}

#[test]
fn describe_reads_as_english() {
    let d = |s: &str| parse_betza(s).unwrap().describe();
    assert_eq!(
        d("mfWcfF"),
        "mfW: step 1 forward, move only\ncfF: step 1 forward-right and forward-left, capture only"
    );
    assert_eq!(d("R"), "R: slide orthogonally");
    assert_eq!(d("K"), "K: step 1 orthogonally and step 1 diagonally");
    assert_eq!(d("nN"), "nN: leap (1,2) in all 8 directions, not jumping");
    assert_eq!(d("ffN"), "ffN: leap (1,2) to (1,2) and to (-1,2)");
    assert_eq!(d("W3"), "W3: slide up to 3 squares orthogonally");
    assert_eq!(d("fD"), "fD: leap 2 forward");
}

#[test]
fn unknown_letters_point_at_the_letter() {
    assert_eq!(spans("X"), [(0, 1)]);
    assert_eq!(spans("fX"), [(1, 2)]);
    assert_eq!(spans("Kq"), [(1, 2)]);
    let e = parse_betza("Kq").unwrap_err();
    assert_eq!(e[0].message(), "`q` is not a Betza modifier");
    assert!(e[0].help.as_deref().unwrap().contains("did you mean `Q`?"));
    let e = parse_betza("fX").unwrap_err();
    assert_eq!(e[0].message(), "`X` is not a Betza atom");
    assert!(e[0].help.as_deref().unwrap().contains("W F D N A H C Z G"));
    assert!(
        parse_betza("L").unwrap_err()[0]
            .help
            .as_deref()
            .unwrap()
            .contains("`C`")
    );
}

#[test]
fn every_unknown_letter_is_reported() {
    assert_eq!(spans("XfWY"), [(0, 1), (3, 4)]);
    assert_eq!(spans("qWmcFX"), [(0, 1), (3, 4), (5, 6)]);
}

#[test]
fn direction_spec_selecting_nothing() {
    let e = parse_betza("flW").unwrap_err();
    assert_eq!(e.len(), 1);
    assert_eq!(e[0].span, 0..2);
    assert_eq!(e[0].message(), "`fl` selects no move of `W`");
    assert!(e[0].help.as_deref().unwrap().contains("`fWlW`"));
    assert_eq!(spans("mbrR"), [(1, 3)]);
    assert_eq!(spans("hN"), [(0, 1)]);
}

#[test]
fn modality_and_range_errors() {
    assert_eq!(
        errors("mcW"),
        [(
            1..2,
            "`m` (move only) and `c` (capture only) in one group".to_owned()
        )]
    );
    assert_eq!(
        errors("W0"),
        [(1..2, "a range must be at least 1".to_owned())]
    );
    assert_eq!(
        errors("W16"),
        [(1..3, "a range must be at most 15, not 16".to_owned())]
    );
    assert_eq!(spans("N99999999999999999999"), [(1, 21)]);
    assert_eq!(steps("W15"), all(&ORTHO, 15, Both, false));
}

#[test]
fn empty_and_malformed_strings() {
    assert_eq!(errors(""), [(0..0, "empty Betza move".to_owned())]);
    assert_eq!(
        errors("mf"),
        [(0..2, "modifiers `mf` have no atom after them".to_owned())]
    );
    let e = parse_betza("W!").unwrap_err();
    assert_eq!(e[0].span, 1..2);
    assert!(
        e[0].message().starts_with("unexpected `!`: expected "),
        "{}",
        e[0].message()
    );
    assert!(
        e[0].message()
            .contains("a Betza atom (W F D N A H C Z G K Q R B)")
    );
    assert_eq!(spans(" W"), [(0, 1)]);
    assert_eq!(spans("2W"), [(0, 1)]);
    assert_eq!(spans("Wé"), [(1, 3)]);
}

#[test]
fn lame_paths() {
    assert_eq!(lame_path(1, 2), [(0, 1)]);
    assert_eq!(lame_path(-2, 1), [(-1, 0)]);
    assert_eq!(lame_path(2, 3), [(0, 1), (1, 2)]);
    assert_eq!(lame_path(1, -3), [(0, -1), (0, -2)]);
    assert_eq!(lame_path(0, 3), [(0, 1), (0, 2)]);
    assert_eq!(lame_path(-2, -2), [(-1, -1)]);
    assert!(lame_path(0, 1).is_empty());
    assert!(lame_path(0, 0).is_empty());
    assert_eq!(lame_path(-128, 0).len(), 127);
    assert_eq!(lame_path(-128, 127).last(), Some(&(-127, 126)));
}

#[test]
fn random_strings_never_panic() {
    let alphabet: Vec<char> = "WFDNAHCZGKQRBXLfblrvshmcnq01256!é ".chars().collect();
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = |n: usize| {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) as usize % n
    };
    let mut parsed = 0;
    for _ in 0..10_000 {
        let len = next(7);
        let src: String = (0..len).map(|_| alphabet[next(alphabet.len())]).collect();
        match parse_betza(&src) {
            Ok(mv) => {
                parsed += 1;
                assert!(mv.groups.iter().all(|g| !g.steps.is_empty()), "{src}");
                for s in mv.steps() {
                    assert!(s.range <= 15 && (s.dx, s.dy) != (0, 0), "{src}");
                    assert_eq!(s.lame, s.lame && !lame_path(s.dx, s.dy).is_empty());
                }
                assert_eq!(mv.describe().lines().count(), mv.groups.len());
            }
            Err(errors) => {
                assert!(!errors.is_empty());
                for e in errors {
                    assert!(src.get(e.span.clone()).is_some(), "{src}: {e:?}");
                }
            }
        }
    }
    assert!(parsed > 100, "only {parsed} random strings parsed");
}

#[test]
fn a_tripled_atom_is_an_error_at_the_run() {
    let e = parse_betza("WWW").unwrap_err();
    assert_eq!(e.len(), 1);
    assert_eq!(e[0].span, 0..3);
    assert_eq!(
        e[0].message(),
        "`WWW`: an atom is written once (a leap) or twice (a rider)"
    );
    assert!(e[0].help.as_deref().unwrap().contains("`W3`"));
    assert_eq!(spans("fNNNN2"), [(1, 5)]);
    // Different letters, or a range between, are separate groups.
    assert!(parse_betza("WWF").is_ok());
    assert!(parse_betza("W2WW").is_ok());
}

#[test]
fn a_repeated_modality_or_direction_is_an_error_at_the_second() {
    assert_eq!(
        errors("mmF"),
        [(1..2, "`m` given twice in one group".to_owned())]
    );
    assert_eq!(spans("ccfW"), [(1, 2)]);
    assert_eq!(
        errors("bbbF"),
        [(2..3, "direction `b` given twice in one group".to_owned())]
    );
    assert_eq!(spans("fbfW"), [(2, 3)]);
    assert_eq!(spans("frfrN"), [(2, 4)]);
    assert!(parse_betza("bbbF").unwrap_err()[0].help.is_some());
    // A doubled letter is one spec; different specs may overlap.
    assert!(parse_betza("ffN").is_ok());
    assert!(parse_betza("frfN").is_ok());
}

#[test]
fn a_string_over_256_bytes_is_one_error() {
    let long = "FX".repeat(8000);
    let e = parse_betza(&long).unwrap_err();
    assert_eq!(e.len(), 1);
    assert_eq!(e[0].span, 0..16_000);
    assert_eq!(
        e[0].message(),
        "Betza move is too long (16000 bytes, at most 256)"
    );
    assert!(parse_betza(&"mfW".repeat(85)).is_ok());
}

/// XBetza modifiers not supported yet say so at the letter, and are never taken for a
/// misspelt atom (`gQ` is no `G`).
#[test]
fn unsupported_modifiers_say_so() {
    for (src, at, what) in [
        (
            "jW",
            0,
            "jumping over an occupied square is not supported yet",
        ),
        ("mfWzF", 3, "zigzag (crooked) moves are not supported yet"),
    ] {
        let e = parse_betza(src).unwrap_err();
        assert_eq!(e.len(), 1, "{src}: {e:?}");
        assert_eq!(e[0].span, at..at + 1, "{src}");
        let letter = &src[at..at + 1];
        assert_eq!(e[0].message(), format!("`{letter}`: {what}"), "{src}");
        let help = e[0].help.as_deref().unwrap();
        assert!(!help.contains("did you mean"), "{src}: {help}");
    }
}

/// `p` and `g` (XBetza hops): a field of the step, kept apart from plain rides of the same
/// vector when merging; misuse is an error at the letter.
#[test]
fn hops_are_steps_of_their_own() {
    use super::Hop;
    let cannon = parse_betza("mRcpR").unwrap();
    let steps = cannon.steps();
    assert_eq!(
        steps.len(),
        8,
        "4 plain move-only rays and 4 capture-only hop rays"
    );
    assert_eq!(steps.iter().filter(|s| s.hop == Hop::Cannon).count(), 4);
    assert!(
        steps
            .iter()
            .filter(|s| s.hop == Hop::Cannon)
            .all(|s| s.modality == Modality::CaptureOnly && s.range == 0)
    );
    assert!(
        steps
            .iter()
            .filter(|s| s.hop == Hop::None)
            .all(|s| s.modality == Modality::MoveOnly)
    );
    let grasshopper = parse_betza("gQ").unwrap().steps();
    assert_eq!(grasshopper.len(), 8);
    assert!(grasshopper.iter().all(|s| s.hop == Hop::Grasshopper));
    // A rook ray does not cover a hop ray of its vector: `RpR` keeps both.
    assert_eq!(parse_betza("RpR").unwrap().steps().len(), 8);
    assert_eq!(
        parse_betza("cpR").unwrap().describe(),
        "cpR: slide orthogonally, capture only, hopping over exactly one piece"
    );
    for (src, at, message) in [
        ("pW", 0..1, "`p` (hop) needs a rider and no `n`"),
        ("gnNN", 0..1, "`g` (hop) needs a rider and no `n`"),
        ("pgR", 1..2, "`p` and `g` in one group"),
        ("ppR", 1..2, "`p` given twice in one group"),
    ] {
        assert_eq!(errors(src), [(at, message.to_string())], "{src}");
    }
}

/// Modifier letters that change no move, worked by hand: the byte range of the first such
/// letter of each group.
#[test]
fn redundant_modifiers_are_found_by_their_letter() {
    let redundant = |src: &str| parse_betza(src).unwrap().redundant_modifiers();
    // A doubled vertical on the wazir: `vW` already has both vertical steps.
    assert_eq!(redundant("vvW"), vec![0..1]);
    // `n` on steps of one square: there is no square between to block.
    assert_eq!(redundant("nR"), vec![0..1]);
    assert_eq!(redundant("nK"), vec![0..1]);
    // Only the second group repeats itself.
    assert_eq!(redundant("fRbbW"), vec![2..3]);
    // Every letter counts: the chess pawn, the xiangqi horse and cannon, the shogi lance.
    // `ffN` is XBetza's spelling of the shogi knight (the same as `fN`), and a group another
    // covers (`bF2` beside `fB` in torishogi's eagle) is the designer's to write.
    for src in [
        "fmWfceFifmnD",
        "ffN",
        "fN",
        "nN",
        "mRcpR",
        "fR",
        "K",
        "WfF",
        "KbRfBbF2",
    ] {
        assert_eq!(
            redundant(src),
            Vec::<std::ops::Range<usize>>::new(),
            "{src}"
        );
    }
}
