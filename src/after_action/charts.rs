//! The after-action report's charts, drawn by plotters into pixels (PNG) and into SVG: men and
//! guns lost per side per turn, victory points over the turns, objectives held, melees won and
//! lost, and a map of the battle with each melee and each rout where it happened.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::AfterAction;

/// One chart of the report.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Chart {
    MenLost,
    GunsLost,
    VictoryPoints,
    Objectives,
    Melees,
    Causes,
    BattleMap,
}

impl Chart {
    pub const ALL: [Chart; 7] = [
        Chart::MenLost,
        Chart::GunsLost,
        Chart::VictoryPoints,
        Chart::Objectives,
        Chart::Melees,
        Chart::Causes,
        Chart::BattleMap,
    ];

    /// Its file's name, without the extension.
    pub fn file(self) -> &'static str {
        match self {
            Chart::MenLost => "men_lost",
            Chart::GunsLost => "guns_lost",
            Chart::VictoryPoints => "victory_points",
            Chart::Objectives => "objectives",
            Chart::Melees => "melees",
            Chart::Causes => "losses_by_cause",
            Chart::BattleMap => "battle_map",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Chart::MenLost => "Men lost, side turn by side turn",
            Chart::GunsLost => "Guns lost, side turn by side turn",
            Chart::VictoryPoints => "Victory points over the battle",
            Chart::Objectives => "Objective points held",
            Chart::Melees => "Melees attacked: won and lost",
            Chart::Causes => "Men lost, by what took them",
            Chart::BattleMap => "Where the melees and routs happened",
        }
    }

    /// Its size in pixels (the battle map keeps the map's proportions).
    pub fn size(self, aar: &AfterAction) -> (u32, u32) {
        match self {
            Chart::BattleMap => {
                let (lo, hi) = map_extent(aar);
                let (dx, dy) = (hi.0 - lo.0, hi.1 - lo.1);
                let k = (880.0 / dx).min(620.0 / dy);
                ((dx * k) as u32 + 24, (dy * k) as u32 + 60)
            }
            _ => (600, 320),
        }
    }
}

const FONT: &str = "sans-serif";

/// The game's own font for the text (in the browser, the page's sans-serif measures it).
fn fonts() {
    #[cfg(not(target_arch = "wasm32"))]
    static ONCE: std::sync::Once = std::sync::Once::new();
    #[cfg(not(target_arch = "wasm32"))]
    ONCE.call_once(|| {
        let bytes: &'static [u8] = include_bytes!("../../assets/fonts/DejaVuSansCondensed.ttf");
        // The game's own font: the report draws the same on every machine.
        let _ = plotters::style::register_font(FONT, FontStyle::Normal, bytes);
    });
}

fn colour((r, g, b): (u8, u8, u8)) -> RGBColor {
    RGBColor(r, g, b)
}

type Drawn = Result<(), String>;

fn err<E: std::fmt::Debug>(e: E) -> String {
    format!("{e:?}")
}

/// Draws `chart` of `aar` on `root`.
pub fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    aar: &AfterAction,
    chart: Chart,
) -> Drawn {
    fonts();
    root.fill(&WHITE).map_err(err)?;
    match chart {
        Chart::MenLost => per_turn(root, aar, chart, |t, s| t.men_lost[s] as f64),
        Chart::GunsLost => per_turn(root, aar, chart, |t, s| t.guns_lost[s] as f64),
        Chart::Objectives => per_turn(root, aar, chart, |t, s| t.objectives[s] as f64),
        Chart::VictoryPoints => victory(root, aar),
        Chart::Melees => melees(root, aar),
        Chart::Causes => causes(root, aar),
        Chart::BattleMap => battle_map(root, aar),
    }?;
    root.present().map_err(err)
}

/// A label up a chart's side: the whole numbers only. Counts of melees, guns or points are
/// whole, and a tick between two of them ("0, 0, 1, 2, 2, 2") would read as a miscount.
pub fn whole_number_label(y: f64) -> String {
    if (y - y.round()).abs() < 1e-6 {
        format!("{:.0}", y.round() + 0.0)
    } else {
        String::new()
    }
}

/// The side turns along the bottom, labelled by game turn; whole numbers up the side.
fn turn_axis<DB: DrawingBackend>(
    c: &mut ChartContext<
        '_,
        DB,
        Cartesian2d<plotters::coord::types::RangedCoordf64, plotters::coord::types::RangedCoordf64>,
    >,
    aar: &AfterAction,
) -> Drawn {
    let turns = &aar.turns;
    c.configure_mesh()
        .x_desc("game turn")
        .x_labels(turns.len().clamp(1, 16))
        .x_label_formatter(&|x| {
            turns
                .get(*x as usize)
                .map_or(String::new(), |t| t.turn.to_string())
        })
        .y_label_formatter(&|y| whole_number_label(*y))
        .label_style((FONT, 13))
        .draw()
        .map_err(err)
}

