//! `--plot FILE.svg`: a report drawn with plotters — win share per seat with its 95% interval
//! for each option assignment (top), and the distribution of game length in plies for each
//! assignment (bottom).

use ashtapada::sim::Report;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;

/// Colours of seats and assignments, in order (repeated beyond ten).
const PALETTE: [RGBColor; 10] = [
    RGBColor(214, 39, 40),
    RGBColor(31, 119, 180),
    RGBColor(188, 189, 34),
    RGBColor(44, 160, 44),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(127, 127, 127),
    RGBColor(255, 127, 14),
    RGBColor(23, 190, 207),
];

/// Most assignments named in the length chart's legend.
const LEGEND_MAX: usize = 12;

/// The runs whose length curves are drawn: all of them if at most [`LEGEND_MAX`]; else the
/// baseline and the runs whose mean length differs most from it.
fn shown_runs(report: &Report) -> Vec<usize> {
    let n = report.runs.len();
    if n <= LEGEND_MAX {
        return (0..n).collect();
    }
    let mut others: Vec<(f64, usize)> = (1..n)
        .map(|i| {
            let d = report.runs[i]
                .differences
                .as_ref()
                .map_or(0.0, |d| d.plies.mean);
            (-d.abs(), i)
        })
        .collect();
    others.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    let mut shown: Vec<usize> = std::iter::once(0)
        .chain(others.into_iter().take(LEGEND_MAX - 1).map(|(_, i)| i))
        .collect();
    shown.sort_unstable();
    shown
}

/// Bins of the length histogram.
const BINS: u32 = 40;

/// The report as an SVG document.
pub fn svg(report: &Report) -> String {
    let mut text = String::new();
    {
        let root = SVGBackend::with_string(&mut text, (1000, 800)).into_drawing_area();
        // Drawing into a string cannot fail for want of space or files; a failure would only
        // leave the picture incomplete.
        let _ = draw(report, &root);
        let _ = root.present();
    }
    text
}

fn colour(i: usize) -> RGBColor {
    PALETTE[i % PALETTE.len()]
}

type Area<'a> = DrawingArea<SVGBackend<'a>, plotters::coord::Shift>;

fn draw(report: &Report, root: &Area<'_>) -> Result<(), Box<dyn std::error::Error>> {
    root.fill(&WHITE)?;
    let (top, bottom) = root.split_vertically(400);
    shares(report, &top)?;
    lengths(report, &bottom)?;
    Ok(())
}

/// Win share per seat (points) with 95% Wilson intervals (bars), grouped by assignment.
fn shares(report: &Report, area: &Area<'_>) -> Result<(), Box<dyn std::error::Error>> {
    let runs = report.runs.len().max(1);
    let seats = report.runs.first().map_or(0, |r| r.seats.len()).max(1);
    let top = report
        .runs
        .iter()
        .flat_map(|r| r.seats.iter().map(|s| s.win_share_ci[1]))
        .fold(0.0f64, f64::max);
    let mut chart = ChartBuilder::on(area)
        .caption(
            format!(
                "{}: win share by seat, 95% interval ({} games each)",
                report.variant, report.games
            ),
            ("sans-serif", 18),
        )
        .margin(12)
        .x_label_area_size(30)
        .y_label_area_size(50)
        .build_cartesian_2d(-0.5f64..runs as f64 - 0.5, 0f64..(top * 1.1).max(0.05))?;
    chart
        .configure_mesh()
        .x_labels(runs.min(20))
        .x_label_formatter(&|x| {
            let i = x.round();
            if (x - i).abs() < 1e-6 && i >= 0.0 && (i as usize) < report.runs.len() {
                format!("#{}", i as usize)
            } else {
                String::new()
            }
        })
        .y_desc("win share")
        .y_label_formatter(&|y| format!("{:.0}%", y * 100.0))
        .draw()?;
    let width = 0.8 / seats as f64;
    for s in 0..seats {
        let c = colour(s);
        let name = report
            .runs
            .first()
            .and_then(|r| r.seats.get(s))
            .map_or("", |x| x.name.as_str())
            .to_string();
        let points: Vec<(f64, f64, f64, f64)> = report
            .runs
            .iter()
            .enumerate()
            .filter_map(|(i, r)| {
                let x = r.seats.get(s)?;
                let at = i as f64 - 0.4 + width * (s as f64 + 0.5);
                Some((at, x.win_share_ci[0], x.win_share, x.win_share_ci[1]))
            })
            .collect();
        chart
            .draw_series(points.iter().map(|&(x, lo, mid, hi)| {
                ErrorBar::new_vertical(x, lo, mid, hi, c.stroke_width(2), 6)
            }))?
            .label(name)
            .legend(move |(x, y)| Circle::new((x + 8, y), 4, c.filled()));
    }
    Ok(legend(&mut chart)?)
}

/// The share of games per length bin (plies), one line per assignment.
fn lengths(report: &Report, area: &Area<'_>) -> Result<(), Box<dyn std::error::Error>> {
    let lo = report
        .runs
        .iter()
        .filter_map(|r| r.tally.plies.keys().next().copied())
        .min()
        .unwrap_or(0);
    let hi = report
        .runs
        .iter()
        .filter_map(|r| r.tally.plies.keys().next_back().copied())
        .max()
        .unwrap_or(1)
        .max(lo + 1);
    let bin = (hi - lo).div_ceil(BINS).max(1);
    let curves: Vec<Vec<(f64, f64)>> = report
        .runs
        .iter()
        .map(|r| {
            let mut counts = vec![0u64; BINS as usize + 1];
            for (&p, &n) in &r.tally.plies {
                counts[((p - lo) / bin).min(BINS) as usize] += n;
            }
            let g = r.games.max(1) as f64;
            counts
                .iter()
                .enumerate()
                .map(|(b, &n)| {
                    (
                        (lo + b as u32 * bin) as f64 + bin as f64 / 2.0,
                        n as f64 / g,
                    )
                })
                .collect()
        })
        .collect();
    let ymax = curves.iter().flatten().map(|p| p.1).fold(0.0f64, f64::max);
    let shown = shown_runs(report);
    let mut chart = ChartBuilder::on(area)
        .caption(
            if shown.len() < report.runs.len() {
                format!(
                    "game length distribution: the baseline and the {} assignments whose length differs most",
                    shown.len() - 1
                )
            } else {
                "game length distribution".to_string()
            },
            ("sans-serif", 18),
        )
        .margin(12)
        .x_label_area_size(35)
        .y_label_area_size(50)
        .build_cartesian_2d(lo as f64..(hi + bin) as f64, 0f64..(ymax * 1.1).max(0.01))?;
    chart
        .configure_mesh()
        .x_desc("plies")
        .y_desc("share of games")
        .y_label_formatter(&|y| format!("{:.0}%", y * 100.0))
        .draw()?;
    for (i, curve) in curves.into_iter().enumerate() {
        if !shown.contains(&i) {
            continue;
        }
        let c = colour(i);
        let series = chart.draw_series(LineSeries::new(curve, c.stroke_width(2)))?;
        series
            .label(format!("#{i} {}", report.label(i)))
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], c));
    }
    Ok(legend(&mut chart)?)
}

/// Draws the chart's legend in its upper right corner.
fn legend<'b>(
    chart: &mut ChartContext<'b, SVGBackend<'b>, Cartesian2d<RangedCoordf64, RangedCoordf64>>,
) -> Result<(), String> {
    chart
        .configure_series_labels()
        .border_style(BLACK)
        .background_style(WHITE.mix(0.9))
        .position(SeriesLabelPosition::UpperRight)
        .draw()
        .map_err(|e| e.to_string())
}
