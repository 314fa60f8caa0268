//! What the WebAssembly tests share: the workspace's root, and the set-up that installs the
//! programs they drive (`tools/web-deps`) and builds the module (`tools/web-build`). A
//! missing program is installed, never a reason to skip.

use std::path::PathBuf;
use std::process::Command;
use std::sync::Once;

/// The workspace's root folder.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("web/ is in the workspace")
        .to_path_buf()
}

/// Runs `tools/web-deps` then `tools/web-build` once per test binary; panics with their
/// output if either fails.
pub fn build() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        for tool in ["tools/web-deps", "tools/web-build"] {
            let out = Command::new("bash")
                .arg(root().join(tool))
                .current_dir(root())
                .output()
                .unwrap_or_else(|e| panic!("{tool}: {e}"));
            assert!(
                out.status.success(),
                "{tool} failed:\n{}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
        }
    });
}
