//! [`RulesDigest`]: a stable fingerprint of the rule-file texts a variant was built from, so
//! that reports made from different rules (an edited copy with the same `name:`) are told
//! apart.

/// FNV-1a, 64 bits (Fowler, Noll, Vo; offset basis and prime from the FNV reference,
/// <http://www.isthe.com/chongo/tech/comp/fnv/>): a fixed function of the bytes, the same on
/// every machine and Rust version (unlike `std`'s `DefaultHasher`). Not for security.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RulesDigest(u64);

const OFFSET_BASIS: u64 = 0xcbf2_9ce4_8422_2325;
const PRIME: u64 = 0x0000_0100_0000_01b3;

impl Default for RulesDigest {
    fn default() -> Self {
        RulesDigest(OFFSET_BASIS)
    }
}

impl RulesDigest {
    /// Feeds `bytes`.
    pub fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).wrapping_mul(PRIME);
        }
    }

    /// Feeds one file's text: its length in bytes (8 bytes, little-endian), then the text, so
    /// that where one file ends and the next begins is part of the digest.
    pub fn write_file(&mut self, text: &str) {
        self.write(&(text.len() as u64).to_le_bytes());
        self.write(text.as_bytes());
    }

    /// The digest so far.
    pub fn value(self) -> u64 {
        self.0
    }

    /// The digest as 16 lower-case hex digits.
    pub fn hex(self) -> String {
        format!("{:016x}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::RulesDigest;

    fn fnv(s: &str) -> String {
        let mut d = RulesDigest::default();
        d.write(s.as_bytes());
        d.hex()
    }

    #[test]
    fn fnv1a_64_test_vectors() {
        // From the FNV reference's test suite (test_fnv.c, FNV1A_64).
        assert_eq!(fnv(""), "cbf29ce484222325");
        assert_eq!(fnv("a"), "af63dc4c8601ec8c");
        assert_eq!(fnv("foobar"), "85944171f73967e8");
    }

    #[test]
    fn file_boundaries_count() {
        let digest = |files: &[&str]| {
            let mut d = RulesDigest::default();
            for f in files {
                d.write_file(f);
            }
            d.value()
        };
        assert_ne!(digest(&["ab", "c"]), digest(&["a", "bc"]));
        assert_eq!(digest(&["ab", "c"]), digest(&["ab", "c"]));
    }
}
