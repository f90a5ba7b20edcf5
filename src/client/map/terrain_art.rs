//! The terrain's textures, drawn by code the way a period map draws them: woods as shaded tree
//! crowns, orchards as trees in rows, fields in furrows, rough ground as rocks and scrub, marsh
//! as reeds and pools, towns as blocks of roofs along streets, water in ripples. Each terrain
//! comes in a few variants (a hex picks one by its place) so that a wood does not repeat itself.
//! Each texture keeps close to its terrain's colour in `palette::terrain` (the legend's swatch
//! and the relief's tint are worked out from it) and leaves the middle of the hex calm enough
//! for a counter.

use crate::rules::map::Terrain;

/// A texture tile's size in texels: twice the hex's world size, so that a close zoom stays
/// sharp.
pub const TILE_W: u32 = 128;
pub const TILE_H: u32 = 112;
/// Variants of each terrain.
pub const VARIANTS: u32 = 4;

/// The atlas: one column per terrain (in `Terrain::ALL` order), one row per variant; RGBA,
/// transparent outside each hex.
pub fn atlas() -> (u32, u32, Vec<u8>) {
    let cols = Terrain::ALL.len() as u32;
    let (w, h) = (TILE_W * cols, TILE_H * VARIANTS);
    let mut data = vec![0u8; (w * h * 4) as usize];
    for (i, t) in Terrain::ALL.into_iter().enumerate() {
        for v in 0..VARIANTS {
            let tile = paint(t, v);
            let (ox, oy) = (i as u32 * TILE_W, v * TILE_H);
            for y in 0..TILE_H {
                for x in 0..TILE_W {
                    let c = tile[(y * TILE_W + x) as usize];
                    if c[3] <= 0.0 {
                        continue;
                    }
                    let o = (((oy + y) * w + ox + x) * 4) as usize;
                    for k in 0..3 {
                        data[o + k] = (c[k].clamp(0.0, 1.0) * 255.0).round() as u8;
                    }
                    data[o + 3] = 255;
                }
            }
        }
    }
    (w, h, data)
}

/// The tile index of terrain `t`, variant `v`, in the atlas (row by row).
pub fn index(t: Terrain, v: u32) -> u32 {
    let i = Terrain::ALL.iter().position(|x| *x == t).unwrap_or(0) as u32;
    (v % VARIANTS) * Terrain::ALL.len() as u32 + i
}

/// Which variant a hex at column, row shows.
pub fn variant(col: i32, row: i32) -> u32 {
    hash(col as u32, row as u32, 91) % VARIANTS
}

/// A cheap deterministic hash.
pub fn hash(x: u32, y: u32, k: u32) -> u32 {
    let mut h =
        x.wrapping_mul(374_761_393) ^ y.wrapping_mul(668_265_263) ^ k.wrapping_mul(2_246_822_519);
    h = (h ^ (h >> 13)).wrapping_mul(1_274_126_177);
    h ^ (h >> 16)
}

/// A number in [0, 1) from a hash.
fn unit(x: u32, y: u32, k: u32) -> f32 {
    (hash(x, y, k) % 10_000) as f32 / 10_000.0
}

/// Smooth value noise in [0, 1] with cells of `cell` texels.
fn smooth(x: f32, y: f32, cell: f32, k: u32) -> f32 {
    let (fx, fy) = (x / cell, y / cell);
    let (ix, iy) = (fx.floor(), fy.floor());
    let (tx, ty) = (fx - ix, fy - iy);
    let (sx, sy) = (tx * tx * (3.0 - 2.0 * tx), ty * ty * (3.0 - 2.0 * ty));
    let g = |a: f32, b: f32| unit((a as i32 + 1000) as u32, (b as i32 + 1000) as u32, k);
    let top = g(ix, iy) * (1.0 - sx) + g(ix + 1.0, iy) * sx;
    let bottom = g(ix, iy + 1.0) * (1.0 - sx) + g(ix + 1.0, iy + 1.0) * sx;
    top * (1.0 - sy) + bottom * sy
}

type Rgba = [f32; 4];

/// One tile being painted: colours in linear-ish 0..1 sRGB, alpha 0 outside the hex.
struct Canvas {
    px: Vec<Rgba>,
}