/// A line per side over the side turns.
fn per_turn<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    aar: &AfterAction,
    chart: Chart,
    value: impl Fn(&super::TurnRecord, usize) -> f64,
) -> Drawn {
    let n = aar.turns.len().max(1);
    let top = aar
        .turns
        .iter()
        .flat_map(|t| [value(t, 0), value(t, 1)])
        .fold(5.0f64, f64::max);
    let mut c = ChartBuilder::on(root)
        .caption(chart.title(), (FONT, 20))
        .margin(12)
        .x_label_area_size(34)
        .y_label_area_size(52)
        .build_cartesian_2d(0f64..n as f64, 0f64..top * 1.1)
        .map_err(err)?;
    let turns = &aar.turns;
    turn_axis(&mut c, aar)?;
    for s in 0..2 {
        let col = colour(aar.colours[s]);
        let pts: Vec<(f64, f64)> = turns
            .iter()
            .enumerate()
            .map(|(i, t)| (i as f64 + 0.5, value(t, s)))
            .collect();
        c.draw_series(LineSeries::new(pts.clone(), col.stroke_width(2)))
            .map_err(err)?
            .label(aar.sides[s].clone())
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], col.stroke_width(2)));
        c.draw_series(pts.into_iter().map(|p| Circle::new(p, 3, col.filled())))
            .map_err(err)?;
    }
    c.configure_series_labels()
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .label_font((FONT, 13))
        .draw()
        .map_err(err)
}

/// The first side's victory points, with the levels' thresholds.
fn victory<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, aar: &AfterAction) -> Drawn {
    let n = aar.turns.len().max(1);
    let vp: Vec<f64> = aar.turns.iter().map(|t| t.victory_points).collect();
    let (lo, hi) = vp
        .iter()
        .fold((-10.0f64, 10.0f64), |(a, b), v| (a.min(*v), b.max(*v)));
    let pad = (hi - lo) * 0.1;
    let first = aar.first_side.0 as usize & 1;
    let caption = format!(
        "Victory points of the {} ({})",
        aar.sides[first], aar.result.level
    );
    let mut c = ChartBuilder::on(root)
        .caption(caption, (FONT, 20))
        .margin(12)
        .x_label_area_size(34)
        .y_label_area_size(60)
        .build_cartesian_2d(0f64..n as f64, (lo - pad)..(hi + pad))
        .map_err(err)?;
    turn_axis(&mut c, aar)?;
    c.draw_series(LineSeries::new(
        [(0.0, 0.0), (n as f64, 0.0)],
        BLACK.mix(0.4).stroke_width(1),
    ))
    .map_err(err)?;
    let col = colour(aar.colours[first]);
    let pts: Vec<(f64, f64)> = vp
        .iter()
        .enumerate()
        .map(|(i, v)| (i as f64 + 0.5, *v))
        .collect();
    c.draw_series(LineSeries::new(pts.clone(), col.stroke_width(3)))
        .map_err(err)?;
    c.draw_series(pts.into_iter().map(|p| Circle::new(p, 3, col.filled())))
        .map_err(err)?;
    Ok(())
}

/// A bar chart's frame: `chart`'s title, `wide` units across with no labels along the bottom,
/// whole numbers up to `high` up its side (`label` pixels for them).
fn bars<'a, DB: DrawingBackend>(
    root: &'a DrawingArea<DB, Shift>,
    chart: Chart,
    label: u32,
    wide: f64,
    high: f64,
) -> Result<
    ChartContext<
        'a,
        DB,
        Cartesian2d<plotters::coord::types::RangedCoordf64, plotters::coord::types::RangedCoordf64>,
    >,
    String,
> {
    let mut c = ChartBuilder::on(root)
        .caption(chart.title(), (FONT, 20))
        .margin(12)
        .x_label_area_size(34)
        .y_label_area_size(label)
        .build_cartesian_2d(0f64..wide, 0f64..high)
        .map_err(err)?;
    c.configure_mesh()
        .disable_x_mesh()
        .x_labels(0)
        .y_label_formatter(&|y| whole_number_label(*y))
        .label_style((FONT, 13))
        .draw()
        .map_err(err)?;
    Ok(c)
}

