//! Test-support crate: the tests live in `tests/`.
