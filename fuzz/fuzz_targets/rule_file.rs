//! Rule-file loader: any text is loaded and, when it loads, compiled with its default options
//! and with every single named choice; neither may panic, hang or exhaust memory.
#![no_main]

use ashtapada::spec::load_str;
use ashtapada::{Assignment, compile};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(file) = load_str("fuzz.yaml", text) else {
        return;
    };
    let _ = compile(&file, &Assignment::default());
    for o in &file.options {
        for c in o.listed_choices() {
            let _ = compile(&file, &Assignment::default().with(&o.name, &c));
        }
    }
});