/// For each side: melees it attacked in and won, and lost.
fn melees<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, aar: &AfterAction) -> Drawn {
    let tally = aar.melee_tally();
    let top = tally
        .iter()
        .map(|(w, l)| (*w).max(*l))
        .max()
        .unwrap_or(0)
        .max(1) as f64;
    let mut c = bars(root, Chart::Melees, 40, 5.0, top * 1.2)?;
    let sides = aar.sides.clone();
    for s in 0..2 {
        let col = colour(aar.colours[s]);
        let x = 0.5 + s as f64 * 2.5;
        let (won, lost) = tally[s];
        c.draw_series([
            Rectangle::new([(x, 0.0), (x + 0.9, won as f64)], col.filled()),
            Rectangle::new(
                [(x + 1.0, 0.0), (x + 1.9, lost as f64)],
                col.mix(0.35).filled(),
            ),
        ])
        .map_err(err)?;
        c.draw_series([
            Text::new(
                format!("{}: won {won}", sides[s]),
                (x, won as f64 + top * 0.05),
                (FONT, 13),
            ),
            Text::new(
                format!("lost {lost}"),
                (x + 1.0, lost as f64 + top * 0.05),
                (FONT, 13),
            ),
        ])
        .map_err(err)?;
    }
    Ok(())
}

/// For each side, the men it lost to each cause: small arms, artillery, melee, and routs,
/// surrender and capture; a bar a cause, its number and its share of the side's losses above.
fn causes<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, aar: &AfterAction) -> Drawn {
    let named = aar.causes.named();
    let top = named
        .iter()
        .flat_map(|(_, l)| l.men)
        .max()
        .unwrap_or(0)
        .max(5) as f64;
    let mut c = bars(root, Chart::Causes, 52, 10.0, top * 1.25)?;
    for s in 0..2 {
        let col = colour(aar.colours[s]);
        let all: u32 = named.iter().map(|(_, l)| l.men[s]).sum();
        let x0 = 0.3 + s as f64 * 5.0;
        c.draw_series([Text::new(
            format!("{}: {all} men", aar.sides[s]),
            (x0, top * 1.2),
            (FONT, 13),
        )])
        .map_err(err)?;
        for (k, (name, l)) in named.iter().enumerate() {
            let x = x0 + k as f64 * 1.1;
            let men = l.men[s];
            // Fire solid, melee lighter, the rest lightest: the bars read by their shade too.
            let shade = [1.0, 0.8, 0.5, 0.3][k];
            c.draw_series([Rectangle::new(
                [(x, 0.0), (x + 0.9, men as f64)],
                col.mix(shade).filled(),
            )])
            .map_err(err)?;
            let share = if all == 0 {
                0.0
            } else {
                100.0 * men as f64 / all as f64
            };
            c.draw_series([
                Text::new(
                    format!("{men} ({share:.0}%)"),
                    (x, men as f64 + top * 0.04),
                    (FONT, 11),
                ),
                // The last cause's whole name is the table's; under its bar it is short.
                Text::new(
                    if k == 3 { "routs etc." } else { name }.to_string(),
                    (x, -top * 0.04),
                    (FONT, 10),
                ),
            ])
            .map_err(err)?;
        }
    }
    Ok(())
}

/// The map, each melee a ring where it was fought (as large as its losses, in the winner's
/// colour) and each rout a line from where it broke to where it ran.
fn battle_map<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, aar: &AfterAction) -> Drawn {
    let (w, h) = aar.map_size;
    let at = |c: crate::rules::map::Coord| map_point(aar, c);
    let (lo, hi) = map_extent(aar);
    let mut c = ChartBuilder::on(root)
        .caption(Chart::BattleMap.title(), (FONT, 20))
        .margin(12)
        .build_cartesian_2d(lo.0..hi.0, lo.1..hi.1)
        .map_err(err)?;
    let _ = (w, h);
    // The ground, in the map's own colours (softened, so that the marks stand out).
    use crate::rules::map::Terrain;
    let ground = |t: Terrain| match t {
        Terrain::Clear => RGBColor(214, 222, 190),
        Terrain::Field => RGBColor(226, 214, 160),
        Terrain::Orchard => RGBColor(190, 212, 160),
        Terrain::Forest => RGBColor(140, 178, 130),
        Terrain::Rough => RGBColor(190, 180, 160),
        Terrain::Marsh => RGBColor(170, 196, 190),
        Terrain::Town => RGBColor(200, 170, 160),
        Terrain::Water => RGBColor(150, 180, 220),
        Terrain::Blocked => RGBColor(120, 120, 120),
    };
    let r = 0.577;
    for (row, line) in aar.terrain.iter().enumerate() {
        for (col, t) in line.iter().enumerate() {
            let (x, y) = at(crate::rules::map::Coord {
                col: col as i32,
                row: row as i32,
            });
            let corners: Vec<(f64, f64)> = (0..6)
                .map(|k| {
                    let a = std::f64::consts::FRAC_PI_3 * k as f64;
                    (x + r * a.cos(), y + r * a.sin())
                })
                .collect();
            c.draw_series([Polygon::new(corners, ground(*t).filled())])
                .map_err(err)?;
        }
    }
    for (name, hex, points) in &aar.objectives {
        let p = at(*hex);
        c.draw_series([
            EmptyElement::at(p) + TriangleMarker::new((0, 0), 6, RGBColor(200, 150, 0).filled())
        ])
        .map_err(err)?;
        c.draw_series([Text::new(
            format!("{name} ({points})"),
            (p.0 + 0.4, p.1 - 0.3),
            (FONT, 11),
        )])
        .map_err(err)?;
    }
    let biggest = aar
        .melees
        .iter()
        .map(|m| m.attacker_loss + m.defender_loss)
        .max()
        .unwrap_or(1)
        .max(1) as f64;
    for r in &aar.routs {
        let col = colour(aar.colours[r.side.0 as usize & 1]);
        c.draw_series(LineSeries::new([at(r.from), at(r.to)], col.stroke_width(2)))
            .map_err(err)?;
        c.draw_series([Cross::new(at(r.to), 4, col.stroke_width(2))])
            .map_err(err)?;
    }
    c.draw_series([Text::new(
        "ring: a melee, in the winner's colour, as large as its losses; line and cross: a rout",
        (lo.0 + 0.3, lo.1 + 0.4),
        (FONT, 12),
    )])
    .map_err(err)?;
    for m in &aar.melees {
        let winner = m
            .winner
            .map_or((90, 90, 90), |s| aar.colours[s.0 as usize & 1]);
        let size = 4.0 + 14.0 * ((m.attacker_loss + m.defender_loss) as f64 / biggest).sqrt();
        c.draw_series([Circle::new(
            at(m.at),
            size as i32,
            colour(winner).stroke_width(3),
        )])
        .map_err(err)?;
    }
    Ok(())
}

