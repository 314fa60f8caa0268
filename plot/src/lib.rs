//! # ashtapada-plot
//!
//! A simulation report drawn as an SVG picture with plotters: the pictures of `ashtapada
//! simulate --plot` (the CLI adds PNG by rendering this SVG) and of the playground's
//! simulation (`web/`, where the browser measures the text). Panels stacked top to bottom:
//! - in a sweep, a **forest plot** of each assignment's paired difference from the baseline
//!   (the first seat and each seat, 95% intervals, a zero line), rows named by the
//!   assignments' own labels, the first-seat changes distinguishable from zero first (largest
//!   first, after Holm's correction), then the others in sweep order;
//! - for a factorial sweep of two or more options, the **main effects** in the same form;
//! - the **win shares** of each seat and the first seat with 95% intervals, and the fair
//!   share as a dashed line;
//! - the **game-length distributions** in plies, one line per assignment in a palette of its
//!   own (not the seats' colours).
//!
//! Legends stand to the right of the data.

use ashtapada::sim::{Difference, Report, Summary};
use plotters::coord::Shift;
use plotters::element::DashedPathElement;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// Colours of the seats, in turn order (repeated beyond eight).
const SEAT_COLOURS: [RGBColor; 8] = [
    RGBColor(214, 39, 40),
    RGBColor(31, 119, 180),
    RGBColor(188, 160, 0),
    RGBColor(44, 160, 44),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(23, 190, 207),
];

/// The first seat's colour (black: it is not a seat).
const FIRST_SEAT: RGBColor = RGBColor(0, 0, 0);

/// Colours of the assignments' length curves: none of them a seat colour.
const LENGTH_COLOURS: [RGBColor; 10] = [
    RGBColor(40, 40, 40),
    RGBColor(230, 97, 1),
    RGBColor(94, 60, 153),
    RGBColor(0, 128, 128),
    RGBColor(166, 97, 26),
    RGBColor(128, 128, 128),
    RGBColor(197, 27, 125),
    RGBColor(77, 146, 33),
    RGBColor(0, 64, 64),
    RGBColor(255, 140, 105),
];

/// Most rows of a forest or win-share panel, and most curves of the length panel.
const MAX_ROWS: usize = 12;

/// Picture width, and the widths of the label column (left) and the legend (right), pixels.
const WIDTH: u32 = 1100;
const LEGEND_W: u32 = 220;
const FONT: &str = "sans-serif";

/// Bins of the length histogram.
const BINS: u32 = 40;

type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;
type Res = Result<(), Box<dyn std::error::Error>>;

/// One row of a forest panel: its label and one interval per series.
struct Row {
    label: String,
    values: Vec<Difference>,
}

/// A series of a forest panel: its name and colour.
struct Series {
    name: String,
    colour: RGBColor,
}

/// The report as an SVG document.
pub fn svg(report: &Report) -> String {
    let panels = panels(report);
    let height: u32 = panels.iter().map(|p| p.height()).sum::<u32>().max(200);
    let mut text = String::new();
    {
        let root = SVGBackend::with_string(&mut text, (WIDTH, height)).into_drawing_area();
        // Drawing into a string cannot fail for want of space or files; a failure would only
        // leave the picture incomplete.
        let _ = root.fill(&WHITE);
        let mut rest = root.clone();
        for p in &panels {
            let (top, bottom) = rest.split_vertically(p.height());
            let _ = p.draw(report, &top);
            rest = bottom;
        }
        let _ = root.present();
    }
    text
}

/// The panels of a report, top to bottom.
enum Panel {
    /// A forest plot: a title, the series and the rows.
    Forest {
        title: String,
        series: Vec<Series>,
        rows: Vec<Row>,
    },
    /// Win shares with intervals and the fair share.
    Shares(Vec<usize>),
    /// Game-length distributions.
    Lengths(Vec<usize>),
}

impl Panel {
    fn height(&self) -> u32 {
        match self {
            Panel::Forest { rows, series, .. } => forest_height(rows.len(), series.len()),
            Panel::Shares(runs) => forest_height(runs.len(), 5),
            Panel::Lengths(_) => 330,
        }
    }

