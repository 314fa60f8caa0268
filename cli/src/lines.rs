//! Input read one line at a time, with a bound on a line's length, for the REPL and the UCI
//! engine: a line longer than [`MAX_LINE_BYTES`] is skipped as it streams in (never held in
//! memory whole) and reported as too long; the session goes on with the next line.

use std::io::{self, BufRead};

/// The longest input line accepted, in bytes (1 MiB): far more than any command, position
/// string or UCI `position … moves …` line of a long game needs.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// One read from [`read_line`].
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// A line (without its `\n`) is in the buffer.
    Read,
    /// A line of this many bytes (without its `\n`) was longer than the bound and skipped.
    TooLong(u64),
    /// The input ended.
    End,
}

/// Reads the next line of `input` into `buf` (cleared first), without its `\n`; a line of
/// more than `max` bytes is consumed but not kept. Errors are the reader's.
pub fn read_line(input: &mut dyn BufRead, buf: &mut Vec<u8>, max: usize) -> io::Result<Line> {
    buf.clear();
    let (mut length, mut any) = (0u64, false);
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            break;
        }
        any = true;
        let (part, newline) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], true),
            None => (chunk, false),
        };
        length += part.len() as u64;
        if length <= max as u64 {
            buf.extend_from_slice(part);
        } else {
            buf.clear();
        }
        let used = part.len() + usize::from(newline);
        input.consume(used);
        if newline {
            break;
        }
    }
    Ok(match (any, length > max as u64) {
        (false, _) => Line::End,
        (true, true) => Line::TooLong(length),
        (true, false) => Line::Read,
    })
}

/// `line` without the UTF-8 byte-order mark that some editors and Windows tools put at the
/// start of a stream: stripped from line 1 only (a mark anywhere else is refused as a control
/// character, like any other).
pub fn without_bom(number: usize, line: &[u8]) -> &[u8] {
    match line.strip_prefix(b"\xef\xbb\xbf") {
        Some(rest) if number == 1 => rest,
        _ => line,
    }
}

/// The one-line message for a skipped line: "line N is too long (B bytes; at most 1 MiB)".
pub fn too_long(number: usize, bytes: u64) -> String {
    format!(
        "line {number} is too long ({bytes} bytes; at most {} MiB)",
        MAX_LINE_BYTES >> 20
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &[u8], max: usize) -> Vec<(Line, Vec<u8>)> {
        let mut input = io::BufReader::with_capacity(3, text);
        let mut out = Vec::new();
        loop {
            let mut buf = Vec::new();
            let l = read_line(&mut input, &mut buf, max).unwrap();
            if l == Line::End {
                return out;
            }
            out.push((l, buf));
        }
    }

    #[test]
    fn lines_within_the_bound_are_read_whole() {
        let got = lines(b"ab\n\ncdefg\nlast", 5);
        let want: Vec<(Line, Vec<u8>)> = vec![
            (Line::Read, b"ab".to_vec()),
            (Line::Read, b"".to_vec()),
            (Line::Read, b"cdefg".to_vec()),
            (Line::Read, b"last".to_vec()),
        ];
        assert_eq!(got, want);
    }

    #[test]
    fn a_long_line_is_skipped_and_the_next_one_read() {
        let got = lines(b"abcdefgh\nok\nxxxxxx", 5);
        assert_eq!(got[0], (Line::TooLong(8), Vec::new()));
        assert_eq!(got[1], (Line::Read, b"ok".to_vec()));
        assert_eq!(got[2], (Line::TooLong(6), Vec::new()));
        assert_eq!(got.len(), 3);
    }

    #[test]
    fn a_byte_order_mark_is_dropped_from_the_first_line_only() {
        assert_eq!(without_bom(1, b"\xef\xbb\xbfuci"), b"uci");
        assert_eq!(without_bom(2, b"\xef\xbb\xbfuci"), b"\xef\xbb\xbfuci");
        assert_eq!(without_bom(1, b"uci"), b"uci");
    }

    #[test]
    fn the_message_names_the_line_and_the_bound() {
        assert_eq!(
            too_long(3, 2_000_000),
            "line 3 is too long (2000000 bytes; at most 1 MiB)"
        );
    }
}
