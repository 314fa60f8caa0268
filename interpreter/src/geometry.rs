//! Board geometry: board size, squares, files and ranks, seat edges and frames, orientations.
//!
//! Squares are numbered rank-major from the south-west corner: `a1 = 0`, `b1 = 1`, …, so a
//! square index is `rank * files + file`. Boards are rectangular, 1×1 up to 16×16, so a
//! [`Square`] fits in a `u8`.
//!
//! Vectors in the *piece frame* have `+dy` = forward and `+dx` = right (as the piece's owner
//! sees it); an [`Orientation`] turns them into board vectors (`+dx` = east, `+dy` = north).

use std::fmt;

/// Largest number of files or ranks a board may have.
pub const MAX_SIDE: u8 = 16;

/// A square index: `rank * files + file`, for the board it belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(pub u8);

impl Square {
    /// The index as `usize`, for table lookups.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A board's size in files (west to east) and ranks (south to north).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// Number of files, 1..=16.
    pub files: u8,
    /// Number of ranks, 1..=16.
    pub ranks: u8,
}

impl Board {
    /// Number of squares.
    #[inline]
    pub const fn len(self) -> usize {
        self.files as usize * self.ranks as usize
    }

    /// Always false: a board has at least one square.
    #[inline]
    pub const fn is_empty(self) -> bool {
        false
    }

    /// The square at `file`, `rank` (0-based), or `None` off the board.
    #[inline]
    pub fn square(self, file: i32, rank: i32) -> Option<Square> {
        if file < 0 || rank < 0 || file >= self.files as i32 || rank >= self.ranks as i32 {
            None
        } else {
            Some(Square((rank * self.files as i32 + file) as u8))
        }
    }

    /// 0-based file of `sq`.
    #[inline]
    pub fn file(self, sq: Square) -> u8 {
        sq.0 % self.files
    }

    /// 0-based rank of `sq`.
    #[inline]
    pub fn rank(self, sq: Square) -> u8 {
        sq.0 / self.files
    }

    /// All squares, `a1` first.
    pub fn squares(self) -> impl Iterator<Item = Square> {
        (0..self.len()).map(|i| Square(i as u8))
    }

    /// The square reached from `sq` by the board vector (`dx` east, `dy` north).
    #[inline]
    pub fn offset(self, sq: Square, dx: i32, dy: i32) -> Option<Square> {
        self.square(self.file(sq) as i32 + dx, self.rank(sq) as i32 + dy)
    }

    /// Algebraic name: file letter `a`… and 1-based rank, e.g. `e4`, `p16`.
    pub fn name(self, sq: Square) -> String {
        format!(
            "{}{}",
            (b'a' + self.file(sq)) as char,
            self.rank(sq) as u32 + 1
        )
    }

    /// Parses an algebraic square name (`e4`); `None` if malformed or off the board.
    pub fn parse_square(self, s: &str) -> Option<Square> {
        let mut chars = s.chars();
        let f = chars.next()?;
        if !f.is_ascii_lowercase() {
            return None;
        }
        let rest = chars.as_str();
        if rest.is_empty() || rest.len() > 2 || !rest.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        if rest.starts_with('0') {
            return None;
        }
        let r: i32 = rest.parse().ok()?;
        self.square(f as i32 - 'a' as i32, r - 1)
    }

    /// Parses a leading square name from `s`; returns it with the bytes it used.
    pub fn parse_square_prefix(self, s: &str) -> Option<(Square, usize)> {
        let b = s.as_bytes();
        if b.is_empty() || !b[0].is_ascii_lowercase() {
            return None;
        }
        let mut n = 1;
        while n < b.len() && n < 3 && b[n].is_ascii_digit() {
            n += 1;
        }
        // Prefer the longest name that is on the board.
        for len in (2..=n).rev() {
            if let Some(sq) = self.parse_square(&s[..len]) {
                return Some((sq, len));
            }
        }
        None
    }
}

/// The board edge a seat sits at; it decides which way the seat's pieces face.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Edge {
    /// Rank 1 side; pieces face north.
    South,
    /// File a side; pieces face east.
    West,
    /// Last rank side; pieces face south.
    North,
    /// Last file side; pieces face west.
    East,
}

impl Edge {
    /// All edges, clockwise from south.
    pub const ALL: [Edge; 4] = [Edge::South, Edge::West, Edge::North, Edge::East];

    /// Lower-case name as written in rule files.
    pub const fn name(self) -> &'static str {
        match self {
            Edge::South => "south",
            Edge::West => "west",
            Edge::North => "north",
            Edge::East => "east",
        }
    }

    /// Parses `south`, `west`, `north` or `east`.
    pub fn parse(s: &str) -> Option<Edge> {
        Edge::ALL.into_iter().find(|e| e.name() == s)
    }
}

/// How a seat's own coordinates and piece vectors map onto the board: the edge it sits at,
/// and whether its frame is mirrored (left and right swapped).
///
/// `rotate` frames turn the south seat's view by a quarter turn per edge (four-player games);
/// a `mirror` frame reflects it across the middle rank (two-player chess-style setups, where
/// black's queen stands on the same file as white's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Orientation {
    /// The edge the frame's rank 1 lies along.
    pub edge: Edge,
    /// Left and right swapped.
    pub mirrored: bool,
}

impl Orientation {
    /// Turns a piece-frame vector (`dx` right, `dy` forward) into a board vector.
    #[inline]
    pub fn vector(self, dx: i32, dy: i32) -> (i32, i32) {
        let dx = if self.mirrored { -dx } else { dx };
        match self.edge {
            Edge::South => (dx, dy),
            Edge::West => (dy, -dx),
            Edge::North => (-dx, -dy),
            Edge::East => (-dy, dx),
        }
    }