    fn draw(&self, report: &Report, area: &Area<'_>) -> Res {
        match self {
            Panel::Forest {
                title,
                series,
                rows,
            } => forest(
                area,
                title,
                series,
                rows,
                None,
                "difference, percentage points",
            ),
            Panel::Shares(runs) => shares(report, runs, area),
            Panel::Lengths(runs) => lengths(report, runs, area),
        }
    }
}

fn forest_height(rows: usize, series: usize) -> u32 {
    let per_row = (10 * series as u32).clamp(26, 60);
    90 + per_row * rows.max(1) as u32
}

/// The seats' series and the first seat's, the first seat first.
fn seat_series(report: &Report) -> Vec<Series> {
    let mut out = vec![Series {
        name: "first seat".into(),
        colour: FIRST_SEAT,
    }];
    if let Some(base) = report.runs.first() {
        for (i, s) in base.seats.iter().enumerate() {
            out.push(Series {
                name: s.name.clone(),
                colour: SEAT_COLOURS[i % SEAT_COLOURS.len()],
            });
        }
    }
    out
}

/// The runs shown: the baseline, then the others as the tables rank them
/// ([`ashtapada::sim::Comparisons::ranked`]: the first-seat changes distinguishable from zero,
/// largest first, then the rest in sweep order), at most [`MAX_ROWS`] in all.
fn shown(report: &Report) -> Vec<usize> {
    let others = ashtapada::sim::Comparisons::of(&report.runs).ranked(&report.runs);
    std::iter::once(0)
        .chain(others.into_iter().take(MAX_ROWS - 1))
        .filter(|&i| i < report.runs.len())
        .collect()
}

/// An assignment's name in the picture: its choices that differ from the baseline's
/// (`baseline` for the baseline; a run without a sweep by its variant).
fn name(report: &Report, i: usize) -> String {
    if report.runs.len() == 1 {
        return report.variant.clone();
    }
    report.changed(i)
}

fn panels(report: &Report) -> Vec<Panel> {
    let mut out = Vec::new();
    let runs = shown(report);
    if report.runs.len() > 1 {
        let rows = runs
            .iter()
            .skip(1)
            .filter_map(|&i| {
                let d = report.runs[i].differences.as_ref()?;
                let mut values = vec![d.first_seat];
                values.extend(d.win_share.iter().copied());
                Some(Row {
                    label: name(report, i),
                    values,
                })
            })
            .collect();
        out.push(Panel::Forest {
            title: format!(
                "{}: difference from the baseline{}, win share in points, 95% paired interval",
                report.variant,
                match report.label(0) {
                    l if report.design == ashtapada::sim::Design::Each || l.len() > 50 => {
                        String::new()
                    }
                    l => format!(" ({l})"),
                }
            ),
            series: seat_series(report),
            rows,
        });
        let effects = report.effects();
        let mut main: Vec<_> = effects.iter().filter(|e| e.terms.len() == 1).collect();
        main.sort_by(|a, b| b.first_seat.mean.abs().total_cmp(&a.first_seat.mean.abs()));
        if !main.is_empty() {
            out.push(Panel::Forest {
                title: "main effects: each choice against the baseline choice, averaged over \
                        the other options, 95% paired interval"
                    .into(),
                series: seat_series(report),
                rows: main
                    .iter()
                    .take(MAX_ROWS * 2)
                    .map(|e| {
                        let mut values = vec![e.first_seat];
                        values.extend(e.win_share.iter().copied());
                        Row {
                            label: e.label(),
                            values,
                        }
                    })
                    .collect(),
            });
        }
    }
    out.push(Panel::Shares(runs.clone()));
    out.push(Panel::Lengths(runs));
    out
}

/// Draws `text` at pixel `(x, y)` of `area` with the given anchor.
fn text(area: &Area<'_>, s: &str, (x, y): (i32, i32), size: u32, h: HPos) -> Res {
    let style = TextStyle::from((FONT, size).into_font())
        .color(&BLACK)
        .pos(Pos::new(h, VPos::Center));
    area.draw(&Text::new(s.to_string(), (x, y), style))?;
    Ok(())
}

/// Shortens a label to `max` characters with an ellipsis.
fn fit(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_string()
    } else {
        let mut t: String = s.chars().take(max - 1).collect();
        t.push('…');
        t
    }
}

/// The label column's width for `labels` (about 7 pixels a character at 13 px), pixels.
fn label_width(labels: &[&str]) -> u32 {
    let longest = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    (longest.min(48) as u32 * 7 + 16).clamp(90, 360)
}

