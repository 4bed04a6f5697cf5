//! SVG pictures of boards: light and dark squares, file letters and rank numbers, and what
//! stands on the board (queens, numbers, a knight's path). Plain text, no system libraries.

use queens::square::file_name;
use queens::Square;
use std::fmt::Write as _;

const CELL: f64 = 40.0;
const MARGIN: f64 = 24.0;
const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";

/// A board picture under construction.
pub struct Picture {
    cols: usize,
    rows: usize,
    body: String,
}

impl Picture {
    pub fn new(cols: usize, rows: usize) -> Picture {
        Picture {
            cols,
            rows,
            body: String::new(),
        }
    }

    /// The centre of a square in picture coordinates (rank 1 at the bottom).
    fn centre(&self, s: Square) -> (f64, f64) {
        (
            MARGIN + (s.col as f64 + 0.5) * CELL,
            MARGIN + (self.rows as f64 - s.row as f64 - 0.5) * CELL,
        )
    }

    /// Draws a queen (a crown on a base) on a square.
    pub fn queen(&mut self, s: Square) {
        let (x, y) = self.centre(s);
        let u = CELL / 40.0;
        let p = |dx: f64, dy: f64| format!("{:.1},{:.1}", x + dx * u, y + dy * u);
        let crown = [
            p(-13.0, 10.0),
            p(-15.0, -8.0),
            p(-8.0, 1.0),
            p(-6.0, -12.0),
            p(0.0, 0.0),
            p(6.0, -12.0),
            p(8.0, 1.0),
            p(15.0, -8.0),
            p(13.0, 10.0),
        ]
        .join(" ");
        let _ = write!(
            self.body,
            r##"<g class="queen"><polygon points="{crown}" fill="#222" stroke="#fff" stroke-width="{w:.1}"/><rect x="{bx:.1}" y="{by:.1}" width="{bw:.1}" height="{bh:.1}" rx="{r:.1}" fill="#222" stroke="#fff" stroke-width="{w:.1}"/></g>"##,
            w = 1.2 * u,
            bx = x - 14.0 * u,
            by = y + 10.0 * u,
            bw = 28.0 * u,
            bh = 5.0 * u,
            r = 1.5 * u,
        );
        self.body.push('\n');
    }

    /// Writes a short text (a move number, say) in the middle of a square, on a light disc
    /// so that a path drawn through the square does not hide it.
    pub fn label(&mut self, s: Square, text: &str) {
        let (x, y) = self.centre(s);
        let _ = writeln!(
            self.body,
            r##"<circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="#fff" fill-opacity="0.85"/><text x="{x:.1}" y="{y:.1}" font-size="{:.1}" text-anchor="middle" dominant-baseline="central" font-family="sans-serif" font-weight="bold" fill="#111">{text}</text>"##,
            CELL * 0.3,
            CELL * 0.36
        );
    }

    /// A disc of `colour` (any SVG colour) with a short text on it: the pieces of several
    /// placements drawn on one board, told apart by colour and letter.
    pub fn token(&mut self, s: Square, colour: &str, text: &str) {
        let (x, y) = self.centre(s);
        let _ = writeln!(
            self.body,
            r##"<circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="{colour}" stroke="#222" stroke-width="1"/><text x="{x:.1}" y="{y:.1}" font-size="{:.1}" text-anchor="middle" dominant-baseline="central" font-family="sans-serif" font-weight="bold" fill="#fff">{text}</text>"##,
            CELL * 0.4,
            CELL * 0.36
        );
    }

    /// Draws a path through the centres of the squares, with dots at both ends.
    pub fn path(&mut self, squares: &[Square], closed: bool) {
        if squares.is_empty() {
            return;
        }
        let mut points: Vec<String> = squares
            .iter()
            .map(|&s| {
                let (x, y) = self.centre(s);
                format!("{x:.1},{y:.1}")
            })
            .collect();
        if closed {
            points.push(points[0].clone());
        }
        let _ = writeln!(
            self.body,
            r##"<polyline points="{}" fill="none" stroke="#1f4e9c" stroke-width="{:.1}" stroke-linejoin="round" stroke-opacity="0.85"/>"##,
            points.join(" "),
            CELL * 0.06
        );
        for (s, colour) in [
            (squares[0], "#2a9d3a"),
            (squares[squares.len() - 1], "#c0392b"),
        ] {
            let (x, y) = self.centre(s);
            let _ = writeln!(
                self.body,
                r##"<circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="{colour}"/>"##,
                CELL * 0.15
            );
        }
    }

    /// The finished SVG document.
    pub fn render(&self) -> String {
        let (w, h) = (
            2.0 * MARGIN + self.cols as f64 * CELL,
            2.0 * MARGIN + self.rows as f64 * CELL,
        );
        let mut s = String::new();
        let _ = writeln!(
            s,
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0}" height="{h:.0}" viewBox="0 0 {w:.0} {h:.0}">"##
        );
        let _ = writeln!(s, r##"<rect width="100%" height="100%" fill="#fff"/>"##);
        for row in 0..self.rows {
            for col in 0..self.cols {
                let dark = (row + col) % 2 == 0; // a1 is dark
                let x = MARGIN + col as f64 * CELL;
                let y = MARGIN + (self.rows - 1 - row) as f64 * CELL;
                let _ = writeln!(
                    s,
                    r##"<rect x="{x:.1}" y="{y:.1}" width="{CELL}" height="{CELL}" fill="{}"/>"##,
                    if dark { DARK } else { LIGHT }
                );
            }
        }
        let font = MARGIN * 0.5;
        for col in 0..self.cols {
            let x = MARGIN + (col as f64 + 0.5) * CELL;
            for y in [MARGIN * 0.5, h - MARGIN * 0.5] {
                let _ = writeln!(
                    s,
                    r##"<text x="{x:.1}" y="{y:.1}" font-size="{font:.1}" text-anchor="middle" dominant-baseline="central" font-family="sans-serif" fill="#555">{}</text>"##,
                    file_name(col as u32)
                );
            }
        }
        for row in 0..self.rows {
            let y = MARGIN + (self.rows - row) as f64 * CELL - CELL * 0.5;
            for x in [MARGIN * 0.5, w - MARGIN * 0.5] {
                let _ = writeln!(
                    s,
                    r##"<text x="{x:.1}" y="{y:.1}" font-size="{font:.1}" text-anchor="middle" dominant-baseline="central" font-family="sans-serif" fill="#555">{}</text>"##,
                    row + 1
                );
            }
        }
        s.push_str(&self.body);
        s.push_str("</svg>\n");
        s
    }
}

/// Writes an SVG document to a file, naming the file in any error.
/// The one parser of `--svg FILE`: a file name; `-` is refused (the picture goes to a file,
/// beside the text on standard output).
pub fn path(text: &str) -> Result<std::path::PathBuf, String> {
    match text {
        "-" => Err(
            "--svg writes a picture to a file beside the text on standard output: give a file name such as board.svg, not '-'".into(),
        ),
        "" => Err("--svg needs a file name, such as board.svg".into()),
        _ => Ok(text.into()),
    }
}

pub fn write(path: &std::path::Path, svg: &str) -> crate::exit::Result<()> {
    crate::exit::write_file(path, svg.as_bytes())
}