impl Canvas {
    fn new(base: [u8; 3]) -> Canvas {
        let (cx, cy) = (TILE_W as f32 / 2.0, TILE_H as f32 / 2.0);
        let s = TILE_W as f32 / 2.0;
        let c = base.map(|v| v as f32 / 255.0);
        let px = (0..TILE_W * TILE_H)
            .map(|i| {
                let (x, y) = ((i % TILE_W) as f32 + 0.5, (i / TILE_W) as f32 + 0.5);
                let (dx, dy) = ((x - cx).abs(), (y - cy).abs());
                let inside = dy <= s * 0.866 + 0.5 && 1.732 * dx + dy <= 1.732 * s + 0.5;
                [c[0], c[1], c[2], if inside { 1.0 } else { 0.0 }]
            })
            .collect();
        Canvas { px }
    }

    /// Blends `colour` over texel (x, y) with opacity `a`.
    fn blend(&mut self, x: i32, y: i32, colour: [f32; 3], a: f32) {
        if x < 0 || y < 0 || x >= TILE_W as i32 || y >= TILE_H as i32 {
            return;
        }
        let p = &mut self.px[(y as u32 * TILE_W + x as u32) as usize];
        if p[3] <= 0.0 {
            return;
        }
        for k in 0..3 {
            p[k] = p[k] * (1.0 - a) + colour[k] * a;
        }
    }

    /// Multiplies texel (x, y)'s colour by `f`.
    fn shade(&mut self, x: i32, y: i32, f: f32) {
        if x < 0 || y < 0 || x >= TILE_W as i32 || y >= TILE_H as i32 {
            return;
        }
        let p = &mut self.px[(y as u32 * TILE_W + x as u32) as usize];
        for k in 0..3 {
            p[k] *= f;
        }
    }

    /// Every texel's colour varied by smooth noise, ±`amount`.
    fn mottle(&mut self, cell: f32, amount: f32, k: u32) {
        for y in 0..TILE_H as i32 {
            for x in 0..TILE_W as i32 {
                let n = smooth(x as f32, y as f32, cell, k) * 2.0 - 1.0;
                self.shade(x, y, 1.0 + n * amount);
            }
        }
    }

    /// A filled disc, its edge softened over a texel.
    fn disc(&mut self, cx: f32, cy: f32, r: f32, colour: [f32; 3], a: f32) {
        let (x0, x1) = ((cx - r - 1.0) as i32, (cx + r + 1.0) as i32);
        let (y0, y1) = ((cy - r - 1.0) as i32, (cy + r + 1.0) as i32);
        for y in y0..=y1 {
            for x in x0..=x1 {
                let d = ((x as f32 + 0.5 - cx).powi(2) + (y as f32 + 0.5 - cy).powi(2)).sqrt();
                let cover = (r + 0.5 - d).clamp(0.0, 1.0);
                if cover > 0.0 {
                    self.blend(x, y, colour, a * cover);
                }
            }
        }
    }

    /// A filled axis-aligned rectangle.
    fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, colour: [f32; 3], a: f32) {
        for yy in y.round() as i32..(y + h).round() as i32 {
            for xx in x.round() as i32..(x + w).round() as i32 {
                self.blend(xx, yy, colour, a);
            }
        }
    }

    /// A short line, a texel wide.
    fn line(&mut self, a: (f32, f32), b: (f32, f32), colour: [f32; 3], alpha: f32) {
        let n = ((b.0 - a.0).abs().max((b.1 - a.1).abs()).ceil() as i32).max(1);
        for i in 0..=n {
            let t = i as f32 / n as f32;
            let (x, y) = (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
            self.blend(x as i32, y as i32, colour, alpha);
        }
    }

    fn into_texels(self) -> Vec<Rgba> {
        self.px
    }
}

fn rgb(c: [u8; 3]) -> [f32; 3] {
    c.map(|v| v as f32 / 255.0)
}

fn scaled(c: [f32; 3], f: f32) -> [f32; 3] {
    c.map(|v| v * f)
}

/// A tree crown lit from the north-west: its shadow to the south-east, the crown, a highlight.
fn crown(c: &mut Canvas, x: f32, y: f32, r: f32, green: [f32; 3]) {
    c.disc(x + r * 0.35, y + r * 0.35, r, [0.05, 0.09, 0.04], 0.45);
    c.disc(x, y, r, scaled(green, 0.78), 1.0);
    c.disc(x - r * 0.25, y - r * 0.25, r * 0.62, green, 1.0);
    c.disc(x - r * 0.4, y - r * 0.4, r * 0.28, scaled(green, 1.25), 0.8);
}