    /// Dimensions of this frame on `board`: (files, ranks) as the seat sees them.
    pub fn frame_size(self, board: Board) -> (u8, u8) {
        match self.edge {
            Edge::South | Edge::North => (board.files, board.ranks),
            Edge::West | Edge::East => (board.ranks, board.files),
        }
    }

    /// The board square at frame coordinates `file`, `rank` (0-based, as the seat sees them).
    pub fn square(self, board: Board, file: i32, rank: i32) -> Option<Square> {
        let (fw, fh) = self.frame_size(board);
        if file < 0 || rank < 0 || file >= fw as i32 || rank >= fh as i32 {
            return None;
        }
        let f = if self.mirrored {
            fw as i32 - 1 - file
        } else {
            file
        };
        let (bf, br) = match self.edge {
            Edge::South => (f, rank),
            Edge::West => (rank, board.ranks as i32 - 1 - f),
            Edge::North => (board.files as i32 - 1 - f, board.ranks as i32 - 1 - rank),
            Edge::East => (board.files as i32 - 1 - rank, f),
        };
        board.square(bf, br)
    }

    /// How far `sq` lies along this frame's forward direction: 0 on the seat's own edge,
    /// `depth - 1` on the far edge, where `depth` is the frame's rank count.
    pub fn forward_line(self, board: Board, sq: Square) -> u8 {
        let (f, r) = (board.file(sq), board.rank(sq));
        match self.edge {
            Edge::South => r,
            Edge::North => board.ranks - 1 - r,
            Edge::West => f,
            Edge::East => board.files - 1 - f,
        }
    }

    /// Number of lines along the forward direction (ranks for south/north frames).
    pub fn depth(self, board: Board) -> u8 {
        self.frame_size(board).1
    }
}

impl fmt::Display for Orientation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.edge.name())?;
        if self.mirrored {
            f.write_str(" (mirrored)")?;
        }
        Ok(())
    }
}

/// The eight king-step vectors (file, rank) around a square: the squares a blast reaches
/// (explosions) and those an ataxx drop turns over (enclosing).
pub const KING_STEPS: [(i32, i32); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

#[cfg(test)]
mod tests {
    use super::*;

    const B8: Board = Board { files: 8, ranks: 8 };

    fn sq(s: &str) -> Square {
        B8.parse_square(s).unwrap()
    }

    #[test]
    fn square_names_round_trip() {
        for s in B8.squares() {
            assert_eq!(B8.parse_square(&B8.name(s)), Some(s));
        }
        assert_eq!(B8.parse_square("i1"), None);
        assert_eq!(B8.parse_square("a9"), None);
        assert_eq!(B8.parse_square("a0"), None);
        assert_eq!(B8.parse_square("a01"), None);
        let big = Board {
            files: 16,
            ranks: 16,
        };
        assert_eq!(big.name(Square(255)), "p16");
        assert_eq!(big.parse_square_prefix("a10b3"), Some((Square(144), 3)));
        assert_eq!(B8.parse_square_prefix("a1a2"), Some((Square(0), 2)));
    }

    /// The Chaturaji pinwheel: boat at seat-frame a1, horse b1, pawn a2 (docs/chaturaji.md).
    #[test]
    fn seat_frames_follow_the_pinwheel() {
        let cases = [
            (Edge::South, ["a1", "b1", "a2"]),
            (Edge::West, ["a8", "a7", "b8"]),
            (Edge::North, ["h8", "g8", "h7"]),
            (Edge::East, ["h1", "h2", "g1"]),
        ];
        for (edge, [boat, horse, pawn]) in cases {
            let o = Orientation {
                edge,
                mirrored: false,
            };
            assert_eq!(o.square(B8, 0, 0), Some(sq(boat)), "{edge:?}");
            assert_eq!(o.square(B8, 1, 0), Some(sq(horse)), "{edge:?}");
            assert_eq!(o.square(B8, 0, 1), Some(sq(pawn)), "{edge:?}");
        }
    }

    #[test]
    fn mirrored_north_frame_matches_chess() {
        let o = Orientation {
            edge: Edge::North,
            mirrored: true,
        };
        // White's e1 king maps to e8 for black in a mirrored frame.
        assert_eq!(o.square(B8, 4, 0), Some(sq("e8")));
        assert_eq!(o.vector(0, 1), (0, -1));
        assert_eq!(o.vector(1, 0), (1, 0));
    }

    #[test]
    fn vectors_rotate_with_the_edge() {
        // Forward and right for each edge.
        let west = Orientation {
            edge: Edge::West,
            mirrored: false,
        };
        assert_eq!(west.vector(0, 1), (1, 0));
        assert_eq!(west.vector(1, 0), (0, -1));
        let east = Orientation {
            edge: Edge::East,
            mirrored: false,
        };
        assert_eq!(east.vector(0, 1), (-1, 0));
        assert_eq!(east.vector(1, 0), (0, 1));
        // Frame squares and frame vectors agree: one step forward in the frame.
        for edge in Edge::ALL {
            let o = Orientation {
                edge,
                mirrored: false,
            };
            let a = o.square(B8, 2, 3).unwrap();
            let b = o.square(B8, 3, 4).unwrap();
            let (dx, dy) = o.vector(1, 1);
            assert_eq!(B8.offset(a, dx, dy), Some(b));
            assert_eq!(o.forward_line(B8, a), 3);
        }
    }
}
