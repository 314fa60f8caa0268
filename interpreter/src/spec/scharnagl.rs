//! `setup: { scharnagl: … }`: a Fischer random back rank by its Scharnagl number (0 to 959;
//! 518 is chess's `RNBQKBNR`), as the chess960 numbering scheme of Reinhard Scharnagl deals
//! it: the light-squared bishop on b, d, f or h (the number mod 4), the dark-squared bishop
//! on a, c, e or g (the quotient mod 4), the queen on one of the six squares left (the next
//! quotient mod 6), the knights on two of the five left (the last quotient, 0 to 9, in the
//! order `NN---`, `N-N--`, … `---NN`), and rook, king, rook on the last three.
//!
//! ```yaml
//! setup:
//!   scharnagl: { number: 518, king: king, queen: queen, rook: rook, bishop: bishop, knight: knight }
//! ```
//!
//! The eight squares `a1`–`h1` of each seat's frame become `army:` entries, replacing any the
//! file (or the file it extends) gives for them. Needs a board 8 files wide (checked where the
//! setup is placed: a square off the board is a located error).

use crate::yaml::{Node, Reader, Text};

/// The knights' two squares among the five left, by the number's last quotient.
const KNIGHTS: [(usize, usize); 10] = [
    (0, 1),
    (0, 2),
    (0, 3),
    (0, 4),
    (1, 2),
    (1, 3),
    (1, 4),
    (2, 3),
    (2, 4),
    (3, 4),
];

/// The back rank of Scharnagl number `n` (0..960), file a first, as roles: `K` king, `Q`
/// queen, `R` rook, `B` bishop, `N` knight.
pub fn back_rank(n: u16) -> [char; 8] {
    let mut rank = [' '; 8];
    let (light, n) = (n % 4, n / 4);
    let (dark, n) = (n % 4, n / 4);
    let (queen, n) = (n % 6, n / 6);
    rank[2 * light as usize + 1] = 'B';
    rank[2 * dark as usize] = 'B';
    let free = |rank: &[char; 8]| -> Vec<usize> { (0..8).filter(|&f| rank[f] == ' ').collect() };
    rank[free(&rank)[queen as usize]] = 'Q';
    let (a, b) = KNIGHTS[n as usize % 10];
    let left = free(&rank);
    rank[left[a]] = 'N';
    rank[left[b]] = 'N';
    for (f, role) in free(&rank).into_iter().zip(['R', 'K', 'R']) {
        rank[f] = role;
    }
    rank
}

/// Reads `scharnagl:` at `node` and replaces the `army:` entries of `a1`–`h1` with its back
/// rank; problems in `r`.
pub(super) fn apply(r: &mut Reader, node: &Node, army: &mut Vec<(Text, Text)>) {
    let Some(mut f) = r.map(node, "{ number, king, queen, rook, bishop, knight }") else {
        return;
    };
    let number = f
        .req(r, "number", "the Scharnagl number (0 to 959)")
        .and_then(|n| r.int(n, 0, 959, "the Scharnagl number"));
    let mut name = |key: &str, role: char| {
        f.req(r, key, "a piece name")
            .and_then(|n| crate::rules::text(r, n, "a piece name"))
            .map(|t| (role, t))
    };
    let names: Vec<Option<(char, Text)>> = [
        ("king", 'K'),
        ("queen", 'Q'),
        ("rook", 'R'),
        ("bishop", 'B'),
        ("knight", 'N'),
    ]
    .into_iter()
    .map(|(k, role)| name(k, role))
    .collect();
    f.finish(
        r,
        "scharnagl",
        &["number", "king", "queen", "rook", "bishop", "knight"],
    );
    let (Some(n), Some(names)) = (number, names.into_iter().collect::<Option<Vec<_>>>()) else {
        return;
    };
    let squares: Vec<String> = (b'a'..=b'h').map(|f| format!("{}1", f as char)).collect();
    army.retain(|(sq, _)| !squares.contains(&sq.value));
    for (sq, role) in squares.iter().zip(back_rank(n as u16)) {
        let Some((_, piece)) = names.iter().find(|(r, _)| *r == role) else {
            continue;
        };
        let key = Text {
            value: sq.clone(),
            node: Node {
                value: crate::yaml::Value::Str(sq.clone()),
                span: node.span.clone(),
            },
        };
        army.push((key, piece.clone()));
    }
}

#[cfg(test)]
mod tests {
    use super::back_rank;

    /// Published Scharnagl numbers (Wikipedia, "Fischer random chess numbering scheme"; the
    /// FIDE and Chess960 tables agree).
    #[test]
    fn numbers_give_the_published_back_ranks() {
        let rank = |n| back_rank(n).iter().collect::<String>();
        assert_eq!(rank(518), "RNBQKBNR");
        assert_eq!(rank(0), "BBQNNRKR");
        assert_eq!(rank(1), "BQNBNRKR");
        assert_eq!(rank(959), "RKRNNQBB");
    }
}