/// Furrows: parallel bands, their slope and spacing differing field to field.
fn field(c: &mut Canvas, (b, m): ([f32; 3], [f32; 3]), v: u32, k: u32) {
    c.mottle(32.0, 0.04, k);
    // Furrows: parallel bands, their slope and spacing differing field to field.
    let slope = [0.0, 0.35, -0.3, 0.6][v as usize % 4];
    let period = 9.0 + v as f32;
    for y in 0..TILE_H as i32 {
        for x in 0..TILE_W as i32 {
            let along = y as f32 - slope * x as f32;
            let phase = along.rem_euclid(period) / period;
            if phase < 0.3 {
                c.blend(x, y, m, 0.75);
            } else if phase < 0.42 {
                c.blend(x, y, scaled(b, 1.08), 0.7);
            }
        }
    }
}

/// Trees in rows, every other row offset.
fn orchard(c: &mut Canvas, (_, m): ([f32; 3], [f32; 3]), v: u32, k: u32) {
    let (w, h) = (TILE_W as f32, TILE_H as f32);
    c.mottle(24.0, 0.04, k);
    // Trees in rows, every other row offset.
    let (dx, dy) = (20.0, 18.0);
    let shift = v as f32 * 3.0;
    let mut row = 0;
    let mut y = 8.0 + shift * 0.5;
    while y < h {
        let mut x = 6.0 + if row % 2 == 1 { dx / 2.0 } else { 0.0 } + shift;
        while x < w {
            crown(c, x, y, 4.5, m);
            x += dx;
        }
        y += dy;
        row += 1;
    }
}

/// The floor in shadow, then crowns from the back (north) to the front.
fn forest(c: &mut Canvas, (b, _): ([f32; 3], [f32; 3]), _: u32, k: u32) {
    let (w, h) = (TILE_W as f32, TILE_H as f32);
    // The floor in shadow, then crowns from the back (north) to the front.
    c.mottle(16.0, 0.12, k);
    let mut trees = Vec::new();
    let cell = 13.0;
    for gy in 0..(h / cell) as u32 + 2 {
        for gx in 0..(w / cell) as u32 + 2 {
            let x = gx as f32 * cell + (unit(gx, gy, k) - 0.5) * cell * 0.9;
            let y = gy as f32 * cell + (unit(gx, gy, k + 1) - 0.5) * cell * 0.9;
            let r = 6.5 + unit(gx, gy, k + 2) * 3.5;
            let tone = 0.85 + unit(gx, gy, k + 3) * 0.35;
            trees.push((y, x, r, tone));
        }
    }
    trees.sort_by(|a, b| a.0.total_cmp(&b.0));
    for (y, x, r, tone) in trees {
        crown(c, x, y, r, scaled(b, tone));
    }
}

/// Rocks lit from the north-west, and scrub.
fn rough(c: &mut Canvas, (b, m): ([f32; 3], [f32; 3]), v: u32, k: u32) {
    let (w, h) = (TILE_W as f32, TILE_H as f32);
    c.mottle(12.0, 0.10, k);
    // Rocks lit from the north-west, and scrub.
    for i in 0..14 {
        let (x, y) = (unit(i, v, 5) * w, unit(i, v, 6) * h);
        let r = 2.0 + unit(i, v, 7) * 2.5;
        c.disc(x + 1.2, y + 1.2, r, scaled(m, 0.7), 0.8);
        c.disc(x, y, r, scaled(b, 1.1), 1.0);
        c.disc(x - r * 0.3, y - r * 0.3, r * 0.45, scaled(b, 1.25), 0.8);
    }
    for i in 0..18 {
        let (x, y) = (unit(i, v, 8) * w, unit(i, v, 9) * h);
        c.disc(x, y, 1.8, [0.35, 0.42, 0.25], 0.85);
    }
}

/// Pools, and the map-maker's reed tufts: short strokes over a dash.
fn marsh(c: &mut Canvas, (_, m): ([f32; 3], [f32; 3]), v: u32, k: u32) {
    let (w, h) = (TILE_W as f32, TILE_H as f32);
    c.mottle(20.0, 0.06, k);
    // Pools, and the map-maker's reed tufts: short strokes over a dash.
    for i in 0..6 {
        let (x, y) = (unit(i, v, 10) * w, unit(i, v, 11) * h);
        let len = 8.0 + unit(i, v, 12) * 8.0;
        c.rect(x - len / 2.0, y, len, 2.0, m, 0.8);
    }
    for i in 0..16 {
        let (x, y) = (unit(i, v, 13) * w, unit(i, v, 14) * h);
        let ink = [0.22, 0.32, 0.22];
        c.line((x - 3.0, y), (x + 3.0, y), ink, 0.9);
        for (dx, top) in [(-2.0, 3.0), (0.0, 5.0), (2.0, 3.0)] {
            c.line((x + dx, y), (x + dx * 1.4, y - top), ink, 0.9);
        }
    }
}

