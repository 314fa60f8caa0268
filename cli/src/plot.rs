//! `--plot FILE.svg|FILE.png`: the report drawn by [`ashtapada_plot::svg`] (its panels are
//! described there); PNG is that SVG rendered by resvg with a bundled font (DejaVu Sans), so
//! text reads the same on any machine.

use ashtapada::sim::Report;
pub use ashtapada_plot::svg;

/// The report as a PNG picture: [`svg`] rendered by resvg with the bundled font.
///
/// # Errors
/// A one-line message if the SVG cannot be read back or the picture not encoded.
pub fn png(report: &Report) -> Result<Vec<u8>, String> {
    let text = svg(report);
    let mut fonts = resvg::usvg::fontdb::Database::new();
    fonts.load_font_data(include_bytes!("../assets/DejaVuSans.ttf").to_vec());
    fonts.set_sans_serif_family("DejaVu Sans");
    let options = resvg::usvg::Options {
        fontdb: std::sync::Arc::new(fonts),
        font_family: "DejaVu Sans".into(),
        ..resvg::usvg::Options::default()
    };
    let tree = resvg::usvg::Tree::from_str(&text, &options).map_err(|e| e.to_string())?;
    let size = tree.size().to_int_size();
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or("the picture has no size")?;
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::default(),
        &mut pixmap.as_mut(),
    );
    pixmap.encode_png().map_err(|e| e.to_string())
}