/// Where a hex's centre lies on the battle map: the game's own layout of flat-topped hexes
/// (`rules::map::Map::hex_at`), scaled so that a row is one unit high.
fn map_point(aar: &AfterAction, c: crate::rules::map::Coord) -> (f64, f64) {
    let h = aar.map_size.1 as i32;
    let hex = hexx::Hex::from_offset_coordinates(
        [c.col, h - 1 - c.row],
        hexx::OffsetHexMode::Odd,
        hexx::HexOrientation::Flat,
    );
    let p = hexx::HexLayout::flat().hex_to_world_pos(hex);
    let k = 1.0 / 3f64.sqrt();
    (p.x as f64 * k, p.y as f64 * k)
}

/// The battle map's corners, a hex beyond the map's edge.
fn map_extent(aar: &AfterAction) -> ((f64, f64), (f64, f64)) {
    let (w, h) = (aar.map_size.0 as i32, aar.map_size.1 as i32);
    let mut lo = (f64::MAX, f64::MAX);
    let mut hi = (f64::MIN, f64::MIN);
    for (col, row) in [
        (0, 0),
        (w - 1, 0),
        (0, h - 1),
        (w - 1, h - 1),
        (1, 0),
        (1, h - 1),
    ] {
        let p = map_point(aar, crate::rules::map::Coord { col, row });
        lo = (lo.0.min(p.0), lo.1.min(p.1));
        hi = (hi.0.max(p.0), hi.1.max(p.1));
    }
    ((lo.0 - 1.0, lo.1 - 1.0), (hi.0 + 1.0, hi.1 + 1.0))
}

/// The chart as a PNG file's bytes.
#[cfg(not(target_arch = "wasm32"))]
pub fn png(aar: &AfterAction, chart: Chart) -> Result<Vec<u8>, String> {
    let (w, h) = chart.size(aar);
    let mut rgb = vec![0u8; (w * h * 3) as usize];
    {
        let root = BitMapBackend::with_buffer(&mut rgb, (w, h)).into_drawing_area();
        draw(&root, aar, chart)?;
    }
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, w, h);
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        let mut writer = enc.write_header().map_err(err)?;
        writer.write_image_data(&rgb).map_err(err)?;
    }
    Ok(out)
}

/// The chart as pixels (red, green, blue, alpha), for the window.
#[cfg(not(target_arch = "wasm32"))]
pub fn rgba(aar: &AfterAction, chart: Chart) -> Result<(u32, u32, Vec<u8>), String> {
    let (w, h) = chart.size(aar);
    let mut rgb = vec![0u8; (w * h * 3) as usize];
    {
        let root = BitMapBackend::with_buffer(&mut rgb, (w, h)).into_drawing_area();
        draw(&root, aar, chart)?;
    }
    let rgba = rgb
        .chunks(3)
        .flat_map(|p| [p[0], p[1], p[2], 255])
        .collect();
    Ok((w, h, rgba))
}

/// The chart as SVG text.
pub fn svg(aar: &AfterAction, chart: Chart) -> Result<String, String> {
    let mut s = String::new();
    {
        let root = SVGBackend::with_string(&mut s, chart.size(aar)).into_drawing_area();
        draw(&root, aar, chart)?;
    }
    Ok(s)
}