/// Two streets, and blocks of houses along them, each roof with its shadow.
fn town(c: &mut Canvas, (b, m): ([f32; 3], [f32; 3]), v: u32, k: u32) {
    let (w, h) = (TILE_W as f32, TILE_H as f32);
    c.mottle(30.0, 0.03, k);
    // Two streets, and blocks of houses along them, each roof with its shadow.
    let (sx, sy) = (w * (0.4 + 0.05 * v as f32), h * (0.45 + 0.04 * v as f32));
    let street = scaled(b, 1.08);
    c.rect(sx - 3.0, 0.0, 6.0, h, street, 1.0);
    c.rect(0.0, sy - 3.0, w, 6.0, street, 1.0);
    let roofs = [m, scaled(m, 0.8), [0.45, 0.42, 0.40], [0.55, 0.38, 0.30]];
    for i in 0..26 {
        let (x, y) = (
            unit(i, v, 15) * (w - 14.0) + 2.0,
            unit(i, v, 16) * (h - 12.0) + 2.0,
        );
        let (bw, bh) = (7.0 + unit(i, v, 17) * 7.0, 6.0 + unit(i, v, 18) * 5.0);
        // Houses keep off the streets.
        let off_x = x + bw < sx - 4.0 || x > sx + 4.0;
        let off_y = y + bh < sy - 4.0 || y > sy + 4.0;
        if !(off_x && off_y) {
            continue;
        }
        let roof = roofs[(hash(i, v, 19) % 4) as usize];
        c.rect(x + 2.0, y + 2.0, bw, bh, [0.15, 0.12, 0.1], 0.45);
        c.rect(x, y, bw, bh, roof, 1.0);
        c.rect(x, y, bw, bh / 2.0, scaled(roof, 1.15), 1.0);
    }
}

/// Ripples: short wavy light strokes.
fn water(c: &mut Canvas, (_, m): ([f32; 3], [f32; 3]), v: u32, k: u32) {
    let (w, h) = (TILE_W as f32, TILE_H as f32);
    c.mottle(28.0, 0.05, k);
    // Ripples: short wavy light strokes.
    for i in 0..22 {
        let (x, y) = (unit(i, v, 20) * w, unit(i, v, 21) * h);
        let len = 6.0 + unit(i, v, 22) * 8.0;
        let mut last = (x, y);
        for s in 1..=6 {
            let px = x + len * s as f32 / 6.0;
            let py = y + (s as f32 * 1.2).sin() * 1.2;
            c.line(last, (px, py), m, 0.8);
            last = (px, py);
        }
    }
}

/// Terrain `t`'s variant `v`, painted.
fn paint(t: Terrain, v: u32) -> Vec<Rgba> {
    let (base, mark) = crate::client::theme::palette::terrain(t);
    let (b, m) = (rgb(base), rgb(mark));
    let mut c = Canvas::new(base);
    let k = v * 17 + 3;
    let (w, h) = (TILE_W as f32, TILE_H as f32);
    match t {
        Terrain::Clear => {
            c.mottle(24.0, 0.05, k);
            // Tufts of grass, sparse.
            for i in 0..40 {
                let (x, y) = (unit(i, v, 1) * w, unit(i, v, 2) * h);
                c.line((x, y), (x + 1.0, y - 3.0), scaled(m, 0.85), 0.6);
            }
        }
        Terrain::Field => field(&mut c, (b, m), v, k),
        Terrain::Orchard => orchard(&mut c, (b, m), v, k),
        Terrain::Forest => forest(&mut c, (b, m), v, k),
        Terrain::Rough => rough(&mut c, (b, m), v, k),
        Terrain::Marsh => marsh(&mut c, (b, m), v, k),
        Terrain::Town => town(&mut c, (b, m), v, k),
        Terrain::Water => water(&mut c, (b, m), v, k),
        Terrain::Blocked => {
            for y in 0..TILE_H as i32 {
                for x in 0..TILE_W as i32 {
                    if (x - y + v as i32 * 3).rem_euclid(10) < 3 {
                        c.blend(x, y, m, 1.0);
                    }
                }
            }
        }
    }
    c.into_texels()
}

/// The mean colour of terrain `t`'s texture, variant `v` (0..1 sRGB): the tests keep each
/// texture near its terrain's colour.
pub fn mean(t: Terrain, v: u32) -> [f32; 3] {
    let px = paint(t, v);
    let inside: Vec<&Rgba> = px.iter().filter(|p| p[3] > 0.0).collect();
    let n = inside.len().max(1) as f32;
    [0, 1, 2].map(|k| inside.iter().map(|p| p[k]).sum::<f32>() / n)
}