/// A legend to the right of the data: one entry per series, a marker and its name.
fn legend(area: &Area<'_>, series: &[(String, RGBColor, bool)], top: i32) -> Res {
    let (w, _) = area.dim_in_pixel();
    let x = w as i32 - LEGEND_W as i32 + 12;
    for (k, (s, c, line)) in series.iter().enumerate() {
        let y = top + 18 * k as i32;
        if *line {
            area.draw(&PathElement::new(
                vec![(x, y), (x + 18, y)],
                c.stroke_width(3),
            ))?;
        } else {
            area.draw(&Circle::new((x + 9, y), 4, c.filled()))?;
        }
        text(area, &fit(s, 26), (x + 24, y), 13, HPos::Left)?;
    }
    Ok(())
}

/// A forest panel: one row per entry, one interval per series within the row (offset), a
/// zero line (or `line_at`), the rows named on the left, the legend on the right.
fn forest(
    area: &Area<'_>,
    title: &str,
    series: &[Series],
    rows: &[Row],
    line_at: Option<f64>,
    x_desc: &str,
) -> Res {
    let labels: Vec<&str> = rows.iter().map(|r| r.label.as_str()).collect();
    let lw = label_width(&labels);
    let (w, h) = area.dim_in_pixel();
    let (plot, _) = area.split_horizontally(w - LEGEND_W);
    let (_, plot) = plot.split_horizontally(lw);
    let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
    for r in rows {
        for d in &r.values {
            lo = lo.min(d.ci[0] * 100.0);
            hi = hi.max(d.ci[1] * 100.0);
        }
    }
    let zero = line_at.unwrap_or(0.0);
    if !lo.is_finite() {
        (lo, hi) = (zero - 1.0, zero + 1.0);
    }
    lo = lo.min(zero);
    hi = hi.max(zero);
    let pad = ((hi - lo) * 0.06).max(0.5);
    let n = rows.len().max(1);
    text(area, title, (12, 16), 15, HPos::Left)?;
    let mut chart = ChartBuilder::on(&plot)
        .margin_top(34)
        .margin_right(10)
        .x_label_area_size(36)
        .build_cartesian_2d(lo - pad..hi + pad, -0.5f64..n as f64 - 0.5)?;
    chart
        .configure_mesh()
        .disable_y_mesh()
        .y_labels(0)
        .x_desc(x_desc)
        .x_label_formatter(&|x| {
            if line_at.is_some() {
                format!("{x:.1}")
            } else {
                format!("{x:+.1}")
            }
        })
        .label_style((FONT, 12))
        .draw()?;
    // The zero line, or dashed the reference line (the fair share).
    let ends = [(zero, -0.5), (zero, n as f64 - 0.5)];
    match line_at {
        None => {
            chart.draw_series(std::iter::once(PathElement::new(
                ends.to_vec(),
                BLACK.mix(0.6).stroke_width(1),
            )))?;
        }
        Some(_) => {
            chart.draw_series(std::iter::once(DashedPathElement::new(
                ends,
                6,
                4,
                BLACK.mix(0.7).stroke_width(2),
            )))?;
        }
    }
    let k = series.len().max(1) as f64;
    for (si, s) in series.iter().enumerate() {
        let c = s.colour;
        let offset = |i: usize| (n - 1 - i) as f64 + 0.35 - 0.7 * (si as f64 + 0.5) / k;
        chart.draw_series(rows.iter().enumerate().filter_map(|(i, r)| {
            let d = r.values.get(si)?;
            Some(ErrorBar::new_horizontal(
                offset(i),
                d.ci[0] * 100.0,
                d.mean * 100.0,
                d.ci[1] * 100.0,
                c.stroke_width(2),
                5,
            ))
        }))?;
        chart.draw_series(rows.iter().enumerate().filter_map(|(i, r)| {
            let d = r.values.get(si)?;
            Some(Circle::new((d.mean * 100.0, offset(i)), 3, c.filled()))
        }))?;
    }
    // Row labels, at the rows' pixel heights, in the label column.
    let (_, top) = area.get_base_pixel();
    for (i, r) in rows.iter().enumerate() {
        let (_, y) = chart.backend_coord(&(lo, (n - 1 - i) as f64));
        let y = y - top;
        text(
            area,
            &fit(&r.label, 48),
            (lw as i32 - 8, y),
            13,
            HPos::Right,
        )?;
    }
    let entries: Vec<(String, RGBColor, bool)> = series
        .iter()
        .map(|s| (s.name.clone(), s.colour, false))
        .collect();
    legend(area, &entries, 50.min(h as i32 / 2))
}

/// Win shares of each seat and of the first seat per assignment, with 95% Wilson intervals
/// and the fair share as a dashed line.
fn shares(report: &Report, runs: &[usize], area: &Area<'_>) -> Res {
    let fair = 1.0 / report.runs.first().map_or(1, |r| r.seats.len()).max(1) as f64;
    let share = |s: &Summary| {
        let mut v = vec![Difference {
            mean: s.first_seat_share,
            ci: s.first_seat_ci,
        }];
        v.extend(s.seats.iter().map(|x| Difference {
            mean: x.win_share,
            ci: x.win_share_ci,
        }));
        v
    };
    let rows: Vec<Row> = runs
        .iter()
        .map(|&i| Row {
            label: name(report, i),
            values: share(&report.runs[i]),
        })
        .collect();
    forest(
        area,
        &format!(
            "win share, 95% interval ({} games each); dashed: the fair share {:.1}%",
            report.games,
            100.0 * fair
        ),
        &seat_series(report),
        &rows,
        Some(100.0 * fair),
        "win share, percent",
    )
}

/// The share of games per length bin (plies), one line per assignment.
fn lengths(report: &Report, runs: &[usize], area: &Area<'_>) -> Res {
    let pick = |i: &usize| report.runs.get(*i);
    let lo = runs
        .iter()
        .filter_map(pick)
        .filter_map(|r| r.tally.plies.keys().next().copied())
        .min()
        .unwrap_or(0);
    let hi = runs
        .iter()
        .filter_map(pick)
        .filter_map(|r| r.tally.plies.keys().next_back().copied())
        .max()
        .unwrap_or(1)
        .max(lo + 1);
    let bin = (hi - lo).div_ceil(BINS).max(1);
    let curves: Vec<(usize, Vec<(f64, f64)>)> = runs
        .iter()
        .filter_map(|&i| {
            let r = report.runs.get(i)?;
            let mut counts = vec![0u64; BINS as usize + 1];
            for (&p, &n) in &r.tally.plies {
                counts[((p - lo) / bin).min(BINS) as usize] += n;
            }
            let g = r.games.max(1) as f64;
            let pts = counts
                .iter()
                .enumerate()
                .map(|(b, &n)| {
                    (
                        (lo + b as u32 * bin) as f64 + bin as f64 / 2.0,
                        100.0 * n as f64 / g,
                    )
                })
                .collect();
            Some((i, pts))
        })
        .collect();
    let ymax = curves
        .iter()
        .flat_map(|c| c.1.iter())
        .map(|p| p.1)
        .fold(0.0f64, f64::max);
    let (w, _) = area.dim_in_pixel();
    let (plot, _) = area.split_horizontally(w - LEGEND_W);
    let (_, plot) = plot.split_horizontally(90);
    let title = if runs.len() < report.runs.len() {
        format!(
            "game length: the baseline and the {} assignments above (of {})",
            runs.len().saturating_sub(1),
            report.runs.len()
        )
    } else {
        "game length distribution".to_string()
    };
    text(area, &title, (12, 16), 15, HPos::Left)?;
    let mut chart = ChartBuilder::on(&plot)
        .margin_top(34)
        .margin_right(10)
        .x_label_area_size(36)
        .y_label_area_size(50)
        .build_cartesian_2d(lo as f64..(hi + bin) as f64, 0f64..(ymax * 1.1).max(1.0))?;
    chart
        .configure_mesh()
        .x_desc("plies")
        .y_desc("share of games, %")
        .x_label_formatter(&|x| format!("{x:.0}"))
        .y_label_formatter(&|y| format!("{y:.1}"))
        .label_style((FONT, 12))
        .draw()?;
    let mut entries = Vec::new();
    for (k, (i, curve)) in curves.into_iter().enumerate() {
        let c = LENGTH_COLOURS[k % LENGTH_COLOURS.len()];
        chart.draw_series(LineSeries::new(curve, c.stroke_width(2)))?;
        entries.push((name(report, i), c, true));
    }
    legend(area, &entries, 50)
}
